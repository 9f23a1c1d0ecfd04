"""The per-part work of a heavy start outside its loop (issue 28, s41-parts): a block's cells scaled
by doubling (``products.subset_scales``), their mass from the receivers' remembered sum
(``products.cell_awards``), a member's world rebuilt by a plan remembered per change
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
    receivers,
    scale,
    subset_scales,
    subsets,
)
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.worlds import Diff, move_awards, rebuilt, signature
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


def test_subset_scales_are_each_cell_s_scale_in_subsets_order() -> None:
    rng = random.Random(7)
    qs = [Q(1, 6), Q(1, 2), Q(1, 3), Q(5, 36)]
    block = Block(Q(7, 11), "nice", frozenset(), q=[rng.choice(qs) for _ in range(9)])
    for fixed, present, more in [(0, 0, 0b111111111), (0b101, 0b001, 0b111010010),
                                 (0b110000000, 0b100000000, 0b000000011), (0b1, 0b1, 0)]:
        got = subset_scales(block, fixed, present, more)
        assert [extra for extra, _ in got] == subsets(more)
        assert [p for _, p in got] == [scale(block, fixed | more, present | extra)
                                        for extra in subsets(more)]
    # the whole product sums to the block's probability
    assert exact_sum([p for _, p in subset_scales(block, 0, 0, 0b111111111)]) == Q(7, 11)


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
    cells = [group._cell(0, every, present) for present in subsets(every)]
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
    start = {key: Q(100) for key in keys}
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
    assert sorted(asked) == list(reached)  # each node's chance asked once
    # the keys in the order first met with a chance (the award nodes are made in that order)
    met = list(dict.fromkeys(key for node, ws in reached.items() if t[node] for key in ws))
    assert list(to_award) == ["b"] + [key for key in met if key != "b"]

