"""Leap (issue 25): the square it may reach, its test per edition, its cost, its fall, the coach's
choice through ``KickoffContext.decide`` (docs/actions.md, "Leap"; docs/rulings.md)."""

from __future__ import annotations

from typing import Any

import pytest
from world import NO_REROLL, left, path, turn, world

from kickoff.core.actions.leap import leap_modifier
from kickoff.core.actions.move import move, move_steps
from kickoff.core.coach import DEFAULTS, Decision
from kickoff.core.decisions import Rerolls
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square

LEAPER = {"square": (5, 5), "skills": ["leap"]}


def _leap(ctx: Any, steps: tuple[tuple[int, int], ...], leaps: tuple[int, ...],
          rerolls: Rerolls = NO_REROLL) -> tuple[bool, int]:
    return move_steps(ctx, turn(), ctx.state.players["h1"], path(*steps), rerolls, "w",
                      leaps=leaps)


@pytest.mark.parametrize("ruleset", ["classic", "bb2020", "bb2025", "sevens"])
def test_a_leap_out_of_a_tackle_zone_rolls_no_dodge(ruleset: str) -> None:
    # a1 on (6, 5) Marks h1 (5, 5); h1 leaps over him to (7, 5). AG 3: classic 4+ on the
    # Agility table with no modifier at all; bb2020+ 3+ at -1 (one player Marks the square left,
    # none the square entered; Leap only reduces -2 or worse): both need a natural 4.
    ctx = world(ruleset, {"h1": LEAPER, "a1": (6, 5)}, dice={"d6": [4]})
    assert _leap(ctx, ((7, 5),), (0,)) == (True, 2)  # two squares of movement
    assert ctx.state.players["h1"].square == (7, 5)
    assert left(ctx) == {}
    ctx = world(ruleset, {"h1": LEAPER, "a1": (6, 5)}, dice={"d6": [3, 1, 1]})
    assert _leap(ctx, ((7, 5),), (0,)) == (False, 2)
    # the fall is in the square leapt to (classic Knocked Down, bb2020+ Falls Over), armour 1+1
    assert ctx.state.players["h1"].square == (7, 5)
    assert ctx.state.players["h1"].status == "prone"
    assert left(ctx) == {}


@pytest.mark.parametrize("ruleset, marked_from, vll, modifier", [
    ("classic", 3, False, 0),   # LRB6: no modifiers ...
    ("classic", 3, True, 1),    # ... unless he has Very Long Legs
    ("bb2020", 1, False, -1),
    ("bb2020", 2, False, -1),   # Leap: -2 reduced by 1, "to a minimum of -1"
    ("bb2020", 3, False, -2),
    ("bb2020", 3, True, -1),    # Leap then Very Long Legs, each by 1 to a minimum of -1
    ("bb2020", 1, True, -1),    # Very Long Legs cannot take -1 to 0 in bb2020
    ("bb2025", 1, True, 0),     # bb2025 Very Long Legs: a plain +1
    ("bb2025", 3, True, -1),
    ("bb2025", 0, True, 1),
])
def test_the_leap_modifier_per_edition(ruleset: str, marked_from: int, vll: bool,
                                       modifier: int) -> None:
    opponents = [(4, 4), (4, 5), (4, 6)][:marked_from]
    players: dict[str, Any] = {"h1": {"square": (5, 5),
                                      "skills": ["leap"] + (["very_long_legs"] if vll else [])}}
    players.update({f"a{i + 1}": sq for i, sq in enumerate(opponents)})
    ctx = world(ruleset, players)
    assert leap_modifier(ctx, ctx.state.players["h1"], Square(5, 5), Square(7, 5)) == modifier


def test_bb2020_counts_the_square_entered_when_more_players_mark_it() -> None:
    # nobody Marks (5, 5); a1, a2 and a3 all Mark (7, 5): -3, Leap makes it -2
    ctx = world("bb2020", {"h1": LEAPER, "a1": (8, 4), "a2": (8, 5), "a3": (8, 6)})
    assert leap_modifier(ctx, ctx.state.players["h1"], Square(5, 5), Square(7, 5)) == -2


def test_a_leap_beyond_ma_rushes_first() -> None:
    # MA 1: the Leap's first square is his MA, its second a Rush, rolled before the Leap's test
    # (FUMBBL's order); MA 0: both squares are Rushes
    ctx = world("bb2020", {"h1": {**LEAPER, "ma": 1}, "a1": (20, 5)}, dice={"d6": [2, 3]})
    assert _leap(ctx, ((7, 5),), (0,)) == (True, 2)
    assert left(ctx) == {}
    ctx = world("bb2020", {"h1": {**LEAPER, "ma": 0}, "a1": (20, 5)}, dice={"d6": [2, 2, 3]})
    assert _leap(ctx, ((7, 5),), (0,)) == (True, 2)
    assert left(ctx) == {}
    ctx = world("bb2020", {"h1": {**LEAPER, "ma": 1}, "a1": (20, 5)}, dice={"d6": [1, 1, 1]})
    assert _leap(ctx, ((7, 5),), (0,)) == (False, 2)
    assert ctx.state.players["h1"].square == (7, 5)  # a failed Rush: in the square leapt to
    assert left(ctx) == {}


