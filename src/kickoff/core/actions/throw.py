"""Throw Team-mate and (bb2025) Kick Team-mate, at the level the free turns need.

Sources (``docs/actions.md``): classic, LRB6 / CRP Throw Team-Mate and Right Stuff; bb2020 and
bb2025, the rulebooks as FUMBBL implements them; bb2025 Kick Team-mate: "works exactly the same
as a Throw Team-mate action", a fumble removes the kicked player with an injury roll (Stunned
counts as Knocked Out).

- Who: a Standing thrower with Throw Team-mate (Kick Team-mate) throws (kicks) a Standing
  team-mate with Right Stuff adjacent to him, at a square of the pitch in Quick or Short range
  (the range ruler's table, as FUMBBL's).
- Always Hungry (every edition; classic LRB6, bb2020 / bb2025 the same wording; FUMBBL's
  ``StepAlwaysHungry``): after moving, before the throw, a D6: 2+ he throws. On a 1 he tries to
  eat the team-mate, who rolls a D6 to escape: 2+ "squirms free" and the throw is a fumble (no
  throw roll); a 1 and he is eaten: a Casualty, no apothecary nor Regeneration ("without
  opportunity for recovery"), the ball he held scatters from his square (a turnover). Each roll
  may be re-rolled: Always Hungry by Pro or a team re-roll (``reroll.always_hungry``), the escape
  by a team re-roll (``reroll.escape``; FUMBBL asks the thrown player's re-roll).
- The throw: one test of the thrower (classic: Agility table; bb2020+: PA), Quick 0 / Short -1,
  -1 per opposing tackle zone on the thrower (not with Nerves of Steel), -1 if Very Sunny, +1
  with Strong Arm (classic at Short range only, LRB6 "Short, Long or Long Bomb"; bb2020 /
  bb2025 any throw; never a Kick Team-mate). A throw that is not superb may be re-rolled
  (``reroll.throw``): the Pass skill (classic only: ``ThrowRules.skill_reroll``), else Pro, or
  a team re-roll where the turn allows one. A natural 1 is a fumble; a success is a superb
  throw; a failure a subpar one, or with a result of 1 or less the edition's ``low_result``
  (classic fumble, bb2020 terrible, bb2025 subpar).
- Flight: superb and subpar throws scatter the player three times (D8, one square each) from the
  target square; a terrible throw deviates (D8, D6) from his own square; a fumble leaves him in
  his square (classic) or scatters him once from it. Off the pitch: the crowd (injury, no armour;
  Stunned goes to the Reserves).
- Landing on a player: that player is Knocked Down (armour roll, even Prone or Stunned) and the
  thrown player scatters once more, until an empty square or the crowd, where he lands Prone
  (armour roll, no landing roll). In an empty square: the landing roll (agility test, -1 per
  opposing tackle zone there, the throw's landing modifier): Standing, or Prone with an armour
  roll. A ball on the ground where he comes down bounces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from kickoff.core import ball
from kickoff.core.actions.injury import armour_and_injury, injury
from kickoff.core.context import KickoffContext
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import RANDOM_DIRECTION, Square, distance
from kickoff.core.rolls import Turn, roll_test, square_text, take_reroll, where_of
from kickoff.core.ruleset import ThrowResult
from kickoff.core.state import Player, tackle_zones

if TYPE_CHECKING:  # made by a turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Rerolls
    from kickoff.core.decisions import RerollChoices

# Quick ("Q") and Short ("S") throws by |dy| (rows) and |dx| (columns); beyond them ("-") a
# Long Pass or more, which a team-mate can never be thrown. The range ruler as FUMBBL tabulates it.
_RANGE_ROWS = (
    "-QQQSSS",
    "QQQQSSS",
    "QQQSSSS",
    "QQSSSSS",
    "SSSSSS",
    "SSSSS",
    "SSSS",
)


def throw_range(frm: tuple[int, int], to: tuple[int, int]) -> str | None:
    """``"quick"``, ``"short"``, or ``None`` (own square, or Long Pass and beyond)."""
    dx, dy = abs(to[0] - frm[0]), abs(to[1] - frm[1])
    if dy >= len(_RANGE_ROWS) or dx >= len(_RANGE_ROWS[dy]):
        return None
    return {"Q": "quick", "S": "short"}.get(_RANGE_ROWS[dy][dx])


def check_throw(
    ctx: KickoffContext, thrower: Player, thrown: Player, to: Square, where: str, kick_team_mate: bool,
    frm: Square | None = None,
) -> str:
    """The range of a legal throw (``kick_team_mate``: a kick) by ``thrower`` standing on ``frm``
    (default: his square); ``DecisionError`` naming ``where`` otherwise."""
    frm = check_pair(ctx, thrower, thrown, where, kick_team_mate, frm)
    w = where_of(where, thrower)
    if not ctx.state.pitch.on_pitch(to):
        raise DecisionError.at(w, f"the target {square_text(to)} is off the pitch")
    rng = throw_range(frm, to)
    if rng is None:
        raise DecisionError.at(w,
            f"the target {square_text(to)} is not in Quick or Short range of {thrower.id}"
        )
    return rng


def check_pair(
    ctx: KickoffContext, thrower: Player, thrown: Player, where: str, kick_team_mate: bool,
    frm: Square | None = None,
) -> Square:
    """``frm`` (default: ``thrower``'s square) when ``thrower`` may throw (``kick_team_mate``:
    kick) ``thrown`` from there: he has the skill and stands, ``thrown`` is a Standing team-mate
    with Right Stuff adjacent to ``frm``; ``DecisionError`` naming ``where`` otherwise."""
    skill, verb, name = (("kick_team_mate", "kick", "Kick Team-mate") if kick_team_mate
                         else ("throw_team_mate", "throw", "Throw Team-mate"))
    w = where_of(where, thrower)
    if skill not in thrower.skills:
        raise DecisionError.at(w, f"{thrower.id} has no {name} skill")
    if not thrower.standing:
        raise DecisionError.at(w, f"{thrower.id} is not Standing")
    if thrown.side != thrower.side or thrown.id == thrower.id:
        raise DecisionError.at(w, f"{thrown.id} is not a team-mate of {thrower.id}")
    if "right_stuff" not in thrown.skills or not thrown.standing:
        raise DecisionError.at(w, f"{thrown.id} cannot be {verb}n: he must be Standing and have Right Stuff")
    assert thrower.square is not None and thrown.square is not None
    frm = frm or Square(*thrower.square)
    if distance(frm, thrown.square) != 1:
        raise DecisionError.at(w,
            f"{thrown.id} at {square_text(thrown.square)} is not adjacent to {thrower.id} "
            f"at {square_text(frm)}"
        )
    return frm


def throw_team_mate(
    ctx: KickoffContext, turn: Turn, thrower: Player, thrown: Player, to: Square, where: str,
    *, kick_team_mate: bool = False, reroll: Rerolls | None = None,
) -> None:
    """``thrower`` throws (``kick_team_mate``: kicks) ``thrown`` at ``to`` (see the module docstring),
    the re-roll choices of ``reroll`` (``throw``, ``always_hungry``, ``escape``; default the
    default policy). Ends ``turn`` where a player of the acting team goes down and the turn ends
    on that."""
    rng = check_throw(ctx, thrower, thrown, to, where, kick_team_mate)
    rules = ctx.ruleset.actions.throw
    st = ctx.state
    assert thrower.square is not None and thrown.square is not None
    target, mod = _throw_target(ctx, thrower, rng, where, kick_team_mate)
    what = "kick team-mate" if kick_team_mate else "throw team-mate"
    hunger = _always_hungry(ctx, turn, thrower, thrown, reroll, where)
    if hunger == "eaten":
        return
    result: ThrowResult = "fumble" if hunger == "fumble" else throw_result(
        ctx, turn, thrower, target, mod, what, rules.low_result,
        None if reroll is None else reroll.throw, where)
    ctx.note("throw_team_mate", thrower=thrower.id, thrown=thrown.id, to=to.as_list(),
             range=rng, result=result, kick=kick_team_mate)
    start = Square(*thrown.square)
    carrying = st.carrier == thrown.id
    if result == "fumble" and kick_team_mate:
        # bb2025 Kick Team-mate: a fumble removes the kicked player (injury, Stunned -> KO).
        removed_injury(ctx, thrown, turn)
        return
    # the thrown player leaves his square; where he comes down:
    st.move(thrown, None)
    thrown = st.players[thrown.id]
    if result == "fumble":
        where_to: Flight = scatter(ctx, start, 1) if rules.fumble_scatters else start
    elif result == "terrible":
        where_to = _deviate(ctx, start)
    else:
        where_to = scatter(ctx, to, 3)
    come_down(ctx, turn, thrown, where_to, rules.landing_modifier.get(result, 0), carrying,
               (None if reroll is None else reroll.landing, where))


def _throw_target(
    ctx: KickoffContext, thrower: Player, rng: str, where: str, kick_team_mate: bool,
) -> tuple[int, int]:
    """The throw's target and modifier (module docstring, "The throw")."""
    rules = ctx.ruleset.actions.throw
    st = ctx.state
    assert thrower.square is not None
    if rules.test == "agility":
        target = ctx.ruleset.agility_target(thrower.ag)
    else:
        if thrower.pa is None:
            raise DecisionError.at(where_of(where, thrower), f"{thrower.id} has no Passing Ability")
        target = thrower.pa
    mod = rules.range_modifier[rng]
    if "nerves_of_steel" not in thrower.skills:
        mod -= len(tackle_zones(st, thrower.square, thrower.side))
    if not kick_team_mate:  # Disturbing Presence: "a Pass action, a Throw Team-mate action" (bb2020)
        mod -= ball.disturbing_presences(st, thrower)
        if "strong_arm" in thrower.skills and rng in rules.strong_arm:
            mod += 1
    if st.weather == "very_sunny":
        mod -= 1
    return target, mod


