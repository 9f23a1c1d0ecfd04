"""The best-target search of one kick-off of a shared FUMBBL game (issue 28): CPU seconds of the
event's worlds, of ``targets.best_target`` after them, and of the best target's exact value
alone in a fresh solver (its worlds not counted), to read the search's cost beyond its best.

Run as a script: ``python benchmarks/bench_best_target.py GAME KICKOFF [--trace]`` (e.g.
``classic-2017/1005115 2``), from the repository with the shared data beside it
(``../shared/data/fumbbl-replays``); the review's solver (``review_kickoff``'s: every event,
``play="defaults"``, receiver-holds). ``--trace``: a line for each step of the search that took
over 0.05 s (the target, its bound's least key then, the starts narrowed; ``o``: an opened
start). The run uses whichever build of kickoff it imports (``PYTHONPATH=src``: the pure
sources). Results are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from typing import Any

from bench_review import SHARED, shared_game
from benchargs import bounded

import kickoff
from kickoff.analysis import targets
from kickoff.analysis.collector import collector_paused
from kickoff.analysis.exact.moved import prepare
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import Objective
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.defaults import kick_use
from kickoff.formats.fumbbl.case import ExtractedKickoff
from kickoff.formats.fumbbl.replay import extract_kickoffs
from kickoff.formats.scenario import load_scenario, parse_scenario

OBJECTIVE: Objective = "receiver-holds"


def kickoff_or_error(cli: argparse.ArgumentParser, game: str, number: int) -> ExtractedKickoff:
    """Kick-off ``number`` of the shared game ``game``, or ``cli``'s error (exit status 2) naming
    the kick-off the game lacks."""
    found = next((k for k in extract_kickoffs(SHARED / f"{game}.json.gz") if k.number == number),
                 None)
    if found is None:
        cli.error(f"argument KICK-OFF: {game} has no kick-off {number}")
    return found


def solver_or_error(cli: argparse.ArgumentParser, game: str, number: int) -> KickoffSolver:
    """The review's solver (``analysis.review.review_kickoff``'s) of :func:`kickoff_or_error`'s
    kick-off."""
    loaded = load_scenario(parse_scenario(json.dumps(kickoff_or_error(cli, game, number).scenario)))
    kick = kick_use(loaded.state, loaded.ruleset, loaded.house_rules)
    return KickoffSolver(loaded.state, loaded.ruleset, events="all",
                         house_rules=loaded.house_rules, use_kick_skill=kick.used,
                         decisions=Decisions(), play="defaults", objective=OBJECTIVE)


def trace() -> None:
    """Print each step of the search over 0.05 s of CPU (wraps ``_Search.solve_widest``)."""
    widest = targets._Search.solve_widest

    def traced(self: Any, target: Square) -> bool:
        key, before, c = self.low_key(target), dict(self.ranges), time.process_time()
        out = widest(self, target)
        took = time.process_time() - c
        if took > 0.05:
            changed = [f"{g}:{s}{'o' if (g, s) in self.bounds.opened else ''}"
                       for (g, s), r in self.ranges.items() if before.get((g, s)) != r]
            print(f"  {target.as_list()} key {key:.6f}: {', '.join(changed)} {took:.2f} s",
                  flush=True)
        return out

    targets._Search.solve_widest = traced  # type: ignore[method-assign]


def main() -> None:
    cli = argparse.ArgumentParser(
        prog="bench_best_target.py", description="The review's best-target search of one "
        "kick-off of a shared game, timed, and the best target's value alone.")
    cli.add_argument("game", type=shared_game, metavar="GAME",
                     help="a shared game, e.g. classic-2017/1005253")
    cli.add_argument("number", type=bounded(1, 99), metavar="KICK-OFF",
                     help="the kick-off's number")
    cli.add_argument("--trace", action="store_true",
                     help="print each step of the search over 0.05 s of CPU")
    args = cli.parse_args()
    game, number = args.game, args.number
    if args.trace:
        trace()
    cpu = time.process_time
    with collector_paused():
        solver = solver_or_error(cli, game, number)
        c = cpu()
        solver.groups()
        worlds = cpu() - c
        c = cpu()
        best = targets.best_target(solver, OBJECTIVE)
        search = cpu() - c
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    target, found = best.target, best.value
    del best, solver  # (the ranked target holds its solver: gigabytes on a classic game)
    with collector_paused():
        alone = solver_or_error(cli, game, number)
        alone.groups()
        c = cpu()
        prepare(alone, targets._receiving_area(alone.state))
        value = alone.value(target, OBJECTIVE)
        only = cpu() - c
    assert value == found
    build = "compiled" if kickoff.compiled else "pure Python"
    print(f"{game} kick-off {number} ({build}): worlds {worlds:.1f} s, search {search:.1f} s "
          f"(best {target.as_list()}, {float(found):.9f}), the best's value alone "
          f"{only:.1f} s; {peak:.2f} GB at most before the second solver")


if __name__ == "__main__":
    main()
