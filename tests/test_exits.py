"""How the ``kickoff`` command ends when its output or its run is cut short (issue 27, point 3;
:mod:`kickoff.cli.exits`): a full, broken or closed stdout is one line on stderr and exit status 1;
SIGINT, SIGTERM and SIGHUP end the command and its worker processes, one line on stderr and
exit status 128 + the signal, never a traceback.

Each test runs the command as a process of its own (the entry point, ``kickoff.cli.main``), with
a timeout; signals go to those processes only. The stop is bounded (``STOP_LIMIT``) whatever
hangs on the way, and the signals are received whatever mask the command inherited; a signal
while files are written is handled after them; blocking SIGINT for Dask's loop restores the mask
even when the call that sets it raises.
"""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import psutil
import pytest
from helpers import quick_subset

from kickoff.analysis import cluster
from kickoff.analysis.simulate import max_jobs
from kickoff.cli import exits
from kickoff.cli.exits import STOP_LIMIT, STOP_TRACE

ENTRY = "import sys; from kickoff.cli import main; sys.exit(main())"
TIMEOUT = 60

#: Commands that print on stdout, cheap ones: each must end cleanly when stdout cannot be written.
PRINTING = [["run", "--json", "--seed", "1"], ["run", "--seed", "1"], ["schema"], ["list"],
            ["setup", "show", "botbowl_def_zone"], ["--help"]]
# Each of the three ways stdout fails, in the quick suite on one or two commands (each a
# process of its own, about 1 s of CPU): the Rich report and the help (a full stdout), the
# JSON (a gone reader, a closed stdout); every command under each in the slow set.
FULL_QUICK = (["run", "--seed", "1"], ["--help"])


def _kickoff(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], stderr=subprocess.PIPE,
                          text=True, timeout=TIMEOUT, check=False, **kw)  # type: ignore[call-overload]


def _one_clean_line(err: str, needle: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1] == needle, err


@pytest.mark.parametrize("args", quick_subset(PRINTING, *FULL_QUICK), ids=" ".join)
def test_a_full_stdout_is_one_line_and_exit_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _kickoff(args, stdout=full)
    assert done.returncode == 1
    _one_clean_line(done.stderr, "error: cannot write the output: No space left on device")


@pytest.mark.parametrize("args", quick_subset(PRINTING[:3], ["run", "--json", "--seed", "1"]),
                         ids=" ".join)
