"""``kickoff fumbbl``: FUMBBL replays (extract kick-offs as scenarios, verify the engine)."""

from __future__ import annotations

import typer

app = typer.Typer(help="FUMBBL replays: extract every kick-off as a scenario, verify the engine.",
                  no_args_is_help=True)
