"""``GET /api/catalogue``'s answer: what the page offers (rulesets and their pitches, built-in
teams and set-ups, weathers, objectives, and the odds' defaults), read once from the engine and
the built-in files."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from kickoff import __version__
from kickoff.analysis.targets import HIGHER_IS_BETTER, OBJECTIVES
from kickoff.core.pitch import SIDES, Pitch
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import WEATHERS
from kickoff.defaults import DEFAULT_SETUPS, DEFAULT_TEAMS
from kickoff.formats.teams import builtin_names, load_setup, load_team
from kickoff.web.models import OddsRequest


def odds_defaults() -> dict[str, Any]:
    """What ``POST /api/odds`` plays when a field is left out, read from its model (whose
    defaults are :mod:`kickoff.defaults`'): ``events``, ``kick_skill`` (``None``: the kicker
    uses Kick when he has it), ``play``. The page's controls start at these (issue 26)."""
    fields = OddsRequest.model_fields
    return {name: fields[name].default for name in ("events", "kick_skill", "play")}


def _pitch(p: Pitch) -> dict[str, Any]:
    return {
        "name": p.name, "width": p.width, "height": p.height, "wide": p.wide,
        "los": p.los, "setup_zone": {s: list(p.setup_zone[s]) for s in SIDES},
        "centre": {s: p.centre[s].as_list() for s in SIDES},
        "receiving_area": {s: [sq.as_list() for sq in p.squares() if p.in_receiving_area(s, sq)]
                           for s in SIDES},
    }


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    """Rulesets (with their pitch), built-in teams and set-ups, weathers, objectives, and the
    odds' defaults (``defaults``: :func:`odds_defaults`)."""
    families = sorted({rs.family for rs in RULESETS.values()})
    pitches = {rs.pitch.name: rs.pitch for rs in RULESETS.values()}
    teams: dict[str, list[dict[str, Any]]] = {}
    for family in families:
        teams[family] = []
        for name in builtin_names("teams", family):
            _, t = load_team(name, family)
            teams[family].append({"name": name, "title": t.name, "race": t.race})
    setups: dict[str, list[dict[str, Any]]] = {}
    for pitch_name, pitch in pitches.items():
        setups[pitch_name] = []
        for name in builtin_names("setups", pitch_name):
            _, s = load_setup(name, pitch)
            setups[pitch_name].append({"name": name, "title": s.name, "kind": s.kind,
                                       "description": s.description})
    return {
        "version": __version__,
        "rulesets": {
            name: {"family": rs.family, "pitch": rs.pitch.name, "max_players": rs.max_players,
                   "fine_weather": rs.fine_weather_name,
                   "default_teams": list(DEFAULT_TEAMS[rs.family])}
            for name, rs in RULESETS.items()
        },
        "pitches": {name: _pitch(p) for name, p in pitches.items()},
        "default_setups": {name: {"defence": d, "offence": o}
                           for name, (d, o) in DEFAULT_SETUPS.items()},
        "teams": teams,
        "setups": setups,
        "weathers": list(WEATHERS),
        "objectives": [{"name": o, "higher_is_better": HIGHER_IS_BETTER[o]} for o in OBJECTIVES],
        "defaults": odds_defaults(),
    }
