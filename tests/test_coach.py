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
        # issue 26: its comments within 80 columns (the values are the file's, kept whole)
        assert max(len(line) for line in out.splitlines() if line.startswith("#")) <= 80


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
    played = json.loads(out)
    # what run applied (issue 26) is said by run alone: replay applies the file, which says it
    assert played.pop("applied")["events"] == "all"
    assert json.loads(replayed) == played
    scenario = json.loads(saved.read_text())
    assert scenario["format"] == "kickoff-scenario/1"
    assert scenario["seed"] == int(args[1])


def test_run_save_scenario_into_a_missing_folder_is_a_usage_error() -> None:
    code, out, err = cli(["run", "--seed", "7", "--save-scenario", "/nonexistent-dir/x.json"])
    assert (code, out) == (2, "")
    assert "/nonexistent-dir/x.json: no folder /nonexistent-dir" in " ".join(err.split())


# --------------------------------------------------------------------------- help and habits


def test_version_and_short_help() -> None:
    from importlib.metadata import version

    code, out, err = cli(["--version"])
    assert code == 0, err
    import kickoff

    build = "compiled with mypyc" if kickoff.compiled else "pure Python"
    assert out.strip() == f"kickoff {version('kickoff')} ({build})"
    for args in (["-h"], ["run", "-h"], ["setup", "import", "-h"], ["fumbbl", "verify", "-h"]):
        code, out, err = cli(args)
        assert code == 0, (args, err)
        assert "Usage:" in out, args


@pytest.mark.parametrize(("command", "flag"), [(["run"], "--json"), (["odds"], "--json"),
                                               (["simulate"], "--json"), (["kick"], "--json"),
                                               (["setup", "show"], "--toml")])
def test_help_shows_no_bool_beside_flags(command: list[str], flag: str) -> None:
    code, out, err = cli([*command, "--help"])
    assert code == 0, err
    assert "<bool>" not in out
    assert flag in out  # a flag is listed (so the check above looked at the options)


