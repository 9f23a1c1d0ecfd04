"""The few precise exceptions of the engine. Each message names what is wrong and where.

Every error a user's input can cause is a :class:`KickoffError` (a ``ValueError``); the command
line turns it into a message on stderr and exit status 1, never a traceback, and the web app into
a 422 answer. Every one carries its problems as values
(:attr:`KickoffError.problems`, :class:`~kickoff.core.problems.Problem`: a ``code``, the key
path, the message, the players and squares), so that an edge places them in its file or field
(:meth:`KickoffError.placed`, :meth:`Problem.at <kickoff.core.problems.Problem.at>`) without
reading a sentence back; the message is their texts, one a line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

from kickoff.core.problems import Place, Problem, ProblemCode

E = TypeVar("E", bound="KickoffError")


class KickoffError(ValueError):
    """Base class: invalid input or an illegal choice, with a message for people.

    Made from one :class:`~kickoff.core.problems.Problem` or a list of them; a ``str`` given
    instead of a problem is a whole sentence with no ``where`` of its own (``Problem(sentence)``,
    with the class's :attr:`code`)."""

    #: The code of a problem given as a sentence.
    code: ClassVar[ProblemCode] = "invalid"

    def __init__(self, problems: Problem | str | Sequence[Problem | str] = "") -> None:
        given = [problems] if isinstance(problems, Problem | str) else list(problems)
        #: What is wrong, as values.
        self.problems: list[Problem] = [
            p if isinstance(p, Problem) else Problem(p, code=self.code) for p in given]
        super().__init__(self.render())

    def render(self) -> str:
        """The message: the problems' texts, one a line."""
        return "\n".join(p.text() for p in self.problems)

    def __reduce__(self) -> tuple[Callable[..., KickoffError], tuple[object, ...]]:
        """Pickled as its problems, so that an error raised in a worker process (the web's odds
        pool, ``simulate --jobs``) reaches the parent with its values: the compiled build's class
        keeps no ``__dict__`` for the default's, which rebuilt it from its sentence alone."""
        return (type(self), (self.problems,))

    @classmethod
    def at(cls: type[E], where: str | Place, message: str, *, players: tuple[str, ...] = (),
           code: ProblemCode | None = None) -> E:
        """The error of one problem: ``message`` at ``where`` (a key path, or a
        :class:`~kickoff.core.problems.Place` naming the acting player and his square, who are
        then its values), of ``code`` (default: the class's)."""
        code = code or cls.code
        if isinstance(where, Place):
            return cls(where.problem(message, code))
        return cls(Problem(message, where, players, code=code))

    def placed(self: E, place: Callable[[Problem], Problem]) -> E:
        """A copy of this error with each problem placed by ``place`` (in a file, a field: most
        often :meth:`Problem.at <kickoff.core.problems.Problem.at>`); this one is unchanged."""
        return self.with_problems([place(p) for p in self.problems])

    def with_problems(self: E, problems: list[Problem]) -> E:
        """An error of this class (and this one's other values) with ``problems``."""
        return type(self)(problems)


class ScenarioError(KickoffError):
    """Invalid input: every :class:`~kickoff.core.problems.Problem`, each naming its key path
    (``teams.away.players[3].square: ...``); the message is their texts, one a line.

    A ``str`` given instead of a problem is a whole sentence, its ``where`` inside it
    (``Problem(sentence)``): the FUMBBL replay importer still raises those.
    """


class SetupError(KickoffError):
    """An illegal set-up: every :class:`~kickoff.core.problems.Problem` is listed
    (``rulings.md`` section 1); the message is ``illegal set-up:`` then ``- {text}`` lines, or,
    with a ``source`` (the file it was read from), ``{source}: illegal set-up:`` then the
    problems' texts (each placed in that file by whoever named the source)."""

    code: ClassVar[ProblemCode] = "illegal_setup"

    def __init__(self, problems: Problem | str | Sequence[Problem | str] = "",
                 source: str | None = None) -> None:
        self.source = source
        super().__init__(problems)

    def render(self) -> str:
        if self.source is not None:
            return f"{self.source}: illegal set-up:\n" + "\n".join(p.text() for p in self.problems)
        return "illegal set-up:\n" + "\n".join(f"- {p.text()}" for p in self.problems)

    def with_problems(self, problems: list[Problem]) -> SetupError:
        return SetupError(problems, self.source)

    def __reduce__(self) -> tuple[Callable[..., KickoffError], tuple[object, ...]]:
        return (type(self), (self.problems, self.source))

    def in_source(self, source: str) -> SetupError:
        """This error read from ``source`` (its problems as they are; this one is unchanged)."""
        return SetupError(self.problems, source)


class OptionError(KickoffError):
    """An option of an analysis out of its range (``seconds``, ``rounds``, ``play``): its problem's
    ``where`` is the option's name, which each face spells its own way (``--seconds``, the
    request's ``seconds``)."""


class DiceError(KickoffError):
    """Scripted dice that ran out, were out of range, or were left over (names kind, position:
    ``dice.d6[3]``)."""

    code: ClassVar[ProblemCode] = "dice"

    def needed_for(self, why: str) -> DiceError:
        """This error saying what the die was needed for (``..., needed for: {why}``)."""
        last = self.problems[-1]
        return DiceError([*self.problems[:-1], Problem(
            f"{last.message}, needed for: {why}", last.where, last.players, last.squares,
            last.code)])


class DecisionError(KickoffError):
    """A coach's decision that is illegal when its moment comes; its problems name the key
    path, the player and the square (code ``illegal_choice``, ``unknown_player``)."""

    code: ClassVar[ProblemCode] = "illegal_choice"


class NotSupportedError(DecisionError):
    """A decision the engine cannot play (yet): an action other than Move and Kick during a team
    turn, an apothecary on a Casualty outside Sevens (the Casualty table is out of scope), odds
    the analysis cannot compute."""

    code: ClassVar[ProblemCode] = "not_supported"
