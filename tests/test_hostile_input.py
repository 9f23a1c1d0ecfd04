"""Hostile input against every reader: a clean problem naming the file, never a traceback, and no
file written half-way (issue 11; ``docs/formats.md``, "Limits").

Hypothesis makes the inputs from real documents: nesting far past the parsers' recursion limits
(3,000 levels and more: Hypothesis runs a test with a recursion limit of 2,048, not 1,000),
integer literals past Python's 4,300-digit limit, values of the wrong type, unicode digits in
place of ASCII ones, truncated texts and gzip streams. Each reader must either accept the text or
raise a ``KickoffError`` whose every line names the file (the command line: exit status 1, the
file named on stderr, nothing on stdout, no ``--out`` file left behind).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_DIR, invoke
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kickoff.analysis.simulate import CHUNK, chunk_seeds, max_jobs
from kickoff.core.dice import ScriptedDice
from kickoff.core.errors import DiceError, KickoffError, ScenarioError
from kickoff.core.pitch import PITCHES
from kickoff.formats import reading, rosters
from kickoff.formats.files import file_stem, write_files
from kickoff.formats.fumbbl import setup as fumbbl_setup
from kickoff.formats.fumbbl.log import read_replay
from kickoff.formats.match import match_scenario
from kickoff.formats.scenario import parse_scenario
from kickoff.formats.teams import load_setup, load_team

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
SHARED_REPLAY = SHARED_DIR / "data" / "fumbbl-replays" / "1559380.json.gz"
HOSTILE = settings(max_examples=25, deadline=None,
                   suppress_health_check=[HealthCheck.function_scoped_fixture,
                                          HealthCheck.too_slow])

UNICODE_DIGITS = "²³¹٣۳߃१०৩๓０"  # each passes str.isdigit(); int() takes some, not others


def _builtin(kind: str, sub: str, name: str) -> str:
    return resources.files("kickoff").joinpath("data", kind, sub, f"{name}.toml").read_text(
        encoding="utf-8")


SCENARIO = json.dumps(match_scenario("bb2020", None, None, None, None, "home")[0], indent=1)
SETUP_TOML = _builtin("setups", "eleven", "botbowl_def_zone")
TEAM_TOML = _builtin("teams", "bb2020", "orc")
FUMBBL_JSON = fumbbl_setup.to_json(fumbbl_setup.from_setup_file(
    load_setup("botbowl_def_zone", PITCHES["eleven"])[1]))
REPLAY = json.dumps({"game": {"gameId": 1, "teamHome": {"players": []}}, "gameLog": {}})


# --------------------------------------------------------------------------- the inputs


WRONG = st.sampled_from(['"x"', "[]", "{}", "1.5", "true", "null", "-1", "[[1, 2]]",
                         '{"a": []}', "99999999999999999999"])


@st.composite
def hostile_json(draw: st.DrawFn, base: str) -> tuple[str, str, bool]:
    """``(kind, text, must_fail)`` from the JSON document ``base`` (an object)."""
    kind = draw(st.sampled_from(["deep", "deep_inside", "big_int", "wrong_type", "unicode_digit",
                                 "truncated"]))
    head = base.rstrip()[:-1]  # without the closing brace
    if kind == "deep":
        n = draw(st.integers(3_000, 20_000))
        opener = draw(st.sampled_from(["[", '{"a": ']))
        return kind, opener * n + "1" + ("]" if opener == "[" else "}") * n, True
    if kind == "deep_inside":
        n = draw(st.integers(3_000, 20_000))
        return kind, f'{head}, "deep": {"[" * n}{"]" * n}}}', True
    if kind == "big_int":
        n = draw(st.integers(4_301, 20_000))
        sign = draw(st.sampled_from(["", "-"]))
        return kind, f'{head}, "big": {sign}{"7" * n}}}', True
    if kind == "wrong_type":
        keys = re.findall(r'"(\w+)": ', base)
        key = draw(st.sampled_from(keys))
        value = draw(WRONG)
        text = re.sub(rf'"{key}": ("[^"]*"|-?[0-9.]+|true|false|null)', f'"{key}": {value}',
                      base, count=1)
        return kind, text, False
    if kind == "unicode_digit":
        spots = [m.start() for m in re.finditer(r"[0-9]", base)]
        at = draw(st.sampled_from(spots))
        return kind, base[:at] + draw(st.sampled_from(UNICODE_DIGITS)) + base[at + 1:], False
    cut = draw(st.integers(0, len(base) - 2))
    return kind, base[:cut], True


@st.composite
def hostile_toml(draw: st.DrawFn, base: str) -> tuple[str, str, bool]:
    """``(kind, text, must_fail)`` from the TOML document ``base``."""
    kind = draw(st.sampled_from(["deep", "deep_table", "big_int", "wrong_type", "unicode_digit",
                                 "truncated"]))
    if kind == "deep":
        n = draw(st.integers(3_000, 20_000))
        return kind, f"deep = {'[' * n}{']' * n}\n{base}", True
    if kind == "deep_table":
        n = draw(st.integers(3_000, 20_000))
        return kind, f"deep = {'{a = ' * n}1{'}' * n}\n{base}", True
    if kind == "big_int":
        n = draw(st.integers(4_301, 20_000))
        return kind, f"big = {'7' * n}\n{base}", True
    if kind == "wrong_type":
        lines = [i for i, line in enumerate(base.splitlines()) if " = " in line]
        i = draw(st.sampled_from(lines))
        value = draw(WRONG.map(lambda v: v.replace("null", '""').replace('{"a": []}', "{a = []}")))
        out = base.splitlines()
        out[i] = out[i].split(" = ")[0] + " = " + value
        return kind, "\n".join(out) + "\n", False
    if kind == "unicode_digit":
        spots = [m.start() for m in re.finditer(r"[0-9]", base)]
        at = draw(st.sampled_from(spots))
        return kind, base[:at] + draw(st.sampled_from(UNICODE_DIGITS)) + base[at + 1:], False
    cut = draw(st.integers(0, len(base) - 2))
    return kind, base[:cut], False  # a TOML file cut after a line may still be complete


# --------------------------------------------------------------------------- the checks


def assert_clean(reader: Callable[[Path], Any], path: Path, must_fail: bool) -> None:
    """``reader(path)`` accepts the file or raises a ``KickoffError`` naming it on every line."""
    try:
        reader(path)
    except KickoffError as e:
        lines = [line for line in str(e).splitlines() if line.strip()]
        assert lines, "an empty message"
        assert all(str(path) in line or line.startswith("- ") for line in lines), str(e)[:500]
        return
    assert not must_fail, f"accepted: {path.read_bytes()[:200]!r}"



def assert_cli_clean(args: list[str], where: str, must_fail: bool, out: Path | None = None
                     ) -> None:
    """``kickoff ARGS`` exits 0, or 1 with the file named on stderr and nothing on stdout; with
    ``out``, exit 1 leaves no file there."""
    result = invoke(args)
    assert result.exit_code in (0, 1), (result.exit_code, result.output[-2000:], result.exception)
    if result.exit_code == 1:
        assert isinstance(result.exception, SystemExit), result.exception
        assert result.stdout == ""
        assert where in result.stderr and "Traceback" not in result.stderr, result.stderr[:500]
        if out is not None:
            assert not out.exists()
            assert not [p for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]
    else:
        assert not must_fail, result.output[:500]


# --------------------------------------------------------------------------- JSON readers


@HOSTILE
@given(case=hostile_json(SCENARIO))
def test_scenario_files(tmp_path: Path, case: tuple[str, str, bool]) -> None:
    _kind, text, must_fail = case
    path = tmp_path / "scenario.json"
    path.write_text(text, encoding="utf-8")
    assert_cli_clean(["validate", str(path)], str(path), must_fail)
    with pytest.raises(KickoffError) if must_fail else _maybe_raises(KickoffError):
        parse_scenario(text)


@HOSTILE
@given(case=hostile_json(SCENARIO))
def test_scenario_on_stdin(case: tuple[str, str, bool]) -> None:
    _kind, text, must_fail = case
    result = invoke(["replay", "-"], stdin=text)
    assert result.exit_code in (0, 1), (result.exit_code, result.exception)
    if result.exit_code == 1:
        assert result.stdout == "" and "stdin" in result.stderr
        assert "Traceback" not in result.stderr
    else:
        assert not must_fail


@HOSTILE
@given(case=hostile_json(FUMBBL_JSON))
def test_fumbbl_json_setups(tmp_path: Path, case: tuple[str, str, bool]) -> None:
    _kind, text, must_fail = case
    path = tmp_path / "setup.json"
    path.write_text(text, encoding="utf-8")
    assert_clean(lambda p: fumbbl_setup.parse_json(p.read_text(encoding="utf-8"), str(p)), path,
                 must_fail)
    out = tmp_path / "out.toml"
    assert_cli_clean(["setup", "import", str(path), "--team", "orc", "--out", str(out)],
                     str(path), must_fail, out)
    out.unlink(missing_ok=True)


@HOSTILE
@given(case=hostile_json(REPLAY), zipped=st.booleans())
def test_fumbbl_replays(tmp_path: Path, case: tuple[str, str, bool], zipped: bool) -> None:
    _kind, text, _ = case
    path = tmp_path / ("game.json.gz" if zipped else "game.json")
    path.write_bytes(gzip.compress(text.encode()) if zipped else text.encode())
    assert_clean(read_replay, path, must_fail=True)  # none of them is a whole replay
    out = tmp_path / "cases"
    assert_cli_clean(["fumbbl", "extract", str(path), "--out", str(out)], str(path), True)
    assert not out.exists() or not list(out.iterdir())


@HOSTILE
@given(cut=st.integers(2, 200))
def test_truncated_gzip_replays(tmp_path: Path, cut: int) -> None:
    raw = gzip.compress(REPLAY.encode() * 20)
    path = tmp_path / "game.json.gz"
    path.write_bytes(raw[:min(cut, len(raw) - 1)])
    assert_clean(read_replay, path, must_fail=True)


# --------------------------------------------------------------------------- TOML readers


@HOSTILE
@given(case=hostile_toml(SETUP_TOML))
def test_setup_files(tmp_path: Path, case: tuple[str, str, bool]) -> None:
    _kind, text, must_fail = case
    path = tmp_path / "setup.toml"
    path.write_text(text, encoding="utf-8")
    assert_clean(lambda p: load_setup(str(p), PITCHES["eleven"]), path, must_fail)
    assert_cli_clean(["validate", str(path), "--team", "orc"], str(path), must_fail)
    assert_cli_clean(["run", "--home-setup", str(path)], str(path), must_fail)


@HOSTILE
@given(case=hostile_toml(TEAM_TOML))
def test_team_files(tmp_path: Path, case: tuple[str, str, bool]) -> None:
    _kind, text, must_fail = case
    path = tmp_path / "team.toml"
    path.write_text(text, encoding="utf-8")
    assert_clean(lambda p: load_team(str(p), "bb2020"), path, must_fail)
    assert_cli_clean(["run", "--away", str(path)], str(path), must_fail)


# --------------------------------------------------------------------------- XML and text


@HOSTILE
@given(cut=st.integers(0, 3000), digit=st.sampled_from(UNICODE_DIGITS))
def test_xml_setups_and_rosters(tmp_path: Path, cut: int, digit: str) -> None:
    for name, parse in (("ffb-setups/setup_human_Kalimar.xml", fumbbl_setup.parse_xml),
                        ("ffb-rosters/roster_dwarf.xml", rosters.parse_roster)):
        text = (DATA / name).read_text(encoding="utf-8")
        path = tmp_path / Path(name).name
        for variant in (text[:cut % len(text)], re.sub(r'nr="1"', f'nr="{digit}"', text)):
            path.write_text(variant, encoding="utf-8")
            # a cut that leaves the whole document (only its trailing newline gone) is valid
            assert_clean(lambda p, f=parse: f(p.read_text(encoding="utf-8"), str(p)), path,
                         must_fail=len(variant.rstrip()) < len(text.rstrip()))


# --------------------------------------------------------------------------- limits by hand


class _maybe_raises:
    """A context that lets ``kind`` through and nothing else (``pytest.raises`` that need not)."""

    def __init__(self, kind: type[BaseException]) -> None:
        self.kind = kind

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> bool:
        return kind is not None and issubclass(kind, self.kind)


def test_json_limits_name_the_file_and_position() -> None:
    with pytest.raises(ScenarioError) as e:
        reading.load_json('{\n  "seed": ' + "9" * 5000 + "}", "s.json")
    assert str(e.value) == ("s.json: not valid JSON: an integer literal at line 2 column 11 has "
                            "more than 4,300 digits, the most kickoff reads")
    with pytest.raises(ScenarioError) as e:
        reading.load_json("[" * 5000 + "]" * 5000, "s.json")
    assert str(e.value) == ("s.json: not valid JSON: nested too deeply (hundreds of arrays or "
                            "objects inside one another)")
    assert reading.load_json('{"a": [' + "9" * 4300 + "]}")["a"][0] % 10 == 9  # at the limit


def test_toml_limits_name_the_file() -> None:
    with pytest.raises(ScenarioError) as e:
        reading.load_toml("a = 1\nb = " + "9" * 5000, "t.toml")
    assert str(e.value) == ("t.toml: not valid TOML: an integer literal at line 2 column 5 has "
                            "more than 4,300 digits, the most kickoff reads")
    with pytest.raises(ScenarioError) as e:
        reading.load_toml("a = " + "[" * 1000 + "]" * 1000, "t.toml")
    assert "t.toml: not valid TOML: nested too deeply" in str(e.value)


def test_unbounded_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as e:
        reading.read_text("/dev/zero", limit=1000)
    assert str(e.value) == "/dev/zero: longer than 1,000 bytes (0.000953674 MiB), the most kickoff reads"
    result = invoke(["replay", "/dev/zero"])
    assert result.exit_code == 1
    assert "/dev/zero: longer than 33,554,432 bytes (32 MiB)" in result.stderr
    result = invoke(["run", "--home-setup", "/dev/zero"])
    assert result.exit_code == 1 and "/dev/zero: longer than" in result.stderr


def test_a_gzip_bomb_is_refused_as_it_inflates(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(b"[" + b" " * (reading.MAX_INPUT_BYTES + 10) + b"]"))
    assert bomb.stat().st_size < 100_000
    with pytest.raises(ScenarioError) as e:
        read_replay(bomb)
    assert str(e.value) == (f"{bomb}: inflates to more than 33,554,432 bytes (32 MiB), the most "
                            "kickoff reads")
    with pytest.raises(ScenarioError, match=r"^x\.gz: inflates to more than 1,000 bytes "):
        reading.inflate_gzip(gzip.compress(b"x" * 2000), "x.gz", limit=1000)
    assert reading.inflate_gzip(gzip.compress(b"x" * 1000), "x.gz", limit=1000) == b"x" * 1000


# --------------------------------------------------------------------------- set-up keys


@pytest.mark.parametrize("key", [*UNICODE_DIGITS, "1a", "-1", " 1", "1.0"])
def test_setup_keys_must_be_ascii_digits(tmp_path: Path, key: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(f'name = "x"\npitch = "eleven"\n[positions]\n"{key}" = [12, 7]\n',
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_setup(str(path), PITCHES["eleven"])
    assert [p.text() for p in e.value.problems] == [
        f"{path}: positions.{key}: not a jersey number (1 to 4 digits 0-9)"]


def test_two_keys_for_one_jersey_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('name = "x"\npitch = "eleven"\n[positions]\n1 = [12, 7]\n"01" = [12, 6]\n'
                    '"001" = [12, 5]\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_setup(str(path), PITCHES["eleven"])
    assert [p.text() for p in e.value.problems] == [
        f"{path}: positions.01: jersey number 1 is also given as positions.1",
        f"{path}: positions.001: jersey number 1 is also given as positions.1",
    ]


def test_roster_pick_counts_are_ascii_digits() -> None:
    result = invoke(["setup", "roster", str(DATA / "ffb-rosters/roster_dwarf.xml"),
                                 "--pick", "Blocker=²"])
    assert result.exit_code == 2
    assert "write POSITION=COUNT" in result.stderr


# --------------------------------------------------------------------------- files


def test_names_from_a_replay_are_never_paths() -> None:
    assert file_stem("1559380") == "1559380"
    assert file_stem("../x") == "x"
    assert file_stem("/etc/passwd") == "etc_passwd"
    assert file_stem("..") == "game"
    assert file_stem("a" * 100) == "a" * 64


@pytest.mark.shared_data("data/fumbbl-replays/1559380.json.gz")
def test_extract_writes_inside_out_whatever_the_game_id(tmp_path: Path) -> None:
    doc = json.loads(gzip.decompress(SHARED_REPLAY.read_bytes()))
    doc["game"]["gameId"] = "../../escaped"
    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "a" / "b"
    result = invoke(["fumbbl", "extract", str(evil), "--out", str(out)])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in out.iterdir())
    assert written and all(re.fullmatch(r"escaped-ko\d+\.json", n) for n in written), written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "evil.json"]
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["b"]
    # a write that fails part-way (a folder where the second file goes) writes nothing
    again = tmp_path / "again"
    again.mkdir()
    (again / "escaped-ko2.json").mkdir()
    result = invoke(["fumbbl", "extract", str(evil), "--out", str(again)])
    assert result.exit_code == 1
    assert "escaped-ko2.json: cannot write: is a folder" in result.stderr
    assert [p.name for p in again.iterdir()] == ["escaped-ko2.json"]


def test_write_files_is_all_or_nothing(tmp_path: Path) -> None:
    (tmp_path / "b.txt").mkdir()
    (tmp_path / "c.txt").write_text("old", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        write_files({tmp_path / "c.txt": "new", tmp_path / "a.txt": "a", tmp_path / "b.txt": "b"})
    assert str(e.value) == f"{tmp_path / 'b.txt'}: cannot write: is a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt", "c.txt"]
    assert (tmp_path / "c.txt").read_text(encoding="utf-8") == "old"
    write_files({tmp_path / "c.txt": "new", tmp_path / "d.bin": b"\x00\x01"})
    assert (tmp_path / "c.txt").read_text(encoding="utf-8") == "new"
    assert (tmp_path / "d.bin").read_bytes() == b"\x00\x01"
    umask = os.umask(0)
    os.umask(umask)
    assert (tmp_path / "d.bin").stat().st_mode & 0o777 == 0o666 & ~umask


def test_schema_and_setup_out_leave_nothing_half_written(tmp_path: Path) -> None:
    (tmp_path / "kickoff-result-1.schema.json").mkdir()
    result = invoke(["schema", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "cannot write: is a folder" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["kickoff-result-1.schema.json"]
    folder = tmp_path / "t.toml"
    folder.mkdir()
    result = invoke(["setup", "roster", str(DATA / "ffb-rosters/roster_dwarf.xml"),
                                 "--out", str(folder)])
    # a folder named as the file is refused before any work, as every file option (below)
    assert result.exit_code == 2
    assert f"{folder}: is a folder; name the file to write" in " ".join(result.stderr.split())


@pytest.mark.parametrize(("name", "message"), [
    ("heat.txt", "heat.txt: the file name must end in .png"),
    ("heat", "heat: the file name must end in .png"),
    ("DIR", "DIR: is a folder; name the file to write"),
    ("nowhere/heat.png", "nowhere/heat.png: no folder nowhere"),
])
def test_png_names_exactly_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    name: str, message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "DIR").mkdir()
    result = invoke(["odds", "--all-targets", "--png", name])
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.replace("│", " ").split())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["DIR"]


#: Every option naming a file the command writes, with the command around it (a suffix the
#: option asks for in the file name).
FILE_OPTIONS = [
    (["run", "--seed", "1", "--save-scenario"], ".json"),
    (["simulate", "-n", "10", "--records"], ".npy"),
    (["odds", "--all-targets", "--png"], ".png"),
    (["setup", "export", "README", "--out"], ".xml"),
    (["setup", "import", str(ROOT / "examples/setup_orc.xml"), "--team", "orc", "--out"],
     ".toml"),
    (["setup", "roster", str(DATA / "ffb-rosters/roster_dwarf.xml"), "--out"], ".toml"),
    (["setup", "optimize", "--seconds", "1", "--out"], ".toml"),
]


@pytest.mark.parametrize(("args", "suffix"), FILE_OPTIONS,
                         ids=[" ".join(a[:2]) for a, _ in FILE_OPTIONS])
def test_a_file_option_into_a_missing_folder_is_one_usage_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], suffix: str) -> None:
    # the same answer from every command, before any work starts: exit 2, the option and the
    # folder named, nothing written
    monkeypatch.chdir(tmp_path)
    result = invoke([*args, f"nowhere/out{suffix}"])
    assert result.exit_code == 2, result.output
    assert f"nowhere/out{suffix}: no folder nowhere" in " ".join(
        result.stderr.replace("│", " ").split())
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- bounded work


@pytest.mark.parametrize("args", [
    ["simulate", "--seed", "-1"], ["run", "--seed", "-5"], ["kick", "--seed", "-5"],
    ["simulate", "--seed", str(2**64)], ["simulate", "-n", str(2**62)], ["simulate", "-n", "0"],
    ["simulate", "--jobs", str(max_jobs() + 1)], ["simulate", "--jobs", "10000"],
    ["serve", "--workers", "10000"],
    ["setup", "roster", "-", "--rerolls", "1000000"], ["setup", "roster", "-", "--fan-factor", "-1"],
])
def test_numeric_options_are_bounded(args: list[str]) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    option = next(a for a in args if a.startswith("-") and a != "-")
    assert f"Invalid value for '{option}'" in result.stderr, result.stderr


def test_chunk_seeds_stream_the_seeds_spawn_gives() -> None:
    import numpy as np

    n = 3 * CHUNK + 17
    seeds = list(chunk_seeds(7, n))
    children = np.random.SeedSequence(7).spawn(4)
    assert seeds == [(size, int(c.generate_state(1)[0]))
                     for size, c in zip([CHUNK] * 3 + [17], children, strict=True)]
    huge = chunk_seeds(7, 10**15)  # a generator: nothing is made before it is asked for
    assert next(huge)[0] == CHUNK
    with pytest.raises(ValueError, match="a seed is 0 or more"):
        next(chunk_seeds(-1, 10))


def _status(pid: int, key: str) -> int:
    """A ``/proc/PID/status`` figure in kB (``VmRSS``, ``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


# slow (3.7 s of simulating): a soak check, run by .ci/run
@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_simulate_memory_does_not_grow_with_n() -> None:
    """``simulate -n 10**9`` runs for a few seconds in flat memory, then is stopped."""
    command = [sys.executable, "-c", "from kickoff.cli.app import main; main()",
               "simulate", "-n", str(10**9), "--seed", "1", "--json", "--events", "none"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        # the simulation has begun when numpy is loaded (simulate imports it to seed the chunks)
        deadline = time.monotonic() + 60
        while "numpy" not in Path(f"/proc/{proc.pid}/maps").read_text():
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "simulate did not start"
            time.sleep(0.05)
        time.sleep(0.5)
        start = _status(proc.pid, "VmRSS")
        samples = []
        for _ in range(12):
            time.sleep(0.25)
            samples.append(_status(proc.pid, "VmRSS"))
        assert proc.poll() is None  # still simulating
        # before streaming, the chunks' seeds alone (200,000 of them) took hundreds of MB
        assert max(samples) - start < 8_000, (start, samples)
        assert _status(proc.pid, "VmHWM") < 250_000, _status(proc.pid, "VmHWM")
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize(("key", "value", "problem"), [
    ("seed", -1, "seed: Input should be greater than or equal to 0"),
    ("seed", 2**64, "seed: Input should be less than or equal to 18446744073709551615"),
    ("skills", [f"skill{i}" for i in range(100_000)],
     "teams.home.players[0].skills: List should have at most 32 items"),
    ("players", 5_000, "teams.home.players: List should have at most 99 items"),
    ("dice", [1] * 1_000_000, "dice.d8: List should have at most 10000 items"),
    # the size that took 6 s and 620 MB before the bound: about 4 s of CPU still (the JSON
    # written and read), so slow; a million values above are the quick suite's check
    pytest.param("dice", [1] * 10_000_000, "dice.d8: List should have at most 10000 items",
                 marks=pytest.mark.slow),
])
def test_scenario_numbers_and_lists_are_bounded(key: str, value: Any, problem: str) -> None:
    """A scenario's seed is --seed's 0..2**64-1; a player lists at most 32 skills, a team at
    most 99 players and the scripted dice at most 10,000 of a kind, so that checking a
    document is quick (100,000 unknown skills, each looked up for a hint, took minutes; ten
    million d8 values 6 s and 620 MB)."""
    doc = match_scenario("bb2020", None, None, None, None, "home")[0]
    if key == "seed":
        doc["seed"] = value
    elif key == "dice":
        doc["dice"] = {"d8": value}
    elif key == "skills":
        doc["teams"]["home"]["players"][0]["skills"] = value
    else:
        first = doc["teams"]["home"]["players"][0]
        doc["teams"]["home"]["players"] = [{**first, "id": f"h{i}"} for i in range(value)]
    start = time.process_time()  # CPU: the load of the machine does not count
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    assert caught.value.problems[0].text().startswith(problem), [p.text() for p in caught.value.problems]
    assert time.process_time() - start < 10


@pytest.mark.parametrize(("name", "problem"), [
    ("x" * 10_000_000, "name: String should have at most 200 characters"),
    ("Reavers\u001b[31m", "name: Value error, control character U+001B at position 7: not "
                          "allowed in a name or text"),
    ("Two\nlines", "name: Value error, control character U+000A at position 3"),
])
def test_team_names_are_bounded_and_printable(tmp_path: Path, name: str, problem: str) -> None:
    """A team's name is drawn in every heading: a 10 MB name took 70 s to draw, and an escape
    code in it reached the terminal raw. Refused, in a team file and in a scenario."""
    text = re.sub(r'^name = ".*"$', lambda _: "name = " + json.dumps(name),
                  _builtin("teams", "bb2020", "human"), count=1, flags=re.M)
    path = tmp_path / "team.toml"
    path.write_text(text, encoding="utf-8")
    start = time.process_time()  # CPU: the load of the machine does not count
    with pytest.raises(ScenarioError) as caught:
        load_team(str(path), "bb2020")
    assert caught.value.problems[0].text().startswith(f"{path}: {problem}"), caught.value.problems
    doc = match_scenario("bb2020", None, None, None, None, "home")[0]
    doc["teams"]["away"]["name"] = name
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    assert caught.value.problems[0].text().startswith(f"teams.away.{problem}"), caught.value.problems
    assert time.process_time() - start < 10


def test_team_files_list_at_most_32_skills_a_player(tmp_path: Path) -> None:
    text = _builtin("teams", "bb2020", "human").replace(
        "skills = []", "skills = [" + ", ".join(f'"s{i}"' for i in range(40)) + "]", 1)
    path = tmp_path / "team.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_team(str(path), "bb2020")
    assert caught.value.problems[0].text().startswith(
        f"{path}: players[0].skills: List should have at most 32 items"), caught.value.problems


def test_write_files_keeps_links_and_refuses_devices(tmp_path: Path) -> None:
    """A symbolic link is written through, a pipe (like ``/dev/full`` or ``/dev/stdout``) is
    refused and left as it is: renaming over it replaced the device (``--out /dev/full`` run as
    root put a regular file in its place)."""
    real = tmp_path / "real.toml"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    write_files({link: "new"})
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(ScenarioError) as caught:
        write_files({tmp_path / "a.toml": "a", pipe: "b"})
    assert [p.text() for p in caught.value.problems] == [
        f"{pipe}: cannot write: not a regular file (a device, pipe or socket); name a file"]
    assert pipe.is_fifo() and not (tmp_path / "a.toml").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "pipe", "real.toml"]


def test_stdin_closed_or_not_utf8_is_a_clean_problem() -> None:
    """Python's stdin reads a byte that is not UTF-8 as a lone surrogate (``"\\udcff"``), which
    failed later (a traceback writing a roster); a closed stdin (``<&-``) is ``None``."""
    import io

    for raw in (b"\xff\xfe{}", b'{"a": "\xed\xa0\x80"}'):
        stream = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="surrogateescape")
        with pytest.raises(ScenarioError) as caught:
            reading.read_stream(stream, "stdin")
        assert [p.text() for p in caught.value.problems] == ["stdin: cannot read: not UTF-8 text"]
    with pytest.raises(ScenarioError) as caught:
        reading.read_stream(None, "stdin")
    assert [p.text() for p in caught.value.problems] == ["stdin: cannot read: it is closed"]
    closed = subprocess.run(
        [sys.executable, "-c", "from kickoff.cli.app import main; main()", "setup", "roster", "-"],
        capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert closed.returncode == 1, closed.stderr
    assert "Traceback" not in closed.stderr
    assert "stdin: cannot read: it is closed" in closed.stderr


def test_huge_coordinates_are_refused_in_short(tmp_path: Path) -> None:
    """A square's coordinate has at most 6 digits in a scenario and a set-up file, as in a
    square option: a 4,000-digit one was quoted whole in the message."""
    doc = match_scenario("bb2020", None, None, None, None, "home")[0]
    doc["kick"] = {"target": [10**4000, 7]}
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    assert [p.text() for p in caught.value.problems] == [
        "kick.target[0]: Input should be less than or equal to 999999 (got "
        + "1" + "0" * 59 + ")"]
    path = tmp_path / "s.toml"
    path.write_text(SETUP_TOML.replace("1 = [12, 7]", f"1 = [-{'9' * 4000}, 7]"),
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_setup(str(path), PITCHES["eleven"])
    assert [p.text() for p in caught.value.problems] == [
        f"{path}: positions.1[0]: Input should be greater than or equal to -999999 (got -"
        + "9" * 59 + ")"]


@pytest.mark.parametrize(("key", "value", "problem"), [
    (("teams", "home", "turn"), 10**4000, "teams.home.turn: Input should be less than or equal "
     "to 999999"),
    (("teams", "away", "rerolls"), -(10**50), "teams.away.rerolls: Input should be greater than "
     "or equal to 0"),
    (("dice", "d6"), [10**4000], "dice.d6[0]: Input should be less than or equal to 999999"),
    (("dice", "block"), [-(10**7)], "dice.block[0]: Input should be greater than or equal to "
     "-999999"),
])
def test_counts_and_dice_have_at_most_six_digits(key: tuple[str, ...], value: Any,
                                                 problem: str) -> None:
    """A team's counts and a scripted die are quoted in 60 characters at most when too large
    (a 4,000-digit turn or die was quoted whole)."""
    doc = match_scenario("bb2020", None, None, None, None, "home")[0]
    at = doc
    for part in key[:-1]:
        at = at.setdefault(part, {})
    at[key[-1]] = value
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    assert caught.value.problems[0].text().startswith(problem), [p.text() for p in caught.value.problems]
    assert max(len(p.text()) for p in caught.value.problems) < 160


def _refused(key: tuple[str | int, ...], value: Any) -> ScenarioError:
    """The default bb2020 scenario with ``value`` at the key path ``key``, refused: its error."""
    doc: Any = match_scenario("bb2020", None, None, None, None, "home")[0]
    at = doc
    for part in key[:-1]:
        at = at.setdefault(part, {}) if isinstance(part, str) else at[part]
    at[key[-1]] = value
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(json.dumps(doc))
    return caught.value


@pytest.mark.parametrize(("key", "value", "problem"), [
    (("kick", "kicker"), "k" * 100_000, "kick.kicker"),
    (("decisions", "touchback"), "t" * 1_000, "decisions.touchback"),
    (("teams", "home", "players", 0, "id"), "i" * 65, "teams.home.players[0].id"),
    (("teams", "home", "players", 0, "skills"), ["s" * 100_000], "teams.home.players[0].skills[0]"),
])
def test_ids_and_skill_names_have_at_most_64_characters(key: tuple[str | int, ...], value: Any,
                                                        problem: str) -> None:
    """A player id or skill name is quoted in a message: one of 100,000 characters made a
    message of 200 KB."""
    caught = _refused(key, value)
    assert caught.problems[0].text().startswith(
        f"{problem}: String should have at most 64 characters"), [p.text() for p in caught.problems]
    assert max(len(p.text()) for p in caught.problems) < 160


@pytest.mark.parametrize(("key", "value", "problem"), [
    (("decisions", "blitz"), [{"player": "h1", "action": "move"}] * 200_000,
     "decisions.blitz: List should have at most 198 items"),
    (("decisions", "quick_snap"), [{"player": "a1", "to": [14, 7]}] * 199,
     "decisions.quick_snap: List should have at most 198 items"),
    (("decisions", "blitz"), [{"player": "h1", "action": "move", "path": [[5, 5]] * 65}],
     "decisions.blitz[0].path: List should have at most 64 items"),
    (("teams", "home", "prayers"), ["stiletto"] * 1_000_000,
     "teams.home.prayers: List should have at most 198 items"),
    (("decisions", "apothecary"), ["h1"] * 199,
     "decisions.apothecary: List should have at most 198 items"),
])
def test_lists_naming_players_or_squares_are_bounded(key: tuple[str | int, ...], value: Any,
                                                     problem: str) -> None:
    """200,000 activations took 5.9 s and 377 MB and a million prayers were taken: every list
    of the input has a bound (a move is at most MA + Rushes squares, a list naming players at
    most both teams' 99 each)."""
    caught = _refused(key, value)
    assert caught.problems[0].text().startswith(problem), [p.text() for p in caught.problems]
    assert max(len(p.text()) for p in caught.problems) < 200


@pytest.mark.parametrize(("key", "value", "problem"), [
    (("teams", "home", "players", 0, "id"), "h1\nfoo: bar",
     "teams.home.players[0].id: Value error, control character U+000A at position 2"),
    (("teams", "home", "players", 0, "id"), "\x1b[31mh1",
     "teams.home.players[0].id: Value error, control character U+001B at position 0"),
    (("teams", "home", "players", 0, "id"), "  ",
     "teams.home.players[0].id: Value error, a player id must have a character that is not a "
     "space"),
    (("kick", "kicker"), "h1\r", "kick.kicker: Value error, control character U+000D"),
])
def test_player_ids_are_printable(key: tuple[str | int, ...], value: Any, problem: str) -> None:
    """A player id is quoted in every message about its player: a line break in one made a
    message look like two, an escape code reached the terminal."""
    caught = _refused(key, value)
    assert caught.problems[0].text().startswith(problem), [p.text() for p in caught.problems]


@pytest.mark.parametrize("args", [
    ["replay", "k" * 5_000], ["fumbbl", "verify", "k" * 5_000],
    ["fumbbl", "review", "k" * 5_000], ["fumbbl", "extract", "k" * 5_000],
    ["setup", "import", "k" * 5_000, "--team", "human"],
    ["validate", "botbowl_def_zone", "--team", "k" * 5_000],
    ["run", "--home-setup", "k" * 5_000],
    ["schema", "--out", "k" * 5_000], ["setup", "export", "botbowl_def_zone", "--out", "k" * 5_000],
    ["odds", "--all-targets", "--png", "k" * 5_000 + ".png"],
])
def test_a_name_too_long_for_the_file_system_is_a_clean_problem(args: list[str]) -> None:
    """ENAMETOOLONG from a file system query (``Path.is_dir``, ``exists``) was a traceback in
    every command taking a file or folder name."""
    result = invoke(args)
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "File name too long" in re.sub(r"[\s│]+", " ", result.stderr), result.stderr


def test_a_built_in_name_is_never_a_path() -> None:
    """``bb2020/../../setups/eleven/x`` is not a built-in team (it read a built-in set-up as one)."""
    with pytest.raises(ScenarioError) as caught:
        load_team("bb2020/../../setups/eleven/botbowl_def_zone", "bb2020")
    assert [p.text() for p in caught.value.problems] == [
        "bb2020/../../setups/eleven/botbowl_def_zone: no such file"]


def test_serve_refuses_a_host_it_cannot_listen_on() -> None:
    """A host name that cannot be resolved was uvicorn's own error, exit status 3."""
    result = invoke(["serve", "--host", "a" * 300, "--port", "8999"])
    assert result.exit_code == 2, result.output
    assert "Invalid value for --host" in result.stderr, result.stderr


def test_a_set_up_naming_a_missing_jersey_names_the_team_file(tmp_path: Path) -> None:
    """A team file cut short (two players): the default set-up's problems name the file too
    (Hypothesis found a message naming only the set-up and the team's name)."""
    path = tmp_path / "team.toml"
    path.write_text("[[players]]".join(TEAM_TOML.split("[[players]]")[:3]), encoding="utf-8")
    assert [p.number for p in load_team(str(path), "bb2020")[1].players] == [1, 2]
    result = invoke(["run", "--away", str(path)])
    assert result.exit_code == 1, result.output
    assert (f"positions.3: the team 'Gouged Eye' ({path}) has no player number 3"
            in result.stderr.replace("\n", "")), result.stderr


@pytest.mark.parametrize("kind", ["team", "setup"])
def test_a_users_file_from_a_pipe_is_read_once(tmp_path: Path, kind: str) -> None:
    """A user's team or set-up given as a pipe (``--home <(cat team.toml)``, ``/dev/stdin``) is
    read once: reading it a second time gave an empty file ("name: required key is missing").
    The writer offers the text once and then only empty ones, as a pipe does."""
    import itertools
    import threading

    from kickoff.formats.teams import read_setup, read_team

    source = resources.files("kickoff.data") / (
        "teams/bb2020/human.toml" if kind == "team" else "setups/eleven/botbowl_off_wedge.toml")
    text = source.read_text(encoding="utf-8")
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)

    def offer() -> None:
        for content in itertools.chain([text], itertools.repeat("")):
            with open(pipe, "w", encoding="utf-8") as f:
                f.write(content)

    threading.Thread(target=offer, daemon=True).start()
    if kind == "team":
        where, team = read_team(str(pipe), "bb2020")
        builtin = load_team("human", "bb2020")[1]
        assert (where, team.name, len(team.players)) == (str(pipe), builtin.name,
                                                         len(builtin.players))
    else:
        where, setup = read_setup(str(pipe), PITCHES["eleven"])
        assert (where, dict(setup.positions)) == (
            str(pipe), dict(load_setup("botbowl_off_wedge", PITCHES["eleven"])[1].positions))


def test_a_setup_file_names_squares_off_the_pitch_and_jerseys_no_team_has(tmp_path: Path) -> None:
    """A set-up square off the pitch was left out of `setup show`'s drawing unseen and exported
    to FUMBBL as given, and jersey 0 was exported as nr 0: files `setup import` then refused."""
    path = tmp_path / "s.toml"
    path.write_text('name = "s"\npitch = "eleven"\n[positions]\n0 = [5, 7]\n1 = [40, 7]\n'
                    '2 = [12, -1]\n3 = [12, 5]\n', encoding="utf-8")
    from kickoff.formats.teams import setup_alone_problems

    where, setup = load_setup(str(path), PITCHES["eleven"])  # with a team, place_team names them
    assert [p.text() for p in setup_alone_problems(where, setup, PITCHES["eleven"])] == [
        f"{path}: positions.0: jersey number 0 is not 1 to 99 (a team's jersey numbers)",
        f"{path}: positions.1: [40, 7] is off the 26x15 pitch",
        f"{path}: positions.2: [12, -1] is off the 26x15 pitch"]
    for args in (["setup", "export", str(path), "--out", str(tmp_path / "s.xml")],
                 ["setup", "show", str(path)]):
        result = invoke(args)
        assert result.exit_code == 1, result.output
        assert "positions.1: [40, 7] is off the 26x15 pitch" in result.stderr
        assert "Traceback" not in result.output
    assert not (tmp_path / "s.xml").exists()


def test_scripted_dice_left_unused_are_quoted_in_short() -> None:
    """The error for dice left over names the first unused one and quotes at most ten."""
    dice = ScriptedDice({"d8": [1, 2] + [3] * 5_000, "d6": [6, 5]})
    assert dice.roll("d8", 8) == 1
    with pytest.raises(DiceError) as caught:
        dice.check_exhausted()
    assert str(caught.value) == ("dice.d8[1]: 5001 d8 value(s) left unused ([2, " + "3, " * 9
                                 + "...]); dice.d6[0]: 2 d6 value(s) left unused ([6, 5])")


@pytest.mark.parametrize("args", [["run", "--kicker"], ["run", "--touchback"],
                                  ["kick", "--seed", "1", "--kick-block"]])
def test_an_unknown_player_option_is_quoted_in_short(args: list[str]) -> None:
    """An option naming a player is the user's text: an unknown one of 100,000 characters is
    quoted to 64 and its length, not whole."""
    result = invoke([*args, "k" * 100_000])
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert "'" + "k" * 64 + "'... (100000 characters)" in result.stderr, result.stderr[:300]
    assert len(result.stderr) < 400
