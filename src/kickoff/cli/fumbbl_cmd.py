"""``kickoff fumbbl``: FUMBBL replays (extract kick-offs as scenarios, verify the engine).

``kickoff fumbbl extract REPLAY [--out DIR] [--cases]`` writes one file per kick-off,
``<gameid>-ko<N>.json``: a ``kickoff-scenario/1`` document (``kickoff replay`` plays it), or with
``--cases`` the case shape ``{about, source, scenario, expect}`` of the shared cases.

``kickoff fumbbl verify REPLAY... [--json]`` replays every kick-off of every game (files, or
folders searched recursively) and compares the result with what FUMBBL recorded; exit 0 when every
kick-off agrees (or differs only by a documented ruling), 1 otherwise. A replay that cannot be
read (missing file, bad gzip, bad JSON, a replay the extractor cannot read) is named on stderr and
counted as failed; the run goes on with the other files and exits 1. See ``docs/fumbbl.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.cli.common import fail, guarded
from kickoff.core.dice import SIDES, DieKind, PlainDice, ScriptedDice, SeededDice
from kickoff.core.errors import DiceError, KickoffError, SetupError
from kickoff.core.kickoff import kick_off
from kickoff.formats.files import file_stem, make_folder, write_files
from kickoff.formats.narration import bb_name

# The replay reader (and Rich, the scenario format) is imported by the commands that read replays,
# not at start-up: it is one of the slowest modules to import, and every other command would pay
# for it.
if TYPE_CHECKING:
    from kickoff.formats.fumbbl_case import ExtractedKickoff
    from kickoff.formats.fumbbl_compare import Status
    from kickoff.formats.scenario_models import DiceIn

app = typer.Typer(help="FUMBBL replays: extract every kick-off as a scenario, verify the engine.",
                  no_args_is_help=True)


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _ball(doc: dict[str, Any], square_key: str, carrier_key: str) -> str:
    from kickoff.formats.fumbbl_compare import lookup

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
    A replay with no kick-off in its log (a game cut off before the first kick, a log that is not
    FUMBBL's) is an error: nothing is written, exit status 1.
    """
    from kickoff.formats.fumbbl_replay import extract_kickoffs, game_id
    from kickoff.formats.scenario import load_scenario, parse_scenario

    kickoffs = extract_kickoffs(replay)
    if not kickoffs:
        fail(f"{replay}: no kick-off in this replay's log (gameLog.commandArray): nothing written")
    problems = []
    for k in kickoffs:  # a file written is a scenario `kickoff replay` reads: its shape and limits,
        try:  # its teams, set-ups and decisions (ids, the kicker), its dice in their range
            loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
            _check_dice_range(loaded.scenario.dice)
        except KickoffError as e:
            problems.append(f"{replay}: kick-off {k.number}: the log's values make no scenario: "
                            + "; ".join(str(e).splitlines()[:3]))
    if problems:
        fail("\n".join(problems[:12]) + "\nnothing written")
    folder = out or Path(".")
    make_folder(folder)
    gid = file_stem(game_id(replay, kickoffs))  # from the replay's data: never a path
    texts = {folder / f"{gid}-ko{k.number}.json":
             json.dumps(k.case if cases else k.scenario, indent=2) + "\n" for k in kickoffs}
    write_files(texts)  # all or nothing
    for path in texts:
        typer.echo(str(path))


def _check_dice_range(dice: DiceIn | None) -> None:
    """``DiceError`` for a scripted die outside its faces (``dice.d6[3]: 7 is out of range
    1..6``), as ``kickoff replay`` raises when it rolls it; a ``pick`` die from 1 (its faces
    are the candidates of the moment)."""
    if dice is None:
        return
    for kind, sides in (*SIDES.items(), ("pick", None)):
        for pos, value in enumerate(getattr(dice, kind)):
            if isinstance(value, int) and not (value >= 1 and (sides is None or value <= sides)):
                faces = f"1..{sides}" if sides is not None else "1 or more"
                raise DiceError(f"dice.{kind}[{pos}]: {value} is out of range {faces}")


#: What FUMBBL recorded before a Blitz! / Charge! free turn: it must agree even when the free
#: turn itself cannot be replayed yet.
BEFORE_FREE_TURN = ("deviation.", "event.")


