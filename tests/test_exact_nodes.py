"""The chain solver's nodes (``kickoff.analysis.exact.chain.Nodes``, issue 16): a node's scalar value
is the expectation of the end values over its end distribution, a pushed mixture is the weighted
sum of the distributions, and the distributions solve the chain's equations exactly, on random
absorbing chains with loops (Hypothesis) and on the kick-off solver's own journeys."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact.chain import ChainSolver, Nodes
from kickoff.analysis.exact.chance import Dist, Q, Rational
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import BOARD_READS
from kickoff.analysis.targets import OBJECTIVES, objective_value
from kickoff.core import RULESETS, ball
from kickoff.core.pitch import Square
from kickoff.formats.teams import build_state, load_setup, load_team

#: The objectives of the ball alone: the odds carry them (the board's: test_board_objectives).
BALL_OBJECTIVES = [o for o in OBJECTIVES if o not in BOARD_READS]

#: States 0..N-1 move on; N..N+E-1 are ends.
N, E = 7, 3


@st.composite
def chains(draw: st.DrawFn) -> dict[int, Dist]:
    """A random absorbing chain: each moving state's transitions (positive integer weights,
    normalised) to any states, with at least one way to an end from each (so it is absorbing)."""
    out: dict[int, Dist] = {}
    for s in range(N):
        targets = draw(st.lists(st.integers(0, N + E - 1), min_size=1, max_size=4, unique=True))
        targets.append(draw(st.integers(N, N + E - 1)))  # an end reachable from every state
        weights = {t: draw(st.integers(1, 6)) for t in targets}
        total = sum(weights.values())
        out[s] = {t: Q(w, total) for t, w in weights.items()}
    return out


def _dot(dist: Dist, value: dict[int, int]) -> Rational:
    return sum((p * value[e] for e, p in dist.items()), Q(0))


@settings(max_examples=60, deadline=None)
@given(chains(), st.lists(st.integers(-3, 5), min_size=E, max_size=E),
       st.lists(st.integers(0, 4), min_size=N, max_size=N))
def test_nodes_value_and_push_equal_the_distributions(
    chain: dict[int, Dist], end_values: list[int], weights: list[int],
) -> None:
    solver = ChainSolver(chain.__getitem__, lambda s: s >= N)
    dists = {s: solver.solve(s) for s in range(N)}
    value = {N + i: v for i, v in enumerate(end_values)}
    for s, dist in dists.items():
        # a distribution of ends, summing to one, solving x(s) = sum_t p(s, t) x(t) exactly
        assert set(dist) <= set(range(N, N + E)) and sum(dist.values(), Q(0)) == 1
        for end in range(N, N + E):
            step = sum((p * (dists[t].get(end, 0) if t < N else int(t == end))
                        for t, p in chain[s].items()), Q(0))
            assert step == dist.get(end, 0)
        assert solver.nodes.value(solver.node(s), "v", value.__getitem__) == _dot(dist, value)
    flows: Dist = {solver.node(s): Q(w) for s, w in enumerate(weights)}
    mixed: Dist = {}
    for n, w in flows.items():
        for end, p in solver.nodes.dist(n).items():
            mixed[end] = mixed.get(end, 0) + w * p
    pushed = solver.nodes.push(flows)
    assert pushed == mixed and set(pushed) == set(mixed)  # zero weights keep their ends


def test_push_carries_a_zero_weight_to_its_ends() -> None:
    nodes = Nodes()
    a, b = nodes.end(10), nodes.end(11)
    mid = nodes.add({a: Q(1, 3), b: Q(2, 3)})
    top = nodes.add({mid: Q(1, 2), a: Q(1, 2)})
    assert nodes.push({top: Q(0)}) == {10: 0, 11: 0}
    assert nodes.push({top: Q(3), mid: Q(3)}) == {10: Q(3), 11: Q(3)}
    assert nodes.value(top, "second", {10: 0, 11: 1}.__getitem__) == Q(1, 3)


def _eleven() -> tuple[KickoffSolver, KickoffSolver]:
    rs = RULESETS["bb2020"]
    state = build_state(
        rs, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", rs.pitch),
         "away": load_setup("botbowl_off_wedge", rs.pitch)}, "home")
    return KickoffSolver(state, rs, events="all"), KickoffSolver(state, rs, events="all")


def test_scalar_values_equal_the_full_odds_on_the_kickoff_journeys() -> None:
    # The benchmark's pairing with the Kick-off events: the ranking's values (scalars, solved
    # first) against the odds' ends (pushed) of a solver asked for the odds first.
    by_value, by_odds = _eleven()
    for target in (Square(19, 7), Square(14, 2), Square(24, 12), Square(13, 7)):
        values = {o: by_value.value(target, o) for o in BALL_OBJECTIVES}
        odds = by_odds.odds(target)
        assert values == {o: objective_value(odds, o) for o in BALL_OBJECTIVES}
        assert by_value.odds(target).ends == odds.ends
        assert sum(odds.ends.values(), Fraction(0)) == 1
    # and every node's value is its distribution's expectation (every eighth node: loops and
    # states met again take the nodes solved before, ``chain.Nodes.loops``, so fewer are made)
    nodes = by_value._tables.nodes
    states = by_value._states
    touchback = by_value._touchback
    receiving = by_value.state.receiving
    holds = {i: int(i != touchback and isinstance(s, ball.Held)
                    and by_value.state.players[s.player].side == receiving)
             for i, s in enumerate(states) if by_value._stops[i]}
    checked = 0
    for n in range(0, len(nodes.exits), 8):
        expected = sum((p * holds[e] for e, p in nodes.dist(n).items()), Q(0))
        assert nodes.value(n, "holds", holds.__getitem__) == expected
        checked += 1
    assert checked > 500


def test_pushed_and_expanded_odds_are_the_same_fractions() -> None:
    # A solver pushes its first targets' odds through the nodes and expands the nodes'
    # distributions for the next (``exact._PUSHED_ODDS``): asked in opposite orders, two solvers
    # take the other way for most of these targets, and agree on every end.
    forward, backward = _eleven()
    targets = [Square(x, y) for x in (14, 19, 23) for y in (3, 7, 11)] + [Square(17, 5)]
    ahead = {t: forward.odds(t) for t in targets}
    behind = {t: backward.odds(t) for t in reversed(targets)}
    for t in targets:
        assert ahead[t].ends == behind[t].ends
        assert ahead[t].to_json() == behind[t].to_json()
        assert sum(ahead[t].ends.values(), Fraction(0)) == 1


def test_a_dropped_variant_chain_leaves_no_node_behind() -> None:
    # The advisor's candidates (``variant_journeys``, keep=False): the same journeys as a
    # fresh solver's, and the shared node table as it was after each (a search's memory bounded).
    rs = RULESETS["bb2020"]
    state = build_state(
        rs, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", rs.pitch),
         "away": load_setup("botbowl_off_wedge", rs.pitch)}, "home")
    solver = KickoffSolver(state, rs, events="none")
    mover = next(p for p in state.teams[state.receiving].players
                 if p.square is not None and Square(p.square.x, p.square.y - 1) not in state.board
                 and Square(p.square.x, p.square.y - 2) not in state.board)
    assert mover.square is not None
    x0, y0 = mover.square
    starts = [ball.Arrive(Square(x, y), "kicked", False) for x in (x0 - 1, x0, x0 + 1)
              for y in (y0 - 2, y0)] + [ball.Arrive(Square(19, 7), "kicked", False)]
    base, _ = exact_moved.variant_journeys(solver, state.clone(), starts, keep=True)
    size = len(solver._tables.nodes.exits)
    for step in (1, 2):
        world = state.clone()
        world.move(world.players[mover.id], Square(x0, y0 - step))
        moved, award = exact_moved.variant_journeys(solver, world, starts)
        assert len(solver._tables.nodes.exits) == size
        fresh = KickoffSolver(world, rs, events="none")
        again, fresh_award = exact_moved.variant_journeys(fresh, world, starts)
        assert moved == again and award == fresh_award
    assert moved != base  # the move was seen by some journey


def test_shared_find_within_takes_only_a_solution_seeing_no_change_outside() -> None:
    # ``Shared.find_within`` (issue 28: a part of a group's worlds takes a known journey
    # without a world of its own): a solution is valid for every chain agreeing on ``within``
    # only where the changes its region sees lie within it.
    from kickoff.analysis.exact.chain import Shared

    sees = {0b01: 0b011, 0b10: 0b100}  # region -> the changes a read of it would see
    table = Shared(lambda region: sees.get(region, 0))
    table.add(5, 0b001, solution=40, region=0b01)  # solved seeing changes 0 and 1: change 0
    table.add(5, 0b100, solution=41, region=0b10)  # seeing change 2 only: change 2 on
    assert table.find(5, 0b101) == (40, 0b01)  # (find: a chain's whole changes, first match)
    # a part known only on changes 0 and 2: the first solution reads change 1, outside it
    assert table.find_within(5, 0b101, within=0b101) == (41, 0b10)
    assert table.find_within(5, 0b001, within=0b101) is None  # change 2 off: not known
    assert table.find_within(5, 0b011, within=0b011) is None  # change 2 not within
    assert table.find_within(5, 0b001, within=0b111) == (40, 0b01)
    assert table.find_within(6, 0b001, within=0b111) is None  # another state
