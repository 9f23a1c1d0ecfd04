"""Comparing a result with what FUMBBL recorded: the ``expect`` paths of an extracted kick-off
against the ``kickoff-result/1`` document and what its log shows (``docs/fumbbl.md``, "What
FUMBBL recorded", "Verifying"): every value in order (a square ``[x, y]`` is an ordered pair),
lists compared as lists except the few FUMBBL keeps as sets (:data:`UNORDERED`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
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


#: The last parts of the paths whose lists are sets, not sequences: a team's prayers in effect,
#: a player's skills (the result sorts them; FUMBBL's log adds them in its own order).
UNORDERED: frozenset[str] = frozenset({"prayers", "skills"})


def same(path: str, a: Any, b: Any) -> bool:
    """Whether FUMBBL's ``a`` and our ``b`` at ``path`` are the same value: lists element by
    element in order (a transposed square differs), except at an :data:`UNORDERED` path."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if path.rsplit(".", 1)[-1] in UNORDERED:
            return sorted(map(str, a)) == sorted(map(str, b))
        return len(a) == len(b) and all(same("", x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, list | tuple) or isinstance(b, list | tuple):
        return False
    return bool(a == b)


#: The kinds of test compared, in the order ``expect`` lists them (``landing``: a thrown
#: player's, FUMBBL's ``rightStuffRoll``; ``armour``: FUMBBL's ``injury`` reports' armour rolls,
#: the engine's ``armour`` steps; ``throw``: each Throw / Kick Team-mate's ``[thrower, result]``
#: once re-rolled, FUMBBL's ``passResult`` as :data:`THROW_RESULTS` names it, the engine's
#: ``throw_team_mate`` steps).
TEST_KINDS: tuple[str, ...] = ("catch", "dodge", "rush", "pickup", "leap", "landing", "armour",
                               "throw")

#: FUMBBL's ``passResult`` of a Throw / Kick Team-mate -> our result (``ThrowResult``).
THROW_RESULTS: dict[str, str] = {"ACCURATE": "superb", "INACCURATE": "subpar",
                                 "WILDLY_INACCURATE": "terrible", "FUMBLE": "fumble"}

#: A test's roll line in the engine's log (``core/rolls.py`` ``roll_test``): ``dodge by p7 (3+,
#: modifier -1)``. The re-rolls' lines name no target and are left out, as FUMBBL's are.
_TEST_LINE = re.compile(r"^(catch|dodge|rush|pickup|leap|landing) by (\S+) \((\d+)\+, modifier ([+-]\d+)\)$")


def _step_square(line: dict[str, Any]) -> list[int] | None:
    """The square a ball step of the engine's log leaves the ball on, if it is one."""
    step = line.get("step")
    if step == "deviate":
        sq = line.get("square")
    elif step == "scatter" and line.get("touchback"):
        return None  # FUMBBL leaves a Changing Weather ball on its last square of the half
    elif step in ("scatter", "bounce"):
        sq = line.get("to")
    elif step == "throw_in":
        start, (dx, dy), dist = line["start"], line["direction"], line["distance"]
        sq = [start[0] + dx * dist, start[1] + dy * dist]
    else:
        return None
    return [sq[0], sq[1]] if isinstance(sq, list) and len(sq) == 2 else None


class _Observer:
    """:func:`observed`'s reading of an engine log, one handler per kind of line."""

    def __init__(self) -> None:
        self.path: list[list[int]] = []
        self.tests: dict[str, list[list[Any]]] = {}
        self.over = False
        self.diver: list[int] | None = None  # a Diving Catch's square: the ball's if he catches it

    def line(self, line: dict[str, Any]) -> None:
        """One line of the log, read by the handler of its ``step`` (else as a ball's)."""
        handler = _OBSERVERS.get(line.get("step"))
        if handler is not None:
            handler(self, line)
        elif not self.over:
            self.ball(line)

    def diving_catch(self, line: dict[str, Any]) -> None:
        self.diver = line.get("square")

    def catch(self, line: dict[str, Any]) -> None:
        """A catch: the ball on the diver's square if he caught it (before a touchback)."""
        diver, caught = self.diver, line.get("success") and not self.over
        if diver is not None and caught and self.path[-1:] != [diver]:
            self.path.append(list(diver))
        self.diver = None

    def roll(self, line: dict[str, Any]) -> None:
        """A test's roll: ``[player, minimum roll]``."""
        m = _TEST_LINE.match(str(line.get("for", "")))
        if m:
            need = min(max(int(m[3]) - int(m[4]), 2), 6)
            self.tests.setdefault(m[1], []).append([m[2], need])

    def armour(self, line: dict[str, Any]) -> None:
        self.tests.setdefault("armour", []).append(
            [line.get("player"), line.get("total"), bool(line.get("broken"))])

    def touchback(self, line: dict[str, Any]) -> None:
        self.over = True

    def throw(self, line: dict[str, Any]) -> None:
        """A Throw / Kick Team-mate: ``[thrower, result]``."""
        self.tests.setdefault("throw", []).append([line.get("thrower"), line.get("result")])

    def ball(self, line: dict[str, Any]) -> None:
        """Any other line: the ball's square it shows, if new (and a touchback's end)."""
        sq = _step_square(line)
        if sq is not None and (not self.path or self.path[-1] != sq):
            self.path.append(sq)
        self.over = bool(line.get("touchback"))


#: :class:`_Observer`'s handlers, by the log line's ``step``.
_OBSERVERS: dict[Any, Callable[[_Observer, dict[str, Any]], None]] = {
    "diving_catch": _Observer.diving_catch, "catch": _Observer.catch, "roll": _Observer.roll,
    "armour": _Observer.armour, "touchback": _Observer.touchback,
    "throw_team_mate": _Observer.throw}


def observed(doc: dict[str, Any]) -> dict[str, Any]:
    """What the engine's log shows, under the paths FUMBBL's is compared at: ``ball.path`` (the
    deviation's square, each scatter, bounce and throw-in's end, a Diving Catch's square when
    he catches it, until a touchback: the touchback's ball is ``ball.square``) and
    ``tests.<kind>`` (``[player, minimum roll]`` of each test's first roll; ``armour``:
    ``[player, total, broken]``; ``throw``: ``[thrower, result]``)."""
    seen = _Observer()
    for line in doc.get("log", []):
        seen.line(line)
    out: dict[str, Any] = {"ball.path": seen.path}
    for kind in TEST_KINDS:
        out[f"tests.{kind}"] = seen.tests.get(kind, [])
    return out


def differences(result: dict[str, Any], expect: dict[str, Any],
                seen: dict[str, Any] | None = None) -> list[tuple[str, Any, Any]]:
    """``(path, expected, got)`` for every ``expect`` path the result does not match, in
    ``expect``'s order; ``seen`` (:func:`observed`) answers the paths it holds.

    A path missing from the result is reported with ``got`` = ``"(missing)"``.
    """
    out: list[tuple[str, Any, Any]] = []
    for path, want in expect.items():
        if seen is not None and path in seen:
            got = seen[path]
        else:
            try:
                got = lookup(result, path)
            except KeyError:
                out.append((path, want, "(missing)"))
                continue
        if not same(path, want, got):
            out.append((path, want, got))
    return out


@dataclass(frozen=True)
class Ruling:
    """A documented ruling a kick-off met: where FUMBBL differs from the book (``text``, naming
    its section of ``docs/rulings.md``) and the result paths it may explain (``fields``: a path
    or the start of paths, ``"ball"`` covering ``ball.square`` and ``ball.path``)."""

    text: str
    fields: tuple[str, ...]

    def explains(self, path: str) -> bool:
        """Whether a difference at ``path`` may come from this ruling."""
        return any(path == f or path.startswith(f + ".") for f in self.fields)


#: What a ruling about the ball's path may explain: where it ends and who holds it, the squares on
#: the way, and the tests of the players it reaches (a catch, a pick-up).
BALL_FIELDS: tuple[str, ...] = ("ball", "tests.catch", "tests.pickup")

#: What a re-roll FUMBBL allows and the book does not may explain: the player's and the others'
#: squares and states after it, the ball, the tests that follow, the team re-rolls.
REROLL_FIELDS: tuple[str, ...] = ("players", "ball", "tests", "teams.home.rerolls",
                                  "teams.away.rerolls", "teams.home.drive_rerolls",
                                  "teams.away.drive_rerolls")

#: What FUMBBL's Perfect / Solid Defence swap with the Reserves may explain: the players' squares
#: and states (the ball lands later, among other players).
DEFENCE_SWAP_FIELDS: tuple[str, ...] = ("players", "ball", "tests")


def unexplained(diffs: list[tuple[str, Any, Any]], rulings: list[Ruling]) -> list[str]:
    """The paths of ``diffs`` none of ``rulings`` names."""
    return [p for p, _, _ in diffs if not any(r.explains(p) for r in rulings)]


Status = Literal["agree", "ruling", "unsupported", "disagree", "error"]
