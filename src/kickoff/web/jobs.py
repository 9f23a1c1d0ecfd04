"""The job scheduler of exact odds: a pool of worker processes, off the event loop.

:class:`OddsService` queues each odds question until a worker is free (at most
:attr:`Limits.max_pending <kickoff.web.limits.Limits.max_pending>` waiting, 503 beyond), shares
one job among identical questions in flight, drops a job whose clients have all left before it
starts (one a worker has taken runs to its end, its answer cached), and caches the answers by
set-up (:mod:`kickoff.web.cache`). The work itself is :mod:`kickoff.web.compute`'s, in the
workers.

The pool heals: a worker process that dies (killed, out of memory) breaks a
``ProcessPoolExecutor`` for good (``BrokenProcessPool``); the service then builds a new pool at
once and answers the requests whose jobs were lost 503 with ``Retry-After`` (at most the jobs
in flight at the time), the next ones are served by the new pool. A worker whose peak resident
memory passed :attr:`Limits.worker_memory_bytes` after a job is recycled the same way, without
a lost job: a new pool takes the next jobs, the old one finishes its own and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

from fastapi import HTTPException, Request
from fastapi.responses import Response

from kickoff.analysis.exact.solver import Events, SolverPlay
from kickoff.analysis.simulate import end_pool
from kickoff.analysis.targets import Objective
from kickoff.core.problems import Problem
from kickoff.web import compute
from kickoff.web.cache import Lru
from kickoff.web.limits import Limits

T = TypeVar("T")


#: The 503's problem for a request met by the server stopping (:meth:`OddsService.stop`).
STOPPING = Problem("the server is stopping; try again shortly", "server", code="busy")


class ClientGone(Exception):
    """The client of a request stopped waiting for its answer."""


class OddsService:
    """Exact odds off the event loop: a worker pool, caches by set-up, one job per question.

    A job nobody waits for any more (every client asking for it went away, e.g. the page asked
    again after a drag) is cancelled if it has not started; one a worker has taken runs to its
    end (a worker cannot be stopped mid-job) and its answer is cached.
    """

    #: How often a waiting request checks that its client is still there, seconds.
    watch_seconds = 0.5

    #: ``Retry-After`` of the 503 answering a request whose job a lost worker took, seconds.
    retry_after_lost = 1

    def __init__(self, executor: Executor, limits: Limits, workers: int = 1,
                 rebuild: Callable[[], Executor] | None = None) -> None:
        self.executor = executor
        #: Makes a new pool when the one running is broken (None: not rebuilt, as a test's
        #: executor).
        self.rebuild = rebuild
        #: Pools rebuilt since the start (a lost worker each, or more at once).
        self.rebuilt = 0
        self.limits = limits
        #: Jobs wait here, cancellable, until a worker is free: an executor would start (and
        #: no longer cancel) more jobs than it has workers.
        self.slots = asyncio.Semaphore(workers)
        self.odds = Lru(limits.cached_odds_bytes)
        self.rankings = Lru(limits.cached_rankings_bytes)
        #: Pools replaced because a worker passed the memory ceiling.
        self.recycled = 0
        #: Pools replaced because a job passed its worker's memory bound (MemoryError).
        self.too_big = 0
        self.in_flight: dict[Any, asyncio.Future[Any]] = {}
        #: The jobs (their asyncio tasks) a worker has taken: one nobody waits for any more
        #: runs to its end all the same (a worker cannot be stopped mid-job) and its answer
        #: is cached, not thrown away.
        self.started: set[asyncio.Future[Any]] = set()
        self.waiters: dict[Any, int] = {}
        self.pending = 0
        #: The server is stopping (:meth:`stop`).
        self.stopping = False
        self.stop_lock = threading.Lock()

    async def _run(self, func: Callable[..., T], *args: Any) -> T:
        if self.stopping:
            raise HTTPException(503, STOPPING,
                                headers={"Retry-After": "5"})
        if self.pending >= self.limits.max_pending:
            raise HTTPException(503, Problem(f"{self.pending} odds jobs waiting; try again shortly",
                                             "server", code="busy"),
                                headers={"Retry-After": "5"})
        self.pending += 1
        task = asyncio.current_task()
        try:
            await self.slots.acquire()
            loop = asyncio.get_running_loop()
            executor = self.executor
            try:
                job = executor.submit(partial(compute.measured, func, *args))
            except BrokenProcessPool:
                self.slots.release()
                self._lost(executor)
                raise
            except BaseException:
                self.slots.release()
                raise
            if task is not None:
                self.started.add(task)  # (until this call ends: the finally below)

            def free(_: Any) -> None:
                # the worker is free again when the job ends, even if nobody waits for it
                with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                    loop.call_soon_threadsafe(self.slots.release)

            job.add_done_callback(free)
            try:
                result, memory = await asyncio.wrap_future(job)
            except BrokenProcessPool:
                self._lost(executor)
                raise
            except MemoryError:
                self._too_big(executor)
                raise HTTPException(422, Problem(
                    f"this question needs more memory than a worker may take "
                    f"({self.limits.job_memory_bytes // 2**20} MB); ask a smaller one (fewer "
                    f"Kick-off events, play defaults) or run it with kickoff odds", "memory"),
                ) from None
            self._recycle_past(executor, memory)
            answer: T = result
            return answer
        except BrokenProcessPool:
            if self.stopping:
                raise HTTPException(503, STOPPING,
                                    headers={"Retry-After": "5"}) from None
            raise HTTPException(
                503, f"a worker process computing the odds was lost (killed, or past its "
                f"memory bound of {self.limits.job_memory_bytes // 2**20} MB in a library that "
                f"ends the process then: GMP); it has been replaced: try again",
                headers={"Retry-After": str(self.retry_after_lost)}) from None
        finally:
            self.pending -= 1
            if task is not None:
                self.started.discard(task)

    def _recycle_past(self, executor: Executor, memory: int) -> None:
        """``executor``'s pool replaced (its running jobs left to end) when a job's worker
        reached ``memory`` bytes, past :attr:`Limits.worker_memory_bytes
        <kickoff.web.limits.Limits.worker_memory_bytes>`."""
        if memory > self.limits.worker_memory_bytes and self._replace(executor, cancel=False):
            self.recycled += 1
            logging.getLogger("uvicorn.error").info(
                "kickoff: an odds worker reached %d MB: its pool is recycled (%d so far)",
                memory // 2**20, self.recycled)

    def stop(self) -> None:
        """End the workers now (the server is stopping; blocks up to a second): the jobs
        running are lost, their requests answered 503, and no pool is built again. Called
        from any thread, any number of times: the first call ends them, the others wait for
        it."""
        self.rebuild = None
        self.stopping = True
        with self.stop_lock:
            if isinstance(self.executor, ProcessPoolExecutor):
                end_pool(self.executor)
            else:
                self.executor.shutdown(wait=False, cancel_futures=True)

    def _replace(self, old: Executor, cancel: bool) -> bool:
        """A new pool in place of ``old`` (once, whoever asks first): whether it was made.
        ``cancel``: ``old``'s queued jobs are cancelled (else run); none is waited for."""
        if self.rebuild is None or old is not self.executor:
            return False  # not rebuilt here, or already rebuilt
        self.executor = self.rebuild()
        old.shutdown(wait=False, cancel_futures=cancel)
        return True

    def _too_big(self, executor: Executor) -> None:
        """A job of ``executor`` passed its worker's memory bound: the pool is replaced (the
        worker's heap may be left fragmented near its bound)."""
        if self._replace(executor, cancel=False):
            self.too_big += 1
            logging.getLogger("uvicorn.error").warning(
                "kickoff: an odds job passed its worker's memory bound (%d MB); its pool is "
                "replaced (%d so far)", self.limits.job_memory_bytes // 2**20, self.too_big)

    def _lost(self, broken: Executor) -> None:
        """A worker of ``broken`` died: a new pool replaces it."""
        if not self._replace(broken, cancel=True):
            return
        self.rebuilt += 1
        logging.getLogger("uvicorn.error").warning(
            "kickoff: an odds worker process was lost; a new pool replaces it (%d so far)",
            self.rebuilt)

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
                if not future.done() and future not in self.started:
                    future.cancel()  # nobody waits: drop the job unless a worker has it

    async def job(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a worker process, queued as an odds job (a long job of another
        kind: ``POST /api/review``), not cached or shared; its own exceptions raised here."""
        return await self._run(func, *args)

    async def one(self, text: str, events: Events, kick_skill: bool | None, target: tuple[int, int],
                  gone: Callable[[], Awaitable[bool]] | None = None, play: SolverPlay = "defaults",
                  objective: Objective = "receiver-holds", plan_budget: int = 0) -> dict[str, Any]:
        """One target's odds (:func:`kickoff.web.compute.odds_job`; ``play``: the receiving
        coach's choices, ``"best"`` for ``objective``; ``plan_budget`` above 0, with ``play``
        ``"best"`` and ``events`` ``"all"``: the free moves searched in the worker,
        :func:`kickoff.web.compute.planned_odds_job`)."""
        key = (compute.setup_key(text), events, kick_skill, _played(play, objective), target,
               plan_budget)
        if plan_budget and play == "best" and events == "all":
            def run() -> Awaitable[dict[str, Any]]:
                return self._run(compute.planned_odds_job, text, kick_skill, target, objective,
                                 plan_budget)
        else:
            def run() -> Awaitable[dict[str, Any]]:
                return self._run(compute.odds_job, text, events, kick_skill, target, play,
                                 objective)
        result: dict[str, Any] = await self._shared(key, self.odds, run, gone)
        return result

    async def all_targets(self, text: str, events: Events, kick_skill: bool | None,
                          objective: Objective, gone: Callable[[], Awaitable[bool]] | None = None,
                          play: SolverPlay = "defaults") -> dict[str, Any]:
        """Every target ranked (:func:`kickoff.web.compute.all_targets_job`); each target's full
        odds go into the one-target cache."""
        setup = compute.setup_key(text)

        async def job() -> dict[str, Any]:
            ranking, every = await self._run(compute.all_targets_job, text, events, kick_skill,
                                             objective, play)
            for target, doc in every.items():
                # plan-less: the one-target key of a budget of 0
                self.odds.put((setup, events, kick_skill, _played(play, objective), target, 0),
                              doc)
            return ranking

        result: dict[str, Any] = await self._shared(
            (setup, events, kick_skill, objective, play), self.rankings, job, gone)
        return result


def _played(play: SolverPlay, objective: Objective) -> str:
    """How the receiving coach's choices are played, as a cache key's part: ``"defaults"``
    (whatever the objective), ``"close"`` (both coaches the close policy, whatever the
    objective), or ``"best:<objective>"``."""
    return play if play in ("defaults", "close") else f"best:{objective}"


def _pool(workers: int, memory: int) -> ProcessPoolExecutor:
    """``workers`` processes, each bounded at ``memory`` bytes (:func:`compute.bound_memory`)."""
    # forkserver: workers are not forked from a process running threads (uvicorn's, anyio's).
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["kickoff.web.compute"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                               initializer=compute.bound_memory, initargs=(memory,))


@asynccontextmanager
async def odds_pool(workers: int, limits: Limits) -> AsyncIterator[OddsService]:
    """The odds service of a running application: ``workers`` processes, each started (and
    :mod:`kickoff.web.compute` imported) before the first request; on exit the jobs not
    started are cancelled and the workers ended at once, the running jobs with them (a server
    stopped by a signal ends within a second, ``docs/web.md``; their requests are ended by
    uvicorn's own shutdown first)."""
    executor = _pool(workers, limits.job_memory_bytes)
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(executor, compute.warm_up)
                           for _ in range(workers)))
    service = OddsService(executor, limits, workers, rebuild=partial(_pool, workers, limits.job_memory_bytes))
    try:
        yield service
    finally:
        await asyncio.to_thread(service.stop)


def odds_service(request: Request) -> OddsService:
    """The application's :class:`OddsService` (set by its lifespan, :func:`odds_pool`)."""
    svc: OddsService = request.app.state.odds
    return svc


async def client_gone(request: Request, exc: ClientGone) -> Response:
    """The exception handler of :class:`ClientGone`."""
    return Response(status_code=499)  # nobody reads it: the client has gone
