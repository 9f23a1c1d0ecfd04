"""The ball on its way: catches, bounces, throw-ins and the touchback.

Sources: seed 003 ("Bouncing Balls", "Throw-ins"), ``rulings.md`` sections 2.5-2.6, 3 and 4,
``pitch-and-dice.md`` (templates). During a kick-off a ball that leaves the pitch or enters the
kicking area is a touchback at once; where no touchback is possible (after a touchback given to a
Prone or Stunned player) a ball leaving the pitch is thrown in.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from kickoff.core.ball_states import Arrive as Arrive
from kickoff.core.ball_states import Bounce as Bounce
from kickoff.core.ball_states import Held as Held
from kickoff.core.ball_states import HeldMarked as HeldMarked
from kickoff.core.ball_states import InAir as InAir
from kickoff.core.ball_states import Rests as Rests
from kickoff.core.ball_states import RestsInReach as RestsInReach
from kickoff.core.ball_states import ThrowIn as ThrowIn
from kickoff.core.ball_states import Touchback as Touchback
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext, no_player
from kickoff.core.decisions import RerollChoices
from kickoff.core.dice import DieKind
from kickoff.core.errors import DecisionError
from kickoff.core.log import Step
from kickoff.core.pitch import (
    CORNER_D3,
    NEIGHBOURS,
    RANDOM_DIRECTION,
    Edge,
    Side,
    Square,
    other_side,
    square_at,
    throw_in_direction,
)
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, roll_test
from kickoff.core.ruleset import CatchKind
from kickoff.core.state import GameState, Player, mark_key, tackle_zones

#: Disturbing Presence reaches players within this many squares (every edition).
DISTURBING_PRESENCE_SQUARES: Final = 3

#: The log's lines of the ball's journey (``docs/formats.md``, "The log's replayed steps").
CATCH_LINE: Final = Step("catch", "player", "success")
SCATTER_LINE: Final = Step("scatter", "to", "touchback")
BOUNCE_LINE: Final = Step("bounce", "to")
TOUCHBACK_LINE: Final = Step("touchback", "to")


def disturbing_presences(state: GameState, player: Player) -> int:
    """Opposing players with Disturbing Presence within three squares of ``player``, whatever
    their status (LRB6: "even if the Disturbing Presence player is Prone or Stunned"; bb2020:
    "even if the player with this Skill is Prone, Stunned or has lost their Tackle Zone")."""
    sq = player.square
    return 0 if sq is None else _presences(state, sq, player.side)


def _presences(state: GameState, square: Square, side: Side) -> int:
    """Opposing Disturbing Presence players within three squares of a player of ``side`` on
    ``square`` (:func:`disturbing_presences`): none without one on the pitch
    (:func:`anyone_disturbing`), else the skills of those within reach (:data:`CATCH_READS`)."""
    if not anyone_disturbing(state):
        return 0
    n = 0
    x, y = square
    reach = DISTURBING_PRESENCE_SQUARES
    for q in state.teams[other_side(side)].players:
        sq = q.square
        if (sq is not None and -reach <= sq.x - x <= reach and -reach <= sq.y - y <= reach
                and "disturbing_presence" in q.skills):
            n += 1
    return n


def anyone_disturbing(state: GameState) -> bool:
    """Whether any player on the pitch has Disturbing Presence: asked once per set-up
    (``GameState.facts``), reading the skills of every player on the pitch."""
    facts = state.facts()
    if facts.any_presence is None:
        facts.any_presence = any("disturbing_presence" in q.skills
                                 for q in state.board.values())
    return facts.any_presence


def reach(players: Iterable[Player]) -> tuple[int, int]:
    """How far (in squares, in any direction) one step of the ball from an arrival can look
    around the square where the ball comes down, with ``players`` on the pitch, as ``(full,
    presence)``: ``full``, the squares whose players it may read in every way: the catcher's
    :data:`CATCH_READS` (1: the catcher and the tackle zones on him), one more with Diving Catch
    (:data:`DIVING_CATCH_READS`: a catcher next to the square); ``presence``, the squares where
    it may count a Disturbing Presence player (three from a catcher), 0 without one on the
    pitch. The exact solver shares work between worlds that agree within these
    (``kickoff.analysis.exact.worlds``)."""
    skills: set[str] = set()
    for p in players:
        if p.square is not None:
            skills |= p.skills
    catcher = DIVING_CATCH_READS.players if "diving_catch" in skills else 0
    presence = catcher + CATCH_READS.presence if "disturbing_presence" in skills else 0
    return catcher + CATCH_READS.players, presence


def catch_roll_target(ctx: KickoffContext, player: Player, kind: CatchKind) -> tuple[int, int]:
    """``(target, modifier)`` of a catch: the D6 plus ``modifier`` must reach ``target``.

    Modifiers (rulings.md 3, docs/rulings.md "Catch skills"): the situation's modifier, +1 with
    Extra Arms, -1 per opposing Standing adjacent player (not with Nerves of Steel), -1 per
    opposing Disturbing Presence within three squares, -1 in Pouring Rain.
    """
    rs = ctx.ruleset
    mod = rs.catch_modifier[kind]
    if "extra_arms" in player.skills:
        mod += 1
    if player.square is not None:
        zones, presences = marks(ctx.state, player.square, player.side)
        if "nerves_of_steel" not in player.skills:
            mod -= zones
        mod -= presences
    if ctx.state.weather == "pouring_rain":
        mod -= 1
    return rs.agility_target(player.ag), mod


def marks(state: GameState, square: Square, side: Side) -> tuple[int, int]:
    """``(tackle zones, Disturbing Presences)`` on a player of ``side`` on ``square`` (of the
    pitch): the opposing Standing players next to it (:func:`tackle_zones`) and the opposing
    Disturbing Presence players within three squares (:func:`disturbing_presences`), counted
    once per set-up (``GameState.facts``)."""
    cache = state.facts().marks
    key = mark_key(square, side)
    known = cache.get(key)
    if known is None:
        known = cache[key] = (len(tackle_zones(state, square, side)),
                              _presences(state, square, side))
    return known


#: The key path of the re-roll choices of catches made outside the catcher's own turn.
CATCH_REROLL: Final = "decisions.catch_reroll"


def catch(
    ctx: KickoffContext,
    player: Player,
    kind: CatchKind,
    turn: Turn | None = None,
    choice: RerollChoices = None,
    where: str | None = None,
) -> bool:
    """``player`` tries to catch; Catch (classic and bb2020 also Monstrous Mouth; classic Pro at
    a kick-off, 4+ first) re-rolls a failure once (rulings.md 3).

    ``turn``: the team turn the catch happens in, if any (a ball bouncing during an action): a
    catcher of the acting team may then re-roll as ``choice`` says (a team re-roll included,
    ``kickoff.core.rolls``); outside a turn, or for the other team, only his skills, as
    ``decisions.catch_reroll`` says (one choice per such failed catch, in order; default: the
    skill re-roll).
    Pro only for the acting player himself, except in classic (``activation_skills``).
    ``where`` names the choice in messages (default: the acting activation's
    ``<where>.reroll.catch``, e.g. ``actions[0].reroll.catch``).
    """
    target, mod = catch_roll_target(ctx, player, kind)
    own_turn = turn if turn is not None and turn.active == player.side else None
    choices: RerollChoices
    if own_turn is None:
        # outside his own team's turn: the kick-off's list, one choice per failed catch
        where, choices = CATCH_REROLL, ctx.decisions.catch_reroll
    else:
        choices = choice
        if where is None:
            where = f"{turn.where}.reroll.catch" if turn is not None and turn.where else "catch"
    skill = "catch"
    for s in ctx.ruleset.catch_reroll_skills:
        if s in player.skills:
            skill = s
            break
    ok = roll_test(ctx, own_turn, player, target, mod, what="catch", skill=skill,
                   choice=choices, where=where)
    ctx.line(CATCH_LINE, player.id, ok)
    return ok


def diving_catchers(ctx: KickoffContext, square: Square, turn: Turn | None = None) -> list[Player]:
    """The players who may attempt a Diving Catch of a ball coming down on ``square``, in the
    default order: Standing players with Diving Catch who can catch, adjacent to ``square``;
    the team of the coach who orders the attempts first (in a team turn the active team, at a
    kick-off the kicking team: bb2020 FAQ, "in an order chosen by the active team's coach"),
    then the other, each in input order. Whether the landing allows any is
    :func:`diving_catch`'s business."""
    facts = ctx.state.facts()
    any_diver = facts.any_diver
    if any_diver is None:  # (read here first: every landing asks)
        any_diver = anyone_may_dive(ctx.state)
    if not any_diver:
        return []
    divers = facts.divers
    key = mark_key(square, "home")
    near = divers.get(key)
    if near is None:
        board = ctx.state.board
        x, y = square
        near = []
        for dx, dy in NEIGHBOURS:
            q = board.get((x + dx, y + dy))
            if q is not None and "diving_catch" in q.skills and q.can_catch():
                near.append(q)
        divers[key] = near
    if len(near) < 2:
        return list(near)
    first = turn.active if turn is not None else ctx.kicking
    return [p for side in (first, other_side(first)) for p in ctx.state.teams[side].players
            if p in near]


