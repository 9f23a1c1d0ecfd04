"""Issue 24 point 5 (a) and the ``close`` coach (point 1): per ruleset, and with the house rule Kick
It!, every option a decision offers is accepted when a coach answers it through
``KickoffContext.decide`` (and by the decision's own check), chance outcomes sum to exactly 1
whatever the coach plays; the ``close`` policy as a coach (``core/close.py``) answers every
decision legally, by its rule of thumb; against a fixed opponent the kicking coach's best is never
worse for him than the ``close`` policy (Hypothesis, exact)."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from helpers import cli, player, scenario
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_coach_interface import _loaded

from kickoff.analysis.exact.chance import enumerate_runs, to_fraction
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.objectives import OBJECTIVES, Objective, receivers_prefer
from kickoff.core import events
from kickoff.core.close import CloseCoach
from kickoff.core.coach import DEFAULTS, SCRIPTED, Decision
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions, PlayerPath
from kickoff.core.dice import ScriptedDice, SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.events import PRAYERS
from kickoff.core.kickoff import kick_off, kick_until_landing
from kickoff.core.pitch import Square, distance
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

#: The four rulesets, and bb2020 with the house rule Kick It!.
PLAYS = [("classic", ()), ("bb2020", ()), ("bb2025", ()), ("sevens", ()),
         ("bb2020", ("kick_it",))]
#: Seeded kick-offs each test plays (half at the centre, half near the sideline: touchbacks).
SEEDS = 30


def _base(loaded: LoadedScenario, seed: int) -> Decisions:
    pitch = loaded.state.pitch
    return Decisions(target=None if seed % 2 == 0 else Square(pitch.los["home"] + 2, 1))


class Answering:
    """Answers the ``n``-th decision met with its option ``index`` (through ``ctx.decide``, so
    it is checked there), every other as the scripted coach; records the decisions met, their
    options listed as they are met (they read the state as it is then)."""

    def __init__(self, n: int = -1, index: int = 0) -> None:
        self.n, self.index = n, index
        self.met: list[Decision] = []
        #: For each decision met: whether its own check accepted each option, then and there.
        self.checked: list[bool] = []

    def choose(self, decision: Decision) -> Any:
        self.met.append(decision)
        options = decision.listed(100)
        self.checked.append(decision.problem(decision.default) is None and all(
            decision.problem(o) is None for o in options))
        if len(self.met) - 1 == self.n:
            return options[self.index]
        return SCRIPTED.choose(decision)


def _sample(n: int, most: int = 10) -> list[int]:
    """Every index below ``n``, or ``most`` of them spread evenly, the first and last included
    (a kick-off move offers a hundred paths: each is checked by the rule, a sample replayed)."""
    if n <= most:
        return list(range(n))
    return sorted({round(i * (n - 1) / (most - 1)) for i in range(most)})


@pytest.mark.parametrize(("ruleset", "house"), PLAYS)
def test_every_option_of_every_decision_met_is_accepted(ruleset: str,
                                                        house: tuple[str, ...]) -> None:
    """Every decision met in seeded kick-offs: its default is among its options, its own check
    accepts every option, and each option answered at that point is played without a
    ``DecisionError`` (the first decision of each kind with several options, all options)."""
    loaded = _loaded(ruleset, house)
    tried: Counter[str] = Counter()
    for seed in range(SEEDS):
        rec = Answering()
        kick_off(loaded.state.clone(), loaded.ruleset, SeededDice(seed), _base(loaded, seed),
                 loaded.house_rules, log=False, coach=rec)
        for n, d in enumerate(rec.met):
            options = d.options()
            if options is None:  # a re-set-up's moves: the rule's check decides
                assert d.kind in ("quick_snap", "perfect_defence", "solid_defence", "prayer_skill",
                                  "path")
                assert rec.checked[n]
                # a free turn's paths: a checkable set, its first options listed and accepted
                assert d.among is None or all(d.problem(o) is None for o in d.listed(100))
                continue
            assert d.default in options, (d.kind, d.default)
            assert rec.checked[n], d.kind
            if len(options) < 2 or tried[d.kind] >= 1:
                continue
            tried[d.kind] += 1
            for index in _sample(len(options)):
                again = Answering(n, index)
                kick_off(loaded.state.clone(), loaded.ruleset, SeededDice(seed),
                         _base(loaded, seed), loaded.house_rules, log=False, coach=again)
                assert again.met[n].kind == d.kind
    assert {"kick_skill", "diving_catch", "kickoff_move", "touchback", "high_kick"} <= set(tried)


@pytest.mark.parametrize(("ruleset", "house"), PLAYS)
def test_chance_outcomes_sum_to_one_for_each_coach(ruleset: str, house: tuple[str, ...]) -> None:
    """Every chance node of the kick up to its landing, enumerated exactly, for the default
    coach and the ``close`` coach: the outcomes' probabilities are Fractions summing to 1."""
    loaded = _loaded(ruleset, house)
    for coach in (DEFAULTS, CloseCoach()):
        runs = enumerate_runs(lambda d, coach=coach: kick_until_landing(
            loaded.state.clone(), loaded.ruleset, d, Decisions(), loaded.house_rules,
            events=False, log=False, coach=coach).ctx.landing)
        assert sum((to_fraction(p) for p, _ in runs), Fraction(0)) == 1
        assert len(runs) > 1


