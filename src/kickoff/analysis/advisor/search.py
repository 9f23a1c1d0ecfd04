"""Where should I stand? The minimax value of a receiving set-up, and a search for the best one.

The kicking coach picks the kick that is worst for the receivers: the target in the receiving
area (and, when his kicker has it, whether to use the Kick skill: the default kicker of
``kickoff.core.kickoff.choose_kicker``). The **minimax value** of a receiving set-up against a
kicking set-up is the objective (``kickoff.analysis.objectives``) at that kick: exactly the best
value for the kicker among the targets :func:`~kickoff.analysis.targets.rank_targets` ranks (the
fractions of ``kickoff odds --all-targets``), over both uses of Kick when he may use it.

:func:`optimize_setup` searches the legal receiving set-ups of the team (``rulings.md`` section
1, Reserves included) for the best minimax value (``kickoff setup optimize``, the web page's
"Suggest a set-up"): from the starting set-up, each round draws candidates one move away (a
player to another square, a swap of two players who differ, a swap with the Reserves) from a
seeded random generator, evaluates them all (through an executor: in-process, or on Dask
workers, ``kickoff.analysis.cluster``) and keeps the best; after rounds without a gain it
restarts from random legal set-ups. Players the coach pins (``keep``) never move. The
suggestion is then chosen among every candidate within a small epsilon of the best value met:
the fewest conventions broken beyond the start's, then the fewest players moved from the start
(``kickoff.analysis.advisor.prefer``). Values are exact, and the candidates and the choice among
them depend only on the seed, so a search bounded by ``rounds`` gives the same result wherever
its candidates are evaluated. Candidates are evaluated incrementally where the solver allows it
(``kickoff.analysis.advisor.evaluate``).
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from kickoff.analysis.advisor.evaluate import (
    Evaluator,
    incremental,
    kick_options,
    minimax,
    planned,
)
from kickoff.analysis.advisor.events import EventValue, event_values
from kickoff.analysis.advisor.moves import (
    Layout,
    MoveSpace,
    apply_layout,
    layout_of,
    layout_problems,
    neighbours,
    random_layout,
)
from kickoff.analysis.advisor.prefer import Chooser, moved
from kickoff.analysis.cluster import Executor
from kickoff.analysis.exact.solver import Events
from kickoff.analysis.objectives import AnyObjective, kicker_wants_high, receivers_prefer
from kickoff.core.errors import OptionError
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import DEFAULT_EVENTS, DEFAULT_PLAY, PLAN_RESETUPS, Play

__all__ = ["OptimizeProgress", "OptimizeRequest", "Play", "SetupValue", "Suggestion",
           "optimize_setup", "setup_value"]

#: Candidates drawn and evaluated per round (fixed: the search must not depend on the executor).
CANDIDATES_PER_ROUND = 16
#: Rounds without a gain before a restart from random legal set-ups.
STALL_ROUNDS = 6
#: The wall-clock bound of a search given neither ``seconds`` nor ``rounds``.
DEFAULT_SECONDS = 60.0


@dataclass(frozen=True)
class SetupValue:
    """The minimax value of a receiving set-up: ``value`` (the objective, an exact fraction: a
    probability, or for ``distance`` an expected number of squares) at the kicking coach's best
    kick, at ``target`` with (``use_kick_skill``) or without the Kick skill. Ties: the kick
    without Kick, then the target ``rank_targets`` ranks first (lowest x, then y)."""

    value: Fraction
    target: Square
    use_kick_skill: bool


def setup_value(
    state: GameState, ruleset: Ruleset, *, objective: AnyObjective = "receiver-holds",
    events: Events = DEFAULT_EVENTS, play: Play = DEFAULT_PLAY,
    house_rules: frozenset[HouseRule] = frozenset(), use_kick_skill: bool | None = None,
    plan_budget: int = 0, plan_resetups: bool = PLAN_RESETUPS,
) -> SetupValue:
    """The minimax value of ``state``'s receiving set-up against its kicking set-up (a checked
    state before a kick-off): the best kick for the kicking team under ``objective`` over every
    target of the receiving area, the default kicker using Kick when he has it (every face's
    default, :mod:`kickoff.defaults`; ``use_kick_skill`` ``False``: without it); exactly the
    best value of ``rank_targets`` (``kickoff odds --all-targets --objective O --events E
    [--no-kick-skill] [--play P]``). ``play``: the receiving coach's choices (``"defaults"``;
    ``"best"``: decision nodes maximising ``objective`` for the receivers, ``KickoffSolver(play=,
    objective=)``). ``plan_budget`` above 0 (with ``play="best"`` and ``events="all"`` only):
    the free moves searched too, at most that many plans per event (the re-set-ups too with
    ``plan_resetups``), as ``kickoff odds --all-targets --play best --plan-budget N`` searches
    them (:func:`~kickoff.analysis.advisor.evaluate.planned`). ``ValueError`` for an unknown
    play; :class:`~kickoff.core.errors.OptionError` for a plan budget below 0 or where it does
    not apply; ``DecisionError`` as the solver raises it."""
    _check_plans(events, play, plan_budget)
    best: SetupValue | None = None
    for kick in kick_options(state, ruleset, house_rules, use_kick_skill):
        found = (planned(state, ruleset, objective, house_rules, kick, plan_budget,
                         plan_resetups) if plan_budget
                 else minimax(state, ruleset, objective, events, play, house_rules, kick))
        if best is None or receivers_prefer(objective, best.value, found[0]):
            best = SetupValue(found[0], found[1], kick)
    assert best is not None
    return best


def _check_plans(events: Events, play: Play, plan_budget: int) -> None:
    """:class:`~kickoff.core.errors.OptionError` naming ``plan_budget`` below 0, or above 0
    without ``play="best"`` and ``events="all"`` (the free moves are searched only there)."""
    if plan_budget < 0:
        raise OptionError.at("plan_budget", f"{plan_budget}; at least 0 (0: not searched)")
    if plan_budget and (play != "best" or events != "all"):
        raise OptionError.at("plan_budget", f"{plan_budget} needs play best and events all "
                             "(else nobody acts in the free moves; give 0)")


@dataclass(frozen=True)
class OptimizeRequest:
    """What :func:`optimize_setup` searches: ``state`` (a checked state before a kick-off with
    the starting set-up; the receiving team, ``state.receiving``, is the one set up), the
    ``ruleset``, the ``objective``, ``events``, ``play`` and ``house_rules`` of the value
    (:func:`setup_value`, its defaults every face's: events ``"all"``, the kicker using Kick when
    he has it, ``use_kick_skill``); bounds: ``seconds`` (wall clock, > 0), ``rounds`` and
    ``evaluations`` (deterministic bounds: rounds of :data:`CANDIDATES_PER_ROUND` candidates,
    candidate set-ups valued), whichever comes first (none: :data:`DEFAULT_SECONDS`); ``seed``
    for the candidates drawn; ``keep``: ids of receiving players pinned where ``state`` has
    them (``setup optimize --keep``). A search stopped by ``seconds`` after ``evaluated`` candidates
    is the search of ``evaluations=evaluated`` (the same seed): the same suggestion.
    ``plan_budget`` above 0 (``play="best"``, ``events="all"``; ``setup optimize``'s default
    there, :data:`kickoff.defaults.PLAN_BUDGET`; 0, the Python API's default: not searched),
    ``plan_resetups``: the free moves searched for the **reported** values, the start's and the
    suggestion's (:func:`setup_value` with them: ``kickoff odds --all-targets --play best``'s
    value); the candidates are ranked without them (see :func:`optimize_setup`).
    ``start_value``: the starting set-up's value when the caller has it already, exactly what
    the search would give it (:func:`setup_value` with the request's objective, events, play,
    house rules and use of Kick: the first of ``rank_targets``, as ``kickoff fumbbl review``
    ranks every target of the real set-up): then it is not solved again, and the search is the
    same as with it solved. ``event_report`` ``False``: the suggestion's ``by_event`` is not
    computed (``()``: a caller that does not show it saves about three solves), and
    ``seconds`` is the search's own, from after the start is valued (nothing kept back for the
    report, :func:`_search_seconds`)."""

    state: GameState
    ruleset: Ruleset
    objective: AnyObjective = "receiver-holds"
    events: Events = DEFAULT_EVENTS
    play: Play = DEFAULT_PLAY
    seconds: float | None = None
    rounds: int | None = None
    seed: int = 0
    house_rules: frozenset[HouseRule] = frozenset()
    use_kick_skill: bool | None = None
    evaluations: int | None = None
    keep: frozenset[str] = frozenset()
    plan_budget: int = 0
    plan_resetups: bool = PLAN_RESETUPS
    start_value: SetupValue | None = None
    event_report: bool = True


@dataclass(frozen=True)
class OptimizeProgress:
    """A search's progress: candidate set-ups ``evaluated`` so far, ``elapsed`` wall-clock
    seconds, the ``best`` value found."""

    evaluated: int
    elapsed: float
    best: SetupValue


@dataclass(frozen=True)
class Suggestion:
    """A search's result: ``squares`` (receiving player id -> his square, ``None``: the
    Reserves), its ``value``, the starting set-up's ``start_value``, how many candidate set-ups
    were ``evaluated``, and whether the search was ``cancelled`` (then: the best found so
    far); ``best_value``: the best value met (the suggestion's is within
    ``advisor_prefer.EPSILON`` of it) and ``best_squares`` its set-up, ``moved``: the players
    the suggestion moves from the start; ``by_event``: each Kick-off event's values (none with
    the events off, when cancelled, or not asked: ``OptimizeRequest.event_report``).
    ``plan_budget``: the free moves' plan budget the two values (``value``, ``start_value``)
    were found with (0: not searched: none asked, or the search cancelled), and then
    ``ranked`` the suggestion's value as the search ranked it, without the plans (``None``
    without them: ``value`` is that)."""

    squares: dict[str, Square | None]
    value: SetupValue
    start_value: SetupValue
    evaluated: int
    cancelled: bool
    best_value: SetupValue | None = None
    moved: int = 0
    by_event: tuple[EventGain, ...] = ()
    best_squares: dict[str, Square | None] | None = None
    plan_budget: int = 0
    ranked: SetupValue | None = None


@dataclass(frozen=True)
class EventGain:
    """One Kick-off event's value for the starting set-up (``start``) and the suggestion
    (``value``), each at the kicking coach's best kick against it
    (``kickoff.analysis.advisor.events``): the event's ``name`` and 2D6 ``chance``; ``gain``,
    the receivers' gain (positive: better for them)."""

    name: str
    chance: Fraction
    start: Fraction
    value: Fraction
    gain: Fraction


