"""The log of a kick-off: the one interface the rules write their lines to
(:meth:`~kickoff.core.context.KickoffContext.note`, ``note_by``, ``label``), without asking
whether anybody reads them.

A :class:`~kickoff.core.context.KickoffContext` picks the kind of its log once, when it is
made (``KickoffLog()``, or :func:`unkept_log`):

- :class:`KickoffLog`, the log kept (the default): every line is stored as it comes, as the
  values the rule handed over, and made into its ``dict`` the first time the log is read
  (:meth:`KickoffLog.lines`): a die's line ``{"step": "roll", "die": ..., "value": ..., "for":
  ...}`` (:func:`roll_line`), a step's line its keywords then ``"step"``, a
  :class:`~kickoff.core.pitch.Square` among a step's values as ``[x, y]`` (its JSON form). What
  a die is for may be a :class:`Label`, formatted when read.
- :class:`NoLog` (``log=False``: a simulation, a benchmark): every line is dropped.

The dice write their lines to the same log (:class:`~kickoff.core.dice.DiceLog`, which
:class:`KickoffLog` extends): the log, not the dice, decides whether a line is kept.

A line whose values cost something to gather (a list of players, a table of parts) is written
with :meth:`KickoffLog.note_by`: its maker runs only in a log that keeps lines, and at once (the
state it reads changes later); or, when its maker reads only values that nothing changes later
(a contest's dice and the teams' values), with :meth:`KickoffLog.later`: made when the log is
read. Why the log is shaped so: ``docs/performance.md``, "The code's
shapes for speed".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from kickoff.core.dice import DiceLog, DieKind
from kickoff.core.pitch import Square

#: A line of the log as read: a ``dict`` (``docs/formats.md``, "The log's replayed steps").
Line = dict[str, Any]


@mypyc_attr(free_list_len=1)
class Label:
    """What a die is for, kept as ``template`` and ``args`` and formatted when the log is read:
    ``str(label)`` is ``template.format(*args)``."""

    __slots__ = ("args", "template")

    def __init__(self, template: str, args: tuple[object, ...]) -> None:
        self.template = template
        self.args = args

    def __str__(self) -> str:
        return self.template.format(*self.args)

    def __repr__(self) -> str:
        return f"Label({self.template!r}, {self.args!r})"


#: What a die is for, as a rule hands it to the context: text, or a :class:`Label` (only from
#: a context that keeps its log, with dice that never read the label:
#: :meth:`~kickoff.core.context.KickoffContext.label`).
Why = str | Label


def text(why: Why) -> str:
    """``why`` as text (a :class:`Label` formatted)."""
    return why if isinstance(why, str) else str(why)


class Step:
    """A kind of line the rules write on every kick-off: its step's name and the keys of its
    values, in order (``Step("catch", "player", "success")``), written with
    :meth:`~kickoff.core.context.KickoffContext.line` by position (no keywords to gather)."""

    __slots__ = ("arity", "keys", "name")

    def __init__(self, name: str, *keys: str) -> None:
        self.name = name
        self.keys = keys
        #: How many values a line of this step holds (its keys').
        self.arity = len(keys)

    def __repr__(self) -> str:
        return f"Step({self.name!r}, {', '.join(map(repr, self.keys))})"


# The tags of the stored records that are not a step's line (which starts with its Step).
_ROLL: Final = 0
_ROLLS: Final = 1
_NOTE: Final = 2
_LATER: Final = 3
_MADE: Final = 4


#: How many record items a kept log makes room for at once (a kick-off of the README's loop
#: stores about 30, 48 or fewer in 97 of 100): its list grows by this many, not item by item.
ROOM: Final = 48


class KickoffLog(DiceLog):
    """The log kept: lines stored as they come, read as ``dict`` lines (the module's text); the
    dice write to it too (:class:`~kickoff.core.dice.DiceLog`).

    The records lie one after the other in one flat list, each its tag then its values (no
    tuple per line): a :class:`Step` then its values, :data:`_ROLL` then a die's kind, value
    and label, :data:`_ROLLS` then a grouped node's dice and values, :data:`_NOTE` then a
    step's name and keywords, :data:`_LATER` then a step's name, the maker of its keywords and
    the four values it reads, :data:`_MADE` then the maker of several lines and the four values
    it reads. The list is made :data:`ROOM` items at a time and filled by index (``_n`` items
    used)."""

    __slots__ = ("_done", "_lines", "_n", "_records")

    def __init__(self) -> None:
        #: The stored records, in order (the class's text), in the first ``_n`` items.
        self._records: list[Any] = [None] * ROOM
        self._n = 0
        #: The lines read so far (``None``: never read), and how many records' items they cover.
        self._lines: list[Line] | None = None
        self._done = 0

    def _room(self, k: int) -> int:
        """The index where the next ``k`` items go (the list grown if need be); the caller
        stores them and adds ``k`` to ``_n``."""
        n = self._n
        if n + k > len(self._records):
            self._records.extend([None] * ROOM)
        return n

    # -- writing ---------------------------------------------------------------------------
    def roll(self, kind: DieKind, value: int | list[int], why: Why) -> None:
        """The line of one die of ``kind`` that rolled ``value``, for ``why``
        (:meth:`DiceLog.roll <kickoff.core.dice.DiceLog.roll>`)."""
        n = self._n
        records = self._records
        if n + 4 > len(records):
            n = self._room(4)
        records[n] = _ROLL
        records[n + 1] = kind
        records[n + 2] = value
        records[n + 3] = why
        self._n = n + 4

    def rolls(self, dice: Sequence[tuple[DieKind, Why]], values: tuple[int, ...]) -> None:
        """The lines of ``dice`` (kind, what for) that rolled ``values``, in order."""
        n = self._n
        records = self._records
        if n + 3 > len(records):
            n = self._room(3)
        records[n] = _ROLLS
        records[n + 1] = dice
        records[n + 2] = values
        self._n = n + 3

    def note(self, step: str, info: dict[str, Any]) -> None:
        """A step's line: ``info``'s keys, then ``"step"``."""
        n = self._n
        records = self._records
        if n + 3 > len(records):
            n = self._room(3)
        records[n] = _NOTE
        records[n + 1] = step
        records[n + 2] = info
        self._n = n + 3

    def line(self, step: Step, a: object, b: object, c: object, d: object) -> None:
        """A line of ``step``: its keys' values ``a``, ``b``, ... (as many as it has keys)."""
        n = self._n
        records = self._records
        if n + 5 > len(records):
            n = self._room(5)
        records[n] = step
        records[n + 1] = a
        k = step.arity
        if k > 1:
            records[n + 2] = b
            if k > 2:
                records[n + 3] = c
                if k > 3:
                    records[n + 4] = d
        self._n = n + 1 + k

    def note_by(self, step: str, make: Callable[[Any, Any], dict[str, Any] | None], ctx: Any,
                x: object) -> None:
        """A step's line of the keys ``make(ctx, x)`` answers (no line for ``None``), made now
        and only by a log that keeps lines."""
        info = make(ctx, x)
        if info is not None:
            self.note(step, info)

    def later(self, step: str, make: Callable[[Any, Any, Any, Any], dict[str, Any] | None],
              a: object, b: object, c: object, d: object) -> None:
        """A step's line of the keys ``make(a, b, c, d)`` answers (no line for ``None``), made
        when the log is read: ``make`` reads only these values, which nothing changes later."""
        n = self._n
        records = self._records
        if n + 7 > len(records):
            n = self._room(7)
        records[n] = _LATER
        records[n + 1] = step
        records[n + 2] = make
        records[n + 3] = a
        records[n + 4] = b
        records[n + 5] = c
        records[n + 6] = d
        self._n = n + 7

    def made(self, make: Callable[[Any, Any, Any, Any], list[Line]], a: object, b: object,
             c: object, d: object) -> None:
        """The lines ``make(a, b, c, d)`` answers, in order, made when the log is read: ``make``
        reads only these values, which nothing changes later (the kick's lines from its
        deviation: ``kickoff.core.kickoff``)."""
        n = self._n
        records = self._records
        if n + 6 > len(records):
            n = self._room(6)
        records[n] = _MADE
        records[n + 1] = make
        records[n + 2] = a
        records[n + 3] = b
        records[n + 4] = c
        records[n + 5] = d
        self._n = n + 6

    # -- reading ---------------------------------------------------------------------------
    def lines(self) -> list[Line]:
        """Every line so far, as ``dict`` lines (the same list each time, grown by the lines
        written since)."""
        out = self._lines
        if out is None:
            out = self._lines = []
        records = self._records
        i = self._done
        while i < self._n:
            i = _read_record(records, i, out)
        self._done = i
        return out

    def __iter__(self) -> Iterator[Line]:
        return iter(self.lines())

    def __len__(self) -> int:
        return len(self.lines())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.lines()!r})"


