"""The pitch: squares, zones, distances and the two templates.

Source: ``shared/spec/pitch-and-dice.md`` (coordinates, areas, templates). A square is
``Square(x, y)``, 0-based; ``x`` runs along the pitch, ``y`` across it, ``y - 1`` is north.
The home team's End Zone is ``x = 0``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product, repeat
from typing import Any, Final, Literal, NamedTuple

Side = Literal["home", "away"]
SIDES: Final[tuple[Side, Side]] = ("home", "away")
#: The pitches (:data:`PITCHES`): the set-up files' ``pitch`` and their folder (``data/setups/``).
PitchName = Literal["eleven", "sevens"]


def other_side(side: Side) -> Side:
    """The opposing side: ``"home"`` <-> ``"away"``."""
    return "away" if side == "home" else "home"


_SQUARE_RE = re.compile(r"^\s*\[?\s*(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})\s*\]?\s*$")  # ASCII digits, bounded


class Square(NamedTuple):
    """A square ``(x, y)`` of a pitch, or just off it (a ball leaving the pitch).

    >>> Square.parse("19,7")
    Square(x=19, y=7)
    >>> str(Square(19, 7))
    '19,7'
    """

    x: int
    y: int

    @classmethod
    def parse(cls, text: str) -> Square:
        """Parse ``"x,y"`` (or ``"[x, y]"``). Raises ``ValueError`` quoting the text."""
        m = _SQUARE_RE.match(text)
        if m is None:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise ValueError(f"{shown!r} is not a square: expected X,Y such as 19,7")
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.x},{self.y}"

    def step(self, dx: int, dy: int, n: int = 1) -> Square:
        """The square ``n`` steps of ``(dx, dy)`` away."""
        return Square(self.x + dx * n, self.y + dy * n)

    def as_list(self) -> list[int]:
        """``[x, y]``, the JSON form."""
        return [self.x, self.y]


#: The squares :func:`square_at` keeps made, ``x`` and ``y`` in ``-SQUARES_MARGIN`` ..
#: ``SQUARES_SPAN - SQUARES_MARGIN - 1``: both pitches and what a kick, a bounce or a throw-in
#: reaches off them.
SQUARES_MARGIN: Final = 16
SQUARES_SPAN: Final = 64
_COORDINATES: Final = range(-SQUARES_MARGIN, SQUARES_SPAN - SQUARES_MARGIN)
# Each ``(x, y)`` of the product, ``x`` the slower, made a ``Square`` by ``tuple.__new__`` (what
# ``Square._make`` calls, without its Python-level call and length check): the same squares in
# the same order as ``Square(x, y)`` one by one, at a third of the cost (start-up, issue 16).
_SQUARES: Final[list[Square]] = list(
    map(tuple.__new__, repeat(Square), product(_COORDINATES, _COORDINATES)))


def square_at(x: int, y: int) -> Square:
    """``Square(x, y)``, made once (a square is a value: which instance does not matter); the hot
    paths (a kick's deviation, a bounce) use it instead of building a new one each time."""
    i = x + SQUARES_MARGIN
    j = y + SQUARES_MARGIN
    if 0 <= i < SQUARES_SPAN and 0 <= j < SQUARES_SPAN:
        return _SQUARES[i * SQUARES_SPAN + j]
    return Square(x, y)


#: ``tuple.__new__``, what a ``Square`` not kept by :func:`square_at` is made by.
_NEW_TUPLE: Final[Any] = tuple.__new__
#: ``Square`` itself, as :func:`_new_square` asks whether it makes one (a constant: the class's
#: own name is a look-up in the module's namespace on every call).
_SQUARE: Final[Any] = Square


def _new_square(cls: Any, x: object, y: object) -> Any:
    """``Square(x, y)`` (``Square.__new__``): the square :func:`square_at` keeps for int
    coordinates within its range (a square is a value: which instance does not matter), else a
    new one, as ``NamedTuple``'s own ``__new__`` makes it (any values, keywords ``x`` and ``y``,
    a subclass's instance for a subclass). Why: docs/performance.md, "The code's shapes for
    speed"."""
    if cls is _SQUARE and type(x) is int and type(y) is int:
        i = x + SQUARES_MARGIN
        j = y + SQUARES_MARGIN
        if 0 <= i < SQUARES_SPAN and 0 <= j < SQUARES_SPAN:
            return _SQUARES[i * SQUARES_SPAN + j]
    return _NEW_TUPLE(cls, (x, y))


setattr(Square, "__new__", staticmethod(_new_square))  # noqa: B010 (mypy: a method)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Blood Bowl distance in squares: the Chebyshev distance ``max(|dx|, |dy|)``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# The eight neighbour offsets, in Random Direction template order (1..8).
NEIGHBOURS: Final[tuple[tuple[int, int], ...]] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)

