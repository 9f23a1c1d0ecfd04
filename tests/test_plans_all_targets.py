"""``kickoff odds --all-targets --play best --plan-budget N``: the kicking coach's free-turn
plans searched at the ranking's best targets, each exactly what the one-target search gives
there (issue 24: the plans in --all-targets too)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import cli

from kickoff.analysis import plans
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

ARGS = ["odds", "--ruleset", "sevens", "--home", "orc", "--away", "skaven", "--kicking", "away",
        "--events", "all", "--play", "best", "--all-targets", "--objective", "receiver-holds"]


def test_all_targets_carry_the_plans_found_at_the_five_best() -> None:
    code, out, err = cli([*ARGS, "--plan-budget", "2", "--no-plan-resetups", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    planned = [t for t in doc["targets"] if "plans" in t]
    assert [t["target"] for t in planned] == [t["target"] for t in doc["targets"][:5]]
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    first = planned[0]
    found = plans.search(match.state, match.ruleset, Square(*first["target"]), budget=2,
                         objective="receiver-holds", play="best", decisions=Decisions())
    assert first["plans"] == found.to_json()
    for t in planned:  # a plan is kept only where it is no worse for the kicker than nobody
        blitz = t["plans"]["events"]["blitz"]
        assert Fraction(blitz["value"]) <= Fraction(blitz["nobody"])
        assert blitz["evaluated"] <= 2


# slow: the same search as the JSON test above (6 s of CPU), said in words; the quick suite
# keeps the one-target words (tests/test_plans.py) and the refusal below
@pytest.mark.slow
def test_all_targets_plans_in_words() -> None:
    code, out, err = cli([*ARGS, "--plan-budget", "2", "--no-plan-resetups"])
    assert code == 0, err
    assert ("The free moves searched at the 5 best targets (best plan found; --plan-budget 2, "
            "given, 0: off; not the re-set-ups, --no-plan-resetups):") in " ".join(out.split())
    assert "With them, the kicking coach's best of these: [" in out


def test_all_targets_plan_budget_without_best_play_is_refused() -> None:
    defaults = [a for a in ARGS if a not in ("--play", "best")]
    code, _, err = cli([*defaults, "--plan-budget", "2"])
    assert code == 2 and "--plan-budget needs --play best and --events all" in err
