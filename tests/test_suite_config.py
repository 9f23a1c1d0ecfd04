"""The test suite's own set-up (issue 26): the README's ``pytest`` is the quick suite, every
test runs under a timeout, and the slow tests are given a longer one."""

from __future__ import annotations

import ast
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from suite import (
    FIRST,
    GROUPS,
    SLOW_TIMEOUT,
    keep_bytecode,
    pytest_collection,
    pytest_collection_modifyitems,
    pytest_xdist_make_scheduler,
    work_unit,
)

ROOT = Path(__file__).resolve().parent.parent
PYTEST = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]


def test_the_default_pytest_leaves_the_slow_tests_out() -> None:
    words = shlex.split(PYTEST["addopts"])
    assert words[words.index("-m") + 1] == "not slow"
    assert any(m.startswith("slow:") for m in PYTEST["markers"])


def test_every_test_has_a_timeout() -> None:
    import pytest_timeout  # the plugin is installed with the test extras

    assert pytest_timeout.__name__ == "pytest_timeout"
    assert PYTEST["timeout"] == 180
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(r.startswith("pytest-timeout") for r in extras["test"])


def test_this_test_runs_under_the_default_timeout(request: pytest.FixtureRequest) -> None:
    assert request.config.getini("timeout") == "180"
    assert request.node.get_closest_marker("timeout") is None  # the ini default applies


def test_the_default_pytest_runs_on_every_core_file_by_file() -> None:
    """``pytest`` spreads the tests over the machine's cores (pytest-xdist, at most four
    workers), each file's tests on one worker (``--dist loadfile``: a module fixture is built
    once), the files of ``GROUPS`` together (tests/suite.py)."""
    import xdist  # the plugin is installed with the test extras

    words = shlex.split(PYTEST["addopts"])
    assert xdist.__name__ == "xdist"
    assert words[words.index("-n") + 1] == "auto" and "--maxprocesses=4" in words
    assert words[words.index("--dist") + 1] == "loadfile"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(r.startswith("pytest-xdist") for r in extras["test"])


def test_a_work_unit_is_a_file_or_its_group() -> None:
    assert work_unit("tests/test_ball.py::test_x[a::b]") == "tests/test_ball.py"
    assert work_unit("src/kickoff/core/dice.py::kickoff.core.dice.Dice") == "src/kickoff/core/dice.py"
    assert work_unit("tests/web/test_web_e2e.py::test_page_end_to_end") == "server"
    assert work_unit("tests/web/test_suggest_e2e.py::test_x") == "server"
    assert work_unit("tests/test_cluster_faults.py::test_x[SIGTERM]") == "dask"
    assert all((ROOT / path).is_file() for path in GROUPS)


def _session_fixtures() -> set[str]:
    """The names of this suite's session fixtures (``@pytest.fixture(scope="session")``)."""
    names = set()
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text()
        if "session" not in text:  # (no such decorator: not parsed, a tenth of the files)
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Call) and any(k.arg == "scope" and isinstance(k.value, ast.Constant)
                                                    and k.value.value == "session" for k in d.keywords)
                    for d in node.decorator_list):
                names.add(node.name)
    return names


def test_every_file_sharing_a_session_fixture_is_in_its_group() -> None:
    """A session fixture (``kickoff serve``) is built once per worker that runs one of its
    tests: the files using it are one work unit (``GROUPS``), so that it is built once."""
    fixtures = _session_fixtures()
    assert "server" in fixtures
    users: dict[str, set[str]] = {}
    named = re.compile(r"\b(?:" + "|".join(map(re.escape, fixtures)) + r")\b")
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text()
        if not named.search(text):  # no argument can name a fixture the text never names
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for arg in node.args.args:
                    if arg.arg in fixtures:
                        users.setdefault(arg.arg, set()).add(path.relative_to(ROOT).as_posix())
    assert users["server"] and users["server"] <= set(GROUPS)
    for fixture, files in users.items():
        assert len({GROUPS[f] for f in files}) == 1, (fixture, files)


