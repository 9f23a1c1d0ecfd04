"""The decision interface beside the dice (``core/coach.py``, ``KickoffContext.decide``): every
choice a rule gives a coach is declared with its options and default; the scripted coach accepts
every option the interface offers when it is scripted back; an illegal scripted choice is a
``DecisionError`` whose problem names its key path, player and square as values; the chance
outcomes of an enumerated kick-off sum to 1 (a conformance test per ruleset)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest
from helpers import default_players, player, scenario

from kickoff.analysis.exact.chance import enumerate_runs
from kickoff.core import events
from kickoff.core.actions.kickoff_move import kickoff_move
from kickoff.core.activations import Activation
from kickoff.core.coach import (
    DEFAULTS,
    SCRIPTED,
    Asked,
    AskingCoach,
    Decision,
    DecisionKind,
    PathCoach,
)
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions, PlayerPath
from kickoff.core.dice import ScriptedDice, SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import kick_off, kick_until_landing
from kickoff.core.pitch import Square
from kickoff.formats.scenario import LoadedScenario, load_scenario, parse_scenario

RULESETS = ("classic", "bb2020", "bb2025", "sevens")
#: Seeded kick-offs each conformance test plays (half at the centre, half near the sideline).
SEEDS = 120
#: Of each kind, the decisions whose every option is scripted back (the first met).
CHECKED_PER_KIND = 3


class Recorder:
    """A coach who records every decision (its options listed when it is met: they read the
    state as it is) and answers as ``then`` does."""

    def __init__(self, then: Any = SCRIPTED, *, listing: bool = True) -> None:
        self.met: list[Decision] = []
        self.then = then
        self.listing = listing

    def choose(self, decision: Decision) -> Any:
        if self.listing:
            decision.options()
        self.met.append(decision)
        return self.then.choose(decision)


def plays(run: Callable[[Any], Any], kinds: Sequence[DecisionKind]) -> list[tuple[list[Any], Any]]:
    """Every play of ``run`` over the decisions of ``kinds`` it meets, as a solver plays them
    through the hook (``PathCoach``, ``Asked``): ``(answers, result)`` for each combination of
    their options, in the options' order (depth first)."""
    out: list[tuple[list[Any], Any]] = []
    todo: list[tuple[int, ...]] = [()]
    while todo:
        path = todo.pop()
        coach = PathCoach(path, kinds)
        try:
            result = run(coach)
        except Asked as a:
            options = a.decision.options()
            assert options is not None
            todo.extend((*path, i) for i in reversed(range(len(options))))
            continue
        out.append((coach.answers, result))
    return out


def _loaded(ruleset: str, house: tuple[str, ...] = ()) -> LoadedScenario:
    """Home kicks (h4 has Kick); away's deep a4 has Diving Catch and the kick-off move's skill,
    a5 beside him Diving Catch; ``house``: the scenario's house rules."""
    move = "kick_off_return" if ruleset == "classic" else "on_the_ball"
    home = default_players("home", ruleset)
    home[3]["skills"] = ["kick"]
    away = default_players("away", ruleset)
    deep = away[3]["square"]
    away[3]["skills"] = ["diving_catch", move]
    away.append(player("a5", [deep[0], deep[1] - 2], ruleset, skills=["diving_catch"]))
    extra: dict[str, Any] = {"house_rules": list(house)} if house else {}
    return load_scenario(parse_scenario(json.dumps(scenario(ruleset, home=home, away=away,
                                                            **extra))))


def _scripted(kind: DecisionKind, option: Any, base: Decisions, ruleset: str) -> Decisions:
    """``base`` with ``option`` as the scenario's answer at a decision of ``kind``."""
    if kind == "kicker":
        return replace(base, kicker=option, kicker_given=True)
    if kind == "kick_skill":
        return replace(base, use_kick_skill=option)
    if kind == "diving_catch":
        return replace(base, diving_catch=list(option))
    if kind == "reroll":  # the first failed test: a catch outside a turn, or a move's Dodge
        return replace(base, catch_reroll=(option,))
    if kind == "activation":  # (``_activation``: the option as a scripted activation)
        event = "charge" if ruleset == "bb2025" else "blitz"
        return replace(base, **{event: [] if option is None else [option]})
    return replace(base, **{kind: option})


