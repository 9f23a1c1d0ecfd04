"""Move: steps, Rushes, Dodges, pick-ups and falls, with scripted dice (docs/actions.md)."""

from __future__ import annotations

import pytest
from world import NO_REROLL, left, path, turn, world

from kickoff.core.actions.move import move
from kickoff.core.decisions import Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.core.state import tackle_zones

# ------------------------------------------------------------------ legal and illegal paths


def test_open_move_within_ma_rolls_nothing() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (20, 5)})
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5), (7, 6), (8, 7)), NO_REROLL, "w")
    assert ctx.state.players["h1"].square == (8, 7)
    assert ctx.state.at((8, 7)).id == "h1" and ctx.state.at((5, 5)) is None
    assert not t.turnover


@pytest.mark.parametrize(
    "steps, message",
    [
        (((6, 5), (8, 5)), r"w\.path\[1\] \(h1 from \[6, 5\]\): \[8, 5\] is not adjacent"),
        (((6, 5), (7, 5)), r"w\.path\[1\] \(h1 from \[6, 5\]\): \[7, 5\] is occupied by h2"),
        (((5, 4), (5, 3), (5, 2), (5, 1), (5, 0), (5, -1)), r"\[5, -1\] is off the pitch"),
        (tuple((5 + i, 6) for i in range(1, 10)), r"w \(h1 at \[5, 5\]\): a path of 9 squares is "
         r"beyond MA 6 plus 2 Rushes"),
    ],
)
def test_illegal_paths_are_refused_before_any_die(steps: tuple[tuple[int, int], ...], message: str) -> None:
    ctx = world("bb2020", {"h1": (5, 5), "h2": (7, 5), "a1": (20, 5)}, dice={"d6": [6]})
    with pytest.raises(DecisionError, match=message):
        move(ctx, turn(), ctx.state.players["h1"], path(*steps), NO_REROLL, "w")
    assert left(ctx) == {"d6": 1}
    assert ctx.state.players["h1"].square == (5, 5)


def test_sprint_allows_a_third_rush() -> None:
    ctx = world("bb2020", {"h1": {"square": (2, 5), "skills": ["sprint"]}, "a1": (20, 5)},
                dice={"d6": [2, 2, 2]})
    assert move(ctx, turn(), ctx.state.players["h1"], path(*((2 + i, 5) for i in range(1, 10))),
                NO_REROLL, "w")
    assert ctx.state.players["h1"].square == (11, 5)
    assert left(ctx) == {}


def test_prone_player_cannot_move() -> None:
    ctx = world("bb2020", {"h1": {"square": (5, 5), "status": "prone"}})
    with pytest.raises(DecisionError, match="only a Standing player"):
        move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "decisions.blitz[0]")


# ------------------------------------------------------------------ Rush


@pytest.mark.parametrize(
    "ruleset, weather, roll, ok",
    [
        ("classic", "nice", 2, True),
        ("classic", "nice", 1, False),
        ("classic", "blizzard", 2, False),  # classic Blizzard: GFI fails on 1-2
        ("classic", "blizzard", 3, True),
        ("bb2020", "nice", 2, True),
        ("bb2020", "blizzard", 2, False),  # -1: 2 - 1 = 1
        ("bb2020", "blizzard", 3, True),
        ("bb2025", "blizzard", 2, False),
        ("sevens", "nice", 1, False),
    ],
)
def test_rush(ruleset: str, weather: str, roll: int, ok: bool) -> None:
    ctx = world(ruleset, {"h1": {"square": (2, 5), "ma": 1}, "a1": (20, 5)},
                dice={"d6": [roll] + ([] if ok else [2, 2])}, weather=weather)
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((3, 5), (4, 5)), NO_REROLL, "w") is ok
    h1 = ctx.state.players["h1"]
    assert h1.square == (4, 5)  # a failed Rush falls in the square he was moving to
    assert h1.status == ("standing" if ok else "prone")
    assert t.turnover is not ok
    assert left(ctx) == {}  # the armour 2+2 rolled after a fall


def test_sure_feet_rerolls_a_rush_once_per_turn() -> None:
    ctx = world("bb2020", {"h1": {"square": (2, 5), "ma": 0, "skills": ["sure_feet"]}},
                dice={"d6": [1, 2, 1, 1, 1]})
    t = turn()
    # first Rush 1, Sure Feet 2: fine; second Rush 1: Sure Feet already used: falls (armour 1+1)
    assert not move(ctx, t, ctx.state.players["h1"], path((3, 5), (4, 5)), NO_REROLL, "w")
    assert ("h1", "sure_feet") in t.skills_used
    assert ctx.state.players["h1"].status == "prone" and left(ctx) == {}


