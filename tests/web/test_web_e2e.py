"""The page in a real headless Chromium (Debian's ``chromium``, driven by Playwright) against a
real ``kickoff serve``: drag a player, see a set-up problem appear and go, show the heat map,
click a target and read its touchback chance, press Kick! and reach the end.

Screenshots go to the test's temporary folder (``web.png``: the heat map and one target's odds;
``web-kick.png``: the end of the kick-off); with ``KICKOFF_SCREENSHOTS=DIR`` the first is also
written there (``docs/images/web.png`` is made so). On a developer machine without
``/usr/bin/chromium`` the test is skipped; in CI (``CI`` set) it fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest

from kickoff.analysis import KickoffSolver
from kickoff.analysis.targets import DEFAULT_EVENTS
from kickoff.core import Square
from kickoff.defaults import PLAN_BUDGET
from kickoff.formats.narration import bb_name
from kickoff.formats.scenario import load_scenario, parse_scenario, replay_text

CHROMIUM = Path("/usr/bin/chromium")
# Headless Chromium as root on a machine with no network (the machine notes' flags).
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _need_browser() -> Any:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing in CI: .ci/run installs Debian's chromium")
        pytest.skip("no /usr/bin/chromium on this machine (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    return sync_playwright


#: The one headless Chromium of this worker's page tests, started at the first page and closed
#: after the last test of the ``server`` group (:func:`close_browser`, tests/web/conftest.py):
#: the group's files (tests/suite.py) run one after the other on one worker, and launching
#: Playwright's driver and a Chromium costs one to two seconds of both cores where a new page
#: (a context of its own: no cookie, storage or cache of another test) costs a tenth.
_SHARED: dict[str, Any] = {}


def _browser() -> Any:
    """The shared Chromium (see :data:`_SHARED`), launched again if it went away."""
    browser = _SHARED.get("browser")
    if browser is None or not browser.is_connected():
        close_browser()
        sync_playwright = _need_browser()
        _SHARED["playwright"] = sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(
            executable_path=str(CHROMIUM), args=ARGS)
    return _SHARED["browser"]


def close_browser() -> None:
    """Close the shared Chromium and its Playwright driver, if started."""
    browser, playwright = _SHARED.pop("browser", None), _SHARED.pop("playwright", None)
    try:
        if browser is not None and browser.is_connected():
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()


#: Run in the page before its own script: the heat map's box ("heat map", checked in the page's
#: HTML) unchecked once the document is parsed, before the page's start asks for anything (its
#: catalogue and match come first, then the heat map 200 ms after): the page never asks for a
#: heat map it does not show.
NO_HEAT = ("addEventListener('DOMContentLoaded', () => {"
           " document.getElementById('show-heat').checked = false; });")


def _no_heat(page: Any) -> None:
    """The page opened with the heat map off (:data:`NO_HEAT`): a page test that does not look
    at the heat map does not have the server rank every target of each set-up it shows (a
    heat map with the Kick-off events: 2 to 5 s of the server's CPU, each change of set-up or
    option another, and one the page stopped waiting for still computed to its end)."""
    page.add_init_script(NO_HEAT)


@contextmanager
def _opened(server: str, errors: list[str], viewport: dict[str, int] | None = None,
            heat: bool = False) -> Iterator[Any]:
    """The page of ``server`` in a new context of the shared headless Chromium
    (:func:`_browser`), ready (``body[data-ready=true]``), its script errors collected in
    ``errors``; the page and its context are closed afterwards. The heat map is off
    (:func:`_no_heat`) unless ``heat``: the page as a visitor first sees it, heat map on."""
    page = _browser().new_page(**({"viewport": viewport} if viewport else {}))
    if not heat:
        _no_heat(page)
    requests: list[str] = []  # what the page asked and got, said if it never gets ready
    page.on("requestfinished", lambda r: requests.append(f"{r.method} {r.url}"))
    page.on("requestfailed", lambda r: requests.append(f"{r.method} {r.url} failed"))
    page.on("response", lambda r: requests.append(f"{r.status} {r.url}"))
    try:
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + "/")
        try:
            page.wait_for_selector("body[data-ready=true]")
        except Exception as e:  # Playwright's TimeoutError: say where the page stopped
            status = page.evaluate("() => document.getElementById('status')?.textContent")
            raise AssertionError(f"the page was not ready ({e}); its status line: {status!r}; "
                                 f"its requests: {requests[-20:]}; errors: {errors}") from e
        yield page
    finally:
        page.context.close()


@pytest.mark.slow  # (a script held 1.5 s, a page: .ci/run runs it; every quick page test starts
#                    the page with suggest.js loaded, test_page_end_to_end first)
def test_the_page_starts_when_a_later_script_comes_late(server: str) -> None:
    # (the flake "never ready in 30 s": app.js's start awaited the match and called suggest.js's
    # initSuggest, which a quick answer could reach before suggest.js had loaded; CI's clean
    # run said "The page could not start: initSuggest is not defined")
    page = _browser().new_page()
    _no_heat(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def late(route: Any) -> None:
        time.sleep(1.5)  # after the match's answers, on any machine
        route.continue_()

    try:
        page.route("**/static/suggest.js", late)
        page.goto(server + "/")
        page.wait_for_selector("body[data-ready=true]", timeout=30_000)
        status = page.evaluate("() => document.getElementById('status')?.textContent")
        assert "could not start" not in (status or "") and errors == []
    finally:
        page.context.close()


def _centre(page: Any, selector: str) -> tuple[float, float]:
    """The centre of ``selector``'s element on the screen. The board is drawn again when an
    answer arrives (a heat map, a check), so an element can be replaced just as it is read: on
    a loaded machine that happened between finding it and measuring it. Each try waits for it
    to be visible (Playwright's own wait), three tries at most."""
    locator = page.locator(selector)
    box = None
    for _ in range(3):
        locator.wait_for(state="visible")
        box = locator.bounding_box()
        if box is not None:
            break
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _drag(page: Any, pid: str, square: tuple[int, int]) -> None:
    x0, y0 = _centre(page, f'g.player[data-id="{pid}"]')
    x1, y1 = _centre(page, f'rect.square[data-x="{square[0]}"][data-y="{square[1]}"]')
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
    page.mouse.move(x1, y1, steps=5)
    page.mouse.up()


def test_page_end_to_end(server: str, tmp_path: Path) -> None:
    shots = [tmp_path / "web.png", tmp_path / "web-kick.png"]
    errors: list[str] = []
    with _opened(server, errors, viewport={"width": 1500, "height": 1040}, heat=True) as page:
        page.wait_for_selector("#legal:not([hidden])")
        doc = json.loads(page.evaluate("JSON.stringify(state.doc)"))
        rosters = sum(len(doc["teams"][s]["players"]) for s in ("home", "away"))
        assert page.locator("g.player").count() == rosters == 14 + 13
        assert page.locator("rect.square").count() == 26 * 15

        # the heat map of every target, with its legend: on when the page opens, with the
        # Kick-off events on, as kickoff odds (before the drags: a heat map the page
        # stopped waiting for is computed to its end and not kept, so asked after them the
        # server computed it twice)
        assert page.is_checked("#show-heat")
        # the Kick-off events of kickoff odds and simulate (test_page_events_default_is_the_cli_s),
        # asked of the API
        assert page.input_value("#events") == DEFAULT_EVENTS
        assert page.evaluate("oddsOptions().events") == DEFAULT_EVENTS
        page.wait_for_function("() => document.querySelectorAll('rect.heat-cell').length === 195",
                               timeout=180_000)
        assert "touchback" in page.text_content("#legend")
        assert page.locator("#legend").is_visible()

        # drag h1 off the Line of Scrimmage into the receiving half: problems appear
        _drag(page, "h1", (17, 12))
        page.wait_for_selector("#problems li")
        listed = page.locator("#problems li").all_text_contents()
        assert any("player h1 at [17, 12] is outside its own half" in p for p in listed), listed
        assert any("on the Line of Scrimmage" in p for p in listed), listed
        assert page.locator("#legal").is_hidden()
        assert "problem" in (page.get_attribute('g.player[data-id="h1"]', "class") or "")
        # and back: they go
        _drag(page, "h1", (12, 7))
        page.wait_for_selector("#legal:not([hidden])")
        assert page.locator("#problems li").count() == 0
        # and the heat map of the set-up, legal again, is back (the server's, kept)
        page.wait_for_function("() => document.querySelectorAll('rect.heat-cell').length === 195",
                               timeout=180_000)

        # one target's exact odds
        page.click('rect.hit[data-x="19"][data-y="3"]')
        page.wait_for_selector("#odds:not([hidden])", timeout=120_000)
        doc = json.loads(page.evaluate("JSON.stringify(state.doc)"))
        loaded = load_scenario(parse_scenario(json.dumps(doc)))
        # the page's Kick control at its default: the kicker (h8) uses Kick, as every face
        expected = KickoffSolver(loaded.state, loaded.ruleset,
                                 events=DEFAULT_EVENTS).odds(Square(19, 3))
        assert Fraction(page.text_content("#odds-touchback-exact") or "") == expected.touchback
        assert page.text_content("#odds-touchback") == f"{float(expected.touchback) * 100:.1f}%"
        assert page.locator("#landing-layer circle").count() == len(expected.ground)
        page.screenshot(path=str(shots[0]))

        # Kick! from seed 3, stepped through to the end (its event, Brilliant Coaching, asks
        # the page for no decision: seed 7's Blitz! had the server value the Blitz! plans, 5 s
        # of CPU this test never looked at; tests/web/test_decide_e2e.py's Kick! reaches a
        # Blitz!, its decision line and "Event: Blitz!" checked there)
        page.fill("#seed", "3")
        kick_and_replay(page)
        # the Kick control at its default: h8 uses Kick, as kickoff run --seed 3 (it played
        # the scenario format's default before, without Kick: another kick-off than the CLI's)
        result = replay_text(json.dumps({**doc, "seed": 3, "kick": {"target": [19, 3]},
                                         "decisions": {"use_kick_skill": True}}))
        assert result["deviation"]["kick_skill"] is True
        steps = page.locator("#steps li")
        assert steps.count() == len(result["log"])
        end = page.text_content("#kick-end") or ""
        ball = result["ball"]
        if ball["carrier"]:
            assert f"Ball held by {ball['carrier']}" in end
        else:
            assert f"Ball on the ground at [{ball['square'][0]}, {ball['square'][1]}]" in end
        assert "Seed 3." in end
        # seed 3: brilliant_coaching, told "Event: Brilliant Coaching." (Blitz!'s "Event:
        # Blitz!": tests/web/test_decide_e2e.py)
        name = bb_name(result["event"]["name"])
        assert name == "Brilliant Coaching"
        assert f"Event: {name}{'' if name.endswith('!') else '.'}" in end, end
        assert "_" not in end and "brilliant" not in end
        # the final positions are drawn: each disc's centre on its square's (read in one
        # call, the boxes Playwright's bounding_box gives: two calls a player took a second)
        placed = {pid: p["square"] for pid, p in result["players"].items()
                  if p["square"] is not None}
        centres = page.evaluate("""placed => Object.entries(placed).map(([id, [x, y]]) => {
            const c = (el) => { const b = el.getBoundingClientRect();
                                return [b.x + b.width / 2, b.y + b.height / 2]; };
            return [id, c(document.querySelector(`g.player[data-id="${id}"]`)),
                    c(document.querySelector(`rect.square[data-x="${x}"][data-y="${y}"]`))];
        })""", placed)
        assert len(centres) == len(placed) > 20
        for pid, (x, y), (sx, sy) in centres:
            assert abs(x - sx) < 3 and abs(y - sy) < 3, pid
        page.screenshot(path=str(shots[1]))
    assert errors == []
    for shot in shots:
        assert shot.stat().st_size > 20_000
    keep = os.environ.get("KICKOFF_SCREENSHOTS")
    if keep:  # the set-up with its heat map and one target's odds: the README's picture
        shutil.copy(shots[0], Path(keep) / shots[0].name)


def kick_and_replay(page: Any) -> None:
    """Press Kick! and step its replay through to the end at once: the page's clock is
    Playwright's (``page.clock``) from then on, and the replay's timer (one step every
    ``STEP_MS``, 450 ms of the page's time) is run for as many steps as the page lists, each
    step drawn as in real time; the test waits for the end (``#kick-end``) without waiting the
    5 s or more of a kick-off's replay on the wall clock."""
    page.clock.install()
    page.click("#kick")
    page.wait_for_selector("#steps li.current")
    steps = page.locator("#steps li").count()
    page.clock.run_for(page.evaluate("STEP_MS") * (steps + 1))
    page.wait_for_selector("#kick-end:not([hidden])", timeout=60_000)


def _square_of(page: Any, pid: str) -> list[int] | None:
    found: list[int] | None = page.evaluate(f"playerById({json.dumps(pid)}).square")
    return found


@pytest.mark.slow  # (six drags on a page: .ci/run runs it; the quick suite drags in
#                    test_page_end_to_end and test_page_names_what_the_odds_applied)
def test_dropping_a_player_on_a_team_mate_swaps_them(server: str) -> None:
    """One player a square, as FUMBBL's client keeps it: a player dropped on a team-mate's
    square swaps with him (one disc on each square, and the next drag moves the player
    dragged to it); dropped on an opponent, nothing moves and the page says why; dropped from
    the Reserves on a team-mate, the team-mate goes to the Reserves."""
    errors: list[str] = []
    with _opened(server, errors, viewport={"width": 1500, "height": 1040}) as page:
        page.uncheck("#show-heat")
        page.wait_for_selector("#legal:not([hidden])")
        h1, h2 = _square_of(page, "h1"), _square_of(page, "h2")
        assert h1 is not None and h2 is not None and h1 != h2
        _drag(page, "h1", (h2[0], h2[1]))
        page.wait_for_function("() => state.version > 1 && playerById('h2').square[1] === "
                               f"{h1[1]}")
        assert (_square_of(page, "h1"), _square_of(page, "h2")) == (h2, h1)
        for pid, sq in (("h1", h2), ("h2", h1)):  # each disc drawn on its own square
            x, y = _centre(page, f'g.player[data-id="{pid}"]')
            sx, sy = _centre(page, f'rect.square[data-x="{sq[0]}"][data-y="{sq[1]}"]')
            assert abs(x - sx) < 3 and abs(y - sy) < 3, pid
        page.wait_for_selector("#legal:not([hidden])")  # still legal: the two traded places
        # the next drag from that square moves the player dropped there (h1), not h2
        _drag(page, "h1", (h1[0], h1[1]))
        page.wait_for_function(f"() => playerById('h1').square[1] === {h1[1]}")
        assert (_square_of(page, "h1"), _square_of(page, "h2")) == (h1, h2)

        # on an opponent: refused, nobody moves
        a1 = _square_of(page, "a1")
        assert a1 is not None
        _drag(page, "h1", (a1[0], a1[1]))
        page.wait_for_function("() => document.getElementById('status').textContent.includes("
                               "\"a1's square\")")
        assert (_square_of(page, "h1"), _square_of(page, "a1")) == (h1, a1)

        # from the Reserves onto a team-mate: the team-mate takes his place in the Reserves
        reserve = page.evaluate("state.doc.teams.home.players.find(p => !p.square).id")
        _drag(page, reserve, (h2[0], h2[1]))
        page.wait_for_function("() => playerById('h2').square === null")
        assert _square_of(page, reserve) == h2
        assert page.locator(f'rect.square[data-x="{h2[0]}"][data-y="{h2[1]}"]').count() == 1
        squares = page.evaluate("state.doc.teams.home.players.filter(p => p.square)"
                                ".map(p => p.square.join(','))")
        assert len(squares) == len(set(squares)) == 11  # one player a square
    assert errors == []


@pytest.mark.slow  # (the laptop layout, a page: .ci/run runs it; test_page_end_to_end keeps an
#                    illegal set-up's problems quick)
def test_a_refused_kick_is_told_next_to_the_button(server: str) -> None:
    """At 1366 x 768 (a laptop), a Kick! refused for an illegal set-up is told beside the
    button, on the screen without scrolling, not in the footer below the fold."""
    errors: list[str] = []
    with _opened(server, errors, viewport={"width": 1366, "height": 768}) as page:
        page.uncheck("#show-heat")
        page.wait_for_selector("#legal:not([hidden])")
        _drag(page, "h1", (17, 12))
        page.wait_for_selector("#problems li")
        page.click("#kick")
        page.wait_for_function("() => document.getElementById('kick-status').textContent"
                               ".startsWith('No kick-off')")
        said = page.locator("#kick-status")
        assert said.is_visible()
        assert "h1" in (said.text_content() or "")
        assert page.evaluate("window.scrollY") == 0
        box, button = said.bounding_box(), page.locator("#kick").bounding_box()
        assert box is not None and button is not None
        assert box["y"] + box["height"] <= 768, box  # above the fold
        # beside the button
        def gap(a: dict[str, float], b: dict[str, float], at: str, size: str) -> float:
            return max(0.0, a[at] - (b[at] + b[size]), b[at] - (a[at] + a[size]))
        gap_x, gap_y = gap(box, button, "x", "width"), gap(box, button, "y", "height")
        assert gap_x < 20 and gap_y == 0, (box, button)
        assert (said.text_content() or "").startswith("No kick-off: 3 problems (all under Set-up "
                                                      "problems), the first: ")
        assert page.evaluate("getComputedStyle(document.getElementById('kick-status')).color") \
            == "rgb(170, 0, 0)"
        assert not (page.text_content("#status") or "").startswith("No kick-off")
    assert errors == []


def test_page_events_default_is_the_cli_s() -> None:
    """The page opens with the Kick-off events of ``kickoff odds`` and ``kickoff simulate``
    (:data:`DEFAULT_EVENTS`), and asks the API for them: the page's side is read on the page
    test_page_end_to_end opens (its ``#events`` and ``oddsOptions().events``), which opened
    a page of its own here (a second of Chromium and of the server)."""
    import inspect

    from kickoff.cli.analysis_cmd import odds
    from kickoff.cli.simulate_cmd import simulate

    cli_default = inspect.signature(odds).parameters["events"].default
    assert cli_default == inspect.signature(simulate).parameters["events"].default
    assert cli_default == DEFAULT_EVENTS


@pytest.mark.slow  # (two solves and three odds on a page: .ci/run runs it; the quick suite keeps
#                    the catalogue's defaults on the page, test_page_events_default_is_the_cli_s,
#                    and the kicker's Kick named, test_page_names_what_the_odds_applied)
def test_page_kick_default_is_the_api_s(server: str) -> None:
    """Issue 26: the page's Kick control starts at the API's default (``kick_skill`` null: the
    kicker uses Kick when he has it, as ``kickoff odds``), read from ``GET /api/catalogue``, not
    a copy in the page; so are the events and the play. The odds it shows are the default
    solver's, which differ from a kick without Kick there."""
    from kickoff.web.models import OddsRequest

    defaults = httpx.get(f"{server}/api/catalogue").json()["defaults"]
    fields = OddsRequest.model_fields
    assert defaults == {"kick_skill": None, "events": DEFAULT_EVENTS, "play": "defaults"} == {
        k: fields[k].default for k in defaults}
    with _opened(server, []) as page:
        assert page.input_value("#kick-skill") == "null"
        assert page.evaluate("oddsOptions().kick_skill") is None
        assert page.input_value("#odds-play") == defaults["play"]
        page.select_option("#events", "none")
        page.wait_for_selector("#legal:not([hidden])")
        page.click('rect.hit[data-x="19"][data-y="3"]')
        page.wait_for_function("() => state.odds !== null", timeout=60_000)
        doc = json.loads(page.evaluate("JSON.stringify(state.doc)"))
        loaded = load_scenario(parse_scenario(json.dumps(doc)))
        with_kick = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(19, 3))
        without = KickoffSolver(loaded.state, loaded.ruleset, events="none",
                                use_kick_skill=False).odds(Square(19, 3))
        assert with_kick.touchback != without.touchback  # the default is seen in the odds
        assert Fraction(page.text_content("#odds-touchback-exact") or "") == with_kick.touchback
        # asked without Kick: the page asks for that, and shows its odds
        page.select_option("#kick-skill", "false")
        page.wait_for_function("() => document.getElementById('odds-touchback-exact')"
                               f".textContent === '{without.touchback}'", timeout=60_000)


