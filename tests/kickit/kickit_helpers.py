"""Builders for Kick It! turn scenarios (``"phase": "turn"``) in tests."""

from __future__ import annotations

import copy
import json
from typing import Any

from helpers import cli, player

from kickoff.formats.scenario import replay_text


def kick(aim: list[int] | None, player_id: str = "h1", **kw: Any) -> dict[str, Any]:
    """A ``kick`` activation of ``player_id`` aimed at ``aim`` (no move unless ``path``)."""
    act: dict[str, Any] = {"player": player_id, "action": "kick", "path": []}
    if aim is not None:
        act["aim"] = aim
    act.update(kw)
    return act


def turn(
    ruleset: str = "bb2020",
    *,
    home: list[dict[str, Any]] | None = None,
    away: list[dict[str, Any]] | None = None,
    ball: dict[str, Any] | None = None,
    actions: list[dict[str, Any]] | None = None,
    dice: dict[str, list[Any]] | None = None,
    active: str = "home",
    house_rules: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A turn scenario: by default h1 on (10, 7) holding the ball, kicking east at (11, 7), and
    one far-away opponent."""
    doc: dict[str, Any] = {
        "format": "kickoff-scenario/1",
        "ruleset": ruleset,
        "house_rules": ["kick_it"] if house_rules is None else house_rules,
        "phase": "turn",
        "active": active,
        "teams": {
            "home": {"name": "Home", "players": home if home is not None
                     else [player("h1", [10, 7], ruleset)]},
            "away": {"name": "Away", "players": away if away is not None
                     else [player("a1", [22, 12], ruleset)]},
        },
        "ball": ball if ball is not None else {"square": [10, 7], "carrier": "h1"},
        "actions": actions if actions is not None else [kick([11, 7])],
    }
    if dice is not None:
        doc["dice"] = dice
    doc.update(extra)
    return copy.deepcopy(doc)


def play(doc: dict[str, Any]) -> dict[str, Any]:
    """Replay a turn scenario through the public API; the result document."""
    return replay_text(json.dumps(doc))


def replay_cli(doc: dict[str, Any]) -> tuple[int, str, str]:
    """``kickoff replay -`` on ``doc``: ``(exit code, stdout, stderr)``."""
    return cli(["replay", "-"], stdin=json.dumps(doc))


def steps(result: dict[str, Any], step: str) -> list[dict[str, Any]]:
    """The log entries of ``step``."""
    return [e for e in result["log"] if e["step"] == step]
