"""The scenario and result documents as pydantic models: ``kickoff-scenario/1`` as read,
``kickoff-result/1`` as written (for its JSON Schema), and the parsing of a scenario's text.

The contract is ``shared/spec/scenario-format.md``. Parsing is strict (a JSON boolean is not a
number, unknown keys are rejected); every problem pydantic finds is a
:class:`~kickoff.core.problems.Problem` whose ``where`` is its key path
(``teams.away.players[3].ma``). The checks that depend on the ruleset follow in
:mod:`kickoff.formats.scenario_build`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.decisions import ActionKind, RerollChoice, ThrowInDie
from kickoff.core.dice import MAX_SEED, BlockFace
from kickoff.core.errors import ScenarioError
from kickoff.core.events import Prayer
from kickoff.core.pitch import Side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import EventName, HouseRule
from kickoff.core.rulesets import RulesetName
from kickoff.core.state import Status, WeatherName
from kickoff.formats.fields import (
    MAX_DICE,
    MAX_NAME,
    MAX_SKILLS,
    MAX_TEAM_PLAYERS,
    DieIn,
    Name,
    NonNegative,
    PlayerId,
    SkillList,
    SquareIn,
)
from kickoff.formats.reading import capped, load_json, size_problem

#: The most squares a path of the input may list (a move is at most MA + Rushes squares), and the
#: most entries a list naming players (moves, activations, prayers) may hold.
MAX_PATH = 64
MAX_NAMED = 2 * MAX_TEAM_PLAYERS

SCENARIO_FORMAT = "kickoff-scenario/1"
RESULT_FORMAT = "kickoff-result/1"



class _Strict(BaseModel):
    # defer_build: each model's validator is built on its first use, not at import (some 40
    # models; start-up, issue 16): ``kickoff odds`` on the built-in teams builds none of them.
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class PlayerIn(_Strict):
    """A player; ``ag``/``av`` in the ruleset's convention (classic characteristic, else target)."""

    id: Annotated[PlayerId, Field(min_length=1)]
    ma: Annotated[int, Field(ge=1, le=12)]
    st: Annotated[int, Field(ge=1, le=8)]
    ag: Annotated[int, Field(ge=1, le=6)]
    av: Annotated[int, Field(ge=2, le=12)]
    pa: Annotated[int, Field(ge=0, le=6)] | None = None
    name: Name = ""
    skills: SkillList = Field(default_factory=list)
    square: SquareIn | None = None
    status: Status | None = None
    #: The X of a parametered skill the player has (``{"bloodlust": 3}``: Bloodlust (3+));
    #: a skill not given here has its edition's usual value (docs/actions.md, "Blood Lust").
    skill_values: dict[Annotated[str, Field(max_length=MAX_NAME)],
                       Annotated[int, Field(ge=1, le=6)]] = Field(default_factory=dict,
                                                                  max_length=MAX_SKILLS)
    #: His roster position is a Thrall (the Vampire teams' Thrall Lineman): a team-mate who
    #: fails Blood Lust may bite him.
    thrall: bool = False


class TeamIn(_Strict):
    """A team: its counters (all default 0) and its players."""

    players: Annotated[list[PlayerIn], Field(max_length=MAX_TEAM_PLAYERS)]
    name: Name = ""
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
    #: How many of ``rerolls`` are the Leader re-roll (docs/formats.md): 0 or 1.
    leader_rerolls: Annotated[int, Field(ge=0, le=1)] = 0
    prayers: list[Prayer] = Field(default_factory=list, max_length=MAX_NAMED)


class TeamsIn(_Strict):
    home: TeamIn
    away: TeamIn


class OptionsIn(_Strict):
    throw_in_die: ThrowInDie = "template"
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


#: A chain push's squares: the player pushed on -> the square he goes to (docs/actions.md).
ChainPushIn = Annotated[dict[PlayerId, SquareIn], Field(max_length=MAX_NAMED)]


class FrenzyBlockIn(_Strict):
    """A Frenzy second block's choices (docs/actions.md: an extension of the format)."""

    choose: BlockFace | None = None
    push_to: SquareIn | None = None
    reroll: Literal["team"] | None = None
    chain_push: ChainPushIn = Field(default_factory=dict)


class BlockIn(_Strict):
    choose: BlockFace | None = None
    push_to: SquareIn | None = None
    follow_up: bool | None = None
    reroll: Literal["team"] | None = None
    #: The Frenzy second block's choices (docs/actions.md); default the default policy.
    frenzy: FrenzyBlockIn | None = None
    #: Where each player pushed on in a chain push goes (docs/actions.md); default the default.
    chain_push: ChainPushIn = Field(default_factory=dict)


