"""A heat map of every kick target as a PNG (matplotlib): the pitch, the players, the odds."""

from __future__ import annotations

from pathlib import Path
from typing import IO

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Circle, Rectangle

from kickoff.analysis.targets import HIGHER_IS_BETTER, Objective, RankedTarget
from kickoff.core.state import GameState

#: Pixels per square in the PNG.
SQUARE_PX = 40


def heatmap_png(
    state: GameState, ranked: list[RankedTarget], objective: Objective, path: Path | IO[bytes],
    *, title: str = "",
) -> None:
    """Write the heat map of ``ranked`` targets over ``state``'s pitch to ``path`` (PNG), a
    file name (exactly that name, whatever its extension) or a binary file.

    The image is ``SQUARE_PX`` pixels a square, plus two squares' width on the right for the
    colour bar, labelled with the objective and ``title`` (nothing is written on the pitch):
    1120 x 600 for eleven-a-side, 880 x 440 for Sevens. Each target square shows its value in
    percent; the best is framed in black. Raises ``OSError`` if the file cannot be written.
    """
    pitch = state.pitch
    grid = np.full((pitch.height, pitch.width), np.nan)
    for r in ranked:
        grid[r.target.y, r.target.x] = float(r.value)
    dpi = 100
    bar = 2  # squares of room for the colour bar on the right
    width = pitch.width + bar
    fig = plt.figure(figsize=(width * SQUARE_PX / dpi, pitch.height * SQUARE_PX / dpi), dpi=dpi)
    ax = fig.add_axes((0.0, 0.0, pitch.width / width, 1.0))
    ax.set_xlim(-0.5, pitch.width - 0.5)
    ax.set_ylim(pitch.height - 0.5, -0.5)
    ax.set_axis_off()
    ax.add_patch(Rectangle((-0.5, -0.5), pitch.width, pitch.height, color="#2e7d32", zorder=0))
    for x in (0, pitch.width - 1):
        ax.add_patch(Rectangle((x - 0.5, -0.5), 1, pitch.height, color="#1b5e20", zorder=0))
    cmap = "RdYlGn" if HIGHER_IS_BETTER[objective] else "RdYlGn_r"
    image = ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=max(0.01, float(np.nanmax(grid))),
                      alpha=0.85, interpolation="nearest", aspect="auto", zorder=1,
                      extent=(-0.5, pitch.width - 0.5, pitch.height - 0.5, -0.5))
    for row in (pitch.wide - 0.5, pitch.height - pitch.wide - 0.5):
        ax.axhline(row, color="white", lw=1, alpha=0.6, zorder=2)
    for column in sorted({pitch.los["home"] + 0.5, pitch.los["away"] - 0.5}):
        ax.axvline(column, color="white", lw=1.5, alpha=0.8, zorder=2)
    for r in ranked:
        ax.text(r.target.x, r.target.y + 0.3, f"{float(r.value) * 100:.0f}", ha="center",
                va="center", fontsize=6, color="black", alpha=0.7, zorder=3)
    for p in state.players.values():
        if p.square is None:
            continue
        colour = "#1565c0" if p.side == "home" else "#c62828"
        ax.add_patch(Circle((p.square.x, p.square.y), 0.38, color=colour, ec="white", zorder=4,
                            alpha=0.5 if p.status != "standing" else 1.0))
        ax.text(p.square.x, p.square.y, p.id, ha="center", va="center", fontsize=7,
                color="white", zorder=5)
    best = ranked[0].target
    ax.add_patch(Rectangle((best.x - 0.5, best.y - 0.5), 1, 1, fill=False, ec="black", lw=2.5,
                           zorder=6))
    # The side column (``bar`` squares) holds the colour bar and its label, the title with it:
    # nothing is written on the pitch.
    # The label goes on the bar's left, between it and the pitch, so that the tick labels on its
    # right and the label both fit inside the image.
    cax = fig.add_axes((pitch.width / width + 0.025, 0.1, 0.5 * bar / width * 0.5, 0.8))
    cbar = fig.colorbar(image, cax=cax)
    cbar.ax.yaxis.set_label_position("left")
    cbar.set_label(f"{objective} (probability)" + (f" - {title}" if title else ""), fontsize=8,
                   labelpad=2)
    fig.savefig(path, dpi=dpi, format="png")
    plt.close(fig)
