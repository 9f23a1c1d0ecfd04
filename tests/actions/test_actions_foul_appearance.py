"""Foul Appearance against a Blitz in the free turn (issue 25): classic rolls when the block is
made (a 1 wastes the block, he may move on), bb2020+ when the Blitz is declared (a 1 wastes the
whole action); Pro or a team re-roll may re-roll it (docs/actions.md, docs/rulings.md)."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, world

from kickoff.core.actions.free_turn import free_turn
from kickoff.core.decisions import Activation, BlockChoice, Rerolls
from kickoff.core.pitch import Square

EVENT = {"classic": ("blitz", None), "bb2020": ("blitz", 4), "bb2025": ("charge", 4)}


def _blitz(ruleset: str, d6: list[int], *, block: list[int] | None = None,
           reroll: Rerolls | None = None, after: tuple[Square, ...] = (),
           rerolls: int = 0) -> Any:
    """h1 on (5, 5) Blitzes a1 (Foul Appearance) on (8, 5): two steps to (7, 5), then the block
    (ST 3 against 3: one die)."""
    ctx = world(ruleset, {"h1": (5, 5), "a1": {"square": (8, 5), "skills": ["foul_appearance"]}},
                dice={"d6": d6, "block": block or []}, rerolls=rerolls)
    event, count = EVENT[ruleset]
    a = Activation("h1", "blitz", path=(Square(6, 5), Square(7, 5)), target="a1",
                   block=BlockChoice(follow_up=False), after_block=after,
                   reroll=reroll or Rerolls(), where="decisions.blitz[0]")
    t = free_turn(ctx, event, count, [a])
    return ctx, t


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_bb2020_a_1_at_the_declaration_wastes_the_whole_blitz(ruleset: str) -> None:
    ctx, t = _blitz(ruleset, [1])
    assert ctx.state.players["h1"].square == (5, 5)  # not a step
    assert ctx.state.players["a1"].square == (8, 5)
    assert t.actions_taken == {"blitz": 1} and not t.turnover and left(ctx) == {}


def test_classic_a_1_wastes_the_block_and_he_moves_on() -> None:
    # the roll fails (1): no block die; he moves on from (7, 5) to (7, 4), a Dodge out of a1's
    # tackle zone into it again: Agility table 4+, +1, -1 = 4+, rolled 4
    ctx, t = _blitz("classic", [1, 4], after=(Square(7, 4),))
    assert ctx.state.players["h1"].square == (7, 4)
    assert ctx.state.players["a1"].square == (8, 5)
    assert t.actions_taken == {"blitz": 1} and not t.turnover and left(ctx) == {}


def test_classic_the_roll_is_made_at_the_block_then_the_block() -> None:
    # 2 on 2+: the block goes on, one die: Push (3), a1 pushed to (9, 5)
    ctx, _ = _blitz("classic", [2], block=[3])
    assert ctx.state.players["h1"].square == (7, 5)
    assert ctx.state.players["a1"].square == (9, 5)
    assert left(ctx) == {}


def test_a_team_reroll_of_the_foul_appearance_roll() -> None:
    ctx, t = _blitz("bb2025", [1, 2], block=[3], reroll=Rerolls(foul_appearance="team"),
                    rerolls=1)
    assert t.team_rerolls_used == 1
    assert ctx.state.players["a1"].square == (9, 5) and left(ctx) == {}
