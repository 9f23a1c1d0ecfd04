"""Monte Carlo kick-offs: the same rules, sampled with seeded dice, tallied like the exact odds.

:func:`simulate` plays ``n`` kick-offs in chunks; chunk ``i`` draws its seed from
``numpy.random.SeedSequence(seed).spawn(...)[i]``, so the result for a given seed is the same
whatever the number of processes (``jobs``) or the cluster that plays the chunks (``executor``,
:mod:`kickoff.analysis.cluster`).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from math import sqrt
from typing import TYPE_CHECKING, Literal, TypeVar, overload

from kickoff.core import ball
from kickoff.core.close import CloseCoach
from kickoff.core.decisions import Decisions, FreeTurnPolicy
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import KickoffResult, kick_until_landing
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import DEFAULT_EVENTS, kick_use

if TYPE_CHECKING:  # annotations only: the package imports this module at once
    from concurrent.futures import Executor as PoolExecutor
    from concurrent.futures import Future, ProcessPoolExecutor

    import numpy as np
    import numpy.typing as npt

    from kickoff.analysis.cluster import Executor
    from kickoff.analysis.exact.solver import Events

T = TypeVar("T")
R = TypeVar("R")

#: Kick-offs per chunk (the unit of seeding and of parallel work).
CHUNK = 5_000
#: ``Job.play``: the coaches' answers a simulation plays (its docstring).
SimulatedPlay = Literal["defaults", "close"]


def share(count: int, n: int) -> tuple[float, float]:
    """``(estimate, standard error)`` of a probability from its ``count`` in ``n`` trials
    (the binomial proportion ``count / n`` and its standard error)."""
    p = count / n
    return p, sqrt(p * (1 - p) / n)


#: The normal quantile of a 95% two-sided interval.
Z95 = 1.96


def wilson(count: int, n: int, z: float = Z95) -> tuple[float, float]:
    """``(low, high)``: Wilson's score interval for a binomial proportion seen ``count`` times
    in ``n`` trials (``n > 0``), at the normal quantile ``z`` (95% by default); always within
    0..1, and not empty when ``count`` is 0 or ``n``."""
    p = count / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / scale
    # The ends at 0 and 1 are exact there (rounding left 1e-17 above 0).
    return (0.0 if count == 0 else max(0.0, centre - half),
            1.0 if count == n else min(1.0, centre + half))


@dataclass
class Tally:
    """Counts over ``n`` simulated kick-offs of the quantities the exact odds report."""

    n: int = 0
    touchback: int = 0
    receiving_team_holds: int = 0
    holders: dict[str, int] = field(default_factory=dict)
    ground: dict[Square, int] = field(default_factory=dict)
    distance_sum: int = 0
    distance_squares: int = 0

    @property
    def on_ground(self) -> int:
        return sum(self.ground.values())

    def share(self, count: int) -> tuple[float, float]:
        """``(estimate, standard error)`` of a probability from its count (:func:`share`)."""
        return share(count, self.n)

    def interval(self, count: int) -> tuple[float, float, float]:
        """``(estimate, low, high)``: a probability from its count and its 95% confidence
        interval, Wilson's score interval (:func:`wilson`): within 0..1, where the estimate
        plus or minus 1.96 standard errors gave a rare player's share a negative low end."""
        return (count / self.n, *wilson(count, self.n))

    def mean_distance(self) -> tuple[float, float]:
        """``(mean, standard error)`` of the ball's distance from the receiving End Zone."""
        mean = self.distance_sum / self.n
        var = max(0.0, self.distance_squares / self.n - mean * mean)
        return mean, sqrt(var / self.n)

    def add(self, other: Tally) -> None:
        """Add ``other``'s counts to these."""
        self.n += other.n
        self.touchback += other.touchback
        self.receiving_team_holds += other.receiving_team_holds
        self.distance_sum += other.distance_sum
        self.distance_squares += other.distance_squares
        for pid, c in other.holders.items():
            self.holders[pid] = self.holders.get(pid, 0) + c
        for sq, c in other.ground.items():
            self.ground[sq] = self.ground.get(sq, 0) + c


@dataclass(frozen=True)
class Job:
    """What to simulate: a checked state, the ruleset, the target and the options.

    ``free_turns``: what the kicking team does in a Blitz! / Charge! (``Decisions.free_turn_policy``):
    ``"none"``, the scenario format's default, nobody acts; ``"close"``, the coach's policy
    (:func:`kickoff.core.actions.policy.close_in`). ``events`` and ``use_kick_skill`` default as
    every face does (:mod:`kickoff.defaults`): the Kick-off table played, and the kicker uses
    Kick when he has it (``None``; ``False``: without it, ``True``: asked for)."""

    state: GameState
    ruleset: Ruleset
    target: Square
    events: Events = DEFAULT_EVENTS
    house_rules: frozenset[HouseRule] = frozenset()
    use_kick_skill: bool | None = None
    free_turns: FreeTurnPolicy = "none"
    #: The receiving coach's High Kick and touchback choices (``Decisions.high_kick`` /
    #: ``touchback``); ``None``: the format's defaults.
    high_kick: str | None = None
    touchback: str | None = None
    #: Who answers the coaches' decisions: ``"defaults"``, the scenario format's defaults (and
    #: the choices above); ``"close"``, the ``close`` policy for both coaches
    #: (:class:`kickoff.core.close.CloseCoach`; the choices above still win where given).
    play: SimulatedPlay = "defaults"
    #: The kicking coach's kicker (``Decisions.kicker``, a player id); ``None``: the format's
    #: default kicker (bb2020 and later: the first eligible with Kick, else the first eligible).
    kicker: str | None = None


