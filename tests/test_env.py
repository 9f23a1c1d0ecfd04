"""The learning environments (issue 30, points 1 and 2): PettingZoo's API test on every
ruleset, random legal play, Gymnasium's checker on the single-coach wrapper, the rewards
against the exact solver, exact values."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from helpers import quick_subset
from pettingzoo.test import api_test

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core import RULESETS, Square
from kickoff.env import PLANE_NAMES, KickoffGame, SingleCoachEnv, env, raw_env
from kickoff.env.exact import Enumeration, exact_value, solver_for
from kickoff.env.game import DECISION_KINDS
from kickoff.env.single import default_opponent
from kickoff.formats.match import build_match

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on naming


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_pettingzoo_api_test_passes(ruleset: str) -> None:
    e = env(ruleset=ruleset)
    api_test(e, num_cycles=200, verbose_progress=False)
    e.reset(seed=3)
    assert e.agent_selection == "kicking"
    assert e.observe("kicking")["action_mask"].sum() == len(raw_env(ruleset).game.targets)
    assert e.observe("receiving")["action_mask"].sum() == 0


# classic's and bb2025's random play (4 to 5 s each under load) in the slow set too
@pytest.mark.parametrize("ruleset", quick_subset(RULESETS, "bb2020", "sevens"))
@pytest.mark.parametrize(("home", "kicking"), [
    (None, "home"),
    # the other pairings (On the Ball receivers, the away team kicking) in the slow set
    pytest.param("human", "home", marks=pytest.mark.slow),
    pytest.param("human", "away", marks=pytest.mark.slow)])
def test_random_legal_play_never_raises_and_is_zero_sum(ruleset: str, home: str | None,
                                                        kicking: str) -> None:
    """Every decision of the rules a step (the default teams; Lizardmen receiving: On the
    Ball), free turns played: 60 kick-offs each (720 in all), random legal actions, Quick
    Snap's moves and the free turn's paths built square by square from their masks."""
    away = "lizardmen" if home and ruleset in ("bb2020", "sevens") else None
    match = build_match(ruleset, home, away, None, None, kicking)  # type: ignore[arg-type]
    rng = random.Random(ruleset)
    kinds_met = set()
    for free_turns in ("none", "close"):
        game = KickoffGame(match.state, match.ruleset, kinds=DECISION_KINDS,
                           free_turns=free_turns)  # type: ignore[arg-type]
        for seed in range(30):
            game.reset(seed)
            steps = 0
            while not game.done:
                kinds_met.add(game.kind)
                mask = game.mask()
                assert mask.sum() == len(game.options()) >= 2 or game.kind == "target"
                game.step(int(rng.choice(np.flatnonzero(mask))))
                steps += 1
            rewards = game.rewards()
            assert rewards["kicking"] == -rewards["receiving"] and steps >= 2
            assert rewards["receiving"] in (0.0, 1.0)
    assert {"target", "kicker", "touchback"} <= kinds_met
    if home is None:  # the checkable sets built square by square (kickoff.env.compound)
        assert {"activation", "path", "quick_snap"} <= kinds_met
    if away == "lizardmen" and kicking == "home":
        assert "kickoff_move" in kinds_met


def test_an_illegal_action_is_refused_and_seeds_replay() -> None:
    e = raw_env("bb2020")
    e.reset(seed=5)
    with pytest.raises(ValueError, match="not a legal action at the target step"):
        e.step(0)  # [0, 0]: the kicking team's own End Zone
    with pytest.raises(ValueError, match="seed -1"):
        e.reset(seed=-1)
    runs = []
    for _ in range(2):
        e.reset(seed=5)
        actions = []
        while not all(e.terminations.values()):
            legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
            actions.append(int(legal[-1]))
            e.step(actions[-1])
        runs.append((actions, e.rewards, e.observe("kicking")["observation"].tobytes()))
    assert runs[0] == runs[1]


def test_observation_planes() -> None:
    e = raw_env("bb2020")
    e.reset(seed=1)
    obs = e.observe("kicking")["observation"]
    state = e.game.state
    assert obs.shape == (len(PLANE_NAMES), 26, 15)
    on_pitch = {s: sum(p.square is not None for p in state.teams[s].players) for s in state.teams}
    assert obs[PLANE_NAMES.index("kicking_standing")].sum() == on_pitch[state.kicking] == 11
    assert obs[PLANE_NAMES.index("receiving_standing")].sum() == on_pitch[state.receiving]
    assert obs[PLANE_NAMES.index("kind_target")].all() and obs[PLANE_NAMES.index("target")].sum() == 0
    e.step(19 * 15 + 7)
    obs = e.observe(e.agent_selection)["observation"]
    assert obs[PLANE_NAMES.index("target"), 19, 7] == 1
    assert obs[PLANE_NAMES.index("kind_kicker")].all()  # the kicker, then Kick
    assert obs[PLANE_NAMES.index("options")].sum() == len(e.game.options())


@pytest.mark.parametrize("agent", ["kicking", "receiving"])
def test_gymnasium_checker_passes_the_single_coach_env(agent: str) -> None:
    for ruleset in ("bb2020", "sevens"):
        check_env(SingleCoachEnv(ruleset, agent=agent), skip_render_check=True)  # type: ignore[arg-type]
    one = SingleCoachEnv("bb2020", agent=agent)  # type: ignore[arg-type]
    obs, info = one.reset(seed=2)
    assert info["action_mask"].sum() >= 1 and obs.shape == one.observation_space.shape
    done = False
    while not done:
        obs, reward, done, _, info = one.step(int(np.flatnonzero(one.action_masks())[0]))
    assert reward in (0.0, 1.0, -1.0) and not info["illegal"]


# 5,000 kick-offs in the quick suite, 20,000 (the tighter bound) in the slow set
@pytest.mark.parametrize("n", [5_000, pytest.param(20_000, marks=pytest.mark.slow)])
def test_default_play_agrees_with_the_exact_odds(n: int) -> None:
    """Both coaches at the format's defaults (Kick not used: its decision's default) at
    [19, 7]: the share of kick-offs the receivers end holding the ball is the exact solver's
    (within 4 standard errors of ``n``)."""
    match = build_match("bb2020", None, None, None, None, "home")
    game = KickoffGame(match.state, match.ruleset)
    held = 0.0
    for seed in range(n):
        game.reset(seed)
        game.step(19 * 15 + 7)
        while not game.done:
            game.step(default_opponent(game))
        held += game.value()
    exact = float(KickoffSolver(match.state, match.ruleset, use_kick_skill=False)
                  .value(Square(19, 7), "receiver-holds"))
    assert abs(held / n - exact) < 4 * math.sqrt(exact * (1 - exact) / n)


def test_exact_value_is_the_best_target_of_the_kick_values() -> None:
    e = raw_env("sevens")
    e.reset(seed=1)
    solver = solver_for(e.game)
    at_target = exact_value(e.game, solver=solver)
    values = {}
    for sq in e.game.targets[::7]:
        e.reset(seed=1)
        e.step(sq.x * e.game.height + sq.y)
        values[sq] = exact_value(e.game, solver=solver)
        assert exact_value(e.game, "receiving", solver=solver) == -values[sq]
    assert at_target >= max(values.values()) and -1 <= at_target <= 0
    assert e.exact_value() == values[sq]  # at the last target, its kick's value
    e.reset(seed=2)
    assert e.exact_value() == at_target
    e.step(sq.x * e.game.height + sq.y)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    if not e.game.done and e.game.kind not in ("kicker", "kick_skill"):
        with pytest.raises(ValueError, match="before the first die"):
            e.exact_value()
    with pytest.raises(ValueError, match="kinds=PLAYED"):
        exact_value(KickoffGame(e.game.state, e.game.ruleset, kinds=DECISION_KINDS))


def test_exact_value_after_the_kicker_is_his_best_with_that_kicker() -> None:
    """bb2020 at [19, 7]: the kicking coach's best plan is h8 (Kick) using Kick; after he
    names h8, Kick still to choose, the value is the target's; a kicker without Kick ends the
    kick-off or reaches a later decision, past the first die (refused)."""
    e = raw_env("bb2020")
    e.reset(seed=1)
    e.step(19 * 15 + 7)
    assert e.game.kind == "kicker"
    at_kicker = e.exact_value()
    kickers = list(e.game.options())
    e.step(kickers.index("h8"))
    assert e.game.kind == "kick_skill" and e.game.options() == (False, True)
    assert e.exact_value() == at_kicker and e.exact_value("receiving") == -at_kicker
    e.reset(seed=1)
    e.step(19 * 15 + 7)
    e.step(kickers.index("h4"))  # no Kick: on to the dice
    if not e.game.done:
        with pytest.raises(ValueError, match="before the first die"):
            e.exact_value()


def test_without_pettingzoo_the_message_names_the_extra() -> None:
    code = ("import sys\nsys.modules['pettingzoo'] = None\n"
            "from kickoff.extras import MissingExtra\n"
            "try:\n    import kickoff.env\n"
            "except MissingExtra as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("kickoff.env needs the package pettingzoo, which kickoff's "
                                  "extra 'env' installs"), done.stdout + done.stderr


# slow (about 4 s): the environment's steps and the exact value the example is held to are
# checked in the quick suite (test_default_play_agrees_with_the_exact_odds,
# test_exact_value_is_the_best_target_of_the_kick_values); .ci/run trains the example
@pytest.mark.slow
def test_the_example_agent_reaches_the_exact_optimum() -> None:
    """examples/train_kick_target.py: UCB1 on the kick target, 16,000 kick-offs: its greedy
    target's exact return is within 1% of the exact optimum (the issue's acceptance; the
    docs' curve is the same run, longer)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "train_kick_target.py"
    spec = importlib.util.spec_from_file_location("train_kick_target", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    curve, optimum, target = module.train(16_000, 8_000)
    assert optimum < 0 and len(curve) == 2
    assert abs(curve[-1][1] - optimum) <= 0.01 * abs(optimum), (curve, optimum, target)


# quick: one objective of each sign (the kicking coach wants touchback low, ball-on-ground
# high); receiver-holds and distance in the slow set (6 s each under load)
@pytest.mark.parametrize("objective", quick_subset(
    ["touchback", "receiver-holds", "ball-on-ground", "distance"], "touchback", "ball-on-ground"))
def test_every_objective_is_a_zero_sum_reward_with_an_exact_value(objective: str) -> None:
    """Sevens, the away team kicking: each objective's reward has the kicking coach's sign
    (he wants ``ball-on-ground`` high, the others low), and its exact value at the target is
    within the reward's range."""
    e = raw_env("sevens", kicking="away", objective=objective, render_mode="ansi")
    e.reset(seed=4)
    value = e.exact_value()
    rewards = []
    for seed in range(40):
        e.reset(seed=seed)
        while not all(e.terminations.values()):
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        rewards.append(e.rewards["kicking"])
        assert e.rewards["receiving"] == -e.rewards["kicking"]
    if objective == "ball-on-ground":
        assert 0 <= value <= 1 and set(rewards) <= {0.0, 1.0}
    elif objective == "distance":
        assert -20 <= value < 0 and min(rewards) < -1 and max(rewards) <= 0
    else:
        assert -1 <= value <= 0 and set(rewards) <= {0.0, -1.0}
    text = e.render()
    assert text is not None and text.startswith("kick-off ended: rewards")
    assert len(text.splitlines()) == 1 + 11 and "K" in text and "R" in text


def test_a_given_state_and_bad_options_are_refused_clearly() -> None:
    match = build_match("classic", None, None, None, None, "away")
    e = raw_env("classic", state=match.state)
    e.reset(seed=0)
    assert e.game.state is match.state and e.game.side_of("kicking") == "away"
    with pytest.raises(ValueError, match="ruleset 'bb2016'"):
        raw_env("bb2016")
    with pytest.raises(ValueError, match="objective 'holds'"):
        raw_env("bb2020", objective="holds")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"kinds \['block'\]"):
        raw_env("bb2020", kinds=frozenset({"block"}))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="agent 'referee'"):
        SingleCoachEnv("bb2020", agent="referee")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kicking 'middle': 'home' or 'away'"):
        raw_env("bb2020", kicking="middle")  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [1.5, "3", True, 2.0])
