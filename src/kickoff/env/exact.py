"""Exact values of the environment's states (issue 30, point 2): the expected reward with both
coaches at their best, from the exact solver (:class:`~kickoff.analysis.exact.solver.KickoffSolver`
with ``play="best"``, docs/analysis.md "Both coaches' best play"), as a baseline for what an
agent learns; or (``play="defaults"``, past the target) with both playing every step's default.

Where it applies: the game's decisions are the solver's (:data:`~kickoff.env.game.PLAYED`, the
default) and nobody acts in a free turn (``free_turns="none"``). Before the first die: at the
kick target (the kicking coach's best target, kicker and Kick, then the receivers' best
choices), after it (the kick at that target, his best kicker and Kick), after the kicker (his
best of Kick or not with that kicker). At the later steps (past the first die: the kick-off
move, High Kick, and inside the ball's journey the touchback and Diving Catch) by enumeration
(:class:`Enumeration`): the dice rolled so far are those of the episode's seed, every die still
to roll is a chance node (the exact solver's own
:class:`~kickoff.analysis.exact.chance.PathDice`: its outcomes and their probabilities), every
later step the best option of the coach whose step it is (expectimax over the game's own
replay), up to the landing and from there the solver's journey of the ball, or (a Diving Catch
possible where the ball comes down, or a step inside the journey) on to the end: exactly the
solver's value given what the dice have shown (the deviation, the event, the landing, the
bounces). At the end, the reward itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, Final, cast

from kickoff.analysis.exact.chance import Branch, PathDice
from kickoff.analysis.exact.odds import end_objective
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import KICKER_WANTS_HIGH
from kickoff.analysis.targets import best_target
from kickoff.core.ball import Held, Rests, diving_catchers
from kickoff.core.coach import Asked, Decision
from kickoff.core.decisions import Decisions
from kickoff.core.dice import DiceLog, DieKind, PlainDice, SeededDice
from kickoff.core.kickoff import KickoffBeforeLanding
from kickoff.env.game import PLAYED, Agent, KickoffGame, _ReplayCoach

#: The most kick-offs an enumeration replays before it gives up (``ValueError``): a few
#: seconds.
MAX_RUNS: Final = 200_000


#: How the coaches play from the state valued: both at their best, or both the default answer
#: of every step (``Decision.default``).
PLAYS: Final = ("best", "defaults")


def solver_for(game: KickoffGame, play: str = "best") -> KickoffSolver:
    """The exact solver of ``game``'s kick-off with both coaches at their best (the receivers
    maximising their side of ``game.objective``, the kicking coach minimising it), or
    (``play="defaults"``) playing the defaults."""
    return KickoffSolver(game.start, game.ruleset, events="all" if game.events else "none",
                         house_rules=game.house_rules, play="best" if play == "best" else
                         "defaults", objective=game.objective)


def exact_value(game: KickoffGame, agent: Agent = "kicking", play: str = "best",
                solver: KickoffSolver | None = None) -> Fraction:
    """``agent``'s expected reward from ``game``'s state with both coaches at their best,
    exactly (``solver``: one made by :func:`solver_for` to reuse, with the same ``play``; it
    caches the journeys). ``play="defaults"``: both coaches playing every step from here at its
    default (``Decision.default``, what :func:`~kickoff.env.single.default_opponent` plays),
    given past the target step (:class:`Enumeration`).

    At the target step: the best target's value for the kicking coach (``rank_targets``'
    first); after the target, before any decision is answered: that target's; after the
    first die (the kick-off move, High Kick, the touchback, Diving Catch),
    :class:`Enumeration`'s. At the end: the reward itself. ``ValueError`` at a
    set-up step, for ``play`` not one of :data:`PLAYS` (``"defaults"`` at the target
    step), for decisions other than
    :data:`~kickoff.env.game.PLAYED`, with a free turn played, and for an enumeration past
    :data:`MAX_RUNS` kick-offs."""
    _check(game, play)
    sign = 1 if agent == "kicking" else -1
    if game.done:
        return sign * Fraction(game.rewards()["kicking"])
    if game.target is not None and (play == "defaults"
                                    or game.kind not in ("kicker", "kick_skill")):
        return sign * Enumeration(game, solver, play).value()  # past the first die
    if game.answers:
        return sign * _after_kicker(game)
    solver = solver or solver_for(game)
    if game.target is None:
        value = best_target(solver, game.objective).value
    else:
        value = solver.value(game.target, game.objective)
    return sign * _kicking(game, value)


def _check(game: KickoffGame, play: str) -> None:
    """``ValueError`` where :func:`exact_value` gives no value (its docstring)."""
    if play not in PLAYS or (play == "defaults" and game.target is None and not game.done):
        raise ValueError(f"play {play!r}: 'best', or 'defaults' once the target is kicked "
                         "(the solver's odds value the defaults at a target: kickoff odds)")
    if game.kinds != PLAYED or game.free_turns != "none":
        raise ValueError("exact values need the default decisions played (kinds=PLAYED) and "
                         "free_turns='none': the exact solver's game")
    if game.placing is not None:
        raise ValueError("exact values are given once the set-up is complete (the set-up "
                         "steps are not solved)")


def _kicking(game: KickoffGame, value: object) -> Fraction:
    """The kicking coach's reward of an objective's ``value``."""
    kicking = Fraction(str(value)) if not isinstance(value, (int, Fraction)) else Fraction(value)
    return kicking if KICKER_WANTS_HIGH[game.objective] else -kicking


def _after_kicker(game: KickoffGame) -> Fraction:
    """The kicking coach's value once his kicker (and maybe Kick) is answered, before the
    first die: the solver with them named (``kicking="defaults"``), the best of Kick's options
    when it is still to answer."""
    assert game.target is not None
    taken = dict(game.taken)
    # the target, answered by the kicking coach's first step, is a decision of the rules too
    if set(taken) - {"target", "kicker", "kick_skill"} or game.kind not in ("kicker", "kick_skill"):
        return Enumeration(game).value()
    kicks = list(game.options()) if game.kind == "kick_skill" else [taken.get("kick_skill", False)]
    values = []
    for kick in kicks:
        solver = KickoffSolver(
            game.start, game.ruleset, events="all" if game.events else "none",
            house_rules=game.house_rules, play="best", kicking="defaults",
            objective=game.objective, use_kick_skill=bool(kick),
            decisions=Decisions(kicker=taken.get("kicker"), kicker_given=True))
        values.append(_kicking(game, solver.value(game.target, game.objective)))
    return max(values)


class _Recording(PlainDice):
    """The episode's dice (``SeededDice(seed)``, rolled die by die as it rolls them: the same
    values), each value kept in :attr:`rolled`."""

    def __init__(self, seed: int) -> None:
        self.seeded = SeededDice(seed)
        self.rolled: list[int] = []

    def roll(self, kind: DieKind, sides: int) -> int:
        value = self.seeded.roll(kind, sides)
        self.rolled.append(value)
        return value


class _Continued(PlainDice):
    """The dice ``rolled`` so far again, die by die, then ``path``'s (``Branch`` past it)."""

    def __init__(self, rolled: list[int], path: PathDice) -> None:
        self.rolled, self.path, self.i = rolled, path, 0

    def roll(self, kind: DieKind, sides: int) -> int:
        if self.i < len(self.rolled):
            self.i += 1
            return self.rolled[self.i - 1]
        return self.path.roll(kind, sides)

    def roll_grouped(self, dice: Sequence[tuple[DieKind, str]],
                     depends_on: Callable[[tuple[int, ...]], Hashable], concerns: Any,
                     log: DiceLog) -> tuple[int, ...]:
        if self.i < len(self.rolled):
            return super().roll_grouped(dice, depends_on, concerns, log)
        return self.path.roll_grouped(dice, depends_on, concerns, log)

    def roll_among(self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str,
                   log: DiceLog) -> int:
        if self.i < len(self.rolled):
            return super().roll_among(kind, sides, ok, why, log)
        return self.path.roll_among(kind, sides, ok, why, log)

    def pick_among(self, candidates: Sequence[Any], why: str, log: DiceLog) -> int:
        if self.i < len(self.rolled):
            return super().pick_among(candidates, why, log)
        return self.path.pick_among(candidates, why, log)

    def choose_among(self, candidates: Sequence[Any], k: int, why: str,
                     log: DiceLog) -> tuple[int, ...]:
        if self.i < len(self.rolled):
            return super().choose_among(candidates, k, why, log)
        return self.path.choose_among(candidates, k, why, log)


