"""A new user's first hour (issue 26): what a fresh clone's commands print for people, checked
where a newcomer's pass found it wanting (2026-12-07): every output says what it played, fits
80 columns with its long lines indented under their bullet, and a mistyped value or a taken port
is one message with exit status 1, before anything is announced."""

from __future__ import annotations

import socket
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_invalid, cli

from kickoff.cli.render import wrapped
from kickoff.core.errors import KickoffError

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_records_says_the_play_and_the_defaults_it_played(tmp_path: Path) -> None:
    """``simulate --records`` names its play and the defaults it played, as the table does (it
    named neither: the only simulate output that did not)."""
    code, out, err = cli(["simulate", "-n", "20", "--seed", "7", "--records",
                          str(tmp_path / "r.npy"), "--high-kick", "a8"])
    assert code == 0, err
    assert "Play: defaults, the format's choices (--play close: the close policy)" in out
    assert "20 records written to" in out
    assert "- Touchback: to a1, the first receiving player able (--touchback ID)" in out
    assert "Choices played:\n- High Kick: a8 is placed under the ball" in out
    # within 80 columns but the line naming the file (a long temporary path here)
    assert max(len(line) for line in out.splitlines() if "r.npy" not in line) <= 80


def test_simulate_records_json_names_the_play(tmp_path: Path) -> None:
    code, out, err = cli(["simulate", "-n", "20", "--seed", "7", "--records",
                          str(tmp_path / "r.npy"), "--play", "close", "--json"])
    assert code == 0, err
    assert '"play": "close"' in out


def test_no_blank_line_on_stderr_when_not_a_terminal() -> None:
    """The progress bar is drawn on a terminal only: on a pipe it left one blank line on stderr,
    the first line a user saw of ``kickoff odds 2>&1``."""
    code, out, err = cli(["odds", "--target", "20,3"])
    assert code == 0 and out.startswith("bb2020 kick-off, home team kicking\n")
    assert err == ""


def test_kick_toward_off_the_pitch_is_an_error_naming_the_option() -> None:
    code, out, err = cli(["kick", "--toward", "99,99", "--seed", "7"])
    assert_invalid(code, out, err, "--toward", "[99, 99] is off the 26x15 pitch")


def test_odds_kick_landing_off_the_pitch_is_an_error_naming_the_option() -> None:
    code, out, err = cli(["odds-kick", "--landing", "99,99"])
    assert_invalid(code, out, err, "--landing: [99, 99] is off the 26x15 pitch")


def test_kick_toward_says_the_landing_it_applied() -> None:
    code, out, err = cli(["kick", "--toward", "12,5", "--seed", "7"])
    assert code == 0, err
    assert "Landing: the allowed square nearest [12, 5] (--toward)\n" in out
    assert "The kick came down on [13, 5]." in out


def test_serve_on_a_taken_port_is_one_error_before_the_announce() -> None:
    """A port taken by another server: one line naming the option, exit status 1, and not the
    app's address first (uvicorn logged its own ERROR line and exited 3)."""
    pytest.importorskip("fastapi")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, out, err = cli(["serve", "--port", str(port)])
        usage = cli(["serve", "--port", str(port), "--rate-limit", "many/often"])
    assert_invalid(code, out, err, f"--port {port}: cannot listen on 127.0.0.1:{port}")
    assert len(err.strip().splitlines()) == 1
    assert usage[0] == 2 and "--rate-limit" in usage[2]  # a usage error first, whatever the port


def test_wrapped_indents_under_the_bullet_and_keeps_squares_whole() -> None:
    line = ("  - receiving coach: a8 to [19, 7]; a11 to [17, 7]; a6 to [15, 3]; a7 to [15, 11] "
            "(best plan found of 16 valued: 0.1155; nobody moves: 0.1066)")
    got = wrapped(line).splitlines()
    assert got == ["  - receiving coach: a8 to [19, 7]; a11 to [17, 7]; a6 to [15, 3]; a7 to",
                   "    [15, 11] (best plan found of 16 valued: 0.1155; nobody moves: 0.1066)"]
    assert wrapped("- " + "x " * 45).splitlines()[1].startswith("  x")


