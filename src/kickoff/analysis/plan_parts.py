"""The whole kick-off's value of a combination of plans from the parts of solves already made
(issue 26, point 3; :class:`kickoff.analysis.plans_given.WholeValues`).

The plan search (:func:`kickoff.analysis.plans.search`) ranks each event's plans by the
kick-off solved given that event (``plans_given.given_table``: the event at its own totals, Get
the Ref at the others), then reports the **whole** kick-off's exact value of nobody's plan, the
best plan and the ``close`` seed of each event, and of all the best plans together. Each whole
value used to be one more solve of the whole kick-off (every event, in every set-up a kick-off
move leaves, at every landing): on the README's lizardmen pairing (On the Ball) three quarters
of the search's time. Here they are worked out from solves already made, exactly.

**Why it is exact.** Every end of a kick-off is reached through one world of one Kick-off
event, so a solve's ends, wherever the receivers' decision nodes do not mix the events, are a
sum over the 2D6 totals of each total's chance times its event's part; a plan changes its own
event's part only. The decisions that do mix them are two maxima and a minimum over sums: the
kick-off move (On the Ball, Kick-Off Return), chosen knowing the landing but before the event,
and the kicking coach's kicker and Kick, chosen before the kick. Every other decision (the
touchback's taker, High Kick's player, Diving Catch) is made in one world, within one event's
part. So, per kick of the kicking coach, a solve is summed up (:class:`Parts`, by
:func:`summarise` under :func:`recording`) by

- ``rest``: the value of its ends outside the kick-off move's node (no kick, touchbacks,
  Diving Catch, High Kick where no move is chosen), a sum over the events' parts;
- at each landing where the move is chosen, its probability, and the value of every option
  there (nobody, then each move, in the node's order), each a sum over the events' parts.

For plans ``X`` against a solved whole kick-off ``A`` (the anchor), each event ``e`` whose plan
differs adds, to every such number, its value given ``e`` with ``X``'s plan minus the same
given ``e`` with ``A``'s (the Get the Ref totals are the same in both and cancel): the whole
kick-off's numbers with ``X``. The move node's best option and the kicking coach's worst kick
for the receivers are then chosen again on those sums (:func:`combined`), as the solver
chooses them. Values only: the lines (who moved where, which kicker) of the plans handed on
come from a solve of their own. ``tests/test_plan_parts.py`` compares every combined value
with the whole kick-off solved.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kickoff.analysis.exact.chance import Q, to_fraction
from kickoff.analysis.exact.moved import kick_decisions
from kickoff.analysis.objectives import AnyObjective, receivers_prefer
from kickoff.core.pitch import Square

if TYPE_CHECKING:
    from kickoff.analysis.exact.odds import Landing
    from kickoff.analysis.exact.solver import KickoffSolver


@dataclass
class Parts:
    """One solve at one target, summed up: per kick (the default kick first, then the other
    kicks :func:`~kickoff.analysis.exact.best.kicking_best` compares, in its order) the value
    of its ends outside the kick-off move's node and the landings where the move is chosen
    (probability, square); per such square, the value of each option (nobody first)."""

    kicks: list[tuple[Any, tuple[tuple[Any, Square], ...]]]
    options: dict[Square, list[Any]]

    def fits(self, other: Parts) -> bool:
        """Whether ``other`` sums up the same kicks, landings and options (a solve of the same
        set-up and target): only then are the two combined."""
        return ([moved for _, moved in self.kicks] == [moved for _, moved in other.kicks]
                and {sq: len(v) for sq, v in self.options.items()}
                == {sq: len(v) for sq, v in other.options.items()})


@contextlib.contextmanager
def recording(solver: KickoffSolver) -> Iterator[None]:
    """While the block solves ``solver``, its kick-off move node's option values are noted
    (``EndValues.seen``, read by :func:`summarise`); nothing noted after."""
    values = solver._values
    if values is None:
        yield
        return
    values.seen = {}
    try:
        yield
    finally:
        values.seen = None


def _kicks(solver: KickoffSolver, target: Square) -> list[dict[Landing, Any]]:
    """The landings of every kick :func:`~kickoff.analysis.exact.best.kicking_best` compares
    (the default first; with the kicking coach at his defaults, the default alone)."""
    decisions = kick_decisions(solver, target)
    assert solver._kicks is not None
    out = [solver._kicks.landings(decisions)]
    if solver._two.kicking == "best":
        for _, kicks in solver._two.plans or ():
            landings = kicks.landings(decisions)
            if landings not in out:
                out.append(landings)
    return out


def summarise(solver: KickoffSolver, target: Square) -> Parts:
    """:class:`Parts` of ``solver``, solved at ``target`` under :func:`recording` (its
    ``value``); ``ValueError`` for a play this does not sum up (``close``)."""
    if solver.play == "close":
        raise ValueError("plan parts: play close is not summed up")
    values = solver._values
    seen = {} if values is None or values.seen is None else dict(values.seen)
    node = solver._move_node()
    kicks: list[tuple[Any, tuple[tuple[Any, Square], ...]]] = []
    for landings in _kicks(solver, target):
        total = solver._value_of(solver._landed(landings), solver.objective)
        moved = tuple((p, dev.square) for dev, p in landings.items()
                      if node.moves and dev.no_kick is None and dev.square is not None
                      and not dev.touchback)
        rest = Q(total.numerator, total.denominator)
        for p, square in moved:
            assert values is not None
            rest -= p * values.value(node.best(square)[0])
        kicks.append((rest, moved))
    return Parts(kicks, seen)


def combined(anchor: Parts, changes: Sequence[tuple[Parts, Parts]],
             objective: AnyObjective) -> Fraction | None:
    """The whole kick-off's exact value of the plans that differ from the anchor's solve
    (``anchor``) in each of ``changes`` (``(given the event with the new plan, given it with
    the anchor's)``), the move node and the kicking coach's kick chosen again on the sums;
    ``None`` where the parts do not fit (:meth:`Parts.fits`)."""
    if not all(anchor.fits(new) and anchor.fits(old) for new, old in changes):
        return None
    best: Any = None
    for k, (rest, moved) in enumerate(anchor.kicks):
        value = rest + sum((new.kicks[k][0] - old.kicks[k][0] for new, old in changes), Q(0))
        for p, square in moved:
            value += p * _best_option(anchor, changes, square, objective)
        if best is None or receivers_prefer(objective, best, value):
            best = value  # (the kicking coach: the receivers' least preferred kick)
    return None if best is None else to_fraction(best)


def _best_option(anchor: Parts, changes: Sequence[tuple[Parts, Parts]], square: Square,
                 objective: AnyObjective) -> Any:
    """The receivers' best option's value at the move node on ``square``, on the sums."""
    best: Any = None
    for j, own in enumerate(anchor.options[square]):
        value = own + sum((new.options[square][j] - old.options[square][j]
                           for new, old in changes), Q(0))
        if best is None or receivers_prefer(objective, value, best):
            best = value
    assert best is not None
    return best
