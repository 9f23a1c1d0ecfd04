"""The options of every ``kickoff fumbbl`` command that takes a FUMBBL game id (``--cache``,
``--timeout``) and the game id read as a replay file (:mod:`kickoff.formats.fumbbl.fetch`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kickoff.cli.common import MAX_WAIT_SECONDS, not_nan, path_text

#: ``--cache`` and ``--timeout`` of every command that takes a game id.
CacheOption = Annotated[Path | None, typer.Option(
    parser=path_text, metavar="DIR",
    help="Folder of the replays fetched by game id (default: $XDG_CACHE_HOME/kickoff/fumbbl, "
         "else ~/.cache/kickoff/fumbbl).")]
TimeoutOption = Annotated[float, typer.Option(
    min=0.1, max=MAX_WAIT_SECONDS, callback=not_nan,
    help=f"Seconds to wait for FUMBBL when fetching a game id, up to {MAX_WAIT_SECONDS}.")]


def fetched(source: Path, cache: Path | None, timeout: float) -> Path:
    """``source`` as a replay file: a FUMBBL game id (digits, no such file) fetched into
    ``cache`` (``ScenarioError`` in one line when it cannot be), else the path itself."""
    from kickoff.formats.fumbbl.fetch import replay_path

    return replay_path(str(source), cache, timeout)
