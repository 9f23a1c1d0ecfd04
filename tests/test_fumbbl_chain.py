"""A chain push in FUMBBL's free turn (issue 25): the squares of the players pushed on, read from
their moves as the block's ``chain_push`` and replayed, a Side Step deeper in the chain among
them. Contract: ``docs/fumbbl.md`` ("The free turn"), ``docs/actions.md`` ("Block")."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_fumbbl_log import act, cmd, extract, free_turn_doc, rep

from kickoff.cli.fumbbl_cmd import check

PATH = ([9, 6], [10, 5], [11, 4], [12, 4], [13, 4], [14, 5])


@pytest.mark.parametrize("side_step, to", [(False, [11, 7]), (True, [11, 6])])
def test_a_chain_push_square_is_read_and_played(tmp_path: Path, side_step: bool,
                                                to: list[int]) -> None:
    """classic Blitz!: home 4 runs six squares to [14, 5] and blitzes away 5 ([13, 6]), the
    block his Rush (4); one die, a push. 5's push-back squares all hold players: he goes
    straight back onto home 2 ([12, 7]), who is pushed on: by the attacker's coach to [11, 7]
    (not straight back, [11, 8]), or, with Side Step, by his own coach to [11, 6], a square
    beside him that no push-back square is."""
    turn = [*act("4", "blitzMove", *PATH),
            cmd([rep("goForItRoll", playerId="4", roll=4, successful=True),
                 rep("block", defenderId="5"), rep("blockRoll", blockRoll=[3]),
                 rep("blockChoice", nrOfDice=1, blockRoll=[3], diceIndex=0, defenderId="5")]),
            cmd(changes=[("fieldModelAddPushbackSquare", None,
                          {"coordinate": [12, 7], "selected": True})]),
            cmd(changes=[("fieldModelSetPlayerCoordinate", "2", to),
                         ("fieldModelSetPlayerCoordinate", "5", [12, 7])]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    skills = {"2": ["Side Step"]} if side_step else None
    k = extract(tmp_path, free_turn_doc(turn, skills=skills))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["block"] == {"choose": "push", "follow_up": False, "push_to": [12, 7],
                          "chain_push": {"p2": to}}
    assert not k.notes
    status, doc, detail = check(k)
    assert status == "agree", detail
    assert doc is not None and doc["players"]["p2"]["square"] == to
    assert doc["players"]["p5"]["square"] == [12, 7]
