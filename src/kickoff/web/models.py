"""Request and response bodies of the web API (pydantic; they make the OpenAPI document).

A scenario travels as a ``kickoff-scenario/1`` JSON object (``shared/spec/scenario-format.md``,
``GET /api/schemas``); it is checked by :mod:`kickoff.formats.scenario`, exactly as
``kickoff replay`` checks a file. Unknown keys are refused, each problem naming its field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictBool

from kickoff.analysis.exact.solver import Events, SolverPlay
from kickoff.analysis.targets import DEFAULT_EVENTS, Objective
from kickoff.core.pitch import Side
from kickoff.core.rulesets import RulesetName
from kickoff.core.state import WeatherName
from kickoff.defaults import DEFAULT_PLAY, PLAN_BUDGET, Play
from kickoff.formats.fields import Name
from kickoff.web.compute import MAX_PLAN_BUDGET

#: A built-in team or set-up name (letters, digits, ``_``): never a path.
BuiltinName = Annotated[str, Field(pattern=r"^[a-z0-9_]{1,64}$")]
Coordinate = Annotated[int, Field(ge=-1, le=99)]
ScenarioDoc = Annotated[
    dict[str, JsonValue],
    Field(description="A kickoff-scenario/1 document (JSON Schema: GET /api/schemas)."),
]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WithScenario(_Body):
    """A request about one scenario."""

    scenario: ScenarioDoc


class KickRequest(WithScenario):
    """A kick-off to play once (``/api/kick``), as ``kickoff replay`` plays the scenario."""

    kick_skill: StrictBool | None = Field(None, description="Whether the kicker uses the Kick "
                                          "skill where the scenario's decisions.use_kick_skill "
                                          "does not say: left out, the scenario format's "
                                          "default (without it, as kickoff replay); null, when "
                                          "he has it (every face's default, as kickoff run and "
                                          "/api/odds: the page's Kick!); false / true: as "
                                          "asked.")


class MatchRequest(_Body):
    """Two built-in teams on built-in set-ups (``None``: the ruleset's default)."""

    ruleset: RulesetName = "bb2020"
    home: BuiltinName | None = None
    away: BuiltinName | None = None
    home_setup: BuiltinName | None = None
    away_setup: BuiltinName | None = None
    kicking: Side = "home"
    weather: WeatherName = Field("nice", description="A weather of the catalogue's `weathers`, "
                                 "or a ruleset's `fine_weather`: `perfect_conditions` is `nice` "
                                 "in any ruleset, as in a scenario.")


class OddsRequest(WithScenario):
    """Exact odds of one kick target (default: the scenario's ``kick.target``, else the centre
    of the receiving set-up zone)."""

    target: tuple[Coordinate, Coordinate] | None = None
    events: Events = Field(DEFAULT_EVENTS, description="all (the default, as kickoff odds "
                               "and simulate): the Kick-off table too, each event with its "
                               "default decisions; none: deviation and landing only.")
    kick_skill: StrictBool | None = Field(None, description="Whether the kicker uses the Kick "
                                          "skill: null or left out, when he has it (every "
                                          "face's default, as kickoff odds); false: without it; "
                                          "true: asked for (an error if he cannot).")
    play: SolverPlay = Field(DEFAULT_PLAY, description="The receiving coach's choices: defaults, or "
                       "best (the touchback's taker, the High Kick player and the Kick-Off "
                       "Return / On the Ball move, each the receivers' best under objective; "
                       "as kickoff odds --play best); or close (both coaches the close "
                       "policy, as kickoff odds / simulate --play close).")
    objective: Objective = Field("receiver-holds", description="With play best: what the "
                                 "receivers' choices maximise for them.")
    plan_budget: int | None = Field(None, ge=0, le=MAX_PLAN_BUDGET, description="With play "
                                    "best and events all: the free moves (Blitz! / Charge!, "
                                    "Perfect / Solid Defence, Quick Snap) searched for the best "
                                    "plan, at most this many valued exactly per event (each one "
                                    "solve of the kick-off), as kickoff odds --plan-budget; "
                                    f"null or left out: {PLAN_BUDGET}, every face's default "
                                    "(kickoff.defaults.PLAN_BUDGET); 0: nobody acts, as the "
                                    "format says. Given with another play or events: only 0.")


class AllTargetsRequest(WithScenario):
    """Every target of the receiving area, ranked by an objective."""

    events: Events = DEFAULT_EVENTS
    objective: Objective = "touchback"
    kick_skill: StrictBool | None = Field(None, description="As for one target: null, when the "
                                          "kicker has it.")
    play: SolverPlay = Field("defaults", description="defaults, or best: the receiving coach's "
                       "choices maximise the receiving side of objective (kickoff odds "
                       "--all-targets --play best).")


class SetupImportRequest(WithScenario):
    """A FUMBBL client set-up (XML or JSON text) to place one team of the scenario by."""

    side: Side
    text: Annotated[str, Field(min_length=1, max_length=65_536)]
    format: Literal["auto", "fumbbl-xml", "fumbbl-json", "xml", "json"] = Field(
        "auto", description="auto: by the filename's extension, else the text's first "
        "character; fumbbl-xml / fumbbl-json, as an export names them (or xml / json).")
    filename: Annotated[str, Field(max_length=200)] = "set-up"


class SetupExportRequest(WithScenario):
    """One team's set-up of the scenario, as a file."""

    side: Side
    format: Literal["toml", "fumbbl-xml", "fumbbl-json"] = "toml"
    name: Annotated[Name, Field(max_length=100)] = ""  # a control character: 500 before


class ProblemOut(BaseModel):
    """One problem (:meth:`kickoff.core.problems.Problem.as_json`): ``text`` is the sentence
    shown (``"{where}: {message}"``), ``code`` its kind (``ProblemCode``: ``illegal_choice``,
    ...), ``where`` the field it names (``scenario.teams.home...``), ``players`` the ids of the
    players it concerns (the page highlights them), ``squares`` the squares ``[x, y]``."""

    text: str
    code: str
    where: str
    message: str
    players: list[str]
    squares: list[tuple[int, int]]


class Problems(BaseModel):
    """An error answer: every problem, each naming its field (``scenario.teams.home...``)."""

    problems: list[ProblemOut]


class Validation(BaseModel):
    """The set-up check of a scenario: ``valid`` when there is no problem."""

    valid: bool
    problems: list[ProblemOut]


class ScenarioAnswer(BaseModel):
    """A scenario document and what is wrong with it (empty: a legal set-up)."""

    scenario: dict[str, Any]
    problems: list[ProblemOut]


class Probability(BaseModel):
    p: float
    exact: str


class Distance(BaseModel):
    squares: float
    exact: str


class Holder(Probability):
    player: str


class GroundSquare(Probability):
    square: tuple[int, int]


class KickOut(BaseModel):
    """Who kicks in the odds and his use of Kick (:class:`kickoff.defaults.KickUse`):
    ``kicker`` (``None``: nobody kicks, ``why`` says why), ``has_kick`` (he has it and may use
    it), ``used`` (he uses it), ``asked`` (``None``: the default, Kick when he has it; else the
    request's ``kick_skill``). With ``play: "best"`` the kicking coach chooses his kicker and
    Kick (``decisions_taken`` names it where it beats this default)."""

    kicker: str | None
    has_kick: bool
    used: bool
    asked: bool | None
    why: str = ""


class ChoiceOut(BaseModel):
    """One choice taken: its ``coach`` (``None``: a line summing several) and its line."""

    coach: Literal["kicking", "receiving"] | None
    choice: str


class EventChoices(BaseModel):
    """The choices taken under one Kick-off event: ``event`` (its key, ``None``: the kick,
    before the event; ``"any"``: where the ball comes down, under every event; several events'
    keys joined by ``+``: a choice they share, ``events`` listing them) and its ``name``."""

    event: str | None
    name: str
    #: The events a group names (a choice several events share: each of them).
    events: list[str] = Field(default_factory=list)
    choices: list[ChoiceOut]


class PlansApplied(BaseModel):
    """The free moves' search applied with play best and events all
    (:func:`kickoff.web.compute.plans_applied`): ``plan_budget`` (0: off, nobody acts),
    ``plan_resetups`` (Perfect / Solid Defence and Quick Snap searched too), whether the budget
    was the request's, and ``note``: where it was not searched (the all-targets ranking)."""

    plan_budget: int
    plan_resetups: bool
    plan_budget_given: bool
    note: str = ""


class OddsAnswer(BaseModel):
    """The exact odds of one target (``kickoff odds --json``, with floats beside the fractions).

    ``holders``: each player's chance to end holding the ball, likeliest first; ``ground``: each
    square where the ball may end on the ground; the distance is counted in squares along the
    pitch from the End Zone the receiving team defends.
    """

    target: tuple[int, int]
    events: Events
    touchback: Probability
    receiving_team_holds: Probability
    ball_on_ground: Probability
    expected_distance_to_receiving_end_zone: Distance
    holders: list[Holder]
    ground: list[GroundSquare]
    #: With play best: both coaches' choices that beat the defaults.
    decisions_taken: list[str] = Field(default_factory=list)
    #: The same choices grouped by the Kick-off event they were taken under
    #: (:func:`kickoff.analysis.choices.by_event`).
    choices_by_event: list[EventChoices] = Field(default_factory=list)
    #: The kicker and Kick applied (issue 26: the page names them).
    kick: KickOut | None = None
    #: With play best and events all: the free moves' search (``kickoff odds --json``'s
    #: ``plans``: the kick's exact value with the plans found, each event's plan and values).
    plans: dict[str, Any] | None = None
    #: The free moves' search applied (``null``: it does not apply, nobody acts).
    applied: PlansApplied | None = None


class RankedTargetOut(BaseModel):
    target: tuple[int, int]
    value: float
    exact: str
    touchback: float
    receiving_team_holds: float
    ball_on_ground: float
    decisions_taken: list[str] = Field(default_factory=list)
    choices_by_event: list[EventChoices] = Field(default_factory=list)


class AllTargetsAnswer(BaseModel):
    """Every target, best first for the kicking team by ``objective``."""

    objective: Objective
    events: Events
    higher_is_better: bool
    targets: list[RankedTargetOut]
    play: SolverPlay = "defaults"
    #: With play best and events all: the free moves are not searched here (budget 0, nobody
    #: acts; ``note`` says so): ask one target (``POST /api/odds``) for its plans.
    applied: PlansApplied | None = None


class KickAnswer(BaseModel):
    """The ``kickoff-result/1`` document of one kick-off (``log``: every die and step; the
    steps the page replays have the shape ``docs/formats.md`` pins, "The log's replayed
    steps"), the log told in sentences (``story[i]`` tells ``log[i]``, as ``kickoff run`` tells
    it), the default decisions the kick-off applied (``defaults``: one line each) and the
    Kick-off event's Blood Bowl name (``event``: ``"Charge!"``, ``"Get the Ref"``; ``null``
    when no event was rolled), as ``kickoff run`` names it."""

    result: dict[str, Any]
    story: list[str] = Field(default_factory=list)
    defaults: list[str] = Field(default_factory=list)
    event: str | None = None


# ------------------------------------------------------------- "Suggest a set-up" (issue 14)

#: The longest search a suggestion may ask for, seconds (``kickoff setup optimize --seconds``
#: takes 1..3600; a page's coach waits for the answer).
MAX_SUGGEST_SECONDS = 300
#: The most search rounds a suggestion may ask for (a deterministic bound, for tests and for a
#: result that a seed repeats).
MAX_SUGGEST_ROUNDS = 100_000


class SuggestRequest(WithScenario):
    """Search the receiving team's legal set-ups for the one whose worst kick hurts it least
    (``kickoff setup optimize``), starting from the scenario's set-up. The search stops after
    ``seconds``, after ``rounds`` rounds if given, or when cancelled, whichever comes first."""

    objective: Objective = Field("receiver-holds", description="What the receiving team wants "
                                 "of the kick-off's end (the kicker picks the target worst for "
                                 "it): receiver-holds (the default), touchback, ball-on-ground, "
                                 "distance.")
    events: Events = DEFAULT_EVENTS
    play: Play = Field("defaults", description="The receiving coach's "
                                              "choices at the kick-off: their defaults, or the "
                                              "best for the objective.")
    seconds: float = Field(10, ge=1, le=MAX_SUGGEST_SECONDS,
                           description="The search's time bound, seconds.")
    rounds: int | None = Field(None, ge=1, le=MAX_SUGGEST_ROUNDS,
                               description="A bound on the search's rounds (deterministic for "
                               "a seed).")
    seed: int | None = Field(None, ge=0, le=2**32 - 1,
                             description="The search's seed (none: a new one, given back).")
    keep: list[Annotated[str, Field(max_length=40)]] = Field(
        default_factory=list, max_length=16, description="Receiving player ids pinned where "
        "the scenario's set-up has them ('keep my Line of Scrimmage').")


class SetupValueOut(BaseModel):
    """A receiving set-up's minimax value: the kicker's best ``target`` (and whether he uses
    Kick there, ``kick_skill``) and the objective's value at that target (``value`` a float,
    ``exact`` the fraction: a probability, or for ``distance`` squares)."""

    value: float
    exact: str
    target: tuple[int, int]
    kick_skill: bool


class SuggestProgressOut(BaseModel):
    """How far a search is: set-ups ``evaluated``, seconds ``elapsed``, the ``best`` value so
    far (``None`` before the first set-up is valued)."""

    evaluated: int
    elapsed: float
    best: SetupValueOut | None


class EventGainOut(BaseModel):
    """One Kick-off event's value (``start_value`` the starting set-up's, ``value`` the
    suggestion's, each at the kicker's best kick against it; exact fractions) and ``gain``, the
    receivers' gain; ``chance``, the event's on 2D6."""

    event: str
    chance: str
    start_value: str
    value: str
    gain: str


class SuggestionOut(BaseModel):
    """The set-up found: ``squares`` maps each receiving player id to his square (``None``: the
    Reserves); its ``value`` and the starting set-up's ``start_value``; ``cancelled``: the
    search was stopped early, and this is the best it had found."""

    squares: dict[str, tuple[int, int] | None]
    value: SetupValueOut
    start_value: SetupValueOut
    evaluated: int
    cancelled: bool
    moved: int = Field(0, description="Players the suggestion moves from the start.")
    best_value: SetupValueOut | None = Field(None, description="The best value met (the "
                                             "suggestion's is within the tie-break's epsilon).")
    by_event: list[EventGainOut] = Field(default_factory=list, description="Each Kick-off "
                                         "event's value for both set-ups (none: events off).")


class SuggestJobOut(BaseModel):
    """A suggestion job: ``state`` is ``running``, ``done``, ``cancelled`` (stopped early:
    ``suggestion`` is the best found so far) or ``failed`` (``problems`` say why)."""

    id: str
    state: Literal["running", "done", "cancelled", "failed"]
    receiving: Side
    objective: Objective
    events: Events
    play: Play
    seconds: float
    rounds: int | None
    seed: int
    progress: SuggestProgressOut
    suggestion: SuggestionOut | None = None
    problems: list[ProblemOut] = Field(default_factory=list)
