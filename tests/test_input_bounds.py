"""Bounded readers (issue 27, point 2): a TOML key of many dotted parts refused before ``tomllib``
(whose cost is quadratic in them), every problem list capped, a document's size checked before
pydantic builds a model, invisible characters in player ids and duplicate roster position ids
refused, a botbowl grid's rows split on line breaks only.

The reproducers of the issue run as processes of their own under a 1 GB address-space limit
(``resource.setrlimit`` in the child) and a timeout: exit status 1, a message, no traceback.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, player
from test_fumbbl_log import cmd, land, rep, replay_doc, scatter
from test_fumbbl_rarer import _plain

from kickoff.core.errors import ScenarioError
from kickoff.core.pitch import PITCHES
from kickoff.formats import botbowl, reading
from kickoff.formats.match import match_scenario
from kickoff.formats.reading import MAX_KEY_PARTS, MAX_PROBLEMS, deep_key_problem, load_toml
from kickoff.formats.rosters import parse_roster
from kickoff.formats.scenario import parse_scenario

ENTRY = "import sys; from kickoff.cli import main; sys.exit(main())"
TIMEOUT = 60
GB = 1 << 30
SCENARIO = match_scenario("bb2020", None, None, None, None, "home")[0]


def _one_gb() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (GB, GB))


def _kickoff(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=TIMEOUT, check=False, preexec_fn=_one_gb)


def _refused(done: subprocess.CompletedProcess[str], needle: str) -> None:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    assert needle in done.stderr, done.stderr


# --------------------------------------------------------------------------- TOML dotted keys


def _dotted(parts: int) -> str:
    return ".".join(["a"] * parts)


@pytest.mark.parametrize("text", [
    f"{_dotted(40_000)} = 1\n",                                  # 80 KB: 60 s and 6.3 GB before
    "\n".join(f'"q{i}"' for i in range(5_000)).replace("\n", ".") + " = 1\n",
    f"[{_dotted(20_000)}]\nx = 1\n",
    f"[[{_dotted(20_000)}]]\n",
    f"t = {{ {_dotted(20_000)} = 1 }}\n",
    f"name = 'x'\n  {_dotted(MAX_KEY_PARTS + 1)} = 1\n",
], ids=["bare", "quoted", "header", "array-of-tables", "inline", "just-past"])
def test_a_key_of_too_many_parts_is_refused_before_parsing(text: str) -> None:
    start = time.process_time()  # CPU: the load of the machine does not count
    with pytest.raises(ScenarioError) as caught:
        load_toml(text, "team.toml")
    assert time.process_time() - start < 5
    assert re.fullmatch(rf"team\.toml: not valid TOML: a key at line \d+ column \d+ has more than "
                        rf"{MAX_KEY_PARTS} dotted parts, the most kickoff reads", str(caught.value))


def test_keys_within_the_limit_and_dots_in_values_are_read() -> None:
    text = (f"{_dotted(MAX_KEY_PARTS)} = 1\n"
            f"name = \"{_dotted(40)}\"\nx = [1.5, 2.5]\n[t.u]\nv = 'a.b.c'\n")
    doc = load_toml(text)
    assert doc["name"] == _dotted(40) and doc["t"] == {"u": {"v": "a.b.c"}}
    assert deep_key_problem(text) is None


def test_the_key_check_is_linear() -> None:
    # 1 MB of keys of 15 parts each, and 1 MB of brackets: each well under a second here
    for text in ((_dotted(15) + " = 1\n") * 30_000, "[" * 1_000_000, ',"' * 500_000):
        start = time.process_time()
        assert deep_key_problem(text) is None
        assert time.process_time() - start < 5


@pytest.mark.parametrize("option", ["--home", "--home-setup"])
def test_the_reproducer_under_1_gb_is_a_message(tmp_path: Path, option: str) -> None:
    (tmp_path / "deep.toml").write_text(f"{_dotted(40_000)} = 1\n", encoding="utf-8")
    done = _kickoff(["run", option, "deep.toml"], tmp_path)
    _refused(done, "deep.toml: not valid TOML: a key at line 1 column 1 has more than 16 dotted")


# --------------------------------------------------------------------------- problem lists


#: A grid of 1000 rows of 1000 columns, every other row unknown letters: half a million problems
#: (a file that is mostly no rows of a grid at all is refused in one line: not a set-up file).
GRID = ("-" * 1000 + "\n" + "?" * 1000 + "\n") * 500


def test_a_grid_of_half_a_million_unknown_letters_shows_the_first_problems_only() -> None:
    text = GRID  # a grid, however wrong (half its rows of - only), not "no set-up file"
    start = time.process_time()  # CPU: the load of the machine does not count
    with pytest.raises(ScenarioError) as caught:
        botbowl.parse_grid(text, "grid.txt", PITCHES["eleven"])
    assert time.process_time() - start < 10
    problems = caught.value.problems
    assert len(problems) == MAX_PROBLEMS + 1
    assert [p.text() for p in problems[:2]] == [
        "grid.txt: 1000 rows, a botbowl formation for the 26x15 pitch has 15 (y 0..14)",
        "grid.txt: row 0 has 1000 columns, expected 13 (x 0..12, the Line of Scrimmage last)"]
    # 1000 rows too long, 500 x 1000 unknown letters, the count of rows: all but 50 counted
    assert problems[-1].text() == f"grid.txt: and {1 + 1000 + 500 * 1000 - MAX_PROBLEMS:,} more problems"


def test_the_grid_reproducer_under_1_gb_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "grid.txt").write_text(GRID, encoding="utf-8")
    done = _kickoff(["setup", "import", "grid.txt", "--team", "orc"], tmp_path)
    _refused(done, "more problems")
    assert len(done.stderr) < 20_000  # was 99.5 MB


def test_a_scenario_of_many_unknown_keys_shows_the_first_problems_only() -> None:
    doc = dict(SCENARIO, decisions={"blitz": [{f"u{j}": 1 for j in range(150)}
                                              for _ in range(150)]})
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    problems = caught.value.problems
    assert len(problems) == MAX_PROBLEMS + 1
    assert re.fullmatch(r"and [\d,]+ more problems", problems[-1].text())


# --------------------------------------------------------------------------- sizes


def test_a_document_too_big_for_a_model_is_refused_before_pydantic() -> None:
    wide = dict(SCENARIO, **{f"k{i}": 1 for i in range(reading.MAX_KEYS + 1)})
    with pytest.raises(ScenarioError, match=r"an object of 20\d keys, more than 200"):
        parse_scenario(json.dumps(wide))
    deep = dict(SCENARIO, about=[[[{f"k{j}": 0 for j in range(201)}]]])
    with pytest.raises(ScenarioError, match=r"\(document\): an object of 201 keys, more than 200"):
        parse_scenario(json.dumps(deep))


# slow (4 s alone, 13 MB written and read by a process under 1 GB): the bound it hits is checked
# in the quick suite in this process (the test above) and through the command (the next test)
@pytest.mark.slow
def test_the_million_keys_reproducer_under_1_gb_is_a_message(tmp_path: Path) -> None:
    doc = dict(SCENARIO, **{f"k{i}": 1 for i in range(1_000_000)})  # 13 MB
    (tmp_path / "big.json").write_text(json.dumps(doc), encoding="utf-8")
    done = _kickoff(["replay", "big.json"], tmp_path)
    _refused(done, "big.json: (document): an object of 1,000,00")


def test_a_team_file_of_too_many_keys_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "wide.toml"
    path.write_text("".join(f"k{i} = 1\n" for i in range(300)), encoding="utf-8")
    done = _kickoff(["run", "--home", str(path)], tmp_path)
    _refused(done, "an object of 300 keys, more than 200")


# --------------------------------------------------------------------------- ids and rosters


@pytest.mark.parametrize("pid", ["\u200b", "h\u200b1", "h\u00a01", "h\u20281", "\u202eh1",
                                 "h\ufeff"])
def test_an_invisible_character_in_a_player_id_is_refused(pid: str) -> None:
    doc = json.loads(json.dumps(SCENARIO))
    doc["teams"]["home"]["players"][0]["id"] = pid
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    code = next(f"U+{ord(c):04X}" for c in pid if c not in "h1")
    assert f"teams.home.players[0].id: Value error, invisible character {code}" in str(caught.value)


def test_a_player_id_of_visible_characters_is_read() -> None:
    doc = json.loads(json.dumps(SCENARIO))
    doc["teams"]["home"]["players"][0]["id"] = "Grüß 7"
    assert parse_scenario(json.dumps(doc)).teams.home.players[0].id == "Grüß 7"


def _position(pid: str) -> str:
    return (f'<position id="{pid}"><name>P{pid}</name><quantity>16</quantity><movement>6'
            "</movement><strength>3</strength><agility>3</agility><armour>8</armour>"
            "<type>Regular</type></position>")


def test_a_roster_with_a_duplicate_position_id_is_refused() -> None:
    text = f"<roster>{_position('a')}{_position('b')}{_position('a')}</roster>"
    with pytest.raises(ScenarioError) as caught:
        parse_roster(text, "r.xml")
    assert str(caught.value) == ("r.xml: positions[2] (a): the id of positions[0] too: each "
                                 "position's id is its own")
    assert [p.id for p in parse_roster(f"<roster>{_position('a')}{_position('b')}</roster>")
            .positions] == ["a", "b"]


# --------------------------------------------------------------------------- grid line breaks


@pytest.mark.parametrize("brk", ["\v", "\f", "\u2028", "\u2029", "\x1c", "\x85"])
def test_a_grid_split_on_another_line_break_is_refused(brk: str) -> None:
    pitch = PITCHES["eleven"]
    width = pitch.width // 2
    rows = ["-" * width] * pitch.height
    rows[7] = "-" * (width - 1) + "S"
    good = "\n".join(rows) + "\n"
    assert botbowl.parse_grid(good, "g.txt", pitch) == {(width - 1, 7): "S"}
    bad = good.replace("\n", brk, 1)  # rows 0 and 1 one line
    with pytest.raises(ScenarioError) as caught:
        botbowl.parse_grid(bad, "g.txt", pitch)
    assert f"row 0, column {width}: {brk!r} is not a role letter" in str(caught.value)


# --------------------------------------------------------------------------- fumbbl extract


def _extract_refused(tmp_path: Path, doc: dict[str, Any], needle: str) -> None:
    (tmp_path / "g.json").write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "out"
    code, stdout, err = cli(["fumbbl", "extract", str(tmp_path / "g.json"), "--out", str(out)])
    assert code == 1 and stdout == "", err
    assert "g.json: kick-off 1: the log's values make no scenario: " in err
    assert needle in err and "nothing written" in err
    assert not out.exists()


def test_extract_refuses_a_die_out_of_its_range(tmp_path: Path) -> None:
    doc = replay_doc([cmd([scatter([19, 8], "South", 5, 7)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    _extract_refused(tmp_path, doc, "is out of range 1..")


def test_extract_refuses_a_kicker_of_the_receiving_team(tmp_path: Path) -> None:
    doc = replay_doc([cmd([rep("skillUse", playerId="5", skill="Kick", used=True,
                               skillUse="halveKickoffScatter")]),
                      cmd([scatter([19, 8], "South", 5, 1)], [land([19, 8])]),
                      cmd([rep("kickoffResult", kickoffResult="Get the Ref", kickoffRoll=[1, 1])]),
                      cmd([rep("scatterBall", directionArray=["East"], rolls=[3])],
                          [land([20, 8])])])
    _extract_refused(tmp_path, doc, "kick.kicker")


def test_extract_refuses_an_id_used_twice(tmp_path: Path) -> None:
    doc = _plain()
    doc["game"]["teamAway"]["playerArray"][0]["playerId"] = "1"
    _extract_refused(tmp_path, doc, "p1")


def test_extract_still_writes_a_scenario_replay_plays(tmp_path: Path) -> None:
    (tmp_path / "g.json").write_text(json.dumps(_plain()), encoding="utf-8")
    code, stdout, err = cli(["fumbbl", "extract", str(tmp_path / "g.json"), "--out",
                             str(tmp_path)])
    assert code == 0, err
    assert stdout.split() == [str(tmp_path / "42-ko1.json")]
    code, _, err = cli(["replay", str(tmp_path / "42-ko1.json")])
    assert code == 0, err


# --------------------------------------------------------------------------- players on the pitch


def test_the_99_a_side_odds_kick_reproducer_under_1_gb_is_a_message(tmp_path: Path) -> None:
    # a turn with 99 players of each team on the pitch took odds-kick 38 s: refused at once,
    # a team having at most the ruleset's players on the pitch (docs/kick_it.md)
    halves = {"home": range(1, 14), "away": range(14, 27)}
    teams: dict[str, Any] = {}
    for side, xs in halves.items():
        squares = [[x, y] for x in xs for y in range(1, 16) if [x, y] not in ([10, 7], [11, 7])]
        first = [[10, 7]] if side == "home" else []
        teams[side] = {"name": side, "players": [player(f"{side[0]}{i + 1}", sq, "bb2020")
                                                 for i, sq in enumerate((first + squares)[:99])]}
    doc = {"format": "kickoff-scenario/1", "ruleset": "bb2020", "house_rules": ["kick_it"],
           "phase": "turn", "active": "home", "teams": teams,
           "ball": {"square": [10, 7], "carrier": "h1"},
           "actions": [{"player": "h1", "action": "kick", "path": [], "aim": [11, 7]}]}
    (tmp_path / "crowd.json").write_text(json.dumps(doc), encoding="utf-8")
    done = _kickoff(["odds-kick", "crowd.json"], tmp_path)
    _refused(done, "crowd.json: teams.home.players: home team: 99 players on the pitch, at "
                   "most 11 (bb2020)")


#: Numeric options whose range the command checks itself (a message naming the option, exit
#: 1 or 2) rather than Click's type, with arguments that reach the check.
CHECKED_INSIDE = {
    ("setup", "optimize", "--seconds"): ["setup", "optimize", "--team", "orc"],
    ("setup", "optimize", "--evaluations"): ["setup", "optimize", "--team", "orc"],
    ("setup", "optimize", "--rounds"): ["setup", "optimize", "--team", "orc"],
    ("setup", "optimize", "--seed"): ["setup", "optimize", "--team", "orc"],
    ("setup", "roster", "--players"): ["setup", "roster", "examples/roster_orc.xml"],
}


def _numeric_options() -> list[tuple[tuple[str, ...], Any]]:
    """Every int or float option of every command, with its command's words (by the type's
    name: Typer may bring its own copy of Click's types)."""
    import typer

    from kickoff.cli.app import whole_app

    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(command: Any, words: tuple[str, ...]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*words, name))
        for param in getattr(command, "params", []) if not hasattr(command, "commands") else []:
            if param.type.name in ("integer", "int", "float", "int range", "float range"):
                found.append(((*words, param.opts[0]), param))

    walk(typer.main.get_command(whole_app()), ())
    return found