def test_a_pipe_whose_reader_went_away_is_one_line_and_exit_1(args: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first write (| head -c0)
    try:
        done = _kickoff(args, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 1
    _one_clean_line(done.stderr, "error: cannot write the output: the reader closed the pipe")


@pytest.mark.parametrize("args", quick_subset(PRINTING[:4], ["run", "--json", "--seed", "1"]),
                         ids=" ".join)
def test_a_closed_stdout_is_one_line_and_exit_1_not_0(args: list[str]) -> None:
    done = _kickoff(args, preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    _one_clean_line(done.stderr, "error: cannot write the output: stdout is closed")


def test_a_closed_stdout_never_lends_its_number_to_a_file_written(tmp_path: Path) -> None:
    # fd 1 closed: the scenario file written would take number 1 and the printed report with it
    saved = tmp_path / "played.json"
    done = _kickoff(["run", "--json", "--seed", "3", "--save-scenario", str(saved)],
                    preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert saved.read_text(encoding="utf-8").lstrip().startswith("{")
    assert '"format": "kickoff-scenario/1"' in saved.read_text(encoding="utf-8")


def _children_when_started(proc: subprocess.Popen[str], count: int) -> list[psutil.Process]:
    me = psutil.Process(proc.pid)
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        children = me.children(recursive=True)
        if len(children) >= count:
            time.sleep(1.0)  # the workers at work
            return me.children(recursive=True)
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} worker processes started")


#: Seconds within which a signal ends the command and every process it started (issue 27).
WITHIN = 1.0
#: The environment variable that marks the processes a test started, its workers' included
#: (they inherit it): whatever they were spawned by, and however late, they are found.
MARK = "KICKOFF_TEST_RUN"


def marked() -> dict[str, str]:
    """This process's environment with :data:`MARK` set to a value of its own, and the file
    where a stop that hangs leaves its threads' stacks (``STOP_TRACE``, read by :func:`_stopped`)."""
    mark = uuid.uuid4().hex
    return {**os.environ, MARK: mark,
            STOP_TRACE: os.path.join(tempfile.gettempdir(), f"kickoff-stop-{mark}.txt")}


def _running(process: psutil.Process) -> bool:
    """Whether ``process`` runs (a zombie has ended: its parent, or init, has not reaped it
    yet)."""
    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.Error:
        return False


def _marked_processes(mark: str) -> list[psutil.Process]:
    """The processes running with :data:`MARK` set to ``mark`` (this user's)."""
    found = []
    for process in psutil.process_iter():
        with suppress(psutil.Error):
            if process.environ().get(MARK) == mark and _running(process):
                found.append(process)
    return found


def _no_trace(trace: str | None, took: float) -> None:
    """AssertionError with the stacks the command's watchdog wrote to ``trace`` (its stop hung
    until ``STOP_LIMIT``: ``kickoff.cli.exits``), if it wrote them."""
    if trace and os.path.exists(trace):
        with open(trace, encoding="utf-8") as f:
            stacks = f.read()
        os.unlink(trace)
        raise AssertionError(f"the stop hung: ended by the watchdog {took:.1f} s after the "
                             f"signal; its threads then:\n{stacks}")


def _stopped(proc: subprocess.Popen[str], signum: int,
             children: Callable[[], list[psutil.Process]], within: float = WITHIN,
             send: Callable[[int], None] | None = None
             ) -> tuple[str, str, float, list[psutil.Process]]:
    """``proc`` (started with :func:`marked`'s environment) sent ``signum`` (by ``send``, else
    to ``proc`` alone) once its ``children()`` are found: its stdout, its stderr, the seconds
    it took to end, and the processes it started still alive ``within`` seconds after the
    signal (or as it ended, if later): those found by ``children()`` and any with its mark;
    all of them killed whatever happens."""
    mark = ""
    workers: list[psutil.Process] = []
    try:
        environ = psutil.Process(proc.pid).environ()
        mark = environ.get(MARK, "")
        workers = children()
        assert workers, "no child process to watch"
        sent = time.monotonic()
        (send or proc.send_signal)(signum)
        out, err = proc.communicate(timeout=TIMEOUT)
        took = time.monotonic() - sent
        _no_trace(environ.get(STOP_TRACE), took)
        deadline = max(sent + within, time.monotonic())
        alive = [p for p in workers if _running(p)]
        while alive and time.monotonic() < deadline:
            time.sleep(0.02)
            alive = [p for p in alive if _running(p)]
        late = _marked_processes(mark) if mark else []
        while late and time.monotonic() < deadline:
            time.sleep(0.05)
            late = _marked_processes(mark)
        alive += [p for p in late if p not in alive]
    finally:
        for child in [*workers, *(_marked_processes(mark) if mark else [])]:
            with suppress(psutil.Error):
                child.kill()
        proc.kill()
        proc.wait(TIMEOUT)
    return out, err, took, alive


@pytest.mark.skipif(max_jobs() < 2, reason="needs two CPUs for --jobs 2")
# one handler for the three signals (kickoff.cli.exits): SIGHUP quick here, SIGTERM on the web
# server's quick case, SIGINT on the commands' start-up; simulate's SIGTERM and SIGINT slow
@pytest.mark.parametrize("signum", quick_subset([signal.SIGTERM, signal.SIGHUP, signal.SIGINT],
                                                signal.SIGHUP),
                         ids=lambda s: signal.Signals(s).name)
def test_a_signal_ends_simulate_and_its_workers_within_a_second(signum: int) -> None:
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, "simulate", "-n", "50000000", "--jobs",
                             "2", "--seed", "5"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=marked())
    out, err, took, alive = _stopped(proc, signum, lambda: _children_when_started(proc, 2))
    assert proc.returncode == 128 + signum
    assert took < WITHIN, took
    assert alive == []
    assert out == ""
    _one_clean_line(err, f"kickoff: stopped by {signal.Signals(signum).name}")


def _handles_sigterm(pid: int) -> bool:
    """Whether process ``pid`` catches SIGTERM: :func:`kickoff.cli.exits.prepare` has run."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return True  # ended
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught, 16) >> (signal.SIGTERM - 1) & 1)


def _signal_when_prepared(proc: subprocess.Popen[str], signum: int, delay: float) -> float:
    """Send ``proc`` ``signum`` ``delay`` s after its :func:`kickoff.cli.exits.prepare` took the
    signals over (:func:`_handles_sigterm`); the ``time.monotonic()`` it was sent at."""
    deadline = time.monotonic() + TIMEOUT
    while not _handles_sigterm(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(delay)
    sent = time.monotonic()
    proc.send_signal(signum)
    return sent


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("args", [["schema"], ["fumbbl", "extract", "no-such-replay.json"]],
                         ids=" ".join)
def test_ctrl_c_during_start_up_prints_no_traceback(args: list[str]) -> None:
    # From the moment the entry point took the signals over (before it imports the command's
    # modules), at a few moments of the imports: each run either ends stopped or as it would have.
    for delay in (0.0, 0.02, 0.05, 0.1, 0.2):
        proc = subprocess.Popen([sys.executable, "-c", ENTRY, *args], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        _signal_when_prepared(proc, signal.SIGINT, delay)
        _, err = proc.communicate(timeout=TIMEOUT)
        assert "Traceback" not in err and "Exception ignored" not in err, (delay, err)
        # -2: the signal came as the interpreter was ending, its handlers back to the default
        assert proc.returncode in (0, 1, 130, -signal.SIGINT), (delay, proc.returncode, err)
        if proc.returncode == 130:
            _one_clean_line(err, "kickoff: stopped by SIGINT")


def test_the_unraisable_hook_is_set_before_the_signal_handlers() -> None:
    # A signal in the first instants can raise Stopped inside importlib's weakref callback,
    # which only kickoff's unraisable hook turns back into a stop: the clean-clone CI once printed
    # "Exception ignored in: <function _get_module_lock.<locals>.cb ...>" (prepare set the hook
    # last, after importing select and threading)
    code = ("import signal, sys; from kickoff.cli import exits; seen = []; set_ = signal.signal\n"
            "def spy(signum, handler):\n"
            "    seen.append((int(signum), sys.unraisablehook is not sys.__unraisablehook__))\n"
            "    return set_(signum, handler)\n"
            "signal.signal = spy; exits.prepare(); print(seen, file=sys.stderr)")
    err = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=TIMEOUT, check=True).stderr
    seen = ast.literal_eval(err)
    assert {signum for signum, _ in seen} >= {signal.SIGINT, signal.SIGTERM}, seen
    assert all(hooked for _, hooked in seen), seen


def test_a_stop_that_a_library_wrapped_in_its_own_error_still_stops() -> None:
    # The clean-clone CI's compiled pass: SIGTERM came while pydantic-core built a validator,
    # which wrapped the Stopped in its SchemaError; the command printed a traceback, exit 1
    code = ("import os, signal, time\n"
            "from kickoff.cli import exits\n"
            "def command():\n"
            "    try:\n"
            "        os.kill(os.getpid(), signal.SIGTERM)\n"
            "        time.sleep(5)\n"
            "    except BaseException as e:\n"
            "        raise RuntimeError('Error building validator') from e\n"
            "exits.prepare()\n"
            "exits.run(command)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    _one_clean_line(done.stderr, "kickoff: stopped by SIGTERM")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _post(port: int, path: str, doc: object, timeout: float = TIMEOUT) -> tuple[int, Any]:
    """The status and JSON answer of ``POST path`` on the server at ``port``."""
    import json
    import urllib.error
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(doc).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _server() -> tuple[subprocess.Popen[str], int]:
    """``kickoff serve`` on a free port (marked, :func:`marked`), once it answers."""
    import urllib.request

    for _attempt in range(3):  # a free port taken by another process before the server binds
        # it: uvicorn exits 3 at start-up; try another
        port = _free_port()
        proc = subprocess.Popen([sys.executable, "-c", ENTRY, "serve", "--port", str(port)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=marked())
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200
                return proc, port
            except OSError:
                time.sleep(0.1)
        proc.communicate(timeout=TIMEOUT)
    raise AssertionError("the server did not start")


@pytest.mark.parametrize(("signum", "busy"), [
    # slow: one handler for the three signals (kickoff.cli.exits); SIGHUP's exit is checked on
    # simulate in the quick suite, Ctrl-C's on the commands' start-up, an idle server's stop by
    # the busy one's same assertions (a server and its workers started: 4 s of CPU each)
    pytest.param(signal.SIGTERM, False, marks=pytest.mark.slow),
    pytest.param(signal.SIGHUP, False, marks=pytest.mark.slow),
    pytest.param(signal.SIGINT, False, marks=pytest.mark.slow), (signal.SIGTERM, True)],
    ids=["SIGTERM", "SIGHUP", "SIGINT", "SIGTERM during a long job"])
def test_a_signal_stops_the_web_server_and_its_processes(signum: int, busy: bool) -> None:
    # busy: a request waiting on a long odds job (all targets, every Kick-off event, the
    # receivers at their best: seconds) is answered 503 as the server stops, not waited for
    import threading

    proc, port = _server()
    answers: list[tuple[int, Any]] = []
    if busy:
        _, match = _post(port, "/api/match", {"ruleset": "bb2020"})
        slow = {"scenario": match["scenario"], "events": "all", "play": "best"}
        waiting = threading.Thread(target=lambda: answers.append(
            _post(port, "/api/odds/all", slow)), daemon=True)
        waiting.start()
        time.sleep(1.0)  # the job running in a worker
        assert answers == []  # still waiting on it
    _, err, took, alive = _stopped(
        proc, signum, lambda: psutil.Process(proc.pid).children(recursive=True))
    assert proc.returncode == 128 + signum
    assert took < WITHIN, took  # uvicorn's shutdown, the workers ended at once
    assert alive == []  # every worker, the forkserver, the resource tracker
    _one_clean_line(err, f"kickoff: stopped by {signal.Signals(signum).name}")
    if busy:
        waiting.join(TIMEOUT)
        status, answer = answers[0]
        assert status == 503
        assert (answer["problems"][0]["code"], answer["problems"][0]["message"]) == (
            "busy", "the server is stopping; try again shortly")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_a_signal_while_writing_leaves_all_the_files_or_none(tmp_path: Path) -> None:
    # kickoff schema --out writes two files, all or nothing: a signal at any moment of the run
    # leaves both whole or neither, and never a temporary .part file
    for i, delay in enumerate((0.0, 0.05, 0.1, 0.2, 0.3, 0.5)):
        out = tmp_path / f"run{i}"
        proc = subprocess.Popen([sys.executable, "-c", ENTRY, "schema", "--out", str(out)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        _signal_when_prepared(proc, signal.SIGTERM, delay)
        _, err = proc.communicate(timeout=TIMEOUT)
        # -15: the signal came as the interpreter was ending, its handlers back to the default
        assert proc.returncode in (0, 143, -signal.SIGTERM), (delay, err)
        assert "Traceback" not in err
        files = sorted(p.name for p in out.iterdir()) if out.exists() else []
        assert files in ([], ["kickoff-result-1.schema.json", "kickoff-scenario-1.schema.json"]), files
        if proc.returncode == 0:
            assert len(files) == 2


#: Commands whose stop never ends by itself: the code of ``command()`` after
#: :func:`kickoff.cli.exits.prepare`, run through :func:`kickoff.cli.exits.run` (the entry point's
#: way), and the function the main thread is stuck in. The first waits in a ``finally`` (a
#: cluster's close that never returns), the second leaves a thread that the interpreter's exit
#: waits for (a thread pool's, stuck).
HANGING = {
    "a finally that never returns": ("""
        try:
            time.sleep(60)
        finally:
            threading.Event().wait()
    """, "command"),
    "a thread the exit waits for": ("""
        threading.Thread(target=threading.Event().wait).start()
        time.sleep(60)
    """, "_shutdown"),
}


#: The watchdog's limit in the quick case of :func:`test_a_stop_that_hangs_is_ended_at_the_limit`
#: (seconds): the command's module's :data:`~kickoff.cli.exits.STOP_LIMIT` set to it in that
#: process, which the watchdog reads when the first signal comes. The same watchdog gives up
#: after it as after the real 5 s, which the slow case waits (4 s of an idle worker less).
QUICK_STOP_LIMIT = 1.0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize(("hang", "limit"), [
    pytest.param("a finally that never returns", QUICK_STOP_LIMIT),
    # slow: the same watchdog at the command's own limit, 5 s
    pytest.param("a thread the exit waits for", STOP_LIMIT, marks=pytest.mark.slow)])
def test_a_stop_that_hangs_is_ended_at_the_limit(hang: str, limit: float, tmp_path: Path) -> None:
    body, stuck_in = HANGING[hang]
    code = ("import threading, time\nfrom kickoff.cli import exits\n\ndef command():\n"
            "    exits.prepare()\n" + textwrap.indent(textwrap.dedent(body), "    ")
            + f"\nexits.STOP_LIMIT = {limit!r}\nexits.run(command)\n")
    trace = tmp_path / "stacks.txt"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, STOP_TRACE: str(trace)})
    sent = _signal_when_prepared(proc, signal.SIGTERM, 0.2)  # in command(), past prepare()
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
        proc.wait(TIMEOUT)
    took = time.monotonic() - sent
    assert proc.returncode == 128 + signal.SIGTERM
    assert limit <= took < limit + 3.0, took
    assert out == ""
    assert err.splitlines() == ["kickoff: stopped by SIGTERM"], err  # once, by either thread
    stacks = trace.read_text(encoding="utf-8")  # the diagnosis: where the main thread hung
    assert f"in {stuck_in}" in stacks and "in forward" in stacks, stacks


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_a_signal_the_starting_process_blocked_still_stops_the_command() -> None:
    # started with SIGINT blocked (inherited through exec, as from a test runner's thread that
    # blocks it): the signal stayed pending for good, the run went on for minutes
    env = marked()  # (a stop that hangs leaves its threads' stacks: the failure shows them)
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, "simulate", "-n", "50000000", "--seed",
                             "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, preexec_fn=lambda: signal.pthread_sigmask(
                                signal.SIG_BLOCK, {signal.SIGINT}))
    sent = _signal_when_prepared(proc, signal.SIGINT, 1.0)  # at work
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
        proc.wait(TIMEOUT)
    took = time.monotonic() - sent
    _no_trace(env[STOP_TRACE], took)
    assert proc.returncode == 128 + signal.SIGINT
    assert took < WITHIN
    assert out == ""
    _one_clean_line(err, "kickoff: stopped by SIGINT")


def test_a_signal_while_files_are_written_is_handled_after_the_block() -> None:
    # the signals were "held" with a signal mask in the main thread: the command's wake-up
    # thread received the signal and its handler ran in the main thread within the block
    code = textwrap.dedent("""
        import sys, time
        from kickoff.cli import exits
        from kickoff.formats import files

        def command():
            exits.prepare()
            try:
                with files._signals_held():
                    print("holding", file=sys.stderr, flush=True)
                    time.sleep(1.0)
                    print("the block ended", file=sys.stderr, flush=True)
            finally:
                print("unwound", file=sys.stderr, flush=True)

        exits.run(command)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline() == "holding\n"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=TIMEOUT)
    finally:
        proc.kill()
        proc.wait(TIMEOUT)
    assert proc.returncode == 128 + signal.SIGTERM
    assert out == ""
    assert err.splitlines() == ["the block ended", "unwound", "kickoff: stopped by SIGTERM"]


@pytest.mark.skipif(exits.WAKE is None, reason="needs real-time signals (Linux)")
def test_the_main_thread_is_woken_again_until_the_signal_is_handled() -> None:
    # A WAKE that lands just before the main thread enters a wait (after its last check for
    # pending handlers, before the system call) is spent and the wait runs on: the CI once saw a
    # command stopped by the watchdog 5 s after SIGINT instead of at once. The wake-up thread now
    # sends WAKE again until the handler has run. Here the handler is one that never sets it, and
    # the WAKEs the main thread received in half a second are counted (one, before).
    code = textwrap.dedent("""
        import os, signal, sys, time
        from kickoff.cli import exits

        exits.prepare()
        woken = []
        signal.signal(exits.WAKE, lambda *_: woken.append(1))
        signal.signal(signal.SIGINT, lambda *_: None)  # handled, but not as a stop
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # the wake-up thread gets it
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.5)
        print(len(woken), file=sys.stderr, flush=True)
        os._exit(0)  # before the watchdog's STOP_LIMIT
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr
    woken = int(done.stderr.strip().splitlines()[-1])
    assert woken >= 3, woken  # every exits.WAKE_AGAIN (0.05 s): ten, or fewer on a loaded machine


class _HandlerRaised(Exception):
    """What a signal handler raised in ``pthread_sigmask`` (CPython runs the pending ones there)."""


@pytest.fixture
def mask_kept() -> Iterator[set[int]]:
    """This thread's signal mask, set back after the test whatever it did."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        yield before
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="needs signal masks")
def test_a_handler_raising_as_dasks_loop_starts_leaves_the_mask_as_it_was(
        mask_kept: set[int], monkeypatch: pytest.MonkeyPatch) -> None:
    # the call that blocks SIGINT raises (a pending signal's handler: kickoff.cli.exits's Stopped)
    # after the mask is set: SIGINT stayed blocked in the main thread for the rest of the run
    from contextlib import ExitStack
    from multiprocessing import resource_tracker

    assert threading.current_thread() is threading.main_thread()
    resource_tracker.ensure_running()  # started now: its own start blocks SIGINT for a while
    real = signal.pthread_sigmask

    def raising(how: int, mask: Any) -> set[int]:
        old: set[int] = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGINT in set(mask):
            raise _HandlerRaised
        return old

    monkeypatch.setattr(signal, "pthread_sigmask", raising)
    with pytest.raises(_HandlerRaised), ExitStack() as stack:
        cluster._loop_deaf_to_ctrl_c(stack)
    assert real(signal.SIG_BLOCK, ()) == mask_kept


@pytest.mark.parametrize(("ending", "status", "said"), [
    ("return None", 0, ""), ("raise SystemExit(3)", 3, ""),
    ("raise SystemExit('error: no such team')", 1, "error: no such team\n")])
def test_a_command_that_ends_skips_the_teardown_but_not_what_the_exit_owes(
        tmp_path: Any, ending: str, status: int, said: str) -> None:
    # exits._leave: the interpreter's teardown (freeing every object one by one, 2.5 s after a
    # --play best search) is skipped; the non-daemon threads, the atexit handlers and the output
    # are not; the status and message are SystemExit's
    code = ("import atexit, sys, threading, time\n"
            "from kickoff.cli import exits\n"
            "class Owed:\n"
            "    def __del__(self):\n"
            "        sys.stderr.write('torn down\\n')\n"
            "kept = Owed()\n"
            f"atexit.register(lambda: open({str(tmp_path / 'atexit')!r}, 'w').write('ran'))\n"
            "def late():\n"
            "    time.sleep(0.3)\n"
            f"    open({str(tmp_path / 'thread')!r}, 'w').write('ran')\n"
            "def command():\n"
            "    threading.Thread(target=late).start()\n"
            "    sys.stdout.write('the result')\n"
            f"    {ending}\n"
            "exits.prepare()\n"
            "exits.run(command)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert (done.returncode, done.stdout, done.stderr) == (status, "the result", said)
    assert (tmp_path / "atexit").read_text() == "ran"
    assert (tmp_path / "thread").read_text() == "ran"
