"""The ``kickoff`` command: a thin face over the core and the formats.

Exit status: 0 for a result, 1 for invalid input (message on stderr, nothing on stdout), 2 for
wrong usage (Click's own).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console

from kickoff.cli.common import fail, guarded
from kickoff.cli.fumbbl_cmd import app as fumbbl_app
from kickoff.cli.setup_cmd import app as setup_app
from kickoff.core.context import Decisions
from kickoff.core.dice import SeededDice, new_seed
from kickoff.core.errors import KickoffError, ScenarioError, SetupError
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import SIDES, Side, Square
from kickoff.core.rulesets import RULESETS
from kickoff.formats.scenario import (
    load_scenario,
    parse_scenario,
    play,
    replay_text,
    result_to_json,
    schemas,
)
from kickoff.formats.teams import (
    FAMILY,
    build_state,
    builtin_names,
    check_setup_file,
    load_setup,
    load_team,
)

app = typer.Typer(
    help="kickoff: the Blood Bowl kick-off engine (classic, bb2020, bb2025, sevens; Kick It!).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.add_typer(fumbbl_app, name="fumbbl")
app.add_typer(setup_app, name="setup")


#: Default pairing and set-ups per team family (built-in names).
DEFAULT_TEAMS = {"classic": ("human", "orc"), "bb2020": ("human", "orc"),
                 "sevens": ("human", "orc")}
DEFAULT_SETUPS = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
                  "sevens": ("sevens_def_zone", "sevens_off_wedge")}


def _check_square(value: str | None) -> str | None:
    """Option callback: a square ``X,Y``; a usage error (exit 2) naming the option otherwise."""
    if value is not None:
        try:
            Square.parse(value)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None
    return value


def _parse_square(value: str | None) -> Square | None:
    return None if value is None else Square.parse(value)


RulesetName = Literal["classic", "bb2020", "bb2025", "sevens"]


@app.command()
@guarded
def run(
    ruleset: Annotated[RulesetName, typer.Option(help="Ruleset to play.")] = "bb2020",
    home: Annotated[str | None, typer.Option(help="Home team: built-in name or team file.")] = None,
    away: Annotated[str | None, typer.Option(help="Away team: built-in name or team file.")] = None,
    home_setup: Annotated[
        str | None, typer.Option(help="Home set-up: built-in name or set-up file.")
    ] = None,
    away_setup: Annotated[
        str | None, typer.Option(help="Away set-up: built-in name or set-up file.")
    ] = None,
    kicking: Annotated[Literal["home", "away"], typer.Option(help="The kicking team.")] = "home",
    target: Annotated[
        str | None,
        typer.Option(help="Kick target X,Y (default: centre of the receiving zone).",
                     callback=_check_square),
    ] = None,
    kicker: Annotated[
        str | None, typer.Option(help="Kicker's id, e.g. h8 (default: the spec's default kicker).")
    ] = None,
    kick_skill: Annotated[
        bool, typer.Option("--kick-skill", help="The kicker uses the Kick skill.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice (default: a new one).")] = None,
    kick_it: Annotated[bool, typer.Option("--kick-it", help="Play the Kick It! house rule.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the kickoff-result/1 document instead.")
    ] = False,
) -> None:
    """Play one full kick-off between two real teams and show it."""
    rs = RULESETS[ruleset]
    family = FAMILY[ruleset]
    tgt = _parse_square(target)
    kick_side: Side = kicking
    recv_side: Side = "away" if kick_side == "home" else "home"
    defence, offence = DEFAULT_SETUPS[rs.pitch.name]
    team_names: dict[Side, str] = {
        "home": home or DEFAULT_TEAMS[family][0], "away": away or DEFAULT_TEAMS[family][1],
    }
    setup_names: dict[Side, str] = {kick_side: defence, recv_side: offence}
    if home_setup:
        setup_names["home"] = home_setup
    if away_setup:
        setup_names["away"] = away_setup
    teams = {s: load_team(team_names[s], family) for s in SIDES}
    setups = {s: load_setup(setup_names[s], rs.pitch) for s in SIDES}
    state = build_state(rs, teams, setups, kick_side)
    if tgt is not None and not rs.pitch.in_receiving_area(recv_side, tgt):
        where = "off the pitch" if not rs.pitch.on_pitch(tgt) else "not in the receiving area"
        raise ScenarioError([
            f"--target: {list(tgt)} is {where}: with the {kick_side} team kicking, the target must "
            f"be beyond its Line of Scrimmage, {rs.pitch.describe_receiving_area(recv_side)}"
        ])
    used_seed = seed if seed is not None else new_seed()
    before = state.clone()
    decisions = Decisions(target=tgt, kicker=kicker, kicker_given=kicker is not None,
                          use_kick_skill=kick_skill)
    result = kick_off(state, rs, SeededDice(used_seed), decisions,
                      frozenset({"kick_it"}) if kick_it else frozenset())
    doc = result_to_json(result, rs, used_seed)
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    from kickoff.cli.render import kickoff_report

    names: dict[str, str] = {s: f"{teams[s][1].name}, {setups[s][1].name}" for s in SIDES}
    Console().print(kickoff_report(before, result.state, doc, names))


def _read_input(file: str) -> tuple[str, str]:
    if file == "-":
        return "stdin", sys.stdin.read()
    path = Path(file)
    try:
        return file, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([f"{file}: no such file"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError([f"{file}: cannot read: {e}"]) from None


@app.command()
@guarded
def replay(
    file: Annotated[str, typer.Argument(help="A kickoff-scenario/1 JSON file, or - for stdin.")],
) -> None:
    """Replay a scenario file and print its kickoff-result/1 JSON."""
    source, text = _read_input(file)
    try:
        doc = replay_text(text)
    except KickoffError as e:
        raise _prefixed(e, source) from None
    typer.echo(json.dumps(doc, indent=2))


def _prefixed(e: KickoffError, source: str) -> KickoffError:
    """``e`` with every line of its message starting with ``source`` (a file name or stdin)."""
    if isinstance(e, SetupError):
        e.args = (f"{source}: illegal set-up:\n"
                  + "\n".join(f"{source}: {p}" for p in e.problems),)
    elif isinstance(e, ScenarioError):
        e.args = ("\n".join(f"{source}: {p}" for p in e.problems),)
    else:
        e.args = (f"{source}: {e}",)
    return e


@app.command()
@guarded
def validate(
    file: Annotated[str, typer.Argument(help="A set-up file (.toml) or a scenario (.json).")],
    ruleset: Annotated[
        RulesetName | None,
        typer.Option(help="Set-up files: the ruleset to check against (default bb2020)."),
    ] = None,
    team: Annotated[
        str | None,
        typer.Option(help="Set-up files: the team it is for (default: the ruleset's first "
                     "default team)."),
    ] = None,
    side: Annotated[
        Literal["home", "away"] | None, typer.Option(help="Set-up files: the side (default home).")
    ] = None,
) -> None:
    """Check a set-up file (for a team) or a scenario file; list every problem.

    A scenario is checked as ``replay`` would play it (input, set-ups, decisions, dice) without
    printing the result.
    """
    console = Console(highlight=False, soft_wrap=True)
    if file.endswith(".json") or file == "-":
        given = [n for n, v in (("--ruleset", ruleset), ("--team", team), ("--side", side)) if v]
        if given:
            raise typer.BadParameter(
                f"{', '.join(given)} {'applies' if len(given) == 1 else 'apply'} to set-up "
                "files only; a scenario names its own ruleset and teams"
            )
        source, text = _read_input(file)
        try:
            play(load_scenario(parse_scenario(text)))
        except KickoffError as e:
            raise _prefixed(e, source) from None
        console.print(f"{source}: valid scenario")
        return
    ruleset = ruleset or "bb2020"
    side = side or "home"
    rs = RULESETS[ruleset]
    family = FAMILY[ruleset]
    where, setup = load_setup(file, rs.pitch)
    t = load_team(team or DEFAULT_TEAMS[family][0], family)
    problems = check_setup_file(rs, t, (where, setup), side)
    if problems:
        raise SetupError([p if p.startswith(where) else f"{where}: {p}" for p in problems])
    console.print(f"{where}: legal {ruleset} set-up for {t[1].name} ({side})")


@app.command("list")
def list_builtins() -> None:
    """List the built-in teams and set-ups."""
    console = Console(highlight=False, soft_wrap=True)
    for family in ("classic", "bb2020", "sevens"):
        console.print(f"teams/{family}: " + ", ".join(builtin_names("teams", family)))
    for pitch in ("eleven", "sevens"):
        console.print(f"setups/{pitch}: " + ", ".join(builtin_names("setups", pitch)))


@app.command()
def schema(
    out: Annotated[
        Path | None, typer.Option(help="Write the schema files into this folder.")
    ] = None,
) -> None:
    """Print (or write) the JSON Schemas of kickoff-scenario/1 and kickoff-result/1."""
    docs = schemas()
    if out is None:
        typer.echo(json.dumps(docs, indent=2))
        return
    if out.exists() and not out.is_dir():
        fail(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        texts = {out / name: json.dumps(doc, indent=2) + "\n" for name, doc in docs.items()}
        for path, text in texts.items():
            path.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"{out}: cannot write the schemas: {e.strerror}")
    for path in texts:
        typer.echo(str(path))


def main() -> Any:
    """Entry point of the ``kickoff`` command."""
    return app()
