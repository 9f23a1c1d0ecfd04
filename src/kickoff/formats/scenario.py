"""The scenario and result formats: ``kickoff-scenario/1`` in, ``kickoff-result/1`` out.

The contract is ``shared/spec/scenario-format.md``. Parsing is pydantic (strict: a JSON boolean is
not a number, unknown keys are rejected); the checks that depend on the ruleset (squares on its
pitch, known skills, turn ranges) follow, and every problem is reported with its key path, e.g.
``teams.away.players[3].square: [27, 4] is off the 26x15 pitch``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.actions import Activation, BlockChoice, PassBlock, Rerolls
from kickoff.core.actions.kick import TurnResult, play_turn
from kickoff.core.context import Decisions, Move, PlayerPath
from kickoff.core.dice import (
    BLOCK_FACES,
    MAX_SEED,
    SIDES,
    Dice,
    DieKind,
    ScriptedDice,
    SeededDice,
    new_seed,
)
from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.kickoff import KickoffResult, kick_off
from kickoff.core.pitch import SIDES as TEAM_SIDES
from kickoff.core.pitch import Pitch, Side, Square
from kickoff.core.rulesets import RULESETS, Ruleset
from kickoff.core.setup import kickoff_setup_problems
from kickoff.core.skills import HOUSE_RULE_SKILLS, skill_hint
from kickoff.core.state import GameState, Player, Team
from kickoff.formats.reading import load_json

SCENARIO_FORMAT = "kickoff-scenario/1"
RESULT_FORMAT = "kickoff-result/1"

#: A count (a team's re-rolls, its turn): at most 6 digits, so that a message quoting one that is
#: out of range stays short (a 4,000-digit count was quoted whole).
NonNegative = Annotated[int, Field(ge=0, le=999_999)]
#: A scripted die as a document gives it (checked against its die later): at most 6 digits.
DieIn = Annotated[int, Field(ge=-999_999, le=999_999)]
#: The most skills a player may list (a scenario's or a team file's): a real player has fewer
#: than 15; a longer list is refused before each unknown name is looked up for a hint.
MAX_SKILLS = 32
#: The longest player id or skill name a document may give (a real one has fewer than 30
#: characters): a message quoting a longer one stays short (a 100,000-character id was quoted
#: whole).
MAX_NAME = 64
#: A player id (a player's own or one naming a player), at most :data:`MAX_NAME` characters.
PlayerId = Annotated[str, Field(max_length=MAX_NAME)]
#: A player's skills, at most :data:`MAX_SKILLS` names of at most :data:`MAX_NAME` characters.
SkillList = Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]],
                      Field(max_length=MAX_SKILLS)]
#: The most players a team may list (a scenario's or a team file's; a jersey number is 1..99):
#: with :data:`MAX_SKILLS`, this bounds the work of checking a team.
MAX_TEAM_PLAYERS = 99
#: A square's coordinate as a document gives it: at most 6 digits, as a square option's (a square
#: off the pitch is reported by the ruleset's checks; a 4,000-digit one was quoted whole).
Coordinate = Annotated[int, Field(ge=-999_999, le=999_999)]
SquareIn = tuple[Coordinate, Coordinate]
WeatherName = Literal[
    "sweltering_heat", "very_sunny", "nice", "perfect_conditions", "pouring_rain", "blizzard"
]
StatusName = Literal[
    "standing", "prone", "stunned", "reserves", "knocked_out", "casualty", "sent_off"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerIn(_Strict):
    """A player; ``ag``/``av`` in the ruleset's convention (classic characteristic, else target)."""

    id: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    ma: Annotated[int, Field(ge=1, le=12)]
    st: Annotated[int, Field(ge=1, le=8)]
    ag: Annotated[int, Field(ge=1, le=6)]
    av: Annotated[int, Field(ge=2, le=12)]
    pa: Annotated[int, Field(ge=0, le=6)] | None = None
    name: str = ""
    skills: SkillList = Field(default_factory=list)
    square: SquareIn | None = None
    status: StatusName | None = None


