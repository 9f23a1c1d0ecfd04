"""``kickoff simulate --records`` (issue 30, point 3): the peak memory and CPU time of a records
run, in a fresh process, for growing ``-n``: streamed in chunks, the peak must stay flat (the
issue's bound: 10**6 records within 200 MB, every process of the command together).

    python benchmarks/bench_records.py [N ...]     # default: 100000 1000000, --jobs 1
    python benchmarks/bench_records.py --tree [N]  # default 1000000: in-process, --jobs 2,
                                                   # --workers 2, the whole process tree

Without ``--tree`` each figure is read from the kernel's accounting of the child (``os.wait4``:
its peak resident set, ``ru_maxrss``, and its user + system CPU time), so that a busy machine's
waiting does not count; a pool's or a cluster's processes are not in it.

With ``--tree`` the command's whole process tree (the command, ``--jobs``' pool, the local Dask
cluster's nannies and workers) is sampled every :data:`EVERY` s with psutil, and the peak of
each sum over its processes is kept: RSS (resident set: pages shared between processes, such
as the interpreter's and NumPy's libraries or a forked child's untouched pages, counted once in
each), PSS (proportional set: a shared page's size divided among the processes sharing it, so
the sum is the memory the tree takes) and USS (pages of one process alone). The largest one
process's RSS is printed too, and the file's SHA-256 (the same bytes whatever the processes).
The file is written into a temporary folder and removed. Results go into
``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path

from benchargs import bounded

#: Seconds between two samples of the process tree (``--tree``).
EVERY = 0.1
#: The modes ``--tree`` measures: a label and the options given to ``simulate``.
MODES = (("in-process", ()), ("--jobs 2", ("--jobs", "2")), ("--workers 2", ("--workers", "2")))


def command(n: int, path: Path, options: tuple[str, ...]) -> list[str]:
    """The ``kickoff simulate --records`` command line of ``n`` kick-offs into ``path``."""
    return [sys.executable, "-c", "from kickoff.cli.app import main; main()", "simulate",
            "-n", str(n), "--seed", "1", "--json", "--records", str(path), *options]


def run(n: int, jobs: int = 1) -> tuple[float, float, float, int]:
    """``(peak MB, CPU s, wall s, file bytes)`` of one ``simulate --records`` of ``n``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.npy"
        start = time.perf_counter()
        proc = subprocess.Popen(command(n, path, ("--jobs", str(jobs))),
                                stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"simulate -n {n} --records failed")
        size = path.stat().st_size
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, size


def sample(root: object, cpu: dict[int, float]) -> tuple[float, float, float, float, int]:
    """``(RSS, PSS, USS, largest RSS)`` summed over ``root`` (a ``psutil.Process``) and its
    descendants, in MB, and how many processes were read; ``cpu`` gets each one's CPU seconds
    so far (user + system), by pid."""
    import psutil

    assert isinstance(root, psutil.Process)
    rss = pss = uss = largest = 0.0
    count = 0
    with suppress(psutil.NoSuchProcess):
        processes = [root, *root.children(recursive=True)]
        for proc in processes:
            with suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                full = proc.memory_full_info()
                times = proc.cpu_times()
                cpu[proc.pid] = times.user + times.system
                rss += full.rss / 1e6
                pss += getattr(full, "pss", full.uss) / 1e6
                uss += full.uss / 1e6
                largest = max(largest, full.rss / 1e6)
                count += 1
    return rss, pss, uss, largest, count


def run_tree(n: int, options: tuple[str, ...]) -> dict[str, float | str]:
    """Peaks of the tree's summed RSS, PSS and USS (MB), its largest process's RSS, the most
    processes seen at once, the wall time and the tree's CPU time (s: each process's last
    sample, so short of the truth by up to :data:`EVERY` s a process) and the file's SHA-256
    of one run."""
    import psutil

    peaks = [0.0, 0.0, 0.0, 0.0, 0.0]
    cpu: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.npy"
        start = time.perf_counter()
        proc = subprocess.Popen(command(n, path, options), stdout=subprocess.DEVNULL)
        root = psutil.Process(proc.pid)
        while proc.poll() is None:
            for i, value in enumerate(sample(root, cpu)):
                peaks[i] = max(peaks[i], value)
            time.sleep(EVERY)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"simulate -n {n} --records {' '.join(options)} failed")
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"rss": peaks[0], "pss": peaks[1], "uss": peaks[2], "largest": peaks[3],
            "processes": peaks[4], "wall": wall, "cpu": sum(cpu.values()), "sha256": digest}


def main_tree(n: int) -> None:
    """``--tree``: each of :data:`MODES` for ``n`` kick-offs, a row each."""
    print(f"-n {n:,}, peaks of the process tree's sums (MB), sampled every {EVERY:g} s")
    print(f"{'mode':<14} {'RSS sum':>8} {'PSS sum':>8} {'USS sum':>8} {'largest':>8} "
          f"{'procs':>5} {'wall s':>7} {'CPU s':>7}  sha256")
    for label, options in MODES:
        r = run_tree(n, options)
        print(f"{label:<14} {r['rss']:>8.1f} {r['pss']:>8.1f} {r['uss']:>8.1f} "
              f"{r['largest']:>8.1f} {r['processes']:>5.0f} {r['wall']:>7.1f} {r['cpu']:>7.1f}  "
              f"{str(r['sha256'])[:16]}")


def main() -> None:
    cli = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    cli.add_argument("sizes", nargs="*", type=bounded(1, 100_000_000), metavar="N",
                     help="records a run (default: 100000 1000000)")
    cli.add_argument("--tree", nargs="?", const=1_000_000, type=bounded(1, 100_000_000),
                     metavar="N", help="the whole process tree of one run of N records "
                     "(default 1000000), instead")
    args = cli.parse_args()
    if args.tree is not None:
        if args.sizes:
            cli.error("--tree takes one N: give it as --tree N")
        main_tree(args.tree)
        return
    sizes = args.sizes or [100_000, 1_000_000]
    print(f"{'n':>10} {'peak MB':>8} {'CPU s':>7} {'wall s':>7} {'records/CPU s':>14} {'file MB':>8}")
    for n in sizes:
        peak, cpu, wall, size = run(n)
        print(f"{n:>10,} {peak:>8.1f} {cpu:>7.1f} {wall:>7.1f} {n / cpu:>14,.0f} "
              f"{size / 1e6:>8.1f}")


if __name__ == "__main__":
    main()
