"""``kickoff odds``: exact odds, the best target; and what ``kickoff simulate``
(:mod:`kickoff.cli.simulate_cmd`) shares with it: the options of the match and the target,
:class:`Setting`."""

# No ``from __future__ import annotations`` here (start-up, issue 16): Typer reads the
# annotations of the command it builds, and a string annotation it evaluates twice, compiling
# each (``inspect.signature(eval_str=True)``, ``typing.get_type_hints``); the options' objects
# are built once, at import, either way.

import io
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from kickoff.analysis import DEFAULT_EVENTS
from kickoff.analysis.choices import Choice, by_event
from kickoff.analysis.exact.solver import Events, KickoffSolver, Odds, Play, SolverPlay
from kickoff.analysis.objectives import AnyObjective, Mix, board_features, objective_text
from kickoff.cli.common import (
    KICKOFF_OPTIONS,
    MAX_PLAN_BUDGET,
    HighKickOpt,
    KickerOpt,
    KickSkillOpt,
    TouchbackOpt,
    build_match_named,
    check_receivers,
    check_square,
    defaults_played,
    exact_fraction,
    guarded,
    json_text,
    objective_option,
    output_file,
    parse_target,
    placed_error,
    read_scenario,
    refuse_with_file,
    setup_option,
    team_option,
)
from kickoff.cli.render import (
    applied_doc,
    best_played,
    console_for,
    header,
    odds_table,
    outcome_sections,
    pct,
    ranking_report,
    table_texts,
    wrapped,
)
from kickoff.core.decisions import Decisions
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.kickoff import target_problem
from kickoff.core.pitch import Side, Square
from kickoff.core.problems import Problem
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.rulesets import RulesetName
from kickoff.core.state import GameState
from kickoff.defaults import PLAN_BUDGET, PLAN_RESETUPS, KickUse, kick_use

if TYPE_CHECKING:
    from kickoff.analysis.plans import PlanSearch
    from kickoff.analysis.simulate import SimulatedPlay
    from kickoff.analysis.targets import RankedTarget

#: What ``--play best`` plays (the help of :data:`OddsPlayOpt` and :data:`OddsSolverPlayOpt`).
_BEST_HELP = ("the kicking coach's kicker and Kick at his best (minimising --objective), "
              "then the receivers' touchback taker, High Kick player and Kick-Off Return "
              "/ On the Ball move at theirs (maximising it), and Diving Catch at the "
              "kick's landing by the divers' coach, exactly; with --events all, the free "
              "moves (Blitz! / Charge!, Perfect / Solid Defence, Quick Snap) at the best plan "
              f"found (--plan-budget, default {PLAN_BUDGET}); Diving Catch elsewhere keeps "
              "its default. A --kicker, --high-kick, --touchback, --kick-skill or "
              "--no-kick-skill given is played as named.")
#: ``kickoff odds --play``.
OddsPlayOpt = Annotated[
    Play,
    typer.Option(help="The coaches' choices: defaults (the scenario format's) or best: "
                 + _BEST_HELP),
]
#: ``kickoff odds --play``: also close.
OddsSolverPlayOpt = Annotated[
    SolverPlay,
    typer.Option(help="The coaches' choices: defaults (the scenario format's); best: "
                 + _BEST_HELP + " close: both coaches play the close policy "
                 "(kickoff.core.close), as kickoff simulate --play close, exactly "
                 "(--high-kick / --touchback still win)."),
]
#: What ``odds --play close`` says it played.
CLOSE_ODDS_PLAYED = ("Play: close, the close policy answered both coaches' decisions "
                     "(kickoff.core.close; as kickoff simulate --play close), free turns none")


def close_given(high_kick: str | None, touchback: str | None) -> str:
    """What ``odds --play close`` adds to :data:`CLOSE_ODDS_PLAYED` for the answers given, which
    win over the policy (as in ``simulate --play close``): ``""`` with none."""
    given = ([f"High Kick: {high_kick} (--high-kick)"] if high_kick is not None else []) + (
        [f"Touchback: to {touchback} while he can take it, else the policy's (--touchback)"]
        if touchback is not None else [])
    if not given:
        return ""
    return "\nAnswers given, which win over the policy:" + "".join(f"\n- {g}" for g in given)


