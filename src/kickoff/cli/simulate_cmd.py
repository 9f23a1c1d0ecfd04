"""``kickoff simulate``: Monte Carlo kick-offs from a seed, with 95% confidence intervals.

Its own module (start-up, issue 16): ``kickoff odds`` imports none of the Monte Carlo."""

from __future__ import annotations

import json
import textwrap
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.analysis import DEFAULT_EVENTS
from kickoff.analysis.exact.solver import Events
from kickoff.analysis.simulate import Job, SimulatedPlay, Tally, max_jobs
from kickoff.analysis.simulate import simulate as run_simulation
from kickoff.cli.analysis_cmd import (
    AwaySetupOpt,
    AwayTeamOpt,
    FileArg,
    HomeSetupOpt,
    HomeTeamOpt,
    KickingOpt,
    RulesetOpt,
    TargetOpt,
    setting,
)
from kickoff.cli.common import (
    MAX_CLI_WORKERS,
    FreeTurnsOpt,
    HighKickOpt,
    KickerOpt,
    KickSkillOpt,
    SeedOpt,
    TouchbackOpt,
    guarded,
    output_file,
    refuse_with_file,
)
from kickoff.cli.render import outcome_sections, pct
from kickoff.core.dice import new_seed

if TYPE_CHECKING:
    from kickoff.analysis.cluster import Executor
    from kickoff.cli.analysis_cmd import Setting
    from kickoff.core.decisions import FreeTurnPolicy

#: The most kick-offs ``kickoff simulate -n`` plays (about three years at 10,000 a second).
MAX_KICKOFFS = 10**12

EventsOpt = Annotated[
    Events,
    typer.Option(help="all (the default, as for kickoff odds): the Kick-off table too, each "
                 "event with its default decisions (Blitz! / Charge!: see --free-turns); none: "
                 "deviation and landing only."),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(min=1, max=MAX_CLI_WORKERS,
                 help="Run the work on a local Dask cluster of this many worker processes, 1 to "
                 "64 (docs/analysis.md); the same result as in this process."),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(help="Run the work on the running Dask cluster whose scheduler is at this "
                 "address, tcp://HOST:8786 (dask scheduler, dask worker: docs/analysis.md); "
                 "the same result as in this process."),
]

RecordsOpt = Annotated[Path | None, typer.Option(
    "--records", metavar="FILE.npy", callback=output_file(".npy"),
    help="Write one record per kick-off (seed, target, deviation, event, touchback, ball, "
    "holder, every player's square) to this NumPy .npy file instead of the counts, "
    "streamed (memory does not grow with -n; -n at most 50,000,000), the same bytes for a "
    "seed whatever --jobs or --workers (docs/analysis.md, \"Records\"); written whole or "
    "not at all.")]


def _check_records_n(records: Path | None, n: int) -> None:
    """A usage error (exit 2) for ``-n`` over :data:`~kickoff.analysis.records.MAX_RECORDS`
    with ``--records``."""
    from kickoff.analysis.records import MAX_RECORDS

    if records is not None and n > MAX_RECORDS:
        raise typer.BadParameter(f"-n {n} with --records: at most {MAX_RECORDS:,} records a "
                                 f"file", param_hint="-n")


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


#: ``kickoff simulate --play``.
SimulatedPlayOpt = Annotated[SimulatedPlay, typer.Option(
    help="Who answers the coaches' decisions: defaults (the scenario format's) or close (the "
    "close policy for both coaches: Kick used, the receiver nearest the ball under a High "
    "Kick, on a touchback, a kick-off move toward the ball; kickoff.core.close). --high-kick / "
    "--touchback still win.")]
#: The options of ``simulate`` choosing otherwise than the default events and play, for its
#: header (:func:`kickoff.cli.render.choice_lines_applied`).
SIMULATE_OTHERS = {"play": "the format's choices (--play close: the close policy)"}
#: What ``simulate --play close`` says it played (then the free turns' policy).
CLOSE_PLAYED = ("Play: close, the close policy answered both coaches' decisions "
                "(kickoff.core.close), free turns ")


@guarded
def simulate(
    ctx: typer.Context,
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
    play: SimulatedPlayOpt = "defaults",
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
    as_json: Annotated[bool, typer.Option("--json", help="Print the estimates as JSON.")] = False,
    records: RecordsOpt = None,
) -> None:
    """N full kick-offs from a seed: the same quantities as odds, with 95% confidence intervals.

    The counts depend on -n and --seed only: --jobs N plays the chunks of kick-offs over N
    processes of this machine, --workers N or --scheduler ADDRESS on a Dask cluster, one or the
    other."""
    _check_records_n(records, n)
    cluster = _on_cluster(workers, scheduler, jobs)
    refuse_with_file(ctx, file)
    s = setting("simulate", file, ruleset, home, away, home_setup, away_setup, kicking,
                 target).choosing(kick_skill, high_kick, touchback, kicker)
    used_seed = seed if seed is not None else new_seed()
    job = Job(s.state, s.ruleset, s.target, events, s.house_rules, s.kick_skill, free_turns,
              high_kick, touchback, play, s.named().kicker)
    if records is not None:
        _write_records(s, job, records, n, used_seed, jobs, workers, scheduler, as_json)
        return
    with _open_executor(workers, scheduler) as executor, s.working(
            not as_json, f"simulating on {executor.slots} Dask worker(s)" if cluster else "simulating",
            n, count=True) as update:
        tally = run_simulation(job, n, used_seed, jobs=jobs, progress=lambda k: update(advance=k),
                               executor=executor if cluster else None)
    if as_json:
        typer.echo(json.dumps({**_json_report(tally, n, used_seed, s.target.as_list(), events,
                                              free_turns), "play": play,
                               **s.applied(events, play)},
                              indent=2))
        return
    _print_table(s, tally, n, used_seed, events, free_turns, play)