class TeamIn(_Strict):
    """A team: its counters (all default 0) and its players."""

    players: Annotated[list[PlayerIn], Field(max_length=MAX_TEAM_PLAYERS)]
    name: str = ""
    turn: NonNegative = 0
    rerolls: NonNegative = 0
    drive_rerolls: NonNegative = 0
    half_rerolls: NonNegative = 0
    bribes: NonNegative = 0
    cheerleaders: NonNegative = 0
    assistant_coaches: NonNegative = 0
    fan_factor: NonNegative = 0
    fame: Annotated[int, Field(ge=0, le=2)] = 0
    block_assists: NonNegative = 0
    #: Apothecaries the team has not yet used this game (each once per game).
    apothecaries: NonNegative = 0
    prayers: list[
        Literal[
            "trapdoor", "friends_with_the_ref", "stiletto", "iron_man", "knuckle_dusters",
            "bad_habits", "greasy_cleats", "blessed_statue", "moles", "perfect_passing",
            "fan_interaction", "necessary_violence", "fouling_frenzy", "throw_a_rock",
            "under_scrutiny", "intensive_training",
        ]
    ] = Field(default_factory=list)


class TeamsIn(_Strict):
    home: TeamIn
    away: TeamIn


class OptionsIn(_Strict):
    throw_in_die: Literal["template", "d8"] = "template"
    prayer_die: Annotated[int, Field(ge=8, le=16, multiple_of=8)] | None = None


class KickIn(_Strict):
    kicker: PlayerId | None = None
    target: SquareIn | None = None


class MoveIn(_Strict):
    player: PlayerId
    to: SquareIn


class PrayerIn(_Strict):
    player: PlayerId | None = None
    skill: str | None = None


class BlockIn(_Strict):
    choose: Literal["skull", "both_down", "push", "stumble", "pow"] | None = None
    push_to: SquareIn | None = None
    follow_up: bool | None = None
    reroll: Literal["team"] | None = None


class RerollIn(_Strict):
    dodge: Literal["skill", "team"] | bool | None = None
    rush: Literal["skill", "team"] | bool | None = None
    pickup: Literal["skill", "team"] | bool | None = None
    catch: Literal["skill", "team"] | bool | None = None


class PassBlockIn(_Strict):
    player: PlayerId
    path: list[SquareIn] = Field(default_factory=list)


class PlayerPathIn(_Strict):
    """The kick-off move of Kick-Off Return / On the Ball: the player and the squares entered."""

    player: PlayerId
    path: list[SquareIn]


class ActivationIn(_Strict):
    """One player activation (``scenario-format.md``, "Actions")."""

    player: PlayerId
    action: Literal["move", "blitz", "throw_team_mate", "kick_team_mate", "kick"]
    path: list[SquareIn] = Field(default_factory=list)
    target: PlayerId | None = None
    block: BlockIn | None = None
    thrown: PlayerId | None = None
    to: SquareIn | None = None
    aim: SquareIn | None = None
    pass_block: PassBlockIn | None = None
    kick_block: PlayerId | None = None
    landing: SquareIn | None = None
    after_block: list[SquareIn] = Field(default_factory=list)
    reroll: RerollIn | None = None


class DecisionsIn(_Strict):
    use_kick_skill: bool = False
    touchback: PlayerId | SquareIn | None = None
    high_kick: PlayerId | None = None
    kick_off_return: PlayerPathIn | None = None
    on_the_ball: PlayerPathIn | None = None
    quick_snap: list[MoveIn] = Field(default_factory=list)
    perfect_defence: list[MoveIn] = Field(default_factory=list)
    solid_defence: list[MoveIn] = Field(default_factory=list)
    blitz: list[ActivationIn] = Field(default_factory=list)
    charge: list[ActivationIn] = Field(default_factory=list)
    prayer: PrayerIn | None = None
    diving_catch: list[str] | None = None
    #: The players the coach uses his team's apothecary on (docs/formats.md); default nobody.
    apothecary: list[str] = Field(default_factory=list)


