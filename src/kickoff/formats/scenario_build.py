"""A parsed scenario checked against its ruleset and built into the engine's objects.

:func:`load_scenario` checks what depends on the ruleset (squares on its pitch, known skills,
turn ranges, the kick's target in the receiving area, the decisions' players) and, for a
kick-off, both set-ups (``rulings.md`` section 1); every problem is a
:class:`~kickoff.core.problems.Problem` with its key path as ``where`` and the players and
squares it concerns (``teams.away.players[3].square: [27, 4] is off the 26x15 pitch``).
The contract is ``shared/spec/scenario-format.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kickoff.core.decisions import (
    Activation,
    BlockChoice,
    BombRethrow,
    Decisions,
    Move,
    PassBlock,
    PlayerPath,
    RerollChoice,
    RerollChoices,
    Rerolls,
)
from kickoff.core.dice import BLOCK_FACES, SIDES, Dice, DieKind, ScriptedDice, SeededDice, new_seed
from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.kickoff import target_problem
from kickoff.core.pitch import SIDES as TEAM_SIDES
from kickoff.core.pitch import Pitch, Side, Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import HouseRule
from kickoff.core.rulesets import RULESETS, Ruleset
from kickoff.core.setup import kickoff_setup_problems
from kickoff.core.skills import HOUSE_RULE_SKILLS, skill_hint
from kickoff.core.state import GameState, Player, Team
from kickoff.formats.fields import SquareIn
from kickoff.formats.scenario_models import (
    ActivationIn,
    BallIn,
    BlockIn,
    DecisionsIn,
    DiceIn,
    KickIn,
    PlayerIn,
    PlayerPathIn,
    RerollIn,
    ScenarioIn,
    TeamIn,
)


@dataclass
class LoadedScenario:
    """A checked scenario ready to play: state, ruleset, house rules, decisions and dice."""

    scenario: ScenarioIn
    ruleset: Ruleset
    state: GameState
    decisions: Decisions
    house_rules: frozenset[HouseRule]
    #: ``phase: "turn"``: the active team and its activations (a Kick It! Kick action).
    active: Side | None = None
    actions: list[Activation] = field(default_factory=list)

    def dice(self) -> tuple[Dice, int | None]:
        """Fresh dice for a run: ``(dice, seed)``; seed ``None`` for scripted dice."""
        sc = self.scenario
        if sc.dice is not None:
            queues: dict[str, list[int]] = {
                "d3": sc.dice.d3, "d6": sc.dice.d6, "d8": sc.dice.d8, "d16": sc.dice.d16,
                "pick": sc.dice.pick,
                "block": [v if isinstance(v, int) else BLOCK_FACES.index(v) + 1
                          for v in sc.dice.block],
            }
            return ScriptedDice(queues), None
        seed = sc.seed if sc.seed is not None else new_seed()
        return SeededDice(seed), seed


def load_scenario(sc: ScenarioIn) -> LoadedScenario:
    """Check ``sc`` against its ruleset and build the engine's objects.

    Raises ``ScenarioError`` (every input problem with its key path) or ``SetupError`` (every
    set-up problem) for an invalid scenario.
    """
    rs = RULESETS[sc.ruleset]
    house = frozenset(sc.house_rules)
    known_skills = rs.skills.union(*(HOUSE_RULE_SKILLS.get(h, frozenset()) for h in house))
    teams, ids, problems = _teams(sc, rs, known_skills)
    problems += _option_problems(sc, rs)
    # A turn's active team is the one that kicks the ball: the result reports it as "kicking".
    kicking: Side = (sc.active or "home") if sc.phase == "turn" else (sc.kicking or "home")
    if sc.phase == "kickoff" and sc.kicking is None:
        problems.append(Problem("required for a kick-off (\"home\" or \"away\")", "kicking"))
    problems += _phase_problems(sc, rs)
    problems += _kick_problems(sc.kick or KickIn(), rs.pitch, ids, kicking)
    problems += _decision_problems(sc.decisions, rs, known_skills, ids)
    problems += _diving_catch_problems(sc.decisions.diving_catch, teams)
    if problems:
        raise ScenarioError(problems)

    weather = sc.weather or "nice"
    state = GameState(
        rs.pitch, teams, weather="nice" if weather == "perfect_conditions" else weather,
        half=sc.half, kicking=kicking,
    )
    if sc.phase == "turn":
        assert sc.ball is not None and sc.actions is not None
        state.ball, state.carrier = Square(*sc.ball.square), sc.ball.carrier
        decisions = Decisions(throw_in_die=sc.options.throw_in_die,
                              diving_catch=sc.decisions.diving_catch,
                              catch_reroll=tuple(sc.decisions.catch_reroll))
        actions = [to_activation(a, f"actions[{i}]") for i, a in enumerate(sc.actions)]
        return LoadedScenario(sc, rs, state, decisions, house, kicking, actions)
    setup = kickoff_setup_problems(state, rs)
    if setup:
        raise SetupError(setup)
    return LoadedScenario(sc, rs, state, _kickoff_decisions(sc), house)


def _teams(
    sc: ScenarioIn, rs: Ruleset, known_skills: frozenset[str]
) -> tuple[dict[Side, Team], dict[str, str], list[Problem]]:
    """Both teams as the engine's, ``{player id: key path}`` and the problems of the teams'
    keys: a turn out of the ruleset's range, re-rolls, ids used twice, unknown skills, squares
    off the pitch, a status that does not fit the square."""
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    teams: dict[Side, Team] = {}
    order = 0
    for side in TEAM_SIDES:
        tin: TeamIn = getattr(sc.teams, side)
        tpath = f"teams.{side}"
        problems += _team_problems(tin, rs, tpath)
        players: list[Player] = []
        for i, pin in enumerate(tin.players):
            ppath = f"{tpath}.players[{i}]"
            if pin.id in ids:
                problems.append(Problem(f"{pin.id!r} is used twice (also {ids[pin.id]})",
                                        f"{ppath}.id", (pin.id,)))
            ids[pin.id] = ppath
            player, found = _player(pin, side, order, ppath, rs, known_skills)
            problems += found
            players.append(player)
            order += 1
        teams[side] = Team(
            side, players, name=tin.name, turn=tin.turn, rerolls=tin.rerolls,
            drive_rerolls=tin.drive_rerolls, half_rerolls=tin.half_rerolls, bribes=tin.bribes,
            cheerleaders=tin.cheerleaders, assistant_coaches=tin.assistant_coaches,
            fan_factor=tin.fan_factor, fame=tin.fame, block_assists=tin.block_assists,
            prayers=list(dict.fromkeys(tin.prayers)), apothecaries=tin.apothecaries,
            leader_rerolls=tin.leader_rerolls,
        )
    return teams, ids, problems


def _team_problems(tin: TeamIn, rs: Ruleset, tpath: str) -> list[Problem]:
    """Problems of a team's own keys (at ``tpath``): a turn out of the ruleset's range, more
    re-rolls of a kind than in all, a Leader re-roll with nobody with Leader."""
    problems: list[Problem] = []
    if tin.turn > rs.max_turn:
        problems.append(Problem(f"{tin.turn} is out of range 0..{rs.max_turn} in {rs.name}",
                                f"{tpath}.turn"))
    if tin.drive_rerolls + tin.half_rerolls + tin.leader_rerolls > tin.rerolls:
        leader = " + leader_rerolls" if tin.leader_rerolls else ""
        counts = f" + {tin.leader_rerolls}" if tin.leader_rerolls else ""
        problems.append(Problem(f"{tin.rerolls} is fewer than drive_rerolls + half_rerolls"
                                f"{leader} ({tin.drive_rerolls} + {tin.half_rerolls}{counts})",
                                f"{tpath}.rerolls"))
    if tin.leader_rerolls and not any("leader" in pin.skills for pin in tin.players):
        problems.append(Problem("a Leader re-roll needs a player with Leader (leader) in the "
                                "team", f"{tpath}.leader_rerolls"))
    return problems


def _player(pin: PlayerIn, side: Side, order: int, ppath: str, rs: Ruleset,
            known_skills: frozenset[str]) -> tuple[Player, list[Problem]]:
    """Player ``pin`` (at ``ppath``, the ``order``-th of the scenario) as the engine's, and the
    problems of his keys: unknown skills, values for skills he lacks, a square off the pitch,
    a status that does not fit the square."""
    pitch = rs.pitch
    problems = [
        Problem(f"unknown skill {skill!r} in {rs.name}" + skill_hint(skill, known_skills),
                f"{ppath}.skills[{j}]", (pin.id,))
        for j, skill in enumerate(pin.skills) if skill not in known_skills
    ]
    problems += [
        Problem(f"a value for {skill!r}, a skill {pin.id} does not have",
                f"{ppath}.skill_values", (pin.id,))
        for skill in pin.skill_values if skill not in pin.skills
    ]
    square = _to_square(pin.square)
    on = () if square is None else (square,)
    if square is not None and not pitch.on_pitch(square):
        problems.append(Problem(f"{list(square)} is off the {pitch.describe()} pitch",
                                f"{ppath}.square", (pin.id,), on))
    status = pin.status or ("standing" if square is not None else "reserves")
    if square is not None and status not in ("standing", "prone", "stunned"):
        problems.append(Problem(f"{status!r} for a player on the pitch "
                                "(standing, prone or stunned)", f"{ppath}.status",
                                (pin.id,), on))
    if square is None and status in ("standing", "prone", "stunned"):
        problems.append(Problem(f"{status!r} needs a square on the pitch",
                                f"{ppath}.status", (pin.id,)))
    player = Player(
        pin.id, side, ma=pin.ma, st=pin.st, ag=pin.ag, av=pin.av, pa=pin.pa,
        name=pin.name, skills=frozenset(pin.skills), square=square,
        status=status, order=order, skill_values=dict(pin.skill_values),
        thrall=pin.thrall,
    )
    return player, problems


def _option_problems(sc: ScenarioIn, rs: Ruleset) -> list[Problem]:
    """Problems of ``options`` the ruleset does not play, of ``seed`` given with ``dice``, and
    of scripted dice out of their die's range."""
    problems: list[Problem] = []
    if sc.options.throw_in_die == "d8" and not rs.d8_throw_in:
        problems.append(Problem(f"\"d8\" is a classic option, not {rs.name}",
                                "options.throw_in_die"))
    if sc.options.prayer_die == 16 and rs.prayer_die_fixed:
        problems.append(Problem(f"{rs.name} always prays on the D8", "options.prayer_die"))
    if sc.dice is not None and sc.seed is not None:
        problems.append(Problem("give either dice or a seed, not both", "seed"))
    if sc.dice is not None:
        problems += _dice_problems(sc.dice)
    return problems


