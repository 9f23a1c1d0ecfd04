"""Shadowing (issue 25): the receiving coach's choice through ``KickoffContext.decide``, the roll
per edition (classic: the mover's 2D6; bb2020: the shadower's D6 by MA; bb2025: 4+, at most MA
times a turn), and the shadower's move into the square left (docs/actions.md, "Shadowing")."""

from __future__ import annotations

from typing import Any

import pytest
from world import NO_REROLL, left, path, turn, world

from kickoff.core.actions.move import move_steps
from kickoff.core.coach import Decision

#: h1 on (5, 5), Marked by a1 (Shadowing) on (4, 5), steps to (6, 5) and on to (7, 5).
PLAYERS: dict[str, Any] = {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["shadowing"]}}


def _move(ctx: Any, used: dict[int, str], t: Any = None) -> tuple[bool, int]:
    return move_steps(ctx, t or turn(), ctx.state.players["h1"], path((6, 5), (7, 5)),
                      NO_REROLL, "w", shadowing=used)


@pytest.mark.parametrize("ruleset, dice, follows", [
    # classic: the Dodge (3+) first, then h1 gets away on 2D6 >= 8 + 6 - 6 = 8
    # (3 + 4 = 7: followed; then a1 on (5, 5) Marks (6, 5): the second step's Dodge, 3)
    ("classic", [3, 3, 4, 3], True),
    ("classic", [3, 4, 4], False),
    # bb2020: the Dodge (3+), then a1 follows on a D6 >= 6 - 0 = 6
    ("bb2020", [3, 6, 3], True),
    ("bb2020", [3, 5], False),
    # bb2025: a flat 4+
    ("bb2025", [3, 4, 3], True),
])
def test_shadowing_follows_or_not(ruleset: str, dice: list[int], follows: bool) -> None:
    ctx = world(ruleset, PLAYERS, dice={"d6": dice})
    assert _move(ctx, {0: "a1"}) == (True, 2)
    assert ctx.state.players["h1"].square == (7, 5)
    # followed, a1 stands on (5, 5) and Marks (6, 5): the second step is a Dodge too (3+)
    assert ctx.state.players["a1"].square == ((5, 5) if follows else (4, 5))
    assert left(ctx) == {}


def test_the_ma_difference_moves_the_target() -> None:
    # bb2020: a1 MA 8 against h1's 6: 6 - 2 = 4+ follows
    ctx = world("bb2020", {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["shadowing"],
                                                 "ma": 8}}, dice={"d6": [3, 4, 3]})
    _move(ctx, {0: "a1"})
    assert ctx.state.players["a1"].square == (5, 5)


def test_bb2025_a_shadower_follows_at_most_his_ma_times_a_turn() -> None:
    ctx = world("bb2025", {"h1": (5, 5), "a1": {"square": (4, 5), "skills": ["shadowing"],
                                                 "ma": 1}}, dice={"d6": [3, 4, 3]})
    t = turn()
    _move(ctx, {0: "a1", 1: "a1"}, t)
    # he followed to (5, 5) once; his MA 1 is spent: at the second step nobody is asked
    assert ctx.state.players["a1"].square == (5, 5) and left(ctx) == {}


class _Recording:
    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def choose(self, decision: Decision) -> Any:
        self.seen.append(decision)
        return decision.default


def test_the_choice_is_the_receiving_coachs_default_nobody() -> None:
    coach = _Recording()
    ctx = world("bb2020", PLAYERS, dice={"d6": [3]})
    ctx.coach = coach
    assert _move(ctx, {}) == (True, 2)
    (d,) = coach.seen
    assert (d.kind, d.side, d.where, d.default, d.options()) == (
        "shadowing", "away", "w.shadowing.0", None, (None, "a1"))
    assert ctx.state.players["a1"].square == (4, 5) and left(ctx) == {}


@pytest.mark.parametrize("ruleset, dice", [
    # the Dodge fails (1, no re-roll), a1 follows (classic 2D6 3 + 3 = 6 < 8; bb2020 6; bb2025 4),
    # then h1's armour roll (1 + 1 holds), all before the fall's turnover
    ("classic", [1, 3, 3, 1, 1]),
    ("bb2020", [1, 6, 1, 1]),
    ("bb2025", [1, 4, 1, 1]),
])
def test_a_falling_mover_is_shadowed_before_his_armour_roll(ruleset: str, dice: list[int]) -> None:
    ctx = world(ruleset, PLAYERS, dice={"d6": dice})
    t = turn()
    assert _move(ctx, {0: "a1"}, t) == (False, 1)
    h1 = ctx.state.players["h1"]
    assert (h1.square, h1.status) == ((6, 5), "prone") and t.turnover
    assert ctx.state.players["a1"].square == (5, 5) and left(ctx) == {}


def test_a_falling_mover_not_shadowed_by_default() -> None:
    ctx = world("bb2020", PLAYERS, dice={"d6": [1, 1, 1]})
    assert _move(ctx, {}) == (False, 1)
    assert ctx.state.players["a1"].square == (4, 5) and left(ctx) == {}
