"""Independent pieces of work run in this process or on a ``dask.distributed`` cluster.

:func:`open_executor` gives an :class:`Executor` whose :meth:`~Executor.map` runs a module-level
function over picklable items and returns the results in the order of the items, wherever the
work ran: in this process (the default), on a ``LocalCluster`` of worker processes started for
the ``with`` block (``workers``), or on a running cluster's scheduler (``scheduler``, such as
``tcp://HOST:8786``, started with ``dask scheduler`` and ``dask worker``). Only the function's
name, its items and its results cross to the workers (pickled by Dask); each worker needs the
same version of kickoff installed, which :func:`open_executor` checks.

Dask is imported here only when a cluster is asked for: the commands that never use one start
as fast as before (issue 16).

>>> with open_executor() as executor:
...     executor.map(abs, [-2, 3, -1])
[2, 3, 1]
"""

from __future__ import annotations

import logging
import sys
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

import kickoff
from kickoff.core.errors import KickoffError

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

T = TypeVar("T")
R = TypeVar("R")

#: The bounds of ``workers`` (``--workers``): worker processes of a local cluster.
MAX_WORKERS: Final = 64
#: Seconds to wait for a scheduler to answer, and for its first worker.
CONNECT_TIMEOUT: Final = 5.0
#: The schemes of a scheduler's address that reach another machine (Dask's TCP and TLS comms).
SCHEMES: Final = ("tcp", "tls")
#: Dask's loggers, silenced while a cluster is open: its start, its workers joining and leaving,
#: and its shutdown are not news on a command line, and its errors (a worker that failed to
#: start, keys it could not gather from a stopped worker) come with tracebacks; what ends a run
#: is a :class:`ClusterError` of its own.
DASK_LOGGERS: Final = ("distributed", "dask", "tornado", "asyncio")
#: Where a local cluster's scheduler serves its HTTP pages (its health check; the dashboard if
#: Bokeh is installed): this machine only, on a free port (Dask's default, 8787, may be taken).
LOCAL_HTTP: Final = "127.0.0.1:0"
#: Where a local cluster's scheduler and workers listen: this machine's loopback only (Dask's
#: ``tcp://`` is neither authenticated nor encrypted; docs/analysis.md, "Security").
LOCAL_HOST: Final = "127.0.0.1"
#: Seconds a local cluster's scheduler waits for a worker's heartbeat before it takes the worker
#: for gone (Dask's ``distributed.scheduler.worker-ttl``, 5 minutes by default): a worker that
#: stops answering (SIGSTOP, a machine swapping) has its work given to the others after this.
WORKER_TTL: Final = 30.0
#: Seconds a local cluster's work may wait with no worker able to run it (all of them gone or
#: stopped) before the run ends with a :class:`ClusterError` (Dask's
#: ``distributed.scheduler.no-workers-timeout``, never by default).
NO_WORKERS_TIMEOUT: Final = 30.0
#: Seconds a local cluster's scheduler and its client are given to close (each) when the block
#: ends; its workers are gone by then when the block was cut short (:func:`_end_workers`).
CLOSE_TIMEOUT: Final = 5.0
#: Seconds between two rounds of :func:`_end_workers` while a stopped cluster closes.
REAP_EVERY: Final = 0.02
#: Dask's debugging records, not kept while a cluster is open (issue 30: ``simulate --records``
#: of 10**6 kick-offs on ``--workers 2``): each worker's statistical profiler (a thread sampling
#: the task's stack every 10 ms, its history of 1-second profiles kept up to 1,000 of them:
#: 13 MB a worker after a minute's work), and the low-level logs' length (the scheduler's
#: transitions, and each connection's last messages: the scheduler kept its last 1,000 batches
#: to each worker, each task with its :class:`~kickoff.analysis.simulate.Job` unpickled, about
#: 50 kB, and the client its last 1,000 submissions; the command grew by 15 MB over 200 tasks).
LEAN_DASK: Final = {"distributed.worker.profile.enabled": False,
                    "distributed.admin.low-level-log-length": 10}


#: Why a local cluster's workers most often fail to start from a script: each worker process
#: imports the script's ``__main__`` again, and one that starts a cluster at import starts
#: another in every worker (Python's ``multiprocessing``; docs/analysis.md, "Beyond one
#: machine").
GUARD_HINT = ("; from a script of your own: start the cluster under "
              "`if __name__ == \"__main__\":` (its workers import the script again)")


