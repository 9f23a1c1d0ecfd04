"""``kickoff decide``: a kick-off stopped at a decision, its options best first, each valued
exactly (:mod:`kickoff.analysis.decide`)."""

# No ``from __future__ import annotations`` here (start-up, issue 16; as analysis_cmd).

from typing import TYPE_CHECKING, Annotated, Literal

import typer

from kickoff.analysis.exact.solver import Play
from kickoff.analysis.objectives import KICKER_WANTS_HIGH, Objective
from kickoff.cli.analysis_cmd import OddsPlayOpt, Setting
from kickoff.cli.common import (
    MAX_PLAN_BUDGET,
    KickSkillOpt,
    guarded,
    json_text,
    placed_error,
    read_scenario,
)
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.problems import Problem
from kickoff.defaults import PLAN_BUDGET

if TYPE_CHECKING:
    from kickoff.analysis.decide import Answer

#: ``--at``: the decision asked for (:data:`kickoff.analysis.decide.KINDS`).
At = Literal["high_kick", "blitz", "charge", "quick_snap", "perfect_defence", "solid_defence"]
#: How many options the terminal draws on the pitch when not told (the best ones; what the
#: scenario did is always drawn).
DEFAULT_PITCHES = 2


@guarded
def decide(
    file: Annotated[str, typer.Argument(help="A kickoff-scenario/1 file (- for stdin) whose "
                                        "dice reach the decision (they may end there), e.g. "
                                        "one of kickoff fumbbl extract's.")],
    at: Annotated[At | None, typer.Option(help="The decision asked for (default: whichever "
                                          "the kick-off's event is); another is an error.")] = None,
    objective: Annotated[Objective, typer.Option(
        metavar="OBJECTIVE", help="What the options are valued by, for the receivers (the "
        "kicking coach wants it the other way), one of kickoff odds --objective's.")
    ] = "receiver-holds",
    play: OddsPlayOpt = "defaults",
    plan_budget: Annotated[int, typer.Option(help="Blitz!, Charge! and the re-set-ups: the "
                                             "most plans valued exactly "
                                             "(kickoff.analysis.plans; kickoff.defaults."
                                             "PLAN_BUDGET).", min=1, max=MAX_PLAN_BUDGET)] = PLAN_BUDGET,
    kick_skill: KickSkillOpt = None,
    pitches: Annotated[int, typer.Option(help="How many of the best options to draw on the "
                                         "pitch (what the scenario did is drawn too).",
                                         min=0, max=50)] = DEFAULT_PITCHES,
    as_json: Annotated[bool, typer.Option("--json", help="Print exact fractions as JSON.")] = False,
) -> None:
    """A coach's question: the decision a kick-off stopped at (High Kick, Blitz!, Charge!,
    Quick Snap, Perfect / Solid Defence), its options best first, each with its exact value.

    The scenario's dice and decisions are replayed up to its Kick-off event. Each option's value
    is exact: given the event (P), and of the whole kick-off as kickoff odds gives it with the
    option scripted. A free move's options are the plans the plan search values (at most
    --plan-budget), aimed where the kick came down, and what the scenario did."""
    from kickoff.analysis import decide as analysis
    from kickoff.formats.scenario import load_scenario, parse_scenario

    source, text = read_scenario(file, "decide")
    try:
        loaded = load_scenario(parse_scenario(text))
        if loaded.active is not None:
            raise ScenarioError([Problem('a "turn" scenario has no kick-off decision '
                                         "(kickoff odds-kick: its Kick action)", "phase")])
        if loaded.scenario.dice is None and loaded.scenario.seed is None:
            # as the web's decide: without them a new seed, unsaid, reached some event
            raise ScenarioError([Problem("give the dice or the seed the kick-off was played "
                                         "from", "seed")])
        dice, _ = loaded.dice()
        reached = analysis.reach(loaded.state, loaded.ruleset, dice, loaded.decisions,
                                 loaded.house_rules, at)
    except KickoffError as e:
        raise placed_error(e, source) from None
    state = loaded.state
    target = loaded.decisions.target or state.pitch.centre[state.receiving]
    names = {side: f"{state.teams[side].name}, set-up from {source}" for side in ("home", "away")}
    s = Setting(state, loaded.ruleset, loaded.house_rules, target, source,
                names=names).choosing(kick_skill, None, None)
    setting = analysis.Setting(state, loaded.ruleset, loaded.house_rules, target,
                               s.kick_skill, objective, play)
    with s.working(not as_json, f"valuing the {analysis.NAMES[reached.kind]}'s options exactly"):
        found = analysis.answer(setting, reached, loaded.decisions, plan_budget)
    if as_json:
        typer.echo(json_text({**found.to_json(), **s.applied("all", play)}))
        return
    _report(s, found, play, pitches, loaded.decisions.use_kick_skill)


