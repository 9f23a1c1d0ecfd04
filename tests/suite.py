"""The test suite's own set-up, its hooks registered by tests/conftest.py (a module of its own,
so that a test can import it: ``conftest`` is also tests/web/conftest.py's name): the slow
tests' timeout, and how pytest-xdist hands the tests out to its workers (``pytest``'s addopts in
pyproject.toml: ``-n auto --dist loadfile``): a file's tests to one worker, and a few files
together (:data:`GROUPS`)."""

from __future__ import annotations

from typing import Any

import pytest

__all__ = ["GROUPS", "SLOW_TIMEOUT", "pytest_collection_modifyitems", "pytest_xdist_make_scheduler",
           "work_unit"]

#: The timeout of a slow test that names none (seconds): pyproject's default (180 s) is the
#: quick suite's.
SLOW_TIMEOUT = 900


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A slow test without its own ``@pytest.mark.timeout`` gets :data:`SLOW_TIMEOUT`."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


#: The test files run on one pytest-xdist worker, one after the other, beyond each file's own tests
#: (``--dist loadfile``, pyproject.toml, keeps a file's tests together: its module fixtures are
#: built once): the files sharing the session's ``kickoff serve`` (``server``,
#: tests/web/conftest.py: one server and one Chromium at a time, not one a worker), and the
#: files starting Dask clusters (one cluster at a time: their timings are not stretched by
#: another's, and no collector of one worker closes a Client while another starts).
#: tests/test_suite_config.py checks that every file using a session fixture is here.
GROUPS: dict[str, str] = {
    **dict.fromkeys(["tests/web/test_web_e2e.py", "tests/web/test_suggest_e2e.py",
                     "tests/web/test_web_exposure.py", "tests/web/test_web_hostile.py",
                     "tests/web/test_decide_e2e.py", "tests/web/test_review_e2e.py"], "server"),
    **dict.fromkeys(["tests/test_cluster.py", "tests/test_cluster_faults.py"], "dask"),
}


def work_unit(nodeid: str) -> str:
    """What pytest-xdist hands a worker whole: the test's group in :data:`GROUPS`, else its
    file (``tests/x.py::test_y[1]``: ``tests/x.py``)."""
    path = nodeid.split("::", 1)[0]
    return GROUPS.get(path, path)


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # before xdist's own; no error without xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadfile`` (pyproject.toml's addopts): xdist's file by file scheduling,
    with the files of :data:`GROUPS` handed out as one unit each (pytest-xdist's own
    ``--dist loadgroup`` groups nothing with pytest 9.2: pytest-xdist issue 1386)."""
    if config.getvalue("dist") != "loadfile":
        return None  # xdist's own scheduler for the mode asked
    from xdist.scheduler import LoadFileScheduling

    class GroupedFiles(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return GroupedFiles(config, log)
