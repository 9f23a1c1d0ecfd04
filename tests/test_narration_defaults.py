"""The default-decision lines and sentences for the kick-off move and Diving Catch
(docs/formats.md: On the Ball / Kick-Off Return default nobody; Diving Catch default everyone)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kickoff.formats.narration import defaults_applied, sentence
from kickoff.formats.scenario import replay_text

CASES = Path(__file__).parent / "data" / "cases"


def _scenario(rel: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((CASES / rel).read_text())
    return doc["scenario"]


def test_diving_catch_by_default_is_told_as_a_default() -> None:
    result = replay_text(json.dumps(_scenario("skills/bb2020-diving-catch-kickoff-caught.json")))
    assert result["ball"]["carrier"] == "a5"
    lines = defaults_applied(result["log"])
    assert any(line.startswith("Diving Catch: a5 tried") and "decisions.diving_catch" in line
               for line in lines), lines
    dive = next(e for e in result["log"] if e["step"] == "diving_catch")
    assert sentence(dive).startswith("Diving Catch: a5 dives from ")


def test_diving_catch_named_is_no_default() -> None:
    sc = _scenario("skills/bb2020-diving-catch-kickoff-caught.json")
    sc["decisions"] = {"diving_catch": ["a5"]}
    result = replay_text(json.dumps(sc))
    assert result["ball"]["carrier"] == "a5"
    assert not any(line.startswith("Diving Catch") for line in defaults_applied(result["log"]))


def test_on_the_ball_nobody_moved_is_told_unless_a_touchback() -> None:
    sc = _scenario("kickoff_move/bb2020-on-the-ball-failed-dodge-falls-over-kick-off-goes-on.json")
    sc["decisions"] = {}
    sc.pop("dice", None)
    told = {True: 0, False: 0}
    for seed in range(40):
        sc["seed"] = seed
        result = replay_text(json.dumps(sc))
        deviated_out = next(e for e in result["log"] if e["step"] == "deviate")["touchback"]
        lines = [ln for ln in defaults_applied(result["log"]) if ln.startswith("On the Ball")]
        if deviated_out:
            assert lines == []
        else:
            assert lines and "a5" in lines[0] and "decisions.on_the_ball" in lines[0], lines
            assert result["players"]["a5"]["square"] == sc_square(sc, "a5")
        told[deviated_out] += 1
    assert told[False] > 0


def sc_square(sc: dict[str, Any], pid: str) -> list[int]:
    for team in sc["teams"].values():
        for p in team["players"]:
            if p["id"] == pid:
                square: list[int] = p["square"]
                return square
    raise KeyError(pid)
