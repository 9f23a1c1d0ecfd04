"""The solver of a set-up a kick-off move left (``play="best"``), reusing its maker's journeys.

:class:`~kickoff.analysis.exact.solver.KickoffSolver` makes one solver per set-up a kick-off move can
leave (``_sub``), which differs from the maker's set-up by the move alone (the players it
changed, ``MoveKey``). Wherever a world of the moved set-up is a world of the maker with the
move made, its journeys are the maker's away from the squares the move touched (the chain
solver's ``like``: a journey whose region avoids those reads has the same solution). Three such
pairs are found here, each an equality of the two worlds checked, not assumed:

- an event group's reference world and the maker's in the same weather with the same scatters;
- an event world and the maker's with the same changes (the same players changed the same way,
  none of them a player the move changed, the same weather), when the maker has solved it;
- a High Kick placement and the maker's with the same player (not one the move changed) on the
  same square.

:func:`prepare` solves the kick-off move's decision node at every landing of the kicks asked at
once (``MoveNode.prepare``: one moved set-up's solver alive at a time).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact.best import MoveKey, MoveNode, MoveOption, Taken, move_text, taker_in
from kickoff.analysis.exact.chain import ChainSolver, Region
from kickoff.analysis.exact.chance import Dist
from kickoff.analysis.exact.worlds import Group, differences, reads_of, touch_bits
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.pitch import Square
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver

#: A High Kick placement: the player placed, the landing square, touchback.
Placed = tuple[str | None, Square | None, bool]


class MovedSetup:
    """A moved set-up's link to its maker: the maker's solver, the reads that would see the
    move (``differ``) and the players it changed (``movers``)."""

    def __init__(self, maker: KickoffSolver, key: frozenset[Any]) -> None:
        self.maker = maker
        self.differ: Region = touch_bits(key)
        self.movers = frozenset(entry[0] for entry in key)
        #: By group identity: the maker's solved worlds by their changes and weather.
        self._members: dict[int, dict[tuple[Any, str], ChainSolver]] = {}

    def like_group(self, rain: bool, scatters: int) -> tuple[ChainSolver, Region] | None:
        """The maker's journey solver of its group in the same weather (rain or not) with the
        same scatters, and the reads that would see the move."""
        for group in self.maker.groups():
            if group.scatters == scatters and (group.ref.weather == "pouring_rain") == rain:
                return group.chain, self.differ
        return None

    def like_member(self, group: Group, i: int) -> tuple[ChainSolver, Region] | None:
        """The maker's journey solver of its world with the same changes as ``group``'s
        ``i``-th member, and the reads that would see the move; ``None`` if the member changes
        a player the move changed or the maker has not solved such a world."""
        diff = group.members[i][2]
        if any(entry[0] in self.movers for entry in diff.entries):
            return None
        solved = self._members.get(id(group))
        if solved is None:
            solved = self._members[id(group)] = {}
            for theirs in self.maker.groups():
                if theirs.scatters == group.scatters and theirs.ref.weather == group.ref.weather:
                    for j, chain in theirs.chains.items():
                        d = theirs.members[j][2]
                        solved.setdefault((d.entries, d.weather), chain)
        found = solved.get((diff.entries, diff.weather))
        return None if found is None else (found, self.differ)

    def like_placed(self, placed: Placed) -> tuple[ChainSolver, Region] | None:
        """The maker's journey solver of its set-up with the same player placed by High Kick on
        the same square (``KickoffSolver._placed``), and the reads that would see the move;
        ``None`` if the player is one the move changed or the maker has none."""
        if placed[0] in self.movers:
            return None
        found = self.maker._placed.get(placed)
        return None if found is None else (found, self.differ)


def prepare(solver: KickoffSolver, targets: Iterable[Square]) -> None:
    """``solver``'s kick-off move node (``play="best"``) at every landing in play of a kick at
    ``targets``, all at once (``MoveNode.prepare``), before their odds are asked; nothing
    without a move to choose. The odds are the same either way."""
    node = solver._move_node()
    if not node.moves:
        return
    squares: list[Square] = []
    for target in targets:
        decisions = Decisions(target=target, use_kick_skill=solver.use_kick_skill,
                              touchback=taker_in(solver, solver.state))
        if solver._kicks is None:
            solver._kicks = exact_odds.Kicks(solver.state, solver.ruleset, solver.house_rules,
                                             solver._dice())
        squares += [dev.square for dev in solver._kicks.landings(decisions)
                    if dev.no_kick is None and dev.square is not None and not dev.touchback]
    node.prepare(squares)


def kick_decisions(solver: KickoffSolver, target: Square) -> Decisions:
    """The decisions ``solver`` kicks at ``target`` with (its ``_parts``: the kicker, Kick and
    the touchback taker as the solver plays them), before the kicking coach's best."""
    return Decisions(target=target, use_kick_skill=solver.use_kick_skill,
                     touchback=taker_in(solver, solver.state), kicker=solver._two.kicker,
                     kicker_given=solver._two.kicker_given)


