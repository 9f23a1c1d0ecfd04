"""The public example cases (copied from the shared cases) replayed through ``kickoff replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli, get

CASES = sorted((Path(__file__).parent / "data" / "cases").glob("*/*.json"))
SET_VALUED = ("prayers", "skills")


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_case(path: Path) -> None:
    case = json.loads(path.read_text())
    code, out, err = cli(["replay", "-"], stdin=json.dumps(case["scenario"]))
    expect = dict(case["expect"])
    want_exit = expect.pop("exit", 0)
    assert code == want_exit, err
    if want_exit:
        # an invalid case names the line of the message it must give (``expect.error``): exit 1
        # for another reason (a typo in the case, another check firing first) is not a pass
        assert set(expect) == {"error"}, "an exit-1 case expects only its error line"
        assert out == ""
        assert "Traceback" not in err
        assert expect["error"] in err.splitlines()[-1], err
        return
    result = json.loads(out)
    for key, value in expect.items():
        got = get(result, key)
        if key.endswith(SET_VALUED):
            assert sorted(got) == sorted(value), key
        else:
            assert got == value, key


def test_there_are_public_cases() -> None:
    assert len(CASES) >= 15
