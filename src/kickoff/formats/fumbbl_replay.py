"""FUMBBL replays: every kick-off of a game as a ``kickoff-scenario/1`` case.

A FUMBBL replay (as FUMBBL serves it: gzipped JSON; plain JSON is accepted too) holds the game as
it stood at the end (``game``: rosters, final field model, options) and the whole game log
(``gameLog.commandArray``): each command carries *model changes* (a player's square or state, the
turn data, the ball, the turn mode) and *reports* (dice and events: ``kickoffScatter``,
``kickoffResult``, ``catchRoll``, ``scatterBall``, ``throwIn``, ``extraReRoll``, ...).

The extractor replays the model changes from the start of the game, and at each ``kickoffScatter``
report takes a snapshot of the state (players' squares and states, turn markers, re-rolls,
weather, half, the kicking team), then reads the reports of the kick-off (until the first regular
turn starts) into the scripted dice, the coaches' decisions, and what FUMBBL recorded as the
outcome (``expect``). Each kick-off becomes one case, in the shape of the shared cases:
``{"about", "source", "scenario", "expect"}``; ``expect`` maps dotted paths of the
``kickoff-result/1`` document to the values FUMBBL recorded. See ``docs/fumbbl.md``.

FUMBBL numbers its D8 clockwise from north (1 N, 2 NE, ... 8 NW); scenarios use the Random
Direction template's numbering (``pitch-and-dice.md``): :data:`FUMBBL_D8` translates.

Every problem with the file (missing, truncated gzip, not JSON, JSON of the wrong shape, a skill or
report the extractor cannot translate) raises :class:`~kickoff.core.errors.ScenarioError` with a
message naming the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.errors import ScenarioError
from kickoff.core.events import PRAYERS
from kickoff.core.pitch import SIDES, Side
from kickoff.core.rulesets import RULESETS
from kickoff.core.skills import RESPELLINGS
from kickoff.formats.reading import inflate_gzip, load_json, read_bytes
from kickoff.formats.scenario import SCENARIO_FORMAT, DecisionsIn, pydantic_problems

# --------------------------------------------------------------------------- dice translation

#: FUMBBL's D8 (clockwise from north) -> the Random Direction template's number.
FUMBBL_D8: dict[int, int] = {1: 2, 2: 3, 3: 5, 4: 8, 5: 7, 6: 6, 7: 4, 8: 1}

#: FUMBBL's direction names -> FUMBBL's D8 number.
FUMBBL_DIRECTIONS: dict[str, int] = {
    "North": 1, "Northeast": 2, "East": 3, "Southeast": 4,
    "South": 5, "Southwest": 6, "West": 7, "Northwest": 8,
}

#: The template's number -> (dx, dy), ``y - 1`` being north (``pitch-and-dice.md``).
TEMPLATE_STEP: dict[int, tuple[int, int]] = {
    1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0), 6: (-1, 1), 7: (0, 1), 8: (1, 1),
}


def translate_d8(fumbbl_roll: int) -> int:
    """FUMBBL's D8 value (1 N, 2 NE, ... 8 NW) as the template's number (``pitch-and-dice.md``).

    Raises ``ValueError`` for a value outside 1..8.
    """
    try:
        return FUMBBL_D8[fumbbl_roll]
    except KeyError:
        raise ValueError(f"{fumbbl_roll} is not a D8 value") from None


# --------------------------------------------------------------------------- names

#: FUMBBL ``rulesVersion`` game option -> our ruleset.
RULES_VERSIONS: dict[str, str] = {"BB2016": "classic", "BB2020": "bb2020", "BB2025": "bb2025"}

#: FUMBBL weather names -> ours.
WEATHERS: dict[str, str] = {
    "Sweltering Heat": "sweltering_heat", "Very Sunny": "very_sunny", "Nice Weather": "nice",
    "Nice": "nice", "Perfect Conditions": "nice", "Pouring Rain": "pouring_rain",
    "Blizzard": "blizzard",
}

#: FUMBBL kick-off result names -> our event names.
EVENTS: dict[str, str] = {
    "Get the Ref": "get_the_ref", "Riot": "riot", "Time-out": "time_out", "Timeout": "time_out",
    "Perfect Defence": "perfect_defence", "Solid Defence": "solid_defence",
    "High Kick": "high_kick", "Cheering Fans": "cheering_fans",
    "Changing Weather": "changing_weather", "Weather Change": "changing_weather",
    "Brilliant Coaching": "brilliant_coaching", "Quick Snap": "quick_snap",
    "Quick Snap!": "quick_snap", "Blitz": "blitz", "Blitz!": "blitz", "Charge!": "charge",
    "Charge": "charge", "Throw a Rock": "throw_a_rock", "Officious Ref": "officious_ref",
    "Dodgy Snack": "dodgy_snack", "Pitch Invasion": "pitch_invasion",
}

#: FUMBBL turn modes of the Blitz! / Charge! free turn (and its sub-modes), during the kick-off.
FREE_TURN_MODES: frozenset[str] = frozenset({
    "blitz", "bombHomeBlitz", "bombAwayBlitz", "selectBlitzTarget", "selectGazeTarget",
    "passBlock", "dumpOff", "interception", "hitAndRun", "bombHome", "bombAway",
    "placeCarriedPlayer", "selectBlockKind"})

#: The corner squares and the D3's directions from each, 1 to 3 (``pitch-and-dice.md``).
CORNER_THROW_IN: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (0, 0): ((1, 0), (1, 1), (0, 1)), (25, 0): ((0, 1), (-1, 1), (-1, 0)),
    (25, 14): ((-1, 0), (-1, -1), (0, -1)), (0, 14): ((0, -1), (1, -1), (1, 0)),
}

#: Our rulesets whose FUMBBL rules version rolls the corner throw-in's D3 (its bb2025 does; its
#: bb2020 has no corner rule, christerk/ffb ``mechanics/bb2020/ThrowInMechanic``).
FUMBBL_CORNER_RULE: frozenset[str] = frozenset({"bb2025"})

#: Prayers to Nuffle whose player is random (a ``pick``): (the skill or effect a candidate must
#: lack, whether it is a skill, whether Loner bars him), as ``core/events.py`` applies them.
PRAYER_RANDOM: dict[str, tuple[str, bool, bool]] = {
    "stiletto": ("stab", True, True), "bad_habits": ("loner", True, True),
    "greasy_cleats": ("greasy_cleats", False, False),
    "intensive_training": ("intensive_training", False, True),
}

#: Prayers to Nuffle whose player the coach chooses (``decisions.prayer.player``).
PRAYER_CHOSEN: frozenset[str] = frozenset({"iron_man", "knuckle_dusters", "blessed_statue"})

#: Our rulesets whose FUMBBL rules version rolls all three Changing Weather scatters even after
#: one leaves the receiving half (its bb2025 stops there, as the engine does).
FUMBBL_WEATHER_SCATTERS_ON: frozenset[str] = frozenset({"bb2020"})

#: Inducements that count on the Kick-off table (bb2020 / bb2025 Temp Agency Cheerleaders and
#: Part-time Assistant Coaches, christerk/ffb ``inducement/bb2020/InducementCollection``, usages
#: ADD_CHEERLEADER and ADD_COACH): added to the team's cheerleaders and assistant coaches.
TABLE_INDUCEMENTS: frozenset[str] = frozenset({"tempCheerleader", "partTimeCoach"})

#: Our rulesets whose FUMBBL rules version takes 1 from the Brilliant Coaching roll of a team whose
#: head coach was sent off for arguing the call (its bb2016 and bb2020 steps do, its bb2025 not).
BANNED_COACH_RULES: frozenset[str] = frozenset({"classic", "bb2020"})

#: FUMBBL's stat increases, listed among the skills: the characteristics already include them.
STAT_INCREASES: frozenset[str] = frozenset({"+MA", "+ST", "+AG", "+PA", "+AV"})


def skill_name(fumbbl: str, known: frozenset[str]) -> str:
    """Our snake_case name for the FUMBBL skill ``fumbbl`` (``"Throw Team-Mate"`` ->
    ``"throw_team_mate"``), checked against ``known`` (the ruleset's skills). Where FUMBBL spells
    a skill as another edition does (its bb2020 ``Side Step``), the edition's own spelling of the
    same skill (``sidestep``, :data:`~kickoff.core.skills.RESPELLINGS`) is returned.

    Raises ``KeyError`` (with the FUMBBL name) when there is no such skill in ``known``.
    """
    base = fumbbl.split("(")[0].strip().lower()
    snake = (base.replace("&", " and ").replace("'", "").replace("!", "")
             .replace("-", " ").replace("/", " "))
    snake = "_".join(snake.split())
    if snake in known:
        return snake
    for pair in RESPELLINGS:
        if snake in pair:
            for name in pair:
                if name in known:
                    return name
    raise KeyError(fumbbl)


# FUMBBL player states: the low byte is the base state; higher bits are flags (active, ...).
_STANDING, _MOVING, _PRONE, _STUNNED, _KO = 1, 2, 3, 4, 5
_BADLY_HURT, _SERIOUS, _RIP, _RESERVE, _MISSING = 6, 7, 8, 9, 10
_BANNED, _EXHAUSTED = 13, 14

_OFF_PITCH_STATUS: dict[int, str] = {
    _RESERVE: "reserves", _KO: "knocked_out", _BADLY_HURT: "casualty", _SERIOUS: "casualty",
    _RIP: "casualty", _MISSING: "casualty", _BANNED: "sent_off", _EXHAUSTED: "knocked_out",
}


def _status(square: tuple[int, int] | None, state: int) -> str:
    """Our status for a FUMBBL player state (base = low byte) on or off the pitch."""
    base = state & 0xFF
    if square is not None:
        return {_PRONE: "prone", _STUNNED: "stunned"}.get(base, "standing")
    return _OFF_PITCH_STATUS.get(base, "reserves")


# --------------------------------------------------------------------------- the replay's shape


class _Loose(BaseModel):
    """FUMBBL objects carry many more keys than the extractor reads: those are ignored."""

    model_config = ConfigDict(extra="ignore")


class ModelChange(_Loose):
    modelChangeId: str
    modelChangeKey: str | None = None
    modelChangeValue: Any = None


class ModelChangeList(_Loose):
    modelChangeArray: list[ModelChange] = Field(default_factory=list)


class Report(_Loose):
    model_config = ConfigDict(extra="allow")
    reportId: str


class ReportList(_Loose):
    reports: list[Report] = Field(default_factory=list)


class Command(_Loose):
    netCommandId: str = ""
    commandNr: int = 0
    modelChangeList: ModelChangeList = Field(default_factory=ModelChangeList)
    reportList: ReportList = Field(default_factory=ReportList)


class GameLog(_Loose):
    commandArray: list[Command]


class PlayerModel(_Loose):
    playerId: str
    playerNr: int
    positionId: str = ""
    playerName: str = ""
    movement: int
    strength: int
    agility: int
    passing: int = 0
    armour: int
    skillArray: list[str] = Field(default_factory=list)


class PositionModel(_Loose):
    positionId: str
    positionName: str = ""


class RosterModel(_Loose):
    positionArray: list[PositionModel] = Field(default_factory=list)


class TeamModel(_Loose):
    teamId: str
    teamName: str = ""
    race: str = ""
    reRolls: int = 0
    cheerleaders: int = 0
    assistantCoaches: int = 0
    dedicatedFans: int = 0
    playerArray: list[PlayerModel]
    roster: RosterModel = Field(default_factory=RosterModel)


class PlayerData(_Loose):
    playerId: str
    playerCoordinate: tuple[int, int] | None = None
    playerState: int = 0


class FieldModel(_Loose):
    playerDataArray: list[PlayerData] = Field(default_factory=list)


class GameOption(_Loose):
    gameOptionId: str
    gameOptionValue: str | None = None


class GameOptions(_Loose):
    gameOptionArray: list[GameOption] = Field(default_factory=list)


class GameModel(_Loose):
    gameId: int | str
    teamHome: TeamModel
    teamAway: TeamModel
    fieldModel: FieldModel = Field(default_factory=FieldModel)
    gameOptions: GameOptions = Field(default_factory=GameOptions)


class Replay(_Loose):
    """The parts of a FUMBBL replay the extractor reads (other keys are ignored)."""

    game: GameModel
    gameLog: GameLog


# Reports read during a kick-off, validated when met.


class KickoffScatterReport(_Loose):
    ballCoordinateEnd: tuple[int, int]
    scatterDirection: str
    rollScatterDirection: int
    rollScatterDistance: int


class KickoffResultReport(_Loose):
    kickoffResult: str
    kickoffRoll: tuple[int, int]


class RollReport(_Loose):
    roll: int
    playerId: str | None = None


class ContestReport(_Loose):
    rollHome: int
    rollAway: int


class OfficiousRefReport(ContestReport):
    playerIdsHit: list[str] = Field(default_factory=list)


class PitchInvasionReport(ContestReport):
    amount: int = 0
    playerIds: list[str] = Field(default_factory=list)


class ClassicPitchInvasionReport(_Loose):
    """bb2016: a D6 per player of each team's roster (0 for a player not on the pitch)."""

    rollsHome: list[int]
    rollsAway: list[int]


class ThrowARockReport(ContestReport):
    playerIdsHit: list[str] = Field(default_factory=list)


class RiotReport(_Loose):
    roll: int = 0


class InjuryReport(_Loose):
    defenderId: str
    injuryType: str | None = None
    armorRoll: list[int] | None = None
    injuryRoll: list[int] | None = None


class ScatterBallReport(_Loose):
    directionArray: list[str]
    rolls: list[int]
    gustOfWind: bool = False


class ThrowInReport(_Loose):
    direction: str | None = None
    directionRoll: int
    distanceRoll: list[int]


class WeatherReport(_Loose):
    weather: str
    weatherRoll: list[int] = Field(default_factory=list)


class CountReport(_Loose):
    roll: int


_ModelT = TypeVar("_ModelT", bound=BaseModel)


# --------------------------------------------------------------------------- reading the file


def read_replay(path: str | Path) -> Replay:
    """Read a FUMBBL replay file: gzipped JSON (as FUMBBL serves it) or plain JSON.

    Returns the validated :class:`Replay`. Raises ``ScenarioError`` naming the file for a missing
    or unreadable file, a truncated or corrupt gzip stream, text that is not JSON, or JSON that is
    not a FUMBBL replay (each wrong key path listed).
    """
    where = str(path)
    raw = read_bytes(path, where)  # bounded: MAX_INPUT_BYTES, as what it inflates to
    if raw[:2] == b"\x1f\x8b":
        raw = inflate_gzip(raw, where)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError([f"{where}: not a FUMBBL replay: neither gzip nor UTF-8 JSON text"]) from None
    doc = load_json(text, where)
    if not isinstance(doc, dict):
        raise ScenarioError([f"{where}: not a FUMBBL replay: the document is not a JSON object"])
    try:
        return Replay.model_validate(doc)
    except ValidationError as e:
        problems = pydantic_problems(e)
        raise ScenarioError([f"{where}: not a FUMBBL replay: {p}" for p in problems[:12]]) from None


# --------------------------------------------------------------------------- the extracted cases


@dataclass
class ExtractedKickoff:
    """One kick-off of a replay.

    ``case`` is ``{"about", "source", "scenario", "expect"}``: the scenario document and what
    FUMBBL recorded (``expect``: dotted paths of the result document -> values). ``notes`` lists
    what the extractor could not recover (the scenario may then not reproduce FUMBBL's outcome);
    ``rulings`` lists the project's rulings that differ from FUMBBL's on this kick-off;
    ``pending`` holds the decisions recovered from the log that the engine does not take yet
    (:func:`engine_decisions`).
    """

    number: int
    half: int
    kicking: Side
    case: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)

    @property
    def scenario(self) -> dict[str, Any]:
        """The ``kickoff-scenario/1`` document."""
        scenario: dict[str, Any] = self.case["scenario"]
        return scenario

    @property
    def expect(self) -> dict[str, Any]:
        """FUMBBL's outcome: dotted result paths -> values."""
        expect: dict[str, Any] = self.case["expect"]
        return expect


