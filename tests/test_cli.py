"""The ``kickoff`` command line: run, replay, validate, list, schema; exit codes and messages.

Contract: README.md ("Exit status: 0 for a result, 1 for invalid input (one message per problem on
stderr, naming the file, key path, player or square; nothing on stdout), 2 for wrong usage") and
``shared/spec/scenario-format.md`` (the result document).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_invalid, cli, default_players, player, scenario

from kickoff.core import rulesets
from kickoff.core.pitch import PITCHES
from kickoff.formats.teams import builtin_names, load_setup, load_team

RULESETS = ("classic", "bb2020", "bb2025", "sevens")
PITCH_OF = {"classic": "eleven", "bb2020": "eleven", "bb2025": "eleven", "sevens": "sevens"}
SIZE = {"eleven": (26, 15), "sevens": (20, 11)}


# --------------------------------------------------------------------------- helpers


def run_json(args: list[str]) -> dict[str, Any]:
    code, out, err = cli(["run", "--json", *args])
    assert code == 0, err
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


def team_ids(name: str, family: str, prefix: str) -> set[str]:
    _, team = load_team(name, family)  # type: ignore[arg-type]
    return {f"{prefix}{p.number}" for p in team.players}


def assert_usage(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2, (out, err)
    assert "Traceback" not in err
    assert "{" not in out  # no result document
    for n in needles:
        assert n in err, (n, err)


def check_result_shape(doc: dict[str, Any], ruleset: str, seed: int | None) -> None:
    """A kickoff-result/1 document with the ball on the pitch or carried."""
    assert doc["format"] == "kickoff-result/1"
    assert doc["ruleset"] == ruleset
    assert doc["seed"] == seed
    assert doc["kicking"] in ("home", "away")
    width, height = SIZE[PITCH_OF[ruleset]]
    ball = doc["ball"]
    sq = ball["square"]
    assert sq is not None
    assert 0 <= sq[0] < width and 0 <= sq[1] < height
    if ball["carrier"] is not None:
        carrier = doc["players"][ball["carrier"]]
        assert carrier["square"] == sq
        assert carrier["status"] == "standing"
    else:
        assert all(p["square"] != sq for p in doc["players"].values())
    for key in ("home", "away"):
        team = doc["teams"][key]
        for k in ("turn", "rerolls", "drive_rerolls", "half_rerolls", "bribes",
                  "block_assists"):
            assert isinstance(team[k], int) and not isinstance(team[k], bool)
        assert isinstance(team["prayers"], list)
    for pid, p in doc["players"].items():
        assert set(p) >= {"square", "status", "ma", "av", "skills"}, pid
        if p["square"] is None:
            assert p["status"] in ("reserves", "knocked_out", "casualty", "sent_off"), pid
        else:
            assert p["status"] in ("standing", "prone", "stunned"), pid
            assert 0 <= p["square"][0] < width and 0 <= p["square"][1] < height
        assert p["ma"] >= 1
    assert isinstance(doc["log"], list)


def write_setup(path: Path, positions: dict[int, tuple[int, int]], pitch: str = "eleven") -> Path:
    lines = [f'name = "{path.stem}"', f'pitch = "{pitch}"', "", "[positions]"]
    lines += [f"{n} = [{x}, {y}]" for n, (x, y) in positions.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


#: A legal eleven-a-side set-up for jersey numbers 1..11 (drawn as home).
GOOD_ELEVEN = {1: (12, 6), 2: (12, 7), 3: (12, 8), 4: (10, 2), 5: (10, 12), 6: (9, 5),
               7: (9, 9), 8: (8, 7), 9: (6, 4), 10: (6, 10), 11: (3, 7)}
#: A legal Sevens set-up for jersey numbers 1..7 (drawn as home).
GOOD_SEVENS = {1: (6, 4), 2: (6, 5), 3: (6, 6), 4: (4, 1), 5: (4, 9), 6: (3, 5), 7: (1, 5)}
#: Eleven players with nobody an eligible kicker: 7 on the LoS, 2 in each Wide Zone.
NO_ELIGIBLE_KICKER = {1: (12, 4), 2: (12, 5), 3: (12, 6), 4: (12, 7), 5: (12, 8), 6: (12, 9),
                      7: (12, 10), 8: (10, 1), 9: (10, 2), 10: (10, 12), 11: (10, 13)}


# --------------------------------------------------------------------------- run


@pytest.mark.parametrize("ruleset", RULESETS)
def test_run_each_ruleset_reports_seed(ruleset: str) -> None:
    code, out, err = cli(["run", "--ruleset", ruleset, "--seed", "4242"])
    assert code == 0, err
    assert "Traceback" not in out + err
    assert re.search(r"seed\W+4242\b", out, re.IGNORECASE), out


def test_run_without_seed_reports_the_seed_it_picked() -> None:
    doc = run_json([])
    assert isinstance(doc["seed"], int) and not isinstance(doc["seed"], bool)
    # ... and that seed reproduces the same kick-off.
    again = run_json(["--seed", str(doc["seed"])])
    assert again == doc


@pytest.mark.parametrize("ruleset", RULESETS)
def test_run_json_is_a_result_document(ruleset: str) -> None:
    doc = run_json(["--ruleset", ruleset, "--seed", "11"])
    check_result_shape(doc, ruleset, 11)
    family = rulesets.RULESETS[ruleset].family
    assert set(doc["players"]) == team_ids("human", family, "h") | team_ids("orc", family, "a")
    assert doc["kicking"] == "home"
    width = SIZE[PITCH_OF[ruleset]][0]
    centre = [19, 7] if width == 26 else [16, 5]
    # Default target: the centre of the receiving team's set-up zone (scenario-format.md).
    assert doc["target"] == centre


@pytest.mark.parametrize("ruleset", RULESETS)
def test_run_json_is_deterministic(ruleset: str) -> None:
    args = ["run", "--json", "--ruleset", ruleset, "--seed", "987654"]
    a = cli(args)
    b = cli(args)
    assert a[0] == b[0] == 0
    assert a[1] == b[1]  # byte-identical


def test_different_seeds_give_different_kickoffs() -> None:
    outs = {json.dumps({k: v for k, v in run_json(["--seed", str(s)]).items() if k != "seed"})
            for s in range(8)}
    assert len(outs) > 1


def test_run_home_away_teams() -> None:
    doc = run_json(["--home", "dwarf", "--away", "skaven", "--seed", "3"])
    assert set(doc["players"]) == team_ids("dwarf", "bb2020", "h") | team_ids("skaven",
                                                                                "bb2020", "a")


def test_run_team_by_family_prefix() -> None:
    doc = run_json(["--home", "bb2020/wood_elf", "--away", "bb2020/orc", "--seed", "3",
                    "--ruleset", "bb2025"])
    assert set(doc["players"]) == (team_ids("wood_elf", "bb2020", "h")
                                   | team_ids("orc", "bb2020", "a"))


def test_run_sevens_teams_kicking_away_target() -> None:
    doc = run_json(["--ruleset", "sevens", "--home", "wood_elf", "--away", "skaven",
                    "--kicking", "away", "--target", "4,5", "--seed", "5"])
    check_result_shape(doc, "sevens", 5)
    assert doc["kicking"] == "away"
    assert doc["target"] == [4, 5]
    assert doc["kicker"] is not None and doc["kicker"].startswith("a")
    assert set(doc["players"]) == (team_ids("wood_elf", "sevens", "h")
                                   | team_ids("skaven", "sevens", "a"))


@pytest.mark.parametrize("target", ["20,5", "[25, 0]", "13,14"])
def test_run_target_is_echoed(target: str) -> None:
    doc = run_json(["--target", target, "--seed", "1"])
    nums = [int(v) for v in re.findall(r"\d+", target)]
    assert doc["target"] == nums


def test_run_kicking_away_uses_an_away_kicker() -> None:
    doc = run_json(["--kicking", "away", "--seed", "2"])
    assert doc["kicking"] == "away"
    assert doc["kicker"].startswith("a")
    assert doc["target"] == [6, 7]


@pytest.mark.parametrize("kicking", ["home", "away"])
def test_run_setups_place_players_mirrored(kicking: str) -> None:
    """--home-setup / --away-setup: built-in names, away mirrored (x -> 25 - x)."""
    doc = run_json(["--home-setup", "botbowl_def_spread", "--away-setup", "botbowl_off_line",
                    "--kicking", kicking, "--seed", "17"])
    pitch = PITCHES["eleven"]
    _, home = load_setup("botbowl_def_spread", pitch)
    _, away = load_setup("botbowl_off_line", pitch)
    placed = 0
    for prefix, setup, mirror in (("h", home, False), ("a", away, True)):
        for num, (x, y) in setup.positions.items():
            p = doc["players"][f"{prefix}{num}"]
            if p["square"] is None:  # knocked out by an event
                assert p["status"] in ("knocked_out", "casualty", "sent_off")
                continue
            assert p["square"] == [25 - x if mirror else x, y], (prefix, num)
            placed += 1
    assert placed >= 18
    # Players the set-ups do not name are in the Reserves.
    named = {f"h{n}" for n in home.positions} | {f"a{n}" for n in away.positions}
    reserves = {pid: (p["square"], p["status"]) for pid, p in doc["players"].items() if pid not in named}
    assert reserves == dict.fromkeys(["h12", "h13", "h14", "a12", "a13"], (None, "reserves"))


def test_run_setup_files(tmp_path: Path) -> None:
    home = write_setup(tmp_path / "home.toml", GOOD_ELEVEN)
    away = write_setup(tmp_path / "away.toml", GOOD_ELEVEN)
    doc = run_json(["--home-setup", str(home), "--away-setup", str(away), "--seed", "8"])
    placed = 0
    for num, (x, y) in GOOD_ELEVEN.items():
        for pid, sq in ((f"h{num}", [x, y]), (f"a{num}", [25 - x, y])):
            p = doc["players"][pid]
            if p["square"] is None:  # knocked out by an event
                assert p["status"] in ("knocked_out", "casualty", "sent_off"), pid
                continue
            assert p["square"] == sq, pid
            placed += 1
    assert placed >= 18


def test_run_team_file(tmp_path: Path) -> None:
    lines = ['name = "Tmp Team"', 'family = "bb2020"', "rerolls = 2"]
    for n in range(1, 12):
        skills = '["kick"]' if n == 11 else "[]"
        lines += ["", "[[players]]", f"number = {n}", "ma = 6", "st = 3", "ag = 3", "pa = 4",
                  "av = 9", f"skills = {skills}"]
    path = tmp_path / "tmp_team.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    doc = run_json(["--home", str(path), "--seed", "9"])
    assert set(doc["players"]) >= {f"h{n}" for n in range(1, 12)}
    assert len([p for p in doc["players"] if p.startswith("h")]) == 11
    assert "kick" in doc["players"]["h11"]["skills"]
    assert doc["players"]["h1"]["ma"] == 6 and doc["players"]["h1"]["av"] == 9


def test_run_kick_it() -> None:
    code, out, err = cli(["run", "--kick-it", "--seed", "21", "--json"])
    assert code == 0, err
    check_result_shape(json.loads(out), "bb2020", 21)
    code, out, err = cli(["run", "--kick-it", "--seed", "21"])
    assert code == 0, err
    assert re.search(r"seed\W+21\b", out, re.IGNORECASE)


def test_run_kick_it_without_eligible_kicker_is_a_touchback(tmp_path: Path) -> None:
    """rulings.md 2.1: kick_it needs an eligible kicker; else a touchback, no kick, no event."""
    setup = write_setup(tmp_path / "line.toml", NO_ELIGIBLE_KICKER)
    doc = run_json(["--kick-it", "--home-setup", str(setup), "--seed", "5"])
    assert doc["kicker"] is None
    assert doc["target"] is None
    assert doc["deviation"] is None
    assert doc["event"] is None
    assert doc["touchback"] is True
    carrier = doc["ball"]["carrier"]
    assert carrier is not None and carrier.startswith("a")
    # Without the house rule a LoS player kicks (bb2020, rulings.md 2.1).
    plain = run_json(["--home-setup", str(setup), "--seed", "5"])
    assert plain["kicker"] is not None and plain["kicker"].startswith("h")
    assert plain["deviation"] is not None


# --------------------------------------------------------------------------- run: invalid input


def test_run_unknown_team() -> None:
    code, out, err = cli(["run", "--home", "no_such_team"])
    assert_invalid(code, out, err, "no_such_team")
    assert "orc" in err  # lists the built-in names


def test_run_unknown_team_wrong_family() -> None:
    # "elf" is a classic team, not a bb2020 one.
    code, out, err = cli(["run", "--away", "elf"])
    assert_invalid(code, out, err, "elf")


def test_run_unknown_setup() -> None:
    code, out, err = cli(["run", "--away-setup", "no_such_setup"])
    assert_invalid(code, out, err, "no_such_setup")


def test_run_eleven_setup_on_sevens_pitch() -> None:
    code, out, err = cli(["run", "--ruleset", "sevens", "--home-setup", "botbowl_def_zone"])
    assert_invalid(code, out, err, "botbowl_def_zone")


def test_run_setup_file_with_missing_jersey_number(tmp_path: Path) -> None:
    positions = dict(GOOD_ELEVEN)
    del positions[11]
    positions[77] = (3, 7)
    setup = write_setup(tmp_path / "seventyseven.toml", positions)
    code, out, err = cli(["run", "--home-setup", str(setup)])
    assert_invalid(code, out, err, "positions.77", "77")


@pytest.mark.parametrize("target", ["5,7", "12,7", "30,7", "20,-1"])
def test_run_illegal_target(target: str) -> None:
    code, out, err = cli(["run", "--target", target])
    x, y = (int(v) for v in target.split(","))
    assert_invalid(code, out, err, "target", f"[{x}, {y}]")


def test_run_illegal_target_sevens_own_third() -> None:
    code, out, err = cli(["run", "--ruleset", "sevens", "--target", "6,5"])
    assert_invalid(code, out, err, "target", "[6, 5]")


def test_run_target_in_sevens_gap_is_legal() -> None:
    # rulings.md 2.2: Sevens: anywhere beyond the kicking team's LoS.
    doc = run_json(["--ruleset", "sevens", "--target", "8,5", "--seed", "1"])
    assert doc["target"] == [8, 5]


def test_run_team_file_with_unknown_skill(tmp_path: Path) -> None:
    lines = ['name = "Odd"', 'family = "bb2020"']
    for n in range(1, 12):
        skills = '["teleport"]' if n == 4 else "[]"
        lines += ["", "[[players]]", f"number = {n}", "ma = 6", "st = 3", "ag = 3",
                  "av = 9", f"skills = {skills}"]
    path = tmp_path / "odd.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = cli(["run", "--home", str(path)])
    assert_invalid(code, out, err, "teleport")


# --------------------------------------------------------------------------- wrong usage


@pytest.mark.parametrize(
    "args",
    [
        ["run", "--bogus"],
        ["run", "--ruleset", "bb2016"],
        ["run", "--target", "abc"],
        ["run", "--target", "1,2,3"],
        ["run", "--kicking", "middle"],
        ["run", "--seed", "many"],
        ["replay"],
        ["validate"],
        ["nonsense-command"],
    ],
)
def test_wrong_usage_exits_2(args: list[str]) -> None:
    code, out, err = cli(args)
    assert_usage(code, out, err)


def test_wrong_usage_messages() -> None:
    assert_usage(*cli(["run", "--bogus"]), "--bogus")
    assert_usage(*cli(["run", "--ruleset", "bb2016"]), "bb2016")
    assert_usage(*cli(["run", "--target", "abc"]), "abc")
    assert_usage(*cli(["replay"]), "Missing argument")


# --------------------------------------------------------------------------- replay


def test_replay_file_and_stdin(tmp_path: Path) -> None:
    doc = scenario("bb2020", seed=123)
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out_file, err = cli(["replay", str(path)])
    assert code == 0, err
    code, out_stdin, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    assert out_file == out_stdin
    result = json.loads(out_file)
    check_result_shape(result, "bb2020", 123)
    assert set(result["players"]) == {f"{c}{i}" for c in "ha" for i in range(1, 5)}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_replay_with_seed_is_deterministic(ruleset: str) -> None:
    text = json.dumps(scenario(ruleset, seed=31337))
    a = cli(["replay", "-"], stdin=text)
    b = cli(["replay", "-"], stdin=text)
    assert a[0] == b[0] == 0
    assert a[1] == b[1]
    assert json.loads(a[1])["seed"] == 31337


def test_replay_without_seed_reports_one_that_reproduces() -> None:
    doc = scenario("bb2020")
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    first = json.loads(out)
    assert isinstance(first["seed"], int)
    doc["seed"] = first["seed"]
    code, out2, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    assert json.loads(out2) == first


def test_replay_seed_null_is_like_no_seed() -> None:
    code, out, err = cli(["replay", "-"], stdin=json.dumps(scenario("bb2020", seed=None)))
    assert code == 0, err
    assert isinstance(json.loads(out)["seed"], int)


def test_replay_scripted_dice_report_null_seed() -> None:
    home = [player(f"h{i + 1}", sq, "classic")
            for i, sq in enumerate([[12, 5], [12, 7], [12, 9], [6, 7]])]
    away = [player(f"a{i + 1}", sq, "classic")
            for i, sq in enumerate([[13, 5], [13, 7], [13, 9], [21, 7]])]
    doc = scenario("classic", home=home, away=away, kick={"kicker": "h4", "target": [20, 4]},
                   dice={"d8": [7, 5], "d6": [3, 1, 1, 4]})
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    result = json.loads(out)
    assert result["seed"] is None
    assert result["ball"] == {"square": [21, 7], "carrier": "a4"}


def test_replay_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    code, out, err = cli(["replay", str(missing)])
    assert_invalid(code, out, err, "nope.json", "no such file")


def test_replay_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "kickoff-scenario/1", ', encoding="utf-8")
    code, out, err = cli(["replay", str(path)])
    assert_invalid(code, out, err, "broken.json", "not valid JSON")


def test_replay_invalid_json_stdin() -> None:
    code, out, err = cli(["replay", "-"], stdin="{ this is not json")
    assert_invalid(code, out, err, "not valid JSON")


def test_replay_not_an_object() -> None:
    code, out, err = cli(["replay", "-"], stdin="[1, 2, 3]")
    assert_invalid(code, out, err, "object")


def test_replay_empty_stdin() -> None:
    code, out, err = cli(["replay", "-"], stdin="")
    assert_invalid(code, out, err)


def test_replay_error_names_the_file(tmp_path: Path) -> None:
    doc = scenario("bb2020", seed=1)
    doc["teams"]["away"]["players"][3]["square"] = [27, 4]
    path = tmp_path / "offpitch.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = cli(["replay", str(path)])
    assert_invalid(code, out, err, "offpitch.json",
                   "teams.away.players[3].square: [27, 4] is off the 26x15 pitch")


def test_replay_lists_every_problem() -> None:
    doc = scenario("bb2020", seed=1)
    doc["teams"]["home"]["players"][0]["ma"] = True
    doc["teams"]["away"]["players"][1]["bogus"] = 1
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert_invalid(code, out, err, "teams.home.players[0].ma", "teams.away.players[1].bogus")


# --------------------------------------------------------------------------- validate


def test_validate_legal_setup(tmp_path: Path) -> None:
    path = write_setup(tmp_path / "good.toml", GOOD_ELEVEN)
    for args in ([], ["--side", "away"], ["--ruleset", "classic"], ["--ruleset", "bb2025"],
                 ["--team", "orc"], ["--ruleset", "classic", "--team", "elf"]):
        code, out, err = cli(["validate", str(path), *args])
        assert code == 0, (args, err)
        assert "legal" in out
        assert "good.toml" in out


def test_validate_legal_sevens_setup(tmp_path: Path) -> None:
    path = write_setup(tmp_path / "seven.toml", GOOD_SEVENS, pitch="sevens")
    for side in ("home", "away"):
        code, out, err = cli(["validate", str(path), "--ruleset", "sevens", "--side", side])
        assert code == 0, err
        assert "legal" in out


@pytest.mark.parametrize("name", ["botbowl_def_zone", "ffb_orc_battlelore"])
def test_validate_builtin_setup_by_name(name: str) -> None:
    code, out, err = cli(["validate", name, "--team", "orc"])
    assert code == 0, err
    assert "legal" in out


def test_validate_illegal_setup_lists_every_problem(tmp_path: Path) -> None:
    positions = {
        1: (12, 7),             # the only player on the LoS
        2: (11, 5),
        3: (9, 0), 4: (9, 1), 5: (9, 2),  # three in the top Wide Zone
        6: (14, 7),             # in the opponents' half
        7: (8, 7), 8: (8, 7),   # two on one square
        9: (5, 5),
        10: (4, 4),
        99: (3, 3),             # no such jersey number
    }
    path = write_setup(tmp_path / "bad.toml", positions)
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "bad.toml")
    low = err.lower()
    # too few on the LoS
    assert "line of scrimmage" in low and "at least 3" in low
    # too many in a Wide Zone
    assert "top wide zone" in low and "at most 2" in low
    # a player in the wrong half
    assert "h6" in err and "[14, 7]" in err and "half" in low
    # two players on one square
    assert "h7" in err and "h8" in err and "[8, 7]" in err
    # unknown jersey number
    assert "positions.99" in err and "99" in err


def test_validate_too_few_players(tmp_path: Path) -> None:
    positions = {k: v for k, v in GOOD_ELEVEN.items() if k <= 9}
    path = write_setup(tmp_path / "nine.toml", positions)
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "9 players on the pitch", "11 required")


def test_validate_illegal_sevens_setup(tmp_path: Path) -> None:
    positions = {1: (6, 4), 2: (6, 5), 3: (5, 6), 4: (4, 0), 5: (4, 1), 6: (8, 5), 7: (1, 5)}
    path = write_setup(tmp_path / "bad7.toml", positions, pitch="sevens")
    code, out, err = cli(["validate", str(path), "--ruleset", "sevens"])
    assert_invalid(code, out, err, "bad7.toml", "[8, 5]", "third", "at most 1")
    assert "at least 3" in err


def test_validate_setup_square_off_pitch(tmp_path: Path) -> None:
    positions = dict(GOOD_ELEVEN)
    positions[10] = (30, 7)
    positions[11] = (-1, 2)
    path = write_setup(tmp_path / "off.toml", positions)
    for side in ("home", "away"):
        code, out, err = cli(["validate", str(path), "--side", side])
        assert_invalid(code, out, err, "positions.10", "[30, 7]", "positions.11", "[-1, 2]",
                       "26x15", "9 players on the pitch")


def test_validate_setup_jersey_key_not_a_number(tmp_path: Path) -> None:
    path = tmp_path / "words.toml"
    path.write_text('name = "W"\npitch = "eleven"\n[positions]\none = [12, 7]\n',
                    encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "words.toml", "positions.one", "jersey number")


def test_validate_setup_for_wrong_pitch(tmp_path: Path) -> None:
    path = write_setup(tmp_path / "eleven.toml", GOOD_ELEVEN)
    code, out, err = cli(["validate", str(path), "--ruleset", "sevens"])
    assert_invalid(code, out, err, "eleven.toml", "pitch")


def test_validate_setup_bad_toml(tmp_path: Path) -> None:
    path = tmp_path / "garbage.toml"
    path.write_text("name = \n[[[", encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "garbage.toml", "TOML")


def test_validate_setup_unknown_key_and_bad_number(tmp_path: Path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text('name = "K"\npitch = "eleven"\ncolour = "red"\n[positions]\n'
                    'one = [12, 7]\n', encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "keys.toml", "colour")


def test_validate_missing_setup_file(tmp_path: Path) -> None:
    code, out, err = cli(["validate", str(tmp_path / "absent.toml")])
    assert_invalid(code, out, err, "absent.toml")


def test_validate_scenario(tmp_path: Path) -> None:
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(scenario("bb2025", seed=4)), encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert code == 0, err
    assert "valid" in out and "sc.json" in out


def test_validate_scenario_stdin() -> None:
    code, out, err = cli(["validate", "-"], stdin=json.dumps(scenario("sevens")))
    assert code == 0, err
    assert "valid" in out


def test_validate_invalid_scenario_lists_input_and_setup_problems(tmp_path: Path) -> None:
    doc = scenario("bb2020", seed=4)
    doc["teams"]["home"]["players"][0]["skills"] = ["warp_speed"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "bad.json", "teams.home.players[0].skills[0]", "warp_speed")

    home = default_players("home")
    home[3]["square"] = [14, 7]
    home[2]["square"] = [12, 7]
    path.write_text(json.dumps(scenario("bb2020", home=home)), encoding="utf-8")
    code, out, err = cli(["validate", str(path)])
    assert_invalid(code, out, err, "bad.json", "h4", "[14, 7]", "h2", "h3")


# --------------------------------------------------------------------------- list, schema


def test_list_names_every_builtin() -> None:
    code, out, err = cli(["list"])
    assert code == 0, err
    words = set(re.findall(r"[a-z0-9_]+", out))
    for family in ("classic", "bb2020", "sevens"):
        assert f"teams/{family}" in out
        for name in builtin_names("teams", family):
            assert name in words, name
    for pitch in ("eleven", "sevens"):
        assert f"setups/{pitch}" in out
        for name in builtin_names("setups", pitch):
            assert name in words, name


def test_schema_prints_both_schemas() -> None:
    code, out, err = cli(["schema"])
    assert code == 0, err
    docs = json.loads(out)
    assert set(docs) == {"kickoff-scenario-1.schema.json", "kickoff-result-1.schema.json"}
    sc = docs["kickoff-scenario-1.schema.json"]
    assert set(sc["required"]) >= {"format", "ruleset", "teams"}
    assert "kicking" in sc["properties"]
    res = docs["kickoff-result-1.schema.json"]
    assert set(res["required"]) >= {"format", "ruleset", "seed", "ball", "players", "event"}


def test_schema_out_writes_files(tmp_path: Path) -> None:
    out_dir = tmp_path / "schemas"
    code, out, err = cli(["schema", "--out", str(out_dir)])
    assert code == 0, err
    files = sorted(p.name for p in out_dir.iterdir())
    assert files == ["kickoff-result-1.schema.json", "kickoff-scenario-1.schema.json"]
    for f in files:
        assert f in out
        assert "properties" in json.loads((out_dir / f).read_text())


def test_result_validates_against_result_model() -> None:
    """The --json output matches the model the result schema is generated from."""
    from kickoff.formats.scenario import ResultOut

    for ruleset in RULESETS:
        code, out, err = cli(["run", "--json", "--ruleset", ruleset, "--seed", "77"])
        assert code == 0, err
        parsed = ResultOut.model_validate_json(out)
        assert parsed.ruleset == ruleset
        assert parsed.seed == 77


def test_no_args_shows_help() -> None:
    code, out, err = cli([])
    assert code in (0, 2)
    assert "run" in out + err and "replay" in out + err


def test_run_kicker_and_kick_skill() -> None:
    code, out, err = cli(["run", "--kicker", "h8", "--kick-skill", "--seed", "2", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["kicker"] == "h8"
    assert doc["deviation"]["kick_skill"] is True
    assert doc["deviation"]["distance"] == doc["deviation"]["roll"] // 2


def test_run_kicker_on_the_line_is_refused() -> None:
    code, out, err = cli(["run", "--kicker", "h1", "--seed", "2"])
    assert code == 1
    assert out == ""
    assert "h1" in err and "[12, 7]" in err


@pytest.mark.parametrize(("args", "option", "needles"), [
    (["--kicker", "h99"], "--kicker", ["'h99'"]),
    (["--kicker", "h1"], "--kicker", ["h1", "[12, 7]"]),
    (["--kicker", "a1"], "--kicker", ["a1", "kicking team"]),
    (["--kicker", "h9", "--kick-skill"], "--kick-skill", ["h9", "no Kick skill"]),
])
def test_run_option_errors_name_the_option(args: list[str], option: str,
                                           needles: list[str]) -> None:
    """An option's bad value is reported under the option, not a key path of no document."""
    code, out, err = cli(["run", "--seed", "2", *args])
    assert_invalid(code, out, err, *needles)
    assert err.startswith(f"error: {option}: "), err
    assert "kick.kicker" not in err and "decisions.use_kick_skill" not in err


