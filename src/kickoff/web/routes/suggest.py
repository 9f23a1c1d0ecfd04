""""Suggest a set-up" routes (issue 14): ``POST /api/suggest`` starts a search of the receiving
team's set-ups (``kickoff setup optimize``), ``GET /api/suggest/{id}`` tells how far it is and,
once finished, the set-up found; ``POST /api/suggest/{id}/cancel`` stops it early (it answers
the best set-up found so far). The searches run in worker processes
(:mod:`kickoff.web.suggestions`). A scenario with an illegal set-up is refused (422)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from kickoff.core.problems import Problem
from kickoff.web.advice import SuggestOptions, load_setup
from kickoff.web.checks import BadInput, checked
from kickoff.web.limits import AppLimits
from kickoff.web.models import Problems, SuggestJobOut, SuggestRequest
from kickoff.web.suggestions import JOB_ID, suggest_service

router = APIRouter(tags=["suggest a set-up"])

JobId = Annotated[str, Path(pattern=JOB_ID, description="The job's id, as POST /api/suggest "
                                                        "gave it.")]
NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": Problems, "description": "No such job (any more)."}}


@router.post("/api/suggest", status_code=202, response_model=SuggestJobOut,
             responses={503: {"model": Problems,
                              "description": "Too many set-up searches running."}})
async def suggest(body: SuggestRequest, request: Request, response: Response,
                  lim: AppLimits) -> dict[str, Any]:
    """Start a search for the receiving team's set-up whose worst kick hurts it least, from the
    scenario's set-up (``kickoff setup optimize``): the job (its ``Location``: where to ask
    how far it is)."""
    text, loaded = await asyncio.to_thread(checked, body.scenario, lim, load_setup)
    receiving = loaded.state.teams[loaded.state.receiving].players
    unknown = sorted(set(body.keep) - {p.id for p in receiving})
    if unknown:
        raise BadInput([Problem(f"{pid!r} is not a player of the receiving team (its players: "
                                f"{', '.join(p.id for p in receiving)})", "keep")
                        for pid in unknown])
    options = SuggestOptions(
        objective=body.objective, events=body.events, play=body.play, seconds=body.seconds,
        rounds=body.rounds, seed=secrets.randbelow(2**32) if body.seed is None else body.seed,
        keep=tuple(sorted(set(body.keep))))
    job = await suggest_service(request).start(text, loaded.state.receiving, options)
    response.headers["Location"] = f"/api/suggest/{job['id']}"
    return job


@router.get("/api/suggest/{job_id}", response_model=SuggestJobOut, responses=NOT_FOUND)
async def suggest_status(job_id: JobId, request: Request) -> dict[str, Any]:
    """How far a search is (set-ups evaluated, seconds, the best value so far) and, once it
    has finished, the set-up found, its value and the starting set-up's."""
    return await suggest_service(request).status(job_id)


@router.post("/api/suggest/{job_id}/cancel", response_model=SuggestJobOut,
             responses=NOT_FOUND)
async def suggest_cancel(job_id: JobId, request: Request) -> dict[str, Any]:
    """Stop a search: it ends with the best set-up found so far (``state: cancelled``), shortly
    after; a finished search is left as it is."""
    return await suggest_service(request).cancel(job_id)
