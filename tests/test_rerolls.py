"""Re-rolls as decisions (``core/rolls.py``, ``reroll`` in ``core/coach.py``): every failed
test's re-roll is asked through ``KickoffContext.decide`` with the rule's options; every option
offered is accepted when scripted back (one choice per failed test, in order); a skill re-roll
may be declined; the Leader re-roll is one of its own. The editions' golden cases are in
``tests/data/cases/rerolls``."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from helpers import default_players, player, scenario

from kickoff.core import RULESETS, Decisions, GameState, Player, SeededDice, Team
from kickoff.core.actions.move import move
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn
from kickoff.formats.scenario import load_scenario, parse_scenario, replay_text

#: The free turn of each ruleset (classic Blitz!, bb2020 / Sevens Blitz, bb2025 Charge!).
FREE_TURN = {"classic": "blitz", "bb2020": "blitz", "bb2025": "charge", "sevens": "blitz"}
#: A path from (8,7) past two markers (Dodges) and beyond MA 6 (two Rushes), for h1.
PATH = [Square(9, 7), Square(10, 7), Square(11, 7), Square(11, 8), Square(11, 9),
        Square(11, 10), Square(10, 10), Square(9, 10)]
KINDS = ("dodge", "rush")


class Recorder:
    """Records every ``reroll`` decision (its options listed when met) and answers as the
    scripted coach does."""

    def __init__(self) -> None:
        self.met: list[Decision] = []

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "reroll":
            decision.options()
            self.met.append(decision)
        return SCRIPTED.choose(decision)


def _free_turn_move(ruleset: str, seed: int, rerolls: Rerolls, coach: Recorder) -> None:
    """h1 (Dodge, Sure Feet, Pro) moves along :data:`PATH` in the ruleset's free turn, on
    seeded dice; the home team has 2 re-rolls (one of them the Leader's: h2 has Leader)."""
    lineman = {"ma": 6, "st": 3, "ag": 3, "av": 8 if ruleset == "classic" else 9}
    home = [Player("h1", "home", square=Square(8, 7), order=0,
                   skills=frozenset({"dodge", "sure_feet", "pro"}), **lineman),
            Player("h2", "home", square=Square(4, 7), order=1, skills=frozenset({"leader"}),
                   **lineman)]
    away = [Player("a1", "away", square=Square(10, 8), order=2, **lineman),
            Player("a2", "away", square=Square(12, 10), order=3, **lineman)]
    state = GameState(RULESETS[ruleset].pitch,
                      {"home": Team("home", home, rerolls=2, leader_rerolls=1),
                       "away": Team("away", away)})
    ctx = KickoffContext(state, RULESETS[ruleset], SeededDice(seed), Decisions(), log=False,
                         coach=coach)
    rules = RULESETS[ruleset].free_turns[FREE_TURN[ruleset]]
    turn = Turn("home", rules.team_rerolls, rules.once_per_turn_skills_allowed,
                ends_on_fall=rules.ends_on_fall)
    turn.activate("h1", "decisions.blitz[0]")
    move(ctx, turn, state.players["h1"], PATH, rerolls, "decisions.blitz[0]")


@pytest.mark.parametrize("ruleset", sorted(FREE_TURN))
def test_every_reroll_option_offered_in_a_free_turn_is_accepted_when_scripted_back(
        ruleset: str) -> None:
    offered: set[Any] = set()
    for seed in range(60):
        rec = Recorder()
        _free_turn_move(ruleset, seed, Rerolls(), rec)
        for i, d in enumerate(rec.met):
            options = d.options()
            assert options is not None and d.default in options
            earlier = sum(1 for e in rec.met[:i] if e.about == d.about)
            for option in options:
                offered.add(option)
                script = {k: None for k in KINDS}
                script[d.about] = (*([None] * earlier), option)
                again = Recorder()
                _free_turn_move(ruleset, seed, Rerolls(**script), again)
                assert again.met[i].about == d.about
                assert again.met[i].scripted == option
                assert SCRIPTED.choose(again.met[i]) == option
    # classic Blitz! and bb2025 Charge! offer all three; bb2020 / Sevens Blitz neither a team
    # re-roll nor a skill used once per team turn (Dodge, Sure Feet, Pro): no re-roll at all
    expected = {False, "skill", "team"} if ruleset in ("classic", "bb2025") else {False}
    assert offered == expected


def _catch_scenario(ruleset: str, skills: list[str], choices: list[Any],
                    catch: tuple[int, ...] = (1,)) -> dict[str, Any]:
    away = default_players("away", ruleset)
    away[3] = player("a4", [17, 5] if ruleset == "sevens" else [20, 7], ruleset, skills=skills)
    # east 1 onto a4; Get the Ref; the catch's dice; the bounce south-east
    return scenario(ruleset, away=away, dice={"d8": [5, 8], "d6": [1, 1, 1, *catch]},
                    decisions={"catch_reroll": choices}, half=1)


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
def test_a_kickoff_catch_reroll_offered_is_accepted_when_scripted_back(ruleset: str) -> None:
    loaded = load_scenario(parse_scenario(json.dumps(_catch_scenario(ruleset, ["catch"], []))))
    # seeded dice, not the scenario's: the first seed whose kick-off has a failed catch
    catches: list[Decision] = []
    seed = 0
    for seed in range(200):
        rec = Recorder()
        kick_off(loaded.state.clone(), loaded.ruleset, SeededDice(seed), loaded.decisions,
                 log=False, coach=rec)
        catches = [d for d in rec.met if d.about == "catch"]
        if any("skill" in (d.options() or ()) for d in catches):
            break
    k = next(i for i, d in enumerate(catches) if "skill" in (d.options() or ()))
    d = catches[k]  # a4's, the one player with Catch
    assert d.options() == (False, "skill") and d.default == "skill" and d.side == "away"
    assert d.where.startswith(f"decisions.catch_reroll[{k}] (a4 at [")
    for option in d.options() or ():
        again = Recorder()
        kick_off(loaded.state.clone(), loaded.ruleset, SeededDice(seed),
                 replace(loaded.decisions, catch_reroll=(*([None] * k), option)), log=False,
                 coach=again)
        assert SCRIPTED.choose([e for e in again.met if e.about == "catch"][k]) == option


def _replay(doc: dict[str, Any]) -> dict[str, Any]:
    return replay_text(json.dumps(doc))


def test_a_declined_catch_reroll_rolls_no_second_die() -> None:
    taken = _catch_scenario("bb2020", ["catch"], [], catch=(1, 1))
    declined = _catch_scenario("bb2020", ["catch"], [False])
    # taken: the Catch re-roll is the next D6 (1, fails again), then the bounce's D8 8
    assert _replay(taken)["ball"]["square"] == [21, 8]
    rolls = [line["for"] for line in _replay(taken)["log"] if line.get("step") == "roll"]
    assert "Catch re-roll of the catch by a4" in rolls
    rolls = [line["for"] for line in _replay(declined)["log"] if line.get("step") == "roll"]
    assert not any("re-roll" in r for r in rolls)


def test_a_reroll_choice_outside_the_options_names_its_place_as_values() -> None:
    doc = _catch_scenario("bb2020", [], ["team"])
    with pytest.raises(DecisionError) as e:
        _replay(doc)
    (problem,) = e.value.problems
    assert problem.code == "illegal_choice"
    assert problem.players == ("a4",)
    assert problem.squares == (Square(20, 7),)
    assert problem.where == "decisions.catch_reroll[0] (a4 at [20, 7])"
    assert "no team re-roll can be used for the failed catch" in problem.message


def test_the_leader_reroll_is_spent_after_the_drive_extras_and_before_the_ordinary_ones() -> None:
    home = default_players("home", "bb2025")
    home[3] = player("h4", [8, 7], "bb2025")
    home.append(player("h5", [4, 7], "bb2025", skills=["leader"]))
    path = [[8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0], [9, 0]]
    act = {"player": "h4", "action": "move", "path": path, "reroll": {"rush": "team"}}
    doc = scenario("bb2025", home=home, half=1,
                   dice={"d8": [1, 8], "d3": [1], "d6": [1, 5, 5, 1, 4, 1, 4]},
                   decisions={"charge": [act]},
                   teams={"home": {"rerolls": 3, "drive_rerolls": 1, "leader_rerolls": 1}})
    teams = _replay(doc)["teams"]["home"]
    # two team re-rolls: the drive's extra first, then the Leader's; the ordinary one is left
    assert (teams["rerolls"], teams["drive_rerolls"], teams["leader_rerolls"]) == (1, 0, 0)


def test_a_leader_reroll_needs_a_leader_in_the_team() -> None:
    doc = scenario("bb2020", teams={"home": {"rerolls": 1, "leader_rerolls": 1}})
    with pytest.raises(Exception) as e:
        load_scenario(parse_scenario(json.dumps(doc)))
    assert "teams.home.leader_rerolls: a Leader re-roll needs a player with Leader" in str(e.value)
