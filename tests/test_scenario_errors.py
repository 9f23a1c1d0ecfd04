"""Every error class of the ``kickoff-scenario/1`` input format (scenario-format.md).

"Unknown keys, wrong types and impossible values are rejected with a message that names the key
path"; the replay command exits 1 with the message on stderr and nothing on stdout. Each case is
checked twice: through the Python API (``replay_text``, the exception class and message) and
through ``kickoff replay -`` (exit code, streams).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from helpers import assert_invalid, cli, default_players, player, run, scenario

from kickoff.core.errors import (
    DecisionError,
    DiceError,
    KickoffError,
    ScenarioError,
    SetupError,
)

Doc = dict[str, Any]


def without(doc: Doc, *path: str | int) -> Doc:
    """``doc`` with the key at ``path`` removed."""
    doc = copy.deepcopy(doc)
    node: Any = doc
    for part in path[:-1]:
        node = node[part]
    del node[path[-1]]
    return doc


def with_(doc: Doc, value: Any, *path: str | int) -> Doc:
    """``doc`` with ``value`` set at ``path``."""
    doc = copy.deepcopy(doc)
    node: Any = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return doc


def classic_scripted() -> Doc:
    """A classic kick-off that uses exactly d8 [7, 5] and d6 [3, 1, 1, 4]
    (the public case classic-kickoff-bounce-then-catch: Get the Ref, a bounce, a catch)."""
    home = [player(f"h{i + 1}", sq, "classic")
            for i, sq in enumerate([[12, 5], [12, 7], [12, 9], [6, 7]])]
    away = [player(f"a{i + 1}", sq, "classic")
            for i, sq in enumerate([[13, 5], [13, 7], [13, 9], [21, 7]])]
    return scenario("classic", home=home, away=away, kick={"kicker": "h4", "target": [20, 4]},
                    dice={"d8": [7, 5], "d6": [3, 1, 1, 4]})


def with_player(ruleset: str = "bb2020", side: str = "home", **kw: Any) -> Doc:
    """The default scenario whose 4th player of ``side`` has the overrides ``kw``."""
    players = default_players(side, ruleset)
    players[3].update(kw)
    return scenario(ruleset, seed=1, **{side: players})


S = scenario  # short

# (id, document builder, exception class, substrings of the message)
CASES: list[tuple[str, Callable[[], Any], type[KickoffError], list[str]]] = [
    # ---- unknown keys
    ("unknown-top-level-key", lambda: S(seed=1, colour="red"), ScenarioError,
     ["colour", "unknown key"]),
    ("unknown-team-key", lambda: S(seed=1, teams={"away": {"coach": "Bob"}}), ScenarioError,
     ["teams.away.coach", "unknown key"]),
    ("unknown-player-key", lambda: with_player(side="away", nickname="Zed"), ScenarioError,
     ["teams.away.players[3].nickname", "unknown key"]),
    ("unknown-decision-key", lambda: S(seed=1, decisions={"kickoff_return": "a4"}),
     ScenarioError, ["decisions.kickoff_return", "unknown key"]),
    ("unknown-kick-key", lambda: S(seed=1, kick={"kicker": "h4", "aim": [19, 7]}),
     ScenarioError, ["kick.aim", "unknown key"]),
    ("unknown-option", lambda: S(seed=1, options={"fast": True}), ScenarioError,
     ["options.fast", "unknown key"]),
    ("unknown-dice-kind", lambda: S(dice={"d7": [1]}), ScenarioError, ["dice.d7"]),
    ("unknown-quick-snap-key", lambda: S(seed=1, decisions={"quick_snap": [
        {"player": "a1", "to": [14, 6], "why": "x"}]}), ScenarioError,
     ["decisions.quick_snap[0].why", "unknown key"]),
    # ---- wrong types
    ("ma-true", lambda: with_player(ma=True), ScenarioError, ["teams.home.players[3].ma"]),
    ("st-string", lambda: with_player(side="away", st="3"), ScenarioError,
     ["teams.away.players[3].st"]),
    ("ma-float", lambda: with_player(ma=6.5), ScenarioError, ["teams.home.players[3].ma"]),
    ("rerolls-true", lambda: S(seed=1, teams={"home": {"rerolls": True}}), ScenarioError,
     ["teams.home.rerolls"]),
    ("turn-string", lambda: S(seed=1, teams={"away": {"turn": "0"}}), ScenarioError,
     ["teams.away.turn"]),
    ("square-coordinate-true", lambda: with_player(square=[True, 7]), ScenarioError,
     ["teams.home.players[3].square"]),
    ("square-three-numbers", lambda: with_player(square=[8, 7, 1]), ScenarioError,
     ["teams.home.players[3].square"]),
    ("seed-true", lambda: S(seed=True), ScenarioError, ["seed"]),
    ("seed-string", lambda: S(seed="5"), ScenarioError, ["seed"]),
    ("use-kick-skill-int", lambda: S(seed=1, decisions={"use_kick_skill": 1}), ScenarioError,
     ["decisions.use_kick_skill"]),
    ("players-not-a-list", lambda: S(seed=1, teams={"home": {"players": {}}}), ScenarioError,
     ["teams.home.players"]),
    ("dice-value-string", lambda: S(dice={"d6": ["six"]}), ScenarioError, ["dice.d6[0]"]),
    ("skills-not-a-list", lambda: with_player(skills="kick"), ScenarioError,
     ["teams.home.players[3].skills"]),
    ("document-not-an-object", lambda: [1, 2], ScenarioError, ["object"]),
    # ---- missing required keys
    ("missing-format", lambda: without(S(seed=1), "format"), ScenarioError,
     ["format", "missing"]),
    ("missing-ruleset", lambda: without(S(seed=1), "ruleset"), ScenarioError,
     ["ruleset", "missing"]),
    ("missing-teams", lambda: without(S(seed=1), "teams"), ScenarioError, ["teams", "missing"]),
    ("missing-away-team", lambda: without(S(seed=1), "teams", "away"), ScenarioError,
     ["teams.away", "missing"]),
    ("missing-players", lambda: without(S(seed=1), "teams", "home", "players"), ScenarioError,
     ["teams.home.players", "missing"]),
    ("missing-player-id", lambda: without(S(seed=1), "teams", "away", "players", 2, "id"),
     ScenarioError, ["teams.away.players[2].id", "missing"]),
    ("missing-player-ma", lambda: without(S(seed=1), "teams", "home", "players", 0, "ma"),
     ScenarioError, ["teams.home.players[0].ma", "missing"]),
    ("missing-player-av", lambda: without(S(seed=1), "teams", "home", "players", 1, "av"),
     ScenarioError, ["teams.home.players[1].av", "missing"]),
    ("missing-kicking", lambda: without(S(seed=1), "kicking"), ScenarioError, ["kicking"]),
    # ---- impossible values
    ("bad-format", lambda: S(seed=1, format="kickoff-scenario/2"), ScenarioError,
     ["format", "kickoff-scenario/2"]),
    ("bad-format-result", lambda: S(seed=1, format="kickoff-result/1"), ScenarioError,
     ["format"]),
    ("unknown-ruleset", lambda: S(seed=1, ruleset="bb2016"), ScenarioError,
     ["ruleset", "bb2016"]),
    ("unknown-house-rule", lambda: S(seed=1, house_rules=["mercy_rule"]), ScenarioError,
     ["house_rules[0]"]),
    ("unknown-weather", lambda: S(seed=1, weather="fog"), ScenarioError, ["weather", "fog"]),
    ("half-3", lambda: S(seed=1, half=3), ScenarioError, ["half"]),
    ("bad-kicking", lambda: S(seed=1, kicking="both"), ScenarioError, ["kicking", "both"]),
    ("bad-phase", lambda: S(seed=1, phase="half_time"), ScenarioError, ["phase"]),
    ("bad-status-name", lambda: with_player(status="asleep"), ScenarioError,
     ["teams.home.players[3].status", "asleep"]),
    ("empty-player-id", lambda: with_player(id=""), ScenarioError,
     ["teams.home.players[3].id"]),
    ("ag-0", lambda: with_player(ag=0), ScenarioError, ["teams.home.players[3].ag"]),
    ("negative-rerolls", lambda: S(seed=1, teams={"home": {"rerolls": -1}}), ScenarioError,
     ["teams.home.rerolls"]),
    ("unknown-prayer", lambda: S(seed=1, teams={"home": {"prayers": ["luck"]}}),
     ScenarioError, ["teams.home.prayers[0]", "luck"]),
    ("drive-rerolls-over-rerolls",
     lambda: S(seed=1, teams={"away": {"rerolls": 1, "drive_rerolls": 1, "half_rerolls": 1}}),
     ScenarioError, ["teams.away.rerolls"]),
    ("square-off-pitch-x", lambda: with_player(side="away", square=[27, 4]), ScenarioError,
     ["teams.away.players[3].square: [27, 4] is off the 26x15 pitch"]),
    ("square-off-pitch-y", lambda: with_player(square=[8, 15]), ScenarioError,
     ["teams.home.players[3].square: [8, 15] is off the 26x15 pitch"]),
    ("square-off-pitch-negative", lambda: with_player(square=[-1, 7]), ScenarioError,
     ["teams.home.players[3].square: [-1, 7] is off the 26x15 pitch"]),
    ("square-off-sevens-pitch-x", lambda: with_player("sevens", "away", square=[20, 5]),
     ScenarioError, ["teams.away.players[3].square: [20, 5] is off the 20x11 pitch"]),
    ("square-off-sevens-pitch-y", lambda: with_player("sevens", "home", square=[3, 11]),
     ScenarioError, ["teams.home.players[3].square: [3, 11] is off the 20x11 pitch"]),
    ("duplicate-id-across-teams", lambda: with_player(side="away", id="h1"), ScenarioError,
     ["teams.away.players[3].id", "'h1'"]),
    ("duplicate-id-same-team", lambda: with_player(id="h2"), ScenarioError,
     ["teams.home.players[3].id", "'h2'"]),
    ("unknown-skill", lambda: with_player(skills=["catch", "flying"]), ScenarioError,
     ["teams.home.players[3].skills[1]", "flying"]),
    ("skill-of-another-edition-classic",
     lambda: with_player("classic", skills=["on_the_ball"]), ScenarioError,
     ["teams.home.players[3].skills[0]", "on_the_ball"]),
    ("skill-of-another-edition-bb2020",
     lambda: with_player("bb2020", skills=["kick_off_return"]), ScenarioError,
     ["teams.home.players[3].skills[0]", "kick_off_return"]),
    ("pooch-kick-without-kick-it", lambda: with_player(skills=["pooch_kick"]), ScenarioError,
     ["teams.home.players[3].skills[0]", "pooch_kick"]),
    ("skill-capitalised", lambda: with_player(skills=["Kick"]), ScenarioError,
     ["teams.home.players[3].skills[0]", "Kick"]),
    ("turn-9-bb2020", lambda: S(seed=1, teams={"home": {"turn": 9}}), ScenarioError,
     ["teams.home.turn", "9"]),
    ("turn-9-bb2025", lambda: S("bb2025", seed=1, teams={"away": {"turn": 9}}), ScenarioError,
     ["teams.away.turn", "9"]),
    ("turn-9-classic", lambda: S("classic", seed=1, teams={"away": {"turn": 9}}),
     ScenarioError, ["teams.away.turn", "9"]),
    ("turn-7-sevens", lambda: S("sevens", seed=1, teams={"away": {"turn": 7}}), ScenarioError,
     ["teams.away.turn", "7"]),
    ("fame-3", lambda: S("classic", seed=1, teams={"home": {"fame": 3}}), ScenarioError,
     ["teams.home.fame"]),
    ("status-reserves-with-square", lambda: with_player(side="away", status="reserves"),
     ScenarioError, ["teams.away.players[3].status", "reserves"]),
    ("status-knocked-out-with-square", lambda: with_player(status="knocked_out"),
     ScenarioError, ["teams.home.players[3].status", "knocked_out"]),
    ("status-prone-without-square",
     lambda: S(seed=1, away=[*default_players("away"), player("a5", None, status="prone")]),
     ScenarioError, ["teams.away.players[4].status", "prone"]),
    ("status-standing-without-square",
     lambda: S(seed=1, home=[*default_players("home"), player("h5", None, status="standing")]),
     ScenarioError, ["teams.home.players[4].status", "standing"]),
    # ---- dice and seed
    ("dice-and-seed", lambda: S(seed=3, dice={"d6": [1]}), ScenarioError, ["seed", "dice"]),
    ("d6-7", lambda: S(dice={"d6": [4, 7]}), ScenarioError, ["dice.d6[1]", "7"]),
    ("d6-0", lambda: S(dice={"d6": [0]}), ScenarioError, ["dice.d6[0]", "0"]),
    ("d8-9", lambda: S(dice={"d8": [9]}), ScenarioError, ["dice.d8[0]", "9"]),
    ("d3-4", lambda: S(dice={"d3": [4]}), ScenarioError, ["dice.d3[0]", "4"]),
    ("d16-17", lambda: S(dice={"d16": [17]}), ScenarioError, ["dice.d16[0]", "17"]),
    ("block-6", lambda: S(dice={"block": [6]}), ScenarioError, ["dice.block[0]", "6"]),
    ("block-unknown-face", lambda: S(dice={"block": ["miss"]}), ScenarioError,
     ["dice.block[0]"]),
    ("pick-0", lambda: S(dice={"pick": [0]}), ScenarioError, ["dice.pick[0]"]),
    ("dice-run-out-d6", lambda: with_(classic_scripted(), [3, 1, 1], "dice", "d6"), DiceError,
     ["dice.d6[3]", "d6"]),
    ("dice-run-out-d8", lambda: with_(classic_scripted(), [7], "dice", "d8"), DiceError,
     ["dice.d8[1]", "d8"]),
    ("dice-empty", lambda: S(dice={}), DiceError, ["dice.d8[0]"]),
    ("dice-left-over-d6", lambda: with_(classic_scripted(), [3, 1, 1, 4, 5], "dice", "d6"),
     DiceError, ["dice.d6[4]", "5"]),
    ("dice-left-over-other-kind", lambda: with_(classic_scripted(), [2], "dice", "d3"),
     DiceError, ["dice.d3[0]"]),
    # ---- kick-off inputs
    ("kicker-not-kicking-team", lambda: S(seed=1, kick={"kicker": "a4"}), ScenarioError,
     ["kick.kicker", "a4"]),
    ("kicker-unknown", lambda: S(seed=1, kick={"kicker": "zz9"}), ScenarioError,
     ["kick.kicker", "zz9"]),
    ("kicker-on-los-with-eligible-kicker", lambda: S(seed=1, kick={"kicker": "h1"}),
     DecisionError, ["kick.kicker", "h1"]),
    ("target-in-kicking-half", lambda: S(seed=1, kick={"target": [12, 7]}), ScenarioError,
     ["kick.target", "[12, 7]"]),
    ("target-in-kicking-half-away", lambda: S(seed=1, kicking="away", kick={"target": [13, 7]}),
     ScenarioError, ["kick.target", "[13, 7]"]),
    ("target-off-pitch", lambda: S(seed=1, kick={"target": [26, 7]}), ScenarioError,
     ["kick.target", "[26, 7]", "off"]),
    ("target-sevens-kicking-third", lambda: S("sevens", seed=1, kick={"target": [6, 5]}),
     ScenarioError, ["kick.target", "[6, 5]"]),
    ("touchback-square-off-pitch", lambda: S(seed=1, decisions={"touchback": [30, 3]}),
     ScenarioError, ["decisions.touchback", "[30, 3]"]),
    ("use-kick-skill-without-skill", lambda: S(seed=1, decisions={"use_kick_skill": True}),
     DecisionError, ["use_kick_skill", "h4"]),
    ("prayer-unknown-skill", lambda: S(seed=1, decisions={"prayer": {"skill": "wings"}}),
     ScenarioError, ["decisions.prayer.skill", "wings"]),
    ("quick-snap-missing-to", lambda: S(seed=1, decisions={"quick_snap": [{"player": "a1"}]}),
     ScenarioError, ["decisions.quick_snap[0].to", "missing"]),
    # ---- options and phase
    ("throw-in-d8-bb2020", lambda: S(seed=1, options={"throw_in_die": "d8"}), ScenarioError,
     ["options.throw_in_die"]),
    ("throw-in-d8-sevens", lambda: S("sevens", seed=1, options={"throw_in_die": "d8"}),
     ScenarioError, ["options.throw_in_die"]),
    ("throw-in-d8-bb2025", lambda: S("bb2025", seed=1, options={"throw_in_die": "d8"}),
     ScenarioError, ["options.throw_in_die"]),
    ("throw-in-unknown", lambda: S("classic", seed=1, options={"throw_in_die": "d6"}),
     ScenarioError, ["options.throw_in_die"]),
    ("prayer-die-16-sevens", lambda: S("sevens", seed=1, options={"prayer_die": 16}),
     ScenarioError, ["options.prayer_die"]),
    ("prayer-die-12", lambda: S(seed=1, options={"prayer_die": 12}), ScenarioError,
     ["options.prayer_die"]),
    ("phase-turn", lambda: S(seed=1, phase="turn"), ScenarioError, ["phase", "turn"]),
]


@pytest.mark.parametrize(("build", "exc", "needles"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_api_raises(build: Callable[[], Any], exc: type[KickoffError],
                    needles: list[str]) -> None:
    doc = build()
    with pytest.raises(exc) as info:
        run(doc)
    message = str(info.value)
    for n in needles:
        assert n in message, (n, message)


@pytest.mark.parametrize(("build", "exc", "needles"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_cli_replay_exit_1(build: Callable[[], Any], exc: type[KickoffError],
                           needles: list[str]) -> None:
    assert_invalid(*cli(["replay", "-"], stdin=json.dumps(build())), *needles)


def test_case_ids_are_unique() -> None:
    ids = [c[0] for c in CASES]
    assert len(ids) == len(set(ids))


# ---------------------------------------------------------------------------- the valid edges
# The limits just inside the ranges must be accepted (so the errors above are about the values).


@pytest.mark.parametrize(
    "doc",
    [
        S(seed=1, teams={"home": {"turn": 8}, "away": {"turn": 8}}),
        S("bb2025", seed=1, teams={"home": {"turn": 8}}),
        S("sevens", seed=1, teams={"away": {"turn": 6}}),
        S("classic", seed=1, teams={"home": {"fame": 2}}),
        S("classic", seed=1, options={"throw_in_die": "d8"}),
        S("classic", seed=1, options={"throw_in_die": "template"}),
        S(seed=1, options={"prayer_die": 8}),
        S(seed=1, options={"prayer_die": 16}),
        S("sevens", seed=1, options={"prayer_die": 8}),
        S(seed=1, weather="nice"),
        S("classic", seed=1, weather="perfect_conditions"),
        S(seed=None),
        S(seed=1, half=2),
        S(seed=1, house_rules=["kick_it"]),
        with_player(skills=["pooch_kick"]) | {"house_rules": ["kick_it"]},
        S(seed=1, teams={"home": {"rerolls": 2, "drive_rerolls": 1, "half_rerolls": 1}}),
        S(seed=1, away=[*default_players("away"), player("a5", None, status="knocked_out")]),
        S(seed=1, away=[*default_players("away"), player("a5", None, status="casualty")]),
        S(seed=1, away=[*default_players("away"), player("a5", None, status="sent_off")]),
        S(seed=1, kick={"target": [13, 0]}),
        S(seed=1, kick={"target": [25, 14]}),
        S(seed=1, kicking="away", kick={"target": [12, 7]}),
        S(seed=1, kicking="away", kick={"target": [0, 0]}),
        S("sevens", seed=1, kick={"target": [7, 5]}),
        S("sevens", seed=1, kicking="away", kick={"target": [12, 5]}),
    ],
    ids=lambda d: json.dumps({k: v for k, v in d.items() if k not in ("teams", "decisions")})
    [:60],
)
def test_valid_edges_are_accepted(doc: Doc) -> None:
    result = run(doc)
    assert result["format"] == "kickoff-result/1"
    assert result["ruleset"] == doc["ruleset"]
    if doc.get("kick", {}).get("target") is not None:
        assert result["target"] == doc["kick"]["target"]
    for side in ("home", "away"):
        if "turn" in doc["teams"][side]:
            # the turn marker is echoed (a Riot / Time Out may move it by one)
            assert abs(result["teams"][side]["turn"] - doc["teams"][side]["turn"]) <= 1


def test_classic_kicker_not_needed_is_null_by_default() -> None:
    """scenario-format.md: classic: kicker null when nobody eligible has Kick."""
    result = run(S("classic", seed=1))
    assert result["kicker"] is None


def test_scripted_reference_scenario_is_valid() -> None:
    """The base of the dice run-out / left-over cases is itself valid: exactly these dice."""
    result = run(classic_scripted())
    assert result["seed"] is None
    assert result["event"]["name"] == "get_the_ref"
    assert result["deviation"]["square"] == [20, 7]
    assert result["ball"] == {"square": [21, 7], "carrier": "a4"}


def test_every_problem_is_listed() -> None:
    doc = S(seed=1)
    doc["colour"] = "red"
    doc["teams"]["home"]["players"][0]["ma"] = True
    doc["teams"]["away"]["players"][1]["st"] = "3"
    with pytest.raises(ScenarioError) as info:
        run(doc)
    msg = str(info.value)
    for n in ("colour", "teams.home.players[0].ma", "teams.away.players[1].st"):
        assert n in msg
    assert len(info.value.problems) == 3


def test_every_ruleset_check_is_listed() -> None:
    doc = S(seed=1, dice={"d6": [7]}, teams={"home": {"turn": 9}})
    doc["teams"]["away"]["players"][3]["square"] = [27, 4]
    doc["teams"]["home"]["players"][2]["skills"] = ["wings"]
    doc["teams"]["away"]["players"][0]["id"] = "h1"
    with pytest.raises(ScenarioError) as info:
        run(doc)
    msg = str(info.value)
    for n in ("teams.home.turn", "teams.away.players[3].square", "teams.home.players[2].skills",
              "teams.away.players[0].id", "seed", "dice.d6[0]"):
        assert n in msg, n
    assert len(info.value.problems) >= 6


def test_setup_error_is_a_kickoff_error_with_problems() -> None:
    home = default_players("home")
    home[3]["square"] = [14, 7]
    with pytest.raises(SetupError) as info:
        run(S(seed=1, home=home))
    assert isinstance(info.value, KickoffError)
    assert any("h4" in p.text() and "[14, 7]" in p.text() for p in info.value.problems)
    # what is wrong is data: the team, the player and his square (the page highlights h4)
    outside = [p for p in info.value.problems if "outside its own half" in p.message]
    assert [(p.where, p.players, p.squares) for p in outside] == [("home team", ("h4",), ((14, 7),))]


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
@pytest.mark.parametrize("given", ["nice", "perfect_conditions"])
def test_fine_weather_either_name_output_in_ruleset_name(ruleset: str, given: str) -> None:
    """scenario-format.md: either name is accepted in any ruleset; the output uses the
    ruleset's own (``nice`` in classic, ``perfect_conditions`` otherwise)."""
    want = "nice" if ruleset == "classic" else "perfect_conditions"
    checked = 0
    for seed in range(40):
        result = run(S(ruleset, seed=seed, weather=given))
        if result["event"] is not None and result["event"]["name"] == "changing_weather":
            continue
        assert result["weather"] == want, seed
        checked += 1
    assert checked >= 20


