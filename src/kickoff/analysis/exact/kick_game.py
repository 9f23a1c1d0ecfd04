"""Kick It!'s Kick action as a game between two coaches (issue 24): the pieces
:meth:`kickoff.analysis.exact.kick.KickSolver.odds` plays ``play="best"`` with.

At each decision the rule asks through ``decide`` (``kickoff.core.actions.kick``) a coach at his
best plays every option the rule declares (:func:`game_options`, the rule's own
``Decision.listed``): the kicking coach's ``aim`` and landing maximise P(no turnover), the
opposing coach's ``pass_block`` and then ``kick_block`` minimise it. :class:`GameCoach` answers
a run's decisions from the run's path, which it shares with the dice (``PathDice``): an option
index where a decision is met, a die's outcome where a die is rolled, so re-running with each
index enumerates the coaches' plays as the dice's outcomes are. :class:`Game` is a node's value
with the journeys' starts and the choices its best play reaches; :class:`KickChoice` a choice
that differs from the default, as the outputs name it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal

from kickoff.analysis.exact.chance import PathDice, to_fraction
from kickoff.core.coach import SCRIPTED, Asked, AskingCoach, Decision, DecisionKind
from kickoff.core.decisions import PassBlock
from kickoff.core.pitch import Square
from kickoff.core.state import GameState
from kickoff.defaults import Play

if TYPE_CHECKING:
    from kickoff.analysis.exact.kick import KickOdds

#: The opposing coach's decisions that ``play="best"`` answers at his best, in the rules' order
#: (the kicking coach's: ``aim``, then the landing).
BY_OPPOSING: tuple[DecisionKind, ...] = ("pass_block", "kick_block")
_ORDER: tuple[str, ...] = ("aim", *BY_OPPOSING)


def _answer_text(kind: str, answer: Any) -> str:
    if answer is None:
        return "no Pass Block move" if kind == "pass_block" else "nobody"
    if isinstance(answer, PassBlock):
        squares = ", ".join(str(sq.as_list()) for sq in answer.path)
        return f"{answer.player} moves {squares or 'nowhere'}"
    if isinstance(answer, Square):
        return str(answer.as_list())
    return str(answer)


def _answer_json(answer: Any) -> Any:
    if isinstance(answer, PassBlock):
        return {"player": answer.player, "path": [sq.as_list() for sq in answer.path]}
    return answer.as_list() if isinstance(answer, Square) else answer


@dataclass(frozen=True)
class KickChoice:
    """A choice a coach at his best made where it differs from the default (the activation's
    answer): ``kind`` (``aim``, ``pass_block``, ``kick_block``), by the ``coach``
    (``"kicking"`` or ``"opposing"``), ``answer`` and ``default``, and ``p``, the probability
    that the kick reaches it so (a kick block after a Pass Block move depends on its Dodges)."""

    coach: Literal["kicking", "opposing"]
    kind: str
    answer: Any
    default: Any
    p: Fraction

    def text(self) -> str:
        """The choice as a line: ``Kick block: a1 (default: nobody; 5/6 of the kicks)``."""
        name = {"aim": "Aim", "pass_block": "Pass Block", "kick_block": "Kick block"}[self.kind]
        where = "" if self.p == 1 else f"; {self.p} of the kicks"
        return (f"{name}: {_answer_text(self.kind, self.answer)} (default: "
                f"{_answer_text(self.kind, self.default)}{where})")

    def to_json(self) -> dict[str, Any]:
        return {"coach": self.coach, "decision": self.kind, "answer": _answer_json(self.answer),
                "default": _answer_json(self.default), "p": str(self.p), "text": self.text()}


def game_options(decision: Decision) -> tuple[Any, ...]:
    """The options a coach at his best plays at ``decision``: the rule's own
    (``Decision.listed``), except that the aim's ``None`` (no kick: he only moves, keeping the
    ball for sure) is left out: the odds are those of a kick."""
    options = decision.listed()
    if decision.kind == "aim":
        return tuple(o for o in options if o is not None)
    return options


@dataclass
class Game:
    """A node of the kick played by both coaches: its value (P(no turnover), internal
    rationals), the starts of the ball's journeys its best play reaches with their
    probabilities, and the choices taken ``(kind, answer, default)`` -> probability."""

    value: Any
    starts: dict[Any, Any]
    taken: dict[tuple[str, Any, Any], Any]

    def add(self, other: Game, p: Any) -> None:
        """Mix ``other`` in with weight ``p`` (a chance node's outcome)."""
        self.value += p * other.value
        for start, q in other.starts.items():
            self.starts[start] = self.starts.get(start, 0) + p * q
        for key, q in other.taken.items():
            self.taken[key] = self.taken.get(key, 0) + p * q


class Checkpoint(Exception):
    """Raised by :class:`GameCoach` where the kick block is asked, the first time a run
    reaches it: ``key`` says what the rest of the kick depends on (the aim, and the players the
    Pass Block move changed), so that the rest is valued once for every way of reaching it."""

    def __init__(self, key: Hashable) -> None:
        super().__init__("the kick block is asked")
        self.key = key


#: The path's mark that a run went on past :class:`Checkpoint`.
PASSED: Final = "passed"


class GameCoach:
    """The coaches of one run of ``KickSolver._game``: the decisions of ``kinds`` answered
    from the run's path (``dice.path``, shared with the dice: an option index where a decision
    is met), :class:`~kickoff.core.coach.Asked` past its end; an accurate kick's landing
    asked (chosen once the journeys are known); the others as the scripted coach. With the
    kick block among ``kinds``, a run stops once where it is asked (:class:`Checkpoint`):
    ``world`` is the run's state."""

    __slots__ = ("aim", "cache", "dice", "kinds", "options", "world")

    def __init__(self, dice: PathDice, kinds: frozenset[str], world: GameState,
                 cache: dict[Hashable, tuple[Any, ...]]) -> None:
        self.dice = dice
        self.kinds = kinds
        self.world = world
        self.cache = cache
        self.aim: Any = None
        #: the options of the last decision asked (:func:`game_options`)
        self.options: tuple[Any, ...] = ()

    def _changed(self) -> frozenset[tuple[str, Any, str]]:
        w = self.world
        return frozenset((pid, w.players[pid].square, w.players[pid].status)
                         for pid in w.changed())

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "kick_landing":
            return CHOOSE_LATER.choose(decision)
        if decision.kind not in self.kinds:
            answer = SCRIPTED.choose(decision)
        else:
            if decision.kind == "kick_block":
                self._checkpoint()
            answer = self._answer(decision)
        if decision.kind == "aim":
            self.aim = answer
        return answer

    def _checkpoint(self) -> None:
        dice = self.dice
        if dice.i < len(dice.path):
            assert dice.path[dice.i] == PASSED
            dice.i += 1
            return
        raise Checkpoint((self.aim, self._changed()))

    def _answer(self, decision: Decision) -> Any:
        # the options depend on the players (the Pass Block move's) and the aim alone: listed
        # once for every run that meets them (a Pass Block's paths are checked one by one)
        key = (decision.kind, self.aim, self._changed())
        options = self.cache.get(key)
        if options is None:
            options = self.cache[key] = game_options(decision)
        self.options = options
        if len(options) <= 1:
            return options[0] if options else SCRIPTED.choose(decision)
        dice = self.dice
        if dice.i < len(dice.path):
            dice.i += 1
            return options[dice.path[dice.i - 1]]
        raise Asked(decision)


#: The ``"best"`` landing's coach: the kick's landing decision is asked (``Asked``, carrying the
#: rule's own options), to be chosen once the journeys are known.
CHOOSE_LATER: Final = AskingCoach(("kick_landing",))

def played(odds: KickOdds, game: Game, play: tuple[Play, Play]) -> KickOdds:
    """``odds`` with what the coaches played (``game``'s choices): the aim and the Pass Block
    move chosen (one each: no die comes before them), the likeliest kick block, and the choices
    that differ from the defaults, in the rules' order, likeliest first."""
    taken = sorted(game.taken.items(), key=lambda kv: (_ORDER.index(kv[0][0]), -kv[1]))
    firsts: dict[str, Any] = {}
    for (kind, answer, _), _p in taken:
        firsts.setdefault(kind, answer)
    choices = tuple(KickChoice("kicking" if kind == "aim" else "opposing", kind, answer, default,
                               to_fraction(p))
                    for (kind, answer, default), p in taken if answer != default)
    return replace(odds, aim=firsts.get("aim", odds.aim), play=play, choices=choices,
                   kick_block=firsts.get("kick_block", odds.kick_block),
                   pass_block=firsts.get("pass_block", odds.pass_block))
