"""The exact solver's sums in pairs and its fractions handed out without a second gcd (issue 28:
a classic review's values have denominators of thousands of digits): ``chance.exact_sum`` equals
the ``Fraction`` sum left to right, ``chance.to_fraction`` equals ``Fraction(numerator,
denominator)``, and the solver's target values, summed in pairs, equal the same sums taken left
to right over ``Fraction``s (the path before) and the full odds' value."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.chance import Q, exact_sum, to_fraction
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import kicker_wants_high
from kickoff.analysis.targets import objective_value, rank_targets
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

#: Denominators alike and unlike: small primes (a loop's determinant each), powers of 2 and 3
#: (the dice), and their products.
DENOMINATORS = st.sampled_from([1, 2, 3, 6, 36, 7, 11, 13, 1021, 65537, 2**20 * 3**7, 7 * 13 * 1021,
                                (2**61 - 1) * 6**5])
RATIONALS = st.tuples(st.integers(-10**30, 10**30), DENOMINATORS)


@settings(max_examples=200, deadline=None)
@given(st.lists(RATIONALS, max_size=40))
def test_exact_sum_is_the_sum_left_to_right(terms: list[tuple[int, int]]) -> None:
    total = exact_sum([Q(n, d) for n, d in terms])
    expected = sum((Fraction(n, d) for n, d in terms), Fraction(0))
    assert to_fraction(total) == expected
    assert (int(total.numerator), int(total.denominator)) == (expected.numerator,
                                                              expected.denominator)


def test_exact_sum_of_nothing_is_zero_and_of_one_is_it() -> None:
    assert exact_sum([]) == 0
    assert exact_sum([Q(5, 7)]) == Q(5, 7)
    assert exact_sum(Q(1, k) for k in (2, 3, 6)) == 1  # a generator: read once


@given(RATIONALS)
def test_to_fraction_is_the_fraction_in_lowest_terms(term: tuple[int, int]) -> None:
    n, d = term
    got, expected = to_fraction(Q(n, d)), Fraction(n, d)
    assert (got.numerator, got.denominator) == (expected.numerator, expected.denominator)
    assert type(got.numerator) is int and type(got.denominator) is int
    assert hash(got) == hash(expected) and str(got) == str(expected)
    assert got + Fraction(1, 3) == expected + Fraction(1, 3)


def _fraction_value(solver: KickoffSolver, target: Square, objective: str) -> Fraction:
    """``KickoffSolver.value`` as it was summed before: left to right, over ``Fraction``s."""
    parts = solver._parts(target)
    value = exact_odds.end_values(solver.state, solver._states, objective,
                                  solver._end_values.setdefault(objective, {}), solver._touchback)
    nodes = solver._tables.nodes
    total = Fraction(0)
    for i, p in parts.direct.items():
        total += to_fraction(p) * Fraction(int(value(i)))
    for group, weights in zip(solver.groups(), parts.starts, strict=True):
        for start, p_start in weights.items():
            v = Fraction(0)
            for n, mass in solver._group_mix(group, start).items():
                v += to_fraction(mass) * to_fraction(Q(nodes.value(n, objective, value)))
            total += to_fraction(p_start) * v
    return total


def test_target_values_summed_in_pairs_equal_the_fraction_sums_and_the_odds() -> None:
    # bb2020's default pairing with every Kick-off event: many worlds, many starts
    match = build_match("bb2020", None, None, None, None, "home")
    solver = KickoffSolver(match.state, match.ruleset, events="all")
    checked = 0
    for target in (Square(15, 1), Square(19, 7), Square(22, 12), Square(13, 7)):
        for objective in ("receiver-holds", "touchback"):
            got = solver.value(target, objective)
            assert got == _fraction_value(solver, target, objective)
            assert got == objective_value(solver.odds(target), objective)
            checked += 1
    assert checked == 8


def test_rank_targets_orders_as_the_fractions_do() -> None:
    match = build_match("bb2020", None, None, None, None, "home")
    solver = KickoffSolver(match.state, match.ruleset, events="none")
    ranked = rank_targets(solver, "receiver-holds")
    sign = -1 if kicker_wants_high("receiver-holds") else 1  # ties: by x, then y
    expected = sorted(ranked, key=lambda r: (sign * r.value, r.target.x, r.target.y))
    assert [r.target for r in ranked] == [r.target for r in expected]
    assert len({r.value for r in ranked}) > 10  # values that differ, not one tie
