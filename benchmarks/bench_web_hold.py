"""The web server holding its ground (issue 27), on loopback only. Results are recorded in
``docs/web.md`` ("Limits") and ``docs/performance.md``.

Run as a script: ``python benchmarks/bench_web_hold.py [--idle 1100] [--slow 1500]
[--seconds 20] [-- SERVE-OPTIONS...]``. It starts ``kickoff serve`` (two odds workers, the
options after ``--`` added) on a free loopback port, then:

1. opens ``--idle`` connections that send nothing and ``--slow`` ones that send a request's
   headers a byte at a time (slowloris: one byte a second each), and keeps them for
   ``--seconds``;
2. meanwhile makes a normal request (``GET /api/catalogue``) every half second on a fresh
   connection and records how long its answer took (none: timed out after 5 s);
3. reports how many of the idle and slow connections the server closed, and when.

``--heal``: also SIGKILLs one odds worker and measures the time until ``/api/odds`` is answered
200 again (its 503s counted). ``--memory``: 50 concurrent all-target requests and a thousand
different one-target answers (each cached), the server's resident memory (its process and its
workers) before, after each, and its peak. Every loop is bounded in count and time; only
127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psutil

from kickoff.formats.match import match_scenario

HOST = "127.0.0.1"


def start_server(options: list[str], open_files: int | None = None
                 ) -> tuple[subprocess.Popen[str], int]:
    """``kickoff serve`` on a free loopback port; ``open_files``: its soft limit of open files
    at start (as a shell's ``ulimit -Sn``), which ``kickoff serve`` raises to the hard one."""

    def soft_limit() -> None:
        if open_files is not None:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, hard))

    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
    script = Path(sys.executable).with_name("kickoff")
    command = ([str(script)] if script.exists()
               else [sys.executable, "-c", "from kickoff.cli.app import main; main()"])
    proc = subprocess.Popen([*command, "serve", "--port", str(port), "--workers", "2", *options],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
                            preexec_fn=soft_limit)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/api/catalogue", timeout=2).status_code == 200:
                return proc, port
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("kickoff serve did not start")


async def _hold(port: int, kind: str, seconds: float, closed: list[float],
                start: float) -> None:
    """One connection held for ``seconds``: idle (sends nothing) or slow (a request's headers a
    byte a second); appends when the server closed it, seconds after ``start``."""
    try:
        reader, writer = await asyncio.open_connection(HOST, port)
    except OSError:
        closed.append(-1.0)  # refused at once
        return
    request = (b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               + b"".join(b"X-%d: %d\r\n" % (i, i) for i in range(1000)))
    end = time.monotonic() + seconds
    sent = 0
    try:
        while time.monotonic() < end:
            if kind == "slow":
                writer.write(request[sent:sent + 1])
                sent += 1
                await writer.drain()
            try:
                data = await asyncio.wait_for(reader.read(1024), timeout=1.0)
            except TimeoutError:
                continue
            if not data or data.startswith(b"HTTP/1.1 408") or data.startswith(b"HTTP/1.1 503"):
                closed.append(time.monotonic() - start)
                return
    except OSError:
        closed.append(time.monotonic() - start)
        return
    finally:
        writer.close()


async def _probe(port: int, seconds: float, latencies: list[float | None]) -> None:
    """A normal request every half second, each on a fresh connection."""
    end = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=5,
                                 limits=httpx.Limits(max_keepalive_connections=0)) as client:
        while time.monotonic() < end:
            t = time.perf_counter()
            try:
                r = await client.get("/api/catalogue")
                latencies.append(time.perf_counter() - t if r.status_code == 200 else None)
            except httpx.HTTPError:
                latencies.append(None)
            await asyncio.sleep(0.5)


async def hold(port: int, idle: int, slow: int, seconds: float) -> dict[str, Any]:
    start = time.monotonic()
    idle_closed: list[float] = []
    slow_closed: list[float] = []
    latencies: list[float | None] = []
    holders = [_hold(port, "idle", seconds, idle_closed, start) for _ in range(idle)]
    holders += [_hold(port, "slow", seconds, slow_closed, start) for _ in range(slow)]
    tasks = [asyncio.ensure_future(h) for h in holders]
    await asyncio.sleep(2)  # the connections opened
    await _probe(port, seconds - 3, latencies)
    await asyncio.gather(*tasks)
    answered = [x for x in latencies if x is not None]
    return {
        "idle": idle, "slow": slow, "seconds": seconds,
        "idle_closed": len(idle_closed), "slow_closed": len(slow_closed),
        "idle_closed_median_s": statistics.median(idle_closed) if idle_closed else None,
        "slow_closed_median_s": statistics.median(slow_closed) if slow_closed else None,
        "probes": len(latencies), "probes_answered": len(answered),
        "probe_median_ms": 1000 * statistics.median(answered) if answered else None,
        "probe_max_ms": 1000 * max(answered) if answered else None,
    }