def test_run_story_lines_go_on_under_their_bullet() -> None:
    code, out, err = cli(["run", "--seed", "7", "--free-turns", "close"])
    assert code == 0, err
    assert ("- Coach's policy (close): h5 moves to [14, 12], h4 moves to [13, 2], h10 moves\n"
            "  to [14, 1]\n") in out


def test_web_doc_installs_the_web_extra() -> None:
    """docs/web.md's install line installs the extra the app needs (it said ``pip install .``
    brought FastAPI, which the extra ``web`` does since the extras came)."""
    text = (ROOT / "docs" / "web.md").read_text()
    assert "pip install '.[web]'" in text
    assert "pip install .   " not in text


def test_a_kick_that_does_not_deviate_is_not_said_to_deviate_0_squares() -> None:
    """Kick halves a D6 of 1 to 0 squares: the story said ``deviates south (D8 7) 0 squares``."""
    code, out, err = cli(["run", "--seed", "25", "--high-kick", "a8"])
    assert code == 0, err
    assert "- The kick does not deviate (D8 7, 0 squares): it comes down on [19, 7]\n" in out
    assert "0 squares to" not in out.split("What happened")[1].split("After")[0]


def test_a_toml_file_given_for_json_is_named_as_toml() -> None:
    """``kickoff replay my_offence.toml`` said ``Expecting value: line 1 column 1 (char 0)``;
    the TOML readers already name a JSON file given to them."""
    code, out, err = cli(["replay", str(ROOT / "examples" / "my_offence.toml")])
    assert_invalid(code, out, err, "my_offence.toml: not valid JSON: it looks like TOML (a "
                   "kickoff set-up or team file?)")
    code, out, err = cli(["replay", "-"], stdin="[positions]\n1 = [1, 2]\n")
    assert_invalid(code, out, err, "stdin: not valid JSON: it looks like TOML")
    code, out, err = cli(["replay", "-"], stdin="[1, 2")
    assert_invalid(code, out, err, "stdin: not valid JSON: Expecting ',' delimiter")


def test_help_lists_run_first_and_every_command_in_the_readme_order() -> None:
    code, out, err = cli(["--help"])
    assert code == 0, err
    listed = [line.split()[0] for line in out.split("Commands:\n")[1].splitlines() if line]
    assert listed == ["run", "replay", "validate", "odds", "decide", "simulate", "kick",
                      "odds-kick", "list", "schema", "serve", "fumbbl", "setup"]


def test_play_best_header_names_both_coaches() -> None:
    """``--play best`` plays the kicking coach's kicker and Kick at his best too (the README:
    "both coaches' best choices"); the header said "the receivers' best choices"."""
    from kickoff.cli.render import choice_lines_applied

    assert choice_lines_applied("all", "best")[1] == (
        "Play: best, both coaches' best choices (the default: defaults)")


def test_a_set_up_of_the_other_pitch_is_named_by_its_pitch() -> None:
    code, out, err = cli(["validate", str(ROOT / "examples" / "my_defence.toml"), "--team",
                          "orc", "--ruleset", "sevens"])
    assert_invalid(code, out, err, "pitch: a set-up for the 'eleven' pitch cannot be used on "
                   "the 'sevens' pitch")


def test_setup_show_header_and_description_go_on_indented() -> None:
    code, out, err = cli(["setup", "show", "botbowl_off_wedge"])
    assert code == 0, err
    assert out.startswith("setups/eleven/botbowl_off_wedge: Wedge (offence, eleven pitch), drawn "
                          "as the\n  home team: h<jersey number>\n")
    assert "ball carrier\n  deep\n" in out


def test_wrapped_keeps_an_option_with_its_value() -> None:
    line = ("- Blitz! / Charge!: nobody acts (a whole free turn; not searched, --plan-budget 0) "
            "and more")
    assert wrapped(line).splitlines() == [
        "- Blitz! / Charge!: nobody acts (a whole free turn; not searched,",
        "  --plan-budget 0) and more"]


def test_run_kick_it_names_the_house_rule_in_its_first_line() -> None:
    """``run --kick-it`` said nothing of the house rule it played (as the header of odds and
    simulate names a scenario's house rules)."""
    code, out, err = cli(["run", "--kick-it", "--seed", "3"])
    assert code == 0, err
    assert out.startswith("bb2020 kick-off, home team kicking (house rule: Kick It!)\n")
    code, out, err = cli(["run", "--seed", "3"])
    assert out.startswith("bb2020 kick-off, home team kicking\n")