def _when_able(world: GameState, choice: str) -> str | None:
    """The ``touchback`` decision for ``choice``: him while he can take the ball in ``world``
    (the rule's own check, ``ball.can_take_touchback``), else ``None``, the format's default:
    over many kick-offs an event may have taken him out, and the coach then gives the ball to
    another."""
    p = world.players.get(choice)
    return choice if p is not None and ball.can_take_touchback(world, p) else None


def play_kickoffs(job: Job, n: int, seed: int) -> Iterator[KickoffResult]:
    """Play ``n`` kick-offs of ``job`` with ``SeededDice(seed)`` and the default decisions (but
    ``job.free_turns`` in a Blitz! / Charge!, and the ``close`` coach's answers with
    ``job.play == "close"``), one result at a time (each result's state is the kick-off's own
    world: keep what is needed before taking the next)."""
    state, rs = job.state, job.ruleset
    dice = SeededDice(seed)
    use_kick = (job.use_kick_skill if job.use_kick_skill is not None
                else kick_use(state, rs, job.house_rules, job.kicker).used)
    decisions = Decisions(target=job.target, use_kick_skill=use_kick, kicker=job.kicker,
                          kicker_given=job.kicker is not None,
                          free_turn_policy=job.free_turns, high_kick=job.high_kick,
                          touchback=job.touchback)
    coach = CloseCoach() if job.play == "close" else None  # bound to each kick-off's context
    with_event = job.events == "all"
    for _ in range(n):
        world = state.clone()
        # The touchback is awarded before the event (Kick It! without a kicker) or after it, in
        # finish(): the choice is set for the world as it is at each (no subclass of Decisions,
        # which the compiled core does not allow).
        if job.touchback is not None:
            decisions.touchback = _when_able(world, job.touchback)
        kick = kick_until_landing(world, rs, dice, decisions, job.house_rules, events=with_event,
                                  log=False, coach=coach)
        if job.touchback is not None:
            decisions.touchback = _when_able(world, job.touchback)
        yield kick.finish()


def run_chunk(job: Job, n: int, seed: int) -> Tally:
    """Play ``n`` kick-offs of ``job`` with ``SeededDice(seed)`` (:func:`play_kickoffs`): their
    counts."""
    receiving = job.state.receiving
    end_zone_x = job.state.pitch.end_zone_x(receiving)
    tally = Tally()
    holders, ground = tally.holders, tally.ground
    for result in play_kickoffs(job, n, seed):
        st = result.state
        tally.touchback += result.touchback
        carrier = st.carrier
        if carrier is not None:
            holders[carrier] = holders.get(carrier, 0) + 1
            tally.receiving_team_holds += st.players[carrier].side == receiving
        elif st.ball is not None:
            sq = Square(st.ball[0], st.ball[1])
            ground[sq] = ground.get(sq, 0) + 1
        if st.ball is not None:
            d = abs(st.ball[0] - end_zone_x)
            tally.distance_sum += d
            tally.distance_squares += d * d
    tally.n = n
    return tally


def chunk_seeds(seed: int, n: int) -> Iterator[tuple[int, int]]:
    """``(size, seed)`` of each chunk of ``n`` kick-offs, from ``SeedSequence(seed).spawn``,
    one at a time: the memory they take does not grow with ``n``. ``seed``: 0 or more
    (``ValueError`` otherwise)."""
    if seed < 0:
        raise ValueError(f"seed {seed}: a seed is 0 or more")
    import numpy as np  # here, not at import time: the commands that never simulate start faster

    sequence = np.random.SeedSequence(seed)
    whole, rest = divmod(n, CHUNK)
    for i in range(whole + (rest > 0)):
        # spawn(1) k times gives the children spawn(k) gives: the same seeds as ever
        child = sequence.spawn(1)[0]
        yield (CHUNK if i < whole else rest), int(child.generate_state(1)[0])


def play_chunk(task: tuple[Job, int, int]) -> Tally:
    """:func:`run_chunk` of a ``(job, n, seed)`` task: the unit of work handed to a process or
    a cluster's worker (a module-level function, so that it travels by name)."""
    return run_chunk(*task)


