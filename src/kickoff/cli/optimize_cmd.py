"""``kickoff setup optimize``: the set-up advisor's command (``kickoff.analysis.advisor``),
registered in the ``kickoff setup`` group (:mod:`kickoff.cli.setup_cmd`): where should the
receiving team stand (docs/analysis.md, "Where should I stand?").

Errors follow the main command's pattern: exit 1 and one message per problem on stderr, nothing
written; usage errors exit 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from kickoff.analysis.exact.solver import Events
from kickoff.analysis.objectives import AnyObjective, objective_text
from kickoff.cli.common import (
    MAX_CLI_WORKERS,
    MAX_EVALUATIONS,
    MAX_PLAN_BUDGET,
    MAX_SECONDS,
    KickSkillOpt,
    guarded,
    objective_option,
    output_file,
    read_input,
    setup_default,
    team_default,
    write_text,
)
from kickoff.core.errors import KickoffError, OptionError, ScenarioError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Ruleset
from kickoff.core.rulesets import RULESETS, RulesetName
from kickoff.core.state import GameState
from kickoff.defaults import (
    DEFAULT_EVENTS,
    DEFAULT_PLAY,
    PLAN_BUDGET,
    PLAN_RESETUPS,
    KickUse,
    Play,
    kick_use,
)

if TYPE_CHECKING:
    from kickoff.analysis.advisor.search import OptimizeProgress, OptimizeRequest, Suggestion
    from kickoff.formats.teams import SetupFile, TeamFile

#: The bounds of ``setup optimize``'s numbers (outside them: exit 1, naming the option;
#: ``--evaluations``' and ``--seconds``': :data:`kickoff.cli.common.MAX_EVALUATIONS`,
#: :data:`kickoff.cli.common.MAX_SECONDS`).
MAX_ROUNDS = 1_000_000


def _bounded(option: str, value: float | None, low: float, high: float) -> None:
    """A usage error (exit 2, as every option out of range: docs/formats.md "Limits") naming
    ``option`` when ``value`` is outside ``low..high``, its digits cut past 40."""
    if value is not None and not low <= value <= high:
        raise typer.BadParameter(f"{_number(value)} is out of range: {_number(low)} to "
                                 f"{_number(high)}", param_hint=f"'{option}'")


def _number(value: float) -> str:
    """A bound or a value as given: an integer in full (up to 40 digits: a seed's bound is
    2**64-1, and a longer one is cut, never converted to a float), else as ``:g`` writes it."""
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**40 else f"{str(value)[:12]}... ({len(str(abs(value)))} digits)"
        return text
    return f"{value:g}"


def _start_setup(start: str, team: tuple[str, TeamFile], ruleset: Ruleset) -> tuple[str, SetupFile]:
    """The starting set-up ``--start`` names: a built-in set-up or a set-up file (TOML), else a
    FUMBBL set-up or a botbowl formation read as ``setup import`` reads it (for the receiving
    team, drawn as away); ``ScenarioError`` / ``SetupError`` name the file."""
    from kickoff.formats.reading import deep_key_problem, load_toml
    from kickoff.formats.teams import load_setup

    path = Path(start)
    if start.endswith(".toml") or not path.is_file():
        return load_setup(start, ruleset.pitch)
    where, text = read_input(start)
    if deep_key_problem(text) is not None:  # TOML, refused as load_setup refuses it
        return load_setup(start, ruleset.pitch)
    try:
        load_toml(text)
    except ScenarioError:
        pass
    else:
        return load_setup(start, ruleset.pitch)
    from kickoff.formats import botbowl  # here: other commands skip the XML readers
    from kickoff.formats.fumbbl import setup as fumbbl_setup

    fmt = fumbbl_setup.detect_format(text, start)
    if fmt == "botbowl":
        return where, botbowl.import_formation(text, where, team, ruleset, "away")
    return where, fumbbl_setup.import_setup(text, where, fmt, team, ruleset, "away")[0]


def _random_setup(team: tuple[str, TeamFile], ruleset: Ruleset, seed: int) -> tuple[str, SetupFile]:
    """A random legal set-up of ``team`` drawn from ``seed`` (``--start random``)."""
    import random

    from kickoff.analysis.advisor.moves import MoveSpace, random_layout
    from kickoff.core.state import GameState, Team
    from kickoff.formats.teams import SetupFile, place_team, setup_from_squares

    empty = SetupFile(name="random", pitch=ruleset.pitch.name,
                      positions={})
    placed = place_team("away", team[1], empty, ruleset.pitch, setup_name="random")
    state = GameState(ruleset.pitch, {"home": Team("home", []), "away": placed.team}, kicking="home")
    layout = random_layout(MoveSpace.of(state, ruleset), random.Random(seed))
    if layout is None:
        raise ScenarioError([Problem("no legal set-up found for the team", "--start random")])
    squares = {p.id: sq for p, sq in zip(placed.team.players, layout, strict=True)}
    return "random", setup_from_squares(squares, "away", ruleset.pitch, name="random start")


def _optimize_state(
    ruleset: Ruleset, team: str, kicking_team: str | None, kicking_setup: str | None,
    start: str | None, seed: int,
) -> tuple[GameState, str, dict[str, str]]:
    """The checked state before the kick-off (the kicking team home, the receiving team away on
    its starting set-up), the starting set-up's name, and each side's ``"team, set-up"`` for
    the header."""
    from kickoff.defaults import DEFAULT_SETUPS, DEFAULT_TEAMS
    from kickoff.formats.teams import build_state, load_setup, load_team

    family = ruleset.family
    defence, offence = DEFAULT_SETUPS[ruleset.pitch.name]
    receiving = load_team(team, family)
    if not any(True for _ in receiving[1].players):
        raise ScenarioError([Problem(f"the team {receiving[1].name!r} has no players to set up",
                                     f"--team {receiving[0]}")])
    kicking = load_team(kicking_team or DEFAULT_TEAMS[family][0], family)
    kicker_setup = load_setup(kicking_setup or defence, ruleset.pitch)
    name = start or offence
    first = (_random_setup(receiving, ruleset, seed) if name == "random"
             else _start_setup(name, receiving, ruleset))
    state = build_state(ruleset, {"home": kicking, "away": receiving},
                        {"home": kicker_setup, "away": first}, kicking="home")
    names = {"home": f"{kicking[1].name}, {kicker_setup[1].name} ({kicker_setup[0]})",
             "away": f"{receiving[1].name}, starting from {first[0]}"}
    return state, first[0], names


def _count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural but for one: ``1 player``, ``0 players``, ``8 candidate
    set-ups``."""
    return f"{n:,} {thing}" + ("" if n == 1 else "s")


