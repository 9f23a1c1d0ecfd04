"""A Throw Team-mate in FUMBBL's free turn, read and replayed (issue 25), on small hand-made
command lists: the target and the team-mate, Always Hungry and the escape, the throw's D6 and its
re-roll, the flight's D8s and the landing.

Contract: ``docs/fumbbl.md`` ("The free turn"); christerk/ffb ``generator/*/ThrowTeamMate``,
``skillbehaviour/*/ThrowTeamMateBehaviour``, ``step/*/ttm/StepAlwaysHungry``,
``StepInitScatterPlayer``, ``ReportThrowTeamMateRoll``, ``ReportScatterPlayer``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import cli
from test_fumbbl_log import act, cmd, extract, free_turn_doc, rep

from kickoff.cli.fumbbl_cmd import check, verdict

#: Home 4 (the thrower, from [8, 7]) walks to [11, 7], beside home 2 (Right Stuff) on [12, 7].
WALK = [[9, 7], [10, 7], [11, 7]]
BB2020_BLITZ = [cmd([rep("blitzRoll", teamId="100", roll=2, nrOfPlayersAllowed=5)])]


def _throw(reports: list[dict[str, Any]], landed: list[int] | None,
           state: int = 1) -> list[dict[str, Any]]:
    """Home 4 declares a Throw Team-mate, walks, picks up home 2 and aims at [8, 7]; then
    ``reports`` (one command), and home 2 put on ``landed`` with FUMBBL state ``state``."""
    after = [("fieldModelSetPlayerCoordinate", "2", landed), ("fieldModelSetPlayerState", "2",
                                                              state)] if landed else []
    return [*act("4", "throwTeamMateMove", *WALK),
            cmd(changes=[("actingPlayerSetPlayerAction", None, "throwTeamMate"),
                         ("gameSetDefenderId", "2", None), ("fieldModelSetPlayerState", "2", 16),
                         ("gameSetPassCoordinate", None, [8, 7])]),
            cmd(reports, after),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]


def _ttm(roll: int, ok: bool, **extra: Any) -> dict[str, Any]:
    return rep("throwTeamMateRoll", playerId="4", roll=roll, successful=ok, minimumRoll=4,
               thrownPlayerId="2", passingDistance="Quick Pass", **extra)


SKILLS = {"4": ["Throw Team-Mate"], "2": ["Right Stuff"]}


def test_a_classic_throw_is_read_and_played(tmp_path: Path) -> None:
    """classic: the throw 4 (AG 3: 4+, Quick 0), three scatters East, East, South (FUMBBL's D8
    3, 3, 5) from [8, 7]: [10, 8]; the landing 4 (4+). The activation is the throw."""
    turn = _throw([_ttm(4, True),
                   rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[10, 8],
                       directionArray=["East", "East", "South"], rolls=[3, 3, 5]),
                   rep("rightStuffRoll", playerId="2", roll=4, minimumRoll=4, successful=True)],
                  [10, 8])
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "throw_team_mate", "path": WALK, "to": [8, 7],
         "thrown": "p2", "reroll": {"throw": False}}]
    assert "tests.throw" not in k.expect  # classic's report gives no result to compare
    assert k.scenario["dice"]["d6"][3:] == [4, 4]
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p2"]["square"] == [10, 8] and doc["players"]["p2"]["status"] == "standing"


def test_a_fumbled_classic_throw_rerolled_with_a_team_reroll(tmp_path: Path) -> None:
    """classic: a 1 (fumble), a team re-roll, the re-roll 6: ``reroll.throw`` is ``team``."""
    turn = _throw([_ttm(1, False), rep("reRoll", playerId="4", reRollSource="Team ReRoll", roll=0),
                   _ttm(6, True, reRolled=True),
                   rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[10, 8],
                       directionArray=["East", "East", "South"], rolls=[3, 3, 5]),
                   rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=4, successful=True)],
                  [10, 8])
    turn[-1]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetReRolls", "modelChangeKey": "home", "modelChangeValue": 1})
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"throw": "team"}
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["teams"]["home"]["rerolls"] == 1


@pytest.mark.parametrize("escape, landed", [(4, [12, 7]), (1, None)])
def test_classic_always_hungry_escape_or_eaten(tmp_path: Path, escape: int,
                                               landed: list[int] | None) -> None:
    """Always Hungry 1, then the team-mate's escape roll: 4 squirms free (a fumble, classic: he
    lands in his own square, and falls there), 1 is eaten (FUMBBL's ``eatPlayer`` injury, no die; RIP
    off the pitch: a Casualty)."""
    reports = [rep("alwaysHungryRoll", playerId="4", roll=1, minimumRoll=2, successful=False),
               rep("escapeRoll", playerId="2", roll=escape, minimumRoll=2, successful=escape > 1)]
    if landed:  # in three opposing tackle zones on [12, 7]: 5 - 3 fails, armour 2 + 2 holds
        reports += [rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=7, successful=False),
                    rep("injury", defenderId="2", injuryType="ttmLanding", armorRoll=[2, 2])]
        turn = _throw(reports, landed, 3)
    else:
        reports.append(rep("injury", defenderId="2", injuryType="eatPlayer", armorBroken=True))
        turn = _throw(reports, None)
        turn[-2]["modelChangeList"]["modelChangeArray"] += [
            {"modelChangeId": "fieldModelSetPlayerCoordinate", "modelChangeKey": "2",
             "modelChangeValue": [-1, -1]},
            {"modelChangeId": "fieldModelSetPlayerState", "modelChangeKey": "2",
             "modelChangeValue": 8}]
    k = extract(tmp_path, free_turn_doc(turn, skills={**SKILLS, "4": ["Throw Team-Mate",
                                                                      "Always Hungry"]}))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a["thrown"] == "p2" and a["to"] == [8, 7]
    # the escape is a fumbled throw (no throw roll); being eaten, no throw at all
    assert k.expect["tests.throw"] == ([["p4", "fumble"]] if escape > 1 else [])
    # the failed rolls FUMBBL's coach did not re-roll: Always Hungry, then the escape or landing
    assert a["reroll"] == {"always_hungry": False,
                           **({"escape": False} if escape == 1 else {"landing": False})}
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p2"]["square"] == landed
    assert doc["players"]["p2"]["status"] == ("prone" if landed else "casualty")


@pytest.mark.parametrize("strong_arm", [True, False])
def test_a_bb2020_throw_with_strong_arm(tmp_path: Path, strong_arm: bool) -> None:
    """bb2020: PA 4+, Quick 0; a 3 is superb only with Strong Arm's +1 (FUMBBL's ``ACCURATE``),
    else subpar (``INACCURATE``: the landing at -1). One scatter East, two South: [9, 9];
    the landing 3 stands after a superb throw; after a subpar one FUMBBL's log has him Prone (an
    armour roll 2 + 2)."""
    result = "ACCURATE" if strong_arm else "INACCURATE"
    reports = [_ttm(3, True, passResult=result),
               rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[9, 9],
                   directionArray=["East", "South", "South"], rolls=[3, 5, 5]),
               rep("rightStuffRoll", playerId="2", roll=3, minimumRoll=3 if strong_arm else 4,
                   successful=strong_arm)]
    if not strong_arm:
        reports.append(rep("injury", defenderId="2", injuryType="ttmLanding", armorRoll=[2, 2]))
    turn = [*BB2020_BLITZ, *_throw(reports, [9, 9], 1 if strong_arm else 3)]
    skills = {**SKILLS, "4": ["Throw Team-Mate", *(["Strong Arm"] if strong_arm else [])]}
    k = extract(tmp_path, free_turn_doc(turn, rules="BB2020", skills=skills))
    (a,) = k.scenario["decisions"]["blitz"]
    assert a.get("reroll") == (None if strong_arm else {"throw": False, "landing": False})
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p2"]["status"] == ("standing" if strong_arm else "prone")


def test_a_throw_team_mate_move_without_a_throw_is_a_move(tmp_path: Path) -> None:
    turn = [*act("4", "throwTeamMateMove", *WALK),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"] == [{"player": "p4", "action": "move", "path": WALK}]
    assert not k.notes


def _kick(reports: list[dict[str, Any]], landed: list[int] | None, state: int = 1,
          rules: str = "BB2025") -> dict[str, Any]:
    """:func:`_throw`'s commands as a Kick Team-mate (FUMBBL's ``kickTeamMateMove``, then
    ``kickTeamMate``), home 4 with Kick Team-Mate; bb2025's Charge! (or bb2020's Blitz)."""
    turn = _throw(reports, landed, state)
    turn[0]["reportList"]["reports"][0]["playerAction"] = "kickTeamMateMove"
    for change in (ch for c in turn for ch in c["modelChangeList"]["modelChangeArray"]):
        if change["modelChangeValue"] == "throwTeamMate":
            change["modelChangeValue"] = "kickTeamMate"
    doc = free_turn_doc([*BB2020_BLITZ, *turn], rules=rules,
                        skills={**SKILLS, "4": ["Kick Team-Mate"]})
    return _charge(doc) if rules == "BB2025" else doc


def _charge(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc``'s Blitz as bb2025's Charge!"""
    for c in doc["gameLog"]["commandArray"]:
        for r in c["reportList"]["reports"]:
            if r["reportId"] == "kickoffResult":
                r["kickoffResult"] = "Charge!"
    return doc


