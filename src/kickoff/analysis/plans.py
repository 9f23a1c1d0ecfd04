"""The kicking coach's free turn at its best found: a search over plans, each valued exactly.

With the Kick-off events on, the exact solver (:class:`~kickoff.analysis.exact.solver.KickoffSolver`)
plays the Blitz! / Charge! free turn as the scenario format's default, nobody acts, unless it is
given the activations to play. The solver alone searches nothing: through the Python API the free
moves stay at the format's defaults (nobody acts, nobody moves) unless given, and this search
is what ``kickoff odds --play best --events all`` (and ``kickoff decide``, the web's decide) add
by default, with :data:`kickoff.defaults.PLAN_BUDGET` plans per event and the re-set-ups
(:data:`kickoff.defaults.PLAN_RESETUPS`); ``--plan-budget 0`` turns it off.

Who moves where and who blitzes whom cannot be enumerated (every
path of every subset of players, in every order), so this module searches: each candidate
**plan** (a list of activations, :class:`Plan`) is scripted into the solver
(``Decisions.blitz`` / ``Decisions.charge``) and ranked by the kick-off solved exactly given
its event (:mod:`kickoff.analysis.plans_given`: the other totals' events Get the Ref); the
values reported are the whole kick-off's, solved for the best plan, nobody's, the seed's and all
the plans found (the deviation, every event, the free turn's own dice, the ball's journeys, and
with ``play="best"`` the receiving coach's decision nodes). The kicking coach takes the plan the
receivers least prefer under the objective (:func:`~kickoff.analysis.objectives.receivers_prefer`).

**What the value is.** Let ``V*`` be the receivers' value when the kicking coach plays his free
turn at his true best. Every plan is one strategy of the kicking coach, so its exact value ``V``
is what he can be sure of: the receivers do no better than ``V`` (for an objective they want
high, such as ``receiver-holds``, ``V >= V*``: an upper bound on the receivers' value at the
optimum; for one they want low, such as ``touchback``, a lower bound). The value reported is that
of the best plan found, and nothing closer is claimed: a larger budget can only tighten it
(the search is deterministic; a budget only cuts it short). ``V*`` is the optimum of the game
the solver plays: the choices neither searched nor maximised (Diving Catch, the kicker, Kick)
at their defaults.

**Per kick, not per landing.** The free turn comes after the deviation, so a coach knows the
landing square. The solver solves the event once for every landing, so a plan here is one per
kick (per target), planned for a ball landing on the target: a restriction of what a coach can
do, still a strategy, so still a bound (looser than a plan per landing would give).

**The candidates** (:func:`candidates`), played through the core's free turn, which refuses an
illegal one (``DecisionError``: the plan is skipped, never repaired by a copy of a rule):

1. nobody acts (the default), then the ``close`` policy's plan
   (:func:`~kickoff.core.actions.policy.close_in`) for a ball landing on the target;
2. then, from the best plan so far (a hill climb, restarted at every improvement): a Blitz on
   one of the receivers nearest the target by each kicking player who can reach him without a
   Dodge, added last; each mover sent to the target square or a square next to it or next to
   a receiver near it instead; an unused player added, sent there; one activation dropped.

Paths never Rush: the shortest path through empty squares outside the receivers' tackle zones
(:func:`~kickoff.core.actions.policy.close_in`'s planner), else the shortest through empty
squares (its Dodges rolled and valued by the solver like every die); the free turn's count is rolled
(D3+3 players, Sevens D3+1), so a plan moves at most the fewest players the die allows
(:func:`fewest`), and a Blitz is always the last activation (its block may push a receiver onto
a later path). Each restriction keeps every plan a strategy, so the bound holds.

**The re-set-ups** (``search(..., resetups=True)``, :func:`resetup_space`): Perfect / Solid
Defence, the kicking coach's moves within his half (a set-up the core's ``setup_problems``
refuses is not valued), searched the same way; and Quick Snap, the receiving coach's one-square
moves, where he maximises, so its best plan found bounds the receivers' best from below. Each
event's worlds are apart, so the kick's value is the sum of the events' parts, each its own
bound (:meth:`PlanSearch.lines` says which).

**The budget** (``budget``, :data:`DEFAULT_BUDGET`): the most plans valued per event, nobody's
and the seeds' included; each costs one exact solve given its event. The hill climb also stops
at a local optimum (no neighbour of the best plan is better), before its budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from kickoff.analysis import choices
from kickoff.analysis.collector import collector_paused
from kickoff.analysis.exact.chance import PathDice
from kickoff.analysis.exact.event_cache import EventCache
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective, objective_text, receivers_prefer
from kickoff.core import resetup
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.actions.policy import _nearest, close_in
from kickoff.core.coach import SCRIPTED, Asked, AskingCoach, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Decisions, Move
from kickoff.core.errors import DecisionError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.pitch import NEIGHBOURS, Square, distance, other_side
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.setup import setup_problems
from kickoff.core.state import GameState, Player
from kickoff.defaults import PLAN_BUDGET, Play

#: The most plans valued per free-turn event when not told (each one exact solve of the kick):
#: every face's :data:`kickoff.defaults.PLAN_BUDGET`.
DEFAULT_BUDGET = PLAN_BUDGET
#: How many receivers, nearest the target first, a Blitz or a mover is aimed at.
NEAREST_RECEIVERS = 3
#: The events' names in the lines (``Plan.text``).
EVENT_NAMES = choices.EVENT_NAMES
#: The re-set-up events searched (``Decisions`` keys of ``Move`` lists), the receiving coach's
#: Quick Snap last.
RESETUPS = ("perfect_defence", "solid_defence", "quick_snap")

#: One step of a plan before its paths are planned: ``(player, action, square, target)`` -- a
#: ``move`` to ``square``, or a ``blitz`` from ``square`` (next to ``target``) on ``target``.
Step = tuple[str, str, Square, str | None]


@dataclass(frozen=True)
class Plan:
    """A plan of event ``event``: a free turn's activations (``"blitz"`` / ``"charge"``), in
    order, or a re-set-up's moves (:data:`RESETUPS`); both empty: nobody acts (moves)."""

    event: str
    activations: tuple[Activation, ...]
    moves: tuple[Move, ...] = ()

    def key(self) -> tuple[Any, ...]:
        """What tells plans apart: each activation's player, action, last square and target;
        each move."""
        return (*((a.player, a.action, a.path[-1] if a.path else None, a.target)
                  for a in self.activations), *self.moves)

    def text(self) -> str:
        """The plan in words: ``Blitz!: k3 to [12, 5]; k7 blitzes a2 from [13, 6]``,
        ``Quick Snap: a3 to [14, 6]``."""
        name = EVENT_NAMES.get(self.event, self.event)
        if self.moves:
            return f"{name}: {'; '.join(f'{m.player} to {m.to.as_list()}' for m in self.moves)}"
        if not self.activations:
            return f"{name}: nobody {'moves' if self.event in RESETUPS else 'acts'}"
        parts = []
        for a in self.activations:
            end = a.path[-1].as_list() if a.path else "where he stands"
            if a.action == "blitz":
                parts.append(f"{a.player} blitzes {a.target} from {end}")
            else:
                parts.append(f"{a.player} to {end}")
        return f"{name}: {'; '.join(parts)}"


