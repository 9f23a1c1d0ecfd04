"""Throw Team-mate and Kick Team-mate: who, the throw's results, flight, landing (docs/actions.md)."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.throw import throw_range, throw_team_mate
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square

THROWER = {"square": (5, 5), "skills": ["throw_team_mate"], "pa": 4, "st": 5}
GOBLIN = {"square": (5, 6), "skills": ["right_stuff", "stunty"], "ag": 3}


def throw(ruleset: str = "bb2020", to: tuple[int, int] = (8, 5), *, kick: bool = False,
          extra: dict[str, Any] | None = None, h1: dict[str, Any] | None = None,
          **dice: list[int]) -> Any:
    h1 = {**THROWER, **(h1 or {})}
    if kick:
        h1["skills"] = ["kick_team_mate"]
    ctx = world(ruleset, {"h1": h1, "h2": dict(GOBLIN), **(extra or {})}, dice=dice)
    t = turn(ends_on_fall=True)
    st = ctx.state
    throw_team_mate(ctx, t, st.players["h1"], st.players["h2"], Square(*to), "decisions.blitz[0]",
                    kick_team_mate=kick)
    return ctx, t


def h2(ctx: Any) -> tuple[Any, str]:
    p = ctx.state.players["h2"]
    return p.square, p.status


@pytest.mark.parametrize(
    "dx, dy, rng",
    [(1, 0, "quick"), (3, 1, "quick"), (2, 2, "quick"), (3, 2, "short"), (6, 0, "short"),
     (0, 6, "short"), (4, 4, "short"), (7, 0, None), (4, 6, None), (0, 0, None)],
)
def test_throw_range_table(dx: int, dy: int, rng: str | None) -> None:
    assert throw_range((10, 7), (10 + dx, 7 + dy)) == rng
    assert throw_range((10, 7), (10 - dx, 7 - dy)) == rng


def test_bb2020_superb_throw_scatters_three_times_and_lands() -> None:
    # PA 4+, Quick 0: 4 superb; D8 5, 5, 4: (9,5), (10,5), (9,5); landing AG 3+, no modifier: 3
    ctx, t = throw(d6=[4, 3], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "standing") and not t.turnover and left(ctx) == {}
    assert ctx.state.at((5, 6)) is None


def test_bb2020_subpar_throw_landing_minus_one() -> None:
    # 3 fails (not <= 1): subpar; landing 3 - 1 = 2 < 3: Prone, armour 1+1; a fall ends the Blitz
    ctx, t = throw(d6=[3, 3, 1, 1], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "prone") and t.turnover and left(ctx) == {}


def test_bb2020_terrible_throw_deviates_from_his_own_square() -> None:
    # to (10, 5): Short, -1; roll 2 -> 1: terrible; D8 7 (south) D6 2 from (5, 6): (5, 8); land 4-1
    ctx, _ = throw(to=(10, 5), d6=[2, 2, 4], d8=[7])
    assert h2(ctx) == ((5, 8), "standing") and left(ctx) == {}


def test_bb2020_fumble_scatters_once_from_his_square() -> None:
    ctx, _ = throw(d6=[1, 4], d8=[7])
    assert h2(ctx) == ((5, 7), "standing") and left(ctx) == {}


def test_bb2025_low_roll_is_subpar_not_terrible() -> None:
    # Short -1, roll 2 -> 1: subpar in bb2025, three scatters from the target (10, 5)
    ctx, _ = throw("bb2025", to=(10, 5), d6=[2, 4], d8=[5, 4, 4])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}


@pytest.mark.parametrize("roll", [1, 2])
def test_classic_fumble_lands_in_his_own_square(roll: int) -> None:
    # classic thrower AG 3: 4+; Short -1: a 2 is 1 after modifiers, a fumble like a natural 1.
    # The goblin lands where he stood: landing on the Agility table, AG 3: 4+
    ctx, _ = throw("classic", to=(10, 5), h1={"ag": 3}, d6=[roll, 4])
    assert h2(ctx) == ((5, 6), "standing") and left(ctx) == {}


def test_classic_accurate_throw_still_scatters_no_landing_modifier() -> None:
    ctx, _ = throw("classic", to=(8, 5), h1={"ag": 3}, d6=[6, 4], d8=[2, 7, 5])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}


def test_tackle_zone_on_thrower_and_very_sunny() -> None:
    # PA 4+, -1 for a1 marking the thrower: 4 -> 3 subpar
    ctx = world("bb2020", {"h1": THROWER, "h2": GOBLIN, "a1": (4, 4)}, dice={"d6": [4, 4], "d8": [5, 5, 4]},
                weather="very_sunny")
    st = ctx.state
    throw_team_mate(ctx, turn(), st.players["h1"], st.players["h2"], Square(8, 5), "w")
    # 4 - 1 (a1) - 1 (Very Sunny) = 2: subpar; landing 4 - 1 = 3: lands
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}


def test_scattered_off_the_pitch_into_the_crowd() -> None:
    ctx, t = throw(to=(8, 1), extra={}, d6=[6, 3, 3], d8=[2, 2])
    # (8,1) -> (8,0) -> (8,-1): the crowd on the second scatter; injury 3+3 Stunned: Reserves
    assert h2(ctx) == (None, "reserves") and left(ctx) == {}
    assert not t.turnover  # neither Falling Over nor Knocked Down


def test_landing_on_a_player_knocks_him_down_and_scatters_once_more() -> None:
    # lands on a1 at (9, 5): a1 Knocked Down (armour 2+2), goblin scatters to (10, 5): Prone, armour 1+2
    ctx, t = throw(extra={"a1": (9, 5)}, d6=[6, 2, 2, 1, 2], d8=[5, 5, 4, 5])
    assert ctx.state.players["a1"].status == "prone"
    assert h2(ctx) == ((10, 5), "prone") and t.turnover and left(ctx) == {}


def test_landing_on_a_team_mate_is_a_turnover() -> None:
    ctx = world("classic", {"h1": THROWER, "h2": GOBLIN, "h3": (9, 5)},
                dice={"d6": [6, 2, 2, 1, 2], "d8": [5, 5, 4, 5]})
    t = turn()
    st = ctx.state
    throw_team_mate(ctx, t, st.players["h1"], st.players["h2"], Square(8, 5), "w")
    assert st.players["h3"].status == "prone" and t.turnover


def test_bb2025_kick_team_mate_fumble_removes_the_player() -> None:
    # natural 1: injury 3+3 = Stunned counts as Knocked Out
    ctx, _ = throw("bb2025", kick=True, d6=[1, 3, 3])
    assert h2(ctx) == (None, "knocked_out") and left(ctx) == {}


def test_bb2025_kick_team_mate_superb() -> None:
    ctx, _ = throw("bb2025", kick=True, d6=[5, 3], d8=[1, 8, 2])
    assert h2(ctx) == ((8, 4), "standing") and left(ctx) == {}


@pytest.mark.parametrize(
    "h1, goblin, to, message",
    [
        ({"skills": []}, {}, (8, 5), "h1 has no Throw Team-mate skill"),
        ({}, {"skills": []}, (8, 5), "h2 cannot be thrown: he must be Standing and have Right Stuff"),
        ({}, {"square": (5, 7)}, (8, 5), r"h2 at \[5, 7\] is not adjacent to h1 at \[5, 5\]"),
        ({}, {}, (12, 5), r"the target \[12, 5\] is not in Quick or Short range of h1"),
        ({}, {}, (8, -1), r"the target \[8, -1\] is off the pitch"),
        ({"pa": None}, {}, (8, 5), "h1 has no Passing Ability"),
    ],
)
def test_illegal_throws(
    h1: dict[str, Any], goblin: dict[str, Any], to: tuple[int, int], message: str
) -> None:
    ctx = world("bb2020", {"h1": {**THROWER, **h1}, "h2": {**GOBLIN, **goblin}}, dice={"d6": [6]})
    st = ctx.state
    with pytest.raises(DecisionError, match=r"decisions.blitz\[0\] \(h1 at \[5, 5\]\): " + message):
        throw_team_mate(ctx, turn(), st.players["h1"], st.players["h2"], Square(*to), "decisions.blitz[0]")
    assert left(ctx) == {"d6": 1}


@pytest.mark.parametrize(("kick", "name"), [(False, "Throw Team-mate"), (True, "Kick Team-mate")])
def test_a_thrower_without_the_skill_is_named_by_its_blood_bowl_name(kick: bool, name: str) -> None:
    ctx = world("bb2025", {"h1": {**THROWER, "skills": ["pass"]}, "h2": dict(GOBLIN)},
                dice={"d6": [6]})
    st = ctx.state
    with pytest.raises(DecisionError, match=rf"h1 has no {name} skill$"):
        throw_team_mate(ctx, turn(), st.players["h1"], st.players["h2"], Square(8, 5), "x",
                        kick_team_mate=kick)


@pytest.mark.parametrize("skills, dice, lands", [
    # (bb2020's Pass skill re-rolls no throw, a Throw Team-mate not being a Pass action:
    # test_actions_throw_skills.test_the_pass_skill_rerolls_a_classic_throw_only)
    (["pass", "pro"], [3, 3, 4, 3], (9, 5)),  # Pass cannot: Pro 3+ then the re-roll 4: superb
    (["pro"], [3, 3, 4, 3], (9, 5)),  # Pro 3+ then the re-roll 4: superb
    (["pro"], [3, 2, 4], (9, 5)),  # Pro fails: the subpar 3 stands; landing 4 - 1 = 3
])
def test_a_bb2020_throw_is_rerolled_by_pro(
    skills: list[str], dice: list[int], lands: tuple[int, int]
) -> None:
    ctx, _ = throw(h1={"skills": ["throw_team_mate", *skills]}, d6=dice, d8=[5, 5, 4])
    assert h2(ctx) == (lands, "standing") and left(ctx) == {}


def test_nerves_of_steel_thrower_ignores_tackle_zones() -> None:
    ctx = world("bb2020", {"h1": {**THROWER, "skills": ["throw_team_mate", "nerves_of_steel"]}, "h2": GOBLIN,
                           "a1": (4, 4)}, dice={"d6": [4, 3], "d8": [5, 5, 4]})
    st = ctx.state
    throw_team_mate(ctx, turn(), st.players["h1"], st.players["h2"], Square(8, 5), "w")
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}  # 4 superb: landing 3 with no -1
