"""The Kick action's moves: the kicker's move before the kick (pick-up, Dodge, a fall), the Pass
Block move, and re-rolls during the action (seed 000; rulings.md 7; pitch-and-dice.md Scripted
dice 4: the move's rolls, the Pass Block move's, the kick block's, the away roll, ...).

bb2020 unless said otherwise; linemen MA 6, ST 3, AG 3+, AV 9+.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import assert_invalid, player
from kickit_helpers import kick, play, replay_cli, steps, turn


def test_the_kicker_moves_picks_up_the_ball_and_kicks() -> None:
    # h1 (8, 7) walks to the ball on (10, 7): pick-up 4 (3+). Kick east: away 4, distance
    # 2 + 3 = 5, landing (15, 7) on h2, catch 4 - 1 = 3.
    home = [player("h1", [8, 7]), player("h2", [15, 7])]
    res = play(turn(home=home, ball={"square": [10, 7], "carrier": None},
                    actions=[kick([11, 7], path=[[9, 7], [10, 7]], landing=[15, 7])],
                    dice={"d6": [4, 4, 2, 4]}))
    assert res["players"]["h1"]["square"] == [10, 7]
    assert steps(res, "pickup")[0]["success"] is True
    assert res["ball"] == {"square": [15, 7], "carrier": "h2"}
    assert res["turnover"] is False


def test_a_failed_pick_up_ends_the_action_before_the_kick() -> None:
    # Pick-up 1 fails: turnover, the ball bounces from (10, 7): D8 5 -> (11, 7). No away roll.
    res = play(turn(home=[player("h1", [8, 7])], ball={"square": [10, 7], "carrier": None},
                    actions=[kick([11, 7], path=[[9, 7], [10, 7]])],
                    dice={"d6": [1], "d8": [5]}))
    assert not steps(res, "away")
    assert res["ball"] == {"square": [11, 7], "carrier": None}
    assert res["turnover"] is True


def test_a_kicker_who_falls_over_does_not_kick() -> None:
    # h1 (10, 7) holds the ball, marked by a1 (10, 6); he dodges to (10, 8): 2 fails. He Falls
    # Over on (10, 8): armour 3 + 3 = 6 < 9, held; the ball bounces D8 7 -> (10, 9).
    res = play(turn(away=[player("a1", [10, 6])], actions=[kick([11, 8], path=[[10, 8]])],
                    dice={"d6": [2, 3, 3], "d8": [7]}))
    assert res["players"]["h1"] == {"square": [10, 8], "status": "prone", "ma": 6, "av": 9,
                                    "skills": []}
    assert not steps(res, "away")
    assert res["ball"] == {"square": [10, 9], "carrier": None}
    assert res["turnover"] is True


def test_the_kicker_may_rush() -> None:
    # MA 1: the second step is a Rush, 2+ on a 2. Then the kick from (12, 7): away 5, distance
    # 1 + 3 = 4, default landing (16, 3) (spread x = 16, y 3..11), D8 5 -> (17, 3).
    res = play(turn(home=[player("h1", [10, 7], ma=1)],
                    actions=[kick([13, 7], path=[[11, 7], [12, 7]])],
                    dice={"d6": [2, 5, 1], "d8": [5]}))
    assert res["players"]["h1"]["square"] == [12, 7]
    assert res["ball"] == {"square": [17, 3], "carrier": None}


@pytest.mark.parametrize(("path", "needles"), [
    ([[12, 7]], ["actions[0].path[0]", "[12, 7]", "not adjacent"]),
    ([[11, 7], [12, 7], [13, 7], [14, 7], [15, 7], [16, 7], [17, 7], [18, 7], [19, 7]],
     ["actions[0]", "h1", "beyond MA 6"]),
    ([[11, 6]], ["actions[0].path[0]", "[11, 6]", "occupied by a1"]),
])
def test_an_illegal_move_is_rejected(path: list[list[int]], needles: list[str]) -> None:
    doc = turn(away=[player("a1", [11, 6])], actions=[kick([11, 7], path=path)],
               dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), *needles)


def test_the_aim_is_judged_from_where_the_move_ends() -> None:
    # (9, 7) is adjacent to (10, 7), not to (11, 7), where h1's move ends.
    doc = turn(actions=[kick([9, 7], path=[[11, 7]])], dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].aim", "[9, 7]", "[11, 7]")
    # Aimed north-east from (11, 7): away 4, distance 1 + 3 = 4; the spread runs from (11, 3)
    # (north) through (15, 3) to (15, 7) (east); the default is (11, 3); D8 5 -> (12, 3).
    res = play(turn(actions=[kick([12, 6], path=[[11, 7]])], dice={"d6": [4, 1], "d8": [5]}))
    assert steps(res, "accurate")[0]["landing"] == [11, 3]
    assert res["ball"] == {"square": [12, 3], "carrier": None}


def test_a_move_activation_before_the_kick() -> None:
    # h2 moves (13, 7) -> (14, 7) first (no roll); h1 then kicks to him: away 4, distance
    # 1 + 3 = 4, landing (14, 7), catch 5 - 1 = 4.
    home = [player("h1", [10, 7]), player("h2", [13, 7])]
    res = play(turn(home=home, actions=[
        {"player": "h2", "action": "move", "path": [[14, 7]]},
        kick([11, 7], landing=[14, 7]),
    ], dice={"d6": [4, 1, 5]}))
    assert res["ball"] == {"square": [14, 7], "carrier": "h2"}
    assert res["turnover"] is False


# -- Pass Block ----------------------------------------------------------------------------------


def test_pass_block_moves_then_blocks_the_kick() -> None:
    # a1 (Pass Block) on (14, 7) moves (13, 7), (12, 7), (11, 7): no tackle zone to leave, no
    # roll; he ends adjacent to h1 on the 3-4 arrow's square and blocks: 4 - 1 = 3: blocked.
    # The ball bounces from (11, 7): D8 5 -> (12, 7).
    away = [player("a1", [14, 7], skills=["pass_block"])]
    res = play(turn(away=away, actions=[kick(
        [11, 7], pass_block={"player": "a1", "path": [[13, 7], [12, 7], [11, 7]]},
        kick_block="a1")], dice={"d6": [4], "d8": [5]}))
    assert res["players"]["a1"]["square"] == [11, 7]
    assert steps(res, "kick_block")[0]["success"] is True
    assert res["ball"] == {"square": [12, 7], "carrier": None}
    assert res["turnover"] is True


def test_pass_block_dodges_and_the_dice_come_in_order() -> None:
    # a1 on (13, 8) is marked by h2 (12, 9): his first step (12, 7) needs a Dodge, 3 (3+).
    # Then the kick block 2 - 1 = 1 fails; the away roll 5 - 1 (a1 marks h1) = 4: accurate;
    # distance 1 + 3 = 4: default (14, 3); D8 5 -> (15, 3).
    home = [player("h1", [10, 7]), player("h2", [12, 9])]
    away = [player("a1", [13, 8], skills=["pass_block"])]
    res = play(turn(home=home, away=away, actions=[kick(
        [11, 7], pass_block={"player": "a1", "path": [[12, 7], [11, 7]]}, kick_block="a1")],
        dice={"d6": [3, 2, 5, 1], "d8": [5]}))
    rolls = [e["for"] for e in steps(res, "roll") if e["die"] == "d6"]
    assert [r.split(" ")[0] for r in rolls] == ["dodge", "kick", "away", "kick"]
    assert steps(res, "kick_block")[0]["success"] is False
    assert away_modifier(res) == -1
    assert res["ball"] == {"square": [15, 3], "carrier": None}


def away_modifier(res: dict[str, Any]) -> int:
    (entry,) = steps(res, "away")
    modifier: int = entry["modifier"]
    return modifier


def test_a_pass_blocker_who_falls_cannot_block() -> None:
    # The Dodge fails (1): a1 Falls Over on (12, 7), armour 2 + 2 held. His kick block lapses
    # (ruling); the kick goes on: away 4 (no tackle zone), distance 4, (14, 3), D8 5 -> (15, 3).
    home = [player("h1", [10, 7]), player("h2", [12, 9])]
    away = [player("a1", [13, 8], skills=["pass_block"])]
    res = play(turn(home=home, away=away, actions=[kick(
        [11, 7], pass_block={"player": "a1", "path": [[12, 7], [11, 7]]}, kick_block="a1")],
        dice={"d6": [1, 2, 2, 4, 1], "d8": [5]}))
    assert res["players"]["a1"]["status"] == "prone"
    assert res["players"]["a1"]["square"] == [12, 7]
    assert steps(res, "kick_block")[0]["success"] is False
    assert res["ball"] == {"square": [15, 3], "carrier": None}


@pytest.mark.parametrize(("skills", "pb_path", "needles"), [
    ([], [[12, 7], [11, 7]], ["actions[0].pass_block.player", "a1", "Pass Block"]),
    (["pass_block"], [[14, 7], [13, 6], [12, 5], [11, 6]],
     ["actions[0].pass_block.path", "4 squares", "up to 3"]),
    (["pass_block"], [[12, 6]],
     ["actions[0].pass_block.path", "[12, 6]", "not adjacent to the kicker h1"]),
    (["pass_block"], [[12, 7], [10, 7]],
     ["actions[0].pass_block.path[1]", "[10, 7]"]),
])
def test_an_illegal_pass_block_is_rejected(
    skills: list[str], pb_path: list[list[int]], needles: list[str]
) -> None:
    away = [player("a1", [13, 7], skills=skills)]
    doc = turn(away=away, actions=[kick([11, 7], pass_block={"player": "a1", "path": pb_path})],
               dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), *needles)


def test_a_pass_block_by_the_kicking_team_is_rejected() -> None:
    home = [player("h1", [10, 7]), player("h2", [13, 7], skills=["pass_block"])]
    doc = turn(home=home, actions=[kick([11, 7], pass_block={"player": "h2", "path": [[12, 7]]})],
               dice={"d6": [4, 2]})
    assert_invalid(*replay_cli(doc), "actions[0].pass_block.player", "h2", "opposing team")


# -- re-rolls ------------------------------------------------------------------------------------


def _catch_doc(reroll: dict[str, Any] | None, d6: list[int], d8: list[int] | None = None
               ) -> dict[str, Any]:
    home = [player("h1", [10, 7]), player("h2", [15, 7])]
    extra = {} if reroll is None else {"reroll": reroll}
    dice: dict[str, list[Any]] = {"d6": d6}
    if d8:
        dice["d8"] = d8
    doc = turn(home=home, actions=[kick([11, 7], landing=[15, 7], **extra)], dice=dice)
    doc["teams"]["home"]["rerolls"] = 1
    return doc


def test_a_team_reroll_may_save_the_catch_of_the_kicked_ball() -> None:
    # The catch fails (2); "catch": "team" re-rolls it: 4 - 1 = 3, caught. One re-roll spent.
    res = play(_catch_doc({"catch": "team"}, [5, 2, 2, 4]))
    assert res["ball"]["carrier"] == "h2"
    assert res["teams"]["home"]["rerolls"] == 0
    assert res["turnover"] is False


def test_by_default_no_team_reroll_is_used_on_the_catch() -> None:
    res = play(_catch_doc(None, [5, 2, 2], [5]))
    assert res["ball"] == {"square": [16, 7], "carrier": None}
    assert res["teams"]["home"]["rerolls"] == 1
    assert res["turnover"] is True


def test_an_opponent_catching_the_kick_cannot_use_the_kicking_teams_reroll() -> None:
    away = [player("a2", [15, 7])]
    doc = turn(away=away, actions=[kick([11, 7], landing=[15, 7], reroll={"catch": True})],
               dice={"d6": [5, 2, 2], "d8": [5]})
    doc["teams"]["home"]["rerolls"] = 1
    res = play(doc)
    assert res["ball"] == {"square": [16, 7], "carrier": None}
    assert res["teams"]["home"]["rerolls"] == 1
