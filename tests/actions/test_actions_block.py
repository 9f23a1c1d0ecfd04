"""Block: strength and assists, the dice and who chooses, every result and the skills that change
it, pushes, the crowd, follow-up, armour and injury (docs/actions.md)."""

from __future__ import annotations

from typing import Any

import pytest
from world import left, turn, world

from kickoff.core.actions.block import block, dice_count, push_back_squares, strengths
from kickoff.core.decisions import BlockChoice
from kickoff.core.errors import DecisionError
from kickoff.core.pitch import Square
from kickoff.core.state import LOST_TACKLE_ZONE, tackle_zones

FACE = {"skull": 1, "both_down": 2, "push": 3, "stumble": 4, "pow": 5}


def duel(ruleset: str = "bb2020", *, h1: dict[str, Any] | None = None, a1: dict[str, Any] | None = None,
         block_dice: tuple[str, ...] = ("pow",), d6: tuple[int, ...] = (), d8: tuple[int, ...] = (),
         extra: dict[str, Any] | None = None, **kw: Any):  # type: ignore[no-untyped-def]
    """h1 on (5, 5) blocks a1 on (6, 5)."""
    players: dict[str, Any] = {"h1": {"square": (5, 5), **(h1 or {})}, "a1": {"square": (6, 5), **(a1 or {})}}
    players.update(extra or {})
    dice = {"block": [FACE[f] for f in block_dice], "d6": list(d6)}
    if d8:
        dice["d8"] = list(d8)
    return world(ruleset, players, dice=dice, **kw)


def go(ctx, choice: BlockChoice | None = None, blitz: bool = False, t=None):  # type: ignore[no-untyped-def]
    t = t or turn()
    st = ctx.state
    res = block(ctx, t, st.players["h1"], st.players["a1"], choice or BlockChoice(), "decisions.blitz[0]",
                blitz=blitz)
    return res, t


def sq(ctx, pid: str) -> tuple[int, int] | None:  # type: ignore[no-untyped-def]
    return ctx.state.players[pid].square


def status(ctx, pid: str) -> str:  # type: ignore[no-untyped-def]
    return ctx.state.players[pid].status


# ---------------------------------------------------------------- strength, dice, chooser


@pytest.mark.parametrize("att, dfn, n, attacker", [(3, 3, 1, True), (4, 3, 2, True), (7, 3, 3, True),
                                                   (6, 3, 2, True), (3, 4, 2, False), (3, 7, 3, False)])
def test_dice_count_and_chooser(att: int, dfn: int, n: int, attacker: bool) -> None:
    assert dice_count(att, dfn) == (n, attacker)


def test_assists_need_a_free_helper_unless_guard() -> None:
    # h2 (7, 4) marks a1 and is free: an assist. h3 (7, 6) marks a1 but a2 (8, 7) marks him: none.
    # a3 (4, 4) marks h1 and is free: a defensive assist.
    ctx = duel(extra={"h2": (7, 4), "h3": (7, 6), "a2": (8, 7), "a3": (4, 4)})
    st = ctx.state
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (4, 4)
    ctx = duel(extra={"h2": (7, 4), "h3": {"square": (7, 6), "skills": ["guard"]}, "a2": (8, 7),
                      "a3": (4, 4)})
    st = ctx.state
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (5, 4)


def test_prone_players_do_not_assist() -> None:
    ctx = duel(extra={"h2": {"square": (7, 4), "status": "prone"}})
    st = ctx.state
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (3, 3)


def test_a_player_who_lost_his_tackle_zone_does_not_assist_nor_mark() -> None:
    # h2 (7, 4) marks a1 (6, 5) and assists h1 (5, 5); after a failed Bone-head he has no tackle zone (LRB6:
    # "may not ... assist another player on a block"; bb2020 "loses their Tackle Zone"): no
    # assist, and a1 is no longer marked by him (issue 25).
    ctx = duel(extra={"h2": (7, 4)})
    st = ctx.state
    h2 = st.own(st.players["h2"])
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (4, 3)
    h2.effects = h2.effects | {LOST_TACKLE_ZONE}
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (3, 3)
    assert [q.id for q in tackle_zones(st, (6, 5), "away")] == ["h1"]
    assert not h2.can_catch()


