"""The ``kickoff`` command: a thin face over the core and the formats.

Exit status: 0 for a result, 1 for invalid input (message on stderr, nothing on stdout), 2 for
wrong usage (Click's own).
"""

from __future__ import annotations

import copy
import functools
import gc
import importlib
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args

import typer
import typer.main

import kickoff
from kickoff.cli.common import (
    KICKOFF_OPTIONS,
    FreeTurnsOpt,
    HighKickOpt,
    KickerOpt,
    KickSkillOpt,
    SeedOpt,
    TouchbackOpt,
    build_match_named,
    check_receivers,
    check_square,
    fail,
    guarded,
    json_text,
    output_file,
    parse_target,
    path_text,
    placed_error,
    read_scenario,
    setup_option,
    team_option,
    write_text,
)
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice, new_seed
from kickoff.core.errors import KickoffError, SetupError
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import PitchName, Side
from kickoff.core.ruleset import KICK_IT, HouseRule
from kickoff.core.rulesets import RULESETS, RulesetName
from kickoff.defaults import kick_use

if TYPE_CHECKING:
    from kickoff.core.ruleset import Ruleset
    from kickoff.core.state import GameState

# Start-up (issue 16): the formats (pydantic models, the scenario format), Rich and ``json`` are
# imported by the commands that use them, inside their bodies; each command's module is cheap to import,
# and ``main`` builds only the command it runs, importing only its module (``_COMMANDS``).

#: The app's callback and the commands defined here; :data:`app` is it with every command.
_app = typer.Typer(
    help="kickoff: the Blood Bowl kick-off engine (classic, bb2020, bb2025, sevens; Kick It!).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Click's own help: paragraphs re-wrapped to the terminal, options in two even columns. Rich's
    # panels kept each line break of a docstring and squeezed the help text into a narrow third
    # column, breaking it raggedly (issue 26).
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version  # here: it imports the email package

        build = "compiled with mypyc" if kickoff.compiled else "pure Python"
        typer.echo(f"kickoff {version('kickoff')} ({build})")
        raise typer.Exit()


@_app.callback()
def _main(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True,
                           help="Print the version and the build (mypyc-compiled or pure Python).")
    ] = False,
) -> None:
    """kickoff: the Blood Bowl kick-off engine (classic, bb2020, bb2025, sevens; Kick It!)."""

#: The commands of the other modules of :mod:`kickoff.cli` (each module's ``COMMANDS``), in the
#: order the help lists them: name -> (module, the name given to ``command``). Start-up (issue
#: 16): a module is imported only by a run of its commands, or for the whole app (``--help``).
_COMMANDS: dict[str, tuple[str, str | None]] = {
    "odds": ("analysis_cmd", None),
    "decide": ("decide_cmd", None),
    "simulate": ("simulate_cmd", None),
    "kick": ("kick_cmd", None),
    "odds-kick": ("kick_cmd", "odds-kick"),
    "serve": ("serve_cmd", None),
}
#: The command groups: name -> the module whose ``app`` it is.
_GROUPS: dict[str, str] = {"fumbbl": "fumbbl_cmd", "setup": "setup_cmd"}


#: ``run --target``.
RunTargetOpt = Annotated[
    str | None,
    typer.Option(help="Kick target X,Y (default: centre of the receiving zone).",
                 callback=check_square),
]
#: ``run --save-scenario``.
SaveScenarioOpt = Annotated[
    Path | None,
    typer.Option("--save-scenario", metavar="FILE",
                 help="Also write the kickoff-scenario/1 it played to FILE (teams, set-ups, "
                 "kick, seed, decisions): kickoff replay FILE plays the same kick-off.",
                 callback=output_file()),
]

