"""The free turns of the kick-off: classic Blitz!, bb2020 / Sevens Blitz, bb2025 Charge!
(``rulings.md`` sections 6 and 8; each ruleset's ``free_turns`` data).

The activations (``decisions.blitz`` / ``decisions.charge``) are played in list order while the
ball is in the air (it lands afterwards, on the squares as the free turn left them):

- who may act is fixed when the event is resolved: the kicking team's Standing players not in an
  opposing tackle zone (Open); each acts at most once;
- classic: any number of them (a full team turn); bb2020 / Sevens / bb2025: at most the count
  (D3+3, Sevens D3+1); an activation counts unless it is a ``move`` that ends on the player's
  own square (an empty path, or one back to where he started: rulings.md 6), which
  does nothing (ruling, docs/rulings.md);
- besides Move: one Blitz and one Throw Team-mate (classic: the turn's Pass action), and in
  bb2025 one Kick Team-mate;
- it ends at a turnover (classic) or when a kicking player Falls Over or is Knocked Down
  (bb2020+); the activations left are then ignored, their moment never comes.

An empty list is the default policy: nobody acts, no die is rolled (``scenario-format.md``: the
default of ``blitz`` / ``charge`` is ``[]``). Only when a caller asks for it
(``Decisions.free_turn_policy``, not a key of the format) does an empty list play a coach's
policy instead (:mod:`kickoff.core.actions.policy`), planned now, when the free turn starts.
"""

from __future__ import annotations

from collections.abc import Sequence

from kickoff.core.actions.block import block
from kickoff.core.actions.blood_lust import feed, thirsts
from kickoff.core.actions.confusion import may_act
from kickoff.core.actions.foul_appearance import revolted
from kickoff.core.actions.gaze import gaze
from kickoff.core.actions.move import allowance, check_path, fall_over, move_steps, rush
from kickoff.core.actions.policy import policy_activations
from kickoff.core.actions.throw import check_throw, throw_team_mate
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square, distance
from kickoff.core.rolls import Turn, square_text, where_of
from kickoff.core.ruleset import FreeTurnRules
from kickoff.core.state import Player

_NAMES = {"blitz": "Blitz", "throw_team_mate": "Throw Team-mate", "kick_team_mate": "Kick Team-mate"}


def free_turn(
    ctx: KickoffContext, event: str, count: int | None, activations: Sequence[Activation]
) -> Turn:
    """Play the kicking team's free turn ``event`` ("blitz" or "charge") with at most ``count``
    acting players (``None``: no limit): the :class:`Turn` as it ended. An empty
    ``activations`` plays ``ctx.decisions.free_turn_policy`` (default ``"none"``: nobody acts).

    Raises ``DecisionError`` naming the activation (its ``where``, the player, his square) for
    an illegal one: an unknown or ineligible player, a second activation of a player, too many
    players, a second Blitz (Throw / Kick Team-mate), an illegal path, target or throw."""
    rules = ctx.ruleset.free_turns[event]
    st = ctx.state
    side = ctx.kicking
    turn = Turn(side, team_rerolls=rules.team_rerolls,
                once_per_turn_skills_allowed=rules.once_per_turn_skills_allowed,
                ends_on_fall=rules.ends_on_fall)
    policy = ctx.decisions.free_turn_policy
    if not activations and policy == "none" and not ctx.logging:
        return turn  # nobody acts (the default): nothing to read, no die
    eligible = [p.id for p in st.teams[side].players if p.standing and st.is_open(p)]
    if ctx.logging:
        ctx.note("free_turn", event=event, count=count, eligible=eligible)
    if not activations and policy != "none":
        activations = policy_activations(policy, st, eligible, count, ctx.landing, ctx.touchback)
        ctx.note("free_turn_policy", policy=policy,
                 moves={a.player: [sq.as_list() for sq in a.path] for a in activations})
    _play(ctx, turn, rules, activations, eligible, count)
    if turn.turnover:
        ctx.note("free_turn_ends", event=event, why=turn.why_ended)
    return turn


def _play(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, activations: Sequence[Activation],
          eligible: list[str], count: int | None) -> None:
    """Play ``activations`` in order, each admitted first (:func:`_admit`), at most ``count``
    counting; those after a turnover are ignored (noted)."""
    acted = 0
    for a in activations:
        if turn.turnover:
            ctx.note("ignored", where=a.where, why=f"the free turn has ended ({turn.why_ended})")
            continue
        player = ctx.player(a.player, a.where)
        counts = _admit(ctx, turn, rules, player, a, eligible, count, acted)
        if counts:
            acted += 1
        if counts or a.path:  # he has acted (a move back to his square acts, uncounted)
            turn.activated.add(player.id)
        turn.activate(player.id, a.where)
        ctx.note("activation", where=a.where, player=player.id, action=a.action)
        _act(ctx, turn, player, a, rules.gaze)


