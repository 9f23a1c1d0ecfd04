"""The Kick It! Kick action (seed 000; ``rulings.md`` 7; ``scenario-format.md``, "Actions").

Once per team turn one player of the active team may take a Kick action: an ordinary move, then
(with an ``aim``) a kick. The order of play, which is also the order of the dice
(``pitch-and-dice.md``, "Scripted dice" 4):

1. the kicker's move (his Dodge, Rush and pick-up rolls);
2. the kick is declared: the Throw-in template over the kicker, its 3-4 arrow at ``aim``;
3. an opposing Pass Block move (up to 3 squares, normal Dodge rolls, ending adjacent to the
   kicker);
4. the kick block, if one is declared: D6 against the blocker's agility target, -1 per opposing
   tackle zone on him, Very Long Legs +1; success: the ball bounces once from his square and it
   is a turnover;
5. the away roll: D6 against the kicker's agility target, -1 per opposing tackle zone on him
   (not with Nerves of Steel), Very Sunny -1, -1 per adjacent opposing Foul Appearance; a natural
   6 succeeds; a natural 1 or a result of 1 or less is a fumble (the ball bounces once from the
   kicker's square, turnover); otherwise success is accurate, failure a shank;
6. the distance: D6 + ST squares, halved (rounded down) when shanked;
7. accurate: the coach's landing square in the template's spread at exactly that distance (Pooch
   Kick: any distance from 1 up to it), on the pitch; none there: the ball flies along the 3-4
   arrow into the crowd. Shanked: D6 1-3 along the 1-2 arrow, 4-6 along the 5-6 arrow;
8. the ball comes down: a Standing player who can catch catches it as an inaccurate pass
   (``rulings.md`` 3, catch kind ``"kicked"``), otherwise it bounces; into the crowd, a throw-in.

A turnover comes only from a fumble, a block, or no player of the active team holding the ball
once it comes to rest (besides the move's own: a kicker who falls, a failed pick-up).

Every die goes through the context; the exact odds (``kickoff.analysis.kick``) enumerate this same
code with :func:`kick_flight` and the ball's journey chain (``kickoff.core.ball.step``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from kickoff.core import ball
from kickoff.core.actions.activation import Activation, PassBlock
from kickoff.core.context import Decisions, KickoffContext
from kickoff.core.dice import Dice
from kickoff.core.errors import DecisionError, NotSupportedError
from kickoff.core.pitch import NEIGHBOURS, Side, Square, aimed_template, distance, spread
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState, Player

#: What became of a Kick action's kick.
KickOutcome = Literal["no_kick", "fell", "blocked", "fumbled", "accurate", "shanked"]
KICK_OUTCOMES: tuple[KickOutcome, ...] = (
    "no_kick", "fell", "blocked", "fumbled", "accurate", "shanked",
)


@dataclass(frozen=True)
class LandingOptions:
    """The squares an accurate kick may be put on (``rulings.md`` 7): ``allowed`` (on the pitch,
    in the spread at exactly ``distance``, or with Pooch Kick at any distance from 1 up to it,
    ordered by distance, then ``x``, then ``y``) and ``default`` (the format's default: the first
    square of the spread at exactly ``distance``, by ``x`` then ``y``; ``None``: the spread has no
    square on the pitch there, so the ball goes into the crowd)."""

    kicker: str
    origin: Square
    aim: tuple[int, int]
    distance: int
    pooch_kick: bool
    allowed: tuple[Square, ...]
    default: Square | None


#: Chooses an accurate kick's landing: a square of ``allowed``, or ``None`` (into the crowd,
#: only when ``default`` is ``None``).
LandingPolicy = Callable[[LandingOptions], Square | None]


@dataclass(frozen=True)
class Flight:
    """A Kick action played up to the ball's journey.

    ``outcome``: what became of the kick; ``start``: the state the ball's journey starts from
    (``None``: the ball does not move, no kick was made); ``turnover``: already a turnover
    whatever the ball does (a fall, a failed pick-up, a block, a fumble).
    """

    outcome: KickOutcome
    start: ball.BallState | None
    turnover: bool


@dataclass
class Turn:
    """The active team's turn as the Kick action sees it: who acts, and whether it has ended in
    a turnover."""

    side: Side
    turnover: bool = False
    acted: set[str] = field(default_factory=set)
    kick_by: str | None = None


@dataclass
class TurnResult:
    """What the activations of a turn did: the state after them (ball and carrier included),
    whether the turn ended in a turnover, and the log (for people)."""

    state: GameState
    turnover: bool
    log: list[dict[str, Any]]


# -- tests of a player ---------------------------------------------------------------------------


def away_result(roll: int, target: int, modifier: int) -> Literal["accurate", "shanked", "fumbled"]:
    """The away roll (seed 000): a natural 6 is accurate; a natural 1, or 1 or less after
    modifiers, is a fumble; otherwise ``roll + modifier >= target`` is accurate, else shanked."""
    if roll == 6:
        return "accurate"
    if roll == 1 or roll + modifier <= 1:
        return "fumbled"
    return "accurate" if roll + modifier >= target else "shanked"


def away_modifier(ctx: KickoffContext, kicker: Player) -> int:
    """The away roll's modifier (``rulings.md`` 7): the ruleset's tackle-zone modifier per
    opposing Standing player adjacent to the kicker (none with Nerves of Steel), the weather's,
    and the Foul Appearance modifier per adjacent opposing Standing player with the skill."""
    rules = ctx.ruleset.kick_it
    st = ctx.state
    mod = rules.weather.get(st.weather, 0)
    if "nerves_of_steel" not in kicker.skills:
        mod += rules.tackle_zone * st.adjacent_opponents(kicker)
    foul = sum(1 for p in _adjacent(st, kicker.square)
               if p.side != kicker.side and p.standing and "foul_appearance" in p.skills)
    return mod + rules.foul_appearance * foul


def kick_block_modifier(ctx: KickoffContext, blocker: Player) -> int:
    """The kick block's modifier (``rulings.md`` 7): the tackle-zone modifier per opposing
    Standing player adjacent to the blocker (none with Nerves of Steel, ruling: as for an
    interception), plus Very Long Legs'."""
    rules = ctx.ruleset.kick_it
    mod = 0
    if "nerves_of_steel" not in blocker.skills:
        mod += rules.tackle_zone * ctx.state.adjacent_opponents(blocker)
    if "very_long_legs" in blocker.skills:
        mod += rules.very_long_legs
    return mod


