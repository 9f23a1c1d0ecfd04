"""The set-up's facts (``GameState.facts``: eligible kickers, who is Open, a catch's tackle zones
and Disturbing Presences, who may dive) are computed once per set-up and shared by clones, and
every change of a player (``own`` and the mutators built on it: ``move``, ``remove``,
``set_status``, ``add_skill``, ...) drops them: after any sequence of
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
from kickoff.core.state import LOST_TACKLE_ZONE, GameState, Player, tackle_zones
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


OPS = st.lists(st.tuples(st.sampled_from(["move", "remove", "prone", "stunned", "stand", "skill",
                                           "lost_tz", "ma", "av", "own", "clone"]),
                         st.integers(0, 50), st.integers(0, 25), st.integers(0, 14)),
               max_size=12)


def _change(state: GameState, op: str, p: Player, x: int, y: int) -> None:
    """One change of ``p`` through the state's mutators (``own``: none, only a read between the
    copy and a later change)."""
    if op == "move" and Square(x, y) not in state.board:
        state.move(p, Square(x, y))
    elif op == "remove":
        state.remove(p, "knocked_out")
    elif op in ("prone", "stunned"):
        state.set_status(p, op)
    elif op == "stand":
        state.set_status(p, "standing")
    elif op == "skill":
        state.add_skill(p, "disturbing_presence")
    elif op == "lost_tz":
        state.add_effect(p, LOST_TACKLE_ZONE)
    elif op == "ma":
        state.set_ma(p, x % 9 + 1)
    elif op == "av":
        state.set_av(p, y % 11 + 1)
    elif op == "own":
        state.own(p)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_facts_follow_every_change_of_a_player(ops: list[tuple[str, int, int, int]]) -> None:
    """Read the facts, change a player, read them again: on every state of the family they are
    what the rules compute from scratch (a read between ``own`` and a change included)."""
    family = [LOADED.state.clone()]
    for op, who, x, y in ops:
        state = family[who % len(family)]
        _cached(state)  # fill the facts before the change, so a stale one would show
        ids = sorted(state.players)
        p = state.players[ids[who % len(ids)]]
        if op == "clone":
            family.append(state.clone())
        else:
            _change(state, op, p, x, y)
        for s in family:
            assert _cached(s) == _from_scratch(s)
            assert _stats(s) == {q.id: (q.ma, q.av) for q in s.players.values()}


def _stats(state: GameState) -> dict[str, tuple[int, int]]:
    """MA and AV of every player, as each team's list holds them (``players`` may not)."""
    return {q.id: (q.ma, q.av) for team in state.teams.values() for q in team.players}


def test_a_read_after_a_status_set_through_an_owned_reference_is_right() -> None:
    """The issue's probe: a player is copied, the set-up's facts read (Open), then an adjacent
    opponent goes Prone: the Open read after it is the rules' (the facts were dropped)."""
    state = LOADED.state.clone()
    marked = next(p for p in state.players.values()
                  if p.square is not None and tackle_zones(state, p.square, p.side))
    assert marked.square is not None
    markers = tackle_zones(state, marked.square, marked.side)
    mine = [state.own(q) for q in markers]
    assert not state.is_open(state.players[marked.id])
    for q in mine:
        state.set_status(q, "prone")
    assert state.is_open(state.players[marked.id])
    assert _cached(state) == _from_scratch(state)


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
    state.add_skill(a4, "diving_catch")
    assert a4.square is not None
    beside = Square(a4.square.x + 1, a4.square.y)
    ctx = KickoffContext(state, LOADED.ruleset, SeededDice(0), Decisions())
    assert [p.id for p in ball.diving_catchers(ctx, beside)] == ["a4"]
    state.move(state.players["a4"], Square(a4.square.x - 3, a4.square.y))
    assert ball.diving_catchers(ctx, beside) == []
