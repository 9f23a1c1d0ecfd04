"""``kickoff fumbbl review`` (issue 28, point 1): every value it gives equals what ``kickoff odds``
(and ``kickoff decide``, for an event's decision) gives on the scenario ``kickoff fumbbl extract``
writes for that kick-off.

Contract: the brief of issue 28 ("every value it prints equals what kickoff odds gives on the
scenario fumbbl extract writes for that kick-off; a test checks it for every shared game") and
``docs/fumbbl.md`` ("Reviewing a game"). The quick suite reviews one game (its table, its advice,
a folder); every value of every shared game is checked against odds and decide under
``@pytest.mark.slow``.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_DIR, assert_invalid, cli, shared, table_sections

from kickoff.analysis.review import gap

REPLAYS = SHARED_DIR / "data" / "fumbbl-replays"
needs_replays = pytest.mark.shared_data("data/fumbbl-replays/1559380.json.gz")


def _json(args: list[str]) -> Any:
    code, out, err = cli(args)
    assert code == 0, err
    return json.loads(out)


def check_game(replay: Path, tmp_path: Path) -> dict[str, Any]:
    """Review ``replay`` and check every value against ``kickoff odds`` / ``kickoff decide`` on
    the scenarios ``kickoff fumbbl extract`` writes; the review. The test reads the exact values
    back past Python's 4,300-digit limit (a classic kick-off's run to 16,000 digits: the
    commands write them with ``kickoff.core.fraction_text``)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return _check_game(replay, tmp_path)
    finally:
        sys.set_int_max_str_digits(limit)


def _check_game(replay: Path, tmp_path: Path) -> dict[str, Any]:
    review = _json(["fumbbl", "review", str(replay), "--json"])
    code, out, err = cli(["fumbbl", "extract", str(replay), "--out", str(tmp_path)])
    assert code == 0, err
    files = out.split()
    assert [k["kickoff"] for k in review["kickoffs"]] == list(range(1, len(files) + 1))
    for k, file in zip(review["kickoffs"], files, strict=True):
        kick = k["judged"][0]
        assert kick["what"] == "kick" and kick["side"] == k["kicking"]
        assert json.loads(Path(file).read_text())["ruleset"] == review["ruleset"]
        one = _json(["odds", file, "--objective", "receiver-holds", "--json"])
        assert one["applied"]["kicker"] == k["kicker"]
        assert one["applied"]["use_kick_skill"] == k["use_kick_skill"]
        assert kick["chosen"] == one["receiving_team_holds"]
        ranked = _json(["odds", file, "--all-targets", "--objective", "receiver-holds", "--json"])
        best = ranked["targets"][0]
        assert kick["best"] == best["value"] == k["setup"]["value_against_best_kick"]
        assert k["best_target"] == best["target"]
        assert Fraction(kick["gap"]) == Fraction(kick["chosen"]) - Fraction(best["value"]) >= 0
        for event in k["judged"][1:]:
            answer = _json(["decide", file, "--objective", "receiver-holds", "--json"])
            assert event["what"] == answer["kind"] == k["event"]
            assert event["chosen"] == answer["played"]["value"]
            assert event["best"] == answer["options"][0]["value"]
            receivers = answer["side"] == k["receiving"]
            assert Fraction(event["gap"]) == gap(Fraction(event["chosen"]),
                                                 Fraction(event["best"]), "receiver-holds",
                                                 receivers)
            if event["what"] == "high_kick":  # and kickoff odds with the choice scripted
                played = answer["played"]["decisions"]["high_kick"]
                if played is not None:
                    scripted = _json(["odds", file, "--objective", "receiver-holds",
                                      "--high-kick", played, "--json"])
                    assert event["chosen"] == scripted["receiving_team_holds"]
    for side in ("home", "away"):
        gaps = [Fraction(j["gap"]) for k in review["kickoffs"] for j in k["judged"]
                if j["side"] == side]
        assert Fraction(review["summary"][side]["given_away"]) == sum(gaps, Fraction(0))
        assert review["summary"][side]["at_best"] == sum(1 for g in gaps if g == 0)
    return review


