"""The search over free-turn plans (kickoff.analysis.plans): every plan valued by the exact
solver, the best found never worse for the kicking coach than nobody acting or the ``close``
policy, and its value that of the plan scripted back through the solver."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import quick_subset

from kickoff.analysis import plans
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.core.decisions import Activation, Decisions, Move
from kickoff.core.pitch import Square
from kickoff.formats.match import build_match

TARGET = Square(8, 5)


@pytest.fixture(scope="module")
def sevens():  # type: ignore[no-untyped-def]
    """Sevens, Skaven (MA 7) kicking to Orcs: the kicking players can reach the target."""
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    found = plans.search(match.state, match.ruleset, TARGET, budget=6)
    return match, found


def test_best_plan_never_worse_than_nobody_or_close(sevens) -> None:  # type: ignore[no-untyped-def]
    _, found = sevens
    blitz = found.found["blitz"]
    assert blitz.evaluated == 6
    assert blitz.close is not None
    # receiver-holds: the kicking coach wants it low
    assert blitz.value <= blitz.nobody
    assert blitz.value <= blitz.close
    assert blitz.value < blitz.nobody  # on this set-up the search does find a better plan
    assert blitz.best.activations
    assert blitz.best.text().startswith("Blitz!: ")


def test_reported_value_is_the_plan_scripted_back(sevens) -> None:  # type: ignore[no-untyped-def]
    match, found = sevens
    best = found.found["blitz"].best
    solver = KickoffSolver(match.state, match.ruleset, events="all", play="best",
                           decisions=Decisions(blitz=list(best.activations)))
    replayed = solver.value(TARGET, "receiver-holds")
    assert replayed == found.value == found.found["blitz"].value
    assert found.decisions.blitz == list(best.activations)
    nobody = KickoffSolver(match.state, match.ruleset, events="all", play="best")
    assert nobody.value(TARGET, "receiver-holds") == found.found["blitz"].nobody


def test_close_seed_is_the_policy_for_the_target(sevens) -> None:  # type: ignore[no-untyped-def]
    match, found = sevens
    seeds = list(plans.candidates(match.state, match.ruleset, "blitz", TARGET))
    assert seeds[0].activations == ()
    assert seeds[0].text() == "Blitz!: nobody acts"
    assert 1 <= len(seeds[1].activations) <= 2  # Sevens: D3+1, at least 2 may act
    assert plans.fewest(match.ruleset, "blitz") == 2
    solver = KickoffSolver(match.state, match.ruleset, events="all", play="best",
                           decisions=Decisions(blitz=list(seeds[1].activations)))
    assert solver.value(TARGET, "receiver-holds") == found.found["blitz"].close


def test_an_illegal_plan_is_refused_by_the_free_turn_not_valued() -> None:
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    valuer = plans._Valuer(match.state, match.ruleset, TARGET, "receiver-holds", "defaults",
                           Decisions(), {})
    receiver = plans.Plan("blitz", (Activation("h1", "move", (Square(7, 5),)),))
    assert valuer.value([receiver]) is None  # h1 is a receiving player
    nobody = valuer.value([])
    assert nobody is not None and Fraction(0) < nobody < Fraction(1)
    assert valuer.value([plans.Plan("blitz", ())]) == nobody


def test_budget_is_checked() -> None:
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    with pytest.raises(ValueError, match="budget: 0"):
        plans.search(match.state, match.ruleset, TARGET, budget=0)


def test_odds_plan_budget_reports_the_plan_and_its_exact_value() -> None:
    from helpers import cli

    args = ["odds", "--ruleset", "sevens", "--home", "orc", "--away", "skaven", "--kicking",
            "away", "--target", "8,5", "--events", "all", "--play", "best"]
    code, out, _ = cli([*args, "--plan-budget", "3", "--no-plan-resetups", "--json"])
    assert code == 0
    doc = json.loads(out)
    assert list(doc["plans"]["events"]) == ["blitz"]  # --no-plan-resetups: Blitz! alone
    assert (doc["applied"]["plan_budget"], doc["applied"]["plan_resetups"]) == (3, False)
    blitz = doc["plans"]["events"]["blitz"]
    assert blitz["evaluated"] == 3
    assert blitz["plan"].startswith("Blitz!: ")
    assert Fraction(blitz["value"]) <= Fraction(blitz["nobody"])
    assert Fraction(doc["plans"]["value"]) == Fraction(blitz["value"])
    # the odds printed are those of the plan found: its value is their receiver-holds
    assert Fraction(doc["receiving_team_holds"]) == Fraction(blitz["value"])
    # (its words: test_odds_play_best_searches_the_free_moves_by_default, one search fewer)
    # a budget given needs best play and the events; the default budget is no error elsewhere
    code, _, err = cli([*args[:-2], "--plan-budget", "3"])
    assert code == 2 and "--plan-budget needs --play best" in err
    code, out, err = cli([*args[:-2], "--json"])
    assert code == 0, err
    assert "plans" not in json.loads(out) and "plan_budget" not in json.loads(out)["applied"]


def test_odds_play_best_searches_the_free_moves_by_default() -> None:
    """Issue 24: ``odds --play best --events all`` with no budget given plays the kicking
    coach's Blitz! at the best plan found, :data:`kickoff.defaults.PLAN_BUDGET` plans at most,
    and says so; its odds are those of the plan, exactly. (``--no-plan-resetups`` keeps the
    quick suite quick: the re-set-ups' search is the same code, tested with a small budget.)"""
    from helpers import cli

    from kickoff.defaults import PLAN_BUDGET

    args = ["odds", "--ruleset", "sevens", "--events", "all", "--play", "best",
            "--no-plan-resetups"]
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["applied"]["plan_budget"], doc["applied"]["plan_resetups"]) == (PLAN_BUDGET,
                                                                                False)
    blitz = doc["plans"]["events"]["blitz"]
    assert blitz["plan"] == "Blitz!: h2 to [12, 5]" and 1 < blitz["evaluated"] <= PLAN_BUDGET
    assert Fraction(blitz["value"]) < Fraction(blitz["nobody"])  # the plan beats nobody acting
    assert Fraction(doc["receiving_team_holds"]) == Fraction(blitz["value"])
    code, out, err = cli(args)
    flat = " ".join(out.split())
    assert code == 0, err
    assert "- Blitz!: - kicking coach: h2 to [12, 5] (best plan found of" in flat
    assert (f"The free moves searched (best plan found; --plan-budget {PLAN_BUDGET}, the "
            "default, 0: off; not the re-set-ups, --no-plan-resetups):") in flat
    assert "nobody acts (a whole free turn" not in flat  # the search replaced that default
    assert ("- Perfect / Solid Defence: nobody moves (not searched, --no-plan-resetups)"
            in flat)


