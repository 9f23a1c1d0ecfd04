"""What the ``kickoff`` commands share: a clean exit 1 for a ``KickoffError``, reading input,
and the ``--target`` square (the teams and set-ups named on the command line are loaded by
:mod:`kickoff.formats.match`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, ParamSpec, TypeVar

import typer

from kickoff.core.decisions import FreeTurnPolicy
from kickoff.core.dice import MAX_SEED
from kickoff.core.errors import KickoffError, OptionError, ScenarioError, SetupError
from kickoff.core.kickoff import target_problem
from kickoff.core.pitch import SIDES, Side, Square
from kickoff.core.problems import Problem
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.defaults import DEFAULT_SETUPS, DEFAULT_TEAMS

# The formats and Rich are imported where they are used (start-up, issue 16): every command
# imports this module, and most need only a few of them.
if TYPE_CHECKING:
    from kickoff.analysis.objectives import AnyObjective
    from kickoff.formats.match import Match

P = ParamSpec("P")
R = TypeVar("R")


#: ``--free-turns`` of ``kickoff run`` and ``kickoff simulate`` (docs/actions.md, "The coach's
#: policy (opt-in)").
FreeTurnsOpt = Annotated[
    FreeTurnPolicy,
    typer.Option(
        "--free-turns",
        help="What the kicking team does in a Blitz! / Charge! free turn: none (the scenario "
        "format's default: nobody acts) or close (the coach's policy: the nearest player able "
        "to catch goes under the ball, the others mark the receivers nearest it; never a "
        "Dodge, Rush, pick-up or block).",
    ),
]


#: The key paths of a kick-off's decisions that the options of ``kickoff run``, ``odds`` and
#: ``simulate`` give, and those options (for :func:`placed_error`).
KICKOFF_OPTIONS = {"kick.kicker": "--kicker", "kick.target": "--target",
                   "decisions.use_kick_skill": "--kick-skill", "decisions.high_kick": "--high-kick",
                   "decisions.touchback": "--touchback"}


#: ``--high-kick`` and ``--touchback`` of ``kickoff run`` and ``simulate``: the receiving coach's
#: choices (``scenario-format.md``, decisions ``high_kick`` and ``touchback``).
HighKickOpt = Annotated[
    str | None,
    typer.Option("--high-kick", metavar="ID",
                 help="High Kick: the Open receiving player placed in the landing square "
                 "(default: nobody moves, the scenario format's default)."),
]
TouchbackOpt = Annotated[
    str | None,
    typer.Option("--touchback", metavar="ID",
                 help="Touchback: the receiving player given the ball (default: the first "
                 "receiving player able to take it, in roster order)."),
]


def json_text(doc: object) -> str:
    """``doc`` as the commands print JSON: ``json.dumps`` indented by two. ``json`` is imported
    here, by a command that prints it (start-up, issue 16: a table needs none)."""
    import json

    return json.dumps(doc, indent=2)


def check_receivers(state: GameState, **chosen: str | None) -> None:
    """``ScenarioError`` naming the option for a chosen id that is not a player of the
    receiving team (``check_receivers(state, high_kick="a4")``); whether he can be chosen when
    the moment comes (Open, Standing) is the engine's to say."""
    from kickoff.core.context import quoted_id

    receiving = state.teams[state.receiving]
    ids = [p.id for p in receiving.players]
    problems = [
        Problem(f"{quoted_id(pid)} is not a player of the receiving team "
                f"({state.receiving}: {', '.join(ids)})", f"--{key.replace('_', '-')}", (pid,))
        for key, pid in chosen.items() if pid is not None and pid not in ids
    ]
    if problems:
        raise ScenarioError(problems)


def defaults_played(state: GameState, events: bool, free_turns: str | None = "none",
                    high_kick: str | None = None, touchback: str | None = None) -> str:
    """Lines saying which default decisions a run of many kick-offs (``odds``, ``simulate``)
    plays, each with the option that chooses otherwise, then (``Choices played:``) the
    receiving coach's choices given instead (``""``: none of either). ``free_turns``: the
    command's ``--free-turns`` value, ``None`` for a command without that option (``odds``)."""
    from kickoff.cli.render import player_label

    parts = _defaults_parts(state, events, free_turns, high_kick, touchback)
    names = {p.id: player_label(p.id, p.name) for p in state.players.values()}
    chosen = []
    if events and high_kick is not None:
        chosen.append(f"High Kick: {names.get(high_kick, high_kick)} is placed under the ball "
                      "when it lands on an empty square in play (--high-kick)")
    if touchback is not None:
        chosen.append(f"Touchback: to {names.get(touchback, touchback)} while he can take it, "
                      "else to the first receiving player able (--touchback)")
    lines = ["Defaults played:", *(f"- {p}" for p in parts)] if parts else []
    if chosen:
        lines += ["Choices played:", *(f"- {p}" for p in chosen)]
    return "\n".join(lines)


