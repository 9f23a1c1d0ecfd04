"""``kickoff kick`` and ``kickoff odds-kick``: a Kick It! Kick action on real teams, and its exact
odds (seed 000, ``rulings.md`` 7; ``docs/kick_it.md``).

Without a scenario file both put the two teams on their default set-ups as ``kickoff run`` does
(the active team on the defence), give the ball to the kicker (``--kicker``, default: the first
player of the active team eligible to kick off, one with Kick first) and aim straight at the
opposing End Zone unless ``--aim`` says otherwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.cli.analysis_cmd import (
    AwaySetupOpt,
    AwayTeamOpt,
    HomeSetupOpt,
    HomeTeamOpt,
    RulesetOpt,
)
from kickoff.cli.common import (
    SeedOpt,
    build_match_named,
    check_square,
    guarded,
    placed_error,
    read_scenario,
    refuse_with_file,
)
from kickoff.cli.render import dice_table, holder_rows, legend, odds_table, pitch_text, story
from kickoff.core.actions.kick import LandingOptions, LandingPolicy, toward
from kickoff.core.actions.turn import play_turn
from kickoff.core.coach import DecisionKind
from kickoff.core.decisions import Activation, Decisions
from kickoff.core.dice import SeededDice, new_seed
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.kickoff import eligible_kickers
from kickoff.core.pitch import Side, Square, distance
from kickoff.core.problems import Problem
from kickoff.core.ruleset import KICK_IT, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import Play

# Rich, the renderings, the scenario format and the Kick It! solver are imported by the commands
# that use them (start-up, issue 16).
if TYPE_CHECKING:
    from kickoff.analysis.exact.kick import KickOdds, Landing

FileArg = Annotated[
    str | None,
    typer.Argument(help="A phase \"turn\" scenario (its first kick activation; its dice are "
                   "ignored), or - for stdin; without it, the teams given by the options."),
]
ActiveOpt = Annotated[Side,
                      typer.Option(help="The team taking the Kick action (without FILE).")]
KickerOpt = Annotated[
    str | None,
    typer.Option(help="The kicker's id (default: the first player of the active team eligible "
                 "to kick off, one with Kick first; with FILE, its kick's player)."),
]
AimOpt = Annotated[
    str | None,
    typer.Option(help="X,Y: the adjacent square the template's 3-4 arrow points at (default: "
                 "towards the opposing End Zone).", callback=check_square),
]
KickBlockOpt = Annotated[
    str | None, typer.Option(help="The id of the opposing player declaring a kick block.")
]


#: The activation's fields that an option can give, and the option.
OPTIONS = {"player": "--kicker", "aim": "--aim", "kick_block": "--kick-block"}


@dataclass
class KickSetting:
    """A checked state during the active team's turn and the Kick action to take.

    ``source`` is the scenario file (``None``: the teams of the options) and ``options`` maps
    the key paths of the activation's values that options gave to those options, so that a
    problem names the option or the file and key path that gave the value (:func:`placed_error`).
    """

    state: GameState
    ruleset: Ruleset
    #: the team whose turn it is (the kicker's)
    active: Side
    act: Activation
    decisions: Decisions
    names: dict[str, str]
    source: str | None
    options: dict[str, str]
    #: the activation's choices given (by an option or the file): ``aim``, ``kick_block``,
    #: ``pass_block``; ``odds-kick --play best`` plays them as named
    given: frozenset[DecisionKind] = frozenset()

    def error(self, e: KickoffError) -> KickoffError:
        """``e`` naming, on each line, the option or the file that gave the value."""
        return placed_error(e, self.source, self.options)


def _setting(
    command: str, file: str | None, ruleset: str, home: str | None, away: str | None,
    home_setup: str | None, away_setup: str | None, active: Side, kicker: str | None,
    aim: str | None, kick_block: str | None,
) -> KickSetting:
    s = (_file_setting(command, file) if file is not None else
         _options_setting(ruleset, home, away, home_setup, away_setup, active, kicker))
    state, act = s.state, s.act
    # Without a file every value is an option's (or its default); with one, only those given.
    given = {"player": kicker, "aim": aim, "kick_block": kick_block}
    options = {f"{act.where}.{key}": OPTIONS[key] for key, value in given.items()
               if file is None or value is not None}
    pid = kicker or act.player
    p = state.players.get(pid)
    if p is None or p.side != s.active or not p.standing:
        raise placed_error(ScenarioError([
            Problem(f"{pid!r} is not a Standing player of the {s.active} team on the pitch",
                    f"{act.where}.player", (pid,))]), s.source, options)
    assert p.square is not None
    if file is None:
        state.ball, state.carrier = p.square, p.id
    target = Square.parse(aim) if aim else act.aim or p.square.step(
        1 if s.active == "home" else -1, 0)
    named = _given(act, aim, kick_block)
    act = Activation(p.id, "kick", path=act.path, aim=target, pass_block=act.pass_block,
                     kick_block=kick_block or act.kick_block, landing=act.landing,
                     reroll=act.reroll, where=act.where)
    return replace(s, act=act, options=options, given=named)


def _given(act: Activation, aim: str | None, kick_block: str | None) -> frozenset[DecisionKind]:
    """The choices of the Kick action given by an option or by the file's activation ``act``."""
    named: dict[DecisionKind, object] = {"aim": aim or act.aim,
                                         "kick_block": kick_block or act.kick_block,
                                         "pass_block": act.pass_block}
    return frozenset(k for k, v in named.items() if v is not None)


