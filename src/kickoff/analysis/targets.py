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
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from kickoff.analysis import DEFAULT_EVENTS
from kickoff.analysis.choices import Choice
from kickoff.analysis.exact.chance import Q
from kickoff.analysis.exact.moved import prepare
from kickoff.analysis.exact.solver import KickoffSolver, Odds
from kickoff.analysis.objectives import (
    BOARD_READS,
    KICKER_WANTS_HIGH,
    OBJECTIVES,
    AnyObjective,
    Objective,
    kicker_wants_high,
)
from kickoff.core.pitch import Square

__all__ = ["DEFAULT_EVENTS", "HIGHER_IS_BETTER", "OBJECTIVES", "Objective", "RankedTarget",
           "objective_value", "rank_targets"]

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
    pitch = solver.state.pitch
    receiving = solver.state.receiving
    targets = [sq for sq in pitch.squares() if pitch.in_receiving_area(receiving, sq)]
    prepare(solver, targets)  # play="best": the kick-off move's node at every landing at once
    ranked = []
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
