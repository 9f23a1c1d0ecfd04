"""Start-up (issue 16 point 4): the CPU time of one-target commands, whole, from a fresh process.

``kickoff odds --target 20,3 --events none`` (the default bb2020 pairing, one target, no Kick-off
events) spends most of its time starting: importing, building its options, reading the built-in
teams and set-ups. Each figure is the CPU time (user + system) of a new process, read from the
kernel's accounting of the child (``os.wait4``), so that waiting for a busy machine's cores does
not count; the median (and the fastest) of ``RUNS`` runs.

    python benchmarks/bench_startup.py [RUNS]                  # this build, 21 runs
    python benchmarks/bench_startup.py 21 --against /tmp/base  # alternated with another tree

``--against TREE`` runs the same commands with ``PYTHONPATH=TREE/src`` (a checkout or
``git archive`` of another commit, on the same interpreter and libraries; a library version of
its own goes into ``TREE/src`` too, e.g. ``pip install typer==0.29.2 --no-deps --target
TREE/src`` for a commit before Typer was pinned below 0.29), or ``PYTHONPATH=TREE`` for a
folder without ``src`` (a compiled build, ``pip install . --target TREE``); ``--build DIR``
runs this build from such a folder too (``PYTHONPATH=DIR``: the compiled build of this
commit) instead of the installed package. It alternates with this
build run by run (A B A B ...), prints both and the ratio of each pair, and checks that both
print the same bytes. ``--breakdown`` adds, in-process, where one run's time goes (interpreter
and imports; Typer building the command and coercing its options through pydantic; the teams and
set-ups; the solve; the rest: drawing the table). Results go into ``docs/performance.md``.
Bytecode is compiled by a first, uncounted run (``PYTHONDONTWRITEBYTECODE`` is dropped).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ODDS = ["odds", "--target", "20,3", "--events", "none"]

#: The libraries alone, without kickoff: a Typer command with options of the types ``odds``
#: has (18: a file argument, strings, choices, flags, a path), a Rich table printed, and gmpy2
#: (the solver's rationals) imported: what any command built on these pays. (Until 2026-12-01
#: evening it also drew a Rich progress bar, as ``odds`` did for one target; it no longer does.)
LIBRARIES = """
from pathlib import Path
from typing import Annotated, Literal
import typer
from rich.console import Console
from rich.table import Table
import gmpy2
S = Annotated[str | None, typer.Option()]
B = Annotated[bool, typer.Option()]
app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
@app.callback()
def main() -> None:
    pass
@app.command()
def odds(file: Annotated[str | None, typer.Argument()] = None, target: S = None,
         events: Literal["all", "none"] = "all", all_targets: B = False,
         objective: Literal["touchback", "receiver-holds"] = "touchback",
         png: Annotated[Path | None, typer.Option()] = None, kick_skill: B = False,
         high_kick: S = None, touchback: S = None,
         ruleset: Literal["classic", "bb2020", "bb2025", "sevens"] = "bb2020", home: S = None,
         away: S = None, home_setup: S = None, away_setup: S = None,
         kicking: Literal["home", "away"] = "home", as_json: B = False) -> None:
    table = Table(title="Kick at [20, 3]")
    table.add_column("outcome")
    table.add_row("touchback")
    Console().print(table)
app()
"""

#: name -> the arguments of the interpreter.
COMMANDS: dict[str, list[str]] = {
    "python -c pass (the interpreter alone)": ["-c", "pass"],
    "the libraries alone (Typer, Rich, gmpy2; no kickoff)": ["-c", LIBRARIES, *ODDS],
    "python -c 'import kickoff.cli.app'": ["-c", "import kickoff.cli.app"],
    # The entry point as pyproject.toml names it: kickoff.cli:main (before 2026-12-01 evening,
    # kickoff.cli.app:main, which a tree without kickoff.cli.main runs).
    "kickoff odds --target 20,3 --events none": [
        "-c", "import sys; sys.argv[0] = 'kickoff'; import kickoff.cli as cli\n"
        "main = getattr(cli, 'main', None)\n"
        "if main is None:\n    from kickoff.cli.app import main\n"
        "main()", *ODDS],
}

#: One run of the command in-process, printing ``label seconds`` lines (``--breakdown``).
BREAKDOWN = r"""
import contextlib, functools, io, sys, time
T = time.process_time
spent = {}
def timed(owner, name, label):
    if not hasattr(owner, name):
        return
    f = getattr(owner, name)
    @functools.wraps(f)
    def g(*a, **k):
        s = T()
        try:
            return f(*a, **k)
        finally:
            spent[label] = spent.get(label, 0.0) + T() - s
    setattr(owner, name, g)
