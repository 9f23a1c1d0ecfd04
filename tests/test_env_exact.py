"""Exact values inside the ball's journey (issue 30, point 2): at the touchback and Diving Catch
steps ``exact_value`` is checked against a brute force over the step's options, each scripted
(the touchback's taker through the exact solver, the divers through the scripted coach over
every die to come), on a small Sevens set-up with two Diving Catch receivers; before the ball
comes down, the enumeration plays a Diving Catch at the landing at its best, as the solver."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction

import pytest
from helpers import default_players, player, scenario

from kickoff.analysis.exact.chance import PathDice, enumerate_runs
from kickoff.analysis.exact.odds import end_objective
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core import Square
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import kick_until_landing
from kickoff.env import KickoffGame
from kickoff.env.exact import Enumeration, _Continued, exact_value, solver_for
from kickoff.env.game import _ReplayCoach
from kickoff.formats.scenario import load_scenario, parse_scenario

TARGET = Square(16, 6)


def _game(objective: str = "distance") -> KickoffGame:
    """Sevens, four a side and a second kicker (h5) and a second diver (a5): the deep
    receiver a4 and a5 with Diving Catch; no Kick-off events."""
    home = [*default_players("home", "sevens"), player("h5", [3, 3], "sevens")]
    away = default_players("away", "sevens")
    away[3]["skills"] = ["diving_catch"]
    away.append(player("a5", [16, 7], "sevens", skills=["diving_catch"]))
    loaded = load_scenario(parse_scenario(json.dumps(scenario("sevens", home=home, away=away))))
    return KickoffGame(loaded.state, loaded.ruleset, objective=objective,  # type: ignore[arg-type]
                       events=False)


def _episodes(game: KickoffGame) -> Iterator[int]:
    """The seeds, each kicked at TARGET by h4 (Kick not used), up to the next step."""
    for seed in range(200):
        game.reset(seed)
        game.step(TARGET.x * game.height + TARGET.y)
        while not game.done and game.kind in ("kicker", "kick_skill"):
            game.step(game.options().index("h4") if game.kind == "kicker" else 0)
        yield seed


def _reached(game: KickoffGame, kind: str) -> None:
    assert any(not game.done and game.kind == kind for _ in _episodes(game)), kind


def _landing(game: KickoffGame):  # type: ignore[no-untyped-def]
    """The episode's kick up to where it comes down."""
    coach = _ReplayCoach(game.answers, game.kinds, game.height)
    return game.play_until_landing(game.start.clone(), SeededDice(game.seed), coach)


def _journey_value(game: KickoffGame, solver: KickoffSolver) -> Fraction:
    """The kicking coach's reward of ``solver``'s journey from the episode's landing."""
    kick, st = _landing(game), game.start
    sides = {p.id: p.side for p in st.players.values()}
    ends = solver.journey(kick.ctx.state, kick.start)
    return -sum((p * end_objective(end, "distance", st.receiving,  # type: ignore[arg-type]
                                   st.pitch.end_zone_x(st.receiving), sides)
                 for end, p in ends.items()), Fraction(0))


def test_exact_value_at_a_touchback_is_the_best_taker_through_the_solver() -> None:
    game = _game()
    _reached(game, "touchback")
    assert game.to_act == "receiving"
    per_taker = [_journey_value(game, KickoffSolver(
        game.start, game.ruleset, events="none", objective="distance",
        decisions=Decisions(kicker="h4", kicker_given=True, touchback=taker)))
        for taker in game.options()]
    assert len(set(per_taker)) > 1  # the taker matters: the receivers' choice is real
    assert exact_value(game) == min(per_taker) == -exact_value(game, "receiving")
    assert exact_value(game, play="defaults") == per_taker[0]  # the first taker, the default
    assert exact_value(game) == _journey_value(game, solver_for(game))


def test_exact_value_at_a_diving_catch_is_the_best_divers_through_the_scripted_coach() -> None:
    game = _game()
    _reached(game, "diving_catch")
    rolled = Enumeration(game).rolled  # the episode's dice up to the step

    def scripted(divers: tuple[str, ...]) -> Fraction:  # every die to come, brute force
        def run(path: PathDice) -> float:
            decisions = Decisions(kicker="h4", kicker_given=True, target=TARGET,
                                  diving_catch=list(divers))
            kick = kick_until_landing(game.start.clone(), game.ruleset, _Continued(rolled, path),
                                      decisions, events=False, log=False)
            return -game.value_of(kick.finish())
        return sum((Fraction(int(p.numerator), int(p.denominator)) * Fraction(v)
                    for p, v in enumerate_runs(run)), Fraction(0))

    per_option = [scripted(divers) for divers in game.options()]
    assert len(set(per_option)) > 1 and () in game.options()
    assert exact_value(game) == min(per_option)  # the receivers' (a4's coach's) best
    default = game.options().index(game.pending.default)  # type: ignore[union-attr]
    assert exact_value(game, play="defaults") == per_option[default]


@pytest.mark.parametrize("objective", ["distance", "receiver-holds"])
def test_before_the_landing_a_diving_catch_is_played_at_its_best_as_the_solver(
        objective: str) -> None:
    """At the kicker's step (before any die) the enumeration, which plays on past a landing
    where somebody may dive, gives the solver's value (its Diving Catch node at its best)."""
    game = _game(objective)
    game.reset(0)
    game.step(TARGET.x * game.height + TARGET.y)
    assert game.kind == "kicker" and not game.answers
    enumeration = Enumeration(game)
    assert enumeration.value() == exact_value(game) and enumeration.runs > 100
