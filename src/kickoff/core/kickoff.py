"""The kick-off procedure (``rulings.md`` section 2): kicker, target, deviation, the receiving
team's kick-off move (Kick-Off Return, On the Ball), the Kick-off event, landing, and the
touchback.

Sources: seed 003 (the kick-off sequence), bb2020 rulebook, seed 001 (bb2025), seed 004 (Sevens),
seed 000 (Kick It!: a kicker is required). The dice order is ``pitch-and-dice.md``'s: D8
direction, distance die, the 2D6 table roll, the event's own dice, then the landing's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from mypy_extensions import mypyc_attr

from kickoff.core import ball
from kickoff.core.actions.kickoff_move import kickoff_move
from kickoff.core.coach import Coach, Decision
from kickoff.core.context import KickoffContext, no_player
from kickoff.core.decisions import Decisions
from kickoff.core.dice import Dice, DieKind, SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.log import KickoffLog, Line, Step, roll_line, step_line
from kickoff.core.pitch import NEIGHBOURS, Pitch, Side, Square, other_side, square_at
from kickoff.core.problems import Problem
from kickoff.core.ruleset import KICK_IT, HouseRule, Ruleset
from kickoff.core.state import GameState, Player

# The results below are plain value classes, compared, hashed and shown by their fields
# (tests/test_value_classes.py; why not dataclasses: docs/performance.md, "The code's shapes for speed").


@mypyc_attr(free_list_len=1)
class Deviation:
    """The kick's deviation: template ``direction`` (1..8), the distance die as rolled,
    the ``distance`` travelled (after the Kick skill), and the ``square`` where it ends
    (possibly off the pitch). Immutable."""

    __slots__ = ("direction", "distance", "kick_skill", "roll", "square")

    def __init__(self, direction: int, roll: int, distance: int, kick_skill: bool,
                 square: Square) -> None:
        self.direction: Final = direction
        self.roll: Final = roll
        self.distance: Final = distance
        self.kick_skill: Final = kick_skill
        self.square: Final = square

    def _fields(self) -> tuple[int, int, int, bool, Square]:
        return (self.direction, self.roll, self.distance, self.kick_skill, self.square)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deviation) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Deviation(direction={self.direction!r}, roll={self.roll!r}, "
                f"distance={self.distance!r}, kick_skill={self.kick_skill!r}, "
                f"square={self.square!r})")

    def __reduce__(self) -> tuple[type[Deviation], tuple[int, int, int, bool, Square]]:
        return Deviation, self._fields()


@mypyc_attr(free_list_len=1)
class EventRoll:
    """The Kick-off table roll: both dice and the event's name. Immutable."""

    __slots__ = ("name", "roll")

    def __init__(self, roll: tuple[int, int], name: str) -> None:
        self.roll: Final = roll
        self.name: Final = name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EventRoll) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.roll, self.name) == (other.roll, other.name)

    def __hash__(self) -> int:
        return hash((self.roll, self.name))

    def __repr__(self) -> str:
        return f"EventRoll(roll={self.roll!r}, name={self.name!r})"

    def __reduce__(self) -> tuple[type[EventRoll], tuple[tuple[int, int], str]]:
        return EventRoll, (self.roll, self.name)


@mypyc_attr(free_list_len=1)
class KickoffResult:
    """What one kick-off did. ``state`` is the state after it (ball and carrier included);
    ``log`` its log's lines (empty when the kick-off kept none, ``kick_off(log=False)``), read
    from the kick-off's :class:`~kickoff.core.log.KickoffLog` when first asked for."""

    __slots__ = ("_log", "deviation", "event", "kicker", "state", "target", "touchback")

    def __init__(self, state: GameState, kicker: str | None, target: Square | None,
                 deviation: Deviation | None, event: EventRoll | None, touchback: bool,
                 log: list[dict[str, Any]] | KickoffLog | None = None) -> None:
        self.state = state
        self.kicker = kicker
        self.target = target
        self.deviation = deviation
        self.event = event
        self.touchback = touchback
        #: The lines, or the log they are read from (then replaced by them).
        self._log: list[dict[str, Any]] | KickoffLog = [] if log is None else log

    @property
    def log(self) -> list[dict[str, Any]]:
        log = self._log
        if isinstance(log, list):
            return log
        lines = self._log = log.lines()
        return lines

    def _fields(self) -> tuple[object, ...]:
        return (self.state, self.kicker, self.target, self.deviation, self.event,
                self.touchback, self.log)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KickoffResult) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        return (f"KickoffResult(state={self.state!r}, kicker={self.kicker!r}, "
                f"target={self.target!r}, deviation={self.deviation!r}, event={self.event!r}, "
                f"touchback={self.touchback!r}, log={self.log!r})")

    def __reduce__(self) -> tuple[type[KickoffResult], tuple[object, ...]]:
        return KickoffResult, self._fields()


