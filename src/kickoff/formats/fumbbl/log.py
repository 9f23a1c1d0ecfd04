"""Reading a FUMBBL replay: the file (gzipped JSON as FUMBBL serves it, or plain JSON), the shape
of its game and log, and the reports the extractor reads, validated when met.

A replay holds the game as it stood at the end (``game``: rosters, final field model, options) and
the whole game log (``gameLog.commandArray``): each command carries *model changes* (a player's
square or state, the turn data, the ball, the turn mode) and *reports* (dice and events:
``kickoffScatter``, ``kickoffResult``, ``catchRoll``, ``scatterBall``, ``throwIn``, ...). Report
shapes follow christerk/ffb's report classes (``report/bb2016``, ``bb2020``, ``bb2025``,
``mixed``). Every problem raises :class:`~kickoff.core.errors.ScenarioError` naming the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.errors import ScenarioError
from kickoff.formats.fields import MAX_TEAM_PLAYERS
from kickoff.formats.fumbbl.names import FUMBBL_DIRECTIONS, translate_d8
from kickoff.formats.reading import inflate_gzip, load_json, read_bytes
from kickoff.formats.scenario import pydantic_problems
from kickoff.formats.scenario_models import RESULT_FORMAT, SCENARIO_FORMAT

#: The most commands a replay's log may hold (the shared games' longest has 3,598), model changes
#: and reports a command may carry (135 and 4 there): a log beyond them is refused before it is
#: walked (a few MB of empty commands would otherwise take GBs).
MAX_COMMANDS = 100_000
MAX_CHANGES = 10_000
MAX_REPORTS = 1_000


class _Loose(BaseModel):
    """FUMBBL objects carry many more keys than the extractor reads: those are ignored."""

    model_config = ConfigDict(extra="ignore")


class ModelChange(_Loose):
    modelChangeId: str
    modelChangeKey: str | None = None
    modelChangeValue: Any = None


class ModelChangeList(_Loose):
    modelChangeArray: list[ModelChange] = Field(default_factory=list, max_length=MAX_CHANGES)


class Report(_Loose):
    model_config = ConfigDict(extra="allow")
    reportId: str


class ReportList(_Loose):
    reports: list[Report] = Field(default_factory=list, max_length=MAX_REPORTS)


class Command(_Loose):
    modelChangeList: ModelChangeList = Field(default_factory=ModelChangeList)
    reportList: ReportList = Field(default_factory=ReportList)
    #: FUMBBL's server command (``serverModelSync``; ``serverAddPlayer`` with its ``player``)
    netCommandId: str | None = None
    player: Any = None


class GameLog(_Loose):
    commandArray: Annotated[list[Command], Field(max_length=MAX_COMMANDS)]


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
    #: each skill's value (``"2"`` for Bloodlust (2+)), ``None`` for none, as ``skillArray``
    skillValues: list[str | None] = Field(default_factory=list)


class PositionModel(_Loose):
    positionId: str
    positionName: str = ""
    #: a Thrall position (christerk/ffb ``RosterPosition.isThrall``), whom Blood Lust bites
    thrall: bool = False


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
    playerArray: Annotated[list[PlayerModel], Field(max_length=MAX_TEAM_PLAYERS)]
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
    #: when the game started (``2017-09-29T15:52:33.076``), if the replay says
    started: str | None = None
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
    """``kickoffRoll`` empty where no roll was made (an overtime result set by FUMBBL's game
    option ``overtimeKickOffResults``)."""

    kickoffResult: str
    kickoffRoll: tuple[int, int] | tuple[()] = ()


class RollReport(_Loose):
    roll: int
    playerId: str | None = None


class ContestReport(_Loose):
    rollHome: int
    rollAway: int


class OfficiousRefReport(ContestReport):
    playerIdsHit: list[str] = Field(default_factory=list)


class DodgySnackReport(ContestReport):
    """bb2025 ``kickoffDodgySnack``: its victims are ``playerIds``."""

    playerIds: list[str] = Field(default_factory=list)


class CheeringFansWinners(_Loose):
    """The winners of ``cheeringFans`` as FUMBBL names them: bb2020 ``teamId``, bb2025
    ``teamIdsAdditionalAssist`` (older: ``teamIds``)."""

    teamId: str | None = None
    teamIds: list[str] | None = None
    teamIdsAdditionalAssist: list[str] | None = None


class ProReRollReport(_Loose):
    """A ``reRoll`` report outside a free turn: classic Pro's own D6 is its ``roll``."""

    reRollSource: str | None = None
    playerId: str | None = None
    roll: Annotated[int, Field(ge=0, le=6)] = 0


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
    armorRoll: list[int] | None = None
    injuryRoll: list[int] | None = None
    casualtyRoll: list[int] | None = None


class ScatterBallReport(_Loose):
    directionArray: list[str]
    rolls: list[int]


class ThrowInReport(_Loose):
    direction: str | None = None
    directionRoll: int
    distanceRoll: list[int]


class WeatherReport(_Loose):
    weather: str
    weatherRoll: list[int] = Field(default_factory=list)


class CountReport(_Loose):
    roll: int


