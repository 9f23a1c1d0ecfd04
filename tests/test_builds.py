"""Both builds, compiled with mypyc and pure Python, give the same results (issue 16).

The same seeded kick-offs (their ``kickoff-result/1`` documents, every die in the log) and the
same exact odds (fractions, by their text) are computed by each build in its own process and
compared exactly. The pure build is the source tree itself (``src/``, what ``KICKOFF_NO_COMPILE=1
pip install .`` installs). The compiled build is, in this order: the directory named by
``KICKOFF_COMPILED_SITE`` (CI keeps the build of ``pip install .`` there), the running one when it
is compiled, or a wheel built here with ``pip wheel`` (a few minutes; the test is ``slow``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import kickoff

ROOT = Path(__file__).resolve().parent.parent

#: Plays seeded kick-offs in each ruleset and solves one target's exact odds; prints JSON.
SCRIPT = r"""
import json, sys
import kickoff
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core import RULESETS, Decisions, SeededDice, Square, kick_off
from kickoff.formats.scenario import result_to_json
from kickoff.formats.teams import build_state, load_setup, load_team

PAIRING = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
           "sevens": ("sevens_def_zone", "sevens_off_wedge")}
# events "all" where one target solves in well under a second (classic's Pitch Invasion does not)
EVENTS = {"classic": "none", "bb2020": "all", "bb2025": "none", "sevens": "all"}
out = {"compiled": kickoff.compiled, "kickoffs": {}, "odds": {}}
for name, rs in RULESETS.items():
    family = rs.family
    teams = {"home": load_team("human", family), "away": load_team("orc", family)}
    d, o = PAIRING[rs.pitch.name]
    setups = {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}
    state = build_state(rs, teams, setups, "home")
    dice = SeededDice(2026)
    out["kickoffs"][name] = [result_to_json(kick_off(state.clone(), rs, dice, Decisions()), rs, 2026)
                             for _ in range(int(sys.argv[1]))]
    target = Square(rs.pitch.width - 7, rs.pitch.height // 2)
    odds = KickoffSolver(state, rs, events=EVENTS[name]).odds(target)
    out["odds"][name] = repr(odds)
print(json.dumps(out))
"""


def _run(pythonpath: Path, kickoffs: int = 300) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(kickoffs)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _compiled_site(tmp: Path) -> Path:
    """A directory from which ``import kickoff`` gives the compiled build."""
    named = os.environ.get("KICKOFF_COMPILED_SITE")
    if named:
        return Path(named)
    if kickoff.compiled:
        return Path(kickoff.__file__).parent.parent
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                            str(tmp / "wheel"), str(ROOT)], capture_output=True, text=True,
                           timeout=1200, check=False)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "wheel").glob("kickoff-*.whl")
    site = tmp / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    if not list((site / "kickoff" / "core").glob("state.*.so")) + list(
            (site / "kickoff" / "core").glob("state.*.pyd")):
        pytest.skip("no compiled build here: pip built the pure package (no C compiler, or "
                    "mypyc failed; see `pip wheel -v .`)")
    return site


@pytest.mark.slow
@pytest.mark.timeout(1800)  # may build a wheel (pip wheel: up to 1,200 s) before its two runs
def test_compiled_and_pure_builds_agree_exactly(tmp_path: Path) -> None:
    compiled = _run(_compiled_site(tmp_path))
    pure = _run(ROOT / "src")
    assert compiled["compiled"] is True
    assert pure["compiled"] is False
    assert compiled["odds"] == pure["odds"]
    assert compiled["kickoffs"] == pure["kickoffs"]
    # what is compared is real: many kick-offs per ruleset, and odds that are fractions
    kickoffs = pure["kickoffs"]
    assert isinstance(kickoffs, dict) and all(len(docs) == 300 for docs in kickoffs.values())
    assert "Fraction(" in str(pure["odds"])


def test_game_data_pickles_on_this_build() -> None:
    """What ``simulate --jobs`` and Dask send to other processes survives pickling on this build
    (compiled frozen dataclasses refuse the default unpickling; see ``kickoff.core.pickling``):
    the copy plays the same seeded kick-off as the original."""
    import pickle

    from kickoff.core import RULESETS, Decisions, SeededDice, kick_off
    from kickoff.formats.scenario import result_to_json
    from kickoff.formats.teams import build_state, load_setup, load_team

    rs = RULESETS["bb2020"]
    teams = {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")}
    setups = {"home": load_setup("botbowl_def_zone", rs.pitch),
              "away": load_setup("botbowl_off_wedge", rs.pitch)}
    state = build_state(rs, teams, setups, "home")
    decisions = Decisions(high_kick="a1")
    state2, rs2, decisions2 = pickle.loads(pickle.dumps((state, rs, decisions)))
    assert rs2 == rs and rs2.pitch == rs.pitch and decisions2 == decisions
    assert list(state2.board) == list(state.board) and state2.players.keys() == state.players.keys()
    for seed in range(20):
        ours = kick_off(state.clone(), rs, SeededDice(seed), decisions)
        theirs = kick_off(state2.clone(), rs2, SeededDice(seed), decisions2)
        assert result_to_json(theirs, rs2, seed) == result_to_json(ours, rs, seed)
    result = pickle.loads(pickle.dumps(ours))
    assert result_to_json(result, rs, 19) == result_to_json(ours, rs, 19)


def test_pip_install_says_that_it_compiles_and_how_to_skip_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """setup.py's compiling build says, before mypyc starts, that it compiles and how to skip it
    (issue 26: pip hides a build's output without -v; the line also goes to the terminal)."""
    import runpy

    import setuptools
    from setuptools import Distribution

    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    monkeypatch.delenv("KICKOFF_NO_COMPILE", raising=False)
    build = runpy.run_path(str(ROOT / "setup.py"))
    assert build["TTY"] == "/dev/tty"
    where = build["MypycBuildExt"]._extensions.__globals__  # the module's globals, as run
    monkeypatch.setitem(where, "c_compiler", lambda: "cc")
    monkeypatch.setitem(where, "TTY", str(tmp_path / "tty"))  # the terminal, for this test

    asked: dict[str, object] = {}

    def no_mypyc(*_: object, **options: object) -> list[object]:
        asked.update(options)
        raise SystemExit("not compiling in a test")

    import mypyc.build

    monkeypatch.setattr(mypyc.build, "mypycify", no_mypyc)
    command = build["MypycBuildExt"](Distribution())
    command.editable_mode = False
    assert command._extensions() == []
    err = capsys.readouterr().err.splitlines()
    modules = len(build["compiled_sources"]())
    assert modules > 30
    assert err[0].startswith(f"kickoff build: compiling {modules} modules (the rules core and ")
    assert "KICKOFF_NO_COMPILE=1 pip install . skips it" in err[0]
    assert (tmp_path / "tty").read_text() == f"\n{err[0]}\n"  # what the terminal shows
    assert err[1].startswith("kickoff build: mypyc failed (SystemExit: not compiling in a test)")
    # a C file per module, at -O3 (docs/performance.md: the install's figures)
    assert (asked["multi_file"], asked["opt_level"], asked["group_name"]) == (True, "3", "kickoff")
    monkeypatch.setenv("KICKOFF_NO_COMPILE", "1")
    assert command._extensions() == [] and capsys.readouterr().err == ""  # asked: no word


def test_the_c_files_compile_side_by_side_the_largest_first(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """setup.py's ``compile_in_parallel``: one extension's C files (mypyc's multi_file: one per
    module) go to up to ``jobs`` compilers at once, the largest first, and every object is
    returned; a compiler that is not ``unix`` (MSVC compiles in its own ``compile``) is left
    alone, as is one job."""
    import runpy
    import threading
    import time

    import setuptools

    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    build = runpy.run_path(str(ROOT / "setup.py"))
    sources = []
    for name, size in (("small.c", 10), ("large.c", 3000), ("middle.c", 500)):
        (tmp_path / name).write_text("x" * size)
        sources.append(str(tmp_path / name))

    class Compiler:
        compiler_type = "unix"

        def __init__(self) -> None:
            self.started: list[str] = []
            self.running = self.most = 0
            self.lock = threading.Lock()

        def _setup_compile(self, *args: object) -> tuple[object, ...]:
            objects = [s.replace(".c", ".o") for s in sources]
            return None, objects, [], [], {o: (s, ".c") for o, s in zip(objects, sources, strict=True)}

        def _get_cc_args(self, *args: object) -> list[str]:
            return ["-c"]

        def _compile(self, obj: str, src: str, *_: object) -> None:
            with self.lock:
                self.started.append(Path(src).name)
                self.running += 1
                self.most = max(self.most, self.running)
            time.sleep(0.2)
            with self.lock:
                self.running -= 1

        def compile(self, sources: list[str]) -> list[str]:  # distutils' own: one at a time
            return []

    compiler = Compiler()
    build["compile_in_parallel"](compiler, 2)
    objects = compiler.compile(sources)
    assert objects == [str(tmp_path / n) for n in ("small.o", "large.o", "middle.o")]
    assert compiler.started[:2] == ["large.c", "middle.c"] and compiler.started[2] == "small.c"
    assert compiler.most == 2
    for kind, jobs in (("msvc", 2), ("unix", 1)):
        other = Compiler()
        other.compiler_type = kind
        build["compile_in_parallel"](other, jobs)
        assert other.compile(sources) == [] and other.started == []
    assert build["JOBS"] >= 1 and build["MULTI_FILE"] is True
