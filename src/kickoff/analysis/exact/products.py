"""Worlds kept as a product of players' own rolls (issue 28): classic Pitch Invasion rolls a D6
for each player on the pitch, each roll deciding that player's fate alone (``Dice.roll_grouped``'s
``concerns``), so its worlds are every combination of those rolls' changes, 2^k of them. The
enumeration keeps them as one :class:`Product` (``exact.events``, ``chance.OwnRollDice``), a
group as a :class:`Block` (``worlds.Group``: its cells, the worlds alike on the factors a journey
sees), and the sums over a block's worlds are taken here, factor by factor: a cell's probability
and touchback awards (:func:`cell_awards`; the award reads the receiving players only while one of
them can take the ball, :func:`receivers`).

Factors are numbered in the order the rolls were met; a set of them is an int (bit ``k``: the
``k``-th factor).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from kickoff.analysis.exact.chance import Q, exact_sum
from kickoff.core.pitch import Square
from kickoff.core.state import Weather


@dataclass(frozen=True)
class Product:
    """The worlds of one run of the event whose rolls each decide one player's fate alone
    (``chance.OwnRollDice``): every combination of the ``factors``' changes (``(change,
    probability, seen)`` each: the change, a ``worlds.Diff`` entry, made with that probability,
    else none; ``seen``: whether a journey can read its player, ``journey_relevant``) added to
    ``entries`` (the run's own changes), in ``weather``; each world's probability the run's
    times its factors'. Kept so, not listed (``grouping.add_product``)."""

    entries: frozenset[tuple[str, Square | None, Hashable, Square | None]]
    factors: tuple[tuple[tuple[str, Square | None, Hashable, Square | None], Any, bool], ...]
    weather: Weather


@dataclass
class Block:
    """A :class:`Product` in a group (``grouping.add_product``): its probability, weather and
    own changes (``base``: as bits), each factor's change (bit, the change) and probability,
    the factors of receiving players (bits over the factors), the award key by those of them
    present (absent: nobody can take the ball), and :func:`receivers`' sums, remembered."""

    p: Any
    weather: Weather
    entries: frozenset[Any]
    base: int = 0
    bits: list[int] = field(default_factory=list)
    changes: list[Any] = field(default_factory=list)
    q: list[Any] = field(default_factory=list)
    receiving: int = 0
    keys: dict[int, Hashable] = field(default_factory=dict)
    memo: dict[tuple[int, int], dict[Hashable, Any]] = field(default_factory=dict)
    #: :func:`receivers`' sums (their probabilities added), by the same ``(fixed, present)``.
    totals: dict[tuple[int, int], Any] = field(default_factory=dict)


def subsets(bits: int) -> list[int]:
    """Every subset of ``bits`` (as bits), ``bits`` first, the empty one last."""
    out = []
    sub = bits
    while True:
        out.append(sub)
        if not sub:
            return out
        sub = (sub - 1) & bits


def indexes(bits: int) -> list[int]:
    """The positions of ``bits``' set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out


def scale(block: Block, fixed: int, present: int) -> Any:
    """The block's probability times its factors' ``fixed`` (those ``present`` made, the
    others not)."""
    p = block.p
    for k in indexes(fixed):
        q = block.q[k]
        p = p * (q if present >> k & 1 else 1 - q)
    return p


def subset_scales(block: Block, fixed: int, present: int, more: int) -> list[tuple[int, Any]]:
    """``(extra, scale(block, fixed | more, present | extra))`` for every ``extra`` in
    ``subsets(more)``, in that order (``more``: factors not in ``fixed``): the list doubled once
    per factor of ``more``, two products a cell, where :func:`scale` takes one per fixed factor
    and cell (the same exact values: a partition's 2^17 cells of 22 factors each)."""
    out = [(0, scale(block, fixed, present))]
    for k in reversed(indexes(more)):  # (the highest factor first: subsets' order, descending)
        bit, q = 1 << k, block.q[k]
        miss = 1 - q
        out = [pair for extra, p in out for pair in ((extra | bit, p * q), (extra, p * miss))]
    return out


def receivers(block: Block, fixed: int, present: int) -> dict[Hashable, Any]:
    """Award key -> probability over the block's receiving players' factors not ``fixed``
    (those fixed: ``present`` or not), the worlds where nobody can take the ball left out;
    remembered."""
    memo = block.memo.get((fixed, present))
    if memo is not None:
        return memo
    free = block.receiving & ~fixed
    out: dict[Hashable, Any] = {}
    if not free:
        key = block.keys.get(present)
        if key is not None:
            out[key] = Q(1)
    else:
        low = free & -free
        q = block.q[low.bit_length() - 1]
        for key, w in receivers(block, fixed | low, present).items():
            out[key] = w * (1 - q)
        for key, w in receivers(block, fixed | low, present | low).items():
            out[key] = out[key] + w * q if key in out else w * q
    block.memo[(fixed, present)] = out
    return out


def cell_awards(block: Block, fixed: int, present: int, times: Any = None
                ) -> tuple[dict[Hashable, Any], Any]:
    """The touchback awards (award key -> probability) of the block's worlds whose factors
    ``fixed`` are those ``present``, nobody's left out, and their sum (the same as adding the
    awards': their common factor times the receivers' remembered sum). ``times``: that common
    factor, :func:`scale` of the cell, if known (:func:`subset_scales`)."""
    if times is None:
        times = scale(block, fixed, present)
    r = block.receiving
    rfixed, rpresent = fixed & r, present & r
    weights = receivers(block, rfixed, rpresent)
    total = block.totals.get((rfixed, rpresent))
    if total is None:
        total = block.totals[(rfixed, rpresent)] = exact_sum(list(weights.values()))
    return {key: times * w for key, w in weights.items()}, times * total
