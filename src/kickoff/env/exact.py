"""Exact values of the environment's states (issue 30, point 2): the expected reward with both
coaches at their best, from the exact solver (:class:`~kickoff.analysis.exact.KickoffSolver`
with ``play="best"``, docs/analysis.md "Both coaches' best play"), as a baseline for what an
agent learns.

Where it applies: the game's decisions are the solver's (:data:`~kickoff.env.game.PLAYED`, the
default), nobody acts in a free turn (``free_turns="none"``), and the state is at the kick
target (the kicking coach's best target, kicker and Kick, then the receivers' best choices) or
after it, before any answer (the kick at that target). Later states raise ``ValueError``: the
solver values a kick-off from its start.
"""

from __future__ import annotations

from fractions import Fraction

from kickoff.analysis.exact import KickoffSolver
from kickoff.analysis.objectives import KICKER_WANTS_HIGH
from kickoff.analysis.targets import rank_targets
from kickoff.env.game import PLAYED, Agent, KickoffGame


def solver_for(game: KickoffGame) -> KickoffSolver:
    """The exact solver of ``game``'s kick-off with both coaches at their best (the receivers
    maximising their side of ``game.objective``, the kicking coach minimising it)."""
    return KickoffSolver(game.state, game.ruleset, events="all" if game.events else "none",
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
    if game.done:
        return sign * Fraction(game.rewards()["kicking"])
    if game.answers:
        raise ValueError(f"exact values are given at the kick target and before the first "
                         f"decision of the kick-off (now: {game.kind}, after "
                         f"{len(game.answers)} answer(s))")
    solver = solver or solver_for(game)
    if game.target is None:
        value = rank_targets(solver, game.objective)[0].value
    else:
        value = solver.value(game.target, game.objective)
    kicking = value if KICKER_WANTS_HIGH[game.objective] else -value
    return sign * Fraction(kicking)
