"""The web app's set-up advice, run in a worker process: "Suggest a set-up" (issue 14).

:func:`suggest_job` searches the receiving team's set-ups with
:func:`kickoff.analysis.advisor.search.optimize_setup` and answers plain JSON-ready data. It talks to
the server through two shared mappings (``multiprocessing`` manager proxies, made by
:mod:`kickoff.web.suggestions`): it writes its progress into ``progress[job_id]`` and stops when
``cancels[job_id]`` is set. Both are read and written at most every :data:`PROGRESS_SECONDS` /
:data:`CANCEL_SECONDS`, so a fast search pays next to nothing for them.

Values are given twice: ``value``, a float for drawing, and ``exact``, the fraction as a string.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from kickoff.analysis.advisor.search import (
    OptimizeProgress,
    OptimizeRequest,
    SetupValue,
    Suggestion,
    optimize_setup,
)
from kickoff.analysis.exact.solver import Events
from kickoff.analysis.objectives import Objective
from kickoff.core.errors import ScenarioError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.problems import Problem
from kickoff.defaults import Play
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario
from kickoff.web.checks import TURN_HAS_NO_SETUP

#: Seconds between two progress reports written for the server.
PROGRESS_SECONDS = 0.2
#: Seconds between two looks at whether the server asked the search to stop.
CANCEL_SECONDS = 0.1


@dataclass(frozen=True)
class SuggestOptions:
    """What a suggestion searches for, and for how long (``SuggestRequest``'s fields)."""

    objective: Objective
    events: Events
    play: Play
    seconds: float
    rounds: int | None
    seed: int
    keep: tuple[str, ...] = ()


def value_document(v: SetupValue) -> dict[str, Any]:
    """``{"value": float, "exact": "a/b", "target": [x, y], "kick_skill": bool}``."""
    return {"value": float(v.value), "exact": fraction_text(v.value), "target": v.target.as_list(),
            "kick_skill": v.use_kick_skill}


def progress_document(p: OptimizeProgress) -> dict[str, Any]:
    """``{"evaluated", "elapsed", "best"}`` of a search's progress report."""
    return {"evaluated": p.evaluated, "elapsed": p.elapsed, "best": value_document(p.best)}


def suggestion_document(s: Suggestion) -> dict[str, Any]:
    """The set-up found (player id -> ``[x, y]``, ``None``: Reserves), its value and the
    starting set-up's, the set-ups evaluated and whether the search was cancelled, the players
    it moves, the best value met and each Kick-off event's values (``SuggestionOut``)."""
    return {
        "squares": {pid: None if sq is None else sq.as_list() for pid, sq in s.squares.items()},
        "value": value_document(s.value),
        "start_value": value_document(s.start_value),
        "evaluated": s.evaluated,
        "cancelled": s.cancelled,
        "moved": s.moved,
        "best_value": value_document(s.best_value or s.value),
        "by_event": [{"event": g.name, "chance": fraction_text(g.chance),
                      "start_value": fraction_text(g.start), "value": fraction_text(g.value),
                      "gain": fraction_text(g.gain)} for g in s.by_event],
    }


class Link:
    """The search's callbacks, writing to and reading from the server's shared mappings no more
    often than :data:`PROGRESS_SECONDS` / :data:`CANCEL_SECONDS`."""

    def __init__(self, job_id: str, progress: MutableMapping[str, Any],
                 cancels: Mapping[str, bool], clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.clock = clock
        self.job_id = job_id
        self.progress = progress
        self.cancels = cancels
        self.reported = float("-inf")
        self.looked = float("-inf")
        self.stop = False

    def report(self, p: OptimizeProgress) -> None:
        now = self.clock()
        if now - self.reported >= PROGRESS_SECONDS:
            self.reported = now
            self.progress[self.job_id] = progress_document(p)

    def cancelled(self) -> bool:
        now = self.clock()
        if not self.stop and now - self.looked >= CANCEL_SECONDS:
            self.looked = now
            self.stop = bool(self.cancels.get(self.job_id, False))
        return self.stop


def load_setup(scenario_text: str) -> LoadedScenario:
    """Parse and check a scenario whose receiving set-up is to be searched: a ``phase: "turn"``
    scenario has no set-up (``ScenarioError`` naming ``phase``, checked before the rest);
    ``ScenarioError`` / ``SetupError`` list every other problem; a receiving team with no
    players has nothing to search (``ScenarioError`` naming ``teams.<side>.players``, as
    ``kickoff setup optimize`` refuses such a team)."""
    sc = parse_scenario(scenario_text)
    if sc.phase == "turn":
        raise ScenarioError([TURN_HAS_NO_SETUP])
    loaded = load_scenario(sc)
    receiving = loaded.state.receiving
    if not loaded.state.teams[receiving].players:
        raise ScenarioError([Problem("the receiving team has no players to set up",
                                     f"teams.{receiving}.players")])
    return loaded


def suggest_job(scenario_text: str, options: SuggestOptions, job_id: str,
                progress: MutableMapping[str, Any], cancels: Mapping[str, bool]
                ) -> dict[str, Any]:
    """Search the receiving team's set-ups of the scenario (checked again here: a worker
    trusts nothing it is sent) for the best minimax value: :func:`suggestion_document`.

    Raises what the scenario's loading and the advisor raise: ``KickoffError`` for a problem of
    the scenario, ``ValueError`` for what the advisor refuses (a ``play`` it does not offer)."""
    loaded = load_setup(scenario_text)
    request = OptimizeRequest(
        state=loaded.state, ruleset=loaded.ruleset, objective=options.objective,
        events=options.events, play=options.play, seconds=options.seconds,
        rounds=options.rounds, seed=options.seed, house_rules=loaded.house_rules,
        keep=frozenset(options.keep))
    link = Link(job_id, progress, cancels)
    return suggestion_document(optimize_setup(request, progress=link.report,
                                              cancelled=link.cancelled))
