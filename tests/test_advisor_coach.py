"""The set-up advisor as a coach would use it (issue 24, point 4): pinned players stay put, the
suggestion is the start (or the fewest moves, the fewest conventions broken) wherever the
objective is indifferent, and each suggestion is explained per Kick-off event, the events'
values adding up to the set-up's exactly."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from helpers import quick_subset

from kickoff.analysis.advisor.events import TWO_D6, event_values, events_of
from kickoff.analysis.advisor.moves import (
    Layout,
    MoveSpace,
    apply_layout,
    ball_handler,
    big_guy,
    layout_of,
    layout_problems,
    neighbours,
    random_layout,
)
from kickoff.analysis.advisor.prefer import EPSILON, Chooser, moved, silliness
from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup, setup_value
from kickoff.analysis.objectives import receivers_prefer
from kickoff.core.errors import OptionError
from kickoff.core.pitch import Square
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

KICKING = {"eleven": "botbowl_def_zone", "sevens": "sevens_def_zone"}
OFFENCE = {"eleven": "botbowl_off_wedge", "sevens": "sevens_off_wedge"}


def match(ruleset: str, team: str, kicking_team: str = "human") -> GameState:
    """``team`` receiving (away) on the pitch's default offence against ``kicking_team`` on its
    default defence."""
    rs = RULESETS[ruleset]  # type: ignore[index]
    family = "sevens" if ruleset == "sevens" else "classic" if ruleset == "classic" else "bb2020"
    teams = {"home": load_team(kicking_team, family), "away": load_team(team, family)}  # type: ignore[arg-type]
    setups = {"home": load_setup(KICKING[rs.pitch.name], rs.pitch),
              "away": load_setup(OFFENCE[rs.pitch.name], rs.pitch)}
    return build_state(rs, teams, setups, kicking="home")


def _index(state: GameState, test: object) -> int:
    players = state.teams[state.receiving].players
    return next(i for i, p in enumerate(players) if test(p))  # type: ignore[operator]


def _free(state: GameState, layout: Layout, los: bool) -> list[Square]:
    taken = set(layout)
    return [sq for sq in state.pitch.setup_zone_squares(state.receiving)
            if sq not in taken and state.pitch.on_los(state.receiving, sq) == los]


# -- the named cases, as the tie-break sees them -----------------------------------------------
def test_a_thrower_on_the_line_of_scrimmage_is_a_convention_broken() -> None:
    """bb2025 Skaven receiving Dwarfs: the Thrower (Pass, Sure Hands) moved onto the Line of
    Scrimmage in place of a Lineman breaks one convention more than the start."""
    state = match("bb2025", "skaven", "dwarf")
    rs = RULESETS["bb2025"]
    start = layout_of(state)
    thrower = _index(state, ball_handler)
    assert start[thrower] is not None
    assert not state.pitch.on_los(state.receiving, start[thrower])
    lineman = next(i for i, sq in enumerate(start)
                   if sq is not None and state.pitch.on_los(state.receiving, sq))
    swapped = list(start)
    swapped[thrower], swapped[lineman] = start[lineman], start[thrower]
    assert layout_problems(state, rs, tuple(swapped)) == []
    assert silliness(state, rs, tuple(swapped)) == silliness(state, rs, start) + 1


def test_a_kroxigor_as_the_deep_receiver_is_a_convention_broken() -> None:
    """bb2020 Lizardmen: the Kroxigor (Loner) on the Line of Scrimmage breaks none of the Big
    Guy's convention; as the deep receiver, one."""
    state = match("bb2020", "lizardmen")
    rs = RULESETS["bb2020"]
    start = layout_of(state)
    krox = _index(state, big_guy)
    on = list(start)
    lineman = next(i for i, sq in enumerate(start)
                   if sq is not None and state.pitch.on_los(state.receiving, sq))
    on[krox], on[lineman] = start[lineman], None  # the Kroxigor in a Saurus' place
    deep = max((i for i, sq in enumerate(on) if sq is not None),
               key=lambda i: abs(on[i].x - 13))  # type: ignore[union-attr]
    off = list(on)
    off[krox], off[deep] = on[deep], on[krox]  # the Kroxigor the deep receiver
    assert layout_problems(state, rs, tuple(off)) == []
    assert silliness(state, rs, tuple(off)) == silliness(state, rs, tuple(on)) + 1