class DiceIn(_Strict):
    d3: list[DieIn] = Field(default_factory=list)
    d6: list[DieIn] = Field(default_factory=list)
    d8: list[DieIn] = Field(default_factory=list)
    d16: list[DieIn] = Field(default_factory=list)
    block: list[DieIn | str] = Field(default_factory=list)
    pick: list[DieIn] = Field(default_factory=list)


class BallIn(_Strict):
    square: SquareIn
    carrier: PlayerId | None = None


class ScenarioIn(_Strict):
    """A ``kickoff-scenario/1`` document, as parsed (before the ruleset-dependent checks)."""

    format: Literal["kickoff-scenario/1"]
    ruleset: Literal["classic", "bb2020", "bb2025", "sevens"]
    teams: TeamsIn
    kicking: Literal["home", "away"] | None = None
    house_rules: list[Literal["kick_it"]] = Field(default_factory=list)
    options: OptionsIn = Field(default_factory=OptionsIn)
    phase: Literal["kickoff", "turn"] = "kickoff"
    weather: WeatherName | None = None
    half: Annotated[int, Field(ge=1, le=2)] = 1
    kick: KickIn | None = None
    dice: DiceIn | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None  # as --seed (formats.md)
    decisions: DecisionsIn = Field(default_factory=DecisionsIn)
    active: Literal["home", "away"] | None = None
    actions: list[ActivationIn] | None = None
    ball: BallIn | None = None


def to_activation(a: ActivationIn, where: str) -> Activation:
    """The core :class:`~kickoff.core.actions.Activation` for a parsed activation at ``where``."""
    block = a.block or BlockIn()
    rr = a.reroll or RerollIn()
    return Activation(
        player=a.player,
        action=a.action,
        path=tuple(Square(*sq) for sq in a.path),
        target=a.target,
        block=BlockChoice(block.choose, _to_square(block.push_to), block.follow_up,
                          block.reroll),
        thrown=a.thrown,
        to=_to_square(a.to),
        aim=_to_square(a.aim),
        pass_block=(PassBlock(a.pass_block.player, tuple(Square(*sq) for sq in a.pass_block.path))
                    if a.pass_block is not None else None),
        kick_block=a.kick_block,
        landing=_to_square(a.landing),
        after_block=tuple(Square(*sq) for sq in a.after_block),
        reroll=Rerolls(rr.dodge, rr.rush, rr.pickup, rr.catch),
        where=where,
    )


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out or "(document)"


