"""The dead-code check: vulture over ``src/kickoff`` as configured in ``pyproject.toml``
(``[tool.vulture]``, whitelist ``.ci/vulture_whitelist.py``), the same run ``.ci/run`` prints.

Anything vulture finds fails here and in ``.ci/run``, so no dead code gets in. ``KNOWN`` (empty
since issue 12 removed the dead code found when the check came in) is where a name would wait,
with its owner, for a removal that cannot be made at once."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
WHITELIST = ROOT / ".ci" / "vulture_whitelist.py"

#: name -> where it was when the check came in (vulture matches names, so a move keeps it known).
KNOWN: dict[str, str] = {}

FINDING = re.compile(r"^(?P<file>\S+):(?P<line>\d+): unused \w+ '(?P<name>\w+)' \(\d+% confidence")


def vulture() -> list[tuple[str, str]]:
    done = subprocess.run([sys.executable, "-m", "vulture"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode in (0, 3), done.stderr  # 3: dead code found
    lines = done.stdout.splitlines()
    found = [FINDING.match(line) for line in lines]
    assert all(found), lines  # every line is a finding this test understands
    return [(f"{m['file']}:{m['line']}", m["name"]) for m in found if m]


def test_no_dead_code_but_the_known() -> None:
    new = [f"{where}: {name}" for where, name in vulture() if name not in KNOWN]
    assert new == [], "dead code (remove it, or whitelist a name only a library uses)"


def test_the_check_finds_dead_code(tmp_path: Path) -> None:
    """vulture with the project's settings does report an unused function (the check works)."""
    (tmp_path / "mod.py").write_text("def used() -> int:\n    return 1\n\n\n"
                                     "def never_called() -> int:\n    return used()\n")
    done = subprocess.run([sys.executable, "-m", "vulture", "--min-confidence", "60", "mod.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.splitlines() == ["mod.py:5: unused function 'never_called' (60% confidence)"]


def test_every_whitelisted_name_is_in_the_code() -> None:
    """A stale whitelist entry would hide the name's next dead use: each is still defined."""
    names = set()
    for node in ast.walk(ast.parse(WHITELIST.read_text())):
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Name, ast.Attribute)):
            value = node.value
            names.add(value.attr if isinstance(value, ast.Attribute) else ast.unparse(value))
    assert names == {"valid", "ball_on_ground", "higher_is_better", "show_version",
                     "attacker_down", "defender_down", "DEFAULTS",
                     "PathCoach", "best_squares", "choices_by_event", "plan_budget_given", "hits",
                     "loops_met"}
    source = "\n".join(p.read_text() for p in (ROOT / "src" / "kickoff").rglob("*.py"))
    for name in names:
        assert re.search(rf"\b{name}\b\s*[:=]", source), name
