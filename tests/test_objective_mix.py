"""A weighted mix of objectives (issue 24, point 4): read from its text by the standard parser
and pydantic, hostile text refused naming ``objective``; each end's value the weighted sum of
the receivers' values (hand-computed); the advisor's values of a mix, fresh and incremental,
equal the mix of the solver's values of its objectives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from helpers import assert_invalid, cli

from kickoff.analysis.advisor.evaluate import Evaluator, FreshEvaluator, minimax
from kickoff.analysis.advisor.moves import MoveSpace, layout_of, neighbours
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import (
    MAX_MIX_TEXT,
    OBJECTIVES,
    Mix,
    any_end_value,
    objective_text,
    parse_objective,
)
from kickoff.core import ball
from kickoff.core.errors import OptionError
from kickoff.core.pitch import Square
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

HOLDS_GROUND = Mix((("receiver-holds", Fraction(7, 10)), ("ball-on-ground", Fraction(3, 10))))


def sevens(team: str = "human") -> GameState:
    rs = RULESETS["sevens"]
    return build_state(rs, {"home": load_team("human", "sevens"), "away": load_team(team, "sevens")},
                       {"home": load_setup("sevens_def_zone", rs.pitch),
                        "away": load_setup("sevens_off_wedge", rs.pitch)}, kicking="home")


def test_a_mix_is_read_from_its_text_and_written_back() -> None:
    mix = parse_objective("mix:receiver-holds=0.7,ball-on-ground=3/10")
    assert mix == HOLDS_GROUND
    assert objective_text(mix) == "mix:receiver-holds=7/10,ball-on-ground=3/10"
    assert parse_objective(objective_text(mix)) == mix
    assert parse_objective("distance") == "distance"


@pytest.mark.parametrize(("text", "message"), [
    ("holds", "is not one of touchback"),
    ("mix:holds=1", "Input should be 'touchback'"),
    ("mix:distance=-1", "weights must be 0 or more"),
    ("mix:distance=0", "one of them above 0"),
    ("mix:", "one of them above 0"),
    ("mix:distance=1,distance=2", "named twice"),
    ("mix:distance=abc", "not a valid fraction"),
    ("mix:distance", "bad query field"),
    ("mix:" + ",".join(f"distance{i}=1" for i in range(len(OBJECTIVES) + 1)),
     "Max number of fields exceeded"),
    ("mix:distance=" + "9" * MAX_MIX_TEXT, "a mix is at most 200"),
])
def test_bad_mixes_name_the_objective(text: str, message: str) -> None:
    with pytest.raises(OptionError) as e:
        parse_objective(text)
    assert e.value.problems[0].where == "objective"
    assert message in str(e.value)


def test_an_end_s_value_is_the_weighted_sum_of_the_receivers_values() -> None:
    """By hand: holding the ball is 1 of receiver-holds and 1 - 0 of ball-on-ground for the
    receivers; a ball on the ground 0 and 1 - 1; a ball with nowhere to rest 0 and 1 - 0 (not on
    the ground, as ``Odds.ground``); distance enters as itself."""
    sides = {"a1": "away", "h1": "home"}
    held = ball.Held("a1", Square(20, 7), False)
    theirs = ball.Held("h1", Square(20, 7), False)
    rests = ball.Rests(Square(20, 7), False)
    nowhere = ball.Rests(None, False)
    value = {end: any_end_value(end, HOLDS_GROUND, "away", 26, sides)  # type: ignore[arg-type]
             for end in (held, theirs, rests, nowhere)}
    assert value == {held: 1, theirs: Fraction(3, 10), rests: 0, nowhere: Fraction(3, 10)}
    far = Mix((("distance", Fraction(1, 2)), ("touchback", Fraction(2))))
    tb = ball.Held("a1", Square(20, 7), True)
    assert any_end_value(tb, far, "away", 26, sides) == Fraction(6, 2) + 2  # type: ignore[arg-type]


def test_the_advisor_s_mix_is_the_mix_of_the_solver_s_values() -> None:
    """The kicker's best target against a mix: the lowest mix of the solver's values over the
    receiving area (the receivers want a mix high), first by x then y."""
    state = sevens()
    rs = RULESETS["sevens"]
    value, target = minimax(state, rs, HOLDS_GROUND, "none", "defaults", frozenset(), True)
    solver = KickoffSolver(state, rs, events="none", use_kick_skill=True)
    area = [sq for sq in state.pitch.squares() if state.pitch.in_receiving_area("away", sq)]
    by_hand = {t: Fraction(7, 10) * solver.value(t, "receiver-holds")
               + Fraction(3, 10) * (1 - solver.value(t, "ball-on-ground")) for t in area}
    low = min(by_hand.values())
    assert value == low
    assert target == min((t for t in area if by_hand[t] == low), key=lambda t: (t.x, t.y))


def test_incremental_values_of_a_mix_equal_a_fresh_solve() -> None:
    state = sevens()
    rs = RULESETS["sevens"]
    mix = Mix((("receiver-holds", Fraction(1, 2)), ("distance", Fraction(1, 4)),
               ("ball-on-ground", Fraction(1, 4))))
    inc = Evaluator(state, rs, mix, "none", "defaults", frozenset())
    fresh = FreshEvaluator(state, rs, mix, "none", "defaults", frozenset())
    space = MoveSpace.of(state, rs)
    rng = random.Random(4)
    current = layout_of(state)
    assert inc.value(current) == fresh.value(current)
    for _ in range(2):
        cands = neighbours(space, current, 2, rng)
        assert inc.value(cands[-1]) == fresh.value(cands[-1])
        current = cands[0]
        inc.rebase(current)
        assert inc.value(current) == fresh.value(current)


def test_setup_optimize_takes_a_mix_and_refuses_a_bad_one() -> None:
    import json

    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "orc",
                          "--events", "none", "--evaluations", "8", "--objective",
                          "mix:receiver-holds=0.7,distance=0.3", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["objective"] == "mix:receiver-holds=7/10,distance=3/10"
    assert "--objective mix:receiver-holds=7/10,distance=3/10 " in doc["source"]
    assert Fraction(doc["value"]) >= Fraction(doc["start_value"])
    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "orc",
                          "--objective", "mix:holds=1"])
    assert_invalid(code, out, err, "--objective", "holds")
    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "orc",
                          "--events", "none", "--evaluations", "1", "--play", "best",
                          "--objective", "mix:distance=1", "--json"])
    assert code == 0, err  # both coaches at their best under the mix (tests/test_mix_best.py)
    assert "--play best" in json.loads(out)["source"]


def test_a_mix_weighing_distance_is_no_chance() -> None:
    # (the heat maps show a chance in percent; distance, and a mix weighing it, otherwise)
    from kickoff.analysis.objectives import in_percent, short_value, value_unit, value_words

    chances = Mix((("receiver-holds", Fraction(1)), ("distance", Fraction(0))))
    squares = Mix((("receiver-holds", Fraction(1, 2)), ("distance", Fraction(1, 2))))
    assert [in_percent(o) for o in ("touchback", "distance", chances, squares)] == [
        True, False, True, False]
    assert [value_unit(o) for o in ("ball-on-ground", "distance", chances, squares)] == [
        "probability", "squares", "probability", ""]
    assert [short_value(Fraction(1, 8), "touchback"), short_value(Fraction(23, 4), "distance"),
            short_value(Fraction(41, 4), "distance"), short_value(Fraction(3), squares)] == [
        "12", "5.8", "10", "3.0"]
    assert [value_words(Fraction(1, 8), chances), value_words(Fraction(23, 4), "distance"),
            value_words(Fraction(1, 3), squares)] == ["12.5%", "5.75 squares", "0.3333"]
