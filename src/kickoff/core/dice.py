"""Chance: the one interface every random point of the rules goes through.

Every die the rules roll is asked of a :class:`Dice` as ``dice.roll(kind, sides)``; the answer is
an ``int`` in ``1..sides``. Three sources implement it:

- :class:`SeededDice`: a seeded generator (``random.Random``), reproducible on any machine;
- :class:`ScriptedDice`: one queue per die kind, as scenario files give them
  (``pitch-and-dice.md``, "Scripted dice");
- an enumerating source (see :func:`outcomes`): every die is uniform, so a chance node's outcomes
  are ``1..sides`` each with exact probability ``Fraction(1, sides)``; exact solvers enumerate
  them while samplers draw from them, through this same interface.

Die kinds (``pitch-and-dice.md``): ``d3``, ``d6``, ``d8``, ``d16``, ``block`` (five faces) and
``pick`` (a random choice among N candidates, value 1..N).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol

from kickoff.core.errors import DiceError

DieKind = Literal["d3", "d6", "d8", "d16", "block", "pick"]

#: The number of faces of each fixed die kind (``pick`` has as many as there are candidates).
SIDES: dict[DieKind, int] = {"d3": 3, "d6": 6, "d8": 8, "d16": 16, "block": 5}

#: Block dice faces, in the order of their values 1..5.
BLOCK_FACES: tuple[str, ...] = ("skull", "both_down", "push", "stumble", "pow")


class Dice(Protocol):
    """A source of dice. ``roll(kind, sides)`` returns an int in ``1..sides``.

    ``sides`` is the die's face count: ``SIDES[kind]`` for fixed dice, the number of candidates
    for a ``pick``. Raises :class:`~kickoff.core.errors.DiceError` when it cannot answer.
    """

    def roll(self, kind: DieKind, sides: int) -> int: ...


def outcomes(sides: int) -> tuple[tuple[int, Fraction], ...]:
    """The outcomes of a chance node: every value ``1..sides`` with probability ``1/sides``.

    >>> outcomes(3)
    ((1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))
    """
    p = Fraction(1, sides)
    return tuple((v, p) for v in range(1, sides + 1))


class SeededDice:
    """Dice from ``random.Random(seed)``: the same seed gives the same rolls on any machine."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, kind: DieKind, sides: int) -> int:
        return self._rng.randrange(sides) + 1

    def __repr__(self) -> str:
        return f"SeededDice({self.seed!r})"


@dataclass
class ScriptedDice:
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
            raise DiceError(
                f"dice.{kind}[{pos}]: the scripted {kind} dice ran out "
                f"({pos} given, a {kind} of 1..{sides} was needed)"
            )
        value = queue[pos]
        if not 1 <= value <= sides:
            raise DiceError(f"dice.{kind}[{pos}]: {value} is out of range 1..{sides}")
        self._pos[kind] = pos + 1
        return value

    def check_exhausted(self) -> None:
        """Raise ``DiceError`` if any queue has values left unused, naming kind and position."""
        left = [
            f"dice.{k}[{self._pos.get(k, 0)}]: {len(q) - self._pos.get(k, 0)} {k} value(s) "
            f"left unused ({q[self._pos.get(k, 0):]})"
            for k, q in self.queues.items()
            if self._pos.get(k, 0) < len(q)
        ]
        if left:
            raise DiceError("; ".join(left))


#: The largest seed a command takes (``--seed``: 0 to 2**64 - 1, docs/formats.md "Seeds").
MAX_SEED = 2**64 - 1


def new_seed() -> int:
    """A fresh seed for a run that was given neither dice nor a seed (0 to 2**31 - 1)."""
    return random.SystemRandom().randrange(2**31)
