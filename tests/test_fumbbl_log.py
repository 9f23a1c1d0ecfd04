"""FUMBBL's log read into scenarios, on small hand-made command lists, one era's report shapes at a
time; ``kickoff fumbbl verify`` over many files; every shared replay verified.

Contract: issue 10 (points 4-6) and issue 11 (point 7), ``docs/fumbbl.md``; FUMBBL's report
classes and steps of each rules version (christerk/ffb: ``report/bb2016``, ``report/mixed``,
``server/step/bb2016|bb2020|bb2025``). The replays themselves stay in ``../shared``; the tests that
read them are skipped when it is absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_DIR, cli, scenario

from kickoff.cli.fumbbl_cmd import check
from kickoff.core.rulesets import RULESETS
from kickoff.core.skills import skill_hint
from kickoff.formats.fumbbl.case import ExtractedKickoff, engine_decisions
from kickoff.formats.fumbbl.replay import extract_kickoffs
from kickoff.formats.scenario import DecisionsIn

SHARED = SHARED_DIR / "data" / "fumbbl-replays"

# Home: three on the Line of Scrimmage and one deep (ids 1-4); away the same (ids 5-8).
HOME = {"1": (12, 6), "2": (12, 7), "3": (12, 8), "4": (8, 7)}
AWAY = {"5": (13, 6), "6": (13, 7), "7": (13, 8), "8": (19, 7)}


def cmd(reports: list[dict[str, Any]] | None = None,
        changes: list[tuple[str, str | None, Any]] | None = None) -> dict[str, Any]:
    """One FUMBBL command: its reports and its model changes ``(id, key, value)``."""
    return {"netCommandId": "serverModelSync",
            "modelChangeList": {"modelChangeArray": [
                {"modelChangeId": i, "modelChangeKey": k, "modelChangeValue": v}
                for i, k, v in changes or []]},
            "reportList": {"reports": reports or []}}


def rep(report_id: str, **fields: Any) -> dict[str, Any]:
    return {"reportId": report_id, **fields}


def scatter(end: list[int], direction: str, d8: int, d6: int) -> dict[str, Any]:
    return rep("kickoffScatter", ballCoordinateEnd=end, scatterDirection=direction,
               rollScatterDirection=d8, rollScatterDistance=d6)


def replay_doc(kickoff: list[dict[str, Any]], rules: str | None = "BB2020",
               skills: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """A replay: both teams set up (home kicks), then ``kickoff``'s commands, then the first turn."""
    classic = rules in (None, "BB2016")

    def team(tid: str, squares: dict[str, tuple[int, int]]) -> dict[str, Any]:
        players = [{"playerId": pid, "playerNr": int(pid), "playerName": f"P{pid}",
                    "movement": 6, "strength": 3, "agility": 3, "passing": 0 if classic else 4,
                    "armour": 8 if classic else 9, "skillArray": (skills or {}).get(pid, [])}
                   for pid in squares]
        return {"teamId": tid, "teamName": f"Team {tid}", "reRolls": 2, "playerArray": players}

    setup = cmd(changes=[("gameSetHalf", None, 1), ("gameSetHomePlaying", None, True)]
                + [c for pid, sq in (HOME | AWAY).items()
                   for c in (("fieldModelSetPlayerState", pid, 1),
                             ("fieldModelSetPlayerCoordinate", pid, list(sq)))])
    end = cmd([rep("turnEnd")], [("gameSetHomePlaying", None, False),
                                 ("gameSetTurnMode", None, "regular")])
    options = [] if rules is None else [{"gameOptionId": "rulesVersion", "gameOptionValue": rules}]
    return {"game": {"gameId": 42, "teamHome": team("100", HOME), "teamAway": team("200", AWAY),
                     "gameOptions": {"gameOptionArray": options}},
            "gameLog": {"commandArray": [setup, *kickoff, end]}}


def extract(tmp_path: Path, doc: dict[str, Any]) -> ExtractedKickoff:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(doc))
    (k,) = extract_kickoffs(f)
    return k


def land(square: list[int]) -> tuple[str, None, Any]:
    return ("fieldModelSetBallCoordinate", None, square)


# --------------------------------------------------------------------------- rosters and eras


def test_no_rules_version_is_classic_and_rosters_read(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])],
                     rules=None,
                     skills={"4": ["+MA", "+AG", "Stakes", "Side Step", "Kick"],
                             "8": ["Kick-Off Return", "Claw", "Nurgle's Rot"]})
    k = extract(tmp_path, doc)
    assert k.scenario["ruleset"] == "classic"
    players = {p["id"]: p for t in k.scenario["teams"].values() for p in t["players"]}
    assert players["p4"]["skills"] == ["stakes", "side_step", "kick"]
    assert players["p8"]["skills"] == ["kick_off_return", "claw", "nurgles_rot"]
    assert players["p4"]["ma"] == 6  # the stat increase is already in the numbers
    assert check(k)[0] == "agree"


def test_each_edition_spells_its_own_skills() -> None:
    bb2020, classic = RULESETS["bb2020"].skills, RULESETS["classic"].skills
    assert "sidestep" in bb2020 and "side_step" not in bb2020
    assert "side_step" in classic and "sidestep" not in classic
    assert "sidestep" in skill_hint("side_step", bb2020)
    assert "side_step" in skill_hint("sidestep", classic)
    assert "pogo" in RULESETS["bb2025"].skills and "pogo_stick" in bb2020
    code, _, err = cli(["replay", "-"], stdin=json.dumps(scenario(
        home=[{"id": "h1", "ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9,
               "skills": ["side_step"], "square": [12, 7]}])))
    assert code == 1 and "sidestep" in err


