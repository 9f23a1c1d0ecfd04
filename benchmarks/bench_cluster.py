"""Beyond one machine (issue 14 point 4): ``simulate`` and the set-up advisor's search in this
process, and on a Dask ``LocalCluster`` of 1 and of 2 worker processes, for the same seed.

Run as a script: ``python benchmarks/bench_cluster.py [--n N] [--search-rounds R] [--rounds K]``
(default: simulate 100,000 kick-offs, a search of 40 rounds of 16 candidate set-ups, 3 rounds of
each measurement). The three ways alternate round by round and each line gives the medians: the
wall time of the work alone (the cluster already started), the wall time of the cluster's start
and close, the CPU time of this process and of the workers (each worker's ``time.process_time``,
summed, and the busiest worker's: the wall time the work would take if each worker had a core of
its own), and the speed-up of the work's wall time over the in-process run. Every run's result is
checked equal to the in-process one. Recorded in ``docs/performance.md`` ("Beyond one machine").
The set-up is the default bb2020 pairing (human kicking on botbowl_def_zone, orc receiving on
botbowl_off_wedge); simulate kicks at [19, 7] with the Kick-off events; the search is
``kickoff setup optimize``'s default (receiver-holds, events none).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup
from kickoff.analysis.cluster import DaskExecutor, Executor, open_executor
from kickoff.analysis.simulate import Job, simulate
from kickoff.core import RULESETS, Square
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

RS = RULESETS["bb2020"]
SEED = 1


def state() -> GameState:
    return build_state(
        RS, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", RS.pitch),
         "away": load_setup("botbowl_off_wedge", RS.pitch)}, "home")


@dataclass
class Runs:
    """The figures of one way of running, a value per round."""

    work: list[float] = field(default_factory=list)
    start_close: list[float] = field(default_factory=list)
    cpu_here: list[float] = field(default_factory=list)
    cpu_workers: list[float] = field(default_factory=list)
    cpu_busiest: list[float] = field(default_factory=list)


def _workers_cpu(executor: Executor) -> dict[str, float]:
    """Each worker's CPU seconds so far (none in-process)."""
    if not isinstance(executor, DaskExecutor):
        return {}
    cpu: dict[str, float] = executor.client.run(time.process_time)  # type: ignore[no-untyped-call]
    return cpu


def measure(workers: int | None, work: Callable[[Executor], Any], runs: Runs) -> Any:
    """One round of ``work`` on ``open_executor(workers)``, its figures added to ``runs``."""
    opened = time.perf_counter()
    with open_executor(workers) as executor:
        started = time.perf_counter()
        cpu0, wcpu0 = time.process_time(), _workers_cpu(executor)
        result = work(executor)
        done = time.perf_counter()
        cpu1, wcpu1 = time.process_time(), _workers_cpu(executor)
    closed = time.perf_counter()
    runs.work.append(done - started)
    runs.start_close.append((started - opened) + (closed - done))
    runs.cpu_here.append(cpu1 - cpu0)
    spent = [wcpu1[w] - wcpu0[w] for w in wcpu1]
    runs.cpu_workers.append(sum(spent))
    runs.cpu_busiest.append(max(spent, default=0.0))
    return result


def _cluster(executor: Executor) -> Executor | None:
    return executor if isinstance(executor, DaskExecutor) else None


def compare(title: str, work: Callable[[Executor], Any], rounds: int, size: int, unit: str
            ) -> None:
    """``work`` in-process, on 1 and on 2 workers, ``rounds`` times each, alternating; a line
    each, ``size`` ``unit`` per run."""
    ways: dict[str, int | None] = {"in-process": None, "1 worker": 1, "2 workers": 2}
    runs = {name: Runs() for name in ways}
    expected: list[Any] = []
    for _ in range(rounds):
        for name, workers in ways.items():
            result = measure(workers, work, runs[name])
            expected = expected or [result]
            assert result == expected[0], f"{title}, {name}: another result than in-process"
    base = statistics.median(runs["in-process"].work)
    print(f"{title}, medians of {rounds} rounds")
    for name, r in runs.items():
        wall = statistics.median(r.work)
        print(f"  {name:11} work {wall:6.2f} s wall ({size / wall:8,.0f} {unit}/s), "
              f"start+close {statistics.median(r.start_close):5.2f} s, "
              f"CPU here {statistics.median(r.cpu_here):6.2f} s, "
              f"workers {statistics.median(r.cpu_workers):6.2f} s "
              f"(busiest {statistics.median(r.cpu_busiest):5.2f} s), "
              f"speed-up {base / wall:4.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="kick-offs simulated")
    parser.add_argument("--search-rounds", type=int, default=40, help="rounds of the search")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each way, alternating")
    args = parser.parse_args()
    start = state()
    job = Job(start, RS, Square(19, 7), "all")
    compare(f"simulate, bb2020 eleven a side, events all, n={args.n:,}, seed {SEED}",
            lambda ex: simulate(job, args.n, SEED, executor=_cluster(ex)), args.rounds, args.n,
            "kick-offs")
    request = OptimizeRequest(start, RS, rounds=args.search_rounds, seed=SEED)
    compare(f"setup optimize, bb2020 orc receiving, {args.search_rounds} rounds of 16, "
            f"seed {SEED}", lambda ex: optimize_setup(request, executor=_cluster(ex)),
            args.rounds, 16 * args.search_rounds, "set-ups")


if __name__ == "__main__":  # the worker processes import this module: no work at import
    main()
