"""The strict ``kickoff fumbbl verify`` (issue 25): every player and team field FUMBBL's log
determines, squares as ordered pairs, the ball's path, each test's target, the kicker, the
bribes; a note or an unread report makes a kick-off ``unsupported``; a ruling explains only the
fields it names.

Contract: ``docs/fumbbl.md`` ("What FUMBBL recorded", "Verifying"); christerk/ffb
``StepApplyKickoffResult.handleGetTheRef``, ``mechanic/mixed/StateMechanic.updateLeaderReRollsForTeam``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fumbbl_log import cmd, extract, land, rep, replay_doc, scatter
from test_fumbbl_throw import _charge

from kickoff.cli.fumbbl_cmd import verdict
from kickoff.formats.fumbbl.compare import BALL_FIELDS, Ruling, differences, observed, same, unexplained

#: A ruling's fields in these tests: the teams' bribes only.
BRIBE_FIELDS = ("teams.home.bribes", "teams.away.bribes")


def _get_the_ref(*extra: dict[str, Any]) -> dict[str, Any]:
    """Home kicks to [19, 8], Get the Ref, the ball bounces East to [20, 8]; ``extra`` commands
    before the game's first command."""
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    doc["gameLog"]["commandArray"][1:1] = list(extra)
    return doc


# --------------------------------------------------------------------------- comparing values


def test_a_transposed_square_differs() -> None:
    assert not same("players.p1.square", [3, 7], [7, 3])
    assert same("players.p1.square", [3, 7], [3, 7])
    # a path of squares: each square in order, each an ordered pair
    assert not same("ball.path", [[1, 2], [3, 4]], [[3, 4], [1, 2]])
    assert not same("ball.path", [[1, 2]], [[2, 1]])
    # a list against a value, and a shorter list, differ
    assert not same("ball.square", [1, 2], None) and not same("ball.path", [[1, 2]], [])


def test_only_sets_compare_in_any_order() -> None:
    assert same("teams.home.prayers", ["stiletto", "iron_man"], ["iron_man", "stiletto"])
    assert same("players.p1.skills", ["catch", "block"], ["block", "catch"])
    assert not same("tests.dodge", [["p1", 3], ["p2", 4]], [["p2", 4], ["p1", 3]])


def test_differences_read_what_the_log_shows() -> None:
    doc = {"ball": {"square": [5, 6]}, "log": [
        {"step": "deviate", "square": [5, 5], "touchback": False},
        {"step": "roll", "die": "d6", "value": 2, "for": "catch by p8 (3+, modifier -1)"},
        {"step": "roll", "die": "d6", "value": 5, "for": "team re-roll of the catch by p8"},
        {"step": "bounce", "to": [5, 6]},
        {"step": "armour", "player": "p3", "total": 9, "broken": True}]}
    seen = observed(doc)
    assert seen["ball.path"] == [[5, 5], [5, 6]]
    # the first roll's minimum (3+ at -1: 4), not the re-roll's
    assert seen["tests.catch"] == [["p8", 4]] and seen["tests.armour"] == [["p3", 9, True]]
    expect = {"ball.path": [[5, 5], [5, 6]], "tests.catch": [["p8", 3]], "ball.square": [6, 5],
              "teams.home.bribes": 1}
    assert differences(doc, expect, seen) == [
        ("tests.catch", [["p8", 3]], [["p8", 4]]), ("ball.square", [6, 5], [5, 6]),
        ("teams.home.bribes", 1, "(missing)")]


def test_a_ruling_explains_only_its_fields() -> None:
    bribes = Ruling("bribes", BRIBE_FIELDS)
    assert unexplained([("teams.home.bribes", 1, 2)], [bribes]) == []
    assert unexplained([("teams.home.bribes", 1, 2), ("players.p1.square", [1, 2], [2, 1])],
                       [bribes]) == ["players.p1.square"]
    ball = Ruling("throw-in", BALL_FIELDS)
    assert ball.explains("ball.path") and ball.explains("ball.square")
    assert not ball.explains("ballast") and not ball.explains("players.p1.status")


# --------------------------------------------------------------------------- the whole end state


