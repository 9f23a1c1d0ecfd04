"""The bb2025 ruleset (third-season edition): bb2020 with the 2025 Kick-off Event table (seed 001)
and the 2025 changes to the kick-off. Only what changed from bb2020 is written here."""

from __future__ import annotations

from dataclasses import replace

from kickoff.core import events as ev
from kickoff.core.ruleset import CasualtyTable, Contest, Event, LeapRules, SideStepRules, ThrowRules
from kickoff.core.rulesets.bb2020 import APOTHECARY, BB2020, ON_THE_BALL
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
        10: Event("charge", ev.charge),
        11: Event("dodgy_snack", ev.dodgy_snack),
    },
    # Charge! counts D3+3, as bb2020's Blitz did (Solid Defence and Quick Snap unchanged).
    counts={**{e: n for e, n in BB2020.counts.items() if e != "blitz"},
            "charge": BB2020.counts["blitz"]},
    # Seed 001, 10 Charge!: one Blitz, one Throw Team-mate, one Kick Team-mate; team re-rolls
    # (any number, as in a team turn) and skill re-rolls allowed (published FAQ); a fall or
    # Knock Down ends it (rulings.md 8).
    free_turns={"charge": replace(
        BB2020.free_turns["blitz"], team_rerolls=True, once_per_turn_skills_allowed=True,
        limits={**BB2020.free_turns["blitz"].limits, "kick_team_mate": 1})},
    # Throw / Kick Team-mate: no Terrible throw any more; a subpar or fumbled throw -1 to land.
    # Dodge and Sure Feet are "Once per Turn", no longer "during their activation"; Pro still
    # "cannot be used to re-roll ... a roll made outside of the player's activation". Team
    # re-rolls: "as many Team Re-rolls as they want during their turn" (bb2020's default).
    actions=replace(BB2020.actions, throw=ThrowRules(
        "passing", "subpar", True, {"superb": 0, "subpar": -1, "fumble": -1}),
        activation_skills=frozenset({"pro"}),
        # Sidestep: Grab does not cancel it on a Blitz, and it needs the player's tackle zone
        # (FUMBBL's bb2025 SidestepBehaviour; docs/rulings.md, "Side Step").
        side_step=SideStepRules("sidestep", cancelled_on_blitz_by=frozenset(),
                                needs_tackle_zone=True),
        # Leap: Very Long Legs a plain +1 to the test, and no limit of one Leap an activation
        # (FUMBBL's bb2025 VeryLongLegs and JumpMechanic.canStillJump).
        leap=LeapRules(very_long_legs="bonus", once=False),
        # Shadowing: 4+, at most his MA times a turn (FUMBBL's bb2025 ShadowingBehaviour)
        shadowing="follow_4"),
    # Casualty table, D16: 1-8 Badly Hurt (christerk/ffb bb2025 RollMechanic.mapCasualtyRoll).
    apothecary=replace(APOTHECARY, casualty_table=CasualtyTable(("d16",), badly_hurt_max=8)),
    # Seed 001, 6 Cheering Fans: one extra offensive assist for the next Block; tie both.
    cheering_fans=replace(BB2020.cheering_fans, tie="both"),
    cheering_fans_effect="block_assist",
    # Seed 001, 7 Brilliant Coaching: tie both, for the drive.
    brilliant_coaching=replace(BB2020.brilliant_coaching, tie="both"),
    # Seed 001, 11 Dodgy Snack: plain D6 each, the lower team (tie both).
    dodgy_snack=Contest("d6", (), "lower", "both"),
    officious_ref=None,
    # On the Ball: the kick-off move follows "the usual rules for a Move Action" (issue 25),
    # where bb2020's was "regardless of their MA": a step beyond the player's MA is a Rush.
    kickoff_move=replace(ON_THE_BALL, uses_ma=True),
    # Catching: a failed catch bounces "from the square they are in" (the 2025 catch rule, as
    # issue 25 quotes it): a failed Diving Catch bounces from the diver's square, not from where
    # the ball was to land as bb2020's FAQ had it (FUMBBL's bb2025 code keeps bb2020's).
    diving_catch=replace(BB2020.diving_catch, bounce_from_catcher=True),
    # Monstrous Mouth no longer re-rolls a failed catch (bb2025 Skills; FUMBBL's bb2025 skill
    # registers no catch re-roll); Catch still does.
    catch_reroll_skills=("catch",),
)
