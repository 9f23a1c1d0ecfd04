"""The web app under load, on loopback (issue 6). Results are recorded in ``docs/performance.md``.

Run as a script: ``python benchmarks/bench_web.py``. It starts ``kickoff serve`` (two odds
workers) on a free loopback port, then measures:

1. 50 concurrent one-target odds requests (``--events none``, 50 different targets of the default
   bb2020 pairing), each answer checked against :class:`kickoff.analysis.KickoffSolver`;
2. set-up validation requests made one after another while the server computes every target of
   the eleven-a-side pairing with the Kick-off events (``events: all``, several seconds): each
   must answer in under 200 ms;
3. for reference, the same validation on an idle server.

Every request loop is bounded in count and time; only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import asyncio
import json
import socket
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx

from kickoff.analysis import KickoffSolver
from kickoff.core import Square
from kickoff.formats.scenario import load_scenario, parse_scenario

LIMIT_MS = 200.0


def start_server() -> tuple[subprocess.Popen[str], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = Path(sys.executable).with_name("kickoff")
    command = ([str(script)] if script.exists()
               else [sys.executable, "-c", "from kickoff.cli.app import main; main()"])
    proc = subprocess.Popen([*command, "serve", "--port", str(port), "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/catalogue", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("kickoff serve did not start")


def ms(seconds: float) -> float:
    return seconds * 1000


async def concurrent_odds(url: str, doc: dict[str, Any]) -> dict[str, Any]:
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none")
    targets = [(x, y) for x in range(14, 24) for y in range(2, 13, 2)][:50]
    latencies: list[float] = []

    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        async def one(t: tuple[int, int]) -> httpx.Response:
            t0 = time.perf_counter()
            r = await client.post("/api/odds", json={"scenario": doc, "target": list(t)})
            latencies.append(time.perf_counter() - t0)
            return r

        t0 = time.perf_counter()
        answers = await asyncio.gather(*(one(t) for t in targets))
        wall = time.perf_counter() - t0
    correct = sum(
        r.status_code == 200
        and Fraction(r.json()["touchback"]["exact"]) == solver.odds(Square(*t)).touchback
        and {h["player"]: Fraction(h["exact"]) for h in r.json()["holders"]}
        == solver.odds(Square(*t)).holders
        for t, r in zip(targets, answers, strict=True)
    )
    return {"requests": len(targets), "correct": correct, "wall_s": wall,
            "median_ms": ms(statistics.median(latencies)), "max_ms": ms(max(latencies))}


async def validation_during_all_targets(url: str, doc: dict[str, Any]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, timeout=300) as client:
        t0 = time.perf_counter()
        heavy = asyncio.ensure_future(client.post(
            "/api/odds/all", json={"scenario": doc, "events": "all"}))
        await asyncio.sleep(0.5)  # the computation is under way
        latencies: list[float] = []
        while not heavy.done() and len(latencies) < 600 and time.perf_counter() - t0 < 120:
            s = time.perf_counter()
            r = await client.post("/api/validate", json={"scenario": doc})
            latencies.append(time.perf_counter() - s)
            assert r.status_code == 200 and r.json()["valid"], r.text
            await asyncio.sleep(0.05)
        answer = await heavy
        heavy_s = time.perf_counter() - t0
    assert answer.status_code == 200, answer.text
    assert len(answer.json()["targets"]) == 195
    return {"all_targets_events_all_s": heavy_s, "validations": len(latencies),
            "median_ms": ms(statistics.median(latencies)), "max_ms": ms(max(latencies)),
            "under_200ms": all(ms(x) < LIMIT_MS for x in latencies)}


def idle_validation(url: str, doc: dict[str, Any], n: int = 50) -> dict[str, Any]:
    latencies = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(n):
            s = time.perf_counter()
            client.post("/api/validate", json={"scenario": doc}).raise_for_status()
            latencies.append(time.perf_counter() - s)
    return {"validations": n, "median_ms": ms(statistics.median(latencies)),
            "max_ms": ms(max(latencies))}


def main() -> None:
    proc, url = start_server()
    try:
        doc = httpx.post(f"{url}/api/match", json={}).json()["scenario"]
        idle = idle_validation(url, doc)
        odds = asyncio.run(concurrent_odds(url, doc))
        busy = asyncio.run(validation_during_all_targets(url, doc))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(json.dumps({"concurrent_odds": odds, "validation_during_all_targets": busy,
                      "validation_idle": idle}, indent=2))
    print(f"50 concurrent odds requests: {odds['correct']}/{odds['requests']} correct in "
          f"{odds['wall_s']:.2f} s (median {odds['median_ms']:.0f} ms, max {odds['max_ms']:.0f} ms)")
    print(f"validation during an all-targets computation ({busy['all_targets_events_all_s']:.1f} s, "
          f"events all): {busy['validations']} requests, median {busy['median_ms']:.1f} ms, "
          f"max {busy['max_ms']:.1f} ms: {'met' if busy['under_200ms'] else 'NOT met'} (< 200 ms)")
    print(f"validation on an idle server: median {idle['median_ms']:.1f} ms, "
          f"max {idle['max_ms']:.1f} ms")
    if odds["correct"] != odds["requests"] or not busy["under_200ms"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
