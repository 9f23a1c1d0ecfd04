"""What a receiving set-up is worth under each Kick-off event: why the advisor suggests it.

The value of a set-up (``kickoff.analysis.advisor.search.setup_value``: the objective at the kicking
coach's best kick) is an average over the Kick-off table's events, each with its 2D6 chance.
:func:`event_values` splits it: for each event the table holds (an event on several totals once,
its chance the sum of theirs), the objective at the same kick (target and use of Kick) with that
event certain, solved exactly by ``KickoffSolver`` on the ruleset whose Kick-off table gives
that event on every total (the rules' own handler; nothing else of the ruleset changes). With
the receiving coach's defaults (``play="defaults"``) the values weighted by the chances sum to
the set-up's value exactly (``tests/test_advisor_events.py``); with ``play="best"`` each is
the value with both coaches at their best knowing the event (the kicking coach may then pick
another kicker event by event), so the weighted sum is at least as good for the kicking team.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import AnyObjective
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Event, HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import Play

#: The chance of each total of 2D6, the Kick-off table's roll.
TWO_D6: dict[int, Fraction] = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


@dataclass(frozen=True)
class EventValue:
    """One Kick-off event's share of a set-up's value: its ``name`` (the table's), ``chance``
    (of 2D6, exact) and the objective's ``value`` with it certain (exact)."""

    name: str
    chance: Fraction
    value: Fraction


def events_of(ruleset: Ruleset) -> list[tuple[Event, Fraction]]:
    """The Kick-off table's events, each once in the order of their first total, with their
    chance."""
    found: dict[str, tuple[Event, Fraction]] = {}
    for total in sorted(ruleset.kickoff_table):
        event = ruleset.kickoff_table[total]
        old = found.get(event.name)
        found[event.name] = (event, (old[1] if old else Fraction(0)) + TWO_D6[total])
    return list(found.values())


def certain(ruleset: Ruleset, event: Event) -> Ruleset:
    """``ruleset`` with ``event`` on every total of its Kick-off table."""
    return replace(ruleset, kickoff_table={total: event for total in ruleset.kickoff_table})


def event_values(
    state: GameState, ruleset: Ruleset, objective: AnyObjective, play: Play,
    house_rules: frozenset[HouseRule], target: Square, use_kick_skill: bool,
) -> list[EventValue]:
    """Each Kick-off event's value of ``state``'s receiving set-up at the kick at ``target``
    (with or without Kick), in the order of the table (see the module's text). ``DecisionError``
    as the solver raises it."""
    out = []
    for event, chance in events_of(ruleset):
        solver = KickoffSolver(state, certain(ruleset, event), events="all",
                               house_rules=house_rules, use_kick_skill=use_kick_skill, play=play,
                               objective=objective)
        out.append(EventValue(event.name, chance, solver.value(target, objective)))
    return out
