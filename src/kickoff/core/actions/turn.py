"""A team turn: the active team's activations played in order until a turnover ends the turn
(``scenario-format.md``, "Actions"; the ``turn`` phase of a scenario).

The turn's rules and what it has used are a :class:`~kickoff.core.rolls.Turn` (a team turn:
:func:`~kickoff.core.rolls.team_turn`); each activation is played by its action's module: a Move
by :mod:`kickoff.core.actions.move`, the Kick It! Kick action by :mod:`kickoff.core.actions.kick`.
Other actions are not played during a turn yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kickoff.core.actions.kick import LandingPolicy, finish_kick, kick_flight
from kickoff.core.actions.move import move
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Decisions
from kickoff.core.dice import Dice
from kickoff.core.errors import NotSupportedError
from kickoff.core.pitch import Side
from kickoff.core.rolls import Turn, acting_player, team_turn
from kickoff.core.ruleset import KICK_IT, HouseRule, Ruleset
from kickoff.core.state import GameState


@dataclass
class TurnResult:
    """What a turn's activations did: the state after them (ball and carrier included), whether
    the turn ended in a turnover, and the log (for people)."""

    state: GameState
    turnover: bool
    log: list[dict[str, Any]]


def play_activation(
    ctx: KickoffContext, turn: Turn, act: Activation, choose: LandingPolicy | None = None
) -> None:
    """Play one activation of a team turn: a Kick action (``choose``: as
    :func:`~kickoff.core.actions.kick.kick_flight`), or a Move. Other actions are not played
    during a turn (``NotSupportedError``)."""
    if act.action == "kick":
        finish_kick(ctx, turn, act, kick_flight(ctx, turn, act, choose))
        return
    if act.action == "move":
        player = acting_player(ctx, turn, act)
        move(ctx, turn, player, act.path, act.reroll, act.where)
        return
    raise NotSupportedError.at(f"{act.where}.action", f"{act.action!r} is not supported during a turn "
                            "(move and kick are)")


def play_turn(
    state: GameState,
    ruleset: Ruleset,
    dice: Dice,
    active: Side,
    actions: Sequence[Activation],
    decisions: Decisions | None = None,
    house_rules: frozenset[HouseRule] = frozenset({KICK_IT}),
    choose: LandingPolicy | None = None,
) -> TurnResult:
    """Play ``actions`` in order for the ``active`` team during its turn, on ``state`` (modified
    in place; pass a clone to keep the original). A turnover ends the turn: the activations
    after it are not played. ``choose``: how an accurate kick's landing is chosen (default:
    each activation's ``landing``, or the format's default).

    Raises ``DecisionError`` for an illegal activation (naming its key path) and
    ``NotSupportedError`` for an action that cannot be played during a turn.
    """
    ctx = KickoffContext(state, ruleset, dice, decisions or Decisions(), house_rules)
    turn = team_turn(active)
    for act in actions:
        if turn.turnover:
            ctx.note("skipped", where=act.where, why=f"the turn is over ({turn.why_ended})")
            continue
        play_activation(ctx, turn, act, choose)
    return TurnResult(state, turn.turnover, ctx.kept_log())