def event_gains(request: OptimizeRequest, start: GameState, start_value: SetupValue,
                best: GameState, value: SetupValue) -> tuple[EventGain, ...]:
    """Each Kick-off event's value for ``start`` and ``best`` (``()`` with the events off)."""
    r = request
    if r.events != "all":
        return ()

    def of(state: GameState, v: SetupValue) -> list[EventValue]:
        return event_values(state, r.ruleset, r.objective, r.play, r.house_rules, v.target,
                            v.use_kick_skill)

    sign = -1 if kicker_wants_high(r.objective) else 1
    before = of(start, start_value)
    same = layout_of(best) == layout_of(start) and value == start_value  # nothing moved
    after = before if same else of(best, value)
    return tuple(EventGain(a.name, a.chance, a.value, b.value, sign * (b.value - a.value))
                 for a, b in zip(before, after, strict=True))


@dataclass(frozen=True)
class _Problem:
    """A search's fixed part, sent with every batch: the request and a token naming it, under
    which each process keeps its evaluator (the first batch a process meets builds it)."""

    request: OptimizeRequest
    token: str


#: Each process's evaluators, by problem token (the latest few), and the lock that lets one
#: batch at a time use them (a Dask worker may run several tasks in threads).
_EVALUATORS: dict[str, Evaluator] = {}
_KEEP = 2
_LOCK = threading.Lock()


