"""Catch skills on the ball module directly (docs/rulings.md, "Catch skills"): Diving Catch for a
throw-in, never for a bounce; Catch re-rolling a Diving Catch; the default order and the
decision; the solver's reach. Every expectation was worked out by hand.

Default line-ups (helpers.default_players): away a1..a3 on (13,6) (13,7) (13,8), a4 on (20,7).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import default_players, player, scenario

from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import ScriptedDice
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _ctx(rs: str, extra: list[dict[str, Any]], queues: dict[str, list[int]],
         decisions: Decisions | None = None) -> KickoffContext:
    away = default_players("away", rs) + extra
    loaded = load_scenario(parse_scenario(json.dumps(scenario(rs, away=away))))
    return KickoffContext(loaded.state.clone(), loaded.ruleset, ScriptedDice(queues),
                          decisions or loaded.decisions)


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_diving_catch_for_a_throw_in(rs: str) -> None:
    """A throw-in coming down on the empty (18,3): a5 (Diving Catch, AG 3) on (18,4) dives.
    classic 4+ with no modifier: 4; bb2020 / bb2025 3+ with the throw-in -1: 4 - 1 = 3."""
    ctx = _ctx(rs, [player("a5", [18, 4], rs, skills=["diving_catch"])], {"d6": [4]})
    end = ball.follow(ctx, ball.Arrive(Square(18, 3), "throw_in", False))
    assert end == ball.Held("a5", Square(18, 4), True)


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_never_for_a_bounce(rs: str) -> None:
    """A ball bouncing (D8 5: one square east) into the empty (18,3) next to a5 (Diving Catch)
    stops there: no catch roll (none is scripted)."""
    ctx = _ctx(rs, [player("a5", [18, 4], rs, skills=["diving_catch"])], {"d8": [5]})
    assert ball.follow(ctx, ball.Bounce(Square(17, 3), False)) == ball.Rests(Square(18, 3), True)


def test_catch_re_rolls_a_diving_catch() -> None:
    """bb2020: a5 (Diving Catch, Catch) fails with 2 and re-rolls a 4: 4 - 1 = 3, caught."""
    ctx = _ctx("bb2020", [player("a5", [18, 4], skills=["diving_catch", "catch"])],
               {"d6": [2, 4]})
    end = ball.follow(ctx, ball.Arrive(Square(18, 3), "throw_in", False))
    assert end == ball.Held("a5", Square(18, 4), True)


def test_default_order_kicking_team_first_then_input_order() -> None:
    """At a kick-off (no turn) the kicking team's players come first, each team in input
    order; in a team turn the active team's."""
    home = [player("h1", [12, 6], skills=["diving_catch"]), player("h2", [12, 7]),
            player("h3", [12, 8]), player("h4", [8, 7])]
    away = [*default_players("away"), player("a5", [14, 5], skills=["diving_catch"]),
            player("a6", [14, 4], skills=["diving_catch"])]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("bb2020", home=home, away=away))))
    ctx = KickoffContext(loaded.state, loaded.ruleset, ScriptedDice({}), Decisions())
    assert [p.id for p in ball.diving_catchers(ctx, Square(13, 5))] == ["h1", "a5", "a6"]


def test_decision_order_and_passing_over() -> None:
    """decisions.diving_catch [a6, a4, a5]: a4 (no Diving Catch) is an error when read; a
    player not next to the ball is passed over."""
    extra = [player("a5", [18, 4], skills=["diving_catch"]),
             player("a6", [17, 4], skills=["diving_catch"]),
             player("a7", [23, 2], skills=["diving_catch"])]
    ctx = _ctx("bb2020", extra, {"d6": [4]}, Decisions(diving_catch=["a7", "a6", "a5"]))
    # a7 is far away: passed over; a6 first: 4 - 1 = 3 caught
    end = ball.follow(ctx, ball.Arrive(Square(18, 3), "throw_in", False))
    assert end == ball.Held("a6", Square(17, 4), True)
    ctx = _ctx("bb2020", extra, {"d6": [4]}, Decisions(diving_catch=["a4"]))
    with pytest.raises(DecisionError, match="a4 has no Diving Catch"):
        ball.follow(ctx, ball.Arrive(Square(18, 3), "throw_in", False))


def test_reach_from_the_skills_on_the_pitch() -> None:
    loaded = load_scenario(parse_scenario(json.dumps(scenario("bb2020"))))
    players = list(loaded.state.players.values())
    assert ball.reach(players) == (1, 0)
    dc = players[0].copy()
    dc.skills = frozenset({"diving_catch"})
    dp = players[1].copy()
    dp.skills = frozenset({"disturbing_presence"})
    # (every player within, Disturbing Presence players within)
    assert ball.reach([dc]) == (2, 0)
    assert ball.reach([dp]) == (1, 3)
    assert ball.reach([dc, dp]) == (2, 4)
    dp.square = None  # in the Reserves: reads nothing
    assert ball.reach([dp]) == (1, 0)
