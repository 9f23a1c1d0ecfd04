"""The coach's policy for the free turns (opt-in): what the kicking team does in a classic Blitz!,
a bb2020 / Sevens Blitz or a bb2025 Charge! when no activations are given.

The scenario format's default for ``decisions.blitz`` / ``decisions.charge`` is ``[]``: nobody
acts (``scenario-format.md``, "Decisions"), and that stays the default everywhere. A caller who
runs or simulates kick-offs without writing activations may instead ask for a policy
(``Decisions.free_turn_policy``, ``kickoff run`` / ``kickoff simulate --free-turns``):

- ``"none"``: nobody acts (the format's default);
- ``"close"``: :func:`close_in`, close on the landing square and mark the receivers, never
  risking a die (``docs/actions.md``, "The coach's policy (opt-in)").

The policy is planned once, when the free turn starts (the eligible players and the count are
fixed, the ball is in the air over its landing square), as a list of ``move`` activations that
the free turn then plays like any others.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from kickoff.core.decisions import FREE_TURN_POLICIES, Activation, FreeTurnPolicy
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import NEIGHBOURS, Pitch, Square, distance, other_side
from kickoff.core.state import GameState, Player

#: A policy: ``(state, eligible ids, count, landing, touchback) -> activations``.
Policy = Callable[[GameState, Sequence[str], int | None, Square | None, bool], list[Activation]]


def close_in(
    state: GameState,
    eligible: Sequence[str],
    count: int | None,
    landing: Square | None,
    touchback: bool,
) -> list[Activation]:
    """The ``"close"`` policy: the ``move`` activations the kicking team plays in its free turn.

    ``eligible``: the ids of the kicking players who may act (Standing and Open when the event
    was resolved, in input order); ``count``: at most this many act (``None``: classic Blitz!,
    no limit); ``landing``: the square the ball is about to come down on (``None``: not known,
    nobody acts); ``touchback``: the ball is out of play (off the pitch or in the kicking area).

    It never risks a roll: each path has at most MA steps (no Rush), never leaves a square in an
    opposing tackle zone (no Dodge; only the last square may be in one), goes only through empty
    squares of the pitch and never onto a ball lying on the ground (no pick-up); no block, no
    throw. In order, while the count allows:

    1. Under the ball: if the ball comes down on an empty square of the pitch (no touchback),
       the eligible player able to catch it (not No Hands, not Ball & Chain) with the shortest
       path there moves onto it (ties: input order); he will have to catch the kick-off.
    2. Marking: the receiving team's Standing players by distance from the landing square
       (squares; ties: input order), skipping any already Marked by a Standing kicking player
       (including those the policy has moved): the remaining eligible player with the shortest
       path to an empty square adjacent to him, other than the landing square, moves there
       (ties: input order; the square: lowest ``x``, then ``y``). One marker each.

    A player who can reach no such square stays where he is; the activations come in the order
    they were chosen, each path planned on the squares as the earlier ones leave them.
    Deterministic and pure (``state`` is not changed). Source: the action engine's issue ("close
    on the landing square and mark receivers; never risk a Dodge"); rulings.md 8 for who may act.
    """
    if landing is None:
        return []
    pitch = state.pitch
    plan = _Plan(state, eligible)
    budget = len(plan.remaining) if count is None else min(count, len(plan.remaining))
    # 1. under the ball
    if budget and not touchback and pitch.on_pitch(landing) and landing not in plan.occupied:
        catchers = [p for p in plan.remaining if p.can_catch()]
        plan.take(_nearest(catchers, [landing], plan.occupied | plan.zone, pitch))
    # 2. marking the receivers nearest the landing square
    plan.receivers.sort(key=lambda sq: distance(sq, landing))  # stable: ties in input order
    for at in plan.receivers:
        if len(plan.activations) >= budget or not plan.remaining:
            break
        plan.mark(at, landing, pitch)
    return plan.activations


class _Plan:
    """The ``"close"`` policy's plan as it grows (:func:`close_in`): the activations chosen, the
    eligible players left, the squares taken (every player on the pitch at his planned square,
    and a ball on the ground: no pick-up), the Standing receivers (who do not move) and their
    tackle zones, and the squares of the Standing kicking players (who Marks whom)."""

    def __init__(self, state: GameState, eligible: Sequence[str]) -> None:
        side = state.kicking
        self.remaining: list[Player] = [state.players[pid] for pid in eligible]
        self.occupied: set[tuple[int, int]] = set(state.board)
        if state.ball is not None and state.carrier is None:
            self.occupied.add(state.ball)
        self.receivers: list[Square] = [q.square for q in state.teams[other_side(side)].players
                                        if q.standing and q.square is not None]
        self.zone: set[tuple[int, int]] = {(sq.x + dx, sq.y + dy) for sq in self.receivers
                                           for dx, dy in NEIGHBOURS}
        self.activations: list[Activation] = []
        self.kicking_at: set[Square | None] = {
            p.square for p in state.teams[side].players if p.standing}

    def take(self, best: tuple[Player, list[Square]] | None) -> None:
        """Plan ``best``'s move (a player and his path; ``None``: nobody moves)."""
        if best is None:
            return
        p, path = best
        assert p.square is not None
        self.occupied.discard(p.square)
        self.occupied.add(path[-1])
        self.kicking_at.discard(p.square)
        self.kicking_at.add(path[-1])
        self.remaining.remove(p)
        self.activations.append(Activation(p.id, "move", tuple(path),
                                           where=f"policy.close[{len(self.activations)}]"))

    def mark(self, at: Square, landing: Square, pitch: Pitch) -> None:
        """Mark the receiver at ``at`` with the nearest remaining player, unless he is Marked
        already or nobody reaches an empty square next to him (other than ``landing``)."""
        around = [Square(at.x + dx, at.y + dy) for dx, dy in NEIGHBOURS]
        if any(sq in self.kicking_at for sq in around):
            return  # already Marked
        if all(p.square is None or distance(p.square, at) - 1 > p.ma for p in self.remaining):
            return  # nobody is near enough (a cheap test before the search)
        targets = sorted(sq for sq in around
                         if pitch.on_pitch(sq) and sq not in self.occupied and sq != landing)
        self.take(_nearest(self.remaining, targets, self.occupied | self.zone, pitch))