def test_a_bb2020_scenario_with_sidestep_plays() -> None:
    # seeded: unseeded, a Prayers to Nuffle's Intensive Training could add a skill to him
    # (['pro', 'sidestep'] in one clean-clone CI run)
    doc = scenario(seed=3)
    doc["teams"]["away"]["players"][0]["skills"] = ["sidestep"]
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    result = json.loads(out)
    assert result["event"]["name"] == "brilliant_coaching"
    assert result["players"][doc["teams"]["away"]["players"][0]["id"]]["skills"] == ["sidestep"]


def test_an_overtime_kickoff_is_written_as_half_2(tmp_path: Path) -> None:
    doc = _plain_game()
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"][0][
        "modelChangeValue"] = 3
    k = extract(tmp_path, doc)
    assert (k.half, k.scenario["half"]) == (3, 2)
    assert check(k)[0] == "agree"


# --------------------------------------------------------------------------- classic reports


def test_classic_cheering_fans_roll_a_d3_each(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Cheering Fans", kickoffRoll=[3, 3])]),
                      cmd([rep("extraReRoll", kickoffResult="Cheering Fans", rollHome=3,
                               homeGainsReRoll=True, rollAway=1, awayGainsReRoll=False)],
                          [("turnDataSetReRolls", "home", 3)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d3"] == [3, 1]  # kicking team (home) first
    assert k.expect["teams.home.rerolls"] == 3 and k.expect["teams.away.rerolls"] == 2
    assert check(k)[0] == "agree"


def test_classic_pitch_invasion_rolls_per_roster_player(tmp_path: Path) -> None:
    # away kicks: its players' rolls come first (FUMBBL: one per roster player, in order)
    doc = replay_doc([cmd([scatter([6, 8], "South", 5, 1)], [land([6, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Pitch Invasion", kickoffRoll=[6, 6])]),
                      cmd([rep("kickoffPitchInvasion", rollsHome=[6, 1, 2, 3],
                               playersAffectedHome=[True, False, False, False],
                               rollsAway=[4, 5, 2, 1],
                               playersAffectedAway=[False, False, False, False])],
                          [("fieldModelSetPlayerState", "1", 4)])], rules=None)
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"][1][
        "modelChangeValue"] = False
    k = extract(tmp_path, doc)
    assert k.kicking == "away"
    assert k.scenario["dice"]["d6"] == [1, 6, 6, 4, 5, 2, 1, 6, 1, 2, 3]
    assert k.expect["players.p1.status"] == "stunned"


def test_throw_a_rock_picks_the_victim_and_rolls_injury(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Throw a Rock", kickoffRoll=[6, 5])]),
                      cmd([rep("kickoffThrowARock", rollHome=5, rollAway=3, playerIdsHit=["7"])]),
                      cmd([rep("injury", defenderId="7", injuryType="throwARock",
                               armorRoll=None, injuryRoll=[1, 2])],
                          [("fieldModelSetPlayerState", "7", 4)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["pick"] == [3]  # p7, third of away's players on the pitch
    assert k.scenario["dice"]["d6"][-2:] == [1, 2]
    assert check(k)[0] == "agree"


def test_apothecary_turns_a_knocked_out_rock_victim_into_stunned(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Throw a Rock", kickoffRoll=[6, 5])]),
                      cmd([rep("kickoffThrowARock", rollHome=5, rollAway=3, playerIdsHit=["7"])]),
                      cmd([rep("injury", defenderId="7", injuryType="throwARock",
                               armorRoll=None, injuryRoll=[4, 5])]),
                      cmd([rep("apothecaryChoice", playerId="7", playerState=4)],
                          [("turnDataSetApothecaries", "away", 0),
                           ("fieldModelSetPlayerState", "7", 260)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetApothecaries", "modelChangeKey": "away",
         "modelChangeValue": 1})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["apothecary"] == ["p7"]
    assert k.scenario["teams"]["away"]["apothecaries"] == 1
    assert k.expect["teams.away.apothecaries"] == 0
    assert k.expect["players.p7.status"] == "stunned"
    assert not k.notes
    assert check(k)[0] == "agree"


def _rock_casualty_patched(rolls: list[list[int]], state: int) -> dict[str, Any]:
    """classic Throw a Rock on p7: a Casualty (6+6), the Casualty table ``rolls[0]`` in the
    ``injury`` report, an apothecary's second roll ``rolls[1]`` if given, p7 ends in ``state``."""
    second = [cmd([rep("apothecaryRoll", playerId="7", casualtyRoll=r, playerState=7)])
              for r in rolls[1:]]
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Throw a Rock", kickoffRoll=[6, 5])]),
                      cmd([rep("kickoffThrowARock", rollHome=5, rollAway=3, playerIdsHit=["7"])]),
                      cmd([rep("injury", defenderId="7", injuryType="throwARock",
                               armorRoll=None, injuryRoll=[6, 6], casualtyRoll=rolls[0])]),
                      *second,
                      cmd([rep("apothecaryChoice", playerId="7", playerState=state)],
                          [("turnDataSetApothecaries", "away", 0),
                           ("fieldModelSetPlayerState", "7", state),
                           ("fieldModelSetPlayerCoordinate", "7", [30, 5])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetApothecaries", "modelChangeKey": "away",
         "modelChangeValue": 1})
    return doc


def test_an_apothecary_on_a_casualty_rolls_the_casualty_table_twice(tmp_path: Path) -> None:
    # classic D68: 52 (Smashed Knee), then the apothecary's 24 (Badly Hurt): to the Reserves
    k = extract(tmp_path, _rock_casualty_patched([[5, 2], [2, 4]], 9))
    assert k.scenario["decisions"]["apothecary"] == ["p7"]
    assert k.scenario["dice"]["d6"][-4:] == [6, 6, 5, 2]
    assert k.scenario["dice"]["d8"][1:3] == [2, 4]
    assert k.expect["players.p7.status"] == "reserves"
    assert not k.notes
    assert check(k)[0] == "agree"


def test_a_casualty_badly_hurt_at_once_has_no_second_roll(tmp_path: Path) -> None:
    # 31 is Badly Hurt: FUMBBL rolls no second Casualty (StepApothecary), nor does the engine
    k = extract(tmp_path, _rock_casualty_patched([[3, 1]], 9))
    assert k.scenario["dice"]["d6"][-3:] == [6, 6, 3]
    assert k.expect["players.p7.status"] == "reserves"
    assert check(k)[0] == "agree"


def test_a_casualty_the_apothecary_cannot_mend_stands(tmp_path: Path) -> None:
    # 52 then 61 (DEAD): neither Badly Hurt, p7 stays a Casualty (FUMBBL: Serious Injury)
    k = extract(tmp_path, _rock_casualty_patched([[5, 2], [6, 1]], 7))
    assert k.expect["players.p7.status"] == "casualty"
    assert k.expect["teams.away.apothecaries"] == 0
    assert check(k)[0] == "agree"


def test_an_apothecary_offered_and_declined_is_no_decision(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Throw a Rock", kickoffRoll=[6, 5])]),
                      cmd([rep("kickoffThrowARock", rollHome=5, rollAway=3, playerIdsHit=["7"])]),
                      cmd([rep("injury", defenderId="7", injuryType="throwARock",
                               armorRoll=None, injuryRoll=[4, 5])]),
                      cmd([rep("apothecaryRoll", playerId="7", casualtyRoll=None)],
                          [("fieldModelSetPlayerState", "7", 5),
                           ("fieldModelSetPlayerCoordinate", "7", [30, 5])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    k = extract(tmp_path, doc)
    assert "apothecary" not in k.scenario["decisions"]
    assert k.expect["players.p7.status"] == "knocked_out"
    assert check(k)[0] == "agree"


def test_a_player_set_up_on_an_occupied_square_takes_it(tmp_path: Path) -> None:
    # FUMBBL's 2017 set-up let a coach drop a player on another and logged nothing for the one
    # displaced (1005377): one player a square, the one there is off the pitch
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    home = doc["game"]["teamHome"]["playerArray"]
    home.append(dict(home[1], playerId="9", playerNr=9))
    doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"] += [
        {"modelChangeId": "fieldModelSetPlayerState", "modelChangeKey": "9",
         "modelChangeValue": 1},
        {"modelChangeId": "fieldModelSetPlayerCoordinate", "modelChangeKey": "9",
         "modelChangeValue": [12, 7]}]
    k = extract(tmp_path, doc)
    players = {p["id"]: p for p in k.scenario["teams"]["home"]["players"]}
    assert players["p9"]["square"] == [12, 7]
    assert players["p2"]["square"] is None and players["p2"]["status"] == "reserves"
    squares = [tuple(p["square"]) for p in players.values() if p["square"]]
    assert len(squares) == len(set(squares)) == 4


# --------------------------------------------------------------------------- the Kick skill


def test_kick_skill_halves_after_the_roll(tmp_path: Path) -> None:
    # bb2020: the report gives the un-halved square; the landing comes in the next change
    doc = replay_doc([cmd([scatter([23, 7], "East", 3, 4)]),
                      cmd([rep("skillUse", playerId="4", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")], [land([21, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["North"], rolls=[1])],
                          [land([21, 6])])], skills={"4": ["Kick"]})
    k = extract(tmp_path, doc)
    assert k.scenario["kick"] == {"target": [19, 7], "kicker": "p4"}
    assert k.scenario["decisions"]["use_kick_skill"] is True
    assert k.expect["deviation.square"] == [21, 7] and k.expect["deviation.distance"] == 2
    assert check(k)[0] == "agree"


def test_bb2025_kick_is_declared_before_and_rolls_a_d3(tmp_path: Path) -> None:
    doc = replay_doc([cmd([rep("skillUse", playerId="4", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")]),
                      cmd([scatter([21, 7], "East", 3, 2)], [land([21, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["North"], rolls=[1])],
                          [land([21, 6])])], rules="BB2025", skills={"4": ["Kick"]})
    k = extract(tmp_path, doc)
    assert k.scenario["kick"]["target"] == [19, 7]
    assert k.scenario["dice"]["d3"] == [2]
    assert check(k)[0] == "agree"


def test_bb2025_kick_asked_after_the_roll_halves_rounding_up(tmp_path: Path) -> None:
    # FUMBBL's game option askForKickAfterRoll: D6 5 halved rounding up is 3, the engine's D3
    doc = replay_doc([cmd([scatter([24, 7], "East", 3, 5)]),
                      cmd([rep("skillUse", playerId="4", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")], [land([22, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["North"], rolls=[1])],
                          [land([22, 6])])], rules="BB2025", skills={"4": ["Kick"]})
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d3"] == [3] and k.scenario["dice"]["d6"] == [1, 1]
    assert k.expect["deviation.square"] == [22, 7]
    assert check(k)[0] == "agree"


# --------------------------------------------------------------------------- moves and free turns


def free_turn_doc(turn: list[dict[str, Any]], rules: str | None = None,
                  skills: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """A Blitz! kick-off (home kicks: the ball lands on [19, 8], then bounces East) whose free
    turn is ``turn``'s commands."""
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                       cmd(changes=[("gameSetTurnMode", None, "blitz")]),
                       *turn,
                       cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land([20, 8])])], rules=rules, skills=skills)


def act(pid: str, action: str, *squares: list[int]) -> list[dict[str, Any]]:
    """``pid`` declares ``action`` (one command), then steps through ``squares`` (the next)."""
    return [cmd([rep("playerAction", actingPlayerId=pid, playerAction=action)],
                [("actingPlayerSetPlayerId", None, pid)]),
            cmd(changes=[("fieldModelSetPlayerCoordinate", pid, sq) for sq in squares])]


def test_blitz_free_turn_move_with_rushes_is_played(tmp_path: Path) -> None:
    """The deep player (4, MA 6 at [8, 7]) moves 7 squares: the 7th is a Rush (FUMBBL's
    ``goForItRoll`` after the step); the activation is written and played."""
    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = free_turn_doc([*act("4", "move", *path),
                         cmd([rep("goForItRoll", playerId="4", roll=5, successful=True)],
                             [("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 5]
    assert k.scenario["decisions"]["blitz"] == [{"player": "p4", "action": "move", "path": path}]
    assert not k.notes and k.expect["players.p4.square"] == [11, 3]
    assert check(k)[0] == "agree"


def test_a_failed_rush_with_a_team_reroll_and_loner(tmp_path: Path) -> None:
    """A failed Rush re-rolled with a team re-roll by a Loner (FUMBBL's ``reRoll`` of source
    ``Loner``: its ``roll`` is the Loner D6, before the re-roll)."""
    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = free_turn_doc([*act("4", "move", *path),
                         cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                              rep("reRoll", playerId="4", reRollSource="Loner", roll=5),
                              rep("goForItRoll", playerId="4", roll=3, successful=True,
                                  reRolled=True)],
                             [("turnDataSetReRolls", "home", 1),
                              ("actingPlayerSetPlayerId", None, None)])],
                        skills={"4": ["Loner"]})
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 1, 5, 3]
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": "team"}
    assert check(k)[0] == "agree"


def test_a_failed_rush_not_rerolled_falls_over(tmp_path: Path) -> None:
    """No ``reRoll`` after a failed test: the choice is ``false``; he Falls Over (classic:
    Knocked Down) in the square, armour from the ``injury`` report; the turn ends."""
    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = free_turn_doc([*act("4", "move", *path),
                         cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                              rep("injury", defenderId="4", armorRoll=[2, 3])],
                             [("fieldModelSetPlayerState", "4", 3),
                              ("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": False}
    assert k.expect["players.p4.status"] == "prone"
    assert check(k)[0] == "agree"


def _pushed(to: list[int], others: list[list[int]]) -> dict[str, Any]:
    return cmd(changes=[*(("fieldModelAddPushbackSquare", None, {"coordinate": o, "selected": False})
                          for o in others),
                        ("fieldModelAddPushbackSquare", None, {"coordinate": to, "selected": True})])


def test_a_frenzy_second_block_keeps_its_own_choices(tmp_path: Path) -> None:
    """Home 4 (Frenzy) blitzes away 5 ([13, 6]) from [12, 5]: push, 5 to [14, 6] (not straight
    back), the forced follow-up; the second block: push, 5 to [15, 7] (not straight back), the
    follow-up again. The second block's face and square are its own (``block.frenzy``)."""
    doc = free_turn_doc([
        *act("4", "blitzMove", [9, 6], [10, 5], [11, 5], [12, 5]),
        cmd([rep("block", defenderId="5"), rep("blockRoll", blockRoll=[3]),
             rep("blockChoice", nrOfDice=1, blockRoll=[3], diceIndex=0, defenderId="5")]),
        _pushed([14, 6], [[14, 7]]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [14, 6]),
                     ("fieldModelSetPlayerCoordinate", "4", [13, 6])]),
        cmd([rep("block", defenderId="5"), rep("blockRoll", blockRoll=[4]),
             rep("blockChoice", nrOfDice=1, blockRoll=[4], diceIndex=0, defenderId="5")]),
        _pushed([15, 7], [[15, 6]]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [15, 7]),
                     ("fieldModelSetPlayerCoordinate", "4", [14, 6]),
                     ("actingPlayerSetPlayerId", None, None)])],
        rules=None, skills={"4": ["Frenzy"]})
    k = extract(tmp_path, doc)
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["block"] == {"choose": "push", "follow_up": True, "push_to": [14, 6],
                          "frenzy": {"choose": "push", "push_to": [15, 7]}}
    assert k.expect["players.p5.square"] == [15, 7] and k.expect["players.p4.square"] == [14, 6]
    assert check(k)[0] == "agree"


def test_a_blitz_block_push_follow_up_and_move_on(tmp_path: Path) -> None:
    """A Blitz: home 4 (the only Open player) moves to [12, 5] and blocks away 5 ([13, 6]):
    3 against 3, one die; FUMBBL's 6 is Defender Down; pushed to [14, 6] (chosen), followed up,
    armour [3, 3] holds; then 4 moves on to [14, 5] (the move after the block), dodging away
    from away 6's tackle zone."""
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
        cmd([rep("injury", defenderId="5", armorRoll=[3, 3])],
            [("fieldModelSetPlayerState", "5", 3)]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "4", [14, 5])]),
        cmd([rep("dodgeRoll", playerId="4", roll=4, successful=True)],
            [("actingPlayerSetPlayerId", None, None)])], rules=None)
    k = extract(tmp_path, doc)
    (a,) = k.scenario["decisions"]["blitz"]
    assert a == {"player": "p4", "action": "blitz",
                 "path": [[9, 6], [10, 5], [11, 5], [12, 5]], "target": "p5",
                 "block": {"choose": "pow", "follow_up": True, "push_to": [14, 6]},
                 "after_block": [[14, 5]]}
    assert k.scenario["dice"]["block"] == ["pow"]
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 3, 3, 4]
    assert k.expect["players.p5.status"] == "prone"
    assert check(k)[0] == "agree", check(k)[2]


def test_a_player_deselected_without_acting_is_no_activation(tmp_path: Path) -> None:
    doc = free_turn_doc([*act("2", "blitzMove"), *act("4", "move", [9, 7]),
                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert [a["player"] for a in k.scenario["decisions"]["blitz"]] == ["p4"]
    assert check(k)[0] == "agree"


def test_a_free_turn_report_not_read_is_unsupported_naming_it(tmp_path: Path) -> None:
    doc = free_turn_doc([*act("4", "move", [9, 7]),
                         cmd([rep("jumpRoll", playerId="4", roll=4, successful=True)])])
    k = extract(tmp_path, doc)
    assert "jumpRoll" in "; ".join(k.notes)
    status, _, detail = check(k)
    assert status in ("unsupported", "agree") and "jumpRoll" in detail


def test_a_dodge_reroll_in_a_bb2020_blitz_is_a_ruling(tmp_path: Path) -> None:
    """bb2020 Blitz allows no skill used once per turn (rulings.md 8); a FUMBBL log where the
    player re-rolls his failed Rush with Sure Feet is written as no re-roll: he Falls Over, and
    the kick-off is a documented ruling, not a disagreement."""
    path = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                      cmd([rep("blitzRoll", teamId="100", roll=1)],
                          [("gameSetTurnMode", None, "blitz")]),
                      *act("4", "move", *path),
                      cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
                           rep("reRoll", playerId="4", reRollSource="Sure Feet"),
                           rep("goForItRoll", playerId="4", roll=4, successful=True,
                               reRolled=True)],
                          [("actingPlayerSetPlayerId", None, None)]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], skills={"4": ["Sure Feet"]})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": False}
    assert k.rulings and "Sure Feet" in k.rulings[0].text
    assert check(k)[0] == "ruling"


def test_a_foul_is_left_out_and_unsupported_naming_it(tmp_path: Path) -> None:
    """A Foul (declared as the foul itself, not with its move: ``foulMove`` is read as the move,
    tests/test_fumbbl_rarer.py) is no action the reader translates yet: its activation is left
    out (the scenario still loads), the kick-off is ``unsupported`` naming FUMBBL's action, and
    verify exits 1."""
    doc = free_turn_doc([*act("4", "move", [9, 7]),
                         *act("1", "foul", [11, 5]),
                         cmd([rep("foul", defenderId="5"),
                              rep("injury", defenderId="5", armorRoll=[2, 2])]),
                         cmd(changes=[("actingPlayerSetPlayerId", None, None)])])
    k = extract(tmp_path, doc)
    assert [a["player"] for a in k.scenario["decisions"]["blitz"]] == ["p4"]
    status, _, detail = check(k)
    assert status == "unsupported" and "'foul' action of p1" in detail
    code, out, _ = cli(["fumbbl", "verify", str(_write(tmp_path, "f.json", doc))])
    assert code == 1 and "0 of 1 kick-offs agree" in out


@pytest.mark.parametrize("report", [
    rep("blockRoll", blockRoll=[7]),
    rep("blockChoice", blockRoll=[3, 6], diceIndex=2, defenderId="5"),
    rep("goForItRoll", playerId="4", roll="five"),
    rep("playerAction", actingPlayerId="4"),
])
def test_a_free_turn_report_of_a_bad_shape_is_a_message(tmp_path: Path,
                                                         report: dict[str, Any]) -> None:
    doc = free_turn_doc([*act("4", "blitzMove", [9, 7]), cmd([report])])
    code, _, err = cli(["fumbbl", "extract", str(_write(tmp_path, "b.json", doc)),
                        "--out", str(tmp_path / "out")])
    assert code == 1 and "Traceback" not in err
    assert f"kick-off 1: FUMBBL report '{report['reportId']}'" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_wild_animal_fails_and_ends_his_activation(tmp_path: Path) -> None:
    """classic Wild Animal: FUMBBL's ``confusionRoll`` (4+ for a Move) fails on a 3; the player
    stays where he is (his activation is written with no path: the roll is his; no re-roll
    followed it, written ``false`` as for any failed test, issue 25)."""
    doc = free_turn_doc([
        cmd([rep("playerAction", actingPlayerId="4", playerAction="move"),
             rep("confusionRoll", playerId="4", roll=3, successful=False, minimumRoll=4,
                 confusionSkill="Wild Animal")], [("actingPlayerSetPlayerId", None, "4")]),
        cmd(changes=[("actingPlayerSetPlayerId", None, None)])],
        skills={"4": ["Wild Animal"]})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"] == [{"player": "p4", "action": "move", "path": [],
                                                 "reroll": {"confusion": False}}]
    assert k.scenario["dice"]["d6"] == [1, 4, 6, 3]
    assert not k.notes and k.expect["players.p4.square"] == [8, 7]
    assert check(k)[0] == "agree"


def test_an_illegal_set_up_before_a_free_turn_is_an_error(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                      cmd(changes=[("gameSetTurnMode", None, "blitz")]),
                      *act("4", "move", [9, 7]),
                      cmd([rep("jumpRoll", playerId="4", roll=4, successful=True)]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    # the kicking team's deep player (4) set up in the receiving half
    change = doc["gameLog"]["commandArray"][0]["modelChangeList"]["modelChangeArray"][9]
    assert change["modelChangeKey"] == "4"
    change["modelChangeValue"] = [16, 2]
    k = extract(tmp_path, doc)
    assert k.notes
    status, _, detail = check(k)
    assert status == "error" and "set-up" in detail


def test_bb2020_blitz_count_is_read_in_the_free_turn(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Blitz", kickoffRoll=[4, 6])]),
                      cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)],
                          [("gameSetTurnMode", None, "blitz")]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d3"] == [2] and not k.notes
    assert check(k)[0] == "agree"  # a free turn without an action


def test_kick_off_return_and_diving_catch_are_recovered(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 9], "South", 5, 2)], [land([19, 9])]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoffReturn")]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "8", [19, 8])]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "8", [20, 8])]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("skillUse", playerId="8", skill="Diving Catch", used=True,
                               skillUse="catchBall"),
                           rep("catchRoll", playerId="8", roll=5)],
                          [land([20, 8])])],
                     rules=None, skills={"8": ["Kick-Off Return", "Diving Catch"]})
    k = extract(tmp_path, doc)
    recovered = {"kick_off_return": {"player": "p8", "path": [[19, 8], [20, 8]]},
                 "diving_catch": ["p8"]}
    for key, value in recovered.items():
        if key in DecisionsIn.model_fields:
            assert k.scenario["decisions"][key] == value
        else:
            assert key not in k.scenario["decisions"] and k.pending[key] == value


def test_quick_snap_counts_each_players_last_square(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Quick Snap", kickoffRoll=[4, 5])]),
                      cmd(changes=[("gameSetHomePlaying", None, False),
                                   ("gameSetTurnMode", None, "quickSnap")]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [14, 6])]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "6", [14, 7])]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "5", [13, 6])]),
                      cmd(changes=[("gameSetHomePlaying", None, True),
                                   ("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["quick_snap"] == [{"player": "p6", "to": [14, 7]}]
    assert check(k)[0] == "agree"


def test_perfect_defence_with_a_reserve_is_a_ruling(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Perfect Defence", kickoffRoll=[1, 3])]),
                      cmd(changes=[("gameSetTurnMode", None, "perfectDefence")]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "4", [30, 1]),
                                   ("fieldModelSetPlayerState", "4", 9)]),
                      cmd(changes=[("fieldModelSetPlayerCoordinate", "9", [8, 7]),
                                   ("fieldModelSetPlayerState", "9", 1)]),
                      cmd(changes=[("gameSetTurnMode", None, "kickoff")]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    home = doc["game"]["teamHome"]["playerArray"]
    home.append(dict(home[3], playerId="9", playerNr=9))
    k = extract(tmp_path, doc)
    assert k.rulings and "Reserves" in k.rulings[0].text
    # a hand-made team of four with a player in the Reserves cannot be set up legally (five
    # available, five required): an illegal set-up is the log's error whatever ruling follows
    status, _, detail = check(k)
    assert status == "error" and "5 required" in detail


def test_engine_decisions_keeps_only_the_keys_the_format_takes() -> None:
    known, pending = engine_decisions({"high_kick": "p1", "no_such_key": 1})
    assert known == {"high_kick": "p1"} and pending == {"no_such_key": 1}


# --------------------------------------------------------------------------- throw-ins, prayers


def _throw_in(tmp_path: Path, rules: str, start: list[int], direction: str, roll: int
              ) -> ExtractedKickoff:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd(changes=[land(start)]),
                      cmd([rep("throwIn", direction=direction, directionRoll=roll,
                               distanceRoll=[2, 3])], [land([start[0] + 1, start[1] + 1])])],
                     rules=rules)
    return extract(tmp_path, doc)


def test_corner_throw_ins_per_era(tmp_path: Path) -> None:
    # bb2025: FUMBBL rolls the corner's D3
    assert _throw_in(tmp_path, "BB2025", [25, 14], "West", 1).scenario["dice"]["d3"] == [1]
    # bb2020: FUMBBL has no corner rule; its South-east from (0, 0) is the D3's 2
    k = _throw_in(tmp_path, "BB2020", [0, 0], "Southeast", 5)
    assert k.scenario["dice"]["d3"] == [2] and not k.rulings
    k = _throw_in(tmp_path, "BB2020", [0, 0], "Northeast", 1)
    assert k.rulings and "corner rule" in k.rulings[0].text
    # classic: no corner rule in the engine either; the D6 as rolled, and the distance ruling
    k = _throw_in(tmp_path, "BB2016", [0, 0], "East", 3)
    assert "d3" not in k.scenario["dice"] and k.scenario["dice"]["d6"][-3:] == [3, 2, 3]


def test_bb2020_weather_scatters_stop_at_the_touchback(tmp_path: Path) -> None:
    # the ball lands on (13, 7), next to the halfway line; Perfect Conditions: FUMBBL's bb2020
    # scatters East, then West twice, into the kicking half: it stops there, a touchback, as
    # the book has it (christerk/ffb step/bb2020/StepApplyKickoffResult.handleWeatherChange
    # breaks out of its three scatters, in every version): its report has those three dice,
    # all read, and no ruling
    doc = replay_doc([cmd([scatter([13, 7], "West", 7, 6)], [land([13, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Changing Weather",
                               kickoffRoll=[4, 4])]),
                      cmd([rep("weather", weather="Nice Weather", weatherRoll=[3, 4]),
                           rep("scatterBall", directionArray=["East", "West", "West"],
                               rolls=[3, 7, 7], gustOfWind=True)],
                          [land([14, 7]), land([13, 7]), land([13, 7])]),
                      cmd(changes=[("fieldModelSetBallCoordinate", None, None),
                                   ("gameSetTurnMode", None, "touchback")]),
                      cmd(changes=[("fieldModelSetBallCoordinate", None, [19, 7]),
                                   ("gameSetTurnMode", None, "regular")])])
    k = extract(tmp_path, doc)
    assert k.scenario["dice"]["d8"] == [4, 5, 4, 4] and not k.rulings
    # the ball's path as FUMBBL logs it: it stays on its last square of the receiving half
    assert k.expect["touchback"] is True and k.expect["ball.path"] == [[13, 7], [14, 7], [13, 7]]
    assert check(k)[0] == "agree"


def test_part_time_coaches_count_for_brilliant_coaching(tmp_path: Path) -> None:
    # bb2020: D6 + assistant coaches; home's two Part-time Assistant Coaches win it on 2 to 3
    doc = replay_doc([cmd(changes=[("inducementSetAddInducement", "home",
                                    {"inducementType": "partTimeCoach", "value": 2, "uses": 0})]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Brilliant Coaching",
                               kickoffRoll=[3, 4])]),
                      cmd([rep("extraReRoll", teamId="100", rollHome=2, rollAway=3)],
                          [("turnDataSetReRolls", "home", 3),
                           ("turnDataSetReRollsBrilliantCoachingOneDrive", "home", 1)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    k = extract(tmp_path, doc)
    assert k.scenario["teams"]["home"]["assistant_coaches"] == 2
    assert k.expect["teams.home.rerolls"] == 3 and k.expect["teams.home.drive_rerolls"] == 1
    assert check(k)[0] == "agree"


def test_a_banned_coach_rolls_brilliant_coaching_at_minus_1(tmp_path: Path) -> None:
    # classic D3 + FAME + assistant coaches, -1 for home's head coach sent off: 3 + 1 - 1
    # against 3, a tie: both gain a re-roll (without the -1 home alone would)
    doc = replay_doc([cmd(changes=[("turnDataSetCoachBanned", "home", True)]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Brilliant Coaching",
                               kickoffRoll=[4, 4])]),
                      cmd([rep("extraReRoll", kickoffResult="Brilliant Coaching", rollHome=3,
                               homeGainsReRoll=True, rollAway=3, awayGainsReRoll=True)],
                          [("turnDataSetReRolls", "home", 3), ("turnDataSetReRolls", "away", 3)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    doc["game"]["teamHome"]["assistantCoaches"] = 1
    k = extract(tmp_path, doc)
    assert k.scenario["teams"]["home"]["assistant_coaches"] == 0
    assert check(k)[0] == "agree"


def test_a_banned_coach_before_2019_changes_nothing_in_classic(tmp_path: Path) -> None:
    # FUMBBL's classic code had no modifier for a banned head coach before 2019-01-02 (christerk/
    # ffb a0c31274c), the LRB6 book no Argue the Call at all: 3 + 1 against 3, home alone gains
    doc = replay_doc([cmd(changes=[("turnDataSetCoachBanned", "home", True)]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Brilliant Coaching",
                               kickoffRoll=[4, 4])]),
                      cmd([rep("extraReRoll", kickoffResult="Brilliant Coaching", rollHome=3,
                               homeGainsReRoll=True, rollAway=3, awayGainsReRoll=False)],
                          [("turnDataSetReRolls", "home", 3)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])], rules=None)
    doc["game"]["teamHome"]["assistantCoaches"] = 1
    doc["game"]["started"] = "2017-09-29T15:52:33.076"
    k = extract(tmp_path, doc)
    assert k.scenario["teams"]["home"]["assistant_coaches"] == 1 and not k.notes
    assert k.expect["teams.home.rerolls"] == 3 and k.expect["teams.away.rerolls"] == 2
    assert check(k)[0] == "agree"


def stiletto_doc(pid: str) -> dict[str, Any]:
    """Home wins Cheering Fans and prays for Stiletto (3); FUMBBL gives Stab to ``pid``."""
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Cheering Fans",
                                kickoffRoll=[3, 3])]),
                       cmd([rep("cheeringFans", teamId="100", prayerAvailable=True, rollHome=5,
                                rollAway=1)]),
                       cmd([rep("prayerRoll", roll=3),
                            rep("playerEvent", playerId=pid, message="gains Stab")],
                           [("fieldModelAddPrayer", pid, "Stiletto")]),
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land([20, 8])])])