def _shown(value: Fraction, objective: str) -> str:
    """A value as the report prints it: a percentage, or squares for ``distance``."""
    from kickoff.cli.render import pct

    if objective.startswith("mix:"):  # a mix: a number, squares and probabilities weighed
        return f"{float(value):.4f}"
    return f"{float(value):.2f} squares" if objective == "distance" else pct(value).strip()


def epsilon_text(objective: str) -> str:
    """How close to the best value met a suggestion may be and count as good as it
    (:func:`kickoff.analysis.advisor.prefer.epsilon`), in words: ``0.5 percentage points``
    (a probability), ``0.05 squares`` (``distance``), a mix's as a number."""
    from kickoff.analysis.advisor.prefer import epsilon

    eps = float(epsilon(objective_option(objective)))
    if objective == "distance":
        return f"{eps:g} squares"
    return f"{eps:.4f}" if objective.startswith("mix:") else f"{eps * 100:g} percentage points"


def _by_event(suggestion: Suggestion, objective: str) -> None:
    """Each Kick-off event's value for both set-ups and the receivers' gain (none with the
    events off), and how far the suggestion is from the start and from the best value met."""
    from rich.console import Console
    from rich.table import Table

    from kickoff.cli.render import wrapped
    from kickoff.formats.narration import bb_name

    console = Console(highlight=False, soft_wrap=True)
    best = suggestion.best_value or suggestion.value
    ranked = " (ranked without the plans)" if suggestion.ranked is not None else ""
    moved = _count(suggestion.moved, "player")
    console.print(wrapped(f"The suggestion moves {moved} from the start; the best value met"
                          f"{ranked}: {_shown(best.value, objective)} (the suggestion is within "
                          f"the tie-break's epsilon of it, {epsilon_text(objective)}: "
                          "docs/analysis.md)"), markup=False)
    if not suggestion.by_event:
        return
    table = Table(title=f"{objective} per Kick-off event (each set-up at the kicker's best kick)")
    for col in ("event", "chance", "starting", "suggested", "gain"):
        table.add_column(col, justify="right")
    for g in suggestion.by_event:
        gain = (f"{float(g.gain):+.2f}" if objective == "distance" else f"{float(g.gain):+.4f}"
                if objective.startswith("mix:") else f"{float(g.gain) * 100:+.2f}%")
        table.add_row(bb_name(g.name), f"{float(g.chance) * 100:.1f}%",
                      _shown(g.start, objective),
                      _shown(g.value, objective), gain)
    console.print(table)


