"""Python's cyclic garbage collector paused while exact solves run (issues 28 and 29).

The exact solver makes millions of small containers that live as long as the solver (nodes'
exits, journeys' states, each world's changes) and holds no reference cycles: every full
collection walked them all again and found nothing to free. A quarter of a classic FUMBBL
review's CPU (compiled, 1005115), a fifth of the plan search's, and about a third of the
all-targets ranking's gap to ``dd20e17`` were such collections (docs/performance.md, "The
collector paused", "Issue 29: the solver's row against dd20e17"). Memory freed by reference
counting is freed as before; the values are the same either way.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["collector_paused"]


@contextlib.contextmanager
def collector_paused(*, freeze: bool = True) -> Iterator[None]:
    """The cyclic collector paused for the block (``gc.disable``), then as it was. ``freeze``:
    what the block made and kept is frozen after it (``gc.freeze``: moved out of the
    collector's generations) before the collector runs again, or the first collections after
    the pause would walk it all, new as it is; a cycle made in the block then stays until
    ``gc.unfreeze`` (the solver makes none). With the collector paused already (an enclosing
    block), nothing changes: it stays paused and nothing is frozen."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if freeze:
                gc.freeze()
            gc.enable()