#: One re-roll choice for every failed test of a kind, or (docs/actions.md) one per failed test.
RerollChoicesIn = RerollChoice | Annotated[list[RerollChoice], Field(max_length=MAX_NAMED)]


class RerollIn(_Strict):
    dodge: RerollChoicesIn = None
    rush: RerollChoicesIn = None
    pickup: RerollChoicesIn = None
    catch: RerollChoicesIn = None
    leap: RerollChoicesIn = None
    confusion: RerollChoicesIn = None
    foul_appearance: RerollChoicesIn = None
    gaze: RerollChoicesIn = None
    blood_lust: RerollChoicesIn = None
    throw: RerollChoicesIn = None
    always_hungry: RerollChoicesIn = None
    escape: RerollChoicesIn = None
    tentacles: RerollChoicesIn = None
    shadowing: RerollChoicesIn = None
    landing: RerollChoicesIn = None


class PassBlockIn(_Strict):
    player: PlayerId
    path: list[SquareIn] = Field(default_factory=list, max_length=MAX_PATH)


class PlayerPathIn(_Strict):
    """The kick-off move of Kick-Off Return / On the Ball: the player and the squares entered."""

    player: PlayerId
    path: Annotated[list[SquareIn], Field(max_length=MAX_PATH)]


class RethrowIn(_Strict):
    """A caught or intercepted bomb thrown again at once (docs/actions.md, "Bombardier's
    bomb"): its target square (default: ``bomb_rethrow``'s), interceptor, catcher and the
    throw's re-roll choice."""

    to: SquareIn | None = None
    interceptor: PlayerId | None = None
    catcher: PlayerId | None = None
    reroll: RerollChoicesIn = None


class ActivationIn(_Strict):
    """One player activation (``scenario-format.md``, "Actions")."""

    player: PlayerId
    action: ActionKind
    path: list[SquareIn] = Field(default_factory=list, max_length=MAX_PATH)
    target: PlayerId | None = None
    block: BlockIn | None = None
    thrown: PlayerId | None = None
    to: SquareIn | None = None
    aim: SquareIn | None = None
    pass_block: PassBlockIn | None = None
    kick_block: PlayerId | None = None
    interceptor: PlayerId | None = None
    catcher: PlayerId | None = None
    #: ``throw_bomb``: each throw again of the bomb once caught or intercepted, in order
    rethrows: list[RethrowIn] = Field(default_factory=list, max_length=MAX_NAMED)
    #: ``throw_bomb``: with Hail Mary Pass (docs/actions.md, "Bombardier's bomb")
    hail_mary: bool = False
    landing: SquareIn | None = None
    #: classic ``kick_team_mate``: one D6 (a short kick, the default) or two (docs/actions.md)
    kick_dice: Literal[1, 2] | None = None
    after_block: list[SquareIn] = Field(default_factory=list, max_length=MAX_PATH)
    reroll: RerollIn | None = None
    #: the indexes of the ``path`` steps made as a Leap (docs/actions.md, "Leap")
    leap: list[Annotated[int, Field(ge=0, lt=MAX_PATH)]] = Field(default_factory=list,
                                                                max_length=MAX_PATH)
    #: path step index -> the opposing player whose Tentacles the receiving coach uses there
    tentacles: dict[Annotated[int, Field(ge=0, lt=MAX_PATH)], PlayerId] = Field(
        default_factory=dict, max_length=MAX_PATH)
    #: path step index -> the opposing player who tries to Shadow the mover there
    shadowing: dict[Annotated[int, Field(ge=0, lt=MAX_PATH)], PlayerId] = Field(
        default_factory=dict, max_length=MAX_PATH)
    #: a ``move``'s Hypnotic Gaze at its end: the adjacent opponent gazed (classic Blitz!)
    gaze: PlayerId | None = None
    #: after a failed Blood Lust roll: the adjacent Thrall team-mate bitten at the end of the
    #: activation (docs/actions.md, "Blood Lust"); ``false``: none (bb2020 / bb2025 "may bite");
    #: ``null``: the first in input order
    bite: PlayerId | Literal[False] | None = None


