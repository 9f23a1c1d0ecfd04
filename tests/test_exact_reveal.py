"""A group's journeys solved as one chain over the ball's state and the changes read so far
(``worlds.Revealed``, issue 28): classic's Pitch Invasion (a D6 for each player, each stun its
own change) is a product of independent changes; the values are the per-part path's, exactly."""

from __future__ import annotations

import json

from helpers import player, scenario

from kickoff.analysis.exact.chance import Q
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.worlds import Revealed, product_of
from kickoff.core.pitch import Square
from kickoff.formats.scenario import load_scenario, parse_scenario


def _pitch_invasion() -> tuple[KickoffSolver, KickoffSolver]:
    """A classic set-up whose Pitch Invasion can Stun every receiver (a touchback then bounces
    from a downed one), on the Line of Scrimmage and behind it: revealed and per part."""
    home = [player("h1", [12, 6], "classic"), player("h2", [12, 7], "classic"),
            player("h3", [12, 8], "classic"), player("h4", [11, 7], "classic"),
            player("h5", [11, 8], "classic")]
    away = [player(f"a{i}", sq, "classic") for i, sq in enumerate(
        [[13, 6], [13, 7], [13, 8], [14, 7], [18, 7]], start=1)]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("classic", home=home, away=away))))
    revealed = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    per_part = KickoffSolver(loaded.state, loaded.ruleset, events="all")
    per_part.reveal_journeys = False
    return revealed, per_part


def test_revealed_journeys_equal_the_per_part_journeys_exactly() -> None:
    revealed, per_part = _pitch_invasion()
    for target in (Square(13, 7), Square(14, 6), Square(19, 7), Square(25, 14), Square(13, 0)):
        assert revealed.odds(target).ends == per_part.odds(target).ends
        assert (revealed.value(target, "receiver-holds")
                == per_part.value(target, "receiver-holds"))
    # the new path did the work: the Pitch Invasion group is a product, solved revealed
    group = max(revealed.groups(), key=lambda g: len(g.members))
    assert isinstance(group.revealed, Revealed)
    assert len(group.revealed.product.bits) >= 8 and group.revealed.states
    assert not any(isinstance(g.revealed, Revealed) for g in per_part.groups())


def test_a_revealed_players_probability_is_his_marginal_over_the_worlds() -> None:
    # Each product change (a player Stunned) revealed alone: its probability, and that of
    # its absence, are the group's worlds' own sums (the other events' worlds included);
    # revealed after another change, the joint sums.
    revealed, _ = _pitch_invasion()
    revealed.odds(Square(13, 7))
    group = max(revealed.groups(), key=lambda g: len(g.members))
    assert isinstance(group.revealed, Revealed)
    bits = group.revealed.product.bits
    for b in bits:
        has = sum((p for (p, _, _), m in zip(group.members, group.masks, strict=True)
                   if m >> b & 1), Q(0))
        assert group.revealed.mass(1 << b, 1 << b) == has
        assert group.revealed.mass(1 << b, 0) == group.mass - has
    a, b = bits[0], bits[1]
    both = sum((p for (p, _, _), m in zip(group.members, group.masks, strict=True)
                if m >> a & 1 and not m >> b & 1), Q(0))
    assert group.revealed.mass(1 << a | 1 << b, 1 << a) == both
    # and the decomposition itself: every world's probability is the product's plus the rest
    product = product_of(group)
    assert product is not None and all(0 < q < 1 for q in product.q)
    assert all(r > 0 for _, _, r in product.rest) and product.rest0 >= 0