#: ``kickoff odds --plan-budget`` (:func:`_free_turn_plans`; ``None``: not given,
#: :func:`applied_budget`).
PlanBudgetOpt = Annotated[int | None, typer.Option(
    help="With --play best --events all: search the coaches' free moves (Blitz! / Charge!, "
    "with --plan-resetups Perfect / Solid Defence and Quick Snap too) for the best plan, "
    "valuing at most this many per event exactly (kickoff.analysis.plans), at the target or "
    f"with --all-targets at the five best; default {PLAN_BUDGET} with --play best --events all "
    "(kickoff.defaults.PLAN_BUDGET), else 0; 0: nobody acts, as the format says; at most "
    f"{MAX_PLAN_BUDGET:,}.", min=0, max=MAX_PLAN_BUDGET, show_default=False)]
#: ``kickoff odds --plan-resetups/--no-plan-resetups`` (:func:`_free_turn_plans`).
PlanResetupsOpt = Annotated[
    bool, typer.Option("--plan-resetups/--no-plan-resetups",
                       help="With a plan budget: search Perfect / Solid Defence (the kicking "
                       "coach's) and Quick Snap (the receiving coach's) moves too (the "
                       "default); --no-plan-resetups: they keep their defaults.")
]


def applied_budget(given: int | None, searched: bool, scenario_moves: bool = False) -> int:
    """The plan budget ``kickoff odds`` applies: ``given`` (``--plan-budget``), else
    :data:`kickoff.defaults.PLAN_BUDGET` where the search applies (``searched``: ``--play best
    --events all``) and ``--scenario-moves`` does not script the free moves, else 0 (not
    searched)."""
    if given is not None:
        return given
    return PLAN_BUDGET if searched and not scenario_moves else 0


def plan_text(budget: int, resetups: bool, given: bool) -> str:
    """The plan search applied, in words for an output: ``--plan-budget 16, the default, 0:
    off; the re-set-ups too, --no-plan-resetups: not``."""
    head = f"--plan-budget {budget}, {'given' if given else 'the default'}, 0: off; "
    return head + ("the re-set-ups too, --no-plan-resetups: not" if resetups
                   else "not the re-set-ups, --no-plan-resetups")

