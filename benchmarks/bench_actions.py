"""The action engine's speed: free turns with activations, Kick It! Kick actions, their odds.

Run with pytest-benchmark (``pytest benchmarks/bench_actions.py --benchmark-enable``) or as a
script (``python benchmarks/bench_actions.py``), which prints rates. Results are recorded in
``docs/performance.md``. The scenarios are golden cases of ``tests/data/cases/project``, played
with seeded dice instead of their scripted ones (so every branch of the rules gets taken):

- a bb2020 Blitz with a Blitz (move then Block, push, follow-up) among its activations;
- a classic Blitz! free turn with a Dodge, Rushes and team re-rolls;
- a bb2020 Kick It! Kick action with a move, a pick-up and the kick, and its exact odds;
- those odds with both coaches at their best (``play="best"``: the aim, the landing, the kick
  block), and again with a Pass Block player beside the kick (``PASS_BLOCK``: a1 with Pass
  Block three squares off, h2 four squares ahead; every Pass Block move of up to three
  squares valued).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from benchargs import one_count

from kickoff.analysis.exact.kick import KickSolver, kick_odds
from kickoff.core.actions.kick import toward
from kickoff.core.actions.turn import play_turn
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import Square
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

CASES = Path(__file__).parents[1] / "tests" / "data" / "cases" / "project"
BLITZ = "bb2020-blitz-pow-push-follow-up.json"
CLASSIC_BLITZ = "classic-blitz-dodge-skill-reroll-then-gfi.json"
KICK = "kickit-turn-bb2020-move-pick-up-then-kick.json"
KICK_ODDS = "kickit-turn-bb2020-kick-block-fails-then-accurate.json"


def loaded(name: str) -> LoadedScenario:
    doc = json.loads((CASES / name).read_text())["scenario"]
    doc.pop("dice", None)
    return load_scenario(parse_scenario(json.dumps(doc)))


def kickoffs(sc: LoadedScenario, n: int, seed: int = 0) -> int:
    """``n`` kick-offs with the scenario's free-turn activations; touchbacks (a checksum)."""
    dice = SeededDice(seed)
    return sum(kick_off(sc.state.clone(), sc.ruleset, dice, sc.decisions, sc.house_rules).touchback
               for _ in range(n))


def kicks(sc: LoadedScenario, n: int, seed: int = 0) -> int:
    """``n`` Kick It! turns, an accurate kick landing on the allowed square nearest (15, 7);
    turnovers (a checksum)."""
    assert sc.active is not None
    dice = SeededDice(seed)
    choose = toward(Square(15, 7))
    return sum(play_turn(sc.state.clone(), sc.ruleset, dice, sc.active, sc.actions,
                         sc.decisions, sc.house_rules, choose).turnover for _ in range(n))


def odds(sc: LoadedScenario) -> Any:
    return kick_odds(sc.state, sc.ruleset, sc.actions[0])


def pass_block(sc: LoadedScenario) -> LoadedScenario:
    """``sc`` (KICK_ODDS) with a1 on [13, 8] with Pass Block, a2 on [11, 6] and h2 on [14, 7]."""
    doc = json.loads((CASES / KICK_ODDS).read_text())["scenario"]
    doc.pop("dice", None)
    a1 = doc["teams"]["away"]["players"][0]
    doc["teams"]["away"]["players"] = [
        {**a1, "square": [13, 8], "skills": ["pass_block"]}, {**a1, "id": "a2"}]
    h1 = doc["teams"]["home"]["players"][0]
    doc["teams"]["home"]["players"].append({**h1, "id": "h2", "square": [14, 7]})
    doc["actions"][0].pop("kick_block")
    return load_scenario(parse_scenario(json.dumps(doc)))


def odds_best(sc: LoadedScenario) -> Any:
    return KickSolver(sc.state, sc.ruleset).odds(sc.actions[0], play="best")


def test_bench_bb2020_blitz(benchmark: Any) -> None:
    benchmark(kickoffs, loaded(BLITZ), 1000)


def test_bench_classic_blitz(benchmark: Any) -> None:
    benchmark(kickoffs, loaded(CLASSIC_BLITZ), 1000)


def test_bench_kick_action(benchmark: Any) -> None:
    benchmark(kicks, loaded(KICK), 1000)


def test_bench_kick_odds(benchmark: Any) -> None:
    benchmark(odds, loaded(KICK_ODDS))


def test_bench_kick_odds_best(benchmark: Any) -> None:
    benchmark(odds_best, loaded(KICK_ODDS))


def test_bench_kick_odds_best_pass_block(benchmark: Any) -> None:
    benchmark.pedantic(odds_best, (pass_block(loaded(KICK_ODDS)),), rounds=1)


def main() -> None:
    n = one_count(__doc__, "N", 10_000, 10_000_000, "kick-offs a line")
    for label, name, play in (("bb2020 Blitz kick-offs", BLITZ, kickoffs),
                              ("classic Blitz! kick-offs", CLASSIC_BLITZ, kickoffs),
                              ("Kick It! Kick actions", KICK, kicks)):
        sc = loaded(name)
        t = time.perf_counter()
        play(sc, n)
        print(f"{label}: {n / (time.perf_counter() - t):,.0f} per second")
    sc = loaded(KICK_ODDS)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        odds(sc)
        times.append(time.perf_counter() - t)
    print(f"Kick action exact odds: median {sorted(times)[2] * 1000:.1f} ms (5 runs)")
    for label, case in (("both coaches at their best", sc), ("best, with a Pass Block player",
                                                             pass_block(sc))):
        t = time.perf_counter()
        odds_best(case)
        print(f"Kick action exact odds, {label}: {time.perf_counter() - t:.2f} s (one run)")


if __name__ == "__main__":
    main()
