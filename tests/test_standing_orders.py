"""A played free turn's answers to its dice as standing orders in the exact solve
(``kickoff.analysis.exact.standing``; issue 28: nine classic Blitz! events ``kickoff fumbbl
review`` could not value).

The exact solver plays every roll; a real game's answers were given for the rolls it made.
Scripted, such an answer is refused where another roll does not fit it (the scenario format's
error); as a standing order it is played where the rule accepts it and the default elsewhere.
Each test compares the standing orders with a scripted plan that must come to the same value
on every roll (a one-die block: the one face rolled is the face chosen; a re-roll for every
failed Rush after the turn's one team re-roll is spent: the default), and checks the scripted
play refuses the original."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import shared

from kickoff.analysis.decide import STANDING, Setting, answer, reach
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.standing import STANDING_ORDERS, gives_dice_answers
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.decisions import Decisions
from kickoff.core.errors import DecisionError
from kickoff.core.problems import Problem
from kickoff.defaults import kick_use
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

CASES = Path(__file__).parent / "data" / "cases" / "free_turn_actions"


def _case(name: str, blitz: list[dict[str, Any]]) -> LoadedScenario:
    """The case ``name``'s classic Blitz! scenario (4 against 4) with ``blitz`` as its plan."""
    doc = json.loads((CASES / f"{name}.json").read_text())["scenario"]
    doc["decisions"]["blitz"] = blitz
    return load_scenario(parse_scenario(json.dumps(doc)))


def _value(loaded: LoadedScenario, standing: bool, blitz: Any = None) -> Fraction:
    """The kick-off's exact receiver-holds value given Blitz! (every Kick-off total made
    Blitz!), the scenario's plan (or ``blitz``) played scripted or as standing orders."""
    rs = loaded.ruleset
    event = next(e for e in rs.kickoff_table.values() if e.name == "blitz")
    rs = replace(rs, kickoff_table=dict.fromkeys(rs.kickoff_table, event))
    # a list, as Decisions declares it (the compiled build checks it)
    plan = list(loaded.decisions.blitz if blitz is None else blitz)
    solver = KickoffSolver(loaded.state, rs, events="all", decisions=Decisions(blitz=plan),
                           standing_orders=standing)
    target = loaded.decisions.target
    assert target is not None
    return solver.value(target, "receiver-holds")


#: h5 Blitzes a1 from (12,5): one die, a team re-roll of the block dice, then the face.
REROLLED_BLOCK = [{"player": "h5", "action": "blitz", "path": [[10, 4], [11, 4], [12, 5]],
                   "target": "a1", "block": {"reroll": "team", "choose": "pow"}}]


def test_a_face_chosen_for_the_dice_rolled_is_played_where_rolled() -> None:
    """1005328 kick-off 1 in small: a one-die block re-rolled with a team re-roll, then the face
    FUMBBL rolled chosen. Scripted, every other roll refuses the face; as a standing order the
    value is the plan's with the face left to the default (one die: the face rolled)."""
    loaded = _case("classic-blitz-block-dice-team-reroll", REROLLED_BLOCK)
    with pytest.raises(DecisionError, match=r"block\.choose: 'pow' was not rolled"):
        _value(loaded, standing=False)
    (act,) = loaded.decisions.blitz
    no_face = (replace(act, block=replace(act.block, choose=None)),)
    same = _value(loaded, standing=False, blitz=no_face)
    assert _value(loaded, standing=True) == same


#: h5 runs 8 squares (MA 6: two Rushes), away from every opponent, a team re-roll for each
#: failed Rush.
TWO_RUSHES = [{"player": "h5", "action": "move",
               "path": [[9, 3], [9, 2], [9, 1], [9, 0], [8, 0], [7, 0], [6, 0], [5, 0]],
               "reroll": {"rush": "team"}}]