def _always_hungry(
    ctx: KickoffContext, turn: Turn, thrower: Player, thrown: Player, reroll: Rerolls | None,
    where: str,
) -> Literal["throw", "fumble", "eaten"]:
    """Always Hungry before the throw (module docstring): ``"throw"`` (no skill, or 2+),
    ``"fumble"`` (the team-mate escaped), ``"eaten"`` (he is a Casualty, gone)."""
    if "always_hungry" not in thrower.skills:
        return "throw"
    if roll_test(ctx, turn, thrower, 2, 0, what="always_hungry", skill=None,
                 choice=None if reroll is None else reroll.always_hungry, where=where):
        ctx.note("always_hungry", player=thrower.id, success=True)
        return "throw"
    escaped = roll_test(ctx, turn, thrown, 2, 0, what="escape", skill=None,
                        choice=None if reroll is None else reroll.escape, where=where)
    ctx.note("always_hungry", player=thrower.id, success=False, thrown=thrown.id, escaped=escaped)
    if escaped:
        return "fumble"
    st = ctx.state
    assert thrown.square is not None
    sq = Square(*thrown.square)
    carrying = st.carrier == thrown.id
    st.remove(thrown, "casualty")  # eaten: no apothecary, no Regeneration
    ctx.note("eaten", player=thrown.id, by=thrower.id)
    if carrying:
        st.carrier = None
        turn.fell(own=True, turnover=True)
        ball.bounce(ctx, sq, False, turn)
    return "eaten"