def anyone_may_dive(state: GameState) -> bool:
    """Whether any player on the pitch has Diving Catch and can catch: asked once per set-up
    (``GameState.facts``), reading the skills of every player on the pitch and, for those with
    Diving Catch, what ``Player.can_catch`` reads."""
    facts = state.facts()
    if facts.any_diver is None:
        facts.any_diver = any("diving_catch" in q.skills and q.can_catch()
                              for q in state.board.values())
    return facts.any_diver


def diving_catch_options(candidates: Sequence[str]) -> list[tuple[str, ...]]:
    """The Diving Catch decision's options at one landing: every order of every subset of the
    ``candidates`` who may attempt (nobody first, then by size, each in the candidates' order);
    the default, all of them in the default order, is among them."""
    out: list[tuple[str, ...]] = []
    for k in range(len(candidates) + 1):
        out.extend(itertools.permutations(candidates, k))
    return out


def _attempting(ctx: KickoffContext, candidates: list[Player]) -> list[Player]:
    """The candidates who attempt, in order: the coach's ``diving_catch`` decision (scripted: the
    players of ``decisions.diving_catch`` who may attempt here, in its order; default: all of
    them, in the default order). The decision is the kicking team's when all candidates are
    its, else the receiving team's (a landing's candidates are rarely of both)."""
    chosen = ctx.decisions.diving_catch
    if chosen is None and ctx.plain:
        return candidates
    by_id = {p.id: p for p in candidates}
    scripted: tuple[str, ...] | None = None
    if chosen is not None:
        picked: list[str] = []
        for pid in chosen:
            p = ctx.player(pid, "decisions.diving_catch")
            if "diving_catch" not in p.skills:
                raise DecisionError.at("decisions.diving_catch", f"{pid} has no Diving Catch skill")
            if pid in by_id and pid not in picked:
                picked.append(pid)
        scripted = tuple(picked)

    def refuse(answer: object) -> Problem | None:
        if isinstance(answer, tuple) and len(set(answer)) == len(answer) and all(
                pid in by_id for pid in answer):
            return None
        return Problem(f"{answer!r}: only players who may attempt a Diving Catch here, each "
                       "once: " + ", ".join(by_id), "decisions.diving_catch",
                       code="illegal_choice")

    ids = tuple(by_id)
    side = ctx.kicking if all(p.side == ctx.kicking for p in candidates) else ctx.receiving
    answer = ctx.decide(Decision("diving_catch", side, "decisions.diving_catch", ids,
                                 lambda: diving_catch_options(ids), refuse, scripted,
                                 scripted is not None))
    return [by_id[pid] for pid in answer]