def resident_mb(proc: subprocess.Popen[str]) -> float:
    """The resident memory of the server and every process under it, MB."""
    root = psutil.Process(proc.pid)
    total = 0
    for p in [root, *root.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += p.memory_info().rss
    return total / 1e6


def odds_workers(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    """The odds worker processes (children of the forkserver, itself a child of the server)."""
    return [p for p in psutil.Process(proc.pid).children(recursive=True)
            if p.parent() is not None and p.parent().pid != proc.pid]


def heal(proc: subprocess.Popen[str], port: int) -> dict[str, Any]:
    doc, _ = match_scenario("bb2020", None, None, None, None, "home")
    with httpx.Client(base_url=f"http://{HOST}:{port}", timeout=60) as client:
        first = client.post("/api/odds", json={"scenario": doc, "events": "none"})
        assert first.status_code == 200, first.text
        centre = first.json()["target"]
        workers = odds_workers(proc)
        assert workers, "no odds worker found"
        os.kill(workers[0].pid, signal.SIGKILL)
        t = time.perf_counter()
        refused = 0
        for i in range(50):
            target = [centre[0], centre[1] + 1 + i % 3]
            r = client.post("/api/odds", json={"scenario": doc, "events": "none",
                                                "kick_skill": i % 2 == 0, "target": target})
            if r.status_code == 200:
                return {"heal_s": time.perf_counter() - t, "503s": refused}
            assert r.status_code == 503, r.text
            refused += 1
    return {"heal_s": None, "503s": refused}


WEATHERS = ("nice", "very_sunny", "pouring_rain", "blizzard", "sweltering_heat")
OBJECTIVES = ("receiver-holds", "touchback", "ball-on-ground")


async def memory(proc: subprocess.Popen[str], port: int) -> dict[str, Any]:
    """50 concurrent all-target requests with the Kick-off events (ten different solves: five
    weathers, the kick skill or not; five objectives' rankings each), then a thousand
    one-target answers read from the cache they filled; resident memory along the way."""
    peak = before = resident_mb(proc)
    out: dict[str, Any] = {"before_mb": before}
    async with httpx.AsyncClient(base_url=f"http://{HOST}:{port}", timeout=1200) as client:
        docs = {}
        for w in WEATHERS:
            r = await client.post("/api/match", json={"weather": w})
            assert r.status_code == 200, r.text
            docs[w] = r.json()["scenario"]
        bodies = [{"scenario": docs[WEATHERS[i % 5]], "events": "all",
                   "kick_skill": (i // 5) % 2 == 1, "objective": OBJECTIVES[(i // 10) % 3]}
                  for i in range(50)]

        async def watch(until: asyncio.Future[Any]) -> None:
            nonlocal peak
            while not until.done():
                peak = max(peak, resident_mb(proc))
                await asyncio.sleep(0.5)

        t = time.perf_counter()
        job = asyncio.ensure_future(asyncio.gather(
            *(client.post("/api/odds/all", json=b) for b in bodies)))
        await watch(job)
        answers = job.result()
        out["all_targets_s"] = time.perf_counter() - t
        out["all_targets_statuses"] = sorted({r.status_code for r in answers})
        out["after_all_targets_mb"] = resident_mb(proc)
        # a thousand one-target answers, each read from the cache the rankings filled
        asked = 0
        t = time.perf_counter()
        for i, answer in enumerate(answers[:10]):
            for target in answer.json()["targets"]:
                if asked >= 1000:
                    break
                r = await client.post("/api/odds", json={
                    "scenario": bodies[i]["scenario"], "events": "all",
                    "kick_skill": bodies[i]["kick_skill"], "target": target["target"]})
                assert r.status_code == 200, r.text
                asked += 1
        out["cached_asked"] = asked
        out["cached_s"] = time.perf_counter() - t
        out["after_cached_mb"] = resident_mb(proc)
    out["peak_mb"] = max(peak, out["after_cached_mb"])
    out["server_alone_mb"] = psutil.Process(proc.pid).memory_info().rss / 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--slow", type=int, default=1500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--heal", action="store_true")
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--server-open-files", type=int, default=None,
                        help="the server's soft limit of open files at start (e.g. 1024)")
    parser.add_argument("serve", nargs="*", help="options of kickoff serve (after --)")
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this side holds every connection
    proc, port = start_server(args.serve, args.server_open_files)
    try:
        report: dict[str, Any] = {"serve": args.serve, "load_average": os.getloadavg()}
        if args.idle or args.slow:
            report["hold"] = asyncio.run(hold(port, args.idle, args.slow, args.seconds))
        if args.heal:
            report["heal"] = heal(proc, port)
        if args.memory:
            report["memory"] = asyncio.run(memory(proc, port))
        print(json.dumps(report, indent=1))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
