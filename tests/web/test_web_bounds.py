"""The web app's answers and stores stay bounded whatever the request (issue 27): a 422 lists
at most ``MAX_PROBLEMS`` problems (then how many more), each cut to ``MAX_PROBLEM_CHARS``; the
answer cache is bounded in bytes; an odds worker past its memory ceiling is recycled."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import limited_client
from fastapi import HTTPException
from fastapi.testclient import TestClient

import kickoff
from kickoff.formats.reading import MAX_PROBLEMS
from kickoff.web.app import Limits, create_app
from kickoff.web.cache import Lru
from kickoff.web.checks import MAX_PROBLEM_CHARS


def test_a_422_lists_at_most_max_problems(client: TestClient,
                                          default_doc: dict[str, Any]) -> None:
    # about 156 KB of unknown keys (once answered 1.43 MB of problems); 150 of them, under the
    # 200 keys an object may have (an object of more is refused whole, before pydantic)
    doc = {**default_doc, **{f"unknown_{i:03}_" + "x" * 1030: i for i in range(150)}}
    r = client.post("/api/odds", json={"scenario": doc, "events": "none"})
    assert r.status_code == 422
    assert len(r.request.content) > 150_000
    problems = r.json()["problems"]
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1]["message"] == f"and {150 - MAX_PROBLEMS} more problems"
    assert problems[-1]["code"] == "more_problems"
    assert len(r.content) < 40_000


def test_a_problem_s_text_is_cut(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = {**default_doc, "k" * 100_000: 1}
    r = client.post("/api/odds", json={"scenario": doc})
    assert r.status_code == 422
    (problem,) = r.json()["problems"]
    assert len(problem["where"]) == MAX_PROBLEM_CHARS and problem["where"].endswith("...")
    assert len(r.content) < 2_000


def test_the_answer_cache_is_bounded_in_bytes() -> None:
    cache = Lru(max_bytes=1000)
    doc = {"p": 0.25, "exact": "1/4", "holders": [{"player": "h1", "p": 0.5}]}
    size = len(json.dumps(doc, separators=(",", ":")))
    for i in range(100):
        cache.put(("setup", i), doc)
    per_entry = size + len("setup") + 16
    assert cache.bytes == len(cache) * per_entry <= 1000
    assert len(cache) == 1000 // per_entry
    assert cache.get_item(("setup", 99)) == doc and cache.get_item(("setup", 0)) is None
    # the least recently used goes first
    oldest = next(iter(cache.entries))
    assert cache.get_item(oldest) == doc
    cache.put(("setup", 100), doc)
    assert cache.get_item(oldest) == doc and len(cache) == 1000 // per_entry
    # a value larger than the whole cache is not kept, and drops nothing
    cache.put(("big", 0), {"x": "y" * 2000})
    assert cache.get_item(("big", 0)) is None and len(cache) == 1000 // per_entry
    # a key put again is counted once
    cache.put(("setup", 100), {"p": 1})
    assert cache.bytes == sum(w for _, w in cache.entries.values())


def test_a_worker_past_its_memory_ceiling_is_recycled(default_doc: dict[str, Any]) -> None:
    with limited_client(worker_memory_bytes=1) as client:  # every worker is past 1 byte
        service = client.app.state.odds  # type: ignore[attr-defined]
        first_pool = service.executor
        body = {"scenario": default_doc, "events": "none"}
        first = client.post("/api/odds", json=body)
        assert first.status_code == 200, first.text
        assert service.recycled == 1 and service.executor is not first_pool
        service.odds = Lru(2**20)  # forget the answer: the new pool computes it again
        again = client.post("/api/odds", json=body)
        assert again.status_code == 200 and again.json() == first.json()
        assert service.recycled == 2 and service.rebuilt == 0


def test_a_worker_under_its_ceiling_is_kept(client: TestClient,
                                            default_doc: dict[str, Any]) -> None:
    service = client.app.state.odds  # type: ignore[attr-defined]
    pool = service.executor
    r = client.post("/api/odds", json={"scenario": default_doc, "events": "none",
                                       "kick_skill": True})
    assert r.status_code == 200
    assert service.executor is pool and service.recycled == 0


def test_a_client_past_the_rate_limit_is_answered_429() -> None:
    app = create_app(workers=1, limits=Limits(rate_limit="5/minute"))
    with TestClient(app, client=("192.0.2.1", 50000)) as one, \
            TestClient(app, client=("192.0.2.2", 50000)) as other:
        statuses = [one.get("/api/catalogue").status_code for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        r = one.get("/api/catalogue")
        assert r.status_code == 429
        assert 1 <= int(r.headers["retry-after"]) <= 60
        (problem,) = r.json()["problems"]
        assert (problem["code"], problem["where"]) == ("busy", "client")
        assert "5 per 1 minute" in problem["message"]
        assert r.headers["x-frame-options"] == "DENY"
        # another address has its own count
        assert other.get("/api/catalogue").status_code == 200


def test_a_job_past_its_worker_s_memory_bound_is_a_422_and_the_worker_replaced(
        default_doc: dict[str, Any]) -> None:
    # each worker's address space bounded at 120 MB (RLIMIT_AS; a worker starts in about 45):
    # a job allocating 240 MB fails with MemoryError in the worker, answered 422, its pool
    # replaced, and the next question is served
    bound = 120 * 2**20
    with limited_client(job_memory_bytes=bound) as client:
        service = client.app.state.odds  # type: ignore[attr-defined]
        first_pool = service.executor
        with pytest.raises(HTTPException) as refused:
            # bytearray: a job of the standard library's, pickled by name to the worker
            client.portal.call(service._run, bytearray, 2 * bound)  # type: ignore[union-attr]
        assert refused.value.status_code == 422
        assert str(refused.value.detail).startswith(
            "memory: this question needs more memory than a worker may take (120 MB)")
        assert service.too_big == 1 and service.executor is not first_pool
        assert service.rebuilt == 0  # no worker was lost: the job failed, its worker lived
        small = client.post("/api/odds", json={"scenario": default_doc, "events": "none"})
        assert small.status_code == 200, small.text  # served by the new pool
        assert service.too_big == 1


@pytest.mark.skipif(kickoff.compiled, reason="the compiled solver's ranking needs less memory, "
                    "so under this bound it is a long computation instead (the bound's code is "
                    "the web's, not compiled: the pure pass and the synthetic job test cover it)")
def test_a_real_question_past_the_memory_bound_is_refused_and_the_server_serves_on(
        default_doc: dict[str, Any]) -> None:
    # an all-targets ranking with every Kick-off event and the receivers at their best takes
    # about 160 MB: under a 120 MB bound it fails in its worker, a MemoryError (422) or, where
    # GMP cannot allocate, the worker's end (503, the pool healed); never past the bound
    with limited_client(job_memory_bytes=120 * 2**20) as client:
        service = client.app.state.odds  # type: ignore[attr-defined]
        hungry = client.post("/api/odds/all", json={"scenario": default_doc, "events": "all",
                                                     "play": "best"})
        assert hungry.status_code in (422, 503), hungry.text
        assert "120 MB" in hungry.json()["problems"][0]["message"]
        assert service.too_big + service.rebuilt == 1
        small = client.post("/api/odds", json={"scenario": default_doc, "events": "none"})
        assert small.status_code == 200, small.text
