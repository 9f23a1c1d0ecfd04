"""Reading a Throw Team-mate in FUMBBL's free turn (issue 25) as the activation's
``throw_team_mate``, ``thrown`` and ``to`` and its dice (``docs/fumbbl.md``, "The free turn").

FUMBBL's throw (christerk/ffb ``generator/*/ThrowTeamMate``, ``skillbehaviour/*/
ThrowTeamMateBehaviour``, ``step/*/ttm``) writes, after the thrower's move:

- ``gameSetDefenderId`` (the team-mate picked up) and ``gameSetPassCoordinate`` (the target
  square): the activation's ``thrown`` and ``to``; from then on the players who move (the thrown
  player's flight, a player landed on) are the engine's to reproduce;
- ``alwaysHungryRoll`` (the thrower's D6) and ``escapeRoll`` (the team-mate's D6) with their
  ``reRoll`` reports: ``reroll.always_hungry`` and ``reroll.escape``;
- ``throwTeamMateRoll`` (the D6, ``passResult``, ``thrownPlayerId``): a throw that is not superb
  (``ACCURATE``; classic has no ``passResult``: not a 6) and is not re-rolled writes
  ``reroll.throw`` ``false`` unless a ``reRoll`` report follows (FUMBBL offers a re-roll only for
  a fumble or a terrible throw; the engine's coach may re-roll a subpar one too: declined here);
- ``scatterPlayer`` (each D8 of the flight, FUMBBL's numbering, translated) and ``passDeviate``
  with ``throwTeamMate`` (bb2020's terrible throw: the D8 and the D6);
- ``rightStuffRoll`` (the landing's D6; failed and re-rolled: ``reroll.landing``); the armour and
  injury rolls are ``injury`` reports (an eaten team-mate's, ``eatPlayer``, has no dice).

A bb2025 Kick Team-mate (``kickTeamMateMove``, ``throwTeamMateRoll`` with ``kicked``) is read
the same way as the activation's ``kick_team_mate``: its fumble (``kickTeamMateFumble``, no die)
removes the kicked player with an ``injury`` report's injury roll, as the engine plays it
(christerk/ffb ``bb2025/ttm/StepDispatchScatterPlayer``, ``InjuryTypeFumbledKtmApoKo``). A classic
(bb2016) Kick Team-mate (``step/action/ktm/StepKickTeamMate``) is read as ``kick_team_mate`` with
``thrown`` (the report's ``defenderId``) and ``kick_dice`` (how many ``rolls`` its
``kickTeamMateRoll`` has), no ``to`` (FUMBBL's pass coordinate is the straight line's end): its
dice, then the flight's as a throw's; a double (FUMBBL knocks the kicked player out with no
injury roll, the skill's text rolls one) and a re-rolled kick (FUMBBL's game option
``allowKtmReroll``) are named as unsupported. A Swoop, a kick in a free turn that allows none and
a throw of no target or team-mate the reader saw are named as unsupported. Two rulings
(``docs/rulings.md``, "Throw Team-mate"): FUMBBL's bb2020 landing at -2 after a terrible throw
(ours -1), and its bb2025 fumble of a throw of 1 or less after modifiers (ours subpar).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kickoff.formats.fumbbl.compare import REROLL_FIELDS, THROW_RESULTS, Ruling
from kickoff.formats.fumbbl.log import ModelChange, Report, TestRollReport, report_model
from kickoff.formats.fumbbl.names import translate_d8
from kickoff.formats.fumbbl.tracker import GameTracker, log_square, pitch_square

if TYPE_CHECKING:
    from kickoff.formats.fumbbl.free_turn import FreeTurnReader, _Activation

#: FUMBBL's reports of a throw (or kick), read here.
THROW_REPORTS: frozenset[str] = frozenset({
    "alwaysHungryRoll", "escapeRoll", "throwTeamMateRoll", "scatterPlayer", "passDeviate",
    "rightStuffRoll", "kickTeamMateFumble", "kickTeamMateRoll"})

#: The scenario's actions of a throw of a team-mate.
THROWS: frozenset[str] = frozenset({"throw_team_mate", "kick_team_mate"})

#: FUMBBL's landing modifier after its bb2020 terrible throw (``WILDLY_INACCURATE``; christerk/ffb
#: ``modifiers/bb2020/RightStuffModifierCollection``: "Terrible Throw" 2, its subpar and fumbled
#: throws 1, as ours): one harder than the ruleset's (``docs/rulings.md``, "Throw Team-mate").
FUMBBL_TERRIBLE_LANDING = -2

#: The activation's re-roll key of each of FUMBBL's rolls of a throw that may be re-rolled.
_REROLL_KEYS = {"alwaysHungryRoll": "always_hungry", "escapeRoll": "escape",
                "rightStuffRoll": "landing"}


def is_throw(a: _Activation | None) -> bool:
    """Whether ``a`` is a Throw (or bb2025 Kick) Team-mate being read."""
    return a is not None and a.doc["action"] in THROWS


def throw_change(reader: FreeTurnReader, a: _Activation | None, ch: ModelChange,
                 tr: GameTracker) -> bool:
    """A model change of the free turn, read here if it is Throw Team-mate ``a``'s: the target
    square (``gameSetPassCoordinate``) starts the throw (phase ``"throw"``; the team-mate is the
    defender FUMBBL set); from then on a player's new square is the throw's flight, the
    engine's to reproduce. True if the change was read."""
    if a is None or not is_throw(a):
        return False
    cid = ch.modelChangeId
    if cid == "gameSetPassCoordinate" and straight_kick(reader, a):
        a.phase = "throw"  # the straight line's end: no target the coach names
        if reader.defender is not None:
            a.doc.setdefault("thrown", f"p{reader.defender}")
        return True
    if cid == "gameSetPassCoordinate":
        sq = pitch_square(tr.pitch, log_square(ch.modelChangeValue))
        if sq is not None:
            a.doc["to"] = list(sq)
            a.phase = "throw"
            if reader.defender is not None:
                a.doc.setdefault("thrown", f"p{reader.defender}")
        return True
    return cid == "fieldModelSetPlayerCoordinate" and a.phase == "throw"


