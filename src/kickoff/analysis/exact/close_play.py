"""The exact odds with both coaches playing the ``close`` policy (``play="close"``, issue 24).

``kickoff simulate --play close`` hands every decision of both coaches to
:class:`~kickoff.core.close.CloseCoach` ("get near the ball"). The exact solver plays the same
coach, through the same decision interface (:meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>`): nothing of the policy's rules is copied here,
every answer is the coach's own, asked at the rule's own decision in a context that knows what
the simulation's knows (the state, the landing square).

Where the policy's answers depend on where the kick comes down (High Kick's player, the
touchback's taker: the player nearest the landing; the kick-off move toward it), the solver's
square-blind sharing cannot hold, so :func:`landed` solves each landing apart:

- the kick (kicker, Kick) is enumerated with the coach answering the kicking coach's decisions
  before the kick (:class:`KickCoach`), the rest of the kick-off left to :func:`landed`;
- at each landing, the kick-off move (Kick-Off Return / On the Ball) the coach makes there, its
  Dodge rolls enumerated, and the set-up it leaves solved by a solver of its own
  (``exact_moved.moved_solver``: its events enumerated on the moved set-up);
- in each world the Kick-off event leaves (the solver's ``worlds``, lumping off: the coach may
  read any player), the ball's journey from the landing (the solver's journey chain, which stops
  at a touchback), and a touchback awarded as the coach awards it at that landing (the rule's
  own ``ball.award``, asked of the coach; the award played by a journey chain with that taker);
- the High Kick worlds, set apart as for a named player: the event's handler played at the
  landing with the coach answering (the nearest Open receiver moves under the ball).

A High Kick player or a touchback taker given (``Decisions(high_kick=, touchback=)``,
``--high-kick`` / ``--touchback``) wins over the policy, as in ``simulate --play close``: the
rule's decision then carries the given answer, which the coach hands back
(``CloseCoach.choose``: an answer given wins); the touchback's taker while he can take the ball
in the world at hand (``worlds.touchback_taker``, as ``simulate`` plays it), else the policy's.

The free turns (Blitz!, Charge!) are played as given (default: nobody acts), as
``simulate --play close --free-turns none`` plays them. Exact (rationals), and slower than the
defaults: each landing's journeys are solved world by world (docs/analysis.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import journey as exact_journey
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.chance import Dist, PathDice, enumerate_runs
from kickoff.analysis.exact.worlds import Diff, differences, rebuilt, touchback_taker
from kickoff.core import ball
from kickoff.core.actions.kickoff_move import kickoff_move
from kickoff.core.close import CloseCoach
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.kickoff import landing_state
from kickoff.core.pitch import Square
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

#: The exact odds' plays (``KickoffSolver``'s ``play``): ``exact_best.Play``'s and ``"close"``,
#: both coaches the close policy (this module).
SolverPlay = Literal["defaults", "best", "close"]
#: The decisions before the kick that :class:`KickCoach` hands to the policy.
KICK_KINDS = frozenset({"kicker", "kick_skill", "target"})


class Recording:
    """The ``close`` coach (:class:`~kickoff.core.close.CloseCoach`, both teams), keeping each
    answer it gives (``answers``: ``(kind, answer)`` pairs, in order)."""

    __slots__ = ("answers", "inner")

    def __init__(self) -> None:
        self.inner = CloseCoach()
        self.answers: list[tuple[str, Any]] = []

    def bind(self, ctx: KickoffContext) -> None:
        """Handed the context by :class:`KickoffContext` (the coach reads the kick-off)."""
        self.inner.bind(ctx)

    def choose(self, decision: Decision) -> Any:
        answer = self.inner.choose(decision)
        self.answers.append((decision.kind, answer))
        return answer

    def answer(self, kind: str) -> Any:
        """The last answer to a decision of ``kind`` (``None``: none asked)."""
        return next((a for k, a in reversed(self.answers) if k == kind), None)


class KickCoach:
    """The ``close`` coach for the decisions before the kick (:data:`KICK_KINDS`), the scripted
    coach for the others: the kick's enumeration (``exact_odds.Kicks``) plays no kick-off move,
    which :func:`landed` plays at each landing."""

    __slots__ = ("inner",)

    def __init__(self) -> None:
        self.inner = CloseCoach()

    def bind(self, ctx: KickoffContext) -> None:
        """Handed the context by :class:`KickoffContext`."""
        self.inner.bind(ctx)

    def choose(self, decision: Decision) -> Any:
        if decision.kind in KICK_KINDS:
            return self.inner.choose(decision)
        return SCRIPTED.choose(decision)


class Cache:
    """One ``play="close"`` solver's caches: each event world rebuilt (by the identity of the
    world kept), each landing's ends by (world identity, square, touchback, scatters), each
    touchback's ends by (world identity, its number), each award's journey chain by (world
    identity, taker), and each High Kick world placed at a landing."""

    __slots__ = ("awards", "chains", "ends", "high", "states")

    def __init__(self) -> None:
        self.states: dict[int, tuple[Any, GameState]] = {}
        self.ends: dict[tuple[int, Square | None, bool, int], Dist] = {}
        self.awards: dict[tuple[int, int], Dist] = {}
        self.chains: dict[tuple[int, Any], tuple[GameState, Any]] = {}
        self.high: dict[tuple[int, Square | None, bool], GameState] = {}


def cache_of(solver: KickoffSolver) -> Cache:
    """``solver``'s :class:`Cache` (made on first use)."""
    if solver._close is None:
        solver._close = Cache()
    cache: Cache = solver._close
    return cache


