"""Bytecode instructions per unit of work, two commits side by side: a count the machine's load
does not move (issue 29's "keep the speed", pure build), beside ``bench_before_after.py``'s times.

    python benchmarks/bench_counts.py BEFORE_TREE [--only WORD ...] [--markdown]

``BEFORE_TREE``: a checkout or ``git archive`` of the earlier commit (its ``src/`` and
``benchmarks/``); the after side is this tree. Each workload runs in a fresh process per side,
pure Python (``PYTHONPATH=TREE/src``), driving the side's own benchmark module as
``bench_before_after.py`` does (the same workloads: ``bench_kickoff``'s unlogged kick-offs, the
README's loop, ``bench_actions``' free turns and Kick It! turns, ``bench_solver``'s targets), once
untraced (the code warmed, the caches filled), then traced: every bytecode instruction the
interpreter runs is counted (``sys.settrace`` with ``f_trace_opcodes``), and with it every Python
call. Printed per unit (a kick-off, a turn, the solve): both sides' instructions and calls, the
after / before ratio of instructions (below 1: less work), and whether the checks agree (the
touchbacks, the turnovers, the five best targets' odds). What it does not see: the work inside
C functions (a ``dict`` look-up, a ``tuple`` made, ``sorted``), which callgrind counts
(``docs/performance.md``, "Issue 29: the pure build's unlogged kick-offs and Kick It! turns").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The probe's head: the side's benchmarks on the path, the tracer, ``count(run, units)``.
HEAD = """
import json, os, sys
sys.path.insert(0, os.environ["BENCH_DIR"])
def count(run, units):
    run()
    seen = [0, 0]
    def tracer(frame, event, arg):
        if event == "opcode":
            seen[0] += 1
        elif event == "call":
            seen[1] += 1
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        return tracer
    sys.settrace(tracer)
    check = run()
    sys.settrace(None)
    print(json.dumps({"ops": seen[0] / units, "calls": seen[1] / units, "check": str(check)}))
"""

KICKOFFS = """
import bench_kickoff as b
state = b.prepared(RULESET)
count(lambda: b.many_kickoffs(RULESET, state, N), N)
"""

README_LOOP = """
import bench_kickoff as b
from kickoff.core import RULESETS, Decisions, SeededDice, Square, kick_off
rs, state = RULESETS[RULESET], b.prepared(RULESET)
def run():
    dice = SeededDice(7)
    return sum(kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7)),
                        log=LOG).touchback for _ in range(N))
count(run, N)
"""

ACTIONS = """
import bench_actions as b
sc = b.loaded(getattr(b, CASE))
play = getattr(b, PLAY)
count(lambda: play(sc, N), N)
"""

SOLVER = """
import bench_solver as b
from kickoff.analysis import rank_targets
state = b.eleven()
count(lambda: [str(r.odds.touchback)
               for r in rank_targets(b.all_targets(state), "receiver-holds")[:5]], 1)
"""


@dataclass(frozen=True)
class Workload:
    """One workload: its name (``bench_before_after.py``'s figure), its probe and its values."""

    name: str
    code: str
    values: tuple[tuple[str, object], ...]


def workloads() -> list[Workload]:
    """The pure table's in-process figures, sized for a trace (a few seconds a side)."""
    out = [Workload(f"kick-offs, {r}, no log (bench_kickoff)", KICKOFFS,
                    (("RULESET", r), ("N", 2000))) for r in ("classic", "bb2020", "bb2025", "sevens")]
    out += [Workload(f"the README loop, {r}, {'log kept' if log else 'log=False'}", README_LOOP,
                     (("RULESET", r), ("N", 2000), ("LOG", log)))
            for r in ("bb2020", "classic") for log in (True, False)]
    out.append(Workload("all 195 targets, events all, fresh solver (bench_solver)", SOLVER, ()))
    out += [Workload(label, ACTIONS, (("CASE", case), ("PLAY", play), ("N", 1000)))
            for label, case, play in (
                ("bb2020 Blitz kick-offs (bench_actions)", "BLITZ", "kickoffs"),
                ("classic Blitz! kick-offs (bench_actions)", "CLASSIC_BLITZ", "kickoffs"),
                ("Kick It! Kick actions (bench_actions)", "KICK", "kicks"))]
    return out


def counted(work: Workload, tree: Path) -> dict[str, float | str]:
    """``work`` traced on ``tree``'s pure build: instructions and calls per unit, and the check.
    ``SystemExit`` on a failed run (its last line of error)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree / "src")
    env["BENCH_DIR"] = str(tree / "benchmarks")
    bound = "".join(f"{k} = {v!r}\n" for k, v in work.values)
    done = subprocess.run([sys.executable, "-c", HEAD + bound + work.code], capture_output=True,
                          text=True, env=env, cwd=tree, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{work.name} on {tree}: exit {done.returncode}: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    found: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path, help="the earlier commit's tree")
    parser.add_argument("--only", nargs="*", default=(), help="workloads whose name has a word")
    parser.add_argument("--markdown", action="store_true", help="rows for docs/performance.md")
    args = parser.parse_args()
    for work in workloads():
        if args.only and not any(word in work.name for word in args.only):
            continue
        b, a = counted(work, args.before.resolve()), counted(work, ROOT)
        ratio = float(a["ops"]) / float(b["ops"])
        agree = "same" if a["check"] == b["check"] else "differ"
        if args.markdown:
            print(f"| {work.name} | {float(b['ops']):,.0f} ({float(b['calls']):,.0f} calls) | "
                  f"{float(a['ops']):,.0f} ({float(a['calls']):,.0f} calls) | "
                  f"**{ratio:.3f}** | {agree} |", flush=True)
        else:
            print(f"{work.name:<58} before {float(b['ops']):>12,.0f} ops {float(b['calls']):>9,.0f} "
                  f"calls  after {float(a['ops']):>12,.0f} ops {float(a['calls']):>9,.0f} calls  "
                  f"after/before {ratio:.3f}  checks {agree}", flush=True)


if __name__ == "__main__":
    main()