#: ``kickoff odds --scenario-moves``: the free moves a scenario's ``decisions`` may script.
FREE_MOVES = ("blitz", "charge", "quick_snap", "perfect_defence", "solid_defence")
ScenarioMovesOpt = Annotated[
    bool, typer.Option(help="With FILE: play its own Blitz! / Charge! activations and Quick "
                       "Snap / Perfect / Solid Defence moves (decisions.blitz ...) wherever the "
                       "event comes (as kickoff decide values a plan); default: nobody acts.")
]
FileArg = Annotated[
    str | None,
    typer.Argument(help="A kickoff-scenario/1 file (its dice and decisions are ignored but "
                   "with --scenario-moves), or - "
                   "for stdin; without it, the teams and set-ups given by the options."),
]
RulesetOpt = Annotated[RulesetName, typer.Option(help="Ruleset (without FILE).")]
HomeTeamOpt = Annotated[str | None, team_option("home", without_file=True)]
AwayTeamOpt = Annotated[str | None, team_option("away", without_file=True)]
HomeSetupOpt = Annotated[str | None, setup_option("home", without_file=True)]
AwaySetupOpt = Annotated[str | None, setup_option("away", without_file=True)]
KickingOpt = Annotated[Side, typer.Option(help="Kicking team (without FILE).")]
TargetOpt = Annotated[
    str | None,
    typer.Option(help="Kick target X,Y (default: the scenario's, else the receiving zone's centre).",
                 callback=check_square),
]
OddsEventsOpt = Annotated[
    Events,
    typer.Option(help="all (the default, as for kickoff simulate): the Kick-off table too, each "
                 "event with its default decisions (Blitz! / Charge!: nobody acts, the scenario "
                 "format's default; the coach's policy of kickoff simulate --free-turns close is "
                 "not available here, as the event is solved before the landing is known); "
                 "none: deviation and landing only."),
]
class Setting(NamedTuple):
    """A checked state before a kick-off, how to kick and the receiving coach's choices: what
    ``kickoff odds`` and ``kickoff simulate`` share. (A named tuple, not a dataclass: no
    methods compiled at import; start-up, issue 16.)"""

    state: GameState
    ruleset: Ruleset
    house_rules: frozenset[HouseRule]
    target: Square
    source: str | None = None
    target_given: bool = False
    #: Who kicks and whether he uses Kick (:meth:`choosing`; ``None``: not decided yet).
    kick: KickUse | None = None
    #: Whether the kicker was named (``--kicker``), not the format's default.
    kicker_given: bool = False
    high_kick: str | None = None
    touchback: str | None = None
    #: side -> ``"team, set-up"``, for the header (:func:`~kickoff.cli.render.header`).
    names: Mapping[str, str] = {}
    #: The scenario file's own decisions (``None``: no file), for ``--scenario-moves``.
    scripted: Decisions | None = None
    #: The plan search applied (budget, re-set-ups, the budget given), ``None`` where it does
    #: not apply (not ``--play best --events all``): said in the outputs.
    plan: tuple[int, bool, bool] | None = None

    def error(self, e: KickoffError) -> KickoffError:
        """``e`` naming, on each line, the option or the file that gave the value."""
        options = {k: v for k, v in KICKOFF_OPTIONS.items()
                   if k != "kick.target" or self.source is None or self.target_given}
        return placed_error(e, self.source, options)

    def choosing(self, kick_skill: bool | None, high_kick: str | None, touchback: str | None,
                 kicker: str | None = None) -> "Setting":
        """This setting with the kicker (``kicker``: ``--kicker``, ``None``: the format's
        default) and his use of Kick (``kick_skill``: ``--kick-skill`` / ``--no-kick-skill``,
        ``None``: when he has it) and the receiving coach's High Kick and touchback choices
        (``ScenarioError`` naming the option of an id that is not a player of the receiving
        team; a kicker the rules refuse: the ``DecisionError`` naming ``--kicker``)."""
        check_receivers(self.state, high_kick=high_kick, touchback=touchback)
        try:
            kick = kick_use(self.state, self.ruleset, self.house_rules, kicker, kick_skill)
        except KickoffError as e:
            raise self.error(e) from None
        return self._replace(kick=kick, high_kick=high_kick, touchback=touchback,
                             kicker_given=kicker is not None)

    def named(self) -> Decisions:
        """The coaches' choices named by the options: the kicker (``--kicker``), High Kick's
        player and the touchback's taker, as :class:`KickoffSolver` reads them."""
        kicker = self.kick.kicker if self.kick is not None and self.kicker_given else None
        return Decisions(high_kick=self.high_kick, touchback=self.touchback, kicker=kicker,
                         kicker_given=kicker is not None)

    @property
    def kick_skill(self) -> bool:
        """Whether the kicker uses Kick (:meth:`choosing` decided it)."""
        return self.kick is not None and self.kick.used

    @property
    def kick_asked(self) -> bool | None:
        """The use of Kick the coach asked (``--kick-skill`` / ``--no-kick-skill``), ``None``
        when not: the solver's ``use_kick_skill``, so that under best play an answer given holds
        and the default leaves the kicking coach his best."""
        return None if self.kick is None else self.kick.asked

    def planning(self, searched: bool, given: int | None, resetups: bool, scripted: bool
                 ) -> "Setting":
        """This setting with :attr:`plan`: the budget :func:`applied_budget` gives, the
        re-set-ups and whether the budget was ``given``, where the search applies
        (``searched``: ``--play best --events all``); ``scripted``: ``--scenario-moves``."""
        budget = applied_budget(given, searched, scripted)
        return self._replace(plan=(budget, resetups and budget > 0, given is not None)
                             if searched else None)

    @property
    def plan_budget(self) -> int:
        """The plan budget applied (0: no search)."""
        return 0 if self.plan is None else self.plan[0]

    def plan_words(self) -> str:
        """The plan search applied, in words (:func:`plan_text`); ``""`` where none applies
        or ``--plan-budget 0`` turned it off."""
        return "" if self.plan is None or not self.plan[0] else plan_text(*self.plan)

    def applied(self, events: Events, play: "SolverPlay | SimulatedPlay | None" = None
                ) -> dict[str, object]:
        """What a command's JSON says it applied: ``{"applied": {ruleset, kicking, teams
        (side -> "team, set-up"), kicker, use_kick_skill, events[, play][, plan_budget,
        plan_resetups: the plan search applied, with --play best --events all]}}``."""
        assert self.kick is not None
        plans = {} if self.plan is None else {"plan_budget": self.plan[0],
                                              "plan_resetups": self.plan[1]}
        return applied_doc(self.ruleset.name, self.state.kicking, self.names, self.kick,
                           events, play, **plans)

    def header(self, events: Events | None, play: "SolverPlay | SimulatedPlay | None" = None,
               others: Mapping[str, str] | None = None) -> str:
        """:func:`~kickoff.cli.render.header` of this setting (``others``: the options choosing
        otherwise, where the command's differ from ``kickoff odds``'s)."""
        assert self.kick is not None
        return header(self.ruleset.name, self.state.kicking, self.names, self.kick,
                      events=events, play=play, house_rules=self.house_rules, others=others)

    @contextmanager
    def working(self, show: bool, what: str, total: int | None = None, count: bool = False
                ) -> Iterator[Callable[..., None]]:
        """A progress bar on stderr (gone when done) while the work in the ``with`` block runs,
        which may take seconds (an exact solve of classic with the Kick-off events: several): a
        moving bar until the work's size is known, then (``count``) done of total;
        ``show=False`` (``--json``; one target without the Kick-off events, solved in
        milliseconds): nothing is drawn, and Rich's progress bar is not imported. Gives
        ``update(completed=, total=, advance=)`` for the bar; a ``KickoffError`` of the work is
        raised as :meth:`error` names it. Drawn on a terminal only: on a file or a pipe a bar
        would leave nothing but a blank line."""
        if show:
            from rich.console import Console

            console = Console(stderr=True)
            show = console.is_terminal
        if not show:  # start-up (issue 16)
            try:
                yield lambda **_: None
            except KickoffError as e:
                raise self.error(e) from None
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = [TextColumn(what), BarColumn(), *([MofNCompleteColumn()] if count else []),
                   TimeElapsedColumn()]
        try:
            with Progress(*columns, transient=True, console=console) as bar:
                yield partial(bar.update, bar.add_task(what, total=total))
        except KickoffError as e:
            raise self.error(e) from None

    def played(self, events: Events, play: SolverPlay, objective: AnyObjective,
               taken: list[Choice], where: str = "") -> str:
        """The lines saying what ``kickoff odds`` played: :meth:`defaults`, or with ``play``
        ``"best"`` :func:`~kickoff.cli.render.best_played` (``taken``: the choices taken,
        ``where``: at which target)."""
        if play == "defaults":
            return self.defaults(events, None)
        if play == "close":
            return CLOSE_ODDS_PLAYED + close_given(self.high_kick if events == "all" else None,
                                                   self.touchback)
        return best_played(self.state, events == "all", objective, taken, self.high_kick,
                           self.touchback, where, self.plan_words(),
                           self.plan is not None and self.plan[1])

    def defaults(self, events: Events, free_turns: str | None) -> str:
        """:func:`~kickoff.cli.common.defaults_played` for this setting."""
        return defaults_played(self.state, events == "all", free_turns, self.high_kick,
                               self.touchback)