def _add(out: Dist, p: Any, ends: Dist) -> None:
    for i, q in ends.items():
        out[i] = out.get(i, 0) + p * q


def landed(solver: KickoffSolver, deviations: dict[exact_odds.Landing, Any]) -> exact_odds.Parts:
    """``KickoffSolver._parts`` of a kick whose landings are ``deviations`` with both coaches
    playing the policy: every end reached directly (no group starts, no choice lines)."""
    ends: Dist = {}
    for dev, p_dev in deviations.items():
        if dev.no_kick is not None:  # Kick It! without a kicker: a touchback, no landing
            _add(ends, p_dev, solver._journey(solver.state, dev.no_kick))
            continue
        for q, key, moved in _moves(solver, dev.square, dev.touchback):
            sub = solver if not key else solver._sub(key, moved)
            _add(ends, p_dev * q, landing_ends(sub, dev.square, dev.touchback))
    return exact_odds.Parts(ends, [{} for _ in solver.groups()], [], exact_best.Taken())


def _moves(solver: KickoffSolver, square: Square | None, touchback: bool
           ) -> list[tuple[Any, frozenset[Any], GameState]]:
    """The kick-off move the coach makes at this landing (the rule's own ``kickoff_move``, its
    dice enumerated): ``(p, the players it changed, the state it leaves)`` per outcome; one
    outcome, nobody moving, without the skill."""
    state = solver.state
    if solver.ruleset.kickoff_move is None:
        return [(1, frozenset(), state)]

    def run(dice: PathDice) -> GameState:
        moved = state.clone()
        ctx = KickoffContext(moved, solver.ruleset, dice, Decisions(), solver.house_rules,
                             log=False, coach=CloseCoach())
        ctx.landing, ctx.touchback = square, touchback
        kickoff_move(ctx)
        return moved

    out: dict[frozenset[Any], tuple[Any, GameState]] = {}
    for p, moved in enumerate_runs(run, dice=solver._dice()):
        key = differences(state, moved).entries
        q, _ = out.get(key, (0, moved))
        out[key] = (q + p, moved)
    return [(q, key, moved if key else state) for key, (q, moved) in out.items()]


