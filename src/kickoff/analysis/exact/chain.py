"""A generic absorbing-chain solver: the exact end distribution of a Markov chain with loops.

The chain is given by its transitions (a state's next states with their exact probabilities, as
an enumeration of the rules gives them: ``kickoff.analysis.exact.chance``) and which states are ends.
Loops (a failed catch bouncing to another player who may fail too, and back) are solved as linear
systems over exact rationals, not truncated. Used by the kick-off odds (the ball's journey,
``kickoff.analysis.exact.solver``) and the Kick It! odds (``kickoff.analysis.exact.kick``).

A solved state is a node of :class:`Nodes`: its exits (the nodes it goes to, with their
probabilities: a state outside any loop, its transitions; a loop's state, its absorption into
the loop's outside successors). End distributions are expanded from the exits only where they are
asked for (:meth:`Nodes.dist`); a linear value of the end (an objective) is solved on scalars
(:meth:`Nodes.value`), and a mixture of journeys is pushed through the exits as one flow
(:meth:`Nodes.push`): the same exact sums as the distributions', regrouped.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable

from kickoff.analysis.exact.chance import Dist, Q, Rational

#: A region: what steps look at (``kickoff.analysis.exact.worlds.step_reads``: a kind and a square
#: each), one bit per read (``kickoff.analysis.exact.worlds.read_bits``).
Region = int


class Nodes:
    """Solved states of one or several chains (over the same numbered states), as nodes.

    Node ``n``'s ``exits[n]`` maps the nodes its journey goes to next to their probabilities
    (summing to 1); an end's node (:meth:`end`) has no exits and ``end_of[n]``, its end state
    (``-1`` for the others). Every exit goes to a lower node (successors are solved first), so
    increasing node order is an order in which each node follows everything it leads to.
    """

    def __init__(self) -> None:
        self.exits: list[Dist] = []
        self.end_of: list[int] = []
        #: End state -> its node.
        self.ends: dict[int, int] = {}
        #: Expanded end distributions (:meth:`dist`), by node.
        self.dists: dict[int, Dist] = {}
        #: Scalar values by key (:meth:`value`), ``values[key][n]`` node ``n``'s.
        self.values: dict[Hashable, list[Rational]] = {}
        #: The order a loop's states are eliminated in (``_eliminate``), by the loop's shape:
        #: its states and which of them each reads, in order (``_shape``). Shapes are few
        #: (a line of players is one shape for every combination of their stuns).
        self.orders: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        #: Each loop solved, by what it is (``ChainSolver._rows``' key: each state with its
        #: transitions, by identity, and the nodes its outside successors are): its states'
        #: nodes, in the loop's order, and the transitions the key names (held, so that no
        #: other object takes their identities). A loop met again (another world, alike there)
        #: is the same linear system: the same nodes, not solved again.
        self.loops: dict[tuple[tuple[int, ...], ...], tuple[list[int], list[Dist]]] = {}
        #: The loops' keys in the order remembered, each with the node count then
        #: (:meth:`truncate` forgets those remembered after the nodes it forgets were made).
        self.loop_marks: list[tuple[int, tuple[tuple[int, ...], ...]]] = []

    def end(self, state: int) -> int:
        """The node of the end state ``state`` (made if new)."""
        n = self.ends.get(state)
        if n is None:
            n = self.ends[state] = self.add({})
            self.end_of[n] = state
        return n

    def add(self, exits: Dist) -> int:
        """A new node with ``exits`` (node -> probability, every node lower)."""
        self.exits.append(exits)
        self.end_of.append(-1)
        return len(self.exits) - 1

    def truncate(self, size: int, held: dict[Hashable, int] | None = None) -> None:
        """Forget every node from ``size`` on (nothing holds them any more: a chain solved, read
        and dropped), with their distributions and values, and the entries of ``held`` (any key
        -> node) that name them."""
        end_of, dists = self.end_of, self.dists
        for n in range(size, len(end_of)):  # (the nodes forgotten only, not every node kept)
            dists.pop(n, None)
            if end_of[n] >= 0:
                del self.ends[end_of[n]]
        del self.exits[size:], end_of[size:]
        marks = self.loop_marks
        while marks and marks[-1][0] > size:
            del self.loops[marks.pop()[1]]
        if held is not None:
            for key in [key for key, n in held.items() if n >= size]:
                del held[key]
        for values in self.values.values():
            del values[size:]

    def dist(self, node: int) -> Dist:
        """Node ``node``'s distribution of end states (end state -> probability), expanded from
        the exits (remembered; the caller must not change it)."""
        dists = self.dists
        found = dists.get(node)
        if found is not None:
            return found
        todo, stack, exits = {node}, [node], self.exits
        while stack:  # every node below without a distribution yet
            for t in exits[stack.pop()]:
                if t not in dists and t not in todo:
                    todo.add(t)
                    stack.append(t)
        end_of = self.end_of
        for n in sorted(todo) if len(todo) > 1 else todo:
            if end_of[n] >= 0:
                dists[n] = {end_of[n]: Q(1)}
                continue
            out: Dist = {}
            for t, p in exits[n].items():
                if p == 1:  # one exit: its distribution as it is (no product to take)
                    for end, q in dists[t].items():
                        out[end] = out[end] + q if end in out else q
                else:
                    for end, q in dists[t].items():
                        out[end] = out[end] + p * q if end in out else p * q
            dists[n] = out
        return dists[node]

    def value(self, node: int, key: Hashable, end_value: Callable[[int], Rational | int]
              ) -> Rational:
        """The expectation over node ``node``'s end distribution of ``end_value`` (end state ->
        its value), exactly: solved on scalars, every node up to ``node`` once per ``key``."""
        values = self.values.setdefault(key, [])
        exits, end_of = self.exits, self.end_of
        for n in range(len(values), node + 1):
            if end_of[n] >= 0:
                values.append(Q(end_value(end_of[n])))
                continue
            v = Q(0)
            for t, p in exits[n].items():
                w = values[t]
                if w:
                    v += p * w
            values.append(v)
        return values[node]

    def push(self, flows: Dist) -> Dist:
        """The end distribution of the mixture ``flows`` (node -> its weight): end state ->
        probability, each node's weight carried through its exits, highest node first (so a
        node's weight is whole when it is carried on: its predecessors are all higher). A weight
        of zero is carried too (its ends are there, with probability zero, as in the weighted
        sum of the distributions)."""
        exits, end_of = self.exits, self.end_of
        flow = dict(flows)
        waiting = [-n for n in flow]  # a heap of the nodes reached, highest first
        heapq.heapify(waiting)
        out: Dist = {}
        while waiting:
            n = -heapq.heappop(waiting)
            f = flow.pop(n)
            if end_of[n] >= 0:
                out[end_of[n]] = f
                continue
            last: Rational | None = None
            pf = f
            for t, p in exits[n].items():
                if p is not last:  # (a bounce's eight exits, one 1/8: one product)
                    last, pf = p, p * f
                g = flow.get(t)
                if g is None:
                    flow[t] = pf
                    heapq.heappush(waiting, -t)
                else:
                    flow[t] = g + pf
        return out


class ChainSolver:
    """Exact end distributions of an absorbing Markov chain, state by state, with memory.

    ``transitions(s)`` gives the next states of a non-end state with their probabilities. States
    are solved a strongly connected component at a time (Tarjan's algorithm), successors first,
    each into a node of ``nodes`` (:class:`Nodes`, its own if none is given): a state outside
    any loop is its transitions; a loop (a failed catch bouncing to another player who may fail
    too, and back) is solved by eliminating its states one at a time over exact rationals, not
    truncated: each state's node leads to the loop's outside successors and to the nodes of
    the loop's states eliminated after it (``_eliminate``). Every state solved is remembered,
    so journeys sharing states share the work.
    """

    def __init__(
        self,
        transitions: Callable[[int], Dist],
        is_end: Callable[[int], bool],
        reads: Callable[[int], Region] | None = None,
        like: tuple[ChainSolver, Region] | None = None,
        shared: tuple[Shared, int] | None = None,
        nodes: Nodes | None = None,
        stops: list[bool] | None = None,
    ) -> None:
        self.transitions = transitions
        self.is_end = is_end
        #: ``stops``: ``is_end`` as a list by state (optional; read without a call).
        self.stops = stops
        self.nodes = Nodes() if nodes is None else nodes
        #: Each solved state's node (of ``nodes``).
        self.solved: dict[int, int] = {}
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
        #: Whatever made the chain, for its maker (``exact_journey.Steps``); unused here.
        self.source: object = None

    def solve(self, start: int) -> Dist:
        """The distribution of the end state reached from ``start`` (end state -> probability;
        the caller must not change it)."""
        return self.nodes.dist(self.node(start))

    def node(self, start: int) -> int:
        """The node of ``start`` (of ``nodes``; solves first)."""
        if self.is_end(start):
            return self.nodes.end(start)
        if start not in self.solved and not self._reused(start):
            self._tarjan(start)
        return self.solved[start]

    def region_of(self, start: int) -> Region:
        """Everything the journey from ``start`` looks at (needs ``reads``; solves first)."""
        if self.is_end(start):
            return 0
        self.node(start)
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
        # Iterative; a state visited is on Tarjan's stack while it is not solved (each
        # component is solved as it is popped), so no set of them is kept. Each frame is a
        # state, its successors still to solve (filtered when it is first met) and how far
        # through them it is, in three lists.
        index: dict[int, int] = {root: 0}
        low: list[int] = [0]  # by index
        stack: list[int] = [root]
        solved = self.solved
        frame_state: list[int] = [root]
        frame_next: list[list[int]] = [self._todo(root, index)]
        frame_at: list[int] = [0]
        while frame_state:
            top = len(frame_state) - 1
            node, todo, at = frame_state[top], frame_next[top], frame_at[top]
            i_node = index[node]
            low_node = low[i_node]
            descended = False
            while at < len(todo):
                t = todo[at]
                at += 1
                i_t = index.get(t)
                if i_t is None:  # first met: a frame of its own
                    frame_at[top] = at
                    low[i_node] = low_node
                    i_t = index[t] = len(low)
                    low.append(i_t)
                    stack.append(t)
                    frame_state.append(t)
                    frame_next.append(self._todo(t, index))
                    frame_at.append(0)
                    descended = True
                    break
                if i_t < low_node and t not in solved:  # on the stack
                    low_node = i_t
            if descended:
                continue
            low[i_node] = low_node
            frame_state.pop()
            frame_next.pop()
            frame_at.pop()
            if frame_state:
                i_parent = index[frame_state[-1]]
                if low_node < low[i_parent]:
                    low[i_parent] = low_node
            if low_node == i_node:
                component = []
                while True:
                    w = stack.pop()
                    component.append(w)
                    if w == node:
                        break
                self._solve_component(component)
                if self.reads is not None:
                    region = self._region_of_component(component)
                    if self.shared is not None:
                        table, changes = self.shared
                        seen = table.sees(region)  # (once: the loop's states share a region)
                        for s in component:
                            table.add_seen(s, seen, changes, solved[s], region)

    def _todo(self, s: int, index: dict[int, int]) -> list[int]:
        """The successors of ``s`` Tarjan's walk must solve: not ends, not solved, not reused
        (a state met already in this walk, ``index``, is on its stack: not reused, not asked
        again)."""
        solved, reused, stops = self.solved, self._reused, self.stops
        if stops is not None:
            return [t for t in self._edges_of(s) if not stops[t] and t not in solved
                    and (t in index or not reused(t))]
        is_end = self.is_end
        return [t for t in self._edges_of(s) if not is_end(t) and t not in solved
                and (t in index or not reused(t))]

    def _region_of_component(self, component: list[int]) -> Region:
        """Every state of ``component`` given its region (their reads, and the regions of the
        states they lead to outside it); that region."""
        reads = self.reads
        assert reads is not None
        is_end, edges, regions, stops = self.is_end, self._edges, self.region, self.stops
        members = set(component)
        region = 0
        for s in component:
            region |= reads(s)
            for t in edges[s]:
                if t not in members and not (stops[t] if stops is not None else is_end(t)):
                    region |= regions[t]
        for s in component:
            regions[s] = region
        return region

    def _solve_component(self, component: list[int]) -> None:
        solved, nodes, edges = self.solved, self.nodes, self._edges
        if len(component) == 1 and component[0] not in edges[component[0]]:
            self._solve_single(component[0])
            return
        rows, outs, key = self._rows(component)
        known = nodes.loops.get(key)
        if known is not None:  # the same loop solved before (in another world): its nodes
            for s, n in zip(component, known[0], strict=True):
                solved[s] = n
            return
        for s in reversed(_eliminate(rows, outs, nodes)):  # the last eliminated first
            exits: Dist = {}
            for t, p in rows[s].items():  # (states eliminated after s: solved already)
                n = solved[t]
                exits[n] = exits[n] + p if n in exits else p
            for n, p in outs[s].items():
                exits[n] = exits[n] + p if n in exits else p
            if len(exits) == 1:  # one way on, with probability 1: that node is this state's
                solved[s] = next(iter(exits))
            else:
                solved[s] = nodes.add(exits)
        nodes.loops[key] = ([solved[s] for s in component], [edges[s] for s in component])
        nodes.loop_marks.append((len(nodes.exits), key))

    def _solve_single(self, s: int) -> None:
        """A state of no loop: its node is its exits' mixture (or its one exit's node; or the
        node of a state of the same transitions, by identity, to the same nodes:
        ``Nodes.loops``)."""
        moves, nodes = self._edges[s], self.nodes
        named: list[tuple[int, ...]] = []
        exits = self._exits(moves.items(), named, s, id(moves))
        if len(exits) == 1:  # one way on, with probability 1: that node is this state's
            self.solved[s] = next(iter(exits))
            return
        key = (named[0],)
        known = nodes.loops.get(key)
        if known is not None:
            self.solved[s] = known[0][0]
            return
        n = self.solved[s] = nodes.add(exits)
        nodes.loops[key] = ([n], [moves])
        nodes.loop_marks.append((len(nodes.exits), key))

    def _rows(self, component: list[int]
              ) -> tuple[dict[int, Dist], dict[int, Dist], tuple[tuple[int, ...], ...]]:
        """The loop's transitions split: each state's successors in the component (state ->
        probability, itself included) and its outside successors as nodes (node ->
        probability: :meth:`_exits`); and what the loop is (``Nodes.loops``' key: each state,
        its transitions' identity and the nodes of its outside successors, in order)."""
        members = set(component)
        edges = self._edges
        rows: dict[int, Dist] = {}
        outs: dict[int, Dist] = {}
        key: list[tuple[int, ...]] = []
        for s in component:
            row: Dist = {}
            outside: list[tuple[int, Rational]] = []
            moves = edges[s]
            for t, p in moves.items():
                if t in members:
                    row[t] = p
                else:
                    outside.append((t, p))
            rows[s], outs[s] = row, self._exits(outside, key, s, id(moves))
        return rows, outs, tuple(key)

    def _exits(self, weighted: Iterable[tuple[int, Rational]], key: list[tuple[int, ...]],
               s: int, moves: int) -> Dist:
        """Successor states with their probabilities, as nodes (solved, or ends); ``(s, moves,
        each successor's node, in order)`` appended to ``key`` (``Nodes.loops``' key: ``moves``
        is the identity of ``s``'s transitions)."""
        out: Dist = {}
        is_end, solved, ends, stops = self.is_end, self.solved, self.nodes.ends, self.stops
        named: list[int] = [s, moves]
        for t, p in weighted:
            if stops[t] if stops is not None else is_end(t):
                n = ends.get(t)
                if n is None:
                    n = self.nodes.end(t)
            else:
                n = solved[t]
            out[n] = out[n] + p if n in out else p
            named.append(n)
        key.append(tuple(named))
        return out


#: The largest outside part of a loop's state carried whole into the one row reading it
#: (:func:`_eliminate`; larger, it is made a node of its own: rows eliminated one into the next
#: along a line of players would carry every outside exit of the line).
_CARRIED = 6


def _eliminate(rows: dict[int, Dist], outs: dict[int, Dist], nodes: Nodes) -> list[int]:
    """A loop's states eliminated one at a time (state reduction: what remains after each is
    the chain watched only on the states left, each row still a distribution), exactly, in
    place; the order eliminated. ``rows``, ``outs``: :meth:`ChainSolver._rows`. Each state is
    left with its journey's first step outside the states eliminated before it: ``rows[s]``
    over the states eliminated after it, ``outs[s]`` over nodes, summing to 1 together; so
    the last eliminated is solved first, and each state's node may lead to those of the states
    after it (a chain of nodes, not each state's whole absorption: a loop along a line of
    players stays sparse). The cheapest state first (the fewest entries its elimination
    adds, Markowitz's count); an outside part read by several rows, or large, is made one node
    of its own first (``nodes``: its exits scaled to sum to 1), which the rows then read."""
    preds: dict[int, set[int]] = {s: set() for s in rows}  # the other rows reading each state
    for s, row in rows.items():
        for t in row:
            if t != s:
                preds[t].add(s)
    shape = _shape(rows)
    known = nodes.orders.get(shape)
    order: list[int] = [] if known is None else known
    remaining = set(rows) if known is None else set()
    for step in range(len(rows)):
        if known is None:
            c = min(remaining, key=lambda r: len(rows[r]) * len(preds[r]))
            remaining.discard(c)
            order.append(c)
        else:
            c = known[step]
        _eliminate_one(c, rows, outs, preds, nodes)
    if known is None:
        nodes.orders[shape] = order
    return order


def _eliminate_one(c: int, rows: dict[int, Dist], outs: dict[int, Dist],
                   preds: dict[int, set[int]], nodes: Nodes) -> None:
    """The state ``c`` eliminated (:func:`_eliminate`): its own loop taken out of its row, its
    row and outside part substituted into the rows reading it (``preds``: the other rows
    reading each state, kept up to date)."""
    row, out, readers = rows[c], outs[c], preds.pop(c)
    stay = row.pop(c, None)
    if stay is not None:  # its own loop: the chance to leave, each way, given leaving
        inv = 1 / (1 - stay)
        for t in row:
            row[t] *= inv
        for n in out:
            out[n] *= inv
    for t in row:
        preds[t].discard(c)
    if len(out) > 1 and (len(readers) > 1 or (readers and len(out) > _CARRIED)):
        out = outs[c] = _one_node(out, nodes)  # (not carried on whole, row to row)
    for r in readers:
        _substitute(rows[r], outs[r], rows[r].pop(c), row, out, r, preds)


def _shape(rows: dict[int, Dist]) -> tuple[tuple[int, ...], ...]:
    """A loop's shape: each state (in ``rows``' order) with the states its row reads, in order.
    The elimination's order (Markowitz's counts, ties to the first in the remaining states'
    iteration order) depends on nothing else: entries are added, never dropped, whatever their
    values, so two loops of one shape are eliminated in one order (``_eliminate``)."""
    return tuple((s, *row) for s, row in rows.items())


def _one_node(out: Dist, nodes: Nodes) -> Dist:
    """The mixture ``out`` (node -> weight) as one new node of ``nodes`` with its total
    weight (the node's exits: each weight over the total)."""
    total = sum(out.values(), Q(0))
    inv = 1 / total
    return {nodes.add({n: p * inv for n, p in out.items()}): total}


def _substitute(into: Dist, into_out: Dist, f: Rational, row: Dist, out: Dist, r: int,
                preds: dict[int, set[int]]) -> None:
    """Row ``r`` (``into``, ``into_out``) with an eliminated state's ``row`` and ``out``
    substituted for its entry ``f`` (:func:`_eliminate`)."""
    substitute_row(into, f, row, r, preds)
    for n, v in out.items():
        into_out[n] = into_out[n] + f * v if n in into_out else f * v


def substitute_row(into: Dist, f: Rational, row: Dist, r: int, preds: dict[int, set[int]]
                   ) -> None:
    """Row ``r``'s part over the loop's states (``into``) with an eliminated state's ``row``
    substituted for its entry ``f`` (state reduction's step, :func:`_eliminate`; on scalars,
    ``walk_values``): ``f`` times each entry added, and ``r`` noted a reader (``preds``) of each
    state it now reads."""
    for t, v in row.items():
        if t in into:
            into[t] += f * v
        else:
            into[t] = f * v
            if t != r:
                preds[t].add(r)


class Shared:
    """Solutions shared between chains over the same states (with ``reads``) that differ from
    each other by changes, as the event's worlds differ from the set-up: a chain's changes are
    an int, one bit per change (as ``kickoff.analysis.exact.worlds.Group`` numbers them).

    ``sees(region)``: every change (of any chain) that a read of ``region`` would see, as bits.
    A state solved in a chain with changes ``c`` and region ``r`` has the same solution and
    region in any chain whose changes agree with ``c`` on ``sees(r)``: its journey there reads
    the same things and meets the same outcomes.
    """

    def __init__(self, sees: Callable[[Region], int]) -> None:
        self.sees = sees
        #: State -> its known solutions (:class:`Known`).
        self.known: dict[int, Known] = {}
        #: While a list: each solution :meth:`add_seen` is given, ``(s, seen, solution,
        #: region)``, appended (``walks.Walks`` replays them in worlds of the same walk).
        self.log: list[tuple[int, int, int, Region]] | None = None

    def find(self, s: int, changes: int) -> tuple[int, Region] | None:
        """A solution (its node) of ``s`` valid for a chain with ``changes`` (``None``: none
        known)."""
        known = self.known.get(s)
        return None if known is None else known.find(changes, 0)

    def find_within(self, s: int, changes: int, within: int) -> tuple[int, Region] | None:
        """A solution of ``s`` valid for every chain whose changes agree with ``changes`` on
        ``within`` (bits): one found where its journey sees no change outside ``within``
        (``None``: none known)."""
        known = self.known.get(s)
        # (the complement once: the changes are ints of hundreds of bits)
        return None if known is None else known.find(changes, ~within)

    def add(self, s: int, changes: int, solution: int, region: Region) -> None:
        """Remember ``s``'s ``solution`` (its node) and ``region`` in a chain with ``changes``."""
        self.add_seen(s, self.sees(region), changes, solution, region)

    def add_seen(self, s: int, seen: int, changes: int, solution: int, region: Region) -> None:
        """:meth:`add` with ``seen``, ``sees(region)``, given."""
        known = self.known.get(s)
        if known is None:
            known = self.known[s] = Known()
        known.add(seen, changes, (solution, region))
        if self.log is not None:
            self.log.append((s, seen, solution, region))


#: How many of a state's tables may see less than its anchor before it is taken again.
_WILD = 8


class Known:
    """One state's known solutions (:class:`Shared`): a table for each set of changes its
    journeys were seen to see (``seen`` -> {those changes of a chain -> (node, region)}), in the
    order met, and an index of them. A chain asking (``changes``) is answered by the first
    table, in that order, holding ``changes & seen``; most asks find none (a loop along a line
    of players, solved for each combination of their stuns), so the tables are indexed by the
    changes every indexed table sees (``anchor``): those holding a key that agrees with
    ``changes`` there (``buckets``), and those seeing less (``wild``), are the only ones that
    can answer."""

    def __init__(self) -> None:
        self.tables: dict[int, dict[int, tuple[int, Region]]] = {}
        #: Each table's place in the order met, by its ``seen``.
        self.rank: dict[int, int] = {}
        self.anchor = -1
        #: ``key & anchor`` -> the ``seen`` of the tables (seeing all of ``anchor``) with a key
        #: so; the ``seen`` of the tables seeing less.
        self.buckets: dict[int, list[int]] = {}
        self.wild: list[int] = []

    def find(self, changes: int, outside: int) -> tuple[int, Region] | None:
        """The answer of the first table (seeing no change of ``outside``) holding ``changes``
        there (``None``: none)."""
        found: tuple[int, Region] | None = None
        best = len(self.rank)
        tables, rank = self.tables, self.rank
        for candidates in (self.wild, self.buckets.get(changes & self.anchor)):
            if candidates is None:
                continue
            for seen in candidates:
                if seen & outside:
                    continue
                answer = tables[seen].get(changes & seen)
                if answer is not None and rank[seen] < best:
                    found, best = answer, rank[seen]
        return found

    def add(self, seen: int, changes: int, answer: tuple[int, Region]) -> None:
        """``answer`` for the chains agreeing with ``changes`` on ``seen`` (kept if the first)."""
        table = self.tables.get(seen)
        if table is None:
            if not self.tables:
                self.anchor = seen
            table = self.tables[seen] = {}
            self.rank[seen] = len(self.rank)
            if seen & self.anchor != self.anchor:
                self.wild.append(seen)
                if len(self.wild) > _WILD:
                    self._reanchor()
        key = changes & seen
        if key in table:
            return
        table[key] = answer
        anchor = self.anchor
        if seen & anchor == anchor:
            bucket = self.buckets.get(key & anchor)
            if bucket is None:
                self.buckets[key & anchor] = [seen]
            elif seen not in bucket:
                bucket.append(seen)

    def _reanchor(self) -> None:
        """The anchor taken again: the changes every table sees but the few seeing the fewest
        (half of :data:`_WILD`, left wild: a table seeing less would otherwise narrow the
        anchor for all); every table seeing it indexed."""
        by_size = sorted(self.tables, key=lambda seen: seen.bit_count())
        anchor = -1
        for seen in by_size[_WILD // 2:]:
            anchor &= seen
        buckets: dict[int, list[int]] = {}
        self.anchor, self.wild = anchor, []
        for seen, table in self.tables.items():
            if seen & anchor != anchor:
                self.wild.append(seen)
                continue
            for key in table:
                bucket = buckets.get(key & anchor)
                if bucket is None:
                    buckets[key & anchor] = [seen]
                elif bucket[-1] != seen:
                    bucket.append(seen)
        self.buckets = buckets
