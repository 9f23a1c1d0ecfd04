"""Every Kick-off table event of every ruleset, with scripted dice (``rulings.md`` section 6).

All expected values are worked out by hand from ``rulings.md`` and ``pitch-and-dice.md``.
The usual kick: the target is one square west of the receiving catcher, the deviation D8 = 5
(east) and D6 = 1 puts the ball on him, and his catch D6 is a 6 (a natural 6 always succeeds).
Dice order (``pitch-and-dice.md``, Scripted dice 1-2): D8 direction, D6 distance, the two D6 of
the table roll, the event's own dice (kicking coach first), then the landing's dice.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import default_players, get, player, run, scenario

from kickoff.core.errors import DecisionError, DiceError

ALL = ("classic", "bb2020", "bb2025", "sevens")
EDITIONS = ("bb2020", "bb2025", "sevens")

# The usual kick: target one square west of the receiving catcher a4.
TARGET = {"sevens": [15, 5]}
CATCHER_SQ = {"sevens": [16, 5]}


def target(rs: str) -> list[int]:
    return TARGET.get(rs, [19, 7])


def catcher_sq(rs: str) -> list[int]:
    return CATCHER_SQ.get(rs, [20, 7])


def p(pid: str, sq: list[int] | None, rs: str = "bb2020", **kw: Any) -> dict[str, Any]:
    return player(pid, sq, rs, **kw)


def doc(
    rs: str,
    roll: tuple[int, int],
    *,
    d6: tuple[int, ...] | list[int] = (),
    d3: tuple[int, ...] | list[int] = (),
    d8: tuple[int, ...] | list[int] = (),
    d16: tuple[int, ...] | list[int] = (),
    pick: tuple[int, ...] | list[int] = (),
    catch: tuple[int, ...] | list[int] = (6,),
    kick_target: list[int] | None = None,
    dev: tuple[int, int] = (5, 1),
    **kw: Any,
) -> dict[str, Any]:
    """A kick-off by home with the table roll ``roll`` and the event's own dice."""
    dice: dict[str, list[int]] = {"d8": [dev[0], *d8], "d6": [dev[1], *roll, *d6, *catch]}
    for kind, vals in (("d3", d3), ("d16", d16), ("pick", pick)):
        if vals:
            dice[kind] = list(vals)
    return scenario(rs, kick={"target": kick_target or target(rs)}, dice=dice, **kw)


def caught_by_a4(res: dict[str, Any], rs: str) -> None:
    assert res["touchback"] is False
    assert get(res, "ball.square") == catcher_sq(rs)
    assert get(res, "ball.carrier") == "a4"


# ---------------------------------------------------------------- Get the Ref (2)


@pytest.mark.parametrize("rs", ALL)
def test_get_the_ref_gives_each_team_a_bribe(rs: str) -> None:
    res = run(doc(rs, (1, 1), teams={"away": {"bribes": 2}}))
    assert res["event"] == {"roll": [1, 1], "name": "get_the_ref"}
    assert get(res, "teams.home.bribes") == 1
    assert get(res, "teams.away.bribes") == 3
    caught_by_a4(res, rs)


def test_weather_output_name_is_the_rulesets_own() -> None:
    res = run(doc("bb2020", (1, 1), weather="nice"))
    assert res["weather"] == "perfect_conditions"
    res = run(doc("classic", (1, 1), weather="perfect_conditions"))
    assert res["weather"] == "nice"


# ---------------------------------------------------------------- classic Riot (3)


@pytest.mark.parametrize(
    "home_turn, away_turn, riot_d6, want_home, want_away",
    [
        (6, 7, None, 5, 6),  # receiving team on turn 7: both -1, no die
        (0, 7, None, 0, 6),  # ... the kicking marker stays at 0
        (2, 0, None, 3, 1),  # receiving team on turn 0: both +1, no die
        (3, 4, 1, 4, 5),  # D6 1-3: both +1
        (3, 4, 3, 4, 5),
        (3, 4, 4, 2, 3),  # D6 4-6: both -1
        (3, 4, 6, 2, 3),
        (0, 2, 5, 0, 1),  # never below 0
        (5, 8, 2, 6, 9),  # receiving on 8 is "otherwise"; markers are not capped
    ],
)
def test_classic_riot(
    home_turn: int, away_turn: int, riot_d6: int | None, want_home: int, want_away: int
) -> None:
    d6 = () if riot_d6 is None else (riot_d6,)
    res = run(doc("classic", (1, 2), d6=d6, teams={"home": {"turn": home_turn}, "away": {"turn": away_turn}}))
    assert res["event"] == {"roll": [1, 2], "name": "riot"}
    assert get(res, "teams.home.turn") == want_home
    assert get(res, "teams.away.turn") == want_away
    caught_by_a4(res, "classic")


@pytest.mark.parametrize("home_turn, away_turn, want_home, want_away", [(7, 3, 6, 2), (0, 5, 1, 6)])
def test_classic_riot_looks_at_the_receiving_team_when_away_kicks(
    home_turn: int, away_turn: int, want_home: int, want_away: int
) -> None:
    # away kicks to the default target (6, 7); D8 5, D6 2 -> (8, 7), the home catcher h4
    d = scenario(
        "classic",
        kicking="away",
        dice={"d8": [5], "d6": [2, 1, 2, 6]},
        teams={"home": {"turn": home_turn}, "away": {"turn": away_turn}},
    )
    res = run(d)
    assert get(res, "event.name") == "riot"
    assert get(res, "teams.home.turn") == want_home
    assert get(res, "teams.away.turn") == want_away
    assert get(res, "ball.carrier") == "h4"
    assert get(res, "ball.square") == [8, 7]


# ---------------------------------------------------------------- Time-out (3)


@pytest.mark.parametrize(
    "rs, kick_turn, recv_turn, want_kick, want_recv",
    [
        ("bb2020", 6, 5, 5, 4),
        ("bb2020", 7, 3, 6, 2),
        ("bb2020", 8, 0, 7, 0),  # receiving marker stays at 0
        ("bb2020", 5, 5, 6, 6),
        ("bb2020", 4, 5, 5, 6),  # 4 is a Sevens value only
        ("bb2020", 0, 0, 1, 1),
        ("bb2025", 6, 2, 5, 1),
        ("bb2025", 8, 8, 7, 7),
        ("bb2025", 3, 3, 4, 4),
        ("sevens", 4, 4, 3, 3),
        ("sevens", 5, 0, 4, 0),
        ("sevens", 6, 6, 5, 5),
        ("sevens", 3, 2, 4, 3),
    ],
)
def test_time_out(rs: str, kick_turn: int, recv_turn: int, want_kick: int, want_recv: int) -> None:
    res = run(doc(rs, (1, 2), teams={"home": {"turn": kick_turn}, "away": {"turn": recv_turn}}))
    assert res["event"] == {"roll": [1, 2], "name": "time_out"}
    assert get(res, "teams.home.turn") == want_kick
    assert get(res, "teams.away.turn") == want_recv
    caught_by_a4(res, rs)


# ---------------------------------------------------------------- classic Perfect Defence (4)


def test_classic_perfect_defence_legal_resetup_is_applied() -> None:
    d = doc("classic", (1, 3), decisions={"perfect_defence": [{"player": "h4", "to": [5, 3]}]})
    res = run(d)
    assert res["event"] == {"roll": [1, 3], "name": "perfect_defence"}
    assert get(res, "players.h4.square") == [5, 3]
    assert get(res, "players.h1.square") == [12, 6]
    caught_by_a4(res, "classic")


def test_classic_perfect_defence_swap_is_allowed() -> None:
    d = doc(
        "classic",
        (2, 2),
        decisions={"perfect_defence": [{"player": "h1", "to": [8, 7]}, {"player": "h4", "to": [12, 6]}]},
    )
    res = run(d)
    assert get(res, "event.name") == "perfect_defence"
    assert get(res, "players.h1.square") == [8, 7]
    assert get(res, "players.h4.square") == [12, 6]
    caught_by_a4(res, "classic")


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([{"player": "h1", "to": [10, 6]}],  # only two left on the LoS
         "the new set-up is illegal: home team: 2 players on the Line of Scrimmage"),
        ([{"player": "h4", "to": [14, 2]}],  # in the opponents' half
         "the new set-up is illegal: home team: player h4 at [14, 2] is outside its own half"),
        ([{"player": "h4", "to": [12, 7]}],  # two players on one square
         "the new set-up is illegal: player h4 cannot move to [12, 7]: h2 is there"),
        # every problem at once (rulings 1): the clash, then the set-up's own problems
        ([{"player": "h4", "to": [12, 7]}, {"player": "h1", "to": [10, 6]},
          {"player": "h3", "to": [10, 8]}],
         "the new set-up is illegal: player h4 cannot move to [12, 7]: h2 is there; home team: "
         "2 players on the Line of Scrimmage"),
        ([{"player": "h1", "to": [14, 2]}, {"player": "h4", "to": [12, 8]}],
         "the new set-up is illegal: player h4 cannot move to [12, 8]: h3 is there; home team: "
         "player h1 at [14, 2] is outside its own half"),
    ],
)
def test_classic_perfect_defence_illegal_resetup_is_refused(moves: list[dict[str, Any]],
                                                             message: str) -> None:
    with pytest.raises(DecisionError, match=f"^decisions\\.perfect_defence: {re.escape(message)}"):
        run(doc("classic", (1, 3), decisions={"perfect_defence": moves}))