def straight_kick(reader: FreeTurnReader, a: _Activation) -> bool:
    """Whether ``a`` is a classic Kick Team-mate (``ThrowRules.straight_kick``)."""
    rules = reader.throw_rules
    return a.doc["action"] == "kick_team_mate" and rules is not None and rules.straight_kick


def _kick_roll(reader: FreeTurnReader, rep: Report, a: _Activation) -> None:
    """bb2016's ``kickTeamMateRoll``: its one or two D6 (``kick_dice``) and the kicked player;
    a double or a re-rolled kick named (module docstring)."""
    extra = rep.model_extra or {}
    if not straight_kick(reader, a):
        reader.note(f"free turn: FUMBBL's classic 'kickTeamMateRoll' of p{a.pid} outside a "
                    "classic Kick Team-mate is not read")
        return
    rolls = extra.get("rolls")
    if (not isinstance(rolls, list) or len(rolls) not in (1, 2)
            or not all(isinstance(v, int) and 1 <= v <= 6 for v in rolls)):
        reader.note("free turn: FUMBBL's 'kickTeamMateRoll' report has no die the reader can read")
        return
    if extra.get("reRolled"):
        reader.note(f"free turn: p{a.pid}'s Kick Team-mate re-rolled (FUMBBL's game option "
                    "allowKtmReroll; the skill's text allows none) is not replayed")
        return
    reader.add("d6", *rolls)
    a.doc["kick_dice"] = len(rolls)
    if isinstance(extra.get("defenderId"), str):
        a.doc["thrown"] = f"p{extra['defenderId']}"
    if len(rolls) == 2 and rolls[0] == rolls[1]:
        reader.note(f"free turn: p{a.pid}'s Kick Team-mate rolled a double: FUMBBL knocks the "
                    "kicked player out with no injury roll, the skill's text rolls one "
                    "(rulings.md)")


