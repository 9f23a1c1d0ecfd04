"""Regression pins (issue 24 point 5): with ``play="defaults"`` every figure of the exact odds is
byte-identical to what it was before the coaches' decisions went through one interface.

Where the figures come from: ``KickoffSolver(state, ruleset, events=..., play="defaults")
.odds(centre)`` on each ruleset's default pairing (``build_match(ruleset, None, None, None, None,
"home")``, the README's pairing per edition), the target the centre of the receiving team's
half, computed by the engine at commit 0f1dcb3 (main when they were pinned, 2026-12-06) and
again at this branch's commits, identical. The whole ``Odds.to_json()`` document (sorted keys)
is pinned by its SHA-256, and its touchback probability written out, as an exact fraction, so
that a change is seen and its size read. A deliberate change to a rule moves these: re-pin then,
saying why, in the same commit."""

from __future__ import annotations

import hashlib
import json

import pytest

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.formats.match import build_match

PINS = [
    ("classic", "none", "dfbd65f1a83feaf15ea2ecb3782c68c986dfb77ca480e7ea7e1eccbeee1326c2", "0"),
    pytest.param("classic", "all",
                 "7869d113360cd84c5d30045417a7a1c5fb0e2a0b93cbd3a633d293216dca6ef2", "0",
                 marks=pytest.mark.slow),
    ("bb2020", "none", "dfbd65f1a83feaf15ea2ecb3782c68c986dfb77ca480e7ea7e1eccbeee1326c2", "0"),
    ("bb2020", "all", "7afcf89c448cb1819ec1a540dca0ff782b1ee235503122c4e1c38b153e087331",
     "77101675/189744021504"),
    ("bb2025", "none", "66cfc7d90d43c20d85c69d71bca31c1580d5eb31ff481e882c1770c78130808a", "0"),
    ("bb2025", "all", "3d38bf4e8d54328ef66fab9091c4b068742f3ee084aa2f7f7166b3a4f5dc5df2",
     "137322575/189744021504"),
    ("sevens", "none", "0c2b2b530e229d076c78999bd88d48779a638e67e7f9d4531475932f68ea35a5", "3/128"),
    ("sevens", "all", "5fd10f0111391033eaf2f2554777e11c362014a3d8538594bb1c4faebeee85fa",
     "174041/5308416"),
]


@pytest.mark.parametrize(("ruleset", "events", "digest", "touchback"), PINS)
def test_play_defaults_figures_are_as_pinned(ruleset: str, events: str, digest: str,
                                             touchback: str) -> None:
    m = build_match(ruleset, None, None, None, None, "home")
    odds = KickoffSolver(m.state, m.ruleset, events=events, play="defaults").odds(
        m.state.pitch.centre["away"])
    doc = odds.to_json()
    assert doc["touchback"] == touchback
    assert hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest() == digest