# Random Direction template (D8), pitch-and-dice.md: value -> (dx, dy).
RANDOM_DIRECTION: Final[dict[int, tuple[int, int]]] = {i + 1: d for i, d in enumerate(NEIGHBOURS)}

Edge = Literal["top", "bottom", "home_end", "away_end"]

# Throw-in template (D6), pitch-and-dice.md: edge crossed -> die value -> (dx, dy).
_THROW_IN_BY_EDGE: Final[dict[Edge, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]] = {
    # (1-2, 3-4, 5-6)
    "top": ((1, 1), (0, 1), (-1, 1)),
    "bottom": ((-1, -1), (0, -1), (1, -1)),
    "home_end": ((1, -1), (1, 0), (1, 1)),
    "away_end": ((-1, 1), (-1, 0), (-1, -1)),
}


def throw_in_direction(edge: Edge, d6: int) -> tuple[int, int]:
    """The Throw-in template direction for a ball that crossed ``edge``, for a D6 value 1..6."""
    return _THROW_IN_BY_EDGE[edge][(d6 - 1) // 2]


def rotate45(d: tuple[int, int], clockwise: bool) -> tuple[int, int]:
    """``d`` (one of the eight neighbour offsets) turned 45 degrees, on a y-down diagram."""
    i = _COMPASS.index(d)
    return _COMPASS[(i + (1 if clockwise else -1)) % 8]


# Neighbour offsets clockwise from north (y - 1 is north).
_COMPASS: Final[tuple[tuple[int, int], ...]] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
)


