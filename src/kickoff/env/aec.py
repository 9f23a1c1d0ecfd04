"""The PettingZoo AEC environment of the kick-off (issue 30, point 1): :func:`env` and
:class:`KickoffEnv` over :class:`~kickoff.env.game.KickoffGame` (its docstring defines the
actions, the observation planes and the reward; ``docs/env.md`` the whole).

Agents ``"kicking"`` and ``"receiving"``; each agent's observation is a dict ``{"observation":
float32 (PLANES, width, height), "action_mask": int8 (actions,)}``, the mask all zero for the
agent whose step it is not; the action space ``Discrete(actions)`` for both. An episode is one
kick-off; at its end both agents are terminated with their zero-sum rewards.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kickoff.analysis.objectives import Objective
from kickoff.core.coach import DecisionKind
from kickoff.core.decisions import FreeTurnPolicy
from kickoff.core.pitch import Side
from kickoff.core.ruleset import HouseRule
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.env.game import AGENTS, PLANES, PLAYED, Agent, KickoffGame, SetupMode, action_number

#: The most a seed may be (``SeededDice``'s).
MAX_SEED: Final = 2**64 - 1


class KickoffEnv(AECEnv):  # type: ignore[misc]
    """The kick-off as a PettingZoo AEC game between the two coaches (the module's docstring).

    ``ruleset``: ``classic``, ``bb2020``, ``bb2025`` or ``sevens``; the set-up: ``state`` (a
    checked ``GameState``) or the ruleset's default pairing and set-ups with ``kicking`` the
    kicking team (``kickoff.formats.match.build_match``, what ``kickoff odds`` plays);
    ``objective``, ``kinds``, ``events``, ``house_rules``, ``free_turns``, ``setup`` (``"steps"``:
    the receiving coach places his players square by square first) as for
    :class:`~kickoff.env.game.KickoffGame`. ``ValueError`` for an unknown ruleset, objective or
    set-up mode.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "kickoff_v0", "render_modes": ["ansi"],
                                "is_parallelizable": False}

    def __init__(
        self, ruleset: str = "bb2020", *, state: GameState | None = None, kicking: Side = "home",
        objective: Objective = "receiver-holds", kinds: frozenset[DecisionKind] = PLAYED,
        events: bool = True, house_rules: frozenset[HouseRule] = frozenset(),
        free_turns: FreeTurnPolicy = "none", setup: SetupMode = "given",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if ruleset not in RULESETS:
            raise ValueError(f"ruleset {ruleset!r}: one of {', '.join(RULESETS)}")
        if kicking not in ("home", "away"):
            raise ValueError(f"kicking {kicking!r}: 'home' or 'away'")
        if state is None:
            from kickoff.formats.match import build_match

            state = build_match(ruleset, None, None, None, None, kicking).state
        self.render_mode = render_mode
        self.game = KickoffGame(state, RULESETS[ruleset], objective=objective, kinds=kinds,
                                events=events, house_rules=house_rules, free_turns=free_turns,
                                setup=setup)
        g = self.game
        self.possible_agents: list[Agent] = list(AGENTS)
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (PLANES, g.width, g.height), np.float32),
            "action_mask": spaces.Box(0, 1, (g.actions,), np.int8),
        })
        self.observation_spaces = {a: obs for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(g.actions) for a in AGENTS}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]  # type: ignore[index]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]  # type: ignore[index]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new kick-off. ``seed``: the episode's dice come from it (0 to 2**64 - 1; the same
        seed and the same actions, the same kick-off); ``None``: the next seed of the
        environment's own generator (seeded by the last ``seed`` given)."""
        if seed is not None:
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"seed {seed}: 0 to 2**64 - 1")
            self._rng = np.random.default_rng(seed)
            dice_seed = seed
        else:
            dice_seed = int(self._rng.integers(0, 2**63))
        self.game.reset(dice_seed)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: self._info() for a in AGENTS}
        self.agent_selection = self.game.to_act

    def _info(self) -> dict[str, Any]:
        g = self.game
        return {"kind": g.kind, "seed": g.seed, "to_act": g.to_act}

    def observe(self, agent: str) -> dict[str, Any]:
        g = self.game
        mask = g.mask() if (agent == g.to_act and not g.done) else np.zeros(g.actions, np.int8)
        return {"observation": g.observation(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for :attr:`agent_selection` (``ValueError`` for an action its mask
        does not allow); ``None`` for an agent already terminated (PettingZoo's dead step)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"agent {agent}: an action is needed (see the action mask)")
        number = action_number(action)
        self._cumulative_rewards[agent] = 0.0
        g = self.game
        g.step(number)
        if g.done:
            self.rewards = dict(g.rewards())
            self.terminations = {a: True for a in self.agents}
        self.infos = {a: self._info() for a in self.agents}
        self.agent_selection = g.to_act
        self._accumulate_rewards()

    def exact_value(self, agent: Agent = "kicking", play: str = "best") -> Fraction:
        """The expected reward of ``agent`` from here, exactly, with both coaches at their best
        (``play="best"``; ``"defaults"``, once the target is kicked: every step from here at
        its default): :func:`kickoff.env.exact.exact_value`."""
        from kickoff.env.exact import exact_value

        return exact_value(self.game, agent, play)

    def render(self) -> str | None:
        """``"ansi"``: the pending step and the pitch's planes as text (the result at the
        end)."""
        if self.render_mode != "ansi":
            return None
        g = self.game
        head = (f"kick-off ended: rewards {g.rewards()}" if g.done
                else f"{g.to_act} to choose: {g.kind} ({len(g.options())} options)")
        obs = g.observation()
        rows = []
        for y in range(g.height):
            row = ""
            for x in range(g.width):
                row += ("o" if obs[6, x, y] else "K" if obs[0, x, y] else "k" if obs[1, x, y]
                        else "R" if obs[2, x, y] else "r" if obs[3, x, y]
                        else "+" if obs[7, x, y] else ".")
            rows.append(row)
        return "\n".join([head, *rows])

    def close(self) -> None:
        """Nothing to release."""


def raw_env(ruleset: str = "bb2020", **kwargs: Any) -> KickoffEnv:
    """:class:`KickoffEnv` without PettingZoo's wrappers."""
    return KickoffEnv(ruleset, **kwargs)


def env(ruleset: str = "bb2020", **kwargs: Any) -> AECEnv:
    """The environment (PettingZoo's naming: ``kickoff.env.env(ruleset="bb2020")``), wrapped in
    PettingZoo's order-enforcing wrapper (an action before ``reset`` is an error). The keyword
    options are :class:`KickoffEnv`'s."""
    return wrappers.OrderEnforcingWrapper(raw_env(ruleset, **kwargs))
