"""The web API with FastAPI's test client: every endpoint, its answers checked against the
project's Python API, and its answers to bad input (a 4xx whose message names the field)."""

from __future__ import annotations

import asyncio
import copy
import json
import threading
import tomllib
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conftest import limited_client, square_of
from fastapi.testclient import TestClient
from helpers import cli

from kickoff.analysis import KickoffSolver, rank_targets
from kickoff.core import Square
from kickoff.core.errors import ScenarioError
from kickoff.formats.fumbbl import setup as fumbbl_setup
from kickoff.formats.match import build_match
from kickoff.formats.scenario import load_scenario, parse_scenario, replay_text
from kickoff.formats.teams import load_setup
from kickoff.web import compute
from kickoff.web.jobs import ClientGone, OddsService
from kickoff.web.limits import Limits

DATA = Path(__file__).parents[1] / "data"
#: A Kick It! Kick action during a turn: a legal scenario with no kick-off.
TURN_CASE = DATA / "cases/project/kickit-turn-bb2020-seed-000-shank-of-2-plus-st-3-is-2-squares.json"


def solver(doc: dict[str, Any], events: str = "none", kick: bool | None = None) -> KickoffSolver:
    """The solver of ``doc``; ``kick``: the kicker's use of Kick (``None``: when he has it, the
    default of every face, the API's too)."""
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    return KickoffSolver(loaded.state, loaded.ruleset, events=events,  # type: ignore[arg-type]
                         house_rules=loaded.house_rules, use_kick_skill=kick)


def texts(answer: dict[str, Any]) -> list[str]:
    """The sentences of an answer's problems (each a ``Problem.as_json()`` object)."""
    return [p["text"] for p in answer["problems"]]


def problems(response: Any, status: int) -> list[str]:
    assert response.status_code == status, response.text
    found = texts(response.json())
    assert found
    return found


# --------------------------------------------------------------------------- reference


def test_catalogue(client: TestClient) -> None:
    cat = client.get("/api/catalogue").json()
    assert set(cat["rulesets"]) == {"classic", "bb2020", "bb2025", "sevens"}
    eleven, sevens = cat["pitches"]["eleven"], cat["pitches"]["sevens"]
    assert (eleven["width"], eleven["height"], eleven["wide"]) == (26, 15, 4)
    assert (sevens["width"], sevens["height"], sevens["wide"]) == (20, 11, 2)
    assert eleven["los"] == {"home": 12, "away": 13}
    assert len(eleven["receiving_area"]["away"]) == 13 * 15
    assert [13, 0] in eleven["receiving_area"]["away"] and [12, 0] not in eleven["receiving_area"]["away"]
    assert cat["rulesets"]["sevens"]["pitch"] == "sevens"
    assert "human" in [t["name"] for t in cat["teams"]["bb2020"]]
    assert "botbowl_def_zone" in [s["name"] for s in cat["setups"]["eleven"]]
    assert {o["name"]: o["higher_is_better"] for o in cat["objectives"]} == {
        "touchback": False, "receiver-holds": False, "ball-on-ground": True, "distance": False,
        "holder-open": False, "ball-in-reach": False}


def test_schemas(client: TestClient) -> None:
    docs = client.get("/api/schemas").json()
    assert docs["kickoff-scenario-1.schema.json"]["properties"]["format"]["const"] == "kickoff-scenario/1"
    assert "log" in docs["kickoff-result-1.schema.json"]["properties"]


def test_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<svg id="pitch"' in page.text and "/static/app.js" in page.text
    assert "https://" not in page.text  # nothing from a CDN
    js = client.get("/static/app.js")
    assert js.status_code == 200 and "/api/validate" in js.text
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


