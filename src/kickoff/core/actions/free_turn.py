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
from dataclasses import replace
from typing import Any

from kickoff.core.actions.block import block
from kickoff.core.actions.blood_lust import feed, thirsts
from kickoff.core.actions.bomb import bomb_range, bomb_targets, throw_bomb
from kickoff.core.actions.confusion import CONFUSION, may_act
from kickoff.core.actions.foul_appearance import revolted
from kickoff.core.actions.gaze import gaze
from kickoff.core.actions.kick_team_mate import kick_team_mate
from kickoff.core.actions.move import (
    PathOptions,
    allowance,
    approach_problem,
    check_path,
    fall_over,
    move_steps,
    rush,
)
from kickoff.core.actions.policy import policy_activations
from kickoff.core.actions.throw import check_pair, check_throw, throw_team_mate
from kickoff.core.activations import ActivationChoice, FreeTurnAsk
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext, no_player
from kickoff.core.decisions import Activation
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square, distance, other_side
from kickoff.core.problems import Place, Problem
from kickoff.core.rolls import Turn, square_text, where_of
from kickoff.core.ruleset import FreeTurnRules
from kickoff.core.state import Player

_NAMES = {"blitz": "Blitz", "throw_team_mate": "Throw Team-mate", "kick_team_mate": "Kick Team-mate",
          "throw_bomb": "Bombardier's bomb"}


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
    if not activations and policy == "none" and ctx.plain:
        # the scripted coach, nobody acts (the default): nothing to ask, no die
        ctx.note_by("free_turn", _free_turn_line, (event, count))
        return turn
    eligible = _eligible(ctx)
    ctx.note("free_turn", event=event, count=count, eligible=eligible)
    if not activations and policy != "none":
        activations = policy_activations(policy, st, eligible, count, ctx.landing, ctx.touchback)
        ctx.note("free_turn_policy", policy=policy,
                 moves={a.player: [sq.as_list() for sq in a.path] for a in activations})
    _play(ctx, turn, rules, activations, eligible, count, event)
    if turn.turnover:
        ctx.note("free_turn_ends", event=event, why=turn.why_ended)
    return turn


def _eligible(ctx: KickoffContext) -> list[str]:
    """The kicking team's Standing, Open players: who may act in its free turn."""
    st = ctx.state
    return [p.id for p in st.teams[ctx.kicking].players if p.standing and st.is_open(p)]


def _free_turn_line(ctx: KickoffContext, turn: tuple[str, int | None]) -> dict[str, Any]:
    """The log's line of a free turn ``(event, count)``: the event, its count, who may act."""
    event, count = turn
    return {"event": event, "count": count, "eligible": _eligible(ctx)}


def _play(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, activations: Sequence[Activation],
          eligible: list[str], count: int | None, event: str) -> None:
    """Ask the kicking coach for the free turn's activations, one at a time (``activation`` then
    ``path`` decisions, :func:`_next`), and play each, at most ``count`` counting; the scripted
    coach answers ``activations`` in order. Those left after a turnover are ignored (noted). It
    asks at most ``len(activations) + 2 * len(eligible) + 1`` times (each player acts once, a
    move that goes nowhere aside), then the free turn ends."""
    acted = 0
    for i in range(len(activations) + 2 * len(eligible) + 1):
        if turn.turnover:
            for a in activations[i:]:
                ctx.note("ignored", where=a.where, why=f"the free turn has ended ({turn.why_ended})")
            return
        chosen = _next(ctx, turn, rules, activations[i] if i < len(activations) else None,
                       FreeTurnAsk(turn, tuple(eligible), count), acted, f"decisions.{event}[{i}]")
        if chosen is None:
            return
        player, a, counts = chosen
        if counts:
            acted += 1
        if counts or a.path:  # he has acted (a move back to his square acts, uncounted)
            turn.activated.add(player.id)
        turn.activate(player.id, a.where)
        ctx.note("activation", where=a.where, player=player.id, action=a.action)
        _act(ctx, turn, player, a, rules.gaze)


