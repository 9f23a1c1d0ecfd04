"""``POST /api/review`` and ``POST /api/review/{game_id}`` (issue 28, point 1): an uploaded
FUMBBL replay (or a game fetched by id from a local server standing in for FUMBBL) reviewed
exactly as ``kickoff fumbbl review --json`` reviews it; bad input a 422 naming ``replay`` or
``game_id``, never a traceback; the body bounded (413).

Contract: ``docs/web.md`` ("Review a FUMBBL game").
"""

from __future__ import annotations

import gzip
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import limited_client
from fastapi.testclient import TestClient
from helpers import SHARED_DIR, cli

REPLAYS = SHARED_DIR / "data" / "fumbbl-replays"
GAME = REPLAYS / "1546677.json.gz"
needs_replays = pytest.mark.shared_data("data/fumbbl-replays/1546677.json.gz")
#: The keys the page's answer adds to each kick-off of ``kickoff fumbbl review --json``.
PAGE_KEYS = {"pitch", "players", "targets"}


def _upload(client: TestClient, body: bytes, **params: Any) -> Any:
    return client.post("/api/review", content=body, params=params,
                       headers={"Content-Type": "application/octet-stream"})


@pytest.fixture(scope="module")
def command_review() -> dict[str, Any]:
    code, out, err = cli(["fumbbl", "review", str(GAME), "--plan-budget", "2", "--json"])
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


@needs_replays
def test_an_uploaded_replay_is_reviewed_as_the_command_does(
        client: TestClient, command_review: dict[str, Any]) -> None:
    answer = _upload(client, GAME.read_bytes())
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc["game"] == command_review["game"] == "1546677"
    assert doc["summary"] == command_review["summary"]
    assert doc["applied"] == command_review["applied"]
    assert len(doc["kickoffs"]) == len(command_review["kickoffs"]) == 3
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    extracted = extract_kickoffs(GAME)
    for page, command, k in zip(doc["kickoffs"], command_review["kickoffs"], extracted,
                                strict=True):
        assert {k: v for k, v in page.items() if k not in PAGE_KEYS} == command
        assert page["targets"][0] == {"target": command["best_target"],
                                      "value": command["judged"][0]["best"]}
        chosen = next(t for t in page["targets"] if t["target"] == command["target"])
        assert chosen["value"] == command["judged"][0]["chosen"]
        assert page["pitch"] == {"width": 26, "height": 15}
        on_pitch = {(p["id"], tuple(p["square"])) for t in k.scenario["teams"].values()
                    for p in t["players"] if p.get("square") is not None}
        assert {(p["id"], tuple(p["square"])) for p in page["players"]} == on_pitch


@pytest.mark.slow  # a second review of the game (1.5 s of CPU): the upload is read by the
# replay reader, whose plain JSON test_fumbbl_replay checks in the quick suite
@needs_replays
def test_plain_json_is_read_as_gzip(client: TestClient, command_review: dict[str, Any]
                                    ) -> None:
    with limited_client(max_body_bytes=8 * 2**20) as big:
        answer = _upload(big, gzip.decompress(GAME.read_bytes()))
    assert answer.status_code == 200, answer.text
    assert answer.json()["summary"] == command_review["summary"]


@pytest.mark.parametrize(("body", "needle"), [
    (b"", "no replay"),
    (b"not json", "not valid JSON"),
    (b"\x1f\x8b\x08\x00trunc", "not a complete gzip file"),
    (b'{"game": {}}', "not a FUMBBL replay"),
])
def test_a_bad_replay_is_a_problem_naming_replay(client: TestClient, body: bytes,
                                                 needle: str) -> None:
    answer = _upload(client, body)
    assert answer.status_code == 422, answer.text
    problems = answer.json()["problems"]
    assert problems and all(p["where"] == "replay" for p in problems)
    assert needle in problems[0]["message"]
    assert not problems[0]["message"].startswith("/")  # no temporary file's name
    assert "kickoff-review-" not in answer.text and "Traceback" not in answer.text


@needs_replays
def test_a_replay_without_kickoffs_is_refused(client: TestClient) -> None:
    doc = json.loads(gzip.decompress(GAME.read_bytes()))
    doc["gameLog"]["commandArray"] = []
    answer = _upload(client, gzip.compress(json.dumps(doc).encode()))
    assert answer.status_code == 422
    assert "no kick-off" in answer.json()["problems"][0]["message"]


def test_the_body_is_bounded() -> None:
    with limited_client(max_body_bytes=4096) as small:
        answer = _upload(small, b"\x1f\x8b" + b"\x00" * 10_000)
    assert answer.status_code == 413


@pytest.mark.parametrize("params", [{"plan_budget": 5}, {"plan_budget": 0},
                                    {"objective": "win"}])
def test_bad_options_are_problems(client: TestClient, params: dict[str, Any]) -> None:
    answer = _upload(client, b"{}", **params)
    assert answer.status_code == 422
    where = answer.json()["problems"][0]["where"]
    assert next(iter(params)) in where


