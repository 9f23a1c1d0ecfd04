"""FUMBBL's re-roll choices read into the scenario, on small hand-made command lists: one choice
per failed test of an activation, a Catch re-roll declined at the kick-off
(``decisions.catch_reroll``), and the Leader re-roll's state at the kick (``leader_rerolls``).

Contract: ``docs/fumbbl.md`` ("The free turn", "What FUMBBL recorded": Leader, declined catch
re-rolls); christerk/ffb ``RollMechanic.useReRoll``, ``StateMechanic.updateLeaderReRollsForTeam``.
"""

from __future__ import annotations

from pathlib import Path

from test_fumbbl_log import act, cmd, extract, free_turn_doc, land, rep, replay_doc, scatter

from kickoff.cli.fumbbl_cmd import check

#: Home 4 from (8,7): the 7th and 8th steps are Rushes.
TWO_RUSHES = [[9, 7], [10, 7], [11, 7], [11, 6], [11, 5], [11, 4], [11, 3], [11, 2]]


def test_two_failed_rushes_of_one_activation_keep_a_choice_each(tmp_path: Path) -> None:
    """The first failed Rush is re-rolled with a team re-roll, the second is not: one choice a
    failed test (a single choice for the kind could not say both)."""
    doc = free_turn_doc([
        *act("4", "move", *TWO_RUSHES[:7]),
        cmd([rep("goForItRoll", playerId="4", roll=1, successful=False),
             rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
             rep("goForItRoll", playerId="4", roll=4, successful=True, reRolled=True)],
            [("turnDataSetReRolls", "home", 1)]),
        cmd(changes=[("fieldModelSetPlayerCoordinate", "4", TWO_RUSHES[7])]),
        cmd([rep("goForItRoll", playerId="4", roll=1, successful=False)],
            [("fieldModelSetPlayerState", "4", 3), ("actingPlayerSetPlayerId", None, None)]),
        cmd([rep("injury", defenderId="4", armorRoll=[1, 2], armorBroken=False)]),
    ])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"rush": ["team", False]}
    assert not k.notes
    status, result, _ = check(k)
    assert status == "agree" and result is not None
    assert result["players"]["p4"]["status"] == "prone"
    assert result["teams"]["home"]["rerolls"] == 1


def test_a_catch_reroll_declined_at_the_kick_off_is_written_false(tmp_path: Path) -> None:
    """8 (Catch) fails the kick-off catch and his coach takes no re-roll: FUMBBL logs no
    ``reRoll``; the engine, told ``catch_reroll: [false]``, rolls none either."""
    doc = replay_doc([cmd([scatter([19, 7], "South", 5, 1)], [land([19, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("catchRoll", playerId="8", roll=1, successful=False)]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 7])])],
                     skills={"8": ["Catch"]})
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["catch_reroll"] == [False]
    assert k.scenario["dice"]["d6"] == [1, 1, 1, 1]
    assert check(k)[0] == "agree"


def test_a_catch_reroll_taken_at_the_kick_off_writes_nothing(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 7], "South", 5, 1)], [land([19, 7])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("catchRoll", playerId="8", roll=1, successful=False),
                           rep("reRoll", playerId="8", reRollSource="Catch", roll=0),
                           rep("catchRoll", playerId="8", roll=5, successful=True,
                               reRolled=True)])],
                     skills={"8": ["Catch"]})
    k = extract(tmp_path, doc)
    assert "catch_reroll" not in k.scenario["decisions"]
    assert k.scenario["dice"]["d6"] == [1, 1, 1, 1, 5]
    assert check(k)[0] == "agree"


def test_the_leader_reroll_available_at_the_kick_is_written(tmp_path: Path) -> None:
    """FUMBBL made home's Leader re-roll available before the kick (a ``leader`` report): one of
    its re-rolls is the Leader's."""
    doc = replay_doc([cmd([rep("leader", teamId="100", leaderState="available")],
                          [("turnDataSetReRolls", "home", 3)]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])],
                     skills={"4": ["Leader"]})
    k = extract(tmp_path, doc)
    home = k.scenario["teams"]["home"]
    assert (home["rerolls"], home.get("leader_rerolls")) == (3, 1)
    assert check(k)[0] == "agree"


def test_a_leader_reroll_used_is_not_written(tmp_path: Path) -> None:
    doc = replay_doc([cmd([rep("leader", teamId="100", leaderState="available")],
                          [("turnDataSetReRolls", "home", 3)]),
                      cmd([rep("reRoll", playerId="4", reRollSource="Leader", roll=0)],
                          [("turnDataSetReRolls", "home", 2)]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])],
                     skills={"4": ["Leader"]})
    home = extract(tmp_path, doc).scenario["teams"]["home"]
    assert (home["rerolls"], "leader_rerolls" in home) == (2, False)
