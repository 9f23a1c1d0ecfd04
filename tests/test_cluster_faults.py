"""A Dask cluster's faults end in a message within a bound (issue 27, point 3): the local
cluster listens on loopback only, a worker that stops answering (SIGSTOP) has its work given to
others after :data:`~kickoff.analysis.cluster.WORKER_TTL` seconds, a worker that dies at start-up
is one line, a signal ends the command and its workers. Few tests: each cluster costs seconds
of a 2-core machine; signals go to this test's own processes only."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from test_cluster import own_dask_directory
from test_exits import WITHIN, _stopped, marked

from kickoff.analysis import cluster
from kickoff.analysis.cluster import LOCAL_HOST, ClusterError, open_executor

__all__ = ["own_dask_directory"]  # the fixture: Dask's scratch space in this run's folder

ENTRY = "import sys; from kickoff.cli import main; sys.exit(main())"
TIMEOUT = 120


def _workers() -> list[psutil.Process]:
    """This process's Dask worker processes (spawned by the local cluster's nannies)."""
    return [c for c in psutil.Process().children(recursive=True)
            if any("spawn_main" in part for part in c.cmdline())]


@pytest.mark.slow  # (a cluster started for it, 3 to 5 s: .ci/run runs it; the quick suite checks
# the addresses of test_cluster.py's two-worker cluster, test_a_local_cluster_of_two_processes_...)
def test_the_local_cluster_listens_on_loopback_only() -> None:
    with open_executor(workers=1) as executor:
        client = executor.client  # type: ignore[attr-defined]
        addresses = [client.scheduler.address, *client.scheduler_info()["workers"]]
    assert len(addresses) == 2
    assert all(a.startswith(f"tcp://{LOCAL_HOST}:") for a in addresses), addresses


# slow (11 s of waiting for the workers' time to live): the other fault tests stay quick
@pytest.mark.slow
def test_stopped_workers_hand_their_work_on_after_the_ttl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "WORKER_TTL", 3.0)
    with open_executor(workers=1) as executor:
        (worker,) = _workers()
        worker.suspend()  # SIGSTOP: it neither works nor answers
        try:
            start = time.monotonic()
            assert executor.map(abs, [-3, 4, -5]) == [3, 4, 5]  # on a worker started again
            took = time.monotonic() - start
        finally:
            if worker.is_running():
                worker.resume()
    assert 3.0 <= took < 60, took


def test_a_worker_that_dies_at_start_up_is_one_line(tmp_path: Path) -> None:
    # every worker process ends as it starts (a sitecustomize of this test's own)
    (tmp_path / "sitecustomize.py").write_text(
        "import os, sys\n"
        "if any('spawn_main' in a for a in getattr(sys, 'orig_argv', ())):\n"
        "    os._exit(3)\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", ENTRY, "simulate", "-n", "10000", "--workers",
                           "1"], capture_output=True, text=True, timeout=TIMEOUT, env=env,
                          check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.strip() == ("error: --workers 1: the local cluster did not start "
                                   "(RuntimeError: Nanny failed to start.); nothing run")


def test_a_script_whose_workers_die_at_start_up_is_told_the_guard(tmp_path: Path) -> None:
    # (from a script of the user's own, "Nanny failed to start" most often means a cluster
    # opened without the `if __name__ == "__main__":` guard; the command line is not told so)
    (tmp_path / "sitecustomize.py").write_text(
        "import os, sys\n"
        "if any('spawn_main' in a for a in getattr(sys, 'orig_argv', ())):\n"
        "    os._exit(3)\n", encoding="utf-8")
    script = tmp_path / "mine.py"
    script.write_text("from kickoff.analysis.cluster import ClusterError, open_executor\n"
                      "try:\n"
                      "    with open_executor(workers=1) as ex:\n"
                      "        pass\n"
                      "except ClusterError as e:\n"
                      "    print(e)\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=TIMEOUT, env=env, check=False)
    assert done.stdout.strip() == (
        "--workers 1: the local cluster did not start (RuntimeError: Nanny failed to start.); "
        'nothing run; from a script of your own: start the cluster under `if __name__ == '
        '"__main__":` (its workers import the script again)'), done.stderr


def _cluster_run(proc: subprocess.Popen[str], count: int, at_work: float
                 ) -> list[psutil.Process]:
    """``proc``'s children once ``count`` Dask workers are spawned, ``at_work`` s after it."""
    me = psutil.Process(proc.pid)
    deadline = time.monotonic() + TIMEOUT
    while len([c for c in me.children(recursive=True)
               if any("spawn_main" in part for part in c.cmdline())]) < count:
        assert time.monotonic() < deadline and proc.poll() is None, "no worker started"
        time.sleep(0.02)
    time.sleep(at_work)
    return me.children(recursive=True)


@pytest.mark.parametrize(("ctrl_c", "at_work"), [
    # slow: SIGTERM at work unwinds as Ctrl-C at work does (the workers ignore the group's
    # SIGINT: the command ends them either way), and SIGTERM's handling is checked as it starts
    pytest.param(False, 3.0, marks=pytest.mark.slow), (True, 3.0), (False, 0.0), (True, 0.0)],
                         ids=["SIGTERM", "Ctrl-C to the group", "SIGTERM as it starts",
                              "Ctrl-C to the group as it starts"])
def test_a_signal_ends_a_run_on_a_local_cluster_and_its_workers(ctrl_c: bool,
                                                                at_work: float) -> None:
    # a session of its own: Ctrl-C's SIGINT goes to its process group (the workers too) only;
    # "as it starts": the signal as the first worker is spawned, the second one maybe not yet,
    # both still importing Dask (they are born with SIGINT blocked: no traceback of theirs)
    proc = subprocess.Popen([sys.executable, "-c", ENTRY, "simulate", "-n", "50000000",
                             "--workers", "2", "--seed", "3"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=marked())
    signum = signal.SIGINT if ctrl_c else signal.SIGTERM
    out, err, took, alive = _stopped(
        proc, signum, lambda: _cluster_run(proc, 1 if at_work == 0 else 2, at_work),
        send=(lambda s: os.killpg(proc.pid, s)) if ctrl_c else None)
    assert proc.returncode == 128 + signum
    assert took < WITHIN, took
    assert alive == []  # every worker process (and Dask's resource tracker) within the second
    assert out == ""  # no half-printed result
    assert "Traceback" not in err and err.strip().splitlines() == [
        f"kickoff: stopped by {signal.Signals(signum).name}"]


def test_the_cluster_faults_are_cluster_errors() -> None:
    from distributed.scheduler import KilledWorker, NoValidWorkerError

    for fault in (NoValidWorkerError("k", set(), set(), {}, 30.0), KilledWorker("k", None, 3)):  # type: ignore[arg-type]
        with pytest.raises(ClusterError, match="run ended"), cluster._cluster_faults():
            raise fault
    with pytest.raises(KeyError), cluster._cluster_faults():  # the work's own errors pass
        raise KeyError("x")
