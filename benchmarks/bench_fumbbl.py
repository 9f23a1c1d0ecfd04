"""``kickoff fumbbl verify`` over the shared FUMBBL replays: seconds for the whole command, and
kick-offs verified per second (read, recovered from the log, played, compared).

Run as a script (``python benchmarks/bench_fumbbl.py [RUNS]``, default 3) from the repository,
with the shared data beside it (``../shared/data/fumbbl-replays``); or with pytest-benchmark
(``pytest benchmarks/bench_fumbbl.py --benchmark-enable``). Results are recorded in
``docs/performance.md``; the figures of what agrees are in ``docs/fumbbl.md``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchargs import one_count

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "fumbbl-replays"


def verify() -> dict[str, Any]:
    """One ``kickoff fumbbl verify --json`` over the shared replays; its summary."""
    kickoff = Path(sys.executable).parent / "kickoff"  # the command the install put beside Python
    done = subprocess.run([str(kickoff), "fumbbl", "verify", "--json", str(SHARED)],
                          capture_output=True, text=True, check=False)
    if not done.stdout:
        raise SystemExit(f"kickoff fumbbl verify gave no answer: {done.stderr.strip()}")
    summary: dict[str, Any] = json.loads(done.stdout)["summary"]
    return summary


def test_bench_verify(benchmark: Any) -> None:
    summary = benchmark(verify)
    assert summary["agree"] + summary["ruling"] == summary["kickoffs"]


def main() -> None:
    runs = one_count(__doc__, "RUNS", 3, 100, "runs")
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        summary = verify()
        times.append(time.perf_counter() - t)
    best = min(times)
    print(f"fumbbl verify: {summary['kickoffs']} kick-offs in {summary['games']} games, "
          f"{summary['agree']} agree; best {best:.1f} s of {runs} "
          f"({summary['kickoffs'] / best:,.1f} kick-offs/s), "
          f"runs {', '.join(f'{t:.1f}' for t in times)} s")


if __name__ == "__main__":
    main()