def eligible_kickers(state: GameState) -> list[Player]:
    """Kicking players on the pitch, Standing, not on the LoS and not in a Wide Zone (2.1), in
    input order (a new list)."""
    return list(_kickers(state)[1])


def _kickers(state: GameState) -> tuple[Side, list[Player], list[Player], Player | None]:
    """``(kicking side, eligible kickers, Standing kicking players on the LoS, the first
    eligible kicker with Kick)``, in input order: computed once per set-up
    (``GameState.facts``)."""
    facts = state.facts()
    side = state.kicking
    known = facts.kickers
    if known is None or known[0] != side:
        pitch = state.pitch
        eligible: list[Player] = []
        on_los: list[Player] = []
        with_kick: Player | None = None
        for p in state.teams[side].players:
            if p.square is None or p.status != "standing":
                continue
            if pitch.on_los(side, p.square):
                on_los.append(p)
            elif pitch.in_wide_zone(p.square) is None:
                eligible.append(p)
                if with_kick is None and "kick" in p.skills:
                    with_kick = p
        known = facts.kickers = (side, eligible, on_los, with_kick)
    return known


def kicker_options(state: GameState, required: bool, kick_it: bool) -> list[str | None]:
    """The kicker decision's options (2.1), in team order: where a kicker is required (bb2020+,
    and with Kick It!) the eligible kickers, else (not with Kick It!) the Standing players on the
    Line of Scrimmage; classic, nobody (``None``) or any Standing kicking player on the pitch.
    ``[None]`` when nobody can kick."""
    _, eligible, on_los, _ = _kickers(state)
    if required or kick_it:
        able = eligible or ([] if kick_it else on_los)
        return [p.id for p in able] or [None]
    return [None, *(p.id for p in state.teams[state.kicking].players
                    if p.square is not None and p.status == "standing")]


def choose_kicker(ctx: KickoffContext) -> tuple[Player | None, bool]:
    """``(kicker, kick_happens)``: the kicking coach's ``kicker`` decision (2.1; its options
    :func:`kicker_options`, its default the first eligible kicker with Kick, else classic nobody,
    else the first eligible kicker, else the first on the Line of Scrimmage)."""
    st = ctx.state
    rs = ctx.ruleset
    kick_it = bool(ctx.house_rules) and KICK_IT in ctx.house_rules
    _, eligible, on_los, with_kick = _kickers(st)
    if kick_it and not eligible:
        return None, False
    required = rs.kicker_required or kick_it
    if with_kick is not None:
        default: Player | None = with_kick
    elif not required:
        default = None
    else:
        default = eligible[0] if eligible else (on_los[0] if on_los else None)
    d = ctx.decisions
    # ``"kicker": null`` names no kicker: classic needs none; where a kicker is required it is
    # read as leaving the key out (the default kicker), as ``"seed": null`` is.
    given = (d.kicker_given or d.kicker is not None) and (d.kicker is not None or not required)

    if not given and ctx.plain:
        return default, True
    return _kicker_decided(ctx, default, given, required, kick_it), True


def _kicker_decided(ctx: KickoffContext, default: Player | None, given: bool, required: bool,
                    kick_it: bool) -> Player | None:
    """The coach's answer to the ``kicker`` decision (its closures apart from the fast path)."""
    st = ctx.state

    def refuse(answer: object) -> Problem | None:
        if answer in kicker_options(st, required, kick_it):
            return None
        return _kicker_refusal(st, answer, kick_it)

    pid = ctx.decide(Decision(
        "kicker", st.kicking, "kick.kicker", None if default is None else default.id,
        lambda: kicker_options(st, required, kick_it), refuse, ctx.decisions.kicker, given))
    return None if pid is None else st.players[pid]


