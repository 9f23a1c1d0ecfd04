"""The Kick It! Kick action (seed 000; ``rulings.md`` 7; ``scenario-format.md``, "Actions").

Once per team turn one player of the active team may take a Kick action: an ordinary move, then
(with an ``aim``) a kick. The order of play, which is also the order of the dice
(``pitch-and-dice.md``, "Scripted dice" 4):

1. the kicker's move (:func:`kickoff.core.actions.move.move`: Dodge, Rush and pick-up rolls);
2. the kick is declared: the Throw-in template over the kicker, its 3-4 arrow at ``aim``;
3. an opposing Pass Block move (up to 3 squares, normal Dodge rolls, ending adjacent to the
   kicker);
4. the kick block, if one is declared: D6 against the blocker's agility target, -1 per opposing
   tackle zone on him (Nerves of Steel does not remove it: rulings.md 7 names it for the away
   roll only), Very Long Legs +1; success: the ball bounces once from his square, a turnover;
5. the away roll: D6 against the kicker's agility target, -1 per opposing tackle zone on him
   (not with Nerves of Steel), Very Sunny -1, -1 per adjacent opposing Foul Appearance; a natural
   6 succeeds; a natural 1 or a result of 1 or less is a fumble (the ball bounces once from the
   kicker's square, a turnover); otherwise success is accurate, failure a shank;
6. the distance: D6 + ST squares, halved (rounded down) when shanked;
7. accurate: the coach's landing square in the template's spread at exactly that distance (Pooch
   Kick: any distance from 1 up to it), on the pitch; none there: the ball flies along the 3-4
   arrow into the crowd. Shanked: D6 1-3 along the 1-2 arrow, 4-6 along the 5-6 arrow;
8. the ball comes down: a Standing player who can catch catches it as an inaccurate pass
   (``rulings.md`` 3, catch kind ``"kicked"``), otherwise it bounces; into the crowd, a throw-in.

A turnover comes only from a fumble, a block, or no player of the active team holding the ball
once it comes to rest, besides the move's own (a kicker who falls, a failed pick-up).

Every die goes through the context; the exact odds (``kickoff.analysis.exact.kick``) enumerate this
same code: :func:`kick_flight` up to the ball's journey, then the journey's chain
(:func:`kickoff.core.ball.step`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from kickoff.core import ball
from kickoff.core.actions.move import PathOptions, allowance, move, path_problem
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext, quoted_id
from kickoff.core.decisions import Activation, PassBlock, Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import NEIGHBOURS, Side, Square, aimed_template, distance, other_side, spread
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, acting_player, roll_test, square_text
from kickoff.core.ruleset import KICK_IT
from kickoff.core.state import GameState, Player, tackle_zones

#: What became of a Kick action's kick. ``move_failed``: the turn ended during the kicker's move
#: (he fell, or failed to pick up the ball); ``no_kick``: he moved and did not kick.
KickOutcome = Literal["no_kick", "move_failed", "blocked", "fumbled", "accurate", "shanked"]
KICK_OUTCOMES: tuple[KickOutcome, ...] = (
    "no_kick", "move_failed", "blocked", "fumbled", "accurate", "shanked",
)


@dataclass(frozen=True)
class LandingOptions:
    """The squares an accurate kick may come down on (``rulings.md`` 7).

    ``allowed``: on the pitch, in the spread at exactly ``distance`` (with Pooch Kick, at any
    distance from 1 up to it), ordered by distance, then ``x``, then ``y``. ``default``: the
    format's default, the first square of the spread at exactly ``distance`` by ``x`` then
    ``y`` on the pitch; ``None`` when there is none, and the ball goes into the crowd.
    """

    kicker: str
    origin: Square
    aim: tuple[int, int]
    distance: int
    pooch_kick: bool
    allowed: tuple[Square, ...]
    default: Square | None


#: Chooses an accurate kick's landing among ``LandingOptions.allowed``; ``None`` only when
#: ``default`` is ``None`` (into the crowd).
LandingPolicy = Callable[[LandingOptions], Square | None]


@dataclass(frozen=True)
class Flight:
    """A Kick action played up to the ball's journey.

    ``outcome``: what became of the kick; ``start``: the state the ball's journey starts from
    (``None``: the ball does not move now: no kick was made, or the move already ended the
    turn and bounced it); ``turnover``: already a turnover, whatever the ball does next.
    """

    outcome: KickOutcome
    start: ball.BallState | None
    turnover: bool


# -- the two rolls ------------------------------------------------------------------------------


def away_result(roll: int, target: int, modifier: int) -> Literal["accurate", "shanked", "fumbled"]:
    """The away roll (seed 000): a natural 6 is accurate; a natural 1, or 1 or less after
    modifiers, is a fumble; otherwise ``roll + modifier >= target`` is accurate, else shanked."""
    if roll == 6:
        return "accurate"
    if roll == 1 or roll + modifier <= 1:
        return "fumbled"
    return "accurate" if roll + modifier >= target else "shanked"


def away_modifier(ctx: KickoffContext, kicker: Player) -> int:
    """The away roll's modifier (``rulings.md`` 7, the ruleset's ``kick_it`` data): per opposing
    Standing player adjacent to the kicker, the tackle-zone modifier (none with Nerves of
    Steel) and, if he has Foul Appearance, that modifier too; plus the weather's."""
    rules = ctx.ruleset.kick_it
    assert kicker.square is not None
    marking = tackle_zones(ctx.state, kicker.square, kicker.side)
    mod = rules.weather.get(ctx.state.weather, 0)
    if "nerves_of_steel" not in kicker.skills:
        mod += rules.tackle_zone * len(marking)
    return mod + rules.foul_appearance * sum("foul_appearance" in p.skills for p in marking)


