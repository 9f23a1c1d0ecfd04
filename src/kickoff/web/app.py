"""The web app: a JSON API over the project's public Python API, and the coaches' page.

``create_app()`` builds the FastAPI application; ``kickoff serve`` runs it with uvicorn. Every
rule comes from the engine: set-ups are checked by :func:`kickoff.formats.scenario.load_scenario`
(as ``kickoff validate`` / ``kickoff replay`` check a file), kick-offs are played by
:func:`kickoff.formats.scenario.play`, odds come from :mod:`kickoff.analysis`. ``docs/web.md``
lists the endpoints; the OpenAPI document is served at ``/docs``.

Limits and safety: the request body is at most :attr:`Limits.max_body_bytes` (413); a team has at
most :attr:`Limits.max_players` players; every other problem is a 422 whose ``problems`` name the
field (``scenario.teams.home.players[3].square: ...``). Input is parsed as JSON and XML (defused),
never evaluated; team and set-up names are built-in names only, never paths. Exact odds run in a
pool of worker processes, off the event loop, with at most :attr:`Limits.max_pending` jobs waiting
(503 beyond); answers are cached by set-up, and identical requests in flight share one job.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from importlib import resources
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kickoff import __version__
from kickoff.analysis.exact import Events
from kickoff.analysis.targets import HIGHER_IS_BETTER, OBJECTIVES, Objective
from kickoff.core.errors import KickoffError, ScenarioError, SetupError
from kickoff.core.kickoff import target_problem
from kickoff.core.pitch import SIDES, Pitch
from kickoff.core.problems import Problem, ProblemJSON
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import WEATHERS, Weather
from kickoff.formats import fumbbl_setup
from kickoff.formats.files import file_stem
from kickoff.formats.match import (
    DEFAULT_SETUPS,
    DEFAULT_TEAMS,
    match_scenario,
    scenario_setup,
    with_setup,
)
from kickoff.formats.narration import defaults_applied, sentences
from kickoff.formats.reading import limit_problem
from kickoff.formats.scenario import (
    LoadedScenario,
    ScenarioIn,
    parse_scenario,
    play,
    result_to_json,
    schemas,
)
from kickoff.formats.teams import FAMILY, builtin_names, load_setup, load_team, setup_to_toml
from kickoff.web import compute
from kickoff.web.models import (
    AllTargetsAnswer,
    AllTargetsRequest,
    KickAnswer,
    MatchRequest,
    OddsAnswer,
    OddsRequest,
    Problems,
    ScenarioAnswer,
    SetupExportRequest,
    SetupImportRequest,
    Validation,
    WithScenario,
)

T = TypeVar("T")

STATIC = resources.files("kickoff.web").joinpath("static")


#: How the page chooses what a default decided (for :func:`defaults_applied`).
PAGE_CHOICES = {"high_kick": "choose in High Kick", "touchback": "choose in Touchback",
                "free_turn": "a scenario's decisions.blitz / charge"}


@dataclass(frozen=True)
class Limits:
    """What the server accepts and keeps."""

    #: Largest request body, bytes (a scenario of two teams of 16 is about 10 KB).
    max_body_bytes: int = 256 * 1024
    #: Most players in one team of a scenario.
    max_players: int = 16
    #: Odds jobs waiting for or running in the worker pool; more are refused with 503.
    max_pending: int = 256
    #: One-target odds answers kept (an eleven-a-side one with events "all" is about 18 KB).
    cached_odds: int = 4096
    #: All-targets rankings kept.
    cached_rankings: int = 64


class _Lru(OrderedDict[Any, Any]):
    """A small least-recently-used cache."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_item(self, key: Any) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        return None

    def put(self, key: Any, value: Any) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class ClientGone(Exception):
    """The client of a request stopped waiting for its answer."""