@dataclass
class Found:
    """One event's search: the best plan found, its exact value, nobody's, the first seed's
    after nobody's (a free turn: the ``close`` policy's plan; ``None``: no such seed), and how
    many plans were valued."""

    best: Plan
    value: Fraction
    nobody: Fraction
    close: Fraction | None
    evaluated: int

    def line(self) -> str:
        """``Blitz!: k3 to [12, 5] (best plan found of 12 valued: 0.4100; nobody acts:
        0.5200)``."""
        nobody = "nobody moves" if self.best.event in RESETUPS else "nobody acts"
        return (f"{self.best.text()} (best plan found of {self.evaluated} valued: "
                f"{float(self.value):.4f}; {nobody}: {float(self.nobody):.4f})")


@dataclass
class PlanSearch:
    """The search at one target: each free-turn event's :class:`Found`, the decisions that
    script every best plan, and the kick's exact value with all of them played."""

    target: Square
    objective: AnyObjective
    found: dict[str, Found]
    decisions: Decisions
    value: Fraction
    #: The solver that valued the kick with every plan found (its caches hold the kick at
    #: ``target``: its odds there cost next to nothing more); ``None``: not kept.
    solver: KickoffSolver | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """``{"value", "events": {event: {"plan", "value", "nobody", "close", "evaluated"}}}``:
        the exact values as fraction strings (``close``: ``None`` without a seed)."""
        # (fraction_text: a classic kick-off's values run past the 4,300 digits str() writes)
        return {"value": fraction_text(self.value), "events": {event: {
            "plan": f.best.text(), "value": fraction_text(f.value),
            "nobody": fraction_text(f.nobody),
            "close": None if f.close is None else fraction_text(f.close),
            "evaluated": f.evaluated} for event, f in self.found.items()}}

    def choices(self) -> list[choices.Choice]:
        """Each event's best plan found as a :class:`~kickoff.analysis.choices.Choice` under
        that event (Quick Snap's the receiving coach's, the others the kicking coach's): the
        plan's words and values (:meth:`Found.line`), without the event's name."""
        return [choices.Choice(event, "receiving" if event == "quick_snap" else "kicking",
                               f.line().removeprefix(f"{EVENT_NAMES[event]}: "))
                for event, f in self.found.items()]

    def lines(self) -> list[str]:
        """One line per event, then what the value is: an upper bound on the receivers' value
        at the optimum for an objective they want high, a lower one for one they want low."""
        high = receivers_prefer(self.objective, Fraction(1), Fraction(0))
        bound = "an upper" if high else "a lower"
        head = (f"{objective_text(self.objective)} with the best plans found: "
                f"{float(self.value):.4f} (exact in --json), ")
        if "quick_snap" not in self.found:
            tail = (f"{bound} bound on the receivers' value against the kicking coach's best "
                    "free moves")
        else:  # the events' worlds are apart: the value is their sum, each part its own bound
            snap = "a lower" if high else "an upper"
            tail = (f"the plans' exact value: in the Quick Snap kick-offs {snap} "
                    f"bound on the receivers' best, in the others {bound} bound on what the "
                    "kicking coach can hold them to")
        return [*(f.line() for f in self.found.values()), head + tail]


