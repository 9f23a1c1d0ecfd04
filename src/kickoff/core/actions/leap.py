"""Leap: a moving player with the skill jumps to a square two away instead of stepping (issue 25).

Sources: classic LRB6 Leap ("jump to any empty square within 2 squares even if it requires jumping
over a player from either team. Making a leap costs the player two squares of movement ... make
an Agility roll ... No modifiers apply to this D6 roll unless he has Very Long Legs. The player
does not have to dodge to leave the square he starts in ... If the player fails the Agility roll
then he is Knocked Down in the square that he was leaping to ... A player may only use the Leap
skill once per turn"); bb2020 Leap (Leap over "any single square", the Jump rule's Agility test
at -1 per player Marking the square jumped from or into, whichever is more, Leap and Very Long
Legs each reducing it by 1 to a minimum of -1; a failure: he Falls Over in the square he jumped
into); bb2025 as bb2020 with Very Long Legs a plain +1 and no limit per activation. What differs
is the ruleset's :class:`~kickoff.core.ruleset.LeapRules`; FUMBBL's ``JumpMechanic`` and
``JumpModifierFactory`` of each rules version agree (``docs/rulings.md``, "Leap").

The order of the dice for a Leap is FUMBBL's and the move's (``pitch-and-dice.md``): the Rushes
for the squares beyond MA (two squares are paid), then the Leap's test; no Dodge is rolled for
the square left. Its re-roll is the activation's ``reroll.leap`` (a team re-roll or Pro; no skill
re-rolls a Leap).

Whether a step is a Leap is the moving coach's choice, asked through
:meth:`KickoffContext.decide <kickoff.core.context.KickoffContext.decide>` (kind ``leap``) at every
step where one is possible; the scripted coach answers from the activation's ``leap`` list of
path indexes (``docs/actions.md``).
"""

from __future__ import annotations

from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import RerollChoices
from kickoff.core.pitch import Square, distance
from kickoff.core.rolls import Turn, roll_test
from kickoff.core.state import Player, tackle_zones

#: The options of a ``leap`` decision: step (Dodge if needed) or, for a square out of a step's
#: reach, stop the move there; or Leap.
LEAP_OPTIONS: tuple[bool, bool] = (False, True)


def may_leap(ctx: KickoffContext, turn: Turn, player: Player, here: Square, sq: Square) -> bool:
    """Whether ``player`` on ``here`` may Leap to ``sq``: he has Leap, has not used it this
    activation where the edition allows one, and ``sq`` is at a distance the edition allows
    (empty and on the pitch: the path's own check)."""
    rules = ctx.ruleset.actions.leap
    if "leap" not in player.skills or distance(here, sq) not in rules.reach:
        return False
    return not (rules.once and (player.id, "leap") in turn.skills_used)


def choose_leap(ctx: KickoffContext, player: Player, scripted: bool, where: str) -> bool:
    """The moving coach's choice at a step where a Leap is possible: ``True`` to Leap. Default
    ``False`` (no Leap: a step, or for a square two away the move stops there); the scripted
    coach answers ``scripted`` (the step's index is in the activation's ``leap``)."""
    decision = Decision("leap", player.side, f"{where}.leap", False, lambda: LEAP_OPTIONS,
                        scripted=scripted, given=True)
    return bool(ctx.decide(decision))


def leap_modifier(ctx: KickoffContext, player: Player, here: Square, sq: Square) -> int:
    """The modifier to ``player``'s Leap test from ``here`` to ``sq``: classic +1 with Very Long
    Legs, else 0; bb2020+ minus the players Marking ``here`` or ``sq`` (the larger count), made
    one less negative by Leap when at -2 or worse, and by Very Long Legs (bb2020 the same way;
    bb2025 a plain +1)."""
    rules = ctx.ruleset.actions.leap
    penalty = 0
    if rules.marked:
        st = ctx.state
        penalty = max(len(tackle_zones(st, here, player.side)),
                      len(tackle_zones(st, sq, player.side)))
        if penalty >= 2:
            penalty -= 1  # Leap itself
    if "very_long_legs" in player.skills and (rules.very_long_legs == "bonus" or penalty >= 2):
        penalty -= 1
    return -penalty


def leap_test(
    ctx: KickoffContext, turn: Turn, player: Player, here: Square, sq: Square,
    choice: RerollChoices, where: str,
) -> bool:
    """``player``'s Leap test from ``here`` to ``sq`` (the Leap marked used): the edition's
    agility target and :func:`leap_modifier`; no skill re-rolls it (Pro or a team re-roll, as
    ``choice`` says). True if he lands Standing (a failure's fall is the caller's)."""
    turn.skills_used.add((player.id, "leap"))
    ok = roll_test(ctx, turn, player, ctx.ruleset.agility_target(player.ag),
                   leap_modifier(ctx, player, here, sq), what="leap", skill=None, choice=choice,
                   where=where)
    ctx.note("leap", player=player.id, to=sq.as_list(), success=ok)
    return ok