class _AnswerAt:
    """Answers the ``n``-th decision met with ``answer``, the others as the scripted coach;
    records them."""

    def __init__(self, n: int, answer: Any) -> None:
        self.n, self.answer, self.met = n, answer, list[Decision]()

    def choose(self, decision: Decision) -> Any:
        self.met.append(decision)
        return self.answer if len(self.met) - 1 == self.n else SCRIPTED.choose(decision)


def _activation(option: Any, n: int, run: Callable[[Any], Any]) -> Any:
    """A free turn's ``activation`` option (the ``n``-th decision of ``run``) as the scenario's
    activation: its player, action and target, along its ``path`` decision's default (for a
    Blitz, the shortest path next to the target)."""
    if option is None:
        return None
    coach = _AnswerAt(n, option)
    run(coach)
    path = coach.met[n + 1]
    assert path.kind == "path"
    event = "charge" if "charge" in path.where else "blitz"
    return Activation(option.player, option.action, path.default, target=option.target,
                      where=f"decisions.{event}[0]")


def _base(loaded: LoadedScenario, seed: int) -> Decisions:
    """The kick's target: the centre for even seeds, else near the sideline by the Line of
    Scrimmage (touchbacks)."""
    pitch = loaded.state.pitch
    near = Square(pitch.los["home"] + 2, 1)
    return Decisions(target=None if seed % 2 == 0 else near)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_option_offered_is_accepted_when_scripted_back(ruleset: str) -> None:
    loaded = _loaded(ruleset)
    rs, house = loaded.ruleset, loaded.house_rules
    checked: dict[str, int] = {}
    for seed in range(SEEDS):
        base = _base(loaded, seed)
        rec = Recorder()
        kick_off(loaded.state.clone(), rs, SeededDice(seed), base, house, log=False, coach=rec)
        first: dict[str, int] = {}
        for i, d in enumerate(rec.met):
            first.setdefault(d.kind, i)
        for kind, i in first.items():
            d = rec.met[i]
            options = d.options()
            if options is None:  # the re-set-ups: their check decides (tested below)
                assert kind in ("quick_snap", "perfect_defence", "solid_defence", "prayer_skill")
                continue
            script: Callable[[Any], Any] = lambda o: o  # noqa: E731
            if kind == "activation":
                def script(o: Any, i: int = i, base: Decisions = base, seed: int = seed) -> Any:
                    return _activation(o, i, lambda c: kick_off(
                        loaded.state.clone(), rs, SeededDice(seed), base, house, log=False,
                        coach=c))
            assert d.default in options, (kind, d.default, options)
            if checked.get(kind, 0) >= CHECKED_PER_KIND:
                continue
            checked[kind] = checked.get(kind, 0) + 1
            for option in options:
                again = Recorder(listing=False)
                kick_off(loaded.state.clone(), rs, SeededDice(seed),
                         _scripted(d.kind, script(option), base, ruleset), house, log=False,
                         coach=again)
                assert again.met[i].kind == kind
                assert SCRIPTED.choose(again.met[i]) == option
    assert {"kicker", "kick_skill", "kickoff_move", "diving_catch", "touchback",
            "activation"} <= set(checked)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_chance_outcomes_sum_to_one_whatever_the_coach_plays(ruleset: str) -> None:
    loaded = _loaded(ruleset)
    state, rs, house = loaded.state, loaded.ruleset, loaded.house_rules

    class Last:  # the longest kick-off move of the last player (Dodges, falls: chance nodes)
        def choose(self, decision: Decision) -> Any:
            options = decision.options()
            return options[-1] if options else decision.default

    for coach in (DEFAULTS, Last()):
        runs = enumerate_runs(lambda d, coach=coach: kick_until_landing(
            state.clone(), rs, d, Decisions(), house, events=False, log=False,
            coach=coach).ctx.landing)
        assert sum(p for p, _ in runs) == 1
        assert len(runs) > 1


def test_plays_enumerates_the_kicking_coachs_choices() -> None:
    loaded = _loaded("bb2020")
    state, rs, house = loaded.state, loaded.ruleset, loaded.house_rules
    found = plays(lambda coach: kick_until_landing(
        state.clone(), rs, SeededDice(3), None, house, events=False, log=False,
        coach=coach).kicker, ("kicker", "kick_skill"))
    # bb2020: h4 is the one eligible kicker (off the LoS): no choice, so no answer recorded;
    # he has Kick: he may use it, or not
    assert [answers for answers, _ in found] == [[False], [True]]
    assert [kicker for _, kicker in found] == ["h4", "h4"]


