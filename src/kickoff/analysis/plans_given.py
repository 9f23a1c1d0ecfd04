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
value: what the search reports (:func:`settle`) is always the whole kick-off's exact value with
the plans, for the best plan, nobody's, the ``close`` seed's and all the plans together, and
the best reported is the best of those by the whole value, so it is never worse for the
choosing coach than nobody's or the seed's. Those values are solved once for the ranked best
plans together (the anchor) and combined from the solves' parts for the others
(:class:`WholeValues`, :mod:`kickoff.analysis.plan_parts`), exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from kickoff.analysis.exact.event_cache import FREE_MOVES
from kickoff.analysis.objectives import receivers_prefer
from kickoff.analysis.plan_parts import Parts, combined, recording, summarise
from kickoff.analysis.plans import Found, Plan, _Valuer, search_event
from kickoff.core.errors import DecisionError

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.core.decisions import Decisions
    from kickoff.core.ruleset import Ruleset

#: One event to search: its name, whether the kicking coach chooses, its search space (the
#: seeds and the neighbours of a plan: ``plans._free_turn_space``, ``plans.resetup_space``).
Space = Callable[[_Valuer, str], tuple[list[Plan], Callable[[Plan], Iterator[Plan | None]]]]


def given_table(valuer: _Valuer, event: str) -> GivenValuer:
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
    return GivenValuer(valuer, ruleset, event)


class GivenValuer(_Valuer):
    """:func:`given_table`'s valuer of event ``event``'s plans; sharing a search's runs (a
    cache), it keeps each solve's parts (``parts``: ``plan_parts.Parts`` by the plan's
    ``Decisions`` field, ``repr``) for :class:`WholeValues` to combine."""

    def __init__(self, valuer: _Valuer, ruleset: Ruleset, event: str) -> None:
        super().__init__(valuer.state, ruleset, valuer.target, valuer.objective, valuer.play,
                         valuer.base, valuer.options, valuer.cache)
        self.event = event
        self.parts: dict[str, Parts] = {}

    def value(self, plans: Sequence[Plan]) -> Fraction | None:
        """The kick's exact value given the event with ``plans`` (``None``: refused)."""
        if self.cache is None:
            return super().value(plans)
        try:
            solver = self.solver(plans)
            with recording(solver):
                value = solver.value(self.target, self.objective)
                parts = summarise(solver, self.target)
        except DecisionError:
            return None
        self.parts[repr(getattr(self.decisions(plans), self.event))] = parts
        return value


class WholeValues:
    """The whole kick-off's exact values of plans (by the decisions they script: nobody's is
    every event's), each worked out once: with a search's runs shared (a cache), from the
    parts of one whole solve, the anchor, and of the solves given each event
    (:mod:`kickoff.analysis.plan_parts`; ``given``: each event's :attr:`GivenValuer.parts`),
    else solved; the solvers of the whole solves (``solvers``, by those decisions' ``repr``:
    the search hands the last one on, its caches warm)."""

    def __init__(self, valuer: _Valuer) -> None:
        self.valuer = valuer
        self.solved: dict[str, Fraction | None] = {}
        self.solvers: dict[str, KickoffSolver] = {}
        self.given: dict[str, dict[str, Parts]] = {}
        #: The first whole solve's decisions and parts (``None``: none yet, or not combining).
        self.anchor: tuple[Decisions, Parts] | None = None

    def __call__(self, plans: Sequence[Plan]) -> Fraction | None:
        """The kick's exact value with ``plans`` played (``None``: the rules refused one)."""
        decisions = self.valuer.decisions(plans)
        key = repr(decisions)
        if key not in self.solved:
            value = self._combined(decisions)
            if value is None:
                return self.solve(plans)
            self.solved[key] = value
        return self.solved[key]

    def solve(self, plans: Sequence[Plan]) -> Fraction | None:
        """:meth:`__call__` by a whole solve of its own (kept in ``solvers``), once; the
        first one's parts the anchor where the search shares its runs."""
        decisions = self.valuer.decisions(plans)
        key = repr(decisions)
        if key in self.solvers or (key in self.solved and self.solved[key] is None):
            return self.solved[key]
        anchoring = self.anchor is None and self.valuer.cache is not None
        try:
            solver = self.valuer.solver(plans)
            with recording(solver):
                self.solved[key] = solver.value(self.valuer.target, self.valuer.objective)
                if anchoring:
                    self.anchor = (decisions, summarise(solver, self.valuer.target))
        except DecisionError:
            self.solved[key] = None
            return None
        self.solvers[key] = solver
        return self.solved[key]

    def _combined(self, decisions: Decisions) -> Fraction | None:
        """The value from the anchor's parts and each differing event's given parts
        (``plan_parts.combined``); ``None``: no anchor, or a part not known."""
        if self.anchor is None:
            return None
        base, parts = self.anchor
        changes = []
        for event in FREE_MOVES:
            new, old = repr(getattr(decisions, event)), repr(getattr(base, event))
            if new != old:
                known = self.given.get(event, {})
                if new not in known or old not in known:
                    return None
                changes.append((known[new], known[old]))
        return combined(parts, changes, self.valuer.objective)


def search_events(valuer: _Valuer, events: Sequence[tuple[str, bool, Space]], budget: int
                  ) -> tuple[dict[str, Found], list[Plan], Fraction | None, WholeValues]:
    """:func:`kickoff.analysis.plans.search`'s work: each event's plans ranked given the event
    (``events``: name, whether the kicking coach chooses, its space), then the ranked best
    plans solved together (the anchor), each event's plans settled (:func:`settle`) and the
    plans found valued together by a solve of their own (the anchor's where the same)."""
    whole, ranked = WholeValues(valuer), {}
    for event, kicking, space in events:
        seeds, around = space(valuer, event)
        given = given_table(valuer, event)
        ranked[event] = (search_event(given, seeds, around, kicking, budget),
                         seeds[1] if len(seeds) > 1 else None, kicking)
        whole.given[event] = given.parts
    if valuer.cache is not None:  # the anchor (its value is kept: the same plans' whole)
        whole.solve([found.best for found, _, _ in ranked.values()])
    found = {event: settle(best, whole, close, kicking)
             for event, (best, close, kicking) in ranked.items()}
    plans = [f.best for f in found.values()]
    return found, plans, whole.solve(plans), whole


def settle(found: Found, whole: WholeValues, close: Plan | None, kicking: bool) -> Found:
    """``found`` (ranked given its event) with the whole kick-off's exact values: its best
    plan's, nobody's and the ``close`` seed's (``None``: no seed valued); the best of the three
    by the whole value for the choosing coach (``kicking``: the receivers' least preferred)."""
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