def _defaults_parts(state: GameState, events: bool, free_turns: str | None,
                    high_kick: str | None, touchback: str | None) -> list[str]:
    """:func:`defaults_played`'s default decisions, one entry each (without the ``- ``)."""
    from kickoff.cli.render import player_label

    parts = []
    if events and high_kick is None:
        parts.append("High Kick: nobody moves under the ball (--high-kick ID)")
    if touchback is None:
        first = next((player_label(p.id, p.name) for p in state.teams[state.receiving].players
                      if p.can_catch()), None)
        parts.append(f"Touchback: to {first or 'nobody (no receiving player can take it)'}, "
                     "the first receiving player able (--touchback ID)")
    if events and free_turns == "none":
        parts.append("Blitz! / Charge!: nobody acts (--free-turns close)")
    elif events and free_turns is None:
        parts.append("Blitz! / Charge!: nobody acts (the scenario format's default)")
    return parts


#: ``--seed`` of every command that rolls seeded dice (``kickoff run``, ``kick``, ``simulate``):
#: 0 to 2**64 - 1, a usage error (exit 2) otherwise; docs/formats.md "Seeds".
SeedOpt = Annotated[
    int | None,
    typer.Option(min=0, max=MAX_SEED,
                 help="Seed for the dice, 0 to 2**64-1 (default: a new one); the same seed "
                 "gives the same dice."),
]


#: ``--kick-skill`` / ``--no-kick-skill`` of ``kickoff run``, ``odds``, ``simulate`` and
#: ``setup optimize``: ``None`` (neither) is every face's default, the kicker uses Kick when he
#: has it (:func:`kickoff.defaults.kick_use`).
KickSkillOpt = Annotated[
    bool | None,
    typer.Option("--kick-skill/--no-kick-skill",
                 help="Whether the kicker uses the Kick skill (default: when he has it and may "
                 "use it; --no-kick-skill: kick without it).", show_default=False),
]


#: ``--kicker`` of ``kickoff run`` and ``kickoff odds``: the kicker named (``None``: the format's
#: default kicker, ``kickoff.core.kickoff.choose_kicker``).
KickerOpt = Annotated[
    str | None,
    typer.Option(help="Kicker's id, e.g. h8 (default: the first eligible kicker with Kick, else "
                 "the first eligible, else the first on the Line of Scrimmage; classic: "
                 "nobody unless one eligible has Kick)."),
]


def _by_default(names: Mapping[str, str]) -> str:
    """``{key: name}`` said once: the name alone when every key has it, else each name with
    its keys (``human (classic/bb2020)``)."""
    keys: dict[str, list[str]] = {}
    for key, name in names.items():
        keys.setdefault(name, []).append(key)
    if len(keys) == 1:
        return next(iter(keys))
    return ", ".join(f"{name} ({'/'.join(k)})" for name, k in keys.items())


def team_default(side: Side) -> str:
    """The ``--home`` / ``--away`` team played when none is named
    (:data:`kickoff.defaults.DEFAULT_TEAMS`), as a help text says it: ``human``."""
    return _by_default({family: pair[SIDES.index(side)] for family, pair in DEFAULT_TEAMS.items()})


def setup_default(role: Literal["kicking", "receiving"] | None = None) -> str:
    """The set-up played when none is named (:data:`kickoff.defaults.DEFAULT_SETUPS`), as a
    help text says it: the kicking team's defence and the receiving team's offence (``role``:
    that team's alone) on the eleven pitch, then on each other pitch (``botbowl_def_zone
    kicking, botbowl_off_wedge receiving; sevens pitch: sevens_def_zone, sevens_off_wedge``)."""
    said = [(pitch, (defence, offence) if role is None
             else (defence,) if role == "kicking" else (offence,))
            for pitch, (defence, offence) in DEFAULT_SETUPS.items()]
    first = (", ".join(f"{name} {r}" for name, r in zip(said[0][1], ("kicking", "receiving"),
                                                           strict=False))
             if role is None else said[0][1][0])
    others = "; ".join(f"{pitch} pitch: {', '.join(names)}" for pitch, names in said[1:])
    return f"{first}; {others}" if others else first


