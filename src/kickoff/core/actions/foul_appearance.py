"""Foul Appearance: a player who would block a player with the skill must first roll a D6; on a 1
he is too revolted and the block (bb2020+: the whole Block or Blitz action) is wasted (issue 25).

Sources: classic LRB6 Foul Appearance ("any opposing player that wants to block the player ...
must first roll a D6 and score 2 or more. If the opposing player rolls a 1 he is too revolted to
make the block and it is wasted (though the opposing team does not suffer a turnover)"): rolled
when the block is made, after the Rush it costs (FUMBBL's bb2016 ``Block`` / ``BlitzBlock``
sequences: ``GO_FOR_IT`` then ``FOUL_APPEARANCE``); a Blitzing player may move on afterwards with
the movement left. bb2020 / bb2025 Foul Appearance ("When an opposition player declares a Block
action targeting this player (on its own or as part of a Blitz action) ... their coach must first
roll a D6 ... On a 1, the player cannot perform the declared action and the action is wasted"):
rolled when the Blitz is declared, before any step (FUMBBL's ``SelectBlitzTarget``); on a 1 the
Blitz is used and nothing else happens. What differs is ``ActionRules.foul_appearance_at``.

The roll is a test of the acting player: no skill re-rolls it; Pro and a team re-roll (a Loner
rolling first) do, as the activation's ``reroll.foul_appearance`` says. No turnover either way.
"""

from __future__ import annotations

from kickoff.core.context import KickoffContext
from kickoff.core.decisions import RerollChoices
from kickoff.core.rolls import Turn, roll_test
from kickoff.core.state import Player

#: The D6 a player must reach to block a player with Foul Appearance (every edition).
FOUL_APPEARANCE_TARGET = 2


def revolted(
    ctx: KickoffContext, turn: Turn, attacker: Player, defender: Player, choice: RerollChoices,
    where: str,
) -> bool:
    """True if ``attacker`` fails his Foul Appearance roll against ``defender`` (who has the
    skill; no roll and False otherwise)."""
    if "foul_appearance" not in defender.skills:
        return False
    ok = roll_test(ctx, turn, attacker, FOUL_APPEARANCE_TARGET, 0, what="foul_appearance",
                   skill=None, choice=choice, where=where)
    ctx.note("foul_appearance", player=attacker.id, target=defender.id, success=ok)
    return not ok
