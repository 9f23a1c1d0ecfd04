"""A kick's value solved on scalars, part by part, with no node a walked state (issue 28).

``KickoffSolver.value`` (the review's and the best-target search's number) reads values, not
distributions: a group's journeys from a start are worth the sum over the event's worlds of
P(world) times the journey's expected value of the objective, a touchback's award valued in
its own right. The node path (``KickoffSolver._group_mix``) solves every part's walk into nodes
of ``chain.Nodes`` (a node and a known solution a state) and values the nodes afterwards. Here,
where a part's journey is keyed by its walk (``walks.walks_of``: no board, no Diving Catch nor
Disturbing Presence, ``play="defaults"``), a part is answered by its walk's scalars alone:

* ``v``, the expectation of the objective over the journey's ends (``odds.end_values``: a
  touchback worth 0), ``t``, its chance of a touchback, and ``seen``, the changes its walk reads
  (:class:`Answer`), remembered by the walk's key (:meth:`WalkValues.answer`);
* a new walk is solved over its own graph (``walks.Walks.entries``: each state's transitions),
  its strongly connected components successors first: a state of no loop ``sum p * x``; a loop
  by state elimination on scalars with two right-hand sides (``v`` and ``t``: ``chain.py``'s
  ``_eliminate`` with numbers where it has nodes; Markowitz's order remembered by the loop's
  shape), remembered by the loop (its states, their transitions, and what its outside
  successors are), so another start entering the same loop finds it solved;
* a start's value (:func:`group_value`) mirrors ``_group_mix``: the reference world's journey
  (its node, as there), the worlds with a change it reads split as there (``Group.partition``,
  ``Group.split``), each part's answer, and the touchback awards moved as there
  (``worlds.move_awards`` over the answers instead of nodes, each award's node valued).

The same exact rationals as the node path's (both are the exact solution of the same linear
equations; only the order of the sums differs). Source: the solver's own chains and sharing
rules (``chain``, ``walks``), nothing new of the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact import steps_by_changes
from kickoff.analysis.exact import worlds as exact_worlds
from kickoff.analysis.exact.chain import substitute_row
from kickoff.analysis.exact.chance import Dist, Q, Rational, exact_sum, to_fraction
from kickoff.analysis.exact.journey import Steps
from kickoff.analysis.exact.steps_by_changes import PartSteps
from kickoff.analysis.exact.walks import Walks, walks_of
from kickoff.analysis.exact.worlds import Group
from kickoff.analysis.objectives import AnyObjective, board_features, objective_text

if TYPE_CHECKING:
    from kickoff.analysis.exact.odds import Parts
    from kickoff.analysis.exact.solver import KickoffSolver

#: A part's journey on scalars: ``(v, t, seen)`` (see the module).
Answer = tuple[Rational, Rational, int]

#: Zero, the start of a sum (an exact rational; never changed: sums make new ones).
_ZERO = Q(0)

#: The nodes' values (``chain.Nodes.value``) that are a journey's chance of a touchback (here,
#: in ``KickoffSolver._group_mix`` and in ``bounds``).
REACH_TOUCHBACK = ("reach", "touchback")


class WalkValues:
    """One group's walks (``walks``) valued for one objective (``value``: end number -> its
    value; ``touchback``: the touchback's end number). Counters for the tests: ``hits`` (parts
    whose walk was valued before), ``solved`` (walks valued), ``loops_met`` (loops found
    solved)."""

    def __init__(self, walks: Walks, value: Callable[[int], Any], touchback: int) -> None:
        self.walks = walks
        self.value = value
        self.touchback = touchback
        #: Each walk's answer, by its key (``Walks.walk``).
        self.done: dict[tuple[int, ...], Answer] = {}
        #: What a solved state is (:meth:`_ident`): a number standing for its value, by
        #: ``(code, its successors' numbers)`` or ``(-1 - loop number, state)``.
        self.idents: dict[Hashable, int] = {}
        #: Each number's ``(v, t)``.
        self.values: list[tuple[Rational, Rational]] = []
        #: Each loop solved (its states, sorted, with their codes, and its outside successors'
        #: numbers) -> its number, its states' numbers in its key's order.
        self.loops: dict[Hashable, list[int]] = {}
        #: The order a loop's states are eliminated in, by its shape (``chain._shape``).
        self.orders: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        #: Each walk's graph (each state's successors, by place in the walk) -> its strongly
        #: connected components, successors first (:func:`_components`).
        self.shapes: dict[tuple[tuple[int, ...], ...], list[list[int]]] = {}
        #: Each end's ``(v, t)`` (:meth:`end`).
        self.ends: dict[int, tuple[Rational, Rational]] = {}
        #: Each member's steps by changes (``steps_by_changes.PartSteps``), made at a miss.
        self.steps: dict[int, Steps | PartSteps] = {}
        self.hits = 0
        self.solved = 0
        self.loops_met = 0

    def end(self, s: int) -> tuple[Rational, Rational]:
        """An end's ``(v, t)`` (remembered)."""
        found = self.ends.get(s)
        if found is None:
            found = self.ends[s] = Q(self.value(s)), Q(1 if s == self.touchback else 0)
        return found

    def answer(self, solver: KickoffSolver, start: int, member: int) -> Answer:
        """The journey from ``start`` (not an end) in the group's ``member``-th world, on
        scalars: from its walk's key if met before, else solved (:meth:`solve`)."""
        walks = self.walks
        changes = walks.group.masks[member]
        order: list[int] = []
        key = walks.walk(start, changes, None, order)
        if key is None:  # a step the table has not met: from the member's own steps
            order = []
            key = walks.walk(start, changes, self._steps_of(solver, member), order)
            assert key is not None
        found = self.done.get(key)
        if found is not None:
            self.hits += 1
            return found
        found = self.done[key] = self.solve(order, key)
        self.solved += 1
        return found

    def _steps_of(self, solver: KickoffSolver, i: int) -> Steps | PartSteps:
        """The ``i``-th member's steps: its chain's if made, else read by changes without a
        chain (``steps_by_changes.PartSteps``), else its own world's chain's."""
        group = self.walks.group
        chain = group.chains.get(i)
        made: object = None if chain is None else chain.source
        if made is None:
            made = self.steps.get(i)
        if made is None:
            by = steps_by_changes.by_changes(solver, group, i)
            if by is None:  # stepped in its own world
                made = solver._member_chain(group, i).source
            else:
                made = self.steps[i] = by.part_steps(solver._tables, group.masks[i],
                                                     group.members[i][2], group.chain.source)
        assert isinstance(made, (Steps, PartSteps))
        return made

    def solve(self, order: list[int], key: tuple[int, ...]) -> Answer:
        """A walk's answer: its states ``order`` (the first the start) with their codes ``key``
        (``Walks.walk``), solved component by component, successors first."""
        entries, stops = self.walks.entries, self.walks.stops
        places = {s: i for i, s in enumerate(order)}
        region = 0
        succ: list[tuple[int, ...]] = []
        for code in key:
            entry = entries[code]
            region |= entry[1]
            succ.append(tuple([places[t] for t in entry[0]]))
        shape = tuple(succ)  # (a walk's graph: few shapes, many walks)
        components = self.shapes.get(shape)
        if components is None:
            components = self.shapes[shape] = _components(succ)
        number: dict[int, int] = {}  # each state solved -> its number (:attr:`values`)
        for component in components:
            if len(component) == 1 and component[0] not in succ[component[0]]:
                i = component[0]
                number[order[i]] = self._single(key[i], number, stops)
            else:
                self._loop([order[i] for i in component], [key[i] for i in component],
                           number, stops)
        v, t = self.values[number[order[0]]]
        return v, t, self.walks.group.touching(region)

    def _ident(self, what: Hashable, v: Rational, t: Rational) -> int:
        n = self.idents[what] = len(self.values)
        self.values.append((v, t))
        return n

    def _single(self, code: int, number: dict[int, int], stops: list[bool]) -> int:
        """The number of a state of no loop (its code ``code``): its transitions' mixture."""
        moves: Dist = self.walks.entries[code][2]  # type: ignore[assignment]
        what = (code, *[number[u] for u in moves if not stops[u]])
        known = self.idents.get(what)
        if known is not None:
            return known
        sv, st = _ZERO, _ZERO
        values = self.values
        for u, p in moves.items():
            if stops[u]:
                v, t = self.end(u)
            else:
                v, t = values[number[u]]
            if v:
                sv = sv + p * v
            if t:
                st = st + p * t
        return self._ident(what, sv, st)

    def _loop(self, states: list[int], codes: list[int], number: dict[int, int],
              stops: list[bool]) -> None:
        """A loop's states numbered (:attr:`loops`: solved once), into ``number`` (which has
        every state the loop leads to outside it, and none of its own)."""
        entries = self.walks.entries
        pairs = sorted(zip(codes, states, strict=True))  # (a code is its state's: one order)
        what = [c for c, _ in pairs]
        what.append(-1)
        for c, _ in pairs:  # (each state's successors not ends, in its transitions' order)
            for u in entries[c][0]:
                n = number.get(u)
                if n is not None:
                    what.append(n)
        loop = tuple(what)
        known = self.loops.get(loop)
        if known is not None:
            self.loops_met += 1
        else:
            by_state = sorted(range(len(states)), key=states.__getitem__)  # (its shape's order)
            solved = self._eliminate([states[i] for i in by_state],
                                     [codes[i] for i in by_state], number, stops)
            known = []
            for _, s in pairs:
                v, t = solved[s]
                known.append(self._ident((-1 - len(self.loops), s), v, t))
            self.loops[loop] = known
        for (_, s), n in zip(pairs, known, strict=True):
            number[s] = n

    def _eliminate(self, states: list[int], codes: list[int], number: dict[int, int],
                   stops: list[bool]) -> dict[int, tuple[Rational, Rational]]:
        """A loop's ``(v, t)`` by state, by state elimination (``chain._eliminate`` on
        scalars, two right-hand sides)."""
        rows, bv, bt = _rows(states, codes, self.walks.entries, number, stops, self)
        preds: dict[int, set[int]] = {s: set() for s in rows}
        for s, row in rows.items():
            for u in row:
                if u != s:
                    preds[u].add(s)
        shape = tuple((s, *sorted(row)) for s, row in rows.items())  # (states in order)
        order = self.orders.get(shape)
        if order is None:
            order = self.orders[shape] = _markowitz(rows, bv, bt, preds)
        else:
            for c in order:
                _eliminate_one(c, rows, bv, bt, preds)
        out: dict[int, tuple[Rational, Rational]] = {}
        for c in reversed(order):  # the last eliminated first: its row reads none
            sv, st = bv[c], bt[c]
            for u, p in rows[c].items():
                v, t = out[u]
                if v:
                    sv = sv + p * v
                if t:
                    st = st + p * t
            out[c] = (sv, st)
        return out


