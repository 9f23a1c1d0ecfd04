"""The advisor inside ``kickoff fumbbl review`` (issue 28; ``docs/analysis.md``, "The advisor on
the rest of the classic games"): it starts from the review's own solve of the real set-up (no
second solve of the start), computes no per-event report the review would discard, and takes
a deterministic bound, ``--advise-evaluations N``, whose suggestion is the optimizer's with the
same count and seed; the option's bounds and where its value is said."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_DIR, cli

import kickoff.analysis.advisor.evaluate as evaluate
import kickoff.analysis.advisor.search as search
from kickoff.analysis.advisor.moves import layout_of
from kickoff.analysis.advisor.search import OptimizeRequest, SetupValue, optimize_setup
from kickoff.analysis.review import review_kickoff
from kickoff.cli import review_cmd, review_many  # both imported before any patching
from kickoff.cli.common import MAX_EVALUATIONS
from kickoff.defaults import kick_use
from kickoff.formats.fumbbl.replay import extract_kickoffs
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

GAME = SHARED_DIR / "data" / "fumbbl-replays" / "1546677.json.gz"
needs_game = pytest.mark.shared_data("data/fumbbl-replays/1546677.json.gz")
_real_event_values = search.event_values


def _first_kickoff() -> LoadedScenario:
    """The first kick-off of 1546677 (bb2020: a set-up's solve is under a second) as
    ``kickoff fumbbl review`` loads it."""
    k = extract_kickoffs(GAME)[0]
    return load_scenario(parse_scenario(json.dumps(k.scenario)))


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every set-up the advisor solves (its evaluator's :func:`evaluate.minimax`, once per
    candidate and per use of Kick: one here), as its layout; the per-event report refused."""
    seen: list[Any] = []
    real = evaluate.minimax

    def counted(state: Any, *args: Any) -> Any:
        seen.append(layout_of(state))
        return real(state, *args)

    def no_report(*args: Any) -> Any:
        raise AssertionError("the per-event report was computed")

    monkeypatch.setattr(evaluate, "minimax", counted)
    monkeypatch.setattr(search, "event_values", no_report)
    yield seen


@pytest.mark.slow  # two reviews and an optimizer's search (12 s of CPU): .ci/run; the quick
@needs_game        # suite has the option reaching the review (below)
def test_the_reviews_advisor_solves_no_second_start_and_is_the_optimizers(
        solves: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = _first_kickoff()
    state, rs, house = loaded.state, loaded.ruleset, loaded.house_rules
    kick = kick_use(state, rs, house)
    dice, _ = loaded.dice()

    def review() -> Any:
        return review_kickoff(state, rs, house, loaded.decisions, dice, "receiver-holds",
                              kick.used, kick.kicker, advise_evaluations=3)

    first = review()
    # three candidates solved, the start none of them: its value is the review's own solve
    assert len(solves) == 3 and layout_of(state) not in solves
    setup = next(j for j in first.judged if j.what == "setup")
    again = review()
    assert again.advice == first.advice and again.judged == first.judged  # deterministic
    # the optimizer with the same count and seed, solving the start itself (once: the spy
    # sees it) and reporting the events, gives the same start value and the same suggestion
    monkeypatch.setattr(search, "event_values", _real_event_values)
    solves.clear()
    found = optimize_setup(OptimizeRequest(state, rs, "receiver-holds", evaluations=3,
                                           house_rules=house, use_kick_skill=kick.used))
    assert solves[0] == layout_of(state) and len(solves) == 4
    assert found.start_value == SetupValue(first.setup_value, first.best_target, kick.used)
    assert found.evaluated == 3 and len(found.by_event) > 0
    assert first.advice == {pid: None if sq is None else sq.as_list()
                            for pid, sq in found.squares.items()}
    assert (setup.chosen, setup.best) == (found.start_value.value, found.value.value)


@needs_game
def test_the_search_seconds_start_after_the_start_without_a_report() -> None:
    """With the per-event report asked (``setup optimize``), the search's seconds count from
    before the start's solve, less four solves kept for the report; without it (the review's
    advisor), they are the search's own, from after the start is valued."""
    loaded = _first_kickoff()
    report = OptimizeRequest(loaded.state, loaded.ruleset, seconds=30)
    review = OptimizeRequest(loaded.state, loaded.ruleset, seconds=30, event_report=False)
    assert search._search_seconds(report, 30, solve=6.0) == 30 - 4 * 6.0
    assert search._search_seconds(report, 30, solve=8.0) == 0
    assert search._search_seconds(review, 30, solve=8.0) == 30
    assert search._search_start(report, 1.0, 9.0) == 1.0
    assert search._search_start(review, 1.0, 9.0) == 9.0


@pytest.fixture(scope="module")
def reviewed() -> tuple[str, Any, Any]:
    """``review_game`` of 1546677 with ``evaluations=1`` (a candidate a kick-off: seconds)."""
    return review_cmd.review_game(GAME, "receiver-holds", 16, None, 1)


@needs_game
@pytest.mark.parametrize("folder", [False, True], ids=["game", "folder"])
def test_advise_evaluations_reaches_the_review_and_is_said(
        reviewed: tuple[str, Any, Any], folder: bool, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    assert all(r.advice is not None for _, r in reviewed[2])
    asked: list[tuple[Any, ...]] = []

    def game(path: Path, *args: Any, ranked: bool = False) -> tuple[str, Any, Any]:
        asked.append((*args, ranked))
        return reviewed

    monkeypatch.setattr(review_cmd, "review_game", game)
    monkeypatch.setattr(review_many, "review_game", game)
    where = str(GAME)
    if folder:
        (tmp_path / GAME.name).write_bytes(GAME.read_bytes())
        where = str(tmp_path)
    code, out, err = cli(["fumbbl", "review", where, "--advise-evaluations", "1", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert asked == [("receiver-holds", 16, None, 1, False)]  # (no --png: nothing ranked)
    assert (doc["applied"]["advise"], doc["applied"]["advise_evaluations"]) == (None, 1)
    assert doc["advisor"]["kickoffs"] == 3
    code, out, err = cli(["fumbbl", "review", where, "--advise", "5",
                          "--advise-evaluations", "1"])
    assert code == 0, err
    said = ("Advisor (--advise 5 and --advise-evaluations 1, whichever first; seed 0)"
            if folder else "set-up advisor: seed 0, --advise 5 and --advise-evaluations 1, "
            "whichever first at each kick-off")
    assert said in " ".join(out.split())


@pytest.mark.parametrize("value", ["0", str(MAX_EVALUATIONS + 1), "x"])
def test_advise_evaluations_out_of_its_bounds_is_refused(value: str) -> None:
    code, out, err = cli(["fumbbl", "review", "nosuch.json", "--advise-evaluations", value])
    assert code == 2 and out == ""
    assert "--advise-evaluations" in err and "Traceback" not in err
    if value != "x":
        assert f"1<=x<={MAX_EVALUATIONS}" in err


@needs_game
def test_a_games_reviews_keep_no_solver() -> None:
    # (every kick-off's KickoffSolver was kept through its review's ranking: a classic game's
    # Pitch Invasion worlds, gigabytes each, all held to the end of the game)
    _, ks, plain = review_cmd.review_game(GAME, "receiver-holds", 16, None)
    assert [r.ranking for _, r in plain] == [None] * len(ks) and len(ks) >= 2
    assert all(r.ranked == [] for _, r in plain)  # nothing to rank from


@pytest.mark.slow  # a second review and a ranking solved again (5 s): .ci/run
@needs_game
def test_a_games_reviews_ranked_for_png_keep_no_solver() -> None:
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.analysis.targets import rank_targets

    _, _, ranked = review_cmd.review_game(GAME, "receiver-holds", 16, None, ranked=True)
    first = ranked[0][1]
    assert first.ranking is None and len(first.ranked) > 100
    loaded = _first_kickoff()
    kick = kick_use(loaded.state, loaded.ruleset, loaded.house_rules)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                           house_rules=loaded.house_rules, use_kick_skill=kick.used,
                           play="defaults", objective="receiver-holds")
    assert first.ranked == rank_targets(solver, "receiver-holds")
    assert first.ranked[0].target == first.best_target
