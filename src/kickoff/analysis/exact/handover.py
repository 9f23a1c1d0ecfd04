"""A start's parts for ``KickoffSolver._group_mix``: none solved yet (:func:`parts_of`), or those
a best-target search solved already, opening the start part by part (:class:`Handed`, made by
``bounds.Opened``): the search's parts are mixed in as ``_group_mix`` mixes its own, so the
start's exact value solves only the parts left open (issue 28: 1005253's kicked and best
targets' heavy starts)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from kickoff.analysis.exact.chance import Q
from kickoff.analysis.exact.worlds import Group, add_weights

__all__ = ["Handed", "Todo", "parts_of"]

#: The parts of a start left to solve: ``(the changes their worlds agree on (bits), their
#: total probability, their member indexes)`` each.
Todo = list[tuple[int, Any, list[int]]]


def parts_of(group: Group, ref: int, seen: int
             ) -> tuple[dict[int, Any], dict[int, dict[Hashable, Any]], Todo]:
    """``_group_mix``'s start with no part solved: the mixture (node -> mass: the reference
    journey's node ``ref`` with the worlds of no change in ``seen``, the changes a journey from
    the start reads), no node's awards yet, and every part of ``group.partition(seen)``."""
    parts = group.partition(seen) if seen else {}
    affected = sum((mass for mass, _ in parts.values()), Q(0))
    return {ref: group.mass - affected}, {}, [(seen, mass, members)
                                              for mass, members in parts.values()]


class Handed:
    """An opened start's parts solved so far, for ``_group_mix`` (registered in the solver's
    ``_handed`` by ``bounds.Opened``, taken by ``_group_mix`` when the start's exact value is
    asked, dropped at the search's end): each solved part's mass and award weights summed by
    its journey's node, as ``_group_mix`` sums its own, and the parts left open (``heap``: the
    opened start's, shared: ``(-mass as a float, first member, seen, mass, members)``). Holds
    no solver (a cycle would keep it after the search: ``bounds.Bounds``)."""

    def __init__(self, affected: Any, heap: list[tuple[float, int, int, Any, list[int]]]
                 ) -> None:
        #: The total mass of the changed worlds a journey from the start reads (exact).
        self.affected: Any = affected
        self.heap = heap
        #: Node -> the solved parts' mass whose journey it is, and their award weights
        #: (award key -> probability), summed.
        self.mixed: dict[int, Any] = {}
        self.reached: dict[int, dict[Hashable, Any]] = {}

    def add(self, node: int, mass: Any, weights: dict[Hashable, Any]) -> None:
        """A part solved (not split further): its worlds' ``mass`` and award ``weights`` onto
        its journey's ``node``."""
        self.mixed[node] = self.mixed[node] + mass if node in self.mixed else mass
        add_weights(self.reached.setdefault(node, {}), weights)

    def taken(self, ref: int, mass: Any
              ) -> tuple[dict[int, Any], dict[int, dict[Hashable, Any]], Todo]:
        """:func:`parts_of` with the solved parts mixed in: the reference journey's node
        ``ref`` with the group's ``mass`` less the changed worlds', each solved part's node
        with its mass, their award weights (copies) and the parts left open."""
        mixed = {ref: mass - self.affected}
        for node, m in self.mixed.items():
            mixed[node] = mixed[node] + m if node in mixed else m
        reached = {node: dict(weights) for node, weights in self.reached.items()}
        return mixed, reached, [(seen, m, members) for _, _, seen, m, members in self.heap]
