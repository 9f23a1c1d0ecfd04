"""Tests of a player (Dodge, Rush, pick-up, catch, landing, the Kick It! rolls) and their
re-rolls, shared by every action.

A test is one D6: a natural 1 fails, a natural 6 succeeds, otherwise the roll plus the modifier
must reach the target (``pitch-and-dice.md``, "Dice"). A failed test may be re-rolled once
(``pitch-and-dice.md``, "Scripted dice" 3: the re-roll is the next die of the same kind; Pro's own
roll comes before the re-roll it allows; a Loner player's roll before a team re-roll):

- a skill re-roll: the skill that re-rolls this kind of test (Dodge, Sure Feet, Sure Hands,
  Catch), else Pro (classic 4+ first, bb2020+ 3+ first); Dodge, Sure Feet and Pro once per turn
  each, and not at all where the turn forbids them (bb2020 / Sevens Blitz, rulings.md 8); the
  ruleset's ``activation_skills`` only on a roll of the player during his own activation
  (bb2020+: Pro gives no re-roll to a team-mate catching a kicked or bouncing ball);
- a team re-roll: where the turn allows them, if the team has one left, at most the ruleset's
  ``team_rerolls_per_turn`` in one turn (classic one, bb2020 / Sevens / bb2025 any number).

A re-roll never re-rolls a re-roll: each test is re-rolled at most once, whatever the source.

The choice is a coach's decision (kind ``reroll``, :mod:`kickoff.core.coach`), asked through
``KickoffContext.decide`` with its options (``False`` and whichever of ``"skill"`` and ``"team"``
can be used now) and its default (the skill re-roll if there is one, never a team re-roll). The
scripted coach answers from the activation's ``reroll`` (:class:`~kickoff.core.decisions.
Rerolls`), or for a catch outside the catcher's own turn from ``decisions.catch_reroll``:
``"skill"``, ``"team"``, ``False`` (none: a skill re-roll may be declined), ``True`` (a skill
re-roll if there is one, else a team re-roll) or ``None``, the default; a tuple gives one choice
per failed test of the kind, in order (``docs/actions.md``). A ``"skill"`` or ``"team"`` that
cannot be used when its moment comes is an error, unless the turn's ``fallback`` says to play
the default instead (the exact odds and Monte Carlo, where one choice stands for every failed
test of its kind: ``Turn``). A team re-roll may be the Leader re-roll (``Team.leader_rerolls``),
used only while a player with Leader is on the pitch.

The turn these tests are made in (:class:`Turn`, :func:`team_turn`) says which re-rolls it
allows: a free turn (classic Blitz!, bb2020 / Sevens Blitz, bb2025 Charge!) or a team turn (where
the Kick It! Kick action is played). ``rulings.md`` section 8: classic Blitz! is a full free team
turn (team re-rolls and skills as in a normal turn; a turnover ends it); bb2020 / Sevens Blitz
allows no team re-roll and no skill used "once per team turn" (Dodge, Sure Feet, Pro), and ends
when a kicking player Falls Over or is Knocked Down; bb2025 Charge! is bb2020's with team
re-rolls and skill re-rolls allowed.

This module sits below the ball (:mod:`kickoff.core.ball`) and the action engine
(:mod:`kickoff.core.actions`): both make their tests here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext, quoted_id
from kickoff.core.decisions import RerollAnswer, RerollChoice, RerollChoices
from kickoff.core.errors import DecisionError
from kickoff.core.log import Why
from kickoff.core.pitch import Side, Square
from kickoff.core.problems import Place, Problem
from kickoff.core.state import Player, Team

if TYPE_CHECKING:  # made by a turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Activation


class Turn:
    """The rules of the turn (or free turn) an activation happens in, and what it has used.

    - ``team_rerolls``: team re-rolls may be used (classic Blitz!, bb2025 Charge!, Kick It!
      turns); at most the ruleset's ``team_rerolls_per_turn`` (classic one, others any
      number), counted in ``team_rerolls_used``.
    - ``active``: the active team, whose turn it is (in a free turn, the kicking team).
    - ``once_per_turn_skills_allowed``: the ruleset's ``once_per_turn_skills`` (Dodge, Sure
      Feet, Pro) may be used (not in bb2020 / Sevens Blitz); each at most once per turn per
      player (``skills_used``).
    - ``acting`` / ``where``: the player whose activation is being played and its key path
      (``actions[0]``, ``decisions.blitz[1]``), set by :meth:`activate`; ``None`` between
      activations and for a move that is no activation (a Pass Block move). The ruleset's
      ``activation_skills`` (bb2020+ Pro) work only for the acting player's own rolls.
    - ``fallback``: a ``"skill"`` / ``"team"`` re-roll choice that cannot be used when its
      moment comes plays the default policy instead of raising ``DecisionError`` (the exact
      odds and Monte Carlo: one choice stands for every failed test of its kind).
    - ``ends_on_fall``: any player of the acting team Falling Over or being Knocked Down ends the
      turn (bb2020 / Sevens Blitz, bb2025 Charge!); otherwise only a turnover does.
    - ``turnover``: set when the turn is over (a turnover, or a fall that ends a free turn).
    """

    __slots__ = ("acting", "actions_taken", "activated", "active", "ends_on_fall", "fallback",
                 "once_per_turn_skills_allowed", "skills_used", "team_rerolls",
                 "team_rerolls_used", "turnover", "where", "why_ended")

    def __init__(self, active: Side, team_rerolls: bool, once_per_turn_skills_allowed: bool,
                 *, ends_on_fall: bool = False, fallback: bool = False) -> None:
        # A plain value class, compared and shown by its fields (docs/performance.md, "The
        # code's shapes for speed").
        self.active: Side = active
        self.team_rerolls = team_rerolls
        self.once_per_turn_skills_allowed = once_per_turn_skills_allowed
        #: Team re-rolls used this turn.
        self.team_rerolls_used = 0
        self.turnover = False
        self.ends_on_fall = ends_on_fall
        #: ``(player id, skill)`` of the once-per-turn skills already used this turn.
        self.skills_used: set[tuple[str, str]] = set()
        #: Ids of the players who have taken an action this turn.
        self.activated: set[str] = set()
        #: How many actions of each limited kind (``blitz``, ``throw_team_mate``, ...) were taken.
        self.actions_taken: dict[str, int] = {}
        #: Why the turn ended (for the log), when ``turnover`` is set.
        self.why_ended = ""
        #: The player whose activation is being played (``None``: none) and its key path.
        self.acting: str | None = None
        self.where = ""
        #: An unusable re-roll choice plays the default policy instead of raising.
        self.fallback = fallback

    def _fields(self) -> tuple[object, ...]:
        return (self.active, self.team_rerolls, self.once_per_turn_skills_allowed,
                self.team_rerolls_used, self.turnover, self.ends_on_fall, self.skills_used,
                self.activated, self.actions_taken, self.why_ended, self.acting, self.where,
                self.fallback)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turn) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        names = ("active", "team_rerolls", "once_per_turn_skills_allowed", "team_rerolls_used",
                 "turnover", "ends_on_fall", "skills_used", "activated", "actions_taken",
                 "why_ended", "acting", "where", "fallback")
        return "Turn(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(),
                                                                strict=True)) + ")"

    def __reduce__(self) -> tuple[Callable[..., Turn], tuple[object, ...]]:
        # by its fields (docs/performance.md, "The code's shapes for speed")
        return rebuilt_turn, self._fields()

    def activate(self, player: str, where: str) -> None:
        """``player``'s activation (key path ``where``) starts: his rolls until the next one are
        made during his own activation, the ball's journey after his action included."""
        self.acting, self.where = player, where

    def end(self, why: str) -> None:
        """The turn is over (a turnover, or a fall that ends a free turn)."""
        self.turnover = True
        self.why_ended = why

    def fell(self, own: bool, turnover: bool) -> None:
        """A player went down: ``own`` (of the acting team), ``turnover`` (a turnover by the
        rules of a normal turn, e.g. the active player Falling Over or Knocked Down). Ends the
        turn on a turnover, or on any own player's fall when ``ends_on_fall``."""
        if turnover or (own and self.ends_on_fall):
            self.end("turnover" if turnover else "a player of the acting team went down")


