"""``kickoff fumbbl review`` of one shared FUMBBL game (without ``--advise``): seconds of CPU (one
core: the review is single-threaded) and of wall clock, for every kick-off of the game judged
(the kick's every target, the set-up against the best kick, the Kick-off event's decision).

Run as a script (``python benchmarks/bench_review.py [GAME] [RUNS] [--json FILE]``, default
1559380 and 3; ``--json``: the review's JSON written to FILE, as ``kickoff fumbbl review GAME
--json`` prints it, to compare two builds byte for byte) from the repository, with the shared
data beside it (``../shared/data/fumbbl-replays``);
``python benchmarks/bench_review.py every LIMIT [GAME...]`` reviews every shared game (or those
named, e.g. ``classic-2017/1005099``), each once in a process of its own stopped after LIMIT
seconds of CPU (``RLIMIT_CPU``), one line per game (its CPU seconds, or "over LIMIT"); or with
pytest-benchmark (``pytest benchmarks/bench_review.py --benchmark-enable``). The review runs in
this process, with whichever build of kickoff it imports (the compiled one when installed so;
``PYTHONPATH=src``: the pure-Python sources). Results are recorded in ``docs/performance.md``
(issue 28: under 30 s on one core, compiled).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchargs import bounded

import kickoff
from kickoff.cli.review_cmd import review_game

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "fumbbl-replays"


def review(game: str = "1559380", out: Path | None = None) -> int:
    """Review every kick-off of the shared game ``game``; how many were judged. ``out``: a file
    the review's JSON is written to (``kickoff fumbbl review GAME --json``'s text, made in
    the timed work: its exact values' digits, a small part of it)."""
    gid, ks, reviews = review_game(SHARED / f"{game}.json.gz", "receiver-holds", 16, None)
    if out is not None:
        from kickoff.analysis.review import applied
        from kickoff.cli.common import json_text
        from kickoff.cli.review_cmd import game_document

        doc = game_document(gid, ks, reviews, applied("receiver-holds", 16, (None, None)))
        out.write_text(json_text(doc) + "\n")
    return len(reviews)


def test_bench_review(benchmark: Any) -> None:
    assert benchmark(review) == 4


def every(limit: int, games: list[str]) -> None:
    """Each game (default: every shared one, the 2020 / 2025 games then ``classic-2017/``)
    reviewed once in a child process capped at ``limit`` CPU seconds; a line per game."""
    names = games or [p.name.removesuffix(".json.gz") for p in sorted(SHARED.glob("*.json.gz"))
                      ] + [f"classic-2017/{p.name.removesuffix('.json.gz')}"
                           for p in sorted((SHARED / "classic-2017").glob("*.json.gz"))]

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit))

    for name in names:
        w = time.perf_counter()
        done = subprocess.run([sys.executable, __file__, name, "1"], capture_output=True,
                              text=True, preexec_fn=capped, check=False)
        wall = time.perf_counter() - w
        line = done.stdout.strip().splitlines()[-1:] if done.returncode == 0 else [
            f"fumbbl review {name}: over {limit} s CPU (stopped; {wall:.0f} s wall)"]
        print(*line, flush=True)


def shared_game(name: str) -> str:
    """``name`` if it is a shared game (``GAME.json.gz`` under the shared replays), else an
    ``argparse`` error naming it."""
    if not (SHARED / f"{name}.json.gz").is_file():
        raise argparse.ArgumentTypeError(f"{name!r}: no {name}.json.gz under {SHARED}")
    return name


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (module docstring): ``every LIMIT [GAME...]`` or ``[GAME] [RUNS]
    [--json FILE]``."""
    if argv[:1] == ["every"]:
        every_cli = argparse.ArgumentParser(
            prog="bench_review.py every",
            description="Every shared game (or those named) reviewed once, each in a process of "
                        "its own capped at LIMIT seconds of CPU.")
        every_cli.add_argument("limit", type=bounded(1, 3600), metavar="LIMIT",
                               help="seconds of CPU a game's process may take (1 to 3,600)")
        every_cli.add_argument("games", nargs="*", type=shared_game, metavar="GAME",
                               help="e.g. classic-2017/1005253 (default: every shared game)")
        return every_cli.parse_args(argv[1:])
    one = argparse.ArgumentParser(
        prog="bench_review.py", description="kickoff fumbbl review of one shared game, timed "
        "(or: bench_review.py every LIMIT [GAME...]).")
    one.add_argument("game", nargs="?", default="1559380", type=shared_game, metavar="GAME",
                     help="a shared game, e.g. classic-2017/1005253 (default 1559380)")
    one.add_argument("runs", nargs="?", default=3, type=bounded(1, 100),
                     metavar="RUNS", help="how many times (1 to 100, default 3)")
    one.add_argument("--json", type=Path, dest="out", metavar="FILE",
                     help="the review's JSON written to FILE (to compare two builds)")
    return one.parse_args(argv)


def main() -> None:
    args = parse(sys.argv[1:])
    if "limit" in args:
        every(args.limit, args.games)
        return
    game, runs, out = args.game, args.runs, args.out
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        n = review(game, out)
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    build = "compiled" if kickoff.compiled else "pure Python"
    print(f"fumbbl review {game} ({n} kick-offs, {build}): best {min(cpu):.1f} s CPU, "
          f"{min(wall):.1f} s wall of {runs}; CPU runs {', '.join(f'{t:.1f}' for t in cpu)} s")


if __name__ == "__main__":
    main()