def _dice_problems(dice: DiceIn) -> list[Problem]:
    """Scripted dice out of their die's range: a face 1..N, a block die's face by name or
    1..5, a pick 1..N."""
    problems: list[Problem] = []
    fixed: tuple[DieKind, ...] = ("d3", "d6", "d8", "d16", "block")
    for kind in fixed:
        for i, v in enumerate(getattr(dice, kind)):
            if isinstance(v, int) and not 1 <= v <= SIDES[kind]:
                problems.append(Problem(f"{v} is out of range 1..{SIDES[kind]}",
                                        f"dice.{kind}[{i}]"))
    for i, face in enumerate(dice.block):
        if isinstance(face, str) and face not in BLOCK_FACES:
            problems.append(Problem(f"{face!r} is not a block die face "
                                    f"({', '.join(BLOCK_FACES)}) nor a value 1..5",
                                    f"dice.block[{i}]"))
    for i, v in enumerate(dice.pick):
        if v < 1:
            problems.append(Problem(f"{v} is out of range (a pick is 1..N)", f"dice.pick[{i}]"))
    return problems


def _kick_problems(kick: KickIn, pitch: Pitch, ids: dict[str, str], kicking: Side) -> list[Problem]:
    """Problems of ``kick``: a kicker of the kicking team, a target in the receiving area
    (:func:`~kickoff.core.kickoff.target_problem`)."""
    problems: list[Problem] = []
    if kick.kicker is not None:
        if kick.kicker not in ids:
            problems.append(Problem(f"no player {kick.kicker!r} in either team", "kick.kicker"))
        elif not ids[kick.kicker].startswith(f"teams.{kicking}."):
            problems.append(Problem(f"{kick.kicker!r} is not a player of the kicking team "
                                    f"({kicking})", "kick.kicker", (kick.kicker,)))
    target = _to_square(kick.target)
    wrong = None if target is None else target_problem(pitch, other_side(kicking), target)
    if wrong is not None:
        problems.append(wrong.at("kick.target"))
    return problems


