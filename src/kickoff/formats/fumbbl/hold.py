"""Reading Tentacles and Shadowing in FUMBBL's free turn (issue 25): FUMBBL's
``tentaclesShadowingRoll`` (christerk/ffb ``ReportTentaclesShadowingRoll``, ``skillbehaviour/*/
TentaclesBehaviour``, ``ShadowingBehaviour``), which names its skill, as the activation's
``tentacles`` / ``shadowing`` (path step -> the receiving player) and its dice
(``docs/fumbbl.md``, "The free turn").

- Tentacles, in a command of its own before the step: the step about to be made. Held (classic:
  the mover's 2D6 not ``successful``; bb2020+: the holder's D6 ``successful``), the step the log
  does not name is written as the first empty square beside him (by ``x``, then ``y``): he never
  enters it, and the engine rolls the same dice for any.
- Shadowing, in a command of its own once the mover has stepped (or fallen: FUMBBL's ``Move``
  rolls ``SHADOWING`` before ``FALL_DOWN``): the step just made. Followed (classic: not
  ``successful``; bb2020+: ``successful``), the shadower's step into the square left must be in
  the log, before or after the report.
- Classic's escape is the mover's 2D6: a failure may be re-rolled (FUMBBL's bb2016
  ``TENTACLES_ESCAPE`` / ``SHADOWING_ESCAPE``): a ``reRoll`` report after it is the activation's
  ``reroll.tentacles`` / ``reroll.shadowing`` (none: ``false``), and the report marked
  ``reRolled`` decides (a held step written for the first roll is taken back if he escapes now).
  A bb2020+ roll re-rolled (the holder's: the book allows none) is named as unsupported, as is a
  roll after a block or with no player or die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kickoff.formats.fumbbl.log import Report
from kickoff.formats.fumbbl.tracker import GameTracker

if TYPE_CHECKING:
    from kickoff.formats.fumbbl.free_turn import FreeTurnReader, _Activation


@dataclass(frozen=True)
class _Roll:
    """A ``tentaclesShadowingRoll`` read: the receiving player, the roll re-rolls an earlier
    one, and whether the skill works (held, followed)."""

    holder: str
    rerolled: bool
    works: bool


def tentacles_or_shadowing(reader: FreeTurnReader, a: _Activation, rep: Report,
                           tr: GameTracker, skill: str) -> None:
    """A ``tentaclesShadowingRoll`` of activation ``a`` naming ``skill`` (``"Tentacles"`` or
    ``"Shadowing"``): see the module docstring."""
    r = _roll(reader, a, rep, skill)
    if r is None:
        return
    if skill == "Tentacles":
        _tentacles(a, r, tr)
    else:
        _shadowing(a, r)


def _roll(reader: FreeTurnReader, a: _Activation, rep: Report, skill: str) -> _Roll | None:
    """The roll's dice to the ``d6`` queue and what it says, or ``None`` (a note) for one the
    reader does not read."""
    reader.settle()
    extra = rep.model_extra or {}
    holder, roll = extra.get("defenderId"), extra.get("tentacleRoll")
    dice = roll if isinstance(roll, list) else [roll]
    rerolled = bool(extra.get("reRolled"))
    if not _readable(a, dice, rerolled, skill) or not isinstance(holder, str):
        reader.note(f"free turn: a {skill} roll the reader does not read (after a block, a "
                    "re-roll of the holder's, or no player or die)")
        return None
    reader.add("d6", *(v for v in dice if isinstance(v, int)))
    works = bool(extra.get("successful")) == (len(dice) == 1)
    if works and len(dice) == 2 and not rerolled:
        a.failed = skill.lower()  # classic's escape failed: a reRoll may follow
    return _Roll(holder, rerolled, works)


def _readable(a: _Activation, dice: list[object], rerolled: bool, skill: str) -> bool:
    """Whether a roll of ``dice`` is one the reader reads: during the move (Shadowing: after a
    step), one or two D6s, re-rolled only if classic's 2D6."""
    return (a.phase == "move" and all(isinstance(v, int) and 1 <= v <= 6 for v in dice)
            and (len(dice) == 2 or not rerolled)
            and (skill == "Tentacles" or bool(a.doc["path"])))


def _tentacles(a: _Activation, r: _Roll, tr: GameTracker) -> None:
    """Tentacles at the step about to be made; held, the step written is a free square beside
    him (he never enters it)."""
    a.acted = True
    path = a.doc["path"]
    if r.rerolled:
        if not r.works and a.held_step:
            path.pop()  # he escapes on the re-roll: the step he takes is in the log
            a.held_step = False
        return
    a.doc.setdefault("tentacles", {})[str(len(path))] = f"p{r.holder}"
    if r.works:
        here = tr.coords.get(a.pid)
        taken = {sq for sq in tr.coords.values() if sq is not None}
        free = [sq for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if here is not None and (sq := (here[0] + dx, here[1] + dy)) not in taken
                and tr.pitch.on_pitch(sq)]
        if free:
            path.append(list(min(free)))
            a.held_step = True


def _shadowing(a: _Activation, r: _Roll) -> None:
    """Shadowing at the step just made; followed, the shadower's step is due (or came first)."""
    if r.rerolled:
        if not r.works and a.shadow_due == r.holder:
            a.shadow_due = None  # he gets away on the re-roll
        return
    a.doc.setdefault("shadowing", {})[str(len(a.doc["path"]) - 1)] = f"p{r.holder}"
    if r.works:
        if a.shadow_moved == r.holder:
            a.shadow_moved = None
        else:
            a.shadow_due = r.holder
