"""Actions the engine does not play are refused clearly (rulings.md 8: "anything else is rejected
as unsupported"): during a Kick It! turn only Move and the Kick action are played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

CASE = (Path(__file__).parent / "data" / "cases" / "project"
        / "kickit-turn-bb2020-accurate-kick-chosen-landing-caught.json")


@pytest.mark.parametrize("action", ["blitz", "throw_team_mate", "kick_team_mate", "throw_bomb"])
def test_a_turn_refuses_actions_other_than_move_and_kick(action: str) -> None:
    scenario = json.loads(CASE.read_text())["scenario"]
    first = scenario["actions"][0]
    scenario["actions"] = [{"player": first["player"], "action": action, "path": []}]
    code, out, err = cli(["replay", "-"], stdin=json.dumps(scenario))
    assert code == 1
    assert out == ""
    assert "actions[0].action" in err and "not supported during a turn" in err
