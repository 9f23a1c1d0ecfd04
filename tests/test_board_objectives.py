"""The objectives that read the board at the end (issue 24 point 4): ``holder-open`` (the
receivers hold the ball, the holder not Marked) and ``ball-in-reach`` (the ball on the ground
within a receiver's MA + 2 Rush), exact through the solver's decorated ends
(``kickoff.analysis.exact.board``), checked against kick-offs played by the engine."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from helpers import cli, player, scenario

from kickoff.analysis.advisor.events import certain, events_of
from kickoff.analysis.exact.board import allowance, board_value, in_reach
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import Mix, parse_objective
from kickoff.analysis.simulate import Job, play_kickoffs
from kickoff.analysis.targets import objective_value, rank_targets
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.scenario import load_scenario, parse_scenario

BOARD = frozenset({"marked", "reach"})


def _loaded(doc: dict[str, Any]) -> Any:
    return load_scenario(parse_scenario(json.dumps(doc)))


def _slow_receivers(ruleset: str) -> Any:
    """Receivers of Movement 1 on the Line of Scrimmage (bb2020: Marked by the kicking team's
    three there) and one of Movement 2 behind: the ball is often out of their reach."""
    if ruleset == "sevens":
        away = [player("a1", [13, 4], ruleset, ma=1), player("a2", [13, 5], ruleset, ma=1),
                player("a3", [13, 6], ruleset, ma=1), player("a4", [16, 3], ruleset, ma=2)]
    else:
        away = [player("a1", [13, 6], ruleset, ma=1), player("a2", [13, 7], ruleset, ma=1),
                player("a3", [13, 8], ruleset, ma=1), player("a4", [17, 7], ruleset, ma=2)]
    return _loaded(scenario(ruleset, away=away))


def _played(state: GameState, ruleset: Ruleset, target: Square, events: str, n: int,
            seed: int) -> dict[str, int]:
    """How many of ``n`` kick-offs played by the engine (``simulate``'s seeded dice) end with
    each board objective met, read off the board they leave."""
    counts = {"holder-open": 0, "ball-in-reach": 0}
    for result in play_kickoffs(Job(state, ruleset, target, events), n, seed):  # type: ignore[arg-type]
        for objective in counts:
            counts[objective] += board_value(result.state, objective)
    return counts


def _within(exact: Fraction, count: int, n: int, z: float = 4.0) -> bool:
    p = count / n
    se = max((p * (1 - p) / n) ** 0.5, 1e-9)
    return abs(p - float(exact)) <= z * se


@pytest.mark.parametrize(("ruleset", "events"), [
    ("sevens", "all"), ("bb2020", "none"), ("sevens", "none"), ("bb2020", "all"),
])
def test_exact_board_objectives_agree_with_kickoffs_the_engine_plays(
        ruleset: str, events: str) -> None:
    """20,000 kick-offs played by the engine put both board objectives within 4 standard errors
    of the exact values (bb2020: the receivers on the Line of Scrimmage are Marked, so holding
    and holding Open differ)."""
    loaded = _slow_receivers(ruleset)
    target = Square(15, 5) if ruleset == "sevens" else Square(15, 7)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events=events, board=BOARD)  # type: ignore[arg-type]
    n = 20_000
    counts = _played(loaded.state, loaded.ruleset, target, events, n, seed=5)
    for objective, count in counts.items():
        exact = solver.value(target, objective)  # type: ignore[arg-type]
        assert 0 < exact < 1 and _within(exact, count, n), (objective, exact, count / n)
    if ruleset == "bb2020":
        assert solver.value(target, "holder-open") < solver.value(target, "receiver-holds")


@pytest.mark.parametrize("event", ["pitch_invasion", "blitz", "high_kick", "quick_snap"])
def test_a_certain_event_s_boards_agree_with_the_engine(event: str) -> None:
    """With one Kick-off event certain (Pitch Invasion knocks down receivers far from the ball:
    a world the ball's journey alone would not tell apart), the exact values still agree with
    kick-offs the engine plays."""
    loaded = _slow_receivers("bb2020")
    found = [e for e, _ in events_of(loaded.ruleset) if e.name == event]
    ruleset = certain(loaded.ruleset, found[0])
    target = Square(15, 7)
    solver = KickoffSolver(loaded.state, ruleset, events="all", board=BOARD)
    n = 10_000
    counts = _played(loaded.state, ruleset, target, "all", n, seed=9)
    for objective, count in counts.items():
        exact = solver.value(target, objective)  # type: ignore[arg-type]
        assert _within(exact, count, n), (objective, exact, count / n)


@pytest.mark.parametrize("events", ["none", "all"])
def test_sharing_and_lumping_change_no_board_value(events: str) -> None:
    """The solver with its chance nodes ungrouped and nothing lumped or shared between worlds
    gives exactly the same fractions for the board objectives."""
    loaded = _slow_receivers("bb2020")
    target = Square(15, 7)
    fast = KickoffSolver(loaded.state, loaded.ruleset, events=events, board=BOARD)  # type: ignore[arg-type]
    plain = KickoffSolver(loaded.state, loaded.ruleset, events=events, board=BOARD)  # type: ignore[arg-type]
    plain.group_chance = plain.share_journeys = False
    for objective in ("holder-open", "ball-in-reach", "receiver-holds", "ball-on-ground"):
        assert plain.value(target, objective) == fast.value(target, objective), objective  # type: ignore[arg-type]


def test_a_receiving_team_all_marked_never_holds_the_ball_open() -> None:
    """Hand-made: every receiver stands on the Line of Scrimmage, each Marked by a kicking
    player across it; whoever catches the ball or takes a touchback holds it Marked."""
    away = [player("a1", [13, 6]), player("a2", [13, 7]), player("a3", [13, 8])]
    loaded = _loaded(scenario("bb2020", away=away))
    target = Square(14, 7)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none", objective="holder-open")
    assert solver.value(target, "receiver-holds") > 0
    assert solver.value(target, "holder-open") == 0
    # the same board, the holder read off the state: Marked
    state = loaded.state.clone()
    state.ball, state.carrier = (13, 7), "a2"
    assert board_value(state, "holder-open") is False
    state.carrier = None
    state.ball = (15, 7)
    assert board_value(state, "ball-in-reach") is True  # a2 is two squares away, MA 6


def test_reach_is_the_movement_allowance_plus_two_rushes_less_three_to_stand_up() -> None:
    loaded = _loaded(scenario("bb2020", away=[player("a1", [13, 7], ma=4),
                                              player("a2", [13, 6]), player("a3", [13, 8])]))
    state = loaded.state
    a1 = state.players["a1"]
    assert allowance(a1) == 6
    state.set_status(a1, "prone")
    assert allowance(state.players["a1"]) == 3
    state.set_status(state.players["a1"], "stunned")
    assert allowance(state.players["a1"]) == -1
    for p in ("a2", "a3"):
        state.set_status(state.players[p], "stunned")
    assert not in_reach(state, Square(13, 7))  # nobody able to act
    state.set_status(state.players["a1"], "standing")
    assert in_reach(state, Square(19, 7)) and not in_reach(state, Square(20, 7))


def test_both_coaches_best_play_for_a_board_objective() -> None:
    """``play="best"`` with a board objective: each coach's best is never worse for him than his
    defaults against the other's defaults, and the ranking's value is the solver's."""
    loaded = _slow_receivers("bb2020")
    target = Square(15, 7)
    for objective in ("holder-open", "ball-in-reach"):
        defaults = KickoffSolver(loaded.state, loaded.ruleset, events="none", board=BOARD)
        receivers = KickoffSolver(loaded.state, loaded.ruleset, events="none", play="best",
                                  kicking="defaults", objective=objective)  # type: ignore[arg-type]
        kicking = KickoffSolver(loaded.state, loaded.ruleset, events="none", play="defaults",
                                kicking="best", objective=objective)  # type: ignore[arg-type]
        base = defaults.value(target, objective)  # type: ignore[arg-type]
        assert receivers.value(target, objective) >= base  # type: ignore[arg-type]
        assert kicking.value(target, objective) <= base  # type: ignore[arg-type]
    top = rank_targets(receivers, "ball-in-reach")[0]
    assert top.value == receivers.value(top.target, "ball-in-reach")


def test_a_mix_with_a_board_objective_is_the_weighted_sum_of_its_parts() -> None:
    loaded = _slow_receivers("bb2020")
    mix = parse_objective("mix:holder-open=1/2,distance=1/2")
    assert isinstance(mix, Mix)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none", board=BOARD)
    target = Square(15, 7)
    parts = {o: solver.value(target, o) for o, _ in mix.weights}
    assert mix.value(parts) == (parts["holder-open"] + parts["distance"]) / 2


def test_a_solver_without_the_board_refuses_a_board_objective() -> None:
    loaded = _slow_receivers("bb2020")
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none")
    with pytest.raises(ValueError, match="reads the board"):
        solver.value(Square(15, 7), "holder-open")
    with pytest.raises(ValueError, match="reads the board"):
        objective_value(solver.odds(Square(15, 7)), "ball-in-reach")


def test_odds_prints_a_board_objective_s_exact_value() -> None:
    args = ["odds", "--ruleset", "sevens", "--events", "none", "--objective", "holder-open"]
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["objective"] == "holder-open"
    value = Fraction(doc["objective_value"])
    assert 0 < value <= Fraction(doc["receiving_team_holds"])
    code, out, err = cli(args)
    assert code == 0, err
    assert "holder-open (the board at the end):" in out and f"({value})" in out


def test_the_web_ranks_by_a_board_objective_with_the_defaults() -> None:
    from kickoff.web import compute

    text = json.dumps(scenario("sevens", away=[
        player("a1", [13, 4], "sevens", ma=1), player("a2", [13, 5], "sevens", ma=1),
        player("a3", [13, 6], "sevens", ma=1), player("a4", [16, 3], "sevens", ma=2)]))
    ranking, _ = compute.all_targets_job(text, "none", None, "ball-in-reach")
    loaded = _loaded(json.loads(text))
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none", board=BOARD)
    assert ranking["objective"] == "ball-in-reach" and ranking["higher_is_better"] is False
    values = [Fraction(t["exact"]) for t in ranking["targets"]]
    assert values == sorted(values) and values[0] < values[-1]
    best = ranking["targets"][0]
    assert values[0] == solver.value(Square(*best["target"]), "ball-in-reach")
