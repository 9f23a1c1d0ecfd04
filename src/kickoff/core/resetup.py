"""The kick-off events' moves: Quick Snap and Perfect / Solid Defence (``rulings.md`` 6; the
events themselves are :mod:`kickoff.core.events`).

Each is a coach's decision (:meth:`KickoffContext.decide <kickoff.core.context.KickoffContext.decide>`)
whose options cannot be listed (any number of players, each to any square the rules allow): the
decision is declared with its default, nobody moves (``[]``), and its check, the rule itself
played on a copy of the state (:func:`decided_moves`), so that an illegal answer is refused with
the rule's own problem, before anybody moves. The options are a checkable set
(:class:`MovesOptions`, ``Decision.among``): every answer the rule accepts, the first of them
listed up to a bound: nobody moves, then one player's move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kickoff.core.coach import Decision, DecisionKind
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Move
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import NEIGHBOURS, Side, Square, distance
from kickoff.core.problems import Problem
from kickoff.core.setup import setup_problems
from kickoff.core.state import Player


def _apply_moves_together(ctx: KickoffContext, moves: list[Move], key: str) -> list[str]:
    """Move players simultaneously (swaps allowed); ``DecisionError`` if a player is named twice
    or two are moved to one square. Returns the moves onto a square whose player stays (each
    "player X cannot move to [x, y]: Y is there"), for the re-set-up's check to list with the
    set-up's other problems (``rulings.md`` 1: every problem at once)."""
    if not moves:  # nobody moves (the default)
        ctx.note(key.removeprefix("decisions."), moves={})
        return []
    st = ctx.state
    seen: set[str] = set()
    targets: set[tuple[int, int]] = set()
    for m in moves:
        if m.player in seen:
            raise DecisionError.at(key, f"player {m.player} is named twice")
        seen.add(m.player)
        if m.to in targets:
            raise DecisionError.at(key, f"two players are moved to {list(m.to)}")
        targets.add(m.to)
    players = [st.players[m.player] for m in moves]
    for p in players:
        st.move(p, None)
    clashes = [f"player {m.player} cannot move to {list(m.to)}: {st.board[m.to].id} is there"
               for m in moves if m.to in st.board]
    for p, m in zip(players, moves, strict=True):  # on a clash, still put where named, to be
        st.move(p, m.to)                            # checked (the set-up is refused)
    if clashes:
        return clashes
    ctx.note(key.removeprefix("decisions."), moves={m.player: list(m.to) for m in moves})
    return []


def _check_resetup(ctx: KickoffContext, key: str, clashes: Sequence[str] = ()) -> None:
    """``DecisionError`` listing every problem if the kicking team's set-up is now illegal:
    ``clashes`` (moves onto a staying player's square) first, then the set-up's own problems
    (read once per set-up: no move, or the same moves again, give the same set-up;
    ``GameState.facts``)."""
    if clashes:  # the board no longer holds every player: read the players, not the facts
        problems = "; ".join([*clashes, *(p.text() for p in setup_problems(
            ctx.state, ctx.ruleset, ctx.kicking, check_count=False))])
        raise DecisionError.at(key, f"the new set-up is illegal: {problems}")
    checked = ctx.state.facts().resetups
    for ruleset, side, found in checked:
        if ruleset is ctx.ruleset and side == ctx.kicking:
            problems = found
            break
    else:
        problems = "; ".join(p.text() for p in setup_problems(
            ctx.state, ctx.ruleset, ctx.kicking, check_count=False))
        checked.append((ctx.ruleset, ctx.kicking, problems))
    if problems:
        raise DecisionError.at(key, f"the new set-up is illegal: {problems}")


def _kicking_mover(ctx: KickoffContext, pid: str, key: str) -> Player:
    p = ctx.player(pid, key)
    if p.side != ctx.kicking or p.square is None:
        raise DecisionError.at(key, f"{pid} is not a kicking team player on the pitch")
    return p