def _clean_loc(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    # pydantic adds union-member and tagged names (e.g. "str", "tuple[int, int]"): drop them.
    noise = ("str", "int", "constrained-int", "constrained-str", "bool", "list", "tuple",
             "literal", "none", "function-after", "json-or-python")
    return tuple(
        p for p in loc
        if isinstance(p, int) or (not any(c in p for c in "[]|'") and p not in noise)
    )


def _shown(value: Any) -> str:
    """At most 60 characters of ``value`` as JSON, for a message (``...`` if it cannot be shown:
    nested too deeply, an integer too long)."""
    try:
        return json.dumps(value, default=str)[:60]
    except (RecursionError, ValueError):
        return "..."


def pydantic_problems(err: ValidationError) -> list[str]:
    """Turn pydantic's errors into ``key.path: message`` lines, one per key path."""
    seen: dict[str, str] = {}
    for e in err.errors(include_url=False):
        loc = _clean_loc(tuple(e["loc"]))
        path = _path(loc)
        if e["type"] == "extra_forbidden":
            msg = "unknown key"
        elif e["type"] == "missing":
            msg = "required key is missing"
        else:
            msg = f"{e['msg']} (got {_shown(e.get('input'))})"
        seen.setdefault(path, msg)
    return [f"{p}: {m}" for p, m in seen.items()]


def parse_scenario(text: str) -> ScenarioIn:
    """Parse JSON text into :class:`ScenarioIn`; ``ScenarioError`` lists every problem."""
    raw = load_json(text)
    if not isinstance(raw, dict):
        raise ScenarioError(["(document): a scenario is a JSON object"])
    try:
        return ScenarioIn.model_validate_json(text)
    except ValidationError as e:
        raise ScenarioError(pydantic_problems(e)) from None


@dataclass
class LoadedScenario:
    """A checked scenario ready to play: state, ruleset, house rules, decisions and dice."""

    scenario: ScenarioIn
    ruleset: Ruleset
    state: GameState
    decisions: Decisions
    house_rules: frozenset[str]
    #: ``phase: "turn"``: the active team and its activations (a Kick It! Kick action).
    active: Side | None = None
    actions: list[Activation] = field(default_factory=list)

    def dice(self) -> tuple[Dice, int | None]:
        """Fresh dice for a run: ``(dice, seed)``; seed ``None`` for scripted dice."""
        sc = self.scenario
        if sc.dice is not None:
            queues: dict[str, list[int]] = {
                "d3": sc.dice.d3, "d6": sc.dice.d6, "d8": sc.dice.d8, "d16": sc.dice.d16,
                "pick": sc.dice.pick,
                "block": [v if isinstance(v, int) else BLOCK_FACES.index(v) + 1
                          for v in sc.dice.block],
            }
            return ScriptedDice(queues), None
        seed = sc.seed if sc.seed is not None else new_seed()
        return SeededDice(seed), seed


def _to_square(v: SquareIn | None) -> Square | None:
    return None if v is None else Square(v[0], v[1])


def _player_path(v: PlayerPathIn | None) -> PlayerPath | None:
    return None if v is None else PlayerPath(v.player, tuple(Square(*sq) for sq in v.path))


def _phase_problems(sc: ScenarioIn, pitch: Pitch) -> list[str]:
    """The keys that belong to the other phase, and (``phase: "turn"``) the turn's own checks:
    ``active``, ``actions`` and ``ball`` given, players on distinct squares, the ball's carrier
    Standing on the ball's square and able to hold it, a ball on the ground on an empty square
    (``scenario-format.md``, "Actions")."""
    problems: list[str] = []
    if sc.phase == "kickoff":
        problems += [f"{key}: only for phase \"turn\" (a Kick It! Kick action during a turn)"
                     for key in ("active", "actions", "ball") if getattr(sc, key) is not None]
        return problems
    problems += [f"{key}: not used with phase \"turn\" (it gives active, actions and ball "
                 "instead)" for key in ("kicking", "kick") if getattr(sc, key) is not None]
    problems += [f"{key}: required for phase \"turn\"" for key in ("active", "actions", "ball")
                 if getattr(sc, key) is None]
    on: dict[tuple[int, int], str] = {}
    by_id: dict[str, PlayerIn] = {}
    for side in TEAM_SIDES:
        for i, pin in enumerate(getattr(sc.teams, side).players):
            by_id.setdefault(pin.id, pin)
            if pin.square is None:
                continue
            sq = (pin.square[0], pin.square[1])
            if sq in on:
                problems.append(f"teams.{side}.players[{i}].square: {list(sq)} is taken by "
                                f"{on[sq]}: two players on one square")
            on.setdefault(sq, pin.id)
    if sc.ball is None:
        return problems
    sq = (sc.ball.square[0], sc.ball.square[1])
    if not pitch.on_pitch(sq):
        problems.append(f"ball.square: {list(sq)} is off the {pitch.describe()} pitch")
    carrier = sc.ball.carrier
    if carrier is None:
        if sq in on:
            problems.append(f"ball.square: {list(sq)} is {on[sq]}'s square but ball.carrier is "
                            "null: a ball on the ground lies on an empty square")
        return problems
    pin = by_id.get(carrier)
    if pin is None:
        problems.append(f"ball.carrier: no player {carrier!r} in either team")
        return problems
    status = pin.status or ("standing" if pin.square is not None else "reserves")
    if pin.square is None or (pin.square[0], pin.square[1]) != sq:
        problems.append(f"ball.carrier: {carrier} is not on the ball's square {list(sq)}")
    elif status != "standing" or {"no_hands", "ball_and_chain"} & set(pin.skills):
        problems.append(f"ball.carrier: {carrier} cannot hold the ball (a carrier is Standing, "
                        "without No Hands or Ball & Chain)")
    return problems


def load_scenario(sc: ScenarioIn) -> LoadedScenario:
    """Check ``sc`` against its ruleset and build the engine's objects.

    Raises ``ScenarioError`` (every input problem with its key path) or ``SetupError`` (every
    set-up problem) for an invalid scenario.
    """
    rs = RULESETS[sc.ruleset]
    pitch = rs.pitch
    house = frozenset(sc.house_rules)
    known_skills = rs.skills.union(*(HOUSE_RULE_SKILLS.get(h, frozenset()) for h in house))
    problems: list[str] = []
    ids: dict[str, str] = {}
    teams: dict[Side, Team] = {}
    order = 0
    for side in TEAM_SIDES:
        tin: TeamIn = getattr(sc.teams, side)
        tpath = f"teams.{side}"
        if tin.turn > rs.max_turn:
            problems.append(f"{tpath}.turn: {tin.turn} is out of range 0..{rs.max_turn} "
                            f"in {rs.name}")
        if tin.drive_rerolls + tin.half_rerolls > tin.rerolls:
            problems.append(f"{tpath}.rerolls: {tin.rerolls} is fewer than drive_rerolls + "
                            f"half_rerolls ({tin.drive_rerolls} + {tin.half_rerolls})")
        players: list[Player] = []
        for i, pin in enumerate(tin.players):
            ppath = f"{tpath}.players[{i}]"
            if pin.id in ids:
                problems.append(f"{ppath}.id: {pin.id!r} is used twice (also {ids[pin.id]})")
            ids[pin.id] = ppath
            for j, skill in enumerate(pin.skills):
                if skill not in known_skills:
                    problems.append(f"{ppath}.skills[{j}]: unknown skill {skill!r} in {rs.name}"
                                    + skill_hint(skill, known_skills))
            square = _to_square(pin.square)
            if square is not None and not pitch.on_pitch(square):
                problems.append(
                    f"{ppath}.square: {list(square)} is off the {pitch.describe()} pitch"
                )
            status = pin.status or ("standing" if square is not None else "reserves")
            if square is not None and status not in ("standing", "prone", "stunned"):
                problems.append(f"{ppath}.status: {status!r} for a player on the pitch "
                                "(standing, prone or stunned)")
            if square is None and status in ("standing", "prone", "stunned"):
                problems.append(f"{ppath}.status: {status!r} needs a square on the pitch")
            players.append(Player(
                pin.id, side, ma=pin.ma, st=pin.st, ag=pin.ag, av=pin.av, pa=pin.pa,
                name=pin.name, skills=frozenset(pin.skills), square=square,
                status=status, order=order,
            ))
            order += 1
        teams[side] = Team(
            side, players, name=tin.name, turn=tin.turn, rerolls=tin.rerolls,
            drive_rerolls=tin.drive_rerolls, half_rerolls=tin.half_rerolls, bribes=tin.bribes,
            cheerleaders=tin.cheerleaders, assistant_coaches=tin.assistant_coaches,
            fan_factor=tin.fan_factor, fame=tin.fame, block_assists=tin.block_assists,
            prayers=list(dict.fromkeys(tin.prayers)), apothecaries=tin.apothecaries,
        )
    if sc.options.throw_in_die == "d8" and rs.name != "classic":
        problems.append(f"options.throw_in_die: \"d8\" is a classic option, not {rs.name}")
    if sc.options.prayer_die == 16 and rs.prayer_die_fixed:
        problems.append(f"options.prayer_die: {rs.name} always prays on the D8")
    if sc.dice is not None and sc.seed is not None:
        problems.append("seed: give either dice or a seed, not both")
    if sc.dice is not None:
        fixed: tuple[DieKind, ...] = ("d3", "d6", "d8", "d16", "block")
        for kind in fixed:
            for i, v in enumerate(getattr(sc.dice, kind)):
                if isinstance(v, int) and not 1 <= v <= SIDES[kind]:
                    problems.append(f"dice.{kind}[{i}]: {v} is out of range 1..{SIDES[kind]}")
        for i, face in enumerate(sc.dice.block):
            if isinstance(face, str) and face not in BLOCK_FACES:
                problems.append(f"dice.block[{i}]: {face!r} is not a block die face "
                                f"({', '.join(BLOCK_FACES)}) nor a value 1..5")
        for i, v in enumerate(sc.dice.pick):
            if v < 1:
                problems.append(f"dice.pick[{i}]: {v} is out of range (a pick is 1..N)")
    # A turn's active team is the one that kicks the ball: the result reports it as "kicking".
    kicking: Side = (sc.active or "home") if sc.phase == "turn" else (sc.kicking or "home")
    if sc.phase == "kickoff" and sc.kicking is None:
        problems.append("kicking: required for a kick-off (\"home\" or \"away\")")
    problems += _phase_problems(sc, pitch)
    kick = sc.kick or KickIn()
    if kick.kicker is not None:
        if kick.kicker not in ids:
            problems.append(f"kick.kicker: no player {kick.kicker!r} in either team")
        elif not ids[kick.kicker].startswith(f"teams.{kicking}."):
            problems.append(f"kick.kicker: {kick.kicker!r} is not a player of the kicking "
                            f"team ({kicking})")
    target = _to_square(kick.target)
    receiving: Side = "away" if kicking == "home" else "home"
    if target is not None and not pitch.in_receiving_area(receiving, target):
        where = "off the " + pitch.describe() + " pitch" if not pitch.on_pitch(target) else (
            "not in the receiving area")
        problems.append(f"kick.target: {list(target)} is {where}: the target must be beyond the "
                        "kicking team's Line of Scrimmage, "
                        + pitch.describe_receiving_area(receiving))
    d = sc.decisions
    if d.prayer is not None and d.prayer.skill is not None and d.prayer.skill not in known_skills:
        problems.append(f"decisions.prayer.skill: unknown skill {d.prayer.skill!r} in {rs.name}")
    for i, pid in enumerate(d.apothecary):
        if pid not in ids:
            problems.append(f"decisions.apothecary[{i}]: no player {pid!r} in either team")
    if isinstance(d.touchback, tuple) and not pitch.on_pitch(d.touchback):
        problems.append(f"decisions.touchback: {list(d.touchback)} is off the "
                        f"{pitch.describe()} pitch")
    problems += _diving_catch_problems(sc.decisions.diving_catch, teams)
    if problems:
        raise ScenarioError(problems)

    weather = sc.weather or "nice"
    state = GameState(
        pitch, teams, weather="nice" if weather == "perfect_conditions" else weather,
        half=sc.half, kicking=kicking,
    )
    if sc.phase == "turn":
        assert sc.ball is not None and sc.actions is not None
        state.ball, state.carrier = Square(*sc.ball.square), sc.ball.carrier
        decisions = Decisions(throw_in_die=sc.options.throw_in_die,
                              diving_catch=sc.decisions.diving_catch)
        actions = [to_activation(a, f"actions[{i}]") for i, a in enumerate(sc.actions)]
        return LoadedScenario(sc, rs, state, decisions, house, kicking, actions)
    setup = kickoff_setup_problems(state, rs)
    if setup:
        raise SetupError(setup)
    decisions = Decisions(
        kicker=kick.kicker,
        kicker_given=sc.kick is not None and "kicker" in sc.kick.model_fields_set,
        target=target,
        use_kick_skill=d.use_kick_skill,
        touchback=_to_square(d.touchback) if isinstance(d.touchback, tuple) else d.touchback,
        high_kick=d.high_kick,
        kick_off_return=_player_path(d.kick_off_return),
        on_the_ball=_player_path(d.on_the_ball),
        quick_snap=[Move(m.player, Square(*m.to)) for m in d.quick_snap],
        perfect_defence=[Move(m.player, Square(*m.to)) for m in d.perfect_defence],
        solid_defence=[Move(m.player, Square(*m.to)) for m in d.solid_defence],
        blitz=[to_activation(a, f"decisions.blitz[{i}]") for i, a in enumerate(d.blitz)],
        charge=[to_activation(a, f"decisions.charge[{i}]") for i, a in enumerate(d.charge)],
        prayer_player=d.prayer.player if d.prayer else None,
        prayer_skill=d.prayer.skill if d.prayer else None,
        prayer_die=sc.options.prayer_die,
        throw_in_die=sc.options.throw_in_die,
        diving_catch=d.diving_catch,
        apothecary=list(d.apothecary),
    )
    return LoadedScenario(sc, rs, state, decisions, house)


def _diving_catch_problems(chosen: list[str] | None, teams: dict[Side, Team]) -> list[str]:
    """Problems of the ``diving_catch`` decision: every id a player with Diving Catch, once."""
    if not chosen:
        return []
    players = {p.id: p for team in teams.values() for p in team.players}
    problems: list[str] = []
    for i, pid in enumerate(chosen):
        where = f"decisions.diving_catch[{i}]"
        p = players.get(pid)
        if p is None:
            problems.append(f"{where}: no player {pid!r} in either team")
        elif "diving_catch" not in p.skills:
            problems.append(f"{where}: {pid} has no Diving Catch skill (diving_catch)")
        elif pid in chosen[:i]:
            problems.append(f"{where}: {pid} is listed twice")
    return problems


def play(loaded: LoadedScenario) -> tuple[KickoffResult, int | None]:
    """Play the scenario's kick-off once on a copy of its state: ``(result, seed)``.

    Scripted dice left unused at the end are an error (``DiceError``); a ``phase: "turn"``
    scenario is played by :func:`play_turn_scenario` instead (``ScenarioError`` here).
    """
    if loaded.active is not None:
        raise ScenarioError(['phase: "turn": a turn has no kick-off to play'])
    dice, seed = loaded.dice()
    result = kick_off(loaded.state.clone(), loaded.ruleset, dice, loaded.decisions,
                      loaded.house_rules)
    if isinstance(dice, ScriptedDice):
        dice.check_exhausted()
    return result, seed


def play_turn_scenario(loaded: LoadedScenario) -> tuple[TurnResult, int | None]:
    """Play a ``phase: "turn"`` scenario's activations once on a copy of its state:
    ``(result, seed)``. Scripted dice left unused at the end are an error (``DiceError``)."""
    if loaded.active is None:
        raise ScenarioError(['phase: "kickoff": the scenario has no turn to play'])
    dice, seed = loaded.dice()
    result = play_turn(loaded.state.clone(), loaded.ruleset, dice, loaded.active,
                       loaded.actions, loaded.decisions, loaded.house_rules)
    if isinstance(dice, ScriptedDice):
        dice.check_exhausted()
    return result, seed


def _weather_name(weather: str, rs: Ruleset) -> str:
    return rs.fine_weather_name if weather == "nice" else weather


def result_to_json(result: KickoffResult, ruleset: Ruleset, seed: int | None) -> dict[str, Any]:
    """The ``kickoff-result/1`` document for a kick-off (keys in the order of the spec)."""
    dev = result.deviation
    return _document(
        result.state, ruleset, seed,
        kick={
            "kicker": result.kicker,
            "target": None if result.target is None else result.target.as_list(),
            "deviation": None if dev is None else {
                "direction": dev.direction, "roll": dev.roll, "distance": dev.distance,
                "kick_skill": dev.kick_skill, "square": dev.square.as_list(),
            },
            "event": None if result.event is None else {
                "roll": list(result.event.roll), "name": result.event.name,
            },
            "touchback": result.touchback,
        },
        log=result.log,
    )


def turn_result_to_json(result: TurnResult, ruleset: Ruleset, seed: int | None) -> dict[str, Any]:
    """The ``kickoff-result/1`` document for a turn (``scenario-format.md``, "Actions"):
    ``kicking`` is the active team; ``kicker``, ``target``, ``deviation`` and ``event`` are
    ``null``, ``touchback`` false, and ``turnover`` is added."""
    return _document(
        result.state, ruleset, seed,
        kick={"kicker": None, "target": None, "deviation": None, "event": None,
              "touchback": False, "turnover": result.turnover},
        log=result.log,
    )


def _document(
    st: GameState, ruleset: Ruleset, seed: int | None, kick: dict[str, Any],
    log: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "format": RESULT_FORMAT,
        "ruleset": ruleset.name,
        "seed": seed,
        "kicking": st.kicking,
        **kick,
        "ball": {
            "square": None if st.ball is None else [st.ball[0], st.ball[1]],
            "carrier": st.carrier,
        },
        "weather": _weather_name(st.weather, ruleset),
        "teams": {
            side: {
                "turn": t.turn, "rerolls": t.rerolls, "drive_rerolls": t.drive_rerolls,
                "half_rerolls": t.half_rerolls, "bribes": t.bribes, "prayers": list(t.prayers),
                "block_assists": t.block_assists,
                "apothecaries": t.apothecaries,
            }
            for side, t in ((s, st.teams[s]) for s in TEAM_SIDES)
        },
        "players": {
            p.id: {
                "square": None if p.square is None else [p.square[0], p.square[1]],
                "status": p.status, "ma": p.ma, "av": p.av, "skills": sorted(p.skills),
            }
            for s in TEAM_SIDES for p in st.teams[s].players
        },
        "log": log,
    }


def replay_loaded(loaded: LoadedScenario) -> dict[str, Any]:
    """Play a checked scenario (a kick-off, or a turn's activations): the result document."""
    if loaded.active is not None:
        turn, seed = play_turn_scenario(loaded)
        return turn_result_to_json(turn, loaded.ruleset, seed)
    result, seed = play(loaded)
    return result_to_json(result, loaded.ruleset, seed)


def replay_text(text: str) -> dict[str, Any]:
    """Parse, check and play a scenario given as JSON text; the result document.

    Raises a ``KickoffError`` subclass for any invalid input or illegal decision.
    """
    return replay_loaded(load_scenario(parse_scenario(text)))


class ResultOut(_Strict):
    """The ``kickoff-result/1`` document (for its JSON Schema)."""

    class DeviationOut(_Strict):
        direction: Annotated[int, Field(ge=1, le=8)]
        roll: Annotated[int, Field(ge=1, le=6)]
        distance: NonNegative
        kick_skill: bool
        square: SquareIn

    class EventOut(_Strict):
        roll: tuple[int, int]
        name: Literal[
            "get_the_ref", "riot", "time_out", "perfect_defence", "solid_defence", "high_kick",
            "cheering_fans", "changing_weather", "brilliant_coaching", "quick_snap", "blitz",
            "charge", "throw_a_rock", "officious_ref", "dodgy_snack", "pitch_invasion",
        ]

    class BallOut(_Strict):
        square: SquareIn | None
        carrier: str | None

    class TeamOut(_Strict):
        turn: NonNegative
        rerolls: NonNegative
        drive_rerolls: NonNegative
        half_rerolls: NonNegative
        bribes: NonNegative
        prayers: list[str]
        block_assists: NonNegative
        apothecaries: NonNegative

    class PlayerOut(_Strict):
        square: SquareIn | None
        status: StatusName
        ma: int
        av: int
        skills: list[str]

    format: Literal["kickoff-result/1"]
    ruleset: Literal["classic", "bb2020", "bb2025", "sevens"]
    seed: int | None
    kicking: Literal["home", "away"]
    kicker: str | None
    target: SquareIn | None
    deviation: DeviationOut | None
    event: EventOut | None
    touchback: bool
    ball: BallOut
    weather: WeatherName
    teams: dict[Literal["home", "away"], TeamOut]
    players: dict[str, PlayerOut]
    log: list[dict[str, Any]]
    turnover: bool | None = None


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of both formats, generated from the models: ``{file name: schema}``."""
    return {
        "kickoff-scenario-1.schema.json": ScenarioIn.model_json_schema(),
        "kickoff-result-1.schema.json": ResultOut.model_json_schema(),
    }
