"""The ball on its way: catches, bounces, throw-ins and the touchback.

Sources: seed 003 ("Bouncing Balls", "Throw-ins"), ``rulings.md`` sections 2.5-2.6, 3 and 4,
``pitch-and-dice.md`` (templates). During a kick-off a ball that leaves the pitch or enters the
kicking area is a touchback at once; where no touchback is possible (after a touchback given to a
Prone or Stunned player) a ball leaving the pitch is thrown in.
"""

from __future__ import annotations

from kickoff.core.context import KickoffContext
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import (
    CORNER_D3,
    RANDOM_DIRECTION,
    Edge,
    Square,
    throw_in_direction,
)
from kickoff.core.ruleset import CatchKind
from kickoff.core.state import Player


def catch_roll_target(ctx: KickoffContext, player: Player, kind: CatchKind) -> tuple[int, int]:
    """``(target, modifier)`` of a catch: the D6 plus ``modifier`` must reach ``target``.

    Modifiers (rulings.md 3): the situation's modifier, -1 per opposing Standing adjacent player
    (not with Nerves of Steel), -1 in Pouring Rain.
    """
    rs = ctx.ruleset
    mod = rs.catch_modifier[kind]
    if "nerves_of_steel" not in player.skills:
        mod -= ctx.state.adjacent_opponents(player)
    if ctx.state.weather == "pouring_rain":
        mod -= 1
    return rs.agility_target(player.ag), mod


def roll_succeeds(roll: int, target: int, modifier: int) -> bool:
    """A test of a player: a natural 1 fails, a natural 6 succeeds, else roll + mod >= target."""
    if roll == 1:
        return False
    return roll == 6 or roll + modifier >= target


def catch(ctx: KickoffContext, player: Player, kind: CatchKind) -> bool:
    """``player`` tries to catch; Catch (or classic Pro, 4+ first) re-rolls a failure once."""
    target, mod = catch_roll_target(ctx, player, kind)
    roll = ctx.roll("d6", f"catch by {player.id} ({target}+, modifier {mod:+d})")
    ok = roll_succeeds(roll, target, mod)
    if not ok:
        if "catch" in player.skills:
            ok = roll_succeeds(ctx.roll("d6", f"Catch re-roll by {player.id}"), target, mod)
        elif (
            ctx.ruleset.pro_rerolls_catch
            and "pro" in player.skills
            and ctx.roll("d6", f"Pro by {player.id} (4+)") >= 4
        ):
            ok = roll_succeeds(ctx.roll("d6", f"Pro re-roll by {player.id}"), target, mod)
    ctx.note("catch", player=player.id, success=ok)
    if ok:
        ctx.state.ball = player.square
        ctx.state.carrier = player.id
        ctx.ball_resting = True
    return ok


def land(ctx: KickoffContext, sq: Square, kind: CatchKind, touchback_possible: bool) -> None:
    """The ball comes down on ``sq`` (on the pitch): a player who can catch must try, else bounce."""
    ctx.state.ball = sq
    ctx.state.carrier = None
    player = ctx.state.board.get(sq)
    if player is not None and player.can_catch() and catch(ctx, player, kind):
        return
    bounce(ctx, sq, touchback_possible)


def bounce(ctx: KickoffContext, start: Square, touchback_possible: bool) -> None:
    """Bounce from ``start`` one square at a time (D8) until the ball rests, is caught, or
    (``touchback_possible``) leaves the pitch or enters the kicking area: then a touchback."""
    sq = start
    while True:
        dx, dy = RANDOM_DIRECTION[ctx.roll("d8", "bounce direction")]
        nxt = Square(sq.x + dx, sq.y + dy)
        ctx.note("bounce", to=nxt.as_list())
        if touchback_possible and ctx.out_of_play(nxt):
            ctx.touchback = True
            ctx.landing = nxt
            return
        if not ctx.state.pitch.on_pitch(nxt):
            throw_in(ctx, sq, nxt)
            return
        ctx.state.ball = nxt
        player = ctx.state.board.get(nxt)
        if player is None:
            ctx.ball_resting = True
            return
        if player.can_catch() and catch(ctx, player, "bounce"):
            return
        sq = nxt


def _throw_in_direction(ctx: KickoffContext, last: Square, off: tuple[int, int]) -> tuple[int, int]:
    pitch = ctx.state.pitch
    rs = ctx.ruleset
    if ctx.decisions.throw_in_die == "d8":
        # classic option: the Random Direction template, re-rolled while its first step leaves.
        while True:
            d = RANDOM_DIRECTION[ctx.roll("d8", "throw-in direction (d8)")]
            if pitch.on_pitch((last.x + d[0], last.y + d[1])):
                return d
    corner = pitch.corner(last)
    if corner is not None and rs.corner_rule:
        return CORNER_D3[corner][ctx.roll("d3", "throw-in direction from a corner") - 1]
    edge: Edge
    if corner is not None:
        # classic ruling: a corner square is treated as the end line.
        edge = "home_end" if last.x == 0 else "away_end"
    else:
        edge = pitch.edge_crossed(last, off)
    return throw_in_direction(edge, ctx.roll("d6", f"throw-in direction ({edge})"))