def _report(s: Setting, found: "Answer", play: Play, pitches: int, kicked_with: bool) -> None:
    """The terminal's answer: the header, the decision, the table of options, the best ones
    (and what the scenario did) on the pitch, and the line."""
    from rich.table import Table

    from kickoff.analysis.decide import bare, moved_state, pct
    from kickoff.cli.render import console_for, legend, pitch_text, wrapped

    r = found.reached
    head = s.header("all", play)
    intro = _intro(found, None if kicked_with == s.kick_skill else kicked_with)
    table = Table(title=f"{found.name}: the options, best first for the "
                  f"{'receiving' if found.side == r.state.receiving else 'kicking'} coach")
    for col in ("#", "option", "P given it", "P (odds)"):
        table.add_column(col, justify="left" if col == "option" else "right")
    for i, o in enumerate(found.options, 1):
        table.add_row(str(i), bare(o.text, found.name) + (" (what you did)" if o.scripted else ""),
                      pct(o.given), pct(o.value))
    console = console_for(head, intro, found.line())
    console.print(head, markup=False)
    console.print(intro, markup=False)
    console.print(table)
    shown = [o for i, o in enumerate(found.options) if i < pitches or o.scripted]
    if shown:
        console.print(legend("kick target"), markup=False)
    for o in shown:
        console.print(f"\n{o.text}" + (" (what you did)" if o.scripted else ""), markup=False)
        console.print(pitch_text(moved_state(r, o), target=found.target.as_list(),
                                 landed=None if r.landing is None else r.landing.as_list()))
    console.print(wrapped(found.line()), markup=False)  # its 2nd line indented, not ragged


def _intro(found: "Answer", kicked_with: bool | None = None) -> str:
    """The lines naming the decision, who makes it, the objective and what the values are;
    ``kicked_with``: the scenario's own use of Kick when it is not the one the values apply
    (the header's): the landing is the scenario's kick's, and the line says so."""
    r = found.reached
    side = "receiving" if found.side == r.state.receiving else "kicking"
    where = ("a touchback" if r.touchback or r.landing is None
             else f"the kick comes down at {r.landing.as_list()}")
    if kicked_with is not None:  # the header's Kick is the values', not this kick's
        where += (f"\n  (the scenario's kick, {'with' if kicked_with else 'without'} Kick: its "
                  "decisions.use_kick_skill)")
    wants = "high" if KICKER_WANTS_HIGH[found.objective] == (side == "kicking") else "low"
    lines = [f"Decision: {found.name} (Kick-off table {r.roll[0]}+{r.roll[1]}), the {side} "
             f"team's ({found.side})",
             f"  {where[0].upper()}{where[1:]}",
             f"Objective: {found.objective}, the {side} coach wants it {wants} (--objective)",
             f"P given it: the kick-off given the {found.name} (the deviation averaged)",
             "P (odds): the kick-off, as kickoff odds gives it with the option scripted",
             "Exact fractions: --json"]
    if found.budget is not None:
        lines += [f"Options: the plans found, {found.evaluated} valued (--plan-budget "
                  f"{found.budget}),", "  aimed where the kick came down; the best found "
                  "bounds the true best"]
    return "\n".join(lines)


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"decide": decide}