def aimed_template(aim: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The Throw-in template aimed along ``aim`` (Kick It!): directions for 1-2, 3-4, 5-6.

    1-2 is the aim rotated 45 degrees to the left as seen facing along it, 5-6 to the right.
    """
    return (rotate45(aim, clockwise=False), aim, rotate45(aim, clockwise=True))


def spread(origin: tuple[int, int], aim: tuple[int, int], n: int) -> list[Square]:
    """The aimed template's spread (Kick It!, ``pitch-and-dice.md``): the ``2n + 1`` squares at
    distance exactly ``n`` (``n >= 1``) from ``origin`` between the 1-2 and 5-6 arrows of a
    template aimed along ``aim`` (a neighbour offset), both included; on the pitch or not,
    ordered by ``x`` then ``y``.

    >>> spread((10, 7), (1, 0), 2)
    [Square(x=12, y=5), Square(x=12, y=6), Square(x=12, y=7), Square(x=12, y=8), Square(x=12, y=9)]
    >>> spread((0, 0), (1, -1), 1)
    [Square(x=0, y=-1), Square(x=1, y=-1), Square(x=1, y=0)]
    """
    key = (aim[0], aim[1], n)
    made = _SPREADS.get(key)
    if made is None:
        made = _SPREADS[key] = _spread_offsets(aim, n)
    offsets, steps = made
    i = origin[0] + SQUARES_MARGIN
    j = origin[1] + SQUARES_MARGIN
    if n <= i < SQUARES_SPAN - n and n <= j < SQUARES_SPAN - n:  # all within square_at's table
        at = i * SQUARES_SPAN + j
        return [_SQUARES[at + k] for k in steps]
    return [Square(origin[0] + dx, origin[1] + dy) for dx, dy in offsets]


#: Each spread's squares from its origin (:func:`spread`), by ``(aim x, aim y, n)``, made when
#: first asked for: the offsets ``(dx, dy)``, in order, and the same as steps through
#: :func:`square_at`'s table (``dx * SQUARES_SPAN + dy``).
_SPREADS: Final[dict[tuple[int, int, int], tuple[tuple[tuple[int, int], ...], tuple[int, ...]]]] = {}


def _spread_offsets(aim: tuple[int, int],
                    n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The spread of ``aim`` at ``n`` from ``(0, 0)``: its offsets by ``x`` then ``y``, and the
    same as steps of :func:`square_at`'s table (:data:`_SPREADS`)."""
    # The ring at distance n, walked clockwise from north: position p = k * n is the compass
    # direction k (_COMPASS order); the spread is the positions within n of the aim's.
    centre = _COMPASS.index((aim[0], aim[1])) * n
    offsets = tuple(sorted(_ring((0, 0), n, (centre + i) % (8 * n)) for i in range(-n, n + 1)))
    return offsets, tuple([dx * SQUARES_SPAN + dy for dx, dy in offsets])


def _ring(origin: tuple[int, int], n: int, p: int) -> Square:
    """The square at position ``p`` (0 = north, clockwise, ``8n`` positions) of the ring at
    distance ``n`` around ``origin``."""
    if p < n:
        dx, dy = p, -n
    elif p < 3 * n:
        dx, dy = n, p - 2 * n
    elif p < 5 * n:
        dx, dy = 4 * n - p, n
    elif p < 7 * n:
        dx, dy = -n, 6 * n - p
    else:
        dx, dy = p - 8 * n, -n
    return Square(origin[0] + dx, origin[1] + dy)


@dataclass(frozen=True)
class Pitch:
    """A pitch layout (``pitch-and-dice.md``): size, Line of Scrimmage and zones.

    ``los`` gives each team's Line of Scrimmage column; ``setup_zone`` each team's set-up zone
    as an inclusive range of ``x``. Wide Zones are the ``wide`` rows at top and bottom.
    """

    name: PitchName
    width: int  # squares along x
    height: int  # squares along y
    wide: int  # rows in each Wide Zone
    los: dict[Side, int]
    setup_zone: dict[Side, tuple[int, int]]
    centre: dict[Side, Square]
    _receiving_area: dict[Side, tuple[int, int]] = field(init=False, repr=False)
    #: The ``x`` ranges of each side's set-up zone and receiving area, read without a look-up
    #: by side on every kick-off (the same values as ``setup_zone`` and ``_receiving_area``).
    _home_zone: tuple[int, int] = field(init=False, repr=False)
    _away_zone: tuple[int, int] = field(init=False, repr=False)
    _home_receiving: tuple[int, int] = field(init=False, repr=False)
    _away_receiving: tuple[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # The receiving area: every square beyond the kicking team's LoS.
        home_los, away_los = self.los["home"], self.los["away"]
        object.__setattr__(
            self,
            "_receiving_area",
            # receiving side -> x range
            {"away": (home_los + 1, self.width - 1), "home": (0, away_los - 1)},
        )
        object.__setattr__(self, "_home_zone", self.setup_zone["home"])
        object.__setattr__(self, "_away_zone", self.setup_zone["away"])
        object.__setattr__(self, "_home_receiving", self._receiving_area["home"])
        object.__setattr__(self, "_away_receiving", self._receiving_area["away"])

    def on_pitch(self, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` is a square of this pitch."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def in_wide_zone(self, sq: tuple[int, int]) -> Literal["top", "bottom"] | None:
        """Which Wide Zone ``sq`` is in, or ``None`` for Centre Field."""
        if sq[1] < self.wide:
            return "top"
        if sq[1] >= self.height - self.wide:
            return "bottom"
        return None

    def on_los(self, side: Side, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` is one of ``side``'s Line of Scrimmage squares (Centre Field part)."""
        return sq[0] == self.los[side] and self.wide <= sq[1] < self.height - self.wide

    def end_zone_x(self, side: Side) -> int:
        """The ``x`` of ``side``'s own End Zone (the one it defends): home ``0``, away
        ``width - 1`` (``pitch-and-dice.md``)."""
        return 0 if side == "home" else self.width - 1

    def in_setup_zone(self, side: Side, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` is in ``side``'s set-up zone (own half, or own third in Sevens)."""
        lo, hi = self._home_zone if side == "home" else self._away_zone
        return lo <= sq[0] <= hi and 0 <= sq[1] < self.height

    def in_half(self, side: Side, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` is a square of ``side``'s half of the pitch (home: the lower ``x``
        half, away: the upper), the gap between the Sevens lines included up to halfway."""
        half = self.width // 2
        return self.on_pitch(sq) and (sq[0] < half if side == "home" else sq[0] >= half)

    def in_receiving_area(self, receiving: Side, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` lies beyond the kicking team's LoS, on ``receiving``'s side."""
        lo, hi = self._home_receiving if receiving == "home" else self._away_receiving
        return lo <= sq[0] <= hi and 0 <= sq[1] < self.height

    def describe_receiving_area(self, receiving: Side) -> str:
        """``"x 13..25, y 0..14"``: the receiving area, as messages quote it."""
        lo, hi = self._receiving_area[receiving]
        return f"x {lo}..{hi}, y 0..{self.height - 1}"

    def edge_crossed(self, last: tuple[int, int], off: tuple[int, int]) -> Edge:
        """The edge a ball crossed going from ``last`` (on the pitch) to ``off`` (off it).

        When it left over a corner (both coordinates off), the end line is reported.
        """
        if off[0] < 0:
            return "home_end"
        if off[0] >= self.width:
            return "away_end"
        return "top" if off[1] < 0 else "bottom"

    def corner(self, sq: tuple[int, int]) -> tuple[int, int] | None:
        """``(sx, sy)`` signs of the corner ``sq`` is on (e.g. ``(0, 0)`` is ``(-1, -1)``), or None."""
        sx = -1 if sq[0] == 0 else (1 if sq[0] == self.width - 1 else 0)
        sy = -1 if sq[1] == 0 else (1 if sq[1] == self.height - 1 else 0)
        return (sx, sy) if sx and sy else None

    def nearest_empty(
        self, candidates: list[Square], to: Square, occupied: set[tuple[int, int]]
    ) -> Square | None:
        """The empty square of ``candidates`` nearest ``to``; ties: lowest x, then lowest y."""
        best: Square | None = None
        best_key: tuple[int, int, int] | None = None
        for sq in candidates:
            if sq in occupied:
                continue
            key = (distance(sq, to), sq.x, sq.y)
            if best_key is None or key < best_key:
                best, best_key = sq, key
        return best

    def setup_zone_squares(self, side: Side) -> list[Square]:
        """The squares of ``side``'s set-up zone, ordered by x then y."""
        lo, hi = self.setup_zone[side]
        return [Square(x, y) for x in range(lo, hi + 1) for y in range(self.height)]

    def squares(self) -> list[Square]:
        """Every square of the pitch, ordered by x then y."""
        return [Square(x, y) for x in range(self.width) for y in range(self.height)]

    def describe(self) -> str:
        """``"26x15"``: the size, as error messages quote it."""
        return f"{self.width}x{self.height}"


# Corner D3 sweeps (pitch-and-dice.md), keyed by the corner's (sx, sy).
CORNER_D3: dict[tuple[int, int], tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    (-1, -1): ((1, 0), (1, 1), (0, 1)),
    (1, -1): ((0, 1), (-1, 1), (-1, 0)),
    (1, 1): ((-1, 0), (-1, -1), (0, -1)),
    (-1, 1): ((0, -1), (1, -1), (1, 0)),
}

ELEVEN = Pitch(
    name="eleven",
    width=26,
    height=15,
    wide=4,
    los={"home": 12, "away": 13},
    setup_zone={"home": (0, 12), "away": (13, 25)},
    centre={"home": Square(6, 7), "away": Square(19, 7)},
)

SEVENS = Pitch(
    name="sevens",
    width=20,
    height=11,
    wide=2,
    los={"home": 6, "away": 13},
    setup_zone={"home": (0, 6), "away": (13, 19)},
    centre={"home": Square(3, 5), "away": Square(16, 5)},
)

PITCHES: dict[str, Pitch] = {"eleven": ELEVEN, "sevens": SEVENS}