def setting(
    command: str, file: str | None, ruleset: str, home: str | None, away: str | None,
    home_setup: str | None, away_setup: str | None, kicking: Side,
    target: str | None,
) -> Setting:
    """The :class:`Setting` of ``kickoff COMMAND``: from the scenario ``file`` (``-``: stdin)
    when given, else from the match of the options; ``target`` (``--target``) or the
    scenario's, else the receiving zone's centre. ``ScenarioError`` naming the file or the
    option of what is wrong."""
    if file is not None:
        from kickoff.formats.scenario import load_scenario, parse_scenario

        source, text = read_scenario(file, command)
        try:
            loaded = load_scenario(parse_scenario(text))
        except KickoffError as e:
            raise placed_error(e, source) from None
        if loaded.active is not None:
            raise ScenarioError([Problem("a phase \"turn\" scenario has no kick-off: kickoff "
                                         "odds-kick gives the odds of its Kick action", source)])
        state = loaded.state
        tgt = Square.parse(target) if target else loaded.decisions.target
        tgt = tgt or state.pitch.centre[state.receiving]
        problem = target_problem(state.pitch, state.receiving, tgt)
        if problem is not None:
            raise ScenarioError([problem.at("--target")])
        names = {side: f"{state.teams[side].name}, set-up from {source}"
                 for side in ("home", "away")}
        return Setting(state, loaded.ruleset, loaded.house_rules, tgt, source, target is not None,
                       names=names, scripted=loaded.decisions)
    match = build_match_named(ruleset, home, away, home_setup, away_setup, kicking)
    tgt = parse_target(match, target) or match.state.pitch.centre[match.state.receiving]
    return Setting(match.state, match.ruleset, match.house_rules, tgt, None, target is not None,
                   names=match.names)


