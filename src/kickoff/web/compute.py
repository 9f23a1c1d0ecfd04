"""The web app's CPU-heavy work: exact odds, run in worker processes.

Each job takes a scenario as JSON text (checked again here: a worker trusts nothing it is sent)
and answers plain JSON-ready data. A worker keeps the last few :class:`KickoffSolver` objects by
set-up, so asking for another target of the same set-up reuses the solved journeys (and, with
``events="all"``, the enumerated Kick-off event).

Probabilities are given twice: ``p``, a float for drawing, and ``exact``, the fraction as a
string (``"57475/1143808"``).
"""

from __future__ import annotations

import contextlib
import json
import resource
import sys
from collections import OrderedDict
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from kickoff.analysis import KickoffSolver, Odds, objective_value, rank_targets
from kickoff.analysis.choices import by_event
from kickoff.analysis.exact.solver import Events, SolverPlay
from kickoff.analysis.objectives import board_features
from kickoff.analysis.targets import HIGHER_IS_BETTER, Objective
from kickoff.core.decisions import Decisions
from kickoff.core.errors import ScenarioError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.pitch import Square
from kickoff.core.problems import Problem
from kickoff.defaults import PLAN_BUDGET, PLAN_RESETUPS, kick_use
from kickoff.formats.reading import load_json
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

T = TypeVar("T")

#: Solvers a worker keeps (an eleven-a-side solver with events "all" holds a few hundred MB).
SOLVERS_KEPT = 2

_solvers: OrderedDict[tuple[str, Events, bool | None, SolverPlay, Objective], KickoffSolver] = OrderedDict()


#: The decisions the exact odds play from a scenario (the receiving coach's High Kick player and
#: touchback taker, as ``kickoff odds --high-kick / --touchback``); every other decision is
#: played at its default.
ODDS_CHOICES = ("high_kick", "touchback")


def odds_choices(doc: Any) -> dict[str, str]:
    """``{"high_kick": id, "touchback": id}``, those of :data:`ODDS_CHOICES` the scenario
    document's ``decisions`` name by player id (a touchback square is not played by the odds)."""
    decisions = doc.get("decisions") if isinstance(doc, dict) else None
    if not isinstance(decisions, dict):
        return {}
    return {k: v for k in ODDS_CHOICES if isinstance(v := decisions.get(k), str)}


def setup_key(scenario_text: str) -> str:
    """What the exact odds of a scenario depend on, as canonical JSON: everything but its dice,
    seed, kick and decisions, apart from the receiving coach's :func:`odds_choices` (the solver
    plays every other decision at its default)."""
    doc = load_json(scenario_text)
    choices = odds_choices(doc)
    for key in ("dice", "seed", "kick", "decisions"):
        doc.pop(key, None)
    if choices:
        doc["decisions"] = choices
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def load(scenario_text: str) -> LoadedScenario:
    """Parse and check a scenario; ``ScenarioError`` / ``SetupError`` list every problem."""
    return load_scenario(parse_scenario(scenario_text))


#: Why a ``phase: "turn"`` scenario has no kick-off odds (``kickoff odds`` refuses it alike).
TURN_HAS_NO_KICKOFF = Problem('"turn": a turn has no kick-off to give the odds of; '
                              "kickoff odds-kick gives the odds of its Kick action", "phase")


def load_kickoff(scenario_text: str) -> LoadedScenario:
    """:func:`load` for a kick-off's odds: a ``phase: "turn"`` scenario (a Kick It! Kick
    action, ``scenario-format.md`` "Actions") has no kick-off, ``ScenarioError`` naming
    ``phase``; checked before the rest, so it is the one problem reported."""
    sc = parse_scenario(scenario_text)
    if sc.phase == "turn":
        raise ScenarioError([TURN_HAS_NO_KICKOFF])
    return load_scenario(sc)