def _read_record(records: list[Any], i: int, out: list[Line]) -> int:
    """Append the ``dict`` lines of the record at ``records[i]`` to ``out``: the index of the
    next record."""
    tag = records[i]
    if isinstance(tag, Step):
        n = tag.arity
        out.append(_step_line(tag, records[i + 1:i + 1 + n]))
        return i + 1 + n
    if tag == _ROLL:
        out.append(roll_line(records[i + 1], records[i + 2], records[i + 3]))
        return i + 4
    if tag == _ROLLS:
        for (die, why), value in zip(records[i + 1], records[i + 2], strict=True):
            out.append(roll_line(die, value, why))
        return i + 3
    if tag == _MADE:
        out.extend(records[i + 1](records[i + 2], records[i + 3], records[i + 4], records[i + 5]))
        return i + 6
    if tag == _LATER:
        made = records[i + 2](records[i + 3], records[i + 4], records[i + 5], records[i + 6])
        if made is not None:
            _read_note(records[i + 1], made, out)
        return i + 7
    _read_note(records[i + 1], records[i + 2], out)
    return i + 3


def step_line(step: Step, *values: object) -> Line:
    """A line of ``step`` with its keys' ``values`` (a ``Square`` as ``[x, y]``), as the log
    reads a record of ``step``: for a line made when read (:meth:`KickoffLog.made`)."""
    return _step_line(step, values)