def test_stiletto_prayer_picks_its_player(tmp_path: Path) -> None:
    k = extract(tmp_path, stiletto_doc("2"))
    assert k.scenario["dice"]["d16"] == [3] and k.scenario["dice"]["pick"] == [2]
    assert k.expect["teams.home.prayers"] == ["stiletto"]
    assert check(k)[0] == "agree"


# --------------------------------------------------------------------------- verify FILE...


def _write(tmp_path: Path, name: str, doc: dict[str, Any]) -> Path:
    f = tmp_path / name
    f.write_text(json.dumps(doc))
    return f


def _plain_game() -> dict[str, Any]:
    return replay_doc([cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                       cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                       cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                           [land([20, 8])])])


def test_verify_many_files_and_folders(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    (folder / "sub").mkdir(parents=True)
    _write(folder, "a.json", _plain_game())
    _write(folder / "sub", "b.json", _plain_game())
    (folder / "notes.txt").write_text("not a replay, not read")
    code, out, err = cli(["fumbbl", "verify", str(folder)])
    assert code == 0, out + err
    assert out.splitlines()[-2:] == ["2 of 2 kick-offs agree with FUMBBL in 2 games",
                                     "(0 ruling, 0 unsupported, 0 disagree, 0 error)"]


def test_verify_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    code, out, err = cli(["fumbbl", "verify", str(tmp_path)])
    assert code == 1 and out == ""
    assert "no FUMBBL replay" in err and str(tmp_path) in err


def test_verify_goes_on_after_a_bad_file_and_reports_json(tmp_path: Path) -> None:
    good = _write(tmp_path, "good.json", _plain_game())
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"\x1f\x8b broken")
    code, out, err = cli(["fumbbl", "verify", str(bad), str(good)])
    assert code == 1
    assert "1 of 1 kick-offs agree with FUMBBL" in out and str(bad) in err
    assert "Traceback" not in err
    code, out, _ = cli(["fumbbl", "verify", "--json", str(bad), str(good)])
    assert code == 1
    doc = json.loads(out)
    assert doc["summary"] == {"games": 1, "kickoffs": 1, "agree": 1, "ruling": 0,
                              "unsupported": 0, "disagree": 0, "error": 0, "games_failed": 1}
    (row,) = doc["kickoffs"]
    compared = row.pop("compared")
    assert row == {"game": "42", "kickoff": 1, "event": "get_the_ref", "status": "agree",
                   "details": "", "first_difference": None}
    # every field FUMBBL's log determines: the ball's path, every player, both teams, weather
    assert compared["ball.path"] == [[19, 8], [20, 8]] and compared["weather"] == "perfect_conditions"
    assert compared["players.p1.square"] == [12, 6] and compared["players.p1.status"] == "standing"
    assert compared["teams.home.bribes"] == 1 and compared["teams.away.bribes"] == 1
    assert [f["file"] for f in doc["failed"]] == [str(bad)]
    assert "not a complete gzip file" in doc["failed"][0]["message"]


