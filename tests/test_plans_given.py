"""The plan search's ranking given the event (kickoff.analysis.plans_given): each event's
candidates ranked by the kick-off with only that event's branch, the values reported still the
whole kick-off's, exactly; with ``play="defaults"`` the same best plan as ranking by the whole
kick-off."""

from __future__ import annotations

from fractions import Fraction

from kickoff.analysis import plans
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.plans_given import given_table
from kickoff.core.decisions import Activation, Decisions
from kickoff.core.pitch import Square
from kickoff.defaults import Play
from kickoff.formats.match import build_match

TARGET = Square(8, 5)


def _valuer(play: Play) -> plans._Valuer:
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    return plans._Valuer(match.state, match.ruleset, TARGET, "receiver-holds", play,
                         Decisions(), {"house_rules": frozenset(), "use_kick_skill": None})


def test_the_given_table_keeps_the_event_at_its_totals_and_get_the_ref_elsewhere() -> None:
    valuer = _valuer("defaults")
    table = given_table(valuer, "blitz").ruleset.kickoff_table
    assert {t for t, e in table.items() if e.name == "blitz"} == {10}
    assert {e.name for t, e in table.items() if t != 10} == {"get_the_ref"}
    assert valuer.ruleset.kickoff_table[12].name == "pitch_invasion"  # the valuer's unchanged


def test_defaults_rank_given_the_event_as_the_whole_kick_off() -> None:
    """With ``play="defaults"`` a Blitz! plan changes only the kick-off's branch where the table
    gives Blitz!, so the whole value is nobody's plus the change given the event: the same
    best plan found, and each plan's whole value from its value given the event, exactly."""
    whole = _valuer("defaults")
    given = given_table(whole, "blitz")
    seeds, around = plans._free_turn_space(whole, "blitz")
    by_whole = plans.search_event(whole, seeds, around, True, 4)
    by_given = plans.search_event(given, seeds, around, True, 4)
    assert by_given.best.key() == by_whole.best.key()
    assert by_given.best.activations  # a plan beats nobody acting here
    nobody = plans.Plan("blitz", ())
    for plan in (by_whole.best, seeds[1]):
        change = (given.value([plan]) or 0) - (given.value([nobody]) or 0)
        # Blitz! at 10 alone in both tables: the same branch, the same weight
        assert whole.value([plan]) == whole.value([nobody]) + change
    assert by_whole.value < by_whole.nobody


def test_search_reports_the_whole_kick_off_of_the_plans_found() -> None:
    """The ranking is given the event, the values reported are the whole kick-off's: the best
    plan's, nobody's and the ``close`` seed's each a fresh full solve, exactly."""
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    found = plans.search(match.state, match.ruleset, TARGET, budget=3, play="defaults")
    blitz = found.found["blitz"]

    def solve(activations: tuple[Activation, ...]) -> Fraction:
        return KickoffSolver(match.state, match.ruleset, events="all", play="defaults",
                             decisions=Decisions(blitz=list(activations))).value(
                                 TARGET, "receiver-holds")

    assert found.value == blitz.value == solve(blitz.best.activations)
    assert blitz.nobody == solve(())
    seed = list(plans.candidates(match.state, match.ruleset, "blitz", TARGET))[1]
    assert blitz.close == solve(seed.activations)
    assert blitz.value <= min(blitz.nobody, blitz.close) and blitz.evaluated == 3


def test_the_search_hands_on_the_solver_of_the_plans_found() -> None:
    """``PlanSearch.solver`` (what ``kickoff odds`` takes instead of solving again) is the kick
    with every plan found: its odds those of a fresh solver with ``found.decisions``."""
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    found = plans.search(match.state, match.ruleset, TARGET, budget=2, play="defaults")
    assert found.solver is not None
    fresh = KickoffSolver(match.state, match.ruleset, events="all", play="defaults",
                          decisions=found.decisions)
    odds = found.solver.odds(TARGET)
    assert odds.to_json() == fresh.odds(TARGET).to_json()
    assert odds.receiving_team_holds == found.value
