"""Before and after, side by side: the headline figures of ``docs/performance.md`` measured on
two commits in one run, alternately (issue 29's acceptance: every figure within 5% after the
change, measured side by side).

    python benchmarks/bench_before_after.py BEFORE_TREE [--rounds 5] [--only WORD ...]
    python benchmarks/bench_before_after.py BEFORE_TREE --before-build DIR --after-build DIR

``BEFORE_TREE``: a checkout or ``git archive`` of the earlier commit (its ``src/`` and
``benchmarks/``); the after side is this tree. Without builds both sides are pure Python
(``PYTHONPATH=TREE/src``); with ``--before-build`` and ``--after-build`` (each a ``pip install
--no-deps --target DIR TREE`` folder of the compiled build) both run compiled
(``PYTHONPATH=DIR``), the benchmark modules still read from each tree.

Each figure is measured in a fresh process per run, each side driving its own benchmark module
(the same workload on both: ``bench_kickoff.prepared`` and ``many_kickoffs``, the README's loop
on that state, ``bench_solver.all_targets``, ``bench_actions``' cases,
``bench_play_best.README_SOLVE``, the command line), timed in CPU seconds: ``time.process_time``
inside the child around the work, or for a whole command the child's own accounting
(``os.wait4``: user + system, imports included). One uncounted run of each side first (the
bytecode compiled, the checks compared); then ``--rounds`` rounds, before and after alternating,
which goes first swapped every round. For each figure: each side's median, the speed ratio
after / before pair by pair (a rate's after / before, a time's before / after: above 1 is
faster, 0.95 is 5% slower), its median and spread, and whether the two sides agree on the check
(the touchbacks, the odds' JSON, the command's output bytes). ``--markdown`` prints the table's
rows for ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The head of every in-process probe: the side's benchmarks on the path, ``out(value, check)``.
HEAD = """
import json, os, sys, time
sys.path.insert(0, os.environ["BENCH_DIR"])
def out(value, check):
    print(json.dumps({"value": value, "check": str(check)}))
"""

KICKOFFS = """
import bench_kickoff as b
state = b.prepared(RULESET)
b.many_kickoffs(RULESET, state, 500)
start = time.process_time()
touchbacks = b.many_kickoffs(RULESET, state, N)
out(N / (time.process_time() - start), touchbacks)
"""

README_LOOP = """
import bench_kickoff as b
from kickoff.core import RULESETS, Decisions, SeededDice, Square, kick_off
rs, state, dice = RULESETS[RULESET], b.prepared(RULESET), SeededDice(7)
for _ in range(500):
    kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7)), log=LOG)
start = time.process_time()
touchbacks = sum(kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7)),
                          log=LOG).touchback for _ in range(N))
out(N / (time.process_time() - start), touchbacks)
"""

SOLVER = """
import bench_solver as b
from kickoff.analysis import rank_targets
state = b.eleven()
start = time.process_time()
solver = b.all_targets(state)
spent = time.process_time() - start
out(spent, [str(r.odds.touchback) for r in rank_targets(solver, "receiver-holds")[:5]])
"""

ACTIONS = """
import bench_actions as b
sc = b.loaded(getattr(b, CASE))
play = getattr(b, PLAY)
play(sc, 200)
start = time.process_time()
check = play(sc, N)
out(N / (time.process_time() - start), check)
"""

KICK_ODDS = """
import bench_actions as b
sc = b.loaded(b.KICK_ODDS)
b.odds(sc)
times = []
for _ in range(5):
    start = time.process_time()
    odds = b.odds(sc)
    times.append(time.process_time() - start)
