"""``kickoff odds`` and ``kickoff simulate``: exact odds, the best target, Monte Carlo."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from kickoff.analysis.exact import Events, KickoffSolver
from kickoff.analysis.simulate import Job, max_jobs
from kickoff.analysis.simulate import simulate as run_simulation
from kickoff.analysis.targets import DEFAULT_EVENTS, HIGHER_IS_BETTER, Objective, RankedTarget, rank_targets
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
from kickoff.cli.render import count_rows, holder_rows, odds_table, pct
from kickoff.core.context import Decisions
from kickoff.core.dice import new_seed
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.rulesets import RulesetName
from kickoff.core.state import GameState
from kickoff.formats.files import write_files
from kickoff.formats.scenario import load_scenario, parse_scenario

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


@dataclass
class Setting:
    """A checked state before a kick-off and how to kick."""

    state: GameState
    ruleset: Ruleset
    house_rules: frozenset[str]
    target: Square
    source: str | None = None
    target_given: bool = False

    def error(self, e: KickoffError) -> KickoffError:
        """``e`` naming, on each line, the option or the file that gave the value."""
        options = {k: v for k, v in KICKOFF_OPTIONS.items()
                   if k != "kick.target" or self.source is None or self.target_given}
        return prefixed(e, self.source, options)


def _setting(
    command: str, file: str | None, ruleset: str, home: str | None, away: str | None,
    home_setup: str | None, away_setup: str | None, kicking: Side,
    target: str | None,
) -> Setting:
    if file is not None:
        source, text = read_scenario(file, command)
        try:
            loaded = load_scenario(parse_scenario(text))
        except KickoffError as e:
            raise prefixed(e, source) from None
        if loaded.active is not None:
            raise ScenarioError([f"{source}: a phase \"turn\" scenario has no kick-off: "
                                 "kickoff odds-kick gives the odds of its Kick action"])
        state = loaded.state
        tgt = Square.parse(target) if target else loaded.decisions.target
        tgt = tgt or state.pitch.centre[state.receiving]
        if not state.pitch.in_receiving_area(state.receiving, tgt):
            raise ScenarioError([f"--target: {list(tgt)} is not in the receiving area: "
                                 + state.pitch.describe_receiving_area(state.receiving)])
        return Setting(state, loaded.ruleset, loaded.house_rules, tgt, source, target is not None)
    match = build_match_named(ruleset, home, away, home_setup, away_setup, kicking)
    tgt = parse_target(match, target) or match.state.pitch.centre[match.state.receiving]
    return Setting(match.state, match.ruleset, match.house_rules, tgt, None, target is not None)


def solving(show: bool, what: str, count: bool = False) -> Progress:
    """A progress bar on stderr (gone when done) for an exact solve, which may take seconds
    (classic with the Kick-off events: several): a moving bar until the work's size is known,
    then (``count``) done of total; ``show=False`` (``--json``): nothing is drawn."""
    columns = [TextColumn(what), BarColumn(), *([MofNCompleteColumn()] if count else []),
               TimeElapsedColumn()]
    return Progress(*columns, transient=True, console=Console(stderr=True), disable=not show)


@guarded
def odds(
    file: FileArg = None,
    target: TargetOpt = None,
    events: OddsEventsOpt = DEFAULT_EVENTS,
    all_targets: Annotated[
        bool, typer.Option("--all-targets", help="Rank every target of the receiving area.")
    ] = False,
    objective: Annotated[
        Objective,
        typer.Option(help="With --all-targets: touchback and receiver-holds are best low, "
                     "ball-on-ground best high."),
    ] = "touchback",
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
    does (the touchback player whenever he can take the ball)."""
    if png is not None and not all_targets:
        raise typer.BadParameter("--png needs --all-targets")
    s = _setting("odds", file, ruleset, home, away, home_setup, away_setup, kicking, target)
    ev: Events = events
    check_receivers(s.state, high_kick=high_kick, touchback=touchback)
    solver = KickoffSolver(s.state, s.ruleset, events=ev, house_rules=s.house_rules,
                           use_kick_skill=kick_skill,
                           decisions=Decisions(high_kick=high_kick, touchback=touchback))
    played = defaults_played(s.state, events == "all", None, high_kick=high_kick,
                             touchback=touchback)
    console = Console(highlight=False)
    if not all_targets:
        try:
            with solving(not as_json, f"solving a kick at {list(s.target)} exactly") as bar:
                bar.add_task("solve", total=None)
                result = solver.odds(s.target)
        except KickoffError as e:
            raise s.error(e) from None
        if as_json:
            typer.echo(json.dumps(result.to_json(), indent=2))
            return
        sides = {pid: s.state.players[pid].side for pid in result.holders}
        names = {pid: p.name for pid, p in s.state.players.items()}
        sections = [
            [("touchback", result.touchback)],
            holder_rows("receiving team holds the ball", result.receiving_team_holds,
                        {pid: p for pid, p in result.holders.items()
                         if sides[pid] == s.state.receiving}, names=names),
        ]
        kickers = {pid: p for pid, p in result.holders.items() if sides[pid] == s.state.kicking}
        if kickers:
            sections.append(holder_rows("kicking team holds the ball",
                                        sum(kickers.values(), Fraction(0)), kickers, names=names))
        sections.append([("ball on the ground", sum(result.ground.values(), Fraction(0)))])
        table = odds_table(f"Kick at {list(s.target)} ({s.ruleset.name}, events {events})",
                           sections)
        console.print(table)
        console.print(f"Expected distance of the ball from the receiving End Zone: "
                      f"{float(result.expected_distance_to_receiving_end_zone):.2f} squares")
        console.print(played, markup=False)
        return
    obj: Objective = objective
    try:
        with solving(not as_json, "solving every target exactly", count=True) as bar:
            task = bar.add_task("targets", total=None)
            ranked = rank_targets(solver, obj,
                                  lambda done, total: bar.update(task, completed=done, total=total))
    except KickoffError as e:
        raise s.error(e) from None
    if png is not None:
        from kickoff.analysis.plot import heatmap_png

        image = io.BytesIO()
        heatmap_png(s.state, ranked, obj, image, title=f"{s.ruleset.name}, events {events}")
        write_files({png: image.getvalue()})  # exactly the file named, whole or not at all
    if as_json:
        typer.echo(json.dumps({
            "objective": objective, "events": events,
            "targets": [{"target": r.target.as_list(), "value": str(r.value),
                         **{k: v for k, v in r.odds.to_json().items()
                            if k in ("touchback", "receiving_team_holds")}}
                        for r in ranked],
        }, indent=2))
        return
    console.print(heatmap_text(s.state, ranked, obj))
    best = Table(title=f"Best targets by {objective} "
                 f"({'higher' if HIGHER_IS_BETTER[obj] else 'lower'} is better)")
    for col in ("target", "touchback", "receiving team holds", "ball on the ground"):
        best.add_column(col, justify="right")
    for r in ranked[:5]:
        best.add_row(str(list(r.target)), pct(r.odds.touchback),
                     pct(r.odds.receiving_team_holds),
                     pct(sum(r.odds.ground.values(), Fraction(0))))
    console.print(best)
    console.print(played, markup=False)
    if png is not None:
        console.print(f"heat map written to {png}")


