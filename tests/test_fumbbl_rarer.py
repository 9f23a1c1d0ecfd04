"""FUMBBL's rarer kick-off reports, on small hand-made command lists: team re-rolls FUMBBL names by
what they used up, the Loner roll in a report of its own, actions declared with a move, reports
that carry no die, the kick-off move's Dodges, and bb2025 Swarming before the kick.

Contract: ``docs/fumbbl.md``; christerk/ffb ``ReRollSources``, ``mechanic/*/RollMechanic``
(``useReRoll``, bb2025 ``findUsedTeamReRollSource`` / ``checkForLoner``), ``PlayerAction``,
``bb2020/shared/StepInitFeeding``, ``phase/kickoff/StepKickoffReturn``, ``generator/bb2025/Kickoff``
and ``bb2025/kickoff/StepSwarming``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import cli
from test_fumbbl_log import (
    act,
    cmd,
    extract,
    free_turn_doc,
    land,
    rep,
    replay_doc,
    scatter,
    stiletto_doc,
)

from kickoff.cli.fumbbl_cmd import check
from kickoff.formats.fumbbl.replay import SWARMED_BEFORE_KICK

PATH = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]  # the 7th step a Rush


#: The re-roll sources of FUMBBL's that are no team re-roll.
_OWN_REROLLS = ("Loner", "Pro", "Sure Feet", "Dodge")


def _failed_rush(*rerolls: dict[str, Any]) -> list[dict[str, Any]]:
    """Home 4 moves seven squares; the Rush fails on a 1, ``rerolls`` follow, the re-roll is a 3;
    a team re-roll among them leaves home one of its two (FUMBBL's ``turnDataSetReRolls``)."""
    team = any(r.get("reRollSource") not in _OWN_REROLLS for r in rerolls)
    spent = [("turnDataSetReRolls", "home", 1)] if team else []
    return [*act("4", "move", *PATH),
            cmd([rep("goForItRoll", playerId="4", roll=1, successful=False), *rerolls,
                 rep("goForItRoll", playerId="4", roll=3, successful=True, reRolled=True)],
                [*spent, ("actingPlayerSetPlayerId", None, None)])]


@pytest.mark.parametrize("source", ["Leader", "Brilliant Coaching ReRoll", "Pump up the Crowd",
                                    "Star of the Show"])
def test_a_team_reroll_named_by_what_it_used_is_a_team_reroll(tmp_path: Path,
                                                               source: str) -> None:
    """Classic Blitz! allows team re-rolls; FUMBBL writes the Leader's (or a drive's extra) under
    its own name, taken from the team's re-rolls as any team re-roll."""
    k = extract(tmp_path, free_turn_doc(_failed_rush(
        rep("reRoll", playerId="4", reRollSource=source, roll=0))))
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": "team"}
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 1, 3]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["teams"]["home"]["rerolls"] == 1  # of the replay's 2


def test_the_loner_roll_in_a_report_of_its_own_is_read(tmp_path: Path) -> None:
    """FUMBBL since 2024 writes a Loner's team re-roll as two reports: the team re-roll, then
    ``Loner`` with its D6 (rolled before the re-roll, as the engine rolls it)."""
    k = extract(tmp_path, free_turn_doc(_failed_rush(
        rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
        rep("reRoll", playerId="4", reRollSource="Loner", roll=5, successful=True)),
        skills={"4": ["Loner"]}))
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 1, 5, 3]
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": "team"}
    assert not k.notes
    assert check(k)[0] == "agree"


def test_a_loner_report_after_no_team_reroll_is_still_a_note(tmp_path: Path) -> None:
    """A ``Loner`` report with no failed test and no team re-roll before it is not guessed at."""
    doc = free_turn_doc([*act("4", "move", [9, 7]),
                         cmd([rep("reRoll", playerId="4", reRollSource="Loner", roll=5)])])
    k = extract(tmp_path, doc)
    assert any("Loner re-roll of no test" in n for n in k.notes)


@pytest.mark.parametrize("action", ["passMove", "handOverMove", "foulMove", "gazeMove",
                                    "throwTeamMateMove", "kickTeamMateMove"])
def test_an_action_declared_with_its_move_is_read_as_a_move(tmp_path: Path, action: str) -> None:
    """A Pass (Hand-off, Foul, ...) declared and used only to move is that move."""
    k = extract(tmp_path, free_turn_doc([*act("4", action, [9, 7], [10, 7]),
                                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])]))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "move", "path": [[9, 7], [10, 7]]}]
    assert not k.notes
    status, _, _ = check(k)
    assert status == "agree" and k.expect["players.p4.square"] == [10, 7]