TEST_CASE = Path(__file__).parent / "data/cases/classic/classic-kickoff-bounce-then-catch.json"


@pytest.mark.parametrize("command", ["replay", "validate", "odds", "simulate", "kick",
                                     "odds-kick"])
def test_a_test_case_document_is_named_in_one_line(command: str) -> None:
    """A test case ({about, source, scenario, expect}) is not a scenario: exit 1 with one line
    saying so and how to take its scenario out, not a list of unknown and missing keys."""
    code, out, err = cli([command, str(TEST_CASE)])
    assert_invalid(code, out, err, "this is a test case ({about, source, scenario, expect})",
                   f"jq .scenario {TEST_CASE} | kickoff {command} -")
    assert err.strip().count("\n") == 0, err
    assert err.startswith(f"error: {TEST_CASE}: ")
    assert "unknown key" not in err and "missing" not in err


def test_a_test_case_on_stdin_and_its_scenario() -> None:
    text = TEST_CASE.read_text(encoding="utf-8")
    code, out, err = cli(["replay", "-"], stdin=text)
    assert_invalid(code, out, err, "stdin: this is a test case", "| jq .scenario | kickoff replay -")
    # What the message says to do: its "scenario" key is a scenario.
    code, out, err = cli(["replay", "-"], stdin=json.dumps(json.loads(text)["scenario"]))
    assert code == 0, err
    expect = json.loads(text)["expect"]
    ball = json.loads(out)["ball"]
    assert [ball["square"], ball["carrier"]] == [expect["ball.square"], expect["ball.carrier"]]


