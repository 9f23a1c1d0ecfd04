"""The published JSON Schemas are generated from the models and must stay current."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import cli

from kickoff.formats.scenario import schemas

SCHEMAS = Path(__file__).parent.parent / "schemas"


def test_published_schemas_are_current() -> None:
    assert sorted(p.name for p in SCHEMAS.glob("*.json")) == sorted(schemas()) == [
        "kickoff-result-1.schema.json", "kickoff-scenario-1.schema.json"]
    for name, doc in schemas().items():
        published = json.loads((SCHEMAS / name).read_text())
        assert published == doc, f"schemas/{name} is stale: run `kickoff schema --out schemas`"


def test_scenario_schema_closes_every_object() -> None:
    doc = schemas()["kickoff-scenario-1.schema.json"]
    assert doc["additionalProperties"] is False
    assert set(doc["required"]) == {"format", "ruleset", "teams"}
    for name, sub in doc["$defs"].items():
        if sub.get("type") == "object" and "properties" in sub:
            assert sub.get("additionalProperties") is False, name


def test_schema_command_prints_both(tmp_path: Path) -> None:
    code, out, _ = cli(["schema"])
    assert code == 0
    assert set(json.loads(out)) == {"kickoff-scenario-1.schema.json", "kickoff-result-1.schema.json"}
    code, out, _ = cli(["schema", "--out", str(tmp_path)])
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "kickoff-result-1.schema.json", "kickoff-scenario-1.schema.json",
    ]
