"""What the ball's journey reads of a world, and the event's worlds told apart by it.

The kick-off solver (``kickoff.analysis.exact.solver``) shares the work of the ball's journey between
the worlds a Kick-off event can leave, wherever they agree on everything a journey reads. What a
step of the ball reads is not written here: the rules declare it next to the rules themselves
(``kickoff.core.ball``: :data:`~kickoff.core.ball.STEP_READS`,
:data:`~kickoff.core.ball.CATCH_READS`, :data:`~kickoff.core.ball.PLAYER_FIELDS`,
:data:`~kickoff.core.ball.AWARD_TAKER_FIELDS`, :func:`~kickoff.core.ball.reach`), and the keys
below are derived from those declarations:

- a player's :func:`signature` (the fields a step reads of him);
- a step's key (:func:`block_offsets`: the players in the block around the ball that the step
  may read), its :func:`step_reads` (``(kind, square)``: which squares, and what of them) and a
  touchback's :func:`award_key` (who takes the ball);
- a world's :class:`Diff` from the set-up, and :func:`touches`: the reads a change is seen by;
- a lumped world's members (:func:`expand`);
- :class:`Group`: the worlds that share rain (or not) and the scatters before landing, split by
  their changes where a journey looks (a product of players' own rolls kept as a block, split
  into cells the same way: ``products``, ``grouping``).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kickoff.analysis.exact.awards import add_weights as add_weights
from kickoff.analysis.exact.awards import award_unaffected as award_unaffected
from kickoff.analysis.exact.awards import move_awards as move_awards
from kickoff.analysis.exact.chain import ChainSolver, Shared
from kickoff.analysis.exact.chance import ExpandDice, PathDice, Q, enumerate_runs
from kickoff.analysis.exact.products import Block, changes_of, shared_awards, subsets
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.kickoff import roll_event
from kickoff.core.pitch import Pitch, Side, Square
from kickoff.core.state import GameState, Player, Weather, tackle_zones

#: The fields a step of the ball reads of a player, as one tuple: ``ball.PLAYER_FIELDS``, in its
#: order (read from the declaration, so a field added there is read here too).
_fields: Callable[[Player], tuple[Any, ...]] = operator.attrgetter(*ball.PLAYER_FIELDS)

#: Where ``skills`` is in a :func:`signature`.
_SKILLS = ball.PLAYER_FIELDS.index("skills")
#: What a touchback reads of the player who takes it (``ball.AWARD_TAKER_FIELDS``).
_taker_fields = operator.attrgetter(*ball.AWARD_TAKER_FIELDS)
#: With nobody to take a touchback: what it reads of every player (his square and fields).
_anyone = operator.attrgetter("square", *ball.PLAYER_FIELDS)


def signature(p: Player | None) -> Hashable:
    """Everything about a player a step of the ball may read (``ball.PLAYER_FIELDS``)."""
    if p is None:
        return None
    return _fields(p)


@dataclass(frozen=True, init=False)
class Diff:
    """How a world after the event differs from the set-up: the players changed (``(id, new
    square, signature, old square)``) and who would take a touchback. (Its constructor is
    written out: compiled, a frozen dataclass's generated one is interpreted, three times the
    cost, and a heavy start makes 10^5 of these, one a cell.)"""

    entries: frozenset[tuple[str, Square | None, Hashable, Square | None]]
    #: What a touchback looks at (:func:`award_key`): who takes the ball, or (nobody) every
    #: player and the weather.
    award_key: tuple[Hashable, ...]
    #: The world's weather.
    weather: Weather

    def __init__(self, entries: frozenset[tuple[str, Square | None, Hashable, Square | None]],
                 award_key: tuple[Hashable, ...], weather: Weather) -> None:
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "award_key", award_key)
        object.__setattr__(self, "weather", weather)


def touchback_taker(state: GameState, chosen: str | None) -> str | None:
    """The touchback decision played in ``state``: the ``chosen`` player while the rule lets him
    take the ball there (:func:`~kickoff.core.ball.can_take_touchback`), else ``None``, the
    default taker (as ``kickoff simulate`` plays ``--touchback``)."""
    if chosen is None:
        return None
    p = state.players.get(chosen)
    return chosen if p is not None and ball.can_take_touchback(state, p) else None


def award_key(state: GameState, chosen: str | None = None, marked: bool = False
              ) -> tuple[Hashable, ...]:
    """What a touchback with the decision :func:`touchback_taker` plays looks at
    (``ball.AWARD_TAKER_FIELDS``): those fields of the ``chosen`` player if he can take the
    ball, else of the first receiving player who can (with ``marked``, and whether he is Marked
    where he stands, ``state.tackle_zones``: what ``exact_board``'s ``holder-open`` reads of a
    touchback's end); with nobody, ``(None, every player's square and fields, the weather)``."""
    who = touchback_taker(state, chosen)
    taker = state.players[who] if who is not None else ball.default_taker(state)
    if taker is not None:
        if not marked:
            return _taker_fields(taker)
        assert taker.square is not None
        key = list(_taker_fields(taker))
        key.append(bool(tackle_zones(state, taker.square, taker.side)))
        return tuple(key)
    # Nobody to take it: it is placed, or bounces from a downed player and may be caught
    # anywhere (every player and the weather count).
    return (None, tuple(_anyone(p) for team in state.teams.values() for p in team.players),
            state.weather)


def differences(
    base: GameState, world: GameState, chosen: str | None = None,
    known: dict[Any, Any] | None = None, marked: bool = False,
) -> Diff:
    """``world``'s :class:`Diff` from ``base`` (the set-up it was cloned from). ``known``: one
    copy of each change and award key met so far (-> itself), shared by the worlds' diffs (the
    same player Stunned on his square is one change in every world where he is)."""
    entries = []
    for pid in world.changed():
        p, b = world.players[pid], base.players[pid]
        if (p.skills is not b.skills and "disturbing_presence" in b.skills
                and "disturbing_presence" not in p.skills):
            # touches reads the new skills: a lost Disturbing Presence would go unseen
            raise RuntimeError(f"exact odds: {pid} lost Disturbing Presence in an event")
        new = _fields(p)
        if p.square != b.square or new != _fields(b):
            entry = (pid, p.square, new, b.square)
            entries.append(entry if known is None else known.setdefault(entry, entry))
    key = award_key(world, chosen, marked)
    return Diff(frozenset(entries), key if known is None else known.setdefault(key, key),
                world.weather)


#: Which of a :func:`signature`'s fields :func:`rebuilt` sets (the player's id and side stay),
#: with their places in it.
_SET_AT = tuple([i for i, name in enumerate(ball.PLAYER_FIELDS) if name not in ("id", "side")])
#: Where ``status`` is in a :func:`signature`.
_STATUS = ball.PLAYER_FIELDS.index("status")


#: How :func:`rebuilt` makes a change (a :class:`Diff` entry) to the set-up's player: the names
#: and new values of the fields that differ (``("status",)``: a stun, ``GameState.set_status``).
Plan = tuple[tuple[str, ...], tuple[Any, ...]]
_STATUS_ONLY: tuple[str, ...] = ("status",)


def rebuilt(base: GameState, diff: Diff, plans: dict[Any, Plan] | None = None) -> GameState:
    """A world with ``diff``'s changes made to a clone of ``base`` (the set-up it was taken
    from): the event's world as far as a journey and a touchback read it (every change's
    square and :func:`signature`, the weather). The solver keeps a world as its changes and
    builds it only for a journey of its own. Only the fields that differ are set; ``plans``
    (change -> :data:`Plan`, for this ``base`` only) remembers them, each change checked the
    first time it is made. ``RuntimeError`` if a signature has a field this does not set."""
    world = base.clone()
    world.weather = diff.weather
    entries: Iterable[tuple[Any, ...]] = diff.entries
    if len(diff.entries) > 1 and any(e[1] != e[3] for e in diff.entries):
        entries = sorted(diff.entries, key=operator.itemgetter(0))  # (moves in one order)
    for entry in entries:
        pid, square, fields, _ = entry
        p = world.players[pid]
        plan = None if plans is None else plans.get(entry)
        if plan is not None:
            _make(world, p, plan, square)
            continue
        was = _fields(p)
        differs = [i for i in _SET_AT if fields[i] != was[i]]
        plan = (tuple([ball.PLAYER_FIELDS[i] for i in differs]),
                tuple([fields[i] for i in differs]))
        if _fields(_make(world, p, plan, square)) != fields:
            raise RuntimeError(f"exact odds: {pid}'s changes are more than a world keeps")
        if plans is not None:
            plans[entry] = plan
    return world


def _make(world: GameState, p: Player, plan: Plan, square: Square | None) -> Player:
    """:func:`rebuilt`'s change of ``p`` in ``world`` by its ``plan``, onto ``square``."""
    names, values = plan
    if names == _STATUS_ONLY:
        p = world.set_status(p, values[0])
    elif names:
        p = world.set_fields(p, names, values)
    if p.square != square:
        p = world.move(p, square)
    return p