def _rows(states: list[int], codes: list[int], entries: list[Any], number: dict[int, int],
          stops: list[bool], values: WalkValues
          ) -> tuple[dict[int, Dist], dict[int, Rational], dict[int, Rational]]:
    """A loop's equations: each state's successors in the loop (state -> probability) and its
    two right-hand sides (the outside successors' ``v`` and ``t``, weighted)."""
    rows: dict[int, Dist] = {}
    bv: dict[int, Rational] = {}
    bt: dict[int, Rational] = {}
    known = values.values
    for s, code in zip(states, codes, strict=True):
        row: Dist = {}
        sv, st = _ZERO, _ZERO
        moves: Dist = entries[code][2]
        for u, p in moves.items():
            if stops[u]:
                v, t = values.end(u)
            elif u in number:  # (solved: outside the loop)
                v, t = known[number[u]]
            else:
                row[u] = p
                continue
            if v:
                sv = sv + p * v
            if t:
                st = st + p * t
        rows[s], bv[s], bt[s] = row, sv, st
    return rows, bv, bt


def _markowitz(rows: dict[int, Dist], bv: dict[int, Rational], bt: dict[int, Rational],
               preds: dict[int, set[int]]) -> list[int]:
    """The states eliminated (:func:`_eliminate_one`), the cheapest first (the fewest entries
    its elimination adds, Markowitz's count, as ``chain._eliminate`` chooses); the order."""
    order: list[int] = []
    remaining = sorted(rows)
    while remaining:
        c = min(remaining, key=lambda r: len(rows[r]) * len(preds[r]))
        remaining.remove(c)
        order.append(c)
        _eliminate_one(c, rows, bv, bt, preds)
    return order