out(sorted(times)[2], odds)
"""

PLAY_BEST = """
import bench_play_best as b
SEARCH = False
exec(b.README_SOLVE)
"""

#: The command line, as ``pyproject.toml`` names it (``kickoff.cli:main``; before the evening
#: of 2026-12-01, ``kickoff.cli.app:main``).
CLI = ("import sys; sys.argv[0] = 'kickoff'; import kickoff.cli as cli\n"
       "main = getattr(cli, 'main', None)\n"
       "if main is None:\n    from kickoff.cli.app import main\n"
       "main()")


@dataclass(frozen=True)
class Figure:
    """One figure: its name, its unit, whether it is a rate (higher is faster) or a time, and
    how a run measures it: a probe (``code`` with its ``values`` bound first, printing ``out``)
    or a whole command (``argv`` of the command line: its CPU seconds)."""

    name: str
    unit: str
    rate: bool
    code: str = ""
    values: tuple[tuple[str, object], ...] = ()
    argv: tuple[str, ...] = ()


def figures(compiled: bool) -> list[Figure]:
    """The headline figures (``docs/performance.md``'s benchmarks), sized for the build."""
    n, loop, actions = (100_000, 50_000, 20_000) if compiled else (20_000, 20_000, 5_000)
    out = [Figure(f"kick-offs, {r}, no log (bench_kickoff)", "/s", True, KICKOFFS,
                  (("RULESET", r), ("N", n))) for r in ("classic", "bb2020", "bb2025", "sevens")]
    out += [Figure(f"the README loop, {r}, {'log kept' if log else 'log=False'}", "/s", True,
                   README_LOOP, (("RULESET", r), ("N", loop), ("LOG", log)))
            for r in ("bb2020", "classic") for log in (True, False)]
    out.append(Figure("all 195 targets, events all, fresh solver (bench_solver)", "s", False,
                      SOLVER))
    out += [Figure(label, "/s", True, ACTIONS, (("CASE", case), ("PLAY", play), ("N", actions)))
            for label, case, play in (
                ("bb2020 Blitz kick-offs (bench_actions)", "BLITZ", "kickoffs"),
                ("classic Blitz! kick-offs (bench_actions)", "CLASSIC_BLITZ", "kickoffs"),
                ("Kick It! Kick actions (bench_actions)", "KICK", "kicks"))]
    out.append(Figure("Kick action exact odds, median of 5 (bench_actions)", "s", False,
                      KICK_ODDS))
    out.append(Figure("`kickoff odds --target 20,3 --events none`, whole process", "s", False,
                      argv=("odds", "--target", "20,3", "--events", "none")))
    out.append(Figure("`kickoff simulate -n 20000 --seed 3`, whole process", "s", False,
                      argv=("simulate", "-n", "20000", "--seed", "3")))
    out.append(Figure("the README's `--play best` solve, whole process (bench_play_best)", "s",
                      False, PLAY_BEST))
    return out


@dataclass(frozen=True)
class Side:
    """One side: its name, its tree (benchmarks) and what goes on ``PYTHONPATH``."""

    name: str
    tree: Path
    path: Path

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(self.path)
        env["BENCH_DIR"] = str(self.tree / "benchmarks")
        return env


def run(figure: Figure, side: Side) -> tuple[float, str]:
    """One run of ``figure``'s probe on ``side``: its value and its check. ``SystemExit`` on a
    failed run (its last line of error)."""
    bound = "".join(f"{k} = {v!r}\n" for k, v in figure.values)
    done = subprocess.run([sys.executable, "-c", HEAD + bound + figure.code], capture_output=True,
                          text=True, env=side.env(), cwd=side.tree, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{figure.name} on {side.name}: exit {done.returncode}: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    lines = done.stdout.strip().splitlines()
    if figure.code is PLAY_BEST:  # the odds' JSON, then the process's CPU seconds and RSS
        return float(lines[-1].split()[0]), hashlib.sha256(lines[-2].encode()).hexdigest()[:12]
    found = json.loads(lines[-1])
    return float(found["value"]), str(found["check"])


def command_run(figure: Figure, side: Side) -> tuple[float, str]:
    """One whole command of ``figure`` on ``side``: its CPU seconds (user + system, from the
    kernel's accounting of the child, ``os.wait4``) and a digest of its output."""
    args = [sys.executable, "-c", CLI, *figure.argv]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             env=side.env(), cwd=side.tree)
    stdout = child.stdout.read() if child.stdout else b""
    _, status, usage = os.wait4(child.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{figure.name} on {side.name}: exit {code}")
    return usage.ru_utime + usage.ru_stime, hashlib.sha256(stdout).hexdigest()[:12]


def once(figure: Figure, side: Side) -> tuple[float, str]:
    """One run of ``figure`` on ``side`` (a whole command, or a probe)."""
    return command_run(figure, side) if figure.argv else run(figure, side)


@dataclass
class Result:
    """A figure's runs on both sides, in pairs, and whether their checks agreed."""

    figure: Figure
    before: list[float]
    after: list[float]
    same: bool

    def speed(self, before: float, after: float) -> float:
        """After's speed over before's (above 1: faster)."""
        return after / before if self.figure.rate else before / after

    def ratios(self) -> list[float]:
        return sorted(self.speed(b, a) for b, a in zip(self.before, self.after, strict=True))


def measure(figure: Figure, before: Side, after: Side, rounds: int) -> Result:
    """``figure`` on both sides: one uncounted run each, then ``rounds`` alternated pairs."""
    checks = {once(figure, side)[1] for side in (before, after)}
    runs: dict[str, list[float]] = {before.name: [], after.name: []}
    for i in range(rounds):
        for side in ((before, after) if i % 2 == 0 else (after, before)):
            runs[side.name].append(once(figure, side)[0])
    return Result(figure, runs[before.name], runs[after.name], len(checks) == 1)


def shown(value: float, figure: Figure) -> str:
    if figure.rate:
        return f"{value:,.0f}{figure.unit}"
    return f"{value:.3f} {figure.unit}"


def report(result: Result, markdown: bool, build: str) -> str:
    f = result.figure
    b, a = statistics.median(result.before), statistics.median(result.after)
    r = result.ratios()
    agree = "same" if result.same else "differ"
    if markdown:
        return (f"| {f.name}, {build} | {shown(b, f)} | {shown(a, f)} | "
                f"**{statistics.median(r):.2f}** ({r[0]:.2f} to {r[-1]:.2f}) | {agree} |")
    return (f"{f.name:<66} {build:<8} before {shown(b, f):>12}  after {shown(a, f):>12}  "
            f"speed {statistics.median(r):.2f} ({r[0]:.2f}-{r[-1]:.2f})  checks {agree}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path, help="the earlier commit's tree")
    parser.add_argument("--before-build", type=Path, help="its compiled build's folder")
    parser.add_argument("--after-build", type=Path, help="this tree's compiled build's folder")
    parser.add_argument("--rounds", type=int, default=5, help="alternated pairs per figure")
    parser.add_argument("--only", nargs="*", default=(), help="figures whose name has a word")
    parser.add_argument("--markdown", action="store_true", help="rows for docs/performance.md")
    args = parser.parse_args()
    compiled = args.before_build is not None
    if compiled != (args.after_build is not None):
        raise SystemExit("--before-build and --after-build go together")
    before = Side("before", args.before.resolve(),
                  args.before_build.resolve() if compiled else args.before.resolve() / "src")
    after = Side("after", ROOT, args.after_build.resolve() if compiled else ROOT / "src")
    build = "compiled" if compiled else "pure"
    start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"# {build}, {args.rounds} rounds, from {start}, load {os.getloadavg()[0]:.1f}",
          flush=True)
    for figure in figures(compiled):
        if args.only and not any(word in figure.name for word in args.only):
            continue
        print(report(measure(figure, before, after, args.rounds), args.markdown, build),
              flush=True)
    print(f"# until {time.strftime('%H:%M UTC', time.gmtime())}, "
          f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