@pytest.mark.slow  # (half a minute; the quick suite reviews the same game in the tests below)
@needs_replays
def test_one_game_agrees_with_odds_and_decide(tmp_path: Path) -> None:
    review = check_game(REPLAYS / "1559380.json.gz", tmp_path)
    first = review["kickoffs"][0]
    assert first["event"] == "high_kick" and first["judged"][1]["side"] == "away"
    assert review["applied"]["objective"] == "receiver-holds"
    assert review["ruleset"] == "bb2020"


#: The classic game ``.ci/run`` checks (its budget: one worker runs this file's games one after
#: the other). ``KICKOFF_REVIEW_ALL=1 pytest -m slow tests/test_fumbbl_review.py`` checks every
#: classic game of the folder instead (docs/fumbbl.md): the 43 shared ones passed it on
#: 2026-12-07, compiled, one at a time: 40 of them in 4 to 286 s of CPU each, and the three whose
#: ``kickoff odds --all-targets`` ranks every target exactly with classic's Pitch Invasion,
#: 1005239 in 162 s (2.7 GB), 1005115 in 153 s (4.6 GB) and 1005253 in 841 s (6.2 GB).
CI_CLASSIC_GAME = "1005000"
#: The variable that asks the slow check for every classic game of the folder.
ALL_GAMES = "KICKOFF_REVIEW_ALL"


def slow_check_games(every_classic_game: bool) -> list[str]:
    """The shared games the slow check reviews, as paths under ``REPLAYS`` (none when the shared
    data is absent: the gate below skips): every 2020 / 2025 game, and the CI's classic game or,
    with ``every_classic_game``, every classic game of ``classic-2017/``."""
    classic = (sorted(str(p.relative_to(REPLAYS)) for p in REPLAYS.glob("classic-2017/*.gz"))
               if every_classic_game else [f"classic-2017/{CI_CLASSIC_GAME}.json.gz"])
    return [*sorted(str(p.relative_to(REPLAYS)) for p in REPLAYS.glob("*.gz")), *classic]


SHARED_GAMES = slow_check_games(os.environ.get(ALL_GAMES) == "1")


@pytest.mark.slow
@needs_replays
@pytest.mark.parametrize("game", SHARED_GAMES)
def test_every_shared_game_agrees_with_odds(tmp_path: Path, game: str) -> None:
    assert len(SHARED_GAMES) >= 7
    check_game(REPLAYS / game, tmp_path)


@needs_replays
def test_the_slow_check_can_reach_every_shared_classic_game() -> None:
    """``KICKOFF_REVIEW_ALL=1`` checks every classic game of the shared folder, none twice, and
    the CI's classic game is one of them."""
    every = slow_check_games(every_classic_game=True)
    classic = [g for g in every if g.startswith("classic-2017/")]
    assert len(classic) == len(set(classic)) >= 43
    assert f"classic-2017/{CI_CLASSIC_GAME}.json.gz" in classic
    assert every[:len(every) - len(classic)] == slow_check_games(every_classic_game=False)[:-1]


@needs_replays
def test_the_table_fits_80_columns() -> None:
    code, out, err = cli(["fumbbl", "review", str(REPLAYS / "1559380.json.gz")])
    assert code == 0, err
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "High Kick" in out and "receiver-holds" in out
    assert "away: [AZES] Malta Dodgers (Human)" in out
    # the first line names the game, its ruleset and both teams (a new user's finding)
    assert " ".join(out.splitlines()[:2]).startswith(
        "FUMBBL game 1559380, bb2020 rules; home: [Gonzi] Scuola caoz (Chaos Dwarf);")


@pytest.mark.parametrize("body", [b"\x1f\x8b\x08\x00trunc", b"{}", b"not json"])
def test_a_bad_replay_is_one_message_exit_1(tmp_path: Path, body: bytes) -> None:
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(body)
    code, out, err = cli(["fumbbl", "review", str(bad)])
    assert_invalid(code, out, err, str(bad))


