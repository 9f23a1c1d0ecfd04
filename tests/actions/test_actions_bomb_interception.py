"""The interception of a Bombardier's bomb in classic Blitz! (issue 25): who may try (under the
range ruler, FUMBBL's ``canIntercept``), the opposing coach's ``interception`` decision (default:
none), the roll (Agility table at -2 and its modifiers, Catch's re-roll), a failed attempt (the
bomb flies on) and a successful one (not played yet: named)."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.bomb import throw_bomb
from kickoff.core.actions.bomb_interception import interception_modifier, under_ruler
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation
from kickoff.core.errors import DecisionError, NotSupportedError
from kickoff.core.pitch import Square

BOMBER = {"square": (5, 5), "skills": ["bombardier"]}


def _bomb(players: dict[str, Any], d6: list[int], to: tuple[int, int], interceptor: str | None,
          weather: str = "nice") -> KickoffContext:
    ctx = world("classic", players, dice={"d6": d6}, weather=weather)
    a = Activation("h1", "throw_bomb", to=Square(*to), interceptor=interceptor,
                   where="decisions.blitz[0]")
    free_turn(ctx, "blitz", None, [a])
    return ctx


def _steps(ctx: KickoffContext, step: str) -> list[dict[str, Any]]:
    return [e for e in ctx.log if e.get("step") == step]


@pytest.mark.parametrize(("at", "under"), [
    ((7, 5), True), ((7, 6), True), ((7, 7), False), ((5, 5), False), ((9, 5), False),
    ((10, 5), False), ((4, 5), False),
])
def test_the_range_ruler_covers_the_squares_between_thrower_and_target(
        at: tuple[int, int], under: bool) -> None:
    # from (5, 5) to (9, 5): the line's squares and those beside it, not the ends, not beyond
    assert under_ruler((5, 5), (9, 5), at) is under


def test_a_diagonal_ruler_covers_the_squares_along_the_diagonal() -> None:
    assert under_ruler((5, 5), (9, 9), (7, 7)) and under_ruler((5, 5), (9, 9), (7, 6))
    assert not under_ruler((5, 5), (9, 9), (8, 5))


def test_a_failed_interception_lets_the_bomb_fly_on_and_explode() -> None:
    # a1 on (7, 5) under the ruler: AG 3's 4+ at -2, a 3 fails. The pass roll 4 is accurate
    # (Short), the bomb explodes on a2 (9, 5), hit without a roll (armour 2 + 2 holds)
    players = {"h1": BOMBER, "a1": (7, 5), "a2": (9, 5)}
    ctx = _bomb(players, [3, 4, 2, 2], (9, 5), "a1")
    (roll,) = _steps(ctx, "bomb_interception")
    assert (roll["player"], roll["target"], roll["modifier"], roll["success"]) == (
        "a1", 4, -2, False)
    assert ctx.state.players["a2"].status == "prone"
    assert ctx.state.players["a1"].status == "standing" and left(ctx) == {}


def test_a_five_fails_and_only_a_natural_six_intercepts_at_ag3() -> None:
    players = {"h1": BOMBER, "a1": (7, 5), "a2": (9, 5)}
    ctx = _bomb(players, [5, 4, 2, 2], (9, 5), "a1")
    assert [e["success"] for e in _steps(ctx, "bomb_interception")] == [False]
    with pytest.raises(NotSupportedError, match=r"a1 intercepted the bomb") as err:
        _bomb(players, [6, 4, 2, 2], (9, 5), "a1")
    assert err.value.problems[0].where == "decisions.blitz[0].interceptor"


def test_catch_rerolls_a_failed_interception() -> None:
    players = {"h1": BOMBER, "a1": {"square": (7, 5), "skills": ["catch"]}, "a2": (9, 5)}
    ctx = _bomb(players, [2, 3, 4, 2, 2], (9, 5), "a1")
    assert [e["success"] for e in _steps(ctx, "bomb_interception")] == [False]
    assert [e["for"] for e in ctx.log if e.get("die") == "d6"][:2] == [
        "interception by a1 (4+, modifier -2)", "Catch re-roll of the interception by a1"]
    assert ctx.state.players["a2"].status == "prone" and left(ctx) == {}
    with pytest.raises(NotSupportedError):
        _bomb(players, [2, 6], (9, 5), "a1")


def test_the_modifiers_of_an_interception() -> None:
    # -2, +1 Extra Arms, +1 Very Long Legs, -1 for h2's tackle zone, -1 in Pouring Rain
    players = {"h1": BOMBER, "h2": (7, 4),
               "a1": {"square": (7, 5), "skills": ["extra_arms", "very_long_legs"]}}
    ctx = world("classic", players, weather="pouring_rain")
    assert interception_modifier(ctx, ctx.state.players["a1"]) == -2
    players["a1"]["skills"].append("nerves_of_steel")  # type: ignore[index]
    ctx = world("classic", players)
    assert interception_modifier(ctx, ctx.state.players["a1"]) == 0


def test_an_interceptor_off_the_ruler_is_refused_naming_him() -> None:
    players = {"h1": BOMBER, "a1": (7, 5), "a3": (5, 9), "a2": (9, 5)}
    with pytest.raises(DecisionError, match=r"a3 \(standing at .*\) may not intercept") as err:
        _bomb(players, [3, 4, 2, 2], (9, 5), "a3")
    assert err.value.problems[0].where == "decisions.blitz[0].interceptor"


def test_a_player_of_the_throwing_team_may_not_intercept() -> None:
    players = {"h1": BOMBER, "h2": (7, 5), "a2": (9, 5)}
    with pytest.raises(DecisionError, match="h2"):
        _bomb(players, [3, 4, 2, 2], (9, 5), "h2")


class _Interceptor:
    """A coach who records the ``interception`` decision and answers ``pid``."""

    def __init__(self, pid: str | None) -> None:
        self.pid = pid
        self.seen: list[Decision] = []

    def choose(self, decision: Decision) -> Any:
        if decision.kind != "interception":
            return SCRIPTED.choose(decision)
        self.seen.append(decision)
        return self.pid


def test_the_opposing_coach_is_offered_each_player_under_the_ruler_default_none() -> None:
    # a1 (7, 5) and a4 (7, 6) are under the ruler; a3 (5, 9) is not, a5 (6, 5) is Prone
    players = {"h1": BOMBER, "a1": (7, 5), "a3": (5, 9), "a4": (7, 6),
               "a5": {"square": (6, 5), "status": "prone"}, "a2": (9, 5)}
    ctx = world("classic", players, dice={"d6": [4, 2, 2]})
    coach = _Interceptor(None)
    ctx = KickoffContext(ctx.state, ctx.ruleset, ctx.dice, ctx.decisions, coach=coach)
    t = turn()
    throw_bomb(ctx, t, ctx.state.players["h1"],
               Activation("h1", "throw_bomb", to=Square(9, 5), where="decisions.blitz[0]"))
    (d,) = coach.seen
    assert (d.side, d.default, d.options()) == ("away", None, (None, "a1", "a4"))
    assert _steps(ctx, "bomb_interception") == [] and left(ctx) == {}


def _catch(players: dict[str, Any], d6: list[int], to: tuple[int, int], catcher: str | None,
           d8: list[int] | None = None) -> KickoffContext:
    ctx = world("classic", players, dice={"d6": d6, "d8": d8 or []})
    a = Activation("h1", "throw_bomb", to=Square(*to), catcher=catcher,
                   where="decisions.blitz[0]")
    free_turn(ctx, "blitz", None, [a])
    return ctx


def test_a_failed_catch_of_an_accurate_bomb_lets_it_explode_on_the_catcher() -> None:
    # accurate (4) onto a1: he tries, AG 3's 4+ at +1 (accurate), a 2 fails; it explodes on
    # him (no roll, armour 2 + 2)
    players = {"h1": BOMBER, "a1": (9, 5)}
    ctx = _catch(players, [4, 2, 2, 2], (9, 5), "a1")
    (roll,) = _steps(ctx, "bomb_catch")
    assert (roll["target"], roll["modifier"], roll["success"]) == (4, 1, False)
    assert ctx.state.players["a1"].status == "prone" and left(ctx) == {}


def test_a_scattered_bomb_is_caught_without_the_accurate_bonus() -> None:
    # a 3 is inaccurate: D8 5, 5, 7 take it from (9, 5) to (11, 6), on a1 (marked by nobody):
    # at +0 a 3 fails (it would succeed at +1)
    players = {"h1": BOMBER, "a1": (11, 6)}
    ctx = _catch(players, [3, 3, 1, 1], (9, 5), "a1", d8=[5, 5, 7])
    assert [(e["modifier"], e["success"]) for e in _steps(ctx, "bomb_catch")] == [(0, False)]
    assert ctx.state.players["a1"].status == "prone" and left(ctx) == {}


def test_a_caught_bomb_is_named_not_supported() -> None:
    players = {"h1": BOMBER, "a1": (9, 5)}
    with pytest.raises(NotSupportedError, match="a1 caught the bomb") as err:
        _catch(players, [4, 3], (9, 5), "a1")
    assert err.value.problems[0].where == "decisions.blitz[0].catcher"


def test_a_catcher_elsewhere_is_refused() -> None:
    players = {"h1": BOMBER, "a1": (9, 5), "a2": (12, 5)}
    with pytest.raises(DecisionError, match=r"'a2' may not catch the bomb.*: a1"):
        _catch(players, [4, 3], (9, 5), "a2")


def test_a_coach_is_asked_to_catch_only_when_someone_may() -> None:
    # a coach who declines: asked once, on a1 under an accurate bomb; not for the empty square
    players = {"h1": BOMBER, "a1": (9, 5)}
    asked: list[Decision] = []

    class Decline:
        def choose(self, decision: Decision) -> Any:
            if decision.kind == "bomb_catch":
                asked.append(decision)
                return None
            return SCRIPTED.choose(decision)

    for to, d6 in (((9, 5), [4, 2, 2]), ((9, 7), [4])):
        ctx = world("classic", players, dice={"d6": d6})
        ctx = KickoffContext(ctx.state, ctx.ruleset, ctx.dice, ctx.decisions, coach=Decline())
        throw_bomb(ctx, turn(), ctx.state.players["h1"],
                   Activation("h1", "throw_bomb", to=Square(*to), where="decisions.blitz[0]"))
        assert left(ctx) == {}
    (d,) = asked
    assert (d.side, d.default, d.options()) == ("away", None, (None, "a1"))
