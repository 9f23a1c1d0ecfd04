"""A kick's value on scalars (``exact.walk_values``): each part's walk solved for its value and
chance of a touchback, no node a walked state; the same exact values as the node path
(``KickoffSolver.scalar_values`` off), as the odds' objective value, and as a fresh solve of
each world's own journey."""

from __future__ import annotations

from fractions import Fraction

from test_exact_walks import _line

from kickoff.analysis.exact import bounds
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective, Mix
from kickoff.analysis.targets import best_target, objective_value
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

_TARGETS = (Square(14, 6), Square(13, 5), Square(16, 7))
#: A mix with an objective the kicker wants high (its ends read as ``1 - v``) and one that
#: values touchbacks.
_MIX = Mix((("receiver-holds", Fraction(1, 2)), ("ball-on-ground", Fraction(1, 4)),
            ("touchback", Fraction(1, 4))))
_OBJECTIVES: tuple[AnyObjective, ...] = ("receiver-holds", "touchback", "distance", _MIX)


def _solver(loaded, scalar: bool) -> KickoffSolver:  # type: ignore[no-untyped-def]
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    solver.scalar_values = scalar
    return solver


def _odds_value(odds, objective: AnyObjective) -> Fraction:  # type: ignore[no-untyped-def]
    if isinstance(objective, Mix):
        return objective.value({o: objective_value(odds, o) for o, _ in objective.weights})
    return objective_value(odds, objective)


def test_a_line_s_values_on_scalars_are_the_node_path_s_and_the_odds() -> None:
    loaded = _line()
    scalar, nodes = _solver(loaded, True), _solver(loaded, False)
    for target in _TARGETS:
        odds = nodes.odds(target)
        for objective in _OBJECTIVES:
            v = scalar.value(target, objective)
            assert v == nodes.value(target, objective), (target, objective)
            assert v == _odds_value(odds, objective), (target, objective)
    answered = [w for w in scalar._walk_values.values() if w.solved]
    assert answered
    assert sum(w.hits for w in answered) > 1000  # (parts of one walk, valued once)
    assert sum(w.loops_met for w in answered) > 100  # (a loop met again from another start)


def test_no_node_is_made_for_a_walked_state() -> None:
    loaded = _line()
    scalar, nodes = _solver(loaded, True), _solver(loaded, False)
    target = Square(14, 6)
    before = len(scalar._tables.nodes.exits)
    scalar.value(target, "receiver-holds")
    nodes.value(target, "receiver-holds")
    walked = sum(w.solved for w in scalar._walk_values.values())
    assert walked > 500
    # no member chain made, no walk solved as nodes: the nodes made are the reference worlds'
    # journeys' and the touchback awards' (666 here; the node path's 2,424)
    assert sum(len(g.chains) for g in scalar.groups()) == 0
    assert all(w.solved == 0 for w in scalar._walks.values())
    made = len(scalar._tables.nodes.exits) - before
    assert made * 3 < len(nodes._tables.nodes.exits)


def test_every_walk_s_answer_is_each_world_s_own_journey_solved_afresh() -> None:
    loaded = _line()
    solver = _solver(loaded, True)
    solver.value(Square(14, 6), "receiver-holds")
    nodes = solver._tables.nodes
    reaches = solver._reaches_touchback
    checked = 0
    for (objective, _), values in solver._walk_values.items():
        group, walks = values.walks.group, values.walks
        value = exact_odds.end_values(solver.state, solver._states, objective, {},
                                      solver._touchback)
        for g, start in [(g, s) for (o, g, s) in solver._group_values if o == objective]:
            if solver.groups()[g] is not group:
                continue
            for i in range(0, len(group.members), 7):
                key = walks.walk(start, group.masks[i], None)
                answer = None if key is None else values.done.get(key)
                if answer is None:
                    continue
                fresh = solver._chain_for(group.member_world(i, solver.state))
                n = fresh.node(start)
                assert answer[0] == nodes.value(n, ("fresh", objective), value)
                assert answer[1] == nodes.value(n, ("fresh", "reach"), reaches)
                assert answer[2] == group.touching(fresh.region_of(start))
                checked += 1
    assert checked > 100


def test_classic_kick_offs_values_and_best_target_are_the_node_path_s() -> None:
    match = build_match("classic", None, None, None, None, "home")
    made = {flag: KickoffSolver(match.state, match.ruleset, events="all") for flag in (True, False)}
    for flag, solver in made.items():
        solver.scalar_values = flag
    for target in (Square(19, 7), Square(20, 4)):
        for objective in ("receiver-holds", _MIX):
            assert made[True].value(target, objective) == made[False].value(target, objective)
    assert made[True]._walk_values  # (valued on scalars)
    found = {flag: best_target(solver, "receiver-holds") for flag, solver in made.items()}
    assert found[True].target == found[False].target
    assert found[True].value == found[False].value


def test_an_opened_start_s_parts_move_it_to_its_value_on_scalars(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bounds, "OPEN_PARTS", 1)
    loaded = _line()
    solver, fresh = _solver(loaded, True), _solver(loaded, False)
    objective = "receiver-holds"
    found = bounds.Bounds(solver, objective, (0.0, 1.0))
    terms = bounds.kick_terms(solver, Square(14, 6), objective)
    assert terms is not None
    assert terms == bounds.kick_terms(fresh, Square(14, 6), objective)  # (numbered alike)
    opened = 0
    for _, g, start in terms[1]:
        low, high = found.start_range(g, start)
        while high > low:
            low, high = found.refine(g, start)
        opened += (g, start) in found.opened
        assert found.opened.get((g, start)) is None or found.opened[(g, start)].values is not None
        exact = bounds.start_value(fresh, g, start, objective)
        assert abs(float(exact) - low) < 1e-12
        assert bounds.start_value(solver, g, start, objective) == exact
    assert opened
