"""Exact kick-off odds from the rules themselves: chance nodes enumerated, loops solved.

There is no second copy of the rules here. The solver hands the rules a :class:`PathDice`, which
answers the dice of a chosen path of outcomes and, at the first die beyond it, stops the rules
with the list of that chance node's outcomes and their exact probabilities. Enumerating the paths
(:func:`enumerate_runs`) therefore walks the same code the seeded and scripted dice drive.

A kick-off is solved in three parts:

1. the deviation (and the kicker's choice), enumerated for the target;
2. the Kick-off event, enumerated once for the set-up: with the default decisions no event
   depends on where the ball is coming down (Changing Weather's scatter is part of the ball's
   journey, ``ball.InAir``); random choices of players no journey can see are lumped
   (:meth:`KickoffSolver.worlds`);
3. the ball's journey (``ball.step``) from each landing, in each world the event left, read as an
   absorbing Markov chain and solved exactly with fractions, so a failed catch that bounces to
   another player who may fail too is solved, not truncated. Worlds are told apart only where a
   journey reads them (:meth:`KickoffSolver._group_distribution`); a touchback is resolved by
   who takes it (:meth:`KickoffSolver._award`).

The receiving coach's two choices (``Decisions.high_kick``, ``Decisions.touchback``) may be
given. A named touchback taker takes the ball in every world where he can (else the default
taker does, as ``kickoff simulate`` plays it). A named High Kick player makes the High Kick
event depend on the landing: its worlds are set apart from part 2 and, for each landing, the
ruleset's own High Kick handler is played through a context that knows the landing
(:meth:`KickoffSolver._high_kick_journey`).

Probabilities are :class:`fractions.Fraction` in [0, 1]; floats only for display.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, TypeVar

import gmpy2

from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import DieKind
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import kick_until_landing, landing_state, roll_event
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState, Player

T = TypeVar("T")

#: The solver's internal exact rational (GMP's, several times faster than ``Fraction``); every
#: probability it hands out is converted to a ``fractions.Fraction``.
Q = gmpy2.mpq


def to_fraction(q: Any) -> Fraction:
    """An exact ``Fraction`` from the solver's internal rational."""
    return Fraction(int(q.numerator), int(q.denominator))

Events = Literal["none", "all"]


class Branch(Exception):
    """Raised by :class:`PathDice` at a chance node beyond its path: the node's outcomes."""

    def __init__(self, options: tuple[tuple[Any, Any], ...]) -> None:
        super().__init__(f"chance node with {len(options)} outcomes")
        self.options = options


class PathDice:
    """Dice that follow ``path`` (the outcomes chosen so far) and raise :class:`Branch` beyond it.

    Besides ``roll``, it answers the rules' helpers directly with the equivalent distributions:
    ``roll_among`` (a re-roll until an allowed value: uniform over the allowed values),
    ``choose_among`` (k of n candidates by successive picks: uniform over the k-subsets) and
    ``pick_among`` (one of n candidates).

    ``relevant`` (optional) says which candidates of a random choice the solver's questions can
    ever tell apart. The others are lumped: a choice among them is answered by the first of them,
    with the total probability of all of them (for ``choose_among``: the subsets that agree on the
    relevant candidates, hypergeometrically). Without it every candidate is its own outcome.
    """

    __slots__ = ("i", "path", "relevant")

    def __init__(self, path: tuple[Any, ...], relevant: Callable[[Any], bool] | None = None) -> None:
        self.path = path
        self.i = 0
        self.relevant = relevant

    def _next(self, options: Callable[[], tuple[tuple[Any, Any], ...]]) -> Any:
        if self.i < len(self.path):
            value = self.path[self.i]
            self.i += 1
            return value
        raise Branch(options())

    def roll(self, kind: DieKind, sides: int) -> int:
        value: int = self._next(lambda: tuple((v, Q(1, sides)) for v in range(1, sides + 1)))
        return value

    def roll_among(self, kind: DieKind, sides: int, allowed: list[int]) -> int:
        def options() -> tuple[tuple[Any, Any], ...]:
            p = Q(1, len(allowed))
            return tuple((v, p) for v in allowed)

        value: int = self._next(options)
        return value

    def roll_grouped(
        self,
        sides: list[int],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any = None,
    ) -> tuple[int, ...]:
        def options() -> tuple[tuple[Any, Any], ...]:
            if concerns is not None and self.relevant is not None and not self.relevant(concerns):
                # the roll decides only the fate of a player no question looks at: one outcome
                return ((tuple(1 for _ in sides), Q(1)),)
            groups: dict[Hashable, tuple[tuple[int, ...], int]] = {}
            for values in itertools.product(*(range(1, n + 1) for n in sides)):
                key = depends_on(values)
                first, count = groups.get(key, (values, 0))
                groups[key] = (first, count + 1)
            total = 1
            for n in sides:
                total *= n
            return tuple((first, Q(count, total)) for first, count in groups.values())

        value: tuple[int, ...] = self._next(options)
        return value

    def _split(self, candidates: Sequence[Any]) -> tuple[list[int], list[int]]:
        relevant = self.relevant
        if relevant is None:
            return list(range(len(candidates))), []
        seen = [i for i, c in enumerate(candidates) if relevant(c)]
        lumped = [i for i, c in enumerate(candidates) if not relevant(c)]
        return seen, lumped

    def choose_among(self, candidates: Sequence[Any], k: int) -> tuple[int, ...]:
        def options() -> tuple[tuple[Any, Any], ...]:
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
        return value

    def pick_among(self, candidates: Sequence[Any]) -> int:
        def options() -> tuple[tuple[Any, Any], ...]:
            n = len(candidates)
            seen, lumped = self._split(candidates)
            out = [(i, Q(1, n)) for i in seen]
            if lumped:
                out.append((lumped[0], Q(len(lumped), n)))
            return tuple(out)

        value: int = self._next(options)
        return value


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

    def roll_among(self, kind: DieKind, sides: int, allowed: list[int]) -> int:
        value: int = self._forced()
        return value

    def roll_grouped(
        self,
        sides: list[int],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Any = None,
    ) -> tuple[int, ...]:
        value: tuple[int, ...] = self._forced()
        if concerns is None or self.relevant is None or self.relevant(concerns):
            return value
        return PathDice.roll_grouped(self, sides, depends_on)  # the lumped roll, every way

    def choose_among(self, candidates: Sequence[Any], k: int) -> tuple[int, ...]:
        value: tuple[int, ...] = self._forced()
        _, lumped = self._split(candidates)
        kept = [i for i in value if i not in lumped]
        m = k - len(kept)
        if m == 0:
            return value

        def options() -> tuple[tuple[Any, Any], ...]:
            subsets = list(itertools.combinations(lumped, m))
            p = Q(1, len(subsets))
            return tuple((tuple(sorted((*kept, *c))), p) for c in subsets)

        chosen: tuple[int, ...] = self._next(options)
        return chosen

    def pick_among(self, candidates: Sequence[Any]) -> int:
        value: int = self._forced()
        _, lumped = self._split(candidates)
        if value not in lumped:
            return value
        p = Q(1, len(lumped))
        chosen: int = self._next(lambda: tuple((i, p) for i in lumped))
        return chosen


