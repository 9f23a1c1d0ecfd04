"""The decisions whose options are a checkable set, played as steps square by square (issue 30,
point 1): a free turn's ``path`` and the re-set-up moves of Quick Snap, Perfect Defence and
Solid Defence (:mod:`kickoff.core.coach`: ``options()`` is ``None``, ``among`` tests an answer
with the rule's own check, ``Decision.problem``).

Such a decision is too large for one action (a path is up to nine squares, each of eight; a
move set any players to any squares), so :class:`~kickoff.env.game.KickoffGame` builds its
answer over several steps of the same coach, each step's action a square of the pitch
(``x * height + y``, as the target's), its mask the squares the rule's check still accepts:

- ``path`` (:class:`PathBuilder`): the next square the player enters, one of the (up to eight)
  squares next to where the path has got to, or the square where it has got to, which stops
  the path there. A square is legal when the path with it passes the walk's check
  (``PathOptions.walk_problem``: MA plus the Rushes, empty squares of the pitch), is not entered
  twice (nor the start), and, for a Blitz on a target, when a square next to the target can
  still be reached with a square left for the block; stopping is legal when the path as it is
  passes the whole decision's check (``Decision.problem``: the free turn's count too) and, for
  a Blitz on a target, ends next to him: so a path built from the masks is always one the
  rules accept. Leaps (a step two squares away) are not offered.
- ``quick_snap``, ``perfect_defence``, ``solid_defence`` (:class:`MovesBuilder`): the team's
  Standing players on the pitch one a step, in the team's order: the square the player moves
  to, or his own square (he stays). A square is legal when the moves so far with this one pass
  the rule's check (Quick Snap: one square, Open, at most the number; the defences: the set-up
  legal after the move). A player with no legal move is passed over without a step.

A step with one legal square (the path can only stop) is played without asking. The answer is
then checked once more by ``KickoffContext.decide``, as every answer is.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final

from kickoff.core.actions.move import PathOptions, allowance
from kickoff.core.coach import Asked, Decision, DecisionKind
from kickoff.core.decisions import Move
from kickoff.core.pitch import NEIGHBOURS, Square, distance
from kickoff.core.resetup import MovesOptions
from kickoff.core.state import GameState, Player

#: The decision kinds built square by square.
COMPOUND: Final[frozenset[DecisionKind]] = frozenset(
    ("path", "quick_snap", "perfect_defence", "solid_defence"))


def _neighbours(state: GameState, sq: Square) -> list[Square]:
    """The squares of the pitch next to ``sq``."""
    return [Square(sq[0] + dx, sq[1] + dy) for dx, dy in NEIGHBOURS
            if state.pitch.on_pitch((sq[0] + dx, sq[1] + dy))]


class PathBuilder:
    """A ``path`` decision's answer square by square (the module's docstring)."""

    __slots__ = ("decision", "done", "most", "path", "paths", "player", "start", "state")

    def __init__(self, decision: Decision, paths: PathOptions) -> None:
        self.decision, self.paths = decision, paths
        self.player: Player = paths.player
        self.state = paths.ctx.state
        assert self.player.square is not None
        self.start = Square(*self.player.square)
        #: The squares the path may take (a Blitz on a target: with one left for the block).
        self.most = allowance(paths.ctx, self.player) - paths.used - paths.reserve
        self.path: list[Square] = []
        self.done = False

    @property
    def here(self) -> Square:
        """Where the path has got to (the square that stops it there)."""
        return self.path[-1] if self.path else self.start

    def chosen(self) -> list[Square]:
        """The squares of the path so far."""
        return list(self.path)

    def key(self) -> tuple[Any, ...]:
        return tuple(self.path)

    def legal(self) -> list[Square]:
        """The legal squares of this step, by x then y."""
        out = [self.here] if self._may_stop() else []
        for sq in _neighbours(self.state, self.here):
            if sq == self.start or sq in self.path:
                continue
            # a step: the walk's own check (prefix-closed), not the whole answer's (which may
            # refuse a Blitz's path that is not next to its target yet); stopping checks that
            if (self.paths.walk_problem((*self.path, sq)) is None
                    and self._reaches(sq, self.most - len(self.path) - 1)):
                out.append(sq)
        return sorted(out)

    def _may_stop(self) -> bool:
        if self.decision.problem(tuple(self.path)) is not None:
            return False
        toward = self.paths.toward
        return toward is None or (distance(self.here, toward) == 1
                                  and len(self.path) <= self.most)

    def _reaches(self, sq: Square, left: int) -> bool:
        """Whether a Blitz's path at ``sq`` can still end next to its target within ``left``
        more squares (always, for a path with no target)."""
        toward = self.paths.toward
        if toward is None:
            return True
        seen = {sq, self.start, *self.path}
        queue = deque([(sq, left)])
        while queue:
            at, n = queue.popleft()
            if distance(at, toward) == 1 and n >= 0:
                return True
            if n <= 0:
                continue
            for nxt in _neighbours(self.state, at):
                if nxt not in seen and nxt not in self.state.board:
                    seen.add(nxt)
                    queue.append((nxt, n - 1))
        return False

    def play(self, sq: Square) -> None:
        """Enter ``sq``; ``here`` stops the path."""
        if sq == self.here:
            self.done = True
        else:
            self.path.append(sq)

    def answer(self) -> tuple[Square, ...]:
        return tuple(self.path)

    def default(self) -> Square:
        """The default answer's next square (the path stops where the default stops)."""
        default = tuple(self.decision.default or ())
        n = len(self.path)
        if tuple(self.path) == default[:n] and n < len(default):
            return Square(*default[n])
        return self.here