#: ``odds --all-targets``.
AllTargetsOpt = Annotated[
    bool, typer.Option("--all-targets", help="Rank every target of the receiving area.")
]
#: ``odds``'s objective: the ranking's, and the receivers' with ``--play best``.
OddsObjectiveOpt = Annotated[
    str | None,
    typer.Option(metavar="OBJECTIVE", help="With --all-targets: the ranking's objective (default touchback; "
                 "touchback, receiver-holds, distance, holder-open and ball-in-reach are "
                 "best low for the kicker, ball-on-ground best high), and with --play best "
                 "the receivers' choices go the other way. One target: what --play best "
                 "maximises for the receivers (default receiver-holds); holder-open (the "
                 "holder not Marked) and ball-in-reach (a receiver could reach it next "
                 "turn) read the board at the end, their value printed too. Or a mix, "
                 "mix:receiver-holds=0.7,distance=0.3 (as setup optimize's: the receivers "
                 "want it high), its value printed too."),
]
#: ``odds --png``: the heat map.
PngOpt = Annotated[
    Path | None, typer.Option(help="With --all-targets: write the heat map to this PNG "
                              "file (its name ends in .png; written whole or not at all).",
                              callback=output_file(".png"))
]
#: ``odds --json``.
OddsJsonOpt = Annotated[bool, typer.Option("--json", help="Print exact fractions as JSON.")]


@guarded
def odds(
    ctx: typer.Context,
    file: FileArg = None,
    target: TargetOpt = None,
    events: OddsEventsOpt = DEFAULT_EVENTS,
    all_targets: AllTargetsOpt = False,
    objective: OddsObjectiveOpt = None,
    play: OddsSolverPlayOpt = "defaults",
    plan_budget: PlanBudgetOpt = None,
    plan_resetups: PlanResetupsOpt = PLAN_RESETUPS,
    scenario_moves: ScenarioMovesOpt = False,
    png: PngOpt = None,
    kicker: KickerOpt = None,
    kick_skill: KickSkillOpt = None,
    high_kick: HighKickOpt = None,
    touchback: TouchbackOpt = None,
    ruleset: RulesetOpt = "bb2020",
    home: HomeTeamOpt = None,
    away: AwayTeamOpt = None,
    home_setup: HomeSetupOpt = None,
    away_setup: AwaySetupOpt = None,
    kicking: KickingOpt = "home",
    as_json: OddsJsonOpt = False,
) -> None:
    """Exact odds of a kick: touchback, who ends with the ball, where it lies.

    --high-kick ID and --touchback ID play the receiving coach's choices, as kickoff simulate
    does. --play best plays every other choice of the receiving coach as best for the receivers
    under --objective, the kicking coach's kicker and Kick as best for him, exactly, and names
    the choices that beat the defaults (with the events: the free moves' best plans found)."""
    _check_png_asked(png, all_targets)
    goal = objective_option(objective or ("touchback" if all_targets else "receiver-holds"))
    refuse_with_file(ctx, file)
    s = setting("odds", file, ruleset, home, away, home_setup, away_setup, kicking,
                 target).choosing(kick_skill, high_kick, touchback, kicker)
    chosen: dict[str, object] = {} if play == "defaults" else {"play": play,
                                                                 "objective": objective_text(goal)}
    named = _scenario_moves(s, s.named(), scenario_moves, plan_budget, chosen)
    s = s.planning(events == "all" and play == "best", plan_budget, plan_resetups, scenario_moves)
    decisions, found = _free_turn_plans(s, named, (plan_budget, plan_resetups, all_targets), goal,
                                        as_json)
    if found is not None:
        chosen["plans"] = found.to_json()
    solver = _odds_solver(s, events, play, goal, decisions, found)
    if not all_targets:
        # No progress bar for a solve without the Kick-off events: it takes milliseconds.
        with s.working(not as_json and events == "all",
                       f"solving a kick at {list(s.target)} exactly"):
            result = solver.odds(s.target)
        if found is not None:  # the free turns' plans, each under its event
            result.choices = [*result.choices, *found.choices()]
        _board_value(chosen, solver, s.target, goal)
        if as_json:
            typer.echo(json_text({**result.to_json(), **chosen, **s.applied(events, play)}))
            return
        _one_target(s, result, events, play, goal, found, scenario_moves, chosen)
        return
    _all_targets(s, solver, events, play, goal, png, as_json, (s.plan_budget, plan_resetups, named))


