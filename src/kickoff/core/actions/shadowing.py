"""Shadowing: when a moving player leaves a square in the tackle zone of an opposing player with
the skill, that player may follow him into the square he left (issue 25).

Sources: classic LRB6 Shadowing ("when a player performing an Action on the opposing team moves
out of any of his tackle zones for any reason. The opposing coach rolls 2D6 adding their own
player's movement allowance and subtracting the Shadowing player's ... If the final result is 7
or less, then the player with Shadowing may move into the square vacated ... He does not have to
make any Dodge rolls ... only one of the opposing players may attempt to shadow him"): the mover
gets away on 2D6 >= 8 + the shadower's MA - his (FUMBBL's ``minimumRollShadowingEscape``);
bb2020 / Sevens: the shadower rolls a D6 + his MA - the mover's, 6 or more (a natural 6 always,
a natural 1 never) follows him: a D6 against ``max(6 - (MA difference), 2)`` (FUMBBL's bb2020
``ShadowingBehaviour``); bb2025: the shadower follows on a 4+ whatever the MA, and no more times
a turn than his MA (FUMBBL's bb2025 ``ShadowingBehaviour``; the seeds hold no bb2025 text). The
data is ``ActionRules.shadowing``. The roll comes once the mover stands in his new square, before
he picks up a ball there (FUMBBL's ``Move`` sequence: ``MOVE_DODGE``, ``SHADOWING``,
``PICK_UP``); a mover who falls has moved out of the square too ("for any reason"; bb2020+
"Voluntarily Moves out of a square") and may be shadowed before his armour roll (FUMBBL's
``SHADOWING`` before ``FALL_DOWN``: ``kickoff.core.actions.move``, ``docs/actions.md``).

Using it is the receiving coach's choice, asked through :meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>` (kind ``shadowing``): options ``None`` (nobody)
and each opposing Standing player with Shadowing who Marked the square left; default ``None``;
the scripted coach answers from the activation's ``shadowing`` (step index -> player).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kickoff.core.actions.tentacles import escape_2d6
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.pitch import Square
from kickoff.core.rolls import Passes, Turn, succeeds
from kickoff.core.state import Player, tackle_zones

if TYPE_CHECKING:
    from kickoff.core.decisions import RerollChoices


def shadow(
    ctx: KickoffContext, turn: Turn, mover: Player, left: tuple[int, int], step: int,
    scripted: Mapping[int, str], where: str, choice: RerollChoices = None,
) -> None:
    """After ``mover`` stepped out of ``left`` at path step ``step``: the receiving coach's
    choice of a shadower (``scripted``: the activation's ``shadowing``), his roll (classic: the
    mover's escape, re-rolled as ``choice``, the activation's ``reroll.shadowing``, says), and
    his move into ``left``. Nothing is asked or rolled when nobody may shadow."""
    rules = ctx.ruleset.actions.shadowing
    able = [q for q in tackle_zones(ctx.state, left, mover.side) if "shadowing" in q.skills
            and (rules != "follow_4" or turn.actions_taken.get(_count(q), 0) < q.ma)]
    if not able:
        return
    choices: list[str | None] = [None]
    choices.extend(q.id for q in able)
    options = tuple(choices)
    decision = Decision("shadowing", "away" if mover.side == "home" else "home",
                        f"{where}.shadowing.{step}", None, lambda: options,
                        scripted=scripted.get(step), given=step in scripted)
    chosen = ctx.decide(decision)
    if chosen is None:
        return
    shadower = ctx.state.players[str(chosen)]
    if rules == "escape_2d6":
        follows = not escape_2d6(ctx, turn, mover, 8 + shadower.ma - mover.ma,
                                 ("shadowing", shadower.id), choice, where)
    else:
        target = 4 if rules == "follow_4" else max(6 - (shadower.ma - mover.ma), 2)
        why = f"Shadowing by {shadower.id} on {mover.id} ({target}+)"
        (roll,) = ctx.roll_dice((("d6", why),), Passes(target, 0))
        follows = succeeds(roll, target, 0)
    ctx.note("shadowing", player=shadower.id, target=mover.id, follows=follows)
    if follows:
        # bb2025's count of his shadowing moves this turn (the free turn's own tally)
        turn.actions_taken[_count(shadower)] = turn.actions_taken.get(_count(shadower), 0) + 1
        ctx.state.move(shadower, Square(*left))
        ctx.note("step", player=shadower.id, to=[left[0], left[1]], why="shadowing")


def _count(shadower: Player) -> str:
    return f"shadowing:{shadower.id}"
