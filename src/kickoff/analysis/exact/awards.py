"""A start's touchback awards (``KickoffSolver._group_mix``): the award weights of a part's worlds
(``worlds.Group.award_weights_of``: award key -> total probability) added up by the node their
journey ends in (:func:`add_weights`), then each node's chance of a touchback times those
weights moved from the unaffected worlds' awards to the awards reached (:func:`move_awards`), and
the worlds left, the reference journey's, awarded by its chance (:func:`award_unaffected`).
Exact rationals throughout; the sums regrouped, never rounded. ``worlds`` re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from kickoff.analysis.exact.chance import exact_sum


def add_weights(into: dict[Hashable, Any], weights: dict[Hashable, Any]) -> None:
    """``weights`` (award key -> probability) added to ``into``'s, key by key (``into`` empty:
    copied, the same weights)."""
    if not into:
        into.update(weights)
        return
    for key, w in weights.items():
        old = into.get(key)
        into[key] = w if old is None else old + w


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
    by_key: dict[Hashable, _Key] = {}
    met: list[_Key] = []  # the keys with a chance not 0, in the order met
    at: _Key | None = None  # (the last key's: most nodes have one key, most the same)
    for node, weights in reached.items():
        t = touchback(node)
        for key, w in weights.items():
            if at is None or at.key is not key:
                at = by_key.get(key)
                if at is None:
                    at = by_key[key] = _Key(key)
            ts = at.weights.get(w)
            if ts is None:
                at.weights[w] = [t]
            else:
                ts.append(t)
            if t and not at.met:
                at.met = True
                met.append(at)
    for key, k in by_key.items():
        unaffected[key] -= exact_sum([w * len(ts) for w, ts in k.weights.items()])
    for k in met:  # (a weight's zeros in its sum: nothing added)
        total = exact_sum([w * exact_sum(ts) for w, ts in k.weights.items()])
        to_award[k.key] = to_award[k.key] + total if k.key in to_award else total


def award_unaffected(unaffected: dict[Hashable, Any], touchback: Any,
                     to_award: dict[Hashable, Any]) -> None:
    """The worlds no part took (``unaffected``: award key -> their probability, what
    :func:`move_awards` left) have the reference world's journey: their awards, times its chance
    of a touchback (``touchback``), added to ``to_award``."""
    if touchback:
        for key, w in unaffected.items():
            to_award[key] = to_award.get(key, 0) + touchback * w


class _Key:
    """One award key's nodes in :func:`move_awards`: by the weight of their worlds' awards, their
    chances of a touchback (in the order met, zeros too: the weight's count is their number);
    ``met``: whether one is not 0."""

    def __init__(self, key: Hashable) -> None:
        self.key = key
        self.weights: dict[Any, list[Any]] = {}
        self.met = False