def test_odds_plan_budget_0_plays_nobody_acts_as_before() -> None:
    """``--plan-budget 0``: no search, the free moves at the format's defaults, the odds the
    solver's alone (the figures of ``odds --play best`` before the search was the default),
    each free move's line saying it was not searched."""
    from helpers import cli

    args = ["odds", "--ruleset", "sevens", "--events", "all", "--play", "best",
            "--plan-budget", "0"]
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert "plans" not in doc and doc["applied"]["plan_budget"] == 0
    match = build_match("sevens", None, None, None, None, "home")
    target = match.state.pitch.centre[match.state.receiving]
    alone = KickoffSolver(match.state, match.ruleset, events="all", play="best").odds(target)
    assert Fraction(doc["receiving_team_holds"]) == alone.receiving_team_holds
    assert Fraction(doc["touchback"]) == alone.touchback
    code, out, _ = cli(args)
    flat = " ".join(out.split())
    assert code == 0
    for line in ("- Blitz! / Charge!: nobody acts (a whole free turn; not searched, "
                 "--plan-budget 0)",
                 "- Perfect / Solid Defence: nobody moves (not searched, --plan-budget 0)",
                 "- Quick Snap: nobody moves (too many combinations to maximise exactly; not "
                 "searched, --plan-budget 0)"):
        assert line in flat
    assert "The free moves searched" not in flat


