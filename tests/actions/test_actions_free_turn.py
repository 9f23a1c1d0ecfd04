"""The free turns through the scenario format: classic Blitz!, bb2020 / Sevens Blitz, bb2025 Charge!
(rulings.md 8): who may act, how many, the one-Blitz rule, re-rolls, how each ends, and the messages
of illegal activations (exit 1, naming the activation, the player and his square)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import assert_invalid, cli, get, player, run, scenario


def home(rs: str = "bb2020") -> list[dict[str, Any]]:
    """Three on the LoS (Marked), six Open players behind."""
    los = [player(f"h{i + 1}", [12, y], rs) for i, y in enumerate((6, 7, 8))]
    deep = [player(f"h{i + 4}", [8, y], rs) for i, y in enumerate((1, 3, 5, 7, 9, 11))]
    return los + deep


def away(rs: str = "bb2020") -> list[dict[str, Any]]:
    return [player(f"a{i + 1}", [13, y], rs) for i, y in enumerate((6, 7, 8))] + [
        player("a4", [20, 7], rs)]


EVENT = {"classic": "blitz", "bb2020": "blitz", "sevens": "blitz", "bb2025": "charge"}


def doc(rs: str, acts: list[dict[str, Any]], *, d6: tuple[int, ...] = (), d3: tuple[int, ...] = (1,),
        block: tuple[int, ...] = (), catch: tuple[int, ...] = (6,), **kw: Any) -> dict[str, Any]:
    """Home kicks at (19, 7): D8 5, D6 1 lands on a4 at (20, 7); the table 5+5 (Blitz / Charge!),
    the count D3 (none in classic), the free turn's own dice, then a4's catch."""
    dice: dict[str, list[int]] = {"d8": [5], "d6": [1, 5, 5, *d6, *catch]}
    if rs != "classic":
        dice["d3"] = list(d3)
    if block:
        dice["block"] = list(block)
    return scenario(rs, home=kw.pop("home", home(rs)), away=kw.pop("away", away(rs)),
                    kick={"target": [19, 7]}, dice=dice, decisions={EVENT[rs]: acts}, **kw)


def mv(pid: str, *path: tuple[int, int], **kw: Any) -> dict[str, Any]:
    return {"player": pid, "action": "move", "path": [list(s) for s in path], **kw}


def invalid(d: dict[str, Any], *needles: str) -> None:
    code, out, err = cli(["replay", "-"], stdin=json.dumps(d))
    assert_invalid(code, out, err, *needles)


# ---------------------------------------------------------------- how many, and who


def test_bb2020_count_limits_the_players() -> None:
    acts = [mv(f"h{i}", (9, y)) for i, y in zip(range(4, 9), (1, 3, 5, 7, 9), strict=True)]
    invalid(doc("bb2020", acts), "decisions.blitz[4] (h8 at [8, 9]): at most 4 players may act")
    res = run(doc("bb2020", [*acts[:4], mv("h9")]))  # an empty move does nothing and does not count
    assert [get(res, f"players.h{i}.square") for i in (4, 5, 6, 7, 8)] == [
        [9, 1], [9, 3], [9, 5], [9, 7], [8, 9]]


def test_a_move_back_to_his_own_square_does_not_count_but_he_has_acted() -> None:
    # rulings.md 6: "a player counts when his final square differs from his starting one".
    back = mv("h4", (9, 1), (8, 1))
    acts = [back, *(mv(f"h{i}", (9, y)) for i, y in zip(range(5, 9), (3, 5, 7, 9), strict=True))]
    res = run(doc("bb2020", acts))
    assert [get(res, f"players.h{i}.square") for i in (4, 5, 6, 7, 8)] == [
        [8, 1], [9, 3], [9, 5], [9, 7], [9, 9]]
    invalid(doc("bb2020", [back, mv("h4", (9, 1))]),
            "decisions.blitz[1] (h4 at [8, 1]): h4 has already acted")


def test_sevens_count_is_d3_plus_1() -> None:
    h = [player("h1", [6, 4], "sevens"), player("h2", [6, 5], "sevens"), player("h3", [6, 6], "sevens"),
         player("h4", [3, 2], "sevens"), player("h5", [3, 4], "sevens"), player("h6", [3, 6], "sevens"),
         player("h7", [3, 8], "sevens")]
    a = [player("a1", [13, 4], "sevens"), player("a2", [13, 5], "sevens"), player("a3", [13, 6], "sevens"),
         player("a4", [16, 5], "sevens")]
    acts = [mv(p, (4, y)) for p, y in (("h4", 2), ("h5", 4), ("h6", 6))]
    d = scenario("sevens", home=h, away=a, kick={"target": [15, 5]},
                 dice={"d8": [5], "d6": [1, 5, 5, 6], "d3": [1]}, decisions={"blitz": acts})
    code, out, err = cli(["replay", "-"], stdin=json.dumps(d))
    assert_invalid(code, out, err, "decisions.blitz[2] (h6 at [3, 6]): at most 2 players may act")
    d["dice"]["d3"] = [2]
    res = run(d)
    assert get(res, "players.h6.square") == [4, 6] and get(res, "ball.carrier") == "a4"


def test_classic_blitz_has_no_count() -> None:
    acts = [mv(f"h{i}", (9, y)) for i, y in zip(range(4, 10), (1, 3, 5, 7, 9, 11), strict=True)]
    res = run(doc("classic", acts))
    assert get(res, "players.h9.square") == [9, 11]


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_a_marked_player_may_not_act(rs: str) -> None:
    # (Sevens: the gap between the lines leaves every kicking player Open at the kick-off.)
    invalid(doc(rs, [mv("h1", (11, 5))]), f"decisions.{EVENT[rs]}[0] (h1 at [12, 6]): h1 may not act")


def test_eligibility_is_fixed_when_the_event_is_resolved() -> None:
    # h6 Blitzes a1 off h1: a1 pushed to (14, 7) and Knocked Down (armour 1+1). h1 is now Open but
    # was Marked at the event: he still may not act.
    blitz = {"player": "h6", "action": "blitz", "path": [[9, 5], [10, 5], [11, 5], [12, 5]], "target": "a1"}
    d = doc("bb2020", [blitz, mv("h1", (11, 6))], d6=(1, 1), block=(5,))
    invalid(d, "decisions.blitz[1] (h1 at [12, 6]): h1 may not act")
    res = run(doc("bb2020", [blitz], d6=(1, 1), block=(5,)))
    assert get(res, "players.a1.square") == [14, 7] and get(res, "players.a1.status") == "prone"
    assert get(res, "players.h6.square") == [12, 5]


@pytest.mark.parametrize(
    "acts, message",
    [
        ([mv("h4", (9, 1)), mv("h4", (10, 1))], "decisions.blitz[1] (h4 at [9, 1]): h4 has already acted"),
        ([mv("a4", (21, 7))], "decisions.blitz[0] (a4 at [20, 7]): a4 is not a player of the kicking team"),
        ([mv("h99", (9, 1))], "decisions.blitz[0]: no player 'h99'"),
        ([mv("h4", (9, 1), ), {"player": "h5", "action": "kick", "aim": [9, 3]}],
         "decisions.blitz[1] (h5 at [8, 3]): the Kick It! Kick action is not an action of the free turn"),
        ([{"player": "h4", "action": "kick_team_mate", "thrown": "h5", "to": [10, 3]}],
         "decisions.blitz[0] (h4 at [8, 1]): a Kick Team-mate is not allowed in this free turn"),
        ([mv("h4", (9, 1), (11, 1))], "decisions.blitz[0].path[1] (h4 from [9, 1]): [11, 1] is not adjacent"),
        ([mv("h4", (8, 2), (8, 3))], "decisions.blitz[0].path[1] (h4 from [8, 2]): [8, 3] is occupied by h5"),
        ([mv("h4", *((9 + i, 1) for i in range(9)))],
         "decisions.blitz[0] (h4 at [8, 1]): a path of 9 squares is beyond MA 6 plus 2 Rushes"),
        ([{"player": "h6", "action": "blitz", "path": [[9, 5]], "target": "a1"}],
         "decisions.blitz[0] (h6 at [8, 5]): target a1 at [13, 6] is not adjacent to the end of the "
         "path [9, 5]"),
        ([{"player": "h6", "action": "blitz", "path": [[9, 5]], "after_block": [[10, 5]]}],
         "decisions.blitz[0] (h6 at [8, 5]): `after_block` needs a `target`"),
    ],
)
def test_illegal_activations_exit_1_naming_them(acts: list[dict[str, Any]], message: str) -> None:
    invalid(doc("bb2020", acts), message)


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_a_blitz_without_a_target_only_moves_and_uses_the_blitz(rs: str) -> None:
    # A Blitz that ends without a block (issue 25): the player chose not to block; the move is
    # played and the free turn's one Blitz is used.
    b1 = {"player": "h6", "action": "blitz", "path": [[9, 5], [10, 5]]}
    res = run(doc(rs, [b1]))
    assert get(res, "players.h6.square") == [10, 5]
    assert get(res, "players.h6.status") == "standing"
    b2 = {"player": "h7", "action": "blitz", "path": [[9, 8], [10, 9], [11, 9], [12, 9]], "target": "a3"}
    invalid(doc(rs, [b1, b2]), f"decisions.{EVENT[rs]}[1] (h7 at [8, 7]): only one Blitz is allowed")


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_a_blitz_that_falls_on_a_rush_before_any_block(rs: str) -> None:
    # h4 (MA 6) blitzes with no target along seven squares: the seventh is a Rush, rolled 1: he
    # falls on (15, 1), armour 1 + 1 holds; the free turn ends (classic: a turnover). a4 catches.
    b = {"player": "h4", "action": "blitz", "path": [[9 + i, 1] for i in range(7)]}
    res = run(doc(rs, [b], d6=(1, 1, 1)))
    assert get(res, "players.h4.square") == [15, 1]
    assert get(res, "players.h4.status") == "prone"
    assert get(res, "ball.carrier") == "a4"


def test_one_blitz_only() -> None:
    b1 = {"player": "h6", "action": "blitz", "path": [[9, 5], [10, 5], [11, 5], [12, 5]], "target": "a1"}
    b2 = {"player": "h7", "action": "blitz", "path": [[9, 8], [10, 9], [11, 9], [12, 9]], "target": "a3"}
    invalid(doc("bb2020", [b1, b2], d6=(1, 1), block=(3,)),
            "decisions.blitz[1] (h7 at [8, 7]): only one Blitz is allowed in this free turn")


def test_blitz_block_costs_a_square_a_rush_at_full_ma() -> None:
    # h6 MA 4: four squares, then the block's square is a Rush (D6 2), then Push
    h = home()
    h[5]["ma"] = 4
    b = {"player": "h6", "action": "blitz", "path": [[9, 5], [10, 5], [11, 5], [12, 5]], "target": "a1"}
    res = run(doc("bb2020", [b], home=h, d6=(2,), block=(3,)))
    assert get(res, "players.a1.square") == [14, 7] and get(res, "players.a1.status") == "standing"
    # the Rush fails: h6 Falls Over where he stands (armour 1+1), no block die is rolled
    res = run(doc("bb2020", [b], home=h, d6=(1, 1, 1)))
    assert get(res, "players.h6.status") == "prone" and get(res, "players.h6.square") == [12, 5]
    assert get(res, "players.a1.square") == [13, 6]


# ---------------------------------------------------------------- re-rolls


def rush_then(rs: str, reroll: object, d6: tuple[int, ...], **kw: Any) -> dict[str, Any]:
    """h4 (MA 6) runs 7 squares along y = 1: the 7th is a Rush."""
    path = [(9 + i, 1) for i in range(7)]
    return doc(rs, [mv("h4", *path, reroll={"rush": reroll})], d6=d6, **kw)


def sevens_rush_then(reroll: object, d6: tuple[int, ...], **kw: Any) -> dict[str, Any]:
    """Sevens, home kicks at (15, 5): D8 5, D6 1 lands on a4 at (16, 5); Blitz 5+5, D3 1; h4 (MA 6)
    runs 7 squares from (3, 2) along y = 2: the 7th is a Rush; then a4's catch (6)."""
    h = [player(f"h{i + 1}", [6, y], "sevens") for i, y in enumerate((4, 5, 6))] + [
        player(f"h{i + 4}", [3, y], "sevens") for i, y in enumerate((2, 4, 6, 8))]
    a = [player(f"a{i + 1}", [13, y], "sevens") for i, y in enumerate((4, 5, 6))] + [
        player("a4", [16, 5], "sevens")]
    path = [(4 + i, 2) for i in range(7)]
    return scenario("sevens", home=h, away=a, kick={"target": [15, 5]},
                    dice={"d8": [5], "d6": [1, 5, 5, *d6, 6], "d3": [1]},
                    decisions={"blitz": [mv("h4", *path, reroll={"rush": reroll})]}, **kw)