def _evaluator(problem: _Problem) -> Evaluator:
    ev = _EVALUATORS.get(problem.token)
    if ev is None:
        while len(_EVALUATORS) >= _KEEP:
            del _EVALUATORS[next(iter(_EVALUATORS))]
        r = problem.request
        ev = _EVALUATORS[problem.token] = Evaluator(r.state, r.ruleset, r.objective, r.events,
                                                    r.play, r.house_rules, r.use_kick_skill)
    return ev


def evaluate_batch(item: tuple[_Problem, Layout | None, list[Layout]]) -> list[SetupValue]:
    """The values of a batch of candidate layouts (a module-level function, for Dask): ``item``
    is the problem, the layout the candidates are near (``None``: none, a restart) and the
    candidates."""
    problem, base, candidates = item
    with _LOCK:
        ev = _evaluator(problem)
        if base is not None:
            ev.rebase(base)
        return [SetupValue(*ev.value(c)) for c in candidates]


@dataclass
class _Search:
    """The state of one search: the current layout, the best, the counters."""

    request: OptimizeRequest
    space: MoveSpace
    current: Layout
    current_value: SetupValue
    best: Layout
    best_value: SetupValue
    rng: random.Random
    chooser: Chooser
    seconds: float | None = None
    cancelled: Callable[[], bool] | None = None
    evaluated: int = 0
    stall: int = 0
    stopped: bool = False
    started: float = field(default_factory=time.monotonic)

    def better(self, a: SetupValue, b: SetupValue) -> bool:
        """Whether the receivers prefer value ``a`` to ``b``."""
        return receivers_prefer(self.request.objective, a.value, b.value)

    def done(self) -> bool:
        """Whether the search must stop now: out of time, or cancelled (then ``stopped``)."""
        if self.seconds is not None and time.monotonic() - self.started >= self.seconds:
            return True
        if self.cancelled is not None and self.cancelled():
            self.stopped = True
        return self.stopped


