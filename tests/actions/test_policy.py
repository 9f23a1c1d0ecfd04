"""The coach's policy for the free turns (opt-in, ``Decisions.free_turn_policy = "close"``;
docs/actions.md, "The coach's policy (opt-in)"): who it moves and where, that it never rolls a die
(no Dodge, no Rush, no pick-up), that it keeps to the count and the eligible players, that a
player it puts under the ball must catch it, and that it is deterministic. The scenario format's
default (nobody acts) is unchanged."""

from __future__ import annotations

import json
from collections import deque
from typing import Any

import pytest
import typer
from helpers import cli, player, scenario
from hypothesis import given, settings
from hypothesis import strategies as st
from world import world

from kickoff.analysis.simulate import Job, simulate
from kickoff.cli.app import app
from kickoff.core import RULESETS, DecisionError, Decisions, GameState, ScriptedDice, kick_off
from kickoff.core.actions.free_turn import free_turn
from kickoff.core.actions.policy import POLICIES, close_in
from kickoff.core.decisions import FREE_TURN_POLICIES, Activation
from kickoff.core.kickoff import KickoffResult
from kickoff.core.pitch import Square, distance
from kickoff.core.state import tackle_zones
from kickoff.formats.scenario import load_scenario, parse_scenario

EVENT = {"classic": "blitz", "bb2020": "blitz", "sevens": "blitz", "bb2025": "charge"}

# Eleven-a-side: h1-h3 on the LoS, Marked by a1-a3 (not eligible); h4 (the bb2020 kicker),
# h5, h6, h7 Open. The kick at [15, 9] deviates west one square (D8 4, D6 1) to [14, 9]: empty,
# in no tackle zone. The table 5+5 is Blitz! (bb2025 Charge!).
HOME = {"h1": [12, 5], "h2": [12, 6], "h3": [12, 7], "h4": [9, 9], "h5": [10, 2], "h6": [10, 11],
        "h7": [8, 7]}
AWAY = {"a1": [13, 5], "a2": [13, 6], "a3": [13, 7], "a4": [16, 9], "a5": [15, 2], "a6": [20, 7]}
LANDING = [14, 9]
#: What "close" plays there, in order (the paths are checked step by step below):
#: h6 (4 steps) is nearer the landing square than h4 (5) and goes under the ball; the receivers
#: by distance from it: a3 (Marked by h3: skipped), a4: h4 reaches [15, 9] in 6 steps ([15, 8],
#: first by x then y, would take 7: [14, 8] is in a3's tackle zone and h6 now stands on [14, 9]);
#: a2, a1 (Marked); a6 (out of reach); a5: h5 to [14, 1]. h7 reaches nobody and stays.
PLAN = {"h6": [14, 9], "h4": [15, 9], "h5": [14, 1]}


def eleven(rs: str, *, d3: int = 1, catch: tuple[int, ...] = (6,), **extra: Any) -> dict[str, Any]:
    dice: dict[str, list[int]] = {"d8": [4], "d6": [1, 5, 5, *catch]}
    if rs != "classic":
        dice["d3"] = [d3]
    return scenario(rs, home=[player(k, v, rs) for k, v in HOME.items()],
                    away=[player(k, v, rs) for k, v in AWAY.items()],
                    kick={"target": [15, 9]}, dice=dice, **extra)


def play(doc: dict[str, Any], policy: str = "close") -> KickoffResult:
    """Play a scenario document with ``policy``; every scripted die must be used, none more."""
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    loaded.decisions.free_turn_policy = policy  # type: ignore[assignment]
    dice, _ = loaded.dice()
    result = kick_off(loaded.state.clone(), loaded.ruleset, dice, loaded.decisions)
    assert isinstance(dice, ScriptedDice)
    dice.check_exhausted()
    return result


def moves(result: KickoffResult) -> dict[str, list[list[int]]]:
    (note,) = [e for e in result.log if e["step"] == "free_turn_policy"]
    out: dict[str, list[list[int]]] = note["moves"]
    return out


