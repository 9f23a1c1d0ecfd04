"""The odds answers the server keeps: a least-recently-used cache bounded in bytes.

An answer is kept as compact JSON (bytes), so what the cache holds is what it counts: each
entry weighs its JSON's length plus its key's text (a set-up's canonical JSON, a few KB). A
count would not bound memory: an eleven-a-side answer with the Kick-off events is about 18 KB,
a Sevens one with none a tenth of it.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any


def _weight(key: Any, data: bytes) -> int:
    parts = key if isinstance(key, tuple) else (key,)
    return len(data) + sum(len(p) if isinstance(p, str) else 16 for p in parts)


class Lru:
    """A least-recently-used cache of JSON-ready values, at most ``max_bytes`` in all (a value
    larger than that is not kept)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self.entries: OrderedDict[Any, tuple[bytes, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self.entries)

    def get_item(self, key: Any) -> Any:
        """The value of ``key`` (now the most recently used), or ``None``."""
        entry = self.entries.get(key)
        if entry is None:
            return None
        self.entries.move_to_end(key)
        return json.loads(entry[0])

    def put(self, key: Any, value: Any) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used beyond ``max_bytes``."""
        data = json.dumps(value, separators=(",", ":")).encode()
        weight = _weight(key, data)
        old = self.entries.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        if weight > self.max_bytes:
            return
        self.entries[key] = (data, weight)
        self.bytes += weight
        while self.bytes > self.max_bytes:
            _, (_, dropped) = self.entries.popitem(last=False)
            self.bytes -= dropped