@functools.cache
def block_offsets(reach: int) -> tuple[tuple[int, int], ...]:
    """The offsets of the square block of side ``2 * reach + 1`` around a square."""
    span = range(-reach, reach + 1)
    return tuple((dx, dy) for dx in span for dy in span)


#: ``ball.reach`` of a set-up without Diving Catch or Disturbing Presence.
PLAIN = ball.reach(())
_ARRIVE = ball.STEP_READS[ball.Arrive]
_CATCH = ball.CATCH_READS
_BOUNCE = ball.STEP_READS[ball.Bounce]
#: The block around a square whose players a step from an arrival or a bounce there may read,
#: unless skills on the pitch let it read further (``ball.reach``: Diving Catch, Disturbing
#: Presence): the 3x3 block (a catcher and the tackle zones on him, a bounce's neighbours).
BLOCK = block_offsets(max(PLAIN[0], _BOUNCE.players, _BOUNCE.occupied))

def block_key(
    board: dict[tuple[int, int], Player], square: Square, offsets: tuple[tuple[int, int], ...],
    presences: Sequence[tuple[Square, Side]], presence: int,
) -> tuple[Hashable, ...]:
    """What a step of the ball from an arrival or a bounce on ``square`` may read, as a key:
    the :func:`signature` of whoever stands on each square of the block ``offsets`` around it
    (:data:`BLOCK`, or wider with Diving Catch: ``ball.reach``) and, with ``presence`` (``0``:
    none), every Disturbing Presence player (``presences``: square, side) within that many
    squares."""
    x, y = square
    get = board.get  # signature(), inlined: nine squares a step
    block: tuple[Hashable, ...] = tuple(None if (p := get((x + dx, y + dy))) is None
                                        else _fields(p) for dx, dy in offsets)
    if presence:
        block += tuple(sorted((q, side) for q, side in presences
                              if max(abs(q.x - x), abs(q.y - y)) <= presence))
    return block