def test_an_asking_coach_hands_over_the_rules_options() -> None:
    loaded = _loaded("bb2020")
    coach = AskingCoach(("kick_skill",))
    with pytest.raises(Asked) as asked:
        kick_until_landing(loaded.state.clone(), loaded.ruleset, SeededDice(1), None,
                           loaded.house_rules, events=False, log=False, coach=coach)
    d = asked.value.decision
    assert (d.kind, d.side, d.where, d.default, d.options()) == (
        "kick_skill", "home", "decisions.use_kick_skill", False, (False, True))


def _ctx(ruleset: str, decisions: Decisions) -> KickoffContext:
    loaded = _loaded(ruleset)
    return KickoffContext(loaded.state.clone(), loaded.ruleset, ScriptedDice({}), decisions)


def test_an_illegal_high_kick_names_the_key_and_player_as_values() -> None:
    ctx = _ctx("bb2020", Decisions(high_kick="h1"))
    ctx.landing = Square(22, 10)
    with pytest.raises(DecisionError) as e:
        events.high_kick(ctx)
    (p,) = e.value.problems
    assert (p.code, p.where, p.players) == ("illegal_choice", "decisions.high_kick", ("h1",))
    assert str(e.value) == ("decisions.high_kick: h1 is not an Open, Standing player of the "
                            "receiving team")
    ctx = _ctx("bb2020", Decisions(high_kick="zz"))
    ctx.landing = Square(22, 10)
    with pytest.raises(DecisionError) as e:
        events.high_kick(ctx)
    assert (e.value.problems[0].code, e.value.problems[0].where) == (
        "unknown_player", "decisions.high_kick")


def test_an_illegal_kickoff_move_names_the_player_and_his_square_as_values() -> None:
    # a1 on the Line of Scrimmage is Marked by h1: no On the Ball for him
    ctx = _ctx("bb2020", Decisions(kickoff_move=PlayerPath("a1", (Square(14, 6),))))
    with pytest.raises(DecisionError) as e:
        kickoff_move(ctx)
    (p,) = e.value.problems
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "decisions.on_the_ball (a1 at [13, 6])", ("a1",), (Square(13, 6),))
    assert p.message == "a1 does not have On the Ball"


def test_an_illegal_kicker_and_kick_skill_are_refused_before_any_die() -> None:
    loaded = _loaded("bb2020")
    with pytest.raises(DecisionError) as e:
        kick_off(loaded.state.clone(), loaded.ruleset, ScriptedDice({}),
                 Decisions(kicker="h1", kicker_given=True))
    # h1 on the Line of Scrimmage may not kick where a kicker is required and h4 can
    (p,) = e.value.problems
    assert (p.code, p.where, p.players, p.squares) == (
        "illegal_choice", "kick.kicker", ("h1",), (Square(12, 6),))
    plain = load_scenario(parse_scenario(json.dumps(scenario("bb2020"))))  # nobody has Kick
    with pytest.raises(DecisionError) as e:
        kick_off(plain.state.clone(), plain.ruleset, ScriptedDice({}),
                 Decisions(use_kick_skill=True))
    assert str(e.value) == "decisions.use_kick_skill: kicker h4 has no Kick skill"
    assert e.value.problems[0].players == ("h4",)


