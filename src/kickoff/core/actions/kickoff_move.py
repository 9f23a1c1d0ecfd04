"""The receiving team's kick-off move: classic Kick-Off Return, bb2020 / bb2025 / Sevens On the
Ball (``Ruleset.kickoff_move``; the rules and rulings: ``docs/rulings.md``, "The kick-off move").

After the kick deviates and before the Kick-off table roll, unless the deviation gives a
touchback, one receiving player with the skill who is Standing and Open (classic: not in an
opposing tackle zone, and not on the Line of Scrimmage) may move up to three squares,
regardless of his MA and with no Rush (bb2025: with his MA, a step beyond it a Rush:
``KickoffMove.uses_ma``), never into the kicking team's half. The move follows the
normal movement rules of the edition (``kickoff.core.actions.move``: a Dodge roll to leave a
square in an opposing tackle zone, the ball is still in the air so nothing is picked up) with
no team re-roll and no skill used once per turn (Dodge, Pro). A player who Falls Over (classic:
is Knocked Down) stops there, Prone, with an armour roll; the kick-off goes on (the Kick-off
table roll, then the landing).

Sources: LRB6 / CRP Kick-Off Return; bb2020 On the Ball and its FAQ ("the Dodge skill can only
be used ... during that player's activation during their own team turn"; Sevens: the player may
move into the area between both Lines of Scrimmage); bb2025 On the Ball, as bb2020 but following
"the usual rules for a Move Action" (issue 25): his MA counts.
"""

from __future__ import annotations

from typing import Any

from kickoff.core.actions.move import move_steps
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext, no_player
from kickoff.core.decisions import PlayerPath
from kickoff.core.pitch import Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, square_text, where_of
from kickoff.core.ruleset import KickoffMove
from kickoff.core.state import Player

#: Each skill's name and its edition's words for a player with an opponent adjacent.
_WORDS: dict[str, tuple[str, str]] = {
    "kick_off_return": ("Kick-Off Return", "in an opposing tackle zone"),
    "on_the_ball": ("On the Ball", "Marked (not Open)"),
}


def kickoff_move(ctx: KickoffContext) -> bool:
    """Play the receiving team's kick-off move, the receiving coach's ``kickoff_move`` decision
    (the ruleset's ``kickoff_move``; scripted as ``decisions.<skill>``), if any: True if a player
    moved (or fell trying).

    Nothing happens (no die, no decision) when the ruleset has no such skill or the deviation
    gave a touchback (a scripted choice is ignored: its moment never comes); the default is
    ``None``, nobody moves. The decision's options are every path :func:`kickoff_move_paths`
    lists. Raises ``DecisionError`` naming the key path, the player and the square for an
    illegal choice: a player of the kicking team or without the skill, one who is not Standing,
    Ball & Chain, on the Line of Scrimmage (classic), not Open, an empty path or one of more
    squares than the skill allows, a square in the kicking team's half (all checked when the
    coach answers, before any die is rolled), a step that is not adjacent, off the pitch or into
    an occupied square (checked as he moves)."""
    rules = ctx.ruleset.kickoff_move
    if rules is None:
        return False
    d = ctx.decisions
    scripted = d.kickoff_move
    if scripted is None and ctx.plain:  # the default: nobody moves
        choice = None
    elif ctx.touchback:
        if scripted is not None:
            ctx.note("ignored", where=f"decisions.{rules.skill}",
                     why="the kick is a touchback: no kick-off move")
        return False
    else:
        choice = _move_decided(ctx, rules, scripted)
    if choice is None:
        if not ctx.touchback and _receivers_skilled(ctx, rules):
            ctx.note_by("kickoff_move_default", _default_line, rules)  # who could have moved
        return False
    key = f"decisions.{rules.skill}"
    p = ctx.state.players[choice.player]
    path = choice.path
    ctx.note("kickoff_move", skill=rules.skill, player=p.id, path=[sq.as_list() for sq in path])
    turn = Turn(ctx.receiving, team_rerolls=False, once_per_turn_skills_allowed=False)
    from kickoff.core.activations import Rerolls  # here: made by a move (start-up, issue 16)

    # bb2025: his MA, then Rushes; otherwise the skill's squares whatever his MA, no Rush
    ma = None if rules.uses_ma else rules.squares
    standing, _ = move_steps(ctx, turn, p, path, Rerolls(), key, ma=ma)
    if not standing:
        ctx.note("kickoff_move_ends", player=p.id, why="fell over; the kick-off goes on")
    return True


def _move_decided(ctx: KickoffContext, rules: KickoffMove,
                  scripted: PlayerPath | None) -> PlayerPath | None:
    """The receiving coach's ``kickoff_move`` decision (options :func:`kickoff_move_paths`)."""
    key = f"decisions.{rules.skill}"
    choice: PlayerPath | None = ctx.decide(Decision(
        "kickoff_move", ctx.receiving, key, None, lambda: [None, *kickoff_move_paths(ctx)],
        lambda answer: _move_refusal(ctx, rules, key, answer), scripted, scripted is not None))
    return choice