def test_a_replay_without_kickoffs_is_refused(tmp_path: Path) -> None:
    src = shared() / "1559380.json.gz"
    doc = json.loads(gzip.decompress(src.read_bytes()))
    doc["gameLog"]["commandArray"] = []
    empty = tmp_path / "empty.json.gz"
    empty.write_bytes(gzip.compress(json.dumps(doc).encode()))
    code, out, err = cli(["fumbbl", "review", str(empty)])
    assert_invalid(code, out, err, "no kick-off")


@pytest.fixture(scope="module")
def advised() -> dict[str, Any]:
    """``fumbbl review 1546677 --advise 0.5 --json`` (6 s of CPU: the advisor's searches), run
    once for the module (by the slow --advise test: the folder test reads the review without
    --advise, :func:`plain`, a third of the CPU)."""
    doc: dict[str, Any] = _json(["fumbbl", "review", str(REPLAYS / "1546677.json.gz"),
                                 "--advise", "0.5", "--json"])
    return doc


@pytest.fixture(scope="module")
def plain() -> dict[str, Any]:
    """``fumbbl review 1546677 --json``, once for the module: the folder test reads its kicks'
    gaps, the --advise test checks that --advise judges the same kicks."""
    doc: dict[str, Any] = _json(["fumbbl", "review", str(REPLAYS / "1546677.json.gz"),
                                 "--json"])
    return doc


# slow (5 s): the --advise review; tests/test_review_advisor.py keeps the advisor's review quick
@pytest.mark.slow
@needs_replays
def test_advise_judges_the_set_up_against_the_advisors(tmp_path: Path, advised: dict[str, Any],
                                                       plain: dict[str, Any]) -> None:
    review = advised
    assert review["applied"]["advise"] == 0.5
    # the kick's judgement does not depend on --advise
    assert [k["judged"][0] for k in review["kickoffs"]] == [
        k["judged"][0] for k in plain["kickoffs"]]
    extracted = _extracted(tmp_path)  # once: each kick-off's scenario file
    for k in review["kickoffs"]:
        setup = next(j for j in k["judged"] if j["what"] == "setup")
        assert setup["side"] == k["receiving"]
        assert setup["chosen"] == k["setup"]["value_against_best_kick"]
        # receiver-holds: the receivers want it high; the search starts from the real set-up
        assert Fraction(setup["best"]) >= Fraction(setup["chosen"])
        assert Fraction(setup["gap"]) == Fraction(setup["best"]) - Fraction(setup["chosen"])
        assert set(k["advice"]) == {p["id"] for p in _receivers(extracted, k)}
    # the summary: strictly better and equal apart ("at least as good" is 1 by construction)
    gains = [Fraction(j["gap"]) for k in review["kickoffs"] for j in k["judged"]
             if j["what"] == "setup"]
    advisor = review["advisor"]
    assert advisor["kickoffs"] == len(gains) == len(review["kickoffs"])
    assert advisor["strictly_better_kickoffs"] == sum(1 for g in gains if g > 0)
    assert advisor["equal_kickoffs"] == sum(1 for g in gains if g == 0)


def _extracted(tmp_path: Path) -> list[str]:
    """The scenario files ``fumbbl extract`` writes for the game, one a kick-off, in order."""
    out = tmp_path / "x"
    code, files, err = cli(["fumbbl", "extract", str(REPLAYS / "1546677.json.gz"), "--out",
                            str(out)])
    assert code == 0, err
    return files.split()


def _receivers(files: list[str], k: dict[str, Any]) -> list[dict[str, Any]]:
    doc = json.loads(Path(files[k["kickoff"] - 1]).read_text())
    return list(doc["teams"][k["receiving"]]["players"])


