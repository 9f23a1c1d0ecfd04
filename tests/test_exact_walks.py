"""A part whose walk from a start was met before takes that walk's node (``exact.walks``):
fewer member worlds and chains, the same exact values, every answer its worlds' own journey, and
the known solutions the first solve shared replayed with the part's changes."""

from __future__ import annotations

import json

from helpers import player, scenario

from kickoff.analysis.exact.board import MARKED
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.walks import Walks
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario

_TARGETS = (Square(14, 6), Square(13, 5), Square(16, 7))


def _line():  # type: ignore[no-untyped-def]
    # classic Pitch Invasion over two lines of four (each player stunned or not, a product):
    # many worlds whose journeys differ only where no step reads (a Stunned catcher's tackle
    # zones, a stun on a square a bounce only finds occupied)
    home = [player(f"h{i}", [12, 4 + i], "classic") for i in range(4)]
    away = [player(f"a{i}", [13, 4 + i], "classic") for i in range(4)]
    home.append(player("hx", [2, 7], "classic"))
    away.append(player("ax", [18, 3], "classic"))
    return load_scenario(parse_scenario(json.dumps(scenario("classic", home=home, away=away))))


def _solver(loaded, memo: bool) -> KickoffSolver:  # type: ignore[no-untyped-def]
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    solver.memo_walks = memo
    solver.scalar_values = False  # (the node path's walks: tests/test_exact_walk_values.py)
    return solver


def _walks(solver: KickoffSolver) -> list[Walks]:
    return list(solver._walks.values())


def test_a_walk_met_again_makes_no_chain_and_every_value_is_the_same() -> None:
    loaded = _line()
    memo, plain = _solver(loaded, True), _solver(loaded, False)
    for target in _TARGETS:
        assert memo.value(target, "receiver-holds") == plain.value(target, "receiver-holds")
        assert memo.odds(target).ends == plain.odds(target).ends
    made = sum(len(g.chains) for g in memo.groups())
    made_plain = sum(len(g.chains) for g in plain.groups())
    assert _walks(plain) == []
    hits = sum(w.hits for w in _walks(memo))
    assert hits > 1000  # (1,509 at [14, 6] alone)
    assert made < made_plain - 50  # (260 against 331 at [14, 6] alone)


def test_every_walk_s_node_is_the_journey_of_each_world_that_walks_it() -> None:
    loaded = _line()
    solver = _solver(loaded, True)
    solver.value(Square(14, 6), "receiver-holds")
    nodes = solver._tables.nodes
    checked = 0
    for g, group in enumerate(solver.groups()):
        walks = solver._walks.get(id(group))
        if walks is None:
            continue
        for start in group.results:
            for i in range(len(group.members)):
                key = walks.walk(start, group.masks[i], None)
                walked = None if key is None else walks.done.get(key)
                if walked is None:
                    continue
                # the member's own journey, afresh (no solution shared, no reference chain)
                world = group.member_world(i, solver.state)
                fresh = solver._chain_for(world)
                assert nodes.dist(walked[0]) == fresh.solve(start), (g, start, i)
                assert walked[1] == group.touching(fresh.region_of(start))
                checked += 1
    assert checked > 500


def _known(group) -> set[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    return {(s, seen, key) for s, known in group.shared.known.items()
            for seen, table in known.tables.items() for key in table}


def test_the_solutions_a_repeat_shares_are_those_its_own_solve_would_share() -> None:
    loaded = _line()
    memo, plain = _solver(loaded, True), _solver(loaded, False)
    target = Square(14, 6)
    memo.value(target, "receiver-holds")
    plain.value(target, "receiver-holds")
    assert sum(w.hits for w in _walks(memo)) > 500
    mine, theirs = _known(memo.groups()[0]), _known(plain.groups()[0])
    # each state's known solutions under the keys later starts ask by: none that a solve of
    # each part would not share, and all but a few (a first solve in a chain made earlier
    # shares only the states new to it): 6,377 of 6,385 here
    assert mine <= theirs
    assert len(theirs) - len(mine) <= len(theirs) // 100
    # and each is the journey of a world it answers for, solved afresh
    group, nodes = memo.groups()[0], memo._tables.nodes
    checked = 0
    for s, known in group.shared.known.items():
        for seen, table in known.tables.items():
            for key, (node, _) in table.items():
                i = next(i for i, mask in enumerate(group.masks) if mask & seen == key)
                fresh = memo._chain_for(group.member_world(i, memo.state))
                assert nodes.dist(node) == fresh.solve(s), (s, seen, key)
                checked += 1
    assert checked == len(mine)


def test_ends_that_carry_the_board_are_solved_without_walks() -> None:
    loaded = _line()
    board = KickoffSolver(loaded.state, loaded.ruleset, events="all", board=frozenset({MARKED}))
    plain = _solver(loaded, False)
    target = Square(14, 6)
    assert board.value(target, "receiver-holds") == plain.value(target, "receiver-holds")
    assert board._walks == {}  # (an end there reads more than the block around a step)
