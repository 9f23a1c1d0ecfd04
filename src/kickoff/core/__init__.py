"""The rules core: pitch, dice, coaches' decisions, state, rulesets, set-up checks and the
kick-off procedure.

The names most callers need are here::

    from kickoff.core import RULESETS, Decisions, SeededDice, ScriptedDice, kick_off
"""

from kickoff.core.coach import Coach, Decision
from kickoff.core.decisions import Decisions, Move
from kickoff.core.dice import Dice, ScriptedDice, SeededDice, outcomes
from kickoff.core.errors import (
    DecisionError,
    DiceError,
    KickoffError,
    NotSupportedError,
    ScenarioError,
    SetupError,
)
from kickoff.core.kickoff import Deviation, EventRoll, KickoffResult, kick_off
from kickoff.core.pickling import register as _register_pickling
from kickoff.core.pitch import ELEVEN, SEVENS, Pitch, Square
from kickoff.core.rulesets import RULESETS, Ruleset
from kickoff.core.setup import kickoff_setup_problems, setup_problems
from kickoff.core.state import GameState, Player, Team

__all__ = [
    "ELEVEN", "RULESETS", "SEVENS", "Coach", "Decision", "DecisionError", "Decisions",
    "Deviation", "Dice",
    "DiceError", "EventRoll", "GameState", "KickoffError", "KickoffResult", "Move",
    "NotSupportedError", "Pitch", "Player", "Ruleset", "ScenarioError", "ScriptedDice",
    "SeededDice", "SetupError", "Square", "Team", "kick_off", "kickoff_setup_problems",
    "outcomes", "setup_problems",
]

_register_pickling()  # the frozen dataclasses pickle alike in both builds