#: The squares around a bounce whose occupation its step reads (``ball.STEP_READS``).
RING = tuple(o for o in block_offsets(_BOUNCE.occupied) if o != (0, 0))


def occupied_key(board: dict[tuple[int, int], Player], square: Square) -> tuple[bool, ...]:
    """What a step of the ball from a bounce on ``square`` reads, as a key: whether each square
    of the :data:`RING` around it is occupied (``ball.STEP_READS``: no player's fields, no
    weather)."""
    x, y = square
    return tuple((x + dx, y + dy) in board for dx, dy in RING)


#: What a step of the ball reads of a square (see ``ball.Reads``): everything about who is there
#: (``FULL``), only whether somebody is (``OCCUPIED``), or only whether a Disturbing Presence
#: player of either side is there (``PRESENCE``).
FULL, OCCUPIED, PRESENCE = 0, 1, 2
#: What a board objective's within reach reads of a square (``exact_board``): where a player of
#: that side stands, his status (Standing, Prone, Stunned), by side: a kicking player's change
#: is not seen by the receivers' reach.
REACH_OF: dict[str, int] = {"home": 3, "away": 4}
#: Where a player's side is in a :func:`signature`.
_SIDE = ball.PLAYER_FIELDS.index("side")


def step_reads(world: GameState, s: Any, reach: tuple[int, int] = PLAIN
          ) -> frozenset[tuple[int, Square]]:
    """What one step of the ball from ``s`` in ``world`` looks at, as ``(kind, square)``
    (``ball.STEP_READS``): an arrival reads who is on its square and, if he can catch, every
    player within his catch's reach (tackle zones); a bounce reads only whether its neighbours
    are occupied; the others read no player. With Diving Catch or Disturbing Presence on the
    pitch (``reach``, ``ball.reach`` of the set-up: ``(full, presence)``), an arrival Diving
    Catch may be tried for (``ball.DIVING_CATCH_KINDS``: not a bounce's) reads everything within
    ``full`` squares and where Disturbing Presence players stand within ``presence``; a bounce's
    arrival reads what it reads without them, and a catch there the Disturbing Presence players
    within its own reach (``ball.CATCH_READS``)."""
    if isinstance(s, ball.Arrive):
        if reach != PLAIN and s.kind in ball.DIVING_CATCH_KINDS:
            return _full_block(s.square, reach[0]) | _presence_block(s.square, reach[1])
        p = world.board.get(s.square)
        if p is not None and p.can_catch():
            near = _full_block(s.square, PLAIN[0])
            return near | _presence_block(s.square, _CATCH.presence) if reach[1] else near
        return _full_block(s.square, _ARRIVE.players)
    if isinstance(s, ball.Bounce):
        return _occupied_ring(s.square, _BOUNCE.occupied)
    return frozenset()


