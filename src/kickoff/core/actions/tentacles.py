"""Tentacles: an opposing player with the skill may hold a player who Dodges or Leaps out of his
tackle zone; held, the moving player stays in his square and his move ends (issue 25).

Sources: classic LRB6 Tentacles ("when an opposing player attempts to dodge or leap out of any
of his tackle zones. The opposing player's coach rolls 2D6 adds his own player's ST and subtracts
the ST of the player with Tentacles. If the final result is 5 or less, then the moving player is
held firmly in place and his move comes to an end"): the moving player escapes on 2D6 >= 6 +
the Tentacles player's ST - his (FUMBBL's ``DiceInterpreter.minimumRollTentaclesEscape``);
bb2020 / bb2025 Tentacles: the player with the skill rolls a D6, adding his ST and subtracting
the moving player's: 6 or more holds him (a natural 6 always, a natural 1 never): a D6 against
``max(6 - (his ST - the mover's), 2)`` (FUMBBL's bb2020 / bb2025 ``TentaclesBehaviour``). The
data is ``ActionRules.tentacles``. The roll comes after the Rushes of the step and before its
Dodge or Leap test (FUMBBL's ``Move`` sequence: ``GO_FOR_IT``, ``TENTACLES``, ``JUMP``,
``MOVE_DODGE``). Classic's escape is the moving team's roll in its own turn: a failed one may be
re-rolled (a team re-roll or Pro; FUMBBL's bb2016 ``TENTACLES_ESCAPE``), as Shadowing's; bb2020 /
bb2025's roll is the holder's, outside his team's turn and his activation: no re-roll
(``docs/actions.md``).

Using it is the receiving coach's choice, asked through :meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>` (kind ``tentacles``): options ``None`` (not used)
and each opposing Standing player with Tentacles whose tackle zone the mover leaves; default
``None``; the scripted coach answers from the activation's ``tentacles`` (step index -> player).
Being held is no fall and no turnover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.rolls import Passes, Turn, succeeds, take_reroll
from kickoff.core.state import Player, tackle_zones

if TYPE_CHECKING:
    from kickoff.core.decisions import RerollChoices


def tentacles_players(ctx: KickoffContext, mover: Player, here: tuple[int, int]) -> list[Player]:
    """The opposing Standing players with Tentacles whose tackle zone covers ``here``."""
    return [q for q in tackle_zones(ctx.state, here, mover.side) if "tentacles" in q.skills]


def held(
    ctx: KickoffContext, turn: Turn, mover: Player, here: tuple[int, int], step: int,
    scripted: Mapping[int, str], where: str, choice: RerollChoices = None,
) -> bool:
    """Whether ``mover``, Dodging or Leaping out of ``here`` at path step ``step``, is held by
    Tentacles: the receiving coach's choice (``scripted``: the activation's ``tentacles``), then
    the roll (classic: the mover's escape, re-rolled as ``choice``, the activation's
    ``reroll.tentacles``, says: :func:`escape_2d6`). False with no roll when nobody may or does
    use it."""
    able = tentacles_players(ctx, mover, here)
    if not able:
        return False
    ids = tuple(q.id for q in able)
    choices: list[str | None] = [None]
    choices.extend(ids)
    options = tuple(choices)
    given = step in scripted
    decision = Decision("tentacles", "away" if mover.side == "home" else "home",
                        f"{where}.tentacles.{step}", None, lambda: options,
                        scripted=scripted.get(step), given=given)
    chosen = ctx.decide(decision)
    if chosen is None:
        return False
    holder = ctx.state.players[str(chosen)]
    diff = holder.st - mover.st
    if ctx.ruleset.actions.tentacles == "escape_2d6":
        hold = not escape_2d6(ctx, turn, mover, 6 + diff, ("tentacles", holder.id),
                              choice, where)
    else:
        target = max(6 - diff, 2)
        why = f"Tentacles by {holder.id} on {mover.id} ({target}+)"
        (roll,) = ctx.roll_dice((("d6", why),), Passes(target, 0))
        hold = succeeds(roll, target, 0)
    ctx.note("tentacles", player=holder.id, target=mover.id, held=hold)
    return hold


def escape_2d6(
    ctx: KickoffContext, turn: Turn, mover: Player, need: int, by: tuple[str, str],
    choice: RerollChoices, where: str,
) -> bool:
    """Classic's escape from Tentacles or Shadowing (``by``: the skill, its player): the mover's
    2D6 must reach ``need``; a failure may be re-rolled once (the ``reroll`` decision of kind
    ``tentacles`` / ``shadowing``, ``choice``: a team re-roll or Pro; default Pro if he can use
    it). True if he escapes."""
    skill, holder = by
    name = skill.title()
    why = f"{name}: {mover.id} escapes {holder} on 2D6 {need}+"
    rolls = ctx.roll_dice((("d6", why), ("d6", why)), lambda v: v[0] + v[1] >= need)
    if rolls[0] + rolls[1] >= need:
        return True
    again = take_reroll(ctx, turn, mover, skill, None, choice, where)
    if again is None:
        return False
    rolls = ctx.roll_dice((("d6", again), ("d6", again)), lambda v: v[0] + v[1] >= need)
    return rolls[0] + rolls[1] >= need
