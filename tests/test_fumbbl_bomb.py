"""A Bombardier's bomb in FUMBBL's classic Blitz!, read and replayed (issue 25), on small
hand-made command lists shaped as FUMBBL's classic logs write a bomb (the shared games of 2017
throw bombs in normal turns only): the target, the pass roll and its re-roll, the scatter, each
adjacent player's D6 and the armour rolls, a failed interception or catch, a successful one and
the bomb thrown again; a receiving player's team re-roll of it and a bomb in bb2020's Blitz,
unsupported.

Contract: ``docs/fumbbl.md`` ("The free turn"); christerk/ffb ``generator/bb2016/Bomb``,
``step/bb2016/special/StepInitBomb``, ``StepSpecialEffect``, ``ReportPassRoll``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import cli
from test_fumbbl_log import cmd, extract, free_turn_doc, rep

from kickoff.cli.fumbbl_cmd import check

SKILLS = {"4": ["Bombardier", "Stunty"]}


def _bomb(reports: list[dict[str, Any]], prone: list[str], to: list[int] | None = None
          ) -> list[dict[str, Any]]:
    """Home 4 (on [8, 7]) declares a bomb at ``to`` (default [13, 7], away 6); then ``reports``
    (one command) and the players of ``prone`` Placed Prone (FUMBBL state 3)."""
    return [cmd([rep("playerAction", actingPlayerId="4", playerAction="throwBomb")],
                [("actingPlayerSetPlayerId", None, "4")]),
            cmd(changes=[("gameSetPassCoordinate", None, to or [13, 7]),
                         ("gameSetThrowerId", "4", None)]),
            cmd(reports, [("fieldModelSetPlayerState", pid, 3) for pid in prone]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]


def _pass(roll: int, ok: bool, **extra: Any) -> dict[str, Any]:
    return rep("passRoll", playerId="4", roll=roll, successful=ok, minimumRoll=5,
               passingDistance="Short Pass", fumble=roll == 1, bomb=True, **extra)


def _effect(pid: str, roll: int) -> dict[str, Any]:
    return rep("spellEffectRoll", specialEffect="bomb", playerId=pid, roll=roll,
               successful=roll == 0 or roll >= 4)


def _armour(pid: str, rolls: list[int]) -> dict[str, Any]:
    return rep("injury", defenderId=pid, injuryType="bomb", armorBroken=False, armorRoll=rolls)


def test_an_accurate_classic_bomb_is_read_and_played(tmp_path: Path) -> None:
    """Short to [13, 7] (AG 3, Stunty: 5+), a 5: away 6 is hit (armour 2 + 3); the others
    beside it roll in FUMBBL's order (rows 6, 7, 8): 1 misses, 5 misses, 2 misses, 3 misses,
    7 rolls 5: hit (armour 1 + 1)."""
    turn = _bomb([_pass(5, True), _effect("1", 2), _effect("5", 3), _effect("2", 1),
                  _effect("6", 0), _armour("6", [2, 3]), _effect("3", 3), _effect("7", 5),
                  _armour("7", [1, 1])], ["6", "7"])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "throw_bomb", "path": [], "to": [13, 7]}]
    assert k.scenario["dice"]["d6"][3:] == [5, 2, 3, 1, 2, 3, 3, 5, 1, 1]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p6"]["status"] == "prone" and doc["players"]["p7"]["status"] == "prone"
    assert doc["players"]["p5"]["status"] == "standing"


def test_an_inaccurate_bomb_rerolled_then_scattered(tmp_path: Path) -> None:
    """A 3 (inaccurate), a team re-roll, again a 4 (inaccurate): three scatters East, East,
    North (FUMBBL's D8 3, 3, 1) from [13, 7] to [15, 6], beside nobody: it explodes harmlessly."""
    turn = _bomb([_pass(3, False), rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
                  _pass(4, False, reRolled=True),
                  rep("scatterBall", directionArray=["East", "East", "North"], rolls=[3, 3, 1])],
                 [])
    turn[-1]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetReRolls", "modelChangeKey": "home", "modelChangeValue": 1})
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["reroll"] == {"throw": "team"} and a["to"] == [13, 7]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["teams"]["home"]["rerolls"] == 1


def test_a_fumbled_bomb_knocks_the_bomber_down(tmp_path: Path) -> None:
    """A 1: it explodes on home 4 (no die, armour 2 + 2); nobody beside him; the turn ends."""
    turn = _bomb([_pass(1, False), _effect("4", 0), _armour("4", [2, 2])], ["4"])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"throw": False}
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["status"] == "prone"


