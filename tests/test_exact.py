"""Exact odds: values computed by hand, and agreement with Monte Carlo."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import player, scenario

from kickoff.analysis.exact.chance import PathDice, UngroupedPathDice, enumerate_runs, merge
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.simulate import Job, simulate
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.log import KickoffLog
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


def test_enumerate_runs_following_a_run_past_its_path_gives_the_same_runs() -> None:
    # ``follow`` (issue 28: Pitch Invasion's 2^18 worlds played once each, not twice): every
    # run goes on past its path with each node's last outcome; the outcomes, their exact
    # probabilities and their order are those of the runs stopped at each node.
    def nested(d: PathDice) -> tuple[int, ...]:
        first = d.roll("d6", 6)
        if first == 1:
            return (first,)  # a leaf at once
        second = d.roll("d3", 3) if first % 2 else d.roll("d6", 6)
        if second == 2:
            return (first, second, d.roll("d8", 8))
        return (first, second)

    stopped = enumerate_runs(nested)
    followed = enumerate_runs(nested, follow=True)
    assert followed == stopped
    assert len(followed) == 1 + 2 * (2 + 8) + 3 * (5 + 8)  # 1; 3, 5 (a D3); 2, 4, 6 (a D6)
    assert sum(p for p, _ in followed) == 1
    assert dict((v, p) for p, v in followed)[(3, 2, 5)] == Fraction(1, 6 * 3 * 8)
    runs = []

    def counted(d: PathDice) -> tuple[int, ...]:
        runs.append(d.path)
        return nested(d)

    enumerate_runs(counted, follow=True)
    assert len(runs) == len(followed)  # one run an outcome (stopped: one more a node)


def test_lone_catcher_under_the_ball_catches_half_the_time() -> None:
    """bb2020: AG 3+ with the kick-off -1 needs a 4: 1/2; the failed catch bounces away onto
    empty squares, so he never gets a second chance."""
    away = [player("a1", [13, 6]), player("a2", [13, 7]), player("a3", [13, 8]),
            player("a4", [20, 3])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none")
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
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none")
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
    doc = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(20, 7)).to_json()
    assert doc["target"] == [20, 7] and doc["events"] == "none"
    assert Fraction(doc["touchback"]) > 0
    assert doc["holders"] and all("/" in v or v in ("0", "1") for v in doc["holders"].values())


@pytest.mark.parametrize(("events", "ruleset"), [
    *(("all", r) for r in ("classic", "bb2020", "bb2025", "sevens")),
    ("none", "bb2020"),
    # slow: the deviation and landing without the Kick-off table, which every ruleset's "all"
    # case rolls too after its event (bb2020's keeps the "none" branch in the quick suite)
    *(pytest.param("none", r, marks=pytest.mark.slow) for r in ("classic", "bb2025", "sevens"))],
    ids=lambda v: v)
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
    listed = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    listed.rolls_apart = False  # every combination of the stuns a world of its own
    full = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    full.lump_worlds = False
    assert len(listed.worlds()) < len(full.worlds())
    assert listed._expanded  # some lumped world leaves nobody to take a touchback
    lumped.groups()  # the stuns kept as a product: its worlds with nobody lumped there
    assert len(lumped._products) == 1 and lumped._expanded
    for target in (Square(13, 0), Square(19, 7), Square(25, 14)):
        assert lumped.odds(target).ends == full.odds(target).ends
        assert listed.odds(target).ends == full.odds(target).ends


# --------------------------------------------------------------------------- the receiving
# coach's choices (Decisions.touchback, Decisions.high_kick)


def test_a_named_touchback_taker_takes_every_touchback() -> None:
    """The sideline kick above: with a4 named, every touchback (95/192) is his; a4 at (22, 12)
    is never reached by the ball otherwise, and a1 no longer gets it."""
    away = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
            player("a4", [22, 12])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    default = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(19, 0))
    chosen = KickoffSolver(loaded.state, loaded.ruleset, events="none",
                           decisions=Decisions(touchback="a4")).odds(Square(19, 0))
    assert default.holders["a1"] == Fraction(95, 192) and "a4" not in default.holders
    assert chosen.touchback == default.touchback == Fraction(95, 192)
    assert chosen.holders["a4"] == Fraction(95, 192) and "a1" not in chosen.holders
    assert chosen.ground == default.ground


def test_a_named_taker_who_cannot_take_the_ball_leaves_it_to_the_default() -> None:
    """a4 with No Hands cannot take a touchback: the default taker a1 does, as kickoff
    simulate plays --touchback."""
    away = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
            player("a4", [22, 12], skills=["no_hands"])]
    loaded = _loaded(scenario("bb2020", home=_home_kickers(), away=away))
    default = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(19, 0))
    chosen = KickoffSolver(loaded.state, loaded.ruleset, events="none",
                           decisions=Decisions(touchback="a4")).odds(Square(19, 0))
    assert chosen.holders == default.holders and chosen.holders["a1"] == Fraction(95, 192)


def test_a_touchback_taker_of_the_kicking_team_is_refused() -> None:
    """The rule's options (``ball.touchback_recipients``) are receiving players: naming a kicking
    player is an illegal choice, refused before any odds, with his id as a value."""
    loaded = _loaded(scenario("bb2020", home=_home_kickers()))
    with pytest.raises(DecisionError) as e:
        KickoffSolver(loaded.state, loaded.ruleset, decisions=Decisions(touchback="h1"))
    (problem,) = e.value.problems
    assert (problem.code, problem.where, problem.players) == (
        "illegal_choice", "decisions.touchback", ("h1",))


# 20,000 kick-offs in the quick suite, 100,000 (the tighter bound) in the slow set
@pytest.mark.parametrize("n", [20_000, pytest.param(100_000, marks=pytest.mark.slow)])
def test_receiving_coach_choices_agree_with_monte_carlo(n: int) -> None:
    """--high-kick a4 --touchback a4 with the Kick-off table: ``n`` sampled kick-offs put
    P(touchback), P(receiving team holds) and P(a4 holds) within 4 standard errors of the
    exact values, which differ from the defaults' where the choices matter."""
    loaded = _loaded(scenario("bb2020"))
    target = Square(19, 2)
    choices = Decisions(high_kick="a4", touchback="a4")
    default = KickoffSolver(loaded.state, loaded.ruleset, events="all").odds(target)
    odds = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                         decisions=choices).odds(target)
    assert odds.holders["a4"] > default.holders.get("a4", Fraction(0)) + odds.touchback / 2
    assert odds.holders.get("a1", Fraction(0)) < default.holders["a1"] - odds.touchback / 2
    tally = simulate(Job(loaded.state, loaded.ruleset, target, "all", high_kick="a4",
                         touchback="a4"), n, seed=15)
    for exact, count in ((odds.touchback, tally.touchback),
                         (odds.receiving_team_holds, tally.receiving_team_holds),
                         (odds.holders["a4"], tally.holders["a4"])):
        est, se = tally.share(count)
        assert abs(est - float(exact)) <= 4 * max(se, 1e-9), (exact, est, se)


