"""The action engine: player activations during the free turns (Blitz!, Charge!) and the Kick It!
Kick action (``scenario-format.md``, "Actions"; ``rulings.md`` sections 7 and 8).

:mod:`kickoff.core.actions.activation` holds the value types every part shares.
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

__all__ = [
    "ACTION_KINDS", "ActionKind", "Activation", "BlockChoice", "PassBlock", "RerollChoice",
    "Rerolls",
]
