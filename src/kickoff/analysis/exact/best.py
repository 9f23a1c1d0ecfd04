"""Both coaches' best choices at the kick-off, for the exact solver's ``play="best"``.

The kicking coach's kicker and Kick come first, before any die: :func:`kick_plans` lists every
plan of them from the rules' own ``kicker`` and ``kick_skill`` decisions (at most (kicking
players on the pitch + 1) x 2), and the solver plays the plan worst for the receivers
(``KickoffSolver._kicking_best``), a line of :class:`Taken` naming it where it beats the default.
The receiving coach's choices follow:

With ``play="best"`` each choice of the receiving coach at the kick-off is a decision node of
:class:`~kickoff.analysis.exact.solver.KickoffSolver`: like a chance node, but taking the branch best for
the receiving team under the objective (``kickoff.analysis.objectives``) instead of the average.
Every objective is linear in the end distribution (:func:`~kickoff.analysis.objectives.end_value`),
so a node compares its branches' expected values exactly, in the solver's rationals, and the
branches are solved by the solver itself (no second copy of the rules). The choices:

- the touchback's taker (:func:`best_taker`): in each world the event left, any of the options
  the rule declares (:func:`kickoff.core.ball.touchback_recipients`; he holds it where he stands);
- the High Kick player: for each High Kick world and landing, the options the rule declares
  (:func:`kickoff.core.events.high_kick_options`: nobody or any Open, Standing receiving player);
- the kick-off move, classic Kick-Off Return / bb2020+ On the Ball (:func:`kickoff_moves`): for
  each landing that is not a touchback, nobody or any legal player and path, the event then
  played on the state the move left;
- Diving Catch where the kick comes down (:func:`best_dive`; the divers' coach, so the kicking
  coach's, minimising, when every candidate is his), within :data:`MOST_DIVE_OPTIONS`;
- bb2025's touchback square where nobody can take the ball (:func:`best_square`).

Ties go to the default (nobody, the first able taker), so a choice is reported
(:class:`Taken`) only where it is strictly better for the coach who makes it. Left at their
defaults, and said so (docs/analysis.md): Quick Snap's moves, Diving Catch beyond the kick's
landing (throw-ins inside the journey's loops, after a scatter, a kick-off move or a High Kick)
or beyond the bound, the Blitz! / Charge! free turns, and (outside bb2025) the downed receiver a
touchback bounces from.
"""

from __future__ import annotations

import contextlib
import functools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from kickoff.analysis.choices import ANY_EVENT, Choice, Coach, events_key, table_events
from kickoff.analysis.exact.board import EndValues as EndValues
from kickoff.analysis.exact.board import is_marked, keep_better
from kickoff.analysis.exact.chance import Branch, Dist, PathDice, Q, enumerate_runs
from kickoff.analysis.exact.worlds import Diff, differences, rebuilt, touchback_taker
from kickoff.analysis.objectives import receivers_prefer
from kickoff.core import ball
from kickoff.core.actions.kickoff_move import kickoff_move
from kickoff.core.coach import Asked, AskingCoach, Decision, DecisionKind, PathCoach
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions, PlayerPath
from kickoff.core.errors import DecisionError
from kickoff.core.events import high_kick_options
from kickoff.core.kickoff import kick_until_landing, landing_state
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import PLAYS, Play

if TYPE_CHECKING:  # (exact and exact_odds import this module)
    from kickoff.analysis.exact.odds import Kicks, Landing, Parts
    from kickoff.analysis.exact.solver import KickoffSolver


T = TypeVar("T")

#: What a move left, as the solver tells set-ups apart: the players it changed (``Diff.entries``).
MoveKey = frozenset[Any]
#: A kick-off move's outcomes: ``[(probability, key, state after the move)]``.
Outcomes = list[tuple[Any, MoveKey, GameState]]
#: A kick-off move and its outcomes: ``(path, outcomes)``.
MoveOption = tuple[PlayerPath, Outcomes]
#: A Diving Catch node's lines: (line, coach, group: ``choices.events_key``) -> probability.
DiveLines = dict[tuple[str, Coach, str], Any]


