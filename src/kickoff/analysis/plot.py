"""A heat map of every kick target as a PNG (matplotlib): the pitch, the players, the odds.

Needs the extra ``plot`` (``pip install 'kickoff[plot]'``): importing this module without
matplotlib raises :class:`~kickoff.extras.MissingExtra` naming it."""

from __future__ import annotations

from pathlib import Path
from typing import IO

from kickoff.analysis.objectives import (
    AnyObjective,
    kicker_wants_high,
    objective_text,
    short_value,
    value_unit,
    value_words,
)
from kickoff.analysis.targets import RankedTarget
from kickoff.core.pitch import Pitch
from kickoff.core.state import GameState, disc_label
from kickoff.extras import require

require("plot", "kickoff.analysis.plot")  # before matplotlib: its absence named, with the extra

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, Rectangle  # noqa: E402

#: Pixels per square in the PNG.
SQUARE_PX = 40
#: Margins around the pitch, in squares: the row coordinates on the left, the title (two lines)
#: and the column coordinates on top, the names of the lines and zones below, the colour bar on
#: the right.
LEFT, TOP, BOTTOM, RIGHT = 1, 2, 1, 2
#: Dots per inch of the figure (with :data:`SQUARE_PX`, its size in inches).
DPI = 100


def scrimmage_lines(pitch: Pitch) -> list[tuple[float, str]]:
    """The Lines of Scrimmage of ``pitch`` as drawn: ``(x, name)``, ``x`` in pitch coordinates
    (a square's centre is a whole number: a line between columns 12 and 13 is at 12.5).

    Each team's Line of Scrimmage runs along the front of its half, beyond its LoS squares
    (``pitch-and-dice.md``). On eleven-a-side the two meet at the halfway line: one line,
    ``[(12.5, "Line of Scrimmage (halfway)")]``. On the Sevens pitch a gap of six columns lies
    between them: ``[(6.5, "home Line of Scrimmage"), (12.5, "away Line of Scrimmage")]``.
    """
    home, away = pitch.los["home"] + 0.5, pitch.los["away"] - 0.5
    if home == away:
        return [(home, "Line of Scrimmage (halfway)")]
    return [(home, "home Line of Scrimmage"), (away, "away Line of Scrimmage")]


def _draw_lines(ax: Axes, pitch: Pitch) -> None:
    """The Wide Zones' edges (dashed), the Lines of Scrimmage and the End Zones' edges."""
    for row in (pitch.wide - 0.5, pitch.height - pitch.wide - 0.5):
        ax.axhline(row, color="white", lw=1, ls="--", alpha=0.6, zorder=2)
    for line_x, _ in scrimmage_lines(pitch):
        ax.axvline(line_x, color="white", lw=2.5, alpha=0.9, zorder=2)
    for edge in (0.5, pitch.width - 1.5):
        ax.axvline(edge, color="white", lw=1.5, alpha=0.8, zorder=2)


def heatmap_png(
    state: GameState, ranked: list[RankedTarget], objective: AnyObjective, path: Path | IO[bytes],
    *, title: str = "",
) -> None:
    """Write the heat map of ``ranked`` targets over ``state``'s pitch to ``path`` (PNG), a
    file name (exactly that name, whatever its extension) or a binary file.

    The image is ``SQUARE_PX`` pixels a square; around the pitch, the margins ``LEFT``, ``TOP``,
    ``BOTTOM``, ``RIGHT`` (in squares) hold the pitch coordinates of every row and column, the
    title (the objective and ``title``, then both teams and who kicks), the names of the End
    Zones and of the Lines of Scrimmage, and the colour bar: 1160 x 720 for eleven-a-side,
    920 x 560 for Sevens. Drawn on the pitch: the End Zones, the Wide Zones' edges, the Lines of
    Scrimmage (:func:`scrimmage_lines`: one at halfway on eleven-a-side, two on Sevens), each
    target's value (in percent; ``distance`` in squares), the best target framed in black, the
    players (home blue, away
    red). Raises ``OSError`` if the file cannot be written.
    """
    fig, _ = heatmap_figure(state, ranked, objective, title=title)
    fig.savefig(path, dpi=DPI, format="png")
    plt.close(fig)


