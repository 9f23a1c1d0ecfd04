"""Exact fractions as text, whatever their size (the JSON faces' ``"7/48"``).

``str(Fraction)`` writes its integers with ``int.__str__``, which Python refuses past
``sys.get_int_max_str_digits()`` digits (4,300 by default: a guard against quadratic
conversions of hostile input, which :mod:`kickoff.formats.reading` relies on for what it reads).
The exact solver's own values can run past it: a classic kick-off with Pitch Invasion, the
Kick-off Return and the events' chains gave a denominator of 16,755 digits (FUMBBL game
1005084, kick-off 2), and ``kickoff odds --json`` / ``kickoff fumbbl review --json`` stopped
with a traceback. ``decimal.Decimal`` converts an ``int`` exactly and writes it without that
limit; the limit itself is left as it is (input stays guarded).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["fraction_text"]


def fraction_text(x: Fraction) -> str:
    """``x`` exactly as ``str(x)`` writes it (``"-7/48"``, ``"3"`` when whole), at any size."""
    numerator = str(Decimal(x.numerator))
    return numerator if x.denominator == 1 else f"{numerator}/{Decimal(x.denominator)}"
