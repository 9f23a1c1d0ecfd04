"""kickoff's build backend: setuptools' own (``setuptools.build_meta``, every hook), with mypy
(which ships mypyc) asked for only by a build that may compile, a wheel's (``pip install .``,
``python -m build``): an editable install (``pip install -e .``, the README's second command) is
always pure Python (setup.py), and installing mypy into its build environment cost about 10 s
of a fresh ``pip install -e '.[test]'`` (docs/performance.md). ``KICKOFF_NO_COMPILE=1`` (the
pure-Python package) asks for no mypy either."""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook of setuptools' backend)

#: What the compilation needs beside setuptools (setup.py imports ``mypyc.build`` from it): the
#: C that mypyc writes, and whether it accepts the code, change with its version, so the build
#: takes the minor version it was measured with (2.4.1: docs/performance.md, "The README's install
#: command"), not whatever is newest on the day; a new minor is tried, measured and named here.
MYPY = "mypy>=2.4.1,<2.5"


def get_requires_for_build_wheel(config_settings: dict[str, str] | None = None) -> list[str]:
    """setuptools' requirements for a wheel, and :data:`MYPY` unless ``KICKOFF_NO_COMPILE`` asks
    for the pure package (the same reading as setup.py's ``compile_requested``)."""
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    if os.environ.get("KICKOFF_NO_COMPILE", "") in ("", "0"):
        requires = [*requires, MYPY]
    return requires