def rebuilt_turn(*fields: Any) -> Turn:
    """The :class:`Turn` whose ``Turn._fields()`` are ``fields`` (its unpickling)."""
    turn = Turn(fields[0], fields[1], fields[2], ends_on_fall=fields[5], fallback=fields[12])
    (turn.team_rerolls_used, turn.turnover, turn.skills_used, turn.activated, turn.actions_taken,
     turn.why_ended, turn.acting, turn.where) = (fields[3], fields[4], fields[6], fields[7],
                                                 fields[8], fields[9], fields[10], fields[11])
    return turn


def team_turn(active: Side) -> Turn:
    """The rules of the active team's own turn (the Kick It! Kick action is played in one): team re-rolls and
    once-per-turn skills may be used; only a turnover ends it."""
    return Turn(active, team_rerolls=True, once_per_turn_skills_allowed=True)


def acting_problem(ctx: KickoffContext, turn: Turn, pid: str, where: str) -> Problem | None:
    """Why player ``pid`` may not act now in ``turn`` (``None``: he may): of the active team,
    Standing on the pitch, not yet activated this turn. The problem names ``<where>.player``,
    the player and his square."""
    p = ctx.state.players.get(pid)
    if p is None:
        return Problem(f"no player {quoted_id(pid)} in either team", f"{where}.player",
                       code="unknown_player")
    why = None
    if p.side != turn.active:
        why = f"{p.id} is not a player of the active team ({turn.active})"
    elif not p.standing:
        state = "off the pitch" if p.square is None else f"{p.status} at {square_text(p.square)}"
        why = f"{p.id} cannot act: he is {state}, not Standing"
    elif p.id in turn.activated:
        why = f"{p.id} has already acted this turn"
    if why is None:
        return None
    return Problem(why, f"{where}.player", (p.id,),
                   () if p.square is None else (Square(*p.square),), "illegal_choice")


