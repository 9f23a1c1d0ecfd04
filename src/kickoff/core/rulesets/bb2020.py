"""The bb2020 ruleset (Blood Bowl Second Season Edition, 2020): the edition Sevens builds on.

Every rule here is restated in ``shared/spec/rulings.md``; this is the one place to find them.
"""

from __future__ import annotations

from kickoff.core import events as ev
from kickoff.core.pitch import ELEVEN
from kickoff.core.ruleset import (
    ActionRules,
    ApothecaryRules,
    CasualtyTable,
    Contest,
    Event,
    FreeTurnRules,
    InjuryTable,
    KickoffMove,
    Ruleset,
)
from kickoff.core.skills import BB2020_SKILLS

#: The apothecary (see ``apothecary`` below); Sevens changes it.
#: bb2020 Casualty table, D16: 1-6 Badly Hurt (the Lasting Injury D6 of 13-14 changes nothing
#: the kick-off holds, and is not rolled).
APOTHECARY = ApothecaryRules(knocked_out_on_pitch="stunned", knocked_out_off_pitch="reserves",
                             casualty_table=CasualtyTable(("d16",), badly_hurt_max=6))
#: On the Ball's kick-off move (see ``kickoff_move`` below); bb2025 changes it.
ON_THE_BALL = KickoffMove("on_the_ball", los_barred=False)

BB2020 = Ruleset(
    name="bb2020",
    pitch=ELEVEN,
    family="bb2020",
    skills=BB2020_SKILLS,
    max_players=11,
    max_per_wide_zone=2,
    min_on_los=3,
    max_turn=8,
    fine_weather_name="perfect_conditions",
    # Catching: AG is the target; -1 on a kick-off, a bounce or a throw-in (rulings.md 3).
    agility="target",
    catch_modifier={"kickoff": -1, "bounce": -1, "throw_in": -1, "kicked": -1},
    kicker_required=True,
    kick_skill="halve",
    touchback_without_recipient="bounce",
    throw_in_offset=0,
    corner_rule=True,
    # Injury: 2-7 Stunned, 8-9 KO, 10+ Casualty; Stunty: 2-6, 7-8, 9+.
    injury=InjuryTable(stunned_max=7, ko_max=9, stunty_modifier=0,
                       stunty_stunned_max=6, stunty_ko_max=8),
    # Actions (bb2020 rulebook): AG is the target, no bonus to Dodge or pick-up; Pro 3+; AV is
    # the target of the armour roll; Rush 2+, -1 in a Blizzard. Dodge, Sure Feet and Pro only
    # during the player's own activation; any number of team re-rolls per team turn (the
    # ActionRules defaults). Claws: "a roll of 8+ before applying any modifiers" breaks armour
    # (claw_natural, the default; bb2025's "a natural 8+" is the same).
    actions=ActionRules(dodge_modifier=0, pickup_modifier=0, pro_target=3, armour_margin=0),
    kickoff_table={
        2: Event("get_the_ref", ev.get_the_ref),
        3: Event("time_out", ev.time_out),
        4: Event("solid_defence", ev.solid_defence),
        5: Event("high_kick", ev.high_kick),
        6: Event("cheering_fans", ev.cheering_fans),
        7: Event("brilliant_coaching", ev.brilliant_coaching),
        8: Event("changing_weather", ev.changing_weather),
        9: Event("quick_snap", ev.quick_snap),
        10: Event("blitz", ev.blitz),
        11: Event("officious_ref", ev.officious_ref),
        12: Event("pitch_invasion", ev.pitch_invasion),
    },
    time_out_turns=frozenset({6, 7, 8}),
    counts={"solid_defence": 3, "quick_snap": 3, "blitz": 3},
    # Blitz: the Open players each Move; one may Blitz, one Throw Team-mate; no team re-rolls
    # and no once-per-turn skills (published FAQ); a fall or Knock Down ends it (rulings.md 8).
    free_turns={"blitz": FreeTurnRules(team_rerolls=False, once_per_turn_skills_allowed=False,
                                       ends_on_fall=True,
                                       limits={"blitz": 1, "throw_team_mate": 1})},
    changing_weather_scatters=3,
    cheering_fans=Contest("d6", ("cheerleaders",), "higher", "nobody"),
    cheering_fans_effect="prayer",
    brilliant_coaching=Contest("d6", ("assistant_coaches",), "higher", "nobody"),
    brilliant_coaching_lasts="drive",
    prayer_die=16,
    prayer_die_fixed=False,
    officious_ref=Contest("d6", ("fan_factor",), "lower", "both"),
    pitch_invasion=Contest("d6", ("fan_factor",), "lower", "both"),
    # On the Ball: after the kick deviates, before the Kick-off event, "one Open player with
    # this skill on the receiving team may move up to 3 squares (regardless of their MA)";
    # the Line of Scrimmage is not barred (FUMBBL bars it). Sevens inherits it; bb2025 counts MA.
    kickoff_move=ON_THE_BALL,
    # Apothecary (Patching-up Knocked-out Players): "If the player was on the pitch when they
    # were Knocked-out ... they remain on the pitch and become Stunned"; Knocked-out in the
    # crowd: "place them directly into the Reserves box". bb2025 and Sevens inherit it.
    apothecary=APOTHECARY,
)