def test_a_bb2025_kick_team_mate_is_read_and_played(tmp_path: Path) -> None:
    """bb2025 Charge!: home 4 kicks home 2 at [8, 7] (Quick: a 4 is superb against PA 4+), three
    scatters East, South, South to [9, 9], the landing 3 (AG 3+)."""
    doc = _kick([_ttm(4, True, passResult="ACCURATE", kicked=True),
                 rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[9, 9],
                     directionArray=["East", "South", "South"], rolls=[3, 5, 5]),
                 rep("rightStuffRoll", playerId="2", roll=3, minimumRoll=3, successful=True)],
                [9, 9])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["charge"] == [
        {"player": "p4", "action": "kick_team_mate", "path": WALK, "to": [8, 7], "thrown": "p2"}]
    assert not k.notes and k.expect["tests.landing"] == [["p2", 3]]
    assert k.expect["tests.throw"] == [["p4", "superb"]]
    status, doc_, _ = check(k)
    assert status == "agree" and doc_ is not None
    assert doc_["players"]["p2"]["square"] == [9, 9]


def test_a_fumbled_kick_removes_the_kicked_player(tmp_path: Path) -> None:
    """bb2025: a natural 1 fumbles the kick (FUMBBL's ``kickTeamMateFumble``, no scatter): home
    2 is removed with an injury roll, 4 + 5 Knocked Out (a Stunned would count as one too)."""
    doc = _kick([_ttm(1, False, passResult="FUMBLE", kicked=True),
                 rep("kickTeamMateFumble"),
                 rep("injury", defenderId="2", injuryType="ktmFumbleApoKoInjury", armorRoll=None,
                     injuryRoll=[4, 5])], [30, 5], 5)
    k = extract(tmp_path, doc)
    (a,) = k.scenario["decisions"]["charge"]
    assert a["action"] == "kick_team_mate" and a["reroll"] == {"throw": False}
    assert not k.notes and k.expect["players.p2.status"] == "knocked_out"
    status, doc_, _ = check(k)
    assert status == "agree" and doc_ is not None
    assert doc_["players"]["p2"]["square"] is None


