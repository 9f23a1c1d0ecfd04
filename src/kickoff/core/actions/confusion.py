"""The roll a player with Bone-head, Really Stupid, Wild Animal (classic), Unchannelled Fury
(bb2020, bb2025) or Take Root makes as his activation starts, after declaring his action.

Sources: classic LRB6 (Bone-head: 1 fails; Really Stupid: 4+, 2+ with a team-mate adjacent who is
not Really Stupid; Wild Animal: 4+, +2 when the action declared is a Block or a Blitz; Take Root:
1 fails); bb2020 / bb2025 (Bone Head, Really Stupid, Take Root as classic; Unchannelled Fury as
Wild Animal). FUMBBL reports the roll as ``confusionRoll`` (christerk/ffb
``ReportConfusionRoll``). A failure ends the activation where the player stands: he has acted,
the action declared is used, and it is no turnover. A failed Bone Head or Really Stupid roll also
takes the player's tackle zone away (``state.LOST_TACKLE_ZONE``: classic LRB6, bb2020 "loses
their Tackle Zone until they are next activated", bb2025 Distracted) for the rest of the
kick-off: he cannot catch or dive for the kicked ball and gives no assist (docs/rulings.md).
What Take Root leaves for later turns (rooted) is not modelled; the kick-off does not reach a
later turn. Animal Savagery (bb2020+, lashing out at a team-mate) is not here.
"""

from __future__ import annotations

from dataclasses import dataclass

from kickoff.core.context import KickoffContext
from kickoff.core.decisions import ActionKind, RerollChoices
from kickoff.core.pitch import distance
from kickoff.core.rolls import Turn, roll_test
from kickoff.core.state import LOST_TACKLE_ZONE, Player


@dataclass(frozen=True)
class Confusion:
    """The D6 a skill needs at the start of an activation: ``target``, ``helped`` instead when a
    Standing team-mate without the skill is adjacent (Really Stupid), ``+block_bonus`` when the
    action declared is a Blitz (Wild Animal, Unchannelled Fury); ``loses_tackle_zone``: a
    failure takes the player's tackle zone away (Bone Head, Really Stupid)."""

    target: int
    helped: int | None = None
    block_bonus: int = 0
    loses_tackle_zone: bool = False


#: The skills that roll when an activation starts, by the editions' names.
CONFUSION: dict[str, Confusion] = {
    "bone_head": Confusion(2, loses_tackle_zone=True),
    "really_stupid": Confusion(4, helped=2, loses_tackle_zone=True),
    "wild_animal": Confusion(4, block_bonus=2),
    "unchannelled_fury": Confusion(4, block_bonus=2),
    "take_root": Confusion(2),
}


def may_act(
    ctx: KickoffContext, turn: Turn, player: Player, action: ActionKind, where: str,
    choice: RerollChoices = None,
) -> bool:
    """Roll ``player``'s :data:`CONFUSION` skills (in that order) for the ``action`` he declared:
    True if he may go on, False if one failed (his activation ends). The roll is a test no skill
    re-rolls; ``choice`` (the activation's ``reroll.confusion``): the default ``None`` is Pro's
    re-roll only, ``"team"`` a team re-roll where the turn allows one, a Loner rolling his 4+
    first (LRB6 and bb2020 alike: a team re-roll re-rolls any test of the active team's player;
    issue 25). No skill: True, nothing rolled."""
    for skill, rule in CONFUSION.items():
        if skill not in player.skills:
            continue
        target = rule.target
        if rule.helped is not None and _helped(ctx, player, skill):
            target = rule.helped
        bonus = rule.block_bonus if action == "blitz" else 0
        ok = roll_test(ctx, turn, player, target, bonus, what=skill, skill=None, choice=choice,
                       where=where)
        ctx.note("confusion", player=player.id, skill=skill, success=ok)
        if not ok:
            if rule.loses_tackle_zone:
                ctx.state.add_effect(player, LOST_TACKLE_ZONE)
            return False
    return True


def _helped(ctx: KickoffContext, player: Player, skill: str) -> bool:
    """A Standing team-mate without ``skill`` adjacent to ``player``."""
    assert player.square is not None
    return any(q.id != player.id and q.standing and q.square is not None
               and skill not in q.skills and distance(q.square, player.square) == 1
               for q in ctx.state.teams[player.side].players)
