"""Issue 24 point 1: a Kick It! team turn's choices go through ``KickoffContext.decide`` like every
other coach's choice: the active coach's ``activation`` (who acts, Move or Kick action) and
``path``, the kicker's ``aim``, the opposing coach's ``pass_block`` and ``kick_block``, and the
``kick_landing``.
The scripted coach answers them from the scenario's ``actions`` and is checked at that one point
(an illegal answer is a ``DecisionError`` carrying a Problem with its code, key path, player and
square); every option offered is accepted and plays; the default coach lets nobody act; the
``close`` coach answers legally; the solver's hook reads the rule's own aims."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from helpers import player
from kickit_helpers import kick, turn

from kickoff.analysis.exact.kick import KickSolver
from kickoff.core.actions.turn import TurnResult, play_turn
from kickoff.core.activations import ActivationChoice, PassBlock
from kickoff.core.close import CloseCoach
from kickoff.core.coach import DEFAULTS, SCRIPTED, Asked, AskingCoach, Decision, PathCoach
from kickoff.core.dice import Dice, ScriptedDice, SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.core.problems import Problem
from kickoff.formats.scenario import load_scenario, parse_scenario
from kickoff.formats.scenario_build import LoadedScenario

#: h1 holds the ball on [10, 7], h2 on [14, 7]; a1 (Pass Block) beside the kicker's 3-4 arrow.
HOME = [player("h1", [10, 7]), player("h2", [14, 7])]
AWAY = [player("a1", [11, 8], skills=["pass_block"]), player("a2", [20, 12])]


def _loaded(doc: dict[str, Any]) -> LoadedScenario:
    return load_scenario(parse_scenario(json.dumps(doc)))


def _play(doc: dict[str, Any], coach: Any = None, dice: Dice | None = None) -> TurnResult:
    loaded = _loaded(doc)
    assert loaded.active is not None
    return play_turn(loaded.state.clone(), loaded.ruleset, dice or loaded.dice()[0],
                     loaded.active, loaded.actions, loaded.decisions, loaded.house_rules,
                     coach=coach)


class Recorder:
    """Answers as ``then`` does; records each decision met and whether its check accepted its
    default and every option it offers (the first 60 of a checkable set) then and there."""

    def __init__(self, then: Any = SCRIPTED) -> None:
        self.then = then
        self.met: list[Decision] = []
        self.accepted: list[bool] = []

    def choose(self, decision: Decision) -> Any:
        self.met.append(decision)
        self.accepted.append(decision.problem(decision.default) is None
                             and all(decision.problem(o) is None for o in decision.listed(60)))
        return self.then.choose(decision)


def _refused(doc: dict[str, Any]) -> Problem:
    with pytest.raises(DecisionError) as e:
        _play(doc, Recorder())
    (problem,) = e.value.problems
    return problem


def test_the_scripted_turn_is_answered_at_each_decision_as_the_plain_context_plays_it() -> None:
    # a1 on the 3-4 arrow blocks (3: fails, 4+ with h1's tackle zone), away 6, distance 4 + 3,
    # the default landing [17, 0]... on the pitch: the first of the spread by x then y
    act = kick([11, 7], kick_block="a1")
    doc = turn(home=HOME, away=[player("a1", [11, 7]), AWAY[1]], actions=[act],
               dice={"d6": [3, 6, 4], "d8": [5]})
    plain = _play(doc)
    rec = Recorder()
    asked = _play(doc, rec)
    # the ball bounces off the pitch's edge and nobody holds it: a turnover ends the turn
    assert [(d.kind, d.where) for d in rec.met] == [
        ("activation", "actions[0]"), ("path", "actions[0].path"), ("aim", "actions[0].aim"),
        ("pass_block", "actions[0].pass_block"), ("kick_block", "actions[0].kick_block"),
        ("reroll", "actions[0].kick_block (a1 at [11, 7])"),
        ("kick_landing", "actions[0].landing"), ("diving_catch", "decisions.diving_catch")]
    assert all(rec.accepted) and asked.turnover
    assert rec.met[0].options() == (None, ActivationChoice("h1", "move"),
                                    ActivationChoice("h1", "kick"), ActivationChoice("h2", "move"),
                                    ActivationChoice("h2", "kick"))
    aim = rec.met[2]
    assert aim.default is None and aim.options() == (None, *(Square(9 + i // 3, 6 + i % 3)
                                                            for i in range(9) if i != 4))
    blocker = next(d for d in rec.met if d.kind == "kick_block")
    assert blocker.options() == (None, "a1") and blocker.side == "away"
    landing = next(d for d in rec.met if d.kind == "kick_landing")
    assert landing.default == landing.about.default and asked.state.ball == plain.state.ball
    assert asked.log == plain.log


@pytest.mark.parametrize(("act", "home", "expect"), [
    (kick([11, 7], "a1"), HOME, ("illegal_choice", "actions[0].player", ("a1",), ((11, 8),),
                                 "a1 is not a player of the active team (home)")),
    (kick([11, 7], "zz"), HOME, ("unknown_player", "actions[0].player", (), (),
                                 "no player 'zz' in either team")),
    (kick([12, 7]), HOME, ("illegal_choice", "actions[0].aim", ("h1",), ((10, 7),),
                           "[12, 7] is not adjacent to the kicker h1 at [10, 7]: the 3-4 arrow "
                           "points at one of his neighbours")),
    (kick([15, 7], "h2"), HOME, ("illegal_choice", "actions[0].aim", ("h2",), ((14, 7),),
                                 "the kicker h2 at [14, 7] does not hold the ball after his move: "
                                 "he cannot kick")),
    (kick([11, 7], kick_block="a2"), HOME, ("illegal_choice", "actions[0].kick_block", ("a2",),
                                            ((20, 12),), "a2 (standing at [20, 12]) may not "
                                            "block the kick: a kick blocker is Standing, adjacent "
                                            "to the kicker h1 on a square the template's arrows "
                                            "pass through: [11, 6], [11, 7], [11, 8]")),
    (kick([11, 7], kick_block="h2"), HOME, ("illegal_choice", "actions[0].kick_block", ("h2",),
                                            ((14, 7),), "h2 is not a player of the opposing team")),
    (kick([11, 7], path=[[12, 7]]), HOME, ("illegal_choice", "actions[0].path[0] (h1 from "
                                           "[10, 7])", ("h1",), ((10, 7),), "[12, 7] is not "
                                           "adjacent")),
    (kick([11, 7], path=[[10, 6 - i] for i in range(7)] + [[11, 0]]),
     [player("h1", [10, 7], ma=5)], ("illegal_choice", "actions[0] (h1 at [10, 7])", ("h1",),
                                     ((10, 7),), "a path of 8 squares is beyond MA 5 plus 2 "
                                     "Rushes")),
])
def test_a_scripted_illegal_choice_is_a_problem_with_its_code_key_path_player_and_square(
        act: dict[str, Any], home: list[dict[str, Any]], expect: tuple[Any, ...]) -> None:
    p = _refused(turn(home=home, away=AWAY, actions=[act], dice={"d6": [6, 6, 6], "d8": [5]}))
    code, where, players, squares, message = expect
    assert (p.code, p.where, p.players, p.squares, p.message) == (
        code, where, players, tuple(Square(*s) for s in squares), message)


def test_a_second_kick_and_a_second_activation_are_refused_at_the_activation() -> None:
    doc = turn(home=HOME, away=AWAY, actions=[kick(None), kick(None, "h2")])
    p = _refused(doc)
    assert (p.code, p.where, p.players, p.squares, p.message) == (
        "illegal_choice", "actions[1].action", ("h2",), (Square(14, 7),),
        "only one Kick action per team turn")
    rec = Recorder()
    _play(turn(home=HOME, away=AWAY, actions=[kick(None)]), rec)
    last = rec.met[-1]  # one Kick action a turn, each player acts once
    assert last.kind == "activation" and last.options() == (None, ActivationChoice("h2", "move"))
    p = _refused(turn(home=HOME, away=AWAY, actions=[kick(None), kick(None)]))
    assert (p.code, p.where, p.players, p.message) == (
        "illegal_choice", "actions[1].player", ("h1",), "h1 has already acted this turn")


def _every_answer(doc: dict[str, Any], kinds: tuple[str, ...], seed: int) -> list[list[Any]]:
    """Every play of ``doc``'s turn over the options of the decisions of ``kinds`` (each option
    index in turn, depth first, the others the default coach's), seeded dice: the answers of
    each play, which all played without a refusal."""
    plays: list[list[Any]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        path = stack.pop()
        coach = PathCoach(path, kinds, DEFAULTS)  # type: ignore[arg-type]
        try:
            _play(doc, Recorder(coach), SeededDice(seed))
        except Asked as asked:
            stack.extend((*path, i) for i in range(len(asked.decision.listed())))
            continue
        plays.append(coach.answers)
    return plays


@pytest.mark.parametrize("seed", [1, 2])
def test_every_activation_aim_kick_block_and_landing_offered_is_accepted_and_plays(
        seed: int) -> None:
    doc = turn(home=HOME, away=AWAY, actions=[])
    plays = _every_answer(doc, ("activation", "aim", "kick_block", "kick_landing"), seed)
    firsts = {p[0] for p in plays}
    assert firsts == {None, ActivationChoice("h1", "move"), ActivationChoice("h1", "kick"),
                      ActivationChoice("h2", "move"), ActivationChoice("h2", "kick")}
    aims = {p[1] for p in plays if p[0] == ActivationChoice("h1", "kick")}
    assert len(aims) == 9 and None in aims  # no kick, or each neighbour of h1
    assert len(plays) > 20


def test_every_path_offered_is_accepted_and_played() -> None:
    doc = turn(home=[player("h1", [10, 7], ma=2)], away=AWAY, actions=[kick(None)])
    rec = Recorder()
    _play(doc, rec)
    path = next(d for d in rec.met if d.kind == "path")
    listed = path.listed()
    assert path.among is not None and listed[0] == () and len(listed) > 100
    assert all(len(p) <= 4 for p in listed)  # MA 2 plus 2 Rushes
    for p in listed[1:60:7]:
        moved = Recorder(PathCoach((listed.index(p),), ("path",)))
        result = _play(doc, moved, SeededDice(5))
        h1 = result.state.players["h1"]
        assert all(moved.accepted) and (h1.square == p[-1] or not h1.standing)


def test_the_default_coach_lets_nobody_act_and_the_close_coach_answers_legally() -> None:
    doc = turn(home=HOME, away=AWAY, actions=[kick([11, 7], landing=[15, 3])])
    idle = _play(doc, Recorder(DEFAULTS), ScriptedDice({}))  # no die is rolled
    assert idle.state.ball == Square(10, 7) and idle.state.carrier == "h1"
    assert not idle.turnover
    rec = Recorder(CloseCoach())  # no activation given: it has no rule of thumb, nobody acts
    _play(turn(home=HOME, away=AWAY, actions=[]), rec, ScriptedDice({}))
    assert [d.kind for d in rec.met] == ["activation"] and all(rec.accepted)
    rec = Recorder(CloseCoach())  # the scenario's activation given: it wins
    close = _play(doc, rec, SeededDice(4))
    assert all(rec.accepted) and {"activation", "path", "aim"} <= {d.kind for d in rec.met}
    assert close.log == _play(doc, None, SeededDice(4)).log


def test_the_solvers_hook_reads_the_rules_own_aims_and_plays_each() -> None:
    """The maximising coach asks at the aim (``AskingCoach``): the rule hands it the eight
    neighbours and no kick; each aim is valued exactly (``KickSolver``) and the best is at least
    as good for the kicking team as the scenario's own aim."""
    doc = turn(home=HOME, away=AWAY, actions=[kick([11, 7])])
    loaded = _loaded(doc)
    with pytest.raises(Asked) as e:
        _play(doc, AskingCoach(("aim",)), SeededDice(1))
    decision = e.value.decision
    assert decision.kind == "aim" and decision.side == "home" and len(decision.listed()) == 9
    solver = KickSolver(loaded.state, loaded.ruleset)
    act = loaded.actions[0]
    held = {aim: solver.odds(replace(act, aim=aim)).kicking_team_holds
            for aim in decision.listed() if aim is not None}
    assert max(held.values()) >= held[Square(11, 7)]
    assert len(set(held.values())) > 1  # the aim matters


