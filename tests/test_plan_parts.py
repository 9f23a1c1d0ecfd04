"""The whole kick-off's value of plans combined from solves already made
(``kickoff.analysis.plan_parts``, issue 26 point 3): every value the plan search takes from the
parts equals the whole kick-off solved from scratch with those plans, on a set-up with On the
Ball (the kick-off move's node mixes the events' parts) and a kicker with Kick (the kicking
coach's node), for an objective the receivers want high and one they want low. Slow (a plan
search and four whole kick-offs solved anew, per objective)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import pytest

from kickoff.analysis import plans
from kickoff.analysis.exact.event_cache import EventCache
from kickoff.analysis.plan_parts import Parts, combined
from kickoff.analysis.plans_given import GivenValuer, WholeValues, search_events
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match


def _searched(objective: str, monkeypatch: pytest.MonkeyPatch
              ) -> tuple[plans._Valuer, WholeValues, dict[str, list[plans.Plan]]]:
    # Sevens, human kicking to lizardmen (two On the Ball players), the re-set-ups searched
    m = build_match("sevens", None, "lizardmen", None, None, "home")
    options = {"house_rules": frozenset(), "use_kick_skill": None}
    valuer = plans._Valuer(m.state, m.ruleset, Square(8, 5), objective, "best",  # type: ignore[arg-type]
                           Decisions(), options, EventCache())
    events = [(e, True, plans._free_turn_space) for e in plans.free_events(m.ruleset)]
    events += [(e, e != "quick_snap", plans.resetup_space)
               for e in plans.resetup_events(m.ruleset, True)]
    valued: dict[str, list[plans.Plan]] = {}
    value = GivenValuer.value

    def noted(self: GivenValuer, ps: Sequence[plans.Plan]) -> Fraction | None:
        out = value(self, ps)
        if out is not None:  # (its parts kept)
            valued.setdefault(self.event, []).extend(ps)
        return out

    monkeypatch.setattr(GivenValuer, "value", noted)
    _, _, _, whole = search_events(valuer, events, 4)
    return valuer, whole, valued


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["receiver-holds", "ball-on-ground"])
def test_combined_whole_values_are_the_whole_kickoff_solved(
        objective: str, monkeypatch: pytest.MonkeyPatch) -> None:
    valuer, whole, known = _searched(objective, monkeypatch)
    assert whole.anchor is not None  # combining, not solving each
    assert any(len(ps) > 1 for ps in known.values())  # a plan other than nobody's was found
    events = list(known)
    # the whole kick-offs solved anew: their own solvers (sharing their own events' runs
    # between them, not the search's, nor any parts)
    fresh = plans._Valuer(valuer.state, valuer.ruleset, valuer.target, valuer.objective, "best",
                          Decisions(), valuer.options, EventCache())
    checked = 0
    # combinations of one valued plan per event, the first four
    for combo in itertools.islice(itertools.product(*(known[e] for e in events)), 4):
        value = whole._combined(valuer.decisions(combo))
        assert value is not None
        assert value == fresh.value(combo)
        checked += 1
    assert checked >= 2


def test_parts_that_do_not_fit_are_not_combined() -> None:
    a = Parts([(Fraction(1, 2), ((Fraction(1), Square(5, 5)),))],
              {Square(5, 5): [Fraction(1, 3), Fraction(1, 4)]})
    other = Parts([(Fraction(1, 2), ((Fraction(1), Square(6, 5)),))],
                  {Square(6, 5): [Fraction(1, 3), Fraction(1, 4)]})
    assert combined(a, [(other, a)], "receiver-holds") is None
    # fitting parts: the move node's best option chosen again on the sums
    b = Parts(a.kicks, {Square(5, 5): [Fraction(1, 3), Fraction(1, 2)]})
    assert combined(a, [], "receiver-holds") == Fraction(1, 2) + Fraction(1, 3)
    assert combined(a, [(b, a)], "receiver-holds") == Fraction(1, 2) + Fraction(1, 2)
    assert combined(a, [(b, a)], "ball-on-ground") == Fraction(1, 2) + Fraction(1, 3)  # (low)
