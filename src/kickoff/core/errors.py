"""The few precise exceptions of the engine. Each message names what is wrong and where.

Every error a user's input can cause is a :class:`KickoffError`; the command line turns it into
a message on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence


class KickoffError(Exception):
    """Base class: invalid input or an illegal choice, with a message for people."""


class ScenarioError(KickoffError):
    """Invalid input: each problem names its key path (``teams.away.players[3].square: ...``)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class SetupError(KickoffError):
    """An illegal set-up: every problem is listed (``rulings.md`` section 1)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("illegal set-up:\n" + "\n".join(f"- {p}" for p in self.problems))


class DiceError(KickoffError):
    """Scripted dice that ran out, were out of range, or were left over (names kind, position)."""


class DecisionError(KickoffError):
    """A coach's decision that is illegal when its moment comes; the message says why."""


class NotSupportedError(DecisionError):
    """A decision the engine cannot play (yet): an action other than Move and Kick during a team
    turn, an apothecary on a Casualty (the Casualty table is out of scope), odds the analysis
    cannot compute."""