def best_of(options: Sequence[T], ends_of: Callable[[T], Dist], values: EndValues
            ) -> tuple[T, Dist]:
    """The decision node: the option (of at least one) whose end distribution ``ends_of`` gives
    the receivers the best value, and that distribution; ties go to the earliest option."""
    best = options[0]
    best_ends = ends_of(best)
    best_value = values.value(best_ends)
    for option in options[1:]:
        ends = ends_of(option)
        value = values.value(ends)
        if values.better(value, best_value):
            best, best_ends, best_value = option, ends, value
    return best, best_ends


def best_taker(world: GameState, values: EndValues) -> tuple[str | None, bool]:
    """The touchback's best taker in ``world`` and whether he is better than the default (the
    first receiving player able to take the ball): ``(None, False)`` with nobody able. A taker
    holds the ball where he stands (``ball.award``), so each is one end."""
    able = ball.touchback_recipients(world)  # the rule's own options
    if not able:
        return None, False
    # all a taker's end reads (ball.award), and whether he is Marked (a board objective's)
    key = tuple((p.id, p.square, values.board is not None and p.square is not None
                 and is_marked(world, p.id, p.square)) for p in able)
    cached = values.takers.get(key)
    if cached is None:
        best, best_value = able[0], None
        for p in able:
            assert p.square is not None
            value = values.of_in(world, ball.Held(p.id, p.square, True))
            if best_value is None or values.better(value, best_value):
                best, best_value = p, value
        cached = values.takers[key] = (best.id, best is not able[0])
    return cached


def best_square(world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                values: EndValues) -> Square | None:
    """bb2025's touchback square where nobody can take the ball: of the options the rule
    declares at its ``touchback`` decision (asked, :class:`~kickoff.core.coach.AskingCoach`:
    the empty squares of the receiving area, the default the one nearest the centre; at most
    the half's squares, each one end, the ball resting there), the one best for the receivers;
    ``None`` where it is the default (ties go to it) or there is no choice. Remembered by the
    board's occupied squares (all the options and their ends read)."""
    key: Hashable = frozenset(world.board)
    if values.board is not None and values.board.reach:  # (and who could reach each square)
        key = (key, tuple((p.square, p.status) for p in world.teams[world.receiving].players))
    if key in values.squares:
        return values.squares[key]
    probe = KickoffContext(world, ruleset, PathDice(()), Decisions(), house_rules, log=False,
                           coach=AskingCoach(("touchback",)))
    best: Square | None = None
    try:
        ball.award(probe)
    except Asked as asked:
        options = asked.decision.options()
        default = asked.decision.default
        assert options is not None
        best_value = (values.of_in(world, ball.Rests(default, True))
                      if isinstance(default, Square) else 0)
        for sq in options if isinstance(default, Square) else ():
            if isinstance(sq, Square) and sq != default:
                value = values.of_in(world, ball.Rests(sq, True))
                if values.better(value, best_value):
                    best, best_value = sq, value
    values.squares[key] = best
    return best


#: The most options of a Diving Catch decision the solver plays at its best: every order of
#: every subset of at most three candidates (1 + 3 + 6 + 6). With more the default is played.
MOST_DIVE_OPTIONS = 16


def best_dive(world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
              start: Any, dice: Callable[[tuple[Any, ...]], PathDice] | None,
              journey: Callable[[Any], Dist], values: EndValues, kicking_best: bool
              ) -> tuple[Dist, str | None, Coach]:
    """The Diving Catch decision where a kick arrives (``start``, the journey's first state in
    ``world``): ``(ends, line, coach)``, the end distribution of the diving coach's best answer,
    its line (``None``: the default, or no decision) and that coach. The options are the rule's own
    (``ball.diving_catch_options``, asked through ``AskingCoach``: who attempts, in which
    order); each is played by the rule's own step (``ball.step`` through a ``PathCoach``, its
    dice enumerated) and the journey from each next state (``journey``: end number ->
    probability) mixed. The receiving coach's decision maximises the objective, the kicking
    coach's minimises it (``kicking_best`` false: his default). Ties go to the default; more
    than :data:`MOST_DIVE_OPTIONS` options: the default."""
    decision = _dive_decision(world, ruleset, house_rules, start)
    options = None if decision is None else decision.options()
    receiving = decision is not None and decision.side == world.receiving
    if (decision is None or options is None or len(options) > MOST_DIVE_OPTIONS
            or not (receiving or kicking_best)):
        return journey(start), None, None
    ends_of = functools.partial(_dive_ends, world, ruleset, house_rules, start, dice, journey)
    first = options.index(decision.default)
    best, best_ends = _best_dive_option(ends_of, first, len(options), values, receiving)
    coach: Coach = "receiving" if receiving else "kicking"
    if best == first:
        return best_ends, None, coach
    who = " then ".join(options[best]) or "nobody"
    return best_ends, f"Diving Catch: {who} (the {coach} coach's best)", coach


