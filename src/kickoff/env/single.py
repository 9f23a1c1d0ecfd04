"""One coach against a fixed opponent as a Gymnasium environment (issue 30, point 1).

:class:`SingleCoachEnv` plays :class:`~kickoff.env.game.KickoffGame` for ``agent`` (``"kicking"``
or ``"receiving"``); the other coach's steps are answered by ``opponent`` (default: the
format's default at each decision, and for the kicking coach's target the centre of the
receiving half, as every face's default target). Observation: the planes of
:data:`~kickoff.env.game.PLANE_NAMES` (float32 ``(PLANES, width, height)``); the legal actions
are ``info["action_mask"]`` and :meth:`SingleCoachEnv.action_masks`; the reward is ``agent``'s
zero-sum reward at the end of the kick-off (0 before).

Gymnasium's API has no masks: an action the mask does not allow is played as the default
coach's choice at that step (``info["illegal"]`` is then ``True``), so that any action of the
space is a step. A kick-off that ends before ``agent`` has a decision (the receiving coach when
the ball comes down with no choice of his) is an episode of one step, a pass: action 0 is then
the one legal action and any action ends it with the reward.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kickoff.analysis.objectives import Objective
from kickoff.core.coach import DecisionKind
from kickoff.core.rulesets import RULESETS
from kickoff.env.game import PLANES, PLAYED, Agent, KickoffGame, SetupMode, action_number

#: An opponent: the action it plays given the game at its step.
Opponent = Callable[[KickoffGame], int]


def default_opponent(game: KickoffGame) -> int:
    """The default coach: at a set-up step the player's square of the given set-up (else the
    first legal square), at the target the centre of the receiving half (every face's default
    target), at a decision the option the format makes binding (its index; at a step of a
    decision built square by square, the default answer's square, :mod:`kickoff.env.compound`)."""
    if game.placing is not None:
        given = game.state.players[game.placing.player].square
        legal = game.placing.legal()
        sq = given if given in legal else legal[0]
        assert sq is not None
        return sq[0] * game.height + sq[1]
    if game.pending is None:
        centre = game.state.pitch.centre[game.state.receiving]
        return centre[0] * game.height + centre[1]
    if game.building is not None:
        sq = game.building.builder.default()
        sq = sq if sq in game.building.legal else game.building.legal[0]
        return sq.x * game.height + sq.y
    options = game.options()
    default = game.pending.default
    for i, option in enumerate(options):
        if option is default or option == default:
            return i
    return 0


class SingleCoachEnv(gym.Env[npt.NDArray[np.float32], int]):
    """``agent``'s kick-offs against ``opponent`` (the module's docstring); ``ruleset``,
    ``objective``, ``kinds``, ``setup`` as for :class:`~kickoff.env.aec.KickoffEnv` (the
    default pairing and set-ups, the home team kicking)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012  (gymnasium.Env's own type)

    def __init__(self, ruleset: str = "bb2020", *, agent: Agent = "kicking",
                 opponent: Opponent = default_opponent,
                 objective: Objective = "receiver-holds",
                 kinds: frozenset[DecisionKind] = PLAYED, setup: SetupMode = "given") -> None:
        from kickoff.formats.match import build_match

        if ruleset not in RULESETS:
            raise ValueError(f"ruleset {ruleset!r}: one of {', '.join(RULESETS)}")
        if agent not in ("kicking", "receiving"):
            raise ValueError(f"agent {agent!r}: 'kicking' or 'receiving'")
        state = build_match(ruleset, None, None, None, None, "home").state
        self.game = KickoffGame(state, RULESETS[ruleset], objective=objective, kinds=kinds,
                                setup=setup)
        self.agent: Agent = agent
        self.opponent = opponent
        g = self.game
        self.observation_space = spaces.Box(0.0, 1.0, (PLANES, g.width, g.height), np.float32)
        self.action_space: spaces.Discrete = spaces.Discrete(g.actions)  # type: ignore[assignment]
        self._pass = False

    def _opponent_plays(self) -> None:
        g = self.game
        while not g.done and g.to_act != self.agent:
            g.step(self.opponent(g))

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "kind": self.game.kind, "illegal": illegal}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now (int8): the game's mask; at a pass (the kick-off ended before
        ``agent`` had a decision), action 0 only; all zero once the episode has ended."""
        if self._pass:
            mask = np.zeros(self.game.actions, dtype=np.int8)
            mask[0] = 1
            return mask
        return self.game.mask()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        self.game.reset(int(self.np_random.integers(0, 2**63)))
        self._opponent_plays()
        self._pass = self.game.done
        return self.game.observation(), self._info()

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool,
                                          dict[str, Any]]:
        g = self.game
        illegal = False
        if self._pass:
            self._pass = False
        else:
            number = action_number(action)
            illegal = not (0 <= number < g.actions and g.mask()[number])
            g.step(default_opponent(g) if illegal else number)
            self._opponent_plays()
        reward = g.rewards()[self.agent]
        return g.observation(), reward, g.done, False, self._info(illegal)
