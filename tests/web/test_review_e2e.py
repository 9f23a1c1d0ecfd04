"""The page's "Review a FUMBBL game" (issue 28, point 1), in a real headless Chromium against a
real ``kickoff serve`` (as ``test_web_e2e.py``): a FUMBBL replay chosen in the file input is
reviewed, and the page steps through its kick-offs, each one's table showing exactly what
``kickoff fumbbl review --json`` gives (the page's plan budget, 2), the pitch marking the kicked
and the best target; a file that is not a replay is the server's problem, shown.

Contract: ``docs/web.md`` ("Review a FUMBBL game").
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_DIR, cli
from test_web_e2e import _opened

#: The page's names of the choices judged.
NAMES = {"kick": "kick", "setup": "set-up", "high_kick": "High Kick", "blitz": "Blitz!",
         "charge": "Charge!", "quick_snap": "Quick Snap", "perfect_defence": "Perfect Defence",
         "solid_defence": "Solid Defence"}
GAME = SHARED_DIR / "data" / "fumbbl-replays" / "1546677.json.gz"


def _pct(exact: str) -> str:
    return f"{float(Fraction(exact)) * 100:.2f}%"


@pytest.mark.shared_data("data/fumbbl-replays/1546677.json.gz")
def test_the_page_reviews_an_uploaded_replay_kick_off_by_kick_off(server: str) -> None:
    code, out, err = cli(["fumbbl", "review", str(GAME), "--plan-budget", "2", "--json"])
    assert code == 0, err
    want = json.loads(out)
    errors: list[str] = []
    with _opened(server, errors) as page:
        page.set_input_files("#review-file", str(GAME))
        page.click("#review-go")
        page.wait_for_function("() => document.getElementById('review-which').textContent"
                               ".startsWith('Kick-off 1 of 3')", timeout=300_000)
        # what was applied, as the command's header says it (it named the objective only)
        assert (page.text_content("#review-status") or "") == (
            "FUMBBL game 1546677: 3 kick-offs reviewed (receiver-holds; the Kick-off events on, "
            "every other choice at its default; free moves: the best of 2 plans at most).")
        for i, k in enumerate(want["kickoffs"]):
            if i:
                page.click("#review-next")
                page.wait_for_function(f"() => document.getElementById('review-which')"
                                       f".textContent.startsWith('Kick-off {i + 1} of 3')")
            rows = page.eval_on_selector_all(
                "#review-rows tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
            assert rows == [[j["side"], NAMES[j["what"]], j["chosen_text"], _pct(j["chosen"]),
                             j["best_text"], _pct(j["best"]), _pct(j["gap"])]
                            for j in k["judged"]]
            kicked = page.get_attribute("#review-kicked", "x")
            best = page.get_attribute("#review-best", "x")
            assert kicked is not None and best is not None
            assert int(kicked) == k["target"][0] * 20 + 1
            assert int(best) == k["best_target"][0] * 20 + 1
        summary = page.text_content("#review-summary") or ""
        home = want["summary"]["home"]
        assert (f"home ({home['team']}): {home['at_best']} of {home['judged']} choices at the "
                f"best, {_pct(home['given_away'])} given away") in summary
    assert errors == []


@pytest.fixture(scope="module")
def one_page(server: str) -> Iterator[tuple[Any, list[str]]]:
    """One page (and its script errors) for the two tests below, which change nothing the
    other reads (the review's problems; the pure ``reviewPct`` and a pitch drawn from its
    arguments): a page opened costs Chromium and the server about a second of CPU."""
    errors: list[str] = []
    with _opened(server, errors) as page:
        yield page, errors


def test_a_file_that_is_not_a_replay_is_a_problem_on_the_page(
        one_page: tuple[Any, list[str]], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not a replay")
    page, errors = one_page
    page.set_input_files("#review-file", str(bad))
    page.click("#review-go")
    page.wait_for_function("() => document.getElementById('review-problems')"
                           ".textContent.includes('not valid JSON')", timeout=60_000)
    assert page.get_attribute("#review-result", "hidden") is not None
    assert "could not be reviewed" in (page.text_content("#review-status") or "")
    assert errors == []


#: An exact value of more than 308 digits each side (as a 2020 game's run to: 1559380's second
#: kick-off, 828-digit fractions; a classic game's to thousands): a third, and two thirds.
THIRD = "1" + "0" * 400 + "/3" + "0" * 400
TWO_THIRDS = "2" + "0" * 400 + "/3" + "0" * 400


def test_long_exact_values_are_shown_as_percents_not_nan(one_page: tuple[Any, list[str]]
                                                          ) -> None:
    # (the page read each exact value with Number(), Infinity past 308 digits: NaN% in the
    # table, and a heat map all of one colour)
    page, errors = one_page
    shown = page.evaluate(f"() => [reviewPct('{THIRD}'), reviewPct('{TWO_THIRDS}'), "
                          "reviewPct('0'), reviewPct('1/8')]")
    assert shown == ["33.33%", "66.67%", "0.00%", "12.50%"]
    fills = page.evaluate(
        "(values) => { reviewPitch({pitch: {width: 26, height: 15}, players: [],"
        " best_target: [1, 0], target: [2, 0],"
        " targets: values.map((v, i) => ({target: [i + 1, 0], value: v}))});"
        " return [...document.querySelectorAll('#review-pitch rect.review-target')]"
        ".map((r) => r.getAttribute('fill')); }", [THIRD, TWO_THIRDS])
    # receiver-holds: the kicking coach's best (the lowest, first) green-ish, the highest red
    assert fills == ["hsl(60, 60%, 55%)", "hsl(0, 60%, 55%)"]
    assert errors == []


@pytest.mark.slow  # (a page: .ci/run runs it; the quick suite keeps the review pitch's colours,
#                    test_long_exact_values_are_shown_as_percents_not_nan)
def test_the_heat_map_is_green_where_the_kicking_coach_wants_the_ball(server: str) -> None:
    # (ball-on-ground: the kicking coach wants it high, the targets best first: the highest
    # value is his best and green, as on kickoff fumbbl review --png; it was red)
    errors: list[str] = []
    with _opened(server, errors) as page:
        fills = page.evaluate(
            "() => { reviewPitch({pitch: {width: 26, height: 15}, players: [],"
            " best_target: [1, 0], target: [2, 0],"
            " targets: [{target: [1, 0], value: '3/4'}, {target: [2, 0], value: '0'}]});"
            " return [...document.querySelectorAll('#review-pitch rect.review-target')]"
            ".map((r) => r.getAttribute('fill')); }")
        assert fills == ["hsl(120, 60%, 55%)", "hsl(0, 60%, 55%)"]
    assert errors == []
