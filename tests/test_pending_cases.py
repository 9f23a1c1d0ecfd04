"""Cases waiting for a part of the action engine are refused clearly until it lands (exit 1,
"not supported yet"). The free-turn cases (Blitz!, Charge!) and the Kick It! cases have moved to
``tests/data/cases/project/``; the folder may be empty."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

PENDING = sorted((Path(__file__).parent / "data" / "cases-pending").glob("*.json"))


@pytest.mark.parametrize("path", PENDING, ids=[p.stem for p in PENDING])
def test_pending_case_is_refused_as_not_supported_yet(path: Path) -> None:
    case = json.loads(path.read_text())
    code, out, err = cli(["replay", "-"], stdin=json.dumps(case["scenario"]))
    assert code == 1
    assert out == ""
    assert "not supported yet" in err
