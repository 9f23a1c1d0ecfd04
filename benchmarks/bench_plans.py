"""The cost of the free turn's plan search (``kickoff.analysis.plans``): one target, events all,
``play="best"``, each budget's search then the odds with the plans found, in CPU seconds
(``time.process_time``, the median of ``N`` runs), beside the solve without a search.

Run as a script (``python benchmarks/bench_plans.py [N]``, default 1), which prints one line per
pairing and budget, or with pytest-benchmark (``pytest benchmarks/bench_plans.py
--benchmark-enable``). Results are recorded in ``docs/performance.md`` ("The free turn's plan
search") and ``docs/analysis.md``. The pairings: the README's default one (bb2020, the kick at
the receiving zone's centre, as ``kickoff odds`` plays it) and Sevens, Skaven kicking to Orcs at
[8, 5] (the tests' set-up).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from benchargs import one_count

from kickoff.analysis import plans
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

#: (ruleset, home, away, kicking, target (None: the receiving zone's centre)).
PAIRINGS: list[tuple[str, str | None, str | None, Any, Square | None]] = [
    ("bb2020", None, None, "home", None), ("sevens", "orc", "skaven", "away", Square(8, 5)),
]
#: The budgets timed (0: no search, nobody acts).
BUDGETS = (0, 8, plans.DEFAULT_BUDGET)


def solve(pairing: tuple[str, str | None, str | None, Any, Square | None], budget: int) -> Any:
    """The search at ``budget`` (none at 0), then the odds with its plans: the receiver-holds
    value and the search (``None`` at 0)."""
    ruleset, home, away, kicking, target = pairing
    m = build_match(ruleset, home, away, None, None, kicking)
    at = target or m.state.pitch.centre[m.state.receiving]
    found = plans.search(m.state, m.ruleset, at, budget=budget) if budget else None
    solver = KickoffSolver(m.state, m.ruleset, events="all", play="best",
                           decisions=None if found is None else found.decisions)
    return solver.odds(at).receiving_team_holds, found


def test_bench_plans_sevens(benchmark: Any) -> None:
    benchmark(solve, PAIRINGS[1], 8)


def main(n: int) -> None:
    for pairing in PAIRINGS:
        for budget in BUDGETS:
            times = []
            for _ in range(n):
                start = time.process_time()
                value, found = solve(pairing, budget)
                times.append(time.process_time() - start)
            plan = "" if found is None else "; ".join(f.best.text() for f in found.found.values())
            print(f"{pairing[0]:7} {pairing[2] or 'default':8} budget {budget:3}  "
                  f"{statistics.median(times):7.2f} s  receiver-holds {float(value):.4f}  {plan}",
                  flush=True)


if __name__ == "__main__":
    main(one_count(__doc__, "N", 1, 1_000, "runs"))