#: The steps inside the ball's journey (after it has come down).
JOURNEY_STEPS: Final = ("touchback", "diving_catch")


class Enumeration:
    """The kicking coach's exact expected reward from ``game``'s pending step (after the
    target), both coaches at their best: expectimax over the kick-off's replay. The dice
    already rolled are the episode's; each die to come branches on its outcomes
    (:class:`~kickoff.analysis.exact.chance.PathDice`, the solver's own chance nodes), each
    step to come on its options (the kicking coach's the highest, the receiving coach's the
    lowest kicking reward).

    Before the ball comes down (the kicker, Kick, the kick-off move, High Kick) the replay
    stops at the landing and the exact solver's journey of the ball takes over
    (:meth:`KickoffSolver.journey <kickoff.analysis.exact.solver.KickoffSolver.journey>`, its
    touchback and Diving Catch at their best). Inside the journey (:data:`JOURNEY_STEPS`: the
    touchback, Diving Catch) the replay runs to the end of the kick-off and each end is the
    reward itself: every later step (another Diving Catch, at a throw-in) at its best too.
    ``ValueError`` before the target or at the end. :attr:`runs`: the kick-offs replayed."""

    def __init__(self, game: KickoffGame, solver: KickoffSolver | None = None,
                 play: str = "best") -> None:
        if play not in ("best", "defaults"):
            raise ValueError(f"play {play!r}: 'best' or 'defaults'")
        if game.target is None or game.done:
            raise ValueError(f"exact values by enumeration are given after the target, before "
                             f"the end; now: {'the end' if game.done else game.kind}")
        self.game, self.play = game, play
        #: Whether the replay runs to the end (a step inside the ball's journey).
        self.to_end = game.kind in JOURNEY_STEPS
        self.solver = solver or solver_for(game, play)
        recording = _Recording(game.seed)
        with contextlib.suppress(Asked):  # the pending step: the dice so far are rolled
            game.play(game.start.clone(), recording,
                      _ReplayCoach(game.answers, game.kinds, game.height))
        self.rolled = recording.rolled
        self.runs = 0
        st = game.start
        self._end = (st.receiving, st.pitch.end_zone_x(st.receiving),
                     {p.id: p.side for p in st.players.values()})

    def value(self) -> Fraction:
        """The kicking coach's expected reward, exactly (``ValueError`` past
        :data:`MAX_RUNS` replays)."""
        return self._node((), ())

    def _node(self, dice: tuple[Any, ...], choices: tuple[int, ...],
              to_end: bool = False) -> Fraction:
        """The value of the replay with the die outcomes ``dice`` and the step answers
        ``choices`` past the episode's (``to_end``: played to the end, not the landing)."""
        g = self.game
        self.runs += 1
        if self.runs > MAX_RUNS:
            raise ValueError(f"the enumeration passed {MAX_RUNS} kick-offs: too large to give "
                             "exactly")
        coach = _ReplayCoach([*g.answers, *choices], g.kinds, g.height)
        replayed = _Continued(self.rolled, PathDice(dice))
        to_end = to_end or self.to_end
        try:
            if to_end:
                return _kicking(g, g.value_of(g.play(g.start.clone(), replayed, coach)))
            kick = g.play_until_landing(g.start.clone(), replayed, coach)
        except Branch as branch:
            return sum((_fraction(p) * self._node((*dice, v), choices, to_end)
                        for v, p in branch.options), Fraction(0))
        except Asked as asked:
            return self._decide(asked.decision, dice, choices, to_end)
        if _dives(kick):  # a Diving Catch to decide where it comes down: played on
            return self._node(dice, choices, True)
        receiving, end_zone_x, sides = self._end
        ends = self.solver.journey(kick.ctx.state, kick.start)
        value = sum((p * end_objective(cast("Held | Rests", end), g.objective, receiving,
                                       end_zone_x, sides)  # a journey's end: held or resting
                     for end, p in ends.items()), Fraction(0))
        return _kicking(g, value)

    def _decide(self, decision: Decision, dice: tuple[Any, ...], choices: tuple[int, ...],
                to_end: bool) -> Fraction:
        """A step's value: its coach's best option's (``play="best"``), or its default's."""
        g = self.game
        options = decision.options() or ()
        if self.play == "defaults":
            default = next((i for i, o in enumerate(options)
                            if o is decision.default or o == decision.default), 0)
            return self._node(dice, (*choices, default), to_end)
        values = [self._node(dice, (*choices, i), to_end)
                  for i in range(min(len(options), g.actions))]
        return max(values) if decision.side == g.state.kicking else min(values)


def _dives(kick: KickoffBeforeLanding) -> bool:
    """Whether a player may attempt a Diving Catch where the kick comes down (on the pitch):
    the decision the solver's journey would leave at its default."""
    square = getattr(kick.start, "square", None)
    return (square is not None and kick.ctx.state.pitch.on_pitch(square)
            and bool(diving_catchers(kick.ctx, square)))


def _fraction(p: Any) -> Fraction:
    """A probability of the solver's rationals as a ``Fraction``."""
    return Fraction(int(p.numerator), int(p.denominator))