@dataclass
class _PlayerInfo:
    pid: str
    side: Side
    doc: dict[str, Any]


@dataclass
class _Tracker:
    """The game state as the model changes build it up."""

    coords: dict[str, tuple[int, int] | None]
    states: dict[str, int]
    turn: dict[Side, int] = field(default_factory=lambda: {"home": 0, "away": 0})
    rerolls: dict[Side, int] = field(default_factory=lambda: {"home": 0, "away": 0})
    drive_rerolls: dict[Side, dict[str, int]] = field(
        default_factory=lambda: {"home": {}, "away": {}})
    fan_factor: dict[Side, int] = field(default_factory=lambda: {"home": 0, "away": 0})
    fame: dict[Side, int] = field(default_factory=lambda: {"home": 0, "away": 0})
    coach_banned: dict[Side, bool] = field(default_factory=lambda: {"home": False, "away": False})
    #: apothecaries not yet used this game (FUMBBL's turnDataSetApothecaries: the team's own
    #: and wandering apothecaries bought for the game)
    apothecaries: dict[Side, int] = field(default_factory=lambda: {"home": 0, "away": 0})
    #: inducements bought for the game that count on the Kick-off table, by FUMBBL type
    inducements: dict[Side, dict[str, int]] = field(
        default_factory=lambda: {"home": {}, "away": {}})
    half: int = 1
    home_playing: bool = True
    weather: str = "nice"
    turn_mode: str = ""
    ball: tuple[int, int] | None = None
    ball_moving: bool = False


