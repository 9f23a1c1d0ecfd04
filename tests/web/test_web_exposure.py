"""What the server refuses and says of itself (issue 27): a ``Host`` other than its own names is
refused 400 (DNS rebinding), every answer carries the security headers, CORS stays closed, and
the page works under its Content-Security-Policy (headless Chromium: no violation reported)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from kickoff.web.app import LOOPBACK_HOSTS, create_app
from kickoff.web.middleware import DOCS_CSP, PAGE_CSP

CHROMIUM = Path("/usr/bin/chromium")
HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff",
           "referrer-policy": "no-referrer"}


@pytest.fixture(scope="module")
def loopback() -> Iterator[TestClient]:
    """The app answering loopback names only, as ``kickoff serve`` makes it."""
    with TestClient(create_app(workers=1, allowed_hosts=LOOPBACK_HOSTS),
                    base_url="http://127.0.0.1:8000") as c:
        yield c


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "localhost", "[::1]:8000"])
def test_loopback_names_are_answered(loopback: TestClient, host: str) -> None:
    r = loopback.get("/api/catalogue", headers={"host": host})
    assert r.status_code == 200, r.text
    assert "bb2020" in r.json()["rulesets"]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                  "localhost.evil.example", "[::2]:8000"])
def test_another_host_is_refused(loopback: TestClient, host: str) -> None:
    r = loopback.get("/api/catalogue", headers={"host": host})
    assert r.status_code == 400
    assert r.headers["x-frame-options"] == "DENY"


def test_the_served_app_refuses_another_host(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        assert client.get("/api/catalogue").status_code == 200
        refused = client.get("/api/catalogue", headers={"host": "rebound.example"})
        assert refused.status_code == 400


@pytest.mark.parametrize("path,status", [("/", 200), ("/api/catalogue", 200),
                                         ("/static/app.js", 200), ("/nowhere", 404)])
def test_every_answer_has_the_security_headers(loopback: TestClient, path: str,
                                               status: int) -> None:
    r = loopback.get(path)
    assert r.status_code == status
    assert r.headers["content-security-policy"] == PAGE_CSP
    for name, value in HEADERS.items():
        assert r.headers[name] == value


def test_a_refusal_has_them_too(loopback: TestClient) -> None:
    r = loopback.post("/api/odds", json={"scenario": {}})
    assert r.status_code == 422
    assert r.headers["content-security-policy"] == PAGE_CSP


def test_the_docs_page_may_run_its_inline_script(loopback: TestClient) -> None:
    r = loopback.get("/docs")
    assert r.status_code == 200 and "<script>" in r.text.replace("<script >", "<script>")
    assert r.headers["content-security-policy"] == DOCS_CSP
    assert "'unsafe-inline'" in DOCS_CSP and "'unsafe-inline'" not in PAGE_CSP


def test_cors_stays_closed(loopback: TestClient) -> None:
    origin = {"origin": "https://evil.example"}
    r = loopback.get("/api/catalogue", headers=origin)
    assert r.status_code == 200 and "access-control-allow-origin" not in r.headers
    pre = loopback.options("/api/odds", headers={**origin, "access-control-request-method": "POST"})
    assert "access-control-allow-origin" not in pre.headers and pre.status_code == 405


def test_the_page_works_under_its_csp(server: str) -> None:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing in CI")
        pytest.skip("no /usr/bin/chromium on this machine")
    pytest.importorskip("playwright.sync_api")
    from test_web_e2e import _browser  # the group's one Chromium, a context of this test's own

    messages: list[str] = []
    errors: list[str] = []
    page = _browser().new_page(viewport={"width": 1500, "height": 1040})
    try:
        page.on("console", lambda m: messages.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        response = page.goto(server + "/", timeout=60_000)
        assert response is not None
        assert response.headers["content-security-policy"] == PAGE_CSP
        page.wait_for_selector("body[data-ready=true]", timeout=60_000)
        page.wait_for_selector("#legal:not([hidden])", timeout=60_000)
        # the heat map (every target's odds, drawn with styles set by the script)
        page.wait_for_function("() => document.querySelectorAll('rect.heat-cell').length > 0",
                               timeout=180_000)
    finally:
        page.context.close()
    assert errors == []
    assert not [m for m in messages if "Content Security Policy" in m], messages