def _adjacent(st: GameState, sq: Square | None) -> list[Player]:
    if sq is None:
        return []
    found = (st.board.get((sq.x + dx, sq.y + dy)) for dx, dy in NEIGHBOURS)
    return [p for p in found if p is not None]


def _test(ctx: KickoffContext, why: str, target: int, modifier: int) -> bool:
    """One D6 test of a player (natural 1 fails, natural 6 succeeds), as a two-way chance."""
    (roll,) = ctx.roll_dice([("d6", why)],
                            lambda v: ball.roll_succeeds(v[0], target, modifier))
    return ball.roll_succeeds(roll, target, modifier)


# -- the landing ---------------------------------------------------------------------------------


def landing_options(
    ctx: KickoffContext, kicker: Player, aim: tuple[int, int], dist: int
) -> LandingOptions:
    """The squares an accurate kick of ``dist`` squares along ``aim`` may come down on."""
    assert kicker.square is not None
    pitch = ctx.state.pitch
    pooch = "pooch_kick" in kicker.skills
    exact = [sq for sq in spread(kicker.square, aim, dist) if pitch.on_pitch(sq)]
    allowed: list[Square] = []
    for n in range(1, dist + 1) if pooch else (dist,):
        allowed.extend(sq for sq in spread(kicker.square, aim, n) if pitch.on_pitch(sq))
    return LandingOptions(kicker.id, kicker.square, aim, dist, pooch, tuple(allowed),
                          exact[0] if exact else None)


def coach_landing(act: Activation) -> LandingPolicy:
    """The landing the activation names (checked), or the format's default."""

    def choose(opts: LandingOptions) -> Square | None:
        if act.landing is None:
            return opts.default
        if act.landing in opts.allowed:
            return act.landing
        return _bad_landing(act, opts)

    return choose


