"""What the web server accepts and keeps (:class:`Limits`), and the routes' access to them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request


@dataclass(frozen=True)
class Limits:
    """What the server accepts and keeps."""

    #: Largest request body, bytes (a scenario of two teams of 16 is about 10 KB).
    max_body_bytes: int = 256 * 1024
    #: Most players in one team of a scenario.
    max_players: int = 16
    #: Odds jobs waiting for or running in the worker pool; more are refused with 503.
    max_pending: int = 256
    #: One-target odds answers kept, bytes of their JSON and keys (an eleven-a-side answer
    #: with events "all" is about 18 KB, its key a few KB).
    cached_odds_bytes: int = 64 * 2**20
    #: All-targets rankings kept, bytes (a ranking of 195 targets is about 60 KB).
    cached_rankings_bytes: int = 16 * 2**20
    #: An odds worker whose peak resident memory passed this after a job, bytes, is replaced
    #: (its pool is: the running jobs finish first) by a new one.
    worker_memory_bytes: int = 1024 * 2**20
    #: A worker's address space, bytes (``RLIMIT_AS``, odds and set-up search workers alike):
    #: one job that would take more fails with ``MemoryError``, answered 422, and its worker is
    #: replaced. With it, no worker passes the ceiling even during a job.
    job_memory_bytes: int = 1024 * 2**20
    #: Set-up searches ("Suggest a set-up") running at once, each in its own worker process;
    #: more are refused with 503.
    max_suggestions: int = 2
    #: Finished set-up searches whose answers are kept for their pages to read.
    suggestions_kept: int = 32
    #: A set-up search nobody asks about for this long, seconds (its page was closed), is
    #: cancelled.
    suggest_abandon_seconds: float = 30.0
    #: Connections open at once (``kickoff serve``: uvicorn's ``limit_concurrency``, kept below
    #: the open-file limit); a request beyond is answered 503.
    max_connections: int = 4000
    #: A kept-alive connection idle this long after an answer is closed, seconds (uvicorn's
    #: ``timeout_keep_alive``).
    idle_timeout_seconds: int = 5
    #: A request's head (its line and headers) must have arrived this long after its
    #: connection opened or its previous answer, seconds, or the connection is closed: an idle
    #: new connection and a slowloris are both closed (``kickoff.web.server``).
    header_timeout_seconds: float = 10.0
    #: A request's body must have arrived this long after its head, seconds (408 beyond).
    body_timeout_seconds: float = 30.0
    #: Requests a client (an address) may make, in the ``limits`` library's notation
    #: (a moving window); 429 beyond. The page asks a few a second while a coach drags.
    rate_limit: str = "1200/minute"
    #: Largest request head (line and headers), bytes (h11's ``max_incomplete_event_size``;
    #: 400 beyond).
    max_head_bytes: int = 16 * 1024


async def app_limits(request: Request) -> Limits:
    """The limits the application was made with (``create_app(limits=...)``)."""
    limits: Limits = request.app.state.limits
    return limits


#: A route's parameter for the application's :class:`Limits` (a FastAPI dependency; it adds
#: nothing to the request or the OpenAPI document).
AppLimits = Annotated[Limits, Depends(app_limits)]