def classic_eleven_plus_reserve() -> list[dict[str, Any]]:
    squares = [[12, 6], [12, 7], [12, 8], [8, 7], [8, 5], [8, 9], [6, 4], [6, 6], [6, 8], [6, 10], [4, 7]]
    return [p(f"h{i + 1}", sq, "classic") for i, sq in enumerate(squares)] + [p("h12", None, "classic")]


def test_classic_perfect_defence_reserves_stay_out() -> None:
    home = classic_eleven_plus_reserve()
    with pytest.raises(DecisionError, match=r"^decisions\.perfect_defence: h12 is not a kicking team "
                                            r"player on the pitch$"):
        run(
            doc(
                "classic", (1, 3), home=home, decisions={"perfect_defence": [{"player": "h12", "to": [3, 7]}]}
            )
        )
    res = run(
        doc("classic", (1, 3), home=home, decisions={"perfect_defence": [{"player": "h11", "to": [3, 7]}]})
    )
    assert get(res, "players.h11.square") == [3, 7]
    assert get(res, "players.h12.square") is None
    assert get(res, "players.h12.status") == "reserves"


# ---------------------------------------------------------------- Solid Defence (4)


def solid_home() -> list[dict[str, Any]]:
    # h1-h3 on the LoS (Marked), h9 in the top Wide Zone Marked by a5; h4-h8 Open.
    extra = [p("h5", [6, 5]), p("h6", [6, 9]), p("h7", [4, 7]), p("h8", [2, 7]), p("h9", [12, 2])]
    return [*default_players("home"), *extra]


def solid_away() -> list[dict[str, Any]]:
    return [*default_players("away"), p("a5", [13, 2])]


def solid(rs: str, d3: int, moves: list[dict[str, Any]]) -> dict[str, Any]:
    return doc(rs, (1, 3), d3=(d3,), home=solid_home(), away=solid_away(), decisions={"solid_defence": moves})


FOUR_MOVES = [
    {"player": "h4", "to": [9, 7]},
    {"player": "h5", "to": [7, 4]},
    {"player": "h6", "to": [7, 10]},
    {"player": "h7", "to": [5, 7]},
]


@pytest.mark.parametrize("rs", ["bb2020", "bb2025"])
def test_solid_defence_legal_moves_applied(rs: str) -> None:
    res = run(solid(rs, 1, FOUR_MOVES))  # D3 1 + 3 = 4 players
    assert res["event"] == {"roll": [1, 3], "name": "solid_defence"}
    assert get(res, "players.h4.square") == [9, 7]
    assert get(res, "players.h5.square") == [7, 4]
    assert get(res, "players.h6.square") == [7, 10]
    assert get(res, "players.h7.square") == [5, 7]
    assert get(res, "players.h8.square") == [2, 7]
    caught_by_a4(res, rs)


@pytest.mark.parametrize("rs", ["bb2020", "bb2025"])
def test_solid_defence_too_many_players(rs: str) -> None:
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: 5 players named, "
                                            r"at most 4 may move$"):
        run(solid(rs, 1, [*FOUR_MOVES, {"player": "h8", "to": [3, 7]}]))


def test_solid_defence_d3_3_allows_six() -> None:
    moves = [*FOUR_MOVES, {"player": "h8", "to": [3, 7]}]
    res = run(solid("bb2020", 2, moves))  # 5 allowed, 5 moved
    assert get(res, "players.h8.square") == [3, 7]


def test_solid_defence_marked_player_refused() -> None:
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: h9 at \[12, 2\] is not Open$"):
        run(solid("bb2020", 3, [{"player": "h9", "to": [11, 2]}]))


def test_solid_defence_own_square_refused() -> None:
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: h4 is named for his own "
                                            r"square \[8, 7\]$"):
        run(solid("bb2020", 3, [{"player": "h4", "to": [8, 7]}]))


def test_solid_defence_result_must_be_a_legal_setup() -> None:
    # three players in the top Wide Zone with h9
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: the new set-up is illegal: "
                                            r"home team: 3 players in the top Wide Zone, at most 2: "):
        run(solid("bb2020", 3, [{"player": "h5", "to": [11, 1]}, {"player": "h7", "to": [11, 0]}]))


def test_solid_defence_clash_listed_with_the_other_problems() -> None:
    # h5 onto h4's square (h4 stays), and three in the top Wide Zone: both named at once
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: the new set-up is illegal: "
                                            r"player h5 cannot move to \[8, 7\]: h4 is there; "
                                            r"home team: 3 players in the top Wide Zone, at most 2: "):
        run(solid("bb2020", 3, [{"player": "h5", "to": [8, 7]}, {"player": "h7", "to": [11, 0]},
                                {"player": "h6", "to": [11, 1]}]))


def test_solid_defence_swap_counts_two() -> None:
    res = run(solid("bb2020", 1, [{"player": "h4", "to": [6, 5]}, {"player": "h5", "to": [8, 7]}]))
    assert get(res, "players.h4.square") == [6, 5]
    assert get(res, "players.h5.square") == [8, 7]


@pytest.mark.parametrize("rs", ["bb2020", "bb2025", "sevens"])
def test_solid_defence_count_die_rolled_without_moves(rs: str) -> None:
    res = run(doc(rs, (2, 2), d3=(2,)))  # the d3 must be consumed
    assert get(res, "event.name") == "solid_defence"
    assert get(res, "players.h4.square") == ([3, 5] if rs == "sevens" else [8, 7])
    caught_by_a4(res, rs)


def sevens_solid_home() -> list[dict[str, Any]]:
    return [*default_players("home", "sevens"), p("h5", [2, 3]), p("h6", [2, 7])]


def test_sevens_solid_defence_d3_plus_1() -> None:
    moves = [{"player": "h4", "to": [4, 5]}, {"player": "h5", "to": [1, 3]}]
    res = run(doc("sevens", (1, 3), d3=(1,), home=sevens_solid_home(), decisions={"solid_defence": moves}))
    assert get(res, "event.name") == "solid_defence"
    assert get(res, "players.h4.square") == [4, 5]
    assert get(res, "players.h5.square") == [1, 3]
    assert get(res, "players.h6.square") == [2, 7]
    caught_by_a4(res, "sevens")


def test_sevens_solid_defence_too_many() -> None:
    moves = [{"player": "h4", "to": [4, 5]}, {"player": "h5", "to": [1, 3]}, {"player": "h6", "to": [1, 7]}]
    with pytest.raises(DecisionError, match=r"^decisions\.solid_defence: 3 players named, "
                                            r"at most 2 may move$"):
        run(doc("sevens", (1, 3), d3=(1,), home=sevens_solid_home(), decisions={"solid_defence": moves}))


def test_solid_defence_decision_ignored_in_classic() -> None:
    # classic 4 is Perfect Defence; a solid_defence decision's moment never comes
    res = run(doc("classic", (1, 3), decisions={"solid_defence": [{"player": "h4", "to": [8, 8]}]}))
    assert get(res, "event.name") == "perfect_defence"
    assert get(res, "players.h4.square") == [8, 7]


# ---------------------------------------------------------------- High Kick (5)


@pytest.mark.parametrize(
    "rs, kick_target, dev, landing",
    [
        ("classic", [18, 4], (2, 2), [18, 2]),
        ("bb2020", [18, 4], (2, 2), [18, 2]),
        ("bb2025", [18, 4], (2, 2), [18, 2]),
        ("sevens", [11, 5], (4, 1), [10, 5]),  # into the gap between the lines
    ],
)
def test_high_kick_moves_open_receiver_who_catches(
    rs: str, kick_target: list[int], dev: tuple[int, int], landing: list[int]
) -> None:
    res = run(doc(rs, (2, 3), kick_target=kick_target, dev=dev, decisions={"high_kick": "a4"}))
    assert res["event"] == {"roll": [2, 3], "name": "high_kick"}
    assert get(res, "players.a4.square") == landing
    assert get(res, "ball.square") == landing
    assert get(res, "ball.carrier") == "a4"
    assert res["touchback"] is False


@pytest.mark.parametrize("rs", ["classic", "bb2020"])
def test_high_kick_no_effect_when_landing_square_occupied(rs: str) -> None:
    away = [*default_players("away", rs), p("a5", [17, 10], rs)]
    res = run(doc(rs, (2, 3), away=away, decisions={"high_kick": "a5"}))
    assert get(res, "event.name") == "high_kick"
    assert get(res, "players.a5.square") == [17, 10]
    caught_by_a4(res, rs)