import kickoff.cli.app as app
import typer.core, typer.main
import kickoff.analysis.exact.solver as exact
import kickoff.cli.analysis_cmd as cmd  # odds' module (since 2026-12-01 evening, not app's)
imports = T()
timed(typer.main, "get_command", "Typer: the Click command")
timed(getattr(typer.core, "_TyperParameter", None), "get_runtime_param",
      "Typer: coercing the options (pydantic; Typer 0.29)")
timed(cmd, "build_match_named", "teams and set-ups (read, checked, placed)")
timed(exact.KickoffSolver, "odds", "the solve")
sys.argv = ["kickoff", *sys.argv[1:]]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        app.main()
    except SystemExit:
        pass
total = T()
print("interpreter and imports (kickoff.cli.app, odds' module kickoff.cli.analysis_cmd)", imports)
for label, s in spent.items():
    print(label, s)
print("the rest (Rich imported, the table drawn, ...)", total - imports - sum(spent.values()))
print("whole process", total)
"""


def environment(tree: Path | None) -> dict[str, str]:
    """The environment of a run of ``tree`` (``None``: the installed package): ``TREE/src`` on
    the path, or ``TREE`` itself when it has no ``src`` (a ``pip install --target`` folder)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src" if (tree / "src").is_dir() else tree)
    return env


def cpu_seconds(args: Sequence[str], env: dict[str, str]) -> tuple[float, bytes]:
    """CPU seconds (user + system) of one new interpreter running ``args``, and its stdout."""
    child = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, env=env)
    out = child.stdout.read() if child.stdout else b""
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)}: exit status {os.waitstatus_to_exitcode(status)}")
    return usage.ru_utime + usage.ru_stime, out


def measure(runs: int, against: Path | None, build: Path | None = None) -> None:
    builds: dict[str, Path | None] = {"this build": build}
    if against is not None:
        builds = {f"against {against}": against, "this build": build}
    for name, args in COMMANDS.items():
        times: dict[str, list[float]] = {b: [] for b in builds}
        outputs: dict[str, bytes] = {}
        for build, tree in builds.items():  # compile the bytecode; not counted
            outputs[build] = cpu_seconds(args, environment(tree))[1]
        if len(set(outputs.values())) > 1 and name.startswith("kickoff"):
            raise SystemExit(f"{name}: the two builds print different bytes")
        for _ in range(runs):
            for build, tree in builds.items():
                times[build].append(cpu_seconds(args, environment(tree))[0])
        print(name)
        for build, ts in times.items():
            print(f"  {build:<40} median {statistics.median(ts) * 1000:7.1f} ms, "
                  f"fastest {min(ts) * 1000:7.1f} ms ({runs} runs)")
        if against is not None:
            base, new = times[f"against {against}"], times["this build"]
            ratios = sorted(n / b for b, n in zip(base, new, strict=True))
            print(f"  this build / against, pair by pair: median {statistics.median(ratios):.2f} "
                  f"(from {ratios[0]:.2f} to {ratios[-1]:.2f})")


def breakdown(runs: int, build: Path | None = None) -> None:
    """The median over ``runs`` processes of each part of one run (milliseconds)."""
    parts: dict[str, list[float]] = {}
    for i in range(runs + 1):
        done = subprocess.run([sys.executable, "-c", BREAKDOWN, *ODDS], capture_output=True,
                              text=True, env=environment(build), check=True)
        if i == 0:
            continue  # bytecode
        for line in done.stdout.splitlines():
            label, _, value = line.rpartition(" ")
            parts.setdefault(label, []).append(float(value))
    print(f"where one run of kickoff {' '.join(ODDS)} goes (in-process CPU time, median of "
          f"{runs}):")
    for label, values in parts.items():
        print(f"  {statistics.median(values) * 1000:7.1f} ms  {label}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=21)
    parser.add_argument("--against", type=Path, help="another source tree, run alternately")
    parser.add_argument("--build", type=Path,
                        help="run this build from this folder (pip install . --target DIR)")
    parser.add_argument("--breakdown", action="store_true", help="also where one run goes")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}"
          + (f", this build from {args.build}" if args.build else ""))
    measure(args.runs, args.against, args.build)
    if args.breakdown:
        breakdown(args.runs, args.build)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