def named(param: typer.CallbackParam, value: str | None) -> str | None:
    """Option callback of a team or set-up name (``--home``, ``--home-setup``...): an empty
    one (``--home "$TEAM"`` with ``TEAM`` unset) is a usage error (exit 2) naming the option;
    before, it played the default team or set-up, saying nothing."""
    if value is not None and not value:
        raise typer.BadParameter("the name is empty: a built-in name or a file (leave the "
                                 "option out for the default)")
    return value


def path_text(text: str) -> Path:
    """Parser of every ``Path`` argument and option that names a replay or a folder: the text
    as a path, an empty one a usage error (exit 2) naming the parameter. ``Path("")`` is the
    current folder: ``fumbbl review ""`` reviewed every replay under it, ``--cache ""`` and
    ``--out ""`` wrote there."""
    if not text:
        raise typer.BadParameter("the name is empty: name a file or folder ('.' for the "
                                 "current folder)")
    return Path(text)


def team_option(side: Side, *, without_file: bool = False) -> Any:
    """``--home`` / ``--away`` (``kickoff run``; ``without_file``: the analyses', which a
    scenario file's teams replace), its help naming the default team."""
    note = " (without FILE)" if without_file else ""
    return typer.Option(help=f"{side.capitalize()} team{note}: built-in name or team file "
                        f"(default: {team_default(side)}).", callback=named)


def setup_option(side: Side, *, without_file: bool = False) -> Any:
    """``--home-setup`` / ``--away-setup``, its help naming the default set-ups (the kicking
    team's defence, the receiving team's offence)."""
    note = " (without FILE)" if without_file else ""
    return typer.Option(help=f"{side.capitalize()} set-up{note}: built-in name or set-up file "
                        f"(default: {setup_default()}).", callback=named)


def fail(message: str) -> None:
    """Print ``message`` on stderr as an error and exit with status 1. The message is printed
    as written, never as Rich markup: it names files and other tools' ids (escaping each ``[``
    left a backslash before it to escape the ``\\[``: a missing ``a\\[red]b.json`` was named
    ``a\\b.json``)."""
    from rich.console import Console
    from rich.text import Text

    Console(stderr=True, highlight=False, soft_wrap=True).print(
        Text.assemble(("error:", "bold red"), " ", message))
    raise typer.Exit(1)


def exact_fraction(text: str) -> Fraction:
    """A fraction as :func:`~kickoff.core.fraction_text.fraction_text` wrote it, read back at
    any size (``Fraction(text)`` refuses an integer past Python's 4,300 digits, as every reader
    of input does: this text is the solver's own)."""
    import gmpy2

    numerator, _, denominator = text.partition("/")
    return Fraction(int(gmpy2.mpz(numerator)), int(gmpy2.mpz(denominator or "1")))


def in_one_line(message: str, most: int = 3) -> str:
    """A message of several lines (``illegal set-up:`` then ``- {problem}`` lines) in one:
    ``illegal set-up: home team: ...; away team: ...``, at most ``most`` problems, then ``and
    N more``."""
    lines = [line.strip().removeprefix("- ") for line in message.splitlines() if line.strip()]
    head = [lines.pop(0)] if len(lines) > 1 and lines[0].endswith(":") else []
    shown = "; ".join(lines[:most]) + (f"; and {len(lines) - most} more" if len(lines) > most
                                       else "")
    return f"{head[0]} {shown}" if head else shown


#: The options a command with FILE takes from the file instead, and what the file gives.
FROM_FILE = {"ruleset": "its ruleset", "home": "the teams", "away": "the teams",
             "home_setup": "the set-ups", "away_setup": "the set-ups",
             "kicking": "the kicking team", "active": "the active team"}


def refuse_with_file(ctx: typer.Context, file: str | None) -> None:
    """``ScenarioError`` naming each option of :data:`FROM_FILE` given on the command line
    beside FILE (the file gives that value: the option would be ignored, silently)."""
    if file is None:
        return
    given = [name for name in FROM_FILE if name in ctx.params
             and (source := ctx.get_parameter_source(name)) is not None
             and source.name not in ("DEFAULT", "DEFAULT_MAP")]
    if given:
        raise ScenarioError([Problem(f"not used with FILE, which gives {FROM_FILE[name]}: "
                                     "leave it out (or FILE)", f"--{name.replace('_', '-')}")
                             for name in given])


