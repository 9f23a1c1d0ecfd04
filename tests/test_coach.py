"""The coach's first hour (issue 15): files to start from, the scenario a run played, help and
habits. Contract: README.md ("Using it"), examples/README.md, docs/formats.md."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from helpers import assert_invalid, cli

from kickoff.core.pitch import PITCHES
from kickoff.formats.teams import builtin_names, load_setup

ROOT = Path(__file__).parent.parent


# --------------------------------------------------------------------------- setup show


@pytest.mark.parametrize("pitch", ["eleven", "sevens"])
def test_setup_show_toml_prints_each_builtin_as_a_file_that_loads_back(
    pitch: str, tmp_path: Path
) -> None:
    for name in builtin_names("setups", pitch):
        code, out, err = cli(["setup", "show", name, "--toml"])
        assert code == 0, err
        path = tmp_path / f"{name}.toml"
        path.write_text(out)
        assert load_setup(str(path), PITCHES[pitch])[1] == load_setup(name, PITCHES[pitch])[1]
        assert "drawn as the HOME team" in out  # the built-in file's own comments are kept


def test_setup_show_draws_the_setup_on_the_pitch() -> None:
    code, out, err = cli(["setup", "show", "botbowl_off_wedge"])
    assert code == 0, err
    positions = tomllib.loads(cli(["setup", "show", "botbowl_off_wedge", "--toml"])[1])["positions"]
    rows = out.splitlines()
    header = next(i for i, r in enumerate(rows) if r.split()[:3] == ["0", "1", "2"])
    for number, (x, y) in positions.items():
        row = rows[header + 1 + y]
        assert row[2 + 3 * x:2 + 3 * x + 3].strip() == f"h{number}", (number, row)
    assert "--toml" in out


def test_setup_show_unknown_name_is_an_error_naming_it() -> None:
    assert_invalid(*cli(["setup", "show", "no_such_setup"]), "no_such_setup")


# --------------------------------------------------------------------------- run --save-scenario


@pytest.mark.parametrize("args", [
    ["--seed", "7"],
    ["--seed", "3", "--ruleset", "classic", "--kick-skill", "--target", "18,3"],
    ["--seed", "11", "--ruleset", "sevens", "--kicking", "away", "--kicker", "a7"],
    ["--seed", "5", "--kick-it"],
])
def test_run_save_scenario_replays_to_the_same_result(args: list[str], tmp_path: Path) -> None:
    saved = tmp_path / "played.json"
    code, out, err = cli(["run", "--json", "--save-scenario", str(saved), *args])
    assert code == 0, err
    code2, replayed, err2 = cli(["replay", str(saved)])
    assert code2 == 0, err2
    assert json.loads(replayed) == json.loads(out)
    scenario = json.loads(saved.read_text())
    assert scenario["format"] == "kickoff-scenario/1"
    assert scenario["seed"] == int(args[1])


def test_run_save_scenario_says_where_it_wrote() -> None:
    code, out, err = cli(["run", "--seed", "7", "--save-scenario", "/nonexistent-dir/x.json"])
    assert_invalid(code, out, err, "/nonexistent-dir/x.json")