def moved_solver(maker: KickoffSolver, key: MoveKey, moved: GameState) -> KickoffSolver:
    """The solver of the set-up ``moved`` a kick-off move left (``key``: the players it
    changed), sharing ``maker``'s numbered states, transitions, awards and starts; it makes no
    move, plays the maker's free moves (``free``: the plans searched, or nobody), and reuses
    the maker's journeys away from the move (:class:`MovedSetup`)."""
    sub = type(maker)(
        moved, maker.ruleset, events=maker.events, house_rules=maker.house_rules,
        use_kick_skill=maker.use_kick_skill, play=maker.play, objective=maker.objective,
        decisions=replace(maker.free, high_kick=maker.high_kick, touchback=maker.taker),
        board=maker.board_features)
    sub.lump_worlds, sub.group_chance = maker.lump_worlds, maker.group_chance
    sub._coach = maker._coach  # the maker's free moves, played as it plays them
    sub._tables, sub._states, sub._ids, sub._stops = (maker._tables, maker._states,
                                                      maker._ids, maker._stops)
    sub._awards, sub._starts = maker._awards, maker._starts
    sub._blind_runs = None  # no move is made of it: its own are never asked for
    sub._values, sub._takers, sub._moves = maker._values, maker._takers, MoveNode.none()
    sub._chain_for(moved, (maker._chain_for(maker.state), touch_bits(key)))
    sub._moved = MovedSetup(maker, key)
    sub._event_cache, sub._setup_key = maker._event_cache, key
    return sub


def like_group(moved: MovedSetup | None, rain: bool, scatters: int
               ) -> tuple[ChainSolver, Region] | None:
    """:meth:`MovedSetup.like_group`; ``None`` for a solver no move made."""
    return None if moved is None else moved.like_group(rain, scatters)


def like_member(moved: MovedSetup | None, group: Group, i: int
                ) -> tuple[ChainSolver, Region] | None:
    """:meth:`MovedSetup.like_member`; ``None`` for a solver no move made."""
    return None if moved is None else moved.like_member(group, i)


def like_placed(moved: MovedSetup | None, placed: Placed) -> tuple[ChainSolver, Region] | None:
    """:meth:`MovedSetup.like_placed`; ``None`` for a solver no move made."""
    return None if moved is None else moved.like_placed(placed)


def release(solver: KickoffSolver, key: MoveKey) -> None:
    """Drop the solver of ``solver``'s moved set-up ``key`` (its ends are known where they were
    asked) and the journeys' nodes made since it was made (``_sub``; the decision node keeps
    one such solver at a time, ``MoveNode.prepare``)."""
    if solver._subs.pop(key, None) is not None:
        solver._tables.nodes.truncate(solver._sub_marks.pop(key), solver._awards)


