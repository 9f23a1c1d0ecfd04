"""The set-up advisor with the free moves searched (issue 24, acceptance 3): ``setup optimize
--play best --events all`` reports the value ``kickoff odds --all-targets --play best`` gives on
the set-up it wrote, the plan search at the same (default) budget included, exactly; the
candidates are ranked without the plans, and the report says both."""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup, setup_value
from kickoff.core.errors import OptionError
from kickoff.defaults import PLAN_BUDGET
from kickoff.formats.match import build_match

#: A Sevens search from a random start that moves a player within 8 candidates (seed 2): the
#: suggestion is not the start, so its value with the plans is solved on its own.
SEARCH = ["setup", "optimize", "--ruleset", "sevens", "--team", "wood_elf", "--start", "random",
          "--events", "all", "--play", "best", "--evaluations", "8", "--seed", "2"]


def _odds(out_file: Path, *extra: str) -> Any:
    """``kickoff odds --all-targets --play best --events all --json`` on ``out_file``."""
    code, out, err = cli(["odds", "--all-targets", "--events", "all", "--play", "best",
                          "--objective", "receiver-holds", "--ruleset", "sevens", "--away",
                          "wood_elf", "--away-setup", str(out_file), "--json", *extra])
    assert code == 0, err
    return json.loads(out)


@pytest.mark.slow
def test_the_value_reported_is_odds_all_targets_with_the_default_plan_search(
        tmp_path: Path) -> None:
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*SEARCH, "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["moved"] >= 1  # the search's own suggestion, valued with the plans after it
    assert (doc["applied"]["plan_budget"], doc["applied"]["plan_resetups"]) == (PLAN_BUDGET,
                                                                              True)
    odds = _odds(out_file)
    assert odds["with_plans"] == {"target": doc["target"], "value": doc["value"]}
    # the same budget applied by both, named by both
    assert odds["applied"]["plan_budget"] == PLAN_BUDGET
    # the search ranked it without the plans: odds' own first target with the search off
    ranked = _odds(out_file, "--plan-budget", "0")["targets"][0]
    assert doc["ranked"] == {"value": ranked["value"], "target": ranked["target"]}
    assert Fraction(doc["value"]) != Fraction(doc["ranked"]["value"])  # the plans count
    # never worse than the start by the value reported (both with the plans)
    assert Fraction(doc["value"]) >= Fraction(doc["start_value"])
    # the source, in the file too, names the budget applied: the same suggestion again
    assert f"--plan-budget {PLAN_BUDGET} --evaluations 8 --seed 2" in doc["source"]
    written = tomllib.loads(out_file.read_text())
    assert written["source"] == doc["source"]
    assert f"plan budget {PLAN_BUDGET}" in written["description"]


@pytest.mark.slow
def test_the_report_in_words_says_how_the_values_were_found() -> None:
    code, out, err = cli([*SEARCH[:-4], "--evaluations", "0", "--plan-budget", "2",
                          "--no-plan-resetups"])
    assert code == 0, err
    text = " ".join(out.split())
    assert ("Free moves: the values reported search them, as kickoff odds --all-targets --play "
            "best does (the best plan found at the five best targets; --plan-budget 2, given, "
            "0: off; not the re-set-ups, --no-plan-resetups); the candidates were ranked "
            "without them") in text
    assert "--plan-budget 2 --no-plan-resetups --evaluations 0" in text.replace(" \\ ", " ")


def test_a_plan_budget_where_no_search_applies_is_refused() -> None:
    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "orc",
                          "--events", "none", "--play", "best", "--plan-budget", "2"])
    assert code == 2 and out == ""
    assert "--plan-budget needs --play best and --events all" in " ".join(err.split())
    match = build_match("sevens", None, "orc", None, None, "home")
    for budget, play in ((-1, "best"), (2, "defaults")):
        with pytest.raises(OptionError, match="plan_budget"):
            setup_value(match.state, match.ruleset, play=play, plan_budget=budget)
        with pytest.raises(OptionError, match="plan_budget"):
            optimize_setup(OptimizeRequest(match.state, match.ruleset, play=play,
                                           plan_budget=budget, evaluations=0))


@pytest.mark.slow
def test_a_budget_of_one_values_nobodys_plan_alone() -> None:
    """A budget of 1 values each event's first plan only, nobody acts: every searched target's
    value is the ranking's, so the kicking coach's best of them is the ranking's first, the
    value without the search (two code paths, one value)."""
    match = build_match("sevens", None, "orc", None, None, "home")
    with_one = setup_value(match.state, match.ruleset, play="best", events="all", plan_budget=1)
    without = setup_value(match.state, match.ruleset, play="best", events="all")
    assert with_one == without
    assert Fraction(0) < with_one.value < Fraction(1)