# ---------------------------------------------------------------- the close coach


class Watching:
    """Passes every decision to ``inner`` and records ``(decision, answer, landing)``."""

    def __init__(self, inner: CloseCoach) -> None:
        self.inner = inner
        #: (decision, answer, landing square, where each player stood when it was met)
        self.seen: list[tuple[Decision, Any, Square | None, dict[str, Square]]] = []
        self.ctx: Any = None
        self.refused: list[Any] = []

    def bind(self, ctx: Any) -> None:
        self.ctx = ctx
        self.inner.bind(ctx)

    def choose(self, decision: Decision) -> Any:
        answer = self.inner.choose(decision)
        where = {p.id: p.square for p in self.ctx.state.players.values() if p.square is not None}
        self.refused.append(decision.problem(answer))  # checked then and there
        self.seen.append((decision, answer, self.ctx.landing, where))
        return answer


Seen = list[tuple[Decision, Any, Any, dict[str, Square]]]


def _close_plays(ruleset: str, house: tuple[str, ...],
                 sides: tuple[str, ...] = ("kicking", "receiving")) -> Seen:
    loaded = _loaded(ruleset, house)
    seen: Seen = []
    for seed in range(SEEDS):
        coach = Watching(CloseCoach(sides))
        kick_off(loaded.state.clone(), loaded.ruleset, SeededDice(seed), _base(loaded, seed),
                 loaded.house_rules, log=False, coach=coach)
        assert coach.refused == [None] * len(coach.seen)
        seen += coach.seen
    return seen


@pytest.mark.parametrize(("ruleset", "house"), PLAYS)
def test_the_close_coach_answers_every_decision_legally_by_its_rule(
        ruleset: str, house: tuple[str, ...]) -> None:
    """Seeded kick-offs played by the ``close`` coach for both sides: no answer is refused (the
    kick-offs end), Kick is always used when offered, a High Kick always sends the offered
    player nearest the landing square, a kick-off move ends nearer the landing square than any
    receiver stood, and the coach departs from the defaults where the rule of thumb says so."""
    seen = _close_plays(ruleset, house)
    departs: Counter[str] = Counter()
    for d, answer, landing, where in seen:
        options = d.options()
        if answer != d.default:
            departs[d.kind] += 1
        if d.kind == "kick_skill":
            assert answer == (options is not None and True in options)
        if d.kind == "high_kick" and options is not None and len(options) > 1:
            assert answer is not None and landing is not None
            squares = {o: sq for o, sq in where.items() if o in options}
            assert distance(squares[answer], landing) == min(distance(s, landing)
                                                             for s in squares.values())
        if d.kind == "kickoff_move" and answer is not None:
            assert isinstance(answer, PlayerPath) and landing is not None
            assert all(distance(answer.path[-1], landing) <= distance(o.path[-1], landing)
                       for o in options or () if isinstance(o, PlayerPath) and o.path)
        if d.kind in ("kicker", "diving_catch", "quick_snap", "solid_defence", "perfect_defence"):
            assert answer == d.default
    assert departs["kick_skill"] > 0 and departs["kickoff_move"] > 0, departs


