"""A start's touchback awards (``KickoffSolver._group_mix``): the award weights of a part's worlds
(``worlds.Group.award_weights_of``: award key -> total probability) added up by the node their
journey ends in (:func:`add_weights`), then each node's chance of a touchback times those
weights moved from the unaffected worlds' awards to the awards reached (:func:`move_awards`).
Exact rationals throughout; the sums regrouped, never rounded. ``worlds`` re-exports both.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from kickoff.analysis.exact.chance import exact_sum


def add_weights(into: dict[Hashable, Any], weights: dict[Hashable, Any]) -> None:
    """``weights`` (award key -> probability) added to ``into``'s, key by key."""
    for key, w in weights.items():
        into[key] = into[key] + w if key in into else w


def move_awards(reached: dict[int, dict[Hashable, Any]], touchback: Callable[[int], Any],
                unaffected: dict[Hashable, Any], to_award: dict[Hashable, Any]) -> None:
    """A start's touchback awards moved (``KickoffSolver._group_mix``): the awards' weights of
    each node's worlds (``reached``: node -> award key -> their total probability) taken from
    the ``unaffected`` worlds' and, times the node's chance of a touchback (``touchback``), added
    to ``to_award``. By node, not part by part: each node's chance (a rational of thousands of
    digits, where its journey loops) is asked once. And by weight: a block's cells share a few
    weights (products of its factors' two or three probabilities: 1005253's heavy start, 131,665
    parts, at most 29 weights an award key), so each key's chances are summed by weight (in
    pairs, ``chance.exact_sum``) and each sum multiplied by its weight once, the weights taken
    from ``unaffected`` as weight times count: the same sums, regrouped."""
    counts: dict[Hashable, dict[Any, int]] = {}  # key -> weight -> nodes (every node)
    chances: dict[Hashable, dict[Any, list[Any]]] = {}  # key -> weight -> chances (not 0)
    for node, weights in reached.items():
        t = touchback(node)
        for key, w in weights.items():
            per = counts.get(key)
            if per is None:
                per = counts[key] = {}
            per[w] = per[w] + 1 if w in per else 1
            if t:
                by_weight = chances.get(key)
                if by_weight is None:
                    by_weight = chances[key] = {}
                ts = by_weight.get(w)
                if ts is None:
                    by_weight[w] = [t]
                else:
                    ts.append(t)
    for key, per in counts.items():
        unaffected[key] -= exact_sum([w * n for w, n in per.items()])
    for key, by_weight in chances.items():
        total = exact_sum([w * exact_sum(ts) for w, ts in by_weight.items()])
        to_award[key] = to_award[key] + total if key in to_award else total
