"""``play="close"`` in the exact solver (issue 24): both coaches play the ``close`` policy
(``kickoff.core.close.CloseCoach``) through the one decision interface, as ``kickoff simulate
--play close`` plays it. Checked against a brute force on a tiny case (every run of the rules
enumerated, the policy's touchback choice scripted by hand), against the Monte Carlo within a
statistical bound on small set-ups (the kick-off move, High Kick, the touchbacks), and through
the CLI and the web API."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import pytest
from helpers import cli, player, scenario
from test_play_best import AWAY, HOME, _high_kick_only, _loaded

from kickoff.analysis.exact.chance import enumerate_runs, to_fraction
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.simulate import Job, run_chunk
from kickoff.core.decisions import Decisions
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Square
from kickoff.core.state import GameState


def _nearest_by_hand(state: GameState, square: list[int]) -> str:
    """The close policy's touchback taker, restated by hand: the receiving player able to hold
    the ball nearest the touchback's square (squares: the larger of the two distances), ties to
    the first in team order."""
    able = [p for p in state.teams[state.receiving].players if p.can_catch()]

    def far(p: Any) -> int:
        return max(abs(p.square[0] - square[0]), abs(p.square[1] - square[1]))

    return min(able, key=far).id  # (min keeps the first of equals)


def _touchback_square(log: list[dict[str, Any]]) -> list[int]:
    """Where the ball went out: the square of the last deviation or bounce before the log's
    touchback."""
    at = next(i for i, e in enumerate(log) if e["step"] == "touchback")
    last = next(e for e in reversed(log[:at]) if e["step"] in ("deviate", "bounce"))
    return list(last["square"] if last["step"] == "deviate" else last["to"])


def test_tiny_case_equals_every_run_with_the_choices_scripted_by_hand() -> None:
    """Events off, no Kick, the receivers apart from each other (so no failed catch lands on a
    team-mate: every run ends): the only choice the policy makes otherwise than the defaults is
    the touchback's taker. Every run of the rules is enumerated with the scripted coach (the
    defaults), and each touchback's ball given instead to the player the policy names there,
    restated by hand: the exact ``close`` odds are exactly that distribution, and differ from
    the defaults'."""
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    target = Square(21, 7)

    def run(dice: Any) -> tuple[str | None, bool, list[dict[str, Any]]]:
        world = state.clone()
        result = kick_until_landing(world, rs, dice, Decisions(target=target), events=False
                                    ).finish()
        return result.state.carrier, result.touchback, result.log

    holders: dict[str | None, Fraction] = {}
    touchbacks = 0
    for p, (carrier, touchback, log) in enumerate_runs(run):
        if touchback:
            touchbacks += 1
            carrier = _nearest_by_hand(state, _touchback_square(log))
        holders[carrier] = holders.get(carrier, Fraction(0)) + to_fraction(p)
    odds = KickoffSolver(state, rs, events="none", play="close").odds(target)
    defaults = KickoffSolver(state, rs, events="none").odds(target)
    assert touchbacks > 5
    got = {h: Fraction(p) for h, p in odds.holders.items()}
    expected = {h: p for h, p in holders.items() if h is not None and
                state.players[h].side == state.receiving}
    assert got == expected
    assert odds.holders != defaults.holders  # the policy's takers are not the default's


def _lizards(events: str) -> tuple[GameState, Any]:
    """HOME against seven receivers, one with On the Ball (bb2020): the policy's kick-off move
    toward the ball."""
    away = [player("a1", [13, 7]), player("a6", [13, 6]), player("a7", [13, 8]),
            player("a2", [16, 5], skills=["on_the_ball"]), player("a3", [19, 9]),
            player("a4", [22, 7], skills=["catch"]), player("a5", [24, 4])]
    return _loaded(scenario(home=HOME, away=away))


#: (set-up, events, target): High Kick and the touchbacks with the events; the kick-off move.
CASES = [("spread", "all", Square(20, 5)), ("on_the_ball", "none", Square(18, 6))]


@pytest.mark.slow  # 40,000 kick-offs simulated (the tiny case above is exact and quick)
@pytest.mark.parametrize(("which", "events", "target"), CASES)
def test_exact_close_agrees_with_simulate_close(which: str, events: str,
                                                target: Square) -> None:
    """The exact odds with ``play="close"`` against ``simulate --play close``'s counts (20 000
    seeded kick-offs): every probability (touchback, the receivers hold, each holder) within
    five standard errors (plus one kick-off) of the exact value; the exact ``close`` odds are
    not the defaults' there (the test can tell them apart)."""
    state, rs = (_loaded(scenario(home=HOME, away=AWAY)) if which == "spread"
                 else _lizards(events))
    exact = KickoffSolver(state, rs, events=events, play="close").odds(target)  # type: ignore[arg-type]
    defaults = KickoffSolver(state, rs, events=events).odds(target)  # type: ignore[arg-type]
    n = 20_000
    tally = run_chunk(Job(state, rs, target, events, play="close"), n, 2026)  # type: ignore[arg-type]
    _agrees(exact, tally, n)
    far_apart = max(abs(float(exact.holders.get(pid, 0)) - float(defaults.holders.get(pid, 0)))
                    for pid in set(exact.holders) | set(defaults.holders))
    assert far_apart > 0.01


def test_close_refuses_a_kicking_play() -> None:
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    with pytest.raises(ValueError, match="close policy answers"):
        KickoffSolver(state, rs, play="close", kicking="best")