@pytest.mark.parametrize(("rs", "square"), [("bb2020", "[14, 1]"), ("sevens", "[9, 2]")])
def test_bb2020_blitz_no_team_reroll(rs: str, square: str) -> None:
    # Sevens inherits bb2020's free turns (Ruleset.free_turns); its own seven-a-side line-up here.
    rerolls = {"home": {"rerolls": 2}}
    d = (sevens_rush_then("team", (1,), teams=rerolls) if rs == "sevens"
         else rush_then(rs, "team", (1,), teams=rerolls))
    invalid(d, f"decisions.blitz[0] (h4 at {square}): no team re-roll can be used for the failed rush "
               "(team re-rolls may not be used here)")
    # The same Rush without asking for the re-roll: h4 Falls Over on the Rush's square (armour 1+1).
    d = sevens_rush_then(None, (1, 1, 1)) if rs == "sevens" else rush_then(rs, None, (1, 1, 1))
    res = run(d)
    assert get(res, "players.h4.status") == "prone"
    assert get(res, "players.h4.square") == ([10, 2] if rs == "sevens" else [15, 1])


@pytest.mark.parametrize("rs", ["classic", "bb2025"])
def test_classic_blitz_and_bb2025_charge_allow_a_team_reroll(rs: str) -> None:
    res = run(rush_then(rs, "team", (1, 2), teams={"home": {"rerolls": 2}}))
    assert get(res, "players.h4.square") == [15, 1] and get(res, "players.h4.status") == "standing"
    assert get(res, "teams.home.rerolls") == 1


