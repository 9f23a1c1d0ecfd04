"""What a coach wants of a kick-off, as a value of its end: the objectives of the exact odds.

Every objective is linear in the kick-off's end distribution: its value for a target is the sum,
over the end states (``kickoff.core.ball.Held`` / ``ball.Rests``), of the end's probability times
the end's own value (:func:`end_value`). That is what lets the exact solver take the receiving
coach's best choice at a decision node (``--play best``) and the set-up advisor
(``kickoff setup optimize``) add values up landing by landing, with no second copy of the odds.

Objectives, and which way each coach wants them (``KICKER_WANTS_HIGH``; the receiving coach wants
the other way):

- ``touchback``: the chance of a touchback (the kicker wants it low);
- ``receiver-holds``: the chance the receiving team ends the kick-off holding the ball,
  touchbacks included (the kicker wants it low);
- ``ball-on-ground``: the chance the ball ends on the ground, held by nobody (the kicker wants it
  high); a ball with nowhere to rest (``ball.Rests`` with no square) is not on the ground, as in
  ``Odds.ground``;
- ``distance``: the expected distance in squares (along x) of the ball at the end, held or on
  the ground, from the End Zone the receiving team defends (the kicker wants it low: the ball
  deep in the receivers' half). A ball with nowhere to rest counts 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from kickoff.core import ball
from kickoff.core.pitch import Side

Objective = Literal["touchback", "receiver-holds", "ball-on-ground", "distance"]
#: Every objective, in the order the faces list them.
OBJECTIVES: tuple[Objective, ...] = ("touchback", "receiver-holds", "ball-on-ground", "distance")
#: Whether a higher value of the objective is better for the kicking team (the receiving team
#: wants the opposite).
KICKER_WANTS_HIGH: dict[Objective, bool] = {
    "touchback": False, "receiver-holds": False, "ball-on-ground": True, "distance": False,
}


def end_value(
    end: ball.Held | ball.Rests, objective: Objective, receiving: Side, end_zone_x: int,
    sides: Mapping[str, Side],
) -> int:
    """The objective's value of one end of a kick-off (an integer: 0 or 1, or a distance in
    squares): its expectation over the end distribution is the objective's value.

    ``receiving``: the receiving team; ``end_zone_x``: the x of the End Zone it defends
    (``Pitch.end_zone_x``); ``sides``: player id -> his team (for ``receiver-holds``).
    """
    if objective == "touchback":
        return int(end.touchback)
    if objective == "receiver-holds":
        return int(isinstance(end, ball.Held) and sides[end.player] == receiving)
    if objective == "ball-on-ground":  # as ``Odds.ground``: a ball with nowhere to rest is not
        return int(isinstance(end, ball.Rests) and end.square is not None)
    return 0 if end.square is None else abs(end.square.x - end_zone_x)


def receivers_prefer(objective: Objective, a: object, b: object) -> bool:
    """Whether the receiving team prefers objective value ``a`` to ``b`` (strictly); values are
    exact rationals (``Fraction`` or the solver's own)."""
    return bool(a < b) if KICKER_WANTS_HIGH[objective] else bool(a > b)  # type: ignore[operator]