def squares(result: KickoffResult, *pids: str) -> dict[str, list[int] | None]:
    sq = {pid: result.state.players[pid].square for pid in pids}
    return {pid: None if s is None else list(s) for pid, s in sq.items()}


def rolled(result: KickoffResult) -> list[str]:
    return [e["for"] for e in result.log if e["step"] == "roll"]


# ---------------------------------------------------------------- each ruleset


@pytest.mark.parametrize("rs", ["classic", "bb2020", "bb2025"])
def test_close_goes_under_the_ball_and_marks_the_receivers(rs: str) -> None:
    # The dice hold nothing beyond the kick, the table, the count and one catch: a Dodge, a Rush
    # or a pick-up would run them out (DiceError); a die left over fails check_exhausted.
    result = play(eleven(rs))
    assert list(moves(result)) == ["h6", "h4", "h5"]  # the order they were chosen and played
    assert {pid: path[-1] for pid, path in moves(result).items()} == PLAN
    assert squares(result, *PLAN) == PLAN
    # the Marked LoS players and h7, who reaches nobody, stay
    assert squares(result, "h1", "h2", "h3", "h7") == {k: HOME[k] for k in ("h1", "h2", "h3", "h7")}
    assert not [r for r in rolled(result) if r.startswith(("dodge", "rush", "pickup"))]
    # h6 stands under the ball and must catch it: the last die, a 6, is his catch
    assert [e for e in result.log if e["step"] == "catch"] == [
        {"step": "catch", "player": "h6", "success": True}]
    assert result.state.carrier == "h6" and list(result.state.ball or ()) == LANDING


def test_the_paths_are_legal_moves_without_a_roll() -> None:
    result = play(eleven("bb2020"))
    start = {k: Square(*v) for k, v in HOME.items()}
    occupied = {Square(*v) for v in (*HOME.values(), *AWAY.values())}
    before = load_scenario(parse_scenario(json.dumps(eleven("bb2020")))).state
    assert moves(result)["h4"] == [[10, 8], [11, 8], [12, 9], [13, 9], [14, 10], [15, 9]]
    for pid, path in moves(result).items():
        here = start[pid]
        assert len(path) <= before.players[pid].ma  # no Rush
        for sq in map(tuple, path):
            assert distance(here, sq) == 1 and sq not in occupied
            assert not tackle_zones(before, here, "home"), (pid, here)  # leaving it: no Dodge
            here = Square(*sq)
        occupied.discard(start[pid])
        occupied.add(here)


def test_a_failed_catch_under_the_ball_bounces() -> None:
    # bb2020 kick-off catch: AG 3+, -1: a 3 fails; the ball bounces (D8 2: north) to [14, 8]
    doc = eleven("bb2020", catch=(3,))
    doc["dice"]["d8"].append(2)
    result = play(doc)
    assert [e["player"] for e in result.log if e["step"] == "catch"] == ["h6"]
    assert result.state.carrier is None and list(result.state.ball or ()) == [14, 8]


def test_close_in_plays_the_first_moves_up_to_the_count() -> None:
    # count D3+3 = 4 with d3 1: all three moves fit; with count 2 only the first two are played
    state = load_scenario(parse_scenario(json.dumps(eleven("bb2020")))).state
    eligible = ["h4", "h5", "h6", "h7"]
    full = close_in(state, eligible, 4, Square(*LANDING), False)
    assert [(a.player, list(a.path[-1])) for a in full] == [(k, v) for k, v in PLAN.items()]
    two = close_in(state, eligible, 2, Square(*LANDING), False)
    assert two == full[:2]
    assert close_in(state, eligible, 0, Square(*LANDING), False) == []