def _bad_landing(act: Activation, opts: LandingOptions) -> Square | None:
    assert act.landing is not None
    sq = list(act.landing)
    where = "at distance 1.." if opts.pooch_kick else "at exactly distance "
    if not opts.allowed:
        why = (f"no square of the spread at distance {opts.distance} is on the pitch: the ball "
               "goes into the crowd (leave landing out)")
    elif len(opts.allowed) <= 12:
        why = "the squares allowed: " + ", ".join(str(list(s)) for s in opts.allowed)
    else:
        why = f"{len(opts.allowed)} squares are allowed"
    raise DecisionError(
        f"{act.where}.landing: {sq} is not a square on the pitch in the spread {where}"
        f"{opts.distance} of {opts.kicker}'s accurate kick from {list(opts.origin)} aimed "
        f"{list(opts.aim)}; {why}"
    )


def flight(ctx: KickoffContext, origin: Square, direction: tuple[int, int], n: int) -> ball.BallState:
    """The kicked ball flies ``n`` squares from ``origin`` along ``direction``: it comes down on
    the last square, or, leaving the pitch on the way, the crowd throws it in from the last
    square on the pitch."""
    pitch = ctx.state.pitch
    sq = origin
    for _ in range(n):
        nxt = sq.step(*direction)
        if not pitch.on_pitch(nxt):
            ctx.note("kick_out", last=sq.as_list(), off=nxt.as_list())
            return ball.ThrowIn(sq, nxt)
        sq = nxt
    return ball.Arrive(sq, "kicked", touchback_possible=False)


# -- the Kick action -----------------------------------------------------------------------------


def _move(
    ctx: KickoffContext, turn: Turn, player: Player, path: Sequence[Square], act: Activation,
    where: str,
) -> bool:
    """The call site of the move (the action engine's); ``True`` if the player still stands."""
    if path:
        raise NotSupportedError(f"{where}: a move before the kick is not supported yet")
    return True


def _acting_player(ctx: KickoffContext, turn: Turn, act: Activation) -> Player:
    w = act.where
    p = ctx.state.players.get(act.player)
    if p is None:
        raise DecisionError(f"{w}.player: no player {act.player!r} in either team")
    if p.side != turn.side:
        raise DecisionError(f"{w}.player: {p.id} is not a player of the active team ({turn.side})")
    if not p.standing:
        where = "off the pitch" if p.square is None else f"{p.status} at {list(p.square)}"
        raise DecisionError(f"{w}.player: {p.id} cannot act: he is {where}, not Standing")
    if p.id in turn.acted:
        raise DecisionError(f"{w}.player: {p.id} has already acted this turn")
    return p


def _aim(act: Activation, kicker: Player) -> tuple[int, int]:
    assert act.aim is not None and kicker.square is not None
    d = (act.aim.x - kicker.square.x, act.aim.y - kicker.square.y)
    if d not in NEIGHBOURS:
        raise DecisionError(
            f"{act.where}.aim: {list(act.aim)} is not adjacent to the kicker {kicker.id} at "
            f"{list(kicker.square)}: the 3-4 arrow must point at one of his eight neighbours"
        )
    return d


def _pass_block(ctx: KickoffContext, turn: Turn, kicker: Player, pb: PassBlock, w: str) -> None:
    """An opposing player's Pass Block move (seed 000), checked, then moved."""
    st = ctx.state
    assert kicker.square is not None
    p = st.players.get(pb.player)
    if p is None:
        raise DecisionError(f"{w}.player: no player {pb.player!r} in either team")
    if p.side == turn.side:
        raise DecisionError(f"{w}.player: {p.id} is not a player of the opposing team")
    if "pass_block" not in p.skills:
        raise DecisionError(f"{w}.player: {p.id} does not have Pass Block")
    if not p.standing:
        raise DecisionError(f"{w}.player: {p.id} is not Standing on the pitch")
    limit = ctx.ruleset.kick_it.pass_block_squares
    if len(pb.path) > limit:
        raise DecisionError(f"{w}.path: {len(pb.path)} squares; a Pass Block move is up to "
                            f"{limit} squares")
    end = pb.path[-1] if pb.path else p.square
    assert end is not None
    if distance(end, kicker.square) != 1:
        raise DecisionError(
            f"{w}.path: {p.id}'s Pass Block move ends on {list(end)}, not adjacent to the "
            f"kicker {kicker.id} at {list(kicker.square)}"
        )
    ctx.note("pass_block", player=p.id, path=[sq.as_list() for sq in pb.path])
    _move(ctx, Turn(p.side), p, pb.path, Activation(p.id, "move", pb.path, where=w), w)