@_app.command()
@guarded
def run(
    ruleset: Annotated[RulesetName, typer.Option(help="Ruleset to play.")] = "bb2020",
    home: Annotated[str | None, team_option("home")] = None,
    away: Annotated[str | None, team_option("away")] = None,
    home_setup: Annotated[str | None, setup_option("home")] = None,
    away_setup: Annotated[str | None, setup_option("away")] = None,
    kicking: Annotated[Side, typer.Option(help="The kicking team.")] = "home",
    target: RunTargetOpt = None,
    kicker: KickerOpt = None,
    kick_skill: KickSkillOpt = None,
    high_kick: HighKickOpt = None,
    touchback: TouchbackOpt = None,
    seed: SeedOpt = None,
    kick_it: Annotated[bool, typer.Option("--kick-it", help="Play the Kick It! house rule.")] = False,
    free_turns: FreeTurnsOpt = "none",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the kickoff-result/1 document instead.")
    ] = False,
    save_scenario: SaveScenarioOpt = None,
) -> None:
    """Play one full kick-off between two real teams and show it."""
    from kickoff.cli.render import applied_doc
    from kickoff.formats.scenario import result_to_json

    match = build_match_named(ruleset, home, away, home_setup, away_setup, kicking)
    rs, state = match.ruleset, match.state
    tgt = parse_target(match, target)
    check_receivers(state, high_kick=high_kick, touchback=touchback)
    used_seed = seed if seed is not None else new_seed()
    before = state.clone()
    house_rules = frozenset({KICK_IT}) if kick_it else frozenset()
    try:
        kick = kick_use(state, rs, house_rules, kicker, kick_skill)
        decisions = Decisions(target=tgt, kicker=kicker, kicker_given=kicker is not None,
                              use_kick_skill=kick.used, free_turn_policy=free_turns,
                              high_kick=high_kick, touchback=touchback)
        result = kick_off(state, rs, SeededDice(used_seed), decisions, house_rules)
    except KickoffError as e:
        raise placed_error(e, None, KICKOFF_OPTIONS) from None
    doc = {**result_to_json(result, rs, used_seed),
           **applied_doc(rs.name, state.kicking, match.names, kick, "all", "defaults")}
    if save_scenario is not None:
        kicked = {k: v for k, v in (("kicker", kicker), ("target", tgt and tgt.as_list())) if v}
        chosen = {"use_kick_skill": kick.used, "high_kick": high_kick, "touchback": touchback}
        _save_played(save_scenario, rs, before, used_seed, kicked, chosen, house_rules)
    if as_json:
        typer.echo(json_text(doc))
        return
    given = {"high_kick": high_kick is not None, "touchback": touchback is not None,
             "free_turn": free_turns != "none"}
    _show_run(before, result.state, doc, match.names, kick.text(), given, save_scenario,
              house_rules)


def _save_played(path: Path, rs: Ruleset, before: GameState, seed: int, kicked: dict[str, Any],
                 chosen: dict[str, Any], house_rules: frozenset[HouseRule]) -> None:
    """``run --save-scenario``: the kick-off played, as a kickoff-scenario/1 file at ``path``
    (the set-up ``before``, the ``seed``, the kick and the choices given)."""
    from kickoff.formats.match import state_scenario

    played = state_scenario(rs, before, seed=seed, kick=kicked,
                            decisions={k: v for k, v in chosen.items() if v},
                            house_rules=house_rules)
    write_text(path, json_text(played) + "\n")


def _show_run(before: GameState, after: GameState, doc: dict[str, Any], names: Mapping[str, str],
              kick_text: str, given: dict[str, bool], saved: Path | None,
              house_rules: frozenset[HouseRule] = frozenset()) -> None:
    """``run``'s report: the kick-off shown (with the ``house_rules`` played named in its
    first line), the defaults it applied (``given``: the choices the coach gave), and where
    its scenario was written."""
    from rich.console import Console

    from kickoff.cli.render import RUN_APPLIED, choice_lines_applied, kickoff_report
    from kickoff.formats.narration import defaults_applied

    console = Console()
    applied = doc["applied"]
    console.print(kickoff_report(before, after, doc, names, kick_text, choice_lines_applied(
        applied["events"], applied["play"], RUN_APPLIED), house_rules))
    for line in defaults_applied(doc["log"], given):
        console.print(line, markup=False, highlight=False)
    if saved is not None:
        console.print(f"scenario written to {saved} (kickoff replay {saved})"
                      + (": free turns play the format's default, nobody acts"
                         if given["free_turn"] else ""), markup=False, highlight=False)


@_app.command()
@guarded
def replay(
    file: Annotated[str, typer.Argument(help="A kickoff-scenario/1 JSON file, or - for stdin.")],
) -> None:
    """Replay a scenario file and print its kickoff-result/1 JSON."""
    from kickoff.formats.scenario import replay_text

    source, text = read_scenario(file, "replay")
    try:
        doc = replay_text(text)
    except KickoffError as e:
        raise placed_error(e, source) from None
    typer.echo(json_text(doc))


@_app.command()
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
        Side | None, typer.Option(help="Set-up files: the side (default home).")
    ] = None,
) -> None:
    """Check a set-up file (for a team) or a scenario file; list every problem.

    A scenario is checked as ``replay`` would play it (input, set-ups, decisions, dice) without
    printing the result.
    """
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    if file.endswith(".json") or file == "-":
        given = [n for n, v in (("--ruleset", ruleset), ("--team", team), ("--side", side)) if v]
        if given:
            raise typer.BadParameter(
                f"{', '.join(given)} {'applies' if len(given) == 1 else 'apply'} to set-up "
                "files only; a scenario names its own ruleset and teams"
            )
        console.print(_validate_scenario(file))
    else:
        console.print(_validate_setup(file, ruleset or "bb2020", team, side or "home"))