def diving_catch(
    ctx: KickoffContext, s: Arrive, turn: Turn | None = None, choice: RerollChoices = None
) -> BallState | None:
    """Diving Catch for a kick, pass or throw-in ``s`` coming down where nobody catches it: the
    state that follows, or ``None`` when nobody attempts one (the ball then bounces as usual).

    Each attempt is a catch with the landing's modifiers taken on the catcher's own square,
    where he stays; a ball caught (or, classic, bouncing from a catcher) in the kicking area
    during a kick-off is a touchback. The edition's :class:`~kickoff.core.ruleset.DivingCatchRules`
    say whether the landing square must be empty, whether two or more attempting cancel each
    other, and where a failed catch bounces from. Sources: LRB6 / bb2020 / bb2025 Skills,
    Diving Catch; the bb2020 FAQ; docs/rulings.md "Catch skills".
    """
    rules = ctx.ruleset.diving_catch
    if rules.empty_square and s.square in ctx.state.board:
        return None
    attempting = _attempting(ctx, diving_catchers(ctx, s.square, turn))
    if not attempting:
        return None
    if rules.one_at_most and len(attempting) > 1:
        ctx.note("diving_catch", players=[p.id for p in attempting], attempted=False,
                 why="two or more get in each other's way: none may")
        return None
    for catcher in attempting:
        sq = catcher.square
        assert sq is not None
        ctx.note("diving_catch", player=catcher.id, square=sq.as_list(), ball=s.square.as_list(),
                 default=ctx.decisions.diving_catch is None)
        if catch(ctx, catcher, s.kind, turn, choice, where="diving catch"):
            if s.touchback_possible and ctx.out_of_play(sq):
                return Touchback(sq)
            return Held(catcher.id, sq, not s.touchback_possible)
        if rules.bounce_from_catcher:
            if s.touchback_possible and ctx.out_of_play(sq):
                return Touchback(sq)
            return Bounce(sq, s.touchback_possible)
    return Bounce(s.square, s.touchback_possible)


