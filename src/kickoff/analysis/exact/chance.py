"""A generic enumerator of chance: every outcome of a piece of the rules, with its probability.

There is no second copy of the rules here. The enumerator hands the rules a :class:`PathDice`,
which answers the dice of a chosen path of outcomes and, at the first die beyond it, stops the
rules with the list of that chance node's outcomes and their exact probabilities
(:class:`Branch`). Enumerating the paths (:func:`enumerate_runs`) therefore walks the same code
the seeded and scripted dice drive. The rules' grouped chance nodes (``kickoff.core.dice.Dice``:
several dice read through a summary, a re-roll until an allowed value, random choices of
candidates) are answered with one outcome per distinct summary, value or subset.

Probabilities are exact rationals (:data:`Q`, GMP's), converted to ``fractions.Fraction`` by
:func:`to_fraction` for whoever hands them out.
"""

from __future__ import annotations

import itertools
import math
import numbers
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any, Protocol, SupportsInt, TypeVar, cast

import gmpy2

from kickoff.core.dice import (
    SIDES,
    DiceLog,
    DieKind,
    choose_one_by_one,
    pick_one,
    roll_one_by_one,
)

T = TypeVar("T")



class Rational(Protocol):
    """What the solver asks of its exact rationals (GMP's ``mpq``, which ships no types): exact
    arithmetic with each other and with ints, comparison, and the numerator and denominator.
    Typing the probabilities through it (instead of ``Any``) lets mypy check every sum and
    product, and tells mypyc what a probability is."""

    @property
    def numerator(self) -> SupportsInt: ...  # GMP's mpz: not an int to mypyc
    @property
    def denominator(self) -> SupportsInt: ...
    def __add__(self, other: Rational | int, /) -> Rational: ...
    def __radd__(self, other: int, /) -> Rational: ...
    def __sub__(self, other: Rational | int, /) -> Rational: ...
    def __rsub__(self, other: int, /) -> Rational: ...
    def __mul__(self, other: Rational | int, /) -> Rational: ...
    def __rmul__(self, other: int, /) -> Rational: ...
    def __truediv__(self, other: Rational | int, /) -> Rational: ...
    def __rtruediv__(self, other: int, /) -> Rational: ...
    def __neg__(self) -> Rational: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __lt__(self, other: Rational | int, /) -> bool: ...
    def __gt__(self, other: Rational | int, /) -> bool: ...
    def __bool__(self) -> bool: ...
    def __float__(self) -> float: ...  # (nearest; bounds only, never a value)


#: The enumerator's exact rational (GMP's, several times faster than ``Fraction``):
#: ``Q(n, d)`` is n/d, ``Q(1)`` one.
Q = cast("Callable[..., Rational]", gmpy2.mpq)

#: A distribution over numbered states (state number -> exact probability).
Dist = dict[int, Rational]

#: A chance node's outcomes: ``(value, probability)`` pairs, probabilities summing to 1.
Options = tuple[tuple[Any, Rational], ...]


#: The most terms :func:`exact_sum` adds left to right (a few additions: no pairs needed).
_SHORT_SUM = 16


def exact_sum(terms: Iterable[Rational]) -> Rational:
    """The sum of ``terms`` (exact rationals), added in pairs, a balanced tree (``Q(0)`` for
    none; up to :data:`_SHORT_SUM` terms left to right): the same value as adding them left to
    right, faster when their denominators differ (a sum's denominator grows with each new one,
    so left to right every addition works on the whole of it; in pairs, most additions are of
    small numbers: issue 28's classic reviews, sums of a thousand values whose denominators are
    small loops' determinants)."""
    level = list(terms)
    if len(level) <= _SHORT_SUM:
        return sum(level[1:], level[0]) if level else Q(0)
    while len(level) > 1:
        paired = list(map(operator.add, level[::2], level[1::2]))  # (stops at the shorter)
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


class LowestTerms:
    """A numerator and a positive denominator already in lowest terms (an ``mpq``'s, which GMP
    keeps reduced), registered as a ``numbers.Rational``: ``Fraction`` takes any Rational's
    numerator and denominator as they are, so :func:`to_fraction` does not take again the gcd
    GMP took (Python's, on the values' thousands of digits: issue 28's reviews)."""

    def __init__(self, numerator: int, denominator: int) -> None:
        self.numerator = numerator
        self.denominator = denominator


numbers.Rational.register(LowestTerms)


