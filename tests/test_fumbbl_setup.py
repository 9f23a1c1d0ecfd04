"""FUMBBL client set-ups: import (XML, JSON) for a team, checked; export; bad files.

Contract: issue 3 item 3 and ``docs/import.md``. Data: ``tests/data/ffb-setups/`` (copies of the
shared data's seventeen FUMBBL set-ups, two of them illegal as stored).
"""

from __future__ import annotations

import gzip
import json
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import assert_invalid, cli

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.pitch import PITCHES
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fumbbl.setup import (
    FumbblSetup,
    detect_format,
    from_setup_file,
    import_setup,
    parse_json,
    parse_xml,
    to_json,
    to_xml,
)
from kickoff.formats.teams import (
    SetupFile,
    TeamFile,
    check_setup_file,
    load_setup,
    load_team,
    setup_to_toml,
)

DATA = Path(__file__).parent / "data" / "ffb-setups"
TEAM = str(DATA / "team_16_linemen.toml")
ALL = sorted(DATA.glob("setup_*.xml"))
ILLEGAL = {"setup_elf_Kalimar.xml", "setup_necromantic_BattleLore.xml"}
LEGAL = [p for p in ALL if p.name not in ILLEGAL]
ids = [p.stem for p in ALL]


def raw_players(path: Path) -> dict[int, tuple[int, int]]:
    """The file's players read independently of the importer (ElementTree directly)."""
    root = ET.parse(path).getroot()
    out: dict[int, tuple[int, int]] = {}
    for p in root.iter("player"):
        c = p.find("coordinate")
        assert c is not None
        out[int(p.attrib["nr"])] = (int(c.attrib["x"]), int(c.attrib["y"]))
    return out


def team(ruleset: str = "bb2020") -> tuple[str, TeamFile]:
    return load_team(TEAM, RULESETS[ruleset].family)


# --------------------------------------------------------------------------- the data


def test_the_data_is_what_the_readme_says() -> None:
    assert len(ALL) == 17
    assert len(LEGAL) == 15
    assert {p.name for p in ALL} >= ILLEGAL


@pytest.mark.parametrize("path", ALL, ids=ids)
def test_every_setup_parses(path: Path) -> None:
    fs = parse_xml(path.read_text(encoding="utf-8"), path.name)
    assert fs.positions == raw_players(path)
    assert len(fs.positions) == 11
    assert fs.name and fs.team_id and fs.team_id.startswith("team")


# --------------------------------------------------------------------------- legal ones


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
@pytest.mark.parametrize("path", LEGAL, ids=[p.stem for p in LEGAL])
def test_legal_setups_import_and_validate(path: Path, ruleset: str) -> None:
    rs = RULESETS[ruleset]
    t = team(ruleset)
    setup, fs = import_setup(path.read_text(encoding="utf-8"), path.name, "xml", t, rs)
    assert {int(k): tuple(v) for k, v in setup.positions.items()} == raw_players(path)
    assert setup.pitch == "eleven"
    assert path.name in setup.source and str(fs.team_id) in setup.source
    # independently: the engine's own check of the written set-up, for both sides
    for side in ("home", "away"):
        assert check_setup_file(rs, t, (path.name, setup), side) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("path", LEGAL, ids=[p.stem for p in LEGAL])
def test_round_trip_xml(path: Path) -> None:
    original = parse_xml(path.read_text(encoding="utf-8"), path.name)
    setup, _ = import_setup(path.read_text(encoding="utf-8"), path.name, "xml", team(),
                            RULESETS["bb2020"])
    text = to_xml(from_setup_file(setup, original.team_id))
    back = parse_xml(text, "exported")
    assert back == original
    # the exported file is the same document: same root attributes, same players and squares
    root, again = ET.fromstring(path.read_bytes()), ET.fromstring(text)
    assert root.attrib == again.attrib
    assert raw_players(path) == {int(p.attrib["nr"]): (int(p[0].attrib["x"]), int(p[0].attrib["y"]))
                                 for p in again.iter("player")}


@pytest.mark.parametrize("path", LEGAL, ids=[p.stem for p in LEGAL])
def test_round_trip_json(path: Path) -> None:
    original = parse_xml(path.read_text(encoding="utf-8"), path.name)
    text = to_json(original)
    doc = json.loads(text)
    assert set(doc) == {"name", "teamId", "playerPositions"}
    assert all(set(p) == {"playerNr", "coordinate"} for p in doc["playerPositions"])
    setup, fs = import_setup(text, "x.json", "json", team(), RULESETS["bb2020"])
    assert fs == original
    assert parse_json(to_json(from_setup_file(setup, original.team_id))) == original


