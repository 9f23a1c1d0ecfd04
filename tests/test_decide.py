"""``kickoff decide`` (kickoff.analysis.decide): a kick-off stopped at its High Kick or Blitz!,
every option valued exactly; each value is what ``kickoff odds`` gives with that option
scripted, the ``given`` value the kick-off conditioned on the event, the ranking the chooser's."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import assert_invalid, cli, shared

from kickoff.core.events import high_kick_options
from kickoff.core.pitch import Square
from kickoff.core.rulesets import RULESETS
from kickoff.formats.scenario import load_scenario, parse_scenario

#: Sevens, Skaven kicking to Orcs at [8, 5] (the built-in set-ups).
TEAMS = ["--ruleset", "sevens", "--home", "orc", "--away", "skaven", "--kicking", "away",
         "--target", "8,5"]
#: The kick deviates south-west 2 squares to [6, 7]; 4+6: Blitz!. The dice end there.
BLITZ_DICE = {"d8": [6], "d6": [2, 4, 6]}
#: What the kicking coach did: a1 runs to [7, 7], next to where the kick comes down.
BLITZ_DONE = [{"player": "a1", "action": "move",
               "path": [[12, 4], [11, 4], [10, 5], [9, 6], [8, 7], [7, 7]]}]
#: The kick deviates south 1 square to [8, 6]; 2+3: High Kick. The dice end there.
HIGH_KICK_DICE = {"d8": [7], "d6": [1, 2, 3]}


def _scenario(tmp: Path, name: str, dice: dict[str, list[int]], decisions: dict[str, Any]
              ) -> Path:
    """The built-in Sevens pairing (``kickoff run --save-scenario``) with ``dice`` and
    ``decisions`` instead of its seed."""
    saved = tmp / f"{name}-run.json"
    code, _, err = cli(["run", *TEAMS, "--seed", "1", "--save-scenario", str(saved)])
    assert code == 0, err
    doc = json.loads(saved.read_text())
    del doc["seed"]
    doc["dice"], doc["decisions"] = dice, decisions
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(doc))
    return path


def _decide(*args: str) -> dict[str, Any]:
    code, out, err = cli(["decide", *args, "--json"])
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    return doc


def _odds(path: Path, *args: str) -> Fraction:
    code, out, err = cli(["odds", str(path), *args, "--json"])
    assert code == 0, err
    return Fraction(json.loads(out)["receiving_team_holds"])


@pytest.fixture(scope="module")
def blitz(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("blitz")
    path = _scenario(tmp, "blitz", BLITZ_DICE, {"blitz": BLITZ_DONE})
    return path, _decide(str(path), "--plan-budget", "4")


def test_blitz_reached_and_ranked_for_the_kicking_coach(blitz) -> None:  # type: ignore[no-untyped-def]
    _, doc = blitz
    assert (doc["decision"], doc["kind"], doc["side"]) == ("Blitz!", "blitz", "away")
    assert doc["landing"] == [6, 7] and doc["touchback"] is False
    assert doc["evaluated"] == 4 and doc["budget"] == 4
    values = [Fraction(o["value"]) for o in doc["options"]]
    assert values == sorted(values)  # receiver-holds: the kicking coach wants it low
    assert "Blitz!: nobody acts" in [o["text"] for o in doc["options"]]
    assert values[0] < Fraction(doc["options"][-1]["value"])  # the search found a better plan
    played = [o for o in doc["options"] if o["scripted"]]
    assert played == [doc["played"]]
    assert played[0]["text"] == "Blitz!: a1 to [7, 7]"
    assert played[0]["decisions"] == {"blitz": BLITZ_DONE}
    best = doc["options"][0]
    assert doc["line"] == (f"Blitz!: best plan {best['text'].removeprefix('Blitz!: ')} (P = "
                           f"{float(Fraction(best['given'])) * 100:.2f}%); what you did: a1 to "
                           f"[7, 7] (P = {float(Fraction(played[0]['given'])) * 100:.2f}%)")
    assert doc["applied"]["ruleset"] == "sevens" and doc["applied"]["play"] == "defaults"


def test_each_blitz_option_is_what_odds_gives_with_it_scripted(blitz, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path, doc = blitz
    base = json.loads(path.read_text())
    for i, option in enumerate(doc["options"]):
        scripted = tmp_path / f"option{i}.json"
        scripted.write_text(json.dumps({**base, "decisions": option["decisions"]}))
        assert _odds(scripted, "--scenario-moves") == Fraction(option["value"]), option["text"]
    assert _odds(path) == Fraction(next(o["value"] for o in doc["options"]
                                        if o["text"] == "Blitz!: nobody acts"))


def test_given_is_the_kick_off_conditioned_on_the_blitz(blitz) -> None:  # type: ignore[no-untyped-def]
    _, doc = blitz
    ways = sum(6 - abs(total - 7) for total, e in RULESETS["sevens"].kickoff_table.items()
               if e.name == "blitz")
    p_blitz = Fraction(ways, 36)
    first, *others = doc["options"]
    for o in others:  # with play defaults the other events' part is the same for every plan
        assert (Fraction(o["value"]) - Fraction(first["value"])
                == p_blitz * (Fraction(o["given"]) - Fraction(first["given"])))
    assert all(0 < Fraction(o["given"]) < 1 for o in doc["options"])


def test_high_kick_every_option_is_odds_with_it(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "high", HIGH_KICK_DICE, {"high_kick": "h2"})
    doc = _decide(str(path), "--at", "high_kick")
    assert (doc["decision"], doc["side"], doc["budget"]) == ("High Kick", "home", None)
    loaded = load_scenario(parse_scenario(path.read_text()))
    expected = high_kick_options(loaded.state, Square(8, 6), False)
    assert sorted(o["decisions"]["high_kick"] or "" for o in doc["options"]) == sorted(
        pid or "" for pid in expected)
    assert len(expected) > 2
    values = [Fraction(o["value"]) for o in doc["options"]]
    assert values == sorted(values, reverse=True)  # the receivers want it high
    for o in doc["options"]:
        pid = o["decisions"]["high_kick"]
        assert _odds(path, *(["--high-kick", pid] if pid else [])) == Fraction(o["value"]), pid
    assert doc["played"]["decisions"] == {"high_kick": "h2"}
    assert doc["line"].startswith("High Kick: best ")
    assert "; what you did: h2 placed under the ball at [8, 6] (P = " in doc["line"]


def test_terminal_answer_has_the_header_the_table_and_the_pitch(blitz) -> None:  # type: ignore[no-untyped-def]
    path, doc = blitz
    code, out, err = cli(["decide", str(path), "--plan-budget", "4", "--pitches", "1"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "sevens kick-off, away team kicking"
    assert "Play: defaults" in out and "Events: all" in out
    assert "Decision: Blitz! (Kick-off table 4+6), the kicking team's (away)" in out
    assert "a1 to [7, 7] (what you did)" in out
    assert out.count("    0  1  2  3") == 2  # the best plan's pitch and what he did
    assert " ".join(out.split()).endswith(" ".join(doc["line"].split()))  # the last line(s)


@pytest.mark.parametrize(("args", "needle"), [
    (["--at", "high_kick"], "reaches no High Kick (its Kick-off event: Blitz!)"),
    (["--at", "quick_snap"], "reaches no Quick Snap"),
])
def test_another_decision_is_one_message(blitz, args: list[str], needle: str) -> None:  # type: ignore[no-untyped-def]
    path, _ = blitz
    code, out, err = cli(["decide", str(path), *args])
    assert_invalid(code, out, err, needle, str(path))


def test_bad_input_is_one_message(tmp_path: Path) -> None:
    high = _scenario(tmp_path, "high", HIGH_KICK_DICE, {})
    assert_invalid(*cli(["decide", str(high), "--play", "best"]), "play defaults")
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": ")
    assert_invalid(*cli(["decide", str(broken)]), str(broken))
    short = _scenario(tmp_path, "short", {"d8": [6], "d6": [2]}, {})
    assert_invalid(*cli(["decide", str(short)]), str(short))
    code, _, err = cli(["decide", str(high), "--plan-budget", "0"])
    assert code == 2 and "--plan-budget" in err


def test_a_fumbbl_solid_defence_what_the_coach_did_is_odds_with_his_moves(tmp_path: Path) -> None:
    """A real kick-off from ``kickoff fumbbl extract`` (game 1902267, its second kick-off: a
    Solid Defence whose coach moved four players): his moves are one of the options, valued
    as ``kickoff odds --scenario-moves`` values the extracted file."""
    replay = shared() / "1902267.json.gz"
    code, _, err = cli(["fumbbl", "extract", str(replay), "--out", str(tmp_path)])
    assert code == 0, err
    path = tmp_path / "1902267-ko2.json"
    doc = _decide(str(path), "--plan-budget", "2")
    assert (doc["decision"], doc["side"]) == ("Solid Defence", "home")
    scenario = json.loads(path.read_text())
    moved = doc["played"]["decisions"]["solid_defence"]
    assert moved == scenario["decisions"]["solid_defence"] and len(moved) == 4
    assert _odds(path, "--scenario-moves") == Fraction(doc["played"]["value"])
    assert _odds(path) == Fraction(next(o["value"] for o in doc["options"]
                                        if o["text"] == "Solid Defence: nobody moves"))


def test_a_turn_scenario_has_no_decision() -> None:
    assert_invalid(*cli(["decide", "examples/turn.json"]), "examples/turn.json: phase: a "
                   "\"turn\" scenario has no kick-off decision")


def test_scenario_moves_needs_a_file_and_no_plan_search() -> None:
    code, _, err = cli(["odds", "--scenario-moves"])
    assert code == 2 and "--scenario-moves needs a scenario FILE" in err
    code, _, err = cli(["odds", "examples/blitz.json", "--scenario-moves", "--play", "best",
                        "--plan-budget", "2"])
    assert code == 2 and "one or the other" in err


def test_a_scenario_without_dice_or_seed_is_refused_as_the_web_does(tmp_path: Path) -> None:
    """Without dice or a seed the kick-off would be replayed from a new seed, never said: some
    runs answered a decision nobody can reproduce, others named an event the file never had.
    ``POST /api/decide`` refuses it (422 naming ``scenario.seed``); the command the same way."""
    doc = json.loads(Path("examples/blitz.json").read_text())
    del doc["dice"]
    path = tmp_path / "nodice.json"
    path.write_text(json.dumps(doc))
    assert_invalid(*cli(["decide", str(path)]),
                   f"{path}: seed: give the dice or the seed the kick-off was played from")
    doc["seed"] = 7  # a seed is enough: the dice it rolls reach whatever they reach
    path.write_text(json.dumps(doc))
    code, _, err = cli(["decide", str(path), "--json", "--plan-budget", "1"])
    assert code in (0, 1) and "give the dice or the seed" not in err


def test_the_landing_says_when_the_scenario_kicked_otherwise_than_the_header(
        tmp_path: Path) -> None:
    """The header names the Kick the values apply (the default: when the kicker has it), but
    the landing is the scenario's own kick's (its ``decisions.use_kick_skill``, the format's
    default without Kick): without a word the two contradicted each other ("Kicker h8: uses
    Kick", the kick down where a kick without Kick comes down). The line says which kick."""
    doc = json.loads(Path("examples/blitz.json").read_text())
    del doc["decisions"]["use_kick_skill"]
    path = tmp_path / "nokick.json"
    path.write_text(json.dumps(doc))
    code, out, err = cli(["decide", str(path), "--plan-budget", "1"])
    assert code == 0, err
    assert "Kicker h8: uses Kick (the default when he has it" in out
    assert ("  The kick comes down at [17, 9]\n  (the scenario's kick, without Kick: its "
            "decisions.use_kick_skill)\n") in out
    code, out, err = cli(["decide", "examples/blitz.json", "--plan-budget", "1"])
    assert code == 0, err
    assert "  The kick comes down at [18, 8]\nObjective:" in out  # the same kick: no word