def fewest(ruleset: Ruleset, event: str) -> int | None:
    """The fewest players the free turn's count die allows (D3 + n: n + 1), ``None`` with no
    count die (classic Blitz!: a whole team turn)."""
    plus = ruleset.count_plus(event)
    return None if plus is None else plus + 1


def free_events(ruleset: Ruleset) -> list[str]:
    """The ruleset's free-turn events (``Ruleset.free_turns``: ``blitz``, bb2025 ``charge``)."""
    return list(ruleset.free_turns)


def may_act(state: GameState, ruleset: Ruleset, event: str,
            house_rules: frozenset[HouseRule] = frozenset()) -> list[str]:
    """The kicking players who may act in the free turn ``event`` on ``state``, in team order:
    those the rule's own first ``activation`` decision offers (``free_turn``, asked through
    :class:`~kickoff.core.coach.AskingCoach` on a copy; no die is rolled before it), so that no
    copy of the rule's eligibility is kept here."""
    probe = KickoffContext(state.clone(), ruleset, PathDice(()), Decisions(), house_rules,
                           log=False, coach=AskingCoach(("activation",)))
    try:
        free_turn(probe, event, None, ())
    except Asked as asked:
        return list(dict.fromkeys(o.player for o in asked.decision.listed() if o is not None))
    return []  # nobody may act: the decision had one option, nobody