# -- the ball's journey as a chain of states ------------------------------------------------------
#
# Each state below is one point of the ball's journey; :func:`step` rolls the dice of one move and
# returns the next state. The driver :func:`follow` plays a journey to its end for a kick-off; the
# exact solver (kickoff.analysis) calls the same :func:`step` to read the transition probabilities
# of the chain (bounce and catch loops included) and solve it exactly.


BallState = InAir | Arrive | Bounce | ThrowIn | Touchback | Held | Rests
END_STATES: Final = (Held, Rests)


# -- what a step of the ball reads, as data --------------------------------------------------------
#
# The exact solver shares one step's work between set-ups that agree on everything the step reads
# (``kickoff.analysis.exact.worlds`` derives its keys from these declarations), so a rule above that
# comes to read more must say so here. Distances are in squares in any direction
# (``max(|dx|, |dy|)``) from the square named.

#: What a step of the ball reads of a player besides where he stands: who he is, his team,
#: whether he can catch (status, skills, a lost tackle zone among his effects), his catch skills
#: and modifiers, his Agility.
PLAYER_FIELDS: tuple[str, ...] = ("id", "side", "status", "skills", "ag", "effects")


@dataclass(frozen=True, slots=True)
class Reads:
    """What a rule reads around a square (``-1``: nothing): ``players``, every field of
    :data:`PLAYER_FIELDS` of the players within that distance; ``occupied``, only whether the
    squares around it (not the square itself) within that distance are occupied; ``presence``,
    only where Disturbing Presence players stand within that distance (their ``skills``);
    ``weather``, whether it reads the weather; ``ball``, which fields of the ball's state
    (:data:`BallState`) a step from it reads."""

    players: int = -1
    occupied: int = -1
    presence: int = -1
    weather: bool = False
    ball: tuple[str, ...] = ()