def test_a_document_with_other_keys_is_still_checked_key_by_key() -> None:
    code, out, err = cli(["replay", "-"], stdin=json.dumps({"about": "x", "scenario": {}}))
    assert_invalid(code, out, err, "about: unknown key", "format: required key is missing")
    assert "test case" not in err


#: Blood Bowl's names of the Kick-off events, as the rulebooks print them.
EVENT_NAMES = {
    "get_the_ref": "Get the Ref", "time_out": "Time-out", "solid_defence": "Solid Defence",
    "high_kick": "High Kick", "cheering_fans": "Cheering Fans",
    "brilliant_coaching": "Brilliant Coaching", "changing_weather": "Changing Weather",
    "quick_snap": "Quick Snap", "blitz": "Blitz!", "officious_ref": "Officious Ref",
    "pitch_invasion": "Pitch Invasion", "riot": "Riot", "perfect_defence": "Perfect Defence",
    "throw_a_rock": "Throw a Rock", "charge": "Charge!", "dodgy_snack": "Dodgy Snack",
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_run_report_names_the_event_as_blood_bowl_does(ruleset: str) -> None:
    seen = set()
    for seed in range(1, 9):
        name = run_json(["--ruleset", ruleset, "--seed", str(seed)])["event"]["name"]
        code, out, err = cli(["run", "--ruleset", ruleset, "--seed", str(seed)])
        assert code == 0, err
        assert f"Kick-off event: {EVENT_NAMES[name]} (2D6 " in out
        assert f"Event: {EVENT_NAMES[name]} (" in out
        seen.add(name)
    assert len(seen) >= 3


def test_story_names_actions_and_contests_as_blood_bowl_does() -> None:
    from kickoff.cli.render import story

    text = story([
        {"step": "activation", "player": "h8", "action": "kick", "where": "actions[0]"},
        {"step": "activation", "player": "h4", "action": "throw_team_mate", "where": "x"},
        {"step": "activation", "player": "h5", "action": "kick_team_mate", "where": "x"},
        {"step": "contest", "event": "brilliant coaching", "totals": {"home": 4, "away": 6},
         "applies_to": ["away"]},
        {"step": "count", "event": "solid_defence", "count": 4},
        {"step": "prayer", "side": "home", "prayer": "friends_with_the_ref"},
    ]).plain
    assert text.splitlines() == [
        "- h8 takes a Kick action",
        "- h4 takes a Throw Team-mate action",
        "- h5 takes a Kick Team-mate action",
        "- Brilliant Coaching: home 4, away 6 -> away",
        "- Solid Defence: up to 4 players",
        "- Prayers to Nuffle (home): Friends with the Ref",
    ]


#: Problems of an away set-up (drawn as home): two on one square, three in a Wide Zone.
SHARED_AND_WIDE = {**GOOD_ELEVEN, 4: (9, 0), 5: (9, 1), 9: (9, 2), 2: (12, 6)}


@pytest.mark.parametrize("command", [["run", "--seed", "1"], ["odds", "--events", "none"],
                                     ["kick", "--seed", "1", "--active", "home"]])
def test_every_setup_problem_line_names_its_file(tmp_path: Path, command: list[str]) -> None:
    away = write_setup(tmp_path / "bad_away.toml", SHARED_AND_WIDE)
    home = write_setup(tmp_path / "bad_home.toml", {**GOOD_ELEVEN, 7: (9, 5)})
    code, out, err = cli([*command, "--away-setup", str(away), "--home-setup", str(home)])
    assert_invalid(code, out, err, "share square", "Wide Zone")
    lines = err.strip().splitlines()
    assert lines[0] == "error: illegal set-up:"
    problems = lines[1:]
    assert len(problems) >= 3, err
    for line in problems:
        file = home if re.search(r"\bh\d+\b", line) else away
        assert line.startswith(f"- {file}: "), line
    assert f"- {away}: players a1, a2 share square [13, 6]" in problems
    assert f"- {home}: players h6, h7 share square [9, 5]" in problems


def test_validate_says_which_team_it_checked_against(tmp_path: Path) -> None:
    good = write_setup(tmp_path / "good.toml", GOOD_ELEVEN)
    code, out, err = cli(["validate", str(good)])
    assert code == 0, err
    assert out.strip() == (f"{good}: legal bb2020 set-up for human (Reikland Reavers, home; the "
                           "default team: use --team to check another)")
    code, out, err = cli(["validate", str(good), "--team", "orc", "--side", "away"])
    assert code == 0, err
    assert out.strip() == f"{good}: legal bb2020 set-up for orc (Gouged Eye, away)"
    bad = write_setup(tmp_path / "bad.toml", SHARED_AND_WIDE)
    code, out, err = cli(["validate", str(bad)])
    assert_invalid(code, out, err, f"{bad}: illegal bb2020 set-up for human (Reikland Reavers, "
                   "home; the default team: use --team to check another):")
    lines = err.strip().splitlines()[1:]
    assert len(lines) >= 2 and all(line.startswith(f"- {bad}: ") for line in lines), err


def _commands() -> list[list[str]]:
    """Every command and command group of ``kickoff``, as the words that name it."""
    import typer.main

    from kickoff.cli.app import whole_app

    found: list[list[str]] = []

    def walk(command: object, words: list[str]) -> None:
        found.append(words)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*words, name])

    walk(typer.main.get_command(whole_app()), [])
    return found


