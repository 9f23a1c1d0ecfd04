"""The environment's throughput (issue 30, point 4): steps per CPU second with random legal
actions, through PettingZoo's AEC API (``kickoff.env.env``, its order-enforcing wrapper, an
observation and mask read at every step, as a learner reads them) and through the game alone
(:class:`kickoff.env.KickoffGame`, masks only), for every ruleset.

    python benchmarks/bench_env.py [EPISODES]     # default 2000 kick-offs per ruleset

CPU time of this process (``time.process_time``), so that a busy machine's waiting does not
count. botbowl's environment is not run side by side here: it is not installed with kickoff's
extras (docs/performance.md, "The environment"). Results go into ``docs/performance.md``.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from kickoff.core import RULESETS
from kickoff.env import KickoffGame, env
from kickoff.formats.match import build_match


def aec_steps(ruleset: str, episodes: int) -> tuple[int, float]:
    """``(steps, CPU seconds)`` of ``episodes`` kick-offs through the AEC API."""
    rng = np.random.default_rng(0)
    e = env(ruleset=ruleset)
    steps = 0
    start = time.process_time()
    for seed in range(episodes):
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - start


def game_steps(ruleset: str, episodes: int) -> tuple[int, float]:
    """``(steps, CPU seconds)`` of ``episodes`` kick-offs of the game alone."""
    rng = np.random.default_rng(0)
    match = build_match(ruleset, None, None, None, None, "home")
    game = KickoffGame(match.state, match.ruleset)
    steps = 0
    start = time.process_time()
    for seed in range(episodes):
        game.reset(seed)
        while not game.done:
            game.step(int(rng.choice(np.flatnonzero(game.mask()))))
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"{'ruleset':<8} {'AEC steps/s':>12} {'episodes/s':>11} {'game steps/s':>13} "
          f"{'steps/episode':>14}")
    for ruleset in RULESETS:
        steps, cpu = aec_steps(ruleset, episodes)
        gsteps, gcpu = game_steps(ruleset, episodes)
        print(f"{ruleset:<8} {steps / cpu:>12,.0f} {episodes / cpu:>11,.0f} "
              f"{gsteps / gcpu:>13,.0f} {steps / episodes:>14.2f}")


if __name__ == "__main__":
    main()
