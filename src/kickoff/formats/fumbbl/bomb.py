"""Reading a Bombardier's bomb in FUMBBL's classic Blitz! (issue 25) as the activation's
``throw_bomb`` and ``to`` and its dice (``docs/fumbbl.md``, "The free turn").

FUMBBL's bomb (christerk/ffb ``generator/bb2016/Bomb``, ``step/bb2016/special/StepInitBomb``,
``StepSpecialEffect``) writes, after the ``throwBomb`` declaration:

- ``gameSetPassCoordinate``: the activation's ``to``;
- ``passRoll`` with ``bomb`` (its D6; a roll that is not accurate and not re-rolled writes
  ``reroll.throw`` ``false`` unless a ``reRoll`` report follows);
- ``scatterBall`` (an inaccurate bomb's three D8s, FUMBBL's numbering, translated);
- ``spellEffectRoll`` with ``specialEffect`` ``bomb``: an adjacent player's D6 (the player in the
  square has ``roll`` 0: no die), and ``injury`` reports of type ``bomb`` (the armour and injury
  rolls, read by the kick-off's own handler).

- ``interceptionRoll`` with ``bomb`` (before the pass roll, ``StepIntercept``): a failed one is
  the activation's ``interceptor`` (the receiving coach's choice) and his D6, a second one of
  the same player his Catch re-roll;
- ``catchRoll`` with ``bomb`` (``StepCatchScatterThrowIn``, ``CATCH_BOMB``): likewise, the
  activation's ``catcher``.

A successful ``interceptionRoll`` or ``catchRoll`` of a bomb: its player holds it and throws it
again at once (``step/bb2016/special/StepEndBomb``: the acting player becomes him, his action
still ``throwBomb``, so FUMBBL writes no ``playerAction`` report, and the ``Pass`` sequence runs
again). The reader opens one of the activation's ``rethrows`` (``docs/rulings.md``, "The
Bombardier's bomb") and reads into it what follows as it reads a bomb: the next
``gameSetPassCoordinate`` its ``to``, an ``interceptionRoll`` / ``catchRoll`` its
``interceptor`` / ``catcher``, a ``passRoll`` not re-rolled its ``reroll: false``, a ``reRoll``
after it its ``reroll``. A team re-roll of a receiving player's throw again (FUMBBL's bomb turn
hands the turn's re-rolls to his team; the book does not) is named as unsupported. A bomb report
outside a bomb the reader is reading is named. A Hail Mary bomb (``hailMaryBomb``, FUMBBL's
``StepHailMaryPass``) is the activation's ``hail_mary``: its ``passRoll`` (``hailMaryPass``) is
successful unless a fumble, and no interception is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kickoff.formats.fumbbl.log import ModelChange, Report, TestRollReport, report_model
from kickoff.formats.fumbbl.names import translate_d8
from kickoff.formats.fumbbl.tracker import GameTracker, log_square, pitch_square

if TYPE_CHECKING:
    from kickoff.formats.fumbbl.free_turn import FreeTurnReader, _Activation

#: The most throws again of one bomb read (the scenario format's list bound).
MAX_RETHROWS = 64

#: FUMBBL's reports of a bomb, read here while a ``throw_bomb`` activation is read.
BOMB_REPORTS: frozenset[str] = frozenset({
    "passRoll", "interceptionRoll", "scatterBall", "spellEffectRoll", "bombOutOfBounds"})


def is_bomb(a: _Activation | None) -> bool:
    """Whether ``a`` is a Bombardier's bomb being read."""
    return a is not None and a.doc["action"] == "throw_bomb"


def is_bomb_report(rep: Report) -> bool:
    """Whether FUMBBL's report ``rep`` belongs to a bomb (its ``bomb`` flag, or a bomb's
    ``spellEffectRoll``)."""
    extra = rep.model_extra or {}
    return bool(extra.get("bomb")) or extra.get("specialEffect") == "bomb"


def leg(a: _Activation) -> dict[str, Any]:
    """The throw of bomb ``a`` being read: its last throw again (``rethrows``), else the
    activation itself."""
    rethrows: list[dict[str, Any]] = a.doc.get("rethrows", [])
    return rethrows[-1] if rethrows else a.doc


def failed_kind(a: _Activation) -> str:
    """The kind under which a failed throw of ``a`` keeps its re-roll choice: ``throw`` for the
    bomber's, ``rethrows.<k>`` for the k-th throw again (moved there by :func:`bomb_closed`)."""
    rethrows = a.doc.get("rethrows", [])
    return f"rethrows.{len(rethrows) - 1}" if rethrows else "throw"