def test_a_team_re_roll_for_every_failed_rush_stops_at_classics_one() -> None:
    """1005084 kick-off 3 in small: ``reroll.rush: "team"`` (one choice for every failed
    Rush). Where the team re-roll's Rush succeeds and the next fails, classic's one team
    re-roll of the turn is spent: scripted, refused; as a standing order the default (no
    re-roll), the value of ``["team"]`` (the first failed Rush's choice, then the default)."""
    loaded = _case("classic-blitz-block-dice-team-reroll", TWO_RUSHES)
    with pytest.raises(DecisionError, match="one team re-roll has already been used this turn"):
        _value(loaded, standing=False)
    (act,) = loaded.decisions.blitz
    first_only = (replace(act, reroll=replace(act.reroll, rush=("team",))),)
    assert _value(loaded, standing=True) == _value(loaded, standing=False, blitz=first_only)


def test_a_path_blocked_is_walked_as_far_as_the_rule_accepts() -> None:
    """1005012 kick-off 3 in small: a Move whose path runs into a player (FUMBBL's block had
    pushed him out of the way; here h1 stands there on every roll). Scripted: refused; as a
    standing order the player walks the squares before him, the plan cut there."""
    blocked = [{"player": "h5", "action": "move", "path": [[10, 4], [11, 5], [12, 6], [12, 5]]}]
    loaded = _case("classic-blitz-block-dice-team-reroll", blocked)
    with pytest.raises(DecisionError, match=r"\[12, 6\] is occupied by h1"):
        _value(loaded, standing=True)  # no answer to the dice: the scripted coach plays it
    with_reroll = [{**blocked[0], "reroll": {"rush": "team"}}]
    loaded = _case("classic-blitz-block-dice-team-reroll", with_reroll)
    (act,) = loaded.decisions.blitz
    cut = (replace(act, path=act.path[:2]),)
    assert _value(loaded, standing=True) == _value(loaded, standing=False, blitz=cut)


def _path_decision(blocked: int) -> Decision:
    """A ``path`` decision whose rule refuses any path reaching square ``blocked`` (squares
    are numbers here) and accepts the others; its default the empty path."""

    def refuse(path: tuple[int, ...]) -> Problem | None:
        return Problem(f"{blocked} is occupied", "p") if blocked in path else None

    return Decision("path", "home", "decisions.blitz[0].path", (), None, refuse,
                    (1, 2, 3, 4), True)


def test_the_coach_of_standing_orders_answers_as_scripted_where_accepted() -> None:
    assert STANDING_ORDERS.choose(_path_decision(9)) == (1, 2, 3, 4) == SCRIPTED.choose(
        _path_decision(9))
    assert STANDING_ORDERS.choose(_path_decision(3)) == (1, 2)
    assert STANDING_ORDERS.choose(_path_decision(1)) == ()  # nothing walkable: the default
    face = Decision("block_face", "home", "decisions.blitz[0].block.choose", "pow",
                    lambda: ("pow", "push"), None, "stumble", True)
    assert STANDING_ORDERS.choose(face) == "pow" and SCRIPTED.choose(face) == "stumble"
    target = Decision("target", "home", "decisions.kick.target", 1, lambda: (1, 2), None, 5,
                      True)
    assert STANDING_ORDERS.choose(target) == 5  # not an answer to the dice: the rule refuses it


def test_only_a_plan_answering_its_dice_gets_the_standing_orders() -> None:
    loaded = _case("classic-blitz-block-dice-team-reroll", REROLLED_BLOCK)
    assert gives_dice_answers(loaded.decisions)
    plain = _case("classic-blitz-block-dice-team-reroll",
                  [{k: v for k, v in REROLLED_BLOCK[0].items() if k != "block"}])
    assert not gives_dice_answers(plain.decisions)
    assert KickoffSolver(plain.state, plain.ruleset, decisions=plain.decisions,
                         standing_orders=True)._coach is None
    assert KickoffSolver(loaded.state, loaded.ruleset, decisions=loaded.decisions,
                         standing_orders=True)._coach is STANDING_ORDERS