#: ``--workers``' bound (a local Dask cluster's worker processes), checked by Typer as every
#: option's range (a usage error, exit 2): :data:`kickoff.analysis.cluster.MAX_WORKERS`, not
#: imported here (that module imports ``logging``: start-up, issue 16); a test checks they agree.
MAX_CLI_WORKERS = 64

#: The set-up advisor's evaluation budget's bound on every face that takes one (``setup optimize
#: --evaluations``, ``fumbbl review --advise-evaluations``): candidate set-ups valued.
MAX_EVALUATIONS = 16_000_000

#: The set-up advisor's wall-clock bound on every face that takes one (``setup optimize
#: --seconds``, ``fumbbl review --advise``): seconds, an hour at most.
MAX_SECONDS = 3600

#: ``--plan-budget``'s bound on every command that takes one (``odds``, ``decide``, ``setup
#: optimize``, ``fumbbl review``): plans valued exactly per event.
MAX_PLAN_BUDGET = 100_000

#: The bound of a wait given in seconds (``fumbbl ... --timeout``; ``serve``'s timeouts).
MAX_WAIT_SECONDS = 3600


def not_nan(param: typer.CallbackParam, value: float | None) -> float | None:
    """Option callback of every float option bounded by Click's range (``--timeout``,
    ``--advise``, ``serve``'s timeouts): ``nan`` refused as a usage error (exit 2) naming the
    option and its range. Every comparison with NaN is false, so Click's range let it through:
    ``fumbbl ... --timeout nan`` ended in a traceback from the socket, ``--advise nan`` in a
    message after the first kick-off was solved, ``serve --header-timeout nan`` started."""
    import math

    if value is not None and math.isnan(value):
        low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
        raise typer.BadParameter(f"nan is not a number: give one from {low:g} to {high:g}"
                                 if low is not None and high is not None else
                                 "nan is not a number")
    return value


