"""Unit tests of ``kickoff.core.pitch`` and ``kickoff.core.dice`` against
``shared/spec/pitch-and-dice.md`` (coordinates, areas, templates, dice). Every expected value is
read off the spec, not off the code."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest
from helpers import run, scenario

from kickoff.core.dice import ScriptedDice, SeededDice, outcomes
from kickoff.core.errors import DiceError, KickoffError
from kickoff.core.pitch import (
    CORNER_D3,
    ELEVEN,
    RANDOM_DIRECTION,
    SEVENS,
    Square,
    aimed_template,
    distance,
    square_at,
    throw_in_direction,
)

# -- squares and distance ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "square"), [
    ("19,7", Square(19, 7)), ("[3, 5]", Square(3, 5)), (" 0 , 14 ", Square(0, 14)),
    ("-1,7", Square(-1, 7)), ("26,-2", Square(26, -2)),
])
def test_square_parse(text: str, square: Square) -> None:
    assert Square.parse(text) == square
    assert Square.parse(str(square)) == square  # round trip
    assert str(square) == f"{square.x},{square.y}"


@pytest.mark.parametrize("text", ["", "19", "a,b", "1,2,3", "1.5,2", "19;7"])
def test_square_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="square"):
        Square.parse(text)


def test_square_helpers() -> None:
    assert Square(19, 7).step(1, -1, 3) == Square(22, 4)
    assert Square(19, 7).as_list() == [19, 7]


def test_a_square_made_is_the_kept_one_within_range_and_a_new_tuple_outside() -> None:
    """``Square(x, y)`` gives :func:`square_at`'s square for int coordinates within its range,
    and otherwise makes one as ``NamedTuple`` does: positional or keywords, any values, a
    subclass's own instances, the same errors for missing or extra values."""
    assert Square(20, 7) is square_at(20, 7) and Square(y=7, x=20) is square_at(20, 7)
    assert Square(-16, 47) is square_at(-16, 47)
    far = Square(100, -40)
    assert far == (100, -40) and far.x == 100 and type(far) is Square
    assert far is not Square(100, -40)
    loose = Square(True, 2.5)  # type: ignore[arg-type]  # not ints: a new square, as given
    assert type(loose.x) is bool and loose.y == 2.5 and loose is not square_at(1, 2)

    class Marked(Square):
        pass

    marked = Marked(3, 4)
    assert type(marked) is Marked and marked == (3, 4) and marked is not square_at(3, 4)
    with pytest.raises(TypeError):
        Square(3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Square(3, 4, 5)  # type: ignore[call-arg]
    assert pickle.loads(pickle.dumps(Square(5, 6))) is square_at(5, 6)
    assert Square._make((5, 6)) == (5, 6) and Square(5, 6)._replace(y=1) == Square(5, 1)


@pytest.mark.parametrize(("a", "b", "d"), [
    ((0, 0), (0, 0), 0), ((19, 7), (20, 8), 1), ((19, 7), (18, 7), 1), ((0, 0), (3, 1), 3),
    ((3, 1), (0, 0), 3), ((6, 7), (19, 7), 13), ((2, 9), (5, 3), 6),
])
def test_distance_is_chebyshev(a: tuple[int, int], b: tuple[int, int], d: int) -> None:
    assert distance(a, b) == d


def test_random_direction_template_numbering() -> None:
    assert RANDOM_DIRECTION == {1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0),
                                6: (-1, 1), 7: (0, 1), 8: (1, 1)}


# -- the two pitches ---------------------------------------------------------------------------


def test_eleven_pitch_size_and_centres() -> None:
    assert (ELEVEN.width, ELEVEN.height) == (26, 15)
    assert ELEVEN.on_pitch((0, 0)) and ELEVEN.on_pitch((25, 14))
    assert not any(ELEVEN.on_pitch(sq) for sq in [(26, 0), (-1, 7), (5, 15), (5, -1)])
    assert ELEVEN.centre == {"home": Square(6, 7), "away": Square(19, 7)}
    assert len(ELEVEN.squares()) == 26 * 15
    assert ELEVEN.squares()[:2] == [Square(0, 0), Square(0, 1)]  # by x, then y


def test_sevens_pitch_size_and_centres() -> None:
    assert (SEVENS.width, SEVENS.height) == (20, 11)
    assert SEVENS.on_pitch((19, 10)) and not SEVENS.on_pitch((20, 5))
    assert not SEVENS.on_pitch((5, 11))
    assert SEVENS.centre == {"home": Square(3, 5), "away": Square(16, 5)}


