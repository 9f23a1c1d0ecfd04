"""The scenario and result formats: ``kickoff-scenario/1`` in, ``kickoff-result/1`` out.

The contract is ``shared/spec/scenario-format.md``. This module plays a checked scenario and is
the formats' one door: it gives the names of the modules that do each job,

- :mod:`kickoff.formats.scenario_models`: the documents as pydantic models, the parsing of a
  scenario's text (:func:`parse_scenario`, :func:`pydantic_problems`) and the JSON Schemas;
- :mod:`kickoff.formats.scenario_build`: the checks that depend on the ruleset and the engine's
  objects built from a scenario (:func:`load_scenario`, :class:`LoadedScenario`);
- :mod:`kickoff.formats.scenario_result`: the result document (:func:`result_to_json`).

Every problem of an input is a :class:`~kickoff.core.problems.Problem` naming its key path,
e.g. ``teams.away.players[3].square: [27, 4] is off the 26x15 pitch``.
"""

from __future__ import annotations

from typing import Any

from kickoff.core.actions.turn import TurnResult, play_turn
from kickoff.core.dice import ScriptedDice
from kickoff.core.errors import ScenarioError
from kickoff.core.kickoff import KickoffResult, kick_off
from kickoff.core.problems import Problem
from kickoff.formats.fields import MAX_TEAM_PLAYERS, Coordinate, NonNegative, SkillList
from kickoff.formats.scenario_build import LoadedScenario, load_scenario
from kickoff.formats.scenario_models import (
    SCENARIO_FORMAT,
    DecisionsIn,
    ResultOut,
    ScenarioIn,
    parse_scenario,
    pydantic_problems,
    schemas,
)
from kickoff.formats.scenario_result import result_to_json, turn_result_to_json

#: The names the commands, the web app, the other formats and the tests take from here.
__all__ = [
    "MAX_TEAM_PLAYERS", "SCENARIO_FORMAT", "Coordinate", "DecisionsIn", "LoadedScenario",
    "NonNegative", "ResultOut", "ScenarioIn", "SkillList", "load_scenario",
    "parse_scenario", "play", "play_turn_scenario", "pydantic_problems", "replay_loaded",
    "replay_text", "result_to_json", "schemas", "turn_result_to_json",
]


def play(loaded: LoadedScenario) -> tuple[KickoffResult, int | None]:
    """Play the scenario's kick-off once on a copy of its state: ``(result, seed)``.

    Scripted dice left unused at the end are an error (``DiceError``); a ``phase: "turn"``
    scenario is played by :func:`play_turn_scenario` instead (``ScenarioError`` here).
    """
    if loaded.active is not None:
        raise ScenarioError([Problem('"turn": a turn has no kick-off to play', 'phase')])
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
        raise ScenarioError([Problem('"kickoff": the scenario has no turn to play', 'phase')])
    dice, seed = loaded.dice()
    result = play_turn(loaded.state.clone(), loaded.ruleset, dice, loaded.active,
                       loaded.actions, loaded.decisions, loaded.house_rules)
    if isinstance(dice, ScriptedDice):
        dice.check_exhausted()
    return result, seed


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
