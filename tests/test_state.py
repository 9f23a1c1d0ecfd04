"""GameState copies: a clone shares players until one side changes them (copy on write)."""

from __future__ import annotations

import json

from helpers import scenario

from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _state():  # type: ignore[no-untyped-def]
    return load_scenario(parse_scenario(json.dumps(scenario("bb2020")))).state


def test_changing_a_clone_leaves_the_original_alone() -> None:
    original = _state()
    clone = original.clone()
    a4 = clone.move(clone.players["a4"], Square(21, 9))
    a4.status = "stunned"
    clone.remove(clone.players["a1"], "sent_off")
    assert original.players["a4"].square == (20, 7)
    assert original.players["a4"].status == "standing"
    assert original.board[(20, 7)].id == "a4"
    assert original.players["a1"].square == (13, 6)
    assert clone.board.get((20, 7)) is None
    assert clone.board[(21, 9)].id == "a4"
    assert clone.players["a1"].status == "sent_off" and clone.players["a1"].square is None


def test_changing_the_original_leaves_an_earlier_clone_alone() -> None:
    original = _state()
    clone = original.clone()
    original.own(original.players["h4"]).status = "prone"
    original.move(original.players["h1"], Square(11, 6))
    assert clone.players["h4"].status == "standing"
    assert clone.players["h1"].square == (12, 6)
    assert clone.board[(12, 6)].id == "h1"


def test_a_stale_reference_is_resolved_by_id() -> None:
    state = _state().clone()
    stale = state.players["a2"]
    state.own(state.players["a3"])  # copies every player of this state
    moved = state.move(stale, Square(14, 7))
    assert moved is state.players["a2"] and moved is not stale
    assert state.board[(14, 7)] is moved and (13, 7) not in state.board


def test_a_prayer_on_a_clone_leaves_the_original_and_other_clones_alone() -> None:
    # A clone shares its teams' prayers until one is added (Team.fork; events.pray replaces
    # the list): the kick-offs that pray leave every other copy's prayers as they were.
    from kickoff.core import RULESETS, Decisions, SeededDice, kick_off

    original = _state()
    original.teams["home"].prayers = ["trapdoor"]
    other = original.clone()
    dice = SeededDice(3)
    prayed = 0
    for _ in range(300):
        clone = original.clone()
        kick_off(clone, RULESETS["bb2020"], dice, Decisions(), log=False)
        prayed += sum(len(t.prayers) for t in clone.teams.values()) - 1
    assert prayed > 0  # some kick-offs prayed (Cheering Fans)
    assert original.teams["home"].prayers == ["trapdoor"]
    assert original.teams["away"].prayers == []
    assert other.teams["home"].prayers == ["trapdoor"]
    copied = original.teams["home"].copy()
    assert copied.prayers == ["trapdoor"]
    assert copied.prayers is not original.teams["home"].prayers


def test_set_fields_sets_each_name_on_the_clones_own_copy_and_refuses_the_fixed_ones() -> None:
    original = _state()
    clone = original.clone()
    a4 = clone.set_fields(clone.players["a4"], ("status", "ag", "effects"),
                          ("prone", 2, frozenset({"blessed"})))
    assert (a4.status, a4.ag, a4.effects) == ("prone", 2, frozenset({"blessed"}))
    assert clone.players["a4"] is a4 and clone.board[(20, 7)] is a4
    assert original.players["a4"].status == "standing"
    assert original.players["a4"].effects == frozenset()
    for names, values, message in ((("ag", "square"), (2, None), "'square'"),
                                   (("side",), ("away",), "'side'"),
                                   (("ag", "ma"), (2,), "2 names for 1 values")):
        try:
            clone.set_fields(clone.players["a1"], names, values)
        except ValueError as e:
            assert message in str(e)
        else:
            raise AssertionError(f"set_fields{names} did not refuse")