def kick_block_modifier(ctx: KickoffContext, blocker: Player) -> int:
    """The kick block's modifier (``rulings.md`` 7): the tackle-zone modifier per opposing
    Standing player adjacent to the blocker, plus Very Long Legs'. Only the modifiers the
    ruling lists: Nerves of Steel, which it names for the away roll, does not apply here."""
    rules = ctx.ruleset.kick_it
    assert blocker.square is not None
    mod = rules.very_long_legs if "very_long_legs" in blocker.skills else 0
    return mod + rules.tackle_zone * len(tackle_zones(ctx.state, blocker.square, blocker.side))


# -- the landing --------------------------------------------------------------------------------


def landing_options(
    ctx: KickoffContext, kicker: Player, aim: tuple[int, int], dist: int
) -> LandingOptions:
    """The squares an accurate kick of ``dist`` squares along ``aim`` may come down on."""
    assert kicker.square is not None
    on_pitch = ctx.state.pitch.on_pitch
    pooch = "pooch_kick" in kicker.skills
    exact = [sq for sq in spread(kicker.square, aim, dist) if on_pitch(sq)]
    allowed = exact  # the spread at the kick's distance, made once
    if pooch:
        allowed = []
        for n in range(1, dist):
            allowed.extend(sq for sq in spread(kicker.square, aim, n) if on_pitch(sq))
        allowed.extend(exact)
    return LandingOptions(kicker.id, kicker.square, aim, dist, pooch, tuple(allowed),
                          exact[0] if exact else None)


def landing_decision(act: Activation, opts: LandingOptions, side: Side) -> Decision:
    """The kicking coach's ``kick_landing`` decision for an accurate kick (rulings.md 7): its
    options ``opts.allowed`` (``(None,)``, into the crowd, when no square of the spread is on the
    pitch), the format's default ``opts.default``, the activation's ``landing`` as scripted, and
    ``opts`` for a coach to read (``Decision.about``). An answer outside the options is refused
    naming ``<where>.landing``."""
    where = f"{act.where}.landing"

    def refuse(landing: object) -> Problem | None:
        if landing is None:
            return None if opts.default is None else Problem(
                "an accurate kick comes down on a square of the spread when one is on the pitch",
                where, (opts.kicker,), code="illegal_choice")
        if not isinstance(landing, Square):
            return Problem(f"{landing!r} is not a square", where, code="invalid")
        if landing in opts.allowed:
            return None
        return Problem(_bad_landing(landing, opts), where, (opts.kicker,), code="illegal_choice")

    return Decision("kick_landing", side, where, opts.default, lambda: opts.allowed or (None,),
                    refuse, act.landing, act.landing is not None, opts)


