"""A generic absorbing-chain solver: the exact end distribution of a Markov chain with loops.

The chain is given by its transitions (a state's next states with their exact probabilities, as
an enumeration of the rules gives them: ``kickoff.analysis.chance``) and which states are ends.
Loops (a failed catch bouncing to another player who may fail too, and back) are solved as linear
systems over exact rationals, not truncated. Used by the kick-off odds (the ball's journey,
``kickoff.analysis.exact``) and the Kick It! odds (``kickoff.analysis.kick``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from kickoff.analysis.chance import Dist, Q, Rational

#: A region: what steps look at (``kickoff.analysis.worlds.step_reads``: a kind and a square
#: each), one bit per read (``kickoff.analysis.worlds.read_bits``).
Region = int


class ChainSolver:
    """Exact end distributions of an absorbing Markov chain, state by state, with memory.

    ``transitions(s)`` gives the next states of a non-end state with their probabilities. States
    are solved a strongly connected component at a time (Tarjan's algorithm), successors first:
    a state outside any loop costs one weighted sum; a loop (a failed catch bouncing to another
    player who may fail too, and back) is solved by Gaussian elimination over exact rationals, not
    truncated. Every state solved is remembered, so journeys sharing states share the work.
    """

    def __init__(
        self,
        transitions: Callable[[int], Dist],
        is_end: Callable[[int], bool],
        reads: Callable[[int], Region] | None = None,
        like: tuple[ChainSolver, Region] | None = None,
        shared: tuple[Shared, frozenset[Hashable]] | None = None,
    ) -> None:
        self.transitions = transitions
        self.is_end = is_end
        self.solved: dict[int, Dist] = {}
        self._edges: dict[int, Dist] = {}
        #: With ``reads`` (what one step from a state looks at): for every solved state, all that
        #: its journey to the end can look at (``region``).
        self.reads = reads
        self.region: dict[int, Region] = {}
        #: ``like``: another chain (with ``reads``, over the same states) and the reads that would
        #: see where this chain differs from it: a state whose region there avoids them all has
        #: the other chain's solution and region here.
        self.like = like
        #: ``shared``: solutions several chains (with ``reads``) share, and this chain's changes
        #: (:class:`Shared`): a state solved in another chain whose changes agree with this
        #: one's wherever that journey looked has that solution and region here too.
        self.shared = shared

    def solve(self, start: int) -> Dist:
        """The distribution of the end state reached from ``start``."""
        if self.is_end(start):
            return {start: Q(1)}
        if start not in self.solved and not self._reused(start):
            self._tarjan(start)
        return self.solved[start]

    def region_of(self, start: int) -> Region:
        """Everything the journey from ``start`` looks at (needs ``reads``; solves first)."""
        if self.is_end(start):
            return 0
        self.solve(start)
        return self.region[start]

    def _edges_of(self, s: int) -> Dist:
        edges = self._edges.get(s)
        if edges is None:
            edges = self._edges[s] = self.transitions(s)
        return edges

    def _reused(self, s: int) -> bool:
        if self.like is not None:
            other, differ = self.like
            region = other.region.get(s)
            if region is not None and not region & differ:
                self.solved[s], self.region[s] = other.solved[s], region
                return True
        if self.shared is not None:
            found = self.shared[0].find(s, self.shared[1])
            if found is not None:
                self.solved[s], self.region[s] = found
                return True
        return False

    def _tarjan(self, root: int) -> None:
        index: dict[int, int] = {}
        low: dict[int, int] = {}
        stack: list[int] = []
        on_stack: set[int] = set()
        counter = 0
        work: list[tuple[int, int | None]] = [(root, None)]
        iters: dict[int, Iterator[int]] = {}
        solved, is_end, reused, edges_of = self.solved, self.is_end, self._reused, self._edges_of
        while work:
            node, _ = work[-1]
            if node not in index:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
                iters[node] = iter([t for t in edges_of(node)
                                    if not is_end(t) and t not in solved and not reused(t)])
            advanced = False
            for t in iters[node]:
                if t not in index:
                    work.append((t, node))
                    advanced = True
                    break
                if t in on_stack and index[t] < low[node]:
                    low[node] = index[t]
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                if low[node] < low[parent]:
                    low[parent] = low[node]
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                self._solve_component(component)
                if self.reads is not None:
                    self._region_of_component(component)
                    if self.shared is not None:
                        table, changes = self.shared
                        for s in component:
                            table.add(s, changes, solved[s], self.region[s])

    def _region_of_component(self, component: list[int]) -> None:
        reads = self.reads
        assert reads is not None
        is_end, edges, regions = self.is_end, self._edges, self.region
        members = set(component)
        region = 0
        for s in component:
            region |= reads(s)
            for t in edges[s]:
                if t not in members and not is_end(t):
                    region |= regions[t]
        for s in component:
            regions[s] = region

    def _solve_component(self, component: list[int]) -> None:
        members = set(component)
        if len(component) == 1 and component[0] not in self._edges[component[0]]:
            s = component[0]
            self.solved[s] = self._combine(self._edges[s].items())
            return
        # (I - Q) x = R over the component; R from ends and already solved successors. Each
        # row is keyed by the states it involves (numbers, >= 0) and ~end (< 0: an int hashes
        # for free, a tuple anew each time) for its right-hand side.
        rows: dict[int, dict[int, Rational]] = {}
        for s in component:
            eq: dict[int, Rational] = {s: Q(1)}
            outside: list[tuple[int, Rational]] = []
            for t, p in self._edges[s].items():
                if t in members:
                    eq[t] = eq[t] - p if t in eq else -p
                else:
                    outside.append((t, p))
            for end, q in self._combine(outside).items():
                eq[~end] = q
            rows[s] = eq
        # Gauss-Jordan, the sparsest remaining row first (an arrival that can only be caught or
        # bounce is cheap to eliminate and keeps the others sparse).
        remaining = set(component)
        while remaining:
            c = min(remaining, key=lambda r: len(rows[r]))
            remaining.discard(c)
            prow = rows[c]
            inv = 1 / prow[c]
            for key in prow:
                prow[key] *= inv
            for r, row_r in rows.items():
                factor = row_r.get(c) if r != c else None
                if factor:
                    for key, val in prow.items():
                        row_r[key] = row_r[key] - factor * val if key in row_r else -factor * val
                    del row_r[c]
        for s, row in rows.items():
            self.solved[s] = {~key: p for key, p in row.items() if key < 0 and p}

    def _combine(self, weighted: Iterable[tuple[int, Rational]]) -> Dist:
        out: Dist = {}
        is_end, solved = self.is_end, self.solved
        for t, p in weighted:
            if is_end(t):
                out[t] = out[t] + p if t in out else p
            elif p == 1:  # one successor: the distribution as it is (no product to take)
                for end, q in solved[t].items():
                    out[end] = out[end] + q if end in out else q
            else:
                for end, q in solved[t].items():
                    out[end] = out[end] + p * q if end in out else p * q
        return out


class Shared:
    """Solutions shared between chains over the same states (with ``reads``) that differ from
    each other by changes (any hashable), as the event's worlds differ from the set-up.

    ``sees(region)``: every change (of any chain) that a read of ``region`` would see. A state
    solved in a chain with changes ``c`` and region ``r`` has the same solution and region in
    any chain whose changes agree with ``c`` on ``sees(r)``: its journey there reads the same
    things and meets the same outcomes.
    """

    def __init__(self, sees: Callable[[Region], frozenset[Hashable]]) -> None:
        self.sees = sees
        #: State -> [(the changes its region sees, {those of a chain's changes -> (solution,
        #: region)})].
        self.known: dict[int, list[tuple[frozenset[Hashable],
                                         dict[frozenset[Hashable], tuple[Dist, Region]]]]] = {}

    def find(self, s: int, changes: frozenset[Hashable]) -> tuple[Dist, Region] | None:
        """A solution of ``s`` valid for a chain with ``changes`` (``None``: none known)."""
        for seen, table in self.known.get(s, ()):
            found = table.get(changes & seen)
            if found is not None:
                return found
        return None

    def add(self, s: int, changes: frozenset[Hashable], solution: Dist,
            region: Region) -> None:
        """Remember ``s``'s ``solution`` and ``region`` in a chain with ``changes``."""
        seen = self.sees(region)
        known = self.known.setdefault(s, [])
        for seen_before, table in known:
            if seen_before == seen:
                table.setdefault(changes & seen, (solution, region))
                return
        known.append((seen, {changes & seen: (solution, region)}))
