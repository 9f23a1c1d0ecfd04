"""botbowl formations: the role-letter rule chooses players; the result is a legal set-up.

Contract: issue 3 item 4 and ``docs/import.md`` (the fill order and the keys of each letter).
Data: ``tests/data/botbowl/`` (copies of the shared data's five formations).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import cli

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.pitch import PITCHES
from kickoff.core.rulesets import RULESETS
from kickoff.formats.botbowl import assign, fill_order, import_formation, parse_grid
from kickoff.formats.teams import TeamFile, check_setup_file, load_setup, load_team

DATA = Path(__file__).parent / "data" / "botbowl"
FORMATIONS = sorted(DATA.glob("*.txt"))
ELEVEN = PITCHES["eleven"]
TEAMS = {"bb2020": ["human", "orc", "wood_elf", "skaven", "dwarf"], "classic": ["human", "orc", "undead"]}
CASES = [(r, t) for r, ts in TEAMS.items() for t in ts]


def grid(squares: dict[tuple[int, int], str], width: int = 13, height: int = 15) -> str:
    rows = [["-"] * width for _ in range(height)]
    for (x, y), ch in squares.items():
        rows[y][x] = ch
    return "\n".join("".join(r) for r in rows) + "\n"


def make_team(players: list[dict[str, Any]], family: str = "bb2020") -> TeamFile:
    base = {"ma": 6, "st": 3, "ag": 3, "av": 9, "skills": [], "position": "Lineman"}
    if family == "classic":
        base["av"] = 8
    return TeamFile.model_validate({
        "name": "Test", "family": family,
        "players": [{**base, "number": i + 1, **p} for i, p in enumerate(players)],
    })


def test_there_are_five_formations() -> None:
    assert [p.stem for p in FORMATIONS] == ["def_boat", "def_spread", "def_zone", "off_line", "off_wedge"]


@pytest.mark.parametrize(("ruleset", "team_name"), CASES)
@pytest.mark.parametrize("path", FORMATIONS, ids=[p.stem for p in FORMATIONS])
def test_every_formation_gives_a_legal_setup(path: Path, ruleset: str, team_name: str) -> None:
    rs = RULESETS[ruleset]
    team = load_team(team_name, rs.family)
    text = path.read_text(encoding="utf-8")
    setup = import_formation(text, path.name, team, rs)
    squares = parse_grid(text, path.name, ELEVEN)
    # every lettered square gets exactly one player, and nothing else is used
    assert sorted(tuple(v) for v in setup.positions.values()) == sorted(squares)
    assert len(setup.positions) == 11
    assert setup.kind == ("defence" if path.stem.startswith("def") else "offence")
    for side in ("home", "away"):
        assert check_setup_file(rs, team, (path.name, setup), side) == []  # type: ignore[arg-type]


def test_los_squares_are_filled_first() -> None:
    squares = parse_grid((DATA / "off_line.txt").read_text(encoding="utf-8"), "off_line", ELEVEN)
    order = fill_order(squares, ELEVEN)
    on_los = [sq for sq in order if ELEVEN.on_los("home", sq)]
    assert order[: len(on_los)] == on_los
    # within the Line of Scrimmage: S before x; ties top to bottom
    assert [squares[sq] for sq in on_los] == ["S", "S", "S", "x", "x", "x", "x"]
    assert [sq[1] for sq in on_los[:3]] == [5, 7, 9]


def test_human_off_wedge_roles() -> None:
    _, team = load_team("human", "bb2020")
    squares = parse_grid((DATA / "off_wedge.txt").read_text(encoding="utf-8"), "w", ELEVEN)
    placed = {sq: n for n, sq in assign(squares, team, ELEVEN).items()}
    by_number = {p.number: p for p in team.players}
    # s: a Sure Hands player (the Thrower)
    assert "sure_hands" in by_number[placed[(5, 7)]].skills
    # m: the two fastest players left
    fastest = max(p.ma for p in team.players)
    assert {by_number[placed[(10, 2)]].ma, by_number[placed[(10, 12)]].ma} == {fastest}
    # S on the Line of Scrimmage: the strongest players
    strongest = sorted((p.st for p in team.players), reverse=True)[:3]
    assert sorted((by_number[placed[(12, y)]].st for y in (5, 7, 9)), reverse=True) == strongest


def test_ties_go_to_the_lowest_number() -> None:
    team = make_team([{}] * 5)
    sq = {(12, 6): "x", (12, 7): "x", (12, 8): "x"}
    assert assign(sq, team, ELEVEN) == {1: (12, 6), 2: (12, 7), 3: (12, 8)}


@pytest.mark.parametrize(
    ("letter", "players", "best"),
    [
        ("S", [{"st": 3}, {"st": 4, "skills": ["sure_hands"]}, {"st": 4, "skills": ["block"]}], 3),
        ("S", [{"st": 4, "skills": ["sure_hands"]}, {"st": 4}], 2),
        ("s", [{"skills": ["pass"]}, {"skills": ["sure_hands"]}], 2),
        ("p", [{"skills": ["sure_hands"]}, {"skills": ["pass"]}], 2),
        ("c", [{"skills": ["dodge"]}, {"skills": ["catch"]}], 2),
        ("b", [{"st": 4}, {"skills": ["block"]}], 2),
        ("d", [{"skills": ["block"]}, {"skills": ["dodge"]}], 2),
        ("m", [{"ma": 6}, {"ma": 8}, {"ma": 7}], 2),
        ("v", [{"av": 8}, {"av": 10}], 2),
        ("0", [{"skills": ["block"]}, {"skills": []}], 2),
        ("x", [{"position": "Thrower"}, {"position": "Blitzer", "skills": ["catch"]},
               {"position": "Human Lineman", "skills": ["block"]}], 3),
        ("x", [{"position": "Catcher", "skills": ["catch"]},
               {"position": "Blitzer", "skills": ["block"]}], 2),
    ],
)
def test_letter_keys(letter: str, players: list[dict[str, Any]], best: int) -> None:
    team = make_team(players)
    assert assign({(12, 7): letter}, team, ELEVEN) == {best: (12, 7)}


def test_agility_in_each_convention() -> None:
    players = [{"ag": 3}, {"ag": 2}, {"ag": 4}]
    # bb2020: a target, 2+ is best
    assert assign({(12, 7): "a"}, make_team(players), ELEVEN) == {2: (12, 7)}
    # classic: the characteristic, 4 is best
    assert assign({(12, 7): "a"}, make_team(players, "classic"), ELEVEN) == {3: (12, 7)}


def test_a_small_team_fills_the_line_first() -> None:
    team = make_team([{}] * 4)
    setup = import_formation((DATA / "def_zone.txt").read_text(encoding="utf-8"), "def_zone.txt",
                             ("t", team), RULESETS["bb2020"])
    xs = sorted(v[0] for v in setup.positions.values())
    assert len(xs) == 4 and xs.count(12) == 3  # def_zone has three squares on the line


def test_a_tiny_team_gives_an_illegal_setup_with_every_problem() -> None:
    # two players and a formation with nobody on the line: both must stand on it (rulings 1)
    text = grid({(3, 7): "S", (5, 7): "S"})
    with pytest.raises(SetupError) as e:
        import_formation(text, "deep.txt", ("t", make_team([{}] * 2)), RULESETS["bb2020"])
    assert any("all must be on the Line of Scrimmage" in p.text() for p in e.value.problems)


def test_sevens_grid() -> None:
    sevens = PITCHES["sevens"]
    width = sevens.width // 2
    text = grid({(6, 4): "S", (6, 5): "S", (6, 6): "x", (4, 1): "m", (4, 9): "m", (3, 5): "s", (1, 5): "x"},
                width=width, height=sevens.height)
    team = load_team("human", "sevens")
    setup = import_formation(text, "sevens.txt", team, RULESETS["sevens"])
    assert setup.pitch == "sevens" and len(setup.positions) == 7


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("-------------\n" * 14, "14 rows"),
        ("-------------\n" * 14 + "------------\n", "row 14 has 12 columns"),
        ("-------------\n" * 14 + "------Q------\n", "row 14, column 6: 'Q' is not a role letter"),
        ("-------------\n" * 15, "places nobody"),
        ("", "0 rows"),
    ],
)
def test_bad_grids(tmp_path: Path, text: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_grid(text, "bad.txt", ELEVEN)
    assert needle in str(e.value)
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli(["setup", "import", str(path), "--team", "human"])
    assert code == 1 and out == "" and "Traceback" not in err and needle in err


def test_cli_imports_by_extension_and_by_content(tmp_path: Path) -> None:
    code, out, err = cli(["setup", "import", str(DATA / "def_zone.txt"), "--team", "orc"])
    assert code == 0, err
    path = tmp_path / "zone.toml"
    path.write_text(out, encoding="utf-8")
    _, setup = load_setup(str(path), ELEVEN)
    assert setup.kind == "defence" and "botbowl formation def_zone.txt" in setup.source
    # no extension: recognised by its content
    bare = tmp_path / "def_zone"
    bare.write_text((DATA / "def_zone.txt").read_text(encoding="utf-8"), encoding="utf-8")
    code, out2, err = cli(["setup", "import", str(bare), "--team", "orc", "--out", str(tmp_path / "b.toml")])
    assert code == 0, err
    assert "legal bb2020 set-up for Gouged Eye (home)" in out2
    # and the imported set-up plays
    code, out, err = cli(["run", "--home-setup", str(path), "--seed", "3"])
    assert code == 0, err


def test_cli_format_option_overrides_detection(tmp_path: Path) -> None:
    path = tmp_path / "zone.xml"
    path.write_text((DATA / "def_zone.txt").read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = cli(["setup", "import", str(path), "--team", "orc"])
    assert code == 1 and "not well-formed XML" in err
    code, _, err = cli(["setup", "import", str(path), "--team", "orc", "--format", "botbowl"])
    assert code == 0, err