def test_what_only_the_declared_action_does_is_named(tmp_path: Path) -> None:
    """The move of a Foul action is read; the foul itself is a report the reader names."""
    doc = free_turn_doc([*act("1", "foulMove", [11, 5]),
                         cmd([rep("foul", defenderId="5"),
                              rep("injury", defenderId="5", armorRoll=[2, 2])]),
                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"][0]["path"] == [[11, 5]]
    status, _, detail = check(k)
    assert status == "unsupported" and "'foul' report" in detail


def test_a_forgone_activation_is_none(tmp_path: Path) -> None:
    k = extract(tmp_path, free_turn_doc([
        cmd([rep("playerAction", actingPlayerId="4", playerAction="forgo")]),
        cmd(changes=[("actingPlayerSetPlayerId", None, None)])]))
    assert "blitz" not in k.scenario["decisions"] and not k.notes
    assert check(k)[0] == "agree"


def test_bb2020_activation_counts_carry_no_die(tmp_path: Path) -> None:
    """bb2020's ``kickoffSequenceActivationsCount`` / ``...Exhausted`` after each activation."""
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                      cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)],
                          [("gameSetTurnMode", None, "blitz")]),
                      *act("4", "move", [9, 7]),
                      cmd([rep("kickoffSequenceActivationsCount", amount=1, available=4,
                               limit=5)], [("actingPlayerSetPlayerId", None, None)]),
                      cmd([rep("kickoffSequenceActivationsExhausted")]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    k = extract(tmp_path, doc)
    assert not k.notes and k.scenario["decisions"]["blitz"][0]["path"] == [[9, 7]]
    assert check(k)[0] == "agree"


def _kick_off_return(*move: dict[str, Any]) -> dict[str, Any]:
    """Classic: away 8 set up at [14, 9] runs back [13, 9] (next to home 3 at [12, 8]) then
    [14, 10] (leaving home 3's tackle zone: a Dodge) in his Kick-Off Return; the ball lands on
    [19, 8] and bounces East."""
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoffReturn")]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "8", [13, 9])]),
                      cmd(list(move), [("fieldModelSetPlayerCoordinate", "8", [14, 10])]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])],
                     rules=None, skills={"8": ["Kick-Off Return"]})
    change = doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"][17]
    assert change["modelChangeKey"] == "8"
    change["modelChangeValue"] = [14, 9]
    return doc


def test_the_kick_off_moves_dodge_is_read(tmp_path: Path) -> None:
    k = extract(tmp_path, _kick_off_return(
        rep("dodgeRoll", playerId="8", roll=4, successful=True, minimumRoll=3)))
    assert k.scenario["dice"]["d6"] == [1, 4, 1, 1]  # the kick's distance, the Dodge, the table
    assert k.scenario["decisions"]["kick_off_return"] == {"player": "p8",
                                                          "path": [[13, 9], [14, 10]]}
    assert not k.notes and not k.rulings
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    dodges = [e for e in doc["log"] if str(e.get("for", "")).startswith("dodge by p8")]
    assert [e["value"] for e in dodges] == [4]


def test_a_reroll_in_the_kick_off_move_is_a_ruling(tmp_path: Path) -> None:
    k = extract(tmp_path, _kick_off_return(
        rep("dodgeRoll", playerId="8", roll=1, successful=False, minimumRoll=3),
        rep("reRoll", playerId="8", reRollSource="Team ReRoll", roll=0),
        rep("dodgeRoll", playerId="8", roll=5, successful=True, reRolled=True, minimumRoll=3)))
    assert k.rulings and "Team ReRoll re-roll" in k.rulings[0].text


def test_a_jump_in_the_kick_off_move_is_named(tmp_path: Path) -> None:
    k = extract(tmp_path, _kick_off_return(rep("jumpRoll", playerId="8", roll=4,
                                               successful=True)))
    assert any("'jumpRoll'" in n for n in k.notes)


