"""The API reference (``mkdocs.yml``, ``docs/reference/``; ``.ci/run`` builds it with
``mkdocs build --strict``): every module it names exists, and it documents the module of every
public class and function of ``kickoff.core`` and ``kickoff.analysis``."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = sorted((ROOT / "docs" / "reference").glob("*.md"))
DOCUMENTED = [m for page in PAGES for m in re.findall(r"^::: ([\w.]+)$", page.read_text(), re.M)]


def test_the_reference_has_its_pages_in_mkdocs_nav() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    assert "docs_dir: docs/reference" in config and "strict: true" in config
    for page in PAGES:
        assert f": {page.name}" in config, page.name
    assert len(DOCUMENTED) >= 20, DOCUMENTED


@pytest.mark.parametrize("module", DOCUMENTED)
def test_each_module_of_the_reference_exists(module: str) -> None:
    assert importlib.util.find_spec(module) is not None, module


@pytest.mark.parametrize("package", ["kickoff.core", "kickoff.analysis"])
def test_every_public_name_s_module_is_in_the_reference(package: str) -> None:
    pkg = importlib.import_module(package)
    homes = {getattr(getattr(pkg, name), "__module__", None) for name in pkg.__all__}
    missing = sorted(m for m in homes - {None} if m not in DOCUMENTED)
    assert missing == [], missing
    assert len(homes) >= 5
