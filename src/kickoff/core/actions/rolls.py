"""Tests of a player (Dodge, Rush, pick-up, catch, landing, the Kick It! rolls) and their
re-rolls, shared by every action.

A test is one D6: a natural 1 fails, a natural 6 succeeds, otherwise the roll plus the modifier
must reach the target (``pitch-and-dice.md``, "Dice"). A failed test may be re-rolled once
(``pitch-and-dice.md``, "Scripted dice" 3: the re-roll is the next die of the same kind; Pro's own
roll comes before the re-roll it allows; a Loner player's roll before a team re-roll):

- a skill re-roll: the skill that re-rolls this kind of test (Dodge, Sure Feet, Sure Hands,
  Catch), else Pro (classic 4+ first, bb2020+ 3+ first); Dodge, Sure Feet and Pro once per turn
  each, and not at all where the turn forbids them (bb2020 / Sevens Blitz, rulings.md 8); the
  ruleset's ``activation_skills`` only on a roll of the player during his own activation
  (bb2020+: Pro gives no re-roll to a team-mate catching a kicked or bouncing ball);
- a team re-roll: where the turn allows them, if the team has one left, at most the ruleset's
  ``team_rerolls_per_turn`` in one turn (classic one, bb2020 / Sevens / bb2025 any number).

A re-roll never re-rolls a re-roll: each test is re-rolled at most once, whatever the source.

The choice comes from the activation's ``reroll`` (:class:`~kickoff.core.actions.Rerolls`):
``"skill"``, ``"team"``, ``False`` (none), ``True`` (a skill re-roll if there is one, else a team
re-roll) or ``None``, the default policy: a skill re-roll if there is one, never a team re-roll.
A ``"skill"`` or ``"team"`` that cannot be used when its moment comes is an error, unless the
turn's ``fallback`` says to play the default policy instead (the exact odds and Monte Carlo,
where one choice stands for every failed test of its kind: ``Turn``).
"""

from __future__ import annotations

from kickoff.core.actions.activation import RerollChoice
from kickoff.core.actions.turn import Turn
from kickoff.core.context import KickoffContext
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Side, Square
from kickoff.core.state import GameState, Player

_NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def tackle_zones(state: GameState, square: tuple[int, int], side: Side) -> list[Player]:
    """The opposing Standing players (of the side other than ``side``) whose tackle zone covers
    ``square``: those adjacent to it, in no particular order. bb2020+ calls them the players
    Marking a player on that square. Prone and Stunned players have no tackle zone."""
    board = state.board
    x, y = square
    out: list[Player] = []
    for dx, dy in _NEIGHBOURS:
        q = board.get((x + dx, y + dy))
        if q is not None and q.side != side and q.status == "standing":
            out.append(q)
    return out


def succeeds(roll: int, target: int, modifier: int) -> bool:
    """A test of a player: a natural 1 fails, a natural 6 succeeds, else roll + mod >= target."""
    if roll == 1:
        return False
    return roll == 6 or roll + modifier >= target


def where_of(where: str, player: Player) -> str:
    """``where`` with the player and his square, for messages: ``decisions.blitz[1] (h4 at
    [6, 7])``."""
    sq = "off the pitch" if player.square is None else f"at {list(player.square)}"
    return f"{where} ({player.id} {sq})"


def skill_usable(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str) -> bool:
    """Whether ``player`` may use ``skill`` now: he has it; a skill of the ruleset's
    ``activation_skills`` only during his own activation (``turn.acting``; never outside a
    turn, so classic Pro re-rolls a kick-off catch and bb2020+ Pro does not: rulings.md 3);
    a once-per-turn skill only where the turn allows them and not yet used by him."""
    if skill not in player.skills:
        return False
    rules = ctx.ruleset.actions
    if skill in rules.activation_skills and (turn is None or turn.acting != player.id):
        return False
    if turn is None:
        return True
    if skill in rules.once_per_turn_skills:
        return turn.once_per_turn_skills and (player.id, skill) not in turn.skills_used
    return True


def skill_reroll(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str | None) -> str | None:
    """The skill that would re-roll a failed test of ``player``: ``skill`` if usable, else Pro
    if usable, else ``None``."""
    if skill is not None and skill_usable(ctx, turn, player, skill):
        return skill
    if skill_usable(ctx, turn, player, "pro"):
        return "pro"
    return None


def team_reroll_available(ctx: KickoffContext, turn: Turn | None) -> bool:
    """A team re-roll may be used now: the turn allows them, fewer than the ruleset's
    ``team_rerolls_per_turn`` used in it (classic one; others any number), one is left."""
    if turn is None or not turn.team_rerolls or ctx.state.teams[turn.side].rerolls <= 0:
        return False
    limit = ctx.ruleset.actions.team_rerolls_per_turn
    return limit is None or turn.team_rerolls_used < limit


