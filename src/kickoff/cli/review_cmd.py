"""``kickoff fumbbl review FILE|GAMEID``: every kick-off of a real FUMBBL game judged against the
best play, in exact values (:mod:`kickoff.analysis.review`; issue 28, ``docs/fumbbl.md``).

Each kick-off is the scenario ``kickoff fumbbl extract`` writes for it, valued as ``kickoff odds``
values that scenario (its value at the chosen target, and with ``--all-targets`` the best
target's) and as ``kickoff decide`` values the decision of its Kick-off event. A replay that
cannot be read (or a game id that cannot be fetched) is one message, exit status 1, as for
``extract``.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kickoff.analysis.objectives import Objective
from kickoff.cli.common import (
    MAX_EVALUATIONS,
    MAX_PLAN_BUDGET,
    MAX_SECONDS,
    exact_fraction,
    guarded,
    in_one_line,
    json_text,
    not_nan,
    path_text,
)
from kickoff.cli.fumbbl_options import CacheOption, TimeoutOption, fetched
from kickoff.core.errors import KickoffError, ScenarioError
from kickoff.defaults import DEFAULT_OBJECTIVE, FUMBBL_TIMEOUT

if TYPE_CHECKING:
    from kickoff.analysis.review import KickoffReview
    from kickoff.formats.fumbbl.case import ExtractedKickoff

#: The choices' names in the table.
WHAT = {"kick": "kick", "setup": "set-up", "high_kick": "High Kick", "blitz": "Blitz!", "charge": "Charge!",
        "quick_snap": "Quick Snap", "perfect_defence": "Perfect Def.",
        "solid_defence": "Solid Def."}


def review_one(k: ExtractedKickoff, objective: Objective, budget: int,
               advise: float | None = None, evaluations: int | None = None) -> KickoffReview:
    """Review one extracted kick-off: its scenario loaded as ``kickoff odds FILE`` loads it, the
    kicker and his use of Kick as ``kickoff odds`` decides them (``kickoff.defaults.kick_use``);
    the set-up advisor's bounds ``advise`` (seconds) and ``evaluations`` (candidate set-ups),
    either or both (neither: no advisor), as :func:`~kickoff.analysis.review.review_kickoff`.
    ``KickoffError`` for a scenario that cannot be loaded or played."""
    from kickoff.analysis.review import review_kickoff
    from kickoff.defaults import kick_use
    from kickoff.formats.scenario import load_scenario, parse_scenario

    loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
    kick = kick_use(loaded.state, loaded.ruleset, loaded.house_rules)
    dice, _ = loaded.dice()
    return review_kickoff(loaded.state, loaded.ruleset, loaded.house_rules, loaded.decisions,
                          dice, objective, kick.used, kick.kicker, budget, advise, evaluations)


def value_text(v: Fraction, objective: Objective) -> str:
    """A value as the table shows it: a chance in percent to two decimals (as ``kickoff odds``
    prints it), an expected distance in squares to three decimals."""
    return f"{float(v):.3f}" if objective == "distance" else f"{float(v) * 100:.2f}%"


def gap_text(gap: Fraction, objective: Objective) -> str:
    """A gap as :func:`value_text` shows it, but one above 0 that would show as 0 as ``<0.01%``
    (``<0.001`` squares): a choice not at the best, whose gap read ``0.00%``, looked like one
    at the best (1546677's third kick, 0.0008 %)."""
    shown = value_text(gap, objective)
    if gap > 0 and Fraction(shown.rstrip("%")) == 0:
        return "<0.001" if objective == "distance" else "<0.01%"
    return shown


def summary(reviews: list[tuple[int, KickoffReview]], teams: dict[str, str]
            ) -> dict[str, dict[str, Any]]:
    """Per team (side): :func:`kickoff.analysis.review.team_summary` of the game's reviews."""
    from kickoff.analysis.review import team_summary

    return team_summary([r for _, r in reviews], teams)


def short(text: str) -> str:
    """A choice's words for the table: ``kick at [19, 7]`` as ``[19, 7]``, a High Kick's
    player without where he is placed (the kick's landing)."""
    return text.removeprefix("kick at ").split(" placed under the ball")[0]


def _table(gid: str, reviews: list[tuple[int, KickoffReview]],
           objective: Objective) -> Any:
    """The terminal's table (within 80 columns): a row per choice judged."""
    from rich.table import Table
    from rich.text import Text

    # the title as Text: the game id is the replay's (``[/]`` was Rich markup: a traceback)
    table = Table(title=Text(f"FUMBBL game {gid}: each choice against the best ({objective})",
                             style="table.title"), title_justify="left")
    for col in ("#", "team", "choice", "chosen", "value", "best", "value", "gap"):
        table.add_column(col, overflow="fold", justify="left" if col in (
            "team", "choice", "chosen", "best") else "right")
    for number, r in reviews:
        for i, j in enumerate(r.judged):
            table.add_row(str(number) if i == 0 else "", j.side, WHAT.get(j.what, j.what),
                          Text(short(j.chosen_text)), value_text(j.chosen, objective),
                          Text(short(j.best_text)), value_text(j.best, objective),
                          gap_text(j.gap, objective), end_section=i == len(r.judged) - 1)
    return table


def review_game(path: Path, objective: Objective, budget: int, advise: float | None,
                evaluations: int | None = None, *, ranked: bool = False
                ) -> tuple[str, list[ExtractedKickoff], list[tuple[int, KickoffReview]]]:
    """Every kick-off of the replay at ``path`` reviewed (the advisor's bounds ``advise`` and
    ``evaluations`` as :func:`review_one`): ``(game id, the extracted kick-offs,
    (number, review) of each)``; with ``ranked``, each review's every target ranked
    (``KickoffReview.ranked``, for ``--png``), else none. Either way no review keeps its
    kick-off's solver (a classic Pitch Invasion's is gigabytes; the game's kick-offs held them
    all). ``KickoffError`` (one message naming the file) for a replay that cannot be read, has
    no kick-off, or a kick-off that cannot be reviewed."""
    from kickoff.formats.fields import printable_name
    from kickoff.formats.fumbbl.replay import extract_kickoffs, game_id

    ks = extract_kickoffs(path)
    if not ks:
        raise ScenarioError([f"{path}: no kick-off in this replay's log (gameLog.commandArray)"])
    reviews: list[tuple[int, KickoffReview]] = []
    for k in ks:
        try:
            review = review_one(k, objective, budget, advise, evaluations)
            if ranked:
                review.ranked  # noqa: B018  (ranked now, while its solver is alive)
            review.ranking = None  # (the solver freed before the next kick-off's)
            reviews.append((k.number, review))
        except KickoffError as e:
            raise ScenarioError([f"{path}: kick-off {k.number}: cannot be reviewed: "
                                 + in_one_line(str(e))]) from None
    return printable_name(game_id(path, ks)), ks, reviews


def review_command(
    replay: Annotated[Path, typer.Argument(
        parser=path_text,
        help="A FUMBBL replay (gzipped or plain JSON), a folder of them (searched "
             "recursively: the gaps over every game, by era and choice), or a FUMBBL game id "
             "to fetch.")],
    objective: Annotated[Objective, typer.Option(
        metavar="OBJECTIVE",
        help="What is valued, for the receivers (the kicking coach wants it the other way), "
             "as kickoff odds --objective.")] = DEFAULT_OBJECTIVE,
    plan_budget: Annotated[int, typer.Option(
        min=1, max=MAX_PLAN_BUDGET,
        help="Blitz!, Charge! and the re-set-ups: the most plans valued exactly.")] = 16,
    advise: Annotated[float | None, typer.Option(
        min=0.1, max=MAX_SECONDS, callback=not_nan,
        help=f"Seconds for the set-up advisor at each kick-off, up to {MAX_SECONDS}: the "
             "receiving set-up judged against the advisor's, from the same players.")] = None,
    advise_evaluations: Annotated[int | None, typer.Option(
        min=1, max=MAX_EVALUATIONS, metavar="N",
        help=f"The set-up advisor's reproducible bound, 1 to {MAX_EVALUATIONS:,}: candidate "
             "set-ups valued at each kick-off (alone, or with --advise: whichever comes "
             "first); the same N, the same advice on any machine.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Exact fractions as JSON.")] = False,
    png: Annotated[Path | None, typer.Option(
        parser=path_text, metavar="DIR",
        help="A folder (made if missing): each kick-off's pitch as GAME-kickoff-N.png, every "
             "target's value, the kicked and the best target marked, with --advise the "
             "advisor's set-up (needs the extra plot).")] = None,
    cache: CacheOption = None,
    timeout: TimeoutOption = FUMBBL_TIMEOUT,
) -> None:
    """Every kick-off of a FUMBBL game judged against the best play, in exact values.

    For each kick-off: the kick (the target chosen, its value, the best target's, the gap), the
    receiving set-up's value against the best kick, and the choice of its Kick-off event (High
    Kick, Blitz!, Charge!, Quick Snap, Perfect / Solid Defence: what was done, the best, the
    gap); then a summary per team. Values are kickoff odds' on the scenario kickoff fumbbl
    extract writes (the events on, every other choice at its default); a gap is how much worse
    the choice was than the best for the coach who made it.
    """
    _review(replay, objective, plan_budget, (advise, advise_evaluations), as_json, png, cache,
            timeout)


def advise_text(advise: tuple[float | None, int | None]) -> str:
    """The advisor's bounds in words (``--advise 30``, ``--advise-evaluations 64``, both with
    "whichever first"); ``""`` for none."""
    seconds, evaluations = advise
    words = ([] if seconds is None else [f"--advise {seconds:g}"]) + (
        [] if evaluations is None else [f"--advise-evaluations {evaluations}"])
    return " and ".join(words) + (", whichever first" if len(words) == 2 else "")


@guarded
def _review(replay: Path, objective: Objective, budget: int,
            advise: tuple[float | None, int | None], as_json: bool, png: Path | None,
            cache: Path | None, timeout: float) -> None:
    from kickoff.cli.fumbbl_cmd import _is_folder

    if png is not None:  # before the review (minutes of CPU for a classic game), not after it
        png_folder_problem(png)
    path = fetched(replay, cache, timeout)
    if _is_folder(path):
        _review_folder(path, objective, budget, advise, as_json, png)
        return
    if png is not None:
        import kickoff.analysis.review_plot  # noqa: F401  MissingExtra before the work
    gid, ks, reviews = review_game(path, objective, budget, *advise, ranked=png is not None)
    images = [] if png is None else write_pngs(png, gid, ks, reviews, objective)
    from kickoff.analysis.review import applied

    doc = game_document(gid, ks, reviews, applied(objective, budget, advise))
    if as_json:
        typer.echo(json_text({**doc, **({} if png is None else
                                        {"png": [str(p) for p in images]})}))
        return
    _print(gid, reviews, objective, doc["summary"], budget, doc.get("advisor"),
           ruleset=doc["ruleset"], advise=advise_text(advise))
    for image in images:
        typer.echo(f"PNG: {image}")


def png_folder_problem(png: Path) -> None:
    """``ScenarioError`` naming ``--png`` when it names something other than a folder (a
    file, or a path through a file), or a folder this process may not write into, nor make
    (its nearest existing folder read-only): the folder the images go into (made if
    missing). Nothing is made or written here."""
    try:
        blocked = next((p for p in (png, *png.parents) if p.exists() and not p.is_dir()), None)
        there = next(p for p in (png, *png.parents) if p.exists())
    except OSError as e:  # a name too long for the file system, ...
        raise ScenarioError([f"--png: {png}: {e.strerror or e}"]) from None
    if blocked is not None:
        raise ScenarioError([f"--png: {png}: {blocked} is a file, not a folder"])
    if not writable(there):
        raise ScenarioError([f"--png: {png}: cannot write into the folder: Permission denied"
                             if there == png else
                             f"--png: {png}: cannot make the folder: {there} may not be written"])


def writable(folder: Path) -> bool:
    """Whether this process may make files in ``folder`` (``os.access``: write and search)."""
    return os.access(folder, os.W_OK | os.X_OK)


def _review_folder(path: Path, objective: Objective, budget: int,
                   advise: tuple[float | None, int | None], as_json: bool, png: Path | None
                   ) -> None:
    """``kickoff fumbbl review FOLDER`` (:mod:`kickoff.cli.review_many`); ``--png`` refused."""
    from kickoff.cli.review_many import review_folder

    if png is not None:
        raise ScenarioError([f"--png: {path} is a folder of games; --png draws one game"])
    review_folder(path, objective, budget, advise, as_json)


def game_document(gid: str, ks: list[ExtractedKickoff],
                  reviews: list[tuple[int, KickoffReview]], applied: dict[str, Any]
                  ) -> dict[str, Any]:
    """The ``--json`` document of a game's review: ``{"game", "ruleset", "applied", "teams",
    "kickoffs", "summary"}`` (``ruleset``: the game's, as ``fumbbl extract`` writes it), and
    ``"advisor"`` (:func:`~kickoff.analysis.review.advisor_figures`) when the set-ups were
    judged against the advisor's."""
    from kickoff.analysis.review import advisor_figures

    teams = {side: str(t.get("name", side)) for side, t in ks[0].scenario["teams"].items()}
    gains = [j.gap for _, r in reviews for j in r.judged if j.what == "setup"]
    return {"game": gid, "ruleset": str(ks[0].scenario.get("ruleset", "?")),
            "applied": applied, "teams": teams,
            "kickoffs": [{"kickoff": n, "half": k.half, **r.to_json()}
                         for (n, r), k in zip(reviews, ks, strict=True)],
            "summary": summary(reviews, teams),
            **({"advisor": advisor_figures(gains)} if gains else {})}


def write_pngs(folder: Path, gid: str, ks: list[ExtractedKickoff],
               reviews: list[tuple[int, KickoffReview]], objective: Objective) -> list[Path]:
    """Each kick-off's pitch (:func:`kickoff.analysis.review_plot.review_png`) written into
    ``folder`` as ``GAME-kickoff-N.png``, all or none (made if missing); the files.
    ``ScenarioError`` naming the folder or file that cannot be written."""
    import io

    from kickoff.analysis.review_plot import review_png
    from kickoff.formats.files import file_stem, write_files
    from kickoff.formats.scenario import load_scenario, parse_scenario

    images: dict[Path, bytes] = {}
    for (n, r), k in zip(reviews, ks, strict=True):
        state = load_scenario(parse_scenario(json.dumps(k.scenario))).state
        image = io.BytesIO()
        review_png(state, r, objective, image, title=png_title(gid, n, r, objective))
        images[folder / f"{file_stem(gid)}-kickoff-{n}.png"] = image.getvalue()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ScenarioError([f"--png: {folder}: cannot make the folder: "
                             f"{e.strerror or e}"]) from None
    write_files(images)
    return list(images)


def png_title(gid: str, n: int, r: KickoffReview, objective: Objective) -> str:
    """A kick-off's PNG title: the game, the kick-off and the kicked target with its value in
    the words the heat map names its best target's (``objectives.value_words``: a chance to one
    decimal), so that the two values of one line read alike."""
    from kickoff.analysis.objectives import value_words

    return (f"game {gid}, kick-off {n}, kicked {r.target.as_list()} "
            f"{value_words(r.judged[0].chosen, objective)}")


def applied_lines(objective: Objective, budget: int, advise: str = "") -> list[str]:
    """What a review applied, in lines within 80 columns: the objective, the events, the other
    choices' defaults, the plan budget, what a gap is, where the values come from, and the
    set-up advisor (``advise``: its bounds, :func:`advise_text`; ``""``: not run, and the
    options that run it) (one game's header, and a folder's)."""
    from kickoff.cli.render import wrapped

    advisor = (f"set-up advisor: seed 0, {advise} at each kick-off (setup optimize's search "
               "from the real set-up)" if advise else
               "set-up advisor: not run (--advise SECONDS, --advise-evaluations N)")
    return [f"Objective: {objective} (--objective); the Kick-off events on,",
            f"every other choice at its default; free moves: the best of {budget} plans at most",
            "(--plan-budget); gap: how much worse than the best for the coach who chose;",
            "values: kickoff odds' on kickoff fumbbl extract's scenarios; exact: --json",
            *wrapped(advisor).splitlines()]


def _print(gid: str, reviews: list[tuple[int, KickoffReview]], objective: Objective,
           totals: dict[str, dict[str, Any]], budget: int,
           advisor: dict[str, Any] | None = None, *, ruleset: str = "?", advise: str = ""
           ) -> None:
    """The terminal's review: the game's ruleset and teams, what was applied (``advise``: the
    advisor's bounds, :func:`advise_text`), the table, each kick-off's kicker and set-up value,
    notes, the summary per team and (``advisor``: :func:`advisor_figures`) the advisor's
    set-ups against the real ones."""
    from kickoff.cli.render import console_for, wrapped

    teams = "; ".join(f"{side}: {t['team']}" for side, t in totals.items())
    head = [*wrapped(f"FUMBBL game {gid}, {ruleset} rules; {teams}").splitlines(),
            *applied_lines(objective, budget, advise)]
    lines = []
    for n, r in reviews:
        kicker = ("no kicker" if r.kicker is None else
                  f"kicker {r.kicker} {'uses Kick' if r.use_kick_skill else 'without Kick'}")
        lines.append(f"Kick-off {n}: {r.kicking} kicks, {kicker};")
        lines.append(f"  {r.receiving}'s set-up against the best kick "
                     f"{r.best_target.as_list()}: {value_text(r.setup_value, objective)}")
        lines += [line for note in r.notes for line in wrapped(f"  note: {note}").splitlines()]
    for side, t in totals.items():
        # (exact_fraction: a classic game's sum runs to more digits than Fraction() reads,
        # 1005181's 13,060: a ValueError traceback)
        given = exact_fraction(t["given_away"])
        lines.append(f"{side}: {t['team']}")
        lines.append(f"  {t['at_best']} of {t['judged']} choices at the best; given away "
                     f"{gap_text(given, objective)} in all")
    if advisor is not None:
        lines.append(f"advisor: strictly better than the real set-up in "
                     f"{advisor['strictly_better_kickoffs']} of {advisor['kickoffs']} "
                     f"kick-offs, equal in {advisor['equal_kickoffs']}")
    console = console_for(*head, *lines)
    for line in head:
        console.print(line, markup=False)
    console.print(_table(gid, reviews, objective))
    for line in lines:
        console.print(line, markup=False)
