"""Recovering the kicking team's free turn (classic Blitz!, bb2020 / Sevens Blitz, bb2025 Charge!)
from FUMBBL's log as the scenario's ``blitz`` / ``charge`` activations (``docs/actions.md``).

While FUMBBL's turn mode is the free turn's (``blitz`` and its sub-modes), each ``playerAction``
report declares an activation (christerk/ffb ``PlayerAction``: ``move``, ``blitzMove`` /
``blitz``, ``throwTeamMateMove``, ``kickTeamMateMove``); the acting player's
``fieldModelSetPlayerCoordinate`` changes are the squares of his path, one a step; ``block`` /
``blockRoll`` / ``blockChoice`` reports give the target, the block dice and the face chosen; the
first ``selected`` ``fieldModelAddPushbackSquare`` after a choice is the push-back square; the
attacker stepping into the square the defender left is the follow-up; his later steps are the
move after the block. Each test's D6 (``goForItRoll``, ``dodgeRoll``, ``pickUpRoll``,
``catchRoll``, ``confusionRoll``) goes to the ``d6`` queue in the order FUMBBL rolled it, and a
``reRoll`` report sets the activation's re-roll choice for that test (a failed test FUMBBL did not
re-roll: ``false``; one choice per failed test, written as one for all when they agree). A catch
by a receiving player is no test of the activation's (the kick-off's ``catch_reroll``). Armour
and injury (``injury`` reports) are the kick-off's own handlers'.

A declaration that does nothing (FUMBBL lets a coach select a player and deselect him) is no
activation. What the reader cannot translate (an action the free turn's engine lacks, a block
dice re-roll, a report it does not know) is a note: the kick-off is then ``unsupported``, naming
it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kickoff.core.actions.confusion import CONFUSION
from kickoff.core.errors import ScenarioError
from kickoff.core.ruleset import FreeTurnRules, ThrowRules
from kickoff.formats.fumbbl.bomb import (
    BOMB_REPORTS,
    bomb_change,
    bomb_closed,
    bomb_report,
    is_bomb,
    is_bomb_report,
)
from kickoff.formats.fumbbl.compare import REROLL_FIELDS, Ruling
from kickoff.formats.fumbbl.hold import tentacles_or_shadowing
from kickoff.formats.fumbbl.log import (
    BlockChoiceReport,
    BlockReport,
    BlockRollReport,
    ModelChange,
    PlayerActionReport,
    Report,
    ReRollReport,
    TestRollReport,
    report_model,
)
from kickoff.formats.fumbbl.names import skill_name
from kickoff.formats.fumbbl.throw import THROW_REPORTS, is_throw, throw_change, throw_closed, throw_report
from kickoff.formats.fumbbl.tracker import GameTracker, log_square, pitch_square

#: FUMBBL's player actions (christerk/ffb ``PlayerAction``) read -> the scenario's action kinds.
#: A Pass, Hand-off, Foul, Gaze declared (``passMove``, ...) starts with its move: read as a Move,
#: and what only that action does (the pass, the foul: their reports) is a note; a Throw / Kick
#: Team-mate is read whole (:mod:`.throw`). Any other action (a Foul or Pass declared on the
#: spot, ...) is a note, and the activation is left out; ``forgo`` is no activation.
ACTIONS: dict[str, str] = {
    "move": "move", "blitz": "blitz", "blitzMove": "blitz", "blitzSelect": "blitz",
    "passMove": "move", "handOverMove": "move", "foulMove": "move", "gazeMove": "move",
    "gaze": "move", "throwTeamMateMove": "throw_team_mate", "throwTeamMate": "throw_team_mate",
    "kickTeamMateMove": "kick_team_mate", "kickTeamMate": "kick_team_mate",
    "throwBomb": "throw_bomb", "hailMaryBomb": "throw_bomb",
}

#: FUMBBL's actions that declare no activation (christerk/ffb ``PlayerAction.FORGO``).
NO_ACTIVATION: frozenset[str] = frozenset({"forgo"})

#: FUMBBL's test reports -> the activation's re-roll key (``confusion``: Bone-head, Really Stupid,
#: Wild Animal, Unchannelled Fury, Take Root).
TESTS: dict[str, str] = {
    "goForItRoll": "rush", "dodgeRoll": "dodge", "pickUpRoll": "pickup", "catchRoll": "catch",
    "confusionRoll": "confusion", "leapRoll": "leap", "foulAppearanceRoll": "foul_appearance",
    "hypnoticGazeRoll": "gaze", "bloodLustRoll": "blood_lust",
}

#: FUMBBL's reports and actions of a skill the engine does not play or the reader does not read
#: yet (issue 25): the
#: kick-off is ``unsupported``, the skill named (``docs/fumbbl.md``, "Free turns"). Tentacles and
#: Shadowing share one report, which names its skill (both read: ``tentacles``, ``shadowing``).
UNMODELLED: dict[str, str] = {
    "tentaclesShadowingRoll": "Shadowing", "swoopPlayer": "Swoop",
}

#: FUMBBL's re-roll sources (christerk/ffb ``ReRollSources``) -> the re-roll choice; Loner's and
#: Pro's own D6 (``roll``) is rolled before the re-roll. FUMBBL names a team re-roll by what it
#: used up (``RollMechanic.useReRoll``, bb2025 ``findUsedTeamReRollSource``: the Leader's, one
#: for the drive from Brilliant Coaching, Pump up the Crowd or Star of the Show), each counted in
#: the team's re-rolls (``turnData.reRolls``) as the scenario's team re-rolls are.
REROLL_SOURCES: dict[str, str] = {
    "Team ReRoll": "team", "Loner": "team", "Leader": "team", "Brilliant Coaching ReRoll": "team",
    "Pump up the Crowd": "team", "Star of the Show": "team",
    "Dodge": "skill", "Sure Feet": "skill", "Sure Hands": "skill", "Catch": "skill", "Pro": "skill",
    "Pass": "skill",
}


#: FUMBBL's block die (1 skull, 2 both down, 3-4 push, 5 defender stumbles, 6 pow) -> the face.
BLOCK_DIE: dict[int, str] = {1: "skull", 2: "both_down", 3: "push", 4: "push", 5: "stumble",
                             6: "pow"}

#: Reports of the free turn that change nothing the scenario holds (skills the engine applies
#: by itself: Tackle cancelling Dodge, Dodge against Stumbles, Wrestle; the Leader re-roll's
#: availability at the turn's start; ``pushback``, whose square the model changes give; bb2020's
#: count of the activations left, written after each, ``StepInitFeeding``: no die).
IGNORED: frozenset[str] = frozenset({"leader", "skillUse", "playerAction", "pushback",
                                     "kickoffSequenceActivationsCount",
                                     "kickoffSequenceActivationsExhausted"})


def _skill_of(rep: Report, default: str) -> str:
    """The skill a report names (``tentaclesShadowingRoll``: Tentacles or Shadowing)."""
    skill = (rep.model_extra or {}).get("skill")
    return skill if isinstance(skill, str) and skill else default


@dataclass
class _Activation:
    """An activation being read: the scenario document and what the reader tracks."""

    pid: str
    doc: dict[str, Any]
    #: an action the reader translates (else it is left out, and noted)
    read: bool = True
    #: "move" (the path), "block" (dice rolled, face not chosen), "push" (face chosen),
    #: "after" (the move after the block), "over" (FUMBBL deselected him)
    phase: str = "move"
    acted: bool = False
    defender_square: tuple[int, int] | None = None
    failed: str | None = None
    block_rolls: int = 0
    #: the ``blockChoice`` reports read (a Frenzy second block's is the second)
    block_choices: int = 0
    #: a team re-roll of a test was just read: FUMBBL's Loner roll may follow as its own report
    #: (christerk/ffb since 2024: ``Team ReRoll`` then ``Loner`` with the D6)
    loner_may_follow: bool = False
    #: the re-roll choice of each failed test, by kind, in order (``reroll``: one choice per
    #: failed test, or one for all when they agree)
    choices: dict[str, list[str | bool]] = field(default_factory=dict)

    def written(self) -> dict[str, Any]:
        """The activation's ``reroll``: a kind's choice, or its list when they differ."""
        return {kind: (c[0] if len(set(c)) == 1 else list(c)) for kind, c in self.choices.items()}

    def block(self, chosen: bool) -> dict[str, Any]:
        """The choices of the block being read: the first (``block``), or a Frenzy second
        block's (``block.frenzy``); ``chosen``: its face is chosen already (a push follows)."""
        block: dict[str, Any] = self.doc.setdefault("block", {})
        return block.setdefault("frenzy", {}) if self.block_choices > int(chosen) else block
    #: his Blood Lust roll failed (and was not re-rolled to a success): he feeds at the end
    hungry: bool = False
    #: Leap tests read (each must match a step of two squares: classic's Leap to an adjacent
    #: square is not read)
    leap_rolls: int = 0
    #: the square he left at his last step (a shadower follows him into it)
    left: tuple[int, int] | None = None
    #: an opponent who stepped into ``left`` before his Shadowing report (same command)
    shadow_moved: str | None = None
    #: a Shadowing report that followed him, its shadower's step still to come
    shadow_due: str | None = None
    #: the last step of ``path`` is the one Tentacles held him at (a classic re-roll may undo it)
    held_step: bool = False
    #: a Throw Team-mate's result as FUMBBL reported it (``passResult``: ``ACCURATE``,
    #: ``INACCURATE``, ``WILDLY_INACCURATE``, ``FUMBLE``), its last throw roll's
    pass_result: str | None = None
    #: that throw's D6 (0: none read)
    throw_roll: int = 0
    #: a bomb's throws again (``rethrows`` indexes) made by a receiving player
    bomb_receiving: set[int] = field(default_factory=set)


