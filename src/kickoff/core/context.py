"""The working context of one kick-off: state, ruleset, dice, coach, decisions, and the log.

Every die goes through :meth:`KickoffContext.roll` (and its grouped nodes), which asks the
:class:`~kickoff.core.dice.Dice` and records the roll with what it is for; nothing else in the
rules calls a random generator. Every choice a rule gives a coach goes through
:meth:`KickoffContext.decide`, which asks the :class:`~kickoff.core.coach.Coach` and checks his
answer against the options the rule declares (:class:`~kickoff.core.coach.Decision`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final, TypeVar, cast

from mypy_extensions import mypyc_attr

from kickoff.core.coach import SCRIPTED, Coach, Decision
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SIDES, Dice, DieKind, SeededDice, faces
from kickoff.core.errors import DecisionError, DiceError
from kickoff.core.log import KickoffLog, Label, Step, Why, text, unkept_log
from kickoff.core.pitch import Side, Square
from kickoff.core.problems import Problem
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState, Player

T = TypeVar("T")

# How a context's ``label`` answers (``KickoffContext._labels``).
_NO_LABEL: Final = 0
_TEXT: Final = 1
_LAZY: Final = 2

#: The log of every context that keeps none (one for all: it holds nothing).
_UNKEPT: Final[KickoffLog] = unkept_log()


#: The most characters of an unknown player id a message quotes (a scenario's ids have at most
#: 64; an option's value is the user's: 100,000 characters were quoted whole).
QUOTED_ID: Final = 64


def quoted_id(pid: str) -> str:
    """``pid`` quoted for a message (``repr``), cut at :data:`QUOTED_ID` characters."""
    if len(pid) <= QUOTED_ID:
        return repr(pid)
    return f"{pid[:QUOTED_ID]!r}... ({len(pid)} characters)"


def no_player(pid: str, where: str) -> Problem:
    """The problem of a decision at ``where`` naming ``pid``, who is in neither team."""
    return Problem(f"no player {quoted_id(pid)} in either team", where, code="unknown_player")


@mypyc_attr(free_list_len=1)
class KickoffContext:
    """Everything one kick-off works on. Created per kick-off; holds the mutable state copy.

    ``log=False``: keep no log (a simulation, a benchmark: nobody reads it). The dice and the
    rules are played exactly as with a log, only the lines are not kept: the rules write to
    :attr:`log` all the same (:mod:`kickoff.core.log`), which drops them.

    ``coach``: who answers the coaches' decisions (:meth:`decide`); default the scripted coach,
    who plays ``decisions`` (:data:`~kickoff.core.coach.SCRIPTED`). A coach with a ``bind``
    method is handed this context when it is made (it reads the kick-off: ``core/close.py``)."""

    __slots__ = (
        "_failed", "_keeps", "_labels", "coach", "decisions", "dice", "house_rules", "kicker",
        "landing", "log", "plain", "ruleset", "scatters", "seeded", "state", "target", "touchback",
    )

    def __init__(
        self,
        state: GameState,
        ruleset: Ruleset,
        dice: Dice,
        decisions: Decisions,
        house_rules: frozenset[HouseRule] = frozenset(),
        *,
        log: bool = True,
        coach: Coach | None = None,
    ) -> None:
        self.state = state
        #: Who answers the decisions (:meth:`decide`).
        self.coach: Coach = coach or SCRIPTED
        #: The coach is the scripted one: a decision the scenario gives no answer to is its
        #: default, which a rule takes at once, without building the decision (a kick-off asks
        #: a few; a simulation plays tens of thousands a second: docs/performance.md).
        self.plain = coach is None
        if coach is not None:  # a coach who reads the kick-off (core/close.py) is handed it
            bind = getattr(coach, "bind", None)
            if bind is not None:
                bind(self)
        self.ruleset = ruleset
        self.dice = dice
        #: ``dice`` when they are seeded, called directly (the same answers; docs/performance.md,
        #: "The code's shapes for speed").
        self.seeded: SeededDice | None = dice if isinstance(dice, SeededDice) else None
        self.decisions = decisions
        self.house_rules = house_rules
        #: The log the rules and the dice write to: one line per die and per step, in order;
        #: kept, or dropping every line (``log=False``), chosen here once.
        self.log: KickoffLog = KickoffLog() if log else _UNKEPT
        #: Whether the log keeps lines (this context's own shortcut: no call to drop a line).
        self._keeps = log
        #: How :meth:`label` answers: kept for the log to format (seeded dice never read a
        #: label), formatted (other dice read it: scripted dice name it in their errors, an
        #: exact solver's dice in their own log), or ``""`` (nobody reads it).
        self._labels = (_LAZY if log else _NO_LABEL) if self.seeded is not None else _TEXT
        self.kicker: Player | None = None
        self.target: Square | None = None
        #: Where the ball is about to land (may be off the pitch when ``touchback``).
        self.landing: Square | None = None
        #: The ball has left the pitch or entered the kicking area (rulings.md 2.6).
        self.touchback = False
        #: One-square scatters the ball makes in the air before landing (Changing Weather).
        self.scatters = 0
        #: :attr:`failed_tests`, made when first asked for.
        self._failed: dict[tuple[str, str], int] | None = None

    @property
    def failed_tests(self) -> dict[tuple[str, str], int]:
        """How many tests of each kind have failed so far under a list of re-roll choices, by
        the list's key path and the kind of test (``kickoff.core.rolls.nth_choice``)."""
        failed = self._failed
        if failed is None:
            failed = self._failed = {}
        return failed

    # -- dice -------------------------------------------------------------------------------
    def roll(self, kind: DieKind, why: Why, sides: int = 0) -> int:
        """Roll one die of ``kind`` (``sides`` only for a ``pick``) and log what it decides."""
        seeded = self.seeded
        try:
            if seeded is not None:
                value = seeded.roll(kind, sides or faces(kind))
            else:
                value = self.dice.roll(kind, sides or SIDES[kind])
        except DiceError as e:
            raise e.needed_for(text(why)) from None
        if self._keeps:
            self.log.roll(kind, value, why)
        return value

    def roll_dice(
        self,
        dice: Sequence[tuple[DieKind, Why]],
        depends_on: Callable[[tuple[int, ...]], Hashable],
        concerns: Player | None = None,
    ) -> tuple[int, ...]:
        """Roll ``dice`` (kind, what for) in order, where what follows depends on the values only
        through ``depends_on(values)`` (a test's success, a 2D6 total, a contest's winner).

        Seeded and scripted dice roll each die as usual. An exact solver's dice answer one
        chance node per distinct ``depends_on`` value, with a representative of its values: the
        same distribution over what follows, with far fewer branches. ``concerns``: the one
        player whose fate alone the roll decides (classic Pitch Invasion), so that such dice may
        lump the outcomes for a player their questions never look at (``Dice.roll_grouped``).
        """
        seeded = self.seeded
        if seeded is not None:  # the same values and lines as its roll_grouped
            values = seeded.draw(dice)
            if self._keeps:
                self.log.rolls(dice, values)
            return values
        # The labels are text but for seeded dice, which never read them (the log's ``label``).
        labelled = cast("Sequence[tuple[DieKind, str]]", dice)
        return self.dice.roll_grouped(labelled, depends_on, concerns, self.log)

    def roll_until(
        self, kind: DieKind, why: Why, ok: Callable[[int], bool], sides: int = 0
    ) -> int:
        """Roll ``kind`` again while ``ok(value)`` is false (a rule's "re-roll until ...").

        Seeded and scripted dice roll and re-roll, each roll consuming a die; an exact solver's
        answer with one of the allowed values, each equally likely, which is the same
        distribution (``Dice.roll_among``).
        """
        if self.seeded is not None:  # its roll_among's values and lines, one :meth:`roll` each
            while True:  # (the label formatted when the log is read)
                value = self.roll(kind, why, sides)
                if ok(value):
                    return value
        return self.dice.roll_among(kind, sides or SIDES[kind], ok, text(why), self.log)

    def pick(self, candidates: list[T], why: Why) -> T:
        """A random choice among ``candidates`` (a ``pick`` 1..N); one candidate needs no roll.
        An exact solver may answer for a class of candidates at once (``Dice.pick_among``)."""
        n = len(candidates)
        if n == 1:
            return candidates[0]
        if n > 1 and self.seeded is not None:  # its pick_among's value and line, the label
            return candidates[self.roll("pick", why, n) - 1]  # formatted when the log is read
        return candidates[self.dice.pick_among(candidates, text(why), self.log)]

    def choose(self, candidates: list[T], k: int, why: str) -> list[T]:
        """``k`` random candidates: all of them if ``k >= n``, else ``k`` successive picks.

        An exact solver answers with one k-subset, each equally likely: the same distribution as
        ``k`` successive picks, without telling their orders apart. It is handed the candidates
        so that it may lump together those its questions never look at (one subset standing for
        all that agree on the others, with their total probability; ``Dice.choose_among``).
        """
        if k >= len(candidates):
            return list(candidates)
        return [candidates[i] for i in self.dice.choose_among(candidates, k, why, self.log)]

    def label(self, template: str, a: object, b: object = None, c: object = None,
              d: object = None) -> Why:
        """What a die is for, ``template.format(a, b, ...)`` (at most four fields; the values
        past them are not read): formatted now, kept for the log to format when read (a
        :class:`~kickoff.core.log.Label`), or ``""`` when nobody reads it."""
        labels = self._labels
        if labels == _LAZY:
            return Label(template, (a, b, c, d))
        return template.format(a, b, c, d) if labels == _TEXT else ""

    def note(self, step: str, **info: Any) -> None:
        """Add a line to the log: for people, except the steps the page replays, whose keys are
        part of ``kickoff-result/1`` (``docs/formats.md``, "The log's replayed steps"). A
        :class:`~kickoff.core.pitch.Square` among the values reads as ``[x, y]``."""
        if self._keeps:
            self.log.note(step, info)

    def line(self, step: Step, a: object = None, b: object = None, c: object = None,
             d: object = None) -> None:
        """Add a line of ``step``, a kind of line the rules write on every kick-off: its keys'
        values by position (as many as it has keys)."""
        if self._keeps:
            self.log.line(step, a, b, c, d)

    def note_by(self, step: str, make: Callable[[KickoffContext, Any], dict[str, Any] | None],
                x: object = None) -> None:
        """Add the line ``make(self, x)`` answers (none for ``None``), made only when the log
        keeps lines: for a line whose values cost something to gather."""
        if self._keeps:
            self.log.note_by(step, make, self, x)

    def note_later(self, step: str, make: Callable[[Any, Any, Any, Any], dict[str, Any] | None],
                   a: object, b: object = None, c: object = None, d: object = None) -> None:
        """Add the line ``make(a, b, c, d)`` answers (none for ``None``), made when the log is
        read (never when it is not kept): for a line costly to gather from values that nothing
        changes later (``make`` reads nothing else)."""
        if self._keeps:
            self.log.later(step, make, a, b, c, d)

    # -- decisions ---------------------------------------------------------------------------
    def decide(self, decision: Decision, coach: Coach | None = None) -> Any:
        """The answer to ``decision``, one of the choices a rule gives a coach (the rule hands
        over its options, default and check: :class:`~kickoff.core.coach.Decision`): asked of
        ``coach`` (default: this context's :attr:`coach`), then checked at this one point.
        (A rule whose scenario gives no answer takes the default without asking when the
        coach is the scripted one, :attr:`plain`: the scripted coach's answer, unchecked
        because the default is always legal.)

        Raises :class:`~kickoff.core.errors.DecisionError` carrying the rule's
        :class:`~kickoff.core.problems.Problem` (its code, key path, player and square) for an
        answer the rule refuses; a coach may raise instead of answering
        (:class:`~kickoff.core.coach.Asked`: a solver's hook)."""
        answer = (self.coach if coach is None else coach).choose(decision)
        problem = decision.problem(answer)
        if problem is not None:
            raise DecisionError(problem)
        return answer

    # -- helpers the events share -----------------------------------------------------------
    @property
    def kicking(self) -> Side:
        return self.state.kicking

    @property
    def receiving(self) -> Side:
        return self.state.receiving

    def out_of_play(self, sq: tuple[int, int]) -> bool:
        """Off the pitch or in the kicking area: a touchback during the kick-off."""
        pitch = self.state.pitch
        return not pitch.on_pitch(sq) or pitch.in_setup_zone(self.state.kicking, sq)

    def player(self, pid: str, role: str) -> Player:
        """The player ``pid`` named by a decision; ``DecisionError`` naming ``role`` if unknown."""
        p = self.state.players.get(pid)
        if p is None:
            raise DecisionError(no_player(pid, role))
        return p