def test_a_kick_where_the_free_turn_allows_none_is_named(tmp_path: Path) -> None:
    # bb2020's Blitz allows Move, Blitz and Throw Team-mate only (rulings.md 8)
    doc = _kick([_ttm(4, True, passResult="ACCURATE", kicked=True)], None, rules="BB2020")
    k = extract(tmp_path, doc)
    assert any("Kick Team-mate" in n and "does not allow" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


@pytest.mark.parametrize("report", [
    rep("scatterPlayer", rolls=[9]), rep("passDeviate", rollScatterDirection=3)])
def test_a_flight_with_no_readable_die_is_named(tmp_path: Path, report: dict[str, Any]) -> None:
    k = extract(tmp_path, free_turn_doc(_throw([_ttm(4, True), report], None), skills=SKILLS))
    assert any("no die the reader can read" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


def test_a_throw_report_outside_a_throw_is_named(tmp_path: Path) -> None:
    turn = [*act("4", "move", [9, 7]), cmd([rep("rightStuffRoll", playerId="2", roll=4)]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert any("outside a Throw / Kick Team-mate" in n for n in k.notes)


@pytest.mark.parametrize("rules, named", [
    # classic Blitz! allows it and the engine plays it: tests/test_fumbbl_bomb.py
    ("BB2020", "which this edition's free turn does not allow"),
])
def test_a_bomb_in_the_free_turn_is_named_by_what_the_edition_says(
        tmp_path: Path, rules: str | None, named: str) -> None:
    turn = [*(BB2020_BLITZ if rules else []),
            cmd([rep("playerAction", actingPlayerId="4", playerAction="throwBomb")],
                [("actingPlayerSetPlayerId", None, "4")]),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    k = extract(tmp_path, free_turn_doc(turn, rules=rules, skills={"4": ["Bombardier"]}))
    status, _, detail = check(k)
    assert status == "unsupported" and named in detail


def test_a_failed_landing_rerolled_with_a_team_reroll(tmp_path: Path) -> None:
    """classic: the landing 2 fails (4+), a team re-roll, 5: he stands on [10, 8]."""
    turn = _throw([_ttm(4, True),
                   rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[10, 8],
                       directionArray=["East", "East", "South"], rolls=[3, 3, 5]),
                   rep("rightStuffRoll", playerId="2", roll=2, minimumRoll=4, successful=False),
                   rep("reRoll", playerId="2", reRollSource="Team ReRoll", roll=0),
                   rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=4, successful=True,
                       reRolled=True)], [10, 8])
    turn[-1]["modelChangeList"]["modelChangeArray"].append(
        {"modelChangeId": "turnDataSetReRolls", "modelChangeKey": "home", "modelChangeValue": 1})
    k = extract(tmp_path, free_turn_doc(turn, skills=SKILLS))
    assert k.scenario["decisions"]["blitz"][0]["reroll"] == {"throw": False, "landing": "team"}
    assert not k.notes
    status, doc, _ = check(k)
    assert status == "agree" and doc is not None
    assert doc["players"]["p2"]["status"] == "standing" and doc["teams"]["home"]["rerolls"] == 1


# --------------------------------------------------------------------------- landing, rulings


def _short_throw(roll: int, result: str, flight: list[dict[str, Any]],
                 landing: list[dict[str, Any]], landed: list[int], state: int,
                 rules: str) -> dict[str, Any]:
    """Home 4 (PA 4+) throws home 2 at [5, 7], a Short throw (-1) from [11, 7]: the D6 ``roll``
    with FUMBBL's ``result``, then ``flight`` and ``landing``'s reports; home 2 comes down on
    ``landed`` with FUMBBL state ``state``. bb2025's Charge! or bb2020's Blitz."""
    turn = _throw([rep("throwTeamMateRoll", playerId="4", roll=roll, successful=False,
                       minimumRoll=3, thrownPlayerId="2", passingDistance="Short Pass",
                       passResult=result), *flight, *landing], landed, state)
    for change in (ch for c in turn for ch in c["modelChangeList"]["modelChangeArray"]):
        if change["modelChangeId"] == "gameSetPassCoordinate":
            change["modelChangeValue"] = [5, 7]
    doc = free_turn_doc([*BB2020_BLITZ, *turn], rules=rules, skills=SKILLS)
    return _charge(doc) if rules == "BB2025" else doc


#: bb2020's terrible throw: the D8 West (FUMBBL's 7) and D6 3 from home 2's square [12, 7]
DEVIATE = [rep("passDeviate", throwTeamMate=True, rollScatterDirection=7, rollScatterDistance=3)]


def test_a_landing_target_is_compared(tmp_path: Path) -> None:
    """classic: FUMBBL's landing needs 4+ (AG 3, no tackle zone on [10, 8]); a log saying 5+
    disagrees on ``tests.landing`` alone."""
    def doc(minimum: int) -> dict[str, Any]:
        return free_turn_doc(_throw([
            _ttm(4, True), rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[10, 8],
                               directionArray=["East", "East", "South"], rolls=[3, 3, 5]),
            rep("rightStuffRoll", playerId="2", roll=6, minimumRoll=minimum, successful=True)],
            [10, 8]), skills=SKILLS)
    k = extract(tmp_path, doc(4))
    assert k.expect["tests.landing"] == [["p2", 4]] and check(k)[0] == "agree"
    status, _, detail = check(extract(tmp_path, doc(5)))
    assert status == "disagree" and detail == "tests.landing: FUMBBL [['p2', 5]], ours [['p2', 4]]"


def test_a_bb2020_terrible_throw_lands_at_minus_two_in_fumbbl_a_ruling(tmp_path: Path) -> None:
    """bb2020: a 2 at Short (-1) is 1, a terrible throw: he deviates West 3 to [9, 7]. FUMBBL
    lands him at -2 (5+), we at -1 (4+): a 5 lands in both, and the ruling explains the
    landing's target only."""
    doc = _short_throw(2, "WILDLY_INACCURATE", DEVIATE,
                       [rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=5,
                            successful=True)], [9, 7], 1, "BB2020")
    k = extract(tmp_path, doc)
    assert [r.fields for r in k.rulings] == [("tests.landing",)]
    v = verdict(k)
    assert v.status == "ruling" and v.diffs == [("tests.landing", [["p2", 5]], [["p2", 4]])]
    assert v.doc is not None and v.doc["players"]["p2"]["square"] == [9, 7]


def test_a_bb2020_terrible_landing_the_point_turns(tmp_path: Path) -> None:
    """As above, a 4: FUMBBL's fails (Prone, armour 2 + 2), ours stands; the ruling, naming
    what follows the landing, explains it."""
    doc = _short_throw(2, "WILDLY_INACCURATE", DEVIATE,
                       [rep("rightStuffRoll", playerId="2", roll=4, minimumRoll=5,
                            successful=False),
                        rep("injury", defenderId="2", injuryType="ttmLanding", armorRoll=[2, 2],
                            armorBroken=False)],
                       [9, 7], 3, "BB2020")
    k = extract(tmp_path, doc)
    assert any("turns his landing roll" in r.text for r in k.rulings)
    v = verdict(k)
    assert v.status == "ruling"
    # FUMBBL's armour dice are left unused: replayed on with dice of our own, the differences
    # are all the ruling's
    assert v.diffs == [("tests.landing", [["p2", 5]], [["p2", 4]]),
                       ("tests.armour", [["p2", 4, False]], []),
                       ("players.p2.status", "prone", "standing")]


def test_a_bb2025_throw_of_one_or_less_fumbbl_fumbles_a_ruling(tmp_path: Path) -> None:
    """bb2025: a 2 at Short (-1) is 1: FUMBBL fumbles it (one scatter from his square,
    South-West to [11, 8]); we read a subpar throw (three scatters from [5, 7], beyond FUMBBL's
    dice): a ruling naming the players, the ball and the tests."""
    fumble = [rep("scatterPlayer", startCoordinate=[12, 7], endCoordinate=[11, 8],
                  directionArray=["SouthWest"], rolls=[6])]
    doc = _short_throw(2, "FUMBLE", fumble,
                       [rep("rightStuffRoll", playerId="2", roll=6, minimumRoll=4,
                            successful=True)], [11, 8], 1, "BB2025")
    k = extract(tmp_path, doc)
    (ruling,) = k.rulings
    assert "FUMBBL's bb2025 fumbles p4's throw of 2" in ruling.text
    v = verdict(k)
    assert v.status == "ruling" and "players.p2.square" in [p for p, _, _ in v.diffs]
    assert ("tests.throw", [["p4", "fumble"]], [["p4", "subpar"]]) in v.diffs
    assert all(ruling.explains(p) for p, _, _ in v.diffs)


def test_a_bb2025_natural_one_is_a_fumble_everywhere(tmp_path: Path) -> None:
    """A natural 1 is a fumble in the book too: no ruling, the fumbled team-mate scatters once
    (South-West to [11, 8]) and lands at -1 (4+ with a 6)."""
    fumble = [rep("scatterPlayer", startCoordinate=[12, 7], endCoordinate=[11, 8],
                  directionArray=["SouthWest"], rolls=[6])]
    doc = _short_throw(1, "FUMBLE", fumble,
                       [rep("rightStuffRoll", playerId="2", roll=6, minimumRoll=4,
                            successful=True)], [11, 8], 1, "BB2025")
    k = extract(tmp_path, doc)
    assert k.rulings == [] and check(k)[0] == "agree"


def test_disturbing_presence_against_a_kick_is_a_ruling(tmp_path: Path) -> None:
    """FUMBBL counts Disturbing Presence against a bb2025 Kick Team-mate; the texts do not (its
    -1 may turn a superb kick into a subpar one): a ruling. Against a throw, no ruling."""
    doc = _kick([_ttm(4, True, passResult="ACCURATE", kicked=True,
                      rollModifiers=["1 Disturbing Presence"]),
                 rep("scatterPlayer", startCoordinate=[8, 7], endCoordinate=[9, 9],
                     directionArray=["East", "South", "South"], rolls=[3, 5, 5]),
                 rep("rightStuffRoll", playerId="2", roll=3, minimumRoll=3, successful=True)],
                [9, 9])
    (ruling,) = extract(tmp_path, doc).rulings
    assert "Disturbing Presence against p4's kick" in ruling.text and "players" in ruling.fields
    turn = _throw([_ttm(4, True, passResult="ACCURATE", rollModifiers=["1 Disturbing Presence"])],
                  None)
    k = extract(tmp_path, free_turn_doc([*BB2020_BLITZ, *turn], rules="BB2020", skills=SKILLS))
    assert k.rulings == []


def _classic_kick(kicker: str, walk: list[list[int]], rolls: list[int],
                  after: list[dict[str, Any]], changes: list[tuple[str, str | None, Any]]
                  ) -> dict[str, Any]:
    """classic Blitz!: home ``kicker`` (Kick Team-Mate) declares a Kick Team-mate, walks
    ``walk`` and kicks home 2 (Right Stuff, on [12, 7]) with ``rolls`` (FUMBBL's bb2016
    ``kickTeamMateRoll``, its pass coordinate the straight line's end); then ``after`` and
    ``changes`` (one command)."""
    kick = cmd([rep("kickTeamMateRoll", playerId=kicker, defenderId="2", rolls=rolls,
                    distance=sum(rolls), successful=len(set(rolls)) == len(rolls),
                    reRolled=False)],
               [("actingPlayerSetPlayerAction", None, "kickTeamMate"),
                ("gameSetDefenderId", "2", None), ("fieldModelSetPlayerState", "2", 16),
                ("gameSetPassCoordinate", None, [12 + sum(rolls), 7])])
    turn = [*act(kicker, "kickTeamMateMove", *walk), kick, cmd(after, changes),
            cmd(changes=[("actingPlayerSetPlayerId", None, None)])]
    return free_turn_doc(turn, skills={kicker: ["Kick Team-Mate"], "2": ["Right Stuff"]})


def test_a_classic_kick_team_mate_is_read_and_played(tmp_path: Path) -> None:
    """classic Blitz!: home 4 walks to [11, 7] and kicks home 2 with 2D6, 2 + 4: six squares
    East (straight away from him) to [18, 7], three scatters South (FUMBBL's D8 5) to
    [18, 10]; the landing at -1 (6 squares): 5+, a 5 stands. The kick is the turn's Blitz."""
    doc = _classic_kick("4", WALK, [2, 4], [
        rep("scatterPlayer", startCoordinate=[18, 7], endCoordinate=[18, 10],
            directionArray=["South"] * 3, rolls=[5, 5, 5]),
        rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=5, successful=True)],
        [("fieldModelSetPlayerCoordinate", "2", [18, 10]), ("fieldModelSetPlayerState", "2", 1)])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "kick_team_mate", "path": WALK, "thrown": "p2",
         "kick_dice": 2}]
    assert k.scenario["dice"]["d6"][3:] == [2, 4, 5]
    assert k.expect["tests.landing"] == [["p2", 5]]
    assert not k.notes
    status, doc_, _ = check(k)
    assert status == "agree" and doc_ is not None
    assert doc_["players"]["p2"]["square"] == [18, 10]


