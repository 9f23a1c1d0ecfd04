"""Monte Carlo of a Kick It! Kick action (seed 000, ``rulings.md`` 7): the same rules as
a replay, played ``n`` times with seeded dice and counted like
:class:`~kickoff.analysis.exact.kick.KickOdds` (the exact odds,
:mod:`kickoff.analysis.exact.kick`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from kickoff.analysis.exact.kick import HOUSE_RULES
from kickoff.analysis.simulate import share
from kickoff.core.actions.kick import (
    finish_kick,
    kick_flight,
    toward,
)
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Decisions
from kickoff.core.dice import Dice, SeededDice
from kickoff.core.pitch import Square
from kickoff.core.rolls import team_turn
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState


@dataclass
class KickTally:
    """Counts over ``n`` simulated Kick actions of what
    :class:`~kickoff.analysis.exact.kick.KickOdds` reports."""

    n: int = 0
    turnover: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    holders: dict[str, int] = field(default_factory=dict)
    ground: dict[Square, int] = field(default_factory=dict)

    def share(self, count: int) -> tuple[float, float]:
        """``(estimate, standard error)`` of a probability from its count
        (:func:`kickoff.analysis.simulate.share`)."""
        return share(count, self.n)


def simulate_kick(
    state: GameState, ruleset: Ruleset, act: Activation, n: int, seed: int,
    landing: Square | None = None,
) -> KickTally:
    """Play the Kick action ``act`` ``n`` times with ``SeededDice(seed)`` (the same rules as
    a replay); the counts. An accurate kick lands nearest ``landing`` at each distance
    (:func:`~kickoff.core.actions.kick.toward`); with ``landing`` ``None``, on ``act.landing``
    when it names one (the scripted coach's answer to the landing decision, ``DecisionError`` if
    it is not allowed), else on the format's default square."""
    dice: Dice = SeededDice(seed)
    policy = None if landing is None and act.landing is not None else toward(landing)
    side = state.players[act.player].side
    tally = KickTally()
    for _ in range(n):
        world = state.clone()
        ctx = KickoffContext(world, ruleset, dice, Decisions(), HOUSE_RULES)
        turn = team_turn(side)
        turn.fallback = True  # as the exact odds: "team" where a team re-roll can be used
        fl = kick_flight(ctx, turn, act, policy)
        tally.outcomes[fl.outcome] = tally.outcomes.get(fl.outcome, 0) + 1
        tally.turnover += finish_kick(ctx, turn, act, fl)
        if world.carrier is not None:
            tally.holders[world.carrier] = tally.holders.get(world.carrier, 0) + 1
        elif world.ball is not None:
            sq = Square(world.ball[0], world.ball[1])
            tally.ground[sq] = tally.ground.get(sq, 0) + 1
    tally.n = n
    return tally