def _eliminate_one(c: int, rows: dict[int, Dist], bv: dict[int, Rational],
                   bt: dict[int, Rational], preds: dict[int, set[int]]) -> None:
    """The state ``c`` eliminated: its own loop taken out, its row and right-hand sides
    substituted into the rows reading it."""
    row, readers = rows[c], preds.pop(c)
    stay = row.pop(c, None)
    if stay is not None:
        inv = 1 / (1 - stay)
        for u in row:
            row[u] *= inv
        bv[c] *= inv
        bt[c] *= inv
    for u in row:
        preds[u].discard(c)
    v, t = bv[c], bt[c]
    for r in readers:
        into = rows[r]
        f = into.pop(c)
        substitute_row(into, f, row, r, preds)
        if v:
            bv[r] += f * v
        if t:
            bt[r] += f * t


def _components(succ: list[tuple[int, ...]]) -> list[list[int]]:
    """The strongly connected components of the graph ``succ`` (node -> its successors, nodes
    ``0..n-1``) reachable from node 0, successors first (Tarjan's, iterative)."""
    index = [-1] * len(succ)
    low = [0] * len(succ)
    on = [False] * len(succ)
    stack: list[int] = []
    out: list[list[int]] = []
    frames: list[tuple[int, int]] = [(0, 0)]
    index[0] = low[0] = 0
    count = 1
    stack.append(0)
    on[0] = True
    while frames:
        node, at = frames[-1]
        nxt = succ[node]
        if at < len(nxt):
            frames[-1] = (node, at + 1)
            t = nxt[at]
            if index[t] < 0:
                index[t] = low[t] = count
                count += 1
                stack.append(t)
                on[t] = True
                frames.append((t, 0))
            elif on[t] and index[t] < low[node]:
                low[node] = index[t]
            continue
        frames.pop()
        if frames:
            parent = frames[-1][0]
            if low[node] < low[parent]:
                low[parent] = low[node]
        if low[node] == index[node]:
            component = []
            while True:
                w = stack.pop()
                on[w] = False
                component.append(w)
                if w == node:
                    break
            out.append(component)
    return out


