"""The review's exact solves run with Python's cyclic garbage collector paused (issue 28: a
quarter of a classic review's CPU was the collector walking the solver's millions of
long-lived containers; docs/performance.md, "1005115 under the line"), and the collector is
as it was afterwards, whatever happens inside."""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest
from helpers import SHARED_DIR

import kickoff.analysis.review as review
import kickoff.analysis.targets as targets
from kickoff.analysis.collector import collector_paused
from kickoff.defaults import kick_use
from kickoff.formats.fumbbl.replay import extract_kickoffs
from kickoff.formats.scenario import load_scenario, parse_scenario

GAME = SHARED_DIR / "data" / "fumbbl-replays" / "1546677.json.gz"
needs_game = pytest.mark.shared_data("data/fumbbl-replays/1546677.json.gz")


class _Stop(Exception):
    pass


def test_collector_paused_restores_what_it_found() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with collector_paused():
        assert not gc.isenabled()
        kept = [[i] for i in range(1000)]
    assert gc.isenabled()
    # what the block made and kept is out of the collector's generations: not walked again
    after = gc.get_freeze_count()
    assert after >= frozen + 1000 and gc.is_tracked(kept[0])
    del kept
    # and freed by its counts as ever (the count is the process's: in a whole run the block
    # froze whatever else the generations held too, so only the fall is this test's own)
    assert after - gc.get_freeze_count() >= 1000
    with pytest.raises(_Stop), collector_paused():
        raise _Stop
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # paused before: left paused
    finally:
        gc.enable()


def _review_until_the_search(monkeypatch: pytest.MonkeyPatch, spy: Any) -> tuple[Any, Any]:
    """Review the game's first kick-off with ``spy`` as the best-target search (it raises
    ``_Stop``); the loaded scenario and its kick use."""
    monkeypatch.setattr(review, "best_target", spy)
    k = extract_kickoffs(GAME)[0]
    loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
    kick = kick_use(loaded.state, loaded.ruleset, loaded.house_rules)
    dice, _ = loaded.dice()
    with pytest.raises(_Stop):
        review.review_kickoff(loaded.state, loaded.ruleset, loaded.house_rules,
                              loaded.decisions, dice, "receiver-holds", kick.used,
                              kick.kicker)
    return loaded, kick


@needs_game
def test_the_review_solves_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def spy(solver: Any, objective: Any, known: Any = None) -> Any:
        seen.append(gc.isenabled())
        raise _Stop  # (the solve itself is not needed: where it would run is)

    _review_until_the_search(monkeypatch, spy)
    assert seen == [False]
    assert gc.isenabled()


@needs_game
def test_the_review_hands_its_kicked_targets_value_to_the_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # solved once, first (its starts then bound the targets sharing them exactly): the search
    # gets the kicked target with the value a fresh solver gives it
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.core.decisions import Decisions

    given: list[Any] = []

    def spy(solver: Any, objective: Any, known: Any = None) -> Any:
        given.append(known)
        raise _Stop

    loaded, kick = _review_until_the_search(monkeypatch, spy)
    fresh = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                          house_rules=loaded.house_rules, use_kick_skill=kick.used,
                          decisions=Decisions(), play="defaults", objective="receiver-holds")
    target = loaded.decisions.target
    assert target is not None
    assert given == [(target, fresh.value(target, "receiver-holds"))]
    assert 0 < given[0][1] < 1


def test_a_pause_without_freezing_leaves_the_generations_alone() -> None:
    frozen = gc.get_freeze_count()
    with collector_paused(freeze=False):
        assert not gc.isenabled()
        kept = [[i] for i in range(1000)]
    # (nothing moved in: only a freeze raises the count; a frozen object freed meanwhile lowers it)
    assert gc.isenabled() and gc.get_freeze_count() <= frozen and len(kept) == 1000


def test_the_ranking_and_the_best_target_solve_with_the_collector_paused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (a third of the all-targets ranking's gap to dd20e17 was full collections: issue 29)
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.core.rulesets import RULESETS
    from kickoff.formats.match import build_match

    state = build_match("bb2020", None, None, None, None, "home").state
    seen: list[bool] = []
    real = KickoffSolver.value

    def spy(self: KickoffSolver, target: Any, objective: Any) -> Any:
        seen.append(gc.isenabled())
        return real(self, target, objective)

    monkeypatch.setattr(KickoffSolver, "value", spy)
    solver = KickoffSolver(state, RULESETS["bb2020"], events="none")
    ranked = targets.rank_targets(solver, "touchback")
    assert len(seen) == len(ranked) > 100 and not any(seen) and gc.isenabled()
    seen.clear()
    best = targets.best_target(KickoffSolver(state, RULESETS["bb2020"], events="none"),
                               "touchback")
    assert (best.target, best.value) == (ranked[0].target, ranked[0].value)
    assert seen and not any(seen) and gc.isenabled()