def _kicker_refusal(st: GameState, answer: object, kick_it: bool) -> Problem:
    """Why ``answer``, not one of the kicker decision's options, may not kick."""
    if not isinstance(answer, str):
        return Problem(f"{answer!r} may not kick: a kicker is required", "kick.kicker",
                       code="illegal_choice")
    p = st.players.get(answer)
    if p is None:
        return no_player(answer, "kick.kicker")
    if p.side != st.kicking or p.square is None or p.status != "standing":
        return Problem(f"{p.id} is not a Standing player of the kicking team on the pitch",
                       "kick.kicker", (p.id,), code="illegal_choice")
    return Problem(f"{p.id} at {list(p.square)} may not kick: the kicker must be off the Line "
                   "of Scrimmage and outside the Wide Zones"
                   + ("" if kick_it else " (a LoS player only when nobody else can)"),
                   "kick.kicker", (p.id,), (p.square,), "illegal_choice")


def kick_skill_options(state: GameState, kicker: Player | None, required: bool) -> list[bool]:
    """The Kick skill decision's options: ``False``, and ``True`` where ``kicker`` has Kick and
    may use it (classic: only an eligible kicker can, 2.1)."""
    if kicker is None or "kick" not in kicker.skills or (
            not required and kicker not in _kickers(state)[1]):
        return [False]
    return [False, True]


def _use_kick_skill(ctx: KickoffContext, kicker: Player | None) -> bool:
    """The kicking coach's decision to use the kicker's Kick skill (default: not)."""
    wanted = ctx.decisions.use_kick_skill
    if not wanted and ctx.plain:
        return False
    return _kick_skill_decided(ctx, kicker, wanted)


def _kick_skill_decided(ctx: KickoffContext, kicker: Player | None, wanted: bool) -> bool:
    """The coach's answer to the ``kick_skill`` decision (its closures apart from the fast
    path)."""
    st = ctx.state
    required = ctx.ruleset.kicker_required

    def refuse(answer: object) -> Problem | None:
        if answer in kick_skill_options(st, kicker, required):
            return None
        if kicker is None:
            return Problem("there is no kicker, so no Kick skill to use",
                           "decisions.use_kick_skill", code="illegal_choice")
        if "kick" not in kicker.skills:
            return Problem(f"kicker {kicker.id} has no Kick skill", "decisions.use_kick_skill",
                           (kicker.id,), code="illegal_choice")
        return Problem(f"{kicker.id} may not use Kick: only an eligible kicker can (classic)",
                       "decisions.use_kick_skill", (kicker.id,), code="illegal_choice")

    return bool(ctx.decide(Decision(
        "kick_skill", st.kicking, "decisions.use_kick_skill", False,
        lambda: kick_skill_options(st, kicker, required), refuse, wanted, wanted)))


#: The deviation's distance die and the Kick-off table's 2D6 (``Dice.roll_grouped``'s dice).
#: The log's lines of the kick (``docs/formats.md``, "The log's replayed steps").
KICKER_LINE: Final = Step("kicker", "kicker")
DEVIATE_LINE: Final = Step("deviate", "direction", "distance", "square", "touchback")
EVENT_LINE: Final = Step("event", "roll", "name")

DISTANCE_DIE: Final[tuple[tuple[DieKind, str], ...]] = (("d6", "kick deviation distance"),)
EVENT_DICE: Final[tuple[tuple[DieKind, str], ...]] = (("d6", "kick-off event"),
                                                      ("d6", "kick-off event"))


def _distance(v: tuple[int, ...]) -> int:
    """The distance travelled for a distance die ``v`` (what follows reads only this)."""
    return v[0]


def _halved(v: tuple[int, ...]) -> int:
    """The distance travelled with Kick for a distance die ``v``: half the roll, rounded down."""
    return v[0] // 2


#: What follows a deviation's distance die reads, without and with Kick; and the Kick-off
#: table's 2D6 (``sum``): kept as constants, not looked up by name at each kick-off.
_DISTANCE: Final[Callable[[tuple[int, ...]], int]] = _distance
_HALVED: Final[Callable[[tuple[int, ...]], int]] = _halved
_TOTAL: Final[Callable[[tuple[int, ...]], int]] = sum


def deviate(ctx: KickoffContext, target: Square, kick_skill: bool) -> Deviation:
    """D8 direction, then the distance die (D6, halved with Kick; bb2025 Kick: a D3)."""
    direction = ctx.roll("d8", "kick deviation direction", 8)
    if kick_skill and ctx.ruleset.kick_skill == "d3":
        roll = ctx.roll("d3", "kick deviation distance (Kick: D3)")
        dist = roll
    else:
        (roll,) = ctx.roll_dice(DISTANCE_DIE, _HALVED if kick_skill else _DISTANCE)
        dist = roll // 2 if kick_skill else roll
    return Deviation(direction, roll, dist, kick_skill, deviated(target, direction, dist))


