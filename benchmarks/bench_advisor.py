"""The set-up advisor's speed (issue 14): one minimax value of a set-up, one incremental
re-evaluation after a one-player move, and set-ups searched per second.

``python benchmarks/bench_advisor.py [--repeats N] [--moves M] [--rounds R]`` on bb2020, Orc
receiving on ``botbowl_off_wedge`` against Human kicking on ``botbowl_def_zone`` (eleven-a-side,
``--events none``, objective ``receiver-holds``, the kicker may use Kick: two kick options of
195 targets each). Times are CPU seconds of this process (``time.process_time``), medians, so a
shared machine disturbs them less. Prints one line per figure; ``kickoff.compiled`` says which
build ran. Results are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import kickoff
from kickoff.analysis.advisor.evaluate import Evaluator
from kickoff.analysis.advisor.moves import MoveSpace, layout_of, neighbours
from kickoff.analysis.advisor.search import CANDIDATES_PER_ROUND, OptimizeRequest, optimize_setup, setup_value
from kickoff.core.pitch import Side
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import SetupFile, TeamFile, build_state, load_setup, load_team


def prepared() -> GameState:
    """Human kicking (home) v Orc receiving (away) on the default set-ups, bb2020."""
    rs = RULESETS["bb2020"]
    teams: dict[Side, tuple[str, TeamFile]] = {"home": load_team("human", "bb2020"),
                                               "away": load_team("orc", "bb2020")}
    setups: dict[Side, tuple[str, SetupFile]] = {"home": load_setup("botbowl_def_zone", rs.pitch),
              "away": load_setup("botbowl_off_wedge", rs.pitch)}
    return build_state(rs, teams, setups, "home")


def timed(fn: Callable[[], object]) -> float:
    """The CPU seconds ``fn()`` takes."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="fresh evaluations timed")
    parser.add_argument("--moves", type=int, default=60, help="one-player moves re-evaluated")
    parser.add_argument("--rounds", type=int, default=20, help="rounds of the search timed")
    args = parser.parse_args()
    state = prepared()
    rs = RULESETS["bb2020"]
    build = "compiled" if kickoff.compiled else "pure"
    fresh = [timed(lambda: setup_value(state, rs)) for _ in range(args.repeats)]
    print(f"{build:9} fresh minimax value       {statistics.median(fresh) * 1000:9.1f} ms "
          f"(median of {args.repeats}; 2 x 195 targets)")
    ev: list[Evaluator] = []
    built = timed(lambda: ev.append(Evaluator(state, rs, "receiver-holds", "none", "defaults",
                                              frozenset())))
    print(f"{build:9} incremental evaluator set-up {built * 1000:6.1f} ms (once per search and worker)")
    space = MoveSpace.of(state, rs)
    rng = random.Random(1)
    current = layout_of(state)
    times, rebases = [], []
    for _ in range(args.moves):
        cand = neighbours(space, current, 1, rng)[0]
        times.append(timed(partial(ev[0].value, cand)))
        rebases.append(timed(partial(ev[0].rebase, cand)))
        current = cand
    print(f"{build:9} incremental re-evaluation {statistics.median(times) * 1000:9.2f} ms "
          f"(median of {args.moves} one-player moves; max {max(times) * 1000:.1f} ms)")
    print(f"{build:9} rebase after a move        {statistics.median(rebases) * 1000:8.2f} ms")
    request = OptimizeRequest(state, rs, rounds=args.rounds, seed=3)
    result = []
    spent = timed(lambda: result.append(optimize_setup(request)))
    n = result[0].evaluated
    print(f"{build:9} search                    {n / spent:9.0f} set-ups/s "
          f"({n} = {args.rounds} rounds of {CANDIDATES_PER_ROUND} in {spent:.2f} s, start included)")


if __name__ == "__main__":
    main()