def _kick_blocker(
    ctx: KickoffContext, turn: Turn, kicker: Player, act: Activation,
    template: tuple[tuple[int, int], ...],
) -> Player | None:
    """The declared kick blocker, checked (``None``: no kick block)."""
    if act.kick_block is None:
        return None
    w = f"{act.where}.kick_block"
    st = ctx.state
    assert kicker.square is not None
    p = st.players.get(act.kick_block)
    if p is None:
        raise DecisionError(f"{w}: no player {act.kick_block!r} in either team")
    if p.side == turn.side:
        raise DecisionError(f"{w}: {p.id} is not a player of the opposing team")
    if (act.pass_block is not None and act.pass_block.player == p.id and not p.standing):
        ctx.note("kick_block", player=p.id, why="fell during his Pass Block move: no kick block")
        return None
    squares = [kicker.square.step(*d) for d in template]
    if not p.standing or p.square not in squares:
        at = "off the pitch" if p.square is None else f"{p.status} at {list(p.square)}"
        raise DecisionError(
            f"{w}: {p.id} ({at}) may not block the kick: a kick blocker stands adjacent to the "
            f"kicker {kicker.id} on a square the template's arrows pass through: "
            + ", ".join(str(list(s)) for s in squares)
        )
    return p


def kick_flight(
    ctx: KickoffContext, turn: Turn, act: Activation, choose: LandingPolicy | None = None,
) -> Flight:
    """Play a Kick action up to the ball's journey (steps 1-7 of the module's list).

    ``choose`` picks an accurate kick's landing (default: the activation's ``landing``, checked,
    or the format's default). Raises ``DecisionError`` naming the activation's key (``aim``,
    ``kick_block``, ``pass_block``, ``landing``) for an illegal choice.
    """
    st = ctx.state
    kicker = _acting_player(ctx, turn, act)
    turn.acted.add(kicker.id)
    if "kick_it" not in ctx.house_rules:
        raise DecisionError(f"{act.where}.action: a Kick action needs the kick_it house rule")
    if turn.kick_by is not None:
        raise DecisionError(f"{act.where}.action: only one Kick action per team turn "
                            f"({turn.kick_by} has taken it)")
    turn.kick_by = kicker.id
    ctx.note("activation", player=kicker.id, action="kick", where=act.where)
    if not _move(ctx, turn, kicker, act.path, act, act.where) or turn.turnover:
        turn.turnover = True
        return Flight("fell", None, True)
    kicker = st.players[kicker.id]
    assert kicker.square is not None
    if act.aim is None:
        ctx.note("kick", player=kicker.id, kicked=False, why="no aim: he only moves")
        return Flight("no_kick", None, False)
    aim = _aim(act, kicker)
    if st.carrier != kicker.id:
        raise DecisionError(
            f"{act.where}.aim: the kicker {kicker.id} at {list(kicker.square)} does not hold "
            "the ball after his move: he cannot kick"
        )
    template = aimed_template(aim)
    ctx.note("kick", player=kicker.id, aim=act.aim.as_list() if act.aim else None,
             template=[list(d) for d in template])
    if act.pass_block is not None:
        _pass_block(ctx, turn, kicker, act.pass_block, f"{act.where}.pass_block")
    blocker = _kick_blocker(ctx, turn, kicker, act, template)
    st.carrier = None
    if blocker is not None:
        assert blocker.square is not None
        target = ctx.ruleset.agility_target(blocker.ag)
        mod = kick_block_modifier(ctx, blocker)
        blocked = _test(ctx, f"kick block by {blocker.id} ({target}+, modifier {mod:+d})",
                        target, mod)
        ctx.note("kick_block", player=blocker.id, success=blocked)
        if blocked:
            turn.turnover = True
            return Flight("blocked", ball.Bounce(blocker.square, touchback_possible=False), True)

    target = ctx.ruleset.agility_target(kicker.ag)
    mod = away_modifier(ctx, kicker)
    (roll,) = ctx.roll_dice([("d6", f"away roll by {kicker.id} ({target}+, modifier {mod:+d})")],
                            lambda v: away_result(v[0], target, mod))
    result = away_result(roll, target, mod)
    ctx.note("away", player=kicker.id, roll=roll, modifier=mod, target=target, result=result)
    if result == "fumbled":
        turn.turnover = True
        return Flight("fumbled", ball.Bounce(kicker.square, touchback_possible=False), True)

    shanked = result == "shanked"

    def squares(v: tuple[int, ...]) -> int:
        return (v[0] + kicker.st) // 2 if shanked else v[0] + kicker.st

    dist = squares(ctx.roll_dice([("d6", f"kick distance (D6 + ST {kicker.st}"
                                   + (", halved)" if shanked else ")"))], squares))
    if shanked:
        (side_roll,) = ctx.roll_dice([("d6", "shank direction (1-3 left, 4-6 right)")],
                                     lambda v: v[0] <= 3)
        direction = template[0] if side_roll <= 3 else template[2]
        ctx.note("shank", distance=dist, arrow="1-2" if side_roll <= 3 else "5-6",
                 direction=list(direction))
        return Flight("shanked", flight(ctx, kicker.square, direction, dist), False)

    opts = landing_options(ctx, kicker, aim, dist)
    landing = (choose or coach_landing(act))(opts)
    if landing is None:
        if opts.default is not None:
            raise DecisionError(f"{act.where}.landing: the kick must come down on a square of "
                                "the spread on the pitch")
        ctx.note("accurate", distance=dist, landing=None, why="no square of the spread on the "
                 "pitch: along the 3-4 arrow into the crowd")
        return Flight("accurate", flight(ctx, kicker.square, aim, dist), False)
    ctx.note("accurate", distance=dist, landing=landing.as_list())
    return Flight("accurate", ball.Arrive(landing, "kicked", touchback_possible=False), False)


