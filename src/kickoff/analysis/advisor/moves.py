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
team is never moved, nor are the receiving players the coach pins (``MoveSpace.pinned``,
``setup optimize --keep ID``): they stay where the starting set-up has them, in every move and
every restart.
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
            world.set_status(world.move(world.players[p.id], sq), "standing")
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
    set up (on the pitch or in the Reserves) and be moved (``available``: not pinned), the
    pinned ones (``pinned``: indices in roster order, kept where ``state`` has them), the set-up
    zone's squares, the ruleset."""

    state: GameState
    ruleset: Ruleset
    available: tuple[int, ...]
    zone: tuple[Square, ...]
    signatures: tuple[tuple[object, ...], ...]
    pinned: tuple[int, ...] = ()
    start: Layout = ()

    @classmethod
    def of(cls, state: GameState, ruleset: Ruleset, keep: frozenset[str] = frozenset()
           ) -> MoveSpace:
        """The move space of ``state``'s receiving team, the players whose ids are in ``keep``
        pinned where ``state`` has them (``ValueError`` naming an id that is not a receiving
        player's)."""
        players = state.teams[state.receiving].players
        ids = {p.id for p in players}
        unknown = sorted(keep - ids)
        if unknown:
            raise ValueError(f"not a player of the receiving team: {', '.join(unknown)} (its "
                             f"players: {', '.join(p.id for p in players)})")
        pinned = tuple(i for i, p in enumerate(players) if p.id in keep)
        available = tuple(i for i, p in enumerate(players)
                          if (p.square is not None or p.status == "reserves") and p.id not in keep)
        zone = tuple(sq for sq in state.pitch.setup_zone_squares(state.receiving))
        return cls(state, ruleset, available, zone, tuple(_signature(p) for p in players),
                   pinned, layout_of(state))

    def legal(self, layout: Layout) -> bool:
        """Whether ``layout`` is a legal set-up."""
        return not layout_problems(self.state, self.ruleset, layout)

    def fielded(self) -> int:
        """How many players a legal set-up puts on the pitch, pinned ones included."""
        players = self.state.teams[self.state.receiving].players
        on = sum(1 for i in self.pinned if players[i].square is not None)
        return min(len(self.available) + on, self.ruleset.max_players)


#: The share of moves, away from the start, that are tidy moves (:func:`_tidy_move`).
TIDY_SHARE = 0.2
#: A ball handler (Pass or Sure Hands) and a Big Guy (Loner, or Strength 5 or more): the
#: conventions :func:`_tidy_move` restores (``kickoff.analysis.advisor.prefer`` counts them).
BALL_HANDLER_SKILLS = frozenset({"pass", "sure_hands"})
BIG_GUY_STRENGTH = 5


def ball_handler(player: Player) -> bool:
    """Whether ``player`` is a ball handler (:data:`BALL_HANDLER_SKILLS`)."""
    return bool(player.skills & BALL_HANDLER_SKILLS)


def big_guy(player: Player) -> bool:
    """Whether ``player`` is a Big Guy: Loner (every Big Guy of the bb2020 and Sevens rosters
    has it), or Strength :data:`BIG_GUY_STRENGTH` or more (the classic rosters')."""
    return "loner" in player.skills or player.st >= BIG_GUY_STRENGTH


def _tidy_move(space: MoveSpace, layout: Layout, rng: random.Random) -> Layout | None:
    """A move back towards a coach's set-up (not checked): a player back to his square of the
    start (swapping with whoever stands there), a ball handler off the Line of Scrimmage or a
    Big Guy onto it (to a free square); one of those the layout allows, drawn from ``rng``."""
    options = _tidy_options(space, layout, rng)
    if not options:
        return None
    i, to = rng.choice(options)
    out = list(layout)
    j = layout.index(to) if to in layout else None
    if j is not None and j not in space.available:
        return None  # a pinned player stands there
    out[i] = to
    if j is not None:
        out[j] = layout[i]
    return tuple(out)


def _tidy_options(space: MoveSpace, layout: Layout, rng: random.Random) -> list[tuple[int, Square]]:
    """:func:`_tidy_move`'s choices, ``(player's index, square)``: each movable player off his
    square of the start back to it; each ball handler on the Line of Scrimmage off it and each
    Big Guy off it onto it, to a free square drawn from ``rng``."""
    pitch, side = space.state.pitch, space.state.receiving
    players = space.state.teams[side].players
    taken = set(layout)
    options: list[tuple[int, Square]] = []
    for i in space.available:
        sq = layout[i]
        if sq is None:
            continue
        home = space.start[i]
        if home is not None and home != sq:
            options.append((i, home))
        los = pitch.on_los(side, sq)
        if (los and ball_handler(players[i])) or (not los and big_guy(players[i])):
            free = [z for z in space.zone if z not in taken and pitch.on_los(side, z) != los]
            if free:
                options.append((i, rng.choice(free)))
    return options


def _one_move(space: MoveSpace, layout: Layout, rng: random.Random) -> Layout | None:
    """One random move from ``layout`` (not checked): a move, a swap or a Reserves swap; away
    from the start, a share :data:`TIDY_SHARE` of tidy moves (:func:`_tidy_move`)."""
    if layout != space.start and space.start and rng.random() < TIDY_SHARE:
        return _tidy_move(space, layout, rng)
    on = [i for i in space.available if layout[i] is not None]
    off = [i for i in space.available if layout[i] is None]
    kind = rng.random()
    if not on:
        return None
    if kind < 0.6:
        return _to_free_square(space, layout, rng.choice(on), rng)
    # a swap of two players on the pitch, or of one with one in the Reserves (``None``)
    i, j = rng.choice(on), rng.choice(on if kind < 0.8 or not off else off)
    if space.signatures[i] == space.signatures[j]:
        return None
    out = list(layout)
    out[i], out[j] = layout[j], layout[i]
    return tuple(out)


def _to_free_square(space: MoveSpace, layout: Layout, i: int,
                    rng: random.Random) -> Layout | None:
    """:func:`_one_move`'s move: player ``i`` to a free square of the zone drawn from ``rng``
    (``None``: no square is free)."""
    taken = set(layout)
    free = [sq for sq in space.zone if sq not in taken]
    if not free:
        return None
    out = list(layout)
    out[i] = rng.choice(free)
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
    Line of Scrimmage minimum on it, the others anywhere in the set-up zone, the pinned players
    where the starting set-up has them (``None`` if ``tries`` draws found none)."""
    pitch = space.state.pitch
    side = space.state.receiving
    start = [p.square for p in space.state.teams[side].players]
    fixed = {start[i] for i in space.pinned} - {None}
    los = [sq for sq in space.zone if pitch.on_los(side, sq) and sq not in fixed]
    n = space.fielded() - len(fixed)
    need = max(0, min(space.ruleset.min_on_los, n + len(fixed))
               - sum(1 for sq in fixed if sq is not None and pitch.on_los(side, sq)))
    need = min(need, n, len(los))
    size = len(space.signatures)
    for _ in range(tries):
        chosen = rng.sample(list(space.available), n)
        squares = rng.sample(los, need)
        taken = set(squares) | fixed
        rest = [sq for sq in space.zone if sq not in taken]
        squares += rng.sample(rest, n - need)
        out: list[Square | None] = [None] * size
        for i in space.pinned:
            out[i] = start[i]
        for i, sq in zip(chosen, squares, strict=True):
            out[i] = sq
        cand = tuple(out)
        if space.legal(cand):
            return cand
    return None

