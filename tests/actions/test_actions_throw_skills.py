"""Throw Team-mate's skills and re-rolls (issue 25): Strong Arm, Always Hungry with the team-mate's
escape, and the re-roll of the throw (docs/actions.md, "Throw Team-mate and Kick Team-mate").
Golden cases: fixed dice, the expected end state."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.throw import throw_team_mate
from kickoff.core.decisions import Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square

THROWER = {"square": (5, 5), "skills": ["throw_team_mate"], "pa": 4, "st": 5}
GOBLIN = {"square": (5, 6), "skills": ["right_stuff", "stunty"], "ag": 3}


def throw(ruleset: str = "bb2020", to: tuple[int, int] = (8, 5), *, skills: tuple[str, ...] = (),
          reroll: Rerolls | None = None, rerolls: int = 0, team_rerolls: bool = True,
          carrier: str | None = None, **dice: list[int]) -> Any:
    """h1 throws the goblin h2 (at (5, 6)) at ``to``; D8 5 is East, 4 West, 7 South."""
    h1 = {**THROWER, "skills": ["throw_team_mate", *skills]}
    if ruleset == "classic":
        h1.pop("pa")
    ctx = world(ruleset, {"h1": h1, "h2": dict(GOBLIN)}, dice=dice, rerolls=rerolls,
                ball=(5, 6) if carrier else None, carrier=carrier)
    t = turn(ends_on_fall=True, team_rerolls=team_rerolls)
    st = ctx.state
    throw_team_mate(ctx, t, st.players["h1"], st.players["h2"], Square(*to), "decisions.blitz[0]",
                    reroll=reroll)
    return ctx, t


def h2(ctx: Any) -> tuple[Any, str]:
    p = ctx.state.players["h2"]
    return p.square, p.status


@pytest.mark.parametrize("ruleset, to, skills, lands", [
    # bb2020 Quick: a 3 fails PA 4+ (subpar, landing 3 - 1: Prone); Strong Arm +1: superb
    ("bb2020", (8, 5), (), ((9, 5), "prone")),
    ("bb2020", (8, 5), ("strong_arm",), ((9, 5), "standing")),
    # bb2025 Short (-1): a 4 is 3, subpar; Strong Arm makes it 4, superb
    ("bb2025", (10, 5), (), ((11, 5), "prone")),
    ("bb2025", (10, 5), ("strong_arm",), ((11, 5), "standing")),
])
def test_strong_arm_adds_one_to_any_throw_in_bb2020_and_bb2025(
    ruleset: str, to: tuple[int, int], skills: tuple[str, ...], lands: tuple[Any, str],
) -> None:
    roll = 3 if to == (8, 5) else 4
    # landing 3: AG 3+ after a superb throw; 3 - 1 fails after a subpar one (armour 1 + 1 holds)
    d6 = [roll, 3] if "strong_arm" in skills else [roll, 3, 1, 1]
    ctx, _ = throw(ruleset, to, skills=skills, d6=d6, d8=[5, 5, 4])
    assert h2(ctx) == lands and left(ctx) == {}


def test_classic_strong_arm_saves_a_short_throw_from_the_fumble() -> None:
    # classic AG 3: 4+; Short -1: a 2 is 1, a fumble (he lands in his own square, landing 4+);
    # Strong Arm +1 at Short: 2, not a fumble: three scatters from the target (10, 5)
    ctx, _ = throw("classic", (10, 5), d6=[2, 4], d8=[])
    assert h2(ctx) == ((5, 6), "standing") and left(ctx) == {}
    ctx, _ = throw("classic", (10, 5), skills=("strong_arm",), d6=[2, 4], d8=[5, 5, 4])
    assert h2(ctx) == ((11, 5), "standing") and left(ctx) == {}


@pytest.mark.parametrize("ruleset, ranges", [
    ("classic", {"short"}), ("bb2020", {"quick", "short"}), ("bb2025", {"quick", "short"})])
def test_strong_arm_ranges_by_edition(ruleset: str, ranges: set[str]) -> None:
    # classic LRB6: "Short, Long or Long Bomb" (a Quick throw gets nothing); bb2020+: any throw
    ctx, _ = throw(ruleset, skills=("strong_arm",), d6=[6, 4], d8=[5, 5, 4])
    assert ctx.ruleset.actions.throw.strong_arm == ranges and h2(ctx) == ((9, 5), "standing")


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025"])
def test_always_hungry_two_plus_throws_as_usual(ruleset: str) -> None:
    # Always Hungry 2: the throw (6: superb in every edition), three scatters, landing 4
    ctx, _ = throw(ruleset, skills=("always_hungry",), d6=[2, 6, 4], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}


def test_always_hungry_escape_is_a_fumble_with_no_throw_roll() -> None:
    # bb2020: Always Hungry 1, escape 2: a fumbled throw, one scatter from his square (D8 7
    # South: (5, 7)); the next D6 is his landing (4, -1 after a fumble: 3, AG 3+ holds)
    ctx, t = throw(skills=("always_hungry",), d6=[1, 2, 4], d8=[7])
    assert h2(ctx) == ((5, 7), "standing") and left(ctx) == {} and not t.turnover


def test_classic_always_hungry_escape_lands_in_his_own_square() -> None:
    ctx, _ = throw("classic", skills=("always_hungry",), d6=[1, 6, 4])
    assert h2(ctx) == ((5, 6), "standing") and left(ctx) == {}


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025"])
def test_always_hungry_eats_the_team_mate_who_fails_to_escape(ruleset: str) -> None:
    ctx, t = throw(ruleset, skills=("always_hungry",), d6=[1, 1])
    assert h2(ctx) == (None, "casualty") and left(ctx) == {} and not t.turnover
    assert ctx.state.at((5, 6)) is None


def test_an_eaten_ball_carrier_drops_the_ball_a_turnover() -> None:
    # (the Kick It! turn, where a player may hold the ball) the ball bounces from his square
    ctx, t = throw("classic", skills=("always_hungry",), carrier="h2", d6=[1, 1], d8=[5])
    assert h2(ctx) == (None, "casualty") and t.turnover and left(ctx) == {}
    assert ctx.state.ball == Square(6, 6) and ctx.state.carrier is None


def test_always_hungry_and_the_escape_each_take_a_team_reroll() -> None:
    # bb2025 (team re-rolls allowed): Always Hungry 1, team re-roll 1; escape 1, team re-roll 3:
    # a fumble, one scatter (South) and landing 4 - 1
    ctx, _ = throw("bb2025", skills=("always_hungry",), rerolls=2,
                   reroll=Rerolls(always_hungry="team", escape="team"), d6=[1, 1, 1, 3, 4],
                   d8=[7])
    assert h2(ctx) == ((5, 7), "standing") and left(ctx) == {}
    assert ctx.state.teams["home"].rerolls == 0


def test_always_hungry_rerolled_to_a_two_throws() -> None:
    ctx, _ = throw("bb2025", skills=("always_hungry",), rerolls=1,
                   reroll=Rerolls(always_hungry="team"), d6=[1, 2, 6, 4], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}
    assert ctx.state.teams["home"].rerolls == 0


def test_a_fumbled_throw_takes_a_team_reroll() -> None:
    # bb2025: fumble 1, team re-roll 4: superb (PA 4+, Quick 0), three scatters, landing 3
    ctx, _ = throw("bb2025", rerolls=1, reroll=Rerolls(throw="team"), d6=[1, 4, 3], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {}
    assert ctx.state.teams["home"].rerolls == 0


def test_a_declined_throw_reroll_keeps_the_subpar_throw() -> None:
    # the Pass skill would re-roll the subpar 3; declined (False): landing 3 - 1 fails
    ctx, _ = throw(skills=("pass",), reroll=Rerolls(throw=False), d6=[3, 3, 1, 1], d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "prone") and left(ctx) == {}


def test_no_team_reroll_of_the_throw_in_the_bb2020_blitz() -> None:
    with pytest.raises(DecisionError, match="no team re-roll can be used for the failed throw"):
        throw(rerolls=1, team_rerolls=False, reroll=Rerolls(throw="team"), d6=[1, 4, 3],
              d8=[5, 5, 4])


def test_a_failed_landing_takes_a_team_reroll() -> None:
    # bb2025: superb 4, landing 2 fails (AG 3+), team re-roll 3: he stands on (9, 5)
    ctx, t = throw("bb2025", rerolls=1, reroll=Rerolls(landing="team"), d6=[4, 2, 3],
                   d8=[5, 5, 4])
    assert h2(ctx) == ((9, 5), "standing") and left(ctx) == {} and not t.turnover
    assert ctx.state.teams["home"].rerolls == 0


@pytest.mark.parametrize("ruleset, lands, unused", [
    # classic: the throw is a Pass action, so Pass re-rolls the fumbled 1: a 4 is superb (Quick
    # 4+), three scatters from (8, 5), landing 4
    ("classic", ((9, 5), "standing"), {}),
    # bb2020 / bb2025: a Throw Team-mate action, not a Pass action: no re-roll of the natural 1,
    # a fumble (one scatter East from his square, landing 4 against 3+ at -1); the re-roll's D6
    # and two of the scatters' D8s are left
    ("bb2020", ((6, 6), "standing"), {"d6": 1, "d8": 2}),
    ("bb2025", ((6, 6), "standing"), {"d6": 1, "d8": 2}),
])
def test_the_pass_skill_rerolls_a_classic_throw_only(
    ruleset: str, lands: tuple[Any, str], unused: dict[str, int],
) -> None:
    ctx, _ = throw(ruleset, skills=("pass",), d6=[1, 4, 4], d8=[5, 5, 4])
    assert ctx.ruleset.actions.throw.skill_reroll == ("pass" if ruleset == "classic" else None)
    assert h2(ctx) == lands and left(ctx) == unused
