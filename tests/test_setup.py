"""Set-up legality (shared/spec/rulings.md section 1) per ruleset, and the built-in data.

| | classic | bb2020 | bb2025 | sevens |
|---|---|---|---|---|
| players on the pitch | min(available, 11) | ... | ... | min(available, 7) |
| at least on the LoS (Centre Field squares of the own LoS column) | 3 | 3 | 3 | 3 |
| most in each Wide Zone | 2 | 2 | 2 | 1 |
| where | own half | own half | own half | own third |

A team with 3 or fewer players on the pitch must put all of them on its LoS; every problem is
listed at once; players are set up Standing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import cli, player, run, scenario

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.rulesets import RULESETS
from kickoff.formats.teams import (
    build_state,
    builtin_names,
    check_setup_file,
    load_setup,
    load_team,
    skill_problems,
)

ELEVEN = ("classic", "bb2020", "bb2025")
ALL = (*ELEVEN, "sevens")

# Geometry per pitch (pitch-and-dice.md).
GEO: dict[str, dict[str, Any]] = {
    "eleven": {"los": {"home": 12, "away": 13}, "zone": {"home": (0, 12), "away": (13, 25)},
               "centre_y": (4, 10), "top": (0, 3), "bottom": (11, 14), "max": 11, "wide": 2,
               "width": 26},
    "sevens": {"los": {"home": 6, "away": 13}, "zone": {"home": (0, 6), "away": (13, 19)},
               "centre_y": (2, 8), "top": (0, 1), "bottom": (9, 10), "max": 7, "wide": 1,
               "width": 20},
}


def geo(ruleset: str) -> dict[str, Any]:
    return GEO["sevens" if ruleset == "sevens" else "eleven"]


def back(ruleset: str, side: str, steps: int) -> int:
    """The x column ``steps`` behind ``side``'s LoS."""
    los = geo(ruleset)["los"][side]
    return los - steps if side == "home" else los + steps


def line(ruleset: str, side: str, n: int = 3, first_y: int | None = None) -> list[dict[str, Any]]:
    """``n`` players on ``side``'s LoS (Centre Field), ids h1.. / a1.."""
    g = geo(ruleset)
    y0 = g["centre_y"][0] if first_y is None else first_y
    c = side[0]
    return [player(f"{c}{i + 1}", [g["los"][side], y0 + i], ruleset) for i in range(n)]


def legal(ruleset: str, side: str) -> list[dict[str, Any]]:
    """Three on the LoS plus one player two columns back, centre."""
    g = geo(ruleset)
    mid = (g["centre_y"][0] + g["centre_y"][1]) // 2
    return [*line(ruleset, side, 3, mid - 1), player(f"{side[0]}4", [back(ruleset, side, 2), mid], ruleset)]


def full(ruleset: str, side: str) -> list[dict[str, Any]]:
    """A full legal team: max players, 3 on the LoS, wide players at the limit."""
    g = geo(ruleset)
    c = side[0]
    ps = line(ruleset, side, 3, g["centre_y"][0] + 1)
    ps += [player(f"{c}{len(ps) + 1}", [back(ruleset, side, 1), g["top"][0]], ruleset)]
    ps += [player(f"{c}{len(ps) + 1}", [back(ruleset, side, 1), g["bottom"][1]], ruleset)]
    if g["wide"] == 2:
        ps += [player(f"{c}{len(ps) + 1}", [back(ruleset, side, 2), g["top"][1]], ruleset)]
        ps += [player(f"{c}{len(ps) + 1}", [back(ruleset, side, 2), g["bottom"][0]], ruleset)]
    y = g["centre_y"][0]
    col = 3
    while len(ps) < g["max"]:
        ps.append(player(f"{c}{len(ps) + 1}", [back(ruleset, side, col), y], ruleset))
        y += 2
        if y > g["centre_y"][1]:
            y, col = g["centre_y"][0], col + 1
    return ps


def problems_of(doc: dict[str, Any]) -> list[str]:
    with pytest.raises(SetupError) as info:
        run(doc)
    assert info.value.problems, "a SetupError must list its problems"
    return [p.text() for p in info.value.problems]


