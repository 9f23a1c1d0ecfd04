""""Suggest a set-up" through FastAPI's test client: a search started, its progress, its result
(the set-up found is legal and its value is exactly the advisor's ``setup_value`` of it, the
starting set-up's too), cancel (the best found so far), a search nobody asks about stopped, and
bad input: bounds, an illegal scenario, a turn, an unknown job, too many searches at once.

The searches are Sevens with the Kick-off events off and a few rounds: each evaluation of a
set-up is a fraction of a second."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from conftest import limited_client
from fastapi.testclient import TestClient

from kickoff.analysis.advisor.prefer import EPSILON
from kickoff.analysis.advisor.search import SetupValue, setup_value
from kickoff.analysis.objectives import receivers_prefer
from kickoff.core import Square
from kickoff.core.setup import kickoff_setup_problems
from kickoff.formats.match import match_scenario
from kickoff.formats.scenario import load_scenario, parse_scenario
from kickoff.web.models import MAX_SUGGEST_SECONDS

#: Seconds a test waits for a search at most (a few rounds take a few seconds; the machine is
#: shared).
PATIENCE = 240


@pytest.fixture
def sevens() -> dict[str, Any]:
    """The default Sevens match (home kicking: the away team receives)."""
    doc, problems = match_scenario("sevens", None, None, None, None, "home")
    assert problems == []
    return copy.deepcopy(doc)


def _ask(client: TestClient, doc: dict[str, Any], **options: Any) -> dict[str, Any]:
    r = client.post("/api/suggest", json={"scenario": doc, "events": "none", **options})
    assert r.status_code == 202, r.text
    job: dict[str, Any] = r.json()
    assert r.headers["location"] == f"/api/suggest/{job['id']}"
    return job


def _until(client: TestClient, job_id: str, done: Any) -> dict[str, Any]:
    """The job's state once ``done(state)`` holds (polled, as the page polls)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        r = client.get(f"/api/suggest/{job_id}")
        assert r.status_code == 200, r.text
        job: dict[str, Any] = r.json()
        if done(job):
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.2)


def _finished(client: TestClient, job_id: str) -> dict[str, Any]:
    return _until(client, job_id, lambda j: j["state"] != "running")


def _placed(doc: dict[str, Any], side: str, squares: dict[str, list[int] | None]
            ) -> dict[str, Any]:
    """``doc`` with ``side``'s players on ``squares`` (``None``: the Reserves), as the page's
    "Take it" places them."""
    out = copy.deepcopy(doc)
    for p in out["teams"][side]["players"]:
        if p["id"] in squares:
            p["square"] = squares[p["id"]]
            p.pop("status", None)
    return out


def _value(doc: dict[str, Any], objective: str = "receiver-holds", play: str = "defaults"
           ) -> Any:
    loaded = load_scenario(parse_scenario(json.dumps(doc)))  # raises for an illegal set-up
    assert kickoff_setup_problems(loaded.state, loaded.ruleset) == []
    return setup_value(loaded.state, loaded.ruleset, objective=objective,  # type: ignore[arg-type]
                       events="none", play=play,  # type: ignore[arg-type]
                       house_rules=loaded.house_rules)


def _same(answer: dict[str, Any], value: Any) -> None:
    """The answer's value is exactly ``value`` (a ``SetupValue``)."""
    assert Fraction(answer["exact"]) == value.value
    assert answer["value"] == float(value.value)
    assert Square(*answer["target"]) == value.target
    assert answer["kick_skill"] == value.use_kick_skill


def test_a_suggestion_is_legal_and_valued_exactly(client: TestClient,
                                                  sevens: dict[str, Any]) -> None:
    job = _ask(client, sevens, rounds=3, seconds=MAX_SUGGEST_SECONDS, seed=11,
               objective="receiver-holds")
    assert (job["state"], job["receiving"], job["seed"], job["rounds"]) == ("running", "away",
                                                                           11, 3)
    job = _finished(client, job["id"])
    assert job["state"] == "done", job
    s = job["suggestion"]
    assert not s["cancelled"]
    away = [p["id"] for p in sevens["teams"]["away"]["players"]]
    assert sorted(s["squares"]) == sorted(away)
    found = _value(_placed(sevens, "away", s["squares"]))
    start = _value(sevens)
    _same(s["value"], found)
    _same(s["start_value"], start)
    assert not receivers_prefer("receiver-holds", start.value, found.value)  # never worse
    assert job["progress"]["evaluated"] == s["evaluated"] >= 1
    assert job["progress"]["best"] == s["value"]
    best = Fraction(s["best_value"]["exact"])  # the best met: the suggestion within epsilon
    assert 0 <= best - found.value <= EPSILON["receiver-holds"]
    assert s["by_event"] == []  # the events off
    # cancelling a finished search leaves it as it is
    again = client.post(f"/api/suggest/{job['id']}/cancel")
    assert again.status_code == 200
    assert again.json()["state"] == "done" and again.json()["suggestion"] == s