class PolicyCoach:
    """A coach who answers an accurate kick's landing with ``policy`` (a
    :data:`LandingPolicy`, reading the decision's ``LandingOptions``) and every other decision
    as the scripted coach."""

    __slots__ = ("policy",)

    def __init__(self, policy: LandingPolicy) -> None:
        self.policy = policy

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "kick_landing":
            return self.policy(decision.about)
        return SCRIPTED.choose(decision)


def toward(square: Square | None) -> LandingPolicy:
    """A landing policy: at each distance, the allowed square nearest ``square`` in squares
    (the pitch's distance), ties broken by the straight-line distance (so the ball stays in
    line with ``square`` rather than drifting to a sideline), then lowest ``x``, then ``y``;
    ``None``: the format's default."""

    def choose(opts: LandingOptions) -> Square | None:
        if square is None or not opts.allowed:
            return opts.default
        return min(opts.allowed, key=lambda sq: (
            distance(sq, square), (sq.x - square.x) ** 2 + (sq.y - square.y) ** 2, sq.x, sq.y))

    return choose


def _bad_landing(landing: Square, opts: LandingOptions) -> str:
    at = f"distance 1..{opts.distance}" if opts.pooch_kick else f"exactly distance {opts.distance}"
    if not opts.allowed:
        why = (f"no square of the spread at distance {opts.distance} is on the pitch: the ball "
               "goes into the crowd (leave landing out)")
    elif len(opts.allowed) <= 15:
        why = "allowed: " + ", ".join(square_text(s) for s in opts.allowed)
    else:
        why = f"{len(opts.allowed)} squares are allowed"
    return (f"{square_text(landing)} is not a square on the pitch in the spread "
            f"at {at} of {opts.kicker}'s accurate kick from {square_text(opts.origin)} aimed at "
            f"{square_text(opts.origin.step(*opts.aim))}; {why}")


def flight(ctx: KickoffContext, origin: Square, direction: tuple[int, int], n: int) -> ball.BallState:
    """The kicked ball flies ``n`` squares from ``origin`` along ``direction``: it comes down on
    the last one, or, leaving the pitch on the way, the crowd throws it in from the last square
    on the pitch."""
    on_pitch = ctx.state.pitch.on_pitch
    sq = origin
    for _ in range(n):
        nxt = sq.step(*direction)
        if not on_pitch(nxt):
            ctx.note("kick_out", last=sq.as_list(), off=nxt.as_list())
            return ball.ThrowIn(sq, nxt)
        sq = nxt
    ctx.note("kick_lands", square=sq.as_list())
    return ball.Arrive(sq, "kicked", touchback_possible=False)


# -- checks of the activation -------------------------------------------------------------------


def kick_problem(ctx: KickoffContext, turn: Turn, player: Player, where: str) -> Problem | None:
    """Why ``player`` may not take a Kick action now (``None``: he may), naming
    ``<where>.action``, the player and his square: the kick_it house rule, one Kick action a
    team turn (seed 000)."""
    why = None
    if KICK_IT not in ctx.house_rules:
        why = "a Kick action needs the kick_it house rule"
    elif turn.actions_taken.get("kick", 0):
        why = "only one Kick action per team turn"
    if why is None:
        return None
    squares = () if player.square is None else (Square(*player.square),)
    return Problem(why, f"{where}.action", (player.id,), squares, "illegal_choice")


def aim_decision(ctx: KickoffContext, act: Activation, kicker: Player) -> Decision:
    """The kicking coach's ``aim`` decision once the kicker has moved (rulings.md 7): ``None``
    (no kick: he only moves; the default, the format's when ``aim`` is left out) and, when he
    holds the ball, each of his eight neighbours (by ``x`` then ``y``), the square the 3-4 arrow
    points at; scripted by the activation's ``aim``. An answer refused names ``<where>.aim``,
    the kicker and his square; ``Decision.about``: his square."""
    here = kicker.square
    assert here is not None
    holds = ctx.state.carrier == kicker.id

    def options() -> list[Square | None]:
        return [None, *sorted(here.step(*d) for d in NEIGHBOURS)] if holds else [None]

    return Decision("aim", kicker.side, f"{act.where}.aim", None, options,
                    lambda aim: aim_problem(kicker, holds, aim, act.where), act.aim,
                    act.aim is not None, here)