def test_resetups_each_coach_at_his_best_found() -> None:
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    found = plans.search(match.state, match.ruleset, TARGET, budget=4, resetups=True)
    assert list(found.found) == ["blitz", "solid_defence", "quick_snap"]
    snap, solid = found.found["quick_snap"], found.found["solid_defence"]
    # the receiving coach maximises receiver-holds at Quick Snap, the kicking coach minimises
    assert snap.value >= snap.nobody and snap.value > snap.nobody
    assert solid.value <= solid.nobody
    assert snap.best.moves and all(m.player.startswith("h") for m in snap.best.moves)
    assert snap.best.text().startswith("Quick Snap: h")
    # the value is that of every plan scripted back at once
    solver = KickoffSolver(match.state, match.ruleset, events="all", play="best",
                           decisions=found.decisions)
    assert solver.value(TARGET, "receiver-holds") == found.value
    assert found.decisions.quick_snap == list(snap.best.moves)
    assert "in the Quick Snap kick-offs a lower bound" in found.lines()[-1]


def test_odds_plan_resetups_lists_every_event_searched() -> None:
    from helpers import cli

    code, out, _ = cli(["odds", "--ruleset", "sevens", "--home", "orc", "--away", "skaven",
                        "--kicking", "away", "--target", "8,5", "--events", "all", "--play",
                        "best", "--plan-budget", "2", "--plan-resetups", "--json"])
    assert code == 0
    doc = json.loads(out)
    assert list(doc["plans"]["events"]) == ["blitz", "solid_defence", "quick_snap"]
    assert all(e["evaluated"] <= 2 for e in doc["plans"]["events"].values())
    snap = doc["plans"]["events"]["quick_snap"]
    assert Fraction(snap["value"]) >= Fraction(snap["nobody"])
    assert Fraction(doc["receiving_team_holds"]) == Fraction(doc["plans"]["value"])
    # the defaults' lines of the free moves go once searched
    args = ["odds", "--ruleset", "sevens", "--home", "orc", "--away", "skaven", "--kicking", "away",
            "--target", "8,5", "--events", "all", "--play", "best"]
    code, out, _ = cli([*args, "--plan-budget", "2", "--plan-resetups"])
    flat = " ".join(out.split())
    assert code == 0 and "- Solid Defence:" in flat and "- Quick Snap:" in flat
    assert "nobody acts (a whole free turn" not in flat
    assert "- Perfect / Solid Defence: nobody moves" not in flat
    assert "- Quick Snap: nobody moves (too many" not in flat


def test_a_blitz_from_where_he_stands_has_no_path_and_its_steps_come_back() -> None:
    match = build_match("sevens", "orc", "skaven", None, None, "away")
    state = match.state
    planner = plans._Planner(state, plans.may_act(state, match.ruleset, "blitz"))
    a1 = state.players["a1"]
    assert a1.square is not None
    # a1 blitzes h1 after moving next to him; then a Blitz by a player already next to h1
    steps = planner.activations([("a1", "blitz", Square(7, 5), "h1")], "plan.blitz")
    assert steps is not None and steps[0].path[-1] == Square(7, 5) and steps[0].target == "h1"
    still = plans.Plan("blitz", (Activation("a1", "blitz", (), target="h1"),))
    assert plans._steps_of(state, still) == [("a1", "blitz", a1.square, "h1")]
    assert still.text() == "Blitz!: a1 blitzes h1 from where he stands"


def test_charge_is_searched_in_bb2025() -> None:
    match = build_match("bb2025", None, None, None, None, "home")
    target = match.state.pitch.centre[match.state.receiving]
    found = plans.search(match.state, match.ruleset, target, budget=2)
    assert list(found.found) == ["charge"]
    charge = found.found["charge"]
    assert charge.evaluated == 2 and charge.close is not None
    assert charge.value == min(charge.nobody, charge.close)  # the kicking coach's best of two
    assert charge.best.text().startswith("Charge!: ")
    assert found.decisions.charge == list(charge.best.activations) and not found.decisions.blitz
    assert plans.fewest(match.ruleset, "charge") == 4