#: The distance die of a kick with Kick where the ruleset rolls a D3 (bb2025).
D3_DIE: Final[tuple[DieKind, str]] = ("d3", "kick deviation distance (Kick: D3)")


def _deviate_seeded(ctx: KickoffContext, seeded: SeededDice, target: Square,
                    kick_skill: bool) -> tuple[Deviation, tuple[DieKind, str]]:
    """:func:`deviate` with seeded dice, whose lines the caller writes (the same dice, in the
    same order): the deviation and its distance die (kind, what for)."""
    direction = seeded.roll("d8", 8)
    if kick_skill and ctx.ruleset.kick_skill == "d3":
        die = D3_DIE
        roll = dist = seeded.roll("d3", 3)
    else:
        die = DISTANCE_DIE[0]
        roll = seeded.roll("d6", 6)
        dist = roll // 2 if kick_skill else roll
    return Deviation(direction, roll, dist, kick_skill, deviated(target, direction, dist)), die


def _kick_lines(kicker: object, deviation: Any, die: Any, touchback: object) -> list[Line]:
    """The kick's lines from its one record (``KickoffLog.made``): the kicker, the deviation's
    two dice and the deviation, as :func:`kick_until_landing` and :func:`deviate` write them
    one by one."""
    dev: Deviation = deviation
    return [step_line(KICKER_LINE, kicker),
            roll_line("d8", dev.direction, "kick deviation direction"),
            roll_line(die[0], dev.roll, die[1]),
            step_line(DEVIATE_LINE, dev.direction, dev.distance, dev.square, touchback)]


def _event_lines(rolled: Any, name: object, c: object, d: object) -> list[Line]:
    """The Kick-off table roll's lines from its one record: its two dice, then the event."""
    first, second = rolled
    return [roll_line("d6", first, "kick-off event"), roll_line("d6", second, "kick-off event"),
            step_line(EVENT_LINE, rolled, name)]


#: The makers of the kick's and the event's lines (``KickoffLog.made``).
_KICK_LINES: Final[Callable[[Any, Any, Any, Any], list[Line]]] = _kick_lines
_EVENT_LINES: Final[Callable[[Any, Any, Any, Any], list[Line]]] = _event_lines


def deviated(target: tuple[int, int], direction: int, distance: int) -> Square:
    """Where a kick at ``target`` comes down after deviating ``distance`` squares in the Random
    Direction template's ``direction`` (1..8): possibly off the pitch. The landing depends on
    the target only through this (the exact solver enumerates a kick's deviation once, for
    every target)."""
    dx, dy = NEIGHBOURS[direction - 1]  # the Random Direction template
    return square_at(target[0] + dx * distance, target[1] + dy * distance)


def roll_event(ctx: KickoffContext,
               unresolved: frozenset[Callable[[KickoffContext], None]] = frozenset()
               ) -> EventRoll:
    """Roll 2D6 on the ruleset's Kick-off table and resolve the event (rulings.md 2.4).
    ``unresolved``: events (their handlers) rolled but left unresolved, for the exact solver,
    which takes their outcomes from another set-up (``events.SQUARE_BLIND``)."""
    seeded = ctx.seeded
    if seeded is not None:  # one record read as the dice's and the event's lines
        first = seeded.roll("d6", 6)  # EVENT_DICE, as seeded.draw rolls them
        second = seeded.roll("d6", 6)
        event = ctx.ruleset.kickoff_table[first + second]
        ctx.log.made(_EVENT_LINES, (first, second), event.name, None, None)
    else:
        rolled = ctx.roll_dice(EVENT_DICE, _TOTAL)
        first, second = rolled
        event = ctx.ruleset.kickoff_table[first + second]
        ctx.line(EVENT_LINE, rolled, event.name)  # read as the list [first, second]
    handler = event.handler
    if not unresolved or handler not in unresolved:
        handler(ctx)
    return EventRoll((first, second), event.name)


