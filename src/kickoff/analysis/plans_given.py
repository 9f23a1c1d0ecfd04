"""The plan search's ranking given the event (:func:`kickoff.analysis.plans.search`).

A plan of event ``E`` (a free turn's activations, a re-set-up's moves) is played only in the
kick-off's branch where the Kick-off table gives ``E``, so the search ranks each event's
candidates by the kick-off's exact value **given** ``E`` (:class:`GivenValuer`: the ruleset's
Kick-off table made ``E`` at every 2D6 total, as ``kickoff decide``'s
:meth:`~kickoff.analysis.decide.Setting.value` ``given`` solves it; the deviation, ``E``'s own
dice, the ball's journeys and with ``play="best"`` the receiving coach's decision nodes still
solved exactly), a fraction of the cost of the whole kick-off (the other events, Pitch
Invasion's and Cheering Fans' worlds above all, are not solved once a plan).

With ``play="defaults"`` the ranking is the whole kick-off's: the whole value is the value
without the plan plus ``E``'s chance times the change the plan makes given ``E``
(:meth:`~kickoff.analysis.decide.Setting.through`), an increasing function of the value given
``E``. With ``play="best"`` the kicking coach's kicker and Kick are chosen over the whole
kick-off, so the two rankings may differ there; the ranking is then a heuristic, never the
value: what the search reports (:func:`settle`) is always the whole kick-off solved with the
plans (exact, as before), for the best plan, nobody's, the ``close`` seed's and all the plans
together, and the best reported is the best of those by the whole value, so it is never worse
for the choosing coach than nobody's or the seed's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from kickoff.analysis.objectives import receivers_prefer
from kickoff.core.errors import DecisionError

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.analysis.plans import Found, Plan, _Valuer


def given_table(valuer: _Valuer, event: str) -> _Valuer:
    """A copy of ``valuer`` whose ruleset's Kick-off table keeps ``event`` at its own totals
    and gives the table's lowest total's event (Get the Ref in every ruleset: nothing on the
    pitch changes) at the others, so that ``event``'s plans are played once a total, as in the
    whole kick-off (a table of ``event`` at all eleven totals would play each plan eleven
    times, a Blitz with its block dice eleven times over)."""
    table = valuer.ruleset.kickoff_table
    filler = table[min(table)]
    ruleset = replace(valuer.ruleset, kickoff_table={
        total: e if e.name == event or filler.name == event else filler
        for total, e in table.items()})
    return type(valuer)(valuer.state, ruleset, valuer.target, valuer.objective, valuer.play,
                        valuer.base, valuer.options, valuer.cache)


class WholeValues:
    """The whole kick-off's exact values of plans, each solved once (by the decisions they
    script: nobody's is every event's), and their solvers (``solvers``, by those decisions'
    ``repr``: the search hands the last one on, its caches warm)."""

    def __init__(self, valuer: _Valuer) -> None:
        self.valuer = valuer
        self.solved: dict[str, Fraction | None] = {}
        self.solvers: dict[str, KickoffSolver] = {}

    def __call__(self, plans: Sequence[Plan]) -> Fraction | None:
        """The kick's exact value with ``plans`` played (``None``: the rules refused one)."""
        key = repr(self.valuer.decisions(plans))
        if key not in self.solved:
            solver = self.valuer.solver(plans)
            try:
                self.solved[key] = solver.value(self.valuer.target, self.valuer.objective)
                self.solvers[key] = solver
            except DecisionError:
                self.solved[key] = None
        return self.solved[key]

    def keep(self, plans: Sequence[Plan]) -> None:
        """Keep only the solvers of each of ``plans`` alone (each holds a whole kick-off)."""
        keys = {repr(self.valuer.decisions([p])) for p in plans}
        self.solvers = {k: v for k, v in self.solvers.items() if k in keys}


def settle(found: Found, whole: WholeValues, close: Plan | None, kicking: bool) -> Found:
    """``found`` (ranked given its event) with the whole kick-off's exact values: its best
    plan's, nobody's and the ``close`` seed's (``None``: no seed valued); the best of the three
    by the whole value for the choosing coach (``kicking``: the receivers' least preferred)."""
    from kickoff.analysis.plans import Found, Plan

    nobody_plan = Plan(found.best.event, ())
    nobody = whole([nobody_plan])
    assert nobody is not None  # nobody acting (moving) is always legal
    close_value = None if close is None or found.close is None else whole([close])
    best, best_value = nobody_plan, nobody
    for plan, value in ((found.best, whole([found.best])), (close, close_value)):
        if plan is None or value is None:
            continue
        prefers = receivers_prefer(whole.valuer.objective, best_value, value) if kicking else \
            receivers_prefer(whole.valuer.objective, value, best_value)
        if prefers:
            best, best_value = plan, value
    return Found(best, best_value, nobody, close_value, found.evaluated)

