"""``kickoff odds`` and ``kickoff simulate``: exact odds, the best target, Monte Carlo."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.analysis.exact import Events, KickoffSolver, Play
from kickoff.analysis.simulate import Job, Tally, max_jobs
from kickoff.analysis.simulate import simulate as run_simulation
from kickoff.analysis.targets import DEFAULT_EVENTS, Objective, rank_targets
from kickoff.cli.common import (
    KICKOFF_OPTIONS,
    FreeTurnsOpt,
    HighKickOpt,
    KickSkillOpt,
    SeedOpt,
    TouchbackOpt,
    build_match_named,
    check_png,
    check_receivers,
    check_square,
    defaults_played,
    guarded,
    parse_target,
    prefixed,
    read_scenario,
)
from kickoff.cli.render import best_played, odds_table, outcome_sections, pct, ranking_report
from kickoff.core.decisions import Decisions
from kickoff.core.dice import new_seed
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.kickoff import target_problem
from kickoff.core.pitch import Side, Square
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Ruleset
from kickoff.core.rulesets import RulesetName
from kickoff.core.state import GameState
from kickoff.formats.files import write_files

if TYPE_CHECKING:
    from kickoff.analysis.cluster import Executor

#: The most kick-offs ``kickoff simulate -n`` plays (about three years at 10,000 a second).
MAX_KICKOFFS = 10**12

FileArg = Annotated[
    str | None,
    typer.Argument(help="A kickoff-scenario/1 file (its dice and decisions are ignored), or - "
                   "for stdin; without it, the teams and set-ups given by the options."),
]
RulesetOpt = Annotated[RulesetName, typer.Option(help="Ruleset (without FILE).")]
TeamOpt = Annotated[str | None, typer.Option(help="Team (without FILE): built-in or file.")]
SetupOpt = Annotated[str | None, typer.Option(help="Set-up (without FILE): built-in or file.")]
KickingOpt = Annotated[Side, typer.Option(help="Kicking team (without FILE).")]
TargetOpt = Annotated[
    str | None,
    typer.Option(help="Kick target X,Y (default: the scenario's, else the receiving zone's centre).",
                 callback=check_square),
]
EventsOpt = Annotated[
    Events,
    typer.Option(help="all (the default, as for kickoff odds): the Kick-off table too, each "
                 "event with its default decisions (Blitz! / Charge!: see --free-turns); none: "
                 "deviation and landing only."),
]
OddsEventsOpt = Annotated[
    Events,
    typer.Option(help="all (the default, as for kickoff simulate): the Kick-off table too, each "
                 "event with its default decisions (Blitz! / Charge!: nobody acts, the scenario "
                 "format's default; the coach's policy of kickoff simulate --free-turns close is "
                 "not available here, as the event is solved before the landing is known); "
                 "none: deviation and landing only."),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(help="Run the work on a local Dask cluster of this many worker processes, 1 to "
                 "64 (docs/analysis.md); the same result as in this process."),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(help="Run the work on the running Dask cluster whose scheduler is at this "
                 "address, tcp://HOST:8786 (dask scheduler, dask worker: docs/analysis.md); "
                 "the same result as in this process."),
]


@dataclass
class Setting:
    """A checked state before a kick-off, how to kick and the receiving coach's choices: what
    ``kickoff odds`` and ``kickoff simulate`` share."""

    state: GameState
    ruleset: Ruleset
    house_rules: frozenset[str]
    target: Square
    source: str | None = None
    target_given: bool = False
    kick_skill: bool = False
    high_kick: str | None = None
    touchback: str | None = None

    def error(self, e: KickoffError) -> KickoffError:
        """``e`` naming, on each line, the option or the file that gave the value."""
        options = {k: v for k, v in KICKOFF_OPTIONS.items()
                   if k != "kick.target" or self.source is None or self.target_given}
        return prefixed(e, self.source, options)

    def choosing(self, kick_skill: bool, high_kick: str | None, touchback: str | None) -> Setting:
        """This setting with the kicker's use of Kick and the receiving coach's High Kick and
        touchback choices (``ScenarioError`` naming the option of an id that is not a player of
        the receiving team)."""
        check_receivers(self.state, high_kick=high_kick, touchback=touchback)
        return replace(self, kick_skill=kick_skill, high_kick=high_kick, touchback=touchback)

    @contextmanager
    def working(self, show: bool, what: str, total: int | None = None, count: bool = False
                ) -> Iterator[Callable[..., None]]:
        """A progress bar on stderr (gone when done) while the work in the ``with`` block runs,
        which may take seconds (an exact solve of classic with the Kick-off events: several): a
        moving bar until the work's size is known, then (``count``) done of total;
        ``show=False`` (``--json``; one target without the Kick-off events, solved in
        milliseconds): nothing is drawn, and Rich's progress bar is not imported. Gives
        ``update(completed=, total=, advance=)`` for the bar; a ``KickoffError`` of the work is
        raised as :meth:`error` names it."""
        if not show:  # start-up (issue 16)
            try:
                yield lambda **_: None
            except KickoffError as e:
                raise self.error(e) from None
            return
        from rich.console import Console
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
            with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
                yield partial(bar.update, bar.add_task(what, total=total))
        except KickoffError as e:
            raise self.error(e) from None

    def played(self, events: Events, play: Play, objective: Objective, taken: list[str],
               where: str = "") -> str:
        """The lines saying what ``kickoff odds`` played: :meth:`defaults`, or with ``play``
        ``"best"`` :func:`~kickoff.cli.render.best_played` (``taken``: the choices taken,
        ``where``: at which target)."""
        if play == "defaults":
            return self.defaults(events, None)
        return best_played(self.state, events == "all", objective, taken, self.high_kick,
                           self.touchback, where)

    def defaults(self, events: Events, free_turns: str | None) -> str:
        """:func:`~kickoff.cli.common.defaults_played` for this setting."""
        return defaults_played(self.state, events == "all", free_turns, self.high_kick,
                               self.touchback)


def _setting(
    command: str, file: str | None, ruleset: str, home: str | None, away: str | None,
    home_setup: str | None, away_setup: str | None, kicking: Side,
    target: str | None,
) -> Setting:
    if file is not None:
        from kickoff.formats.scenario import load_scenario, parse_scenario

        source, text = read_scenario(file, command)
        try:
            loaded = load_scenario(parse_scenario(text))
        except KickoffError as e:
            raise prefixed(e, source) from None
        if loaded.active is not None:
            raise ScenarioError([Problem("a phase \"turn\" scenario has no kick-off: kickoff "
                                         "odds-kick gives the odds of its Kick action", source)])
        state = loaded.state
        tgt = Square.parse(target) if target else loaded.decisions.target
        tgt = tgt or state.pitch.centre[state.receiving]
        problem = target_problem(state.pitch, state.receiving, tgt)
        if problem is not None:
            raise ScenarioError([problem.at("--target")])
        return Setting(state, loaded.ruleset, loaded.house_rules, tgt, source, target is not None)
    match = build_match_named(ruleset, home, away, home_setup, away_setup, kicking)
    tgt = parse_target(match, target) or match.state.pitch.centre[match.state.receiving]
    return Setting(match.state, match.ruleset, match.house_rules, tgt, None, target is not None)


@guarded
def odds(
    file: FileArg = None,
    target: TargetOpt = None,
    events: OddsEventsOpt = DEFAULT_EVENTS,
    all_targets: Annotated[
        bool, typer.Option("--all-targets", help="Rank every target of the receiving area.")
    ] = False,
    objective: Annotated[
        Objective | None,
        typer.Option(help="With --all-targets: the ranking's objective (default touchback; "
                     "touchback, receiver-holds and distance are best low for the kicker, "
                     "ball-on-ground best high), and with --play best the receivers' choices "
                     "go the other way. One target: what --play best maximises for the "
                     "receivers (default receiver-holds)."),
    ] = None,
    play: Annotated[
        Play,
        typer.Option(help="The receiving coach's choices: defaults (the scenario format's) "
                     "or best (the touchback's taker, the High Kick player and the Kick-Off "
                     "Return / On the Ball move, each the best for the receivers under "
                     "--objective, exactly; Quick Snap, Diving Catch and Blitz! / Charge! keep "
                     "their defaults). A --high-kick or --touchback given is played as named."),
    ] = "defaults",
    png: Annotated[
        Path | None, typer.Option(help="With --all-targets: write the heat map to this PNG "
                                  "file (its name ends in .png; written whole or not at all).",
                                  callback=check_png)
    ] = None,
    kick_skill: KickSkillOpt = False,
    high_kick: HighKickOpt = None,
    touchback: TouchbackOpt = None,
    ruleset: RulesetOpt = "bb2020",
    home: TeamOpt = None,
    away: TeamOpt = None,
    home_setup: SetupOpt = None,
    away_setup: SetupOpt = None,
    kicking: KickingOpt = "home",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print exact fractions as JSON.")
    ] = False,
) -> None:
    """Exact odds of a kick: touchback, who ends with the ball, where it lies.

    --high-kick ID and --touchback ID play the receiving coach's choices, as kickoff simulate
    does (the touchback player whenever he can take the ball). --play best plays every other
    choice of the receiving coach as best for the receivers under --objective, exactly, and
    names the choices that beat the defaults."""
    from rich.console import Console

    if png is not None and not all_targets:
        raise typer.BadParameter("--png needs --all-targets")
    goal: Objective = objective or ("touchback" if all_targets else "receiver-holds")
    s = _setting("odds", file, ruleset, home, away, home_setup, away_setup, kicking,
                 target).choosing(kick_skill, high_kick, touchback)
    solver = KickoffSolver(s.state, s.ruleset, events=events, house_rules=s.house_rules,
                           use_kick_skill=kick_skill,
                           decisions=Decisions(high_kick=high_kick, touchback=touchback),
                           play=play, objective=goal)
    chosen = {} if play == "defaults" else {"play": play, "objective": goal}
    console = Console(highlight=False)
    if not all_targets:
        # No progress bar for a solve without the Kick-off events: it takes milliseconds.
        with s.working(not as_json and events == "all",
                       f"solving a kick at {list(s.target)} exactly"):
            result = solver.odds(s.target)
        if as_json:
            typer.echo(json.dumps({**result.to_json(), **chosen}, indent=2))
            return
        console.print(odds_table(
            f"Kick at {list(s.target)} ({s.ruleset.name}, events {events})",
            outcome_sections(s.state, result.touchback, result.receiving_team_holds,
                             result.holders, sum(result.ground.values(), Fraction(0)), Fraction(0))))
        console.print(f"Expected distance of the ball from the receiving End Zone: "
                      f"{float(result.expected_distance_to_receiving_end_zone):.2f} squares")
        console.print(s.played(events, play, goal, result.decisions_taken), markup=False)
        return
    _all_targets(s, solver, events, play, goal, png, as_json)


def _all_targets(s: Setting, solver: KickoffSolver, events: Events, play: Play, goal: Objective,
                 png: Path | None, as_json: bool) -> None:
    """``kickoff odds --all-targets``: every target ranked by ``goal``, as a report, JSON or a
    heat map; with ``play`` ``"best"`` the choices played at the best target."""
    from rich.console import Console

    console = Console(highlight=False)
    with s.working(not as_json, "solving every target exactly", count=True) as update:
        ranked = rank_targets(solver, goal,
                              lambda done, total: update(completed=done, total=total))
    if png is not None:
        from kickoff.analysis.plot import heatmap_png

        image = io.BytesIO()
        heatmap_png(s.state, ranked, goal, image, title=f"{s.ruleset.name}, events {events}")
        write_files({png: image.getvalue()})  # exactly the file named, whole or not at all
    if as_json:
        typer.echo(json.dumps({
            "objective": goal, "events": events, **({"play": play} if play == "best" else {}),
            "targets": [{"target": r.target.as_list(), "value": str(r.value),
                         "touchback": str(r.objective("touchback")),
                         "receiving_team_holds": str(r.objective("receiver-holds")),
                         **({"decisions_taken": r.decisions_taken} if r.decisions_taken else {})}
                        for r in ranked],
        }, indent=2))
        return
    console.print(ranking_report(s.state, ranked, goal))
    console.print(s.played(events, play, goal, ranked[0].decisions_taken,
                           f" at the best target {list(ranked[0].target)}"), markup=False)
    if png is not None:
        console.print(f"heat map written to {png}")


def estimate(tally: Tally, count: int) -> dict[str, Any]:
    """``{"p": estimate, "ci95": [low, high]}``: a probability from its count in ``tally``
    (:meth:`~kickoff.analysis.simulate.Tally.interval`), as ``simulate --json`` gives it."""
    p, low, high = tally.interval(count)
    return {"p": p, "ci95": [low, high]}


def _on_cluster(workers: int | None, scheduler: str | None, jobs: int) -> bool:
    """Whether ``--workers`` or ``--scheduler`` asks for a Dask cluster; ``ClusterError`` naming
    the option if it is bad or given with ``--jobs`` over 1 (checked before any work)."""
    from kickoff.analysis.cluster import ClusterError, check_options  # here: it imports logging

    check_options(workers, scheduler)
    cluster = workers is not None or scheduler is not None
    if cluster and jobs != 1:
        raise ClusterError(f"--jobs {jobs} with --{'workers' if workers else 'scheduler'}: the "
                           f"cluster's workers are the processes; give one or the other")
    return cluster


def _open_executor(workers: int | None, scheduler: str | None
                   ) -> AbstractContextManager[Executor]:
    """:func:`~kickoff.analysis.cluster.open_executor`, imported here (it imports ``logging``;
    start-up)."""
    from kickoff.analysis.cluster import open_executor

    return open_executor(workers, scheduler)


@guarded
def simulate(
    file: FileArg = None,
    n: Annotated[int, typer.Option("-n", min=1, max=MAX_KICKOFFS,
                                   help="Number of kick-offs, 1 to 10**12 (memory does not "
                                   "grow with it).")] = 100_000,
    seed: SeedOpt = None,
    jobs: Annotated[int, typer.Option(min=1, max=max_jobs(),
                                      help="Processes to use, 1 to the number of CPUs of "
                                      "this machine (not with --workers or --scheduler)."
                                      )] = 1,
    workers: WorkersOpt = None,
    scheduler: SchedulerOpt = None,
    target: TargetOpt = None,
    events: EventsOpt = DEFAULT_EVENTS,
    free_turns: FreeTurnsOpt = "none",
    kick_skill: KickSkillOpt = False,
    high_kick: HighKickOpt = None,
    touchback: TouchbackOpt = None,
    ruleset: RulesetOpt = "bb2020",
    home: TeamOpt = None,
    away: TeamOpt = None,
    home_setup: SetupOpt = None,
    away_setup: SetupOpt = None,
    kicking: KickingOpt = "home",
    as_json: Annotated[bool, typer.Option("--json", help="Print the estimates as JSON.")] = False,
) -> None:
    """N full kick-offs from a seed: the same quantities as odds, with 95% confidence intervals.

    The counts depend on -n and --seed only: --jobs N plays the chunks of kick-offs over N
    processes of this machine, --workers N or --scheduler ADDRESS on a Dask cluster, one or the
    other."""
    from rich.console import Console
    from rich.table import Table

    cluster = _on_cluster(workers, scheduler, jobs)
    s = _setting("simulate", file, ruleset, home, away, home_setup, away_setup, kicking,
                 target).choosing(kick_skill, high_kick, touchback)
    used_seed = seed if seed is not None else new_seed()
    job = Job(s.state, s.ruleset, s.target, events, s.house_rules, kick_skill, free_turns,
              high_kick, touchback)
    with _open_executor(workers, scheduler) as executor, s.working(
            not as_json, f"simulating on {executor.slots} Dask worker(s)" if cluster else "simulating",
            n, count=True) as update:
        tally = run_simulation(job, n, used_seed, jobs=jobs, progress=lambda k: update(advance=k),
                               executor=executor if cluster else None)
    mean, se = tally.mean_distance()
    if as_json:
        typer.echo(json.dumps({
            "n": n, "seed": used_seed, "target": s.target.as_list(), "events": events,
            "free_turns": free_turns,
            **{name: estimate(tally, count) for name, count in (
                ("touchback", tally.touchback), ("receiving_team_holds", tally.receiving_team_holds),
                ("ball_on_ground", tally.on_ground))},
            "holders": {pid: estimate(tally, c)
                        for pid, c in sorted(tally.holders.items(), key=lambda kv: -kv[1])},
            "expected_distance_to_receiving_end_zone": {
                "mean": mean, "ci95": [mean - 1.96 * se, mean + 1.96 * se]},
        }, indent=2))
        return
    table = Table(title=f"{n:,} kick-offs at {list(s.target)} ({s.ruleset.name}, "
                  f"events {events}, free turns {free_turns})",
                  caption=f"seed {used_seed}: the same seed gives the same counts, whatever "
                  "--jobs, --workers or --scheduler")
    table.add_column("outcome")
    table.add_column("estimate", justify="right")
    table.add_column("95% interval", justify="right")
    for section in outcome_sections(s.state, tally.touchback, tally.receiving_team_holds,
                                    tally.holders, tally.on_ground, 0):
        for i, (label, count) in enumerate(section):
            p, low, high = tally.interval(count)
            table.add_row(label, pct(p), f"{pct(low)} - {pct(high)}",
                          end_section=i == len(section) - 1)
    Console(highlight=False).print(table)
    Console(highlight=False).print(
        f"Distance of the ball from the receiving End Zone: {mean:.2f} squares "
        f"(95%: {mean - 1.96 * se:.2f} - {mean + 1.96 * se:.2f})"
    )
    defaults = s.defaults(events, free_turns)
    if defaults:
        Console(highlight=False).print(defaults, markup=False)


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"odds": odds, "simulate": simulate}