def guarded(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a ``KickoffError`` raised by a command into a message on stderr and exit status 1."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except KickoffError as e:
            fail(str(e))
            raise AssertionError("unreachable") from e

    return wrapper


def read_input(file: str) -> tuple[str, str]:
    """``(source name, text)`` of a file, or of stdin for ``-``; ``ScenarioError`` if unreadable
    or longer than :data:`kickoff.formats.reading.MAX_INPUT_BYTES`."""
    from kickoff.formats.reading import read_stream, read_text

    if file == "-":
        return "stdin", read_stream(sys.stdin, "stdin")
    return file, read_text(file)


#: The keys of a test case document (``tests/data/cases``, ``shared/cases``): a scenario under
#: ``"scenario"`` with what it must give under ``"expect"``.
TEST_CASE_KEYS = frozenset({"about", "source", "scenario", "expect"})


def read_scenario(file: str, command: str) -> tuple[str, str]:
    """``(source name, text)`` of a scenario file (or stdin for ``-``) for ``kickoff COMMAND``.

    ``ScenarioError`` if unreadable, and in one line if the document is a test case (keys
    ``about``, ``source``, ``scenario``, ``expect``) rather than a scenario, saying how to take
    its scenario out, or a result document (``"format": "kickoff-result/1"``). Any other text
    is returned as it is, for the scenario format to check.
    """
    from kickoff.formats.reading import load_json

    source, text = read_input(file)
    try:
        doc = load_json(text)
    except ScenarioError:
        return source, text  # the scenario format reports it
    if isinstance(doc, dict) and doc.keys() >= TEST_CASE_KEYS:
        import shlex

        jq = "jq .scenario" if file == "-" else f"jq .scenario {shlex.quote(file)}"
        pipe = ("... | " if file == "-" else "") + f"{jq} | kickoff {command} -"
        raise ScenarioError([
            Problem(f"this is a test case ({{about, source, scenario, expect}}), not a "
            f"scenario: its scenario is the \"scenario\" key ({pipe})", source)
        ])
    if isinstance(doc, dict) and doc.get("format") == "kickoff-result/1":
        raise ScenarioError([
            Problem(f"format: this is a kickoff-result/1 document (what kickoff replay and kickoff run "
            f"--json print), not a scenario: kickoff {command} reads a kickoff-scenario/1 "
            "(kickoff run --save-scenario FILE writes the one a run played)", source)
        ])
    return source, text


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, whole or not at all
    (:func:`~kickoff.formats.files.write_files`)."""
    from kickoff.formats.files import write_files

    write_files({path: text})


def placed_error(
    e: KickoffError, source: str | None, options: Mapping[str, str] | None = None
) -> KickoffError:
    """A copy of ``e`` whose problems name where their values came from (``e`` is unchanged).

    ``options`` maps the key paths the engine names to the command-line options that gave those
    values (``{"kick.kicker": "--kicker"}``): a problem whose ``where`` is such a key (or inside
    it) names the option instead (``--kicker: ...``). Every other problem is placed in
    ``source`` (the file or ``stdin`` the other values came from; ``None``: no file, the problem
    is left as it is: :meth:`Problem.at <kickoff.core.problems.Problem.at>`). Every error
    carries its problems as values (``KickoffError.problems``): nothing is read back from its
    message.
    """
    options = options or {}

    def place(p: Problem) -> Problem:
        for key, option in options.items():
            if p.where == key or p.where.startswith((f"{key}.", f"{key}[")):
                return replace(p, where=option + p.where[len(key):])
        return p if source is None else p.at(source)

    out = e.placed(place)
    if isinstance(out, SetupError) and source is not None:
        return out.in_source(source)
    return out


def build_match_named(
    ruleset: str, home: str | None, away: str | None, home_setup: str | None,
    away_setup: str | None, kicking: Side,
) -> Match:
    """:func:`build_match`, with every problem of a ``SetupError`` placed in its set-up (the
    file or built-in name): a problem of no set-up (two players on one square) is placed in
    the set-ups of the players it concerns (``Problem.players``)."""
    from kickoff.formats.match import build_match
    from kickoff.formats.teams import load_setup

    try:
        return build_match(ruleset, home, away, home_setup, away_setup, kicking)
    except SetupError as e:
        pitch = RULESETS[ruleset].pitch
        defence, offence = DEFAULT_SETUPS[pitch.name]
        named = {"home": home_setup, "away": away_setup}
        where = {side: load_setup(named[side] or (defence if side == kicking else offence),
                                  pitch)[0] for side in SIDES}
        raise SetupError([_with_setup(p, where) for p in e.problems]) from None


def _with_setup(problem: Problem, where: Mapping[Side, str]) -> Problem:
    from kickoff.formats.teams import ID_PREFIX

    if any(problem.where == w or problem.where.startswith(f"{w}: ") for w in where.values()):
        return problem
    sides = [side for side in SIDES
             if any(pid.startswith(ID_PREFIX[side]) for pid in problem.players)] or list(SIDES)
    return problem.at(", ".join(dict.fromkeys(where[side] for side in sides)))


def check_square(value: str | None) -> str | None:
    """Option callback: a square ``X,Y``; a usage error (exit 2) naming the option otherwise."""
    if value is not None:
        try:
            Square.parse(value)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None
    return value


def output_file(suffix: str | None = None) -> Callable[[Path | None], Path | None]:
    """Option callback for a file the command writes (``--png``, ``--records``, ``--out``,
    ``--save-scenario``): not a folder, in a folder that exists, its name ending in ``suffix``
    when given (the file written is exactly the one named: no extension is added); a usage
    error (exit 2) naming the option otherwise, before any work starts."""

    def check(value: Path | None) -> Path | None:
        if value is not None:
            try:
                if value.is_dir():
                    raise typer.BadParameter(f"{value}: is a folder; name the file to write")
                if suffix is not None and value.suffix.lower() != suffix:
                    raise typer.BadParameter(f"{value}: the file name must end in {suffix}")
                if not value.parent.is_dir():
                    raise typer.BadParameter(f"{value}: no folder {value.parent}")
            except OSError as e:  # a name too long for the file system, ...
                raise typer.BadParameter(f"{value}: {e.strerror or e}") from None
        return value

    return check


def parse_target(match: Match, target: str | None) -> Square | None:
    """The ``--target`` square, checked against the receiving area (``ScenarioError``,
    :func:`kickoff.core.kickoff.target_problem`)."""
    if target is None:
        return None
    tgt = Square.parse(target)
    problem = target_problem(match.state.pitch, match.state.receiving, tgt)
    if problem is not None:
        raise ScenarioError([problem.at("--target")])
    return tgt


def objective_option(text: str) -> AnyObjective:
    """``--objective``'s objective or mix (``kickoff.analysis.objectives.parse_objective``);
    ``ScenarioError`` naming ``--objective``."""
    from kickoff.analysis.objectives import parse_objective

    try:
        return parse_objective(text)
    except OptionError as e:
        raise ScenarioError([replace(p, where="--objective") for p in e.problems]) from None