@functools.cache
def _full_block(sq: Square, reach: int) -> frozenset[tuple[int, Square]]:
    x, y = sq
    return frozenset((FULL, Square(x + dx, y + dy)) for dx, dy in block_offsets(reach))


@functools.cache
def _presence_block(sq: Square, reach: int) -> frozenset[tuple[int, Square]]:
    if reach == 0:
        return frozenset()
    x, y = sq
    return frozenset((PRESENCE, Square(x + dx, y + dy)) for dx, dy in block_offsets(reach))


@functools.cache
def _occupied_ring(sq: Square, reach: int) -> frozenset[tuple[int, Square]]:
    x, y = sq
    return frozenset((OCCUPIED, Square(x + dx, y + dy)) for dx, dy in block_offsets(reach)
                     if dx or dy)


#: A region (all that a journey reads) is an int, one bit per read ``(kind, square)``: unions
#: and intersections are single integer operations, and an int is nothing for the garbage
#: collector to walk. Squares from ``-_MARGIN`` to ``_SPAN - _MARGIN - 1`` on each axis (any
#: pitch, with the reach around its edges).
_MARGIN, _SPAN = 6, 40


def read_bits(reads: Iterable[tuple[int, Square]]) -> int:
    """The region (an int) of ``reads``. ``ValueError`` for a square beyond the margins."""
    bits = 0
    for kind, sq in reads:
        x, y = sq[0] + _MARGIN, sq[1] + _MARGIN
        if not (0 <= x < _SPAN and 0 <= y < _SPAN):
            raise ValueError(f"exact odds: a read of {list(sq)} is beyond the regions' margins")
        bits |= 1 << ((kind * _SPAN + x) * _SPAN + y)
    return bits