def _evaluate(search: _Search, problem: _Problem, executor: Executor, base: Layout | None,
              candidates: list[Layout]) -> list[SetupValue]:
    """The values of ``candidates`` (near ``base``), one batch per slot of the executor (the
    values do not depend on how they are split). Fresh solves (events on, the receivers' best
    play) take seconds each: they go one candidate a batch, a slot's worth at a time, and the
    search's bounds and cancel are checked between (fewer values when it stops)."""
    slots = max(1, executor.slots)
    size = -(-len(candidates) // slots) if incremental(search.request.events, search.request.play,
                                                        search.request.house_rules) else 1
    batches = [(problem, base, candidates[i:i + size]) for i in range(0, len(candidates), size)]
    values: list[SetupValue] = []
    for i in range(0, len(batches), slots):
        if i and search.done():
            break
        values += [v for batch in executor.map(evaluate_batch, batches[i:i + slots])
                   for v in batch]
    return values


def _round(search: _Search, problem: _Problem, executor: Executor) -> None:
    """One round: candidates near the current layout (or, after a stall, random legal ones),
    all evaluated, the best taken (ties: the first drawn)."""
    restart = search.stall >= STALL_ROUNDS
    if restart:
        drawn = [random_layout(search.space, search.rng) for _ in range(CANDIDATES_PER_ROUND)]
        candidates = [c for c in drawn if c is not None]
        base = None
    else:
        candidates = neighbours(search.space, search.current, CANDIDATES_PER_ROUND, search.rng)
        base = search.current
    if search.request.evaluations is not None:  # drawn in full: the same draws as unbounded
        candidates = candidates[:search.request.evaluations - search.evaluated]
    if not candidates:
        search.stall = STALL_ROUNDS  # nowhere to go from here: restart next round
        return
    values = _evaluate(search, problem, executor, base, candidates)
    search.evaluated += len(values)
    for layout, value in zip(candidates, values, strict=False):
        search.chooser.offer(layout, value.value, value)
    top = 0
    for i in range(1, len(values)):
        if search.better(values[i], values[top]):
            top = i
    if restart or search.better(values[top], search.current_value):
        search.current, search.current_value = candidates[top], values[top]
        search.stall = 0
    else:
        search.stall += 1
    if search.better(search.current_value, search.best_value):
        search.best, search.best_value = search.current, search.current_value