def heatmap_figure(state: GameState, ranked: list[RankedTarget], objective: AnyObjective, *,
                   title: str = "") -> tuple[Figure, Axes]:
    """:func:`heatmap_png`'s figure, not yet saved, and its pitch's axes (pitch coordinates:
    a square's centre at whole ``x``, ``y``), for a caller to draw more on (the caller closes
    it: ``matplotlib.pyplot.close``)."""
    pitch = state.pitch
    grid = np.full((pitch.height, pitch.width), np.nan)
    for r in ranked:
        grid[r.target.y, r.target.x] = float(r.value)
    width, height = pitch.width + LEFT + RIGHT, pitch.height + TOP + BOTTOM
    fig = plt.figure(figsize=(width * SQUARE_PX / DPI, height * SQUARE_PX / DPI), dpi=DPI)
    ax = _pitch_axes(fig, pitch, width, height)
    cmap = "RdYlGn" if kicker_wants_high(objective) else "RdYlGn_r"
    image = ax.imshow(grid, cmap=cmap, vmin=0.0, vmax=max(0.01, float(np.nanmax(grid))),
                      alpha=0.85, interpolation="nearest", aspect="auto", zorder=1,
                      extent=(-0.5, pitch.width - 0.5, pitch.height - 0.5, -0.5))
    _draw_lines(ax, pitch)
    _draw_values_and_players(ax, state, ranked, objective)
    _margin_texts(fig, state, ranked, objective, title, width, height)
    cax = fig.add_axes(((LEFT + pitch.width + 0.9) / width, (BOTTOM + 1) / height,
                        0.4 / width, (pitch.height - 2) / height))
    cbar = fig.colorbar(image, cax=cax)
    cbar.ax.yaxis.set_label_position("left")
    cbar.ax.tick_params(labelsize=7)
    unit = value_unit(objective)
    cbar.set_label(objective_text(objective) + (f" ({unit})" if unit else ""), fontsize=8,
                   labelpad=2)
    return fig, ax


def _pitch_axes(fig: Figure, pitch: Pitch, width: int, height: int) -> Axes:
    """The pitch's axes in ``fig`` (``width`` x ``height`` squares with the margins): pitch
    coordinates along the top and down the left, the grass and the End Zones drawn."""
    ax = fig.add_axes((LEFT / width, BOTTOM / height, pitch.width / width, pitch.height / height))
    # Pitch coordinates: x along the top, y down the left, as the scenario files give squares.
    ax.set(xlim=(-0.5, pitch.width - 0.5), ylim=(pitch.height - 0.5, -0.5),
           xticks=range(pitch.width), yticks=range(pitch.height))
    ax.xaxis.tick_top()
    ax.tick_params(labelsize=7, length=0, pad=2)
    ax.spines[:].set_visible(False)
    ax.add_patch(Rectangle((-0.5, -0.5), pitch.width, pitch.height, color="#2e7d32", zorder=0))
    for x in (0, pitch.width - 1):
        ax.add_patch(Rectangle((x - 0.5, -0.5), 1, pitch.height, color="#1b5e20", zorder=0))
    return ax


def _draw_values_and_players(ax: Axes, state: GameState, ranked: list[RankedTarget],
                             objective: AnyObjective) -> None:
    """Each target's value (in percent; ``distance`` in squares:
    :func:`~kickoff.analysis.objectives.short_value`), the players' discs (home blue, away red;
    faded when not Standing), the best target framed in black."""
    for r in ranked:
        ax.text(r.target.x, r.target.y + 0.3, short_value(r.value, objective), ha="center",
                va="center", fontsize=6, color="black", alpha=0.7, zorder=3)
    for p in state.players.values():
        if p.square is None:
            continue
        colour = "#1565c0" if p.side == "home" else "#c62828"
        ax.add_patch(Circle((p.square.x, p.square.y), 0.38, color=colour, ec="white", zorder=4,
                            alpha=0.5 if p.status != "standing" else 1.0))
        ax.text(p.square.x, p.square.y, disc_label(p.id, p.name, p.side), ha="center", va="center",
                fontsize=7, color="white", zorder=5, parse_math=False)
    best = ranked[0].target
    ax.add_patch(Rectangle((best.x - 0.5, best.y - 0.5), 1, 1, fill=False, ec="black", lw=2.5,
                           zorder=6))


def _margin_texts(fig: Figure, state: GameState, ranked: list[RankedTarget], objective: AnyObjective,
                  title: str, width: int, height: int) -> None:
    """Below the pitch, the names of the End Zones and Lines of Scrimmage; above it, the title
    and the teams."""
    pitch = state.pitch
    best = ranked[0].target
    # Below the pitch: what the lines are.
    below = BOTTOM / height * 0.45
    def under(x: float, text: str, ha: str = "center") -> None:
        fig.text((LEFT + x + 0.5) / width, below, text, ha=ha, va="center", fontsize=8)
    under(0, "home End Zone", "left")
    for line_x, name in scrimmage_lines(pitch):
        under(line_x, name)
    under(pitch.width - 1, "away End Zone", "right")
    # The title, above the column coordinates.
    fig.text(0.5, 1 - 0.3 / height,
             f"{objective_text(objective).replace('-', ' ')} for every kick target"
             + (f" ({title})" if title else "") + f": {state.kicking} kicks, best target "
             f"{list(best)} ({value_words(ranked[0].value, objective)})",
             ha="center", va="center", fontsize=10, weight="bold", parse_math=False)
    # (the texts holding names, ids and titles drawn as written: a "$" in a team's name was
    # matplotlib's mathtext, "$\\x{$" a ValueError through the command)
    fig.text(0.5, 1 - 0.85 / height,
             f"home (blue): {state.teams['home'].name}    away (red): {state.teams['away'].name}",
             ha="center", va="center", fontsize=9, parse_math=False)