@dataclass
class FreeTurnReader:
    """Reads the free turn's reports and model changes into activations (:attr:`activations`)
    and dice (through ``add``, the kick-off's queues), notes what it cannot read (``notes``)."""

    #: the kick-off, as messages name it
    where: str
    add: Callable[..., None]
    notes: list[str]
    injury: Callable[[Report], None]
    #: the ruleset's skills (FUMBBL's skill names translated against them)
    skills: frozenset[str]
    #: the project's rulings met (``docs/fumbbl.md``, "Rulings")
    rulings: list[Ruling]
    #: the free turn's rules, once the kick-off result names the event
    rules: FreeTurnRules | None = None
    #: the skills used once per turn (the ruleset's ``ActionRules.once_per_turn_skills``)
    once_per_turn: frozenset[str] = frozenset()
    #: the ruleset's Throw / Kick Team-mate (where FUMBBL's throw departs from it: a ruling)
    throw_rules: ThrowRules | None = None
    activations: list[dict[str, Any]] = field(default_factory=list)
    current: _Activation | None = None
    #: whether a ``catchRoll`` is a catch outside the acting team's turn (a receiving player's:
    #: the kick-off's own ``catch_reroll`` list, read by the kick-off's reader)
    other_team: Callable[[Report], bool] = lambda rep: False
    #: the player FUMBBL last made the defender (``gameSetDefenderId``, ``selectBlitzTarget``):
    #: a Blitz's target before its block is rolled (a Foul Appearance roll that wastes it)
    defender: str | None = None

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def declare(self, pid: str, action: str) -> None:
        """A ``playerAction`` report: the previous activation ends, this one starts; the same
        player declaring again after a failed Blood Lust roll, before a step, changes his
        action (bb2020+ "may change their declared action to a Move action")."""
        a = self.current
        if (a is not None and a.pid == pid and a.hungry and not a.doc["path"]
                and ACTIONS.get(action) == "move"):
            a.doc["action"] = "move"
            a.doc.pop("target", None)
            return
        self.close()
        if action in NO_ACTIVATION:
            return
        kind = ACTIONS.get(action)
        if ACTIONS.get(action) == "throw_bomb" and (self.rules is None or not self.rules.bombs):
            kind = None
            self.note(f"free turn: a Bombardier's bomb (FUMBBL's {action!r} action of p{pid}), "
                      "which this edition's free turn does not allow (Move, Blitz, Throw / Kick "
                      "Team-mate only: rulings.md 8)")
        elif action in UNMODELLED:
            self.note(f"free turn: {UNMODELLED[action]} (FUMBBL's {action!r} action of p{pid}) "
                      "is not replayed")
        elif kind is None:
            self.note(f"free turn: FUMBBL's {action!r} action of p{pid} is not read yet")
        self.current = _Activation(pid, {"player": f"p{pid}", "action": kind or action,
                                         "path": []}, read=kind is not None)
        if action == "hailMaryBomb":
            self.current.doc["hail_mary"] = True

    def close(self) -> None:
        """The current activation ends: kept if the player did anything."""
        a = self.current
        if a is None:
            return
        self.settle()
        if a.shadow_moved is not None or a.shadow_due is not None:
            self.note(f"free turn: a Shadowing move of p{a.shadow_moved or a.shadow_due} the "
                      "reader could not pair with its roll")
        if is_throw(a):
            throw_closed(self, a)
        if is_bomb(a):
            bomb_closed(self, a)
        if a.leap_rolls > len(a.doc.get("leap", ())):
            self.note(f"free turn: p{a.pid}'s Leap to an adjacent square (classic) is not read")
        if a.acted and a.read:
            doc = a.doc
            if a.choices:
                doc["reroll"] = a.written()
            if a.hungry:  # he failed Blood Lust and bit nobody (no 'bitten' injury read)
                doc.setdefault("bite", False)
            if not doc.get("after_block"):
                doc.pop("after_block", None)
            self.activations.append(doc)
        self.current = None

    def settle(self) -> None:
        """A failed test with no re-roll report after it: the coach used none (``false``)."""
        a = self.current
        if a is not None and a.failed is not None:
            a.choices.setdefault(a.failed, []).append(False)
            a.failed = None

    def change(self, ch: ModelChange, tr: GameTracker) -> None:
        """A model change of the free turn, before ``tr`` applies it: a throw's (the engine's
        to reproduce), else the one of :data:`FREE_TURN_CHANGES` for its id, if any."""
        if throw_change(self, self.current, ch, tr) or bomb_change(self.current, ch, tr):
            return  # a throw's or a bomb's target, or a throw's flight (the engine's)
        handler = FREE_TURN_CHANGES.get(ch.modelChangeId)
        if handler is not None:
            handler(self, ch, tr)

    def set_defender(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``gameSetDefenderId``: the player blocked (or thrown at, gazed...) next."""
        who = ch.modelChangeKey if ch.modelChangeKey is not None else ch.modelChangeValue
        if isinstance(who, str):
            self.defender = who

    def set_acting_player(self, ch: ModelChange, tr: GameTracker) -> None:
        """An ``actingPlayerSetPlayerId`` to nobody: the activation is over; the reports of the
        same command may still be his (FUMBBL's command keeps no order between its changes and
        its reports): closed at the next."""
        if ch.modelChangeValue is None and self.current is not None:
            self.current.phase = "over"

    def add_pushback_square(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``fieldModelAddPushbackSquare`` of the activation (see :meth:`pushback`)."""
        if self.current is not None and isinstance(ch.modelChangeValue, dict):
            self.pushback(self.current, ch.modelChangeValue)

    def set_coordinate(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``fieldModelSetPlayerCoordinate``: a shadower following, a player pushed, the
        actor's step (or a note: a move of nobody acting)."""
        key, a = ch.modelChangeKey, self.current
        if key is None:
            return
        sq = pitch_square(tr.pitch, log_square(ch.modelChangeValue))
        if sq is None or sq == tr.coords.get(key):
            return  # off the pitch (the crowd, a casualty) or no move
        if a is not None and a.phase == "move" and key != a.pid and sq == a.left:
            # a shadower following him into the square he left (its report before or after)
            if a.shadow_due == key:
                a.shadow_due = None
            else:
                a.shadow_moved = key
            return
        if a is None or a.phase == "over" or (key != a.pid and a.phase not in ("push", "after")):
            self.note(f"free turn: p{key} moved to {list(sq)} with no action FUMBBL "
                      "declared for him")
            return
        if key != a.pid:
            self.pushed_on(a, key, sq)
            return
        self.settle()
        a.acted = True
        self.actor_moved(a, sq, tr.coords.get(key))

    @staticmethod
    def actor_moved(a: _Activation, sq: tuple[int, int], before: tuple[int, int] | None
                    ) -> None:
        """The actor put on ``sq`` from ``before``: his follow-up, a move after his block, or a
        step of his path (a Leap's where two squares apart)."""
        if a.phase == "push" and sq == a.defender_square:
            a.doc["block"]["follow_up"] = True
            a.phase = "after"
        elif a.phase in ("push", "after"):
            a.phase = "after"
            a.doc.setdefault("after_block", []).append(list(sq))
        else:
            if before is not None and max(abs(sq[0] - before[0]), abs(sq[1] - before[1])) == 2:
                # two squares in one step: a Leap (its leapRoll follows in the reports)
                a.doc.setdefault("leap", []).append(len(a.doc["path"]))
            a.doc["path"].append(list(sq))
            a.left = before

    @staticmethod
    def pushback(a: _Activation, value: dict[str, Any]) -> None:
        """A ``fieldModelAddPushbackSquare``: the first ``selected`` one after a face is chosen
        is the block's ``push_to``."""
        sq = log_square(value.get("coordinate"))
        if a.phase == "push" and value.get("selected") and sq is not None:
            a.block(chosen=True).setdefault("push_to", list(sq))

    @staticmethod
    def pushed_on(a: _Activation, pid: str, sq: tuple[int, int]) -> None:
        """A player of the block's other than the actor put on ``sq``: the defender pushed back
        (the block's ``push_to``, read from its push-back square), or one pushed on in a chain
        push: the block's ``chain_push`` (the attacker's coach's choice, or his own with Side
        Step)."""
        if f"p{pid}" != a.doc.get("target"):
            a.block(chosen=True).setdefault("chain_push", {})[f"p{pid}"] = list(sq)

    def report(self, rep: Report, tr: GameTracker) -> None:
        """A report of the free turn. Raises ``ScenarioError`` naming the kick-off for a report
        of an unexpected shape."""
        rid, w = rep.reportId, self.where
        a = self.current
        if rid == "playerAction":
            r = report_model(PlayerActionReport, rep, w)
            self.declare(r.actingPlayerId, r.playerAction)
        elif rid == "reRoll":
            self.reroll(report_model(ReRollReport, rep, w))
        elif (rid in BOMB_REPORTS and is_bomb(a)) or is_bomb_report(rep):
            bomb_report(self, rid, rep, a)
        elif rid in TESTS:
            self.test_report(rid, rep, a)
        elif rid in THROW_REPORTS:
            throw_report(self, rid, rep, a)
        elif rid == "injury":
            self.settle()
            victim = (rep.model_extra or {}).get("defenderId")
            if (rep.model_extra or {}).get("injuryType") == "bitten":
                self.bite(a, victim)
            self.injury(rep)
        else:
            self.skill_report(rid, rep, a, tr)

    def test_report(self, rid: str, rep: Report, a: _Activation | None) -> None:
        """A test's roll (one of :data:`TESTS`): its die, and what it does to activation
        ``a`` (failed, a Leap, Foul Appearance, Hypnotic Gaze, Blood Lust)."""
        t = report_model(TestRollReport, rep, self.where)
        self.settle()
        if a is not None:
            a.acted = True
            a.loner_may_follow = False
        if t.confusionSkill is not None:
            self.confusion(t.confusionSkill)
        if t.roll:
            self.add("d6", t.roll)
        if rid == "catchRoll" and self.other_team(rep):
            return  # not the acting team's: the kick-off's catch_reroll
        if a is not None:
            self.test_effect(rid, t, a)

    def test_effect(self, rid: str, t: TestRollReport, a: _Activation) -> None:
        """What test ``rid``'s roll ``t`` does to activation ``a``: a Leap counted, a failure
        recorded (unless re-rolled), Foul Appearance, Hypnotic Gaze, Blood Lust's thirst."""
        if rid == "leapRoll" and not t.reRolled:
            a.leap_rolls += 1
        if not t.successful and not t.reRolled:
            a.failed = TESTS[rid]
        if rid == "foulAppearanceRoll":
            self.foul_appearance(a, t.successful)
        elif rid == "hypnoticGazeRoll":
            self.gaze(a)
        elif rid == "bloodLustRoll":
            a.hungry = not t.successful

    def skill_report(self, rid: str, rep: Report, a: _Activation | None,
                     tr: GameTracker) -> None:
        """A report neither a declaration, a re-roll, a test nor an injury: a skill's (Blood
        Lust, Tentacles, Shadowing, those not replayed), a Blitz's target, or the activation's
        block (:meth:`block_report`)."""
        if rid in ("biteSpectator", "playerEvent") and a is not None and a.hungry:
            pass  # classic's Vampire to the Reserves, bb2020+'s lost tackle zone: the engine's
        elif rid == "selectBlitzTarget":
            who = (rep.model_extra or {}).get("defenderId")
            if isinstance(who, str):
                self.defender = who
        elif rid == "tentaclesShadowingRoll" and a is not None and _skill_of(rep, "") in (
                "Tentacles", "Shadowing"):
            tentacles_or_shadowing(self, a, rep, tr, _skill_of(rep, ""))
        elif rid in UNMODELLED:
            self.note(f"free turn: {_skill_of(rep, UNMODELLED[rid])} is not replayed (FUMBBL's "
                      f"{rid!r} report)")
        elif a is None or rid in IGNORED:
            if rid not in IGNORED:
                self.note(f"free turn: FUMBBL's {rid!r} report between activations is not read")
        else:
            self.block_report(rid, rep, a, tr)

    def block_report(self, rid: str, rep: Report, a: _Activation, tr: GameTracker) -> None:
        """A report of activation ``a``'s block (the block, its dice, the face chosen), or a
        note that the report is not read yet."""
        w = self.where
        if rid == "block":
            self.settle()
            a.acted = True
            if a.doc["action"] != "blitz":
                self.note(f"free turn: a block during a {a.doc['action']!r} action is not read")
            a.doc.setdefault("target", f"p{report_model(BlockReport, rep, w).defenderId}")
            a.phase = "block"
        elif rid == "blockRoll":
            a.block_rolls += 1
            if a.block_rolls > 1 and a.phase == "block":
                self.note("free turn: a re-roll of the block dice other than a team re-roll, "
                          "which the engine lacks")
            self.add("block", *(BLOCK_DIE[face]
                                for face in report_model(BlockRollReport, rep, w).blockRoll))
        elif rid == "blockChoice":
            self.choose(a, report_model(BlockChoiceReport, rep, w), tr)
        else:
            self.note(f"free turn: FUMBBL's {rid!r} report is not read yet")

    def bite(self, a: _Activation | None, victim: object) -> None:
        """A Blood Lust bite (an ``injury`` report of type ``bitten``, FUMBBL's
        ``StepInitFeeding``): the Thrall the Vampire's coach chose (the activation's ``bite``);
        its armour and injury dice are the kick-off's own handler's."""
        if a is None or not a.hungry or not isinstance(victim, str):
            self.note("free turn: a Blood Lust bite of no failed Blood Lust roll the reader knows")
            return
        a.doc["bite"] = f"p{victim}"
        a.hungry = False

    def foul_appearance(self, a: _Activation, successful: bool) -> None:
        """A Foul Appearance roll of a Blitz (its die and re-roll read as a test's): the target
        is the defender FUMBBL set; failed, the block is wasted: classic's later steps are the
        move after it (``after_block``), bb2020+'s Blitz ends at its declaration."""
        if a.doc["action"] != "blitz" or self.defender is None:
            self.note("free turn: a Foul Appearance roll of no Blitz target the reader knows")
            return
        a.doc.setdefault("target", f"p{self.defender}")
        if not successful:
            a.phase = "after"

    def gaze(self, a: _Activation) -> None:
        """A Hypnotic Gaze roll (its die and re-roll read as a test's) at the end of a Move: its
        victim is the defender FUMBBL set (``gameSetDefenderId``); one the free turn's rules do
        not allow (bb2020+: Gaze is an action of its own) is named as unsupported."""
        if self.rules is not None and not self.rules.gaze:
            self.note("free turn: a Hypnotic Gaze, which this edition's free turn does not allow")
        elif a.doc["action"] != "move" or self.defender is None:
            self.note("free turn: a Hypnotic Gaze of no victim the reader knows")
        else:
            a.doc.setdefault("gaze", f"p{self.defender}")

    def confusion(self, fumbbl_skill: str) -> None:
        """A ``confusionRoll``: one the engine rolls (:data:`~kickoff.core.actions.confusion.
        CONFUSION`), or a note."""
        try:
            name = skill_name(fumbbl_skill, self.skills)
        except KeyError:
            name = fumbbl_skill
        if name not in CONFUSION:
            self.note(f"free turn: FUMBBL's {fumbbl_skill} roll, which the engine lacks")

    def reroll(self, r: ReRollReport) -> None:
        """A ``reRoll`` report: the choice for the test that just failed (or the block dice's
        re-roll, or a Loner roll of its own)."""
        a = self.current
        source = r.reRollSource
        choice = REROLL_SOURCES.get(source)
        if a is not None and a.phase == "block" and choice == "team":
            # the block dice, re-rolled before a face is chosen
            if source == "Loner" and r.roll:
                self.add("d6", r.roll)
            a.block(chosen=False)["reroll"] = "team"
            a.block_rolls = 0
        elif a is not None and a.failed is None and source == "Loner" and a.loner_may_follow:
            # the Loner roll of the team re-roll just read, in a report of its own
            if r.roll:
                self.add("d6", r.roll)
            a.loner_may_follow = False
        elif a is None or a.failed is None:
            self.note(f"free turn: a {source} re-roll of no test the reader knows")
        else:
            self.failed_reroll(a, a.failed, r, choice)
            a.failed = None

    def failed_reroll(self, a: _Activation, failed: str, r: ReRollReport, choice: str | None
                    ) -> None:
        """The re-roll ``choice`` of ``a``'s ``failed`` test, written as FUMBBL used it, or as
        none where the book forbids it (a ruling), or a note (a source not read yet)."""
        source = r.reRollSource
        if choice is None:
            self.note(f"free turn: a {source} re-roll of a {failed} roll is not read yet")
            return
        if source in ("Loner", "Pro") and r.roll:
            self.add("d6", r.roll)
        written: str | bool = choice
        if not self.allowed(choice, source):
            # the book forbids it here: written as no re-roll, the dice FUMBBL rolled left
            # as they are (the outcome then differs: a ruling)
            self.rulings.append(Ruling(
                f"free turn: FUMBBL lets p{a.pid} use a {source} re-roll in this free turn; "
                "the rules allow none there (rulings.md 8, actions.md)", REROLL_FIELDS))
            written = False
        a.choices.setdefault(failed, []).append(written)
        a.loner_may_follow = choice == "team" and source != "Loner"

    def allowed(self, choice: str | bool, source: str) -> bool:
        """Whether the free turn's rules allow a re-roll FUMBBL used: a team re-roll where team
        re-rolls are allowed, Dodge / Sure Feet / Pro where once-per-turn skills are (bb2020 /
        Sevens Blitz: neither)."""
        rules = self.rules
        if rules is None:
            return True
        if choice == "team":
            return rules.team_rerolls
        if rules.once_per_turn_skills_allowed:
            return True
        try:
            skill = skill_name(source, self.skills)
        except KeyError:  # a source that is no skill of the ruleset (Loner's team re-roll...)
            return True
        return skill not in self.once_per_turn

    def choose(self, a: _Activation, r: BlockChoiceReport, tr: GameTracker) -> None:
        """A ``blockChoice`` report: the face applied (the first block of the activation's
        ``block``, a Frenzy second block's ``block.frenzy``). Raises ``ScenarioError`` for a
        ``diceIndex`` beyond the dice."""
        if r.diceIndex >= len(r.blockRoll):
            raise ScenarioError([f"{self.where}: FUMBBL report 'blockChoice' chooses die "
                                 f"{r.diceIndex} of {r.blockRoll}"])
        face = BLOCK_DIE[r.blockRoll[r.diceIndex]]
        block = a.block(chosen=False)
        if "choose" not in block:
            block["choose"] = face
            if face in ("push", "stumble", "pow") and not a.block_choices:
                block["follow_up"] = False
        a.block_choices += 1
        a.defender_square = pitch_square(tr.pitch, tr.coords.get(r.defenderId))
        a.phase = "push" if face in ("push", "stumble", "pow") else "after"
        a.block_rolls = 0

    def finish(self) -> list[dict[str, Any]]:
        """The activations read, in order (the last one closed)."""
        self.close()
        return self.activations


#: The free turn's model changes read, by id (the others are the tracker's alone).
FREE_TURN_CHANGES: dict[str, Callable[[FreeTurnReader, ModelChange, GameTracker], None]] = {
    "gameSetDefenderId": FreeTurnReader.set_defender,
    "actingPlayerSetPlayerId": FreeTurnReader.set_acting_player,
    "fieldModelAddPushbackSquare": FreeTurnReader.add_pushback_square,
    "fieldModelSetPlayerCoordinate": FreeTurnReader.set_coordinate,
}


#: The skills that may re-roll a failed catch outside the catcher's own turn (classic Pro too).
CATCH_REROLL_SKILLS: frozenset[str] = frozenset({"catch", "monstrous_mouth", "pro"})


@dataclass
class CatchRerolls:
    """The re-roll choices of the catches made outside the catcher's own turn (the kick-off's,
    a receiving player's in the free turn; not a bomb's, the bomb's own), one per failed catch
    in order: ``"skill"`` when a
    ``reRoll`` report follows the failed ``catchRoll``, else ``False`` (FUMBBL's coach declined
    the re-roll its dialog offered), or ``None`` (the default) for a catcher with no skill that
    re-rolls a catch: the scenario's ``decisions.catch_reroll`` (``docs/actions.md``,
    "Re-rolls")."""

    #: whether a ``catchRoll`` report is a catch outside the catcher's own turn
    outside: Callable[[Report], bool]
    where: str
    #: the skills of each player, by FUMBBL's id
    skills: dict[str, frozenset[str]] = field(default_factory=dict)
    choices: list[str | bool | None] = field(default_factory=list)
    #: the failed catch just read, its choice unless a ``reRoll`` follows (at most one)
    pending: list[bool | None] = field(default_factory=list)

    def report(self, rep: Report) -> bool:
        """Read ``rep``: whether it is the ``reRoll`` of such a catch (then read here: its
        Pro D6, if any, is the caller's to add)."""
        rid = rep.reportId
        if self.pending:
            self.choices.append("skill" if rid == "reRoll" else self.pending[0])
            self.pending.clear()
            if rid == "reRoll":
                return True
        if rid == "catchRoll" and self.outside(rep) and not is_bomb_report(rep):
            t = report_model(TestRollReport, rep, self.where)
            if t.roll and not t.successful and not t.reRolled:
                pid = str((rep.model_extra or {}).get("playerId"))
                can = bool(self.skills.get(pid, frozenset()) & CATCH_REROLL_SKILLS)
                self.pending.append(False if can else None)
        return False

    def written(self) -> list[str | bool | None]:
        """``decisions.catch_reroll``: up to the last catch declined (``[]``: none was)."""
        choices = self.choices + self.pending
        while choices and choices[-1] is not False:
            choices.pop()
        return choices
