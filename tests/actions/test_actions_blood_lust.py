"""Blood Lust in the free turn (issue 25): the roll after declaring an action (classic 2+; bb2020 /
bb2025 Bloodlust (X+) from the player's ``skill_values``, +1 for a Blitz), its re-roll, the bite of
an adjacent Thrall chosen by the coach, and the edition's cost of biting nobody
(docs/actions.md, "Blood Lust")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.blood_lust import blood_lust_target, thirsts
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.decisions import Activation, Rerolls
from kickoff.core.errors import DecisionError, KickoffError
from kickoff.core.pitch import Square
from kickoff.core.state import LOST_TACKLE_ZONE
from kickoff.formats.scenario import replay_text

EVENT = {"classic": ("blitz", None), "bb2020": ("blitz", 4), "bb2025": ("charge", 4)}
SKILL = {"classic": "blood_lust", "bb2020": "bloodlust", "bb2025": "bloodlust"}


def _vampire(ruleset: str, value: int | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"square": (5, 5), "skills": [SKILL[ruleset]]}
    if value is not None:
        spec["skill_values"] = {SKILL[ruleset]: value}
    return spec


def _move(ruleset: str, d6: list[int], *, bite: str | bool | None = None,
          thralls: dict[str, tuple[int, int]] | None = None, value: int | None = None,
          reroll: Rerolls | None = None, rerolls: int = 0, then: bool = False) -> Any:
    """h1 (the Vampire) on (5, 5) Moves to (6, 5); ``thralls`` placed around; ``then``: h9 on
    (2, 2) Moves afterwards."""
    players: dict[str, Any] = {"h1": _vampire(ruleset, value), "h9": (2, 2)}
    for pid, sq in (thralls or {}).items():
        players[pid] = {"square": sq, "thrall": True}
    players["a1"] = (20, 5)
    ctx = world(ruleset, players, dice={"d6": d6}, rerolls=rerolls)
    event, count = EVENT[ruleset]
    acts = [Activation("h1", "move", path=(Square(6, 5),), bite=bite,  # type: ignore[arg-type]
                       reroll=reroll or Rerolls(), where="decisions.blitz[0]")]
    if then:
        acts.append(Activation("h9", "move", path=(Square(3, 2),), where="decisions.blitz[1]"))
    t = free_turn(ctx, event, count, acts)
    return ctx, t


@pytest.mark.parametrize(("ruleset", "value", "action", "roll", "fails"), [
    ("classic", None, "move", 1, True),
    ("classic", None, "move", 2, False),
    ("classic", 5, "move", 2, False),        # LRB6's 2+ is fixed: a value is not read
    ("classic", None, "blitz", 1, True),     # no +1 in classic
    ("bb2020", 3, "move", 2, True),
    ("bb2020", 3, "blitz", 2, False),        # +1 for a Blitz: 3 on 3+
    ("bb2020", None, "move", 2, False),      # no value given: 2+
    ("bb2025", 4, "move", 3, True),
    ("bb2025", 4, "blitz", 3, False),
    ("bb2025", 2, "blitz", 1, True),         # a natural 1 fails, whatever the +1
])
def test_the_roll_and_its_target(ruleset: str, value: int | None, action: str, roll: int,
                                 fails: bool) -> None:
    ctx = world(ruleset, {"h1": _vampire(ruleset, value)}, dice={"d6": [roll]})
    h1 = ctx.state.players["h1"]
    assert blood_lust_target(ctx, h1) == (value if value and ruleset != "classic" else 2)
    a = Activation("h1", action, where="w")  # type: ignore[arg-type]
    assert thirsts(ctx, turn(), h1, a) is fails
    assert left(ctx) == {}


def test_no_skill_no_roll() -> None:
    ctx = world("bb2020", {"h1": (5, 5)}, dice={"d6": [1]})
    assert thirsts(ctx, turn(), ctx.state.players["h1"], Activation("h1", "move")) is False
    assert left(ctx) == {"d6": 1}


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025"])
def test_a_failure_bites_the_adjacent_thrall_and_the_turn_goes_on(ruleset: str) -> None:
    # D6 1 fails; at the end of the Move on (6, 5) the Thrall h2 on (7, 6) is bitten:
    # Injury 4 + 4 = 8: Knocked Out (every edition); h9 still moves
    ctx, t = _move(ruleset, [1, 4, 4], thralls={"h2": (7, 6)}, then=True)
    assert ctx.state.players["h2"].status == "knocked_out"
    assert ctx.state.players["h1"].square == (6, 5)
    assert ctx.state.players["h9"].square == (3, 2)
    assert not t.turnover and left(ctx) == {}


def test_the_coach_chooses_which_thrall() -> None:
    ctx, t = _move("bb2020", [1, 3, 3], thralls={"h2": (7, 6), "h3": (7, 4)}, bite="h3")
    assert ctx.state.players["h3"].status == "stunned"
    assert ctx.state.players["h2"].status == "standing"
    assert not t.turnover


def test_a_casualty_of_a_bite_is_badly_hurt() -> None:
    ctx, _ = _move("bb2025", [1, 6, 6], thralls={"h2": (7, 6)})
    assert ctx.state.players["h2"].status == "casualty"
    assert any(e.get("step") == "badly_hurt" for e in ctx.log)


def test_classic_no_thrall_is_a_turnover_and_the_vampire_goes_to_the_reserves() -> None:
    # the Thrall h2 on (8, 5) is two squares away; h2 next to him is no Thrall
    ctx, t = _move("classic", [1], thralls={"h2": (8, 5)}, then=True)
    h1 = ctx.state.players["h1"]
    assert h1.square is None and h1.status == "reserves"
    assert t.turnover and ctx.state.players["h9"].square == (2, 2)


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025"])
def test_later_editions_not_biting_loses_the_tackle_zone(ruleset: str) -> None:
    ctx, t = _move(ruleset, [1], thralls={"h2": (7, 6)}, bite=False, then=True)
    h1 = ctx.state.players["h1"]
    assert h1.square == (6, 5) and h1.status == "standing"
    assert LOST_TACKLE_ZONE in h1.effects
    assert ctx.state.players["h2"].status == "standing"
    assert t.turnover and ctx.state.players["h9"].square == (2, 2)


def test_classic_must_bite_when_a_thrall_is_adjacent() -> None:
    with pytest.raises(DecisionError, match="not a Thrall h1 may bite"):
        _move("classic", [1], thralls={"h2": (7, 6)}, bite=False)


def test_a_bite_of_a_player_who_is_no_adjacent_thrall_is_refused() -> None:
    with pytest.raises(DecisionError, match="'h9' is not a Thrall h1 may bite"):
        _move("bb2020", [1], thralls={"h2": (7, 6)}, bite="h9")


def test_a_team_reroll_of_the_roll() -> None:
    ctx, t = _move("bb2025", [1, 2], reroll=Rerolls(blood_lust="team"), rerolls=1,
                   thralls={"h2": (7, 6)})
    assert t.team_rerolls_used == 1
    assert ctx.state.players["h2"].status == "standing" and left(ctx) == {}


def _scenario(skill_values: dict[str, int]) -> str:
    player = {"id": "h1", "ma": 6, "st": 3, "ag": 3, "av": 9, "skills": ["bloodlust"],
              "square": [5, 5], "skill_values": skill_values}
    return json.dumps({"format": "kickoff-scenario/1", "ruleset": "bb2020", "kicking": "home",
                       "teams": {"home": {"players": [player]}, "away": {"players": []}}})


def test_a_value_for_a_skill_the_player_lacks_is_refused() -> None:
    with pytest.raises(KickoffError, match="a value for 'dodge', a skill h1 does not have"):
        replay_text(_scenario({"dodge": 2}))


def test_a_value_out_of_the_d6_is_refused() -> None:
    with pytest.raises(KickoffError, match="skill_values"):
        replay_text(_scenario({"bloodlust": 9}))


def test_skill_values_are_bounded() -> None:
    """At most as many values as skills (32), each name at most 64 characters."""
    with pytest.raises(KickoffError, match="skill_values"):
        replay_text(_scenario({f"s{i}": 2 for i in range(40)}))
    with pytest.raises(KickoffError, match="skill_values"):
        replay_text(_scenario({"x" * 10_000: 2}))