def throw_report(reader: FreeTurnReader, rid: str, rep: Report, a: _Activation | None) -> None:
    """One of :data:`THROW_REPORTS` (see the module docstring); outside a Throw / Kick
    Team-mate a note."""
    extra = rep.model_extra or {}
    if not is_throw(a) or a is None:
        reader.note(f"free turn: FUMBBL's {rid!r} report outside a Throw / Kick Team-mate is not "
                    "read")
        return
    reader.settle()
    a.acted = True
    if a.phase != "over":
        a.phase = "throw"
    if rid == "kickTeamMateFumble":
        return  # no die: the kicked player is removed with an injury roll (its own report)
    if rid == "kickTeamMateRoll":
        _kick_roll(reader, rep, a)
    elif rid == "scatterPlayer":
        _dice(reader, "d8", extra.get("rolls"), 8, rid)
    elif rid == "passDeviate":
        _dice(reader, "d8", [extra.get("rollScatterDirection")], 8, rid)
        _dice(reader, "d6", [extra.get("rollScatterDistance")], 6, rid)
    elif rid == "throwTeamMateRoll":
        _throw_roll(reader, rep, a)
    else:
        _test_roll(reader, rid, rep, a)


def _test_roll(reader: FreeTurnReader, rid: str, rep: Report, a: _Activation) -> None:
    """``alwaysHungryRoll``, ``escapeRoll``, ``rightStuffRoll``: the D6, a failure not re-rolled
    waiting for its ``reRoll`` (else declined), the team-mate an escape names."""
    extra = rep.model_extra or {}
    t = report_model(TestRollReport, rep, reader.where)
    if t.roll:
        reader.add("d6", t.roll)
    if rid == "rightStuffRoll":
        _terrible_landing(reader, a, t, extra.get("minimumRoll"))
    key = _REROLL_KEYS.get(rid)
    if key is not None and not t.successful and not t.reRolled:
        a.failed = key
    if rid == "escapeRoll" and isinstance(extra.get("playerId"), str):
        a.doc["thrown"] = f"p{extra['playerId']}"


def _throw_roll(reader: FreeTurnReader, rep: Report, a: _Activation) -> None:
    """``throwTeamMateRoll``: its D6, the team-mate thrown, and a throw that is not superb
    waiting for its ``reRoll`` (else declined)."""
    extra = rep.model_extra or {}
    if bool(extra.get("kicked")) != (a.doc["action"] == "kick_team_mate"):
        reader.note(f"free turn: p{a.pid}'s throw and kick differ in FUMBBL's log (its "
                    "'throwTeamMateRoll' 'kicked' against the action declared)")
    t = report_model(TestRollReport, rep, reader.where)
    if t.roll:
        reader.add("d6", t.roll)
    thrown = extra.get("thrownPlayerId")
    if isinstance(thrown, str):
        a.doc["thrown"] = f"p{thrown}"
    result = extra.get("passResult")
    a.pass_result = result if isinstance(result, str) else None
    a.throw_roll = t.roll
    superb = result == "ACCURATE" or t.roll == 6
    if not superb and not t.reRolled:
        a.failed = "throw"
    _kick_disturbed(reader, a, extra.get("rollModifiers"))


def _kick_disturbed(reader: FreeTurnReader, a: _Activation, modifiers: object) -> None:
    """FUMBBL counting Disturbing Presence against a Kick Team-mate (its kick is a throw's
    ``PassContext``, whose modifiers include every Disturbing Presence): the texts name a Pass
    and a Throw Team-mate action, not a kick (``core/actions/throw.py``): a ruling."""
    names = [str(m) for m in modifiers] if isinstance(modifiers, list) else []
    if a.doc["action"] == "kick_team_mate" and any("Disturbing Presence" in m for m in names):
        text = (f"Kick Team-mate: FUMBBL counts Disturbing Presence against p{a.pid}'s kick; "
                "the texts name a Pass and a Throw Team-mate action only (docs/rulings.md, "
                "\"Throw Team-mate\")")
        if not any(r.text == text for r in reader.rulings):
            reader.rulings.append(Ruling(text, REROLL_FIELDS))