class ClusterError(KickoffError, ValueError):
    """A bad ``workers`` / ``scheduler`` option, or a scheduler that cannot be reached or used;
    the message names the option or the address. A :class:`~kickoff.core.errors.KickoffError`,
    so the command line prints it and exits with status 1."""


def _kickoff_version() -> str:
    """This process's kickoff version (run on each worker by :func:`open_executor`)."""
    return kickoff.__version__


class Executor:
    """Runs ``fn`` over items in this process; :class:`DaskExecutor` runs them on a cluster.

    ``slots``: how many items run at once (1 here; a cluster's worker threads)."""

    slots: int = 1

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        """``[fn(item) for item in items]``, in the order of ``items``. ``fn``: a module-level
        function; ``items`` and the results: picklable (they travel to the workers). An
        exception of ``fn`` is raised here as it was raised there."""
        return [fn(item) for item in items]

    def stream(self, fn: Callable[[T], R], items: Iterable[T], ahead: int | None = None
               ) -> Iterator[R]:
        """``fn(item)`` for each item, in order, as they finish, with at most ``ahead`` items
        (default ``2 * slots``) handed out and not yet taken: the memory taken does not grow
        with the number of items, however many (:func:`kickoff.analysis.simulate.simulate`'s
        chunks)."""
        return map(fn, items)