# Reports of a free turn (christerk/ffb ``report/ReportPlayerAction``, ``ReportSkillRoll``,
# ``ReportReRoll``, ``ReportBlock``, ``ReportBlockRoll``, ``ReportBlockChoice``).

_D6 = Annotated[int, Field(ge=1, le=6)]


class PlayerActionReport(_Loose):
    actingPlayerId: str
    playerAction: str


class TestRollReport(_Loose):
    """A test of a player (``goForItRoll``, ``dodgeRoll``, ``pickUpRoll``, ``catchRoll``,
    ``confusionRoll``): ``roll`` 0 when FUMBBL rolled nothing."""

    roll: Annotated[int, Field(ge=0, le=6)] = 0
    successful: bool = False
    reRolled: bool = False
    confusionSkill: str | None = None


class ReRollReport(_Loose):
    reRollSource: str
    #: Loner's or (classic) Pro's own D6, 0 for the others
    roll: Annotated[int, Field(ge=0, le=6)] = 0


class BlockReport(_Loose):
    defenderId: str


class BlockRollReport(_Loose):
    blockRoll: list[_D6]


class BlockChoiceReport(BlockRollReport):
    diceIndex: Annotated[int, Field(ge=0)]
    defenderId: str


ModelT = TypeVar("ModelT", bound=BaseModel)


# --------------------------------------------------------------------------- reading the file


#: The keys of a test case (``kickoff fumbbl extract --cases``, ``tests/data/cases``).
_CASE_KEYS = frozenset({"about", "source", "scenario", "expect"})
#: The keys of the JSON the replay commands print, and the command.
_PRINTED = ((frozenset({"game", "applied", "kickoffs", "summary"}), "kickoff fumbbl review --json"),
            (frozenset({"applied", "games", "gaps"}), "kickoff fumbbl review FOLDER --json"),
            (frozenset({"summary", "kickoffs", "failed"}), "kickoff fumbbl verify --json"))


def kickoff_document(doc: dict[str, Any]) -> str | None:
    """What ``doc`` is when it is one of kickoff's own documents given where a FUMBBL replay
    belongs (a scenario or a case ``kickoff fumbbl extract`` wrote, a result, what ``review``
    or ``verify --json`` printed), in words saying what makes or reads it; ``None`` for
    anything else (a replay, or JSON of no known kind)."""
    if "gameLog" in doc:
        return None
    if doc.keys() >= _CASE_KEYS:
        return ("a test case ({about, source, scenario, expect}), what kickoff fumbbl extract "
                "--cases writes")
    made_by = {SCENARIO_FORMAT: "what kickoff fumbbl extract writes; kickoff odds, replay and "
                                "decide read it",
               RESULT_FORMAT: "what kickoff replay and kickoff run --json print"}
    fmt = doc.get("format")
    if isinstance(fmt, str) and fmt in made_by:
        return f"a {fmt} document ({made_by[fmt]})"
    printed = next((what for keys, what in _PRINTED if doc.keys() >= keys), None)
    return None if printed is None else f"what {printed} prints"


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
    try:  # a byte order mark (a replay saved again by an editor) read past, as in a set-up
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise ScenarioError([f"{where}: not a FUMBBL replay: neither gzip nor UTF-8 JSON text"]) from None
    doc = load_json(text, where)
    if not isinstance(doc, dict):
        raise ScenarioError([f"{where}: not a FUMBBL replay: the document is not a JSON object"])
    own = kickoff_document(doc)
    if own is not None:  # one line saying what it is, not every key a replay would have
        raise ScenarioError([f"{where}: not a FUMBBL replay: {own}"])
    log = doc.get("gameLog")
    commands = log.get("commandArray") if isinstance(log, dict) else None
    if isinstance(commands, list) and len(commands) > MAX_COMMANDS:
        # refused before pydantic builds a model of each one
        raise ScenarioError([f"{where}: gameLog.commandArray: {len(commands):,} commands, at "
                             f"most {MAX_COMMANDS:,}"])
    try:
        return Replay.model_validate(doc)
    except ValidationError as e:
        problems = pydantic_problems(e)
        raise ScenarioError([f"{where}: not a FUMBBL replay: {p}" for p in problems[:12]]) from None


def report_model(cls: type[ModelT], report: Report, where: str) -> ModelT:
    """``report`` validated as the report class ``cls``.

    Raises ``ScenarioError`` naming ``where`` and the report for a report of another shape.
    """
    try:
        return cls.model_validate(report.model_dump())
    except ValidationError as e:
        problems = "; ".join(p.text() for p in pydantic_problems(e))
        raise ScenarioError([f"{where}: FUMBBL report {report.reportId!r} has an unexpected "
                             f"shape: {problems}"]) from None


def read_d8(roll: int, name: str | None, where: str) -> int:
    """A FUMBBL D8 as the template's number, cross-checked with its direction name when there is
    one. Raises ``ScenarioError`` naming ``where`` for a roll out of range or not matching."""
    if name is not None and FUMBBL_DIRECTIONS.get(name) not in (None, roll):
        raise ScenarioError([f"{where}: FUMBBL D8 roll {roll} does not match its direction "
                             f"{name!r}"])
    try:
        return translate_d8(roll)
    except ValueError:
        raise ScenarioError([f"{where}: FUMBBL D8 roll {roll} is out of range 1..8"]) from None