def _report(state: GameState, best: GameState, suggestion: Suggestion, objective: str,
            out: Path | None) -> None:
    """The suggested set-up on the pitch (the kicker's best target marked ``+``) and its value
    beside the starting set-up's."""
    from rich.console import Console
    from rich.table import Table

    from kickoff.cli.render import pitch_text

    console = Console(highlight=False, soft_wrap=True)
    v, s = suggestion.value, suggestion.start_value
    console.print(pitch_text(best, target=v.target))
    table = Table(title=f"{objective}: the kicker's best kick against each set-up")
    for col in ("set-up", objective, "kicker's best target", "Kick used"):
        table.add_column(col, justify="right")
    for label, value in (("suggested", v), ("starting", s)):
        table.add_row(label, _shown(value.value, objective), str(list(value.target)),
                      "yes" if value.use_kick_skill else "no")
    console.print(table)
    # The exact values in full, never cut by the table's width (issue 26): each on a line of its
    # own (a fraction of the Kick-off table may have dozens of digits).
    console.print(f"Exact {objective}:\n  suggested {v.value}\n  starting {s.value}",
                  markup=False)
    console.print("Kick used: whether the kicker uses the Kick skill in that kick (the\n"
                  "default: when he has it; --no-kick-skill: never)", markup=False)
    _by_event(suggestion, objective)
    state_note = "cancelled: the best so far" if suggestion.cancelled else "searched"
    console.print(f"{_count(suggestion.evaluated, 'candidate set-up')} {state_note}; + marks the kicker's "
                  "best target;\na = the receiving team", markup=False)
    console.print(f"written to {out}" if out is not None
                  else "write it as a set-up file with --out FILE", markup=False)


#: ``setup optimize``'s starting set-up (``--start``, or ``--from``: the coach's own).
StartOpt = Annotated[str | None, typer.Option(
    "--start", "--from",
    help="Starting set-up, the coach's own: built-in name, set-up file, FUMBBL set-up, "
    f"botbowl formation, or random (default: the one kickoff odds receives with, "
    f"{setup_default('receiving')}); the suggestion stays close to it where the values allow.")]
#: ``setup optimize``'s pinned players.
KeepOpt = Annotated[list[str] | None, typer.Option(
    help="A receiving player (his number, as the set-up file names him) pinned where the "
    "starting set-up has him; repeat for more (--keep 1 --keep 2 --keep 3: 'keep my Line "
    "of Scrimmage').")]

#: ``setup optimize``'s kicking team and its set-up.
KickingTeamOpt = Annotated[str | None, typer.Option(
    help=f"The kicking team: built-in name or team file (default: {team_default('home')}).")]
KickingSetupOpt = Annotated[str | None, typer.Option(
    help=f"The kicking team's set-up: built-in name or set-up file (default: "
    f"{setup_default('kicking')}).")]
#: ``setup optimize``'s events.
SearchEventsOpt = Annotated[Events, typer.Option(
    help="all (the default, as kickoff odds): the Kick-off table too; none: deviation and "
    "landing only (several times faster).")]
#: ``setup optimize``'s play of the receiving coach.
SearchPlayOpt = Annotated[Play, typer.Option(
    help="The receiving coach's choices: defaults, or best (decision nodes).")]
#: ``setup optimize``'s set-up file written.
SetupOutOpt = Annotated[Path | None, typer.Option(
    help="Write the best set-up here as a set-up file (whole or not at all).",
    callback=output_file())]
#: ``setup optimize``'s objective: the receivers'.
GoalOpt = Annotated[str, typer.Option(
    metavar="OBJECTIVE",
    help="What the receivers want: receiver-holds high, touchback high, ball-on-ground "
    "low, distance high, holder-open high (held, the holder not Marked), ball-in-reach "
    "high (on the ground within a receiver's MA + 2) (the kicker wants the opposite); or a mix, "
    "mix:receiver-holds=0.7,distance=0.3 (each coach plays it at his best with --play best).")]