def _file_setting(command: str, file: str) -> KickSetting:
    """:func:`_setting` from a scenario file (``phase: "turn"``): its state and its first
    kick activation, unchecked, no options."""
    from kickoff.formats.scenario import load_scenario, parse_scenario

    source, text = read_scenario(file, command)
    try:
        loaded = load_scenario(parse_scenario(text))
    except KickoffError as e:
        raise placed_error(e, source) from None
    kicks = [a for a in loaded.actions if a.action == "kick"]
    if loaded.active is None or not kicks:
        raise ScenarioError([Problem("a phase \"turn\" scenario with a kick activation "
                             "is needed", source)])
    names = {side: f"{loaded.state.teams[side].name}, set-up from {source}"  # as odds FILE
             for side in ("home", "away")}
    return KickSetting(loaded.state, loaded.ruleset, loaded.active, kicks[0], loaded.decisions,
                       names, source, {})


def _options_setting(
    ruleset: str, home: str | None, away: str | None, home_setup: str | None,
    away_setup: str | None, active: Side, kicker: str | None,
) -> KickSetting:
    """:func:`_setting` from the options: the named teams and set-ups, a kick by ``kicker``
    (default :func:`_default_kicker`), unchecked, no options yet."""
    match = build_match_named(ruleset, home, away, home_setup, away_setup, active)
    act = Activation(kicker or _default_kicker(match.state, active), "kick", where="kick")
    return KickSetting(match.state, match.ruleset, active, act, Decisions(), match.names, None,
                       {})


def near_team_mate(state: GameState, kicker: str) -> LandingPolicy:
    """``kickoff kick``'s landing without FILE or ``--toward``: the allowed square nearest a
    Standing team-mate of the kicker (the pitch's distance; his own square, a pass to him, is
    nearest), ties broken by lowest ``x`` then ``y``; the format's default when the team has
    nobody else Standing or no square is allowed (into the crowd)."""
    mates = [p.square for p in state.teams[state.players[kicker].side].players
             if p.id != kicker and p.standing and p.square is not None]

    def choose(opts: LandingOptions) -> Square | None:
        if not opts.allowed or not mates:
            return opts.default
        return min(opts.allowed, key=lambda sq: (min(distance(sq, m) for m in mates), sq.x, sq.y))

    return choose


def default_landing(s: KickSetting) -> LandingPolicy:
    """``kickoff kick``'s landing when neither ``--toward`` nor the activation chooses one: the
    best by the exact odds (``odds-kick --landing best``) for a kick from where the kicker
    stands with no Pass Block, else :func:`near_team_mate`."""
    from kickoff.analysis.exact.kick import KickSolver

    if not s.act.path and s.act.pass_block is None:
        try:
            return KickSolver(s.state.clone(), s.ruleset, s.decisions).best_landing(s.act)
        except KickoffError:
            pass  # the play itself names what is wrong
    return near_team_mate(s.state, s.act.player)


def _default_kicker(state: GameState, active: Side) -> str:
    eligible = eligible_kickers(state)
    with_kick = [p for p in eligible if "kick" in p.skills]
    standing = [p for p in state.teams[active].players if p.standing]
    candidates = with_kick or eligible or standing
    if not candidates:
        raise ScenarioError([Problem(f"the {active} team has nobody Standing on the "
                             "pitch", "--kicker")])
    return candidates[0].id


