"""The set-up advisor (issue 14, points 2 and 3): the minimax value of a receiving set-up is
exactly the kicker's best of ``rank_targets``; the incremental evaluator gives a fresh solve's
values after any moves; the search gives legal set-ups, the same for the same seed, and stops
when cancelled."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kickoff.analysis.advisor.evaluate import Evaluator, FreshEvaluator, kick_options
from kickoff.analysis.advisor.moves import (
    MoveSpace,
    apply_layout,
    layout_of,
    layout_problems,
    neighbours,
    random_layout,
)
from kickoff.analysis.advisor.search import (
    CANDIDATES_PER_ROUND,
    OptimizeRequest,
    SetupValue,
    optimize_setup,
    setup_value,
)
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import KICKER_WANTS_HIGH, OBJECTIVES, Objective
from kickoff.analysis.targets import rank_targets
from kickoff.core.rulesets import RULESETS
from kickoff.core.setup import kickoff_setup_problems
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

KICKING = {"eleven": "botbowl_def_zone", "sevens": "sevens_def_zone"}


def match(ruleset: str, team: str, setup: str, kicking_team: str = "human") -> GameState:
    """``team`` receiving (away) on ``setup`` against ``kicking_team`` on the default defence."""
    rs = RULESETS[ruleset]
    teams = {"home": load_team(kicking_team, rs.family), "away": load_team(team, rs.family)}
    setups = {"home": load_setup(KICKING[rs.pitch.name], rs.pitch),
              "away": load_setup(setup, rs.pitch)}
    return build_state(rs, teams, setups, kicking="home")


def reference(state: GameState, ruleset: str, objective: Objective, events: str = "none",
              play: str = "defaults") -> tuple[Fraction, list[tuple[Fraction, bool]]]:
    """The kicker's best value over every target of ``rank_targets``, the default kicker using
    Kick when he has it (every face's default), computed here from the solver, and every
    (value, kick) best."""
    rs = RULESETS[ruleset]
    bests = []
    for kick in kick_options(state, rs, frozenset()):
        solver = KickoffSolver(state, rs, events=events, use_kick_skill=kick,  # type: ignore[arg-type]
                               play=play, objective=objective)  # type: ignore[arg-type]
        values = [r.value for r in rank_targets(solver, objective)]
        bests.append((max(values) if KICKER_WANTS_HIGH[objective] else min(values), kick))
    pick = max if KICKER_WANTS_HIGH[objective] else min
    return pick(v for v, _ in bests), bests


CASES = [("bb2020", "orc", "botbowl_off_wedge", "receiver-holds"),
         ("bb2020", "wood_elf", "botbowl_off_line", "touchback"),
         ("bb2020", "human", "botbowl_off_wedge", "ball-on-ground"),
         ("sevens", "orc", "sevens_off_wedge", "distance"),
         ("sevens", "skaven", "sevens_off_line", "receiver-holds")]


@pytest.mark.parametrize(("ruleset", "team", "setup", "objective"), CASES)
def test_setup_value_is_the_kickers_best_of_rank_targets(
    ruleset: str, team: str, setup: str, objective: Objective
) -> None:
    state = match(ruleset, team, setup)
    got = setup_value(state, RULESETS[ruleset], objective=objective, events="none")
    best, bests = reference(state, ruleset, objective)
    assert got.value == best
    # the target is one where the kicker gets exactly that value, with that use of Kick
    solver = KickoffSolver(state, RULESETS[ruleset], events="none",
                           use_kick_skill=got.use_kick_skill)
    assert rank_targets(solver, objective)[0].target == got.target
    assert (best, got.use_kick_skill) in bests


def test_kick_is_used_when_the_kicker_has_it_unless_asked_otherwise() -> None:
    """Every face's default (issue 26): the kicker uses Kick when he has it; --no-kick-skill
    (``False``) kicks without it."""
    human = match("bb2020", "orc", "botbowl_off_wedge", kicking_team="human")
    dwarf = match("bb2020", "orc", "botbowl_off_wedge", kicking_team="dwarf")
    assert kick_options(human, RULESETS["bb2020"], frozenset()) == (True,)
    assert kick_options(human, RULESETS["bb2020"], frozenset(), False) == (False,)
    assert kick_options(dwarf, RULESETS["bb2020"], frozenset()) == (False,)
    with_kick = setup_value(human, RULESETS["bb2020"], events="none")
    without = setup_value(human, RULESETS["bb2020"], events="none", use_kick_skill=False)
    assert (with_kick.use_kick_skill, without.use_kick_skill) == (True, False)
    assert with_kick.value != without.value


@pytest.mark.slow
def test_setup_value_with_the_kickoff_events() -> None:
    state = match("sevens", "orc", "sevens_off_wedge")
    got = setup_value(state, RULESETS["sevens"], events="all")
    assert got.value == reference(state, "sevens", "receiver-holds", "all")[0]


@pytest.mark.slow
@pytest.mark.parametrize("objective", ["receiver-holds", "ball-on-ground"])
def test_setup_value_with_the_receivers_best_play(objective: Objective) -> None:
    state = match("sevens", "orc", "sevens_off_wedge")
    rs = RULESETS["sevens"]
    best = setup_value(state, rs, objective=objective, play="best", events="none")
    assert best.value == reference(state, "sevens", objective, play="best")[0]
    defaults = setup_value(state, rs, objective=objective, events="none")
    # the receivers' choices never help the kicker
    assert (best.value <= defaults.value if KICKER_WANTS_HIGH[objective]
            else best.value >= defaults.value)


def _walk(ruleset: str, team: str, setup: str, objective: Objective, seed: int, steps: int
          ) -> None:
    """Random moves (each a rebase, or a candidate tried from the base): the incremental value
    equals a fresh solve's every time."""
    state = match(ruleset, team, setup)
    rs = RULESETS[ruleset]
    inc = Evaluator(state, rs, objective, "none", "defaults", frozenset())
    fresh = FreshEvaluator(state, rs, objective, "none", "defaults", frozenset())
    space = MoveSpace.of(state, rs)
    rng = random.Random(seed)
    current = layout_of(state)
    assert inc.value(current) == fresh.value(current)
    for _ in range(steps):
        cands = neighbours(space, current, 2, rng)
        assert inc.value(cands[-1]) == fresh.value(cands[-1])
        current = cands[0]
        inc.rebase(current)
        assert inc.value(current) == fresh.value(current)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), objective=st.sampled_from(OBJECTIVES))
