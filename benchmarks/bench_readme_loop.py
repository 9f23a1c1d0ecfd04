"""The README's plain ``kick_off`` loop, with the log a kick-off keeps by default and without it
(``log=False``), side by side with botbowl's forward model on the same workload (issue 29,
point 4: at least 150 times botbowl's kick-offs per CPU second with the log).

    python benchmarks/bench_readme_loop.py [N] [--botbowl PYTHON]   # default 20000 kick-offs
    python benchmarks/bench_readme_loop.py --botbowl PYTHON --alternate ROUNDS [--runs R]

kickoff's side, in this process: the README's loop (Human kicking v Orc on
``botbowl_def_zone`` / ``botbowl_off_wedge``, ``SeededDice(7)``, one ``state.clone()`` per
kick-off, the log kept), aimed at botbowl's square, with a new ``Decisions(target=Square(20, 7))``
each kick-off (the README makes its ``Decisions`` once, before the loop: this loop does more),
for bb2020 (the README's ruleset) and
classic (the edition nearest botbowl's), then the same loop with ``log=False``. The build is the
one ``import kickoff`` finds (``PYTHONPATH``).

botbowl's side (``--botbowl PYTHON``: the interpreter of the separate environment where botbowl
is installed, ``docs/performance.md``, "botbowl side by side"), in a child process: its own
Human v Orc, its own formations (``zone`` for the kicking Human, ``wedge`` for the receiving
Orc), set up once; then its forward model (``Game.enable_forward_model``), and for each
kick-off the ball placed 5 squares from the receivers' End Zone in the middle row (the README's
``Square(20, 7)``), the game stepped with the default answers (end a Blitz or Quick Snap turn,
no re-roll, no skill, no High Kick catcher, the first player offered for a touchback) up to the
receivers' first turn, and reverted (``Game.revert``) to the ball's placement.

Rates are kick-offs per CPU second of each process (``time.process_time``), best of ``--runs``
runs (default 3), alternated. Results go into ``docs/performance.md``.

``--alternate ROUNDS``: the two sides alternated closely instead, so that the machine's load
(which moves botbowl's rate as much as kickoff's) weighs on both alike: botbowl's child stays up
between its turns (set up once), and each of ``--runs`` runs is ``ROUNDS`` rounds of about
``--slice`` CPU seconds of each side in turn (kickoff's README loop, its log kept, bb2020 then
classic; then botbowl's forward model), each side's kick-offs and CPU seconds summed over the
run's rounds. Every run prints its own rates, ratios and the load average; its ratio is its own
two sums', not the best of one side against the best of the other.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time

from kickoff.core import RULESETS, Decisions, SeededDice, Square, kick_off
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

#: botbowl's side, run by its interpreter (``-c``): prints ``kick-offs cpu_seconds``.
BOTBOWL = """
import sys, time
from botbowl.core.game import Game
from botbowl.core.load import load_config, load_rule_set, load_team_by_filename
from botbowl.core.model import Action, Agent, Square
from botbowl.core.procedure import Turn
from botbowl.core.table import ActionType as A

n = int(sys.argv[1])
config = load_config("gym-11")
config.fast_mode = True
config.competition_mode = False
config.pathfinding_enabled = False
ruleset = load_rule_set(config.ruleset)
home, away = load_team_by_filename("human", ruleset), load_team_by_filename("orc", ruleset)
game = Game("bench", home, away, Agent("home", human=True), Agent("away", human=True), config,
            ruleset=ruleset, seed=0)
game.init()
game.step(Action(A.START_GAME))
game.step(Action(A.HEADS))
game.step(Action(A.KICK if game.active_team is game.state.home_team else A.RECEIVE))
assert game.state.kicking_this_drive is game.state.home_team
for formation in (A.SETUP_FORMATION_ZONE, A.SETUP_FORMATION_WEDGE):
    game.step(Action(formation))
    game.step(Action(A.END_SETUP))
end_zone = game.get_opp_endzone_x(game.state.home_team)
target = Square(end_zone + 5 if end_zone == 1 else end_zone - 5, 8)
DEFAULTS = (A.END_TURN, A.END_SETUP, A.DONT_USE_REROLL, A.DONT_USE_SKILL, A.SELECT_NONE,
            A.DONT_USE_APOTHECARY, A.DONT_USE_BRIBE)

