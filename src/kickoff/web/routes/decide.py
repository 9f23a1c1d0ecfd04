"""``POST /api/decide``: the decision a kick-off reached (High Kick, Blitz!, Charge!, Quick
Snap, Perfect / Solid Defence), its options best first, each valued exactly, and the line the
page shows after a Kick!: "Blitz!: best plan ... (P = ...); what you did: ... (P = ...)"
(``kickoff decide --json``; :mod:`kickoff.analysis.decide`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from kickoff.analysis.objectives import Objective
from kickoff.core.errors import KickoffError
from kickoff.core.problems import Problem
from kickoff.defaults import PLAN_BUDGET, kick_use
from kickoff.web import compute
from kickoff.web.checks import BadInput, checked, in_field
from kickoff.web.jobs import odds_service
from kickoff.web.limits import AppLimits
from kickoff.web.models import WithScenario

#: The most plans the page's question values for a free move (each one exact solve, twice:
#: the kick-off's value and the value given the event); ``kickoff decide`` has no such cap.
#: Every face's default (:data:`kickoff.defaults.PLAN_BUDGET`): the hill climb mostly stops
#: at a local optimum before it (docs/performance.md, "The plan budget's default").
MAX_PLAN_BUDGET = PLAN_BUDGET

router = APIRouter()


class DecideRequest(WithScenario):
    """The kick-off to stop at its decision (its dice or its seed, as ``/api/kick`` plays it)."""

    objective: Objective = Field("receiver-holds", description="What the options are valued "
                                 "by, for the receivers (the kicking coach wants it the other "
                                 "way).")
    plan_budget: int = Field(PLAN_BUDGET, ge=1, le=MAX_PLAN_BUDGET, description="Blitz!, Charge! and "
                             "the re-set-ups: the most plans valued exactly.")


class DecideAnswer(BaseModel):
    """``decision``: ``kickoff decide --json``'s document (exact fraction strings), or ``null``
    when the kick-off reached none of the decisions answered."""

    decision: dict[str, Any] | None = None


@router.post("/api/decide", tags=["kick-off"], response_model=DecideAnswer)
async def decide(request: Request, body: DecideRequest, lim: AppLimits) -> dict[str, Any]:
    """The kick-off's decision answered: its options, best first, each with its exact value
    (``kickoff decide``); ``{"decision": null}`` when it reached none. Valued in a worker
    process of the odds service (seconds of exact solves: in a thread of the server's own
    process they held its interpreter, and pages opened meanwhile waited), queued with the
    odds' jobs."""
    doc = body.scenario
    if doc.get("dice") is None and doc.get("seed") is None:
        raise BadInput([Problem("give the dice or the seed the kick-off was played from",
                                "scenario.seed")])
    # a turn (a Kick It! Kick action) has no kick-off to stop at a decision: 422 naming phase
    text, _ = await asyncio.to_thread(checked, doc, lim, compute.load_kickoff)
    answer: dict[str, Any] = await odds_service(request).job(decide_job, text, body.objective,
                                                             body.plan_budget)
    return answer


def decide_job(text: str, objective: Objective, budget: int) -> dict[str, Any]:
    """``/api/decide``'s answer for the checked scenario ``text``, as the odds service's worker
    processes compute it: ``{"decision": kickoff decide --json's document or None}``, its
    ``applied`` the same keys (the teams' set-ups: the scenario's; the kicker and his Kick as
    every face decides them, the events on, the default play);
    :class:`~kickoff.web.checks.BadInput` for a kick-off or decision the rules refuse."""
    from kickoff.analysis import decide as analysis

    loaded = compute.load_kickoff(text)
    st = loaded.state
    dice, _ = loaded.dice()
    try:
        reached = analysis.reach(st, loaded.ruleset, dice, loaded.decisions, loaded.house_rules)
    except analysis.NotReached:
        return {"decision": None}
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    target = loaded.decisions.target or st.pitch.centre[st.receiving]
    kick = kick_use(st, loaded.ruleset, loaded.house_rules)
    setting = analysis.Setting(st, loaded.ruleset, loaded.house_rules, target, kick.used,
                               objective)
    try:
        found = analysis.answer(setting, reached, loaded.decisions, budget)
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    # what was applied, as kickoff decide --json says it (its teams: the scenario's set-ups)
    applied = {"ruleset": loaded.ruleset.name, "kicking": st.kicking,
               "teams": {side: f"{st.teams[side].name}, set-up from the scenario"
                         for side in ("home", "away")},
               "kicker": kick.kicker, "use_kick_skill": kick.used, "events": "all",
               "play": "defaults"}
    return {"decision": {**found.to_json(), "applied": applied}}
