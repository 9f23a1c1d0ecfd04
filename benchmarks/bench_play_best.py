"""The cost of ``--play best``: every target ranked with the receiving coach's defaults and with
his best choices (objective ``receiver-holds``), side by side, in CPU seconds
(``time.process_time``, the defaults and the best run alternately, the median of ``N`` runs).

Run as a script (``python benchmarks/bench_play_best.py [N]``, default 1), which prints one line
per pairing (``--one-target [N]``: one kick at the default target instead, :data:`ONE_TARGET`),
or with pytest-benchmark (``pytest benchmarks/bench_play_best.py
--benchmark-enable``). Results are recorded in ``docs/analysis.md`` ("The receiving coach's best
play"). The pairings: the bb2020 default one with the Kick-off events off and on (High Kick's
player a decision node), and lizardmen receiving (two On the Ball players) in bb2020 and Sevens
with the events off (the kick-off move a decision node at every landing).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from kickoff.analysis.exact import Events, KickoffSolver, Play
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


if __name__ == "__main__":
    if "--one-target" in sys.argv:
        main_one_target(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
