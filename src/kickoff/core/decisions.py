"""The coaches' choices, as plain values: the decisions of one kick-off (``Decisions``) and the
activations of a turn (``Activation`` and its parts).

``scenario-format.md``, "Decisions" and "Actions": the scenario format parses JSON into these, the
kick-off procedure, the free turns and the Kick It! Kick action play them. ``None`` in any
optional field means "the default policy". They depend on the pitch only, so every part of the
rules (the context, the ball, the action engine) imports them without an order to respect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kickoff.core.dice import BlockFace
from kickoff.core.pitch import Square

#: The kind of an activation (``scenario-format.md``, "Actions").
ActionKind = Literal["move", "blitz", "throw_team_mate", "kick_team_mate", "kick"]

#: A re-roll choice for one kind of test: ``"skill"`` (Dodge, Sure Feet, Sure Hands, Catch, Pro),
#: ``"team"`` (a team re-roll), ``False`` (none), ``None`` (the default policy).
RerollChoice = Literal["skill", "team"] | bool | None


@dataclass(frozen=True)
class Rerolls:
    """Which re-roll to use on a failed test of each kind during one activation."""

    dodge: RerollChoice = None
    rush: RerollChoice = None
    pickup: RerollChoice = None
    catch: RerollChoice = None


@dataclass(frozen=True)
class BlockChoice:
    """The choices of a Block (each ``None`` = default policy): the block die face to apply,
    the push-back square, whether to follow up, and ``reroll``: ``"team"`` re-rolls all the
    block dice with a team re-roll before a face is chosen (default: no re-roll)."""

    choose: BlockFace | None = None
    push_to: Square | None = None
    follow_up: bool | None = None
    reroll: Literal["team"] | None = None


@dataclass(frozen=True)
class PassBlock:
    """An opposing player's Pass Block move against a Kick It! kick: up to 3 squares, ending
    adjacent to the kicker (seed 000)."""

    player: str
    path: tuple[Square, ...] = ()


@dataclass(frozen=True)
class Activation:
    """One activation: ``player`` takes ``action`` along ``path`` (squares entered, one step
    each; steps beyond MA are Rushes), then its action's own part.

    - ``blitz``: ``target`` (the player blocked at the end of the path), ``block``, and
      ``after_block`` (the squares entered after the block, moving on with what is left of
      his movement);
    - ``throw_team_mate`` / ``kick_team_mate``: ``thrown`` (the team-mate) and ``to`` (square);
    - ``kick`` (Kick It!): ``aim`` (the adjacent square the 3-4 arrow points at), ``pass_block``,
      ``kick_block`` (the opposing player declaring a kick block, or ``None``), ``landing``
      (the chosen square of an accurate kick).

    ``where`` is the key path of this activation in its document (for messages), e.g.
    ``"decisions.blitz[1]"``.
    """

    player: str
    action: ActionKind
    path: tuple[Square, ...] = ()
    target: str | None = None
    block: BlockChoice = field(default_factory=BlockChoice)
    thrown: str | None = None
    to: Square | None = None
    aim: Square | None = None
    pass_block: PassBlock | None = None
    kick_block: str | None = None
    landing: Square | None = None
    after_block: tuple[Square, ...] = ()
    reroll: Rerolls = field(default_factory=Rerolls)
    where: str = "activation"


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


@dataclass
class Decisions:
    """The coaches' choices for one kick-off (``scenario-format.md``, "Decisions").

    ``None`` (or an empty list) means the default the format makes binding. A ``kicker`` id is
    always used (``DecisionError`` if he may not kick); ``kicker_given=True`` with ``kicker=None``
    names no kicker (classic: nobody kicks; elsewhere the default kicker).
    """

    kicker: str | None = None
    kicker_given: bool = False
    target: Square | None = None
    use_kick_skill: bool = False
    touchback: str | Square | None = None
    high_kick: str | None = None
    #: The kick-off move (classic Kick-Off Return, bb2020+ On the Ball): ``None``, nobody moves.
    kick_off_return: PlayerPath | None = None
    on_the_ball: PlayerPath | None = None
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
    #: Not a key of the scenario format (opt-in, for callers who write no activations): what a
    #: free turn with an empty ``blitz`` / ``charge`` list plays. ``"none"`` (the format's
    #: default): nobody acts; ``"close"``: the coach's policy (docs/actions.md).
    free_turn_policy: FreeTurnPolicy = "none"
