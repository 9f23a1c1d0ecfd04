"""The four rulesets by name: ``classic``, ``bb2020``, ``bb2025``, ``sevens``."""

from __future__ import annotations

from typing import Literal, get_args

from kickoff.core.ruleset import Contest, Event, HouseRule, InjuryTable, Ruleset
from kickoff.core.rulesets.bb2020 import BB2020
from kickoff.core.rulesets.bb2025 import BB2025
from kickoff.core.rulesets.classic import CLASSIC
from kickoff.core.rulesets.sevens import SEVENS

#: The name of a ruleset, as scenarios, options and the API spell it.
RulesetName = Literal["classic", "bb2020", "bb2025", "sevens"]

RULESETS: dict[str, Ruleset] = {r.name: r for r in (CLASSIC, BB2020, BB2025, SEVENS)}
#: House rules playable on top of any ruleset.
HOUSE_RULES: tuple[HouseRule, ...] = get_args(HouseRule)

assert tuple(RULESETS) == get_args(RulesetName), "RulesetName lists every ruleset"

__all__ = [
    "BB2020", "BB2025", "CLASSIC", "HOUSE_RULES", "RULESETS", "SEVENS", "Contest", "Event",
    "InjuryTable", "Ruleset", "RulesetName",
]
