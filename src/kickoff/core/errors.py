"""The few precise exceptions of the engine. Each message names what is wrong and where.

Every error a user's input can cause is a :class:`KickoffError`; the command line turns it into
a message on stderr and exit status 1, never a traceback, and the web app into a 422 answer.
:class:`ScenarioError` and :class:`SetupError` carry their problems as values
(:class:`~kickoff.core.problems.Problem`); the others are one sentence (``key.path: ...``).
"""

from __future__ import annotations

from collections.abc import Sequence

from kickoff.core.problems import Problem


class KickoffError(Exception):
    """Base class: invalid input or an illegal choice, with a message for people."""


class ScenarioError(KickoffError):
    """Invalid input: every :class:`~kickoff.core.problems.Problem`, each naming its key path
    (``teams.away.players[3].square: ...``); the message is their texts, one a line.

    A ``str`` given instead of a problem is a whole sentence, its ``where`` inside it
    (``Problem(sentence)``): the FUMBBL replay importer still raises those.
    """

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        self.problems = [p if isinstance(p, Problem) else Problem(p) for p in problems]
        super().__init__("\n".join(p.text() for p in self.problems))


class SetupError(KickoffError):
    """An illegal set-up: every :class:`~kickoff.core.problems.Problem` is listed
    (``rulings.md`` section 1); the message is ``illegal set-up:`` then ``- {text}`` lines."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("illegal set-up:\n" + "\n".join(f"- {p.text()}" for p in self.problems))


class DiceError(KickoffError):
    """Scripted dice that ran out, were out of range, or were left over (names kind, position)."""


class DecisionError(KickoffError):
    """A coach's decision that is illegal when its moment comes; the message says why."""


class NotSupportedError(DecisionError):
    """A decision the engine cannot play (yet): an action other than Move and Kick during a team
    turn, an apothecary on a Casualty outside Sevens (the Casualty table is out of scope), odds
    the analysis cannot compute."""