@needs_replays
def test_a_folder_gives_the_distribution_of_each_gap(tmp_path: Path,
                                                    plain: dict[str, Any]) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "1546677.json.gz").write_bytes((REPLAYS / "1546677.json.gz").read_bytes())
    (folder / "bad.json").write_text("not json")
    code, out, err = cli(["fumbbl", "review", str(folder), "--json"])
    assert code == 1, err  # the failed replay is in "failed" (as verify --json)
    doc = json.loads(out)
    # the game reviewed alone
    assert all(k["judged"][0]["what"] == "kick" for k in plain["kickoffs"])
    gaps = [Fraction(k["judged"][0]["gap"]) for k in plain["kickoffs"]]
    kick = doc["gaps"]["bb2020/kick"]
    assert doc["games"] == 1 and kick["n"] == len(gaps) == 3
    assert kick["mean"] == f"{float(sum(gaps, Fraction(0)) / 3):.12g}"
    assert kick["q90"] == str(max(gaps)) and kick["q25"] == str(min(gaps))
    assert Fraction(kick["at_best"]) == Fraction(sum(1 for g in gaps if g == 0), 3)
    assert doc["failed"][0]["file"].endswith("bad.json")


def test_nearest_rank_quantiles() -> None:
    from kickoff.cli.review_many import nearest_rank

    values = [Fraction(n) for n in (5, 1, 4, 2, 3)]
    assert [nearest_rank(values, Fraction(q, 10)) for q in (0, 2, 5, 9, 10)] == [
        1, 1, 3, 5, 5]
    with pytest.raises(ValueError, match="no values"):
        nearest_rank([], Fraction(1, 2))


def test_advisor_figures_count_strictly_better_and_equal_apart() -> None:
    from kickoff.analysis.review import advisor_figures

    figures = advisor_figures([Fraction(0), Fraction(1, 10), Fraction(0), Fraction(3, 10)])
    assert figures["strictly_better_kickoffs"] == 2 and figures["strictly_better"] == "1/2"
    assert figures["equal_kickoffs"] == 2 and figures["equal"] == "1/2"
    assert figures["mean_gain"] == "0.1" and "at_least_as_good" not in figures
    with pytest.raises(ValueError, match="no gains"):
        advisor_figures([])


@pytest.mark.parametrize("as_json", [False, True])
def test_a_folder_without_replays_is_one_message(tmp_path: Path, as_json: bool) -> None:
    """As ``verify``: a folder holding no replay (a mistyped folder, an empty download) is one
    message naming it, exit 1. It printed an empty table of "0 games" and exited 0."""
    (tmp_path / "notes.txt").write_text("not a replay")
    code, out, err = cli(["fumbbl", "review", str(tmp_path), *(["--json"] if as_json else [])])
    assert_invalid(code, out, err, f"{tmp_path}: no FUMBBL replay (*.json, *.gz) in this folder")


def test_the_help_names_every_kind_of_argument() -> None:
    """The argument's help names the three things ``review`` takes (``docs/fumbbl.md``): a
    replay file, a folder of them and a game id; it left the folder out."""
    code, out, err = cli(["fumbbl", "review", "-h"])
    assert code == 0, err
    words = " ".join(out.split())
    assert ("A FUMBBL replay (gzipped or plain JSON), a folder of them (searched recursively: "
            "the gaps over every game, by era and choice), or a FUMBBL game id to fetch.") in words


def test_a_folder_review_says_what_it_applied(tmp_path: Path) -> None:
    """A folder's table comes after the lines of what was applied, as one game's does (the
    objective, the events, the defaults, the plan budget): it named only the objective."""
    (tmp_path / "bad.json").write_text("not json")
    code, out, err = cli(["fumbbl", "review", str(tmp_path), "--plan-budget", "3"])
    assert code == 1 and "bad.json: not valid JSON" in err
    head = out.splitlines()[:6]
    assert head[0] == "Objective: receiver-holds (--objective); the Kick-off events on,"
    assert "the best of 3 plans at most" in head[1] and "(--plan-budget)" in head[2]
    assert head[4] == "set-up advisor: not run (--advise SECONDS, --advise-evaluations N)"
    # how many replays failed is said on stdout too, before the table (s41-user's finding)
    assert head[5] == "1 of 1 replays failed (each named on stderr)"
    assert out.splitlines()[6] == "0 games: the gaps (receiver-holds), by era and choice"