def test_sure_feet_not_in_a_turn_without_once_per_turn_skills() -> None:
    ctx = world("bb2020", {"h1": {"square": (2, 5), "ma": 0, "skills": ["sure_feet"]}},
                dice={"d6": [1, 3, 3]})
    assert not move(ctx, turn(skills=False), ctx.state.players["h1"], path((3, 5)), NO_REROLL, "w")
    with pytest.raises(DecisionError, match=r"w \(h1 at \[2, 5\]\): no skill re-roll"):
        ctx = world("bb2020", {"h1": {"square": (2, 5), "ma": 0, "skills": ["sure_feet"]}},
                    dice={"d6": [1]})
        move(ctx, turn(skills=False), ctx.state.players["h1"], path((3, 5)), Rerolls(rush="skill"), "w")


# ------------------------------------------------------------------ Dodge


def test_tackle_zones_are_standing_opponents_adjacent() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (6, 6), "a2": {"square": (4, 4), "status": "prone"},
                           "a3": (7, 7), "h2": (5, 6)})
    assert [p.id for p in tackle_zones(ctx.state, Square(5, 5), "home")] == ["a1"]
    assert sorted(p.id for p in tackle_zones(ctx.state, Square(6, 5), "away")) == ["h1", "h2"]


@pytest.mark.parametrize(
    "ruleset, ag, roll, ok",
    [
        # classic AG3: 4+ on the table, +1 dodge, -1 for a1 still adjacent to (6,5): 4+
        ("classic", 3, 4, True),
        ("classic", 3, 3, False),
        # bb2020 AG3+: -1 for the one player Marking the destination: 4+
        ("bb2020", 3, 4, True),
        ("bb2020", 3, 3, False),
        ("bb2025", 3, 3, False),
        ("sevens", 2, 3, True),
        ("classic", 6, 1, False),  # natural 1
        ("bb2020", 6, 6, True),  # AG 6+, -1: natural 6 still succeeds
    ],
)
def test_dodge_modifiers(ruleset: str, ag: int, roll: int, ok: bool) -> None:
    ctx = world(ruleset, {"h1": {"square": (5, 5), "ag": ag}, "a1": (6, 6)},
                dice={"d6": [roll] + ([] if ok else [1, 1])})
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w") is ok
    assert ctx.state.players["h1"].square == (6, 5)
    assert ctx.state.players["h1"].status == ("standing" if ok else "prone")
    assert left(ctx) == {}


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
def test_two_heads_adds_one_to_a_dodge(ruleset: str) -> None:
    # AG 3 dodging from (5, 5) to (6, 5), a1 (6, 6) Marking both squares: classic 4+ on the
    # table, +1 dodge, -1 tackle zone; bb2020+ 3+, -1: both need 4+. Two Heads' +1 (LRB6 "Add
    # 1 to all Dodge rolls"; bb2020 / bb2025 +1 to the Dodge, issue 25) makes a 3 succeed.
    ctx = world(ruleset, {"h1": {"square": (5, 5), "skills": ["two_heads"]}, "a1": (6, 6)},
                dice={"d6": [3]})
    assert move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert ctx.state.players["h1"].status == "standing"
    assert left(ctx) == {}
    ctx = world(ruleset, {"h1": (5, 5), "a1": (6, 6)}, dice={"d6": [3, 1, 1]})
    assert not move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")


def test_dodge_into_empty_square_classic_agility_table_plus_one() -> None:
    # classic AG3 dodging to a square with no tackle zone: 4+ - (+1) = 3+
    ctx = world("classic", {"h1": (5, 5), "a1": (4, 5)}, dice={"d6": [3]})
    assert move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")


def test_dodge_skill_rerolls_once_and_tackle_cancels_it() -> None:
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["dodge"]}, "a1": (4, 5)},
                dice={"d6": [1, 3]})
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert ("h1", "dodge") in t.skills_used
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["dodge"]},
                           "a1": {"square": (4, 5), "skills": ["tackle"]}}, dice={"d6": [1, 1, 1]})
    assert not move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert left(ctx) == {}  # no re-roll: 1 then armour 1+1