def landing_state(ctx: KickoffContext) -> ball.BallState:
    """Where the ball's journey starts once the event is resolved: a touchback, or the ball
    coming down on the landing square (kick-off catch modifiers)."""
    assert ctx.landing is not None
    if ctx.touchback:
        return ball.Touchback(ctx.landing)
    if ctx.scatters:
        return ball.InAir(ctx.landing, ctx.scatters)
    return ball.Arrive(ctx.landing, "kickoff", touchback_possible=True)


class KickoffBeforeLanding:
    """A kick-off played up to the moment the ball comes down: the context (state after the
    event), the state the ball's journey starts from, and what the result reports so far."""

    __slots__ = ("ctx", "deviation", "event", "kicker", "start", "target")

    def __init__(self, ctx: KickoffContext, start: ball.BallState, kicker: str | None,
                 target: Square | None, deviation: Deviation | None,
                 event: EventRoll | None) -> None:
        self.ctx = ctx
        self.start = start
        self.kicker = kicker
        self.target = target
        self.deviation = deviation
        self.event = event

    def finish(self) -> KickoffResult:
        """Follow the ball to the end of its journey: the kick-off's result."""
        ball.follow(self.ctx, self.start)
        ctx = self.ctx
        return KickoffResult(ctx.state, self.kicker, self.target, self.deviation, self.event,
                             ctx.touchback, ctx.log)


def kick_until_landing(
    state: GameState,
    ruleset: Ruleset,
    dice: Dice,
    decisions: Decisions | None = None,
    house_rules: frozenset[HouseRule] = frozenset(),
    *,
    events: bool = True,
    log: bool = True,
    coach: Coach | None = None,
) -> KickoffBeforeLanding:
    """Kicker, target, deviation, the receiving team's kick-off move (Kick-Off Return, On the
    Ball) and the Kick-off event (``events=False``: no event roll, for analysis of the deviation
    and landing alone): everything before the ball comes down. ``log=False``: keep no log (the
    result's is empty; the same dice and the same play). ``coach``: who answers the coaches'
    decisions (:mod:`kickoff.core.coach`; default the scripted coach, playing ``decisions``).

    Raises ``DecisionError`` for an illegal decision, ``DiceError`` for scripted dice.
    """
    ctx = KickoffContext(state, ruleset, dice, decisions or Decisions(), house_rules, log=log,
                         coach=coach)
    start, kicker, target, deviation, event_roll = _until_landing(ctx, events)
    return KickoffBeforeLanding(ctx, start, kicker, target, deviation, event_roll)


def _until_landing(ctx: KickoffContext, events: bool) -> tuple[
        ball.BallState, str | None, Square | None, Deviation | None, EventRoll | None]:
    """:func:`kick_until_landing`'s play on ``ctx``: ``(start, kicker, target, deviation,
    event)``, :class:`KickoffBeforeLanding`'s fields but the context."""
    kicker, kick_happens = choose_kicker(ctx)
    if not kick_happens:
        ctx.note("kicker", kicker=None, why="Kick It!: no eligible kicker, touchback")
        ctx.touchback = True
        return ball.award(ctx), None, None, None, None
    ctx.kicker = kicker
    target, deviation = _kick(ctx, kicker)
    # Kick-Off Return / On the Ball: after the deviation, before the Kick-off table roll.
    kickoff_move(ctx)

    event_roll = roll_event(ctx) if events else None
    return (landing_state(ctx), None if kicker is None else kicker.id, target, deviation,
            event_roll)


def kick_off(
    state: GameState,
    ruleset: Ruleset,
    dice: Dice,
    decisions: Decisions | None = None,
    house_rules: frozenset[HouseRule] = frozenset(),
    *,
    log: bool = True,
    coach: Coach | None = None,
) -> KickoffResult:
    """Play one kick-off on ``state`` (modified in place; pass a clone to keep the original).

    The set-ups are assumed legal (check them with :func:`kickoff.core.setup.kickoff_setup_problems`
    first). ``log=False``: keep no log (``KickoffResult.log`` empty; a simulation or a
    benchmark, which read none): the same dice, decisions and result otherwise. ``coach``: who
    answers the coaches' decisions (default the scripted coach, playing ``decisions``). Raises
    ``DecisionError`` for an illegal decision and ``DiceError`` for scripted dice that run out or
    are out of range.
    """
    ctx = KickoffContext(state, ruleset, dice, decisions or Decisions(), house_rules, log=log,
                         coach=coach)
    start, kicker, target, deviation, event_roll = _until_landing(ctx, True)
    ball.follow(ctx, start)  # as KickoffBeforeLanding.finish
    return KickoffResult(ctx.state, kicker, target, deviation, event_roll, ctx.touchback, ctx.log)


