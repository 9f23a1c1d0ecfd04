"""The web app's ASGI middleware: the request body's size limit (413) and deadline (408), and
the last resort for a bug (500), all answering JSON ``problems`` as every other refusal does;
the rate limit per client (429); the security headers of every answer."""

from __future__ import annotations

import asyncio
import logging
import math
import time

from fastapi.responses import JSONResponse
from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kickoff.core.problems import Problem


class BodyLimit:
    """ASGI middleware: a request body over ``max_bytes`` is answered 413 (JSON ``problems``)
    before the application sees any of it, one not arrived within ``seconds`` 408 (a client
    sending it a byte at a time holds no connection for long); a smaller one is read whole,
    then handed on."""

    def __init__(self, app: ASGIApp, max_bytes: int, seconds: float = 30.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def _refuse(self, scope: Scope, receive: Receive, send: Send,
                      status: int = 413) -> None:
        message = (f"larger than {self.max_bytes} bytes, the most this server accepts"
                   if status == 413 else f"not received within {self.seconds:g} seconds")
        response = JSONResponse({"problems": [Problem(message, "body").as_json()]},
                                status_code=status, headers={"Connection": "close"})
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
        try:
            async with asyncio.timeout(self.seconds):
                while more:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client left
                    chunks.append(message.get("body", b""))
                    total += len(chunks[-1])
                    if total > self.max_bytes:
                        break
                    more = message.get("more_body", False)
        except TimeoutError:
            await self._refuse(scope, receive, send, 408)
            return
        if total > self.max_bytes:
            await self._refuse(scope, receive, send)
            return
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


#: The page's Content-Security-Policy: its own scripts, styles and requests only, no inline
#: script or style, no frame, no plug-in (the page is ``static/``: no inline code).
PAGE_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")
#: The OpenAPI pages' (``/docs``, ``/redoc``): Swagger UI and ReDoc start with an inline script.
DOCS_CSP = PAGE_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
    "style-src 'self'", "style-src 'self' 'unsafe-inline'")
DOCS_PATHS = ("/docs", "/redoc")


class SecurityHeaders:
    """ASGI middleware: every answer says ``Content-Security-Policy`` (:data:`PAGE_CSP`,
    :data:`DOCS_CSP` for the OpenAPI pages), ``X-Frame-Options: DENY``,
    ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``. Four constant
    headers: no library needed for them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        csp = DOCS_CSP if path.startswith(DOCS_PATHS) else PAGE_CSP
        added = [(b"content-security-policy", csp.encode()), (b"x-frame-options", b"DENY"),
                 (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *added]}
            await send(message)

        await self.app(scope, receive, with_headers)


class RateLimit:
    """ASGI middleware: at most ``rate`` requests per client address (a ``limits`` notation,
    ``"1200/minute"``), counted in a moving window by the ``limits`` library; beyond, 429 with
    ``Retry-After`` (JSON ``problems``). The counting is the library's: this only asks it."""

    def __init__(self, app: ASGIApp, rate: str) -> None:
        self.app = app
        self.item: RateLimitItem = parse(rate)
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        who = client[0] if client else "unknown"
        if await self.limiter.hit(self.item, who):
            await self.app(scope, receive, send)
            return
        stats = await self.limiter.get_window_stats(self.item, who)
        wait = max(1, math.ceil(stats.reset_time - time.time()))
        response = JSONResponse(
            {"problems": [Problem(f"more than {self.item} requests from {who}; try again in "
                                  f"{wait} s", "client", code="busy").as_json()]},
            status_code=429, headers={"Retry-After": str(wait)})
        await response(scope, receive, send)