class DaskExecutor(Executor):
    """:class:`Executor` on a ``distributed.Client``: each item is one task."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.slots = max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]

    def map(self, fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
        # pure=False: every item is run, even two equal ones (no caching by Dask's key)
        futures = self.client.map(fn, list(items), pure=False)
        with _cluster_faults():
            results: list[R] = self.client.gather(futures)  # type: ignore[no-untyped-call]
        return results

    def stream(self, fn: Callable[[T], R], items: Iterable[T], ahead: int | None = None
               ) -> Iterator[R]:
        waiting: deque[Future[R]] = deque()
        limit = ahead if ahead is not None else 2 * self.slots
        for item in items:
            waiting.append(self.client.submit(fn, item, pure=False))
            if len(waiting) >= limit:
                with _cluster_faults():
                    result = waiting.popleft().result()
                yield result
        while waiting:
            with _cluster_faults():
                result = waiting.popleft().result()
            yield result


@contextmanager
def _cluster_faults() -> Iterator[None]:
    """The cluster's own failures as a :class:`ClusterError` with a message: work that no worker
    could run within :data:`NO_WORKERS_TIMEOUT` s, a worker that died while running it (Dask
    gives up on a task after its workers died three times), the scheduler lost. An error of
    the work itself (a ``KickoffError``) passes as it is."""
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker, NoValidWorkerError

    try:
        yield
    except NoValidWorkerError as e:
        raise ClusterError(f"the cluster had no worker able to run the work for "
                           f"{NO_WORKERS_TIMEOUT:g} s (all stopped or gone): run ended") from e
    except KilledWorker as e:
        raise ClusterError("the cluster's workers died running the work (out of memory, "
                           "killed): run ended") from e
    except (FutureCancelledError, OSError) as e:
        raise ClusterError(f"the cluster stopped answering ({type(e).__name__}): run "
                           "ended") from e


def check_options(workers: int | None, scheduler: str | None) -> None:
    """``ClusterError`` naming the option unless ``workers`` (1 to :data:`MAX_WORKERS`) or
    ``scheduler`` (``tcp://HOST:PORT`` or ``tls://HOST:PORT``), or neither, is given. Checked
    before any work starts, so that a bad option writes nothing. Either given without Dask
    installed: :class:`~kickoff.extras.MissingExtra` naming the extra ``cluster``."""
    if workers is not None and scheduler is not None:
        raise ClusterError("--workers and --scheduler: give one or the other (a local cluster of "
                           "N worker processes, or the scheduler of a running cluster)")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ClusterError(f"--workers {workers}: 1 to {MAX_WORKERS} worker processes")
    if scheduler is not None:
        _parse_address(scheduler)
    if workers is not None or scheduler is not None:
        from kickoff.extras import require

        require("cluster", "--workers" if workers is not None else "--scheduler")


def _parse_address(address: str) -> tuple[str, int]:
    """``(host, port)`` of a scheduler's address ``tcp://HOST:PORT`` (or ``tls://``)."""
    scheme, sep, rest = address.partition("://")
    host, colon, port = rest.rpartition(":")
    bracketed = host.startswith("[") and host.endswith("]")
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 address, [::1]
    if (not sep or scheme not in SCHEMES or not colon or not host
            or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536
            or any(c in host for c in "/?#@ []") or (":" in host and not bracketed)):
        raise ClusterError(f"--scheduler {address!r}: not a scheduler's address; give "
                           f"tcp://HOST:PORT, such as tcp://192.0.2.10:8786 (dask scheduler's "
                           f"default port is 8786; tls:// for Dask's TLS)")
    return host, int(port)


@contextmanager
def open_executor(workers: int | None = None, scheduler: str | None = None
                  ) -> Iterator[Executor]:
    """An :class:`Executor` for the ``with`` block, and what it started closed after it.

    Neither given: this process. ``workers``: a ``dask.distributed.LocalCluster`` of that many
    worker processes (one thread each) on this machine, for the block. ``scheduler``: a
    ``Client`` of the running cluster at that address, waiting :data:`CONNECT_TIMEOUT` seconds at
    most for the scheduler and for a first worker. ``ClusterError`` for both given, ``workers``
    outside 1 to :data:`MAX_WORKERS`, a malformed address, a scheduler that does not answer or
    has no worker, or a worker with another version of kickoff (each names the option or
    address). Dask's own log lines are not shown while the block runs, nor its debugging
    records kept (:data:`LEAN_DASK`); a cluster's fault ends it in a ``ClusterError``
    (:func:`_cluster_faults`).
    """
    check_options(workers, scheduler)
    if workers is None and scheduler is None:
        yield Executor()
        return
    with ExitStack() as stack:
        stack.enter_context(_quiet_dask())
        stack.enter_context(_lean_dask())
        cluster: LocalCluster | None = None
        if scheduler is not None:
            client = _connect(scheduler)
            stack.callback(client.close)
        else:
            cluster, client = _local_client(stack, workers or 1)
        try:
            _check_workers(client, scheduler)
            yield DaskExecutor(client)
        except BaseException:  # a signal (kickoff.cli.exits), a fault, an error of the work
            if cluster is not None:
                _end_workers(cluster)
            raise


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's loggers silenced and its warnings ignored for the block, then as they were."""
    loggers = [logging.getLogger(name) for name in DASK_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", module=r"(distributed|dask)(\.|$)")
            yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _lean_dask() -> AbstractContextManager[object]:
    """:data:`LEAN_DASK` set in Dask's configuration for the block, then as it was: read by
    the scheduler, the client and each Nanny as they start (a Nanny hands its configuration to
    the worker process it starts, a restarted one too). ``distributed`` is imported first: its
    defaults enter Dask's configuration as it is imported, and a key set before them would be
    removed, not restored, at the block's end."""
    import dask.config
    import distributed  # noqa: F401  # its defaults, see above

    return dask.config.set(LEAN_DASK)


def dask_setup(worker: object) -> None:
    """Run by each worker process of a local cluster as it starts (Dask's ``preload`` of this
    module): SIGINT ignored. Ctrl-C reaches every process of the terminal's foreground group,
    the workers too, which printed a ``KeyboardInterrupt`` traceback each; the command that
    started them stops and closes them (``kickoff.cli.exits``)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_client(stack: ExitStack, workers: int) -> tuple[LocalCluster, Client]:
    """A new ``LocalCluster`` of ``workers`` processes and its ``Client``, both closed with
    ``stack``. A start cut short (a signal: :mod:`kickoff.cli.exits`) ends the workers already
    started at once (:func:`_end_workers`), not at the interpreter's exit (Dask's own
    ``atexit``, seconds later)."""
    import dask.config
    from distributed import Client, LocalCluster  # here: only a cluster needs Dask

    made: list[LocalCluster] = []

    class _Tracked(LocalCluster):
        """A ``LocalCluster`` recorded as it starts, so that a start cut short can end it."""

        async def _start(self) -> None:
            made.append(self)
            await super()._start()  # type: ignore[no-untyped-call]

    timeouts = {"distributed.scheduler.worker-ttl": f"{WORKER_TTL:g}s",
                "distributed.scheduler.no-workers-timeout": f"{NO_WORKERS_TIMEOUT:g}s"}
    loop = _loop_deaf_to_ctrl_c(stack)
    try:
        try:
            with dask.config.set(timeouts):  # read by the scheduler as it starts
                cluster = _Tracked(  # type: ignore[no-untyped-call]  # Dask's are untyped
                    loop=loop, n_workers=workers, processes=True, threads_per_worker=1, host=LOCAL_HOST,
                    dashboard_address=LOCAL_HTTP, silence_logs=logging.CRITICAL + 1,
                    preload=[dask_setup.__module__])
        except (RuntimeError, OSError, TimeoutError) as e:  # "Nanny failed to start", no port
            raise ClusterError(f"--workers {workers}: the local cluster did not start "
                               f"({type(e).__name__}: {e}); nothing run"
                               + (GUARD_HINT if isinstance(e, RuntimeError) and _from_a_script()
                                  else "")) from None
        stack.callback(cluster.close, timeout=CLOSE_TIMEOUT)
        client = Client(cluster)  # type: ignore[no-untyped-call]
    except BaseException:
        for started in made:  # Dask closed a cluster that failed by itself: passed over
            _end_workers(started)
            with suppress(Exception):
                started.close(timeout=CLOSE_TIMEOUT)
        raise
    stack.callback(client.close, timeout=CLOSE_TIMEOUT)
    return cluster, client


def _from_a_script() -> bool:
    """Whether this process runs a script of the user's own (``python script.py``), not the
    ``kickoff`` command (its console script, ``python -m kickoff``) nor ``python -c``."""
    main = sys.modules.get("__main__")
    name = getattr(main, "__file__", None)
    return isinstance(name, str) and Path(name).name not in ("kickoff", "kickoff.exe",
                                                             "__main__.py")


def _loop_deaf_to_ctrl_c(stack: ExitStack) -> Any:
    """A Tornado ``IOLoop`` running in a thread of its own (Dask's ``LoopRunner``, stopped with
    ``stack``) that blocks SIGINT, for the local cluster: every thread Dask starts from it
    blocks SIGINT too (a thread inherits its maker's mask), and so does every worker process
    they spawn (a process keeps its signal mask through ``exec``), from its first instruction.
    Ctrl-C, which a terminal sends to the whole process group, reached workers still importing
    Dask (before :func:`dask_setup` could ignore it): a ``KeyboardInterrupt`` traceback each.
    The command's main thread gets it, and ends the workers (:func:`_end_workers`).

    Python's resource tracker is started first, from this thread: started by Dask's thread as
    it spawned the first worker, it would unblock SIGINT in that thread (the tracker blocks
    SIGINT and SIGTERM for its own start, then unblocks them)."""
    import signal
    import threading
    from multiprocessing import resource_tracker

    from distributed.utils import LoopRunner

    resource_tracker.ensure_running()
    runner = LoopRunner()
    mask = (hasattr(signal, "pthread_sigmask")
            and threading.current_thread() is threading.main_thread())
    # the mask as it is, read first: the call that blocks SIGINT runs the signal handlers
    # pending (CPython), whose exception (kickoff.cli.exits) would leave it blocked here
    old = signal.pthread_sigmask(signal.SIG_BLOCK, ()) if mask else set()
    try:
        if mask:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        runner.start()  # type: ignore[no-untyped-call]
    finally:
        if mask:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    stack.callback(runner.stop)
    return runner.loop


def _end_workers(cluster: LocalCluster) -> None:
    """End ``cluster``'s worker processes now, not after the work they are running (a Nanny
    asks its worker to close and waits for its task, seconds): each Nanny is told its worker is
    not to be started again (Dask's ``close_gracefully``, as a cluster's own shutdown does),
    then each worker process (Dask's ``Nanny.pid``) is sent SIGKILL, now and every
    :data:`REAP_EVERY` s after it in a thread of its own until the cluster is closed (by the
    caller, within :data:`CLOSE_TIMEOUT` s): a worker whose process was still being spawned
    when the run was stopped is ended as it appears, not waited for (Dask's close waits for
    every worker to start, seconds).

    Dask's logging is switched off for good first: the run is ending, and the scheduler's
    background sends to the killed workers fail (``CommClosedError``), which Dask logs with a
    traceback from its own threads, whatever its loggers' levels were set to."""
    logging.disable(logging.CRITICAL)
    import os
    import signal
    import threading
    import time

    from distributed.core import Status

    closing = {Status.closing, Status.closed, Status.closing_gracefully, Status.failed}

    def reap() -> bool:
        """SIGKILL to each worker process alive; whether the cluster is still open."""
        # the Nannies started (``workers``) and those still starting (``_created``)
        nannies = {*cluster.workers.values(), *getattr(cluster, "_created", ())}
        for nanny in nannies:
            if getattr(nanny, "status", None) not in closing and hasattr(
                    nanny, "close_gracefully"):
                nanny.close_gracefully(reason="kickoff-stopped")
            pid = getattr(nanny, "pid", None)
            if isinstance(pid, int):
                with suppress(ProcessLookupError):  # ended meanwhile
                    os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))  # TERM: Windows
        return getattr(cluster, "status", None) != Status.closed

    def keep_reaping() -> None:
        deadline = time.monotonic() + 2 * CLOSE_TIMEOUT
        while time.monotonic() < deadline:
            time.sleep(REAP_EVERY)
            with suppress(Exception):  # the cluster's state changing under the thread
                if not reap():
                    return

    with suppress(Exception):  # as in keep_reaping: an error here would take the signal's place
        reap()
    threading.Thread(target=keep_reaping, daemon=True, name="kickoff-dask-reaper").start()


