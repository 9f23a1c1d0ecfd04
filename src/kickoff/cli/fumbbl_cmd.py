"""``kickoff fumbbl``: FUMBBL replays (extract kick-offs as scenarios, verify the engine).

``kickoff fumbbl extract REPLAY [--out DIR] [--cases]`` writes one file per kick-off,
``<gameid>-ko<N>.json``: a ``kickoff-scenario/1`` document (``kickoff replay`` plays it), or with
``--cases`` the case shape ``{about, source, scenario, expect}`` of the shared cases.

``kickoff fumbbl verify REPLAY`` replays every kick-off and compares the result with what FUMBBL
recorded; exit 0 when every kick-off agrees (or differs only by a documented ruling), 1 otherwise.
Errors (missing file, bad gzip, bad JSON, a replay the extractor cannot read) exit 1 with a message
on stderr. See ``docs/fumbbl.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from kickoff.cli.common import guarded
from kickoff.core.errors import KickoffError
from kickoff.formats.files import file_stem, make_folder, write_files
from kickoff.formats.scenario import load_scenario, parse_scenario, play, result_to_json

# The replay reader is imported by the commands that read replays, not at start-up: it is one of
# the slowest modules to import, and every other command would pay for it.
if TYPE_CHECKING:
    from kickoff.formats.fumbbl_replay import ExtractedKickoff, Status

app = typer.Typer(help="FUMBBL replays: extract every kick-off as a scenario, verify the engine.",
                  no_args_is_help=True)





def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _ball(doc: dict[str, Any], square_key: str, carrier_key: str) -> str:
    from kickoff.formats.fumbbl_replay import lookup

    try:
        square, carrier = lookup(doc, square_key), lookup(doc, carrier_key)
    except KeyError:
        return "?"
    return _show(square) + (f" held by {carrier}" if carrier else " loose")


@app.command("extract")
@guarded
def extract_command(
    replay: Annotated[Path, typer.Argument(help="A FUMBBL replay: gzipped or plain JSON.")],
    out: Annotated[
        Path | None, typer.Option(help="Folder for the files (default: the current folder).")
    ] = None,
    cases: Annotated[
        bool, typer.Option("--cases", help="Write {about, source, scenario, expect} cases.")
    ] = False,
) -> None:
    """Write one scenario file per kick-off of the game (<gameid>-ko<N>.json) and print the paths.

    The game id is made safe as a file name (letters, digits, - and _); all are written or none.
    """
    from kickoff.formats.fumbbl_replay import extract_kickoffs, game_id

    kickoffs = extract_kickoffs(replay)
    folder = out or Path(".")
    make_folder(folder)
    gid = file_stem(game_id(replay, kickoffs))  # from the replay's data: never a path
    texts = {folder / f"{gid}-ko{k.number}.json":
             json.dumps(k.case if cases else k.scenario, indent=2) + "\n" for k in kickoffs}
    write_files(texts)  # all or nothing
    for path in texts:
        typer.echo(str(path))


def check(k: ExtractedKickoff) -> tuple[Status, dict[str, Any] | None, str]:
    """Replay one extracted kick-off: ``(status, result document or None, detail)``."""
    from kickoff.formats.fumbbl_replay import differences

    try:
        loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
        result, seed = play(loaded)
    except KickoffError as e:
        return "error", None, str(e)
    doc = result_to_json(result, loaded.ruleset, seed)
    diffs = differences(doc, k.expect)
    detail = "; ".join(f"{p}: FUMBBL {_show(w)}, ours {_show(g)}" for p, w, g in diffs)
    if not diffs:
        return "agree", doc, "; ".join(k.notes)
    if k.rulings:
        return "ruling", doc, "; ".join(k.rulings) + " (" + detail + ")"
    if k.notes:
        return "unsupported", doc, "; ".join(k.notes) + " (" + detail + ")"
    return "disagree", doc, detail


_STYLE = {"agree": "green", "ruling": "yellow", "unsupported": "magenta", "disagree": "red",
          "error": "red"}


@app.command("verify")
@guarded
def verify_command(
    replay: Annotated[Path, typer.Argument(help="A FUMBBL replay: gzipped or plain JSON.")],
) -> None:
    """Replay every kick-off of a FUMBBL game and compare with what FUMBBL recorded."""
    from kickoff.formats.fumbbl_replay import extract_kickoffs

    kickoffs = extract_kickoffs(replay)
    table = Table(title=f"{replay}: {len(kickoffs)} kick-offs", show_lines=False)
    for col in ("#", "half", "kicking", "event", "FUMBBL ball", "our ball", "status"):
        table.add_column(col)
    details: list[str] = []
    failed = 0
    rulings = 0
    for k in kickoffs:
        status, doc, detail = check(k)
        if status not in ("agree", "ruling"):
            failed += 1
        rulings += status == "ruling"
        ours = "-" if doc is None else _ball(doc, "ball.square", "ball.carrier")
        fumbbl = _show(k.expect.get("ball.square")) + (
            f" held by {k.expect['ball.carrier']}" if k.expect.get("ball.carrier") else " loose")
        table.add_row(str(k.number), str(k.half), k.kicking,
                      str(k.expect.get("event.name", "-")), fumbbl, ours,
                      f"[{_STYLE[status]}]{status}[/]")
        if detail:
            details.append(f"kick-off {k.number} ({status}): {detail}")
    console = Console(highlight=False, soft_wrap=True)
    console.print(table)
    for line in details:
        console.print(line, markup=False)
    agreeing = len(kickoffs) - failed
    console.print(f"{agreeing} of {len(kickoffs)} kick-offs agree with FUMBBL"
                  + (f" ({rulings} by a documented ruling)" if rulings else ""), markup=False)
    if failed:
        raise typer.Exit(1)