@pytest.mark.parametrize(("given", "first"), [("README.md", "'# kickoff'"),
                                              ("docs/web.md", "'# The web app'")])
def test_setup_import_of_a_text_that_is_no_set_up_is_one_message(given: str, first: str) -> None:
    """``setup import README.md`` listed 50 problems, one a character (``row 0, column 1: ' '
    is not a role letter``) and ``and N more``: a text that is no grid is named as such, once."""
    code, out, err = cli(["setup", "import", given, "--team", "orc"])
    assert_invalid(code, out, err, f"{given}: not a set-up file (lines that are no row of - and "
                   "role letters: ", f"the first line 1: {first}); setup import reads a botbowl "
                   "formation (15 rows of 13 characters for the 26x15 pitch) or a FUMBBL set-up")
    assert len(err.strip().splitlines()) == 1 and "role letter (" not in err


def test_a_formation_with_wrong_letters_still_gets_each_problem() -> None:
    """A grid of the right height keeps the per-square messages (a typo in a real formation)."""
    from kickoff.core.errors import ScenarioError
    from kickoff.core.rulesets import RULESETS
    from kickoff.formats.botbowl import parse_grid

    with pytest.raises(ScenarioError) as e:
        parse_grid("..x..........\n" * 15, "dots.txt", RULESETS["bb2020"].pitch)
    assert "row 0, column 0: '.' is not a role letter" in str(e.value)
    assert "not a set-up file" not in str(e.value)