def _terrible_landing(reader: FreeTurnReader, a: _Activation, t: TestRollReport,
                      minimum: object) -> None:
    """A landing after FUMBBL's bb2020 terrible throw: its -2 against the ruleset's modifier (bb2020
    -1), a ruling limited to the landing's target (``tests.landing``), or, where the one point
    turns the roll (FUMBBL's failure would be our success), to what follows it."""
    rules = reader.throw_rules
    if a.pass_result != "WILDLY_INACCURATE" or rules is None:
        return
    harder = rules.landing_modifier.get("terrible", FUMBBL_TERRIBLE_LANDING) - FUMBBL_TERRIBLE_LANDING
    if harder <= 0:
        return
    turned = (not t.successful and isinstance(minimum, int) and 2 <= t.roll <= 5
              and t.roll >= minimum - harder)
    text = (f"Throw Team-mate: FUMBBL lands {a.doc.get('thrown', 'the thrown player')} at -2 "
            "after a terrible throw; we read -1 (docs/rulings.md, \"Throw Team-mate\")"
            + ("; the point turns his landing roll" if turned else ""))
    fields = REROLL_FIELDS if turned else ("tests.landing",)
    if not any(r.text == text for r in reader.rulings):
        reader.rulings.append(Ruling(text, fields))


def record_throw(tests: dict[str, list[list[Any]]], untold: set[str], rep: Report,
                 thrower: str | None) -> None:
    """A Throw / Kick Team-mate's result into ``tests["throw"]`` for the strict comparison
    (``docs/fumbbl.md``, "What FUMBBL recorded"): ``[thrower, result]`` of each
    ``throwTeamMateRoll`` (a re-roll's replacing the roll it re-rolls; a report without
    ``passResult``, classic's, puts the kind in ``untold``), and a fumble for a team-mate who
    escaped an Always Hungry thrower (``escapeRoll`` successful, no throw roll: ``thrower`` the
    acting player)."""
    extra = rep.model_extra or {}
    done = tests.setdefault("throw", [])
    if rep.reportId == "throwTeamMateRoll":
        result = THROW_RESULTS.get(str(extra.get("passResult")))
        if result is None:
            untold.add("throw")
            return
        entry = [f"p{extra.get('playerId')}", result]
        if extra.get("reRolled") and done:
            done[-1] = entry
        else:
            done.append(entry)
    elif rep.reportId == "escapeRoll" and extra.get("successful") and thrower is not None:
        done.append([f"p{thrower}", "fumble"])


def _dice(reader: FreeTurnReader, kind: str, rolls: object, sides: int, rid: str) -> None:
    """Each of ``rolls`` (``d8``: FUMBBL's direction, translated) to the ``kind`` queue, or a
    note for a die out of range."""
    values = rolls if isinstance(rolls, list) else []
    if not values or not all(isinstance(v, int) and 1 <= v <= sides for v in values):
        reader.note(f"free turn: FUMBBL's {rid!r} report has no die the reader can read")
        return
    reader.add(kind, *(translate_d8(v) if kind == "d8" else v for v in values))


def throw_closed(reader: FreeTurnReader, a: _Activation) -> None:
    """At the end of Throw Team-mate ``a``: one that threw no one (FUMBBL's
    ``throwTeamMateMove`` with only a move) is a Move; one whose team-mate or target the log
    did not give is named as unsupported."""
    doc = a.doc
    if "to" not in doc and "thrown" not in doc and "kick_dice" not in doc:
        doc["action"] = "move"
        return
    if (doc["action"] == "kick_team_mate" and reader.rules is not None
            and reader.rules.counts_as.get("kick_team_mate", "kick_team_mate")
            not in reader.rules.limits):
        reader.note(f"free turn: p{a.pid}'s Kick Team-mate, which this edition's free turn does "
                    "not allow (rulings.md 8)")
    rules = reader.throw_rules
    if (rules is not None and rules.low_result == "subpar" and a.pass_result == "FUMBLE"
            and a.throw_roll not in (0, 1)):
        # FUMBBL's bb2025 fumbles a throw of 1 or less after modifiers (christerk/ffb bb2025
        # ThrowTeamMateBehaviour.evaluatePass); we read it as subpar: a different flight
        reader.rulings.append(Ruling(
            f"Throw Team-mate: FUMBBL's bb2025 fumbles p{a.pid}'s throw of {a.throw_roll}, 1 or "
            "less after modifiers; we read it as a subpar throw (docs/rulings.md, \"Throw "
            "Team-mate\")", REROLL_FIELDS))
    needs = ("thrown", "kick_dice") if straight_kick(reader, a) else ("thrown", "to")
    if any(key not in doc for key in needs):
        reader.note(f"free turn: p{a.pid}'s Throw Team-mate names no team-mate or target square "
                    "the reader found")
        a.read = False
