"""``kickoff simulate --records`` (issue 30, point 3): the peak memory and CPU time of a records
run, in a fresh process, for growing ``-n``: streamed in chunks, the peak must stay flat (the
issue's bound: 10**6 records within 200 MB).

    python benchmarks/bench_records.py [N ...]     # default: 100000 1000000, --jobs 1

Each figure is read from the kernel's accounting of the child (``os.wait4``: its peak resident
set, ``ru_maxrss``, and its user + system CPU time), so that a busy machine's waiting does not
count. The file is written into a temporary folder and removed; its size is printed. Results go
into ``docs/performance.md``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(n: int, jobs: int = 1) -> tuple[float, float, float, int]:
    """``(peak MB, CPU s, wall s, file bytes)`` of one ``simulate --records`` of ``n``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.npy"
        args = [sys.executable, "-c", "from kickoff.cli.app import main; main()", "simulate",
                "-n", str(n), "--seed", "1", "--jobs", str(jobs), "--json", "--records", str(path)]
        start = time.perf_counter()
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"simulate -n {n} --records failed")
        size = path.stat().st_size
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, size


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100_000, 1_000_000]
    print(f"{'n':>10} {'peak MB':>8} {'CPU s':>7} {'wall s':>7} {'records/CPU s':>14} {'file MB':>8}")
    for n in sizes:
        peak, cpu, wall, size = run(n)
        print(f"{n:>10,} {peak:>8.1f} {cpu:>7.1f} {wall:>7.1f} {n / cpu:>14,.0f} "
              f"{size / 1e6:>8.1f}")


if __name__ == "__main__":
    main()
