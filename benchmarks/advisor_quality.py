"""The set-up advisor's quality table (issue 14, docs/analysis.md "Where should I stand?").

For each receiving team (bb2020: Human, Orc, Wood Elf; Sevens: Human, Orc) against Human kicking
on the pitch's default defence (``botbowl_def_zone`` / ``sevens_def_zone``): the minimax value
(``receiver-holds``, events none, the receiving coach's defaults) of every shipped set-up of the
pitch (``src/kickoff/data/setups``) and, eleven-a-side, every FUMBBL set-up and botbowl formation
of ``../shared/data`` that is legal for the team (imported as ``kickoff setup import`` does),
against what ``kickoff setup optimize --seconds S`` finds from the default start. Prints the
Markdown table docs/analysis.md holds.

``python benchmarks/advisor_quality.py [--seconds 60] [--seed 0]``: minutes of CPU (one search
of ``--seconds`` wall-clock seconds per team); run it once, not in a loop. The set-ups compared
are valued by the advisor's incremental evaluator, whose values are a fresh solve's
(``tests/test_advisor.py``).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from kickoff.analysis.advisor.evaluate import Evaluator
from kickoff.analysis.advisor.moves import layout_of
from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup
from kickoff.core.errors import KickoffError
from kickoff.core.pitch import Side
from kickoff.core.ruleset import Ruleset
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.defaults import DEFAULT_SETUPS
from kickoff.formats import botbowl
from kickoff.formats.fumbbl import setup as fumbbl_setup
from kickoff.formats.teams import (
    SetupFile,
    TeamFile,
    build_state,
    builtin_names,
    load_setup,
    load_team,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
TEAMS = {"bb2020": ("human", "orc", "wood_elf"), "sevens": ("human", "orc")}


def _state(rs: Ruleset, team: tuple[str, TeamFile], setup: tuple[str, SetupFile]) -> GameState:
    kicking = load_team("human", rs.family)
    defence = load_setup(DEFAULT_SETUPS[rs.pitch.name][0], rs.pitch)
    teams: dict[Side, tuple[str, TeamFile]] = {"home": kicking, "away": team}
    setups: dict[Side, tuple[str, SetupFile]] = {"home": defence, "away": setup}
    return build_state(rs, teams, setups, kicking="home")


def candidates(rs: Ruleset, team: tuple[str, TeamFile]) -> list[tuple[str, GameState]]:
    """Every set-up to compare that is legal for ``team``: ``(label, state)``."""
    out: list[tuple[str, GameState]] = []
    found: list[tuple[str, tuple[str, SetupFile] | None]] = []
    for name in builtin_names("setups", rs.pitch.name):
        found.append((name, load_setup(name, rs.pitch)))
    if rs.pitch.name == "eleven":
        for path in sorted((SHARED / "setups" / "ffb").glob("*.xml")):
            try:
                imported, _ = fumbbl_setup.import_setup(path.read_text(), path.name, "xml", team,
                                                        rs, "away")
                found.append((f"FUMBBL {path.stem}", (path.name, imported)))
            except KickoffError:
                found.append((f"FUMBBL {path.stem}", None))
        for path in sorted((SHARED / "formations" / "botbowl-11").glob("*.txt")):
            try:
                formation = botbowl.import_formation(path.read_text(), path.name, team, rs, "away")
                found.append((f"botbowl {path.stem}", (path.name, formation)))
            except KickoffError:
                found.append((f"botbowl {path.stem}", None))
    for label, setup in found:
        if setup is None:
            continue
        try:
            out.append((label, _state(rs, team, setup)))
        except KickoffError:
            continue  # not legal for this team
    return out


def pct(v: Fraction) -> str:
    return f"{float(v) * 100:.2f}%"


def row(ruleset: str, team_name: str, seconds: float, seed: int) -> str:
    rs = RULESETS[ruleset]
    team = load_team(team_name, rs.family)
    start = _state(rs, team, load_setup(DEFAULT_SETUPS[rs.pitch.name][1], rs.pitch))
    ev = Evaluator(start, rs, "receiver-holds", "none", "defaults", frozenset())
    valued = [(ev.value(layout_of(state))[0], label) for label, state in candidates(rs, team)]
    best_value, best_label = max(valued)
    result = optimize_setup(OptimizeRequest(start, rs, seconds=seconds, seed=seed))
    found = result.value.value
    verdict = "better" if found > best_value else ("equal" if found == best_value else "WORSE")
    return (f"| {ruleset} | {team_name} | {len(valued)} | {best_label} | {pct(best_value)} | "
            f"{pct(result.start_value.value)} | {pct(found)} ({found}) | "
            f"{list(result.value.target)} | {result.evaluated} | {verdict} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("| ruleset | receiving team | legal set-ups compared | best of them | its value | "
          "default start | optimize | kicker's best target | set-ups searched | optimize is |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for ruleset, teams in TEAMS.items():
        for team in teams:
            print(row(ruleset, team, args.seconds, args.seed), flush=True)


if __name__ == "__main__":
    main()