class _Planner:
    """Plans paths on a set-up: no Rush, through empty squares only (``policy._nearest``),
    outside the receivers' tackle zones but for the last square where one exists;
    ``eligible``: who may act (:func:`may_act`)."""

    def __init__(self, state: GameState, eligible: list[str]) -> None:
        self.state = state
        side = state.kicking
        self.occupied = set(state.board)
        if state.ball is not None and state.carrier is None:
            self.occupied.add(state.ball)
        self.receivers = [q for q in state.teams[other_side(side)].players
                          if q.standing and q.square is not None]
        self.zone = {(q.square.x + dx, q.square.y + dy) for q in self.receivers
                     if q.square is not None for dx, dy in NEIGHBOURS}
        self.eligible = eligible

    def activations(self, steps: Sequence[Step], where: str) -> tuple[Activation, ...] | None:
        """The steps' activations, each path planned on the squares the earlier ones leave
        (``None``: a square nobody can reach so)."""
        occupied = set(self.occupied)
        out: list[Activation] = []
        for i, (pid, action, square, target) in enumerate(steps):
            player = self.state.players[pid]
            assert player.square is not None
            if square in occupied and square != player.square:
                return None
            path: list[Square] = []
            if square != player.square:
                occupied.discard(player.square)
                found = (_nearest([player], [square], (occupied | self.zone) - {square},
                                  self.state.pitch)
                         or _nearest([player], [square], occupied, self.state.pitch))
                if found is None:
                    return None
                path = found[1]
                occupied.add(square)
            if action == "blitz" and len(path) + 1 > player.ma:
                return None  # the block's square of movement would need a Rush
            out.append(Activation(pid, "blitz" if action == "blitz" else "move", tuple(path),
                                  target=target, where=f"{where}[{i}]"))
        return tuple(out)

    def near(self, target: Square) -> list[Player]:
        """The receivers nearest ``target`` (at most :data:`NEAREST_RECEIVERS`)."""
        ranked = sorted(self.receivers, key=lambda q: distance(q.square or target, target))
        return ranked[:NEAREST_RECEIVERS]

    def squares(self, target: Square) -> list[Square]:
        """Where a mover may be sent: the target, the empty squares next to it, then those next
        to the receivers nearest it (each once, on the pitch)."""
        around = [target, *(Square(target.x + dx, target.y + dy) for dx, dy in NEIGHBOURS)]
        for q in self.near(target):
            assert q.square is not None
            around += [Square(q.square.x + dx, q.square.y + dy) for dx, dy in NEIGHBOURS]
        out: list[Square] = []
        for sq in around:
            if sq not in out and self.state.pitch.on_pitch(sq) and sq not in self.occupied:
                out.append(sq)
        return out


def _steps_of(state: GameState, plan: Plan) -> list[Step]:
    """A plan's steps back (a Blitz from where the blitzer stands has no path)."""
    out: list[Step] = []
    for a in plan.activations:
        square = a.path[-1] if a.path else state.players[a.player].square
        assert square is not None
        out.append((a.player, a.action, Square(*square), a.target))
    return out


def _blitz_added(planner: _Planner, steps: Sequence[Step], target: Square, cap: int | None
                 ) -> Iterator[list[Step]]:
    """A Blitz added last (none if the plan has one): on each receiver nearest ``target``, by
    the three free kicking players nearest him, from the first square next to him they may
    stand on (the moves first cut to leave room for it under ``cap``)."""
    if any(s[1] == "blitz" for s in steps):
        return
    moves = [s for s in steps if s[1] == "move"]
    st = planner.state
    kept = moves if cap is None or len(moves) < cap else moves[:cap - 1]
    free = [pid for pid in planner.eligible if pid not in {s[0] for s in kept}]
    for q in planner.near(target):
        assert q.square is not None
        sq_q = q.square
        by_reach = sorted(free, key=lambda pid: distance(st.players[pid].square or sq_q, sq_q))
        for pid in by_reach[:3]:
            sq = _blitz_square(planner, pid, sq_q)
            if sq is not None:
                yield [*kept, (pid, "blitz", sq, q.id)]


def _blitz_square(planner: _Planner, pid: str, at: Square) -> Square | None:
    """The first square next to ``at`` (in :data:`NEIGHBOURS` order) on the pitch where
    player ``pid`` may stand: empty, or his own (``None``: none)."""
    st = planner.state
    for dx, dy in NEIGHBOURS:
        sq = Square(at.x + dx, at.y + dy)
        if st.pitch.on_pitch(sq) and (sq not in planner.occupied
                                      or sq == st.players[pid].square):
            return sq
    return None