def aim_problem(kicker: Player, holds: bool, aim: object, where: str) -> Problem | None:
    """Why ``aim`` is not an answer to :func:`aim_decision` (``None``: it is) for ``kicker``
    (on the pitch), who ``holds`` the ball or not, naming ``<where>.aim``, the kicker and his
    square: ``None`` (no kick), or a square next to the kicker when he holds the ball."""
    if aim is None:
        return None
    here = kicker.square
    assert here is not None
    if not isinstance(aim, tuple) or len(aim) != 2:
        why = f"{aim!r} is not a square"
    elif (aim[0] - here[0], aim[1] - here[1]) not in NEIGHBOURS:
        why = (f"{square_text(aim)} is not adjacent to the kicker {kicker.id} at "
               f"{square_text(here)}: the 3-4 arrow points at one of his neighbours")
    elif not holds:
        why = (f"the kicker {kicker.id} at {square_text(here)} does not hold the ball after "
               "his move: he cannot kick")
    else:
        return None
    return Problem(why, f"{where}.aim", (kicker.id,), (here,), "illegal_choice")


def _chosen_aim(ctx: KickoffContext, act: Activation, kicker: Player) -> tuple[int, int] | None:
    """The kicker's aim, the kicking coach's answer to :func:`aim_decision`; the scripted
    coach's, the activation's ``aim``, checked as the decision checks it
    (:func:`aim_problem`) without building the decision (its default, ``None``, is legal).
    ``DecisionError`` naming ``<where>.aim`` for an illegal aim."""
    if not ctx.plain:
        aim: tuple[int, int] | None = ctx.decide(aim_decision(ctx, act, kicker))
        return aim
    problem = aim_problem(kicker, ctx.state.carrier == kicker.id, act.aim, act.where)
    if problem is not None:
        raise DecisionError(problem)
    return act.aim


def _opponent_problem(ctx: KickoffContext, turn: Turn, pid: object, where: str) -> Problem | None:
    """Why ``pid`` named at ``where`` is not a player of the team not taking the turn."""
    p = ctx.state.players.get(pid) if isinstance(pid, str) else None
    if p is None:
        return Problem(f"no player {quoted_id(str(pid))} in either team", where,
                       code="unknown_player")
    if p.side == turn.active:
        squares = () if p.square is None else (Square(*p.square),)
        return Problem(f"{p.id} is not a player of the opposing team", where, (p.id,), squares,
                       "illegal_choice")
    return None


def pass_block_problem(ctx: KickoffContext, turn: Turn, kicker: Player, pb: object,
                       w: str) -> Problem | None:
    """Why ``pb`` is not a Pass Block move the opposing coach may make against ``kicker``'s kick
    (seed 000; ``None``: it is), naming ``w`` (``<where>.pass_block``), the player and his
    square: a :class:`PassBlock` of a Standing opponent with Pass Block, up to
    ``pass_block_squares`` squares, a legal move (:func:`path_problem`) ending next to the
    kicker."""
    assert kicker.square is not None
    if not isinstance(pb, PassBlock):
        return Problem(f"{pb!r} is not a Pass Block move", w, code="illegal_choice")
    problem = _opponent_problem(ctx, turn, pb.player, f"{w}.player")
    if problem is not None:
        return problem
    p = ctx.state.players[pb.player]
    at = (p.id,), () if p.square is None else (Square(*p.square),)
    why, key = None, f"{w}.player"
    limit = ctx.ruleset.kick_it.pass_block_squares
    if "pass_block" not in p.skills:
        why = f"{p.id} does not have Pass Block"
    elif not p.standing:
        why = f"{p.id} is not Standing on the pitch"
    elif len(pb.path) > limit:
        why, key = (f"{len(pb.path)} squares for {p.id}; a Pass Block move is up to {limit} "
                    "squares"), f"{w}.path"
    else:
        problem = path_problem(ctx, p, pb.path, w)
        end = pb.path[-1] if pb.path else p.square
        if problem is not None or end is None or distance(end, kicker.square) == 1:
            return problem
        why, key = (f"{p.id}'s Pass Block move ends on {square_text(end)}, not adjacent to the "
                    f"kicker {kicker.id} at {square_text(kicker.square)}"), f"{w}.path"
    return Problem(why, key, *at, "illegal_choice")


