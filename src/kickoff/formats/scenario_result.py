"""The ``kickoff-result/1`` document of a played kick-off or turn (``scenario-format.md``,
"Result"; its JSON Schema is :class:`kickoff.formats.scenario_models.ResultOut`)."""

from __future__ import annotations

from typing import Any

from kickoff.core.actions.turn import TurnResult
from kickoff.core.kickoff import KickoffResult
from kickoff.core.pitch import SIDES
from kickoff.core.rulesets import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.scenario_models import RESULT_FORMAT


def _weather_name(weather: str, rs: Ruleset) -> str:
    return rs.fine_weather_name if weather == "nice" else weather


def result_to_json(result: KickoffResult, ruleset: Ruleset, seed: int | None) -> dict[str, Any]:
    """The ``kickoff-result/1`` document for a kick-off (keys in the order of the spec)."""
    dev = result.deviation
    return _document(
        result.state, ruleset, seed,
        kick={
            "kicker": result.kicker,
            "target": None if result.target is None else result.target.as_list(),
            "deviation": None if dev is None else {
                "direction": dev.direction, "roll": dev.roll, "distance": dev.distance,
                "kick_skill": dev.kick_skill, "square": dev.square.as_list(),
            },
            "event": None if result.event is None else {
                "roll": list(result.event.roll), "name": result.event.name,
            },
            "touchback": result.touchback,
        },
        log=result.log,
    )


def turn_result_to_json(result: TurnResult, ruleset: Ruleset, seed: int | None) -> dict[str, Any]:
    """The ``kickoff-result/1`` document for a turn (``scenario-format.md``, "Actions"):
    ``kicking`` is the active team; ``kicker``, ``target``, ``deviation`` and ``event`` are
    ``null``, ``touchback`` false, and ``turnover`` is added."""
    return _document(
        result.state, ruleset, seed,
        kick={"kicker": None, "target": None, "deviation": None, "event": None,
              "touchback": False, "turnover": result.turnover},
        log=result.log,
    )


def _document(
    st: GameState, ruleset: Ruleset, seed: int | None, kick: dict[str, Any],
    log: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "format": RESULT_FORMAT,
        "ruleset": ruleset.name,
        "seed": seed,
        "kicking": st.kicking,
        **kick,
        "ball": {
            "square": None if st.ball is None else [st.ball[0], st.ball[1]],
            "carrier": st.carrier,
        },
        "weather": _weather_name(st.weather, ruleset),
        "teams": {
            side: {
                "turn": t.turn, "rerolls": t.rerolls, "drive_rerolls": t.drive_rerolls,
                "half_rerolls": t.half_rerolls, "bribes": t.bribes, "prayers": list(t.prayers),
                "block_assists": t.block_assists,
                "apothecaries": t.apothecaries,
                "leader_rerolls": t.leader_rerolls,
            }
            for side, t in ((s, st.teams[s]) for s in SIDES)
        },
        "players": {
            p.id: {
                "square": None if p.square is None else [p.square[0], p.square[1]],
                "status": p.status, "ma": p.ma, "av": p.av, "skills": sorted(p.skills),
            }
            for s in SIDES for p in st.teams[s].players
        },
        "log": log,
    }