def _movers_sent(steps: Sequence[Step], spots: Sequence[Square]) -> Iterator[list[Step]]:
    """Each mover sent to one of the first six ``spots`` instead (not where he goes now)."""
    for i, (pid, action, square, _) in enumerate(steps):
        if action != "move":
            continue
        for sq in spots[:6]:
            if sq != square:
                yield [*steps[:i], (pid, "move", sq, None), *steps[i + 1:]]


def _player_added(planner: _Planner, steps: Sequence[Step], target: Square, cap: int | None,
                  spots: Sequence[Square]) -> Iterator[list[Step]]:
    """An unused player (of the four nearest ``target``) added, sent to one of the first three
    ``spots``, after the moves and before the Blitz (none if ``cap`` players already act)."""
    if cap is not None and len(steps) >= cap:
        return
    st = planner.state
    moves = [s for s in steps if s[1] == "move"]
    blitz = [s for s in steps if s[1] == "blitz"]
    used = {s[0] for s in steps}
    for pid in sorted((p for p in planner.eligible if p not in used),
                      key=lambda p: distance(st.players[p].square or target, target))[:4]:
        for sq in spots[:3]:
            yield [*moves, (pid, "move", sq, None), *blitz]


def neighbours(planner: _Planner, steps: Sequence[Step], target: Square, cap: int | None
               ) -> Iterator[list[Step]]:
    """The variations of a plan's steps (see the module's docstring, candidates 2), in order:
    a Blitz added last, each mover sent elsewhere, an unused player added, a step dropped."""
    yield from _blitz_added(planner, steps, target, cap)
    spots = planner.squares(target)
    yield from _movers_sent(steps, spots)
    yield from _player_added(planner, steps, target, cap, spots)
    for i in range(len(steps)):
        yield [*steps[:i], *steps[i + 1:]]


def candidates(state: GameState, ruleset: Ruleset, event: str, target: Square,
               house_rules: frozenset[HouseRule] = frozenset()) -> Iterator[Plan]:
    """The first candidates of the search: nobody acts, then the ``close`` policy's plan for a
    ball landing on ``target`` (at most :func:`fewest` players)."""
    planner = _Planner(state, may_act(state, ruleset, event, house_rules))
    yield Plan(event, ())
    seed = close_in(state, planner.eligible, fewest(ruleset, event), target, False)
    yield Plan(event, tuple(replace(a, where=f"plan.{event}[{i}]") for i, a in enumerate(seed)))


class _Valuer:
    """Values plans at one target: a solver per plan (the other events' plans as given)."""

    def __init__(self, state: GameState, ruleset: Ruleset, target: Square, objective: AnyObjective,
                 play: Play, base: Decisions, options: dict[str, Any],
                 cache: EventCache | None = None) -> None:
        self.state, self.ruleset, self.target = state, ruleset, target
        self.objective, self.play, self.base, self.options = objective, play, base, options
        #: The events' runs every solver of the search shares (``None``: each its own).
        self.cache = cache

    def decisions(self, plans: Sequence[Plan]) -> Decisions:
        """``base`` with each plan scripted as its event's activations."""
        acts = {p.event: list(p.activations) for p in plans if p.event not in RESETUPS}
        moves = {p.event: list(p.moves) for p in plans if p.event in RESETUPS}
        b = self.base
        return replace(b, blitz=acts.get("blitz", b.blitz), charge=acts.get("charge", b.charge),
                       quick_snap=moves.get("quick_snap", b.quick_snap),
                       solid_defence=moves.get("solid_defence", b.solid_defence),
                       perfect_defence=moves.get("perfect_defence", b.perfect_defence))

    def solver(self, plans: Sequence[Plan]) -> KickoffSolver:
        """The solver of the kick with ``plans`` played (nothing solved yet)."""
        solver = KickoffSolver(self.state, self.ruleset, events="all", play=self.play,
                               objective=self.objective, decisions=self.decisions(plans),
                               **self.options)
        solver._event_cache = self.cache
        if self.cache is not None:
            self.cache.share_tables(solver)
        return solver

    def value(self, plans: Sequence[Plan]) -> Fraction | None:
        """The kick's exact value with ``plans`` played (``None``: the free turn refused one)."""
        try:
            return self.solver(plans).value(self.target, self.objective)
        except DecisionError:
            return None

    def kicker_prefers(self, a: Fraction, b: Fraction) -> bool:
        """Whether the kicking coach strictly prefers value ``a`` to ``b`` (the receivers do
        not)."""
        return receivers_prefer(self.objective, b, a)