@pytest.mark.parametrize("rs", ["classic", "bb2020"])
def test_high_kick_no_effect_on_touchback(rs: str) -> None:
    # target (14, 7), D8 4 (west), D6 3 -> (11, 7) in the kicking half: touchback, given to a1
    res = run(doc(rs, (2, 3), kick_target=[14, 7], dev=(4, 3), catch=(), decisions={"high_kick": "a4"}))
    assert get(res, "event.name") == "high_kick"
    assert res["touchback"] is True
    assert get(res, "deviation.square") == [11, 7]
    assert get(res, "players.a4.square") == [20, 7]
    assert get(res, "ball.carrier") == "a1"
    assert get(res, "ball.square") == [13, 6]


@pytest.mark.parametrize("rs, who", [("classic", "a1"), ("bb2020", "a1"), ("bb2020", "a2"), ("bb2020", "h4")])
def test_high_kick_marked_or_kicking_player_refused(rs: str, who: str) -> None:
    with pytest.raises(DecisionError, match=rf"^decisions\.high_kick: {who} is not an Open, Standing player "
                                            r"of the receiving team$"):
        run(doc(rs, (2, 3), kick_target=[18, 4], dev=(2, 2), decisions={"high_kick": who}))


def test_high_kick_default_is_nobody() -> None:
    # landing (18, 2) empty, nobody moves: the ball bounces D8 7 (south) to (18, 3), empty
    res = run(doc("bb2020", (2, 3), kick_target=[18, 4], dev=(2, 2), d8=(7,), catch=()))
    assert get(res, "players.a4.square") == [20, 7]
    assert get(res, "ball.square") == [18, 3]
    assert get(res, "ball.carrier") is None


# ---------------------------------------------------------------- Cheering Fans (6)


@pytest.mark.parametrize("d3, home_half, away_half", [((1, 2), 0, 1), ((3, 2), 1, 0), ((2, 2), 1, 1)])
def test_classic_cheering_fans(d3: tuple[int, int], home_half: int, away_half: int) -> None:
    # home: D3 + FAME 1 + 1 cheerleader; away: D3 + FAME 0 + 2 cheerleaders
    teams = {
        "home": {"rerolls": 3, "fame": 1, "cheerleaders": 1, "assistant_coaches": 3},
        "away": {"rerolls": 2, "fame": 0, "cheerleaders": 2},
    }
    res = run(doc("classic", (3, 3), d3=d3, teams=teams))
    assert res["event"] == {"roll": [3, 3], "name": "cheering_fans"}
    assert get(res, "teams.home.rerolls") == 3 + home_half
    assert get(res, "teams.home.half_rerolls") == home_half
    assert get(res, "teams.away.rerolls") == 2 + away_half
    assert get(res, "teams.away.half_rerolls") == away_half
    assert get(res, "teams.home.drive_rerolls") == 0
    caught_by_a4(res, "classic")


def test_bb2020_cheering_fans_winner_prays_d16() -> None:
    # home D6 5 + 0 = 5 beats away D6 3 + 1 = 4; D16 1 Trapdoor
    res = run(
        doc(
            "bb2020",
            (3, 3),
            d6=(5, 3),
            d16=(1,),
            teams={"home": {"assistant_coaches": 4}, "away": {"cheerleaders": 1}},
        )
    )
    assert res["event"] == {"roll": [3, 3], "name": "cheering_fans"}
    assert get(res, "teams.home.prayers") == ["trapdoor"]
    assert get(res, "teams.away.prayers") == []
    assert get(res, "teams.home.rerolls") == 0
    caught_by_a4(res, "bb2020")


def test_bb2020_cheering_fans_cheerleaders_count() -> None:
    # home D6 4 + 0 = 4 loses to away D6 2 + 3 = 5; away prays D16 15 Under Scrutiny
    res = run(doc("bb2020", (3, 3), d6=(4, 2), d16=(15,), teams={"away": {"cheerleaders": 3}}))
    assert get(res, "teams.home.prayers") == []
    assert get(res, "teams.away.prayers") == ["under_scrutiny"]


def test_bb2020_cheering_fans_exhibition_prayer_die_d8() -> None:
    # D8 queue: deviation 5, then the prayer D8 2 Friends with the Ref
    res = run(doc("bb2020", (3, 3), d6=(5, 3), d8=(2,), options={"prayer_die": 8}))
    assert get(res, "teams.home.prayers") == ["friends_with_the_ref"]


def test_bb2020_cheering_fans_tie_nobody() -> None:
    res = run(doc("bb2020", (3, 3), d6=(4, 3), teams={"away": {"cheerleaders": 1}}))
    assert get(res, "event.name") == "cheering_fans"
    assert get(res, "teams.home.prayers") == []
    assert get(res, "teams.away.prayers") == []
    caught_by_a4(res, "bb2020")


def test_bb2020_cheering_fans_prayer_in_effect_is_rerolled() -> None:
    res = run(doc("bb2020", (3, 3), d6=(6, 1), d16=(1, 2), teams={"home": {"prayers": ["trapdoor"]}}))
    assert sorted(get(res, "teams.home.prayers")) == ["friends_with_the_ref", "trapdoor"]


def test_sevens_cheering_fans_prays_on_d8() -> None:
    # home D6 5 beats away D6 2; D8 4 Iron Man, default the first candidate h1: AV 9 -> 10
    res = run(doc("sevens", (3, 3), d6=(5, 2), d8=(4,)))
    assert get(res, "event.name") == "cheering_fans"
    assert get(res, "teams.home.prayers") == ["iron_man"]
    assert get(res, "players.h1.av") == 10
    assert get(res, "players.h2.av") == 9
    caught_by_a4(res, "sevens")


@pytest.mark.parametrize("d6, home_ba, away_ba", [((3, 2), 1, 0), ((1, 5), 0, 1), ((2, 3), 1, 1)])
def test_bb2025_cheering_fans_block_assists(d6: tuple[int, int], home_ba: int, away_ba: int) -> None:
    # home D6 + 1 cheerleader; away D6 + 0
    res = run(doc("bb2025", (3, 3), d6=d6, teams={"home": {"cheerleaders": 1}}))
    assert res["event"] == {"roll": [3, 3], "name": "cheering_fans"}
    assert get(res, "teams.home.block_assists") == home_ba
    assert get(res, "teams.away.block_assists") == away_ba
    assert get(res, "teams.home.prayers") == []
    assert get(res, "teams.away.prayers") == []
    caught_by_a4(res, "bb2025")


def test_bb2025_cheering_fans_adds_to_waiting_assists() -> None:
    res = run(doc("bb2025", (3, 3), d6=(4, 4), teams={"home": {"block_assists": 1}}))
    assert get(res, "teams.home.block_assists") == 2
    assert get(res, "teams.away.block_assists") == 1


# ---------------------------------------------------------------- Prayers to Nuffle (bb2020)


def pray(
    prayer: int, *, home_wins: bool = True, pick: tuple[int, ...] = (), d3: tuple[int, ...] = (), **kw: Any
) -> dict[str, Any]:
    d6 = (6, 1) if home_wins else (1, 6)
    return run(doc("bb2020", (3, 3), d6=d6, d16=(prayer,), pick=pick, d3=d3, **kw))


def test_prayer_stiletto_random_candidate_gains_stab() -> None:
    # h1 Loner and h2 already Stab are no candidates, h5 is off the pitch: candidates h3, h4
    home = default_players("home")
    home[0]["skills"] = ["loner"]
    home[1]["skills"] = ["stab"]
    home.append(p("h5", None, status="knocked_out"))
    res = pray(3, pick=(2,), home=home)
    assert get(res, "teams.home.prayers") == ["stiletto"]
    assert "stab" in get(res, "players.h4.skills")
    assert "stab" not in get(res, "players.h3.skills")
    assert get(res, "players.h1.skills") == ["loner"]
    assert get(res, "players.h5.skills") == []


def test_prayer_stiletto_single_candidate_needs_no_pick() -> None:
    home = default_players("home")
    for pl in home[:3]:
        pl["skills"] = ["loner"]
    res = pray(3, home=home)
    assert get(res, "players.h4.skills") == ["stab"]


def test_prayer_stiletto_for_away() -> None:
    res = pray(3, home_wins=False, pick=(3,))
    assert get(res, "teams.away.prayers") == ["stiletto"]
    assert get(res, "players.a3.skills") == ["stab"]
    assert get(res, "players.h3.skills") == []


def test_prayer_iron_man_default_first_candidate() -> None:
    home = default_players("home")
    home[0]["skills"] = ["loner"]  # h1 is no candidate: h2 is the first
    res = pray(4, home=home)
    assert get(res, "teams.home.prayers") == ["iron_man"]
    assert get(res, "players.h1.av") == 9
    assert get(res, "players.h2.av") == 10
    assert get(res, "players.h3.av") == 9