def test_the_receivers_best_play_is_the_search_s_too(client: TestClient,
                                                    sevens: dict[str, Any]) -> None:
    """``play: best``: the values are those of the receiving coach's best choices, exactly."""
    job = _finished(client, _ask(client, sevens, rounds=1, seconds=MAX_SUGGEST_SECONDS, seed=2,
                                 play="best")["id"])
    assert (job["state"], job["play"]) == ("done", "best"), job
    s = job["suggestion"]
    _same(s["value"], _value(_placed(sevens, "away", s["squares"]), play="best"))
    best_start = _value(sevens, play="best")
    _same(s["start_value"], best_start)
    assert not receivers_prefer("receiver-holds", _value(sevens).value, best_start.value)


def test_pinned_players_stay_and_an_unknown_one_is_refused(client: TestClient,
                                                         sevens: dict[str, Any]) -> None:
    """``keep``: the players the coach pins stay where the scenario has them (issue 24)."""
    away = sevens["teams"]["away"]["players"]
    keep = [p["id"] for p in away if p.get("square") is not None][:3]
    job = _finished(client, _ask(client, sevens, rounds=8, seconds=MAX_SUGGEST_SECONDS, seed=3,
                                 keep=keep)["id"])
    assert job["state"] == "done", job
    squares = job["suggestion"]["squares"]
    assert all(squares[p["id"]] == p["square"] for p in away if p["id"] in keep)
    r = client.post("/api/suggest", json={"scenario": sevens, "events": "none",
                                          "keep": ["h1", "nobody"]})
    assert r.status_code == 422, r.text
    problems = r.json()["problems"]
    assert [p["where"] for p in problems] == ["keep", "keep"]
    assert "'h1' is not a player of the receiving team" in problems[0]["message"]


def test_progress_then_cancel_gives_the_best_so_far(client: TestClient,
                                                    sevens: dict[str, Any]) -> None:
    job = _ask(client, sevens, seconds=MAX_SUGGEST_SECONDS, objective="touchback")
    assert job["progress"]["evaluated"] == 0 or job["progress"]["best"] is not None
    seen = _until(client, job["id"], lambda j: j["progress"]["best"] is not None)
    assert seen["state"] == "running" and seen["progress"]["evaluated"] >= 1
    assert 0 < seen["progress"]["elapsed"] < MAX_SUGGEST_SECONDS
    assert Fraction(seen["progress"]["best"]["exact"]) >= 0
    r = client.post(f"/api/suggest/{job['id']}/cancel")
    assert r.status_code == 200 and r.json()["id"] == job["id"]
    job = _finished(client, job["id"])
    assert job["state"] == "cancelled", job
    s = job["suggestion"]
    assert s["cancelled"] and s["evaluated"] >= seen["progress"]["evaluated"]
    assert job["progress"]["elapsed"] < MAX_SUGGEST_SECONDS / 2  # stopped, long before its bound
    _same(s["value"], _value(_placed(sevens, "away", s["squares"]), "touchback"))
    _same(s["start_value"], _value(sevens, "touchback"))


def test_a_search_nobody_asks_about_is_cancelled(sevens: dict[str, Any]) -> None:
    with limited_client(suggest_abandon_seconds=2) as c:
        job = _ask(c, sevens, seconds=MAX_SUGGEST_SECONDS)
        time.sleep(4)  # the page has gone: nobody polls
        job = _finished(c, job["id"])
        assert job["state"] == "cancelled" and job["suggestion"]["cancelled"]


def test_too_many_searches_at_once_are_refused(sevens: dict[str, Any]) -> None:
    with limited_client(max_suggestions=1) as c:
        first = _ask(c, sevens, seconds=MAX_SUGGEST_SECONDS)
        r = c.post("/api/suggest", json={"scenario": sevens, "events": "none"})
        assert r.status_code == 503
        assert r.headers["retry-after"] == "10"
        (problem,) = r.json()["problems"]
        assert (problem["code"], problem["text"]) == (
            "busy", "server: 1 set-up searches running, the most this server runs at once; "
            "try again shortly")
        c.post(f"/api/suggest/{first['id']}/cancel")
        assert _finished(c, first["id"])["state"] == "cancelled"
        # one finished: another may start
        second = _ask(c, sevens, seconds=MAX_SUGGEST_SECONDS)
        c.post(f"/api/suggest/{second['id']}/cancel")
        assert _finished(c, second["id"])["state"] == "cancelled"