#: A catch (:func:`catch_roll_target`), around the catcher's square: him and the players next
#: to him (tackle zones), the Disturbing Presence players within three squares, the weather.
CATCH_READS = Reads(players=1, presence=DISTURBING_PRESENCE_SQUARES, weather=True)
#: Who may dive for a ball coming down on a square (:func:`diving_catchers`): the players next
#: to it, each then a catch (:data:`CATCH_READS`) around his own square.
DIVING_CATCH_READS = Reads(players=1)
#: The arrivals Diving Catch may be tried for (:func:`_arrive`): a kick, pass or throw-in coming
#: down, never a bounce (LRB6 / bb2020 / bb2025 Skills, Diving Catch: "lands in", "bounces" is
#: not a landing). A bounce's arrival reads no further than a catch on its square.
DIVING_CATCH_KINDS: frozenset[CatchKind] = frozenset({"kickoff", "throw_in", "kicked"})
#: One step from each state (:func:`step`), around the ball's square: an arrival reads the
#: player there and, if he can catch, his catch (:data:`CATCH_READS`), else (a kick, pass or
#: throw-in) those who may dive (:data:`DIVING_CATCH_READS`); a bounce, whether the squares next
#: to it are occupied (into an empty one the ball stops); a ball in the air or thrown in reads no
#: player. A touchback reads what :func:`award` does (:data:`AWARD_TAKER_FIELDS`). Of the ball's
#: own state (``ball``): a throw-in, only its last square on the pitch, not where the ball went
#: off (the edge follows from the square; at a corner the corner rule, or classic's end line,
#: leaves the edge unread; the Kick It! solver keeps one throw-in per edge); a touchback,
#: nothing: where the ball left the pitch changes nothing that follows (the kick-off solver
#: keeps one touchback).
STEP_READS: dict[type, Reads] = {
    Arrive: Reads(players=0, ball=("square", "kind", "touchback_possible")),
    Bounce: Reads(occupied=1, ball=("square", "touchback_possible")),
    InAir: Reads(ball=("square", "scatters")),
    ThrowIn: Reads(ball=("last",)),
    Touchback: Reads(),
}
#: Besides, once per set-up (``GameState.facts``), whether anybody on the pitch may dive at all
#: (:func:`anyone_may_dive`: every player's skills and what ``Player.can_catch`` reads) and
#: whether anybody has Disturbing Presence (:func:`anyone_disturbing`: every player's skills);
#: where nobody may, an arrival looks for no diver, a catch for no presence (:func:`reach`).
#: A touchback (:func:`award`) reads who of the receiving team can take the ball (the
#: decision's options: what ``Player.can_catch`` reads of each) ...
#: ... and these fields of the player who takes it (the one the decision names, else the first
#: who can; the exact solver's award key adds whether he is Marked, which its board objectives
#: read); with nobody who can, every player (his square and :data:`PLAYER_FIELDS`: where the
#: ball is placed, whom it bounces from, who may catch it then) and the weather.
AWARD_TAKER_FIELDS: tuple[str, ...] = ("id", "square")


def step(
    ctx: KickoffContext, state: BallState, turn: Turn | None = None, choice: RerollChoices = None
) -> BallState:
    """One move of the ball from ``state``, rolling its dice through ``ctx``: the next state.

    ``turn`` / ``choice``: the team turn the ball moves in, if any, and the acting team's catch
    re-roll choice (see :func:`catch`). ``Held`` and ``Rests`` are ends; stepping them is an error.
    """
    if isinstance(state, Arrive):  # the states in the order of how often a kick-off meets them
        return _arrive(ctx, state, turn, choice)
    if isinstance(state, Bounce):
        return _bounce(ctx, state)
    if isinstance(state, Touchback):
        return _touchback(ctx, state)
    if isinstance(state, InAir):
        return _scatter(ctx, state)
    if isinstance(state, ThrowIn):
        return _throw_in(ctx, state)
    raise ValueError(f"{state!r} is an end state")