def test_two_dice_attacker_chooses_by_default_the_best() -> None:
    ctx = duel(extra={"h2": (7, 4)}, block_dice=("skull", "pow"), d6=(4, 4))
    res, t = go(ctx)
    assert res.face == "pow" and status(ctx, "a1") == "prone" and not t.turnover


def test_weaker_attacker_defender_chooses() -> None:
    ctx = duel(a1={"st": 4}, block_dice=("pow", "skull"), d6=(3, 3))
    res, t = go(ctx)
    assert res.face == "skull" and status(ctx, "h1") == "prone" and t.turnover
    assert left(ctx) == {}


def test_three_dice_for_more_than_double() -> None:
    ctx = duel(h1={"st": 7}, block_dice=("skull", "push", "both_down"))
    res, _ = go(ctx)
    assert res.face == "push" and sq(ctx, "a1") == (7, 5)


def test_a_chosen_face_must_be_rolled() -> None:
    ctx = duel(block_dice=("push",))
    with pytest.raises(DecisionError, match=r"decisions.blitz\[0\].block.choose: 'pow' was not rolled"):
        go(ctx, BlockChoice(choose="pow"))


def test_blocking_a_non_adjacent_or_fallen_target_is_refused() -> None:
    ctx = world("bb2020", {"h1": (5, 5), "a1": (7, 5)})
    with pytest.raises(DecisionError, match=r"decisions.blitz\[0\] \(h1 at \[5, 5\]\): target a1 at \[7, 5\] "
                                            r"is not adjacent"):
        go(ctx)
    ctx = duel(a1={"status": "prone"})
    with pytest.raises(DecisionError, match="not a Standing opponent"):
        go(ctx)


# ---------------------------------------------------------------- the five results


def test_attacker_down_is_a_turnover_with_armour() -> None:
    ctx = duel(block_dice=("skull",), d6=(5, 5, 3, 4))  # armour 10 >= 9 broken, injury 7 stunned
    res, t = go(ctx)
    assert res.attacker_down and t.turnover
    assert status(ctx, "h1") == "stunned" and sq(ctx, "h1") == (5, 5)
    assert status(ctx, "a1") == "standing" and left(ctx) == {}


def test_both_down_defender_armour_first_then_attacker() -> None:
    # defender 5+5 broken, injury 4+4 = 8 KO; attacker 1+1 holds
    ctx = duel(block_dice=("both_down",), d6=(5, 5, 4, 4, 1, 1))
    res, t = go(ctx)
    assert res.attacker_down and res.defender_down and t.turnover
    assert status(ctx, "a1") == "knocked_out" and sq(ctx, "a1") is None
    assert status(ctx, "h1") == "prone" and left(ctx) == {}


@pytest.mark.parametrize(
    "att_skills, def_skills, att_down, def_down, dice",
    [
        (["block"], [], False, True, (2, 2)),
        ([], ["block"], True, False, (2, 2)),
        (["block"], ["block"], False, False, ()),
    ],
)
def test_both_down_with_block(att_skills: list[str], def_skills: list[str], att_down: bool, def_down: bool,
                              dice: tuple[int, ...]) -> None:
    ctx = duel(h1={"skills": att_skills}, a1={"skills": def_skills}, block_dice=("both_down",), d6=dice)
    _res, t = go(ctx, BlockChoice(choose="both_down"))
    assert (status(ctx, "h1") == "prone", status(ctx, "a1") == "prone") == (att_down, def_down)
    assert t.turnover is att_down and left(ctx) == {}


@pytest.mark.parametrize("who", ["h1", "a1"])
def test_wrestle_places_both_prone_without_armour_or_turnover(who: str) -> None:
    kw = {"h1": {"skills": ["wrestle"]}} if who == "h1" else {"a1": {"skills": ["wrestle"]}}
    ctx = duel(block_dice=("both_down",), **kw)  # type: ignore[arg-type]
    _res, t = go(ctx, BlockChoice(choose="both_down"))
    assert status(ctx, "h1") == status(ctx, "a1") == "prone" and not t.turnover
    assert left(ctx) == {}


def test_juggernaut_on_a_blitz_makes_both_down_a_push_and_cancels_stand_firm() -> None:
    ctx = duel(h1={"skills": ["juggernaut"]}, a1={"skills": ["stand_firm", "wrestle"]},
               block_dice=("both_down",))
    _res, t = go(ctx, BlockChoice(choose="both_down"), blitz=True)
    assert sq(ctx, "a1") == (7, 5) and status(ctx, "a1") == "standing" and not t.turnover
    # not on a plain block: Both Down, the defender's Wrestle places both Prone
    ctx = duel(h1={"skills": ["juggernaut"]}, a1={"skills": ["wrestle"]}, block_dice=("both_down",))
    go(ctx, BlockChoice(choose="both_down"), blitz=False)
    assert status(ctx, "h1") == status(ctx, "a1") == "prone"


