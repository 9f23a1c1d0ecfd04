"""Re-rolls in Kick It! turns (issue 11, point 6): Pro only in the player's own activation outside
classic, team re-rolls per turn by edition, and the exact odds playing a standing ``reroll.catch``
order where it can still be followed (the golden cases are in tests/data/cases/kickit-rerolls/).

Hand-computed values: bb2020 h1 (AG 3+, ST 3) on (10, 7) kicks east unless said otherwise.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from helpers import cli, player
from kickit_helpers import kick, replay_cli, turn

from kickoff.analysis import KickOdds, KickSolver, kick_odds, simulate_kick
from kickoff.core.pitch import Square
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

F = Fraction
CASES = Path(__file__).parent.parent / "data" / "cases" / "kickit-rerolls"


def loaded(doc: dict[str, Any]) -> LoadedScenario:
    return load_scenario(parse_scenario(json.dumps(doc)))


def odds_of(doc: dict[str, Any], landing: Any) -> KickOdds:
    sc = loaded(doc)
    return kick_odds(sc.state, sc.ruleset, sc.actions[0], landing)


def two_catchers(ruleset: str, rerolls: int, *skills: str) -> dict[str, Any]:
    """h1 (Pooch Kick) on (10, 7); h2 on (12, 7) and h3 on (13, 7) side by side, so that a
    failed catch of one bounces to the other 1 time in 8 (D8 east / west). Nobody else near:
    shanks (along the diagonals) and fumbles come to rest on empty squares."""
    doc = turn(ruleset, home=[player("h1", [10, 7], ruleset, skills=["pooch_kick"]),
                              player("h2", [12, 7], ruleset, skills=list(skills)),
                              player("h3", [13, 7], ruleset)],
               away=[player("a1", [22, 12], ruleset)],
               actions=[kick([11, 7], reroll={"catch": "team"})])
    doc["teams"]["home"]["rerolls"] = rerolls
    return doc


# Every catch below succeeds 1 time in 2 (classic 4+ with no modifier; bb2020 3+ with -1).
# Once no re-roll is left, the ball going back and forth between h2 and h3: the player it comes
# to holds it with p, the other with q, where p = 1/2 + 1/2 * 1/8 * q and q = 1/2 * 1/8 * p.
P_ARRIVING = F(128, 255)
Q_OTHER = F(8, 255)


def test_the_back_and_forth_values_solve_their_equations() -> None:
    p, q = P_ARRIVING, Q_OTHER
    assert (p, q) == (F(1, 2) + F(1, 2) * F(1, 8) * q, F(1, 2) * F(1, 8) * p)


def test_classic_odds_with_team_catch_rerolls_play_the_second_catch_without_one() -> None:
    # classic: away 4+, accurate 1/2, always landed on h2 (distance 2 <= D6 + 3). h2: 1/2, or
    # the turn's one team re-roll: 3/4. Failed (1/4): 1/8 onto h3, whose catch needs a second
    # team re-roll, which classic does not allow: it is played without one (the replay would
    # be an error), and the ball may go back and forth.
    odds = odds_of(two_catchers("classic", 2), Square(12, 7))
    assert odds.holders == {"h2": F(1, 2) * (F(3, 4) + F(1, 32) * Q_OTHER),
                            "h3": F(1, 2) * F(1, 32) * P_ARRIVING}


def test_bb2020_odds_use_every_team_reroll_left() -> None:
    # bb2020: accurate 2/3 (3-6). h2 3/4 with a team re-roll; failed, 1/8 onto h3, who may use
    # the second team re-roll in the same turn: 3/4; failed, 1/8 back onto h2, the team has
    # none left: the back and forth without re-rolls.
    odds = odds_of(two_catchers("bb2020", 2), Square(12, 7))
    on_h3 = F(1, 32)  # h2 fails twice (1/4), then east (1/8)
    assert odds.holders == {
        "h2": F(2, 3) * (F(3, 4) + on_h3 * F(1, 32) * P_ARRIVING),
        "h3": F(2, 3) * on_h3 * (F(3, 4) + F(1, 32) * Q_OTHER),
    }
    # With one team re-roll only, h3 plays his catch without one (the team has none left).
    one = odds_of(two_catchers("bb2020", 1), Square(12, 7))
    assert one.holders["h3"] == F(2, 3) * on_h3 * P_ARRIVING


@pytest.mark.parametrize(("ruleset", "h2"), [
    # bb2020: h2's Pro gives nothing (not his activation): catch 1/2, accurate 2/3.
    ("bb2020", F(2, 3) * F(1, 2)),
    # classic: Pro (4+) then the re-roll: 1/2 + 1/2 * 1/2 * 1/2 = 5/8, accurate 1/2.
    ("classic", F(1, 2) * F(5, 8)),
])
def test_pro_of_the_team_mate_catching_the_kick(ruleset: str, h2: Fraction) -> None:
    doc = turn(ruleset, home=[player("h1", [10, 7], ruleset, skills=["pooch_kick"]),
                              player("h2", [12, 7], ruleset, skills=["pro"])],
               away=[player("a1", [22, 12], ruleset)])
    assert odds_of(doc, Square(12, 7)).holders == {"h2": h2}


def _own_bounce(skills: list[str]) -> dict[str, Any]:
    """h1 (Pooch Kick and ``skills``) on (10, 7) lands the kick on h2 (11, 7): a failed catch
    bounces back onto h1 1 time in 8, during h1's own activation."""
    return turn(home=[player("h1", [10, 7], skills=["pooch_kick", *skills]),
                      player("h2", [11, 7])])


def test_the_kickers_own_pro_counts_in_the_odds_of_the_balls_journey() -> None:
    with_pro = odds_of(_own_bounce(["pro"]), Square(11, 7))
    without = odds_of(_own_bounce([]), Square(11, 7))
    assert with_pro.holders["h1"] > without.holders["h1"] > 0
    assert with_pro.holders["h2"] < without.holders["h2"] + F(1, 100)


@pytest.mark.slow
def test_monte_carlo_plays_the_standing_order_as_the_exact_odds() -> None:
    sc = loaded(two_catchers("classic", 2))
    act = sc.actions[0]
    exact = KickSolver(sc.state, sc.ruleset).odds(act, Square(12, 7))
    tally = simulate_kick(sc.state, sc.ruleset, act, 20_000, seed=11, landing=Square(12, 7))
    for pid in ("h2", "h3"):
        estimate, se = tally.share(tally.holders.get(pid, 0))
        assert abs(estimate - float(exact.holders[pid])) < 4 * max(se, 1e-3), pid


def test_odds_kick_command_with_team_catch_rerolls_in_classic(tmp_path: Path) -> None:
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(two_catchers("classic", 2)))
    code, out, err = cli(["odds-kick", str(path), "--landing", "12,7", "--json"])
    assert code == 0, err
    assert json.loads(out)["holders"]["h3"] == str(F(1, 2) * F(1, 32) * P_ARRIVING)


def test_a_catch_reroll_error_names_the_activation_key_path() -> None:
    case = json.loads((CASES / "kickit-classic-second-team-reroll-in-a-turn-invalid.json").read_text())
    code, out, err = replay_cli(case["scenario"])
    assert code == 1 and out == ""
    assert "actions[0].reroll.catch (h2 at [15, 7]): no team re-roll can be used for the failed " \
           "catch (one team re-roll has already been used this turn, the most classic allows)" in err
