"""What every ``kickoff`` command shares: turning a ``KickoffError`` into a clean exit 1."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console

from kickoff.core.errors import KickoffError

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str) -> None:
    """Print ``message`` on stderr as an error and exit with status 1."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"[bold red]error:[/] {message.replace('[', chr(92) + '[')}", markup=True
    )
    raise typer.Exit(1)


def guarded(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a ``KickoffError`` raised by a command into a message on stderr and exit status 1."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except KickoffError as e:
            fail(str(e))
            raise AssertionError("unreachable") from e

    return wrapper
