"""One world's journey solver for :class:`~kickoff.analysis.exact.KickoffSolver`: the ball's
journey (``ball.step``) from any numbered state, read as an absorbing chain
(``kickoff.analysis.chain.ChainSolver``), with each state's transitions shared between every
world that agrees on what its step reads (``kickoff.analysis.worlds.block_key``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from kickoff.analysis import exact_odds
from kickoff.analysis.chain import ChainSolver, Read, Shared
from kickoff.analysis.chance import Dist, PathDice, enumerate_runs, merge
from kickoff.analysis.worlds import (
    BLOCK,
    PLAIN,
    award_key,
    block_key,
    block_offsets,
    occupied_key,
    step_reads,
)
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState


class Tables:
    """What every world's journey solver of one kick-off solver shares: the numbered journey
    states (``states[i]`` is the state numbered ``i``, ``ids`` its inverse, ``stops[i]`` whether a
    journey stops there: ``exact_odds.number_state``) and the transitions by state and what its
    step reads (``transitions``)."""

    def __init__(self) -> None:
        self.states: list[ball.BallState] = []
        self.ids: dict[ball.BallState, int] = {}
        self.stops: list[bool] = []
        #: A journey state's transitions by the state and what its step reads (``block_key``:
        #: the players in the block around the ball, the weather; a touchback's award key).
        self.transitions: dict[Hashable, Dist] = {}
        #: One copy of each journey's region and of each block key (``ChainSolver``'s
        #: ``regions``): equal ones are many, across the worlds.
        self.regions: dict[frozenset[Read], frozenset[Read]] = {}
        self.blocks: dict[tuple[Hashable, ...], tuple[Hashable, ...]] = {}


def journey_chain(
    world: GameState, ruleset: Ruleset, house_rules: frozenset[str], reach: tuple[int, int],
    taker: str | None, dice: Callable[[tuple[Any, ...]], PathDice] | None, tables: Tables,
    like: tuple[ChainSolver, frozenset[Read]] | None = None,
    shared: tuple[Shared, frozenset[Any]] | None = None,
) -> ChainSolver:
    """The journey solver of ``world`` (``reach``: the solver's ``ball.reach``; ``taker``: the
    touchback taker played there, ``None`` the default; ``dice``: how enumerations make their
    dice; ``like``, ``shared``: see ``ChainSolver``)."""
    wide_arrivals = reach != PLAIN
    offsets = block_offsets(reach[0])
    presences = [(q.square, q.side) for q in world.players.values()
                 if q.square is not None and "disturbing_presence" in q.skills]
    board = world.board
    weather = world.weather
    # The closures below hold what they use, never the solver itself: no reference cycle, so
    # the chains are freed as soon as the solver is (not by a late garbage collection).
    cache = tables.transitions
    states, ids, stops = tables.states, tables.ids, tables.stops
    # the journey never changes a player: who may take a touchback is the world's
    decisions = Decisions(touchback=taker)
    award = award_key(world, taker)

    def context(dice: Any) -> KickoffContext:
        return KickoffContext(world, ruleset, dice, decisions, house_rules, log=False)

    blocks: dict[Hashable, tuple[Hashable, ...]] = {}
    interned = tables.blocks

    def transitions(i: int) -> Dist:
        s = states[i]
        if isinstance(s, ball.Arrive):
            # an arrival reads within the reach (the 3x3 block without Diving Catch and
            # Disturbing Presence)
            block = blocks.get(s.square)
            if block is None:
                block = block_key(board, s.square, offsets if wide_arrivals else BLOCK,
                                  presences, reach[1] if wide_arrivals else 0)
                block = blocks[s.square] = interned.setdefault(block, block)
            local: Hashable = (i, weather, block)
        elif isinstance(s, ball.Bounce):
            local = (i, occupied_key(board, s.square))  # a bounce: its neighbours' occupation
        elif isinstance(s, ball.Touchback):
            local = (i, award)
        else:
            local = i  # in the air or thrown in: reads no player
        cached = cache.get(local)
        if cached is not None:
            return cached
        out: Dist = {}
        runs = enumerate_runs(lambda d: ball.step(context(d), s), dice=dice)
        for nxt, p in merge(runs).items():
            j = exact_odds.number_state(nxt, ids, states, stops)
            out[j] = out.get(j, 0) + p
        cache[local] = out
        return out

    def region(i: int) -> frozenset[Read]:
        return step_reads(world, states[i], reach)

    return ChainSolver(transitions, stops.__getitem__, region, like, shared, tables.regions)
