"""``kickoff.core.fraction_text``: exact fractions as text at any size (the JSON faces).

Contract: its docstring (``str(Fraction)``'s text, past Python's 4,300-digit limit on writing
integers, which stays in force for what kickoff reads)."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest

from kickoff.core.fraction_text import fraction_text


@pytest.mark.parametrize("x", [Fraction(7, 48), Fraction(-7, 48), Fraction(3), Fraction(0),
                               Fraction(10**40 + 1, 7**30)])
def test_it_writes_what_str_writes(x: Fraction) -> None:
    assert fraction_text(x) == str(x)


def test_past_the_digit_limit_it_writes_the_exact_value() -> None:
    limit = sys.get_int_max_str_digits()
    big = Fraction(2**20000 + 1, 3**13000)  # 6,021 and 6,203 digits
    with pytest.raises(ValueError, match="integer string conversion"):
        str(big)
    text = fraction_text(big)
    numerator, denominator = text.split("/")
    assert len(numerator) == 6021 and len(denominator) == 6203 > limit
    assert numerator.endswith(str((2**20000 + 1) % 10**12).zfill(12))
    assert denominator.endswith(str(3**13000 % 10**12).zfill(12))
    assert sys.get_int_max_str_digits() == limit  # the guard on input left as it was


def test_the_reviews_json_writes_values_past_the_limit() -> None:
    """``kickoff fumbbl review --json`` of a classic game stopped with a traceback there."""
    from kickoff.analysis.review import Judged, team_summary

    big = Fraction(1, 7**6000)
    judged = Judged("kick", "home", "kick at [19, 7]", big, "kick at [19, 8]", Fraction(0), big)
    doc = judged.to_json()
    assert doc["gap"] == doc["chosen"] == fraction_text(big) and doc["best"] == "0"
    assert len(doc["gap"]) == 1 + 1 + len(str(7**6000 // 10**1000)) + 1000
    from kickoff.analysis.review import KickoffReview
    from kickoff.core.pitch import Square

    review = KickoffReview("home", Square(19, 7), Square(19, 8), None, False, big, [judged])
    assert review.to_json()["setup"]["value_against_best_kick"] == fraction_text(big)
    assert team_summary([review], {})["home"]["given_away"] == fraction_text(big)


@pytest.mark.parametrize("bits", [1999, 2000, 2001, 60_000])
def test_either_side_of_the_short_bound_it_writes_what_str_writes(bits: int) -> None:
    """Below 2,000 bits by ``int.__str__``, above by GMP: the same digits, sign included."""
    limit = sys.get_int_max_str_digits()
    n = 2**bits - 12345
    sys.set_int_max_str_digits(0)
    try:
        expected = [str(n), str(-n), str(Fraction(-n, 3**(bits // 2 + 1)))]
    finally:
        sys.set_int_max_str_digits(limit)
    assert [fraction_text(Fraction(n)), fraction_text(Fraction(-n)),
            fraction_text(Fraction(-n, 3**(bits // 2 + 1)))] == expected


def test_the_short_bound_is_within_python_s_least_digit_limit() -> None:
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)  # the least Python allows
    try:
        assert fraction_text(Fraction(2**1999 - 1, 3)) == f"{2**1999 - 1}/3"
    finally:
        sys.set_int_max_str_digits(limit)


def test_the_web_pages_documents_write_values_past_the_limit() -> None:
    """The web app's odds and advice documents wrote ``str(Fraction)``: a classic kick-off's
    value past 4,300 digits was a ValueError in the worker instead of the page's numbers."""
    from kickoff.analysis.advisor.search import EventGain, SetupValue, Suggestion
    from kickoff.core.pitch import Square
    from kickoff.web.advice import suggestion_document, value_document
    from kickoff.web.compute import probability

    big = Fraction(1, 7**6000)  # a denominator of 5,071 digits
    assert probability(big)["exact"] == "1/" + fraction_text(Fraction(7**6000))
    value = SetupValue(big, Square(19, 7), False)
    assert value_document(value)["exact"] == fraction_text(big)
    doc = suggestion_document(Suggestion({}, value, value, 1, False,
                                         by_event=(EventGain("Blitz!", big, big, big, big),)))
    assert doc["by_event"][0] == {"event": "Blitz!", "chance": fraction_text(big),
                                  "start_value": fraction_text(big),
                                  "value": fraction_text(big), "gain": fraction_text(big)}
    assert len(doc["value"]["exact"]) == 5073