def _validate_scenario(file: str) -> str:
    """``validate``'s job for a scenario: replay it (raising its error placed in the file);
    the line saying it is valid."""
    from kickoff.formats.scenario import load_scenario, parse_scenario, replay_loaded

    source, text = read_scenario(file, "validate")
    try:
        replay_loaded(load_scenario(parse_scenario(text)))
    except KickoffError as e:
        raise placed_error(e, source) from None
    return f"{source}: valid scenario"


def _validate_setup(file: str, ruleset: RulesetName, team: str | None, side: Side) -> str:
    """``validate``'s job for a set-up file, checked against ``team`` (``None``: the ruleset's
    first default team): the line saying it is legal, or ``SetupError`` listing its problems."""
    from kickoff.defaults import DEFAULT_TEAMS
    from kickoff.formats.teams import check_setup_file, load_setup, load_team

    rs = RULESETS[ruleset]
    family = rs.family
    where, setup = load_setup(file, rs.pitch)
    team_name = team or DEFAULT_TEAMS[family][0]
    t = load_team(team_name, family)
    # Which team it was checked against, and how to check another when the default was used.
    against = (f"{ruleset} set-up for {team_name} ({t[1].name}, {side}"
               + ("" if team else "; the default team: use --team to check another") + ")")
    problems = check_setup_file(rs, t, (where, setup), side)
    if problems:
        error = SetupError([p if p.where.startswith(where) else p.at(where) for p in problems])
        error.args = (f"{where}: illegal {against}:\n"
                      + "\n".join(f"- {p.text()}" for p in error.problems),)
        raise error
    return f"{where}: legal {against}"


@_app.command("list")
def list_builtins() -> None:
    """List the built-in teams (by ruleset) and set-ups (by pitch)."""
    import textwrap

    from kickoff.formats.teams import builtin_names

    def row(head: str, names: list[str]) -> str:
        return textwrap.fill(", ".join(names), width=80, initial_indent=head,
                             subsequent_indent="    ", break_on_hyphens=False)

    lines = ["Teams (--home, --away), by ruleset:"]
    for ruleset, family in ((name, rs.family) for name, rs in RULESETS.items()):
        same = "" if family == ruleset else f" (as {family})"
        lines.append(row(f"  {ruleset}: teams/{family}{same}: ", builtin_names("teams", family)))
    lines.append("Set-ups (--home-setup, --away-setup; kickoff setup show NAME), by pitch:")
    for pitch in get_args(PitchName):
        rulesets = ", ".join(r for r, rs in RULESETS.items() if rs.pitch.name == pitch)
        lines.append(row(f"  setups/{pitch} ({rulesets}): ", builtin_names("setups", pitch)))
    typer.echo("\n".join(lines))


@_app.command()
def schema(
    out: Annotated[
        Path | None, typer.Option(parser=path_text, metavar="DIR",
                                  help="Write the schema files into this folder (both or neither).")
    ] = None,
) -> None:
    """Print (or write) the JSON Schemas of kickoff-scenario/1 and kickoff-result/1."""
    from kickoff.formats.files import make_folder, write_files
    from kickoff.formats.scenario import schemas

    docs = schemas()
    if out is None:
        typer.echo(json_text(docs))
        return
    texts = {out / name: json_text(doc) + "\n" for name, doc in docs.items()}
    try:
        make_folder(out)
        write_files(texts)  # all or nothing
    except KickoffError as e:
        fail(str(e))
    for path in texts:
        typer.echo(str(path))


_YES = frozenset({"true", "yes", "on", "1"})
_NO = frozenset({"false", "no", "off", "0"})


def _flag_names(command: Any) -> dict[str, str | None]:
    """Every on/off flag (``--kick-skill``) of ``command`` and its subcommands, with its "off"
    form where it has one (``--no-kick-skill``; ``None``: left out is off)."""
    names = {o: (p.secondary_opts[0] if p.secondary_opts else None)
             for p in command.params if getattr(p, "is_flag", False) for o in p.opts}
    for sub in getattr(command, "commands", {}).values():
        names |= _flag_names(sub)
    return names


