"""One world's journey solver for :class:`~kickoff.analysis.exact.solver.KickoffSolver`: the ball's
journey (``ball.step``) from any numbered state, read as an absorbing chain
(``kickoff.analysis.exact.chain.ChainSolver``), with each state's transitions shared between every
world that agrees on what its step reads (``kickoff.analysis.exact.worlds.block_key``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.board import Board
from kickoff.analysis.exact.chain import ChainSolver, Nodes, Region, Shared
from kickoff.analysis.exact.chance import Dist, PathDice, enumerate_runs, merge
from kickoff.analysis.exact.worlds import (
    BLOCK,
    PLAIN,
    award_key,
    block_key,
    block_offsets,
    occupied_key,
    signature,
    step_bits,
)
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState


class Tables:
    """What every world's journey solver of one kick-off solver shares: the numbered journey
    states (``states[i]`` is the state numbered ``i``, ``ids`` its inverse, ``stops[i]`` whether a
    journey stops there: ``exact_odds.number_state``) and the transitions by state and what its
    step reads (``transitions``), and the solved states of every world's chain, as nodes
    (``nodes``: ``chain.Nodes``; a node of one world's chain may be another's where their
    journeys agree)."""

    def __init__(self) -> None:
        self.nodes = Nodes()
        self.states: list[ball.BallState] = []
        self.ids: dict[ball.BallState, int] = {}
        self.stops: list[bool] = []
        #: A journey state's transitions by the state and what its step reads (``block_key``:
        #: the players in the block around the ball, the weather; a touchback's award key).
        self.transitions: dict[Hashable, Dist] = {}
        #: Each block key (``block_key``, ``occupied_key``) met, numbered: equal ones are many,
        #: across the worlds, and a transition's key holds the number (cheap to hash).
        self.blocks: dict[tuple[Hashable, ...], int] = {}
        #: What one step from a state reads (``Steps.region``), by the state's number and
        #: (an arrival's) whether its square holds a catcher, without wide arrivals.
        self.reads: dict[int, int] = {}
        #: The journeys' decisions by touchback taker (``None``: the default), one object for
        #: every world (a ``Decisions`` holds a dozen lists: a thousand worlds' copies were a
        #: tenth of what the garbage collector walked).
        self.decisions: dict[str | Square | None, Decisions] = {}
        #: Number each touchback by its square (``exact_odds.number_state``'s ``keep``).
        self.keep_touchbacks = False
        #: What the ends carry of the board (``exact_board``; ``None``: nothing, the ball's
        #: states as the rules make them).
        self.board: Board | None = None
        #: Whether a touchback's award key says if its taker is Marked (the board reads it).
        self.marked = False
        #: Every transition's distribution by its contents (:meth:`intern`).
        self.interned: dict[tuple[tuple[int, Any], ...], Dist] = {}
        #: Each group's member steps by their changes (``steps_by_changes.ByChanges``), by the
        #: group's identity, with its ``shared`` (which holds nothing back: no cycle).
        self.by_changes: dict[int, tuple[Any, Any]] = {}

    def intern(self, out: Dist) -> Dist:
        """The one distribution with ``out``'s contents (in its order): transitions read under
        different keys (a stunned player of either side, ...) are often the same, and a loop
        of the same transitions, by identity, is solved once (``chain.Nodes.loops``)."""
        return self.interned.setdefault(tuple(out.items()), out)

    def decisions_for(self, taker: str | Square | None) -> Decisions:
        """The journeys' decisions with touchback taker ``taker`` (one object each: the
        journey never changes a player, so who may take a touchback is the world's)."""
        decisions = self.decisions.get(taker)
        if decisions is None:
            decisions = self.decisions[taker] = Decisions(touchback=taker)
        return decisions


def journey_chain(
    world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule], reach: tuple[int, int],
    taker: str | Square | None, dice: Callable[[tuple[Any, ...]], PathDice] | None,
    tables: Tables, like: tuple[ChainSolver, Region] | None = None,
    shared: tuple[Shared, int] | None = None,
) -> ChainSolver:
    """The journey solver of ``world`` (``reach``: the solver's ``ball.reach``; ``taker``: the
    touchback taker played there, ``None`` the default, a square the bb2025 touchback square
    where nobody can take the ball; ``dice``: how enumerations make their
    dice; ``like``, ``shared``: see ``ChainSolver``). With ``like``, the steps read that
    chain's world's block keys wherever the two boards agree (:class:`Steps`' ``base``)."""
    base = like[0].source if like is not None else None
    steps = Steps(world, ruleset, house_rules, reach, taker, dice, tables,
                  base if isinstance(base, Steps) else None)
    chain = ChainSolver(steps.transitions, tables.stops.__getitem__, steps.region, like, shared,
                        tables.nodes, tables.stops)
    chain.source = steps
    return chain