def _extracted(game: str, kickoff: int) -> LoadedScenario:
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    replay = shared(f"data/fumbbl-replays/classic-2017/{game}.json.gz")
    (k,) = [k for k in extract_kickoffs(replay) if k.number == kickoff]
    return load_scenario(parse_scenario(json.dumps(k.scenario)))


def test_a_real_re_rolled_block_is_valued_as_decide_and_the_review_value_it() -> None:
    """1005328 kick-off 1 (FUMBBL: a Skull, a team re-roll, a Push chosen; the review's note
    "'push' was not rolled (block dice: pow)"): ``Setting.value``, which ``kickoff decide``
    and ``kickoff fumbbl review`` value the coach's plan with, now values it: the value of his
    plan with the face left to the default (one die)."""
    loaded = _extracted("1005328", 1)
    target = loaded.decisions.target
    assert target is not None
    with pytest.raises(DecisionError, match="'push' was not rolled"):
        _value(loaded, standing=False)
    kick = kick_use(loaded.state, loaded.ruleset, loaded.house_rules).used
    setting = Setting(loaded.state, loaded.ruleset, loaded.house_rules, target, kick)
    plan = Decisions(blitz=loaded.decisions.blitz)
    no_face = tuple(replace(a, block=replace(a.block, choose=None))
                    for a in loaded.decisions.blitz)
    assert setting.value(plan, "blitz") == _value(loaded, standing=False, blitz=no_face)


def test_decide_values_the_played_plan_with_standing_orders_and_says_so() -> None:
    """``kickoff decide``'s answer (the review's too) on the re-rolled block: the scenario's
    own plan valued given Blitz! as the standing orders value it, and its line says so; a plan
    of the search (no answer to the dice) is not marked."""
    loaded = _case("classic-blitz-block-dice-team-reroll", REROLLED_BLOCK)
    target = loaded.decisions.target
    assert target is not None
    dice, _ = loaded.dice()
    reached = reach(loaded.state, loaded.ruleset, dice, loaded.decisions, loaded.house_rules)
    setting = Setting(loaded.state, loaded.ruleset, loaded.house_rules, target,
                      kick_use(loaded.state, loaded.ruleset, loaded.house_rules).used)
    found = answer(setting, reached, loaded.decisions, budget=1)
    assert found.played is not None and found.played.scripted
    assert found.played.given == _value(loaded, standing=True)
    assert found.line().endswith(f"{STANDING})")
    plain = _case("classic-blitz-block-dice-team-reroll",
                  [{k: v for k, v in REROLLED_BLOCK[0].items() if k != "block"}])
    found = answer(setting, reached, plain.decisions, budget=1)
    assert STANDING not in found.line()


def test_the_review_notes_a_plan_valued_with_standing_orders() -> None:
    """``kickoff fumbbl review``'s judgement of the re-rolled block says, in its notes (the
    text and the JSON), that the coach's play was valued with his answers to the dice as
    standing orders; the same plan without answers to the dice has no such note."""
    from kickoff.analysis.review import review_kickoff

    def notes(blitz: list[dict[str, Any]]) -> list[str]:
        loaded = _case("classic-blitz-block-dice-team-reroll", blitz)
        dice, _ = loaded.dice()
        use = kick_use(loaded.state, loaded.ruleset, loaded.house_rules)
        review = review_kickoff(loaded.state, loaded.ruleset, loaded.house_rules,
                                loaded.decisions, dice, "receiver-holds", use.used, use.kicker,
                                budget=1)
        assert [j.what for j in review.judged] == ["kick", "blitz"]
        return review.notes

    assert notes(REROLLED_BLOCK) == [
        "Blitz!: what the coach did is valued with his answers to the dice as standing orders "
        "(each where the rules accept it on another roll, the default elsewhere)"]
    assert notes([{k: v for k, v in REROLLED_BLOCK[0].items() if k != "block"}]) == []
