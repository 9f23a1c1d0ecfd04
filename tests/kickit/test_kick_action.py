"""The Kick It! Kick action with scripted dice: every branch (seed 000, rulings.md 7).

Unless a test says otherwise: bb2020, h1 (MA 6, ST 3, AG 3+) on (10, 7) holds the ball and aims
east at (11, 7); the template's arrows are then 1-2 = (+1, -1), 3-4 = (+1, 0), 5-6 = (+1, +1).
Dice order (pitch-and-dice.md, Scripted dice 4): kick-block D6, away D6, distance D6, shank D6,
then the landing's dice.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import assert_invalid, player
from kickit_helpers import kick, play, replay_cli, steps, turn

from kickoff.core.rulesets import RULESETS


def away_entry(result: dict[str, Any]) -> dict[str, Any]:
    (entry,) = steps(result, "away")
    return entry


# -- the result document -------------------------------------------------------------------------


def test_turn_result_has_the_turn_shape() -> None:
    # Away roll 4 (3+): accurate. Distance 2 + 3 = 5: the spread is x = 15, y 2..12; no landing
    # named, so the first square by x then y, (15, 2). Empty: it bounces, D8 5 -> (16, 2).
    res = play(turn(dice={"d6": [4, 2], "d8": [5]}))
    assert res["format"] == "kickoff-result/1"
    assert (res["kicker"], res["target"], res["deviation"], res["event"]) == (None,) * 4
    assert res["touchback"] is False
    assert res["kicking"] == "home"
    assert res["ball"] == {"square": [16, 2], "carrier": None}
    assert res["turnover"] is True  # nobody of the kicking team holds the ball
    assert steps(res, "accurate")[0]["landing"] == [15, 2]


def test_kickoff_result_has_no_turnover_key() -> None:
    from helpers import run, scenario

    res = run(scenario("bb2020", seed=3))
    assert res["deviation"] is not None
    assert "turnover" not in res


# -- the away roll -------------------------------------------------------------------------------


def test_seed_000_worked_example_shank_of_a_roll_of_2_with_strength_3_is_2_squares() -> None:
    # Away roll 2 < 3 (and > 1): shanked. Distance D6 2 + ST 3 = 5, halved: 2 squares.
    # Shank D6 2: the 1-2 arrow (+1, -1) -> (12, 5), empty: bounce D8 5 -> (13, 5).
    res = play(turn(dice={"d6": [2, 2, 2], "d8": [5]}))
    assert away_entry(res)["result"] == "shanked"
    (shank,) = steps(res, "shank")
    assert shank["distance"] == 2
    assert shank["arrow"] == "1-2"
    assert res["ball"] == {"square": [13, 5], "carrier": None}
    assert res["turnover"] is True


def test_shank_right_caught_by_a_team_mate_is_no_turnover() -> None:
    # Shank D6 5: the 5-6 arrow (+1, +1), 2 squares -> (12, 9), where h2 catches as an
    # inaccurate pass: 4 - 1 = 3 >= 3+.
    home = [player("h1", [10, 7]), player("h2", [12, 9])]
    res = play(turn(home=home, dice={"d6": [2, 2, 5, 4]}))
    assert steps(res, "shank")[0]["arrow"] == "5-6"
    assert res["ball"] == {"square": [12, 9], "carrier": "h2"}
    assert res["turnover"] is False


def test_classic_uses_the_agility_table_for_the_away_roll() -> None:
    # Classic AG 3 needs 4+ (7 - AG): a 3 is shanked. Distance (4 + 3) // 2 = 3; D6 1: the
    # 1-2 arrow -> (13, 4); h2 (AG 3: 4+, classic kicked-ball modifier 0) catches on a 4.
    home = [player("h1", [10, 7], "classic"), player("h2", [13, 4], "classic")]
    res = play(turn("classic", home=home, dice={"d6": [3, 4, 1, 4]}))
    assert away_entry(res)["target"] == 4
    assert away_entry(res)["result"] == "shanked"
    assert res["ball"] == {"square": [13, 4], "carrier": "h2"}
    assert res["turnover"] is False


def test_bb2020_uses_the_agility_target_for_the_same_roll() -> None:
    # bb2020 AG 3+: the same 3 is accurate. Distance 4 + 3 = 7: landing (17, 7), h2 catches 4.
    home = [player("h1", [10, 7]), player("h2", [17, 7])]
    res = play(turn(home=home, actions=[kick([11, 7], landing=[17, 7])],
                    dice={"d6": [3, 4, 4]}))
    assert away_entry(res)["target"] == 3
    assert away_entry(res)["result"] == "accurate"
    assert res["ball"]["carrier"] == "h2"


def test_natural_1_is_a_fumble_the_ball_scatters_from_the_kicker() -> None:
    # Fumble: no distance roll; D8 2 -> (10, 6), empty. Turnover.
    res = play(turn(dice={"d6": [1], "d8": [2]}))
    assert away_entry(res)["result"] == "fumbled"
    assert not steps(res, "accurate") and not steps(res, "shank")
    assert res["ball"] == {"square": [10, 6], "carrier": None}
    assert res["turnover"] is True


def test_one_or_less_after_modifiers_is_a_fumble() -> None:
    # a1 on (11, 8) marks h1: -1. Away roll 2 - 1 = 1: fumble; D8 1 -> (9, 6).
    away = [player("a1", [11, 8])]
    res = play(turn(away=away, dice={"d6": [2], "d8": [1]}))
    assert away_entry(res)["modifier"] == -1
    assert away_entry(res)["result"] == "fumbled"
    assert res["ball"] == {"square": [9, 6], "carrier": None}
    assert res["turnover"] is True


def test_the_fumbled_ball_caught_by_a_team_mate_is_still_a_turnover() -> None:
    # Fumble; D8 7 -> (10, 8) where h2 catches the bounce (-1): 5 - 1 = 4. A fumble is a
    # turnover whoever ends with the ball.
    home = [player("h1", [10, 7]), player("h2", [10, 8])]
    res = play(turn(home=home, dice={"d6": [1, 5], "d8": [7]}))
    assert res["ball"] == {"square": [10, 8], "carrier": "h2"}
    assert res["turnover"] is True


def test_natural_6_is_accurate_whatever_the_modifiers() -> None:
    # Three opponents mark h1 and the weather is Very Sunny: -4. A natural 6 is still accurate.
    # Distance 1 + 3 = 4: the first square of the spread x = 14, y 3..11 is (14, 3); D8 7 -> (14, 4).
    away = [player("a1", [9, 6]), player("a2", [9, 8]), player("a3", [10, 6])]
    res = play(turn(away=away, weather="very_sunny", dice={"d6": [6, 1], "d8": [7]}))
    assert away_entry(res)["modifier"] == -4
    assert away_entry(res)["result"] == "accurate"
    assert res["ball"] == {"square": [14, 4], "carrier": None}


def test_very_sunny_is_minus_one_on_the_away_roll() -> None:
    # 3 - 1 = 2: shanked; distance (1 + 3) // 2 = 2; D6 6: 5-6 arrow -> (12, 9); D8 2 -> (12, 8).
    res = play(turn(weather="very_sunny", dice={"d6": [3, 1, 6], "d8": [2]}))
    assert away_entry(res)["modifier"] == -1
    assert res["ball"] == {"square": [12, 8], "carrier": None}


@pytest.mark.parametrize(("skills", "d6", "modifier", "result", "ball"), [
    # Foul Appearance on a1 (9, 7), who also marks h1: -2; 4 - 2 = 2 is shanked, distance
    # (1 + 3) // 2 = 2, D6 1: 1-2 arrow -> (12, 5); D8 7 -> (12, 6).
    ([], [4, 1, 1], -2, "shanked", [12, 6]),
    # Nerves of Steel ignores the tackle zone, not Foul Appearance (ruling): 4 - 1 = 3, accurate;
    # distance 4: (14, 3); D8 7 -> (14, 4).
    (["nerves_of_steel"], [4, 1], -1, "accurate", [14, 4]),
])
def test_foul_appearance_and_nerves_of_steel(
    skills: list[str], d6: list[int], modifier: int, result: str, ball: list[int]
) -> None:
    home = [player("h1", [10, 7], skills=skills)]
    away = [player("a1", [9, 7], skills=["foul_appearance"])]
    res = play(turn(home=home, away=away, dice={"d6": d6, "d8": [7]}))
    assert away_entry(res)["modifier"] == modifier
    assert away_entry(res)["result"] == result
    assert res["ball"]["square"] == ball


def test_a_prone_opponent_has_no_tackle_zone_on_the_kicker() -> None:
    away = [player("a1", [11, 8], status="prone")]
    res = play(turn(away=away, dice={"d6": [3, 1], "d8": [7]}))
    assert away_entry(res)["modifier"] == 0
    assert away_entry(res)["result"] == "accurate"


# -- accurate kicks: the landing -----------------------------------------------------------------


def test_the_chosen_landing_must_be_in_the_spread_at_exactly_the_distance() -> None:
    # Distance 5: (14, 7) is at distance 4.
    doc = turn(actions=[kick([11, 7], landing=[14, 7])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[14, 7]", "h1", "distance 5")


def test_the_chosen_landing_must_lie_between_the_arrows() -> None:
    # (15, 1) is at distance 5 but outside the spread (y 2..12).
    doc = turn(actions=[kick([11, 7], landing=[15, 1])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[15, 1]")


def test_diagonal_aim_spread() -> None:
    # Aim north-east (11, 6): 1-2 = north, 5-6 = east. Distance 1 + 3 = 4: (14, 3) is a corner
    # of the spread; (10, 3) (north) and (14, 7) (east) are its ends, (15, 3) is not in it.
    home = [player("h1", [10, 7]), player("h2", [10, 3])]
    res = play(turn(home=home, actions=[kick([11, 6], landing=[10, 3])], dice={"d6": [4, 1, 4]}))
    assert res["ball"] == {"square": [10, 3], "carrier": "h2"}
    doc = turn(actions=[kick([11, 6], landing=[9, 3])], dice={"d6": [4, 1]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[9, 3]")


def test_pooch_kick_may_land_short() -> None:
    # Pooch Kick (ruling: any distance from 1 up to the roll): distance 5, landing (12, 7) at 2.
    home = [player("h1", [10, 7], skills=["pooch_kick"]), player("h2", [12, 7])]
    res = play(turn(home=home, actions=[kick([11, 7], landing=[12, 7])], dice={"d6": [4, 2, 4]}))
    assert res["ball"] == {"square": [12, 7], "carrier": "h2"}
    assert res["turnover"] is False


def test_without_pooch_kick_a_short_landing_is_rejected() -> None:
    home = [player("h1", [10, 7]), player("h2", [12, 7])]
    doc = turn(home=home, actions=[kick([11, 7], landing=[12, 7])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[12, 7]", "exactly distance 5")


def test_pooch_kick_may_not_land_beyond_the_distance() -> None:
    home = [player("h1", [10, 7], skills=["pooch_kick"])]
    doc = turn(home=home, actions=[kick([11, 7], landing=[16, 7])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[16, 7]", "distance 1..5")


def test_pooch_kick_without_a_landing_uses_the_full_distance() -> None:
    home = [player("h1", [10, 7], skills=["pooch_kick"])]
    res = play(turn(home=home, dice={"d6": [4, 2], "d8": [5]}))
    assert steps(res, "accurate")[0]["landing"] == [15, 2]


def test_a_landing_off_the_pitch_is_rejected() -> None:
    # h1 on (10, 2) aims north: distance 5, the spread is y = -3, all off the pitch; a landing
    # there cannot be chosen.
    doc = turn(home=[player("h1", [10, 2])], ball={"square": [10, 2], "carrier": "h1"},
               actions=[kick([10, 1], landing=[10, -3])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].landing", "[10, -3]", "into the crowd")


def test_accurate_kick_with_no_spread_square_on_the_pitch_goes_into_the_crowd_bb2020() -> None:
    # h1 on (10, 2) aims north: distance 2 + 3 = 5, every square of the spread (y = -3) is off
    # the pitch: the ball flies along the 3-4 arrow, leaves over the top sideline from (10, 0).
    # Throw-in: D6 4 = (0, +1), 2D6 1 + 2 = 3 squares (bb2020 counts from the start) -> (10, 3).
    # h2 there catches the throw-in: 5 - 1 = 4.
    home = [player("h1", [10, 2]), player("h2", [10, 3])]
    res = play(turn(home=home, ball={"square": [10, 2], "carrier": "h1"},
                    actions=[kick([10, 1])], dice={"d6": [4, 2, 4, 1, 2, 5]}))
    assert steps(res, "kick_out")[0]["last"] == [10, 0]
    assert steps(res, "throw_in")[0]["distance"] == 3
    assert res["ball"] == {"square": [10, 3], "carrier": "h2"}
    assert res["turnover"] is False


# -- shanks into the crowd -----------------------------------------------------------------------


def test_a_shank_over_the_sideline_is_thrown_in() -> None:
    # h1 on (10, 1) aims east; shank (2), distance (2 + 3) // 2 = 2, D6 1: the 1-2 arrow
    # (+1, -1): (11, 0), then (12, -1) is off: thrown in from (11, 0) over the top sideline.
    # Throw-in D6 3 = (0, +1), 2D6 1 + 2 = 3 -> (11, 3); h2 catches 4 - 1 = 3.
    home = [player("h1", [10, 1]), player("h2", [11, 3])]
    res = play(turn(home=home, ball={"square": [10, 1], "carrier": "h1"},
                    actions=[kick([11, 1])], dice={"d6": [2, 2, 1, 3, 1, 2, 4]}))
    assert steps(res, "kick_out")[0] == {"step": "kick_out", "last": [11, 0], "off": [12, -1]}
    assert res["ball"] == {"square": [11, 3], "carrier": "h2"}
    assert res["turnover"] is False


# -- catching the kicked ball --------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "ag", "caught"), [
    # Catch roll 3. classic: AG 4 -> 3+, kicked-ball modifier 0: caught.
    ("classic", 4, True),
    # bb2020 / bb2025 / sevens: AG 3+, kicked-ball modifier -1: 3 - 1 = 2 fails.
    ("bb2020", 3, False),
    ("bb2025", 3, False),
    ("sevens", 3, False),
])
def test_kicked_ball_catch_modifier_per_ruleset(ruleset: str, ag: int, caught: bool) -> None:
    # Away roll 5 (accurate in every ruleset), distance 2 + 3 = 5, landing chosen on h2.
    # Eleven: h1 (10, 7) -> (15, 7); Sevens: h1 (5, 5) -> (10, 5). A failed catch bounces
    # (D8 5, one square east), onto an empty square.
    y = 5 if ruleset == "sevens" else 7
    x = 5 if ruleset == "sevens" else 10
    home = [player("h1", [x, y], ruleset), player("h2", [x + 5, y], ruleset, ag=ag)]
    dice: dict[str, list[Any]] = {"d6": [5, 2, 3]}
    if not caught:
        dice["d8"] = [5]
    res = play(turn(ruleset, home=home, away=[player("a1", [x + 8, 1], ruleset)],
                    ball={"square": [x, y], "carrier": "h1"},
                    actions=[kick([x + 1, y], landing=[x + 5, y])], dice=dice))
    assert RULESETS[ruleset].catch_modifier["kicked"] == (0 if ruleset == "classic" else -1)
    if caught:
        assert res["ball"] == {"square": [x + 5, y], "carrier": "h2"}
    else:
        assert res["ball"] == {"square": [x + 6, y], "carrier": None}
    assert res["turnover"] is not caught


def test_an_opponent_who_catches_the_kick_makes_a_turnover() -> None:
    away = [player("a2", [15, 7])]
    res = play(turn(away=away, actions=[kick([11, 7], landing=[15, 7])], dice={"d6": [5, 2, 6]}))
    assert res["ball"] == {"square": [15, 7], "carrier": "a2"}
    assert res["turnover"] is True


def test_a_failed_catch_bounces_to_a_team_mate_who_catches() -> None:
    # h2 fails (2); D8 5 -> (16, 7): h3 catches the bounce (-1): 4 - 1 = 3.
    home = [player("h1", [10, 7]), player("h2", [15, 7]), player("h3", [16, 7])]
    res = play(turn(home=home, actions=[kick([11, 7], landing=[15, 7])],
                    dice={"d6": [5, 2, 2, 4], "d8": [5]}))
    assert res["ball"] == {"square": [16, 7], "carrier": "h3"}
    assert res["turnover"] is False


def test_catch_skill_rerolls_a_kicked_ball() -> None:
    home = [player("h1", [10, 7]), player("h2", [15, 7], skills=["catch"])]
    res = play(turn(home=home, actions=[kick([11, 7], landing=[15, 7])],
                    dice={"d6": [5, 2, 2, 5]}))
    assert res["ball"] == {"square": [15, 7], "carrier": "h2"}


def test_a_prone_player_on_the_landing_square_does_not_catch() -> None:
    # The ball bounces from his square: D8 3 -> (16, 6).
    home = [player("h1", [10, 7]), player("h2", [15, 7], status="prone")]
    res = play(turn(home=home, actions=[kick([11, 7], landing=[15, 7])],
                    dice={"d6": [5, 2], "d8": [3]}))
    assert res["ball"] == {"square": [16, 6], "carrier": None}
    assert res["turnover"] is True


def test_pouring_rain_and_tackle_zones_modify_the_catch() -> None:
    # h2 on (15, 7) is marked by a2 on (16, 7): -1 kicked, -1 tackle zone, -1 rain: a 5 fails
    # (5 - 3 = 2); D8 8 -> (16, 8), empty.
    home = [player("h1", [10, 7]), player("h2", [15, 7])]
    away = [player("a2", [16, 7])]
    res = play(turn(home=home, away=away, weather="pouring_rain",
                    actions=[kick([11, 7], landing=[15, 7])],
                    dice={"d6": [5, 2, 5], "d8": [8]}))
    (catch,) = steps(res, "catch")
    assert catch["success"] is False
    assert res["ball"] == {"square": [16, 8], "carrier": None}


# -- kick blocks ---------------------------------------------------------------------------------


def test_a_failed_kick_block_lets_the_kick_go_on() -> None:
    # a1 on (11, 6) (the 1-2 arrow's square) blocks: 3 - 1 (h1 marks him) = 2: fails.
    # Away roll 4 - 1 (a1 marks h1) = 3: accurate; distance 5 -> (15, 2); D8 4 -> (14, 2).
    away = [player("a1", [11, 6])]
    res = play(turn(away=away, actions=[kick([11, 7], kick_block="a1")],
                    dice={"d6": [3, 4, 2], "d8": [4]}))
    (block,) = steps(res, "kick_block")
    assert block["success"] is False
    assert away_entry(res)["modifier"] == -1
    assert res["ball"] == {"square": [14, 2], "carrier": None}
    assert res["turnover"] is True


@pytest.mark.parametrize(("skills", "roll"), [
    (["very_long_legs"], 3),   # 3 - 1 + 1 = 3
    (["nerves_of_steel"], 4),  # 4 - 1 = 3: Nerves of Steel is not among the kick block's
                               # modifiers (rulings.md 7 lists them)
    ([], 4),                   # 4 - 1 = 3
])
def test_kick_block_succeeds(skills: list[str], roll: int) -> None:
    # Blocked: no away roll; the ball bounces once from a1's square (11, 8): D8 8 -> (12, 9).
    away = [player("a1", [11, 8], skills=skills)]
    res = play(turn(away=away, actions=[kick([11, 7], kick_block="a1")],
                    dice={"d6": [roll], "d8": [8]}))
    assert steps(res, "kick_block")[0]["success"] is True
    assert not steps(res, "away")
    assert res["ball"] == {"square": [12, 9], "carrier": None}
    assert res["turnover"] is True


def test_without_very_long_legs_the_same_roll_fails() -> None:
    away = [player("a1", [11, 8])]
    res = play(turn(away=away, actions=[kick([11, 7], kick_block="a1")],
                    dice={"d6": [3, 5, 2], "d8": [5]}))
    assert steps(res, "kick_block")[0]["success"] is False


def test_classic_kick_block_uses_the_agility_table() -> None:
    # classic AG 3: 4+; 5 - 1 = 4 blocks.
    home = [player("h1", [10, 7], "classic")]
    away = [player("a1", [11, 7], "classic")]
    res = play(turn("classic", home=home, away=away, actions=[kick([11, 7], kick_block="a1")],
                    dice={"d6": [5], "d8": [2]}))
    assert res["ball"] == {"square": [11, 6], "carrier": None}
    assert res["turnover"] is True


@pytest.mark.parametrize(("blocker", "needle"), [
    (player("a1", [9, 7]), "a1"),                      # adjacent, behind the kicker
    (player("a1", [12, 7]), "a1"),                     # on the arrow, not adjacent
    (player("a1", [11, 7], status="prone"), "prone"),  # not Standing
])
def test_an_ineligible_kick_blocker_is_rejected(blocker: dict[str, Any], needle: str) -> None:
    doc = turn(away=[blocker], actions=[kick([11, 7], kick_block="a1")], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].kick_block", needle, "[11, 6], [11, 7], [11, 8]")


def test_a_kick_blocker_of_the_kicking_team_is_rejected() -> None:
    home = [player("h1", [10, 7]), player("h2", [11, 7])]
    doc = turn(home=home, actions=[kick([11, 7], kick_block="h2")], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].kick_block", "h2", "opposing team")


def test_an_unknown_kick_blocker_is_rejected() -> None:
    doc = turn(actions=[kick([11, 7], kick_block="zz")], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].kick_block", "'zz'")


# -- the turn and its activations ----------------------------------------------------------------


def test_the_away_team_kicks_west() -> None:
    # a1 on (15, 7) aims west (14, 7); distance 2 + 3 = 5: landing (10, 7) on a2, catch 4.
    away = [player("a1", [15, 7]), player("a2", [10, 7])]
    res = play(turn(home=[player("h1", [3, 3])], away=away, active="away",
                    ball={"square": [15, 7], "carrier": "a1"},
                    actions=[kick([14, 7], "a1", landing=[10, 7])], dice={"d6": [4, 2, 4]}))
    assert res["kicking"] == "away"
    assert res["ball"] == {"square": [10, 7], "carrier": "a2"}
    assert res["turnover"] is False


def test_no_aim_means_no_kick_and_no_turnover() -> None:
    res = play(turn(actions=[kick(None)]))
    assert res["ball"] == {"square": [10, 7], "carrier": "h1"}
    assert res["turnover"] is False


def test_a_landing_of_a_shanked_kick_is_ignored() -> None:
    res = play(turn(actions=[kick([11, 7], landing=[15, 7])], dice={"d6": [2, 2, 2], "d8": [5]}))
    assert res["ball"]["square"] == [13, 5]


def test_activations_after_a_turnover_are_not_played() -> None:
    home = [player("h1", [10, 7]), player("h2", [5, 5])]
    res = play(turn(home=home, actions=[kick([11, 7]), kick([6, 5], "h2")],
                    dice={"d6": [1], "d8": [2]}))
    assert res["turnover"] is True
    assert steps(res, "skipped")[0]["where"] == "actions[1]"


@pytest.mark.parametrize(("doc", "needles"), [
    (turn(actions=[kick([12, 7])]), ["actions[0].aim", "[12, 7]", "h1", "[10, 7]"]),
    (turn(ball={"square": [5, 5], "carrier": None}), ["actions[0].aim", "h1",
                                                       "does not hold the ball"]),
    (turn(house_rules=[]), ["actions[0].action", "kick_it"]),
    (turn(actions=[kick(None), kick([11, 7])]), ["actions[1].player", "already acted"]),
    (turn(home=[player("h1", [10, 7]), player("h2", [5, 5])],
          actions=[kick(None), kick([6, 5], "h2")]), ["actions[1].action", "one Kick action"]),
    (turn(actions=[kick([11, 7], "a1")]), ["actions[0].player", "a1", "active team"]),
    (turn(actions=[kick([11, 7], "nobody")]), ["actions[0].player", "'nobody'"]),
    (turn(home=[player("h1", [10, 7]), player("h2", [5, 5], status="stunned")],
          actions=[kick([6, 5], "h2")]), ["actions[0].player", "h2", "stunned"]),
    (turn(actions=[{"player": "h1", "action": "blitz", "path": []}]),
     ["actions[0].action", "blitz"]),
])
def test_illegal_activations_are_rejected(doc: dict[str, Any], needles: list[str]) -> None:
    assert_invalid(*replay_cli(doc), *needles)


@pytest.mark.parametrize(("change", "needles"), [
    (lambda d: d.pop("active"), ["active: required"]),
    (lambda d: d.pop("ball"), ["ball: required"]),
    (lambda d: d.pop("actions"), ["actions: required"]),
    (lambda d: d.update(kicking="home"), ["kicking: not used"]),
    (lambda d: d.update(kick={"kicker": "h1"}), ["kick: not used"]),
    (lambda d: d.update(ball={"square": [10, 8], "carrier": "h1"}), ["ball.carrier", "h1"]),
    (lambda d: d.update(ball={"square": [10, 7], "carrier": None}), ["ball.square", "h1"]),
    (lambda d: d.update(ball={"square": [26, 7], "carrier": None}), ["ball.square", "off"]),
    (lambda d: d.update(ball={"square": [10, 7], "carrier": "zz"}), ["ball.carrier", "'zz'"]),
    (lambda d: d["teams"]["away"]["players"].append(player("a9", [10, 7])),
     ["teams.away.players[1].square", "h1", "two players"]),
    (lambda d: d["teams"]["home"]["players"][0].update(skills=["no_hands"]),
     ["ball.carrier", "cannot hold"]),
])
def test_turn_scenario_structure_errors(change: Any, needles: list[str]) -> None:
    doc = turn()
    change(doc)
    assert_invalid(*replay_cli(doc), *needles)


def test_turn_keys_in_a_kickoff_scenario_are_rejected() -> None:
    from helpers import scenario

    doc = scenario("bb2020", seed=1, actions=[kick([11, 7])], active="home",
                   ball={"square": [10, 7], "carrier": None})
    assert_invalid(*replay_cli(doc), "active: only for phase", "actions: only for phase",
                   "ball: only for phase")


def test_leftover_dice_are_an_error() -> None:
    assert_invalid(*replay_cli(turn(dice={"d6": [4, 2, 6], "d8": [5]})), "dice.d6[2]")


def test_missing_dice_name_what_they_were_for() -> None:
    assert_invalid(*replay_cli(turn(dice={"d6": [4]})), "dice.d6[1]", "kick distance")


def test_a_seeded_turn_is_reproducible() -> None:
    a = play(turn(seed=11))
    b = play(turn(seed=11))
    assert a == b
    assert a["seed"] == 11


def test_classic_d8_throw_in_option_applies_to_a_kick_into_the_crowd() -> None:
    # classic, options.throw_in_die "d8": h1 on (10, 1) shanks (3 < 4+), 2 squares along the 1-2
    # arrow: out over the top from (11, 0). The direction D8 is re-rolled while its first step
    # leaves the pitch: 2 (north) is re-rolled, 7 (south) stands; 2D6 1 + 2 = 3 -> (11, 3),
    # where h2 (4+, throw-in modifier 0 in classic) catches on a 4.
    home = [player("h1", [10, 1], "classic"), player("h2", [11, 3], "classic")]
    res = play(turn("classic", home=home, away=[player("a1", [22, 12], "classic")],
                    ball={"square": [10, 1], "carrier": "h1"}, options={"throw_in_die": "d8"},
                    actions=[kick([11, 1])], dice={"d6": [3, 2, 1, 1, 2, 4], "d8": [2, 7]}))
    assert res["ball"] == {"square": [11, 3], "carrier": "h2"}
    assert res["turnover"] is False