def variant_journeys(
    solver: KickoffSolver, world: GameState, starts: list[ball.BallState],
    like: GameState | None = None, keep: bool = False, forget: tuple[GameState, ...] = (),
) -> tuple[list[tuple[dict[Any, Any], frozenset[Any]]], dict[Any, Any]]:
    """For ``analysis.advisor.evaluate``, of ``solver`` (events off; ``world``: a clone of ``like``
    or of the set-up, players moved): each start's journey to a touchback (end -> rational), its region,
    and the award's ends. ``like``: reused away from the changes; ``keep``, ``forget``: chains
    (one not kept is dropped with the nodes it made: a search's memory stays bounded)."""
    like_chain = None if like is None else (
        solver._chain_for(like), touch_bits(differences(like, world, solver.taker).entries))
    nodes, size = solver._tables.nodes, len(solver._tables.nodes.exits)
    chain, named = solver._chain_for(world, like_chain), solver._states
    journeys = [({named[e]: p for e, p in chain.solve(i).items()}, reads_of(chain.region_of(i)))
                for i in map(solver._id, starts)]
    award = {named[e]: p for e, p in solver._award(world).items()}
    chain.like = None  # kept, it must not keep the world it came from alive
    for old in (*forget, *(() if keep else (world,))):
        solver._chains.pop(id(old), None)
    if not keep and world is not solver.state:
        nodes.truncate(size, solver._awards)  # (their awards too)
    return journeys, award


def moved_landing(solver: KickoffSolver, node: MoveNode, dev: exact_odds.Landing, p: Any,
                  ends: Dist, taken: Taken) -> bool:
    """Whether the kick-off move's ``node`` is played at a kick's landing ``dev`` (probability
    ``p``; a landing on the pitch, no touchback, a move to choose): the receivers' best move
    there (:meth:`MoveNode.best`), its ends added to ``ends`` and its line to ``taken``."""
    if not node.moves or dev.square is None or dev.touchback:
        return False
    moved_ends, choice = node.best(dev.square)
    if choice is not None:
        assert solver.ruleset.kickoff_move is not None
        skill = solver.ruleset.kickoff_move.skill
        taken.add(move_text(skill, choice), dev.square, p)
    for i, p_end in moved_ends.items():
        ends[i] = ends.get(i, 0) + p * p_end
    return True


def high_kick_landing(solver: KickoffSolver, dev: exact_odds.Landing, p: Any, ends: Dist,
                      taken: Taken) -> None:
    """The High Kick worlds' part at a kick's landing ``dev`` (probability ``p``): each world's
    journey with the player placed under the ball (``exact_best.high_kick_best``) added to
    ``ends``, a player other than the named one noted in ``taken``."""
    for p_high, world, scatters, handler in solver._high_kick_worlds:
        journey, player = solver._high_kick_best(world, scatters, handler, dev.square,
                                                 dev.touchback)
        if player is not None and player != solver.high_kick:
            taken.add(f"High Kick: {player} moves under the ball", dev.square, p * p_high,
                      "high_kick")
        for i, p_end in journey.items():
            ends[i] = ends.get(i, 0) + p * p_high * p_end


def kickoff_moves(solver: KickoffSolver) -> list[MoveOption]:
    """``exact_best.kickoff_moves`` of ``solver``'s set-up, once for every solver of a plan
    search on it (``exact.event_cache``: the same moves, the same set-ups they leave)."""
    moves = functools.partial(exact_best.kickoff_moves, solver.state, solver.ruleset,
                              solver.house_rules, solver._dice())  # (no closure: see journey)
    cache = solver._event_cache
    return moves() if cache is None else cache.moves_of(solver.state, moves)


def high_kick_best(solver: KickoffSolver, world: GameState, scatters: int,
                   handler: Callable[[KickoffContext], None], square: Square | None,
                   touchback: bool) -> tuple[Dist, str | None]:
    """``exact_best.high_kick_best``, once for every solver of a plan search (which share
    their journeys' tables and the High Kick worlds, ``exact.event_cache``): the ends and the
    player, the touchback takers it noted noted again in the same order."""
    cache = solver._event_cache
    if cache is None:
        return exact_best.high_kick_best(solver, world, scatters, handler, square, touchback)
    key = (id(world), scatters, square, touchback)
    known = cache.high_kicks.get(key)
    if known is None:
        takers, solver._takers = solver._takers, {}  # the takers it notes, in order
        try:
            ends, player = exact_best.high_kick_best(solver, world, scatters, handler, square,
                                                     touchback)
        finally:
            noted, solver._takers = list(solver._takers), takers
        known = cache.high_kicks[key] = (ends, player, noted, world)
    solver._takers.update(dict.fromkeys(known[2]))
    return known[0], known[1]
