"""``targets.best_target``: the first of ``rank_targets`` (the same target under the same
tie-break, the same exact value) found by bounds and pruning, and the bounds it prunes by
(``exact.bounds.start_range``) hold: each start's exact value lies within them, and bounds made
tighter (the worlds a journey reads not counted, or the span's ends swapped) would not."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kickoff.analysis.exact import bounds
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective, Objective, kicker_wants_high, parse_objective
from kickoff.analysis.targets import best_target, rank_targets, value_span
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

#: A mix with an objective the kicker wants high (its ends read as ``1 - v``) and distance.
MIX = "mix:receiver-holds=1/2,ball-on-ground=1/4,distance=1/4"


def _solver(ruleset: str, events: str, objective: AnyObjective) -> KickoffSolver:
    match = build_match(ruleset, None, None, None, None, "home")
    return KickoffSolver(match.state, match.ruleset, events=events,  # type: ignore[arg-type]
                         objective=objective)


@pytest.mark.parametrize(("ruleset", "objectives"), [
    # classic's Pitch Invasion (16,777 worlds) with a mix (slow: every target ranked, 9 s of
    # CPU; the quick sibling: the classic bounds below); the kicker wants ball-on-ground high
    pytest.param("classic", (MIX,), marks=pytest.mark.slow),
    ("bb2020", ("distance", "touchback", "ball-on-ground")),
])
def test_best_target_is_the_first_of_the_ranking(ruleset: str, objectives: tuple[str, ...]
                                                  ) -> None:
    # one solver ranks them all; another searches (its journeys shared between the
    # objectives, not their values: each search prunes by its own bounds)
    ranking, searching = (_solver(ruleset, "all", "receiver-holds") for _ in range(2))
    for objective in objectives:
        goal = parse_objective(objective)
        ranked = rank_targets(ranking, goal)
        found = best_target(searching, goal)
        assert (found.target, found.value) == (ranked[0].target, ranked[0].value), objective
        assert isinstance(found.value, Fraction)
        assert ranked[-1].value != ranked[0].value  # a real choice, not every target alike


def test_a_tie_goes_to_the_lowest_x_then_y_as_in_the_ranking() -> None:
    ranked = rank_targets(_solver("bb2020", "none", "touchback"), "touchback")
    tied = [r.target for r in ranked if r.value == ranked[0].value]
    assert len(tied) > 1 and ranked[0].value == 0  # many targets never give a touchback
    found = best_target(_solver("bb2020", "none", "touchback"), "touchback")
    assert found.target == ranked[0].target == min(tied, key=lambda t: (t.x, t.y))
    assert found.value == 0


def test_best_target_falls_back_to_the_ranking_where_the_kicker_chooses() -> None:
    # play="best": the kicking coach's plans compared (no split kept): every target ranked
    solver = _solver("bb2020", "none", "receiver-holds")
    assert bounds.kick_terms(solver, Square(19, 7), "receiver-holds") is not None
    match = build_match("bb2020", None, None, None, None, "home")
    best = KickoffSolver(match.state, match.ruleset, events="none", play="best")
    assert bounds.kick_terms(best, Square(19, 7), "receiver-holds") is None
    again = KickoffSolver(match.state, match.ruleset, events="none", play="best")
    found = best_target(best, "receiver-holds")
    top = rank_targets(again, "receiver-holds")[0]
    assert (found.target, found.value) == (top.target, top.value)


def test_value_span_of_each_objective_and_a_mix() -> None:
    state = build_match("bb2020", None, None, None, None, "home").state
    assert value_span("receiver-holds", state) == (Fraction(0), Fraction(1))
    assert value_span("distance", state) == (Fraction(0), Fraction(25))  # the far touchline's column, 26 wide
    mix = parse_objective(MIX)
    assert not kicker_wants_high(mix)
    # 1/2 [0, 1] + 1/4 (1 - [0, 1]) + 1/4 [0, 25]
    assert value_span(mix, state) == (Fraction(0), Fraction(1, 2) + Fraction(1, 4) + Fraction(25, 4))


def _starts(solver: KickoffSolver, objective: Objective) -> list[tuple[int, int]]:
    out: dict[tuple[int, int], None] = {}
    for target in (Square(19, 7), Square(21, 4), Square(24, 12)):
        terms = bounds.kick_terms(solver, target, objective)
        assert terms is not None
        out.update(dict.fromkeys((g, s) for _, g, s in terms[1]))
    return list(out)


def _misses(solver: KickoffSolver, objective: Objective, exact: dict[tuple[int, int], float],
            span: tuple[float, float]) -> int:
    """How many starts' exact values fall outside ``solver``'s bounds (``span``: the ends'
    least and greatest value)."""
    missed = 0
    for (g, s), v in exact.items():
        lo, hi = bounds.start_range(solver, g, s, objective, span, {})
        missed += not lo - 1e-12 <= v <= hi + 1e-12
    return missed


def test_start_bounds_hold_and_tighter_ones_would_not(monkeypatch: pytest.MonkeyPatch) -> None:
    solver = _solver("classic", "all", "receiver-holds")
    objectives: tuple[Objective, ...] = ("receiver-holds", "ball-on-ground")
    for objective in objectives:  # (the kicker wants ball-on-ground high)
        starts = _starts(solver, objective)
        exact = {(g, s): float(bounds.start_value(solver, g, s, objective)) for g, s in starts}
        assert len(exact) > 100
        lo, hi = (float(v) for v in value_span(objective, solver.state))
        assert _misses(solver, objective, exact, (lo, hi)) == 0
        widths = [b - a for a, b in (bounds.start_range(solver, g, s, objective, (lo, hi), {})
                                     for g, s in starts)]
        assert sum(w > 0 for w in widths) > 20  # bounds with worlds a journey reads
        # the span's ends swapped: some start misses
        assert _misses(solver, objective, exact, (hi, lo)) > 0
        # no world counted as changed where the journey reads: some start misses
        with monkeypatch.context() as m:
            m.setattr(bounds, "affected_bound", lambda *_: 0.0)
            assert _misses(solver, objective, exact, (lo, hi)) > 0
