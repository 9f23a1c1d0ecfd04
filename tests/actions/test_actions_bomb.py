"""Bombardier's bomb in classic Blitz! (issue 25): LRB6 / CRP Bombardier as FUMBBL's bb2016 code
plays it: the pass roll, accurate / inaccurate (three scatters) / fumbled bombs, the explosion
(the square's player Knocked Down, each adjacent one on 4+), the turnover of a kicking player
hit, and the bombs the rules refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.bomb import pass_range, throw_bomb
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.activations import ActivationChoice
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn
from kickoff.formats.scenario import replay_text

BOMBER = {"square": (5, 5), "skills": ["bombardier"]}


def _bomb(players: dict[str, Any], d6: list[int], to: tuple[int, int], *, d8: list[int] | None = None,
          ruleset: str = "classic", rerolls: int = 0, reroll: Rerolls | None = None,
          path: tuple[Square, ...] = (), weather: str = "nice") -> tuple[KickoffContext, Turn]:
    ctx = world(ruleset, players, dice={"d6": d6, "d8": d8 or []}, rerolls=rerolls, weather=weather)
    a = Activation("h1", "throw_bomb", to=Square(*to), path=path, reroll=reroll or Rerolls(),
                   where="decisions.blitz[0]")
    t = free_turn(ctx, "blitz", None if ruleset == "classic" else 4, [a])
    return ctx, t


def _status(ctx: KickoffContext) -> dict[str, str]:
    return {pid: p.status for pid, p in ctx.state.players.items()}


def test_an_accurate_bomb_knocks_down_its_square_and_an_adjacent_player_on_4_plus() -> None:
    # Short (4 squares): AG 3's 4+ at 0; a 4 is accurate. a3 (row above) rolls 3: missed; a1 in
    # the square is hit without a roll (armour 3+3 holds AV 8); a2 beside rolls 4: hit (2+2)
    players = {"h1": BOMBER, "a1": (9, 5), "a2": (10, 5), "a3": (9, 4), "a4": (11, 5)}
    ctx, t = _bomb(players, [4, 3, 3, 3, 4, 2, 2], (9, 5))
    assert _status(ctx) == {"h1": "standing", "a1": "prone", "a2": "prone", "a3": "standing",
                            "a4": "standing"}
    assert not t.turnover and left(ctx) == {}


def test_a_fumbled_bomb_explodes_on_the_bomber_a_turnover() -> None:
    # a natural 1: it explodes on h1 (hit, armour 2+2) and beside him h2 rolls 5 (hit, 1+1)
    players = {"h1": BOMBER, "h2": (5, 6), "a1": (9, 5)}
    ctx, t = _bomb(players, [1, 2, 2, 5, 1, 1], (9, 5))
    assert _status(ctx) == {"h1": "prone", "h2": "prone", "a1": "standing"}
    assert t.turnover and left(ctx) == {}


def test_an_inaccurate_bomb_scatters_three_times_before_it_explodes() -> None:
    # a 3 misses the 4+: from (9, 5) the D8s 5, 5, 7 take it to (11, 6); a1 on (12, 6) rolls 6
    players = {"h1": BOMBER, "a1": (12, 6), "a2": (9, 5)}
    ctx, t = _bomb(players, [3, 6, 2, 2], (9, 5), d8=[5, 5, 7])
    assert _status(ctx) == {"h1": "standing", "a1": "prone", "a2": "standing"}
    assert not t.turnover and left(ctx) == {}


def test_a_bomb_scattered_into_the_crowd_explodes_with_no_effect() -> None:
    # Quick (+1): a 2 makes 3, inaccurate; the first scatter (D8 2: up) leaves the pitch
    players = {"h1": {"square": (5, 1), "skills": ["bombardier"]}, "a1": (10, 10)}
    ctx, t = _bomb(players, [2], (5, 0), d8=[2])
    assert _status(ctx) == {"h1": "standing", "a1": "standing"}
    assert not t.turnover and left(ctx) == {}


def test_each_tackle_zone_on_the_bomber_is_minus_one() -> None:
    # Blitz! lets only Open players act, but a tackle zone counts when he throws (a push may
    # bring an opponent beside him): a2 Marks h1, so a 4 at -1 is inaccurate; D8 5, 5, 5 take
    # the bomb from (9, 5) to (12, 5), away from a1
    ctx = world("classic", {"h1": BOMBER, "a1": (9, 5), "a2": (6, 6)}, dice={"d6": [4], "d8": [5, 5, 5]})
    a = Activation("h1", "throw_bomb", to=Square(9, 5), where="decisions.blitz[0]")
    t = turn()
    throw_bomb(ctx, t, ctx.state.players["h1"], a)
    assert _status(ctx) == {"h1": "standing", "a1": "standing", "a2": "standing"}
    assert not t.turnover and left(ctx) == {}


@pytest.mark.parametrize("skills, roll, hit", [
    (["stunty"], 4, False), (["stunty", "accurate"], 4, True), (["strong_arm"], 3, True),
])
def test_stunty_accurate_and_strong_arm_modify_the_pass_roll(skills: list[str], roll: int,
                                                             hit: bool) -> None:
    # Short to (9, 5), AG 3's 4+: Stunty -1 (a 4 misses: D8 5, 5, 5 to (12, 5)), Accurate +1,
    # Strong Arm +1 beyond Quick (a 3 hits); a1 in the square, armour 1 + 1
    players = {"h1": {"square": (5, 5), "skills": ["bombardier", *skills]}, "a1": (9, 5)}
    ctx, _ = _bomb(players, [roll, 1, 1] if hit else [roll], (9, 5), d8=[] if hit else [5, 5, 5])
    assert ctx.state.players["a1"].status == ("prone" if hit else "standing")
    assert left(ctx) == {}


def test_a_failed_pass_roll_taken_again_with_a_team_reroll() -> None:
    ctx, t = _bomb({"h1": BOMBER, "a1": (9, 5)}, [3, 5, 3, 3], (9, 5), d8=[],
                   rerolls=1, reroll=Rerolls(throw="team"))
    assert ctx.state.players["a1"].status == "prone"
    assert t.team_rerolls_used == 1 and left(ctx) == {}


@pytest.mark.parametrize("frm, to, rng", [
    ((0, 0), (3, 0), "quick"), ((0, 0), (6, 3), "short"), ((0, 0), (7, 0), "long"),
    ((0, 0), (13, 1), "long_bomb"), ((0, 13), (1, 0), "long_bomb"), ((0, 0), (2, 13), None),
    ((4, 4), (4, 4), None),
])
def test_the_range_ruler_is_fumbbls_bb2016_table(frm: tuple[int, int], to: tuple[int, int],
                                                 rng: str | None) -> None:
    assert pass_range(frm, to) == rng


@pytest.mark.parametrize("players, to, kw, match", [
    ({"h1": BOMBER}, (5, 6), {"path": (Square(6, 5),)}, "may not move before throwing"),
    ({"h1": (5, 5)}, (7, 5), {}, "h1 has no Bombardier skill"),
    ({"h1": BOMBER}, (20, 5), {}, r"not in range of h1"),
    ({"h1": BOMBER}, (13, 5), {"weather": "blizzard"}, r"not in range of h1"),
    ({"h1": BOMBER}, (5, 6), {"ruleset": "bb2020"}, "bomb is not allowed in this free turn"),
])
def test_an_illegal_bomb_is_refused_naming_the_activation(
        players: dict[str, Any], to: tuple[int, int], kw: dict[str, Any], match: str) -> None:
    with pytest.raises(DecisionError, match=match) as err:
        _bomb(players, [], to, **kw)
    assert err.value.problems[0].where.startswith("decisions.blitz[0]")


CASE = (Path(__file__).parents[1] / "data" / "cases" / "skills"
        / "classic-disturbing-presence-not-ignored-by-nerves-of-steel.json")


def test_a_scenario_plays_a_bomb_in_classic_blitz() -> None:
    # the kick (14,7) deviates D8 5, D6 1 to (15,7); 5 + 5: Blitz!. Only h4 is Open: he bombs
    # a2 on (13,7) (Short, a 4: accurate); h1, a1, h2 (rows 6 and 7 first) roll 1s, a2 is hit
    # (armour 1 + 1), h3 and a3 roll 1s; the ball comes down on a5, who catches it (6)
    scenario = json.loads(CASE.read_text())["scenario"]
    for team in scenario["teams"].values():
        for p in team["players"]:
            p["skills"] = ["bombardier"] if p["id"] == "h4" else []
    scenario["dice"] = {"d8": [5], "d6": [1, 5, 5, 4, 1, 1, 1, 1, 1, 1, 1, 6]}
    scenario["decisions"] = {"blitz": [{"player": "h4", "action": "throw_bomb", "to": [13, 7]}]}
    result = replay_text(json.dumps(scenario))
    assert {pid: p["status"] for pid, p in result["players"].items() if p["status"] != "standing"} \
        == {"a2": "prone"}
    assert result["ball"] == {"square": [15, 7], "carrier": "a5"}
    hits = [(e["step"], e.get("player")) for e in result["log"]
            if e["step"] in ("bomb_hit", "bomb_missed")]
    assert hits == [("bomb_missed", "h1"), ("bomb_missed", "a1"), ("bomb_missed", "h2"),
                    ("bomb_hit", "a2"), ("bomb_missed", "h3"), ("bomb_missed", "a3")]


class _Bomber:
    """A coach who bombs ``target`` with h1 at his first ``activation`` decision (after checking
    it is offered and accepted), then lets nobody else act; other decisions as scripted."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.offered: tuple[Any, ...] = ()

    def choose(self, decision: Decision) -> Any:
        if decision.kind != "activation":
            return SCRIPTED.choose(decision)
        if self.offered:
            return None
        self.offered = decision.options() or ()
        assert all(decision.problem(o) is None for o in self.offered)
        return ActivationChoice("h1", "throw_bomb", self.target)


