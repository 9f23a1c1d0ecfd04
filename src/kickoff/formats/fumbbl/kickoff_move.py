"""The kick-off move read from FUMBBL's log (Kick-Off Return, On the Ball: FUMBBL's
``kickoffReturn`` turn mode): its steps and Dodges, the re-rolls FUMBBL offers there, and the
bb2025 Rushes FUMBBL does not roll (``docs/fumbbl.md``, "Rulings: where FUMBBL departs from the
book"; ``docs/rulings.md``, "The kick-off move")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kickoff.core.rulesets import RULESETS
from kickoff.formats.fumbbl.compare import REROLL_FIELDS, Ruling
from kickoff.formats.fumbbl.log import ProReRollReport, Report, TestRollReport, report_model

if TYPE_CHECKING:
    from kickoff.formats.fumbbl.kickoff import KickoffBuilder

#: bb2025's kick-off move uses the player's MA (a step beyond it a Rush); FUMBBL plays bb2020's,
#: three squares whatever his MA and no Rush (christerk/ffb ``UtilPlayer.isNextMoveGoingForIt``
#: and ``hasMoveLeft`` in the ``KICKOFF_RETURN`` turn mode). Each step beyond his MA is written
#: as a Rush of 6, the move FUMBBL made: only the Rush's own test then differs.
RUSH_RULING = Ruling(
    "bb2025 On the Ball: FUMBBL moves the player three squares whatever his MA, the 2025 move "
    "uses his MA and Rushes beyond it (rulings.md, \"The kick-off move\"): each Rush written as a "
    "6, the move FUMBBL made", ("tests.rush",))


def step(ko: KickoffBuilder, pid: str, to: tuple[int, int]) -> None:
    """Player ``pid``'s step onto ``to`` in the kick-off move; in bb2025, a step beyond his MA
    first writes the Rush FUMBBL did not roll (:data:`RUSH_RULING`)."""
    ko.return_path.append((pid, to))
    rules = RULESETS[ko.game.ruleset].kickoff_move
    info = ko.game.players.get(pid)
    if rules is None or not rules.uses_ma or info is None:
        return
    if sum(p == pid for p, _ in ko.return_path) > info.doc["ma"]:
        ko.add("d6", 6)
        if RUSH_RULING not in ko.rulings:
            ko.rulings.append(RUSH_RULING)


def roll(ko: KickoffBuilder, rep: Report) -> None:
    """``dodgeRoll`` in the kick-off move (its Dodges, as the engine rolls them); ``jumpRoll`` /
    ``leapRoll`` there are a note (not read yet)."""
    if rep.reportId == "dodgeRoll":
        t = report_model(TestRollReport, rep, ko.where)
        if t.roll:
            ko.add("d6", t.roll)
        ko.kickoff_move_failed = not t.successful
    elif f"kick-off move: FUMBBL's {rep.reportId!r}" not in " ".join(ko.notes):
        ko.notes.append(f"kick-off move: FUMBBL's {rep.reportId!r} report is not read yet")


def re_roll(ko: KickoffBuilder, r: ProReRollReport) -> None:
    """A ``reRoll`` in the kick-off move: FUMBBL offers re-rolls there (no era lists its turn
    mode among those prohibiting them); the rules allow none (``core/actions/kickoff_move.py``):
    a ruling after a failed Dodge, else a note."""
    if ko.kickoff_move_failed:
        ko.rulings.append(Ruling(
            f"kick-off move: FUMBBL lets p{r.playerId} use a {r.reRollSource} re-roll; "
            "the rules allow none there (docs/rulings.md, \"The kick-off move\")",
            REROLL_FIELDS))
    else:
        ko.notes.append(f"kick-off move: a {r.reRollSource} re-roll of no failed Dodge")
