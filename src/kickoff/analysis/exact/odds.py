"""The exact odds of one kick: :class:`Odds`, what :class:`~kickoff.analysis.exact.solver.KickoffSolver`
answers (probabilities are exact fractions in [0, 1]; floats only for display), and how the
solver numbers the ball's journey states (:func:`number_state`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal, cast

from kickoff.analysis.choices import Choice, by_event
from kickoff.analysis.exact.best import Taken
from kickoff.analysis.exact.chain import Nodes
from kickoff.analysis.exact.chance import Dist, PathDice, Q, Rational, enumerate_runs, to_fraction
from kickoff.analysis.objectives import AnyObjective, Mix, Objective
from kickoff.core import ball
from kickoff.core.coach import Coach
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.fraction_text import fraction_text
from kickoff.core.kickoff import Deviation, deviated, kick_until_landing
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState

#: Whether the Kick-off table is played: ``"all"`` (every event, with its decisions) or ``"none"``.
Events = Literal["none", "all"]


@dataclass
class Odds:
    """The exact distribution of a kick-off's end (probabilities are fractions in [0, 1]).

    ``holders``: player id -> P(he ends holding the ball); ``ground``: square -> P(the ball ends
    there, on the ground); ``expected_distance_to_receiving_end_zone`` in squares (the ball's
    ``x`` distance from the End Zone the receiving team defends).
    """

    target: Square
    events: Events
    touchback: Fraction
    receiving_team_holds: Fraction
    holders: dict[str, Fraction]
    ground: dict[Square, Fraction]
    expected_distance_to_receiving_end_zone: Fraction
    #: The end states' probabilities in the solver's own rationals (see :attr:`ends`).
    exact_ends: dict[ball.BallState, Rational] = field(repr=False, default_factory=dict)
    #: With ``play="best"``: the receiving coach's choices taken where they mattered (a choice
    #: better for the receivers than the default), one short line each, e.g. ``"High Kick: a7
    #: moves under the ball (landing [20, 7], 2.1%)"``; empty with the defaults.
    decisions_taken: list[str] = field(default_factory=list)
    #: The same choices, each with the Kick-off event it was taken under and its coach
    #: (:mod:`kickoff.analysis.choices`; JSON ``choices_by_event``).
    choices: list[Choice] = field(default_factory=list)

    @functools.cached_property
    def ends(self) -> dict[ball.BallState, Fraction]:
        """Every end state of the kick-off (``ball.Held`` / ``ball.Rests``) -> its exact
        probability (converted on first use)."""
        return {end: to_fraction(p) for end, p in self.exact_ends.items()}

    def to_json(self) -> dict[str, Any]:
        """The JSON form: probabilities as exact fraction strings (``"7/48"``);
        ``decisions_taken`` and ``choices_by_event`` (:func:`kickoff.analysis.choices.by_event`)
        only when there are any (``play="best"``)."""
        out: dict[str, Any] = {
            "target": self.target.as_list(),
            "events": self.events,
            "touchback": fraction_text(self.touchback),
            "receiving_team_holds": fraction_text(self.receiving_team_holds),
            "holders": {pid: fraction_text(p) for pid, p in sorted(self.holders.items())},
            "ground": [{"square": sq.as_list(), "p": fraction_text(p)}
                       for sq, p in sorted(self.ground.items())],
            "expected_distance_to_receiving_end_zone":
                fraction_text(self.expected_distance_to_receiving_end_zone),
        }
        if self.decisions_taken:
            out["decisions_taken"] = list(self.decisions_taken)
        if self.choices:
            out["choices_by_event"] = by_event(self.choices)
        return out


#: Every touchback as one state: where the ball left the pitch changes nothing that follows (a
#: step reads nothing of a touchback's state, ``ball.STEP_READS``; the award reads the players,
#: ``ball.AWARD_TAKER_FIELDS``), so the solver keeps one of them (``tests/test_ball_reads.py``);
#: but ``play="close"``, whose coach reads the square (``Tables.keep_touchbacks``, ``close_play``).
TOUCHBACK = ball.Touchback(Square(-1, -1))


#: Where the solver's journeys stop: the ends, and a touchback (resolved by the award).
STOPS = (ball.Held, ball.Rests, ball.Touchback)


def number_state(s: ball.BallState, ids: dict[ball.BallState, int], states: list[ball.BallState],
                 stops: list[bool], keep: bool = False) -> int:
    """The number of journey state ``s`` (canonical: every touchback is one state; ``keep``:
    each touchback by its square, which ``play="close"``'s coach reads), given one if
    new: ``states[i]`` is the state numbered ``i``, ``stops[i]`` whether a journey stops there."""
    s = s if keep else canonical(s)
    i = ids.get(s)
    if i is None:
        i = ids[s] = len(states)
        states.append(s)
        stops.append(isinstance(s, STOPS))
    return i


def canonical(s: ball.BallState) -> ball.BallState:
    """``s``, or for any touchback the one :data:`TOUCHBACK`."""
    return TOUCHBACK if isinstance(s, ball.Touchback) else s


class Landing:
    """Where a deviation brought the ball (or, with no kick, where the journey starts).
    Immutable; compared and hashed by its fields (a plain value class: docs/performance.md,
    "The code's shapes for speed")."""

    __slots__ = ("no_kick", "square", "touchback")

    def __init__(self, square: Square | None, touchback: bool,
                 no_kick: ball.BallState | None) -> None:
        self.square: Final = square
        self.touchback: Final = touchback
        self.no_kick: Final = no_kick

    def _fields(self) -> tuple[Square | None, bool, ball.BallState | None]:
        return (self.square, self.touchback, self.no_kick)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Landing):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Landing({self.square!r}, {self.touchback!r}, {self.no_kick!r})"

    def __reduce__(self) -> tuple[type[Landing], tuple[Square | None, bool, ball.BallState | None]]:
        # by its constructor: compiled, the default unpickling calls it with no arguments
        return Landing, self._fields()


@dataclass(frozen=True)
class Kick:
    """One run of a kick up to its landing, as :class:`Kicks` keeps it: its deviation (``None``
    with no kick: Kick It!, whose journey starts at ``start``) and the dice path it took."""

    deviation: Deviation | None
    start: ball.BallState | None
    path: tuple[Any, ...]


class Kicks:
    """A kick's deviation enumerated once for every target: who kicks, whether with Kick, the
    D8 and the distance die do not depend on the target, and the landing depends on it only
    through ``kickoff.core.kickoff.deviated`` (and whether that square is out of play). The
    first target's kick is enumerated (``kick_until_landing``, no event); each other target's is
    played once along one of those paths, so the rules check the target as before
    (``DecisionError``), and its landings are the deviations placed around it."""

    def __init__(self, state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                 dice: Callable[[tuple[Any, ...]], PathDice] | None,
                 coach: Callable[[], Coach] | None = None) -> None:
        self.state = state
        #: Each run's coach, made afresh (a kick plan's ``PlanCoach``); ``None``: the scripted.
        self.coach = coach
        self.ruleset = ruleset
        self.house_rules = house_rules
        self.make: Callable[[tuple[Any, ...]], PathDice] = dice or PathDice
        #: Each run of the first target's kick with its probability (``None``: none yet).
        self.template: list[tuple[Rational, Kick]] | None = None
        self.ctx = KickoffContext(state, ruleset, self.make(()), Decisions(), house_rules,
                                  log=False)  # (its out_of_play only: no die)

    def _kick(self, decisions: Decisions, dice: PathDice) -> Kick:
        # Without the event nothing here changes a player: no copy of the state is needed.
        kick = kick_until_landing(self.state, self.ruleset, dice, decisions, self.house_rules,
                                  events=False, log=False,
                                  coach=None if self.coach is None else self.coach())
        return Kick(kick.deviation, kick.start if kick.deviation is None else None, dice.path)

    def landings(self, decisions: Decisions) -> dict[Landing, Rational]:
        """Where a kick with ``decisions`` (its target) comes down: landing -> probability, in
        the order of the enumeration (as ``chance.merge`` of its runs)."""
        if self.template is None:
            self.template = enumerate_runs(functools.partial(self._kick, decisions),
                                           dice=self.make)
        else:  # the rules' checks of this target, along the first path
            self._kick(decisions, self.make(self.template[0][1].path))
        target = decisions.target
        assert target is not None
        out: dict[Landing, Rational] = {}
        for p, kick in self.template:
            dev = kick.deviation
            if dev is None:  # Kick It!: no kick, a touchback
                landing = Landing(None, True, kick.start)
            else:
                square = deviated(target, dev.direction, dev.distance)
                landing = Landing(square, self.ctx.out_of_play(square), None)
            out[landing] = out[landing] + p if landing in out else p
        return out


@dataclass
class Parts:
    """One target's kick, enumerated (``KickoffSolver._parts``): the ends reached directly (no
    kick, a kick-off move, a High Kick: end number -> probability), each group's journey starts
    (start number -> probability), the best touchback takers met by then and the choices taken."""

    direct: Dist
    starts: list[Dist]
    takers: list[str]
    taken: Taken


def end_objective(
    end: ball.Held | ball.Rests, objective: Objective, receiving: Side, end_zone_x: int,
    sides: dict[str, Side],
) -> int:
    """One end's value of ``objective``, as :func:`summarise` and ``targets.objective_value``
    read the odds: its expectation over the ends is the objective's value (a ball on the ground
    is one on a square, ``Odds.ground``; distance 0 with no square)."""
    if objective == "touchback":
        return int(end.touchback)
    held = isinstance(end, ball.Held)
    if objective == "receiver-holds":
        return int(isinstance(end, ball.Held) and sides[end.player] == receiving)
    if objective == "holder-open":  # the ends carry Marked (exact_board)
        return int(isinstance(end, ball.Held) and not isinstance(end, ball.HeldMarked)
                   and sides[end.player] == receiving)
    if objective == "ball-in-reach":
        return int(isinstance(end, ball.RestsInReach))
    if end.square is None:
        return 0
    if objective == "ball-on-ground":
        return int(not held)
    return abs(int(end.square.x) - end_zone_x)


def summarise(
    target: Square, events: Events, state: GameState, named: list[ball.BallState], ends: Dist,
) -> Odds:
    """The :class:`Odds` of numbered end probabilities (``named[i]``: the end numbered ``i``;
    summed exactly, then converted)."""
    receiving: Side = state.receiving
    end_zone_x = state.pitch.end_zone_x(receiving)
    sides = {p.id: p.side for p in state.players.values()}
    holders: dict[str, Rational] = {}
    ground: dict[Square, Rational] = {}
    touchback = Q(0)
    distance = Q(0)
    receiving_holds = Q(0)
    for i, p in ends.items():
        end = cast("ball.Held | ball.Rests", named[i])  # an end: held or resting
        if end.touchback:
            touchback += p
        if isinstance(end, ball.Held):
            holders[end.player] = holders.get(end.player, 0) + p
            distance += p * abs(end.square.x - end_zone_x)
            if sides[end.player] == receiving:
                receiving_holds += p
        elif end.square is not None:
            ground[end.square] = ground.get(end.square, 0) + p
            distance += p * abs(end.square.x - end_zone_x)
    return Odds(
        target=target,
        events=events,
        touchback=to_fraction(touchback),
        receiving_team_holds=to_fraction(receiving_holds),
        holders={pid: to_fraction(p) for pid, p in holders.items()},
        ground={sq: to_fraction(p) for sq, p in ground.items()},
        expected_distance_to_receiving_end_zone=to_fraction(distance),
        exact_ends=plain_ends(named, ends),
    )


def plain_ends(named: list[ball.BallState], ends: Dist) -> dict[ball.BallState, Rational]:
    """The end probabilities by end state (``named[i]``: the end numbered ``i``), the ends a
    board objective tells apart (``ball.HeldMarked``, ``ball.RestsInReach``:
    ``kickoff.analysis.exact.board``) as the rules make them: the odds are the same whatever
    the objective."""
    out: dict[ball.BallState, Rational] = {}
    for i, p in ends.items():
        end = named[i]
        if isinstance(end, ball.HeldMarked):
            end = ball.Held(end.player, end.square, end.touchback)
        elif isinstance(end, ball.RestsInReach):
            end = ball.Rests(end.square, end.touchback)
        out[end] = out[end] + p if end in out else p
    return out


def add_starts(ends: Dist, weighted: list[tuple[Rational, Dist]]) -> None:
    """Add ``p`` times each distribution of ``weighted`` (``(p, end number -> probability)``)
    to ``ends``; distributions of equal weight (most deviations are equally likely) are added
    up first."""
    by_weight: dict[Rational, list[Dist]] = {}
    for p_start, dist in weighted:
        by_weight.setdefault(p_start, []).append(dist)
    for p_start, dists in by_weight.items():
        total: Dist = {}
        for dist in dists:
            for i, p_end in dist.items():
                total[i] = total.get(i, 0) + p_end
        for i, p_end in total.items():
            ends[i] = ends.get(i, 0) + p_start * p_end


def add_pushed(ends: Dist, weighted: list[tuple[Rational, Dist]], nodes: Nodes,
               touchback: int) -> None:
    """Add ``p`` times the end distribution of each mixture of nodes of ``weighted`` (``(p,
    node -> weight)``: ``KickoffSolver._group_mix``) to ``ends``, the mixtures pushed through
    the nodes as one flow (``Nodes.push``; the touchback state, whose awards are in the
    mixtures, left out)."""
    flows: Dist = {}
    for p_start, mix in weighted:
        for n, mass in mix.items():
            flows[n] = flows[n] + p_start * mass if n in flows else p_start * mass
    for i, p in nodes.push(flows).items():
        if i != touchback:
            ends[i] = ends[i] + p if i in ends else p


def mix_distribution(mix: Dist, nodes: Nodes, touchback: int) -> Dist:
    """The end distribution of a mixture of nodes (node -> weight: ``KickoffSolver._group_mix``)
    from the nodes' own distributions (``Nodes.dist``), the touchback state left out."""
    out: Dist = {}
    for n, mass in mix.items():
        for end, q in nodes.dist(n).items():
            if end != touchback:
                out[end] = out[end] + mass * q if end in out else mass * q
    return out


def end_values(
    state: GameState, named: list[ball.BallState], objective: AnyObjective,
    known: dict[int, Any], touchback: int,
) -> Callable[[int], Any]:
    """End number -> :func:`end_objective` of that end (``named[i]``: the end numbered ``i``;
    a mix, ``objectives.Mix``: its objectives' values of the end, mixed, an exact fraction),
    remembered in ``known``; ``0`` for ``touchback``, the number of the touchback state (the
    awards' ends are valued instead, a mix's ``1 - v`` too)."""
    receiving = state.receiving
    end_zone_x = state.pitch.end_zone_x(receiving)
    sides = {p.id: p.side for p in state.players.values()}

    def value(i: int) -> Any:
        v = known.get(i)
        if v is None and i == touchback:
            v = known[i] = 0
        elif v is None:
            end = cast("ball.Held | ball.Rests", named[i])  # an end: held or resting
            v = known[i] = (objective.value({o: end_objective(end, o, receiving, end_zone_x,
                                                              sides)
                                             for o, _ in objective.weights})
                            if isinstance(objective, Mix)
                            else end_objective(end, objective, receiving, end_zone_x, sides))
        return v
    return value