def _kick(ctx: KickoffContext, kicker: Player | None) -> tuple[Square, Deviation]:
    """The kick: the kicker's line, the target, the deviation and its line (the context's
    ``target``, ``landing`` and ``touchback`` set). With seeded dice and the scripted coach
    (nothing read or decided between them) the four lines are one record of the log."""
    kicker_id = None if kicker is None else kicker.id
    seeded = ctx.seeded
    if seeded is not None and ctx.plain:
        target = ctx.target = kick_target(ctx)
        deviation, die = _deviate_seeded(ctx, seeded, target, _use_kick_skill(ctx, kicker))
        touchback = ctx.touchback = ctx.out_of_play(deviation.square)
        ctx.landing = deviation.square
        ctx.log.made(_KICK_LINES, kicker_id, deviation, die, touchback)
        return target, deviation
    ctx.line(KICKER_LINE, kicker_id)
    target = ctx.target = kick_target(ctx)
    deviation = deviate(ctx, target, _use_kick_skill(ctx, kicker))
    ctx.landing = deviation.square
    ctx.touchback = ctx.out_of_play(deviation.square)
    ctx.line(DEVIATE_LINE, deviation.direction, deviation.distance, deviation.square, ctx.touchback)
    return target, deviation


def kick_target(ctx: KickoffContext) -> Square:
    """The kicking coach's ``target`` decision: any square of the receiving team's half of the
    pitch (the receiving area), default its centre (``Pitch.centre``; scenario-format.md
    ``kick.target``; every edition: the kick is aimed at a square of the opponents' half).

    Raises ``DecisionError`` (code ``illegal_choice``, at ``kick.target``) for a square
    outside it."""
    st = ctx.state
    pitch, receiving = st.pitch, st.receiving
    given = ctx.decisions.target
    if ctx.plain:
        target = given or pitch.centre[receiving]
        if not pitch.in_receiving_area(receiving, target):  # no extra call when legal
            problem = _target_refusal(pitch, receiving, target)
            assert problem is not None
            raise DecisionError(problem)
        return target
    return _target_decided(ctx, pitch, receiving, given)


def _target_decided(ctx: KickoffContext, pitch: Pitch, receiving: Side,
                    given: Square | None) -> Square:
    """The coach's answer to the ``target`` decision (its closures apart from the fast path)."""
    chosen: Square = ctx.decide(Decision(
        "target", ctx.state.kicking, "kick.target", pitch.centre[receiving],
        lambda: [sq for sq in pitch.squares() if pitch.in_receiving_area(receiving, sq)],
        lambda answer: _target_refusal(pitch, receiving, answer), given, given is not None))
    return chosen


def _target_refusal(pitch: Pitch, receiving: Side, answer: object) -> Problem | None:
    """Why ``answer`` may not be the kick's target (``None``: it may)."""
    if not (isinstance(answer, tuple) and len(answer) == 2
            and all(isinstance(v, int) for v in answer)):
        return Problem(f"{answer!r} is not a square", "kick.target", code="illegal_choice")
    problem = target_problem(pitch, receiving, answer)
    return None if problem is None else replace(problem.at("kick.target"), code="illegal_choice")


def target_problem(pitch: Pitch, receiving: Side, target: tuple[int, int]) -> Problem | None:
    """What is wrong with the kick's ``target`` when ``receiving`` receives, ``None`` when it
    is in the receiving area (beyond the kicking team's Line of Scrimmage, ``rulings.md`` 2.2;
    the default target is the centre of that area, ``Pitch.centre``).

    The problem has no ``where`` (each caller places it: ``kick.target``, ``--target``,
    ``target``) and names the square: ``[5, 5] is not in the receiving area: with the home team
    kicking, the target must be beyond its Line of Scrimmage, x 13..25, y 0..14`` (``is off the
    26x15 pitch`` for a square off it).
    """
    if pitch.in_receiving_area(receiving, target):
        return None
    what = "not in the receiving area" if pitch.on_pitch(target) else (
        f"off the {pitch.describe()} pitch")
    return Problem(
        f"{list(target)} is {what}: with the {other_side(receiving)} team kicking, the target "
        f"must be beyond its Line of Scrimmage, {pitch.describe_receiving_area(receiving)}",
        squares=(Square(target[0], target[1]),),
    )
