"""Full kick-offs per second, per ruleset: seeded dice, default decisions, set-up checked once.

Run with pytest-benchmark (``pytest benchmarks --benchmark-enable``) or as a script
(``python benchmarks/bench_kickoff.py``), which prints kick-offs per second for each ruleset.
Results are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import SIDES
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import FAMILY, build_state, load_setup, load_team

PAIRING = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
           "sevens": ("sevens_def_zone", "sevens_off_wedge")}


def prepared(ruleset: str) -> GameState:
    """Human (kicking) v Orc on the default set-ups, checked once."""
    rs = RULESETS[ruleset]
    family = FAMILY[ruleset]
    teams = {"home": load_team("human", family), "away": load_team("orc", family)}
    d, o = PAIRING[rs.pitch.name]
    setups = {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}
    assert set(teams) == set(SIDES)
    return build_state(rs, teams, setups, "home")  # type: ignore[arg-type]


def many_kickoffs(ruleset: str, state: GameState, n: int, seed: int = 0) -> int:
    """Play ``n`` kick-offs from copies of ``state``; the number of touchbacks (a checksum)."""
    rs = RULESETS[ruleset]
    dice = SeededDice(seed)
    decisions = Decisions()
    touchbacks = 0
    for _ in range(n):
        result = kick_off(state.clone(), rs, dice, decisions)
        touchbacks += result.touchback
    return touchbacks


def _bench(benchmark: Any, ruleset: str) -> None:
    state = prepared(ruleset)
    benchmark.extra_info["kickoffs_per_round"] = 1000
    benchmark(many_kickoffs, ruleset, state, 1000)


def test_bench_classic(benchmark: Any) -> None:
    _bench(benchmark, "classic")


def test_bench_bb2020(benchmark: Any) -> None:
    _bench(benchmark, "bb2020")


def test_bench_bb2025(benchmark: Any) -> None:
    _bench(benchmark, "bb2025")


def test_bench_sevens(benchmark: Any) -> None:
    _bench(benchmark, "sevens")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    for ruleset in RULESETS:
        state = prepared(ruleset)
        many_kickoffs(ruleset, state, 1000)  # warm-up
        start = time.perf_counter()
        many_kickoffs(ruleset, state, n)
        elapsed = time.perf_counter() - start
        print(f"{ruleset:8s} {n / elapsed:10,.0f} kick-offs/s  ({n} in {elapsed:.2f} s)")


if __name__ == "__main__":
    main()