#: ``setup optimize``'s wall-clock bound.
SecondsOpt = Annotated[float | None, typer.Option(
    help=f"Wall-clock cap, 1 to {MAX_SECONDS} (default 60 unless --rounds or "
    "--evaluations); the setup file's source records the --evaluations reached, which "
    "gives the same suggestion again.")]
#: ``setup optimize``'s reproducible bounds, in candidates and in rounds.
EvaluationsOpt = Annotated[int | None, typer.Option(
    help=f"Reproducible bound: candidate set-ups to value, 0 to {MAX_EVALUATIONS}; the same "
    "--evaluations and --seed give the same suggestion, on any machine.")]
RoundsOpt = Annotated[int | None, typer.Option(
    help=f"Reproducible bound: rounds of candidates, 1 to {MAX_ROUNDS}.")]
#: ``setup optimize``'s Dask cluster: local, or at a scheduler's address.
CandidateWorkersOpt = Annotated[int | None, typer.Option(
    min=1, max=MAX_CLI_WORKERS,
    help="Evaluate the candidates on a local Dask cluster of N worker processes (1 to 64); "
    "the same result as in-process for the same --seed and --rounds.")]
CandidateSchedulerOpt = Annotated[str | None, typer.Option(
    help="Evaluate the candidates on the Dask cluster at this scheduler address "
    "(tcp://HOST:8786).")]


#: ``setup optimize --plan-budget`` (``None``: not given; the default where it applies,
#: :func:`kickoff.cli.analysis_cmd.applied_budget`).
OptimizePlanBudgetOpt = Annotated[int | None, typer.Option(
    help="With --play best --events all: the value reported (the start's and the "
    "suggestion's) searches the coaches' free moves (Blitz! / Charge!, Perfect / Solid "
    "Defence, Quick Snap) at the five best targets, valuing at most this many plans per "
    "event, as kickoff odds --all-targets --play best does; the candidates are ranked "
    f"without them. Default {PLAN_BUDGET} there (kickoff.defaults.PLAN_BUDGET), else 0; "
    "0: nobody acts, as the format says.", min=0, max=MAX_PLAN_BUDGET, show_default=False)]
#: ``setup optimize --plan-resetups/--no-plan-resetups``.
OptimizePlanResetupsOpt = Annotated[bool, typer.Option(
    "--plan-resetups/--no-plan-resetups",
    help="With a plan budget: search Perfect / Solid Defence and Quick Snap too (the "
    "default); --no-plan-resetups: Blitz! / Charge! alone.")]


