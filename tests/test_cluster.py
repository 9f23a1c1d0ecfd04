"""Work on a Dask cluster (issue 14 point 4): a real ``LocalCluster`` of two worker processes
gives exactly the in-process results; bad options and unreachable schedulers are refused with a
message naming them. Few and quick tests: each cluster costs seconds of a 2-core machine."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from helpers import assert_invalid, cli

import kickoff
from kickoff.analysis.advisor.search import CANDIDATES_PER_ROUND, OptimizeRequest, optimize_setup
from kickoff.analysis.cluster import (
    CONNECT_TIMEOUT,
    LEAN_DASK,
    LOCAL_HOST,
    LOCAL_HTTP,
    MAX_WORKERS,
    ClusterError,
    DaskExecutor,
    Executor,
    check_options,
    open_executor,
)
from kickoff.analysis.objectives import receivers_prefer
from kickoff.analysis.simulate import CHUNK, Job, play_chunk, simulate
from kickoff.core import RULESETS, Square
from kickoff.core.errors import KickoffError
from kickoff.formats.teams import build_state, load_setup, load_team

#: Nothing listens on port 1 of this machine: a scheduler that never answers.
UNREACHABLE = "tcp://127.0.0.1:1"


@pytest.fixture(scope="module", autouse=True)
def own_dask_directory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Dask's workers keep their scratch space and its locks in a folder of this run's own: the
    shared ``/tmp/dask-scratch-space`` of a run killed mid-way held locks that hung the next."""
    import dask

    folder = str(tmp_path_factory.mktemp("dask"))
    before = os.environ.get("DASK_TEMPORARY_DIRECTORY")
    os.environ["DASK_TEMPORARY_DIRECTORY"] = folder  # for the commands run as processes too
    try:
        with dask.config.set({"temporary-directory": folder}):
            yield
    finally:
        if before is None:
            os.environ.pop("DASK_TEMPORARY_DIRECTORY", None)
        else:
            os.environ["DASK_TEMPORARY_DIRECTORY"] = before


#: How long the refusal tests wait for a scheduler that never answers (the command's own wait is
#: CONNECT_TIMEOUT, 5 s): what they check (the message, the Client closed) does not need more,
#: and seven waits of 5 s were half a minute of the quick suite (issue 26); of 2 s, 14 s of one
#: worker's time, waiting.
SHORT_WAIT = 1.0
#: The wait of the one test whose scheduler answers (and has no worker): its Client must
#: connect within it, on a loaded machine too.
LIVE_WAIT = 2.0


@pytest.fixture
def short_wait(monkeypatch: pytest.MonkeyPatch) -> float:
    """A scheduler that never answers is given up after :data:`SHORT_WAIT` seconds."""
    import kickoff.analysis.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", SHORT_WAIT)
    return SHORT_WAIT


@pytest.fixture(autouse=True)
def nothing_of_dask_left_behind() -> Iterator[None]:
    """After each test, what it made of Dask is gone before the next starts a cluster: a
    connecting thread given up (``kickoff.analysis.cluster._connect``) has ended and closed its
    Client, and the garbage collector has run here, not in the middle of the next cluster's
    start (a Client closed by the collector then hung that start for good; issue 26).

    The collector runs only while a Client that is not closed is left (``Client._instances``
    holds every Client not yet collected): a full collection of the worker's heap took 1 to 4 s,
    after each of this module's 34 quick tests, most of which make no Client at all."""
    import gc
    import threading

    yield
    for thread in threading.enumerate():
        if thread.name == "kickoff-dask-connect":
            thread.join(CONNECT_TIMEOUT + 10)
    if _an_open_client():
        gc.collect()


def _an_open_client() -> bool:
    """Whether a Dask Client not closed is left in this process (one the garbage collector
    would close, when it finds it)."""
    client = sys.modules.get("distributed.client")
    if client is None:  # Dask never imported: no Client either
        return False
    return any(c.status not in ("closed", "newly-created") for c in list(client.Client._instances))


@pytest.mark.parametrize("listening", [False, True])
def test_a_refused_connection_leaves_no_client_open(listening: bool, short_wait: float) -> None:
    """A scheduler that never answers, or a listener that never speaks Dask: once the
    connecting thread has ended, the Client it made is closed (by Dask, or by the thread),
    never left open for the garbage collector to close during a later cluster's start (the
    hang of issue 26)."""
    import gc
    import socket
    import threading

    from distributed import Client

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    address = f"tcp://127.0.0.1:{listener.getsockname()[1]}" if listening else UNREACHABLE
    start = time.monotonic()
    with listener, pytest.raises(ClusterError, match="no Dask scheduler") as caught, \
            open_executor(scheduler=address):
        raise AssertionError("unreachable")
    assert time.monotonic() - start < short_wait + 10  # given up after the timeout
    for thread in threading.enumerate():
        if thread.name == "kickoff-dask-connect":
            thread.join(CONNECT_TIMEOUT + 10)
    made = [o for o in gc.get_objects() if isinstance(o, Client)]
    assert caught.value.args[0].startswith(f"--scheduler {address}")
    assert made, "the refused connection made no Client: nothing was checked"
    assert {c.status for c in made} == {"closed"}


