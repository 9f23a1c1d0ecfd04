"""One list of compiled modules (issue 29): ``setup.py`` compiles ``kickoff.core.compiled``'s
globs and ``kickoff.core.pickling`` registers the frozen dataclasses of the same modules."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from kickoff.core import compiled, pickling

ROOT = Path(__file__).resolve().parent.parent


def _module(source: str) -> str:
    """``src/kickoff/core/ball.py`` -> ``kickoff.core.ball``."""
    return source.removeprefix("src/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_setup_compiles_the_list_pickling_covers(monkeypatch: pytest.MonkeyPatch) -> None:
    import setuptools

    monkeypatch.setattr(setuptools, "setup", lambda **_: None)
    build = runpy.run_path(str(ROOT / "setup.py"))
    assert build["COMPILED"] == compiled.COMPILED
    modules = [_module(s) for s in build["compiled_sources"]()]
    assert "kickoff.core.ball" in modules and "kickoff.analysis.exact.worlds" in modules
    # every compiled module is one pickling covers, and every prefix pickling covers compiles one
    assert [m for m in modules if not m.startswith(pickling.MODULES)] == []
    assert [p for p in pickling.MODULES if not any(m.startswith(p) for m in modules)] == []


@pytest.mark.parametrize(("pattern", "prefix"), [
    ("src/kickoff/core/**/*.py", "kickoff.core"),
    ("src/kickoff/analysis/exact*.py", "kickoff.analysis.exact"),
    ("src/kickoff/analysis/exact/chain.py", "kickoff.analysis.exact.chain"),
])
def test_module_prefix_of_a_glob(pattern: str, prefix: str) -> None:
    assert compiled.module_prefix(pattern) == prefix


@pytest.mark.parametrize("pattern", ["kickoff/core/*.py", "src/kickoff/core/*.pyx"])
def test_module_prefix_refuses_a_pattern_outside_src(pattern: str) -> None:
    with pytest.raises(ValueError, match="is not src/"):
        compiled.module_prefix(pattern)
