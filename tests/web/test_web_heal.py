"""The web server heals (issue 27): a killed odds worker or set-up search manager process is
replaced; the request that met the loss is answered 503 with ``Retry-After`` (or, for a search,
fails saying so), the next ones are served.

Each test runs the app in-process (FastAPI's test client) with its own pools, kills one of its
processes with SIGKILL, and bounds every wait (a pool's answer, a search's end) in seconds."""

from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from conftest import limited_client

from kickoff.formats.match import match_scenario

#: Seconds a test waits for one answer of a pool, or for a search to end, at most.
PATIENCE = 120


def _kill_a_worker(pool: ProcessPoolExecutor) -> int:
    """SIGKILL one process of ``pool`` (one that answered a job): its pid, once it is gone."""
    pid: int = pool.submit(os.getpid).result(timeout=PATIENCE)
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            os.kill(pid, 0)  # still there (a zombie of the forkserver counts: it is reaped soon)
        except ProcessLookupError:
            return pid
        assert time.monotonic() < deadline, pid
        time.sleep(0.05)


@pytest.mark.parametrize("workers_killed", [1, 2])
def test_a_killed_odds_worker_costs_at_most_one_503(default_doc: dict[str, Any],
                                                    workers_killed: int) -> None:
    with limited_client() as client:
        service = client.app.state.odds  # type: ignore[attr-defined]
        body = {"scenario": default_doc, "events": "none"}
        first = client.post("/api/odds", json=body)
        assert first.status_code == 200, first.text
        for round_ in range(workers_killed):
            _kill_a_worker(service.executor)
            centre = first.json()["target"]
            target = [centre[0], centre[1] + 1 + round_]  # not cached
            statuses = []
            for _ in range(3):
                r = client.post("/api/odds", json={**body, "target": target})
                statuses.append(r.status_code)
                if r.status_code == 503:
                    assert r.headers["retry-after"] == "1"
                    assert "worker process" in r.json()["problems"][0]["message"]
            # the one request that met the lost worker is refused, the next ones served
            assert statuses in ([503, 200, 200], [200, 200, 200]), statuses
            assert r.json()["target"] == target
        assert service.rebuilt == workers_killed


def test_a_killed_search_manager_is_replaced() -> None:
    doc, problems = match_scenario("sevens", None, None, None, None, "home")
    assert problems == []
    body = {"scenario": doc, "events": "none", "rounds": 1, "seconds": 30, "seed": 1}
    with limited_client() as client:
        service = client.app.state.suggestions  # type: ignore[attr-defined]

        def finished(job_id: str) -> dict[str, Any]:
            deadline = time.monotonic() + PATIENCE
            while True:
                r = client.get(f"/api/suggest/{job_id}")
                assert r.status_code == 200, r.text
                job: dict[str, Any] = r.json()
                if job["state"] != "running":
                    return job
                assert time.monotonic() < deadline, job
                time.sleep(0.1)

        first = client.post("/api/suggest", json=body)
        assert first.status_code == 202, first.text
        assert finished(first.json()["id"])["state"] == "done"
        manager = service.manager._process  # the manager's process (multiprocessing's own)
        os.kill(manager.pid, signal.SIGKILL)
        manager.join(PATIENCE)
        assert manager.exitcode == -signal.SIGKILL
        # the next search finds the manager dead and starts with a new one
        second = client.post("/api/suggest", json=body)
        assert second.status_code == 202, second.text
        done = finished(second.json()["id"])
        assert done["state"] == "done", done
        assert done["suggestion"]["value"] == finished(first.json()["id"])["suggestion"]["value"]
        assert service.manager._process.pid != manager.pid


def test_a_search_whose_manager_is_killed_fails_saying_so() -> None:
    doc, problems = match_scenario("sevens", None, None, None, None, "home")
    assert problems == []
    long = {"scenario": doc, "events": "none", "rounds": 50, "seconds": 60, "seed": 2}
    with limited_client() as client:
        service = client.app.state.suggestions  # type: ignore[attr-defined]
        started = client.post("/api/suggest", json=long)
        assert started.status_code == 202, started.text
        location = started.headers["location"]
        deadline = time.monotonic() + PATIENCE
        while client.get(location).json()["progress"]["evaluated"] == 0:  # it reports
            assert time.monotonic() < deadline
            time.sleep(0.1)
        manager = service.manager._process
        os.kill(manager.pid, signal.SIGKILL)
        manager.join(PATIENCE)
        # asked about while the manager is dead: its last progress, then its end
        while (job := client.get(location)).json()["state"] == "running":
            assert job.status_code == 200 and job.json()["progress"]["evaluated"] > 0
            assert time.monotonic() < deadline, job.json()
            time.sleep(0.1)
        assert job.json()["state"] == "failed", job.json()
        assert "was lost" in job.json()["problems"][0]["message"]
        # the next search runs with a new manager
        short = {**long, "rounds": 1, "seconds": 30}
        again = client.post("/api/suggest", json=short)
        assert again.status_code == 202, again.text
        while (job := client.get(again.headers["location"])).json()["state"] == "running":
            assert time.monotonic() < deadline, job.json()
            time.sleep(0.1)
        assert job.json()["state"] == "done", job.json()


def test_a_killed_search_worker_is_replaced() -> None:
    doc, problems = match_scenario("sevens", None, None, None, None, "home")
    assert problems == []
    body = {"scenario": doc, "events": "none", "rounds": 1, "seconds": 30, "seed": 1}
    with limited_client() as client:
        service = client.app.state.suggestions  # type: ignore[attr-defined]

        def ended(location: str) -> dict[str, Any]:
            deadline = time.monotonic() + PATIENCE
            while (job := client.get(location).json())["state"] == "running":
                assert time.monotonic() < deadline, job
                time.sleep(0.1)
            return job

        # a worker killed during a search: the search fails saying so
        first = client.post("/api/suggest", json=body)
        assert first.status_code == 202, first.text
        _kill_a_worker(service.pool)
        lost = ended(first.headers["location"])
        assert lost["state"] in ("failed", "done"), lost  # done: it ended before the kill
        if lost["state"] == "failed":
            assert "was lost" in lost["problems"][0]["message"], lost
        # a worker killed between two searches: at most one 503, then served
        second = client.post("/api/suggest", json=body)
        assert second.status_code == 202, second.text
        assert ended(second.headers["location"])["state"] == "done"
        _kill_a_worker(service.pool)
        time.sleep(0.5)  # the pool's own thread notices the loss
        statuses = []
        for _ in range(2):
            r = client.post("/api/suggest", json=body)
            statuses.append(r.status_code)
            if r.status_code == 503:
                assert r.headers["retry-after"] == "1"
            else:
                break
        assert statuses in ([503, 202], [202]), statuses
        assert ended(r.headers["location"])["state"] == "done"