def test_high_kick_places_the_named_player_under_the_ball() -> None:
    """High Kick is the 2D6 roll of 5 (1/9). a4 deep at (20, 7), a kick at (19, 2): placed
    under every landing on an empty square in play, he catches more often; without the
    event (events none) the choice changes nothing."""
    loaded = _loaded(scenario("bb2020"))
    target = Square(19, 2)
    for events in ("none", "all"):
        default = KickoffSolver(loaded.state, loaded.ruleset, events=events).odds(target)  # type: ignore[arg-type]
        chosen = KickoffSolver(loaded.state, loaded.ruleset, events=events,  # type: ignore[arg-type]
                               decisions=Decisions(high_kick="a4")).odds(target)
        gain = chosen.holders.get("a4", Fraction(0)) - default.holders.get("a4", Fraction(0))
        if events == "none":
            assert chosen.holders == default.holders and chosen.ground == default.ground
        else:
            # caught at least when he stands under a kick that lands in play (AG 3+, -1: 1/2)
            # and never more often than the event comes
            assert Fraction(1, 9) * Fraction(1, 4) < gain < Fraction(1, 9)
            # a ball he catches no longer bounces out of play; a failed catch bounces as before
            assert chosen.touchback < default.touchback
        assert sum(chosen.holders.values()) + sum(chosen.ground.values()) == 1


def test_high_kick_with_a_marked_player_is_refused_as_run_refuses_it() -> None:
    loaded = _loaded(scenario("bb2020"))  # a1 on the Line of Scrimmage is Marked
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                           decisions=Decisions(high_kick="a1"))
    with pytest.raises(DecisionError, match=r"decisions\.high_kick: a1 is not an Open"):
        solver.odds(Square(19, 2))


def test_lumping_changes_no_probability_with_the_receiving_coach_choices() -> None:
    """The classic set-up above with --high-kick a4 --touchback a4: a Pitch Invasion may Stun
    a4 (the default taker then takes a touchback) or everyone; lumped or not, the same ends."""
    home = [*_home_kickers("classic")[:3], player("h4", [11, 7], "classic"),
            player("h5", [11, 8], "classic")]
    away = [player(f"a{i}", sq, "classic") for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [18, 7]], start=1)]
    loaded = _loaded(scenario("classic", home=home, away=away))
    choices = Decisions(high_kick="a4", touchback="a4")
    lumped = KickoffSolver(loaded.state, loaded.ruleset, events="all", decisions=choices)
    full = KickoffSolver(loaded.state, loaded.ruleset, events="all", decisions=choices)
    full.lump_worlds = False
    default = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    for target in (Square(13, 0), Square(19, 7)):
        odds = lumped.odds(target)
        assert odds.ends == full.odds(target).ends
        assert odds.holders["a4"] > default.odds(target).holders.get("a4", 0)