def test_a_coach_is_offered_a_bomb_at_each_player_in_range() -> None:
    # h1 (Bombardier) on (5, 5): a1 (9, 5) Short and a2 (20, 5) beyond Long Bomb; h2 (5, 7)
    # Quick. The coach bombs a1's square: a 4 is accurate, a1 Knocked Down (armour 1 + 1)
    players = {"h1": BOMBER, "h2": (5, 7), "a1": (9, 5), "a2": (20, 5)}
    ctx = world("classic", players, dice={"d6": [4, 1, 1]})
    coach = _Bomber("a1")
    ctx = KickoffContext(ctx.state, ctx.ruleset, ctx.dice, ctx.decisions, coach=coach)
    free_turn(ctx, "blitz", None, [])
    bombs = {o.target for o in coach.offered if o is not None and o.action == "throw_bomb"}
    assert bombs == {"h2", "a1"}
    assert ctx.state.players["a1"].status == "prone" and left(ctx) == {}


def test_a_bomb_at_a_player_out_of_range_is_refused() -> None:
    players = {"h1": BOMBER, "a2": (20, 5)}
    ctx = world("classic", players)
    ctx = KickoffContext(ctx.state, ctx.ruleset, ctx.dice, ctx.decisions, coach=_Bomber("a2"))
    with pytest.raises(DecisionError, match="target a2 is not in range of a bomb"):
        free_turn(ctx, "blitz", None, [])