@pytest.mark.parametrize("fmt", ["xml", "json"])
def test_cli_round_trip(tmp_path: Path, fmt: str) -> None:
    src = DATA / "setup_orc_BattleLore.xml"
    toml = tmp_path / "orc.toml"
    code, out, err = cli(["setup", "import", str(src), "--team", TEAM, "--out", str(toml)])
    assert code == 0, err
    assert "legal bb2020 set-up" in out
    assert load_setup(str(toml), PITCHES["eleven"])[1].positions["9"] == [12, 7]
    exported = tmp_path / f"orc.{fmt}"
    code, out, err = cli(["setup", "export", str(toml), "--format", fmt,
                          "--team-id", "teamOrcBattleLore", "--out", str(exported)])
    assert code == 0, err
    text = exported.read_text(encoding="utf-8")
    back = parse_xml(text) if fmt == "xml" else parse_json(text)
    assert back == parse_xml(src.read_text(encoding="utf-8"))


def test_cli_import_prints_toml_that_loads(tmp_path: Path) -> None:
    code, out, err = cli(["setup", "import", str(DATA / "setup_amazon_Kalimar.xml"), "--team", TEAM])
    assert code == 0, err
    assert err == ""
    path = tmp_path / "a.toml"
    path.write_text(out, encoding="utf-8")
    _, setup = load_setup(str(path), PITCHES["eleven"])
    assert setup.name == "Amazon Team Setup"
    assert setup.positions["9"] == [12, 7]


def test_cli_import_from_json_file_and_stdin(tmp_path: Path) -> None:
    fs = parse_xml((DATA / "setup_skaven_BattleLore.xml").read_text(encoding="utf-8"))
    path = tmp_path / "skaven.json"
    path.write_text(to_json(fs), encoding="utf-8")
    code, out, err = cli(["setup", "import", str(path), "--team", TEAM])
    assert code == 0, err
    code2, out2, err2 = cli(["setup", "import", "-", "--team", TEAM], stdin=to_json(fs))
    assert code2 == 0, err2
    def body(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("source")]

    assert body(out2) == body(out)
    assert "FUMBBL client set-up stdin" in out2


def test_cli_import_away_side_and_classic(tmp_path: Path) -> None:
    code, _, err = cli(["setup", "import", str(DATA / "setup_dwarf_BattleLore.xml"), "--team", "dwarf",
                        "--side", "away"])
    assert code == 0, err
    code, _, err = cli(["setup", "import", str(DATA / "setup_undead_Kalimar.xml"), "--team", "human",
                        "--ruleset", "classic"])
    assert code == 1 and "player 14" in err  # classic human has 12 players


def test_export_builtins() -> None:
    code, out, err = cli(["setup", "export", "ffb_amazon_kalimar"])
    assert code == 0, err
    fs = parse_xml(out)
    assert fs.name == "Amazon (Kalimar)" and fs.team_id is None and len(fs.positions) == 11
    assert list(fs.positions) == sorted(fs.positions)
    code, out, err = cli(["setup", "export", "sevens_def_zone", "--format", "json"])
    assert code == 0, err
    assert len(parse_json(out).positions) == 7


def test_export_unknown_setup() -> None:
    assert_invalid(*cli(["setup", "export", "no_such_setup"]), "no_such_setup")


def test_setup_to_toml_escapes() -> None:
    fs = FumbblSetup('Quote " and \\ back\nslash', "t", {1: (12, 7)})
    from kickoff.formats.fumbbl.setup import to_setup_file

    setup = to_setup_file(fs, "eleven", "src")
    text = setup_to_toml(setup)
    assert SetupFile.model_validate(tomllib.loads(text)) == setup


# --------------------------------------------------------------------------- illegal ones


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_setups_list_every_problem(name: str) -> None:
    path = DATA / name
    with pytest.raises(SetupError) as e:
        import_setup(path.read_text(encoding="utf-8"), name, "xml", team(), RULESETS["bb2020"])
    beyond = {n: sq for n, sq in raw_players(path).items() if sq[0] > 12}
    on_los = [n for n, (x, y) in raw_players(path).items() if x == 12 and 4 <= y <= 10]
    expected = [f"{name}: home team: player h{n} at [{x}, {y}] is outside its own half (x 0..12)"
                for n, (x, y) in beyond.items()]
    expected.append(f"{name}: home team: {len(on_los)} player{'s' if len(on_los) != 1 else ''} on "
                    "the Line of Scrimmage (x = 12, y 4..10), at least 3 required")
    assert sorted([p.text() for p in e.value.problems]) == sorted(expected)
    assert len(beyond) == 7


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_cli_illegal_setup_exit_1_every_problem(name: str) -> None:
    code, out, err = cli(["setup", "import", str(DATA / name), "--team", TEAM])
    assert_invalid(code, out, err, "illegal set-up", "outside its own half", "Line of Scrimmage")
    assert err.count("outside its own half") == 7