def test_six_of_seven_on_the_line_is_three_conventions_broken() -> None:
    """Sevens Wood Elves: six on the Line of Scrimmage, three beyond the minimum."""
    state = match("sevens", "wood_elf")
    rs = RULESETS["sevens"]
    start = layout_of(state)
    los = _free(state, start, los=True) + [sq for sq in start if sq is not None
                                            and state.pitch.on_los(state.receiving, sq)]
    fielded = [i for i, sq in enumerate(start) if sq is not None]
    # the Thrower (Pass) off the line, six others on it
    thrower = _index(state, ball_handler)
    others = [i for i in fielded if i != thrower][:6]
    layout: list[Square | None] = [None] * len(start)
    for i, sq in zip(others, sorted(los, key=lambda s: s.y)[:6], strict=True):
        layout[i] = sq
    layout[thrower] = _free(state, tuple(layout), los=False)[0]
    assert layout_problems(state, rs, tuple(layout)) == []
    assert silliness(state, rs, tuple(layout)) == 6 - rs.min_on_los


def test_the_tie_break_keeps_the_start_within_epsilon_and_takes_a_real_gain() -> None:
    """The distance case: 2.71 squares against the start's 2.70 is no reason to move; a gain
    beyond epsilon is. Among those within epsilon, the fewest conventions broken, then moves."""
    state = match("sevens", "wood_elf")
    rs = RULESETS["sevens"]
    start = layout_of(state)
    rng = random.Random(3)
    far = random_layout(MoveSpace.of(state, rs), rng)
    assert far is not None and moved(start, far) > 1
    chooser = Chooser(state, rs, "distance", start)
    chooser.offer(start, Fraction(270, 100), "start")
    chooser.offer(far, Fraction(271, 100), "far")
    assert chooser.choice()[2] == "start"
    assert chooser.best == Fraction(271, 100)
    better = Fraction(270, 100) + EPSILON["distance"] + Fraction(1, 100)
    chooser.offer(far, better, "far, better")
    assert chooser.choice()[2] == "far, better"
    # ball-on-ground: the kicker wants it high, the receivers low; within epsilon the start
    low = Chooser(state, rs, "ball-on-ground", start)
    low.offer(start, Fraction(1, 10), "start")
    low.offer(far, Fraction(1, 10) - EPSILON["ball-on-ground"] / 2, "far")
    assert low.choice()[2] == "start"
    low.offer(far, Fraction(1, 10) - 2 * EPSILON["ball-on-ground"], "far, better")
    assert low.choice()[2] == "far, better"
    low.offer(far, Fraction(1, 10) + 2 * EPSILON["ball-on-ground"], "far, worse")
    assert low.choice()[2] == "far, better"


def test_within_epsilon_the_fewest_conventions_broken_win_over_fewer_moves() -> None:
    state = match("bb2025", "skaven", "dwarf")
    rs = RULESETS["bb2025"]
    start = layout_of(state)
    thrower = _index(state, ball_handler)
    lineman = next(i for i, sq in enumerate(start)
                   if sq is not None and state.pitch.on_los(state.receiving, sq))
    silly = list(start)
    silly[thrower], silly[lineman] = start[lineman], start[thrower]  # two moved
    free = _free(state, start, los=False)
    tidy = list(start)
    others = [i for i, sq in enumerate(start) if sq is not None and i not in (thrower, lineman)
              and not state.pitch.on_los(state.receiving, sq)]
    tidy[others[0]], tidy[others[1]], tidy[others[2]] = free[0], free[1], free[2]  # three moved
    chooser = Chooser(state, rs, "receiver-holds", start)
    chooser.offer(start, Fraction(1, 10), "start")
    chooser.offer(tuple(silly), Fraction(1, 10) + 2 * EPSILON["receiver-holds"], "silly")
    chooser.offer(tuple(tidy), Fraction(1, 10) + Fraction(3, 2) * EPSILON["receiver-holds"], "tidy")
    assert chooser.choice()[2] == "tidy"


