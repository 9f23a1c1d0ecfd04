"""The set-up advisor with both coaches at their best and the Kick-off table (issue 24): does
``setup optimize --play best --events all --seconds S`` keep within its seconds, and what do its
parts cost.

``python benchmarks/bench_advisor_coach.py [--seconds S]`` for bb2020 Orc receiving Human,
bb2025 Skaven receiving Dwarfs and Sevens Wood Elves receiving Human (each on the pitch's
default offence and defence, ``receiver-holds``): the wall-clock seconds (``time.monotonic``:
the bound is a wall-clock one) of one exact minimax value with both coaches' best
(``setup_value``), of its values per Kick-off event (``advisor_events.event_values``), and of the
whole search bounded by ``S`` (report included), with the candidates it valued. Prints one line
per team; ``kickoff.compiled`` says which build ran. Results are recorded in
``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import time

import kickoff
from kickoff.analysis.advisor.events import event_values
from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup, setup_value
from kickoff.core.pitch import Side
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import SetupFile, TeamFile, build_state, load_setup, load_team

#: (ruleset, receiving team, kicking team, team family)
CASES = (("bb2020", "orc", "human", "bb2020"), ("bb2025", "skaven", "dwarf", "bb2020"),
         ("sevens", "wood_elf", "human", "sevens"))
SETUPS = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
          "sevens": ("sevens_def_zone", "sevens_off_wedge")}


def prepared(ruleset: str, team: str, kicking: str, family: str) -> GameState:
    """``kicking`` kicking (home) v ``team`` receiving (away) on the pitch's default set-ups."""
    rs = RULESETS[ruleset]  # type: ignore[index]
    defence, offence = SETUPS[rs.pitch.name]
    teams: dict[Side, tuple[str, TeamFile]] = {"home": load_team(kicking, family),  # type: ignore[arg-type]
                                               "away": load_team(team, family)}  # type: ignore[arg-type]
    setups: dict[Side, tuple[str, SetupFile]] = {"home": load_setup(defence, rs.pitch),
                                                 "away": load_setup(offence, rs.pitch)}
    return build_state(rs, teams, setups, "home")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="the search's bound")
    args = parser.parse_args()
    build = "compiled" if kickoff.compiled else "pure"
    for ruleset, team, kicking, family in CASES:
        state = prepared(ruleset, team, kicking, family)
        rs = RULESETS[ruleset]  # type: ignore[index]
        start = time.monotonic()
        value = setup_value(state, rs, play="best")
        solve = time.monotonic() - start
        start = time.monotonic()
        event_values(state, rs, "receiver-holds", "best", frozenset(), value.target,
                     value.use_kick_skill)
        by_event = time.monotonic() - start
        start = time.monotonic()
        found = optimize_setup(OptimizeRequest(state, rs, play="best", seconds=args.seconds))
        whole = time.monotonic() - start
        print(f"{build:9} {ruleset:7} {team:9} solve {solve:5.1f} s, by event {by_event:5.1f} s, "
              f"search --seconds {args.seconds:g}: {whole:5.1f} s wall, {found.evaluated} "
              f"candidates, {found.moved} moved")


if __name__ == "__main__":
    main()