def _scatter(ctx: KickoffContext, s: InAir) -> BallState:
    dx, dy = NEIGHBOURS[ctx.roll("d8", "changing weather scatter", 8) - 1]  # the template
    nxt = square_at(s.square[0] + dx, s.square[1] + dy)
    out = ctx.out_of_play(nxt)
    ctx.line(SCATTER_LINE, nxt, out)
    if out:
        return Touchback(nxt)
    if s.scatters > 1:
        return InAir(nxt, s.scatters - 1)
    return Arrive(nxt, "kickoff", touchback_possible=True)


def _arrive(
    ctx: KickoffContext, s: Arrive, turn: Turn | None = None, choice: RerollChoices = None
) -> BallState:
    player = ctx.state.board.get(s.square)
    if player is not None and player.can_catch():
        if catch(ctx, player, s.kind, turn, choice):
            return Held(player.id, s.square, not s.touchback_possible)
        return Bounce(s.square, s.touchback_possible)
    if s.kind in DIVING_CATCH_KINDS:  # a kick, pass or throw-in: Diving Catch may be tried
        dived = diving_catch(ctx, s, turn, choice)
        if dived is not None:
            return dived
    if player is None and s.kind == "bounce":
        return Rests(s.square, not s.touchback_possible)
    # an empty landing square (kick, throw-in) or a player who cannot catch: it bounces
    return Bounce(s.square, s.touchback_possible)


def _bounce(ctx: KickoffContext, s: Bounce) -> BallState:
    dx, dy = NEIGHBOURS[ctx.roll("d8", "bounce direction", 8) - 1]  # the template
    nxt = square_at(s.square[0] + dx, s.square[1] + dy)
    ctx.line(BOUNCE_LINE, nxt)
    if s.touchback_possible and ctx.out_of_play(nxt):
        return Touchback(nxt)
    if not ctx.state.pitch.on_pitch(nxt):
        return ThrowIn(s.square, nxt)
    if nxt not in ctx.state.board:
        return Rests(nxt, not s.touchback_possible)  # into an empty square, it stops
    return Arrive(nxt, "bounce", s.touchback_possible)


#: A throw-in's distance: 2D6 (``throw_in``).
THROW_IN_DISTANCE_DICE: Final[tuple[tuple[DieKind, str], ...]] = (("d6", "throw-in distance"),
                                                                   ("d6", "throw-in distance"))


def _throw_in(ctx: KickoffContext, s: ThrowIn) -> BallState:
    pitch = ctx.state.pitch
    dx, dy = _throw_in_direction(ctx, s.last, s.off)
    dist = sum(ctx.roll_dice(THROW_IN_DISTANCE_DICE, sum))
    dist += ctx.ruleset.throw_in_offset
    ctx.note("throw_in", start=s.last.as_list(), direction=[dx, dy], distance=dist)
    sq = s.last
    for _ in range(dist):
        nxt = Square(sq.x + dx, sq.y + dy)
        if not pitch.on_pitch(nxt):
            return ThrowIn(sq, nxt)
        sq = nxt
    return Arrive(sq, "throw_in", False)


def _touchback(ctx: KickoffContext, s: Touchback) -> BallState:
    ctx.touchback = True
    ctx.landing = s.at
    return award(ctx)