#: The decision :func:`best_dive` asks and plays.
_DIVE_KINDS: tuple[DecisionKind, ...] = ("diving_catch",)


def _dive_decision(world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                   start: Any) -> Decision | None:
    """The Diving Catch decision the rule's step asks first at ``start`` (``None``: none, or a
    die comes first: nobody may dive here)."""
    probe = KickoffContext(world, ruleset, PathDice(()), Decisions(), house_rules, log=False,
                           coach=AskingCoach(_DIVE_KINDS))
    try:
        ball.step(probe, start)
    except Asked as asked:
        return asked.decision
    except Branch:  # a die before any decision: nobody may dive here
        pass
    return None


def _dive_ends(world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule], start: Any,
               dice: Callable[[tuple[Any, ...]], PathDice] | None,
               journey: Callable[[Any], Dist], i: int) -> Dist:
    """The end distribution of Diving Catch option ``i`` at ``start``: its step's dice
    enumerated, the journey from each next state mixed."""
    def run(d: PathDice) -> Any:
        return ball.step(KickoffContext(world, ruleset, d, Decisions(), house_rules,
                                        log=False, coach=PathCoach((i,), _DIVE_KINDS)), start)

    out: Dist = {}
    for p, nxt in enumerate_runs(run, dice=dice):
        for e, q in journey(nxt).items():
            out[e] = out.get(e, 0) + p * q
    return out


def _best_dive_option(ends_of: Callable[[int], Dist], first: int, count: int,
                      values: EndValues, receiving: bool) -> tuple[int, Dist]:
    """The best of ``count`` options and its ends (the receiving coach maximises, the kicking
    coach minimises; ties to ``first``, the default, valued first)."""
    best, best_ends = first, ends_of(first)
    best_value = values.value(best_ends)
    for i in range(count):
        if i == first:
            continue
        ends = ends_of(i)
        value = values.value(ends)
        if values.better(value, best_value) if receiving else values.better(best_value, value):
            best, best_ends, best_value = i, ends, value
    return best, best_ends


def kickoff_moves(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                  dice: Callable[[tuple[Any, ...]], PathDice] | None) -> list[MoveOption]:
    """Every kick-off move of the receiving team that the solver must compare, each with the
    distribution of what it leaves (the Dodge rolls and a fall's armour and injury enumerated):
    one path per distinct distribution of the players it changes, in the order
    :func:`~kickoff.core.actions.kickoff_move.kickoff_move_paths` lists them (so the first and
    shortest of equivalent paths). Paths with the same distribution lead to the same states with
    the same probabilities, so the same value at every landing: merging them is exact. A path
    that changes nothing is nobody's move, which the solver has already. ``[]`` without the
    skill or an able player."""
    rules = ruleset.kickoff_move
    if rules is None:
        return []
    seen: set[frozenset[tuple[MoveKey, Any]]] = {frozenset({(frozenset(), Q(1))})}
    out: list[MoveOption] = []
    for choice in move_options(state, ruleset, house_rules):
        decisions = Decisions(kickoff_move=choice)

        def run(d: PathDice, decisions: Decisions = decisions) -> GameState:
            moved = state.clone()
            kickoff_move(KickoffContext(moved, ruleset, d, decisions, house_rules))
            return moved

        try:
            runs = enumerate_runs(run, dice=dice)
        except DecisionError:  # not legal after all: kickoff_move is the rule
            continue
        outcomes: dict[MoveKey, tuple[Any, GameState]] = {}
        for p, moved in runs:
            key = differences(state, moved).entries
            q, _ = outcomes.get(key, (Q(0), moved))
            outcomes[key] = (q + p, moved)
        signature = frozenset((key, q) for key, (q, _) in outcomes.items())
        if signature not in seen:
            seen.add(signature)
            out.append((choice, [(q, key, moved) for key, (q, moved) in outcomes.items()]))
    return out