# --------------------------------------------------------------------------- the target check

#: The one message of a kick target outside the receiving area (eleven-a-side, home kicking).
OUTSIDE = ("[5, 5] is not in the receiving area: with the home team kicking, the target must be "
           "beyond its Line of Scrimmage, x 13..25, y 0..14")
OFF = ("[30, 5] is off the 26x15 pitch: with the home team kicking, the target must be beyond "
       "its Line of Scrimmage, x 13..25, y 0..14")


def test_target_problem_is_one_message_with_its_square() -> None:
    from kickoff.core.kickoff import target_problem
    from kickoff.core.pitch import ELEVEN

    assert target_problem(ELEVEN, "away", (19, 7)) is None
    inside = target_problem(ELEVEN, "away", (5, 5))
    assert inside is not None
    assert (inside.text(), inside.where, inside.squares) == (OUTSIDE, "", ((5, 5),))
    off = target_problem(ELEVEN, "away", (30, 5))
    assert off is not None and off.text() == OFF


@pytest.mark.parametrize(("target", "message"), [([5, 5], OUTSIDE), ([30, 5], OFF)])
def test_every_target_check_says_the_same(target: list[int], message: str) -> None:
    """The scenario's ``kick.target``, ``kickoff run --target`` and ``kickoff odds --target``
    refuse a target outside the receiving area with the same sentence, each naming its key."""
    doc = S(seed=1, kick={"target": target})
    with pytest.raises(ScenarioError) as info:
        run(doc)
    assert [p.text() for p in info.value.problems] == [f"kick.target: {message}"]
    assert info.value.problems[0].squares == (tuple(target),)
    square = f"{target[0]},{target[1]}"
    for command in (["run", "--seed", "1"], ["odds"]):
        code, out, err = cli([*command, "--target", square])
        assert (code, out) == (1, ""), err
        assert f"--target: {message}" in " ".join(err.split()), err