def test_incremental_values_equal_a_fresh_solve_sevens(seed: int, objective: Objective) -> None:
    _walk("sevens", "human", "sevens_off_wedge", objective, seed, 2)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), objective=st.sampled_from(OBJECTIVES))
def test_incremental_values_equal_a_fresh_solve_eleven(seed: int, objective: Objective) -> None:
    _walk("bb2020", "human", "botbowl_off_wedge", objective, seed, 1)


def test_incremental_after_a_restart_equals_a_fresh_solve() -> None:
    state = match("bb2020", "wood_elf", "botbowl_off_line")
    rs = RULESETS["bb2020"]
    inc = Evaluator(state, rs, "receiver-holds", "none", "defaults", frozenset())
    fresh = FreshEvaluator(state, rs, "receiver-holds", "none", "defaults", frozenset())
    far = random_layout(MoveSpace.of(state, rs), random.Random(11))
    assert far is not None
    assert inc.value(far) == fresh.value(far)
    inc.rebase(far)
    near = neighbours(MoveSpace.of(state, rs), far, 1, random.Random(2))[0]
    assert inc.value(near) == fresh.value(near)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(["bb2020", "sevens", "classic"]),
       size=st.integers(1, 14))
def test_random_and_neighbouring_layouts_are_legal(seed: int, ruleset: str, size: int) -> None:
    state = match(ruleset, "human", "sevens_off_wedge" if ruleset == "sevens" else "botbowl_off_wedge")
    team = state.teams["away"]
    # a team of ``size`` players (the others not available), Reserves included
    world = state.clone()
    for p in team.players[size:]:
        world.remove(p, "casualty")
    rs = RULESETS[ruleset]
    space = MoveSpace.of(world, rs)
    rng = random.Random(seed)
    layout = random_layout(space, rng)
    assert layout is not None
    assert sum(sq is not None for sq in layout) == min(size, len(team.players), rs.max_players)
    assert layout_problems(world, rs, layout) == []
    for cand in neighbours(space, layout, 4, rng):
        assert layout_problems(world, rs, cand) == []
        assert kickoff_setup_problems(apply_layout(world, cand), rs) == []


def _request(seed: int = 5, rounds: int = 3) -> OptimizeRequest:
    state = match("sevens", "human", "sevens_off_wedge")
    return OptimizeRequest(state, RULESETS["sevens"], rounds=rounds, seed=seed, events="none")


def test_search_is_legal_deterministic_and_no_worse_than_its_start() -> None:
    request = _request()
    first = optimize_setup(request)
    again = optimize_setup(request)
    assert first == again
    assert first.evaluated == 3 * CANDIDATES_PER_ROUND
    assert not first.cancelled
    state = request.state
    layout = tuple(first.squares[p.id] for p in state.teams["away"].players)
    best = apply_layout(state, layout)
    assert kickoff_setup_problems(best, request.ruleset) == []
    assert first.value == setup_value(best, request.ruleset, events="none")
    assert first.start_value == setup_value(state, request.ruleset, events="none")
    assert first.value.value >= first.start_value.value  # receiver-holds: the receivers want it high
    other = optimize_setup(_request(seed=6))
    assert other.squares != first.squares or other.value == first.value


