"""``kickoff setup``: import and export set-ups in other tools' formats (FUMBBL, botbowl), and
make team files from FUMBBL rosters.

Commands (``docs/import.md``):

* ``kickoff setup import FILE --team TEAM [--ruleset R] [--side S] [--format F] [--out F.toml]``:
  a FUMBBL set-up (XML or JSON) or a botbowl formation (text grid) as a project set-up for the
  team, checked; the TOML goes to stdout (or ``--out``).
* ``kickoff setup export SETUP [--format xml|json] [--team-id ID] [--out FILE]``: a project
  set-up (built-in name or file) as FUMBBL XML or JSON.
* ``kickoff setup roster FILE [--players N] [--pick POS=N ...] [--big-guys] [--out F.toml]``: a
  FUMBBL classic roster as a starting team file.
* ``kickoff setup optimize``: the set-up advisor, in :mod:`kickoff.cli.optimize_cmd`.

Errors follow the main command's pattern: exit 1 and one message per problem on stderr, nothing
on stdout; usage errors exit 2.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from kickoff.cli.common import (
    guarded,
    output_file,
    placed_error,
    read_input,
    write_text,
)
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.pitch import PITCHES, Side
from kickoff.core.problems import Problem
from kickoff.core.rulesets import RULESETS, RulesetName
from kickoff.formats import FumbblFormat

# The set-up and team files (pydantic models) and the readers of other tools' formats are
# imported by the commands that use them (start-up, issue 16).
if TYPE_CHECKING:
    from kickoff.formats.teams import SetupFile

app = typer.Typer(help="Import and export set-ups: FUMBBL client XML/JSON, botbowl formations; "
                  "team files from FUMBBL rosters.", no_args_is_help=True, rich_markup_mode=None)


def _emit(text: str, out: Path | None, note: str) -> None:
    """``text`` to stdout, or to ``out`` with ``note`` on stdout (on one line, however long its
    paths: a path broken across lines cannot be copied)."""
    if out is None:
        typer.echo(text, nl=False)
    else:
        write_text(out, text)
        typer.echo(note)


def _not_ours(where: str, text: str) -> None:
    """``ScenarioError`` in one line when ``text`` is one of kickoff's own TOML files (a set-up
    or a team file), which ``setup import`` has no need to translate."""
    from kickoff.formats.reading import load_toml  # its limits (a key of many parts)

    try:
        doc = load_toml(text)
    except ScenarioError:
        return
    if "positions" in doc:
        raise ScenarioError([
            Problem(f"this is a kickoff set-up file already (TOML, docs/formats.md), not a "
            f"FUMBBL set-up or a botbowl formation: use it as it is (kickoff validate {where} "
            f"--team TEAM; kickoff run --home-setup {where})", where)])
    if "players" in doc:
        raise ScenarioError([
            Problem(f"this is a kickoff team file (TOML, docs/formats.md), not a set-up: use it "
            f"as --team {where} or kickoff run --home {where}", where)])


@app.command("import")
@guarded
def import_(
    file: Annotated[str, typer.Argument(
        help="FUMBBL set-up (.xml or .json) or botbowl formation (.txt); - for stdin.")],
    team: Annotated[str, typer.Option(help="The team it is for: built-in name or team file.")],
    ruleset: Annotated[RulesetName, typer.Option(help="Ruleset to check against.")] = "bb2020",
    side: Annotated[Side, typer.Option(help="Side to check as.")] = "home",
    format: Annotated[
        Literal["auto", "xml", "json", "botbowl"],
        typer.Option("--format", help="Input format (auto: by extension, else by content)."),
    ] = "auto",
    out: Annotated[Path | None, typer.Option(
        help="Write the set-up file here (whole or not at all), not stdout.",
        callback=output_file())] = None,
) -> None:
    """Import a FUMBBL set-up or a botbowl formation for a team; print the TOML set-up.

    Exit 1 with every problem listed when the set-up is illegal for the team.
    """
    from kickoff.formats import botbowl  # here: other commands skip the XML readers
    from kickoff.formats.fumbbl import setup as fumbbl_setup
    from kickoff.formats.teams import load_team, setup_to_toml

    rs = RULESETS[ruleset]
    where, text = read_input(file)
    if format == "auto":
        _not_ours(where, text)
    t = load_team(team, rs.family)
    fmt = fumbbl_setup.detect_format(text, file) if format == "auto" else format
    setup: SetupFile
    if fmt == "botbowl":
        setup = botbowl.import_formation(text, where, t, rs, side)
    else:
        setup, _ = fumbbl_setup.import_setup(text, where, fmt, t, rs, side)
    _emit(setup_to_toml(setup), out,
          f"{out}: legal {ruleset} set-up for {t[1].name} ({side}) from {where}")


def _load_any_setup(name: str) -> tuple[str, SetupFile]:
    """A set-up for either pitch: tried as eleven-a-side, then as Sevens; ``ScenarioError``
    also for what a set-up shown or exported without a team cannot have (a square off its
    pitch, a jersey number outside 1 to 99)."""
    from kickoff.formats.teams import load_setup, setup_alone_problems

    try:
        found = load_setup(name, PITCHES["eleven"])
    except ScenarioError as first:
        try:
            found = load_setup(name, PITCHES["sevens"])
        except ScenarioError:
            raise first from None
    problems = setup_alone_problems(*found, PITCHES[found[1].pitch])
    if problems:
        raise ScenarioError(problems)
    return found


@app.command()
@guarded
def show(
    setup: Annotated[str, typer.Argument(help="A set-up: built-in name (kickoff list) or file.")],
    toml: Annotated[
        bool, typer.Option("--toml", help="Print it as a set-up file to start from (> FILE.toml).")
    ] = False,
) -> None:
    """Show a set-up on the pitch (drawn as the home team), or print it as a TOML set-up file."""
    from kickoff.formats.teams import RosterPlayer, TeamFile, place_team, setup_text

    where, s = _load_any_setup(setup)
    pitch = PITCHES[s.pitch]
    if toml:
        text = setup_text(setup, pitch)[1]
        typer.echo(text if text.endswith("\n") else text + "\n", nl=False)
        return
    from rich.console import Console

    from kickoff.cli.render import pitch_text, wrapped
    from kickoff.core.state import GameState, Team

    numbers = sorted({int(k) for k in s.positions if k.isdigit()})
    team = TeamFile(name=s.name, family="bb2020",
                    players=[RosterPlayer(number=n, ma=6, st=3, ag=3, av=9) for n in numbers])
    placed = place_team("home", team, s, pitch, setup_name=where)
    state = GameState(pitch, {"home": placed.team, "away": Team("away", [])}, kicking="home")
    # Wrapped at the terminal's width (80 columns when it is not one; issue 26), the command
    # to copy on a line of its own.
    console = Console(highlight=False)
    console.print(wrapped(f"{where}: {s.name} ({s.kind or 'set-up'}, {pitch.name} pitch), "
                          "drawn as the home team: h<jersey number>"), markup=False)
    if s.description:
        console.print(wrapped(s.description), markup=False)
    console.print(pitch_text(state))
    for problem in placed.problems:
        console.print(f"note: {problem.text()}", markup=False)
    console.print("As a file to start from:", markup=False)
    console.print(f"kickoff setup show {setup} --toml > my_setup.toml", markup=False,
                  soft_wrap=True)


def _team_id(value: str | None) -> str | None:
    """``--team-id``'s check: a usage error (exit 2) naming it for a team id the FUMBBL file
    cannot hold (:func:`~kickoff.formats.fumbbl.setup.team_id_problem`)."""
    from kickoff.formats.fumbbl.setup import team_id_problem

    problem = None if value is None else team_id_problem(value)
    if problem is not None:
        raise typer.BadParameter(problem)
    return value


@app.command()
@guarded
def export(
    setup: Annotated[str, typer.Argument(help="A set-up: built-in name or set-up file (.toml).")],
    format: Annotated[
        FumbblFormat, typer.Option("--format", help="FUMBBL XML or JSON.")
    ] = "xml",
    team_id: Annotated[
        str | None, typer.Option(help="FUMBBL team id to record (teamId); left out if not given.",
                                 callback=_team_id)
    ] = None,
    out: Annotated[Path | None, typer.Option(
        help="Write here (whole or not at all), not to stdout.", callback=output_file())] = None,
) -> None:
    """Export a set-up as a FUMBBL client set-up (XML or JSON)."""
    from kickoff.formats.fumbbl import setup as fumbbl_setup  # here: other commands skip the XML readers

    where, s = _load_any_setup(setup)
    fs = fumbbl_setup.from_setup_file(s, team_id)
    text = fumbbl_setup.to_xml(fs) if format == "xml" else fumbbl_setup.to_json(fs)
    _emit(text, out, f"{out}: {where} as FUMBBL {format.upper()}")


def _parse_picks(picks: list[str]) -> dict[str, int]:
    parsed: dict[str, int] = {}
    for pick in picks:
        key, sep, count = pick.rpartition("=")
        if not sep or not key or not re.fullmatch(r"[0-9]{1,4}", count.strip()):
            raise typer.BadParameter(f"{pick!r}: write POSITION=COUNT, e.g. Blitzer=2",
                                     param_hint="--pick")
        parsed[key.strip()] = parsed.get(key.strip(), 0) + int(count)
    return parsed


@app.command()
@guarded
def roster(
    file: Annotated[str, typer.Argument(help="A FUMBBL classic roster (XML); - for stdin.")],
    players: Annotated[int, typer.Option(help="Team size (1..16) for the default rule.")] = 11,
    pick: Annotated[
        list[str] | None,
        typer.Option(help="POSITION=COUNT (name or id), repeatable: exactly these players."),
    ] = None,
    big_guys: Annotated[
        bool, typer.Option("--big-guys", help="Let Big Guy positions join the team.")
    ] = False,
    name: Annotated[str | None, typer.Option(help="Team name (default: '<race> starting team').")]
    = None,
    rerolls: Annotated[int, typer.Option(min=0, max=999_999, help="Team re-rolls.")] = 0,
    fan_factor: Annotated[int, typer.Option(min=0, max=999_999, help="Fan factor.")] = 0,
    out: Annotated[Path | None, typer.Option(
        help="Write the team file here (whole or not at all), not stdout.",
        callback=output_file())] = None,
) -> None:
    """Make a classic team file from a FUMBBL roster; print the TOML team file."""
    from kickoff.formats import rosters  # here: other commands skip the XML readers
    from kickoff.formats.teams import team_to_toml

    picks = _parse_picks(pick or [])
    where, text = read_input(file)
    parsed = rosters.parse_roster(text, where)
    try:
        team = rosters.roster_to_team(parsed, where, size=players, picks=picks,
                                      big_guys=big_guys, name=name, rerolls=rerolls,
                                      fan_factor=fan_factor)
    except KickoffError as e:  # a problem of the options' values names the option
        raise placed_error(e, None, {"name": "--name", "rerolls": "--rerolls",
                                 "fan_factor": "--fan-factor"}) from None
    _emit(team_to_toml(team), out,
          f"{out}: {team.name} ({len(team.players)} players) from {where}")


# -- kickoff setup optimize: its own module (kickoff.cli.optimize_cmd) -----------------------------
from kickoff.cli.optimize_cmd import optimize  # noqa: E402  (registered below, in this group)

app.command()(optimize)