@pytest.mark.parametrize("av, want", [(10, 11), (11, 11)])
def test_prayer_iron_man_chosen_capped_at_11(av: int, want: int) -> None:
    home = default_players("home")
    home[2]["av"] = av
    res = pray(4, home=home, decisions={"prayer": {"player": "h3"}})
    assert get(res, "players.h3.av") == want
    assert get(res, "players.h1.av") == 9


def test_prayer_knuckle_dusters_default_skips_players_with_it() -> None:
    home = default_players("home")
    home[0]["skills"] = ["mighty_blow"]
    res = pray(5, home=home)
    assert get(res, "teams.home.prayers") == ["knuckle_dusters"]
    assert get(res, "players.h1.skills") == ["mighty_blow"]
    assert get(res, "players.h2.skills") == ["mighty_blow"]
    assert get(res, "players.h3.skills") == []


def test_prayer_knuckle_dusters_chosen() -> None:
    res = pray(5, decisions={"prayer": {"player": "h4"}})
    assert get(res, "players.h4.skills") == ["mighty_blow"]
    assert get(res, "players.h1.skills") == []


def test_prayer_bad_habits_d3_then_picks() -> None:
    # D3 2: two picks from a1..a4: 3 -> a3, then from [a1, a2, a4]: 1 -> a1
    res = pray(6, d3=(2,), pick=(3, 1))
    assert get(res, "teams.home.prayers") == ["bad_habits"]
    assert get(res, "players.a1.skills") == ["loner"]
    assert get(res, "players.a3.skills") == ["loner"]
    assert get(res, "players.a2.skills") == []
    assert get(res, "players.a4.skills") == []
    assert all(get(res, f"players.h{i}.skills") == [] for i in range(1, 5))


def test_prayer_bad_habits_all_candidates_no_pick() -> None:
    # a2 already Loner: three candidates, D3 3 >= 3 -> all of them, nothing picked
    away = default_players("away")
    away[1]["skills"] = ["loner"]
    res = pray(6, d3=(3,), away=away)
    for pid in ("a1", "a2", "a3", "a4"):
        assert get(res, f"players.{pid}.skills") == ["loner"]


def test_prayer_greasy_cleats_opponent_loses_ma() -> None:
    res = pray(7, pick=(4,))
    assert get(res, "teams.home.prayers") == ["greasy_cleats"]
    assert get(res, "players.a4.ma") == 5
    assert get(res, "players.a1.ma") == 6
    assert get(res, "players.h4.ma") == 6
    caught_by_a4(res, "bb2020")


def test_prayer_greasy_cleats_for_away_hits_home() -> None:
    res = pray(7, home_wins=False, pick=(3,))
    assert get(res, "teams.away.prayers") == ["greasy_cleats"]
    assert get(res, "players.h3.ma") == 5
    assert get(res, "players.a3.ma") == 6


def test_prayer_blessed_statue_chosen_gains_pro() -> None:
    res = pray(8, decisions={"prayer": {"player": "h4"}})
    assert get(res, "teams.home.prayers") == ["blessed_statue"]
    assert get(res, "players.h4.skills") == ["pro"]
    assert get(res, "players.h1.skills") == []


def test_prayer_blessed_statue_default_first() -> None:
    res = pray(8)
    assert get(res, "players.h1.skills") == ["pro"]
    assert get(res, "players.h2.skills") == []


@pytest.mark.parametrize("skill, want", [("dodge", ["dodge"]), (None, [])])
def test_prayer_intensive_training(skill: str | None, want: list[str]) -> None:
    decisions = {"prayer": {"skill": skill}} if skill else {}
    res = pray(16, pick=(2,), decisions=decisions)
    assert get(res, "teams.home.prayers") == ["intensive_training"]
    assert get(res, "players.h2.skills") == want
    assert get(res, "players.h1.skills") == []


@pytest.mark.parametrize("prayer, who, name", [(8, "a1", "blessed_statue"), (4, "a2", "iron_man"),
                                               (5, "h1", "knuckle_dusters")])
def test_prayer_player_not_a_candidate_refused(prayer: int, who: str, name: str) -> None:
    home = default_players("home")
    home[0]["skills"] = ["loner", "mighty_blow"]
    with pytest.raises(DecisionError, match=rf"^decisions\.prayer\.player: {who} cannot receive {name}; "
                                            r"candidates: h2, h3, h4$"):
        pray(prayer, home=home, decisions={"prayer": {"player": who}})


# ---------------------------------------------------------------- Brilliant Coaching


@pytest.mark.parametrize("d3, home_gain, away_gain", [((3, 1), 1, 0), ((1, 2), 0, 1), ((2, 1), 1, 1)])
def test_classic_brilliant_coaching(d3: tuple[int, int], home_gain: int, away_gain: int) -> None:
    # home D3 + FAME 0 + 1 assistant; away D3 + FAME 2 + 0 (cheerleaders do not count)
    teams = {
        "home": {"rerolls": 3, "assistant_coaches": 1},
        "away": {"rerolls": 2, "fame": 2, "cheerleaders": 5},
    }
    res = run(doc("classic", (4, 4), d3=d3, teams=teams))
    assert res["event"] == {"roll": [4, 4], "name": "brilliant_coaching"}
    assert get(res, "teams.home.rerolls") == 3 + home_gain
    assert get(res, "teams.home.half_rerolls") == home_gain
    assert get(res, "teams.away.rerolls") == 2 + away_gain
    assert get(res, "teams.away.half_rerolls") == away_gain
    assert get(res, "teams.away.drive_rerolls") == 0
    caught_by_a4(res, "classic")


@pytest.mark.parametrize(
    "rs, d6, home_gain, away_gain",
    [
        ("bb2020", (3, 5), 0, 1),  # 4 vs 5
        ("bb2020", (5, 2), 1, 0),  # 6 vs 2
        ("bb2020", (3, 4), 0, 0),  # tie: nobody
        ("bb2025", (3, 5), 0, 1),
        ("bb2025", (3, 4), 1, 1),  # tie: both
        ("sevens", (6, 1), 1, 0),
        ("sevens", (3, 4), 0, 0),  # tie: nobody
    ],
)
def test_brilliant_coaching_editions(rs: str, d6: tuple[int, int], home_gain: int, away_gain: int) -> None:
    # home D6 + 1 assistant coach; away D6 + 0, already 3 re-rolls of which 1 drive extra
    teams = {
        "home": {"rerolls": 2, "assistant_coaches": 1, "cheerleaders": 4},
        "away": {"rerolls": 3, "drive_rerolls": 1},
    }
    res = run(doc(rs, (3, 4), d6=d6, teams=teams))
    assert res["event"] == {"roll": [3, 4], "name": "brilliant_coaching"}
    assert get(res, "teams.home.rerolls") == 2 + home_gain
    assert get(res, "teams.home.drive_rerolls") == home_gain
    assert get(res, "teams.away.rerolls") == 3 + away_gain
    assert get(res, "teams.away.drive_rerolls") == 1 + away_gain
    assert get(res, "teams.home.half_rerolls") == 0
    caught_by_a4(res, rs)


# ---------------------------------------------------------------- Changing Weather


def test_classic_changing_weather_nice_scatters_once() -> None:
    # target (18, 7), D8 5 D6 1 -> (19, 7); weather 3+4 = 7 Nice; scatter D8 5 -> (20, 7) a4
    res = run(doc("classic", (3, 4), d6=(3, 4), d8=(5,), kick_target=[18, 7], weather="pouring_rain"))
    assert res["event"] == {"roll": [3, 4], "name": "changing_weather"}
    assert res["weather"] == "nice"
    assert get(res, "deviation.square") == [19, 7]
    caught_by_a4(res, "classic")


@pytest.mark.parametrize("rs", ["bb2020", "bb2025"])
def test_changing_weather_perfect_conditions_scatters_three_times(rs: str) -> None:
    # (18,7) -> D8 5 (19,7) -> scatters 5 (20,7), 2 (20,6), 7 (20,7): only the end counts
    res = run(doc(rs, (4, 4), d6=(3, 4), d8=(5, 2, 7), kick_target=[18, 7], weather="very_sunny"))
    assert res["event"] == {"roll": [4, 4], "name": "changing_weather"}
    assert res["weather"] == "perfect_conditions"
    caught_by_a4(res, rs)


def test_sevens_changing_weather_scatters_three_times() -> None:
    # (15,5) -> (16,5) -> scatters 2 (16,4), 5 (17,4), 6 (16,5) a4
    res = run(doc("sevens", (4, 4), d6=(2, 5), d8=(2, 5, 6), weather="blizzard"))
    assert res["weather"] == "perfect_conditions"
    caught_by_a4(res, "sevens")