def move_options(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule]
                 ) -> list[PlayerPath]:
    """The receiving coach's kick-off moves, as the rule declares them at its ``kickoff_move``
    decision (asked, ``AskingCoach``: every path of
    :func:`~kickoff.core.actions.kickoff_move.kickoff_move_paths`), nobody's move left out;
    ``[]`` where there is no choice. ``state`` is not changed (nothing moves before the
    answer)."""
    probe = KickoffContext(state, ruleset, PathDice(()), Decisions(), house_rules, log=False,
                           coach=AskingCoach(("kickoff_move",)))
    try:
        kickoff_move(probe)
    except Asked as asked:
        options = asked.decision.options()
        assert options is not None and options[0] is None
        return list(options[1:])
    return []


def move_text(skill: str, choice: PlayerPath) -> str:
    """A kick-off move as a decision line: ``On the Ball: a3 to [18, 4]``."""
    name = "Kick-Off Return" if skill == "kick_off_return" else "On the Ball"
    return f"{name}: {choice.player} to {choice.path[-1].as_list()}"


#: The kicking coach's decisions before the kick that ``play="best"`` plays at his best
#: (minimising the objective): who kicks, and whether he uses Kick.
KICK_CHOICES: tuple[DecisionKind, ...] = ("kicker", "kick_skill")


class PlanCoach:
    """The kicking coach of one kick plan: answers the decisions of :data:`KICK_CHOICES` the
    scenario does not give from ``path`` (option indexes, as
    :class:`~kickoff.core.coach.PathCoach`; :class:`~kickoff.core.coach.Asked` past its end),
    a given one as the scenario does, every other decision as the scripted coach."""

    __slots__ = ("inner",)

    def __init__(self, path: Sequence[int]) -> None:
        self.inner = PathCoach(path, KICK_CHOICES)

    def choose(self, decision: Decision) -> Any:
        if decision.given and decision.kind in KICK_CHOICES:
            return decision.scripted
        return self.inner.choose(decision)


class KickPlan:
    """One way the kicking coach answers his decisions before the kick: ``path`` (an option
    index per decision asked, for :class:`PlanCoach`), ``answers`` (``(kind, answer)`` pairs,
    in the order the rules ask) and whether every answer is the decision's default."""

    __slots__ = ("answers", "default", "path")

    def __init__(self, path: tuple[int, ...], answers: tuple[tuple[str, Any], ...],
                 default: bool) -> None:
        self.path = path
        self.answers = answers
        self.default = default

    def text(self) -> str:
        """The plan as a decision line: ``Kicker: h7, Kick used``."""
        words = []
        for kind, answer in self.answers:
            if kind == "kicker":
                words.append(f"Kicker: {'nobody' if answer is None else answer}")
            else:
                words.append("Kick used" if answer else "Kick not used")
        return ", ".join(words)

    def __repr__(self) -> str:
        return f"KickPlan({self.path!r}, {self.answers!r}, default={self.default!r})"


def kick_plans(probe: Callable[[PlanCoach], None]) -> list[KickPlan]:
    """Every plan of the kicking coach's decisions before the kick (:data:`KICK_CHOICES`), the
    default plan first, then in the rules' order of the options. ``probe(coach)`` plays the
    kick-off with ``coach`` up to its first die (the kicker and Kick are chosen before any);
    each :class:`~kickoff.core.coach.Asked` decision is re-played with each of the rule's own
    options (``Decision.options()``); a plan whose given answer the rules then refuse
    (``use_kick_skill`` given, a kicker without Kick) is no plan. At most (kicking players on
    the pitch + 1) x 2 plans: a handful of short probes."""
    plans: list[KickPlan] = []
    todo: list[tuple[tuple[int, ...], tuple[tuple[str, Any], ...], bool]] = [((), (), True)]
    while todo:
        path, answers, default = todo.pop()
        try:
            probe(PlanCoach(path))
        except Asked as asked:
            decision = asked.decision
            options = decision.options()
            assert options is not None  # the kicker and Kick decisions are listed
            for i in reversed(range(len(options))):
                todo.append(((*path, i), (*answers, (decision.kind, options[i])),
                             default and options[i] == decision.default))
            continue
        except DecisionError:  # a given answer the rules then refuse (Kick, the kicker without)
            continue
        plans.append(KickPlan(path, answers, default))
    plans.sort(key=lambda plan: not plan.default)  # stable: the rules' order otherwise
    return plans


