"""The event's worlds grouped (:meth:`KickoffSolver.groups
<kickoff.analysis.exact.solver.KickoffSolver.groups>`): by rain or not and the scatters before
landing, each group's listed worlds (``worlds.Group.add``) and the products of players' own rolls
(``products.Product``) added as blocks (:func:`add_product`), with the worlds of a product where
nobody can take a touchback listed, lumped over what no journey reads (:func:`lumped_world`);
and those products read from the event's runs (:func:`own_run`, for ``exact.events``): each roll
that decides one player's fate alone answered once, its other outcome's change read from one
more run of the event.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact.chance import Branch, OwnRollDice, PathDice, Rational, exact_sum
from kickoff.analysis.exact.products import (
    Block,
    Product,
    cell_awards,
    indexes,
    receivers,
    scale,
    subsets,
)
from kickoff.analysis.exact.worlds import Diff, Group, award_key, differences, rebuilt
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.kickoff import roll_event
from kickoff.core.pitch import Side
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

#: Where a player's side is in a change's signature (``worlds.signature``).
_SIDE = ball.PLAYER_FIELDS.index("side")


def make_groups(solver: KickoffSolver) -> list[Group]:
    """``solver``'s event's worlds grouped (``KickoffSolver.groups``): the listed ones
    (``solver.worlds()``) and the products kept apart (``solver._products``)."""
    base = solver.state
    by_key: dict[tuple[bool, int], Group] = {}
    for p, world, scatters in solver.worlds():
        group = group_of(solver, by_key, world, scatters)
        if isinstance(world, Diff):
            group.add(p, None, world)
            continue
        taker = exact_best.taker_in(solver, world)
        diff = (solver._diffs.get(id(world))
                or differences(base, world, taker, marked=solver._marked)
                if world is not base else Diff(frozenset(), group.award_key, base.weather))
        group.add(p, world, diff)
    for p, product, scatters in solver._products:  # kept as products, not listed
        group = group_of(solver, by_key, product, scatters)
        add_product(group, p, product, functools.partial(award_of, solver, product.weather),
                    functools.partial(lumped_world, solver, product.weather), base.receiving)
    return list(by_key.values())


def group_of(solver: KickoffSolver, by_key: dict[tuple[bool, int], Group],
             world: GameState | Diff | Product, scatters: int) -> Group:
    """The group of a world (or a product's worlds) in ``world``'s weather with ``scatters``
    before landing (made in ``by_key`` when first met): its reference world the set-up in
    that weather (rain or not)."""
    base = solver.state
    rain = world.weather == "pouring_rain"
    group = by_key.get((rain, scatters))
    if group is None:
        ref = base if world is base else base.clone()
        if world is not base:
            ref.weather = "pouring_rain" if rain else base.weather
            if not rain and ref.weather == "pouring_rain":
                ref.weather = "nice"
        group = by_key[(rain, scatters)] = Group(
            ref, scatters, solver._chain_for(ref, exact_moved.like_group(
                solver._moved, rain, scatters)),
            award_key(ref, exact_best.taker_in(solver, ref), solver._marked))
    return group


def award_of(solver: KickoffSolver, weather: Any, entries: frozenset[Any]
             ) -> tuple[Hashable, ...]:
    """The award key (``worlds.award_key``) of the world with ``entries`` (changes from the
    set-up) in ``weather``, as ``worlds.differences`` makes it (one copy of each,
    ``solver._entries``)."""
    world = rebuilt(solver.state, Diff(entries, (), weather))
    key = award_key(world, exact_best.taker_in(solver, world), solver._marked)
    known: tuple[Hashable, ...] = solver._entries.setdefault(key, key)
    return known


def lumped_world(solver: KickoffSolver, weather: Any, entries: frozenset[Any],
                 lumped: list[tuple[Rational, frozenset[Any]]]) -> tuple[GameState, Diff]:
    """A world where nobody can take a touchback (``entries``: its changes) standing for those
    that differ from it only where no journey reads (``lumped``: each one's probability given
    it, and changes), kept whole as the enumeration keeps a lumped world: its ``Diff`` and the
    worlds it stands for (``solver._expanded``, which ``KickoffSolver._award_node`` mixes)."""
    world = rebuilt(solver.state, Diff(entries, (), weather))
    diff = Diff(entries, award_of(solver, weather, entries), weather)
    solver._diffs[id(world)] = diff
    solver._expanded[id(world)] = [(q, rebuilt(solver.state, Diff(changes, (), weather)))
                                   for q, changes in lumped]
    return world, diff


def add_product(group: Group, p: Any, product: Product,
                award: Callable[[frozenset[Any]], tuple[Hashable, ...]],
                whole: Callable[[frozenset[Any], list[tuple[Any, frozenset[Any]]]],
                                tuple[GameState, Diff]],
                receiving: Side) -> None:
    """The worlds of ``product`` (probability ``p`` in all) added as a block, not listed:
    ``award``: the award key (``award_key``) of the world with the changes given. A touchback
    reads the ``receiving`` players only while one of them can take the ball, so the award
    is worked out once per combination of the receiving players' factors; the worlds where
    none can (their award reads every player) are listed as members, the block keeps the
    others. Those listed are lumped as the enumeration lumps a choice no journey reads: one
    world for all that differ only in factors no journey sees, kept whole (``whole``: that
    world and its :class:`Diff`, made of its changes and the lumped worlds' (probability
    given it, changes), which the solver's touchback award mixes)."""
    factors = product.factors
    block = Block(p, product.weather, product.entries)
    for e in product.entries:
        block.base |= 1 << group.number_of(e)
    for k, (e, q, _) in enumerate(factors):
        block.bits.append(1 << group.number_of(e))
        block.changes.append(e)
        block.q.append(q)
        fields: Any = e[2]  # (the change's signature)
        if fields[_SIDE] == receiving:
            block.receiving |= 1 << k
    nobody = []
    for present in subsets(block.receiving):
        entries = product.entries | {factors[k][0] for k in indexes(present)}
        key = award(entries)
        if key[0] is None:  # nobody can take the ball
            nobody.append(present)
            continue
        block.keys[present] = key
        group.award_worlds.setdefault(key, Diff(entries, key, product.weather))
    if nobody:
        _add_nobody(group, block, product, nobody, award, whole)
    totals = receivers(block, 0, 0)
    for k2, w in totals.items():
        group.award_weights[k2] = group.award_weights.get(k2, 0) + p * w
    group.mass += p * exact_sum(list(totals.values()))
    group.blocks.append(block)

def _add_nobody(group: Group, block: Block, product: Product, nobody: list[int],
                award: Callable[[frozenset[Any]], tuple[Hashable, ...]],
                whole: Callable[[frozenset[Any], list[tuple[Any, frozenset[Any]]]],
                                tuple[GameState, Diff]]) -> None:
    """:meth:`add_product`'s worlds where nobody can take the ball (``nobody``: the
    receiving players' factors present), listed: one for each combination of the factors a
    journey sees, lumping those it does not (``whole``)."""
    factors = product.factors
    every = (1 << len(factors)) - 1
    unseen = sum(1 << k for k, f in enumerate(factors) if not f[2]) & ~block.receiving
    seen = every & ~block.receiving & ~unseen
    lumped = [(scale(block, unseen, rest) / block.p,
               frozenset([factors[k][0] for k in indexes(rest)]))
              for rest in subsets(unseen)]
    for present in nobody:
        for rest in subsets(seen):
            entries = product.entries | {factors[k][0] for k in indexes(present | rest)}
            q = scale(block, every & ~unseen, present | rest)
            if not unseen:
                group.add(q, None, Diff(entries, award(entries), product.weather))
                continue
            world, diff = whole(entries, [(w, entries | more) for w, more in lumped])
            group.add(q, world, diff)


def change_masses(group: Group) -> tuple[list[float], float]:
    """Each change's worlds' total probability (by the change's number) and every changed
    world's, in floats (``bounds.affected_bound``)."""
    per = [0.0] * len(group.entry_bits)
    total = 0.0
    for i, (p, _, _) in enumerate(group.members):
        if i in group.cell_of:
            continue
        x = float(p)
        total += x
        mask = group.masks[i]
        while mask:
            low = mask & -mask
            mask ^= low
            per[low.bit_length() - 1] += x
    for block in group.blocks:
        every = (1 << len(block.bits)) - 1
        whole = float(cell_awards(block, 0, 0)[1])
        for k, bit in enumerate(block.bits):
            one = 1 << k
            per[bit.bit_length() - 1] += float(cell_awards(block, one, one)[1])
        base = block.base
        while base:
            low = base & -base
            base ^= low
            per[low.bit_length() - 1] += whole
        unchanged = 0.0 if block.base else float(cell_awards(block, every, 0)[1])
        total += whole - unchanged
    return per, total


def rolls_apart(solver: KickoffSolver) -> bool:
    """Whether ``solver``'s enumeration keeps each roll that decides one player's fate alone
    apart (``chance.OwnRollDice``: its worlds a :class:`~kickoff.analysis.exact.worlds.Product`
    of those rolls' outcomes, not listed): with the defaults' touchback taker (an award key
    reading the receiving players only, no board feature), no shared or kept runs, and
    ``solver.rolls_apart`` on (the tests turn it off to compare)."""
    return (solver.rolls_apart and solver.play == "defaults" and solver._values is None
            and not solver._marked and solver._moved is None and solver._event_cache is None
            and solver._blind_runs is None)


def _own_dice(relevant: Callable[[Any], bool], path: tuple[Any, ...]) -> PathDice:
    """The dice of one run of a factored enumeration (``chance.OwnRollDice``)."""
    return OwnRollDice(path, relevant)


def run_dice(solver: KickoffSolver, relevant: Callable[[Any], bool], own: bool
              ) -> Callable[[tuple[Any, ...]], PathDice] | None:
    """How the enumeration (``exact.events``) makes each run's dice (``own``: ``chance.OwnRollDice``; else
    ``solver._dice()``)."""
    return functools.partial(_own_dice, relevant) if own else solver._dice()


def own_run(solver: KickoffSolver, ctx: KickoffContext, dice: PathDice,
             unresolved: frozenset[Callable[[KickoffContext], None]]
             ) -> tuple[Any, None, None, tuple[Any, ...]] | None:
    """``exact.events``' outcome of a run whose rolls decided players' fates (``OwnRollDice.own``): no
    world of its own, their product (:func:`_product`) in its tag; ``None`` for another run."""
    if not isinstance(dice, OwnRollDice) or not dice.own:
        return None
    return ((None, None, False), ctx.scatters), None, None, (
        "own", _product(solver, ctx, dice, unresolved))


def _product(solver: KickoffSolver, ctx: KickoffContext, dice: OwnRollDice,
             unresolved: frozenset[Callable[[KickoffContext], None]]) -> Product | None:
    """The worlds of a run whose rolls each decide one player's fate alone (``dice.own``: each
    answered by its first outcome), as their product: the run's changes and, for each roll, the
    change its other outcome makes, read from the event played again with that roll alone
    answered so (``None`` if a roll has more than two outcomes, or its other outcome changes
    anything but its player, or the run's first outcome changed him: not a product)."""
    base, world = solver.state, ctx.state
    entries = differences(base, world, None, solver._entries).entries
    met = [(p.id, options) for p, options in dice.own]
    seen = dice.relevant
    factors = []
    for j, (pid, options) in enumerate(met):
        if len(options) != 2:
            return None
        other = _probe(solver, ctx, dice, (j, options[1][0]), unresolved)
        if other is None:
            return None
        changed = differences(base, other, None, solver._entries).entries
        extra = changed - entries
        if not entries <= changed or len(extra) > 1 or any(e[0] == pid for e in changed - extra):
            return None
        for entry in extra:
            if entry[0] != pid:
                return None
            factors.append((entry, options[1][1], seen is None or seen(dice.own[j][0])))
    return Product(entries, tuple(factors), world.weather)


def _probe(solver: KickoffSolver, ctx: KickoffContext, dice: OwnRollDice,
           answer: tuple[int, tuple[int, ...]],
           unresolved: frozenset[Callable[[KickoffContext], None]]) -> GameState | None:
    """The event of ``ctx``'s run played again with its ``answer[0]``-th own roll answered
    ``answer[1]`` (the others as in the run): its state; ``None`` if it met other rolls, or
    left another weather or scatters."""
    probe = OwnRollDice(dice.path, dice.relevant, {answer[0]: answer[1]})
    other = solver._context(solver.state.clone(), probe)
    try:
        roll_event(other, unresolved)
    except Branch:  # another chance node: not the run's
        return None
    same = [(p.id, o) for p, o in probe.own] == [(p.id, o) for p, o in dice.own]
    if not same or other.state.weather != ctx.state.weather or other.scatters != ctx.scatters:
        return None
    return other.state
