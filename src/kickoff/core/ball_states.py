"""The points of the ball's journey (``kickoff.core.ball``): values, compared and hashed by
their fields, as the frozen dataclasses they replace were (the same ``==``, ``hash`` and ``repr``).

They are plain value classes (why not dataclasses: docs/performance.md, "The code's shapes for
speed"), immutable by convention (``Final`` fields), pickled by their constructor;
``tests/test_value_classes.py`` checks that every slot counts in ``==``, ``hash``, ``repr`` and
pickling. ``kickoff.core.ball`` re-exports them; import them from there.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from kickoff.core.pitch import Square
from kickoff.core.ruleset import CatchKind


@mypyc_attr(free_list_len=1)
class InAir:
    """The kicked ball, still in the air over ``square``, scatters ``scatters`` more times
    (Changing Weather) before it comes down."""

    __slots__ = ("scatters", "square")

    def __init__(self, square: Square, scatters: int) -> None:
        self.square: Final = square
        self.scatters: Final = scatters

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InAir) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.square, self.scatters) == (other.square, other.scatters)

    def __hash__(self) -> int:
        return hash((self.square, self.scatters))

    def __repr__(self) -> str:
        return f"InAir(square={self.square!r}, scatters={self.scatters!r})"

    def __reduce__(self) -> tuple[type[InAir], tuple[object, ...]]:
        return InAir, (self.square, self.scatters)


@mypyc_attr(free_list_len=1)
class Arrive:
    """The ball comes down on ``square`` (on the pitch) after a ``kind`` flight."""

    __slots__ = ("kind", "square", "touchback_possible")

    def __init__(self, square: Square, kind: CatchKind, touchback_possible: bool) -> None:
        self.square: Final = square
        self.kind: Final = kind
        self.touchback_possible: Final = touchback_possible

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrive) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.square, self.kind, self.touchback_possible) == (
            other.square, other.kind, other.touchback_possible)

    def __hash__(self) -> int:
        return hash((self.square, self.kind, self.touchback_possible))

    def __repr__(self) -> str:
        return (f"Arrive(square={self.square!r}, kind={self.kind!r}, "
                f"touchback_possible={self.touchback_possible!r})")

    def __reduce__(self) -> tuple[type[Arrive], tuple[object, ...]]:
        return Arrive, (self.square, self.kind, self.touchback_possible)


@mypyc_attr(free_list_len=1)
class Bounce:
    """The ball bounces from ``square`` (D8, one square)."""

    __slots__ = ("square", "touchback_possible")

    def __init__(self, square: Square, touchback_possible: bool) -> None:
        self.square: Final = square
        self.touchback_possible: Final = touchback_possible

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bounce) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.square, self.touchback_possible) == (other.square, other.touchback_possible)

    def __hash__(self) -> int:
        return hash((self.square, self.touchback_possible))

    def __repr__(self) -> str:
        return f"Bounce(square={self.square!r}, touchback_possible={self.touchback_possible!r})"

    def __reduce__(self) -> tuple[type[Bounce], tuple[object, ...]]:
        return Bounce, (self.square, self.touchback_possible)


@mypyc_attr(free_list_len=1)
class ThrowIn:
    """The crowd throws the ball in from ``last`` (its last square on the pitch)."""

    __slots__ = ("last", "off")

    def __init__(self, last: Square, off: Square) -> None:
        self.last: Final = last
        self.off: Final = off

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ThrowIn) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.last, self.off) == (other.last, other.off)

    def __hash__(self) -> int:
        return hash((self.last, self.off))

    def __repr__(self) -> str:
        return f"ThrowIn(last={self.last!r}, off={self.off!r})"

    def __reduce__(self) -> tuple[type[ThrowIn], tuple[object, ...]]:
        return ThrowIn, (self.last, self.off)


@mypyc_attr(free_list_len=1)
class Touchback:
    """The ball left the pitch or entered the kicking area during the kick-off."""

    __slots__ = ("at",)

    def __init__(self, at: Square) -> None:
        self.at: Final = at

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Touchback) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.at,) == (other.at,)

    def __hash__(self) -> int:
        return hash((self.at,))

    def __repr__(self) -> str:
        return f"Touchback(at={self.at!r})"

    def __reduce__(self) -> tuple[type[Touchback], tuple[object, ...]]:
        return Touchback, (self.at,)


class Held:
    """End: ``player`` holds the ball on ``square``."""

    __slots__ = ("player", "square", "touchback")

    def __init__(self, player: str, square: Square, touchback: bool) -> None:
        self.player: Final = player
        self.square: Final = square
        self.touchback: Final = touchback

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Held) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.player, self.square, self.touchback) == (
            other.player, other.square, other.touchback)

    def __hash__(self) -> int:
        return hash((self.player, self.square, self.touchback))

    def __repr__(self) -> str:
        return f"Held(player={self.player!r}, square={self.square!r}, touchback={self.touchback!r})"

    def __reduce__(self) -> tuple[type[Held], tuple[object, ...]]:
        return Held, (self.player, self.square, self.touchback)


class Rests:
    """End: the ball lies on the empty ``square`` (``None``: nowhere to put it)."""

    __slots__ = ("square", "touchback")

    def __init__(self, square: Square | None, touchback: bool) -> None:
        self.square: Final = square
        self.touchback: Final = touchback

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rests) or other.__class__ is not self.__class__:
            return NotImplemented
        return (self.square, self.touchback) == (other.square, other.touchback)

    def __hash__(self) -> int:
        return hash((self.square, self.touchback))

    def __repr__(self) -> str:
        return f"Rests(square={self.square!r}, touchback={self.touchback!r})"

    def __reduce__(self) -> tuple[type[Rests], tuple[object, ...]]:
        return Rests, (self.square, self.touchback)


class HeldMarked(Held):
    """End: ``player`` holds the ball on ``square`` and is Marked there (an opposing Standing
    player's tackle zone covers it: ``state.tackle_zones``). The exact solver's ends carry it
    only when an objective reads it (``kickoff.analysis.exact.board``); the rules never make
    one. Unequal to the ``Held`` of the same fields."""

    __slots__ = ()

    def __repr__(self) -> str:
        return (f"HeldMarked(player={self.player!r}, square={self.square!r}, "
                f"touchback={self.touchback!r})")

    def __reduce__(self) -> tuple[type[Held], tuple[object, ...]]:
        return HeldMarked, (self.player, self.square, self.touchback)


class RestsInReach(Rests):
    """End: the ball lies on the empty ``square`` within reach of a receiving player
    (``kickoff.analysis.exact.board.in_reach``, docs/analysis.md "Board objectives"). The
    exact solver's ends carry it only when an objective reads it; the rules never make one.
    Unequal to the ``Rests`` of the same fields."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"RestsInReach(square={self.square!r}, touchback={self.touchback!r})"

    def __reduce__(self) -> tuple[type[Rests], tuple[object, ...]]:
        return RestsInReach, (self.square, self.touchback)
