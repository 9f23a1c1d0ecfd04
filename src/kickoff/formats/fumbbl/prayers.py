"""The Prayers to Nuffle of a kick-off recovered from FUMBBL's log (:mod:`.kickoff`): the
player a prayer chose, read into the engine's ``pick`` dice and the scenario's
``decisions.prayer``. See ``docs/fumbbl.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kickoff.core.pitch import Side, other_side
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fumbbl.names import OPPONENT_PRAYERS, PRAYER_CHOSEN, PRAYER_RANDOM, skill_name

if TYPE_CHECKING:
    from kickoff.formats.fumbbl.kickoff import KickoffBuilder


def prayer_effect(b: KickoffBuilder, pid: str, message: str) -> None:
    """A player FUMBBL's prayer chose (its ``playerEvent`` report): a random one as a ``pick``
    among the engine's candidates (``rulings.md`` 6, Prayers to Nuffle), Bad Habits' D3 as
    the number of players it names; a chosen one as ``decisions.prayer.player``; Intensive
    Training's skill ("gains Dodge") as ``decisions.prayer.skill``."""
    prayer = b.pending_prayer
    if pid not in b.game.players or prayer is None:
        return
    side = b.side_of(pid)
    if prayer in PRAYER_CHOSEN:
        b.prayer["player"] = f"p{pid}"
        return
    if prayer not in PRAYER_RANDOM:
        return
    if _other_team_struck(b, prayer, side, pid):
        return
    candidates = _candidates(b, prayer, side)
    if prayer == "bad_habits":
        _count_bad_habits(b, len(candidates))
    if pid not in candidates:
        b.notes.append(f"{prayer}: FUMBBL chose {pid}, not one of the engine's candidates")
    elif len(candidates) > 1:
        b.add("pick", candidates.index(pid) + 1)
    b.prayer_chosen.append(pid)
    if prayer == "bad_habits" and len(b.prayer_chosen) == b.prayer_picks[1]:
        # every candidate named: the engine picks none (k of n with k >= n,
        # pitch-and-dice.md), so the picks written for the first ones go
        picks = b.dice.get("pick", [])
        del picks[b.prayer_picks[0]:]
        if not picks:
            b.dice.pop("pick", None)
    if prayer == "intensive_training" and message.startswith("gains "):
        _trained_skill(b, message)


def _other_team_struck(b: KickoffBuilder, prayer: str, side: Side, pid: str) -> bool:
    """Whether FUMBBL's player ``pid`` (of ``side``) is not of the team the prayer strikes
    (Bad Habits and Greasy Cleats the opponents, the others the praying team), noted."""
    if len(b.fans_winners) != 1:
        return False
    praying = b.fans_winners[0]
    target = other_side(praying) if prayer in OPPONENT_PRAYERS else praying
    if side != target:
        b.notes.append(f"{prayer}: FUMBBL's player p{pid} is of the {side} team; the "
                       f"engine's candidates are the {target} team's")
        return True
    return False


def _candidates(b: KickoffBuilder, prayer: str, side: Side) -> list[str]:
    """The engine's candidates for ``prayer`` in ``side``: not already with its skill, not a
    Loner where it excludes them, not chosen already."""
    marker, is_skill, no_loner = PRAYER_RANDOM[prayer]
    return [
        q for q in b.candidates(side)
        if not (is_skill and marker in b.game.players[q].doc["skills"])
        and not (no_loner and "loner" in b.game.players[q].doc["skills"])
        and q not in b.prayer_chosen]


def _count_bad_habits(b: KickoffBuilder, candidates: int) -> None:
    """Bad Habits' D3 as the number of players named: 1 for the first, one more each next."""
    if not b.prayer_chosen:
        b.add("d3", 1)
        b.prayer_picks = (len(b.dice.get("pick", [])), candidates)
    else:
        b.dice["d3"][-1] += 1


def _trained_skill(b: KickoffBuilder, message: str) -> None:
    """Intensive Training's skill ("gains Dodge") as ``decisions.prayer.skill``, or a note."""
    try:
        b.prayer["skill"] = skill_name(message[len("gains "):], RULESETS[b.game.ruleset].skills)
    except KeyError:
        b.notes.append(f"intensive training: FUMBBL's skill {message!r} is unknown")