def heatmap_text(state: GameState, ranked: list[RankedTarget], objective: Objective) -> Text:
    """The receiving area with each target's objective value in percent, coloured green (good)
    to red (bad); ``##`` is the best target."""
    values = {r.target: r.value for r in ranked}
    lo = min(values.values())
    hi = max(values.values())
    better_high = HIGHER_IS_BETTER[objective]
    xs = sorted({t.x for t in values})
    text = Text()
    text.append("   " + "".join(f"{x:>4}" for x in xs) + "\n", style="dim")
    for y in range(state.pitch.height):
        text.append(f"{y:>3}", style="dim")
        for x in xs:
            v = values.get(Square(x, y))
            if v is None:
                text.append("    ")
                continue
            share = 0.5 if hi == lo else float((v - lo) / (hi - lo))
            good = share if better_high else 1 - share
            colour = "green" if good > 0.66 else ("yellow" if good > 0.33 else "red")
            label = "##" if Square(x, y) == ranked[0].target else f"{round(float(v) * 100):>2}"
            text.append(f" {label[-3:]:>3}", style=f"bold {colour}")
        text.append("\n")
    text.append(f"{objective} in percent per target; ## marks the best "
                f"({pct(ranked[0].value).strip()} at {list(ranked[0].target)})", style="dim")
    return text