def _decision_problems(
    d: DecisionsIn, rs: Ruleset, known_skills: frozenset[str], ids: dict[str, str]
) -> list[Problem]:
    """Problems of the decisions the engine cannot check when their moment comes: the prayer's
    skill known, the apothecary's players in a team, a touchback square on the pitch."""
    problems: list[Problem] = []
    if d.prayer is not None and d.prayer.skill is not None and d.prayer.skill not in known_skills:
        problems.append(Problem(f"unknown skill {d.prayer.skill!r} in {rs.name}",
                                "decisions.prayer.skill"))
    for i, pid in enumerate(d.apothecary):
        if pid not in ids:
            problems.append(Problem(f"no player {pid!r} in either team",
                                    f"decisions.apothecary[{i}]"))
    if isinstance(d.touchback, tuple) and not rs.pitch.on_pitch(d.touchback):
        problems.append(Problem(f"{list(d.touchback)} is off the {rs.pitch.describe()} pitch",
                                "decisions.touchback", squares=(Square(*d.touchback),)))
    return problems


def _diving_catch_problems(chosen: list[str] | None, teams: dict[Side, Team]) -> list[Problem]:
    """Problems of the ``diving_catch`` decision: every id a player with Diving Catch, once."""
    if not chosen:
        return []
    players = {p.id: p for team in teams.values() for p in team.players}
    problems: list[Problem] = []
    for i, pid in enumerate(chosen):
        where = f"decisions.diving_catch[{i}]"
        p = players.get(pid)
        if p is None:
            problems.append(Problem(f"no player {pid!r} in either team", where))
        elif "diving_catch" not in p.skills:
            problems.append(Problem(f"{pid} has no Diving Catch skill (diving_catch)", where,
                                    (pid,)))
        elif pid in chosen[:i]:
            problems.append(Problem(f"{pid} is listed twice", where, (pid,)))
    return problems