def _board_value(chosen: dict[str, object], solver: KickoffSolver, target: Square,
                 goal: AnyObjective) -> None:
    """A board objective's or a mix's exact value at ``target`` into ``chosen``
    (``"objective"``, ``"objective_value"``: the odds do not carry it,
    ``kickoff.analysis.exact.board``); nothing for an objective of the ball alone (its output
    as before)."""
    if board_features(goal) or isinstance(goal, Mix):
        chosen["objective"] = objective_text(goal)
        chosen["objective_value"] = fraction_text(solver.value(target, goal))


def _goal_line(goal: AnyObjective, value: str) -> str:
    """The line of ``kickoff odds`` giving a board objective's or a mix's exact ``value`` (a
    fraction's text): a board objective's in percent, a mix's as a number (it weighs squares
    and probabilities; its fraction, often hundreds of digits, left to ``--json``)."""
    exact = exact_fraction(value)  # (past 4,300 digits, Fraction(value) refuses it)
    if isinstance(goal, Mix):
        return f"{objective_text(goal)}: {float(exact):.4f} (exact in --json)"
    return f"{goal} (the board at the end): {pct(exact).strip()} ({value})"


def _check_png_asked(png: Path | None, all_targets: bool) -> None:
    """``--png`` needs ``--all-targets``, and matplotlib (checked before the solving, not
    after it)."""
    if png is not None and not all_targets:
        raise typer.BadParameter("--png needs --all-targets")
    if png is not None:  # before the solving, not after it
        from kickoff.extras import require

        require("plot", "--png")


def _scenario_moves(s: Setting, decisions: Decisions, asked: bool, budget: int | None,
                    chosen: dict[str, object]) -> Decisions:
    """``--scenario-moves``: ``decisions`` with the scenario's own free moves (``chosen`` then
    says so), else as they are. ``typer.BadParameter`` without a FILE or beside a plan
    budget."""
    if not asked:
        return decisions
    if s.scripted is None:
        raise typer.BadParameter("--scenario-moves needs a scenario FILE")
    if budget:
        raise typer.BadParameter("--scenario-moves and --plan-budget: one or the other")
    chosen["scenario_moves"] = True
    return replace(decisions, **{k: getattr(s.scripted, k) for k in FREE_MOVES})


def _odds_solver(s: Setting, events: Events, play: SolverPlay, goal: AnyObjective,
                 decisions: Decisions, found: "PlanSearch | None") -> KickoffSolver:
    """The solver of ``kickoff odds``: the plan search's last one where it kept it (the same
    set-up, rules, decisions, play and objective; its caches warm at the target, so its odds
    cost next to nothing more), else a new one."""
    if found is not None and found.solver is not None:
        return found.solver
    return KickoffSolver(s.state, s.ruleset, events=events, house_rules=s.house_rules,
                         use_kick_skill=s.kick_asked, decisions=decisions, play=play,
                         objective=goal)