def max_jobs() -> int:
    """The most processes :func:`simulate` uses: the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _in_order(pool: PoolExecutor, fn: Callable[[T], R], tasks: Iterable[T], ahead: int
              ) -> Iterator[R]:
    """Each task's ``fn(task)``, in order, with at most ``ahead`` tasks submitted and not yet
    taken (``Executor.map`` would submit every task at once)."""
    waiting: deque[Future[R]] = deque()
    for task in tasks:
        waiting.append(pool.submit(fn, task))
        if len(waiting) >= ahead:
            yield waiting.popleft().result()
    while waiting:
        yield waiting.popleft().result()


def run_tasks(fn: Callable[[T], R], tasks: Iterable[T], jobs: int = 1,
              executor: Executor | None = None) -> Iterator[R]:
    """``fn(task)`` of each task, in order, in this process, over ``jobs`` processes or on
    ``executor``, a few tasks per worker handed out at a time (memory does not grow with the
    number of tasks). ``fn``: a module-level function. ``ValueError`` for ``jobs`` not 1 to
    :func:`max_jobs`, or over 1 with an ``executor``, before any work."""
    if not 1 <= jobs <= max_jobs():
        raise ValueError(f"jobs {jobs}: 1 to {max_jobs()}, the CPUs of this machine")
    if executor is not None and jobs != 1:
        raise ValueError(f"jobs {jobs} with an executor: the executor's workers are the "
                         f"processes; give one or the other")
    return _run_tasks(fn, tasks, jobs, executor)


def _run_tasks(fn: Callable[[T], R], tasks: Iterable[T], jobs: int,
               executor: Executor | None) -> Iterator[R]:
    if jobs == 1:
        yield from (map(fn, tasks) if executor is None else executor.stream(fn, tasks))
        return
    # here, not at import time: multiprocessing is for --jobs only
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) as pool:
        try:
            yield from _in_order(pool, fn, tasks, 2 * jobs)
        except BaseException:  # a signal (kickoff.cli.exits), a failed write, an error
            end_pool(pool)
            raise


@overload
def simulate(
    job: Job, n: int, seed: int, *, jobs: int = 1,
    progress: Callable[[int], None] | None = None, executor: Executor | None = None,
    records: Literal[False] = False,
) -> Tally: ...


@overload
def simulate(
    job: Job, n: int, seed: int, *, jobs: int = 1,
    progress: Callable[[int], None] | None = None, executor: Executor | None = None,
    records: Literal[True],
) -> Iterator[npt.NDArray[np.void]]: ...


def simulate(
    job: Job, n: int, seed: int, *, jobs: int = 1,
    progress: Callable[[int], None] | None = None, executor: Executor | None = None,
    records: bool = False,
) -> Tally | Iterator[npt.NDArray[np.void]]:
    """Play ``n`` kick-offs of ``job`` from ``seed`` over ``jobs`` processes, or on
    ``executor`` (a Dask cluster's, :func:`kickoff.analysis.cluster.open_executor`); the counts.

    ``progress(k)`` is called as each chunk of ``k`` kick-offs finishes. The result depends on
    ``seed`` and ``n`` only, not on ``jobs`` nor on the executor. Chunks are made and handed out
    as the work goes (a few per worker at a time): memory does not grow with ``n``. ``seed``: 0
    or more; ``jobs``: 1 to :func:`max_jobs`, and 1 with an ``executor`` (``ValueError``
    otherwise).

    ``records=True``: the kick-offs' records instead, a NumPy structured array per chunk, in
    order (:func:`kickoff.analysis.records.simulate_records`, whose dtype and bounds apply).
    """
    if records:
        from kickoff.analysis.records import simulate_records

        return simulate_records(job, n, seed, jobs=jobs, progress=progress, executor=executor)
    tasks = ((job, size, s) for size, s in chunk_seeds(seed, n))
    total = Tally()
    for tally in run_tasks(play_chunk, tasks, jobs, executor):
        total.add(tally)
        if progress:
            progress(tally.n)
    return total


def _worker_signals() -> None:
    """A pool's worker: SIGTERM and SIGHUP end it (the default, not the command line's
    handlers it inherited by ``fork``); SIGINT (Ctrl-C reaches the whole process group) is left
    to the parent, which ends its workers (:func:`end_pool`)."""
    import signal

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: Seconds :func:`end_pool` waits for each worker to end after SIGTERM, before SIGKILL.
END_WAIT = 0.5


def end_pool(pool: ProcessPoolExecutor) -> None:
    """End ``pool``'s worker processes now (SIGTERM, then SIGKILL after :data:`END_WAIT` s),
    not after the chunks they are playing: ``shutdown`` waits for those. (The pool's processes
    are its ``_processes``; Python 3.14's ``terminate_workers`` does this.)"""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(END_WAIT)
        if worker.is_alive():
            worker.kill()
            worker.join(END_WAIT)
