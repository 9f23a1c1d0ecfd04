"""Hypnotic Gaze at the end of a classic Blitz! Move (issue 25): the kicking coach's choice
through ``KickoffContext.decide``, the Agility roll with -1 per tackle zone beyond the victim's,
the victim's lost tackle zone; refused in the later editions' free turns."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, world

from kickoff.core.actions.free_turn import free_turn
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn
from kickoff.core.state import LOST_TACKLE_ZONE

GAZER = {"square": (5, 5), "skills": ["hypnotic_gaze"]}


def _gaze(ruleset: str, players: dict[str, Any], d6: list[int], victim: str | None,
          reroll: Rerolls | None = None, rerolls: int = 0) -> tuple[KickoffContext, Turn]:
    ctx = world(ruleset, players, dice={"d6": d6}, rerolls=rerolls)
    a = Activation("h1", "move", path=(Square(6, 5),), gaze=victim, reroll=reroll or Rerolls(),
                   where="decisions.blitz[0]")
    t = free_turn(ctx, "blitz", None if ruleset == "classic" else 4, [a])
    return ctx, t


@pytest.mark.parametrize("roll, ok", [(4, True), (3, False)])
def test_classic_gaze_at_the_end_of_a_move(roll: int, ok: bool) -> None:
    # h1 (AG 3) steps to (6, 5), beside a1 on (7, 5): the Agility table's 4+, no other zone
    ctx, t = _gaze("classic", {"h1": GAZER, "a1": (7, 5)}, [roll], "a1")
    assert (LOST_TACKLE_ZONE in ctx.state.players["a1"].effects) is ok
    assert not t.turnover and left(ctx) == {}


def test_each_other_tackle_zone_on_the_gazer_is_minus_one() -> None:
    # a1 and a2 both Mark (6, 5): 4+ at -1, a 4 fails; a team re-roll's 5 succeeds
    ctx, t = _gaze("classic", {"h1": GAZER, "a1": (7, 5), "a2": (7, 6)}, [4, 5], "a1",
                   Rerolls(gaze="team"), rerolls=1)
    assert LOST_TACKLE_ZONE in ctx.state.players["a1"].effects
    assert LOST_TACKLE_ZONE not in ctx.state.players["a2"].effects
    assert t.team_rerolls_used == 1 and left(ctx) == {}


@pytest.mark.parametrize("ruleset", ["bb2020", "sevens"])
def test_no_gaze_in_the_later_free_turns(ruleset: str) -> None:
    with pytest.raises(DecisionError, match="Hypnotic Gaze is not an action of this free turn"):
        _gaze(ruleset, {"h1": GAZER, "a1": (7, 5)}, [], "a1")


def test_a_victim_who_is_not_adjacent_is_refused() -> None:
    with pytest.raises(DecisionError, match=r"decisions\.blitz\[0\]\.gaze"):
        _gaze("classic", {"h1": GAZER, "a1": (8, 5)}, [], "a1")