def test_bb2020_blitz_sure_feet_not_usable_bb2025_charge_usable() -> None:
    h = home("bb2020")
    h[3]["skills"] = ["sure_feet"]
    res = run(rush_then("bb2020", None, (1, 1, 1), home=h))  # no re-roll: Falls Over, armour 1+1
    assert get(res, "players.h4.status") == "prone"
    h = home("bb2025")
    h[3]["skills"] = ["sure_feet"]
    res = run(rush_then("bb2025", None, (1, 2), home=h))
    assert get(res, "players.h4.status") == "standing"


# ---------------------------------------------------------------- how it ends


@pytest.mark.parametrize("rs", ["bb2020", "bb2025", "classic"])
def test_a_fall_ends_the_free_turn_the_rest_is_ignored(rs: str) -> None:
    # h4's Rush fails (armour 1+1): the turnover (classic) or the fall (bb2020+) ends it; h5's move
    # is never played and rolls nothing
    path = [(9 + i, 1) for i in range(7)]
    res = run(doc(rs, [mv("h4", *path, reroll={"rush": False}), mv("h5", (9, 3))], d6=(1, 1, 1)))
    assert get(res, "players.h4.status") == "prone" and get(res, "players.h4.square") == [15, 1]
    assert get(res, "players.h5.square") == [8, 3]
    assert get(res, "ball.carrier") == "a4"


def test_bb2020_a_failed_landing_ends_the_blitz_classic_it_does_not() -> None:
    for rs, ends in (("bb2020", True), ("classic", False)):
        h = home(rs)
        h[3].update(skills=["throw_team_mate"], pa=4, st=5, square=[8, 1])
        h[4].update(skills=["right_stuff"], square=[8, 2])
        ttm = {"player": "h4", "action": "throw_team_mate", "thrown": "h5", "to": [11, 2]}
        # bb2020 PA 4+: 3 subpar; classic AG 3: 4+ -0 (Quick): 3 not a fumble; 3 scatters 5,5,4 to
        # (12, 2); landing fails (1), armour 1+1
        d = doc(rs, [ttm, mv("h6", (9, 5))], home=h, d6=(3, 1, 1, 1))
        d["dice"]["d8"] = [5, 5, 5, 4]
        res = run(d)
        assert get(res, "players.h5.square") == [12, 2] and get(res, "players.h5.status") == "prone"
        assert get(res, "players.h6.square") == ([8, 5] if ends else [9, 5])
