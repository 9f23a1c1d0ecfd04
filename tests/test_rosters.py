"""FUMBBL classic rosters -> team files: the starting-team rule, skill names, bad rosters.

Contract: issue 3 item 5 and ``docs/import.md``. Data: ``tests/data/ffb-rosters/`` (copies of the
shared data's eight classic FUMBBL rosters).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from helpers import cli

from kickoff.core.errors import ScenarioError
from kickoff.core.skills import CLASSIC_SKILLS
from kickoff.formats.rosters import parse_roster, roster_to_team
from kickoff.formats.teams import TeamFile, load_team, team_to_toml

DATA = Path(__file__).parent / "data" / "ffb-rosters"
ROSTERS = sorted(DATA.glob("roster_*.xml"))
ids = [p.stem for p in ROSTERS]


def convert(file: str, **kw: object) -> TeamFile:
    path = DATA / file
    return roster_to_team(parse_roster(path.read_text(encoding="utf-8"), path.name), path.name, **kw)  # type: ignore[arg-type]


def quantities(name: str) -> dict[str, int]:
    roster = parse_roster((DATA / name).read_text(encoding="utf-8"))
    return {p.name: p.quantity for p in roster.positions if p.quantity}


def test_eight_rosters() -> None:
    assert len(ROSTERS) == 8


@pytest.mark.parametrize("path", ROSTERS, ids=ids)
@pytest.mark.parametrize(("size", "big_guys"), [(11, False), (16, True), (12, False)])
def test_every_roster_converts(path: Path, size: int, big_guys: bool) -> None:
    team = convert(path.name, size=size, big_guys=big_guys)
    assert team.family == "classic"
    assert [p.number for p in team.players] == list(range(1, size + 1))
    assert all(p.pa is None for p in team.players)
    assert all(s in CLASSIC_SKILLS for p in team.players for s in p.skills)
    counts = Counter(p.position for p in team.players)
    allowed = quantities(path.name)
    assert all(counts[pos] <= allowed[pos] for pos in counts), (counts, allowed)
    # 1-3 are the same (lineman) position, as the built-in set-ups expect
    assert len({p.position for p in team.players[:3]}) == 1


def test_human_starting_team() -> None:
    team = convert("roster_human.xml")
    assert Counter(p.position for p in team.players) == {
        "Lineman": 3, "Blitzer": 3, "Thrower": 2, "Catcher": 3}
    by_number = {p.number: p for p in team.players}
    assert by_number[8].position == "Thrower" and by_number[8].skills == ["pass", "sure_hands"]
    assert (by_number[1].ma, by_number[1].st, by_number[1].ag, by_number[1].av) == (6, 3, 3, 8)
    assert "Ogre" not in {p.position for p in team.players}
    assert team.name == "Human starting team" and team.race == "Human"
    assert "roster_human.xml (id human.lrb6)" in team.source


def test_big_guy_skills_are_converted_once() -> None:
    team = convert("roster_human.xml", size=16, big_guys=True)
    ogre = next(p for p in team.players if p.position == "Ogre")
    assert ogre.skills == ["loner", "bone_head", "mighty_blow", "thick_skull", "throw_team_mate"]


def test_lineman_runs_out() -> None:
    # Lizardman: Skinks are the linemen (16); all six Saurus join round-robin first
    team = convert("roster_lizardman.xml")
    assert Counter(p.position for p in team.players) == {"Saurus": 6, "Skink": 5}


def test_picks() -> None:
    team = convert("roster_lizardman.xml", picks={"saurus": 6, "lizardman.skink": 5})
    assert Counter(p.position for p in team.players) == {"Saurus": 6, "Skink": 5}
    with pytest.raises(ScenarioError, match=r"Saurus allows 1\.\.6"):
        convert("roster_lizardman.xml", picks={"Saurus": 7})
    with pytest.raises(ScenarioError, match="no such position"):
        convert("roster_human.xml", picks={"Griff Oberwald": 1})  # a Star Player: never
    with pytest.raises(ScenarioError, match="no such position"):
        convert("roster_human.xml", picks={"Ogre": 1})  # a Big Guy without big_guys


def test_too_many_players() -> None:
    with pytest.raises(ScenarioError, match="--players: 17"):
        convert("roster_human.xml", size=17)
    with pytest.raises(ScenarioError, match="at most 16"):
        convert("roster_human.xml", picks={"Lineman": 16, "Blitzer": 1})


def test_unknown_skill_is_named(tmp_path: Path) -> None:
    text = (DATA / "roster_human.xml").read_text(encoding="utf-8")
    text = text.replace("<skill>Block</skill>", "<skill>Block</skill><skill>Bugman's XXXXXX</skill>", 1)
    path = tmp_path / "roster_human.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        roster_to_team(parse_roster(text, path.name), path.name)
    assert [p.text() for p in e.value.problems] == [
        "roster_human.xml: position 'Blitzer' (human.blitzer): unknown skill \"Bugman's XXXXXX\" in classic"]
    code, out, err = cli(["setup", "roster", str(path)])
    assert code == 1 and out == "" and "Bugman's XXXXXX" in err and "Traceback" not in err


def test_toml_reads_back_and_plays(tmp_path: Path) -> None:
    team = convert("roster_orc.xml", name='The "Greenskins"', rerolls=3, fan_factor=2)
    text = team_to_toml(team)
    path = tmp_path / "orc.toml"
    path.write_text(text, encoding="utf-8")
    assert load_team(str(path), "classic")[1] == team
    assert tomllib.loads(text)["rerolls"] == 3
    code, out, err = cli(["run", "--ruleset", "classic", "--home", str(path), "--seed", "1", "--json"])
    assert code == 0, err
    assert "h1" in out


def test_cli_roster(tmp_path: Path) -> None:
    code, out, err = cli(["setup", "roster", str(DATA / "roster_wood_elf.xml")])
    assert code == 0, err
    assert tomllib.loads(out)["race"] == "Wood Elf"
    dest = tmp_path / "elves.toml"
    code, out, err = cli(["setup", "roster", str(DATA / "roster_elf.xml"), "--players", "13", "--name",
                          "Elfheim", "--pick", "Lineman=5", "--pick", "Thrower=2", "--pick", "Catcher=4",
                          "--pick", "Blitzer=2", "--out", str(dest)])
    assert code == 0, err
    assert "Elfheim (13 players)" in out
    _, team = load_team(str(dest), "classic")
    assert len(team.players) == 13 and team.players[7].position == "Thrower"


@pytest.mark.parametrize(
    ("args", "code"),
    [(["--pick", "Lineman"], 2), (["--pick", "Lineman=x"], 2), (["--players", "0"], 1)],
)
def test_cli_bad_options(args: list[str], code: int) -> None:
    got, out, err = cli(["setup", "roster", str(DATA / "roster_human.xml"), *args])
    assert got == code and out == "" and "Traceback" not in err


@pytest.mark.parametrize(("name", "needle"), [
    ("a\nb", "--name: Value error, control character U+000A at position 1"),
    ("x" * 300, "--name: String should have at most 200 characters"),
])
def test_a_bad_name_names_the_option_not_the_roster(name: str, needle: str) -> None:
    """``--name`` is the coach's, not the roster file's: its problem names the option."""
    roster = str(DATA / "roster_human.xml")
    code, out, err = cli(["setup", "roster", roster, "--name", name])
    assert (code, out) == (1, "") and "Traceback" not in err
    assert needle in err and roster not in err, err


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("not xml", "not well-formed XML"),
        ('<roster id="x"><name>X</name>', "not well-formed XML"),
        ("<teamSetup/>", "expected <roster>"),
        ("<roster/>", "has no <position>"),
        ('<roster><position id="p"><name>P</name><quantity>two</quantity><movement>6</movement>'
         "<strength>3</strength><agility>3</agility><armour>8</armour></position></roster>",
         "positions[0] (p): quantity"),
    ],
)
def test_bad_rosters(tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "r.xml"
    path.write_text(content, encoding="utf-8")
    code, out, err = cli(["setup", "roster", str(path)])
    assert code == 1 and out == "" and "Traceback" not in err
    assert needle in err, err