def pass_block_decision(ctx: KickoffContext, turn: Turn, kicker: Player,
                        act: Activation) -> Decision:
    """The opposing coach's ``pass_block`` decision once the kick is declared (seed 000):
    ``None`` (no Pass Block move, the default) and, for each of his Standing players with Pass
    Block (input order), each path of up to ``pass_block_squares`` steps into empty squares
    (never entering a square twice, by length then squares) that ends next to the kicker;
    scripted by the activation's ``pass_block``; checked by :func:`pass_block_problem`."""
    w = f"{act.where}.pass_block"
    limit = ctx.ruleset.kick_it.pass_block_squares

    def options() -> list[PassBlock | None]:
        found: list[PassBlock | None] = [None]
        for p in ctx.state.players.values():
            if p.side == turn.active or not p.standing or "pass_block" not in p.skills:
                continue
            walks = PathOptions(ctx, p, w, used=max(0, allowance(ctx, p) - limit), may_leap=False)
            found += [PassBlock(p.id, path) for path in walks.listed(9 ** limit)
                      if pass_block_problem(ctx, turn, kicker, PassBlock(p.id, path), w) is None]
        return found

    return Decision("pass_block", other_side(turn.active), w, None, options,
                    lambda pb: pass_block_problem(ctx, turn, kicker, pb, w), act.pass_block,
                    act.pass_block is not None, kicker.id)


def _pass_block(ctx: KickoffContext, turn: Turn, kicker: Player, pb: PassBlock, w: str) -> None:
    """An opposing player's Pass Block move (seed 000), checked (the ``pass_block`` decision),
    moved by the normal rules (his Dodge rolls; his skills, but no team re-roll and none of the
    ruleset's ``activation_skills``: a Pass Block move is no activation; his fall is not the
    active team's turnover)."""
    p = ctx.state.players[pb.player]
    ctx.note("pass_block", player=p.id, path=[sq.as_list() for sq in pb.path])
    move(ctx, Turn(p.side, team_rerolls=False, once_per_turn_skills_allowed=True), p, pb.path,
         Rerolls(), w)


def _kick_blocker(
    ctx: KickoffContext, turn: Turn, kicker: Player, act: Activation,
    template: tuple[tuple[int, int], ...], pb: PassBlock | None,
) -> Player | None:
    """The kick blocker the opposing coach declares (``kick_block`` decision,
    :func:`kick_block_decision`; ``None``: no kick block), ``pb`` the Pass Block move made."""
    scripted = act.kick_block
    if scripted is None and ctx.plain:
        return None  # the scripted coach's default: no kick block, nothing to ask
    p = None if scripted is None else ctx.state.players.get(scripted)
    if (p is not None and pb is not None and pb.player == p.id and p.side != turn.active
            and not p.standing):
        # Ruling: a blocker who went down during his own Pass Block move cannot block; the
        # declaration lapses (the coach could not know).
        ctx.note("kick_block", player=p.id, success=False, why="down after his Pass Block move")
        return None
    pid = ctx.decide(kick_block_decision(ctx, turn, kicker, act, template))
    return None if pid is None else ctx.state.players[pid]


def kick_block_decision(ctx: KickoffContext, turn: Turn, kicker: Player, act: Activation,
                        template: tuple[tuple[int, int], ...]) -> Decision:
    """The opposing coach's ``kick_block`` decision (rulings.md 7): ``None`` (no kick block, the
    default) and each of his Standing players adjacent to the kicker on a square the template's
    arrows pass through (input order); scripted by the activation's ``kick_block``. A refused
    answer names ``<where>.kick_block`` and the player (his square)."""
    assert kicker.square is not None
    w = f"{act.where}.kick_block"
    squares = [kicker.square.step(*d) for d in template]

    def options() -> list[str | None]:
        return [None, *(p.id for p in ctx.state.players.values() if p.side != turn.active
                        and p.standing and p.square in squares)]

    def refuse(pid: object) -> Problem | None:
        if pid is None:
            return None
        problem = _opponent_problem(ctx, turn, pid, w)
        if problem is not None:
            return problem
        p = ctx.state.players[str(pid)]
        if p.standing and p.square in squares:
            return None
        at = "off the pitch" if p.square is None else f"{p.status} at {square_text(p.square)}"
        return Problem(f"{p.id} ({at}) may not block the kick: a kick blocker is Standing, "
                       f"adjacent to the kicker {kicker.id} on a square the template's arrows "
                       "pass through: " + ", ".join(square_text(s) for s in squares), w,
                       (p.id,), () if p.square is None else (Square(*p.square),),
                       "illegal_choice")

    return Decision("kick_block", other_side(turn.active), w, None, options, refuse,
                    act.kick_block, act.kick_block is not None, kicker.id)