def _step_line(step: Step, values: Sequence[object]) -> Line:
    """The line of ``step`` with its keys' ``values`` (a tuple, a ``Square``, as a list)."""
    info: dict[str, Any] = {}
    for key, value in zip(step.keys, values, strict=True):
        info[key] = list(value) if isinstance(value, tuple) else value  # a Square: [x, y]
    info["step"] = step.name
    return info


def roll_line(die: DieKind, value: int | list[int], why: Why) -> Line:
    """A die's line, ``{"step": "roll", "die": die, "value": value, "for": why}`` (``why`` as
    text): the one place it is written."""
    return {"step": "roll", "die": die, "value": value, "for": text(why)}


def _read_note(step: str, info: dict[str, Any], out: list[Line]) -> None:
    """Append the line of a step's keywords ``info`` to ``out`` (a ``Square`` as ``[x, y]``)."""
    for key, value in info.items():
        if isinstance(value, Square):
            info[key] = value.as_list()
    info["step"] = step
    out.append(info)


class NoLog(KickoffLog):
    """The log of a kick-off that keeps none: every line dropped (the module's text)."""

    __slots__ = ()

    def roll(self, kind: DieKind, value: int | list[int], why: Why) -> None:
        pass

    def rolls(self, dice: Sequence[tuple[DieKind, Why]], values: tuple[int, ...]) -> None:
        pass

    def note(self, step: str, info: dict[str, Any]) -> None:
        pass

    def line(self, step: Step, a: object, b: object, c: object, d: object) -> None:
        pass

    def note_by(self, step: str, make: Callable[[Any, Any], dict[str, Any] | None], ctx: Any,
                x: object) -> None:
        pass

    def later(self, step: str, make: Callable[[Any, Any, Any, Any], dict[str, Any] | None],
              a: object, b: object, c: object, d: object) -> None:
        pass

    def made(self, make: Callable[[Any, Any, Any, Any], list[Line]], a: object, b: object,
             c: object, d: object) -> None:
        pass

    def lines(self) -> list[Line]:
        return []


#: The one log of every kick-off that keeps none (it holds nothing).
_UNKEPT: Final = NoLog()


def unkept_log() -> KickoffLog:
    """The log of a kick-off that keeps none (:class:`NoLog`: one for all, it holds nothing)."""
    return _UNKEPT