HAIL_MARY = {"square": (5, 5), "skills": ["bombardier", "hail_mary_pass"]}


def _hail_mary(players: dict[str, Any], d6: list[int], to: tuple[int, int], d8: list[int],
               weather: str = "nice", **extra: Any) -> tuple[KickoffContext, Turn]:
    ctx = world("classic", players, dice={"d6": d6, "d8": d8}, rerolls=1, weather=weather)
    a = Activation("h1", "throw_bomb", to=Square(*to), hail_mary=True,
                   where="decisions.blitz[0]", **extra)
    return ctx, free_turn(ctx, "blitz", None, [a])


def test_a_hail_mary_bomb_goes_anywhere_uncaught_by_interceptors_and_always_scatters() -> None:
    # LRB6 Hail Mary Pass: any square (here 20 squares away, beyond Long Bomb), no interception
    # (a1 under the line is never asked), a 6 still scatters three times: East, East, South
    # from (25, 5) is off the pitch at the first: the crowd, no effect
    players = {"h1": HAIL_MARY, "a1": (15, 5)}
    ctx, t = _hail_mary(players, [6], (25, 5), [5, 5, 7], interceptor="a1")
    (b,) = [e for e in ctx.log if e.get("step") == "throw_bomb"]
    assert (b["range"], b["result"]) == ("hail_mary", "inaccurate")
    assert [e["step"] for e in ctx.log if e.get("step", "").startswith("bomb_")] == [
        "bomb_in_crowd"]
    assert left(ctx) == {"d8": 2} and not t.turnover


def test_a_hail_mary_bomb_scattering_onto_a_player() -> None:
    # a 2: three scatters North (template 2) from (20, 8) to (20, 5): a1 there, hit (armour 1+1)
    players = {"h1": HAIL_MARY, "a1": (20, 5)}
    ctx, _ = _hail_mary(players, [2, 1, 1], (20, 8), [2, 2, 2])
    assert _status(ctx) == {"h1": "standing", "a1": "prone"} and left(ctx) == {}


def test_a_fumbled_hail_mary_bomb_rerolled_with_a_team_reroll() -> None:
    # a 1 fumbles; the team re-roll gives 3: it scatters (North three times) from (20, 8)
    players = {"h1": HAIL_MARY, "a1": (20, 5)}
    ctx, _ = _hail_mary(players, [1, 3, 1, 1], (20, 8), [2, 2, 2], reroll=Rerolls(throw="team"))
    assert _status(ctx) == {"h1": "standing", "a1": "prone"} and left(ctx) == {}


@pytest.mark.parametrize(("skills", "weather", "to", "why"), [
    (["bombardier"], "nice", (20, 8), "no Hail Mary Pass"),
    (["bombardier", "hail_mary_pass"], "blizzard", (20, 8), "Blizzard"),
    (["bombardier", "hail_mary_pass"], "nice", (5, 5), "own square")])
def test_a_hail_mary_bomb_the_rules_refuse(skills: list[str], weather: str, to: tuple[int, int],
                                           why: str) -> None:
    players = {"h1": {"square": (5, 5), "skills": skills}}
    with pytest.raises(DecisionError, match=why):
        _hail_mary(players, [3], to, [2, 2, 2], weather=weather)
