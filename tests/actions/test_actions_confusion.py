"""The confusion roll as an activation starts (Bone-head, Really Stupid, Wild Animal /
Unchannelled Fury, Take Root) and its re-rolls: Pro by default, a team re-roll when asked, a
Loner's 4+ before it (issue 25: "a Loner roll on a confusion re-roll")."""

from __future__ import annotations

import pytest
from world import left, turn, world

from kickoff.core.actions.confusion import may_act
from kickoff.core.errors import DecisionError
from kickoff.core.state import LOST_TACKLE_ZONE


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025"])
def test_a_team_reroll_of_a_failed_bone_head(ruleset: str) -> None:
    # Bone-head 2+: a 1 fails; the team re-roll's 4 succeeds
    ctx = world(ruleset, {"h1": {"square": (5, 5), "skills": ["bone_head"]}}, dice={"d6": [1, 4]},
                rerolls=1)
    t = turn()
    assert may_act(ctx, t, ctx.state.players["h1"], "move", "w", "team")
    assert t.team_rerolls_used == 1 and left(ctx) == {}
    assert LOST_TACKLE_ZONE not in ctx.state.players["h1"].effects


@pytest.mark.parametrize("loner, ok", [(4, True), (3, False)])
def test_a_loner_rolls_before_the_team_reroll_of_his_confusion_roll(loner: int, ok: bool) -> None:
    # Really Stupid 4+ alone: 2 fails; Loner 4+ first, then the re-roll (5)
    ctx = world("classic", {"h1": {"square": (5, 5), "skills": ["really_stupid", "loner"]}},
                dice={"d6": [2, loner] + ([5] if ok else [])}, rerolls=1)
    t = turn()
    assert may_act(ctx, t, ctx.state.players["h1"], "move", "w", "team") is ok
    assert t.team_rerolls_used == 1 and left(ctx) == {}
    # a failed Really Stupid roll takes his tackle zone away (docs/rulings.md)
    assert (LOST_TACKLE_ZONE in ctx.state.players["h1"].effects) is not ok


def test_by_default_only_pro_rerolls_it_and_a_team_reroll_must_be_allowed() -> None:
    ctx = world("classic", {"h1": {"square": (5, 5), "skills": ["bone_head"]}}, dice={"d6": [1]},
                rerolls=1)
    t = turn()
    assert not may_act(ctx, t, ctx.state.players["h1"], "move", "w")
    assert t.team_rerolls_used == 0 and left(ctx) == {}
    # bb2020's Blitz allows no team re-roll: asking for one is refused, naming the activation
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["bone_head"]}}, dice={"d6": [1]},
                rerolls=1)
    with pytest.raises(DecisionError, match=r"w \(h1 at \[5, 5\]\): no team re-roll"):
        may_act(ctx, turn(team_rerolls=False), ctx.state.players["h1"], "move", "w", "team")
