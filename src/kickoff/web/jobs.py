"""The job scheduler of exact odds: a pool of worker processes, off the event loop.

:class:`OddsService` queues each odds question until a worker is free (at most
:attr:`Limits.max_pending <kickoff.web.limits.Limits.max_pending>` waiting, 503 beyond), shares
one job among identical questions in flight, drops a job whose clients have all left before it
starts, and caches the answers by set-up (:mod:`kickoff.web.cache`). The work itself is
:mod:`kickoff.web.compute`'s, in the workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

from fastapi import HTTPException, Request
from fastapi.responses import Response

from kickoff.analysis.exact import Events, Play
from kickoff.analysis.targets import Objective
from kickoff.web import compute
from kickoff.web.cache import Lru
from kickoff.web.limits import Limits

T = TypeVar("T")


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
        self.odds = Lru(limits.cached_odds)
        self.rankings = Lru(limits.cached_rankings)
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

    async def _shared(self, key: Any, cache: Lru, job: Callable[[], Any],
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

    async def one(self, text: str, events: Events, kick_skill: bool | None, target: tuple[int, int],
                  gone: Callable[[], Awaitable[bool]] | None = None, play: Play = "defaults",
                  objective: Objective = "receiver-holds") -> dict[str, Any]:
        """One target's odds (:func:`kickoff.web.compute.odds_job`; ``play``: the receiving
        coach's choices, ``"best"`` for ``objective``)."""
        key = (compute.setup_key(text), events, kick_skill, _played(play, objective), target)
        result: dict[str, Any] = await self._shared(
            key, self.odds, lambda: self._run(compute.odds_job, text, events, kick_skill, target,
                                              play, objective),
            gone)
        return result

    async def all_targets(self, text: str, events: Events, kick_skill: bool | None,
                          objective: Objective, gone: Callable[[], Awaitable[bool]] | None = None,
                          play: Play = "defaults") -> dict[str, Any]:
        """Every target ranked (:func:`kickoff.web.compute.all_targets_job`); each target's full
        odds go into the one-target cache."""
        setup = compute.setup_key(text)

        async def job() -> dict[str, Any]:
            ranking, every = await self._run(compute.all_targets_job, text, events, kick_skill,
                                             objective, play)
            for target, doc in every.items():
                self.odds.put((setup, events, kick_skill, _played(play, objective), target), doc)
            return ranking

        result: dict[str, Any] = await self._shared(
            (setup, events, kick_skill, objective, play), self.rankings, job, gone)
        return result


def _played(play: Play, objective: Objective) -> str:
    """How the receiving coach's choices are played, as a cache key's part: ``"defaults"``
    (whatever the objective), or ``"best:<objective>"``."""
    return "defaults" if play == "defaults" else f"best:{objective}"


def _pool(workers: int) -> ProcessPoolExecutor:
    # forkserver: workers are not forked from a process running threads (uvicorn's, anyio's).
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["kickoff.web.compute"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


@asynccontextmanager
async def odds_pool(workers: int, limits: Limits) -> AsyncIterator[OddsService]:
    """The odds service of a running application: ``workers`` processes, each started (and
    :mod:`kickoff.web.compute` imported) before the first request; on exit the jobs not
    started are cancelled and the running ones finished."""
    executor = _pool(workers)
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(executor, compute.warm_up)
                           for _ in range(workers)))
    try:
        yield OddsService(executor, limits, workers)
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def odds_service(request: Request) -> OddsService:
    """The application's :class:`OddsService` (set by its lifespan, :func:`odds_pool`)."""
    svc: OddsService = request.app.state.odds
    return svc


async def client_gone(request: Request, exc: ClientGone) -> Response:
    """The exception handler of :class:`ClientGone`."""
    return Response(status_code=499)  # nobody reads it: the client has gone