def test_push_straight_back_by_default_and_follow_up() -> None:
    ctx = duel(block_dice=("push",))
    res, _t = go(ctx)
    assert res.pushed and sq(ctx, "a1") == (7, 5) and sq(ctx, "h1") == (5, 5)
    ctx = duel(block_dice=("push",))
    go(ctx, BlockChoice(push_to=Square(7, 4), follow_up=True))
    assert sq(ctx, "a1") == (7, 4) and sq(ctx, "h1") == (6, 5)
    assert ctx.state.at((6, 5)).id == "h1" and ctx.state.at((5, 5)) is None


def test_push_to_must_be_a_push_back_square() -> None:
    ctx = duel(block_dice=("push",))
    with pytest.raises(DecisionError, match=r"block.push_to: \[6, 6\] is not a legal push-back square for a1 "
                                            r"\(legal: \[7, 5\], \[7, 6\], \[7, 4\]\)"):
        go(ctx, BlockChoice(push_to=Square(6, 6)))


def test_push_back_squares_straight_and_diagonal() -> None:
    assert sorted(push_back_squares((5, 5), (6, 5))) == [(7, 4), (7, 5), (7, 6)]
    assert sorted(push_back_squares((5, 5), (5, 4))) == [(4, 3), (5, 3), (6, 3)]
    assert sorted(push_back_squares((5, 5), (6, 6))) == [(6, 7), (7, 6), (7, 7)]


def test_empty_squares_first_then_the_crowd_then_a_chain_push() -> None:
    # (7,5) and (7,6) taken: the only empty one, (7,4), is used even if not straight back
    ctx = duel(block_dice=("push",), extra={"h2": (7, 5), "a2": (7, 6)})
    go(ctx)
    assert sq(ctx, "a1") == (7, 4)
    # all three taken: chain push straight back; h2 is pushed on to (8, 5)
    ctx = duel(block_dice=("push",), extra={"h2": (7, 5), "a2": (7, 6), "a3": (7, 4)})
    go(ctx)
    assert sq(ctx, "a1") == (7, 5) and sq(ctx, "h2") == (8, 5)


def test_stand_firm_player_is_not_chain_pushed() -> None:
    ctx = duel(block_dice=("push",), extra={"h2": {"square": (7, 5), "skills": ["stand_firm"]},
                                             "a2": (7, 6), "a3": (7, 4)})
    go(ctx)
    # a1 goes to (7, 4), the first legal square; a3 is pushed on diagonally, straight back to (8, 3)
    assert sq(ctx, "h2") == (7, 5) and sq(ctx, "a1") == (7, 4) and sq(ctx, "a3") == (8, 3)


@pytest.mark.parametrize("injury, where",
                         [((3, 3), "reserves"), ((4, 4), "knocked_out"), ((6, 6), "casualty")])
def test_pushed_into_the_crowd_injury_without_armour(injury: tuple[int, int], where: str) -> None:
    ctx = world("bb2020", {"h1": (6, 1), "a1": (6, 0)}, dice={"block": [FACE["pow"]], "d6": list(injury)})
    st = ctx.state
    block(ctx, turn(), st.players["h1"], st.players["a1"], BlockChoice(follow_up=True), "w", blitz=True)
    assert st.players["a1"].square is None and st.players["a1"].status == where
    assert st.players["h1"].square == (6, 0)  # followed up into the vacated square
    assert left(ctx) == {}


@pytest.mark.parametrize(
    "att_skills, def_skills, down",
    [([], [], True), ([], ["dodge"], False), (["tackle"], ["dodge"], True)],
)
def test_defender_stumbles(att_skills: list[str], def_skills: list[str], down: bool) -> None:
    ctx = duel(h1={"skills": att_skills}, a1={"skills": def_skills}, block_dice=("stumble",),
               d6=(1, 1) if down else ())
    go(ctx)
    assert sq(ctx, "a1") == (7, 5) and status(ctx, "a1") == ("prone" if down else "standing")
    assert left(ctx) == {}


