"""How the ``kickoff`` command ends when its output or its run is cut short (issue 27): one
place, the command's entry point (:func:`kickoff.cli.main`), for every command.

* **Output that cannot be written**: a full disk (``> /dev/full``), a reader that went away
  (``| head -c1``: a broken pipe), stdout closed (``>&-``). The first write that fails ends the
  command: one line on stderr (``error: cannot write the output: ...``) and exit status 1; what
  stdout would have had after it is dropped, never a traceback. A file the command was writing
  (``--out``, ``--save-scenario``) is left as it was (:func:`kickoff.formats.files.write_files`
  removes its temporary file). With stdout closed, file descriptor 1 is held on ``/dev/null``
  so that no file the command opens takes its number and receives the output.
* **Signals**: SIGINT (Ctrl-C), SIGTERM and SIGHUP end the command the same way wherever it is,
  start-up (imports) included: one line on stderr (``kickoff: stopped by SIGTERM``) and exit
  status 128 + the signal's number (130, 143, 129), as a shell reports a process the signal
  ended; what stdout held unwritten is dropped (no half a result at the exit's flush). The
  signal is raised as :class:`Stopped` (a ``BaseException``, which no ``except Exception``
  swallows; a library that turns it into an error of its own, as pydantic-core does while it
  builds a validator, ends the command stopped all the same), so every ``with`` and ``finally``
  on the way runs: a process pool's or a Dask
  cluster's workers are ended, a temporary file removed. A signal that the kernel gives to
  another thread (a pool's, Dask's) wakes the main thread too (:func:`_wake_the_main_thread`),
  so that a main thread waiting on a lock handles it at once. A second signal while that runs
  is raised there too (cutting a slow closing short); one after the command ended (the
  interpreter's own exit) ends the process at once. The signals are received whatever mask
  the command was started with (a blocked SIGINT inherited from the process that started it is
  unblocked). The stop is bounded: a command that has not ended :data:`STOP_LIMIT` seconds
  after the first signal (a ``finally`` or a cluster's closing that never returns, a thread
  the interpreter's exit waits for) is ended then by the same thread that wakes the main one,
  with the same line and status (``os._exit``: what was still to be closed is not).
"""

from __future__ import annotations

import _thread
import atexit
import errno
import io
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from types import FrameType
from typing import Any, Final, NoReturn

#: The signals that end a command cleanly (:class:`Stopped`).
SIGNALS: Final = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                       if hasattr(signal, name))


#: The signal sent to the main thread to interrupt a wait (:func:`_wake_the_main_thread`); None
#: where there is no real-time signal.
WAKE: Final = getattr(signal, "SIGRTMIN", None)
#: Seconds a command is given to end after the first signal of :data:`SIGNALS` (its ``with``
#: blocks and ``finally`` clauses, then the interpreter's exit: within a second, on a loaded
#: machine too): past them the process is ended at once (:func:`_wake_the_main_thread`).
STOP_LIMIT: Final = 5.0
#: How often the main thread is sent :data:`WAKE` again while a signal is not yet handled
#: (:func:`_wake_the_main_thread`), seconds.
WAKE_AGAIN: Final = 0.05
#: The environment variable that may name a file where the watchdog (:func:`_give_up`) writes
#: every thread's stack before it ends a stop that hung: the diagnosis, in the tests' runs.
STOP_TRACE: Final = "KICKOFF_STOP_TRACE"


class Stopped(BaseException):
    """A signal of :data:`SIGNALS` received: the command unwinds and exits with
    ``128 + signum``."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class OutputFailed(BaseException):
    """Writing stdout failed (``error``); a ``BaseException`` so that no handler of the
    command's own (Click's ``OSError`` handling included) takes it for another error."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Output(io.FileIO):
    """File descriptor 1 under ``sys.stdout``: a write that fails raises :class:`OutputFailed`
    once; every later write (the interpreter's last flush) is dropped."""

    def __init__(self, closed_from_start: bool) -> None:
        super().__init__(1, "wb", closefd=False)
        self.failed: OSError | None = None
        self._closed_from_start = closed_from_start

    def write(self, data: Any) -> int:
        size = len(data)
        if self.failed is not None:
            return size
        try:
            if self._closed_from_start:
                raise OSError(errno.EBADF, "stdout is closed")
            return super().write(data) or 0
        except OSError as e:
            self.failed = e
            raise OutputFailed(e) from None