def test_the_bytecode_caches_are_kept_under_pythondontwritebytecode(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/conftest.py calls ``keep_bytecode`` (tests/suite.py): this process and the ones it
    starts write and read ``__pycache__`` even when the environment asked for none."""
    assert not sys.dont_write_bytecode and "PYTHONDONTWRITEBYTECODE" not in os.environ
    child = subprocess.run([sys.executable, "-c", "import sys; print(sys.dont_write_bytecode)"],
                           capture_output=True, text=True, timeout=60)
    assert child.stdout.strip() == "False"
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    keep_bytecode()
    assert not sys.dont_write_bytecode and "PYTHONDONTWRITEBYTECODE" not in os.environ


class _Item:
    """What the collection hook reads of a test: its markers."""

    def __init__(self, *markers: pytest.MarkDecorator) -> None:
        self.own: list[Any] = [m.mark for m in markers]

    def get_closest_marker(self, name: str) -> Any:
        return next((m for m in self.own if m.name == name), None)

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.own.append(marker.mark)


def test_a_slow_test_gets_the_slow_timeout_unless_it_names_one() -> None:
    slow, named, quick = (_Item(pytest.mark.slow), _Item(pytest.mark.slow, pytest.mark.timeout(1800)),
                          _Item())
    pytest_collection_modifyitems([slow, named, quick])  # type: ignore[list-item]
    assert slow.get_closest_marker("timeout").args == (SLOW_TIMEOUT,) == (900,)
    assert named.get_closest_marker("timeout").args == (1800,)
    assert quick.get_closest_marker("timeout") is None


class _Config:
    """What xdist's schedulers read of the configuration: ``--dist`` and two workers."""

    def __init__(self, dist: str) -> None:
        self.values = {"dist": dist, "tx": ["2*popen"]}

    def getvalue(self, name: str) -> Any:
        return self.values[name]


def test_the_scheduler_hands_a_group_to_one_worker() -> None:
    """Under ``--dist loadfile`` the scheduler of tests/suite.py splits the tests into
    :func:`work_unit`'s units; another ``--dist`` keeps xdist's own scheduler."""
    from xdist.scheduler import LoadFileScheduling

    sched = pytest_xdist_make_scheduler(_Config("loadfile"), None)  # type: ignore[arg-type]
    assert isinstance(sched, LoadFileScheduling) and sched.numnodes == 2
    ids = ["tests/web/test_web_e2e.py::test_a", "tests/web/test_web_hostile.py::test_b[1]",
           "tests/test_cluster.py::test_c", "tests/test_ball.py::test_d"]
    assert [sched._split_scope(i) for i in ids] == ["server", "server", "dask", "tests/test_ball.py"]
    assert pytest_xdist_make_scheduler(_Config("load"), None) is None  # type: ignore[arg-type]


class _Node:
    """What the scheduler reads of a worker: where it sends the indexes of the tests to run."""

    def __init__(self) -> None:
        self.sent: list[list[int]] = []

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent.append(indexes)


def test_the_longest_units_go_out_first() -> None:
    """The units of ``FIRST`` go out before the others, in its order (the longest first), the
    others after in xdist's own order; every unit named there is a group or a file."""
    sched = pytest_xdist_make_scheduler(_Config("loadfile"), None)  # type: ignore[arg-type]
    ids = ["tests/test_ball.py::test_a", "tests/test_ball.py::test_b", "tests/test_exits.py::test_c",
           "tests/web/test_web_e2e.py::test_d", "tests/test_setup.py::test_e"]
    node = _Node()
    sched.registered_collections[node] = ids
    for nodeid in ids:
        sched.workqueue.setdefault(sched._split_scope(nodeid), {})[nodeid] = False
    while sched.workqueue:
        sched._assign_work_unit(node)
    assert node.sent == [[3], [2], [0, 1], [4]]  # server, test_exits, then as queued
    assert FIRST[:2] == ("server", "dask") and len(set(FIRST)) == len(FIRST)
    assert all(unit in GROUPS.values() or (ROOT / unit).is_file() for unit in FIRST)


def test_the_collection_runs_with_the_collector_paused_then_frozen() -> None:
    """The collection hook pauses the garbage collector around the collection, then freezes
    what the collection left (the imported modules) and starts the collector again."""
    import gc

    assert gc.isenabled()
    hook = pytest_collection(None)  # type: ignore[arg-type]
    next(hook)  # the collection would run here
    assert not gc.isenabled()
    with pytest.raises(StopIteration):
        hook.send(None)
    assert gc.isenabled() and gc.get_freeze_count() > 0