def test_defender_down_with_stand_firm_falls_in_place() -> None:
    ctx = duel(a1={"skills": ["stand_firm"]}, block_dice=("pow",), d6=(1, 1))
    go(ctx, BlockChoice(follow_up=True))
    assert sq(ctx, "a1") == (6, 5) and status(ctx, "a1") == "prone" and sq(ctx, "h1") == (5, 5)


# ---------------------------------------------------------------- armour, injury, Mighty Blow


@pytest.mark.parametrize(
    "ruleset, av, armour, broken",
    [("classic", 8, (4, 4), False), ("classic", 8, (4, 5), True),
     ("bb2020", 9, (4, 4), False), ("bb2020", 9, (4, 5), True), ("bb2025", 9, (4, 5), True)],
)
def test_armour_per_edition(ruleset: str, av: int, armour: tuple[int, int], broken: bool) -> None:
    ctx = duel(ruleset, a1={"av": av}, d6=armour + ((1, 1) if broken else ()))
    go(ctx)
    assert status(ctx, "a1") == ("stunned" if broken else "prone") and left(ctx) == {}


@pytest.mark.parametrize(
    "armour, injury, result",
    [
        ((4, 4), (4, 3), "stunned"),  # 8 + 1 breaks AV 9+: Mighty Blow on the armour; injury 7
        ((4, 5), (4, 3), "knocked_out"),  # broken without it: +1 to the injury, 7 + 1 = 8
        ((3, 4), (), "prone"),  # 7 + 1 = 8 < 9: holds
    ],
)
def test_mighty_blow_on_armour_or_injury(
    armour: tuple[int, int], injury: tuple[int, ...], result: str
) -> None:
    ctx = duel(h1={"skills": ["mighty_blow"]}, d6=armour + injury)
    go(ctx)
    assert status(ctx, "a1") == result and left(ctx) == {}


def test_mighty_blow_of_a_defender_counts_in_classic_only() -> None:
    # attacker down: armour 4+4 = 8 vs classic AV 8 needs 9: +1 from the defender's Mighty Blow
    ctx = duel("classic", h1={"av": 8}, a1={"skills": ["mighty_blow"]}, block_dice=("skull",),
               d6=(4, 4, 1, 1))
    go(ctx)
    assert status(ctx, "h1") == "stunned"
    ctx = duel("bb2020", a1={"skills": ["mighty_blow"]}, block_dice=("skull",), d6=(4, 4))
    go(ctx)
    assert status(ctx, "h1") == "prone" and left(ctx) == {}


def test_thick_skull_and_stunty_injury() -> None:
    ctx = duel(a1={"skills": ["thick_skull"]}, d6=(5, 5, 4, 4))
    go(ctx)
    assert status(ctx, "a1") == "stunned"
    ctx = duel(a1={"skills": ["stunty"]}, d6=(5, 5, 4, 3))  # bb2020 Stunty: 7 is KO
    go(ctx)
    assert status(ctx, "a1") == "knocked_out"


# ---------------------------------------------------------------- Frenzy


def test_frenzy_follows_up_and_blocks_again() -> None:
    ctx = duel(h1={"skills": ["frenzy"]}, block_dice=("push", "pow"), d6=(1, 1))
    res, _ = go(ctx)
    # push to (7, 5), forced follow-up to (6, 5); second block: Defender Down, pushed to (8, 5),
    # follow-up again to (7, 5)
    assert sq(ctx, "h1") == (7, 5) and sq(ctx, "a1") == (8, 5)
    assert status(ctx, "a1") == "prone" and left(ctx) == {}
    assert res.face == "pow"


def test_frenzy_cannot_refuse_to_follow_up() -> None:
    ctx = duel(h1={"skills": ["frenzy"]}, block_dice=("push",))
    with pytest.raises(DecisionError, match="has Frenzy and must follow up"):
        go(ctx, BlockChoice(follow_up=False))


def test_chain_push_into_the_crowd() -> None:
    # a1 on (6, 1) pushed north: (5, 0), (6, 0), (7, 0) all taken: chain push straight back;
    # h2 on (6, 0) is pushed on into the crowd: injury 2+2 Stunned: Reserves
    ctx = world("bb2020", {"h1": (6, 2), "a1": (6, 1), "h2": (6, 0), "a2": (5, 0), "a3": (7, 0)},
                dice={"block": [FACE["push"]], "d6": [2, 2]})
    st = ctx.state
    block(ctx, turn(), st.players["h1"], st.players["a1"], BlockChoice(), "w", blitz=False)
    assert st.players["a1"].square == (6, 0)
    assert st.players["h2"].square is None and st.players["h2"].status == "reserves"
    assert left(ctx) == {}


