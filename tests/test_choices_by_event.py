"""The choices ``play="best"`` took, grouped by the Kick-off event they were taken under
(issue 24, acceptance 1): ``kickoff.analysis.choices``, ``exact_best.Taken``, ``odds --json``'s
``choices_by_event`` and the CLI's grouped lines."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from helpers import cli

from kickoff.analysis import choices
from kickoff.analysis.exact_best import MOST_CHOICE_LINES, Taken
from kickoff.core.pitch import Square

#: Sevens' default pairing with the events and both coaches at their best, the Blitz! searched:
#: the receivers' best High Kick player and the kicking coach's Blitz! plan both beat the
#: defaults there.
SEVENS = ["odds", "--ruleset", "sevens", "--events", "all", "--play", "best",
          "--plan-budget", "4"]


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
    assert [(g["event"], g["name"]) for g in doc] == [
        (None, "The kick (before the Kick-off event)"), ("high_kick", "High Kick"),
        ("any", "Any event (where the ball comes down)")]
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
    assert "The free moves searched (best plan found, --plan-budget):" in flat
