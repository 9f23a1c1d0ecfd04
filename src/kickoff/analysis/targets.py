"""Where should I kick? Every legal target ranked by an objective, from the exact odds.

Objectives (the kicking coach's point of view; defined in ``kickoff.analysis.objectives``):

- ``touchback``: the chance of giving the receivers a touchback; lower is better.
- ``receiver-holds``: the chance the receiving team ends the kick-off holding the ball; lower
  is better.
- ``ball-on-ground``: the chance the ball ends on the ground, held by nobody; higher is better.
- ``distance``: the expected distance of the ball from the receivers' End Zone, in squares;
  lower is better.
- ``holder-open``: the chance the receivers end holding the ball with the holder Open (not
  Marked); lower is better.
- ``ball-in-reach``: the chance the ball ends on the ground within reach of a receiver; lower
  is better.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from kickoff.analysis import DEFAULT_EVENTS
from kickoff.analysis.choices import Choice
from kickoff.analysis.collector import collector_paused
from kickoff.analysis.exact import bounds
from kickoff.analysis.exact.chance import Q, Rational
from kickoff.analysis.exact.moved import prepare
from kickoff.analysis.exact.solver import KickoffSolver, Odds
from kickoff.analysis.objectives import (
    BOARD_READS,
    KICKER_WANTS_HIGH,
    OBJECTIVES,
    AnyObjective,
    Mix,
    Objective,
    kicker_wants_high,
)
from kickoff.core.pitch import Square
from kickoff.core.state import GameState

__all__ = ["DEFAULT_EVENTS", "HIGHER_IS_BETTER", "OBJECTIVES", "Objective", "RankedTarget",
           "best_target", "objective_value", "rank_targets", "value_span"]

#: Whether a higher value of the objective is better for the kicking team.
HIGHER_IS_BETTER: dict[Objective, bool] = KICKER_WANTS_HIGH


def objective_value(odds: Odds, objective: Objective) -> Fraction:
    """The objective's value for one target's odds: a probability in [0, 1], or for
    ``distance`` an expected number of squares (an exact fraction). ``ValueError`` for an
    objective that reads the board at the end (``holder-open``, ``ball-in-reach``): the odds
    do not carry it; ``KickoffSolver.value`` (:meth:`RankedTarget.objective`) does."""
    if objective in BOARD_READS:
        raise ValueError(f"{objective} reads the board at the end: KickoffSolver.value, not the odds")
    if objective == "touchback":
        return odds.touchback
    if objective == "receiver-holds":
        return odds.receiving_team_holds
    if objective == "distance":
        return odds.expected_distance_to_receiving_end_zone
    return sum(odds.ground.values(), Fraction(0))


@dataclass(frozen=True)
class RankedTarget:
    """One target, its objective value and (solved on first use, from the solver's remembered
    journeys) its full odds."""

    target: Square
    value: Fraction
    solver: KickoffSolver = field(repr=False, compare=False)

    @functools.cached_property
    def odds(self) -> Odds:
        """The target's exact odds (``KickoffSolver.odds``; ``value`` is their objective's)."""
        return self.solver.odds(self.target)

    def objective(self, objective: AnyObjective) -> Fraction:
        """Another objective's value at this target: ``objective_value(self.odds, objective)``
        exactly, without the full odds (``KickoffSolver.value``; a mix too)."""
        return self.solver.value(self.target, objective)

    @property
    def decisions_taken(self) -> list[str]:
        """``self.odds.decisions_taken``, without the full odds."""
        return self.solver.decisions_taken(self.target)

    @property
    def choices(self) -> list[Choice]:
        """``self.odds.choices`` (each choice with its event), without the full odds."""
        return self.solver.choices_taken(self.target)


def rank_targets(
    solver: KickoffSolver, objective: AnyObjective,
    progress: Callable[[int, int], None] | None = None,
) -> list[RankedTarget]:
    """Every square of the receiving area as a target, best first (ties: lowest x, then y),
    by ``objective`` or a mix (``objectives.Mix``: the kicker wants it low).

    ``progress(done, total)`` is called after each target is solved (the first takes longest:
    it solves the Kick-off events once for all). Only the values are computed here (each
    group's journey valued once for all targets); a target's full odds when first asked
    (``RankedTarget.odds``)."""
    targets = _receiving_area(solver.state)
    ranked = []
    with collector_paused():  # (the solver's structures: collector.py)
        prepare(solver, targets)  # play="best": the kick-off move's node at every landing
        for i, t in enumerate(targets, 1):
            ranked.append(RankedTarget(t, solver.value(t, objective), solver))
            if progress is not None:
                progress(i, len(targets))
    sign = -1 if kicker_wants_high(objective) else 1
    # compared as GMP's rationals (the same order, exactly): ``Fraction``'s comparisons
    # multiply values of thousands of digits in Python (issue 28's classic reviews)
    ranked.sort(key=lambda r: (sign * Q(r.value.numerator, r.value.denominator),
                               r.target.x, r.target.y))
    return ranked


def _receiving_area(state: GameState) -> list[Square]:
    """Every square of the receiving area, the targets (``pitch.squares()``' order)."""
    pitch = state.pitch
    return [sq for sq in pitch.squares() if pitch.in_receiving_area(state.receiving, sq)]


def value_span(objective: AnyObjective, state: GameState) -> tuple[Fraction, Fraction]:
    """The least and the greatest value one end of a kick-off can have under ``objective``
    (``exact.odds.end_objective``; a mix: each objective's, as ``Mix.value`` mixes them): ``(0,
    1)`` for a chance; for ``distance``, ``0`` up to the farthest square of ``state``'s pitch
    from the receivers' End Zone."""
    if isinstance(objective, Mix):
        lo = hi = Fraction(0)
        for o, w in objective.weights:
            a, b = value_span(o, state)
            if KICKER_WANTS_HIGH[o]:
                a, b = 1 - b, 1 - a
            lo, hi = lo + w * a, hi + w * b
        return lo, hi
    if objective != "distance":
        return Fraction(0), Fraction(1)
    end_zone_x = state.pitch.end_zone_x(state.receiving)
    return Fraction(0), Fraction(max(abs(sq.x - end_zone_x) for sq in state.pitch.squares()))


#: How far apart (relative to the objective's span, at least 1) two float bounds must be for
#: :func:`best_target` to drop a target: far above the bounds' rounding (sums of at most a few
#: thousand float products of numbers within the span; an opened start's parts' moves are summed
#: exactly rounded, once a step: ``exact.bounds.Opened.refine``).
_MARGIN = 1e-9


def best_target(solver: KickoffSolver, objective: AnyObjective,
                known: tuple[Square, Fraction] | None = None) -> RankedTarget:
    """``rank_targets(solver, objective)[0]`` (the same target, ties to the lowest x then y, and
    the same exact value) without every target solved: a target's value is its direct ends'
    plus the sum over the event's groups and the ball's starts of weight times the start's value
    (``exact.bounds.kick_terms``), and a start's value is bounded cheaply from the reference
    world's journey and the group's touchback awards (``exact.bounds.Bounds``). Targets are
    taken most promising bound first; each is narrowed start by start (the widest bounds first:
    solved whole, or a start whose changed worlds fall in many parts opened and its heaviest
    parts solved, ``Bounds.refine``) until its bound cannot beat or tie the best exact value
    found, or it is closed and its exact value compared exactly; the search stops when no
    target left can. Where the solver keeps no such split (``kick_terms``:
    ``None``), every target is ranked.

    ``known``: a target and its exact value (``solver.value(target, objective)``, solved
    already: the review's kicked target), the search's first best; its starts are solved, so
    the targets sharing them are bounded by their exact values. The same answer either way."""
    targets = _receiving_area(solver.state)
    with collector_paused():  # (the solver's structures: collector.py)
        prepare(solver, targets)
        terms = {t: bounds.kick_terms(solver, t, objective) for t in targets}
        if any(v is None for v in terms.values()):
            return rank_targets(solver, objective)[0]
        search = _Search(solver, objective, {t: v for t, v in terms.items() if v is not None})
        if known is not None and known[0] in search.terms:
            search.compare(*known)
        return search.run()


class _Search:
    """:func:`best_target`'s branch and bound, in float bounds kept :data:`_MARGIN` apart."""

    def __init__(self, solver: KickoffSolver, objective: AnyObjective,
                 terms: dict[Square, tuple[Rational, list[tuple[Rational, int, int]]]]) -> None:
        self.solver, self.objective, self.terms = solver, objective, terms
        lo, hi = value_span(objective, solver.state)
        self.span = (float(lo), float(hi))
        self.margin = _MARGIN * max(1.0, float(hi - lo))
        self.sign = -1 if kicker_wants_high(objective) else 1
        #: Each (group index, start)'s bounds (equal once solved).
        self.ranges: dict[tuple[int, int], tuple[float, float]] = {}
        self.best: RankedTarget | None = None
        self.bounds = bounds.Bounds(solver, objective, self.span)
        self.best_key = 0.0

    def start(self, g: int, start: int) -> tuple[float, float]:
        """The bounds of a start's value (its exact value, as a float, once solved)."""
        known = self.ranges.get((g, start))
        if known is None:
            exact = bounds.start_known(self.solver, g, start, self.objective)
            known = self.ranges[(g, start)] = (
                (float(exact),) * 2 if exact is not None
                else self.bounds.start_range(g, start))
        return known

    def low_key(self, target: Square) -> float:
        """The least the target's key (the value, negated where the kicker wants it high)
        can be, from the bounds known now."""
        direct, starts = self.terms[target]
        lo = hi = float(direct)
        for p, g, s in starts:
            a, b = self.start(g, s)
            w = float(p)
            lo, hi = lo + w * a, hi + w * b
        return lo if self.sign > 0 else -hi

    def beaten(self, key: float) -> bool:
        """Whether a target whose key is at least ``key`` can neither beat nor tie the best."""
        return self.best is not None and key > self.best_key + self.margin

    def run(self) -> RankedTarget:
        """The best target (see :func:`best_target`): the target of least bound taken each
        time, one start of it solved (its widest), until the least is solved whole; then any
        other whose bound could still beat or tie it solved as far as it can."""
        heap = [(self.low_key(t), t.x, t.y, t) for t in self.terms]
        heapq.heapify(heap)
        while heap:
            stale, _, _, target = heapq.heappop(heap)
            if self.beaten(stale):
                break  # every bound left is at least this one
            fresh = self.low_key(target)
            if self.beaten(fresh):
                continue
            if heap and fresh > heap[0][0]:
                heapq.heappush(heap, (fresh, target.x, target.y, target))
                continue
            if self.solve_widest(target):
                heapq.heappush(heap, (self.low_key(target), target.x, target.y, target))
            else:
                self.solved(target)
        assert self.best is not None  # (the receiving area is never empty)
        return self.best

    def solve_widest(self, target: Square) -> bool:
        """Narrow the bounds of the start of ``target`` that leaves most of its value open
        (weight times width; ``exact.bounds.Bounds.refine``: solved whole, or its heaviest
        parts); ``False`` if none is left open."""
        widest, where = 0.0, None
        for p, g, s in self.terms[target][1]:
            a, b = self.start(g, s)
            width = float(p) * (b - a)
            if width > widest:
                widest, where = width, (g, s)
        if where is None:
            return False
        self.ranges[where] = self.bounds.refine(*where)
        return True

    def solved(self, target: Square) -> None:
        """``target`` with no start left open: its exact value (``KickoffSolver.value``, the
        sum ``rank_targets`` takes) compared with the best's, exactly."""
        self.compare(target, self.solver.value(target, self.objective))

    def compare(self, target: Square, value: Fraction) -> None:
        """``target``'s exact ``value`` compared with the best's, exactly (ties: the lowest x,
        then y); the best if it beats it."""
        key = (self.sign * Q(value.numerator, value.denominator), target.x, target.y)
        if self.best is None or key < (self.sign * Q(self.best.value.numerator,
                                                     self.best.value.denominator),
                                       self.best.target.x, self.best.target.y):
            self.best = RankedTarget(target, value, self.solver)
            self.best_key = self.sign * float(value)