def _intercept(pid: str, roll: int, ok: bool, **extra: Any) -> dict[str, Any]:
    return rep("interceptionRoll", playerId=pid, successful=ok, roll=roll, minimumRoll=6,
               bomb=True, **extra)


# Short to [14, 7] (empty): away 5 [13, 6] and 6 [13, 7] are under the ruler from [8, 7]; the
# explosion's neighbours in FUMBBL's order: 5 rolls 2 (missed), 6 rolls 5 (hit, armour 1 + 1),
# 7 rolls 1 (missed)
_EXPLOSION = [_pass(5, True), _effect("5", 2), _effect("6", 5), _armour("6", [1, 1]),
              _effect("7", 1)]


def test_a_failed_interception_of_a_bomb_is_read_and_played(tmp_path: Path) -> None:
    """Away 6 tries to intercept (AG 3: 6+ at -2) and rolls 3: the receiving coach's
    ``interceptor`` and his D6, before the pass roll; the bomb flies on and explodes."""
    turn = _bomb([_intercept("6", 3, False), *_EXPLOSION], ["6"], [14, 7])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "throw_bomb", "path": [], "to": [14, 7], "interceptor": "p6"}]
    assert k.scenario["dice"]["d6"][3:] == [3, 5, 2, 5, 1, 1, 1]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p6"]["status"] == "prone"
    assert [doc["players"][p]["status"] for p in ("p5", "p7")] == ["standing", "standing"]


def test_a_failed_interception_rerolled_with_catch(tmp_path: Path) -> None:
    """Away 6 with Catch fails twice (2, then 4 re-rolled): both dice are his."""
    turn = _bomb([_intercept("6", 2, False), _intercept("6", 4, False, reRolled=True),
                  *_EXPLOSION], ["6"], [14, 7])
    k = extract(tmp_path, free_turn_doc(turn, skills={**SKILLS, "6": ["Catch"]}))
    assert k.scenario["decisions"]["blitz"][0]["interceptor"] == "p6"
    assert k.scenario["dice"]["d6"][3:5] == [2, 4] and not k.notes
    assert check(k)[0] == "agree"


def _caught(roll: int, ok: bool) -> dict[str, Any]:
    # AG 3's 4+, +1 accurate, -3 for home 1, 2, 3 beside him: a 6
    return rep("catchRoll", playerId="6", roll=roll, successful=ok, minimumRoll=6, bomb=True)


def test_a_failed_catch_of_a_bomb_is_read_and_played(tmp_path: Path) -> None:
    """Accurate onto away 6 ([13, 7]), who must try (FUMBBL): AG 3's 4+ at +1, a 2 fails; it
    explodes on him (armour 2 + 3), his neighbours roll as in the first test."""
    turn = _bomb([_pass(5, True), _caught(2, False), _effect("1", 2), _effect("5", 3),
                  _effect("2", 1), _effect("6", 0), _armour("6", [2, 3]), _effect("3", 3),
                  _effect("7", 5), _armour("7", [1, 1])], ["6", "7"])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"][0]["catcher"] == "p6"
    assert k.scenario["dice"]["d6"][3:6] == [5, 2, 2] and not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p6"]["status"] == "prone"


def _again(pid: str, to: list[int], reports: list[dict[str, Any]], prone: list[str]
           ) -> list[dict[str, Any]]:
    """``pid``, who caught or intercepted the bomb, throws it again at ``to`` (FUMBBL's
    ``StepEndBomb``: he becomes the acting player, his action still ``throwBomb``, no
    ``playerAction`` report); then ``reports`` and the players of ``prone`` Placed Prone."""
    return [cmd(changes=[("actingPlayerSetPlayerId", None, pid),
                         ("gameSetPassCoordinate", None, None)]),
            cmd(changes=[("gameSetPassCoordinate", None, to), ("gameSetThrowerId", pid, None)]),
            cmd(reports, [("fieldModelSetPlayerState", p, 3) for p in prone])]


