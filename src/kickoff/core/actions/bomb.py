"""Bombardier's bomb in classic Blitz! (``FreeTurnRules.bombs``; docs/rulings.md, "The
Bombardier's bomb"; docs/actions.md).

Source: LRB6 / CRP Bombardier ("A coach may choose to have a Bombardier who is not Prone or
Stunned throw a bomb instead of taking any other Action ... thrown using the rules for throwing
the ball ..., except that the player may not move or stand up before throwing it"), as FUMBBL's
bb2016 code implements it (``StepInitBomb``, ``StepSpecialEffect``, ``PassMechanic``).

- Who: an eligible kicking player with Bombardier, Standing; no move first (an activation with a
  ``path`` is refused). It is not the turn's Pass action (LRB6: "This does not use the team's
  Pass Action for the turn"): any number of Bombardiers may throw, one bomb each.
- Where: ``to``, a square of the pitch other than his own in Quick, Short, Long or Long Bomb
  range (the range ruler as FUMBBL's bb2016 ``PassMechanic`` tabulates it; in a Blizzard Quick
  or Short only). A Hail Mary bomb (``a.hail_mary``, Hail Mary Pass; not in a Blizzard): any
  square but his own, never intercepted; a D6 of 1 fumbles, anything else scatters three times.
- The throw: a pass roll on the Agility table, Quick +1 / Short 0 / Long -1 / Long Bomb -2,
  -1 per opposing tackle zone on him (not with Nerves of Steel), -1 per opposing Disturbing
  Presence within three squares, -1 if Very Sunny, -1 for Stunty (LRB6 "must subtract 1 from the
  roll when they pass"; FUMBBL's bb2016 ``Stunty``), +1 with Accurate, +1 with Strong Arm beyond
  Quick. A natural 6 is accurate, a natural 1 or a result of 1 or less a fumble (no Safe
  Throw-like save: FUMBBL's ``dontDropFumbles`` is not for bombs), below the target
  inaccurate. A throw that is not accurate may be re-rolled (``reroll.throw``: the Pass skill,
  else Pro, or a team re-roll).
- Flight: accurate, the bomb comes down on ``to``; inaccurate, it scatters three times (D8,
  one square each) from ``to``; off the pitch it explodes in the crowd with no effect. A fumble
  explodes in the thrower's square.
- Interception: before the pass roll the opposing coach may have a player under the range
  ruler try to intercept it (``kickoff.core.actions.bomb_interception``); a failed attempt lets
  it fly on, a successful one is thrown again (below).
- Catching: the player where the bomb comes down may try to catch it (his coach's choice,
  default declined: ``bomb_interception.catch_bomb``); a failed catch lets it explode there, a
  caught bomb is thrown again (below).
- Thrown again (LRB6: "the player catching it must throw it again immediately"; FUMBBL's
  bb2016 ``StepEndBomb``): whoever caught or intercepted it throws it at once at the square his
  coach names (:func:`rethrow_decision`, scripted by ``a.rethrows[k]``), no Bombardier needed,
  no move: the same interception, pass roll (its re-roll: a team re-roll only for a player of
  the team taking the turn), flight, catch and explosion, until a throw is neither caught nor
  intercepted. A kicking player hit is a turnover whoever threw it.
- The explosion: the player in the square is Knocked Down; each player adjacent to it is on a
  D6 of 4+, rolled in FUMBBL's order (rows of the pitch from y-1 to y+1, each from x-1 to
  x+1). "Even if they are already Prone or Stunned": Standing goes Prone, then armour and
  injury as for any Knock Down; the ball a hit player held bounces. A kicking player Knocked
  Down is a turnover (FUMBBL's ``StepSpecialEffect``: a player of the acting team hit ends the
  turn), which ends classic Blitz!.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from kickoff.core import ball
from kickoff.core.actions.bomb_interception import catch_bomb, intercept
from kickoff.core.actions.injury import armour_and_injury
from kickoff.core.actions.throw import throw_result
from kickoff.core.activations import BombRethrow
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import RANDOM_DIRECTION, Square
from kickoff.core.problems import Place, Problem
from kickoff.core.rolls import Turn, square_text, take_reroll, where_of
from kickoff.core.ruleset import ThrowResult
from kickoff.core.state import Player, tackle_zones

if TYPE_CHECKING:
    from kickoff.core.activations import Activation
    from kickoff.core.decisions import RerollChoices

# The range ruler of a pass by |dy| (rows) and |dx| (columns), as FUMBBL's bb2016
# ``PassMechanic.throwingRangeTable``: Quick, Short, Long, long Bomb; blank beyond.
_RANGE_ROWS = (
    "-QQQSSSLLLLBBB",
    "QQQQSSSLLLLBBB",
    "QQQSSSSLLLLBB",
    "QQSSSSSLLLBBB",
    "SSSSSSLLLLBBB",
    "SSSSSLLLLBBB",
    "SSSSLLLLLBBB",
    "LLLLLLLLBBB",
    "LLLLLLLBBBB",
    "LLLLLBBBBB",
    "LLLBBBBBB",
    "BBBBBBB",
    "BBBBB",
    "BB",
)
_RANGES = {"Q": "quick", "S": "short", "L": "long", "B": "long_bomb"}

#: LRB6 pass modifiers by range (the Agility table's roll).
PASS_MODIFIER = {"quick": 1, "short": 0, "long": -1, "long_bomb": -2}

#: The range of a Hail Mary bomb (no range ruler).
HAIL_MARY = "hail_mary"

#: The D6 roll an adjacent player is Knocked Down on (LRB6 "on a roll of 4+").
ADJACENT_HIT = 4


def pass_range(frm: tuple[int, int], to: tuple[int, int]) -> str | None:
    """``"quick"``, ``"short"``, ``"long"``, ``"long_bomb"``, or ``None`` (his own square, or
    beyond the ruler)."""
    dx, dy = abs(to[0] - frm[0]), abs(to[1] - frm[1])
    if dy >= len(_RANGE_ROWS) or dx >= len(_RANGE_ROWS[dy]):
        return None
    return _RANGES.get(_RANGE_ROWS[dy][dx])


def bomb_range(ctx: KickoffContext, frm: tuple[int, int], to: tuple[int, int]) -> str | None:
    """The range of a bomb from ``frm`` to ``to`` (:func:`pass_range`; in a Blizzard Quick or
    Short only), ``None`` when it may not go there."""
    rng = pass_range(frm, to)
    if rng in ("long", "long_bomb") and ctx.state.weather == "blizzard":
        return None
    return rng


def bomb_targets(ctx: KickoffContext, thrower: Player) -> list[str]:
    """The players on the pitch (either team, any status) whose square ``thrower`` may bomb, in
    input order: the targets a coach is offered (the free turn's ``activation`` options)."""
    assert thrower.square is not None
    return [q.id for q in ctx.state.players.values()
            if q.square is not None and bomb_range(ctx, thrower.square, q.square) is not None]


def check_bomb(ctx: KickoffContext, thrower: Player, a: Activation) -> tuple[Square, str]:
    """The target square and range of ``a``, a legal bomb of ``thrower``; ``DecisionError``
    naming ``a.where`` otherwise (no Bombardier, not Standing, a move first, no ``to``, a target
    off the pitch or out of range)."""
    w = where_of(a.where, thrower)
    if "bombardier" not in thrower.skills:
        raise DecisionError.at(w, f"{thrower.id} has no Bombardier skill")
    if not thrower.standing:
        raise DecisionError.at(w, f"{thrower.id} is not Standing")
    if a.path or a.leap:
        raise DecisionError.at(w, "a Bombardier may not move before throwing the bomb "
                               "(LRB6: it has no `path`)")
    if a.to is None:
        raise DecisionError.at(w, "a bomb needs `to`, its target square")
    to = Square(*a.to)
    if not ctx.state.pitch.on_pitch(to):
        raise DecisionError.at(w, f"the target {square_text(to)} is off the pitch")
    assert thrower.square is not None
    if a.hail_mary:
        return to, _hail_mary_range(ctx, thrower, to, w)
    rng = bomb_range(ctx, thrower.square, to)
    if rng is None:
        raise DecisionError.at(w, f"the target {square_text(to)} is not in range of {thrower.id} "
                               f"at {square_text(thrower.square)}")
    return to, rng


def _hail_mary_range(ctx: KickoffContext, thrower: Player, to: Square, w: Place) -> str:
    """``"hail_mary"`` for a legal Hail Mary bomb of ``thrower`` at ``to`` (LRB6 Hail Mary Pass:
    "any square on the playing pitch, no matter what the range"; "may not be used in a
    blizzard"); ``DecisionError`` at ``w`` otherwise."""
    if "hail_mary_pass" not in thrower.skills:
        raise DecisionError.at(w, f"{thrower.id} has no Hail Mary Pass skill")
    if ctx.state.weather == "blizzard":
        raise DecisionError.at(w, "Hail Mary Pass may not be used in a Blizzard")
    if thrower.square is not None and to == Square(*thrower.square):
        raise DecisionError.at(w, f"the target {square_text(to)} is {thrower.id}'s own square")
    return HAIL_MARY


def throw_bomb(ctx: KickoffContext, turn: Turn, thrower: Player, a: Activation) -> None:
    """``thrower`` throws a bomb at ``a.to`` (module docstring), and whoever catches or
    intercepts it throws it again at once, as ``a.rethrows`` say; ``DecisionError`` for an
    illegal one (:func:`check_bomb`, :func:`rethrow_decision`). Ends ``turn`` when a kicking
    player is Knocked Down."""
    to, rng = check_bomb(ctx, thrower, a)
    leg = BombRethrow(to, a.interceptor, a.catcher, a.reroll.throw)
    where = a.where
    for k in itertools.count():
        holder = _throw(ctx, turn, thrower, rng, leg, where)
        if holder is None:
            return
        where = f"{a.where}.rethrows[{k}]"
        leg = a.rethrows[k] if k < len(a.rethrows) else BombRethrow()
        thrower = holder
        to = ctx.decide(rethrow_decision(ctx, thrower, leg.to, f"{where}.to"))
        assert thrower.square is not None
        rng = bomb_range(ctx, thrower.square, to) or "quick"
        leg = BombRethrow(to, leg.interceptor, leg.catcher, leg.reroll)


def _throw(ctx: KickoffContext, turn: Turn, thrower: Player, rng: str, leg: BombRethrow,
           where: str) -> Player | None:
    """One throw of the bomb at ``leg.to`` (its interception, pass roll, flight, catch and
    explosion): the player who caught or intercepted it, who must throw it again, else
    ``None``. A team re-roll may re-roll it only for a player of the team taking the turn."""
    assert thrower.square is not None and leg.to is not None
    to = leg.to
    own_turn = turn if thrower.side == turn.active else None
    if rng == HAIL_MARY:  # never intercepted, never accurate (LRB6 Hail Mary Pass)
        result = _hail_mary_roll(ctx, own_turn, thrower, leg.reroll, where)
    else:
        holder = intercept(ctx, thrower, to, leg.interceptor, f"{where}.interceptor")
        if holder is not None:
            ctx.note("bomb_intercepted", player=holder.id)
            return holder
        mod = PASS_MODIFIER[rng] + _modifiers(ctx, thrower, rng)
        target = ctx.ruleset.agility_target(thrower.ag)
        result = throw_result(ctx, own_turn, thrower, target, mod, "bomb", "fumble", leg.reroll,
                              where)
    ctx.note("throw_bomb", thrower=thrower.id, to=to.as_list(), range=rng,
             result={"superb": "accurate", "subpar": "inaccurate"}.get(result, result))
    if result == "fumble":
        explode(ctx, turn, Square(*thrower.square))
        return None
    landing = to if result == "superb" else _scatter(ctx, to)
    if landing is None:
        ctx.note("bomb_in_crowd", thrower=thrower.id)
        return None
    holder = catch_bomb(ctx, landing, result == "superb", leg.catcher, f"{where}.catcher")
    if holder is not None:
        ctx.note("bomb_caught", player=holder.id)
        return holder
    explode(ctx, turn, landing)
    return None


def _hail_mary_roll(ctx: KickoffContext, turn: Turn | None, thrower: Player,
                    choice: RerollChoices, where: str) -> ThrowResult:
    """A Hail Mary bomb's D6 (LRB6 Hail Mary Pass: "On a roll of 1 the player fumbles", else it
    scatters three squares; FUMBBL's bb2016 ``StepHailMaryPass``): ``"fumble"`` or
    ``"subpar"``; a fumble may be re-rolled (``reroll.throw``: the Pass skill, else Pro, or a
    team re-roll of the team taking the turn)."""
    roll = ctx.roll("d6", f"Hail Mary bomb by {thrower.id} (2+)")
    if roll == 1:
        again = take_reroll(ctx, turn, thrower, "throw", ctx.ruleset.actions.throw.skill_reroll,
                            choice, where)
        if again is not None:
            roll = ctx.roll("d6", again)
    return "fumble" if roll == 1 else "subpar"


def rethrow_decision(ctx: KickoffContext, holder: Player, scripted: Square | None,
                     where: str) -> Decision:
    """The ``bomb_rethrow`` decision of ``holder``'s coach, who caught or intercepted the bomb:
    the square he throws it at, any square of the pitch in his range (:func:`bomb_range`; rows
    then columns). Default: the square of the first player of the other team in range (input
    order), else the first square listed; scripted by ``scripted`` (at ``where``)."""
    st = ctx.state
    assert holder.square is not None
    frm = holder.square

    def options() -> list[Square]:
        return [sq for sq in (Square(x, y) for y in range(st.pitch.height)
                              for x in range(st.pitch.width))
                if bomb_range(ctx, frm, sq) is not None]

    def refuse(sq: object) -> Problem | None:
        if isinstance(sq, Square) and st.pitch.on_pitch(sq) and bomb_range(ctx, frm, sq):
            return None
        return Problem(f"{sq!r} is no square {holder.id} at {square_text(frm)} may throw the "
                       "bomb at: a square of the pitch in his range", where, (holder.id,),
                       code="illegal_choice")

    default = next((Square(*q.square) for q in st.players.values()
                    if q.side != holder.side and q.square is not None
                    and bomb_range(ctx, frm, q.square) is not None), None)
    if default is None:
        listed = options()
        default = listed[0] if listed else Square(*frm)
    return Decision("bomb_rethrow", holder.side, where, default, options, refuse, scripted,
                    scripted is not None, holder.id)


def _modifiers(ctx: KickoffContext, thrower: Player, rng: str) -> int:
    """The pass roll's modifiers besides the range (module docstring, "The throw")."""
    st = ctx.state
    assert thrower.square is not None
    mod = -ball.disturbing_presences(st, thrower)
    if "nerves_of_steel" not in thrower.skills:
        mod -= len(tackle_zones(st, thrower.square, thrower.side))
    if "accurate" in thrower.skills:
        mod += 1
    if "stunty" in thrower.skills:  # LRB6 Stunty: "must subtract 1 from the roll when they pass"
        mod -= 1
    if "strong_arm" in thrower.skills and rng != "quick":
        mod += 1
    if st.weather == "very_sunny":
        mod -= 1
    return mod


def _scatter(ctx: KickoffContext, start: Square) -> Square | None:
    """An inaccurate bomb: three one-square scatters (D8) from ``start``; ``None`` once it
    leaves the pitch (the crowd)."""
    sq = start
    for _ in range(3):
        dx, dy = RANDOM_DIRECTION[ctx.roll("d8", "bomb scatter")]
        sq = Square(sq.x + dx, sq.y + dy)
        if not ctx.state.pitch.on_pitch(sq):
            return None
    return sq


def explode(ctx: KickoffContext, turn: Turn, at: Square) -> None:
    """The bomb explodes on ``at`` (module docstring, "The explosion")."""
    st = ctx.state
    ctx.note("bomb_explodes", square=at.as_list())
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            sq = Square(at.x + dx, at.y + dy)
            victim = st.board.get(sq)
            if victim is None:
                continue
            if sq != at and ctx.roll("d6", f"bomb: {victim.id} hit on {ADJACENT_HIT}+") < ADJACENT_HIT:
                ctx.note("bomb_missed", player=victim.id)
                continue
            _knocked_down(ctx, turn, st.players[victim.id], sq)


def _knocked_down(ctx: KickoffContext, turn: Turn, hit: Player, sq: Square) -> None:
    """``hit`` (on ``sq``) is Knocked Down by the bomb: Prone if Standing, armour and injury,
    the ball he held bouncing; a turnover if he is of the acting team."""
    st = ctx.state
    ctx.note("bomb_hit", player=hit.id, square=sq.as_list())
    hit = st.own(hit)
    if hit.status == "standing":
        hit = st.set_status(hit, "prone")
    carrying = st.carrier == hit.id
    if carrying:
        st.carrier = None
    armour_and_injury(ctx, hit)
    if hit.side == turn.active:
        turn.fell(own=True, turnover=True)
    if carrying:
        ball.bounce(ctx, sq, False, turn)
