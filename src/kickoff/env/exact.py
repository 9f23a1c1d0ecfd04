"""Exact values of the environment's states (issue 30, point 2): the expected reward with both
coaches at their best, from the exact solver (:class:`~kickoff.analysis.exact.solver.KickoffSolver`
with ``play="best"``, docs/analysis.md "Both coaches' best play"), as a baseline for what an
agent learns.

Where it applies: the game's decisions are the solver's (:data:`~kickoff.env.game.PLAYED`, the
default), nobody acts in a free turn (``free_turns="none"``), and the state is before the first
die: at the kick target (the kicking coach's best target, kicker and Kick, then the receivers'
best choices), after it (the kick at that target, his best kicker and Kick), after the kicker
(his best of Kick or not with that kicker). At the later steps (past the first die: the
kick-off move, High Kick, touchback, Diving Catch) by enumeration (:class:`Enumeration`): the
dice rolled so far are those of the episode's seed, every die still to roll is a chance node
(the exact solver's own :class:`~kickoff.analysis.exact.chance.PathDice`: its outcomes and their
probabilities), every later step the best option of the coach whose step it is (expectimax
over the game's own replay): exactly the solver's value given what the dice have shown (the
deviation, the event, the landing). At the end, the reward itself.
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
from kickoff.analysis.targets import rank_targets
from kickoff.core.ball import Held, Rests
from kickoff.core.coach import Asked
from kickoff.core.decisions import Decisions
from kickoff.core.dice import DieKind, Log, PlainDice, SeededDice
from kickoff.env.game import PLAYED, Agent, KickoffGame, _ReplayCoach

#: The most kick-offs an enumeration replays before it gives up (``ValueError``): a few
#: seconds.
MAX_RUNS: Final = 200_000


def solver_for(game: KickoffGame) -> KickoffSolver:
    """The exact solver of ``game``'s kick-off with both coaches at their best (the receivers
    maximising their side of ``game.objective``, the kicking coach minimising it)."""
    return KickoffSolver(game.start, game.ruleset, events="all" if game.events else "none",
                         house_rules=game.house_rules, play="best", objective=game.objective)


def exact_value(game: KickoffGame, agent: Agent = "kicking", play: str = "best",
                solver: KickoffSolver | None = None) -> Fraction:
    """``agent``'s expected reward from ``game``'s state with both coaches at their best,
    exactly (``solver``: one made by :func:`solver_for` to reuse; it caches the journeys).

    At the target step: the best target's value for the kicking coach (``rank_targets``'
    first); after the target, before any decision is answered: that target's; after the
    first die, :class:`Enumeration`'s. At the end: the reward itself. ``ValueError`` at a
    set-up step, for ``play`` other than ``"best"``, for decisions other than
    :data:`~kickoff.env.game.PLAYED`, with a free turn played, and for an enumeration past
    :data:`MAX_RUNS` kick-offs."""
    if play != "best":
        raise ValueError(f"play {play!r}: exact values are given with both coaches at their "
                         "best ('best')")
    if game.kinds != PLAYED or game.free_turns != "none":
        raise ValueError("exact values need the default decisions played (kinds=PLAYED) and "
                         "free_turns='none': the exact solver's game")
    sign = 1 if agent == "kicking" else -1
    if game.placing is not None:
        raise ValueError("exact values are given once the set-up is complete (the set-up "
                         "steps are not solved)")
    if game.done:
        return sign * Fraction(game.rewards()["kicking"])
    if game.answers:
        return sign * _after_kicker(game)
    solver = solver or solver_for(game)
    if game.target is None:
        value = rank_targets(solver, game.objective)[0].value
    else:
        value = solver.value(game.target, game.objective)
    return sign * _kicking(game, value)


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
                     log: Log) -> tuple[int, ...]:
        if self.i < len(self.rolled):
            return super().roll_grouped(dice, depends_on, concerns, log)
        return self.path.roll_grouped(dice, depends_on, concerns, log)

    def roll_among(self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str,
                   log: Log) -> int:
        if self.i < len(self.rolled):
            return super().roll_among(kind, sides, ok, why, log)
        return self.path.roll_among(kind, sides, ok, why, log)

    def pick_among(self, candidates: Sequence[Any], why: str, log: Log) -> int:
        if self.i < len(self.rolled):
            return super().pick_among(candidates, why, log)
        return self.path.pick_among(candidates, why, log)

    def choose_among(self, candidates: Sequence[Any], k: int, why: str,
                     log: Log) -> tuple[int, ...]:
        if self.i < len(self.rolled):
            return super().choose_among(candidates, k, why, log)
        return self.path.choose_among(candidates, k, why, log)


class Enumeration:
    """The kicking coach's exact expected reward from ``game``'s pending step (after the
    target, before the ball comes down: the kicker, Kick, the kick-off move, High Kick), both
    coaches at their best: expectimax over the kick-off's replay up to the landing, then the
    exact solver's journey of the ball (the module's docstring). The dice already rolled are
    the episode's; each die to come before the landing branches on its outcomes
    (:class:`~kickoff.analysis.exact.chance.PathDice`), each step to come on its options (the
    kicking coach's the highest, the receiving coach's the lowest kicking reward); from the
    landing, :meth:`KickoffSolver.journey <kickoff.analysis.exact.solver.KickoffSolver.journey>`
    (its touchback and Diving Catch at their best). ``ValueError`` at a step of the ball's
    journey (touchback, Diving Catch). :attr:`runs`: the kick-offs replayed."""

    def __init__(self, game: KickoffGame, solver: KickoffSolver | None = None) -> None:
        if game.target is None or game.done or game.kind in ("touchback", "diving_catch"):
            raise ValueError(f"exact values are given before the ball comes down (the target, "
                             f"the kicker, Kick, the kick-off move, High Kick) and at the end; "
                             f"now: {game.kind}")
        self.game = game
        self.solver = solver or solver_for(game)
        recording = _Recording(game.seed)
        with contextlib.suppress(Asked):  # the pending step: the dice so far are rolled
            game.play_until_landing(game.start.clone(), recording,
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

    def _node(self, dice: tuple[Any, ...], choices: tuple[int, ...]) -> Fraction:
        g = self.game
        self.runs += 1
        if self.runs > MAX_RUNS:
            raise ValueError(f"the enumeration passed {MAX_RUNS} kick-offs: too large to give "
                             "exactly")
        coach = _ReplayCoach([*g.answers, *choices], g.kinds, g.height)
        try:
            kick = g.play_until_landing(g.start.clone(),
                                        _Continued(self.rolled, PathDice(dice)), coach)
        except Branch as branch:
            return sum((_fraction(p) * self._node((*dice, v), choices)
                        for v, p in branch.options), Fraction(0))
        except Asked as asked:
            options = asked.decision.options() or ()
            values = [self._node(dice, (*choices, i))
                      for i in range(min(len(options), g.actions))]
            return max(values) if asked.decision.side == g.state.kicking else min(values)
        receiving, end_zone_x, sides = self._end
        ends = self.solver.journey(kick.ctx.state, kick.start)
        value = sum((p * end_objective(cast("Held | Rests", end), g.objective, receiving,
                                       end_zone_x, sides)  # a journey's end: held or resting
                     for end, p in ends.items()), Fraction(0))
        return _kicking(g, value)


def _fraction(p: Any) -> Fraction:
    """A probability of the solver's rationals as a ``Fraction``."""
    return Fraction(int(p.numerator), int(p.denominator))
