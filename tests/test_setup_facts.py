"""The set-up's facts (``GameState.facts``: eligible kickers, who is Open, a catch's tackle zones
and Disturbing Presences, who may dive) are computed once per set-up and shared by clones, and
every change of a player (``own``, ``move``, ``remove``) drops them: after any sequence of
changes, on any state of a clone family, they equal what the rules compute from scratch."""

from __future__ import annotations

import json

from helpers import scenario
from hypothesis import given, settings
from hypothesis import strategies as st

from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import eligible_kickers
from kickoff.core.pitch import Square
from kickoff.core.state import GameState, tackle_zones
from kickoff.formats.scenario import load_scenario, parse_scenario

LOADED = load_scenario(parse_scenario(json.dumps(scenario("bb2020"))))


def _from_scratch(state: GameState) -> tuple[object, ...]:
    """The facts, computed without the cache, as the rules define them."""
    pitch, side = state.pitch, state.kicking
    kickers = [p.id for p in state.teams[side].players
               if p.square is not None and p.status == "standing"
               and not pitch.on_los(side, p.square) and pitch.in_wide_zone(p.square) is None]
    open_ids = {s: {p.id for p in state.teams[s].players
                    if p.square is not None and not tackle_zones(state, p.square, s)}
                for s in ("home", "away")}
    marks = {p.id: (len(tackle_zones(state, p.square, p.side)),
                    ball.disturbing_presences(state, p))
             for p in state.players.values() if p.square is not None}
    return kickers, open_ids, marks


def _cached(state: GameState) -> tuple[object, ...]:
    kickers = [p.id for p in eligible_kickers(state)]
    open_ids = {s: {p.id for p in state.teams[s].players
                    if p.square is not None and state.is_open(p)} for s in ("home", "away")}
    marks = {p.id: ball.marks(state, p.square, p.side)
             for p in state.players.values() if p.square is not None}
    return kickers, open_ids, marks


OPS = st.lists(st.tuples(st.sampled_from(["move", "remove", "prone", "skill", "clone"]),
                         st.integers(0, 50), st.integers(0, 25), st.integers(0, 14)),
               max_size=12)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_facts_follow_every_change_of_a_player(ops: list[tuple[str, int, int, int]]) -> None:
    family = [LOADED.state.clone()]
    for op, who, x, y in ops:
        state = family[who % len(family)]
        _cached(state)  # fill the facts before the change, so a stale one would show
        ids = sorted(state.players)
        p = state.players[ids[who % len(ids)]]
        if op == "clone":
            family.append(state.clone())
        elif op == "move" and Square(x, y) not in state.board:
            state.move(p, Square(x, y))
        elif op == "remove":
            state.remove(p, "knocked_out")
        elif op == "prone":
            state.own(p).status = "prone"
        elif op == "skill":
            mine = state.own(p)
            mine.skills = mine.skills | {"disturbing_presence"}
        for s in family:
            assert _cached(s) == _from_scratch(s)


def test_clones_share_the_facts_of_an_unchanged_set_up() -> None:
    original = LOADED.state
    first, second = original.clone(), original.clone()
    assert first.facts() is second.facts() is original.facts()
    first.move(first.players["a4"], Square(21, 9))
    assert first.facts() is not second.facts()
    assert second.facts() is original.facts()


def test_diving_catchers_follow_a_move() -> None:
    """Who may dive for a ball on a square is read once per set-up, and again after a move."""
    state = LOADED.state.clone()
    a4 = state.players["a4"]
    mine = state.own(a4)
    mine.skills = mine.skills | {"diving_catch"}
    assert a4.square is not None
    beside = Square(a4.square.x + 1, a4.square.y)
    ctx = KickoffContext(state, LOADED.ruleset, SeededDice(0), Decisions())
    assert [p.id for p in ball.diving_catchers(ctx, beside)] == ["a4"]
    state.move(state.players["a4"], Square(a4.square.x - 3, a4.square.y))
    assert ball.diving_catchers(ctx, beside) == []
