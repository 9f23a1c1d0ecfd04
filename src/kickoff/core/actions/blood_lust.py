"""Blood Lust (classic) / Bloodlust (X+) (bb2020, bb2025): the D6 a Vampire rolls after declaring
his action in a free turn, and the bite of a Thrall team-mate a failure costs at its end (issue 25).

Sources: classic LRB6 Blood Lust ("Immediately after declaring an Action with a Vampire, roll a
D6: On a 2+ the Vampire can carry out the Action as normal. On a 1, however, the Vampire must feed
on a Thrall team-mate or a spectator ... at the end of the declared Action ... If he is standing
adjacent to one or more Thrall team-mates (standing, prone or stunned), then choose one to bite
and make an Injury roll on the Thrall treating any casualty roll as Badly Hurt. The injury will
not cause a turnover unless the Thrall was holding the ball ... Failure to bite a Thrall is a
turnover and requires him to feed on a spectator - move the Vampire to the reserves box if he was
still on the pitch"); bb2020 / bb2025 Bloodlust (X+): the roll is X+ (the player's
``skill_values``), +1 "if they declared a Block action or a Blitz action", a natural 1 fails;
at the end of the activation the player "may bite an adjacent Thrall (Lineman) team-mate"
(Standing, Prone or Stunned; an Injury roll, Casualty as Badly Hurt); "if they do not bite a
Thrall for any reason then a Turnover is caused" and the player loses his tackle zone (bb2020
"until they are next activated", bb2025 Distracted). The edition's differences are
:class:`~kickoff.core.ruleset.BloodLustRules`.

The roll comes after the confusion rolls (Bone-head ...; a failure there ends the activation
before it, as FUMBBL's move sequences ``BONE_HEAD`` ... ``BLOOD_LUST``). It is a test of the
acting player: Pro or a team re-roll (a Loner rolling first), as the activation's
``reroll.blood_lust`` says. A failure lets the activation go on as declared; the bite comes at its
end. Whom to bite is the kicking coach's choice (kind ``bite``: the adjacent Thralls in input
order, and ``None``, not biting, where the edition allows it; default the first Thrall, else
``None``; the scripted answer is the activation's ``bite``, ``False`` for ``None``). A player
not Standing at the end of his activation bites nobody (classic "If he is standing adjacent";
FUMBBL's ``StepInitFeeding`` in every edition). The ball is in the air during a free turn:
neither the Vampire nor a Thrall holds it, so no bite drops it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kickoff.core.actions.injury import injury
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.pitch import distance
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, roll_test
from kickoff.core.state import LOST_TACKLE_ZONE, Player

if TYPE_CHECKING:  # made by a turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Activation


def blood_lust_target(ctx: KickoffContext, player: Player) -> int:
    """The D6 ``player``'s Blood Lust needs before modifiers: the edition's fixed 2+ (classic),
    else his ``skill_values`` X (bb2020 / bb2025 Bloodlust (X+)), the edition's usual 2+ when
    the scenario gives none."""
    rules = ctx.ruleset.actions.blood_lust
    if rules.fixed:
        return rules.target
    return player.skill_values.get(rules.skill, rules.target)


def thirsts(ctx: KickoffContext, turn: Turn, player: Player, a: Activation) -> bool:
    """Roll ``player``'s Blood Lust for the action ``a`` he declared: True if he failed and must
    feed at the end of it; False (nothing rolled) without the skill."""
    rules = ctx.ruleset.actions.blood_lust
    if rules.skill not in player.skills:
        return False
    bonus = rules.blitz_bonus if a.action == "blitz" else 0
    ok = roll_test(ctx, turn, player, blood_lust_target(ctx, player), bonus, what="blood_lust",
                   skill=None, choice=a.reroll.blood_lust, where=a.where)
    ctx.note("blood_lust", player=player.id, success=ok)
    return not ok


def thralls(ctx: KickoffContext, player: Player) -> tuple[str, ...]:
    """The Thrall team-mates (``Player.thrall``) on the squares adjacent to ``player``, Standing,
    Prone or Stunned, in input order; none when he is not Standing."""
    here = player.square
    if here is None or not player.standing:
        return ()
    return tuple(q.id for q in ctx.state.teams[player.side].players
                 if q.thrall and q.id != player.id and q.square is not None
                 and distance(q.square, here) == 1)


def feed(ctx: KickoffContext, turn: Turn, player: Player, a: Activation) -> None:
    """At the end of ``a``: the Vampire ``player``, who failed Blood Lust, bites the Thrall his
    coach chooses (an Injury roll, a Casualty as Badly Hurt; no turnover), or, biting nobody,
    causes a turnover and goes to the Reserves (classic, if still on the pitch) or loses his
    tackle zone (bb2020 / bb2025). Raises ``DecisionError`` for a ``bite`` that is not an
    adjacent Thrall team-mate (or is ``None`` where the edition makes him bite)."""
    rules = ctx.ruleset.actions.blood_lust
    player = ctx.state.players[player.id]
    victims = thralls(ctx, player)
    choices: list[str | None] = [] if victims and not rules.may_decline else [None]
    choices.extend(victims)
    options = tuple(choices)
    where = f"{a.where}.bite"

    def refuse(answer: object) -> Problem | None:
        if answer in options:
            return None
        return Problem(f"{answer!r} is not a Thrall {player.id} may bite (options: "
                       f"{', '.join('none' if o is None else o for o in options)})", where,
                       (player.id,), code="illegal_choice")

    decision = Decision("bite", player.side, where, victims[0] if victims else None,
                        lambda: options, refuse, scripted=None if a.bite is False else a.bite,
                        given=a.bite is not None)
    chosen = ctx.decide(decision)
    if chosen is not None:
        bitten = ctx.state.players[str(chosen)]
        ctx.note("bite", player=player.id, thrall=bitten.id)
        outcome = injury(ctx, bitten)
        if outcome == "casualty":
            ctx.note("badly_hurt", player=bitten.id, why="a Blood Lust bite")
        return
    ctx.note("bite", player=player.id, thrall=None)
    if player.square is not None:
        if rules.unfed == "reserves":
            ctx.state.remove(player, "reserves")
        else:
            ctx.state.add_effect(player, LOST_TACKLE_ZONE)
    turn.end("turnover (Blood Lust: no Thrall bitten)")