# --------------------------------------------------------------------------- grouped chance
# nodes (Dice.roll_grouped, roll_among, pick_among, choose_among) against die-by-die enumeration


def test_grouped_chance_nodes_equal_die_by_die_enumeration() -> None:
    """Each grouped node of the Dice protocol, enumerated grouped (PathDice) and die by die as
    seeded dice roll it (UngroupedPathDice): the same exact distribution over what the rules
    see, from far fewer branches."""
    loaded = _loaded(scenario("bb2020"))
    candidates = ["a", "b", "c", "d", "e"]

    def run(dice: PathDice) -> tuple[object, ...]:
        ctx = KickoffContext(loaded.state, loaded.ruleset, dice, Decisions())
        total = sum(ctx.roll_dice([("d6", "2d6"), ("d6", "2d6")], sum))
        (catch,) = ctx.roll_dice([("d6", "catch")], lambda v: v[0] >= 4)
        chosen = frozenset(ctx.choose(candidates, 2, "two of five"))
        picked = ctx.pick(candidates[:3], "one of three")
        until = ctx.roll_until("d8", "not a corner", lambda v: v % 2 == 0)
        return total, catch >= 4, chosen, picked, until

    grouped = enumerate_runs(run)
    plain = enumerate_runs(run, dice=UngroupedPathDice)
    assert len(plain) > 4 * len(grouped)
    dist = merge(grouped)
    assert dist == merge(plain)
    assert sum(dist.values()) == 1
    assert sum(p for (t, *_), p in dist.items() if t == 7) == Fraction(1, 6)


def test_plain_dice_answer_the_grouped_nodes_die_by_die() -> None:
    """Seeded dice answer the grouped nodes through roll, in order, logging each die: the values
    and the log are those of rolling the dice one at a time (a choice: successive picks among
    those left; a re-roll until: every roll logged)."""
    log = KickoffLog()
    dice, twin = SeededDice(3), SeededDice(3)
    first = [twin.roll("d6", 6), twin.roll("d8", 8)]
    assert dice.roll_grouped([("d6", "x"), ("d8", "y")], sum, None, log) == tuple(first)
    pair = [twin.roll("d6", 6), twin.roll("d6", 6)]  # the rules' tuple of two dice: its own path
    assert dice.roll_grouped((("d6", "p"), ("d6", "q")), sum, None, log) == tuple(pair)
    picks = [twin.roll("pick", 5), twin.roll("pick", 4)]
    left = [0, 1, 2, 3, 4]
    assert dice.choose_among("abcde", 2, "z", log) == tuple(left.pop(v - 1) for v in picks)
    rolls = [twin.roll("d8", 8)]
    while rolls[-1] != 8:
        rolls.append(twin.roll("d8", 8))
    assert dice.roll_among("d8", 8, lambda v: v == 8, "w", log) == 8
    assert [line["value"] for line in log] == [*first, *pair, *picks, *rolls]
    assert [line["for"] for line in log] == ["x", "y", "p", "q", "z", "z", *["w"] * len(rolls)]
    assert len(rolls) > 1


def _two_catchers(ruleset: str) -> dict[str, object]:
    away = [player("a1", [13, 8], ruleset), player("a2", [13, 9], ruleset),
            player("a3", [13, 10], ruleset), player("a4", [20, 7], ruleset),
            player("a5", [21, 7], ruleset, skills=["diving_catch"])]
    return scenario(ruleset, home=_home_kickers(ruleset), away=away)


@pytest.mark.parametrize(("ruleset", "events", "doc"), [
    pytest.param("classic", "all", scenario("classic"), marks=pytest.mark.slow),
    # bb2020's (7 s under load): slow; Sevens' checks the Kick-off table's grouping quick
    pytest.param("bb2020", "all", scenario("bb2020"), marks=pytest.mark.slow),
    ("sevens", "all", scenario("sevens")),
    ("bb2025", "none", _two_catchers("bb2025")),
    ("classic", "none", _two_catchers("classic")),
])
def test_grouping_and_lumping_change_no_probability(
        ruleset: str, events: str, doc: dict[str, object]) -> None:
    """The whole solver with grouping and lumping off (every die and pick its own chance node,
    as seeded dice roll them) gives exactly the default solver's fractions."""
    loaded = _loaded(doc)
    target = Square(15, 4) if ruleset == "sevens" else Square(20, 7)
    fast = KickoffSolver(loaded.state, loaded.ruleset, events=events)  # type: ignore[arg-type]
    plain = KickoffSolver(loaded.state, loaded.ruleset, events=events)  # type: ignore[arg-type]
    plain.group_chance = False
    got = fast.odds(target).ends
    assert plain.odds(target).ends == got
    assert sum(got.values()) == 1