def _nearest(
    players: Sequence[Player],
    targets: Sequence[Square],
    closed: set[tuple[int, int]],
    pitch: Pitch,
) -> tuple[Player, list[Square]] | None:
    """The player of ``players`` with the shortest safe path (at most his MA steps) to one of
    ``targets`` (empty squares), and that path (the squares entered, the target last); ties:
    the first player in ``players``, then the first target of ``targets`` (given by ``x`` then
    ``y``). ``None`` if nobody reaches any.

    ``closed``: the squares a path may not go through: the occupied ones and those in an
    opposing tackle zone (a square on the path is entered and left again; only the target may
    be in a tackle zone). One breadth-first search backwards from the targets, their order kept
    level by level (so the path found ends at the first target at the shortest distance), that
    stops after the level of the first player found and never goes where no player could still
    come from (Blood Bowl distance is a lower bound on the steps)."""
    starts: dict[tuple[int, int], Player] = {p.square: p for p in players if p.square is not None}
    if not targets or not starts:
        return None
    found, toward = _search(starts, targets, closed, pitch)
    return _chosen(players, found, toward)


def _search(
    starts: dict[tuple[int, int], Player],
    targets: Sequence[Square],
    closed: set[tuple[int, int]],
    pitch: Pitch,
) -> tuple[dict[str, tuple[int, tuple[int, int]]], dict[tuple[int, int], tuple[int, int] | None]]:
    """:func:`_nearest`'s breadth-first search backwards from ``targets`` to the players at
    ``starts`` (their squares): ``(found, toward)`` as :func:`_chosen` reads them."""
    limit = max(p.ma for p in starts.values())
    homes = [(sq[0], sq[1], p.ma) for sq, p in starts.items()]
    width, height = pitch.width, pitch.height
    toward: dict[tuple[int, int], tuple[int, int] | None] = {t: None for t in targets}
    found: dict[str, tuple[int, tuple[int, int]]] = {}
    best = limit  # no level beyond the first where a player is found
    frontier: deque[tuple[tuple[int, int], int]] = deque((t, 0) for t in targets)
    while frontier:
        sq, d = frontier.popleft()
        if d >= best:
            break
        x, y = sq
        for dx, dy in NEIGHBOURS:
            u = (x + dx, y + dy)
            if u in toward:
                continue
            # Seen now, whatever it is: a player's square is first reached at the fewest steps;
            # a closed square stays closed; one out of reach now is out of reach deeper down.
            toward[u] = sq
            p = starts.get(u)
            if p is not None:
                if d + 1 <= p.ma:
                    found[p.id] = (d + 1, sq)
                    best = d + 1
                continue
            ux, uy = u
            if u in closed or not (0 <= ux < width and 0 <= uy < height):
                continue
            if _within_reach(ux, uy, d + 1, homes):
                frontier.append((u, d + 1))
    return found, toward


def _within_reach(x: int, y: int, steps: int, homes: list[tuple[int, int, int]]) -> bool:
    """Whether square ``(x, y)``, ``steps`` steps from the targets, is still within reach of
    a player of ``homes`` (his square and MA): his MA covers the steps so far plus the rest
    (Blood Bowl distance, a lower bound)."""
    return any(max(abs(x - hx), abs(y - hy)) + steps <= ma for hx, hy, ma in homes)


def _chosen(
    players: Sequence[Player],
    found: dict[str, tuple[int, tuple[int, int]]],
    toward: dict[tuple[int, int], tuple[int, int] | None],
) -> tuple[Player, list[Square]] | None:
    """Of the players :func:`_nearest`'s search ``found`` (id: steps, the first square of his
    path), the one with the fewest steps (ties: first in ``players``) and his path, followed
    square by square through ``toward`` to its target; ``None`` if none was found."""
    if not found:
        return None
    order = {p.id: i for i, p in enumerate(players)}
    pid = min(found, key=lambda i: (found[i][0], order[i]))
    player = next(p for p in players if p.id == pid)
    path: list[Square] = []
    nxt: tuple[int, int] | None = found[pid][1]
    while nxt is not None:
        path.append(Square(*nxt))
        nxt = toward[nxt]
    return player, path


#: The policies by name (``Decisions.free_turn_policy``).
POLICIES: dict[str, Policy] = {
    "none": lambda state, eligible, count, landing, touchback: [],
    "close": close_in,
}


def policy_activations(
    name: FreeTurnPolicy | str,
    state: GameState,
    eligible: Sequence[str],
    count: int | None,
    landing: Square | None,
    touchback: bool,
) -> list[Activation]:
    """The activations policy ``name`` plays (see :func:`close_in` for the arguments).

    Raises ``DecisionError`` for an unknown policy name."""
    policy = POLICIES.get(name)
    if policy is None:
        raise DecisionError.at("decisions.free_turn_policy",
            f"unknown policy {name!r} "
            f"(known: {', '.join(FREE_TURN_POLICIES)})"
        )
    return policy(state, eligible, count, landing, touchback)