# -- the search --------------------------------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "team", "objective"), [
    ("sevens", "wood_elf", "distance"), ("sevens", "orc", "receiver-holds"),
    ("bb2020", "lizardmen", "touchback")])
def test_the_suggestion_is_within_epsilon_of_the_best_and_no_worse_than_the_start(
    ruleset: str, team: str, objective: str
) -> None:
    state = match(ruleset, team)
    rs = RULESETS[ruleset]  # type: ignore[index]
    s = optimize_setup(OptimizeRequest(state, rs, objective=objective, events="none",  # type: ignore[arg-type]
                                       evaluations=120, seed=2))
    assert s.best_value is not None
    assert abs(s.value.value - s.best_value.value) <= EPSILON[objective]  # type: ignore[index]
    assert not receivers_prefer(objective, s.start_value.value, s.value.value)  # type: ignore[arg-type]
    layout = tuple(s.squares[p.id] for p in state.teams["away"].players)
    assert s.moved == moved(layout_of(state), layout)
    if abs(s.best_value.value - s.start_value.value) <= EPSILON[objective]:  # type: ignore[index]
        assert s.moved == 0 and layout == layout_of(state)
    # its value is the written set-up's
    assert setup_value(apply_layout(state, layout), rs, objective=objective,  # type: ignore[arg-type]
                       events="none") == s.value


def test_pinned_players_never_move_in_moves_or_restarts() -> None:
    state = match("sevens", "human")
    rs = RULESETS["sevens"]
    start = layout_of(state)
    los = [p.id for p, sq in zip(state.teams["away"].players, start, strict=True)
           if sq is not None and state.pitch.on_los("away", sq)]
    assert len(los) >= rs.min_on_los
    keep = frozenset(los)
    space = MoveSpace.of(state, rs, keep)
    pinned = [i for i, p in enumerate(state.teams["away"].players) if p.id in keep]
    rng = random.Random(1)
    for _ in range(20):
        far = random_layout(space, rng)
        assert far is not None and layout_problems(state, rs, far) == []
        assert all(far[i] == start[i] for i in pinned)
        for near in neighbours(space, far, 4, rng):
            assert all(near[i] == start[i] for i in pinned)
    # a search long enough to restart (6 rounds without a gain) keeps them too
    s = optimize_setup(OptimizeRequest(state, rs, events="none", rounds=14, seed=5, keep=keep))
    assert all(s.squares[pid] == start[i] for pid, i in zip(los, pinned, strict=True))
    # everyone pinned: nothing to search, the start suggested at once (not 60 s of the same)
    everyone = frozenset(p.id for p in state.teams["away"].players)
    s = optimize_setup(OptimizeRequest(state, rs, events="none", keep=everyone))
    assert (s.evaluated, s.moved, s.value) == (0, 0, s.start_value)


def test_an_unknown_pinned_player_names_the_option() -> None:
    state = match("sevens", "human")
    with pytest.raises(OptionError) as e:
        optimize_setup(OptimizeRequest(state, RULESETS["sevens"], events="none", rounds=1,
                                       keep=frozenset({"a99"})))
    assert e.value.problems[0].where == "keep"
    assert "a99" in str(e.value)


# -- per Kick-off event ------------------------------------------------------------------------
def test_the_kickoff_table_events_have_the_chances_of_2d6() -> None:
    for name in ("bb2020", "bb2025", "classic", "sevens"):
        rs = RULESETS[name]  # type: ignore[index]
        events = events_of(rs)
        assert sum((c for _, c in events), Fraction(0)) == 1
        assert TWO_D6[7] == Fraction(1, 6)
        names = [e.name for e, _ in events]
        assert len(names) == len(set(names))
        assert dict((e.name, c) for e, c in events)[rs.kickoff_table[2].name] >= Fraction(1, 36)