def spend_team_reroll(ctx: KickoffContext, turn: Turn) -> None:
    """Spend one of the acting team's re-rolls: the extras lost soonest first (those for the
    drive, then those for the half), then its ordinary ones (ruling, docs/rulings.md)."""
    team = ctx.state.teams[turn.side]
    team.rerolls -= 1
    if team.drive_rerolls:
        team.drive_rerolls -= 1
    elif team.half_rerolls:
        team.half_rerolls -= 1
    turn.team_rerolls_used += 1


def roll_test(
    ctx: KickoffContext,
    turn: Turn | None,
    player: Player,
    target: int,
    modifier: int,
    *,
    what: str,
    skill: str | None,
    choice: RerollChoice,
    where: str,
) -> bool:
    """Roll a test of ``player`` (``what``: "dodge", "rush", "pickup", "catch", ...): one D6 that
    must reach ``target`` after ``modifier`` (natural 1 fails, natural 6 succeeds), re-rolled
    once on a failure by ``choice`` (see the module's docstring). ``skill`` is the skill that
    re-rolls this kind of test, if any. True on success.

    Raises ``DecisionError`` naming ``where`` for a re-roll choice that cannot be used (no such
    skill, no team re-roll left or allowed).
    """

    def attempt(why: str) -> bool:
        (roll,) = ctx.roll_dice([("d6", why)], lambda v: succeeds(v[0], target, modifier))
        return succeeds(roll, target, modifier)

    label = f"{what} by {player.id} ({target}+, modifier {modifier:+d})"
    if attempt(label):
        return True
    if choice is False:
        return False
    by_skill = skill_reroll(ctx, turn, player, skill)
    team_ok = team_reroll_available(ctx, turn)
    if turn is not None and turn.fallback and (
            (choice == "skill" and by_skill is None) or (choice == "team" and not team_ok)):
        choice = None  # the standing order cannot be followed here: the default policy
    if choice == "skill" and by_skill is None:
        raise DecisionError(
            f"{where_of(where, player)}: no skill re-roll can be used for the failed {what} "
            f"({skill or 'no skill'} or Pro: missing, already used this turn, or not allowed)"
        )
    if choice == "team" and not team_ok:
        raise DecisionError(
            f"{where_of(where, player)}: no team re-roll can be used for the failed {what} "
            + why_no_team_reroll(ctx, turn)
        )
    if choice == "team" or (choice is True and by_skill is None and team_ok):
        assert turn is not None
        spend_team_reroll(ctx, turn)
        if "loner" in player.skills:
            (loner,) = ctx.roll_dice([("d6", f"Loner by {player.id} (4+)")], lambda v: v[0] >= 4)
            if loner < 4:
                ctx.note("reroll", player=player.id, test=what, source="team", loner="failed")
                return False
        ctx.note("reroll", player=player.id, test=what, source="team")
        return attempt(f"team re-roll of the {what} by {player.id}")
    if by_skill is None or not use_skill_reroll(ctx, turn, player, by_skill, what):
        return False
    return attempt(f"{by_skill.replace('_', ' ').title()} re-roll of the {what} by {player.id}")


def use_skill_reroll(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str, what: str) -> bool:
    """Use ``skill`` to re-roll a failed ``what``: mark a once-per-turn skill used, and for Pro
    roll its own D6 first (classic 4+, bb2020+ 3+). True if the re-roll may be made."""
    if turn is not None and skill in ctx.ruleset.actions.once_per_turn_skills:
        turn.skills_used.add((player.id, skill))
    if skill == "pro":
        pro = ctx.ruleset.actions.pro_target
        (roll,) = ctx.roll_dice([("d6", f"Pro by {player.id} ({pro}+)")], lambda v: v[0] >= pro)
        if roll < pro:
            ctx.note("reroll", player=player.id, test=what, source="pro", pro="failed")
            return False
    ctx.note("reroll", player=player.id, test=what, source=skill)
    return True


def why_no_team_reroll(ctx: KickoffContext, turn: Turn | None) -> str:
    if turn is None or not turn.team_rerolls:
        return "(team re-rolls may not be used here)"
    limit = ctx.ruleset.actions.team_rerolls_per_turn
    if limit is not None and turn.team_rerolls_used >= limit:
        used = "one team re-roll has" if limit == 1 else f"{limit} team re-rolls have"
        return f"({used} already been used this turn, the most {ctx.ruleset.name} allows)"
    return f"(team {turn.side} has no re-roll left)"


def square_text(sq: Square | tuple[int, int]) -> str:
    """``[x, y]`` for messages."""
    return str([sq[0], sq[1]])