def enumerate_runs(
    run: Callable[[PathDice], T],
    relevant: Callable[[Any], bool] | None = None,
    dice: Callable[[tuple[Any, ...]], PathDice] | None = None,
) -> list[tuple[Any, T]]:
    """Every outcome of ``run`` (which rolls only through the dice it is given) with its exact
    probability: ``[(p, value), ...]``, probabilities (exact rationals, ``Q``) summing to 1.
    ``run`` is re-played from the start for each path, so it must not change anything it does not
    create itself. ``relevant``: see :class:`PathDice`; ``dice``: how to make the dice for a
    path (default ``PathDice(path, relevant)``)."""
    results: list[tuple[Any, T]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), Q(1))]
    make = dice or (lambda path: PathDice(path, relevant))
    while stack:
        path, p = stack.pop()
        try:
            value = run(make(path))
        except Branch as b:
            stack.extend(((*path, v), p * q) for v, q in b.options)
            continue
        results.append((p, value))
    return results


def merge(pairs: Iterable[tuple[Any, T]]) -> dict[T, Any]:
    """Add up the probabilities of equal outcomes (``T`` hashable)."""
    out: dict[T, Any] = {}
    for p, v in pairs:
        out[v] = out.get(v, 0) + p
    return out


End = ball.Held | ball.Rests