def test_a_png_folder_that_is_a_file_is_refused_before_the_review(tmp_path: Path) -> None:
    """``--png`` naming a file (or a path through one) is refused before any work: it was
    found only when the images were written, after the whole review (minutes of CPU for a
    classic game). The replay named here does not exist: the --png problem comes first."""
    blocker = tmp_path / "taken"
    blocker.write_text("")
    for png in (blocker, blocker / "sub"):
        assert_invalid(*cli(["fumbbl", "review", str(tmp_path / "missing.json"),
                             "--png", str(png)]),
                       f"--png: {png}: {blocker} is a file, not a folder")
    assert blocker.read_text() == ""


@pytest.mark.parametrize("sub", ["", "sub"])
def test_a_png_folder_that_may_not_be_written_is_refused_before_the_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sub: str) -> None:
    """A read-only ``--png`` folder (or one under a read-only folder) was found only when the
    images were written, after the whole review, as a file in its way was before. The replay
    named here does not exist: the --png problem comes first. Nothing is made."""
    from kickoff.cli import review_cmd

    folder = tmp_path / "read-only"
    folder.mkdir(mode=0o500)
    if os.geteuid() == 0:  # root writes anywhere: the folder as another user sees it
        monkeypatch.setattr(review_cmd, "writable", lambda p: p != folder, raising=False)
    png = folder / sub if sub else folder
    try:
        code, out, err = cli(["fumbbl", "review", str(tmp_path / "missing.json"),
                              "--png", str(png)])
    finally:
        folder.chmod(0o700)
    assert_invalid(code, out, err, f"--png: {png}: cannot make the folder: {folder} may not be "
                   "written" if sub else f"--png: {png}: cannot write into the folder")
    assert list(folder.iterdir()) == []
    assert review_cmd.writable(tmp_path)  # (the real check, on a folder this process owns)


@pytest.mark.parametrize("command", ["review", "extract", "verify"])
def test_kickoffs_own_documents_given_as_a_replay_are_named_in_one_line(
        tmp_path: Path, command: str) -> None:
    """The scenario ``fumbbl extract`` writes (the easiest mistake: ``review`` on its output, or
    on a folder holding it), its ``--cases`` case, a result document and the JSON ``review`` and
    ``verify`` print were each two lines naming the keys a replay lacks (``game: required key
    is missing``, ``gameLog: ...``) or one naming a key; now one line saying what the file is."""
    repo = Path(__file__).resolve().parents[1]
    scenario = repo / "examples" / "scenario.json"
    code, result, err = cli(["replay", str(scenario)])
    assert code == 0, err
    (tmp_path / "result.json").write_text(result)
    files = {scenario: "a kickoff-scenario/1 document (what kickoff fumbbl extract writes",
             repo / "tests" / "data" / "fumbbl" / "1559380-ko1.json":
                 "a test case ({about, source, scenario, expect}), what kickoff fumbbl "
                 "extract --cases writes",
             tmp_path / "result.json": "a kickoff-result/1 document (what kickoff replay"}
    printed = {"review.json": ({"game": "1", "ruleset": "bb2020", "applied": {}, "kickoffs": [],
                                "summary": {}}, "review --json"),
               "folder.json": ({"applied": {}, "games": 0, "gaps": {}, "advisor": None,
                                "failed": []}, "review FOLDER --json"),
               "verify.json": ({"summary": {}, "kickoffs": [], "failed": []}, "verify --json")}
    for name, (doc, command_line) in printed.items():
        (tmp_path / name).write_text(json.dumps(doc))
        files[tmp_path / name] = f"what kickoff fumbbl {command_line} prints"
    for path, what in files.items():
        code, out, err = cli(["fumbbl", command, str(path), *(
            ["--out", str(tmp_path / "out")] if command == "extract" else [])])
        assert_invalid(code, out, err)
        assert err.splitlines() == [err.splitlines()[0]]
        assert err.startswith(f"error: {path}: not a FUMBBL replay: {what}"), err
    assert not (tmp_path / "out").exists()


