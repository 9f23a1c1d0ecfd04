"""FUMBBL's apothecary on a Casualty, read into the engine's dice (``docs/fumbbl.md``, "Dice").

FUMBBL rolls the Casualty table with every Casualty (its ``injury`` report's ``casualtyRoll``:
classic ``[D6, D8]``, bb2020 / bb2025 ``[D16, D6]``, the D6 its Lasting Injury die); the engine
rolls it only for an apothecary (``core/actions/injury.py``), so a Casualty's roll is held until an
apothecary report says one was used: ``apothecaryRoll`` with a ``casualtyRoll`` (the second roll:
both are then written, the first first), or ``apothecaryChoice`` with no second roll (the first
was Badly Hurt; christerk/ffb ``step/bb2020/StepApothecary``: no second roll then). Each roll is
written as the ruleset's Casualty dice (``CasualtyTable.dice``: the D16 alone in bb2020 / bb2025,
whose Lasting Injury D6 the engine does not roll). Sevens has no Casualty table (its apothecary
rolls a D6 of its own, a ruling): FUMBBL's Casualty roll there is a note.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kickoff.core.rulesets import RULESETS

#: The note of a Casualty roll the engine cannot read (Sevens).
SEVENS_NOTE = ("an apothecary on a Casualty: FUMBBL rolls the Casualty table again, the engine "
               "(Sevens) a D6 of its own (docs/rulings.md, Apothecary)")


class CasualtyReader:
    """The Casualty rolls of one kick-off, held by player until an apothecary report (above).
    ``add(kind, *values)`` writes dice; ``notes`` collects what cannot be read."""

    def __init__(self, ruleset: str, add: Callable[..., None], notes: list[str]) -> None:
        rules = RULESETS[ruleset].apothecary
        self.table = None if rules is None else rules.casualty_table
        self.add = add
        self.notes = notes
        self.held: dict[str, list[int]] = {}

    def injury(self, pid: str, casualty_roll: Sequence[int] | None) -> None:
        """An ``injury`` report's Casualty roll for ``pid`` (FUMBBL's id), held."""
        if casualty_roll:
            self.held[pid] = list(casualty_roll)

    def second_roll(self, pid: str, casualty_roll: Sequence[int]) -> None:
        """``apothecaryRoll`` with a ``casualtyRoll``: the held roll, then this one."""
        first = self.held.pop(pid, None)
        if self.table is None or first is None:
            if SEVENS_NOTE not in self.notes:
                self.notes.append(SEVENS_NOTE if self.table is None else
                                  "an apothecary's Casualty roll with no Casualty before it")
            return
        self._write(first)
        self._write(casualty_roll)

    def choice(self, pid: str) -> None:
        """``apothecaryChoice``: a Casualty still held had no second roll (Badly Hurt)."""
        first = self.held.pop(pid, None)
        if first is not None and self.table is not None:
            self._write(first)

    def _write(self, roll: Sequence[int]) -> None:
        assert self.table is not None
        for kind, value in zip(self.table.dice, roll, strict=False):
            self.add(kind, value)
