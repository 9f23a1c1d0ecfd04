"""Two teams on their set-ups before a kick-off, from built-in or file names: as a checked
engine state (:func:`build_match`, what ``kickoff run`` and ``kickoff odds`` play) or as a
``kickoff-scenario/1`` document (:func:`match_scenario`, what the web app edits).

Set-up files and scenarios meet here too: :func:`scenario_setup` reads one team's set-up out of
a scenario (for a set-up file or a FUMBBL export) and :func:`with_setup` places a team of a
scenario by a set-up file (an imported FUMBBL set-up), both by jersey number (player ids
``h<number>`` / ``a<number>``, ``docs/formats.md``).
"""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING, Any, NamedTuple

from kickoff.core.errors import ScenarioError
from kickoff.core.pitch import SIDES, Side, other_side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState, Team, Weather, jersey_number
from kickoff.defaults import DEFAULT_SETUPS, DEFAULT_TEAMS
from kickoff.formats.teams import (
    ID_PREFIX,
    SetupData,
    TeamData,
    as_drawn,
    build_state,
    place_team,
    read_setup,
    read_team,
)

# The scenario format's models and the team and set-up files' are imported by the functions that
# write or read a scenario, not by ``build_match`` (what ``kickoff odds`` needs; start-up, issue
# 16: the built-in teams and set-ups are read without pydantic).
if TYPE_CHECKING:
    from kickoff.formats.scenario_models import ScenarioIn
    from kickoff.formats.team_models import SetupFile



class Match(NamedTuple):
    """Two teams on their set-ups before a kick-off, checked: what ``run`` and ``odds`` play.
    (A named tuple, not a dataclass: no methods compiled at import; start-up, issue 16.)"""

    ruleset: Ruleset
    state: GameState
    names: dict[str, str]
    house_rules: frozenset[HouseRule] = frozenset()


def _load(
    ruleset: str, home: str | None, away: str | None, home_setup: str | None,
    away_setup: str | None, kicking: Side,
) -> tuple[dict[Side, tuple[str, TeamData]], dict[Side, tuple[str, SetupData]]]:
    """The teams and set-ups named (``None``: the ruleset's default), as ``(where, file)``."""
    rs = RULESETS[ruleset]
    family = rs.family
    defence, offence = DEFAULT_SETUPS[rs.pitch.name]
    # ``None`` only is the default: an empty name is refused by the reader (``--home ""``
    # played the default team, saying nothing)
    team_names: dict[Side, str] = {
        "home": DEFAULT_TEAMS[family][0] if home is None else home,
        "away": DEFAULT_TEAMS[family][1] if away is None else away,
    }
    setup_names: dict[Side, str] = {kicking: defence, other_side(kicking): offence}
    if home_setup is not None:
        setup_names["home"] = home_setup
    if away_setup is not None:
        setup_names["away"] = away_setup
    teams = {s: read_team(team_names[s], family) for s in SIDES}
    setups = {s: read_setup(setup_names[s], rs.pitch) for s in SIDES}
    return teams, setups


def build_match(
    ruleset: str, home: str | None, away: str | None, home_setup: str | None,
    away_setup: str | None, kicking: Side,
) -> Match:
    """Load the teams and set-ups named (built-in names or files; ``None``: the ruleset's
    defaults) and check them; ``ScenarioError`` / ``SetupError`` list every problem."""
    rs = RULESETS[ruleset]
    teams, setups = _load(ruleset, home, away, home_setup, away_setup, kicking)
    state = build_state(rs, teams, setups, kicking)
    names: dict[str, str] = {s: f"{teams[s][1].name}, {setups[s][1].name}" for s in SIDES}
    return Match(rs, state, names)