def acting_player(ctx: KickoffContext, turn: Turn, act: Activation,
                  checked: bool = False) -> Player:
    """The activation's player, checked (:func:`acting_problem`; ``checked``: he was just, by
    the ``activation`` decision, nothing changed since), then marked activated, and his
    activation begins (``Turn.activate``, noted in the log).
    ``DecisionError`` naming ``<where>.player``."""
    problem = None if checked else acting_problem(ctx, turn, act.player, act.where)
    if problem is not None:
        raise DecisionError(problem)
    p = ctx.state.players[act.player]
    turn.activated.add(p.id)
    turn.activate(p.id, act.where)
    ctx.note("activation", player=p.id, action=act.action, where=act.where)
    return p


def succeeds(roll: int, target: int, modifier: int) -> bool:
    """A test of a player: a natural 1 fails, a natural 6 succeeds, else roll + mod >= target."""
    if roll == 1:
        return False
    return roll == 6 or roll + modifier >= target


class Passes:
    """A test's die as the rules read it: whether a D6 passes ``target`` after ``modifier``
    (the ``depends_on`` of its chance node, a callable object: docs/performance.md, "The
    code's shapes for speed")."""

    __slots__ = ("modifier", "target")

    def __init__(self, target: int, modifier: int) -> None:
        self.target = target
        self.modifier = modifier

    def __call__(self, v: tuple[int, ...]) -> bool:
        return succeeds(v[0], self.target, self.modifier)

    def attempt(self, ctx: KickoffContext, why: Why) -> bool:
        """Roll the test's D6 (for ``why``): whether it passes."""
        (roll,) = ctx.roll_dice((("d6", why),), self)
        return succeeds(roll, self.target, self.modifier)


