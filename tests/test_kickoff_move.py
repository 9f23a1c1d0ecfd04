"""The receiving team's kick-off move: classic Kick-Off Return, bb2020 / bb2025 / Sevens On the
Ball (docs/rulings.md, "The kick-off move"). The golden cases in ``data/cases/kickoff_move``
replay the rules with scripted dice; these tests check the messages of illegal choices, the
keys that are ignored, and that the default (nobody moves) is what the odds and ``simulate``
play."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from helpers import assert_invalid, cli, player, run, scenario

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.simulate import Job, simulate
from kickoff.core.errors import DecisionError, ScenarioError
from kickoff.core.pitch import ELEVEN, SEVENS, Square
from kickoff.formats.scenario import load_scenario, parse_scenario, replay_text

# The kick deviates from [19, 7] two squares along +x to the empty [21, 7] (D8 5, D6 2); the
# event is Get the Ref (1+1); the ball bounces to [21, 8] (D8 7). No die for the move itself.
DICE = {"d8": [5, 7], "d6": [2, 1, 1]}
KICK = {"kicker": "h4", "target": [19, 7]}


def _home(ruleset: str) -> list[dict[str, Any]]:
    return [player("h1", [12, 6], ruleset), player("h2", [12, 7], ruleset),
            player("h3", [12, 8], ruleset), player("h4", [8, 7], ruleset)]


def _away(ruleset: str, *extra: dict[str, Any]) -> list[dict[str, Any]]:
    return [player("a1", [13, 6], ruleset), player("a2", [13, 7], ruleset),
            player("a3", [13, 8], ruleset), *extra]


def _doc(ruleset: str, extra: list[dict[str, Any]], decisions: dict[str, Any],
         dice: dict[str, list[int]] | None = None) -> dict[str, Any]:
    return scenario(ruleset, home=_home(ruleset), away=_away(ruleset, *extra), kick=KICK,
                    dice=dice or DICE, decisions=decisions)


def _otb(path: list[list[int]], pid: str = "a4") -> dict[str, Any]:
    return {"on_the_ball": {"player": pid, "path": path}}


RETURNER = player("a4", [18, 7], skills=["on_the_ball"])

ILLEGAL = [
    ("unknown player", [RETURNER], _otb([[19, 7]], "zz"),
     "decisions.on_the_ball.player: no player 'zz' in either team"),
    ("kicking team", [RETURNER], _otb([[9, 7]], "h4"),
     "decisions.on_the_ball (h4 at [8, 7]): h4 is not a player of the receiving team"),
    ("no skill", [player("a4", [18, 7])], _otb([[19, 7]]),
     "decisions.on_the_ball (a4 at [18, 7]): a4 does not have On the Ball"),
    ("marked", [player("a5", [13, 5], skills=["on_the_ball"])], _otb([[14, 5]], "a5"),
     "decisions.on_the_ball (a5 at [13, 5]): a5 is Marked (not Open): only an Open player"),
    ("four squares", [RETURNER], _otb([[19, 7], [20, 7], [21, 7], [22, 7]]),
     "decisions.on_the_ball (a4 at [18, 7]): a path of 4 squares; On the Ball moves up to 3"),
    ("empty path", [RETURNER], _otb([]), "decisions.on_the_ball.path: empty"),
    ("not adjacent", [RETURNER], _otb([[19, 7], [21, 7]]),
     "decisions.on_the_ball.path[1] (a4 from [19, 7]): [21, 7] is not adjacent"),
    ("occupied", [RETURNER, player("a5", [19, 8])], _otb([[19, 7], [19, 8]]),
     "decisions.on_the_ball.path[1] (a4 from [19, 7]): [19, 8] is occupied by a5"),
    ("off the pitch", [player("a4", [25, 7], skills=["on_the_ball"])], _otb([[26, 7]]),
     "decisions.on_the_ball.path[0] (a4 from [25, 7]): [26, 7] is off the pitch"),
    ("other half", [player("a4", [13, 10], skills=["on_the_ball"])], _otb([[13, 9], [12, 9]]),
     "decisions.on_the_ball.path[1] (a4): [12, 9] is in the kicking team's half"),
]


@pytest.mark.parametrize(("extra", "decisions", "message"), [c[1:] for c in ILLEGAL],
                         ids=[c[0] for c in ILLEGAL])
def test_illegal_on_the_ball_is_a_decision_error_naming_key_player_square(
    extra: list[dict[str, Any]], decisions: dict[str, Any], message: str
) -> None:
    # Only the deviation's dice are scripted: the choice is refused before any die of the move.
    doc = _doc("bb2020", extra, decisions, dice={"d8": [5], "d6": [2]})
    with pytest.raises(DecisionError) as e:
        run(doc)
    assert message in str(e.value)
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert_invalid(code, out, err, message)


@pytest.mark.parametrize(("decisions", "message"), [
    ({"kick_off_return": {"player": "a4", "path": [[14, 4]]}},
     "decisions.kick_off_return (a4 at [13, 4]): a player on the Line of Scrimmage may not use"),
    ({"kick_off_return": {"player": "a5", "path": [[14, 12]]}},
     "decisions.kick_off_return (a5 at [13, 11]): a5 is in an opposing tackle zone"),
    ({"kick_off_return": {"player": "a6", "path": [[19, 11]]}},
     "decisions.kick_off_return (a6 at [18, 11]): a Ball & Chain player may not use Kick-Off"),
])
def test_illegal_kick_off_return_names_the_classic_rule(
    decisions: dict[str, Any], message: str
) -> None:
    """classic: not on the Line of Scrimmage (a4, though in no tackle zone), not in an opposing
    tackle zone (a5 in the Wide Zone next to h5), never a Ball & Chain player (LRB6)."""
    skill = ["kick_off_return"]
    home = [*_home("classic"), player("h5", [12, 10], "classic")]
    away = _away("classic", player("a4", [13, 4], "classic", skills=skill),
                 player("a5", [13, 11], "classic", skills=skill),
                 player("a6", [18, 11], "classic", skills=[*skill, "ball_and_chain"]))
    doc = scenario("classic", home=home, away=away, kick=KICK, dice={"d8": [5], "d6": [2]},
                   decisions=decisions)
    with pytest.raises(DecisionError) as e:
        run(doc)
    assert message in str(e.value)


@pytest.mark.parametrize(("ruleset", "key"), [("classic", "on_the_ball"),
                                              ("bb2020", "kick_off_return"),
                                              ("bb2025", "kick_off_return"),
                                              ("sevens", "kick_off_return")])
def test_the_other_editions_key_is_ignored(ruleset: str, key: str) -> None:
    """A key given in a ruleset where its skill does not exist is ignored, even an illegal
    one (scenario-format.md: its moment never comes)."""
    skills = ["kick_off_return" if ruleset == "classic" else "on_the_ball"]
    if ruleset == "sevens":
        doc = scenario("sevens", away=[player("a1", [13, 4]), player("a2", [13, 5]),
                                       player("a3", [13, 6]),
                                       player("a4", [16, 5], skills=skills)],
                       kick={"target": [16, 8]}, dice={"d8": [5, 7], "d6": [2, 1, 1]},
                       decisions={key: {"player": "a4", "path": [[9, 9]]}})
    else:
        doc = _doc(ruleset, [player("a4", [18, 7], ruleset, skills=skills)],
                   {key: {"player": "a4", "path": [[30, 30]]}})
    before = next(p["square"] for p in doc["teams"]["away"]["players"] if p["id"] == "a4")
    result = run(doc)
    assert result["players"]["a4"]["square"] == before
    assert not any(e.get("step") == "kickoff_move" for e in result["log"])


def test_the_move_ignores_ma_and_never_rushes() -> None:
    """"up to 3 squares (regardless of their MA)": an MA 2 player moves 3 squares with no Rush
    die (the script has none for it: the catch takes the last D6, a 4)."""
    doc = _doc("bb2020", [player("a4", [18, 7], ma=2, skills=["on_the_ball"])],
               _otb([[19, 7], [20, 7], [21, 7]]), dice={"d8": [5], "d6": [2, 1, 1, 4]})
    result = run(doc)
    assert result["players"]["a4"]["square"] == [21, 7]
    assert result["ball"]["carrier"] == "a4"
    assert [e["for"] for e in result["log"] if e.get("step") == "roll"][-1].startswith("catch")


def test_the_move_is_logged_between_the_deviation_and_the_event() -> None:
    result = run(_doc("bb2020", [RETURNER], _otb([[19, 6], [20, 5]])))
    steps = [e["step"] for e in result["log"] if e["step"] != "roll"]
    assert steps.index("deviate") < steps.index("kickoff_move") < steps.index("event")
    assert result["players"]["a4"]["square"] == [20, 5]


def _loaded(doc: dict[str, Any]):  # type: ignore[no-untyped-def]
    return load_scenario(parse_scenario(json.dumps(doc)))


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025"])
def test_default_nobody_moves_exact_odds_and_simulate_unchanged(ruleset: str) -> None:
    """With the default (``null``: nobody moves) a player with the skill changes nothing: the
    exact odds, with every event, and a seeded simulation are those of the same set-up without
    the skill; no die is rolled for the move."""
    skill = "kick_off_return" if ruleset == "classic" else "on_the_ball"
    with_skill = _loaded(_doc(ruleset, [player("a4", [18, 7], ruleset, skills=[skill])], {}))
    without = _loaded(_doc(ruleset, [player("a4", [18, 7], ruleset)], {}))
    target = Square(19, 7)
    a = KickoffSolver(with_skill.state, with_skill.ruleset, events="all").odds(target)
    b = KickoffSolver(without.state, without.ruleset, events="all").odds(target)
    assert a.to_json() == b.to_json()
    assert a.holders["a4"] > 0
    ta = simulate(Job(with_skill.state, with_skill.ruleset, target), 300, 11)
    tb = simulate(Job(without.state, without.ruleset, target), 300, 11)
    assert (ta.touchback, ta.holders, ta.ground) == (tb.touchback, tb.holders, tb.ground)


def test_default_replay_rolls_the_same_dice_as_without_the_skill() -> None:
    doc = _doc("bb2020", [RETURNER], {})
    plain = _doc("bb2020", [player("a4", [18, 7])], {})
    rolls = [e for e in run(doc)["log"] if e["step"] == "roll"]
    assert rolls == [e for e in run(plain)["log"] if e["step"] == "roll"]


def test_own_half_of_each_pitch() -> None:
    assert ELEVEN.in_half("away", (13, 0)) and not ELEVEN.in_half("away", (12, 0))
    assert ELEVEN.in_half("home", (12, 14)) and not ELEVEN.in_half("home", (13, 14))
    assert SEVENS.in_half("away", (10, 5)) and not SEVENS.in_half("away", (9, 5))
    assert SEVENS.in_half("home", (9, 5)) and not SEVENS.in_half("home", (10, 5))
    assert not ELEVEN.in_half("home", (-1, 5))


def test_replay_text_refuses_a_path_that_is_not_a_list_of_squares() -> None:
    doc = _doc("bb2020", [RETURNER], {"on_the_ball": {"player": "a4", "path": [[19]]}})
    code, out, err = cli(["replay", "-"], stdin=json.dumps(doc))
    assert_invalid(code, out, err, "decisions.on_the_ball.path[0]")
    with pytest.raises(ScenarioError, match=r"decisions\.on_the_ball\.path"):
        replay_text(json.dumps(doc))


def test_story_tells_the_kick_off_move_in_each_editions_words() -> None:
    from kickoff.cli.render import story

    text = story([
        {"step": "kickoff_move", "skill": "kick_off_return", "player": "a4",
         "path": [[19, 7], [20, 7]]},
        {"step": "kickoff_move", "skill": "on_the_ball", "player": "a5", "path": [[13, 9]]},
        {"step": "kickoff_move_ends", "player": "a5", "why": "fell over; the kick-off goes on"},
    ]).plain
    assert text.splitlines() == [
        "- Kick-Off Return: a4 moves [19, 7] [20, 7]",
        "- On the Ball: a5 moves [13, 9]",
        "- a5's kick-off move ends: fell over; the kick-off goes on",
    ]


def test_each_edition_has_its_own_skill_and_the_later_ones_inherit_bb2020s() -> None:
    from kickoff.core.rulesets import BB2020, BB2025, CLASSIC, SEVENS

    assert CLASSIC.kickoff_move is not None and BB2020.kickoff_move is not None
    assert BB2025.kickoff_move is not None
    assert (CLASSIC.kickoff_move.skill, CLASSIC.kickoff_move.los_barred) == ("kick_off_return", True)
    assert (BB2020.kickoff_move.skill, BB2020.kickoff_move.los_barred) == ("on_the_ball", False)
    assert BB2020.kickoff_move is SEVENS.kickoff_move
    # bb2025 changes only one thing: "the usual rules for a Move Action", MA counts (issue 25)
    assert replace(BB2025.kickoff_move, uses_ma=False) == BB2020.kickoff_move
    assert [rs.kickoff_move.uses_ma for rs in (CLASSIC, BB2020, BB2025)] == [False, False, True]
    for rs in (CLASSIC, BB2020, BB2025, SEVENS):
        assert rs.kickoff_move is not None and rs.kickoff_move.skill in rs.skills
        assert rs.kickoff_move.squares == 3
