"""The decisions built square by square as environment steps (issue 30, point 1;
``kickoff.env.compound``): Quick Snap's moves and a free turn's paths, their masks against the
rules (one square to an empty square; MA plus the Rushes; a Blitz's path ending next to its
target), the answers the rules then play, and the default coach's answer."""

from __future__ import annotations

import random

import numpy as np
import pytest

from kickoff.core import Square
from kickoff.core.activations import ActivationChoice
from kickoff.core.decisions import Move
from kickoff.core.pitch import NEIGHBOURS, distance
from kickoff.env import PLANE_NAMES, KickoffGame
from kickoff.env.single import default_opponent
from kickoff.formats.match import build_match


def _game(kinds: set[str], seed: int) -> KickoffGame:
    """Sevens' default pairing, the middle target kicked, dice of ``seed``."""
    match = build_match("sevens", None, None, None, None, "home")
    game = KickoffGame(match.state, match.ruleset, kinds=frozenset(kinds))  # type: ignore[arg-type]
    game.reset(seed)
    target = game.targets[len(game.targets) // 2]
    game.step(target.x * game.height + target.y)
    return game


def _code(game: KickoffGame, sq: Square) -> int:
    return sq.x * game.height + sq.y


def _empty_neighbours(game: KickoffGame, sq: Square) -> set[Square]:
    pitch, board = game.world.pitch, game.world.board
    return {Square(sq.x + dx, sq.y + dy) for dx, dy in NEIGHBOURS
            if pitch.on_pitch((sq.x + dx, sq.y + dy)) and (sq.x + dx, sq.y + dy) not in board}


def test_quick_snap_moves_are_steps_of_the_receiving_coach() -> None:
    game = _game({"quick_snap"}, 5)  # seed 5: Quick Snap
    assert game.kind == "quick_snap" and game.to_act == "receiving"
    assert game.building is not None
    mover = game.building.builder.player.id
    here = Square(*game.world.players[mover].square)  # type: ignore[misc]
    # his own square (he stays) and every empty square next to him: one square each
    assert set(game.options()) == {here} | _empty_neighbours(game, here)
    mask = game.mask()
    assert mask.sum() == len(game.options()) and mask[_code(game, here)] == 1
    obs = game.observation()
    assert obs[PLANE_NAMES.index("mover"), here.x, here.y] == 1
    assert obs[PLANE_NAMES.index("kind_quick_snap")].all()
    to = next(sq for sq in game.options() if sq != here)
    game.step(_code(game, to))
    while not game.done and game.kind == "quick_snap":  # the others stay
        assert game.building is not None and game.building.builder.player.id != mover
        assert game.observation()[PLANE_NAMES.index("chosen"), to.x, to.y] == 1
        game.step(_code(game, game.building.builder.here))
    while not game.done:
        game.step(int(np.flatnonzero(game.mask())[0]))
    assert ("quick_snap", [Move(mover, to)]) in game.taken
    assert game.result is not None and game.result.state.players[mover].square == to


def _to_activation(game: KickoffGame, choice: ActivationChoice) -> None:
    assert game.kind == "activation" and game.to_act == "kicking"
    game.step(game.options().index(choice))
    assert game.kind == "path" and game.building is not None


def test_a_free_turn_move_is_built_up_to_ma_plus_the_rushes() -> None:
    game = _game({"activation", "path"}, 7)  # seed 7: Blitz
    _to_activation(game, ActivationChoice("h1", "move"))
    assert game.building is not None
    player = game.world.players["h1"]
    start = Square(*player.square)  # type: ignore[misc]
    assert set(game.options()) == {start} | _empty_neighbours(game, start)
    receivers = [p.square for p in game.world.teams[game.world.receiving].players if p.square]
    path: list[Square] = []
    while game.kind == "path":  # always away from the receivers, never stopping
        here = path[-1] if path else start
        step = max((sq for sq in game.options() if sq != here),
                   key=lambda sq: (min(distance(sq, r) for r in receivers), sq))
        path.append(step)
        game.step(_code(game, step))
    rushes = game.ruleset.actions.rushes
    assert len(path) == player.ma + rushes  # the last square played without a step
    assert ("path", tuple(path)) in game.taken


def test_a_blitz_path_from_the_masks_ends_next_to_its_target() -> None:
    rng = random.Random(0)
    ends = set()
    for _ in range(12):
        game = _game({"activation", "path"}, 7)
        _to_activation(game, ActivationChoice("h1", "blitz", "a1"))
        target = Square(*game.world.players["a1"].square)  # type: ignore[misc]
        reach = game.world.players["h1"].ma + game.ruleset.actions.rushes
        while game.kind == "path":
            game.step(int(rng.choice(np.flatnonzero(game.mask()))))
        path = dict(game.taken)["path"]
        end = path[-1] if path else Square(*game.state.players["h1"].square)  # type: ignore[misc]
        assert distance(end, target) == 1 and len(path) + 1 <= reach
        ends.add(end)
        while not game.done:
            game.step(int(np.flatnonzero(game.mask())[0]))  # nobody else acts
    assert len(ends) >= 2  # the masks leave the coach a choice of where to block from


@pytest.mark.parametrize("choice", [ActivationChoice("h1", "move"),
                                    ActivationChoice("h1", "blitz", "a1")])
def test_the_default_coach_builds_the_default_answer(choice: ActivationChoice) -> None:
    game = _game({"activation", "path"}, 7)
    _to_activation(game, choice)
    assert game.pending is not None
    default = game.pending.default
    while game.kind == "path":
        game.step(default_opponent(game))
    assert dict(game.taken)["path"] == default
    assert (default == ()) == (choice.target is None)


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on naming
@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
def test_the_aec_api_with_every_decision_a_step_passes_and_builds_paths(ruleset: str) -> None:
    """PettingZoo's api_test with every decision a step, then random legal play through the
    AEC API (masks from ``observe``) until Quick Snap's moves and a free turn's path have been
    built square by square."""
    from pettingzoo.test import api_test

    from kickoff.env import env
    from kickoff.env.game import DECISION_KINDS

    e = env(ruleset=ruleset, kinds=DECISION_KINDS, free_turns="close")
    api_test(e, num_cycles=200, verbose_progress=False)
    rng = np.random.default_rng(1)
    seen: set[str] = set()
    for seed in range(60):
        e.reset(seed=seed)
        final = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            seen.add(info["kind"])
            if terminated or truncated:
                final[agent] = reward
            e.step(None if terminated or truncated
                   else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert final["kicking"] == -final["receiving"]
        if {"path", "quick_snap"} <= seen:
            break
    assert {"path", "quick_snap"} <= seen


@pytest.mark.parametrize(("agent", "built"), [("kicking", {"path", "solid_defence"}),
                                              ("receiving", {"quick_snap"})])
def test_the_single_coach_env_with_every_decision_a_step(agent: str, built: set[str]) -> None:
    """Gymnasium's checker passes with every decision a step; the agent's masked actions are
    never illegal, and it meets the steps built square by square of its side (the default
    coach plays the other's)."""
    from gymnasium.utils.env_checker import check_env

    from kickoff.env import SingleCoachEnv
    from kickoff.env.game import DECISION_KINDS

    one = SingleCoachEnv("sevens", agent=agent, kinds=DECISION_KINDS)  # type: ignore[arg-type]
    check_env(one, skip_render_check=True)
    rng = np.random.default_rng(0)
    kinds: set[str] = set()
    for seed in range(40):
        _, info = one.reset(seed=seed)
        done = False
        while not done:
            kinds.add(info["kind"])
            _, _, done, _, info = one.step(int(rng.choice(np.flatnonzero(one.action_masks()))))
            assert not info["illegal"]
    assert built <= kinds


def test_the_options_plane_shows_the_players_an_activation_names() -> None:
    game = _game({"activation", "path"}, 7)
    assert game.kind == "activation"
    named = {c.player for c in game.options() if c is not None}
    squares = {game.world.players[pid].square for pid in named}
    plane = game.observation()[PLANE_NAMES.index("options")]
    assert {tuple(sq) for sq in np.argwhere(plane)} == squares and len(squares) >= 1
