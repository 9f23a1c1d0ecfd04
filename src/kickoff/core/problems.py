"""What is wrong with an input, as a value: where, what, and which players and squares.

A set-up check (``rulings.md`` section 1) or a scenario check lists every problem at once; each
is a :class:`Problem`, rendered to the sentence people read by :func:`Problem.text` (one
function, so the command line, the API and the page say the same thing) and sent as structured
JSON by the API (:meth:`Problem.as_json`), whose ``players`` the page highlights.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final, TypedDict

from kickoff.core.pitch import Square

#: The key path before a sentence's first ``": "``: a path (``decisions.blitz[1]``), optionally
#: naming the acting player as ``core.rolls.where_of`` writes him (``(h4 at [6, 7])``, ``(h4 off
#: the pitch)``), then the rest of the path (``.block.follow_up``).
#: (Compiled by its first use, in :mod:`re`'s cache: start-up, issue 16.)
_WHERE: Final = (
    r"(?P<path>[A-Za-z_][\w.\[\]-]*)"
    r"(?: \((?P<player>[^ ()]+) (?:at \[(?P<x>-?\d+), (?P<y>-?\d+)\]|off the pitch)\))?"
    r"(?P<rest>[\w.\[\]-]*)"
)


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
        (``"decisions.blitz[0].path: ..."``), so that :meth:`text` gives the sentence back; when
        the path names the acting player as the action engine does (``"decisions.blitz[1] (h4
        at [6, 7]).block.follow_up: ..."``), he and his square are the problem's ``players`` and
        ``squares``. A sentence whose first part is no key path is the message alone.

        >>> p = Problem.from_text("decisions.blitz[1] (h4 at [6, 7]).block.follow_up: follow up")
        >>> p.where, p.message, p.players, p.squares
        ('decisions.blitz[1] (h4 at [6, 7]).block.follow_up', 'follow up', ('h4',), (Square(x=6, y=7),))
        """
        where, sep, message = sentence.partition(": ")
        m = re.fullmatch(_WHERE, where) if sep else None
        if m is None:
            return cls(sentence)
        player = m["player"]
        squares = (Square(int(m["x"]), int(m["y"])),) if m["x"] is not None else ()
        return cls(message, where, (player,) if player else (), squares)

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