class _Replays(http.server.BaseHTTPRequestHandler):
    """FUMBBL's replay endpoint, standing in on the loopback: ``/replay/get/1546677/gz``
    answers the shared replay, anything else 404."""

    def do_GET(self) -> None:
        if self.path == "/api/replay/get/1546677/gz":
            body = GAME.read_bytes()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fumbbl(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Replays)
    # polled every 20 ms: shutdown() waits one poll (0.5 s by default)
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    monkeypatch.setenv("KICKOFF_FUMBBL_API", f"http://127.0.0.1:{server.server_port}/api")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


@needs_replays
def test_a_game_id_is_fetched_and_reviewed(client: TestClient, fumbbl: None,
                                           command_review: dict[str, Any],
                                           tmp_path: Path) -> None:
    answer = client.post("/api/review/1546677")
    assert answer.status_code == 200, answer.text
    assert answer.json()["summary"] == command_review["summary"]
    assert (tmp_path / "cache" / "kickoff" / "fumbbl" / "1546677.json.gz").is_file()
    missing = client.post("/api/review/999")
    assert missing.status_code == 422
    problem = missing.json()["problems"][0]
    assert problem["where"] == "game_id" and "no such game" in problem["message"]


def test_a_cached_game_that_cannot_be_read_names_no_server_folder(
        client: TestClient, fumbbl: None, tmp_path: Path) -> None:
    """A cached replay that cannot be read (spoiled on the server's disk): the 422 named the
    server's cache path (``/home/.../.cache/kickoff/fumbbl/1546677.json.gz``) to the client;
    it names the cached file only."""
    import gzip

    cache = tmp_path / "cache" / "kickoff" / "fumbbl"
    cache.mkdir(parents=True)
    (cache / "1546677.json.gz").write_bytes(gzip.compress(b"garbage"))
    answer = client.post("/api/review/1546677")
    assert answer.status_code == 422, answer.text
    problem = answer.json()["problems"][0]
    assert problem["where"] == "replay"
    assert problem["message"].startswith("the cached replay 1546677.json.gz: not valid JSON")
    assert str(tmp_path) not in answer.text


def test_a_game_id_is_digits_only(client: TestClient) -> None:
    assert client.post("/api/review/12a").status_code == 422


@needs_replays
def test_a_review_runs_off_the_server_process(command_review: dict[str, Any]) -> None:
    """A review runs in a worker process: while it runs, the server answers another request
    (the catalogue; between two moments the review is seen running: a second review is
    answered 503 with Retry-After before and after, not queued), its own process spends
    next to no CPU on it, and the review's answer is the command's."""
    import time
    from concurrent.futures import ThreadPoolExecutor

    from kickoff.web.app import create_app
    from kickoff.web.routes import review as routes

    with TestClient(create_app(workers=1)) as c, ThreadPoolExecutor(1) as pool:
        cpu = time.process_time()
        first = pool.submit(_upload, c, GAME.read_bytes())
        deadline = time.monotonic() + 30
        while not routes._running.locked():
            assert time.monotonic() < deadline and not first.done()
            time.sleep(0.01)
        busy = _upload(c, b"x")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "10"
        assert busy.json()["problems"][0]["code"] == "busy"
        catalogue = c.get("/api/catalogue")
        assert catalogue.status_code == 200 and "classic" in catalogue.json()["rulesets"]
        assert _upload(c, b"x").status_code == 503  # the review was running all along
        answer = first.result(timeout=600)
        server_cpu = time.process_time() - cpu
    assert answer.status_code == 200, answer.text
    assert answer.json()["summary"] == command_review["summary"]
    # the review's exact solves (seconds of CPU) ran elsewhere; the server only waited
    assert server_cpu < 0.5, server_cpu  # (in the server thread: 1.5 s, 2026-12-06)


def test_a_cache_folder_that_cannot_be_made_names_no_server_folder(
        client: TestClient, fumbbl: None, tmp_path: Path) -> None:
    """The server's cache folder in the way of a file: the 422 named its path on the server's
    disk (``.../cache/kickoff/fumbbl``) to the client; it names it as the server's."""
    (tmp_path / "cache").write_text("a file where the cache folder goes")
    answer = client.post("/api/review/1546677")
    assert answer.status_code == 422, answer.text
    problem = answer.json()["problems"][0]
    assert problem["where"] == "game_id"
    assert problem["message"] == ("FUMBBL game 1546677: the server cannot keep the replay "
                                  "(its cache folder cannot be made, read or written)")
    assert str(tmp_path) not in answer.text


def test_a_form_upload_is_named_as_such(client: TestClient) -> None:
    # (a tool's multipart form, curl -F file=@REPLAY, was read as the replay itself: "neither
    # gzip nor UTF-8 JSON text", which named no way out)
    answer = client.post("/api/review", files={"file": ("r.json.gz", b"\x1f\x8b\x08\x00x")})
    assert answer.status_code == 422, answer.text
    (problem,) = answer.json()["problems"]
    assert problem["where"] == "replay"
    assert problem["message"].startswith("a form upload: send the FUMBBL replay file itself as "
                                         "the request's body")
