"""Issue 24 point 2 for Kick It!: ``KickSolver.odds(play="best")`` plays the kicking coach's aim
(and landing) at his best, maximising P(no turnover), and the opposing coach's Pass Block move
and then kick block at his, minimising it, over the options the rules declare through
``decide``.

Checked against a brute force that scripts every candidate answer through the scripted coach
(the activation's ``aim``, ``pass_block``, ``kick_block``; the rule's own check refuses the
illegal ones), and, on small random set-ups, that a coach's best is never worse for him than his
defaults against a fixed opponent. The set-ups are small so that each test takes well under 2 s:
the Pass Block move is limited to one square (``KickIt.pass_block_squares``, typed ruleset
data) where a brute force enumerates it."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from helpers import cli, player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kickit_helpers import kick, turn

from kickoff.analysis.exact.kick import KickOdds, KickSolver
from kickoff.core.decisions import PassBlock
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import NEIGHBOURS, Square
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

#: h1 kicks from [10, 7], h2 waits on [14, 7]; a1 (Pass Block) two squares off, not Marked
#: (no Dodge), a2 next to the kicker (his tackle zone on the away roll, a kick blocker for some
#: aims).
HOME = [player("h1", [10, 7]), player("h2", [14, 7])]
AWAY = [player("a1", [12, 8], skills=["pass_block"]), player("a2", [9, 8])]


def _loaded(doc: dict[str, Any], pass_block_squares: int | None = 1) -> LoadedScenario:
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    if pass_block_squares is None:
        return loaded
    rs = loaded.ruleset
    return replace(loaded, ruleset=replace(rs, kick_it=replace(
        rs.kick_it, pass_block_squares=pass_block_squares)))


def _no_turnover(odds: KickOdds) -> Fraction:
    return 1 - odds.turnover


def _scripted(solver: KickSolver, act: Any) -> Fraction | None:
    """P(no turnover) of ``act`` as scripted (the format's landing: every allowed landing's
    journey would cost more than the test's time), ``None`` if the rules refuse it."""
    try:
        return _no_turnover(solver.odds(act, "default"))
    except DecisionError:
        return None


def test_best_is_the_max_over_aims_of_the_min_over_every_scripted_pass_block_and_kick_block(
) -> None:
    sc = _loaded(turn(home=HOME, away=AWAY, actions=[kick([11, 7])]))
    act = sc.actions[0]
    brute = KickSolver(sc.state, sc.ruleset)  # (one solver: the journeys are solved once)
    best = brute.odds(act, "default", play="best")
    # the brute force: every aim (the kicker's eight neighbours), every Pass Block move of a1
    # (none, or one step), every kick block (nobody, a1, a2), scripted; refused ones skipped
    moves = [None, *(PassBlock("a1", (Square(12, 8).step(*d),)) for d in NEIGHBOURS)]
    by_aim: dict[Square, Fraction] = {}
    legal = 0
    for aim in (Square(10, 7).step(*d) for d in NEIGHBOURS):
        values = [v for pb in moves for kb in (None, "a1", "a2")
                  if (v := _scripted(brute, replace(act, aim=aim, pass_block=pb,
                                                    kick_block=kb))) is not None]
        legal += len(values)
        by_aim[aim] = min(values)
    assert legal > 8 * 2  # the brute force played more than one option per aim
    assert _no_turnover(best) == max(by_aim.values())
    assert best.aim == max(by_aim, key=lambda a: by_aim[a]) and best.play == ("best", "best")
    assert len(set(by_aim.values())) > 1  # the aim matters here


def test_the_opposing_coachs_best_is_the_min_over_every_scripted_pass_block_and_kick_block(
) -> None:
    """The aim kept (``keep``): only the opposing coach chooses, and the choices he made are
    named against the defaults (the activation's: no Pass Block move, no kick block)."""
    sc = _loaded(turn(home=HOME, away=AWAY, actions=[kick([11, 8])]))
    act = sc.actions[0]
    best = KickSolver(sc.state, sc.ruleset).odds(act, "default", play="best", keep=("aim",))
    brute = KickSolver(sc.state, sc.ruleset)
    moves = [None, *(PassBlock("a1", (Square(12, 8).step(*d),)) for d in NEIGHBOURS)]
    scripted = {(pb, kb): v for pb in moves for kb in (None, "a1", "a2")
                if (v := _scripted(brute, replace(act, pass_block=pb, kick_block=kb)))
                is not None}
    assert _no_turnover(best) == min(scripted.values()) < scripted[(None, None)]
    (pb, kb), _ = min(scripted.items(), key=lambda kv: kv[1])
    assert (best.aim, best.pass_block, best.kick_block) == (Square(11, 8), pb, kb)
    assert [(c.coach, c.kind, c.answer, c.default, c.p) for c in best.choices] == [
        ("opposing", k, a, None, 1) for k, a in (("pass_block", pb), ("kick_block", kb))
        if a is not None]


def test_a_kick_block_after_a_pass_block_move_is_chosen_once_its_dodges_are_rolled() -> None:
    """a1 (Pass Block, Very Long Legs) on [12, 9] is Marked by h3: his Pass Block move to
    [11, 8], next to the kicker, is a Dodge at 4+ (AG 3+, -1 for h1's tackle zone there). The
    kick block is the opposing coach's decision after the move (the rules' order): a1 (3+ with
    Very Long Legs) when he keeps his feet, a2 (4+) when he falls and cannot block."""
    home = [player("h1", [10, 7]), player("h2", [15, 7]), player("h3", [13, 10])]
    away = [player("a1", [12, 9], skills=["pass_block", "very_long_legs"]),
            player("a2", [11, 6])]
    sc = _loaded(turn(home=home, away=away, actions=[kick([11, 7])]))
    best = KickSolver(sc.state, sc.ruleset).odds(sc.actions[0], play="best", keep=("aim",))
    assert best.pass_block == PassBlock("a1", (Square(11, 8),))
    blocks = {c.answer: c.p for c in best.choices if c.kind == "kick_block"}
    assert blocks == {"a1": Fraction(1, 2), "a2": Fraction(1, 2)}
    assert best.kick_block in blocks and best.play == ("best", "best")
    assert best.landing == "best"  # the kicking coach at his best: his landing too


def _setup(data: st.DataObject) -> LoadedScenario:
    """A kicker on [10, 7] with one team-mate and one or two opponents near him (Pass Block,
    Very Long Legs at random), Pass Block moves of one square."""
    def square() -> list[int]:
        return [data.draw(st.integers(8, 13)), data.draw(st.integers(5, 9))]

    taken = {(10, 7)}
    home = [player("h1", [10, 7])]
    away: list[dict[str, Any]] = []
    for pid in ("h2", "a1", "a2")[:data.draw(st.integers(2, 3))]:
        sq = square()
        if tuple(sq) in taken:
            continue
        taken.add((sq[0], sq[1]))
        skills = [] if pid == "h2" else data.draw(st.lists(st.sampled_from(
            ["pass_block", "very_long_legs"]), max_size=2, unique=True))
        (home if pid == "h2" else away).append(player(pid, sq, skills=skills))
    aim = Square(10, 7).step(*data.draw(st.sampled_from(NEIGHBOURS)))
    return _loaded(turn(home=home, away=away or [player("a1", [20, 12])],
                        actions=[kick(list(aim))]))


@settings(max_examples=3, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_coachs_best_is_never_worse_for_him_than_his_defaults_against_a_fixed_opponent(
        data: st.DataObject) -> None:
    sc = _setup(data)
    solver = KickSolver(sc.state, sc.ruleset)
    act = sc.actions[0]
    defaults = _no_turnover(solver.odds(act))
    kicking = _no_turnover(solver.odds(act, "default", "best", opposing="defaults"))
    opposing = _no_turnover(solver.odds(act, "default", "best", kicking="defaults"))
    assert kicking >= defaults >= opposing


def test_defaults_are_todays_odds_and_json() -> None:
    """``play="defaults"`` is the activation as scripted: the same odds and JSON as without
    ``play`` (no ``play``, ``choices`` keys)."""
    sc = _loaded(turn(home=HOME, away=AWAY, actions=[kick([9, 7], kick_block="a2")]), None)
    solver = KickSolver(sc.state, sc.ruleset)
    plain = solver.odds(sc.actions[0], "default").to_json()
    assert solver.odds(sc.actions[0], play="defaults").to_json() == plain
    assert "play" not in plain and plain["kick_block"] == "a2"


def test_odds_kick_play_best_names_each_coachs_choice_and_what_it_played(tmp_path: Any) -> None:
    doc = turn(home=HOME, away=[player("a2", [9, 8])], actions=[kick(None)])
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(doc))
    code, out, err = cli(["odds-kick", str(path), "--play", "best"])
    assert code == 0, err
    assert "Play: best, exactly" in out and "played as given" not in out
    assert "Choices played (best for each coach):\n- kicking coach: Aim: [" in out
    assert "(default: [11, 7])" in out  # the aim a kick without one takes: ahead
    code, out, err = cli(["odds-kick", str(path), "--play", "best", "--aim", "11,7", "--json",
                          "--landing", "default"])
    assert code == 0, err
    got = json.loads(out)
    assert got["play"] == {"kicking": "best", "opposing": "best"}
    assert got["objective"] == "no_turnover" and got["aim"] == [11, 7]
    assert all(c["decision"] != "aim" for c in got["choices"])  # --aim given: played as named
    code, out, _ = cli(["odds-kick", str(path), "--play", "best", "--aim", "11,7",
                        "--landing", "default"])
    assert "played as given: aim" in out
    code, plain, _ = cli(["odds-kick", str(path), "--json"])
    assert "play" not in json.loads(plain)
