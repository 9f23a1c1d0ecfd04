"""Set-up routes: ``POST /api/match``, ``/api/validate``, ``/api/setup/import`` and
``/api/setup/export``. An illegal set-up is answered with its problems, not refused: listing
them is these routes' job (``docs/web.md``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.problems import Problem, ProblemJSON
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import Weather
from kickoff.formats.files import file_stem
from kickoff.formats.fumbbl import setup as fumbbl_setup
from kickoff.formats.match import match_scenario, scenario_setup, with_setup
from kickoff.formats.scenario import replay_loaded
from kickoff.formats.teams import builtin_names, setup_to_toml
from kickoff.web import compute
from kickoff.web.checks import BadInput, in_field, problems_of, scenario_text, setup_scenario
from kickoff.web.limits import AppLimits, Limits
from kickoff.web.models import (
    MatchRequest,
    ScenarioAnswer,
    SetupExportRequest,
    SetupImportRequest,
    Validation,
    WithScenario,
)

#: ``/api/setup/import``'s formats: the names ``/api/setup/export`` gives them, and the short ones.
IMPORT_FORMATS: dict[str, fumbbl_setup.FumbblFormat] = {
    "fumbbl-xml": "xml", "fumbbl-json": "json", "xml": "xml", "json": "json"}

router = APIRouter(tags=["set-up"])


def _problems(doc: dict[str, Any], lim: Limits) -> list[ProblemJSON]:
    """Every problem of a scenario (``[]``: legal), as ``kickoff validate`` lists them: checked
    and played as ``replay`` would play it, so that a decision that is illegal when its moment
    comes (a High Kick player of the kicking team) is one too."""
    try:
        replay_loaded(compute.load(scenario_text(doc, lim)))
    except KickoffError as e:
        return [p.as_json() for p in problems_of(e)]
    return []


@router.post("/api/match", response_model=ScenarioAnswer)
def match(body: MatchRequest, lim: AppLimits) -> dict[str, Any]:
    """A scenario of two built-in teams on built-in set-ups (``null``: the default), with
    every set-up problem (an illegal set-up is answered, not refused)."""
    family, pitch = RULESETS[body.ruleset].family, RULESETS[body.ruleset].pitch.name
    unknown = [
        Problem(f"no built-in {what} {name!r} for {sub} (built-in: {', '.join(known)})", field)
        for field, name, what, sub, known in (
            ("home", body.home, "team", family, builtin_names("teams", family)),
            ("away", body.away, "team", family, builtin_names("teams", family)),
            ("home_setup", body.home_setup, "set-up", pitch, builtin_names("setups", pitch)),
            ("away_setup", body.away_setup, "set-up", pitch, builtin_names("setups", pitch)),
        )
        if name is not None and name not in known
    ]
    if unknown:  # only built-in names: a name is never read as a file on the server
        raise BadInput(unknown)
    # either name of the fine weather, in any ruleset, as a scenario's weather
    weather: Weather = "nice" if body.weather == "perfect_conditions" else body.weather
    try:
        doc, problems = match_scenario(body.ruleset, body.home, body.away, body.home_setup,
                                       body.away_setup, body.kicking, weather)
    except KickoffError as e:
        raise BadInput(in_field("body", e)) from None
    return {"scenario": doc, "problems": [p.as_json() for p in problems] + _problems(doc, lim)}


@router.post("/api/validate", response_model=Validation)
def validate(body: WithScenario, lim: AppLimits) -> dict[str, Any]:
    """Every problem of a scenario, as ``kickoff validate`` lists them (its input and both
    set-ups: Line of Scrimmage, Wide Zones, own half, one player a square, player count).
    An invalid scenario is answered (``valid: false``), not refused; only a request over
    the limits is (422)."""
    problems = _problems(body.scenario, lim)
    return {"valid": not problems, "problems": problems}


@router.post("/api/setup/import", response_model=ScenarioAnswer)
def import_setup(body: SetupImportRequest, lim: AppLimits) -> dict[str, Any]:
    """Place one team of the scenario by a FUMBBL client set-up (XML or JSON; jersey numbers
    name the players, ids ``h<number>`` / ``a<number>``)."""
    sc = setup_scenario(body.scenario, lim)
    fmt = (fumbbl_setup.detect_format(body.text, body.filename)
           if body.format == "auto" else IMPORT_FORMATS[body.format])
    try:
        if fmt == "botbowl":
            raise ScenarioError([Problem("neither FUMBBL XML nor FUMBBL JSON", body.filename)])
        fs = fumbbl_setup.parse_fumbbl(body.text, body.filename, fmt)
    except KickoffError as e:
        raise BadInput([p.at("text") for p in problems_of(e)]) from None
    setup = fumbbl_setup.to_setup_file(fs, RULESETS[sc.ruleset].pitch.name, body.filename)
    try:
        doc, problems = with_setup(body.scenario, body.side, (body.filename, setup))
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    return {"scenario": doc, "problems": [p.as_json() for p in problems] + _problems(doc, lim)}


@router.post("/api/setup/export",
             responses={200: {"content": {"text/plain": {}},
                              "description": "The set-up file (an attachment)."}})
def export_setup(body: SetupExportRequest, lim: AppLimits) -> Response:
    """One team's set-up as a project set-up file (TOML) or a FUMBBL client set-up."""
    sc = setup_scenario(body.scenario, lim)
    try:
        setup = scenario_setup(sc, body.side, body.name)
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    stem = file_stem(setup.name, "setup")  # ASCII: a header is Latin-1, never a path
    if body.format == "toml":
        text, ext, media = setup_to_toml(setup), "toml", "application/toml"
    else:
        fs = fumbbl_setup.from_setup_file(setup)
        if body.format == "fumbbl-xml":
            text, ext, media = fumbbl_setup.to_xml(fs), "xml", "application/xml"
        else:
            text, ext, media = fumbbl_setup.to_json(fs), "json", "application/json"
    return Response(text, media_type=media, headers={
        "Content-Disposition": f'attachment; filename="{stem}.{ext}"'})
