"""The web app's answers and stores stay bounded whatever the request (issue 27): a 422 lists
at most ``MAX_PROBLEMS`` problems (then how many more), each cut to ``MAX_PROBLEM_CHARS``."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from kickoff.web.checks import MAX_PROBLEM_CHARS, MAX_PROBLEMS


def test_a_422_lists_at_most_max_problems(client: TestClient,
                                          default_doc: dict[str, Any]) -> None:
    # about 156 KB of unknown keys: once answered 1.43 MB of problems
    doc = {**default_doc, **{f"unknown_{i:05}": i for i in range(9000)}}
    r = client.post("/api/odds", json={"scenario": doc, "events": "none"})
    assert r.status_code == 422
    assert len(r.request.content) > 150_000
    problems = r.json()["problems"]
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1]["message"].startswith(f"and {9000 - MAX_PROBLEMS} more problems")
    assert len(r.content) < 40_000


def test_a_problem_s_text_is_cut(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = {**default_doc, "k" * 100_000: 1}
    r = client.post("/api/odds", json={"scenario": doc})
    assert r.status_code == 422
    (problem,) = r.json()["problems"]
    assert len(problem["where"]) == MAX_PROBLEM_CHARS and problem["where"].endswith("...")
    assert len(r.content) < 2_000
