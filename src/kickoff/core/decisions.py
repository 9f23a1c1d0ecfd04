"""The coaches' choices, as plain values: the decisions of one kick-off (``Decisions``) and the
activations of a turn (``Activation`` and its parts).

``scenario-format.md``, "Decisions" and "Actions": the scenario format parses JSON into these, the
kick-off procedure, the free turns and the Kick It! Kick action play them. ``None`` in any
optional field means "the default policy". They depend on the pitch only, so every part of the
rules (the context, the ball, the action engine) imports them without an order to respect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from mypy_extensions import mypyc_attr

from kickoff.core.pitch import Square

#: The kind of an activation (``scenario-format.md``, "Actions").
ActionKind = Literal["move", "blitz", "throw_team_mate", "kick_team_mate", "kick", "throw_bomb"]

#: A re-roll choice for one kind of test: ``"skill"`` (Dodge, Sure Feet, Sure Hands, Catch, Pro),
#: ``"team"`` (a team re-roll), ``False`` (none), ``None`` (the default policy).
RerollChoice = Literal["skill", "team"] | bool | None

#: The re-roll choices of one kind of test in one activation: one choice standing for every
#: failed test of that kind, or (an extension of the format, ``docs/actions.md``) one per failed
#: test, in order (a failed test past the list's end: ``None``, the default policy).
RerollChoices = RerollChoice | tuple[RerollChoice, ...]

#: A coach's answer to a ``reroll`` decision (``kickoff.core.coach``): a skill re-roll, a team
#: re-roll, or none.
RerollAnswer = Literal["skill", "team", False]


# The activations of a turn and their parts live in :mod:`kickoff.core.activations`, made when a
# free turn or a Kick action needs them (start-up, issue 16: ``dataclasses`` compiles each
# class's generated methods at import); ``from kickoff.core.decisions import Activation`` gives
# them as before (PEP 562).
if TYPE_CHECKING:
    from kickoff.core.activations import Activation as Activation
    from kickoff.core.activations import BlockChoice as BlockChoice
    from kickoff.core.activations import BombRethrow as BombRethrow
    from kickoff.core.activations import PassBlock as PassBlock
    from kickoff.core.activations import Rerolls as Rerolls

_ACTIVATIONS = ("Activation", "BlockChoice", "BombRethrow", "PassBlock", "Rerolls")


def _activation_class(name: str) -> object:
    """``Activation``, ``BlockChoice``, ``BombRethrow``, ``PassBlock``, ``Rerolls``: from
    :mod:`kickoff.core.activations` (imported on first use)."""
    if name in _ACTIVATIONS:
        from kickoff.core import activations

        return getattr(activations, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: How a throw-in's direction is rolled: the throw-in template, or (classic option) the D8.
ThrowInDie = Literal["template", "d8"]

#: What the kicking team does in a free turn (Blitz!, Charge!) given no activations:
#: ``"none"`` nobody acts (the format's default), ``"close"`` the coach's policy
#: (:func:`kickoff.core.actions.policy.close_in`).
FreeTurnPolicy = Literal["none", "close"]
FREE_TURN_POLICIES: tuple[FreeTurnPolicy, ...] = ("none", "close")


@dataclass(frozen=True)
class Move:
    """A coach's move of one player to a square (Quick Snap, Perfect / Solid Defence)."""

    player: str
    to: Square


@dataclass(frozen=True)
class PlayerPath:
    """A coach's move of one player along ``path`` (the squares entered, one step each): the
    kick-off move of classic Kick-Off Return / bb2020+ On the Ball."""

    player: str
    path: tuple[Square, ...]


