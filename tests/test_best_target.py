"""``targets.best_target``: the first of ``rank_targets`` (the same target under the same
tie-break, the same exact value) found by bounds and pruning, and the bounds it prunes by
(``exact.bounds.start_range``) hold: each start's exact value lies within them, and bounds made
tighter (the worlds a journey reads not counted, or the span's ends swapped) would not."""

from __future__ import annotations

import functools
import gc
import itertools
import sys
import weakref
from fractions import Fraction
from typing import Any

import pytest

from kickoff.analysis.exact import bounds
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective, Objective, kicker_wants_high, parse_objective
from kickoff.analysis.targets import RankedTarget, best_target, rank_targets, value_span
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

#: A mix with an objective the kicker wants high (its ends read as ``1 - v``) and distance.
MIX = "mix:receiver-holds=1/2,ball-on-ground=1/4,distance=1/4"


def _solver(ruleset: str, events: str, objective: AnyObjective) -> KickoffSolver:
    match = build_match(ruleset, None, None, None, None, "home")
    return KickoffSolver(match.state, match.ruleset, events=events,  # type: ignore[arg-type]
                         objective=objective)


@functools.cache
def _bb2020_ranking(events: str, objective: Objective) -> tuple[RankedTarget, ...]:
    """``rank_targets`` of a fresh bb2020 solver (``events``, built for receiver-holds) under
    ``objective``, made once for the module: the search tests below compare with the same
    ranking (two 0.7 s rankings were made twice)."""
    return tuple(rank_targets(_solver("bb2020", events, "receiver-holds"), objective))


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


_TARGETS = (Square(19, 7), Square(21, 4), Square(24, 12))


def _starts(solver: KickoffSolver, objective: Objective) -> list[tuple[int, int]]:
    out: dict[tuple[int, int], None] = {}
    for target in _TARGETS:
        terms = bounds.kick_terms(solver, target, objective)
        assert terms is not None
        out.update(dict.fromkeys((g, s) for _, g, s in terms[1]))
    return list(out)


def _misses(solver: KickoffSolver, objective: Objective, exact: dict[tuple[int, int], float],
            span: tuple[float, float]) -> int:
    """How many starts' exact values fall outside ``solver``'s bounds (``span``: the ends'
    least and greatest value)."""
    found = bounds.Bounds(solver, objective, span)
    missed = 0
    for (g, s), v in exact.items():
        lo, hi = found.start_range(g, s)
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
        found = bounds.Bounds(solver, objective, (lo, hi))
        widths = [b - a for a, b in (found.start_range(g, s) for g, s in starts)]
        assert sum(w > 0 for w in widths) >= 10  # bounds with worlds a journey reads
        # where no world's change is read, the bounds are the value (a touchback's award
        # valued over the group's worlds, not bounded by the span)
        points = [(g, s) for (g, s), w in zip(starts, widths, strict=True) if w == 0]
        assert len(points) > 20
        assert all(abs(found.start_range(g, s)[0] - exact[(g, s)]) < 1e-12 for g, s in points)
        assert any(found.reference(g, s).t > 0 for g, s in points)
        # the span's ends swapped: some start misses
        assert _misses(solver, objective, exact, (hi, lo)) > 0
        # no world counted as changed where the journey reads: some start misses
        with monkeypatch.context() as m:
            m.setattr(bounds, "affected_bound", lambda *_: 0.0)
            assert _misses(solver, objective, exact, (lo, hi)) > 0


def test_an_opened_start_narrows_around_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # the starts whose journeys read changed worlds, opened and solved heaviest part first:
    # every step's bounds hold the exact value, narrow, and end on it
    monkeypatch.setattr(bounds, "OPEN_PARTS", 1)
    objective: Objective = "receiver-holds"
    solver = _solver("classic", "all", objective)
    starts = _starts(solver, objective)
    trails = _opened(solver, objective, starts)
    assert len(trails) >= 10 and sum(len(t) for t in trails.values()) > 3 * len(trails)
    assert _holds(solver, objective, trails)
    # the parts left open not counted: some step misses
    with monkeypatch.context() as m:
        m.setattr(bounds.Opened, "range", lambda self: (self.ref.base + self.moved,) * 2)
        again = _solver("classic", "all", objective)
        assert not _holds(again, objective, _opened(again, objective, starts))