@pytest.fixture(scope="module")
def scheduler(own_dask_directory: None) -> Iterator[str]:
    """The address of a running cluster: a scheduler and two worker processes, as
    ``dask scheduler`` and ``dask worker`` would start them, shared by this module's tests."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=LOCAL_HTTP, silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def _job() -> Job:
    rs = RULESETS["bb2020"]
    state = build_state(
        rs, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", rs.pitch),
         "away": load_setup("botbowl_off_wedge", rs.pitch)}, "home")
    return Job(state, rs, Square(20, 5), events="all")


def test_no_option_is_this_process_and_imports_no_dask() -> None:
    with open_executor() as executor:
        assert type(executor) is Executor and executor.slots == 1
        assert executor.map(len, ["ab", "", "abc"]) == [2, 0, 3]
        assert list(executor.stream(len, iter(["a", "bcd"]))) == [1, 3]
    code = ("import sys, kickoff.analysis.cluster, kickoff.analysis.simulate, kickoff.cli.app; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _profiling() -> tuple[bool, list[str]]:
    """Run on a worker: whether Dask's profiler is configured there, and its threads' names."""
    import threading

    import dask.config

    return (dask.config.get("distributed.worker.profile.enabled"),
            sorted(t.name for t in threading.enumerate()))


def test_a_local_cluster_of_two_processes_maps_as_this_process_does() -> None:
    import dask.config

    tasks = [(_job(), 700, seed) for seed in (1, 2, 3)]
    with open_executor(workers=2) as executor:
        assert isinstance(executor, DaskExecutor) and executor.slots == 2
        pids = executor.client.run(os.getpid)
        assert len(set(pids.values())) == 2 and os.getpid() not in pids.values()
        # on the loopback only (tests/test_cluster_faults.py's own check of it is slow)
        addresses = [executor.client.scheduler.address,
                     *executor.client.scheduler_info()["workers"]]
        assert len(addresses) == 3
        assert all(a.startswith(f"tcp://{LOCAL_HOST}:") for a in addresses), addresses
        remote = executor.map(play_chunk, tasks)
        streamed = list(executor.stream(play_chunk, iter(tasks), ahead=1))
        # lean (issue 30): no profiler in the workers, the low-level logs short everywhere
        profiling = executor.client.run(_profiling)
        scheduler = executor.client.cluster.scheduler  # type: ignore[union-attr]
        comms = [executor.client.scheduler_comm, *scheduler.stream_comms.values(),
                 *scheduler.client_comms.values()]
        logs = [scheduler.transition_log.maxlen, *(c.recent_message_log.maxlen for c in comms)]
    assert [enabled for enabled, _ in profiling.values()] == [False, False]
    assert not [n for _, names in profiling.values() for n in names if n == "Profile"]
    assert logs == [LEAN_DASK["distributed.admin.low-level-log-length"]] * 5
    # and Dask's defaults back after the block
    assert dask.config.get("distributed.admin.low-level-log-length") == 1000
    assert dask.config.get("distributed.worker.profile.enabled") is True
    local = [play_chunk(t) for t in tasks]
    assert remote == local == streamed
    assert [t.n for t in local] == [700] * 3 and local[0] != local[1]


def test_simulate_on_a_cluster_gives_the_in_process_counts(scheduler: str) -> None:
    job, n = _job(), 2 * CHUNK + 321  # three chunks, the last one short
    done: list[int] = []
    with open_executor(scheduler=scheduler) as executor:
        assert executor.slots == 2
        remote = simulate(job, n, seed=11, executor=executor, progress=done.append)
    local = simulate(job, n, seed=11)
    assert remote == local and remote.n == n
    assert done == [CHUNK, CHUNK, 321]
    assert list(remote.holders) == list(local.holders)  # the same order too
    with open_executor(scheduler=scheduler) as executor, pytest.raises(ValueError, match="jobs 2"):
        simulate(job, n, seed=11, executor=executor, jobs=2)


def test_optimize_on_a_cluster_gives_the_in_process_suggestion(scheduler: str) -> None:
    """The advisor's search, bounded by rounds, on two worker processes: the same set-up, value
    and count as in this process (the candidates are drawn here, valued there)."""
    request = OptimizeRequest(_job().state, RULESETS["bb2020"], rounds=2, seed=4, events="none")
    with open_executor(scheduler=scheduler) as executor:
        remote = optimize_setup(request, executor=executor)
    local = optimize_setup(request)
    assert remote == local
    assert remote.evaluated == 2 * CANDIDATES_PER_ROUND and not remote.cancelled
    assert not receivers_prefer("receiver-holds", remote.start_value.value, remote.value.value)


@pytest.mark.slow  # (1 to 1.5 s of waiting: .ci/run runs it; the quick suite keeps the same
# address named within the timeout, test_a_refused_connection_leaves_no_client_open[False])
def test_an_unreachable_scheduler_is_named_within_the_timeout(short_wait: float) -> None:
    start = time.monotonic()
    with pytest.raises(ClusterError, match=f"--scheduler {UNREACHABLE}: no Dask scheduler"), \
            open_executor(scheduler=UNREACHABLE):
        raise AssertionError("unreachable")
    assert time.monotonic() - start < short_wait + 10


@pytest.mark.slow  # (2 to 3 s of waiting: .ci/run runs it; the quick suite keeps the same silent
# listener named within the timeout, test_a_refused_connection_leaves_no_client_open[True])
def test_a_listener_that_is_no_scheduler_is_named_within_the_timeout(short_wait: float) -> None:
    """A port that accepts the connection and never answers Dask's handshake (a web server, a
    silent listener) is given up after the timeout, not waited on for good."""
    import socket

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(4)
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        start = time.monotonic()
        with pytest.raises(ClusterError, match=f"--scheduler {address}: no Dask scheduler"), \
                open_executor(scheduler=address):
            raise AssertionError("unreachable")
        assert time.monotonic() - start < short_wait + 10


def test_dask_refusing_an_address_is_a_cluster_error(short_wait: float) -> None:
    """A tls:// address with no TLS configured: Dask's own refusal, named, not a traceback."""
    with pytest.raises(ClusterError, match=r"--scheduler tls://127\.0\.0\.1:1: Dask cannot "
                       "connect there"), open_executor(scheduler="tls://127.0.0.1:1"):
        raise AssertionError("unreachable")