def test_a_key_given_twice_is_refused_naming_its_path(tmp_path: Any) -> None:
    """A hand-edited scenario with a key given twice in one object: ``json.loads`` kept the
    last value and dropped the other, saying nothing (``"kicking": "home", "kicking":
    "away"`` played the away team kicking). It is one message naming the key path, exit 1."""
    from pathlib import Path

    text = Path("examples/scenario.json").read_text()
    twice = text.replace('"kicking": "home"', '"kicking": "home", "kicking": "away"', 1)
    assert twice != text
    path = tmp_path / "twice.json"
    path.write_text(twice)
    assert_invalid(*cli(["replay", str(path)]), f"{path}: kicking: given twice in one object")
    doc = json.loads(text)
    pid = doc["teams"]["away"]["players"][3]["id"]
    inner = text.replace(f'"id": "{pid}"', f'"id": "{pid}", "id": "zz"', 1)
    assert inner != text
    assert_invalid(*cli(["validate", "-"], stdin=inner),
                   "stdin: teams.away.players[3].id: given twice in one object")
    code, out, err = cli(["replay", "examples/scenario.json"])  # the same keys once: played
    assert code == 0 and json.loads(out)["format"] == "kickoff-result/1", err


def test_a_fumbbl_setup_with_a_key_given_twice_is_refused() -> None:
    from kickoff.formats.fumbbl.setup import parse_json

    with pytest.raises(ScenarioError, match=r"s\.json: name: given twice in one object"):
        parse_json('{"name": "a", "name": "b", "playerPositions": []}', "s.json")