def throw_result(
    ctx: KickoffContext, turn: Turn | None, thrower: Player, target: int, mod: int, what: str,
    low: ThrowResult, choice: RerollChoices, where: str,
) -> ThrowResult:
    """Roll the throw: a natural 1 is a fumble, a success superb, a failure subpar (or ``low``
    with a result of 1 or less). Anything but superb may be re-rolled once (the coach's
    ``reroll`` decision, ``choice``: the edition's skill (classic Pass), else Pro, or a team
    re-roll, not with ``turn`` ``None``: a throw outside his team's turn; default the skill
    re-roll if there is one)."""

    def classify(roll: int) -> ThrowResult:
        if roll == 1:
            return "fumble"
        if roll == 6 or roll + mod >= target:
            return "superb"
        return low if roll + mod <= 1 else "subpar"

    def attempt(why: str) -> ThrowResult:
        (roll,) = ctx.roll_dice([("d6", why)], lambda v: classify(v[0]))
        return classify(roll)

    first = attempt(f"{what} by {thrower.id} ({target}+, modifier {mod:+d})")
    if first == "superb":
        return first
    again = take_reroll(ctx, turn, thrower, "throw", ctx.ruleset.actions.throw.skill_reroll,
                        choice, where)
    return first if again is None else attempt(again)


#: Where a thrown player comes down: a square of the pitch, or the crowd (the last square on the
#: pitch and the square off it, as a throw-in needs them).
Flight = Square | tuple[Square, Square]


def scatter(ctx: KickoffContext, start: Square, times: int) -> Flight:
    """``times`` one-square scatters (D8) from ``start``: the square reached, or the crowd at
    the first scatter that leaves the pitch."""
    sq = start
    for _ in range(times):
        dx, dy = RANDOM_DIRECTION[ctx.roll("d8", "thrown player scatter")]
        nxt = Square(sq.x + dx, sq.y + dy)
        if not ctx.state.pitch.on_pitch(nxt):
            return sq, nxt
        sq = nxt
    return sq


def _deviate(ctx: KickoffContext, start: Square) -> Flight:
    """A terrible throw: D8 direction, D6 squares from the thrown player's square."""
    dx, dy = RANDOM_DIRECTION[ctx.roll("d8", "terrible throw direction")]
    n = ctx.roll("d6", "terrible throw distance")
    sq = start
    for _ in range(n):
        nxt = Square(sq.x + dx, sq.y + dy)
        if not ctx.state.pitch.on_pitch(nxt):
            return sq, nxt
        sq = nxt
    return sq


