"""The bb2025 ruleset (third-season edition): bb2020 with the 2025 Kick-off Event table (seed 001)
and the 2025 changes to the kick-off. Only what changed from bb2020 is written here."""

from __future__ import annotations

from dataclasses import replace

from kickoff.core import events as ev
from kickoff.core.ruleset import Contest, Event, FreeTurnRules, ThrowRules
from kickoff.core.rulesets.bb2020 import BB2020
from kickoff.core.skills import BB2025_SKILLS

BB2025 = replace(
    BB2020,
    name="bb2025",
    skills=BB2025_SKILLS,
    # Catching: no modifier for the kick-off landing; -1 for a bounce or throw-in (rulings.md 3).
    catch_modifier={"kickoff": 0, "bounce": -1, "throw_in": -1, "kicked": -1},
    # Kick: declared before rolling, the distance is a D3 (rulings.md 2.3, as FUMBBL).
    kick_skill="d3",
    # Touchback with nobody able to hold the ball: the coach names an empty square.
    touchback_without_recipient="square",
    # Throw-ins: the start square counts as the first (2D6 - 1 squares away).
    throw_in_offset=-1,
    kickoff_table={
        **BB2020.kickoff_table,
        6: Event("cheering_fans", ev.cheering_fans),
        10: Event("charge", ev.charge),
        11: Event("dodgy_snack", ev.dodgy_snack),
    },
    counts={"solid_defence": 3, "quick_snap": 3, "charge": 3},
    # Seed 001, 10 Charge!: one Blitz, one Throw Team-mate, one Kick Team-mate; team re-rolls
    # (any number, as in a team turn) and skill re-rolls allowed (published FAQ); a fall or
    # Knock Down ends it (rulings.md 8).
    free_turns={"charge": FreeTurnRules(
        team_rerolls=True, once_per_turn_skills=True, ends_on_fall=True,
        limits={"blitz": 1, "throw_team_mate": 1, "kick_team_mate": 1})},
    # Throw / Kick Team-mate: no Terrible throw any more; a subpar or fumbled throw -1 to land.
    # Dodge and Sure Feet are "Once per Turn", no longer "during their activation"; Pro still
    # "cannot be used to re-roll ... a roll made outside of the player's activation". Team
    # re-rolls: "as many Team Re-rolls as they want during their turn" (bb2020's default).
    actions=replace(BB2020.actions, throw=ThrowRules(
        "passing", "subpar", True, {"superb": 0, "subpar": -1, "fumble": -1}),
        activation_skills=frozenset({"pro"})),
    # Seed 001, 6 Cheering Fans: one extra offensive assist for the next Block; tie both.
    cheering_fans=Contest("d6", ("cheerleaders",), "higher", "both"),
    cheering_fans_effect="block_assist",
    # Seed 001, 7 Brilliant Coaching: tie both, for the drive.
    brilliant_coaching=Contest("d6", ("assistant_coaches",), "higher", "both"),
    # Seed 001, 11 Dodgy Snack: plain D6 each, the lower team (tie both).
    dodgy_snack=Contest("d6", (), "lower", "both"),
    officious_ref=None,
    # Monstrous Mouth no longer re-rolls a failed catch (bb2025 Skills; FUMBBL's bb2025 skill
    # registers no catch re-roll); Catch still does.
    catch_reroll_skills=("catch",),
)