def _next(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, scripted: Activation | None,
          ask: FreeTurnAsk, acted: int, where: str) -> tuple[Player, Activation, bool] | None:
    """The kicking coach's next activation (``None``: nobody else acts): who acts with which
    action (the ``activation`` decision), then along which path (``path``), recorded in
    ``turn.actions_taken``; and whether it counts within the number. ``scripted``: the
    scenario's next activation (the scripted coach's answer; its other parts, the block's
    choices, re-rolls ..., are played when the coach's answer is its own)."""
    if scripted is None and ctx.plain:
        return None  # the scripted coach's default: nobody (else) acts, nothing to ask
    where = where if scripted is None else scripted.where
    hint = None if scripted is None else (scripted.choice(), scripted.path)
    choice = ctx.decide(Decision(
        "activation", ctx.kicking, where, None,
        lambda: _activation_options(ctx, turn, rules, ask, acted),
        lambda c: _activation_problem(ctx, turn, rules, ask, acted, c, where, hint),
        None if scripted is None else scripted.choice(), scripted is not None, ask))
    if choice is None:
        return None
    given = scripted is not None and choice == scripted.choice()
    a = scripted if scripted is not None and given else Activation(
        choice.player, choice.action, target=choice.target, where=where)
    player = ctx.state.players[a.player]
    a = _bomb_at(ctx, a) if a.action == "throw_bomb" else _ask_path(ctx, player, a, given, ask,
                                                                     acted, where)
    if a.action != "move":
        kind = rules.counts_as.get(a.action, a.action)
        turn.actions_taken[kind] = turn.actions_taken.get(kind, 0) + 1
    return player, a, a.action != "move" or (bool(a.path) and a.path[-1] != player.square)


def _bomb_at(ctx: KickoffContext, a: Activation) -> Activation:
    """A bomb (no path: a Bombardier throws without moving, ``check_bomb``) at ``a.to``, or,
    a coach's choice of a ``target``, at that player's square."""
    if a.to is not None or a.target is None:
        return a
    target = ctx.state.players[a.target]
    assert target.square is not None
    return replace(a, to=Square(*target.square))


def _ask_path(ctx: KickoffContext, player: Player, a: Activation, given: bool, ask: FreeTurnAsk,
              acted: int, where: str) -> Activation:
    """``a`` along the kicking coach's answer to its ``path`` decision (``given``: ``a`` is the
    scenario's, its ``path`` the scripted answer)."""
    paths = _paths(ctx, player, a, where)
    default: tuple[Square, ...] = ()
    if a.target is not None:  # the scripted path when it is legal (no search), else the first
        default = a.path if given and a.path in paths else next(iter(paths.listed(1)), ())
    early = a.target is not None and ends_early(ctx, player, ctx.state.players[a.target])

    def refuse(path: tuple[Square, ...]) -> Problem | None:
        if early and path == ():  # its reach is checked as it is played (_check_reach)
            return None
        return paths.problem(path) or _count_problem(player, a.action, path, ask.most, acted,
                                                     where)

    path = ctx.decide(Decision("path", ctx.kicking, f"{where}.path", default, None, refuse,
                               a.path, given, player.id, paths))
    return a if path == a.path else replace(a, path=tuple(Square(*sq) for sq in path))


def _paths(ctx: KickoffContext, player: Player, a: Activation, where: str) -> PathOptions:
    """The options of ``a``'s ``path`` decision: every legal path of ``player``; a Blitz with a
    target those ending next to it with a square of MA plus Rushes left for the block, listed
    and checked alike (:func:`~kickoff.core.actions.move.approach_problem`; its default: the
    first listed, the shortest)."""
    target = None if a.target is None else ctx.state.players.get(a.target)
    if target is None or target.square is None:
        return PathOptions(ctx, player, where, leaps=a.leap)
    return PathOptions(ctx, player, where, leaps=a.leap, toward=Square(*target.square), reserve=1,
                       target=target.id)