def to_fraction(q: Rational) -> Fraction:
    """An exact ``Fraction`` from the enumerator's internal rational (in lowest terms, as GMP
    keeps it: the same ``Fraction`` as ``Fraction(numerator, denominator)``, no gcd taken)."""
    return Fraction(cast(numbers.Rational, LowestTerms(int(q.numerator), int(q.denominator))))


class Branch(Exception):
    """Raised by :class:`PathDice` at a chance node beyond its path: the node's outcomes."""

    def __init__(self, options: Options) -> None:
        super().__init__()  # (its message made only when shown: one is raised per chance node)
        self.options = options

    def __str__(self) -> str:
        return f"chance node with {len(self.options)} outcomes"


class PathDice:
    """Dice that follow ``path`` (the outcomes chosen so far) and raise :class:`Branch` beyond it.

    Besides ``roll``, it answers the grouped chance nodes of ``kickoff.core.dice.Dice`` directly
    with the equivalent distributions: ``roll_grouped`` (one outcome per distinct
    ``depends_on`` value, with the first values that give it), ``roll_among`` (a re-roll until
    an allowed value: uniform over the allowed values), ``choose_among`` (k of n candidates by
    successive picks: uniform over the k-subsets) and ``pick_among`` (one of n candidates).
    Each logs what it answers as the seeded dice's plain answers log theirs.

    ``relevant`` (optional) says which candidates of a random choice the solver's questions can
    ever tell apart. The others are lumped: a choice among them is answered by the first of them,
    with the total probability of all of them (for ``choose_among``: the subsets that agree on the
    relevant candidates, hypergeometrically). Without it every candidate is its own outcome.
    """

    __slots__ = ("forks", "i", "path", "relevant")

    def __init__(self, path: tuple[Any, ...], relevant: Callable[[Any], bool] | None = None) -> None:
        self.path = path
        self.i = 0
        self.relevant = relevant
        #: ``None``: a chance node beyond the path raises :class:`Branch`; a list (made so by
        #: :func:`enumerate_runs` with ``follow``): the node's last outcome is taken instead,
        #: added to :attr:`path`, and ``(the path before the node, its outcomes)`` noted here.
        self.forks: list[tuple[tuple[Any, ...], Options]] | None = None

    def _next(self, options: Callable[[], Options]) -> Any:
        if self.i < len(self.path):
            value = self.path[self.i]
            self.i += 1
            return value
        if self.forks is None:
            raise Branch(options())
        outcomes = options()
        self.forks.append((self.path, outcomes))
        value = outcomes[-1][0]
        self.path = (*self.path, value)
        self.i += 1
        return value

    def roll(self, kind: DieKind, sides: int) -> int:
        value: int = self._next(lambda: _uniform(sides))
        return value

    def roll_among(
        self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str, log: DiceLog
    ) -> int:
        def options() -> Options:
            allowed = [v for v in range(1, sides + 1) if ok(v)]
            p = Q(1, len(allowed))
            return tuple((v, p) for v in allowed)

        value: int = self._next(options)
        log.roll(kind, value, why)
        return value

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        values: tuple[int, ...] = self._next(lambda: self._grouped(dice, depends_on, concerns))
        log.rolls(dice, values)
        return values

    def _grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
    ) -> Options:
        """The outcomes of ``roll_grouped``: one per distinct ``depends_on`` value."""
        sides = [SIDES[kind] for kind, _ in dice]
        if concerns is not None and self.relevant is not None and not self.relevant(concerns):
            # the roll decides only the fate of a player no question looks at: one outcome
            return ((tuple(1 for _ in sides), Q(1)),)
        groups: dict[Hashable, tuple[tuple[int, ...], int]] = {}
        for values in itertools.product(*(range(1, n + 1) for n in sides)):
            key = depends_on(values)
            first, count = groups.get(key, (values, 0))
            groups[key] = (first, count + 1)
        total = math.prod(sides)
        return tuple((first, Q(count, total)) for first, count in groups.values())

    def _split(self, candidates: Sequence[Any]) -> tuple[list[int], list[int]]:
        relevant = self.relevant
        if relevant is None:
            return list(range(len(candidates))), []
        seen = [i for i, c in enumerate(candidates) if relevant(c)]
        lumped = [i for i, c in enumerate(candidates) if not relevant(c)]
        return seen, lumped

    def choose_among(
        self, candidates: Sequence[Any], k: int, why: str, log: DiceLog
    ) -> tuple[int, ...]:
        def options() -> Options:
            n = len(candidates)
            seen, lumped = self._split(candidates)
            total = math.comb(n, k)
            out = []
            for j in range(max(0, k - len(lumped)), min(k, len(seen)) + 1):
                # j of the relevant candidates (each such j-subset), the rest from the lumped
                p = Q(math.comb(len(lumped), k - j), total)
                for chosen in itertools.combinations(seen, j):
                    out.append((tuple(sorted((*chosen, *lumped[:k - j]))), p))
            return tuple(out)

        value: tuple[int, ...] = self._next(options)
        log.roll("pick", list(value), why)
        return value

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
        def options() -> Options:
            n = len(candidates)
            seen, lumped = self._split(candidates)
            out = [(i, Q(1, n)) for i in seen]
            if lumped:
                out.append((lumped[0], Q(len(lumped), n)))
            return tuple(out)

        value: int = self._next(options)
        log.roll("pick", value + 1, why)
        return value


