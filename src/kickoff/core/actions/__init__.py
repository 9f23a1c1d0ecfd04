"""The action engine: player activations during the free turns (Blitz!, Charge!) and the Kick It!
Kick action (``scenario-format.md``, "Actions"; ``rulings.md`` sections 7 and 8).

:mod:`kickoff.core.actions.activation` holds the value types every part shares and
:mod:`kickoff.core.actions.turn` the rules of the turn an activation happens in. The rules
themselves: :mod:`~kickoff.core.actions.rolls` (tests of a player and their re-rolls, tackle
zones), :mod:`~kickoff.core.actions.move`, :mod:`~kickoff.core.actions.injury` (armour and
injury). They are imported from their modules (this package is imported by the context, which
they need).
"""

from kickoff.core.actions.activation import (
    ACTION_KINDS,
    ActionKind,
    Activation,
    BlockChoice,
    PassBlock,
    RerollChoice,
    Rerolls,
)
from kickoff.core.actions.turn import Turn

__all__ = [
    "ACTION_KINDS", "ActionKind", "Activation", "BlockChoice", "PassBlock", "RerollChoice",
    "Rerolls", "Turn",
]