def reads_of(bits: int) -> frozenset[tuple[int, Square]]:
    """The reads ``(kind, square)`` of the region ``bits`` (:func:`read_bits`' inverse)."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        kind, rest = divmod(low.bit_length() - 1, _SPAN * _SPAN)
        x, y = divmod(rest, _SPAN)
        out.append((kind, Square(x - _MARGIN, y - _MARGIN)))
    return frozenset(out)


@functools.cache
def _bits_of(reads: frozenset[tuple[int, Square]]) -> int:
    return read_bits(reads)


def step_bits(world: GameState, s: Any, reach: tuple[int, int] = PLAIN) -> int:
    """:func:`step_reads` as a region (an int, :func:`read_bits`)."""
    return _bits_of(step_reads(world, s, reach))


def touch_bits(entries: Iterable[tuple[Any, ...]]) -> int:
    """The region of every read that would see one of the changes ``entries``
    (:func:`touches`)."""
    return read_bits(read for e in entries for read in touches(e))


def touches(entry: tuple[Any, ...]) -> list[tuple[int, Square]]:
    """The reads a change of a player (a :class:`Diff` entry) matters to: anything about his
    old and new squares, and their occupation if he moved (and, with Disturbing Presence, where
    it is)."""
    _, new, fields, old = entry
    out = [(FULL, sq) for sq in (new, old) if sq is not None]
    out += [(REACH_OF[fields[_SIDE]], sq) for sq in (new, old) if sq is not None]
    if new != old:
        out += [(OCCUPIED, sq) for sq in (new, old) if sq is not None]
        if "disturbing_presence" in fields[_SKILLS]:
            out += [(PRESENCE, sq) for sq in (new, old) if sq is not None]
    return out


@dataclass
class Group:
    """Worlds the event can leave that share rain (or not) and the scatters before landing.

    Each distinct change (a :class:`Diff` entry of any member world) is numbered: a set of
    changes is an int, one bit per change (``masks[i]``: the ``i``-th member's), so the
    journeys' keys (``Shared``, :meth:`partition`) are ints, cheap to intersect and nothing for
    the garbage collector to walk."""

    ref: GameState
    scatters: int
    chain: ChainSolver
    award_key: tuple[Hashable, ...]
    mass: Any = 0
    #: ``(p, world, diff)``, the world ``None`` while it is kept as its changes (``diff``).
    members: list[tuple[Any, GameState | None, Diff]] = field(default_factory=list)
    #: Each member's changes, as bits (see :attr:`entry_index`).
    masks: list[int] = field(default_factory=list)
    #: Each change (of any world) -> its number (its bit ``1 << number``).
    entry_index: dict[Any, int] = field(default_factory=dict)
    #: Each change's number -> the members with that change.
    by_entry: list[list[int]] = field(default_factory=list)
    #: Each change's number -> the region of the reads that would see it (``touches``).
    entry_bits: list[int] = field(default_factory=list)
    #: One world for each way a touchback can be awarded (by award key; its :class:`Diff`
    #: where the world is kept as its changes, see :func:`rebuilt`).
    award_worlds: dict[Hashable, GameState | Diff] = field(default_factory=dict)
    #: The whole group's touchback awards: award key -> total probability of its worlds.
    award_weights: dict[Hashable, Any] = field(default_factory=dict)
    #: Each start's journeys over the group's worlds (``KickoffSolver._group_mix``) and, when
    #: many targets' odds are asked, their end distributions (``_group_distribution``).
    results: dict[int, dict[int, Any]] = field(default_factory=dict)
    distributions: dict[int, dict[int, Any]] = field(default_factory=dict)
    partitions: dict[int, dict[int, tuple[Any, list[int]]]] = field(default_factory=dict)
    touched: dict[int, int] = field(default_factory=dict)
    #: The journey solver of each member world, by member index.
    chains: dict[int, ChainSolver] = field(default_factory=dict)
    #: :meth:`award_weights_of` by the member indexes asked for.
    award_weights_by: dict[tuple[int, ...], dict[Hashable, Any]] = field(default_factory=dict)
    #: The journeys' solutions the member worlds share where they agree (``chain.Shared``).
    shared: Shared = field(init=False)
    #: The products of players' own rolls kept as such (``grouping.add_product``), and their cells:
    #: a block's worlds alike on some of its factors, each a member of its own (after the listed
    #: ones; its world the cell's with no other factor's change), by ``(block, the factors fixed,
    #: those of them present)`` (bits over the block's factors), and back.
    blocks: list[Block] = field(default_factory=list)
    cells: dict[tuple[int, int, int], int] = field(default_factory=dict)
    cell_of: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: Each cell's touchback awards (award key -> probability).
    cell_weights: dict[int, dict[Hashable, Any]] = field(default_factory=dict)
    #: How each change is made to the set-up's player (:func:`rebuilt`'s ``plans``), for the
    #: set-up ``plans_base`` only.
    plans: dict[Any, Plan] = field(default_factory=dict)
    plans_base: GameState | None = None

    def __post_init__(self) -> None:
        self.award_worlds[self.award_key] = self.ref
        # (not the bound method: the group would hold itself, a cycle the garbage collector
        # alone frees, late, with every journey the group solved)
        self.shared = Shared(functools.partial(_touching, self.entry_bits, self.touched))

    def add(self, p: Any, world: GameState | None, diff: Diff) -> None:
        assert not self.cell_of  # (the cells' members come after the listed ones)
        self.mass += p
        self.award_weights[diff.award_key] = self.award_weights.get(diff.award_key, 0) + p
        # (before the return: with nobody to take a touchback the award key has the weather,
        # so a world changed only in weather has an award of its own)
        self.award_worlds.setdefault(diff.award_key, diff if world is None else world)
        if not diff.entries:
            return  # the reference world itself (in this weather): never affected
        i = len(self.members)
        self.members.append((p, world, diff))
        mask = 0
        for e in diff.entries:
            number = self.number_of(e)
            self.by_entry[number].append(i)
            mask |= 1 << number
        self.masks.append(mask)

    def number_of(self, e: Any) -> int:
        """The change ``e``'s number (numbered when first met)."""
        number = self.entry_index.get(e)
        if number is None:
            number = self.entry_index[e] = len(self.entry_bits)
            self.entry_bits.append(touch_bits((e,)))
            self.by_entry.append([])
        return number

    def _new_cell(self, b: int, fixed: int, present: int) -> int:
        """A new member: the ``b``-th block's worlds whose factors ``fixed`` are those ``present``
        (bits over its factors), its mass the worlds', its world theirs with no other factor's
        change; its awards and mass (``shared_awards``: one dict and mass for all the cells
        alike), its changes as bits and as a :class:`Diff` (the block's and its present
        factors', ``changes_of``)."""
        block = self.blocks[b]
        weights, mass = shared_awards(block, fixed, present)
        mask, entries = changes_of(block, present)
        key = (b, fixed, present)
        i = self.cells[key] = len(self.members)
        self.members.append((mass, None, Diff(entries, (), block.weather)))
        self.masks.append(mask)
        self.cell_of[i] = key
        self.cell_weights[i] = weights
        return i

    def _cells(self, b: int, fixed: int, present: int, seen: int
               ) -> list[tuple[int, Any, int]]:
        """The cells (member, mass, changes in ``seen``) that split the ``b``-th block's cell
        ``fixed``, ``present`` by its other factors whose changes are in ``seen`` (in
        ``subsets``' order); empty cells (every world one where nobody takes the ball, listed)
        left out."""
        block = self.blocks[b]
        more = 0
        for k, bit in enumerate(block.bits):
            if bit & seen:
                more |= 1 << k
        more &= ~fixed
        every = fixed | more
        cells, members, masks = self.cells, self.members, self.masks
        out = []
        for extra in subsets(more):
            i = cells.get((b, every, present | extra))
            if i is None:
                i = self._new_cell(b, every, present | extra)
            mass = members[i][0]
            if mass:
                out.append((i, mass, masks[i] & seen))
        return out

    def differ(self, i: int) -> int:
        """The region of every read that would see one of the ``i``-th member's changes
        (``touch_bits`` of them, from :attr:`entry_bits`)."""
        mask, bits = self.masks[i], 0
        while mask:
            low = mask & -mask
            mask ^= low
            bits |= self.entry_bits[low.bit_length() - 1]
        return bits

    def member_world(self, i: int, base: GameState) -> GameState:
        """The ``i``-th member's world, built from its changes the first time (``base``: the
        set-up the worlds were taken from; :func:`rebuilt`)."""
        p, world, diff = self.members[i]
        if world is None:
            if self.plans_base is not base:
                self.plans, self.plans_base = {}, base
            world = rebuilt(base, diff, self.plans)
            self.members[i] = (p, world, diff)
        return world

    def award_world(self, key: Hashable, base: GameState) -> GameState:
        """The world whose touchback award is the award key ``key``'s (built as
        :meth:`member_world`)."""
        world = self.award_worlds[key]
        if isinstance(world, Diff):
            world = self.award_worlds[key] = rebuilt(base, world)
        return world

    def award_weights_of(self, members: Sequence[int]) -> dict[Hashable, Any]:
        """Award key -> total probability, over the worlds ``members`` (remembered; the caller
        must not change it)."""
        if len(members) == 1:  # (a single cell, the heavy starts' parts: its own weights)
            cell = self.cell_weights.get(members[0])
            if cell is not None:
                return cell
        key = tuple(members)
        out = self.award_weights_by.get(key)
        if out is None:
            out = self.award_weights_by[key] = {}
            for i in key:
                cell = self.cell_weights.get(i)
                if cell is not None:
                    add_weights(out, cell)
                    continue
                p, _, diff = self.members[i]
                out[diff.award_key] = out.get(diff.award_key, 0) + p
        return out

    def split(self, seen: int, members: list[int]) -> list[tuple[int, Any, list[int]]]:
        """The worlds ``members`` split by their changes in ``seen`` (bits): ``(seen, total
        probability, member indexes)`` for each part."""
        parts: dict[int, tuple[Any, list[int]]] = {}
        for i in members:
            cell = self.cell_of.get(i)
            if cell is not None:  # a block's cell: split by its factors in seen
                for j, w, key in self._cells(cell[0], cell[1], cell[2], seen):
                    _add_part(parts, key, w, j)
                continue
            _add_part(parts, self.masks[i] & seen, self.members[i][0], i)
        return [(seen, mass, part) for mass, part in parts.values()]

    def known(self, start: int, seen: int, members: list[int]) -> tuple[int, int] | None:
        """The journey from ``start`` in every world of ``members`` (alike on their changes in
        ``seen``: a part of :meth:`partition` or :meth:`split`) if one is known in
        :attr:`shared` that sees no change outside ``seen``: ``(its node, the changes it sees)``
        (``None``: none known; a member's world and solver are then made to solve it)."""
        found = self.shared.find_within(start, self.masks[members[0]] & seen, seen)
        return None if found is None else (found[0], self.touching(found[1]))

    def reference_seen(self, start: int) -> int:
        """The changes the reference world's journey from ``start`` reads (``chain``'s region of
        it, solved if new), the parts a start's worlds are split into first (:meth:`partition`);
        none in a group with no changed world."""
        return self.touching(self.chain.region_of(start)) if self.members or self.blocks else 0

    def touching(self, region: int) -> int:
        """Every change (of any world) that a read of ``region`` (:func:`read_bits`) would see,
        as bits (remembered: the states of a loop share one region)."""
        return _touching(self.entry_bits, self.touched, region)

    def partition(self, seen: int) -> dict[int, tuple[Any, list[int]]]:
        """The worlds with a change in ``seen`` (bits), split by those changes: their bits ->
        (total probability, member indexes). Remembered."""
        cached = self.partitions.get(seen)
        if cached is not None:
            return cached
        affected: set[int] = set()
        bits = seen
        while bits:
            low = bits & -bits
            bits ^= low
            affected.update(self.by_entry[low.bit_length() - 1])
        parts: dict[int, tuple[Any, list[int]]] = {}
        for i in sorted(affected):
            _add_part(parts, self.masks[i] & seen, self.members[i][0], i)
        for b in range(len(self.blocks)):  # the blocks' cells, but the unaffected one
            for j, w, key in self._cells(b, 0, 0, seen):
                if key:
                    _add_part(parts, key, w, j)
        self.partitions[seen] = parts
        return parts


def _add_part(parts: dict[int, tuple[Any, list[int]]], key: int, mass: Any, i: int) -> None:
    """A member ``i`` (a world or a block's cell; its ``mass``, an exact rational) added to the
    part ``key`` of ``parts`` (:meth:`Group.partition`'s and :meth:`Group.split`'s: changes ->
    (total probability, member indexes)): a new part is the member's own mass, no ``Q(0)`` added
    to."""
    found = parts.get(key)
    if found is None:
        parts[key] = (mass, [i])
    else:
        found[1].append(i)
        parts[key] = (found[0] + mass, found[1])


def _touching(entry_bits: list[int], touched: dict[int, int], region: int) -> int:
    """:meth:`Group.touching` (``entry_bits``, ``touched``: the group's)."""
    known = touched.get(region)
    if known is not None:
        return known
    mask = 0
    for number, bits in enumerate(entry_bits):
        if bits & region:
            mask |= 1 << number
    touched[region] = mask
    return mask


def expand(
    paths: list[tuple[Any, tuple[Any, ...]]], relevant: Callable[[Any], bool],
    event: Callable[[PathDice], GameState],
) -> list[tuple[Any, GameState]]:
    """The worlds a lumped world stands for (it came from ``paths``, each with its probability),
    each with its probability given the lumped world: ``event`` (the Kick-off event played on a
    copy of the set-up with the dice it is given) replayed along each path, every lumped choice
    expanded (``chance.ExpandDice``)."""
    total = sum((p for p, _ in paths), Q(0))
    out: list[tuple[Any, GameState]] = []
    for p, forced in paths:
        def expanding(path: tuple[Any, ...], forced: tuple[Any, ...] = forced) -> PathDice:
            return ExpandDice(path, forced, relevant)

        out.extend((p / total * q, world) for q, world in enumerate_runs(event, dice=expanding))
    return out


def event_world(context: Callable[[GameState, PathDice], KickoffContext], base: GameState,
                dice: PathDice) -> GameState:
    """The set-up ``base`` after the Kick-off event the dice roll (``context``: how the solver
    makes a kick-off's context; :func:`expand` replays the event with it)."""
    ctx = context(base.clone(), dice)
    roll_event(ctx)
    return ctx.state


#: :func:`_within`'s squares by the pitch's identity (the pitch kept), kicking side and reach.
_WITHIN: dict[tuple[int, Side, int], tuple[Pitch, frozenset[Square]]] = {}


def _within(pitch: Pitch, kicking: Side, r: int) -> frozenset[Square]:
    """The squares of ``pitch`` within ``r`` squares of a square in play (on the pitch, outside
    ``kicking``'s set-up zone); remembered (every solver and moved set-up asks it again)."""
    key = (id(pitch), kicking, r)
    known = _WITHIN.get(key)
    if known is not None and known[0] is pitch:
        return known[1]
    offsets = block_offsets(r)
    near = frozenset(sq for sq in pitch.squares() if any(
        pitch.on_pitch((sq.x + dx, sq.y + dy))
        and not pitch.in_setup_zone(kicking, (sq.x + dx, sq.y + dy)) for dx, dy in offsets))
    _WITHIN[key] = (pitch, near)
    return near


def journey_relevant(base: GameState, reach: tuple[int, int], receivers: bool = False
                     ) -> Callable[[Any], bool]:
    """Which candidates of an event's random choice a kick-off's journey (up to a touchback) can
    tell apart in ``base``: every candidate but a player on the pitch more than ``reach[0]``
    squares (``ball.reach``; Disturbing Presence: ``reach[1]``) from every square in play (on
    the pitch, outside the kicking team's set-up zone); with ``receivers`` (a board objective
    reading the receivers' reach, ``exact_board``), every receiving player too."""
    near = _within(base.pitch, base.kicking, reach[0])
    present = _within(base.pitch, base.kicking, reach[1]) if reach[1] else frozenset()

    def relevant(c: Any) -> bool:
        return (not isinstance(c, Player) or c.square is None or c.square in near
                or ("disturbing_presence" in c.skills and c.square in present)
                or (receivers and c.side == base.receiving))

    return relevant
