"""FUMBBL replays: every kick-off of a game as a ``kickoff-scenario/1`` case.

A FUMBBL replay (gzipped JSON as FUMBBL serves it, or plain JSON: :mod:`.log`) holds the
game as it stood at the end and the whole game log. The extractor replays the log's model changes
from the start of the game (:mod:`.tracker`), and at each ``kickoffScatter`` report starts
recovering a kick-off (:mod:`.kickoff`) until the first regular turn starts. Each kick-off
becomes one case, in the shape of the shared cases: ``{"about", "source", "scenario", "expect"}``;
``expect`` maps dotted paths of the ``kickoff-result/1`` document to the values FUMBBL recorded
(compared by :mod:`.compare`). See ``docs/fumbbl.md``.

Every problem with the file (missing, truncated gzip, not JSON, JSON of the wrong shape, a skill or
report the extractor cannot translate) raises :class:`~kickoff.core.errors.ScenarioError` with a
message naming the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from kickoff.core.pitch import SIDES, Side
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fumbbl.case import ExtractedKickoff, kickoff_case
from kickoff.formats.fumbbl.game import Game, read_game
from kickoff.formats.fumbbl.kickoff import KickoffBuilder
from kickoff.formats.fumbbl.log import Command, Replay, Report, read_replay
from kickoff.formats.fumbbl.names import EVENTS, RESERVE, WEATHERS
from kickoff.formats.fumbbl.tracker import GameTracker, pitch_square


def initial_tracker(replay: Replay, game: Game) -> GameTracker:
    """The game before its first command: players start in the Reserves; one the log never
    changes keeps the state and square the game ended with (e.g. one missing the game)."""
    changed: set[str] = set()
    for cmd in replay.gameLog.commandArray:
        for ch in cmd.modelChangeList.modelChangeArray:
            if ch.modelChangeId in ("fieldModelSetPlayerState",
                                    "fieldModelSetPlayerCoordinate") and ch.modelChangeKey:
                changed.add(ch.modelChangeKey)
    final = {d.playerId: d for d in replay.game.fieldModel.playerDataArray}
    coords: dict[str, tuple[int, int] | None] = {}
    states: dict[str, int] = {}
    for pid in game.players:
        if pid not in changed and pid in final:
            coords[pid] = final[pid].playerCoordinate
            states[pid] = final[pid].playerState
        else:
            coords[pid] = None
            states[pid] = RESERVE
    tr = GameTracker(RULESETS[game.ruleset].pitch, coords, states)
    for side, team in game.teams.items():
        tr.rerolls[side] = team.reRolls
        tr.fan_factor[side] = team.dedicatedFans
    tr.bribes = bought_bribes(replay, game)
    added = (added_player(cmd) for cmd in replay.gameLog.commandArray)
    tr.absent = {pid for pid in added if pid is not None}
    return tr


def added_player(cmd: Command) -> str | None:
    """The player a ``serverAddPlayer`` command brings into the game (christerk/ffb
    ``UtilServerGame.sendAddPlayer``: Star Players and mercenaries before the kick-off, Raise the
    Dead's zombies, ids ending ``R1``, during the game), else ``None``."""
    player = cmd.player
    if cmd.netCommandId != "serverAddPlayer" or not isinstance(player, dict):
        return None
    pid = player.get("playerId")
    return pid if isinstance(pid, str) else None


def _is_get_the_ref(rep: Report) -> bool:
    return (rep.reportId == "kickoffResult"
            and EVENTS.get(str((rep.model_extra or {}).get("kickoffResult"))) == "get_the_ref")


def bought_bribes(replay: Replay, game: Game) -> dict[Side, int]:
    """Each team's bribes before the game: the last ``bribes`` value its log gives, less one for
    each Get the Ref. The log's ``inducementSetAddInducement`` values are the game's last, not
    those of their moment (FUMBBL logs the one inducement object it goes on changing: a Get the
    Ref's change already counts the bribes used after it), so they are read once; the bribes
    given and used are counted as they come (:func:`count_bribes`)."""
    last = {"home": 0, "away": 0}
    refs = 0
    for cmd in replay.gameLog.commandArray:
        for ch in cmd.modelChangeList.modelChangeArray:
            v = ch.modelChangeValue
            if (ch.modelChangeId == "inducementSetAddInducement" and ch.modelChangeKey in last
                    and isinstance(v, dict) and v.get("inducementType") == "bribes"
                    and isinstance(v.get("value"), int)):
                last[ch.modelChangeKey] = v["value"]
        refs += sum(_is_get_the_ref(rep) for rep in cmd.reportList.reports)
    return {"home": max(0, last["home"] - refs), "away": max(0, last["away"] - refs)}


def count_bribes(tr: GameTracker, game: Game, reports: Iterable[Report]) -> None:
    """The bribes a command's reports give (Get the Ref: one a team, christerk/ffb
    ``StepApplyKickoffResult.handleGetTheRef``) and use (``bribesRoll``: one of its player's
    team, whatever the roll)."""
    for rep in reports:
        if _is_get_the_ref(rep):
            for side in SIDES:
                tr.bribes[side] += 1
        elif rep.reportId == "bribesRoll":
            info = game.players.get(str((rep.model_extra or {}).get("playerId")))
            if info is not None and tr.bribes[info.side] > 0:
                tr.bribes[info.side] -= 1


def track_leader(tr: GameTracker, game: Game, reports: Iterable[Report]) -> None:
    """Each team's Leader re-roll as FUMBBL's reports change it (christerk/ffb ``StateMechanic
    .updateLeaderReRollsForTeam``, ``RollMechanic.useReRoll``, ``resetLeaderState``): a
    ``leader`` report gives its state, a ``reRoll`` of source ``Leader`` uses it, a new half
    (not extra time) takes it back to ``none``."""
    for rep in reports:
        extra = rep.model_extra or {}
        if rep.reportId == "leader":
            for side in SIDES:
                if game.teams[side].teamId == extra.get("teamId"):
                    tr.leader[side] = str(extra.get("leaderState", "none")).lower()
        elif rep.reportId == "reRoll" and extra.get("reRollSource") == "Leader":
            info = game.players.get(str(extra.get("playerId")))
            if info is not None:
                tr.leader[info.side] = "used"
        elif rep.reportId == "startHalf" and int(extra.get("half") or 1) <= 2:
            tr.leader = {"home": "none", "away": "none"}


#: FUMBBL's bb2025 Swarming (christerk/ffb ``generator/bb2025/Kickoff``: ``SWARMING`` before
#: ``KICKOFF``, ``StepSwarming``) places D3 Reserve Linemen beyond the set-up's eleven before the
#: kick: a set-up the engine, which has no Swarming, refuses.
SWARMED_BEFORE_KICK = ("Swarming: players entered the pitch before the kick (bb2025); the engine "
                       "has no Swarming")


def extract_replay(replay: Replay, where: str = "replay") -> list[ExtractedKickoff]:
    """Every kick-off of ``replay``, in game order (``where`` names the source in messages):
    the log walked once, a case built at each kick-off.

    Raises ``ScenarioError`` for a rules version, skill or report the extractor cannot translate.
    """
    game = read_game(replay, where)
    tr = initial_tracker(replay, game)
    out: list[ExtractedKickoff] = []
    builder: KickoffBuilder | None = None
    pending_kick: str | None = None
    swarmed = False  # bb2025 Swarming, rolled between the set-up and the kick
    for cmd in replay.gameLog.commandArray:
        reports = cmd.reportList.reports
        _joined(cmd, tr, game, builder)
        if builder is None and any(r.reportId == "kickoffScatter" for r in reports):
            builder = _kickoff_builder(game, len(out) + 1, tr, pending_kick, swarmed)
            pending_kick, swarmed = None, False
        elif builder is None:
            pending_kick, swarmed = _before_kick(reports, pending_kick, swarmed)
        if builder is not None:
            if _kickoff_command(builder, cmd, tr, game):
                out.append(kickoff_case(builder, tr))
                builder = None
                for ch in cmd.modelChangeList.modelChangeArray:
                    tr.apply(ch)
            continue
        for ch in cmd.modelChangeList.modelChangeArray:
            swarmed = swarmed or (ch.modelChangeId == "gameSetTurnMode"
                                  and ch.modelChangeValue == "swarming")
            tr.apply(ch)
        count_bribes(tr, game, reports)
        track_leader(tr, game, reports)
        for rep in reports:
            _weather(rep, tr)
    if builder is not None:
        out.append(kickoff_case(builder, tr))
    return out


def _joined(cmd: Command, tr: GameTracker, game: Game, builder: KickoffBuilder | None) -> None:
    """A player brought into the game by ``cmd`` (Raise the Dead) is no longer absent; during
    a kick-off, noted (the engine's teams are those at the kick)."""
    joined = added_player(cmd)
    if joined is not None and joined in tr.absent:
        tr.absent.discard(joined)
        if builder is not None and joined in game.players:
            builder.notes.append(f"p{joined} joined the game during the kick-off (Raise the "
                                 "Dead): the engine's teams are those at the kick")


def _kickoff_builder(game: Game, number: int, tr: GameTracker, pending_kick: str | None,
                     swarmed: bool) -> KickoffBuilder:
    """The reader of kick-off ``number``, starting at its ``kickoffScatter``: the kicker named
    before it (``pending_kick``), and a note if Swarming was rolled."""
    builder = KickoffBuilder(game, number, tr)
    if pending_kick is not None:
        builder.use_kick(pending_kick)
    if swarmed:
        builder.notes.append(SWARMED_BEFORE_KICK)
    return builder


def _before_kick(reports: list[Report], pending_kick: str | None,
                 swarmed: bool) -> tuple[str | None, bool]:
    """Between kick-offs: the kicker a Kick skill use names (``halveKickoffScatter``) and
    whether Swarming was rolled, as ``reports`` leave them."""
    for rep in reports:
        extra = rep.model_extra or {}
        if (rep.reportId == "skillUse" and extra.get("used")
                and extra.get("skillUse") == "halveKickoffScatter"):
            pending_kick = str(extra.get("playerId"))
        elif rep.reportId == "swarmingPlayersRoll":
            swarmed = True
    return pending_kick, swarmed


def _kickoff_command(builder: KickoffBuilder, cmd: Command, tr: GameTracker, game: Game) -> bool:
    """One command of the kick-off ``builder`` reads: its model changes (up to the one that
    ends the kick-off, applied to ``tr``) and its reports. Whether the kick-off is over."""
    reports = cmd.reportList.reports
    builder.ball_start = pitch_square(tr.pitch, tr.ball)
    # the turn markers before this command: the last one's are the receiving team's
    # turn starting (FUMBBL moves its marker on in the command that ends the kick-off)
    builder.turn_after = dict(tr.turn)
    for ch in cmd.modelChangeList.modelChangeArray:
        builder.change(ch, tr)
        if builder.done:
            break
        tr.apply(ch)
    count_bribes(tr, game, reports)
    track_leader(tr, game, reports)
    for rep in reports:
        builder.report(rep)
        _weather(rep, tr)
    return builder.done


def _weather(rep: Report, tr: GameTracker) -> None:
    """A ``weather`` report's weather into ``tr`` (unknown ones leave it as it was)."""
    if rep.reportId == "weather":
        tr.weather = WEATHERS.get(str(rep.model_dump().get("weather")), tr.weather)


def extract_kickoffs(path: str | Path) -> list[ExtractedKickoff]:
    """Read the FUMBBL replay at ``path`` (gzipped or plain JSON) and extract every kick-off.

    Raises ``ScenarioError`` naming the file for any problem (see
    :func:`~kickoff.formats.fumbbl.log.read_replay`).
    """
    return extract_replay(read_replay(path), str(path))


def game_id(path: str | Path, kickoffs: Iterable[ExtractedKickoff]) -> str:
    """The game id for file names: from the cases' source line, else the file's stem."""
    for k in kickoffs:
        src = str(k.case.get("source", ""))
        if src.startswith("FUMBBL game "):
            return src.split()[2].rstrip(",")
    return Path(path).name.split(".")[0]