#: The most lines of landing-dependent choices per event (:class:`Taken`); the rest are summed
#: in one line. A module constant: a class attribute of a compiled class is no class attribute.
MOST_CHOICE_LINES = 6


class Taken:
    """The choices one kick's solve took where they mattered, with their probabilities, as
    :attr:`~kickoff.analysis.exact.odds.Odds.decisions_taken` lines, each with the Kick-off
    event it was taken under and its coach (:meth:`choices`)."""

    def __init__(self) -> None:
        #: Each choice's probability by landing, by its text and group (``analysis.choices``).
        self.mass: dict[tuple[str, str | None], dict[Square | None, Any]] = {}
        #: Each choice's coach, by its text and group.
        self.coach: dict[tuple[str, str | None], Coach] = {}
        #: The choices taken before the kick (the kicking coach's kicker and Kick), first.
        self.before: list[str] = []

    def add(self, choice: str, landing: Square | None, p: Any, event: str | None = None,
            coach: Coach = "receiving") -> None:
        """The choice ``choice`` taken when the ball landed on ``landing``, with probability
        ``p`` of the kick, under ``event`` (``None``: before the event) by ``coach``."""
        by_landing = self.mass.setdefault((choice, event), {})
        by_landing[landing] = by_landing.get(landing, 0) + p
        self.coach[choice, event] = coach

    def lines(self, takers: Sequence[str]) -> list[str]:
        """The texts of :meth:`choices`."""
        return [c.text for c in self.choices(takers)]

    def choices(self, takers: Sequence[str], under: dict[str, str] | None = None
                ) -> list[Choice]:
        """One choice per line, the likeliest first (at most :data:`MOST_CHOICE_LINES` per event, the rest
        of each event summed in one line): the landing and the probability (several landings:
        how many, the total and the likeliest); then ``Touchback: to ...`` for the best takers
        ``takers`` chosen over the default, one line per group of events they were chosen
        under (``under``: each taker's, default :data:`ANY_EVENT`)."""
        ranked = sorted(self.mass.items(), key=lambda kv: -sum(kv[1].values()))
        out = [Choice(None, "kicking", line) for line in self.before]
        shown: dict[str | None, int] = {}
        rest: dict[str | None, list[Any]] = {}
        for (choice, event), by_landing in ranked:
            if shown.get(event, 0) == MOST_CHOICE_LINES:
                rest.setdefault(event, []).append(sum(by_landing.values()))
                continue
            shown[event] = shown.get(event, 0) + 1
            total = sum(by_landing.values())
            likeliest = max(by_landing, key=lambda sq: by_landing[sq])
            where = "" if likeliest is None else likeliest.as_list()
            unique = [p for p in by_landing.values() if p == by_landing[likeliest]] == [
                by_landing[likeliest]]
            if len(by_landing) == 1:
                text = f"{choice} (landing {where}, {float(total):.1%} of kicks)"
            else:
                text = (f"{choice} ({len(by_landing)} landings, {float(total):.1%} of kicks; "
                        f"{'likeliest' if unique else 'e.g.'} {where})")
            out.append(Choice(event, self.coach[choice, event], text))
        for event, masses in rest.items():
            out.append(Choice(event, None, f"{len(masses)} more choices "
                                           f"({float(sum(masses)):.1%} of kicks)"))
        by_group: dict[str, list[str]] = {}
        for taker in takers:
            by_group.setdefault((under or {}).get(taker, ANY_EVENT), []).append(taker)
        for group, some in by_group.items():
            out.append(Choice(group, "receiving", f"Touchback: to {', '.join(some)}"
                              + (" (by the event's world)" if len(some) > 1 else "")))
        return out


