"""Issue 24 on the web: ``POST /api/odds`` with play best and events all searches the free
moves as ``kickoff odds --play best --events all`` does (every face's
``kickoff.defaults.PLAN_BUDGET``, the re-set-ups too), in the odds worker, and says what it
applied; ``plan_budget`` changes the budget, 0 turning the search off."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import cli

from kickoff.defaults import PLAN_BUDGET, PLAN_RESETUPS
from kickoff.formats.match import match_scenario
from kickoff.web import compute

#: Sevens' default pairing: the kicking coach's Blitz! plan beats nobody acting there
#: (tests/test_choices_by_event.py), with a budget of 4.
BUDGET = 4


@pytest.fixture(scope="module")
def sevens() -> dict[str, Any]:
    doc, problems = match_scenario("sevens", None, None, None, None, "home")
    assert problems == []
    return doc


def _cli(budget: int) -> dict[str, Any]:
    """``kickoff odds --json`` of sevens' default pairing, both coaches at their best."""
    code, out, err = cli(["odds", "--ruleset", "sevens", "--events", "all", "--play", "best",
                          "--plan-budget", str(budget), "--json"])
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def _odds(client: TestClient, doc: dict[str, Any], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/odds", json={"scenario": doc, "events": "all", "play": "best",
                                            **extra})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _web_figures(doc: dict[str, Any]) -> tuple[Any, ...]:
    """The exact fractions of an ``/api/odds`` answer: touchback, receivers hold, each holder's,
    each ground square's, the distance."""
    return (doc["touchback"]["exact"], doc["receiving_team_holds"]["exact"],
            {h["player"]: h["exact"] for h in doc["holders"]},
            [(g["square"], g["exact"]) for g in doc["ground"]],
            doc["expected_distance_to_receiving_end_zone"]["exact"])


def _cli_figures(doc: dict[str, Any]) -> tuple[Any, ...]:
    """The same fractions of ``kickoff odds --json``."""
    return (doc["touchback"], doc["receiving_team_holds"], doc["holders"],
            [(g["square"], g["p"]) for g in doc["ground"]],
            doc["expected_distance_to_receiving_end_zone"])


def test_best_play_names_the_blitz_plan_and_the_budget_applied(
        client: TestClient, sevens: dict[str, Any]) -> None:
    web, shell = _odds(client, sevens, plan_budget=BUDGET), _cli(BUDGET)
    assert web["applied"] == {"plan_budget": BUDGET, "plan_resetups": PLAN_RESETUPS,
                              "plan_budget_given": True, "note": ""}
    blitz = web["plans"]["events"]["blitz"]
    assert blitz["plan"].startswith("Blitz!: ") and blitz["plan"] != "Blitz!: nobody acts"
    assert web["plans"] == shell["plans"]  # the CLI's search, the same plans and exact values
    under = next(e for e in web["choices_by_event"] if e["event"] == "blitz")
    assert under["choices"][0]["coach"] == "kicking"
    assert under["choices"][0]["choice"].startswith(blitz["plan"].removeprefix("Blitz!: "))
    assert _web_figures(web) == _cli_figures(shell)
    assert web["choices_by_event"] == shell["choices_by_event"]


def test_plan_budget_0_gives_the_plan_less_figures(client: TestClient,
                                                   sevens: dict[str, Any]) -> None:
    web, shell = _odds(client, sevens, plan_budget=0), _cli(0)
    assert web["applied"] == {"plan_budget": 0, "plan_resetups": False,
                              "plan_budget_given": True, "note": ""}
    assert web["plans"] is None and "plans" not in shell
    assert _web_figures(web) == _cli_figures(shell)
    assert not any(e["event"] == "blitz" for e in web["choices_by_event"])


def test_every_face_applies_the_one_default() -> None:
    assert compute.plans_applied("all", "best", None) == {
        "plan_budget": PLAN_BUDGET, "plan_resetups": PLAN_RESETUPS, "plan_budget_given": False}
    assert compute.plans_applied("none", "best", None) is None
    assert compute.plans_applied("all", "defaults", None) is None


@pytest.mark.parametrize(("extra", "field"), [
    ({"plan_budget": compute.MAX_PLAN_BUDGET + 1},
     f"plan_budget: Input should be less than or equal to {compute.MAX_PLAN_BUDGET}"),
    ({"plan_budget": -1}, "plan_budget: Input should be greater than or equal to 0"),
    ({"plan_budget": "many"}, "plan_budget: Input should be a valid integer"),
    ({"plan_budget": 2, "play": "defaults"}, "plan_budget: a plan budget needs play best"),
    ({"plan_budget": 2, "events": "none"}, "plan_budget: a plan budget needs play best"),
])
def test_a_bad_plan_budget_is_a_422_naming_it(client: TestClient, sevens: dict[str, Any],
                                              extra: dict[str, Any], field: str) -> None:
    answer = client.post("/api/odds", json={"scenario": sevens, "events": "all",
                                            "play": "best", **extra})
    assert answer.status_code == 422, answer.text
    found = [p["text"] for p in answer.json()["problems"]]
    assert any(p.startswith(field) for p in found), found


def test_the_heat_map_says_it_did_not_search(client: TestClient, sevens: dict[str, Any]) -> None:
    ranking = client.post("/api/odds/all", json={"scenario": sevens, "events": "all",
                                                 "play": "best", "objective": "touchback"})
    assert ranking.status_code == 200, ranking.text
    applied = ranking.json()["applied"]
    assert (applied["plan_budget"], applied["plan_resetups"]) == (0, False)
    assert "not searched on the all-targets ranking" in applied["note"]
