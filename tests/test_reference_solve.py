"""The fast exact solver against a plain reference solve, on set-ups with the catch skills.

The reference below shares nothing the fast solver shares: no lumping of the event's random
choices, no partial keys (3x3 blocks, award keys, reads), no reuse of one world's journeys in
another. It enumerates every path of dice from the kick to the landing on a fresh copy of the
set-up, and for each world the event leaves it solves the ball's journey as a plain absorbing
Markov chain (every state reachable, one linear system, Gauss-Jordan over fractions). Its only
memory is keyed by the whole world (every player's every field, the weather), so it cannot be
wrong where two worlds differ; every path of the kick, and every step of the ball from a world,
runs on a copy with the set-up's facts dropped (:func:`_uncached`), so no
``GameState.facts`` cache is shared between worlds, the kick's paths or with the fast solver. The set-ups give
every player his own MA, ST, AV and PA, so a field the rules read and the solver's keys leave out
(``ball.PLAYER_FIELDS``) tells two worlds apart here. The fast solver must give exactly the same
fractions.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

import gmpy2
import pytest
from helpers import player, scenario

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.simulate import Job, simulate
from kickoff.core import ball
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SIDES, DiceLog, DieKind, PlainDice
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.scenario import load_scenario, parse_scenario

#: Exact rationals (GMP's: the same values as ``Fraction``, faster); converted at the end.
Q = gmpy2.mpq


class _Branch(Exception):
    def __init__(self, options: list[tuple[Any, Any]]) -> None:
        super().__init__()
        self.options = options


class _RefDice(PlainDice):
    """Follows ``path``; beyond it, raises the chance node's outcomes. Only ``roll``, the
    re-roll-until helper and exact grouping of a roll's values by what follows (no lumping of
    players, no k-subsets: picks are rolled one by one, ``PlainDice``)."""

    def __init__(self, path: tuple[Any, ...]) -> None:
        self.path, self.i = path, 0

    def _next(self, options: Callable[[], list[tuple[Any, Any]]]) -> Any:
        if self.i < len(self.path):
            self.i += 1
            return self.path[self.i - 1]
        raise _Branch(options())

    def roll(self, kind: str, sides: int) -> int:
        value: int = self._next(lambda: [(v, Q(1, sides)) for v in range(1, sides + 1)])
        return value

    def roll_among(self, kind: DieKind, sides: int, ok: Callable[[int], bool], why: str,
                   log: DiceLog) -> int:
        allowed = [v for v in range(1, sides + 1) if ok(v)]
        value: int = self._next(lambda: [(v, Q(1, len(allowed))) for v in allowed])
        log.roll(kind, value, why)
        return value

    def roll_grouped(self, dice: Sequence[tuple[DieKind, str]],
                     depends_on: Callable[[tuple[int, ...]], Hashable], concerns: Any,
                     log: DiceLog) -> tuple[int, ...]:
        sides = [SIDES[kind] for kind, _ in dice]

        def options() -> list[tuple[Any, Any]]:
            groups: dict[Hashable, list[Any]] = {}
            for values in itertools.product(*(range(1, n + 1) for n in sides)):
                groups.setdefault(depends_on(values), [values, 0])[1] += 1
            total = 1
            for n in sides:
                total *= n
            return [(first, Q(count, total)) for first, count in groups.values()]

        value: tuple[int, ...] = self._next(options)
        return value


def _paths(run: Callable[[_RefDice], Any]) -> list[tuple[Fraction, Any]]:
    out: list[tuple[Fraction, Any]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), Q(1))]
    while stack:
        path, p = stack.pop()
        try:
            out.append((p, run(_RefDice(path))))
        except _Branch as b:
            stack.extend(((*path, v), p * q) for v, q in b.options)
    return out


def _world_key(world: GameState) -> Hashable:
    return (world.weather, world.kicking, tuple(sorted(
        (p.id, p.side, p.square, p.status, p.skills, p.ag, p.st, p.ma, p.av, p.pa, p.effects,
         p.order) for p in world.players.values())))


def _uncached(state: GameState) -> GameState:
    """A copy of ``state`` with set-up facts of its own: a clone (players shared until changed,
    copy on write) whose facts, shared by the clone, are dropped by ``own`` (the copy computes
    its own when a rule asks). A path of the reference reads no cache another path, another
    world or the fast solver filled."""
    fresh = state.clone()
    fresh.own(next(iter(fresh.players.values())))
    return fresh


class _Reference:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.steps: dict[Hashable, dict[Any, Any]] = {}
        self.journeys: dict[Hashable, dict[Any, Any]] = {}

    def _step(self, world: GameState, key: Hashable, s: Any) -> dict[Any, Any]:
        known = self.steps.get((key, s))
        if known is None:
            known = {}

            fresh = _uncached(world)  # a step changes no player: its paths may share it

            def run(dice: _RefDice) -> Any:
                return ball.step(KickoffContext(fresh, self.ruleset, dice, Decisions()), s)

            for p, nxt in _paths(run):
                known[nxt] = known.get(nxt, Q(0)) + p
            self.steps[(key, s)] = known
        return known

    def journey(self, world: GameState, start: Any) -> dict[Any, Any]:
        """End state -> probability: every reachable state, one linear system."""
        if isinstance(start, ball.END_STATES):
            return {start: Q(1)}
        key = _world_key(world)
        known = self.journeys.get((key, start))
        if known is not None:
            return known
        order: list[Any] = []
        seen = {start}
        todo = [start]
        while todo:
            s = todo.pop()
            order.append(s)
            for t in self._step(world, key, s):
                if not isinstance(t, ball.END_STATES) and t not in seen:
                    seen.add(t)
                    todo.append(t)
        rows: dict[Any, dict[Any, Any]] = {}
        for s in order:
            row: dict[Any, Any] = {s: Q(1)}
            for t, p in self._step(world, key, s).items():
                if isinstance(t, ball.END_STATES):  # the right-hand side
                    row[("end", t)] = row.get(("end", t), Q(0)) + p
                else:
                    row[t] = row.get(t, Q(0)) - p
            rows[s] = row
        for c in order:
            prow = rows[c]
            inv = 1 / prow[c]
            for k in prow:
                prow[k] *= inv
            for r, row in rows.items():
                f = row.get(c) if r != c else None
                if f:
                    for k, v in prow.items():
                        row[k] = row.get(k, Q(0)) - f * v
                    del row[c]
        out = {k[1]: v for k, v in rows[start].items() if _is_end_key(k) and v}
        self.journeys[(key, start)] = out
        return out

    def odds(self, state: GameState, target: Square, events: bool) -> dict[Any, Any]:
        decisions = Decisions(target=target)

        def run(dice: _RefDice) -> tuple[GameState, Any]:
            kick = kick_until_landing(_uncached(state), self.ruleset, dice, decisions,
                                      events=events)
            return kick.ctx.state, kick.start

        total: dict[Any, Any] = {}
        for p, (world, start) in _paths(run):
            for end, q in self.journey(world, start).items():
                total[end] = total.get(end, Q(0)) + p * q
        return {end: Fraction(int(p.numerator), int(p.denominator)) for end, p in total.items()}


def _is_end_key(k: Any) -> bool:
    return type(k) is tuple and len(k) == 2 and k[0] == "end"


def test_reference_linear_solve_of_two_catchers() -> None:
    """The reference itself on a hand-computed loop (test_exact): P(A) = 128/255."""
    away = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
            player("a4", [20, 7]), player("a5", [21, 7])]
    home = [player("h1", [12, 6]), player("h2", [12, 7]), player("h3", [12, 8]),
            player("h4", [8, 7])]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("bb2020", home=home, away=away))))
    ends = _Reference(loaded.ruleset).journey(
        loaded.state, ball.Arrive(Square(20, 7), "kickoff", True))
    holders = {e.player: p for e, p in ends.items() if isinstance(e, ball.Held)}
    assert holders == {"a4": Q(128, 255), "a5": Q(8, 255)}


# -- the set-ups ---------------------------------------------------------------------------------

_POOL = {
    "classic": ["diving_catch", "extra_arms", "disturbing_presence", "monstrous_mouth", "catch",
                "nerves_of_steel", "no_hands", "pro"],
    "bb2020": ["diving_catch", "extra_arms", "disturbing_presence", "monstrous_mouth", "catch",
               "nerves_of_steel", "no_hands"],
    "bb2025": ["diving_catch", "extra_arms", "disturbing_presence", "monstrous_mouth", "catch",
               "nerves_of_steel", "no_ball"],
}
_POOL["sevens"] = _POOL["bb2020"]


def _setup(ruleset: str, seed: int) -> tuple[dict[str, Any], list[int], bool, list[str]]:
    """A legal set-up with catch skills in and around the landing area (home kicks): the
    scenario, its target, whether to play the Kick-off events too, and the players to knock
    down once it is set up (Prone: no tackle zone, no catch)."""
    rng = random.Random(seed)
    sevens = ruleset == "sevens"
    los_h, los_a = (6, 13) if sevens else (12, 13)
    mid = 5 if sevens else 7
    # the target: deep, or right at the receiving Line of Scrimmage (a Diving Catch next to the
    # halfway line, the kicking team's Disturbing Presence reaching over it)
    near_los = seed % 3 == 0
    tx = (los_a + rng.randint(0, 1)) if near_los else rng.randint(los_a + 3, los_a + 6)
    if sevens and near_los:
        tx = los_h + 1 + rng.randint(0, 1)
    target = [tx, mid + rng.randint(-1, 1)]
    pool = _POOL[ruleset]
    # the other characteristics from a generator of their own (the set-ups stay as they were)
    chars = random.Random(seed + 1000)

    def skills(k: int) -> list[str]:
        return rng.sample(pool, k)

    def ag() -> int:  # classic AG 2-4 (5+ to 3+), bb2020+ AG 2+ to 4+
        return rng.randint(2, 4)

    def varied(p: dict[str, Any]) -> dict[str, Any]:
        """``p`` with his own MA, ST, AV and (but classic) PA: no two players alike."""
        p.update(ma=chars.randint(3, 9), st=chars.randint(1, 6))
        if ruleset == "classic":  # AV 6-10
            p["av"] = chars.randint(6, 10)
        else:  # AV 7+ to 11+, PA 2+ to 6+
            p.update(av=chars.randint(7, 11), pa=chars.randint(2, 6))
        return p

    home = [player(f"h{i + 1}", [los_h, mid - 1 + i], ruleset, skills=skills(rng.randint(0, 1)),
                   ag=ag()) for i in range(3)]
    home.append(player("h4", [los_h - 4, mid], ruleset))
    away = [player(f"a{i + 1}", [los_a + (1 if sevens else 0), mid - 1 + i] if sevens
                   else [los_a, mid - 1 + i], ruleset, skills=skills(rng.randint(0, 1)), ag=ag())
            for i in range(3)]
    if sevens:  # sevens: the receiving LoS is the set-up zone's front, x = 13
        for i, p in enumerate(away):
            p["square"] = [los_a, mid - 1 + i]
    taken = {tuple(p["square"]) for p in home + away}
    events = seed == 1  # with every Kick-off event: worlds that differ, so sharing is tested
    n = 2 if events or sevens else rng.randint(4, 5)
    for i in range(n):
        while True:
            sq = (max(los_a + 1, min(target[0] + rng.randint(-2, 2), 19 if sevens else 25)),
                  max(2 if sevens else 4, min(target[1] + rng.randint(-2, 2), 8 if sevens else 10)))
            if sq not in taken:
                break
        taken.add(sq)
        away.append(player(f"a{4 + i}", list(sq), ruleset, skills=skills(rng.randint(1, 2)),
                           ag=ag()))
    prone = [p["id"] for p in away[3:] if rng.random() < 0.2]
    home, away = [varied(p) for p in home], [varied(p) for p in away]
    return scenario(ruleset, home=home, away=away), target, events, prone


_CASES = [pytest.param(rs, seed, marks=[pytest.mark.slow] if seed == 1 else [])
          for rs in ("classic", "bb2020", "bb2025", "sevens") for seed in range(8)]


def test_the_set_ups_have_every_skill_and_reach() -> None:
    """The set-ups put every new skill in and around the landing area, need every reach, and
    give the players of each set-up several MA, ST, AV and (but classic) PA."""
    seen: dict[str, set[str]] = {}
    reaches = set()
    for param in _CASES:
        ruleset, seed = param.values
        doc, _, _, _ = _setup(str(ruleset), int(str(seed)))
        state = load_scenario(parse_scenario(json.dumps(doc))).state
        reaches.add(ball.reach(state.players.values()))
        seen.setdefault(str(ruleset), set()).update(
            s for p in state.players.values() for s in p.skills)
        for name in ("ma", "st", "av") if ruleset == "classic" else ("ma", "st", "av", "pa"):
            assert len({getattr(p, name) for p in state.players.values()}) >= 3, (param, name)
    for ruleset, pool in _POOL.items():
        assert set(pool) <= seen[ruleset], ruleset
    assert reaches == {(1, 0), (2, 0), (1, 3), (2, 4)}


@pytest.mark.parametrize(("ruleset", "seed"), _CASES)
def test_fast_solver_equals_the_reference(ruleset: str, seed: int) -> None:
    doc, target, events, prone = _setup(ruleset, seed)
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    state = loaded.state
    for pid in prone:
        state.set_status(state.players[pid], "prone")
    skills = {s for p in state.players.values() for s in p.skills}
    fast = KickoffSolver(state, loaded.ruleset, events="all" if events else "none")
    got = fast.odds(Square(*target)).ends
    want = _Reference(loaded.ruleset).odds(state, Square(*target), events)
    assert sum(want.values()) == 1
    assert got == want, (ruleset, seed, sorted(skills))


@pytest.mark.parametrize(("ruleset", "seed"), [("classic", 5), ("bb2020", 5), ("bb2025", 6),
                                               ("sevens", 6)])
def test_monte_carlo_agrees_with_exact_on_the_catch_skills(ruleset: str, seed: int) -> None:
    """20,000 sampled kick-offs (simulate plays the same defaults) put P(touchback) and each
    player's P(holds the ball) within 4 standard errors of the exact values, on set-ups with
    Diving Catch and the other catch skills around the landing area."""
    doc, target, _, _ = _setup(ruleset, seed)
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    skills = {s for p in loaded.state.players.values() for s in p.skills}
    assert "diving_catch" in skills
    odds = KickoffSolver(loaded.state, loaded.ruleset, events="none").odds(Square(*target))
    tally = simulate(Job(loaded.state, loaded.ruleset, Square(*target), "none"), 20_000, seed=5)
    checks = [(odds.touchback, tally.touchback)] + [
        (odds.holders.get(pid, Fraction(0)), tally.holders.get(pid, 0))
        for pid in loaded.state.players]
    assert any(0 < exact < 1 for exact, _ in checks[1:])
    for exact, count in checks:
        est, se = tally.share(count)
        assert abs(est - float(exact)) <= 4 * max(se, 1e-9), (exact, est, se)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["bb2020", "classic"])
def test_a_disturbing_presence_the_event_takes_away(ruleset: str) -> None:
    """h2 (Disturbing Presence) on the kicking Line of Scrimmage is three squares from a4, under
    the ball at (15,7), and outside the 3x3 block around him: the worlds where the event takes h2
    off the pitch (Throw a Rock, Officious Ref, Pitch Invasion) must not share a4's catch with the
    worlds where h2 is still there."""
    home = [player("h1", [12, 6], ruleset), player("h2", [12, 7], ruleset,
                                                   skills=["disturbing_presence"]),
            player("h3", [12, 8], ruleset), player("h4", [8, 7], ruleset)]
    away = [player("a1", [13, 6], ruleset), player("a2", [13, 8], ruleset),
            player("a3", [13, 10], ruleset), player("a4", [15, 7], ruleset)]
    loaded = load_scenario(parse_scenario(json.dumps(scenario(ruleset, home=home, away=away))))
    target = Square(16, 7)
    got = KickoffSolver(loaded.state, loaded.ruleset, events="all").odds(target).ends
    assert got == _Reference(loaded.ruleset).odds(loaded.state, target, True)


_NO_TAKER = [("bb2020", "no_hands"), ("classic", "no_hands"), ("bb2025", "no_ball"),
             ("sevens", "no_hands")]


def _no_taker(ruleset: str, skill: str) -> tuple[Any, Square]:
    """A set-up where no receiving player can take a touchback (``skill`` on all of them) and
    a deep target: the loaded scenario and the target."""
    sevens = ruleset == "sevens"
    los_h, los_a, mid = (6, 13, 5) if sevens else (12, 13, 7)
    home = [player(f"h{i + 1}", [los_h, mid - 1 + i], ruleset) for i in range(3)]
    home.append(player("h4", [los_h - 4, mid], ruleset))
    away = [player(f"a{i + 1}", [los_a, mid - 1 + i], ruleset, skills=[skill]) for i in range(3)]
    away.append(player("a4", [los_a + 4, mid + 2], ruleset, skills=[skill]))
    loaded = load_scenario(parse_scenario(json.dumps(scenario(ruleset, home=home, away=away))))
    return loaded, Square(19 if sevens else 24, mid)


@pytest.mark.parametrize(("ruleset", "skill"), _NO_TAKER)
def test_nobody_to_take_a_touchback_with_every_event(ruleset: str, skill: str) -> None:
    """With nobody to take a touchback the award reads every player and the weather, so a
    world changed only in weather (Changing Weather) has an award of its own: the odds with
    every event (a ``KeyError`` once) add up, with a touchback among the ends."""
    loaded, target = _no_taker(ruleset, skill)
    odds = KickoffSolver(loaded.state, loaded.ruleset, events="all").odds(target)
    assert sum(odds.ends.values()) == 1
    assert 0 < odds.touchback < 1 and odds.receiving_team_holds == 0


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "skill"), [_NO_TAKER[0], _NO_TAKER[3]])
def test_nobody_to_take_a_touchback_equals_the_reference(ruleset: str, skill: str) -> None:
    """The same set-ups, every event played: the fast solver equals the reference."""
    loaded, target = _no_taker(ruleset, skill)
    got = KickoffSolver(loaded.state, loaded.ruleset, events="all").odds(target)
    want = _Reference(loaded.ruleset).odds(loaded.state, target, True)
    assert sum(want.values()) == 1
    assert got.ends == want
    assert 0 < got.touchback < 1