def sevens_doc(d3: int) -> dict[str, Any]:
    # Sevens: the LoS players h1-h3 are Open (the gap between the lines). The kick at [15, 5]
    # deviates west one square to [14, 5], beside a1-a3: out of reach. The ball then bounces
    # east (D8 5) to [15, 5] and rests there.
    home = [player(f"h{i + 1}", [6, y], "sevens") for i, y in enumerate((4, 5, 6))]
    away = [player(f"a{i + 1}", [13, y], "sevens") for i, y in enumerate((4, 5, 6))] + [
        player("a4", [16, 7], "sevens")]
    return scenario("sevens", home=home, away=away, kick={"target": [15, 5]},
                    dice={"d8": [4, 5], "d6": [1, 5, 5], "d3": [d3]})


def test_sevens_count_d3_plus_1() -> None:
    # Receivers by distance from [14, 5]: a1, a2, a3 (1; input order), a4 (2). Each marker takes
    # the empty square beside his receiver he reaches first, lowest x then y: h1 [12, 3] for a1
    # (6 steps, the most MA allows), then a2 is not Marked yet: h2 [12, 4]; h3 [12, 5] for a3.
    two = play(sevens_doc(1))
    assert {k: v[-1] for k, v in moves(two).items()} == {"h1": [12, 3], "h2": [12, 4]}
    assert squares(two, "h3") == {"h3": [6, 6]}  # the count (2) is used up
    three = play(sevens_doc(2))
    assert {k: v[-1] for k, v in moves(three).items()} == {
        "h1": [12, 3], "h2": [12, 4], "h3": [12, 5]}
    assert all(len(p) == 6 for p in moves(three).values())
    assert list(three.state.ball or ()) == [15, 5] and three.state.carrier is None


# Lines: h1-h3 on the LoS Marked by a1-a3; six Open players at x 10 facing six receivers at
# x 15 (two in each Wide Zone). The kick at [19, 7] deviates east to [20, 7], out of everyone's
# reach, and bounces east (D8 5) to [21, 7].
LINES_HOME = {"h1": [12, 6], "h2": [12, 7], "h3": [12, 8],
              **{f"h{4 + i}": [10, y] for i, y in enumerate((0, 2, 4, 10, 12, 14))}}
LINES_AWAY = {"a1": [13, 6], "a2": [13, 7], "a3": [13, 8],
              **{f"a{4 + i}": [15, y] for i, y in enumerate((0, 2, 4, 10, 12, 14))}}
#: Receivers by distance from [20, 7]: a5, a6, a7, a8 (5, input order), then a4 and a9 (7; a1-a3
#: are Marked). a5: h4 and h5 both reach [14, 1] (first by x then y) in 4: h4, the first in
#: input order, who Marks a4 too. a6: h5 and h6 both reach [14, 3] in 4: h5. a7: h7 [14, 9].
#: a8: h8 [14, 11]. a4 is Marked (h4); a9: h9 [14, 13]. h6 is left with nobody to mark.
LINES_PLAN = {"h4": [14, 1], "h5": [14, 3], "h7": [14, 9], "h8": [14, 11], "h9": [14, 13]}


def lines(rs: str, d3: int) -> dict[str, Any]:
    dice: dict[str, list[int]] = {"d8": [5, 5], "d6": [1, 5, 5]}
    if rs != "classic":
        dice["d3"] = [d3]
    return scenario(rs, home=[player(k, v, rs) for k, v in LINES_HOME.items()],
                    away=[player(k, v, rs) for k, v in LINES_AWAY.items()],
                    kick={"target": [19, 7]}, dice=dice)