def test_a_game_id_with_rich_markup_is_printed_as_written() -> None:
    """The table's title holds the replay's game id (``gameId``: any string): ``[/]`` was Rich
    markup, a MarkupError traceback after the header had been printed."""
    import io

    from rich.console import Console

    from kickoff.cli.review_cmd import _table

    out = io.StringIO()
    Console(file=out, width=200).print(_table("[/][bold]x", [], "receiver-holds"))
    # (the title wrapped to the width of a table without rows)
    assert " ".join(out.getvalue().split()[:9]) == (
        "FUMBBL game [/][bold]x: each choice against the best (receiver-holds)")


def test_an_error_names_the_file_as_written(tmp_path: Path) -> None:
    """Every command's error line (``cli.common.fail``) prints its message as written: a
    backslash before a ``[`` in a file's name (or a FUMBBL id) made the escaped bracket markup
    again, so a missing ``a\\[red]b.json`` was named ``a\\b.json``."""
    missing = tmp_path / "a\\[red]b.json"
    code, out, err = cli(["fumbbl", "review", str(missing)])
    assert_invalid(code, out, err)
    assert err == f"error: {missing}: no such file\n"


def test_an_illegal_set_up_is_one_readable_line(tmp_path: Path) -> None:
    """A kick-off whose set-up is illegal (here both rosters swapped: every player in the other
    half) was ``illegal set-up:; - home team: ...; - home team: ...``, two problems and no word
    of the rest; now ``illegal set-up: home team: ...; ...; and N more``, review and extract."""
    doc = json.loads(gzip.decompress((shared() / "1559380.json.gz").read_bytes()))
    game = doc["game"]
    game["teamHome"], game["teamAway"] = game["teamAway"], game["teamHome"]
    swapped = tmp_path / "swapped.json"
    swapped.write_text(json.dumps(doc))
    for command, words in (("review", "cannot be reviewed"),
                           ("extract", "the log's values make no scenario")):
        code, out, err = cli(["fumbbl", command, str(swapped), "--out", str(tmp_path / "out")]
                             if command == "extract" else ["fumbbl", command, str(swapped)])
        assert_invalid(code, out, err, f"kick-off 1: {words}: illegal set-up: home team: "
                       "player p15064977 at [13, 7] is outside its own half (x 0..12); ")
        first = err.splitlines()[0]
        assert ":;" not in first and "- " not in first
        assert re.search(r"; and \d+ more$", first), first
    assert not (tmp_path / "out").exists()
    from kickoff.cli.common import in_one_line

    assert in_one_line("illegal set-up:\n- a\n- b") == "illegal set-up: a; b"
    assert in_one_line("one problem") == "one problem"
    assert in_one_line("x:\n- 1\n- 2\n- 3\n- 4\n- 5", most=2) == "x: 1; 2; and 3 more"


def test_a_gap_too_small_for_two_decimals_is_not_shown_as_none() -> None:
    """A choice not at the best whose gap rounds to 0 (1546677's third kick: [19, 7] against
    [19, 8], 0.0008 %) showed ``0.00%``, as a choice at the best, beside "1 of 2 choices at
    the best; given away 0.00% in all"; now ``<0.01%`` (``<0.001`` squares)."""
    import io
    from types import SimpleNamespace

    from rich.console import Console

    from kickoff.cli.review_cmd import _table

    tiny = Fraction(11092351137565588841, 1364786332222633845719040)
    judged = SimpleNamespace(side="home", what="kick", chosen_text="kick at [19, 7]",
                             chosen=Fraction(971, 10**4), best_text="kick at [19, 8]",
                             best=Fraction(971, 10**4) - tiny, gap=tiny)
    out = io.StringIO()
    Console(file=out, width=80).print(_table("1546677", [(3, SimpleNamespace(judged=[judged]))],
                                             "receiver-holds"))
    assert table_sections(out.getvalue()) == [[["3", "home", "kick", "[19, 7]", "9.71%",
                                                "[19, 8]", "9.71%", "<0.01%"]]]
    from kickoff.cli.review_cmd import gap_text

    assert gap_text(tiny, "receiver-holds") == "<0.01%"
    assert gap_text(Fraction(0), "receiver-holds") == "0.00%"
    assert gap_text(Fraction(1, 20000), "receiver-holds") == "0.01%"
    assert gap_text(Fraction(1, 10**4), "distance") == "<0.001"
    assert gap_text(Fraction(0), "distance") == "0.000"
    assert gap_text(Fraction(3, 2), "distance") == "1.500"