def test_every_player_and_team_field_is_compared(tmp_path: Path) -> None:
    k = extract(tmp_path, _get_the_ref())
    # every player, whether FUMBBL moved him or not; both teams; the weather; the ball's path
    assert k.expect["players.p4.square"] == [8, 7] and k.expect["players.p4.status"] == "standing"
    assert k.expect["players.p4.ma"] == 6 and k.expect["players.p4.av"] == 9
    assert k.expect["players.p4.skills"] == []
    assert k.expect["teams.home.turn"] == 0 and k.expect["teams.away.rerolls"] == 2
    assert k.expect["teams.home.apothecaries"] == 0 and k.expect["teams.away.block_assists"] == 0
    assert k.expect["weather"] == "perfect_conditions"
    assert k.expect["ball.path"] == [[19, 8], [20, 8]]
    assert verdict(k).status == "agree"


def test_a_player_moved_unnoticed_disagrees(tmp_path: Path) -> None:
    # FUMBBL's log leaves home 4 where he stood; the case says he ended a square away (as if the
    # engine moved a player FUMBBL never touched): the strict comparison sees it
    k = extract(tmp_path, _get_the_ref())
    k.expect["players.p4.square"] = [8, 8]
    v = verdict(k)
    assert v.status == "disagree"
    assert v.diffs == [("players.p4.square", [8, 8], [8, 7])]


def test_a_transposed_square_in_the_case_disagrees(tmp_path: Path) -> None:
    k = extract(tmp_path, _get_the_ref())
    k.expect["ball.square"] = [8, 20]  # FUMBBL's [20, 8] transposed
    assert verdict(k).status == "disagree"


def test_each_tests_target_is_compared(tmp_path: Path) -> None:
    # away 8 on [19, 7] catches the kick: FUMBBL's minimum roll 4 is the engine's (3+, -1)
    def doc(minimum: int) -> dict[str, Any]:
        return replay_doc([cmd([scatter([19, 7], "East", 3, 1)], [land([19, 7])]),
                           cmd([rep("kickoffResult", kickoffResult="Get the Ref",
                                    kickoffRoll=[1, 1])]),
                           cmd([rep("catchRoll", playerId="8", roll=4, minimumRoll=minimum,
                                    successful=True)], [("fieldModelSetBallMoving", None, False)])])
    k = extract(tmp_path, doc(4))
    assert k.expect["tests.catch"] == [["p8", 4]] and verdict(k).status == "agree"
    v = verdict(extract(tmp_path, doc(3)))
    assert v.status == "disagree" and v.diffs == [("tests.catch", [["p8", 3]], [["p8", 4]])]


