"""Exact odds: values computed by hand, and agreement with Monte Carlo."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import player, scenario

from kickoff.analysis.exact import KickoffSolver, PathDice, enumerate_runs, merge
from kickoff.analysis.simulate import Job, simulate
from kickoff.core import ball
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _loaded(doc: dict[str, object]):  # type: ignore[no-untyped-def]
    return load_scenario(parse_scenario(json.dumps(doc)))


def _home_kickers(ruleset: str = "bb2020") -> list[dict[str, object]]:
    return [player("h1", [12, 6], ruleset), player("h2", [12, 7], ruleset),
            player("h3", [12, 8], ruleset), player("h4", [8, 7], ruleset)]


def test_enumerate_runs_two_dice_sum() -> None:
    def two_d6(d: PathDice) -> int:
        return d.roll("d6", 6) + d.roll("d6", 6)

    dist = merge(enumerate_runs(two_d6))
    assert dist[7] == Fraction(1, 6)
    assert dist[2] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_lone_catcher_under_the_ball_catches_half_the_time() -> None:
    """bb2020: AG 3+ with the kick-off -1 needs a 4: 1/2; the failed catch bounces away onto
    empty squares, so he never gets a second chance."""
    away = [player("a1", [13, 6]), player("a2", [13, 7]), player("a3", [13, 8]),
            player("a4", [20, 3])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    solver = KickoffSolver(loaded.state, loaded.ruleset)
    ends = solver.journey(loaded.state, ball.Arrive(Square(20, 3), "kickoff", True))
    held = sum(p for e, p in ends.items() if isinstance(e, ball.Held) and e.player == "a4")
    assert held == Fraction(1, 2)
    assert sum(ends.values()) == 1


def test_two_catchers_bouncing_between_them_is_solved_exactly() -> None:
    """A fails (1/2), the ball bounces onto B (1/8), B fails (1/2), back onto A (1/8), ...
    P(A holds) = (1/2) / (1 - 1/256) = 128/255; P(B holds) = 8/255."""
    away = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
            player("a4", [20, 7]), player("a5", [21, 7])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    solver = KickoffSolver(loaded.state, loaded.ruleset)
    ends = solver.journey(loaded.state, ball.Arrive(Square(20, 7), "kickoff", True))
    holders = {e.player: p for e, p in ends.items() if isinstance(e, ball.Held)}
    assert holders == {"a4": Fraction(128, 255), "a5": Fraction(8, 255)}
    assert sum(p for e, p in ends.items() if isinstance(e, ball.Rests)) == Fraction(119, 255)


def test_touchback_at_the_sideline_counts_the_outcomes_that_leave() -> None:
    """Target (19, 0), nobody near: 18 of the 48 deviations leave the pitch; the landings on the
    top row bounce out 3 times in 8 (5 in 8 at x = 13 and x = 25, where the kicking half or the
    end line is one step away too); (13, 6) and (25, 6) bounce out 3 times in 8.
    18/48 + (15/8 + 5/8 + 15/8 + 5/8 + 3/8 + 3/8)/48 = 95/192."""
    away = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
            player("a4", [22, 12])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    odds = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(19, 0))
    assert odds.touchback == Fraction(95, 192)
    total = sum(odds.holders.values()) + sum(odds.ground.values())
    assert total == 1
    assert odds.holders["a1"] == odds.touchback  # the first eligible recipient takes it


def test_odds_json_uses_exact_fraction_strings() -> None:
    loaded = _loaded(scenario("bb2020", home=_home_kickers()))
    doc = KickoffSolver(loaded.state, loaded.ruleset).odds(Square(20, 7)).to_json()
    assert doc["target"] == [20, 7] and doc["events"] == "none"
    assert Fraction(doc["touchback"]) > 0
    assert all("/" in v or v in ("0", "1") for v in doc["holders"].values())


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
@pytest.mark.parametrize("events", ["none", "all"])
def test_monte_carlo_agrees_with_exact(ruleset: str, events: str) -> None:
    """20,000 sampled kick-offs put P(touchback) and P(receiving team holds) within 4 standard
    errors of the exact values."""
    doc = scenario(ruleset)
    target = Square(15, 4) if ruleset == "sevens" else Square(19, 5)
    loaded = _loaded(doc)
    odds = KickoffSolver(loaded.state, loaded.ruleset, events=events).odds(target)  # type: ignore[arg-type]
    tally = simulate(Job(loaded.state, loaded.ruleset, target, events), 20_000,  # type: ignore[arg-type]
                     seed=11)
    for exact, count in ((odds.touchback, tally.touchback),
                         (odds.receiving_team_holds, tally.receiving_team_holds)):
        est, se = tally.share(count)
        assert abs(est - float(exact)) <= 4 * max(se, 1e-9), (exact, est, se)


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_lumping_players_no_journey_can_see_changes_no_probability(ruleset: str) -> None:
    # Three kicking players deep in their own half: a Pitch Invasion or Officious Ref choosing
    # among them is lumped. Seven receivers, so a touchback always has a taker (no fallback).
    home = [*_home_kickers(ruleset)[:3], player("h4", [8, 7], ruleset),
            player("h5", [5, 3], ruleset), player("h6", [3, 11], ruleset)]
    away = [player(f"a{i}", sq, ruleset) for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [17, 2], [18, 7], [20, 12], [23, 7]], start=1)]
    loaded = _loaded(scenario(ruleset, home=home, away=away))
    lumped = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    full = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    full.lump_worlds = False
    assert len(lumped.worlds()) < len(full.worlds())
    for target in (Square(17, 2), Square(19, 7), Square(24, 14), Square(14, 7)):
        assert lumped.odds(target).ends == full.odds(target).ends


def test_lumped_worlds_where_nobody_can_take_a_touchback_are_expanded_exactly() -> None:
    # classic Pitch Invasion can Stun all four receivers: the touchback then bounces from a
    # downed receiver, on to the Line of Scrimmage and the two lumped kicking players behind it.
    home = [*_home_kickers("classic")[:3], player("h4", [11, 7], "classic"),
            player("h5", [11, 8], "classic")]
    away = [player(f"a{i}", sq, "classic") for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [18, 7]], start=1)]
    loaded = _loaded(scenario("classic", home=home, away=away))
    lumped = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    full = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    full.lump_worlds = False
    assert len(lumped.worlds()) < len(full.worlds())
    assert lumped._expanded  # some lumped world leaves nobody to take a touchback
    for target in (Square(13, 0), Square(19, 7), Square(25, 14)):
        assert lumped.odds(target).ends == full.odds(target).ends
