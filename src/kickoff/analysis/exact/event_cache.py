"""The Kick-off event's runs shared between the solvers of one plan search (issue 26, point 3).

:func:`kickoff.analysis.plans.search` values every candidate plan with a solver of its own
(``plans._Valuer.solver``), on one set-up and, with ``play="best"`` and a kick-off move (On
the Ball), on every set-up that move leaves (``exact_moved.moved_solver``). A plan changes only
its own event's outcomes: the other events' runs (every path of their dice through the rules'
``roll_event``, with the worlds they leave) are the same in every one of those solvers. An
:class:`EventCache`, handed to each solver of one search, keeps them by set-up (``()``: the
set-up itself; a ``MoveKey``: the set-up a move left), by the event's 2D6 total, the event and
what it reads of the free moves (its own plan, :func:`plan_key`; no other event reads one):
``exact_events._enumerate`` leaves an event unresolved wherever every total giving it is
kept, and plays back its runs in the order the enumeration met them, with every side effect
the full enumeration has (the worlds kept, the events that leave them, the High Kick worlds
set apart, the touchback takers noted, the square-blind runs noted for the moved set-ups):
the worlds, their order and the takers' order are those of a full enumeration, so every value
and line is the same (``tests/test_plans_cache.py`` compares the search with and without).

A set-up's cache is filled only by enumerations that finished (a plan the rules refused, or a
moved set-up's sharing dropped, records nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from kickoff.core.context import KickoffContext

if TYPE_CHECKING:
    from kickoff.analysis.exact.best import MoveOption
    from kickoff.analysis.exact.chance import Dist
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.core.pitch import Square
    from kickoff.core.state import GameState

#: The free moves' events (``Decisions`` fields of the same names): each reads its own plan.
FREE_MOVES = ("blitz", "charge", "quick_snap", "perfect_defence", "solid_defence")
#: What is kept of an event's total: (2D6 total, event name, :func:`plan_key`).
Entry = tuple[int, str, str]
#: One run played back in :func:`exact_events._outcome`: (the world's key, the world to keep
#: if its key is new, its ``Diff`` when kept whole (else ``None``), the High Kick handler when
#: set apart (else ``None``), the event's name, the touchback taker noted (else ``None``));
#: and in the enumeration's loop: (p, the world's key, its dice's path where lumped, the
#: event's 2D6 if square-blind).
Outcome = tuple[Any, Any, Any, Callable[[KickoffContext], None] | None, str, str | None]
Run = tuple[Any, Any, tuple[Any, ...] | None, tuple[int, ...] | None]
#: A moved set-up's square-blind total taken from its maker's runs (``exact_events.Shared``):
#: each world's (p, key, world) and the takers noted, in order.
SharedRuns = tuple[list[tuple[Any, Any, Any]], list[str]]


def plan_key(solver: KickoffSolver, event: str) -> str:
    """What event ``event`` reads of ``solver``'s free moves: its own plan (``repr``), nothing
    for an event that is not a free move."""
    return repr(getattr(solver.free, event)) if event in FREE_MOVES else ""


class Book:
    """One set-up's kept totals: each :data:`Entry`'s runs (played in ``_outcome`` and in the
    loop) or its worlds taken from the maker (:data:`SharedRuns`)."""

    __slots__ = ("outcomes", "runs", "shared")

    def __init__(self) -> None:
        self.outcomes: dict[Entry, list[Outcome]] = {}
        self.runs: dict[Entry, list[Run]] = {}
        self.shared: dict[Entry, SharedRuns] = {}

    def entry(self, solver: KickoffSolver, total: int) -> Entry:
        """The :data:`Entry` of ``total`` on ``solver``'s Kick-off table."""
        name = solver.ruleset.kickoff_table[total].name
        return (total, name, plan_key(solver, name))

    def kept(self, solver: KickoffSolver, shared: bool
             ) -> frozenset[Callable[[KickoffContext], None]]:
        """The handlers of ``solver``'s Kick-off table every total of which is kept (runs, or
        with ``shared``, an enumeration taking the square-blind events from the maker, worlds
        taken so): those its enumeration leaves unresolved and plays back."""
        table = solver.ruleset.kickoff_table
        handlers = {e.handler for e in table.values()}
        for total, event in table.items():
            entry = self.entry(solver, total)
            if entry not in self.runs and not (shared and entry in self.shared):
                handlers.discard(event.handler)
        return frozenset(handlers)


class EventCache:
    """The event's runs of every set-up met by the solvers of one search (see the module's
    docstring); a set-up's :class:`Book` by :data:`KickoffSolver._setup_key`. With them, what
    the solvers' other parts share: the journeys' tables (numbered states, transitions, nodes,
    touchback awards, landings' starts, the ends' values: :meth:`share_tables`, as a moved
    set-up's solver shares its maker's), so that the kick-off moves (``moves``, by the set-up's
    identity) and the High Kick decision node (``high_kicks``: ends, player placed and
    takers noted, by the High Kick world's identity, scatters and landing; the world kept),
    the same in every solver, are worked out once."""

    def __init__(self) -> None:
        self.books: dict[Hashable, Book] = {}
        self.moves: dict[int, tuple[GameState, list[MoveOption]]] = {}
        self.high_kicks: dict[tuple[int, int, Square | None, bool],
                              tuple[Dist, str | None, list[str], GameState]] = {}
        #: The first solver of the search: its tables are every later one's.
        self.template: KickoffSolver | None = None

    def share_tables(self, solver: KickoffSolver) -> None:
        """``solver`` (of the search's set-up, nothing solved yet) on the journeys' tables of
        the search's first solver (it, if first)."""
        first = self.template
        if first is None:
            self.template = solver
            return
        assert first.state is solver.state and first.play == solver.play
        solver._tables, solver._states, solver._ids, solver._stops = (
            first._tables, first._states, first._ids, first._stops)
        solver._awards, solver._starts, solver._values = first._awards, first._starts, first._values
        solver._touchback = first._touchback

    def moves_of(self, state: GameState, moves: Callable[[], list[MoveOption]]
                 ) -> list[MoveOption]:
        """The kick-off moves of ``state`` (``moves()`` the first time)."""
        known = self.moves.get(id(state))
        if known is None or known[0] is not state:
            known = self.moves[id(state)] = (state, moves())
        return known[1]

    def book(self, solver: KickoffSolver) -> Book:
        """``solver``'s set-up's book (made empty when first asked)."""
        key = solver._setup_key
        book = self.books.get(key)
        if book is None:
            book = self.books[key] = Book()
        return book