def test_openapi_docs_offline(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "cdn.jsdelivr" not in docs.text
    bundle = [part.split('"')[0] for part in docs.text.split('src="')[1:] if "swagger" in part]
    assert bundle and client.get(bundle[0]).status_code == 200
    spec = client.get("/openapi.json").json()
    assert {"/api/catalogue", "/api/schemas", "/api/match", "/api/validate", "/api/kick",
            "/api/odds", "/api/odds/all", "/api/setup/import", "/api/setup/export"} <= set(spec["paths"])


# --------------------------------------------------------------------------- match


def test_match_is_the_cli_pairing(client: TestClient, default_doc: dict[str, Any]) -> None:
    answer = client.post("/api/match", json={}).json()
    assert answer["problems"] == []
    assert answer["scenario"] == default_doc
    # the same state as build_match: the same exact odds
    match = build_match("bb2020", None, None, None, None, "home")
    expected = KickoffSolver(match.state, match.ruleset, events="none").odds(Square(19, 7))
    assert solver(answer["scenario"]).odds(Square(19, 7)).holders == expected.holders


def test_match_sevens_away_kicking(client: TestClient) -> None:
    answer = client.post("/api/match", json={
        "ruleset": "sevens", "home": "orc", "away": "human", "kicking": "away",
        "weather": "pouring_rain"}).json()
    doc = answer["scenario"]
    assert answer["problems"] == []
    assert (doc["ruleset"], doc["kicking"], doc["weather"]) == ("sevens", "away", "pouring_rain")
    on_pitch = [p for p in doc["teams"]["away"]["players"] if p["square"] is not None]
    assert len(on_pitch) == 7 and all(p["square"][0] >= 13 for p in on_pitch)


def test_match_takes_every_weather_the_catalogue_offers(client: TestClient) -> None:
    """Each weather of the catalogue, and each ruleset's own name of the fine weather
    (bb2020's ``perfect_conditions``), in every ruleset: the match's scenario plays the weather
    that a scenario naming it plays, and names it as the page's weather choice does."""
    cat = client.get("/api/catalogue").json()
    offered = set(cat["weathers"]) | {r["fine_weather"] for r in cat["rulesets"].values()}
    assert "perfect_conditions" in offered
    for ruleset in cat["rulesets"]:
        base = client.post("/api/match", json={"ruleset": ruleset}).json()["scenario"]
        for name in sorted(offered):
            response = client.post("/api/match", json={"ruleset": ruleset, "weather": name})
            assert response.status_code == 200, (ruleset, name, response.text)
            doc = response.json()["scenario"]
            assert doc["weather"] in cat["weathers"], (ruleset, name)
            assert doc == {**base, "weather": doc["weather"]}
            played = load_scenario(parse_scenario(json.dumps(doc))).state.weather
            named = load_scenario(parse_scenario(json.dumps({**base, "weather": name})))
            assert played == named.state.weather, (ruleset, name)
    fine = client.post("/api/match", json={"weather": "perfect_conditions"}).json()["scenario"]
    assert fine["weather"] == "nice"
    # the kick-off names it by the ruleset's own name, as a scenario naming it either way does
    result = client.post("/api/kick", json={"scenario": {**fine, "seed": 1}}).json()["result"]
    assert result["weather"] == "perfect_conditions"


@pytest.mark.parametrize(("body", "field"), [
    ({"home": "secrets"}, "home: no built-in team 'secrets'"),
    ({"away_setup": "sevens_def_zone"}, "away_setup: no built-in set-up 'sevens_def_zone' for eleven"),
    ({"home": "../../etc/passwd"}, "home: String should match pattern"),
    ({"ruleset": "bb1987"}, "ruleset: Input should be"),
    ({"kicking": "both"}, "kicking: Input should be"),
    ({"weather": "fog"}, "weather: Input should be"),
    ({"colour": "red"}, "colour: unknown field"),
])
def test_match_bad_input(client: TestClient, body: dict[str, Any], field: str) -> None:
    found = problems(client.post("/api/match", json=body), 422)
    assert any(p.startswith(field) for p in found), found


# --------------------------------------------------------------------------- validate


def test_validate_legal_and_illegal(client: TestClient, default_doc: dict[str, Any]) -> None:
    assert client.post("/api/validate", json={"scenario": default_doc}).json() == {
        "valid": True, "problems": []}
    doc = copy.deepcopy(default_doc)
    h1 = doc["teams"]["home"]["players"][0]
    assert h1["id"] == "h1" and h1["square"] == [12, 7]
    h1["square"] = [16, 3]  # into the receiving half
    answer = client.post("/api/validate", json={"scenario": doc}).json()
    assert answer["valid"] is False
    assert any("player h1 at [16, 3] is outside its own half" in p for p in texts(answer))
    assert any("on the Line of Scrimmage" in p and "at least 3" in p for p in texts(answer))
    # the players and squares a problem concerns are data, for the page to highlight
    outside = next(p for p in answer["problems"] if "outside its own half" in p["message"])
    assert outside == {
        "text": outside["text"], "code": "illegal_setup", "where": "home team",
        "message": outside["message"], "players": ["h1"], "squares": [[16, 3]]}
    h1["square"] = square_of(doc, "a1")  # onto an opponent's square
    shared = client.post("/api/validate", json={"scenario": doc}).json()
    assert any("h1" in p and "a1" in p and "share square" in p for p in texts(shared))
    share = next(p for p in shared["problems"] if "share square" in p["message"])
    assert sorted(share["players"]) == ["a1", "h1"] and share["squares"] == [square_of(doc, "a1")]


def test_validate_lists_a_decision_illegal_when_its_moment_comes(
        client: TestClient) -> None:
    """/api/validate plays the scenario as kickoff validate does: a High Kick player of the
    kicking team is a problem, named by its key path, as the CLI names it (the example
    scenario's scripted dice roll a High Kick)."""
    doc = json.loads((Path(__file__).parents[2] / "examples" / "scenario.json").read_text())
    assert client.post("/api/validate", json={"scenario": doc}).json()["valid"] is True
    doc["decisions"]["high_kick"] = "h2"
    answer = client.post("/api/validate", json={"scenario": doc}).json()
    assert answer["valid"] is False
    [problem] = answer["problems"]
    assert problem["where"] == "decisions.high_kick"
    # the engine's error carries its problem as values: no sentence read back
    assert (problem["code"], problem["players"]) == ("illegal_choice", ["h2"])
    assert problem["text"].startswith("decisions.high_kick: h2 is not an Open, Standing player "
                                      "of the receiving team")


def test_validate_lists_input_problems_with_key_paths(client: TestClient,
                                                      default_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(default_doc)
    doc["teams"]["away"]["players"][2]["square"] = [27, 4]
    doc["teams"]["home"]["players"][0]["ma"] = 0
    answer = client.post("/api/validate", json={"scenario": doc}).json()
    assert answer["valid"] is False
    assert any(p.startswith("teams.home.players[0].ma:") for p in texts(answer))
    del doc["teams"]
    missing = client.post("/api/validate", json={"scenario": doc}).json()
    assert texts(missing) == ["teams: required key is missing"]
    assert missing["problems"][0]["where"] == "teams"


def test_validate_bad_requests(client: TestClient, default_doc: dict[str, Any]) -> None:
    assert problems(client.post("/api/validate", json={"scenario": [1, 2]}), 422)[0].startswith(
        "scenario: Input should be a valid dictionary")
    assert problems(client.post("/api/validate", json={}), 422) == ["scenario: Field required"]
    assert problems(client.post("/api/validate", json={"scenario": default_doc, "x": 1}),
                    422) == ["x: unknown field"]
    crowd = copy.deepcopy(default_doc)
    crowd["teams"]["home"]["players"] *= 2  # 28 players
    assert problems(client.post("/api/validate", json={"scenario": crowd}), 422) == [
        "scenario.teams.home.players: 28 players, at most 16 a team"]
    bad_json = client.post("/api/validate", content=b'{"scenario": {', headers={
        "content-type": "application/json"})
    assert problems(bad_json, 422)[0].startswith("body: not valid JSON at character")
    nested = client.post("/api/validate", content=b"[" * 50_000, headers={
        "content-type": "application/json"})
    assert problems(nested, 422) == [
        "body: not valid JSON: nested too deeply (hundreds of arrays or objects inside one another)"]


def test_body_limit(client: TestClient, default_doc: dict[str, Any]) -> None:
    big = {"scenario": {**default_doc, "padding": "x" * 300_000}}
    found = problems(client.post("/api/validate", json=big), 413)
    assert found == ["body: larger than 262144 bytes, the most this server accepts"]
    with limited_client(max_body_bytes=1000) as small:
        assert problems(small.post("/api/validate", json={"scenario": default_doc}), 413)


# --------------------------------------------------------------------------- kick


def test_kick_seeded_is_replay(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = {**default_doc, "seed": 7, "kick": {"target": [19, 3]}}
    result = client.post("/api/kick", json={"scenario": doc}).json()["result"]
    assert result == replay_text(json.dumps(doc))
    assert result["seed"] == 7 and result["target"] == [19, 3]
    assert result["log"][0]["step"] == "kicker"
    assert any(s["step"] == "roll" and s["die"] == "d8" for s in result["log"])


def test_the_page_s_kick_uses_kick_as_kickoff_run_does(client: TestClient,
                                                       default_doc: dict[str, Any]) -> None:
    """The page's Kick! played the scenario format's default, the kicker without Kick, while
    its odds and ``kickoff run`` use Kick when he has it: the same seed gave another kick-off
    on the page than on the command line. With ``kick_skill`` (the page sends its Kick
    control's, ``null`` by default) the kick-off is ``kickoff run``'s, says so in ``defaults``
    and is the replay of the scenario with ``decisions.use_kick_skill`` set; left out, the
    answer is still ``kickoff replay``'s."""
    doc = {**default_doc, "seed": 7}
    code, out, err = cli(["run", "--seed", "7", "--json"])
    assert code == 0, err
    run = json.loads(out)
    answer = client.post("/api/kick", json={"scenario": doc, "kick_skill": None}).json()
    assert answer["result"]["deviation"] == run["deviation"]
    assert answer["result"]["deviation"]["kick_skill"] is True
    assert answer["result"]["ball"] == run["ball"]
    assert answer["defaults"][0] == ("Kicker h8: uses Kick (the default when he has it, as "
                                     "kickoff run; choose in Kick)")
    used = {**doc, "decisions": {"use_kick_skill": True}}
    assert answer["result"] == replay_text(json.dumps(used))
    without = client.post("/api/kick", json={"scenario": doc, "kick_skill": False}).json()
    assert without["result"]["deviation"]["kick_skill"] is False
    assert not any(line.startswith("Kicker") for line in without["defaults"])
    plain = client.post("/api/kick", json={"scenario": doc}).json()["result"]
    assert plain == replay_text(json.dumps(doc)) == without["result"]
    said = {**doc, "decisions": {"use_kick_skill": False}}  # the scenario's own word wins
    assert client.post("/api/kick", json={"scenario": said, "kick_skill": None}).json()[
        "result"] == without["result"]


@pytest.mark.parametrize(("seed", "event"), [(7, "Blitz!"), (34, "Time-out"),
                                             (12, "Officious Ref"), (13, "Pitch Invasion")])
def test_kick_names_its_event_as_blood_bowl_does(client: TestClient, default_doc: dict[str, Any],
                                                 seed: int, event: str) -> None:
    """The page's end line says ``Event: Blitz!``, not ``Event: blitz.``: the answer names the
    Kick-off event by its Blood Bowl name (``kickoff run``'s)."""
    doc = {**default_doc, "seed": seed, "kick": {"target": [19, 3]}}
    answer = client.post("/api/kick", json={"scenario": doc}).json()
    assert answer["event"] == event
    assert answer["result"]["event"]["name"] == event.lower().rstrip("!").replace("-", "_") \
        .replace(" ", "_")


def test_kick_without_seed_names_its_seed(client: TestClient, default_doc: dict[str, Any]) -> None:
    result = client.post("/api/kick", json={"scenario": default_doc}).json()["result"]
    assert isinstance(result["seed"], int)
    assert result == replay_text(json.dumps({**default_doc, "seed": result["seed"]}))


def test_kick_scripted_case(client: TestClient) -> None:
    case = json.loads((DATA / "cases/editions/bb2020-quick-snap-legal.json").read_text())
    result = client.post("/api/kick", json={"scenario": case["scenario"]}).json()["result"]
    assert result["seed"] is None
    for path, value in case["expect"].items():
        got: Any = result
        for part in path.split("."):
            got = got[part]
        assert got == value, path


def test_kick_bad_input(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(default_doc)
    doc["teams"]["home"]["players"][0]["square"] = [16, 3]
    found = problems(client.post("/api/kick", json={"scenario": doc}), 422)
    assert all(p.startswith("scenario: illegal set-up: ") for p in found)
    assert any("player h1 at [16, 3]" in p for p in found)
    off = {**default_doc, "kick": {"target": [5, 5]}}
    found = problems(client.post("/api/kick", json={"scenario": off}), 422)
    assert found[0].startswith("scenario.kick.target: [5, 5] is not in the receiving area")
    leftover = {**default_doc, "dice": {"d6": [1]}}
    # an engine error is placed in the request's field by its own key path, as /api/odds does
    assert problems(client.post("/api/kick", json={"scenario": leftover}), 422)[0].startswith(
        "scenario.dice.d8[0]: the scripted d8 dice ran out")
    both = {**default_doc, "seed": 1, "dice": {"d6": [1]}}
    assert problems(client.post("/api/kick", json={"scenario": both}), 422) == [
        "scenario.seed: give either dice or a seed, not both"]


# --------------------------------------------------------------------------- odds


def test_odds_one_target_exact(client: TestClient, default_doc: dict[str, Any]) -> None:
    answer = client.post("/api/odds", json={"scenario": default_doc, "target": [20, 4],
                                            "events": "none"}).json()
    expected = solver(default_doc).odds(Square(20, 4))
    assert answer["target"] == [20, 4] and answer["events"] == "none"
    assert Fraction(answer["touchback"]["exact"]) == expected.touchback
    assert answer["touchback"]["p"] == pytest.approx(float(expected.touchback))
    assert Fraction(answer["receiving_team_holds"]["exact"]) == expected.receiving_team_holds
    assert {h["player"]: Fraction(h["exact"]) for h in answer["holders"]} == expected.holders
    assert {tuple(g["square"]): Fraction(g["exact"]) for g in answer["ground"]} == {
        tuple(sq): p for sq, p in expected.ground.items()}
    ps = [h["p"] for h in answer["holders"]]
    assert ps == sorted(ps, reverse=True)
    total = (sum(Fraction(h["exact"]) for h in answer["holders"])
             + Fraction(answer["ball_on_ground"]["exact"]))
    assert total == 1
    assert Fraction(answer["expected_distance_to_receiving_end_zone"]["exact"]) == \
        expected.expected_distance_to_receiving_end_zone


def test_odds_default_targets(client: TestClient, default_doc: dict[str, Any]) -> None:
    centre = client.post("/api/odds", json={"scenario": default_doc, "events": "none"}).json()
    assert centre["target"] == [19, 7]
    named = client.post("/api/odds", json={"scenario": {**default_doc, "kick": {"target": [22, 9]}},
                                           "events": "none"})
    assert named.json()["target"] == [22, 9]


def test_events_default_is_the_same_for_the_cli_the_api_and_the_page() -> None:
    import inspect

    from kickoff.analysis.targets import DEFAULT_EVENTS
    from kickoff.cli.analysis_cmd import odds
    from kickoff.cli.simulate_cmd import simulate
    from kickoff.web.catalogue import catalogue as create_catalogue
    from kickoff.web.models import AllTargetsRequest, OddsRequest
    from kickoff.web.routes.reference import STATIC

    assert DEFAULT_EVENTS == "all"
    for command in (odds, simulate):
        assert inspect.signature(command).parameters["events"].default == DEFAULT_EVENTS
    for model in (OddsRequest, AllTargetsRequest):
        assert model.model_fields["events"].default == DEFAULT_EVENTS
    page = STATIC.joinpath("index.html").read_text()
    # no second copy in the page: its odds' controls start at the catalogue's defaults
    odds_box = page[page.index('<legend>Odds</legend>'):page.index('<legend>Kick-off</legend>')]
    assert "<select id=\"events\">" in odds_box and " selected" not in odds_box
    assert create_catalogue()["defaults"]["events"] == DEFAULT_EVENTS
    assert '<input type="checkbox" id="show-heat" checked>' in page  # as the README shows it


@pytest.mark.parametrize(("asked", "used"), [(None, True), (False, False), (True, True)])
def test_odds_name_the_kicker_and_kick_applied(
    client: TestClient, default_doc: dict[str, Any], asked: bool | None, used: bool
) -> None:
    """Issue 26: the odds answer names its kicker and his use of Kick, as
    :func:`kickoff.defaults.kick_use` decides (the default pairing's kicker h8 has Kick)."""
    body = {"scenario": default_doc, "events": "none", "target": [19, 3]}
    if asked is not None:
        body["kick_skill"] = asked
    answer = client.post("/api/odds", json=body).json()
    assert answer["kick"] == {"kicker": "h8", "has_kick": True, "used": used, "asked": asked,
                              "why": ""}


def test_kick_answer_tells_the_log_as_the_cli_does(
    client: TestClient, default_doc: dict[str, Any]
) -> None:
    from kickoff.formats.narration import sentences

    answer = client.post("/api/kick", json={"scenario": {**default_doc, "seed": 25}}).json()
    log = answer["result"]["log"]
    assert answer["story"] == sentences(log) and len(answer["story"]) == len(log)
    assert any(line.startswith("The kick deviates ") and "(D8 " in line for line in answer["story"])
    assert answer["defaults"] == ["High Kick: nobody moved under the ball (default; choose in "
                                  "High Kick)"]
    chosen = {**default_doc, "seed": 25, "decisions": {"high_kick": "a8"}}
    answer = client.post("/api/kick", json={"scenario": chosen}).json()
    assert answer["defaults"] == [] and answer["result"]["ball"]["carrier"] == "a8"


def test_odds_events_all_small_setup(client: TestClient) -> None:
    from helpers import scenario

    doc = scenario("bb2020")
    answer = client.post("/api/odds", json={"scenario": doc, "target": [19, 7], "events": "all"})
    expected = solver(doc, "all").odds(Square(19, 7))
    assert answer.json()["events"] == "all"
    assert Fraction(answer.json()["touchback"]["exact"]) == expected.touchback
    assert {h["player"]: Fraction(h["exact"]) for h in answer.json()["holders"]} == expected.holders


@pytest.mark.parametrize(("extra", "field"), [
    ({"target": [5, 5]}, "target: [5, 5] is not in the receiving area"),
    ({"target": [200, 3]}, "target[0]: Input should be less than or equal to 99"),
    ({"target": [19]}, "target[1]: Field required"),
    ({"events": "some"}, "events: Input should be 'none' or 'all'"),
    ({"kick_skill": "yes please"}, "kick_skill: Input should be a valid boolean"),
    # strict, as a scenario's booleans are: "yes", 1 and "false" are not true or false
    ({"kick_skill": "yes"}, "kick_skill: Input should be a valid boolean"),
    ({"kick_skill": 1}, "kick_skill: Input should be a valid boolean"),
    ({"kick_skill": "false"}, "kick_skill: Input should be a valid boolean"),
])
def test_odds_bad_input(client: TestClient, default_doc: dict[str, Any], extra: dict[str, Any],
                        field: str) -> None:
    found = problems(client.post("/api/odds", json={"scenario": default_doc, **extra}), 422)
    assert any(p.startswith(field) for p in found), found


def test_odds_refuse_an_illegal_setup(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(default_doc)
    doc["teams"]["away"]["players"][0]["square"] = None
    for path in ("/api/odds", "/api/odds/all"):
        found = problems(client.post(path, json={"scenario": doc}), 422)
        assert any("illegal set-up" in p and "away team" in p for p in found), found


def test_all_targets_ranked_exactly(client: TestClient, default_doc: dict[str, Any]) -> None:
    answer = client.post("/api/odds/all", json={"scenario": default_doc, "events": "none"}).json()
    ranked = rank_targets(solver(default_doc), "touchback")
    assert answer["objective"] == "touchback" and answer["higher_is_better"] is False
    assert [t["target"] for t in answer["targets"]] == [r.target.as_list() for r in ranked]
    assert [Fraction(t["exact"]) for t in answer["targets"]] == [r.value for r in ranked]
    assert len(answer["targets"]) == 195
    # a target's full odds afterwards (from the cache) are the same exact odds
    one = client.post("/api/odds", json={"scenario": default_doc, "target": [24, 13],
                                         "events": "none"}).json()
    assert Fraction(one["touchback"]["exact"]) == solver(default_doc).odds(Square(24, 13)).touchback


def test_all_targets_objective(client: TestClient, default_doc: dict[str, Any]) -> None:
    answer = client.post("/api/odds/all", json={"scenario": default_doc, "events": "none",
                                                "objective": "ball-on-ground"}).json()
    values = [t["value"] for t in answer["targets"]]
    assert answer["higher_is_better"] is True and values == sorted(values, reverse=True)
    assert values[0] == pytest.approx(answer["targets"][0]["ball_on_ground"])
    found = problems(client.post("/api/odds/all", json={"scenario": default_doc,
                                                        "objective": "win"}), 422)
    assert found[0].startswith("objective: Input should be")


def test_busy_server_answers_503(default_doc: dict[str, Any]) -> None:
    with limited_client(max_pending=0) as busy:
        response = busy.post("/api/odds", json={"scenario": default_doc})
        assert response.status_code == 503
        assert response.headers["retry-after"] == "5"
        (problem,) = response.json()["problems"]
        assert (problem["code"], problem["text"]) == (
            "busy", "server: 0 odds jobs waiting; try again shortly")


def test_identical_questions_share_one_job(default_doc: dict[str, Any]) -> None:
    submitted: list[Any] = []

    class Counting(ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            submitted.append(fn)
            return super().submit(fn, *args, **kwargs)

    async def ask() -> list[dict[str, Any]]:
        service = OddsService(Counting(2), Limits())
        text = json.dumps(default_doc)
        asked = [service.one(text, "none", False, (19, 7)) for _ in range(5)]
        answers = await asyncio.gather(*asked)
        answers.append(await service.one(text, "none", False, (19, 7)))  # from the cache
        return answers

    answers = asyncio.run(ask())
    assert len(submitted) == 1
    assert all(a == answers[0] for a in answers)
    assert Fraction(answers[0]["touchback"]["exact"]) == solver(default_doc, kick=False).odds(
        Square(19, 7)).touchback


def test_a_job_nobody_waits_for_is_dropped() -> None:
    ran: list[str] = []
    started, release = threading.Event(), threading.Event()

    def blocker() -> str:
        started.set()
        release.wait(10)
        return "first"

    def second() -> str:
        ran.append("second")
        return "second"

    async def gone() -> bool:
        return True

    async def ask() -> OddsService:
        service = OddsService(ThreadPoolExecutor(1), Limits())
        service.watch_seconds = 0.05
        first = asyncio.ensure_future(
            service._shared("a", service.odds, lambda: service._run(blocker)))
        await asyncio.to_thread(started.wait, 5)
        with pytest.raises(ClientGone):  # its client left while the job waited in the queue
            await service._shared("b", service.odds, lambda: service._run(second), gone)
        await asyncio.sleep(0.05)  # the cancellation reaches the executor's queue on the next turn
        release.set()
        assert await first == "first"
        await asyncio.sleep(0.2)
        return service

    service = asyncio.run(ask())
    assert ran == []
    assert (service.in_flight, service.waiters, service.pending) == ({}, {}, 0)
    assert not service.slots.locked()  # the worker is free again
    assert service.odds.get_item("a") == "first" and service.odds.get_item("b") is None


def test_a_job_a_worker_took_runs_on_and_is_cached_when_its_client_leaves() -> None:
    started, release = threading.Event(), threading.Event()
    calls: list[str] = []

    def slow() -> str:
        calls.append("slow")
        started.set()
        release.wait(10)
        return "answer"

    async def gone() -> bool:
        return started.is_set()  # the client leaves once the worker has the job

    async def ask() -> OddsService:
        service = OddsService(ThreadPoolExecutor(1), Limits())
        service.watch_seconds = 0.05
        with pytest.raises(ClientGone):
            await service._shared("a", service.odds, lambda: service._run(slow), gone)
        assert "a" in service.in_flight  # not cancelled: the worker is computing it
        release.set()
        for _ in range(100):
            if not service.in_flight:
                break
            await asyncio.sleep(0.02)
        # asked again: the answer computed for the client who left, no second job
        assert await service._shared("a", service.odds, lambda: service._run(slow)) == "answer"
        return service

    service = asyncio.run(ask())
    assert calls == ["slow"]
    assert service.odds.get_item("a") == "answer"
    assert (service.in_flight, service.waiters, service.pending, service.started) == ({}, {}, 0,
                                                                                       set())
    assert not service.slots.locked()


def test_setup_key_ignores_dice_and_target(default_doc: dict[str, Any]) -> None:
    base = compute.setup_key(json.dumps(default_doc))
    assert compute.setup_key(json.dumps({**default_doc, "seed": 3, "kick": {"target": [19, 3]}})) == base
    assert compute.setup_key(json.dumps({**default_doc, "weather": "blizzard"})) != base


# --------------------------------------------------------------------------- a turn


NO_KICKOFF_ODDS = ('scenario.phase: "turn": a turn has no kick-off to give the odds of; '
                   "kickoff odds-kick gives the odds of its Kick action")
NO_SETUP = ('scenario.phase: "turn": a turn has no set-up; set-ups are placed before a kick-off '
            '(phase "kickoff")')
#: What each endpoint taking a scenario answers for a turn: the request's other required
#: fields, and the answer (status, JSON).
TURN_ANSWERS: dict[str, tuple[dict[str, Any], int, Any]] = {
    "/api/validate": ({}, 200, {"valid": True, "problems": []}),
    "/api/kick": ({}, 422, {"problems": ['scenario.phase: "turn": a turn has no kick-off to play']}),
    "/api/odds": ({}, 422, {"problems": [NO_KICKOFF_ODDS]}),
    "/api/odds/all": ({}, 422, {"problems": [NO_KICKOFF_ODDS]}),
    "/api/setup/export": ({"side": "home"}, 422, {"problems": [NO_SETUP]}),
    "/api/setup/import": ({"side": "home", "text": json.dumps(
        {"name": "x", "playerPositions": [{"playerNr": 1, "coordinate": [12, 7]}]})},
        422, {"problems": [NO_SETUP]}),
    "/api/suggest": ({}, 422, {"problems": [NO_SETUP]}),
    "/api/decide": ({}, 422, {"problems": [NO_KICKOFF_ODDS]}),
}


def test_every_endpoint_taking_a_scenario_knows_a_turn(client: TestClient) -> None:
    """A phase "turn" scenario (a Kick It! Kick action) is legal, but has no kick-off to play or
    give the odds of, and no set-up to read or place: each endpoint says so, naming
    ``scenario.phase``, rather than answering kick-off odds of its players."""
    spec = client.get("/openapi.json").json()
    taking = set()
    for path, operations in spec["paths"].items():
        for op in operations.values():
            ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get(
                "schema", {}).get("$ref", "")
            if "scenario" in spec["components"]["schemas"].get(ref.split("/")[-1], {}).get(
                    "properties", {}):
                taking.add(path)
    assert taking == set(TURN_ANSWERS)  # a new endpoint taking a scenario: add it above
    turn = json.loads(TURN_CASE.read_text())["scenario"]
    assert turn["phase"] == "turn"
    for path, (extra, status, answer) in TURN_ANSWERS.items():
        response = client.post(path, json={"scenario": turn, **extra})
        found = response.json()
        found["problems"] = texts(found)
        assert (response.status_code, found) == (status, answer), path
    # the phase is checked first: a turn with a target is refused for its phase all the same
    response = client.post("/api/odds", json={"scenario": turn, "target": [19, 7]})
    assert problems(response, 422) == [NO_KICKOFF_ODDS]


def test_a_worker_refuses_a_turn_too() -> None:
    text = json.dumps(json.loads(TURN_CASE.read_text())["scenario"])
    with pytest.raises(ScenarioError) as e:
        compute.odds_job(text, "none", False, (19, 7))
    assert [p.text() for p in e.value.problems] == [NO_KICKOFF_ODDS.removeprefix("scenario.")]
    with pytest.raises(ScenarioError, match=NO_KICKOFF_ODDS.removeprefix("scenario.")):  # no metacharacter
        compute.all_targets_job(text, "none", False, "touchback")


# --------------------------------------------------------------------------- set-up files


def test_export_toml_is_the_builtin_setup(client: TestClient, default_doc: dict[str, Any]) -> None:
    pitch = build_match("bb2020", None, None, None, None, "home").ruleset.pitch
    for side, builtin, kind in (("home", "botbowl_def_zone", "defence"),
                                ("away", "botbowl_off_wedge", "offence")):
        response = client.post("/api/setup/export", json={"scenario": default_doc, "side": side})
        assert response.status_code == 200
        assert response.headers["content-disposition"].startswith("attachment; filename=")
        setup = tomllib.loads(response.text)
        assert setup["kind"] == kind and setup["pitch"] == "eleven"
        assert setup["positions"] == load_setup(builtin, pitch)[1].positions


def test_export_fumbbl(client: TestClient, default_doc: dict[str, Any]) -> None:
    pitch = build_match("bb2020", None, None, None, None, "home").ruleset.pitch
    wedge = {int(k): tuple(v) for k, v in load_setup("botbowl_off_wedge", pitch)[1].positions.items()}
    xml = client.post("/api/setup/export", json={"scenario": default_doc, "side": "away",
                                                 "format": "fumbbl-xml"})
    assert xml.headers["content-type"].startswith("application/xml")
    assert fumbbl_setup.parse_xml(xml.text).positions == wedge
    js = client.post("/api/setup/export", json={"scenario": default_doc, "side": "away",
                                                "format": "fumbbl-json", "name": "Wedge"})
    assert fumbbl_setup.parse_json(js.text).positions == wedge
    assert fumbbl_setup.parse_json(js.text).name == "Wedge"


def test_export_of_a_fumbbl_extract_uses_the_numbers_of_the_names(
    client: TestClient
) -> None:
    """A scenario of ``kickoff fumbbl extract`` (ids ``p<FUMBBL id>``, names ``Name (Position,
    #7)``) exports its set-up by the jersey numbers its discs show, not one refusal a player."""
    from kickoff.core.state import jersey_number
    from kickoff.formats.fumbbl.replay import extract_kickoffs

    root = Path(__file__).parent.parent.parent
    doc = extract_kickoffs(root / "examples" / "replay_demo.json.gz")[0].scenario
    for side in ("home", "away"):
        r = client.post("/api/setup/export", json={"scenario": doc, "side": side,
                                                   "format": "fumbbl-xml"})
        assert r.status_code == 200, r.text
        placed = {int(jersey_number(p["name"]) or 0) for p in doc["teams"][side]["players"]
                  if p["square"]}
        assert set(fumbbl_setup.parse_xml(r.text).positions) == placed
        assert len(placed) == 11


def test_export_bad_input(client: TestClient, default_doc: dict[str, Any]) -> None:
    doc = copy.deepcopy(default_doc)
    doc["teams"]["home"]["players"][3]["id"] = "thrower"
    found = problems(client.post("/api/setup/export", json={"scenario": doc, "side": "home"}), 422)
    assert found == ["scenario.teams.home.players[3].id: 'thrower' carries no jersey number: "
                     "set-ups name players by number, ids h1..h99 or a name with '#<number>'"]
    doc["teams"]["home"]["players"][3]["name"] = "Thrower (Thrower, #1)"  # h1's number
    found = problems(client.post("/api/setup/export", json={"scenario": doc, "side": "home"}), 422)
    assert found == ["scenario.teams.home.players[3].id: 'h1' and 'thrower' both carry jersey "
                     "number 1: set-ups name players by number"]
    found = problems(client.post("/api/setup/export", json={"scenario": default_doc,
                                                             "side": "middle"}), 422)
    assert found[0].startswith("side: Input should be 'home' or 'away'")
    found = problems(client.post("/api/setup/export", json={"scenario": default_doc,
                                                             "side": "home", "format": "pdf"}), 422)
    assert found[0].startswith("format: Input should be")


def test_export_refuses_a_name_with_a_control_character(client: TestClient,
                                                        default_doc: dict[str, Any]) -> None:
    """A set-up's name with a control character was a 500 (the set-up file's model refused
    it past the request's check): a 422 naming ``name``, as every bad input."""
    answer = client.post("/api/setup/export", json={"scenario": default_doc, "side": "home",
                                                     "format": "fumbbl-xml", "name": "a\x01b"})
    found = problems(answer, 422)
    assert found == ["name: Value error, control character U+0001 at position 1: not allowed "
                     "in a name or text"]


def test_import_takes_a_filename_with_a_control_character(client: TestClient,
                                                          default_doc: dict[str, Any]) -> None:
    """A ``filename`` with a control character was a 500 (it went into the set-up's
    ``source``, whose model refused it): the set-up is placed, the name recorded with a
    space."""
    xml = (DATA / "ffb-setups/setup_orc_BattleLore.xml").read_text()
    answer = client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": xml, "filename": "s\x1b[31m.xml"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["problems"] == []


def test_import_fumbbl_places_a_team(client: TestClient, default_doc: dict[str, Any]) -> None:
    xml = (DATA / "ffb-setups/setup_orc_BattleLore.xml").read_text()  # numbers 1..11
    answer = client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": xml,
        "filename": "setup_orc_BattleLore.xml"}).json()
    doc = answer["scenario"]
    assert answer["problems"] == []
    fs = fumbbl_setup.parse_xml(xml)
    for number, (x, y) in fs.positions.items():
        assert square_of(doc, f"h{number}") == [x, y]
    assert square_of(doc, "h12") is None
    assert doc["teams"]["away"] == default_doc["teams"]["away"]
    # the away team, from the exported wedge: mirrored back onto the same squares
    xml = client.post("/api/setup/export", json={"scenario": default_doc, "side": "away",
                                                 "format": "fumbbl-xml"}).text
    for p in doc["teams"]["away"]["players"]:
        p["square"] = None
    back = client.post("/api/setup/import", json={"scenario": doc, "side": "away", "text": xml})
    assert back.json()["scenario"]["teams"]["away"] == default_doc["teams"]["away"]


def test_import_reports_what_it_cannot_place(client: TestClient, default_doc: dict[str, Any]) -> None:
    xml = (DATA / "ffb-setups/setup_human_Kalimar.xml").read_text()  # a number 15
    answer = client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": xml,
        "filename": "setup_human_Kalimar.xml"}).json()
    assert texts(answer) == [
        "setup_human_Kalimar.xml: positions.15: the team 'Reikland Reavers' has no player number 15",
        "home team: 10 players on the pitch, 11 required (14 available)"]
    text = json.dumps({"name": "x", "playerPositions": [
        {"playerNr": 1, "coordinate": [12, 7]}, {"playerNr": 40, "coordinate": [12, 8]}]})
    answer = client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": text, "filename": "x.json"}).json()
    assert "x.json: positions.40: the team 'Reikland Reavers' has no player number 40" in texts(answer)
    assert any("on the pitch" in p for p in texts(answer))  # one player is not eleven
    assert square_of(answer["scenario"], "h1") == [12, 7]


@pytest.mark.parametrize(("exported", "short"), [("fumbbl-xml", "xml"), ("fumbbl-json", "json")])
def test_import_takes_the_export_s_format_names(client: TestClient, default_doc: dict[str, Any],
                                                exported: str, short: str) -> None:
    """An exported FUMBBL set-up goes back in under the format name the export used, or the
    short one; the name is what is read (a ``.txt`` name alone would mean a botbowl grid)."""
    text = client.post("/api/setup/export", json={"scenario": default_doc, "side": "away",
                                                  "format": exported}).text
    emptied = copy.deepcopy(default_doc)
    for p in emptied["teams"]["away"]["players"]:
        p["square"] = None
    for fmt in (exported, short):
        answer = client.post("/api/setup/import", json={
            "scenario": emptied, "side": "away", "text": text, "format": fmt,
            "filename": "wedge.txt"})
        assert answer.status_code == 200, (fmt, answer.text)
        assert answer.json()["problems"] == []
        assert answer.json()["scenario"] == default_doc
    guessed = client.post("/api/setup/import", json={
        "scenario": emptied, "side": "away", "text": text, "filename": "wedge.txt"})
    assert problems(guessed, 422) == ["text: wedge.txt: neither FUMBBL XML nor FUMBBL JSON"]
    other = "fumbbl-json" if exported == "fumbbl-xml" else "fumbbl-xml"
    found = problems(client.post("/api/setup/import", json={
        "scenario": emptied, "side": "away", "text": text, "format": other,
        "filename": "wedge.txt"}), 422)
    assert found[0].startswith("text: wedge.txt: ")
    found = problems(client.post("/api/setup/import", json={
        "scenario": emptied, "side": "away", "text": text, "format": "toml"}), 422)
    assert found[0].startswith("format: Input should be 'auto', 'fumbbl-xml', 'fumbbl-json', "
                               "'xml' or 'json'")


def test_import_bad_input(client: TestClient, default_doc: dict[str, Any]) -> None:
    found = problems(client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": "<teamSetup><player", "filename": "s.xml"}), 422)
    assert found[0].startswith("text: s.xml: ")
    found = problems(client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": "x" * 70_000}), 422)
    assert found[0].startswith("text: String should have at most 65536 characters")
    found = problems(client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": ""}), 422)
    assert found[0].startswith("text: String should have at least 1 character")
    evil = '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><teamSetup name="&b;"/>'
    found = problems(client.post("/api/setup/import", json={
        "scenario": default_doc, "side": "home", "text": evil, "filename": "e.xml"}), 422)
    assert found[0].startswith("text: e.xml: ")


def test_odds_play_the_receiving_coachs_choices(client: TestClient,
                                                default_doc: dict[str, Any]) -> None:
    """``decisions.touchback`` / ``high_kick`` in the scenario are played by the odds, exactly
    as ``kickoff odds --touchback / --high-kick``; other scenarios' caches are not mixed up."""
    from kickoff.core.decisions import Decisions

    receiving = "away" if default_doc["kicking"] == "home" else "home"
    ids = [p["id"] for p in default_doc["teams"][receiving]["players"] if p.get("square")]
    taker = ids[-1]
    doc = copy.deepcopy(default_doc)
    doc["decisions"] = {"touchback": taker, "high_kick": taker}
    body = {"target": [25, 1], "events": "all"}
    chosen = client.post("/api/odds", json={"scenario": doc, **body}).json()
    plain = client.post("/api/odds", json={"scenario": default_doc, **body}).json()
    loaded = load_scenario(parse_scenario(json.dumps(default_doc)))
    expected = KickoffSolver(loaded.state, loaded.ruleset, events="all",
                             house_rules=loaded.house_rules,
                             decisions=Decisions(touchback=taker, high_kick=taker)
                             ).odds(Square(25, 1))
    holders = {h["player"]: Fraction(h["exact"]) for h in chosen["holders"]}
    assert holders == expected.holders
    plain_holders = {h["player"]: Fraction(h["exact"]) for h in plain["holders"]}
    assert holders[taker] > plain_holders.get(taker, Fraction(0))
    assert Fraction(chosen["touchback"]["exact"]) == expected.touchback
