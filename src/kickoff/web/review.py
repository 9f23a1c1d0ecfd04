"""A FUMBBL game reviewed for the page (``POST /api/review``, issue 28): every kick-off of an
uploaded replay (or a game fetched by its id) judged against the best play, as ``kickoff fumbbl
review --json`` judges it (:func:`kickoff.analysis.review.review_kickoff` on the scenario
``kickoff fumbbl extract`` writes), with what the page draws: each kick-off's players and every
target's value.

The replay is read by the project's FUMBBL reader (:func:`kickoff.formats.fumbbl.replay.
extract_kickoffs`, with its bounds: what a gzip stream may inflate to, the commands of a log);
the request body itself is bounded by the app's ``Limits.max_body_bytes`` (413 beyond).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from kickoff.analysis.objectives import Objective
from kickoff.analysis.review import (
    KickoffReview,
    advisor_figures,
    applied,
    review_kickoff,
    team_summary,
)
from kickoff.core.errors import KickoffError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.problems import Problem
from kickoff.defaults import kick_use
from kickoff.formats.fumbbl.case import ExtractedKickoff
from kickoff.formats.fumbbl.replay import extract_kickoffs, game_id
from kickoff.formats.scenario import load_scenario, parse_scenario

__all__ = ["ReviewRefused", "review_file", "review_job", "review_replay"]


class ReviewRefused(Exception):
    """The replay cannot be reviewed: its problems (each naming ``where``, the request's part
    that holds the replay)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(p.text() for p in problems))
        self.problems = problems

    def __reduce__(self) -> tuple[type[ReviewRefused], tuple[list[Problem]]]:
        # raised in a worker process (:func:`review_job`), it crosses back whole
        return (ReviewRefused, (self.problems,))


def review_job(data: bytes | str, objective: Objective, budget: int) -> dict[str, Any]:
    """A review as the server's worker processes run it (``kickoff.web.jobs``, off the
    server's process): :func:`review_replay` of the replay ``data`` (bytes), or
    :func:`review_file` of the replay at the path ``data`` (str: a fetched game's cached
    file, named in a message by its file name only: the server's folders are not the
    client's to see). :class:`ReviewRefused` as they raise it."""
    if isinstance(data, str):
        path = Path(data)
        try:
            return review_file(path, objective, budget)
        except ReviewRefused as e:  # the server's cache folder is not the client's to see
            shown = f"the cached replay {path.name}"
            raise ReviewRefused([Problem(p.message.replace(str(path), shown), p.where)
                                 for p in e.problems]) from None
    return review_replay(data, objective, budget)


def review_replay(data: bytes, objective: Objective, budget: int, where: str = "replay"
                  ) -> dict[str, Any]:
    """The review of the replay ``data`` (gzipped or plain JSON, as FUMBBL serves it):
    :func:`review_file` of it written to a temporary file, the file's name left out of the
    messages (each problem's ``where`` is ``where``). :class:`ReviewRefused` for a replay
    that cannot be reviewed."""
    with tempfile.TemporaryDirectory(prefix="kickoff-review-") as folder:
        path = Path(folder) / "replay.json.gz"
        path.write_bytes(data)
        try:
            return review_file(path, objective, budget)
        except ReviewRefused as e:
            raise ReviewRefused([Problem(p.message.replace(f"{path}: ", "")
                                         .replace(str(path), where), where)
                                 for p in e.problems]) from None


def review_file(path: Path, objective: Objective, budget: int) -> dict[str, Any]:
    """Every kick-off of the replay at ``path`` reviewed (``kickoff fumbbl review --json``'s
    document, each kick-off with ``players`` (id, side, label, square) and ``targets``
    (every target's exact value, best first) for the pitch, ``pitch`` its size).
    :class:`ReviewRefused` for a replay that cannot be read, has no kick-off, or a kick-off
    that cannot be played."""
    try:
        ks = extract_kickoffs(path)
    except KickoffError as e:
        raise ReviewRefused([Problem(line, "replay") for line in str(e).splitlines()[:5]]
                            ) from None
    if not ks:
        raise ReviewRefused([Problem(f"{path}: no kick-off in this replay's log "
                                     "(gameLog.commandArray)", "replay")])
    kickoffs, reviews = [], []
    for k in ks:
        try:
            doc, review = _one(k, objective, budget)
        except KickoffError as e:
            raise ReviewRefused([Problem(f"{path}: kick-off {k.number}: cannot be reviewed: "
                                         + "; ".join(str(e).splitlines()[:3]), "replay")]
                                ) from None
        kickoffs.append(doc)
        reviews.append(review)
    teams = {side: str(t.get("name", side)) for side, t in ks[0].scenario["teams"].items()}
    gains = [j.gap for r in reviews for j in r.judged if j.what == "setup"]
    return {"game": game_id(path, ks),
            "applied": applied(objective, budget),
            "teams": teams, "kickoffs": kickoffs, "summary": team_summary(reviews, teams),
            **({"advisor": advisor_figures(gains)} if gains else {})}


def _one(k: ExtractedKickoff, objective: Objective, budget: int
         ) -> tuple[dict[str, Any], KickoffReview]:
    """One kick-off reviewed (``kickoff fumbbl review``'s way) and its document."""
    loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
    st = loaded.state
    kick = kick_use(st, loaded.ruleset, loaded.house_rules)
    dice, _ = loaded.dice()
    review = review_kickoff(st, loaded.ruleset, loaded.house_rules, loaded.decisions, dice,
                            objective, kick.used, kick.kicker, budget)
    from kickoff.core.state import disc_label

    players = [{"id": p.id, "side": p.side, "label": disc_label(p.id, p.name, p.side),
                "square": p.square.as_list()}
               for p in st.players.values() if p.square is not None]
    return ({"kickoff": k.number, "half": k.half, **review.to_json(),
             "pitch": {"width": st.pitch.width, "height": st.pitch.height},
             "players": players,
             "targets": [{"target": r.target.as_list(), "value": fraction_text(r.value)}
                         for r in review.ranked]}, review)