def test_frenzy_second_block_needs_a_square_of_movement() -> None:
    ctx = duel(h1={"skills": ["frenzy"]}, block_dice=("push",))
    st = ctx.state
    block(ctx, turn(), st.players["h1"], st.players["a1"], BlockChoice(), "w", blitz=True,
          before_second_block=lambda: False)
    assert sq(ctx, "h1") == (6, 5) and sq(ctx, "a1") == (7, 5) and left(ctx) == {}


def test_a_chain_push_blocked_by_stand_firm_players_moves_nobody() -> None:
    sf = {"skills": ["stand_firm"]}
    ctx = duel(block_dice=("push",), extra={
        "h2": (7, 4), "h3": (7, 5), "h4": (7, 6),
        "a2": {"square": (8, 4), **sf}, "a3": {"square": (8, 5), **sf}, "a4": {"square": (8, 6), **sf}})
    res, _ = go(ctx, BlockChoice(follow_up=True))
    assert not res.pushed and sq(ctx, "a1") == (6, 5) and sq(ctx, "h3") == (7, 5) and sq(ctx, "h1") == (5, 5)


class _Recorder:
    """A coach who records each decision (its options listed) and answers as ``then`` does."""

    def __init__(self, then: Any = None) -> None:
        from kickoff.core.coach import SCRIPTED

        self.met: list[Any] = []
        self.then = then or SCRIPTED

    def choose(self, decision: Any) -> Any:
        decision.options()
        self.met.append(decision)
        return self.then.choose(decision)


def _coached(ctx, coach):  # type: ignore[no-untyped-def]
    ctx.coach, ctx.plain = coach, False
    return ctx


def test_side_step_is_the_pushed_players_coachs_push_to_decision() -> None:
    # a1 (Sidestep) on (6, 5) pushed by h1 on (5, 5): his own coach chooses among every empty
    # square around him (the three push-back squares and the five others but h1's)
    ctx = _coached(duel(a1={"skills": ["sidestep"]}, block_dice=("push",)), _Recorder())
    go(ctx)
    (push,) = [d for d in ctx.coach.met if d.kind == "push_to"]
    assert push.side == "away" and push.default == (7, 5)
    assert sorted(push.options()) == [(5, 4), (5, 6), (6, 4), (6, 6), (7, 4), (7, 5), (7, 6)]
    assert sq(ctx, "a1") == (7, 5)


def test_every_side_step_square_is_played_when_scripted() -> None:
    for to in ((5, 4), (6, 6), (7, 4)):
        ctx = duel(a1={"skills": ["sidestep"]}, block_dice=("push",))
        go(ctx, BlockChoice(push_to=Square(*to)))
        assert sq(ctx, "a1") == to and sq(ctx, "h1") == (5, 5)


def test_side_step_is_classic_side_step_and_not_when_prone_chain_pushed() -> None:
    ctx = duel("classic", a1={"skills": ["side_step"]}, block_dice=("push",))
    go(ctx, BlockChoice(push_to=Square(6, 4)))
    assert sq(ctx, "a1") == (6, 4)
    # the bb2020 spelling does nothing in classic: (6, 4) is no push-back square there
    ctx = duel("classic", a1={"skills": ["sidestep"]}, block_dice=("push",))
    with pytest.raises(DecisionError, match="not a legal push-back square"):
        go(ctx, BlockChoice(push_to=Square(6, 4)))


def test_bb2025_sidestep_needs_the_tackle_zone_bb2020_does_not() -> None:
    for ruleset, steps in (("bb2020", True), ("bb2025", False)):
        ctx = duel(ruleset, a1={"skills": ["sidestep"]}, block_dice=("push",))
        a1 = ctx.state.own(ctx.state.players["a1"])
        a1.effects = a1.effects | {LOST_TACKLE_ZONE}
        if steps:
            go(ctx, BlockChoice(push_to=Square(6, 4)))
            assert sq(ctx, "a1") == (6, 4)
        else:
            with pytest.raises(DecisionError, match="not a legal push-back square"):
                go(ctx, BlockChoice(push_to=Square(6, 4)))