def test_bb2025_swarming_before_the_kick_is_named(tmp_path: Path) -> None:
    """bb2025 rolls Swarming between the set-up and the kick (FUMBBL's ``swarming`` turn mode):
    the kick-off says so, whatever its set-up."""
    doc = replay_doc([cmd([rep("swarmingPlayersRoll", teamId="100", amount=1)],
                          [("gameSetTurnMode", None, "swarming")]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules="BB2025")
    k = extract(tmp_path, doc)
    assert SWARMED_BEFORE_KICK in k.notes


# --------------------------------------------------------------------------- prayers in effect


def _catch_after(pregame: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """``pregame``'s commands before the kick; the kick lands on away 8 ([19, 7]), who fails
    the catch on a 1 and re-rolls it with Catch (a 4)."""
    doc = replay_doc([cmd([scatter([19, 7], "East", 3, 1)], [land([19, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("catchRoll", playerId="8", roll=1, minimumRoll=4,
                               successful=False),
                           rep("reRoll", playerId="8", reRollSource="Catch", successful=True),
                           rep("catchRoll", playerId="8", roll=4, minimumRoll=4, successful=True,
                               reRolled=True)], [("fieldModelSetBallMoving", None, False)])], **kw)
    doc["gameLog"]["commandArray"][1:1] = pregame
    return doc


def test_a_pre_game_intensive_training_gives_its_skill(tmp_path: Path) -> None:
    """As shared game 1548033 (commands 14-16): a prayer bought before the game is in effect,
    and Intensive Training's skill is the player's (here Catch, which the kick-off's catch uses)."""
    k = extract(tmp_path, _catch_after([
        cmd([rep("prayerRoll", roll=16)], [("inducementSetAddPrayer", "away", "Intensive Training")]),
        cmd([rep("playerEvent", playerId="8", message="gains Catch")],
            [("fieldModelAddIntensiveTraining", "8", "Catch")])]))
    away = k.scenario["teams"]["away"]
    assert away["prayers"] == ["intensive_training"] and "prayers" not in k.scenario["teams"]["home"]
    assert [p["skills"] for p in away["players"] if p["id"] == "p8"] == [["catch"]]
    assert check(k)[0] == "agree"
    # without the skill the same log cannot be played: the Catch re-roll is the proof
    assert check(extract(tmp_path, _catch_after([])))[0] == "error"


def test_a_players_prayers_change_him_until_removed(tmp_path: Path) -> None:
    """``fieldModelAddPrayer`` (the prayer's constant name) changes the player as the engine's
    prayers do; ``fieldModelRemovePrayer`` ends it (the end of the drive)."""
    add = [("inducementSetAddPrayer", "home", "Stiletto"), ("fieldModelAddPrayer", "2", "STILETTO"),
           ("inducementSetAddPrayer", "away", "Greasy Cleats"),
           ("fieldModelAddPrayer", "5", "GREASY_CLEATS"), ("fieldModelAddPrayer", "6", "IRON_MAN"),
           ("fieldModelAddPrayer", "7", "KNUCKLE_DUSTERS")]
    k = extract(tmp_path, _catch_after([cmd(changes=add)], skills={"8": ["Catch"]}))
    players = {p["id"]: p for s in ("home", "away") for p in k.scenario["teams"][s]["players"]}
    assert "stab" in players["p2"]["skills"] and "mighty_blow" in players["p7"]["skills"]
    assert players["p5"]["ma"] == 5 and players["p6"]["av"] == 10  # of 6 and 9
    assert k.scenario["teams"]["home"]["prayers"] == ["stiletto"]
    assert k.scenario["teams"]["away"]["prayers"] == ["greasy_cleats"]
    assert check(k)[0] == "agree"
    removed = [("inducementSetRemovePrayer", "home", "Stiletto"),
               ("fieldModelRemovePrayer", "2", "STILETTO")]
    k = extract(tmp_path, _catch_after([cmd(changes=add), cmd(changes=removed)],
                                       skills={"8": ["Catch"]}))
    players = {p["id"]: p for s in ("home", "away") for p in k.scenario["teams"][s]["players"]}
    assert players["p2"]["skills"] == [] and "prayers" not in k.scenario["teams"]["home"]


def test_the_exhibition_prayer_table_is_a_d8(tmp_path: Path) -> None:
    """FUMBBL's bb2020 option ``inducementPrayersUseLeagueTable`` off: prayers 1-8 only
    (christerk/ffb ``factory/bb2020/PrayerFactory``), the D8 of the exhibition table."""
    doc = stiletto_doc("2")
    doc["game"]["gameOptions"]["gameOptionArray"].append(
        {"gameOptionId": "inducementPrayersUseLeagueTable", "gameOptionValue": "false"})
    k = extract(tmp_path, doc)
    assert k.scenario["options"] == {"prayer_die": 8}
    assert k.scenario["dice"]["d8"][1] == 3 and "d16" not in k.scenario["dice"]
    assert check(k)[0] == "agree"


def test_bad_habits_naming_every_candidate_picks_none(tmp_path: Path) -> None:
    """Bad Habits (D3 opposing players gain Loner) when the D3 covers every candidate: the engine
    chooses them all and rolls no pick (``pitch-and-dice.md``), so none is written."""
    doc = replay_doc([cmd([scatter([19, 7], "East", 3, 1)], [land([19, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Cheering Fans", kickoffRoll=[3, 3])]),
                      cmd([rep("cheeringFans", teamId="100", prayerAvailable=True, rollHome=5,
                               rollAway=1)]),
                      cmd([rep("prayerRoll", roll=6),
                           rep("playerEvent", playerId="8", message="gains Loner (4+)"),
                           rep("playerEvent", playerId="7", message="gains Loner (4+)")],
                          [("fieldModelAddPrayer", "8", "BAD_HABITS"),
                           ("fieldModelAddPrayer", "7", "BAD_HABITS")]),
                      cmd([rep("catchRoll", playerId="8", roll=4, minimumRoll=4,
                               successful=True)], [("fieldModelSetBallMoving", None, False)])],
                     skills={"5": ["Loner (4+)"], "6": ["Loner (4+)"]})
    k = extract(tmp_path, doc)
    assert "pick" not in k.scenario["dice"] and k.scenario["dice"]["d3"] == [2]
    status, result, _ = check(k)
    assert status == "agree" and result is not None
    loners = {pid for pid, p in result["players"].items() if "loner" in p["skills"]}
    assert loners == {"p5", "p6", "p7", "p8"}


@pytest.mark.parametrize(("rules", "result", "report"), [
    ("BB2020", "Time-out", "kickoffTimeout"), (None, "Riot", "kickoffRiot")])
def test_the_turn_markers_moved_are_checked(tmp_path: Path, rules: str | None, result: str,
                                            report: str) -> None:
    """Time-out / Riot: FUMBBL's markers once the event is over are compared (not those of the
    last command, where the receiving team's turn starts); a wrong marker disagrees."""
    def doc(kicking_turn: int) -> dict[str, Any]:
        d = replay_doc([cmd([scatter([19, 7], "East", 3, 1)], [land([19, 7])]),
                        cmd([rep("kickoffResult", kickoffResult=result, kickoffRoll=[1, 2]),
                             rep(report, turnNr=6, turnModifier=-1)],
                            [("turnDataSetTurnNr", "home", 5), ("turnDataSetTurnNr", "away", 4)]),
                        cmd([rep("catchRoll", playerId="8", roll=4, minimumRoll=4,
                                 successful=True)], [("fieldModelSetBallMoving", None, False)])],
                       rules=rules)
        d["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"] += [
            {"modelChangeId": "turnDataSetTurnNr", "modelChangeKey": "home",
             "modelChangeValue": kicking_turn},
            {"modelChangeId": "turnDataSetTurnNr", "modelChangeKey": "away", "modelChangeValue": 5}]
        # the command ending the kick-off starts the receiving team's turn: its marker on by one
        d["gameLog"]["commandArray"][-1]["modelChangeList"]["modelChangeArray"].insert(
            0, {"modelChangeId": "turnDataSetTurnNr", "modelChangeKey": "away",
                "modelChangeValue": 5})
        return d
    k = extract(tmp_path, doc(6))
    assert k.expect["teams.home.turn"] == 5 and k.expect["teams.away.turn"] == 4
    if rules is None:  # classic Riot on turn 6 rolls its D6 (1-3: forward, 4-6: back)
        k.scenario["dice"]["d6"].insert(3, 5)
    assert check(k)[0] == "agree"
    k.scenario["teams"]["home"]["turn"] = 2  # a wrong marker: Time-out moves both on instead
    if rules is None:
        k.scenario["dice"]["d6"][3] = 2  # and Riot forward
    assert check(k)[0] == "disagree"


def test_a_trapdoor_roll_is_named(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Quick Snap", kickoffRoll=[4, 5])]),
                      cmd([rep("trapDoor", playerId="8", roll=4)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    k = extract(tmp_path, doc)
    assert any("Trapdoor" in n for n in k.notes)


@pytest.mark.parametrize(("rules", "status"), [("BB2025", "agree"), ("BB2020", "ruling")])
def test_a_touchback_nobody_can_take(tmp_path: Path, rules: str, status: str) -> None:
    """Every receiving player has No Hands: FUMBBL lets the coach put the ball on any square.
    bb2025's coach names an empty square of the receiving area (that square, agreed); bb2020's
    book has a Prone or Stunned player named instead (a ruling)."""
    doc = replay_doc([cmd([scatter([26, 7], "East", 3, 4)], [land([26, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd(changes=[("gameSetTurnMode", None, "touchback")]),
                      cmd(changes=[land([20, 5]), ("fieldModelSetBallMoving", None, False)])],
                     rules=rules, skills={pid: ["No Hands"] for pid in ("5", "6", "7", "8")})
    k = extract(tmp_path, doc)
    assert k.expect["touchback"] is True and k.expect["ball.carrier"] is None
    if rules == "BB2025":
        assert k.scenario["decisions"]["touchback"] == [20, 5] and not k.rulings
    else:
        assert "touchback" not in k.scenario["decisions"] and "any square" in k.rulings[0].text
    assert check(k)[0] == status


# --------------------------------------------------------------------------- hostile logs


def _plain(*extra: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                       *extra,
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land([20, 8])])], **kw)


def _verify(tmp_path: Path, *docs: dict[str, Any]) -> tuple[int, str, str]:
    for i, d in enumerate(docs):
        (tmp_path / f"g{i}.json").write_text(json.dumps(d))
    return cli(["fumbbl", "verify", str(tmp_path)])


@pytest.mark.parametrize(("bad", "message"), [
    (cmd(changes=[("fieldModelSetPlayerCoordinate", "999", [20, 3])]),
     "names player '999', who is in neither team's roster"),
    (cmd([rep("kickoffThrowARock", rollHome=1, rollAway=2, playerIdsHit=["999"])]),
     "names player '999'"),
    (cmd([rep("cheeringFans", teamIdsAdditionalAssist=200, rollHome=5, rollAway=1)]),
     "'cheeringFans' has an unexpected shape: teamIdsAdditionalAssist"),
    (cmd([rep("reRoll", reRollSource="Pro", roll="x")]), "'reRoll' has an unexpected shape"),
])
def test_a_log_naming_the_unknown_is_a_message_and_verify_goes_on(
        tmp_path: Path, bad: dict[str, Any], message: str) -> None:
    code, out, err = _verify(tmp_path, _plain(bad), _plain())
    assert code == 1 and "Traceback" not in err and message in err
    assert "1 of 1 kick-offs agree" in out  # the other game still verified


def test_a_game_id_is_shown_as_text(tmp_path: Path) -> None:
    """A game id is the log's: neither Rich markup nor a terminal's control code."""
    doc = _plain()
    doc["game"]["gameId"] = "[/x]\x1b[2J[red]G"
    code, out, err = _verify(tmp_path, doc)
    assert code == 0, err
    assert "\x1b" not in out and "[/x]" in out and "[red]G" in out


def test_a_log_of_too_many_commands_is_refused_before_it_is_read(tmp_path: Path) -> None:
    doc = _plain()
    doc["gameLog"]["commandArray"] += [{}] * 100_001
    code, _, err = _verify(tmp_path, doc)
    assert code == 1 and "100,000" in err and "Traceback" not in err


def test_an_illegal_set_up_is_an_error_whatever_ruling_follows(tmp_path: Path) -> None:
    """A classic throw-in is a ruling (FUMBBL's 2D6 - 1); the set-up before it still decides."""
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("throwIn", direction="South", directionRoll=3,
                               distanceRoll=[1, 1])], [land([20, 10])])], rules=None)
    change = doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"][9]
    assert change["modelChangeKey"] == "4"
    change["modelChangeValue"] = [16, 2]  # the kicking team's deep player in the other half
    k = extract(tmp_path, doc)
    assert k.rulings
    status, _, detail = check(k)
    assert status == "error" and "outside its own half" in detail


def test_a_reroll_of_no_failed_dodge_in_the_kick_off_move_is_a_note(tmp_path: Path) -> None:
    k = extract(tmp_path, _kick_off_return(
        rep("dodgeRoll", playerId="8", roll=4, successful=True, minimumRoll=3),
        rep("reRoll", playerId="8", reRollSource="Team ReRoll")))
    assert not k.rulings and any("re-roll of no failed Dodge" in n for n in k.notes)


def test_a_prayer_on_the_wrong_team_is_a_note(tmp_path: Path) -> None:
    """Home prays for Stiletto (a home player gains Stab): FUMBBL naming an away player is no
    pick among home's players."""
    doc = stiletto_doc("5")
    k = extract(tmp_path, doc)
    assert "pick" not in k.scenario["dice"]
    assert any("stiletto: FUMBBL's player p5 is of the away team" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


def test_a_loose_touchback_someone_could_take_is_no_ruling(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([26, 7], "East", 3, 4)], [land([26, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd(changes=[("gameSetTurnMode", None, "touchback")]),
                      cmd(changes=[land([20, 5]), ("fieldModelSetBallMoving", None, False)])])
    k = extract(tmp_path, doc)
    assert not k.rulings and "touchback" not in k.scenario["decisions"]
    assert check(k)[0] == "disagree"  # the engine gives the ball to the first able player


def test_extract_writes_no_scenario_replay_would_refuse(tmp_path: Path) -> None:
    """A log whose values exceed the scenario's limits (an MA of ten million) is refused by
    ``extract`` as a whole, nothing written, as ``kickoff replay`` would refuse the file."""
    doc = _plain()
    doc["game"]["teamAway"]["playerArray"][0]["movement"] = 10_000_000
    (tmp_path / "g.json").write_text(json.dumps(doc))
    out = tmp_path / "out"
    code, _, err = cli(["fumbbl", "extract", str(tmp_path / "g.json"), "--out", str(out)])
    assert code == 1 and "kick-off 1: the log's values make no scenario: " in err
    assert "players[0].ma" in err and "nothing written" in err and not out.exists()


# --------------------------------------------------------------------------- Leap and the skills
# the free turn's engine does not play (issue 25)


def _leap_turn(roll: int, ok: bool, *after: dict[str, Any]) -> list[dict[str, Any]]:
    """Home 4 (Leap) runs to [12, 5], beside away 5 on [13, 6], and leaps to [14, 5]: one
    model change of two squares, FUMBBL's ``leapRoll`` in the same command."""
    return [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("leapRoll", playerId="4", roll=roll, minimumRoll=4, successful=ok), *after],
                [("fieldModelSetPlayerCoordinate", "4", [14, 5])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]


@pytest.mark.parametrize("rules", [None, "BB2020"])
def test_a_leap_is_read_and_played(tmp_path: Path, rules: str | None) -> None:
    """classic: 4+ on the Agility table, no modifier; bb2020: AG 3+ at -1 (away 5 Marks both
    the square left and the one entered): 4+ both, as FUMBBL's minimumRoll says."""
    turn = _leap_turn(4, True)
    if rules is not None:  # bb2020's count die (D3+3) before the free turn
        turn.insert(0, cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]))
    k = extract(tmp_path, free_turn_doc(turn, rules=rules, skills={"4": ["Leap"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["path"] == [[9, 6], [10, 5], [11, 5], [12, 5], [14, 5]] and a["leap"] == [4]
    assert k.expect["tests.leap"] == [["p4", 4]]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["square"] == [14, 5]


def test_a_failed_leap_rerolled_with_a_team_reroll(tmp_path: Path) -> None:
    turn = _leap_turn(2, False, rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
                      rep("leapRoll", playerId="4", roll=5, minimumRoll=4, successful=True,
                          reRolled=True))
    turn.insert(-1, cmd(changes=[("turnDataSetReRolls", "home", 1)]))
    k = extract(tmp_path, free_turn_doc(turn, skills={"4": ["Leap"]}))
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"leap": "team"}
    assert not k.notes
    assert check(k)[0] == "agree"


@pytest.mark.parametrize("report, named", [
    (rep("kickTeamMateRoll", playerId="4", rolls=[5]),
     "FUMBBL's 'kickTeamMateRoll' report outside a Throw / Kick Team-mate is not read"),
    (rep("swoopPlayer", playerId="4"), "Swoop is not replayed"),
])
def test_a_skill_the_engine_does_not_play_is_unsupported_by_name(
        tmp_path: Path, report: dict[str, Any], named: str) -> None:
    doc = free_turn_doc([*act("4", "move", [9, 7]), cmd([report]),
                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    status, _, detail = check(k)
    assert status == "unsupported"
    assert f"free turn: {named}" in detail


def test_a_classic_bomb_declared_and_not_thrown_is_no_activation(tmp_path: Path) -> None:
    # classic Blitz! plays a bomb (tests/test_fumbbl_bomb.py); one deselected before its target
    # did nothing (FUMBBL lets a coach change his mind, as the shared games of 2017 show)
    doc = free_turn_doc([cmd([rep("playerAction", actingPlayerId="4", playerAction="throwBomb")],
                             [("actingPlayerSetPlayerId", None, "4")]),
                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert not k.scenario["decisions"].get("blitz") and not k.notes
    assert check(k)[0] == "agree"


def test_a_classic_leap_to_an_adjacent_square_is_named(tmp_path: Path) -> None:
    turn = [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("leapRoll", playerId="4", roll=4, minimumRoll=4, successful=True)],
                [("fieldModelSetPlayerCoordinate", "4", [13, 5])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    status, _, detail = check(extract(tmp_path, free_turn_doc(turn, skills={"4": ["Leap"]})))
    assert status == "unsupported" and "Leap to an adjacent square" in detail


def test_a_team_reroll_of_a_confusion_roll_and_its_loner_roll_are_read(tmp_path: Path) -> None:
    """classic Bone-Head fails on a 1, a team re-roll (Loner 5 in its own report), re-rolled 4:
    the activation's ``reroll.confusion`` is ``team``, the dice in FUMBBL's order."""
    doc = free_turn_doc([
        cmd([rep("playerAction", actingPlayerId="4", playerAction="move"),
             rep("confusionRoll", playerId="4", roll=1, successful=False, minimumRoll=2,
                 confusionSkill="Bone-Head"),
             rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
             rep("reRoll", playerId="4", reRollSource="Loner", roll=5, successful=True),
             rep("confusionRoll", playerId="4", roll=4, successful=True, minimumRoll=2,
                 reRolled=True, confusionSkill="Bone-Head")],
            [("actingPlayerSetPlayerId", None, "4"), ("turnDataSetReRolls", "home", 1)]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "4", [9, 7])]),
        cmd(changes=[("actingPlayerSetPlayerId", None, None)])],
        skills={"4": ["Bone-Head", "Loner"]})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "move", "path": [[9, 7]], "reroll": {"confusion": "team"}}]
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 1, 5, 4]
    assert not k.notes
    status, doc_out, _ = check(k)
    assert status == "agree" and doc_out is not None
    assert doc_out["teams"]["home"]["rerolls"] == 1


@pytest.mark.parametrize("roll, held", [([3, 4], False), ([2, 2], True)])
def test_a_classic_tentacles_roll_is_read_and_played(tmp_path: Path, roll: list[int],
                                                     held: bool) -> None:
    """Home 4 runs to [12, 5], in away 5's tackle zone (Tentacles), and steps on to [12, 4]:
    FUMBBL's ``tentaclesShadowingRoll`` (its own command, before the step) is the receiving
    coach's choice at step 4 and the mover's 2D6 escape, 6 + 3 - 3 = 6+; escaped, the Dodge
    (3+) follows and he steps; held (2 + 2), he stays on [12, 5] (the step he tried, which the
    log does not name, is written as the first empty square beside him: [11, 4])."""
    turn = [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("tentaclesShadowingRoll", skill="Tentacles", defenderId="5",
                     tentacleRoll=roll, successful=not held, minimumRoll=6)])]
    if not held:
        turn.append(cmd([rep("dodgeRoll", playerId="4", roll=4, minimumRoll=3, successful=True)],
                        [("fieldModelSetPlayerCoordinate", "4", [12, 4])]))
    turn.append(cmd(changes=[("actingPlayerSetPlayerId", None, None)]))
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Tentacles"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["tentacles"] == {"4": "p5"}
    assert a["path"][-1] == ([11, 4] if held else [12, 4])
    assert k.scenario["dice"]["d6"][3:5] == roll
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["square"] == ([12, 5] if held else [12, 4])


@pytest.mark.parametrize("same_command", [True, False])
@pytest.mark.parametrize("roll, follows", [([3, 3], True), ([4, 4], False)])
def test_a_classic_shadowing_roll_is_read_and_played(tmp_path: Path, roll: list[int],
                                                     follows: bool, same_command: bool) -> None:
    """Home 4 runs to [12, 5], Marked by away 5 (Shadowing) on [13, 6], and dodges to [12, 4]
    (3+, a 3); FUMBBL's Shadowing roll (its own command): the mover's 2D6 gets away on 8+.
    Followed, 5's step into [12, 5] comes in the report's command or the next one."""
    turn = [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("dodgeRoll", playerId="4", roll=3, minimumRoll=3, successful=True)],
                [("fieldModelSetPlayerCoordinate", "4", [12, 4])])]
    shadow_step = [("fieldModelSetPlayerCoordinate", "5", [12, 5])] if follows else []
    report = rep("tentaclesShadowingRoll", skill="Shadowing", defenderId="5", tentacleRoll=roll,
                 successful=not follows, minimumRoll=8)
    if same_command:
        turn.append(cmd([report], shadow_step))
    else:
        turn += [cmd([report]), cmd(changes=shadow_step)]
    turn.append(cmd(changes=[("actingPlayerSetPlayerId", None, None)]))
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Shadowing"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["shadowing"] == {"4": "p5"} and a["path"][-1] == [12, 4]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p5"]["square"] == ([12, 5] if follows else [13, 6])


def test_a_shadowing_move_with_no_roll_is_named(tmp_path: Path) -> None:
    turn = [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("dodgeRoll", playerId="4", roll=3, minimumRoll=3, successful=True)],
                [("fieldModelSetPlayerCoordinate", "4", [12, 4])]),
            cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [12, 5])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    status, _, detail = check(extract(tmp_path, free_turn_doc(turn)))
    assert status == "unsupported" and "Shadowing move of p5" in detail


def test_shadowing_a_falling_player_is_read_and_played(tmp_path: Path) -> None:
    """FUMBBL shadows a player who fell on his Dodge (its ``Move`` sequence: ``SHADOWING`` before
    ``FALL_DOWN``), as the book and the engine do: 5 follows him into [12, 5] (classic 2D6 3 + 3,
    under 8), then his armour roll (2 + 2 holds)."""
    turn = [*act("4", "move", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("dodgeRoll", playerId="4", roll=1, minimumRoll=3, successful=False)],
                [("fieldModelSetPlayerCoordinate", "4", [12, 4])]),
            cmd([rep("tentaclesShadowingRoll", skill="Shadowing", defenderId="5",
                     tentacleRoll=[3, 3], successful=False, minimumRoll=8)],
                [("fieldModelSetPlayerCoordinate", "5", [12, 5])]),
            cmd([rep("injury", defenderId="4", injuryType="dropDodge", armorRoll=[2, 2])],
                [("fieldModelSetPlayerState", "4", 3)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Shadowing"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    # the Dodge and the escape (the mover's 2D6) failed and were not re-rolled
    assert a["shadowing"] == {"4": "p5"} and a["reroll"] == {"dodge": False, "shadowing": False}
    assert k.scenario["dice"]["d6"][3:] == [1, 3, 3, 2, 2]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p5"]["square"] == [12, 5]
    assert (doc["players"]["p4"]["square"], doc["players"]["p4"]["status"]) == ([12, 4], "prone")


def test_a_classic_foul_appearance_roll_wastes_the_block_and_he_moves_on(tmp_path: Path) -> None:
    """Home 4 Blitzes away 5 (Foul Appearance) from [12, 5]: FUMBBL sets the defender, rolls
    Foul Appearance (1: wasted, no block report) and 4 moves on to [11, 4], a Dodge out of 5's
    zone (3+); read as the Blitz's target and its move after the block."""
    turn = [*act("4", "blitzMove", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("foulAppearanceRoll", playerId="4", roll=1, minimumRoll=2, successful=False,
                     defenderId=None)], [("gameSetDefenderId", "5", None)]),
            cmd([rep("dodgeRoll", playerId="4", roll=3, minimumRoll=3, successful=True)],
                [("fieldModelSetPlayerCoordinate", "4", [11, 4])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Foul Appearance"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["target"] == "p5" and a["after_block"] == [[11, 4]]
    assert a["reroll"] == {"foul_appearance": False}
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["square"] == [11, 4]


def test_a_bb2020_foul_appearance_roll_wastes_the_blitz_at_its_declaration(tmp_path: Path) -> None:
    """bb2020: FUMBBL rolls it when the Blitz target is selected (``selectBlitzTarget``); a 1
    and the Blitz ends before a step: the activation is the Blitz with its target, no path."""
    turn = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]),
            cmd([rep("playerAction", actingPlayerId="4", playerAction="blitzMove"),
                 rep("selectBlitzTarget", attackerId="4", defenderId="6"),
                 rep("foulAppearanceRoll", playerId="4", roll=1, minimumRoll=2,
                     successful=False)], [("actingPlayerSetPlayerId", None, "4")]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, rules="BB2020", skills={"6": ["Foul Appearance"]}))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "blitz", "path": [], "target": "p6",
         "reroll": {"foul_appearance": False}}]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["square"] == [8, 7]


@pytest.mark.parametrize("roll, ok", [(5, True), (2, False)])
def test_a_classic_hypnotic_gaze_is_read_and_played(tmp_path: Path, roll: int, ok: bool) -> None:
    """Home 4 (Hypnotic Gaze) declares a Gaze, moves to [12, 5] beside away 5 and gazes him:
    FUMBBL sets the defender and rolls 4+ (the Agility table, no other tackle zone)."""
    turn = [*act("4", "gazeMove", [9, 6], [10, 5], [11, 5], [12, 5]),
            cmd([rep("hypnoticGazeRoll", playerId="4", roll=roll, minimumRoll=4,
                     successful=ok)], [("gameSetDefenderId", "5", None)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills={"4": ["Hypnotic Gaze"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["action"] == "move" and a["gaze"] == "p5"
    assert a.get("reroll") == (None if ok else {"gaze": False})
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert [(line["target"], line["success"]) for line in doc["log"]
            if line.get("step") == "gaze"] == [("p5", ok)]


def test_a_gaze_in_a_bb2020_blitz_is_named(tmp_path: Path) -> None:
    turn = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]),
            *act("4", "gazeMove", [9, 6]),
            cmd([rep("hypnoticGazeRoll", playerId="4", roll=5, minimumRoll=4, successful=True)],
                [("gameSetDefenderId", "5", None)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, rules="BB2020", skills={"4": ["Hypnotic Gaze"]}))
    status, _, detail = check(k)
    assert status == "unsupported" and "does not allow" in detail


def _vampires(doc: dict[str, Any], value: str | None) -> dict[str, Any]:
    """Home 2 a Thrall (his roster position's ``thrall`` flag), home 4's first skill valued."""
    home = doc["game"]["teamHome"]
    home["roster"] = {"positionArray": [{"positionId": "thr", "positionName": "Thrall",
                                         "thrall": True},
                                        {"positionId": "vam", "positionName": "Vampire"}]}
    for p in home["playerArray"]:
        p["positionId"] = "thr" if p["playerId"] == "2" else "vam"
        if p["playerId"] == "4":
            p["skillValues"] = [value]
    return doc


def test_a_classic_blood_lust_bite_is_read_and_played(tmp_path: Path) -> None:
    """Home 4 (Blood Lust) declares a Move: FUMBBL's ``bloodLustRoll`` 1 fails, the coach takes
    no re-roll; he moves to [11, 7] beside the Thrall home 2 and bites him (an ``injury`` of type
    ``bitten``: no armour, injury 3 + 4, Stunned)."""
    turn = [*act("4", "move", [9, 7], [10, 7], [11, 7]),
            cmd([rep("bloodLustRoll", playerId="4", roll=1, minimumRoll=2, successful=False)]),
            cmd([rep("injury", defenderId="2", injuryType="bitten", armorBroken=True,
                     armorRoll=None, injuryRoll=[3, 4], injury=4, attackerId="4")],
                [("fieldModelSetPlayerState", "2", 4)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    # FUMBBL rolls Blood Lust before the steps: the report first
    turn[0], turn[1], turn[2] = turn[0], turn[2], turn[1]
    doc = _vampires(free_turn_doc(turn, skills={"4": ["Blood Lust"]}), None)
    k = extract(tmp_path, doc)
    players = {p["id"]: p for t in k.scenario["teams"].values() for p in t["players"]}
    assert players["p2"].get("thrall") is True and "thrall" not in players["p4"]
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["bite"] == "p2" and a["reroll"] == {"blood_lust": False}
    assert k.expect["players.p2.status"] == "stunned"
    assert not k.notes
    status, result, _ = check(k)
    assert status == "agree" and result is not None
    assert [(line["player"], line["thrall"]) for line in result["log"]
            if line.get("step") == "bite"] == [("p4", "p2")]


def test_a_bb2020_bloodlust_value_and_no_bite_are_read(tmp_path: Path) -> None:
    """bb2020: home 4 has Bloodlust (3+) (FUMBBL's ``skillValues``): D6 2 fails; he ends beside
    no Thrall and bites nobody (no ``bitten`` injury): ``bite`` false, a turnover, no tackle
    zone; the free turn ends."""
    turn = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]),
            cmd([rep("playerAction", actingPlayerId="4", playerAction="move")],
                [("actingPlayerSetPlayerId", None, "4")]),
            cmd([rep("bloodLustRoll", playerId="4", roll=2, minimumRoll=3, successful=False)]),
            cmd(changes=[("fieldModelSetPlayerCoordinate", "4", [9, 7])]),
            cmd([rep("playerEvent", playerId="4", eventMessage="failed to bite anyone")],
                [("actingPlayerSetPlayerId", None, None)])]
    doc = _vampires(free_turn_doc(turn, rules="BB2020", skills={"4": ["Bloodlust"]}), "3")
    k = extract(tmp_path, doc)
    players = {p["id"]: p for t in k.scenario["teams"].values() for p in t["players"]}
    assert players["p4"]["skill_values"] == {"bloodlust": 3}
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["bite"] is False and a["reroll"] == {"blood_lust": False}
    assert not k.notes
    status, result, _ = check(k)
    assert status == "agree" and result is not None
    assert [line["why"] for line in result["log"] if line.get("step") == "free_turn_ends"] == [
        "turnover (Blood Lust: no Thrall bitten)"]


def test_a_bite_with_no_failed_blood_lust_is_named(tmp_path: Path) -> None:
    turn = [*act("4", "move", [9, 7]),
            cmd([rep("injury", defenderId="2", injuryType="bitten", armorBroken=True,
                     armorRoll=None, injuryRoll=[3, 4], injury=4, attackerId="4")]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, _vampires(free_turn_doc(turn, skills={"4": ["Blood Lust"]}), None))
    assert any("bite of no failed Blood Lust" in n for n in k.notes)


def test_a_blitz_changed_to_a_move_after_a_failed_bloodlust_is_one_move(tmp_path: Path) -> None:
    """bb2020: home 4 declares a Blitz, fails Bloodlust (2+: D6 1), declares a Move instead
    before his first step, moves and bites nobody: one activation, a Move."""
    turn = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]),
            cmd([rep("playerAction", actingPlayerId="4", playerAction="blitzMove")],
                [("actingPlayerSetPlayerId", None, "4")]),
            cmd([rep("bloodLustRoll", playerId="4", roll=1, minimumRoll=2, successful=False)]),
            cmd([rep("playerAction", actingPlayerId="4", playerAction="move")]),
            cmd(changes=[("fieldModelSetPlayerCoordinate", "4", [9, 7])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    doc = _vampires(free_turn_doc(turn, rules="BB2020", skills={"4": ["Bloodlust"]}), "2")
    k = extract(tmp_path, doc)
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["action"] == "move" and a["path"] == [[9, 7]] and a["bite"] is False
    assert not k.notes
    assert check(k)[0] == "agree"
