"""The classic ruleset (seed 003: the LRB6 / Competition Rules Pack kick-off, adapted for online
play). Every rule here is cited in ``shared/spec/rulings.md``; this is the one place to find them."""

from __future__ import annotations

from kickoff.core import events as ev
from kickoff.core.pitch import ELEVEN
from kickoff.core.ruleset import (
    ActionRules,
    ApothecaryRules,
    BloodLustRules,
    CasualtyTable,
    Contest,
    DivingCatchRules,
    Event,
    FreeTurnRules,
    InjuryTable,
    KickoffMove,
    LeapRules,
    Ruleset,
    SideStepRules,
    ThrowRules,
)
from kickoff.core.skills import CLASSIC_SKILLS

CLASSIC = Ruleset(
    name="classic",
    pitch=ELEVEN,
    family="classic",
    skills=CLASSIC_SKILLS,
    max_players=11,
    max_per_wide_zone=2,
    min_on_los=3,
    max_turn=8,
    fine_weather_name="nice",
    # Catching: the Agility table, 7 - AG (rulings.md 3); no situation modifiers.
    agility="table",
    catch_modifier={"kickoff": 0, "bounce": 0, "throw_in": 0, "kicked": 0},
    # No kicker is needed; the Kick skill halves the D6 for an eligible kicker (rulings.md 2).
    kicker_required=False,
    kick_skill="halve",
    touchback_without_recipient="bounce",
    # Throw-ins: 2D6 squares from the start; a corner is treated as the end line (rulings.md 4).
    throw_in_offset=0,
    corner_rule=False,
    # The classic option of a throw-in by the Random Direction template (rulings.md 4).
    d8_throw_in=True,
    # Injury: 2-7 Stunned, 8-9 KO, 10-12 Casualty; Stunty +1 to the roll.
    injury=InjuryTable(stunned_max=7, ko_max=9, stunty_modifier=1,
                       stunty_stunned_max=7, stunty_ko_max=9),
    # Actions (LRB6 / CRP): Agility table with +1 to Dodge and to pick-up; Pro 4+; armour
    # broken when 2D6 beats AV; GFI 2+ (a Blizzard fails it on 1-2).
    actions=ActionRules(dodge_modifier=1, pickup_modifier=1, pro_target=4, armour_margin=1,
                        defender_mighty_blow=True,
                        # LRB6 Side Step (classic spelling); Grab cancels it on a Blitz too.
                        side_step=SideStepRules("side_step"),
                        # LRB6 Claw: "any armour roll of 8 or more after modifications
                        # automatically breaks armour": Mighty Blow may take a 7 to 8.
                        claw_natural=False,
                        # Pro re-rolls "any one dice roll he makes", in any turn (rulings.md
                        # 3: a kick-off catch too); one team re-roll per team turn (LRB6).
                        activation_skills=frozenset(), team_rerolls_per_turn=1,
                        # Throw Team-Mate: a pass roll at -1 (Quick +1 - 1, Short 0 - 1); 1 or
                        # less is a fumble: he lands in his own square; otherwise he scatters
                        # three times from the target; the landing roll has no modifier.
                        throw=ThrowRules("agility", "fumble", False,
                                         {"superb": 0, "subpar": 0, "fumble": 0},
                                         strong_arm=frozenset({"short"}),
                                         skill_reroll="pass", straight_kick=True),
                        # LRB6 Leap: "any empty square within 2 squares", "No modifiers apply
                        # to this D6 roll unless he has Very Long Legs" (+1), once per turn.
                        leap=LeapRules(reach=frozenset({1, 2}), marked=False,
                                       very_long_legs="bonus"),
                        # LRB6 Foul Appearance: rolled when he blocks; a 1 wastes the block
                        foul_appearance_at="block",
                        # LRB6 Tentacles: the mover's 2D6 + ST - ST, 5 or less is held
                        tentacles="escape_2d6",
                        # LRB6 Shadowing: the mover's 2D6 + MA - MA, 7 or less is followed
                        shadowing="escape_2d6",
                        # LRB6 Blood Lust: 2+, no modifier; "choose one to bite"; unfed, to
                        # the reserves box
                        blood_lust=BloodLustRules("blood_lust", 2, fixed=True, blitz_bonus=0,
                                                  may_decline=False, unfed="reserves")),
    # Seed 003, Table: Kick-Off.
    kickoff_table={
        2: Event("get_the_ref", ev.get_the_ref),
        3: Event("riot", ev.riot),
        4: Event("perfect_defence", ev.perfect_defence),
        5: Event("high_kick", ev.high_kick),
        6: Event("cheering_fans", ev.cheering_fans),
        7: Event("changing_weather", ev.changing_weather),
        8: Event("brilliant_coaching", ev.brilliant_coaching),
        9: Event("quick_snap", ev.quick_snap),
        10: Event("blitz", ev.blitz),
        11: Event("throw_a_rock", ev.throw_a_rock),
        12: Event("pitch_invasion", ev.pitch_invasion_classic),
    },
    time_out_turns=frozenset(),
    counts={},  # Quick Snap and Blitz! have no count die in classic
    # Seed 003, Blitz!: a free team turn; team re-rolls and skills as in a normal turn; one
    # Blitz and one Pass action (Throw Team-Mate is a Pass action); a turnover ends it.
    free_turns={"blitz": FreeTurnRules(team_rerolls=True, once_per_turn_skills_allowed=True,
                                       ends_on_fall=False,
                                       limits={"blitz": 1, "throw_team_mate": 1},
                                       gaze=True, bombs=True,
                                       # FUMBBL's bb2016 Kick Team-Mate: "When a player with
                                       # this skill makes a Blitz Action" (the turn's Blitz)
                                       counts_as={"kick_team_mate": "blitz"})},
    changing_weather_scatters=1,
    cheering_fans=Contest("d3", ("fame", "cheerleaders"), "higher", "both"),
    cheering_fans_effect="reroll_half",
    brilliant_coaching=Contest("d3", ("fame", "assistant_coaches"), "higher", "both"),
    brilliant_coaching_lasts="half",
    prayer_die=16,
    prayer_die_fixed=False,
    throw_a_rock=Contest("d6", ("fame",), "higher", "both"),
    # LRB6 Kick-Off Return: a receiving player "not on the Line of Scrimmage or in an opposing
    # tackle zone" moves up to 3 squares after the scatter, before the Kick-Off table roll.
    kickoff_move=KickoffMove("kick_off_return", los_barred=True),
    # LRB6, Diving Catch: "... that would land in an empty square in one of his tackle zones
    # ... A failed catch will bounce from the Diving Catch player's square. If there are two
    # or more players attempting to use this skill then they get in each other's way and
    # neither can use it."
    diving_catch=DivingCatchRules(empty_square=True, one_at_most=True, bounce_from_catcher=True),
    # Apothecary (LRB6, as FUMBBL plays it): a player Knocked Out on the pitch stays there
    # Stunned; one Knocked Out off the pitch (the crowd) goes to the Reserves.
    apothecary=ApothecaryRules(knocked_out_on_pitch="stunned", knocked_out_off_pitch="reserves",
                               # LRB6 Casualty table, D68: 11-38 Badly Hurt (the D6 1-3).
                               casualty_table=CasualtyTable(("d6", "d8"), badly_hurt_max=3)),
)