def test_verify_disagreement_exits_1(tmp_path: Path) -> None:
    doc = _plain_game()
    # FUMBBL's bounce is recorded one square further than its die says
    doc["gameLog"]["commandArray"][3]["modelChangeList"]["modelChangeArray"][0][
        "modelChangeValue"] = [21, 8]
    code, out, _ = cli(["fumbbl", "verify", "--json", str(_write(tmp_path, "d.json", doc))])
    assert code == 1
    row = json.loads(out)["kickoffs"][0]
    assert row["status"] == "disagree" and "ball.square" in row["details"]
    # the first field compared that differs: the ball's path, before where it ended
    assert row["first_difference"] == {"field": "ball.path", "fumbbl": [[19, 8], [21, 8]],
                                       "ours": [[19, 8], [20, 8]]}


# --------------------------------------------------------------------------- the shared replays

#: Kick-offs of the shared replays that may not agree yet, and why (none today).
WAITING: dict[tuple[str, int], str] = {}


@pytest.mark.slow  # every shared replay: 182 kick-offs, the quick suite's longest test (issue 26)
@pytest.mark.shared_data("data/fumbbl-replays")
def test_every_shared_replay_verifies() -> None:
    code, out, _ = cli(["fumbbl", "verify", "--json", str(SHARED)])
    doc = json.loads(out)
    summary = doc["summary"]
    assert summary["games"] == 49 and summary["games_failed"] == 0, doc["failed"]
    assert summary["kickoffs"] == 182
    assert summary["agree"] + summary["ruling"] >= 182
    for row in doc["kickoffs"]:
        if row["status"] not in ("agree", "ruling"):
            assert (row["game"], row["kickoff"]) in WAITING, row
    # the 15 classic Blitz! kick-offs (13 with actions), free turns played from FUMBBL's log
    blitz = [row for row in doc["kickoffs"] if row["event"] == "blitz"]
    assert len(blitz) == 15 and all(row["status"] == "agree" for row in blitz)
    # the strict comparison (issue 25): all 182 agree, each comparing the ball's path, every
    # player's square and both teams' bribes
    assert summary["agree"] == 182
    assert all(row["first_difference"] is None and "ball.path" in row["compared"]
               and "teams.away.bribes" in row["compared"]
               and sum(k.endswith(".square") for k in row["compared"]) >= 22
               for row in doc["kickoffs"])
    assert code == 0


def test_verify_table_fits_80_columns_and_cuts_no_event() -> None:
    """The verify table folds long cells within 80 columns (issue 15: tables that fit 80
    columns, no ``brilliant_co…``), events in Blood Bowl's names; the project's own replay."""
    demo = Path(__file__).parents[1] / "examples" / "replay_demo.json.gz"
    code, out, _ = cli(["fumbbl", "verify", str(demo)])
    assert code == 0, out
    assert "…" not in out
    table = [line for line in out.splitlines() if line[:1] in "┏┃┡│└"]
    assert len(table) >= 5 and max(len(line) for line in table) <= 80
    assert "Get the Ref" in out and "of 2 kick-offs agree" in out
