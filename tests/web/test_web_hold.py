"""The server holds its ground (issue 27), tested on loopback against a real ``kickoff serve``:
idle and slowloris connections are closed after the header deadline, a slow body is answered
408, connections beyond the bound are answered 503, and after an odds worker is killed and
hundreds of slow and idle connections are opened a normal request is still answered within a
second. Every loop is bounded in count and time; only 127.0.0.1 is contacted. The heavier
variant (the issue's 1,100 idle and 1,500 slow connections) is marked ``slow``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest
from conftest import free_port

from kickoff.web.server import raise_open_files

HOST = "127.0.0.1"
#: The test server's header and body deadlines, seconds.
DEADLINE = 2.0


def _serve(*options: str) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    script = Path(sys.executable).with_name("kickoff")
    command = ([str(script)] if script.exists()
               else [sys.executable, "-c", "from kickoff.cli.app import main; main()"])
    proc = subprocess.Popen([*command, "serve", "--port", str(port), *options],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    url = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"{url}/api/catalogue", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    proc.wait(10)
    pytest.fail("kickoff serve did not start")


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@pytest.fixture(scope="module")
def guarded() -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``kickoff serve`` with header and body deadlines of :data:`DEADLINE` seconds."""
    proc, url = _serve("--workers", "2", "--header-timeout", str(DEADLINE),
                       "--body-timeout", str(DEADLINE), "--idle-timeout", "1")
    try:
        yield proc, url
    finally:
        _stop(proc)


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


async def _held(port: int, kind: str, patience: float) -> float | None:
    """Open a connection that sends nothing (``idle``) or its request head a byte every 0.2 s
    (``slow``): seconds until the server closed it (None: still open after ``patience``)."""
    start = time.monotonic()
    reader, writer = await asyncio.open_connection(HOST, port)
    head = b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: 1\r\n" * 200
    sent = 0
    try:
        while time.monotonic() - start < patience:
            if kind == "slow" and sent < len(head):
                writer.write(head[sent:sent + 1])
                sent += 1
                with contextlib.suppress(OSError):
                    await writer.drain()
            try:
                data = await asyncio.wait_for(reader.read(1024), timeout=0.2)
            except TimeoutError:
                continue
            except OSError:
                return time.monotonic() - start
            if not data:
                return time.monotonic() - start
        return None
    finally:
        writer.close()


async def _answered_within(url: str, seconds: float) -> int:
    """The status of a normal request on a new connection, answered within ``seconds``."""
    async with httpx.AsyncClient(base_url=url, timeout=seconds) as client:
        r = await client.get("/api/catalogue")
        return r.status_code


def test_raising_the_open_file_limit_keeps_the_hard_one() -> None:
    import resource

    limit = raise_open_files()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert soft == limit and (soft == hard or hard == resource.RLIM_INFINITY)


def test_idle_and_slow_connections_are_closed_at_the_header_deadline(
        guarded: tuple[subprocess.Popen[str], str]) -> None:
    _, url = guarded

    async def scenario() -> tuple[list[float | None], int]:
        port = _port(url)
        held = [asyncio.ensure_future(_held(port, kind, DEADLINE + 8))
                for kind in ["idle"] * 20 + ["slow"] * 20]
        await asyncio.sleep(0.5)
        status = await _answered_within(url, 1.0)
        return list(await asyncio.gather(*held)), status

    closed, status = asyncio.run(scenario())
    assert status == 200
    assert all(c is not None and DEADLINE - 0.5 < c < DEADLINE + 3 for c in closed), closed


