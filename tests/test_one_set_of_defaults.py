"""Issue 26, "one kick, two answers": every face, told nothing but the teams, plays the same
kick-off (``kickoff/defaults.py``: the kicker uses Kick when he has it, the Kick-off table
played). The issue found ``KickoffSolver`` at events none (4.67% touchback) beside the Monte
Carlo's 6.03%, and ``odds`` without Kick beside ``setup optimize`` with it; here the Python API's
exact solver and Monte Carlo, told nothing, agree with ``kickoff odds`` and ``kickoff simulate``,
told nothing, at a target where Kick and the events each change the answer."""

from __future__ import annotations

import json
from fractions import Fraction

from helpers import cli

from kickoff.analysis import Job, KickoffSolver, simulate
from kickoff.core import Square
from kickoff.formats.match import build_match

#: The README pairing (bb2020, Reikland Reavers kicking to the orcs); at [23, 7] the touchback's
#: odds are 12.1% with Kick and the events, 28.3% without Kick, and differ again without events.
TARGET = Square(23, 7)


def test_the_python_solver_told_nothing_is_kickoff_odds_told_nothing() -> None:
    m = build_match("bb2020", None, None, None, None, "home")
    odds = KickoffSolver(m.state, m.ruleset).odds(TARGET)
    code, out, err = cli(["odds", "--target", f"{TARGET.x},{TARGET.y}", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["applied"]["events"], doc["applied"]["use_kick_skill"]) == ("all", True)
    assert Fraction(doc["touchback"]) == odds.touchback
    assert Fraction(doc["receiving_team_holds"]) == odds.receiving_team_holds
    others = [KickoffSolver(m.state, m.ruleset, use_kick_skill=False).odds(TARGET).touchback,
              KickoffSolver(m.state, m.ruleset, events="none").odds(TARGET).touchback]
    assert odds.touchback not in others  # the defaults choose: what is compared can differ


def test_the_monte_carlo_told_nothing_agrees_with_the_exact_solver_told_nothing() -> None:
    """``Job`` and ``kickoff simulate`` (defaults) against ``KickoffSolver`` (defaults): within
    four standard errors, and the exact odds without Kick far outside them."""
    m = build_match("bb2020", None, None, None, None, "home")
    exact = float(KickoffSolver(m.state, m.ruleset).odds(TARGET).touchback)
    without = float(KickoffSolver(m.state, m.ruleset, use_kick_skill=False).odds(TARGET).touchback)
    tally = simulate(Job(m.state, m.ruleset, TARGET), 3000, 11)
    rate, se = tally.share(tally.touchback)
    assert abs(rate - exact) < 4 * se < abs(rate - without), (rate, se, exact, without)
    code, out, err = cli(["simulate", "-n", "3000", "--seed", "11", "--target",
                          f"{TARGET.x},{TARGET.y}", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["applied"]["events"] == "all" and doc["applied"]["use_kick_skill"] is True
    assert doc["touchback"]["p"] == rate  # the same kick-offs: the same seed, the same count