def test_a_test_without_its_target_is_not_compared(tmp_path: Path) -> None:
    # a report without minimumRoll (a log that does not give the target): that kind is left out
    doc = replay_doc([cmd([scatter([19, 7], "East", 3, 1)], [land([19, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("catchRoll", playerId="8", roll=4, successful=True)],
                          [("fieldModelSetBallMoving", None, False)])])
    k = extract(tmp_path, doc)
    assert "tests.catch" not in k.expect and k.expect["tests.dodge"] == []
    assert verdict(k).status == "agree"


def test_the_kicker_who_used_kick_is_compared(tmp_path: Path) -> None:
    # classic: home 4 (off the line) uses Kick after the deviation (FUMBBL reports the
    # un-halved square)
    doc = replay_doc([cmd([scatter([19, 11], "South", 5, 4)]),
                      cmd([rep("skillUse", playerId="4", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")], [land([19, 9])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 9])])], rules=None, skills={"4": ["Kick"]})
    k = extract(tmp_path, doc)
    assert k.expect["kicker"] == "p4" and k.expect["ball.path"] == [[19, 9], [20, 9]]
    assert verdict(k).status == "agree"
    k.expect["kicker"] = "p3"
    assert verdict(k).diffs == [("kicker", "p3", "p4")]


# --------------------------------------------------------------------------- bribes


def test_get_the_ref_bribes_are_counted_not_read_from_the_log(tmp_path: Path) -> None:
    # FUMBBL logs the one bribes object it goes on changing: the Get the Ref's change already
    # shows the game's last values (away's bribe used later: uses 1). Counted: one each after
    # the Get the Ref, away's used by its bribesRoll after the kick-off
    bribes = {"inducementType": "bribes", "value": 1}
    doc = _get_the_ref()
    doc["gameLog"]["commandArray"][2]["modelChangeList"]["modelChangeArray"] += [
        {"modelChangeId": "inducementSetAddInducement", "modelChangeKey": "home",
         "modelChangeValue": bribes | {"uses": 0}},
        {"modelChangeId": "inducementSetAddInducement", "modelChangeKey": "away",
         "modelChangeValue": bribes | {"uses": 1}}]
    doc["gameLog"]["commandArray"].append(cmd([rep("bribesRoll", playerId="8", roll=4,
                                                   successful=True)]))
    k = extract(tmp_path, doc)
    assert k.scenario["teams"]["home"]["bribes"] == 0 and k.scenario["teams"]["away"]["bribes"] == 0
    assert k.expect["teams.home.bribes"] == 1 and k.expect["teams.away.bribes"] == 1
    assert verdict(k).status == "agree"


def test_bribes_bought_before_the_game_count_at_the_kick(tmp_path: Path) -> None:
    # home bought two; one Get the Ref in the game: the log's last value is 3
    bought = cmd(changes=[("inducementSetAddInducement", "home",
                           {"inducementType": "bribes", "value": 3, "uses": 0})])
    k = extract(tmp_path, _get_the_ref(bought))
    assert k.scenario["teams"]["home"]["bribes"] == 2 and k.expect["teams.home.bribes"] == 3
    assert verdict(k).status == "agree"


# --------------------------------------------------------------------------- notes, reports


def test_a_note_is_unsupported_whatever_the_end_state(tmp_path: Path) -> None:
    k = extract(tmp_path, _get_the_ref())
    k.notes.append("something the extractor could not read")
    v = verdict(k)
    assert v.status == "unsupported" and not v.diffs


def test_an_unread_report_is_unsupported(tmp_path: Path) -> None:
    k = extract(tmp_path, _get_the_ref(cmd([rep("bloodLustRoll", playerId="5", roll=1)])))
    assert k.notes == [] and verdict(k).status == "agree"  # before the kick: not the kick-off's
    doc = _get_the_ref()
    doc["gameLog"]["commandArray"][2]["reportList"]["reports"].append(
        rep("bloodLustRoll", playerId="5", roll=1))
    k = extract(tmp_path, doc)
    assert k.notes == ["FUMBBL's 'bloodLustRoll' report is not read"]
    assert verdict(k).status == "unsupported"


def test_reports_known_to_change_nothing_are_no_note(tmp_path: Path) -> None:
    doc = _get_the_ref()
    doc["gameLog"]["commandArray"][2]["reportList"]["reports"] += [
        rep("prayerWasted", prayer="Stiletto"), rep("event", message="hello")]
    k = extract(tmp_path, doc)
    assert k.notes == [] and verdict(k).status == "agree"


def test_a_ruling_with_a_difference_outside_its_fields_disagrees(tmp_path: Path) -> None:
    k = extract(tmp_path, _get_the_ref())
    k.rulings.append(Ruling("bribes as FUMBBL keeps them", BRIBE_FIELDS))
    k.expect["teams.home.bribes"] = 0
    assert verdict(k).status == "ruling"
    k.expect["players.p1.status"] = "prone"
    v = verdict(k)
    assert v.status == "disagree" and [p for p, _, _ in v.diffs] == [
        "players.p1.status", "teams.home.bribes"]


# --------------------------------------------------------------------------- Leader


def test_the_leader_reroll_given_in_the_free_turn_is_the_teams(tmp_path: Path) -> None:
    # classic Blitz!: FUMBBL adds home's Leader re-roll as the free turn starts (3 of 2 + 1)
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                      cmd([rep("leader", teamId="100", leaderState="available")],
                          [("gameSetTurnMode", None, "blitz"), ("turnDataSetReRolls", "home", 3)]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    k = extract(tmp_path, doc)
    assert k.scenario["teams"]["home"]["rerolls"] == 3 and k.expect["teams.home.rerolls"] == 3
    assert verdict(k).status == "agree"


def _leader_rush(source: str) -> dict[str, Any]:
    """classic Blitz!: home has a Leader (home 1, on the pitch) and its Leader re-roll (3 re-rolls
    of 2 + 1); home 4 moves seven squares, his Rush fails (1) and is re-rolled (5) with the re-roll
    FUMBBL names ``source``."""
    from test_fumbbl_log import act

    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                       cmd([rep("leader", teamId="100", leaderState="available")],
                           [("gameSetTurnMode", None, "blitz"), ("turnDataSetReRolls", "home", 3)]),
                       *act("4", "move", *path),
                       cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                            rep("reRoll", playerId="4", reRollSource=source, roll=0),
                            rep("goForItRoll", playerId="4", roll=5, successful=True,
                                reRolled=True)],
                           [("turnDataSetReRolls", "home", 2), ("actingPlayerSetPlayerId", None, None)]),
                       cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land([20, 8])])], rules=None, skills={"1": ["Leader"]})


def test_the_leader_reroll_is_compared(tmp_path: Path) -> None:
    # FUMBBL spends the Leader's re-roll before an ordinary one (bb2016 RollMechanic.useReRoll:
    # the drive's extras, then the Leader's), as the engine does: both end with none
    k = extract(tmp_path, _leader_rush("Leader"))
    assert k.scenario["teams"]["home"]["leader_rerolls"] == 1
    assert k.expect["teams.home.leader_rerolls"] == 0 and k.expect["teams.home.rerolls"] == 2
    assert verdict(k).status == "agree"
    # a log naming an ordinary team re-roll while the Leader's was there: the engine spent the
    # Leader's, FUMBBL (so its log says) kept it: the strict comparison sees it
    v = verdict(extract(tmp_path, _leader_rush("Team ReRoll")))
    assert v.status == "disagree" and v.diffs == [("teams.home.leader_rerolls", 1, 0)]


# --------------------------------------------------------------------------- importer classes


def _away_kicks(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with the away team kicking (FUMBBL's acting team at the kick)."""
    for change in doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"]:
        if change["modelChangeId"] == "gameSetHomePlaying":
            change["modelChangeValue"] = False
    return doc


def test_throw_a_rock_on_both_teams_when_away_kicks(tmp_path: Path) -> None:
    # classic, a tie: both teams hit. FUMBBL reports the home victim's injury first; the engine
    # rolls the kicking (away) team's victim first: the dice are written in its order
    doc = _away_kicks(replay_doc([
        cmd([scatter([5, 8], "South", 5, 1)], [land([5, 8])]),
        cmd([rep("kickoffResult", kickoffResult="Throw a Rock", kickoffRoll=[6, 5])]),
        cmd([rep("kickoffThrowARock", rollHome=3, rollAway=3, playerIdsHit=["1", "7"])]),
        cmd([rep("injury", defenderId="1", injuryType="throwARock", armorRoll=None,
                 injuryRoll=[1, 2])], [("fieldModelSetPlayerState", "1", 4)]),
        cmd([rep("injury", defenderId="7", injuryType="throwARock", armorRoll=None,
                 injuryRoll=[4, 5])], [("fieldModelSetPlayerState", "7", 5),
                                       ("fieldModelSetPlayerCoordinate", "7", [30, 5])]),
        cmd([rep("scatterBall", directionArray=["East"], rolls=[3])], [land([6, 8])])],
        rules=None))
    k = extract(tmp_path, doc)
    assert k.kicking == "away"
    assert k.scenario["dice"]["pick"] == [3, 1]  # away's p7, then home's p1
    assert k.scenario["dice"]["d6"] == [1, 6, 5, 3, 3, 4, 5, 1, 2]
    assert k.expect["players.p7.status"] == "knocked_out"
    assert k.expect["players.p1.status"] == "stunned"
    assert verdict(k).status == "agree"


def test_a_zombie_raised_later_is_in_no_team_before(tmp_path: Path) -> None:
    # away's 9 (a zombie, FUMBBL id ending R1) joins with a serverAddPlayer command after the
    # kick-off: at the kick he is in neither team, nor compared
    doc = _get_the_ref()
    away = doc["game"]["teamAway"]["playerArray"]
    away.append(dict(away[0], playerId="9R1", playerNr=9))
    doc["gameLog"]["commandArray"].append(
        {"netCommandId": "serverAddPlayer", "teamId": "200", "playerState": 9,
         "player": {"playerId": "9R1", "playerName": "Zombie"},
         "modelChangeList": {"modelChangeArray": [
             {"modelChangeId": "fieldModelSetPlayerState", "modelChangeKey": "9R1",
              "modelChangeValue": 9}]}})
    k = extract(tmp_path, doc)
    ids = [p["id"] for p in k.scenario["teams"]["away"]["players"]]
    assert ids == ["p5", "p6", "p7", "p8"]
    assert not any(key.startswith("players.p9R1.") for key in k.expect)
    assert verdict(k).status == "agree"


def test_a_star_added_before_the_kick_plays(tmp_path: Path) -> None:
    # a Star Player added (serverAddPlayer) before the first kick-off is in his team from then
    doc = _get_the_ref()
    away = doc["game"]["teamAway"]["playerArray"]
    away.append(dict(away[0], playerId="200S1", playerNr=99))
    doc["gameLog"]["commandArray"].insert(0, {
        "netCommandId": "serverAddPlayer", "teamId": "200", "playerState": 9,
        "player": {"playerId": "200S1"}})
    k = extract(tmp_path, doc)
    assert [p["id"] for p in k.scenario["teams"]["away"]["players"]][-1] == "p200S1"
    assert k.expect["players.p200S1.status"] == "reserves"


def test_kicking_boots_give_kick(tmp_path: Path) -> None:
    # classic: the Kicking Boots card (FUMBBL's playCard, fieldModelAddCard) on home 4 before the
    # kick: Kick, Dirty Player and -1 MA until the end of the game; he kicks with Kick
    doc = replay_doc([cmd([rep("playCard", teamId="100", card="Kicking Boots", playerId="4")],
                          [("fieldModelAddCard", "4", "Kicking Boots")]),
                      cmd([scatter([19, 11], "South", 5, 4)]),
                      cmd([rep("skillUse", playerId="4", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")], [land([19, 9])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 9])])], rules=None)
    k = extract(tmp_path, doc)
    (p4,) = [p for p in k.scenario["teams"]["home"]["players"] if p["id"] == "p4"]
    assert p4["ma"] == 5 and p4["skills"] == ["kick", "dirty_player"]
    assert k.scenario["kick"]["kicker"] == "p4" and k.expect["players.p4.ma"] == 5
    assert verdict(k).status == "agree"


def test_game_options_that_change_the_rules_refuse_the_game(tmp_path: Path) -> None:
    from test_fumbbl_log import _write

    from kickoff.core.errors import ScenarioError
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    for option, value in (("maxPlayersOnField", "12"), ("minPlayersOnLos", "2"),
                          ("spikedBall", "true")):
        doc = _get_the_ref()
        doc["game"]["gameOptions"]["gameOptionArray"].append(
            {"gameOptionId": option, "gameOptionValue": value})
        path = _write(tmp_path, "o.json", doc)
        try:
            extract_kickoffs(path)
        except ScenarioError as e:
            assert f"FUMBBL game option {option}=" in str(e) and "not read" in str(e)
        else:
            raise AssertionError(f"{option}={value} was read")
    # the edition's own values change nothing
    doc = _get_the_ref()
    doc["game"]["gameOptions"]["gameOptionArray"] += [
        {"gameOptionId": "maxPlayersOnField", "gameOptionValue": "11"},
        {"gameOptionId": "minPlayersOnLos", "gameOptionValue": "3"},
        {"gameOptionId": "spikedBall", "gameOptionValue": "false"}]
    assert len(extract_kickoffs(_write(tmp_path, "o.json", doc))) == 1


def test_verify_names_a_refused_game_once(tmp_path: Path) -> None:
    from helpers import cli
    from test_fumbbl_log import _write

    doc = _get_the_ref()
    doc["game"]["gameOptions"]["gameOptionArray"].append(
        {"gameOptionId": "spikedBall", "gameOptionValue": "true"})
    code, _, err = cli(["fumbbl", "verify", str(_write(tmp_path, "s.json", doc))])
    assert code == 1 and "Traceback" not in err
    assert err.count("spikedBall") == 1


def test_a_player_the_engine_moves_and_fumbbl_did_not_disagrees(tmp_path: Path) -> None:
    # bb2020 High Kick: FUMBBL's receiving coach moved nobody under the ball (on [19, 8], away 8
    # on [19, 7] beside it); the case agrees. Told to move away 8 there (as an engine's default
    # might), the engine does, and the strict comparison names him, whom FUMBBL's log never moved
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="High Kick", kickoffRoll=[2, 3])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    k = extract(tmp_path, doc)
    assert "high_kick" not in k.scenario["decisions"] and verdict(k).status == "agree"
    k.scenario["decisions"]["high_kick"] = "p8"
    k.scenario["dice"]["d6"].append(1)  # his catch, which fails: the ball bounces on as FUMBBL's
    v = verdict(k)
    assert v.status == "disagree" and v.diffs == [
        ("tests.catch", [], [["p8", 4]]), ("players.p8.square", [19, 7], [19, 8])]


def _failed_dive(rules: str, catches: list[dict[str, Any]], bounce: list[int]) -> dict[str, Any]:
    """Home kicks to [19, 8], beside away 8 on [19, 7] (Diving Catch), Get the Ref; 8 dives and
    ``catches`` follow; FUMBBL bounces the ball East from the landing square, onto ``bounce``."""
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                       cmd([rep("skillUse", playerId="8", skill="Diving Catch", used=True,
                                skillUse="catchBall"), *catches]),
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land(bounce)])], rules=rules, skills={"8": ["Diving Catch"]})


def test_a_bb2025_failed_diving_catch_bouncing_from_the_landing_is_a_ruling(
        tmp_path: Path) -> None:
    # bb2025: the 2025 catch rule bounces a failed catch from the diver's square (rulings.md,
    # Diving Catch; the engine: [19, 7] -> [20, 7]); FUMBBL's bb2025 StepCatchScatterThrowIn
    # scatters it from the landing square ([19, 8] -> [20, 8]): a ruling limited to the ball
    failed = [rep("catchRoll", playerId="8", roll=1, successful=False, minimumRoll=3)]
    k = extract(tmp_path, _failed_dive("BB2025", failed, [20, 8]))
    assert k.scenario["decisions"]["diving_catch"] == ["p8"]
    v = verdict(k)
    assert v.status == "ruling" and "Diving Catch" in v.detail
    assert [p for p, _, _ in v.diffs] == ["ball.path", "ball.square"]
    assert v.diffs[1][1:] == ([20, 8], [20, 7])
    # bb2020's FAQ bounces from the landing square, as FUMBBL: no ruling, it agrees (its catch
    # of a deviated kick at -1: 4+)
    failed = [rep("catchRoll", playerId="8", roll=1, successful=False, minimumRoll=4)]
    k = extract(tmp_path, _failed_dive("BB2020", failed, [20, 8]))
    assert not k.rulings and verdict(k).status == "agree"
    # a bb2025 catch that succeeds meets no ruling (FUMBBL's catch is the engine's)
    caught = [rep("catchRoll", playerId="8", roll=5, successful=True, minimumRoll=3)]
    doc = _failed_dive("BB2025", caught, [19, 7])
    doc["gameLog"]["commandArray"][-2]["reportList"]["reports"].pop()  # no bounce
    doc["gameLog"]["commandArray"][-2]["modelChangeList"]["modelChangeArray"] = []
    k = extract(tmp_path, doc)
    assert not k.rulings
    # nor does a later catch of his that fails (a bounce onto him: no dive, no ruling)
    doc["gameLog"]["commandArray"][-2]["reportList"]["reports"].append(
        rep("catchRoll", playerId="8", roll=1, successful=False, minimumRoll=4))
    assert not extract(tmp_path, doc).rulings


def _clawed_blitz(claw_does_not_stack: str | None) -> dict[str, Any]:
    """classic Blitz!: home 4 (Claw, Mighty Blow) blitzes away 5 (AV 8) to Defender Down; FUMBBL's
    armour roll of 7 holds, as its ``clawDoesNotStack`` on plays it (Claw on the natural 7,
    Mighty Blow's 8 not beating AV 8); LRB6's Claw "after modifications" breaks it (7 + 1)."""
    from test_fumbbl_log import act, free_turn_doc

    doc = free_turn_doc([
        *act("4", "blitzMove", [9, 6], [10, 5], [11, 5], [12, 5]),
        cmd([rep("block", defenderId="5"), rep("blockRoll", blockRoll=[6]),
             rep("blockChoice", nrOfDice=1, blockRoll=[6], diceIndex=0, blockResult="POW",
                 defenderId="5")]),
        cmd(changes=[("fieldModelAddPushbackSquare", None,
                      {"coordinate": [14, 7], "selected": False}),
                     ("fieldModelAddPushbackSquare", None,
                      {"coordinate": [14, 6], "selected": True})]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [14, 6]),
                     ("fieldModelSetPlayerCoordinate", "4", [13, 6])]),
        cmd([rep("injury", defenderId="5", armorRoll=[3, 4], armorBroken=False)],
            [("fieldModelSetPlayerState", "5", 3), ("actingPlayerSetPlayerId", None, None)])],
        rules=None, skills={"4": ["Claw", "Mighty Blow"]})
    if claw_does_not_stack is not None:
        doc["game"]["gameOptions"]["gameOptionArray"].append(
            {"gameOptionId": "clawDoesNotStack", "gameOptionValue": claw_does_not_stack})
    return doc


def test_fumbbls_claw_option_off_the_book_is_a_ruling(tmp_path: Path) -> None:
    from kickoff.formats.fumbbl.game import claw_off_book

    # the book's Claw per edition against FUMBBL's option (absent: its default, on)
    assert [claw_off_book({"clawDoesNotStack": v}, rs) for rs in ("classic", "bb2020", "bb2025")
            for v in ("true", "false")] == [True, False, False, True, False, True]
    assert claw_off_book({}, "classic") and not claw_off_book({}, "bb2020")
    # on in a classic game: the armour FUMBBL held, the engine breaks (its injury roll then
    # seeded): a ruling, explaining the players, tests and what follows only
    k = extract(tmp_path, _clawed_blitz("true"))
    assert k.rulings and "clawDoesNotStack" in k.rulings[-1].text
    v = verdict(k)
    assert v.status == "ruling" and ("tests.armour", [["p5", 7, False]], [["p5", 7, True]]) in v.diffs
    assert not unexplained(v.diffs, k.rulings)
    # off, as LRB6: FUMBBL's log cannot hold that roll; no ruling excuses the engine's difference
    k = extract(tmp_path, _clawed_blitz("false"))
    assert not k.rulings and verdict(k).status in ("disagree", "error")


def _on_the_ball(ma: int) -> dict[str, Any]:
    """bb2025: away 8 (On the Ball, MA ``ma``) runs three squares East from [19, 7] in the
    kick-off move, unmarked; the ball lands on [19, 8] and bounces East."""
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoffReturn")]),
                      *(cmd(changes=[("fieldModelSetPlayerCoordinate", "8", [x, 7])])
                        for x in (20, 21, 22)),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])],
                     rules="BB2025", skills={"8": ["On the Ball"]})
    doc["game"]["teamAway"]["playerArray"][3]["movement"] = ma
    return doc