@pytest.mark.parametrize("rs, d3, acting", [
    ("classic", 0, 5),  # no count: every eligible player who can mark someone
    ("bb2020", 1, 4), ("bb2020", 3, 5),  # D3+3
    ("bb2025", 1, 4), ("bb2025", 2, 5),  # up to D3+3
])
def test_the_count_caps_the_moves(rs: str, d3: int, acting: int) -> None:
    result = play(lines(rs, d3))
    assert [(k, v[-1]) for k, v in moves(result).items()] == list(LINES_PLAN.items())[:acting]
    assert squares(result, *LINES_PLAN) == {
        k: v if i < acting else LINES_HOME[k] for i, (k, v) in enumerate(LINES_PLAN.items())}
    assert squares(result, "h6") == {"h6": LINES_HOME["h6"]}
    assert list(result.state.ball or ()) == [21, 7]
    assert all(len(path) == 4 for path in moves(result).values())


# ---------------------------------------------------------------- who may act


def test_only_eligible_players_are_moved() -> None:
    state = load_scenario(parse_scenario(json.dumps(eleven("bb2020")))).state
    plan = close_in(state, ["h5", "h7"], None, Square(*LANDING), False)
    # h6 (4 steps) and h4 (5) are nearer the ball but may not act: h7 (6) goes under it; h5
    # marks a5; a4 stays free (nobody eligible is left to mark him)
    assert [(a.player, list(a.path[-1])) for a in plan] == [("h7", LANDING), ("h5", [14, 1])]
    assert len(plan[0].path) == 6


def test_a_player_who_cannot_catch_does_not_go_under_the_ball() -> None:
    doc = eleven("bb2020", catch=(4,))  # AG 3+, -1 for a kick-off: a 4 catches
    doc["teams"]["home"]["players"][5]["skills"] = ["no_hands"]  # h6
    result = play(doc)
    # h6 has No Hands: h4 (5 steps) goes under the ball; h6 marks a4 from [15, 9] (5 steps;
    # [15, 8] would take 7)
    assert {k: v[-1] for k, v in moves(result).items()} == {
        "h4": [14, 9], "h6": [15, 9], "h5": [14, 1]}
    assert [e["player"] for e in result.log if e["step"] == "catch"] == ["h4"]


def test_touchback_nobody_goes_under_the_ball() -> None:
    # The ball leaves the pitch at [14, 15]: nobody goes under it; a4 (6 from there) is marked
    # first, by h6 from [15, 8] (5 steps, through the empty [14, 9]), then a5 by h5.
    state = load_scenario(parse_scenario(json.dumps(eleven("bb2020")))).state
    plan = close_in(state, ["h4", "h5", "h6", "h7"], None, Square(14, 15), True)
    assert [(a.player, list(a.path[-1])) for a in plan] == [("h6", [15, 8]), ("h5", [14, 1])]
    assert [14, 9] in [list(sq) for sq in plan[0].path]
    # the same landing square without a touchback: h6 stops under the ball
    assert list(close_in(state, ["h6"], None, Square(*LANDING), False)[0].path[-1]) == LANDING
    # no landing square known (not a free turn's moment): nobody acts
    assert close_in(state, ["h4"], None, None, False) == []


def test_given_activations_come_first_and_none_is_the_default() -> None:
    doc = eleven("bb2020", catch=())
    doc["decisions"] = {"blitz": [{"player": "h7", "action": "move", "path": [[9, 7]]}]}
    doc["dice"]["d8"].append(2)  # the ball lands on the empty [14, 9] and bounces to [14, 8]
    result = play(doc)
    assert not [e for e in result.log if e["step"] == "free_turn_policy"]
    assert squares(result, "h6", "h7") == {"h6": HOME["h6"], "h7": [9, 7]}
    plain = eleven("bb2020", catch=())
    plain["dice"]["d8"].append(2)
    result = play(plain, "none")
    assert squares(result, *HOME) == HOME


def test_an_unknown_policy_is_a_decision_error() -> None:
    doc = eleven("bb2020", catch=())
    with pytest.raises(DecisionError, match=r"decisions\.free_turn_policy: unknown policy 'rush'"):
        play(doc, "rush")
    assert set(POLICIES) == set(FREE_TURN_POLICIES)


# ---------------------------------------------------------------- any position


