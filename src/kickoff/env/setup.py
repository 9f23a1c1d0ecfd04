"""The receiving coach's set-up as steps of the environment (issue 30, point 1: "the receiving
coach sets up"): :class:`SetupSteps`, what :class:`~kickoff.env.game.KickoffGame` plays with
``setup="steps"``.

The players to set up are those the given set-up has on the pitch (a checked set-up has exactly
the number the rules require: ``min(available, max_players)``), in the team's order; they start
in the Reserves and the receiving coach places them one a step, each on a square of his own
set-up zone (the half, Sevens' third). The legal squares (the step's action mask) are those of
the zone, empty, from which the set-up can still be completed legally by the rules' own check
(:func:`kickoff.core.setup.setup_problems`, ``rulings.md`` section 1): a square of a Wide Zone
that already holds ``max_per_wide_zone`` players is masked, and once the players left are just
enough for the Line of Scrimmage's minimum (all of them when there are no more than it) only
its empty squares stay legal. The finished set-up passes :func:`setup_problems` (asserted).
"""

from __future__ import annotations

from collections import Counter

from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.setup import setup_problems
from kickoff.core.state import GameState


class SetupSteps:
    """One receiving team's set-up square by square, from the players of ``state``'s
    receiving team on the pitch (``state`` is not changed; the module's docstring)."""

    __slots__ = ("blank", "order", "placed", "ruleset", "side", "zone")

    def __init__(self, state: GameState, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.side = state.receiving
        team = state.teams[self.side]
        #: The ids of the players to place, in the order they are placed.
        self.order: tuple[str, ...] = tuple(p.id for p in team.players if p.square is not None)
        self.blank = state.clone()
        for pid in self.order:
            self.blank.remove(self.blank.players[pid], "reserves")
        self.zone = ruleset.pitch.setup_zone_squares(self.side)
        #: The squares given so far, one per player of :attr:`order` placed.
        self.placed: list[Square] = []

    @property
    def done(self) -> bool:
        """Whether every player is placed."""
        return len(self.placed) == len(self.order)

    @property
    def player(self) -> str:
        """The id of the player to place now (``IndexError`` once done)."""
        return self.order[len(self.placed)]

    def world(self) -> GameState:
        """The set-up so far: the players placed Standing on their squares, the others in
        the Reserves (a new state)."""
        world = self.blank.clone()
        for pid, sq in zip(self.order, self.placed, strict=False):
            world.move(world.players[pid], sq)
            world.set_status(world.players[pid], "standing")
        return world

    def legal(self) -> list[Square]:
        """The squares the next player may take: empty squares of the set-up zone from which a
        legal set-up can still be completed (the module's docstring), in the pitch's order."""
        pitch, side = self.ruleset.pitch, self.side
        taken = set(self.placed)
        need = min(self.ruleset.min_on_los, len(self.order))
        on_los = sum(1 for sq in self.placed if pitch.on_los(side, sq))
        free_los = sum(1 for sq in self.zone if pitch.on_los(side, sq) and sq not in taken)
        zones = Counter(pitch.in_wide_zone(sq) for sq in self.placed)
        left = len(self.order) - len(self.placed) - 1  # after this placement
        out = []
        for sq in self.zone:
            if sq in taken or self.blank.at(sq) is not None:
                continue
            los = pitch.on_los(side, sq)
            short = need - on_los - los  # LoS places still to fill after this one
            if short > left or short > free_los - los:
                continue
            wide = pitch.in_wide_zone(sq)
            if wide is not None and zones[wide] >= self.ruleset.max_per_wide_zone:
                continue
            out.append(sq)
        return out

    def place(self, sq: Square) -> None:
        """Place the next player on ``sq`` (``ValueError`` for a square :meth:`legal` does not
        list, or once done)."""
        if self.done:
            raise ValueError("the set-up is complete")
        if sq not in self.legal():
            raise ValueError(f"square {sq.as_list()}: not a legal set-up square for "
                             f"{self.player} (see the action mask)")
        self.placed.append(sq)

    def finished(self) -> GameState:
        """The completed set-up (a new state), checked by the rules' own set-up check."""
        assert self.done
        world = self.world()
        problems = setup_problems(world, self.ruleset, self.side)
        assert not problems, problems
        return world