class MovesBuilder:
    """A re-set-up decision's answer (Quick Snap, Perfect / Solid Defence) player by player
    (the module's docstring)."""

    __slots__ = ("decision", "done", "i", "kind", "moves", "players", "state", "zone")

    def __init__(self, decision: Decision, options: MovesOptions) -> None:
        self.decision, self.kind = decision, decision.kind
        self.state = options.ctx.state
        self.players = [p for p in self.state.teams[options.side].players
                        if p.standing and p.square is not None]
        self.zone = self.state.pitch.setup_zone_squares(options.side)
        self.moves: list[Move] = []
        self.i = 0
        self.done = not self.players

    @property
    def player(self) -> Player:
        """The player whose move is asked."""
        return self.players[self.i]

    @property
    def here(self) -> Square:
        """The asked player's square (which keeps him there)."""
        assert self.player.square is not None
        return Square(*self.player.square)

    def chosen(self) -> list[Square]:
        """The squares the players moved so far go to."""
        return [m.to for m in self.moves]

    def key(self) -> tuple[Any, ...]:
        return (self.i, *self.moves)

    def legal(self) -> list[Square]:
        """The legal squares of this step, by x then y (his own among them)."""
        here, pid = self.here, self.player.id
        near = _neighbours(self.state, here) if self.kind == "quick_snap" else self.zone
        return sorted([here, *(sq for sq in near if sq != here and self.decision.problem(
            [*self.moves, Move(pid, sq)]) is None)])

    def play(self, sq: Square) -> None:
        """The asked player to ``sq`` (his own: he stays), then the next player."""
        if sq != self.here:
            self.moves.append(Move(self.player.id, sq))
        self.i += 1
        self.done = self.i >= len(self.players)

    def answer(self) -> list[Move]:
        return list(self.moves)

    def default(self) -> Square:
        """The default, nobody moves: he stays."""
        return self.here


Builder = PathBuilder | MovesBuilder


def builder_for(decision: Decision) -> Builder | None:
    """The builder of ``decision``'s answer, ``None`` for a decision that is not built square
    by square (its options listed, or a kind not of :data:`COMPOUND`)."""
    among = decision.among
    if decision.kind == "path" and isinstance(among, PathOptions) and among.player.square:
        return PathBuilder(decision, among)
    if decision.kind in COMPOUND and isinstance(among, MovesOptions):
        return MovesBuilder(decision, among)
    return None


class Building(Asked):
    """A step of a decision built square by square, past the answers given: the
    ``decision``, its ``builder`` as far as it has got, the step's ``legal`` squares."""

    def __init__(self, decision: Decision, builder: Builder, legal: list[Square]) -> None:
        super().__init__(decision)
        self.builder, self.legal = builder, legal
