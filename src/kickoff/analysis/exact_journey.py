"""One world's journey solver for :class:`~kickoff.analysis.exact.KickoffSolver`: the ball's
journey (``ball.step``) from any numbered state, read as an absorbing chain
(``kickoff.analysis.chain.ChainSolver``), with each state's transitions shared between every
world that agrees on what its step reads (``kickoff.analysis.worlds.block_key``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

from kickoff.analysis import exact_odds
from kickoff.analysis.chain import ChainSolver, Nodes, Region, Shared
from kickoff.analysis.chance import Dist, PathDice, enumerate_runs, merge
from kickoff.analysis.worlds import (
    BLOCK,
    PLAIN,
    award_key,
    block_key,
    block_offsets,
    occupied_key,
    step_bits,
)
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
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
        #: The journeys' decisions by touchback taker (``None``: the default), one object for
        #: every world (a ``Decisions`` holds a dozen lists: a thousand worlds' copies were a
        #: tenth of what the garbage collector walked).
        self.decisions: dict[str | None, Decisions] = {}


def journey_chain(
    world: GameState, ruleset: Ruleset, house_rules: frozenset[str], reach: tuple[int, int],
    taker: str | None, dice: Callable[[tuple[Any, ...]], PathDice] | None, tables: Tables,
    like: tuple[ChainSolver, Region] | None = None,
    shared: tuple[Shared, int] | None = None,
) -> ChainSolver:
    """The journey solver of ``world`` (``reach``: the solver's ``ball.reach``; ``taker``: the
    touchback taker played there, ``None`` the default; ``dice``: how enumerations make their
    dice; ``like``, ``shared``: see ``ChainSolver``)."""
    steps = Steps(world, ruleset, house_rules, reach, taker, dice, tables)
    return ChainSolver(steps.transitions, tables.stops.__getitem__, steps.region, like, shared,
                       tables.nodes)


class Steps:
    """One world's journey steps for its ``ChainSolver``: a state's transitions and what its
    step reads. A class, not closures: the chain holds its bound methods, nothing holds the chain
    back (compiled closures hold themselves through their environment: every chain would be a
    reference cycle, freed only by a late garbage collection, and walked by every one before)."""

    def __init__(
        self, world: GameState, ruleset: Ruleset, house_rules: frozenset[str],
        reach: tuple[int, int], taker: str | None,
        dice: Callable[[tuple[Any, ...]], PathDice] | None, tables: Tables,
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
        self.presences = [(q.square, q.side) for q in world.players.values()
                          if q.square is not None and "disturbing_presence" in q.skills]
        # the journey never changes a player: who may take a touchback is the world's
        decisions = tables.decisions.get(taker)
        if decisions is None:
            decisions = tables.decisions[taker] = Decisions(touchback=taker)
        self.decisions = decisions
        self.award = award_key(world, taker)
        #: The numbers of the block keys around each square (``Tables.blocks``): an arrival's
        #: and a bounce's.
        self.blocks: dict[Square, int] = {}
        self.rings: dict[Square, int] = {}

    def _context(self, dice: Any) -> KickoffContext:
        return KickoffContext(self.world, self.ruleset, dice, self.decisions, self.house_rules,
                              log=False)

    def _step(self, s: ball.BallState, dice: PathDice) -> ball.BallState:
        return ball.step(self._context(dice), s)

    def transitions(self, i: int) -> Dist:
        """The next states of the state numbered ``i`` with their probabilities (remembered by
        what the step reads, for every world)."""
        tables = self.tables
        s = tables.states[i]
        board = self.world.board
        if isinstance(s, ball.Arrive):
            # an arrival reads within the reach (the 3x3 block without Diving Catch and
            # Disturbing Presence)
            block = self.blocks.get(s.square)
            if block is None:
                key = block_key(board, s.square, self.offsets, self.presences, self.presence)
                block = self.blocks[s.square] = tables.blocks.setdefault(key, len(tables.blocks))
            local: Hashable = (i, self.world.weather, block)
        elif isinstance(s, ball.Bounce):
            ring = self.rings.get(s.square)  # a bounce: its neighbours' occupation
            if ring is None:
                key = occupied_key(board, s.square)
                ring = self.rings[s.square] = tables.blocks.setdefault(key, len(tables.blocks))
            local = (i, ring)
        elif isinstance(s, ball.Touchback):
            local = (i, self.award)
        else:
            local = i  # in the air or thrown in: reads no player
        cache = tables.transitions
        cached = cache.get(local)
        if cached is not None:
            return cached
        out: Dist = {}
        runs = enumerate_runs(functools.partial(self._step, s), dice=self.dice)
        for nxt, p in merge(runs).items():
            j = exact_odds.number_state(nxt, tables.ids, tables.states, tables.stops)
            out[j] = out.get(j, 0) + p
        cache[local] = out
        return out

    def region(self, i: int) -> Region:
        """What one step from the state numbered ``i`` reads (``worlds.step_bits``)."""
        return step_bits(self.world, self.tables.states[i], self.reach)