def the_problem(doc: dict[str, Any]) -> str:
    probs = problems_of(doc)
    assert len(probs) == 1, probs
    return probs[0]


def for_side(ruleset: str, side: str, players: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A scenario where ``side`` has ``players`` and the other side the legal default."""
    other = "away" if side == "home" else "home"
    return scenario(ruleset, seed=1, **{side: players, other: legal(ruleset, other)}, **kw)


SIDES = ("home", "away")
RS_SIDE = [(r, s) for r in ALL for s in SIDES]
RS_SIDE_IDS = [f"{r}-{s}" for r, s in RS_SIDE]


# ------------------------------------------------------------------------------------ legal


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
@pytest.mark.parametrize("kicking", SIDES)
def test_full_legal_setup_plays(ruleset: str, side: str, kicking: str) -> None:
    players = full(ruleset, side)
    assert len(players) == geo(ruleset)["max"]
    doc = for_side(ruleset, side, players, kicking=kicking)
    result = run(doc)
    assert set(result["players"]) >= {p["id"] for p in players}


@pytest.mark.parametrize("ruleset", ALL)
@pytest.mark.parametrize("kicking", SIDES)
def test_a_kicking_team_with_nobody_on_the_pitch(ruleset: str, kicking: str) -> None:
    """rulings.md 2.1 and docs/rulings.md, "Kicker" (issue 25): in every edition the kick-off
    still happens with no kicker (bb2020: a kicker is "not always essential"): the ball is
    kicked at the default target, deviates and lands; with Kick It! the receiving team is
    awarded a touchback and no kick is made."""
    receiving = "away" if kicking == "home" else "home"
    doc = scenario(ruleset, seed=1, kicking=kicking, **{kicking: [],
                                                         receiving: legal(ruleset, receiving)})
    result = run(doc)
    assert result["kicker"] is None
    assert result["target"] is not None and result["deviation"] is not None
    assert result["event"] is not None
    result = run({**doc, "house_rules": ["kick_it"]})
    assert (result["kicker"], result["touchback"]) == (None, True)


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_three_or_fewer_all_on_los_is_legal(ruleset: str, side: str, n: int) -> None:
    doc = for_side(ruleset, side, line(ruleset, side, n))
    assert run(doc)["format"] == "kickoff-result/1"


@pytest.mark.parametrize("ruleset", ALL)
def test_fewer_than_max_is_legal_without_reserves(ruleset: str) -> None:
    players = full(ruleset, "home")[:5]
    off = [player(f"h{i}", None, ruleset, status=s)
           for i, s in ((20, "knocked_out"), (21, "casualty"), (22, "sent_off"))]
    assert run(for_side(ruleset, "home", players + off))["format"] == "kickoff-result/1"


@pytest.mark.parametrize("ruleset", ALL)
def test_max_plus_reserves_is_legal(ruleset: str) -> None:
    players = [*full(ruleset, "away"), player("a99", None, ruleset)]
    result = run(for_side(ruleset, "away", players))
    assert result["players"]["a99"] == {**result["players"]["a99"], "square": None,
                                        "status": "reserves"}


# ------------------------------------------------------------------------------ player count


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_too_many_players(ruleset: str, side: str) -> None:
    players = full(ruleset, side)
    n = len(players)
    players.append(player(f"{side[0]}99", [back(ruleset, side, 1), geo(ruleset)["centre_y"][1]],
                          ruleset))
    prob = the_problem(for_side(ruleset, side, players))
    assert f"{side} team" in prob
    assert f"{n + 1} players" in prob
    assert str(geo(ruleset)["max"]) in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_too_few_players_with_reserves(ruleset: str, side: str) -> None:
    players = [*legal(ruleset, side), player(f"{side[0]}9", None, ruleset)]
    prob = the_problem(for_side(ruleset, side, players))
    assert f"{side} team" in prob
    assert "4 players" in prob and "5 required" in prob


@pytest.mark.parametrize("ruleset", ALL)
def test_too_few_when_more_than_max_available(ruleset: str) -> None:
    mx = geo(ruleset)["max"]
    players = full(ruleset, "home")[:-1] + [player(f"h{50 + i}", None, ruleset) for i in range(3)]
    prob = the_problem(for_side(ruleset, "home", players))
    assert f"{mx - 1} players" in prob and f"{mx} required" in prob


# -------------------------------------------------------------------------- Line of Scrimmage


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_fewer_than_three_on_los(ruleset: str, side: str) -> None:
    players = legal(ruleset, side)
    players[2]["square"] = [back(ruleset, side, 1), players[2]["square"][1]]
    prob = the_problem(for_side(ruleset, side, players))
    assert f"{side} team" in prob and "Line of Scrimmage" in prob
    assert "2 players" in prob and "3" in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_los_column_in_wide_zone_does_not_count(ruleset: str, side: str) -> None:
    """The LoS is the Centre Field part of the column only."""
    g = geo(ruleset)
    players = legal(ruleset, side)
    players[0]["square"] = [g["los"][side], g["top"][1]]  # LoS column, Wide Zone
    prob = the_problem(for_side(ruleset, side, players))
    assert "Line of Scrimmage" in prob and "2 players" in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_three_or_fewer_must_all_be_on_los(ruleset: str, side: str, n: int) -> None:
    players = line(ruleset, side, n)
    moved = players[-1]
    moved["square"] = [back(ruleset, side, 3), moved["square"][1]]
    prob = the_problem(for_side(ruleset, side, players))
    assert f"{side} team" in prob
    assert "Line of Scrimmage" in prob
    assert moved["id"] in prob and str(moved["square"]) in prob
    # the count agrees with its noun (issue 26: "with 1 players on the pitch")
    assert ("with 1 player on the pitch he must be" if n == 1
            else f"with {n} players on the pitch all must be") in prob


# --------------------------------------------------------------------------------- Wide Zones


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
@pytest.mark.parametrize("zone", ["top", "bottom"])
def test_too_many_in_a_wide_zone(ruleset: str, side: str, zone: str) -> None:
    g = geo(ruleset)
    limit = g["wide"]
    players = legal(ruleset, side)
    ys = list(range(g[zone][0], g[zone][1] + 1))
    extra = [player(f"{side[0]}{10 + i}", [back(ruleset, side, 1 + i % 3), ys[i % len(ys)]],
                    ruleset) for i in range(limit + 1)]
    prob = the_problem(for_side(ruleset, side, players + extra))
    assert f"{side} team" in prob
    assert f"{zone} Wide Zone" in prob
    assert f"{limit + 1} players" in prob and f"at most {limit}" in prob
    for p in extra:
        assert p["id"] in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_wide_zone_limit_per_zone(ruleset: str, side: str) -> None:
    """The limit is per Wide Zone: the limit in each of both at once is legal."""
    g = geo(ruleset)
    players = legal(ruleset, side)
    for zone in ("top", "bottom"):
        for i in range(g["wide"]):
            players.append(player(f"{side[0]}{zone[0]}{i}", [back(ruleset, side, 1 + i),
                                                               g[zone][0]], ruleset))
    assert run(for_side(ruleset, side, players))["format"] == "kickoff-result/1"


# ------------------------------------------------------------------------------- set-up zone


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_player_in_opponents_half(ruleset: str, side: str) -> None:
    players = legal(ruleset, side)
    other = "away" if side == "home" else "home"
    sq = [back(ruleset, other, 3), 7 if ruleset != "sevens" else 5]
    players[3]["square"] = sq
    prob = the_problem(for_side(ruleset, side, players))
    assert f"{side} team" in prob
    assert players[3]["id"] in prob and str(sq) in prob
    assert ("third" if ruleset == "sevens" else "half") in prob


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("x", range(7, 13))
def test_sevens_gap_is_illegal(side: str, x: int) -> None:
    players = legal("sevens", side)
    players[3]["square"] = [x, 5]
    prob = the_problem(for_side("sevens", side, players))
    assert players[3]["id"] in prob and f"[{x}, 5]" in prob and "third" in prob


@pytest.mark.parametrize("ruleset", ELEVEN)
@pytest.mark.parametrize(("side", "x"), [("home", 13), ("away", 12)])
def test_eleven_first_column_over_halfway_is_illegal(ruleset: str, side: str, x: int) -> None:
    players = legal(ruleset, side)
    players[3]["square"] = [x, 4]
    prob = the_problem(for_side(ruleset, side, players))
    assert f"[{x}, 4]" in prob and "half" in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_end_zone_is_in_the_setup_zone(ruleset: str, side: str) -> None:
    players = legal(ruleset, side)
    end = 0 if side == "home" else geo(ruleset)["width"] - 1
    players[3]["square"] = [end, players[3]["square"][1]]
    assert run(for_side(ruleset, side, players))["format"] == "kickoff-result/1"


# -------------------------------------------------------------------- shared squares, status


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
def test_two_players_on_one_square(ruleset: str, side: str) -> None:
    players = legal(ruleset, side)
    players.append(player(f"{side[0]}9", list(players[3]["square"]), ruleset))
    prob = the_problem(for_side(ruleset, side, players))
    assert players[3]["id"] in prob and f"{side[0]}9" in prob
    assert str(players[3]["square"]) in prob


@pytest.mark.parametrize(("ruleset", "side"), RS_SIDE, ids=RS_SIDE_IDS)
@pytest.mark.parametrize("status", ["prone", "stunned"])
def test_player_must_be_set_up_standing(ruleset: str, side: str, status: str) -> None:
    players = legal(ruleset, side)
    players[3]["status"] = status
    prob = the_problem(for_side(ruleset, side, players))
    assert players[3]["id"] in prob and status in prob and "Standing" in prob


@pytest.mark.parametrize("ruleset", ALL)
def test_both_teams_checked(ruleset: str) -> None:
    home = legal(ruleset, "home")
    away = legal(ruleset, "away")
    home[3]["status"] = "prone"
    away[3]["status"] = "stunned"
    probs = problems_of(scenario(ruleset, seed=1, home=home, away=away))
    assert len(probs) == 2
    assert any("home team" in p and "h4" in p for p in probs)
    assert any("away team" in p and "a4" in p for p in probs)


# ------------------------------------------------------------------- every problem at once


@pytest.mark.parametrize("ruleset", ALL)
def test_all_problems_listed_at_once(ruleset: str) -> None:
    g = geo(ruleset)
    side = "home"
    los = g["los"][side]
    cy0 = g["centre_y"][0]
    players = [
        player("h1", [los, cy0 + 1], ruleset),                # the only one on the LoS
        player("h2", [back(ruleset, side, 1), cy0 + 2], ruleset, status="prone"),
        player("h4", [back(ruleset, side, 1), cy0 + 2], ruleset),  # shares with h2
        player("h5", [13 if ruleset != "sevens" else 9, cy0], ruleset),  # wrong half / gap
    ]
    top = [player(f"h{10 + i}", [back(ruleset, side, 1 + i), g["top"][0]], ruleset)
           for i in range(g["wide"] + 1)]
    reserves = [player(f"h{30 + i}", None, ruleset) for i in range(g["max"])]
    doc = for_side(ruleset, side, players + top + reserves)
    probs = problems_of(doc)
    text = "\n".join(probs)
    # too few players
    assert f"{len(players) + len(top)} players on the pitch" in text
    assert f"{g['max']} required" in text
    # too few on the LoS
    assert "1 player on the Line of Scrimmage" in text
    # too many in a Wide Zone
    assert "top Wide Zone" in text and f"at most {g['wide']}" in text
    # outside the set-up zone
    assert "h5" in text and ("third" if ruleset == "sevens" else "half") in text
    # prone
    assert "h2" in text and "prone" in text
    # shared square
    assert any("h2" in p and "h4" in p and "share" in p for p in probs)
    assert len(probs) == 6, probs


def test_all_problems_of_both_teams_listed() -> None:
    home = legal("bb2020", "home")
    away = legal("bb2020", "away")
    home[3]["square"] = [14, 7]                       # wrong half (and clashes below)
    away[3]["square"] = [14, 7]                       # shares with h4
    away[2]["square"] = [15, 8]                       # only 2 on the LoS
    away.append(player("a9", None))                   # too few (a Reserve)
    probs = problems_of(scenario("bb2020", seed=1, home=home, away=away))
    text = "\n".join(probs)
    assert "home team" in text and "h4" in text and "half" in text
    assert "away team" in text and "Line of Scrimmage" in text
    assert "4 players on the pitch, 5 required" in text
    assert any("h4" in p and "a4" in p and "share" in p for p in probs)


def test_setup_error_via_cli_lists_every_problem() -> None:
    import json

    from helpers import cli

    home = legal("bb2020", "home")
    home[3]["square"] = [14, 7]
    home[1]["status"] = "stunned"
    code, out, err = cli(["replay", "-"], stdin=json.dumps(scenario("bb2020", seed=1, home=home)))
    assert code == 1 and out == "" and "Traceback" not in err
    assert "h4" in err and "[14, 7]" in err and "h2" in err and "stunned" in err


# ----------------------------------------------------------------------------- built-in data


TEAM_CASES = [(fam, name) for fam in ("classic", "bb2020", "sevens")
              for name in builtin_names("teams", fam)]


def test_there_are_builtin_teams_and_setups() -> None:
    for fam in ("classic", "bb2020", "sevens"):
        assert len(builtin_names("teams", fam)) >= 5, fam
    assert len(builtin_names("setups", "eleven")) >= 5
    assert len(builtin_names("setups", "sevens")) >= 5


@pytest.mark.parametrize(("family", "name"), TEAM_CASES, ids=[f"{f}/{n}" for f, n in TEAM_CASES])
def test_builtin_team_loads_and_skills_known(family: str, name: str) -> None:
    where, team = load_team(name, family)  # type: ignore[arg-type]
    assert team.family == family
    assert name in where
    numbers = [p.number for p in team.players]
    assert len(numbers) == len(set(numbers))
    mx = 7 if family == "sevens" else 11
    assert len(team.players) >= mx, "a built-in team fills a set-up"
    for rs_name, rs in RULESETS.items():
        if rs.family != family:
            continue
        assert skill_problems(team, where, rs) == [], rs_name
        for p in team.players:
            assert set(p.skills) <= rs.skills, (rs_name, p.number, p.skills)
    # The prefixed name is the same team.
    assert load_team(f"{family}/{name}", family)[1] == team  # type: ignore[arg-type]


def _pairs(pitch: str) -> list[tuple[str, str]]:
    return [(rs, s) for rs in RULESETS if RULESETS[rs].pitch.name == pitch
            for s in builtin_names("setups", pitch)]


SETUP_CASES = _pairs("eleven") + _pairs("sevens")


@pytest.mark.parametrize(("ruleset", "setup"), SETUP_CASES,
                         ids=[f"{r}-{s}" for r, s in SETUP_CASES])
def test_builtin_setup_is_legal_for_every_builtin_team(ruleset: str, setup: str) -> None:
    rs = RULESETS[ruleset]
    family = rs.family
    where, sf = load_setup(setup, rs.pitch)
    assert sf.pitch == rs.pitch.name
    assert len(sf.positions) == (7 if rs.pitch.name == "sevens" else 11)
    for team_name in builtin_names("teams", family):
        team = load_team(team_name, family)  # type: ignore[arg-type]
        for side in SIDES:
            problems = check_setup_file(rs, team, (where, sf), side)
            assert problems == [], (team_name, side, problems)


@pytest.mark.parametrize(("ruleset", "setup"), SETUP_CASES,
                         ids=[f"{r}-{s}" for r, s in SETUP_CASES])
def test_builtin_setup_plays_as_home_and_away(ruleset: str, setup: str) -> None:
    """The set-up against itself (mirrored for away): a full, legal state on both sides."""
    rs = RULESETS[ruleset]
    family = rs.family
    s = load_setup(setup, rs.pitch)
    team = load_team(builtin_names("teams", family)[0], family)  # type: ignore[arg-type]
    for kicking in SIDES:
        state = build_state(rs, {"home": team, "away": team}, {"home": s, "away": s},
                            kicking)  # type: ignore[arg-type]
        width = rs.pitch.width
        for num, (x, y) in s[1].positions.items():
            home_p = next(p for p in state.teams["home"].players if p.id == f"h{num}")
            away_p = next(p for p in state.teams["away"].players if p.id == f"a{num}")
            assert tuple(home_p.square) == (x, y)
            assert tuple(away_p.square) == (width - 1 - x, y)


def test_check_setup_file_reports_a_mirrored_problem() -> None:
    """An illegal set-up is illegal on both sides; the away message names the mirrored square."""
    rs = RULESETS["bb2020"]
    team = load_team("human", "bb2020")
    where, sf = load_setup("botbowl_def_zone", rs.pitch)
    bad = sf.model_copy(update={"positions": {**sf.positions, "11": [14, 7]}})
    home = check_setup_file(rs, team, (where, bad), "home")
    away = check_setup_file(rs, team, (where, bad), "away")
    assert any("h11" in p.text() and "[14, 7]" in p.text() for p in home)
    assert any("a11" in p.text() and "[11, 7]" in p.text() for p in away)
    assert any(p.players == ("a11",) and p.squares == ((11, 7),) for p in away)


@pytest.mark.parametrize(("kicking", "weather", "problem"), [
    ("both", "nice", "kicking: 'both' is not a side: home or away"),
    ("home", "snowy", "weather: 'snowy' is not a weather: sweltering_heat, very_sunny, nice, "
                      "pouring_rain, blizzard"),
])
def test_build_state_refuses_a_side_or_weather_it_does_not_know(kicking: str, weather: str,
                                                                 problem: str) -> None:
    """The library's own error (a ``KickoffError``), not a ``KeyError`` in the kick-off later."""
    rs = RULESETS["bb2020"]
    teams = {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")}
    setups = {"home": load_setup("botbowl_def_zone", rs.pitch),
              "away": load_setup("botbowl_off_wedge", rs.pitch)}
    with pytest.raises(ScenarioError) as caught:
        build_state(rs, teams, setups, kicking, weather)  # type: ignore[arg-type]
    assert [p.text() for p in caught.value.problems] == [problem]


def test_build_state_names_a_missing_or_unknown_side_of_its_mappings() -> None:
    """``teams`` and ``setups`` are plain mappings (a newcomer's ``dict[str, ...]``): a side
    missing or a key that is no side is a ``ScenarioError`` naming the mapping, not a
    ``KeyError``."""
    rs = RULESETS["bb2020"]
    teams = {"home": load_team("human", "bb2020"), "visitors": load_team("orc", "bb2020")}
    setups = {"home": load_setup("botbowl_def_zone", rs.pitch),
              "away": load_setup("botbowl_off_wedge", rs.pitch)}
    with pytest.raises(ScenarioError) as caught:
        build_state(rs, teams, setups, "home")
    assert [p.text() for p in caught.value.problems] == [
        "teams: no away entry: give both sides, home and away",
        "teams: 'visitors' is not a side: home or away"]


ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize(("args", "problem"), [
    (["run", "--home", str(ROOT / "examples/my_defence.toml")],
     "examples/my_defence.toml: a set-up file (it has positions), not a team file: give it as a "
     "set-up"),
    (["run", "--home-setup", str(ROOT / "src/kickoff/data/teams/bb2020/human.toml")],
     "a team file (it has players), not a set-up file: give it as a team (--home / --away"),
    (["run", "--home-setup", str(ROOT / "examples/setup_orc.xml")],
     "examples/setup_orc.xml: not a TOML file: it looks like XML: a FUMBBL set-up or roster?"),
    (["setup", "show", str(ROOT / "examples/setup_orc.xml")], "not a TOML file: it looks like XML"),
])
def test_a_file_of_another_kind_says_what_it_looks_like(args: list[str], problem: str) -> None:
    """A set-up given as a team (or a team as a set-up, or a FUMBBL XML as either) is one line
    saying what the file is, not the other kind's every missing key."""
    code, out, err = cli(args)
    assert (code, out) == (1, "") and "Traceback" not in err
    assert problem in err and len(err.strip().splitlines()) == 1, err


def test_export_refuses_a_team_id_xml_cannot_hold() -> None:
    """``setup export --team-id`` with a control character wrote XML that was not well-formed
    (``setup import`` of the file refused it: "not well-formed (invalid token)"), and took a
    team id of any length: a usage error naming the option; the Python API names ``teamId``."""
    from kickoff.formats.fumbbl.setup import from_setup_file
    from kickoff.formats.teams import load_setup

    code, out, err = cli(["setup", "export", "botbowl_def_zone", "--team-id", "a\x01b"])
    assert code == 2 and out == "", err
    assert "--team-id" in err and "control character U+0001" in err
    code, out, err = cli(["setup", "export", "botbowl_def_zone", "--team-id", "x" * 201])
    assert code == 2 and "201 characters, more than 200" in err, err
    code, out, err = cli(["setup", "export", "botbowl_def_zone", "--team-id", "12345"])
    assert code == 0 and 'teamId="12345"' in out, err
    _, setup = load_setup("botbowl_def_zone", RULESETS["bb2020"].pitch)
    with pytest.raises(ScenarioError, match=r"teamId: control character U\+001B"):
        from_setup_file(setup, "\x1b[31m")


@pytest.mark.parametrize(("name", "example", "team"), [
    ("se\x01tup.xml", "examples/setup_orc.xml", "orc"),
    ("def\x1bx.txt", "examples/formation_def_spread.txt", "human"),
])
def test_a_file_name_with_a_control_character_is_imported(tmp_path: Path, name: str,
                                                          example: str, team: str) -> None:
    """A file name may hold any character but ``/`` and NUL: the set-up's ``source`` naming
    it made the set-up file's model fail with a traceback (a control character is not
    allowed there). The name is recorded with each control character a space."""
    path = tmp_path / name
    path.write_text(Path(example).read_text())
    code, out, err = cli(["setup", "import", str(path), "--team", team])
    assert code == 0, err
    assert "Traceback" not in err
    assert name.replace("\x01", " ").replace("\x1b", " ") in out


def test_a_fumbbl_team_id_with_a_control_character_is_read() -> None:
    """A FUMBBL JSON set-up's ``teamId`` goes into the set-up's ``source``: with a control
    character it made the model fail (a traceback); it is recorded with a space."""
    from kickoff.formats.fumbbl.setup import import_setup
    from kickoff.formats.teams import load_team

    text = Path("examples/setup_orc.xml").read_text().replace(
        'teamId="teamOrcBattleLore"', 'teamId="x"')
    from kickoff.formats.fumbbl.setup import parse_fumbbl, to_json

    fs = parse_fumbbl(text, "s.xml", "xml")
    doc = to_json(fs).replace('"teamId": "x"', '"teamId": "a\\u0001b"')
    setup, read = import_setup(doc, "s.json", "json", load_team("orc", "bb2020"),
                               RULESETS["bb2020"])
    assert read.team_id == "a\x01b"
    assert setup.source == "FUMBBL client set-up s.json, teamId a b (imported by kickoff)"


def test_roster_and_optimize_take_a_file_name_with_a_control_character(tmp_path: Path) -> None:
    """``setup roster`` refused a roster for its file's name (the team file's source) and
    ``setup optimize --start`` ended in a traceback (the suggestion's source and description
    name the start): both now record the name with each control character a space."""
    roster = tmp_path / "ro\x01ster.xml"
    roster.write_text(Path("examples/roster_orc.xml").read_text())
    code, out, err = cli(["setup", "roster", str(roster)])
    assert code == 0, err
    assert "FUMBBL roster ro ster.xml (id orc.lrb6)" in out
    start = tmp_path / "my\x1boff.toml"
    start.write_text(Path("examples/my_offence.toml").read_text())
    out_file = tmp_path / "o.toml"
    code, _, err = cli(["setup", "optimize", "--team", "orc", "--start", str(start),
                        "--evaluations", "2", "--events", "none", "--out", str(out_file)])
    assert code == 0 and "Traceback" not in err, err
    written = out_file.read_text()
    assert "my off.toml" in written and "\x1b" not in written
