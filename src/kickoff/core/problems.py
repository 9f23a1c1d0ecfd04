"""What is wrong with an input, as a value: where, what, and which players and squares.

A set-up check (``rulings.md`` section 1) or a scenario check lists every problem at once; each
is a :class:`Problem`, rendered to the sentence people read by :func:`Problem.text` (one
function, so the command line, the API and the page say the same thing) and sent as structured
JSON by the API (:meth:`Problem.as_json`), whose ``players`` the page highlights.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict

from kickoff.core.pitch import Square


class ProblemJSON(TypedDict):
    """A :class:`Problem` as the API sends it: ``text`` is :meth:`Problem.text`."""

    text: str
    where: str
    message: str
    players: list[str]
    squares: list[list[int]]


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem of an input.

    ``where``: the file, key path or team it concerns (``"teams.away.players[3].square"``,
    ``"away team"``, ``"my_setup.toml"``), ``""`` when none; ``message``: what is wrong, a
    sentence without the ``where``; ``players``: the ids of the players it concerns, in the
    order the message names them; ``squares``: the squares it concerns, ``(x, y)``.
    """

    message: str
    where: str = ""
    players: tuple[str, ...] = ()
    squares: tuple[Square, ...] = ()

    def text(self) -> str:
        """The sentence: ``"{where}: {message}"``, or ``message`` when ``where`` is empty."""
        return f"{self.where}: {self.message}" if self.where else self.message

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, sentence: str) -> Problem:
        """The problem a sentence states (an engine error that is only a sentence, such as a
        ``DecisionError``): ``where`` is the key path before its first ``": "``
        (``"decisions.blitz[0].path: ..."``), none when that part is not one (has a space)."""
        where, sep, message = sentence.partition(": ")
        return cls(message, where) if sep and where and " " not in where else cls(sentence)

    def at(self, where: str) -> Problem:
        """This problem placed inside ``where`` (a file, a field): ``"where: old where"``."""
        return replace(self, where=f"{where}: {self.where}" if self.where else where)

    def as_json(self) -> ProblemJSON:
        """The structured form the API sends (``kickoff.web``)."""
        return {
            "text": self.text(),
            "where": self.where,
            "message": self.message,
            "players": list(self.players),
            "squares": [list(sq) for sq in self.squares],
        }
