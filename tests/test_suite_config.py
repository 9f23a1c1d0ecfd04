"""The test suite's own set-up (issue 26): the README's ``pytest`` is the quick suite, every
test runs under a timeout, and the slow tests are given a longer one."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import SLOW_TIMEOUT, pytest_collection_modifyitems

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
