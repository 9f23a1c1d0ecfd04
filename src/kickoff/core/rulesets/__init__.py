"""The four rulesets by name: ``classic``, ``bb2020``, ``bb2025``, ``sevens``."""

from __future__ import annotations

from kickoff.core.ruleset import Contest, Event, InjuryTable, Ruleset
from kickoff.core.rulesets.bb2020 import BB2020
from kickoff.core.rulesets.bb2025 import BB2025
from kickoff.core.rulesets.classic import CLASSIC
from kickoff.core.rulesets.sevens import SEVENS

RULESETS: dict[str, Ruleset] = {r.name: r for r in (CLASSIC, BB2020, BB2025, SEVENS)}
#: House rules playable on top of any ruleset.
HOUSE_RULES: tuple[str, ...] = ("kick_it",)

__all__ = [
    "BB2020", "BB2025", "CLASSIC", "HOUSE_RULES", "RULESETS", "SEVENS", "Contest", "Event",
    "InjuryTable", "Ruleset",
]
