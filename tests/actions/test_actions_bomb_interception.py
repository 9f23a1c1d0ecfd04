"""The interception of a Bombardier's bomb in classic Blitz! (issue 25): who may try (under the
range ruler, FUMBBL's ``canIntercept``), the opposing coach's ``interception`` decision (default:
none), the roll (Agility table at -2 and its modifiers, Catch's re-roll), a failed attempt (the
bomb flies on) and a successful one (the interceptor throws it again at once, as a catcher does:
the ``bomb_rethrow`` decision)."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.bomb import throw_bomb
from kickoff.core.actions.bomb_interception import interception_modifier, under_ruler
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.coach import SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, BombRethrow
from kickoff.core.errors import DecisionError
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
    ctx = _bomb(players, [6, 3, 2, 2], (9, 5), "a1")
    assert [e["success"] for e in _steps(ctx, "bomb_interception")] == [True]
    assert [e["player"] for e in _steps(ctx, "bomb_intercepted")] == ["a1"]


def test_an_interceptor_throws_the_bomb_again_at_the_default_square() -> None:
    # a1 intercepts (6) and must throw it again (LRB6): the default target is the first
    # opposing player in range, h1 on (5, 5), Quick (+1): a 3 is accurate; it explodes on h1
    # (no roll, armour 2 + 2), a kicking player hit: the turnover ends the free turn. No
    # pass roll of h1's: the bomb was intercepted before it
    players = {"h1": BOMBER, "a1": (7, 5), "a2": (9, 5)}
    ctx = world("classic", players, dice={"d6": [6, 3, 2, 2]})
    t = turn()
    throw_bomb(ctx, t, ctx.state.players["h1"],
               Activation("h1", "throw_bomb", to=Square(9, 5), interceptor="a1",
                          where="decisions.blitz[0]"))
    assert t.turnover
    (throw,) = _steps(ctx, "throw_bomb")
    assert (throw["thrower"], throw["to"], throw["range"], throw["result"]) == (
        "a1", [5, 5], "quick", "accurate")
    assert [e["player"] for e in _steps(ctx, "bomb_hit")] == ["h1"]
    assert ctx.state.players["h1"].status == "prone"
    assert ctx.state.players["a2"].status == "standing" and left(ctx) == {}


def test_catch_rerolls_a_failed_interception() -> None:
    players = {"h1": BOMBER, "a1": {"square": (7, 5), "skills": ["catch"]}, "a2": (9, 5)}
    ctx = _bomb(players, [2, 3, 4, 2, 2], (9, 5), "a1")
    assert [e["success"] for e in _steps(ctx, "bomb_interception")] == [False]
    assert [e["for"] for e in ctx.log if e.get("die") == "d6"][:2] == [
        "interception by a1 (4+, modifier -2)", "Catch re-roll of the interception by a1"]
    assert ctx.state.players["a2"].status == "prone" and left(ctx) == {}
    ctx = _bomb(players, [2, 6, 3, 2, 2], (9, 5), "a1")  # the re-roll intercepts: he throws
    assert [e["thrower"] for e in _steps(ctx, "throw_bomb")] == ["a1"]


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


def _rethrow(players: dict[str, Any], d6: list[int], rethrows: tuple[BombRethrow, ...],
             coach: Any = None) -> KickoffContext:
    """h1 bombs a1 on (9, 5) (a 4: accurate), a1 tries to catch it; then ``rethrows``."""
    ctx = world("classic", players, dice={"d6": d6})
    if coach is not None:
        ctx = KickoffContext(ctx.state, ctx.ruleset, ctx.dice, ctx.decisions, coach=coach)
    a = Activation("h1", "throw_bomb", to=Square(9, 5), catcher="a1", rethrows=rethrows,
                   where="decisions.blitz[0]")
    free_turn(ctx, "blitz", None, [a])
    return ctx


def test_a_caught_bomb_is_thrown_again_at_the_square_his_coach_names() -> None:
    # a1 catches the accurate bomb (3 + 1 = 4+) and throws it at h2 on (12, 5), Quick: a 5 is
    # accurate, h2 is hit (armour 2 + 2), then h3 beside him on a 4 (armour 1 + 1); the kicking
    # team's players hit: a turnover
    players = {"h1": BOMBER, "a1": (9, 5), "h2": (12, 5), "h3": (13, 5)}
    ctx = _rethrow(players, [4, 3, 5, 2, 2, 4, 1, 1], (BombRethrow(to=Square(12, 5)),))
    assert [(e["thrower"], e["to"], e["result"]) for e in _steps(ctx, "throw_bomb")] == [
        ("h1", [9, 5], "accurate"), ("a1", [12, 5], "accurate")]
    assert [e["player"] for e in _steps(ctx, "bomb_caught")] == ["a1"]
    assert [e["player"] for e in _steps(ctx, "bomb_hit")] == ["h2", "h3"]
    assert ctx.state.players["a1"].status == "standing" and left(ctx) == {}


def test_a_rethrow_is_caught_again_and_thrown_back() -> None:
    # a1 catches (3) and throws at h2 (12, 5): accurate (5); h2 catches it (3 + 1 = 4+) and
    # throws it back at a1 (9, 5): a 6, accurate; a1 declines to catch it: it explodes on him
    players = {"h1": BOMBER, "a1": (9, 5), "h2": (12, 5)}
    ctx = _rethrow(players, [4, 3, 5, 3, 6, 2, 2],
                   (BombRethrow(to=Square(12, 5), catcher="h2"), BombRethrow(to=Square(9, 5))))
    assert [e["thrower"] for e in _steps(ctx, "throw_bomb")] == ["h1", "a1", "h2"]
    assert [e["player"] for e in _steps(ctx, "bomb_hit")] == ["a1"]
    assert ctx.state.players["a1"].status == "prone" and left(ctx) == {}


def test_a_receiving_player_throwing_again_has_no_team_reroll() -> None:
    # a1's throw (a 2 at +1, Quick: inaccurate) is not his team's turn: no team re-roll
    players = {"h1": BOMBER, "a1": (9, 5), "h2": (12, 5)}
    with pytest.raises(DecisionError) as err:
        _rethrow(players, [4, 3, 2], (BombRethrow(to=Square(12, 5), reroll="team"),))
    assert err.value.problems[0].where.startswith("decisions.blitz[0].rethrows[0]")


def test_a_rethrow_out_of_range_is_refused_naming_it() -> None:
    players = {"h1": BOMBER, "a1": (9, 5)}
    with pytest.raises(DecisionError, match="in his range") as err:
        _rethrow(players, [4, 3], (BombRethrow(to=Square(25, 14)),))
    assert err.value.problems[0].where == "decisions.blitz[0].rethrows[0].to"


def test_the_catchers_coach_chooses_where_it_goes_default_the_first_opponent() -> None:
    # a1's coach is asked; the default is h1's square (the first opposing player in range),
    # every option a square of the pitch in a1's range
    players = {"h1": BOMBER, "a1": (9, 5), "h2": (12, 5)}
    seen: list[Decision] = []

    class Record:
        def choose(self, decision: Decision) -> Any:
            if decision.kind == "bomb_rethrow":
                seen.append(decision)
            return SCRIPTED.choose(decision)

    ctx = _rethrow(players, [4, 3, 1, 2, 2], (), coach=Record())
    (d,) = seen
    options = d.options()
    assert (d.side, d.default, d.where) == ("away", Square(5, 5),
                                             "decisions.blitz[0].rethrows[0].to")
    assert options is not None and Square(12, 5) in options and Square(9, 5) not in options
    assert Square(25, 14) not in options
    # the rule's check accepts exactly the options listed
    assert d.refuse is not None and all(d.refuse(o) is None for o in options)
    assert d.refuse(Square(25, 14)) is not None and d.refuse("far") is not None
    # a 1 is a fumble: it explodes on a1 himself
    assert [e["player"] for e in _steps(ctx, "bomb_hit")] == ["a1"] and left(ctx) == {}


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
