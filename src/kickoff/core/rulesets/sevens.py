"""The sevens ruleset (Blood Bowl Sevens, Death Zone 2020, seed 004): bb2020 on the small pitch
with its own set-up limits and Kick-off table. Only what changed from bb2020 is written here."""

from __future__ import annotations

from dataclasses import replace

from kickoff.core.pitch import SEVENS as SEVENS_PITCH
from kickoff.core.rulesets.bb2020 import APOTHECARY, BB2020

SEVENS = replace(
    BB2020,
    name="sevens",
    pitch=SEVENS_PITCH,
    family="sevens",
    # Set-up: seven players, at most one in each Wide Zone, own third (rulings.md 1).
    max_players=7,
    max_per_wide_zone=1,
    # Halves have six turns; Time-out on the kicking team's turn 4, 5 or 6.
    max_turn=6,
    time_out_turns=frozenset({4, 5, 6}),
    # Solid Defence, Quick Snap and Blitz count D3+1.
    counts={"solid_defence": 1, "quick_snap": 1, "blitz": 1},
    # Cheering Fans: Prayers to Nuffle on the D8 (Death Zone's Sevens table), always.
    prayer_die=8,
    prayer_die_fixed=True,
    # Apothecaries, Patching-up Casualties: "An apothecary can be used when a player suffers a
    # Badly Hurt, Seriously Hurt or DEAD result on the Injury table. Roll a D6": no Casualty
    # table (Sevens has none: 10-12 on its Injury table); 4+ patches him up, to the Reserves
    # (docs/rulings.md, "Apothecary", issue 25).
    apothecary=replace(APOTHECARY, casualty_d6=4, casualty_table=None),
)
