"""Receiving set-ups as layouts, and the set-up advisor's moves between legal ones.

A **layout** is the receiving team's set-up as a tuple: one entry per player of the receiving
team in roster order, his square or ``None`` (the Reserves, or not available: Knocked-out, a
Casualty, Sent-off). Layouts are cheap to hash, compare and pickle (``kickoff.analysis.advisor``
sends them to Dask workers) and become a state with :func:`apply_layout`.

The moves (:func:`neighbours`) are those of ``kickoff setup optimize``: one player to another
square of the set-up zone, two players that differ (skills or characteristics) swapping squares,
a player on the pitch and one in the Reserves swapping places; and :func:`random_layout`, a
random legal set-up (a restart). Every layout given back is legal under the ruleset's set-up
rules (``kickoff.core.setup.setup_problems``, ``rulings.md`` section 1: the player count, the
Line of Scrimmage minimum, the Wide Zone maximum, the team's own half or third); the kicking
team is never moved.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.setup import setup_problems, shared_squares
from kickoff.core.state import GameState, Player

Layout = tuple[Square | None, ...]

#: Draws tried for each candidate asked for before giving up on a round (a set-up with few
#: legal moves: the Line of Scrimmage full and no reserve).
ATTEMPTS_PER_CANDIDATE = 30


def layout_of(state: GameState) -> Layout:
    """The receiving team's layout in ``state``."""
    return tuple(p.square for p in state.teams[state.receiving].players)


def apply_layout(state: GameState, layout: Layout) -> GameState:
    """A clone of ``state`` with the receiving team placed by ``layout``: players given a square
    stand there, players with ``None`` who were on the pitch go to the Reserves (copy on write:
    the players who do not move are shared with ``state``)."""
    world = state.clone()
    players = state.teams[state.receiving].players
    # off the pitch first, so that a square freed and taken in one layout is free when taken
    for p, sq in zip(players, layout, strict=True):
        if sq is None and p.square is not None:
            world.remove(p, "reserves")
    for p, sq in zip(players, layout, strict=True):
        if sq is not None and sq != p.square:
            moved = world.move(world.players[p.id], sq)
            moved.status = "standing"
    return world


def layout_problems(state: GameState, ruleset: Ruleset, layout: Layout) -> list[str]:
    """What is illegal in ``layout`` for the receiving team of ``state`` (``[]``: legal): the
    set-up rules of ``kickoff.core.setup`` and one player a square, as sentences."""
    world = apply_layout(state, layout)
    problems = setup_problems(world, ruleset, world.receiving)
    problems += shared_squares(list(world.players.values()))
    return [p.text() for p in problems]


def _signature(p: Player) -> tuple[object, ...]:
    """What tells two players apart for a swap (a swap of two equal players changes nothing)."""
    return (p.ma, p.st, p.ag, p.av, p.pa, p.skills)


@dataclass(frozen=True)
class MoveSpace:
    """What the moves of one search may use: the receiving team's players, which of them may be
    set up (on the pitch or in the Reserves), the set-up zone's squares, the ruleset."""

    state: GameState
    ruleset: Ruleset
    available: tuple[int, ...]
    zone: tuple[Square, ...]
    signatures: tuple[tuple[object, ...], ...]

    @classmethod
    def of(cls, state: GameState, ruleset: Ruleset) -> MoveSpace:
        """The move space of ``state``'s receiving team."""
        players = state.teams[state.receiving].players
        available = tuple(i for i, p in enumerate(players)
                          if p.square is not None or p.status == "reserves")
        zone = tuple(sq for sq in state.pitch.setup_zone_squares(state.receiving))
        return cls(state, ruleset, available, zone, tuple(_signature(p) for p in players))

    def legal(self, layout: Layout) -> bool:
        """Whether ``layout`` is a legal set-up."""
        return not layout_problems(self.state, self.ruleset, layout)

    def fielded(self) -> int:
        """How many players a legal set-up puts on the pitch."""
        return min(len(self.available), self.ruleset.max_players)


def _one_move(space: MoveSpace, layout: Layout, rng: random.Random) -> Layout | None:
    """One random move from ``layout`` (not checked): a move, a swap or a Reserves swap."""
    on = [i for i in space.available if layout[i] is not None]
    off = [i for i in space.available if layout[i] is None]
    kind = rng.random()
    out = list(layout)
    if not on:
        return None
    if kind < 0.6:
        i = rng.choice(on)
        taken = set(layout)
        free = [sq for sq in space.zone if sq not in taken]
        if not free:
            return None
        out[i] = rng.choice(free)
    elif kind < 0.8 or not off:
        i, j = rng.choice(on), rng.choice(on)
        if space.signatures[i] == space.signatures[j]:
            return None
        out[i], out[j] = layout[j], layout[i]
    else:
        i, j = rng.choice(on), rng.choice(off)
        if space.signatures[i] == space.signatures[j]:
            return None
        out[i], out[j] = None, layout[i]
    return tuple(out)


def neighbours(space: MoveSpace, layout: Layout, k: int, rng: random.Random) -> list[Layout]:
    """Up to ``k`` distinct legal layouts one move from ``layout``, drawn from ``rng`` (the same
    ``rng`` state gives the same list)."""
    seen = {layout}
    out: list[Layout] = []
    for _ in range(ATTEMPTS_PER_CANDIDATE * k):
        if len(out) == k:
            break
        cand = _one_move(space, layout, rng)
        if cand is None or cand in seen:
            continue
        seen.add(cand)
        if space.legal(cand):
            out.append(cand)
    return out


def random_layout(space: MoveSpace, rng: random.Random, tries: int = 200) -> Layout | None:
    """A random legal layout drawn from ``rng``: as many players as the team can field, the
    Line of Scrimmage minimum on it, the others anywhere in the set-up zone (``None`` if
    ``tries`` draws found none)."""
    pitch = space.state.pitch
    side = space.state.receiving
    los = [sq for sq in space.zone if pitch.on_los(side, sq)]
    n = space.fielded()
    need = min(space.ruleset.min_on_los, n)
    size = len(space.signatures)
    for _ in range(tries):
        chosen = rng.sample(list(space.available), n)
        squares = rng.sample(los, need)
        taken = set(squares)
        rest = [sq for sq in space.zone if sq not in taken]
        squares += rng.sample(rest, n - need)
        out: list[Square | None] = [None] * size
        for i, sq in zip(chosen, squares, strict=True):
            out[i] = sq
        cand = tuple(out)
        if space.legal(cand):
            return cand
    return None