def _team_document(team: Team) -> dict[str, Any]:
    """A placed team as a scenario's ``teams.<side>`` object (players in roster order)."""
    players: list[dict[str, Any]] = []
    for p in team.players:
        doc: dict[str, Any] = {"id": p.id, "name": p.name, "ma": p.ma, "st": p.st, "ag": p.ag}
        if p.pa is not None:
            doc["pa"] = p.pa
        doc.update(av=p.av, skills=sorted(p.skills),
                   square=None if p.square is None else p.square.as_list())
        players.append(doc)
    return {"name": team.name, "rerolls": team.rerolls, "fan_factor": team.fan_factor,
            "fame": team.fame, "cheerleaders": team.cheerleaders,
            "assistant_coaches": team.assistant_coaches, "players": players}


def match_scenario(
    ruleset: str, home: str | None, away: str | None, home_setup: str | None,
    away_setup: str | None, kicking: Side, weather: Weather = "nice",
) -> tuple[dict[str, Any], list[Problem]]:
    """The ``kickoff-scenario/1`` document of two named teams on their set-ups (names as for
    :func:`build_match`), not checked: ``(document, problems)``.

    ``problems`` lists what the document cannot say: a set-up naming a jersey number the team
    does not have, or a square off the pitch (those players stay in the Reserves). The set-up
    rules are checked by loading the document (``load_scenario``). Raises ``ScenarioError`` for
    a team or set-up that cannot be read.
    """
    from kickoff.formats.scenario_models import SCENARIO_FORMAT

    rs = RULESETS[ruleset]
    teams, setups = _load(ruleset, home, away, home_setup, away_setup, kicking)
    problems: list[Problem] = []
    docs: dict[str, Any] = {}
    for side in SIDES:
        placed = place_team(side, teams[side][1], setups[side][1], rs.pitch,
                            setup_name=setups[side][0], team_name=teams[side][0])
        problems += placed.problems
        docs[side] = _team_document(placed.team)
    doc = {"format": SCENARIO_FORMAT, "ruleset": ruleset, "kicking": kicking,
           "weather": weather, "teams": docs}
    return doc, problems


def state_scenario(
    ruleset: Ruleset, state: GameState, *, seed: int | None = None,
    kick: dict[str, Any] | None = None, decisions: dict[str, Any] | None = None,
    house_rules: frozenset[HouseRule] = frozenset(),
) -> dict[str, Any]:
    """The ``kickoff-scenario/1`` document of a state before its kick-off: both teams (players
    in roster order, squares, counters), weather, half, who kicks, and the ``kick`` (kicker,
    target), ``seed`` and ``decisions`` given. ``kickoff replay`` plays it as ``kickoff run``
    played it (``kickoff run --save-scenario``)."""
    from kickoff.formats.scenario_models import SCENARIO_FORMAT

    teams = {side: _team_document(state.teams[side]) for side in SIDES}
    for side in SIDES:
        t = state.teams[side]
        teams[side].update({k: v for k, v in (("turn", t.turn), ("drive_rerolls", t.drive_rerolls),
                                               ("bribes", t.bribes)) if v})
    doc: dict[str, Any] = {
        "format": SCENARIO_FORMAT, "ruleset": ruleset.name, "house_rules": sorted(house_rules),
        "weather": ruleset.fine_weather_name if state.weather == "nice" else state.weather,
        "half": state.half, "kicking": state.kicking, "teams": teams,
    }
    if kick:
        doc["kick"] = kick
    doc["seed"] = seed
    if decisions:
        doc["decisions"] = decisions
    return doc