def test_the_close_coach_plays_only_its_sides_decisions() -> None:
    """``CloseCoach(["receiving"])`` leaves the kicking coach's decisions to the scripted coach
    (the scenario's target, no Kick used), ``CloseCoach(["kicking"])`` the receivers' (nobody
    moves on the kick-off); an unknown side is a ``ValueError`` naming it."""
    receiving = _close_plays("bb2020", (), ("receiving",))
    assert all(a == SCRIPTED.choose(d) for d, a, _, _ in receiving if d.side == "home")
    assert any(a != d.default for d, a, _, _ in receiving if d.kind == "kickoff_move")
    kicking = _close_plays("bb2020", (), ("kicking",))
    assert all(a == SCRIPTED.choose(d) for d, a, _, _ in kicking if d.side == "away")
    assert any(a is True for d, a, _, _ in kicking if d.kind == "kick_skill")
    with pytest.raises(ValueError, match="'home'"):
        CloseCoach(["home"])


#: A small Sevens set-up: the kicking h4 and h5 have Kick.
SMALL = ([player("h1", [6, 4], "sevens"), player("h2", [6, 5], "sevens"),
          player("h3", [6, 6], "sevens"), player("h4", [3, 3], "sevens", skills=["kick"]),
          player("h5", [2, 8], "sevens", skills=["kick"])],
         [player("a1", [13, 4], "sevens"), player("a2", [13, 5], "sevens"),
          player("a3", [13, 6], "sevens"), player("a4", [16, 3], "sevens", skills=["catch"]),
          player("a5", [18, 6], "sevens")])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(objective=st.sampled_from(OBJECTIVES), x=st.integers(0, 12), y=st.integers(0, 10))
def test_the_kicking_coachs_best_is_never_worse_for_him_than_close(objective: Objective,
                                                                    x: int, y: int) -> None:
    """Against a fixed receiving coach (his defaults, and his best), exactly: the kicking coach's
    best (kicker and Kick, ``kicking="best"``) is never better for the receivers than the
    ``close`` policy's choice before the kick (the default kicker, Kick used where he has it),
    nor than the defaults (events off: the kicking coach's other choices come with them)."""
    loaded = load_scenario(parse_scenario(json.dumps(scenario("sevens", home=SMALL[0],
                                                               away=SMALL[1]))))
    state, rs = loaded.state, loaded.ruleset
    area = [sq for sq in state.pitch.squares() if state.pitch.in_receiving_area("away", sq)]
    target = area[(x * 11 + y) % len(area)]
    for receivers in ("defaults", "best"):
        def value(kicking: str, kick: bool | None, receivers: str = receivers) -> Any:
            return KickoffSolver(state, rs, events="none", use_kick_skill=kick, play=receivers,
                                 kicking=kicking, objective=objective).value(target, objective)

        # Kick as the faces' default (None: used where the kicker has it) against the close
        # coach's Kick; an explicit False holds under best play, against the defaults without
        best = value("best", None)
        close = value("defaults", True)  # the close coach's kicker (the default) and Kick
        assert not receivers_prefer(objective, best, close), receivers
        plain = value("best", False)
        defaults = value("defaults", False)
        assert not receivers_prefer(objective, plain, defaults), receivers


# ---------------------------------------------------------------- the target and the prayers


