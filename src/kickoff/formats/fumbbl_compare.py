"""Comparing a result with what FUMBBL recorded: the ``expect`` paths of an extracted kick-off
against the ``kickoff-result/1`` document (``docs/fumbbl.md``, "What FUMBBL recorded")."""

from __future__ import annotations

from typing import Any, Literal


def lookup(doc: Any, path: str) -> Any:
    """The value at dotted ``path`` of a result document (player ids may contain no dots).

    Raises ``KeyError`` when the path does not exist.
    """
    cur = doc
    for part in path.split("."):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        else:
            raise KeyError(path)
    return cur


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return list(a) == list(b) or (sorted(map(str, a)) == sorted(map(str, b)))
    return bool(a == b)


def differences(result: dict[str, Any], expect: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """``(path, expected, got)`` for every ``expect`` path the result does not match.

    A path missing from the result is reported with ``got`` = ``"(missing)"``.
    """
    out: list[tuple[str, Any, Any]] = []
    for path, want in expect.items():
        try:
            got = lookup(result, path)
        except KeyError:
            out.append((path, want, "(missing)"))
            continue
        if not _same(want, got):
            out.append((path, want, got))
    return out


Status = Literal["agree", "ruling", "unsupported", "disagree", "error"]
