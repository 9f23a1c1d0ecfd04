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
"Suggest a set-up" searches run in worker processes of their own, at most
:attr:`Limits.max_suggestions` at once (503 beyond), with progress and cancel.

The pieces, one job a module: :mod:`~kickoff.web.limits` (:class:`Limits`),
:mod:`~kickoff.web.jobs` (the worker pool and its scheduler), :mod:`~kickoff.web.suggestions`
(the set-up searches' jobs; the search itself in :mod:`~kickoff.web.advice`),
:mod:`~kickoff.web.cache`,
:mod:`~kickoff.web.middleware` (the body limit, the last resort for a bug),
:mod:`~kickoff.web.checks` (input checks and error answers), :mod:`~kickoff.web.routes` (the
endpoints by group), :mod:`~kickoff.web.catalogue`; this module assembles them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from kickoff import __version__
from kickoff.core.errors import KickoffError
from kickoff.web.checks import BadInput, bad_input, engine_error, http_error, invalid_request
from kickoff.web.jobs import ClientGone, client_gone, odds_pool
from kickoff.web.limits import Limits
from kickoff.web.middleware import BodyLimit, CatchAll, RateLimit, SecurityHeaders
from kickoff.web.models import Problems
from kickoff.web.routes import decide, kickoffs, reference, setups, suggest
from kickoff.web.routes import review as review_routes
from kickoff.web.suggestions import suggest_pool

__all__ = ["ERRORS", "LOOPBACK_HOSTS", "Limits", "create_app"]

#: The ``Host`` names of a server on loopback (``kickoff serve``'s by default): a request naming
#: another host (a page of another site whose name was made to point here, DNS rebinding) is
#: refused 400.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")

ERRORS: dict[int | str, dict[str, Any]] = {
    413: {"model": Problems, "description": "The request body is too large."},
    422: {"model": Problems, "description": "Invalid input: each problem names its field."},
}


def create_app(workers: int = 2, limits: Limits | None = None,
               allowed_hosts: Sequence[str] | None = None) -> FastAPI:
    """The web application: the page at ``/``, the JSON API under ``/api``, OpenAPI at
    ``/docs``. ``workers``: processes computing exact odds; ``allowed_hosts``: the ``Host``
    names it answers (400 for any other; ``kickoff serve``: :data:`LOOPBACK_HOSTS` and its
    ``--host``), None: any (the server running it checks them)."""
    lim = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with odds_pool(workers, lim) as service, suggest_pool(lim) as suggestions:
            app.state.odds = service
            app.state.suggestions = suggestions
            yield

    app = FastAPIOffline(
        title="kickoff",
        version=__version__,
        description="Blood Bowl kick-off: check a set-up, play a kick-off, exact odds of every "
        "kick. Probabilities are given as floats (`p`) and exact fractions (`exact`).",
        lifespan=lifespan,
        responses=ERRORS,
        exception_handlers={KickoffError: engine_error, ClientGone: client_gone,
                            BadInput: bad_input, RequestValidationError: invalid_request,
                            StarletteHTTPException: http_error},
    )
    app.state.limits = lim
    app.add_middleware(BodyLimit, max_bytes=lim.max_body_bytes, seconds=lim.body_timeout_seconds)
    app.add_middleware(CatchAll)  # also a bug in BodyLimit is answered
    app.add_middleware(RateLimit, rate=lim.rate_limit)
    if allowed_hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    app.add_middleware(SecurityHeaders)  # outermost: every answer has them
    app.include_router(reference.router)
    app.mount("/static", StaticFiles(packages=[("kickoff.web", "static")]), name="static")
    app.include_router(setups.router)
    app.include_router(kickoffs.router)
    app.include_router(decide.router)
    app.include_router(suggest.router)
    app.include_router(review_routes.router)
    return app
