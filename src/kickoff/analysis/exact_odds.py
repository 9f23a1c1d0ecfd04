"""The exact odds of one kick: :class:`Odds`, what :class:`~kickoff.analysis.exact.KickoffSolver`
answers (probabilities are exact fractions in [0, 1]; floats only for display), and how the
solver numbers the ball's journey states (:func:`number_state`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from kickoff.analysis.chance import to_fraction
from kickoff.core import ball
from kickoff.core.pitch import Square

#: Whether the Kick-off table is played: ``"all"`` (every event, with its decisions) or ``"none"``.
Events = Literal["none", "all"]


@dataclass
class Odds:
    """The exact distribution of a kick-off's end (probabilities are fractions in [0, 1]).

    ``holders``: player id -> P(he ends holding the ball); ``ground``: square -> P(the ball ends
    there, on the ground); ``expected_distance_to_receiving_end_zone`` in squares (the ball's
    ``x`` distance from the End Zone the receiving team defends).
    """

    target: Square
    events: Events
    touchback: Fraction
    receiving_team_holds: Fraction
    holders: dict[str, Fraction]
    ground: dict[Square, Fraction]
    expected_distance_to_receiving_end_zone: Fraction
    #: The end states' probabilities in the solver's own rationals (see :attr:`ends`).
    exact_ends: dict[Any, Any] = field(repr=False, default_factory=dict)
    #: With ``play="best"``: the receiving coach's choices taken where they mattered (a choice
    #: better for the receivers than the default), one short line each, e.g. ``"High Kick: a7
    #: moves under the ball (landing [20, 7], 2.1%)"``; empty with the defaults.
    decisions_taken: list[str] = field(default_factory=list)

    @functools.cached_property
    def ends(self) -> dict[Any, Fraction]:
        """Every end state of the kick-off (``ball.Held`` / ``ball.Rests``) -> its exact
        probability (converted on first use)."""
        return {end: to_fraction(p) for end, p in self.exact_ends.items()}

    def to_json(self) -> dict[str, Any]:
        """The JSON form: probabilities as exact fraction strings (``"7/48"``);
        ``decisions_taken`` only when there are any (``play="best"``)."""
        out: dict[str, Any] = {
            "target": self.target.as_list(),
            "events": self.events,
            "touchback": str(self.touchback),
            "receiving_team_holds": str(self.receiving_team_holds),
            "holders": {pid: str(p) for pid, p in sorted(self.holders.items())},
            "ground": [{"square": sq.as_list(), "p": str(p)}
                       for sq, p in sorted(self.ground.items())],
            "expected_distance_to_receiving_end_zone":
                str(self.expected_distance_to_receiving_end_zone),
        }
        if self.decisions_taken:
            out["decisions_taken"] = list(self.decisions_taken)
        return out


#: Every touchback as one state: where the ball left the pitch changes nothing that follows (the
#: award reads only the receiving team and the board), so the solver keeps one of them.
TOUCHBACK = ball.Touchback(Square(-1, -1))


#: Where the solver's journeys stop: the ends, and a touchback (resolved by the award).
STOPS = (ball.Held, ball.Rests, ball.Touchback)


def number_state(s: Any, ids: dict[Any, int], states: list[Any], stops: list[bool]) -> int:
    """The number of journey state ``s`` (canonical: every touchback is one state), given one if
    new: ``states[i]`` is the state numbered ``i``, ``stops[i]`` whether a journey stops there."""
    s = canonical(s)
    i = ids.get(s)
    if i is None:
        i = ids[s] = len(states)
        states.append(s)
        stops.append(isinstance(s, STOPS))
    return i


def canonical(s: Any) -> Any:
    """``s``, or for any touchback the one :data:`TOUCHBACK`."""
    return TOUCHBACK if isinstance(s, ball.Touchback) else s


@dataclass(frozen=True)
class Landing:
    """Where a deviation brought the ball (or, with no kick, where the journey starts)."""

    square: Square | None
    touchback: bool
    no_kick: ball.BallState | None