def test_page_names_what_the_odds_applied(server: str) -> None:
    """Issue 26: the odds name what they applied: the ruleset and kicking side, each team and
    its set-up (the default named; moved on the page), the kicker and his Kick (the server's
    ``kick``), the events and the play."""
    with _opened(server, []) as page:
        page.select_option("#events", "none")
        page.wait_for_selector("#legal:not([hidden])")
        page.click('rect.hit[data-x="19"][data-y="3"]')
        page.wait_for_function("() => document.getElementById('odds-applied').textContent"
                               ".includes('kicker h8')", timeout=60_000)
        line = page.text_content("#odds-applied") or ""
        assert line == ("bb2020, home team kicking; home: Reikland Reavers (set-up "
                        "botbowl_def_zone (the default)); away: Gouged Eye (set-up "
                        "botbowl_off_wedge (the default)); kicker h8: uses Kick, the default when "
                        "he has it; events off (deviation and landing only); play defaults"), line
        page.select_option("#kick-skill", "false")
        page.select_option("#odds-play", "best")
        page.wait_for_function("() => document.getElementById('odds-applied').textContent"
                               ".includes('does not use Kick, as asked; events off (deviation "
                               "and landing only); play best (objective')", timeout=60_000)
        _drag(page, "a11", (17, 7))
        page.wait_for_function("() => document.getElementById('odds-applied').textContent"
                               ".includes('botbowl_off_wedge (the default), moved on the page')",
                               timeout=60_000)


