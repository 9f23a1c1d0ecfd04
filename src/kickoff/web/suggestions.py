"""The jobs of "Suggest a set-up": set-up searches in worker processes, with progress and cancel.

:class:`SuggestService` starts each search (:func:`kickoff.web.advice.suggest_job`) in a pool of
its own worker processes, at most :attr:`Limits.max_suggestions
<kickoff.web.limits.Limits.max_suggestions>` at once (503 beyond: a search keeps a core busy
for its whole time bound, so none waits in a queue). A search reports its progress, and is told
to stop, through two mappings of a ``multiprocessing`` manager; a job's page asks for its state
(:meth:`SuggestService.status`) until it ends. A search nobody has asked about for
:attr:`Limits.suggest_abandon_seconds` (the page was closed) is cancelled, as an odds job whose
clients all left is dropped. Cancelled, a search answers the best set-up it had found.

The pool and the manager start with the first search, so a server nobody asks for a
suggestion runs no process for them. Both heal: a search whose worker process or manager
process died fails with a problem saying so, and the next search starts a new pool or manager
(a new search meeting a pool already broken is answered 503 with ``Retry-After``; a manager
found dead is replaced before the search starts).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import secrets
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from multiprocessing.managers import DictProxy, SyncManager
from typing import Any

from fastapi import HTTPException, Request

from kickoff.analysis.simulate import end_pool
from kickoff.core.errors import KickoffError, OptionError
from kickoff.core.pitch import Side
from kickoff.core.problems import Problem, ProblemJSON
from kickoff.web import advice, compute
from kickoff.web.advice import SuggestOptions
from kickoff.web.checks import in_field
from kickoff.web.limits import Limits

#: A job's id: 16 hexadecimal digits.
JOB_ID = r"^[0-9a-f]{16}$"


@dataclass
class SuggestJob:
    """One search: its options, its future, and what it answered once finished."""

    id: str
    receiving: Side
    options: SuggestOptions
    started: float
    #: When the job's state was last asked for (time.monotonic()).
    seen: float
    future: asyncio.Future[dict[str, Any]] | None = None
    watcher: asyncio.Task[None] | None = None
    #: The pool it runs in (a pool found broken is replaced only if still the service's).
    pool: ProcessPoolExecutor | None = None
    state: str = "running"
    cancel_asked: bool = False
    ended: float | None = None
    suggestion: dict[str, Any] | None = None
    problems: list[ProblemJSON] = field(default_factory=list)
    #: The last progress report read while running (kept for a job that failed).
    last: dict[str, Any] | None = None


class SuggestService:
    """Set-up searches off the event loop: a worker pool, progress, cancel, finished jobs kept
    (the last :attr:`Limits.suggestions_kept`)."""

    #: How often a job's watcher checks that someone still asks about it, seconds.
    watch_seconds = 0.5

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.jobs: dict[str, SuggestJob] = {}
        self.pool: ProcessPoolExecutor | None = None
        self.manager: SyncManager | None = None
        self.progress: DictProxy[str, Any] | None = None
        self.cancels: DictProxy[str, bool] | None = None
        self.opening = asyncio.Lock()

    def running(self) -> int:
        """The searches not finished."""
        return sum(1 for j in self.jobs.values() if j.state == "running")

    async def _open(self) -> tuple[ProcessPoolExecutor, DictProxy[str, Any], DictProxy[str, bool]]:
        async with self.opening:
            if self.progress is not None and not await asyncio.to_thread(_answers, self.progress):
                self._manager_lost()
            if self.manager is None:
                self.manager, self.progress, self.cancels = await asyncio.to_thread(_shared)
            if self.pool is None:
                self.pool = _pool(self.limits.max_suggestions, self.limits.job_memory_bytes)
            assert self.progress is not None and self.cancels is not None
            return self.pool, self.progress, self.cancels

    async def start(self, text: str, receiving: Side, options: SuggestOptions) -> dict[str, Any]:
        """Start a search of the receiving team's set-ups of scenario ``text`` (checked by the
        caller): its first state (:meth:`status`). 503 when
        :attr:`Limits.max_suggestions` searches are running."""
        running = self.running()
        if running >= self.limits.max_suggestions:
            raise HTTPException(503, Problem(f"{running} set-up searches running, the most this "
                                             "server runs at once; try again shortly", "server",
                                             code="busy"),
                                headers={"Retry-After": "10"})
        now = time.monotonic()
        job = SuggestJob(secrets.token_hex(8), receiving, options, now, now)
        self.jobs[job.id] = job  # counted at once: a second request does not pass the check
        try:
            pool, progress, cancels = await self._open()
            job.pool = pool
            job.future = asyncio.wrap_future(pool.submit(
                advice.suggest_job, text, options, job.id, progress, cancels))
        except BrokenProcessPool:  # a worker died since the last search: a new pool next time
            del self.jobs[job.id]
            self._pool_lost(job.pool)
            raise HTTPException(503, "a set-up search's worker process was lost (it has been "
                                "replaced); try again", headers={"Retry-After": "1"}) from None
        except BaseException:
            del self.jobs[job.id]
            raise
        job.watcher = asyncio.create_task(self._watch(job))
        return await self.status(job.id)

    def _job(self, job_id: str) -> SuggestJob:
        job = self.jobs.get(job_id)
        if job is None:
            raise HTTPException(404, Problem(f"no set-up search {job_id!r} (this server keeps "
                                             f"the last {self.limits.suggestions_kept} finished "
                                             "ones)", "id"))
        job.seen = time.monotonic()
        return job

    async def status(self, job_id: str) -> dict[str, Any]:
        """A job's state (``SuggestJobOut``): its progress, and once finished its suggestion
        or its problems. 404 for an id this server does not know (any more)."""
        job = self._job(job_id)
        if job.state == "running" and self.progress is not None:
            try:
                job.last = await asyncio.to_thread(self.progress.get, job.id) or job.last
            except (OSError, EOFError):  # the manager process died: the last progress read
                self._manager_lost()
        o = job.options
        return {"id": job.id, "state": job.state, "receiving": job.receiving,
                "objective": o.objective, "events": o.events, "play": o.play,
                "seconds": o.seconds, "rounds": o.rounds, "seed": o.seed,
                "progress": _progress(job), "suggestion": job.suggestion,
                "problems": job.problems}

    async def cancel(self, job_id: str) -> dict[str, Any]:
        """Ask a job to stop (it answers the best set-up found so far): its state. A finished
        job is left as it is."""
        job = self._job(job_id)
        if job.state == "running":
            await self._ask_to_stop(job)
        return await self.status(job_id)

    async def _ask_to_stop(self, job: SuggestJob) -> None:
        job.cancel_asked = True
        if self.cancels is not None:
            await asyncio.to_thread(self.cancels.__setitem__, job.id, True)

    async def _watch(self, job: SuggestJob) -> None:
        """Wait for the job's end, cancelling it if nobody asks about it any more."""
        assert job.future is not None
        while not job.future.done():
            await asyncio.wait({job.future}, timeout=self.watch_seconds)
            abandoned = time.monotonic() - job.seen > self.limits.suggest_abandon_seconds
            if abandoned and not job.cancel_asked and not job.future.done():
                await self._ask_to_stop(job)
        self._finish(job, job.future)
        with contextlib.suppress(Exception):  # the manager has gone (the server is stopping)
            await asyncio.to_thread(self._forget, job.id)
        finished = [j for j in self.jobs.values() if j.state != "running"]
        for old in finished[:max(0, len(finished) - self.limits.suggestions_kept)]:
            del self.jobs[old.id]

    def _forget(self, job_id: str) -> None:
        if self.progress is not None and self.cancels is not None:
            self.progress.pop(job_id, None)
            self.cancels.pop(job_id, None)

    def _finish(self, job: SuggestJob, future: asyncio.Future[dict[str, Any]]) -> None:
        job.ended = time.monotonic()
        error = future.exception()
        if error is None:
            job.suggestion = future.result()
            job.state = "cancelled" if job.suggestion["cancelled"] else "done"
            return
        job.state = "failed"
        if isinstance(error, OptionError):  # the advisor's word on the request ("play: ...")
            job.problems = [p.as_json() for p in error.problems]
            return
        if isinstance(error, KickoffError):
            job.problems = [p.as_json() for p in in_field("scenario", error)]
            return
        if type(error) is ValueError:  # the advisor's word on the starting set-up
            job.problems = [Problem(line).as_json() for line in str(error).splitlines()]
            return
        if isinstance(error, MemoryError):  # past its worker's bound (compute.bound_memory)
            self._pool_lost(job.pool)  # a new pool for the next search
            job.problems = [Problem(f"the search needed more memory than a worker may take "
                                    f"({self.limits.job_memory_bytes // 2**20} MB); no "
                                    "suggestion", "memory").as_json()]
            return
        if isinstance(error, (BrokenProcessPool, OSError, EOFError)):
            # its worker (BrokenProcessPool) or the manager (a connection refused or cut) died:
            # the next search makes a new pool, or finds the manager dead (_open) and makes one
            if isinstance(error, BrokenProcessPool):
                self._pool_lost(job.pool)
            job.problems = [Problem("the search's worker or manager process was lost (it has "
                                    "been replaced); start the search again",
                                    "server").as_json()]
            return
        logging.getLogger("uvicorn.error").error(
            "kickoff: set-up search %s failed", job.id, exc_info=error)
        job.problems = [Problem("an unexpected error (a bug in kickoff, logged by the server); "
                                "no suggestion", "server").as_json()]

    def _pool_lost(self, pool: ProcessPoolExecutor | None) -> None:
        if pool is not None and pool is self.pool:  # not one already replaced
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def _manager_lost(self) -> None:
        if self.manager is not None:
            logging.getLogger("uvicorn.error").warning(
                "kickoff: the set-up searches' manager process was lost; a new one replaces it")
            with contextlib.suppress(Exception):  # it is dead: only its bookkeeping to drop
                self.manager.shutdown()
        self.manager = self.progress = self.cancels = None

    async def close(self) -> None:
        """Stop every search, then end the pool's processes (the searches still running with
        them) and the manager."""
        for job in [j for j in self.jobs.values() if j.state == "running"]:
            with contextlib.suppress(Exception):
                await self._ask_to_stop(job)
        if self.pool is not None:  # ended at once: a stopped server ends within a second
            await asyncio.to_thread(end_pool, self.pool)
        for job in self.jobs.values():
            if job.watcher is not None:
                job.watcher.cancel()
        if self.manager is not None:
            await asyncio.to_thread(self.manager.shutdown)