@pytest.mark.parametrize(("ruleset", "event"), quick_subset(  # classic's: 11 s under load, slow
    [("bb2020", "blitz"), ("sevens", "blitz"), ("bb2025", "charge"), ("classic", "blitz")],
    ("bb2020", "blitz"), ("sevens", "blitz"), ("bb2025", "charge")))
def test_who_may_act_is_the_free_turn_s_own_activation_options(ruleset: str, event: str) -> None:
    """The search's movers come from the rule's own ``activation`` decision (no copy of its
    eligibility in the analysis): the Standing kicking players not Marked, in team order, so
    the Line of Scrimmage, face to face with the receivers', is left out; a player the rule
    refuses is refused by the free turn when scripted."""
    match = build_match(ruleset, None, None, None, None, "home")
    st = match.state
    eligible = plans.may_act(st, match.ruleset, event, match.house_rules)
    marked = [p.id for p in st.teams[st.kicking].players if p.square is not None
              and not st.is_open(p)]
    assert eligible and set(eligible).isdisjoint(marked)
    assert eligible == [p.id for p in st.teams[st.kicking].players
                        if p.square is not None and p.id not in marked]
    assert plans._Planner(st, eligible).eligible == eligible
    if not marked:  # (Sevens' default set-ups: no Line of Scrimmage face to face)
        return
    # the free turn refuses a Marked player's activation: valued as None, never played
    valuer = plans._Valuer(st, match.ruleset, st.pitch.centre[st.receiving], "receiver-holds",
                           "defaults", Decisions(), {"house_rules": match.house_rules})
    lineman = st.players[marked[0]]
    assert lineman.square is not None
    step = Square(lineman.square.x - (1 if st.kicking == "home" else -1), lineman.square.y)
    if step in st.board:
        return
    refused = plans.Plan(event, (Activation(lineman.id, "move", (step,)),))
    assert valuer.value([refused]) is None


@pytest.mark.parametrize(("ruleset", "event", "side", "marked_may"), [
    ("bb2020", "solid_defence", "kicking", False), ("bb2020", "quick_snap", "receiving", False),
    ("classic", "quick_snap", "receiving", True), ("classic", "perfect_defence", "kicking", True)])
def test_who_may_move_in_a_resetup_is_the_rule_s_own_check(ruleset: str, event: str, side: str,
                                                            marked_may: bool) -> None:
    """A re-set-up's movers are the players with a move the rule's own decision accepts
    (``plans.resetup_check``, no copy of its eligibility): bb2020 Solid Defence and Quick Snap
    move Open players only, so the Line of Scrimmage (Marked face to face) is left out; classic
    Quick Snap (no count) and Perfect Defence let a Marked player move too."""
    match = build_match(ruleset, None, None, None, None, "home")
    st = match.state
    team = st.kicking if side == "kicking" else st.receiving
    valuer = plans._Valuer(st, match.ruleset, st.pitch.centre[st.receiving], "receiver-holds",
                           "defaults", Decisions(), {"house_rules": match.house_rules})
    space = plans._Resetup(valuer, event)
    movers = {p.id for p in space.movers}
    marked = {p.id for p in st.teams[team].players if p.square is not None and not st.is_open(p)}
    assert movers and marked
    if not marked_may:  # (the movers are the six nearest the target: where a Marked one may
        assert not movers & marked  # move, he need not be among them)
    accepts = plans.resetup_check(st, match.ruleset, event, space.cap, match.house_rules)
    assert accepts([])  # nobody moves: always allowed
    lineman = st.players[sorted(marked)[0]]
    assert lineman.square is not None
    # his next squares (Quick Snap's), and for a defence the empty squares of his own line
    # outside the Wide Zones (a legal set-up keeps the Line of Scrimmage manned)
    spots = space.spots(lineman, set()) if event == "quick_snap" else [
        Square(lineman.square.x, y) for y in range(4, 11)
        if Square(lineman.square.x, y) not in st.board]
    assert spots and any(accepts([Move(lineman.id, sq)]) for sq in spots) == marked_may
    assert not accepts([Move("nobody", spots[0])])