#: A solver's end distribution for a ball coming down on a square (by end number).
LandingEnds = Callable[[Square], Dist]


class MoveNode:
    """The kick-off move's decision node of one solver: for each landing, the best of nobody
    (``own``: the solver's own ends there) and every move of ``moves``
    (:func:`kickoff_moves`), each move's ends being the mixture over what it leaves of the
    ends there of that set-up's solver (``solver_of(key, state)``); remembered by landing."""

    def __init__(self, moves: list[MoveOption], values: EndValues | None, own: LandingEnds,
                 solver_of: Callable[[MoveKey, GameState], LandingEnds],
                 release: Callable[[MoveKey], None] | None = None) -> None:
        self.moves = moves
        self.values = values
        self.own = own
        self.solver_of = solver_of
        #: Called once a set-up's ends at every square asked are known: its solver may go.
        self.release = release
        self._best: dict[Square, tuple[Dist, PlayerPath | None]] = {}

    @staticmethod
    def none() -> MoveNode:
        """No node: no move to choose (the defaults, or a set-up a move has left)."""
        return MoveNode([], None, _no_ends, _no_solver)

    def best(self, square: Square) -> tuple[Dist, PlayerPath | None]:
        """The end distribution of the best choice at ``square`` and the move (``None``:
        nobody moves); :meth:`prepare` first where many squares are asked."""
        cached = self._best.get(square)
        if cached is None:
            self.prepare([square])
            cached = self._best[square]
        return cached

    def prepare(self, squares: Iterable[Square]) -> None:
        """The best choice at each of ``squares`` not yet remembered, as :meth:`best` gives it:
        the same comparisons in the same order (nobody, then each move of :attr:`moves`; ties
        to the earlier), taken set-up by set-up rather than landing by landing. Each set-up a
        move leaves is solved at every square at once, the first time a move meets it, then
        released (:attr:`release`), its ends kept (end numbers and probabilities) only until
        the last move that meets it is compared: one set-up's solver alive at a time, not
        all of them."""
        todo = [sq for sq in dict.fromkeys(squares) if sq not in self._best]
        if not todo:
            return
        values = self.values
        assert values is not None
        best: dict[Square, tuple[Dist, PlayerPath | None, Any]] = {}
        for square in todo:
            own = self.own(square)
            best[square] = (own, None, values.value(own))
        uses = Counter(key for _, outcomes in self.moves for _, key, _ in outcomes)
        known: dict[MoveKey, dict[Square, Dist]] = {}
        for choice, outcomes in self.moves:
            self._meet(outcomes, known, todo)
            keep_better(choice, outcomes, known, best, values)
            for _, key, _ in outcomes:
                uses[key] -= 1
                if not uses[key]:
                    del known[key]
        for square, (ends, chosen, _) in best.items():
            self._best[square] = (ends, chosen)

    def _meet(self, outcomes: Outcomes, known: dict[MoveKey, dict[Square, Dist]],
              todo: list[Square]) -> None:
        """Each set-up of ``outcomes`` not ``known`` yet solved at every square of ``todo``,
        its solver then released (:attr:`release`)."""
        for _, key, moved in outcomes:
            if key not in known:
                landing_ends = self.solver_of(key, moved)
                known[key] = {square: landing_ends(square) for square in todo}
                if self.release is not None:
                    self.release(key)


def _no_ends(square: Square) -> Dist:
    raise AssertionError(f"no kick-off move to choose at {square.as_list()}")


def _no_solver(key: MoveKey, state: GameState) -> LandingEnds:
    raise AssertionError("no kick-off move to choose")


