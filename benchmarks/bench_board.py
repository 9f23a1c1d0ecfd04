"""The cost of the board objectives (issue 24 point 4): every target ranked by
``receiver-holds`` (the ends as the rules make them) and by ``holder-open`` and
``ball-in-reach`` (the ends carrying the board, ``kickoff.analysis.exact.board``), each a fresh
solver, the receiving coach's defaults, CPU seconds (``time.process_time``, the median of ``N``
runs, the three alternating).

Run as a script: ``python benchmarks/bench_board.py [N]`` (default 1), one line per pairing and
objective; or with pytest-benchmark (``pytest benchmarks/bench_board.py --benchmark-enable``).
The pairings: bb2020's and Sevens' defaults (``kickoff odds``' own), both with the Kick-off
events. Results are recorded in docs/performance.md.
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction
from typing import Any

from benchargs import one_count

import kickoff
from kickoff.analysis import KickoffSolver, rank_targets
from kickoff.analysis.objectives import Objective
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.match import build_match

OBJECTIVES: tuple[Objective, ...] = ("receiver-holds", "holder-open", "ball-in-reach")


def pairing(name: str) -> tuple[GameState, Ruleset]:
    """The ruleset's default pairing (``kickoff odds``' defaults, home kicking)."""
    m = build_match(name, None, None, None, None, "home")
    return m.state, m.ruleset


def ranked(state: GameState, rs: Ruleset, objective: Objective) -> Fraction:
    """A fresh solver ranking every target by ``objective``: the best target's value."""
    solver = KickoffSolver(state, rs, events="all", objective=objective)
    return rank_targets(solver, objective)[0].value


def test_bench_board_objective(benchmark: Any) -> None:
    state, rs = pairing("sevens")
    benchmark.pedantic(ranked, (state, rs, "holder-open"), rounds=3)


def main(runs: int) -> None:
    build = "compiled" if getattr(kickoff, "compiled", False) else "pure"
    for name in ("bb2020", "sevens"):
        state, rs = pairing(name)
        times: dict[Objective, list[float]] = {o: [] for o in OBJECTIVES}
        values: dict[Objective, Fraction] = {}
        for _ in range(runs):
            for objective in OBJECTIVES:
                t = time.process_time()
                values[objective] = ranked(state, rs, objective)
                times[objective].append(time.process_time() - t)
        for objective in OBJECTIVES:
            print(f"{name}, events all, every target by {objective} ({build}): median "
                  f"{statistics.median(times[objective]):.2f} s CPU ({runs} runs); best "
                  f"target's value {float(values[objective]):.4f}")


if __name__ == "__main__":
    main(one_count(__doc__, "N", 1, 1_000, "runs"))
