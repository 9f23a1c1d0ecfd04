"""The interception and the catch of a Bombardier's bomb in classic Blitz! (issue 25; docs/rulings.md, "The
Bombardier's bomb").

Source: LRB6 / CRP Bombardier ("thrown using the rules for throwing the ball"; "an opportunity
to catch [or intercept] the bomb fails or is declined") and the LRB6 interception rule, as
FUMBBL's bb2016 code places it (``generator/bb2016/Pass``: ``StepIntercept`` before the pass
roll; ``UtilPassing.findInterceptors``, ``AgilityMechanic.minimumRollInterception``).

- Who may: a player of the team not taking the turn, on the pitch, with his tackle zone
  (Standing, not Hypnotised, not Bone-headed ...), without No Hands, under the range ruler
  between the thrower and the target square (FUMBBL's ``canIntercept``: nearer to both ends
  than they are to each other, his square within the ruler's width, 1.74 squares).
- The choice: the opposing coach's ``interception`` decision, ``None`` (no attempt: the
  default, the book lets him decline) or one of those players (input order); scripted by the
  activation's ``interceptor``.
- The roll: the Agility table at -2, -1 per opposing tackle zone on him (not with Nerves of
  Steel), -1 per opposing Disturbing Presence within three squares, +1 Extra Arms, +1 Very Long
  Legs, -1 in Pouring Rain (LRB6 weather: "-1 to catch, intercept, or pick up"). A natural 1
  fails, a natural 6 succeeds. Catch lets him re-roll a failure (LRB6 Catch; else Pro); the
  engine takes that skill re-roll, as FUMBBL does, and no team re-roll (for the interceptor
  it is not his team's turn).
- A failed interception: the bomb flies on and the pass roll follows. A successful one: the
  interceptor must throw the bomb again at once (LRB6; ``kickoff.core.actions.bomb``).
- A catch: where the bomb comes down on a player who may catch (his tackle zone, not No Hands),
  his coach's ``bomb_catch`` decision: ``None`` (declined, the default: LRB6 "an opportunity to
  catch the bomb fails or is declined") or that player; scripted by the activation's
  ``catcher``. The roll: the Agility table, +1 for an accurate bomb, the catch modifiers
  (``ball.catch_roll_target``: tackle zones, Disturbing Presence, Extra Arms, Pouring Rain),
  Catch's re-roll as above (no team re-roll). Failed: the bomb explodes there (bombs don't
  bounce); caught: he must throw it again at once (``kickoff.core.actions.bomb``).
"""

from __future__ import annotations

import math

from kickoff.core import ball
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.pitch import Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.rolls import roll_test, square_text
from kickoff.core.state import LOST_TACKLE_ZONE, Player, tackle_zones

#: LRB6: an interception is an Agility roll at -2.
INTERCEPTION_MODIFIER = -2

#: The range ruler's width in squares (FUMBBL's ``UtilPassing.RULER_WIDTH``).
RULER_WIDTH = 1.74


def under_ruler(frm: tuple[int, int], to: tuple[int, int], at: tuple[int, int]) -> bool:
    """Whether a player on ``at`` is under the range ruler from ``frm`` to ``to`` (FUMBBL's
    bb2016 ``UtilPassing.canIntercept``: nearer to each end than the ends are to each other,
    and some corner of his square within half the ruler's width of the line)."""
    rx, ry = to[0] - frm[0], to[1] - frm[1]
    ix, iy = at[0] - frm[0], at[1] - frm[1]
    c = rx * rx + ry * ry
    if not (c > (rx - ix) ** 2 + (ry - iy) ** 2 and c > ix * ix + iy * iy):
        return False
    near = min(abs(ry * (ix + ox) - rx * (iy + oy))
               for ox in (0.5, -0.5) for oy in (0.5, -0.5))
    return 2 * near / math.sqrt(c) < RULER_WIDTH


def interceptors(ctx: KickoffContext, thrower: Player, to: Square) -> list[Player]:
    """The players who may intercept ``thrower``'s bomb at ``to`` (module docstring), in input
    order: those of the other team than his."""
    assert thrower.square is not None
    frm = thrower.square
    return [p for p in ctx.state.players.values()
            if p.side != thrower.side and p.square is not None and _may_catch(p)
            and under_ruler(frm, to, p.square)]


