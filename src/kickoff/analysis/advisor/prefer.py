"""Which of the set-ups the advisor found as good as the best to suggest: a coach's tie-break.

The minimax value (``kickoff.analysis.advisor``) is often flat: many set-ups are within a hair of
the best, and the search's best can be a set-up no coach would field (a Thrower on the Line of
Scrimmage, a Kroxigor as the deep receiver, six of seven Sevens players on the line) or one
that moves every player for a gain of a hundredth of a square. So the suggestion is chosen among
every candidate set-up valued whose value is within :data:`EPSILON` of the best value met (the
objective is indifferent there), by, in order:

1. the conventions it breaks beyond those the starting set-up breaks (:func:`silliness`: a
   ball handler on the Line of Scrimmage, a Big Guy off it, players on it beyond the ruleset's
   minimum), fewest first;
2. the players it moves from the starting set-up (another square, or to or from the Reserves),
   fewest first: the start itself wins when it is within :data:`EPSILON` of the best;
3. the value, best first; then the first met.

The choice is never worse than the start: a start more than :data:`EPSILON` from the best is not
among those chosen from, and every one of them is within :data:`EPSILON` of the best.
Deterministic: it depends only on the candidates valued and their order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from kickoff.analysis.advisor.moves import Layout, ball_handler, big_guy
from kickoff.analysis.objectives import AnyObjective, Mix, Objective, kicker_wants_high
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState

#: How far from the best value a set-up's value may be and still count as good as the best: half
#: a percentage point of a probability, a twentieth of a square of ``distance``.
EPSILON: dict[Objective, Fraction] = {
    "touchback": Fraction(1, 200), "receiver-holds": Fraction(1, 200),
    "ball-on-ground": Fraction(1, 200), "distance": Fraction(1, 20),
    "holder-open": Fraction(1, 200), "ball-in-reach": Fraction(1, 200),
}
def silliness(state: GameState, ruleset: Ruleset, layout: Layout) -> int:
    """How many of a receiving coach's conventions ``layout`` (of ``state``'s receiving team)
    breaks: each ball handler on the Line of Scrimmage (where he is Marked at once and the ball
    rarely comes), each Big Guy off it (the deep receiver a Big Guy with Agility 5+ or Bone-head
    makes), each player on it beyond ``ruleset.min_on_los`` (the players the receivers need back
    to catch and screen)."""
    pitch, side = state.pitch, state.receiving
    count = on_los = 0
    for p, sq in zip(state.teams[side].players, layout, strict=True):
        if sq is None:
            continue
        los = pitch.on_los(side, sq)
        on_los += los
        count += (los and ball_handler(p)) + (not los and big_guy(p))
    return count + max(0, on_los - ruleset.min_on_los)


def epsilon(objective: AnyObjective) -> Fraction:
    """:data:`EPSILON` of an objective; a mix: its weights times its objectives' epsilons."""
    if isinstance(objective, Mix):
        return sum((w * EPSILON[o] for o, w in objective.weights), Fraction(0))
    return EPSILON[objective]


def moved(start: Layout, layout: Layout) -> int:
    """How many players ``layout`` has elsewhere than ``start`` (another square, or on or off
    the pitch)."""
    return sum(1 for a, b in zip(start, layout, strict=True) if a != b)


@dataclass
class Chooser:
    """The tie-break of the module's text, fed every candidate valued (:meth:`offer`): it keeps,
    for each (conventions broken beyond the start's, players moved), the best-valued layout (the
    only one of its key that can be within :data:`EPSILON` of the best), and the best value."""

    state: GameState
    ruleset: Ruleset
    objective: AnyObjective
    start: Layout
    base: int = 0
    kept: dict[tuple[int, int], tuple[Layout, Fraction, object]] = field(default_factory=dict)
    best: Fraction | None = None

    def __post_init__(self) -> None:
        self.base = silliness(self.state, self.ruleset, self.start)

    def _better(self, a: Fraction, b: Fraction) -> bool:
        return a < b if kicker_wants_high(self.objective) else a > b

    def offer(self, layout: Layout, value: Fraction, payload: object) -> None:
        """Consider ``layout`` valued ``value`` (``payload``: given back with it)."""
        if self.best is None or self._better(value, self.best):
            self.best = value
        key = (max(0, silliness(self.state, self.ruleset, layout) - self.base),
               moved(self.start, layout))
        old = self.kept.get(key)
        if old is None or self._better(value, old[1]):
            self.kept[key] = (layout, value, payload)

    def choice(self) -> tuple[Layout, Fraction, object]:
        """The suggestion: the first key (fewest conventions broken, then fewest moves) whose
        best layout is within :data:`EPSILON` of the best value. ``ValueError`` if nothing was
        offered."""
        if self.best is None:
            raise ValueError("no set-up was valued")
        eps = epsilon(self.objective)
        for key in sorted(self.kept):
            layout, value, payload = self.kept[key]
            if abs(value - self.best) <= eps:
                return layout, value, payload
        raise AssertionError("the best value's own key is within EPSILON")  # pragma: no cover
