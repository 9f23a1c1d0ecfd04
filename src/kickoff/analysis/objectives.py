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
  deep in the receivers' half). A ball with nowhere to rest counts 0;
- ``holder-open``: the chance the receiving team ends the kick-off holding the ball with the
  holder Open, not Marked by a kicking player (no Standing kicking player's tackle zone on his
  square), after the free turns, touchbacks included (the kicker wants it low);
- ``ball-in-reach``: the chance the ball ends on the ground within reach of a receiving player
  (``exact_board.in_reach``: a Standing or Prone receiver within his MA + 2 Rush, less 3 to
  stand up, of its square, tackle zones and players in the way ignored; docs/analysis.md
  "Board objectives") (the kicker wants it low).

The last two read the board at the end, not only the ball: the exact solver's ends carry what
they read only when asked (``KickoffSolver(board=...)``, :func:`board_features`;
``kickoff.analysis.exact.board``), each end then valued alone as the others are.

A **mix** (:class:`Mix`, ``kickoff setup optimize --objective
mix:receiver-holds=0.7,distance=0.3``) weighs several of them as the receiving coach sees them:
its value is the sum of each weight times the objective's value for the receivers, that is the
value itself where the receivers want it high and one minus it where they want it low
(``ball-on-ground``). The receivers want a mix high. Linear in the end distribution like every
objective (one minus a probability is the probability of the other ends), so the exact solver
values it per end and both coaches' decision nodes play it at their best
(``KickoffSolver(play="best", objective=mix)``) as they do any objective.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from kickoff.core import ball
from kickoff.core.errors import OptionError
from kickoff.core.pitch import Side

Objective = Literal["touchback", "receiver-holds", "ball-on-ground", "distance", "holder-open",
                    "ball-in-reach"]
#: Every objective, in the order the faces list them.
OBJECTIVES: tuple[Objective, ...] = ("touchback", "receiver-holds", "ball-on-ground", "distance",
                                     "holder-open", "ball-in-reach")
#: Whether a higher value of the objective is better for the kicking team (the receiving team
#: wants the opposite).
KICKER_WANTS_HIGH: dict[Objective, bool] = {
    "touchback": False, "receiver-holds": False, "ball-on-ground": True, "distance": False,
    "holder-open": False, "ball-in-reach": False,
}
#: What an objective reads of the board at the end (``kickoff.analysis.exact.board``'s
#: features: the holder Marked, the ball within reach); the others read the ball alone.
BOARD_READS: dict[Objective, frozenset[str]] = {
    "holder-open": frozenset({"marked"}), "ball-in-reach": frozenset({"reach"}),
}


def board_features(objective: Objective | Mix) -> frozenset[str]:
    """What ``objective`` (or each objective of a mix) reads of the board at the end
    (:data:`BOARD_READS`): what a solver's ends must carry to value it."""
    names = [o for o, _ in objective.weights] if isinstance(objective, Mix) else [objective]
    return frozenset().union(*(BOARD_READS.get(o, frozenset()) for o in names))


def end_value(
    end: ball.Held | ball.Rests, objective: Objective, receiving: Side, end_zone_x: int,
    sides: Mapping[str, Side],
) -> int:
    """The objective's value of one end of a kick-off (an integer: 0 or 1, or a distance in
    squares): its expectation over the end distribution is the objective's value.

    ``receiving``: the receiving team; ``end_zone_x``: the x of the End Zone it defends
    (``Pitch.end_zone_x``); ``sides``: player id -> his team (for ``receiver-holds``). The
    board objectives need the solver's decorated ends (``ball.HeldMarked``,
    ``ball.RestsInReach``: ``exact_board``).
    """
    if objective == "touchback":
        return int(end.touchback)
    if objective == "receiver-holds":
        return int(isinstance(end, ball.Held) and sides[end.player] == receiving)
    if objective == "ball-on-ground":  # as ``Odds.ground``: a ball with nowhere to rest is not
        return int(isinstance(end, ball.Rests) and end.square is not None)
    if objective == "holder-open":  # (the solver's ends carry Marked: exact_board)
        return int(isinstance(end, ball.Held) and not isinstance(end, ball.HeldMarked)
                   and sides[end.player] == receiving)
    if objective == "ball-in-reach":
        return int(isinstance(end, ball.RestsInReach))
    return 0 if end.square is None else abs(end.square.x - end_zone_x)


def receivers_prefer(objective: Objective | Mix, a: object, b: object) -> bool:
    """Whether the receiving team prefers objective value ``a`` to ``b`` (strictly); values are
    exact rationals (``Fraction`` or the solver's own); ``objective`` may be a :class:`Mix`."""
    high = False if isinstance(objective, Mix) else KICKER_WANTS_HIGH[objective]
    return bool(a < b) if high else bool(a > b)  # type: ignore[operator]


#: What a mix's text starts with, and how long it may be.
MIX_PREFIX = "mix:"
MAX_MIX_TEXT = 200