@pytest.mark.slow  # (three targets of a second classic solver: 3 s of CPU)
def test_a_solver_whose_starts_were_opened_gives_a_fresh_solvers_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "OPEN_PARTS", 1)
    objective: Objective = "receiver-holds"
    solver = _solver("classic", "all", objective)
    assert _opened(solver, objective, _starts(solver, objective))
    fresh = _solver("classic", "all", objective)
    for target in _TARGETS:
        assert solver.value(target, objective) == fresh.value(target, objective)


def _opened(solver: KickoffSolver, objective: Objective, starts: list[tuple[int, int]]
            ) -> dict[tuple[int, int], list[tuple[float, float]]]:
    """The bounds of each start opened, refined step by step until they close."""
    assert _starts(solver, objective) == starts  # (the same states, numbered alike)
    found = bounds.Bounds(solver, objective, (0.0, 1.0))
    trails = {}
    for g, s in starts:
        trail = [found.start_range(g, s)]
        while trail[-1][1] > trail[-1][0]:
            trail.append(found.refine(g, s))
        if (g, s) in found.opened:
            trails[(g, s)] = trail
    return trails


def _holds(solver: KickoffSolver, objective: Objective,
           trails: dict[tuple[int, int], list[tuple[float, float]]]) -> bool:
    """Whether every step's bounds hold the start's exact value, each narrower than the one
    before, and the last is the value."""
    for (g, s), trail in trails.items():
        v = float(bounds.start_value(solver, g, s, objective))
        if not (all(lo - 1e-12 <= v <= hi + 1e-12 for lo, hi in trail)
                and all(b[1] - b[0] < a[1] - a[0] for a, b in itertools.pairwise(trail))
                and abs(trail[-1][0] - v) < 1e-12):
            return False
    return True


def test_best_target_with_every_start_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    # the search narrowing starts part by part finds the ranking's first, exactly
    monkeypatch.setattr(bounds, "OPEN_PARTS", 0)
    objectives: tuple[Objective, ...] = ("receiver-holds", "ball-on-ground")
    for objective in objectives:
        ranked = _bb2020_ranking("all", objective)
        found = best_target(_solver("bb2020", "all", "receiver-holds"), objective)
        assert (found.target, found.value) == (ranked[0].target, ranked[0].value), objective


def test_the_search_leaves_no_cycle_holding_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # the review runs the search with the collector paused and freezes what it made: a cycle
    # through the solver would keep it (gigabytes on a classic game) to the end of the process
    monkeypatch.setattr(bounds, "OPEN_PARTS", 0)  # (starts opened: bounds.Opened)
    solver = _solver("bb2020", "all", "receiver-holds")
    # (the solver's references counted, not a weak reference: the compiled build's classes
    # take none)
    held = sys.getrefcount(solver)
    made: list[Any] = []
    monkeypatch.setattr(bounds.Opened, "__init__", _recording(bounds.Opened.__init__, made))
    gc.disable()
    try:
        found = best_target(solver, "receiver-holds")
        assert found.target == Square(21, 4) and made
        del found
        assert sys.getrefcount(solver) == held  # nothing the search made holds it: freed by
        del solver                              # its count alone
        assert all(opened() is None for opened in made)
    finally:
        gc.enable()


def _recording(init: Any, made: list[Any]) -> Any:
    def recorded(self: bounds.Opened, *args: Any) -> None:
        init(self, *args)
        made.append(weakref.ref(self))
    return recorded


@pytest.mark.parametrize("objective", ["receiver-holds", "ball-on-ground", "touchback"])
def test_a_known_target_first_gives_the_same_best(monkeypatch: pytest.MonkeyPatch,
                                                  objective: Objective) -> None:
    # the review solves its kicked target first and hands it to the search as its first best:
    # whichever target that is (the best, a tied one, the worst), the ranking's first is found
    monkeypatch.setattr(bounds, "OPEN_PARTS", 0)  # (starts opened part by part: bounds.Opened)
    events = "none" if objective == "touchback" else "all"  # (touchback: many tied at 0)
    ranked = _bb2020_ranking(events, objective)
    tied = [r for r in ranked if r.value == ranked[0].value]
    for given in {ranked[0].target, tied[-1].target, ranked[1].target, ranked[-1].target}:
        solver = _solver("bb2020", events, "receiver-holds")
        value = solver.value(given, objective)
        found = best_target(solver, objective, (given, value))
        assert (found.target, found.value) == (ranked[0].target, ranked[0].value), given
    if objective == "touchback":
        assert len(tied) > 1 and tied[-1].target != ranked[0].target
