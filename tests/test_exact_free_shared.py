"""A moved set-up's free turn taken from its maker's runs (issue 26, point 3:
``kickoff.analysis.exact.events._free_alike``, ``kickoff.core.events.FREE_TURN_READS``): where the
On the Ball movers stand beyond what the scripted Blitz reads, the moved set-up's worlds are
exactly those of its own full enumeration (probabilities, changes, award keys, scatters, order,
the touchback takers noted); the sharing is used; and a declaration that reads too little is
caught by the same comparison (so it can fail)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import kickoff
from kickoff.analysis.exact import events as exact_events
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.plans import _Planner, may_act
from kickoff.core.decisions import Decisions
from kickoff.core.events import FREE_TURN_READS, FREE_TURNS, blitz
from kickoff.core.pitch import Square
from kickoff.core.state import GameState
from kickoff.formats.match import build_match


def _plan_solvers(most: int, sharing: bool = True
                  ) -> tuple[KickoffSolver, list[KickoffSolver]]:
    """The README's lizardmen pairing (bb2020, ``play="best"``, events all) with the search's
    Blitz plan ``h4 blitzes a11 from [15, 6]`` scripted, and the solvers of up to ``most``
    set-ups its On the Ball moves leave, nothing enumerated yet: half with a mover on one of
    the Blitz's own squares (``_free_squares``: its path, a push-back square ...), half the
    others, in the moves' order; ``sharing`` off: the maker shares no event (``share_events``)."""
    m = build_match("bb2020", None, "lizardmen", None, None, "home")
    planner = _Planner(m.state, may_act(m.state, m.ruleset, "blitz"))
    acts = planner.activations([("h4", "blitz", Square(15, 6), "a11")], "decisions.blitz")
    assert acts is not None
    maker = KickoffSolver(m.state, m.ruleset, events="all", play="best",
                          objective="receiver-holds", decisions=Decisions(blitz=list(acts)))
    maker.share_events = sharing
    maker.worlds()
    own = exact_events._free_squares(maker)[blitz] if sharing else frozenset()
    assert own is not None
    near: dict[object, KickoffSolver] = {}
    far: dict[object, KickoffSolver] = {}
    for _, outcomes in maker._move_node().moves:
        for _, key, moved in outcomes:
            movers = [p.square for p in moved.players.values()
                      if p.square != m.state.players[p.id].square]
            kind = near if any(sq in own for sq in movers) else far
            if key not in near and key not in far and len(kind) < most // 2:
                kind[key] = maker._sub(key, moved)
    return maker, [*near.values(), *far.values()]


def _plain(solver: KickoffSolver, worlds: list[tuple[object, object, int]]) -> list[object]:
    """``worlds`` comparable between solvers: a world kept whole (by identity) as its diff."""
    return [(p, solver._diffs[id(w)] if isinstance(w, GameState) else w, s)
            for p, w, s in worlds]


def _full(sub: KickoffSolver) -> tuple[list[object], list[str]]:
    """``sub``'s worlds enumerated in full, its plan played (:func:`_plain`), and the
    touchback takers noted, on a copy."""
    twin = KickoffSolver(sub.state, sub.ruleset, events=sub.events, play=sub.play,
                         objective=sub.objective, use_kick_skill=sub.use_kick_skill,
                         decisions=replace(Decisions(), blitz=sub.free.blitz))
    twin.lump_worlds, twin.group_chance = sub.lump_worlds, sub.group_chance
    twin._values, twin._takers = sub._values, {}
    worlds = exact_events._enumerate(twin, sub.lump_worlds and sub.group_chance, None)
    assert worlds is not None
    return _plain(twin, list(worlds)), list(twin._takers)


def _compared(subs: list[KickoffSolver]) -> tuple[int, int]:
    """How many of ``subs`` took the Blitz from the maker, and how many of them left worlds
    (or takers) other than their full enumeration's."""
    took = wrong = 0
    for sub in subs:
        shared = exact_events.Shared.of(sub)
        took += shared is not None and blitz in shared.free
        before = list(sub._takers)
        worlds = sub.worlds()
        met = [t for t in sub._takers if t not in before]
        full, takers = _full(sub)
        wrong += (_plain(sub, list(worlds)) != full
                  or met != [t for t in takers if t not in before])
    return took, wrong


def test_a_moved_set_up_s_blitz_from_the_maker_is_its_full_enumeration() -> None:
    maker, subs = _plan_solvers(6)
    took, wrong = _compared(subs)
    assert wrong == 0
    assert 0 < took < len(subs)  # used where the movers stand away, not where they stand near
    assert blitz in FREE_TURNS and FREE_TURN_READS == 2
    own = exact_events._free_squares(maker)[blitz]
    assert own is not None and own[Square(15, 6)] == own[Square(16, 7)] == FREE_TURN_READS
    assert own[Square(10, 4)] == own[Square(17, 8)] == 1  # his square, a push-back square


@pytest.mark.skipif(kickoff.compiled, reason="the compiled module keeps its own declared "
                    "reads (a constant): setting the module's name changes nothing it reads")
def test_a_declaration_reading_too_little_gives_other_worlds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Declared to read nothing (-1: not even its own squares), the Blitz is taken from the
    maker everywhere, also where a mover stands on its push-back square ([17, 8]), and there
    the worlds differ from the full enumeration's: the first test's comparison catches it."""
    monkeypatch.setattr(exact_events, "FREE_TURN_READS", -1)
    monkeypatch.setattr(exact_events, "FREE_TURN_STEP_READS", -1)
    _, subs = _plan_solvers(6)
    took, wrong = _compared(subs)
    assert took == len(subs) and wrong > 0


@pytest.mark.slow  # two solves of the README pairing with its Blitz plan: about 15 s of CPU
def test_the_plan_s_odds_are_those_of_the_unshared_solve() -> None:
    """The README pairing's odds with the Blitz plan, the free turn (and the square-blind
    events) taken from the maker and without (``share_events`` off), fraction for fraction."""
    target = Square(19, 7)
    shared, _ = _plan_solvers(0)
    alone, _ = _plan_solvers(0, sharing=False)
    assert shared.odds(target).to_json() == alone.odds(target).to_json()
    assert shared.decisions_taken(target) == alone.decisions_taken(target)