@pytest.mark.parametrize(("options", "where", "message"), [
    ({"seconds": 0}, "seconds", "greater than or equal to 1"),
    ({"seconds": MAX_SUGGEST_SECONDS + 1}, "seconds", f"less than or equal to {MAX_SUGGEST_SECONDS}"),
    ({"seconds": "soon"}, "seconds", "valid number"),
    ({"rounds": 0}, "rounds", "greater than or equal to 1"),
    ({"seed": -1}, "seed", "greater than or equal to 0"),
    ({"objective": "glory"}, "objective", "'touchback'"),
    ({"events": "some"}, "events", "'none' or 'all'"),
    ({"play": "worst"}, "play", "'defaults' or 'best'"),
    ({"workers": 2}, "workers", "unknown field"),
])
def test_bad_options_name_their_field(client: TestClient, sevens: dict[str, Any],
                                      options: dict[str, Any], where: str, message: str) -> None:
    r = client.post("/api/suggest", json={"scenario": sevens, **options})
    assert r.status_code == 422, r.text
    [problem] = r.json()["problems"]
    assert problem["where"] == where and message in problem["message"], problem


def test_an_illegal_set_up_is_refused(client: TestClient, sevens: dict[str, Any]) -> None:
    away = sevens["teams"]["away"]["players"][0]
    away["square"] = [3, 5]  # in the kicking team's half
    r = client.post("/api/suggest", json={"scenario": sevens, "events": "none"})
    assert r.status_code == 422
    texts = [p["text"] for p in r.json()["problems"]]
    assert any(t.startswith("scenario: illegal set-up: away team: player a1 at [3, 5]")
               for t in texts), texts


def test_a_turn_has_no_set_up_to_suggest(client: TestClient) -> None:
    from test_web_api import NO_SETUP, TURN_CASE

    doc = json.loads(TURN_CASE.read_text())["scenario"]
    r = client.post("/api/suggest", json={"scenario": doc})
    assert r.status_code == 422
    assert [p["text"] for p in r.json()["problems"]] == [NO_SETUP]


def test_a_receiving_team_with_no_players_is_refused(client: TestClient,
                                                     sevens: dict[str, Any]) -> None:
    """``kickoff setup optimize`` refuses such a team; the page does too, naming the key path,
    and starts no search."""
    sevens["teams"]["away"]["players"] = []
    r = client.post("/api/suggest", json={"scenario": sevens, "events": "none"})
    assert r.status_code == 422, r.text
    assert [p["text"] for p in r.json()["problems"]] == [
        "scenario.teams.away.players: the receiving team has no players to set up"]


def test_an_unknown_job(client: TestClient) -> None:
    r = client.get("/api/suggest/0123456789abcdef")
    assert r.status_code == 404
    assert r.json()["problems"][0]["text"].startswith("id: no set-up search '0123456789abcdef'")
    assert client.post("/api/suggest/0123456789abcdef/cancel").status_code == 404
    r = client.get("/api/suggest/..%2Fetc")
    assert r.status_code in (404, 422)
    r = client.get("/api/suggest/NOT-AN-ID")
    assert r.status_code == 422
    assert r.json()["problems"][0]["where"] == "path.job_id"


@pytest.fixture(autouse=True)
def _no_search_left(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test's searches end within it (none keeps a core busy for the next test)."""
    yield
    if "client" in request.fixturenames:
        svc = request.getfixturevalue("client").app.state.suggestions
        assert svc.running() == 0


def test_a_search_reads_and_writes_the_shared_mappings_sparingly() -> None:
    """The search's callbacks: the first report is written at once, then at most one each
    PROGRESS_SECONDS (the latest); a stop asked for is seen within CANCEL_SECONDS, and kept."""
    from kickoff.analysis.advisor.search import OptimizeProgress
    from kickoff.web.advice import CANCEL_SECONDS, PROGRESS_SECONDS, Link

    now = [100.0]
    progress: dict[str, Any] = {}
    cancels: dict[str, bool] = {}
    link = Link("j", progress, cancels, clock=lambda: now[0])

    def report(n: int) -> None:
        best = SetupValue(Fraction(n, 7), Square(13, n), False)
        link.report(OptimizeProgress(evaluated=n, elapsed=now[0] - 100, best=best))

    report(1)
    assert progress["j"] == {"evaluated": 1, "elapsed": 0.0, "best": {
        "value": 1 / 7, "exact": "1/7", "target": [13, 1], "kick_skill": False}}
    now[0] += PROGRESS_SECONDS / 2
    report(2)
    assert progress["j"]["evaluated"] == 1  # too soon
    now[0] += PROGRESS_SECONDS  # 1.5 periods after the first
    report(3)
    assert progress["j"]["evaluated"] == 3 and progress["j"]["best"]["exact"] == "3/7"
    assert not link.cancelled()
    cancels["j"] = True
    assert not link.cancelled()  # looked a moment ago
    now[0] += CANCEL_SECONDS * 1.5
    assert link.cancelled()
    del cancels["j"]
    assert link.cancelled()  # once asked, the search stops
