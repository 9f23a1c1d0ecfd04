"""Moving a player: steps, Rushes (GFI), Dodges, picking up the ball, and Falling Over.

Sources (``docs/actions.md`` has the details per edition):

- classic (LRB6 / CRP): MA squares, then up to two GFIs on 2+ (Sprint: three; a Blizzard fails
  them on 1-2); leaving a square in an opposing tackle zone needs a Dodge roll on the Agility
  table, +1, -1 per opposing tackle zone on the square entered; picking up the ball: Agility
  table, +1, -1 per opposing tackle zone, -1 in Pouring Rain. A failed GFI or Dodge: the player
  is Knocked Down in the square he was moving to (armour roll), a turnover.
- bb2020 / bb2025 / Sevens: the same with AG as the target and no +1; Rush 2+, -1 in a Blizzard;
  a failed Rush or Dodge: the player Falls Over in the square he was moving to.
- Skills: Dodge (re-roll a Dodge; not against a Tackle player he is leaving), Sure Feet (re-roll a
  Rush), Sure Hands (re-roll a pick-up), Sprint (one more Rush), Stunty (ignores the tackle zones
  on the square he dodges into), Two Heads (+1 to a Dodge: :data:`TWO_HEADS_DODGE`), Pro, team
  re-rolls (``kickoff.core.rolls``).

The order of the dice for one step is the Rush, then the Dodge, then the pick-up
(``pitch-and-dice.md``, "Scripted dice": the order they happen).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from kickoff.core import ball
from kickoff.core.actions.injury import armour_and_injury
from kickoff.core.actions.leap import choose_leap, leap_test, may_leap
from kickoff.core.actions.shadowing import shadow
from kickoff.core.actions.tentacles import held
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import RerollChoices
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import NEIGHBOURS, Square, distance
from kickoff.core.problems import Problem
from kickoff.core.rolls import Turn, roll_test, square_text, where_of
from kickoff.core.state import GameState, Player, tackle_zones

if TYPE_CHECKING:  # made by a turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Rerolls


#: Two Heads' modifier to a Dodge, the same in every edition: LRB6 "Add 1 to all Dodge rolls the
#: player makes"; bb2020 / bb2025 +1 to the Agility test when the player attempts to Dodge
#: (issue 25).
TWO_HEADS_DODGE = 1

#: How far a step that is not a Leap reaches: to an adjacent square.
_ADJACENT: Final[frozenset[int]] = frozenset({1})


def allowance(ctx: KickoffContext, player: Player) -> int:
    """Squares ``player`` may move in one action: MA plus the Rushes (two, Sprint three)."""
    return player.ma + ctx.ruleset.actions.rushes + (1 if "sprint" in player.skills else 0)


def check_path(
    ctx: KickoffContext, player: Player, path: Sequence[Square], where: str, used: int = 0,
    leaps: Collection[int] = (),
) -> None:
    """Raise ``DecisionError`` carrying :func:`path_problem`'s problem if ``path`` is not a legal
    move for ``player`` having already moved ``used`` squares."""
    problem = path_problem(ctx, player, path, where, used, leaps)
    if problem is not None:
        raise DecisionError(problem)


def path_problem(
    ctx: KickoffContext, player: Player, path: Sequence[Square], where: str, used: int = 0,
    leaps: Collection[int] = (),
) -> Problem | None:
    """Why ``path`` is not a legal move for ``player`` (Standing, on the pitch) having already
    moved ``used`` squares (``None``: it is), naming ``where``, the player and the step (his
    square as a value): each step adjacent to the last (a Leap, the steps indexed in ``leaps``:
    at the edition's Leap distance, by a player with Leap), on the pitch, into an empty square,
    and no more squares than MA plus the Rushes allow (a Leap costs two). Pure."""
    st = ctx.state
    if not player.standing:
        return where_of(where, player).problem("only a Standing player on the pitch can move")
    limit = allowance(ctx, player)
    rules = ctx.ruleset.actions.leap
    leaps = frozenset(i for i in leaps if i < len(path))
    if leaps and "leap" not in player.skills:
        return where_of(where, player).problem(f"{player.id} has no Leap skill")
    if rules.once and len(leaps) > 1:
        return where_of(where, player).problem("only one Leap is allowed an activation")
    cost = used + len(path) + len(leaps)
    if cost > limit:
        return where_of(where, player).problem(f"a path of {cost} squares is beyond MA {player.ma} plus "
                             f"{limit - player.ma} Rushes" + (" (a Leap costs two)" if leaps else ""))
    here = player.square
    assert here is not None
    for i, sq in enumerate(path):
        why = _step_problem(st, player, here, sq, rules.reach if i in leaps else _ADJACENT,
                            i in leaps)
        if why is not None:
            return Problem(why, f"{where}.path[{i}] ({player.id} from {square_text(here)})",
                           (player.id,), (Square(*here),), "illegal_choice")
        here = sq
    return None


def _step_problem(st: GameState, player: Player, here: tuple[int, int], sq: tuple[int, int],
                  reach: Collection[int], leaping: bool) -> str | None:
    """Why ``player`` may not step (``leaping``: Leap) from ``here`` to ``sq``."""
    if not isinstance(sq, tuple) or len(sq) != 2:
        return f"{sq!r} is not a square"
    if distance(here, sq) not in reach:
        return f"{square_text(sq)} is not " + ("at a Leap's distance" if leaping else "adjacent")
    if not st.pitch.on_pitch(sq):
        return f"{square_text(sq)} is off the pitch"
    other = st.board.get(sq)
    if other is not None and other.id != player.id:
        return f"{square_text(sq)} is occupied by {other.id}"
    return None


def approach_problem(
    ctx: KickoffContext, player: Player, where: str, target: tuple[str, Square], end: Square,
    cost: int, reserve: int = 1,
) -> Problem | None:
    """Why a Blitz's path that ends on ``end`` having used ``cost`` squares (a Leap two) cannot
    reach the block on ``target`` (its id and square; ``None``: it can): the end is next to the
    target's square and ``reserve`` squares (the block's one) are left of MA plus the Rushes
    (:func:`allowance`). The problem names ``where``, ``player`` and his square. Pure."""
    name, square = target
    place = where_of(where, player)
    if distance(end, square) != 1:
        return place.problem(f"target {name} at {square_text(square)} is not adjacent to the end "
                             f"of the path {square_text(end)}")
    if cost + reserve > allowance(ctx, player):
        return place.problem(f"no movement left for the block: a Blitz's block costs one square "
                             f"and the path already uses {cost} (MA {player.ma} plus Rushes)")
    return None


def walk_problem(ctx: KickoffContext, player: Player, path: object, where: str) -> Problem | None:
    """Why ``path`` is not a walk of adjacent steps (no Leap) ``player`` may take now (``None``:
    it is): a tuple of squares, then :func:`path_problem`. What a ``path`` decision of a move
    that plays no Leap checks (``PathOptions(..., may_leap=False).problem``), without making
    its options."""
    problem = _shape_problem(player, path, where)
    if problem is not None:
        return problem
    assert isinstance(path, tuple)
    return path_problem(ctx, player, path, where)


def _shape_problem(player: Player, path: object, where: str) -> Problem | None:
    """Why ``path`` is not a tuple of squares (``None``: it is), naming ``where`` and ``player``."""
    if not isinstance(path, tuple) or not all(isinstance(sq, tuple) for sq in path):
        return where_of(where, player).problem(f"{path!r} is not a list of squares")
    return None


class PathOptions:
    """The legal paths of ``player`` (the options of a ``path`` decision), too many to list (up
    to eight steps a square): a checkable set (:class:`~kickoff.core.coach.OptionSet`).

    ``in``: :func:`path_problem` finds nothing (a tuple of squares; a Leap player's steps
    beyond a square away are Leaps, with ``leaps`` the scenario's own). :meth:`listed`: the
    first ``bound`` paths of adjacent steps (no Leap) into empty squares of the pitch, never
    entering a square twice, the empty path first, then by length, each length in the order of
    the steps' squares (x, then y), within MA plus the Rushes less ``used``; with ``toward`` (a
    Blitz's target's square) only those ending next to it with ``reserve`` squares left (the
    block's), searching at most ``8 * bound`` paths of each length. Reads the state as it is.

    With ``toward``, ``in`` also asks what :meth:`listed` gives: the path ends next to
    ``toward`` (the square of ``target``, the Blitz's target, named in the problem) and leaves
    ``reserve`` squares of MA plus the Rushes (:func:`approach_problem`), so that a path the
    coach cannot play is refused at its decision, naming the player and his square.
    ``may_leap=False``: no step is taken for a Leap unless ``leaps`` says so (a move that plays
    no Leap: the Kick It! Kick action's)."""

    __slots__ = ("ctx", "leaper", "leaps", "player", "reserve", "target", "toward", "used",
                 "where")

    def __init__(self, ctx: KickoffContext, player: Player, where: str, used: int = 0,
                 leaps: Collection[int] = (), toward: Square | None = None,
                 reserve: int = 0, target: str = "", may_leap: bool = True) -> None:
        self.ctx, self.player, self.where, self.used = ctx, player, where, used
        self.leaps = frozenset(leaps)
        self.toward, self.reserve, self.target = toward, reserve, target
        self.leaper = may_leap and "leap" in player.skills

    def problem(self, path: object) -> Problem | None:
        """Why ``path`` is not one of the options (``None``: it is)."""
        problem = self.walk_problem(path)
        if problem is not None or self.toward is None:
            return problem
        assert isinstance(path, tuple)
        here = path[-1] if path else self.player.square
        if here is None:
            return None
        return approach_problem(self.ctx, self.player, self.where, (self.target, self.toward),
                                Square(*here), self.used + len(path) + len(self._leaps(path)),
                                self.reserve)

    def walk_problem(self, path: object) -> Problem | None:
        """Why ``path`` is not a walk the player may take (``None``: it is): the check of every
        step (MA plus the Rushes, empty squares of the pitch, Leaps), without the Blitz's
        approach to its target. Prefix-closed: a walk's every beginning is a walk, which is
        what a path built square by square (the environment's) asks at each step."""
        problem = _shape_problem(self.player, path, self.where)
        if problem is not None:
            return problem
        assert isinstance(path, tuple)
        return path_problem(self.ctx, self.player, path, self.where, self.used,
                            self._leaps(path))

    def _leaps(self, path: tuple[tuple[int, int], ...]) -> set[int]:
        """The steps of ``path`` that are Leaps: the scenario's, and a Leap player's step
        beyond a square away."""
        here: tuple[int, int] | None = self.player.square
        inferred = {i for i in self.leaps if i < len(path)}
        for i, sq in enumerate(path):
            if self.leaper and here is not None and len(sq) == 2 and distance(here, sq) > 1:
                inferred.add(i)
            here = sq
        return inferred

    def __contains__(self, path: object) -> bool:
        return self.problem(path) is None

    def listed(self, bound: int) -> tuple[tuple[Square, ...], ...]:
        """At most ``bound`` paths, in the order of the class's docstring."""
        start = self.player.square
        if start is None or not self.player.standing or bound <= 0:
            return ()
        most = allowance(self.ctx, self.player) - self.used - self.reserve
        if most < 0:
            return ()
        if self.toward is None:
            return self._walks(Square(*start), most, bound)
        return self._approaches(Square(*start), self.toward, most, bound)

    def _steps(self, at: tuple[int, int], start: Square) -> list[Square]:
        """The empty squares of the pitch next to ``at`` (``start`` aside), by x then y."""
        st = self.ctx.state
        return [sq for sq in sorted(Square(at[0] + dx, at[1] + dy) for dx, dy in NEIGHBOURS)
                if sq != start and st.pitch.on_pitch(sq) and sq not in st.board]

    def _walks(self, start: Square, most: int, bound: int) -> tuple[tuple[Square, ...], ...]:
        """The first ``bound`` paths of at most ``most`` steps, by length then squares."""
        found: list[tuple[Square, ...]] = [()]
        level: list[tuple[Square, ...]] = [()]
        while level and len(found) < bound and len(level[0]) < most:
            nxt = [path + (sq,)  # noqa: RUF005 (docs/performance.md, "The code's shapes for speed")
                   for path in level for sq in self._steps(path[-1] if path else start, start)
                   if sq not in path]
            found.extend(nxt[:bound - len(found)])
            level = nxt
        return tuple(found[:bound])

    def _approaches(self, start: Square, toward: Square, most: int,
                    bound: int) -> tuple[tuple[Square, ...], ...]:
        """One shortest path (of at most ``most`` steps) to each square next to ``toward`` that
        one reaches, by length then square (the first ``bound``; the empty path first when he
        stands next to it already)."""
        came: dict[Square, Square | None] = {start: None}
        level, steps = [start], 0
        ends: list[tuple[int, Square]] = [(0, start)] if distance(start, toward) == 1 else []
        while level and steps < most and len(ends) < bound:  # a level's ends come before the next's
            steps += 1
            nxt = []
            for here in level:
                for sq in self._steps(here, start):
                    if sq not in came:
                        came[sq] = here
                        nxt.append(sq)
                        if distance(sq, toward) == 1:
                            ends.append((steps, sq))
            level = nxt
        paths: list[tuple[Square, ...]] = []
        for _, end in sorted(ends)[:bound]:
            path: list[Square] = []
            back: Square | None = end
            while back is not None and back != start:
                path.append(back)
                back = came[back]
            paths.append(tuple(reversed(path)))
        return tuple(paths)


def move(
    ctx: KickoffContext,
    turn: Turn,
    player: Player,
    path: Sequence[Square],
    rerolls: Rerolls,
    where: str,
    *,
    checked: bool = False,
) -> bool:
    """Move ``player`` along ``path`` (Dodges, Rushes, picking up the ball in a square it lies in).

    True if the player ends Standing; False if he Fell Over (``turn.turnover`` set, the ball
    bounces if he held it). A failed pick-up leaves him Standing but ends the turn (the ball
    bounces; ``turn.turnover``). Raises ``DecisionError`` naming ``where`` for an illegal path,
    before any die is rolled; ``checked``: the path was just checked (:func:`path_problem`,
    with the same player, ``where``, no Leap and nothing changed since: a ``path`` decision's
    answer), so not again.
    """
    ok, _ = move_steps(ctx, turn, player, path, rerolls, where, checked=checked)
    return ok


def move_steps(
    ctx: KickoffContext,
    turn: Turn,
    player: Player,
    path: Sequence[Square],
    rerolls: Rerolls,
    where: str,
    used: int = 0,
    *,
    ma: int | None = None,
    leaps: Collection[int] = (),
    tentacles: Mapping[int, str] | None = None,
    shadowing: Mapping[int, str] | None = None,
    checked: bool = False,
) -> tuple[bool, int]:
    """:func:`move` for a player who has already moved ``used`` squares this action (a Blitz's
    block costs one): ``(standing, squares of movement used now)``. The move stops early on a
    fall, a failed pick-up or a Leap the coach declines. ``ma``: the squares he may move before
    Rushing, when a rule sets it regardless of his MA (the kick-off move:
    ``kickoff.core.actions.kickoff_move``). ``leaps``: the indexes of the steps the scenario
    makes as a Leap (:mod:`kickoff.core.actions.leap`; the coach is asked at each step where one
    is possible); ``tentacles``: the steps where the receiving coach uses an opposing player's
    Tentacles (:mod:`kickoff.core.actions.tentacles`: held, the move ends where he stands);
    ``shadowing``: the steps where it uses an opposing player's Shadowing
    (:mod:`kickoff.core.actions.shadowing`); ``checked``: as :func:`move`'s."""
    if not checked:
        check_path(ctx, player, path, where, used, leaps)
    st = ctx.state
    free = player.ma if ma is None else ma
    spent = used
    for i, sq in enumerate(path):
        here = player.square
        assert here is not None
        leaping = _leaping(ctx, turn, player, (here, sq, i), i in leaps, where)
        if leaping is None:
            return True, spent - used
        for _ in range(2 if leaping else 1):
            spent += 1
            if spent > free and not rush(ctx, turn, player, rerolls.rush, where):
                _fall(ctx, turn, player, (here, sq, i), "rush", rerolls, (shadowing, where))
                return False, spent - used
        left = _leave(ctx, turn, player, (here, sq, i), leaping, rerolls, where,
                      (tentacles, shadowing))
        if left is not True:
            return left is None, spent - used
        player = step_to(ctx, player, sq)
        shadow(ctx, turn, player, here, i, shadowing or {}, where, rerolls.shadowing)
        if st.ball == sq and st.carrier is None and not pick_up(ctx, turn, player, rerolls, where):
            return True, spent - used
    return True, spent - used


def _leaping(ctx: KickoffContext, turn: Turn, player: Player,
             step: tuple[Square, Square, int], scripted: bool, where: str
             ) -> bool | None:
    """Whether ``player`` Leaps at path step ``step`` (``(here, sq, index)``), the coach asked
    where a Leap is possible (``scripted``: the scenario's); ``None``: the move stops (a Leap
    declined for a square two away). ``DecisionError`` for a Leap scripted where none can be
    used."""
    here, sq, i = step
    if may_leap(ctx, turn, player, here, sq):
        leaping = choose_leap(ctx, player, scripted, f"{where}.path[{i}]")
        if not leaping and distance(here, sq) != 1:
            ctx.note("ignored", where=f"{where}.path[{i}]", why="no Leap: the move stops")
            return None
        return leaping
    if scripted:
        raise DecisionError.at(f"{where}.path[{i}] ({player.id})",
                               "no Leap can be used here (one an activation)")
    return False


def _leave(ctx: KickoffContext, turn: Turn, player: Player,
           step: tuple[Square, Square, int], leaping: bool, rerolls: Rerolls,
           where: str, scripted: tuple[Mapping[int, str] | None, Mapping[int, str] | None]
           ) -> bool | None:
    """``player`` leaves ``here`` for ``sq`` (``step``: ``(here, sq, index)``): held by
    Tentacles (``None``: the move ends, standing), else his Leap or Dodge rolled (``False``: he
    fell); ``True``: he goes on. ``scripted``: the Tentacles and Shadowing steps."""
    here, sq, i = step
    tentacles, shadowing = scripted
    if (leaping or tackle_zones(ctx.state, here, player.side)) and held(
            ctx, turn, player, here, i, tentacles or {}, where, rerolls.tentacles):
        return None
    if leaping:
        if not leap_test(ctx, turn, player, here, sq, rerolls.leap, where):
            _fall(ctx, turn, player, step, "leap", rerolls, (shadowing, where))
            return False
    elif not dodge(ctx, turn, player, here, sq, rerolls, where):
        _fall(ctx, turn, player, step, "dodge", rerolls, (shadowing, where))
        return False
    return True


def _fall(
    ctx: KickoffContext, turn: Turn, player: Player, step: tuple[Square, Square, int],
    why: str, rerolls: Rerolls, shadowing: tuple[Mapping[int, str] | None, str],
) -> None:
    """``player`` falls at path step ``step`` (``(here, sq, index)``: he left ``here`` for
    ``sq``): he has moved out of ``here``, so an opposing Shadowing player may follow him into it
    before his armour roll (classic LRB6 "moves out of any of his tackle zones for any reason";
    bb2020 / bb2025 "Voluntarily Moves out of a square"; FUMBBL's ``Move`` sequences roll
    ``SHADOWING`` before ``FALL_DOWN``), then :func:`fall_over`."""
    here, sq, i = step
    scripted, where = shadowing
    moved = ctx.state.move(player, sq)
    shadow(ctx, turn, moved, here, i, scripted or {}, where, rerolls.shadowing)
    fall_over(ctx, turn, ctx.state.players[player.id], sq, why, rerolls)


def dodge(ctx: KickoffContext, turn: Turn, player: Player, here: tuple[int, int], sq: Square,
          rerolls: Rerolls, where: str) -> bool:
    """The Dodge ``player`` makes leaving ``here`` for ``sq`` if an opposing tackle zone covers
    ``here`` (True with no roll otherwise): the edition's modifier, minus the tackle zones on
    ``sq`` (none for Stunty), Two Heads; Dodge re-rolls unless a Tackle player marks him."""
    st = ctx.state
    marking = tackle_zones(st, here, player.side)
    if not marking:
        return True
    entered = 0 if "stunty" in player.skills else len(tackle_zones(st, sq, player.side))
    mod = ctx.ruleset.actions.dodge_modifier - entered
    if "two_heads" in player.skills:
        mod += TWO_HEADS_DODGE
    tackled = any("tackle" in q.skills for q in marking)
    return roll_test(ctx, turn, player, ctx.ruleset.agility_target(player.ag), mod,
                     what="dodge", skill=None if tackled else "dodge",
                     choice=rerolls.dodge, where=where)


def rush(ctx: KickoffContext, turn: Turn, player: Player, choice: RerollChoices, where: str) -> bool:
    """A Rush (classic: Going For It) by ``player``: the ruleset's ``rush_target``, its Blizzard
    modifier; Sure Feet re-rolls. True on success (a failure's fall is the caller's)."""
    rs = ctx.ruleset.actions
    mod = rs.blizzard_rush_modifier if ctx.state.weather == "blizzard" else 0
    return roll_test(ctx, turn, player, rs.rush_target, mod, what="rush", skill="sure_feet",
                     choice=choice, where=where)


def step_to(ctx: KickoffContext, player: Player, sq: Square) -> Player:
    """Put ``player`` on ``sq``, with the ball if he holds it; the state's copy of him."""
    st = ctx.state
    carrying = st.carrier == player.id
    player = st.move(player, sq)
    if carrying:
        st.ball = sq
    ctx.note("step", player=player.id, to=sq.as_list())
    return player


def pick_up(ctx: KickoffContext, turn: Turn, player: Player, rerolls: Rerolls, where: str) -> bool:
    """``player`` (Standing on the ball's square) tries to pick it up: agility test, the edition's
    pick-up modifier, +1 with Extra Arms (every edition), -1 per opposing tackle zone on him,
    -1 in Pouring Rain; Sure Hands re-rolls. A failure is a turnover and the ball bounces."""
    st = ctx.state
    assert player.square is not None
    mod = ctx.ruleset.actions.pickup_modifier - len(tackle_zones(st, player.square, player.side))
    if "extra_arms" in player.skills:
        mod += 1
    if st.weather == "pouring_rain":
        mod -= 1
    ok = roll_test(ctx, turn, player, ctx.ruleset.agility_target(player.ag), mod, what="pickup",
                   skill="sure_hands", choice=rerolls.pickup, where=where)
    ctx.note("pickup", player=player.id, success=ok)
    if ok:
        st.carrier = player.id
        return True
    turn.end("failed pick-up")
    ball.bounce(ctx, Square(*player.square), False, turn, rerolls.catch)
    return False


def fall_over(
    ctx: KickoffContext, turn: Turn, player: Player, sq: Square, why: str,
    rerolls: Rerolls | None = None,
) -> None:
    """``player`` Falls Over (classic: is Knocked Down) in ``sq``, the square he was moving to:
    Prone, armour roll, the ball bounces if he held it; a turnover."""
    st = ctx.state
    carrying = st.carrier == player.id
    player = st.set_status(st.move(player, sq), "prone")
    ctx.note("fall_over", player=player.id, square=sq.as_list(), why=why)
    if carrying:
        st.ball, st.carrier = sq, None
    turn.fell(own=True, turnover=True)
    armour_and_injury(ctx, player)
    if carrying:
        ball.bounce(ctx, sq, False, turn, None if rerolls is None else rerolls.catch)
