"""Issue 28, acceptance 2: ``kickoff fumbbl review GAME --advise 30`` over the shared games, one
game at a time, each game's figure kept in a folder as soon as it is done (docs/analysis.md,
"The advisor on the classic games").

``python benchmarks/advise_figure.py run OUT [--seconds S] [--evaluations N] [--cpu-limit S]
[GAME...]`` reviews
each game (default: every ``classic-2017`` game not judged before, fastest review first, by the
review times of docs/performance.md "The classic games, profiled") in a child process of its
own (``one``), skipping a game whose ``OUT/GAME.json`` exists (so a stopped run resumes).
``python benchmarks/advise_figure.py table OUT`` prints the figures of the games in ``OUT``;
``python benchmarks/advise_figure.py check`` whether the advisor can start from every shared
kick-off's receiving set-up (legal, a player to move: seconds, no search).
Run it under ``nice``: it is hours of CPU. The review runs with whichever build of kickoff it
imports (``PYTHONPATH=src``: the pure-Python sources).

Each ``OUT/GAME.json``: the review's ``--json`` document (``game_document``) and ``"run"``: the
kick-offs judged against the advisor, at least as good (gain ``>= 0``), strictly better, equal,
the gains (exact fraction strings), the notes, the advisor's candidates valued and its CPU
seconds at each kick-off, the review's CPU and wall seconds, the load average before and after.
``--advise`` is wall-clock seconds: on a loaded machine the advisor values fewer candidates; "at
least as good" holds by construction (the search starts from the real set-up and keeps the
best), "strictly better" depends on the CPU the advisor got, hence the candidates recorded.
``--evaluations N`` (``kickoff fumbbl review --advise-evaluations N``) bounds each kick-off's
search by candidates instead (alone: no wall clock, unless ``--seconds`` is given too): the
figure is then the same on any machine, at any load. Neither given: ``--seconds 30``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "fumbbl-replays"

#: Judged before this script (docs/analysis.md, 2026-12-06, 21:31-23:15 UTC).
JUDGED_BEFORE = ("1005203", "1005227", "1005268", "1005292", "1005316", "1005427", "1005438",
                 "1005450", "1005463", "1005491")

#: Review CPU seconds (pure build) of docs/performance.md; games not listed there by name come
#: at the median of their batch (18.4 s), those stopped over the cap last.
REVIEW_CPU = {"1005000": 24.6, "1005031": 75.9, "1005115": 199.4, "1005099": 300.0,
              "1005126": 29.2, "1005152": 33.7, "1005181": 90.0, "1005226": 50.1,
              "1005239": 154.0, "1005253": 90.0, "1005281": 38.2, "1005305": 18.8,
              "1005328": 21.5, "1005339": 62.5, "1005355": 23.9, "1005366": 15.0,
              "1005377": 35.2, "1005389": 48.1, "1005401": 17.4, "1005415": 19.1,
              "1005475": 90.0}


def remaining() -> list[str]:
    """The classic games not judged before, fastest review first."""
    games = [p.name.removesuffix(".json.gz")
             for p in sorted((SHARED / "classic-2017").glob("*.json.gz"))]
    return sorted((g for g in games if g not in JUDGED_BEFORE),
                  key=lambda g: (REVIEW_CPU.get(g, 18.4), g))


def replay(game: str) -> Path:
    """The shared replay of ``game`` (a classic one unless found at the top)."""
    top = SHARED / f"{game}.json.gz"
    return top if top.exists() else SHARED / "classic-2017" / f"{game}.json.gz"


def one(game: str, out: Path, seconds: float | None, evaluations: int | None = None) -> None:
    """Review ``game`` with the advisor (``seconds``, ``evaluations``: its bounds at each
    kick-off, whichever first); write ``out/GAME.json`` (whole, or nothing)."""
    import kickoff
    import kickoff.analysis.advisor.search as search
    from kickoff.cli.review_cmd import game_document, review_game
    from kickoff.core.fraction_text import fraction_text

    searches: list[dict[str, Any]] = []
    real = search.optimize_setup

    def recorded(*args: Any, **kwargs: Any) -> Any:
        c, w = time.process_time(), time.perf_counter()
        found = real(*args, **kwargs)
        searches.append({"evaluated": found.evaluated, "cpu": round(time.process_time() - c, 2),
                         "wall": round(time.perf_counter() - w, 2)})
        return found

    search.optimize_setup = recorded  # the review imports it at each call: this one is used
    load0 = os.getloadavg()
    c, w = time.process_time(), time.perf_counter()
    gid, ks, reviews = review_game(replay(game), "receiver-holds", 16, seconds, evaluations)
    cpu, wall = time.process_time() - c, time.perf_counter() - w
    doc = game_document(gid, ks, reviews, {"objective": "receiver-holds", "events": "all",
                                           "play": "defaults", "plan_budget": 16,
                                           "advise": seconds,
                                           "advise_evaluations": evaluations})
    gains = [j.gap for _, r in reviews for j in r.judged if j.what == "setup"]
    doc["run"] = {
        "kickoffs": len(reviews), "judged": len(gains),
        "at_least_as_good": sum(1 for g in gains if g >= 0),
        "strictly_better": sum(1 for g in gains if g > 0),
        "equal": sum(1 for g in gains if g == 0), "gains": [fraction_text(g) for g in gains],
        "notes": {str(n): r.notes for n, r in reviews if r.notes},
        "advisor": searches, "cpu": round(cpu, 2), "wall": round(wall, 2),
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "build": "compiled" if kickoff.compiled else "pure Python",
        "finished": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}
    tmp = out / f".{game}.json.tmp"
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    tmp.replace(out / f"{game}.json")


def run(out: Path, bounds: tuple[float | None, int | None], cpu_limit: int,
        games: list[str]) -> None:
    """Each game not done yet in ``out``, in a child process of its own (``one``)."""
    out.mkdir(parents=True, exist_ok=True)

    def capped() -> None:
        if cpu_limit:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit))

    for game in games or remaining():
        if (out / f"{game}.json").exists():
            continue
        w = time.perf_counter()
        seconds, evaluations = bounds
        done = subprocess.run([sys.executable, __file__, "one", game, str(out),
                               *([] if seconds is None else ["--seconds", str(seconds)]),
                               *([] if evaluations is None else
                                 ["--evaluations", str(evaluations)])],
                              capture_output=True, text=True,
                              preexec_fn=capped, check=False)
        wall = time.perf_counter() - w
        stamp = time.strftime("%H:%M:%S", time.gmtime())
        if done.returncode == 0:
            r = json.loads((out / f"{game}.json").read_text())["run"]
            print(f"{stamp} {game}: {r['judged']} judged, {r['strictly_better']} better, "
                  f"CPU {r['cpu']} s, wall {r['wall']} s", flush=True)
        else:
            (out / f"{game}.failed").write_text(done.stderr[-4000:])
            print(f"{stamp} {game}: failed (exit {done.returncode}, {wall:.0f} s wall): "
                  f"{done.stderr.strip().splitlines()[-1:] or ''}", flush=True)


def table(out: Path) -> None:
    """A line per game in ``out`` (Markdown: kick-offs judged, at least as good, strictly
    better, equal, the largest gain in percentage points of ``receiver-holds``, the candidates
    the advisor valued at each kick-off, its CPU seconds, the review's CPU and wall seconds,
    the load average before and after, the notes) and the totals."""
    gains: list[Fraction] = []
    searches: list[dict[str, Any]] = []
    for f in sorted(out.glob("*.json")):
        r = json.loads(f.read_text())["run"]
        gains += [Fraction(g) for g in r["gains"]]
        searches += r["advisor"]
        evaluated = [a["evaluated"] for a in r["advisor"]]
        acpu = [a["cpu"] for a in r["advisor"]]
        print(f"| {f.stem} | {r['judged']} | {r['at_least_as_good']} | {r['strictly_better']} | "
              f"{r['equal']} | {max((float(Fraction(g)) * 100 for g in r['gains']), default=0):.2f} | "
              f"{'/'.join(map(str, evaluated))} | {sum(acpu):.0f} | {r['cpu']:.0f} | "
              f"{r['wall']:.0f} | {r['load_before'][0]}-{r['load_after'][0]} | "
              f"{'; '.join(f'{k}: {v}' for k, v in r['notes'].items())} |")
    if gains:
        n = len(gains)
        print(f"total: {n} judged, {sum(g >= 0 for g in gains)} at least as good, "
              f"{sum(g > 0 for g in gains)} strictly better, {sum(g == 0 for g in gains)} equal, "
              f"mean gain {float(sum(gains, Fraction(0)) / n) * 100:.3f} points; the advisor "
              f"valued a candidate at {sum(a['evaluated'] > 0 for a in searches)} kick-offs, "
              f"{sum(a['evaluated'] for a in searches)} candidates in all, in "
              f"{sum(a['cpu'] for a in searches):.0f} s of CPU over "
              f"{sum(a['wall'] for a in searches):.0f} s of wall clock")
    done = {f.stem for f in out.glob("*.json")}
    print("not judged:", *(g for g in remaining() if g not in done))


def check() -> None:
    """Every kick-off of every shared game: whether the advisor refuses its receiving set-up
    (``optimize_setup``'s ``ValueError``: illegal) or has no player to move; one line."""
    from kickoff.analysis.advisor.moves import MoveSpace, layout_of, layout_problems
    from kickoff.formats.fumbbl.replay import extract_kickoffs
    from kickoff.formats.scenario import load_scenario, parse_scenario

    paths = sorted(SHARED.glob("*.json.gz")) + sorted((SHARED / "classic-2017").glob("*.json.gz"))
    n, refused = 0, []
    for path in paths:
        for k in extract_kickoffs(path):
            n += 1
            loaded = load_scenario(parse_scenario(json.dumps(k.scenario)))
            problems = layout_problems(loaded.state, loaded.ruleset, layout_of(loaded.state))
            if problems or not MoveSpace.of(loaded.state, loaded.ruleset).available:
                refused.append(f"{path.name} kick-off {k.number}: {problems or 'none to move'}")
    print(f"{len(paths)} games, {n} kick-offs, the advisor refuses {len(refused)}", *refused,
          sep="\n")


def main() -> None:
    # The gains are exact fractions of the figure's own making, and can run past Python's
    # 4,300 digits for int <-> str (1005239: a gain's denominator did): this script reads only
    # its own files, so the guard (kept by kickoff's readers for their input) is lifted here.
    sys.set_int_max_str_digits(0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("games", nargs="*")
    r.add_argument("--cpu-limit", type=int, default=0)
    o = sub.add_parser("one")
    o.add_argument("game")
    o.add_argument("out", type=Path)
    for p in (r, o):
        p.add_argument("--seconds", type=float, default=None)
        p.add_argument("--evaluations", type=int, default=None)
    t = sub.add_parser("table")
    t.add_argument("out", type=Path)
    sub.add_parser("check")
    a = parser.parse_args()
    if a.mode in ("run", "one") and a.seconds is None and a.evaluations is None:
        a.seconds = 30.0
    if a.mode == "run":
        run(a.out, (a.seconds, a.evaluations), a.cpu_limit, a.games)
    elif a.mode == "one":
        one(a.game, a.out, a.seconds, a.evaluations)
    elif a.mode == "table":
        table(a.out)
    else:
        check()


if __name__ == "__main__":
    main()
