"""A kick's value split as ``KickoffSolver.value`` sums it, and cheap bounds on its parts, for a
best-target search (:func:`kickoff.analysis.targets.best_target`, issue 28).

``KickoffSolver.value(target)`` is the value of the ends the kick reaches directly plus, over the
event's groups of worlds and the ball's starts (a landing's first journey state), the start's
weight times the group's journeys' value from it (``KickoffSolver._value_of``). A start's value
is exact and costly where the event's worlds differ near the ball (classic's Pitch Invasion:
up to 2^18 worlds, about 700 parts a start, each a journey solved: ``_group_mix``); bounded, it
is cheap: the worlds with no change the journey reads have the reference world's journey.

Floats only in the bounds (never in a value): the search keeps its comparisons a margin apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import grouping
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.chance import Dist, Q, Rational, exact_sum
from kickoff.analysis.exact.solver import _REACH_TOUCHBACK
from kickoff.analysis.exact.worlds import Group
from kickoff.analysis.objectives import AnyObjective, board_features
from kickoff.core.pitch import Square

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

__all__ = ["Masses", "kick_terms", "start_known", "start_range", "start_value"]

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


def start_range(solver: KickoffSolver, g: int, start: int, objective: AnyObjective,
                span: tuple[float, float], masses: Masses) -> tuple[float, float]:
    """Bounds on :func:`start_value`, in floats (rounded: the caller keeps a margin), from the
    reference world's journey alone. The group's worlds with no change the journey from
    ``start`` reads (all but at most ``A``, :func:`affected_bound`) have the reference journey:
    its value ``v`` (a touchback's end worth 0) and its chance ``t`` of a touchback, whose award
    is worth between ``span``'s ``lo`` and ``hi`` (the objective's least and greatest value of
    an end); the others, whatever their journeys, are worth between ``lo`` and ``hi`` each:
    ``(mass - A) * (v + t * [lo, hi]) + A * [lo, hi]`` (``_group_mix``'s sum, bounded)."""
    group = solver.groups()[g]
    nodes = solver._tables.nodes
    ref = group.chain.node(start)
    v = float(nodes.value(ref, objective, _end_value(solver, objective)))
    t = float(nodes.value(ref, _REACH_TOUCHBACK, solver._reaches_touchback))
    seen = (group.touching(group.chain.region_of(start))
            if group.members or group.blocks else 0)
    affected = affected_bound(g, group, seen, masses)
    clean = float(group.mass) - affected
    spread = clean * t + affected
    return clean * v + spread * span[0], clean * v + spread * span[1]


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
