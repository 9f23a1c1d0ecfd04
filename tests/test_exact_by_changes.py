"""A group's member chains stepped by the changes each step can see (``steps_by_changes``, issue
28): the same transitions (by identity) and regions as a fresh ``Steps`` of each member's own
world, and a member world built only for a key never met."""

from __future__ import annotations

from kickoff.analysis.exact.journey import Steps
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.steps_by_changes import ByChanges, PartSteps, widest_reads
from kickoff.analysis.exact.worlds import (
    FULL,
    OCCUPIED,
    PLAIN,
    read_bits,
    rebuilt,
    step_bits,
    touchback_taker,
)
from kickoff.core import ball
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match


def test_member_chains_step_as_their_worlds_and_build_few_of_them() -> None:
    # The README's default pairing: Pitch Invasion's ties leave 2,400 worlds; a kick onto the
    # receivers' Line of Scrimmage walks its loop in every part of the landing's start.
    match = build_match("bb2020", None, None, None, None, "home")
    state, rs = match.state, match.ruleset
    solver = KickoffSolver(state, rs, events="all")
    solver.odds(Square(13, 7))
    tables = solver._tables
    chained = [(g, i) for g in solver.groups() for i in g.chains]
    assert len(chained) > 100
    built = sum(1 for g, i in chained if g.members[i][1] is not None)
    assert built == 0  # (main built and kept every chained member's world)
    made = asked = 0
    for g in solver.groups():
        if g.chains:
            by = tables.by_changes[id(g)][1]
            assert isinstance(by, ByChanges)
            made, asked = made + by.worlds, asked + by.asked
    assert 0 < made < len(chained) // 2  # (a world a key never met, not one a chain)
    checked = 0
    for g, i in chained[:300]:  # each member's steps against its own world's, fresh
        chain = g.chains[i]
        steps = chain.source
        assert isinstance(steps, PartSteps)
        world = rebuilt(state, g.members[i][2])
        fresh = Steps(world, rs, solver.house_rules, PLAIN, touchback_taker(world, None),
                      solver._dice(), tables)
        for s in list(chain._edges):
            assert steps.transitions(s) is fresh.transitions(s)
            assert steps.region(s) == fresh.region(s) == step_bits(world, tables.states[s])
            checked += 1
    assert checked > 1000


def test_the_widest_reads_cover_every_world_and_leave_the_world_read_states() -> None:
    # A step's region in any world is within its widest reads (what the table's key sees);
    # a touchback and an end are asked of the world (``None``).
    match = build_match("bb2020", None, None, None, None, "home")
    state = match.state
    on_line = Square(13, 7)  # (a receiver of the line: a catcher there)
    assert state.board.get(on_line) is not None
    for s in (ball.Arrive(on_line, "bounce", True), ball.Arrive(Square(20, 7), "kickoff", True),
              ball.Bounce(on_line, True)):
        widest = widest_reads(s)
        assert widest is not None and widest & step_bits(state, s) == step_bits(state, s)
    assert widest_reads(ball.Arrive(on_line, "bounce", True)) == read_bits(
        (FULL, Square(13 + dx, 7 + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    assert widest_reads(ball.Bounce(on_line, True)) == read_bits(
        (OCCUPIED, Square(13 + dx, 7 + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
    assert widest_reads(ball.Touchback(on_line)) is None


def test_a_solver_stepping_by_changes_is_freed_without_a_collection() -> None:
    # The tables hold each group's steps by changes and the member chains hold their steps: a
    # reference back from those steps to the tables or a group would make every chain a cycle,
    # freed only by a collection (the review pauses the collector: gigabytes kept, then one
    # long collection). A cycle-free solver is freed as its last reference goes.
    import gc

    match = build_match("bb2020", None, None, None, None, "home")
    solver = KickoffSolver(match.state, match.ruleset, events="all")
    solver.odds(Square(13, 7))
    assert any(g.chains for g in solver.groups()) and solver._tables.by_changes
    gc.collect()
    gc.disable()
    try:
        del solver
        left = gc.collect()  # (what only a collection frees)
    finally:
        gc.enable()
    assert left == 0  # (main: 0; with the cycle, 40,045)