class _Climb:
    """One search's state: the best plan and its value so far, the plans seen, how many were
    valued, and which coach chooses (``kicking``: the receivers' least preferred value)."""

    def __init__(self, valuer: _Valuer, nobody: Plan, kicking: bool) -> None:
        self.valuer, self.kicking = valuer, kicking
        value = valuer.value([nobody])
        assert value is not None  # nobody acting (moving) is always legal
        self.best, self.best_value, self.nobody, self.evaluated = nobody, value, value, 1
        self.seen = {nobody.key()}

    def better(self, a: Fraction, b: Fraction) -> bool:
        """Whether the choosing coach strictly prefers value ``a`` to ``b``."""
        if self.kicking:
            return self.valuer.kicker_prefers(a, b)
        return receivers_prefer(self.valuer.objective, a, b)

    def try_plan(self, plan: Plan) -> tuple[bool, Fraction | None] | None:
        """Values ``plan`` unless seen (``None``: seen), keeping it if better: ``(improved,
        its value)`` (``None`` for the value: the free turn refused it)."""
        if plan.key() in self.seen:
            return None
        self.seen.add(plan.key())
        value = self.valuer.value([plan])
        self.evaluated += 1
        if value is not None and self.better(value, self.best_value):
            self.best, self.best_value = plan, value
            return True, value
        return False, value

    def step(self, neighbours: Iterator[Plan | None], budget: int) -> bool:
        """One round of the hill climb: the neighbours valued up to the first better one or
        the budget; whether one was better."""
        for plan in neighbours:
            tried = None if plan is None else self.try_plan(plan)
            if tried is None:
                continue
            if tried[0] or self.evaluated >= budget:
                return tried[0]
        return False


def search_event(valuer: _Valuer, seeds: Sequence[Plan],
                 neighbours: Callable[[Plan], Iterator[Plan | None]], kicking: bool,
                 budget: int) -> Found:
    """The best plan found within ``budget`` plans valued (at least the first seed's, nobody's):
    the seeds in order, then a hill climb over ``neighbours`` (``None``: a candidate the planner
    could not make), restarted from every improvement; ``kicking``: the kicking coach chooses
    (the receivers' least preferred value), else the receiving coach (their most preferred)."""
    climb = _Climb(valuer, seeds[0], kicking)
    close: Fraction | None = None
    for seed in seeds[1:budget]:
        tried = climb.try_plan(seed)
        if tried is not None and close is None:
            close = tried[1]
    while climb.evaluated < budget and climb.step(neighbours(climb.best), budget):
        pass
    return Found(climb.best, climb.best_value, climb.nobody, close, climb.evaluated)


def _free_turn_space(valuer: _Valuer, event: str
                     ) -> tuple[list[Plan], Callable[[Plan], Iterator[Plan | None]]]:
    house_rules = valuer.options["house_rules"]
    planner = _Planner(valuer.state, may_act(valuer.state, valuer.ruleset, event, house_rules))
    cap = fewest(valuer.ruleset, event)

    def around(plan: Plan) -> Iterator[Plan | None]:
        for steps in neighbours(planner, _steps_of(valuer.state, plan), valuer.target, cap):
            acts = planner.activations(steps, f"plan.{event}")
            yield None if acts is None else Plan(event, acts)

    return list(candidates(valuer.state, valuer.ruleset, event, valuer.target, house_rules)
                ), around


def resetup_events(ruleset: Ruleset, on: bool) -> list[str]:
    """The re-set-up events of the ruleset's Kick-off table among :data:`RESETUPS` (``[]``
    unless ``on``)."""
    names = {e.name for e in ruleset.kickoff_table.values()} if on else set()
    return [e for e in RESETUPS if e in names]