@pytest.mark.parametrize(("args", "expected"), [
    (["run", "--kick-skill", "true", "--seed", "7"], ["run", "--kick-skill", "--seed", "7"]),
    (["run", "--kick-skill", "False", "--seed", "7"], ["run", "--no-kick-skill", "--seed", "7"]),
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


def test_kick_file_says_it_played_the_file_s_landing(tmp_path: Path) -> None:
    """A Kick action whose file gives its landing plays it and says so, not "the best square by
    the odds"; with --toward it names neither."""
    case = ROOT / "tests/data/cases/project/kickit-turn-bb2020-pooch-kick-short-landing.json"
    scenario = tmp_path / "kick.json"
    scenario.write_text(json.dumps(json.loads(case.read_text())["scenario"]))
    seen = 0
    for seed in range(1, 12):
        code, out, err = cli(["kick", str(scenario), "--seed", str(seed), "--json"])
        assert code == 0, err
        accurate = [e for e in json.loads(out)["log"] if e["step"] == "accurate"]
        code, text, err = cli(["kick", str(scenario), "--seed", str(seed)])
        assert code == 0, err
        assert "best square by the odds" not in text
        if accurate and accurate[0]["landing"]:
            assert accurate[0]["landing"] == [12, 7]
            assert "Landing: [12, 7], as the file asks" in text
            seen += 1
        else:
            assert "Landing:" not in text
    assert seen > 0


def test_kick_default_landing_is_the_best_by_the_odds_not_the_formats_corner() -> None:
    from kickoff.analysis.exact.kick import KickSolver
    from kickoff.core.actions.kick import LandingOptions
    from kickoff.core.decisions import Activation
    from kickoff.core.pitch import Square
    from kickoff.formats.match import build_match

    code, out, err = cli(["kick", "--seed", "7", "--json"])
    assert code == 0, err
    accurate = next(e for e in json.loads(out)["log"] if e["step"] == "accurate")
    assert accurate["landing"] != [13, 0]  # the format's default: the spread's first square
    code, text, err = cli(["kick", "--seed", "7"])
    assert "Landing: the best square by the odds (default; --toward X,Y)" in text
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


# --------------------------------------------------------------------------- the receiving coach

#: Seeds of the default bb2020 match (human kick to orc) at the default target: seed 25 rolls a
#: High Kick that lands on [19, 8]; seed 1 at [15, 1] deviates out of play, a touchback; seed 7
#: rolls a Blitz!; seed 3 a Brilliant Coaching (home 3 + 1, away 5 + 1).
HIGH_KICK, TOUCHBACK, BLITZ, COACHING = 25, 1, 7, 3


def test_run_high_kick_places_the_chosen_player_and_says_nothing_of_a_default() -> None:
    # the seed's deviation is the full D6 (the kicker's Kick, the default, would halve it)
    code, out, err = cli(["run", "--seed", str(HIGH_KICK), "--high-kick", "a8", "--no-kick-skill",
                          "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["event"]["name"] == "high_kick"
    assert doc["players"]["a8"]["square"] == doc["deviation"]["square"] == [19, 8]
    assert doc["ball"]["carrier"] == "a8"  # a Sure Hands thrower under the ball catches it
    code, text, err = cli(["run", "--seed", str(HIGH_KICK), "--high-kick", "a8"])
    assert "(default; --high-kick ID)" not in text


def test_run_says_when_the_high_kick_default_moved_nobody() -> None:
    code, out, err = cli(["run", "--seed", str(HIGH_KICK)])
    assert code == 0, err
    assert "High Kick: nobody moved under the ball (default; --high-kick ID)" in out


def test_run_touchback_gives_the_ball_to_the_chosen_player() -> None:
    args = ["run", "--seed", str(TOUCHBACK), "--target", "15,1"]
    code, out, err = cli([*args, "--json"])
    assert json.loads(out)["touchback"] is True and json.loads(out)["ball"]["carrier"] == "a1"
    assert "Touchback: to a1, the first receiving player able (default; --touchback ID)" in (
        cli(args)[1])
    code, out, err = cli([*args, "--touchback", "a5", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["ball"] == {"square": doc["players"]["a5"]["square"], "carrier": "a5"}
    assert "(default; --touchback ID)" not in cli([*args, "--touchback", "a5"])[1]


def test_run_says_when_nobody_acted_in_a_blitz() -> None:
    out = cli(["run", "--seed", str(BLITZ)])[1]
    assert "Blitz!: nobody acted (default; --free-turns close)" in out
    assert "nobody acted" not in cli(["run", "--seed", str(BLITZ), "--free-turns", "close"])[1]


@pytest.mark.parametrize("option", ["--high-kick", "--touchback"])
def test_a_chosen_player_not_of_the_receiving_team_is_named_with_the_option(option: str) -> None:
    for command in (["run"], ["simulate", "-n", "10"]):
        assert_invalid(*cli([*command, option, "h3"]), f"{option}: 'h3' is not a player of the "
                       "receiving team (away: a1")


def test_run_high_kick_and_touchback_go_into_the_saved_scenario(tmp_path: Path) -> None:
    saved = tmp_path / "s.json"
    code, out, err = cli(["run", "--seed", str(HIGH_KICK), "--high-kick", "a8", "--touchback",
                          "a5", "--save-scenario", str(saved), "--json"])
    assert code == 0, err
    # the kicker's Kick, used by default, is written: the scenario format's own default is false
    assert json.loads(saved.read_text())["decisions"] == {"high_kick": "a8", "touchback": "a5",
                                                          "use_kick_skill": True}
    assert json.loads(out)["deviation"]["kick_skill"] is True
    assert json.loads(cli(["replay", str(saved)])[1]) == {
        k: v for k, v in json.loads(out).items() if k != "applied"}
    code, out, err = cli(["run", "--seed", str(HIGH_KICK), "--no-kick-skill", "--save-scenario",
                          str(saved), "--json"])
    assert code == 0, err
    assert "decisions" not in json.loads(saved.read_text())  # the format's default: no Kick
    assert json.loads(cli(["replay", str(saved)])[1]) == {
        k: v for k, v in json.loads(out).items() if k != "applied"}


def test_simulate_touchback_gives_the_ball_to_the_chosen_player_when_he_can_take_it() -> None:
    args = ["simulate", "-n", "400", "--seed", "5", "--target", "15,1", "--json"]
    default = json.loads(cli(args)[1])
    chosen = json.loads(cli([*args, "--touchback", "a5"])[1])
    assert default["touchback"]["p"] == chosen["touchback"]["p"] > 0.3
    assert chosen["holders"]["a5"]["p"] >= chosen["touchback"]["p"] - 0.05
    assert default["holders"].get("a5", {"p": 0})["p"] < 0.05


def test_odds_and_simulate_name_the_defaults_they_play() -> None:
    out = cli(["simulate", "-n", "50", "--seed", "1"])[1]
    flat = " ".join(out.split())
    assert "Defaults played: - High Kick: nobody moves under the ball (--high-kick ID)" in flat
    assert "- Touchback: to a1, the first receiving player able (--touchback ID)" in flat
    flat = " ".join(cli(["simulate", "-n", "50", "--seed", "1", "--high-kick", "a8",
                         "--touchback", "a5", "--free-turns", "close"])[1].split())
    assert "Defaults played" not in flat
    flat = " ".join(cli(["odds", "--target", "20,3"])[1].split())
    assert "Defaults played: - High Kick: nobody moves" in flat


# --------------------------------------------------------------------------- narration


def test_a_contest_shows_its_parts() -> None:
    _code, out, _err = cli(["run", "--seed", str(COACHING), "--json"])
    contest = next(e for e in json.loads(out)["log"] if e["step"] == "contest")
    assert contest["parts"] == {"home": {"roll": 3, "assistant_coaches": 1},
                                "away": {"roll": 5, "assistant_coaches": 1}}
    flat = " ".join(cli(["run", "--seed", str(COACHING)])[1].split())
    assert ("Brilliant Coaching: home 3 + 1 assistant coach = 4, away 5 + 1 assistant coach = 6"
            " -> away") in flat


def test_narration_tells_each_step_and_die() -> None:
    from kickoff.formats.narration import sentence, sentences, story_lines

    log = [
        {"step": "roll", "die": "d8", "value": 6, "for": "deviation direction"},
        {"step": "deviate", "direction": 6, "distance": 2, "square": [18, 9], "touchback": False},
        {"step": "event", "name": "blitz", "roll": [4, 6]},
        {"step": "count", "event": "blitz", "count": 4},
        {"step": "contest", "event": "cheering fans", "totals": {"home": 3, "away": 2},
         "applies_to": ["home"], "parts": {"home": {"roll": 1, "cheerleaders": 2},
                                           "away": {"roll": 2, "cheerleaders": 0}}},
        {"step": "mystery", "what": 1},
    ]
    assert sentences(log) == [
        "D8 6: deviation direction",
        "The kick deviates south-west (D8 6) 2 squares to [18, 9]",
        "Kick-off event: Blitz! (2D6 4+6)",
        "Blitz!: up to 4 players",
        "Cheering Fans: home 1 + 2 cheerleaders = 3, away 2 -> home",
        "mystery: what 1",
    ]
    assert story_lines(log) == sentences(log)[1:]
    assert sentence({"step": "roll", "die": "pick", "value": [2, 3], "for": "x"}) == (
        "random pick 2, 3: x")


# --------------------------------------------------------------------------- FUMBBL ids


def test_fumbbl_players_are_named_by_jersey_and_name_in_tables_and_on_the_pitch(
    tmp_path: Path,
) -> None:
    from kickoff.cli.render import player_label
    from kickoff.core.state import disc_label

    assert player_label("p15091672", "Caleb Jain (Blitzer, #1)") == "#1 Caleb Jain"
    assert player_label("a4", "Catcher") == "a4"
    assert len(player_label("p1", "x" * 40)) <= 24
    assert disc_label("p15091672", "Caleb Jain (Blitzer, #12)", "away") == "a12"
    assert disc_label("p15091672", "Caleb Jain", "away") == "672"
    assert disc_label("h7", "Caleb Jain (Blitzer, #12)", "home") == "h7"
    code, out, err = cli(["fumbbl", "extract", "examples/replay_demo.json.gz", "--out",
                          str(tmp_path)])
    assert code == 0, err
    code, out, err = cli(["odds", str(tmp_path / "9000001-ko1.json"), "--events", "none",
                          "--no-kick-skill"])
    assert code == 0, err
    assert "#1 Grishnak Skullsplitta holds it" in out
    assert "p92000" not in out


# --------------------------------------------------------------------------- the heat map PNG


def test_heat_map_png_has_coordinates_teams_objective_and_the_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kickoff.analysis import KickoffSolver, plot, rank_targets
    from kickoff.formats.match import build_match

    figures: list[object] = []
    monkeypatch.setattr(plot.plt, "close", figures.append)
    match = build_match("bb2020", None, None, None, None, "home")
    solver = KickoffSolver(match.state, match.ruleset, events="none")
    ranked = rank_targets(solver, "receiver-holds")
    plot.heatmap_png(match.state, ranked, "receiver-holds", tmp_path / "h.png", title="bb2020")
    fig = figures[0]
    texts = [t.get_text() for t in fig.texts]  # type: ignore[attr-defined]
    assert any("receiver holds for every kick target (bb2020)" in t for t in texts), texts
    assert any("Reikland Reavers" in t and "Gouged Eye" in t for t in texts), texts
    assert {"home End Zone", "away End Zone", "Line of Scrimmage (halfway)"} <= set(texts)
    ax = fig.axes[0]  # type: ignore[attr-defined]
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(x) for x in range(26)]
    assert [t.get_text() for t in ax.get_yticklabels()] == [str(y) for y in range(15)]
    assert 12.5 in [line.get_xdata()[0] for line in ax.get_lines()]  # halfway, between the LoS


def test_sevens_heat_map_png_draws_each_team_s_line_of_scrimmage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sevens has two Lines of Scrimmage with six columns between them (home LoS squares x = 6,
    away x = 13): each is drawn and named, and no "halfway" line between x = 9 and 10."""
    from kickoff.analysis import KickoffSolver, plot, rank_targets
    from kickoff.formats.match import build_match

    figures: list[object] = []
    monkeypatch.setattr(plot.plt, "close", figures.append)
    match = build_match("sevens", None, None, None, None, "home")
    ranked = rank_targets(KickoffSolver(match.state, match.ruleset, events="none"), "touchback")
    plot.heatmap_png(match.state, ranked, "touchback", tmp_path / "s.png", title="sevens")
    fig = figures[0]
    texts = [t.get_text() for t in fig.texts]  # type: ignore[attr-defined]
    assert {"home Line of Scrimmage", "away Line of Scrimmage"} <= set(texts), texts
    assert not any("halfway" in t for t in texts), texts
    verticals = sorted(line.get_xdata()[0] for line in fig.axes[0].get_lines()  # type: ignore[attr-defined]
                       if line.get_xdata()[0] == line.get_xdata()[1])
    assert verticals == [0.5, 6.5, 12.5, 18.5]  # the End Zones' and the two Lines of Scrimmage
    assert plot.scrimmage_lines(match.ruleset.pitch) == [
        (6.5, "home Line of Scrimmage"), (12.5, "away Line of Scrimmage")]


# --------------------------------------------------------------------------- 80 columns


@pytest.mark.parametrize("args", [
    ["run", "--seed", "3"], ["run", "--seed", "12", "--ruleset", "classic"],
    ["simulate", "-n", "300", "--seed", "1"], ["odds", "--target", "20,3"],
    ["odds", "--all-targets", "--events", "none"], ["kick", "--seed", "7"], ["odds-kick"],
])
def test_tables_and_keys_fit_80_columns_however_wide_the_terminal(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # nothing is squeezed: each table at its own width
    code, out, err = cli(args)
    assert code == 0, err
    boxed = [line for line in out.splitlines() if line[:1] in "┏┃┡│├└" or line.startswith(
        ("h = home", "* ball", ": Line"))]
    assert boxed, out
    assert max(len(line) for line in boxed) <= 80, max(boxed, key=len)
    assert "…" not in out


def test_rank_targets_reports_its_progress_target_by_target() -> None:
    from kickoff.analysis import KickoffSolver, rank_targets
    from kickoff.formats.match import build_match

    match = build_match("sevens", None, None, None, None, "home")
    calls: list[tuple[int, int]] = []
    ranked = rank_targets(KickoffSolver(match.state, match.ruleset, events="none"), "touchback",
                          lambda done, total: calls.append((done, total)))
    assert calls == [(i, len(ranked)) for i in range(1, len(ranked) + 1)]


def test_odds_defaults_name_no_option_odds_lacks() -> None:
    """``odds`` has no ``--free-turns``: its defaults line must not send the coach to it."""
    code, out, _ = cli(["odds", "--target", "20,3", "--events", "all"])
    assert code == 0
    assert "Blitz! / Charge!: nobody acts (the scenario format's default)" in out
    assert "--free-turns" not in out


def test_a_blitz_says_its_count_once() -> None:
    """Issue 26: "up to 4" was said twice on a Blitz! (the D3 count, then the players who may
    act); the count's own line says it, the free turn's names who may act."""
    code, out, err = cli(["run", "--seed", "7", "--no-kick-skill"])
    assert code == 0, err
    lines = [line.strip() for line in out.splitlines()]
    assert "- Blitz!: up to 4 players" in lines
    assert "- Blitz!: may act h4, h5, h6, h7, h8, h9, h10, h11" in lines
    assert sum("up to 4" in line for line in lines) == 1


def test_classic_says_why_there_is_no_kicker() -> None:
    """Issue 26: kickoff run --ruleset classic with a roster whose players have no Kick said
    "No kicker" without saying that classic needs none."""
    code, out, err = cli(["run", "--ruleset", "classic", "--kicking", "away", "--seed", "3"])
    assert code == 0, err
    assert "No kicker (classic needs none: only a kicker with Kick is named, to use it)" in out
    assert "- No kicker (none is needed: only a kicker with Kick is named, to use it)" in out
