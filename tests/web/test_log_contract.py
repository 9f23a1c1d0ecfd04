"""The log's replayed steps are a documented part of ``kickoff-result/1`` (``docs/formats.md``,
"The log's replayed steps"): every kick-off of the golden cases writes them with the keys the
document names, the document names the keys this test checks, and the page reads no other step
and no other key."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from kickoff.core.errors import KickoffError
from kickoff.formats.scenario import replay_text
from kickoff.web.routes.reference import STATIC

ROOT = Path(__file__).parents[2]
CASES = sorted((ROOT / "tests" / "data" / "cases").glob("*/*.json"))


def _square(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(type(c) is int for c in v)


def _player(v: Any) -> bool:
    return isinstance(v, str) and v != ""


def _flag(v: Any) -> bool:
    return type(v) is bool


def _number(v: Any) -> bool:
    return type(v) is int


#: step -> key -> check: what docs/formats.md promises. ``high_kick`` names its ``player`` and
#: ``to`` only when someone moved (the page reads it only then).
CONTRACT: dict[str, dict[str, Any]] = {
    "deviate": {"square": _square, "direction": _number, "distance": _number, "touchback": _flag},
    "scatter": {"to": _square, "touchback": _flag},
    "bounce": {"to": _square},
    "catch": {"player": _player, "success": _flag},
    "touchback": {"to": lambda v: v is None or _square(v) or _player(v)},
    "high_kick": {"player": _player, "to": _square},
    "quick_snap": {"moves": lambda v: isinstance(v, dict) and v != {}
                   and all(_player(k) and _square(sq) for k, sq in v.items())},
}


def _kickoff_logs() -> list[tuple[str, list[dict[str, Any]], dict[str, Any]]]:
    out = []
    for path in CASES:
        scenario = json.loads(path.read_text())["scenario"]
        if scenario.get("phase", "kickoff") != "kickoff":
            continue
        try:
            result = replay_text(json.dumps(scenario))
        except KickoffError:
            continue  # a case of bad input: no result, no log
        out.append((f"{path.parent.name}/{path.stem}", result["log"], result))
    return out


def test_every_replayed_step_has_the_documented_keys() -> None:
    seen: Counter[str] = Counter()
    logs = _kickoff_logs()
    assert len(logs) > 200
    for name, log, result in logs:
        players = set(result["players"])
        for i, entry in enumerate(log):
            step = entry["step"]
            if step not in CONTRACT or (step == "high_kick" and "player" not in entry):
                continue
            seen[step] += 1
            for key, check in CONTRACT[step].items():
                assert key in entry and check(entry[key]), (name, i, entry)
            named = [entry.get("player"), *entry.get("moves", {})]
            if step == "touchback" and isinstance(entry["to"], str):
                named.append(entry["to"])
            assert all(p in players for p in named if p is not None), (name, i, entry)
    # every pinned step is met, so none of the checks above can pass by having nothing to check
    assert set(seen) == set(CONTRACT), seen


def test_the_document_pins_exactly_these_steps_and_keys() -> None:
    text = (ROOT / "docs" / "formats.md").read_text()
    section = text.split("### The log's replayed steps", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", section, flags=re.M)
    documented = {step: set(re.findall(r"`(\w+)`", keys)) for step, keys in rows
                  if step != "step"}  # the table's head
    assert documented == {step: set(keys) for step, keys in CONTRACT.items()}


def test_the_page_reads_only_the_replayed_steps() -> None:
    page = STATIC.joinpath("app.js").read_text()
    frames = page.split("function buildFrames(result) {", 1)[1].split("\n}\n", 1)[0]
    steps = set(re.findall(r'step\.step === "(\w+)"', frames))
    keys = set(re.findall(r"\bstep\.(\w+)", frames)) - {"step"}
    assert steps == set(CONTRACT)
    assert keys <= {key for step_keys in CONTRACT.values() for key in step_keys}, keys
    # elsewhere the page reads the log only through the story, one sentence an entry
    rest = page.replace(frames, "")
    assert re.findall(r"\bstep\.(\w+)", rest) == []
