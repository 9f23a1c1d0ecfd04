"""Exact values of the environment's states (issue 30, point 2): the expected reward with both
coaches at their best, from the exact solver (:class:`~kickoff.analysis.exact.KickoffSolver`
with ``play="best"``, docs/analysis.md "Both coaches' best play"), as a baseline for what an
agent learns.

Where it applies: the game's decisions are the solver's (:data:`~kickoff.env.game.PLAYED`, the
default), nobody acts in a free turn (``free_turns="none"``), and the state is before the first
die: at the kick target (the kicking coach's best target, kicker and Kick, then the receivers'
best choices), after it (the kick at that target, his best kicker and Kick), after the kicker
(his best of Kick or not with that kicker). Later states (past the first die) raise
``ValueError``: the solver values a kick-off from its start; at the end, the reward itself.
"""

from __future__ import annotations

from fractions import Fraction

from kickoff.analysis.exact import KickoffSolver
from kickoff.analysis.objectives import KICKER_WANTS_HIGH
from kickoff.analysis.targets import rank_targets
from kickoff.core.decisions import Decisions
from kickoff.env.game import PLAYED, Agent, KickoffGame


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
    first); after the target, before any decision is answered: that target's. At the end: the
    reward itself. ``ValueError`` elsewhere, for ``play`` other than ``"best"``, for decisions
    other than :data:`~kickoff.env.game.PLAYED`, and with a free turn played."""
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
        raise ValueError(f"exact values are given before the first die (the target, the kicker, "
                         f"Kick); now: {game.kind}, after {len(game.answers)} answer(s)")
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