def _presences(world: GameState) -> list[tuple[Square, Side]]:
    """The squares and sides of ``world``'s players with Disturbing Presence on the pitch."""
    return [(q.square, q.side) for q in world.players.values()
            if q.square is not None and "disturbing_presence" in q.skills]


class Steps:
    """One world's journey steps for its ``ChainSolver``: a state's transitions and what its
    step reads. A class, not closures: the chain holds its bound methods, nothing holds the chain
    back (compiled closures hold themselves through their environment: every chain would be a
    reference cycle, freed only by a late garbage collection, and walked by every one before)."""

    def __init__(
        self, world: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
        reach: tuple[int, int], taker: str | Square | None,
        dice: Callable[[tuple[Any, ...]], PathDice] | None, tables: Tables,
        base: Steps | None = None,
    ) -> None:
        self.world = world
        self.ruleset = ruleset
        self.house_rules = house_rules
        self.reach = reach
        self.dice = dice
        self.tables = tables
        self.wide_arrivals = reach != PLAIN
        self.offsets = block_offsets(reach[0]) if self.wide_arrivals else BLOCK
        self.presence = reach[1] if self.wide_arrivals else 0
        # (none without Disturbing Presence on the set-up's pitch: the solver checks that no
        # world has more reach than its set-up)
        self.presences = _presences(world) if reach[1] else []
        self.decisions = tables.decisions_for(taker)
        # (a square is the bb2025 touchback square, named where nobody can take the ball)
        self.award = award_key(world, taker if isinstance(taker, str) else None, tables.marked)
        #: The numbers of the block keys around each square (``Tables.blocks``): an arrival's
        #: and a bounce's.
        self.blocks: dict[Square, int] = {}
        self.rings: dict[Square, int] = {}
        #: ``base``: the steps of a world this one differs from only on some squares (a
        #: member world and its group's reference world): a block key around a square is
        #: that world's wherever no square within the block differs: ``changed``, the squares
        #: whose player is not the same (object) in both; ``moved``, those occupied in one only.
        self.base: Steps | None = None
        self.changed: list[tuple[int, int]] = []
        self.moved: list[tuple[int, int]] = []
        if (base is not None and base.world.weather == world.weather
                and base.offsets == self.offsets and base.presences == self.presences):
            self._differ_from(base)
        self.radius = max(abs(dx) for dx, _ in self.offsets)
        #: With a board (``Tables.board``): each end's number as this world's ends tell it
        #: apart, and each transition's distribution with its ends so numbered, by its key.
        self.ends: dict[int, int] = {}
        self.decorated: dict[Hashable, Dist] = {}

    def _differ_from(self, base: Steps) -> None:
        """Read ``base``'s block keys where the boards agree: ``base``, ``changed`` and
        ``moved`` as :meth:`__init__` says."""
        self.base = base
        b, w = base.world.board, self.world.board
        self.changed = [sq for sq, p in w.items() if b.get(sq) is not p]
        self.changed += [sq for sq in b if sq not in w]
        self.moved = [sq for sq in self.changed if (sq in b) != (sq in w)]

    def _context(self, dice: Any) -> KickoffContext:
        return KickoffContext(self.world, self.ruleset, dice, self.decisions, self.house_rules,
                              log=False)

    def _step(self, s: ball.BallState, dice: PathDice) -> ball.BallState:
        return ball.step(self._context(dice), s)

    def _arrival_block(self, sq: Square) -> int:
        """The number (``Tables.blocks``) of what a step from an arrival on ``sq`` reads: the
        weather and the block around it (``block_key``), or, without Diving Catch or Disturbing
        Presence on the pitch and nobody there who can catch, only who is on it (an arrival
        there reads no more, ``ball.STEP_READS``)."""
        block = self.blocks.get(sq)
        if block is None:
            if self.base is not None and not _near(sq, self.changed, self.radius):
                block = self.base._arrival_block(sq)
            else:
                board, tables = self.world.board, self.tables
                p = board.get(sq)
                if self.wide_arrivals or (p is not None and p.can_catch()):
                    key: tuple[Hashable, ...] = (self.world.weather, *block_key(
                        board, sq, self.offsets, self.presences, self.presence))
                else:
                    key = (self.world.weather, signature(p))
                block = tables.blocks.setdefault(key, len(tables.blocks))
            self.blocks[sq] = block
        return block

    def _ring(self, sq: Square) -> int:
        """The number (``Tables.blocks``) of what a step from a bounce on ``sq`` reads: whether
        each square next to it is occupied (``occupied_key``)."""
        ring = self.rings.get(sq)
        if ring is None:
            if self.base is not None and not _near(sq, self.moved, 1):
                ring = self.base._ring(sq)
            else:
                tables = self.tables
                ring = tables.blocks.setdefault(occupied_key(self.world.board, sq),
                                                len(tables.blocks))
            self.rings[sq] = ring
        return ring

    def transitions(self, i: int) -> Dist:
        """The next states of the state numbered ``i`` with their probabilities (remembered by
        what the step reads, for every world)."""
        tables = self.tables
        s = tables.states[i]
        local: Hashable
        if isinstance(s, ball.Arrive):
            # (an int key: the block's number and the state's; hashed for free)
            local = ((self._arrival_block(s.square) + 1) << _STATE_BITS) | i
        elif isinstance(s, ball.Bounce):  # a bounce: its neighbours' occupation
            local = ((self._ring(s.square) + 1) << _STATE_BITS) | i
        elif isinstance(s, ball.Touchback):
            local = (i, self.award)
        else:
            local = i  # in the air or thrown in: reads no player
        cache = tables.transitions
        cached = cache.get(local)
        if cached is not None:
            return cached if tables.board is None else self._decorate(local, cached)
        if i >> _STATE_BITS:
            raise RuntimeError(f"exact odds: more than {1 << _STATE_BITS} journey states")
        out: Dist = {}
        runs = enumerate_runs(functools.partial(self._step, s), dice=self.dice)
        for nxt, p in merge(runs).items():
            j = exact_odds.number_state(nxt, tables.ids, tables.states, tables.stops,
                                        tables.keep_touchbacks)
            out[j] = out[j] + p if j in out else p
        out = cache[local] = tables.intern(out)
        return out if tables.board is None else self._decorate(local, out)

    def _decorate(self, local: Hashable, out: Dist) -> Dist:
        """``out`` (a transition's distribution, shared by every world that agrees on what the
        step reads) with its ends numbered as this world tells them apart
        (``exact_board.Board.end``: the step's region covers what that reads)."""
        done = self.decorated.get(local)
        if done is None:
            done = {}
            for j, p in out.items():
                k = self.end(j)
                done[k] = done[k] + p if k in done else p
            done = self.decorated[local] = self.tables.intern(done)
        return done

    def end(self, j: int) -> int:
        """The number of the state numbered ``j`` in this world: an end decorated by the
        tables' board (``exact_board.Board.end``), any other state as it is."""
        k = self.ends.get(j)
        if k is None:
            tables = self.tables
            s = tables.states[j]
            board = tables.board
            k = j
            if board is not None and isinstance(s, (ball.Held, ball.Rests)):
                k = exact_odds.number_state(board.end(self.world, s), tables.ids, tables.states,
                                            tables.stops)
            self.ends[j] = k
        return k

    def region(self, i: int) -> Region:
        """What one step from the state numbered ``i`` reads (``worlds.step_bits``;
        remembered: without Diving Catch or Disturbing Presence it depends on the world only
        through whether an arrival's square holds a player who can catch)."""
        tables = self.tables
        s = tables.states[i]
        if self.wide_arrivals:
            return self._step_bits(s)
        key = i << 1
        if isinstance(s, ball.Arrive):
            p = self.world.board.get(s.square)
            if p is not None and p.can_catch():
                key |= 1
        bits = tables.reads.get(key)
        if bits is None:  # (the board's bits with them: the state's, as the key)
            bits = tables.reads[key] = self._step_bits(s)
        return bits

    def _step_bits(self, s: ball.BallState) -> Region:
        """What one step from the state ``s`` reads in this world, with what the tables' board
        reads of it (``exact_board.Board.bits``)."""
        board = self.tables.board
        bits = step_bits(self.world, s, self.reach)
        return bits if board is None else bits | board.bits(s)


#: A transition's key holds the state's number in its low bits (``Steps.transitions``).
_STATE_BITS = 24


def _near(sq: tuple[int, int], squares: list[tuple[int, int]], radius: int) -> bool:
    """Whether one of ``squares`` is within ``radius`` squares of ``sq`` (in any direction)."""
    x, y = sq
    return any(abs(q[0] - x) <= radius and abs(q[1] - y) <= radius for q in squares)
