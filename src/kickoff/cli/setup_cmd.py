"""``kickoff setup``: import and export set-ups in other tools' formats (FUMBBL, botbowl)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Import and export set-ups: FUMBBL client XML/JSON, botbowl formations.",
                  no_args_is_help=True)
