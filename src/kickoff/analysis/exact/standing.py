"""A scenario's answers to the dice of its free moves played as standing orders, for the exact
odds of what a coach did (``kickoff decide``'s played plan, ``kickoff fumbbl review``'s
Blitz! / Charge!).

A free turn's answers to its dice, a Blitz's block (the face chosen, ``block.choose``; the
re-roll of the block dice, ``block.reroll``; the push-back squares, ``push_to`` and
``chain_push``; the follow-up) and each failed test's re-roll (``reroll``), were given for
the dice the scenario rolled: for a FUMBBL game's kick-off (``kickoff fumbbl extract``), for
the dice FUMBBL rolled. The exact odds play every roll instead, and there such an answer may
not fit: a face chosen is not rolled (1005328's block re-rolled to a Push, met by a Pow), a
team re-roll for every failed Rush meets a second failed Rush after classic's one team re-roll
of the turn is spent (1005084). Played as the scenario format plays a scripted answer, each is
an error (``scenario-format.md``, "Decisions": an answer illegal when its moment comes), and
the coach's play could not be valued at all.

:class:`StandingOrders` plays each such answer where the rule accepts it when its moment comes
and the decision's default where it does not (the chooser's best face of those rolled, no
re-roll of the block dice, the default push-back square, the default re-roll policy): on the
scenario's own dice it is the scripted play, answer for answer, and every value the scripted
play has is unchanged (it only answers where the scripted play would raise). Kick It!'s exact
odds treat a re-roll choice the same way (``Turn.fallback``, :mod:`kickoff.analysis.exact.kick`).
A later activation's ``path`` is an answer to the dice before it too: the coach walked it
where an earlier block had pushed the defender out of the way (1005012, 1005377). Where another
roll leaves somebody on it, the player walks the longest start of it the rule accepts (the
default, where none: no step for a Move, the shortest approach for a Blitz). Who acts, with which
action and whom he blitzes are the plan's: one the rules refuse is still their error.
"""

from __future__ import annotations

from typing import Any, Final

from kickoff.core.coach import Decision, DecisionKind
from kickoff.core.decisions import Decisions

__all__ = ["DICE_ANSWERS", "STANDING_ORDERS", "StandingOrders", "gives_dice_answers",
           "standing_coach"]

#: The decisions of a free turn that answer its dice (the block's, a failed test's re-roll).
DICE_ANSWERS: Final[frozenset[DecisionKind]] = frozenset(
    {"block_face", "block_reroll", "push_to", "follow_up", "reroll"})

#: The free moves whose activations may answer dice (``Decisions`` fields).
_FREE_TURNS: Final = ("blitz", "charge")


class StandingOrders:
    """A coach playing the scenario's answers (as :data:`~kickoff.core.coach.SCRIPTED` does),
    each answer to the dice (:data:`DICE_ANSWERS`) where the rule accepts it and the decision's
    default where it does not (module docstring)."""

    __slots__ = ()

    def choose(self, decision: Decision) -> Any:
        if not decision.given:
            return decision.default
        scripted = decision.scripted
        if decision.kind == "path" and decision.problem(scripted) is not None:
            return _walked(decision, tuple(scripted))
        if decision.kind in DICE_ANSWERS and decision.problem(scripted) is not None:
            return decision.default
        return scripted


def _walked(decision: Decision, path: tuple[Any, ...]) -> Any:
    """The longest start of ``path`` the rule accepts (``decision``: a ``path``), else the
    decision's default."""
    for n in range(len(path) - 1, 0, -1):
        if decision.problem(path[:n]) is None:
            return path[:n]
    return decision.default


#: The one coach of standing orders (it keeps nothing).
STANDING_ORDERS: Final = StandingOrders()


def gives_dice_answers(decisions: Decisions) -> bool:
    """Whether a free turn of ``decisions`` (``blitz``, ``charge``) answers any of its dice: a
    block's choice or a test's re-roll given (where :class:`StandingOrders` may differ from the
    scripted coach)."""
    # (the defaults made from the activation's own classes: importing kickoff.core.activations
    # here would make them for every solver, a one-target odds' start-up too)
    return any(a.block != type(a.block)() or a.reroll != type(a.reroll)()
               for event in _FREE_TURNS for a in getattr(decisions, event))


def standing_coach(free: Decisions, standing_orders: bool) -> StandingOrders | None:
    """The coach of a solver's free moves ``free`` (``KickoffSolver(standing_orders=...)``):
    :data:`STANDING_ORDERS` when asked for and the free moves answer any of their dice, else
    ``None``, the scripted coach (the rules' shortcuts for a plain scenario kept)."""
    return STANDING_ORDERS if standing_orders and gives_dice_answers(free) else None
