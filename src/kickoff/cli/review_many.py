"""``kickoff fumbbl review FOLDER``: every game of a folder reviewed, and the distribution of each
gap by era (the ruleset) and choice (issue 28, point 3; ``docs/fumbbl.md``, "Reviewing many
games").

For each era and choice (the kick, each Kick-off event's decision, with the advisor the
receiving set-up against the advisor's): how many were judged, the mean gap, its quartiles and
90th percentile (nearest rank: the smallest gap with at least that share of the gaps at or below
it), and the share where the coach's choice was already the best (gap 0). With the advisor
(``--advise SECONDS`` and / or ``--advise-evaluations N``), the
advisor against the real receiving set-ups, from the same players against the same kicking
set-up: the share of kick-offs where its set-up is strictly better, the share where it is equal
(it found nothing better: its search starts from the real set-up and keeps the best, so it is
never worse, and "at least as good" would be 1 by construction), and its mean gain.

A replay that cannot be read or reviewed is named on stderr and the run goes on (as ``verify``);
exit status 1 when any failed.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import typer

from kickoff.analysis.objectives import Objective
from kickoff.analysis.review import advisor_figures, applied
from kickoff.cli.common import json_text
from kickoff.cli.review_cmd import WHAT, advise_text, applied_lines, gap_text, review_game
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.core.fraction_text import fraction_text

#: The quantiles reported (nearest rank).
QUANTILES = (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(9, 10))


def nearest_rank(values: list[Fraction], q: Fraction) -> Fraction:
    """The ``q`` quantile of ``values`` by nearest rank: the ``ceil(q n)``-th smallest (the
    smallest for ``q`` 0); ``ValueError`` for no values."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def decimal(x: Fraction) -> str:
    """``x`` to 12 significant digits: a mean over many kick-offs as an exact fraction would
    run to thousands of digits (each kick-off's denominators multiply)."""
    return f"{float(x):.12g}"


def figures(gaps: list[Fraction]) -> dict[str, Fraction]:
    """``{"mean", "q25", "q50", "q75", "q90", "at_best"}`` of ``gaps``, exact (``at_best``:
    the share of gaps that are 0)."""
    n = len(gaps)
    out = {"mean": sum(gaps, Fraction(0)) / n}
    for q in QUANTILES:
        out[f"q{int(q * 100)}"] = nearest_rank(gaps, q)
    out["at_best"] = Fraction(sum(1 for g in gaps if g == 0), n)
    return out


def distribution(gaps: list[Fraction]) -> dict[str, Any]:
    """``{"n", "mean", "q25", "q50", "q75", "q90", "at_best"}`` of ``gaps`` (the quantiles and
    ``at_best``, the share of gaps that are 0, as exact fraction strings; the mean to 12
    significant digits, :func:`decimal`)."""
    exact = figures(gaps)
    return {"n": len(gaps), "mean": decimal(exact.pop("mean")),
            **{k: fraction_text(v) for k, v in exact.items()}}


def _collect(files: list[Path], objective: Objective, budget: int,
             advise: tuple[float | None, int | None]
             ) -> tuple[dict[tuple[str, str], list[Fraction]], list[Fraction], int,
                        list[dict[str, str]]]:
    """The gaps by (era, choice), the advisor's gains (its value's lead over the real set-up's,
    for the receivers), the games reviewed and the failed ones."""
    gaps: dict[tuple[str, str], list[Fraction]] = {}
    gains: list[Fraction] = []
    failed: list[dict[str, str]] = []
    games = 0
    for path in files:
        try:
            _, ks, reviews = review_game(path, objective, budget, *advise)
        except KickoffError as e:
            failed.append({"file": str(path), "message": str(e)})
            continue
        games += 1
        for k, (_, r) in zip(ks, reviews, strict=True):
            era = str(k.scenario["ruleset"])
            for j in r.judged:
                gaps.setdefault((era, j.what), []).append(j.gap)
                if j.what == "setup":
                    gains.append(j.gap)
    return gaps, gains, games, failed


def review_folder(folder: Path, objective: Objective, budget: int,
                  advise: tuple[float | None, int | None], as_json: bool) -> None:
    """Review every replay under ``folder`` (``*.json``, ``*.gz``, recursively) and print the
    distributions (module docstring; ``advise``: the advisor's seconds and evaluations at each
    kick-off, ``None`` not given), after the lines saying what was applied
    (:func:`~kickoff.cli.review_cmd.applied_lines`, as for one game); exit status 1 when a
    replay failed. ``ScenarioError`` for a folder without replays (as ``verify``)."""
    from rich.console import Console
    from rich.table import Table

    from kickoff.cli.fumbbl_cmd import replay_files

    files = replay_files([folder])
    if not files:  # as verify: a folder without replays is a mistake, not "0 games" and exit 0
        raise ScenarioError([f"{folder}: no FUMBBL replay (*.json, *.gz) in this folder"])
    gaps, gains, games, failed = _collect(files, objective, budget, advise)
    rows = {f"{era}/{what}": distribution(g) for (era, what), g in sorted(gaps.items())}
    advisor = None if not gains else advisor_figures(gains)
    if as_json:
        typer.echo(json_text({"applied": applied(objective, budget, advise), "games": games, "gaps": rows,
                              "advisor": advisor, "failed": failed}))
    else:
        console = Console(highlight=False, soft_wrap=True)
        for line in applied_lines(objective, budget, advise_text(advise)):
            console.print(line, markup=False)
        if failed:  # not only on stderr: the table's reader sees games are missing
            console.print(f"{len(failed)} of {len(files)} replays failed (each named on stderr)")
        games_text = f"{games} game{'' if games == 1 else 's'}"
        table = Table(title=f"{games_text}: the gaps ({objective}), by era and choice",
                      title_justify="left")
        for col in ("era", "choice", "n", "mean", "q50", "q75", "q90", "at best"):
            table.add_column(col, justify="left" if col in ("era", "choice") else "right")
        for (era, what), g in sorted(gaps.items()):
            # the exact figures, not read back from the JSON's text: a classic game's run to
            # more digits than Python reads (a ValueError traceback)
            d = figures(g)
            table.add_row(era, WHAT.get(what, what), str(len(g)),
                          *(gap_text(d[c], objective) for c in ("mean", "q50", "q75", "q90")),
                          f"{float(d['at_best']) * 100:.0f}%")
        console.print(table)
        if advisor is not None:
            console.print(f"Advisor ({advise_text(advise)}; seed 0) against the real set-ups, "
                          f"{len(gains)} kick-offs:\n  strictly better in "
                          f"{advisor['strictly_better_kickoffs']}, equal in "
                          f"{advisor['equal_kickoffs']} (never worse: it searches from the "
                          f"real set-up);\n  mean gain "
                          f"{gap_text(Fraction(advisor['mean_gain']), objective)}")
        err = Console(stderr=True, highlight=False, soft_wrap=True)
        for f in failed:
            err.print(f"error: {f['message']}", markup=False)
    if failed:
        raise typer.Exit(1)