# -- the Kick action ----------------------------------------------------------------------------


def kick_flight(
    ctx: KickoffContext, turn: Turn, act: Activation, choose: LandingPolicy | None = None,
    checked: bool = False,
) -> Flight:
    """Play a Kick action up to the ball's journey (steps 1-7 of the module's list).

    The coaches' choices are decisions the context's coach answers (the scripted coach: the
    activation's keys): the kicker's :func:`aim_decision`, the opposing coach's
    :func:`pass_block_decision` and :func:`kick_block_decision`, and an accurate kick's landing
    (:func:`landing_decision`; or the policy ``choose``). Raises ``DecisionError`` naming the
    activation's key (``player``, ``path``, ``aim``, ``pass_block``, ``kick_block``,
    ``landing``) for an illegal choice. ``checked``: the activation is the answer of a team
    turn's ``activation`` and ``path`` decisions, just checked (:func:`~kickoff.core.actions.
    turn.next_activation`): the kicker, the Kick action and the path are not checked again.
    """
    st = ctx.state
    kicker = acting_player(ctx, turn, act, checked)
    problem = None if checked else kick_problem(ctx, turn, kicker, act.where)
    if problem is not None:
        raise DecisionError(problem)
    turn.actions_taken["kick"] = 1
    if not move(ctx, turn, kicker, act.path, act.reroll, act.where,
                checked=checked) or turn.turnover:
        return Flight("move_failed", None, True)
    kicker = st.players[kicker.id]
    assert kicker.square is not None
    chosen = _chosen_aim(ctx, act, kicker)
    if chosen is None:
        ctx.note("kick", player=kicker.id, aim=None, why="no aim: he only moves")
        return Flight("no_kick", None, False)
    aim = (chosen[0] - kicker.square.x, chosen[1] - kicker.square.y)
    template = aimed_template(aim)
    ctx.note("kick", player=kicker.id, aim=[chosen[0], chosen[1]],
             arrows=[list(d) for d in template])
    blocked = _blocked(ctx, turn, kicker, act, template)
    if blocked is not None:
        return blocked
    result = _away(ctx, kicker)
    if result == "fumbled":
        return _ends_turn(turn, "fumbled", kicker.square)
    shanked = result == "shanked"
    dist = _kick_distance(ctx, kicker.st, shanked)
    if shanked:
        return _shank(ctx, kicker.square, template, dist)
    return _accurate(ctx, act, kicker, aim, dist, choose)


_Template = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _blocked(ctx: KickoffContext, turn: Turn, kicker: Player, act: Activation,
             template: _Template) -> Flight | None:
    """Steps 3-4: the Pass Block move, then the kick blocker's roll (the ball leaves the kicker's
    hands): the blocked :class:`Flight` if the kick is blocked, else ``None``."""
    pb = act.pass_block if act.pass_block is None and ctx.plain else ctx.decide(
        pass_block_decision(ctx, turn, kicker, act))
    if pb is not None:
        _pass_block(ctx, turn, kicker, pb, f"{act.where}.pass_block")
    blocker = _kick_blocker(ctx, turn, kicker, act, template, pb)
    ctx.state.carrier = None
    if blocker is None:
        return None
    assert blocker.square is not None
    # One D6, no re-roll (ruling: the seed names none for either Kick It! roll).
    blocked = roll_test(ctx, None, blocker, ctx.ruleset.agility_target(blocker.ag),
                        kick_block_modifier(ctx, blocker), what="kick block", skill=None,
                        choice=False, where=f"{act.where}.kick_block")
    ctx.note("kick_block", player=blocker.id, success=blocked)
    return _ends_turn(turn, "blocked", blocker.square) if blocked else None