def test_the_kick_target_is_the_kicking_coachs_decision() -> None:
    """The first decision after the kicker: ``target``, the kicking coach's, its options every
    square of the receiving half, its default the centre; a coach's answer is where the kick is
    aimed; a square of the kicking half is refused at ``kick.target`` as the scripted target is
    (the same problem)."""
    loaded = _loaded("sevens", ())
    state, rs = loaded.state, loaded.ruleset
    rec = Answering()
    kick_off(state.clone(), rs, SeededDice(3), Decisions(), log=False, coach=rec)
    (n, d), = [(i, x) for i, x in enumerate(rec.met) if x.kind == "target"]
    area = [sq for sq in state.pitch.squares() if state.pitch.in_receiving_area("away", sq)]
    assert (d.side, d.where, d.default, d.given) == ("home", "kick.target", Square(16, 5), False)
    assert list(d.options() or ()) == area
    for index in (0, len(area) // 2, len(area) - 1):
        res = kick_off(state.clone(), rs, SeededDice(3), Decisions(), log=False,
                       coach=Answering(n, index))
        assert res.target == area[index]

    class Wide:
        def choose(self, decision: Decision) -> Any:
            return Square(3, 5) if decision.kind == "target" else SCRIPTED.choose(decision)

    with pytest.raises(DecisionError) as asked:
        kick_off(state.clone(), rs, SeededDice(3), Decisions(), log=False, coach=Wide())
    with pytest.raises(DecisionError) as scripted:
        kick_off(state.clone(), rs, SeededDice(3), Decisions(target=Square(3, 5)), log=False)
    assert asked.value.problems == scripted.value.problems
    (p,) = asked.value.problems
    assert (p.where, p.code) == ("kick.target", "illegal_choice")


def _prayer_ctx(prayer: str, coach: Any, decisions: Decisions | None = None,
                pick: int = 2) -> KickoffContext:
    """A bb2020 context whose Prayers to Nuffle roll is ``prayer`` (a random pick: ``pick``)."""
    loaded = _loaded("bb2020", ())
    d16 = PRAYERS.index(prayer) + 1  # type: ignore[arg-type]
    return KickoffContext(loaded.state.clone(), loaded.ruleset,
                          ScriptedDice({"d16": [d16], "pick": [pick]}), decisions or Decisions(),
                          coach=coach)


def test_prayers_to_nuffle_name_their_player_through_the_decision() -> None:
    """Iron Man: the praying coach's ``prayer_player`` decision offers every player of his on
    the pitch, default the first; a coach's answer is the player whose AV rises; a player not
    offered is refused as the scripted one is. Intensive Training: ``prayer_skill``, not listed,
    default no skill; a coach's skill is gained, one the player has refused."""
    rec = Answering()
    ctx = _prayer_ctx("iron_man", rec)
    events.pray(ctx, "home")
    (d,) = rec.met
    ids = [p.id for p in ctx.state.teams["home"].on_pitch()]
    assert (d.kind, d.side, d.where, d.default) == ("prayer_player", "home",
                                                    "decisions.prayer.player", ids[0])
    assert list(d.options() or ()) == ids
    for index in (0, len(ids) - 1):
        ctx = _prayer_ctx("iron_man", Answering(0, index))
        before = ctx.state.players[ids[index]].av
        events.pray(ctx, "home")
        assert ctx.state.players[ids[index]].av == min(before + 1, 11)

    class Away:
        def choose(self, decision: Decision) -> Any:
            return "a1"

    with pytest.raises(DecisionError) as asked:
        events.pray(_prayer_ctx("iron_man", Away()), "home")
    with pytest.raises(DecisionError) as scripted:
        events.pray(_prayer_ctx("iron_man", None, Decisions(prayer_player="a1")), "home")
    assert asked.value.problems == scripted.value.problems
    assert asked.value.problems[0].message.startswith("a1 cannot receive iron_man; candidates: ")

    rec = Answering()
    ctx = _prayer_ctx("intensive_training", rec)
    events.pray(ctx, "home")
    (d,) = rec.met
    assert (d.kind, d.default, d.options()) == ("prayer_skill", None, None)

    class Dodge:
        def choose(self, decision: Decision) -> Any:
            return "dodge"

    ctx = _prayer_ctx("intensive_training", Dodge())
    (pid,) = events.pray(ctx, "home") or [p.id for p in ctx.state.players.values()
                                          if "intensive_training" in p.effects]
    assert "dodge" in ctx.state.players[pid].skills
    class Kick:
        def choose(self, decision: Decision) -> Any:
            return "kick"

    with pytest.raises(DecisionError, match="h4 already has kick") as asked:  # the 4th: h4
        events.pray(_prayer_ctx("intensive_training", Kick(), pick=4), "home")
    with pytest.raises(DecisionError) as scripted:
        events.pray(_prayer_ctx("intensive_training", None, Decisions(prayer_skill="kick"),
                                pick=4), "home")
    assert asked.value.problems == scripted.value.problems


# ---------------------------------------------------------------- simulate --play close


def test_simulate_play_close_plays_the_close_coach_and_says_so() -> None:
    """``kickoff simulate --play close``: the same seed, the close coach's answers (a touchback
    to the receiver nearest the ball, a kick-off move toward it): other counts, the document
    and the table naming the play; ``--play defaults`` is the simulation as it was (the
    ``Job``'s default); an unknown play is refused naming the option."""
    args = ["simulate", "--ruleset", "sevens", "-n", "1500", "--seed", "5", "--events", "none"]
    docs = {}
    for play in ("defaults", "close"):
        code, out, _ = cli([*args, "--play", play, "--json"])
        assert code == 0
        docs[play] = json.loads(out)
        assert docs[play]["play"] == play and docs[play]["n"] == 1500
    code, out, _ = cli([*args, "--json"])
    assert json.loads(out) == docs["defaults"]
    assert docs["close"]["holders"] != docs["defaults"]["holders"]
    code, out, _ = cli([*args, "--play", "close"])
    assert code == 0 and "play close" in out and "the close policy answered" in out
    code, _, err = cli([*args, "--play", "best"])
    assert code == 2 and "--play" in err


def test_the_close_coach_kicks_at_the_given_target() -> None:
    """Where the close policy has no rule of thumb (the kick target) it answers as the scripted
    coach: the command's target, not the default (the centre of the receiving half):
    ``simulate --target X --play close`` kicks at X. Without one, the default."""
    state, rs = _sevens()
    aim = Square(17, 2)
    assert aim != state.pitch.centre[state.receiving]
    for coach in (CloseCoach(), CloseCoach(["kicking"])):
        result = kick_off(state.clone(), rs, SeededDice(3), Decisions(target=aim), coach=coach)
        assert result.target == aim
    result = kick_off(state.clone(), rs, SeededDice(3), coach=CloseCoach())
    assert result.target == state.pitch.centre[state.receiving]


def test_an_answer_given_wins_over_the_close_policy() -> None:
    """``simulate --touchback X --play close``: the given touchback taker takes the ball, not
    the receiver nearest it (the policy's own pick, a1, on this seed's touchback)."""
    state, rs = _sevens()
    corner = Decisions(target=Square(18, 0))
    policy = kick_off(state.clone(), rs, SeededDice(1), corner, coach=CloseCoach())
    assert policy.touchback and policy.state.carrier == "a1"
    for taker in ("a2", "a5"):
        given = Decisions(target=Square(18, 0), touchback=taker)
        result = kick_off(state.clone(), rs, SeededDice(1), given, coach=CloseCoach())
        assert result.touchback and result.state.carrier == taker


# ---------------------------------------------------------------- brute force on Sevens


@pytest.mark.parametrize("objective", ["distance", "receiver-holds"])
def test_sevens_touchback_taker_best_is_the_best_scripted_taker(objective: Objective) -> None:
    """Sevens, five receivers, a kick near the kicking team's Line of Scrimmage (touchbacks),
    events off: the only receiving decision is the touchback's taker, so the receivers' best
    (``play="best"`` against the kicking coach's defaults) is exactly the best of every able
    receiver scripted through ``Decisions(touchback=...)`` and the scripted coach, as
    Fractions; the kicking coach's best (his kicker and Kick) against it is exactly the worst
    for the receivers of every kicker, with and without Kick, scripted the same way."""
    loaded = load_scenario(parse_scenario(json.dumps(scenario("sevens", home=SMALL[0],
                                                               away=SMALL[1]))))
    state, rs = loaded.state, loaded.ruleset
    target = Square(state.pitch.los["home"] + 2, 1)

    def solve(decisions: Decisions, **kw: Any) -> Fraction:
        return to_fraction(KickoffSolver(state, rs, events="none", use_kick_skill=False,
                                         objective=objective, decisions=decisions, **kw)
                           .value(target, objective))

    able = [p.id for p in state.teams["away"].players if p.can_catch()]
    takers = {pid: solve(Decisions(touchback=pid)) for pid in able}
    best = solve(Decisions(), play="best", kicking="defaults")
    ranked = sorted(takers.values(), reverse=not receivers_prefer(objective, Fraction(0),
                                                                  Fraction(1)))
    assert best == ranked[0]
    # for distance the takers differ (where the ball is placed); whoever holds it, he holds it
    assert (len(set(takers.values())) > 1) == (objective == "distance")
    kickers: dict[tuple[str, bool], Fraction] = {}
    for pid in (p["id"] for p in SMALL[0]):
        for kick in (False, True):
            try:
                kickers[pid, kick] = to_fraction(KickoffSolver(
                    state, rs, events="none", use_kick_skill=kick, objective=objective,
                    play="best", kicking="defaults",
                    decisions=Decisions(kicker=pid, kicker_given=True)).value(target, objective))
            except DecisionError:
                continue
    # the kicking coach's kicker and Kick left to him (None: an explicit False holds under best
    # play where the default kicker has Kick, as h4 has)
    both = to_fraction(KickoffSolver(state, rs, events="none", objective=objective,
                                     decisions=Decisions(), play="best").value(target, objective))
    declined = solve(Decisions(), play="best")
    assert declined == sorted((v for (_, kick), v in kickers.items() if not kick),
                              reverse=receivers_prefer(objective, Fraction(0), Fraction(1)))[0]
    # None is the faces' default, Kick used where the kicker has it: the kicking coach's best is
    # the worst of every kicker with Kick asked (a kicker without it kicks plainly)
    worst = sorted((v for (_, kick), v in kickers.items() if kick),
                   reverse=receivers_prefer(objective, Fraction(0), Fraction(1)))[0]
    assert both == worst and ("h4", True) in kickers


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(objective=st.sampled_from(OBJECTIVES), x=st.integers(0, 12), y=st.integers(0, 10))
def test_the_receivers_best_is_never_worse_for_them_than_close(objective: Objective,
                                                                x: int, y: int) -> None:
    """Against the kicking coach's defaults, exactly (Sevens, events off, nobody with a skill
    that moves or dives): the receivers' only decision is a touchback's taker, and a taker's
    value does not depend on where the ball went out, so the ``close`` coach's value is
    ``sum over touchback landings l of P(l) / P(touchback) * value(taker chosen at l)``, each
    value the solver's with that taker scripted (``Decisions(touchback=...)``: it holds the
    non-touchback part, which no receiving choice changes). The close coach's takers come
    from the kick played to its landing by the close coach itself. ``play="best"`` is never
    worse for the receivers than it, nor than the defaults."""
    loaded = load_scenario(parse_scenario(json.dumps(scenario("sevens", home=SMALL[0],
                                                               away=SMALL[1]))))
    state, rs = loaded.state, loaded.ruleset
    area = [sq for sq in state.pitch.squares() if state.pitch.in_receiving_area("away", sq)]
    target = area[(x * 11 + y) % len(area)]

    def solve(decisions: Decisions, **kw: Any) -> Fraction:
        return to_fraction(KickoffSolver(state, rs, events="none", use_kick_skill=False,
                                         objective=objective, decisions=decisions, **kw)
                           .value(target, objective))

    def taker(d: Any) -> str | None:
        kick = kick_until_landing(state.clone(), rs, d, Decisions(target=target), events=False,
                                  log=False, coach=CloseCoach(["receiving"]))
        return kick.finish().state.carrier if kick.ctx.touchback else None  # no die: a taker

    runs = [(to_fraction(p), pid) for p, pid in enumerate_runs(taker)]
    touchback = sum((p for p, pid in runs if pid is not None), Fraction(0))
    defaults = solve(Decisions())
    close = defaults if touchback == 0 else sum(
        (p / touchback * solve(Decisions(touchback=pid)) for p, pid in runs if pid is not None),
        Fraction(0))
    best = solve(Decisions(), play="best", kicking="defaults")
    assert not receivers_prefer(objective, close, best)
    assert not receivers_prefer(objective, defaults, best)


def _sevens(*deep: dict[str, Any]) -> tuple[Any, Any]:
    """A Sevens set-up: four of ``SMALL``'s kicking players; three receivers on the Line of
    Scrimmage and ``deep``."""
    away = [player("a1", [13, 4], "sevens"), player("a2", [13, 5], "sevens"),
            player("a5", [13, 6], "sevens"), *deep]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("sevens", home=SMALL[0][:4],
                                                               away=away))))
    return loaded.state, loaded.ruleset


