"""The environment's throughput (issue 30, point 4): steps per CPU second with random legal
actions, through PettingZoo's AEC API (``kickoff.env.env``, its order-enforcing wrapper, an
observation and mask read at every step, as a learner reads them) and through the game alone
(:class:`kickoff.env.KickoffGame`, masks only), for every ruleset.

    python benchmarks/bench_env.py [EPISODES] [--botbowl PYTHON]   # default 2000 per ruleset

CPU time of this process (``time.process_time``), so that a busy machine's waiting does not
count. ``--setup``: the receiving coach's set-up as steps too (``setup="steps"``). ``--all``:
every decision of the rules a step (``kinds=DECISION_KINDS``) and the free turns played
(``free_turns="close"``): the activations, Quick Snap's moves and the free turn's paths built
square by square (``kickoff.env.compound``) among the steps.

``--botbowl PYTHON``: botbowl's environment side by side in the same run (issue 30, point 4),
in a child process of ``PYTHON``, the interpreter of a separate environment where botbowl is
installed (it is not on PyPI and pins NumPy 1.24 and gym 0.26, so it is never installed into
kickoff's own environment; docs/performance.md, "The environment"). botbowl's kick-off, as its
``BotBowlEnv`` steps it with random legal actions for both coaches (``home_agent`` and
``away_agent`` ``"human"``): from ``reset`` (its coin toss, the two set-ups, the kick's
placement, the Kick-off table, touchback) to the first regular turn of the game, the same
EPISODES kick-offs, CPU time of the child process. Results go into ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import subprocess
import time

import numpy as np
from benchargs import bounded

from kickoff.core import RULESETS
from kickoff.env import PLAYED, KickoffGame, env
from kickoff.env.game import DECISION_KINDS
from kickoff.formats.match import build_match

#: botbowl's side of the run, executed by botbowl's interpreter (``-c``): prints
#: ``steps cpu_seconds`` for ``episodes`` kick-offs (the module's docstring).
BOTBOWL = """
import sys, time
import numpy as np
from botbowl import BotBowlEnv
from botbowl.core.procedure import Turn

episodes = int(sys.argv[1])
env = BotBowlEnv(home_agent="human", away_agent="human", seed=0)
rng = np.random.default_rng(0)
steps = 0
start = time.process_time()
for _ in range(episodes):
    _, _, mask = env.reset()
    while True:
        top = env.game.state.stack.peek()
        if isinstance(top, Turn) and not top.blitz and not top.quick_snap:
            break
        (_, _, mask), _, done, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if done:
            break
print(steps, time.process_time() - start)
"""


def botbowl_steps(python: str, episodes: int) -> tuple[int, float]:
    """``(steps, CPU seconds)`` of ``episodes`` botbowl kick-offs, run by ``python`` (the
    interpreter of botbowl's own environment); ``SystemExit`` naming it when it fails."""
    done = subprocess.run([python, "-W", "ignore", "-c", BOTBOWL, str(episodes)],
                          capture_output=True, text=True, timeout=3600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"--botbowl {python}: botbowl's run failed: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    steps, cpu = done.stdout.split()[-2:]
    return int(steps), float(cpu)


def _options(every: bool) -> dict[str, object]:
    """The game's options: every decision a step and the close free turns, or the default."""
    return ({"kinds": DECISION_KINDS, "free_turns": "close"} if every
            else {"kinds": PLAYED, "free_turns": "none"})


def aec_steps(ruleset: str, episodes: int, setup: str = "given",
              every: bool = False) -> tuple[int, float]:
    """``(steps, CPU seconds)`` of ``episodes`` kick-offs through the AEC API."""
    rng = np.random.default_rng(0)
    e = env(ruleset=ruleset, setup=setup, **_options(every))
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


def game_steps(ruleset: str, episodes: int, every: bool = False) -> tuple[int, float]:
    """``(steps, CPU seconds)`` of ``episodes`` kick-offs of the game alone."""
    rng = np.random.default_rng(0)
    match = build_match(ruleset, None, None, None, None, "home")
    game = KickoffGame(match.state, match.ruleset, **_options(every))  # type: ignore[arg-type]
    steps = 0
    start = time.process_time()
    for seed in range(episodes):
        game.reset(seed)
        while not game.done:
            game.step(int(rng.choice(np.flatnonzero(game.mask()))))
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    cli = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    cli.add_argument("episodes", nargs="?", default=2000, type=bounded(1, 10_000_000),
                     metavar="EPISODES", help="episodes per ruleset (default 2000)")
    cli.add_argument("--botbowl", metavar="PYTHON",
                     help="botbowl's environment side by side, run by this Python")
    cli.add_argument("--setup", action="store_true",
                     help="the receiving coach's set-up as steps too")
    cli.add_argument("--all", action="store_true", dest="every",
                     help="every decision, not only the kick-off's")
    args = cli.parse_args()
    python: str | None = args.botbowl
    setup = "steps" if args.setup else "given"
    every: bool = args.every
    episodes: int = args.episodes
    print(f"{'ruleset':<8} {'AEC steps/s':>12} {'episodes/s':>11} {'game steps/s':>13} "
          f"{'steps/episode':>14}   (set-up {setup}{', every decision' if every else ''})")
    for ruleset in RULESETS:
        steps, cpu = aec_steps(ruleset, episodes, setup, every)
        gsteps, gcpu = game_steps(ruleset, episodes, every)
        print(f"{ruleset:<8} {steps / cpu:>12,.0f} {episodes / cpu:>11,.0f} "
              f"{gsteps / gcpu:>13,.0f} {steps / episodes:>14.2f}")
    if python is not None:
        steps, cpu = botbowl_steps(python, episodes)
        print(f"{'botbowl':<8} {steps / cpu:>12,.0f} {episodes / cpu:>11,.0f} "
              f"{'':>13} {steps / episodes:>14.2f}   (BotBowlEnv, its kick-off)")


if __name__ == "__main__":
    main()