class TwoCoaches:
    """One solver's kicking coach and its caches: ``kicker`` / ``kicker_given`` as
    ``decisions`` name them; ``kicking``, who plays his choices (``None``: as ``play``);
    :func:`kicking_best`'s plans other than the default, each with its kicks (``None``: not
    listed yet); :func:`diving_node`'s node by landing and the event's worlds rebuilt for it, by
    identity (kept alive). ``ValueError`` for a ``play`` or ``kicking`` not of :data:`PLAYS`."""

    __slots__ = ("dives", "kicker", "kicker_given", "kicking", "no_kick", "plans", "rebuilt")

    def __init__(self, play: Play, kicking: Play | None, decisions: Decisions) -> None:
        if play not in PLAYS or (kicking is not None and kicking not in PLAYS):
            name, asked = ("play", play) if play not in PLAYS else ("kicking", kicking)
            raise ValueError(f"{name}: {asked!r} is not one of {', '.join(PLAYS)}")
        self.kicker, self.kicker_given = decisions.kicker, decisions.kicker_given
        self.kicking: Play = play if kicking is None else kicking
        self.plans: list[tuple[KickPlan, Kicks]] | None = None
        #: Kick not used as asked (``use_kick_skill=False``): no plan of :func:`kicking_best` uses it.
        self.no_kick = False
        self.dives: dict[Square, tuple[Dist, DiveLines] | None] = {}
        self.rebuilt: dict[int, tuple[Diff, GameState]] = {}


def kicking_best(solver: KickoffSolver, decisions: Decisions, deviations: dict[Landing, Any]
                 ) -> Parts:
    """The kicking coach's decision node before the kick, for ``solver`` (``kicking="best"``):
    of every plan of his kicker and Kick (:func:`kick_plans`, the rules' own options), the kick
    (the default plan's, whose landings are ``deviations``; each other plan's from
    its own ``exact_odds.Kicks``, played on by ``solver._landed``) whose value is the worst for
    the receivers under ``solver.objective``; ties go to the default. Plans with the same
    landings are one kick (the same value, exactly); the plan taken is named first in its
    :class:`Taken`."""
    from kickoff.analysis.exact.odds import Kicks  # (exact_odds imports this module)

    two = solver._two
    if two.plans is None:
        def probe(coach: PlanCoach) -> None:
            with contextlib.suppress(Branch):  # the first die: both chosen by then
                kick_until_landing(solver.state, solver.ruleset, PathDice(()), decisions,
                                   solver.house_rules, events=False, log=False, coach=coach)

        two.plans = [(plan, Kicks(solver.state, solver.ruleset, solver.house_rules,
                                  solver._dice(), functools.partial(PlanCoach, plan.path)))
                     for plan in kick_plans(probe)
                     if not plan.default and not (two.no_kick and ("kick_skill", True) in plan.answers)]
    parts = solver._landed(deviations)
    best, best_value = parts, solver._value_of(parts, solver.objective)
    seen = [deviations]
    for plan, kicks in two.plans:
        landings = kicks.landings(decisions)
        if landings in seen:
            continue
        seen.append(landings)
        kicked = solver._landed(landings)
        value = solver._value_of(kicked, solver.objective)
        if receivers_prefer(solver.objective, best_value, value):
            kicked.taken.before.append(plan.text())
            best, best_value = kicked, value
    return best


def diving_node(solver: KickoffSolver, square: Square) -> tuple[Dist, DiveLines] | None:
    """The Diving Catch decision node at a kick's landing on ``square`` (in play), for
    ``solver`` (``play="best"``): ``None`` where nobody on the set-up may dive for it (then no
    world's player may: no default event gives the skill or moves a player); else, world by
    world (the event's; High Kick's apart), the journey's ends with the diving coach's best
    answer where the ball arrives on ``square`` (:func:`best_dive`; a world whose ball
    scatters first keeps the default), and the lines of the answers that beat the default with
    their probabilities and events (``choices.events_key``). Remembered by square."""
    two = solver._two
    if square in two.dives:
        return two.dives[square]
    probe = solver._context(solver.state, None)
    if not ball.diving_catchers(probe, square) or (solver.ruleset.diving_catch.empty_square
                                                    and square in solver.state.board):
        two.dives[square] = None
        return None
    values = solver._values
    assert values is not None
    ends: Dist = {}
    lines: dict[tuple[str, Coach], tuple[Any, frozenset[str]]] = {}
    kicking_best = solver._two.kicking == "best"
    table = table_events(solver.ruleset) if solver.events != "none" else None
    for p_world, kept, scatters in solver.worlds():
        if isinstance(kept, GameState):
            world = kept
        else:  # a world kept as its changes: rebuilt once
            pair = two.rebuilt.get(id(kept))
            if pair is None:
                pair = two.rebuilt[id(kept)] = (kept, rebuilt(solver.state, kept))
            world = pair[1]
        ctx = solver._context(world, None)
        ctx.landing, ctx.touchback, ctx.scatters = square, False, scatters
        start = landing_state(ctx)
        journey, line, coach = best_dive(world, solver.ruleset, solver.house_rules, start,
                                  solver._dice(), functools.partial(solver._journey, world),
                                  values, kicking_best)
        if line is not None:
            p_line, names = lines.get((line, coach), (0, frozenset()))
            more = solver._world_events.get(id(kept), frozenset({ANY_EVENT}))  # (unknown)
            lines[line, coach] = (p_line + p_world, names | more)
        for i, p in journey.items():
            ends[i] = ends.get(i, 0) + p_world * p
    two.dives[square] = (ends, {(line, coach, events_key(names, table)): p
                                for (line, coach), (p, names) in lines.items()})
    return two.dives[square]