def answer():
    offered = game.state.available_actions
    for kind in DEFAULTS:
        if any(c.action_type is kind for c in offered):
            return Action(kind)
    c = offered[0]
    return Action(c.action_type, position=c.positions[0] if c.positions else None,
                  player=c.players[0] if c.players else None)

def kick_off():
    game.step(Action(A.PLACE_BALL, position=target))
    while True:
        top = game.state.stack.peek()
        if (isinstance(top, Turn) and not top.blitz and not top.quick_snap) or game.state.game_over:
            return
        game.step(answer())

game.enable_forward_model()
placed = game.get_step()
kick_off()
game.revert(placed)

def timed(n):
    start = time.process_time()
    for _ in range(n):
        kick_off()
        game.revert(placed)
    return time.process_time() - start

if n:
    print(n, timed(n))
else:  # serve: a count on each line of stdin, its CPU seconds on a line of stdout
    print("ready", flush=True)
    for line in sys.stdin:
        k = int(line)
        print(k, timed(k), flush=True)
"""


def prepared(ruleset: str) -> GameState:
    """The README's state: Human (kicking) v Orc on the botbowl set-ups, checked once."""
    rs = RULESETS[ruleset]
    teams = {"home": load_team("human", rs.family), "away": load_team("orc", rs.family)}
    setups = {"home": load_setup("botbowl_def_zone", rs.pitch),
              "away": load_setup("botbowl_off_wedge", rs.pitch)}
    return build_state(rs, teams, setups, kicking="home")  # type: ignore[arg-type]


def readme_loop(ruleset: str, n: int, log: bool) -> tuple[int, float]:
    """``(touchbacks, CPU seconds)`` of the README's loop of ``n`` kick-offs (``log``: kept)."""
    rs = RULESETS[ruleset]
    state = prepared(ruleset)
    dice = SeededDice(7)
    for _ in range(500):  # warm-up: the set-up's facts, the caches
        kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7)), log=log)
    start = time.process_time()
    touchbacks = sum(
        kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7)), log=log).touchback
        for _ in range(n)
    )
    return touchbacks, time.process_time() - start