def throw_in(ctx: KickoffContext, last: Square, off: tuple[int, int]) -> None:
    """Throw the ball in from ``last`` (its last square on the pitch); ``off`` is where it went.

    Direction first (D6 template, D3 at a corner where the ruleset has the corner rule), then
    2D6 distance (bb2025: the start square counts as the first). Out again: a new throw-in from
    the last square on the pitch. It lands like a bounce (throw-in catch modifiers).
    """
    pitch = ctx.state.pitch
    while True:
        dx, dy = _throw_in_direction(ctx, last, off)
        dist = ctx.roll("d6", "throw-in distance") + ctx.roll("d6", "throw-in distance")
        dist += ctx.ruleset.throw_in_offset
        ctx.note("throw_in", start=last.as_list(), direction=[dx, dy], distance=dist)
        sq = last
        out: Square | None = None
        for _ in range(dist):
            nxt = Square(sq.x + dx, sq.y + dy)
            if not pitch.on_pitch(nxt):
                out = nxt
                break
            sq = nxt
        if out is not None:
            last, off = sq, out
            continue
        ctx.state.ball = sq
        ctx.state.carrier = None
        player = ctx.state.board.get(sq)
        if player is not None and player.can_catch() and catch(ctx, player, "throw_in"):
            return
        bounce(ctx, sq, touchback_possible=False)
        return


def award_touchback(ctx: KickoffContext) -> None:
    """Resolve a touchback (rulings.md 2.6) with the ``touchback`` decision or its default."""
    st = ctx.state
    rs = ctx.ruleset
    receiving = st.teams[ctx.receiving]
    recipients = [p for p in receiving.players if p.can_catch()]
    downed = [p for p in receiving.players if p.square is not None and p.status != "standing"]
    choice = ctx.decisions.touchback

    def place(sq: Square | None, why: str) -> None:
        st.ball, st.carrier = sq, None
        ctx.ball_resting = True
        ctx.note("touchback", to=None if sq is None else sq.as_list(), why=why)

    def named_square(choice: Square) -> Square:
        if not st.pitch.in_receiving_area(ctx.receiving, choice) or choice in st.board:
            raise DecisionError(
                f"decisions.touchback: square {list(choice)} is not an empty square of the receiving area"
            )
        return choice

    if recipients:
        player = _named_player(ctx, choice, recipients, "is not an eligible recipient")
        st.ball, st.carrier = player.square, player.id
        ctx.ball_resting = True
        ctx.note("touchback", to=player.id)
        return
    if rs.touchback_without_recipient == "square" or not downed:
        pitch = st.pitch
        nearest = pitch.nearest_empty(
            pitch.setup_zone_squares(ctx.receiving), pitch.centre[ctx.receiving], set(st.board)
        )
        if isinstance(choice, Square) and rs.touchback_without_recipient == "square":
            place(named_square(choice), "square named by the receiving coach")
        elif choice is None or (isinstance(choice, Square) and choice == nearest):
            place(nearest, "no eligible recipient: nearest empty square to the centre")
        else:
            raise DecisionError(
                f"decisions.touchback: {_describe(choice)} cannot be given the ball: no receiving player "
                "can hold it; the ball goes to the empty square nearest the centre of the "
                "receiving set-up zone"
            )
        return
    # classic / bb2020 / sevens with only Prone or Stunned receivers: bounce from one of them.
    player = _named_player(
        ctx, choice, downed,
        "cannot be named; no receiving player can hold the ball, name a Prone or Stunned "
        "receiving player",
    )
    assert player.square is not None
    ctx.note("touchback", to=player.id, why="no eligible recipient: bounce from a downed player")
    st.ball, st.carrier = player.square, None
    bounce(ctx, player.square, touchback_possible=False)


def _named_player(
    ctx: KickoffContext, choice: str | Square | None, among: list[Player], refusal: str
) -> Player:
    """The player named by the ``touchback`` decision among ``among`` (default: the first)."""
    if choice is None:
        return among[0]
    if isinstance(choice, str) and ctx.player(choice, "decisions.touchback") in among:
        return ctx.state.players[choice]
    raise DecisionError(
        f"decisions.touchback: {_describe(choice)} {refusal}; eligible: " + ", ".join(p.id for p in among)
    )


def _describe(choice: str | Square | None) -> str:
    return f"square {list(choice)}" if isinstance(choice, Square) else f"player {choice!r}"