def solver_for(scenario_text: str, events: Events, kick_skill: bool | None, play: SolverPlay = "defaults",
               objective: Objective = "receiver-holds") -> KickoffSolver:
    """The solver of this set-up (kept: the last :data:`SOLVERS_KEPT` are remembered), playing
    the receiving coach's choices ``play`` (``"best"``: for ``objective``; ``"close"``: both
    coaches the close policy; the scenario's ``decisions.high_kick`` / ``touchback`` win over
    it where given, as in ``kickoff odds`` / ``simulate --play close``)."""
    if play == "defaults" and not board_features(objective):
        objective = "receiver-holds"  # not read: one solver for every ball objective
    key = (setup_key(scenario_text), events, kick_skill, play, objective)
    solver = _solvers.get(key)
    if solver is None:
        loaded = load_kickoff(scenario_text)
        solver = KickoffSolver(loaded.state, loaded.ruleset, events=events,
                               house_rules=loaded.house_rules, use_kick_skill=kick_skill,
                               decisions=named_choices(loaded), play=play, objective=objective)
        _solvers[key] = solver
        while len(_solvers) > SOLVERS_KEPT:
            _solvers.popitem(last=False)
    else:
        _solvers.move_to_end(key)
    return solver


def named_choices(loaded: LoadedScenario) -> Decisions:
    """The receiving coach's choices the odds play from the scenario (:data:`ODDS_CHOICES`:
    its High Kick player, its touchback taker by id), every other decision at its default."""
    chosen = loaded.decisions
    taker = chosen.touchback if isinstance(chosen.touchback, str) else None
    return Decisions(high_kick=chosen.high_kick, touchback=taker)


#: The most plans a web odds request may value per free move (``plan_budget``; each plan one
#: exact solve of the kick-off: every face's default 2.95 s of CPU on the default pairing,
#: minutes on a heavy one, docs/performance.md): twice :data:`kickoff.defaults.PLAN_BUDGET`.
MAX_PLAN_BUDGET = 2 * PLAN_BUDGET


def plans_applied(events: Events, play: SolverPlay, given: int | None) -> dict[str, Any] | None:
    """The free moves' search a one-target odds request applies, as ``kickoff odds`` applies
    it: with ``play`` ``"best"`` and ``events`` ``"all"`` the budget ``given`` (``None``: not
    given, :data:`kickoff.defaults.PLAN_BUDGET`) and the re-set-ups searched too
    (:data:`kickoff.defaults.PLAN_RESETUPS`; not with a budget of 0, which turns the search
    off), as ``{"plan_budget", "plan_resetups", "plan_budget_given"}``; ``None`` where the search
    does not apply (nobody acts in the free moves, as the format says)."""
    if play != "best" or events != "all":
        return None
    budget = PLAN_BUDGET if given is None else given
    return {"plan_budget": budget, "plan_resetups": PLAN_RESETUPS and budget > 0,
            "plan_budget_given": given is not None}


def planned_odds_job(scenario_text: str, kick_skill: bool | None, target: tuple[int, int],
                     objective: Objective, budget: int) -> dict[str, Any]:
    """One target's odds (:func:`odds_document`, events all, ``play`` ``"best"``) with the
    free moves searched as ``kickoff odds --play best --events all`` searches them
    (:func:`kickoff.analysis.plans.search`, at most ``budget`` plans per event, the re-set-ups
    too with :data:`kickoff.defaults.PLAN_RESETUPS`): the best plans found played, each under
    its event in ``choices_by_event``, and ``plans`` (``PlanSearch.to_json``: the kick's exact
    value with them and each event's plan, value, nobody's value, plans valued). Not kept in
    the worker's solvers (their decisions are the plans'). ``budget`` at least 1."""
    from kickoff.analysis.plans import search  # the action engine, only when asked

    loaded = load_kickoff(scenario_text)
    square = Square(*target)
    found = search(loaded.state, loaded.ruleset, square, budget=budget, objective=objective,
                   play="best", decisions=named_choices(loaded), house_rules=loaded.house_rules,
                   use_kick_skill=kick_skill, resetups=PLAN_RESETUPS)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                           house_rules=loaded.house_rules, use_kick_skill=kick_skill,
                           decisions=found.decisions, play="best", objective=objective)
    odds = solver.odds(square)
    odds.choices = [*odds.choices, *found.choices()]  # each plan under its event, as the CLI
    return {**odds_document(odds, kick_document(scenario_text, kick_skill)),
            "plans": found.to_json()}


def probability(p: Fraction) -> dict[str, Any]:
    """``{"p": float, "exact": "a/b"}``."""
    return {"p": float(p), "exact": fraction_text(p)}


