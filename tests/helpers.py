"""Builders for scenario documents in tests, a way to run the real command line, and the one
gate of the tests that need the shared data beside the repository (``../shared``)."""

from __future__ import annotations

import copy
import functools
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import typer
import typer.main
import typer.testing
from typer.testing import CliRunner

from kickoff.cli.app import app
from kickoff.formats.scenario import replay_text

CLASSIC_LINEMAN = {"ma": 6, "st": 3, "ag": 3, "av": 8}
LINEMAN = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9}


def quick_subset(values: Iterable[Any], *quick: Any) -> list[Any]:
    """``values`` for ``@pytest.mark.parametrize``, those not in ``quick`` marked ``slow``: the
    same check over many inputs keeps ``quick`` in the quick suite (the README's ``pytest``,
    under 3 minutes on two cores, docs/performance.md) and runs the rest in ``.ci/run`` and
    ``pytest -m slow``. A tuple is one case of several arguments (``("ruleset", "team")``);
    a value of ``quick`` not among ``values`` is a ``ValueError``."""
    values = list(values)
    missing = [q for q in quick if q not in values]
    if missing:
        raise ValueError(f"quick_subset: {missing} not among {values}")
    return [v if v in quick else pytest.param(*(v if isinstance(v, tuple) else (v,)),
                                              marks=pytest.mark.slow) for v in values]


def player(pid: str, square: list[int] | None, ruleset: str = "bb2020", **kw: Any) -> dict[str, Any]:
    """A lineman of the ruleset's convention at ``square`` (overrides in ``kw``)."""
    base = CLASSIC_LINEMAN if ruleset == "classic" else LINEMAN
    p: dict[str, Any] = {"id": pid, **base, "skills": [], "square": square}
    p.update(kw)
    return p


def default_players(side: str, ruleset: str = "bb2020") -> list[dict[str, Any]]:
    """Three on the LoS and one deep player (the default kicker / receiver)."""
    if ruleset == "sevens":
        x_los, deep = (6, [3, 5]) if side == "home" else (13, [16, 5])
        ys = [4, 5, 6]
    else:
        x_los, deep = (12, [8, 7]) if side == "home" else (13, [20, 7])
        ys = [6, 7, 8]
    c = side[0]
    return [player(f"{c}{i + 1}", [x_los, y], ruleset) for i, y in enumerate(ys)] + [
        player(f"{c}4", deep, ruleset)
    ]


def scenario(
    ruleset: str = "bb2020",
    *,
    home: list[dict[str, Any]] | None = None,
    away: list[dict[str, Any]] | None = None,
    kicking: str = "home",
    kick: dict[str, Any] | None = None,
    dice: dict[str, list[Any]] | None = None,
    decisions: dict[str, Any] | None = None,
    teams: dict[str, dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A ``kickoff-scenario/1`` document; unspecified parts are the default line-ups."""
    doc: dict[str, Any] = {
        "format": "kickoff-scenario/1",
        "ruleset": ruleset,
        "kicking": kicking,
        "teams": {
            "home": {"name": "Home", "players": home if home is not None
                     else default_players("home", ruleset)},
            "away": {"name": "Away", "players": away if away is not None
                     else default_players("away", ruleset)},
        },
        "decisions": decisions or {},
    }
    for side, fields in (teams or {}).items():
        doc["teams"][side].update(fields)
    if kick is not None:
        doc["kick"] = kick
    if dice is not None:
        doc["dice"] = dice
    doc.update(extra)
    return copy.deepcopy(doc)


def run(doc: dict[str, Any]) -> dict[str, Any]:
    """Replay a scenario document through the public API; the result document."""
    return replay_text(json.dumps(doc))


@functools.cache
def _command(typer_app: typer.Typer) -> Any:
    """``typer_app``'s click command, built once a process (as the ``kickoff`` process builds
    it once): Typer's ``CliRunner.invoke`` builds it anew on every call, every command's
    parameters from its signature, 45 ms of the 49 ms of CPU a short command took in-process
    (a ``replay`` of a stored case, 2026-12-06, profiled)."""
    return typer.main.get_command(typer_app)


def invoke(args: list[str], stdin: str | None = None) -> typer.testing.Result:
    """Run ``kickoff ARGS`` in this process: Typer's ``CliRunner`` result (the exception
    too). The app's click command is built once (:func:`_command`): a click command is made
    to be invoked again, each run parsing into a context of its own."""
    with mock.patch.object(typer.testing, "_get_command", _command):
        return CliRunner().invoke(app, args, input=stdin)


def cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run ``kickoff ARGS`` in this process (:func:`invoke`): ``(exit code, stdout,
    stderr)``."""
    result = invoke(args, stdin)
    return result.exit_code, result.stdout, result.stderr


def get(doc: Any, path: str) -> Any:
    """``doc`` at a dotted path such as ``players.a4.square``."""
    for part in path.split("."):
        doc = doc[part]
    return doc


def assert_invalid(code: int, out: str, err: str, *needles: str) -> None:
    """Exit 1, nothing on stdout, a message on stderr (no traceback) containing every needle."""
    assert code == 1, (out, err)
    assert out == ""
    assert err.strip()
    assert "Traceback" not in err
    for n in needles:
        assert n in err, (n, err)


def table_sections(out: str) -> list[list[list[str]]]:
    """The body of the first Rich table in ``out``: its sections (split at the rules between
    them), each a list of rows, each row its cells."""
    sections: list[list[list[str]]] = [[]]
    body = False
    for line in out.splitlines():
        if line.startswith("┡"):
            body = True
        elif body and line.startswith("├"):
            sections.append([])
        elif body and line.startswith("│"):
            sections[-1].append([c.strip() for c in line.strip("│").split("│")])
        elif body and line.startswith("└"):
            break
    return sections



# --------------------------------------------------------------------------- the shared data

#: The project's shared, read-only material beside the repository (``../shared``: the spec, the
#: FUMBBL replays...); not shipped with the repository, present in CI.
SHARED_DIR = Path(__file__).resolve().parents[2] / "shared"
#: Set to ``1`` (``.ci/run`` does) to turn a missing-shared-data skip into a failure.
REQUIRE_SHARED = "KICKOFF_REQUIRE_SHARED"


def shared(rel: str = "data/fumbbl-replays") -> Path:
    """``../shared/<rel>``, for a test that needs it: when it is absent the test is skipped with
    the reason ``needs ../shared/<rel> (the shared data beside the repository)``, or fails with
    that reason when the environment has ``KICKOFF_REQUIRE_SHARED=1`` (CI, which has the data,
    must run every such test)."""
    path = SHARED_DIR / rel
    if not path.exists():
        reason = f"needs ../shared/{rel} (the shared data beside the repository)"
        if os.environ.get(REQUIRE_SHARED) == "1":
            pytest.fail(f"{reason}; {REQUIRE_SHARED}=1 forbids skipping it", pytrace=False)
        pytest.skip(reason)
    return path


def pytest_configure(config: pytest.Config) -> None:
    """Register ``@pytest.mark.shared_data(rel)`` (imported by ``tests/conftest.py``)."""
    config.addinivalue_line(
        "markers", "shared_data(rel): needs ../shared/<rel> (default data/fumbbl-replays); "
        f"skipped when absent, a failure when {REQUIRE_SHARED}=1")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Apply ``shared()`` to every ``shared_data`` marker of the test before it runs."""
    for mark in item.iter_markers("shared_data"):
        shared(*mark.args)
