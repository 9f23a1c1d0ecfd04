"""``Problem``: the value every check returns, its one rendering, its ``code``, and the engine
errors that carry their problems as values (``core/problems.py``, ``core/errors.py``)."""

from __future__ import annotations

import pickle
from typing import get_args

import pytest

from kickoff.core.errors import (
    DecisionError,
    DiceError,
    KickoffError,
    NotSupportedError,
    ScenarioError,
    SetupError,
)
from kickoff.core.pitch import Square
from kickoff.core.problems import Place, Problem, ProblemCode


def test_text_and_at() -> None:
    p = Problem("2 players in the top Wide Zone, at most 2", "home team", ("h1", "h2"))
    assert p.text() == "home team: 2 players in the top Wide Zone, at most 2"
    assert p.at("my.toml").text() == "my.toml: home team: 2 players in the top Wide Zone, at most 2"
    assert Problem("no where").text() == "no where"
    assert p.as_json() == {"text": p.text(), "code": "invalid", "where": "home team",
                           "message": p.message, "players": ["h1", "h2"], "squares": []}


def test_place_names_the_player_and_his_square_as_values() -> None:
    place = Place("decisions.blitz[1]", "h4", Square(6, 7)).then(".block.follow_up")
    p = place.problem("h4 has Frenzy and must follow up")
    assert (p.where, p.players, p.squares, p.code) == (
        "decisions.blitz[1] (h4 at [6, 7]).block.follow_up", ("h4",), (Square(6, 7),),
        "illegal_choice")
    assert p.text() == ("decisions.blitz[1] (h4 at [6, 7]).block.follow_up: h4 has Frenzy and "
                        "must follow up")
    off = Place("decisions.blitz[0]", "h4", None).problem("gone")
    assert (off.where, off.squares) == ("decisions.blitz[0] (h4 off the pitch)", ())


@pytest.mark.parametrize(("error", "code"), [
    (DecisionError("x"), "illegal_choice"), (NotSupportedError("x"), "not_supported"),
    (DiceError("x"), "dice"), (ScenarioError(["x"]), "invalid"),
    (SetupError([Problem("x", code="illegal_setup")]), "illegal_setup"),
])
def test_every_error_is_a_value_error_with_coded_problems(error: KickoffError, code: str) -> None:
    assert isinstance(error, ValueError)
    assert [p.code for p in error.problems] == [code]
    assert code in get_args(ProblemCode)


def test_decision_error_carries_its_problem() -> None:
    e = DecisionError.at("decisions.high_kick", "h2 is not an Open, Standing player")
    assert str(e) == "decisions.high_kick: h2 is not an Open, Standing player"
    (p,) = e.problems
    assert (p.where, p.message, p.code) == ("decisions.high_kick",
                                            "h2 is not an Open, Standing player", "illegal_choice")
    unknown = DecisionError.at("kick.kicker", "no player 'zz' in either team",
                               code="unknown_player")
    assert unknown.problems[0].code == "unknown_player"


def test_placed_copies_and_leaves_the_error_as_it_was() -> None:
    e = DecisionError.at(Place("decisions.blitz[0]", "a1", Square(3, 4)), "no")
    moved = e.placed(lambda p: p.at("file.json"))
    assert str(moved) == "file.json: decisions.blitz[0] (a1 at [3, 4]): no"
    assert moved.problems[0].players == ("a1",) and moved.problems[0].squares == (Square(3, 4),)
    assert str(e) == "decisions.blitz[0] (a1 at [3, 4]): no"  # unchanged
    assert type(moved) is DecisionError


def test_dice_error_says_what_the_die_was_needed_for() -> None:
    e = DiceError.at("dice.d6[3]", "the scripted d6 dice ran out").needed_for("kick-off event")
    assert str(e) == "dice.d6[3]: the scripted d6 dice ran out, needed for: kick-off event"
    assert (e.problems[0].where, e.problems[0].code) == ("dice.d6[3]", "dice")


def test_setup_error_in_a_source() -> None:
    e = SetupError([Problem("3 players", "home team", code="illegal_setup")])
    assert str(e) == "illegal set-up:\n- home team: 3 players"
    placed = e.placed(lambda p: p.at("h.toml")).in_source("h.toml")
    assert str(placed) == "h.toml: illegal set-up:\nh.toml: home team: 3 players"


@pytest.mark.parametrize("error", [
    DecisionError(Problem("kicker h4 has no Kick skill", "decisions.use_kick_skill", ("h4",),
                          code="illegal_choice")),
    SetupError([Problem("two players on [3, 4]", "home team", ("h1", "h2"), (Square(3, 4),),
                        code="illegal_setup")], source="my_setup.toml"),
], ids=["decision", "setup"])
def test_an_error_pickles_with_its_problems(error: KickoffError) -> None:
    """An engine error crosses a process boundary (the web's odds workers) with its problems as
    values, in both builds (the compiled class has no ``__dict__`` for pickle's default)."""
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert back.problems == error.problems and str(back) == str(error)
    assert getattr(back, "source", None) == getattr(error, "source", None)