@guarded
def simulate(
    file: FileArg = None,
    n: Annotated[int, typer.Option("-n", min=1, max=MAX_KICKOFFS,
                                   help="Number of kick-offs, 1 to 10**12 (memory does not "
                                   "grow with it).")] = 100_000,
    seed: SeedOpt = None,
    jobs: Annotated[int, typer.Option(min=1, max=max_jobs(),
                                      help="Processes to use, 1 to the number of CPUs of "
                                      "this machine.")] = 1,
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
    """N full kick-offs from a seed: the same quantities as odds, with 95% confidence intervals."""
    s = _setting("simulate", file, ruleset, home, away, home_setup, away_setup, kicking, target)
    used_seed = seed if seed is not None else new_seed()
    ev: Events = events
    check_receivers(s.state, high_kick=high_kick, touchback=touchback)
    job = Job(s.state, s.ruleset, s.target, ev, s.house_rules, kick_skill, free_turns,
              high_kick, touchback)
    try:
        if as_json:
            tally = run_simulation(job, n, used_seed, jobs=jobs)
        else:
            with Progress("simulating", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task("kick-offs", total=n)
                tally = run_simulation(job, n, used_seed, jobs=jobs,
                                       progress=lambda k: bar.advance(task, k))
    except KickoffError as error:
        raise s.error(error) from None
    rows: list[tuple[str, float, float]] = [
        ("touchback", *tally.share(tally.touchback)),
        ("receiving_team_holds", *tally.share(tally.receiving_team_holds)),
        ("ball_on_ground", *tally.share(tally.on_ground)),
    ]
    holders = sorted(tally.holders.items(), key=lambda kv: -kv[1])
    mean, se = tally.mean_distance()
    if as_json:
        typer.echo(json.dumps({
            "n": n, "seed": used_seed, "target": s.target.as_list(), "events": events,
            "free_turns": free_turns,
            **{name: {"p": p, "ci95": [p - 1.96 * e, p + 1.96 * e]} for name, p, e in rows},
            "holders": {pid: {"p": tally.share(c)[0],
                              "ci95": [tally.share(c)[0] - 1.96 * tally.share(c)[1],
                                       tally.share(c)[0] + 1.96 * tally.share(c)[1]]}
                        for pid, c in holders},
            "expected_distance_to_receiving_end_zone": {
                "mean": mean, "ci95": [mean - 1.96 * se, mean + 1.96 * se]},
        }, indent=2))
        return
    table = Table(title=f"{n:,} kick-offs at {list(s.target)} ({s.ruleset.name}, "
                  f"events {events}, free turns {free_turns})",
                  caption=f"seed {used_seed}: the same seed gives the same counts, whatever --jobs")
    table.add_column("outcome")
    table.add_column("estimate", justify="right")
    table.add_column("95% interval", justify="right")
    side = {pid: s.state.players[pid].side for pid in tally.holders}
    names = {pid: p.name for pid, p in s.state.players.items()}
    kickers = {pid: c for pid, c in tally.holders.items() if side[pid] == s.state.kicking}
    sections = [
        [("touchback", tally.touchback)],
        count_rows("receiving team holds the ball", tally.receiving_team_holds,
                   {pid: c for pid, c in tally.holders.items() if side[pid] == s.state.receiving},
                   names=names),
        *([count_rows("kicking team holds the ball", sum(kickers.values()), kickers, names=names)]
          if kickers else []),
        [("ball on the ground", tally.on_ground)],
    ]
    for section in sections:
        for i, (label, count) in enumerate(section):
            p, e = tally.share(count)
            table.add_row(label, pct(p), f"{pct(p - 1.96 * e)} - {pct(p + 1.96 * e)}",
                          end_section=i == len(section) - 1)
    Console(highlight=False).print(table)
    Console(highlight=False).print(
        f"Distance of the ball from the receiving End Zone: {mean:.2f} squares "
        f"(95%: {mean - 1.96 * se:.2f} - {mean + 1.96 * se:.2f})"
    )
    defaults = defaults_played(s.state, events == "all", free_turns, high_kick, touchback)
    if defaults:
        Console(highlight=False).print(defaults, markup=False)