class _FirstAsked:
    """A coach who stops the rule at its first decision of ``kind`` (:class:`Asked`, carrying
    it: its check and options are the rule's own); the others as the scripted coach answers."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def choose(self, decision: Decision) -> Any:
        if decision.kind == self.kind:
            raise Asked(decision)
        return SCRIPTED.choose(decision)


def resetup_check(state: GameState, ruleset: Ruleset, event: str, count: int | None,
                  house_rules: frozenset[HouseRule] = frozenset()
                  ) -> Callable[[list[Move]], bool]:
    """The rule's own check of a re-set-up's moves (Quick Snap, Perfect / Solid Defence with
    ``count`` players: ``resetup``'s decision, its checkable set ``among``: the moves played on
    a copy), asked of the rule on ``state`` through :class:`_FirstAsked`; no copy of who may
    move is kept here."""
    probe = KickoffContext(state.clone(), ruleset, PathDice(()), Decisions(), house_rules,
                           log=False, coach=_FirstAsked(event))
    try:
        if event == "perfect_defence":
            resetup.perfect_defence(probe)
        elif event == "solid_defence":
            resetup.solid_defence(probe, count or 1)
        else:
            resetup.quick_snap(probe, count)
    except Asked as asked:
        among = asked.decision.among
        assert among is not None
        return lambda moves: moves in among
    return lambda moves: not moves  # (no decision asked: nobody moves)


class _Resetup:
    """One re-set-up's search space (see :func:`resetup_space`); the movers: the players of
    the side, nearest the target first, with a move to one of their first spots the rule
    accepts (:func:`resetup_check`)."""

    def __init__(self, valuer: _Valuer, event: str) -> None:
        st, target = valuer.state, valuer.target
        self.st, self.target, self.ruleset, self.event = st, target, valuer.ruleset, event
        self.receiving = event == "quick_snap"
        self.side = st.receiving if self.receiving else st.kicking
        self.cap = None if event == "perfect_defence" else fewest(valuer.ruleset, event)
        self.half = sorted((sq for sq in st.pitch.squares()
                            if st.pitch.in_setup_zone(self.side, sq) and sq not in st.board),
                           key=lambda sq: (distance(sq, target), sq))[:10]
        self.accepts = resetup_check(st, valuer.ruleset, event, self.cap,
                                     valuer.options.get("house_rules", frozenset()))
        self.movers = sorted((p for p in st.teams[self.side].players if self._may_move(p)),
                             key=lambda p: distance(p.square or target, target))[:6]

    def _may_move(self, p: Player) -> bool:
        return p.square is not None and any(self.accepts([Move(p.id, sq)])
                                            for sq in self.spots(p, set())[:4])

    def spots(self, p: Player, taken: set[Square]) -> list[Square]:
        """Where ``p`` may go, nearest the target first (Quick Snap: one square; else the
        half's empty squares nearest the target), not ``taken``."""
        st, target = self.st, self.target
        assert p.square is not None
        near = sorted((Square(p.square.x + dx, p.square.y + dy) for dx, dy in NEIGHBOURS),
                      key=lambda sq: (distance(sq, target), sq)) if self.receiving else self.half
        return [sq for sq in near if st.pitch.on_pitch(sq) and sq not in st.board
                and sq not in taken]

    def plan(self, moves: Sequence[Move]) -> Plan | None:
        """The plan of ``moves`` (``None``: a kicking set-up ``setup_problems`` refuses)."""
        if not self.receiving and moves:
            trial = self.st.clone()
            for m in moves:
                trial.move(trial.players[m.player], m.to)
            if setup_problems(trial, self.ruleset, self.side, check_count=False):
                return None
        return Plan(self.event, (), tuple(moves))

    def around(self, best: Plan) -> Iterator[Plan | None]:
        """``best``'s neighbours: a mover added, each move sent elsewhere, a move dropped."""
        moves = list(best.moves)
        if self.cap is None or len(moves) < self.cap:
            yield from self._added(moves)
        taken = {m.to for m in moves}
        for i, m in enumerate(moves):
            for sq in self.spots(self.st.players[m.player], taken - {m.to})[:4]:
                if sq != m.to:
                    yield self.plan([*moves[:i], Move(m.player, sq), *moves[i + 1:]])
        for i in range(len(moves)):
            yield self.plan([*moves[:i], *moves[i + 1:]])

    def _added(self, moves: list[Move]) -> Iterator[Plan | None]:
        used, taken = {m.player for m in moves}, {m.to for m in moves}
        for p in self.movers:
            if p.id not in used:
                for sq in self.spots(p, taken)[:2]:
                    yield self.plan([*moves, Move(p.id, sq)])

    def seeds(self) -> list[Plan]:
        """Nobody moves, then (Quick Snap) the nearest receivers each one square toward the
        target."""
        seeds = [Plan(self.event, ())]
        if self.receiving:
            greedy: list[Move] = []
            for p in self.movers[:3 if self.cap is None else min(self.cap, 3)]:
                free = self.spots(p, {m.to for m in greedy})
                if free:
                    greedy.append(Move(p.id, free[0]))
            seeds += [Plan(self.event, (), tuple(greedy))] if greedy else []
        return seeds


def resetup_space(valuer: _Valuer, event: str
                  ) -> tuple[list[Plan], Callable[[Plan], Iterator[Plan | None]]]:
    """The seeds and neighbours of a re-set-up's search (Quick Snap: the receiving coach's
    one-square moves; Perfect / Solid Defence: the kicking coach's moves within his half):
    moves of the players nearest the target, each to the empty squares nearest it, at most
    :func:`fewest` of them (Perfect Defence: any); a kicking set-up the core's
    ``setup_problems`` refuses is not valued. Seeds: nobody moves, then (Quick Snap) the
    nearest receivers each one square toward the target."""
    space = _Resetup(valuer, event)
    return space.seeds(), space.around


def search(
    state: GameState, ruleset: Ruleset, target: Square, *, budget: int = DEFAULT_BUDGET,
    objective: AnyObjective = "receiver-holds", play: Play = "best",
    decisions: Decisions | None = None, house_rules: frozenset[HouseRule] = frozenset(),
    use_kick_skill: bool | None = None, resetups: bool = False, share: bool = True,
) -> PlanSearch:
    """The kicking coach's best free-turn plan found for a kick at ``target`` (events all),
    each event of :func:`free_events` (and with ``resetups`` of :func:`resetup_events`) searched
    with at most ``budget`` plans valued, the others' at nobody; then the kick valued with every
    best plan played (one more solve where there are several).

    ``decisions``: the receiving coach's named choices, as :class:`KickoffSolver` reads them.
    ``resetups``: search the re-set-up events too (:func:`resetup_space`: Perfect / Solid
    Defence for the kicking coach, Quick Snap for the receiving coach, who maximises).
    ``share``: the solvers share the events' runs (``exact.event_cache``) and the whole values
    but the plans found together are combined from solves made (``analysis.plan_parts``): the
    same values, faster; off, each solver enumerates its own and each whole value is solved,
    as the tests compare. Returns a
    :class:`PlanSearch`; its ``value`` is the exact value of the plans found, a bound on the
    true optimum (see the module's docstring). ``ValueError`` for a budget under 1;
    ``DecisionError`` as the solver raises it (a target outside the receiving area)."""
    if budget < 1:
        raise ValueError(f"budget: {budget} is not at least 1")
    options: dict[str, Any] = {"house_rules": house_rules, "use_kick_skill": use_kick_skill}
    from kickoff.analysis.plans_given import search_events

    valuer = _Valuer(state, ruleset, target, objective, play, decisions or Decisions(), options,
                     EventCache() if share else None)
    events = [(e, True, _free_turn_space) for e in free_events(ruleset)]
    events += [(e, e != "quick_snap", resetup_space) for e in resetup_events(ruleset, resetups)]
    with collector_paused(freeze=False):  # (its caches die with it)
        found, plans, value, whole = search_events(valuer, events, budget)
    assert value is not None
    return PlanSearch(target, objective, found, valuer.decisions(plans), value,
                      whole.solvers.get(repr(valuer.decisions(plans))))