def test_a_byte_order_mark_before_a_replay_is_read_past(tmp_path: Path) -> None:
    """A replay saved again by an editor ("UTF-8 with BOM") was refused with Python's words
    (``Unexpected UTF-8 BOM (decode using utf-8-sig)``); FUMBBL's data is read past it, as a
    FUMBBL set-up is. A kickoff document keeps to its format: the message says what to do."""
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    replay = gzip.decompress((shared() / "1546677.json.gz").read_bytes())
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + replay)
    assert [k.scenario for k in extract_kickoffs(marked)] == [
        k.scenario for k in extract_kickoffs(shared() / "1546677.json.gz")]
    scenario = Path(__file__).resolve().parents[1] / "examples" / "scenario.json"
    (tmp_path / "s.json").write_bytes(b"\xef\xbb\xbf" + scenario.read_bytes())
    assert_invalid(*cli(["replay", str(tmp_path / "s.json")]),
                   f"{tmp_path / 's.json'}: not valid JSON: it starts with a byte order mark "
                   "(U+FEFF, an editor's \"UTF-8 with BOM\"): save it as UTF-8 without one")


def _long_review(gap: Fraction) -> Any:
    """A kick-off's review as the terminal's output reads it, one kick judged with ``gap``."""
    from types import SimpleNamespace

    from kickoff.core.pitch import Square

    judged = SimpleNamespace(side="home", what="kick", chosen_text="kick at [19, 7]",
                             chosen=Fraction(1, 3) + gap, best_text="kick at [19, 8]",
                             best=Fraction(1, 3), gap=gap)
    return SimpleNamespace(judged=[judged], kicker="h1", use_kick_skill=False, kicking="home",
                           receiving="away", best_target=Square(19, 8),
                           setup_value=Fraction(1, 3), notes=[])


#: A gap of more digits than Python reads from text (4,300): classic games' (1005181: 13,060).
LONG_GAP = Fraction(1, 7 ** 6000)


def test_a_game_whose_gaps_run_past_4300_digits_prints(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """The team summary read each side's given-away value back from its exact text: past
    Python's 4,300 digits (classic-2017/1005181, 13,060) a ValueError traceback at the end of
    the review; the table of a folder's gaps did the same with its quantiles."""
    from kickoff.cli.review_cmd import _print, summary

    reviews = [(1, _long_review(LONG_GAP))]
    teams = {"home": "H", "away": "A"}
    _print("1", reviews, "receiver-holds", summary(reviews, teams), 16)
    out = capsys.readouterr().out
    assert "  0 of 1 choices at the best; given away <0.01% in all" in out


def test_a_folder_whose_gaps_run_past_4300_digits_prints(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from kickoff.cli import review_many

    def reviewed(path: Path, *args: object) -> Any:
        kickoff = SimpleNamespace(scenario={"ruleset": "classic"})
        return "1", [kickoff], [(1, _long_review(LONG_GAP))]

    monkeypatch.setattr(review_many, "review_game", reviewed)
    (tmp_path / "game.json").write_text("{}")
    code, out, err = cli(["fumbbl", "review", str(tmp_path)])
    assert code == 0, err
    assert table_sections(out) == [[["classic", "kick", "1", "<0.01%", "<0.01%", "<0.01%",
                                     "<0.01%", "0%"]]]
    code, out, err = cli(["fumbbl", "review", str(tmp_path), "--json"])
    assert code == 0, err
    q50 = json.loads(out)["gaps"]["classic/kick"]["q50"]
    assert q50.startswith("1/") and len(q50) == 2 + 5071  # 7 ** 6000: 5,071 digits, whole
