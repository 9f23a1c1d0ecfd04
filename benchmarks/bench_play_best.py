"""The cost of ``--play best``: every target ranked with the receiving coach's defaults and with
his best choices (objective ``receiver-holds``), side by side, in CPU seconds
(``time.process_time``, the defaults and the best run alternately, the median of ``N`` runs).

Run as a script (``python benchmarks/bench_play_best.py [N]``, default 1), which prints one line
per pairing (``--one-target [N]``: one kick at the default target instead, :data:`ONE_TARGET`;
``--plans [N]``: the README's default pairing with the free moves searched too, :func:`with_plans`),
or with pytest-benchmark (``pytest benchmarks/bench_play_best.py --benchmark-enable``).

``python benchmarks/bench_play_best.py --readme [N] [--search] [--against PYTHON]``: the README's
``kickoff odds --away lizardmen --play best`` (bb2020, events all, the default target, On the Ball
a decision node at every landing; ``--search``: the free moves searched first, as the command does
by default, else the solve alone, ``--plan-budget 0``'s), solved in a fresh process each run (its
CPU seconds, user + system, and its peak RSS, from ``getrusage``; its wall clock), ``N`` runs
(default 3),
alternating with the same solve under another interpreter (``--against``: an old build's
``bin/python``); the medians, and whether the two agree on the odds (their JSON compared); recorded
in docs/performance.md. The table's results are recorded in ``docs/analysis.md`` ("The receiving
coach's best play"). The pairings: the bb2020 default one with the Kick-off events off and on (High
Kick's player a decision node), and lizardmen receiving (two On the Ball players) in bb2020 and
Sevens with the events off (the kick-off move a decision node at every landing).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

from kickoff.analysis.exact.solver import Events, KickoffSolver, Play
from kickoff.analysis.targets import rank_targets
from kickoff.formats.match import build_match

#: (ruleset, receiving team (None: the default), events).
PAIRINGS: list[tuple[str, str | None, Events]] = [
    ("bb2020", None, "none"), ("bb2020", None, "all"), ("bb2020", "lizardmen", "none"),
    ("sevens", "lizardmen", "none"),
]


def ranked(ruleset: str, away: str | None, events: Events, play: Play) -> Any:
    """Every target ranked by receiver-holds, the receivers playing ``play``; the best value."""
    m = build_match(ruleset, None, away, None, None, "home")
    solver = KickoffSolver(m.state, m.ruleset, events=events, play=play,
                           objective="receiver-holds")
    return rank_targets(solver, "receiver-holds")[0].value


def test_bench_best_lizardmen(benchmark: Any) -> None:
    benchmark(ranked, "bb2020", "lizardmen", "none", "best")


#: The README command's solve, in a child process: its odds as JSON on stdout.
README_SOLVE = """
import json
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.formats.match import build_match
m = build_match("bb2020", None, "lizardmen", None, None, "home")
centre = m.state.pitch.centre[m.state.receiving]
found = None
if SEARCH:  # as the command does by default: the free moves searched, then the odds with them
    from kickoff.analysis import plans
    found = plans.search(m.state, m.ruleset, centre, budget=plans.DEFAULT_BUDGET, resetups=True)
solver = (found.solver if found is not None and found.solver is not None  # as the command
          else KickoffSolver(m.state, m.ruleset, events="all", play="best",
                             objective="receiver-holds",
                             decisions=None if found is None else found.decisions))