class ChainSolver:
    """Exact end distributions of an absorbing Markov chain, state by state, with memory.

    ``transitions(s)`` gives the next states of a non-end state with their probabilities. States
    are solved a strongly connected component at a time (Tarjan's algorithm), successors first:
    a state outside any loop costs one weighted sum; a loop (a failed catch bouncing to another
    player who may fail too, and back) is solved by Gaussian elimination over fractions, not
    truncated. Every state solved is remembered, so journeys sharing states share the work.
    """

    def __init__(
        self,
        transitions: Callable[[Any], dict[Any, Any]],
        is_end: Callable[[Any], bool],
        reads: Callable[[Any], frozenset[Any]] | None = None,
        reuse: Callable[[Any], tuple[dict[Any, Any], frozenset[Any]] | None] | None = None,
    ) -> None:
        self.transitions = transitions
        self.is_end = is_end
        self.solved: dict[Any, dict[Any, Any]] = {}
        self._edges: dict[Any, dict[Any, Any]] = {}
        #: With ``reads`` (what one step from a state looks at): for every solved state, all that
        #: its journey to the end can look at (``region``).
        self.reads = reads
        self.region: dict[Any, frozenset[Any]] = {}
        #: ``reuse(s)``: a solution and region known from elsewhere (another chain that agrees
        #: on everything the journey from ``s`` looks at), or ``None``.
        self.reuse = reuse

    def solve(self, start: Any) -> dict[Any, Any]:
        """The distribution of the end state reached from ``start``."""
        if self.is_end(start):
            return {start: Q(1)}
        if start not in self.solved and not self._reused(start):
            self._tarjan(start)
        return self.solved[start]

    def region_of(self, start: Any) -> frozenset[Any]:
        """Everything the journey from ``start`` looks at (needs ``reads``; solves first)."""
        if self.is_end(start):
            return frozenset()
        self.solve(start)
        return self.region[start]

    def _edges_of(self, s: Any) -> dict[Any, Any]:
        edges = self._edges.get(s)
        if edges is None:
            edges = self._edges[s] = self.transitions(s)
        return edges

    def _reused(self, s: Any) -> bool:
        if self.reuse is None:
            return False
        known = self.reuse(s)
        if known is None:
            return False
        self.solved[s], self.region[s] = known
        return True

    def _tarjan(self, root: Any) -> None:
        index: dict[Any, int] = {}
        low: dict[Any, int] = {}
        stack: list[Any] = []
        on_stack: set[Any] = set()
        counter = 0
        work: list[tuple[Any, Any]] = [(root, None)]
        iters: dict[Any, Any] = {}
        solved = self.solved
        while work:
            node, _ = work[-1]
            if node not in index:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
                iters[node] = iter([t for t in self._edges_of(node)
                                    if not self.is_end(t) and t not in solved
                                    and not self._reused(t)])
            advanced = False
            for t in iters[node]:
                if t not in index:
                    work.append((t, node))
                    advanced = True
                    break
                if t in on_stack:
                    low[node] = min(low[node], index[t])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                self._solve_component(component)
                if self.reads is not None:
                    self._region_of_component(component)

    def _region_of_component(self, component: list[Any]) -> None:
        reads = self.reads
        assert reads is not None
        members = set(component)
        region: set[Any] = set()
        for s in component:
            region |= reads(s)
            for t in self._edges[s]:
                if t not in members and not self.is_end(t):
                    region |= self.region[t]
        frozen = frozenset(region)
        for s in component:
            self.region[s] = frozen

    def _solve_component(self, component: list[Any]) -> None:
        members = set(component)
        if len(component) == 1 and component[0] not in self._edges[component[0]]:
            s = component[0]
            self.solved[s] = self._combine(self._edges[s].items())
            return
        # (I - Q) x = R over the component; R from ends and already solved successors. Each
        # row is keyed by the states it involves and ("end", end) for its right-hand side.
        rows: dict[Any, dict[Any, Any]] = {}
        for s in component:
            eq: dict[Any, Any] = {s: Q(1)}
            outside: list[tuple[Any, Any]] = []
            for t, p in self._edges[s].items():
                if t in members:
                    eq[t] = eq.get(t, Q(0)) - p
                else:
                    outside.append((t, p))
            for end, q in self._combine(outside).items():
                eq[("end", end)] = q
            rows[s] = eq
        # Gauss-Jordan, the sparsest remaining row first (an arrival that can only be caught or
        # bounce is cheap to eliminate and keeps the others sparse).
        remaining = set(component)
        while remaining:
            c = min(remaining, key=lambda r: len(rows[r]))
            remaining.discard(c)
            prow = rows[c]
            inv = 1 / prow[c]
            for key in prow:
                prow[key] *= inv
            for r, row_r in rows.items():
                factor = row_r.get(c) if r != c else None
                if factor:
                    for key, val in prow.items():
                        row_r[key] = row_r.get(key, Q(0)) - factor * val
                    del row_r[c]
        for s, row in rows.items():
            self.solved[s] = {key[1]: p for key, p in row.items()
                              if isinstance(key, tuple) and p != 0}

    def _combine(self, weighted: Iterable[tuple[Any, Any]]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for t, p in weighted:
            if self.is_end(t):
                out[t] = out.get(t, Q(0)) + p
            else:
                for end, q in self.solved[t].items():
                    out[end] = out.get(end, Q(0)) + p * q
        return out


@dataclass
class Odds:
    """The exact distribution of a kick-off's end (probabilities are fractions in [0, 1]).

    ``holders``: player id -> P(he ends holding the ball); ``ground``: square -> P(the ball ends
    there, on the ground); ``expected_distance_to_receiving_end_zone`` in squares (the ball's
    ``x`` distance from the End Zone the receiving team defends).
    """

    target: Square
    events: Events
    touchback: Fraction
    receiving_team_holds: Fraction
    holders: dict[str, Fraction]
    ground: dict[Square, Fraction]
    expected_distance_to_receiving_end_zone: Fraction
    #: The end states' probabilities in the solver's own rationals (see :attr:`ends`).
    exact_ends: dict[Any, Any] = field(repr=False, default_factory=dict)

    @functools.cached_property
    def ends(self) -> dict[Any, Fraction]:
        """Every end state of the kick-off (``ball.Held`` / ``ball.Rests``) -> its exact
        probability (converted on first use)."""
        return {end: to_fraction(p) for end, p in self.exact_ends.items()}

    def to_json(self) -> dict[str, Any]:
        """The JSON form: probabilities as exact fraction strings (``"7/48"``)."""
        return {
            "target": self.target.as_list(),
            "events": self.events,
            "touchback": str(self.touchback),
            "receiving_team_holds": str(self.receiving_team_holds),
            "holders": {pid: str(p) for pid, p in sorted(self.holders.items())},
            "ground": [{"square": sq.as_list(), "p": str(p)}
                       for sq, p in sorted(self.ground.items())],
            "expected_distance_to_receiving_end_zone":
                str(self.expected_distance_to_receiving_end_zone),
        }


@dataclass(frozen=True)
class _Diff:
    """How a world after the event differs from the set-up: the players changed (their new
    square, status and skills, and the square they had) and who would take a touchback."""

    entries: frozenset[tuple[str, Square | None, str, frozenset[str], Square | None]]
    #: What a touchback looks at (:func:`_award_key`): who takes the ball, or (nobody) the
    #: receiving team's players and the occupied squares.
    award_key: tuple[Hashable, ...]

    def restricted(self, entries: frozenset[Any]) -> frozenset[Any]:
        """This world's changes among ``entries``."""
        return self.entries & entries


def _taker(state: GameState, chosen: str | None) -> str | None:
    """The touchback decision played in ``state``: the ``chosen`` player while he can take the
    ball there (Standing, able to catch), else ``None``, the default taker (as ``kickoff
    simulate`` plays ``--touchback``)."""
    if chosen is None:
        return None
    p = state.players.get(chosen)
    return chosen if p is not None and p.can_catch() else None


def _award_key(state: GameState, chosen: str | None = None) -> tuple[Hashable, ...]:
    """What a touchback with the decision :func:`_taker` plays looks at: ``(id, square)`` of the
    ``chosen`` player if he can take the ball, else of the first receiving player who can; with
    nobody, ``(None, every player, the weather)``."""
    taker = _taker(state, chosen)
    if taker is not None:
        return taker, state.players[taker].square
    receiving = state.teams[state.receiving]
    for p in receiving.players:
        if p.can_catch():
            return p.id, p.square
    # Nobody to take it: it is placed, or bounces from a downed player and may be caught
    # anywhere (every player and the weather count).
    return (None, tuple((p.id, p.square, p.status, p.skills, p.ag)
                        for team in state.teams.values() for p in team.players), state.weather)


def _differences(base: GameState, world: GameState, chosen: str | None = None) -> _Diff:
    entries = []
    for pid in world.changed():
        p, b = world.players[pid], base.players[pid]
        if "disturbing_presence" in b.skills - p.skills:
            # _touches reads the new skills: a lost Disturbing Presence would go unseen
            raise RuntimeError(f"exact odds: {pid} lost Disturbing Presence in an event")
        if (p.square, p.status, p.skills) != (b.square, b.status, b.skills):
            entries.append((pid, p.square, p.status, p.skills, b.square))
    return _Diff(frozenset(entries), _award_key(world, chosen))


#: The 3x3 block around a square: a step of the ball from an arrival or a bounce there reads
#: only these squares (who stands there, who is adjacent to a catcher), unless skills on the
#: pitch let it read further (``ball.reach``: Diving Catch, Disturbing Presence).
_BLOCK = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


@functools.cache
def _block_offsets(reach: int) -> tuple[tuple[int, int], ...]:
    """The offsets of the square block of side ``2 * reach + 1`` around a square."""
    if reach == 1:
        return _BLOCK
    span = range(-reach, reach + 1)
    return tuple((dx, dy) for dx in span for dy in span)


#: What a step of the ball reads of a square: everything about who is there (``_FULL``), only
#: whether somebody is (``_OCCUPIED``), or only whether a Disturbing Presence player of either
#: side is there (``_PRESENCE``).
_FULL, _OCCUPIED, _PRESENCE = 0, 1, 2

#: ``ball.reach`` of a set-up without Diving Catch or Disturbing Presence.
_PLAIN = (1, 0)


def _reads(world: GameState, s: Any, reach: tuple[int, int] = _PLAIN
           ) -> frozenset[tuple[int, Square]]:
    """What one step of the ball from ``s`` in ``world`` looks at, as ``(kind, square)``: an
    arrival reads who is on its square and, if he can catch, every player adjacent to him (tackle
    zones); a bounce reads only whether its eight neighbours are occupied; the others read no
    player. With Diving Catch or Disturbing Presence on the pitch (``reach``, ``ball.reach`` of
    the set-up: ``(full, presence)``), an arrival reads everything within ``full`` squares and
    where Disturbing Presence players stand within ``presence``."""
    if isinstance(s, ball.Arrive):
        if reach != _PLAIN:
            return _full_block(s.square, reach[0]) | _presence_block(s.square, reach[1])
        p = world.board.get(s.square)
        if p is not None and p.can_catch():
            return _full_block(s.square)
        return frozenset(((_FULL, s.square),))
    if isinstance(s, ball.Bounce):
        return _occupied_ring(s.square)
    return frozenset()


@functools.cache
def _full_block(sq: Square, reach: int = 1) -> frozenset[tuple[int, Square]]:
    x, y = sq
    return frozenset((_FULL, Square(x + dx, y + dy)) for dx, dy in _block_offsets(reach))


@functools.cache
def _presence_block(sq: Square, reach: int) -> frozenset[tuple[int, Square]]:
    if reach == 0:
        return frozenset()
    x, y = sq
    return frozenset((_PRESENCE, Square(x + dx, y + dy)) for dx, dy in _block_offsets(reach))


@functools.cache
def _occupied_ring(sq: Square) -> frozenset[tuple[int, Square]]:
    x, y = sq
    return frozenset((_OCCUPIED, Square(x + dx, y + dy)) for dx, dy in _BLOCK if dx or dy)


def _touches(entry: tuple[Any, ...]) -> list[tuple[int, Square]]:
    """The reads a change of a player matters to: anything about his old and new squares, and
    their occupation if he moved (and, with Disturbing Presence, where it is)."""
    _, new, _, skills, old = entry
    out = [(_FULL, sq) for sq in (new, old) if sq is not None]
    if new != old:
        out += [(_OCCUPIED, sq) for sq in (new, old) if sq is not None]
        if "disturbing_presence" in skills:
            out += [(_PRESENCE, sq) for sq in (new, old) if sq is not None]
    return out


@dataclass
class _Group:
    """Worlds the event can leave that share rain (or not) and the scatters before landing."""

    ref: GameState
    scatters: int
    chain: ChainSolver
    award_key: tuple[Hashable, ...]
    mass: Any = 0
    members: list[tuple[Any, GameState, _Diff]] = field(default_factory=list)
    by_entry: dict[Any, list[int]] = field(default_factory=dict)
    #: Each read (see :func:`_reads`) -> the changes (of any world) it would see.
    entries_at: dict[tuple[int, Square], set[Any]] = field(default_factory=dict)
    #: One world for each way a touchback can be awarded (by award key).
    award_worlds: dict[Hashable, GameState] = field(default_factory=dict)
    #: The whole group's touchback awards: award key -> total probability of its worlds.
    award_weights: dict[Hashable, Any] = field(default_factory=dict)
    results: dict[int, dict[int, Any]] = field(default_factory=dict)
    partitions: dict[frozenset[Any], dict[frozenset[Any], tuple[Any, list[int]]]] = (
        field(default_factory=dict))
    touched: dict[frozenset[Any], frozenset[Any]] = field(default_factory=dict)
    #: The journey solver of each member world, by member index.
    chains: dict[int, ChainSolver] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.award_worlds[self.award_key] = self.ref

    def add(self, p: Any, world: GameState, diff: _Diff) -> None:
        self.mass += p
        self.award_weights[diff.award_key] = self.award_weights.get(diff.award_key, 0) + p
        if not diff.entries:
            return  # the reference world itself (in this weather): never affected
        self.award_worlds.setdefault(diff.award_key, world)
        i = len(self.members)
        self.members.append((p, world, diff))
        for e in diff.entries:
            self.by_entry.setdefault(e, []).append(i)
            for read in _touches(e):
                self.entries_at.setdefault(read, set()).add(e)

    def award_weights_of(self, members: Iterable[int]) -> dict[Hashable, Any]:
        """Award key -> total probability, over the worlds ``members``."""
        out: dict[Hashable, Any] = {}
        for i in members:
            p, _, diff = self.members[i]
            out[diff.award_key] = out.get(diff.award_key, 0) + p
        return out

    def touching(self, region: frozenset[tuple[int, Square]]) -> frozenset[Any]:
        """Every change (of any world) that a read of ``region`` would see (remembered: the
        states of a loop share one region)."""
        known = self.touched.get(region)
        if known is not None:
            return known
        found: set[Any] = set()
        for read in region:
            entries = self.entries_at.get(read)
            if entries:
                found |= entries
        frozen = self.touched[region] = frozenset(found)
        return frozen

    def partition(self, seen: frozenset[Any]) -> dict[frozenset[Any], tuple[Any, list[int]]]:
        """The worlds with a change in ``seen``, split by those changes: key -> (total
        probability, member indexes). Remembered."""
        cached = self.partitions.get(seen)
        if cached is not None:
            return cached
        affected: set[int] = set()
        for e in seen:
            affected.update(self.by_entry[e])
        parts: dict[frozenset[Any], tuple[Any, list[int]]] = {}
        for i in affected:
            p, _, diff = self.members[i]
            key = diff.restricted(seen)
            mass, members = parts.get(key, (Q(0), []))
            members.append(i)
            parts[key] = (mass + p, members)
        self.partitions[seen] = parts
        return parts


#: Every touchback as one state: where the ball left the pitch changes nothing that follows (the
#: award reads only the receiving team and the board), so the solver keeps one of them.
_TOUCHBACK = ball.Touchback(Square(-1, -1))


#: Where the solver's journeys stop: the ends, and a touchback (resolved by the award).
_STOPS = (ball.Held, ball.Rests, ball.Touchback)


def _signature(p: Player | None) -> Hashable:
    """Everything about a player a step of the ball may read."""
    if p is None:
        return None
    return (p.id, p.side, p.status, p.skills, p.ag, p.st, p.ma, p.av, p.effects)


def _number(s: Any, ids: dict[Any, int], states: list[Any], stops: list[bool]) -> int:
    """The number of journey state ``s`` (canonical: every touchback is one state), given one if
    new: ``states[i]`` is the state numbered ``i``, ``stops[i]`` whether a journey stops there."""
    s = _canonical(s)
    i = ids.get(s)
    if i is None:
        i = ids[s] = len(states)
        states.append(s)
        stops.append(isinstance(s, _STOPS))
    return i


def _canonical(s: Any) -> Any:
    return _TOUCHBACK if isinstance(s, ball.Touchback) else s


@dataclass(frozen=True)
class _Landing:
    """Where a deviation brought the ball (or, with no kick, where the journey starts)."""

    square: Square | None
    touchback: bool
    no_kick: ball.BallState | None


class KickoffSolver:
    """Exact odds for one set-up (a checked ``GameState`` before a kick-off), any target.

    The event distribution and the ball's journeys are cached, so asking for many targets costs
    little more than the first. Raises ``DecisionError`` for a target outside the receiving area.

    ``decisions``: the receiving coach's choices; only ``high_kick`` (a player id: the Open
    receiving player placed in the landing square by High Kick, when the landing is an empty
    square in play) and ``touchback`` (a player id: the touchback taker while he can take the
    ball, else the default taker) are read. Default ``Decisions()``: the format's defaults
    (``scenario-format.md``, "Decisions"). ``DecisionError`` for a touchback square (not
    solved), and, from the High Kick handler as ``kickoff run`` raises it, for a High Kick
    player who is not an Open, Standing receiving player when it comes.
    """

    #: Lump the event's random choices of players no journey can see (see :meth:`worlds`); the
    #: tests turn it off to check that lumping changes no probability.
    lump_worlds = True

    def __init__(
        self,
        state: GameState,
        ruleset: Ruleset,
        *,
        events: Events = "none",
        house_rules: frozenset[str] = frozenset(),
        use_kick_skill: bool = False,
        decisions: Decisions | None = None,
    ) -> None:
        chosen = decisions or Decisions()
        if chosen.touchback is not None and not isinstance(chosen.touchback, str):
            raise DecisionError("decisions.touchback: exact odds take a player id, not a square")
        #: The receiving coach's choices (player ids, ``None``: the default).
        self.high_kick: str | None = chosen.high_kick
        self.taker: str | None = chosen.touchback
        self.state = state
        self.ruleset = ruleset
        self.events: Events = events
        self.house_rules = house_rules
        self.use_kick_skill = use_kick_skill
        #: How far a step of the ball reads around an arrival (``ball.reach``: ``(full,
        #: presence)``), ``(1, 0)`` without Diving Catch or Disturbing Presence on the pitch. No
        #: event gives either skill (with the default decisions), so the set-up's reach is every
        #: world's; each world's journey solver checks it (:meth:`_chain_for`), never silently
        #: wrong.
        self.reach = ball.reach(state.players.values())
        self._worlds: list[tuple[Any, GameState, int]] | None = None
        #: Journey solvers by the identity of their world (kept alive alongside).
        self._chains: dict[int, tuple[GameState, ChainSolver]] = {}
        self._groups: list[_Group] | None = None
        #: Each enumerated world's changes from the set-up, by the world's identity.
        self._diffs: dict[int, _Diff] = {}
        #: A lumped world where nobody can take a touchback: the worlds it stands for.
        self._expanded: dict[int, list[tuple[Any, GameState]]] = {}
        #: A journey state's transitions by the state and what its step reads (the players in
        #: the 3x3 block around the ball, the weather): shared by every world that agrees there.
        self._transitions: dict[Hashable, dict[int, Any]] = {}
        #: The journey states met so far, numbered (see :meth:`_id`), and which of them stop a
        #: journey (an end, or a touchback).
        self._states: list[Any] = []
        self._ids: dict[Any, int] = {}
        self._stops: list[bool] = []
        self._touchback = self._id(_TOUCHBACK)
        #: Where a landing's journey starts: (square, touchback, scatters) -> state number.
        self._starts: dict[tuple[Square | None, bool, int], int] = {}
        #: Touchback awards by award key (see :func:`_award_key`).
        self._awards: dict[Hashable, dict[int, Any]] = {}
        #: With a High Kick player named: the event's High Kick worlds, set apart from
        #: :meth:`worlds` (``(p, world, scatters, the ruleset's handler)``), and each one's
        #: journey from a landing, by (world identity, square, touchback).
        self._high_kick_worlds: list[tuple[Any, GameState, int, Callable[[KickoffContext], None]]] = []
        self._high_kick_ends: dict[tuple[int, Square | None, bool], dict[int, Any]] = {}

    # -- part 2: the event, once -------------------------------------------------------------
    def worlds(self) -> list[tuple[Any, GameState, int]]:
        """``(p, state after the event, scatters before landing)`` for every outcome the ball's
        journeys can tell apart.

        A kick-off's journey (up to a touchback) stays where a touchback is not yet possible:
        the squares it looks at are within one square of those. An event's random choice of
        players anywhere else (Pitch Invasion, Officious Ref, Prayers) is lumped: one world
        stands for all that differ only there. Where a world leaves nobody to take a touchback
        (the award then bounces the ball from a downed player, and it may go anywhere), the
        award is the mixture over every world it stands for (see :meth:`_award`).

        With a High Kick player named, the High Kick worlds are not among them: their effect
        depends on the landing (:meth:`_high_kick_journey`), and the others' probabilities then
        sum to 1 minus theirs.
        """
        if self._worlds is None:
            if self.events == "none":
                self._worlds = [(Q(1), self.state, 0)]
            else:
                self._worlds = self._enumerate_worlds(lump=self.lump_worlds)
        return self._worlds

    def _enumerate_worlds(self, lump: bool) -> list[tuple[Any, GameState, int]]:
        base = self.state
        pitch = base.pitch

        def in_play(sq: tuple[int, int]) -> bool:
            return pitch.on_pitch(sq) and not pitch.in_setup_zone(base.kicking, sq)

        def within(r: int) -> set[Square]:
            offsets = _block_offsets(r)
            return {sq for sq in pitch.squares()
                    if any(in_play((sq.x + dx, sq.y + dy)) for dx, dy in offsets)}

        near = within(self.reach[0])
        present = within(self.reach[1]) if self.reach[1] else set()

        def relevant(c: Any) -> bool:
            return (not isinstance(c, Player) or c.square is None or c.square in near
                    or ("disturbing_presence" in c.skills and c.square in present))

        found: dict[tuple[Hashable, int], GameState] = {}
        handlers: dict[tuple[Hashable, int], Callable[[KickoffContext], None]] = {}
        chosen_high_kick = self.high_kick is not None

        def run(dice: PathDice) -> tuple[tuple[Hashable, int], tuple[Any, ...] | None]:
            ctx = self._context(base.clone(), dice)
            event = roll_event(ctx)
            diff = _differences(base, ctx.state, self.taker)
            # a named High Kick player: the event's effect depends on the landing, set apart
            high = chosen_high_kick and event.name == "high_kick"
            key = (ctx.state.weather, diff.entries, high)
            if high:
                handlers[key, ctx.scatters] = ctx.ruleset.kickoff_table[sum(event.roll)].handler
            if (key, ctx.scatters) not in found:
                found[key, ctx.scatters] = ctx.state
                self._diffs[id(ctx.state)] = diff
            # nobody can take a touchback: the award may look anywhere, lumped players included
            nobody = lump and diff.award_key[0] is None and not high
            return (key, ctx.scatters), (dice.path if nobody else None)

        merged: dict[tuple[Hashable, int], Any] = {}
        lumped_paths: dict[tuple[Hashable, int], list[tuple[Any, tuple[Any, ...]]]] = {}
        for p, (key, path) in enumerate_runs(run, relevant if lump else None):
            merged[key] = merged.get(key, 0) + p
            if path is not None:
                lumped_paths.setdefault(key, []).append((p, path))
        for key, paths in lumped_paths.items():
            self._expanded[id(found[key])] = self._expand(paths, relevant)
        self._high_kick_worlds = [(p, found[key], key[1], handlers[key])
                                  for key, p in merged.items() if key in handlers]
        return [(p, found[key], key[1]) for key, p in merged.items() if key not in handlers]

    def _expand(
        self, paths: list[tuple[Any, tuple[Any, ...]]], relevant: Callable[[Any], bool]
    ) -> list[tuple[Any, GameState]]:
        """The worlds a lumped world stands for (it came from ``paths``, each with its
        probability), each with its probability given the lumped world."""
        total = sum((p for p, _ in paths), Q(0))
        out: list[tuple[Any, GameState]] = []
        for p, forced in paths:
            def run(dice: PathDice) -> GameState:
                ctx = self._context(self.state.clone(), dice)
                roll_event(ctx)
                return ctx.state

            def expanding(path: tuple[Any, ...], forced: tuple[Any, ...] = forced) -> PathDice:
                return ExpandDice(path, forced, relevant)

            out.extend((p / total * q, world) for q, world in enumerate_runs(run, dice=expanding))
        return out

    def _context(self, state: GameState, dice: Any) -> KickoffContext:
        return KickoffContext(state, self.ruleset, dice, Decisions(), self.house_rules)

    # -- part 3: the ball's journey ------------------------------------------------------------
    # The journey solvers work on numbered states (cheap to hash and compare): ``_states[i]`` is
    # the state numbered ``i``; every touchback is one state, ``_TOUCHBACK``.
    def _id(self, s: Any) -> int:
        return _number(s, self._ids, self._states, self._stops)

    def journey(self, world: GameState, start: ball.BallState) -> dict[Any, Fraction]:
        """The distribution of the journey's end from ``start`` in ``world``: end state ->
        exact probability."""
        return {self._states[end]: to_fraction(p)
                for end, p in self._journey(world, start).items()}

    def _journey(self, world: GameState, start: ball.BallState) -> dict[int, Any]:
        """:meth:`journey` in the solver's internal rationals, by end number."""
        out = dict(self._chain_for(world).solve(self._id(start)))
        to_award = out.pop(self._touchback, None)
        if to_award:
            for end, q in self._award(world).items():
                out[end] = out.get(end, 0) + to_award * q
        return out

    def _chain_for(
        self, world: GameState, like: tuple[ChainSolver, frozenset[Any]] | None = None
    ) -> ChainSolver:
        """The journey solver of ``world`` (one per world object, kept with it). Its journeys
        stop at a touchback (:meth:`_award` resolves it), so a journey depends only on the
        squares it passes near, not on who would take a touchback.

        ``like``: another world's solver and the reads (see :func:`_reads`) that would see where
        ``world`` differs from it; a state whose journey there makes none of them has the same
        solution here.
        """
        kept = self._chains.get(id(world))
        if kept is not None:
            return kept[1]
        reach = self.reach
        if world is not self.state:
            own = ball.reach(world.players.values())
            if own[0] > reach[0] or own[1] > reach[1]:
                raise RuntimeError(
                    f"exact odds: a world after the event reads {own} squares around the ball "
                    f"(full, presence), the solver's keys only {reach}")
        wide_arrivals = reach != _PLAIN
        offsets = _block_offsets(reach[0])
        presences = [(q.square, q.side) for q in world.players.values()
                     if q.square is not None and "disturbing_presence" in q.skills]
        board = world.board
        weather = world.weather
        # The closures below hold what they use, never the solver itself: no reference cycle,
        # so the chains are freed as soon as the solver is (not by a late garbage collection).
        cache = self._transitions
        states, ids, stops = self._states, self._ids, self._stops
        ruleset, house_rules = self.ruleset, self.house_rules
        # the journey never changes a player: who may take a touchback is the world's
        taker = self.taker
        decisions = Decisions(touchback=_taker(world, taker))
        award_key = _award_key(world, taker)

        def context(dice: Any) -> KickoffContext:
            return KickoffContext(world, ruleset, dice, decisions, house_rules)

        blocks: dict[Hashable, tuple[Hashable, ...]] = {}

        def transitions(i: int) -> dict[int, Any]:
            s = states[i]
            if isinstance(s, (ball.Arrive, ball.Bounce)):
                # an arrival reads within the reach; a bounce only its 3x3 block
                wide = wide_arrivals and isinstance(s, ball.Arrive)
                where: Hashable = (s.square, True) if wide else s.square
                block = blocks.get(where)
                if block is None:
                    x, y = s.square
                    block = tuple(_signature(board.get((x + dx, y + dy)))
                                  for dx, dy in (offsets if wide else _BLOCK))
                    if wide and reach[1]:  # and every Disturbing Presence within its reach
                        block += tuple(sorted(
                            (q, side) for q, side in presences
                            if max(abs(q.x - x), abs(q.y - y)) <= reach[1]))
                    blocks[where] = block
                local: Hashable = (i, weather, block)
            elif isinstance(s, ball.Touchback):
                local = (i, award_key)
            else:
                local = i  # in the air or thrown in: reads no player
            cached = cache.get(local)
            if cached is not None:
                return cached
            out: dict[int, Any] = {}
            for nxt, p in merge(enumerate_runs(lambda dice: ball.step(context(dice), s))).items():
                j = _number(nxt, ids, states, stops)
                out[j] = out.get(j, 0) + p
            cache[local] = out
            return out

        def reads(i: int) -> frozenset[Any]:
            return _reads(world, states[i], reach)

        reuse = None
        if like is not None:
            other, differ = like

            def reuse(i: int) -> tuple[dict[Any, Any], frozenset[Any]] | None:
                region = other.region.get(i)
                if region is None or not region.isdisjoint(differ):
                    return None
                return other.solved[i], region

        chain = ChainSolver(transitions, stops.__getitem__, reads, reuse)
        self._chains[id(world)] = (world, chain)  # the world is kept so its id stays its own
        return chain

    def _member_chain(self, group: _Group, i: int) -> ChainSolver:
        """The journey solver of the group's ``i``-th world, reusing the reference world's
        solutions away from the squares where they differ."""
        chain = group.chains.get(i)
        if chain is None:
            _, world, diff = group.members[i]
            differ = frozenset(read for e in diff.entries for read in _touches(e))
            chain = group.chains[i] = self._chain_for(world, (group.chain, differ))
        return chain

    def _award(self, world: GameState) -> dict[int, Any]:
        """The end distribution of a touchback in ``world`` (remembered by who would take it:
        the award reads only the receiving team and, with nobody to take it, every player)."""
        expanded = self._expanded.get(id(world))
        if expanded is not None:  # a lumped world: the mixture of those it stands for
            mixture: dict[int, Any] = {}
            for q, one in expanded:
                for end, r in self._award(one).items():
                    mixture[end] = mixture.get(end, 0) + q * r
            return mixture
        key = _award_key(world, self.taker)
        cached = self._awards.get(key)
        if cached is not None:
            return cached
        chain = self._chain_for(world)
        out: dict[int, Any] = {}
        for nxt, p in chain.transitions(self._touchback).items():
            for end, q in chain.solve(nxt).items():
                assert end != self._touchback  # an awarded ball never leaves again
                out[end] = out.get(end, 0) + p * q
        self._awards[key] = out
        return out

    def _award_mixture(self, group: _Group, weights: dict[Hashable, Any]) -> dict[int, Any]:
        """Sum over award keys of weight times that touchback award's end distribution."""
        out: dict[int, Any] = {}
        for key, w in weights.items():
            if not w:
                continue
            for end, q in self._award(group.award_worlds[key]).items():
                out[end] = out.get(end, 0) + w * q
        return out

    # -- the event's worlds, grouped ----------------------------------------------------------
    def groups(self) -> list[_Group]:
        """The event's worlds grouped by what the ball's journey can tell apart wholesale: rain
        or not (the catch modifier) and the scatters before landing. Each group has a reference
        world (the set-up as it was, in that weather) and its members' differences from it."""
        if self._groups is None:
            base = self.state
            by_key: dict[tuple[bool, int], _Group] = {}
            for p, world, scatters in self.worlds():
                rain = world.weather == "pouring_rain"
                group = by_key.get((rain, scatters))
                if group is None:
                    ref = base if world is base else base.clone()
                    if world is not base:
                        ref.weather = "pouring_rain" if rain else base.weather
                        if not rain and ref.weather == "pouring_rain":
                            ref.weather = "nice"
                    group = by_key[(rain, scatters)] = _Group(
                        ref, scatters, self._chain_for(ref), _award_key(ref, self.taker))
                diff = (self._diffs.get(id(world)) or _differences(base, world, self.taker)
                        if world is not base else _Diff(frozenset(), group.award_key))
                group.add(p, world, diff)
            self._groups = list(by_key.values())
        return self._groups

    def _group_distribution(self, group: _Group, start: int) -> dict[int, Any]:
        """Sum over the group's worlds of P(world) times the journey's end distribution from
        the state numbered ``start`` (keyed by end number, see :meth:`_id`).

        The journey up to a touchback looks only at the squares around the ball. Worlds are told
        apart only by the event's changes there: every world with no change there has the
        reference world's journey; the others are split by the changes there, and one journey is
        solved for each part (split further if that journey looks at more squares where the
        part's worlds differ). A touchback reached with probability ``t`` in a part adds ``t``
        times the mixture of that part's worlds' touchback awards.
        """
        cached = group.results.get(start)
        if cached is not None:
            return cached
        tb = self._touchback
        ref = group.chain.solve(start)
        ref_touchback = ref.get(tb, 0)
        seen = group.touching(group.chain.region_of(start)) if group.members else frozenset()
        parts = group.partition(seen) if seen else {}
        affected = sum((mass for mass, _ in parts.values()), Q(0))
        out: dict[int, Any] = {end: (group.mass - affected) * p for end, p in ref.items()
                               if end != tb}
        award_weights = dict(group.award_weights)  # the unaffected worlds' awards, below
        todo = [(seen, mass, members) for mass, members in parts.values()]
        while todo:
            seen, mass, members = todo.pop()
            chain = self._member_chain(group, min(members))
            result = chain.solve(start)
            w_seen = group.touching(chain.region_of(start))
            if w_seen <= seen:
                part_weights = group.award_weights_of(members)
                for key, w in part_weights.items():
                    award_weights[key] -= w
                for end, q in result.items():
                    if end != tb:
                        out[end] = out.get(end, 0) + mass * q
                touchback = result.get(tb, 0)
                if touchback:
                    for end, q in self._award_mixture(group, part_weights).items():
                        out[end] = out.get(end, 0) + touchback * q
                continue
            # the journey looked further than the part's worlds are known to agree: split
            wider = seen | w_seen
            split: dict[frozenset[Any], tuple[Any, list[int]]] = {}
            for i in members:
                key = group.members[i][2].restricted(wider)
                part_mass, part = split.get(key, (Q(0), []))
                part.append(i)
                split[key] = (part_mass + group.members[i][0], part)
            todo.extend((wider, m, part) for m, part in split.values())
        if ref_touchback:
            for end, q in self._award_mixture(group, award_weights).items():
                out[end] = out.get(end, 0) + ref_touchback * q
        group.results[start] = out
        return out

    # -- part 1 and the whole ------------------------------------------------------------------
    def odds(self, target: Square) -> Odds:
        """The exact odds of a kick at ``target``."""
        decisions = Decisions(target=target, use_kick_skill=self.use_kick_skill,
                              touchback=_taker(self.state, self.taker))

        def run(dice: PathDice) -> _Landing:
            # Without the event nothing here changes a player: no copy of the state is needed.
            kick = kick_until_landing(self.state, self.ruleset, dice, decisions,
                                      self.house_rules, events=False)
            if kick.deviation is None:  # Kick It!: no kick, a touchback
                return _Landing(None, True, kick.start)
            return _Landing(kick.ctx.landing, kick.ctx.touchback, None)

        deviations = merge(enumerate_runs(run))
        ends: dict[int, Any] = {}
        groups = self.groups()
        # where the journeys start, in each group: every touchback is one start
        starts: list[dict[int, Any]] = [{} for _ in groups]
        for dev, p_dev in deviations.items():
            if dev.no_kick is not None:  # no kick, no event: the set-up as it is
                for i, p_end in self._journey(self.state, dev.no_kick).items():
                    ends[i] = ends.get(i, 0) + p_dev * p_end
                continue
            for group, weights in zip(groups, starts, strict=True):
                start = self._landing_start(dev.square, dev.touchback, group)
                weights[start] = weights.get(start, 0) + p_dev
            for p_high, world, scatters, handler in self._high_kick_worlds:
                journey = self._high_kick_journey(world, scatters, handler, dev.square,
                                                  dev.touchback)
                for i, p_end in journey.items():
                    ends[i] = ends.get(i, 0) + p_dev * p_high * p_end
        # starts of equal weight (most deviations are equally likely) are added up first
        by_weight: dict[Any, list[dict[int, Any]]] = {}
        for group, weights in zip(groups, starts, strict=True):
            for start, p_start in weights.items():
                by_weight.setdefault(p_start, []).append(self._group_distribution(group, start))
        for p_start, dists in by_weight.items():
            total: dict[int, Any] = {}
            for dist in dists:
                for i, p_end in dist.items():
                    total[i] = total.get(i, 0) + p_end
            for i, p_end in total.items():
                ends[i] = ends.get(i, 0) + p_start * p_end
        return self._summarise(target, ends)

    def _high_kick_journey(
        self, world: GameState, scatters: int, handler: Callable[[KickoffContext], None],
        square: Square | None, touchback: bool,
    ) -> dict[int, Any]:
        """The journey's end distribution (by end number) after a High Kick with the named
        player, the ball landing on ``square`` (``touchback``: out of play) in ``world`` (the
        event's world): the ruleset's own handler is played through a context that knows the
        landing, as ``kickoff run`` plays it (``DecisionError`` if the player may not be placed).
        Remembered by world, square and touchback."""
        key = (id(world), square, touchback)
        cached = self._high_kick_ends.get(key)
        if cached is not None:
            return cached
        moved = world.clone()
        no_dice: Any = PathDice(())  # High Kick rolls no die (one would raise Branch here)
        ctx = KickoffContext(moved, self.ruleset, no_dice, Decisions(high_kick=self.high_kick),
                             self.house_rules)
        ctx.landing, ctx.touchback, ctx.scatters = square, touchback, scatters
        handler(ctx)
        start = landing_state(ctx)
        if not moved.changed():
            moved = world  # no effect here (a touchback, an occupied square): the event's world
        elif world.weather == self.state.weather and not self._diffs[id(world)].entries:
            # the set-up with one player moved: reuse its journeys away from his two squares
            diff = _differences(self.state, moved, self.taker)
            differ = frozenset(read for e in diff.entries for read in _touches(e))
            self._chain_for(moved, (self._chain_for(self.state), differ))
        out = self._high_kick_ends[key] = self._journey(moved, start)
        return out

    def _landing_start(self, square: Square | None, touchback: bool, group: _Group) -> int:
        """The number of the state the ball's journey starts from after landing (remembered)."""
        key = (square, touchback, group.scatters)
        start = self._starts.get(key)
        if start is None:
            ctx = self._context(group.ref, None)
            ctx.landing, ctx.touchback, ctx.scatters = square, touchback, group.scatters
            start = self._starts[key] = self._id(landing_state(ctx))
        return start

    def _summarise(self, target: Square, ends: dict[int, Any]) -> Odds:
        """The :class:`Odds` of numbered end probabilities (summed exactly, then converted)."""
        receiving: Side = self.state.receiving
        end_zone_x = 0 if receiving == "home" else self.state.pitch.width - 1
        sides = {p.id: p.side for p in self.state.players.values()}
        holders: dict[str, Any] = {}
        ground: dict[Square, Any] = {}
        touchback = Q(0)
        distance = Q(0)
        receiving_holds = Q(0)
        named = self._states
        for i, p in ends.items():
            end = named[i]
            if end.touchback:
                touchback += p
            if isinstance(end, ball.Held):
                holders[end.player] = holders.get(end.player, 0) + p
                distance += p * abs(end.square.x - end_zone_x)
                if sides[end.player] == receiving:
                    receiving_holds += p
            elif end.square is not None:
                ground[end.square] = ground.get(end.square, 0) + p
                distance += p * abs(end.square.x - end_zone_x)
        return Odds(
            target=target,
            events=self.events,
            touchback=to_fraction(touchback),
            receiving_team_holds=to_fraction(receiving_holds),
            holders={pid: to_fraction(p) for pid, p in holders.items()},
            ground={sq: to_fraction(p) for sq, p in ground.items()},
            expected_distance_to_receiving_end_zone=to_fraction(distance),
            exact_ends={named[i]: p for i, p in ends.items()},
        )