def where_of(where: str, player: Player) -> Place:
    """The place of a choice of ``player``'s activation at key path ``where``: he and his square
    as values, shown ``decisions.blitz[1] (h4 at [6, 7])`` (:class:`~kickoff.core.problems.Place`)."""
    return Place(where, player.id, player.square)


def skill_usable(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str) -> bool:
    """Whether ``player`` may use ``skill`` now: he has it; a skill of the ruleset's
    ``activation_skills`` only during his own activation (``turn.acting``; never outside a
    turn, so classic Pro re-rolls a kick-off catch and bb2020+ Pro does not: rulings.md 3);
    a once-per-turn skill only where the turn allows them and not yet used by him."""
    if skill not in player.skills:
        return False
    rules = ctx.ruleset.actions
    if skill in rules.activation_skills and (turn is None or turn.acting != player.id):
        return False
    if turn is None:
        return True
    if skill in rules.once_per_turn_skills:
        return turn.once_per_turn_skills_allowed and (player.id, skill) not in turn.skills_used
    return True


def skill_reroll(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str | None) -> str | None:
    """The skill that would re-roll a failed test of ``player``: ``skill`` if usable, else Pro
    if usable, else ``None``."""
    if skill is not None and skill_usable(ctx, turn, player, skill):
        return skill
    if skill_usable(ctx, turn, player, "pro"):
        return "pro"
    return None


def leader_on_pitch(team: Team) -> bool:
    """Whether a player of ``team`` with Leader is on the pitch (any status there: bb2020
    "even if ... Prone, Stunned")."""
    return any(p.square is not None and "leader" in p.skills for p in team.players)


def usable_rerolls(team: Team) -> int:
    """The team re-rolls ``team`` may use now: its ``rerolls``, less its Leader re-roll while
    no player with Leader is on the pitch."""
    if team.leader_rerolls and not leader_on_pitch(team):
        return team.rerolls - team.leader_rerolls
    return team.rerolls


def team_reroll_available(ctx: KickoffContext, turn: Turn | None) -> bool:
    """A team re-roll may be used now: the turn allows them, fewer than the ruleset's
    ``team_rerolls_per_turn`` used in it (classic one, the Leader re-roll included; others any
    number), one is left that may be used (:func:`usable_rerolls`)."""
    if turn is None or not turn.team_rerolls or usable_rerolls(ctx.state.teams[turn.active]) <= 0:
        return False
    limit = ctx.ruleset.actions.team_rerolls_per_turn
    return limit is None or turn.team_rerolls_used < limit


def spend_team_reroll(ctx: KickoffContext, turn: Turn) -> None:
    """Spend one of the acting team's re-rolls: the extras lost soonest first (those for the
    drive, then those for the half), then the Leader re-roll (while a player with Leader is on
    the pitch), then its ordinary ones (ruling, docs/rulings.md; christerk/ffb ``RollMechanic
    .useReRoll`` spends the Leader's before the ordinary ones too)."""
    team = ctx.state.teams[turn.active]
    team.rerolls -= 1
    if team.drive_rerolls:
        team.drive_rerolls -= 1
    elif team.half_rerolls:
        team.half_rerolls -= 1
    elif team.leader_rerolls and leader_on_pitch(team):
        team.leader_rerolls -= 1
        ctx.note("leader_reroll", team=turn.active)
    turn.team_rerolls_used += 1