def touchback_in(solver: KickoffSolver, world: GameState) -> str | Square | None:
    """The touchback decision played in ``world``'s journeys by ``solver``: its taker
    (:func:`taker_in`), or, where nobody can take the ball and the rule lets the receiving
    coach name the square (bb2025), with ``play="best"`` the receivers' best square
    (:func:`best_square`; ``None``: the default square)."""
    taker = taker_in(solver, world)
    if (taker is not None or solver._values is None or solver.taker is not None
            or solver.ruleset.touchback_without_recipient != "square"
            or ball.default_taker(world) is not None):
        return taker
    square = best_square(world, solver.ruleset, solver.house_rules, solver._values)
    if square is not None:
        solver._takers[f"square {square.as_list()}"] = None
    return square


def dived(solver: KickoffSolver, square: Square | None, touchback: bool, p: Any, ends: Dist,
          taken: Taken) -> bool:
    """Whether ``solver`` (``play="best"``) played a Diving Catch node (:func:`diving_node`) at
    a kick's landing on ``square`` with probability ``p``: its ends added to ``ends`` and its
    lines to ``taken``; ``False`` (nothing added) where there is none."""
    if solver._values is None or square is None or touchback:
        return False
    node = diving_node(solver, square)
    if node is None:
        return False
    dived_ends, lines = node
    for (line, coach, group), q in lines.items():
        taken.add(line, square, p * q, group, coach)
    for i, p_end in dived_ends.items():
        ends[i] = ends.get(i, 0) + p * p_end
    return True


def taker_in(solver: KickoffSolver, world: GameState) -> str | None:
    """The touchback taker ``solver`` plays in ``world``: the named one while he can take the
    ball, else (``play="best"``) the receivers' best (:func:`best_taker`, noted in
    ``solver._takers`` when better than the default), else ``None`` (the default taker)."""
    return taker_noted(solver, world)[0]


def taker_noted(solver: KickoffSolver, world: GameState) -> tuple[str | None, str | None]:
    """:func:`taker_in`'s taker and the one it noted in ``solver._takers`` (``None``: none)."""
    named = touchback_taker(world, solver.taker)
    if named is not None or solver._values is None:
        return named, None
    best, better = best_taker(world, solver._values)
    if better and best is not None:
        solver._takers[best] = None
        return best, best
    return best, None


def high_kick_best(solver: KickoffSolver, world: GameState, scatters: int,
                   handler: Callable[[KickoffContext], None], square: Square | None,
                   touchback: bool) -> tuple[Dist, str | None]:
    """``solver``'s High Kick end distribution at this landing and the player placed: the
    named one; with none named and ``play="best"``, the decision node over nobody and every
    player the rule allows (its own options: :func:`~kickoff.core.events.high_kick_options`)."""
    if solver.high_kick is not None or solver._values is None:
        return solver._high_kick_journey(world, scatters, handler, square, touchback,
                                         solver.high_kick), solver.high_kick
    options = high_kick_options(world, square, touchback)
    player, ends = best_of(options, lambda pid: solver._high_kick_journey(
        world, scatters, handler, square, touchback, pid), solver._values)
    return ends, player