def test_a_scheduler_without_workers_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import LocalCluster

    import kickoff.analysis.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", LIVE_WAIT)

    with LocalCluster(n_workers=0, processes=False, protocol="tcp",
                      dashboard_address=LOCAL_HTTP, silence_logs=logging.ERROR) as empty:
        address = empty.scheduler_address
        with pytest.raises(ClusterError, match=f"--scheduler {address}: the scheduler has no "
                           "worker"), open_executor(scheduler=address):
            raise AssertionError("unreachable")


def test_a_worker_with_another_kickoff_is_refused(scheduler: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = re.escape(kickoff.__version__)
    monkeypatch.setattr(kickoff, "__version__", "0.0.1-other")
    with pytest.raises(ClusterError, match=rf"worker tcp://\S+ runs kickoff {theirs}, this "
                       r"machine 0\.0\.1-other; each worker needs the same version"), \
            open_executor(scheduler=scheduler):
        raise AssertionError("unreachable")


@pytest.mark.parametrize(("workers", "address", "needle"), [
    (0, None, "--workers 0: 1 to 64"),
    (MAX_WORKERS + 1, None, "--workers 65: 1 to 64"),
    (-3, None, "--workers -3"),
    (2, "tcp://127.0.0.1:8786", "--workers and --scheduler: give one or the other"),
    (None, "127.0.0.1:8786", "--scheduler '127.0.0.1:8786': not a scheduler's address"),
    (None, "http://127.0.0.1:8786", "--scheduler 'http://127.0.0.1:8786'"),
    (None, "tcp://127.0.0.1", "--scheduler 'tcp://127.0.0.1'"),
    (None, "tcp://127.0.0.1:0", "--scheduler 'tcp://127.0.0.1:0'"),
    (None, "tcp://127.0.0.1:65536", "--scheduler 'tcp://127.0.0.1:65536'"),
    (None, "tcp://:8786", "--scheduler 'tcp://:8786'"),
    (None, "tcp://a/b:8786", "--scheduler 'tcp://a/b:8786'"),
    # found by an attacking pass: a port of non-ASCII digits, IPv6 without or with half brackets
    (None, "tcp://127.0.0.1:\u00b2", "--scheduler 'tcp://127.0.0.1:\u00b2'"),
    (None, "tcp://127.0.0.1:\u0663\u0663", "--scheduler 'tcp://127.0.0.1:\u0663\u0663'"),
    (None, "tcp://[::1:8786", "--scheduler 'tcp://[::1:8786'"),
    (None, "tcp://::1:8786", "--scheduler 'tcp://::1:8786'"),
])
def test_bad_options_are_named(workers: int | None, address: str | None, needle: str) -> None:
    with pytest.raises(ClusterError, match=re.escape(needle)):
        check_options(workers, address)
    with pytest.raises(ClusterError, match=re.escape(needle)), open_executor(workers, address):
        raise AssertionError("unreachable")


def test_good_options_pass() -> None:
    for workers, address in [(None, None), (1, None), (MAX_WORKERS, None),
                             (None, "tcp://192.0.2.10:8786"), (None, "tls://[::1]:8786")]:
        check_options(workers, address)  # no error
    # a ValueError for the API, a KickoffError for the command line's message and exit 1
    assert issubclass(ClusterError, ValueError) and issubclass(ClusterError, KickoffError)


@pytest.mark.slow
def test_simulate_command_on_a_cluster_prints_the_in_process_result(scheduler: str) -> None:
    """--workers 2 (a real command: stderr is the processes' own, Dask's workers' included)
    and --scheduler print exactly what the in-process run prints, and nothing on stderr (slow:
    a command's start and a cluster's, about 10 s; the API tests above are the quick check)."""
    args = ["simulate", "-n", "12000", "--seed", "5", "--ruleset", "sevens", "--json"]
    code, here, err = cli(args)
    assert code == 0, err
    run = subprocess.run([sys.executable, "-c", "from kickoff.cli.app import main; main()",
                          *args, "--workers", "2"],
                         capture_output=True, text=True, timeout=300)
    assert (run.returncode, run.stderr) == (0, "")
    code, remote, err = cli([*args, "--scheduler", scheduler])
    assert (code, err) == (0, "")
    assert run.stdout == here == remote
    assert json.loads(here)["n"] == 12000


@pytest.mark.parametrize("workers", ["0", "65"])
def test_simulate_workers_out_of_range_is_a_usage_error_as_n_is(workers: str) -> None:
    """Issue 26: -n 0 exited 2 and --workers 0 exited 1; every bound is Typer's, exit 2."""
    code, out, err = cli(["simulate", "-n", "1000", "--seed", "1", "--workers", workers])
    assert (code, out) == (2, "")
    assert f"'--workers': {workers} is not in the range 1<=x<=64" in " ".join(err.split())
    code, out, err = cli(["simulate", "-n", "0", "--seed", "1"])
    assert (code, out) == (2, "") and "'-n': 0 is not in the range" in " ".join(err.split())


def test_the_cli_bound_on_workers_is_the_clusters() -> None:
    from kickoff.cli.common import MAX_CLI_WORKERS

    assert MAX_CLI_WORKERS == MAX_WORKERS


@pytest.mark.parametrize(("args", "needle"), [
    (["--scheduler", UNREACHABLE], f"--scheduler {UNREACHABLE}: no Dask scheduler answered"),
    (["--workers", "2", "--jobs", "2"], "--jobs 2 with --workers"),
    (["--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"], "--jobs 2 with --scheduler"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], "give one or the other"),
    (["--scheduler", "127.0.0.1"], "--scheduler '127.0.0.1': not a scheduler's address"),
])
def test_simulate_command_refuses_a_bad_cluster_in_one_line(args: list[str], needle: str,
                                                            short_wait: float) -> None:
    code, out, err = cli(["simulate", "-n", "1000", "--seed", "1", "--json", *args])
    assert_invalid(code, out, err, needle)
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_simulate_records_on_a_cluster_are_the_in_process_bytes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """--records with --workers 2 writes the file --jobs 1 writes, byte for byte (issue 30)."""
    args = ["simulate", "-n", "12000", "--seed", "9", "--ruleset", "sevens", "--json",
            "--records"]
    code, _, err = cli([*args, str(tmp_path / "here.npy")])
    assert code == 0, err
    run = subprocess.run([sys.executable, "-c", "from kickoff.cli.app import main; main()",
                          *args, str(tmp_path / "cluster.npy"), "--workers", "2"],
                         capture_output=True, text=True, timeout=300)
    assert (run.returncode, run.stderr) == (0, "")
    assert (tmp_path / "cluster.npy").read_bytes() == (tmp_path / "here.npy").read_bytes()
    assert json.loads(run.stdout)["bytes"] == (tmp_path / "here.npy").stat().st_size