def test_bb2025_on_the_ball_beyond_ma_is_a_ruling_on_the_rush_only(tmp_path: Path) -> None:
    # FUMBBL moves him three squares whatever his MA (UtilPlayer.hasMoveLeft in the
    # kickoffReturn turn mode), rolling no Rush; the 2025 move Rushes past his MA 2: the third
    # step's Rush is written as a 6, the move FUMBBL made, and only tests.rush differs
    k = extract(tmp_path, _on_the_ball(2))
    assert k.scenario["decisions"]["on_the_ball"]["path"] == [[20, 7], [21, 7], [22, 7]]
    assert k.scenario["dice"]["d6"] == [1, 6, 1, 1]  # the kick's distance, the Rush, the table
    assert [r.fields for r in k.rulings] == [("tests.rush",)]
    v = verdict(k)
    assert v.status == "ruling" and v.diffs == [("tests.rush", [], [["p8", 2]])]
    # MA 3 or more: no Rush, no ruling
    k = extract(tmp_path, _on_the_ball(3))
    assert k.scenario["dice"]["d6"] == [1, 1, 1] and not k.rulings
    assert verdict(k).status == "agree"


def test_a_blitz_that_falls_before_its_block_is_read_and_played(tmp_path: Path) -> None:
    # classic Blitz!: home 4 declares a Blitz (blitzMove) and falls on his Rush (the 7th
    # square) before any block report: a Blitz without a target, only its path played (issue
    # 25: no longer refused as "a Blitz needs a target")
    from test_fumbbl_log import act, free_turn_doc

    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = free_turn_doc([*act("4", "blitzMove", *path),
                         cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                              rep("injury", defenderId="4", armorRoll=[2, 3], armorBroken=False)],
                             [("fieldModelSetPlayerState", "4", 3),
                              ("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["action"] == "blitz" and "target" not in a and a["reroll"] == {"rush": False}
    assert k.expect["players.p4.status"] == "prone"
    assert verdict(k).status == "agree"


@pytest.mark.parametrize("rules", ["BB2020", "BB2025"])
def test_a_free_turn_casualty_patched_up_reads_the_d16_twice(tmp_path: Path, rules: str) -> None:
    # bb2020 / bb2025 Blitz / Charge!: home 4 falls on his Rush, armour [5, 5] broken, injury
    # [5, 6] a Casualty; FUMBBL's Casualty roll [14, 3] (D16 Lasting Injury, its D6 unread),
    # the apothecary's second [4, 2] (Badly Hurt): patched up, to the Reserves. Both D16s are
    # written in the engine's order, the first first (formats/fumbbl/apothecary.py)
    from test_fumbbl_log import act, free_turn_doc

    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = free_turn_doc([cmd([rep("blitzRoll", roll=1)]), *act("4", "move", *path),
                         cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                              rep("injury", defenderId="4", armorRoll=[5, 5], armorBroken=True,
                                  injuryRoll=[5, 6], casualtyRoll=[14, 3])],
                             [("fieldModelSetPlayerState", "4", 3)]),
                         cmd([rep("apothecaryRoll", playerId="4", casualtyRoll=[4, 2],
                                  playerState=6)]),
                         cmd([rep("apothecaryChoice", playerId="4", playerState=9)],
                             [("turnDataSetApothecaries", "home", 0),
                              ("fieldModelSetPlayerState", "4", 9),
                              ("fieldModelSetPlayerCoordinate", "4", [-1, 5]),
                              ("actingPlayerSetPlayerId", None, None)])], rules=rules)
    if rules == "BB2025":
        doc = _charge(doc)
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetApothecaries", "modelChangeKey": "home",
         "modelChangeValue": 1})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["apothecary"] == ["p4"] and not k.notes
    assert k.scenario["dice"]["d16"] == [14, 4]
    assert k.expect["players.p4.status"] == "reserves"
    v = verdict(k)
    assert v.status == "agree", v.detail