#: The answers given in the checks below: a4 (Catch) under a High Kick, a5 (deep) on a
#: touchback; the policy would take the receiver nearest the ball.
GIVEN = Decisions(high_kick="a4", touchback="a5")


@pytest.mark.parametrize("target", [Square(21, 7), Square(24, 2)])
def test_an_answer_given_wins_over_the_close_policy_exactly(target: Square) -> None:
    """Where the policy's only other choice is the touchback's taker (events off, no kick-off
    move): ``play="close"`` with ``--touchback a5`` is exactly the defaults with it, and not
    the policy's own takers; with the High Kick world forced, both answers given, the same."""
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    taker = Decisions(touchback="a5")
    close = KickoffSolver(state, rs, events="none", play="close", decisions=taker).odds(target)
    assert close.holders == KickoffSolver(state, rs, events="none", decisions=taker
                                          ).odds(target).holders
    assert close.touchback > Fraction(1, 10)
    assert close.holders != KickoffSolver(state, rs, events="none", play="close"
                                          ).odds(target).holders
    high = _high_kick_only(rs)
    both = KickoffSolver(state, high, events="all", play="close", decisions=GIVEN).odds(target)
    assert both.holders == KickoffSolver(state, high, events="all", decisions=GIVEN
                                         ).odds(target).holders
    assert both.holders["a4"] > KickoffSolver(state, high, events="all", play="close",
                                              decisions=taker).odds(target).holders["a4"]


@pytest.mark.slow  # 20,000 kick-offs simulated
def test_exact_close_with_answers_given_agrees_with_simulate_close() -> None:
    """``odds --play close --high-kick a4 --touchback a5`` against ``simulate --play close``
    with the same answers (20 000 seeded kick-offs, the Kick-off table on, a target near the
    touchline where touchbacks are frequent): every probability within five standard errors
    (plus one kick-off) of the exact value, which differs from the policy's own there."""
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    target = Square(24, 2)
    exact = KickoffSolver(state, rs, events="all", play="close", decisions=GIVEN).odds(target)
    policy = KickoffSolver(state, rs, events="all", play="close").odds(target)
    n = 20_000
    tally = run_chunk(Job(state, rs, target, "all", play="close", high_kick="a4",
                          touchback="a5"), n, 2026)
    _agrees(exact, tally, n)
    assert abs(float(exact.holders["a5"] - policy.holders.get("a5", 0))) > 0.05


def test_cli_odds_close_takes_the_answers_given() -> None:
    """``kickoff odds --play close --touchback a5``: the solver's figures with the taker given,
    and the answer named as winning over the policy."""
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    exact = KickoffSolver(state, rs, events="none", play="close",
                          decisions=Decisions(touchback="a5")).odds(Square(24, 2))
    doc = json.dumps(scenario(home=HOME, away=AWAY))
    base = ["odds", "--events", "none", "--play", "close", "--target", "24,2", "--touchback",
            "a5"]
    code, out, err = cli([*base, "--json", "-"], stdin=doc)
    assert code == 0, err
    assert {h: Fraction(p) for h, p in json.loads(out)["holders"].items()} == exact.holders
    code, out, err = cli([*base, "-"], stdin=doc)
    assert code == 0, err
    assert "Answers given, which win over the policy:" in out
    assert "Touchback: to a5 while he can take it, else the policy's (--touchback)" in out


@pytest.fixture(scope="module")
def client() -> Any:
    from fastapi.testclient import TestClient

    from kickoff.web.app import create_app

    with TestClient(create_app(workers=1)) as c:
        yield c


def test_cli_and_api_play_close(client: Any) -> None:
    """``kickoff odds --play close --json`` and ``POST /api/odds`` with ``play: "close"`` give
    the solver's exact figures and say what they played."""
    state, rs = _loaded(scenario(home=HOME, away=AWAY))
    exact = KickoffSolver(state, rs, events="none", play="close").odds(Square(20, 5))
    doc = scenario(home=HOME, away=AWAY)
    code, out, err = cli(["odds", "--events", "none", "--play", "close", "--target", "20,5",
                          "--json", "-"], stdin=json.dumps(doc))
    assert code == 0, err
    got = json.loads(out)
    assert got["play"] == "close" and got["applied"]["play"] == "close"
    assert Fraction(got["touchback"]) == exact.touchback
    assert {h: Fraction(p) for h, p in got["holders"].items()} == {
        h: Fraction(p) for h, p in exact.holders.items()}
    code, out, err = cli(["odds", "--events", "none", "--play", "close", "--target", "20,5",
                          "-"], stdin=json.dumps(doc))
    assert code == 0 and "Play: close, the close policy answered both coaches' decisions" in (
        " ".join(out.split()))
    r = client.post("/api/odds", json={"scenario": doc, "target": [20, 5], "events": "none",
                                       "play": "close"})
    assert r.status_code == 200, r.text
    assert Fraction(r.json()["touchback"]["exact"]) == exact.touchback


def _agrees(exact: Any, tally: Any, n: int) -> None:
    """Each of ``exact``'s figures (touchback, the receivers hold, each holder) within five
    standard errors (plus one kick-off) of ``tally``'s count of ``n`` kick-offs."""

    def close_enough(p: Any, count: int) -> bool:
        p = float(p)
        return abs(count / n - p) <= 5 * math.sqrt(p * (1 - p) / n) + 1 / n

    assert close_enough(exact.touchback, tally.touchback)
    assert close_enough(exact.receiving_team_holds, tally.receiving_team_holds)
    for pid in set(exact.holders) | set(tally.holders):
        assert close_enough(exact.holders.get(pid, 0), tally.holders.get(pid, 0)), pid