class DecisionsIn(_Strict):
    use_kick_skill: bool = False
    touchback: PlayerId | SquareIn | None = None
    high_kick: PlayerId | None = None
    kick_off_return: PlayerPathIn | None = None
    on_the_ball: PlayerPathIn | None = None
    quick_snap: list[MoveIn] = Field(default_factory=list, max_length=MAX_NAMED)
    perfect_defence: list[MoveIn] = Field(default_factory=list, max_length=MAX_NAMED)
    solid_defence: list[MoveIn] = Field(default_factory=list, max_length=MAX_NAMED)
    blitz: list[ActivationIn] = Field(default_factory=list, max_length=MAX_NAMED)
    charge: list[ActivationIn] = Field(default_factory=list, max_length=MAX_NAMED)
    prayer: PrayerIn | None = None
    diving_catch: Annotated[list[str], Field(max_length=MAX_NAMED)] | None = None
    #: The players the coach uses his team's apothecary on (docs/formats.md); default nobody.
    apothecary: list[str] = Field(default_factory=list, max_length=MAX_NAMED)
    #: The re-roll choices of the failed catches outside the catcher's own turn, one per failed
    #: catch in order (docs/actions.md, "Re-rolls"); default: the skill re-roll.
    catch_reroll: list[RerollChoice] = Field(default_factory=list, max_length=MAX_NAMED)


class DiceIn(_Strict):
    d3: list[DieIn] = Field(default_factory=list, max_length=MAX_DICE)
    d6: list[DieIn] = Field(default_factory=list, max_length=MAX_DICE)
    d8: list[DieIn] = Field(default_factory=list, max_length=MAX_DICE)
    d16: list[DieIn] = Field(default_factory=list, max_length=MAX_DICE)
    block: list[DieIn | str] = Field(default_factory=list, max_length=MAX_DICE)
    pick: list[DieIn] = Field(default_factory=list, max_length=MAX_DICE)


class BallIn(_Strict):
    square: SquareIn
    carrier: PlayerId | None = None


class ScenarioIn(_Strict):
    """A ``kickoff-scenario/1`` document, as parsed (before the ruleset-dependent checks)."""

    format: Literal["kickoff-scenario/1"]
    ruleset: RulesetName
    teams: TeamsIn
    kicking: Side | None = None
    house_rules: list[HouseRule] = Field(default_factory=list)
    options: OptionsIn = Field(default_factory=OptionsIn)
    phase: Literal["kickoff", "turn"] = "kickoff"
    weather: WeatherName | None = None
    half: Annotated[int, Field(ge=1, le=2)] = 1
    kick: KickIn | None = None
    dice: DiceIn | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None  # as --seed (formats.md)
    decisions: DecisionsIn = Field(default_factory=DecisionsIn)
    active: Side | None = None
    actions: Annotated[list[ActivationIn], Field(max_length=MAX_NAMED)] | None = None
    ball: BallIn | None = None


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


def pydantic_problems(err: ValidationError) -> list[Problem]:
    """pydantic's errors as problems, one per key path (``where``: ``teams.home.players[0].ma``,
    ``(document)`` for the whole document)."""
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
    return capped([Problem(m, p) for p, m in seen.items()])


def parse_scenario(text: str) -> ScenarioIn:
    """Parse JSON text into :class:`ScenarioIn`; ``ScenarioError`` lists every problem."""
    raw = load_json(text, unique_keys=True)
    if not isinstance(raw, dict):
        raise ScenarioError([Problem("a scenario is a JSON object", "(document)")])
    too_big = size_problem(raw)
    if too_big is not None:
        raise ScenarioError([Problem(too_big, "(document)")])
    try:
        return ScenarioIn.model_validate_json(text)
    except ValidationError as e:
        raise ScenarioError(pydantic_problems(e)) from None


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
        name: EventName

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
        leader_rerolls: NonNegative

    class AppliedOut(_Strict):
        """What ``kickoff run --json`` applied (as every command's JSON says it)."""

        ruleset: RulesetName
        kicking: Side
        teams: dict[Side, str]
        kicker: str | None
        use_kick_skill: bool
        events: Literal["all", "none"]
        play: Literal["defaults"]

    class PlayerOut(_Strict):
        square: SquareIn | None
        status: Status
        ma: int
        av: int
        skills: list[str]

    format: Literal["kickoff-result/1"]
    ruleset: RulesetName
    seed: int | None
    kicking: Side
    kicker: str | None
    target: SquareIn | None
    deviation: DeviationOut | None
    event: EventOut | None
    touchback: bool
    ball: BallOut
    weather: WeatherName
    teams: dict[Side, TeamOut]
    players: dict[str, PlayerOut]
    log: list[dict[str, Any]]
    turnover: bool | None = None
    applied: AppliedOut | None = None


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schemas of both formats, generated from the models: ``{file name: schema}``."""
    return {
        "kickoff-scenario-1.schema.json": ScenarioIn.model_json_schema(),
        "kickoff-result-1.schema.json": ResultOut.model_json_schema(),
    }