class OddsService:
    """Exact odds off the event loop: a worker pool, caches by set-up, one job per question.

    A job nobody waits for any more (every client asking for it went away, e.g. the page asked
    again after a drag) is cancelled if it has not started.
    """

    #: How often a waiting request checks that its client is still there, seconds.
    watch_seconds = 0.5

    def __init__(self, executor: Executor, limits: Limits, workers: int = 1) -> None:
        self.executor = executor
        self.limits = limits
        #: Jobs wait here, cancellable, until a worker is free: an executor would start (and
        #: no longer cancel) more jobs than it has workers.
        self.slots = asyncio.Semaphore(workers)
        self.odds = _Lru(limits.cached_odds)
        self.rankings = _Lru(limits.cached_rankings)
        self.in_flight: dict[Any, asyncio.Future[Any]] = {}
        self.waiters: dict[Any, int] = {}
        self.pending = 0

    async def _run(self, func: Callable[..., T], *args: Any) -> T:
        if self.pending >= self.limits.max_pending:
            raise HTTPException(503, f"busy: {self.pending} odds jobs waiting; try again shortly",
                                headers={"Retry-After": "5"})
        self.pending += 1
        try:
            await self.slots.acquire()
            loop = asyncio.get_running_loop()
            try:
                job = self.executor.submit(partial(func, *args))
            except BaseException:
                self.slots.release()
                raise
            def free(_: Any) -> None:
                # the worker is free again when the job ends, even if nobody waits for it
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                    loop.call_soon_threadsafe(self.slots.release)

            job.add_done_callback(free)
            result: T = await asyncio.wrap_future(job)
            return result
        finally:
            self.pending -= 1

    async def _shared(self, key: Any, cache: _Lru, job: Callable[[], Any],
                      gone: Callable[[], Awaitable[bool]] | None = None) -> Any:
        """The cached answer for ``key``, or the one job computing it (started if needed).

        ``gone()`` tells whether the client left; ``ClientGone`` is raised then."""
        hit = cache.get_item(key)
        if hit is not None:
            return hit
        future = self.in_flight.get(key)
        if future is None:
            future = asyncio.ensure_future(job())
            self.in_flight[key] = future

            def done(f: asyncio.Future[Any]) -> None:
                self.in_flight.pop(key, None)
                if not f.cancelled() and f.exception() is None:
                    cache.put(key, f.result())

            future.add_done_callback(done)
        self.waiters[key] = self.waiters.get(key, 0) + 1
        try:
            while True:
                finished, _ = await asyncio.wait({future}, timeout=self.watch_seconds)
                if finished:
                    return future.result()
                if gone is not None and await gone():
                    raise ClientGone
        finally:
            self.waiters[key] -= 1
            if self.waiters[key] == 0:
                del self.waiters[key]
                if not future.done():
                    future.cancel()  # nobody waits: drop the job unless it is running

    async def one(self, text: str, events: Events, kick_skill: bool, target: tuple[int, int],
                  gone: Callable[[], Awaitable[bool]] | None = None) -> dict[str, Any]:
        """One target's odds (:func:`kickoff.web.compute.odds_job`)."""
        key = (compute.setup_key(text), events, kick_skill, target)
        result: dict[str, Any] = await self._shared(
            key, self.odds, lambda: self._run(compute.odds_job, text, events, kick_skill, target),
            gone)
        return result

    async def all_targets(self, text: str, events: Events, kick_skill: bool,
                          objective: Objective, gone: Callable[[], Awaitable[bool]] | None = None
                          ) -> dict[str, Any]:
        """Every target ranked (:func:`kickoff.web.compute.all_targets_job`); each target's full
        odds go into the one-target cache."""
        setup = compute.setup_key(text)

        async def job() -> dict[str, Any]:
            ranking, every = await self._run(compute.all_targets_job, text, events, kick_skill,
                                             objective)
            for target, doc in every.items():
                self.odds.put((setup, events, kick_skill, target), doc)
            return ranking

        result: dict[str, Any] = await self._shared(
            (setup, events, kick_skill, objective), self.rankings, job, gone)
        return result


# --------------------------------------------------------------------------- input checks


