"""``POST /api/review``: a FUMBBL game reviewed, every kick-off judged against the best play
(``kickoff fumbbl review --json``; :mod:`kickoff.web.review`, issue 28). The replay is the
request's body (the file as FUMBBL serves it, gzipped JSON; plain JSON too), at most the app's
``Limits.max_body_bytes`` (413 beyond); ``POST /api/review/{game_id}`` fetches the game from
FUMBBL instead (``kickoff fumbbl review GAMEID``'s fetch and cache). A replay that cannot be
read or reviewed is a 422 whose problems name ``replay`` (``game_id`` when it cannot be
fetched).

A review is seconds to minutes of exact solves (every target of every kick-off); one runs at a
time, in one of the server's worker processes as an odds job runs (``kickoff.web.jobs``:
the server's own process stays free to answer the other requests meanwhile, its memory
bounded as an odds job's), and a second review request meanwhile is answered 503 with
``Retry-After`` (none waits in a queue)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query, Request

from kickoff.analysis.objectives import Objective
from kickoff.core.errors import KickoffError
from kickoff.core.problems import Problem
from kickoff.defaults import DEFAULT_OBJECTIVE, FUMBBL_TIMEOUT, REVIEW_PLAN_BUDGET
from kickoff.web.checks import BadInput
from kickoff.web.jobs import odds_service
from kickoff.web.models import Problems
from kickoff.web.review import ReviewRefused, review_job

#: The most plans valued for a free move's decision (each one exact solve); ``kickoff fumbbl
#: review`` takes 16 by default, the page 2.
MAX_PLAN_BUDGET = 4

#: Reviews running at once (each keeps a core busy for seconds to minutes).
RUNNING = 1
_running = asyncio.Semaphore(RUNNING)

router = APIRouter(tags=["review a game"])

BUSY: dict[int | str, dict[str, Any]] = {
    503: {"model": Problems, "description": "A review is running; try again shortly."}}
ObjectiveQuery = Annotated[Objective, Query(description="What is valued, for the receivers "
                                            "(the kicking coach wants it the other way).")]
BudgetQuery = Annotated[int, Query(ge=1, le=MAX_PLAN_BUDGET, description="A free move's "
                                   "decision (Blitz!, Charge!, the re-set-ups): the most plans "
                                   "valued exactly.")]
GameId = Annotated[str, Path(pattern=r"^[0-9]{1,12}$", description="A FUMBBL game id.")]

REPLAY_BODY = {"requestBody": {"required": True, "content": {
    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    "description": "The FUMBBL replay file (gzipped JSON, as FUMBBL serves it, or plain "
                   "JSON)."}}


@router.post("/api/review", openapi_extra=REPLAY_BODY, responses=BUSY)
async def review(request: Request, objective: ObjectiveQuery = DEFAULT_OBJECTIVE,
                 plan_budget: BudgetQuery = REVIEW_PLAN_BUDGET) -> dict[str, Any]:
    """Review an uploaded FUMBBL replay: each kick-off's kick, the receiving set-up against the
    best kick and the Kick-off event's decision, each against the best (exact fraction
    strings), the players and every target's value for the pitch, a summary per team."""
    data = await request.body()
    if not data:
        raise BadInput([Problem("no replay: send the FUMBBL replay file as the request's body",
                                "replay")])
    if request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise BadInput([Problem("a form upload: send the FUMBBL replay file itself as the "
                                "request's body (application/octet-stream; curl "
                                "--data-binary @FILE), not a form", "replay")])
    return await _run(request, data, objective, plan_budget)


@router.post("/api/review/{game_id}", responses=BUSY)
async def review_game(request: Request, game_id: GameId,
                      objective: ObjectiveQuery = DEFAULT_OBJECTIVE,
                      plan_budget: BudgetQuery = REVIEW_PLAN_BUDGET) -> dict[str, Any]:
    """Review a FUMBBL game fetched by its id (as ``kickoff fumbbl review GAMEID``: over
    HTTPS, cached); as ``POST /api/review`` answers."""
    from kickoff.formats.fumbbl.fetch import CacheError, fetch_replay

    def fetched() -> str:
        try:
            return str(fetch_replay(game_id, None, FUMBBL_TIMEOUT))
        except CacheError:  # its message names the server's folder: not the client's to see
            raise BadInput([Problem(f"FUMBBL game {game_id}: the server cannot keep the replay "
                                    "(its cache folder cannot be made, read or written)",
                                    "game_id")]) from None
        except KickoffError as e:
            raise BadInput([Problem(str(e).splitlines()[0], "game_id")]) from None

    _refuse_if_busy()
    async with _running:
        path = await asyncio.to_thread(fetched)  # a request's wait, not work: a thread
        return await _review(request, path, objective, plan_budget)


def _refuse_if_busy() -> None:
    """503 with ``Retry-After`` while a review is running."""
    if _running.locked():
        raise HTTPException(503, Problem("a game is being reviewed, the one this server "
                                         "reviews at once; try again shortly", "server",
                                         code="busy"), headers={"Retry-After": "10"})


async def _run(request: Request, data: bytes | str, objective: Objective, budget: int
               ) -> dict[str, Any]:
    """:func:`~kickoff.web.review.review_job` of ``data``, alone (503 when a review is
    running)."""
    _refuse_if_busy()
    async with _running:
        return await _review(request, data, objective, budget)


async def _review(request: Request, data: bytes | str, objective: Objective, budget: int
                  ) -> dict[str, Any]:
    """The review in a worker process of the odds service; its refusal a 422."""
    try:
        answer: dict[str, Any] = await odds_service(request).job(review_job, data, objective,
                                                                 budget)
    except ReviewRefused as e:
        raise BadInput(e.problems) from None
    return answer