def ends_early(ctx: KickoffContext, player: Player, target: Player) -> bool:
    """Whether ``player``'s Blitz on ``target`` may end before its first step, whatever its
    path: a roll as his activation starts (Bone-head, Really Stupid ...:
    :data:`~kickoff.core.actions.confusion.CONFUSION`) or (bb2020+) Foul Appearance rolled at
    the declaration. Its empty path is then accepted at the ``path`` decision (a scenario, a
    FUMBBL game, writes such a wasted Blitz so: its target, no path) and its reach is checked
    as it is played, once the roll has let him go on (docs/rulings.md, "Foul Appearance")."""
    declared = ctx.ruleset.actions.foul_appearance_at == "declaration"
    return (any(skill in player.skills for skill in CONFUSION)
            or (declared and "foul_appearance" in target.skills))


def _activation_options(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, ask: FreeTurnAsk,
                        acted: int) -> list[ActivationChoice | None]:
    """The options of an ``activation`` decision: ``None`` (nobody else acts: the default),
    then for each eligible player yet to act and still Standing, in input order, a Move, and
    while the free turn allows one a Blitz with no block and one on each Standing opponent
    he can reach (a path to a square next to him leaving a square of MA plus Rushes), and
    (classic Blitz!) a Bombardier's bomb at the square of each player in range
    (:func:`~kickoff.core.actions.bomb.bomb_targets`). Only ``None`` once ``count`` players
    have counted.
    A Throw / Kick Team-mate (its thrown player and square) is accepted when scripted, not
    listed."""
    options: list[ActivationChoice | None] = [None]
    if ask.most is not None and acted >= ask.most:
        return options
    st = ctx.state
    blitz = turn.actions_taken.get("blitz", 0) < rules.limits.get("blitz", 0)
    opponents = [q for q in st.teams[other_side(ctx.kicking)].players
                 if q.standing and q.square is not None]
    for pid in ask.eligible:
        p = st.players[pid]
        if pid in turn.activated or not p.standing or p.square is None:
            continue
        options.append(ActivationChoice(pid, "move"))
        if blitz:
            options += _blitz_options(ctx, p, opponents)
        if rules.bombs and "bombardier" in p.skills:
            options += [ActivationChoice(pid, "throw_bomb", q) for q in bomb_targets(ctx, p)]
    return options


def _blitz_options(ctx: KickoffContext, p: Player, opponents: list[Player]
                   ) -> list[ActivationChoice | None]:
    """``p``'s Blitz options: with no block, and on each of ``opponents`` he can reach."""
    assert p.square is not None
    reach = allowance(ctx, p)
    options: list[ActivationChoice | None] = [ActivationChoice(p.id, "blitz")]
    options += [ActivationChoice(p.id, "blitz", q.id) for q in opponents
                if q.square is not None and distance(p.square, q.square) <= reach
                and PathOptions(ctx, p, "", toward=Square(*q.square), reserve=1).listed(1)]
    return options


def _activation_problem(ctx: KickoffContext, turn: Turn, rules: FreeTurnRules, ask: FreeTurnAsk,
                        acted: int, choice: object, where: str,
                        hint: tuple[object, tuple[Square, ...]] | None = None) -> Problem | None:
    """Why the kicking coach may not play ``choice`` (an :class:`ActivationChoice`) now, having
    had ``acted`` players count so far (``None``: he may), at ``where`` (the player and his
    square as values): a player of the kicking team, eligible, yet to act and Standing; no Kick
    action; a counting action within the number; one Blitz (Throw / Kick Team-mate) as the
    free turn allows; a Blitz's target a Standing opponent he can reach (``hint``: the scripted
    choice and its path, which, when it reaches him, spares the search for one)."""
    if not isinstance(choice, ActivationChoice):
        return Problem(f"{choice!r} is not an activation", where, code="illegal_choice")
    st = ctx.state
    player = st.players.get(choice.player)
    if player is None:
        return no_player(choice.player, where)
    w = where_of(where, player)
    why = _admission(ctx, turn, player, ask) or _allowed(turn, rules, choice.action, ask.most,
                                                          acted, player)
    if why is not None:
        return w.problem(why)
    if choice.target is None:
        return None
    target = st.players.get(choice.target)
    if target is None:
        return no_player(choice.target, f"{where}.target")
    if choice.action == "throw_bomb":  # a bomb at his square (the coach's, not scripted)
        assert player.square is not None
        in_range = target.square is not None and bomb_range(ctx, player.square, target.square)
        return None if in_range else w.problem(f"target {target.id} is not in range of a bomb")
    if target.side == player.side or not target.standing:
        return w.problem(f"target {target.id} is not a Standing opponent")
    path = hint[1] if hint is not None and hint[0] == choice else None
    return _reach_problem(ctx, player, target, w, path)


