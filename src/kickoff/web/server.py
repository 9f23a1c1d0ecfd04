"""The HTTP server of ``kickoff serve``: uvicorn, its settings, and what it lacks.

uvicorn answers 503 to a request beyond ``limit_concurrency`` connections, closes an idle
keep-alive connection after ``timeout_keep_alive`` and bounds a request's head with h11's
``max_incomplete_event_size``; it has no deadline for a request's head, so a connection that
sends nothing, or its headers a byte at a time (slowloris), is held for good (measured:
``docs/web.md``, "Limits"). :class:`HeadDeadline` is uvicorn's own h11 protocol (its
``http=`` setting takes a protocol class) with that deadline added: a connection whose request
head is not complete :attr:`Limits.header_timeout_seconds
<kickoff.web.limits.Limits.header_timeout_seconds>` after it opened, or after the last answer,
is closed. Parsing stays h11's. The body's own deadline is the app's
(:class:`kickoff.web.middleware.BodyLimit`, 408). It also answers the request beyond the
connection bound itself (:func:`beyond_the_bound`: JSON, as every refusal), not with uvicorn's
plain-text 503; the bound and its test are uvicorn's.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import socket
from typing import Any

import h11
import uvicorn
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol

from kickoff.core.problems import Problem
from kickoff.web.limits import Limits
from kickoff.web.middleware import SecurityHeaders

#: Open files kept for the server itself beyond its connections (the pools' pipes, logs,
#: the static files).
SPARE_FILES = 256


class HeadDeadline(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request head is late, and answering
    a request beyond the connection bound with :func:`beyond_the_bound`."""

    #: Seconds a request's head may take from the connection's start or the last answer.
    head_seconds: float = Limits.header_timeout_seconds

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_deadline: asyncio.TimerHandle | None = None
        # The connection bound checked here (the same test as uvicorn's, which is turned off)
        # so that the request beyond it gets the app's JSON 503, not uvicorn's plain text.
        self.bound: int | None = self.limit_concurrency
        self.limit_concurrency = None
        self.own_app = self.app
        self.busy_app = beyond_the_bound(self.bound or 0)

    def _arm(self) -> None:
        if self.head_deadline is None:
            self.head_deadline = self.loop.call_later(self.head_seconds, self._late)

    def _disarm(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _late(self) -> None:
        self.head_deadline = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()  # no request started: nothing to answer

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        # read by uvicorn's handle_events as it starts the request whose head this completes
        beyond = self.bound is not None and (len(self.connections) >= self.bound
                                             or len(self.tasks) >= self.bound)
        if beyond and self.conn.their_state is h11.IDLE:
            self.logger.warning("Exceeded concurrency limit.")  # as uvicorn says it
        self.app = self.busy_app if beyond else self.own_app
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm()  # the head is in: the body's deadline is the app's

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.IDLE:
            self._arm()  # the next request's head, on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def beyond_the_bound(bound: int) -> ASGIApp:
    """The answer to a request beyond ``bound`` connections open at once (``--max-connections``):
    503 with ``Retry-After: 1`` and the JSON ``problems`` of every refusal (uvicorn's own is
    plain text), the security headers of every answer, the connection closed."""
    answer = JSONResponse(
        {"problems": [Problem(f"more than {bound} connections open at once (--max-connections); "
                              "try again shortly", "server", code="busy").as_json()]},
        status_code=503, headers={"Retry-After": "1", "Connection": "close"})
    return SecurityHeaders(answer)


def head_deadline(seconds: float) -> type[HeadDeadline]:
    """:class:`HeadDeadline` with a deadline of ``seconds``."""
    return type("HeadDeadline", (HeadDeadline,), {"head_seconds": seconds})


def raise_open_files() -> int:
    """Raise this process's soft limit of open files to its hard limit (each connection is an
    open file: under the usual soft limit of 1,024, about a thousand idle connections made the
    server unreachable); the limit now in force. The hard limit, the administrator's, is left
    as it is."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft >= hard:
        return soft  # no finite hard limit to reach (Linux caps open files at its nr_open)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        return soft
    return hard


#: Seconds uvicorn's shutdown (a signal) waits for the requests in flight before it cancels
#: them (its ``timeout_graceful_shutdown``; none by default: a request waiting on a long odds
#: job held a stopped server for seconds). The app's pools are ended after it (its lifespan),
#: so that the whole server ends within a second (``docs/web.md``, "Limits").
SHUTDOWN_SECONDS = 0.2


class _QuietCancel(logging.Filter):
    """Drops uvicorn's error lines for the requests it cancels at :data:`SHUTDOWN_SECONDS` (its
    count, and each one's ``CancelledError`` traceback, "Exception in ASGI application"): a
    stop asked for by a signal ends with one line of the command's own (``kickoff.cli.exits``),
    not an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Cancel %s running task(s), timeout graceful"):
            return False
        error = record.exc_info[1] if record.exc_info else None  # the cancelled request's
        return not (isinstance(error, asyncio.CancelledError)
                    and "timeout graceful shutdown" in str(error))


def quiet_cancel() -> None:
    """Add :class:`_QuietCancel` to uvicorn's error logger (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietCancel) for f in logger.filters):
        logger.addFilter(_QuietCancel())


class StoppingServer(uvicorn.Server):
    """uvicorn's server, whose shutdown (a signal) first ends the app's odds workers
    (:meth:`kickoff.web.jobs.OddsService.stop`): a request waiting on a long odds job is
    answered 503 at once instead of holding the server for seconds; then uvicorn's own
    shutdown (bounded by :data:`SHUTDOWN_SECONDS`) and the app's (its lifespan)."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        odds = getattr(getattr(self.config.app, "state", None), "odds", None)
        if odds is None:
            await super().shutdown(sockets)
            return
        # the workers ended in a thread while uvicorn stops listening and waits for the
        # requests, which their end answers (the lifespan's own stop waits for this one)
        ending = asyncio.ensure_future(asyncio.to_thread(odds.stop))
        try:
            await super().shutdown(sockets)
        finally:
            await ending


def serve(app: Any, host: str, port: int, settings: dict[str, Any]) -> None:
    """Run ``app`` until a signal stops it, as ``uvicorn.run`` does (with
    :class:`StoppingServer`): exit status 3 when it could not start (the port taken)."""
    quiet_cancel()
    server = StoppingServer(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                           **settings))
    server.run()
    if not server.started:
        raise SystemExit(3)  # uvicorn's STARTUP_FAILURE


def uvicorn_settings(limits: Limits, open_files: int) -> dict[str, Any]:
    """uvicorn's settings for ``limits``: the connection bound is kept within the open files
    (less :data:`SPARE_FILES`); a stopped server waits :data:`SHUTDOWN_SECONDS` for the
    requests in flight."""
    return {
        "timeout_graceful_shutdown": SHUTDOWN_SECONDS,
        "http": head_deadline(limits.header_timeout_seconds),
        "timeout_keep_alive": limits.idle_timeout_seconds,
        "limit_concurrency": max(1, min(limits.max_connections, open_files - SPARE_FILES)),
        "h11_max_incomplete_event_size": limits.max_head_bytes,
        "backlog": 2048,
    }
