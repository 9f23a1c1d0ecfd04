"""A group's member journeys stepped without their worlds: each journey state's transitions and
region, in a member world of a :class:`~kickoff.analysis.exact.worlds.Group`, by the state and the
member's changes one step from it can see.

A step from the state ``s`` reads at most the region ``R_s`` (an arrival's as if its square held
a catcher: the block around it; a bounce's, whether its neighbours are occupied; the other states
read no player), so in a member world its transitions (``journey.Steps.transitions``: the block
key its step reads) and its region (``Steps.region``: whether the square holds a catcher) depend
on the world only through the member's changes in ``M_s = group.touching(R_s)`` (a change
outside it touches no read of ``R_s``). :class:`ByChanges` keeps ``(s, changes & M_s) ->
(transitions, region)`` for a group; :class:`PartSteps` answers a member chain's walk from it
with int operations and dictionary lookups, and builds the member's world and ``Steps`` only for
a key never met (once a member). Used by ``KickoffSolver._member_chain`` where the table is exact
(:func:`answers`): no board (ends decorated by the world), no Diving Catch or Disturbing Presence
(wider reads), the default or a named touchback taker (``play="defaults"``: the steps' taker is
the world's named one, read by no non-touchback state), no touchback state asked (a touchback's
award reads the world: asked of the world, never kept).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact.chain import ChainSolver, Region, Shared
from kickoff.analysis.exact.chance import Dist, PathDice
from kickoff.analysis.exact.journey import Steps, Tables
from kickoff.analysis.exact.worlds import (
    BLOCK,
    FULL,
    OCCUPIED,
    PLAIN,
    RING,
    Diff,
    Plan,
    read_bits,
    rebuilt,
    touchback_taker,
)
from kickoff.core import ball
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState, Weather

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.analysis.exact.worlds import Group

#: A key's state number in its low bits (``journey._STATE_BITS``'s width: a state beyond it is
#: refused there too).
_STATE_BITS = 24
#: The skills that widen what a step reads (``ball.reach``): a member gaining one on the pitch is
#: stepped in its own world (``KickoffSolver._chain_for`` refuses it there).
_REACH_SKILLS = frozenset(("diving_catch", "disturbing_presence"))
_SKILLS = ball.PLAYER_FIELDS.index("skills")


def widest_reads(s: ball.BallState) -> Region | None:
    """The region (``worlds.read_bits``) one step from ``s`` may read in any world without Diving
    Catch or Disturbing Presence: an arrival's block as if its square held a catcher, a bounce's
    ring, nothing for the ball in the air or thrown in; ``None`` for a touchback or an end (their
    step reads the world: the award, the board)."""
    if isinstance(s, ball.Arrive):
        x, y = s.square
        return read_bits([(FULL, Square(x + dx, y + dy)) for dx, dy in BLOCK])
    if isinstance(s, ball.Bounce):
        x, y = s.square
        return read_bits([(OCCUPIED, Square(x + dx, y + dy)) for dx, dy in RING])
    if isinstance(s, (ball.Touchback, ball.Held, ball.Rests)):
        return None
    return 0


def gains_reach(diff: Diff) -> bool:
    """Whether a change of ``diff`` puts a player with Diving Catch or Disturbing Presence on the
    pitch (the member world then reads more than its set-up: stepped in its own world)."""
    entry: Any
    for entry in diff.entries:  # (pid, square, fields, old square)
        if entry[1] is not None and not _REACH_SKILLS.isdisjoint(entry[2][_SKILLS]):
            return True
    return False


def by_changes(solver: KickoffSolver, group: Group, i: int) -> ByChanges | None:
    """The steps by changes of ``solver``'s ``group`` (made when first asked) if they answer its
    ``i``-th member's chain exactly (see the module), else ``None`` (stepped in its world)."""
    tables = solver._tables
    if (solver._values is not None or tables.board is not None or tables.keep_touchbacks
            or solver.reach != PLAIN or gains_reach(group.members[i][2])):
        return None
    kept = tables.by_changes.get(id(group))
    if kept is None or kept[0] is not group.shared:  # (the group's own: not another's at its id)
        kept = tables.by_changes[id(group)] = (group.shared, ByChanges(
            group.shared.sees, solver.state, solver.ruleset, solver.house_rules, solver.taker,
            solver._dice()))
    by: ByChanges = kept[1]
    return by