class _ThenSeeded(PlainDice):
    """Scripted dice, then seeded ones once a kind runs out: replays a kick-off whose later dice
    FUMBBL's log cannot give (a free turn's), to compare what came before."""

    def __init__(self, scripted: ScriptedDice) -> None:
        self.scripted, self.seeded = scripted, SeededDice(0)

    def roll(self, kind: DieKind, sides: int) -> int:
        try:
            return self.scripted.roll(kind, sides)
        except DiceError:
            return self.seeded.roll(kind, sides)


def _before_free_turn(k: ExtractedKickoff) -> list[str] | None:
    """The differences with FUMBBL in what came before a free turn, replaying with seeded dice
    once FUMBBL's run out; ``None`` when the scenario cannot be played at all."""
    from kickoff.formats.fumbbl_compare import differences
    from kickoff.formats.scenario import load_scenario, parse_scenario, result_to_json

    try:
        loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
        dice, seed = loaded.dice()
        if isinstance(dice, ScriptedDice):
            dice = _ThenSeeded(dice)
        result = kick_off(loaded.state.clone(), loaded.ruleset, dice, loaded.decisions,
                          loaded.house_rules)
    except KickoffError:
        return None
    doc = result_to_json(result, loaded.ruleset, seed)
    return [f"{p}: FUMBBL {_show(w)}, ours {_show(g)}"
            for p, w, g in differences(doc, k.expect) if p.startswith(BEFORE_FREE_TURN)]


def check(k: ExtractedKickoff) -> tuple[Status, dict[str, Any] | None, str]:
    """Replay one extracted kick-off: ``(status, result document or None, detail)``.

    ``agree``: every recorded value matches; ``ruling``: it differs and the kick-off met a
    documented ruling; ``unsupported``: it met something the extractor cannot recover yet (a free
    turn with actions), everything recorded before it agreeing; ``disagree``; ``error``: the
    scenario could not be played. A detail names the recovered decisions the engine does not take
    yet, if any.
    """
    from kickoff.formats.fumbbl_compare import differences
    from kickoff.formats.scenario import load_scenario, parse_scenario, play, result_to_json

    pending = ("; needs decisions the engine does not take yet: " + ", ".join(sorted(k.pending))
               if k.pending else "")
    try:
        loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
    except KickoffError as e:
        # the set-up and teams come before any free turn or ruling: a scenario that cannot be
        # loaded is neither unsupported nor a ruling (1005377's two players on one square were
        # hidden so)
        return "error", None, str(e) + pending
    try:
        result, seed = play(loaded)
    except SetupError as e:  # an illegal set-up is the log's, whatever came after it
        return "error", None, str(e) + pending
    except KickoffError as e:
        if k.rulings:
            return "ruling", None, "; ".join(k.rulings) + f" ({e})"
        if k.notes:
            before = _before_free_turn(k)
            if before:
                return "disagree", None, "; ".join(before) + "; then: " + str(e)
            return "unsupported", None, "; ".join(k.notes) + f" ({e})"
        return "error", None, str(e) + pending
    doc = result_to_json(result, loaded.ruleset, seed)
    diffs = differences(doc, k.expect)
    detail = "; ".join(f"{p}: FUMBBL {_show(w)}, ours {_show(g)}" for p, w, g in diffs)
    if not diffs:
        return "agree", doc, "; ".join(k.notes)
    if k.rulings:
        return "ruling", doc, "; ".join(k.rulings) + " (" + detail + ")" + pending
    if k.notes and not any(p.startswith(BEFORE_FREE_TURN) for p, _, _ in diffs):
        return "unsupported", doc, "; ".join(k.notes) + " (" + detail + ")"
    return "disagree", doc, detail + pending


_STYLE = {"agree": "green", "ruling": "yellow", "unsupported": "magenta", "disagree": "red",
          "error": "red"}

#: The statuses in the order the closing line counts them.
STATUSES: tuple[Status, ...] = ("agree", "ruling", "unsupported", "disagree", "error")

#: The file names a folder given to ``verify`` contributes (searched recursively).
REPLAY_SUFFIXES = (".json", ".gz")


def _is_folder(path: Path) -> bool:
    """``path.is_dir()``, False where the file system cannot even be asked (a name too long):
    then the path is read as a file, and that read names the problem."""
    try:
        return path.is_dir()
    except OSError:
        return False