def test_a_classic_kick_into_the_crowd_knocks_out_with_no_roll(tmp_path: Path) -> None:
    """Home 4 walks to [11, 8] and kicks home 2 North-East, 5 + 3: off the pitch past [19, 0]:
    the crowd, to the Knocked Out box with no roll (FUMBBL's ``InjuryTypeKTMCrowd``, the skill's
    text)."""
    doc = _classic_kick("4", [[9, 8], [10, 8], [11, 8]], [5, 3], [
        rep("injury", defenderId="2", injuryType="ktmCrowd", armorBroken=True)],
        [("fieldModelSetPlayerCoordinate", "2", [-1, -1]), ("fieldModelSetPlayerState", "2", 5)])
    k = extract(tmp_path, doc)
    assert k.scenario["decisions"]["blitz"] == [
        {"player": "p4", "action": "kick_team_mate", "path": [[9, 8], [10, 8], [11, 8]],
         "thrown": "p2", "kick_dice": 2}]
    assert not k.notes
    status, doc_, _ = check(k)
    assert status == "agree" and doc_ is not None
    assert (doc_["players"]["p2"]["square"], doc_["players"]["p2"]["status"]) == (
        None, "knocked_out")


def test_a_classic_kick_double_is_named(tmp_path: Path) -> None:
    """3 + 3: FUMBBL knocks the kicked player out with no injury roll; the skill's text (and
    the engine) rolls one: unsupported, named."""
    doc = _classic_kick("4", WALK, [3, 3], [
        rep("injury", defenderId="2", injuryType="ktmCrowd", armorBroken=True)],
        [("fieldModelSetPlayerCoordinate", "2", [-1, -1]), ("fieldModelSetPlayerState", "2", 5)])
    k = extract(tmp_path, doc)
    assert any("rolled a double" in n for n in k.notes)
    assert check(k)[0] == "unsupported"


@pytest.mark.parametrize("value", [3, 0, "two", [1, 2]])
def test_kick_dice_is_checked_as_the_format_reads_it(tmp_path: Path, value: Any) -> None:
    """The classic kick's ``kick_dice`` (1 or 2) is read by the scenario format: a bad value is
    one message naming the key, exit 1; the scenario as extracted replays."""
    doc = _classic_kick("4", WALK, [2, 4], [
        rep("scatterPlayer", startCoordinate=[18, 7], endCoordinate=[18, 10],
            directionArray=["South"] * 3, rolls=[5, 5, 5]),
        rep("rightStuffRoll", playerId="2", roll=5, minimumRoll=5, successful=True)],
        [("fieldModelSetPlayerCoordinate", "2", [18, 10]), ("fieldModelSetPlayerState", "2", 1)])
    scenario = extract(tmp_path, doc).scenario
    assert cli(["replay", "-"], stdin=json.dumps(scenario))[0] == 0
    scenario["decisions"]["blitz"][0]["kick_dice"] = value
    code, out, err = cli(["replay", "-"], stdin=json.dumps(scenario))
    assert (code, out) == (1, "") and "kick_dice" in err and "Traceback" not in err
