"""Input checks of the web API and its error answers: every problem names its field.

A request's scenario is checked within the :class:`~kickoff.web.limits.Limits` and loaded by the
formats (:func:`checked`, :func:`setup_scenario`); what is wrong is raised as :class:`BadInput`
(422). The exception handlers turn an engine error, a request the models refuse and a
Starlette HTTP error into JSON ``problems`` (``docs/web.md``, "Bad input").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from kickoff.core.errors import KickoffError, SetupError
from kickoff.core.problems import Problem
from kickoff.formats.reading import capped, limit_problem
from kickoff.formats.scenario import LoadedScenario, ScenarioIn, parse_scenario
from kickoff.web import compute
from kickoff.web.limits import Limits

#: The problems of an engine error met while answering (``KickoffError`` not caught by the
#: endpoint: one raised in an odds worker): each line names its field, the request's
#: ``kick_skill`` for the kicker's use of Kick, the scenario's key path otherwise.
REQUEST_FIELDS = {"decisions.use_kick_skill": "kick_skill"}


def problems_of(e: KickoffError) -> list[Problem]:
    """The problems of an engine error, as it carries them (values, never its sentence read
    back)."""
    return e.problems


def _in_field(field: str, p: Problem) -> Problem:
    """``p`` inside the request's ``field``: ``scenario.teams.home...``."""
    return replace(p, where=f"{field}.{p.where}" if p.where else field)


def _engine_problems(e: KickoffError) -> list[Problem]:
    out: list[Problem] = []
    for p in problems_of(e):
        key = next((k for k in REQUEST_FIELDS
                    if p.where == k or p.where.startswith((f"{k}.", f"{k}["))), None)
        out.append(_in_field("scenario", p) if key is None else
                   replace(p, where=REQUEST_FIELDS[key] + p.where[len(key):]))
    return out


def in_field(field: str, e: KickoffError) -> list[Problem]:
    """The problems ``e`` carries, each placed in the request's ``field`` (a set-up's under
    ``{field}: illegal set-up``, the others' key paths inside ``field``)."""
    if isinstance(e, SetupError):
        return [p.at(f"{field}: illegal set-up") for p in e.problems]
    return [_in_field(field, p) for p in e.problems]


class BadInput(Exception):
    """A 422 answer: every problem names its field."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.text() for p in problems))
        self.problems = problems

    def __reduce__(self) -> tuple[type[BadInput], tuple[list[Problem]]]:
        # raised in a worker process of the odds service (``/api/decide``), it crosses back whole
        return (BadInput, (self.problems,))


def scenario_text(doc: dict[str, Any], limits: Limits) -> str:
    """The scenario as JSON text, within the limits (``BadInput`` otherwise)."""
    teams = doc.get("teams")
    if isinstance(teams, dict):
        too_many = [Problem(f"{len(t['players'])} players, at most {limits.max_players} a team",
                            f"scenario.teams.{side}.players")
                    for side, t in teams.items()
                    if isinstance(t, dict) and isinstance(t.get("players"), list)
                    and len(t["players"]) > limits.max_players]
        if too_many:
            raise BadInput(too_many)
    return json.dumps(doc)


def checked(doc: dict[str, Any], limits: Limits,
             load: Callable[[str], LoadedScenario] = compute.load) -> tuple[str, LoadedScenario]:
    """``(text, loaded scenario)``, loaded by ``load``; ``BadInput`` naming every problem."""
    text = scenario_text(doc, limits)
    try:
        return text, load(text)
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None


#: Why a ``phase: "turn"`` scenario has no set-up to read or place.
TURN_HAS_NO_SETUP = Problem('"turn": a turn has no set-up; set-ups are placed before '
                            'a kick-off (phase "kickoff")', "phase")


def setup_scenario(doc: dict[str, Any], limits: Limits) -> ScenarioIn:
    """The scenario of a set-up import or export, parsed: ``BadInput`` naming every problem,
    or ``scenario.phase`` for a turn (its players stand where a drive left them, the ball in
    play, and no team kicks: nothing of it is a set-up)."""
    try:
        sc = parse_scenario(scenario_text(doc, limits))
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    if sc.phase == "turn":
        raise BadInput([_in_field("scenario", TURN_HAS_NO_SETUP)])
    return sc


#: The most parts of a field path a problem shows (a value nested hundreds of levels deep is
#: named by its first parts and ``...``).
FIELD_PATH_PARTS = 12


def field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    parts = loc[1:] if loc and loc[0] == "body" else loc
    for part in parts[:FIELD_PATH_PARTS]:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    if len(parts) > FIELD_PATH_PARTS:
        out += "..."
    return out or "body"


#: The most characters of a problem's field or message shown (and at most
#: :data:`~kickoff.formats.reading.MAX_PROBLEMS` problems, then one saying how many more): an
#: answer stays small whatever the request.
MAX_PROBLEM_CHARS = 300


def _short(text: str) -> str:
    return text if len(text) <= MAX_PROBLEM_CHARS else text[:MAX_PROBLEM_CHARS - 3] + "..."


def problems_answer(problems: list[Problem], status_code: int = 422,
                    headers: dict[str, str] | None = None) -> JSONResponse:
    """The JSON ``problems`` answer: the first :data:`~kickoff.formats.reading.MAX_PROBLEMS`,
    each cut to :data:`MAX_PROBLEM_CHARS`, then ``"and N more problems"`` if there are more
    (:func:`~kickoff.formats.reading.capped`, the one cap of every face)."""
    shown = [replace(p, where=_short(p.where), message=_short(p.message)).as_json()
             for p in capped(problems)]
    return JSONResponse({"problems": shown}, status_code=status_code, headers=headers)


# --------------------------------------------------------------------------- exception handlers


async def engine_error(request: Request, exc: KickoffError) -> JSONResponse:
    return problems_answer(_engine_problems(exc))


async def bad_input(request: Request, exc: BadInput) -> JSONResponse:
    return problems_answer(exc.problems)


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    problems: list[Problem] = []
    for err in exc.errors():
        if err["type"] == "json_invalid":
            problems.append(Problem(f"not valid JSON at character {err['loc'][-1]}: "
                                    f"{err.get('ctx', {}).get('error', '')}", "body"))
            continue
        msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        problems.append(Problem(msg, field_path(tuple(err["loc"]))))
    return problems_answer(problems)


async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    detail: object = exc.detail
    if exc.status_code == 400 and "parsing the body" in str(detail):
        limit = limit_problem(exc.__cause__) if exc.__cause__ else None
        if limit is not None:  # nested too deeply, an integer too long: invalid JSON to us
            return JSONResponse(
                {"problems": [Problem(f"not valid JSON: {limit}", "body").as_json()]},
                status_code=422)
        detail = Problem("not a JSON document this server can read", "body")
    problem = detail if isinstance(detail, Problem) else Problem(str(detail))
    return problems_answer([problem], exc.status_code, getattr(exc, "headers", None))
