"""The activations of a turn (a free turn's, the Kick It! Kick action's): :class:`Activation`
and its parts, :class:`Rerolls`, :class:`BlockChoice`, :class:`PassBlock`
(``scenario-format.md``, "Actions").

:mod:`kickoff.core.decisions` gives them too (``from kickoff.core.decisions import Activation``
as before). They live here so that a kick-off played without a free turn or a Kick action
(``kickoff odds --target 20,3 --events none``) does not make their classes: ``dataclasses``
compiles each class's generated methods at import (start-up, issue 16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from kickoff.core.decisions import ActionKind, RerollChoices
from kickoff.core.dice import BlockFace
from kickoff.core.pickling import register as _register_pickling
from kickoff.core.pitch import Square


class ActivationChoice(NamedTuple):
    """The answer to a free turn's ``activation`` decision (:mod:`kickoff.core.coach`): who acts
    next, with which action, and (a Blitz) whom he blitzes (``None``: no block). The scripted
    coach's answer is its next :class:`Activation`'s (:meth:`Activation.choice`)."""

    player: str
    action: ActionKind
    target: str | None = None


class FreeTurnAsk(NamedTuple):
    """What a free turn's ``activation`` decision tells a coach besides its options
    (``Decision.about``): the turn being played (the same object for every decision of one free
    turn), the players who may act (fixed when the event was resolved) and ``most``, at most how
    many may (``None``: no limit)."""

    turn: Any  # (not ``object``: a compiled NamedTuple cannot resolve that name, KeyError)
    eligible: tuple[str, ...]
    most: int | None


@dataclass(frozen=True)
class Rerolls:
    """Which re-roll to use on a failed test of each kind during one activation: one choice for
    every failed test of the kind, or a tuple of them, one per failed test in order."""

    dodge: RerollChoices = None
    rush: RerollChoices = None
    pickup: RerollChoices = None
    catch: RerollChoices = None
    #: a failed Leap test (a team re-roll or Pro: no skill re-rolls it)
    leap: RerollChoices = None
    #: a failed Bone-head / Really Stupid / Wild Animal / Unchannelled Fury / Take Root roll
    #: (Pro or a team re-roll, a Loner rolling first)
    confusion: RerollChoices = None
    #: a failed roll to block a player with Foul Appearance (Pro or a team re-roll)
    foul_appearance: RerollChoices = None
    #: a failed Hypnotic Gaze (Pro or a team re-roll)
    gaze: RerollChoices = None
    #: a failed Blood Lust roll (Pro or a team re-roll, a Loner rolling first)
    blood_lust: RerollChoices = None
    #: a Throw / Kick Team-mate that is not superb (classic's Pass skill, else Pro, or a team
    #: re-roll)
    throw: RerollChoices = None
    #: a failed Always Hungry roll before the throw (Pro or a team re-roll)
    always_hungry: RerollChoices = None
    #: the thrown team-mate's failed escape roll from an Always Hungry thrower (a team re-roll)
    escape: RerollChoices = None
    #: classic: the mover's failed 2D6 escape from Tentacles (a team re-roll or Pro)
    tentacles: RerollChoices = None
    #: classic: the mover's failed 2D6 escape from Shadowing (a team re-roll or Pro)
    shadowing: RerollChoices = None
    #: a thrown team-mate's failed landing (Pro or a team re-roll)
    landing: RerollChoices = None


@dataclass(frozen=True)
class BlockChoice:
    """The choices of a Block (each ``None`` = default policy): the block die face to apply,
    the push-back square, whether to follow up, and ``reroll``: ``"team"`` re-rolls all the
    block dice with a team re-roll before a face is chosen (default: no re-roll). ``frenzy``:
    the choices of a Frenzy second block (its follow-up is forced; ``None``: the defaults).
    ``chain_push``: (player id, square) pairs, where each player pushed on in a chain push goes
    (the attacker's coach's choice, or his own coach's with Side Step; others: the default)."""

    choose: BlockFace | None = None
    push_to: Square | None = None
    follow_up: bool | None = None
    reroll: Literal["team"] | None = None
    frenzy: BlockChoice | None = None
    chain_push: tuple[tuple[str, Square], ...] = ()


@dataclass(frozen=True)
class PassBlock:
    """An opposing player's Pass Block move against a Kick It! kick: up to 3 squares, ending
    adjacent to the kicker (seed 000)."""

    player: str
    path: tuple[Square, ...] = ()


@dataclass(frozen=True)
class BombRethrow:
    """The choices of a caught or intercepted bomb thrown again at once (classic Blitz!; LRB6
    Bombardier, ``kickoff.core.actions.bomb``), by whoever holds it: ``to`` (its target square;
    ``None``: the default, ``bomb_rethrow``), ``interceptor`` and ``catcher`` (as a bomb's:
    ``None``, no attempt), ``reroll`` (the throw's re-roll choice when it is not accurate)."""

    to: Square | None = None
    interceptor: str | None = None
    catcher: str | None = None
    reroll: RerollChoices = None


@dataclass(frozen=True)
class Activation:
    """One activation: ``player`` takes ``action`` along ``path`` (squares entered, one step
    each; steps beyond MA are Rushes), then its action's own part.

    - ``blitz``: ``target`` (the player blocked at the end of the path), ``block``, and
      ``after_block`` (the squares entered after the block, moving on with what is left of
      his movement);
    - ``throw_team_mate`` / ``kick_team_mate``: ``thrown`` (the team-mate) and ``to`` (square);
      classic's ``kick_team_mate`` (``kickoff.core.actions.kick_team_mate``): ``thrown`` and
      ``kick_dice`` (1 or 2 D6, a straight line away from the kicker), no ``to``;
    - ``throw_bomb`` (classic Blitz!, ``kickoff.core.actions.bomb``): ``to`` (the target
      square), no ``path`` (a Bombardier throws without moving), ``interceptor`` (the opposing
      player who tries to intercept it, or ``None``: ``kickoff.core.actions.bomb_interception``),
      ``catcher`` (the player where it comes down, if he tries to catch it, or ``None``),
      ``rethrows`` (the choices of each throw again of a caught or intercepted bomb, in order);
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
    interceptor: str | None = None
    catcher: str | None = None
    #: ``throw_bomb``: each throw again of the bomb once caught or intercepted, in order
    rethrows: tuple[BombRethrow, ...] = ()
    #: ``throw_bomb``: thrown with Hail Mary Pass (any square, never intercepted or accurate)
    hail_mary: bool = False
    landing: Square | None = None
    #: classic ``kick_team_mate``: the D6 the coach declares for the kick (1 or 2; ``None``: 1)
    kick_dice: int | None = None
    after_block: tuple[Square, ...] = ()
    reroll: Rerolls = field(default_factory=Rerolls)
    #: the indexes of the ``path`` steps made as a Leap (``kickoff.core.actions.leap``)
    leap: tuple[int, ...] = ()
    #: ``(path step index, opposing player)``: the receiving coach uses that player's Tentacles
    #: as the mover leaves his square at that step (``kickoff.core.actions.tentacles``)
    tentacles: tuple[tuple[int, str], ...] = ()
    #: ``(path step index, opposing player)``: the receiving coach's Shadowing player who tries
    #: to follow the mover into the square he left at that step
    #: (``kickoff.core.actions.shadowing``)
    shadowing: tuple[tuple[int, str], ...] = ()
    #: ``move``: the adjacent opponent he gazes at the end of it (classic Blitz!; Hypnotic Gaze)
    gaze: str | None = None
    #: after a failed Blood Lust roll: the adjacent Thrall bitten (``False``: none; ``None``: the
    #: first in input order; ``kickoff.core.actions.blood_lust``)
    bite: str | Literal[False] | None = None
    where: str = "activation"

    def choice(self) -> ActivationChoice:
        """This activation as the answer to a free turn's ``activation`` decision."""
        return ActivationChoice(self.player, self.action,
                                self.target if self.action == "blitz" else None)


_register_pickling()  # these frozen dataclasses pickle as the core's others (kickoff.core)
