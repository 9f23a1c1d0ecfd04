"""Chance: the one interface every random point of the rules goes through.

Every die the rules roll is asked of a :class:`Dice` as ``dice.roll(kind, sides)``; the answer is
an ``int`` in ``1..sides``. Besides single dice, the protocol has four grouped chance nodes
(several dice whose effect depends only on a summary, a re-roll until an allowed value, a random
choice of one or ``k`` candidates), so that an exact solver can answer each with far fewer
outcomes. Three sources implement it:

- :class:`SeededDice`: a seeded generator (``random.Random``), reproducible on any machine;
- :class:`ScriptedDice`: one queue per die kind, as scenario files give them
  (``pitch-and-dice.md``, "Scripted dice");
- an enumerating source (``kickoff.analysis.exact.chance.PathDice``): every die is uniform, so a chance
  node's outcomes are ``1..sides`` each with exact probability ``Fraction(1, sides)``
  (:func:`outcomes`); exact solvers enumerate them while samplers draw from them, through this
  same interface.

Seeded and scripted dice answer the grouped nodes the plain way (:class:`PlainDice`): one die at
a time through ``roll``, in order.

Die kinds (``pitch-and-dice.md``): ``d3``, ``d6``, ``d8``, ``d16``, ``block`` (five faces) and
``pick`` (a random choice among N candidates, value 1..N).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal, Protocol, get_args

from mypy_extensions import mypyc_attr

from kickoff.core.errors import DiceError

DieKind = Literal["d3", "d6", "d8", "d16", "block", "pick"]

#: The number of faces of each fixed die kind (``pick`` has as many as there are candidates).
SIDES: Final[dict[DieKind, int]] = {"d3": 3, "d6": 6, "d8": 8, "d16": 16, "block": 5}

#: A block die's face.
BlockFace = Literal["skull", "both_down", "push", "stumble", "pow"]
#: Block dice faces, in the order of their values 1..5.
BLOCK_FACES: tuple[BlockFace, ...] = get_args(BlockFace)


class DiceLog:
    """Where the dice write the line of each die they roll (a kick-off's log,
    ``KickoffContext.log``): this class drops every line (a kick-off that keeps no log: a
    simulation, a benchmark); :class:`~kickoff.core.log.KickoffLog` keeps them, each read as
    ``{"step": "roll", "die": kind, "value": value, "for": why}``. The dice call it whether or
    not anybody reads the log: the log decides (``docs/performance.md``, "The code's shapes for
    speed")."""

    __slots__ = ()

    def roll(self, kind: DieKind, value: int | list[int], why: str) -> None:
        """The line of one die of ``kind`` that rolled ``value``, for ``why``: a ``pick``'s value
        is the number of the candidate picked, from 1; ``k`` picks answered at once (an exact
        solver's subset), the list of their indexes."""

    def rolls(self, dice: Sequence[tuple[DieKind, str]], values: tuple[int, ...]) -> None:
        """The lines of a grouped node's ``dice`` (``(kind, why)``) that rolled ``values``, in
        order."""


class Dice(Protocol):
    """A source of dice. ``roll(kind, sides)`` returns an int in ``1..sides``.

    ``sides`` is the die's face count: ``SIDES[kind]`` for fixed dice, the number of candidates
    for a ``pick``. Raises :class:`~kickoff.core.errors.DiceError` when it cannot answer (the
    grouped nodes: naming what the die was needed for, ``why``).

    The grouped chance nodes write the dice they answer to ``log`` (:class:`DiceLog`: one line
    per die) and return what the rules need:

    - ``roll_grouped(dice, depends_on, concerns, log)``: the values of ``dice`` (``(kind,
      why)`` pairs, rolled in order), where what follows depends on them only through
      ``depends_on(values)``; ``concerns``: the one player whose fate alone they decide, if any;
    - ``roll_among(kind, sides, ok, why, log)``: a ``kind`` die re-rolled until ``ok(value)``;
    - ``pick_among(candidates, why, log)``: the index of one random candidate (a ``pick``);
    - ``choose_among(candidates, k, why, log)``: the indexes of ``k`` random candidates
      (``k`` successive picks, ``k < len(candidates)``).
    """

    def roll(self, kind: DieKind, sides: int) -> int: ...

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]: ...

    def roll_among(
        self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str, log: DiceLog
    ) -> int: ...

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int: ...

    def choose_among(
        self, candidates: Sequence[Any], k: int, why: str, log: DiceLog
    ) -> tuple[int, ...]: ...