@pytest.mark.parametrize("objective", ["receiver-holds", "distance"])
def test_sevens_kickoff_move_and_diving_catch_best_are_the_best_scripted(
        objective: Objective) -> None:
    """Sevens, few players: at each of a few landings the solver's kick-off move node (On the
    Ball) is exactly the best over nobody and every path scripted one by one through
    ``Decisions(kickoff_move=...)`` and the rule's own ``kickoff_move``; its Diving Catch node
    exactly the best over every order of every subset of the two divers scripted through
    ``Decisions(diving_catch=...)`` (the brute forces of ``test_play_best``, on Sevens)."""
    from test_play_best import BEFORE_26, _best, _dive_values, _move_values, _numbered, _value

    from kickoff.analysis.exact import best as exact_best

    state, rs = _sevens(player("a3", [16, 3], "sevens", skills=["on_the_ball"]),
                        player("a4", [18, 7], "sevens"))
    best = KickoffSolver(state, rs, play="best", objective=objective, **BEFORE_26)
    node = best._move_node()
    assert node.moves
    distinct = 0
    for sq in (Square(15, 5), Square(17, 8), Square(18, 3)):
        ends, _ = node.best(sq)
        values = _move_values(state, rs, sq, objective)
        assert _value(_numbered(best, ends), state, objective) == _best(values, objective)
        distinct += len(set(values)) > 1
    assert distinct  # the move matters somewhere: the maximum is over different values

    state, rs = _sevens(player("a3", [16, 4], "sevens", skills=["diving_catch"]),
                        player("a4", [16, 6], "sevens", skills=["diving_catch"]))
    both = KickoffSolver(state, rs, **BEFORE_26, play="best", objective=objective)
    values, _ = _dive_values(state, rs, Square(16, 5), objective)
    assert len(values) == 5  # nobody, a3, a4, a3 then a4, a4 then a3
    found = exact_best.diving_node(both, Square(16, 5))
    assert found is not None
    assert _value(_numbered(both, found[0]), state, objective) == _best(values, objective)
    # who dives changes who holds the ball, not (here) how far it ends from the End Zone
    assert (len(set(values)) > 1) == (objective == "receiver-holds")