def test_stunty_ignores_tackle_zones_where_he_dodges_to() -> None:
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["stunty"]}, "a1": (4, 5), "a2": (7, 5),
                           "a3": (7, 6)}, dice={"d6": [3]})
    assert move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")


def test_classic_allows_one_team_reroll_per_turn() -> None:
    # AG 3: 4+, +1 for the Dodge: 2 fails, the team re-roll 3 succeeds; h2's 2 fails and the
    # turn's one team re-roll is gone (LRB6).
    ctx = world("classic", {"h1": (5, 5), "a1": (4, 5), "h2": (5, 8), "a2": (4, 8)},
                dice={"d6": [2, 3, 2]}, rerolls=2)
    t = turn()
    rr = Rerolls(dodge="team")
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), rr, "w")
    assert ctx.state.teams["home"].rerolls == 1 and t.team_rerolls_used == 1
    with pytest.raises(DecisionError, match=r"decisions.blitz\[1\] \(h2 at \[5, 8\]\).*one team "
                       r"re-roll has already been used this turn, the most classic allows"):
        move(ctx, t, ctx.state.players["h2"], path((6, 8)), rr, "decisions.blitz[1]")


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025", "sevens"])
def test_later_editions_allow_any_number_of_team_rerolls_per_turn(ruleset: str) -> None:
    # AG 3+: 2 fails, 3 succeeds, twice; then a third with the team's last re-roll. bb2020 /
    # Sevens: Designer's Commentary p.24; bb2025: "as many Team Re-rolls as they want".
    ctx = world(ruleset, {"h1": (1, 1), "a1": (0, 1), "h2": (1, 3), "a2": (0, 3),
                          "h3": (1, 5), "a3": (0, 5), "h4": (1, 7), "a4": (0, 7)},
                dice={"d6": [2, 3, 2, 3, 2, 3, 2]}, rerolls=3)
    t = turn()
    rr = Rerolls(dodge="team")
    for pid, y in (("h1", 1), ("h2", 3), ("h3", 5)):
        assert move(ctx, t, ctx.state.players[pid], path((2, y)), rr, "w")
    assert ctx.state.teams["home"].rerolls == 0 and t.team_rerolls_used == 3
    with pytest.raises(DecisionError, match="team home has no re-roll left"):
        move(ctx, t, ctx.state.players["h4"], path((2, 7)), rr, "w")


def test_team_reroll_refused_where_the_turn_forbids_it() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (4, 5)}, dice={"d6": [2]}, rerolls=2)
    with pytest.raises(DecisionError, match=r"decisions.blitz\[0\] \(h1 at \[5, 5\]\).*may not be used"):
        move(ctx, turn(team_rerolls=False), ctx.state.players["h1"], path((6, 5)),
             Rerolls(dodge="team"), "decisions.blitz[0]")


def test_default_policy_never_spends_a_team_reroll() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (4, 5)}, dice={"d6": [2, 4, 4]}, rerolls=2)
    assert not move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert ctx.state.teams["home"].rerolls == 2


def test_loner_roll_before_the_team_reroll() -> None:
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["loner"]}, "a1": (4, 5)},
                dice={"d6": [2, 3, 1, 1]}, rerolls=1)
    t = turn()
    assert not move(ctx, t, ctx.state.players["h1"], path((6, 5)), Rerolls(dodge="team"), "w")
    assert ctx.state.teams["home"].rerolls == 0 and left(ctx) == {}


@pytest.mark.parametrize("ruleset, pro, ok", [("classic", 4, True), ("classic", 3, False),
                                               ("bb2020", 3, True), ("bb2020", 2, False)])
def test_pro_roll_then_reroll(ruleset: str, pro: int, ok: bool) -> None:
    ctx = world(ruleset, {"h1": {"square": (5, 5), "skills": ["pro"]}, "a1": (4, 5)},
                dice={"d6": [1, pro] + ([6] if ok else [1, 1])})
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w") is ok
    assert ("h1", "pro") in t.skills_used and left(ctx) == {}


# ------------------------------------------------------------------ picking up the ball