def test_the_pass_block_moves_offered_end_next_to_the_kicker_and_each_plays() -> None:
    """a1 (Pass Block, [13, 8]) against h1's kick from [10, 7]: every move of up to three
    squares ending next to h1 is offered; each, scripted back, is played (the kick not blocked:
    the default); a scripted move too long is refused with its key path, player and square."""
    away = [player("a1", [13, 8], skills=["pass_block"]), AWAY[1]]
    doc = turn(home=HOME, away=away, actions=[kick([11, 7])])
    rec = Recorder()
    _play(doc, rec, SeededDice(3))
    d = next(d for d in rec.met if d.kind == "pass_block")
    options = d.options()
    assert options is not None and options[0] is None and d.side == "away" and all(rec.accepted)
    moves = options[1:]
    assert {m.player for m in moves} == {"a1"} and all(1 <= len(m.path) <= 3 for m in moves)
    assert all(max(abs(m.path[-1].x - 10), abs(m.path[-1].y - 7)) == 1 for m in moves)
    assert PassBlock("a1", (Square(12, 7), Square(11, 7))) in moves
    for m in moves[::9]:
        played = _play(turn(home=HOME, away=away, actions=[kick(
            [11, 7], pass_block={"player": "a1", "path": [list(sq) for sq in m.path]})]),
            Recorder(), SeededDice(3))
        assert played.state.players["a1"].square == m.path[-1] or not played.state.players[
            "a1"].standing
    p = _refused(turn(home=HOME, away=away, actions=[kick([11, 7], pass_block={
        "player": "a1", "path": [[14, 7], [13, 6], [12, 5], [11, 6]]})]))
    assert (p.code, p.where, p.players, p.squares, p.message) == (
        "illegal_choice", "actions[0].pass_block.path", ("a1",), (Square(13, 8),),
        "4 squares for a1; a Pass Block move is up to 3 squares")


def test_every_activation_aim_and_kick_block_offered_is_accepted_when_scripted_back() -> None:
    """Each option the rules offered, written back into the scenario as the scripted coach's
    answer (``actions[0]``'s player and action, its ``aim``, its ``kick_block``), is played
    without a refusal, and the decision met then has that answer as given."""
    away = [player("a1", [11, 7]), AWAY[1]]
    rec = Recorder()
    _play(turn(home=HOME, away=away, actions=[kick([11, 7], kick_block="a1")]), rec,
          SeededDice(2))
    activation, aim, blocker = (next(d for d in rec.met if d.kind == k)
                                for k in ("activation", "aim", "kick_block"))
    scripts = [{"player": o.player, "action": o.action, "path": []}
               for o in activation.listed() if o is not None]
    scripts += [kick(None if o is None else list(o)) for o in aim.listed()]
    scripts += [kick([11, 7], kick_block=o) for o in blocker.listed()]
    assert len(scripts) == 4 + 9 + 2
    for script in scripts:
        back = Recorder()
        _play(turn(home=HOME, away=away, actions=[script]), back, SeededDice(2))
        assert all(back.accepted) and back.met[0].given
