"""The log a kick-off keeps, read, is the log it kept before the log became lazy (issue 29 point
4: lines stored as they come, formatted when read), and a kick-off that keeps none writes none.

The golden digests are those of main at ``0f9f3ed`` (before the change), made by this file's
own :func:`logs_digest` (``python tests/test_log_golden.py`` prints them): the SHA-256 of the
JSON of every log of 150 seeded kick-offs per ruleset and coaching, Human (kicking) v Orc on
the benchmarks' set-ups, the log read through ``KickoffResult.log`` and ``result_to_json``.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from kickoff.core import RULESETS, Decisions, SeededDice, kick_off
from kickoff.core.decisions import FreeTurnPolicy
from kickoff.core.log import KickoffLog, Label, NoLog, Step
from kickoff.core.pitch import Pitch, Square
from kickoff.formats.scenario import result_to_json
from kickoff.formats.teams import build_state, load_setup, load_team

PAIRING = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
           "sevens": ("sevens_def_zone", "sevens_off_wedge")}

#: ``(ruleset, free turn policy) -> digest`` of main at 0f9f3ed (the module's docstring).
GOLDEN = {
    ("bb2020", "none"): "de5494a4fd40ab012cd9dc226e79754e6a7e9f4111794decd9c91bb7ba6702ee",
    ("bb2020", "close"): "fc748171a86fd6f0f79d9ade23ee1b6236fa719468b8d6495890f63bea5319f0",
    ("bb2025", "none"): "e609da859b1d4f547ab3d75ef8b042eaf6e4724f23f1caec9d538f260daafca1",
    ("bb2025", "close"): "ca02246df7328d7655f3d2e0c95658b208f7f515330aae6107c58b5915592a2f",
    ("classic", "none"): "80e94d4e20ffd16169f6b25d6884bd298b4c0c639096e65707742bb4b479f7ee",
    ("classic", "close"): "fb7c1d73b60bc376396051a3d50cfa73f5860f4760d5a014215e9ec5b7fbe7d9",
    ("sevens", "none"): "8bfdb01f9005f7a402d50dbf685631326ca5c0303144afc94e06527c73e86b70",
    ("sevens", "close"): "c71f2531f01282398373459c7741d60594fadcd3dba925dd7a7681dfef68c7a8",
}


def target(pitch: Pitch, i: int) -> Square:
    """The ``i``-th kick's target: a square of the receiving half, row by row."""
    half = pitch.width // 2
    return Square(half + 1 + i % (half - 1), i % pitch.height)


def logs_digest(ruleset: str, policy: FreeTurnPolicy, n: int = 150) -> str:
    """The SHA-256 of the logs of ``n`` seeded kick-offs (the module's docstring)."""
    rs = RULESETS[ruleset]
    d, o = PAIRING[rs.pitch.name]
    state = build_state(rs, {"home": load_team("human", rs.family), "away": load_team("orc", rs.family)},
                        {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}, "home")
    dice = SeededDice(29)
    h = hashlib.sha256()
    for i in range(n):
        result = kick_off(state.clone(), rs, dice,
                          Decisions(target=target(rs.pitch, i), free_turn_policy=policy))
        h.update(json.dumps(result.log, sort_keys=False).encode())
        h.update(json.dumps(result_to_json(result, rs, 29)["log"]).encode())
    return h.hexdigest()


@pytest.mark.parametrize(("ruleset", "policy"), sorted(GOLDEN))
def test_the_log_read_is_the_log_kept_before(ruleset: str, policy: FreeTurnPolicy) -> None:
    assert logs_digest(ruleset, policy) == GOLDEN[(ruleset, policy)]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_kick_off_without_its_log_writes_none(ruleset: str) -> None:
    rs = RULESETS[ruleset]
    d, o = PAIRING[rs.pitch.name]
    state = build_state(rs, {"home": load_team("human", rs.family), "away": load_team("orc", rs.family)},
                        {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}, "home")
    dice = SeededDice(5)
    for i in range(100):
        result = kick_off(state.clone(), rs, dice, Decisions(target=target(rs.pitch, i)), log=False)
        assert result.log == []


if __name__ == "__main__":
    for rs_name in sorted(RULESETS):
        for pol in ("none", "close"):
            print(f"    ({rs_name!r}, {pol!r}): {logs_digest(rs_name, pol)!r},")


def test_a_log_read_midway_goes_on_growing_with_the_same_lines() -> None:
    """A log read during the kick-off (a coach reads what was rolled) and read again after: one
    list, the lines of the first read unchanged, the later lines after them, each as its dict."""
    log = KickoffLog()
    log.roll("d6", 4, Label("{} by {} ({}+, modifier {:+d})", ("catch", "a4", 3, -1)))
    log.line(Step("bounce", "to"), Square(3, 4), None, None, None)
    first = log.lines()
    assert first == [{"step": "roll", "die": "d6", "value": 4, "for": "catch by a4 (3+, modifier -1)"},
                     {"to": [3, 4], "step": "bounce"}]
    assert list(first[1]) == ["to", "step"]  # the keys in the order of the old keyword lines
    log.rolls((("d6", "weather"), ("d6", Label("{} {}", ("x", 2)))), (1, 6))
    log.note("kicker", {"kicker": "h1"})
    log.note_by("contest", lambda ctx, x: {"totals": {ctx: x}}, "home", 7)
    log.note_by("nothing", lambda ctx, x: None, None, None)
    again = log.lines()
    assert again is first and again[:2] == [
        {"step": "roll", "die": "d6", "value": 4, "for": "catch by a4 (3+, modifier -1)"},
        {"to": [3, 4], "step": "bounce"}]
    assert again[2:] == [{"step": "roll", "die": "d6", "value": 1, "for": "weather"},
                         {"step": "roll", "die": "d6", "value": 6, "for": "x 2"},
                         {"kicker": "h1", "step": "kicker"},
                         {"totals": {"home": 7}, "step": "contest"}]


def test_an_unkept_log_drops_every_line() -> None:
    log = NoLog()
    log.roll("d6", 4, "catch")
    log.line(Step("bounce", "to"), Square(3, 4), None, None, None)
    log.note("kicker", {"kicker": "h1"})
    log.note_by("contest", lambda ctx, x: {"totals": {}}, None, None)
    SeededDice(3).roll_grouped((("d6", "weather"), ("d6", "weather")), sum, None, log)
    assert log.lines() == []
