"""Fixtures of the web app's tests: FastAPI's test client, and a real ``kickoff serve`` on
loopback for the tests that need one (concurrency, the browser)."""

from __future__ import annotations

import copy
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from suite import work_unit

from kickoff.formats.match import match_scenario
from kickoff.web.app import Limits, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app with its lifespan (one worker process for the odds)."""
    with TestClient(create_app(workers=1)) as c:
        yield c


@pytest.fixture
def default_doc() -> dict[str, Any]:
    """The default bb2020 match (human kicking, def zone v off wedge) as a scenario document."""
    doc, problems = match_scenario("bb2020", None, None, None, None, "home")
    assert problems == []
    return copy.deepcopy(doc)


def limited_client(**limits: int) -> TestClient:
    """A test client of an app with other limits (use it in a ``with`` block)."""
    return TestClient(create_app(workers=1, limits=Limits(**limits)))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """``kickoff serve`` in its own process on a free loopback port: its base URL."""
    port = free_port()
    script = Path(sys.executable).with_name("kickoff")
    command = ([str(script)] if script.exists()
               else [sys.executable, "-c", "from kickoff.cli.app import main; main()"])
    proc = subprocess.Popen([*command, "serve", "--port", str(port), "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/catalogue", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            out = proc.stdout.read() if proc.stdout else ""
            pytest.fail(f"kickoff serve did not start: {out}")
        time.sleep(0.2)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.hookimpl(trylast=True)  # after pytest's own teardown: a module's page fixture first
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test of the ``server`` group (tests/suite.py) on this worker, the page
    tests' shared Chromium (``_browser`` in tests/web/test_web_e2e.py) is closed with its
    Playwright driver: its event loop, running in this thread while it lives, would refuse the
    ``asyncio.run`` of the tests that follow. Closed after the test's fixtures are (``trylast``:
    a page a module's fixture holds, tests/web/test_review_e2e.py, is closed first)."""
    if nextitem is None or work_unit(nextitem.nodeid) != "server":
        shared = sys.modules.get("test_web_e2e")
        if shared is not None:
            shared.close_browser()


def square_of(doc: dict[str, Any], pid: str) -> list[int] | None:
    """The square of player ``pid`` in a scenario document."""
    for side in ("home", "away"):
        for p in doc["teams"][side]["players"]:
            if p["id"] == pid:
                square: list[int] | None = p["square"]
                return square
    raise KeyError(pid)


def text(doc: dict[str, Any]) -> str:
    return json.dumps(doc)