def _free_turn_plans(s: Setting, decisions: Decisions, asked: tuple[int | None, bool, bool],
                     goal: AnyObjective, as_json: bool
                     ) -> tuple[Decisions, "PlanSearch | None"]:
    """``--plan-budget``: the decisions with the kicking coach's best free-turn plans found
    (:func:`kickoff.analysis.plans.search`) and the search, or ``decisions`` and ``None`` for a
    budget of 0 (and with ``--all-targets``: :func:`_top_plans` searches after the ranking).
    ``typer.BadParameter`` for a budget given where the search does not apply (``s.plan``
    ``None``: not ``--play best --events all``). ``asked``: the budget given (``None``: not;
    ``s.plan`` has the one applied), whether the re-set-ups are searched too, ``--all-targets``."""
    given, resetups, all_targets = asked
    if s.plan is None and given:
        raise typer.BadParameter("--plan-budget needs --play best and --events all")
    budget = s.plan_budget
    if not budget:
        return decisions, None
    if all_targets:
        return decisions, None
    kick_skill = s.kick_asked
    from kickoff.analysis.plans import search  # the action engine, only when asked

    with s.working(not as_json, f"searching the free turn's plans at {list(s.target)}"):
        found = search(s.state, s.ruleset, s.target, budget=budget, objective=goal, play="best",
                       decisions=decisions, house_rules=s.house_rules, use_kick_skill=kick_skill,
                       resetups=resetups)
    return found.decisions, found


def _one_target(s: Setting, result: Odds, events: Events, play: SolverPlay, goal: AnyObjective,
                found: "PlanSearch | None" = None, scenario_moves: bool = False,
                chosen: Mapping[str, object] | None = None) -> None:
    """``kickoff odds`` at one target: the table of ``result``, the expected distance and what
    was played (``found``: the free moves' search, its events no longer among the defaults;
    ``chosen``: with a board objective its exact value, :func:`_board_value`)."""
    board_value = (chosen or {}).get("objective_value")
    table = odds_table(
        f"Kick at {list(s.target)} ({s.ruleset.name}, events {events})",
        outcome_sections(s.state, result.touchback, result.receiving_team_holds,
                         result.holders, sum(result.ground.values(), Fraction(0)), Fraction(0)))
    distance = (f"Expected distance of the ball from the receiving End Zone: "
                f"{float(result.expected_distance_to_receiving_end_zone):.2f} squares")
    if board_value is not None:  # the board at the end (exact_board): not among the odds
        distance += "\n" + _goal_line(goal, str(board_value))
    played = s.played(events, play, goal, result.choices)
    if found is not None:  # the defaults the search replaced dropped, its bound said
        from kickoff.analysis.plans import EVENT_NAMES

        defences = ("- Perfect / Solid Defence",) if {"perfect_defence", "solid_defence"} & set(
            found.found) else ()
        searched = ("- Blitz!", *defences, *(f"- {EVENT_NAMES[e]}:" for e in found.found))
        lines = played.splitlines()
        cut = next(i for i, ln in enumerate(lines) if ln.startswith("Choices played (best"))
        played = "\n".join([*(ln for ln in lines[:cut] if not ln.startswith(searched)),
                             *lines[cut:],
                             f"The free moves searched (best plan found; {s.plan_words()}):",
                             "- each plan under its event above",
                             f"- {found.lines()[-1]}"])
    if scenario_moves:
        given = ("- Blitz!", "- Quick Snap:", "- Perfect / Solid Defence")
        played = "\n".join([*(ln for ln in played.splitlines() if not ln.startswith(given)),
                             "The free moves: the scenario's own (--scenario-moves)"])
    head = s.header(events, play)
    console = console_for(*table_texts(table), distance, played, head)
    console.print(head, markup=False)
    console.print(table)
    console.print(distance)
    console.print(wrapped(played), markup=False)