def replay_files(paths: list[Path]) -> list[Path]:
    """The replay files named by ``paths``: a file as given, a folder as every ``*.json`` and
    ``*.gz`` file under it (recursively, sorted by path)."""
    out: list[Path] = []
    for path in paths:
        if _is_folder(path):
            out += sorted(p for p in path.rglob("*")
                          if p.is_file() and p.name.endswith(REPLAY_SUFFIXES))
        else:
            out.append(path)
    return out


def summary_line(counts: dict[str, int], games: int) -> str:
    """``N of M kick-offs agree with FUMBBL (R ruling, U unsupported, D disagree, E error) in G
    games``."""
    total = sum(counts[s] for s in STATUSES)
    rest = ", ".join(f"{counts[s]} {s}" for s in STATUSES[1:])
    return (f"{counts['agree']} of {total} kick-offs agree with FUMBBL ({rest}) in {games} "
            f"game{'s' if games != 1 else ''}")


@app.command("verify")
def verify_command(
    replays: Annotated[list[Path], typer.Argument(
        help="FUMBBL replays (gzipped or plain JSON), or folders of them (searched recursively).")],
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON document on stdout: summary, kick-offs, failed games.")] = False,
) -> None:
    """Replay every kick-off of FUMBBL games and compare with what FUMBBL recorded.

    One row per kick-off, the details of those that do not agree, then a closing line:

    N of M kick-offs agree with FUMBBL (R ruling, U unsupported, D disagree, E error) in G games

    A replay that cannot be read is named on stderr (games_failed) and the run goes on.

    Exit 0 only when every replay was read and every kick-off agrees or is a documented ruling.
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from kickoff.formats.fields import printable_name
    from kickoff.formats.fumbbl_replay import extract_kickoffs, game_id

    files = replay_files(replays)
    rows: list[dict[str, Any]] = []
    failed: list[dict[str, str]] = [
        {"file": str(p), "message": f"{p}: no FUMBBL replay (*.json, *.gz) in this folder"}
        for p in replays if _is_folder(p) and not replay_files([p])]
    table = Table(show_lines=False)
    # Within 80 columns: the event folds (Blood Bowl's name) rather than being cut.
    for col in ("game", "#", "half", "kicks", "event", "FUMBBL ball", "our ball", "status"):
        table.add_column(col, overflow="fold")
    details: list[str] = []
    counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
    games = 0
    for path in files:
        try:
            kickoffs = extract_kickoffs(path)
        except KickoffError as e:
            failed.append({"file": str(path), "message": str(e)})
            continue
        games += 1
        gid = printable_name(game_id(path, kickoffs))  # the replay's own: no control characters
        for k in kickoffs:
            status, doc, detail = check(k)
            counts[status] += 1
            event = k.expect.get("event.name")
            rows.append({"game": gid, "kickoff": k.number, "event": event, "status": status,
                         "details": detail})
            ours = "-" if doc is None else _ball(doc, "ball.square", "ball.carrier")
            fumbbl = _show(k.expect.get("ball.square")) + (
                f" held by {k.expect['ball.carrier']}" if k.expect.get("ball.carrier")
                else " loose")
            shown = "-" if event is None else bb_name(str(event))
            # the log's ids as text, never as Rich markup
            table.add_row(Text(gid), str(k.number), str(k.half), k.kicking, shown, Text(fumbbl),
                          Text(ours), f"[{_STYLE[status]}]{status}[/]")
            if detail:
                details.append(f"{gid} kick-off {k.number} ({status}): {detail}")
    ok = not failed and counts["unsupported"] + counts["disagree"] + counts["error"] == 0
    if as_json:
        summary: dict[str, int] = {"games": games, "kickoffs": len(rows)}
        summary |= {s: counts[s] for s in STATUSES}
        summary["games_failed"] = len(failed)
        typer.echo(json.dumps({"summary": summary, "kickoffs": rows, "failed": failed},
                              indent=2))
    elif games:
        console = Console(highlight=False, soft_wrap=True)
        console.print(table)
        for line in details:
            console.print(line, markup=False)
        console.print(summary_line(counts, games), markup=False)
    if failed and not as_json:
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        for f in failed:
            err.print(f"error: {f['message']}", markup=False)
    if not ok:
        raise typer.Exit(1)
