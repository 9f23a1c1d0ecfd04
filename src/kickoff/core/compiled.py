"""Which modules the compiled build compiles with mypyc: the one list ``setup.py`` and
:mod:`kickoff.core.pickling` both read.

``setup.py`` loads this file by its path (the package need not be installed to build it), so it
imports nothing but the standard library.
"""

from __future__ import annotations

#: What mypyc compiles, as globs from the repository root: the rules core (every module, so modules
#: added or split later are picked up) and the kick-off's exact solver, the modules of
#: ``analysis/exact/`` one by one (its Kick It! odds, ``kick.py``, are not compiled, nor the
#: package's ``__init__.py``): a new module of the solver must be added here.
COMPILED: tuple[str, ...] = (
    "src/kickoff/core/**/*.py",
    "src/kickoff/analysis/exact/awards.py",
    "src/kickoff/analysis/exact/best.py",
    "src/kickoff/analysis/exact/board.py",
    "src/kickoff/analysis/exact/chain.py",
    "src/kickoff/analysis/exact/chance.py",
    "src/kickoff/analysis/exact/events.py",
    "src/kickoff/analysis/exact/grouping.py",
    "src/kickoff/analysis/exact/journey.py",
    "src/kickoff/analysis/exact/moved.py",
    "src/kickoff/analysis/exact/odds.py",
    "src/kickoff/analysis/exact/products.py",
    "src/kickoff/analysis/exact/solver.py",
    "src/kickoff/analysis/exact/steps_by_changes.py",
    "src/kickoff/analysis/exact/walk_values.py",
    "src/kickoff/analysis/exact/walks.py",
    "src/kickoff/analysis/exact/worlds.py",
)


def module_prefix(pattern: str) -> str:
    """The module names a glob of :data:`COMPILED` matches, as a prefix of a dotted name:
    ``"src/kickoff/core/**/*.py"`` gives ``"kickoff.core"``, ``"src/kickoff/analysis/exact*.py"``
    ``"kickoff.analysis.exact"``, ``"src/kickoff/analysis/exact/chain.py"``
    ``"kickoff.analysis.exact.chain"``.
    ``ValueError`` for a pattern outside ``src/`` or not ending in ``.py``."""
    if not pattern.startswith("src/") or not pattern.endswith(".py"):
        raise ValueError(f"compiled module pattern {pattern!r} is not src/....py")
    path = pattern[len("src/"):-len(".py")]
    path = path.split("*", 1)[0].rstrip("/")
    return path.replace("/", ".")


#: The compiled modules as prefixes of their dotted names (:func:`module_prefix`).
MODULE_PREFIXES: tuple[str, ...] = tuple([module_prefix(p) for p in COMPILED])