def bomb_change(a: _Activation | None, ch: ModelChange, tr: GameTracker) -> bool:
    """A model change of the free turn, read here if it is bomb ``a``'s: the target square
    (``gameSetPassCoordinate``) is its ``to`` (or its throw again's). True if the change was
    read."""
    if a is None or not is_bomb(a) or ch.modelChangeId != "gameSetPassCoordinate":
        return False
    sq = pitch_square(tr.pitch, log_square(ch.modelChangeValue))
    if sq is not None:
        leg(a)["to"] = list(sq)
        a.acted = True
    return True


def bomb_closed(reader: FreeTurnReader, a: _Activation) -> None:
    """Bomb ``a`` read to its end: each throw again's re-roll choice (read under
    :func:`failed_kind`) moved into its ``rethrows`` entry; a team re-roll of a receiving
    player's throw again named (module docstring)."""
    for k, entry in enumerate(a.doc.get("rethrows", [])):
        choices = a.choices.pop(f"rethrows.{k}", None)
        if choices:
            entry["reroll"] = choices[0] if len(set(choices)) == 1 else list(choices)
            if "team" in choices and k in a.bomb_receiving:
                reader.note(f"free turn: a team re-roll of {entry.get('by')}'s throw of the "
                            "bomb again, outside his team's turn (FUMBBL's bomb turn; the book "
                            "allows none: rulings.md)")
        entry.pop("by", None)


def bomb_report(reader: FreeTurnReader, rid: str, rep: Report, a: _Activation | None) -> None:
    """A bomb's report (:data:`BOMB_REPORTS`, or one :func:`is_bomb_report` names): see the
    module docstring. Raises ``ScenarioError`` for a roll report of an unexpected shape."""
    if a is None or not is_bomb(a):
        reader.note(f"free turn: FUMBBL's {rid!r} report of a bomb outside a Bombardier's throw "
                    "(a bomb caught and thrown again) is not replayed")
        return
    reader.settle()
    a.acted = True
    extra = rep.model_extra or {}
    if rid in ("interceptionRoll", "catchRoll"):
        _catch(reader, rep, a, "interceptor" if rid == "interceptionRoll" else "catcher")
    elif rid == "passRoll":
        _pass_roll(reader, rep, a)
    elif rid == "scatterBall":
        _scatter(reader, extra.get("rolls"), rid)
    elif rid == "spellEffectRoll":
        roll = extra.get("roll")
        if isinstance(roll, int) and 1 <= roll <= 6:
            reader.add("d6", roll)


def _catch(reader: FreeTurnReader, rep: Report, a: _Activation, key: str) -> None:
    """The bomb's ``interceptionRoll`` or ``catchRoll``: the throw's ``interceptor`` or
    ``catcher`` (``key``) and his D6 (again for his Catch re-roll); a successful one opens a
    throw again by him (``rethrows``)."""
    t = report_model(TestRollReport, rep, reader.where)
    pid = f"p{(rep.model_extra or {}).get('playerId')}"
    if leg(a).setdefault(key, pid) != pid:
        reader.note(f"free turn: a second {key} {pid} of one bomb is not replayed")
        return
    if t.roll:
        reader.add("d6", t.roll)
    if t.successful:
        if len(a.doc.get("rethrows", ())) >= MAX_RETHROWS:
            reader.note(f"free turn: a bomb thrown again more than {MAX_RETHROWS} times")
            return
        if reader.other_team(rep):
            a.bomb_receiving.add(len(a.doc.get("rethrows", ())))
        a.doc.setdefault("rethrows", []).append({"by": pid})


def _pass_roll(reader: FreeTurnReader, rep: Report, a: _Activation) -> None:
    """The bomb's ``passRoll``: its D6; a throw not accurate and not re-rolled waits for its
    ``reRoll`` (else declined: ``reroll.throw`` ``false``)."""
    t = report_model(TestRollReport, rep, reader.where)
    if t.roll:
        reader.add("d6", t.roll)
    if not t.successful and not t.reRolled:
        a.failed = failed_kind(a)


def _scatter(reader: FreeTurnReader, rolls: object, rid: str) -> None:
    """An inaccurate bomb's ``scatterBall``: each D8 (FUMBBL's numbering, translated), or a note
    for a die out of range."""
    values = rolls if isinstance(rolls, list) else []
    if not values or not all(isinstance(v, int) and 1 <= v <= 8 for v in values):
        reader.note(f"free turn: FUMBBL's {rid!r} report of a bomb has no die the reader can read")
        return
    reader.add("d8", *(translate_d8(v) for v in values))