def _admit(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, player: Player, a: Activation,
           eligible: list[str], count: int | None, acted: int) -> bool:
    """Check that ``player`` may take activation ``a`` now (``acted`` players have counted so
    far, of at most ``count``) and record its Blitz / Throw / Kick Team-mate in
    ``turn.actions_taken``: whether it counts within the number. ``DecisionError`` (at ``a``)
    if it may not."""
    w = where_of(a.where, player)
    if player.side != ctx.kicking:
        raise DecisionError.at(w, f"{player.id} is not a player of the kicking team")
    if player.id in turn.activated:
        raise DecisionError.at(w, f"{player.id} has already acted in this free turn")
    if player.id not in eligible:
        raise DecisionError.at(w,
            f"{player.id} may not act: only players Standing and not in an opposing "
            f"tackle zone when the event was resolved may (eligible: {', '.join(eligible) or 'none'})"
        )
    if not player.standing:
        raise DecisionError.at(w, f"{player.id} is no longer Standing")
    if a.action == "kick":
        raise DecisionError.at(w, "the Kick It! Kick action is not an action of the free turn")
    # rulings.md 6: "a player counts when his final square differs from his starting one";
    # rulings.md 8: a Blitz and a Throw Team-mate count within the number.
    counts = a.action != "move" or (bool(a.path) and a.path[-1] != player.square)
    if counts and count is not None and acted >= count:
        raise DecisionError.at(w, f"at most {count} players may act in this free turn")
    if a.action != "move":
        allowed = rules.limits.get(a.action, 0)
        if turn.actions_taken.get(a.action, 0) >= allowed:
            name = _NAMES[a.action]
            raise DecisionError.at(w,
                "" + (f"only one {name} is allowed in this free turn" if allowed
                            else f"a {name} is not allowed in this free turn")
            )
        turn.actions_taken[a.action] = turn.actions_taken.get(a.action, 0) + 1
    return counts


def _act(ctx: KickoffContext, turn: Turn, player: Player, a: Activation, gazes: bool) -> None:
    """Play admitted activation ``a``: Confusion first, then Blood Lust's thirst, the action
    itself, and Blood Lust's feeding at its end."""
    if not may_act(ctx, turn, player, a.action, a.where, a.reroll.confusion):
        return
    hungry = thirsts(ctx, turn, player, a)
    if a.action == "move":
        _move(ctx, turn, player, a, gazes)
    elif a.action == "blitz":
        _blitz(ctx, turn, player, a)
    else:
        _throw(ctx, turn, player, a)
    if hungry:  # at the end of his action, even after a fall (docs/actions.md, Blood Lust)
        feed(ctx, turn, player, a)


def _move(ctx: KickoffContext, turn: Turn, player: Player, a: Activation, gazes: bool) -> None:
    """A Move along ``a.path``, then (classic Blitz!, ``gazes``) a Hypnotic Gaze at its end."""
    standing, _ = move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                             tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
    if standing and not turn.turnover and not _stopped(ctx, player, _final_square(player, a.path)):
        gaze(ctx, turn, ctx.state.players[player.id], a, gazes)


def _stopped(ctx: KickoffContext, player: Player, end: Square) -> bool:
    """Whether ``player``'s move stopped short of ``end`` (held by Tentacles, a Leap declined):
    his action ends there (``ignored`` noted), no block, no throw."""
    if ctx.state.players[player.id].square == end:
        return False
    ctx.note("ignored", where=player.id, why="his move ended before the end of its path")
    return True


def _final_square(player: Player, path: Sequence[Square]) -> Square:
    assert player.square is not None
    return Square(*(path[-1] if path else player.square))


def _blitz(ctx: KickoffContext, turn: Turn, player: Player, a: Activation) -> None:
    """Move along ``a.path``, then block ``a.target`` (the block costs one square of movement:
    a Rush when MA is spent), then move on along ``a.after_block`` if he still stands and the
    turn goes on (its squares checked then: where he ends the block is known only then).

    With no ``target`` the Blitz ends without a block (he chose not to block, or fell before
    he could: in every edition a Blitz is a move during which the player may make one block,
    not one he must make): only the move is played, and the free turn's one Blitz is used all
    the same (docs/rulings.md, "Actions and the free turns"; issue 25)."""
    w = where_of(a.where, player)
    if a.target is None:
        if a.after_block:
            raise DecisionError.at(w, "`after_block` needs a `target`: a Blitz with no target "
                                   "makes no block (give its whole move as `path`)")
        move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                       tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
        return
    target = ctx.player(a.target, f"{a.where}.target")
    check_path(ctx, player, a.path, a.where, leaps=a.leap)
    end = _final_square(player, a.path)
    if target.side == player.side or not target.standing:
        raise DecisionError.at(w, f"target {target.id} is not a Standing opponent")
    # bb2020+: Foul Appearance is rolled as the Blitz is declared; a 1 wastes it, whatever its
    # path would have been (so a wasted Blitz may name a target out of its path's reach)
    declared = ctx.ruleset.actions.foul_appearance_at == "declaration"
    if declared and revolted(ctx, turn, player, target, a.reroll.foul_appearance, a.where):
        ctx.note("ignored", where=a.where, why="Foul Appearance: the Blitz is wasted")
        return
    _check_reach(player, target, a, end, allowance(ctx, player))
    standing, used = move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                       tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
    if not standing or turn.turnover or _stopped(ctx, player, end):
        return
    _blitz_block(ctx, turn, player, target, a, used, declared)