def follow(
    ctx: KickoffContext, state: BallState, turn: Turn | None = None, choice: RerollChoices = None
) -> BallState:
    """Play the ball's journey from ``state`` to its end; put the ball there; the end state.
    ``turn`` / ``choice``: as :func:`step`."""
    while not isinstance(state, (Held, Rests)):
        state = step(ctx, state, turn, choice)
    st = ctx.state
    if isinstance(state, Held):
        st.ball, st.carrier = state.square, state.player
    else:
        st.ball, st.carrier = state.square, None
    return state


def bounce(
    ctx: KickoffContext,
    start: Square,
    touchback_possible: bool,
    turn: Turn | None = None,
    choice: RerollChoices = None,
) -> BallState:
    """Bounce from ``start`` until the ball rests or is caught (a touchback where possible).
    ``turn`` / ``choice``: the team turn it bounces in, if any (see :func:`catch`)."""
    return follow(ctx, Bounce(start, touchback_possible), turn, choice)


def _throw_in_direction(ctx: KickoffContext, last: Square, off: tuple[int, int]) -> tuple[int, int]:
    pitch = ctx.state.pitch
    rs = ctx.ruleset
    if ctx.decisions.throw_in_die == "d8":
        # classic option: the Random Direction template, re-rolled while its first step leaves.
        value = ctx.roll_until(
            "d8", "throw-in direction (d8)",
            lambda v: pitch.on_pitch((last.x + RANDOM_DIRECTION[v][0],
                                      last.y + RANDOM_DIRECTION[v][1])),
        )
        return RANDOM_DIRECTION[value]
    corner = pitch.corner(last)
    if corner is not None and rs.corner_rule:
        return CORNER_D3[corner][ctx.roll("d3", "throw-in direction from a corner") - 1]
    edge: Edge
    if corner is not None:
        # classic ruling: a corner square is treated as the end line.
        edge = "home_end" if last.x == 0 else "away_end"
    else:
        edge = pitch.edge_crossed(last, off)
    return throw_in_direction(edge, ctx.roll("d6", f"throw-in direction ({edge})"))


def throw_in(ctx: KickoffContext, last: Square, off: tuple[int, int]) -> BallState:
    """Throw the ball in from ``last`` (its last square on the pitch); ``off`` is where it went.

    Direction first (D6 template, D3 at a corner where the ruleset has the corner rule), then
    2D6 distance (bb2025: the start square counts as the first). Out again: a new throw-in from
    the last square on the pitch. It lands like a bounce (throw-in catch modifiers); an empty
    square or a player who cannot catch makes it bounce. Plays on to the end of the journey.
    """
    return follow(ctx, ThrowIn(last, Square(off[0], off[1])))


def can_take_touchback(state: GameState, p: Player) -> bool:
    """Whether ``p`` may be given a touchback's ball to hold (rulings.md 2.6): a receiving
    player Standing on the pitch, able to catch."""
    return p.side == state.receiving and p.can_catch()


def touchback_recipients(state: GameState) -> list[Player]:
    """The options of the ``touchback`` decision while anybody can hold the ball: the receiving
    players :func:`can_take_touchback` allows, in team order (the first is the default)."""
    return [p for p in state.teams[state.receiving].players if p.can_catch()]


def default_taker(state: GameState) -> Player | None:
    """The ``touchback`` decision's default while anybody can hold the ball: the first of
    :func:`touchback_recipients` (``None``: nobody can)."""
    for p in state.teams[state.receiving].players:
        if p.can_catch():
            return p
    return None


#: The ``touchback`` decision's key path.
_TOUCHBACK: Final = "decisions.touchback"


