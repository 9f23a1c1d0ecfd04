"""``kickoff kick`` and ``kickoff odds-kick`` on the default teams and on turn scenarios, and
``kickoff replay`` / ``validate`` / ``odds`` with a turn scenario."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_invalid, cli, player, scenario, table_sections
from kickit_helpers import kick, turn


def write(tmp_path: Path, doc: dict[str, Any], name: str = "turn.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
def test_kick_shows_a_kick_action_with_its_seed(ruleset: str) -> None:
    code, out, err = cli(["kick", "--ruleset", ruleset, "--seed", "4"])
    assert code == 0, err
    assert "Kick It! Kick action" in out
    assert re.search(r"Seed: 4\b", out)
    # the default line-up has no kick blocker: the Kick action's first roll is the away roll
    assert re.search(r"^- Away roll \d \([+-]\d, \d\+\): (fumbled|accurate|shanked)$", out, re.M), out
    assert "Kick block" not in out


def test_kick_json_is_a_turn_result_and_reproducible() -> None:
    code, out, err = cli(["kick", "--seed", "12", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["seed"] == 12
    assert (doc["kicker"], doc["target"], doc["deviation"], doc["event"]) == (None,) * 4
    # seed 12: the kick ends loose on [12, 10], not held by the kicking team: a turnover
    assert doc["turnover"] is True and doc["ball"] == {"square": [12, 10], "carrier": None}
    assert doc["kicking"] == "home"
    # The default kicker holds the ball first: the first eligible home kicker with Kick.
    (activation,) = [e for e in doc["log"] if e["step"] == "activation"]
    assert activation["action"] == "kick"
    assert cli(["kick", "--seed", "12", "--json"])[1] == out


def test_kick_by_the_away_team_aims_west() -> None:
    code, out, err = cli(["kick", "--seed", "3", "--active", "away", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    (kick_entry,) = [e for e in doc["log"] if e["step"] == "kick"]
    kicker = doc["players"][kick_entry["player"]]["square"]
    assert kick_entry["aim"] == [kicker[0] - 1, kicker[1]]
    assert doc["kicking"] == "away"


def test_kick_from_a_turn_scenario_with_options(tmp_path: Path) -> None:
    home = [player("h1", [10, 7]), player("h2", [12, 9])]
    path = write(tmp_path, turn(home=home))
    code, out, err = cli(["kick", path, "--aim", "11,8", "--toward", "12,9", "--seed", "1",
                          "--json"])
    assert code == 0, err
    (kick_entry,) = [e for e in json.loads(out)["log"] if e["step"] == "kick"]
    assert kick_entry["aim"] == [11, 8]


@pytest.mark.parametrize(("args", "needles"), [
    (["--aim", "20,20"], ["--aim", "[20, 20]", "not adjacent"]),
    (["--kicker", "a1"], ["--kicker", "'a1'"]),
    (["--kicker", "zz"], ["--kicker", "'zz'"]),
    (["--kick-block", "h2"], ["--kick-block", "h2"]),
    (["--kick-block", "a99"], ["--kick-block: no player 'a99'"]),
])
@pytest.mark.parametrize("command", [["kick", "--seed", "1"], ["odds-kick"]])
def test_kick_invalid_options(command: list[str], args: list[str], needles: list[str]) -> None:
    code, out, err = cli([*command, *args])
    assert_invalid(code, out, err, *needles)
    assert "kick." not in err  # no key path of a document that does not exist


@pytest.mark.parametrize("command", [["kick", "--seed", "1"], ["odds-kick"]])
@pytest.mark.parametrize(("act", "needle"), [
    (kick([12, 7]), "turn.json: actions[0].aim: [12, 7] is not adjacent to the kicker h1"),
    (kick([11, 7], kick_block="a99"), "turn.json: actions[0].kick_block: no player 'a99'"),
    (kick([11, 7], kick_block="a1"), "turn.json: actions[0].kick_block: a1 "),
    (kick([11, 7], player_id="h9"), "turn.json: actions[0].player: 'h9'"),
])
def test_kick_file_errors_name_the_file_and_key(tmp_path: Path, command: list[str],
                                                act: dict[str, Any], needle: str) -> None:
    """A value the file gave is reported as replay reports it: the file and its key path."""
    path = write(tmp_path, turn(actions=[act]))
    code, out, err = cli([*command, path])
    assert_invalid(code, out, err, needle)
    assert "--" not in err


@pytest.mark.parametrize("command", [["kick", "--seed", "1"], ["odds-kick"]])
@pytest.mark.parametrize(("act", "args", "needle"), [
    (kick([11, 7]), ["--aim", "12,7"], "error: --aim: [12, 7] is not adjacent"),
    (kick([11, 7]), ["--kick-block", "a1"], "error: --kick-block: a1 "),
    (kick([11, 7]), ["--kicker", "h9"], "error: --kicker: 'h9'"),
    (kick([12, 7]), ["--kicker", "h9"], "error: --kicker: 'h9'"),
])
def test_kick_options_over_a_file_name_the_option(tmp_path: Path, command: list[str],
                                                  act: dict[str, Any], args: list[str],
                                                  needle: str) -> None:
    path = write(tmp_path, turn(actions=[act]))
    code, out, err = cli([*command, path, *args])
    assert_invalid(code, out, err, needle)
    assert "turn.json" not in err and "actions[0]" not in err


def test_kick_with_a_kickoff_scenario_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, scenario("bb2020", seed=1))
    assert_invalid(*cli(["kick", path]), "phase \"turn\"")


def test_odds_kick_exact_values_from_a_scenario(tmp_path: Path) -> None:
    path = write(tmp_path, turn())
    code, out, err = cli(["odds-kick", path, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["outcomes"] == {"fumbled": "1/6", "accurate": "2/3", "shanked": "1/6"}
    assert doc["kicker"] == "h1" and doc["aim"] == [11, 7]


def test_odds_kick_landing_toward_a_square(tmp_path: Path) -> None:
    path = write(tmp_path, turn(home=[player("h1", [10, 7], skills=["pooch_kick"]),
                                      player("h2", [12, 7])]))
    code, out, err = cli(["odds-kick", path, "--landing", "12,7", "--json"])
    assert code == 0, err
    assert json.loads(out)["turnover"] == "2/3"
    code, out, err = cli(["odds-kick", path, "--landing", "best"])
    assert code == 0, err
    assert "h2 holds it" in out and "33.3%" in out


def test_odds_kick_takes_the_files_landing_unless_told_otherwise(tmp_path: Path) -> None:
    home = [player("h1", [10, 7], skills=["pooch_kick"]), player("h2", [12, 7])]
    path = write(tmp_path, turn(home=home, actions=[kick([11, 7], landing=[12, 7])]))
    toward = write(tmp_path, turn(home=home), "toward.json")
    runs = {name: cli(["odds-kick", *args, "--json"]) for name, args in {
        "file": [path], "toward": [toward, "--landing", "12,7"],
        "default": [path, "--landing", "default"], "plain": [toward]}.items()}
    assert all(code == 0 for code, _, _ in runs.values()), runs
    docs = {name: json.loads(out) for name, (_, out, _) in runs.items()}
    assert docs["file"]["turnover"] == docs["toward"]["turnover"] == "2/3"
    assert docs["file"]["landing"] == docs["toward"]["landing"] == "toward [12, 7]"
    assert docs["default"] == docs["plain"] and docs["default"]["landing"] == "default"
    assert docs["default"]["turnover"] != "2/3"


def test_odds_kick_on_the_default_teams() -> None:
    code, out, err = cli(["odds-kick", "--ruleset", "sevens", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    total = sum(float(eval_fraction(p)) for p in doc["outcomes"].values())
    assert total == pytest.approx(1)


def eval_fraction(text: str) -> float:
    num, _, den = text.partition("/")
    return int(num) / int(den or 1)


def test_odds_kick_bad_landing_is_usage_error() -> None:
    code, _, err = cli(["odds-kick", "--landing", "far"])
    assert code == 2
    assert "--landing" in err


def test_odds_of_a_turn_scenario_point_to_odds_kick(tmp_path: Path) -> None:
    path = write(tmp_path, turn())
    assert_invalid(*cli(["odds", path]), "odds-kick")


def test_validate_a_turn_scenario(tmp_path: Path) -> None:
    good = write(tmp_path, turn(dice={"d6": [4, 2], "d8": [5]}), "good.json")
    code, out, err = cli(["validate", good])
    assert code == 0, err
    assert "valid scenario" in out
    bad = write(tmp_path, turn(actions=[kick([13, 7])], dice={"d6": [4, 2], "d8": [5]}),
                "bad.json")
    assert_invalid(*cli(["validate", bad]), "bad.json", "actions[0].aim")


def test_toward_keeps_the_ball_in_line_with_the_square_asked_for() -> None:
    # Sevens, accurate 5 squares: [7, 0] .. [7, 5] are all 5 squares from [12, 5]; the one in
    # line with it is chosen, not the sideline square.
    code, out, _ = cli(["kick", "--ruleset", "sevens", "--seed", "7", "--aim", "3,4",
                        "--toward", "12,5", "--json"])
    assert code == 0
    lands = [e["square"] for e in json.loads(out)["log"] if e.get("step") == "kick_lands"]
    assert lands == [[7, 5]]


def test_odds_kick_table_separates_outcomes_from_holders() -> None:
    code, out, err = cli(["odds-kick", "--landing", "best"])
    assert code == 0, err
    assert "…" not in out
    sections = table_sections(out)
    labels = [[row[0] for row in section] for section in sections]
    assert labels[0] == ["turnover"]
    assert labels[1] == ["kick fumbled", "kick accurate", "kick shanked"]
    assert [row[2] for row in sections[1]] == ["1/6", "2/3", "1/6"]
    assert labels[2][0] == "kicking team holds the ball"
    assert all(lb.startswith("h") or "other players" in lb for lb in labels[2][1:])
    assert labels[3][0] == "opposing team holds the ball"
    assert labels[3][1:] and all(lb.startswith("a") or "other players" in lb
                                 for lb in labels[3][1:])
    assert labels[4] == ["ball on the ground"]
    assert "(see --json)" in [row[2] for row in sections[0]]


def after_pitch(out: str, title: str) -> dict[tuple[int, int], str]:
    """The squares' marks of the pitch drawn after ``title`` in ``out`` (three characters a
    square after a two-character row number)."""
    lines = out.splitlines()
    start = lines.index(title) + 2  # the title, then the column numbers
    marks: dict[tuple[int, int], str] = {}
    for line in lines[start:]:
        if not line[:2].strip().isdigit():
            break
        y = int(line[:2])
        for x in range((len(line) - 2) // 3):
            marks[(x, y)] = line[2 + 3 * x: 5 + 3 * x].strip()
    return marks


def test_kick_draws_where_the_kick_came_down() -> None:
    """The legend's x is on the after-pitch where the kick landed; without a landing on the
    pitch (fumbled, blocked, into the crowd) the legend does not promise one."""
    drawn = unlanded = 0
    for seed in range(1, 13):
        code, out, err = cli(["kick", "--seed", str(seed), "--json"])
        assert code == 0, err
        doc = json.loads(out)
        lands = [e["square"] for e in doc["log"] if e["step"] == "kick_lands"]
        code, out, err = cli(["kick", "--seed", str(seed)])
        assert code == 0, err
        text = " ".join(out.split())
        if not lands:
            unlanded += 1
            assert "x where the kick came down" not in text
            continue
        assert "x where the kick came down" in text
        assert f"The kick came down on {lands[0]}" in text
        marks = after_pitch(out, "After the Kick action")
        x, y = lands[0]
        occupied = doc["ball"]["square"] == lands[0] or any(
            p["square"] == lands[0] for p in doc["players"].values())
        if not occupied:
            drawn += 1
            assert marks[(x, y)] == "x", (seed, lands[0], marks[(x, y)])
            assert list(marks.values()).count("x") == 1
    assert drawn and unlanded


def _crowded(ruleset: str, per_side: int) -> dict[str, Any]:
    """A turn scenario with ``per_side`` players of each team on the pitch: h1 holding the ball
    on (10, 7) as :func:`kickit_helpers.turn`'s, the others on the free squares of their half
    (Sevens: the columns of its pitch)."""
    width = 10 if ruleset == "sevens" else 13  # each team's half, in columns
    height = 11 if ruleset == "sevens" else 15
    home_squares = [[x, y] for x in range(1, width + 1) for y in range(1, height + 1)
                    if [x, y] not in ([10, 7], [11, 7])]
    away_squares = [[x, y] for x in range(width + 1, 2 * width + 1) for y in range(1, height + 1)]
    home = [player("h1", [10, 7], ruleset)] + [
        player(f"h{i + 2}", home_squares[i], ruleset) for i in range(per_side - 1)]
    away = [player(f"a{i + 1}", away_squares[i], ruleset) for i in range(per_side)]
    return turn(ruleset, home=home, away=away)


@pytest.mark.parametrize(("ruleset", "most"), [("bb2020", 11), ("sevens", 7)])
def test_odds_kick_refuses_more_players_on_the_pitch_than_a_game_has(
        tmp_path: Path, ruleset: str, most: int) -> None:
    # a team has at most the ruleset's max_players on the pitch (as a kick-off's set-up): 99 a
    # side took odds-kick 38 s (issue 27); refused before any solving, naming team and count
    code, out, err = cli(["odds-kick", write(tmp_path, _crowded(ruleset, 99))])
    assert_invalid(code, out, err, f"teams.home.players: home team: 99 players on the pitch, "
                   f"at most {most} ({ruleset})",
                   f"teams.away.players: away team: 99 players on the pitch, at most {most}")
    code, out, err = cli(["odds-kick", write(tmp_path, _crowded(ruleset, most + 1), "one.json")])
    assert_invalid(code, out, err, f"home team: {most + 1} players on the pitch, at most {most}")
    # the same refusal for every command reading the turn: replay, validate
    code, out, err = cli(["replay", write(tmp_path, _crowded(ruleset, most + 1), "r.json")])
    assert_invalid(code, out, err, f"away team: {most + 1} players on the pitch")


def test_odds_kick_with_a_full_team_a_side_is_answered() -> None:
    code, out, err = cli(["odds-kick", "-", "--json"], stdin=json.dumps(_crowded("bb2020", 11)))
    assert code == 0, err
    odds = json.loads(out)
    assert odds["kicker"] == "h1"
    assert sum(Fraction(p) for p in odds["outcomes"].values()) == 1


@pytest.mark.parametrize(("args", "first"), [
    ([], ["bb2020 Kick It! Kick action, home team kicking",
          "home: Reikland Reavers, Zone", "away: Gouged Eye, Wedge"]),
    (["--ruleset", "sevens", "--active", "away"],
     ["sevens Kick It! Kick action, away team kicking",
      "home: Middenheim Minutemen, Wedge", "away: Skull Smasha Sevens, Zone"])])
def test_odds_kick_names_the_ruleset_the_teams_and_their_set_ups_first(
        args: list[str], first: list[str]) -> None:
    """Issue 26: every command names first what it applied; odds-kick named only its kicker
    and aim (the table's title), not the teams nor their set-ups."""
    code, out, err = cli(["odds-kick", *args])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:3] == first
    assert lines[3].strip().startswith("Kick by ")


def test_kick_and_odds_kick_of_a_file_name_its_teams(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn scenario's teams by their names, their set-ups the file's (was "home: home")."""
    monkeypatch.chdir(Path(__file__).parent.parent.parent)  # the README's examples/
    for command in (["kick", "examples/turn.json", "--seed", "1"],
                    ["odds-kick", "examples/turn.json"]):
        code, out, err = cli(command)
        assert code == 0, err
        assert "home: Home, set-up from examples/turn.json" in out.replace(" (h, blue)", ""), out
        assert "away: Away, set-up from examples/turn.json" in out.replace(" (a, red)", ""), out
