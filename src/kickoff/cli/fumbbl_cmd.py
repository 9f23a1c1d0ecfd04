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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.cli.common import fail, guarded, in_one_line, path_text
from kickoff.cli.fumbbl_options import CacheOption, TimeoutOption, fetched
from kickoff.core.dice import SIDES, DieKind, PlainDice, ScriptedDice, SeededDice
from kickoff.core.errors import DiceError, KickoffError, SetupError
from kickoff.core.kickoff import kick_off
from kickoff.defaults import FUMBBL_TIMEOUT
from kickoff.formats.files import file_stem, make_folder, write_files
from kickoff.formats.narration import bb_name

# The replay reader (and Rich, the scenario format) is imported by the commands that read replays,
# not at start-up: it is one of the slowest modules to import, and every other command would pay
# for it.
if TYPE_CHECKING:
    from rich.table import Table

    from kickoff.formats.fumbbl.case import ExtractedKickoff
    from kickoff.formats.fumbbl.compare import Status
    from kickoff.formats.scenario_models import DiceIn

app = typer.Typer(help="FUMBBL replays: extract every kick-off as a scenario, verify the engine.",
                  no_args_is_help=True, rich_markup_mode=None)


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _ball(doc: dict[str, Any], square_key: str, carrier_key: str) -> str:
    from kickoff.formats.fumbbl.compare import lookup

    try:
        square, carrier = lookup(doc, square_key), lookup(doc, carrier_key)
    except KeyError:
        return "?"
    return _show(square) + (f" held by {carrier}" if carrier else " loose")


@app.command("extract")
@guarded
def extract_command(
    replay: Annotated[Path, typer.Argument(
        parser=path_text,
        help="A FUMBBL replay (gzipped or plain JSON), or a FUMBBL game id to fetch.")],
    out: Annotated[
        Path | None, typer.Option(parser=path_text, metavar="DIR",
                                  help="Folder for the files (default: the current folder).")
    ] = None,
    cases: Annotated[
        bool, typer.Option("--cases", help="Write {about, source, scenario, expect} cases.")
    ] = False,
    cache: CacheOption = None,
    timeout: TimeoutOption = FUMBBL_TIMEOUT,
) -> None:
    """Write one scenario file per kick-off of the game (<gameid>-ko<N>.json) and print the paths.

    The game id is made safe as a file name (letters, digits, - and _); all are written or none.
    A replay with no kick-off in its log (a game cut off before the first kick, a log that is not
    FUMBBL's) is an error: nothing is written, exit status 1.
    """
    from kickoff.formats.fumbbl.replay import extract_kickoffs, game_id
    from kickoff.formats.scenario import load_scenario, parse_scenario

    replay = fetched(replay, cache, timeout)
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
                            + in_one_line(str(e)))
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