odds = solver.odds(centre)
plans_found = None if found is None else found.to_json()  # the plans and their exact values
print(json.dumps({"odds": odds.to_json(), "plans": plans_found}, sort_keys=True))
import resource
use = resource.getrusage(resource.RUSAGE_SELF)
print(use.ru_utime + use.ru_stime, use.ru_maxrss / 1024)
"""


def readme_run(python: str, search: bool = False) -> tuple[float, float, str, float]:
    """One README solve under ``python``: (CPU seconds, peak RSS in MB, its odds' JSON (and
    with ``search`` the plans found, exact values), wall-clock seconds of the process);
    ``search``: the free moves searched first (:func:`kickoff.analysis.plans.search`, the
    default budget and the re-set-ups), as ``kickoff odds --play best`` does by default."""
    start = time.perf_counter()
    done = subprocess.run([python, "-c", f"SEARCH = {search}\n" + README_SOLVE],
                          capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    odds, use = done.stdout.splitlines()
    cpu, rss = use.split()  # the child's own getrusage: its whole run, imports included
    return float(cpu), float(rss), odds, wall


def readme(n: int, against: str | None, search: bool = False) -> None:
    """The README pairing's solve ``n`` times (alternating with ``against``), medians;
    ``search``: with the free moves searched first (:func:`readme_run`)."""
    pythons = [sys.executable] + ([against] if against else [])
    cpu: dict[str, list[float]] = {p: [] for p in pythons}
    rss: dict[str, list[float]] = {p: [] for p in pythons}
    wall: dict[str, list[float]] = {p: [] for p in pythons}
    out: dict[str, str] = {}
    for _ in range(n):
        for python in pythons:
            c, r, out[python], w = readme_run(python, search)
            cpu[python].append(c)
            rss[python].append(r)
            wall[python].append(w)
    for python in pythons:
        odds = json.loads(out[python])["odds"]
        print(f"{python}: CPU {statistics.median(cpu[python]):6.2f} s "
              f"(runs {', '.join(f'{c:.2f}' for c in cpu[python])}), wall "
              f"{statistics.median(wall[python]):6.2f} s, peak RSS "
              f"{max(rss[python]):6.0f} MB; receiver holds "
              f"{float(Fraction(odds['receiving_team_holds'])):.6f}",
              flush=True)
    if against:
        print("the same odds and plans" if out[sys.executable] == out[against]
              else "ODDS DIFFER")


def main(n: int) -> None:
    for ruleset, away, events in PAIRINGS:
        times: dict[Play, list[float]] = {"defaults": [], "best": []}
        values = {}
        for _ in range(n):
            for play in ("defaults", "best"):
                start = time.process_time()
                values[play] = ranked(ruleset, away, events, play)
                times[play].append(time.process_time() - start)
        print(f"{ruleset:8} {away or 'default':10} events {events:4}  "
              f"defaults {statistics.median(times['defaults']):6.2f} s  "
              f"best {statistics.median(times['best']):6.2f} s  "
              f"(best target's receiver-holds {float(values['defaults']):.4f} -> "
              f"{float(values['best']):.4f})", flush=True)


#: (ruleset, receiving team, events) of the one-target figures (``--one-target``): the README's
#: default pairing with the events, as ``kickoff odds --play best`` plays it, and lizardmen.
ONE_TARGET: list[tuple[str, str | None, Events]] = [
    ("bb2020", None, "all"), ("bb2020", "lizardmen", "none"), ("sevens", None, "all"),
]


def one_target(ruleset: str, away: str | None, events: Events, play: Play) -> Any:
    """One kick at the centre of the receiving half (``kickoff odds``'s default target), both
    coaches playing ``play``: its receiver-holds."""
    m = build_match(ruleset, None, away, None, None, "home")
    solver = KickoffSolver(m.state, m.ruleset, events=events, play=play,
                           objective="receiver-holds")
    return solver.odds(m.state.pitch.centre[m.state.receiving]).receiving_team_holds


def main_one_target(n: int) -> None:
    for ruleset, away, events in ONE_TARGET:
        times: dict[Play, list[float]] = {"defaults": [], "best": []}
        values = {}
        for _ in range(n):
            for play in ("defaults", "best"):
                start = time.process_time()
                values[play] = one_target(ruleset, away, events, play)
                times[play].append(time.process_time() - start)
        print(f"one target {ruleset:8} {away or 'default':10} events {events:4}  "
              f"defaults {statistics.median(times['defaults']):6.2f} s  "
              f"best {statistics.median(times['best']):6.2f} s  "
              f"(receiver-holds {float(values['defaults']):.4f} -> "
              f"{float(values['best']):.4f})", flush=True)


def with_plans(one: bool) -> tuple[Fraction, int]:
    """The README's default pairing (bb2020, events all) with both coaches at their best *and*
    the free moves searched, as ``kickoff odds --play best --plan-budget 16 --plan-resetups``
    plays them: one target (``one``), the search at the default target then its odds with the
    plans found; else every target ranked, then the search at the five best
    (``PLANNED_TARGETS``), as ``--all-targets`` does. The value (receiver-holds, with the
    plans) and the plans valued."""
    from kickoff.analysis import plans
    from kickoff.analysis.planned_targets import kickers_best, search_top
    from kickoff.core.decisions import Decisions

    m = build_match("bb2020", None, None, None, None, "home")
    centre = m.state.pitch.centre[m.state.receiving]
    if one:
        found = plans.search(m.state, m.ruleset, centre, budget=plans.DEFAULT_BUDGET,
                             resetups=True)
        solver = found.solver if getattr(found, "solver", None) is not None else KickoffSolver(
            m.state, m.ruleset, events="all", play="best", decisions=found.decisions)
        holds = solver.odds(centre).receiving_team_holds  # (the command's: the search's solver)
        return holds, sum(f.evaluated for f in found.found.values())
    # the command's own steps (kickoff.analysis.planned_targets), the plans valued counted
    solver = KickoffSolver(m.state, m.ruleset, events="all", play="best")
    searched = search_top(m.state, m.ruleset, rank_targets(solver, "receiver-holds"),
                          budget=plans.DEFAULT_BUDGET, objective="receiver-holds",
                          decisions=Decisions(), house_rules=frozenset(), use_kick_skill=None,
                          resetups=True)
    return (kickers_best(searched, "receiver-holds").value,
            sum(f.evaluated for s in searched.values() for f in s.found.values()))


def main_with_plans(n: int) -> None:
    for one in (True, False):
        times = []
        for _ in range(n):
            start = time.process_time()
            value, valued = with_plans(one)
            times.append(time.process_time() - start)
        print(f"{'one target' if one else 'every target':12} bb2020 default, events all, best, "
              f"plans searched (budget 16, re-set-ups): {statistics.median(times):6.2f} s "
              f"(receiver-holds {float(value):.4f}; {valued} plans valued)", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, nargs="?", help="runs (default 1; --readme 3)")
    parser.add_argument("--readme", action="store_true",
                        help="the README's kickoff odds --away lizardmen --play best")
    parser.add_argument("--one-target", action="store_true",
                        help="one kick at the default target (ONE_TARGET) instead of every target")
    parser.add_argument("--search", action="store_true",
                        help="with --readme: the free moves searched first, as the command does "
                        "by default (plans.search, the default budget, the re-set-ups)")
    parser.add_argument("--against", help="with --readme: another build's python, alternated")
    parser.add_argument("--plans", action="store_true",
                        help="the README's default pairing with the free moves searched too "
                        "(one target, then every target with the five best searched)")
    args = parser.parse_args()
    if args.plans:
        main_with_plans(args.n or 1)
    elif args.readme:
        readme(args.n or 3, args.against, args.search)
    elif args.one_target:
        main_one_target(args.n or 1)
    else:
        main(args.n or 1)
