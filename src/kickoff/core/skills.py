"""Skill and trait names each ruleset knows, in lowercase snake_case, each edition's own spelling.

Scenario files name skills this way (``nerves_of_steel``, ``ball_and_chain``); a value such as
Loner's 4+ or Mighty Blow's +1 is not written. An unknown name is an error, never ignored; a name
another edition spells differently (classic ``side_step``, bb2020 ``sidestep``) is refused too and
only offered as a hint (:func:`skill_hint`).

The lists hold every skill, trait and special rule of the edition, star players' special rules
included, so that real rosters read (most have no effect on the kick-off; the engine acts on the
few that do). Sources: the classic skill list (LRB6 / Competition Rules Pack), the Blood Bowl 2020
(Second Season) skills and traits, the third-season (2025) skills and traits, and FUMBBL's skill
classes of each rules version (christerk/ffb, ``ffb-common/.../skill/{common,mixed,bb2016,bb2020,
bb2025}``: the ``@RulesCollection`` of each class) for the star players' special rules;
``pooch_kick`` comes with the Kick It! house rule (seed 000). Stat increases (``+MA``, ...) are not
skills: a roster's characteristics already include them.
"""

from __future__ import annotations

import difflib

from kickoff.core.ruleset import KICK_IT, HouseRule

# Spelt the same in every edition.
_COMMON = """
accurate always_hungry animosity ball_and_chain big_hand block bombardier bone_head break_tackle
catch chainsaw dauntless decay dirty_player disturbing_presence diving_catch diving_tackle dodge
dump_off extra_arms fend foul_appearance frenzy grab guard hail_mary_pass horns hypnotic_gaze
juggernaut jump_up kick kick_team_mate leader leap loner mighty_blow monstrous_mouth multiple_block
nerves_of_steel no_hands pass pass_block prehensile_tail pro really_stupid regeneration right_stuff
secret_weapon shadowing sneaky_git sprint stab stand_firm strip_ball strong_arm stunty sure_feet
sure_hands swoop tackle take_root tentacles thick_skull throw_team_mate timmm_ber titchy two_heads
very_long_legs wrestle
"""

# LRB6 / CRP (FUMBBL's BB2016 rules): the classic spellings and the classic-only skills.
_CLASSIC_ONLY = """
blood_lust claw disposable fan_favourite kick_off_return nurgles_rot piling_on safe_throw
side_step stakes swarming weeping_dagger wild_animal
"""

# Blood Bowl 2020 (and FUMBBL's BB2020 star players' special rules); most carry on into 2025.
_BB2020_AND_BB2025 = """
a_sneaky_pair all_you_can_eat animal_savagery arm_bar baleful_hex beer_barrel_bash black_ink
blast_it blind_rage bloodlust bounding_leap brawler breathe_fire bugmans_xxxxxx cannoneer
catch_of_the_day claws cloud_burster crushing_blow defensive drunkard frenzied_rush
furious_outburst fury_of_the_blood_god gored_by_the_bull halfling_luck hatred hit_and_run
ill_be_back incorporeal indomitable iron_hard_skin kaboom keen_player kick_em_while_theyre_down
lone_fouler look_into_my_eyes lord_of_chaos master_assassin maximum_carnage my_ball old_pro
on_the_ball pick_me_up pile_driver plague_ridden primal_savagery projectile_vomit
pump_up_the_crowd putrid_regurgitation quick_bite raiding_party ram reliable safe_pair_of_hands
safe_pass savage_blow savage_mauling shot_to_nothing sidestep slayer sneakiest_of_the_lot
star_of_the_show strong_passing_game swift_as_the_breeze tasty_morsel the_ballista
the_flashing_blade thinking_mans_troll toxin_connoisseur treacherous trickster unchannelled_fury
unstoppable_momentum vicious_vines watch_out whirling_dervish wisdom_of_the_white_dwarf yoink
"""

# Blood Bowl 2020 only: dropped or respelt in 2025.
_BB2020_ONLY = """
brutal_block burst_of_speed consummate_professional dwarfen_scourge fumblerooskie ghostly_flames
mesmerizing_dance piling_on pogo_stick running_pass swarming two_for_one
"""

# The third season (2025): new skills and the new spellings.
_BB2025_ONLY = """
bullseye dwarfen_grit dwarven_scourge eye_gouge fumblerooski give_and_go ill_carry_you insignificant
krump_and_smash lethal_flight mesmerising_dance no_ball pogo provocation punt put_the_boot_in
quick_foul saboteur slashing_nails steady_footing taunt team_captain unsteady violent_innovator
woodland_fury working_in_tandem
"""

#: Skills brought by house rules, known whichever ruleset they are played with.
HOUSE_RULE_SKILLS: dict[HouseRule, frozenset[str]] = {KICK_IT: frozenset({"pooch_kick"})}

#: One skill spelt differently by two editions (LRB6 / 2020 / 2025): each is only a hint in the
#: other edition.
RESPELLINGS: tuple[frozenset[str], ...] = tuple(frozenset(p) for p in (
    ("side_step", "sidestep"), ("claw", "claws"), ("blood_lust", "bloodlust"),
    ("fumblerooskie", "fumblerooski"), ("pogo_stick", "pogo"),
    ("mesmerizing_dance", "mesmerising_dance"), ("dwarfen_scourge", "dwarven_scourge"),
))


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


CLASSIC_SKILLS: frozenset[str] = _names(_COMMON) | _names(_CLASSIC_ONLY)
BB2020_SKILLS: frozenset[str] = _names(_COMMON) | _names(_BB2020_AND_BB2025) | _names(_BB2020_ONLY)
BB2025_SKILLS: frozenset[str] = (_names(_COMMON) | _names(_BB2020_AND_BB2025)
                                 | _names(_BB2025_ONLY))


def skill_hint(name: str, known: frozenset[str]) -> str:
    """A hint for a misspelt skill: its snake_case form, the edition's own spelling of a skill
    another edition spells differently (``side_step`` -> ``sidestep`` in bb2020), or the nearest
    known names; ``""`` when there is none."""
    snake = name.strip().lower().replace(" ", "_").replace("-", "_").replace("&", "and")
    if snake != name and snake in known:
        return f" (skills are written in snake_case: {snake!r})"
    for pair in RESPELLINGS:
        if snake in pair:
            ours = [n for n in pair if n != snake and n in known]
            if ours:
                return f" (did you mean {ours[0]}? {snake} is another edition's spelling)"
    close = difflib.get_close_matches(snake, sorted(known), n=2)
    return f" (did you mean {' or '.join(close)}?)" if close else ""