#: With the events on and their report asked (``OptimizeRequest.event_report``), the search's
#: share of ``seconds``: the whole less this many times the starting set-up's solve (one
#: candidate's overrun past the bound, and the report's values per Kick-off event of the start
#: and the suggestion, each about one and a half solves).
REPORT_SOLVES = 4


def _search_seconds(request: OptimizeRequest, seconds: float | None, solve: float,
                    planned_solve: float = 0.0) -> float | None:
    """The wall-clock bound of the search. With the events on and their report asked: from
    before the starting set-up's solve (it takes seconds) and ``seconds`` less
    :data:`REPORT_SOLVES` times that ``solve`` and, with the free moves searched, less
    ``planned_solve`` (the start's value with the plans: the suggestion's costs as much), so
    that the whole, report included, keeps within ``seconds`` where one solve and one planned
    value allow it. Otherwise (the events off, a solve of a second or less; or no report) the
    search's own: ``seconds`` (less ``planned_solve``) from after the start is valued (see
    :func:`_search_start`); ``None``: unbounded."""
    if seconds is None or request.events != "all":
        return seconds
    kept = REPORT_SOLVES * solve if request.event_report else 0.0
    return max(0.0, seconds - kept - planned_solve)


def _search_start(request: OptimizeRequest, began: float, valued: float) -> float:
    """When the search's ``seconds`` start: ``began`` (before the start's solve) with the events
    on and their report asked, else ``valued`` (the start valued, with the plans too)."""
    return began if request.events == "all" and request.event_report else valued


def _start_value(request: OptimizeRequest, problem: _Problem, executor: Executor
                 ) -> SetupValue:
    """The starting set-up's value: the request's ``start_value``, else solved (through the
    executor, as the candidates are)."""
    if request.start_value is not None:
        return request.start_value
    return executor.map(evaluate_batch, [(problem, None, [layout_of(request.state)])])[0][0]