def _connect(address: str) -> Client:
    """A ``Client`` of the scheduler at ``address`` (``ClusterError`` when it does not answer
    within :data:`CONNECT_TIMEOUT` seconds)."""
    import threading

    from distributed import Client  # here: only a cluster needs Dask

    # A listener that is not a Dask scheduler accepts the connection and never answers Dask's
    # handshake, which Client's own timeout does not bound: the connection is made in a thread
    # that is given up after the timeout (a daemon: it never holds the process at its end).
    # Every Client made here is closed by that thread when it is not handed over: one that
    # failed to connect (Dask has started its loop and made it the default client by then) or
    # that connected after the caller gave up. Left to the garbage collector, its close ran
    # at any later moment, and one that ran while another cluster started hung that start for
    # good (issue 26).
    made: list[Client] = []
    failed: list[BaseException] = []
    connected: list[Client] = []  # handed over: connected before the caller gave up
    lock = threading.Lock()
    given_up = threading.Event()

    class _Tracked(Client):
        """A Client recorded before it starts, so that a failed start can be closed."""

        def start(self, **kwargs: Any) -> None:
            with lock:
                made.append(self)
            super().start(**kwargs)  # type: ignore[no-untyped-call]

    def connect() -> None:
        try:
            client = _Tracked(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except BaseException as e:  # handed to the caller's thread below
            failed.append(e)
            _close_quietly(made)
            return
        with lock:
            late = given_up.is_set()
            if not late:
                connected.append(client)
        if late:
            _close_quietly(made)

    thread = threading.Thread(target=connect, daemon=True, name="kickoff-dask-connect")
    thread.start()
    thread.join(CONNECT_TIMEOUT + 2)
    with lock:
        if connected:
            return connected[0]
        given_up.set()
    e = failed[0] if failed else None
    if e is None or isinstance(e, (OSError, TimeoutError)):
        raise ClusterError(f"--scheduler {address}: no Dask scheduler answered within "
                           f"{CONNECT_TIMEOUT:g} s (is `dask scheduler` running there, and "
                           f"the port open?)") from e
    # Dask's own refusals (a tls:// address with no TLS configured, an address it cannot read)
    raise ClusterError(f"--scheduler {address}: Dask cannot connect there "
                       f"({type(e).__name__}: {e})") from e


def _close_quietly(clients: list[Client]) -> None:
    """Close each of ``clients`` (made by :func:`_connect` and not handed over), whatever its
    state; an error closing one is not the caller's."""
    for client in clients:
        with suppress(Exception):
            client.close(timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]


def _check_workers(client: Client, scheduler: str | None) -> None:
    """``ClusterError`` unless the cluster has a worker within :data:`CONNECT_TIMEOUT` seconds
    and every worker runs this version of kickoff (the results would differ otherwise)."""
    where = f"--scheduler {scheduler}" if scheduler is not None else "--workers"
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"{where}: the scheduler has no worker (start one with "
                           f"`dask worker {scheduler or 'ADDRESS'}`)") from e
    try:
        versions: dict[str, Any] = client.run(_kickoff_version)
    except Exception as e:  # a worker without kickoff cannot even read the function's name
        raise ClusterError(f"{where}: a worker cannot run kickoff ({type(e).__name__}: {e}); "
                           f"each worker needs kickoff {kickoff.__version__} installed") from e
    other = {w: v for w, v in versions.items() if v != kickoff.__version__}
    if other:
        worker, version = sorted(other.items())[0]
        raise ClusterError(f"{where}: worker {worker} runs kickoff {version}, this machine "
                           f"{kickoff.__version__}; each worker needs the same version")
