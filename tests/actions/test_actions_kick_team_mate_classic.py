"""Classic Kick Team-Mate in Blitz! (issue 25; FUMBBL's bb2016 skill text and
``StepKickTeamMate``): the kick of one or two D6 in a straight line away from the kicker, three
scatters, the landing at -1 after 6-8 squares and -2 after 9+, a double on 2D6 (an injury roll,
Stunned as Knocked Out), the crowd (Knocked Out, no roll), and the kick as the turn's Blitz."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, world

from kickoff.core.actions.free_turn import free_turn
from kickoff.core.actions.kick_team_mate import landing_modifier
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square

KICKER = {"square": (5, 7), "skills": ["kick_team_mate"]}
KICKED = {"square": (6, 7), "skills": ["right_stuff"]}


def _kick(players: dict[str, Any], dice: dict[str, list[int]], kick_dice: int | None = None,
          **extra: Any) -> KickoffContext:
    ctx = world("classic", players, dice=dice)
    a = Activation("h1", "kick_team_mate", thrown="h2", kick_dice=kick_dice,
                   where="decisions.blitz[0]", **extra)
    free_turn(ctx, "blitz", None, [a])
    return ctx


def _lines(ctx: KickoffContext, step: str) -> list[dict[str, Any]]:
    return [e for e in ctx.log if e.get("step") == step]


def test_a_short_kick_flies_straight_away_then_scatters_three_times() -> None:
    # a D6 of 4: from (6, 7) East (away from the kicker on (5, 7)) to (10, 7), then three
    # scatters East (template 5) to (13, 7); the landing 4+ at 0 (4 squares): a 4 lands
    ctx = _kick({"h1": KICKER, "h2": KICKED}, {"d6": [4, 4], "d8": [5, 5, 5]})
    (k,) = _lines(ctx, "kick_team_mate")
    assert (k["kicker"], k["kicked"], k["rolls"], k["double"]) == ("h1", "h2", [4], False)
    h2 = ctx.state.players["h2"]
    assert (h2.square, h2.status) == ((13, 7), "standing") and left(ctx) == {}


def test_a_long_kick_of_seven_lands_at_minus_one() -> None:
    # 2D6 3 + 4: to (13, 7), three scatters North (template 2) to (13, 4); 4 - 1 fails: Prone,
    # armour 2 + 2
    ctx = _kick({"h1": KICKER, "h2": KICKED}, {"d6": [3, 4, 4, 2, 2], "d8": [2, 2, 2]},
                kick_dice=2)
    assert [e["for"] for e in ctx.log if str(e.get("for", "")).startswith("landing")] == [
        "landing by h2 (4+, modifier -1)"]
    h2 = ctx.state.players["h2"]
    assert (h2.square, h2.status) == ((13, 4), "prone") and left(ctx) == {}


@pytest.mark.parametrize(("moved", "modifier"), [(5, 0), (6, -1), (8, -1), (9, -2), (12, -2)])
def test_the_landing_modifier_by_squares_moved(moved: int, modifier: int) -> None:
    assert landing_modifier(moved) == modifier


def test_a_double_is_an_injury_roll_stunned_as_knocked_out() -> None:
    # 3 + 3: no flight; injury 2 + 2 (Stunned) counts as Knocked Out
    ctx = _kick({"h1": KICKER, "h2": KICKED}, {"d6": [3, 3, 2, 2]}, kick_dice=2)
    assert _lines(ctx, "kick_team_mate")[0]["double"] is True
    h2 = ctx.state.players["h2"]
    assert (h2.square, h2.status) == (None, "knocked_out") and left(ctx) == {}


def test_the_crowd_knocks_him_out_with_no_roll() -> None:
    # from (24, 7), kicked East by h1 on (23, 7): 3 squares leave the pitch after (25, 7)
    players = {"h1": {**KICKER, "square": (23, 7)}, "h2": {**KICKED, "square": (24, 7)}}
    ctx = _kick(players, {"d6": [3]})
    h2 = ctx.state.players["h2"]
    assert (h2.square, h2.status) == (None, "knocked_out") and left(ctx) == {}


def test_the_kick_is_the_turns_blitz() -> None:
    ctx = world("classic", {"h1": KICKER, "h2": KICKED, "h3": (5, 3), "a1": (5, 1)},
                dice={"d6": [4, 4], "d8": [5, 5, 5]})
    kick = Activation("h1", "kick_team_mate", thrown="h2", where="decisions.blitz[0]")
    blitz = Activation("h3", "blitz", target="a1", path=(Square(5, 2),),
                       where="decisions.blitz[1]")
    with pytest.raises(DecisionError, match="only one Blitz") as err:
        free_turn(ctx, "blitz", None, [kick, blitz])
    assert err.value.problems[0].where.startswith("decisions.blitz[1]")


def test_a_classic_kick_names_no_target_square() -> None:
    with pytest.raises(DecisionError, match="no `to`"):
        _kick({"h1": KICKER, "h2": KICKED}, {"d6": [4]}, to=Square(10, 7))


def test_the_kicked_player_must_have_right_stuff_and_be_beside_him() -> None:
    with pytest.raises(DecisionError, match="Right Stuff"):
        _kick({"h1": KICKER, "h2": (6, 7)}, {"d6": [4]})
    with pytest.raises(DecisionError, match="not adjacent"):
        _kick({"h1": KICKER, "h2": {**KICKED, "square": (8, 7)}}, {"d6": [4]})


def test_kick_dice_belong_to_classic_only() -> None:
    # bb2025's Kick Team-mate is a throw at `to`: `kick_dice` there is refused
    ctx = world("bb2025", {"h1": KICKER, "h2": KICKED}, dice={"d6": [6]})
    a = Activation("h1", "kick_team_mate", thrown="h2", to=Square(8, 7), kick_dice=2,
                   where="decisions.charge[0]")
    with pytest.raises(DecisionError, match="`kick_dice` is classic's"):
        free_turn(ctx, "charge", None, [a])