@guarded
def kick(
    ctx: typer.Context,
    file: FileArg = None,
    seed: SeedOpt = None,
    aim: AimOpt = None,
    kick_block: KickBlockOpt = None,
    toward_square: Annotated[
        str | None,
        typer.Option("--toward", help="X,Y: an accurate kick lands on the allowed square nearest "
                     "it (default: FILE's activation's landing, else the best square by the exact "
                     "odds, as odds-kick --landing best).", callback=check_square),
    ] = None,
    kicker: KickerOpt = None,
    ruleset: RulesetOpt = "bb2020",
    home: HomeTeamOpt = None,
    away: AwayTeamOpt = None,
    home_setup: HomeSetupOpt = None,
    away_setup: AwaySetupOpt = None,
    active: ActiveOpt = "home",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the kickoff-result/1 document instead.")
    ] = False,
) -> None:
    """Play one Kick It! Kick action (seeded dice) and show it, as run shows a kick-off."""
    from kickoff.formats.scenario import turn_result_to_json

    refuse_with_file(ctx, file)
    s = _setting("kick", file, ruleset, home, away, home_setup, away_setup, active, kicker,
                 aim, kick_block)
    used_seed = seed if seed is not None else new_seed()
    before = s.state.clone()
    policy: LandingPolicy | None = None
    if toward_square:
        policy = toward(_toward_on_pitch(s, Square.parse(toward_square)))
    elif s.act.landing is None:
        policy = default_landing(s)
    try:
        result = play_turn(s.state, s.ruleset, SeededDice(used_seed), s.active, [s.act],
                           s.decisions, frozenset({KICK_IT}), policy)
    except KickoffError as e:
        raise s.error(e) from None
    doc = turn_result_to_json(result, s.ruleset, used_seed)
    if as_json:
        typer.echo(json.dumps(doc, indent=2))
        return
    _show_kick(s, doc, before, result.state, policy, toward_square, used_seed)


def _toward_on_pitch(s: KickSetting, square: Square, option: str = "--toward") -> Square:
    """The square of ``option`` (``--toward``, ``odds-kick --landing``), ``ScenarioError``
    naming the option when it is off the pitch (a mistyped square: the landing nearest it
    would say nothing of the slip)."""
    if not s.ruleset.pitch.on_pitch(square):
        raise ScenarioError([Problem(f"{list(square)} is off the "
                                     f"{s.ruleset.pitch.describe()} pitch", option)])
    return square


def _show_kick(s: KickSetting, doc: dict[str, Any], before: GameState, after: GameState,
               policy: LandingPolicy | None, toward_square: str | None, used_seed: int) -> None:
    """Show a Kick action played (``doc``: its kickoff-result/1 document) as ``kick`` does: the
    teams, the pitch before (with the aim), the dice, the story, the pitch after."""
    from rich.console import Console, Group
    from rich.text import Text

    heading = Text()
    heading.append(f"{s.ruleset.name} Kick It! Kick action by {s.act.player} "
                   f"({doc['kicking']} team), aimed at {s.act.aim and list(s.act.aim)}\n",
                   style="bold")
    heading.append(f"home (h, blue): {s.names['home']}\naway (a, red): {s.names['away']}\n")
    # Where an accurate or shanked kick came down on the pitch (none if blocked, fumbled, or
    # into the crowd).
    landed = next((e["square"] for e in doc["log"] if e["step"] == "kick_lands"), None)
    heading.append(legend("the aim", landed=landed is not None), style="dim")
    ball = doc["ball"]
    accurate = any(e["step"] == "accurate" and e["landing"] for e in doc["log"])
    if not accurate:
        chosen = ""
    elif toward_square:
        chosen = (f"Landing: the allowed square nearest {list(Square.parse(toward_square))} "
                  "(--toward)\n")
    elif policy is None:  # the file's own landing
        chosen = f"Landing: {s.act.landing and list(s.act.landing)}, as the file asks\n"
    else:
        chosen = "Landing: the best square by the odds (default; --toward X,Y)\n"
    end = Text(chosen + ("" if landed is None else f"The kick came down on {landed}. ")
               + f"Ball at {ball['square']}, held by {ball['carrier'] or 'nobody'}. "
               f"Turnover: {'yes' if doc['turnover'] else 'no'}.\n"
               f"Seed: {used_seed}  (same --seed, same Kick action)")
    Console().print(Group(
        heading,
        Text("\nBefore the kick (+ the aim)", style="bold"),
        pitch_text(before, target=s.act.aim, ball=before.ball),
        dice_table(doc["log"]),
        Text("What happened", style="bold"),
        story(doc["log"]),
        Text("After the Kick action", style="bold"),
        pitch_text(after, ball=ball["square"], landed=landed),
        end,
    ))



