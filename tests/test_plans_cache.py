"""The plan search's solvers sharing the Kick-off event's runs (``kickoff.analysis.exact.
event_cache``, issue 26 point 3): the same plans, the same exact values and the same odds as
the search whose solvers each enumerate their own events, on a small set-up with On the Ball
(so with the set-ups its move leaves, and their square-blind events taken from the maker)."""

from __future__ import annotations

import pytest

from kickoff.analysis import plans
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match


# slow (5.6 s): the shared search against the unshared one, a cross-check run by .ci/run;
# the shared search itself is what every quick plan test runs
@pytest.mark.slow
def test_shared_event_runs_give_the_unshared_search_exactly() -> None:
    # Sevens, human kicking to lizardmen (two On the Ball players): the search with the
    # re-set-ups, each plan's solver and every set-up On the Ball leaves
    m = build_match("sevens", None, "lizardmen", None, None, "home")
    target = Square(8, 5)
    shared = plans.search(m.state, m.ruleset, target, budget=2, resetups=True)
    alone = plans.search(m.state, m.ruleset, target, budget=2, resetups=True, share=False)
    assert shared.to_json() == alone.to_json()  # plans, exact fractions, counts valued
    assert shared.value == alone.value
    assert shared.decisions == alone.decisions
    assert shared.found["blitz"].evaluated == 2
    assert shared.solver is not None and alone.solver is not None
    cache = shared.solver._event_cache  # the shared path taken: the set-up's and the moved ones'
    assert cache is not None and len(cache.books) > 1 and alone.solver._event_cache is None
    odds, odds_alone = shared.solver.odds(target), alone.solver.odds(target)
    assert odds.to_json() == odds_alone.to_json()  # every outcome and the choices' lines
    assert odds.decisions_taken == odds_alone.decisions_taken
    assert any("On the Ball" in line for line in odds.decisions_taken)
