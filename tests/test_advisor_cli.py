"""``kickoff setup optimize``: its value is what ``kickoff odds --all-targets`` gives for the set-up
it writes, the file loads as a set-up wherever one is read, the report shows both set-ups' values,
and bad input exits 1 with a message and nothing written."""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import assert_invalid, cli, shared

#: Quick searches: the Kick-off table off (setup optimize plays it by default, as odds does).
BASE = ["setup", "optimize", "--rounds", "2", "--seed", "4", "--events", "none"]


def _odds_best(args: list[str], kick: bool | None, objective: str = "receiver-holds",
               play: str = "defaults") -> dict[str, object]:
    """``kickoff odds --all-targets``'s best target; ``kick``: ``--kick-skill`` /
    ``--no-kick-skill``, ``None``: neither (the default: Kick when he has it)."""
    given = [] if kick is None else ["--kick-skill" if kick else "--no-kick-skill"]
    code, out, err = cli(["odds", "--all-targets", "--events", "none", "--objective", objective,
                          "--play", play, "--json", *given, *args])
    assert code == 0, err
    best: dict[str, object] = json.loads(out)["targets"][0]
    return best


def _minimax(args: list[str], objective: str = "receiver-holds") -> str:
    """The kicker's best value, his kicker using Kick when he has it (the default of both
    commands), by kickoff odds."""
    return str(Fraction(str(_odds_best(args, None, objective)["value"])))


@pytest.mark.parametrize(("ruleset", "team", "objective"), [
    ("bb2020", "orc", "receiver-holds"), ("sevens", "wood_elf", "touchback"),
    ("bb2020", "wood_elf", "distance")])
def test_value_is_what_odds_gives_for_the_file_written(
    tmp_path: Path, ruleset: str, team: str, objective: str
) -> None:
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--ruleset", ruleset, "--team", team, "--objective", objective,
                          "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert err == ""  # no progress bar with --json
    # the receiving team is away: the file loads with --away-setup
    best = _odds_best(["--ruleset", ruleset, "--away", team, "--away-setup", str(out_file)],
                      doc["use_kick_skill"], objective)
    assert best["value"] == doc["value"]
    assert best["target"] == doc["target"]
    # the set-up is what the file holds
    import tomllib

    assert tomllib.loads(out_file.read_text())["positions"] == doc["setup"]["positions"]
    # the starting set-up's value: the pitch's default offence
    assert doc["start_value"] == _minimax(["--ruleset", ruleset, "--away", team], objective)


@pytest.mark.slow
def test_play_best_is_what_odds_play_best_gives(tmp_path: Path) -> None:
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE[:2], "--rounds", "1", "--seed", "4", "--events", "none",
                          "--ruleset", "sevens",
                          "--team", "orc", "--play", "best", "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    best = _odds_best(["--ruleset", "sevens", "--away", "orc", "--away-setup", str(out_file)],
                      doc["use_kick_skill"], play="best")
    assert (best["value"], best["target"]) == (doc["value"], doc["target"])


def test_the_file_loads_as_the_home_setup_too(tmp_path: Path) -> None:
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--team", "orc", "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    # orc receiving as home against human kicking as away: the same value, mirrored target
    best = _odds_best(["--home", "orc", "--home-setup", str(out_file), "--away", "human",
                       "--away-setup", "botbowl_def_zone", "--kicking", "away"],
                      doc["use_kick_skill"])
    assert best["value"] == doc["value"]
    assert best["target"] == [25 - doc["target"][0], doc["target"][1]]
    code, out, err = cli(["validate", str(out_file), "--team", "orc"])
    assert code == 0, err


def test_report_shows_both_setups_on_the_pitch(tmp_path: Path) -> None:
    code, out, err = cli([*BASE, "--team", "orc", "--ruleset", "sevens"])
    assert code == 0, err
    assert "suggested" in out and "starting" in out
    assert "kicker's best target" in out
    assert " a1" in out or "a1 " in out
    assert "--out FILE" in out
    code, js, _ = cli([*BASE, "--team", "orc", "--ruleset", "sevens", "--json"])
    doc = json.loads(js)
    assert doc["value"] in out and doc["start_value"] in out