def _side_key(key: str | None) -> Side | None:
    return key if key in ("home", "away") else None  # type: ignore[return-value]


def _square(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return None


_DRIVE_REROLL_CHANGES = {
    "turnDataSetReRollsBrilliantCoachingOneDrive": "brilliant_coaching",
    "turnDataSetReRollsPumpUpTheCrowdOneDrive": "pump_up_the_crowd",
}


def _apply(tr: _Tracker, ch: ModelChange) -> None:
    """Apply one model change to the tracked state (unknown changes are ignored)."""
    cid, key, value = ch.modelChangeId, ch.modelChangeKey, ch.modelChangeValue
    side = _side_key(key)
    if cid == "fieldModelSetPlayerCoordinate" and key is not None:
        sq = _square(value)
        if _on_pitch(sq) is not None:
            # FUMBBL's field model keeps one player a square: one put on an occupied square
            # takes it, and the player there is off the pitch (its 2017 set-up let a coach drop
            # a player on another and logged no change for the one displaced: 1005377)
            for other, at in tr.coords.items():
                if at == sq and other != key:
                    tr.coords[other] = None
        tr.coords[key] = sq
    elif cid == "fieldModelSetPlayerState" and key is not None and isinstance(value, int):
        tr.states[key] = value
    elif cid == "fieldModelRemovePlayer" and isinstance(value, str):
        tr.coords[value] = None
    elif cid == "turnDataSetTurnNr" and side and isinstance(value, int):
        tr.turn[side] = value
    elif cid == "turnDataSetReRolls" and side and isinstance(value, int):
        tr.rerolls[side] = value
    elif cid in _DRIVE_REROLL_CHANGES and side and isinstance(value, int):
        tr.drive_rerolls[side][_DRIVE_REROLL_CHANGES[cid]] = value
    elif cid == "teamResultSetFanFactor" and side and isinstance(value, int):
        tr.fan_factor[side] = value
    elif cid == "teamResultSetFame" and side and isinstance(value, int):
        tr.fame[side] = value
    elif cid == "turnDataSetApothecaries" and side and isinstance(value, int):
        tr.apothecaries[side] = value
    elif cid == "turnDataSetCoachBanned" and side and isinstance(value, bool):
        tr.coach_banned[side] = value
    elif cid == "inducementSetAddInducement" and side and isinstance(value, dict):
        kind, amount = value.get("inducementType"), value.get("value")
        if kind in TABLE_INDUCEMENTS and isinstance(amount, int):
            tr.inducements[side][kind] = amount
    elif cid == "gameSetHalf" and isinstance(value, int):
        tr.half = value
    elif cid == "gameSetHomePlaying" and isinstance(value, bool):
        tr.home_playing = value
    elif cid == "gameSetTurnMode" and isinstance(value, str):
        tr.turn_mode = value
    elif cid == "fieldModelSetBallCoordinate":
        tr.ball = _square(value)
    elif cid == "fieldModelSetBallMoving" and isinstance(value, bool):
        tr.ball_moving = value
    elif cid == "fieldModelSetWeather" and isinstance(value, str):
        tr.weather = WEATHERS.get(value, tr.weather)


def _on_pitch(sq: tuple[int, int] | None) -> tuple[int, int] | None:
    """The square if it is on the 26x15 pitch (FUMBBL's dugouts lie outside it)."""
    if sq is not None and 0 <= sq[0] <= 25 and 0 <= sq[1] <= 14:
        return sq
    return None


def _other(side: Side) -> Side:
    return "away" if side == "home" else "home"


def _model(cls: type[_ModelT], report: Report, where: str) -> _ModelT:
    try:
        return cls.model_validate(report.model_dump())
    except ValidationError as e:
        problems = "; ".join(p.text() for p in pydantic_problems(e))
        raise ScenarioError([f"{where}: FUMBBL report {report.reportId!r} has an unexpected "
                             f"shape: {problems}"]) from None



def _d8(roll: int, name: str | None, where: str) -> int:
    """Translate a FUMBBL D8, cross-checked with its direction name when there is one."""
    if name is not None and FUMBBL_DIRECTIONS.get(name) not in (None, roll):
        raise ScenarioError([f"{where}: FUMBBL D8 roll {roll} does not match its direction "
                             f"{name!r}"])
    try:
        return translate_d8(roll)
    except ValueError:
        raise ScenarioError([f"{where}: FUMBBL D8 roll {roll} is out of range 1..8"]) from None


def engine_decisions(decisions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(known, pending)``: the recovered decisions the scenario format takes, and those it does
    not take yet (``kick_off_return`` / ``on_the_ball``, ``diving_catch``, recovered from FUMBBL's
    log before the engine plays them); they join the scenario once ``DecisionsIn`` has them."""
    fields = DecisionsIn.model_fields
    known = {k: v for k, v in decisions.items() if k in fields}
    return known, {k: v for k, v in decisions.items() if k not in fields}


class _KickoffBuilder:
    """Collects one kick-off: snapshot before, reports and model changes until a turn starts."""

    def __init__(self, ex: _Extractor, number: int, tr: _Tracker) -> None:
        self.ex = ex
        self.number = number
        self.where = f"{ex.where}: kick-off {number}"
        self.kicking: Side = "home" if tr.home_playing else "away"
        self.receiving: Side = _other(self.kicking)
        self.half = tr.half
        self.weather = tr.weather
        self.coords = {pid: _on_pitch(c) for pid, c in tr.coords.items()}
        self.states = dict(tr.states)
        self.turn = dict(tr.turn)
        self.rerolls = dict(tr.rerolls)
        self.drive = {s: sum(tr.drive_rerolls[s].values()) for s in SIDES}
        self.fan_factor = dict(tr.fan_factor)
        self.fame = dict(tr.fame)
        self.inducements = {s: dict(tr.inducements[s]) for s in SIDES}
        self.coach_banned = dict(tr.coach_banned)
        self.apothecaries = dict(tr.apothecaries)
        self.dice: dict[str, list[int]] = {}
        self.decisions: dict[str, Any] = {}
        self.notes: list[str] = []
        self.rulings: list[str] = []
        self.event: str | None = None
        self.event_roll: list[int] | None = None
        self.deviation: dict[str, Any] = {}
        self.target: tuple[int, int] | None = None
        self.touchback_path = False
        self.kicker: str | None = None
        self.prayer: dict[str, str] = {}
        self.prayer_chosen: list[str] = []
        #: the players FUMBBL's apothecary patched up, in order (its apothecaryChoice reports)
        self.apothecary: list[str] = []
        self.ball_start: tuple[int, int] | None = None
        self.mode = "kickoff"
        self.free_turn_moves = 0
        self.return_path: list[tuple[str, tuple[int, int]]] = []
        self.diving_catch: list[str] = []
        self.turn_modes: list[str] = []
        self.moves: list[tuple[str, tuple[int, int]]] = []
        self.prayers: dict[Side, list[str]] = {"home": [], "away": []}
        self.throw_in = False
        self.done = False
        self.ref_hit: list[str] = []
        self.ref_rolls: dict[str, int] = {}
        self.pending_prayer: str | None = None
        self.fans_winners: list[Side] = []

    # -- dice

    def add(self, kind: str, *values: int) -> None:
        self.dice.setdefault(kind, []).extend(values)

    def defence_substitutions(self, tr: _Tracker) -> None:
        """At the end of a Perfect / Solid Defence: FUMBBL's set-up (christerk/ffb
        ``UtilServerSetup.setupPlayer``, any box square allowed) lets the kicking coach swap
        players with the Reserves; the book sets up the same players again (``rulings.md`` 6):
        a ruling."""
        def on_pitch(coords: dict[str, tuple[int, int] | None]) -> set[str]:
            return {p.pid for p in self.ex.order
                    if p.side == self.kicking and _on_pitch(coords.get(p.pid)) is not None}

        if on_pitch(tr.coords) != on_pitch(self.coords):
            self.rulings.append(f"{self.event}: FUMBBL lets the kicking coach swap players with "
                                "the Reserves; the book sets up the same players again "
                                "(rulings.md 6)")

    def weather_scatters(self, d8s: list[int]) -> list[int]:
        """The Changing Weather scatters the engine rolls: up to the first square outside the
        receiving half, a touchback (``rulings.md`` 2.6). FUMBBL's bb2020 rolls all three even
        then (christerk/ffb ``step/bb2020/StepApplyKickoffResult.handleWeatherChange``: the ball
        stays on its last square and may scatter on, and back, with no touchback): a ruling."""
        sq = self.ball_start
        if sq is None or self.ex.ruleset not in FUMBBL_WEATHER_SCATTERS_ON:
            return d8s
        for i, d8 in enumerate(d8s):
            dx, dy = TEMPLATE_STEP[d8]
            sq = (sq[0] + dx, sq[1] + dy)
            if self.out_of_play(sq):
                if i + 1 < len(d8s):
                    self.rulings.append(
                        "Changing Weather scatter: FUMBBL's bb2020 scatters on after the ball "
                        "leaves the receiving half; we stop there, a touchback (rulings.md 2.6)")
                return d8s[:i + 1]
        return d8s

    def throw_in_direction(self, r: ThrowInReport) -> tuple[str, int]:
        """The direction die of a throw-in: FUMBBL's D6 follows the template as
        ``pitch-and-dice.md`` numbers it; from a corner square, where the ruleset has the corner
        rule, a D3: FUMBBL rolls it in bb2025; its bb2020 has no corner rule and rolls the D6 of
        the end line, which is translated to the D3 giving the same direction, or else is a
        ruling."""
        start = self.ball_start
        rs = RULESETS[self.ex.ruleset]
        corner = start is not None and start in CORNER_THROW_IN
        if not (corner and rs.corner_rule):
            return "d6", r.directionRoll
        if self.ex.ruleset in FUMBBL_CORNER_RULE:
            return "d3", r.directionRoll
        assert start is not None
        fumbbl = FUMBBL_DIRECTIONS.get(r.direction or "")
        step = TEMPLATE_STEP[translate_d8(fumbbl)] if fumbbl else None
        sweep = CORNER_THROW_IN[start]
        if step in sweep:
            return "d3", sweep.index(step) + 1
        self.rulings.append(f"corner throw-in from {list(start)}: FUMBBL's {self.ex.ruleset} has "
                            "no corner rule (a D6 as from the end line); we roll the D3 "
                            "(rulings.md 4)")
        return "d3", 1

    def prayer_effect(self, pid: str, message: str) -> None:
        """A player FUMBBL's prayer chose (its ``playerEvent`` report): a random one as a ``pick``
        among the engine's candidates (``rulings.md`` 6, Prayers to Nuffle), Bad Habits' D3 as
        the number of players it names; a chosen one as ``decisions.prayer.player``; Intensive
        Training's skill ("gains Dodge") as ``decisions.prayer.skill``."""
        prayer = self.pending_prayer
        if pid not in self.ex.players or prayer is None:
            return
        side = self.side_of(pid)
        if prayer in PRAYER_CHOSEN:
            self.prayer["player"] = f"p{pid}"
            return
        if prayer not in PRAYER_RANDOM:
            return
        marker, is_skill, no_loner = PRAYER_RANDOM[prayer]
        candidates = [
            q for q in self.candidates(side)
            if not (is_skill and marker in self.ex.players[q].doc["skills"])
            and not (no_loner and "loner" in self.ex.players[q].doc["skills"])
            and q not in self.prayer_chosen]
        if prayer == "bad_habits":
            if not self.prayer_chosen:
                self.add("d3", 1)
            else:
                self.dice["d3"][-1] += 1
        if pid not in candidates:
            self.notes.append(f"{prayer}: FUMBBL chose {pid}, not one of the engine's candidates")
        elif len(candidates) > 1:
            self.add("pick", candidates.index(pid) + 1)
        self.prayer_chosen.append(pid)
        if prayer == "intensive_training" and message.startswith("gains "):
            try:
                self.prayer["skill"] = skill_name(message[len("gains "):],
                                                  RULESETS[self.ex.ruleset].skills)
            except KeyError:
                self.notes.append(f"intensive training: FUMBBL's skill {message!r} is unknown")

    def use_kick(self, pid: str) -> None:
        """The kicker used the Kick skill (FUMBBL's ``skillUse`` ``halveKickoffScatter``): classic
        and bb2020 report it after the deviation, whose report gives the un-halved square; bb2025
        reports it before the roll, whose distance is then the D3."""
        if pid not in self.ex.players:
            raise ScenarioError([f"{self.where}: FUMBBL's Kick skill user {pid!r} is no player "
                                 "of the game"])
        self.kicker = pid
        if self.deviation and self.target is not None:
            direction = self.deviation["direction"]
            dx, dy = TEMPLATE_STEP[direction]
            dist = self.deviation["distance"] // 2
            if RULESETS[self.ex.ruleset].kick_skill == "d3":
                # bb2025 with FUMBBL's game option askForKickAfterRoll: the D6 is halved
                # rounding up, which is the D3 the engine rolls (declared before: rulings.md 2.3)
                roll = self.deviation["distance"]
                dist = (roll + 1) // 2
                self.dice["d6"].remove(roll)
                self.add("d3", dist)
            self.deviation = {"direction": direction, "distance": dist,
                              "square": [self.target[0] + dx * dist, self.target[1] + dy * dist]}

    def contest_die(self, report_id: str) -> str:
        """The die both coaches roll for a contest report (classic: Cheering Fans and Brilliant
        Coaching roll a D3, ``rulings.md`` 6)."""
        rs = RULESETS[self.ex.ruleset]
        spec = {"cheeringFans": rs.cheering_fans, "kickoffThrowARock": rs.throw_a_rock}.get(
            report_id,
            rs.cheering_fans if self.event == "cheering_fans" else rs.brilliant_coaching)
        return spec.die if spec is not None else "d6"

    def kicking_first(self, rep: ContestReport) -> tuple[int, int]:
        if self.kicking == "home":
            return rep.rollHome, rep.rollAway
        return rep.rollAway, rep.rollHome

    def side_of(self, pid: str) -> Side:
        return self.ex.players[pid].side

    def candidates(self, side: Side) -> list[str]:
        """Players of ``side`` on the pitch at the kick, in input order (pick candidates)."""
        return [p.pid for p in self.ex.order if p.side == side and self.coords.get(p.pid)]

    def add_picks(self, side: Side, chosen: Sequence[str], k: int | None = None) -> None:
        """The ``pick`` dice choosing ``chosen`` (in order) among ``side``'s players on the pitch."""
        remaining = self.candidates(side)
        if k is not None and k >= len(remaining):
            return  # everyone is chosen: nothing rolled (``pitch-and-dice.md``)
        for pid in chosen:
            if pid not in remaining:
                self.notes.append(f"random pick of {pid} not among the candidates")
                return
            if len(remaining) > 1:
                self.add("pick", remaining.index(pid) + 1)
            remaining.remove(pid)

    # -- reports

    def report(self, rep: Report) -> None:
        rid = rep.reportId
        w = f"{self.where}"
        if self.mode in FREE_TURN_MODES and rid != "blitzRoll":
            # the free turn's own dice (moves, blocks, ...) are not recovered yet; its count
            # (bb2020 / bb2025) is reported once the turn mode is already ``blitz``
            self.free_turn_moves += rid in ("playerAction", "block", "foul", "passRoll")
            return
        extra = rep.model_extra or {}
        if rid == "skillUse" and extra.get("skillUse") == "catchBall" and extra.get("used") and (
                str(extra.get("skill", "")).lower() == "diving catch"):
            self.diving_catch.append(f"p{extra.get('playerId')}")
        if rid == "kickoffScatter":
            r = _model(KickoffScatterReport, rep, w)
            direction = _d8(r.rollScatterDirection, r.scatterDirection, w)
            dx, dy = TEMPLATE_STEP[direction]
            end = r.ballCoordinateEnd
            dist = r.rollScatterDistance
            self.target = (end[0] - dx * dist, end[1] - dy * dist)
            self.add("d8", direction)
            # bb2025: Kick is declared before the roll and the distance is a D3 (the report's)
            d3 = self.kicker is not None and RULESETS[self.ex.ruleset].kick_skill == "d3"
            self.add("d3" if d3 else "d6", dist)
            self.deviation = {"direction": direction, "distance": dist, "square": list(end)}
        elif (rid == "skillUse" and rep.model_extra
              and rep.model_extra.get("skillUse") == "halveKickoffScatter"
              and rep.model_extra.get("used")):
            self.use_kick(str(rep.model_extra.get("playerId")))
        elif rid == "kickoffResult":
            r2 = _model(KickoffResultReport, rep, w)
            name = EVENTS.get(r2.kickoffResult)
            if name is None:
                raise ScenarioError([f"{w}: unknown FUMBBL kick-off result {r2.kickoffResult!r}"])
            self.event = name
            self.event_roll = list(r2.kickoffRoll)
            self.add("d6", *r2.kickoffRoll)
        elif rid in ("extraReRoll", "cheeringFans", "kickoffThrowARock"):
            c = _model(ContestReport, rep, w)
            self.add(self.contest_die(rid), *self.kicking_first(c))
            if rid == "kickoffThrowARock":
                hit = _model(ThrowARockReport, rep, w).playerIdsHit
                for side in (self.kicking, self.receiving):
                    self.add_picks(side, [p for p in hit if self.side_of(p) == side])
            if rid == "cheeringFans":
                # the winners as FUMBBL names them: bb2020 ``teamId``, bb2025
                # ``teamIdsAdditionalAssist``
                ids = (extra.get("teamIdsAdditionalAssist") or extra.get("teamIds")
                       or [extra.get("teamId")])
                self.fans_winners = [side for side in SIDES
                                     if self.ex.teams[side].teamId in ids]
        elif rid == "kickoffRiot":
            riot = _model(RiotReport, rep, w)
            if riot.roll:
                self.add("d6", riot.roll)
        elif rid == "injury":
            inj = _model(InjuryReport, rep, w)
            self.add("d6", *(inj.armorRoll or []), *(inj.injuryRoll or []))
        elif rid in ("kickoffOfficiousRef", "kickoffDodgySnack"):
            r3 = _model(OfficiousRefReport, rep, w)
            if rid == "kickoffDodgySnack":  # bb2025: ``playerIds``
                r3.playerIdsHit = [str(p) for p in extra.get("playerIds") or []]
            self.add("d6", *self.kicking_first(r3))
            self.ref_hit = r3.playerIdsHit
            for side in (self.kicking, self.receiving):
                self.add_picks(side, [p for p in r3.playerIdsHit if self.side_of(p) == side])
            self.ref_rolls = {}
        elif rid in ("officiousRefRoll", "dodgySnackRoll"):
            r4 = _model(RollReport, rep, w)
            if r4.playerId is not None:
                self.ref_rolls[r4.playerId] = r4.roll
                hit = self.ref_hit
                if all(p in self.ref_rolls for p in hit):
                    ordered = sorted(hit, key=lambda p: self.side_of(p) != self.kicking)
                    self.add("d6", *(self.ref_rolls[p] for p in ordered))
        elif rid == "kickoffPitchInvasion" and "rollsHome" in (rep.model_extra or {}):
            r10 = _model(ClassicPitchInvasionReport, rep, w)
            rolls = {"home": r10.rollsHome, "away": r10.rollsAway}
            for side in (self.kicking, self.receiving):
                team = self.ex.teams[side].playerArray
                for i, roll in enumerate(rolls[side]):
                    if i < len(team) and self.coords.get(team[i].playerId) and roll:
                        self.add("d6", roll)
        elif rid == "kickoffPitchInvasion":
            r5 = _model(PitchInvasionReport, rep, w)
            self.add("d6", *self.kicking_first(r5))
            # ``amount`` counts the players hit on both teams; the D3 is what each losing team
            # lost (FUMBBL rolls it whatever the result)
            invaded = {side: [p for p in r5.playerIds if self.side_of(p) == side]
                       for side in SIDES}
            amount = max(len(v) for v in invaded.values())
            if amount == 0 or amount > 3:
                self.notes.append(f"pitch invasion: the D3 cannot be read from {r5.playerIds}")
            self.add("d3", min(max(amount, 1), 3))
            for side in (self.kicking, self.receiving):
                if invaded[side]:
                    self.add_picks(side, invaded[side], amount)
        elif rid == "prayerRoll":
            r6 = _model(RollReport, rep, w)
            self.add("d16", r6.roll)
            if 1 <= r6.roll <= len(PRAYERS):
                self.pending_prayer = PRAYERS[r6.roll - 1]
        elif rid in ("solidDefenceRoll", "quickSnapRoll", "blitzRoll"):
            self.add("d3", _model(CountReport, rep, w).roll)
        elif rid == "weather":
            r7 = _model(WeatherReport, rep, w)
            self.add("d6", *r7.weatherRoll)
        elif rid == "scatterBall":
            r8 = _model(ScatterBallReport, rep, w)
            names: list[str | None] = list(r8.directionArray) + [None] * len(r8.rolls)
            d8s = [_d8(roll, name, w) for roll, name in zip(r8.rolls, names, strict=False)]
            if r8.gustOfWind:
                d8s = self.weather_scatters(d8s)
            self.add("d8", *d8s)
        elif rid == "throwIn":
            r9 = _model(ThrowInReport, rep, w)
            self.throw_in = True
            self.add(*self.throw_in_direction(r9))
            self.add("d6", *r9.distanceRoll)
        elif rid == "catchRoll":
            self.add("d6", _model(RollReport, rep, w).roll)
        elif rid == "playerEvent" and self.pending_prayer and extra.get("playerId"):
            self.prayer_effect(str(extra["playerId"]), str(extra.get("message") or ""))
        elif rid == "regenerationRoll":
            self.add("d6", _model(RollReport, rep, w).roll)
        elif rid == "reRoll" and extra.get("reRollSource") == "Pro" and extra.get("roll"):
            self.add("d6", int(extra["roll"]))  # classic Pro: its own D6 before the re-roll
        elif rid == "apothecaryChoice" and extra.get("playerId"):
            pid = f"p{extra['playerId']}"
            if pid not in self.apothecary:
                self.apothecary.append(pid)
        elif rid == "apothecaryRoll" and extra.get("casualtyRoll"):
            # a Casualty patched up: FUMBBL rolls the Casualty table again (out of scope)
            self.notes.append("an apothecary on a Casualty rolls the Casualty table again: "
                              "the engine has no Casualty table")
        elif rid == "turnEnd":
            self.done = True

    def out_of_play(self, sq: Sequence[int]) -> bool:
        """Off the pitch or in the kicking team's half (a touchback, ``rulings.md`` 2.6)."""
        x, y = sq[0], sq[1]
        if not (0 <= x <= 25 and 0 <= y <= 14):
            return True
        return x <= 12 if self.kicking == "home" else x >= 13

    # -- model changes during the kick-off

    def change(self, ch: ModelChange, tr: _Tracker) -> None:
        cid, key = ch.modelChangeId, ch.modelChangeKey
        if cid == "gameSetTurnMode" and isinstance(ch.modelChangeValue, str):
            if ch.modelChangeValue in ("regular", "setup", "endGame"):
                self.done = True
            else:
                if self.mode in ("perfectDefence", "solidDefence"):
                    self.defence_substitutions(tr)
                self.turn_modes.append(ch.modelChangeValue)
                self.mode = ch.modelChangeValue
        elif cid == "fieldModelSetPlayerCoordinate" and key is not None:
            before, after = _on_pitch(tr.coords.get(key)), _on_pitch(_square(ch.modelChangeValue))
            if self.mode in FREE_TURN_MODES:
                self.free_turn_moves += before != after
            elif self.mode == "swarming" and after is not None and before != after:
                if not any("Swarming" in n for n in self.notes):
                    self.notes.append("Swarming: players entered the pitch after the kick; the "
                                      "engine has no Swarming")
            elif self.mode == "kickoffReturn" and after is not None and before != after:
                self.return_path.append((key, after))
            elif after is not None and before != after:
                # a move on the pitch, or (bb2025 Solid / Perfect Defence) back from the dugout
                self.moves.append((key, after))
        elif cid == "fieldModelSetBallCoordinate":
            # the ball's path after the deviation: a scatter or bounce leaving the pitch or
            # entering the kicking half is a touchback (until a throw-in, which cannot be one)
            sq = _square(ch.modelChangeValue)
            if sq is not None and self.deviation and not self.throw_in and self.out_of_play(sq):
                self.touchback_path = True

    # -- the case

    def finish(self, tr: _Tracker) -> ExtractedKickoff:
        ex = self.ex
        pid_doc = {p.pid: p for p in ex.order}
        teams: dict[str, Any] = {}
        for side in SIDES:
            t = ex.teams[side]
            players = []
            for p in ex.order:
                if p.side != side:
                    continue
                sq = self.coords.get(p.pid)
                doc = dict(p.doc)
                doc["square"] = list(sq) if sq else None
                doc["status"] = _status(sq, self.states.get(p.pid, _RESERVE))
                players.append(doc)
            teams[side] = {
                "name": f"{t.teamName} ({t.race})" if t.race else t.teamName,
                "turn": self.turn[side],
                "rerolls": self.rerolls[side],
                "bribes": 0,
                "cheerleaders": t.cheerleaders + self.inducements[side].get("tempCheerleader", 0),
                "assistant_coaches": (t.assistantCoaches
                                      + self.inducements[side].get("partTimeCoach", 0)),
                "fan_factor": self.fan_factor[side],
                "fame": self.fame[side],
                "apothecaries": self.apothecaries[side],
                "players": players,
            }
            if self.drive[side]:
                teams[side]["drive_rerolls"] = self.drive[side]
            if (self.coach_banned[side] and self.event == "brilliant_coaching"
                    and ex.ruleset in BANNED_COACH_RULES):
                # a head coach sent off for arguing the call: -1 to Brilliant Coaching (LRB6 /
                # bb2020 Argue the Call), the only roll assistant coaches count for
                if teams[side]["assistant_coaches"] > 0:
                    teams[side]["assistant_coaches"] -= 1
                else:
                    self.notes.append(f"brilliant coaching: the {side} coach was sent off "
                                      "(-1), which the engine cannot take")
        expect: dict[str, Any] = {}
        if self.event is not None:
            expect["event.name"] = self.event
            expect["event.roll"] = self.event_roll
        if self.deviation:
            expect["deviation.direction"] = self.deviation["direction"]
            expect["deviation.distance"] = self.deviation["distance"]
            expect["deviation.square"] = self.deviation["square"]
        touchback = (self.touchback_path or "touchback" in self.turn_modes
                     or bool(self.deviation and self.out_of_play(self.deviation["square"])))
        expect["touchback"] = touchback
        # decisions from the players FUMBBL moved during the kick-off
        decisions: dict[str, Any] = {}
        if self.kicker is not None:
            decisions["use_kick_skill"] = True
        if self.prayer:
            decisions["prayer"] = dict(self.prayer)
        movers = [(pid, to) for pid, to in self.moves]
        # a receiving player FUMBBL moved twice (its set-up lets the coach change his mind)
        # counts with his last square, in the order of the last moves; back home, not at all
        last: dict[str, tuple[int, int]] = {}
        for pid, to in movers:
            if ex.players[pid].side == self.receiving:
                last.pop(pid, None)
                last[pid] = to
        moved_receivers = [(pid, to) for pid, to in last.items() if self.coords.get(pid) != to]
        if self.event == "high_kick":
            if moved_receivers:
                decisions["high_kick"] = f"p{moved_receivers[-1][0]}"
        elif self.event == "quick_snap":
            qs = [{"player": f"p{pid}", "to": list(to)} for pid, to in moved_receivers]
            if qs:
                decisions["quick_snap"] = qs
        elif self.event in ("solid_defence", "perfect_defence"):
            final: dict[str, tuple[int, int]] = {}
            for pid, to in movers:
                if ex.players[pid].side == self.kicking:
                    final[pid] = to
            moved = [{"player": f"p{pid}", "to": list(to)} for pid, to in final.items()
                     if self.coords.get(pid) != to]
            if moved:
                decisions[self.event] = moved
        if self.event in ("blitz", "charge") and self.free_turn_moves:
            self.notes.append(f"{self.event}: the kicking team's free turn is not recovered "
                              "(a later issue: its actions)")
        if self.return_path:
            pid = self.return_path[0][0]
            key = "kick_off_return" if ex.ruleset == "classic" else "on_the_ball"
            decisions[key] = {"player": f"p{pid}",
                              "path": [list(sq) for p, sq in self.return_path if p == pid]}
        if self.diving_catch:
            decisions["diving_catch"] = list(self.diving_catch)
        if self.apothecary:
            decisions["apothecary"] = list(self.apothecary)
            for side in SIDES:
                expect[f"teams.{side}.apothecaries"] = tr.apothecaries[side]
        # the outcome FUMBBL recorded
        ball = tr.ball
        carrier: str | None = None
        if ball is not None and not tr.ball_moving:
            for pid, sq in tr.coords.items():
                if sq == ball and (tr.states.get(pid, 0) & 0xFF) in (_STANDING, _MOVING):
                    carrier = f"p{pid}"
        if touchback and carrier is not None:
            decisions["touchback"] = carrier
        for pid in pid_doc:
            before_sq = self.coords.get(pid)
            after_sq = _on_pitch(tr.coords.get(pid))
            before = _status(before_sq, self.states.get(pid, _RESERVE))
            after = _status(after_sq, tr.states.get(pid, _RESERVE))
            if after != before:
                expect[f"players.p{pid}.status"] = after
            if after_sq != before_sq and after_sq is not None:
                expect[f"players.p{pid}.square"] = list(after_sq)
        rs = RULESETS[ex.ruleset]
        if self.event == "brilliant_coaching" or (
                self.event == "cheering_fans" and rs.cheering_fans_effect == "reroll_half"):
            for side in SIDES:
                expect[f"teams.{side}.rerolls"] = tr.rerolls[side]
                expect[f"teams.{side}.drive_rerolls"] = sum(tr.drive_rerolls[side].values())
        if self.event == "cheering_fans" and rs.cheering_fans_effect == "block_assist":
            for side in SIDES:
                expect[f"teams.{side}.block_assists"] = int(side in self.fans_winners)
        if self.event == "cheering_fans" and rs.cheering_fans_effect == "prayer":
            prayer = self.pending_prayer
            winners = self.fans_winners
            for side in SIDES:
                expect[f"teams.{side}.prayers"] = [prayer] if prayer and side in winners else []
        if tr.weather != self.weather:
            expect["weather"] = self.ex.weather_name(tr.weather)
        expect["ball.square"] = list(ball) if ball is not None else None
        expect["ball.carrier"] = carrier
        if self.throw_in and ex.ruleset == "classic":
            self.rulings.append("throw-in distance: FUMBBL's classic code counts 2D6 - 1 squares; "
                                "we count 2D6 from the start square (rulings.md 4)")
        decisions, pending = engine_decisions(decisions)
        scenario: dict[str, Any] = {
            "format": SCENARIO_FORMAT,
            "ruleset": ex.ruleset,
            "house_rules": [],
            "options": {},
            "weather": ex.weather_name(self.weather),
            # overtime (FUMBBL's half 3) as half 2: the format knows two halves, and nothing in
            # a kick-off depends on which
            "half": min(self.half, 2),
            "kicking": self.kicking,
            "teams": teams,
            "kick": ({"target": list(self.target)} if self.target else {}) | (
                {"kicker": f"p{self.kicker}"} if self.kicker else {}),
            "dice": {k: v for k, v in self.dice.items() if v},
            "seed": None,
            "decisions": decisions,
        }
        names = {s: teams[s]["name"] for s in SIDES}
        about = (f"{names[self.kicking]} kick to {names[self.receiving]}: "
                 f"{(self.event or 'no event').replace('_', ' ')}, ball "
                 + (f"held by {carrier}" if carrier else
                    f"loose on {list(ball)}" if ball else "not on the pitch")
                 + (" after a touchback" if touchback else ""))
        case = {
            "about": about,
            "source": f"FUMBBL game {ex.game_id}, kick-off {self.number} (half {self.half})",
            "scenario": scenario,
            "expect": expect,
        }
        return ExtractedKickoff(self.number, self.half, self.kicking, case, self.notes,
                                self.rulings, pending)


class _Extractor:
    """Walks the game log once, building a case at each kick-off."""

    def __init__(self, replay: Replay, where: str) -> None:
        self.replay = replay
        self.where = where
        game = replay.game
        self.game_id = game.gameId
        options = {o.gameOptionId: o.gameOptionValue for o in game.gameOptions.gameOptionArray}
        # FUMBBL added the option with its 2020 rules: a game without it is LRB6 with the CRP
        version = options.get("rulesVersion") or "BB2016"
        if version not in RULES_VERSIONS:
            raise ScenarioError([f"{where}: FUMBBL rules version {version!r} is not supported "
                                 f"(known: {', '.join(RULES_VERSIONS)})"])
        self.ruleset = RULES_VERSIONS[version]
        self.teams: dict[Side, TeamModel] = {"home": game.teamHome, "away": game.teamAway}
        self.players: dict[str, _PlayerInfo] = {}
        self.order: list[_PlayerInfo] = []
        known = RULESETS[self.ruleset].skills
        problems: list[str] = []
        for side, team in self.teams.items():
            positions = {p.positionId: p.positionName for p in team.roster.positionArray}
            for i, p in enumerate(team.playerArray):
                skills: list[str] = []
                for s in p.skillArray:
                    if s.strip() in STAT_INCREASES:
                        continue
                    try:
                        name = skill_name(s, known)
                    except KeyError:
                        problems.append(
                            f"{where}: game.team{side.title()}.playerArray[{i}] ({p.playerName}, "
                            f"#{p.playerNr}): FUMBBL skill {s!r} has no {self.ruleset} name here"
                        )
                        continue
                    if name not in skills:
                        skills.append(name)
                position = positions.get(p.positionId, "")
                label = f"{position}, #{p.playerNr}" if position else f"#{p.playerNr}"
                doc = {
                    "id": f"p{p.playerId}", "name": f"{p.playerName} ({label})",
                    "ma": p.movement, "st": p.strength, "ag": p.agility,
                    "pa": p.passing if p.passing > 0 else None, "av": p.armour,
                    "skills": skills,
                }
                info = _PlayerInfo(p.playerId, side, doc)
                self.players[p.playerId] = info
                self.order.append(info)
        if problems:
            raise ScenarioError(problems)

    def weather_name(self, weather: str) -> str:
        return "nice" if weather == "nice" and self.ruleset == "classic" else (
            "perfect_conditions" if weather == "nice" else weather)

    def initial_tracker(self) -> _Tracker:
        """Players start in the Reserves; one the log never changes keeps its final state."""
        changed: set[str] = set()
        for cmd in self.replay.gameLog.commandArray:
            for ch in cmd.modelChangeList.modelChangeArray:
                if ch.modelChangeId in ("fieldModelSetPlayerState",
                                        "fieldModelSetPlayerCoordinate") and ch.modelChangeKey:
                    changed.add(ch.modelChangeKey)
        final = {d.playerId: d for d in self.replay.game.fieldModel.playerDataArray}
        coords: dict[str, tuple[int, int] | None] = {}
        states: dict[str, int] = {}
        for pid in self.players:
            if pid not in changed and pid in final:
                coords[pid] = final[pid].playerCoordinate
                states[pid] = final[pid].playerState
            else:
                coords[pid] = None
                states[pid] = _RESERVE
        tr = _Tracker(coords, states)
        for side, team in self.teams.items():
            tr.rerolls[side] = team.reRolls
            tr.fan_factor[side] = team.dedicatedFans
        return tr

    def run(self) -> list[ExtractedKickoff]:
        tr = self.initial_tracker()
        out: list[ExtractedKickoff] = []
        builder: _KickoffBuilder | None = None
        pending_kick: str | None = None
        for cmd in self.replay.gameLog.commandArray:
            reports = cmd.reportList.reports
            if builder is None and any(r.reportId == "kickoffScatter" for r in reports):
                builder = _KickoffBuilder(self, len(out) + 1, tr)
                if pending_kick is not None:
                    builder.use_kick(pending_kick)
                pending_kick = None
            elif builder is None:
                for rep in reports:
                    extra = rep.model_extra or {}
                    if (rep.reportId == "skillUse" and extra.get("used")
                            and extra.get("skillUse") == "halveKickoffScatter"):
                        pending_kick = str(extra.get("playerId"))
            if builder is not None:
                builder.ball_start = _on_pitch(tr.ball)
                for ch in cmd.modelChangeList.modelChangeArray:
                    builder.change(ch, tr)
                    if builder.done:
                        break
                    _apply(tr, ch)
                for rep in reports:
                    builder.report(rep)
                    if rep.reportId == "weather":
                        tr.weather = WEATHERS.get(str(rep.model_dump().get("weather")),
                                                  tr.weather)
                if builder.done:
                    out.append(builder.finish(tr))
                    builder = None
                    for ch in cmd.modelChangeList.modelChangeArray:
                        _apply(tr, ch)
                continue
            for ch in cmd.modelChangeList.modelChangeArray:
                _apply(tr, ch)
            for rep in reports:
                if rep.reportId == "weather":
                    tr.weather = WEATHERS.get(str(rep.model_dump().get("weather")), tr.weather)
        if builder is not None:
            out.append(builder.finish(tr))
        return out


def extract_replay(replay: Replay, where: str = "replay") -> list[ExtractedKickoff]:
    """Every kick-off of ``replay``, in game order (``where`` names the source in messages).

    Raises ``ScenarioError`` for a rules version, skill or report the extractor cannot translate.
    """
    return _Extractor(replay, where).run()


def extract_kickoffs(path: str | Path) -> list[ExtractedKickoff]:
    """Read the FUMBBL replay at ``path`` (gzipped or plain JSON) and extract every kick-off.

    Raises ``ScenarioError`` naming the file for any problem (see :func:`read_replay`).
    """
    return extract_replay(read_replay(path), str(path))


def game_id(path: str | Path, kickoffs: Iterable[ExtractedKickoff]) -> str:
    """The game id for file names: from the cases' source line, else the file's stem."""
    for k in kickoffs:
        src = str(k.case.get("source", ""))
        if src.startswith("FUMBBL game "):
            return src.split()[2].rstrip(",")
    return Path(path).name.split(".")[0]


# --------------------------------------------------------------------------- checking a result


def lookup(doc: Any, path: str) -> Any:
    """The value at dotted ``path`` of a result document (player ids may contain no dots).

    Raises ``KeyError`` when the path does not exist.
    """
    cur = doc
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise KeyError(path)
    return cur


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return list(a) == list(b) or (sorted(map(str, a)) == sorted(map(str, b)))
    return bool(a == b)


def differences(result: dict[str, Any], expect: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """``(path, expected, got)`` for every ``expect`` path the result does not match.

    A path missing from the result is reported with ``got`` = ``"(missing)"``.
    """
    out: list[tuple[str, Any, Any]] = []
    for path, want in expect.items():
        try:
            got = lookup(result, path)
        except KeyError:
            out.append((path, want, "(missing)"))
            continue
        if not _same(want, got):
            out.append((path, want, got))
    return out


Status = Literal["agree", "ruling", "unsupported", "disagree", "error"]
