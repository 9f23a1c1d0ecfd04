"""The board at the end of a kick-off, as the exact solver's ends carry it for the objectives
that read it (``holder-open``, ``ball-in-reach``: ``kickoff.analysis.objectives``).

The solver's ends are ball states (``ball.Held(player, square)``, ``ball.Rests(square)``)
numbered once and shared by every world (the board the Kick-off event, a kick-off move or a
High Kick left) whose journey reads the same squares. Nothing moves during the ball's journey
(a diver catches on his own square), so the board at the end of a kick-off is the world the
journey is played in. An objective that reads the board is therefore a function of the end *and*
its world; :class:`Board` makes it a function of the end alone again, by numbering, in each
world, the ends that differ there apart:

- ``marked``: a ball held by a Marked player (an opposing Standing player's tackle zone covers
  his square: ``state.tackle_zones``) is the end ``ball.HeldMarked``. A catch already reads its
  catcher's neighbours (``ball.CATCH_READS``: the chains share it only between worlds that agree
  there), and a touchback's award key says whether its taker is Marked
  (``worlds.award_key``), so no journey is shared where the flag differs;
- ``reach``: a ball resting within reach of a receiving player (:func:`in_reach`) is the end
  ``ball.RestsInReach``. That reads receivers far from the ball's path, so a journey's region
  (what it reads, by which the solver tells worlds apart) grows by every square within
  :attr:`Board.radius` of where it may rest (:meth:`Board.bits`), and the event's worlds are not
  lumped.

Each world's ends are decorated as its chain meets them (``exact_journey.Steps``), and the ends
the solver makes outside a chain (the best touchback taker's, bb2025's touchback square) by
:meth:`Board.end` too. Without a board objective the solver decorates nothing (every figure as
before). Sources: bb2020 / bb2025 "Marked", classic "tackle zone" (``state.tackle_zones``);
the reach is a ruling of ours (docs/analysis.md "Board objectives").
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, Final

from kickoff.analysis.exact.chance import Dist, Q
from kickoff.analysis.exact.worlds import REACH_OF, read_bits
from kickoff.analysis.objectives import AnyObjective, any_end_value, receivers_prefer
from kickoff.core import ball
from kickoff.core.pitch import Square
from kickoff.core.state import GameState, Player, tackle_zones

#: The features a board objective reads: the holder Marked, the ball within reach.
MARKED: Final = "marked"
REACH: Final = "reach"
#: The extra squares a player may move in his next turn by Rush (classic: Going For It), every
#: edition, skills (Sprint) ignored.
RUSHES: Final = 2
#: What standing up costs a Prone player of his Movement Allowance (every edition).
STAND_UP: Final = 3


def allowance(p: Player) -> int:
    """How many squares ``p`` could move in his next turn (our ruling, docs/analysis.md "Board
    objectives"): his MA plus :data:`RUSHES`, less :data:`STAND_UP` when Prone; ``-1`` when he
    cannot act (Stunned, off the pitch)."""
    if p.square is None or p.status not in ("standing", "prone"):
        return -1
    return p.ma + RUSHES - (STAND_UP if p.status == "prone" else 0)


def in_reach(world: GameState, square: Square) -> bool:
    """Whether a receiving player of ``world`` could reach ``square`` next turn: one whose
    distance to it (in squares, any direction, as Blood Bowl counts them) is at most his
    :func:`allowance`, ignoring tackle zones, Dodge rolls and other players in the way."""
    for p in world.teams[world.receiving].players:
        sq = p.square
        if sq is not None and max(abs(sq.x - square.x), abs(sq.y - square.y)) <= allowance(p):
            return True
    return False


def is_marked(world: GameState, player: str, square: Square) -> bool:
    """Whether ``player`` on ``square`` of ``world`` is Marked (in an opposing tackle zone)."""
    return bool(tackle_zones(world, square, world.players[player].side))


def board_value(state: GameState, objective: str) -> bool:
    """A board objective's value (``holder-open``, ``ball-in-reach``; any other: ``False``) of
    a kick-off's end as the engine leaves it (``state``: the ball placed, ``carrier`` its
    holder): what the exact solver's decorated ends count, read off a played kick-off (the
    Monte Carlo checks, the two-coach game's reward)."""
    carrier = state.carrier
    if objective == "holder-open" and carrier is not None:
        p = state.players[carrier]
        return (p.side == state.receiving and p.square is not None
                and not is_marked(state, carrier, p.square))
    if objective == "ball-in-reach" and carrier is None and state.ball is not None:
        return in_reach(state, Square(state.ball[0], state.ball[1]))
    return False