def landing_ends(solver: KickoffSolver, square: Square | None, touchback: bool) -> Dist:
    """The end distribution of a ball coming down on ``square`` (``touchback``: out of play)
    once the event is played on ``solver``'s set-up, every world summed (High Kick's apart)."""
    cache = cache_of(solver)
    out: Dist = {}
    for p_world, kept, scatters in solver.worlds():
        _add(out, p_world, _world_ends(solver, _state(solver, kept), square, touchback,
                                       scatters))
    for p_high, world, scatters, handler in solver._high_kick_worlds:
        key = (id(world), square, touchback)
        placed = cache.high.get(key)
        if placed is None:  # the handler at this landing, the coach placing his player
            placed = world.clone()
            ctx = KickoffContext(placed, solver.ruleset, PathDice(()),
                                 Decisions(high_kick=solver.high_kick), solver.house_rules,
                                 log=False, coach=CloseCoach())  # (a player given wins)
            ctx.landing, ctx.touchback, ctx.scatters = square, touchback, scatters
            handler(ctx)
            placed = cache.high[key] = placed if placed.changed() else world
        _add(out, p_high, _world_ends(solver, placed, square, touchback, scatters))
    return out


def _state(solver: KickoffSolver, kept: GameState | Diff) -> GameState:
    """An event world as a state (rebuilt once from its changes; kept alive in the cache)."""
    if isinstance(kept, GameState):
        return kept
    cache = cache_of(solver)
    pair = cache.states.get(id(kept))
    if pair is None:
        pair = cache.states[id(kept)] = (kept, rebuilt(solver.state, kept))
    return pair[1]


def _world_ends(solver: KickoffSolver, world: GameState, square: Square | None,
                touchback: bool, scatters: int) -> Dist:
    """The journey's ends in ``world`` from this landing: the solver's chain up to a touchback
    (each numbered by its square: ``Tables.keep_touchbacks``), each touchback awarded as the
    coach awards it there (:func:`_award`)."""
    cache = cache_of(solver)
    key = (id(world), square, touchback, scatters)
    cached = cache.ends.get(key)
    if cached is not None:
        return cached
    ctx = solver._context(world, None)
    ctx.landing, ctx.touchback, ctx.scatters = square, touchback, scatters
    out = dict(solver._chain_for(world).solve(solver._id(landing_state(ctx))))
    for i in [i for i in out if isinstance(solver._states[i], ball.Touchback)]:
        _add(out, out.pop(i), _award(solver, world, i))
    cache.ends[key] = out
    return out


def _award(solver: KickoffSolver, world: GameState, i: int) -> Dist:
    """The ends of the touchback numbered ``i`` in ``world``: the rule's own award
    (``ball.award``) asked of the coach, who reads the touchback's square (the rules set the
    context's landing there, ``ball.step``), unless a taker given can take the ball there; then
    the journey after it (a bounce from a downed receiver) by a journey chain with that answer
    as the touchback's taker (or square).
    Remembered by world and touchback."""
    cache = cache_of(solver)
    cached = cache.awards.get((id(world), i))
    if cached is not None:
        return cached
    at = solver._states[i]
    assert isinstance(at, ball.Touchback)
    taker: Any = touchback_taker(world, solver.taker)  # a taker given, while able, wins
    if taker is None:
        recorder = Recording()
        ctx = KickoffContext(world, solver.ruleset, PathDice(()), Decisions(),
                             solver.house_rules, log=False, coach=recorder)
        ctx.landing, ctx.touchback = at.at, True
        ball.award(ctx)
        taker = recorder.answer("touchback")
    kept = cache.chains.get((id(world), taker))
    if kept is None:
        chain = exact_journey.journey_chain(world, solver.ruleset, solver.house_rules,
                                            solver.reach, taker, solver._dice(), solver._tables)
        kept = cache.chains[id(world), taker] = (world, chain)
    chain = kept[1]
    out: Dist = {}
    for nxt, p in chain.transitions(i).items():
        _add(out, p, chain.solve(nxt))
    cache.awards[id(world), i] = out
    return out