def _pass_of(pid: str, roll: int, ok: bool, **extra: Any) -> dict[str, Any]:
    fields = {"minimumRoll": 7, "passingDistance": "Short Pass", **extra}
    return rep("passRoll", playerId=pid, roll=roll, successful=ok, fumble=roll == 1, bomb=True,
               **fields)


# Away 6 catches the accurate bomb (a 6: 4+, +1 accurate, -3 for home 1, 2, 3 beside him) and
# throws it back at home 4 on [8, 7] (Short, -3 for the same tackle zones: only a natural 6);
# a 6, accurate: home 4 tries to catch it (4+, +1: 3+) and rolls 2; it explodes on him (no
# die, armour 2 + 2), nobody beside him; a kicking player hit: the turnover ends the free turn
_BACK = [_pass_of("6", 6, True), rep("catchRoll", playerId="4", roll=2, successful=False,
                                     minimumRoll=3, bomb=True),
         _effect("4", 0), _armour("4", [2, 2])]


def test_a_caught_bomb_is_thrown_again_read_and_played(tmp_path: Path) -> None:
    turn = _bomb([_pass(5, True), _caught(6, True)], [])
    turn[-1:-1] = _again("6", [8, 7], _BACK, ["4"])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "throw_bomb", "path": [], "to": [13, 7], "catcher": "p6",
         "rethrows": [{"to": [8, 7], "catcher": "p4"}]}]
    assert k.scenario["dice"]["d6"][3:] == [5, 6, 6, 2, 2, 2] and not k.notes
    assert k.expect["tests.catch"] == [["p6", 6], ["p4", 3]]
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p4"]["status"] == "prone"
    assert doc["players"]["p6"]["status"] == "standing"


@pytest.mark.parametrize(("to", "named"), [
    ([25, 14], "rethrows[0].to"), ([8, 70], "rethrows[0].to"), ("far", "rethrows[0].to")])
def test_a_rethrow_the_rules_refuse_is_one_message(tmp_path: Path, to: Any, named: str) -> None:
    """The scenario as extracted replays; with its throw again's ``to`` out of range, off the
    pitch or not a square: one message naming the key, exit 1, no traceback."""
    turn = _bomb([_pass(5, True), _caught(6, True)], [])
    turn[-1:-1] = _again("6", [8, 7], _BACK, ["4"])
    scenario = extract(tmp_path, free_turn_doc(turn, skills=SKILLS)).scenario
    assert cli(["replay", "-"], stdin=json.dumps(scenario))[0] == 0
    scenario["decisions"]["blitz"][0]["rethrows"][0]["to"] = to
    code, out, err = cli(["replay", "-"], stdin=json.dumps(scenario))
    assert (code, out) == (1, "") and named in err and "Traceback" not in err


