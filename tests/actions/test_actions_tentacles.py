"""Tentacles (issue 25): the receiving coach's choice through ``KickoffContext.decide``, the roll
per edition (classic: the mover's 2D6 escape; bb2020+: the holder's D6), and a held player's move
ending where he stands, no fall (docs/actions.md, "Tentacles")."""

from __future__ import annotations

from typing import Any

import pytest
from world import NO_REROLL, left, path, turn, world

from kickoff.core.actions.free_turn import free_turn
from kickoff.core.actions.move import move_steps
from kickoff.core.coach import Decision
from kickoff.core.decisions import Activation, Rerolls
from kickoff.core.pitch import Square

#: h1 on (5, 5), Marked by a1 (Tentacles) on (4, 5), moves to (6, 5): a Dodge out of his zone.
PLAYERS: dict[str, Any] = {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["tentacles"]}}


def _move(ctx: Any, used: dict[int, str]) -> tuple[bool, int]:
    return move_steps(ctx, turn(), ctx.state.players["h1"], path((6, 5), (7, 5)), NO_REROLL,
                      "w", tentacles=used)


@pytest.mark.parametrize("ruleset, dice, is_held", [
    # classic: he escapes on 2D6 >= 6 + 3 - 3 = 6; then the Dodge (4+ +1: 3+), no more rolls
    ("classic", [3, 2], True),
    ("classic", [3, 3, 3], False),
    # bb2020 / bb2025: a1 holds on a D6 >= 6 - 0 = 6; else the Dodge (3+)
    ("bb2020", [6], True),
    ("bb2020", [5, 3], False),
    ("bb2025", [6], True),
])
def test_tentacles_hold_or_not(ruleset: str, dice: list[int], is_held: bool) -> None:
    ctx = world(ruleset, PLAYERS, dice={"d6": dice})
    ok, used = _move(ctx, {0: "a1"})
    assert ok  # held is no fall
    assert ctx.state.players["h1"].square == ((5, 5) if is_held else (7, 5))
    assert ctx.state.players["h1"].status == "standing"
    assert used == (1 if is_held else 2)  # the step tried is paid
    assert left(ctx) == {}


def test_the_strength_difference_moves_the_target() -> None:
    # bb2020: a1 ST 5 against h1 ST 3: 6 - 2 = 4+ holds; classic ST 5 against 3: escape on 8+
    ctx = world("bb2020", {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["tentacles"],
                                                 "st": 5}}, dice={"d6": [4]})
    assert _move(ctx, {0: "a1"}) == (True, 1)
    ctx = world("classic", {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["tentacles"],
                                                  "st": 5}}, dice={"d6": [4, 3]})
    assert _move(ctx, {0: "a1"}) == (True, 1)


class _Recording:
    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def choose(self, decision: Decision) -> Any:
        self.seen.append(decision)
        return decision.scripted if decision.given else decision.default


def test_the_choice_is_the_receiving_coachs_default_none() -> None:
    # not scripted: the default, not used; the Dodge alone is rolled (3+ on a 3)
    coach = _Recording()
    ctx = world("bb2020", PLAYERS, dice={"d6": [3]})
    ctx.coach = coach
    assert _move(ctx, {}) == (True, 2)
    (d,) = coach.seen
    assert (d.kind, d.side, d.where, d.default, d.options()) == (
        "tentacles", "away", "w.tentacles.0", None, (None, "a1"))
    assert left(ctx) == {}


def test_a_player_without_tentacles_or_a_step_out_of_no_zone_asks_nothing() -> None:
    coach = _Recording()
    ctx = world("bb2020", {"h1": (5, 5), "a1": (4, 5)}, dice={"d6": [3]})
    ctx.coach = coach
    assert _move(ctx, {}) == (True, 2)
    assert coach.seen == []


def test_a_blitzer_held_on_his_way_makes_no_block() -> None:
    # h1 (4, 5), Open, runs to Blitz a2 on (8, 5) from (7, 5): his first step enters a1's
    # zone (Tentacles, on (6, 4)); leaving it, a1 holds him on a 6: he stays on (5, 5), and
    # the Blitz ends there, no block die
    ctx = world("bb2025", {"h1": (4, 5), "a1": {"square": (6, 4), "skills": ["tentacles"]},
                           "a2": (8, 5)}, dice={"d6": [6]})
    a = Activation("h1", "blitz", path=(Square(5, 5), Square(6, 5), Square(7, 5)), target="a2",
                   tentacles=((1, "a1"),), where="decisions.charge[0]")
    t = free_turn(ctx, "charge", 4, [a])
    assert ctx.state.players["h1"].square == (5, 5)
    assert ctx.state.players["a2"].square == (8, 5) and ctx.state.players["a2"].standing
    assert not t.turnover and left(ctx) == {}


@pytest.mark.parametrize("skill, choice, dice, rerolls_left, escapes", [
    # classic Tentacles: 3 + 2 fails the 6+ escape; a team re-roll 4 + 2 escapes, the Dodge 3
    ("tentacles", "team", [3, 2, 4, 2, 3], 0, True),
    ("tentacles", "team", [3, 2, 1, 1], 0, False),  # the re-roll fails too: held
    ("tentacles", False, [3, 2], 1, False),  # declined: held, the re-roll kept
    # classic Shadowing: the Dodge 3, then 3 + 4 = 7 fails the 8+ escape; re-rolled 5 + 5 (a1
    # stays on (4, 5), no tackle zone on (6, 5): no second Dodge)
    ("shadowing", "team", [3, 3, 4, 5, 5], 0, True),
])
def test_classic_escape_rerolled(skill: str, choice: Any, dice: list[int], rerolls_left: int,
                                 escapes: bool) -> None:
    players = {"h1": (5, 5), "a1": {"square": (4, 5), "skills": [skill]}}
    ctx = world("classic", players, dice={"d6": dice}, rerolls=1)
    t = turn()
    move_steps(ctx, t, ctx.state.players["h1"], path((6, 5), (7, 5)),
               Rerolls(**{skill: choice}), "w", **{skill: {0: "a1"}})
    h1, a1 = ctx.state.players["h1"].square, ctx.state.players["a1"].square
    if skill == "tentacles":
        assert h1 == ((7, 5) if escapes else (5, 5))
    else:
        assert h1 == (7, 5) and a1 == ((4, 5) if escapes else (5, 5))
    assert ctx.state.teams["home"].rerolls == rerolls_left and left(ctx) == {}


def test_classic_escape_pro_reroll_by_default() -> None:
    # the mover's Pro (classic: any roll, 4+ first) re-rolls the failed escape by default
    ctx = world("classic", {"h1": {"square": (5, 5), "skills": ["pro"]},
                            "a1": {"square": (4, 5), "skills": ["tentacles"]}},
                dice={"d6": [3, 2, 4, 4, 2, 3]})
    assert _move(ctx, {0: "a1"}) == (True, 2)
    assert ctx.state.players["h1"].square == (7, 5) and left(ctx) == {}
