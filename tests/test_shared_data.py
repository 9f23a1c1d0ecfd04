"""The gate of the tests that need the shared data beside the repository (``tests/helpers.py``:
``shared()`` and ``@pytest.mark.shared_data``): skipped with one reason where ``../shared`` is
absent, a failure when ``KICKOFF_REQUIRE_SHARED=1`` (``.ci/run`` sets it: CI has the data and must
run every such test), and no test reaching ``../shared`` around it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from helpers import REQUIRE_SHARED, SHARED_DIR, shared

HERE = Path(__file__).parent
MISSING = "data/no-such-folder"
REASON = f"needs ../shared/{MISSING} (the shared data beside the repository)"

PROBE = f'''
import pytest
from helpers import shared


@pytest.mark.shared_data("{MISSING}")
def test_marked() -> None:
    assert False, "ran without its data"


def test_called() -> None:
    shared("{MISSING}")
    assert False, "ran without its data"
'''


def run_probe(tmp_path: Path, require: str | None) -> tuple[int, dict[str, tuple[str, str]]]:
    """A pytest of its own over two probe tests needing a missing ``../shared`` folder, with the
    gate of ``tests/conftest.py`` and ``KICKOFF_REQUIRE_SHARED`` as given: its exit status and,
    per probe test, its outcome (``skipped``, ``failure``, ``error`` or ``passed``) and message."""
    (tmp_path / "conftest.py").write_text("from helpers import pytest_configure, pytest_runtest_setup\n")
    (tmp_path / "test_probe.py").write_text(PROBE)
    env = {k: v for k, v in os.environ.items() if k != REQUIRE_SHARED}
    if require is not None:
        env[REQUIRE_SHARED] = require
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
    report = tmp_path / "report.xml"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
         f"--junitxml={report}", str(tmp_path / "test_probe.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert report.exists(), done.stdout + done.stderr
    outcomes = {}
    for case in ElementTree.parse(report).iter("testcase"):
        found = [(c.tag, c.get("message", "")) for c in case if c.tag in ("skipped", "failure", "error")]
        outcomes[case.get("name", "")] = found[0] if found else ("passed", "")
    return done.returncode, outcomes


# KICKOFF_REQUIRE_SHARED=0 (a pytest of its own, 5 s under load) in the slow set
@pytest.mark.parametrize("require", [None, pytest.param("0", marks=pytest.mark.slow)])
def test_missing_shared_data_is_a_skip_with_its_reason(tmp_path: Path, require: str | None) -> None:
    status, outcomes = run_probe(tmp_path, require)
    assert status == 0
    assert outcomes == {"test_marked": ("skipped", REASON), "test_called": ("skipped", REASON)}


def test_missing_shared_data_fails_when_required(tmp_path: Path) -> None:
    status, outcomes = run_probe(tmp_path, "1")
    assert status == 1
    # the marker fails the test's set-up (an error), the call fails the test; neither runs on
    failed = f"{REASON}; {REQUIRE_SHARED}=1 forbids skipping it"
    assert outcomes == {"test_marked": ("error", f"failed on setup with \"Failed: {failed}\""),
                        "test_called": ("failure", f"Failed: {failed}")}


def test_present_shared_data_is_its_path() -> None:
    assert shared("") == SHARED_DIR
    assert HERE.resolve().parents[1] / "shared" == SHARED_DIR


def test_every_test_reaches_the_shared_data_through_the_gate() -> None:
    """No test file builds a ``../shared`` path or skips on it by itself: ``SHARED_DIR`` and the
    gate are the only way, so that CI's ``KICKOFF_REQUIRE_SHARED=1`` covers every such test."""
    offenders = []
    for path in sorted(HERE.rglob("*.py")):
        if path.name in ("helpers.py", "test_shared_data.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value == "shared":
                offenders.append(f"{path.relative_to(HERE)}:{node.lineno}: the string 'shared'")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("skip", "skipif")
                    and "shared" in ast.unparse(node).lower()):
                offenders.append(f"{path.relative_to(HERE)}:{node.lineno}: {ast.unparse(node)}")
    assert offenders == []


def test_ci_requires_the_shared_data() -> None:
    """``.ci/run`` sets ``KICKOFF_REQUIRE_SHARED=1`` before it runs the test suite."""
    lines = [ln.strip() for ln in (HERE.parent / ".ci" / "run").read_text().splitlines()]
    exported = lines.index(f"export {REQUIRE_SHARED}=1")
    runs = next(i for i, ln in enumerate(lines)
                if ln.startswith("pytest -m") or ln == "pytest" or ln.endswith("&& pytest"))
    assert exported < runs