@dataclass(frozen=True)
class Mix:
    """A weighted mix of objectives (see the module's text): ``weights``, each objective (once)
    with its weight (an exact fraction, at least 0; at least one above 0: ``ValueError``
    otherwise). :func:`parse_objective` reads one from its text."""

    weights: tuple[tuple[Objective, Fraction], ...]

    def __post_init__(self) -> None:
        names = [o for o, _ in self.weights]
        if len(set(names)) != len(names):
            raise ValueError("an objective named twice")
        if any(w < 0 for _, w in self.weights) or not any(w > 0 for _, w in self.weights):
            raise ValueError("weights must be 0 or more, one of them above 0")

    def text(self) -> str:
        """The mix as ``--objective`` takes it (``mix:receiver-holds=7/10,distance=3/10``)."""
        return MIX_PREFIX + ",".join(f"{o}={w}" for o, w in self.weights)

    def value(self, values: Mapping[Objective, object]) -> Fraction:
        """The mix's value from each of its objectives' values (exact rationals)."""
        total = Fraction(0)
        for o, w in self.weights:
            v = Fraction(str(values[o]))
            total += w * (1 - v if KICKER_WANTS_HIGH[o] else v)
        return total


#: An objective, or a mix of them.
AnyObjective = Objective | Mix


def parse_objective(text: str) -> AnyObjective:
    """An objective by name, or a mix (``mix:NAME=WEIGHT,...``: a weight a decimal or a
    fraction, ``0.7`` or ``7/10``), read by ``urllib.parse.parse_qsl`` and checked by pydantic
    (imported here: the odds' start-up reads neither). ``OptionError`` naming ``objective``
    otherwise."""
    if text in OBJECTIVES:  # (before the imports: one-target odds start up without them)
        return text  # one of the Literal's names (mypy narrows it)
    from urllib.parse import parse_qsl

    from pydantic import TypeAdapter, ValidationError

    if len(text) > MAX_MIX_TEXT:
        raise OptionError.at("objective", f"{len(text)} characters; a mix is at most "
                             f"{MAX_MIX_TEXT}")
    if not text.startswith(MIX_PREFIX):
        raise OptionError.at("objective", f"{text!r} is not one of {', '.join(OBJECTIVES)}, "
                             "nor a mix (mix:receiver-holds=0.7,distance=0.3)")
    try:
        pairs = parse_qsl(text[len(MIX_PREFIX):], strict_parsing=True, separator=",",
                          max_num_fields=len(OBJECTIVES))
        adapter: TypeAdapter[list[tuple[Objective, Fraction]]] = TypeAdapter(
            list[tuple[Objective, Fraction]])
        return Mix(tuple(adapter.validate_python(pairs)))
    except (ValueError, ValidationError) as e:
        detail = "; ".join(err["msg"] for err in e.errors()) if isinstance(
            e, ValidationError) else str(e)
        raise OptionError.at("objective", f"{text!r}: {detail} (a mix is "
                             f"mix:NAME=WEIGHT,... of {', '.join(OBJECTIVES)})") from None


def objective_text(objective: AnyObjective) -> str:
    """An objective as ``--objective`` names it."""
    return objective.text() if isinstance(objective, Mix) else objective


def kicker_wants_high(objective: AnyObjective) -> bool:
    """:data:`KICKER_WANTS_HIGH` of an objective; a mix: ``False`` (the receivers want it
    high)."""
    return False if isinstance(objective, Mix) else KICKER_WANTS_HIGH[objective]


def in_percent(objective: AnyObjective) -> bool:
    """Whether ``objective``'s values are chances, shown in percent: every objective but
    ``distance`` (squares), and a mix unless it weighs ``distance`` above 0 (a sum of chances
    and squares: a plain number)."""
    if isinstance(objective, Mix):
        return all(o != "distance" or w == 0 for o, w in objective.weights)
    return objective != "distance"


def value_unit(objective: AnyObjective) -> str:
    """The unit of ``objective``'s values, as a heat map's colour bar names it:
    ``"probability"``, ``"squares"`` (``distance``) or ``""`` (a mix weighing distance)."""
    if in_percent(objective):
        return "probability"
    return "" if isinstance(objective, Mix) else "squares"


def short_value(value: Fraction | float, objective: AnyObjective) -> str:
    """``value`` as a heat map's square shows it, in at most three characters for the values
    the objectives take: a chance in whole percent (``"12"``), a value in squares (or a mix
    weighing them) to one decimal below 9.95 (``"5.8"``), whole from there (``"12"``)."""
    v = float(value)
    if in_percent(objective):
        return f"{round(v * 100)}"
    return f"{v:.1f}" if v < 9.95 else f"{round(v)}"


def value_words(value: Fraction | float, objective: AnyObjective) -> str:
    """``value`` in words, as a heat map's best target is named: a chance in percent to one
    decimal (``"12.3%"``), a distance in squares to two (``"5.75 squares"``), a mix weighing
    distance to four decimals (``"0.4321"``)."""
    v = float(value)
    if in_percent(objective):
        return f"{v:.1%}"
    return f"{v:.4f}" if isinstance(objective, Mix) else f"{v:.2f} squares"


def any_end_value(
    end: ball.Held | ball.Rests, objective: AnyObjective, receiving: Side, end_zone_x: int,
    sides: Mapping[str, Side],
) -> Fraction | int:
    """:func:`end_value` of an objective or a mix (a mix: each objective's end value, mixed)."""
    if isinstance(objective, Mix):
        return objective.value({o: end_value(end, o, receiving, end_zone_x, sides)
                                for o, _ in objective.weights})
    return end_value(end, objective, receiving, end_zone_x, sides)