@pytest.mark.parametrize(
    "ruleset, weather, marked, roll, ok",
    [
        ("classic", "nice", False, 3, True),  # AG3: 4+, +1
        ("classic", "nice", True, 3, False),  # -1 for a tackle zone
        ("classic", "pouring_rain", False, 3, False),
        ("bb2020", "nice", False, 3, True),
        ("bb2020", "nice", True, 3, False),
        ("bb2020", "pouring_rain", False, 3, False),
        ("bb2025", "nice", False, 2, False),
    ],
)
def test_pick_up(ruleset: str, weather: str, marked: bool, roll: int, ok: bool) -> None:
    players: dict[str, object] = {"h1": (5, 5)}
    if marked:
        players["a1"] = (7, 5)
    dice = {"d6": [roll]} if ok else {"d6": [roll], "d8": [2]}
    ctx = world(ruleset, players, dice=dice, weather=weather, ball=(6, 5))  # type: ignore[arg-type]
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    st = ctx.state
    if ok:
        assert st.carrier == "h1" and st.ball == (6, 5) and not t.turnover
    else:  # bounces to (6, 4): a turnover, he stays Standing
        assert st.carrier is None and st.ball == (6, 4) and t.turnover
    assert left(ctx) == {}


def test_sure_hands_rerolls_pick_up_and_carrier_moves_on() -> None:
    ctx = world("bb2020", {"h1": {"square": (5, 5), "skills": ["sure_hands"]}},
                dice={"d6": [1, 3]}, ball=(6, 5))
    assert move(ctx, turn(skills=False), ctx.state.players["h1"], path((6, 5), (7, 5)), NO_REROLL, "w")
    assert ctx.state.carrier == "h1" and ctx.state.ball == (7, 5)


def test_carrier_falling_over_drops_the_ball_which_bounces() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (4, 5)}, dice={"d6": [1, 3, 3], "d8": [5]},
                ball=(5, 5), carrier="h1")
    t = turn()
    assert not move(ctx, t, ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert ctx.state.carrier is None and ctx.state.ball == (7, 5) and t.turnover


# ------------------------------------------------------------------ the ball bouncing during a turn


def test_failed_pick_up_bounces_to_a_team_mate_who_may_use_a_team_reroll() -> None:
    # pick-up 1 fails; the ball bounces (D8 5) onto h2 at (7, 5): catch 4 - 1 (bounce, bb2020)
    # fails at 2, the activation's catch re-roll "team" spends one: 5 - 1 = 4
    ctx = world("bb2020", {"h1": (5, 5), "h2": (7, 5)}, dice={"d6": [1, 2, 5], "d8": [5]},
                ball=(6, 5), rerolls=1)
    t = turn()
    assert move(ctx, t, ctx.state.players["h1"], path((6, 5)), Rerolls(catch="team"), "w")
    assert ctx.state.carrier == "h2" and ctx.state.teams["home"].rerolls == 0 and t.turnover
    assert left(ctx) == {}


def test_an_opponent_catching_a_bounce_cannot_use_the_acting_teams_reroll() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a2": (7, 5)}, dice={"d6": [1, 2], "d8": [5, 5]},
                ball=(6, 5), rerolls=1)
    t = turn()
    move(ctx, t, ctx.state.players["h1"], path((6, 5)), Rerolls(catch="team"), "w")
    # a2 fails (2 - 1 - 1 for h1 next to him), no re-roll: bounces on to (8, 5), empty: rests
    assert ctx.state.carrier is None and ctx.state.ball == (8, 5)
    assert ctx.state.teams["home"].rerolls == 1 and left(ctx) == {}


@pytest.mark.parametrize("skills, dice, carrier", [
    ([], [1, 2], None),  # 2 - 1 (bounce) - 1 (a3 adjacent) = 0: dropped, bounces on (D8 5) to rest
    (["nerves_of_steel"], [1, 4], "h2"),  # ignores a3: 4 - 1 = 3
    (["catch"], [1, 2, 4], None),  # Catch re-rolls: 4 - 2 = 2 fails too, bounces on
    (["catch"], [1, 2, 5], "h2"),  # 5 - 2 = 3
])
def test_catch_skills_on_a_bounce_during_a_turn(
    skills: list[str], dice: list[int], carrier: str | None
) -> None:
    # h1's pick-up (1) fails; the ball bounces (D8 5) onto h2 at (7, 5)
    ctx = world("bb2020", {"h1": (5, 5), "h2": {"square": (7, 5), "skills": skills}, "a3": (8, 6)},
                dice={"d6": dice, "d8": [5] if carrier else [5, 5]}, ball=(6, 5))
    move(ctx, turn(), ctx.state.players["h1"], path((6, 5)), NO_REROLL, "w")
    assert ctx.state.carrier == carrier
    assert ctx.state.ball == ((7, 5) if carrier else (8, 5)) and left(ctx) == {}
