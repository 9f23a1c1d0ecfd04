"""Exact odds and Monte Carlo speed (issue: exact kick-off odds).

Run with pytest-benchmark (``pytest benchmarks/bench_analysis.py --benchmark-enable``) or as a
script (``python benchmarks/bench_analysis.py``). Results are recorded in ``docs/performance.md``.
The set-up is the default bb2020 pairing (human kicking, botbowl_def_zone v botbowl_off_wedge);
the small set-up is four players a side (three on each Line of Scrimmage, one deep).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from kickoff.analysis import Job, KickoffSolver, rank_targets, simulate
from kickoff.core import RULESETS, Square
from kickoff.core.state import GameState
from kickoff.formats.scenario import load_scenario, parse_scenario
from kickoff.formats.teams import build_state, load_setup, load_team

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))


def eleven() -> GameState:
    rs = RULESETS["bb2020"]
    return build_state(
        rs, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", rs.pitch),
         "away": load_setup("botbowl_off_wedge", rs.pitch)}, "home")


def small() -> GameState:
    from helpers import scenario

    return load_scenario(parse_scenario(json.dumps(scenario("bb2020")))).state


RS = RULESETS["bb2020"]


def one_target_none(state: GameState) -> None:
    KickoffSolver(state, RS, events="none").odds(Square(19, 7))


def all_targets(state: GameState, events: str) -> None:
    rank_targets(KickoffSolver(state, RS, events=events), "touchback")  # type: ignore[arg-type]


def test_bench_one_target_events_none(benchmark: Any) -> None:
    benchmark(one_target_none, eleven())


def test_bench_all_targets_events_none(benchmark: Any) -> None:
    benchmark.pedantic(all_targets, (eleven(), "none"), rounds=3)


def test_bench_all_targets_events_all_eleven(benchmark: Any) -> None:
    benchmark.pedantic(all_targets, (eleven(), "all"), rounds=3)


def test_bench_all_targets_events_all_small(benchmark: Any) -> None:
    benchmark.pedantic(all_targets, (small(), "all"), rounds=1)


def test_bench_simulate(benchmark: Any) -> None:
    job = Job(eleven(), RS, Square(19, 7), "all")
    benchmark.pedantic(simulate, (job, 20_000, 1), rounds=3)


def test_bench_simulate_free_turns_close(benchmark: Any) -> None:
    job = Job(eleven(), RS, Square(19, 7), "all", free_turns="close")
    benchmark.pedantic(simulate, (job, 20_000, 1), rounds=3)


def main() -> None:
    state = eleven()
    times = []
    for _ in range(31):
        t = time.perf_counter()
        one_target_none(state)
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"one target, events none, eleven-a-side: median {times[15] * 1000:.1f} ms, "
          f"best {times[0] * 1000:.1f} ms (31 runs, each a fresh solver)")
    t = time.perf_counter()
    all_targets(state, "none")
    print(f"all targets, events none, eleven-a-side: {time.perf_counter() - t:.2f} s")
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        all_targets(state, "all")
        runs.append(time.perf_counter() - t)
    runs.sort()
    print(f"all targets, events all, eleven-a-side: median {runs[2]:.2f} s, best {runs[0]:.2f} s "
          "(5 runs, each a fresh solver)")
    t = time.perf_counter()
    all_targets(small(), "all")
    print(f"all targets, events all, four a side: {time.perf_counter() - t:.2f} s")
    job = Job(state, RS, Square(19, 7), "all")
    t = time.perf_counter()
    simulate(job, 40_000, 1)
    print(f"simulate, events all, eleven-a-side: {40_000 / (time.perf_counter() - t):,.0f} "
          "kick-offs per second on one core")
    job = Job(state, RS, Square(19, 7), "all", free_turns="close")
    t = time.perf_counter()
    simulate(job, 40_000, 1)
    print(f"simulate, events all, free turns close, eleven-a-side: "
          f"{40_000 / (time.perf_counter() - t):,.0f} kick-offs per second on one core")


if __name__ == "__main__":
    main()