def test_the_leap_cost_counts_against_ma_plus_rushes() -> None:
    # MA 6 + 2 Rushes = 8 squares; seven steps and a Leap are 9
    ctx = world("bb2020", {"h1": LEAPER, "a1": (20, 5)}, dice={"d6": [6] * 8})
    steps = ((7, 5), *tuple((7 + i, 5) for i in range(1, 8)))
    with pytest.raises(DecisionError, match=r"a path of 9 squares .* \(a Leap costs two\)"):
        _leap(ctx, steps, (0,))
    assert left(ctx) == {"d6": 8}


def test_classic_leaps_to_an_adjacent_square_too_the_others_only_two_away() -> None:
    # LRB6 "any empty square within 2 squares": a Leap to an adjacent square, no Dodge
    ctx = world("classic", {"h1": LEAPER, "a1": (6, 5)}, dice={"d6": [4]})
    assert _leap(ctx, ((6, 6),), (0,)) == (True, 2)
    assert left(ctx) == {}
    ctx = world("bb2020", {"h1": LEAPER, "a1": (6, 5)}, dice={"d6": [4]})
    with pytest.raises(DecisionError, match=r"w\.path\[0\] .*\[6, 6\] is not at a Leap's distance"):
        _leap(ctx, ((6, 6),), (0,))


@pytest.mark.parametrize("ruleset, second_leap_ok", [
    ("classic", False), ("bb2020", False), ("bb2025", True)])
def test_leaps_an_activation(ruleset: str, second_leap_ok: bool) -> None:
    ctx = world(ruleset, {"h1": LEAPER, "a1": (20, 5)}, dice={"d6": [6, 6]})
    if second_leap_ok:
        assert _leap(ctx, ((7, 5), (9, 5)), (0, 1)) == (True, 4)
        assert ctx.state.players["h1"].square == (9, 5)
    else:
        with pytest.raises(DecisionError, match="only one Leap is allowed an activation"):
            _leap(ctx, ((7, 5), (9, 5)), (0, 1))


def test_a_player_without_leap_cannot_leap() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (20, 5)})
    with pytest.raises(DecisionError, match="h1 has no Leap skill"):
        _leap(ctx, ((7, 5),), (0,))


def test_the_leap_test_takes_a_team_reroll_and_loner() -> None:
    ctx = world("bb2020", {"h1": {**LEAPER, "skills": ["leap", "loner"]}, "a1": (6, 5)},
                dice={"d6": [1, 4, 4]}, rerolls=1)
    t = turn()
    assert move_steps(ctx, t, ctx.state.players["h1"], path((7, 5)), Rerolls(leap="team"), "w",
                      leaps=(0,)) == (True, 2)
    assert t.team_rerolls_used == 1 and left(ctx) == {}


class _Recording:
    """A coach who answers ``leap`` decisions with ``answer`` and records them."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.seen: list[Decision] = []

    def choose(self, decision: Decision) -> Any:
        self.seen.append(decision)
        return self.answer


def test_the_leap_is_the_coachs_choice_through_decide() -> None:
    # the default coach plays the binding default, no Leap: a square two away is then out of a
    # step's reach and the move stops before it, no die rolled
    ctx = world("bb2020", {"h1": LEAPER, "a1": (20, 5)}, dice={"d6": [6]})
    ctx.coach = DEFAULTS
    assert _leap(ctx, ((7, 5), (8, 5)), (0,)) == (True, 0)
    assert ctx.state.players["h1"].square == (5, 5) and left(ctx) == {"d6": 1}
    # a classic Leap player is asked at every step, an adjacent one too; the scripted answer
    # comes from the activation's `leap`
    coach = _Recording(False)
    ctx = world("classic", {"h1": LEAPER, "a1": (20, 5)})
    ctx.coach = coach
    assert move(ctx, turn(), ctx.state.players["h1"], path((6, 5), (7, 5)), NO_REROLL, "w")
    assert [(d.kind, d.where, d.default, d.scripted, d.options()) for d in coach.seen] == [
        ("leap", "w.path[0].leap", False, False, (False, True)),
        ("leap", "w.path[1].leap", False, False, (False, True))]
    # answering True for an adjacent step makes it a Leap: its test is rolled (4+ in classic)
    ctx = world("classic", {"h1": LEAPER, "a1": (6, 6)}, dice={"d6": [4]})
    ctx.coach = _Recording(True)
    assert _leap(ctx, ((6, 5),), ()) == (True, 2)
    assert left(ctx) == {}