def values_of(solver: KickoffSolver, group: Group, objective: Hashable,
              value: Callable[[int], Any]) -> WalkValues | None:
    """``solver``'s walks of ``group`` valued for ``objective`` (made when first asked, kept in
    its ``_walk_values``), or ``None`` where a start's value is the node path's: the flag
    ``KickoffSolver.scalar_values`` off, a walk not keyed (``walks.walks_of``), or the
    receivers' journeys decided (``play`` not ``"defaults"``: best takers noted as solved)."""
    if not solver.scalar_values or solver.play != "defaults" or solver._values is not None:
        return None
    if solver._tables.keep_touchbacks:
        return None
    walks = walks_of(solver, group)
    if walks is None:
        return None
    key = (objective, id(group))
    found: WalkValues | None = solver._walk_values.get(key)
    if found is None:
        found = solver._walk_values[key] = WalkValues(walks, value, solver._touchback)
    return found


def solve_starts(solver: KickoffSolver, groups: list[Group], starts: list[Dist]) -> None:
    """A kick's starts (``starts[g]``: the ``g``-th group's, by weight) solved as nodes now
    (``_group_mix``), so that the receivers' best takers they choose are met as the kick is
    enumerated; not with the defaults valued on scalars (no taker is noted there: a start is
    solved as nodes only if its odds are asked)."""
    if solver.scalar_values and solver._values is None:
        return
    for group, weights in zip(groups, starts, strict=True):
        for start in weights:
            solver._group_mix(group, start)