def test_an_action_that_is_not_a_whole_number_is_refused(action: object) -> None:
    # (1.5 was played as action 1 by the AEC env, and a NumPy IndexError in the single one)
    e = raw_env("bb2020", events=False)
    e.reset(seed=0)
    with pytest.raises(ValueError, match=f"action {action!r}: not a whole number"):
        e.step(action)  # type: ignore[arg-type]
    single = SingleCoachEnv("bb2020")
    single.reset(seed=0)
    with pytest.raises(ValueError, match=f"action {action!r}: not a whole number"):
        single.step(action)  # type: ignore[arg-type]
    legal = int(np.flatnonzero(e.game.mask())[0])
    e.step(np.int64(legal))  # a NumPy integer is a whole number
    assert e.game.target is not None or e.game.done


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "sevens"])
def test_the_enumeration_past_the_first_die_is_the_solvers_value(ruleset: str) -> None:
    """Without the Kick-off events, at the kicker's step (before the first die) the
    enumeration (every die to the landing a chance node, every step the best option, the
    solver's journey from the landing) gives exactly the solver's value; at a High Kick
    (with the events) the receiving coach's best option's."""
    e = raw_env(ruleset, events=False)
    e.reset(seed=1)
    sq = e.game.targets[len(e.game.targets) // 2]
    e.step(sq.x * e.game.height + sq.y)
    assert e.game.kind == "kicker"
    enumeration = Enumeration(e.game)
    assert enumeration.value() == exact_value(e.game) and enumeration.runs > 48
    assert enumeration.value().denominator > 1


def test_exact_value_at_a_high_kick_and_at_a_touchback() -> None:
    e = raw_env("bb2020")
    solver = solver_for(e.game)
    seen = set()
    for seed in range(300):
        e.reset(seed=seed)
        e.step(19 * 15 + 7)
        before = exact_value(e.game, solver=solver)
        while not e.game.done and e.game.kind in ("kicker", "kick_skill"):
            e.step(len(e.game.options()) - 1)  # h8, then Kick
        if e.game.done or e.game.kind in seen:
            continue
        seen.add(e.game.kind)
        if e.game.kind == "high_kick":
            options = e.game.options()
            value = e.exact_value()
            # the receivers' best: no better for the kicking coach than any one option
            enumeration = Enumeration(e.game, solver)
            per_option = []
            for i in range(len(options)):
                e.game.answers.append(i)
                try:
                    per_option.append(Enumeration(e.game, solver)._node((), ()))
                finally:
                    e.game.answers.pop()
            assert value == enumeration.value() == min(per_option) and -1 <= value <= 0
            assert value != before  # the landing and the event are known now
        else:  # inside the ball's journey (tests/test_env_exact.py checks both kinds)
            assert e.game.kind in ("touchback", "diving_catch")
            value = e.exact_value()
            assert value == -1 if e.game.kind == "touchback" else -1 <= value <= 0
        if {"high_kick", "touchback"} <= seen:
            break
    assert "high_kick" in seen and "touchback" in seen
