"""The kicking coach's best kick with the free moves searched: every target ranked, then the
plans searched at the best few (issue 24).

``kickoff odds --all-targets --play best --events all`` ranks every target of the receiving
area with the exact solver (:func:`~kickoff.analysis.targets.rank_targets`: both coaches'
enumerable choices at their best, the free moves at the format's default, nobody acts), then
searches the free moves' plans (:func:`kickoff.analysis.plans.search`) at the
:data:`PLANNED_TARGETS` best of that ranking (:func:`search_top`); the kicking coach's kick
with them is the one of those whose value with the plans found the receivers least prefer
(:func:`kickers_best`, ties: the ranking's first). The set-up advisor reports the same value
for the set-up it suggests (:func:`planned_best`, through ``kickoff.analysis.advisor``): one
code path for both faces, so the two agree exactly (``tests/test_advisor_plans.py``).

The ranking is the cheaper no-plan solve; a target outside the five best of it is never
searched, so the value is that of the best plans found at those five (each an exact value of a
strategy of the kicking coach: a bound on the coaches' true optimum, ``docs/analysis.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective, receivers_prefer
from kickoff.analysis.targets import RankedTarget, rank_targets
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.plans import PlanSearch

#: The free moves' plans are searched at this many of the ranking's best targets (the five
#: ``kickoff odds --all-targets`` shows), each search a kick's own.
PLANNED_TARGETS = 5


def search_top(
    state: GameState, ruleset: Ruleset, ranked: Sequence[RankedTarget], *, budget: int,
    objective: AnyObjective, decisions: Decisions, house_rules: frozenset[HouseRule],
    use_kick_skill: bool | None, resetups: bool, each: Callable[[], None] | None = None,
) -> dict[Square, PlanSearch]:
    """The free moves' plans searched (:func:`kickoff.analysis.plans.search`, ``play="best"``,
    at most ``budget`` plans per event, the re-set-ups too with ``resetups``) at each of the
    :data:`PLANNED_TARGETS` first targets of ``ranked``, by target in the ranking's order;
    ``{}`` for a budget of 0. ``each()`` is called after each target's search. ``ValueError``
    for a negative budget; ``DecisionError`` as the solver raises it."""
    if budget < 0:
        raise ValueError(f"budget: {budget} is not at least 0")
    if not budget:
        return {}
    from kickoff.analysis.plans import search  # the action engine, only when asked

    out: dict[Square, PlanSearch] = {}
    for r in ranked[:PLANNED_TARGETS]:
        out[r.target] = search(state, ruleset, r.target, budget=budget, objective=objective,
                               play="best", decisions=decisions, house_rules=house_rules,
                               use_kick_skill=use_kick_skill, resetups=resetups)
        if each is not None:
            each()
    return out


def kickers_best(planned: Mapping[Square, PlanSearch], objective: AnyObjective) -> PlanSearch:
    """The search the kicking coach prefers among ``planned`` (:func:`search_top`'s): the
    receivers' least preferred value with the plans found (ties: the first, in the ranking's
    order). ``ValueError`` for none."""
    best: PlanSearch | None = None
    for found in planned.values():
        if best is None or receivers_prefer(objective, best.value, found.value):
            best = found
    if best is None:
        raise ValueError("no target searched")
    return best


def planned_best(
    state: GameState, ruleset: Ruleset, *, objective: AnyObjective, budget: int,
    resetups: bool, house_rules: frozenset[HouseRule] = frozenset(),
    use_kick_skill: bool | None = None, decisions: Decisions | None = None,
) -> PlanSearch:
    """The kicking coach's best kick with the free moves searched, as ``kickoff odds
    --all-targets --play best --events all --plan-budget budget`` finds it: every target ranked
    by ``objective`` (both coaches at their best, the events on; ``decisions``: the receiving
    coach's named choices), the plans searched at the :data:`PLANNED_TARGETS` best
    (:func:`search_top`), the one the kicking coach prefers (:func:`kickers_best`): its
    ``target`` and ``value`` (exact). ``budget`` at least 1 (``ValueError`` otherwise)."""
    if budget < 1:
        raise ValueError(f"budget: {budget} is not at least 1")
    named = decisions if decisions is not None else Decisions()
    solver = KickoffSolver(state, ruleset, events="all", house_rules=house_rules,
                           use_kick_skill=use_kick_skill, decisions=named, play="best",
                           objective=objective)
    ranked = rank_targets(solver, objective)
    return kickers_best(search_top(state, ruleset, ranked, budget=budget, objective=objective,
                                   decisions=named, house_rules=house_rules,
                                   use_kick_skill=use_kick_skill, resetups=resetups), objective)
