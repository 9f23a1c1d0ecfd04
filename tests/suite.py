"""The test suite's own set-up, its hooks registered by tests/conftest.py (a module of its own,
so that a test can import it: ``conftest`` is also tests/web/conftest.py's name): the slow
tests' timeout, and how pytest-xdist hands the tests out to its workers (``pytest``'s addopts in
pyproject.toml: ``-n auto --dist loadfile``): a file's tests to one worker, and a few files
together (:data:`GROUPS`)."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

__all__ = ["FIRST", "GROUPS", "SLOW_TIMEOUT", "keep_bytecode", "pytest_collection",
           "pytest_collection_modifyitems", "pytest_xdist_auto_num_workers",
           "pytest_xdist_make_scheduler", "work_unit"]

def keep_bytecode() -> None:
    """Let this process and every process it starts (the xdist workers, ``kickoff serve``, the
    commands run in a process of their own, Dask's workers) write and read Python's bytecode
    caches (``__pycache__``, ignored by git) even when ``PYTHONDONTWRITEBYTECODE`` is set, as it
    is on the 2-core machine the suite is timed on. Without the caches every process compiled
    kickoff's modules from source again (0.45 s of CPU for the command line, the web app and the
    exact solver, each time) and each worker rewrote and compiled every test module's asserts
    again (7.0 to 7.5 s of CPU for a collection, 4.5 to 5 s with the caches): the sum measured
    in docs/performance.md. Only where the caches go changes: the tests and their results are
    the same. Called by tests/conftest.py when it is imported, before any test module is."""
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


#: The timeout of a slow test that names none (seconds): pyproject's default (180 s) is the
#: quick suite's.
SLOW_TIMEOUT = 900


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Iterator[object]:
    """The collection (every test module and, ``--doctest-modules``, every module of
    src/kickoff imported, on each xdist worker) with the garbage collector paused; then what it
    left is collected once and frozen (``gc.freeze``: the modules, their functions and tables,
    alive for the whole run, are never scanned again). Measured on the 2-core machine: the
    collection took 4.8 s of CPU instead of 8.3 s (8 MB more at its peak), and the tests of
    allocation-heavy files (the exact solver, the cases) 12 % less, each of the collector's
    full passes otherwise walking every object of the imported modules."""
    gc.disable()
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
        gc.enable()


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


#: The work units handed out before the others, the longest first: every unit of about 2 s of
#: CPU or more, by its CPU in one whole quick run (2026-12-07, branch ``s38-fastsuite``, a
#: plugin timing each test: its process's CPU and its waited children's; the server group,
#: Dask's, test_exits, test_web_hold and test_review_api, whose time is mostly waiting, by their
#: wall clock on the quiet machine). xdist hands out the files with the most tests first
#: (``--loadscope-reorder``), which left the few-test long files to the end: in that run the
#: last unit, ``test_plans_cache`` (one test, 6 to 8 s of CPU), ran on one worker while the
#: other had finished; before it, ``test_exact_free_shared``, ``test_exact_events`` and
#: ``test_exact_sharing`` (two to four tests, 2 to 5 s each). Longest first (the greedy
#: schedule of the longest processing time), the run ends on short files, the two workers
#: finishing together. A unit not collected (``-m``, a path given) is passed over; a unit not
#: listed (each under about 2 s) comes after, in xdist's own order.
FIRST: tuple[str, ...] = (
    "server", "dask", "tests/test_advisor_cli.py", "tests/test_fumbbl_review.py",
    "tests/test_exits.py", "tests/test_env.py", "tests/test_plans_cache.py",
    "tests/test_analysis_cli.py", "tests/test_advisor_coach.py", "tests/test_play_best.py",
    "tests/test_hostile_input.py", "tests/test_exact.py", "tests/test_mix_best.py",
    "tests/web/test_review_api.py", "tests/test_coach_conformance.py", "tests/test_env_setup.py",
    "tests/test_properties.py", "tests/test_advisor.py", "tests/test_fumbbl_review_png.py",
    "tests/test_plans.py", "tests/test_fumbbl_replay.py", "tests/test_exact_free_shared.py",
    "tests/test_decide.py", "tests/web/test_suggest_api.py", "tests/test_exact_sharing.py",
    "tests/test_board_objectives.py", "tests/web/test_web_hold.py", "tests/test_exact_nodes.py",
    "tests/test_readme.py", "tests/test_plans_all_targets.py", "tests/test_review_advisor.py",
    "tests/test_shared_data.py", "tests/web/test_web_plans.py", "tests/web/test_web_heal.py",
    "tests/test_choices_by_event.py", "tests/test_exact_events.py", "tests/kickit/test_kick_best.py",
    "tests/test_input_bounds.py", "tests/test_standing_orders.py", "tests/test_plans_given.py",
    "tests/test_cases.py")


def work_unit(nodeid: str) -> str:
    """What pytest-xdist hands a worker whole: the test's group in :data:`GROUPS`, else its
    file (``tests/x.py::test_y[1]``: ``tests/x.py``)."""
    path = nodeid.split("::", 1)[0]
    return GROUPS.get(path, path)


@pytest.hookimpl(optionalhook=True)  # no error without xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``'s workers for the quick suite (the README's ``pytest``: ``-m 'not slow'``):
    one more than the cores this process may run on. About 50 s of its tests only wait (Dask's
    and the web app's deadlines, a command's stop, the page tests' server), which the extra
    worker fills: 135 and 136 s wall against 148 and 152 s with one a core, on 2 cores
    (docs/performance.md). ``None`` (xdist's own count, one a core) for any other run: the
    full one (``.ci/run``) has the slow tests' exact solves of whole games, gigabytes each."""
    if config.getoption("markexpr", "") != "not slow":
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # before xdist's own; no error without xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadfile`` (pyproject.toml's addopts): xdist's file by file scheduling,
    with the files of :data:`GROUPS` handed out as one unit each, the units of :data:`FIRST`
    before the others (pytest-xdist's own
    ``--dist loadgroup`` groups nothing with pytest 9.2: pytest-xdist issue 1386)."""
    if config.getvalue("dist") != "loadfile":
        return None  # xdist's own scheduler for the mode asked
    from xdist.scheduler import LoadFileScheduling

    class GroupedFiles(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            # the longest unit of FIRST still waiting goes out next (xdist pops the queue's head)
            for unit in FIRST:
                if unit in self.workqueue:
                    self.workqueue.move_to_end(unit, last=False)
                    break
            super()._assign_work_unit(node)

    return GroupedFiles(config, log)