@pytest.mark.slow  # (an upload, two downloads, eight changes on a page: .ci/run runs it; the
#                    quick suite keeps an upload, test_the_page_reviews_an_uploaded_replay_...)
def test_page_fumbbl_scenario_discs_and_no_stale_messages(server: str, tmp_path: Path) -> None:
    """A scenario extracted from a FUMBBL replay (player ids ``p<FUMBBL id>``) shows each
    player's jersey number on his disc, one or two digits; a refused kick-off's message and the
    odds' "No odds until the set-up is legal" go once the set-up is legal again, and after a
    switch of ruleset."""
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    root = Path(__file__).parent.parent.parent
    scenario = extract_kickoffs(root / "examples" / "replay_demo.json.gz")[0].scenario
    errors: list[str] = []
    with _opened(server, errors, viewport={"width": 1500, "height": 1040}) as page:
        page.uncheck("#show-heat")
        page.select_option("#events", "none")
        page.set_input_files("#upload", files=[{
            "name": "ko1.json", "mimeType": "application/json",
            "buffer": json.dumps(scenario).encode()}])
        page.wait_for_function("() => document.getElementById('status').textContent"
                               ".includes('ko1.json: scenario loaded')")
        page.wait_for_selector("#legal:not([hidden])")
        labels = page.locator("g.player text").all_text_contents()
        assert len(labels) == sum(len(scenario["teams"][s]["players"]) for s in ("home", "away"))
        assert all(label.isdigit() and len(label) <= 2 for label in labels), labels
        for side in ("home", "away"):
            numbers = page.locator(f"g.player.{side} text").all_text_contents()
            assert len(set(numbers)) == len(numbers), numbers  # one number a player
        # a disc's label fits inside it (measured in the page, waiting for a drawn disc: the
        # board may be redrawn between two reads from here, which left a detached one, None)
        page.wait_for_function(
            "() => { const g = document.querySelector('g.player');"
            " if (!g) return false;"
            " const c = g.querySelector('circle').getBoundingClientRect();"
            " const t = g.querySelector('text').getBoundingClientRect();"
            " return c.width > 0 && t.width > 0 && t.width < c.width; }", timeout=10_000)

        # Download set-up: the set-up file names the players by the numbers their discs show
        # (not one "'p9200001' carries no jersey number" a player in the footer)
        for side in ("home", "away"):
            page.select_option("#export-side", side)
            with page.expect_download() as download:
                page.click("#download-setup")
            setup = tomllib.loads(Path(download.value.path()).read_text())
            shown = {page.text_content(f'g.player[data-id="{p["id"]}"] text'): p["square"]
                     for p in scenario["teams"][side]["players"] if p["square"]}
            assert sorted(setup["positions"], key=int) == sorted(shown, key=int), setup
            assert "jersey" not in (page.text_content("#status") or "")

        # an illegal set-up: the kick-off and the odds are refused
        home = next(p for p in scenario["teams"]["home"]["players"] if p["square"])
        _drag(page, home["id"], (17, 12))
        page.wait_for_selector("#problems li")
        page.click('rect.hit[data-x="19"][data-y="3"]')
        page.wait_for_function("() => document.getElementById('odds-hint').textContent"
                               ".startsWith('No odds')")
        page.click("#kick")
        page.wait_for_function("() => document.getElementById('kick-status').textContent"
                               ".startsWith('No kick-off')")
        # fixed: neither message stays
        _drag(page, home["id"], tuple(home["square"]))
        page.wait_for_selector("#legal:not([hidden])")
        page.wait_for_selector("#odds:not([hidden])", timeout=60_000)
        assert page.text_content("#kick-status") == ""
        assert "No kick-off" not in (page.text_content("#status") or "")
        assert not (page.text_content("#odds-hint") or "").startswith("No odds")
        # illegal again, then another ruleset: no message of the old match stays
        _drag(page, home["id"], (17, 12))
        page.wait_for_selector("#problems li")
        page.click("#kick")
        page.wait_for_function("() => document.getElementById('kick-status').textContent"
                               ".startsWith('No kick-off')")
        page.select_option("#ruleset", "classic")
        page.wait_for_function("() => state.doc.ruleset === 'classic'")
        assert not (page.text_content("#kick-status") or "").startswith("No kick-off")
    assert errors == []


