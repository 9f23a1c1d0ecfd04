"""The odds answers the server keeps: a small least-recently-used cache."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


class Lru(OrderedDict[Any, Any]):
    """A small least-recently-used cache of at most ``size`` entries."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_item(self, key: Any) -> Any:
        """The value of ``key`` (now the most recently used), or ``None``."""
        if key in self:
            self.move_to_end(key)
            return self[key]
        return None

    def put(self, key: Any, value: Any) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used beyond ``size``."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