def _away(ctx: KickoffContext, kicker: Player) -> Literal["accurate", "shanked", "fumbled"]:
    """Step 5: the kicker's away roll (one D6 against his Agility, :func:`away_modifier`)."""
    target = ctx.ruleset.agility_target(kicker.ag)
    mod = away_modifier(ctx, kicker)
    (roll,) = ctx.roll_dice([("d6", f"away roll by {kicker.id} ({target}+, modifier {mod:+d})")],
                            lambda v: away_result(v[0], target, mod))
    result = away_result(roll, target, mod)
    ctx.note("away", player=kicker.id, roll=roll, modifier=mod, target=target, result=result)
    return result


def _kick_distance(ctx: KickoffContext, strength: int, shanked: bool) -> int:
    """Step 6: the kick's distance in squares, D6 + the kicker's ST, halved (down) if shanked."""

    def squares(v: tuple[int, ...]) -> int:
        return (v[0] + strength) // 2 if shanked else v[0] + strength

    return squares(ctx.roll_dice(
        [("d6", f"kick distance (D6 + ST {strength}{', halved' if shanked else ''})")], squares))


def _shank(ctx: KickoffContext, origin: Square, template: _Template, dist: int) -> Flight:
    """Step 7, a shanked kick: a D6 picks the template's 1-2 or 5-6 arrow, the ball flies ``dist``."""
    (side_roll,) = ctx.roll_dice([("d6", "shank direction (1-3: 1-2 arrow, 4-6: 5-6 arrow)")],
                                 lambda v: v[0] <= 3)
    left = side_roll <= 3
    direction = template[0] if left else template[2]
    ctx.note("shank", distance=dist, arrow="1-2" if left else "5-6", direction=list(direction))
    return Flight("shanked", flight(ctx, origin, direction, dist), False)


def _accurate(ctx: KickoffContext, act: Activation, kicker: Player, aim: tuple[int, int],
              dist: int, choose: LandingPolicy | None) -> Flight:
    """Step 7, an accurate kick: its landing square chosen among :func:`landing_options` (the
    activation's, the coach's or ``choose``'s), or along the 3-4 arrow if none is on the pitch."""
    assert kicker.square is not None
    opts = landing_options(ctx, kicker, aim, dist)
    landing = opts.default if act.landing is None and choose is None and ctx.plain else (
        ctx.decide(landing_decision(act, opts, kicker.side), choose and PolicyCoach(choose)))
    if landing is None:
        ctx.note("accurate", distance=dist, landing=None, why="no square of the spread on the "
                 "pitch: along the 3-4 arrow into the crowd")
        return Flight("accurate", flight(ctx, kicker.square, aim, dist), False)
    ctx.note("accurate", distance=dist, landing=landing.as_list())
    ctx.note("kick_lands", square=landing.as_list())
    return Flight("accurate", ball.Arrive(landing, "kicked", touchback_possible=False), False)


def _ends_turn(turn: Turn, outcome: Literal["blocked", "fumbled"], square: Square) -> Flight:
    """The kick is blocked or fumbled: a turnover; the ball bounces once from ``square``."""
    turn.end(f"kick {outcome}")
    return Flight(outcome, ball.Bounce(square, touchback_possible=False), True)


def holds_ball(state: GameState, side: Side) -> bool:
    """Whether a player of ``side`` holds the ball."""
    carrier = state.carrier
    return carrier is not None and state.players[carrier].side == side


def finish_kick(ctx: KickoffContext, turn: Turn, act: Activation, fl: Flight) -> bool:
    """Follow the ball of ``fl`` to the end of its journey (catches by the active team may
    re-roll as ``act.reroll.catch`` says); ``True`` if the turn ends in a turnover (a fall, a
    failed pick-up, a block, a fumble, or no player of the active team holding the ball once it
    comes to rest)."""
    if fl.start is None:
        return fl.turnover
    ball.follow(ctx, fl.start, turn, act.reroll.catch)
    turnover = fl.turnover or not holds_ball(ctx.state, turn.active)
    if turnover and not turn.turnover:
        turn.end("no player of the kicking team holds the ball")
    ctx.note("kick_over", outcome=fl.outcome, turnover=turnover)
    return turnover