def _move_refusal(ctx: KickoffContext, rules: KickoffMove, key: str,
                  choice: object) -> Problem | None:
    """Why the kick-off move ``choice`` is illegal before any die is rolled (``None``: it is
    not; its steps are checked as he moves)."""
    if not isinstance(choice, PlayerPath):
        return Problem(f"{choice!r} is not a player and a path", key, code="invalid")
    p = ctx.state.players.get(choice.player)
    if p is None:
        return no_player(choice.player, f"{key}.player")
    w = where_of(key, p)
    refusal = _refusal(ctx, rules, p)
    if refusal is not None:
        return w.problem(refusal)
    name = _WORDS[rules.skill][0]
    path = choice.path
    if not path:
        return Problem("empty; name at least one square, or give null for nobody", f"{key}.path",
                       (p.id,), code="illegal_choice")
    if len(path) > rules.squares:
        return w.problem(f"a path of {len(path)} squares; {name} moves up to {rules.squares}")
    pitch = ctx.state.pitch
    for i, sq in enumerate(path):
        if pitch.on_pitch(sq) and not pitch.in_half(ctx.receiving, sq):
            return Problem(f"{square_text(sq)} is in the kicking team's half: {name} does not "
                           "allow him to cross into it", f"{key}.path[{i}] ({p.id})", (p.id,),
                           (sq,), "illegal_choice")
    return None


def _refusal(ctx: KickoffContext, rules: KickoffMove, p: Player) -> str | None:
    """Why ``p`` may not make the kick-off move now, ``None`` if he may: a player of the
    kicking team or without the skill, not Standing on the pitch, Ball & Chain, on the Line of
    Scrimmage where the edition bars it, not Open."""
    st = ctx.state
    name, marked = _WORDS[rules.skill]
    if p.side != ctx.receiving:
        return f"{p.id} is not a player of the receiving team"
    if rules.skill not in p.skills:
        return f"{p.id} does not have {name}"
    if not p.standing or p.square is None:
        return f"only a Standing player on the pitch can use {name}"
    if "ball_and_chain" in p.skills:
        return f"a Ball & Chain player may not use {name}"
    if rules.los_barred and st.pitch.on_los(ctx.receiving, p.square):
        return f"a player on the Line of Scrimmage may not use {name}"
    if not st.is_open(p):
        return f"{p.id} is {marked}: only an Open player may use {name}"
    return None


def _default_line(ctx: KickoffContext, rules: KickoffMove) -> dict[str, Any] | None:
    """The log's line of a kick-off move nobody made: who could have made it (none when
    nobody could)."""
    able = _able(ctx, rules)
    return {"skill": rules.skill, "eligible": able} if able else None


def _able(ctx: KickoffContext, rules: KickoffMove) -> list[str]:
    """The receiving players who could make the kick-off move now (who the default leaves
    standing): those :func:`_refusal` lets move (nobody, without asking, when nobody of the
    team has the skill: asked once per set-up)."""
    if not _receivers_skilled(ctx, rules):
        return []
    return [p.id for p in ctx.state.teams[ctx.receiving].players
            if rules.skill in p.skills and _refusal(ctx, rules, p) is None]


def _receivers_skilled(ctx: KickoffContext, rules: KickoffMove) -> bool:
    """Whether the receiving team has a player with the kick-off move's skill (the sides with
    one asked once per set-up: ``SetupFacts.skilled``)."""
    st = ctx.state
    skilled = st.facts().skilled
    sides = skilled.get(rules.skill)
    if sides is None:
        sides = skilled[rules.skill] = frozenset(
            [side for side, t in st.teams.items()
             if any(rules.skill in p.skills for p in t.players)])
    return other_side(st.kicking) in sides


def kickoff_move_paths(ctx: KickoffContext) -> list[PlayerPath]:
    """Every kick-off move :func:`kickoff_move` accepts now (``[]`` without the ruleset's skill):
    for each receiving player :func:`_refusal` lets move, in team order, every path of 1 up to
    ``squares`` steps, each step adjacent to the last, into an empty square of the receiving
    team's half (his own starting square included, as :func:`~kickoff.core.actions.move.check_path`
    allows it once he has left it). Paths that come back are listed too: the exact solver
    (``play="best"``) merges paths by their outcomes, not by a rule of thumb."""
    rules = ctx.ruleset.kickoff_move
    if rules is None:
        return []
    st = ctx.state
    out: list[PlayerPath] = []
    for pid in _able(ctx, rules):
        p = st.players[pid]
        assert p.square is not None
        todo: list[tuple[Square, ...]] = [()]
        while todo:
            path = todo.pop(0)
            here = path[-1] if path else p.square
            if path:
                out.append(PlayerPath(pid, path))
            if len(path) == rules.squares:
                continue
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    sq = Square(here.x + dx, here.y + dy)
                    if (dx or dy) and st.pitch.in_half(ctx.receiving, sq) and (
                            sq == p.square or sq not in st.board):
                        todo.append((*path, sq))
    return out