def test_a_slow_body_is_answered_408(guarded: tuple[subprocess.Popen[str], str]) -> None:
    _, url = guarded

    async def scenario() -> bytes:
        reader, writer = await asyncio.open_connection(HOST, _port(url))
        writer.write(b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        try:
            for _ in range(int(DEADLINE * 10) + 30):  # a byte every 0.1 s, for at most 5 s
                writer.write(b" ")
                await writer.drain()
                try:
                    data = await asyncio.wait_for(reader.read(4096), timeout=0.1)
                except TimeoutError:
                    continue
                # the whole answer (it closes the connection): its head and body may come in
                # two reads, the body after the head under load (seen once, pytest-xdist)
                return data + await asyncio.wait_for(reader.read(), timeout=DEADLINE + 5)
            return b""
        finally:
            writer.close()

    start = time.monotonic()
    answer = asyncio.run(scenario())
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"not received within" in answer
    assert time.monotonic() - start < DEADLINE + 2


def test_connections_beyond_the_bound_are_answered_503() -> None:
    proc, url = _serve("--workers", "1", "--max-connections", "20", "--header-timeout", "30")

    async def scenario() -> tuple[httpx.Response, int]:
        port = _port(url)
        opened = [await asyncio.open_connection(HOST, port) for _ in range(25)]
        try:
            async with httpx.AsyncClient(base_url=url, timeout=5) as client:
                beyond = await client.get("/api/catalogue")
        finally:
            for _, writer in opened:
                writer.close()
        await asyncio.sleep(0.5)  # the server sees them closed
        async with httpx.AsyncClient(base_url=url, timeout=5) as client:
            within = (await client.get("/api/catalogue")).status_code
        return beyond, within

    try:
        beyond, within = asyncio.run(scenario())
    finally:
        _stop(proc)
    assert (beyond.status_code, within) == (503, 200)
    # JSON problems as every refusal (uvicorn's own 503 was plain text), with Retry-After and
    # the security headers, the connection closed
    assert beyond.headers["content-type"] == "application/json"
    (problem,) = beyond.json()["problems"]  # code "busy", as the 503 of too many odds jobs
    assert (problem["code"], problem["where"], problem["message"]) == (
        "busy", "server", "more than 20 connections open at once (--max-connections); try again shortly")
    assert beyond.headers["retry-after"] == "1"
    assert beyond.headers["connection"] == "close"
    assert beyond.headers["x-content-type-options"] == "nosniff"


def _odds_workers(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    """The server's odds workers: the forkserver's children (the forkserver is the server's)."""
    server = psutil.Process(proc.pid)
    return [p for p in server.children(recursive=True) if p.ppid() != server.pid]


def _kill_and_load(proc: subprocess.Popen[str], url: str, idle: int, slow: int) -> dict[str, Any]:
    """Kill an odds worker, open ``idle`` and ``slow`` connections, then ask: the statuses of
    the odds requests after the kill (until one is answered 200, at most 5 s) and the time a
    normal request took while the connections were open."""
    from kickoff.formats.match import match_scenario

    raise_open_files()  # this process holds every connection's other end
    doc, _ = match_scenario("bb2020", None, None, None, None, "home")
    body = {"scenario": doc, "events": "none"}
    with httpx.Client(base_url=url, timeout=60) as client:
        first = client.post("/api/odds", json=body)
        assert first.status_code == 200, first.text
        workers = _odds_workers(proc)
        assert workers
        os.kill(workers[0].pid, signal.SIGKILL)
        start = time.monotonic()
        statuses = []
        centre = first.json()["target"]
        while time.monotonic() - start < 5:
            r = client.post("/api/odds", json={**body, "target": [centre[0],
                                                                  centre[1] + 1 + len(statuses)]})
            statuses.append(r.status_code)
            if r.status_code == 200:
                break
    healed = time.monotonic() - start

    async def load() -> tuple[float, int, list[float | None]]:
        port = _port(url)
        held = []
        for i, kind in enumerate(["idle"] * idle + ["slow"] * slow):
            held.append(asyncio.ensure_future(_held(port, kind, DEADLINE + 10)))
            if i % 100 == 99:
                await asyncio.sleep(0.05)  # within the listen backlog
        await asyncio.sleep(1.0)
        t = time.monotonic()
        status = await _answered_within(url, 1.0)
        took = time.monotonic() - t
        return took, status, list(await asyncio.gather(*held))

    took, status, closed = asyncio.run(load())
    return {"statuses": statuses, "healed": healed, "took": took, "status": status,
            "closed": closed}


def test_after_a_killed_worker_and_slow_connections_the_server_answers_within_a_second(
        guarded: tuple[subprocess.Popen[str], str]) -> None:
    proc, url = guarded
    got = _kill_and_load(proc, url, idle=200, slow=200)
    assert got["statuses"] in ([200], [503, 200]), got["statuses"]
    assert got["healed"] < 5
    assert got["status"] == 200 and got["took"] < 1.0, got["took"]
    assert sum(c is not None for c in got["closed"]) == 400


@pytest.mark.slow
def test_the_issues_load_1100_idle_and_1500_slow_connections() -> None:
    proc, url = _serve("--workers", "2", "--header-timeout", str(DEADLINE),
                       "--body-timeout", str(DEADLINE))
    try:
        got = _kill_and_load(proc, url, idle=1100, slow=1500)
    finally:
        _stop(proc)
    assert got["statuses"] in ([200], [503, 200]), got["statuses"]
    assert got["status"] == 200 and got["took"] < 1.0, got["took"]
    assert sum(c is not None for c in got["closed"]) == 2600