@pytest.mark.parametrize("rs, ev", [("classic", (3, 4)), ("bb2020", (4, 4)), ("sevens", (4, 4))])
@pytest.mark.parametrize(
    "weather_roll, name",
    [((1, 1), "sweltering_heat"), ((1, 2), "very_sunny"), ((5, 6), "pouring_rain"), ((6, 6), "blizzard")],
)
def test_changing_weather_not_nice_no_scatter(
    rs: str, ev: tuple[int, int], weather_roll: tuple[int, int], name: str
) -> None:
    res = run(doc(rs, ev, d6=weather_roll))
    assert get(res, "event.name") == "changing_weather"
    assert res["weather"] == name
    caught_by_a4(res, rs)


@pytest.mark.parametrize("rs, ev", [("classic", (3, 4)), ("bb2020", (4, 4))])
def test_changing_weather_pouring_rain_hits_the_landing_catch(rs: str, ev: tuple[int, int]) -> None:
    # classic AG 3: 4+, catch 4 - 1 (rain) = 3 fails; bb2020 3+: 4 - 1 (kick-off) - 1 = 2 fails.
    # The ball bounces D8 5 to the empty (21, 7).
    res = run(doc(rs, ev, d6=(5, 6), d8=(5,), catch=(4,)))
    assert res["weather"] == "pouring_rain"
    assert get(res, "ball.square") == [21, 7]
    assert get(res, "ball.carrier") is None
    assert res["touchback"] is False


@pytest.mark.parametrize("rs, ev", [("classic", (3, 4)), ("bb2020", (4, 4))])
def test_changing_weather_blizzard_does_not_hit_the_catch(rs: str, ev: tuple[int, int]) -> None:
    # same catch 4 as above succeeds without Pouring Rain
    res = run(doc(rs, ev, d6=(6, 6), catch=(4,)))
    assert res["weather"] == "blizzard"
    caught_by_a4(res, rs)


@pytest.mark.parametrize("rs, ev", [("classic", (3, 4)), ("bb2020", (4, 4))])
def test_changing_weather_scatter_into_kicking_half_is_touchback(rs: str, ev: tuple[int, int]) -> None:
    # target (14, 7), D8 4 D6 1 -> (13, 7); scatter D8 4 -> (12, 7): kicking half, touchback at
    # once; no more scatter dice (bb2020 would otherwise roll two more). Ball to a1.
    res = run(doc(rs, ev, d6=(3, 4), d8=(4,), kick_target=[14, 7], dev=(4, 1), catch=()))
    assert res["touchback"] is True
    assert get(res, "deviation.square") == [13, 7]
    assert get(res, "ball.carrier") == "a1"
    assert get(res, "ball.square") == [13, 6]


# ---------------------------------------------------------------- Quick Snap


def classic_snap_away() -> list[dict[str, Any]]:
    return [*default_players("away", "classic"), p("a5", [17, 3], "classic"), p("a6", [17, 11], "classic")]


def test_classic_quick_snap_every_receiver_no_count_die() -> None:
    moves = [
        {"player": "a1", "to": [12, 5]},  # out of a tackle zone into the other half
        {"player": "a2", "to": [14, 7]},
        {"player": "a3", "to": [14, 8]},
        {"player": "a5", "to": [16, 2]},
        {"player": "a6", "to": [18, 12]},
    ]
    res = run(doc("classic", (4, 5), away=classic_snap_away(), decisions={"quick_snap": moves}))
    assert res["event"] == {"roll": [4, 5], "name": "quick_snap"}
    for m in moves:
        assert get(res, f"players.{m['player']}.square") == m["to"]
    caught_by_a4(res, "classic")


