"""Exact odds of the Kick It! Kick action (kickoff.analysis.exact.kick), against values computed by
hand, and against Monte Carlo on the same rules.

bb2020 unless said otherwise: h1 (AG 3+, ST 3) on (10, 7) holds the ball and aims east.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from helpers import player
from kickit_helpers import kick, turn

from kickoff.analysis import KickOdds, KickSolver, kick_odds, simulate_kick
from kickoff.core.errors import DecisionError, NotSupportedError
from kickoff.core.pitch import Square
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

F = Fraction


def loaded(doc: dict[str, Any]) -> LoadedScenario:
    return load_scenario(parse_scenario(json.dumps(doc)))


def odds_of(doc: dict[str, Any], landing: Any = "default") -> KickOdds:
    sc = loaded(doc)
    return kick_odds(sc.state, sc.ruleset, sc.actions[0], landing)


def total(odds: KickOdds) -> Fraction:
    return sum(odds.holders.values(), F(0)) + sum(odds.ground.values(), F(0))


def test_ag3_kicker_bb2020_no_opponents() -> None:
    # Away roll, AG 3+, no modifier: 1 fumbles, 2 shanks, 3-6 are accurate.
    odds = odds_of(turn())
    assert odds.outcomes == {"fumbled": F(1, 6), "accurate": F(2, 3), "shanked": F(1, 6)}
    assert total(odds) == 1
    # Nobody else of the kicking team: the ball ends with the kicker (a bounce or throw-in
    # back into his hands) or it is a turnover.
    assert odds.turnover == 1 - odds.holders.get("h1", F(0))
    assert odds.turnover > F(99, 100)


def test_classic_agility_table() -> None:
    # classic AG 3: 4+. 1 fumbles, 2-3 shank, 4-6 are accurate.
    odds = odds_of(turn("classic", home=[player("h1", [10, 7], "classic")],
                        away=[player("a1", [22, 12], "classic")]))
    assert odds.outcomes == {"fumbled": F(1, 6), "accurate": F(1, 2), "shanked": F(1, 3)}


def test_very_sunny_and_a_tackle_zone() -> None:
    # -2: 1, 2 and 3 fumble (3 - 2 = 1 is "1 or less"), 4 shanks, 5 and 6 are accurate.
    odds = odds_of(turn(away=[player("a1", [9, 8])], weather="very_sunny"))
    assert odds.outcomes == {"fumbled": F(1, 2), "accurate": F(1, 3), "shanked": F(1, 6)}


def test_kick_block_then_the_away_roll() -> None:
    # a1 on (11, 7), marked by h1: block 4+ (3+, -1): 1/2. Then the away roll with a1 marking
    # h1 (-1): 1-2 fumble, 3 shank, 4-6 accurate.
    odds = odds_of(turn(away=[player("a1", [11, 7])], actions=[kick([11, 7], kick_block="a1")]))
    assert odds.outcomes == {"blocked": F(1, 2), "fumbled": F(1, 6), "accurate": F(1, 4),
                             "shanked": F(1, 12)}
    assert odds.turnover >= F(1, 2) + F(1, 6)


def test_very_long_legs_kick_block() -> None:
    # 3+ with -1 +1: 2/3 blocked.
    odds = odds_of(turn(away=[player("a1", [11, 7], skills=["very_long_legs"])],
                        actions=[kick([11, 7], kick_block="a1")]))
    assert odds.outcomes["blocked"] == F(2, 3)


def pooch(*skills: str) -> dict[str, Any]:
    """h1 with Pooch Kick, h2 two squares ahead on (12, 7), nobody else near."""
    return turn(home=[player("h1", [10, 7], skills=["pooch_kick"]),
                      player("h2", [12, 7], skills=list(skills))])


def test_pooch_kick_toward_a_team_mate() -> None:
    # Every accurate kick (2/3) may land on h2 (distance 2 <= D6 + 3): he catches on 4+ (3+,
    # -1): 1/3 in all. A failed catch bounces onto an empty square; shanks (distance 2..4 along
    # the diagonals) and fumbles never reach him.
    odds = odds_of(pooch(), Square(12, 7))
    assert odds.holders == {"h2": F(1, 3)}
    assert odds.kicking_team_holds == F(1, 3)
    assert odds.turnover == F(2, 3)


def test_pooch_kick_toward_a_catcher() -> None:
    # Catch re-rolls a failure: 1/2 + 1/2 * 1/2 = 3/4; 2/3 * 3/4 = 1/2.
    odds = odds_of(pooch("catch"), Square(12, 7))
    assert odds.holders == {"h2": F(1, 2)}
    assert odds.turnover == F(1, 2)


def test_a_team_reroll_on_the_catch_is_exact() -> None:
    doc = pooch()
    doc["teams"]["home"]["rerolls"] = 2
    doc["actions"][0]["reroll"] = {"catch": "team"}
    odds = odds_of(doc, Square(12, 7))
    assert odds.holders == {"h2": F(1, 2)}


def test_best_landing_finds_the_team_mate() -> None:
    odds = odds_of(pooch(), "best")
    assert odds.holders == {"h2": F(1, 3)}
    assert odds.landing == "best"


def test_best_landing_is_at_least_as_good_as_any_other_policy() -> None:
    home = [player("h1", [10, 7]), player("h2", [15, 7]), player("h3", [14, 4])]
    away = [player("a1", [16, 8]), player("a2", [13, 6])]
    sc = loaded(turn(home=home, away=away))
    solver = KickSolver(sc.state, sc.ruleset)
    best = solver.odds(sc.actions[0], "best")
    for other in ("default", Square(15, 7), Square(14, 4), Square(20, 7)):
        assert best.kicking_team_holds >= solver.odds(sc.actions[0], other).kicking_team_holds
    assert total(best) == 1


def test_pass_block_moves_are_enumerated() -> None:
    # a1 (Pass Block) on (13, 8) is marked by h2 (12, 9): his Dodge to (12, 7) succeeds on 3+
    # (2/3); then from (11, 7) he blocks on 4+ (1/2). If he falls (1/3) there is no block.
    home = [player("h1", [10, 7]), player("h2", [12, 9])]
    away = [player("a1", [13, 8], skills=["pass_block"])]
    odds = odds_of(turn(home=home, away=away, actions=[kick(
        [11, 7], pass_block={"player": "a1", "path": [[12, 7], [11, 7]]}, kick_block="a1")]))
    assert odds.outcomes["blocked"] == F(2, 3) * F(1, 2)
    # Not blocked: a1 stands on (11, 7) marking h1 (1/3 of the time: 1-2 fumble), or lies Prone
    # on (12, 7) (1/3: only the 1 fumbles).
    assert odds.outcomes["fumbled"] == F(1, 3) * F(1, 3) + F(1, 3) * F(1, 6)
    assert total(odds) == 1


def test_a_kick_after_a_move_is_not_supported() -> None:
    sc = loaded(turn(actions=[kick([12, 7], path=[[11, 7]])]))
    with pytest.raises(NotSupportedError, match=r"actions\[0\]\.path"):
        KickSolver(sc.state, sc.ruleset).odds(sc.actions[0])


def test_the_odds_need_an_aim() -> None:
    sc = loaded(turn(actions=[kick(None)]))
    with pytest.raises(DecisionError, match="aim"):
        KickSolver(sc.state, sc.ruleset).odds(sc.actions[0])


def test_an_illegal_kick_block_is_rejected_as_in_a_replay() -> None:
    sc = loaded(turn(away=[player("a1", [9, 7])], actions=[kick([11, 7], kick_block="a1")]))
    with pytest.raises(DecisionError, match=r"actions\[0\]\.kick_block"):
        KickSolver(sc.state, sc.ruleset).odds(sc.actions[0])


def test_odds_json_is_exact_fractions() -> None:
    doc = odds_of(pooch(), Square(12, 7)).to_json()
    assert doc["turnover"] == "2/3"
    assert doc["outcomes"] == {"fumbled": "1/6", "accurate": "2/3", "shanked": "1/6"}
    assert doc["holders"] == {"h2": "1/3"}
    assert doc["landing"] == "toward [12, 7]"


@pytest.mark.slow
def test_monte_carlo_agrees_with_the_exact_odds() -> None:
    # A crowded kick: a kick block, team-mates and opponents around the landing, Catch.
    home = [player("h1", [10, 7]), player("h2", [15, 7], skills=["catch"]),
            player("h3", [14, 5]), player("h4", [16, 9])]
    away = [player("a1", [11, 8]), player("a2", [15, 8]), player("a3", [17, 6]),
            player("a4", [13, 6])]
    sc = loaded(turn(home=home, away=away, actions=[kick([11, 7], kick_block="a1")]))
    act = sc.actions[0]
    exact = KickSolver(sc.state, sc.ruleset).odds(act, Square(15, 7))
    tally = simulate_kick(sc.state, sc.ruleset, act, 20_000, seed=2024, landing=Square(15, 7))
    checks = [(exact.turnover, tally.turnover)]
    checks += [(exact.outcomes[k], tally.outcomes.get(k, 0)) for k in exact.outcomes]
    checks += [(exact.holders[pid], tally.holders.get(pid, 0)) for pid in ("h1", "h2", "a1")]
    for p, count in checks:
        estimate, se = tally.share(count)
        assert abs(estimate - float(p)) < 4 * max(se, 1e-3), (p, estimate)


@pytest.mark.slow
def test_monte_carlo_agrees_near_a_sevens_sideline() -> None:
    # Sevens, a kick along the sideline: many balls into the crowd, thrown in, out again (the
    # throw-in loops the exact solver solves in two levels).
    home = [player("h1", [5, 1], "sevens"), player("h2", [9, 1], "sevens")]
    away = [player("a1", [8, 2], "sevens"), player("a2", [11, 4], "sevens")]
    sc = loaded(turn("sevens", home=home, away=away, ball={"square": [5, 1], "carrier": "h1"},
                     actions=[kick([6, 0])]))
    act = sc.actions[0]
    exact = KickSolver(sc.state, sc.ruleset).odds(act, Square(9, 1))
    tally = simulate_kick(sc.state, sc.ruleset, act, 20_000, seed=7, landing=Square(9, 1))
    checks = [(exact.turnover, tally.turnover), (exact.holders["h2"], tally.holders["h2"])]
    checks += [(p, tally.ground.get(sq, 0))
               for sq, p in sorted(exact.ground.items(), key=lambda kv: -kv[1])[:3]]
    for p, count in checks:
        estimate, se = tally.share(count)
        assert abs(estimate - float(p)) < 4 * max(se, 1e-3), (p, estimate)
