"""FUMBBL's rarer kick-off reports, on small hand-made command lists: team re-rolls FUMBBL names by
what they used up, the Loner roll in a report of its own, actions declared with a move, reports
that carry no die, the kick-off move's Dodges, and bb2025 Swarming before the kick.

Contract: ``docs/fumbbl.md``; christerk/ffb ``ReRollSources``, ``mechanic/*/RollMechanic``
(``useReRoll``, bb2025 ``findUsedTeamReRollSource`` / ``checkForLoner``), ``PlayerAction``,
``bb2020/shared/StepInitFeeding``, ``phase/kickoff/StepKickoffReturn``, ``generator/bb2025/Kickoff``
and ``bb2025/kickoff/StepSwarming``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fumbbl_log import act, cmd, extract, free_turn_doc, land, rep, replay_doc, scatter

from kickoff.cli.fumbbl_cmd import check
from kickoff.formats.fumbbl_replay import SWARMED_BEFORE_KICK

PATH = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3]]  # the 7th step a Rush


def _failed_rush(*rerolls: dict[str, Any]) -> list[dict[str, Any]]:
    """Home 4 moves seven squares; the Rush fails on a 1, ``rerolls`` follow, the re-roll is a 3."""
    return [*act("4", "move", *PATH),
            cmd([rep("goForItRoll", playerId="4", roll=1, successful=False), *rerolls,
                 rep("goForItRoll", playerId="4", roll=3, successful=True, reRolled=True)],
                [("actingPlayerSetPlayerId", None, None)])]


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
    assert k.rulings and "Team ReRoll re-roll" in k.rulings[0]


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
