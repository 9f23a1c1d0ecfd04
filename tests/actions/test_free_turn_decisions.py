"""Issue 24 point 1: the free turn's choices go through ``KickoffContext.decide`` like every other
coach's choice: which player acts with which action (``activation``), along which squares
(``path``: a checkable set, listed up to a bound), the block dice's face (``block_face``) and
their re-roll (``block_reroll``). Every option offered is accepted by the decision's check and
played through the coach; a scripted illegal activation, path, face or re-roll is a
``DecisionError`` carrying a Problem with its code, key path, player and square; the ``close``
coach leaves the free turn to its given answer (nobody, or the ``close`` policy when told)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from world import world

from kickoff.core import RULESETS
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.actions.move import PathOptions
from kickoff.core.activations import Activation, ActivationChoice, BlockChoice
from kickoff.core.close import CloseCoach
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import ScriptedDice, SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square, distance
from kickoff.core.problems import Problem
from kickoff.core.state import GameState

EVENT = {"classic": "blitz", "bb2020": "blitz", "bb2025": "charge", "sevens": "blitz"}
#: Two kicking players Open, h1 a step from blocking a1 (:data:`NEXT`), h2 four squares from a2.
PLAYERS: dict[str, tuple[int, int] | dict[str, Any]] = {
    "h1": (7, 3), "h2": (5, 7), "a1": (9, 3), "a2": (9, 7)}
#: h1's step next to a1.
NEXT = (Square(8, 3),)


class Answers:
    """Answers each decision of a kind from ``answers`` (kind -> a function of the decision and
    how many of that kind were met before), else as the scripted coach; records each decision
    met, and whether its check accepted each of its offered options then and there."""

    def __init__(self, answers: dict[str, Callable[[Decision, int], Any]]) -> None:
        self.answers = answers
        self.met: list[Decision] = []
        self.accepted: list[bool] = []

    def choose(self, decision: Decision) -> Any:
        seen = sum(d.kind == decision.kind for d in self.met)
        self.met.append(decision)
        offered = decision.listed(200)
        self.accepted.append(decision.problem(decision.default) is None
                             and all(decision.problem(o) is None for o in offered))
        answer = self.answers.get(decision.kind)
        return SCRIPTED.choose(decision) if answer is None else answer(decision, seen)


def _state(rs: str, rerolls: int = 1) -> GameState:
    return world(rs, PLAYERS, rerolls=rerolls).state


def _play(rs: str, coach: Any, seed: int = 3, acts: tuple[Activation, ...] = ()) -> KickoffContext:
    ctx = KickoffContext(_state(rs), RULESETS[rs], SeededDice(seed), Decisions(), coach=coach)
    ctx.landing, ctx.touchback = Square(10, 5), False
    free_turn(ctx, EVENT[rs], None if rs == "classic" else 3, acts)
    return ctx


def _first_activation(rs: str) -> Decision:
    rec = Answers({"activation": lambda d, n: None})
    _play(rs, rec)
    assert [d.kind for d in rec.met] == ["activation"] and rec.accepted == [True]
    return rec.met[0]


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025", "sevens"])
def test_every_activation_and_path_offered_is_accepted_and_played(rs: str) -> None:
    first = _first_activation(rs)
    options = first.options()
    assert options is not None and options[0] is None and first.default is None
    assert ActivationChoice("h1", "blitz", "a1") in options
    assert ActivationChoice("h2", "blitz", "a2") in options  # four squares: within reach
    assert {o.player for o in options[1:]} == {"h1", "h2"}
    arrived = 0
    for option in options[1:]:
        taken: list[tuple[Square, ...]] = []  # the path answered, listed when it was asked
        rec = Answers({"activation": lambda d, n, o=option: o if n == 0 else None,
                       "path": lambda d, n, t=taken: t.append(d.listed(40)[-1]) or t[-1]})
        ctx = _play(rs, rec)  # no DecisionError: every option offered is played
        assert all(rec.accepted), [d.kind for d in rec.met]
        path = next(d for d in rec.met if d.kind == "path")
        assert path.options() is None and path.among is not None
        end = taken[0]
        assert len(end) == 2 or option.target is not None
        mover = ctx.state.players[option.player]
        assert not mover.standing or mover.square == end[-1]  # moved along it, unless he fell
        arrived += mover.square == end[-1]
    assert arrived >= 2


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025", "sevens"])
def test_the_block_face_and_reroll_offered_are_the_dice_and_the_teams_rerolls(rs: str) -> None:
    rec = Answers({"activation": lambda d, n: ActivationChoice("h1", "blitz", "a1") if n == 0
                   else None, "path": lambda d, n: NEXT})
    _play(rs, rec)
    kinds = [d.kind for d in rec.met]
    assert "block_face" in kinds and all(rec.accepted)
    face = next(d for d in rec.met if d.kind == "block_face")
    assert face.options() == tuple(dict.fromkeys(face.about)) and face.default in face.about
    assert face.problem("no such face") is not None
    reroll = next(d for d in rec.met if d.kind == "block_reroll")
    team = RULESETS[rs].free_turns[EVENT[rs]].team_rerolls
    assert reroll.options() == ((False, "team") if team else (False,))
    for answer in reroll.options() or ():  # each answered: played, re-rolled or not
        faces = Answers({"activation": lambda d, n: ActivationChoice("h1", "blitz", "a1")
                         if n == 0 else None, "block_reroll": lambda d, n, a=answer: a,
                         "path": lambda d, n: NEXT})
        _play(rs, faces)
        rolls = sum(d.kind == "block_reroll" for d in faces.met)
        assert rolls == 1 and all(faces.accepted)


def _refused(rs: str, act: Activation, dice: dict[str, list[int]] | None = None) -> Problem:
    ctx = world(rs, PLAYERS, dice=dice or {"d6": [6] * 8})
    with pytest.raises(DecisionError) as e:
        free_turn(ctx, EVENT[rs], 3, [act])
    (problem,) = e.value.problems
    return problem


def test_a_scripted_illegal_activation_is_a_problem_with_its_key_path_player_and_square() -> None:
    p = _refused("bb2020", Activation("h1", "blitz", target="h2", where="decisions.blitz[0]"))
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.blitz[0] (h1 at [7, 3])", ("h1",), (Square(7, 3),))
    assert p.message == "target h2 is not a Standing opponent"
    p = _refused("bb2020", Activation("a1", "move", (Square(10, 3),), where="decisions.blitz[0]"))
    assert (p.code, p.players, p.squares) == ("illegal_choice", ("a1",), (Square(9, 3),))
    p = _refused("bb2020", Activation("h9", "move", where="decisions.blitz[0]"))
    assert (p.code, p.where) == ("unknown_player", "decisions.blitz[0]")


def test_a_scripted_illegal_path_is_a_problem_naming_the_step() -> None:
    act = Activation("h2", "move", (Square(6, 7), Square(8, 7)), where="decisions.blitz[0]")
    p = _refused("bb2020", act)
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.blitz[0].path[1] (h2 from [6, 7])", ("h2",), (Square(6, 7),))
    assert p.message == "[8, 7] is not adjacent"


def test_a_scripted_face_not_rolled_and_a_reroll_not_allowed_are_problems() -> None:
    blitz = Activation("h1", "blitz", NEXT, target="a1", where="decisions.blitz[0]",
                       block=BlockChoice(choose="pow"))
    p = _refused("bb2020", blitz, {"block": [3], "d6": [6] * 8})  # 3: a Push
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.blitz[0].block.choose", ("h1",), (Square(8, 3),))
    assert p.message == "'pow' was not rolled (block dice: push)"
    blitz = Activation("h1", "blitz", NEXT, target="a1", where="decisions.blitz[0]",
                       block=BlockChoice(reroll="team"))
    p = _refused("bb2020", blitz, {"block": [3], "d6": [6] * 8})  # bb2020: no team re-roll
    assert (p.code, p.where, p.players) == (
        "illegal_choice", "decisions.blitz[0] (h1 at [8, 3]).block.reroll", ("h1",))


def test_the_scripted_coach_answers_its_activations_at_the_one_point() -> None:
    """A scripted free turn through a coach that is not plain: its activations, paths and
    block face are answered by the scripted coach at each decision, as the plain context
    plays them."""
    acts = (Activation("h2", "move", (Square(6, 7), Square(7, 7)), where="decisions.blitz[0]"),
            Activation("h1", "blitz", NEXT, target="a1", where="decisions.blitz[1]",
                       block=BlockChoice(choose="push")))
    dice = {"block": [3], "d6": [6] * 8}
    plain = world("bb2020", PLAYERS, dice=dice)
    free_turn(plain, "blitz", 3, acts)
    rec = Answers({})
    asked = KickoffContext(_state("bb2020", 0), RULESETS["bb2020"], ScriptedDice(dice),
                           Decisions(), coach=rec)
    free_turn(asked, "blitz", 3, acts)
    assert [d.kind for d in rec.met] == ["activation", "path", "activation", "path",
                                         "block_reroll", "block_face", "push_to", "follow_up",
                                         "activation"]
    assert all(rec.accepted)
    assert {p.id: p.square for p in asked.state.players.values()} == {
        p.id: p.square for p in plain.state.players.values()}


def test_paths_are_a_checkable_set_listed_up_to_a_bound() -> None:
    ctx = world("bb2020", PLAYERS)
    h2 = ctx.state.players["h2"]
    paths = PathOptions(ctx, h2, "decisions.blitz[0]")
    listed = paths.listed(500)
    assert len(listed) == 500 and listed[0] == () and len(set(listed)) == 500
    assert all(len(a) <= len(b) for a, b in pairwise(listed))
    assert all(p in paths for p in listed)
    assert paths.listed(7) == listed[:7]
    assert (Square(6, 7), Square(8, 7)) not in paths and "a square" not in paths
    steps = [Square(5 + i, 7 if i < 4 else 8) for i in range(1, 9)]  # 8 squares: MA 6 + 2 Rushes
    assert tuple(steps) in paths and (*steps, Square(14, 8)) not in paths
    blitz = PathOptions(ctx, h2, "decisions.blitz[0]", toward=Square(9, 7), reserve=1)
    near = blitz.listed(20)  # a Blitz on a2 four squares away: one path to each square by him
    assert [len(p) for p in near[:3]] == [3, 3, 3] and len(near) == 8  # the eight squares around him
    assert all(distance(p[-1], Square(9, 7)) == 1 for p in near)
    assert len({p[-1] for p in near}) == len(near) and all(p in blitz for p in near)
    assert all(len(a) <= len(b) for a, b in pairwise(near)) and blitz.listed(2) == near[:2]
    assert PathOptions(ctx, h2, "w", toward=Square(20, 7), reserve=1).listed(10) == ()
    assert all(distance(a, b) == 1 for p in listed for a, b in zip((h2.square, *p), p,
                                                                    strict=False))


@pytest.mark.parametrize("rs", ["classic", "bb2020"])
def test_the_close_coach_leaves_the_free_turn_to_its_given_answer(rs: str) -> None:
    """The ``close`` coach lets nobody act in a free turn unless told (the exact odds'
    ``play="close"`` solves it so); ``free_turn_policy="close"`` given, the close plan wins,
    answered through the coach as through the plain context."""
    before = {p.id: p.square for p in _state(rs).players.values()}
    idle = _play(rs, CloseCoach(("kicking",)))
    assert {p.id: p.square for p in idle.state.players.values()} == before
    told = Decisions(free_turn_policy="close")
    ctx = KickoffContext(_state(rs), RULESETS[rs], SeededDice(3), told,
                         coach=CloseCoach(("kicking",)))
    policy = KickoffContext(_state(rs), RULESETS[rs], SeededDice(3), told)
    for c in (ctx, policy):
        c.landing, c.touchback = Square(10, 5), False
        free_turn(c, EVENT[rs], None if rs == "classic" else 3, ())
    squares = {p.id: p.square for p in ctx.state.players.values()}
    assert squares == {p.id: p.square for p in policy.state.players.values()}
    assert squares["h2"] != Square(5, 7)  # somebody moved: the policy acts


# -- a Blitz's reach, declared at its path decision -----------------------------------------------


def _path_decision(rs: str, act: Activation, players: dict[str, Any] | None = None
                   ) -> tuple[Decision, Problem | None]:
    """The ``path`` decision met when the scripted ``act`` is played (no die rolled: the
    scripted dice are empty, so a refused path must be refused before any roll), and the
    problem its check finds with the scripted path."""
    rec = Answers({})
    ctx = KickoffContext(world(rs, players or PLAYERS).state, RULESETS[rs], ScriptedDice({}),
                         Decisions(), coach=rec)
    with pytest.raises(DecisionError) as e:
        free_turn(ctx, EVENT[rs], 3, [act])
    (decision,) = [d for d in rec.met if d.kind == "path"]
    assert rec.met[-1] is decision  # refused there, before the block or any die
    (problem,) = e.value.problems
    assert decision.problem(act.path) == problem
    return decision, problem


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025", "sevens"])
def test_a_blitz_path_that_does_not_end_next_to_its_target_is_refused_at_its_decision(
        rs: str) -> None:
    act = Activation("h2", "blitz", (Square(6, 7),), target="a2", where=f"decisions.{EVENT[rs]}[0]")
    decision, p = _path_decision(rs, act)
    assert p is not None and (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", f"decisions.{EVENT[rs]}[0] (h2 at [5, 7])", ("h2",), (Square(5, 7),))
    assert p.message == "target a2 at [9, 7] is not adjacent to the end of the path [6, 7]"
    listed = decision.listed(50)
    assert listed and all(decision.problem(o) is None for o in listed)  # conformance
    assert decision.default == listed[0] and len(decision.default) == 3


@pytest.mark.parametrize("rs", ["classic", "bb2020"])
def test_a_blitz_path_that_leaves_no_square_for_the_block_is_refused_at_its_decision(
        rs: str) -> None:
    # h2 (MA 6, two Rushes) goes the long way round to a2 [9, 7]: eight squares, the last next
    # to a2; the block would need a ninth
    way = ((5, 8), (5, 9), (6, 10), (7, 10), (8, 10), (9, 10), (10, 9), (10, 8))
    act = Activation("h2", "blitz", tuple(Square(*s) for s in way), target="a2",
                     where="decisions.blitz[0]")
    _, p = _path_decision(rs, act)
    assert p is not None and (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.blitz[0] (h2 at [5, 7])", ("h2",), (Square(5, 7),))
    assert p.message == ("no movement left for the block: a Blitz's block costs one square and "
                         "the path already uses 8 (MA 6 plus Rushes)")
    seven = Activation("h2", "blitz", tuple(Square(*s) for s in (*way[:5], (9, 9), (10, 8))),
                       target="a2", where="decisions.blitz[0]")
    rec = Answers({})
    ctx = KickoffContext(world(rs, PLAYERS).state, RULESETS[rs],
                         ScriptedDice({"d6": [6] * 8, "block": [5]}), Decisions(), coach=rec)
    free_turn(ctx, "blitz", 3, [seven])  # seven squares: the block is his last Rush
    assert all(rec.accepted) and ctx.state.players["a2"].status != "standing"


def test_a_blitz_on_a_target_out_of_reach_is_refused_as_it_is_declared() -> None:
    far = {**PLAYERS, "a2": (19, 7)}  # 14 squares from h2
    ctx = world("bb2020", far, dice={"d6": [6] * 8})
    with pytest.raises(DecisionError) as e:
        free_turn(ctx, "blitz", 3, [Activation("h2", "blitz", (), target="a2",
                                              where="decisions.blitz[0]")])
    (p,) = e.value.problems
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.blitz[0] (h2 at [5, 7])", ("h2",), (Square(5, 7),))
    assert p.message.startswith("target a2 at [19, 7] is out of reach")


@pytest.mark.parametrize(("rs", "early"), [("classic", False), ("bb2020", True),
                                            ("bb2025", True)])
def test_a_wasted_blitz_may_name_its_target_without_a_path_where_it_ends_at_declaration(
        rs: str, early: bool) -> None:
    """bb2020+ roll Foul Appearance as the Blitz is declared (a 1: it ends before a step, as
    FUMBBL writes it: the target, no path), so its empty path passes the path decision; classic
    rolls it at the block, so the empty path of a Blitz far from its target is refused there."""
    players = {**PLAYERS, "a2": {"square": (9, 7), "skills": ["foul_appearance"]}}
    act = Activation("h2", "blitz", (), target="a2", where="decisions.blitz[0]")
    ctx = world(rs, players, dice={"d6": [1]})
    if not early:
        with pytest.raises(DecisionError) as e:
            free_turn(ctx, "blitz", 3, [act])
        assert e.value.problems[0].message.startswith("target a2 at [9, 7] is not adjacent")
        return
    free_turn(ctx, EVENT[rs], 3, [act])  # the roll of 1 wastes it: no step, no error
    assert ctx.state.players["h2"].square == Square(5, 7)
    ctx = world(rs, players, dice={"d6": [2]})  # the roll passed: now its reach counts
    with pytest.raises(DecisionError) as e:
        free_turn(ctx, EVENT[rs], 3, [act])
    assert e.value.problems[0].message.startswith("target a2 at [9, 7] is not adjacent")


def test_a_bone_headed_blitz_may_name_its_target_without_a_path() -> None:
    """A Bone-head roll as the activation starts may end the Blitz before a step (classic too):
    the empty path passes its decision; a failed roll (1) ends it, a passed one (2+) makes its
    reach count, refused as it is played."""
    players = {**PLAYERS, "h2": {"square": (5, 7), "skills": ["bone_head"]}}
    act = Activation("h2", "blitz", (), target="a2", where="decisions.blitz[0]")
    ctx = world("classic", players, dice={"d6": [1]})
    free_turn(ctx, "blitz", None, [act])
    assert ctx.state.players["h2"].square == Square(5, 7)
    with pytest.raises(DecisionError) as e:
        free_turn(world("classic", players, dice={"d6": [2]}), "blitz", None, [act])
    (p,) = e.value.problems
    assert (p.code, p.where, p.players) == ("illegal_choice", "decisions.blitz[0] (h2 at [5, 7])",
                                            ("h2",))
    assert p.message == "target a2 at [9, 7] is not adjacent to the end of the path [5, 7]"