def _reach_problem(ctx: KickoffContext, player: Player, target: Player, w: Place,
                   path: tuple[Square, ...] | None) -> Problem | None:
    """A Blitz on ``target`` that no path of ``player`` reaches (no square next to him with a
    square of MA plus Rushes left for the block), unless it may end before its first step
    (:func:`ends_early`): refused as it is declared, so that its ``path`` decision has a
    legal default. ``path``: one to try first (the scripted one)."""
    assert target.square is not None and player.square is not None
    toward = Square(*target.square)
    approaches = PathOptions(ctx, player, w.path, toward=toward, reserve=1, target=target.id)
    if ends_early(ctx, player, target) or (path is not None and path in approaches) or (
            distance(player.square, toward) <= allowance(ctx, player)
            and approaches.listed(1)):
        return None
    return w.problem(f"target {target.id} at {square_text(toward)} is out of reach: no path "
                     f"to a square next to him leaves a square of MA {player.ma} plus Rushes "
                     "for the block")


def _admission(ctx: KickoffContext, turn: Turn, player: Player, ask: FreeTurnAsk) -> str | None:
    """Why ``player`` may not act now in this free turn (``None``: he may)."""
    if player.side != ctx.kicking:
        return f"{player.id} is not a player of the kicking team"
    if player.id in turn.activated:
        return f"{player.id} has already acted in this free turn"
    if player.id not in ask.eligible:
        return (f"{player.id} may not act: only players Standing and not in an opposing "
                f"tackle zone when the event was resolved may (eligible: "
                f"{', '.join(ask.eligible) or 'none'})")
    if not player.standing:
        return f"{player.id} is no longer Standing"
    return None


def _allowed(turn: Turn, rules: FreeTurnRules, action: str, count: int | None,
             acted: int, player: Player) -> str | None:
    """Why ``action`` may not be taken now by ``player`` (``None``: it may): no Kick action;
    rulings.md 8, a Blitz and a Throw Team-mate count within the number, one of each as the
    free turn allows; a Bombardier's bomb where ``rules.bombs`` (classic Blitz!), one per
    Bombardier, not the turn's Pass action (no limit)."""
    if action == "kick":
        return "the Kick It! Kick action is not an action of the free turn"
    if action == "move":
        return None
    if action == "throw_bomb":
        if not rules.bombs:
            return "a Bombardier's bomb is not allowed in this free turn (classic Blitz! only)"
        return None if "bombardier" in player.skills else f"{player.id} has no Bombardier skill"
    if action not in _NAMES:
        return f"{action!r} is not an action of the free turn"
    if count is not None and acted >= count:
        return f"at most {count} players may act in this free turn"
    kind = rules.counts_as.get(action, action)
    allowed = rules.limits.get(kind, 0)
    if turn.actions_taken.get(kind, 0) >= allowed:
        name = _NAMES[kind]
        return (f"only one {name} is allowed in this free turn" if allowed
                else f"a {name} is not allowed in this free turn")
    return None


