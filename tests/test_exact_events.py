"""A moved set-up's square-blind Kick-off events taken from its maker (issue 26,
``kickoff.analysis.exact.events``) leave exactly the worlds its own full enumeration leaves: the
same probabilities, changes, award keys and scatters, in the same order, and the same touchback
takers noted; and the sharing is used, not always dropped."""

from __future__ import annotations

import pytest
from helpers import quick_subset

from kickoff.analysis.exact import events as exact_events
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core.events import SQUARE_BLIND, high_kick, pitch_invasion, solid_defence
from kickoff.core.pitch import Square
from kickoff.core.state import GameState
from kickoff.formats.match import build_match


def _moved_solvers(ruleset: str, away: str, most: int) -> tuple[KickoffSolver, list[KickoffSolver]]:
    """The README pairing's solver (``play="best"``, events all) and up to ``most`` solvers of
    the set-ups its kick-off move leaves, each new (nothing enumerated yet)."""
    m = build_match(ruleset, None, away, None, None, "home")
    maker = KickoffSolver(m.state, m.ruleset, events="all", play="best",
                          objective="receiver-holds")
    maker.worlds()
    node = maker._move_node()
    assert node.moves
    subs: dict[object, KickoffSolver] = {}
    for _, outcomes in node.moves:
        for _, key, moved in outcomes:
            if key not in subs and len(subs) < most:
                subs[key] = maker._sub(key, moved)
    return maker, list(subs.values())


def _plain(solver: KickoffSolver, worlds: list[tuple[object, object, int]]) -> list[object]:
    """``worlds`` comparable between solvers: a world kept whole (by identity) as its diff."""
    return [(p, solver._diffs[id(w)] if isinstance(w, GameState) else w, s)
            for p, w, s in worlds]


def _full(sub: KickoffSolver) -> tuple[list[object], list[str]]:
    """``sub``'s worlds enumerated in full (:func:`_plain`), and the touchback takers it
    notes, on a copy."""
    twin = type(sub)(sub.state, sub.ruleset, events=sub.events, play=sub.play,
                     objective=sub.objective, use_kick_skill=sub.use_kick_skill)
    twin.lump_worlds, twin.group_chance = sub.lump_worlds, sub.group_chance
    twin._values, twin._takers = sub._values, {}
    worlds = exact_events._enumerate(twin, sub.lump_worlds and sub.group_chance, None)
    assert worlds is not None
    return _plain(twin, list(worlds)), list(twin._takers)


@pytest.mark.parametrize(("ruleset", "away", "most"), quick_subset(
    [("sevens", "lizardmen", 40), ("bb2020", "lizardmen", 12)], ("sevens", "lizardmen", 40)))
def test_shared_event_worlds_are_the_full_enumeration_s(ruleset: str, away: str,
                                                        most: int) -> None:
    maker, subs = _moved_solvers(ruleset, away, most)
    assert maker._blind_runs  # the maker noted its square-blind runs
    used = 0
    for sub in subs:
        shared = exact_events.Shared.of(sub)
        before = list(sub._takers)
        worlds = sub.worlds()
        met = [t for t in sub._takers if t not in before]
        full, takers = _full(sub)
        assert _plain(sub, list(worlds)) == full
        assert sum(p for p, _, _ in worlds) + sum(p for p, *_ in sub._high_kick_worlds) == 1
        assert met == [t for t in takers if t not in before]
        used += shared is not None
    assert used >= len(subs) // 2  # most moved set-ups share (a mover knocked over does not)


@pytest.mark.slow  # two solves of the README pairing: about 20 s of CPU
def test_the_readme_pairing_s_odds_are_those_of_the_full_enumeration() -> None:
    """``kickoff odds --away lizardmen --play best``'s solve, with the sharing and without
    (``share_events`` off), gives the same odds and choices, fraction for fraction."""
    m = build_match("bb2020", None, "lizardmen", None, None, "home")
    target = m.state.pitch.centre[m.state.receiving]
    shared = KickoffSolver(m.state, m.ruleset, events="all", play="best",
                           objective="receiver-holds").odds(target)
    solver = KickoffSolver(m.state, m.ruleset, events="all", play="best",
                           objective="receiver-holds")
    solver.share_events = False
    alone = solver.odds(target)
    assert shared.to_json() == alone.to_json()
    assert shared.decisions_taken == alone.decisions_taken
    assert target == Square(19, 7)


def test_square_blind_events_are_declared_and_the_square_readers_are_not() -> None:
    assert pitch_invasion in SQUARE_BLIND
    assert high_kick not in SQUARE_BLIND and solid_defence not in SQUARE_BLIND
