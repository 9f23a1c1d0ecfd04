"""kickoff.formats.match: named teams and set-ups as a checked state and as a scenario document,
and one team's set-up read out of a scenario or placed into it (what the web app builds on)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kickoff.analysis import KickoffSolver
from kickoff.core.errors import ScenarioError
from kickoff.core.pitch import SIDES
from kickoff.formats.match import build_match, match_scenario, scenario_setup, with_setup
from kickoff.formats.scenario import load_scenario, parse_scenario
from kickoff.formats.teams import as_drawn, load_setup

RULESETS = ("classic", "bb2020", "bb2025", "sevens")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kicking", SIDES)
def test_scenario_document_is_the_same_match(ruleset: str, kicking: Any) -> None:
    match = build_match(ruleset, None, None, None, None, kicking)
    doc, problems = match_scenario(ruleset, None, None, None, None, kicking)
    assert problems == []
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    for side in SIDES:
        ours = {p.id: (p.square, p.status, p.ma, p.st, p.ag, p.av, p.skills)
                for p in loaded.state.teams[side].players}
        theirs = {p.id: (p.square, p.status, p.ma, p.st, p.ag, p.av, p.skills)
                  for p in match.state.teams[side].players}
        assert ours == theirs
    target = match.state.pitch.centre[match.state.receiving]
    a = KickoffSolver(match.state, match.ruleset, events="none").odds(target)
    b = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(target)
    assert (a.touchback, a.holders, a.ground) == (b.touchback, b.holders, b.ground)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_setup_out_and_back_in(ruleset: str) -> None:
    doc, _ = match_scenario(ruleset, None, None, None, None, "away")
    sc = parse_scenario(json.dumps(doc))
    for side in SIDES:
        setup = scenario_setup(sc, side)
        assert setup.kind == ("defence" if side == "away" else "offence")
        emptied = json.loads(json.dumps(doc))
        for p in emptied["teams"][side]["players"]:
            p["square"] = None
        placed, problems = with_setup(emptied, side, ("s", setup))
        assert problems == []
        assert placed == doc


def test_setup_is_drawn_as_the_home_team() -> None:
    doc, _ = match_scenario("bb2020", None, None, None, None, "home")
    pitch = build_match("bb2020", None, None, None, None, "home").ruleset.pitch
    wedge = load_setup("botbowl_off_wedge", pitch)[1]
    assert scenario_setup(parse_scenario(json.dumps(doc)), "away").positions == wedge.positions
    assert as_drawn("away", (12, 7), pitch) == (13, 7)
    assert as_drawn("away", as_drawn("away", (3, 2), pitch), pitch) == (3, 2)
    assert as_drawn("home", (3, 2), pitch) == (3, 2)


def test_players_without_jersey_numbers() -> None:
    doc, _ = match_scenario("bb2020", None, None, None, None, "home")
    doc["teams"]["away"]["players"][0]["id"] = "h1x"
    doc["teams"]["away"]["players"][1]["id"] = "a0"
    with pytest.raises(ScenarioError) as e:
        scenario_setup(parse_scenario(json.dumps(doc)), "away")
    assert [p.text().split(":")[0] for p in e.value.problems] == [
        "teams.away.players[0].id", "teams.away.players[1].id"]


def test_placing_keeps_the_unavailable_out() -> None:
    doc, _ = match_scenario("bb2020", None, None, None, None, "home")
    pitch = build_match("bb2020", None, None, None, None, "home").ruleset.pitch
    h14 = doc["teams"]["home"]["players"][13]
    assert h14["id"] == "h14"
    h14["status"] = "knocked_out"
    placed, problems = with_setup(doc, "home", load_setup("botbowl_def_zone", pitch))
    assert problems == []
    assert placed["teams"]["home"]["players"][13]["status"] == "knocked_out"
    assert placed["teams"]["home"]["players"][13]["square"] is None

