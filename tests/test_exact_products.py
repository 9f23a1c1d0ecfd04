"""Classic Pitch Invasion's stuns kept as a product (``chance.OwnRollDice``, ``worlds.Product``,
``Group.add_product``): the same exact odds as every combination listed, without the 2^k worlds
(issue 28: ``classic-2017/1005099`` and ``1005475`` could not be enumerated in 7 GB)."""

from __future__ import annotations

import json
import math
from fractions import Fraction

from helpers import player, scenario

from kickoff.analysis.exact.chance import OwnRollDice, enumerate_runs
from kickoff.analysis.exact.grouping import change_masses
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.targets import best_target
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.events import pitch_invasion_classic
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _loaded(home: list[dict[str, object]], away: list[dict[str, object]]):  # type: ignore[no-untyped-def]
    return load_scenario(parse_scenario(json.dumps(scenario("classic", home=home, away=away))))


def _small():  # type: ignore[no-untyped-def]
    # four kicking players (one far behind: no journey reads him, lumped when listed) and
    # five receivers, three of them on the Line of Scrimmage
    home = [player("h1", [12, 6], "classic"), player("h2", [12, 7], "classic"),
            player("h3", [12, 8], "classic"), player("h4", [2, 7], "classic")]
    away = [player(f"a{i}", sq, "classic") for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [18, 3], [20, 11]], start=1)]
    return _loaded(home, away)


def _solvers(loaded):  # type: ignore[no-untyped-def]
    apart = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    listed = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    listed.rolls_apart = False
    return apart, listed


def test_own_roll_dice_answer_each_player_s_roll_once_and_note_it() -> None:
    loaded = _small()
    seen: list[OwnRollDice] = []

    def invade(dice: OwnRollDice) -> frozenset[str]:
        ctx = KickoffContext(loaded.state.clone(), loaded.ruleset, dice, Decisions())
        pitch_invasion_classic(ctx)
        seen.append(dice)
        return frozenset(p.id for p in ctx.state.players.values() if p.status == "stunned")

    runs = enumerate_runs(invade, dice=lambda path: OwnRollDice(path))
    # one run (no branch): every D6 answered 1 (a natural 1 never stuns), each one noted
    assert runs == [(1, frozenset())]
    assert [p.id for p, _ in seen[0].own] == ["h1", "h2", "h3", "h4", "a1", "a2", "a3", "a4",
                                              "a5"]
    # the kicking team's players rolled with the receivers' FAME (0): a 6, 1/6
    assert seen[0].own[0][1] == (((1,), Fraction(5, 6)), ((6,), Fraction(1, 6)))


def test_the_stuns_kept_as_a_product_give_every_combination_s_exact_odds() -> None:
    apart, listed = _solvers(_small())
    assert len(apart.worlds()) < len(listed.worlds())
    assert [len(product.factors) for _, product, _ in apart._products] == [9]
    assert [seen for _, _, seen in apart._products[0][1].factors].count(False) == 1  # h4
    apart_groups, listed_groups = apart.groups(), listed.groups()
    assert [g.mass for g in apart_groups] == [g.mass for g in listed_groups]
    assert [g.award_weights for g in apart_groups] == [g.award_weights for g in listed_groups]
    for target in (Square(13, 7), Square(14, 6), Square(19, 7), Square(24, 2)):
        assert apart.odds(target).ends == listed.odds(target).ends
        assert apart.value(target, "receiver-holds") == listed.value(target, "receiver-holds")


def test_the_best_target_and_its_value_are_those_of_the_listed_worlds() -> None:
    apart, listed = _solvers(_small())
    mine, theirs = best_target(apart, "receiver-holds"), best_target(listed, "receiver-holds")
    assert (mine.target, mine.value) == (theirs.target, theirs.value)


def test_a_full_line_of_scrimmage_is_not_listed_combination_by_combination() -> None:
    # 22 players, each next to a square in play (1005099's first kick-off): 2^22 worlds listed
    home = [player(f"h{y}", [12, y], "classic") for y in range(2, 13)]
    away = [player(f"a{y}", [13, y], "classic") for y in range(2, 13)]
    loaded = _loaded(home, away)
    solver = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    assert len(solver.worlds()) < 5_000
    assert [len(product.factors) for _, product, _ in solver._products] == [22]
    (product_group, *_) = [g for g in solver.groups() if g.blocks]
    # the listed worlds: the other events' and those where nobody can take a touchback (every
    # receiver Stunned), one for each combination of the kicking team's stuns
    assert len(product_group.members) < 5_000 + 2 ** 11
    assert product_group.mass + sum(g.mass for g in solver.groups() if not g.blocks) == 1
    assert loaded.ruleset.kickoff_table[12].handler is pitch_invasion_classic


def test_a_block_s_changes_weigh_what_the_listed_worlds_with_them_weigh() -> None:
    # the best target's bounds read each change's worlds' mass (bounds.affected_bound): the
    # block's worlds count there as the listed ones did
    apart, listed = _solvers(_small())
    (mine, *_), (theirs, *_) = apart.groups(), listed.groups()
    per_mine, total_mine = change_masses(mine)
    per_theirs, total_theirs = change_masses(theirs)
    # every changed world's mass: more by the block's worlds changed in h4 alone (lumped as
    # unchanged when listed), at most Pitch Invasion's 1/36 times h4's 1/6
    assert total_theirs < total_mine < total_theirs + 1 / 216
    seen = [e for e in theirs.entry_index if e[0] != "h4"]  # (h4 lumped when listed)
    assert len(seen) > 8
    for e in seen:
        assert math.isclose(per_mine[mine.entry_index[e]], per_theirs[theirs.entry_index[e]],
                            rel_tol=1e-12), e