SIZE = {"classic": (26, 15, 12), "bb2020": (26, 15, 12), "bb2025": (26, 15, 12), "sevens": (20, 11, 6)}


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, dict[str, Any], Square, int | None]:
    rs = draw(st.sampled_from(sorted(SIZE)))
    w, h, los = SIZE[rs]
    cells = draw(st.lists(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)),
                          min_size=4, max_size=18, unique=True))
    players: dict[str, Any] = {}
    for i, (x, y) in enumerate(cells):
        home = x <= los if i % 3 else x < w // 2 + draw(st.integers(-3, 3))
        players[f"{'h' if home else 'a'}{i}"] = {
            "square": (x, y), "ma": draw(st.integers(2, 9)),
            "skills": ["no_hands"] if draw(st.integers(0, 5)) == 0 else [],
            "status": "standing" if draw(st.integers(0, 6)) else "prone"}
    # anywhere (on the pitch or just off it), or a few squares from one of the players
    near = draw(st.sampled_from(cells))
    landing = draw(st.one_of(
        st.builds(Square, st.integers(-1, w), st.integers(-1, h)),
        st.builds(Square, st.integers(near[0] - 4, near[0] + 4), st.integers(near[1] - 4, near[1] + 4)),
    ))
    count = draw(st.none() | st.integers(0, 6))
    return rs, players, landing, count


