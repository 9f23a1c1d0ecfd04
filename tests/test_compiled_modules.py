"""One list of compiled modules (issue 29): ``setup.py`` compiles ``kickoff.core.compiled``'s
globs and ``kickoff.core.pickling`` registers the frozen dataclasses of the same modules."""

from __future__ import annotations

import ast
import runpy
from collections.abc import Iterator
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


def _classes(tree: ast.Module) -> Iterator[ast.ClassDef]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef))


def _reused(cls: ast.ClassDef) -> bool:
    """Whether ``cls`` is declared ``@mypyc_attr(free_list_len=...)``."""
    return any(isinstance(d, ast.Call) and isinstance(d.func, ast.Name)
               and d.func.id == "mypyc_attr" and any(k.arg == "free_list_len" for k in d.keywords)
               for d in cls.decorator_list)


def _reused_with_subclasses(sources: dict[str, str]) -> list[str]:
    """The classes declared with a free list (mypyc hands the one freed instance to the next
    ``setup``, whatever type it was asked for) that some class of ``sources`` derives from."""
    trees = {name: ast.parse(text) for name, text in sources.items()}
    reused = {cls.name for tree in trees.values() for cls in _classes(tree) if _reused(cls)}
    return sorted({f"{base.id} (by {cls.name})" for tree in trees.values()
                   for cls in _classes(tree) for base in cls.bases
                   if isinstance(base, ast.Name) and base.id in reused})


def test_no_class_with_a_free_list_has_a_subclass() -> None:
    """A compiled class keeping its last freed instance (``free_list_len=1``: the kick-off's
    short-lived values, docs/performance.md) must have no subclass: the instance it keeps
    would be handed out for the subclass too. The check would see one."""
    sources = {str(p): p.read_text() for p in (ROOT / "src" / "kickoff").rglob("*.py")}
    assert any("free_list_len" in text for text in sources.values())
    assert _reused_with_subclasses(sources) == []
    assert _reused_with_subclasses({"a": "@mypyc_attr(free_list_len=1)\nclass A:\n    pass\n",
                                    "b": "class B(A):\n    pass\n"}) == ["A (by B)"]
