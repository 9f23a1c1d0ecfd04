"""Writing a recovered kick-off as a case ``{"about", "source", "scenario", "expect"}``: the
teams as they stood at the kick, the coaches' decisions read from the log, and what FUMBBL recorded
once it was over (``docs/fumbbl.md``, "Decisions recovered", "What FUMBBL recorded")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kickoff.core.pitch import SIDES, Side
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fields import printable_name
from kickoff.formats.fumbbl.compare import BALL_FIELDS, REROLL_FIELDS, TEST_KINDS, Ruling
from kickoff.formats.fumbbl.kickoff import KickoffBuilder
from kickoff.formats.fumbbl.names import (
    BANNED_COACH_RULES,
    BANNED_COACH_SINCE,
    CARD_PLAYER_EFFECTS,
    MOVING,
    PRAYER_PLAYER_EFFECTS,
    RESERVE,
    STANDING,
    player_status,
    skill_name,
)
from kickoff.formats.fumbbl.tracker import GameTracker, pitch_square
from kickoff.formats.scenario import SCENARIO_FORMAT, DecisionsIn


@dataclass
class ExtractedKickoff:
    """One kick-off of a replay.

    ``case`` is ``{"about", "source", "scenario", "expect"}``: the scenario document and what
    FUMBBL recorded (``expect``: dotted paths of the result document -> values). ``notes`` lists
    what the extractor could not recover (the scenario may then not reproduce FUMBBL's outcome);
    ``rulings`` lists the project's rulings that differ from FUMBBL's on this kick-off;
    ``pending`` holds the decisions recovered from the log that the engine does not take yet
    (:func:`engine_decisions`; none today).
    """

    number: int
    half: int
    kicking: Side
    case: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    pending: dict[str, Any] = field(default_factory=dict)

    @property
    def scenario(self) -> dict[str, Any]:
        """The ``kickoff-scenario/1`` document."""
        scenario: dict[str, Any] = self.case["scenario"]
        return scenario

    @property
    def expect(self) -> dict[str, Any]:
        """FUMBBL's outcome: dotted result paths -> values."""
        expect: dict[str, Any] = self.case["expect"]
        return expect


def engine_decisions(decisions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(known, pending)``: the recovered decisions the scenario format takes (``DecisionsIn``'s
    keys), and those it does not take yet: a key recovered from FUMBBL's log before the engine
    plays it waits there until ``DecisionsIn`` has it (none does today)."""
    fields = DecisionsIn.model_fields
    known = {k: v for k, v in decisions.items() if k in fields}
    return known, {k: v for k, v in decisions.items() if k not in fields}


def teams_doc(ko: KickoffBuilder) -> dict[str, Any]:
    """Both teams of the scenario as they stood at the kick."""
    teams: dict[str, Any] = {}
    for side in SIDES:
        teams[side] = _team_doc(ko, side, _players_at_kick(ko, side))
        _banned_coach(ko, side, teams[side])
    return teams


def _players_at_kick(ko: KickoffBuilder, side: Side) -> list[dict[str, Any]]:
    """``side``'s players in the game at the kick: their documents, squares and statuses."""
    players = []
    for p in ko.game.order:
        if p.side != side or p.pid in ko.absent:
            continue
        sq = ko.coords.get(p.pid)
        doc = prayed_for(ko, p.pid, dict(p.doc))
        doc["square"] = list(sq) if sq else None
        doc["status"] = player_status(sq, ko.states.get(p.pid, RESERVE))
        players.append(doc)
    return players


def _team_doc(ko: KickoffBuilder, side: Side, players: list[dict[str, Any]]) -> dict[str, Any]:
    """``side``'s team document at the kick: its markers, inducements, prayers, re-rolls."""
    t = ko.game.teams[side]
    team: dict[str, Any] = {
        "name": printable_name(f"{t.teamName} ({t.race})" if t.race else t.teamName),
        "turn": ko.turn[side],
        "rerolls": ko.rerolls[side],
        "bribes": ko.bribes[side],
        "cheerleaders": t.cheerleaders + ko.inducements[side].get("tempCheerleader", 0),
        "assistant_coaches": (t.assistantCoaches
                              + ko.inducements[side].get("partTimeCoach", 0)),
        "fan_factor": ko.fan_factor[side],
        "fame": ko.fame[side],
        "apothecaries": ko.apothecaries[side],
        "players": players,
    }
    if ko.prayers[side] and ko.game.ruleset == "bb2020":
        team["prayers"] = list(ko.prayers[side])
    if ko.drive[side]:
        team["drive_rerolls"] = ko.drive[side]
    if (ko.leader_state[side] == "available" and ko.rerolls[side] > ko.drive[side]
            and any("leader" in p.get("skills", ()) for p in players)):
        team["leader_rerolls"] = 1  # one of its re-rolls, FUMBBL's count included
    return team


def _banned_coach(ko: KickoffBuilder, side: Side, team: dict[str, Any]) -> None:
    """A head coach sent off at a Brilliant Coaching: one assistant coach fewer in ``team``, or
    a note when it has none."""
    game = ko.game
    if (ko.coach_banned[side] and ko.event == "brilliant_coaching"
            and game.ruleset in BANNED_COACH_RULES
            and not (game.ruleset == "classic" and game.started
                     and game.started < BANNED_COACH_SINCE)):
        # a head coach sent off for arguing the call: -1 to Brilliant Coaching (bb2020 Argue
        # the Call; classic as FUMBBL since 2019, the LRB6 book having no Argue the Call),
        # the only roll assistant coaches count for
        if team["assistant_coaches"] > 0:
            team["assistant_coaches"] -= 1
        else:
            ko.notes.append(f"brilliant coaching: the {side} coach was sent off "
                            "(-1), which the engine cannot take")


def prayed_for(ko: KickoffBuilder, pid: str, doc: dict[str, Any]) -> dict[str, Any]:
    """A player's scenario document with what earlier prayers changed (FUMBBL's
    ``fieldModelAddPrayer``: bb2020 Stiletto's Stab, Greasy Cleats' -1 MA, ...; and
    ``fieldModelAddIntensiveTraining``'s skill, bb2020 and bb2025), as the engine applies them."""
    return player_doc(ko, pid, doc, ko.player_prayers.get(pid, []), ko.trained.get(pid),
                      ko.player_cards.get(pid, []))


def player_doc(ko: KickoffBuilder, pid: str, doc: dict[str, Any], prayers: list[str],
               trained: str | None, cards: list[str]) -> dict[str, Any]:
    """``doc`` (a roster player's) with ``prayers``, the Intensive Training skill ``trained``
    (FUMBBL's name) and the Special Play ``cards`` on him (Kicking Boots:
    :data:`~kickoff.formats.fumbbl.names.CARD_PLAYER_EFFECTS`) applied."""
    skills = list(doc.get("skills", []))
    for card in cards:
        gained, ma = CARD_PLAYER_EFFECTS.get(card, ((), 0))
        skills += [s for s in gained if s not in skills]
        doc["ma"] = max(1, doc["ma"] + ma)
    for prayer in prayers if ko.game.ruleset == "bb2020" else []:
        effect = PRAYER_PLAYER_EFFECTS.get(prayer)
        if effect is None:
            continue
        what, change = effect
        if what == "ma":
            doc["ma"] = max(1, doc["ma"] + change)
        elif what == "av":
            doc["av"] = min(11, doc["av"] + change)
        elif what not in skills:
            skills.append(what)
    if trained is not None:
        try:
            skill = skill_name(trained, RULESETS[ko.game.ruleset].skills)
        except KeyError:
            note = f"intensive training: FUMBBL's skill {trained!r} of p{pid} is unknown"
            if note not in ko.notes:
                ko.notes.append(note)
        else:
            if skill not in skills:
                skills.append(skill)
    doc["skills"] = skills
    return doc


def recovered_decisions(ko: KickoffBuilder) -> dict[str, Any]:
    """The coaches' decisions read from the kick-off: the Kick skill, the prayer's player,
    the players FUMBBL moved (High Kick, Quick Snap, Perfect / Solid Defence, Kick-Off
    Return / On the Ball), Diving Catches and apothecaries (the touchback's taker is added
    by :func:`kickoff_case`)."""
    decisions: dict[str, Any] = {}
    if ko.kicker is not None:
        decisions["use_kick_skill"] = True
    if ko.prayer:
        decisions["prayer"] = dict(ko.prayer)
    _event_moves(ko, decisions)
    if ko.event in ("blitz", "charge"):
        activations = ko.free_turn.finish()
        if activations:
            decisions[ko.event] = activations
    if ko.return_path:
        _return_move(ko, decisions)
    if ko.diving_catch:
        decisions["diving_catch"] = list(ko.diving_catch)
    elif any("diving_catch" in p.doc.get("skills", ()) for p in ko.game.order
             if p.pid not in ko.absent):
        # FUMBBL asks each coach (DECLARE_DIVING_CATCH) and logs only a dive made: none made,
        # nobody attempts (the engine's default has every player allowed attempt)
        decisions["diving_catch"] = []
    if ko.apothecary:
        decisions["apothecary"] = list(ko.apothecary)
    declined = ko.catch_rerolls.written()
    if declined:
        decisions["catch_reroll"] = declined
    return decisions


def _event_moves(ko: KickoffBuilder, decisions: dict[str, Any]) -> None:
    """The players FUMBBL moved at the Kick-off event (High Kick's player, Quick Snap's
    receivers, Perfect / Solid Defence's kicking team) into ``decisions``."""
    moved_receivers = _moved_receivers(ko)
    if ko.event == "high_kick":
        if moved_receivers:
            decisions["high_kick"] = f"p{moved_receivers[-1][0]}"
    elif ko.event == "quick_snap":
        qs = [{"player": f"p{pid}", "to": list(to)} for pid, to in moved_receivers]
        if qs:
            decisions["quick_snap"] = qs
    elif ko.event in ("solid_defence", "perfect_defence"):
        final = {pid: to for pid, to in ko.moves if ko.side_of(pid) == ko.kicking}
        moved = [{"player": f"p{pid}", "to": list(to)} for pid, to in final.items()
                 if ko.coords.get(pid) != to]
        if moved:
            decisions[ko.event] = moved


def _moved_receivers(ko: KickoffBuilder) -> list[tuple[str, tuple[int, int]]]:
    """The receiving players FUMBBL moved, each with his last square."""
    # a receiving player FUMBBL moved twice (its set-up lets the coach change his mind)
    # counts with his last square, in the order of the last moves; back home, not at all
    last: dict[str, tuple[int, int]] = {}
    for pid, to in ko.moves:
        if ko.side_of(pid) == ko.receiving:
            last.pop(pid, None)
            last[pid] = to
    return [(pid, to) for pid, to in last.items() if ko.coords.get(pid) != to]


def _return_move(ko: KickoffBuilder, decisions: dict[str, Any]) -> None:
    """The Kick-Off Return (classic) or On the Ball move FUMBBL played, into ``decisions``."""
    pid = ko.return_path[0][0]
    key = "kick_off_return" if ko.game.ruleset == "classic" else "on_the_ball"
    decisions[key] = {"player": f"p{pid}",
                      "path": [list(sq) for p, sq in ko.return_path if p == pid]}

def outcome(ko: KickoffBuilder, tr: GameTracker, carrier: str | None) -> dict[str, Any]:
    """What FUMBBL recorded once the kick-off was over, everything its log determines (the strict
    comparison, ``docs/fumbbl.md``, "What FUMBBL recorded"): the kicker who used Kick, the ball's
    path, each test's minimum roll, every player's square, status, MA, AV and skills, every team's
    turn marker, re-rolls, bribes, apothecaries, prayers and block assists, the weather, the
    ball."""
    expect: dict[str, Any] = {}
    if ko.kicker is not None:
        expect["kicker"] = f"p{ko.kicker}"
    expect["ball.path"] = list(ko.ball_path)
    for kind in TEST_KINDS:
        if kind not in ko.untold:  # where the log gives every target of the kind
            expect[f"tests.{kind}"] = list(ko.tests.get(kind, []))
    expect |= _players_outcome(ko, tr)
    expect |= _teams_outcome(ko, tr)
    expect["weather"] = ko.game.weather_name(tr.weather)
    expect["ball.square"] = list(tr.ball) if tr.ball is not None else None
    expect["ball.carrier"] = carrier
    return expect


def _players_outcome(ko: KickoffBuilder, tr: GameTracker) -> dict[str, Any]:
    """Every player's square, status, MA, AV and skills once the kick-off was over (those not
    in the game at the kick left out)."""
    expect: dict[str, Any] = {}
    for p in ko.game.order:
        if p.pid in ko.absent:
            continue  # not in the game at the kick (one who joined during it is a note)
        after_sq = pitch_square(ko.pitch, tr.coords.get(p.pid))
        expect[f"players.p{p.pid}.square"] = list(after_sq) if after_sq is not None else None
        expect[f"players.p{p.pid}.status"] = player_status(after_sq,
                                                           tr.states.get(p.pid, RESERVE))
        doc = player_doc(ko, p.pid, dict(p.doc), tr.player_prayers.get(p.pid, []),
                         tr.trained.get(p.pid), tr.player_cards.get(p.pid, []))
        expect[f"players.p{p.pid}.ma"] = doc["ma"]
        expect[f"players.p{p.pid}.av"] = doc["av"]
        expect[f"players.p{p.pid}.skills"] = sorted(doc["skills"])
    return expect


def _teams_outcome(ko: KickoffBuilder, tr: GameTracker) -> dict[str, Any]:
    """Every team's turn marker, re-rolls, bribes, apothecaries, block assists and prayers
    once the kick-off was over."""
    expect: dict[str, Any] = {}
    rs = RULESETS[ko.game.ruleset]
    prayer = ko.pending_prayer if (ko.event == "cheering_fans"
                                   and rs.cheering_fans_effect == "prayer") else None
    assists = ko.event == "cheering_fans" and rs.cheering_fans_effect == "block_assist"
    for side in SIDES:
        # the turn markers once the kick-off's events were over (Time-out and Riot move them,
        # rulings.md 6)
        expect[f"teams.{side}.turn"] = ko.turn_after[side]
        expect[f"teams.{side}.rerolls"] = tr.rerolls[side]
        expect[f"teams.{side}.drive_rerolls"] = sum(tr.drive_rerolls[side].values())
        expect[f"teams.{side}.bribes"] = tr.bribes[side]
        expect[f"teams.{side}.apothecaries"] = tr.apothecaries[side]
        expect[f"teams.{side}.block_assists"] = int(assists and side in ko.fans_winners)
        held = list(tr.prayers[side]) if rs.name == "bb2020" else []
        if prayer and side in ko.fans_winners and prayer not in held:
            held.append(prayer)  # the one prayed for (christerk/ffb PrayerHandler adds it)
        expect[f"teams.{side}.prayers"] = held
    return expect


def _able_to_take(ko: KickoffBuilder, tr: GameTracker) -> bool:
    """Whether a receiving player could take a touchback once the kick-off was over: on the
    pitch, Standing, able to hold the ball (``rulings.md`` 2.6: not No Hands, not Ball & Chain)."""
    for p in ko.game.order:
        if p.side != ko.receiving or pitch_square(ko.pitch, tr.coords.get(p.pid)) is None:
            continue
        if (tr.states.get(p.pid, 0) & 0xFF) in (STANDING, MOVING) and not (
                {"no_hands", "ball_and_chain"} & set(p.doc.get("skills", []))):
            return True
    return False


#: bb2025, a Diving Catch player's catch failed: FUMBBL's bb2025 ``StepCatchScatterThrowIn``
#: keeps bb2020's FAQ (the next diver tries, then the ball scatters from the landing square),
#: the engine the 2025 catch rule (the ball bounces from the diver's square, which ends the
#: attempts). It may explain the ball, the catches and pick-ups, and a touchback.
DIVE_RULING = Ruling(
    "bb2025 failed Diving Catch: FUMBBL bounces the ball from the landing square and lets the "
    "other divers try (bb2020's FAQ); the 2025 catch rule bounces it from the diver's square "
    "(rulings.md, Diving Catch)", (*BALL_FIELDS, "touchback"))


#: FUMBBL's ``clawDoesNotStack`` other than the edition's book (``fumbbl.game.claw_off_book``)
#: and an armour roll in a kick-off with a Claw(s) player: whether Mighty Blow counts towards
#: Claw's 8 may turn that roll, and with it the players, the ball, the tests that follow and
#: the re-rolls and apothecaries then spent.
CLAW_RULING = Ruling(
    "Claw(s): FUMBBL's game option clawDoesNotStack plays Mighty Blow towards Claw's 8 otherwise "
    "than the edition's book (rulings.md, Claw / Claws)",
    (*REROLL_FIELDS, "teams.home.apothecaries", "teams.away.apothecaries"))


def _clawed(ko: KickoffBuilder) -> bool:
    """Whether a player in the game has Claw (classic) or Claws (bb2020, bb2025)."""
    return any({"claw", "claws"} & set(p.doc.get("skills", ())) for p in ko.game.order)


def _rulings_met(ko: KickoffBuilder) -> None:
    """The rulings the whole kick-off meets, into ``ko.rulings``: the classic throw-in distance,
    a bb2025 failed Diving Catch, FUMBBL's Claw(s) option off the book."""
    ruleset = ko.game.ruleset
    if ko.thrown_in and ruleset == "classic":
        ko.rulings.append(Ruling(
            "throw-in distance: FUMBBL's classic code counts 2D6 - 1 squares; we count 2D6 from "
            "the start square (rulings.md 4)", BALL_FIELDS))
    if ko.dive_failed and ruleset == "bb2025":
        ko.rulings.append(DIVE_RULING)
    if ko.game.claw_off_book and ko.tests.get("armour") and _clawed(ko):
        ko.rulings.append(CLAW_RULING)


def kickoff_case(ko: KickoffBuilder, tr: GameTracker) -> ExtractedKickoff:
    """The kick-off as a case, ``tr`` being the game once it was over."""
    game = ko.game
    ko.flush_rock()  # a Throw a Rock victim with no injury report: the other's dice as read
    teams = teams_doc(ko)
    expect = _event_expect(ko)
    touchback = (ko.touchback_path or "touchback" in ko.turn_modes
                 or bool(ko.deviation and ko.out_of_play(ko.deviation["square"])))
    expect["touchback"] = touchback
    decisions = recovered_decisions(ko)
    ball = tr.ball
    carrier = _carrier(tr)
    if touchback:
        _touchback_taker(ko, tr, carrier, decisions)
    expect |= outcome(ko, tr, carrier)
    for side in SIDES:
        # the Leader re-roll the team had at the kick, unless FUMBBL used it (the engine spends
        # the drive's and the half's first: FUMBBL's order)
        expect[f"teams.{side}.leader_rerolls"] = int(
            bool(teams[side].get("leader_rerolls")) and side not in ko.leader_used)
    _rulings_met(ko)
    decisions, pending = engine_decisions(decisions)
    names = {s: teams[s]["name"] for s in SIDES}
    about = (f"{names[ko.kicking]} kick to {names[ko.receiving]}: "
             f"{(ko.event or 'no event').replace('_', ' ')}, ball "
             + (f"held by {carrier}" if carrier else
                f"loose on {list(ball)}" if ball else "not on the pitch")
             + (" after a touchback" if touchback else ""))
    case = {
        "about": about,
        "source": f"FUMBBL game {game.game_id}, kick-off {ko.number} (half {ko.half})",
        "scenario": _scenario(ko, teams, decisions),
        "expect": expect,
    }
    return ExtractedKickoff(ko.number, ko.half, ko.kicking, case, ko.notes,
                            ko.rulings, pending)


def _event_expect(ko: KickoffBuilder) -> dict[str, Any]:
    """The expected Kick-off event (name, roll) and the kick's deviation, as FUMBBL played
    them."""
    expect: dict[str, Any] = {}
    if ko.event is not None:
        expect["event.name"] = ko.event
        expect["event.roll"] = ko.event_roll
    if ko.deviation:
        expect["deviation.direction"] = ko.deviation["direction"]
        expect["deviation.distance"] = ko.deviation["distance"]
        expect["deviation.square"] = ko.deviation["square"]
    return expect


def _carrier(tr: GameTracker) -> str | None:
    """The player (``p<id>``) Standing on the ball at rest once the kick-off was over, if any."""
    ball = tr.ball
    carrier: str | None = None
    if ball is not None and not tr.ball_moving:
        for pid, sq in tr.coords.items():
            if sq == ball and (tr.states.get(pid, 0) & 0xFF) in (STANDING, MOVING):
                carrier = f"p{pid}"
    return carrier


def _touchback_taker(ko: KickoffBuilder, tr: GameTracker, carrier: str | None,
                     decisions: dict[str, Any]) -> None:
    """After a touchback, the taker into ``decisions["touchback"]``: the carrier, or (bb2025,
    nobody able to take it) the square FUMBBL's coach put the ball on; otherwise a ruling."""
    ball = tr.ball
    if carrier is not None:
        decisions["touchback"] = carrier
    elif ball is not None and not ko.out_of_play(ball) and not _able_to_take(ko, tr):
        # nobody could take it: FUMBBL lets the coach put the ball on any square (christerk/ffb
        # TouchbackLogicModule, StepTouchback: no player, no bounce). bb2025's coach names an
        # empty square of the receiving area (rulings.md 2.6): that square; the others' book
        # has a Prone or Stunned player named and the ball bounce from him: a ruling
        sq = pitch_square(ko.pitch, ball)
        if ko.game.ruleset == "bb2025" and sq is not None:
            decisions["touchback"] = list(sq)
        else:
            ko.rulings.append(Ruling(
                "touchback: nobody could take the ball and FUMBBL let the coach place it on any "
                "square; the book has a Prone or Stunned player named and the ball bounce from "
                "him (rulings.md 2.6)", BALL_FIELDS))


def _scenario(ko: KickoffBuilder, teams: dict[str, Any],
              decisions: dict[str, Any]) -> dict[str, Any]:
    """The case's scenario: the set-up before the kick-off, its dice and the decisions."""
    game = ko.game
    return {
        "format": SCENARIO_FORMAT,
        "ruleset": game.ruleset,
        "house_rules": [],
        "options": {} if game.prayer_die is None else {"prayer_die": game.prayer_die},
        "weather": game.weather_name(ko.weather),
        # overtime (FUMBBL's half 3) as half 2: the format knows two halves, and nothing in
        # a kick-off depends on which
        "half": min(ko.half, 2),
        "kicking": ko.kicking,
        "teams": teams,
        "kick": ({"target": list(ko.target)} if ko.target else {}) | (
            {"kicker": f"p{ko.kicker}"} if ko.kicker else {}),
        "dice": {k: v for k, v in ko.dice.items() if v},
        "seed": None,
        "decisions": decisions,
    }
