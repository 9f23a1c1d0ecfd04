"""Under which Kick-off events the touchback's best taker was chosen (``play="best"``, issue 24).

The solver chooses the touchback's taker (or bb2025's square) world by world, and keeps one
world for every event that leaves the same board (``kickoff.analysis.exact.events`` notes which
events leave each: ``KickoffSolver._world_events``). :func:`takers_under` finds, for each choice
that beat the default, the worlds where the solver plays it and names their events
(``choices.events_key``), so that ``choices_by_event`` lists it under those events, not under
"any" (Diving Catch's lines are named the same way, in ``exact_best.diving_node``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kickoff.analysis.choices import events_key, table_events
from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact.worlds import rebuilt, touchback_taker
from kickoff.core.pitch import Square
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.exact.solver import KickoffSolver


def chosen_in(solver: KickoffSolver, world: GameState) -> str | None:
    """The touchback choice ``solver`` plays in ``world`` as ``solver._takers`` names it (a
    player id, or ``"square [x, y]"``) where it beats the default there; else ``None``."""
    choice = exact_best.touchback_in(solver, world)
    if isinstance(choice, Square):  # (best_square: only where it beats the default)
        return f"square {choice.as_list()}"
    values = solver._values
    if choice is None or values is None or touchback_taker(world, solver.taker) is not None:
        return None  # the default, or the taker named
    return choice if exact_best.best_taker(world, values)[1] else None


def takers_under(solver: KickoffSolver, takers: Sequence[str]) -> dict[str, str]:
    """Each of ``takers`` (``solver._takers``' choices) with the group of the events whose
    worlds the solver chose it in (``choices.events_key``: ``"any"`` for a choice met in none of
    the event's worlds, only in a set-up a kick-off move left or after a High Kick placement)."""
    if not takers:  # (the defaults, or no taker beat the default: no world to look at)
        return {}
    table = table_events(solver.ruleset) if solver.events != "none" else None
    names = solver._choice_events
    if names is None:  # every world's choice, once for every target
        names = solver._choice_events = {}
        kept_worlds = [kept for _, kept, _ in solver.worlds()]
        kept_worlds += [world for _, world, _, _ in solver._high_kick_worlds]
        for kept in kept_worlds:
            world = kept if isinstance(kept, GameState) else rebuilt(solver.state, kept)
            choice = chosen_in(solver, world)
            if choice is not None:
                names.setdefault(choice, set()).update(solver._world_events.get(id(kept), ()))
    return {taker: events_key(names.get(taker) or None, table) for taker in takers}