def _kickoff_move_named(ruleset: str, d: DecisionsIn) -> PlayerPathIn | None:
    """The kick-off move a scenario's decisions give under the name of the edition's skill
    (``decisions.kick_off_return`` in classic, ``decisions.on_the_ball`` elsewhere); the other
    name is not read (as before the two were one decision)."""
    move = RULESETS[ruleset].kickoff_move
    if move is None:
        return None
    return d.kick_off_return if move.skill == "kick_off_return" else d.on_the_ball


def _kickoff_decisions(sc: ScenarioIn) -> Decisions:
    """The coaches' decisions of a checked kick-off scenario, as the engine takes them."""
    d, kick = sc.decisions, sc.kick or KickIn()
    return Decisions(
        kicker=kick.kicker,
        kicker_given=sc.kick is not None and "kicker" in sc.kick.model_fields_set,
        target=_to_square(kick.target),
        use_kick_skill=d.use_kick_skill,
        touchback=_to_square(d.touchback) if isinstance(d.touchback, tuple) else d.touchback,
        high_kick=d.high_kick,
        kickoff_move=_player_path(_kickoff_move_named(sc.ruleset, d)),
        quick_snap=[Move(m.player, Square(*m.to)) for m in d.quick_snap],
        perfect_defence=[Move(m.player, Square(*m.to)) for m in d.perfect_defence],
        solid_defence=[Move(m.player, Square(*m.to)) for m in d.solid_defence],
        blitz=[to_activation(a, f"decisions.blitz[{i}]") for i, a in enumerate(d.blitz)],
        charge=[to_activation(a, f"decisions.charge[{i}]") for i, a in enumerate(d.charge)],
        prayer_player=d.prayer.player if d.prayer else None,
        prayer_skill=d.prayer.skill if d.prayer else None,
        prayer_die=sc.options.prayer_die,
        throw_in_die=sc.options.throw_in_die,
        diving_catch=d.diving_catch,
        apothecary=list(d.apothecary),
        catch_reroll=tuple(d.catch_reroll),
    )