def logged_roll(d: Dice, kind: DieKind, sides: int, why: str, log: DiceLog) -> int:
    """One die of ``d``, logged as it is rolled; a ``DiceError`` names what it was needed for."""
    try:
        value = d.roll(kind, sides)
    except DiceError as e:
        raise e.needed_for(why) from None
    log.roll(kind, value, why)
    return value


def roll_one_by_one(
    d: Dice, dice: Sequence[tuple[DieKind, str]], log: DiceLog
) -> tuple[int, ...]:
    """A grouped node's ``dice`` rolled one at a time, in order (:meth:`Dice.roll_grouped`)."""
    return tuple([logged_roll(d, kind, SIDES[kind], why, log) for kind, why in dice])


def roll_until(
    d: Dice, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str, log: DiceLog
) -> int:
    """A die re-rolled until ``ok``, every roll logged (:meth:`Dice.roll_among`)."""
    while True:
        value = logged_roll(d, kind, sides, why, log)
        if ok(value):
            return value


def pick_one(d: Dice, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
    """A ``pick`` die among ``candidates``, their index (:meth:`Dice.pick_among`)."""
    return logged_roll(d, "pick", len(candidates), why, log) - 1


def choose_one_by_one(
    d: Dice, candidates: Sequence[Any], k: int, why: str, log: DiceLog
) -> tuple[int, ...]:
    """``k`` successive picks among the candidates left (:meth:`Dice.choose_among`)."""
    remaining = list(range(len(candidates)))
    return tuple([remaining.pop(logged_roll(d, "pick", len(remaining), why, log) - 1)
                  for _ in range(k)])


@mypyc_attr(allow_interpreted_subclasses=True)
class PlainDice:
    """The grouped chance nodes of :class:`Dice` answered the plain way, through ``roll``: every
    die rolled one at a time, in order, and logged as it is rolled (a re-roll until an allowed
    value logs every roll; ``k`` candidates are ``k`` successive picks among those left).
    A subclass gives ``roll``; it may be a class of the caller's, not compiled, in the compiled
    build too (``allow_interpreted_subclasses``: the FUMBBL verifier's dice, a test's)."""

    __slots__ = ()

    def roll(self, kind: DieKind, sides: int) -> int:
        raise NotImplementedError

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        return roll_one_by_one(self, dice, log)

    def roll_among(
        self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str, log: DiceLog
    ) -> int:
        return roll_until(self, kind, sides, ok, why, log)

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
        return pick_one(self, candidates, why, log)

    def choose_among(
        self, candidates: Sequence[Any], k: int, why: str, log: DiceLog
    ) -> tuple[int, ...]:
        return choose_one_by_one(self, candidates, k, why, log)


def outcomes(sides: int) -> tuple[tuple[int, Fraction], ...]:
    """The outcomes of a chance node: every value ``1..sides`` with probability ``1/sides``.

    >>> outcomes(3)
    ((1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))
    """
    p = Fraction(1, sides)
    return tuple((v, p) for v in range(1, sides + 1))


#: The bit length of each die's number of faces (``int.bit_length``), for the dice a kick-off
#: rolls (up to a ``pick`` among every player of both teams); larger counts ask ``bit_length``.
_BITS: Final[tuple[int, ...]] = tuple(n.bit_length() for n in range(64))


class SeededDice(PlainDice):
    """Dice from ``random.Random(seed)``: the same seed gives the same rolls on any machine.

    A die of ``sides`` faces is ``randrange(sides) + 1``, drawn here as ``random.Random`` draws
    it (``_randbelow``: ``getrandbits`` of ``sides``' bit length until below ``sides``), without
    its two interpreted calls per die: the same values, seed for seed. The grouped nodes are
    answered the plain way (:class:`PlainDice`), die by die in order, in one loop."""

    __slots__ = ("_bits", "_rng", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        #: The generator's ``getrandbits``, bound once (no method look-up per die).
        self._bits: Callable[[int], int] = self._rng.getrandbits

    def roll(self, kind: DieKind, sides: int) -> int:
        if sides < 1:
            return self._rng.randrange(sides) + 1  # its ValueError
        bits = self._bits
        k = _BITS[sides] if sides < 64 else sides.bit_length()
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return r + 1

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        values = self.draw(dice)
        log.rolls(dice, values)
        return values

    def draw(self, dice: Sequence[tuple[DieKind, object]]) -> tuple[int, ...]:
        """The values of ``dice`` (``(kind, why)``) rolled in order, as :meth:`roll_grouped`
        answers them, written to no log (a context writes them to its own:
        ``KickoffContext.roll_dice``)."""
        if isinstance(dice, tuple):  # the rules' dice: no list
            n = len(dice)
            if n == 1:  # a test
                kind = dice[0][0]
                return (self.roll(kind, 6 if kind == "d6" else SIDES[kind]),)  # faces(kind)
            if n == 2:  # a contest, 2D6
                kind, second = dice[0][0], dice[1][0]
                first = self.roll(kind, 6 if kind == "d6" else SIDES[kind])
                return (first, self.roll(second, 6 if second == "d6" else SIDES[second]))
        return tuple([self.roll(kind, faces(kind)) for kind, _ in dice])

    def __reduce__(self) -> tuple[Callable[..., SeededDice], tuple[int, random.Random]]:
        # The same in both builds (a compiled class has no ``__dict__`` for pickle's default):
        # the generator as it is now, so the copy goes on with the same dice.
        return _seeded_dice, (self.seed, self._rng)

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"


def _seeded_dice(seed: int, rng: random.Random) -> SeededDice:
    """A pickled :class:`SeededDice` again (its ``__reduce__``)."""
    dice = SeededDice(seed)
    dice._rng, dice._bits = rng, rng.getrandbits
    return dice


def faces(kind: DieKind) -> int:
    """The number of faces of a fixed die kind, ``SIDES[kind]`` (a D6, most dice, without the
    look-up)."""
    return 6 if kind == "d6" else SIDES[kind]


@dataclass
class ScriptedDice(PlainDice):
    """Dice from one queue per kind, consumed in order (``pitch-and-dice.md``, "Scripted dice").

    Running out of a kind, or a value outside the die's range, raises ``DiceError`` naming the
    kind and the 0-based position in its queue; :meth:`check_exhausted` reports values left over.
    """

    queues: dict[str, list[int]]

    def __init__(self, queues: Mapping[str, Sequence[int]]) -> None:
        self.queues = {k: list(v) for k, v in queues.items()}
        self._pos: dict[str, int] = {k: 0 for k in self.queues}

    def roll(self, kind: DieKind, sides: int) -> int:
        queue = self.queues.get(kind)
        pos = self._pos.get(kind, 0)
        if queue is None or pos >= len(queue):
            raise DiceError.at(
                f"dice.{kind}[{pos}]", f"the scripted {kind} dice ran out "
                f"({pos} given, a {kind} of 1..{sides} was needed)"
            )
        value = queue[pos]
        if not 1 <= value <= sides:
            raise DiceError.at(f"dice.{kind}[{pos}]", f"{value} is out of range 1..{sides}")
        self._pos[kind] = pos + 1
        return value

    def check_exhausted(self) -> None:
        """Raise ``DiceError`` if any queue has values left unused, naming kind and position."""
        left = []
        for k, q in self.queues.items():
            pos = self._pos.get(k, 0)
            if pos < len(q):
                rest = q[pos:pos + UNUSED_SHOWN]
                shown = ", ".join(map(str, rest)) + (", ..." if pos + UNUSED_SHOWN < len(q) else "")
                left.append((f"dice.{k}[{pos}]",
                             f"{len(q) - pos} {k} value(s) left unused ([{shown}])"))
        if left:  # one sentence: the first kind's key path, then the others' in its message
            others = "".join(f"; {where}: {what}" for where, what in left[1:])
            raise DiceError.at(left[0][0], left[0][1] + others)


#: How many of the scripted dice left unused ``check_exhausted`` quotes (the rest: ``...``).
UNUSED_SHOWN: Final = 10


#: The largest seed a command takes (``--seed``: 0 to 2**64 - 1, docs/formats.md "Seeds").
MAX_SEED = 2**64 - 1


def new_seed() -> int:
    """A fresh seed for a run that was given neither dice nor a seed (0 to 2**31 - 1)."""
    return random.SystemRandom().randrange(2**31)