def kick_document(scenario_text: str, kick_skill: bool | None) -> dict[str, Any]:
    """Who kicks the scenario's kick-off in the odds and whether he uses Kick
    (:func:`kickoff.defaults.kick_use`, the default kicker, ``kick_skill`` as asked: ``None``,
    the default, Kick when he has it): ``{"kicker", "has_kick", "used", "asked", "why"}``, for
    the page to name what it applied (issue 26)."""
    loaded = load_kickoff(scenario_text)
    return kick_use(loaded.state, loaded.ruleset, loaded.house_rules,
                    asked=kick_skill)._asdict()


def odds_document(odds: Odds, kick: dict[str, Any] | None = None) -> dict[str, Any]:
    """One target's odds for the page: touchback, who holds the ball, where it lies; ``kick``:
    :func:`kick_document`, the kicker and Kick applied."""
    return {
        "kick": kick,
        "target": odds.target.as_list(),
        "events": odds.events,
        "touchback": probability(odds.touchback),
        "receiving_team_holds": probability(odds.receiving_team_holds),
        "ball_on_ground": probability(objective_value(odds, "ball-on-ground")),
        "expected_distance_to_receiving_end_zone": {
            "squares": float(odds.expected_distance_to_receiving_end_zone),
            "exact": fraction_text(odds.expected_distance_to_receiving_end_zone),
        },
        "holders": [{"player": pid, **probability(p)}
                    for pid, p in sorted(odds.holders.items(), key=lambda kv: (-kv[1], kv[0]))],
        "ground": [{"square": sq.as_list(), **probability(p)}
                   for sq, p in sorted(odds.ground.items())],
        "decisions_taken": odds.decisions_taken,
        "choices_by_event": by_event(odds.choices),
    }


def odds_job(scenario_text: str, events: Events, kick_skill: bool | None, target: tuple[int, int],
             play: SolverPlay = "defaults", objective: Objective = "receiver-holds") -> dict[str, Any]:
    """The exact odds of one target (:func:`odds_document`), the receiving coach's choices
    played ``play`` (``"best"``: for ``objective``)."""
    solver = solver_for(scenario_text, events, kick_skill, play, objective)
    return odds_document(solver.odds(Square(*target)), kick_document(scenario_text, kick_skill))


def all_targets_job(
    scenario_text: str, events: Events, kick_skill: bool | None, objective: Objective,
    play: SolverPlay = "defaults",
) -> tuple[dict[str, Any], dict[tuple[int, int], dict[str, Any]]]:
    """Every target of the receiving area ranked by ``objective`` (best first), and every
    target's full odds (:func:`odds_document`) by square, for the caller's cache; with ``play``
    ``"best"`` the receiving coach's choices maximise the receiving side of ``objective``."""
    solver = solver_for(scenario_text, events, kick_skill, play, objective)
    ranked = rank_targets(solver, objective)
    ranking = {
        "objective": objective,
        "events": events,
        "higher_is_better": HIGHER_IS_BETTER[objective],
        "play": play,
        "targets": [
            {"target": r.target.as_list(), "value": float(r.value), "exact": fraction_text(r.value),
             "touchback": float(r.odds.touchback),
             "receiving_team_holds": float(r.odds.receiving_team_holds),
             "ball_on_ground": float(objective_value(r.odds, "ball-on-ground")),
             "decisions_taken": r.odds.decisions_taken,
             "choices_by_event": by_event(r.odds.choices)}
            for r in ranked
        ],
    }
    kick = kick_document(scenario_text, kick_skill)
    return ranking, {(r.target.x, r.target.y): odds_document(r.odds, kick) for r in ranked}


def bound_memory(limit: int) -> None:
    """A worker's initializer: its address space bounded at ``limit`` bytes (``RLIMIT_AS``, soft
    and hard, never above a bound already set): a job that would take more fails with
    ``MemoryError`` in the worker (the server answers 422 and replaces the worker,
    :mod:`kickoff.web.jobs`) instead of growing past the server's documented ceiling. Where
    the limit cannot be set (not Unix, or not allowed), nothing is done."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def peak_memory() -> int:
    """This process's peak resident memory so far, bytes."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # bytes on macOS, KB elsewhere


def measured(func: Callable[..., T], *args: Any) -> tuple[T, int]:
    """``func(*args)`` and this worker's :func:`peak_memory` after it: the server recycles a
    worker past its memory ceiling (:mod:`kickoff.web.jobs`)."""
    return func(*args), peak_memory()


def warm_up() -> int:
    """Nothing but importing this module in a worker; returns 0."""
    return 0