@pytest.mark.parametrize(("pitch", "y", "zone"), [
    (ELEVEN, 0, "top"), (ELEVEN, 3, "top"), (ELEVEN, 4, None), (ELEVEN, 10, None),
    (ELEVEN, 11, "bottom"), (ELEVEN, 14, "bottom"),
    (SEVENS, 0, "top"), (SEVENS, 1, "top"), (SEVENS, 2, None), (SEVENS, 8, None),
    (SEVENS, 9, "bottom"), (SEVENS, 10, "bottom"),
])
def test_wide_zones(pitch: object, y: int, zone: str | None) -> None:
    for x in (0, 7, 13):  # full length, End Zones included
        assert pitch.in_wide_zone((x, y)) == zone  # type: ignore[attr-defined]


def test_eleven_line_of_scrimmage() -> None:
    assert all(ELEVEN.on_los("home", (12, y)) for y in range(4, 11))
    assert all(ELEVEN.on_los("away", (13, y)) for y in range(4, 11))
    # Centre Field part only
    assert not any(ELEVEN.on_los("home", (12, y)) for y in (0, 3, 11, 14))
    assert not ELEVEN.on_los("home", (13, 7))
    assert not ELEVEN.on_los("away", (12, 7))
    assert not ELEVEN.on_los("home", (11, 7))


def test_sevens_line_of_scrimmage() -> None:
    assert all(SEVENS.on_los("home", (6, y)) for y in range(2, 9))
    assert all(SEVENS.on_los("away", (13, y)) for y in range(2, 9))
    assert not any(SEVENS.on_los("home", (6, y)) for y in (0, 1, 9, 10))
    assert not SEVENS.on_los("home", (7, 5))
    assert not SEVENS.on_los("away", (12, 5))


def test_eleven_setup_zones_are_the_halves() -> None:
    for y in (0, 7, 14):
        assert ELEVEN.in_setup_zone("home", (0, y)) and ELEVEN.in_setup_zone("home", (12, y))
        assert not ELEVEN.in_setup_zone("home", (13, y))
        assert ELEVEN.in_setup_zone("away", (13, y)) and ELEVEN.in_setup_zone("away", (25, y))
        assert not ELEVEN.in_setup_zone("away", (12, y))
    assert not ELEVEN.in_setup_zone("home", (-1, 7))
    assert not ELEVEN.in_setup_zone("away", (26, 7))


def test_sevens_setup_zones_are_the_thirds_and_the_gap_is_nobodys() -> None:
    assert SEVENS.in_setup_zone("home", (6, 5)) and not SEVENS.in_setup_zone("home", (7, 5))
    assert SEVENS.in_setup_zone("away", (13, 5)) and not SEVENS.in_setup_zone("away", (12, 5))
    for x in range(7, 13):
        assert not SEVENS.in_setup_zone("home", (x, 5))
        assert not SEVENS.in_setup_zone("away", (x, 5))


def test_eleven_receiving_area_is_the_receiving_half() -> None:
    # receiving "away" (home kicks): x 13..25, End Zone included
    assert ELEVEN.in_receiving_area("away", (13, 0))
    assert ELEVEN.in_receiving_area("away", (25, 14))
    assert not ELEVEN.in_receiving_area("away", (12, 7))
    assert not ELEVEN.in_receiving_area("away", (26, 7))
    assert ELEVEN.in_receiving_area("home", (0, 7)) and ELEVEN.in_receiving_area("home", (12, 7))
    assert not ELEVEN.in_receiving_area("home", (13, 7))
    assert not ELEVEN.in_receiving_area("home", (5, 15))


def test_sevens_receiving_area_includes_the_gap() -> None:
    # home kicks: everything beyond x = 6; away kicks: everything before x = 13
    assert all(SEVENS.in_receiving_area("away", (x, 5)) for x in range(7, 20))
    assert not SEVENS.in_receiving_area("away", (6, 5))
    assert all(SEVENS.in_receiving_area("home", (x, 5)) for x in range(0, 13))
    assert not SEVENS.in_receiving_area("home", (13, 5))


def test_edge_crossed() -> None:
    assert ELEVEN.edge_crossed((5, 0), (5, -1)) == "top"
    assert ELEVEN.edge_crossed((5, 14), (6, 15)) == "bottom"
    assert ELEVEN.edge_crossed((0, 7), (-1, 7)) == "home_end"
    assert ELEVEN.edge_crossed((25, 7), (26, 8)) == "away_end"
    assert SEVENS.edge_crossed((19, 5), (20, 5)) == "away_end"
    assert SEVENS.edge_crossed((7, 10), (7, 11)) == "bottom"


