"""A tabular agent learns where to kick, and its return converges to the exact optimum
(issue 30, point 2; docs/env.md, "Training an agent").

The kicking coach of the README's default pairing (bb2020, the Reikland Reavers kicking to the
orcs) chooses the kick target in :class:`kickoff.env.SingleCoachEnv`; every other choice is the
format's default (``kinds=frozenset()``: the kicker is the first eligible with Kick, who does
not use it; the receivers' choices their defaults). The reward is minus ``receiver-holds`` (1
when the orcs end the kick-off holding the ball). The agent is UCB1 over the targets: each
episode one kick-off, one step. Every ``--every`` episodes the exact value of its greedy target
(the best mean so far) is read from the exact solver, and the exact optimum is the solver's
best target: the curve shows the first reaching the second.

    python examples/train_kick_target.py [--episodes 40000] [--every 2000] [--png FILE]
"""

from __future__ import annotations

import argparse
import math
from fractions import Fraction

import numpy as np

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.targets import rank_targets
from kickoff.core import Square
from kickoff.env import SingleCoachEnv


def train(episodes: int, every: int, seed: int = 0) -> tuple[list[tuple[int, float]], float,
                                                            Square]:
    """``(curve, optimum, greedy target)``: the curve is ``(episodes, exact return of the
    greedy target)`` every ``every`` episodes; returns are the kicking coach's (minus the
    chance the receivers hold the ball)."""
    env = SingleCoachEnv("bb2020", agent="kicking", kinds=frozenset())
    game = env.game
    solver = KickoffSolver(game.state, game.ruleset, use_kick_skill=False)
    optimum = -float(rank_targets(solver, "receiver-holds")[0].value)
    legal = np.flatnonzero(env.reset(seed=seed)[1]["action_mask"])
    counts = np.zeros(game.actions)
    sums = np.zeros(game.actions)
    curve = []

    def greedy() -> int:
        means = np.where(counts > 0, sums / np.maximum(counts, 1), -np.inf)
        return int(legal[np.argmax(means[legal])])

    for t in range(1, episodes + 1):
        env.reset()
        if t <= len(legal):  # every target once, then UCB1
            action = int(legal[t - 1])
        else:
            ucb = sums[legal] / counts[legal] + np.sqrt(2 * math.log(t) / counts[legal])
            action = int(legal[np.argmax(ucb)])
        _, reward, done, _, _ = env.step(action)
        assert done
        counts[action] += 1
        sums[action] += float(reward)
        if t % every == 0:
            a = greedy()
            target = Square(a // game.height, a % game.height)
            curve.append((t, -float(Fraction(solver.value(target, "receiver-holds")))))
    a = greedy()
    return curve, optimum, Square(a // game.height, a % game.height)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=40_000)
    parser.add_argument("--every", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--png", default=None, help="draw the curve into this PNG (matplotlib)")
    args = parser.parse_args()
    curve, optimum, target = train(args.episodes, args.every, args.seed)
    for t, value in curve:
        print(f"{t:>8,} episodes: greedy target's exact return {value:.4f} "
              f"({100 * (value - optimum) / abs(optimum):+.2f}% of the optimum {optimum:.4f})")
    print(f"greedy target {list(target)}; exact optimum {optimum:.4f}")
    if args.png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot([t for t, _ in curve], [v for _, v in curve], marker=".",
                label="greedy target's exact return")
        ax.axhline(optimum, color="black", linestyle="--", label="exact optimum")
        ax.set_xlabel("episodes (kick-offs)")
        ax.set_ylabel("return: -P(receivers hold the ball)")
        ax.set_title("UCB1 on the kick target, bb2020 default pairing")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.png, dpi=100)


if __name__ == "__main__":
    main()
