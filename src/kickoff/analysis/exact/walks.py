"""A group's part journeys answered by their walks (``KickoffSolver._part_journey``): a part
whose journey from a start walks exactly a walk met before has that walk's node, with no
member world and no journey solver made for it.

A part (``Group.partition``, ``Group.split``: worlds alike on the changes a start's journeys
see) was solved by making its first member's world and journey solver and walking the chain
from the start. Many parts walk the same chain: they differ only in changes no step of the
journey reads (a tackle zone on a Stunned catcher, a stun of either side on a square a
bounce only finds occupied). Here the walk comes first, without a world: a state ``s``'s
transitions and region (``journey.Steps``) depend on a world only through what one step from
``s`` may read (``steps_by_changes.widest_reads``: an arrival's block, a bounce's ring, no Diving
Catch nor Disturbing Presence on the pitch), so through the changes ``M_s`` that touch it; the
table ``(s, changes & M_s) -> (transitions, region)`` answers them, filled from a member's
``Steps`` where it has no answer. The walk's key is every non-end state reached from the start, each with its
transitions (by identity: ``Tables.intern``) and its region, in the order met: two worlds
of one key have the same journey from the start (the same chain), so the same node and
region. A key met again replays the known solutions the first solve shared (``chain.Shared``:
each state it solved, with this part's changes), so that later starts find them as they
would have. Source: the solver's own sharing rule (``chain.Shared``), nothing new of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kickoff.analysis.exact.chain import ChainSolver, Region
from kickoff.analysis.exact.journey import Steps
from kickoff.analysis.exact.steps_by_changes import PartSteps, widest_reads
from kickoff.analysis.exact.worlds import PLAIN, Group
from kickoff.core import ball

#: What a walk met before gave: the start's node, the changes its journey sees, and each
#: solution the first solve shared (``Shared.add_seen``'s ``s, seen, node, region``).
Walked = tuple[int, int, list[tuple[int, int, int, Region]]]


class Walks:
    """One group's walks (a kick-off solver's :class:`~kickoff.analysis.exact.worlds.Group`),
    over the numbered states ``states`` (``stops[i]``: whether a journey ends at ``i``).
    Counters for the tests and benchmarks: ``hits`` (parts answered by a walk met before),
    ``solved`` (parts solved in a member's chain)."""

    def __init__(self, group: Group, states: list[ball.BallState], stops: list[bool]) -> None:
        self.group = group
        self.states, self.stops = states, stops
        #: Each state ``s``'s ``M_s`` (the changes that touch what a step from it may read;
        #: ``-1``: any change, for a state whose step may read the whole world) and its table:
        #: ``changes & M_s`` -> the number of what a step from ``s`` gives in those worlds (an
        #: index of :attr:`entries`); ``codes``: that number by ``(s, the transitions'
        #: identity, region)``; ``entries``: by number, the successors not ends (in the
        #: transitions' order), the region and the transitions (held: their identity).
        self.table: list[tuple[int, dict[int, int]] | None] = []
        #: Each state's last walk (:attr:`mark`: walks counted), telling a state met in a walk
        #: without a set made for it.
        self.stamps: list[int] = []
        self.mark = 0
        self.codes: dict[tuple[int, int, Region], int] = {}
        self.entries: list[tuple[tuple[int, ...], Region, object]] = []
        #: Each walk met (its key, :meth:`walk`) -> what it gave.
        self.done: dict[tuple[int, ...], Walked] = {}
        self.hits = 0
        self.solved = 0

    def journey(self, start: int, member: int,
                chain_of: Callable[[Group, int], ChainSolver]) -> tuple[int, int]:
        """The journey from ``start`` in the group's ``member``-th world: ``(its node, the
        changes it sees)``, as ``chain_of(group, member).node(start)`` and its region's
        changes; a walk met before answers without ``chain_of``."""
        group = self.group
        changes = group.masks[member]
        chain = group.chains.get(member)
        key = self.walk(start, changes, None if chain is None else chain.source)
        if key is None:  # a step this table has not met: from the member's own steps
            chain = chain_of(group, member)
            key = self.walk(start, changes, chain.source)
            assert key is not None
        walked = self.done.get(key)
        shared = group.shared
        if walked is not None:
            self.hits += 1
            add = shared.add_seen
            for s, seen, node, region in walked[2]:
                add(s, seen, changes, node, region)
            return walked[0], walked[1]
        if chain is None:
            chain = chain_of(group, member)
        log: list[tuple[int, int, int, Region]] = []
        shared.log = log
        try:
            node = chain.node(start)
        finally:
            shared.log = None
        seen = group.touching(chain.region_of(start))
        self.done[key] = (node, seen, log)
        self.solved += 1
        return node, seen

    def walk(self, start: int, changes: int, steps: object, states: list[int] | None = None
             ) -> tuple[int, ...] | None:
        """The key of the journey from ``start`` (not an end) in the worlds with ``changes``:
        each state reached and not an end, by :attr:`codes`' number, in the order met
        (breadth first, each state's successors in its transitions' order). ``steps``: a
        member's ``journey.Steps`` (or ``steps_by_changes.PartSteps``, its world unbuilt) with
        ``changes``, asked where the table has no answer (``None``: none; the walk then gives
        ``None``). ``states``: given, the states walked are appended to it (the key's order)."""
        table, entries, stamps = self.table, self.entries, self.stamps
        self.mark += 1
        mark = self.mark
        size = self._grow(start)
        order = [start]
        stamps[start] = mark
        key: list[int] = []
        at = 0
        while at < len(order):
            s = order[at]
            at += 1
            found = table[s]
            if found is None:
                found = self._table(s)
            seen = changes & found[0]
            code = found[1].get(seen)
            if code is None:
                if not isinstance(steps, (Steps, PartSteps)):
                    return None
                code = found[1][seen] = self._code(s, steps)  # (may number new states)
            key.append(code)
            for t in entries[code][0]:
                if t >= size:
                    size = self._grow(t)
                if stamps[t] != mark:
                    stamps[t] = mark
                    order.append(t)
        if states is not None:
            states.extend(order)
        return tuple(key)

    def _grow(self, s: int) -> int:
        """:attr:`table` and :attr:`stamps` made long enough for the state ``s``; their
        length."""
        n = len(self.stamps)
        if s >= n:
            more = max(s + 1, len(self.states)) - n
            self.stamps.extend([0] * more)
            self.table.extend([None] * more)
            n += more
        return n

    def _table(self, s: int) -> tuple[int, dict[int, int]]:
        """``M_s`` and ``s``'s table (:attr:`table`), made: the changes that touch the widest
        a step from ``s`` may read without Diving Catch or Disturbing Presence
        (``steps_by_changes.widest_reads``, which the member steps by changes key on too);
        every change (``-1``) for a state whose step reads the world (a touchback)."""
        widest = widest_reads(self.states[s])
        self._grow(s)
        found: tuple[int, dict[int, int]] = (
            -1 if widest is None else self.group.touching(widest), {})
        self.table[s] = found
        return found

    def _code(self, s: int, steps: Steps | PartSteps) -> int:
        """The number (:attr:`codes`) of ``s``'s transitions and region in ``steps``' world."""
        moves = steps.transitions(s)
        region = steps.region(s)
        code = self.codes.get((s, id(moves), region))
        if code is None:
            stops = self.stops
            code = self.codes[(s, id(moves), region)] = len(self.entries)
            self.entries.append((tuple([t for t in moves if not stops[t]]), region, moves))
        return code


def walks_of(solver: Any, group: Group) -> Walks | None:
    """The kick-off solver ``solver``'s walks of ``group`` (made when first asked, kept in its
    ``_walks``), or ``None`` where a walk cannot be keyed so: sharing off (``share_journeys``,
    ``memo_walks``), a board carried by the ends (``Tables.board``: an end reads more of the
    world) or Diving Catch or Disturbing Presence on the pitch (a step reads wider)."""
    if not (solver.share_journeys and solver.memo_walks):
        return None
    tables = solver._tables
    if tables.board is not None or solver.reach != PLAIN:
        return None
    walks: Walks | None = solver._walks.get(id(group))
    if walks is None:
        walks = solver._walks[id(group)] = Walks(group, tables.states, tables.stops)
    return walks