class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` is answered 413 (JSON ``problems``)
    before the application sees any of it; a smaller one is read whole, then handed on."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse(
            {"problems": [Problem(f"larger than {self.max_bytes} bytes, the most this server "
                                  "accepts", "body").as_json()]}, status_code=413)
        await response(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        total = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            chunks.append(message.get("body", b""))
            total += len(chunks[-1])
            if total > self.max_bytes:
                await self._refuse(scope, receive, send)
                return
            more = message.get("more_body", False)
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks),
                                 "more_body": False}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        await self.app(scope, replay, send)



class CatchAll:
    """ASGI middleware: an exception no handler answers (a bug) is logged with its traceback and
    answered 500 with JSON ``problems``, the keep-alive connection kept (uvicorn closes the
    connection of an application that raises). Once an answer has started, the exception goes
    on to the server: nothing better can be sent then."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            if started:
                raise
            logging.getLogger("uvicorn.error").exception(
                "kickoff: unexpected error answering %s %s", scope.get("method"),
                scope.get("path"))
            response = JSONResponse({"problems": [Problem(
                "an unexpected error (a bug in kickoff, logged by the server); the request was "
                "not answered", "server").as_json()]}, status_code=500)
            await response(scope, receive, send)


#: The problems of an engine error met while answering (``KickoffError`` not caught by the
#: endpoint: one raised in an odds worker): each line names its field, the request's
#: ``kick_skill`` for the kicker's use of Kick, the scenario's key path otherwise.
REQUEST_FIELDS = {"decisions.use_kick_skill": "kick_skill"}


def _problems_of(e: KickoffError) -> list[Problem]:
    """The problems of an engine error: its own, or its lines (:meth:`Problem.from_text`)."""
    if isinstance(e, ScenarioError | SetupError):
        return e.problems
    return [Problem.from_text(line) for line in str(e).splitlines()]


def _in_field(field: str, p: Problem) -> Problem:
    """``p`` inside the request's ``field``: ``scenario.teams.home...``."""
    return replace(p, where=f"{field}.{p.where}" if p.where else field)


def _engine_problems(e: KickoffError) -> list[Problem]:
    out: list[Problem] = []
    for p in _problems_of(e):
        key = next((k for k in REQUEST_FIELDS
                    if p.where == k or p.where.startswith((f"{k}.", f"{k}["))), None)
        out.append(_in_field("scenario", p) if key is None else
                   replace(p, where=REQUEST_FIELDS[key] + p.where[len(key):]))
    return out


def _prefixed(field: str, e: KickoffError) -> list[Problem]:
    if isinstance(e, ScenarioError):
        return [_in_field(field, p) for p in e.problems]
    if isinstance(e, SetupError):
        return [p.at(f"{field}: illegal set-up") for p in e.problems]
    return [Problem(str(e), field)]


class BadInput(Exception):
    """A 422 answer: every problem names its field."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.text() for p in problems))
        self.problems = problems


def _scenario_text(doc: dict[str, Any], limits: Limits) -> str:
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


def _checked(doc: dict[str, Any], limits: Limits,
             load: Callable[[str], LoadedScenario] = compute.load) -> tuple[str, LoadedScenario]:
    """``(text, loaded scenario)``, loaded by ``load``; ``BadInput`` naming every problem."""
    text = _scenario_text(doc, limits)
    try:
        return text, load(text)
    except KickoffError as e:
        raise BadInput(_prefixed("scenario", e)) from None


#: Why a ``phase: "turn"`` scenario has no set-up to read or place.
TURN_HAS_NO_SETUP = ('scenario.phase: "turn": a turn has no set-up; set-ups are placed before '
                     "a kick-off (phase \"kickoff\")")


def _setup_scenario(doc: dict[str, Any], limits: Limits) -> ScenarioIn:
    """The scenario of a set-up import or export, parsed: ``BadInput`` naming every problem,
    or ``scenario.phase`` for a turn (its players stand where a drive left them, the ball in
    play, and no team kicks: nothing of it is a set-up)."""
    try:
        sc = parse_scenario(_scenario_text(doc, limits))
    except KickoffError as e:
        raise BadInput(_prefixed("scenario", e)) from None
    if sc.phase == "turn":
        raise BadInput([Problem.from_text(TURN_HAS_NO_SETUP)])
    return sc


#: The most parts of a field path a problem shows (a value nested hundreds of levels deep is
#: named by its first parts and ``...``).
FIELD_PATH_PARTS = 12


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    parts = loc[1:] if loc and loc[0] == "body" else loc
    for part in parts[:FIELD_PATH_PARTS]:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    if len(parts) > FIELD_PATH_PARTS:
        out += "..."
    return out or "body"


# --------------------------------------------------------------------------- the catalogue


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
    """Rulesets (with their pitch), built-in teams and set-ups, weathers, objectives."""
    families = sorted(set(FAMILY.values()))
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
            name: {"family": FAMILY[name], "pitch": rs.pitch.name, "max_players": rs.max_players,
                   "fine_weather": rs.fine_weather_name,
                   "default_teams": list(DEFAULT_TEAMS[FAMILY[name]])}
            for name, rs in RULESETS.items()
        },
        "pitches": {name: _pitch(p) for name, p in pitches.items()},
        "default_setups": {name: {"defence": d, "offence": o}
                           for name, (d, o) in DEFAULT_SETUPS.items()},
        "teams": teams,
        "setups": setups,
        "weathers": list(WEATHERS),
        "objectives": [{"name": o, "higher_is_better": HIGHER_IS_BETTER[o]} for o in OBJECTIVES],
    }


# --------------------------------------------------------------------------- the application


def _pool(workers: int) -> ProcessPoolExecutor:
    # forkserver: workers are not forked from a process running threads (uvicorn's, anyio's).
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["kickoff.web.compute"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


#: ``/api/setup/import``'s formats: the names ``/api/setup/export`` gives them, and the short ones.
IMPORT_FORMATS: dict[str, fumbbl_setup.FumbblFormat] = {
    "fumbbl-xml": "xml", "fumbbl-json": "json", "xml": "xml", "json": "json"}


ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": Problems, "description": "The request body is too large."},
    422: {"model": Problems, "description": "Invalid input: each problem names its field."},
}


def create_app(workers: int = 2, limits: Limits | None = None) -> FastAPI:
    """The web application: the page at ``/``, the JSON API under ``/api``, OpenAPI at
    ``/docs``. ``workers``: processes computing exact odds."""
    lim = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        executor = _pool(workers)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(executor, compute.warm_up)
                               for _ in range(workers)))
        app.state.odds = OddsService(executor, lim, workers)
        try:
            yield
        finally:
            executor.shutdown(wait=True, cancel_futures=True)

    app = FastAPIOffline(
        title="kickoff",
        version=__version__,
        description="Blood Bowl kick-off: check a set-up, play a kick-off, exact odds of every "
        "kick. Probabilities are given as floats (`p`) and exact fractions (`exact`).",
        lifespan=lifespan,
        responses=ERRORS,
    )

    app.add_middleware(BodyLimit, max_bytes=lim.max_body_bytes)
    app.add_middleware(CatchAll)  # outermost of ours: also a bug in BodyLimit is answered

    @app.exception_handler(KickoffError)
    async def engine_error(request: Request, exc: KickoffError) -> JSONResponse:
        return JSONResponse({"problems": [p.as_json() for p in _engine_problems(exc)]},
                            status_code=422)

    @app.exception_handler(ClientGone)
    async def client_gone(request: Request, exc: ClientGone) -> Response:
        return Response(status_code=499)  # nobody reads it: the client has gone

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, exc: BadInput) -> JSONResponse:
        return JSONResponse({"problems": [p.as_json() for p in exc.problems]}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems: list[Problem] = []
        for err in exc.errors():
            if err["type"] == "json_invalid":
                problems.append(Problem(f"not valid JSON at character {err['loc'][-1]}: "
                                        f"{err.get('ctx', {}).get('error', '')}", "body"))
                continue
            msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
            problems.append(Problem(msg, _field_path(tuple(err["loc"]))))
        return JSONResponse({"problems": [p.as_json() for p in problems]}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail
        if exc.status_code == 400 and "parsing the body" in str(detail):
            limit = limit_problem(exc.__cause__) if exc.__cause__ else None
            if limit is not None:  # nested too deeply, an integer too long: invalid JSON to us
                return JSONResponse(
                    {"problems": [Problem(f"not valid JSON: {limit}", "body").as_json()]},
                    status_code=422)
            detail = "body: not a JSON document this server can read"
        return JSONResponse({"problems": [Problem.from_text(str(detail)).as_json()]},
                            status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    def service(request: Request) -> OddsService:
        svc: OddsService = request.app.state.odds
        return svc

    # -- the page -------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")))

    app.mount("/static", StaticFiles(packages=[("kickoff.web", "static")]), name="static")

    # -- reference ------------------------------------------------------------------------
    @app.get("/api/catalogue", tags=["reference"])
    def get_catalogue() -> dict[str, Any]:
        """Rulesets and their pitches (size, Wide Zones, Lines of Scrimmage, set-up zones,
        receiving areas), the built-in teams per family and set-ups per pitch, weathers and
        objectives."""
        return catalogue()

    @app.get("/api/schemas", tags=["reference"])
    def get_schemas() -> dict[str, Any]:
        """The JSON Schemas of ``kickoff-scenario/1`` and ``kickoff-result/1``."""
        return schemas()

    # -- set-ups ----------------------------------------------------------------------------
    def _problems(doc: dict[str, Any]) -> list[ProblemJSON]:
        """Every problem of a scenario (``[]``: legal), as ``kickoff validate`` lists them."""
        try:
            compute.load(_scenario_text(doc, lim))
        except KickoffError as e:
            found = e.problems if isinstance(e, ScenarioError | SetupError) else [Problem(str(e))]
            return [p.as_json() for p in found]
        return []

    @app.post("/api/match", tags=["set-up"], response_model=ScenarioAnswer)
    def match(body: MatchRequest) -> dict[str, Any]:
        """A scenario of two built-in teams on built-in set-ups (``null``: the default), with
        every set-up problem (an illegal set-up is answered, not refused)."""
        family, pitch = FAMILY[body.ruleset], RULESETS[body.ruleset].pitch.name
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
            raise BadInput(_prefixed("body", e)) from None
        return {"scenario": doc, "problems": [p.as_json() for p in problems] + _problems(doc)}

    @app.post("/api/validate", tags=["set-up"], response_model=Validation)
    def validate(body: WithScenario) -> dict[str, Any]:
        """Every problem of a scenario, as ``kickoff validate`` lists them (its input and both
        set-ups: Line of Scrimmage, Wide Zones, own half, one player a square, player count).
        An invalid scenario is answered (``valid: false``), not refused; only a request over
        the limits is (422)."""
        problems = _problems(body.scenario)
        return {"valid": not problems, "problems": problems}

    @app.post("/api/setup/import", tags=["set-up"], response_model=ScenarioAnswer)
    def import_setup(body: SetupImportRequest) -> dict[str, Any]:
        """Place one team of the scenario by a FUMBBL client set-up (XML or JSON; jersey numbers
        name the players, ids ``h<number>`` / ``a<number>``)."""
        sc = _setup_scenario(body.scenario, lim)
        fmt = (fumbbl_setup.detect_format(body.text, body.filename)
               if body.format == "auto" else IMPORT_FORMATS[body.format])
        try:
            if fmt == "botbowl":
                raise ScenarioError([Problem("neither FUMBBL XML nor FUMBBL JSON", body.filename)])
            fs = fumbbl_setup.parse_fumbbl(body.text, body.filename, fmt)
        except KickoffError as e:
            raise BadInput([p.at("text") for p in _problems_of(e)]) from None
        setup = fumbbl_setup.to_setup_file(fs, RULESETS[sc.ruleset].pitch.name, body.filename)
        try:
            doc, problems = with_setup(body.scenario, body.side, (body.filename, setup))
        except KickoffError as e:
            raise BadInput(_prefixed("scenario", e)) from None
        return {"scenario": doc, "problems": [p.as_json() for p in problems] + _problems(doc)}

    @app.post("/api/setup/export", tags=["set-up"],
              responses={200: {"content": {"text/plain": {}},
                               "description": "The set-up file (an attachment)."}})
    def export_setup(body: SetupExportRequest) -> Response:
        """One team's set-up as a project set-up file (TOML) or a FUMBBL client set-up."""
        sc = _setup_scenario(body.scenario, lim)
        try:
            setup = scenario_setup(sc, body.side, body.name)
        except KickoffError as e:
            raise BadInput(_prefixed("scenario", e)) from None
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

    # -- kick-offs and odds -----------------------------------------------------------------
    @app.post("/api/kick", tags=["kick-off"], response_model=KickAnswer)
    def kick(body: WithScenario) -> dict[str, Any]:
        """Play the scenario's kick-off once, as ``kickoff replay`` does: its scripted dice, or
        its seed (a new seed when it gives neither; the result names it)."""
        doc = body.scenario
        if doc.get("dice") is None and doc.get("seed") is None:
            doc = {**doc, "seed": secrets.randbelow(2**31)}
        _, loaded = _checked(doc, lim)
        try:
            result, seed = play(loaded)
        except KickoffError as e:
            raise BadInput(_prefixed("scenario", e)) from None
        played = result_to_json(result, loaded.ruleset, seed)
        d = loaded.decisions
        given = {"high_kick": d.high_kick is not None, "touchback": d.touchback is not None,
                 "free_turn": bool(d.blitz or d.charge)}
        return {"result": played, "story": sentences(played["log"]),
                "defaults": defaults_applied(played["log"], given, PAGE_CHOICES)}

    @app.post("/api/odds", tags=["odds"], response_model=OddsAnswer)
    async def odds(body: OddsRequest, request: Request) -> dict[str, Any]:
        """The exact odds of one kick target: touchback, each player's chance to end with the
        ball, where it may end on the ground (``kickoff odds --json``)."""
        text, loaded = await asyncio.to_thread(_checked, body.scenario, lim, compute.load_kickoff)
        state = loaded.state
        target = body.target or loaded.decisions.target or state.pitch.centre[state.receiving]
        problem = target_problem(state.pitch, state.receiving, target)
        if problem is not None:
            raise BadInput([problem.at("target")])
        return await service(request).one(text, body.events, body.kick_skill,
                                           (target[0], target[1]), request.is_disconnected)

    @app.post("/api/odds/all", tags=["odds"], response_model=AllTargetsAnswer)
    async def odds_all(body: AllTargetsRequest, request: Request) -> dict[str, Any]:
        """Every target of the receiving area ranked by the objective, best first for the
        kicking team (``kickoff odds --all-targets``)."""
        text, _ = await asyncio.to_thread(_checked, body.scenario, lim, compute.load_kickoff)
        return await service(request).all_targets(text, body.events, body.kick_skill,
                                                  body.objective, request.is_disconnected)

    return app