def _compared(k: ExtractedKickoff, doc: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Every difference of ``doc`` (the engine's result) with what FUMBBL recorded, in
    ``expect``'s order: the result's values and what its log shows (the ball's path, the
    tests)."""
    from kickoff.formats.fumbbl.compare import differences, observed

    return differences(doc, k.expect, observed(doc))


def _then_seeded(k: ExtractedKickoff) -> list[tuple[str, Any, Any]] | None:
    """The differences with FUMBBL replaying with seeded dice once FUMBBL's run out (a free
    turn's the log cannot give, or the book's branch of a ruling, whose dice FUMBBL never
    rolled); ``None`` when the scenario cannot be played at all."""
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
    return _compared(k, result_to_json(result, loaded.ruleset, seed))


def _before_free_turn(k: ExtractedKickoff) -> list[str] | None:
    """The differences with FUMBBL in what came before a free turn (:func:`_then_seeded`)."""
    diffs = _then_seeded(k)
    return None if diffs is None else [f"{p}: FUMBBL {_show(w)}, ours {_show(g)}"
                                       for p, w, g in diffs if p.startswith(BEFORE_FREE_TURN)]


@dataclass
class Verdict:
    """One kick-off verified: its status, the engine's result document (``None`` when it could
    not be played), a detail for people, and every difference (path, FUMBBL's, ours) in the
    order the fields are compared."""

    status: Status
    doc: dict[str, Any] | None
    detail: str
    diffs: list[tuple[str, Any, Any]] = field(default_factory=list)


def verdict(k: ExtractedKickoff) -> Verdict:
    """Replay one extracted kick-off and compare it strictly (``docs/fumbbl.md``, "Verifying").

    ``agree``: every field FUMBBL's log determines matches and nothing of the kick-off went
    unread; ``ruling``: it differs only in the fields its documented rulings name;
    ``unsupported``: the extractor could not read all of it (a note), everything recorded
    before a free turn agreeing, whatever the end state; ``disagree``; ``error``: the scenario
    could not be played. A detail names the recovered decisions the engine does not take yet,
    if any.
    """
    from kickoff.formats.scenario import load_scenario, parse_scenario, play, result_to_json

    pending = ("; needs decisions the engine does not take yet: " + ", ".join(sorted(k.pending))
               if k.pending else "")
    try:
        loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
    except KickoffError as e:
        # the set-up and teams come before any free turn or ruling: a scenario that cannot be
        # loaded is neither unsupported nor a ruling (1005377's two players on one square were
        # hidden so)
        return Verdict("error", None, str(e) + pending)
    try:
        result, seed = play(loaded)
    except SetupError as e:  # an illegal set-up is the log's, whatever came after it
        return Verdict("error", None, str(e) + pending)
    except KickoffError as e:
        return _unplayable(k, e, pending)
    doc = result_to_json(result, loaded.ruleset, seed)
    return _judged(k, doc, _compared(k, doc), pending)


def _unplayable(k: ExtractedKickoff, e: KickoffError, pending: str) -> Verdict:
    """:func:`verdict` of a kick-off whose play raised ``e`` (past its set-up): unsupported
    (or disagree, for what came before a free turn) when the extractor left notes; a ruling
    when the book's branch needs dice FUMBBL never rolled; else an error."""
    from kickoff.formats.fumbbl.compare import unexplained

    if k.notes:
        before = _before_free_turn(k)
        if before:
            return Verdict("disagree", None, "; ".join(before) + "; then: " + str(e))
        return Verdict("unsupported", None, "; ".join(k.notes) + f" ({e})")
    rulings = "; ".join(r.text for r in k.rulings)
    diffs = _then_seeded(k) if k.rulings else None
    if diffs is not None and not unexplained(diffs, k.rulings):
        # the book's branch needs dice FUMBBL never rolled: seeded ones, and everything
        # outside the ruling's fields must agree
        shown = "; ".join(f"{p}: FUMBBL {_show(w)}, ours {_show(g)}" for p, w, g in diffs)
        return Verdict("ruling", None, f"{rulings} (FUMBBL's dice ran out: {e}; then with "
                       f"dice of our own: {shown or 'no difference'})" + pending, diffs)
    return Verdict("error", None, (rulings + ": " if rulings else "") + str(e) + pending)


def _judged(k: ExtractedKickoff, doc: dict[str, Any], diffs: list[tuple[str, Any, Any]],
            pending: str) -> Verdict:
    """:func:`verdict` of a played kick-off, ``doc`` its result and ``diffs`` where it differs
    from FUMBBL's log."""
    from kickoff.formats.fumbbl.compare import unexplained

    detail = "; ".join(f"{p}: FUMBBL {_show(w)}, ours {_show(g)}" for p, w, g in diffs)
    if k.notes:  # something went unread: never agree, whatever the end state
        if any(p.startswith(BEFORE_FREE_TURN) for p, _, _ in diffs):
            return Verdict("disagree", doc, detail + pending, diffs)
        return Verdict("unsupported", doc,
                       "; ".join(k.notes) + (f" ({detail})" if detail else ""), diffs)
    if not diffs:
        return Verdict("agree", doc, "", diffs)
    if k.rulings and not unexplained(diffs, k.rulings):
        return Verdict("ruling", doc, "; ".join(r.text for r in k.rulings) + " (" + detail + ")"
                       + pending, diffs)
    return Verdict("disagree", doc, detail + pending, diffs)


def check(k: ExtractedKickoff) -> tuple[Status, dict[str, Any] | None, str]:
    """:func:`verdict` as ``(status, result document or None, detail)``."""
    v = verdict(k)
    return v.status, v.doc, v.detail


def json_row(gid: str, k: ExtractedKickoff, v: Verdict) -> dict[str, Any]:
    """A kick-off of ``verify --json``: game, number, event, status, details, every field
    compared with FUMBBL's value (``compared``), and the first that differs
    (``first_difference``: field, FUMBBL's value, ours; ``null`` when none does)."""
    first = None if not v.diffs else {
        "field": v.diffs[0][0], "fumbbl": v.diffs[0][1], "ours": v.diffs[0][2]}
    return {"game": gid, "kickoff": k.number, "event": k.expect.get("event.name"),
            "status": v.status, "details": v.detail, "compared": dict(k.expect),
            "first_difference": first}


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
    """``N of M kick-offs agree with FUMBBL in G games`` and, on a line of its own (within 80
    columns, issue 26), ``(R ruling, U unsupported, D disagree, E error)``."""
    total = sum(counts[s] for s in STATUSES)
    rest = ", ".join(f"{counts[s]} {s}" for s in STATUSES[1:])
    return (f"{counts['agree']} of {total} kick-offs agree with FUMBBL in {games} "
            f"game{'s' if games != 1 else ''}\n({rest})")


def _given(replays: list[Path], cache: Path | None, timeout: float
           ) -> tuple[list[Path], list[dict[str, str]]]:
    """The replay files ``verify`` reads (game ids fetched, folders searched) and the failed
    ones (``{"file", "message"}``: a game id that cannot be fetched, a folder without
    replays)."""
    failed: list[dict[str, str]] = []
    given: list[Path] = []
    for p in replays:  # a game id that cannot be fetched fails as an unreadable replay does
        try:
            given.append(fetched(p, cache, timeout))
        except KickoffError as e:
            failed.append({"file": str(p), "message": str(e)})
    failed += [
        {"file": str(p), "message": f"{p}: no FUMBBL replay (*.json, *.gz) in this folder"}
        for p in given if _is_folder(p) and not replay_files([p])]
    return replay_files(given), failed


@app.command("verify")
def verify_command(
    replays: Annotated[list[Path], typer.Argument(
        parser=path_text,
        help="FUMBBL replays (gzipped or plain JSON), folders of them (searched recursively), "
             "or FUMBBL game ids to fetch.")],
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON document on stdout: summary, kick-offs, failed games.")] = False,
    cache: CacheOption = None,
    timeout: TimeoutOption = FUMBBL_TIMEOUT,
) -> None:
    """Replay every kick-off of FUMBBL games and compare with what FUMBBL recorded.

    One row per kick-off, the details of those that do not agree, then the closing lines:

    N of M kick-offs agree with FUMBBL in G games
    (R ruling, U unsupported, D disagree, E error)

    A replay that cannot be read is named on stderr (games_failed) and the run goes on.

    Exit 0 only when every replay was read and every kick-off agrees or is a documented ruling.
    """
    from rich.table import Table

    from kickoff.formats.fields import printable_name
    from kickoff.formats.fumbbl.replay import extract_kickoffs, game_id

    files, failed = _given(replays, cache, timeout)
    rows: list[dict[str, Any]] = []
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
            _verify_kickoff(gid, k, table, rows, details, counts)
    ok = not failed and counts["unsupported"] + counts["disagree"] + counts["error"] == 0
    _show_verification(as_json, games, rows, counts, failed, table, details)
    if not ok:
        raise typer.Exit(1)


def _show_verification(as_json: bool, games: int, rows: list[dict[str, Any]],
                       counts: dict[str, int], failed: list[dict[str, str]], table: Table,
                       details: list[str]) -> None:
    """``verify``'s output: the JSON document, or the table, the details and the closing
    lines, then each replay that could not be read on stderr."""
    from rich.console import Console

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


def _verify_kickoff(gid: str, k: ExtractedKickoff, table: Table, rows: list[dict[str, Any]],
                    details: list[str], counts: dict[str, int]) -> None:
    """Replay kick-off ``k`` of game ``gid`` (:func:`verdict`): its row in ``table`` and
    ``rows`` (the JSON's), its status counted, its detail (if any) into ``details``."""
    from rich.text import Text

    v = verdict(k)
    status, doc, detail = v.status, v.doc, v.detail
    counts[status] += 1
    event = k.expect.get("event.name")
    rows.append(json_row(gid, k, v))
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


# ``kickoff fumbbl review`` lives in its own module (it uses this one's options).
from kickoff.cli import review_cmd as _review_cmd  # noqa: E402

app.command("review")(_review_cmd.review_command)