def optimize_setup(
    request: OptimizeRequest, *, progress: Callable[[OptimizeProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None, executor: Executor | None = None,
) -> Suggestion:
    """The best receiving set-up the search finds (see the module's text): at least as good as
    the starting one, legal. ``progress`` is called after every round; ``cancelled()`` is asked
    before every round, and between candidates where each is a fresh solve (true: the best found
    so far, ``cancelled=True``). ``executor``: where the
    candidates are evaluated (``None``: in this process); the result for a given ``seed`` and
    ``rounds`` is the same on any executor (``kickoff.analysis.cluster.open_executor``).

    ``ValueError`` for an illegal starting set-up (naming each problem);
    :class:`~kickoff.core.errors.OptionError` (a ``ValueError`` too) for a bound out of range
    (``seconds`` <= 0, ``rounds`` < 1, ``evaluations`` < 0) or a play the solver does not offer,
    naming the option."""
    r = request
    _check_bounds(r)
    start = layout_of(r.state)
    problems = layout_problems(r.state, r.ruleset, start)
    if problems:
        raise ValueError("the starting set-up is illegal: " + "; ".join(problems))
    try:
        space = MoveSpace.of(r.state, r.ruleset, r.keep)
    except ValueError as e:
        raise OptionError.at("keep", str(e)) from None
    bounded = r.seconds is not None or r.rounds is not None or r.evaluations is not None
    seconds = r.seconds if bounded else DEFAULT_SECONDS
    problem = _Problem(r, uuid.uuid4().hex)
    executor = executor if executor is not None else Executor()
    began = time.monotonic()
    start_value = _start_value(r, problem, executor)
    chooser = Chooser(r.state, r.ruleset, r.objective, start)
    chooser.offer(start, start_value.value, start_value)
    solved = time.monotonic()
    start_planned = _planned_value(r, r.state)  # the start's reported value (None: no plans)
    search = _Search(r, space, start, start_value, start, start_value, random.Random(r.seed),
                     chooser, _search_seconds(r, seconds, solved - began,
                                              time.monotonic() - solved), cancelled,
                     started=_search_start(r, began, time.monotonic()))
    # ``evaluations`` alone: at most that many rounds too (a round values one candidate at
    # least, unless none can be drawn: then it must end all the same).
    most = r.rounds if r.rounds is not None else r.evaluations
    if not space.available:  # every player pinned (or none to set up): nothing to search
        most = 0
    _search_rounds(search, problem, executor, most, progress)
    _EVALUATORS.pop(problem.token, None)
    return _suggestion(r, search, chooser, start, (start_value, start_planned))


def _check_bounds(r: OptimizeRequest) -> None:
    """:class:`~kickoff.core.errors.OptionError` for a bound of ``r`` out of range."""
    if r.seconds is not None and not r.seconds > 0:
        raise OptionError.at("seconds", f"{r.seconds} is not a positive number of seconds")
    if r.rounds is not None and r.rounds < 1:
        raise OptionError.at("rounds", f"{r.rounds}; at least 1")
    if r.evaluations is not None and r.evaluations < 0:
        raise OptionError.at("evaluations",
                             f"{r.evaluations}; at least 0 (0: the start's value only)")
    _check_plans(r.events, r.play, r.plan_budget)


def _search_rounds(search: _Search, problem: _Problem, executor: Executor, most: int | None,
                   progress: Callable[[OptimizeProgress], None] | None) -> None:
    """The search's rounds, at most ``most`` (``None``: no limit), until it is done or has
    made the request's ``evaluations``; ``progress`` told after each."""
    r = search.request
    rounds = 0
    while ((most is None or rounds < most) and not search.done()
           and (r.evaluations is None or search.evaluated < r.evaluations)):
        _round(search, problem, executor)
        rounds += 1
        if progress is not None:
            progress(OptimizeProgress(search.evaluated, time.monotonic() - search.started,
                                      search.best_value))


def _planned_value(r: OptimizeRequest, state: GameState) -> SetupValue | None:
    """``state``'s receiving set-up valued with the free moves searched (:func:`setup_value`
    with the request's plan budget: ``kickoff odds --all-targets --play best``'s value), in
    this process; ``None`` where the request searches no plans."""
    if not r.plan_budget:
        return None
    return setup_value(state, r.ruleset, objective=r.objective, events=r.events, play=r.play,
                       house_rules=r.house_rules, use_kick_skill=r.use_kick_skill,
                       plan_budget=r.plan_budget, plan_resetups=r.plan_resetups)


def _with_plans(r: OptimizeRequest, chosen: Layout, start: Layout, start_planned: SetupValue
                ) -> tuple[Layout, SetupValue]:
    """The set-up reported and its value with the free moves searched: the search's choice
    ``chosen`` (ranked without the plans), unless the start, already valued with
    them (``start_planned``), is better for the receivers with them: then the start (so the
    suggestion is never worse than the start by the value reported)."""
    if chosen == start:
        return start, start_planned
    value = _planned_value(r, apply_layout(r.state, chosen))
    assert value is not None
    if receivers_prefer(r.objective, start_planned.value, value.value):
        return start, start_planned
    return chosen, value


def _suggestion(r: OptimizeRequest, search: _Search, chooser: Chooser, start: Layout,
                starts: tuple[SetupValue, SetupValue | None]) -> Suggestion:
    """The search's answer: the chooser's set-up and its value against the start's, with the
    events' gains (none when cancelled: the answer at once, not two more solves). With the
    free moves searched (``starts``: the start's value without and with them), both values
    reported with them (:func:`_with_plans`; not when cancelled: the search's own)."""
    players = r.state.teams[r.state.receiving].players
    chosen, _, payload = chooser.choice()
    assert isinstance(payload, SetupValue)
    start_value, start_planned = starts
    ranked: SetupValue | None = None
    if start_planned is not None and not search.stopped:
        reported, value = _with_plans(r, chosen, start, start_planned)
        ranked = start_value if reported == start else payload
        chosen, payload, start_value = reported, value, start_planned
    squares = {p.id: sq for p, sq in zip(players, chosen, strict=True)}
    gains = (() if search.stopped or not r.event_report  # cancelled / not asked: none
             else event_gains(r, r.state, start_value, apply_layout(r.state, chosen), payload))
    return Suggestion(squares, payload, start_value, search.evaluated, search.stopped,
                      search.best_value, moved(start, chosen), gains,
                      {p.id: sq for p, sq in zip(players, search.best, strict=True)},
                      r.plan_budget if ranked is not None else 0, ranked)
