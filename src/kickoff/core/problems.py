"""What is wrong with an input, as a value: what kind (a stable ``code``), where, what, and which
players and squares.

A set-up check (``rulings.md`` section 1) or a scenario check lists every problem at once; each
is a :class:`Problem`, rendered to the sentence people read by :func:`Problem.text` (one
function, so the command line, the API and the page say the same thing) and sent as structured
JSON by the API (:meth:`Problem.as_json`), whose ``players`` the page highlights.

Every engine error (``kickoff.core.errors``) carries its problems as values, so that an edge (the
command line, the API) places a problem in its file or field with :meth:`Problem.at` and never
reads a sentence back. The ``code`` says what kind of problem it is, like python-chess's
``Status`` flags: tests and programs test the code, people read the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, TypedDict

from kickoff.core.pitch import Square

#: What kind of problem it is (a stable name, for programs and tests; people read the text):
#:
#: - ``"invalid"``: an input that is not what its format allows (the default);
#: - ``"illegal_setup"``: a set-up the rules forbid (``rulings.md`` section 1);
#: - ``"unknown_player"``: a decision names a player in neither team;
#: - ``"illegal_choice"``: a coach's choice outside the options the rules give him at that
#:   decision (``kickoff.core.coach``), or an action the rules forbid when its moment comes;
#: - ``"dice"``: scripted dice that ran out, were out of range, or were left over;
#: - ``"not_supported"``: a choice the engine cannot play (yet);
#: - ``"busy"``: a server that cannot take the request now (too many jobs, connections or
#:   requests, or stopping): the same request may succeed later (HTTP 503 or 429);
#: - ``"more_problems"``: the last line of a list cut short, counting the problems not listed
#:   (``kickoff.formats.reading.capped``).
ProblemCode = Literal[
    "invalid", "illegal_setup", "unknown_player", "illegal_choice", "dice", "not_supported",
    "busy", "more_problems",
]


class ProblemJSON(TypedDict):
    """A :class:`Problem` as the API sends it: ``text`` is :meth:`Problem.text`."""

    text: str
    code: str
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
    order the message names them; ``squares``: the squares it concerns, ``(x, y)``; ``code``:
    its kind (:data:`ProblemCode`).
    """

    message: str
    where: str = ""
    players: tuple[str, ...] = ()
    squares: tuple[Square, ...] = ()
    code: ProblemCode = "invalid"

    def text(self) -> str:
        """The sentence: ``"{where}: {message}"``, or ``message`` when ``where`` is empty."""
        return f"{self.where}: {self.message}" if self.where else self.message

    def __str__(self) -> str:
        return self.text()

    def at(self, where: str) -> Problem:
        """This problem placed inside ``where`` (a file, a field): ``"where: old where"``."""
        return replace(self, where=f"{where}: {self.where}" if self.where else where)

    def as_json(self) -> ProblemJSON:
        """The structured form the API sends (``kickoff.web``)."""
        return {
            "text": self.text(),
            "code": self.code,
            "where": self.where,
            "message": self.message,
            "players": list(self.players),
            "squares": [list(sq) for sq in self.squares],
        }


@dataclass(frozen=True, slots=True)
class Place:
    """Where a coach's choice is, as values: its key path (``decisions.blitz[1]``), the acting
    player and his square (``None``: off the pitch), and the rest of the path inside the
    activation (``.block.follow_up``). :meth:`where` is the text a problem shows:
    ``decisions.blitz[1] (h4 at [6, 7]).block.follow_up``, ``decisions.blitz[0] (h4 off the
    pitch)``."""

    path: str
    player: str
    square: Square | None
    rest: str = ""

    def then(self, rest: str) -> Place:
        """The place ``rest`` further inside (``.block.follow_up``)."""
        return replace(self, rest=self.rest + rest)

    def where(self) -> str:
        """The key path as a problem shows it, naming the player and his square."""
        sq = "off the pitch" if self.square is None else f"at {list(self.square)}"
        return f"{self.path} ({self.player} {sq}){self.rest}"

    def problem(self, message: str, code: ProblemCode = "illegal_choice") -> Problem:
        """The problem ``message`` here: the player and his square as its values."""
        squares = () if self.square is None else (self.square,)
        return Problem(message, self.where(), (self.player,), squares, code)
