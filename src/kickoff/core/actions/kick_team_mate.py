"""Classic Kick Team-Mate in Blitz! (issue 25; ``ThrowRules.straight_kick``; docs/rulings.md,
"Kick Team-Mate in classic Blitz!").

Source: no LRB6 / CRP text (the seed's skills have none); the skill's text as FUMBBL's bb2016
``skill/bb2016/KickTeamMate`` quotes it, and FUMBBL's ``step/action/ktm/StepKickTeamMate``,
``UtilThrowTeamMateSequence.kickPlayer``, ``modifiers/bb2016/RightStuffModifierCollection``:

- Who: "When a player with this skill makes a Blitz Action, they can kick an adjacent team-mate
  (who must have the Right Stuff skill) instead of throwing a Block": the free turn's one Blitz
  (``FreeTurnRules.counts_as``), after his move, a Standing team-mate with Right Stuff next to
  him (``throw.check_pair``).
- The kick: "The coach declares whether they will roll a D6 for a short kick or 2D6 for a
  riskier long kick" (``kick_dice``, default 1). No re-roll: the text gives none (FUMBBL's only
  under its game option ``allowKtmReroll``).
- A double on 2D6: "make an Injury roll for the target player, treating Stunned results as
  KO'd (if they were carrying the ball it bounces from the square they were in)"; he leaves
  the pitch.
- Otherwise "the kicked player is moved (in a straight line) directly away from the kicking
  player's square a number of squares equal to the total ... Then they scatter three times";
  off the pitch on the way, or while scattering, "they land among the crowd ... and are sent to
  the KO'd box" (no roll), the ball he held thrown in from the last square on the pitch.
- Landing as a thrown player's (``throw.come_down``: on a player, Knocked Down and armour, one
  more scatter; in an empty square the Right Stuff landing roll), "If the player moved 6, 7 or 8
  squares (before scattering), the Landing roll has a -1 modifier; if they moved 9 or more ...
  -2".
"""

from __future__ import annotations

from kickoff.core.actions.throw import Flight, come_down, removed_injury, scatter
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import RerollChoices
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn
from kickoff.core.state import Player

#: The landing roll's modifier by the squares moved before scattering (6-8: -1, 9+: -2).
LONG_KICK = 9
MEDIUM_KICK = 6


def landing_modifier(moved: int) -> int:
    """The landing roll's modifier of a player kicked ``moved`` squares (module docstring)."""
    return -2 if moved >= LONG_KICK else -1 if moved >= MEDIUM_KICK else 0


def _sign(n: int) -> int:
    return 1 if n > 0 else -1 if n < 0 else 0


def kick_team_mate(ctx: KickoffContext, turn: Turn, kicker: Player, kicked: Player, dice: int,
                   landing: tuple[RerollChoices, str]) -> None:
    """``kicker`` kicks ``kicked`` (checked by the caller) with ``dice`` D6 (module docstring);
    ``landing``: the landing's re-roll choice and the activation's key path."""
    st = ctx.state
    assert kicker.square is not None and kicked.square is not None
    rolls = [ctx.roll("d6", f"Kick Team-mate by {kicker.id}") for _ in range(dice)]
    moved = sum(rolls)
    double = dice == 2 and rolls[0] == rolls[1]
    ctx.note("kick_team_mate", kicker=kicker.id, kicked=kicked.id, rolls=rolls, double=double)
    start = Square(*kicked.square)
    carrying = st.carrier == kicked.id
    if double:
        removed_injury(ctx, kicked, turn)
        return
    st.move(kicked, None)
    dx, dy = _sign(start.x - kicker.square[0]), _sign(start.y - kicker.square[1])
    come_down(ctx, turn, st.players[kicked.id], _flight(ctx, start, dx, dy, moved),
              landing_modifier(moved), carrying, landing, crowd_knocks_out=True)


def _flight(ctx: KickoffContext, start: Square, dx: int, dy: int, moved: int) -> Flight:
    """``moved`` squares from ``start`` along ``(dx, dy)``, then three scatters: where he comes
    down, or the crowd (the last square on the pitch and the one off it)."""
    sq = start
    for _ in range(moved):
        nxt = Square(sq.x + dx, sq.y + dy)
        if not ctx.state.pitch.on_pitch(nxt):
            return sq, nxt
        sq = nxt
    return scatter(ctx, sq, 3)