@guarded
def optimize(
    team: Annotated[str, typer.Option(help="The receiving team: built-in name or team file.")],
    ruleset: Annotated[RulesetName, typer.Option(help="Ruleset.")] = "bb2020",
    kicking_team: KickingTeamOpt = None,
    kicking_setup: KickingSetupOpt = None,
    start: StartOpt = None,
    keep: KeepOpt = None,
    objective: GoalOpt = "receiver-holds",
    events: SearchEventsOpt = DEFAULT_EVENTS,
    play: SearchPlayOpt = DEFAULT_PLAY,
    kick_skill: KickSkillOpt = None,
    plan_budget: OptimizePlanBudgetOpt = None,
    plan_resetups: OptimizePlanResetupsOpt = PLAN_RESETUPS,
    seconds: SecondsOpt = None,
    evaluations: EvaluationsOpt = None,
    rounds: RoundsOpt = None,
    seed: Annotated[int, typer.Option(help="Seed of the search, 0 to 2**64-1.")] = 0,
    workers: CandidateWorkersOpt = None,
    scheduler: CandidateSchedulerOpt = None,
    out: SetupOutOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Search the receiving team's legal set-ups for the one whose worst kick is least bad.

    The kicker picks the target worst for the receivers, using Kick when he has it (as kickoff
    odds does; --no-kick-skill: without); the value is the objective there, exactly as kickoff
    odds --all-targets gives it (with --play best --events all: the free moves' plans searched
    at the five best targets, --plan-budget, for the values reported; the candidates ranked
    without them). --evaluations N is the reproducible budget (the set-up file's source records
    the count reached). Exit 1 for bad input, nothing written."""

    from kickoff.analysis.advisor.moves import apply_layout
    from kickoff.analysis.advisor.search import OptimizeRequest
    from kickoff.formats.teams import setup_to_toml

    _check_optimize_options(seconds, rounds, evaluations, seed, workers, scheduler, out)
    plans = _plans_applied(events, play, plan_budget, plan_resetups)
    goal = objective_option(objective)
    rs = RULESETS[ruleset]
    state, start_name, names = _optimize_state(rs, team, kicking_team, kicking_setup, start, seed)
    kick = kick_use(state, rs, asked=kick_skill)  # the default kicker: no kicker to refuse
    request = OptimizeRequest(state, rs, goal, events, play, seconds, rounds, seed,
                              use_kick_skill=kick_skill, evaluations=evaluations,
                              keep=_keep_ids(state, keep or []),
                              plan_budget=0 if plans is None else plans[0],
                              plan_resetups=plans is not None and plans[1])
    suggestion = _searched(request, workers, scheduler, not as_json)
    best = apply_layout(state, tuple(suggestion.squares[p.id] for p in state.teams["away"].players))
    objective = objective_text(goal)
    source = _source(ruleset, team, kicking_team, kicking_setup, start, objective, events, play,
                     kick_skill, suggestion.evaluated, seed, sorted(set(keep or ())), plans)
    budget = "" if plans is None else f", plan budget {suggestion.plan_budget}"
    setup = _setup_file(suggestion, rs, f"{team} receiving, optimized", source,
                        f"best {objective} (events {events}, play {play}{budget}) found from "
                        f"{start_name}")
    if out is not None:
        write_text(out, setup_to_toml(setup))
    _print_result(Shown(state, best, suggestion, setup, source, names, kick, plans), request,
                  ruleset, out, as_json)


def _searched(request: OptimizeRequest, workers: int | None, scheduler: str | None, show: bool
              ) -> Suggestion:
    """The advisor's search of ``request`` (on the Dask cluster ``--workers`` / ``--scheduler``
    name, else in this process; a progress bar unless not ``show``), its refusals as errors
    naming the option (``--seconds``, ``--play``, ``--plan-budget``...) or the set-up."""
    from kickoff.analysis.advisor.search import optimize_setup
    from kickoff.analysis.cluster import open_executor

    try:
        with open_executor(workers, scheduler) as executor:
            return _search(request, partial(optimize_setup, executor=executor), show)
    except OptionError as e:  # a bound or a play the solver does not offer: name the option
        raise e.placed(lambda p: replace(p, where=f"--{p.where.replace('_', '-')}")) from None
    except KickoffError:
        raise  # names its option, address or key path already
    except ValueError as e:  # the advisor's word on the starting set-up
        raise ScenarioError([Problem(str(e), "setup optimize")]) from None


def _plans_applied(events: Events, play: Play, given: int | None, resetups: bool
                   ) -> tuple[int, bool, bool] | None:
    """The free moves' search ``setup optimize`` applies to the values it reports, as ``kickoff
    odds`` applies it: with ``--play best --events all`` the budget given, else
    :data:`kickoff.defaults.PLAN_BUDGET` (:func:`kickoff.cli.analysis_cmd.applied_budget`),
    whether the re-set-ups are searched too, whether the budget was given; ``None`` elsewhere.
    ``typer.BadParameter`` for a budget above 0 given where it does not apply."""
    from kickoff.cli.analysis_cmd import applied_budget

    searched = events == "all" and play == "best"
    if given and not searched:
        raise typer.BadParameter("--plan-budget needs --play best and --events all")
    if not searched:
        return None
    budget = applied_budget(given, searched)
    return budget, resetups and budget > 0, given is not None


def _plans_words(plans: tuple[int, bool, bool] | None, suggestion: Suggestion,
                 suggestion_objective: AnyObjective) -> str:
    """The free moves' search applied, in words for the report (``""``: it does not apply)."""
    from kickoff.cli.analysis_cmd import plan_text

    if plans is None:
        return ""
    if not plans[0]:
        return "Free moves: nobody acts (--plan-budget 0)"
    if not suggestion.plan_budget:  # cancelled: the search's own values
        return "Free moves: not searched (the search was cancelled): the values ranked"
    import textwrap

    ranked = suggestion.ranked or suggestion.value
    return textwrap.fill(
        f"Free moves: the values reported search them, as kickoff odds --all-targets --play "
        f"best does (the best plan found at the five best targets; {plan_text(*plans)}); the "
        f"candidates were ranked without them (the suggestion so ranked: "
        f"{_shown(ranked.value, objective_text(suggestion_objective))} at "
        f"{list(ranked.target)}).", 80)