def test_an_intercepted_bomb_thrown_again_and_its_throw_rerolled(tmp_path: Path) -> None:
    """Home 4 bombs [20, 7] (Long Bomb): away 8 on [19, 7] intercepts (a 6) and throws it at
    [16, 7] (Quick, 3+): a 2, inaccurate, declined (no ``reRoll``: read as ``false``); it
    scatters North three times (FUMBBL's D8 1) to [16, 4], beside nobody. Re-rolled with his
    team's re-roll (FUMBBL's bomb turn hands him his team's re-rolls), the book allowing none
    outside his team's turn: unsupported, naming it."""
    scatter = rep("scatterBall", directionArray=["North"] * 3, rolls=[1, 1, 1])
    quick = {"minimumRoll": 3, "passingDistance": "Quick Pass"}
    turn = _bomb([_intercept("8", 6, True)], [], [20, 7])
    turn[-1:-1] = _again("8", [16, 7], [_pass_of("8", 2, False, **quick), scatter], [])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["interceptor"] == "p8" and a["rethrows"] == [{"to": [16, 7], "reroll": False}]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert all(p["status"] == "standing" for p in doc["players"].values())
    turn = _bomb([_intercept("8", 6, True)], [], [20, 7])
    turn[-1:-1] = _again("8", [16, 7], [
        _pass_of("8", 2, False, **quick),
        rep("reRoll", playerId="8", reRollSource="Team ReRoll", roll=0),
        _pass_of("8", 2, False, reRolled=True, **quick), scatter], [])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"][0]["rethrows"] == [{"to": [16, 7], "reroll": "team"}]
    assert any("outside his team's turn" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


def test_a_bomb_in_bb2020s_blitz_is_unsupported(tmp_path: Path) -> None:
    turn = _bomb([_pass(5, True)], [])
    k = extract(tmp_path, free_turn_doc(turn, rules="BB2020", skills={"4": ["Bombardier"]}))
    assert any("does not allow" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


def test_a_bomb_scatter_with_no_readable_die_is_named(tmp_path: Path) -> None:
    turn = _bomb([_pass(4, False), rep("scatterBall", directionArray=["East"], rolls=[9, "x"])], [])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert any("has no die the reader can read" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


def test_a_receiving_players_bomb_catch_is_no_kick_off_catch_reroll(tmp_path: Path) -> None:
    """Away 6 (Catch) fails the bomb's catch twice (his Catch re-roll): the bomb's own dice, not
    a ball's catch, so ``decisions.catch_reroll`` stays empty; it explodes on him."""
    turn = _bomb([_pass(5, True), _caught(2, False),
                  rep("catchRoll", playerId="6", roll=3, successful=False, minimumRoll=6,
                      bomb=True, reRolled=True),
                  _effect("1", 2), _effect("5", 3), _effect("2", 1), _effect("6", 0),
                  _armour("6", [2, 3]), _effect("3", 3), _effect("7", 5), _armour("7", [1, 1])],
                 ["6", "7"])
    k = extract(tmp_path, free_turn_doc(turn, skills={**SKILLS, "6": ["Catch"]}))
    assert "catch_reroll" not in k.scenario["decisions"]
    assert k.scenario["dice"]["d6"][3:6] == [5, 2, 3] and not k.notes
    assert check(k)[0] == "agree"


def _hail_mary(roll: int, ok: bool, **extra: Any) -> dict[str, Any]:
    # FUMBBL's bb2016 Hail Mary roll (StepHailMaryPass): minimum 2, successful unless a fumble
    return rep("passRoll", playerId="4", roll=roll, successful=ok, minimumRoll=2, bomb=True,
               hailMaryPass=True, passResult="INACCURATE" if ok else "FUMBLE", **extra)


@pytest.mark.parametrize("rerolled", [False, True])
def test_a_hail_mary_bomb_is_read_and_played(tmp_path: Path, rerolled: bool) -> None:
    """Home 4 (Bombardier, Hail Mary Pass) throws a Hail Mary bomb at [20, 3], beyond any
    range: a 4 (or a fumble, 1, re-rolled with a team re-roll to a 4), never accurate: three
    scatters North (FUMBBL's D8 1) to [20, 0], beside nobody."""
    rolls = ([_hail_mary(1, False), rep("reRoll", playerId="4", reRollSource="Team ReRoll",
                                        roll=0), _hail_mary(4, True, reRolled=True)]
             if rerolled else [_hail_mary(4, True)])
    turn = _bomb([*rolls, rep("scatterBall", directionArray=["North"] * 3, rolls=[1, 1, 1])],
                 [], [20, 3])
    turn[0]["reportList"]["reports"][0]["playerAction"] = "hailMaryBomb"
    if rerolled:
        turn[-1]["modelChangeList"]["modelChangeArray"].append(
            {"modelChangeId": "turnDataSetReRolls", "modelChangeKey": "home",
             "modelChangeValue": 1})
    k = extract(tmp_path, free_turn_doc(turn, skills={"4": ["Bombardier", "Hail Mary Pass"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert (a["action"], a["hail_mary"], a["to"]) == ("throw_bomb", True, [20, 3])
    assert a.get("reroll") == ({"throw": "team"} if rerolled else None)
    assert not k.notes
    assert check(k)[0] == "agree"
