"""Beyond one machine (issue 14 point 4): ``simulate`` in this process, and on a Dask
``LocalCluster`` of 1 and of 2 worker processes, for the same ``n`` and seed.

Run as a script: ``python benchmarks/bench_cluster.py [N] [ROUNDS]`` (default 100,000 kick-offs,
3 rounds). The three ways alternate round by round and each line gives the medians: the wall time
of the work alone (the cluster already started), the wall time of the cluster's start and close,
the CPU time of this process and of the workers (each worker's ``time.process_time``, summed),
and the speed-up of the work's wall time over the in-process run. Every run's counts are checked
equal to the in-process counts. Recorded in ``docs/performance.md`` ("Beyond one machine").
The set-up is the default bb2020 pairing (human kicking, botbowl_def_zone v botbowl_off_wedge),
target [19, 7], with the Kick-off events.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kickoff.analysis.cluster import DaskExecutor, Executor, open_executor
from kickoff.analysis.simulate import Job, Tally, simulate
from kickoff.core import RULESETS, Square
from kickoff.formats.teams import build_state, load_setup, load_team

RS = RULESETS["bb2020"]
SEED = 1


def job() -> Job:
    state = build_state(
        RS, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", RS.pitch),
         "away": load_setup("botbowl_off_wedge", RS.pitch)}, "home")
    return Job(state, RS, Square(19, 7), "all")


@dataclass
class Runs:
    """The figures of one way of running, a value per round."""

    work: list[float] = field(default_factory=list)
    start_close: list[float] = field(default_factory=list)
    cpu_here: list[float] = field(default_factory=list)
    cpu_workers: list[float] = field(default_factory=list)


def _workers_cpu(executor: Executor) -> float:
    if not isinstance(executor, DaskExecutor):
        return 0.0
    cpu: dict[str, float] = executor.client.run(time.process_time)  # type: ignore[no-untyped-call]
    return sum(cpu.values())


def measure(workers: int | None, work: Callable[[Executor], Tally], runs: Runs) -> Tally:
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
    runs.cpu_workers.append(wcpu1 - wcpu0)
    return result


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    the_job = job()

    def work(executor: Executor) -> Tally:
        cluster = executor if isinstance(executor, DaskExecutor) else None
        return simulate(the_job, n, SEED, executor=cluster)

    ways: dict[str, int | None] = {"in-process": None, "1 worker": 1, "2 workers": 2}
    runs = {name: Runs() for name in ways}
    expected: Tally | None = None
    for _ in range(rounds):
        for name, workers in ways.items():
            tally = measure(workers, work, runs[name])
            expected = expected or tally
            assert tally == expected, f"{name}: other counts than in-process"
    base = statistics.median(runs["in-process"].work)
    print(f"simulate, bb2020 eleven a side, events all, n={n:,}, seed {SEED}, "
          f"medians of {rounds} rounds")
    for name, r in runs.items():
        wall = statistics.median(r.work)
        print(f"{name:11} work {wall:6.2f} s wall ({n / wall:8,.0f} kick-offs/s), "
              f"start+close {statistics.median(r.start_close):5.2f} s, "
              f"CPU here {statistics.median(r.cpu_here):6.2f} s, "
              f"workers {statistics.median(r.cpu_workers):6.2f} s, "
              f"speed-up {base / wall:4.2f}")


if __name__ == "__main__":  # the worker processes import this module: no work at import
    main()
