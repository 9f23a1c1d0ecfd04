"""Exact fractions as text, whatever their size (the JSON faces' ``"7/48"``).

``str(Fraction)`` writes its integers with ``int.__str__``, which Python refuses past
``sys.get_int_max_str_digits()`` digits (4,300 by default: a guard against quadratic
conversions of hostile input, which :mod:`kickoff.formats.reading` relies on for what it reads).
The exact solver's own values can run past it: a classic kick-off with Pitch Invasion, the
Kick-off Return and the events' chains gave a denominator of 16,755 digits (FUMBBL game
1005084, kick-off 2), and ``kickoff odds --json`` / ``kickoff fumbbl review --json`` stopped
with a traceback. GMP (``gmpy2.mpz``) converts an ``int`` exactly and writes it without that
limit, in time close to linear (``decimal.Decimal``'s, used before, was quadratic: seconds for
a review's values of 139,000 digits); the limit itself is left as it is (input stays guarded).
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["fraction_text"]

#: Below this many bits an integer is written by ``int.__str__`` (at most 603 digits: under
#: the least digit limit Python allows, 640).
_SHORT_BITS = 2000


def fraction_text(x: Fraction) -> str:
    """``x`` exactly as ``str(x)`` writes it (``"-7/48"``, ``"3"`` when whole), at any size."""
    numerator = _digits(x.numerator)
    return numerator if x.denominator == 1 else f"{numerator}/{_digits(x.denominator)}"


def _digits(n: int) -> str:
    """``n`` in decimal, as ``str(n)`` writes it, at any size: past :data:`_SHORT_BITS` bits by
    GMP (``gmpy2.mpz``, the exact solver's own library), whose conversion divides and conquers
    where ``decimal.Decimal(n)``'s took time quadratic in the digits (issue 28: 1005253's review
    wrote values of 139,000 digits, about 4 s of its CPU at load 4)."""
    if n.bit_length() < _SHORT_BITS:
        return str(n)
    import gmpy2  # (only for the exact solver's long values: not at every command's start)

    return str(gmpy2.mpz(n))
