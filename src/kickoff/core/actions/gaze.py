"""Hypnotic Gaze at the end of a free turn's Move (classic Blitz! only; issue 25).

Source: classic LRB6 Hypnotic Gaze ("The player may use hypnotic gaze at the end of his Move
Action on one opposing player who is in an adjacent square. Make an Agility roll for the player
with hypnotic gaze, with a -1 modifier for each opposing tackle zone on the player with hypnotic
gaze other than the victim's. If the Agility roll is successful, then the opposing player loses
his tackle zones and may not catch, intercept or pass the ball, assist another player ... until
the start of his next Action or the drive ends"; FUMBBL's bb2016 ``StepHypnoticGaze`` and
``GazeModifierCollection``: the Agility table's target, one less per tackle zone on the gazer
beyond the victim's). classic Blitz! is a full team turn, so a Move may end in a gaze
(``FreeTurnRules.gaze``); bb2020 / Sevens / bb2025 make Hypnotic Gaze an action of its own, which
their free turns (Move, one Blitz, one Throw / Kick Team-mate) do not allow: a ``gaze`` there is
refused. The victim gets the ``LOST_TACKLE_ZONE`` effect for the rest of the kick-off: he marks
nobody, gives no assist, and cannot catch or dive for the ball (``docs/rulings.md``).

Whom to gaze is the kicking coach's choice, asked through :meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>` (kind ``gaze``): ``None`` (no gaze) and each
adjacent Standing opponent; default ``None``; the scripted answer is the activation's ``gaze``.
Its re-roll: ``reroll.gaze`` (Pro or a team re-roll; no skill re-rolls it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import distance
from kickoff.core.rolls import Turn, roll_test, where_of
from kickoff.core.state import LOST_TACKLE_ZONE, Player, tackle_zones

if TYPE_CHECKING:  # made by a turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Activation


def gaze(ctx: KickoffContext, turn: Turn, player: Player, a: Activation, allowed: bool) -> None:
    """After ``player``'s Move ``a`` (he stands at its end): his Hypnotic Gaze, if he has the
    skill and the free turn ``allowed`` one. Raises ``DecisionError`` for a ``gaze`` the free
    turn does not allow or a victim who is not an adjacent Standing opponent."""
    if not allowed or "hypnotic_gaze" not in player.skills:
        if a.gaze is not None:
            raise DecisionError.at(where_of(a.where, player), "Hypnotic Gaze is not an action of "
                                   "this free turn" if not allowed else
                                   f"{player.id} has no Hypnotic Gaze")
        return
    assert player.square is not None
    here = player.square
    victims = tuple(q.id for q in tackle_zones(ctx.state, here, player.side))
    choices: list[str | None] = [None]
    choices.extend(victims)
    options = tuple(choices)
    decision = Decision("gaze", player.side, f"{a.where}.gaze", None, lambda: options,
                        scripted=a.gaze, given=a.gaze is not None)
    chosen = ctx.decide(decision)
    if chosen is None:
        return
    victim = ctx.state.players[str(chosen)]
    assert victim.square is not None and distance(victim.square, here) == 1
    mod = -(len(victims) - 1)
    ok = roll_test(ctx, turn, player, ctx.ruleset.agility_target(player.ag), mod,
                   what="gaze", skill=None, choice=a.reroll.gaze, where=a.where)
    ctx.note("gaze", player=player.id, target=victim.id, success=ok)
    if ok:
        ctx.state.add_effect(victim, LOST_TACKLE_ZONE)
