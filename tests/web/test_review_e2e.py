"""The page's "Review a FUMBBL game" (issue 28, point 1), in a real headless Chromium against a
real ``kickoff serve`` (as ``test_web_e2e.py``): a FUMBBL replay chosen in the file input is
reviewed, and the page steps through its kick-offs, each one's table showing exactly what
``kickoff fumbbl review --json`` gives (the page's plan budget, 2), the pitch marking the kicked
and the best target; a file that is not a replay is the server's problem, shown.

Contract: ``docs/web.md`` ("Review a FUMBBL game").
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

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


def test_a_file_that_is_not_a_replay_is_a_problem_on_the_page(server: str,
                                                              tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not a replay")
    errors: list[str] = []
    with _opened(server, errors) as page:
        page.set_input_files("#review-file", str(bad))
        page.click("#review-go")
        page.wait_for_function("() => document.getElementById('review-problems')"
                               ".textContent.includes('not valid JSON')", timeout=60_000)
        assert page.get_attribute("#review-result", "hidden") is not None
        assert "could not be reviewed" in (page.text_content("#review-status") or "")
    assert errors == []