def award(ctx: KickoffContext) -> BallState:
    """Resolve a touchback (rulings.md 2.6) with the receiving coach's ``touchback`` decision
    (``ctx.decide``): the state that follows (a player holds it, it is placed, or it bounces from
    a downed player). Its options: the players who can hold it (:func:`touchback_recipients`);
    else, where the ball goes to a square, that square (bb2025: any empty square of the
    receiving area, the default the one nearest the centre); else the downed receivers."""
    st = ctx.state
    rs = ctx.ruleset
    choice = ctx.decisions.touchback
    recipients = touchback_recipients(st)
    if recipients:
        taker = _taker(ctx, choice, recipients, "is not an eligible recipient")
        ctx.line(TOUCHBACK_LINE, taker.id)
        assert taker.square is not None
        return Held(taker.id, taker.square, True)
    downed = [p for p in st.teams[ctx.receiving].players
              if p.square is not None and p.status != "standing"]
    if rs.touchback_without_recipient == "square" or not downed:
        return _touchback_square(ctx, choice)
    # classic / bb2020 / sevens with only Prone or Stunned receivers: bounce from one of them.
    player = _taker(
        ctx, choice, downed,
        "cannot be named; no receiving player can hold the ball, name a Prone or Stunned "
        "receiving player",
    )
    assert player.square is not None
    ctx.note("touchback", to=player.id, why="no eligible recipient: bounce from a downed player")
    return Bounce(player.square, touchback_possible=False)


def _taker(ctx: KickoffContext, choice: str | Square | None, among: list[Player],
           refusal: str) -> Player:
    """The player the ``touchback`` decision names among ``among`` (default: the first)."""
    if choice is None and ctx.plain:
        return among[0]
    st = ctx.state

    ids = [p.id for p in among]

    def refuse(answer: object) -> Problem | None:
        if answer in ids:
            return None
        if isinstance(answer, str) and answer not in st.players:
            return no_player(answer, _TOUCHBACK)
        return Problem(f"{_describe(answer)} {refusal}; eligible: "
                       + ", ".join(p.id for p in among), _TOUCHBACK, code="illegal_choice")

    pid = ctx.decide(Decision("touchback", ctx.receiving, _TOUCHBACK, ids[0], lambda: ids, refuse,
                              choice, choice is not None))
    return st.players[pid]


def _touchback_square(ctx: KickoffContext, choice: str | Square | None) -> BallState:
    """Nobody can hold a touchback's ball: the square it is placed on (the decision's options:
    bb2025, any empty square of the receiving area; the default, and elsewhere the only one,
    the empty square nearest the centre of the receiving set-up zone)."""
    st = ctx.state
    pitch = st.pitch
    named = ctx.ruleset.touchback_without_recipient == "square"
    nearest = pitch.nearest_empty(
        pitch.setup_zone_squares(ctx.receiving), pitch.centre[ctx.receiving], set(st.board))

    def squares() -> list[Square | None]:
        if not named:
            return [nearest]
        return [nearest, *(sq for sq in pitch.squares() if sq != nearest and sq not in st.board
                           and pitch.in_receiving_area(ctx.receiving, sq))]

    def refuse(answer: object) -> Problem | None:
        if isinstance(answer, Square) and named:
            if pitch.in_receiving_area(ctx.receiving, answer) and answer not in st.board:
                return None
            message = f"square {list(answer)} is not an empty square of the receiving area"
        else:
            message = (f"{_describe(answer)} cannot be given the ball: no receiving player can "
                       "hold it; the ball goes to the empty square nearest the centre of the "
                       "receiving set-up zone")
        return Problem(message, _TOUCHBACK, code="illegal_choice")

    sq = nearest if choice is None and ctx.plain else ctx.decide(Decision(
        "touchback", ctx.receiving, _TOUCHBACK, nearest, squares, refuse, choice,
        choice is not None))
    if named and sq is not None and (sq != nearest or sq == choice):
        ctx.note("touchback", to=sq.as_list(), why="square named by the receiving coach")
        return Rests(sq, True)
    ctx.note("touchback", to=None if nearest is None else nearest.as_list(),
             why="no eligible recipient: nearest empty square to the centre")
    return Rests(nearest, True)


def _describe(choice: object) -> str:
    return f"square {list(choice)}" if isinstance(choice, Square) else f"player {choice!r}"
