"""Hostile requests to a real ``kickoff serve``: every endpoint that parses input answers a 4xx
whose JSON names the ``problems``, and the keep-alive connection survives (issue 11; a plain-text
500 used to drop it)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from kickoff.formats.match import match_scenario

ENDPOINTS = ["/api/match", "/api/validate", "/api/kick", "/api/odds", "/api/odds/all",
             "/api/setup/import", "/api/setup/export", "/api/suggest"]

DEEP = "[" * 50_000 + "]" * 50_000
BIG = "7" * 5_000


def _doc() -> dict[str, Any]:
    return match_scenario("bb2020", None, None, None, None, "home")[0]


def _bodies() -> list[tuple[str, bytes]]:
    """``(what, body)``: raw bodies no endpoint can take."""
    doc = json.dumps(_doc())
    return [
        ("deep body", DEEP.encode()),
        ("deep scenario", b'{"scenario": ' + DEEP.encode() + b"}"),
        ("big integer", b'{"scenario": {"seed": ' + BIG.encode() + b"}}"),
        ("big integer in a scenario", f'{{"scenario": {doc[:-1]}, "seed": {BIG}}}}}'.encode()),
        ("truncated", f'{{"scenario": {doc}}}'.encode()[:200]),
        ("wrong type", b'{"scenario": [1, 2, 3]}'),
        ("not UTF-8", b'{"scenario": "\xff\xfe"}'),
    ]


def _local_port(response: httpx.Response) -> int:
    stream = response.extensions["network_stream"]
    port: int = stream.get_extra_info("socket").getsockname()[1]
    return port


def _assert_problems(response: httpx.Response, what: str) -> None:
    assert 400 <= response.status_code < 500, (what, response.status_code, response.text[:300])
    assert response.headers["content-type"] == "application/json", what
    problems = response.json()["problems"]
    assert problems and all(isinstance(p["text"], str) and p["text"] for p in problems), (
        what, problems)
    assert response.headers.get("connection", "").lower() != "close", what


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_bad_bodies_answer_problems_on_one_connection(server: str, endpoint: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        first = client.get("/api/catalogue")
        assert first.status_code == 200
        port = _local_port(first)
        for what, body in _bodies():
            response = client.post(endpoint, content=body,
                                   headers={"content-type": "application/json"})
            _assert_problems(response, f"{endpoint}, {what}")
            assert _local_port(response) == port, f"{endpoint}, {what}: a new connection"
        after = client.get("/api/catalogue")
        assert after.status_code == 200 and _local_port(after) == port


def test_bad_setup_texts_answer_problems_on_one_connection(server: str) -> None:
    doc = _doc()
    texts = [
        ("json", "[" * 30_000 + "]" * 30_000, "text: set-up: not valid JSON: nested too deeply"),
        ("json", '{"playerPositions": ' + BIG + "}", "text: set-up: not valid JSON: an integer "
         "literal at line 1 column 21 has more than 4,300 digits"),
        ("json", '{"playerPositions": [{"playerNr": "²", "coordinate": [1, 2]}]}',
         "text: set-up: playerPositions[0].playerNr"),
        ("json", '{"playerPositions": [{"playerNr": 1, "coordinate": [12, 7]}, '
         '{"playerNr": 1, "coordinate": [12, 6]}]}', "text: set-up: playerNr"),
        ("xml", "<teamSetup><player nr=", "text: set-up: not well-formed XML"),
    ]
    with httpx.Client(base_url=server, timeout=30) as client:
        port = _local_port(client.get("/api/catalogue"))
        for fmt, text, start in texts:
            response = client.post("/api/setup/import", json={
                "scenario": doc, "side": "home", "text": text, "format": fmt})
            _assert_problems(response, text[:40])
            assert response.status_code == 422
            assert response.json()["problems"][0]["text"].startswith(start), response.json()
            assert _local_port(response) == port


@pytest.mark.parametrize(("name", "filename"), [
    ("Ωmega", "mega.toml"), ("日本", "setup.toml"), ("../../x", "x.toml"), ("Zone", "Zone.toml")])
def test_export_names_its_file_in_ascii(server: str, name: str, filename: str) -> None:
    """A set-up's name is data: the attachment's file name is made of it safely (a header is
    Latin-1 text; a name outside it was a 500 that dropped the connection)."""
    with httpx.Client(base_url=server, timeout=30) as client:
        response = client.post("/api/setup/export", json={
            "scenario": _doc(), "side": "home", "format": "toml", "name": name})
        assert response.status_code == 200, response.text[:300]
        assert response.headers["content-disposition"] == f'attachment; filename="{filename}"'
        assert f'name = "{name}"' in response.text


@pytest.mark.parametrize("endpoint", ["/api/odds", "/api/odds/all"])
def test_an_engine_error_in_an_odds_worker_is_a_422(server: str, endpoint: str) -> None:
    """``kick_skill`` for a kicker without Kick: the engine's error, raised in a worker process,
    names the request's field (it was a plain-text 500 that dropped the connection)."""
    with httpx.Client(base_url=server, timeout=60) as client:
        port = _local_port(client.get("/api/catalogue"))
        doc = _doc()
        for player in doc["teams"]["home"]["players"]:  # nobody of the kicking team has Kick
            player["skills"] = [s for s in player["skills"] if s != "kick"]
        response = client.post(endpoint, json={"scenario": doc, "kick_skill": True,
                                               "events": "none"})
        _assert_problems(response, endpoint)
        assert response.status_code == 422
        problem = response.json()["problems"][0]["text"]
        assert problem.startswith("kick_skill: ") and "Kick skill" in problem, problem
        assert _local_port(response) == port


def test_an_unexpected_error_is_a_json_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug (any exception no handler answers) is logged and answered 500 with ``problems``;
    the exception does not reach the server, which would close the connection."""
    from fastapi.testclient import TestClient

    from kickoff.web import app as web_app
    from kickoff.web.routes import reference

    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(reference, "catalogue", broken)
    # raise_server_exceptions: an exception reaching the server would fail this test
    with TestClient(web_app.create_app(workers=1), raise_server_exceptions=True) as client:
        response = client.get("/api/catalogue")
        assert response.status_code == 500
        assert response.headers["content-type"] == "application/json"
        assert response.json()["problems"][0]["text"].startswith("server: an unexpected error")
        assert client.get("/api/schemas").status_code == 200  # the app goes on answering