def _setup_file(suggestion: Suggestion, ruleset: Ruleset, name: str, source: str, found: str
                ) -> SetupFile:
    """The suggestion as a set-up file (the receiving team away), its description ``found``
    and both values."""
    from kickoff.formats.fields import printable_text
    from kickoff.formats.teams import setup_from_squares

    return setup_from_squares(
        suggestion.squares, "away", ruleset.pitch, name=name, kind="offence", source=source,
        description=printable_text(f"{found}: {suggestion.value.value} against "
                                   f"{suggestion.start_value.value}"))


class Shown(NamedTuple):
    """What ``setup optimize`` prints of a search: the states before and after, the result, the
    set-up file, its source, the teams' names and the kicker's use of Kick."""

    state: GameState
    best: GameState
    suggestion: Suggestion
    setup: SetupFile
    source: str
    names: dict[str, str]
    kick: KickUse
    #: The free moves' search applied: budget, re-set-ups, given (``_plans_applied``).
    plans: tuple[int, bool, bool] | None = None


def _print_result(shown: Shown, request: OptimizeRequest, ruleset: str, out: Path | None,
                  as_json: bool) -> None:
    """``setup optimize``'s result: JSON, or the header, the report and the source."""
    from rich.console import Console

    from kickoff.cli.render import header

    state, best, suggestion, setup, source, names, kick, plans = shown
    objective, events, play, seed = (objective_text(request.objective), request.events,
                                     request.play, request.seed)
    if as_json:
        typer.echo(json.dumps({
            "value": fraction_text(suggestion.value.value), "target": suggestion.value.target.as_list(),
            "use_kick_skill": suggestion.value.use_kick_skill,
            "start_value": fraction_text(suggestion.start_value.value),
            "start_target": suggestion.start_value.target.as_list(),
            "evaluated": suggestion.evaluated, "objective": objective, "events": events,
            "moved": suggestion.moved, "keep": sorted(request.keep),
            "best_value": fraction_text((suggestion.best_value or suggestion.value).value),
            "by_event": [{"event": g.name, "chance": str(g.chance),
                          "start_value": fraction_text(g.start),
                          "value": fraction_text(g.value), "gain": fraction_text(g.gain)}
                         for g in suggestion.by_event],
            **_ranked_json(suggestion),
            "source": source,
            "applied": {"ruleset": ruleset, "kicking": "home", "teams": names,
                        "kicker": kick.kicker, "use_kick_skill": kick.used, "events": events,
                        "play": play, **({} if plans is None else {
                            "plan_budget": suggestion.plan_budget,
                            "plan_resetups": plans[1] and suggestion.plan_budget > 0})},
            "setup": setup.model_dump(exclude_none=True)}, indent=2))
        return
    console = Console(highlight=False, soft_wrap=True)
    console.print(header(ruleset, "home", names, kick, events=events, play=play), markup=False)
    console.print(f"Objective: {objective}; the search: "
                  f"{_count(suggestion.evaluated, 'candidate set-up')} "
                  + ("(none valued: the start alone; seed" if not suggestion.evaluated
                     else "(seed") + f" {seed})", markup=False)
    if plans is not None:
        console.print(_plans_words(plans, suggestion, request.objective), markup=False)
    _report(state, best, suggestion, objective, out)
    console.print("The same suggestion again (the set-up file's source):\n"
                  + _shell_lines(source), markup=False)


def _ranked_json(suggestion: Suggestion) -> dict[str, object]:
    """With the free moves searched for the values reported: ``"ranked": {"value", "target"}``,
    the suggestion as the search ranked it, without them; ``{}`` otherwise."""
    r = suggestion.ranked
    return {} if r is None else {"ranked": {"value": fraction_text(r.value),
                                    "target": r.target.as_list()}}


def _shell_lines(command: str, width: int = 80) -> str:
    """``command`` (a shell command line) in lines within ``width`` columns where its words allow,
    joined by ``\\`` so that a shell reads them as the one command; a word is never split."""
    import shlex

    lines = [""]
    for word in (shlex.quote(w) for w in shlex.split(command)):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width - 2:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return " \\\n".join(lines)