@guarded
def odds_kick(
    ctx: typer.Context,
    file: FileArg = None,
    aim: AimOpt = None,
    kick_block: KickBlockOpt = None,
    landing: Annotated[
        str | None,
        typer.Option(help="How an accurate kick's landing is chosen: default (the format's), "
                     "best (the best chance for the kicking team to hold the ball), or X,Y "
                     "(the allowed square nearest it). Without it: FILE's activation's "
                     "landing if it gives one, else default."),
    ] = None,
    kicker: KickerOpt = None,
    ruleset: RulesetOpt = "bb2020",
    home: HomeTeamOpt = None,
    away: AwayTeamOpt = None,
    home_setup: HomeSetupOpt = None,
    away_setup: AwaySetupOpt = None,
    active: ActiveOpt = "home",
    play: Annotated[Play, typer.Option(help=(
        "The coaches' choices: defaults (the aim, Pass Block move and kick block given, none "
        "unless given; --landing default) or best: the kicking coach's aim and landing at his "
        "best (maximising P(no turnover)), the opposing coach's Pass Block move and then kick "
        "block at his (minimising it), exactly, over the options the rules declare. An aim, "
        "kick block, Pass Block or landing given (option or FILE) is played as named."))
    ] = "defaults",
    as_json: Annotated[bool, typer.Option("--json", help="Print exact fractions as JSON.")] = False,
) -> None:
    """Exact odds of a Kick It! Kick action: turnover, the kick's outcomes, who ends with the ball."""
    from kickoff.analysis.exact.kick import KickSolver

    how = _landing_asked(landing)
    refuse_with_file(ctx, file)
    s = _setting("odds-kick", file, ruleset, home, away, home_setup, away_setup, active,
                 kicker, aim, kick_block)
    if isinstance(how, Square):
        how = _toward_on_pitch(s, how, "--landing")
    if how is None and (play == "defaults" or s.act.landing is not None):
        # FILE's activation's landing (toward it at every distance), else the format's
        how = "default" if s.act.landing is None else s.act.landing
    try:
        odds = KickSolver(s.state, s.ruleset, s.decisions).odds(s.act, how, play,
                                                                 keep=s.given)
    except KickoffError as e:
        raise s.error(e) from None
    if as_json:
        typer.echo(json.dumps(odds.to_json(), indent=2))
        return
    _show_odds(s, odds, play)


def _show_odds(s: KickSetting, odds: KickOdds, play: Play) -> None:
    """``odds-kick``'s tables: what was applied, the odds, and (``--play best``) the choices."""
    from rich.console import Console

    sides = {pid: s.state.players[pid].side for pid in odds.holders}
    kicking, opposing = (
        {pid: p for pid, p in odds.holders.items() if (sides[pid] == s.active) == mine}
        for mine in (True, False))
    table = odds_table(
        f"Kick by {odds.kicker} aimed at {list(odds.aim)} ({s.ruleset.name}"
        f"{', kick block by ' + odds.kick_block if odds.kick_block else ''}; "
        f"landing {odds.landing})",
        [[("turnover", odds.turnover)],
         [(f"kick {k}", p) for k, p in odds.outcomes.items()],
         holder_rows("kicking team holds the ball", odds.kicking_team_holds, kicking),
         holder_rows("opposing team holds the ball", sum(opposing.values(), Fraction(0)),
                     opposing),
         [("ball on the ground", sum(odds.ground.values(), Fraction(0)))]])
    # what was applied first, as every command prints it (issue 26): the ruleset and the
    # kicking team, each team with its set-up (the kicker, the aim and the landing: the title)
    heading = (f"{s.ruleset.name} Kick It! Kick action, {s.active} team kicking\n"
               f"home: {s.names['home']}\naway: {s.names['away']}")
    if play == "defaults":
        Console(highlight=False).print(heading, table, markup=False)
        return
    Console(highlight=False).print(heading + "\n" + _play_line(s), table, _choices_text(odds),
                                   markup=False)


def _play_line(s: KickSetting) -> str:
    """``odds-kick --play best``'s line under the heading: what each coach played."""
    kept = ", ".join(k.replace("_", " ") for k in ("aim", "pass_block", "kick_block")
                     if k in s.given)
    return ("Play: best, exactly: the kicking coach's aim and landing maximise P(no turnover), "
            "the opposing coach's Pass Block move and then kick block minimise it"
            + (f"; played as given: {kept}" if kept else ""))


def _choices_text(odds: KickOdds) -> str:
    """The choices ``odds`` played at a coach's best where they differ from the defaults."""
    lines = [f"- {c.coach} coach: {c.text()}" for c in odds.choices]
    return "Choices played (best for each coach):\n" + (
        "\n".join(lines) if lines else "- none better than the defaults")


def _landing_asked(landing: str | None) -> Landing | None:
    """``odds-kick --landing``: ``"default"``, ``"best"`` or the square ``X,Y``; ``None`` when
    not given. ``typer.BadParameter`` for anything else."""
    if landing in ("default", "best"):
        return "best" if landing == "best" else "default"
    if landing is None:
        return None
    try:
        return Square.parse(landing)
    except ValueError as e:
        raise typer.BadParameter(f"--landing: default, best or X,Y ({e})") from None


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"kick": kick, "odds-kick": odds_kick}
