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


# --------------------------------------------------------------------------- help and habits


def test_version_and_short_help() -> None:
    from importlib.metadata import version

    code, out, err = cli(["--version"])
    assert code == 0, err
    assert out.strip() == f"kickoff {version('kickoff')}"
    for args in (["-h"], ["run", "-h"], ["setup", "import", "-h"], ["fumbbl", "verify", "-h"]):
        code, out, err = cli(args)
        assert code == 0, (args, err)
        assert "Usage:" in out, args


@pytest.mark.parametrize("command", [["run"], ["odds"], ["simulate"], ["kick"], ["setup", "show"]])
def test_help_shows_no_bool_beside_flags(command: list[str]) -> None:
    code, out, err = cli([*command, "--help"])
    assert code == 0, err
    assert "<bool>" not in out
    assert "--json" in out or "--toml" in out


@pytest.mark.parametrize(("args", "expected"), [
    (["run", "--kick-skill", "true", "--seed", "7"], ["run", "--kick-skill", "--seed", "7"]),
    (["run", "--kick-skill", "False", "--seed", "7"], ["run", "--seed", "7"]),
    (["run", "--kick-it=yes"], ["run", "--kick-it"]),
    (["run", "--json", "0"], ["run"]),
    (["run", "--seed", "1"], ["run", "--seed", "1"]),  # a value of a valued option stays
    (["replay", "true"], ["replay", "true"]),  # a file named true is not a flag's value
])
def test_a_value_written_after_a_flag_is_taken_as_the_habit_it_is(
    args: list[str], expected: list[str]
) -> None:
    from kickoff.cli.app import flag_values

    assert flag_values(args) == expected


def test_kick_skill_true_works_from_the_command_line() -> None:
    import subprocess
    import sys

    exe = Path(sys.executable).with_name("kickoff")
    proc = subprocess.run([str(exe), "run", "--seed", "7", "--kick-skill", "true", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["deviation"]["kick_skill"] is True


def test_list_has_a_row_for_every_ruleset_within_80_columns() -> None:
    code, out, err = cli(["list"])
    assert code == 0, err
    for ruleset in ("classic", "bb2020", "bb2025", "sevens"):
        assert any(line.startswith(f"  {ruleset}: teams/") for line in out.splitlines()), ruleset
    assert "  bb2025: teams/bb2020" in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize(("ruleset", "name", "meant"), [
    ("bb2020", "undead", "shambling_undead"),
    ("classic", "shambling_undead", "undead"),
    ("classic", "lizardmen", "lizardman"),
    ("sevens", "lizardman", "lizardmen"),
    ("bb2025", "orcs", "orc"),
])
def test_a_team_of_another_family_suggests_this_familys_name(
    ruleset: str, name: str, meant: str
) -> None:
    assert_invalid(*cli(["run", "--ruleset", ruleset, "--home", name]),
                   f"did you mean {meant}")


def test_setup_import_recognises_a_kickoff_setup_file_in_one_line() -> None:
    code, out, err = cli(["setup", "import", "examples/my_offence.toml", "--team", "orc"])
    assert_invalid(code, out, err, "examples/my_offence.toml", "kickoff set-up file already",
                   "kickoff validate")
    assert len(err.strip().splitlines()) == 1
    assert "role letter" not in err


def test_setup_import_recognises_a_team_file() -> None:
    code, out, err = cli(["setup", "import", "src/kickoff/data/teams/bb2020/orc.toml",
                          "--team", "orc"])
    assert_invalid(code, out, err, "kickoff team file")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["replay", "validate", "odds"])
def test_a_result_document_is_named_once_as_not_a_scenario(command: str, tmp_path: Path) -> None:
    result = tmp_path / "run.json"
    code, out, _ = cli(["run", "--seed", "7", "--json"])
    result.write_text(out)
    code, out, err = cli([command, str(result)])
    assert_invalid(code, out, err, "kickoff-result/1 document", "not a scenario",
                   "--save-scenario")
    assert len(err.strip().splitlines()) == 1
    assert "unknown key" not in err


def test_kick_default_landing_is_the_best_by_the_odds_not_the_formats_corner() -> None:
    from kickoff.analysis.kick import KickSolver
    from kickoff.core.actions.activation import Activation
    from kickoff.core.actions.kick import LandingOptions
    from kickoff.core.pitch import Square
    from kickoff.formats.match import build_match

    code, out, err = cli(["kick", "--seed", "7", "--json"])
    assert code == 0, err
    accurate = next(e for e in json.loads(out)["log"] if e["step"] == "accurate")
    assert accurate["landing"] != [13, 0]  # the format's default: the spread's first square
    code, text, err = cli(["kick", "--seed", "7"])
    assert "Landing: the square with the best odds" in text
    # The square chosen is the best of the spread by the solver's own journeys.
    match = build_match("bb2020", None, None, None, None, "home")
    state = match.state
    kicker = state.players["h8"]
    state.ball, state.carrier = kicker.square, "h8"
    assert kicker.square is not None
    act = Activation("h8", "kick", aim=kicker.square.step(1, 0), where="kick")
    solver = KickSolver(state, match.ruleset)
    allowed = (Square(13, 0), Square(13, 6), Square(13, 4))
    opts = LandingOptions("h8", kicker.square, (1, 0), 5, False, allowed, allowed[0])
    chosen = solver.best_landing(act)(opts)
    assert chosen in allowed and chosen != Square(13, 0)
