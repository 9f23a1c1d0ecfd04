"""A team turn: the active team's activations played in order until a turnover ends the turn
(``scenario-format.md``, "Actions"; the ``turn`` phase of a scenario).

The turn's rules and what it has used are a :class:`~kickoff.core.rolls.Turn` (a team turn:
:func:`~kickoff.core.rolls.team_turn`); each activation is played by its action's module: a Move
by :mod:`kickoff.core.actions.move`, the Kick It! Kick action by :mod:`kickoff.core.actions.kick`.
Other actions are not played during a turn yet.

The active coach chooses each activation through :meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>` (:mod:`kickoff.core.coach`): who acts with which
action (``activation``: :func:`activation_options`, default ``None``, nobody else acts), then
along which squares (``path``: every legal path, a checkable set, default ``()``); the Kick
action's own choices are asked as it is played (``aim``, ``kick_block``, ``kick_landing``:
:mod:`kickoff.core.actions.kick`). The scripted coach answers them from the scenario's
``actions``, in order; once those are played, it lets nobody else act.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kickoff.core.actions.kick import LandingPolicy, finish_kick, kick_flight, kick_problem
from kickoff.core.actions.move import PathOptions, move, walk_problem
from kickoff.core.activations import ActivationChoice
from kickoff.core.coach import Coach, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Decisions
from kickoff.core.dice import Dice
from kickoff.core.errors import DecisionError, NotSupportedError
from kickoff.core.log import KickoffLog
from kickoff.core.pitch import Side, Square
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, acting_player, acting_problem, team_turn
from kickoff.core.ruleset import KICK_IT, HouseRule, Ruleset
from kickoff.core.state import GameState

#: The actions played during a team turn.
TURN_ACTIONS = ("move", "kick")


@dataclass
class TurnResult:
    """What a turn's activations did: the state after them (ball and carrier included), whether
    the turn ended in a turnover, and the log (for people: :attr:`log`, its lines read from
    ``kept`` when first asked for, as :class:`~kickoff.core.kickoff.KickoffResult`'s; a loop
    that never reads them never builds them). Compared by the state and the turnover."""

    state: GameState
    turnover: bool
    kept: KickoffLog = field(repr=False, compare=False)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The turn's log lines (``docs/formats.md``, "The log's replayed steps")."""
        return self.kept.lines()


def play_activation(
    ctx: KickoffContext, turn: Turn, act: Activation, choose: LandingPolicy | None = None,
    checked: bool = False,
) -> None:
    """Play one activation of a team turn: a Kick action (``choose``: as
    :func:`~kickoff.core.actions.kick.kick_flight`), or a Move. Other actions are not played
    during a turn (``NotSupportedError``). ``checked``: ``act`` is :func:`next_activation`'s
    answer, its player, action and path checked by its decisions (not checked again)."""
    if act.action == "kick":
        finish_kick(ctx, turn, act, kick_flight(ctx, turn, act, choose, checked))
        return
    if act.action == "move":
        player = acting_player(ctx, turn, act, checked)
        move(ctx, turn, player, act.path, act.reroll, act.where, checked=checked)
        return
    raise NotSupportedError(_unsupported(act.action, act.where))


def _unsupported(action: object, where: str) -> Problem:
    return Problem(f"{action!r} is not supported during a turn (move and kick are)",
                   f"{where}.action", code="not_supported")


def next_activation(ctx: KickoffContext, turn: Turn, scripted: Activation | None,
                    index: int) -> Activation | None:
    """The active coach's next activation of ``turn``, the turn's ``index``-th (from 0; ``None``:
    nobody else acts): who acts with which action (the ``activation`` decision), then along
    which squares (``path``). ``scripted``: the scenario's next activation (the scripted
    coach's answer, its key path ``where`` then, else ``actions[<index>]``; its other parts,
    aim, landing, re-rolls ..., are played when the coach's answer is its own). An action the
    engine does not play during a turn is a ``NotSupportedError``; an illegal choice a
    ``DecisionError`` naming its key path, the player and his square."""
    if scripted is None and ctx.plain:
        return None  # the scripted coach's default: nobody (else) acts, nothing to ask
    if scripted is not None:
        where = scripted.where
        if scripted.action not in TURN_ACTIONS:
            raise NotSupportedError(_unsupported(scripted.action, where))
        if ctx.plain:
            return _scripted_activation(ctx, turn, scripted)
    else:
        where = f"actions[{index}]"
    choice = ctx.decide(Decision(
        "activation", turn.active, where, None, lambda: activation_options(ctx, turn),
        lambda c: activation_problem(ctx, turn, c, where),
        None if scripted is None else scripted.choice(), scripted is not None, turn))
    if choice is None:
        return None
    given = scripted is not None and choice == scripted.choice()
    a = scripted if scripted is not None and given else Activation(
        choice.player, choice.action, where=where)
    paths = PathOptions(ctx, ctx.state.players[a.player], where, may_leap=False)
    path = ctx.decide(Decision("path", turn.active, f"{where}.path", (), None, paths.problem,
                               a.path, given, a.player, paths))
    return a if path == a.path else replace(a, path=tuple(Square(*sq) for sq in path))