def test_every_landing_offered_to_an_accurate_kick_is_accepted_when_scripted_back() -> None:
    """Kick It! (rulings.md 7): h1 with Pooch Kick kicks east, away roll 4, distance 2 + ST 3:
    the landing decision offers every square of the spread at distance 1 to 5 on the pitch; each,
    given as the activation's ``landing``, is played, and the scripted coach's default is the
    first square at exactly distance 5."""
    from kickoff.core.actions.kick import kick_flight
    from kickoff.core.rolls import team_turn

    doc = {"format": "kickoff-scenario/1", "ruleset": "bb2020", "house_rules": ["kick_it"],
           "phase": "turn", "active": "home",
           "teams": {"home": {"name": "Home", "players": [
                         player("h1", [10, 7], skills=["pooch_kick"])]},
                     "away": {"name": "Away", "players": [player("a1", [22, 12])]}},
           "ball": {"square": [10, 7], "carrier": "h1"},
           "actions": [{"player": "h1", "action": "kick", "path": [], "aim": [11, 7]}]}
    loaded = load_scenario(parse_scenario(json.dumps(doc)))
    (act,) = loaded.actions

    def flown(landing: Square | None, coach: Any) -> Any:
        ctx = KickoffContext(loaded.state.clone(), loaded.ruleset, ScriptedDice({"d6": [4, 2]}),
                             loaded.decisions, loaded.house_rules, coach=coach)
        return kick_flight(ctx, team_turn("home"), replace(act, landing=landing)).start

    rec = Recorder()
    assert flown(None, rec).square == Square(15, 2)  # the format's default
    # the kicker's aim (the activation's), the opposing coach's Pass Block move and kick block
    # (nobody can: none), then where the kick comes down
    aim, passer, blocker, d = rec.met
    assert (passer.kind, passer.options(), passer.default) == ("pass_block", (None,), None)
    assert (blocker.kind, blocker.options(), blocker.default) == ("kick_block", (None,), None)
    assert (aim.kind, aim.where, aim.scripted) == ("aim", "actions[0].aim", Square(11, 7))
    options = d.options()
    assert (d.kind, d.where, d.default) == ("kick_landing", "actions[0].landing", Square(15, 2))
    assert options is not None and len(options) == 3 + 5 + 7 + 9 + 11  # distances 1..5
    for option in options:
        assert flown(option, None).square == option
    with pytest.raises(DecisionError) as e:
        flown(Square(16, 7), None)  # distance 6
    assert (e.value.problems[0].where, e.value.problems[0].players) == (
        "actions[0].landing", ("h1",))


def test_a_refused_quick_snap_moves_nobody() -> None:
    """Quick Snap's options cannot be listed: the rule, played on a copy, is the decision's
    check, so a list with one illegal move is refused before the legal ones are made."""
    from kickoff.core import resetup
    from kickoff.core.decisions import Move

    moves = [Move("a4", Square(21, 7)), Move("a5", Square(22, 5))]
    ctx = _ctx("bb2020", Decisions(quick_snap=moves))
    with pytest.raises(DecisionError) as e:
        resetup.quick_snap(ctx, 4)
    (p,) = e.value.problems
    assert (p.code, p.where) == ("illegal_choice", "decisions.quick_snap[1]")
    assert p.message == "a5 at [20, 5] may move one square, not to [22, 5]"
    assert ctx.state.players["a4"].square == Square(20, 7)  # nobody moved
    legal = _ctx("bb2020", Decisions(quick_snap=moves[:1]))
    resetup.quick_snap(legal, 4)
    assert legal.state.players["a4"].square == Square(21, 7)


@pytest.mark.parametrize(("ruleset", "kind"), [("bb2020", "quick_snap"), ("bb2020", "solid_defence"),
                                               ("classic", "perfect_defence"), ("sevens", "quick_snap")])
def test_resetup_options_are_a_checkable_set_listed_up_to_a_bound(ruleset: str, kind: str) -> None:
    """A re-set-up's moves are too many to list: its decision hands over a checkable set, whose
    first options (nobody, then one player's move) are each accepted by the rule, and scripted
    back, played."""
    from kickoff.core import resetup

    rec = Recorder(DEFAULTS)
    ctx = KickoffContext(_loaded(ruleset).state.clone(), _loaded(ruleset).ruleset,
                         ScriptedDice({}), Decisions(), coach=rec)
    play = {"quick_snap": lambda c: resetup.quick_snap(c, None if ruleset == "classic" else 4),
            "solid_defence": lambda c: resetup.solid_defence(c, 4),
            "perfect_defence": resetup.perfect_defence}[kind]
    play(ctx)
    (d,) = rec.met
    assert d.kind == kind and d.options() is None and d.among is not None
    listed = d.listed(40)
    assert 5 < len(listed) <= 40 and listed[0] == [] and d.listed(5) == listed[:5]
    assert len({(o[0].player, o[0].to) for o in listed[1:]}) == len(listed) - 1
    assert all(len(o) == 1 for o in listed[1:]) and all(d.problem(o) is None for o in listed)
    width = ctx.state.pitch.width  # the far end of the pitch: never a legal square for him
    far = [resetup.Move(listed[1][0].player, Square(0 if d.side == "away" else width - 1, 0))]
    assert far not in d.among and d.problem(far) is not None
    scripted = KickoffContext(_loaded(ruleset).state.clone(), _loaded(ruleset).ruleset,
                              ScriptedDice({}), Decisions(**{kind: listed[-1]}))
    play(scripted)
    (move,) = listed[-1]
    assert scripted.state.players[move.player].square == move.to
