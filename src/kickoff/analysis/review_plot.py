"""A reviewed kick-off as a PNG (``kickoff fumbbl review --png``, issue 28): the heat map of every
kick target (:func:`kickoff.analysis.plot.heatmap_figure`) over the kick-off's set-up, with
where the kick was aimed, the best target, and the advisor's set-up when it was asked.

Needs the extra ``plot`` (matplotlib): importing this module without it raises
:class:`~kickoff.extras.MissingExtra` naming it.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from kickoff.analysis.objectives import Objective
from kickoff.analysis.review import KickoffReview
from kickoff.core.pitch import Square
from kickoff.core.state import GameState
from kickoff.extras import require

require("plot", "kickoff.analysis.review_plot")  # before matplotlib: its absence named

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle  # noqa: E402

from kickoff.analysis.plot import heatmap_figure  # noqa: E402

__all__ = ["review_png"]

#: The frame of the target the kick was aimed at (the best target's is black, as on the heat
#: map).
KICKED_COLOUR = "#0d47a1"
#: The advisor's squares for the receiving players it moves.
ADVICE_COLOUR = "#ffd600"


def review_png(state: GameState, review: KickoffReview, objective: Objective,
               path: Path | IO[bytes], *, title: str = "") -> None:
    """Write ``review``'s kick-off as a PNG to ``path`` (a file name or a binary file): the heat
    map of every target's value (``review.ranked``, best framed black), the players where they
    were set up, the target the kick was aimed at framed in blue and dashed ("kicked"), and with
    the advisor's set-up (``review.advice``) each player it moves as a yellow ring on its square
    with an arrow from where he stood (one it sends to the Reserves: a yellow cross on him).
    ``title``: the heat map's, after the objective. ``ValueError`` for a review without its
    ranked targets; ``OSError`` if the file cannot be written."""
    if not review.ranked:
        raise ValueError("the review has no ranked targets to draw")
    fig, ax = heatmap_figure(state, review.ranked, objective, title=title)
    try:
        _mark_kick(ax, review.target, review.best_target)
        if review.advice is not None:
            _mark_advice(ax, state, review.advice)
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


def _mark_kick(ax: Axes, target: Square, best: Square) -> None:
    """The kicked target framed (blue, dashed; inside the best's black frame when they are the
    same square), labelled above (below when the best is just above it)."""
    inset = 0.12 if target == best else 0.0
    ax.add_patch(Rectangle((target.x - 0.5 + inset, target.y - 0.5 + inset), 1 - 2 * inset,
                           1 - 2 * inset, fill=False, ec=KICKED_COLOUR, lw=2.5, ls="--",
                           zorder=7))
    # (above the square, unless the best target is the row above, next to it: below then, so
    # the label does not hide the best's value)
    below = best.y == target.y - 1 and abs(best.x - target.x) <= 1
    ax.text(target.x, target.y + (0.62 if below else -0.62), "kicked", ha="center",
            va="top" if below else "bottom", fontsize=6, color="white", weight="bold", zorder=8,
            bbox={"boxstyle": "round,pad=0.1", "fc": KICKED_COLOUR, "ec": "none"})


def _mark_advice(ax: Axes, state: GameState, advice: dict[str, list[int] | None]) -> None:
    """Each player the advisor moves: a ring on his advised square, an arrow from his own."""
    for pid, where in sorted(advice.items()):
        player = state.players.get(pid)
        if player is None or player.square is None:
            continue
        was = player.square
        if where is None:  # to the Reserves
            ax.plot([was.x - 0.3, was.x + 0.3], [was.y - 0.3, was.y + 0.3], color=ADVICE_COLOUR,
                    lw=2, zorder=7)
            ax.plot([was.x - 0.3, was.x + 0.3], [was.y + 0.3, was.y - 0.3], color=ADVICE_COLOUR,
                    lw=2, zorder=7)
            continue
        to = Square(where[0], where[1])
        if to == was:
            continue
        ax.add_patch(Circle((to.x, to.y), 0.4, fill=False, ec=ADVICE_COLOUR, lw=2, zorder=7))
        ax.add_patch(FancyArrowPatch((was.x, was.y), (to.x, to.y), arrowstyle="-|>",
                                     mutation_scale=8, color=ADVICE_COLOUR, lw=1.2, zorder=7,
                                     shrinkA=6, shrinkB=8))
