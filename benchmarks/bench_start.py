"""One target of one kick-off of a shared FUMBBL game, its journeys' starts solved one by one
(as the review's best-target search values them: on scalars, ``exact.walk_values``, or with
``--nodes`` as nodes, ``KickoffSolver._group_mix``): seconds of CPU
for the event's worlds, for each start over half a second, for all the starts and for the
target's value, and the process's peak memory (issue 28: 1005115's second kick-off, whose
start at (11, 12), the ball landing on the kicking team's Line of Scrimmage, was 32.7 s
compiled).

Run as a script from the repository, with the shared data beside it
(``../shared/data/fumbbl-replays``): ``python benchmarks/bench_start.py [GAME] [KICK-OFF]
[X,Y]`` (default ``classic-2017/1005115 2 6,7``), one process at a time under ``ulimit -v
7000000`` (1005115's second kick-off holds about 3 GB). The collector is paused, as the
review pauses it (``analysis.collector``). The value's digest (sha256 of ``numerator/
denominator``) compares two builds' exact values. Results are in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import resource
import sys
import time

from bench_best_target import solver_or_error
from bench_review import shared_game
from benchargs import kickoff_arguments

import kickoff
from kickoff.analysis.exact import bounds
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core.pitch import Square


def starts_of(solver: KickoffSolver, target: Square) -> list[tuple[int, int]]:
    """(group index, start) of every journey a kick at ``target`` starts, in the order met
    (``KickoffSolver._landed``'s; the kick enumerated with the default decisions)."""
    groups = solver.groups()
    kicks = exact_odds.Kicks(solver.state, solver.ruleset, solver.house_rules, solver._dice(),
                             None)
    out: list[tuple[int, int]] = []
    for dev in kicks.landings(exact_moved.kick_decisions(solver, target)):
        if dev.no_kick is None:
            for g, group in enumerate(groups):
                start = solver._landing_start(dev.square, dev.touchback, group)
                if (g, start) not in out:
                    out.append((g, start))
    return out


def main() -> None:
    cli = argparse.ArgumentParser(
        prog="bench_start.py", description="One target of one kick-off of a shared game, its "
        "journeys' starts solved one by one, timed.")
    kickoff_arguments(cli, shared_game, "classic-2017/1005115")
    cli.add_argument("target", nargs="?", default="6,7", metavar="X,Y",
                     help="the kick target (default 6,7)")
    cli.add_argument("--nodes", action="store_true",
                     help="each start solved as nodes (KickoffSolver.scalar_values off), not on "
                     "scalars as the review values it")
    args = cli.parse_args()
    game, number = args.game, args.number
    try:
        x, y = Square.parse(args.target)
    except ValueError as e:
        cli.error(f"argument X,Y: {e}")
    sys.set_int_max_str_digits(0)
    gc.disable()
    solver = solver_or_error(cli, game, number)
    solver.scalar_values = not args.nodes
    c = time.process_time()
    groups = solver.groups()
    print(f"{game} kick-off {number}: worlds {time.process_time() - c:.2f} s CPU "
          f"({sum(len(g.members) for g in groups)} changed worlds)", flush=True)
    target = Square(x, y)
    times = []
    for g, start in starts_of(solver, target):
        c = time.process_time()
        if solver.scalar_values:  # (as the review values it: remembered for the value below)
            bounds.start_value(solver, g, start, "receiver-holds")
            what = "on scalars"
        else:
            what = f"{len(solver._group_mix(groups[g], start))} nodes mixed"
        t = time.process_time() - c
        times.append(t)
        if t > 0.5:
            print(f"  start {solver._states[start]}: {t:.2f} s CPU, {what}", flush=True)
    c = time.process_time()
    v = solver.value(target, "receiver-holds")
    t_value = time.process_time() - c
    digest = hashlib.sha256(f"{v.numerator}/{v.denominator}".encode()).hexdigest()[:16]
    build = "compiled" if kickoff.compiled else "pure Python"
    print(f"target {target.as_list()} ({build}): {len(times)} starts {sum(times):.2f} s CPU, "
          f"the heaviest {max(times):.2f} s; value {t_value:.2f} s CPU, sha256 {digest}; "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")


if __name__ == "__main__":
    main()