def _keep_ids(state: GameState, keep: list[str]) -> frozenset[str]:
    """The receiving players ``--keep`` names, by their number in the team (as a set-up file's
    ``positions`` name them) or their id (``a7``); ``ScenarioError`` naming ``--keep`` and
    the numbers there are for any other."""
    players = state.teams[state.receiving].players
    prefix = "a" if state.receiving == "away" else "h"
    ids = {p.id for p in players}
    out, unknown = set(), []
    for k in keep:
        pid = k if k in ids else f"{prefix}{k}"
        if pid in ids:
            out.add(pid)
        else:
            unknown.append(k)
    if unknown:
        numbers = ", ".join(p.id.removeprefix(prefix) for p in players)
        raise ScenarioError([Problem(f"{', '.join(unknown)}: not a player of the receiving team "
                                     f"(its players: {numbers})", "--keep")])
    return frozenset(out)


def _source(ruleset: str, team: str, kicking_team: str | None, kicking_setup: str | None,
            start: str | None, objective: str, events: str, play: str, kick_skill: bool | None,
            evaluated: int, seed: int, keep: list[str],
            plans: tuple[int, bool, bool] | None = None) -> str:
    """The command that gives this run's suggestion again: every option that shapes it, and
    ``--evaluations`` with the count the search reached (in place of a wall-clock bound, which
    reaches another count on another machine); with ``--play best --events all`` the plan
    budget applied (``plans``: budget, re-set-ups; written out even when the default, which
    may change) and ``--no-plan-resetups`` when they were not searched. ``--workers`` /
    ``--scheduler`` change where candidates are valued, never the result, and are left out.
    A control character of a file's name is a space (neither the set-up file nor a terminal
    takes one)."""
    import shlex

    from kickoff.formats.fields import printable_text

    words = ["kickoff", "setup", "optimize", "--ruleset", ruleset, "--team", team]
    for option, value in (("--kicking-team", kicking_team), ("--kicking-setup", kicking_setup),
                          ("--start", start)):
        if value is not None:
            words += [option, value]
    for player in keep:
        words += ["--keep", player]
    words += ["--objective", objective, "--events", events, "--play", play]
    if kick_skill is not None:
        words.append("--kick-skill" if kick_skill else "--no-kick-skill")
    if plans is not None:
        words += ["--plan-budget", str(plans[0])]
        words += ["--no-plan-resetups"] if plans[0] and not plans[1] else []
    words += ["--evaluations", str(evaluated), "--seed", str(seed)]
    return printable_text(shlex.join(words))


def _check_optimize_options(seconds: float | None, rounds: int | None, evaluations: int | None,
                            seed: int, workers: int | None, scheduler: str | None,
                            out: Path | None) -> None:
    """Every bound of ``setup optimize``'s options, and ``--out`` writable, before a search of
    minutes (not after it); ``ScenarioError`` / ``ClusterError`` naming the option."""
    from kickoff.analysis.cluster import check_options
    from kickoff.core.dice import MAX_SEED
    from kickoff.formats.files import check_writable

    _bounded("--seconds", seconds, 1, MAX_SECONDS)
    _bounded("--rounds", rounds, 1, MAX_ROUNDS)
    _bounded("--evaluations", evaluations, 0, MAX_EVALUATIONS)
    _bounded("--seed", seed, 0, MAX_SEED)
    check_options(workers, scheduler)
    if out is not None:
        check_writable(out)


def _search(request: OptimizeRequest, run: Callable[..., Suggestion], show: bool) -> Suggestion:
    """``run(request)`` with a progress bar on stderr (the best value so far; none when not
    ``show``)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    rounds = request.rounds
    total = float(rounds) if rounds is not None else float(request.seconds or 60)
    console = Console(stderr=True)  # a bar on a file or a pipe: nothing but a blank line
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  transient=True, console=console,
                  disable=not (show and console.is_terminal)) as bar:
        task = bar.add_task("searching", total=total)
        done = [0]

        def progress(p: OptimizeProgress) -> None:
            done[0] += 1
            best = _shown(p.best.value, objective_text(request.objective))
            bar.update(task, completed=done[0] if rounds is not None else p.elapsed,
                       description=f"{p.evaluated} set-ups, best {best}")

        return run(request, progress=progress)
