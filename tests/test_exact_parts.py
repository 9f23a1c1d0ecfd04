"""The per-part work of a heavy start outside its loop (issue 28, s41-parts, s44-parts): a block's
cells' awards and mass shared by the cells alike (``products.shared_awards``), their mass from the
receivers' remembered sum (``products.cell_awards``), their changes read from tables by bytes of
factors (``products.changes_of``), a member's world rebuilt by a plan remembered per change
(``worlds.rebuilt``'s ``plans``) and the touchback awards moved by weight
(``worlds.move_awards``): each the same exact values as the straightforward sums it replaces."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from typing import Any

import pytest
from helpers import player, scenario

from kickoff.analysis.exact.chance import Q, exact_sum
from kickoff.analysis.exact.products import (
    Block,
    cell_awards,
    changes_of,
    receivers,
    scale,
    shared_awards,
    subsets,
)
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.worlds import Diff, move_awards, rebuilt, signature
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _solver() -> KickoffSolver:
    # classic Pitch Invasion kept as a product: three kicking players on the Line of Scrimmage,
    # five receivers (three facing them)
    home = [player("h1", [12, 6], "classic"), player("h2", [12, 7], "classic"),
            player("h3", [12, 8], "classic"), player("h4", [2, 7], "classic")]
    away = [player(f"a{i}", sq, "classic") for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [18, 3], [20, 11]], start=1)]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("classic", home=home, away=away))))
    return KickoffSolver(loaded.state, loaded.ruleset, events="all")


def _block(rng: random.Random, n: int) -> Block:
    # n factors of a few probabilities, every other one a receiver's; an award key by the
    # receivers present (none: nobody takes the ball) as a product's block has them
    qs = [Q(1, 6), Q(1, 2), Q(1, 3), Q(5, 36)]
    block = Block(Q(7, 11), "nice", frozenset([("x", None, (), None)]),
                  q=[rng.choice(qs) for _ in range(n)])
    block.receiving = sum(1 << k for k in range(0, n, 2))
    for k in range(n):
        block.bits.append(1 << (3 * k + 1))
        block.changes.append((f"p{k}", None, (k,), None))
    for present in subsets(block.receiving):
        if present != block.receiving:  # (all present: nobody can take the ball)
            block.keys[present] = ("taker", (~present & block.receiving).bit_length())
    return block


def test_shared_awards_are_each_cell_s_awards_and_shared_by_cells_alike() -> None:
    rng = random.Random(7)
    block = _block(rng, 11)
    every = (1 << 11) - 1
    asked = [(fixed, present) for fixed in (0, every, 0b10110011101, 0b1, 0b11111000000)
             for present in subsets(fixed)]
    for fixed, present in asked:
        weights, mass = shared_awards(block, fixed, present)
        assert (weights, mass) == cell_awards(block, fixed, present)
        r = block.receiving
        assert weights == {key: scale(block, fixed, present) * w
                           for key, w in receivers(block, fixed & r, present & r).items()}
    # far fewer dicts than cells: one for each scale and receivers' answer
    made = {id(shared_awards(block, fixed, present)[0]) for fixed, present in asked}
    assert len(asked) == 1 + 2 ** 11 + 2 ** 7 + 2 + 2 ** 5
    assert len(made) < len(asked) // 4
    # the whole block's cells sum to the block's probability, nobody's worlds left out
    everyone = exact_sum([shared_awards(block, every, present)[1] for present in subsets(every)])
    nobody = exact_sum([scale(block, every, present) for present in subsets(every)
                        if present & block.receiving == block.receiving])
    assert everyone + nobody == Q(7, 11)


def test_a_cell_s_changes_are_its_present_factors_and_the_block_s() -> None:
    block = _block(random.Random(5), 19)  # three bytes of factors
    for present in [0, 1, 0b1000000001, (1 << 19) - 1, 0b1010101010101010101, 1 << 18]:
        mask, entries = changes_of(block, present)
        on = [k for k in range(19) if present >> k & 1]
        assert mask == block.base | sum(block.bits[k] for k in on)
        assert entries == block.entries | {block.changes[k] for k in on}
        assert isinstance(entries, frozenset)


def test_a_cell_s_mass_is_its_awards_sum() -> None:
    solver = _solver()
    blocks = [(g, b) for g in solver.groups() for b in g.blocks]
    assert blocks  # the product kept as a block
    for _, block in blocks:
        every = (1 << len(block.bits)) - 1
        for fixed, present in [(0, 0), (every, 0), (every, every), (0b11, 0b01), (0b1, 0b1)]:
            weights, mass = cell_awards(block, fixed, present)
            r = block.receiving
            assert weights == {key: scale(block, fixed, present) * w
                               for key, w in receivers(block, fixed & r, present & r).items()}
            assert mass == exact_sum(list(weights.values()))
            assert cell_awards(block, fixed, present, scale(block, fixed, present)) == (
                weights, mass)


def _picture(world: Any) -> tuple[Any, ...]:
    return (world.weather, sorted((pid, p.square, signature(p)) for pid, p in world.players.items()),
            sorted((sq, p.id) for sq, p in world.board.items()),
            {side: [p.id for p in team.players] for side, team in world.teams.items()})


def test_worlds_rebuilt_by_plans_are_the_worlds_rebuilt_afresh() -> None:
    solver = _solver()
    base = solver.state
    group = max(solver.groups(), key=lambda g: len(g.blocks))
    every = (1 << len(group.blocks[0].bits)) - 1
    cells = [group.cells.get((0, every, present)) or group._new_cell(0, every, present)
             for present in subsets(every)]
    plans: dict[Any, Any] = {}
    for i in cells:
        diff = group.members[i][2]
        assert _picture(rebuilt(base, diff, plans)) == _picture(rebuilt(base, diff))
    # one plan a change met, each a stun: only the status set
    assert len(plans) == len(group.blocks[0].changes)
    assert {names for names, _ in plans.values()} == {("status",)}
    # a member's world (the group's plans) is the same again
    for i in cells[:5]:
        assert _picture(group.member_world(i, base)) == _picture(rebuilt(base, group.members[i][2]))


def test_a_change_rebuilt_cannot_make_is_refused_with_plans_too() -> None:
    solver = _solver()
    base = solver.state
    h1 = base.players["h1"]
    fields = list(signature(h1))  # type: ignore[arg-type]
    fields[1] = "away"  # a side: no world keeps it
    entry = ("h1", h1.square, tuple(fields), h1.square)
    plans: dict[Any, Any] = {}
    for _ in range(2):
        with pytest.raises(RuntimeError, match="h1's changes are more than a world keeps"):
            rebuilt(base, Diff(frozenset([entry]), (), base.weather), plans)
    assert plans == {}  # never remembered


def _moved_one_by_one(reached: dict[int, dict[Hashable, Any]], t: dict[int, Any],
                      unaffected: dict[Hashable, Any]) -> dict[Hashable, Any]:
    to_award: dict[Hashable, Any] = {}
    for node, weights in reached.items():
        for key, w in weights.items():
            unaffected[key] -= w
            if t[node]:
                to_award[key] = to_award.get(key, 0) + t[node] * w
    return to_award


def test_awards_moved_by_weight_are_the_awards_moved_node_by_node() -> None:
    rng = random.Random(3)
    weights = [Q(1, 36), Q(5, 36), Q(25, 216), Q(1, 6)]
    keys = ["a", "b", "c"]
    reached = {node: {key: rng.choice(weights) for key in rng.sample(keys, rng.randint(1, 3))}
               for node in range(200)}
    # chances with large, different denominators (a loop's), some nodes never a touchback
    t = {node: Q(0) if node % 7 == 0 else Q(rng.randint(1, 10**30), 10**30 + rng.randint(1, 10**6))
         for node in reached}
    for node in range(0, 200, 7):  # a key only where a touchback never happens: no award
        reached[node]["z"] = Q(1, 216)
    start = {key: Q(100) for key in [*keys, "z"]}
    expect_unaffected = dict(start)
    expected = _moved_one_by_one(reached, t, expect_unaffected)
    asked: list[int] = []

    def touchback(node: int) -> Any:
        asked.append(node)
        return t[node]

    unaffected, to_award = dict(start), {"b": Q(1, 2)}
    move_awards(reached, touchback, unaffected, to_award)
    assert unaffected == expect_unaffected
    assert to_award == {key: expected[key] + (Q(1, 2) if key == "b" else 0) for key in expected}
    assert "z" not in to_award and unaffected["z"] == Q(100) - Q(29, 216)
    assert sorted(asked) == list(reached)  # each node's chance asked once
    # the keys in the order first met with a chance (the award nodes are made in that order)
    met = list(dict.fromkeys(key for node, ws in reached.items() if t[node] for key in ws))
    assert list(to_award) == ["b"] + [key for key in met if key != "b"]



def test_a_known_journey_sees_what_its_region_touches_every_time_it_is_found() -> None:
    solver = _solver()
    target = Square(13, 7)
    solver.odds(target)  # the node path (a value is solved on scalars: no known journey kept)
    checked = 0
    for group in solver.groups():
        for start in group.results:
            seen = group.touching(group.chain.region_of(start)) if group.masks else 0
            for _, members in (group.partition(seen) if seen else {}).values():
                found = group.shared.find_within(start, group.masks[members[0]] & seen, seen)
                want = None if found is None else (found[0], group.touching(found[1]))
                assert group.known(start, seen, members) == want
                assert group.known(start, seen, members) == want  # (again: by the answer)
                checked += found is not None
    assert checked > 20