def safe_steps(state: GameState, start: Square, ma: int, goal: Square) -> int | None:
    """An independent check: the fewest steps from ``start`` to ``goal`` through empty squares
    of the pitch, leaving no square in an opposing tackle zone, at most ``ma``."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if sq == goal:
            return seen[sq]
        if seen[sq] == ma or (sq != start and tackle_zones(state, sq, "home")):
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = Square(sq.x + dx, sq.y + dy)
                if nxt not in seen and state.pitch.on_pitch(nxt) and nxt not in state.board:
                    seen[nxt] = seen[sq] + 1
                    todo.append(nxt)
    return None


@settings(max_examples=200, deadline=None)
@given(positions())
def test_any_position_no_die_count_and_eligibility(
    case: tuple[str, dict[str, Any], Square, int | None],
) -> None:
    rs, players, landing, count = case
    ctx = world(rs, players)
    state = ctx.state
    ctx.landing = landing
    ctx.touchback = ctx.out_of_play(landing)
    eligible = [p.id for p in state.teams["home"].players if p.standing and state.is_open(p)]
    before = {pid: p.square for pid, p in state.players.items()}
    plan = close_in(state, eligible, count, landing, ctx.touchback)
    assert {pid: p.square for pid, p in state.players.items()} == before  # pure
    assert plan == close_in(state, eligible, count, landing, ctx.touchback)  # deterministic
    acting = [a.player for a in plan]
    assert len(set(acting)) == len(acting) and set(acting) <= set(eligible)
    assert count is None or len(plan) <= count
    assert all(a.action == "move" and a.path for a in plan)
    # The catcher, if any, is first, can catch, and no eligible catcher has a shorter safe path.
    steps = [safe_steps(state, p.square, p.ma, landing) for p in map(state.players.get, eligible)
             if p is not None and p.square is not None and p.can_catch()]
    best = None if ctx.touchback or landing in state.board else min(
        (s for s in steps if s is not None), default=None)
    under = [a for a in plan if a.path[-1] == landing]
    if best is None or count == 0:
        assert not under
    else:
        assert under == plan[:1] and len(plan[0].path) == best
        assert state.players[plan[0].player].can_catch()
    # Every other mover ends beside a Standing receiver, never on the landing square.
    receivers = [q.square for q in state.teams["away"].players if q.standing]
    for a in plan[len(under):]:
        assert a.path[-1] != landing
        assert any(q is not None and distance(q, a.path[-1]) == 1 for q in receivers)
    # Playing the plan rolls no die (the scripted dice are empty) and puts everyone in place.
    free_turn(ctx, EVENT[rs], count, plan)
    for a in plan:
        assert state.players[a.player].square == a.path[-1]
        assert state.players[a.player].standing


# ---------------------------------------------------------------- the faces


def test_run_free_turns_close() -> None:
    # seed 7 (bb2020 default teams): a Blitz! whose policy moves three players
    args = ["run", "--json", "--seed", "7"]
    code, out, err = cli([*args, "--free-turns", "close"])
    assert code == 0, err
    doc = json.loads(out)
    (note,) = [e for e in doc["log"] if e["step"] == "free_turn_policy"]
    assert len(note["moves"]) >= 2
    receivers = [p["square"] for pid, p in doc["players"].items() if pid.startswith("a")
                 and p["status"] == "standing" and p["square"]]
    for pid, path in note["moves"].items():
        assert doc["players"][pid]["square"] == path[-1]
        # he marks a receiver (JSON squares are lists; the compiled core takes only tuples)
        assert any(distance(tuple(path[-1]), tuple(r)) == 1 for r in receivers)
    assert not [e for e in doc["log"] if e["step"] == "roll"
                and e["for"].startswith(("dodge", "rush", "pickup"))]
    code, out, err = cli(args)  # the default: nobody acts
    plain = json.loads(out)
    assert code == 0 and not [e for e in plain["log"] if e["step"] == "free_turn_policy"]
    assert next(e for e in plain["log"] if e["step"] == "event")["name"] == "blitz"
    for pid in note["moves"]:
        assert plain["players"][pid]["square"] != doc["players"][pid]["square"]
    code, out, err = cli([*args[:1], "--seed", "7", "--free-turns", "close"])
    assert code == 0 and "Coach's policy (close): " in out


def test_free_turns_option_is_checked_and_documented() -> None:
    code, out, err = cli(["run", "--free-turns", "dodge"])
    assert code == 2 and "dodge" in err
    for command in ("run", "simulate"):
        code, out, _ = cli([command, "--help"])
        assert code == 0 and "--free-turns" in out and "close" in out
    odds = typer.main.get_command(app).commands["odds"]  # type: ignore[attr-defined]
    assert "free_turns" not in [p.name for p in odds.params]
    (events,) = [p for p in odds.params if p.name == "events"]
    assert "Blitz! / Charge!: nobody acts" in events.help


def test_simulate_with_the_policy() -> None:
    # Without the policy the kicking team can never end with the ball here (its players stay in
    # their half, where a ball is a touchback); with it, a player under the ball in a Blitz! may
    # catch it.
    doc = eleven("bb2020")
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    job = Job(loaded.state, RULESETS["bb2020"], Square(15, 9))
    none = simulate(job, 3_000, seed=11)
    close = simulate(Job(loaded.state, RULESETS["bb2020"], Square(15, 9), free_turns="close"),
                     3_000, seed=11)
    kicking = lambda t: sum(c for pid, c in t.holders.items() if pid.startswith("h"))  # noqa: E731
    assert kicking(none) == 0
    assert 0 < kicking(close) < 3_000 * 3 // 36 * 2  # only in a Blitz! (3 in 36)
    assert simulate(Job(loaded.state, RULESETS["bb2020"], Square(15, 9), free_turns="close"),
                    3_000, seed=11).holders == close.holders
    code, out, err = cli(["simulate", "-n", "500", "--seed", "3", "--free-turns", "close", "--json"])
    assert code == 0, err
    assert json.loads(out)["free_turns"] == "close"


def test_decisions_default_is_none() -> None:
    assert Decisions().free_turn_policy == "none"
    state = load_scenario(parse_scenario(json.dumps(eleven("bb2020")))).state
    assert Job(state, RULESETS["bb2020"], Square(19, 7)).free_turns == "none"
    plan: list[Activation] = POLICIES["none"](state, ["h6"], None, Square(*LANDING), False)
    assert plan == []