@pytest.mark.slow  # (an upload and a new match on a page: .ci/run runs it; the weather's names
#                    are checked without a browser in tests/web/test_web_api.py)
def test_page_shows_a_scenario_s_fine_weather(server: str, default_doc: dict[str, Any]) -> None:
    """A scenario naming the fine weather ``perfect_conditions`` (either name is the same
    weather) is uploaded after another weather was chosen: the weather choice shows the fine
    weather, by the ruleset's name, and a new match asks for that weather."""
    errors: list[str] = []
    with _opened(server, errors) as page:
        page.select_option("#weather", "blizzard")
        assert page.evaluate("state.doc.weather") == "blizzard"
        scenario = json.dumps({**default_doc, "weather": "perfect_conditions"}).encode()
        page.set_input_files("#upload", files=[{
            "name": "fine.json", "mimeType": "application/json", "buffer": scenario}])
        page.wait_for_function("() => document.getElementById('status').textContent"
                               ".includes('fine.json: scenario loaded')")
        assert page.input_value("#weather") == "nice"
        assert page.eval_on_selector("#weather", "s => s.selectedOptions[0].textContent") \
            == "perfect conditions"
        # another team: the match is asked for with the weather shown
        page.select_option("#home-team", "orc")
        page.wait_for_function("() => state.fromFile === null && state.doc.teams.home.name !== "
                               f"{json.dumps(default_doc['teams']['home']['name'])}")
        assert page.evaluate("state.doc.weather") == "nice"
    assert errors == []


