"""Write ``examples/replay_demo.json.gz``: a short game log in FUMBBL's replay shape, of the
project's own making (real games' replays are not ours to ship).

Two kick-offs of a made-up bb2020 game between the built-in teams (Reikland Reavers, home, and
the orcs, away) on the built-in set-ups:

1. half 1, home kicks: the ball deviates 2 squares east onto the deepest orc, Get the Ref, the orc
   catches it (D6 6);
2. half 2, away kicks: the ball deviates 3 squares west onto an empty square of the home half,
   Time-out, it bounces one square north and stays loose.

Only the keys ``kickoff fumbbl`` reads are written (``docs/fumbbl.md``, "What is read from
where"), in the shapes of FUMBBL's own replays: ``game`` (teams, rosters, options) and
``gameLog.commandArray`` (model changes and reports). Run from the repository root:
``python examples/make_replay.py``; the output is byte-for-byte the same each time.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from kickoff.core.pitch import Side
from kickoff.formats.match import build_match
from kickoff.formats.teams import load_team

OUT = Path(__file__).with_name("replay_demo.json.gz")
GAME_ID = 9000001
#: FUMBBL's player ids: ``<base><jersey number>``.
ID_BASE = {"home": 9100000, "away": 9200000}
#: FUMBBL's D8 (clockwise from north) and its direction names.
D8_NAME = {1: "North", 3: "East", 7: "West"}
_STANDING, _RESERVE = 1, 9


def _pid(player_id: str, side: Side) -> str:
    return str(ID_BASE[side] + int(player_id[1:]))


def _fumbbl_skill(name: str) -> str:
    return " ".join(w.capitalize() for w in name.split("_"))


def _team(match: Any, side: Side) -> dict[str, Any]:
    team = match.state.teams[side]
    _, file = load_team("human" if side == "home" else "orc", "bb2020")
    positions: dict[str, str] = {}
    player_docs = []
    for p in file.players:
        pos_id = positions.setdefault(p.position, f"{side}-{len(positions) + 1}")
        player_docs.append({
            "playerKind": "rosterPlayer", "playerId": str(ID_BASE[side] + p.number),
            "playerNr": p.number, "positionId": pos_id, "playerName": p.name,
            "playerType": "Regular", "movement": p.ma, "strength": p.st, "agility": p.ag,
            "passing": p.pa or 0, "armour": p.av,
            "skillArray": [_fumbbl_skill(s) for s in p.skills],
        })
    return {
        "teamId": str(ID_BASE[side]), "teamName": team.name, "coach": f"demo-{side}",
        "race": file.race, "reRolls": team.rerolls,
        "apothecaries": 0, "cheerleaders": team.cheerleaders,
        "assistantCoaches": team.assistant_coaches, "dedicatedFans": 0,
        "playerArray": player_docs,
        "roster": {"positionArray": [{"positionId": i, "positionName": n}
                                     for n, i in positions.items()]},
    }


def _change(cid: str, key: str | None, value: Any) -> dict[str, Any]:
    return {"modelChangeId": cid, "modelChangeKey": key, "modelChangeValue": value}


class _Log:
    def __init__(self) -> None:
        self.commands: list[dict[str, Any]] = []

    def add(self, changes: list[dict[str, Any]], reports: list[dict[str, Any]] = ()) -> None:  # type: ignore[assignment]
        self.commands.append({
            "netCommandId": "serverModelSync", "commandNr": len(self.commands) + 1,
            "modelChangeList": {"modelChangeArray": changes},
            "reportList": {"reports": list(reports)}, "sound": None,
        })


def _set_up(log: _Log, match: Any) -> None:
    """Every player of both teams on his square (standing), or in the Reserves."""
    changes = []
    for p in match.state.players.values():
        pid = _pid(p.id, p.side)
        on = p.square is not None
        changes.append(_change("fieldModelSetPlayerCoordinate", pid,
                               [p.square.x, p.square.y] if on else [-1, -1]))
        changes.append(_change("fieldModelSetPlayerState", pid, _STANDING if on else _RESERVE))
    log.add(changes)


def _kick(log: _Log, landing: tuple[int, int], fumbbl_d8: int, distance: int,
          event: str, roll: list[int], effect: list[dict[str, Any]] | None = None) -> None:
    log.add([_change("fieldModelSetBallCoordinate", None, list(landing)),
             _change("fieldModelSetBallMoving", None, True)],
            [{"reportId": "kickoffScatter", "ballCoordinateEnd": list(landing),
              "scatterDirection": D8_NAME[fumbbl_d8], "rollScatterDirection": fumbbl_d8,
              "rollScatterDistance": distance}])
    log.add(effect or [],
            [{"reportId": "kickoffResult", "kickoffResult": event, "kickoffRoll": roll}])


def _first_turn(log: _Log, receiving: Side, turn: int = 1) -> None:
    log.add([_change("gameSetHomePlaying", None, receiving == "home"),
             _change("turnDataSetTurnNr", receiving, turn),
             _change("gameSetLastTurnMode", None, "kickoff"),
             _change("gameSetTurnMode", None, "regular")])


def build() -> dict[str, Any]:
    """The replay document."""
    first = build_match("bb2020", None, None, None, None, "home")
    log = _Log()
    log.add([_change("gameSetHalf", None, 1), _change("gameSetHomePlaying", None, True),
             _change("gameSetTurnMode", None, "setup")],
            [{"reportId": "weather", "weather": "Nice Weather", "weatherRoll": [3, 4]}])
    _set_up(log, first)
    # Kick-off 1: home kicks; the ball deviates 2 squares east onto the deepest orc.
    catcher = max((p for p in first.state.players.values()
                   if p.side == "away" and p.square is not None), key=lambda p: p.square.x)
    landing = (catcher.square.x, catcher.square.y)
    _kick(log, landing, 3, 2, "Get the Ref", [1, 1])
    log.add([_change("fieldModelSetBallMoving", None, False)],
            [{"reportId": "catchRoll", "playerId": _pid(catcher.id, "away"), "successful": True,
              "roll": 6, "minimumRoll": 4, "reRolled": False,
              "rollModifiers": ["Inaccurate Pass, Deviated Ball or Scatter"], "bomb": False}])
    _first_turn(log, "away")
    # Half time: the away team kicks; everyone set up again.
    second = build_match("bb2020", None, None, None, None, "away")
    log.add([_change("gameSetHalf", None, 2), _change("gameSetHomePlaying", None, False),
             _change("turnDataSetTurnNr", "home", 0), _change("turnDataSetTurnNr", "away", 0),
             _change("fieldModelSetBallCoordinate", None, None),
             _change("gameSetTurnMode", None, "setup")])
    _set_up(log, second)
    # Kick-off 2: 3 squares west onto an empty square, a bounce one square north, loose.
    taken = {(p.square.x, p.square.y) for p in second.state.players.values() if p.square}
    landing = next((x, y) for x in range(6, 13) for y in range(5, 10)
                   if {(x, y), (x, y - 1)}.isdisjoint(taken)
                   and all((x + dx, y - 1 + dy) not in taken
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1)))
    # Time-out with the kicking team's marker on 0: both markers move on one
    _kick(log, landing, 7, 3, "Time-out", [1, 2], [_change("turnDataSetTurnNr", "away", 1),
                                                   _change("turnDataSetTurnNr", "home", 1)])
    log.add([_change("fieldModelSetBallCoordinate", None, [landing[0], landing[1] - 1]),
             _change("fieldModelSetBallMoving", None, False)],
            [{"reportId": "scatterBall", "directionArray": ["North"], "rolls": [1],
              "gustOfWind": False}])
    _first_turn(log, "home", 2)
    return {
        "game": {
            "gameId": GAME_ID, "half": 2, "homePlaying": True,
            "teamHome": _team(first, "home"), "teamAway": _team(first, "away"),
            "fieldModel": {"playerDataArray": []},
            "gameOptions": {"gameOptionArray": [
                {"gameOptionId": "rulesVersion", "gameOptionValue": "BB2020"},
                {"gameOptionId": "maxPlayersOnField", "gameOptionValue": "11"},
                {"gameOptionId": "minPlayersOnLos", "gameOptionValue": "3"},
                {"gameOptionId": "maxPlayersInWideZone", "gameOptionValue": "2"},
            ]},
        },
        "gameLog": {"commandArray": log.commands},
    }


def main() -> None:
    text = json.dumps(build(), indent=1, sort_keys=True) + "\n"
    OUT.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    print(OUT)


if __name__ == "__main__":
    main()
