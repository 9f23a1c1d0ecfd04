"""The choices ``play="best"`` took, grouped by the Kick-off event they were taken under
(issue 24, acceptance 1): ``kickoff.analysis.choices``, ``exact_best.Taken``, ``odds --json``'s
``choices_by_event`` and the CLI's grouped lines."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from helpers import cli, player, scenario
from test_play_best import AWAY, HOME, _divers, _loaded

from kickoff.analysis import choices
from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact.best import MOST_CHOICE_LINES, Taken
from kickoff.analysis.exact.chance import enumerate_runs
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import end_value
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.kickoff import landing_state, roll_event
from kickoff.core.pitch import Square

#: Sevens' default pairing with the events and both coaches at their best, the Blitz! searched:
#: the receivers' best High Kick player and the kicking coach's Blitz! plan both beat the
#: defaults there.
SEVENS = ["odds", "--ruleset", "sevens", "--events", "all", "--play", "best",
          "--plan-budget", "4", "--no-plan-resetups"]


def _json() -> dict[str, Any]:
    code, out, err = cli([*SEVENS, "--json"])
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def test_taken_groups_by_event_with_a_cap_per_event() -> None:
    taken = Taken()
    taken.before.append("Kicker: h3, Kick used")
    for i in range(MOST_CHOICE_LINES + 2):  # more kick-off moves than one event shows
        taken.add(f"On the Ball: a{i} to [17, 6]", Square(17, i), Fraction(1, 100 + i))
    taken.add("High Kick: a7 moves under the ball", Square(20, 7), Fraction(1, 1000),
              "high_kick")
    taken.add("Diving Catch: a2 (the kicking coach's best)", Square(16, 5), Fraction(1, 50),
              choices.ANY_EVENT, "kicking")
    got = taken.choices(["a1"])
    assert got[0] == choices.Choice(None, "kicking", "Kicker: h3, Kick used")
    # the High Kick choice, the least likely of all, is not summed away with the moves' rest
    assert [c.text for c in got if c.event == "high_kick"] == [
        "High Kick: a7 moves under the ball (landing [20, 7], 0.1% of kicks)"]
    kick = [c for c in got if c.event is None]
    assert len(kick) == 1 + MOST_CHOICE_LINES + 1 and kick[-1].coach is None
    assert kick[-1].text == f"2 more choices ({float(Fraction(1, 106) + Fraction(1, 107)):.1%} of kicks)"
    assert [(c.coach, c.text) for c in got if c.event == choices.ANY_EVENT] == [
        ("kicking", "Diving Catch: a2 (the kicking coach's best) (landing [16, 5], 2.0% of kicks)"),
        ("receiving", "Touchback: to a1")]
    assert taken.lines(["a1"]) == [c.text for c in got]
    doc = choices.by_event(got)
    assert [(g["event"], g["name"], g["events"]) for g in doc] == [
        (None, "The kick (before the Kick-off event)", []),
        ("high_kick", "High Kick", ["high_kick"]),
        ("any", "Every event (where the ball comes down)", [])]
    assert doc[1]["choices"] == [{"coach": "receiving", "choice": got[-3].text}]


def test_odds_json_names_each_events_best_choice() -> None:
    doc = _json()
    groups = {g["event"]: g for g in doc["choices_by_event"]}
    # at least two events where a coach's best differs from the default
    assert {"high_kick", "blitz"} <= set(groups)
    high = groups["high_kick"]
    assert high["name"] == "High Kick" and high["choices"]
    assert all(c["coach"] == "receiving" for c in high["choices"])
    # the High Kick group is exactly the High Kick lines of decisions_taken, in their order
    assert [c["choice"] for c in high["choices"]] == [
        line for line in doc["decisions_taken"] if line.startswith("High Kick: ")]
    assert sum(len(g["choices"]) for g in doc["choices_by_event"]) == (
        len(doc["decisions_taken"]) + len(doc["plans"]["events"]))
    blitz, = groups["blitz"]["choices"]
    plan = doc["plans"]["events"]["blitz"]
    assert groups["blitz"]["name"] == "Blitz!" and blitz["coach"] == "kicking"
    assert blitz["choice"].startswith(plan["plan"].removeprefix("Blitz!: ") + " (best plan found")
    # the plan's value is the exact odds with it scripted, and beats the default for its coach
    assert Fraction(plan["value"]) == Fraction(doc["receiving_team_holds"])
    assert Fraction(plan["value"]) < Fraction(plan["nobody"])
    assert f"{float(Fraction(plan['value'])):.4f}" in blitz["choice"]


def test_odds_table_prints_the_choices_per_event() -> None:
    doc = _json()
    code, out, err = cli(SEVENS)
    assert code == 0, err
    flat = " ".join(out.split())
    for group in doc["choices_by_event"]:
        said = " ".join(
            f"- {c['coach']} coach: {c['choice'].removeprefix(group['name'] + ': ')}"
            for c in group["choices"])
        assert f"- {group['name']}: {' '.join(said.split())}" in flat
    assert "Blitz! / Charge!: nobody acts" not in flat  # the search replaced that default
    assert "The free moves searched (best plan found; --plan-budget 4, given, 0: off;" in flat


# ------------------------------------------------ the events that share a choice (issue 24)

def test_events_key_names_the_events_in_the_tables_order() -> None:
    table = ("get_the_ref", "riot", "blitz", "pitch_invasion")
    assert choices.events_key({"pitch_invasion", "riot"}, table) == "riot+pitch_invasion"
    assert choices.events_key({"blitz"}, table) == "blitz"
    assert choices.events_key(set(table), table) == choices.ANY_EVENT  # every event
    assert choices.events_key(None, table) == choices.ANY_EVENT  # not known
    assert choices.events_key({"riot", choices.ANY_EVENT}, table) == choices.ANY_EVENT
    assert choices.events_key(set(), None) == choices.NO_EVENT  # the events off
    assert choices.event_name("riot+pitch_invasion+high_kick") == "Riot, Pitch Invasion, High Kick"
    assert choices.events_of("riot+pitch_invasion") == ["riot", "pitch_invasion"]
    taken = Taken()
    taken.add("Diving Catch: a2 (the receiving coach's best)", Square(16, 5), Fraction(1, 50),
              "riot+pitch_invasion")
    taken.add("Diving Catch: a2 (the receiving coach's best)", Square(16, 5), Fraction(1, 40),
              "blitz")  # the same line under another group: its own line, its own mass
    got = taken.choices(["a1", "a4", "a5"], {"a1": "blitz", "a4": "riot+pitch_invasion",
                                             "a5": "blitz"})
    assert [(c.event, c.text) for c in got] == [
        ("blitz", "Diving Catch: a2 (the receiving coach's best) (landing [16, 5], 2.5% of kicks)"),
        ("riot+pitch_invasion",
         "Diving Catch: a2 (the receiving coach's best) (landing [16, 5], 2.0% of kicks)"),
        ("blitz", "Touchback: to a1, a5 (by the event's world)"),
        ("riot+pitch_invasion", "Touchback: to a4")]
    assert [(g["event"], g["name"], g["events"]) for g in choices.by_event(got)] == [
        ("blitz", "Blitz!", ["blitz"]),
        ("riot+pitch_invasion", "Riot, Pitch Invasion", ["riot", "pitch_invasion"])]


def _deep_default() -> tuple[Any, Any]:
    """bb2020, the first receiving player deep in his half (test_play_best's set-up): for
    distance, the touchback's best taker is another, and who it is depends on the world the
    event left (Pitch Invasion and Officious Ref knock receivers down)."""
    away = [player("a5", [24, 4]), *[p for p in AWAY if p["id"] != "a5"]]
    return _loaded(scenario(home=HOME, away=away))


def _takers_by_event(state: Any, rs: Any) -> dict[str, set[str]]:
    """Brute force: every outcome of the Kick-off event played by the rules (``roll_event``,
    its dice enumerated, nothing lumped), and in each world the touchback's best taker for
    distance over every able player (ties to the first, the default), valued directly: each
    taker that beats the default, with the events whose outcomes chose him."""
    def run(dice: Any) -> tuple[str, Any]:
        world = state.clone()
        event = roll_event(KickoffContext(world, rs, dice, Decisions(), frozenset(), log=False))
        return event.name, world

    x = state.pitch.end_zone_x(state.receiving)
    sides = {p.id: p.side for p in state.players.values()}
    out: dict[str, set[str]] = {}
    for _, (name, world) in enumerate_runs(run):
        able = ball.touchback_recipients(world)
        values = [end_value(ball.Held(p.id, p.square, True), "distance", state.receiving, x,
                            sides) for p in able]
        best = values.index(max(values))
        if able and best != 0:
            out.setdefault(able[best].id, set()).add(name)
    return out


def test_touchback_takers_are_named_by_the_events_that_choose_them() -> None:
    """Every best taker's line sits under the events whose worlds choose him (brute force over
    the rules' own event outcomes), each taker under exactly one group; none under "any" unless
    every event's worlds choose him."""
    state, rs = _deep_default()
    solver = KickoffSolver(state, rs, play="best", objective="distance", use_kick_skill=False)
    got = {}
    for c in solver.odds(Square(24, 1)).choices:
        if c.text.startswith("Touchback: to "):
            for taker in c.text.removeprefix("Touchback: to ").split(" (")[0].split(", "):
                assert taker not in got
                got[taker] = c.event
    expected = _takers_by_event(state, rs)
    table = choices.table_events(rs)
    assert len(expected) >= 3 and set(got) == set(expected)
    assert {t: choices.events_key(names, table) for t, names in expected.items()} == got
    assert "pitch_invasion" in got.values()  # one event's own choice, named by it


def test_diving_catch_names_the_events_of_its_worlds() -> None:
    """The divers' set-up with the events: each Diving Catch line names the events whose
    worlds took it (``choices.events_key`` of the union of ``_world_events`` over the worlds
    where ``best_dive`` names that line), never "any" for a choice some event never takes."""
    state, rs = _loaded(scenario("bb2020", home=_divers("bb2020")[0],
                                 away=_divers("bb2020")[1]))
    solver = KickoffSolver(state, rs, play="best")
    square = Square(13, 6)
    node = exact_best.diving_node(solver, square)
    assert node is not None
    table = choices.table_events(rs)
    names: dict[str, set[str]] = {}
    for _, kept, _ in solver.worlds():
        world = kept if not isinstance(kept, exact_best.Diff) else exact_best.rebuilt(
            solver.state, kept)
        ctx = solver._context(world, None)
        ctx.landing, ctx.touchback, ctx.scatters = square, False, 0
        _, line, _ = exact_best.best_dive(world, rs, solver.house_rules, landing_state(ctx),
                                          solver._dice(), lambda s, w=world: solver._journey(w, s),
                                          solver._values, True)  # type: ignore[arg-type]
        if line is not None:
            names.setdefault(line, set()).update(solver._world_events[id(kept)])
    assert names and {(line, choices.events_key(n, table)) for line, n in names.items()} == {
        (line, group) for line, _, group in node[1]}
    assert all(group != choices.ANY_EVENT for _, _, group in node[1])
    odds = solver.odds(square)
    dives = [c for c in odds.choices if c.text.startswith("Diving Catch: ")]
    assert {group for _, _, group in node[1]} <= {c.event for c in dives}  # (other landings too)