def _count_problem(player: Player, action: str, path: Sequence[Square], count: int | None,
                   acted: int, where: str) -> Problem | None:
    """rulings.md 6: a Move counts when its final square differs from the starting one; one
    that counts past ``count`` is refused."""
    counts = action == "move" and bool(path) and path[-1] != player.square
    if counts and count is not None and acted >= count:
        return where_of(where, player).problem(f"at most {count} players may act in this free turn")
    return None


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
    elif a.action == "throw_bomb":
        throw_bomb(ctx, turn, player, a)
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
    target = ctx.player(a.target, f"{a.where}.target")  # a Standing opponent: the decision's
    check_path(ctx, player, a.path, a.where, leaps=a.leap)
    end = _final_square(player, a.path)
    # bb2020+: Foul Appearance is rolled as the Blitz is declared; a 1 wastes it, whatever its
    # path would have been (so a wasted Blitz may name a target out of its path's reach)
    declared = ctx.ruleset.actions.foul_appearance_at == "declaration"
    if declared and revolted(ctx, turn, player, target, a.reroll.foul_appearance, a.where):
        ctx.note("ignored", where=a.where, why="Foul Appearance: the Blitz is wasted")
        return
    _check_reach(ctx, player, target, a, end)
    standing, used = move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                       tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
    if not standing or turn.turnover or _stopped(ctx, player, end):
        return
    _blitz_block(ctx, turn, player, target, a, used, declared)


def _check_reach(ctx: KickoffContext, player: Player, target: Player, a: Activation,
                 end: Square) -> None:
    """``DecisionError`` unless ``target`` is adjacent to ``end`` (the path's last square) and
    the path leaves one square of ``player``'s allowance (MA plus Rushes) for the block: the
    ``path`` decision's own check (:func:`~kickoff.core.actions.move.approach_problem`), made
    again as the Blitz is played for the one path that decision lets through unchecked, the
    empty path of a Blitz that may end before its first step (:func:`ends_early`)."""
    assert target.square is not None
    cost = len(a.path) + len(a.leap)  # a Leap costs two squares
    problem = approach_problem(ctx, player, a.where, (target.id, Square(*target.square)), end,
                               cost)
    if problem is not None:
        raise DecisionError(problem)


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
    if kick_team_mate and ctx.ruleset.actions.throw.straight_kick:
        _kick(ctx, turn, player, a)
        return
    if a.thrown is None or a.to is None:
        raise DecisionError.at(w, f"a {_NAMES[a.action]} needs `thrown` and `to`")
    if a.kick_dice is not None:
        raise DecisionError.at(w, "`kick_dice` is classic's Kick Team-Mate (a straight kick); "
                               f"this edition's {_NAMES[a.action]} names `to`")
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


def _kick(ctx: KickoffContext, turn: Turn, player: Player, a: Activation) -> None:
    """Classic Kick Team-mate: move along ``a.path``, then kick ``a.thrown`` with ``a.kick_dice``
    D6 (``kickoff.core.actions.kick_team_mate``)."""
    w = where_of(a.where, player)
    if a.thrown is None or a.to is not None:
        raise DecisionError.at(w, "a classic Kick Team-mate needs `thrown` and no `to` (he flies "
                               "in a straight line away from the kicker: `kick_dice` 1 or 2)")
    thrown = ctx.player(a.thrown, f"{a.where}.thrown")
    check_path(ctx, player, a.path, a.where, leaps=a.leap)
    check_pair(ctx, player, thrown, a.where, True, frm=_final_square(player, a.path))
    standing, _ = move_steps(ctx, turn, player, a.path, a.reroll, a.where, leaps=a.leap,
                             tentacles=dict(a.tentacles), shadowing=dict(a.shadowing))
    if not standing or turn.turnover or _stopped(ctx, player, _final_square(player, a.path)):
        return
    kick_team_mate(ctx, turn, ctx.state.players[player.id], ctx.state.players[thrown.id],
                   a.kick_dice or 1, (a.reroll.landing, a.where))
