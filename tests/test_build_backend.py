"""The build backend (build_backend/kickoff_build.py, pyproject.toml's ``[build-system]``):
setuptools' own, with mypy (mypyc, setup.py's compilation) asked for by a wheel's build only,
not by an editable install (always pure Python), nor with ``KICKOFF_NO_COMPILE=1``."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import build_meta

ROOT = Path(__file__).resolve().parent.parent


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "kickoff_build", ROOT / "build_backend" / "kickoff_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pyproject_names_the_backend_and_no_mypy_for_every_build() -> None:
    system = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    assert (system["build-backend"], system["backend-path"]) == ("kickoff_build", ["build_backend"])
    assert not any(r.startswith("mypy") for r in system["requires"])
    assert "include build_backend/kickoff_build.py" in (ROOT / "MANIFEST.in").read_text()


@pytest.mark.parametrize(("no_compile", "mypy"), [(None, True), ("0", True), ("1", False)])
def test_only_a_wheel_that_may_compile_asks_for_mypy(monkeypatch: pytest.MonkeyPatch,
                                                     no_compile: str | None, mypy: bool) -> None:
    backend = _backend()
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel",
                        lambda config_settings=None: ["setuptools' own"])
    if no_compile is None:
        monkeypatch.delenv("KICKOFF_NO_COMPILE", raising=False)
    else:
        monkeypatch.setenv("KICKOFF_NO_COMPILE", no_compile)
    assert backend.get_requires_for_build_wheel() == ["setuptools' own",
                                                      *(["mypy>=2.4.1,<2.5"] * mypy)]
    # every other hook is setuptools' own: an editable install's requirements have no mypy
    assert backend.get_requires_for_build_editable is build_meta.get_requires_for_build_editable
    assert backend.build_editable is build_meta.build_editable