@pytest.mark.parametrize("command", [["run"], ["odds"], ["simulate"], ["kick"], ["odds-kick"]])
def test_help_names_the_default_teams_and_set_ups(command: list[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The team and set-up options' help said "built-in or file" and not which ones are played
    when none is named (last session's left-alone list): each names kickoff.defaults'."""
    from kickoff.defaults import DEFAULT_SETUPS, DEFAULT_TEAMS

    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli([*command, "-h"])
    assert code == 0, err
    flat = " ".join(out.split())
    home, away = DEFAULT_TEAMS["bb2020"]
    (defence, offence), (sevens_d, sevens_o) = DEFAULT_SETUPS["eleven"], DEFAULT_SETUPS["sevens"]
    assert f"--home <str> Home team{' (without FILE)' if command != ['run'] else ''}: built-in " \
           f"name or team file (default: {home})." in flat
    assert f"team file (default: {away})." in flat.split("--away <str>")[1]
    said = (f"(default: {defence} kicking, {offence} receiving; sevens pitch: {sevens_d}, "
            f"{sevens_o}).")
    assert said in flat.split("--home-setup")[1] and said in flat.split("--away-setup")[1]


def test_optimize_help_names_the_kicking_team_s_and_the_start_s_defaults() -> None:
    code, out, err = cli(["setup", "optimize", "-h"])
    assert code == 0, err
    flat = " ".join(out.split())
    assert "--kicking-team <str> The kicking team: built-in name or team file (default: human)." \
        in flat
    assert "set-up file (default: botbowl_def_zone; sevens pitch: sevens_def_zone)." in flat
    assert ("(default: the one kickoff odds receives with, botbowl_off_wedge; sevens pitch: "
            "sevens_off_wedge)") in flat


def test_the_default_teams_named_in_help_are_the_ones_played() -> None:
    """The help's defaults are the ones the header names: a command told nothing plays
    kickoff.defaults' teams and set-ups (Reikland Reavers are the built-in human team)."""
    from kickoff.core.rulesets import RULESETS
    from kickoff.formats.teams import load_setup, load_team

    code, out, err = cli(["odds", "--target", "15,3", "--ruleset", "sevens", "--events", "none"])
    assert code == 0, err
    rs = RULESETS["sevens"]
    names = [load_team(t, rs.family)[1].name for t in ("human", "orc")]
    setups = [load_setup(s, rs.pitch)[1].name for s in ("sevens_def_zone", "sevens_off_wedge")]
    assert out.splitlines()[1:3] == [f"home: {names[0]}, {setups[0]}",
                                     f"away: {names[1]}, {setups[1]}"]


def test_odds_header_names_ruleset_teams_set_ups_kicker_kick_events_and_play() -> None:
    """Issue 26: ``odds`` named no teams, set-ups, kicker or Kick; its header, line by line."""
    code, out, err = cli(["odds", "--target", "20,3"])
    assert code == 0, err
    assert out.splitlines()[:6] == [
        "bb2020 kick-off, home team kicking",
        "home: Reikland Reavers, Zone",
        "away: Gouged Eye, Wedge",
        "Kicker h8: uses Kick (the default when he has it; --no-kick-skill: without)",
        "Events: all, the Kick-off table too (--events none: deviation and landing)",
        "Play: defaults, the format's choices for the receivers (--play best: the best)"]


def test_issue_26_table_names_tests_that_exist() -> None:
    """docs/architecture.md's table of issue 26's findings names, for each, the test that keeps
    it answered: every ``tests/FILE.py::NAME`` it names is a test function of that file, and
    every row names one (or the ``.ci/run`` step that checks it)."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text.split("## Issue 26: each finding and its test")[1]
    rows = [line for line in section.splitlines() if re.match(r"\| \d+ \|", line)]
    assert len(rows) == 27
    for row in rows:
        assert "tests/" in row.split(" | ")[3] or ".ci/run" in row, row
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", section)
    assert len(named) >= 30
    for path, name in named:
        assert re.search(rf"^(async )?def {name}\(", (ROOT / path).read_text(), re.M), (path, name)
    steps = (ROOT / ".ci" / "run").read_text()
    assert "mkdocs build --strict" in steps and "twine check --strict" in steps


def test_run_kicker_help_says_who_kicks_by_default() -> None:
    """``--kicker``'s help said "the spec's default kicker", a spec a coach has not read."""
    code, out, err = cli(["run", "-h"])
    assert code == 0, err
    flat = " ".join(out.split())
    assert ("--kicker <str> Kicker's id, e.g. h8 (default: the first eligible kicker with Kick, "
            "else the first eligible, else the first on the Line of Scrimmage; classic: nobody unless "
            "one eligible has Kick).") in flat
    assert "spec" not in flat


def test_optimize_says_how_close_the_tie_break_s_epsilon_is() -> None:
    """The new user's pass: ``setup optimize`` kept a start of 1.4% beside a best value met of
    1.7% and said only "within the tie-break's epsilon": it says how much that is."""
    from kickoff.cli.optimize_cmd import epsilon_text

    assert epsilon_text("receiver-holds") == "0.5 percentage points"
    assert epsilon_text("distance") == "0.05 squares"
    assert epsilon_text("mix:receiver-holds=0.5,touchback=0.5") == "0.0050"
    code, out, err = cli(["setup", "optimize", "--team", "orc", "--evaluations", "1",
                          "--events", "none"])
    assert code == 0, err
    flat = " ".join(out.split())
    assert ("(the suggestion is within the tie-break's epsilon of it, 0.5 percentage points: "
            "docs/analysis.md)") in flat


def test_odds_kicker_is_played_and_named() -> None:
    """``kickoff odds`` had no ``--kicker`` (``run`` has; last session's left-alone list). A
    kicker without Kick kicks as the default kicker told ``--no-kick-skill`` does (the
    deviation does not read who kicks): the same exact fraction, with the Kick-off events, and
    under best play too; the header and the JSON name him."""
    import json

    def odds(*args: str) -> dict[str, Any]:
        code, out, err = cli(["odds", "--target", "20,3", "--json", *args])
        assert code == 0, err
        return dict(json.loads(out))

    named, declined, default = odds("--kicker", "h4"), odds("--no-kick-skill"), odds()
    assert named["touchback"] == declined["touchback"] != default["touchback"]
    assert named["applied"]["kicker"] == "h4" and named["applied"]["use_kick_skill"] is False
    assert odds("--kicker", "h8")["touchback"] == default["touchback"]
    best = odds("--kicker", "h4", "--play", "best", "--events", "none")
    assert best["touchback"] == odds("--no-kick-skill", "--play", "best", "--events",
                                     "none")["touchback"]
    assert best["applied"]["kicker"] == "h4"
    code, out, err = cli(["odds", "--target", "20,3", "--kicker", "h4", "--events", "none"])
    assert code == 0, err
    assert out.splitlines()[3] == "Kicker h4: no Kick skill to use"


@pytest.mark.parametrize(("kicker", "why"), [
    ("a1", "a1 is not a Standing player of the kicking team on the pitch"),
    ("h99", "no player 'h99' in either team")])
def test_odds_kicker_the_rules_refuse_is_named_with_the_option(kicker: str, why: str) -> None:
    code, out, err = cli(["odds", "--target", "20,3", "--kicker", kicker])
    assert_invalid(code, out, err, f"--kicker: {why}")


def test_odds_kicker_agrees_with_the_engine_s_kick_offs() -> None:
    """The exact odds with a named kicker are what the engine's seeded kick-offs with that
    kicker give (within four standard errors)."""
    import json
    import math

    from kickoff.core import RULESETS, Decisions, SeededDice, Square, kick_off
    from kickoff.formats.match import build_match

    code, out, err = cli(["odds", "--target", "20,3", "--kicker", "h4", "--json"])
    assert code == 0, err
    exact = float(Fraction(json.loads(out)["touchback"]))
    rs = RULESETS["bb2020"]
    state = build_match("bb2020", None, None, None, None, "home").state
    decisions = Decisions(target=Square(20, 3), kicker="h4", kicker_given=True)
    dice, n = SeededDice(11), 4000
    hits = 0
    for _ in range(n):
        result = kick_off(state.clone(), rs, dice, decisions)
        assert result.kicker == "h4"
        hits += result.touchback
    assert abs(hits / n - exact) < 4 * math.sqrt(exact * (1 - exact) / n)


def test_the_solver_decides_kick_for_the_kicker_its_decisions_name() -> None:
    """``KickoffSolver(decisions=Decisions(kicker="h4", kicker_given=True))`` told nothing of
    Kick decided it for the default kicker (h8 has Kick), and the solve raised "kicker h4 has no
    Kick skill"; it plays the named kicker's default, as ``kick_use`` gives it."""
    from kickoff.analysis.exact.solver import KickoffSolver
    from kickoff.core import Decisions, Square
    from kickoff.formats.match import build_match

    match = build_match("bb2020", None, None, None, None, "home")
    named = KickoffSolver(match.state, match.ruleset, events="none",
                          decisions=Decisions(kicker="h4", kicker_given=True))
    declined = KickoffSolver(match.state, match.ruleset, events="none", use_kick_skill=False)
    assert named.use_kick_skill is False
    assert named.odds(Square(20, 3)).touchback == declined.odds(Square(20, 3)).touchback
    refused = KickoffSolver(match.state, match.ruleset, events="none",
                            decisions=Decisions(kicker="a1", kicker_given=True))
    with pytest.raises(KickoffError, match="a1 is not a Standing player of the kicking team"):
        refused.odds(Square(20, 3))


def test_simulate_kicker_is_played_and_named() -> None:
    """``kickoff simulate`` had no ``--kicker`` (``run`` and ``odds`` have): the kick-offs are
    played with him (a kicker without Kick kicks as the default kicker told
    ``--no-kick-skill``: the same counts from the same seed, where the default kicker's Kick
    gives others), the header and the JSON name him, and one the rules refuse is named with
    the option."""
    import json

    def simulate(*args: str) -> dict[str, Any]:
        code, out, err = cli(["simulate", "-n", "2000", "--seed", "3", "--target", "20,3",
                              "--json", *args])
        assert code == 0, err
        return dict(json.loads(out))

    named, declined, default = (simulate("--kicker", "h4"), simulate("--no-kick-skill"),
                                simulate())
    assert named["touchback"] == declined["touchback"] != default["touchback"]
    assert named["touchback"]["p"] > default["touchback"]["p"]
    assert named["applied"]["kicker"] == "h4" and named["applied"]["use_kick_skill"] is False
    assert default["applied"]["kicker"] == "h8"
    code, out, err = cli(["simulate", "-n", "20", "--seed", "3", "--kicker", "h4"])
    assert code == 0, err
    assert "Kicker h4: no Kick skill to use" in out.splitlines()
    code, out, err = cli(["simulate", "-n", "20", "--kicker", "a1"])
    assert_invalid(code, out, err, "--kicker: a1 is not a Standing player of the kicking team")
