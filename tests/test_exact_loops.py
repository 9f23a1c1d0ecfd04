"""The chain solver's loops and its shared solutions (issue 28, 1005115's heavy start): a loop is
solved by state reduction into a chain of sparse nodes (``chain._eliminate``), exactly, and a
state's known solutions are found through their index (``chain.Known``) as a scan of its tables
in the order met finds them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kickoff.analysis.exact.chain import _WILD, ChainSolver, Known
from kickoff.analysis.exact.chance import Dist, Q

#: A line of players as 1005115's kicking Line of Scrimmage: the ball arrives at a player
#: (state 2y), is caught (an end of its own) or bounces (state 2y + 1) to a neighbour's square,
#: back to the line, or off it (ends of their own).
LINE = 12


def _line() -> dict[int, Dist]:
    out: dict[int, Dist] = {}
    end = 2 * LINE
    for y in range(LINE):
        catch = Q(1 + y % 3, 6)
        out[2 * y] = {end + 3 * y: catch, 2 * y + 1: 1 - catch}  # caught, or a bounce
        bounce: Dist = {end + 3 * y + 1: Q(3, 8), end + 3 * y + 2: Q(3, 8)}  # off the line
        for n in (y - 1, y + 1):
            if 0 <= n < LINE:
                bounce[2 * n] = Q(1, 8)
            else:
                bounce[end + 3 * y + 1] += Q(1, 8)
        out[2 * y + 1] = bounce
    return out


def test_a_loop_along_a_line_is_exact_and_its_nodes_sparse() -> None:
    chain = _line()
    solver = ChainSolver(chain.__getitem__, lambda s: s >= 2 * LINE)
    dists = {s: solver.solve(s) for s in chain}
    for s, dist in dists.items():  # each solves x(s) = sum_t p(s, t) x(t), exactly
        assert sum(dist.values(), Q(0)) == 1
        for end in range(2 * LINE, 5 * LINE):
            step = sum((p * (dists[t].get(end, 0) if t in chain else int(t == end))
                        for t, p in chain[s].items()), Q(0))
            assert step == dist.get(end, 0)
    assert len(dists[0]) == 3 * LINE  # every end reachable from one end of the line
    nodes = solver.nodes
    for n, exits in enumerate(nodes.exits):  # a chain of nodes: each to lower ones, sums 1
        assert all(t < n for t in exits)
        assert not exits or sum(exits.values(), Q(0)) == 1
    # sparse: Gauss-Jordan left every state's node with the line's every outside exit (36)
    sizes = [len(nodes.exits[solver.solved[s]]) for s in chain]
    assert max(sizes) <= 12 and sum(sizes) <= 4 * len(chain)


@st.composite
def asks(draw: st.DrawFn) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """Solutions added (``seen``, a chain's changes, the solution) over 8 changes, with seens
    of every size (more than :data:`_WILD` seeing less than the first: the index is taken
    again), and asks (changes, ``outside``)."""
    seens = draw(st.lists(st.integers(0, 255), min_size=1, max_size=3 * _WILD, unique=True))
    added = draw(st.lists(st.tuples(st.sampled_from(seens), st.integers(0, 255)),
                          min_size=1, max_size=80))
    queries = draw(st.lists(st.tuples(st.integers(0, 255), st.sampled_from([0, 0, 0b1010, 0x80])),
                            min_size=1, max_size=40))
    return [(seen, c, i) for i, (seen, c) in enumerate(added)], queries


@settings(max_examples=80, deadline=None)
@given(asks())
def test_known_solutions_are_found_as_the_scan_in_order_finds_them(
    case: tuple[list[tuple[int, int, int]], list[tuple[int, int]]],
) -> None:
    added, queries = case
    known = Known()
    tables: dict[int, dict[int, tuple[int, int]]] = {}  # the scan: seen -> table, in order
    for seen, changes, solution in added:
        known.add(seen, changes, (solution, seen))
        tables.setdefault(seen, {}).setdefault(changes & seen, (solution, seen))
        for changes_asked, outside in queries:
            expected = next((table[changes_asked & s] for s, table in tables.items()
                             if not s & outside and changes_asked & s in table), None)
            assert known.find(changes_asked, outside) == expected
    assert known.tables == tables


def _solves(chain: dict[int, Dist], dists: dict[int, Dist]) -> bool:
    """Whether each state's distribution solves x(s) = sum_t p(s, t) x(t), exactly."""
    return all(
        sum((p * (dists[t].get(end, 0) if t in chain else int(t == end))
             for t, p in chain[s].items()), Q(0)) == dist.get(end, 0)
        for s, dist in dists.items() for end in range(2 * LINE, 5 * LINE))


def test_a_loop_met_again_is_not_solved_again_and_truncation_forgets_it() -> None:
    # issue 28 (1005253's heavy start): about half the loops of a start's parts were the same
    # linear system as another part's (other stuns, the same transitions): each was solved
    # again, into nodes of its own. Now a loop of the same transitions (by identity) and the
    # same outside nodes takes the nodes solved before (``Nodes.loops``).
    chain = _line()
    first = ChainSolver(chain.__getitem__, lambda s: s >= 2 * LINE)
    nodes = first.nodes
    dists = {s: first.solve(s) for s in chain}
    made = len(nodes.exits)
    again = ChainSolver(chain.__getitem__, lambda s: s >= 2 * LINE, nodes=nodes)
    assert {s: again.solve(s) for s in chain} == dists
    assert len(nodes.exits) == made  # no node made: the loop's nodes taken as they were
    assert again.solved == first.solved
    # one player's catch otherwise: another system (the same shape, solved in its own right)
    other = dict(chain)
    other[4] = {2 * LINE + 6: Q(5, 6), 5: Q(1, 6)}
    third = ChainSolver(other.__getitem__, lambda s: s >= 2 * LINE, nodes=nodes)
    changed = {s: third.solve(s) for s in other}
    assert len(nodes.exits) > made and _solves(other, changed) and changed[0] != dists[0]
    # truncated below the loops' nodes: they are forgotten, solved anew, exactly
    nodes.truncate(made - 1)
    assert not nodes.loops and not nodes.loop_marks
    fresh = ChainSolver(chain.__getitem__, lambda s: s >= 2 * LINE, nodes=nodes)
    assert {s: fresh.solve(s) for s in chain} == dists
    assert len(nodes.exits) > made - 1