def test_horns_adds_one_strength_on_a_blitz_only() -> None:
    ctx = duel(h1={"skills": ["horns"]})
    st = ctx.state
    assert strengths(ctx, st.players["h1"], st.players["a1"], blitz=True) == (4, 3)
    assert strengths(ctx, st.players["h1"], st.players["a1"]) == (3, 3)


def test_follow_up_is_a_decision_frenzys_has_one_option() -> None:
    ctx = _coached(duel(block_dice=("push",)), _Recorder())
    go(ctx)
    (fu,) = [d for d in ctx.coach.met if d.kind == "follow_up"]
    assert fu.side == "home" and fu.options() == (False, True) and fu.default is False
    assert sq(ctx, "h1") == (5, 5)
    ctx = _coached(duel(h1={"skills": ["frenzy"]}, block_dice=("push", "push")), _Recorder())
    go(ctx)
    first = next(d for d in ctx.coach.met if d.kind == "follow_up")
    assert first.options() == (True,) and first.default is True


def test_the_apothecary_and_its_casualty_result_are_decisions() -> None:
    from kickoff.core.actions.injury import injury
    from kickoff.core.coach import PathCoach

    # a1 Knocked Out (4+5): the away coach's apothecary decision, default not used
    ctx = _coached(duel(d6=(4, 5)), _Recorder())
    ctx.state.teams["away"].apothecaries = 1
    assert injury(ctx, ctx.state.players["a1"]) == "knocked_out"
    (apo,) = ctx.coach.met
    assert (apo.kind, apo.side, apo.options(), apo.default) == ("apothecary", "away", (False, True), False)
    assert status(ctx, "a1") == "knocked_out" and ctx.state.teams["away"].apothecaries == 1
    # a Casualty (6+6), the apothecary used (a solver's path: option 1), bb2020 D16 7 then 3:
    # the coach's casualty_result, default the Badly Hurt second; the first chosen: it stands
    ctx = duel(d6=(6, 6))
    ctx.dice.queues["d16"] = [7, 3]  # type: ignore[attr-defined]
    ctx.state.teams["away"].apothecaries = 1
    _coached(ctx, PathCoach([1, 0], ["apothecary", "casualty_result"]))
    injury(ctx, ctx.state.players["a1"])
    assert ctx.coach.answers == [True, "first"]
    assert status(ctx, "a1") == "casualty" and ctx.state.teams["away"].apothecaries == 0


#: a1 pushed straight back into a2 on (7, 5): (7, 4), (7, 6) taken too, a chain push.
CHAIN = {"a2": (7, 5), "h2": (7, 6), "a3": (7, 4)}


@pytest.mark.parametrize("ruleset, skill", [("classic", "side_step"), ("bb2020", "sidestep"),
                                            ("bb2025", "sidestep")])
def test_a_side_stepper_pushed_on_in_a_chain_goes_where_his_coach_says(ruleset: str,
                                                                       skill: str) -> None:
    # a2 (Side Step) pushed on from (7, 5): default the straight square (8, 5); his coach's
    # chain_push (6, 4), an empty square beside him, not a push-back square
    extra = {**CHAIN, "a2": {"square": (7, 5), "skills": [skill]}}
    ctx = duel(ruleset, block_dice=("push",), extra=extra)
    go(ctx)
    assert sq(ctx, "a1") == (7, 5) and sq(ctx, "a2") == (8, 5)
    ctx = duel(ruleset, block_dice=("push",), extra=extra)
    go(ctx, BlockChoice(chain_push=(("a2", Square(6, 4)),)))
    assert sq(ctx, "a1") == (7, 5) and sq(ctx, "a2") == (6, 4) and left(ctx) == {}


def test_a_chain_push_square_is_the_attackers_choice_and_checked() -> None:
    # a2, no Side Step, may go to any of his three push-back squares: (8, 6)
    ctx = duel(block_dice=("push",), extra=CHAIN)
    go(ctx, BlockChoice(chain_push=(("a2", Square(8, 6)),)))
    assert sq(ctx, "a2") == (8, 6)
    ctx = duel(block_dice=("push",), extra=CHAIN)
    with pytest.raises(DecisionError, match=r"block.chain_push.a2: \[6, 4\] is not a legal "
                                            r"push-back square for a2"):
        go(ctx, BlockChoice(chain_push=(("a2", Square(6, 4)),)))