@pytest.mark.parametrize("rules", [None, "BB2020", "BB2025"])
def test_a_diving_catch_not_made_is_nobody_attempting(tmp_path: Path, rules: str | None) -> None:
    # away 8 (Diving Catch) beside the landing [19, 8]; FUMBBL's coach made no dive (it logs only
    # a dive made): written as nobody attempting, where the engine's default would have him dive
    # and roll a catch FUMBBL never rolled
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=rules, skills={"8": ["Diving Catch"]})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["diving_catch"] == []
    assert verdict(k).status == "agree"
    # nobody with the skill: no decision written
    assert "diving_catch" not in extract(tmp_path, replay_doc(
        doc["gameLog"]["commandArray"][1:-1], rules=rules)).scenario["decisions"]


@pytest.mark.parametrize(("result", "rules", "dice"), [("Blitz", "BB2020", [5, 5]),
                                                        ("Charge!", "BB2025", [5, 5])])
def test_an_overtime_event_given_without_a_roll_is_a_ruling_on_the_roll(
        tmp_path: Path, result: str, rules: str, dice: list[int]) -> None:
    # overtime (half 3) with FUMBBL's overtimeKickOffResults at Blitz: its kickoffResult report
    # has an empty kickoffRoll (christerk/ffb StepKickoffResultRoll); the book rolls on the
    # table: two dice giving the event (10) are written, and only event.roll may differ
    from test_fumbbl_log import free_turn_doc

    doc = free_turn_doc([cmd([rep("blitzRoll", roll=1)])], rules=rules)
    commands = doc["gameLog"]["commandArray"]
    commands[0]["modelChangeList"]["modelChangeArray"][0]["modelChangeValue"] = 3
    commands[2]["reportList"]["reports"][0].update(kickoffResult=result, kickoffRoll=[])
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d6"][1:3] == dice and k.expect["event.roll"] == []
    v = verdict(k)
    assert v.status == "ruling" and v.diffs == [("event.roll", [], dice)]