class Board:
    """What a solver's ends carry of the board (``features``: :data:`MARKED`, :data:`REACH`)
    for the set-up ``state``: :meth:`end` decorates an end in a world, :meth:`bits` widens a
    journey state's region. ``radius``: the farthest any receiving player of the set-up could
    reach (an event changes no Movement Allowance)."""

    def __init__(self, state: GameState, features: frozenset[str]) -> None:
        self.features = features
        self.marked = MARKED in features
        self.reach = REACH in features
        self.radius = max((p.ma + RUSHES for p in state.teams[state.receiving].players),
                          default=0)
        self.pitch = state.pitch
        self.kind = REACH_OF[state.receiving]
        self._bits: dict[tuple[Square, int], int] = {}

    def end(self, world: GameState, s: ball.BallState) -> ball.BallState:
        """``s`` as this board's ends tell it apart in ``world``: a ball held by a Marked
        player ``HeldMarked``, one resting within reach ``RestsInReach`` (each when its feature
        is read); anything else as it is."""
        if self.marked and type(s) is ball.Held and is_marked(world, s.player, s.square):
            return ball.HeldMarked(s.player, s.square, s.touchback)
        if (self.reach and type(s) is ball.Rests and s.square is not None
                and in_reach(world, s.square)):
            return ball.RestsInReach(s.square, s.touchback)
        return s

    def bits(self, s: ball.BallState) -> int:
        """The region (``worlds.read_bits``) a step from ``s`` reads besides the ball's own
        reads, for :meth:`end`: with ``reach``, every square of the pitch within the radius of
        where the ball may rest after it (an arrival: its square; a bounce: a square next to
        it); ``0`` otherwise (a catch already reads the tackle zones on its catcher)."""
        if not self.reach or not isinstance(s, (ball.Arrive, ball.Bounce)):
            return 0
        radius = self.radius + (1 if isinstance(s, ball.Bounce) else 0)
        key = (s.square, radius)
        bits = self._bits.get(key)
        if bits is None:
            x, y = s.square
            span = range(-radius, radius + 1)
            bits = self._bits[key] = read_bits(
                (self.kind, Square(x + dx, y + dy)) for dx in span for dy in span
                if self.pitch.on_pitch((x + dx, y + dy)))
        return bits


class EndValues:
    """The objective's value of the solver's numbered ends (``states[i]`` is the end numbered
    ``i``; the list grows as the solver meets states) for the receiving team of ``state``."""

    def __init__(self, state: GameState, objective: AnyObjective, states: list[Any],
                 tables: Any = None) -> None:
        self.objective: AnyObjective = objective
        self.states = states
        #: What the solver's ends carry of the board (``exact_board.Board``; ``None``: nothing).
        self.board: Board | None = None if tables is None else tables.board
        self.receiving = state.receiving
        self.end_zone_x = state.pitch.end_zone_x(state.receiving)
        self.sides = {p.id: p.side for p in state.players.values()}
        self._of: dict[int, Any] = {}
        #: :func:`best_taker`'s answers by the able players and their squares.
        self.takers: dict[tuple[tuple[str, Square | None, bool], ...], tuple[str | None, bool]] = {}
        #: :func:`best_square`'s answers by the board's occupied squares (and, with a board
        #: reading the reach, the receivers).
        self.squares: dict[Hashable, Square | None] = {}
        #: While a plan search records a solve's parts (``analysis.plan_parts``): each square's
        #: option values at the kick-off move's node, nobody first (``None``: not recording).
        self.seen: dict[Square, list[Any]] | None = None

    def of(self, end: ball.Held | ball.Rests) -> Any:
        """One end's value (:func:`~kickoff.analysis.objectives.any_end_value`: an integer, a
        fraction for a mix)."""
        return any_end_value(end, self.objective, self.receiving, self.end_zone_x, self.sides)

    def of_in(self, world: GameState, end: ball.Held | ball.Rests) -> Any:
        """:meth:`of` the end as the solver's ends carry it in ``world`` (``exact_board``)."""
        if self.board is not None:
            decorated = self.board.end(world, end)
            assert isinstance(decorated, (ball.Held, ball.Rests))
            end = decorated
        return self.of(end)

    def value(self, ends: Dist) -> Any:
        """The expected value of numbered end probabilities (exact)."""
        total = Q(0)
        for i, p in ends.items():
            v = self._of.get(i)
            if v is None:
                v = self._of[i] = self.of(self.states[i])
            total += p * v
        return total

    def better(self, a: Any, b: Any) -> bool:
        """Whether the receivers strictly prefer value ``a`` to ``b``."""
        return receivers_prefer(self.objective, a, b)


def keep_better(choice: Any, outcomes: Iterable[tuple[Any, Any, Any]],
                known: Mapping[Any, Mapping[Square, Dist]],
                best: dict[Square, tuple[Dist, Any, Any]], values: EndValues) -> None:
    """A decision node's option ``choice`` compared at each square of ``best`` (square ->
    ``(ends, choice, value)`` of the best so far, replaced where ``choice`` is strictly better):
    its ends there the mixture of its ``outcomes`` (``(probability, key, _)``), each key's ends
    by square in ``known`` (``exact_best.MoveNode.prepare``)."""
    for square in list(best):
        out: Dist = {}
        for q, key, _ in outcomes:
            for i, p in known[key][square].items():
                out[i] = out.get(i, 0) + q * p
        value = values.value(out)
        if values.seen is not None:  # (the first option compared after nobody's own)
            values.seen.setdefault(square, [best[square][2]]).append(value)
        if values.better(value, best[square][2]):
            best[square] = (out, choice, value)