def interception_decision(ctx: KickoffContext, thrower: Player, to: Square,
                          scripted: str | None, where: str) -> Decision:
    """The coach of the other team than ``thrower``'s: his ``interception`` decision, ``None``
    (the default) or one of :func:`interceptors`; scripted by ``scripted`` (the activation's
    ``interceptor``, at ``where``). A refused answer names ``where`` and the player."""
    w = where
    ids = [p.id for p in interceptors(ctx, thrower, to)]

    def options() -> list[str | None]:
        return [None, *ids]

    def refuse(pid: object) -> Problem | None:
        if pid is None or pid in ids:
            return None
        p = ctx.state.players.get(pid) if isinstance(pid, str) else None
        if p is None:
            return Problem(f"no player {pid!r} in either team", w, code="unknown_player")
        at = "off the pitch" if p.square is None else f"{p.status} at {square_text(p.square)}"
        return Problem(f"{p.id} ({at}) may not intercept the bomb: an interceptor is an "
                       "opposing player with his tackle zone under the range ruler from "
                       f"{thrower.id} to {square_text(to)}: " + (", ".join(ids) or "nobody"),
                       w, (p.id,), () if p.square is None else (Square(*p.square),),
                       "illegal_choice")

    return Decision("interception", other_side(thrower.side), w, None, options, refuse,
                    scripted, scripted is not None, thrower.id)


def intercept(ctx: KickoffContext, thrower: Player, to: Square, scripted: str | None,
              where: str) -> Player | None:
    """The interception of ``thrower``'s bomb at ``to`` by the other coach (module docstring;
    his answer scripted by ``scripted``, the key path ``where``): the interceptor who holds it
    now, who must throw it again, or ``None`` when he declines or the attempt fails (the bomb
    flies on). ``DecisionError`` for an illegal choice."""
    if scripted is None and (ctx.plain or not interceptors(ctx, thrower, to)):
        return None  # the scripted coach's default, or nobody may try: nothing to ask
    pid = ctx.decide(interception_decision(ctx, thrower, to, scripted, where))
    if pid is None:
        return None
    p = ctx.state.players[pid]
    return p if _attempt(ctx, p, interception_modifier(ctx, p), "interception", where) else None


def catch_bomb(ctx: KickoffContext, at: Square, accurate: bool, scripted: str | None,
               where: str) -> Player | None:
    """The catch of the bomb coming down on ``at`` (module docstring, "A catch"; the coach's
    answer scripted by ``scripted``, the key path ``where``): the catcher who holds it now, who
    must throw it again, or ``None`` when nobody there may catch it, his coach declines or the
    catch fails (it explodes there). ``DecisionError`` for an illegal choice."""
    if scripted is None and ctx.plain:
        return None  # the scripted coach's default: no attempt, nothing to ask
    p = ctx.state.board.get(at)
    may = p is not None and _may_catch(p)
    if scripted is None and not may:
        return None  # nobody may catch it: nothing to ask
    w = where

    def refuse(pid: object) -> Problem | None:
        if pid is None or (may and p is not None and pid == p.id):
            return None
        return Problem(f"{pid!r} may not catch the bomb: only a player with his tackle zone "
                       f"(not No Hands) where it comes down, {square_text(at)}: "
                       + (p.id if may and p is not None else "nobody"), w,
                       code="illegal_choice")

    side = p.side if p is not None else ctx.receiving
    options = [None, p.id] if may and p is not None else [None]
    pid = ctx.decide(Decision("bomb_catch", side, w, None, lambda: options, refuse, scripted,
                              scripted is not None, square_text(at)))
    if pid is None or p is None:
        return None
    mod = ball.catch_roll_target(ctx, p, "bounce")[1] + (1 if accurate else 0)
    return p if _attempt(ctx, p, mod, "catch", w) else None


def _may_catch(p: Player) -> bool:
    """Whether ``p`` may catch or intercept: Standing, with his tackle zone, not No Hands."""
    return (p.status == "standing" and LOST_TACKLE_ZONE not in p.effects
            and "no_hands" not in p.skills)


def _attempt(ctx: KickoffContext, p: Player, mod: int, what: str, where: str) -> bool:
    """``p``'s roll to intercept or catch (``what``) the bomb at ``mod`` (a test: a natural 6
    succeeds, a natural 1 fails), re-rolled after a failure by a skill (Catch, else Pro) as the
    scripted coach does, never by a team re-roll (not his turn: no ``Turn`` given): whether he
    holds it."""
    target = ctx.ruleset.agility_target(p.ag)
    ok = roll_test(ctx, None, p, target, mod, what=what, skill="catch", choice=(), where=where)
    ctx.note(f"bomb_{what}", player=p.id, target=target, modifier=mod, success=ok)
    return ok


def interception_modifier(ctx: KickoffContext, p: Player) -> int:
    """The interception roll's modifier of ``p`` (module docstring, "The roll")."""
    assert p.square is not None
    mod = INTERCEPTION_MODIFIER - ball.disturbing_presences(ctx.state, p)
    if "nerves_of_steel" not in p.skills:
        mod -= len(tackle_zones(ctx.state, p.square, p.side))
    if "extra_arms" in p.skills:
        mod += 1
    if "very_long_legs" in p.skills:
        mod += 1
    if ctx.state.weather == "pouring_rain":
        mod -= 1
    return mod
