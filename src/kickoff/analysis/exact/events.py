"""The Kick-off event's worlds of a solver (:meth:`KickoffSolver.worlds
<kickoff.analysis.exact.solver.KickoffSolver.worlds>`), enumerated, and a moved set-up's events that
read no squares taken from its maker (issue 26).

:func:`enumerate_worlds` runs the rules' ``roll_event`` through every path of its dice
(``chance.enumerate_runs``) and keeps each outcome as a world: its changes from the set-up (a
``worlds.Diff``), or the state itself where it is read whole.

A set-up a kick-off move left (``play="best"``, ``exact_moved.moved_solver``) differs from its
maker's only in where the movers stand. The events of ``events.SQUARE_BLIND`` read no square and
move nobody on the pitch, so their outcomes there are the maker's, player for player, with the
movers on their new squares. :class:`Shared` checks, not assumes, what that needs (the same
teams' counters, weather and players on the pitch in the same order, the movers' other fields
the same, each player equally seen by the journeys, ``PathDice``'s ``relevant``); the moved
set-up's own enumeration then leaves those events unresolved, and takes their worlds from the
maker's runs, in the order its own runs would have met them, each world's touchback taker
chosen in the moved set-up. Where a translated world would be kept whole (nobody to take a
touchback, lumped), the sharing is dropped and the event enumerated in full: the worlds are the
same either way (``tests/test_exact_events.py`` compares them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import grouping
from kickoff.analysis.exact.board import REACH
from kickoff.analysis.exact.chance import PathDice, Rational, enumerate_runs
from kickoff.analysis.exact.event_cache import Book, Entry, Outcome, Run, SharedRuns
from kickoff.analysis.exact.worlds import (
    Diff,
    award_key,
    differences,
    event_world,
    expand,
    journey_relevant,
    rebuilt,
)
from kickoff.core.context import KickoffContext
from kickoff.core.events import (
    FREE_TURN_READS,
    FREE_TURN_STEP_READS,
    FREE_TURNS,
    SQUARE_BLIND,
)
from kickoff.core.kickoff import roll_event
from kickoff.core.pitch import SIDES, distance
from kickoff.core.state import GameState, Player

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

#: A world's key in an enumeration: (weather, changes, High Kick set apart), scatters.
Key = tuple[tuple[Hashable, Any, bool], int]
#: A maker's runs of the square-blind events, by the event's 2D6 as rolled (the path's: one
#: roll a total where the dice are grouped by it): (p, key, world, :data:`Changed`) each, in the order met
#: (``KickoffSolver._blind_runs``).
#: Of a world kept as its changes (else ``None``): the players it changes, and its changes of
#: receiving players (what its touchback taker reads).
Changed = tuple[frozenset[str], frozenset[Any]] | None
BlindRuns = dict[tuple[int, ...], list[tuple[Rational, Key, GameState | Diff, Changed]]]
World = tuple[Rational, GameState | Diff, int]
_NONE: frozenset[Callable[[KickoffContext], None]] = frozenset()
#: The team counters an event may read (every slot of ``Team`` but its players).
_COUNTERS = ("apothecaries", "assistant_coaches", "block_assists", "bribes", "cheerleaders",
             "drive_rerolls", "fame", "fan_factor", "half_rerolls", "name", "prayers",
             "rerolls", "side", "turn")


def enumerate_worlds(solver: KickoffSolver, lump: bool) -> list[World]:
    """Every world the event leaves in ``solver``'s set-up: ``(p, world, scatters)`` (the
    High Kick worlds with a chosen player set apart in ``solver._high_kick_worlds``); with
    ``play="best"`` its square-blind runs noted for the set-ups a move makes of it."""
    shared = Shared.of(solver)
    own = lump and grouping.rolls_apart(solver) and shared is None
    if shared is not None or own:
        takers = dict(solver._takers)
        worlds = _enumerate(solver, lump, shared, own)
        if worlds is not None:
            return worlds
        solver._takers.clear()  # as a full enumeration meets them
        solver._takers.update(takers)
        solver._high_kick_worlds, solver._expanded, solver._diffs = [], {}, {}
        solver._products = []
    worlds = _enumerate(solver, lump, None)
    assert worlds is not None
    return worlds


def _enumerate(solver: KickoffSolver, lump: bool, shared: Shared | None, own: bool = False
               ) -> list[World] | None:
    """:func:`enumerate_worlds`, the square-blind events from ``shared`` if given (``None``:
    the sharing is dropped), the events a search's :class:`~kickoff.analysis.exact.event_cache.
    EventCache` keeps played back from it (and those it does not, recorded in it); with ``own``,
    a run whose rolls decide one player's fate each kept as their product
    (``solver._products``; ``None`` where a run is not one: the caller enumerates in full)."""
    relevant = journey_relevant(solver.state, solver.reach, REACH in solver.board_features)
    found: dict[Key, GameState | Diff] = {}
    handlers: dict[Key, Callable[[KickoffContext], None]] = {}
    chosen_high_kick = _high_kick_apart(solver)
    # a function with its arguments bound, not a closure (see ``exact_journey.Steps``)
    names: dict[Key, set[str]] = {}  # the events that leave each world
    cache = solver._event_cache
    book = None if cache is None else cache.book(solver)
    # the events whose runs the maker notes for its moved set-ups, and those a moved set-up
    # takes from them (the free turns where the movers stand beyond their reads)
    blind = _blind_events(shared)
    unresolved = (_NONE if shared is None else blind) | (
        _NONE if book is None else book.kept(solver, shared is not None))
    run = functools.partial(_outcome, solver, found, handlers, names, chosen_high_kick, lump,
                            (unresolved, blind), book)
    merged: dict[Key, Rational] = {}
    lumped_paths: dict[Key, list[tuple[Rational, tuple[Any, ...]]]] = {}
    record = _Record()
    for p, (key, path, roll, tag) in enumerate_runs(run, relevant if lump else None,
                                                    grouping.run_dice(solver, relevant, own), follow=True):
        if tag is not None and tag[0] in ("kept", "own"):
            if not _taken(solver, book, tag, (p, key), (merged, lumped_paths, found)):
                return None
            continue
        if shared is not None and roll is not None:  # unresolved: the maker's outcomes, moved
            if not record.shared(solver, shared, book, tag, (p, roll, merged, found)):
                return None
            continue
        _merge(solver, (merged, lumped_paths, found), p, key, path, roll)
        if tag is not None:
            record.run(tag, (p, key, path, roll))
    if book is not None:  # the enumeration finished: what it resolved kept
        record.keep(book)
    return _worlds(solver, found, handlers, merged, lumped_paths, relevant, names)


def _taken(solver: KickoffSolver, book: Book | None, tag: tuple[Any, ...],
           run: tuple[Rational, Key],
           into: tuple[dict[Key, Rational], dict[Key, list[tuple[Rational, tuple[Any, ...]]]],
                       dict[Key, GameState | Diff]]) -> bool:
    """A run (``run``: its probability and key) whose worlds are not its own outcome's: a
    total ``book`` keeps, played back (``tag``: ``("kept", entry)``), or a product of players'
    own rolls (``("own", the product)``: kept in ``solver._products``); ``False`` where the
    run is not a product after all (the caller enumerates in full)."""
    p, key = run
    if tag[0] == "own":
        if tag[1] is None:
            return False
        solver._products.append((p, tag[1], key[1]))
        return True
    assert book is not None
    for q, k, kept_path, kept_roll in book.runs[tag[1]]:
        _merge(solver, into, q, k, kept_path, kept_roll)
    return True


def _blind_events(shared: Shared | None) -> frozenset[Callable[[KickoffContext], None]]:
    """The events whose runs an enumeration notes for the moved set-ups (``shared`` ``None``:
    the square-blind events and the free turns), or takes from the maker's (the square-blind
    events and ``shared.free``)."""
    return SQUARE_BLIND | (FREE_TURNS if shared is None else shared.free)


def _merge(solver: KickoffSolver, into: tuple[dict[Key, Rational],
                                              dict[Key, list[tuple[Rational, tuple[Any, ...]]]],
                                              dict[Key, GameState | Diff]],
           p: Rational, key: Key, path: tuple[Any, ...] | None, roll: tuple[int, ...] | None
           ) -> None:
    """One run (probability ``p``) added to the enumeration's ``merged`` worlds, its path to
    ``lumped_paths`` (a world kept whole), a square-blind run noted (``roll``)."""
    merged, lumped_paths, found = into
    merged[key] = merged.get(key, 0) + p
    blind = solver._blind_runs
    if roll is not None and blind is not None:
        _note_blind(blind, roll, p, key, found[key], solver.state.receiving)
    if path is not None:
        lumped_paths.setdefault(key, []).append((p, path))


class _Record:
    """What one enumeration adds to its set-up's :class:`~kickoff.analysis.exact.event_cache.
    Book`: each resolved total's outcomes and runs, each total taken from the maker."""

    __slots__ = ("outcomes", "runs", "taken")

    def __init__(self) -> None:
        self.outcomes: dict[Entry, list[Outcome]] = {}
        self.runs: dict[Entry, list[Run]] = {}
        self.taken: dict[Entry, SharedRuns] = {}

    def run(self, tag: tuple[Any, ...], run: Run) -> None:
        """A resolved run (``tag``: ``("run", entry, its outcome)``), recorded."""
        self.outcomes.setdefault(tag[1], []).append(tag[2])
        self.runs.setdefault(tag[1], []).append(run)

    def shared(self, solver: KickoffSolver, shared: Shared, book: Book | None,
               tag: tuple[Any, ...] | None,
               at: tuple[Rational, tuple[int, ...], dict[Key, Rational],
                         dict[Key, GameState | Diff]]) -> bool:
        """A square-blind total (``at``: its probability, roll and the enumeration's merged
        and found worlds) from the maker's runs (:meth:`Shared.add`), or played back from
        ``book`` where kept (``tag``: ``("shared", entry)``), else recorded; whether the
        sharing holds."""
        p, roll, merged, found = at
        if tag is None or book is None:
            return shared.add(p, roll, merged, found)
        kept = book.shared.get(tag[1])
        if kept is not None:
            worlds, noted = kept
            for q, key, world in worlds:
                merged[key] = merged.get(key, 0) + q
                found.setdefault(key, world)
            solver._takers.update(dict.fromkeys(noted))
            return True
        takers, solver._takers = solver._takers, {}  # the takers it notes, in order
        added: list[tuple[Rational, Key, GameState | Diff]] = []
        try:
            held = shared.add(p, roll, merged, found, added)
        finally:
            noted, solver._takers = list(solver._takers), takers
            takers.update(dict.fromkeys(noted))
        self.taken[tag[1]] = (added, noted)
        return held

    def keep(self, book: Book) -> None:
        """The enumeration finished: its records into ``book``."""
        book.outcomes.update(self.outcomes)
        book.runs.update(self.runs)
        book.shared.update(self.taken)


def _note_blind(blind: BlindRuns, roll: tuple[int, ...], p: Rational, key: Key,
                world: GameState | Diff, receiving: str) -> None:
    """Note a square-blind run of the event (its 2D6 ``roll``) in ``blind``, for the set-ups a
    move makes of this one: ``(p, key, world, Changed)``."""
    changed = None if not isinstance(world, Diff) else (
        frozenset(e[0] for e in world.entries), _of_side(world.entries, receiving))
    blind.setdefault(roll, []).append((p, key, world, changed))


def _worlds(
    solver: KickoffSolver, found: dict[Key, GameState | Diff],
    handlers: dict[Key, Callable[[KickoffContext], None]], merged: dict[Key, Rational],
    lumped_paths: dict[Key, list[tuple[Rational, tuple[Any, ...]]]],
    relevant: Callable[[Any], bool], names: dict[Key, set[str]],
) -> list[World]:
    """:func:`_enumerate`'s worlds from its runs merged by key: the lumped ones' paths
    expanded (``solver._expanded``), the events that leave each (``names``, noted), the High
    Kick worlds with a chosen player set apart
    (``solver._high_kick_worlds``), the others as ``(p, world, scatters)``."""
    for key, paths in lumped_paths.items():
        solver._expanded[id(found[key])] = expand(paths, relevant, functools.partial(
            event_world, solver._context, solver.state))
    _note_events(solver, found, names)
    solver._high_kick_worlds = [(p, world, key[1], handlers[key])
                                for key, p in merged.items() if key in handlers
                                if isinstance(world := found[key], GameState)]
    return [(p, found[key], key[1]) for key, p in merged.items() if key not in handlers]


def _high_kick_apart(solver: KickoffSolver) -> bool:
    """Whether ``solver``'s High Kick worlds are set apart, played at each landing: a player
    named, ``play="best"``'s choice, or ``play="close"``'s coach (who reads the landing)."""
    return solver.high_kick is not None or solver._values is not None or solver.play == "close"


def _note_events(solver: KickoffSolver, found: dict[Key, GameState | Diff],
                 names: dict[Key, set[str]]) -> None:
    """``solver._world_events``: the events that leave each world (by its identity), one
    ``frozenset`` for the worlds that share their events (most: thousands of Pitch Invasion's
    worlds, kept for the whole solve)."""
    alike: dict[frozenset[str], frozenset[str]] = {}
    world_events: dict[int, frozenset[str]] = {}
    for key, n in names.items():
        events = frozenset(n)
        world_events[id(found[key])] = alike.setdefault(events, events)
    solver._world_events = world_events


#: An unresolved run's key (its outcomes are another's).
_NO_KEY: Key = ((None, None, False), 0)


def _outcome(
    solver: KickoffSolver, found: dict[Key, GameState | Diff],
    handlers: dict[Key, Callable[[KickoffContext], None]], names: dict[Key, set[str]],
    chosen_high_kick: bool, lump: bool,
    events: tuple[frozenset[Callable[[KickoffContext], None]],
                  frozenset[Callable[[KickoffContext], None]]], book: Book | None,
    dice: PathDice,
) -> tuple[Key, tuple[Any, ...] | None, tuple[int, ...] | None, tuple[Any, ...] | None]:
    """One run of the event: its world's key (and its dice's path where nobody can take a
    touchback), the world kept in ``found``, the event's 2D6 if its runs are noted for the
    moved set-ups or taken from the maker's (``events``: the unresolved events and those;
    else ``None``), and what ``book`` keeps of it (``("run", entry, outcome)``; ``None``: no
    book); an unresolved event is rolled only (no key: :data:`_NO_KEY`): played back from
    ``book`` where kept (``("kept", entry)``, its 2D6), else taken from the maker
    (``("shared", entry)``). ``names``: each world's events (by key), this run's added."""
    base = solver.state
    ctx = solver._context(base.clone(), dice)
    unresolved = events[0]
    event = roll_event(ctx, unresolved)
    handler = ctx.ruleset.kickoff_table[event.roll[0] + event.roll[1]].handler
    blind = event.roll if handler in events[1] else None
    if handler in unresolved:
        return _unresolved(solver, (found, handlers, names), book, event.roll, blind)
    own = grouping.own_run(solver, ctx, dice, unresolved)
    if own is not None:
        return own
    taker, noted = exact_best.taker_noted(solver, ctx.state)
    diff = differences(base, ctx.state, taker, solver._entries, solver._marked)
    # a named High Kick player: the event's effect depends on the landing, set apart
    high = chosen_high_kick and event.name == "high_kick"
    key = (ctx.state.weather, diff.entries, high)
    if high:
        handlers[key, ctx.scatters] = handler
    # nobody can take a touchback: the award may look anywhere, lumped players included
    nobody = lump and diff.award_key[0] is None and not high
    names.setdefault((key, ctx.scatters), set()).add(event.name)
    whole = high or nobody  # kept whole (read by identity); the others as their changes
    world: GameState | Diff = ctx.state if whole else diff
    if (key, ctx.scatters) not in found:
        found[key, ctx.scatters] = world
        if whole:
            solver._diffs[id(ctx.state)] = diff
    tag = _run_tag(solver, book, event, ((key, ctx.scatters), world, diff if whole else None,
                                         handler if high else None, noted))
    return (key, ctx.scatters), (dice.path if nobody else None), blind, tag


def _run_tag(solver: KickoffSolver, book: Book | None, event: Any,
             run: tuple[Key, GameState | Diff, Diff | None,
                        Callable[[KickoffContext], None] | None, str | None]
             ) -> tuple[Any, ...] | None:
    """What ``book`` keeps of a resolved run of ``event`` (:func:`_outcome`'s tag: ``("run",
    entry, outcome)``; ``None``: no book). ``run``: its key, world, changes if kept whole, High
    Kick handler if set apart, and the taker it noted."""
    if book is None:
        return None
    key, world, whole, handler, noted = run
    return ("run", book.entry(solver, sum(event.roll)),
            (key, world, whole, handler, event.name, noted))


def _unresolved(
    solver: KickoffSolver, into: tuple[dict[Key, GameState | Diff],
                                       dict[Key, Callable[[KickoffContext], None]],
                                       dict[Key, set[str]]],
    book: Book | None, roll: tuple[int, ...], blind: tuple[int, ...] | None,
) -> tuple[Key, None, tuple[int, ...] | None, tuple[Any, ...] | None]:
    """:func:`_outcome` of an event rolled but left unresolved (``roll``; ``blind``: it, if
    square-blind): played back from ``book`` where it keeps its total (:func:`_play_back`),
    else to be taken from the maker's runs."""
    if book is None:
        return _NO_KEY, None, blind, None
    entry = book.entry(solver, sum(roll))
    kept = book.outcomes.get(entry)
    if kept is None:
        return _NO_KEY, None, blind, ("shared", entry)
    _play_back(solver, into[0], into[1], into[2], kept)
    return _NO_KEY, None, roll, ("kept", entry)


def _play_back(solver: KickoffSolver, found: dict[Key, GameState | Diff],
               handlers: dict[Key, Callable[[KickoffContext], None]],
               names: dict[Key, set[str]], outcomes: list[Outcome]) -> None:
    """A kept total's runs as :func:`_outcome` meets them: the takers noted, the High Kick
    worlds set apart, the events that leave each world, the worlds new to ``found`` kept."""
    for key, world, whole, handler, name, noted in outcomes:
        if noted is not None:
            solver._takers[noted] = None
        if handler is not None:
            handlers[key] = handler
        names.setdefault(key, set()).add(name)
        if key not in found:
            found[key] = world
            if whole is not None:
                solver._diffs[id(world)] = whole


def _alike(maker: KickoffSolver, solver: KickoffSolver) -> bool:
    """Whether ``maker``'s square-blind runs can serve ``solver``'s (:meth:`Shared.of`): the
    same events, reach, lumping and grouping, weather, and teams (counters and players, in
    order)."""
    if (maker.events != "all" or maker.reach != solver.reach
            or maker.lump_worlds != solver.lump_worlds
            or maker.group_chance != solver.group_chance):
        return False
    theirs, ours = maker.state, solver.state
    return theirs.weather == ours.weather and all(
        getattr(theirs.teams[s], c) == getattr(ours.teams[s], c)
        and [p.id for p in theirs.teams[s].players] == [p.id for p in ours.teams[s].players]
        for s in SIDES for c in _COUNTERS)


def _movers(maker: KickoffSolver, solver: KickoffSolver) -> dict[str, Any] | None:
    """The squares in ``solver``'s set-up of the players who stand elsewhere in ``maker``'s
    (by id); ``None`` if a player differs otherwise, or leaves or enters the pitch, or is seen
    differently by the journeys (:meth:`Shared.of`)."""
    theirs, ours = maker.state, solver.state
    seen_then = journey_relevant(theirs, maker.reach)
    seen_now = journey_relevant(ours, solver.reach)
    squares: dict[str, Any] = {}
    for pid, now in ours.players.items():
        then = theirs.players[pid]
        if _fields(then) != _fields(now):
            return None
        if then.square != now.square:
            if (then.square is None or now.square is None
                    or seen_then(then) != seen_now(now)):
                return None
            squares[pid] = now.square
    return squares


class Shared:
    """What a moved set-up's solver takes from its maker's square-blind runs: the maker's runs
    (``runs``), the movers' squares in the moved set-up (``squares``), and each maker's world
    translated (by key); ``free``: the free turns taken so too (:func:`_free_alike`)."""

    def __init__(self, solver: KickoffSolver, runs: BlindRuns,
                 squares: dict[str, Any], lump: bool,
                 free: frozenset[Callable[[KickoffContext], None]] = _NONE) -> None:
        self.solver, self.runs, self.squares, self.lump = solver, runs, squares, lump
        self.free = free
        self._moved: dict[Key, Key | None] = {}
        self._awards: dict[frozenset[Any], tuple[Hashable, ...]] = {}

    @staticmethod
    def of(solver: KickoffSolver) -> Shared | None:
        """The sharing for ``solver``, a moved set-up's, if its maker's square-blind runs are
        known and every condition of the module's docstring holds; else ``None``."""
        moved = solver._moved
        if moved is None or solver.events != "all":
            return None
        maker = moved.maker
        if not maker.share_events:
            return None
        maker.worlds()
        runs = maker._blind_runs
        if runs is None or not _alike(maker, solver):
            return None
        squares = _movers(maker, solver)
        if squares is None or set(squares) != moved.movers:
            return None
        return Shared(solver, runs, squares, solver.lump_worlds and solver.group_chance,
                      _free_alike(maker, squares))

    def add(self, p: Rational, roll: tuple[int, ...], merged: dict[Key, Rational],
            found: dict[Key, GameState | Diff],
            added: list[tuple[Rational, Key, GameState | Diff]] | None = None) -> bool:
        """The maker's worlds of the event rolled ``roll`` (probability ``p``, which they must
        add up to), moved, added to ``merged`` and ``found`` in the maker's order (and to
        ``added``: each one's p, key and world); ``False`` where the sharing does not hold (the
        caller enumerates in full)."""
        runs = self.runs.get(roll)
        if runs is None or sum(q for q, _, _, _ in runs) != p:
            return False
        squares = self.squares
        for q, theirs, world, changed in runs:
            if theirs in self._moved:
                key = self._moved[theirs]
            elif changed is not None and changed[0].isdisjoint(squares):
                # no mover changed: the maker's changes and key, the taker chosen here
                assert isinstance(world, Diff)
                key = self._moved[theirs] = self._unmoved(theirs, world, changed[1], found)
            else:
                key = self._moved[theirs] = self._move(theirs, world, found)
            if key is None:
                return False
            merged[key] = merged.get(key, 0) + q
            if added is not None:
                added.append((q, key, found[key]))
        return True

    def _unmoved(self, theirs: Key, world: Diff, receiving: frozenset[Any],
                 found: dict[Key, GameState | Diff]) -> Key | None:
        """:meth:`_move` of a world that changes no mover: its changes (and so its key) are the
        maker's; only its touchback taker is this set-up's (``receiving``: its changes of
        receiving players)."""
        award = self._award(receiving, world.entries, world.weather)
        if award is None:
            return None
        known = self.solver._entries
        found.setdefault(theirs, Diff(world.entries, known.setdefault(award, award),
                                      world.weather))
        return theirs

    def _move(self, theirs: Key, world: GameState | Diff,
              found: dict[Key, GameState | Diff]) -> Key | None:
        """The maker's world ``world`` (key ``theirs``) in the moved set-up: the same changes,
        the movers on their squares, its touchback taker chosen here; ``None`` if it would be
        kept whole."""
        if not isinstance(world, Diff) or theirs[0][2]:
            return None
        known = self.solver._entries
        entries = []
        for entry in world.entries:
            pid, square, fields, old = entry
            now = self.squares.get(pid)
            if now is not None:
                if square is not None and square != old:
                    return None  # moved by the event: not square-blind after all
                entry = (pid, None if square is None else now, fields, now)
            entries.append(known.setdefault(entry, entry))
        receiving = _of_side(entries, self.solver.state.receiving)
        award = self._award(receiving, frozenset(entries), world.weather)
        if award is None:
            return None
        diff = Diff(frozenset(entries), known.setdefault(award, award), world.weather)
        key: Key = ((world.weather, diff.entries, False), theirs[1])
        found.setdefault(key, diff)
        return key


    def _award(self, receiving: frozenset[Any], entries: frozenset[Any], weather: Any
               ) -> tuple[Hashable, ...] | None:
        """The award key (``worlds.award_key``) of the moved world with ``entries`` (of them,
        ``receiving``: the receiving players'), its taker
        chosen as ``taker_in`` chooses him; ``None`` with nobody to take the ball and the worlds
        lumped. Both read only the receiving players (``ball.touchback_recipients``,
        ``ball.can_take_touchback``; the taker's fields) while somebody can take the ball, so
        one is worked out per change of the receiving team (first met where the full
        enumeration would first meet it: the takers chosen are noted in the same order)."""
        solver = self.solver
        award = self._awards.get(receiving)
        if award is None:
            state = rebuilt(solver.state, Diff(receiving, (), weather))
            award = award_key(state, exact_best.taker_in(solver, state))
            if award[0] is None:  # nobody: every player and the weather are read
                if self.lump:
                    return None
                state = rebuilt(solver.state, Diff(entries, (), weather))
                return award_key(state, exact_best.taker_in(solver, state))
            self._awards[receiving] = award
        return award


def _of_side(entries: Iterable[Any], side: str) -> frozenset[Any]:
    """The changes (``Diff.entries``) of ``side``'s players (each change's signature names his
    side: ``worlds.signature``)."""
    return frozenset(e for e in entries if e[2][1] == side)


def _fields(p: Player) -> tuple[Any, ...]:
    """What an event or a journey reads of a player, but his square."""
    return (p.id, p.side, p.status, p.skills, p.ag, p.effects)


def _free_alike(maker: KickoffSolver, squares: dict[str, Any]
                ) -> frozenset[Callable[[KickoffContext], None]]:
    """The free turns (``events.FREE_TURNS``) a moved set-up takes from its ``maker``'s runs as
    it takes the square-blind events: those whose movers (``squares``: where they stand now)
    stand, before the move and after, beyond the free turn's reads in the maker's set-up
    (:func:`_own_squares`: each own square and how far from it it reads), which it then plays
    alike. The runs give only the squares a player stands on at their end and before: one
    passed in between (pushed twice, by an actor's Frenzy: the only second block of a free
    turn) is next to one of those, hence one more everywhere with Frenzy."""
    state = maker.state
    frenzy = any("frenzy" in state.players[a.player].skills
                 for name in maker.ruleset.free_turns  # the free turns' Decisions fields
                 for a in getattr(maker.free, name) if a.player in state.players)
    more = 1 if frenzy else 0
    moved = []
    for pid, now in squares.items():
        then = state.players[pid].square
        assert then is not None  # (a mover stands on the pitch in both: _movers)
        moved.append((then, now))
    out = set()
    for handler, own in _free_squares(maker).items():
        if own is not None and all(distance(sq, then) > r + more and distance(sq, now) > r + more
                                   for then, now in moved for sq, r in own.items()):
            out.add(handler)
    return frozenset(out)


def _free_squares(maker: KickoffSolver
                  ) -> dict[Callable[[KickoffContext], None], dict[Any, int] | None]:
    """Each free turn's own squares in ``maker``'s set-up and how far from each it reads
    (``None``: not declared for: see ``events.FREE_TURNS``), worked out once
    (``maker._free_reads``)."""
    known = maker._free_reads
    if known is None:
        table = maker.ruleset.kickoff_table
        free = {e.handler: e.name for e in table.values() if e.handler in FREE_TURNS}
        runs = maker._blind_runs or {}
        known = maker._free_reads = {handler: _own_squares(
            maker, getattr(maker.free, name),
            [w for roll, ws in runs.items() if table[sum(roll)].handler is handler for w in ws])
            for handler, name in free.items()}
    return known


def _own_squares(maker: KickoffSolver, activations: Any,
                 runs: list[tuple[Rational, Key, GameState | Diff, Changed]]
                 ) -> dict[Any, int] | None:
    """A free turn's own squares in ``maker``'s set-up, each with how far from it the free turn
    reads (``events.FREE_TURNS``): ``FREE_TURN_READS`` from a Blitz's square of the block (the
    end of its path) and its target's square, ``FREE_TURN_STEP_READS`` from each actor's
    square, path and squares after the block and from the squares of every player its ``runs``
    changed, before and after; ``None`` where it is not declared (another action, another player
    named, a coach's policy, the ball on the pitch, a world kept whole) or has no runs noted."""
    state = maker.state
    if state.ball is not None or maker.free.free_turn_policy != "none" or not runs:
        return None
    own = _plan_squares(state, activations)
    if own is None:
        return None
    for _, _, world, changed in runs:
        if changed is None or not isinstance(world, Diff):
            return None
        for _, square, _, old in world.entries:
            _add_read(own, square, FREE_TURN_STEP_READS)
            _add_read(own, old, FREE_TURN_STEP_READS)
    return own


def _plan_squares(state: GameState, activations: Any) -> dict[Any, int] | None:
    """:func:`_own_squares` of the plan ``activations`` on ``state`` (``None``: not
    declared for)."""
    own: dict[Any, int] = {}
    for a in activations:
        # (no starred displays: mypyc, the compiled build)
        named = [a.thrown, a.interceptor, a.catcher, a.gaze, a.bite if a.bite else None]
        named += [pid for _, pid in a.tentacles] + [pid for _, pid in a.shadowing]
        player = state.players.get(a.player)
        if a.action not in ("move", "blitz") or any(n is not None for n in named) or (
                player is None):
            return None
        steps: list[Any] = [player.square]
        steps += list(a.path) + list(a.after_block)
        for sq in steps:
            _add_read(own, sq, FREE_TURN_STEP_READS)
        target = None if a.target is None else state.players.get(a.target)
        if a.action == "blitz" and target is not None:
            _add_read(own, a.path[-1] if a.path else player.square, FREE_TURN_READS)
            _add_read(own, target.square, FREE_TURN_READS)
    return own


def _add_read(own: dict[Any, int], square: Any, reads: int) -> None:
    """``square`` read within ``reads`` of it, added to ``own`` (the farthest kept)."""
    if square is not None and (square not in own or own[square] < reads):
        own[square] = reads