def test_the_events_values_add_up_to_the_setups_value_and_the_gains_explain_it() -> None:
    """Sevens, the Kick-off table on: each set-up's values per event, weighted by their 2D6
    chances, are its minimax value exactly; the gains are the differences."""
    state = match("sevens", "wood_elf")
    rs = RULESETS["sevens"]
    s = optimize_setup(OptimizeRequest(state, rs, evaluations=3, seed=1))
    assert len(s.by_event) == len(events_of(rs))
    start = sum((g.chance * g.start for g in s.by_event), Fraction(0))
    value = sum((g.chance * g.value for g in s.by_event), Fraction(0))
    assert start == s.start_value.value
    assert value == s.value.value
    assert all(g.gain == g.value - g.start for g in s.by_event)  # receiver-holds: higher
    # Changing Weather (the scatter before landing) is where the two differ most for a start
    direct = event_values(state, rs, "receiver-holds", "defaults", frozenset(),
                          s.start_value.target, s.start_value.use_kick_skill)
    assert [e.value for e in direct] == [g.start for g in s.by_event]
    assert len({e.value for e in direct}) > 1


def test_the_distance_case_keeps_the_coachs_set_up() -> None:
    """Issue 24's distance case, reproduced: Sevens Wood Elves, ``--objective distance --events
    none --evaluations 160``: the search meets a set-up moving most of the team for a few
    thousandths of a square more (2.7048 against the start's 2.7031); the suggestion is the
    start, unmoved, and says what the best met was."""
    state = match("sevens", "wood_elf")
    s = optimize_setup(OptimizeRequest(state, RULESETS["sevens"], objective="distance",
                                       events="none", evaluations=160, seed=0))
    assert s.best_value is not None
    assert s.best_value.value > s.start_value.value  # the search did find "better"
    assert s.best_value.value - s.start_value.value <= EPSILON["distance"]
    assert s.moved == 0 and s.value == s.start_value
    assert tuple(s.squares[p.id] for p in state.teams["away"].players) == layout_of(state)


@pytest.mark.parametrize(("ruleset", "team", "kicking"), quick_subset([
    ("bb2025", "skaven", "dwarf"), ("bb2020", "lizardmen", "human"),
    ("sevens", "wood_elf", "human")], ("bb2020", "lizardmen", "human")))  # the others: slow
def test_the_named_teams_searches_suggest_within_epsilon_and_closer_to_the_start(
    ruleset: str, team: str, kicking: str
) -> None:
    """Issue 24's named teams, searched as the tie-break's record (events off, 480 candidates,
    seed 0, reproducible): the best met moves more players than the suggestion, which is within
    epsilon of it and breaks no more of the conventions; without the tie-break the two would be
    one (the search's best). Each one's value is its set-up's."""
    state = match(ruleset, team, kicking)
    rs = RULESETS[ruleset]  # type: ignore[index]
    s = optimize_setup(OptimizeRequest(state, rs, events="none", evaluations=480, seed=0))
    assert s.best_value is not None and s.best_squares is not None
    players = state.teams["away"].players
    start = layout_of(state)
    chosen = tuple(s.squares[p.id] for p in players)
    best = tuple(s.best_squares[p.id] for p in players)
    assert 0 <= s.best_value.value - s.value.value <= EPSILON["receiver-holds"]
    assert s.moved == moved(start, chosen) < moved(start, best)
    assert silliness(state, rs, chosen) <= max(silliness(state, rs, best), silliness(state, rs, start))
    assert s.value.value > s.start_value.value + EPSILON["receiver-holds"]  # a real gain
    for layout, value in ((chosen, s.value), (best, s.best_value)):
        assert setup_value(apply_layout(state, layout), rs, events="none") == value


def test_a_cancelled_search_answers_without_the_report_per_event() -> None:
    state = match("sevens", "wood_elf")
    s = optimize_setup(OptimizeRequest(state, RULESETS["sevens"], evaluations=16),
                       cancelled=lambda: True)
    assert s.cancelled and s.by_event == () and s.evaluated == 0
    assert s.value == s.start_value
