"""The benchmarks' command lines: argparse pieces they share (a whole number within bounds, one
optional count). Not a benchmark itself."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number from ``low`` to ``high``, else an error quoting the
    text."""
    def whole_number(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"{n} is not within {low:,} to {high:,}")
        return n
    return whole_number


def one_count(doc: str | None, metavar: str, default: int, high: int, what: str) -> int:
    """The one optional count of a benchmark's command line (``PROG [METAVAR]``), 1 to
    ``high``; ``doc``: the script's docstring (its first paragraph is the description); bad
    input: argparse's message and exit status 2."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("count", nargs="?", default=default, type=bounded(1, high),
                        metavar=metavar, help=f"{what} (1 to {high:,}; default {default:,})")
    count: int = parser.parse_args().count
    return count


def kickoff_arguments(cli: argparse.ArgumentParser, game: Callable[[str], str],
                      default_game: str) -> None:
    """A shared game and one of its kick-offs, both optional (``GAME [KICK-OFF]``): ``game``,
    the game's ``argparse`` type (``bench_review.shared_game``); the kick-off's number 1 to 99,
    default 2."""
    cli.add_argument("game", nargs="?", default=default_game, type=game, metavar="GAME",
                     help=f"a shared game (default {default_game})")
    cli.add_argument("number", nargs="?", default=2, type=bounded(1, 99), metavar="KICK-OFF",
                     help="the kick-off's number in the game (default 2)")
