"""The receiving coach's set-up as steps of the environment (issue 30, point 1,
``setup="steps"``): PettingZoo's API test on every ruleset, random legal set-ups and
kick-offs, the action mask against the rules' own set-up check."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from helpers import quick_subset
from pettingzoo.test import api_test

from kickoff.core import RULESETS, Square
from kickoff.core.setup import kickoff_setup_problems, setup_problems
from kickoff.env import PLANE_NAMES, KickoffGame, SingleCoachEnv, env, raw_env
from kickoff.env.exact import exact_value, solver_for
from kickoff.env.setup import SetupSteps
from kickoff.formats.match import build_match

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on naming


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_pettingzoo_api_test_passes_with_the_set_up_as_steps(ruleset: str) -> None:
    e = env(ruleset=ruleset, setup="steps")
    api_test(e, num_cycles=200, verbose_progress=False)
    e.reset(seed=3)
    raw = raw_env(ruleset, setup="steps")
    raw.reset(seed=3)
    assert e.agent_selection == "receiving" and raw.game.kind == "setup"
    assert e.observe("kicking")["action_mask"].sum() == 0
    obs = raw.observe("receiving")["observation"]
    assert obs[PLANE_NAMES.index("receiving_standing")].sum() == 0  # nobody placed yet
    assert obs[PLANE_NAMES.index("kind_setup")].all()
    assert obs[PLANE_NAMES.index("options")].sum() == raw.observe("receiving")[
        "action_mask"].sum() > 0


def _completes(steps: SetupSteps, sq: Square) -> bool:
    """Whether the set-up with the next player on ``sq`` can be completed legally: the
    players left first on the Line of Scrimmage's empty squares up to its minimum, then on the
    zone's other empty squares outside the Wide Zones (the best completion there is), checked
    by the rules' own set-up check."""
    pitch, side = steps.ruleset.pitch, steps.side
    placed = [*steps.placed, sq]
    if len(set(placed)) < len(placed) or not pitch.in_setup_zone(side, sq):
        return False
    los = [s for s in steps.zone if pitch.on_los(side, s) and s not in placed]
    centre = [s for s in steps.zone if not pitch.on_los(side, s) and s not in placed
              and pitch.in_wide_zone(s) is None]
    short = min(steps.ruleset.min_on_los, len(steps.order)) - sum(
        pitch.on_los(side, s) for s in placed)
    left = len(steps.order) - len(placed)
    fill = los[:max(short, 0)] + centre
    if len(fill) < left:
        return False
    trial = SetupSteps.__new__(SetupSteps)
    for name in SetupSteps.__slots__:
        setattr(trial, name, getattr(steps, name))
    trial.placed = placed + fill[:left]
    return not setup_problems(trial.world(), steps.ruleset, side)


# two rulesets quick (the others 10 s each, in .ci/run and pytest -m slow)
@pytest.mark.parametrize("ruleset", quick_subset(RULESETS, "bb2020", "sevens"))
def test_the_mask_is_the_rules_set_up_check(ruleset: str) -> None:
    """At every step of 12 random set-ups, a square of the set-up zone is legal exactly when
    the set-up can still be completed legally (by the rules' own check); the finished set-up
    and the whole kick-off's set-up pass it."""
    match = build_match(ruleset, None, None, None, None, "home")
    rng = random.Random(ruleset)
    narrowed = False
    for _ in range(12):
        steps = SetupSteps(match.state, match.ruleset)
        while not steps.done:
            legal = steps.legal()
            expected = [sq for sq in steps.zone if _completes(steps, sq)]
            assert legal == expected
            narrowed |= len(legal) < len(steps.zone) - len(steps.placed)
            steps.place(rng.choice(legal))
        world = steps.finished()
        assert kickoff_setup_problems(world, match.ruleset) == []
    assert narrowed  # some placement was masked for the set-up's sake
    with pytest.raises(ValueError, match="the set-up is complete"):
        steps.place(steps.zone[0])


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("kicking", ["home", "away"])
def test_random_legal_play_with_the_set_up_as_steps_never_raises(ruleset: str,
                                                                  kicking: str) -> None:
    match = build_match(ruleset, None, None, None, None, kicking)  # type: ignore[arg-type]
    game = KickoffGame(match.state, match.ruleset, setup="steps")
    rng = np.random.default_rng(7)
    placed = len(game.placing.order) if game.placing else 0
    assert placed == min(match.ruleset.max_players, 11)
    for seed in range(40):
        game.reset(seed)
        setup_steps = 0
        while not game.done:
            if game.kind == "setup":
                assert game.to_act == "receiving"
                setup_steps += 1
            game.step(int(rng.choice(np.flatnonzero(game.mask()))))
        assert setup_steps == placed
        assert kickoff_setup_problems(game.start, match.ruleset) == []
        assert game.rewards()["kicking"] == -game.rewards()["receiving"]
        on = {p.id: p.square for p in game.start.teams[game.start.receiving].players}
        assert all(on[pid] is not None for pid in game.placing.order) if game.placing else True
    with pytest.raises(ValueError, match="setup 'half'"):
        KickoffGame(match.state, match.ruleset, setup="half")  # type: ignore[arg-type]


def test_an_illegal_square_is_refused_and_exact_values_wait_for_the_set_up() -> None:
    e = raw_env("sevens", setup="steps")
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not a legal action at the setup step"):
        e.step(0)  # the kicking team's End Zone
    with pytest.raises(ValueError, match="once the set-up is complete"):
        e.exact_value()
    given = e.game.state
    while e.game.kind == "setup":  # the given set-up again, square by square
        sq = given.players[e.game.placing.player].square  # type: ignore[union-attr]
        assert sq is not None
        e.step(sq[0] * e.game.height + sq[1])
    assert e.game.kind == "target" and e.agent_selection == "kicking"
    assert {p.id: p.square for p in e.game.start.players.values()} == {
        p.id: p.square for p in given.players.values()}
    # the same set-up, the same exact value as the environment started from it
    plain = raw_env("sevens")
    plain.reset(seed=1)
    assert e.exact_value() == exact_value(plain.game, solver=solver_for(plain.game))


def test_the_single_coach_env_sets_up_for_the_receiving_coach() -> None:
    check_env(SingleCoachEnv("sevens", agent="receiving", setup="steps"),  # type: ignore[arg-type]
              skip_render_check=True)
    one = SingleCoachEnv("bb2020", agent="receiving", setup="steps")
    _, info = one.reset(seed=2)
    assert info["kind"] == "setup"
    kicking = SingleCoachEnv("bb2020", agent="kicking", setup="steps")
    _, info = kicking.reset(seed=2)  # the default coach set the receivers up as given
    assert info["kind"] == "target"
    given = kicking.game.state
    assert {p.id: p.square for p in kicking.game.start.players.values()} == {
        p.id: p.square for p in given.players.values()}
