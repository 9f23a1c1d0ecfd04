"""A kick's value split as ``KickoffSolver.value`` sums it, and cheap bounds on its parts, for a
best-target search (:func:`kickoff.analysis.targets.best_target`, issue 28).

``KickoffSolver.value(target)`` is the value of the ends the kick reaches directly plus, over the
event's groups of worlds and the ball's starts (a landing's first journey state), the start's
weight times the group's journeys' value from it (``KickoffSolver._value_of``). A start's value
is exact and costly where the event's worlds differ near the ball (classic's Pitch Invasion:
up to 2^18 worlds, about 700 parts a start, each a journey solved: ``_group_mix``); bounded, it
is cheap: the worlds with no change the journey reads have the reference world's journey, each
with its own touchback award (:class:`Reference`). Where the bounds are too wide, a start with
many parts is opened (:class:`Opened`): its heaviest parts solved first, the rest still bounded,
so a target that cannot be the best is dropped with a fraction of its parts solved.

Floats only in the bounds (never in a value): the search keeps its comparisons a margin apart.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import grouping, walk_values
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.chance import Dist, Q, Rational, exact_sum
from kickoff.analysis.exact.worlds import Group
from kickoff.analysis.objectives import AnyObjective, board_features
from kickoff.core.pitch import Square

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

__all__ = ["Awards", "Bounds", "Masses", "Opened", "Reference", "awards_of", "kick_terms",
           "start_known", "start_value"]

#: Each group's changes' total probabilities and its changed worlds', in floats, by group index
#: (:func:`affected_bound`; made once a search).
Masses = dict[int, tuple[list[float], float]]


def kick_terms(solver: KickoffSolver, target: Square, objective: AnyObjective
               ) -> tuple[Rational, list[tuple[Rational, int, int]]] | None:
    """A kick at ``target`` as ``solver.value`` sums it, before any group's journeys are solved:
    the exact value of the ends it reaches directly, and ``(weight, group index, start)`` for each
    start (the value: the direct part plus the sum of weight times :func:`start_value`). ``None``
    where the value is not that sum alone or this split is not kept: ``play`` not
    ``"defaults"`` (the receivers' best takers are noted as the journeys are solved), the
    kicking coach choosing (``kicking="best"``: his plans compared), or the ends not carrying
    what ``objective`` reads (``value`` raises)."""
    if (solver.play != "defaults" or solver._two.kicking != "defaults"
            or board_features(objective) - solver.board_features):
        return None
    parts = solver._target_parts.get(target)
    ends, starts = (parts.direct, parts.starts) if parts is not None else _landed(solver, target)
    value = _end_value(solver, objective)
    direct = exact_sum([p * value(i) for i, p in ends.items()])
    return direct, [(p, g, start) for g, weights in enumerate(starts)
                    for start, p in weights.items()]


def _landed(solver: KickoffSolver, target: Square) -> tuple[Dist, list[Dist]]:
    """``solver._landed``'s ends and starts of a kick at ``target`` with ``play="defaults"``
    (no kick-off move or Diving Catch node: the receivers' defaults), its groups' journeys not
    solved: the ends reached directly (no kick; a High Kick's named player) and each group's
    starts' weights."""
    if solver._kicks is None:  # (as ``_parts`` makes it; no kick coach but play="close"'s)
        solver._kicks = exact_odds.Kicks(solver.state, solver.ruleset, solver.house_rules,
                                         solver._dice())
    deviations = solver._kicks.landings(exact_moved.kick_decisions(solver, target))
    groups, taken = solver.groups(), exact_best.Taken()
    ends: Dist = {}
    starts: list[Dist] = [{} for _ in groups]
    for dev, p_dev in deviations.items():
        if dev.no_kick is not None:  # no kick, no event: the set-up as it is
            for i, p_end in solver._journey(solver.state, dev.no_kick).items():
                ends[i] = ends.get(i, 0) + p_dev * p_end
            continue
        for group, weights in zip(groups, starts, strict=True):
            start = solver._landing_start(dev.square, dev.touchback, group)
            weights[start] = weights.get(start, 0) + p_dev
        exact_moved.high_kick_landing(solver, dev, p_dev, ends, taken)
    return ends, starts


def start_known(solver: KickoffSolver, g: int, start: int, objective: AnyObjective
                ) -> Rational | None:
    """:func:`start_value` if it was solved already, else ``None``."""
    return solver._group_values.get((objective, g, start))


def start_value(solver: KickoffSolver, g: int, start: int, objective: AnyObjective) -> Rational:
    """The exact value of the ``g``-th group's journeys from ``start`` (of :func:`kick_terms`),
    the group's worlds' probabilities summed in: solved and remembered by ``solver._value_of``
    itself (a kick of that one start, weight 1), the same number ``solver.value`` sums."""
    starts: list[dict[int, Rational]] = [{} for _ in solver.groups()]
    starts[g][start] = Q(1)
    solver._value_of(exact_odds.Parts({}, starts, [], exact_best.Taken()), objective)
    return solver._group_values[(objective, g, start)]


class Bounds:
    """One search's bounds on start values (``objective``; ``span``: the least and greatest value
    of an end, :func:`kickoff.analysis.targets.value_span`, in floats), with what they share:
    each group's changes' masses (:func:`affected_bound`), its touchback awards' values
    (:meth:`awards`) and the starts opened part by part (:class:`Opened`)."""

    def __init__(self, solver: KickoffSolver, objective: AnyObjective,
                 span: tuple[float, float]) -> None:
        self.solver, self.objective, self.span = solver, objective, span
        self.masses: Masses = {}
        self.value = _end_value(solver, objective)
        #: Each group's awards (:meth:`awards`), by group index.
        self.known_awards: dict[int, Awards] = {}
        #: The starts opened (:meth:`refine`), by ``(group index, start)``.
        self.opened: dict[tuple[int, int], Opened] = {}

    def start_range(self, g: int, start: int) -> tuple[float, float]:
        """Bounds on :func:`start_value`, in floats (rounded: the caller keeps a margin), from
        the reference world's journey alone (:meth:`reference`), or the parts solved so far of
        a start :meth:`refine` opened."""
        opened = self.opened.get((g, start))
        if opened is not None:
            return opened.range()
        ref = self.reference(g, start)
        group = self.solver.groups()[g]
        seen = group.reference_seen(start)
        affected = affected_bound(g, group, seen, self.masses)
        return ref.base + affected * ref.low, ref.base + affected * ref.high

    def reference(self, g: int, start: int) -> Reference:
        """The ``g``-th group's journeys from ``start`` valued as if every world had the
        reference world's journey (:class:`Reference`)."""
        group = self.solver.groups()[g]
        nodes = self.solver._tables.nodes
        ref = group.chain.node(start)
        v = float(nodes.value(ref, self.objective, self.value))
        t = float(nodes.value(ref, walk_values.REACH_TOUCHBACK, self.solver._reaches_touchback))
        awarded, least, most = 0.0, 0.0, 0.0
        if t:
            awards = self.awards(g)
            awarded, least, most = awards.total, awards.least, awards.most
        lo, hi = self.span
        return Reference(float(group.mass) * v + t * awarded, lo - v - t * most,
                         hi - v - t * least, v, t)

    def awards(self, g: int) -> Awards:
        """The ``g``-th group's touchback awards valued (:func:`awards_of`), remembered."""
        return awards_of(self.solver, g, self.objective, self.value, self.known_awards)

    def refine(self, g: int, start: int) -> tuple[float, float]:
        """Narrow the start's bounds: solved exactly where its group's changed worlds fall in
        few parts (:data:`OPEN_PARTS`), else opened (:class:`Opened`) and its heaviest parts
        solved until the mass left open is halved. The new bounds (equal: solved whole)."""
        opened = self.opened.get((g, start))
        if opened is None:
            group = self.solver.groups()[g]
            seen = group.reference_seen(start)
            parts = group.partition(seen) if seen else {}
            if len(parts) <= OPEN_PARTS:
                exact = float(start_value(self.solver, g, start, self.objective))
                return exact, exact
            opened = self.opened[(g, start)] = Opened(self, g, start, seen, parts)
            # (no reference back to the search's bounds: a cycle would keep the solver, its
            # gigabytes, after the review, the collector paused and its objects frozen)
        opened.refine()
        return opened.range()


def awards_of(solver: KickoffSolver, g: int, objective: AnyObjective,
              value: Callable[[int], Any], known: dict[int, Awards]) -> Awards:
    """The ``g``-th group's touchback awards valued (``value``: end number -> its value of
    ``objective``): each award key's node as ``_group_mix`` makes it (``_award_node`` of the
    key's world), remembered in ``known``."""
    found = known.get(g)
    if found is None:
        group, nodes = solver.groups()[g], solver._tables.nodes
        values = {key: float(nodes.value(solver._award_node(group.award_world(key, solver.state)),
                                         objective, value))
                  for key in group.award_weights}
        total = math.fsum([float(w) * values[key] for key, w in group.award_weights.items()])
        found = known[g] = Awards(values, total, min(values.values()), max(values.values()))
    return found


#: Above how many parts (worlds alike where the reference journey reads) a start is opened and
#: solved part by part (:class:`Opened`) rather than whole.
OPEN_PARTS = 64


@dataclass(frozen=True)
class Awards:
    """A group's touchback awards valued (floats): each award key's value, their sum weighted
    by the group's worlds (``Group.award_weights``), and the least and greatest."""

    values: dict[Hashable, float]
    total: float
    least: float
    most: float


@dataclass(frozen=True)
class Reference:
    """A start's journeys valued as if every world of the group had the reference world's:
    ``base`` = mass * v + t * (the awards' weighted sum), with ``v`` the reference journey's
    value (a touchback worth 0) and ``t`` its chance of a touchback. Each changed world ``w``
    (probability ``p``) moves the start's value by ``p * (x_w - v - t * a_w)``, its own value
    ``x_w`` within the span and its award's ``a_w`` within the awards': between ``p * low`` and
    ``p * high`` (``low <= 0 <= high``: the reference journey's value with any award is
    within the span)."""

    base: float
    low: float
    high: float
    v: float
    t: float


class Opened:
    """A start whose group's changed worlds are solved part by part, heaviest first, as
    ``KickoffSolver._group_mix`` would (``Group.partition``, ``_part_journey``, a part split
    where its journey reads further: ``Group.split``): its value is the reference's
    (:class:`Reference`) plus each solved part's exact move (in floats) plus the parts left
    open, their mass times ``[low, high]``. The journeys solved are the solver's own (kept in
    the group), so the start's exact value later (``_group_mix``) finds them solved."""

    def __init__(self, bounds: Bounds, g: int, start: int, seen: int,
                 parts: dict[int, tuple[Any, list[int]]]) -> None:
        # what it reads of ``bounds``, not ``bounds`` itself (which holds this: a cycle)
        self.solver, self.objective, self.value = bounds.solver, bounds.objective, bounds.value
        self.known_awards = bounds.known_awards
        self.g, self.start = g, start
        self.ref = bounds.reference(g, start)
        #: The parts left open, heaviest first: ``(-mass, first member, seen, mass, members)``.
        self.heap = [(-float(mass), members[0], seen, mass, members)
                     for mass, members in parts.values()]
        heapq.heapify(self.heap)
        self.rest: Any = exact_sum([mass for mass, _ in parts.values()])  # their mass (exact)
        self.moved = 0.0  # the solved parts' moves, summed
        #: The group's walks on scalars (``walk_values``: a part's answer without its node), or
        #: ``None`` where the parts are solved as nodes.
        self.values = walk_values.values_of(self.solver, self.solver.groups()[g], self.objective,
                                            self.value)

    def range(self) -> tuple[float, float]:
        """The start's bounds now (equal once every part is solved)."""
        rest = float(self.rest)
        base = self.ref.base + self.moved
        return base + rest * self.ref.low, base + rest * self.ref.high

    def refine(self) -> None:
        """Solve the heaviest parts left until half the open mass is solved (at least one).
        Their moves are summed exactly rounded (``math.fsum``) onto :attr:`moved`: one rounding
        a step, however many parts (a start can have 10^5 and more)."""
        group = self.solver.groups()[self.g]
        goal, moves = self.rest / 2, [self.moved]
        while self.heap and self.rest > goal:
            _, _, seen, mass, members = heapq.heappop(self.heap)
            self.rest -= mass
            v, t, w_seen = self._journey(group, seen, members)
            if w_seen & ~seen:  # the journey looked further: split, as _group_mix does
                for more, part_mass, part in group.split(seen | w_seen, members):
                    heapq.heappush(self.heap, (-float(part_mass), part[0], more, part_mass, part))
                    self.rest += part_mass
                continue
            moves.append(self._move(float(v), float(t), mass, group.award_weights_of(members)))
        self.moved = math.fsum(moves)

    def _journey(self, group: Group, seen: int, members: list[int]) -> tuple[Any, Any, int]:
        """A part's journey from the start: its value, its chance of a touchback and the
        changes it sees (on scalars, ``walk_values``, else from its node)."""
        solver = self.solver
        if self.values is not None:
            return self.values.answer(solver, self.start, members[0])
        node, w_seen = solver._part_journey(group, self.start, seen, members)
        nodes = solver._tables.nodes
        return (nodes.value(node, self.objective, self.value),
                nodes.value(node, walk_values.REACH_TOUCHBACK, solver._reaches_touchback), w_seen)

    def _move(self, v: float, t: float, mass: Any, weights: dict[Hashable, Any]) -> float:
        """A part's move of the start's value (:class:`Reference`): its worlds' journey (its
        value ``v``, its chance of a touchback ``t``) instead of the reference's."""
        solver, ref = self.solver, self.ref
        moved = float(mass) * (v - ref.v)
        if t != ref.t:
            values = awards_of(solver, self.g, self.objective, self.value,
                               self.known_awards).values
            moved += (t - ref.t) * math.fsum([float(w) * values[key] for key, w in weights.items()])
        return moved


def affected_bound(g: int, group: Group, seen: int, masses: Masses) -> float:
    """At least the total probability of the ``g``-th group's worlds with a change in ``seen``
    (bits): the sum over those changes of their worlds' (each change's total kept in ``masses``,
    made when first asked), at most the whole of the worlds with any change."""
    if not seen:
        return 0.0
    known = masses.get(g)
    if known is None:
        known = masses[g] = grouping.change_masses(group)
    per_change, total = known
    bound, bits = 0.0, seen
    while bits:
        low = bits & -bits
        bits ^= low
        bound += per_change[low.bit_length() - 1]
    return min(bound, total)


def _end_value(solver: KickoffSolver, objective: AnyObjective) -> Callable[[int], Any]:
    """End number -> its value of ``objective``, as ``solver._value_of`` reads it."""
    return exact_odds.end_values(solver.state, solver._states, objective,
                                 solver._end_values.setdefault(objective, {}), solver._touchback)