def come_down(
    ctx: KickoffContext, turn: Turn, thrown: Player, sq: Flight, landing_mod: int, carrying: bool,
    landing: tuple[RerollChoices, str] = (None, "landing"), *, crowd_knocks_out: bool = False,
) -> None:
    """``thrown`` comes down at ``sq`` (module docstring, "Landing"); ``landing``: the re-roll
    choice of a failed landing (``reroll.landing``) and the activation's key path;
    ``crowd_knocks_out``: the crowd sends him to the Knocked Out box with no roll (classic Kick
    Team-Mate: ``kickoff.core.actions.kick_team_mate``)."""
    st = ctx.state
    crashed = False
    while isinstance(sq, Square) and sq in st.board:
        _land_on(ctx, turn, st.board[sq], sq)
        crashed = True
        sq = scatter(ctx, sq, 1)
    if not isinstance(sq, Square):
        _into_crowd(ctx, thrown, sq, carrying, crowd_knocks_out)
        return
    thrown = st.move(thrown, sq)
    if carrying:
        st.ball = sq
    if crashed:
        ok = False
    else:
        mod = landing_mod - len(tackle_zones(st, sq, thrown.side))
        ok = roll_test(ctx, turn, thrown, ctx.ruleset.agility_target(thrown.ag), mod,
                       what="landing", skill=None, choice=landing[0], where=landing[1])
    ctx.note("landing", player=thrown.id, square=sq.as_list(), standing=ok)
    if not ok:
        _failed_landing(ctx, turn, thrown, sq, carrying)
    elif st.ball == sq and st.carrier is None and not carrying:
        ball.bounce(ctx, sq, False, turn)


def _land_on(ctx: KickoffContext, turn: Turn, hit: Player, sq: Square) -> None:
    """The thrown player lands on ``hit`` (on ``sq``): ``hit`` is Placed Prone (a turnover if
    he is the active team's), his armour rolled, the ball he held bouncing."""
    st = ctx.state
    ctx.note("landed_on", player=hit.id, square=sq.as_list())
    hit = st.own(hit)
    if hit.status == "standing":
        hit = st.set_status(hit, "prone")
    if hit.side == turn.active:
        turn.fell(own=True, turnover=True)
    hit_carrying = st.carrier == hit.id
    if hit_carrying:
        st.carrier = None
    armour_and_injury(ctx, hit)
    if hit_carrying and hit.square is not None:
        ball.bounce(ctx, Square(*hit.square), False, turn)


def _into_crowd(ctx: KickoffContext, thrown: Player, out: tuple[Square, Square],
                carrying: bool, knocked_out: bool = False) -> None:
    """The thrown player comes down in the crowd (``out``: the last square on the pitch and the
    one off it): to the Reserves after an injury roll (``knocked_out``: to the Knocked Out box,
    no roll), the ball he held thrown in."""
    st = ctx.state
    ctx.note("thrown_into_crowd", player=thrown.id)
    if carrying:
        st.carrier = None
    if knocked_out:
        st.remove(thrown, "knocked_out")
    else:
        injury(ctx, st.remove(thrown, "reserves"), stunned_off="reserves")
    if carrying:
        ball.throw_in(ctx, out[0], out[1])


def _failed_landing(ctx: KickoffContext, turn: Turn, thrown: Player, sq: Square,
                    carrying: bool) -> None:
    """A crash or failed landing on ``sq``: Placed Prone (a turnover if he held the ball), his
    armour rolled, the ball he held bouncing."""
    st = ctx.state
    thrown = st.set_status(thrown, "prone")
    turn.fell(own=True, turnover=carrying)
    if carrying:
        st.carrier = None
    armour_and_injury(ctx, thrown)
    if carrying:
        ball.bounce(ctx, sq, False, turn)


def removed_injury(ctx: KickoffContext, player: Player, turn: Turn) -> None:
    """Kick Team-mate fumble (bb2025) or double (classic): the player is removed with an injury
    roll, Stunned counting as Knocked Out; a ball he held bounces from his square."""
    st = ctx.state
    assert player.square is not None
    start = Square(*player.square)
    carrying = st.carrier == player.id
    if carrying:
        st.carrier = None
    ctx.note("kicked_player_fumbled", player=player.id)
    injury(ctx, player, stunned_off="knocked_out")
    if carrying:
        ball.bounce(ctx, start, False, turn)