def _check_reach(player: Player, target: Player, a: Activation, end: Square,
                 allowance: int) -> None:
    """``DecisionError`` unless ``target`` is adjacent to ``end`` (the path's last square) and
    the path leaves one square of ``player``'s ``allowance`` (MA plus Rushes) for the block."""
    w = where_of(a.where, player)
    assert target.square is not None
    if distance(end, target.square) != 1:
        raise DecisionError.at(w,
            f"target {target.id} at {square_text(target.square)} is not adjacent to the end "
            f"of the path {square_text(end)}"
        )
    cost = len(a.path) + len(a.leap)  # a Leap costs two squares
    if cost + 1 > allowance:
        raise DecisionError.at(w,
            f"no movement left for the block: a Blitz's block costs one square and the path "
            f"already uses {cost} (MA {player.ma} plus Rushes)"
        )


def _blitz_block(ctx: KickoffContext, turn: Turn, player: Player, target: Player, a: Activation,
                 used: int, declared: bool) -> None:
    """The Blitz's block, once ``player`` has moved along ``a.path`` (``used`` squares): one
    square paid for it (a Rush once MA is spent), Foul Appearance if it is rolled at the block
    (not ``declared``), the block, then the move on along ``a.after_block``."""
    spent = [used]

    def pay_square() -> bool:
        """One square of movement for a block: a Rush once MA is spent; False if none is left
        or the Rush fails (the player Falls Over where he stands)."""
        p = ctx.state.players[player.id]
        if spent[0] + 1 > allowance(ctx, p):
            return False
        spent[0] += 1
        if spent[0] <= p.ma:
            return True
        if rush(ctx, turn, p, a.reroll.rush, a.where):
            return True
        assert p.square is not None
        fall_over(ctx, turn, p, Square(*p.square), "rush before a block", a.reroll)
        return False

    if not pay_square():
        return
    attacker = ctx.state.players[player.id]
    if not declared and revolted(ctx, turn, attacker, ctx.state.players[target.id],
                                 a.reroll.foul_appearance, a.where):
        ctx.note("ignored", where=f"{a.where}.block", why="Foul Appearance: the block is wasted")
        _move_on(ctx, turn, a, spent[0])
        return
    block(ctx, turn, attacker, ctx.state.players[target.id], a.block, a.where, blitz=True,
          before_second_block=pay_square)
    _move_on(ctx, turn, a, spent[0])


def _move_on(ctx: KickoffContext, turn: Turn, a: Activation, spent: int) -> None:
    """After the block (made or wasted), the Blitzing player moves on along ``a.after_block``
    with what is left of his movement (the block paid one square: ``spent`` so far), if he
    still stands and the turn goes on."""
    if not a.after_block:
        return
    attacker = ctx.state.players[a.player]
    if turn.turnover or not attacker.standing:
        ctx.note("ignored", where=f"{a.where}.after_block", why="the Blitz ended with the block")
        return
    move_steps(ctx, turn, attacker, a.after_block, a.reroll, f"{a.where}.after_block",
               used=spent)


def _throw(ctx: KickoffContext, turn: Turn, player: Player, a: Activation) -> None:
    """Move along ``a.path``, then throw (kick) ``a.thrown`` at ``a.to``."""
    w = where_of(a.where, player)
    kick_team_mate = a.action == "kick_team_mate"
    if a.thrown is None or a.to is None:
        raise DecisionError.at(w, f"a {_NAMES[a.action]} needs `thrown` and `to`")
    thrown = ctx.player(a.thrown, f"{a.where}.thrown")
    check_path(ctx, player, a.path, a.where, leaps=a.leap)
    check_throw(ctx, player, thrown, Square(*a.to), a.where, kick_team_mate,
                frm=_final_square(player, a.path))
    standing, _ = move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                       tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
    if not standing or turn.turnover or _stopped(ctx, player, _final_square(player, a.path)):
        return
    throw_team_mate(ctx, turn, ctx.state.players[player.id], ctx.state.players[thrown.id],
                    Square(*a.to), a.where, kick_team_mate=kick_team_mate, reroll=a.reroll)