#: A kick-off event's moves played on a context (the rule's own checks raise ``DecisionError``).
MovesPlay = Callable[[KickoffContext, list[Move]], None]


def decided_moves(ctx: KickoffContext, kind: DecisionKind, side: Side, scripted: list[Move],
                   play: MovesPlay) -> list[Move]:
    """The coach's moves at a re-set-up decision (Quick Snap, Perfect / Solid Defence): options
    that cannot be listed, so the decision's check is the rule itself, ``play`` tried on a copy
    of the state (its first problem); the default, nobody moves (``[]``)."""

    def refuse(answer: object) -> Problem | None:
        if not isinstance(answer, list) or not all(isinstance(m, Move) for m in answer):
            return Problem(f"{answer!r} is not a list of moves", f"decisions.{kind}")
        trial = KickoffContext(ctx.state.clone(), ctx.ruleset, ctx.dice, ctx.decisions,
                               ctx.house_rules, log=False)
        try:
            play(trial, answer)
        except DecisionError as e:
            return e.problems[0]
        return None

    if not scripted and ctx.plain:
        return []
    moves: list[Move] = ctx.decide(Decision(kind, side, f"decisions.{kind}", [], None, refuse,
                                            scripted, bool(scripted),
                                            among=MovesOptions(ctx, side, kind, refuse)))
    return moves


class MovesOptions:
    """The options of a re-set-up decision as a checkable set
    (:class:`~kickoff.core.coach.OptionSet`): ``in`` is the rule's check (``refuse``, the rule
    played on a copy); :meth:`listed` the first ``bound`` of: nobody moves (``[]``), then each
    single move the rule accepts of a Standing player of ``side`` on the pitch (in team order)
    to an empty square of the pitch (Quick Snap: the squares next to him; the defences: his
    own half), by x then y. Each listed option is tried on a copy of the state: listing costs
    one trial play an option tried."""

    __slots__ = ("ctx", "kind", "refuse", "side")

    def __init__(self, ctx: KickoffContext, side: Side, kind: DecisionKind,
                 refuse: Callable[[object], Problem | None]) -> None:
        self.ctx, self.side, self.kind, self.refuse = ctx, side, kind, refuse

    def __contains__(self, answer: object) -> bool:
        return self.refuse(answer) is None

    def listed(self, bound: int) -> tuple[list[Move], ...]:
        """At most ``bound`` options, in the order of the class's docstring."""
        found: list[list[Move]] = [[]] if bound > 0 else []
        st = self.ctx.state
        for p in st.teams[self.side].players:
            if not p.standing or p.square is None:
                continue
            for sq in self._squares(p):
                if len(found) >= bound:
                    return tuple(found)
                move = [Move(p.id, sq)]
                if self.refuse(move) is None:
                    found.append(move)
        return tuple(found)

    def _squares(self, p: Player) -> list[Square]:
        """The empty squares of the pitch ``p`` might be moved to, by x then y."""
        st = self.ctx.state
        pitch = st.pitch
        assert p.square is not None
        if self.kind == "quick_snap":
            near = [Square(p.square[0] + dx, p.square[1] + dy) for dx, dy in NEIGHBOURS]
        else:
            near = [Square(x, y) for x in range(pitch.width) for y in range(pitch.height)
                    if pitch.in_setup_zone(self.side, (x, y))]
        return sorted(sq for sq in near if pitch.on_pitch(sq) and sq not in st.board)


def perfect_defence(ctx: KickoffContext) -> None:
    """Perfect Defence (classic 4): the kicking coach's moves, played."""
    moves = decided_moves(ctx, "perfect_defence", ctx.kicking, ctx.decisions.perfect_defence,
                           _perfect_defence_moves)
    _perfect_defence_moves(ctx, moves)


def _perfect_defence_moves(ctx: KickoffContext, moves: list[Move]) -> None:
    for m in moves:
        _kicking_mover(ctx, m.player, "decisions.perfect_defence")
    clashes = _apply_moves_together(ctx, moves, "decisions.perfect_defence")
    _check_resetup(ctx, "decisions.perfect_defence", clashes)