_output: _Output | None = None
#: The signal that is stopping the command (the first received), ``None`` before one.
_signalled: int | None = None
#: True once the command has ended (or unwound from a signal): a signal ends the process at once.
_ended = False
#: True once the stop's line is on its way to stderr (:func:`_stopped`): never written twice.
_said = False


def _on_signal(signum: int, _frame: FrameType | None) -> None:
    global _signalled
    if _ended:
        os._exit(128 + signum)
    if _signalled is None:
        _signalled = signum
    # A second signal while the first unwinds (a pool or cluster closing) is raised there too,
    # which cuts the closing short; the command still ends through :func:`run`, as the first.
    raise Stopped(_signalled)


def _unraisable(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``sys.unraisablehook``: a :class:`Stopped` that Python could not propagate (raised by the
    signal handler inside a weakref callback or a ``__del__``, as importing can run) is raised
    again in the main thread at once (``_thread.interrupt_main``); anything else goes to
    ``hook``, the interpreter's own."""

    def unraisable(info: Any) -> object:
        if isinstance(info.exc_value, Stopped):
            _thread.interrupt_main(signal.Signals(info.exc_value.signum))
            return None
        return hook(info)

    return unraisable


def _hold_closed_descriptors() -> set[int]:
    """Open ``/dev/null`` on each of the descriptors 0, 1 and 2 that is closed (so that no file
    opened later takes that number); the ones that were closed."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            closed.add(fd)
    for fd in sorted(closed):
        held = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
        if held != fd:
            os.dup2(held, fd)
            os.close(held)
    return closed


def _wake_the_main_thread() -> None:
    """See that a signal of :data:`SIGNALS` delivered to another thread than the main one is
    handled at once, and that the command ends within :data:`STOP_LIMIT` seconds of the first.
    The kernel gives a process's signal to any of its threads that does not block it (a pool's
    or Dask's threads, a native library's); Python runs the handler in the main thread only,
    when it next runs Python code, and a main thread waiting on a lock (a Dask cluster
    starting, a pool's result) ran it only when the wait ended: measured, a ``--workers`` run
    stopped 1.2 to 4 s after SIGTERM, once in four. Python's own wake-up file
    (``signal.set_wakeup_fd``: the handler writes each signal's number there, whatever the
    thread) is read by a thread of this module, which sends the main thread :data:`WAKE` (a
    real-time signal whose handler does nothing), again every :data:`WAKE_AGAIN` seconds while
    the signal is not yet handled (one landing just before the main thread enters a wait is
    spent): the main thread's wait is interrupted and the pending handler runs. That thread never blocks
    :data:`SIGNALS`, so that one thread at least receives them, and it is the stop's
    watchdog: :data:`STOP_LIMIT` seconds after the first signal it ends the process
    (:func:`_give_up`). Linux (where real-time signals exist); elsewhere, nothing is done."""
    if WAKE is None or threading.current_thread() is not threading.main_thread():
        return
    main = threading.main_thread().ident
    read, write = os.pipe()
    os.set_blocking(write, False)
    signal.signal(WAKE, lambda _signum, _frame: None)
    signal.set_wakeup_fd(write, warn_on_full_buffer=False)

    def wake() -> None:
        if _signalled is None and not _ended:
            with suppress(OSError, ValueError):  # the process ending
                signal.pthread_kill(main or 0, WAKE)

    def forward() -> None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)  # not the main thread: no handler runs
        first: int | None = None
        deadline = 0.0
        while True:
            left = None if first is None else max(0.0, deadline - time.monotonic())
            # until the handler ran, WAKE again every WAKE_AGAIN s: one that came just before
            # the main thread entered a wait (between its last check and the system call) was
            # spent, and the wait would have run on
            wait = left if left is None or _signalled is not None else min(left, WAKE_AGAIN)
            if not select.select([read], [], [], wait)[0]:
                if time.monotonic() >= deadline:
                    _give_up(_signalled or first or signal.SIGTERM)
                wake()
                continue
            data = os.read(read, 64)
            if not data:
                return
            got = [b for b in data if b in SIGNALS]
            if got and first is None:
                first, deadline = got[0], time.monotonic() + STOP_LIMIT
            if got:
                wake()

    threading.Thread(target=forward, daemon=True, name="kickoff-signals").start()


def _give_up(signum: int) -> NoReturn:
    """End the process now, as :func:`_stopped` ends the command: the command did not end
    within :data:`STOP_LIMIT` seconds of ``signum``. Its line is written unless it was (straight
    to file descriptor 2: the main thread may hold ``sys.stderr``'s lock). The stacks of every
    thread go to the file :data:`STOP_TRACE` names, if it is set."""
    trace = os.environ.get(STOP_TRACE)
    if trace:
        import faulthandler

        with suppress(OSError), open(trace, "w", encoding="utf-8") as f:
            faulthandler.dump_traceback(f, all_threads=True)
    if not _said:
        with suppress(OSError):
            os.write(2, f"kickoff: stopped by {signal.Signals(signum).name}\n".encode())
    os._exit(128 + signum)


def prepare() -> None:
    """Take over the signals of :data:`SIGNALS` and stdout (:class:`_Output`); called once, first
    thing, by the command's entry point, within :func:`run` (a signal while it runs ends the
    command as any other)."""
    global _output
    # first: from the moment the handler is set, a signal may raise it inside a weakref
    # callback of an import (importlib's module locks), where only this hook sees the Stopped
    sys.unraisablehook = _unraisable(sys.unraisablehook)
    for signum in SIGNALS:
        signal.signal(signum, _on_signal)
    _wake_the_main_thread()
    if hasattr(signal, "pthread_sigmask"):  # a mask inherited from the process that started
        # this one (a test runner's thread) left them pending for good; one pending is handled here
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {*SIGNALS, *([WAKE] if WAKE else [])})
    closed = _hold_closed_descriptors()
    old = sys.stdout
    _output = _Output(closed_from_start=1 in closed)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_output), encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "strict",
        line_buffering=bool(getattr(old, "line_buffering", False)))


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr closed or gone too: the status says it
        pass


def _output_failed(e: OSError) -> NoReturn:
    reason = {errno.EPIPE: "the reader closed the pipe", errno.EBADF: "stdout is closed"}.get(
        e.errno or 0, e.strerror or str(e))
    _say(f"error: cannot write the output: {reason}")
    raise SystemExit(1)


def _stopped(signum: int) -> NoReturn:
    global _said
    if _output is not None and _output.failed is None:  # what stdout holds, unwritten, is
        _output.failed = OSError(errno.ECANCELED, "stopped")  # dropped: no half a result
    _said = True
    _say(f"kickoff: stopped by {signal.Signals(signum).name}")
    _leave(128 + signum)  # every ``finally`` on the way has run


def run(main: Callable[[], object]) -> NoReturn:
    """Run ``main`` (the command, which ends in ``SystemExit``), then flush stdout; a signal of
    :data:`SIGNALS` or a failed write of stdout anywhere ends it as the module says."""
    global _ended
    try:
        try:
            main()
            code: object = 0
        except SystemExit as e:
            code = e.code
        sys.stdout.flush()
    except Stopped as e:
        _ended = True
        _stopped(e.signum)
    except OutputFailed as e:
        _output_failed(e.error)
    except KeyboardInterrupt:  # SIGINT raised by the interpreter before :func:`prepare`
        _stopped(signal.SIGINT)
    except BaseException:
        if _signalled is None:
            raise
        # the Stopped turned into another error by the code it was raised in (pydantic-core
        # building a validator wraps it in a SchemaError): the signal ends the command all the same
        _ended = True
        _stopped(_signalled)
    _ended = True  # a signal from here on (the interpreter's exit) ends the process at once
    if _signalled is not None:  # a Stopped that something on the way swallowed
        _stopped(_signalled)
    if _output is not None and _output.failed is not None:  # failed and caught on the way
        _output_failed(_output.failed)
    _leave(code)


def _leave(code: object) -> NoReturn:
    """End the process with the status ``SystemExit(code)`` gives (``None`` 0, an int itself,
    anything else said on stderr and 1), the command being done and its output flushed, without
    the interpreter's teardown: what the exit still owes is done first (the threads it waits
    for, then the ``atexit`` handlers: a process pool's, Dask's, logging's, the temporary
    files' finalizers), then ``os._exit``. The teardown would free every object the command
    made one by one: about 2.5 s of CPU after ``kickoff odds --play best``'s search (a quarter
    of the command, both builds; docs/performance.md), nothing anyone can see. Every file the
    commands write is closed before this (``formats.files.write_files``)."""
    if code is None or isinstance(code, int):
        status = int(code or 0)
    else:
        _say(str(code))
        status = 1
    # the non-daemon threads joined, as at exit; a process pool's closing there may write to
    # its wake-up pipe after a stop closed it (EBADF): the exit reports nothing of that either
    with suppress(OSError):
        getattr(threading, "_shutdown", lambda: None)()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(status)
