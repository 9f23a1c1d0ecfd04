"""Classic Tentacles and Shadowing escapes re-rolled in FUMBBL's free turn (issue 25), on small
hand-made command lists: the mover's failed 2D6, FUMBBL's ``reRoll`` and the report marked
``reRolled`` that decides. Contract: ``docs/fumbbl.md``; christerk/ffb bb2016
``TentaclesBehaviour`` / ``ShadowingBehaviour`` (``TENTACLES_ESCAPE``, ``SHADOWING_ESCAPE``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_fumbbl_log import act, cmd, extract, free_turn_doc, rep

from kickoff.cli.fumbbl_cmd import check

RUN = ([9, 6], [10, 5], [11, 5], [12, 5])
TEAM_REROLL = rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0)
SPENT = ("turnDataSetReRolls", "home", 1)


def _roll(skill: str, dice: list[int], escaped: bool, **extra: Any) -> dict[str, Any]:
    return rep("tentaclesShadowingRoll", skill=skill, defenderId="5", tentacleRoll=dice,
               successful=escaped, minimumRoll=6 if skill == "Tentacles" else 8, **extra)


@pytest.mark.parametrize("again, escapes", [([3, 4], True), ([1, 2], False)])
def test_a_tentacles_escape_rerolled_with_a_team_reroll(tmp_path: Path, again: list[int],
                                                        escapes: bool) -> None:
    """Home 4 on [12, 5], held by away 5's Tentacles on 2 + 2 (6+ escapes), a team re-roll:
    3 + 4 escapes (the Dodge 4 and the step to [12, 4] follow), 1 + 2 holds him."""
    turn = [*act("4", "move", *RUN),
            cmd([_roll("Tentacles", [2, 2], False), TEAM_REROLL,
                 _roll("Tentacles", again, escapes, reRolled=True)], [SPENT])]
    if escapes:
        turn.append(cmd([rep("dodgeRoll", playerId="4", roll=4, minimumRoll=3, successful=True)],
                        [("fieldModelSetPlayerCoordinate", "4", [12, 4])]))
    turn.append(cmd(changes=[("actingPlayerSetPlayerId", None, None)]))
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Tentacles"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["tentacles"] == {"4": "p5"} and a["reroll"] == {"tentacles": "team"}
    assert a["path"][-1] == ([12, 4] if escapes else [11, 4])
    assert k.scenario["dice"]["d6"][3:7] == [2, 2, *again]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["square"] == ([12, 4] if escapes else [12, 5])
    assert doc["teams"]["home"]["rerolls"] == 1


@pytest.mark.parametrize("again, follows", [([5, 5], False), ([2, 3], True)])
def test_a_shadowing_escape_rerolled_with_a_team_reroll(tmp_path: Path, again: list[int],
                                                        follows: bool) -> None:
    """Home 4 dodges to [12, 4]; away 5's Shadowing: 3 + 3 (8+ gets away), a team re-roll:
    5 + 5 gets away, 2 + 3 and 5 steps into [12, 5]."""
    step = [("fieldModelSetPlayerCoordinate", "5", [12, 5])] if follows else []
    turn = [*act("4", "move", *RUN),
            cmd([rep("dodgeRoll", playerId="4", roll=3, minimumRoll=3, successful=True)],
                [("fieldModelSetPlayerCoordinate", "4", [12, 4])]),
            cmd([_roll("Shadowing", [3, 3], False), TEAM_REROLL,
                 _roll("Shadowing", again, not follows, reRolled=True)], [SPENT, *step]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills={"5": ["Shadowing"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["shadowing"] == {"4": "p5"} and a["reroll"] == {"shadowing": "team"}
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p5"]["square"] == ([12, 5] if follows else [13, 6])


def test_a_bb2020_holders_reroll_is_named(tmp_path: Path) -> None:
    """bb2020's roll is the holder's, outside his team's turn: the book allows no re-roll."""
    turn = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)]),
            *act("4", "move", *RUN),
            cmd([_roll("Tentacles", [5], False), _roll("Tentacles", [6], True, reRolled=True)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, rules="BB2020", skills={"5": ["Tentacles"]}))
    assert any("a Tentacles roll the reader does not read" in n for n in k.notes)
    assert check(k)[0] == "unsupported"