def test_classic_quick_snap_sequential_moves() -> None:
    moves = [{"player": "a1", "to": [14, 6]}, {"player": "a2", "to": [13, 6]}]
    res = run(doc("classic", (4, 5), decisions={"quick_snap": moves}))
    assert get(res, "players.a1.square") == [14, 6]
    assert get(res, "players.a2.square") == [13, 6]
    assert get(res, "players.a3.square") == [13, 8]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([{"player": "a2", "to": [13, 6]}, {"player": "a1", "to": [14, 6]}],  # a1 still there
         "[0]: [13, 6] is not an empty square of the pitch"),
        ([{"player": "a2", "to": [12, 7]}], "[0]: [12, 7] is not an empty square of the pitch"),  # h2's
        ([{"player": "a5", "to": [15, 3]}], "[0]: a5 at [17, 3] may move one square, not to [15, 3]"),
        ([{"player": "h4", "to": [9, 7]}],  # a kicking player
         "[0]: h4 may not move: not a Standing receiving player on the pitch"),
    ],
)
def test_classic_quick_snap_illegal(moves: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(DecisionError, match=f"^decisions\\.quick_snap{re.escape(message)}$"):
        run(doc("classic", (4, 5), away=classic_snap_away(), decisions={"quick_snap": moves}))


def snap_away() -> list[dict[str, Any]]:
    # a1-a3 Marked on the LoS; a4-a8 Open
    extra = [p("a5", [17, 3]), p("a6", [17, 11]), p("a7", [22, 4]), p("a8", [22, 10])]
    return [*default_players("away"), *extra]


SNAP4 = [
    {"player": "a5", "to": [16, 3]},
    {"player": "a6", "to": [16, 11]},
    {"player": "a7", "to": [21, 5]},
    {"player": "a8", "to": [23, 10]},
]


@pytest.mark.parametrize("rs", ["bb2020", "bb2025"])
def test_quick_snap_d3_plus_3_open_players(rs: str) -> None:
    res = run(doc(rs, (4, 5), d3=(1,), away=snap_away(), decisions={"quick_snap": SNAP4}))
    assert res["event"] == {"roll": [4, 5], "name": "quick_snap"}
    for m in SNAP4:
        assert get(res, f"players.{m['player']}.square") == m["to"]
    caught_by_a4(res, rs)


@pytest.mark.parametrize(
    ("d3", "moves", "message"),
    [
        (1, [*SNAP4, {"player": "a4", "to": [20, 6]}], ": 5 players named, at most 4 may move"),
        (3, [{"player": "a1", "to": [14, 5]}],  # a1 Marked
         "[0]: a1 may not move: not an Open Standing receiving player on the pitch"),
        (3, [{"player": "a5", "to": [15, 3]}], "[0]: a5 at [17, 3] may move one square, not to [15, 3]"),
        (3, [{"player": "a4", "to": [20, 7]}], "[0]: a4 is named for his own square [20, 7]"),
    ],
)
def test_bb2020_quick_snap_illegal(d3: int, moves: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(DecisionError, match=f"^decisions\\.quick_snap{re.escape(message)}$"):
        run(doc("bb2020", (4, 5), d3=(d3,), away=snap_away(), decisions={"quick_snap": moves}))


def test_quick_snap_count_die_rolled_without_moves() -> None:
    res = run(doc("bb2020", (3, 6), d3=(2,)))
    assert get(res, "event.name") == "quick_snap"
    assert get(res, "players.a1.square") == [13, 6]
    caught_by_a4(res, "bb2020")


def test_quick_snap_player_steps_into_landing_square_and_catches() -> None:
    # target (16, 4), D8 5 D6 1 -> (17, 4), empty at the kick; a5 steps there and catches
    res = run(
        doc(
            "bb2020",
            (4, 5),
            d3=(1,),
            away=snap_away(),
            kick_target=[16, 4],
            decisions={"quick_snap": [{"player": "a5", "to": [17, 4]}]},
        )
    )
    assert get(res, "players.a5.square") == [17, 4]
    assert get(res, "ball.square") == [17, 4]
    assert get(res, "ball.carrier") == "a5"


def test_sevens_quick_snap_d3_plus_1_into_the_gap() -> None:
    moves = [{"player": "a1", "to": [12, 4]}, {"player": "a2", "to": [12, 5]}]
    res = run(doc("sevens", (4, 5), d3=(1,), decisions={"quick_snap": moves}))
    assert get(res, "event.name") == "quick_snap"
    assert get(res, "players.a1.square") == [12, 4]
    assert get(res, "players.a2.square") == [12, 5]
    caught_by_a4(res, "sevens")


def test_sevens_quick_snap_too_many() -> None:
    moves = [
        {"player": "a1", "to": [12, 4]},
        {"player": "a2", "to": [12, 5]},
        {"player": "a3", "to": [12, 6]},
    ]
    with pytest.raises(DecisionError, match=r"^decisions\.quick_snap: 3 players named, "
                                            r"at most 2 may move$"):
        run(doc("sevens", (4, 5), d3=(1,), decisions={"quick_snap": moves}))


# ---------------------------------------------------------------- Blitz / Charge! (10)


@pytest.mark.parametrize(
    "rs, d3, name",
    [
        ("classic", (), "blitz"),
        ("bb2020", (2,), "blitz"),
        ("sevens", (3,), "blitz"),
        ("bb2025", (1,), "charge"),
    ],
)
def test_blitz_and_charge_default_no_action(rs: str, d3: tuple[int, ...], name: str) -> None:
    res = run(doc(rs, (5, 5), d3=d3))
    assert res["event"] == {"roll": [5, 5], "name": name}
    assert get(res, "players.h4.square") == ([3, 5] if rs == "sevens" else [8, 7])
    caught_by_a4(res, rs)


@pytest.mark.parametrize(
    "rs, d3, key",
    [
        ("classic", (), "blitz"),
        ("bb2020", (2,), "blitz"),
        ("sevens", (3,), "blitz"),
        ("bb2025", (1,), "charge"),
    ],
)
def test_blitz_and_charge_play_a_free_move(rs: str, d3: tuple[int, ...], key: str) -> None:
    # h4 is Open: one step, no Dodge, no Rush, no die (tests/actions has the action engine's own).
    sq = [4, 5] if rs == "sevens" else [9, 7]
    act = [{"player": "h4", "action": "move", "path": [sq]}]
    res = run(doc(rs, (5, 5), d3=d3, decisions={key: act}))
    assert get(res, "players.h4.square") == sq
    caught_by_a4(res, rs)


# ---------------------------------------------------------------- classic Throw a Rock (11)


@pytest.mark.parametrize(
    "skills, injury, status, square",
    [
        ([], (3, 4), "stunned", [13, 6]),
        ([], (1, 1), "stunned", [13, 6]),
        ([], (4, 4), "knocked_out", None),
        ([], (4, 5), "knocked_out", None),
        ([], (5, 5), "casualty", None),
        (["stunty"], (3, 4), "knocked_out", None),  # 7 + 1 = 8
        (["stunty"], (3, 3), "stunned", [13, 6]),  # 6 + 1 = 7
        (["stunty"], (4, 5), "casualty", None),  # 9 + 1 = 10
        (["thick_skull"], (4, 4), "stunned", [13, 6]),  # exactly 8
        (["thick_skull"], (4, 5), "knocked_out", None),  # 9
        (["thick_skull", "stunty"], (3, 4), "stunned", [13, 6]),  # 7 + 1 = 8
    ],
)
def test_classic_throw_a_rock_home_fans_hit_away(
    skills: list[str], injury: tuple[int, int], status: str, square: list[int] | None
) -> None:
    # home D6 5 + FAME 0 = 5 beats away D6 2 + FAME 1 = 3: a random away player (pick 1: a1)
    away = default_players("away", "classic")
    away[0]["skills"] = skills
    res = run(doc("classic", (5, 6), d6=(5, 2, *injury), pick=(1,), away=away, teams={"away": {"fame": 1}}))
    assert res["event"] == {"roll": [5, 6], "name": "throw_a_rock"}
    assert get(res, "players.a1.status") == status
    assert get(res, "players.a1.square") == square
    for pid in ("h1", "h2", "h3", "h4", "a2", "a3"):
        assert get(res, f"players.{pid}.status") == "standing"
    caught_by_a4(res, "classic")


def test_classic_throw_a_rock_away_fans_hit_home() -> None:
    # home 1 + 0 vs away 4 + 0: pick 4 -> h4, injury 6+6 casualty
    res = run(doc("classic", (5, 6), d6=(1, 4, 6, 6), pick=(4,)))
    assert get(res, "players.h4.status") == "casualty"
    assert get(res, "players.h4.square") is None
    assert get(res, "players.a1.status") == "standing"
    caught_by_a4(res, "classic")


def test_classic_throw_a_rock_tie_one_each_kicking_victim_first() -> None:
    # home 3 + 0 = away 2 + 1: picks 2 (home victim h2) then 3 (away victim a3);
    # injuries: h2 1+2 = 3 stunned, then a3 5+5 = 10 casualty
    res = run(doc("classic", (5, 6), d6=(3, 2, 1, 2, 5, 5), pick=(2, 3), teams={"away": {"fame": 1}}))
    assert get(res, "players.h2.status") == "stunned"
    assert get(res, "players.h2.square") == [12, 7]
    assert get(res, "players.a3.status") == "casualty"
    assert get(res, "players.a3.square") is None
    caught_by_a4(res, "classic")


# ---------------------------------------------------------------- Officious Ref (11)


@pytest.mark.parametrize("rs", ["bb2020", "sevens"])
@pytest.mark.parametrize("ref_d6, status", [(1, "sent_off"), (2, "stunned"), (6, "stunned")])
def test_officious_ref_lower_team(rs: str, ref_d6: int, status: str) -> None:
    # home D6 3 + fan factor 2 = 5 vs away D6 4 + 0 = 4: away lower, pick 2 -> a2
    res = run(doc(rs, (5, 6), d6=(3, 4, ref_d6), pick=(2,), teams={"home": {"fan_factor": 2}}))
    assert res["event"] == {"roll": [5, 6], "name": "officious_ref"}
    a2_sq = [13, 5] if rs == "sevens" else [13, 7]
    assert get(res, "players.a2.status") == status
    assert get(res, "players.a2.square") == (None if status == "sent_off" else a2_sq)
    assert get(res, "players.h2.status") == "standing"
    caught_by_a4(res, rs)


def test_officious_ref_home_lower() -> None:
    res = run(doc("bb2020", (5, 6), d6=(1, 2, 3), pick=(4,), teams={"away": {"fan_factor": 1}}))
    assert get(res, "players.h4.status") == "stunned"
    assert get(res, "players.h4.square") == [8, 7]
    assert all(get(res, f"players.a{i}.status") == "standing" for i in range(1, 5))


@pytest.mark.parametrize("rs", ["bb2020", "sevens"])
def test_officious_ref_tie_both(rs: str) -> None:
    # 3 + 1 = 4 + 0: picks 1 (h1) then 2 (a2); D6 2 (h1 stunned) then 1 (a2 sent off)
    res = run(doc(rs, (5, 6), d6=(3, 4, 2, 1), pick=(1, 2), teams={"home": {"fan_factor": 1}}))
    h1_sq = [6, 4] if rs == "sevens" else [12, 6]
    assert get(res, "players.h1.status") == "stunned"
    assert get(res, "players.h1.square") == h1_sq
    assert get(res, "players.a2.status") == "sent_off"
    assert get(res, "players.a2.square") is None
    caught_by_a4(res, rs)


# ---------------------------------------------------------------- Pitch Invasion (12)


def test_classic_pitch_invasion() -> None:
    # home players first (rolled by the away coach, + away FAME 2), then away (+ home FAME 0)
    home = default_players("home", "classic")
    home[3]["skills"] = ["ball_and_chain"]
    # h1 4 + 2 = 6 stunned, h2 5, h3 4, h4 7 (B&C: knocked out); a1 6 stunned, a2 5, a3 2, a4 1
    rolls = (4, 3, 2, 5, 6, 5, 2, 1)
    res = run(doc("classic", (6, 6), d6=rolls, home=home, teams={"away": {"fame": 2}}))
    assert res["event"] == {"roll": [6, 6], "name": "pitch_invasion"}
    assert get(res, "players.h1.status") == "stunned"
    assert get(res, "players.h1.square") == [12, 6]
    assert get(res, "players.h2.status") == "standing"
    assert get(res, "players.h3.status") == "standing"
    assert get(res, "players.h4.status") == "knocked_out"
    assert get(res, "players.h4.square") is None
    assert get(res, "players.a1.status") == "stunned"
    assert get(res, "players.a2.status") == "standing"
    assert get(res, "players.a3.status") == "standing"
    caught_by_a4(res, "classic")


def test_classic_pitch_invasion_natural_one_never() -> None:
    # FAME 2 cannot lift a 1 to 6, but a natural 1 must never count: all 1s leave everybody up
    res = run(doc("classic", (6, 6), d6=(1,) * 8, teams={"home": {"fame": 2}, "away": {"fame": 2}}))
    for pid in ("h1", "h2", "h3", "h4", "a1", "a2", "a3"):
        assert get(res, f"players.{pid}.status") == "standing"
    caught_by_a4(res, "classic")


@pytest.mark.parametrize("rs", EDITIONS)
def test_pitch_invasion_lower_team_d3_players(rs: str) -> None:
    # home D6 2 + 1 = 3 vs away 5 + 0: home lower; D3 2 -> picks 4 (h4), then from
    # [h1, h2, h3] 1 (h1)
    res = run(doc(rs, (6, 6), d6=(2, 5), d3=(2,), pick=(4, 1), teams={"home": {"fan_factor": 1}}))
    assert res["event"] == {"roll": [6, 6], "name": "pitch_invasion"}
    assert get(res, "players.h1.status") == "stunned"
    assert get(res, "players.h4.status") == "stunned"
    assert get(res, "players.h4.square") == ([3, 5] if rs == "sevens" else [8, 7])
    assert get(res, "players.h2.status") == "standing"
    assert get(res, "players.h3.status") == "standing"
    assert all(get(res, f"players.a{i}.status") == "standing" for i in range(1, 5))
    caught_by_a4(res, rs)


@pytest.mark.parametrize("rs", EDITIONS)
def test_pitch_invasion_tie_one_d3_serves_both(rs: str) -> None:
    # 3 + 1 = 4 + 0: one D3 (1) for both; pick 3 (h3) then 2 (a2)
    res = run(doc(rs, (6, 6), d6=(3, 4), d3=(1,), pick=(3, 2), teams={"home": {"fan_factor": 1}}))
    assert get(res, "players.h3.status") == "stunned"
    assert get(res, "players.a2.status") == "stunned"
    for pid in ("h1", "h2", "h4", "a1", "a3"):
        assert get(res, f"players.{pid}.status") == "standing"
    caught_by_a4(res, rs)


def test_pitch_invasion_away_lower_d3_3() -> None:
    # away lower (2 vs 6); D3 3 -> picks 1 -> a1, then of [a2, a3, a4] 2 -> a3,
    # then of [a2, a4] 1 -> a2
    res = run(doc("bb2020", (6, 6), d6=(6, 2), d3=(3,), pick=(1, 2, 1)))
    for pid in ("a1", "a2", "a3"):
        assert get(res, f"players.{pid}.status") == "stunned"
    caught_by_a4(res, "bb2020")


# ---------------------------------------------------------------- bb2025 Dodgy Snack (11)


@pytest.mark.parametrize(
    "ma, snack, want_ma, want_av, status, square",
    [
        (6, 4, 5, 8, "standing", [12, 7]),
        (6, 2, 5, 8, "standing", [12, 7]),
        (1, 6, 1, 8, "standing", [12, 7]),  # MA not below 1
        (6, 1, 6, 9, "reserves", None),
    ],
)
def test_bb2025_dodgy_snack_lower_team(
    ma: int, snack: int, want_ma: int, want_av: int, status: str, square: list[int] | None
) -> None:
    # plain D6: home 2 vs away 5 (fan factor and cheerleaders ignored): home lower, pick 2 -> h2
    home = default_players("home", "bb2025")
    home[1]["ma"] = ma
    res = run(
        doc(
            "bb2025",
            (5, 6),
            d6=(2, 5, snack),
            pick=(2,),
            home=home,
            teams={"home": {"fan_factor": 5, "cheerleaders": 5}},
        )
    )
    assert res["event"] == {"roll": [5, 6], "name": "dodgy_snack"}
    assert get(res, "players.h2.ma") == want_ma
    assert get(res, "players.h2.av") == want_av
    assert get(res, "players.h2.status") == status
    assert get(res, "players.h2.square") == square
    assert get(res, "players.h1.ma") == 6
    assert get(res, "players.h1.av") == 9
    caught_by_a4(res, "bb2025")


def test_bb2025_dodgy_snack_tie_both() -> None:
    # 3 = 3: picks 1 (h1) then 3 (a3); D6 2 (h1 -1 MA -1 AV) then 1 (a3 to the Reserves)
    res = run(doc("bb2025", (5, 6), d6=(3, 3, 2, 1), pick=(1, 3)))
    assert get(res, "players.h1.ma") == 5
    assert get(res, "players.h1.av") == 8
    assert get(res, "players.h1.square") == [12, 6]
    assert get(res, "players.a3.status") == "reserves"
    assert get(res, "players.a3.square") is None
    assert get(res, "players.a3.ma") == 6
    caught_by_a4(res, "bb2025")


def test_bb2025_dodgy_snack_away_lower() -> None:
    res = run(doc("bb2025", (5, 6), d6=(4, 1, 5), pick=(1,)))
    assert get(res, "players.a1.ma") == 5
    assert get(res, "players.a1.av") == 8
    assert get(res, "players.h1.ma") == 6


# ---------------------------------------------------------------- count dice and the landing after the event


@pytest.mark.parametrize("roll", [(5, 5), (4, 5)])
def test_classic_blitz_and_quick_snap_roll_no_count_die(roll: tuple[int, int]) -> None:
    # a scripted D3 would be left over: classic has no count die for these events
    with pytest.raises(DiceError, match=r"^dice\.d3\[0\]: 1 d3 value\(s\) left unused \(\[2\]\)$"):
        run(doc("classic", roll, d3=(2,)))


@pytest.mark.parametrize(
    "rs, roll, count", [("bb2020", (5, 5), "blitz count (D3+3)"),
                        ("bb2025", (5, 5), "charge count (D3+3)"),
                        ("sevens", (4, 5), "quick_snap count (D3+1)"),
                        ("bb2020", (1, 3), "solid_defence count (D3+3)")]
)
def test_edition_count_die_is_required(rs: str, roll: tuple[int, int], count: str) -> None:
    # Blitz / Charge! / Quick Snap / Solid Defence always roll their D3: without one the dice run out
    with pytest.raises(DiceError, match=r"^dice\.d3\[0\]: the scripted d3 dice ran out .*, needed for: "
                                        + re.escape(count) + "$"):
        run(doc(rs, roll))


def test_officious_ref_stuns_the_catcher_so_the_ball_bounces() -> None:
    # away lower (1 vs 6), pick 4 -> a4, D6 3 -> Stunned; the ball lands on a Stunned player
    # who cannot catch: bounce D8 5 -> (21, 7), empty
    res = run(doc("bb2020", (5, 6), d6=(6, 1, 3), pick=(4,), d8=(5,), catch=()))
    assert get(res, "players.a4.status") == "stunned"
    assert get(res, "ball.square") == [21, 7]
    assert get(res, "ball.carrier") is None


def test_dodgy_snack_sends_the_catcher_off_so_the_ball_bounces() -> None:
    # away lower (5 vs 2), pick 4 -> a4, D6 1 -> Reserves; the landing square is empty:
    # bounce D8 2 -> (20, 6), empty
    res = run(doc("bb2025", (5, 6), d6=(5, 2, 1), pick=(4,), d8=(2,), catch=()))
    assert get(res, "players.a4.status") == "reserves"
    assert get(res, "players.a4.square") is None
    assert get(res, "ball.square") == [20, 6]
    assert get(res, "ball.carrier") is None


def test_classic_throw_a_rock_only_hits_players_on_the_pitch() -> None:
    # a0 is Knocked Out (off the pitch) and listed first: candidates are a1..a4, pick 1 -> a1
    away = [p("a0", None, "classic", status="knocked_out"), *default_players("away", "classic")]
    res = run(doc("classic", (5, 6), d6=(6, 1, 1, 2), pick=(1,), away=away))
    assert get(res, "players.a1.status") == "stunned"
    assert get(res, "players.a0.status") == "knocked_out"


def test_changing_weather_scatter_off_the_pitch_is_touchback() -> None:
    # target (20, 1), D8 5 D6 1 -> (21, 1); Perfect Conditions; scatter D8 2 -> (21, 0),
    # D8 2 -> (21, -1) off the pitch: touchback, the third scatter is never rolled
    res = run(doc("bb2020", (4, 4), d6=(2, 2), d8=(2, 2), kick_target=[20, 1], catch=()))
    assert res["weather"] == "perfect_conditions"
    assert res["touchback"] is True
    assert get(res, "ball.carrier") == "a1"
    assert get(res, "ball.square") == [13, 6]


def test_prayer_in_effect_for_the_other_team_is_not_rerolled() -> None:
    res = run(doc("bb2020", (3, 3), d6=(6, 1), d16=(1,), teams={"away": {"prayers": ["trapdoor"]}}))
    assert get(res, "teams.home.prayers") == ["trapdoor"]
    assert get(res, "teams.away.prayers") == ["trapdoor"]


def test_perfect_defence_moves_applied_together_chain() -> None:
    # h4 takes h2's square while h2 moves to (12, 5): legal only when applied together
    res = run(
        doc(
            "classic",
            (1, 3),
            decisions={"perfect_defence": [{"player": "h4", "to": [12, 7]}, {"player": "h2", "to": [12, 5]}]},
        )
    )
    assert get(res, "players.h4.square") == [12, 7]
    assert get(res, "players.h2.square") == [12, 5]
    caught_by_a4(res, "classic")


# ---- the kicking team's coach rolls first, and its players come first, also when away kicks


def away_kicks(rs: str, roll: tuple[int, int], **kw: Any) -> dict[str, Any]:
    # away kicks; target one square west of h4, D8 5 D6 1 puts the ball on him
    tgt = [2, 5] if rs == "sevens" else [7, 7]
    return run(doc(rs, roll, kick_target=tgt, kicking="away", **kw))


def caught_by_h4(res: dict[str, Any], rs: str) -> None:
    assert get(res, "ball.square") == ([3, 5] if rs == "sevens" else [8, 7])
    assert get(res, "ball.carrier") == "h4"


@pytest.mark.parametrize("rs", ["bb2020", "sevens"])
def test_cheering_fans_kicking_coach_rolls_first_when_away_kicks(rs: str) -> None:
    # away (kicking) D6 5 beats home D6 3: away prays (D16 1 / sevens D8 1 Trapdoor)
    prayer = {"d8": (1,)} if rs == "sevens" else {"d16": (1,)}
    res = away_kicks(rs, (3, 3), d6=(5, 3), **prayer)
    assert get(res, "teams.away.prayers") == ["trapdoor"]
    assert get(res, "teams.home.prayers") == []
    caught_by_h4(res, rs)


def test_classic_brilliant_coaching_kicking_coach_first_when_away_kicks() -> None:
    # away D3 3 beats home D3 1
    res = away_kicks("classic", (4, 4), d3=(3, 1), teams={"home": {"rerolls": 1}})
    assert get(res, "teams.away.rerolls") == 1
    assert get(res, "teams.away.half_rerolls") == 1
    assert get(res, "teams.home.rerolls") == 1
    assert get(res, "teams.home.half_rerolls") == 0
    caught_by_h4(res, "classic")


def test_officious_ref_tie_when_away_kicks() -> None:
    # away D6 3 + 1 = home D6 4 + 0: tie; picks 1 (away victim a1) then 2 (home victim h2);
    # D6 2 (a1 stunned) then 1 (h2 sent off)
    res = away_kicks("bb2020", (5, 6), d6=(3, 4, 2, 1), pick=(1, 2), teams={"away": {"fan_factor": 1}})
    assert get(res, "players.a1.status") == "stunned"
    assert get(res, "players.h2.status") == "sent_off"
    assert get(res, "players.h2.square") is None
    assert get(res, "players.h1.status") == "standing"
    assert get(res, "players.a2.status") == "standing"
    caught_by_h4(res, "bb2020")


def test_classic_throw_a_rock_tie_when_away_kicks() -> None:
    # away 3 + 0 = home 2 + 1; picks 2 (a2, the kicking team's victim) then 3 (h3);
    # injuries 1+2 (a2 stunned) then 5+5 (h3 casualty)
    res = away_kicks("classic", (5, 6), d6=(3, 2, 1, 2, 5, 5), pick=(2, 3), teams={"home": {"fame": 1}})
    assert get(res, "players.a2.status") == "stunned"
    assert get(res, "players.h3.status") == "casualty"
    assert get(res, "players.h3.square") is None
    caught_by_h4(res, "classic")


def test_classic_pitch_invasion_kicking_players_first_when_away_kicks() -> None:
    # away players first (home coach, FAME 0): a1 6 stunned, a2-a4 2;
    # then home players (away coach, FAME 1): h1 5 + 1 = 6 stunned, h2-h4 2 + 1 = 3
    res = away_kicks("classic", (6, 6), d6=(6, 2, 2, 2, 5, 2, 2, 2), teams={"away": {"fame": 1}})
    assert get(res, "players.a1.status") == "stunned"
    assert get(res, "players.h1.status") == "stunned"
    for pid in ("a2", "a3", "a4", "h2", "h3", "h4"):
        assert get(res, f"players.{pid}.status") == "standing"
    caught_by_h4(res, "classic")


def test_dodgy_snack_tie_when_away_kicks() -> None:
    # 4 = 4; picks 3 (a3) then 1 (h1); D6 1 (a3 to the Reserves) then 6 (h1 -1 MA, -1 AV)
    res = away_kicks("bb2025", (5, 6), d6=(4, 4, 1, 6), pick=(3, 1))
    assert get(res, "players.a3.status") == "reserves"
    assert get(res, "players.h1.ma") == 5
    assert get(res, "players.h1.av") == 8
    assert get(res, "players.a1.ma") == 6
    caught_by_h4(res, "bb2025")


def test_pitch_invasion_tie_when_away_kicks() -> None:
    # 2 + 2 = 4 + 0; one D3 2: picks for away first (2 -> a2, then of [a1, a3, a4] 3 -> a4),
    # then home (1 -> h1, then of [h2, h3, h4] 2 -> h3)
    res = away_kicks(
        "bb2020", (6, 6), d6=(2, 4), d3=(2,), pick=(2, 3, 1, 2), teams={"away": {"fan_factor": 2}}
    )
    for pid in ("a2", "a4", "h1", "h3"):
        assert get(res, f"players.{pid}.status") == "stunned"
    for pid in ("a1", "a3", "h2", "h4"):
        assert get(res, f"players.{pid}.status") == "standing"
    caught_by_h4(res, "bb2020")


@pytest.mark.parametrize("rs, caught", [("bb2025", True), ("bb2020", False)])
def test_changing_weather_scatter_landing_modifier(rs: str, caught: bool) -> None:
    # as the three-scatter test, catch D6 3 for AG 3+: bb2025 kick-off landing 0 -> 3 catches;
    # bb2020 -1 -> 2 fails and the ball bounces D8 5 to the empty (21, 7)
    extra = () if caught else (5,)
    res = run(doc(rs, (4, 4), d6=(3, 4), d8=(5, 2, 7, *extra), kick_target=[18, 7], catch=(3,)))
    if caught:
        caught_by_a4(res, rs)
    else:
        assert get(res, "ball.square") == [21, 7]
        assert get(res, "ball.carrier") is None


def test_touchback_is_resolved_after_the_event() -> None:
    # the deviation ends at (11, 7) (touchback); Officious Ref then sends a1 off (away lower 1
    # vs 6, pick 1, D6 1): the first eligible recipient is now a2
    res = run(doc("bb2020", (5, 6), d6=(6, 1, 1), pick=(1,), kick_target=[14, 7], dev=(4, 3), catch=()))
    assert res["touchback"] is True
    assert get(res, "players.a1.status") == "sent_off"
    assert get(res, "ball.carrier") == "a2"
    assert get(res, "ball.square") == [13, 7]


def test_prayer_greasy_cleats_ma_not_below_1() -> None:
    away = default_players("away")
    away[0]["ma"] = 1
    res = run(doc("bb2020", (3, 3), d6=(6, 1), d16=(7,), pick=(1,), away=away))
    assert get(res, "players.a1.ma") == 1


def test_prayer_blessed_statue_skips_players_with_pro_or_loner() -> None:
    home = default_players("home")
    home[0]["skills"] = ["pro"]
    home[1]["skills"] = ["loner"]
    res = run(doc("bb2020", (3, 3), d6=(6, 1), d16=(8,), home=home))
    assert get(res, "players.h3.skills") == ["pro"]
    assert get(res, "players.h1.skills") == ["pro"]
    assert get(res, "players.h2.skills") == ["loner"]
    assert get(res, "players.h4.skills") == []


def test_a_kicker_named_in_decisions_is_used_without_kicker_given() -> None:
    # The Python API: Decisions(kicker=...) alone names the kicker; an illegal one is refused.
    from kickoff.core import RULESETS, DecisionError, Decisions, SeededDice, Square, kick_off
    from kickoff.formats.match import build_match

    state = build_match("bb2020", None, None, None, None, "home").state
    rs = RULESETS["bb2020"]
    from kickoff.core.kickoff import eligible_kickers

    named = eligible_kickers(state)[-1].id
    assert named != eligible_kickers(state)[0].id  # not the default kicker
    result = kick_off(state.clone(), rs, SeededDice(1), Decisions(target=Square(20, 7),
                                                                   kicker=named))
    assert result.kicker == named
    for bad in ("h99", "a1"):
        with pytest.raises(DecisionError, match=r"kick\.kicker"):
            kick_off(state.clone(), rs, SeededDice(1), Decisions(kicker=bad))


@pytest.mark.parametrize(("skill", "told"), [
    ("dodge", "Intensive Training: h2 (gains Dodge, for the game)"),
    (None, "Intensive Training: h2 (a skill of the coach's choice, for the game; decisions "
           "prayer.skill names it)")])
def test_a_prayer_s_story_names_the_player_it_went_to(skill: str | None, told: str) -> None:
    """Issue 26: "Prayers to Nuffle: Intensive Training" named nobody; the log and the story
    now name the player (picked at random here: h2)."""
    from kickoff.formats.narration import story_lines

    decisions = {"prayer": {"skill": skill}} if skill else {}
    res = pray(16, pick=(2,), decisions=decisions)
    effect = [e for e in res["log"] if e["step"] == "prayer_effect"]
    assert effect == [{"step": "prayer_effect", "prayer": "intensive_training", "players": ["h2"],
                       **({"skill": skill} if skill else {})}]
    lines = story_lines(res["log"])
    assert lines[lines.index("Prayers to Nuffle (home): Intensive Training") + 1] == told


def test_a_chosen_prayer_s_story_names_the_chosen_player() -> None:
    from kickoff.formats.narration import story_lines

    res = pray(8, decisions={"prayer": {"player": "h4"}})
    assert "Blessed Statue: h4 (Pro, for the game)" in story_lines(res["log"])
