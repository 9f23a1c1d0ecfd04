"""The exact solver's speed on every target (issue 16: all 195 targets with Kick-off events in
under 0.7 s in-process).

Run as a script: ``python benchmarks/bench_solver.py [RUNS]``; or with pytest-benchmark
(``pytest benchmarks/bench_solver.py --benchmark-enable``). The set-up is the default bb2020
pairing (human kicking, botbowl_def_zone v botbowl_off_wedge). Each run is a fresh solver ranking
every target of the receiving area by ``receiver-holds`` with ``--events all`` and reading the five
best targets' full odds (what ``kickoff odds --all-targets`` shows); then a second ranking on the
same solver (everything solved, cached). CPU seconds (``time.process_time``), medians. Results are
recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from benchargs import one_count

import kickoff
from kickoff.analysis import KickoffSolver, rank_targets
from kickoff.core import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

RS = RULESETS["bb2020"]


def eleven() -> GameState:
    """The default bb2020 pairing, the human team kicking."""
    return build_state(
        RS, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", RS.pitch),
         "away": load_setup("botbowl_off_wedge", RS.pitch)}, "home")


def all_targets(state: GameState) -> KickoffSolver:
    """A fresh solver ranking every target with events, the five best targets' odds read."""
    solver = KickoffSolver(state, RS, events="all")
    ranked = rank_targets(solver, "receiver-holds")
    for r in ranked[:5]:
        assert 0 <= r.odds.touchback <= 1
    return solver


def test_bench_all_targets_events_all(benchmark: Any) -> None:
    benchmark.pedantic(all_targets, (eleven(),), rounds=3)


def main(runs: int) -> None:
    state = eleven()
    fresh, again = [], []
    for _ in range(runs):
        t = time.process_time()
        solver = all_targets(state)
        fresh.append(time.process_time() - t)
        t = time.process_time()
        rank_targets(solver, "receiver-holds")
        again.append(time.process_time() - t)
    build = "compiled" if getattr(kickoff, "compiled", False) else "pure"
    print(f"all 195 targets, events all ({build}): median {statistics.median(fresh):.3f} s CPU "
          f"(best {min(fresh):.3f} s, {runs} runs, each a fresh solver); ranked again on the "
          f"same solver: median {statistics.median(again):.3f} s")


if __name__ == "__main__":
    main(one_count(__doc__, "RUNS", 5, 1_000, "runs, each a fresh solver"))