def reference(solver: KickoffSolver, group: Group, start: int, objective: Hashable,
              value: Callable[[int], Any]) -> tuple[Rational, Rational, int]:
    """The reference world's journey from ``start``: its ``v``, ``t`` (from its node, as
    ``_group_mix`` reads it) and the changes it reads (``_group_mix``'s ``seen``)."""
    nodes = solver._tables.nodes
    ref = group.chain.node(start)
    v = nodes.value(ref, objective, value)
    t = nodes.value(ref, REACH_TOUCHBACK, solver._reaches_touchback)
    return v, t, group.reference_seen(start)


def group_value(solver: KickoffSolver, values: WalkValues, start: int, objective: Hashable,
                value: Callable[[int], Any]) -> Rational:
    """The value of the group's journeys from ``start`` (``_value_of``'s number: P(world) times
    the journey's value, summed, a touchback's award valued), as ``_group_mix`` mixes them:
    each part's answer (:meth:`WalkValues.answer` of its first member: ``_part_journey`` on
    scalars) where ``_group_mix`` has its node."""
    group = values.walks.group
    v_ref, t_ref, seen = reference(solver, group, start, objective, value)
    parts = group.partition(seen) if seen else {}
    affected = exact_sum([mass for mass, _ in parts.values()])
    answers: list[Answer] = []
    index: dict[int, int] = {}  # an answer's identity -> its place in answers
    masses: list[list[Rational]] = []
    reached: dict[int, dict[Hashable, Any]] = {}  # each answer's parts' awards, summed
    todo = [(seen, mass, members) for mass, members in parts.values()]
    while todo:
        seen, mass, members = todo.pop()
        answer = values.answer(solver, start, members[0])
        if answer[2] & ~seen:  # the journey looked further than the part's worlds agree: split
            todo.extend(group.split(seen | answer[2], members))
            continue
        i = index.get(id(answer))
        if i is None:
            i = index[id(answer)] = len(answers)
            answers.append(answer)
            masses.append([])
        masses[i].append(mass)
        exact_worlds.add_weights(reached.setdefault(i, {}), group.award_weights_of(members))
    award_weights = dict(group.award_weights)  # the unaffected worlds' awards
    to_award: dict[Hashable, Any] = {}
    exact_worlds.move_awards(reached, lambda i: answers[i][1], award_weights, to_award)
    exact_worlds.award_unaffected(award_weights, t_ref, to_award)
    terms = [(group.mass - affected) * v_ref]
    terms.extend([answer[0] * exact_sum(mass) for answer, mass in zip(answers, masses, strict=True)
                  if answer[0]])
    nodes = solver._tables.nodes
    for key, w in to_award.items():
        if w:
            n = solver._award_node(group.award_world(key, solver.state))
            terms.append(w * nodes.value(n, objective, value))
    return exact_sum(terms)


def value_of(solver: KickoffSolver, parts: Parts, objective: AnyObjective) -> Fraction:
    """``KickoffSolver._value_of``: the value of one enumerated kick ``parts`` (its direct ends'
    and each group's starts', remembered in ``solver._group_values``), each start on scalars
    where :func:`values_of` allows, else from ``_group_mix``'s nodes."""
    missing = board_features(objective) - solver.board_features
    if missing:
        raise ValueError(f"exact odds: {objective_text(objective)} reads the board at the end "
                         f"({', '.join(sorted(missing))}), which this solver's ends do not "
                         "carry (KickoffSolver(board=...))")
    value = exact_odds.end_values(solver.state, solver._states, objective,
                                  solver._end_values.setdefault(objective, {}), solver._touchback)
    terms = [p * value(i) for i, p in parts.direct.items()]
    cache, nodes = solver._group_values, solver._tables.nodes
    for g, (group, weights) in enumerate(zip(solver.groups(), parts.starts, strict=True)):
        values = values_of(solver, group, objective, value)
        for start, p_start in weights.items():
            key = (objective, g, start)
            v = cache.get(key)
            if v is None and values is not None:
                v = cache[key] = group_value(solver, values, start, objective, value)
            elif v is None:  # (summed in pairs)
                v = cache[key] = exact_sum([mass * nodes.value(n, objective, value) for n, mass
                                            in solver._group_mix(group, start).items()])
            terms.append(p_start * v)
    return to_fraction(exact_sum(terms))