@mypyc_attr(free_list_len=1)
@dataclass(init=False)
class Decisions:
    """The coaches' choices for one kick-off (``scenario-format.md``, "Decisions").

    ``None`` (or an empty list) means the default the format makes binding. A ``kicker`` id is
    always used (``DecisionError`` if he may not kick); ``kicker_given=True`` with ``kicker=None``
    names no kicker (classic: nobody kicks; elsewhere the default kicker). A list left out (or
    given as ``None``) is a new empty list.
    """

    target: Square | None = None
    kicker: str | None = None
    kicker_given: bool = False
    use_kick_skill: bool = False
    touchback: str | Square | None = None
    high_kick: str | None = None
    #: The kick-off move, one decision whatever its skill (classic Kick-Off Return, bb2020+ On
    #: the Ball: ``Ruleset.kickoff_move``; a scenario names it ``decisions.kick_off_return`` or
    #: ``decisions.on_the_ball``, as the edition's skill): ``None``, nobody moves.
    kickoff_move: PlayerPath | None = None
    quick_snap: list[Move] = field(default_factory=list)
    perfect_defence: list[Move] = field(default_factory=list)
    solid_defence: list[Move] = field(default_factory=list)
    blitz: list[Activation] = field(default_factory=list)
    charge: list[Activation] = field(default_factory=list)
    prayer_player: str | None = None
    prayer_skill: str | None = None
    #: Prayers to Nuffle die for this game (16 league, 8 exhibition), or the ruleset default.
    prayer_die: int | None = None
    #: The players the coach uses his team's apothecary on, when Knocked Out (or a Casualty:
    #: refused, the Casualty table is out of scope), while it has one left. Empty: nobody.
    apothecary: list[str] = field(default_factory=list)
    #: classic option (``Ruleset.d8_throw_in``): throw-in direction by "template" (default) or "d8".
    throw_in_die: ThrowInDie = "template"
    #: Diving Catch: the players who attempt one, in this order, whenever a kick, pass or
    #: throw-in comes down next to them (those not allowed at that landing are passed over);
    #: ``None``: every player allowed attempts, in the default order (``ball.diving_catchers``);
    #: ``[]``: nobody does.
    diving_catch: list[str] | None = None
    #: The re-roll choices of the failed catches made outside the catcher's own team turn (the
    #: kick-off, a bounce or throw-in caught by the other team in a free turn), one per failed
    #: catch in order: ``"skill"`` or ``False`` (declined), ``None`` the default (use the skill
    #: re-roll); past its end, the default (docs/actions.md, "Re-rolls").
    catch_reroll: tuple[RerollChoice, ...] = ()
    #: Not a key of the scenario format (opt-in, for callers who write no activations): what a
    #: free turn with an empty ``blitz`` / ``charge`` list plays. ``"none"`` (the format's
    #: default): nobody acts; ``"close"``: the coach's policy (docs/actions.md).
    free_turn_policy: FreeTurnPolicy = "none"

    # Its own __init__: the fields' defaults again, tied by tests/test_value_classes.py; the
    # target first (docs/performance.md, "The code's shapes for speed").
    def __init__(
        self, target: Square | None = None, kicker: str | None = None, kicker_given: bool = False,
        use_kick_skill: bool = False, touchback: str | Square | None = None,
        high_kick: str | None = None, kickoff_move: PlayerPath | None = None,
        quick_snap: list[Move] | None = None, perfect_defence: list[Move] | None = None,
        solid_defence: list[Move] | None = None, blitz: list[Activation] | None = None,
        charge: list[Activation] | None = None, prayer_player: str | None = None,
        prayer_skill: str | None = None, prayer_die: int | None = None,
        apothecary: list[str] | None = None, throw_in_die: ThrowInDie = "template",
        diving_catch: list[str] | None = None, catch_reroll: tuple[RerollChoice, ...] = (),
        free_turn_policy: FreeTurnPolicy = "none",
    ) -> None:
        self.target = target
        self.kicker = kicker
        self.kicker_given = kicker_given
        self.use_kick_skill = use_kick_skill
        self.touchback = touchback
        self.high_kick = high_kick
        self.kickoff_move = kickoff_move
        self.quick_snap = [] if quick_snap is None else quick_snap
        self.perfect_defence = [] if perfect_defence is None else perfect_defence
        self.solid_defence = [] if solid_defence is None else solid_defence
        self.blitz = [] if blitz is None else blitz
        self.charge = [] if charge is None else charge
        self.prayer_player = prayer_player
        self.prayer_skill = prayer_skill
        self.prayer_die = prayer_die
        self.apothecary = [] if apothecary is None else apothecary
        self.throw_in_die = throw_in_die
        self.diving_catch = diving_catch
        self.catch_reroll = catch_reroll
        self.free_turn_policy = free_turn_policy


# Assigned, not defined as ``def __getattr__``: a compiled module's own ``__getattr__`` can be
# called by mypyc's import bootstrap before the module is set up (mypyc issue 1198).
__getattr__ = _activation_class
