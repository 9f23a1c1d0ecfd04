"""``kick_off(log=False)`` (a simulation, the benchmark) plays exactly the kick-off a logged one
plays, from the same dice: the same result, only without its log."""

from __future__ import annotations

import pytest

from kickoff.core import RULESETS, Decisions, SeededDice, kick_off
from kickoff.formats.scenario import result_to_json
from kickoff.formats.teams import build_state, load_setup, load_team

PAIRING = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
           "sevens": ("sevens_def_zone", "sevens_off_wedge")}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_an_unlogged_kick_off_is_the_logged_one_without_its_log(ruleset: str) -> None:
    rs = RULESETS[ruleset]
    family = rs.family
    d, o = PAIRING[rs.pitch.name]
    state = build_state(rs, {"home": load_team("human", family), "away": load_team("orc", family)},
                        {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}, "home")
    decisions = Decisions(free_turn_policy="close")
    logged_dice, unlogged_dice = SeededDice(11), SeededDice(11)
    events = set()
    for _ in range(300):
        logged = kick_off(state.clone(), rs, logged_dice, decisions)
        unlogged = kick_off(state.clone(), rs, unlogged_dice, decisions, log=False)
        assert unlogged.log == []
        assert logged.log  # the logged one has its lines
        ours, theirs = result_to_json(logged, rs, 11), result_to_json(unlogged, rs, 11)
        ours.pop("log")
        theirs.pop("log")
        assert theirs == ours
        events.add(None if logged.event is None else logged.event.name)
    assert len(events) >= 8  # the kick-offs compared cover most of the table