# --------------------------------------------------------------------------- bad files


def test_missing_jersey_number_is_named() -> None:
    # the goblin set-up uses numbers up to 15; the built-in bb2020 human team has 1..14
    code, out, err = cli(["setup", "import", str(DATA / "setup_goblin_Kalimar.xml"), "--team", "human"])
    assert_invalid(code, out, err, "player 15", "has no player number 15")


def test_missing_jersey_numbers_every_one_listed() -> None:
    with pytest.raises(SetupError) as e:
        import_setup((DATA / "setup_human_Kalimar.xml").read_text(encoding="utf-8"), "h.xml", "xml",
                     load_team("orc", "bb2020"), RULESETS["bb2020"])
    assert [p.text() for p in e.value.problems if "has no player number" in p.message] == [
        "h.xml: player 15: the team 'Gouged Eye' has no player number 15"]


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("this is not XML at all", "not well-formed XML"),
        ("", "not well-formed XML"),
        ('<?xml version="1.0"?>\n<teamSetup name="x">\n  <player nr="1">\n    <coord', "not well-formed XML"),
        ('<roster id="x"/>', "expected <teamSetup>"),
        ('<teamSetup name="x"/>', "players"),
        ('<teamSetup><player nr="one"><coordinate x="1" y="2"/></player></teamSetup>', "players[0].nr"),
        ('<teamSetup><player nr="1"/></teamSetup>', "needs exactly one <coordinate>"),
        ('<teamSetup><player nr="1"><coordinate x="1"/></player></teamSetup>', "players[0].y"),
        ('<teamSetup><player nr="1"><coordinate x="12" y="7"/></player>'
         '<player nr="1"><coordinate x="12" y="6"/></player></teamSetup>',
         "player nr 1 is given more than once"),
        ('<!DOCTYPE t [<!ENTITY a "aaaa">]><teamSetup name="&a;"/>', "document type declaration"),
    ],
)
def test_bad_xml(tmp_path: Path, content: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_xml(content, "bad.xml")
    assert needle in str(e.value)
    path = tmp_path / "bad.xml"
    path.write_text(content, encoding="utf-8")
    assert_invalid(*cli(["setup", "import", str(path), "--team", TEAM]), "bad.xml", needle)


def test_truncated_real_file(tmp_path: Path) -> None:
    text = (DATA / "setup_orc_BattleLore.xml").read_text(encoding="utf-8")
    path = tmp_path / "trunc.xml"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert_invalid(*cli(["setup", "import", str(path), "--team", TEAM]), "trunc.xml", "not well-formed XML")


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "setup.xml"
    path.write_bytes(gzip.compress((DATA / "setup_orc_BattleLore.xml").read_bytes()))
    assert_invalid(*cli(["setup", "import", str(path), "--team", TEAM]), "setup.xml", "not UTF-8")


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "a FUMBBL set-up is a JSON object"),
        ('{"name": "x"}', "playerPositions: required key is missing"),
        ('{"playerPositions": [{"playerNr": "1", "coordinate": [12, 7]}]}', "playerPositions[0].playerNr"),
        ('{"playerPositions": [{"playerNr": 1, "coordinate": [12]}]}', "playerPositions[0].coordinate"),
        ('{"playerPositions": [{"playerNr": 1, "coordinate": [12, 7]}, '
         '{"playerNr": 1, "coordinate": [12, 8]}]}', "playerNr 1 is given more than once"),
    ],
)
def test_bad_json(tmp_path: Path, content: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_json(content, "bad.json")
    assert needle in str(e.value)
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert_invalid(*cli(["setup", "import", str(path), "--team", TEAM]), "bad.json", needle)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    assert_invalid(*cli(["setup", "import", str(tmp_path / "nope.xml"), "--team", TEAM]), "no such file")
    assert_invalid(*cli(["setup", "import", str(tmp_path), "--team", TEAM]), "is a folder")


def test_unknown_team() -> None:
    assert_invalid(*cli(["setup", "import", str(DATA / "setup_orc_BattleLore.xml"), "--team", "nobody"]),
                   "nobody")


def test_detect_format() -> None:
    assert detect_format("anything", "a.XML") == "xml"
    assert detect_format("anything", "a.json") == "json"
    assert detect_format("anything", "a.txt") == "botbowl"
    assert detect_format("  <teamSetup/>", "setup") == "xml"
    assert detect_format('{"a": 1}', "-") == "json"
    assert detect_format("-----\n", "grid") == "botbowl"
