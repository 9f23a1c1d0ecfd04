"""Pickling the core's frozen dataclasses the same way in both builds (``simulate --jobs``, Dask).

Unpickling a frozen dataclass sets its fields one by one. The pure build does that through the
instance's ``__dict__``; a mypyc-compiled class has none and goes through ``__setattr__``, which a
frozen dataclass refuses (``FrozenInstanceError``). :func:`register` gives every frozen dataclass of
the loaded core modules a ``copyreg`` reducer that rebuilds it through its constructor instead
(``__post_init__`` runs again, as on any construction), in both builds, so the two pickle alike.
``kickoff.core`` calls it once it has imported its modules (which define every dataclass a
simulation's job holds); call it again after loading another compiled module whose frozen
dataclasses are to be pickled. The other classes that hold game data (``Player``, ``Team``,
``GameState``) pickle by their ``__new__``; see ``kickoff.core.state``.
"""

from __future__ import annotations

import copyreg
import sys
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

from kickoff.core.compiled import MODULE_PREFIXES

#: The modules whose frozen dataclasses :func:`register` covers (prefixes of module names): the
#: compiled ones (:data:`kickoff.core.compiled.COMPILED`, the list ``setup.py`` compiles).
MODULES = MODULE_PREFIXES


def rebuilt(cls: type[Any], init: dict[str, object], rest: dict[str, object]) -> Any:
    """``cls(**init)`` with its other fields (``init=False``) set to ``rest``'s values."""
    obj = cls(**init)
    for name, value in rest.items():
        object.__setattr__(obj, name, value)
    return obj


def reduce_frozen(obj: Any) -> tuple[Callable[..., Any], tuple[object, ...]]:
    """``copyreg`` reducer of a frozen dataclass: its constructor's fields and the others."""
    init: dict[str, object] = {}
    rest: dict[str, object] = {}
    for f in fields(obj):
        (init if f.init else rest)[f.name] = getattr(obj, f.name)
    return rebuilt, (type(obj), init, rest)


def register() -> None:
    """Register :func:`reduce_frozen` for every frozen dataclass defined in a loaded module of
    :data:`MODULES` (again for those already registered: harmless)."""
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(MODULES):
            continue
        for value in list(vars(module).values()):
            if (isinstance(value, type) and is_dataclass(value) and value.__module__ == name
                    and value.__dataclass_params__.frozen):  # type: ignore[attr-defined]
                copyreg.pickle(value, reduce_frozen)