def test_same_seed_same_result_and_random_start() -> None:
    args = [*BASE, "--team", "orc", "--ruleset", "sevens", "--start", "random", "--json"]
    first, again = cli(args), cli(args)
    assert first == again
    assert first[0] == 0, first[2]


@pytest.mark.shared_data("data")
@pytest.mark.parametrize("start", ["formations/botbowl-11/off_wedge.txt",
                                   "setups/ffb/setup_orc_BattleLore.xml"])
def test_start_from_a_botbowl_formation_or_a_fumbbl_setup(tmp_path: Path, start: str) -> None:
    path = shared("data") / start
    code, out, err = cli([*BASE, "--team", "orc", "--start", str(path), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    # the starting value is that of the set-up setup import makes of it
    imported = tmp_path / "imported.toml"
    code, _, err = cli(["setup", "import", str(path), "--team", "orc", "--side", "away",
                        "--out", str(imported)])
    assert code == 0, err
    assert doc["start_value"] == _minimax(["--away", "orc", "--away-setup", str(imported)])


def test_start_value_is_the_imported_setups(tmp_path: Path) -> None:
    start = tmp_path / "start.toml"
    code, out, err = cli(["setup", "show", "botbowl_off_line", "--toml"])
    start.write_text(out)
    code, out, err = cli([*BASE, "--team", "orc", "--start", str(start), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["start_value"] == _minimax(["--away", "orc", "--away-setup", "botbowl_off_line"])


@pytest.mark.parametrize(("args", "needles"), [
    # a bound out of range is a usage error (exit 2), as simulate -n 0 is (issue 26)
    (["--seconds", "0"], ["'--seconds': 0 is out of range: 1 to 3600"]),
    (["--seconds", "3601"], ["--seconds"]),
    (["--rounds", "0"], ["--rounds"]),
    (["--evaluations", "-1"], ["'--evaluations': -1 is out of range: 0 to 16000000"]),
    (["--seed", "-1"], ["--seed"]),
    # integers as written, never through a float (which overflowed past 308 digits)
    (["--seed", "18446744073709551616"],
     ["18446744073709551616 is out of range: 0 to 18446744073709551615"]),
    (["--rounds", "1" + "0" * 400], ["'--rounds': 100000000000... (401 digits) is out of range"]),
    (["--workers", "0"], ["'--workers': 0 is not in the range 1<=x<=64"]),
    (["--workers", "65"], ["--workers"]),
])
def test_a_bound_out_of_range_is_a_usage_error_and_writes_nothing(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--team", "orc", "--out", str(out_file), *args])
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in " ".join(err.split()), err
    assert not out_file.exists()


@pytest.mark.parametrize(("args", "needles"), [
    (["--start", "no_such_setup"], ["no_such_setup"]),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], ["--workers", "--scheduler"]),
    (["--scheduler", "localhost"], ["--scheduler", "tcp://HOST:PORT"]),
    (["--scheduler", "tcp://127.0.0.1:9"], ["--scheduler tcp://127.0.0.1:9", "no Dask scheduler"]),
    (["--kicking-setup", "botbowl_off_wedge", "--kicking-team", "orc"], []),
])
def test_bad_options_exit_1_and_write_nothing(
    tmp_path: Path, args: list[str], needles: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import kickoff.analysis.cluster as cluster

    # a scheduler that never answers: 1 s, as test_cluster's refusals (the message is the same)
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--team", "orc", "--out", str(out_file), *args])
    if not needles:  # a legal kicking set-up: works
        assert code == 0, err
        return
    assert_invalid(code, out, err, *needles)
    assert not out_file.exists()


@pytest.mark.parametrize("where", ["missing/best.toml", "folder"])
def test_an_out_that_cannot_be_written_is_refused_before_the_search(
    tmp_path: Path, where: str
) -> None:
    """--out is checked before the search (which may take minutes), not after it: a folder that
    does not exist, or a folder where the file should be; the Rich bar never starts."""
    (tmp_path / "folder").mkdir()
    out_file = tmp_path / where
    code, out, err = cli([*BASE, "--team", "orc", "--seconds", "3600", "--out", str(out_file)])
    # a usage error naming the option, as for every option naming a file to write (2812d4f)
    reason = "no folder" if where.startswith("missing") else "is a folder; name the file"
    assert code == 2 and out == "" and "Invalid value for '--out'" in err, (out, err)
    assert reason in err and "Traceback" not in err
    assert "searching" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_a_name_near_the_file_systems_limit_is_written(tmp_path: Path) -> None:
    """The temporary file's name keeps only the start of the name: a 250-byte name that the
    file system takes is written, not refused as too long for ``.NAME.xxxxxxxx.part``."""
    out_file = tmp_path / ("s" * 245 + ".toml")
    code, out, err = cli([*BASE[:2], "--rounds", "1", "--events", "none", "--ruleset", "sevens",
                          "--team", "orc", "--out", str(out_file), "--json"])
    assert code == 0, err
    assert json.loads(out)["objective"] == "receiver-holds"
    assert 'pitch = "sevens"' in out_file.read_text()
    assert [p.name for p in tmp_path.iterdir()] == [out_file.name]


def test_illegal_start_names_the_file_and_the_player(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\npitch = "eleven"\n[positions]\n'
                   + "".join(f'{n} = [{n}, 7]\n' for n in range(1, 12)))
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--team", "orc", "--start", str(bad), "--out", str(out_file)])
    assert_invalid(code, out, err, str(bad), "Line of Scrimmage")
    assert not out_file.exists()


def test_team_too_small_to_set_up(tmp_path: Path) -> None:
    team = tmp_path / "empty.toml"
    team.write_text('name = "Nobody"\nfamily = "bb2020"\nplayers = []\n')
    code, out, err = cli([*BASE, "--team", str(team), "--out", str(tmp_path / "x.toml")])
    assert_invalid(code, out, err, str(team), "no players")
    assert not (tmp_path / "x.toml").exists()


def test_odds_and_optimize_agree_with_no_options_beyond_the_teams(tmp_path: Path) -> None:
    """Issue 26's acceptance: with nothing but the teams, setup optimize values a set-up as
    kickoff odds does at the kicker's best target (the same defaults: events all, the kicker
    using Kick when he has it). --evaluations bounds the search only: one candidate (each
    costs a solve of every target with the events, about 0.6 s of CPU; the value compared
    is the set-up written, whichever the search found)."""
    out_file = tmp_path / "best.toml"
    code, out, err = cli(["setup", "optimize", "--team", "orc", "--evaluations", "1",
                          "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["applied"] == {
        "ruleset": "bb2020", "kicking": "home", "events": "all", "play": "defaults",
        "kicker": "h8", "use_kick_skill": True,
        "teams": {"home": "Reikland Reavers, Zone (setups/eleven/botbowl_def_zone)",
                  "away": "Gouged Eye, starting from setups/eleven/botbowl_off_wedge"}}
    assert doc["evaluated"] == 1
    for value, target, setup in ((doc["value"], doc["target"], ["--away-setup", str(out_file)]),
                                 (doc["start_value"], doc["start_target"], [])):
        code, out, err = cli(["odds", "--away", "orc", *setup, "--target",
                              f"{target[0]},{target[1]}", "--json"])
        assert code == 0, err
        odds = json.loads(out)
        assert odds["receiving_team_holds"] == value
        assert odds["applied"]["events"] == "all" and odds["applied"]["use_kick_skill"] is True


def test_the_source_reproduces_a_run_bounded_by_seconds(tmp_path: Path) -> None:
    """The set-up file's source names every option and the evaluations the search reached, not
    the seconds: run as written, it gives the same set-up and value (issue 26)."""
    import shlex

    out_file = tmp_path / "best.toml"
    args = ["setup", "optimize", "--ruleset", "sevens", "--team", "orc", "--kicking-team",
            "human", "--start", "random", "--objective", "touchback", "--events", "none",
            "--no-kick-skill", "--seconds", "1", "--seed", "9", "--out", str(out_file)]
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    import tomllib

    source = tomllib.loads(out_file.read_text())["source"]
    assert source == doc["source"]
    words = shlex.split(source)
    assert words == ["kickoff", "setup", "optimize", "--ruleset", "sevens", "--team", "orc",
                     "--kicking-team", "human", "--start", "random", "--objective", "touchback",
                     "--events", "none", "--play", "defaults", "--no-kick-skill",
                     "--evaluations", str(doc["evaluated"]), "--seed", "9"]
    assert doc["evaluated"] > 0
    code, again, err = cli([*words[1:], "--json"])
    assert code == 0, err
    redo = json.loads(again)
    assert (redo["setup"]["positions"], redo["value"], redo["target"], redo["evaluated"]) == (
        doc["setup"]["positions"], doc["value"], doc["target"], doc["evaluated"])


def test_the_report_names_what_it_applied_and_prints_the_exact_values_whole(tmp_path: Path) -> None:
    # one run (about 3.5 s of CPU: bb2020's defaults, the events on): the values and the source
    # compared with those of the set-up file it writes
    written = tmp_path / "best.toml"
    code, out, err = cli(["setup", "optimize", "--team", "orc", "--evaluations", "1", "--out",
                          str(written)])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:7] == [
        "bb2020 kick-off, home team kicking",
        "home: Reikland Reavers, Zone (setups/eleven/botbowl_def_zone)",
        "away: Gouged Eye, starting from setups/eleven/botbowl_off_wedge",
        "Kicker h8: uses Kick (the default when he has it; --no-kick-skill: without)",
        "Events: all, the Kick-off table too (--events none: deviation and landing)",
        "Play: defaults, the format's choices for the receivers (--play best: the best)",
        "Objective: receiver-holds; the search: 1 candidate set-up (seed 0)"]
    doc = tomllib.loads(written.read_text())
    # "... found from <start>: <suggested> against <starting>"
    doc["value"], doc["start_value"] = doc["description"].rsplit(": ", 1)[1].split(" against ")
    assert all("/" in doc[v] for v in ("value", "start_value"))
    assert (f"Exact receiver-holds:\n  suggested {doc['value']}\n  starting {doc['start_value']}"
            in out)
    assert "Kick used: whether the kicker uses the Kick skill in that kick" in out
    # the source, as the shell reads it: lines within 80 columns joined by backslashes
    at = lines.index("The same suggestion again (the set-up file's source):")
    assert all(line.endswith(" \\") for line in lines[at + 1:-1])
    assert " ".join(line.removesuffix(" \\") for line in lines[at + 1:]) == doc["source"]
    assert "…" not in out
    # (but the path given to --out, as long as it is)
    assert f"written to {written}" in lines
    assert max(len(line) for line in lines if not line.startswith(("  ", "written to "))) <= 80
    # issue 26: counts agree with their nouns, events by their Blood Bowl names, the sentence
    # on the best value met wrapped within 80 columns with its lines indented, no trailing space
    said = lines.index(next(ln for ln in lines if ln.startswith("The suggestion moves")))
    count = int(lines[said].removeprefix("The suggestion moves ").split(" ", 1)[0])
    moved = f"{count} player" + ("" if count == 1 else "s")
    assert lines[said].startswith(f"The suggestion moves {moved} from the start; the best")
    assert lines[said + 1].startswith("  ")
    assert "player(s)" not in out and "1 candidate set-ups" not in out
    assert "1 candidate set-up searched; + marks the kicker's best target;" in lines
    assert all(len(line) <= 80 and line == line.rstrip() for line in lines[said:said + 2])
    events = [ln.split("│")[1].strip() for ln in lines if ln.startswith("│")]
    assert {"Get the Ref", "Time-out", "Blitz!", "Pitch Invasion"} <= set(events)
    assert "get_the_ref" not in out


def test_from_a_coachs_setup_with_his_line_kept(tmp_path: Path) -> None:
    """``--from`` is ``--start`` (the coach's own set-up); ``--keep N`` pins player N (his number,
    as the set-up file names him) where it has him, and the source says so."""
    out_file = tmp_path / "best.toml"
    code, out, err = cli([*BASE, "--ruleset", "sevens", "--team", "orc", "--from",
                          "sevens_off_line", "--keep", "1", "--keep", "2", "--keep", "3",
                          "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    import tomllib

    start = tomllib.loads((Path(__file__).parents[1] / "src/kickoff/data/setups/sevens/"
                           "sevens_off_line.toml").read_text())["positions"]
    for n in ("1", "2", "3"):
        assert doc["setup"]["positions"][n] == start[n]
    assert doc["keep"] == ["a1", "a2", "a3"]
    assert "--start sevens_off_line --keep 1 --keep 2 --keep 3 " in doc["source"]
    assert doc["moved"] == sum(doc["setup"]["positions"].get(k) != v for k, v in start.items())
    assert doc["by_event"] == []  # the events off


def test_keep_names_a_player_the_team_does_not_have() -> None:
    code, out, err = cli([*BASE, "--ruleset", "sevens", "--team", "orc", "--keep", "42"])
    assert_invalid(code, out, err, "--keep", "42")


@pytest.mark.slow
def test_play_best_with_the_events_is_what_odds_play_best_gives(tmp_path: Path) -> None:
    """Issue 24's acceptance, the free moves not searched (``--plan-budget 0`` on both; with
    the default search: ``tests/test_advisor_plans.py``): ``setup optimize --play best --events
    all``'s value is ``odds --all-targets --play best`` on the set-up it wrote; the report's
    values per Kick-off event add up to both set-ups' values (the kicking coach's kicker fixed:
    one kicker)."""
    out_file = tmp_path / "best.toml"
    code, out, err = cli(["setup", "optimize", "--ruleset", "sevens", "--team", "wood_elf",
                          "--events", "all", "--play", "best", "--evaluations", "2", "--seed", "1",
                          "--plan-budget", "0", "--out", str(out_file), "--json"])
    assert code == 0, err
    doc = json.loads(out)
    code, out, err = cli(["odds", "--all-targets", "--events", "all", "--play", "best",
                          "--objective", "receiver-holds", "--plan-budget", "0",
                          "--ruleset", "sevens", "--away", "wood_elf", "--away-setup",
                          str(out_file), "--json"])
    assert code == 0, err
    best = json.loads(out)["targets"][0]
    assert (best["value"], best["target"]) == (doc["value"], doc["target"])
    assert len(doc["by_event"]) == 11
    assert (doc["applied"]["plan_budget"], doc["applied"]["plan_resetups"]) == (0, False)
    assert "ranked" not in doc and "--plan-budget 0 " in doc["source"]


def test_evaluations_0_is_the_start_alone_and_says_so() -> None:
    """--evaluations 0 is in range (a search cancelled before its first candidate records it in
    its source, which must run again): the report says what it did (issue 26)."""
    code, out, err = cli(["setup", "optimize", "--team", "orc", "--events", "none",
                          "--evaluations", "0"])
    assert code == 0, err
    assert ("Objective: receiver-holds; the search: 0 candidate set-ups (none valued: the "
            "start alone; seed 0)") in out.splitlines()
    assert "The suggestion moves 0 players from the start;" in out
