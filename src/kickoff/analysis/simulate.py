"""Monte Carlo kick-offs: the same rules, sampled with seeded dice, tallied like the exact odds."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt

from kickoff.analysis.exact import Events
from kickoff.core.context import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState


@dataclass
class Tally:
    """Counts over ``n`` simulated kick-offs of the quantities :class:`~kickoff.analysis.exact.Odds`
    reports exactly."""

    n: int = 0
    touchback: int = 0
    receiving_team_holds: int = 0
    holders: dict[str, int] = field(default_factory=dict)
    ground: dict[Square, int] = field(default_factory=dict)
    distance_sum: int = 0

    def share(self, count: int) -> tuple[float, float]:
        """``(estimate, standard error)`` of a probability from its count."""
        p = count / self.n
        return p, sqrt(p * (1 - p) / self.n)


def simulate(
    state: GameState,
    ruleset: Ruleset,
    target: Square,
    n: int,
    seed: int,
    *,
    events: Events = "all",
    house_rules: frozenset[str] = frozenset(),
    use_kick_skill: bool = False,
) -> Tally:
    """Play ``n`` kick-offs at ``target`` from copies of ``state`` (checked beforehand) with
    ``SeededDice(seed)`` and the default decisions; the counts."""
    dice = SeededDice(seed)
    decisions = Decisions(target=target, use_kick_skill=use_kick_skill)
    receiving = state.receiving
    end_zone_x = 0 if receiving == "home" else state.pitch.width - 1
    tally = Tally()
    for _ in range(n):
        kick = kick_until_landing(state.clone(), ruleset, dice, decisions, house_rules,
                                  events=events == "all")
        result = kick.finish()
        st = result.state
        tally.n += 1
        tally.touchback += result.touchback
        if st.carrier is not None:
            tally.holders[st.carrier] = tally.holders.get(st.carrier, 0) + 1
            tally.receiving_team_holds += st.players[st.carrier].side == receiving
        elif st.ball is not None:
            sq = Square(st.ball[0], st.ball[1])
            tally.ground[sq] = tally.ground.get(sq, 0) + 1
        if st.ball is not None:
            tally.distance_sum += abs(st.ball[0] - end_zone_x)
    return tally