def _phase_problems(sc: ScenarioIn, rs: Ruleset) -> list[Problem]:
    """The keys that belong to the other phase, and (``phase: "turn"``) the turn's own checks:
    ``active``, ``actions`` and ``ball`` given, at most the ruleset's ``max_players`` of a team
    on the pitch (as a kick-off's set-up, ``kickoff.core.setup``; a turn of a real game never
    has more: 11, Sevens 7), players on distinct squares, the ball's carrier Standing on the
    ball's square and able to hold it, a ball on the ground on an empty square
    (``scenario-format.md``, "Actions"; the count: ``docs/formats.md``)."""
    if sc.phase == "kickoff":
        return [Problem("only for phase \"turn\" (a Kick It! Kick action during a turn)", key)
                for key in ("active", "actions", "ball") if getattr(sc, key) is not None]
    problems = [Problem("not used with phase \"turn\" (it gives active, actions and ball "
                        "instead)", key) for key in ("kicking", "kick") if getattr(sc, key) is not None]
    problems += [Problem("required for phase \"turn\"", key) for key in ("active", "actions", "ball")
                 if getattr(sc, key) is None]
    for side in TEAM_SIDES:
        count = sum(1 for pin in getattr(sc.teams, side).players if pin.square is not None)
        if count > rs.max_players:
            problems.append(Problem(f"{side} team: {count} players on the pitch, at most "
                                    f"{rs.max_players} ({rs.name})", f"teams.{side}.players"))
    on, by_id = _turn_squares(sc, problems)
    if sc.ball is not None:
        problems += _ball_problems(sc.ball, rs.pitch, on, by_id)
    return problems


def _turn_squares(sc: ScenarioIn, problems: list[Problem]) -> tuple[dict[Square, str],
                                                                     dict[str, PlayerIn]]:
    """The players of a ``phase: "turn"`` scenario by square (the first given on each) and by
    id (the first of each id), a problem added to ``problems`` for each square taken twice."""
    on: dict[Square, str] = {}
    by_id: dict[str, PlayerIn] = {}
    for side in TEAM_SIDES:
        for i, pin in enumerate(getattr(sc.teams, side).players):
            by_id.setdefault(pin.id, pin)
            if pin.square is None:
                continue
            sq = Square(pin.square[0], pin.square[1])
            if sq in on:
                problems.append(Problem(f"{list(sq)} is taken by {on[sq]}: two players on one "
                                        "square", f"teams.{side}.players[{i}].square",
                                        (pin.id, on[sq]), (sq,)))
            on.setdefault(sq, pin.id)
    return on, by_id


