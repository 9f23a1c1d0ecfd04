"""kickoff: a rules engine and analysis toolkit for the Blood Bowl kick-off.

Four rulesets (``classic``, ``bb2020``, ``bb2025``, ``sevens``) and the ``kick_it`` house rule.
The rules core is :mod:`kickoff.core`; scenario files are :mod:`kickoff.formats.scenario`.

``compiled`` says which build is running: ``True`` when the core was compiled with mypyc
(``pip install .`` with a C compiler), ``False`` for the pure-Python package (editable installs,
``KICKOFF_NO_COMPILE=1``, no C compiler). Both give the same results; see ``setup.py``.

Installed alone (``pip install kickoff``) it is the rules engine, the exact solver, the Monte
Carlo and the command line; the web app, the PNG heat maps and the Dask cluster are the extras
``web``, ``plot`` and ``cluster`` (``kickoff[all]``: the three), :mod:`kickoff.extras`.

Documentation: mypyc keeps no docstrings of the modules it compiles (``kickoff.core``, the exact
solver), so in the compiled build ``help()`` shows their names and parameters only. Read them in
the API reference (``docs/reference/``, built by ``mkdocs build``: ``pip install -e '.[docs]'``),
in the ``.py`` sources installed beside the compiled modules, or with ``help()`` in the pure
build (``KICKOFF_NO_COMPILE=1 pip install .``, or an editable install).
"""

from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES
from pathlib import Path as _Path

__version__ = "0.1.0"

#: Whether ``kickoff.core`` is the mypyc-compiled build (Python imports a compiled module before
#: the ``.py`` beside it).
compiled: bool = any((_Path(__file__).parent / "core" / f"state{suffix}").exists()
                     for suffix in _EXTENSION_SUFFIXES)