def test_corners() -> None:
    assert ELEVEN.corner((0, 0)) == (-1, -1)
    assert ELEVEN.corner((25, 0)) == (1, -1)
    assert ELEVEN.corner((25, 14)) == (1, 1)
    assert ELEVEN.corner((0, 14)) == (-1, 1)
    assert SEVENS.corner((19, 10)) == (1, 1)
    assert ELEVEN.corner((0, 7)) is None
    assert ELEVEN.corner((12, 0)) is None
    assert ELEVEN.corner((19, 10)) is None  # sevens' corner is not the eleven's


def test_nearest_empty_ties_go_to_lowest_x_then_y() -> None:
    zone = [sq for sq in ELEVEN.squares() if ELEVEN.in_setup_zone("away", sq)]
    centre = ELEVEN.centre["away"]
    assert ELEVEN.nearest_empty(zone, centre, set()) == Square(19, 7)
    assert ELEVEN.nearest_empty(zone, centre, {(19, 7)}) == Square(18, 6)
    ring = {(19 + dx, 7 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert ELEVEN.nearest_empty(zone, centre, ring) == Square(17, 5)
    assert ELEVEN.nearest_empty([Square(1, 1)], centre, {(1, 1)}) is None


# -- the Throw-in template and the corner D3 -----------------------------------------------------


@pytest.mark.parametrize(("edge", "dirs"), [
    ("top", [(1, 1), (0, 1), (-1, 1)]),
    ("bottom", [(-1, -1), (0, -1), (1, -1)]),
    ("home_end", [(1, -1), (1, 0), (1, 1)]),
    ("away_end", [(-1, 1), (-1, 0), (-1, -1)]),
])
def test_throw_in_template(edge: str, dirs: list[tuple[int, int]]) -> None:
    got = [throw_in_direction(edge, d6) for d6 in range(1, 7)]  # type: ignore[arg-type]
    assert got == [dirs[0], dirs[0], dirs[1], dirs[1], dirs[2], dirs[2]]


@pytest.mark.parametrize(("corner", "sweep"), [
    ((-1, -1), [(1, 0), (1, 1), (0, 1)]),     # (0, 0)
    ((1, -1), [(0, 1), (-1, 1), (-1, 0)]),    # top-right
    ((1, 1), [(-1, 0), (-1, -1), (0, -1)]),   # bottom-right
    ((-1, 1), [(0, -1), (1, -1), (1, 0)]),    # bottom-left
])
def test_corner_d3_sweeps_clockwise(corner: tuple[int, int], sweep: list[tuple[int, int]]) -> None:
    assert list(CORNER_D3[corner]) == sweep


def test_corner_d3_always_points_into_the_pitch() -> None:
    for sq in [(0, 0), (25, 0), (25, 14), (0, 14)]:
        sign = ELEVEN.corner(sq)
        assert sign is not None
        for dx, dy in CORNER_D3[sign]:
            assert ELEVEN.on_pitch((sq[0] + dx, sq[1] + dy))


@pytest.mark.parametrize(("aim", "template"), [
    ((1, 0), ((1, -1), (1, 0), (1, 1))),      # east (pitch-and-dice.md example)
    ((1, -1), ((0, -1), (1, -1), (1, 0))),    # north-east (pitch-and-dice.md example)
    ((0, -1), ((-1, -1), (0, -1), (1, -1))),  # north: left is west
    ((-1, 0), ((-1, 1), (-1, 0), (-1, -1))),  # west: left is south
    ((0, 1), ((1, 1), (0, 1), (-1, 1))),      # south: left is east
])
def test_kick_it_aimed_template(aim: tuple[int, int], template: tuple[tuple[int, int], ...]) -> None:
    assert aimed_template(aim) == template


def test_aimed_template_matches_the_edge_templates() -> None:
    # The Throw-in template aimed straight in is the edge's template (same 1-2 / 5-6 sides).
    assert aimed_template((0, 1)) == tuple(throw_in_direction("top", d) for d in (1, 3, 5))
    assert aimed_template((0, -1)) == tuple(throw_in_direction("bottom", d) for d in (1, 3, 5))
    assert aimed_template((1, 0)) == tuple(throw_in_direction("home_end", d) for d in (1, 3, 5))
    assert aimed_template((-1, 0)) == tuple(throw_in_direction("away_end", d) for d in (1, 3, 5))


# -- dice ----------------------------------------------------------------------------------------


def test_scripted_dice_consume_each_kind_in_order() -> None:
    dice = ScriptedDice({"d6": [3, 4], "d8": [8], "pick": [2]})
    assert dice.roll("d8", 8) == 8
    assert dice.roll("d6", 6) == 3
    assert dice.roll("pick", 3) == 2
    assert dice.roll("d6", 6) == 4
    dice.check_exhausted()


def test_scripted_dice_running_out_names_kind_and_position() -> None:
    dice = ScriptedDice({"d6": [3]})
    dice.roll("d6", 6)
    with pytest.raises(DiceError, match=r"d6\[1\]"):
        dice.roll("d6", 6)


def test_scripted_dice_missing_kind_names_kind_and_position() -> None:
    with pytest.raises(DiceError, match=r"d3\[0\]"):
        ScriptedDice({"d6": [3]}).roll("d3", 3)


@pytest.mark.parametrize(("kind", "sides", "queue", "pos"), [
    ("d6", 6, [7], 0), ("d6", 6, [2, 0], 1), ("d8", 8, [9], 0), ("d3", 3, [1, 1, 4], 2),
    ("pick", 2, [3], 0), ("d16", 16, [17], 0), ("block", 5, [6], 0),
])
def test_scripted_dice_out_of_range(kind: str, sides: int, queue: list[int], pos: int) -> None:
    dice = ScriptedDice({kind: queue})
    for _ in range(pos):
        dice.roll(kind, sides)  # type: ignore[arg-type]
    with pytest.raises(DiceError, match=rf"{kind}\[{pos}\]"):
        dice.roll(kind, sides)  # type: ignore[arg-type]


def test_scripted_dice_left_over() -> None:
    dice = ScriptedDice({"d6": [3, 4, 5], "d8": [1]})
    dice.roll("d6", 6)
    dice.roll("d8", 8)
    with pytest.raises(DiceError, match=r"d6\[1\]"):
        dice.check_exhausted()


def test_scripted_dice_empty_queues_are_fine() -> None:
    ScriptedDice({"d6": [], "d8": []}).check_exhausted()


def test_seeded_dice_same_seed_same_sequence() -> None:
    kinds = [("d6", 6), ("d8", 8), ("d3", 3), ("pick", 5), ("d16", 16)] * 20
    a, b = SeededDice(1234), SeededDice(1234)
    seq_a = [a.roll(k, s) for k, s in kinds]  # type: ignore[arg-type]
    seq_b = [b.roll(k, s) for k, s in kinds]  # type: ignore[arg-type]
    assert seq_a == seq_b
    assert all(1 <= v <= s for v, (_, s) in zip(seq_a, kinds, strict=True))
    c = SeededDice(4321)
    assert [c.roll(k, s) for k, s in kinds] != seq_a  # type: ignore[arg-type]


def test_seeded_scenario_reports_its_seed_and_repeats() -> None:
    doc = scenario(seed=77)
    first, second = run(doc), run(doc)
    assert first["seed"] == 77
    assert {k: v for k, v in first.items() if k != "log"} == \
        {k: v for k, v in second.items() if k != "log"}


def test_scripted_scenario_reports_a_null_seed() -> None:
    doc = scenario(dice={"d8": [5], "d6": [1, 1, 1, 6]})
    assert run(doc)["seed"] is None


def test_dice_and_seed_together_are_an_error() -> None:
    with pytest.raises(KickoffError, match=r"^seed: give either dice or a seed, not both$"):
        run(scenario(dice={"d8": [5], "d6": [1, 1, 1, 6]}, seed=3))


def test_scenario_out_of_range_die_is_an_error() -> None:
    with pytest.raises(KickoffError, match=r"d8\[0\]"):
        run(scenario(dice={"d8": [9], "d6": [1, 1, 1, 6]}))


@pytest.mark.parametrize("sides", [2, 3, 6, 8, 16])
def test_outcomes_are_uniform_and_sum_to_one(sides: int) -> None:
    out = outcomes(sides)
    assert [v for v, _ in out] == list(range(1, sides + 1))
    assert all(p == Fraction(1, sides) for _, p in out)
    assert sum(p for _, p in out) == Fraction(1)


def test_outcomes_six_exactly() -> None:
    assert sum((p for _, p in outcomes(6)), Fraction(0)) == Fraction(1)
    assert outcomes(6)[0] == (1, Fraction(1, 6))
