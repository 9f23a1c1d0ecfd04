"""Best play under a weighted mix of objectives (issue 24, points 2 and 4): a mix is linear in
the end distribution like each of its objectives, so the exact solver's decision nodes compare
its values as they do an objective's. Checked: a solver's value of a mix is the mix of its
values of the objectives (each end valued as the mix, the kick's ends summing to 1); a mix of
one objective plays as that objective (the same choices, ``1 - v`` for one the kicking coach
wants high); each coach's best under a mix is never worse for him than his defaults against a
fixed opponent; the advisor's minimax and ``kickoff odds`` / ``setup optimize`` take a mix with
``--play best``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import cli

from kickoff.analysis.advisor.evaluate import minimax
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import Mix, parse_objective, receivers_prefer
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.match import build_match

#: Three objectives, one the kicking coach wants high (ball-on-ground: ``1 - v`` in the mix),
#: one in squares.
MIX = Mix((("receiver-holds", Fraction(1, 2)), ("ball-on-ground", Fraction(1, 4)),
           ("distance", Fraction(1, 4))))


def _sevens(away: str | None = None) -> tuple[GameState, Ruleset]:
    m = build_match("sevens", None, away, None, None, "home")
    return m.state, m.ruleset


def _targets(state: GameState) -> list[Square]:
    """The centre of the receiving area and a corner near the touchline (touchbacks likely)."""
    area = [sq for sq in state.pitch.squares() if state.pitch.in_receiving_area("away", sq)]
    return [state.pitch.centre["away"], min(area, key=lambda sq: (-sq.x, sq.y))]


@pytest.mark.parametrize("play", ["defaults", "best"])
def test_a_mix_s_value_is_the_mix_of_its_objectives_values(play: str) -> None:
    state, rs = _sevens()
    solver = KickoffSolver(state, rs, events="all", play=play, objective=MIX)  # type: ignore[arg-type]
    for target in _targets(state):
        parts = {o: solver.value(target, o) for o, _ in MIX.weights}
        value = solver.value(target, MIX)
        assert value == MIX.value(parts)
        assert Fraction(1, 4) < value < 3  # distance in squares weighs in: not a probability


@pytest.mark.parametrize(("name", "flipped"), [("receiver-holds", False),
                                               ("ball-on-ground", True)])
def test_a_mix_of_one_objective_plays_as_that_objective(name: str, flipped: bool) -> None:
    """Both coaches' choices are those of the objective itself, and the value is the
    objective's, or one minus it where the kicking coach wants it high (the receivers want a
    mix high)."""
    state, rs = _sevens()
    mix = parse_objective(f"mix:{name}=1")
    assert isinstance(mix, Mix)
    by_mix = KickoffSolver(state, rs, events="all", play="best", objective=mix)
    alone = KickoffSolver(state, rs, events="all", play="best", objective=name)  # type: ignore[arg-type]
    seen = False
    for target in _targets(state):
        v = alone.value(target, name)  # type: ignore[arg-type]
        assert by_mix.value(target, mix) == (1 - v if flipped else v)
        assert by_mix.decisions_taken(target) == alone.decisions_taken(target)
        seen = seen or bool(alone.decisions_taken(target))
    assert seen  # a choice beat the defaults somewhere: the direction was put to the test


@pytest.mark.parametrize("events", ["none", "all"])
def test_each_coach_s_best_under_a_mix_is_never_worse_for_him(events: str) -> None:
    """Against a fixed opponent: the receivers' best is at least their defaults' mix, the
    kicking coach's best at most it; and where a value differs, a choice is named."""
    state, rs = _sevens()
    solvers = {(play, kicking): KickoffSolver(state, rs, events=events, play=play,  # type: ignore[arg-type]
                                              kicking=kicking, objective=MIX)  # type: ignore[arg-type]
               for play, kicking in (("defaults", None), ("best", "defaults"),
                                     ("defaults", "best"))}
    for target in _targets(state):
        defaults, receivers, kicking = (s.value(target, MIX) for s in solvers.values())
        assert not receivers_prefer(MIX, defaults, receivers)
        assert not receivers_prefer(MIX, kicking, defaults)
        for value, s in ((receivers, solvers["best", "defaults"]),
                         (kicking, solvers["defaults", "best"])):
            if value != defaults:
                assert s.decisions_taken(target)


def test_the_advisor_s_minimax_plays_a_mix_at_both_coaches_best() -> None:
    """``mix:ball-on-ground=1`` is one minus ball-on-ground: the kicking coach's best target is
    the same (he wants the mix low, ball-on-ground high), with both coaches at their best."""
    state, rs = _sevens()
    mix = parse_objective("mix:ball-on-ground=1")
    for events in ("none", "all"):
        value, target = minimax(state, rs, mix, events, "best", frozenset(), True)  # type: ignore[arg-type]
        alone, where = minimax(state, rs, "ball-on-ground", events, "best", frozenset(), True)  # type: ignore[arg-type]
        assert (value, target) == (1 - alone, where)


def test_odds_takes_a_mix_with_play_best() -> None:
    """One target: the mix's exact value beside the odds (the solver's); every target: ranked
    by it, the kicking coach's best the lowest; a bad mix named."""
    mix = "mix:receiver-holds=0.7,distance=0.3"
    base = ["odds", "--ruleset", "sevens", "--events", "all", "--play", "best", "--objective",
            mix, "--plan-budget", "0"]  # the solver's own figures: no free-move search
    code, out, err = cli([*base, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    state, rs = _sevens()
    goal = parse_objective(mix)
    solver = KickoffSolver(state, rs, events="all", play="best", objective=goal)
    centre = state.pitch.centre["away"]
    assert doc["objective"] == "mix:receiver-holds=7/10,distance=3/10"
    assert Fraction(doc["objective_value"]) == solver.value(centre, goal)
    assert doc["decisions_taken"] == solver.decisions_taken(centre)
    code, out, err = cli(base)
    assert code == 0, err
    assert f"mix:receiver-holds=7/10,distance=3/10: {float(solver.value(centre, goal)):.4f}" in out
    code, out, err = cli([*base, "--all-targets", "--json"])
    assert code == 0, err
    ranked = json.loads(out)["targets"]
    values = [Fraction(t["value"]) for t in ranked]
    assert values == sorted(values) and values[0] < values[-1]
    assert values[0] == solver.value(Square(*ranked[0]["target"]), goal)


@pytest.mark.slow
def test_setup_optimize_with_a_mix_and_play_best_is_what_odds_gives(tmp_path: Path) -> None:
    """Issue 24's acceptance for a mix: ``setup optimize --play best --events all`` with a mix
    reports what ``odds --all-targets --play best`` gives on the set-up it wrote, exactly."""
    out_file = tmp_path / "best.toml"
    mix = "mix:receiver-holds=1/2,ball-in-reach=1/4,distance=1/4"
    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "wood_elf",
                          "--events", "all", "--play", "best", "--objective", mix,
                          "--plan-budget", "0",  # the plans with a mix: test_advisor_plans
                          "--evaluations", "2", "--seed", "1", "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    code, out, err = cli(["odds", "--all-targets", "--events", "all", "--play", "best",
                          "--plan-budget", "0",
                          "--objective", mix, "--ruleset", "sevens", "--away", "wood_elf",
                          "--away-setup", str(out_file), "--json"])
    assert code == 0, err
    best = json.loads(out)["targets"][0]
    assert (best["value"], best["target"]) == (doc["value"], doc["target"])
    chances = sum(Fraction(e["chance"]) for e in doc["by_event"])
    assert chances == 1
