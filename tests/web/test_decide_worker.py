"""``POST /api/decide`` valued in a worker process of the odds service (2026-12-07): its
seconds of exact solves ran in a thread of the server's own process, holding its interpreter
while pages opened meanwhile waited. The answer through the worker is the one computed in
process, and a refusal raised in the worker crosses back whole (a 422 naming its field)."""

from __future__ import annotations

import json
import pickle
from typing import Any

from fastapi.testclient import TestClient

from kickoff.core.problems import Problem
from kickoff.web.checks import BadInput
from kickoff.web.routes.decide import decide_job


def test_a_refusal_raised_in_a_worker_crosses_back_whole() -> None:
    problems = [Problem("a1 may not blitz: not on the pitch", "scenario.decisions.blitz[0]")]
    back = pickle.loads(pickle.dumps(BadInput(problems)))
    assert isinstance(back, BadInput)
    assert back.problems == problems and str(back) == str(BadInput(problems))


def test_the_answer_through_the_worker_is_the_one_computed_in_process(
        client: TestClient, default_doc: dict[str, Any]) -> None:
    from test_decide_e2e import _seed_of

    default_doc.pop("dice", None)
    scenario = {**default_doc, "seed": _seed_of(default_doc, "high_kick")}
    answer = client.post("/api/decide", json={"scenario": scenario, "plan_budget": 2})
    assert answer.status_code == 200, answer.text
    got = answer.json()["decision"]
    assert got is not None and got["kind"] == "high_kick"
    assert got == decide_job(json.dumps(scenario), "receiver-holds", 2)["decision"]


def test_the_answer_says_what_it_applied_as_decide_json_does(
        client: TestClient, default_doc: dict[str, Any], tmp_path: Any) -> None:
    """Every output says which defaults it applied: ``kickoff decide --json`` gives
    ``applied`` (the kicker and his Kick, the events, the play); the web's answer, "kickoff
    decide --json's document", left it out. The same keys and values now, but the teams'
    set-ups, which come from the scenario rather than a file."""
    from helpers import cli
    from test_decide_e2e import _seed_of

    default_doc.pop("dice", None)
    scenario = {**default_doc, "seed": _seed_of(default_doc, "high_kick")}
    got = client.post("/api/decide", json={"scenario": scenario, "plan_budget": 2}).json()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    code, out, err = cli(["decide", str(path), "--json", "--plan-budget", "2"])
    assert code == 0, err
    want = json.loads(out)["applied"]
    applied = got["decision"]["applied"]
    assert {k: v for k, v in applied.items() if k != "teams"} == {
        k: v for k, v in want.items() if k != "teams"}
    assert applied["kicker"] == "h8" and applied["use_kick_skill"] is True
    assert applied["teams"] == {"home": "Reikland Reavers, set-up from the scenario",
                                "away": "Gouged Eye, set-up from the scenario"}