def _scripted_activation(ctx: KickoffContext, turn: Turn, scripted: Activation) -> Activation:
    """The scripted coach's answer to a turn's ``activation`` and ``path`` decisions, the
    scenario's ``scripted`` activation, checked as :meth:`KickoffContext.decide
    <kickoff.core.context.KickoffContext.decide>` checks them (:func:`activation_problem`, then
    :func:`~kickoff.core.actions.move.walk_problem`, what the ``path`` decision's
    ``PathOptions(..., may_leap=False)`` checks; the empty path, the default, always legal)
    without building the decisions (the scripted coach answers them with ``scripted``'s
    parts: docs/performance.md, "The code's shapes for speed")."""
    where = scripted.where
    problem = activation_problem(ctx, turn, scripted.choice(), where)
    if problem is None and scripted.path != ():
        problem = walk_problem(ctx, ctx.state.players[scripted.player], scripted.path, where)
    if problem is not None:
        raise DecisionError(problem)
    return scripted


def activation_options(ctx: KickoffContext, turn: Turn) -> list[ActivationChoice | None]:
    """The options of a team turn's ``activation`` decision: ``None`` (nobody else acts: the
    default), then for each player of the active team who may act (:func:`acting_problem
    <kickoff.core.rolls.acting_problem>`), in input order, a Move and, while the turn allows
    one (:func:`~kickoff.core.actions.kick.kick_problem`), a Kick action."""
    options: list[ActivationChoice | None] = [None]
    for p in ctx.state.teams[turn.active].players:
        if acting_problem(ctx, turn, p.id, "") is None:
            options.append(ActivationChoice(p.id, "move"))
            if kick_problem(ctx, turn, p, "") is None:
                options.append(ActivationChoice(p.id, "kick"))
    return options


def activation_problem(ctx: KickoffContext, turn: Turn, choice: object,
                       where: str) -> Problem | None:
    """Why the active coach may not play ``choice`` (an :class:`ActivationChoice`) now
    (``None``: he may), at ``where``: a player who may act (``<where>.player``), a Move or a
    Kick action (``<where>.action``: the engine plays no other during a turn; a Kick action
    as the turn allows one), blocking nobody."""
    if not isinstance(choice, ActivationChoice):
        return Problem(f"{choice!r} is not an activation", where, code="illegal_choice")
    problem = acting_problem(ctx, turn, choice.player, where)
    if problem is not None:
        return problem
    if choice.action not in TURN_ACTIONS:
        return _unsupported(choice.action, where)
    player = ctx.state.players[choice.player]
    if choice.action == "kick":
        problem = kick_problem(ctx, turn, player, where)
    if problem is None and choice.target is not None:
        assert player.square is not None
        problem = Problem(f"a {choice.action} action blocks nobody (target {choice.target})",
                          where, (player.id,), (Square(*player.square),), "illegal_choice")
    return problem


def play_turn(
    state: GameState,
    ruleset: Ruleset,
    dice: Dice,
    active: Side,
    actions: Sequence[Activation],
    decisions: Decisions | None = None,
    house_rules: frozenset[HouseRule] = frozenset({KICK_IT}),
    choose: LandingPolicy | None = None,
    coach: Coach | None = None,
) -> TurnResult:
    """Play ``actions`` in order for the ``active`` team during its turn, on ``state`` (modified
    in place; pass a clone to keep the original). A turnover ends the turn: the activations
    after it are not played. ``choose``: how an accurate kick's landing is chosen (default:
    each activation's ``landing``, or the format's default). ``coach``: who answers the active
    and the opposing coach's decisions (:meth:`KickoffContext.decide
    <kickoff.core.context.KickoffContext.decide>`; default the scripted coach, ``actions`` its
    answers: each activation is asked, then its path, aim, kick block and landing).

    Raises ``DecisionError`` for an illegal activation (naming its key path) and
    ``NotSupportedError`` for an action that cannot be played during a turn.
    """
    ctx = KickoffContext(state, ruleset, dice, decisions or Decisions(), house_rules, coach=coach)
    turn = team_turn(active)
    for i in range(len(actions) + len(state.teams[active].players) + 1):
        if turn.turnover:
            for left in actions[i:]:
                ctx.note("skipped", where=left.where, why=f"the turn is over ({turn.why_ended})")
            break
        act = next_activation(ctx, turn, actions[i] if i < len(actions) else None, i)
        if act is None:
            break
        play_activation(ctx, turn, act, choose, checked=True)  # its decisions checked it
    return TurnResult(state, turn.turnover, ctx.log)