def _uniform(sides: int) -> Options:
    """A die's outcomes, each ``1/sides``: one rational for them all (the solver's sums then
    meet the same object again, e.g. ``chain.Nodes.push``'s products)."""
    p = Q(1, sides)
    return tuple((v, p) for v in range(1, sides + 1))


class UngroupedPathDice(PathDice):
    """:class:`PathDice` that group nothing: several dice, a random choice of one or ``k``
    candidates are answered die by die, pick by pick, as seeded dice roll them
    (``kickoff.core.dice.PlainDice``). Only a re-roll until an allowed value stays one node
    (rolled die by die it would have no end). The same distributions as :class:`PathDice`
    without ``relevant``, with many more branches: the tests' check of the grouping."""

    __slots__ = ()

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        return roll_one_by_one(self, dice, log)

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
        return pick_one(self, candidates, why, log)

    def choose_among(
        self, candidates: Sequence[Any], k: int, why: str, log: DiceLog
    ) -> tuple[int, ...]:
        return choose_one_by_one(self, candidates, k, why, log)


class OwnRollDice(PathDice):
    """:class:`PathDice` that do not branch on a roll deciding one player's fate alone (``Dice.
    roll_grouped``'s ``concerns``: classic Pitch Invasion's D6 for each player): the ``j``-th
    such roll is answered ``answers[j]`` if given, else its first outcome, and noted in
    :attr:`own` (the player, the node's outcomes), never lumped; every other chance node as
    :class:`PathDice`. By the rules' word (``concerns``: the roll decides that player's fate
    alone), each such roll changes its player only and nothing else reads it, so a run's
    worlds are the product of those rolls' own outcomes: ``exact.events`` reads each one's
    effect from a run with it answered otherwise (one run per outcome, not one per
    combination), and checks that only its player changed."""

    __slots__ = ("answers", "own")

    def __init__(self, path: tuple[Any, ...], relevant: Callable[[Any], bool] | None = None,
                 answers: dict[int, tuple[int, ...]] | None = None) -> None:
        super().__init__(path, relevant)
        self.answers: dict[int, tuple[int, ...]] = {} if answers is None else answers
        self.own: list[tuple[Any, Options]] = []

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        if concerns is None:
            return super().roll_grouped(dice, depends_on, concerns, log)
        options = self._grouped(dice, depends_on, None)
        j = len(self.own)
        self.own.append((concerns, options))
        values: tuple[int, ...] = self.answers[j] if j in self.answers else options[0][0]
        log.rolls(dice, values)
        return values