class ByChanges:
    """One group's steps by the changes they see (see the module): for each weather of its
    members, ``(changes & M_s) << 24 | s -> (transitions, region)`` (``found``); what a member
    world and its ``Steps`` are built from for a key never met (the set-up ``base``, the solver's
    rules, named touchback ``taker`` and ``dice``; the reach is ``PLAIN``); and counts
    (``worlds``: member worlds built; ``asked``: steps asked of the table, every one counted).
    Holds no group, tables nor solver (the tables hold it, and a
    member chain its steps, which hold it: a reference back would make them all a cycle, freed
    only by a collection)."""

    def __init__(
        self, sees: Callable[[Region], int], base: GameState, ruleset: Ruleset,
        house_rules: frozenset[HouseRule], taker: str | None,
        dice: Callable[[tuple[Any, ...]], PathDice] | None,
    ) -> None:
        self.sees = sees
        self.base = base
        self.ruleset = ruleset
        self.house_rules = house_rules
        self.taker = taker
        self.dice = dice
        #: Each state's ``M_s`` (``-1``: asked of the world, never kept).
        self.seeing: dict[int, int] = {}
        self.found: dict[Weather, dict[int, tuple[Dist, Region]]] = {}
        #: How each change is made to the set-up's player (``worlds.rebuilt``'s ``plans``).
        self.plans: dict[Any, Plan] = {}
        self.worlds = 0
        self.asked = 0

    def seeing_of(self, i: int, states: list[ball.BallState]) -> int:
        """``M_s`` of the state numbered ``i`` (``states[i]``; remembered; ``-1`` where the
        world is read)."""
        m = self.seeing.get(i)
        if m is None:
            if i >> _STATE_BITS:
                raise RuntimeError(f"exact odds: more than {1 << _STATE_BITS} journey states")
            widest = widest_reads(states[i])
            m = self.seeing[i] = -1 if widest is None else self.sees(widest)
        return m

    def chain(self, tables: Tables, mask: int, diff: Diff, like: tuple[ChainSolver, Region],
              shared: tuple[Shared, int] | None) -> ChainSolver:
        """A member chain (``ChainSolver``) of the member with changes ``mask`` (bits, the
        group's numbering) and ``diff``, stepped by :class:`PartSteps` (``like``, ``shared``:
        ``ChainSolver``'s)."""
        steps = self.part_steps(tables, mask, diff, like[0].source)
        chain = ChainSolver(steps.transitions, tables.stops.__getitem__, steps.region, like,
                            shared, tables.nodes, tables.stops)
        chain.source = steps
        return chain

    def part_steps(self, tables: Tables, mask: int, diff: Diff, base: object) -> PartSteps:
        """The steps of the member with changes ``mask`` and ``diff`` read from this table
        (:class:`PartSteps`; ``base``: the reference chain's source, its ``Steps`` the block keys
        are read from where the boards agree)."""
        found = self.found.get(diff.weather)
        if found is None:
            found = self.found[diff.weather] = {}
        return PartSteps(self, tables, found, mask, diff,
                         base if isinstance(base, Steps) else None)


class PartSteps:
    """A member chain's steps (``ChainSolver``'s ``transitions`` and ``reads``) read from its
    group's :class:`ByChanges` with the member's changes (``mask``); its world and ``Steps``
    built at the first key not there (``like``: the ``Steps`` whose block keys they read where
    the boards agree, ``journey.Steps``' ``base``)."""

    def __init__(self, by: ByChanges, tables: Tables, found: dict[int, tuple[Dist, Region]],
                 mask: int, diff: Diff, like: Steps | None) -> None:
        self.by = by
        self.tables = tables
        self.found = found
        self.mask = mask
        self.diff = diff
        self.like = like
        self.steps: Steps | None = None

    def transitions(self, i: int) -> Dist:
        """The next states of the state numbered ``i`` (``Steps.transitions``' in this world)."""
        return self._entry(i)[0]

    def region(self, i: int) -> Region:
        """What one step from the state numbered ``i`` reads (``Steps.region``'s here)."""
        return self._entry(i)[1]

    def _entry(self, i: int) -> tuple[Dist, Region]:
        by = self.by
        m = by.seeing.get(i)
        if m is None:
            m = by.seeing_of(i, self.tables.states)
        by.asked += 1
        if m < 0:
            steps = self.world_steps()
            return steps.transitions(i), steps.region(i)
        key = ((self.mask & m) << _STATE_BITS) | i
        entry = self.found.get(key)
        if entry is None:
            steps = self.world_steps()
            entry = self.found[key] = (steps.transitions(i), steps.region(i))
        return entry

    def world_steps(self) -> Steps:
        """The member world's ``Steps`` (built the first time: the world from its changes)."""
        steps = self.steps
        if steps is None:
            by = self.by
            world = rebuilt(by.base, self.diff, by.plans)
            by.worlds += 1
            steps = self.steps = Steps(
                world, by.ruleset, by.house_rules, PLAIN, touchback_taker(world, by.taker),
                by.dice, self.tables, self.like)
        return steps
