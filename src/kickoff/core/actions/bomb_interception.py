"""The interception of a Bombardier's bomb in classic Blitz! (issue 25; docs/rulings.md, "The
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
  fails, a natural 6 succeeds. Catch lets him re-roll a failure (LRB6 Catch); the engine always
  takes that skill re-roll, as FUMBBL does (no team re-roll: not his team's turn).
- A failed interception: the bomb flies on and the pass roll follows. A successful one: the
  interceptor must throw the bomb again at once (LRB6), which the engine does not play yet:
  ``NotSupportedError`` naming ``<where>.interceptor``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kickoff.core import ball
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.errors import NotSupportedError
from kickoff.core.pitch import Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, square_text
from kickoff.core.state import LOST_TACKLE_ZONE, Player, tackle_zones

if TYPE_CHECKING:
    from kickoff.core.activations import Activation

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


def interceptors(ctx: KickoffContext, turn: Turn, thrower: Player, to: Square) -> list[Player]:
    """The players who may intercept ``thrower``'s bomb at ``to`` (module docstring), in input
    order."""
    assert thrower.square is not None
    frm = thrower.square
    return [p for p in ctx.state.players.values()
            if p.side != turn.active and p.square is not None and p.status == "standing"
            and LOST_TACKLE_ZONE not in p.effects and "no_hands" not in p.skills
            and under_ruler(frm, to, p.square)]


def interception_decision(ctx: KickoffContext, turn: Turn, thrower: Player, to: Square,
                          a: Activation) -> Decision:
    """The opposing coach's ``interception`` decision: ``None`` (the default) or one of
    :func:`interceptors`; scripted by ``a.interceptor``. A refused answer names
    ``<where>.interceptor`` and the player."""
    w = f"{a.where}.interceptor"
    ids = [p.id for p in interceptors(ctx, turn, thrower, to)]

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

    return Decision("interception", other_side(turn.active), w, None, options, refuse,
                    a.interceptor, a.interceptor is not None, thrower.id)


def intercept(ctx: KickoffContext, turn: Turn, thrower: Player, to: Square,
              a: Activation) -> None:
    """The opposing coach's interception of the bomb (module docstring): nothing when he
    declines; a failed attempt lets the bomb fly on. ``NotSupportedError`` (naming
    ``<where>.interceptor``) for a successful one; ``DecisionError`` for an illegal choice."""
    if a.interceptor is None and ctx.plain:
        return  # the scripted coach's default: no attempt, nothing to ask
    pid = ctx.decide(interception_decision(ctx, turn, thrower, to, a))
    if pid is None:
        return
    p = ctx.state.players[pid]
    target = ctx.ruleset.agility_target(p.ag)
    mod = interception_modifier(ctx, p)
    ok = _roll(ctx, p, target, mod)
    if not ok and "catch" in p.skills:
        ok = _roll(ctx, p, target, mod)
    if ok:
        raise NotSupportedError.at(f"{a.where}.interceptor", f"{p.id} intercepted the bomb and "
                                   "must throw it again at once (LRB6), which the engine does "
                                   "not play yet")


def _roll(ctx: KickoffContext, p: Player, target: int, mod: int) -> bool:
    """One interception roll of ``p``: a natural 6 succeeds, a natural 1 fails, else D6 +
    ``mod`` >= ``target``."""
    d = ctx.roll("d6", f"interception: {p.id} needs {target}+ at {mod:+d}")
    ok = d == 6 or (d != 1 and d + mod >= target)
    ctx.note("bomb_interception", player=p.id, roll=d, target=target, modifier=mod, success=ok)
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