def botbowl_rate(python: str, n: int) -> float:
    """botbowl's forward-model kick-offs per CPU second (the module's text); ``SystemExit``
    naming ``python`` when its run fails."""
    done = subprocess.run([python, "-W", "ignore", "-c", BOTBOWL, str(n)], capture_output=True,
                          text=True, timeout=3600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"--botbowl {python}: botbowl's run failed: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    count, cpu = done.stdout.split()[-2:]
    return int(count) / float(cpu)


class BotbowlChild:
    """botbowl's side kept up between its turns (``--alternate``): set up once, then each
    :meth:`run` plays ``n`` kick-offs and answers their CPU seconds (the child's own)."""

    def __init__(self, python: str) -> None:
        self.errors = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed by close())
        self.proc = subprocess.Popen([python, "-W", "ignore", "-c", BOTBOWL, "0"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.errors, text=True)
        if self._line() != "ready":
            raise SystemExit(f"--botbowl {python}: botbowl's child did not start")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if not line:
            self.errors.seek(0)
            raise SystemExit(f"botbowl's child stopped: {self.errors.read().strip()[-500:]}")
        return line

    def run(self, n: int) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{n}\n")
        self.proc.stdin.flush()
        return float(self._line().split()[1])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.errors.close()


class ReadmeLoop:
    """The README's loop for one ruleset, its log kept, run a slice at a time (``--alternate``):
    the same state, a new ``Decisions(target=Square(20, 7))`` and ``state.clone()`` each
    kick-off, the seeded dice going on from slice to slice (:meth:`reset`: ``SeededDice(7)``)."""

    def __init__(self, ruleset: str) -> None:
        self.rs = RULESETS[ruleset]
        self.state = prepared(ruleset)
        self.dice = SeededDice(7)

    def reset(self) -> None:
        self.dice = SeededDice(7)

    def run(self, n: int) -> float:
        rs, state, dice = self.rs, self.state, self.dice
        start = time.process_time()
        sum(kick_off(state.clone(), rs, dice, Decisions(target=Square(20, 7))).touchback
            for _ in range(n))  # as readme_loop, the touchbacks counted
        return time.process_time() - start


def alternated(python: str, rounds: int, runs: int, slice_s: float) -> list[dict[str, float]]:
    """``runs`` runs of ``rounds`` rounds, each side about ``slice_s`` CPU seconds a round in
    turn (the module's text); for each run its rates (kick-offs per CPU second, by side) and
    ``"load"``, the 1-minute load average at its start. Printed as they come."""
    child = BotbowlChild(python)
    loops = {"bb2020 log kept": ReadmeLoop("bb2020"), "classic log kept": ReadmeLoop("classic")}
    sizes: dict[str, int] = {}
    for key, loop in loops.items():  # warm-up, and each side's slice in kick-offs
        loop.run(500)
        sizes[key] = max(100, int(slice_s * 2000 / loop.run(2000)))
    sizes["botbowl"] = max(20, int(slice_s * 100 / child.run(100)))
    out = []
    for number in range(1, runs + 1):
        for loop in loops.values():
            loop.reset()
        done = dict.fromkeys([*loops, "botbowl"], 0)
        cpu = dict.fromkeys([*loops, "botbowl"], 0.0)
        load = os.getloadavg()[0]
        for _ in range(rounds):
            for key, loop in loops.items():
                cpu[key] += loop.run(sizes[key])
                done[key] += sizes[key]
            cpu["botbowl"] += child.run(sizes["botbowl"])
            done["botbowl"] += sizes["botbowl"]
        rates = {key: done[key] / cpu[key] for key in done}
        shown = "  ".join(f"{key} {rate:,.0f} ({rate / rates['botbowl']:.1f} x)"
                          for key, rate in rates.items() if key != "botbowl")
        print(f"run {number}: load {load:.1f}  {shown}  botbowl {rates['botbowl']:,.0f}",
              flush=True)
        out.append({**rates, "load": load})
    child.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=20_000, help="kick-offs per loop")
    parser.add_argument("--botbowl", help="the Python of botbowl's environment")
    parser.add_argument("--botbowl-n", type=int, default=3000, help="botbowl's kick-offs per run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each, alternated")
    parser.add_argument("--alternate", type=int, metavar="ROUNDS",
                        help="each run ROUNDS rounds of the two sides in turn (needs --botbowl)")
    parser.add_argument("--slice", type=float, default=0.25,
                        help="CPU seconds of each side a round (--alternate)")
    args = parser.parse_args()
    import kickoff

    build = "compiled" if kickoff.compiled else "pure"
    if args.alternate:
        if not args.botbowl:
            raise SystemExit("--alternate needs --botbowl")
        print(f"kick-offs per CPU second, {args.runs} runs of {args.alternate} alternated rounds "
              f"({build} kickoff)")
        results = alternated(args.botbowl, args.alternate, args.runs, args.slice)
        for key in results[0]:
            if key not in ("botbowl", "load"):
                ratios = [r[key] / r["botbowl"] for r in results]
                print(f"{key:<20} x botbowl: lowest {min(ratios):.1f}, highest {max(ratios):.1f}")
        return
    best: dict[str, float] = {}
    for _ in range(args.runs):
        for ruleset in ("bb2020", "classic"):
            for log in (True, False):
                key = f"{ruleset} {'log kept' if log else 'log=False'}"
                _, cpu = readme_loop(ruleset, args.n, log)
                best[key] = max(best.get(key, 0.0), args.n / cpu)
        if args.botbowl:
            best["botbowl"] = max(best.get("botbowl", 0.0), botbowl_rate(args.botbowl, args.botbowl_n))
    print(f"kick-offs per CPU second, best of {args.runs} ({build} kickoff)")
    for key, rate in best.items():
        ratio = f"  ({rate / best['botbowl']:6.1f} x botbowl)" if "botbowl" in best else ""
        print(f"{key:<20} {rate:>10,.0f}{ratio}")


if __name__ == "__main__":
    main()