def _print_table(s: Setting, tally: Tally, n: int, used_seed: int, events: Events,
                 free_turns: FreeTurnPolicy, play: SimulatedPlay) -> None:
    """``simulate``'s terminal output: the header, the estimates with their 95% intervals, the
    distance and the defaults the run applied."""
    from rich.console import Console
    from rich.table import Table

    mean, se = tally.mean_distance()
    Console(highlight=False).print(s.header(events, play, SIMULATE_OTHERS), markup=False)
    # the ruleset and the events are the header's; the title fits over the table (it wrapped
    # mid-phrase, as did a caption and the distance's line: issue 26's ragged output)
    table = Table(title=f"{n:,} kick-offs at {list(s.target)}, free turns {free_turns}"
                  + ("" if play == "defaults" else f", play {play}"))
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
        f"Distance of the ball from the receiving End Zone: {mean:.2f} squares\n"
        f"  (95%: {mean - 1.96 * se:.2f} - {mean + 1.96 * se:.2f})\n"
        f"Seed {used_seed}: the same seed gives the same counts, whatever --jobs,\n"
        "  --workers or --scheduler", markup=False)
    defaults = s.defaults(events, free_turns) if play == "defaults" else CLOSE_PLAYED + free_turns
    if defaults:
        Console(highlight=False).print(defaults, markup=False)


def _write_records(s: Setting, job: Job, path: Path, n: int, seed: int, jobs: int,
                   workers: int | None, scheduler: str | None, as_json: bool) -> None:
    """``simulate --records``: the records streamed into ``path``, then what was written (the
    players' order of ``holder`` and ``squares``, the seed, the bytes)."""
    from kickoff.analysis.records import npy_stream, record_dtype, record_players
    from kickoff.formats.files import check_writable, write_stream

    check_writable(path)
    cluster = workers is not None or scheduler is not None
    with _open_executor(workers, scheduler) as executor, s.working(
            not as_json, "recording", n, count=True) as update:
        size = write_stream(path, npy_stream(job, n, seed, jobs=jobs,
                                             progress=lambda k: update(advance=k),
                                             executor=executor if cluster else None))
    players = record_players(job.state)
    doc = {"records": str(path), "n": n, "seed": seed, "bytes": size,
           "row_bytes": record_dtype(len(players)).itemsize, "players": players,
           "target": s.target.as_list(), **s.applied(job.events, job.play)}
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    # what was played, as the table's output says it (issue 26: every output names its play)
    typer.echo(s.header(job.events, job.play, SIMULATE_OTHERS))
    typer.echo(f"{n:,} records written to {path} ({size:,} bytes; numpy.load reads it).")
    typer.echo(f"Seed {seed}: the same seed gives the same file, whatever --jobs or --workers.")
    # the players in the order a record's holder and squares index them, within 80 columns
    typer.echo("\n".join(textwrap.wrap("Players (holder and squares index this order): "
                                        + " ".join(players), 80)))
    played = (s.defaults(job.events, job.free_turns) if job.play == "defaults"
              else CLOSE_PLAYED + job.free_turns)
    if played:  # as the table's output prints it: within the terminal's width
        from rich.console import Console

        Console(highlight=False).print(played, markup=False)


def _json_report(tally: Tally, n: int, seed: int, target: list[int], events: str,
                 free_turns: str) -> dict[str, Any]:
    """``simulate --json``'s document: the estimates with their 95% intervals."""
    mean, se = tally.mean_distance()
    return {
        "n": n, "seed": seed, "target": target, "events": events, "free_turns": free_turns,
        **{name: estimate(tally, count) for name, count in (
            ("touchback", tally.touchback), ("receiving_team_holds", tally.receiving_team_holds),
            ("ball_on_ground", tally.on_ground))},
        "holders": {pid: estimate(tally, c)
                    for pid, c in sorted(tally.holders.items(), key=lambda kv: -kv[1])},
        "expected_distance_to_receiving_end_zone": {
            "mean": mean, "ci95": [mean - 1.96 * se, mean + 1.96 * se]},
    }


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"simulate": simulate}