def roll_test(
    ctx: KickoffContext,
    turn: Turn | None,
    player: Player,
    target: int,
    modifier: int,
    *,
    what: str,
    skill: str | None,
    choice: RerollChoices,
    where: str,
) -> bool:
    """Roll a test of ``player`` (``what``: "dodge", "rush", "pickup", "catch", ...): one D6 that
    must reach ``target`` after ``modifier`` (natural 1 fails, natural 6 succeeds), re-rolled
    once on a failure as the coach answers the ``reroll`` decision (:func:`reroll_answer`; the
    scenario's answer ``choice``, or for a tuple its entry for this failed test: see the
    module's docstring). ``skill`` is the skill that re-rolls this kind of test, if any. True on
    success.

    Raises ``DecisionError`` naming ``where`` (the player and his square as values) for a
    re-roll choice that cannot be used (no such skill, no team re-roll left or allowed).
    """

    passes = Passes(target, modifier)
    why = ctx.label("{} by {} ({}+, modifier {:+d})", what, player.id, target, modifier)
    if passes.attempt(ctx, why):
        return True
    again = take_reroll(ctx, turn, player, what, skill, choice, where)
    return again is not None and passes.attempt(ctx, again)


def take_reroll(
    ctx: KickoffContext, turn: Turn | None, player: Player, what: str, skill: str | None,
    choice: RerollChoices, where: str,
) -> str | None:
    """After ``player``'s failed ``what``: ask the ``reroll`` decision (:func:`reroll_answer`,
    the scenario's ``choice``) and use the re-roll chosen (a team re-roll spent, a Loner's 4+
    rolled first; a skill marked used, Pro's own D6 rolled first). The label of the re-rolled
    die, or ``None`` when no re-roll is made. Raises ``DecisionError`` naming ``where`` for a
    choice that cannot be used."""
    answer: RerollAnswer
    if ctx.plain and (choice is None or choice == ()):
        # the scripted coach, no answer given: the default, which needs no check
        by_skill = skill_reroll(ctx, turn, player, skill)
        answer = "skill" if by_skill is not None else False
    else:
        place = where_of(where, player)
        if isinstance(choice, tuple):
            choice, place = nth_choice(ctx, choice, place, where, what)
        if choice is False and ctx.plain:
            return None
        by_skill = skill_reroll(ctx, turn, player, skill)
        answer = reroll_answer(ctx, turn, player, what, choice, place, (skill, by_skill))
    if answer == "team":
        assert turn is not None
        return _team_reroll(ctx, turn, player, what)
    if answer is False or by_skill is None or not use_skill_reroll(ctx, turn, player, by_skill,
                                                                   what):
        return None
    return f"{by_skill.replace('_', ' ').title()} re-roll of the {what} by {player.id}"


def _team_reroll(ctx: KickoffContext, turn: Turn, player: Player, what: str) -> str | None:
    """:func:`take_reroll`'s team re-roll of ``player``'s failed ``what`` (spent), after Loner's
    4+ if he has it: the label of the re-rolled die, ``None`` when Loner fails."""
    spend_team_reroll(ctx, turn)
    if "loner" in player.skills:
        (loner,) = ctx.roll_dice([("d6", f"Loner by {player.id} (4+)")], lambda v: v[0] >= 4)
        if loner < 4:
            ctx.note("reroll", player=player.id, test=what, source="team", loner="failed")
            return None
    ctx.note("reroll", player=player.id, test=what, source="team")
    return f"team re-roll of the {what} by {player.id}"


def nth_choice(ctx: KickoffContext, choices: tuple[RerollChoice, ...], place: Place, where: str,
               what: str) -> tuple[RerollChoice, Place]:
    """The entry of ``choices`` (one per failed test of ``what``, in order, at key path
    ``where``) for the failed test being re-rolled now, and its place
    (``decisions.blitz[0] (h1 at [10, 7]).reroll.dodge[1]``, ``decisions.catch_reroll[0] (a4
    at [20, 7])``); past the list's end ``None``, the default. Counts the failed tests in
    ``ctx.failed_tests``."""
    key = (where, what)
    i = ctx.failed_tests.get(key, 0)
    ctx.failed_tests[key] = i + 1
    choice = choices[i] if i < len(choices) else None
    if where.endswith(("catch", "catch_reroll")):  # the list's own key path
        return choice, Place(f"{where}[{i}]", place.player, place.square)
    return choice, place.then(f".reroll.{what}[{i}]")


