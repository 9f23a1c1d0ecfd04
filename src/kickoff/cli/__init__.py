"""The ``kickoff`` command line (Typer): :mod:`kickoff.cli.app`, the commands' modules, and
:func:`main`, the ``kickoff`` command's entry point (``pyproject.toml``)."""

from __future__ import annotations

import gc
from typing import Any


def main() -> Any:
    """Entry point of the ``kickoff`` command: :func:`kickoff.cli.app.main`, the command line's
    modules imported with the cyclic garbage collector paused, run by
    :func:`kickoff.cli.exits.run` (signals and an output that cannot be written end it with a
    line on stderr, never a traceback; taken over before the imports, so that Ctrl-C during
    start-up is one too).

    Start-up (issue 16): importing them makes tens of thousands of objects that live as long as
    the process (modules, classes, functions, the libraries' tables), and the collector, run
    every 700 allocations, scanned them some 70 times while they were made (about 5% of a
    one-target ``kickoff odds``). :func:`kickoff.cli.app.main` then freezes them (``gc.freeze``);
    the command's own garbage is collected as before."""
    from kickoff.cli import exits

    def command() -> Any:
        exits.prepare()
        collecting = gc.isenabled()
        gc.disable()
        try:
            from kickoff.cli.app import main as run
        finally:
            if collecting:
                gc.enable()
        return run()

    exits.run(command)