def flag_values(args: list[str]) -> list[str]:
    """``args`` with a value written after an on/off flag taken as the flag's own habit:
    ``--kick-skill true`` / ``--kick-skill=yes`` is ``--kick-skill``, ``--kick-skill false``
    is ``--no-kick-skill`` (a flag without an "off" form: left out) (true/yes/on/1,
    false/no/off/0, any case)."""
    words = {a.lower() for a in args} | {a.partition("=")[2].lower() for a in args}
    if words.isdisjoint(_YES | _NO):
        return args
    flags = _flag_names(typer.main.get_command(whole_app()))
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, value = arg.partition("=")
        if eq and name in flags and value.lower() in _YES | _NO:
            out += _flag_as(name, flags[name], value.lower() in _YES)
        elif (arg in flags and i + 1 < len(args) and args[i + 1].lower() in _YES | _NO):
            out += _flag_as(arg, flags[arg], args[i + 1].lower() in _YES)
            i += 1
        else:
            out.append(arg)
        i += 1
    return out


def _flag_as(on: str, off: str | None, value: bool) -> list[str]:
    """The flag ``on`` given ``value``: ``[on]``, or its ``off`` form (``[]``: none)."""
    return [on] if value else ([off] if off else [])


def _module(name: str) -> Any:
    return importlib.import_module(f"kickoff.cli.{name}")


def _with(commands: list[str], groups: list[str], own: list[Any]) -> typer.Typer:
    """The app's callback with the commands named (of :data:`_COMMANDS`), then ``own`` (the
    commands defined here), then the groups named (of :data:`_GROUPS`), each registered as
    the whole app registers it."""
    one = copy.copy(_app)
    # Lists of its own (``command`` and ``add_typer`` append); ``_app`` has no group.
    one.registered_commands, one.registered_groups = [], list(_app.registered_groups)
    for name in commands:
        module, given = _COMMANDS[name]
        one.command(given)(_module(module).COMMANDS[name])
    one.registered_commands += own
    for name in groups:
        one.add_typer(_module(_GROUPS[name]).app, name=name)
    return one


#: The order ``kickoff --help`` lists the commands in, the README's: a kick-off played first,
#: then its files, the analyses, the Kick It! action, the lists and the web app (the groups
#: come after them all). It listed odds, decide, simulate, kick, odds-kick and serve before run.
HELP_ORDER = ("run", "replay", "validate", "odds", "decide", "simulate", "kick", "odds-kick",
              "list", "schema", "serve")


@functools.cache
def whole_app() -> typer.Typer:
    """:data:`app`: every command and group, their modules imported, in :data:`HELP_ORDER`."""
    one = _with(list(_COMMANDS), list(_GROUPS), _app.registered_commands)

    def place(info: Any) -> int:
        name = info.name or typer.main.get_command_name(info.callback.__name__)
        return HELP_ORDER.index(name) if name in HELP_ORDER else len(HELP_ORDER)

    one.registered_commands.sort(key=place)
    return one


def __getattr__(name: str) -> typer.Typer:
    # ``app`` (PEP 562): built when first asked for, so that importing this module imports no
    # command's module.
    if name == "app":
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs ``kickoff ARGS``: :data:`app` with only the command (or command group)
    that ``args`` name first, only its module imported, or the whole :data:`app` when they name
    none (``--help``, ``--version``, a mistyped name, nothing).

    Typer builds the Click command of every command it holds (their signatures and options)
    on each run, some 25 ms for all of :data:`app`; the command run needs only its own, and it
    reads, prints and fails exactly as it does inside the whole app (usage line, help, errors).
    """
    if not args or args[0].startswith("-"):
        return whole_app()
    if args[0] in _COMMANDS:
        return _with([args[0]], [], [])
    if args[0] in _GROUPS:
        return _with([], [args[0]], [])
    own = [c for c in _app.registered_commands if c.callback is not None
           and (c.name or typer.main.get_command_name(c.callback.__name__)) == args[0]]
    return _with([], [], own) if own else whole_app()


def main() -> Any:
    """Entry point of the ``kickoff`` command."""
    # Start-up (issue 16): what the imports made (modules, classes, functions, Typer's and Rich's
    # tables) lives as long as the process. Frozen, the cyclic garbage collector no longer scans
    # it again in every later collection of the command nor at the interpreter's exit (about a
    # tenth of a one-target ``kickoff odds``); the command's own garbage is collected as before.
    # The command's own module (and what it imports: the solver for ``odds``) is imported by
    # ``app_for`` with the collector paused, and frozen with the rest.
    gc.freeze()
    args = flag_values(sys.argv[1:])
    collecting = gc.isenabled()
    gc.disable()
    try:
        one = app_for(args)
    finally:
        if collecting:
            gc.enable()
    gc.freeze()
    return one(args=args)