def test_every_help_text_is_wrapped_evenly_within_80_columns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: help texts broke raggedly (a docstring's own line breaks kept, the options'
    help squeezed into a narrow column); Click's formatter re-wraps each paragraph."""
    monkeypatch.setenv("COLUMNS", "80")
    commands = _commands()
    assert len(commands) > 15 and ["setup", "optimize"] in commands
    for words in commands:
        code, out, err = cli([*words, "-h"])
        assert code == 0, (words, err)
        assert out.startswith("Usage: ") and " ".join(words) in out.splitlines()[0], words
        wide = [line for line in out.splitlines() if len(line) > 80]
        assert wide == [] or all(line.lstrip().startswith("--") and " " not in line.strip()
                                 for line in wide), (words, wide)
        assert "│" not in out and "╭" not in out  # no panels
    code, out, _ = cli(["odds", "-h"])
    # a docstring's paragraph is one paragraph, re-wrapped: not broken where the source breaks
    assert "as\n  kickoff simulate does. --play best plays every other choice" in out


def test_run_names_the_events_and_play_it_applied() -> None:
    # issue 26: every command names what it assumed; run has no --events or --play
    code, out, err = cli(["run", "--seed", "3"])
    assert code == 0, err
    lines = out.splitlines()
    kicker = next(i for i, line in enumerate(lines) if line.startswith("Kicker h8: uses Kick"))
    assert lines[kicker + 1] == ("Events: all, the Kick-off table too (odds, simulate "
                                 "--events none: without)")
    assert lines[kicker + 2] == ("Play: defaults, the format's choices, unless --high-kick, "
                                 "--touchback given")


def test_run_json_has_the_applied_block_as_odds_does() -> None:
    doc = run_json(["--seed", "3", "--no-kick-skill"])
    assert doc["applied"] == {
        "ruleset": "bb2020", "kicking": "home",
        "teams": {"home": "Reikland Reavers, Zone", "away": "Gouged Eye, Wedge"},
        "kicker": "h8", "use_kick_skill": False, "events": "all", "play": "defaults"}
    code, out, err = cli(["odds", "--json", "--target", "19,7", "--events", "none",
                          "--no-kick-skill"])
    assert code == 0, err
    odds = json.loads(out)["applied"]
    assert {k: v for k, v in odds.items() if k not in ("events", "play")} == {
        k: v for k, v in doc["applied"].items() if k not in ("events", "play")}
