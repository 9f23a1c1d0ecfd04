"""Kick-off routes: ``POST /api/kick`` (one kick-off played, told in sentences), ``/api/odds``
and ``/api/odds/all`` (exact odds, computed by the worker pool of :mod:`kickoff.web.jobs`).
A scenario with an illegal set-up is refused here (422)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from fastapi import APIRouter, Request

from kickoff.analysis.exact.solver import Events, SolverPlay
from kickoff.core.errors import KickoffError
from kickoff.core.kickoff import target_problem
from kickoff.core.problems import Problem
from kickoff.formats.narration import bb_name, defaults_applied, sentences
from kickoff.formats.scenario import play, result_to_json
from kickoff.web import compute
from kickoff.web.checks import BadInput, checked, in_field
from kickoff.web.jobs import odds_service
from kickoff.web.limits import AppLimits, Limits
from kickoff.web.models import (
    AllTargetsAnswer,
    AllTargetsRequest,
    KickAnswer,
    KickRequest,
    OddsAnswer,
    OddsRequest,
)

#: How the page chooses what a default decided (for :func:`defaults_applied`).
PAGE_CHOICES = {"high_kick": "choose in High Kick", "touchback": "choose in Touchback",
                "free_turn": "a scenario's decisions.blitz / charge"}

router = APIRouter()


@router.post("/api/kick", tags=["kick-off"], response_model=KickAnswer)
def kick(body: KickRequest, lim: AppLimits) -> dict[str, Any]:
    """Play the scenario's kick-off once, as ``kickoff replay`` does: its scripted dice, or
    its seed (a new seed when it gives neither; the result names it). ``kick_skill`` given
    (the page gives its Kick control's): the kicker's Kick where the scenario does not say,
    ``null`` as every face's default (``kickoff run``: Kick when he has it), named in
    ``defaults``; its ``decisions.use_kick_skill`` then says what was played, for a replay."""
    doc = body.scenario
    if doc.get("dice") is None and doc.get("seed") is None:
        doc = {**doc, "seed": secrets.randbelow(2**31)}
    kick_line = None
    decisions = doc.get("decisions")
    if "kick_skill" in body.model_fields_set and (decisions is None or (
            isinstance(decisions, dict) and decisions.get("use_kick_skill") is None)):
        doc, kick_line = _with_kick(doc, body.kick_skill, lim)
    _, loaded = checked(doc, lim)
    try:
        result, seed = play(loaded)
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    played = result_to_json(result, loaded.ruleset, seed)
    d = loaded.decisions
    given = {"high_kick": d.high_kick is not None, "touchback": d.touchback is not None,
             "free_turn": bool(d.blitz or d.charge)}
    event = played.get("event")
    return {"result": played, "story": sentences(played["log"]),
            "defaults": ([] if kick_line is None else [kick_line])
            + defaults_applied(played["log"], given, PAGE_CHOICES),
            "event": bb_name(event["name"]) if event else None}


def _with_kick(doc: dict[str, Any], asked: bool | None, lim: Limits
               ) -> tuple[dict[str, Any], str | None]:
    """``doc`` with ``decisions.use_kick_skill`` as ``asked`` or, ``None``, as every face's
    default (:func:`kickoff.defaults.kick_use`: Kick when the kicker has it), and the line
    naming that default (``None`` when asked or nobody kicks)."""
    from kickoff.defaults import kick_use

    _, loaded = checked(doc, lim)  # a checked scenario: its decisions and kick are objects
    try:
        use = kick_use(loaded.state, loaded.ruleset, loaded.house_rules,
                       loaded.decisions.kicker, asked)
    except KickoffError as e:
        raise BadInput(in_field("scenario", e)) from None
    line = None
    if asked is None and use.kicker is not None:
        line = (f"Kicker {use.kicker}: {'uses Kick' if use.used else 'no Kick skill to use'}"
                " (the default when he has it, as kickoff run; choose in Kick)")
    return {**doc, "decisions": {**(doc.get("decisions") or {}),
                                 "use_kick_skill": use.used}}, line


@router.post("/api/odds", tags=["odds"], response_model=OddsAnswer)
async def odds(body: OddsRequest, request: Request, lim: AppLimits) -> dict[str, Any]:
    """The exact odds of one kick target: touchback, each player's chance to end with the
    ball, where it may end on the ground (``kickoff odds --json``)."""
    text, loaded = await asyncio.to_thread(checked, body.scenario, lim, compute.load_kickoff)
    state = loaded.state
    target = body.target or loaded.decisions.target or state.pitch.centre[state.receiving]
    problem = target_problem(state.pitch, state.receiving, target)
    if problem is not None:
        raise BadInput([problem.at("target")])
    applied = compute.plans_applied(body.events, body.play, body.plan_budget)
    if applied is None and body.plan_budget:
        raise BadInput([Problem("a plan budget needs play best and events all (else nobody "
                                "acts in the free moves; give 0 or leave it out)",
                                "plan_budget")])
    answer = await odds_service(request).one(
        text, body.events, body.kick_skill, (target[0], target[1]), request.is_disconnected,
        body.play, body.objective, 0 if applied is None else applied["plan_budget"])
    return {**answer, "applied": applied}


@router.post("/api/odds/all", tags=["odds"], response_model=AllTargetsAnswer)
async def odds_all(body: AllTargetsRequest, request: Request, lim: AppLimits) -> dict[str, Any]:
    """Every target of the receiving area ranked by the objective, best first for the
    kicking team (``kickoff odds --all-targets``)."""
    text, _ = await asyncio.to_thread(checked, body.scenario, lim, compute.load_kickoff)
    ranking = await odds_service(request).all_targets(text, body.events, body.kick_skill,
                                                      body.objective, request.is_disconnected,
                                                      body.play)
    return {**ranking, "applied": _unplanned(body.events, body.play)}


def _unplanned(events: Events, play: SolverPlay) -> dict[str, Any] | None:
    """What the all-targets ranking applies to the free moves with play best and events all:
    no search (budget 0, nobody acts), as :data:`UNSEARCHED` says; ``None`` where no search
    applies."""
    if compute.plans_applied(events, play, None) is None:
        return None
    return {"plan_budget": 0, "plan_resetups": False, "plan_budget_given": False,
            "note": UNSEARCHED}


#: Why the all-targets ranking (the heat map) plays the free moves at nobody acts.
UNSEARCHED = ("the free moves are not searched on the all-targets ranking (nobody acts, as the "
              "format says; kickoff odds --all-targets searches them at its five best targets "
              "after the ranking): ask one target for its plans (POST /api/odds)")