def _jersey_numbers(sc: ScenarioIn, side: Side) -> dict[str, int]:
    """Player id -> jersey number for ``side``'s players, 1..99: the number of his id
    (``h<number>`` / ``a<number>``), else the one his name carries, as a scenario of ``kickoff
    fumbbl extract`` names its players (id ``p<FUMBBL id>``, name ``Name (Position, #7)``): the
    number the page shows on his disc. ``ScenarioError`` names each player whose id and name
    carry no number, and each number two players carry."""
    prefix = ID_PREFIX[side]
    numbers: dict[str, int] = {}
    problems: list[Problem] = []
    for i, p in enumerate(getattr(sc.teams, side).players):
        m = re.fullmatch(rf"{prefix}(\d{{1,2}})", p.id)
        named = jersey_number(p.name or "")
        number = int(m.group(1)) if m is not None else int(named) if named is not None else 0
        if number == 0:
            problems.append(Problem(f"{p.id!r} carries no jersey number: set-ups name players "
                                    f"by number, ids {prefix}1..{prefix}99 or a name with "
                                    f"'#<number>'", f"teams.{side}.players[{i}].id", (p.id,)))
            continue
        twin = next((pid for pid, n in numbers.items() if n == number), None)
        if twin is not None:
            problems.append(Problem(f"{twin!r} and {p.id!r} both carry jersey number {number}: "
                                    "set-ups name players by number",
                                    f"teams.{side}.players[{i}].id", (twin, p.id)))
            continue
        numbers[p.id] = number
    if problems:
        raise ScenarioError(problems)
    return numbers


def scenario_setup(sc: ScenarioIn, side: Side, name: str = "") -> SetupFile:
    """``side``'s players on the pitch in scenario ``sc`` as a set-up file (squares drawn as the
    home team; ``kind`` from who kicks). ``ScenarioError`` names a player without a jersey
    number in his id."""
    from kickoff.formats.team_models import SetupFile

    rs = RULESETS[sc.ruleset]
    numbers = _jersey_numbers(sc, side)
    positions = {
        str(numbers[p.id]): as_drawn(side, p.square, rs.pitch).as_list()
        for p in getattr(sc.teams, side).players if p.square is not None
    }
    return SetupFile(
        name=name or f"{getattr(sc.teams, side).name or side} set-up",
        pitch=rs.pitch.name,
        kind="defence" if (sc.kicking or "home") == side else "offence",
        source="kickoff web app",
        positions=dict(sorted(positions.items(), key=lambda kv: int(kv[0]))),
    )


def with_setup(
    doc: dict[str, Any], side: Side, setup: tuple[str, SetupFile]
) -> tuple[dict[str, Any], list[Problem]]:
    """A copy of scenario ``doc`` with ``side``'s players placed by ``setup`` (``(where,
    set-up)``, drawn as the home team): the players it names Standing on their squares, the
    others in the Reserves (a player Knocked-out, a Casualty or Sent-off stays so).

    Returns ``(document, problems)``: problems name what could not be placed (a jersey number
    the team does not have, a square off the pitch); set-up rules are checked by loading the
    document. ``ScenarioError`` for a document that is not a scenario, or a player of ``side``
    whose id carries no jersey number.
    """
    import json

    from kickoff.formats.scenario_models import parse_scenario
    from kickoff.formats.team_models import RosterPlayer, TeamFile

    sc = parse_scenario(json.dumps(doc))
    rs = RULESETS[sc.ruleset]
    numbers = _jersey_numbers(sc, side)
    tin = getattr(sc.teams, side)
    team = TeamFile(
        name=tin.name or side, family=RULESETS[sc.ruleset].family,
        players=[RosterPlayer(number=numbers[p.id], ma=p.ma, st=p.st, ag=p.ag, pa=p.pa, av=p.av)
                 for p in tin.players],
    )
    placed = place_team(side, team, setup[1], rs.pitch, setup_name=setup[0])
    squares = {p.id: p.square for p in placed.team.players}
    out = copy.deepcopy(doc)
    for p in out["teams"][side]["players"]:
        square = squares[p["id"]]
        if square is not None:
            p["square"] = square.as_list()
            p.pop("status", None)
        else:
            p["square"] = None
            if p.get("status") not in ("knocked_out", "casualty", "sent_off"):
                p.pop("status", None)  # no square, no status: in the Reserves
    return out, placed.problems