def finish_kick(ctx: KickoffContext, turn: Turn, fl: Flight) -> bool:
    """Follow the ball of ``fl`` to the end of its journey; ``True`` if the turn ends in a
    turnover (``rulings.md`` 7: a fall, a block, a fumble, or no player of the active team
    holding the ball once it comes to rest)."""
    if fl.start is None:
        return fl.turnover
    end = ball.follow(ctx, fl.start)
    held_by_own = isinstance(end, ball.Held) and ctx.state.players[end.player].side == turn.side
    turnover = fl.turnover or not held_by_own
    ctx.note("turnover" if turnover else "no_turnover", outcome=fl.outcome)
    turn.turnover = turn.turnover or turnover
    return turnover


def play_turn(
    state: GameState,
    ruleset: Ruleset,
    dice: Dice,
    active: Side,
    actions: Sequence[Activation],
    decisions: Decisions | None = None,
    house_rules: frozenset[str] = frozenset({"kick_it"}),
) -> TurnResult:
    """Play ``actions`` for the ``active`` team during its turn, on ``state`` (modified in place;
    pass a clone to keep the original). A turnover ends the turn: later activations are not
    played.

    Raises ``DecisionError`` for an illegal activation (naming its key path), and
    ``NotSupportedError`` for an action the engine cannot play during a turn.
    """
    ctx = KickoffContext(state, ruleset, dice, decisions or Decisions(), house_rules)
    turn = Turn(active)
    for act in actions:
        if turn.turnover:
            ctx.note("skipped", where=act.where, why="the turn has ended in a turnover")
            continue
        if act.action != "kick":
            raise NotSupportedError(f"{act.where}.action: {act.action!r} is not supported "
                                    "during a turn")
        finish_kick(ctx, turn, kick_flight(ctx, turn, act))
    return TurnResult(state, turn.turnover, ctx.log)