def _ball_problems(ball: BallIn, pitch: Pitch, on: dict[Square, str],
                   by_id: dict[str, PlayerIn]) -> list[Problem]:
    """A ``phase: "turn"`` scenario's ``ball``: on the pitch, on an empty square when on the
    ground, else held by a player on its square, Standing and able to hold it."""
    problems: list[Problem] = []
    sq = Square(ball.square[0], ball.square[1])
    if not pitch.on_pitch(sq):
        problems.append(Problem(f"{list(sq)} is off the {pitch.describe()} pitch", "ball.square",
                                squares=(sq,)))
    carrier = ball.carrier
    if carrier is None:
        if sq in on:
            problems.append(Problem(f"{list(sq)} is {on[sq]}'s square but ball.carrier is null: "
                                    "a ball on the ground lies on an empty square", "ball.square",
                                    (on[sq],), (sq,)))
        return problems
    pin = by_id.get(carrier)
    if pin is None:
        problems.append(Problem(f"no player {carrier!r} in either team", "ball.carrier"))
        return problems
    status = pin.status or ("standing" if pin.square is not None else "reserves")
    if pin.square is None or (pin.square[0], pin.square[1]) != sq:
        problems.append(Problem(f"{carrier} is not on the ball's square {list(sq)}",
                                "ball.carrier", (carrier,), (sq,)))
    elif status != "standing" or {"no_hands", "ball_and_chain"} & set(pin.skills):
        problems.append(Problem(f"{carrier} cannot hold the ball (a carrier is Standing, "
                                "without No Hands or Ball & Chain)", "ball.carrier", (carrier,)))
    return problems


def _choices(choice: RerollChoice | list[RerollChoice]) -> RerollChoices:
    """An activation's re-roll choices of one kind: one choice, or a tuple (one per failed test)."""
    return tuple(choice) if isinstance(choice, list) else choice


def to_activation(a: ActivationIn, where: str) -> Activation:
    """The core :class:`~kickoff.core.actions.Activation` for a parsed activation at ``where``."""
    block = a.block or BlockIn()
    rr = a.reroll or RerollIn()
    return Activation(
        player=a.player,
        action=a.action,
        path=tuple(Square(*sq) for sq in a.path),
        target=a.target,
        block=BlockChoice(block.choose, _to_square(block.push_to), block.follow_up,
                          block.reroll, None if block.frenzy is None else BlockChoice(
                              block.frenzy.choose, _to_square(block.frenzy.push_to), None,
                              block.frenzy.reroll, None, _chain(block.frenzy.chain_push)),
                          _chain(block.chain_push)),
        thrown=a.thrown,
        to=_to_square(a.to),
        aim=_to_square(a.aim),
        pass_block=(PassBlock(a.pass_block.player, tuple(Square(*sq) for sq in a.pass_block.path))
                    if a.pass_block is not None else None),
        kick_block=a.kick_block,
        interceptor=a.interceptor,
        catcher=a.catcher,
        rethrows=tuple(BombRethrow(_to_square(r.to), r.interceptor, r.catcher,
                                   _choices(r.reroll)) for r in a.rethrows),
        landing=_to_square(a.landing),
        kick_dice=a.kick_dice,
        hail_mary=a.hail_mary,
        after_block=tuple(Square(*sq) for sq in a.after_block),
        reroll=Rerolls(_choices(rr.dodge), _choices(rr.rush), _choices(rr.pickup),
                       _choices(rr.catch), _choices(rr.leap), _choices(rr.confusion),
                       _choices(rr.foul_appearance), _choices(rr.gaze),
                       _choices(rr.blood_lust), _choices(rr.throw),
                       _choices(rr.always_hungry), _choices(rr.escape),
                       _choices(rr.tentacles), _choices(rr.shadowing), _choices(rr.landing)),
        where=where,
        leap=tuple(sorted(set(a.leap))),
        tentacles=tuple(sorted(a.tentacles.items())),
        shadowing=tuple(sorted(a.shadowing.items())),
        gaze=a.gaze,
        bite=a.bite,
    )




def _chain(v: dict[str, SquareIn]) -> tuple[tuple[str, Square], ...]:
    """A block's ``chain_push`` as sorted (player, square) pairs."""
    return tuple(sorted((pid, Square(*sq)) for pid, sq in v.items()))


def _to_square(v: SquareIn | None) -> Square | None:
    return None if v is None else Square(v[0], v[1])


def _player_path(v: PlayerPathIn | None) -> PlayerPath | None:
    return None if v is None else PlayerPath(v.player, tuple(Square(*sq) for sq in v.path))