def test_every_numeric_option_has_a_bound() -> None:
    """Every option a bound (the developers' guide): each int or float option of every command
    is bounded on both sides by its type (Click's range, a usage error naming it), or checked
    by the command itself (``CHECKED_INSIDE``: ``10**30`` refused, naming the option). Before,
    ``--plan-budget``, ``fumbbl review --advise``, ``--timeout`` and ``serve``'s limits took any
    number."""
    options = _numeric_options()
    assert len(options) > 20
    unbounded = [" ".join(words) for words, param in options
                 if tuple(words) not in CHECKED_INSIDE
                 and (getattr(param.type, "min", None) is None
                      or getattr(param.type, "max", None) is None)]
    assert unbounded == []
    names = {tuple(words) for words, _ in options}
    assert set(CHECKED_INSIDE) <= names
    for words, args in CHECKED_INSIDE.items():
        code, out, err = cli([*args, words[-1], str(10**30)])
        assert code in (1, 2), (words, out, err)
        assert words[-1] in err and "Traceback" not in err, (words, err)


@pytest.mark.parametrize("args", [
    ["odds", "--play", "best", "--plan-budget", "100001"],
    ["fumbbl", "review", "x.json", "--advise", "3601"],
    ["fumbbl", "extract", "x.json", "--timeout", "1e300"],
    ["serve", "--max-connections", "1000001"],
])
def test_the_options_unbounded_before_are_refused_naming_the_bound(args: list[str]) -> None:
    code, _, err = cli(args)
    assert code == 2
    assert args[-2] in err and "range" in err, err


