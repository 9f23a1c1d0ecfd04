"""The optional faces of kickoff and the packages each needs (``pyproject.toml``'s extras).

``pip install kickoff`` (``pip install .`` from a clone) installs the rules engine, the exact
solver, the Monte Carlo and the command line. Three faces are extras:

- ``web``: ``kickoff serve`` and :mod:`kickoff.web` (FastAPI, uvicorn);
- ``plot``: ``kickoff odds --all-targets --png`` and :mod:`kickoff.analysis.plot` (matplotlib);
- ``cluster``: ``--workers`` and ``--scheduler`` of ``kickoff simulate`` and ``kickoff setup
  optimize`` (Dask's ``distributed``);
- ``env``: :mod:`kickoff.env`, the learning environments (PettingZoo, Gymnasium).

``kickoff[all]`` is the four. A face used without its packages raises :class:`MissingExtra`,
whose message names the extra to install; the command line prints it and exits 1 (no
traceback).
"""

from __future__ import annotations

import importlib.util
from typing import Final, Literal

from kickoff.core.errors import KickoffError

Extra = Literal["web", "plot", "cluster", "env"]

#: Each extra's modules, as imported: the first missing one is named in the message.
MODULES: Final[dict[Extra, tuple[str, ...]]] = {
    "web": ("fastapi", "fastapi_offline", "uvicorn"),
    "plot": ("matplotlib",),
    "cluster": ("distributed",),
    "env": ("pettingzoo", "gymnasium"),
}


class MissingExtra(KickoffError):
    """A face of kickoff used without its packages: the message names the missing package and
    the extra that installs it (``pip install 'kickoff[web]'``)."""


def missing_module(extra: Extra) -> str | None:
    """The first module of ``extra`` (:data:`MODULES`) that cannot be imported here, or ``None``
    when all can. Nothing is imported: only looked for."""
    for name in MODULES[extra]:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # a parent package missing, or a broken entry
            found = False
        if not found:
            return name
    return None


def require(extra: Extra, what: str) -> None:
    """Raise :class:`MissingExtra` unless every package of ``extra`` is installed; ``what``
    names what needs it (``"kickoff serve"``, ``"--png"``), as the message says:

    ``kickoff serve needs the package fastapi, which kickoff's extra 'web' installs: pip
    install 'kickoff[web]' (or 'kickoff[all]'; from a clone: pip install '.[web]')``.
    """
    module = missing_module(extra)
    if module is not None:
        raise MissingExtra(
            f"{what} needs the package {module}, which kickoff's extra {extra!r} installs: "
            f"pip install 'kickoff[{extra}]' (or 'kickoff[all]'; from a clone: "
            f"pip install '.[{extra}]')")