def solid_defence(ctx: KickoffContext, n: int) -> None:
    """Solid Defence (bb2020 4, bb2025 4 "up to", Sevens D3+1): the kicking coach's moves of up
    to ``n`` Open players, played."""

    def play(c: KickoffContext, moves: list[Move]) -> None:
        _solid_defence_moves(c, moves, n)

    play(ctx, decided_moves(ctx, "solid_defence", ctx.kicking, ctx.decisions.solid_defence, play))


def _solid_defence_moves(ctx: KickoffContext, moves: list[Move], n: int) -> None:
    if len(moves) > n:
        raise DecisionError.at("decisions.solid_defence", f"{len(moves)} players named, at most {n} may move")
    for m in moves:
        p = _kicking_mover(ctx, m.player, "decisions.solid_defence")
        if not (p.standing and ctx.state.is_open(p)):
            raise DecisionError.at("decisions.solid_defence", f"{p.id} at {list(p.square or ())} is not Open")
        if p.square == m.to:
            raise DecisionError.at("decisions.solid_defence",
                                   f"{p.id} is named for his own square {list(m.to)}")
    clashes = _apply_moves_together(ctx, moves, "decisions.solid_defence")
    _check_resetup(ctx, "decisions.solid_defence", clashes)


def quick_snap(ctx: KickoffContext, n: int | None) -> None:
    """Quick Snap (every table, 9): the receiving coach's moves of one square each, played (up
    to ``n`` Open players; classic, ``None``: any Standing player)."""

    def play(c: KickoffContext, moves: list[Move]) -> None:
        _quick_snap_moves(c, moves, n)

    play(ctx, decided_moves(ctx, "quick_snap", ctx.receiving, ctx.decisions.quick_snap, play))


def _quick_snap_moves(ctx: KickoffContext, moves: list[Move], n: int | None) -> None:
    st = ctx.state
    team = ctx.state.teams[ctx.receiving]
    # Who may move is fixed before anybody does (the default: nobody, nothing to read).
    eligible = {p.id for p in team.players
                if p.standing and (n is None or st.is_open(p))} if moves else set()
    if n is not None and len(moves) > n:
        raise DecisionError.at("decisions.quick_snap", f"{len(moves)} players named, at most {n} may move")
    moved: set[str] = set()
    for i, m in enumerate(moves):
        p = _quick_snap_mover(ctx, m, f"decisions.quick_snap[{i}]", eligible, moved, n)
        st.move(p, m.to)
        moved.add(p.id)
    ctx.note("quick_snap", moves={m.player: list(m.to) for m in moves})


def _quick_snap_mover(ctx: KickoffContext, m: Move, key: str, eligible: set[str],
                      moved: set[str], n: int | None) -> Player:
    """The player Quick Snap move ``m`` (at ``key``) names, checked: among ``eligible``, not
    ``moved`` yet, one square to an empty square of the pitch. ``DecisionError`` naming ``key``
    otherwise."""
    p = ctx.player(m.player, key)
    if p.id not in eligible:
        raise DecisionError.at(key,
            f"{p.id} may not move: not a"
            + ("n Open" if n is not None else "")
            + " Standing receiving player on the pitch"
        )
    if p.id in moved:
        raise DecisionError.at(key, f"{p.id} has already moved")
    assert p.square is not None
    if p.square == m.to:
        raise DecisionError.at(key, f"{p.id} is named for his own square {list(m.to)}")
    if distance(p.square, m.to) != 1:
        raise DecisionError.at(key,
            f"{p.id} at {list(p.square)} may move one square, not to {list(m.to)}"
        )
    if not ctx.state.pitch.on_pitch(m.to) or m.to in ctx.state.board:
        raise DecisionError.at(key, f"{list(m.to)} is not an empty square of the pitch")
    return p