#: The arguments a float option's command needs to reach its options' checks (none is run).
FLOAT_COMMANDS = {("fumbbl", "extract"): ["fumbbl", "extract", "x.json"],
                  ("fumbbl", "verify"): ["fumbbl", "verify", "x.json"],
                  ("fumbbl", "review"): ["fumbbl", "review", "x.json"],
                  ("setup", "optimize"): ["setup", "optimize", "--team", "orc"],
                  ("serve",): ["serve"]}


def test_every_float_option_refuses_nan() -> None:
    """``nan`` passes Click's range (every comparison with NaN is false): each float option
    refuses it as a usage error naming itself, before any work. Before, ``fumbbl verify ID
    --timeout nan`` ended in a traceback from the socket, ``fumbbl review --advise nan`` in a
    message after the first kick-off had been solved, ``serve --header-timeout nan`` served."""
    floats = [words for words, param in _numeric_options() if "float" in param.type.name]
    assert len(floats) >= 7  # --timeout x3, --advise, --seconds, serve's two timeouts
    for words in floats:
        code, out, err = cli([*FLOAT_COMMANDS[words[:-1]], words[-1], "nan"])
        assert code == 2, (words, out, err)
        assert words[-1] in err and "nan" in err and "Traceback" not in err, (words, err)


@pytest.mark.parametrize(("args", "name"), [
    (["fumbbl", "review", ""], "replay"),
    (["fumbbl", "verify", "examples/replay_demo.json.gz", ""], "replays"),
    (["fumbbl", "extract", ""], "replay"),
    (["fumbbl", "extract", "examples/replay_demo.json.gz", "--out", ""], "--out"),
    (["fumbbl", "verify", "1559380", "--cache", ""], "--cache"),
    (["fumbbl", "review", "x.json", "--png", ""], "--png"),
    (["schema", "--out", ""], "--out"),
    (["run", "--home", ""], "--home"),
    (["run", "--seed", "1", "--away-setup", ""], "--away-setup"),
    (["odds", "--home-setup", "", "--events", "none"], "--home-setup"),
])
def test_an_empty_name_is_a_usage_error_naming_it(args: list[str], name: str,
                                                   tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                   ) -> None:
    """An empty path or team name (``"$GAME"`` with ``GAME`` unset) is refused, naming the
    parameter, nothing written. Before, ``Path("")`` was the current folder: ``fumbbl review
    ""`` reviewed every replay under it (exit 0), ``--out ""`` and ``--cache ""`` wrote
    there, and ``run --home ""`` played the default team, saying nothing."""
    root = Path.cwd()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KICKOFF_FUMBBL_API", "http://127.0.0.1:9/api")  # never FUMBBL itself
    args = [str(root / a) if a.startswith("examples/") else a for a in args]
    code, out, err = cli(args)
    assert code == 2, (out, err)
    assert f"'{name}'" in err and "the name is empty" in err, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [["replay", ""], ["decide", ""], ["validate", ""],
                                  ["setup", "import", "", "--team", "orc"],
                                  ["setup", "roster", ""], ["setup", "show", ""]])
def test_an_empty_file_name_is_one_message_naming_it(args: list[str]) -> None:
    """A FILE argument given as ``""`` says the name is empty (it said "is a folder, not a
    file" with nothing before it: ``Path("")`` is the current folder)."""
    code, out, err = cli(args)
    assert code == 1 and out == "", err
    assert "the name is empty" in err or "the file name is empty" in err, err
    assert re.match(r"error: (FILE|set-up|team): ", err), err


def test_the_python_api_refuses_an_empty_team_name() -> None:
    """``match_scenario(..., home="")``: a problem naming the team, not the default team."""
    with pytest.raises(ScenarioError, match="team: the name is empty"):
        match_scenario("bb2020", "", None, None, None, "home")
