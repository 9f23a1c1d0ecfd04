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
    #: :func:`byte_tables`' tables, made when first asked (the block complete).
    by_byte: list[tuple[list[int], list[frozenset[Any]]]] = field(default_factory=list)
    #: The factors by their probability (:func:`by_probability`), made when first asked.
    classes: list[tuple[Any, int]] = field(default_factory=list)
    #: :func:`receivers`' answers, one dict for each different answer (by its items).
    answers: dict[tuple[tuple[Hashable, Any], ...], dict[Hashable, Any]] = field(
        default_factory=dict)
    #: :func:`shared_awards`' answers, by what they depend on.
    shared: dict[tuple[int, ...], tuple[dict[Hashable, Any], Any]] = field(default_factory=dict)


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


#: How many factors :func:`byte_tables` takes together (a byte of a set of factors).
BYTE = 8
_BYTE_MASK = (1 << BYTE) - 1


def byte_tables(block: Block) -> list[tuple[list[int], list[frozenset[Any]]]]:
    """For each byte of the block's factors (factors ``8j`` to ``8j + 7``), each subset of them
    (by its bits, shifted down): their changes' bits ORed together and their changes as a set,
    so that a cell's changes are a few table reads (:func:`changes_of`), no change hashed
    again. Made when first asked (after the block is complete), then kept."""
    tables = block.by_byte
    if not tables:
        n = len(block.bits)
        for lo in range(0, n, BYTE):
            size = 1 << min(BYTE, n - lo)
            masks: list[int] = [0] * size
            sets: list[frozenset[Any]] = [frozenset()] * size
            for sub in range(1, size):
                low = sub & -sub
                k = lo + low.bit_length() - 1
                masks[sub] = masks[sub ^ low] | block.bits[k]
                sets[sub] = sets[sub ^ low] | {block.changes[k]}
            tables.append((masks, sets))
    return tables


def changes_of(block: Block, present: int) -> tuple[int, frozenset[Any]]:
    """The changes of the block's worlds whose factors ``present`` (bits) are made and no
    other: the block's own and those factors', as bits (``block.base`` and the factors'
    ``bits``) and as a set (``block.entries`` and their ``changes``)."""
    mask = block.base
    made = []
    for masks, sets in byte_tables(block):
        byte = present & _BYTE_MASK
        if byte:
            mask |= masks[byte]
            made.append(sets[byte])
        present >>= BYTE
    return mask, block.entries.union(*made)


def scale(block: Block, fixed: int, present: int) -> Any:
    """The block's probability times its factors' ``fixed`` (those ``present`` made, the
    others not)."""
    p = block.p
    for k in indexes(fixed):
        q = block.q[k]
        p = p * (q if present >> k & 1 else 1 - q)
    return p


def by_probability(block: Block) -> list[tuple[Any, int]]:
    """The block's factors by their probability: each different probability and its factors (as
    bits), in the order first met; remembered."""
    classes = block.classes
    if not classes and block.q:
        bits: dict[Any, int] = {}
        for k, q in enumerate(block.q):
            bits[q] = bits.get(q, 0) | 1 << k
        classes.extend(bits.items())
    return classes


def shared_awards(block: Block, fixed: int, present: int) -> tuple[dict[Hashable, Any], Any]:
    """:func:`cell_awards` of the block's worlds whose factors ``fixed`` are those ``present``:
    the same exact values, shared by every cell with the same answer. A cell's awards are its
    :func:`scale` times the receivers' (:func:`receivers`, one dict per different answer), and
    its scale is the block's probability times each factor probability ``q``'s power ``q^a
    (1 - q)^b`` (``a`` of its factors with ``q`` fixed present, ``b`` absent): so they depend
    only on those counts and that answer (a heavy start's 131,072 cells have a few hundred such
    pairs), and are made once for each, one dict and one mass kept for all: no product a cell."""
    r = block.receiving
    weights = receivers(block, fixed & r, present & r)
    key = [id(weights)]  # (kept in block.memo: the id stands for it as long as the block)
    for _, bits in by_probability(block):
        on = fixed & bits
        key.append(on.bit_count())
        key.append((present & on).bit_count())
    found = block.shared.get(tuple(key))
    if found is None:
        times = block.p
        for j, (q, _) in enumerate(by_probability(block)):
            made = key[2 * j + 2]
            times = times * q ** made * (1 - q) ** (key[2 * j + 1] - made)
        found = block.shared[tuple(key)] = cell_awards(block, fixed, present, times)
    return found


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
    # one dict for each different answer (many receivers' factors present give the same award)
    out = block.answers.setdefault(tuple(out.items()), out)
    block.memo[(fixed, present)] = out
    return out


def cell_awards(block: Block, fixed: int, present: int, times: Any = None
                ) -> tuple[dict[Hashable, Any], Any]:
    """The touchback awards (award key -> probability) of the block's worlds whose factors
    ``fixed`` are those ``present``, nobody's left out, and their sum (the same as adding the
    awards': their common factor times the receivers' remembered sum; with one award key, that
    award's own product). ``times``: that common factor, :func:`scale` of the cell, if known
    (:func:`shared_awards`)."""
    if times is None:
        times = scale(block, fixed, present)
    r = block.receiving
    rfixed, rpresent = fixed & r, present & r
    weights = receivers(block, rfixed, rpresent)
    if len(weights) == 1:  # (one award key: its weight is the sum, one product for both)
        for key, w in weights.items():
            one = times * w
            return {key: one}, one
    total = block.totals.get((rfixed, rpresent))
    if total is None:
        total = block.totals[(rfixed, rpresent)] = exact_sum(list(weights.values()))
    return {key: times * w for key, w in weights.items()}, times * total