def reroll_answer(ctx: KickoffContext, turn: Turn | None, player: Player, what: str,
                  choice: RerollChoice, place: Place,
                  skills: tuple[str | None, str | None]) -> RerollAnswer:
    """The ``reroll`` decision of ``player``'s failed ``what`` (:mod:`kickoff.core.coach`):
    ``skills`` is the skill that re-rolls this kind of test and the one usable now
    (:func:`skill_reroll`, ``by_skill``); ``False`` and whichever of ``"skill"`` (``by_skill``)
    and ``"team"`` can be used,
    default ``"skill"`` when it can, else ``False``; the scenario's answer ``choice`` (``True``:
    the skill re-roll, else a team re-roll, else none; ``None``: the default). Where the turn's
    ``fallback`` is set, a choice that cannot be used plays the default. Raises
    ``DecisionError`` carrying the problem at ``place`` for an answer that cannot be used."""
    skill, by_skill = skills
    default: RerollAnswer = "skill" if by_skill is not None else False
    if choice is None and ctx.plain:
        return default
    team_ok = team_reroll_available(ctx, turn)
    if choice is True:
        choice = "skill" if by_skill is not None else ("team" if team_ok else False)

    def options() -> list[RerollAnswer]:
        found: list[RerollAnswer] = [False]
        if by_skill is not None:
            found.append("skill")
        if team_ok:
            found.append("team")
        return found

    def refuse(answer: object) -> Problem | None:
        if answer in options():
            return None
        if answer == "skill":
            return place.problem(
                f"no skill re-roll can be used for the failed {what} ({skill or 'no skill'} or "
                "Pro: missing, already used this turn, or not allowed)")
        if answer == "team":
            return place.problem(f"no team re-roll can be used for the failed {what} "
                                 + why_no_team_reroll(ctx, turn))
        return place.problem(f"{answer!r} is not one of the re-roll options {options()!r}")

    given = choice is not None
    if given and turn is not None and turn.fallback and refuse(choice) is not None:
        given = False  # the standing order cannot be followed here: the default policy
    answer: RerollAnswer = ctx.decide(Decision(
        "reroll", player.side, place.where(), default, options, refuse, choice, given, what))
    return answer


def use_skill_reroll(ctx: KickoffContext, turn: Turn | None, player: Player, skill: str, what: str) -> bool:
    """Use ``skill`` to re-roll a failed ``what``: mark a once-per-turn skill used, and for Pro
    roll its own D6 first (classic 4+, bb2020+ 3+). True if the re-roll may be made."""
    if turn is not None and skill in ctx.ruleset.actions.once_per_turn_skills:
        turn.skills_used.add((player.id, skill))
    if skill == "pro":
        pro = ctx.ruleset.actions.pro_target
        (roll,) = ctx.roll_dice([("d6", f"Pro by {player.id} ({pro}+)")], lambda v: v[0] >= pro)
        if roll < pro:
            ctx.note("reroll", player=player.id, test=what, source="pro", pro="failed")
            return False
    ctx.note("reroll", player=player.id, test=what, source=skill)
    return True


def why_no_team_reroll(ctx: KickoffContext, turn: Turn | None) -> str:
    if turn is None or not turn.team_rerolls:
        return "(team re-rolls may not be used here)"
    limit = ctx.ruleset.actions.team_rerolls_per_turn
    if limit is not None and turn.team_rerolls_used >= limit:
        used = "one team re-roll has" if limit == 1 else f"{limit} team re-rolls have"
        return f"({used} already been used this turn, the most {ctx.ruleset.name} allows)"
    team = ctx.state.teams[turn.active]
    if team.leader_rerolls and team.rerolls and not leader_on_pitch(team):
        return (f"(team {turn.active}'s one re-roll left is its Leader re-roll, and no player "
                "with Leader is on the pitch)")
    return f"(team {turn.active} has no re-roll left)"


def square_text(sq: Square | tuple[int, int]) -> str:
    """``[x, y]`` for messages."""
    return str([sq[0], sq[1]])