def _all_targets(s: Setting, solver: KickoffSolver, events: Events, play: SolverPlay, goal: AnyObjective,
                 png: Path | None, as_json: bool, plans: tuple[int, bool, Decisions]) -> None:
    """``kickoff odds --all-targets``: every target ranked by ``goal``, as a report, JSON or a
    heat map; with ``play`` ``"best"`` the choices played at the best target; with a plan
    budget (``plans``: budget, re-set-ups, the decisions given) the free turns' best plans
    found at the best targets (:func:`_top_plans`)."""
    from rich.console import Console

    from kickoff.analysis.targets import rank_targets

    console = Console(highlight=False)
    with s.working(not as_json, "solving every target exactly", count=True) as update:
        ranked = rank_targets(solver, goal,
                              lambda done, total: update(completed=done, total=total))
    planned = _top_plans(s, ranked, goal, plans, as_json)
    if png is not None:
        from kickoff.analysis.plot import heatmap_png  # MissingExtra without matplotlib
        from kickoff.formats.files import write_files

        image = io.BytesIO()
        kick = s.kick
        kicker = ("no kicker" if kick is None or kick.kicker is None
                  else f"{kick.kicker} {'uses' if kick.used else 'without'} Kick")
        heatmap_png(s.state, ranked, goal, image,
                    title=f"{s.ruleset.name}, events {events}, {kicker}")
        write_files({png: image.getvalue()})  # exactly the file named, whole or not at all
    if as_json:
        typer.echo(json_text({
            **s.applied(events, play),
            "objective": objective_text(goal), "events": events,
            **({"play": play} if play != "defaults" else {}),
            "targets": [{"target": r.target.as_list(), "value": fraction_text(r.value),
                         "touchback": fraction_text(r.objective("touchback")),
                         "receiving_team_holds": fraction_text(r.objective("receiver-holds")),
                         **(_taken_json(r.choices) if r.choices else {}),
                         **({"plans": planned[r.target].to_json()} if r.target in planned
                            else {})}
                        for r in ranked],
            **_planned_json(planned, goal),
        }))
        return
    console.print(s.header(events, play), markup=False)
    console.print(ranking_report(s.state, ranked, goal))
    console.print(wrapped(s.played(events, play, goal, ranked[0].choices,
                                   f" at the best target {list(ranked[0].target)}")), markup=False)
    if planned:
        console.print("\n".join(plans_report(planned, goal, s.plan_words())), markup=False)
    if png is not None:
        console.print(f"heat map written to {png}", markup=False)  # (a path "x[/y]z.png": markup)


def _top_plans(s: Setting, ranked: "list[RankedTarget]", goal: AnyObjective,
               plans: tuple[int, bool, Decisions], as_json: bool) -> "dict[Square, PlanSearch]":
    """With a budget (``plans``: budget, re-set-ups, the decisions given), the free moves'
    plans searched at the ranking's best targets
    (:func:`kickoff.analysis.planned_targets.search_top`, the advisor's code path too), by
    target; ``{}`` without."""
    from kickoff.analysis.planned_targets import PLANNED_TARGETS, search_top

    budget, resetups, named = plans
    if not budget:
        return {}
    with s.working(not as_json, f"searching the free turn's plans at the {PLANNED_TARGETS} best "
                   "targets"):
        return search_top(s.state, s.ruleset, ranked, budget=budget, objective=goal,
                          decisions=named, house_rules=s.house_rules,
                          use_kick_skill=s.kick_asked, resetups=resetups)


def _planned_json(planned: "dict[Square, PlanSearch]", goal: AnyObjective) -> dict[str, object]:
    """``--all-targets --json`` with the plans searched: ``"with_plans": {"target", "value"}``,
    the kicking coach's best of the searched targets with the plans found
    (:func:`kickoff.analysis.planned_targets.kickers_best`: the value ``setup optimize --play
    best --events all`` reports for the set-up); ``{}`` without a search."""
    if not planned:
        return {}
    from kickoff.analysis.planned_targets import kickers_best

    best = kickers_best(planned, goal)
    return {"with_plans": {"target": best.target.as_list(), "value": fraction_text(best.value)}}


def plans_report(planned: "dict[Square, PlanSearch]", goal: AnyObjective,
                 how: str = "--plan-budget") -> list[str]:
    """:func:`_top_plans`' searches in words: each target's plans (``PlanSearch.lines``), then
    the target the kicking coach prefers with them (the receivers' least preferred value);
    ``how``: the search applied, in words (:func:`plan_text`)."""
    from kickoff.analysis.planned_targets import kickers_best

    lines = [f"The free moves searched at the {len(planned)} best targets (best plan found; "
             f"{how}):"]
    for target, found in planned.items():
        lines += [f"- {target.as_list()}:", *(f"  - {line}" for line in found.lines())]
    best = kickers_best(planned, goal)
    lines.append(f"With them, the kicking coach's best of these: {best.target.as_list()} "
                 f"({objective_text(goal)} {float(best.value):.4f})")
    return lines


def _taken_json(taken: list[Choice]) -> dict[str, object]:
    """A ranked target's choices in ``--json``: ``decisions_taken`` (the lines) and
    ``choices_by_event`` (:func:`kickoff.analysis.choices.by_event`)."""
    return {"decisions_taken": [c.text for c in taken], "choices_by_event": by_event(taken)}


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"odds": odds}
