"""Recovering one kick-off from FUMBBL's log: at its ``kickoffScatter`` report a snapshot of the
game (players' squares and states, turn markers, re-rolls, weather, half, the kicking team), then
its reports and model changes until the first regular turn starts, read into the scripted dice, the
coaches' choices and notes; :mod:`.case` writes them as a case. See ``docs/fumbbl.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kickoff.core.errors import ScenarioError
from kickoff.core.events import PRAYERS
from kickoff.core.pitch import CORNER_D3, RANDOM_DIRECTION, SIDES, Side, other_side
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fumbbl import kickoff_move
from kickoff.formats.fumbbl.apothecary import CasualtyReader
from kickoff.formats.fumbbl.compare import BALL_FIELDS, DEFENCE_SWAP_FIELDS, Ruling
from kickoff.formats.fumbbl.free_turn import CatchRerolls, FreeTurnReader
from kickoff.formats.fumbbl.game import Game
from kickoff.formats.fumbbl.log import (
    CheeringFansWinners,
    ClassicPitchInvasionReport,
    ContestReport,
    CountReport,
    DodgySnackReport,
    InjuryReport,
    KickoffResultReport,
    KickoffScatterReport,
    ModelChange,
    OfficiousRefReport,
    PitchInvasionReport,
    ProReRollReport,
    Report,
    RiotReport,
    RollReport,
    ScatterBallReport,
    TestRollReport,
    ThrowARockReport,
    ThrowInReport,
    WeatherReport,
    read_d8,
    report_model,
)
from kickoff.formats.fumbbl.names import (
    EVENTS,
    FREE_TURN_MODES,
    FUMBBL_CORNER_RULE,
    FUMBBL_DIRECTIONS,
    translate_d8,
)
from kickoff.formats.fumbbl.prayers import prayer_effect
from kickoff.formats.fumbbl.throw import record_throw
from kickoff.formats.fumbbl.tracker import GameTracker, log_square, pitch_square


class KickoffBuilder:
    """Collects one kick-off: snapshot before, reports and model changes until a turn starts."""

    def __init__(self, game: Game, number: int, tr: GameTracker) -> None:
        self.game = game
        self.pitch = tr.pitch
        #: the game as the log builds it up (the same tracker all along)
        self.tracker = tr
        self.number = number
        self.where = f"{game.where}: kick-off {number}"
        self.kicking: Side = "home" if tr.home_playing else "away"
        self.receiving: Side = other_side(self.kicking)
        self.half = tr.half
        self.weather = tr.weather
        self.keep_players(tr)
        self.keep_teams(tr)
        self.dice: dict[str, list[int]] = {}
        self.notes: list[str] = []
        self.rulings: list[Ruling] = []
        self.event: str | None = None
        self.event_roll: list[int] | None = None
        self.deviation: dict[str, Any] = {}
        self.target: tuple[int, int] | None = None
        self.touchback_path = False
        self.kicker: str | None = None
        self.prayer: dict[str, str] = {}
        self.prayer_chosen: list[str] = []
        #: Bad Habits: the picks written before its first player, and its candidates then
        self.prayer_picks: tuple[int, int] = (0, 0)
        #: the players FUMBBL's apothecary patched up, in order (its apothecaryChoice reports)
        self.apothecary: list[str] = []
        self.casualties = CasualtyReader(game.ruleset, self.add, self.notes)
        self.mode = "kickoff"
        #: the kicking team's free turn, read once FUMBBL's turn mode is its own
        self.free_turn = FreeTurnReader(self.where, self.add, self.notes,
                                        lambda rep: self.injury(rep, rep.model_extra or {}),
                                        RULESETS[game.ruleset].skills, self.rulings)
        #: the re-roll choices of the catches outside the catcher's own turn (``catch_reroll``)
        self.catch_rerolls = self.catch_reader(game)
        self.start_play()
        self.done = False
        self.ref_hit: list[str] = []
        #: Throw a Rock's victims when both teams were hit, and their injury dice as read
        self.rock_victims: list[str] = []
        self.rock_dice: dict[str, list[int]] = {}
        self.ref_rolls: dict[str, int] = {}
        self.pending_prayer: str | None = None
        self.fans_winners: list[Side] = []

    def keep_players(self, tr: GameTracker) -> None:
        """The players at the kick, as the log built them up: squares, states, who is not in
        the game yet, prayers, trained skills, Special Play cards; and the turn markers."""
        self.coords = {pid: pitch_square(tr.pitch, c) for pid, c in tr.coords.items()}
        self.states = dict(tr.states)
        self.turn = dict(tr.turn)
        #: the turn markers once the kick-off's events were over (before its last command)
        self.turn_after = dict(tr.turn)
        #: players not in the game yet at the kick (a zombie raised later): in neither team
        self.absent = set(tr.absent)
        self.prayers = {s: list(tr.prayers[s]) for s in SIDES}
        self.player_prayers = {pid: list(v) for pid, v in tr.player_prayers.items() if v}
        self.trained = dict(tr.trained)
        self.player_cards = {pid: list(v) for pid, v in tr.player_cards.items() if v}

    def start_play(self) -> None:
        """What the kick-off's play leaves, as it is read, empty: the ball's path, the moves,
        the turn modes, the tests' minimum rolls."""
        self.ball_start: tuple[int, int] | None = None
        self.return_path: list[tuple[str, tuple[int, int]]] = []
        #: the kick-off move's last Dodge failed (a re-roll of it may follow)
        self.kickoff_move_failed = False
        self.diving_catch: list[str] = []
        self.dive_failed = False  # a Diving Catch player's catch roll failed (bb2025: a ruling)
        self.diver: str | None = None  # the Diving Catch player whose catch roll comes next
        self.turn_modes: list[str] = []
        self.moves: list[tuple[str, tuple[int, int]]] = []
        self.thrown_in = False
        #: the ball's squares in order until a touchback: the deviation's (the report's, on the
        #: pitch or not), then FUMBBL's ``fieldModelSetBallCoordinate`` (each scatter, bounce and
        #: throw-in) until it takes the ball off for a touchback (``docs/fumbbl.md``)
        self.ball_path: list[list[int]] = []
        self.ball_path_over = False
        #: each test's minimum roll in order, by kind (FUMBBL's ``catchRoll``, ``dodgeRoll``,
        #: ``goForItRoll``, ``pickUpRoll``; re-rolls left out) and each armour roll; a kind of
        #: which one report lacks its target is in ``untold`` (not compared)
        self.tests: dict[str, list[list[Any]]] = {}
        self.untold: set[str] = set()

    def keep_teams(self, tr: GameTracker) -> None:
        """Each team's markers at the kick, as the log built them up: re-rolls (the drive's and
        the Leader's), fan factor and fame, inducements, the banned coach, apothecaries, bribes."""
        self.rerolls = dict(tr.rerolls)
        #: each team's Leader re-roll at the kick (FUMBBL's ``LeaderState``; ``leader_rerolls``)
        self.leader_state = dict(tr.leader)
        #: the teams whose Leader re-roll FUMBBL used during the kick-off (a ``reRoll`` of
        #: source ``Leader``)
        self.leader_used: set[Side] = set()
        self.drive = {s: sum(tr.drive_rerolls[s].values()) for s in SIDES}
        self.fan_factor = dict(tr.fan_factor)
        self.fame = dict(tr.fame)
        self.inducements = {s: dict(tr.inducements[s]) for s in SIDES}
        self.coach_banned = dict(tr.coach_banned)
        self.apothecaries = dict(tr.apothecaries)
        self.bribes = dict(tr.bribes)

    def catch_reader(self, game: Game) -> CatchRerolls:
        """The reader of the catches outside the catcher's own turn: a receiving player's in
        the free turn (no test of the acting activation's), any at the kick-off."""
        sides = {p.pid: p.side for p in game.order}
        self.free_turn.other_team = lambda rep: sides.get(str(
            (rep.model_extra or {}).get("playerId"))) == self.receiving
        return CatchRerolls(lambda rep: not self.done and (
            self.mode not in FREE_TURN_MODES or self.free_turn.other_team(rep)), self.where,
            {p.pid: frozenset(p.doc.get("skills", ())) for p in game.order})

    # -- dice

    def add(self, kind: str, *values: int) -> None:
        self.dice.setdefault(kind, []).extend(values)

    def defence_substitutions(self, tr: GameTracker) -> None:
        """At the end of a Perfect / Solid Defence: FUMBBL's set-up (christerk/ffb
        ``UtilServerSetup.setupPlayer``, any box square allowed) lets the kicking coach swap
        players with the Reserves; the book sets up the same players again (``rulings.md`` 6):
        a ruling."""
        def on_pitch(coords: dict[str, tuple[int, int] | None]) -> set[str]:
            return {p.pid for p in self.game.order
                    if p.side == self.kicking and pitch_square(self.pitch, coords.get(p.pid)) is not None}

        if on_pitch(tr.coords) != on_pitch(self.coords):
            self.rulings.append(Ruling(
                f"{self.event}: FUMBBL lets the kicking coach swap players with the Reserves; "
                "the book sets up the same players again (rulings.md 6)",
                DEFENCE_SWAP_FIELDS))

    def throw_in_direction(self, r: ThrowInReport) -> tuple[str, int]:
        """The direction die of a throw-in: FUMBBL's D6 follows the template as
        ``pitch-and-dice.md`` numbers it; from a corner square, where the ruleset has the corner
        rule, a D3: FUMBBL rolls it in bb2025; its bb2020 has no corner rule and rolls the D6 of
        the end line, which is translated to the D3 giving the same direction, or else is a
        ruling."""
        start = self.ball_start
        rs = RULESETS[self.game.ruleset]
        corner = self.pitch.corner(start) if start is not None else None
        if corner is None or not rs.corner_rule:
            return "d6", r.directionRoll
        if self.game.ruleset in FUMBBL_CORNER_RULE:
            return "d3", r.directionRoll
        assert start is not None
        fumbbl = FUMBBL_DIRECTIONS.get(r.direction or "")
        step = RANDOM_DIRECTION[translate_d8(fumbbl)] if fumbbl else None
        sweep = CORNER_D3[corner]
        if step in sweep:
            return "d3", sweep.index(step) + 1
        self.rulings.append(Ruling(
            f"corner throw-in from {list(start)}: FUMBBL's {self.game.ruleset} has no corner "
            "rule (a D6 as from the end line); we roll the D3 (rulings.md 4)", BALL_FIELDS))
        return "d3", 1

    def use_kick(self, pid: str) -> None:
        """The kicker used the Kick skill (FUMBBL's ``skillUse`` ``halveKickoffScatter``): classic
        and bb2020 report it after the deviation, whose report gives the un-halved square; bb2025
        reports it before the roll, whose distance is then the D3."""
        if pid not in self.game.players:
            raise ScenarioError([f"{self.where}: FUMBBL's Kick skill user {pid!r} is no player "
                                 "of the game"])
        self.kicker = pid
        if self.deviation and self.target is not None:
            direction = self.deviation["direction"]
            dx, dy = RANDOM_DIRECTION[direction]
            dist = self.deviation["distance"] // 2
            if RULESETS[self.game.ruleset].kick_skill == "d3":
                # bb2025 with FUMBBL's game option askForKickAfterRoll: the D6 is halved
                # rounding up, which is the D3 the engine rolls (declared before: rulings.md 2.3)
                roll = self.deviation["distance"]
                dist = (roll + 1) // 2
                if roll not in self.dice.get("d6", []):  # FUMBBL reported the Kick twice
                    raise ScenarioError([f"{self.where}: FUMBBL reports the Kick skill used "
                                         "twice"])
                self.dice["d6"].remove(roll)
                self.add("d3", dist)
            self.deviation = {"direction": direction, "distance": dist,
                              "square": [self.target[0] + dx * dist, self.target[1] + dy * dist]}
            self.ball_path = [list(self.deviation["square"])]

    def contest_die(self, report_id: str) -> str:
        """The die both coaches roll for a contest report (classic: Cheering Fans and Brilliant
        Coaching roll a D3, ``rulings.md`` 6)."""
        rs = RULESETS[self.game.ruleset]
        spec = {"cheeringFans": rs.cheering_fans, "kickoffThrowARock": rs.throw_a_rock}.get(
            report_id,
            rs.cheering_fans if self.event == "cheering_fans" else rs.brilliant_coaching)
        return spec.die if spec is not None else "d6"

    def kicking_first(self, rep: ContestReport) -> tuple[int, int]:
        if self.kicking == "home":
            return rep.rollHome, rep.rollAway
        return rep.rollAway, rep.rollHome

    def side_of(self, pid: str) -> Side:
        """The team of a player FUMBBL's log names. Raises ``ScenarioError`` naming the kick-off
        for a player of neither team's roster."""
        info = self.game.players.get(pid)
        if info is None:
            raise ScenarioError([f"{self.where}: FUMBBL's log names player {pid[:64]!r}, who is "
                                 "in neither team's roster"])
        return info.side

    def candidates(self, side: Side) -> list[str]:
        """Players of ``side`` on the pitch at the kick, in input order (pick candidates)."""
        return [p.pid for p in self.game.order if p.side == side and self.coords.get(p.pid)]

    def add_picks(self, side: Side, chosen: Sequence[str], k: int | None = None) -> None:
        """The ``pick`` dice choosing ``chosen`` (in order) among ``side``'s players on the pitch."""
        remaining = self.candidates(side)
        if k is not None and k >= len(remaining):
            return  # everyone is chosen: nothing rolled (``pitch-and-dice.md``)
        for pid in chosen:
            if pid not in remaining:
                self.notes.append(f"random pick of {pid} not among the candidates")
                return
            if len(remaining) > 1:
                self.add("pick", remaining.index(pid) + 1)
            remaining.remove(pid)

    # -- reports: one handler a report kind (:data:`_REPORT_HANDLERS`)

    def report(self, rep: Report) -> None:
        """Read one report of the kick-off into dice, decisions and notes: one neither read
        nor known to change nothing (:data:`UNREAD_REPORTS`) is a note, and the kick-off can
        then only be ``unsupported``; a known one of an unexpected shape raises
        ``ScenarioError``. Its last command may hold the next turn's reports too: unread ones
        are no note there."""
        rid = rep.reportId
        self.record_test(rep)
        record_throw(self.tests, self.untold, rep, getattr(self.free_turn.current, "pid", None))
        if rid == "reRoll" and (rep.model_extra or {}).get("reRollSource") == "Leader":
            self.leader_used.add(self.side_of(str((rep.model_extra or {}).get("playerId"))))
        if self.catch_rerolls.report(rep) and self.mode in FREE_TURN_MODES:
            self.re_roll(rep, {})  # a receiving player's catch re-roll: its Pro D6, if any
            return
        if self.mode in FREE_TURN_MODES and rid not in _OUTSIDE_FREE_TURN:
            self.free_turn.report(rep, self.tracker)
            return
        handler = _REPORT_HANDLERS.get(rid)
        if handler is not None:
            handler(self, rep, rep.model_extra or {})
        elif rid not in UNREAD_REPORTS and not self.done:
            note = f"FUMBBL's {rid[:40]!r} report is not read"
            if note not in self.notes:
                self.notes.append(note)

    def record_test(self, rep: Report) -> None:
        """A test's minimum roll (its first roll, not a re-roll's) or an armour roll, for the
        strict comparison (``docs/fumbbl.md``, "What FUMBBL recorded")."""
        kind = TEST_REPORTS.get(rep.reportId)
        extra = rep.model_extra or {}
        if kind is not None:
            t = report_model(TestRollReport, rep, self.where)
            minimum = extra.get("minimumRoll")
            pid = f"p{extra.get('playerId')}"
            if kind == "catch" and pid == self.diver:  # his dive's roll, not a later catch
                self.dive_failed |= not t.successful
                self.diver = None
            if t.reRolled or not t.roll:
                return
            if not isinstance(minimum, int):
                self.untold.add(kind)
            self.tests.setdefault(kind, []).append(
                [pid, min(max(minimum, 2), 6) if minimum else None])
        elif rep.reportId == "injury":
            inj = report_model(InjuryReport, rep, self.where)
            broken = extra.get("armorBroken")
            if inj.armorRoll:
                if not isinstance(broken, bool):
                    self.untold.add("armour")
                self.tests.setdefault("armour", []).append(
                    [f"p{extra.get('defenderId')}", sum(inj.armorRoll), broken])

    def skill_use(self, rep: Report, extra: dict[str, Any]) -> None:
        """``skillUse``: a Diving Catch (``catchBall``) or the Kick skill (``halveKickoffScatter``)."""
        if not extra.get("used"):
            return
        if (extra.get("skillUse") == "catchBall"
                and str(extra.get("skill", "")).lower() == "diving catch"):
            self.diver = f"p{extra.get('playerId')}"
            self.diving_catch.append(self.diver)
        elif extra.get("skillUse") == "halveKickoffScatter":
            self.use_kick(str(extra.get("playerId")))

    def kickoff_scatter(self, rep: Report, extra: dict[str, Any]) -> None:
        r = report_model(KickoffScatterReport, rep, self.where)
        direction = read_d8(r.rollScatterDirection, r.scatterDirection, self.where)
        dx, dy = RANDOM_DIRECTION[direction]
        end = r.ballCoordinateEnd
        dist = r.rollScatterDistance
        self.target = (end[0] - dx * dist, end[1] - dy * dist)
        self.add("d8", direction)
        # bb2025: Kick is declared before the roll and the distance is a D3 (the report's)
        d3 = self.kicker is not None and RULESETS[self.game.ruleset].kick_skill == "d3"
        self.add("d3" if d3 else "d6", dist)
        self.deviation = {"direction": direction, "distance": dist, "square": list(end)}
        self.ball_path = [list(end)]

    def kickoff_result(self, rep: Report, extra: dict[str, Any]) -> None:
        r = report_model(KickoffResultReport, rep, self.where)
        name = EVENTS.get(r.kickoffResult)
        if name is None:
            raise ScenarioError([f"{self.where}: unknown FUMBBL kick-off result "
                                 f"{r.kickoffResult!r}"])
        self.event = name
        ruleset = RULESETS[self.game.ruleset]
        self.free_turn.rules = ruleset.free_turns.get(name)
        self.free_turn.once_per_turn = ruleset.actions.once_per_turn_skills
        self.free_turn.throw_rules = ruleset.actions.throw
        self.event_roll = list(r.kickoffRoll)
        self.add("d6", *(r.kickoffRoll or self.unrolled_event(name)))

    def unrolled_event(self, name: str) -> tuple[int, int]:
        """The two dice written for an event FUMBBL gave without a roll (its game option
        ``overtimeKickOffResults``, christerk/ffb ``StepKickoffResultRoll``: overtime's Blitz or
        Solid Defence): a pair the edition's table gives it for, and a ruling on the roll."""
        total = min(t for t, e in RULESETS[self.game.ruleset].kickoff_table.items()
                    if e.name == name)
        self.rulings.append(Ruling("overtime: FUMBBL's option overtimeKickOffResults gave the "
                                   "event unrolled; written as two dice giving it", ("event.roll",)))
        return (total // 2, total - total // 2)

    def contest(self, rep: Report, extra: dict[str, Any]) -> None:
        """``extraReRoll``, ``cheeringFans``, ``kickoffThrowARock``: both coaches' die."""
        rid = rep.reportId
        c = report_model(ContestReport, rep, self.where)
        self.add(self.contest_die(rid), *self.kicking_first(c))
        if rid == "kickoffThrowARock":
            hit = report_model(ThrowARockReport, rep, self.where).playerIdsHit
            for side in (self.kicking, self.receiving):
                self.add_picks(side, [p for p in hit if self.side_of(p) == side])
            if {self.side_of(p) for p in hit} == set(SIDES):
                self.rock_victims = list(hit)  # both teams hit: injuries in the engine's order
        if rid == "cheeringFans":
            # the winners as FUMBBL names them: bb2020 ``teamId``, bb2025
            # ``teamIdsAdditionalAssist``
            w = report_model(CheeringFansWinners, rep, self.where)
            ids = w.teamIdsAdditionalAssist or w.teamIds or ([w.teamId] if w.teamId else [])
            self.fans_winners = [side for side in SIDES if self.game.teams[side].teamId in ids]

    def riot(self, rep: Report, extra: dict[str, Any]) -> None:
        roll = report_model(RiotReport, rep, self.where).roll
        if roll:
            self.add("d6", roll)

    def injury(self, rep: Report, extra: dict[str, Any]) -> None:
        """``injury``: the armour and injury rolls as ``d6``s. Throw a Rock's, when both teams
        were hit, in the engine's order: FUMBBL reports the home team's victim first (christerk/ffb
        ``StepApplyKickoffResult.handleThrowARock``, every version), the engine rolls the kicking
        team's first; they are held until both are read."""
        inj = report_model(InjuryReport, rep, self.where)
        dice = [*(inj.armorRoll or []), *(inj.injuryRoll or [])]
        victim = str(extra.get("defenderId"))
        self.casualties.injury(victim, inj.casualtyRoll)
        if victim not in self.rock_victims or self.mode in FREE_TURN_MODES:
            self.add("d6", *dice)
            return
        self.rock_dice[victim] = dice
        if len(self.rock_dice) == len(self.rock_victims):
            self.flush_rock()

    def flush_rock(self) -> None:
        """Throw a Rock's injury dice held (:meth:`injury`), the kicking team's victim's first."""
        for pid in sorted(self.rock_dice, key=lambda p: self.side_of(p) != self.kicking):
            self.add("d6", *self.rock_dice[pid])
        self.rock_victims, self.rock_dice = [], {}

    def officious_ref(self, rep: Report, extra: dict[str, Any]) -> None:
        """``kickoffOfficiousRef``, bb2025 ``kickoffDodgySnack`` (its victims: ``playerIds``)."""
        r = report_model(OfficiousRefReport, rep, self.where)
        if rep.reportId == "kickoffDodgySnack":
            r.playerIdsHit = report_model(DodgySnackReport, rep, self.where).playerIds
        self.add("d6", *self.kicking_first(r))
        self.ref_hit = r.playerIdsHit
        for side in (self.kicking, self.receiving):
            self.add_picks(side, [p for p in r.playerIdsHit if self.side_of(p) == side])
        self.ref_rolls = {}

    def ref_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        """``officiousRefRoll`` / ``dodgySnackRoll``: written once every victim has rolled,
        the kicking team's first."""
        r = report_model(RollReport, rep, self.where)
        if r.playerId is not None:
            self.ref_rolls[r.playerId] = r.roll
            hit = self.ref_hit
            if all(p in self.ref_rolls for p in hit):
                ordered = sorted(hit, key=lambda p: self.side_of(p) != self.kicking)
                self.add("d6", *(self.ref_rolls[p] for p in ordered))

    def pitch_invasion(self, rep: Report, extra: dict[str, Any]) -> None:
        """``kickoffPitchInvasion``: classic's D6 per roster player, or the later contest."""
        if "rollsHome" in extra:
            classic = report_model(ClassicPitchInvasionReport, rep, self.where)
            rolls = {"home": classic.rollsHome, "away": classic.rollsAway}
            for side in (self.kicking, self.receiving):
                team = self.game.teams[side].playerArray
                for i, roll in enumerate(rolls[side]):
                    if i < len(team) and self.coords.get(team[i].playerId) and roll:
                        self.add("d6", roll)
            return
        r = report_model(PitchInvasionReport, rep, self.where)
        self.add("d6", *self.kicking_first(r))
        # ``amount`` counts the players hit on both teams; the D3 is what each losing team
        # lost (FUMBBL rolls it whatever the result)
        invaded = {side: [p for p in r.playerIds if self.side_of(p) == side] for side in SIDES}
        amount = max(len(v) for v in invaded.values())
        if amount == 0 or amount > 3:
            self.notes.append(f"pitch invasion: the D3 cannot be read from {r.playerIds}")
        self.add("d3", min(max(amount, 1), 3))
        for side in (self.kicking, self.receiving):
            if invaded[side]:
                self.add_picks(side, invaded[side], amount)

    def prayer_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        roll = report_model(RollReport, rep, self.where).roll
        self.add("d8" if self.game.prayer_die == 8 else "d16", roll)
        if 1 <= roll <= len(PRAYERS):
            self.pending_prayer = PRAYERS[roll - 1]

    def count_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        """``solidDefenceRoll``, ``quickSnapRoll``, ``blitzRoll``: the count D3."""
        self.add("d3", report_model(CountReport, rep, self.where).roll)

    def d6_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        """``catchRoll``, ``regenerationRoll``: one D6."""
        self.add("d6", report_model(RollReport, rep, self.where).roll)

    def weather_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        self.add("d6", *report_model(WeatherReport, rep, self.where).weatherRoll)

    def scatter_ball(self, rep: Report, extra: dict[str, Any]) -> None:
        r = report_model(ScatterBallReport, rep, self.where)
        names: list[str | None] = list(r.directionArray) + [None] * len(r.rolls)
        d8s = [read_d8(roll, name, self.where)
               for roll, name in zip(r.rolls, names, strict=False)]
        self.add("d8", *d8s)

    def throw_in(self, rep: Report, extra: dict[str, Any]) -> None:
        r = report_model(ThrowInReport, rep, self.where)
        self.thrown_in = True
        self.add(*self.throw_in_direction(r))
        self.add("d6", *r.distanceRoll)

    def player_event(self, rep: Report, extra: dict[str, Any]) -> None:
        if self.pending_prayer and extra.get("playerId"):
            prayer_effect(self, str(extra["playerId"]), str(extra.get("message") or ""))

    def re_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        r = report_model(ProReRollReport, rep, self.where)
        if self.mode == "kickoffReturn":
            kickoff_move.re_roll(self, r)
            return
        if r.reRollSource == "Pro" and r.roll:
            self.add("d6", r.roll)  # classic Pro: its own D6 before the re-roll

    def trapdoor(self, rep: Report, extra: dict[str, Any]) -> None:
        """``trapDoor``: a player stepped onto a Treacherous Trapdoor (bb2020 / bb2025 Quick Snap
        or kick-off move, christerk/ffb ``StepTrapDoor``); the engine has no trapdoors."""
        text = "Treacherous Trapdoor: FUMBBL rolled for a trapdoor; the engine has no trapdoors"
        if text not in self.notes:
            self.notes.append(text)

    def kickoff_move_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        """A test in the kick-off move (:func:`kickoff.formats.fumbbl.kickoff_move.roll`)."""
        if self.mode == "kickoffReturn":
            kickoff_move.roll(self, rep)

    def apothecary_choice(self, rep: Report, extra: dict[str, Any]) -> None:
        """``apothecaryChoice``: the player patched up (``fumbbl_apothecary``)."""
        if extra.get("playerId"):
            self.casualties.choice(str(extra["playerId"]))
            if (pid := f"p{extra['playerId']}") not in self.apothecary:
                self.apothecary.append(pid)

    def apothecary_roll(self, rep: Report, extra: dict[str, Any]) -> None:
        if extra.get("casualtyRoll"):  # the apothecary's second Casualty roll
            self.casualties.second_roll(str(extra.get("playerId")), extra["casualtyRoll"])

    def leader(self, rep: Report, extra: dict[str, Any]) -> None:
        """``leader``: FUMBBL's Leader re-roll (christerk/ffb ``mechanic/*/StateMechanic
        .updateLeaderReRollsForTeam``: one more team re-roll while a Leader is on the pitch, from
        the moment a turn, a free turn included, starts with him there). Given during the
        kick-off, it is read as the team's Leader re-roll at the kick (``leader_rerolls``): no
        team re-roll may be used before the free turn (``docs/fumbbl.md``). One
        taken back (the Leader left the pitch) is a note. The kick-off's last command (the next
        turn starting) is not the kick-off's."""
        if self.done:
            return
        team = extra.get("teamId")
        sides = [s for s in SIDES if self.game.teams[s].teamId == team]
        state = str(extra.get("leaderState", "")).lower()
        if sides and state == "available":
            self.rerolls[sides[0]] += 1
            self.leader_state[sides[0]] = state
        elif sides:
            self.notes.append(f"Leader: FUMBBL's {sides[0]} Leader re-roll became {state!r}; the "
                              "engine has no Leader")

    def turn_end(self, rep: Report, extra: dict[str, Any]) -> None:
        self.done = True

    def out_of_play(self, sq: Sequence[int]) -> bool:
        """Off the pitch or in the kicking team's half (a touchback, ``rulings.md`` 2.6)."""
        return not self.pitch.in_receiving_area(self.receiving, (sq[0], sq[1]))

    # -- model changes during the kick-off

    def change(self, ch: ModelChange, tr: GameTracker) -> None:
        """Read one model change of the kick-off (before ``tr`` applies it): the free turn's,
        else the one of :data:`_CHANGE_HANDLERS` for its id (the turn modes, the players FUMBBL
        moved, the ball's path)."""
        if self.mode in FREE_TURN_MODES and ch.modelChangeId != "gameSetTurnMode":
            self.free_turn.change(ch, tr)
            return
        handler = _CHANGE_HANDLERS.get(ch.modelChangeId)
        if handler is not None:
            handler(self, ch, tr)

    def turn_mode(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``gameSetTurnMode``: the kick-off's end, or its next mode (after a Solid / Perfect
        Defence, its substitutions read)."""
        mode = ch.modelChangeValue
        if not isinstance(mode, str):
            return
        if mode in ("regular", "setup", "endGame"):
            self.done = True
            return
        if self.mode in ("perfectDefence", "solidDefence"):
            self.defence_substitutions(tr)
        self.turn_modes.append(mode)
        self.mode = mode

    def player_moved(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``fieldModelSetPlayerCoordinate`` onto the pitch: a Swarming note, a Kick-off
        Return's step, else a move (bb2025 Solid / Perfect Defence: back from the dugout too)."""
        key = ch.modelChangeKey
        if key is None:
            return
        before = pitch_square(self.pitch, tr.coords.get(key))
        after = pitch_square(self.pitch, log_square(ch.modelChangeValue))
        if after is None or before == after:
            return
        if self.mode == "swarming":
            if not any("Swarming" in n for n in self.notes):
                self.notes.append("Swarming: players entered the pitch after the kick; the "
                                  "engine has no Swarming")
        elif self.mode == "kickoffReturn":
            kickoff_move.step(self, key, after)
        else:
            self.moves.append((key, after))

    def ball_moved(self, ch: ModelChange, tr: GameTracker) -> None:
        """A ``fieldModelSetBallCoordinate``: the ball's path after the deviation; a scatter or
        bounce leaving the pitch or entering the kicking half is a touchback (until a
        throw-in, which cannot be one)."""
        sq = log_square(ch.modelChangeValue)
        if sq is None or self.mode == "touchback":
            self.ball_path_over = self.ball_path_over or bool(self.ball_path)
        elif self.ball_path and not self.ball_path_over and self.ball_path[-1] != list(sq):
            self.ball_path.append([sq[0], sq[1]])
        if sq is not None and self.deviation and not self.thrown_in and self.out_of_play(sq):
            self.touchback_path = True


#: The kick-off's model changes read outside its free turn, by id.
_CHANGE_HANDLERS: dict[str, Callable[[KickoffBuilder, ModelChange, GameTracker], None]] = {
    "gameSetTurnMode": KickoffBuilder.turn_mode,
    "fieldModelSetPlayerCoordinate": KickoffBuilder.player_moved,
    "fieldModelSetBallCoordinate": KickoffBuilder.ball_moved}


#: FUMBBL's test reports, by our name of the test (the engine's ``what``,
#: :func:`kickoff.formats.fumbbl.compare.observed`)
TEST_REPORTS: dict[str, str] = {"catchRoll": "catch", "dodgeRoll": "dodge",
                                "goForItRoll": "rush", "pickUpRoll": "pickup", "leapRoll": "leap",
                                "rightStuffRoll": "landing"}

#: Reports a kick-off may hold that change nothing the engine plays, left unread: the kick-off
#: move's declaration (``playerAction``: its squares are read), the Time-out's (its turn markers
#: are read from the model changes), the counts of players bb2020 / bb2025 Quick Snap and
#: Solid Defence moved, messages (``event``, ``timeoutEnforced``), the extra re-rolls of an
#: earlier drive lost (their model changes are read), a prayer with no effect (``prayerWasted``:
#: FUMBBL changes nothing; the engine's prayer is compared, its dice are FUMBBL's).
UNREAD_REPORTS: frozenset[str] = frozenset({
    "playerAction", "kickoffTimeout", "kickoffSequenceActivationsCount",
    "kickoffSequenceActivationsExhausted", "event", "timeoutEnforced",
    "pumpUpTheCrowdReRollLost", "showStarReRollLost", "prayerWasted"})

#: Reports of a free turn that the kick-off's own handlers read: its count (bb2020 / bb2025,
#: reported once the turn mode is already ``blitz``), apothecaries, Regeneration, Leader.
_OUTSIDE_FREE_TURN: frozenset[str] = frozenset({
    "blitzRoll", "apothecaryChoice", "apothecaryRoll", "regenerationRoll", "leader"})

_Handler = Callable[[KickoffBuilder, Report, dict[str, Any]], None]

#: The reports a kick-off reads, by FUMBBL report id (``docs/fumbbl.md``, "Dice").
_REPORT_HANDLERS: dict[str, _Handler] = {
    "skillUse": KickoffBuilder.skill_use,
    "kickoffScatter": KickoffBuilder.kickoff_scatter,
    "kickoffResult": KickoffBuilder.kickoff_result,
    "extraReRoll": KickoffBuilder.contest,
    "cheeringFans": KickoffBuilder.contest,
    "kickoffThrowARock": KickoffBuilder.contest,
    "kickoffRiot": KickoffBuilder.riot,
    "injury": KickoffBuilder.injury,
    "kickoffOfficiousRef": KickoffBuilder.officious_ref,
    "kickoffDodgySnack": KickoffBuilder.officious_ref,
    "officiousRefRoll": KickoffBuilder.ref_roll,
    "dodgySnackRoll": KickoffBuilder.ref_roll,
    "kickoffPitchInvasion": KickoffBuilder.pitch_invasion,
    "prayerRoll": KickoffBuilder.prayer_roll,
    "solidDefenceRoll": KickoffBuilder.count_roll,
    "quickSnapRoll": KickoffBuilder.count_roll,
    "blitzRoll": KickoffBuilder.count_roll,
    "weather": KickoffBuilder.weather_roll,
    "scatterBall": KickoffBuilder.scatter_ball,
    "throwIn": KickoffBuilder.throw_in,
    "catchRoll": KickoffBuilder.d6_roll,
    "regenerationRoll": KickoffBuilder.d6_roll,
    "playerEvent": KickoffBuilder.player_event,
    "reRoll": KickoffBuilder.re_roll,
    "dodgeRoll": KickoffBuilder.kickoff_move_roll,
    "trapDoor": KickoffBuilder.trapdoor,
    "jumpRoll": KickoffBuilder.kickoff_move_roll,
    "leapRoll": KickoffBuilder.kickoff_move_roll,
    "apothecaryChoice": KickoffBuilder.apothecary_choice,
    "apothecaryRoll": KickoffBuilder.apothecary_roll,
    "turnEnd": KickoffBuilder.turn_end,
    "leader": KickoffBuilder.leader,
}