class ExpandDice(PathDice):
    """Dice that replay one lumped path (``forced``, as :class:`PathDice` with ``relevant`` chose
    it) and enumerate, through their own ``path``, every way the lumped choices could have gone:
    the worlds a lumped world stands for, each with its probability given the lumped path."""

    __slots__ = ("fi", "forced")

    def __init__(
        self, path: tuple[Any, ...], forced: tuple[Any, ...], relevant: Callable[[Any], bool]
    ) -> None:
        super().__init__(path, relevant)
        self.forced = forced
        self.fi = 0

    def _forced(self) -> Any:
        value = self.forced[self.fi]
        self.fi += 1
        return value

    def roll(self, kind: DieKind, sides: int) -> int:
        value: int = self._forced()
        return value

    def roll_among(
        self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str, log: DiceLog
    ) -> int:
        value: int = self._forced()
        log.roll(kind, value, why)
        return value

    def roll_grouped(
        self,
        dice: Sequence[tuple[DieKind, str]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any,
        log: DiceLog,
    ) -> tuple[int, ...]:
        values: tuple[int, ...] = self._forced()
        if concerns is not None and self.relevant is not None and not self.relevant(concerns):
            # the lumped roll, every way
            values = self._next(lambda: self._grouped(dice, depends_on, None))
        log.rolls(dice, values)
        return values

    def choose_among(
        self, candidates: Sequence[Any], k: int, why: str, log: DiceLog
    ) -> tuple[int, ...]:
        value: tuple[int, ...] = self._forced()
        _, lumped = self._split(candidates)
        kept = [i for i in value if i not in lumped]
        m = k - len(kept)
        if m:
            def options() -> Options:
                subsets = list(itertools.combinations(lumped, m))
                p = Q(1, len(subsets))
                return tuple((tuple(sorted((*kept, *c))), p) for c in subsets)

            value = self._next(options)
        log.roll("pick", list(value), why)
        return value

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
        value: int = self._forced()
        _, lumped = self._split(candidates)
        if value in lumped:
            p = Q(1, len(lumped))
            value = self._next(lambda: tuple((i, p) for i in lumped))
        log.roll("pick", value + 1, why)
        return value


def enumerate_runs(
    run: Callable[[PathDice], T],
    relevant: Callable[[Any], bool] | None = None,
    dice: Callable[[tuple[Any, ...]], PathDice] | None = None,
    follow: bool = False,
) -> list[tuple[Rational, T]]:
    """Every outcome of ``run`` (which rolls only through the dice it is given) with its exact
    probability: ``[(p, value), ...]``, probabilities (exact rationals, ``Q``) summing to 1.
    ``run`` is re-played from the start for each path, so it must not change anything it does not
    create itself. ``relevant``: see :class:`PathDice`; ``dice``: how to make the dice for a
    path (default ``PathDice(path, relevant)``).

    ``follow``: a run goes on past its path, each chance node answered with its last outcome
    (``PathDice.forks``), its other outcomes left for later runs, so each run ends in an outcome
    (without it, a run stops at the first node beyond its path, and is played again from the
    start for each of that node's outcomes: about twice the runs for a tree of two-way nodes,
    Pitch Invasion's). The same outcomes, probabilities and order either way: the runs are
    taken depth first, the last outcome first; ``run`` must then not catch ``Branch`` (it is
    not raised)."""
    make = dice or (lambda path: PathDice(path, relevant))
    return _followed_runs(run, make) if follow else _stopped_runs(run, make)


def _stopped_runs(run: Callable[[PathDice], T], make: Callable[[tuple[Any, ...]], PathDice]
                  ) -> list[tuple[Rational, T]]:
    """:func:`enumerate_runs` without ``follow``: each run stops at the first chance node beyond
    its path (:class:`Branch`), its outcomes pushed for the runs after."""
    results: list[tuple[Rational, T]] = []
    one = Q(1)
    stack: list[tuple[tuple[Any, ...], Rational]] = [((), one)]
    while stack:
        path, p = stack.pop()
        try:
            value = run(make(path))
        except Branch as b:  # (at the first node, each outcome's own rational: no product)
            stack.extend(((*path, v), q if p is one else p * q) for v, q in b.options)
            continue
        results.append((p, value))
    return results


def _followed_runs(run: Callable[[PathDice], T], make: Callable[[tuple[Any, ...]], PathDice]
                   ) -> list[tuple[Rational, T]]:
    """:func:`enumerate_runs` with ``follow``: each run goes on past its path, the nodes it
    meets there forked (:func:`_forked`)."""
    results: list[tuple[Rational, T]] = []
    one = Q(1)
    stack: list[tuple[tuple[Any, ...], Rational]] = [((), one)]
    while stack:
        path, p = stack.pop()
        d = make(path)
        d.forks = []
        value = run(d)
        if d.forks:
            p = _forked(stack, d.forks, p, one)
        results.append((p, value))
    return results


def _forked(stack: list[tuple[tuple[Any, ...], Rational]],
            forks: list[tuple[tuple[Any, ...], Options]], p: Rational, one: Rational) -> Rational:
    """A followed run's nodes beyond its path (``forks``: the path before each, its outcomes),
    their outcomes not taken pushed on :func:`enumerate_runs`' ``stack`` (in the order a run
    stopped at each node would have pushed them, the taken last one's turn past); the taken
    outcomes' probability times ``p``, the run's."""
    for before, outcomes in forks:
        last = len(outcomes) - 1
        for j, (v, q) in enumerate(outcomes):
            if j < last:
                stack.append(((*before, v), q if p is one else p * q))
            else:
                p = q if p is one else p * q
    return p


def merge(pairs: Iterable[tuple[Rational, T]]) -> dict[T, Rational]:
    """Add up the probabilities of equal outcomes (``T`` hashable)."""
    out: dict[T, Rational] = {}
    for p, v in pairs:
        out[v] = out[v] + p if v in out else p
    return out