@pytest.mark.parametrize("objective", ["receiver-holds", "distance"])
def test_sevens_high_kick_best_is_the_best_scripted_player(objective: Objective) -> None:
    """Sevens, the Kick-off table forced to High Kick: at each of a few landings the solver's
    High Kick node is exactly the best over nobody and every Open receiver scripted through
    ``Decisions(high_kick=...)`` (on Sevens' wide middle nobody is Marked: all five may go)."""
    from test_play_best import NO_KICK, _best, _high_kick_only, _numbered, _value

    state, rs = _sevens(player("a3", [16, 3], "sevens"), player("a4", [18, 7], "sevens", ag=2))
    rs = _high_kick_only(rs)
    best = KickoffSolver(state, rs, events="all", play="best", objective=objective, **NO_KICK)
    best.worlds()
    [(_, world, scatters, handler)] = best._high_kick_worlds
    fixed = {pid: KickoffSolver(state, rs, events="all", decisions=Decisions(high_kick=pid),
                                **NO_KICK) for pid in ("a1", "a2", "a5", "a3", "a4")}
    chosen = set()
    for sq in (Square(15, 5), Square(17, 2), Square(19, 9)):
        options = [_value(_numbered(best, best._high_kick_journey(
            world, scatters, handler, sq, False, None)), state, objective)]
        for solver in fixed.values():
            solver.worlds()
            [(_, w, sc, h)] = solver._high_kick_worlds
            options.append(_value(_numbered(solver, solver._high_kick_best(w, sc, h, sq, False)[0]),
                                  state, objective))
        ends, pid = best._high_kick_best(world, scatters, handler, sq, False)
        assert _value(_numbered(best, ends), state, objective) == _best(options, objective)
        chosen.add(pid)
    # a catch is the receivers' gain: the best catcher goes (a4, AG 2+); for distance nobody
    assert chosen == ({"a4"} if objective == "receiver-holds" else {None})
