"""Fetching a FUMBBL replay by its game id (issue 28, point 2): against a local HTTP server on the
loopback serving the shared recorded replays, never FUMBBL itself.

Contract: the brief of issue 28 and ``docs/fumbbl.md`` ("Fetching by game id"): one request with
a User-Agent naming kickoff, a timeout, a size limit, a cache folder, and one line (exit 1) when
offline, for a 404, a timeout, a truncated body and a body that is not a replay.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from helpers import SHARED_DIR, assert_invalid, cli

from kickoff.core.errors import ScenarioError
from kickoff.formats.fumbbl import fetch
from kickoff.formats.fumbbl.fetch import API_VARIABLE, USER_AGENT, fetch_replay, replay_path

REPLAYS = SHARED_DIR / "data" / "fumbbl-replays"
GAME = "1559380"
needs_replay = pytest.mark.shared_data("data/fumbbl-replays/1559380.json.gz")

#: What each test id serves (the real game's id serves the recorded replay).
SLOW, CUT, NOT_REPLAY, CUT_GZIP, HTML = "901", "902", "903", "904", "905"
#: These redirect: to plain http off the loopback's names (never connected to: a loopback
#: address all the same), and to the recorded replay on this server.
TO_PLAIN, TO_HERE = "906", "907"


class Recorded(BaseHTTPRequestHandler):
    """FUMBBL's replay endpoint, from the recorded files; a few ids misbehave on purpose."""

    requests: ClassVar[list[tuple[str, str]]] = []

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _send(self, body: bytes, length: int | None = None, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        Recorded.requests.append((self.path, self.headers.get("User-Agent", "")))
        parts = self.path.split("/")  # /api/replay/get/<id>/gz
        game = parts[4] if len(parts) == 6 and parts[1:4] == ["api", "replay", "get"] else ""
        recorded = REPLAYS / f"{game}.json.gz"
        if game == NOT_REPLAY:  # these two answer without the recorded replay (../shared)
            return self._send(b'{"error": "no replay"}')
        if game == HTML:
            return self._send(b"<html><body>FUMBBL</body></html>")
        if game in (TO_PLAIN, TO_HERE):
            self.send_response(302)
            here = f"http://localhost:{self.server.server_address[1]}"
            self.send_header("Location", "http://127.0.0.2:1/x.gz" if game == TO_PLAIN
                             else f"{here}/api/replay/get/{GAME}/gz")
            self.send_header("Content-Length", "0")
            return self.end_headers()
        body = (REPLAYS / f"{GAME}.json.gz").read_bytes()
        if game == SLOW:
            time.sleep(2)
            self._send(body)
        elif game == CUT:
            self._send(body[:1000], length=len(body))
        elif game == CUT_GZIP:
            self._send(body[: len(body) // 2])
        elif game and recorded.is_file():
            self._send(recorded.read_bytes())
        else:
            self._send(b"not found", status=404)


class _Quiet(ThreadingHTTPServer):
    """The server of the tests: a client that hangs up early (the timeout test) is expected, not
    a traceback on the test run's terminal."""

    def handle_error(self, request: object, client_address: object) -> None:
        pass


@pytest.fixture
def replay_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A loopback server for the replays; the environment points kickoff at it."""
    httpd = _Quiet(("127.0.0.1", 0), Recorded)
    httpd.daemon_threads = True
    # polled every 20 ms: shutdown() waits one poll (0.5 s by default, each test's teardown)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/api"
    monkeypatch.setenv(API_VARIABLE, base)
    Recorded.requests.clear()
    try:
        yield base
    finally:
        httpd.shutdown()
        httpd.server_close()


@needs_replay
def test_a_game_id_is_fetched_once_then_read_from_the_cache(replay_server: str, tmp_path: Path) -> None:
    path = fetch_replay(GAME, tmp_path)
    assert path == tmp_path / f"{GAME}.json.gz"
    assert path.read_bytes() == (REPLAYS / f"{GAME}.json.gz").read_bytes()
    assert Recorded.requests == [(f"/api/replay/get/{GAME}/gz", USER_AGENT)]
    assert "kickoff" in USER_AGENT
    assert fetch_replay(GAME, tmp_path) == path
    assert len(Recorded.requests) == 1  # the cache answered


@needs_replay
def test_extract_and_verify_take_a_game_id(replay_server: str, tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "out"
    code, stdout, err = cli(["fumbbl", "extract", GAME, "--cache", str(cache), "--out", str(out)])
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir())[0] == f"{GAME}-ko1.json"
    code, stdout, err = cli(["fumbbl", "verify", GAME, "--cache", str(cache), "--json"])
    assert '"games": 1' in stdout
    assert len(Recorded.requests) == 1  # verify read the cached replay


@needs_replay
@pytest.mark.parametrize(("game", "needle"), [
    ("123", "no such game on FUMBBL"),
    (CUT, "cut off after 1,000 of"),
    (NOT_REPLAY, "the download is not a replay"),
    (CUT_GZIP, "the download is not a replay"),
    (HTML, "the download is not a replay"),
])
def test_a_bad_answer_is_one_line_exit_1_nothing_cached(
        replay_server: str, tmp_path: Path, game: str, needle: str) -> None:
    code, out, err = cli(["fumbbl", "extract", game, "--cache", str(tmp_path)])
    assert_invalid(code, out, err, f"FUMBBL game {game}", needle)
    assert len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@needs_replay
def test_a_slow_server_times_out(replay_server: str, tmp_path: Path) -> None:
    code, out, err = cli(["fumbbl", "extract", SLOW, "--cache", str(tmp_path), "--timeout", "0.3"])
    assert_invalid(code, out, err, "did not answer within 0.3 s")
    assert list(tmp_path.iterdir()) == []


def test_offline_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nothing listens on: the connection is refused
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv(API_VARIABLE, f"http://127.0.0.1:{port}/api")
    code, out, err = cli(["fumbbl", "extract", "42", "--cache", str(tmp_path)])
    assert_invalid(code, out, err, "cannot reach FUMBBL, offline?")
    assert len(err.strip().splitlines()) == 1
    code, out, err = cli(["fumbbl", "verify", "42", "--cache", str(tmp_path)])
    assert code == 1 and "cannot reach FUMBBL, offline?" in err


def test_plain_http_only_on_the_loopback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(API_VARIABLE, "http://fumbbl.com/api")
    with pytest.raises(ScenarioError, match="https only"):
        fetch_replay("42", tmp_path)


@pytest.mark.parametrize(("api", "why"), [
    ("http://[::1", "(Invalid IPv6 URL)"),
    ("http://127.0.0.1:99999/api", "(Port out of range 0-65535)"),
    ("https://", "(a host, no query or fragment"),
    ("http://127.0.0.1:8000/api?key=1", "(a host, no query or fragment"),
    ("http://127.0.0.1:8000/api#x", "(a host, no query or fragment"),
])
def test_a_server_address_that_is_none_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path, api: str, why: str) -> None:
    # (urlsplit's ValueError went through the command: a traceback; the others made a URL the
    # replay's path followed a query or fragment in, or none at all, and asked it)
    monkeypatch.setenv(API_VARIABLE, api)
    with pytest.raises(ScenarioError) as raised:
        fetch_replay("42", tmp_path)
    assert str(raised.value).startswith(f"{API_VARIABLE}={api}: not a server's address {why}")
    assert list(tmp_path.iterdir()) == []


@needs_replay
def test_a_redirect_only_where_the_request_could_go(replay_server: str, tmp_path: Path) -> None:
    # (urllib follows a redirect from https to plain http, or to ftp: the "https only" of the
    # one request was the first hop's only)
    code, out, err = cli(["fumbbl", "extract", TO_PLAIN, "--cache", str(tmp_path)])
    assert_invalid(code, out, err, f"FUMBBL game {TO_PLAIN}: the server redirected the download "
                   "to http://127.0.0.2:1/x.gz, which is not https: not followed")
    assert list(tmp_path.iterdir()) == []
    assert fetch_replay(TO_HERE, tmp_path).read_bytes() == (
        REPLAYS / f"{GAME}.json.gz").read_bytes()  # a redirect it may follow, followed


def test_a_size_limit(replay_server: str, tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="longer than 10 bytes"):
        fetch_replay(HTML, tmp_path, limit=10)


def test_a_file_name_is_not_a_game_id(tmp_path: Path) -> None:
    named = tmp_path / "42"
    named.write_text("{}")
    assert replay_path(str(named)) == named
    assert replay_path("game.json.gz") == Path("game.json.gz")
    with pytest.raises(ScenarioError, match="digits only"):
        fetch_replay("../etc", tmp_path)


def test_digits_too_many_for_a_game_id_name_both(tmp_path: Path) -> None:
    # (no request is made: the message says it is neither a file nor a game id)
    too_long = "9" * 13
    with pytest.raises(ScenarioError) as raised:
        replay_path(too_long, tmp_path)
    assert str(raised.value) == (f"{too_long}: no such file, and not a FUMBBL game id "
                                 "(1 to 12 digits)")
    assert replay_path("9" * 12 + ".json") == Path("9" * 12 + ".json")


@needs_replay
@pytest.mark.parametrize("under", ["", "sub"])
def test_a_cache_that_cannot_be_made_asks_fumbbl_nothing(replay_server: str, tmp_path: Path,
                                                        under: str) -> None:
    # (the replay was downloaded first, then thrown away when the folder could not be made:
    # a request to FUMBBL at every try; and the message said "File exists")
    blocker = tmp_path / "cache"
    blocker.write_text("a file, not a folder")
    folder = blocker / under if under else blocker
    code, out, err = cli(["fumbbl", "extract", GAME, "--cache", str(folder),
                          "--out", str(tmp_path / "out")])
    assert_invalid(code, out, err, f"FUMBBL game {GAME}: cannot make the cache folder {folder}: "
                   f"{blocker} is a file, not a folder")
    assert Recorded.requests == []
    assert blocker.read_text() == "a file, not a folder" and not (tmp_path / "out").exists()


@needs_replay
def test_a_folder_where_the_replay_goes_is_one_line_no_traceback(replay_server: str,
                                                                 tmp_path: Path) -> None:
    # (os.replace onto the folder raised IsADirectoryError through the command: a traceback)
    (tmp_path / f"{GAME}.json.gz" / "x").mkdir(parents=True)
    code, out, err = cli(["fumbbl", "extract", GAME, "--cache", str(tmp_path),
                          "--out", str(tmp_path / "out")])
    assert_invalid(code, out, err, f"FUMBBL game {GAME}: cannot keep the replay in the cache "
                   f"folder as {tmp_path / (GAME + '.json.gz')}: Is a directory")
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{GAME}.json.gz"]  # no .part left


#: Whether this process ignores file permissions (root): a folder's mode then blocks nothing.
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@needs_replay
@pytest.mark.parametrize("how", ["name too long", "no search permission"])
def test_a_cache_folder_that_cannot_be_searched_is_one_line(replay_server: str, tmp_path: Path,
                                                           how: str) -> None:
    # (the look for the cached replay, Path.is_file, raised its OSError through the command:
    # a traceback, where a folder that cannot be made or written was one line)
    if how == "name too long":
        folder = tmp_path / ("c" * 300)
    else:
        if ROOT:
            pytest.skip("root searches any folder")
        folder = tmp_path / "cache"
        folder.mkdir(mode=0o600)
    code, out, err = cli(["fumbbl", "extract", GAME, "--cache", str(folder),
                          "--out", str(tmp_path / "out")])
    assert_invalid(code, out, err, f"FUMBBL game {GAME}: cannot read the cache folder {folder}: ")
    assert len(err.strip().splitlines()) == 1
    assert Recorded.requests == [] and not (tmp_path / "out").exists()


@needs_replay
def test_a_cache_folder_that_cannot_be_written_asks_fumbbl_nothing(
        replay_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (the replay was downloaded, then thrown away when its temporary file could not be made:
    # a request to FUMBBL at every try, as for a folder that could not be made before)
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o500)
    if ROOT:  # a read-only folder as root sees it: the temporary file refused
        def refused(*args: object, **kwargs: object) -> tuple[int, str]:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(fetch.tempfile, "mkstemp", refused)
    try:
        code, out, err = cli(["fumbbl", "review", GAME, "--cache", str(folder)])
    finally:
        folder.chmod(0o700)
    assert_invalid(code, out, err, f"FUMBBL game {GAME}: cannot write the cache folder {folder}: "
                   "Permission denied")
    assert Recorded.requests == [] and list(folder.iterdir()) == []


@needs_replay
def test_a_download_stopped_leaves_no_temporary_file(replay_server: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # the temporary file is made before the request now: Ctrl-C during the download (or any
    # failure of it) removes it
    def stopped(game: str, timeout: float, limit: int) -> bytes:
        assert [p.suffix for p in tmp_path.iterdir()] == [".part"]
        raise KeyboardInterrupt

    monkeypatch.setattr(fetch, "_download", stopped)
    with pytest.raises(KeyboardInterrupt):
        fetch_replay(GAME, tmp_path)
    assert list(tmp_path.iterdir()) == []
