"""The set-up advisor's evaluation of receiving set-ups: the minimax value, fresh or incremental.

:func:`minimax` is the definition: a fresh exact solve (``KickoffSolver``) of every target,
ranked by :func:`~kickoff.analysis.targets.rank_targets`, the kicking coach's best taken.
:class:`Evaluator` gives the same values for many set-ups of one team against one kicking
set-up, cheaply where it can (the Kick-off events off, the receiving coach's defaults):

- the deviation does not read the receiving set-up (the kicker is the kicking team's, and the
  default kick-off move is that nobody moves), so each target's (and use of Kick's) weights on
  the journeys' first states (the landings, and a touchback) are computed once;
- the objective is linear in the end distribution (``kickoff.analysis.objectives``), so each
  landing's journey is kept as two numbers: its value up to a touchback and its chance of a
  touchback, which the touchback award's value completes (``value = a + p * award``);
- the exact solver records what each journey reads (its region, ``exact_moved.variant_journeys``
  and ``ChainSolver``): after a move, only the landings whose region reads a square a player
  left or entered are solved again (reusing the rest of the journeys), the award is looked up by
  who takes it, and only the targets that use the landings solved again change.

Values are the exact rationals a fresh solve gives: the tests compare them after random moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

from kickoff.analysis.advisor.moves import Layout, apply_layout, layout_of
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact.chance import Q, enumerate_runs, merge, to_fraction
from kickoff.analysis.exact.solver import Events, KickoffSolver
from kickoff.analysis.exact.worlds import differences, touches
from kickoff.analysis.objectives import (
    AnyObjective,
    any_end_value,
    board_features,
    kicker_wants_high,
    receivers_prefer,
)
from kickoff.analysis.targets import best_target
from kickoff.core import ball
from kickoff.core.decisions import Decisions
from kickoff.core.errors import OptionError
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import KICK_IT, HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import PLAYS, Play, kick_use

#: A value as the evaluators give it: (value, the kicker's best target, whether he uses Kick).
Valued = tuple[Fraction, Square, bool]


def kick_options(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                 asked: bool | None = None) -> tuple[bool, ...]:
    """The kicking coach's use of the Kick skill, as every face defaults it
    (:func:`kickoff.defaults.kick_use`): ``(True,)`` when the default kicker has Kick and may use
    it, else ``(False,)``; ``asked`` (``--kick-skill`` / ``--no-kick-skill``) when given."""
    return (kick_use(state, ruleset, house_rules, asked=asked).used,)


def minimax(
    state: GameState, ruleset: Ruleset, objective: AnyObjective, events: Events, play: Play,
    house_rules: frozenset[HouseRule], kick: bool,
) -> tuple[Fraction, Square]:
    """``(value, target)`` of the kicking coach's best target with Kick used or not (``kick``):
    the first of :func:`~kickoff.analysis.targets.rank_targets`, from a fresh solve (with
    ``play="best"`` the receiving coach's choices maximise ``objective`` for the receivers, the
    kicking coach's minimise it, as ``kickoff odds --all-targets --play best --objective O``
    plays them). A mix (``objectives.Mix``) is valued the same way: linear in the end
    distribution like each of its objectives, each end worth the mix of its values, so both
    coaches' decision nodes compare the mix's exact values (ties: lowest x, then y, as
    ``rank_targets``). ``ValueError`` for an unknown play."""
    solver = KickoffSolver(state, ruleset, events=events, house_rules=house_rules,
                           use_kick_skill=kick, play=play, objective=objective)
    top = best_target(solver, objective)  # (rank_targets' first, not every target solved)
    return top.value, top.target


def planned(
    state: GameState, ruleset: Ruleset, objective: AnyObjective,
    house_rules: frozenset[HouseRule], kick: bool, budget: int, resetups: bool,
) -> tuple[Fraction, Square]:
    """``(value, target)`` of the kicking coach's best kick with Kick used or not (``kick``),
    both coaches at their best with the Kick-off events, **the free moves searched**: every
    target ranked, the plans searched at the five best with at most ``budget`` plans per event
    (the re-set-ups too with ``resetups``), the kicking coach's best of those with the plans
    found: :func:`kickoff.analysis.planned_targets.planned_best`, the code path of ``kickoff
    odds --all-targets --play best --events all --plan-budget budget``. ``budget`` at least 1
    (``ValueError`` otherwise)."""
    from kickoff.analysis.planned_targets import planned_best

    found = planned_best(state, ruleset, objective=objective, budget=budget, resetups=resetups,
                         house_rules=house_rules, use_kick_skill=kick)
    return found.value, found.target


class FreshEvaluator:
    """Minimax values of layouts (``kickoff.analysis.advisor.moves``) of ``state``'s receiving
    team against ``state``'s kicking set-up, each by a fresh :func:`minimax` over the kick
    options: any events, play and house rules."""

    def __init__(
        self, state: GameState, ruleset: Ruleset, objective: AnyObjective, events: Events,
        play: Play, house_rules: frozenset[HouseRule], use_kick_skill: bool | None = None,
    ) -> None:
        if play not in PLAYS:
            raise OptionError.at("play", f"{play!r} is not one of {', '.join(PLAYS)}")
        self.state = state
        self.ruleset = ruleset
        self.objective: AnyObjective = objective
        self.events: Events = events
        self.play: Play = play
        self.house_rules = house_rules
        self.options = kick_options(state, ruleset, house_rules, use_kick_skill)

    def rebase(self, layout: Layout) -> None:
        """Make ``layout`` the one later candidates are near (nothing to keep here)."""
        del layout

    def value(self, layout: Layout) -> Valued:
        """The minimax value of ``layout`` (legal, not checked)."""
        world = apply_layout(self.state, layout)
        best: Valued | None = None
        for kick in self.options:
            value, target = minimax(world, self.ruleset, self.objective, self.events, self.play,
                                    self.house_rules, kick)
            if best is None or receivers_prefer(self.objective, best[0], value):
                best = (value, target, kick)
        assert best is not None
        return best


def incremental(events: Events, play: Play, house_rules: frozenset[HouseRule]) -> bool:
    """Whether :class:`Evaluator` evaluates incrementally: the events off, the receiving coach's
    defaults played, and a kick (no ``kick_it``, whose touchback without a kick reads the
    receivers)."""
    return events == "none" and play == "defaults" and KICK_IT not in house_rules


def _canonical(s: ball.BallState) -> ball.BallState:
    return _TOUCHBACK if isinstance(s, ball.Touchback) else s


#: Every touchback as one first state (the solver keeps one too).
_TOUCHBACK = ball.Touchback(Square(-1, -1))


def landing_weights(
    state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule], kick: bool, target: Square,
) -> dict[ball.BallState, Any]:
    """A kick at ``target``'s distribution of the journey's first state (the landing, or a
    touchback), events off and nobody moving (``KickoffSolver.odds``'s deviations), in the
    solver's rationals."""
    decisions = Decisions(target=target, use_kick_skill=kick)

    def run(dice: Any) -> ball.BallState:
        return _canonical(kick_until_landing(state, ruleset, dice, decisions, house_rules,
                                             events=False).start)

    return merge(enumerate_runs(run))


def _widest(state: GameState) -> tuple[int, int]:
    """``ball.reach`` with every player of both teams on the pitch: the furthest any set-up of
    the receiving team (Reserves coming on) can read."""
    players = []
    for p in state.players.values():
        q = p.copy()
        q.square = Square(0, 0)
        players.append(q)
    return ball.reach(players)


class _Base:
    """The set-up later candidates are evaluated from: its world, each first state's value up to
    a touchback (``a``), chance of a touchback (``p``) and region, which first states read each
    square (``readers``), the award's value, and per kick option and target the sums
    ``A = sum w * a`` and ``T = sum w * p``."""

    def __init__(self, layout: Layout, world: GameState) -> None:
        self.layout = layout
        self.world = world
        self.a: list[Any] = []
        self.p: list[Any] = []
        self.regions: list[frozenset[Any]] = []
        self.readers: dict[Hashable, set[int]] = {}
        self.award: Any = Q(0)
        self.sums: list[list[list[Any]]] = []
        self.valued: Valued | None = None


class Evaluator:
    """Minimax values of layouts of ``state``'s receiving team against ``state``'s kicking
    set-up, incremental (see the module's text) with the events off and the defaults played;
    otherwise by :class:`FreshEvaluator`. The values are those of a fresh :func:`minimax`."""

    def __init__(
        self, state: GameState, ruleset: Ruleset, objective: AnyObjective, events: Events,
        play: Play, house_rules: frozenset[HouseRule], use_kick_skill: bool | None = None,
    ) -> None:
        self.fresh = FreshEvaluator(state, ruleset, objective, events, play, house_rules,
                                    use_kick_skill)
        # (the incremental journeys' ends carry no board: board objectives solve afresh)
        self.incremental = incremental(events, play, house_rules) and not board_features(objective)
        if not self.incremental:
            return
        self.objective: AnyObjective = objective
        self.solver = KickoffSolver(state, ruleset, events="none", house_rules=house_rules)
        self.solver.reach = _widest(state)  # a wider reach reads more, never less: still exact
        pitch = state.pitch
        self.targets = sorted((sq for sq in pitch.squares()
                               if pitch.in_receiving_area(state.receiving, sq)),
                              key=lambda sq: (sq.x, sq.y))
        index: dict[ball.BallState, int] = {}
        #: per kick option, per target: (first state index, weight)
        self.weights: list[list[list[tuple[int, Any]]]] = []
        for kick in self.fresh.options:
            rows = []
            for target in self.targets:
                w = landing_weights(state, ruleset, house_rules, kick, target)
                rows.append([(index.setdefault(s, len(index)), p) for s, p in w.items()])
            self.weights.append(rows)
        self.starts = list(index)
        #: per first state: the (kick option, target, weight) that use it
        self.uses: list[list[tuple[int, int, Any]]] = [[] for _ in self.starts]
        for k, rows in enumerate(self.weights):
            for t, row in enumerate(rows):
                for i, w in row:
                    self.uses[i].append((k, t, w))
        self.receiving: Side = state.receiving
        self.end_zone_x = pitch.end_zone_x(state.receiving)
        self.sides = {p.id: p.side for p in state.players.values()}
        self.base = self._first(layout_of(state), state)

    # -- values of journeys ---------------------------------------------------------------------
    def _value_of(self, ends: Mapping[Any, Any]) -> tuple[Any, Any]:
        """``(value up to a touchback, chance of a touchback)`` of an end distribution."""
        a, p = Q(0), Q(0)
        for end, q in ends.items():
            if isinstance(end, ball.Touchback):
                p += q
            else:
                a += q * Q(any_end_value(end, self.objective, self.receiving, self.end_zone_x,
                                         self.sides))
        return a, p

    def _first(self, layout: Layout, world: GameState) -> _Base:
        base = _Base(layout, world)
        journeys, award = exact_moved.variant_journeys(self.solver, world, self.starts, keep=True)
        base.award = self._value_of(award)[0]
        for i, (ends, region) in enumerate(journeys):
            a, p = self._value_of(ends)
            base.a.append(a)
            base.p.append(p)
            base.regions.append(region)
            for read in region:
                base.readers.setdefault(read, set()).add(i)
        base.sums = [[[sum((w * base.a[i] for i, w in row), Q(0)),
                       sum((w * base.p[i] for i, w in row), Q(0))] for row in rows]
                     for rows in self.weights]
        base.valued = self._best(base.sums, base.award)
        return base

    def _best(self, sums: list[list[list[Any]]], award: Any,
              changed: Mapping[tuple[int, int], tuple[Any, Any]] | None = None) -> Valued:
        """The kicking coach's best (kick option, target) for the sums (``changed``: the sums of
        some (option, target) instead), ties as ``setup_value`` breaks them."""
        high = kicker_wants_high(self.objective)
        best: Any = None
        at = (0, 0)
        for k, rows in enumerate(sums):
            for t, (a, p) in enumerate(rows):
                if changed is not None:
                    a, p = changed.get((k, t), (a, p))
                v = a + p * award
                if best is None or (v > best if high else v < best):
                    best, at = v, (k, t)
        return to_fraction(best), self.targets[at[1]], self.fresh.options[at[0]]

    # -- a candidate ----------------------------------------------------------------------------
    def _affected(self, world: GameState) -> list[int]:
        """The first states whose journey in the base reads a square ``world`` changed."""
        base = self.base
        diff = differences(base.world, world)
        found: set[int] = set()
        for e in diff.entries:
            for read in touches(e):
                found |= base.readers.get(read, set())
        return sorted(found)

    def _solve(self, world: GameState, affected: list[int], keep: bool
               ) -> tuple[dict[int, tuple[Any, Any, frozenset[Any]]], Any]:
        journeys, award = exact_moved.variant_journeys(
            self.solver, world, [self.starts[i] for i in affected], like=self.base.world, keep=keep,
            forget=(self.base.world,) if keep else ())
        solved = {}
        for i, (ends, region) in zip(affected, journeys, strict=True):
            solved[i] = (*self._value_of(ends), region)
        return solved, self._value_of(award)[0]

    def _changed_sums(self, solved: Mapping[int, tuple[Any, Any, frozenset[Any]]]
                      ) -> dict[tuple[int, int], tuple[Any, Any]]:
        base = self.base
        out: dict[tuple[int, int], tuple[Any, Any]] = {}
        for i, (a, p, _) in solved.items():
            da, dp = a - base.a[i], p - base.p[i]
            if not da and not dp:
                continue
            for k, t, w in self.uses[i]:
                old = out.get((k, t))
                if old is None:
                    old = (base.sums[k][t][0], base.sums[k][t][1])
                out[k, t] = (old[0] + w * da, old[1] + w * dp)
        return out

    def value(self, layout: Layout) -> Valued:
        """The minimax value of ``layout`` (legal, not checked): ``(value, the kicker's best
        target, whether he uses Kick)``."""
        if not self.incremental:
            return self.fresh.value(layout)
        if layout == self.base.layout and self.base.valued is not None:
            return self.base.valued
        world = apply_layout(self.base.world, layout)
        solved, award = self._solve(world, self._affected(world), keep=False)
        return self._best(self.base.sums, award, self._changed_sums(solved))

    def rebase(self, layout: Layout) -> None:
        """Make ``layout`` the base later candidates are evaluated from."""
        if not self.incremental or layout == self.base.layout:
            return
        old = self.base
        world = apply_layout(old.world, layout)
        solved, award = self._solve(world, self._affected(world), keep=True)
        changed = self._changed_sums(solved)
        new = _Base(layout, world)
        new.a, new.p, new.regions = list(old.a), list(old.p), list(old.regions)
        new.readers = old.readers
        for i, (a, p, region) in solved.items():
            for read in new.regions[i]:
                new.readers[read].discard(i)
            new.a[i], new.p[i], new.regions[i] = a, p, region
            for read in region:
                new.readers.setdefault(read, set()).add(i)
        new.award = award
        new.sums = [[list(changed.get((k, t), (a, p))) for t, (a, p) in enumerate(rows)]
                    for k, rows in enumerate(old.sums)]
        new.valued = self._best(new.sums, award)
        self.base = new