def test_concurrent_odds_over_loopback(server: str) -> None:
    """Fifty odds requests at once over loopback, each answered with the exact odds."""
    import asyncio

    doc = httpx.post(f"{server}/api/match", json={"weather": "very_sunny"}).json()["scenario"]
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    # the API's defaults: the kicker uses Kick when he has it (asked here: events none)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="none")
    targets = [(x, y) for x in range(14, 24) for y in range(2, 13, 2)][:50]

    async def ask() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=server, timeout=120) as client:
            return await asyncio.gather(*(
                client.post("/api/odds", json={"scenario": doc, "target": list(t),
                                               "events": "none"}) for t in targets))

    # in a thread of its own: this one runs the shared Chromium's Playwright loop (_browser)
    with ThreadPoolExecutor(1) as pool:
        answers = pool.submit(asyncio.run, ask()).result()
    assert len(answers) == 50
    for t, r in zip(targets, answers, strict=True):
        assert r.status_code == 200, r.text
        assert Fraction(r.json()["touchback"]["exact"]) == solver.odds(Square(*t)).touchback


def test_page_shows_the_choices_by_event(server: str) -> None:
    """Issue 24: with "best" the odds box lists the choices that beat the defaults grouped by
    the Kick-off event they were taken under, as ``kickoff odds --play best`` prints them: each
    group's name and its choices after their coach, exactly the solver's ``choices_by_event``
    for the page's scenario, target and objective, the free moves' plans found each under its
    event (the web searches them as ``kickoff odds`` does, the applied line naming the
    budget). Sevens' default pairing (the receivers' High Kick and the kicking coach's Blitz!
    plan both beat the defaults there, tests/test_choices_by_event.py): the default search on
    bb2020's is four times the cost; the target chosen before best play, so that the page
    searches once."""
    errors: list[str] = []
    with _opened(server, errors) as page:
        page.uncheck("#show-heat")
        page.select_option("#ruleset", "sevens")
        page.wait_for_function("() => state.doc.ruleset === 'sevens'")
        page.select_option("#objective", "receiver-holds")  # (touchback: no choice beats it)
        page.wait_for_selector("#legal:not([hidden])")
        page.click('rect.hit[data-x="16"][data-y="5"]')
        page.select_option("#odds-play", "best")
        page.wait_for_function("() => document.querySelectorAll("
                               "'#odds-decisions-list li.event-choices').length > 0",
                               timeout=180_000)
        shown = json.loads(page.evaluate(
            "JSON.stringify([...document.querySelectorAll('#odds-decisions-list > li')].map("
            "(li) => [li.dataset.event, li.querySelector('strong').textContent, "
            "[...li.querySelectorAll('ul li')].map((c) => [c.dataset.coach, c.textContent])]))"))
        doc = json.loads(page.evaluate("JSON.stringify(state.doc)"))
        objective = page.input_value("#objective")
        assert objective == "receiver-holds"
        # best play with the events: the free moves searched as kickoff odds searches them
        # (the API's answer, the server's cached one, is the CLI's: tests/web/test_web_plans.py),
        # every face's default budget, each plan under its event
        answer = httpx.post(f"{server}/api/odds", timeout=120, json={
            "scenario": doc, "target": [16, 5], "events": "all", "play": "best",
            "objective": objective}).json()
        assert answer["applied"]["plan_budget"] == PLAN_BUDGET
        expected = answer["choices_by_event"]
        assert {"high_kick", "blitz"} <= {g["event"] for g in expected}
        assert (f"free moves: best plan found (plan budget {PLAN_BUDGET}, the default; the "
                "re-set-ups too)") in (page.text_content("#odds-applied") or "")
        assert shown == [[g["event"] or "", f"{g['name']}:",
                          [[c["coach"] or "", (f"{c['coach']} coach: " if c["coach"] else "")
                            + c["choice"].removeprefix(f"{g['name']}: ")]
                           for c in g["choices"]]] for g in expected], shown
        assert "by Kick-off event" in (page.text_content("#odds-decisions-title") or "")
        page.select_option("#odds-play", "defaults")  # no choices with the defaults
        page.wait_for_selector("#odds-decisions", state="hidden")
    assert errors == [], errors
