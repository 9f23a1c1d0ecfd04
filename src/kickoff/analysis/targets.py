"""Where should I kick? Every legal target ranked by an objective, from the exact odds.

Objectives (the kicking coach's point of view):

- ``touchback``: the chance of giving the receivers a touchback; lower is better.
- ``receiver-holds``: the chance the receiving team ends the kick-off holding the ball; lower
  is better.
- ``ball-on-ground``: the chance the ball ends on the ground, held by nobody; higher is better.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from kickoff.analysis.exact import Events, KickoffSolver, Odds
from kickoff.core.pitch import Square

#: Whether the Kick-off table is played, when a face is not told: one default for
#: ``kickoff odds``, ``kickoff simulate``, the web API and the web page (``"all"``: the table
#: too, each event with its default decisions).
DEFAULT_EVENTS: Events = "all"

Objective = Literal["touchback", "receiver-holds", "ball-on-ground"]
OBJECTIVES: tuple[Objective, ...] = ("touchback", "receiver-holds", "ball-on-ground")
#: Whether a higher value of the objective is better for the kicking team.
HIGHER_IS_BETTER: dict[Objective, bool] = {
    "touchback": False, "receiver-holds": False, "ball-on-ground": True,
}


def objective_value(odds: Odds, objective: Objective) -> Fraction:
    """The objective's probability for one target's odds (a fraction in [0, 1])."""
    if objective == "touchback":
        return odds.touchback
    if objective == "receiver-holds":
        return odds.receiving_team_holds
    return sum(odds.ground.values(), Fraction(0))


@dataclass(frozen=True)
class RankedTarget:
    """One target, its odds and its objective value."""

    target: Square
    value: Fraction
    odds: Odds


def rank_targets(
    solver: KickoffSolver, objective: Objective,
    progress: Callable[[int, int], None] | None = None,
) -> list[RankedTarget]:
    """Every square of the receiving area as a target, best first (ties: lowest x, then y).

    ``progress(done, total)`` is called after each target is solved (the first takes longest:
    it solves the Kick-off events once for all)."""
    pitch = solver.state.pitch
    receiving = solver.state.receiving
    targets = [sq for sq in pitch.squares() if pitch.in_receiving_area(receiving, sq)]
    ranked = []
    for i, t in enumerate(targets, 1):
        o = solver.odds(t)
        ranked.append(RankedTarget(t, objective_value(o, objective), o))
        if progress is not None:
            progress(i, len(targets))
    sign = -1 if HIGHER_IS_BETTER[objective] else 1
    ranked.sort(key=lambda r: (sign * r.value, r.target.x, r.target.y))
    return ranked