def test_search_reports_progress_and_stops_when_cancelled() -> None:
    seen: list[int] = []
    asked = []

    def cancelled() -> bool:
        asked.append(True)
        return len(asked) > 2

    result = optimize_setup(_request(rounds=10), progress=lambda p: seen.append(p.evaluated),
                            cancelled=cancelled)
    assert result.cancelled
    assert seen == [CANDIDATES_PER_ROUND, 2 * CANDIDATES_PER_ROUND]
    assert result.evaluated == 2 * CANDIDATES_PER_ROUND
    assert isinstance(result.value, SetupValue)
    assert result.value.value >= result.start_value.value


def test_fresh_solves_are_cancelled_between_candidates() -> None:
    # Kick It! (a house rule): every candidate is a fresh solve, so a round is not atomic
    asked = []

    def cancelled() -> bool:
        asked.append(True)
        return len(asked) > 3

    request = OptimizeRequest(_request().state, RULESETS["sevens"], rounds=5, seed=2,
                              house_rules=frozenset({"kick_it"}), events="none")
    result = optimize_setup(request, cancelled=cancelled)
    assert result.cancelled
    assert result.evaluated == 3  # asked before the round and the 2nd, 3rd and 4th candidates
    layout = tuple(result.squares[p.id] for p in request.state.teams["away"].players)
    assert result.value == setup_value(apply_layout(request.state, layout), request.ruleset,
                                       house_rules=request.house_rules, events="none")


def test_search_with_reserves_fields_the_most_it_can() -> None:
    state = match("bb2020", "human", "botbowl_off_wedge")  # 14 players, 11 on the pitch
    result = optimize_setup(OptimizeRequest(state, RULESETS["bb2020"], rounds=2, seed=1,
                                            events="none"))
    on = [sq for sq in result.squares.values() if sq is not None]
    assert len(on) == 11
    assert len(result.squares) == 14


@pytest.mark.parametrize(("change", "needle"), [
    ({"seconds": 0.0}, "seconds"), ({"rounds": 0}, "rounds"), ({"play": "worst"}, "play")])
def test_bad_requests(change: dict[str, object], needle: str) -> None:
    request = _request()
    with pytest.raises(ValueError, match=needle):
        optimize_setup(OptimizeRequest(**{**request.__dict__, **change}))  # type: ignore[arg-type]


def test_an_illegal_start_is_refused_naming_the_problem() -> None:
    request = _request()
    world = request.state.clone()
    los = world.pitch.los["away"]
    for p in world.teams["away"].players:
        if p.square is not None and p.square.x == los:
            free = next(x for x in range(los + 1, world.pitch.width)
                        if world.at((x, p.square.y)) is None)
            world.move(p, p.square.step(free - los, 0))
    with pytest.raises(ValueError, match=r"illegal.*Line of Scrimmage"):
        optimize_setup(OptimizeRequest(world, request.ruleset, rounds=1, events="none"))


@pytest.mark.slow
def test_search_on_a_local_cluster_equals_the_in_process_search() -> None:
    from kickoff.analysis.cluster import open_executor

    request = _request(seed=9, rounds=3)
    here = optimize_setup(request)
    with open_executor(workers=2) as executor:
        assert executor.slots == 2
        there = optimize_setup(request, executor=executor)
    assert there == here


def test_an_evaluation_budget_is_whole_rounds_or_part_of_the_last() -> None:
    """``evaluations`` (``--evaluations``, issue 26) bounds the candidates valued: 32 is the
    search of 2 rounds of 16 exactly; 20 stops 4 candidates into the second round, the same
    draws valued as far as it goes; 0 values the starting set-up only."""
    state = _request().state
    rs = RULESETS["sevens"]
    by_rounds = optimize_setup(OptimizeRequest(state, rs, rounds=2, seed=3, events="none"))
    by_count = optimize_setup(OptimizeRequest(state, rs, evaluations=32, seed=3, events="none"))
    assert by_count == by_rounds and by_count.evaluated == 2 * CANDIDATES_PER_ROUND
    part = optimize_setup(OptimizeRequest(state, rs, evaluations=20, seed=3, events="none"))
    assert part.evaluated == 20
    assert part == optimize_setup(OptimizeRequest(state, rs, evaluations=20, seed=3,
                                                  events="none"))
    none = optimize_setup(OptimizeRequest(state, rs, evaluations=0, seed=3, events="none"))
    assert none.evaluated == 0 and none.value == none.start_value
    with pytest.raises(ValueError, match="evaluations: -1"):
        optimize_setup(OptimizeRequest(state, rs, evaluations=-1, events="none"))