def _progress(job: SuggestJob) -> dict[str, Any]:
    """Set-ups evaluated, seconds since the job started (until it ended), the best value."""
    s = job.suggestion
    elapsed = (job.ended or time.monotonic()) - job.started
    if s is not None:
        return {"evaluated": s["evaluated"], "elapsed": elapsed, "best": s["value"]}
    last = job.last or {"evaluated": 0, "best": None}
    return {"evaluated": last["evaluated"], "elapsed": elapsed, "best": last["best"]}


def _shared() -> tuple[SyncManager, DictProxy[str, Any], DictProxy[str, bool]]:
    """A manager process and its two mappings: each job's progress, and the jobs to stop."""
    manager = multiprocessing.get_context("forkserver").Manager()
    return manager, manager.dict(), manager.dict()


def _answers(progress: DictProxy[str, Any]) -> bool:
    """Whether the manager holding ``progress`` still answers."""
    try:
        len(progress)
    except (OSError, EOFError):
        return False
    return True


def _pool(workers: int, memory: int) -> ProcessPoolExecutor:
    # forkserver, as the odds workers (kickoff.web.jobs): never forked from a threaded process;
    # each worker bounded at ``memory`` bytes, as theirs
    ctx = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                               initializer=compute.bound_memory, initargs=(memory,))


@asynccontextmanager
async def suggest_pool(limits: Limits) -> AsyncIterator[SuggestService]:
    """The suggestion service of a running application; on exit every search is stopped."""
    service = SuggestService(limits)
    try:
        yield service
    finally:
        await service.close()


def suggest_service(request: Request) -> SuggestService:
    """The application's :class:`SuggestService` (set by its lifespan, :func:`suggest_pool`)."""
    svc: SuggestService = request.app.state.suggestions
    return svc
