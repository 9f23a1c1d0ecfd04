"""Skill and trait names each ruleset knows, in lowercase snake_case.

Scenario files name skills this way (``nerves_of_steel``, ``ball_and_chain``); a value such as
Loner's 4+ or Mighty Blow's +1 is not written. An unknown name is an error, never ignored.

Sources: the classic skill list (LRB6 / Competition Rules Pack), the Blood Bowl 2020 (Second
Season) skills and traits, the third-season (2025) additions; ``pooch_kick`` comes with the
Kick It! house rule (seed 000).
"""

from __future__ import annotations

import difflib

_COMMON = """
accurate always_hungry animosity ball_and_chain big_hand block blood_lust bombardier bone_head
break_tackle catch claws dauntless decay dirty_player disturbing_presence diving_catch
diving_tackle dodge dump_off extra_arms fan_favourite fend foul_appearance frenzy grab guard
hail_mary_pass horns hypnotic_gaze juggernaut jump_up kick kick_team_mate leader leap loner
mighty_blow multiple_block nerves_of_steel no_hands nurgles_rot pass pass_block pile_driver
plague_ridden prehensile_tail pro really_stupid regeneration right_stuff safe_throw secret_weapon shadowing
side_step sneaky_git sprint stab stand_firm strip_ball strong_arm stunty sure_feet sure_hands
tackle take_root tentacles thick_skull throw_team_mate titchy two_heads very_long_legs wild_animal
wrestle
"""

_CLASSIC_ONLY = """
chainsaw kick_off_return piling_on safe_throw fanatic weeping_dagger
monstrous_mouth
"""

_BB2020_ONLY = """
animal_savagery arm_bar brawler breathe_fire cannoneer cloud_burster defensive drunkard
fumblerooski iron_hard_skin monstrous_mouth my_ball on_the_ball pick_me_up pogo_stick
projectile_vomit running_pass safe_pair_of_hands safe_pass swarming swoop timmm_ber trickster
unchannelled_fury hit_and_run lone_fouler hatred chainsaw kick_team_mate plague_ridden
"""

_BB2025_ONLY = """
bullseye eye_gouge give_and_go hate insignificant punt put_the_boot_in quick_foul saboteur
steady_footing taunt provocation violent_innovator bloodlust fury_of_the_blood_god
no_ball
"""

#: Skills brought by house rules, known whichever ruleset they are played with.
HOUSE_RULE_SKILLS: dict[str, frozenset[str]] = {"kick_it": frozenset({"pooch_kick"})}


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


CLASSIC_SKILLS: frozenset[str] = _names(_COMMON) | _names(_CLASSIC_ONLY)
BB2020_SKILLS: frozenset[str] = _names(_COMMON) | _names(_BB2020_ONLY)
BB2025_SKILLS: frozenset[str] = BB2020_SKILLS | _names(_BB2025_ONLY)


def skill_hint(name: str, known: frozenset[str]) -> str:
    """A hint for a misspelt skill: its snake_case form or the nearest known names."""
    snake = name.strip().lower().replace(" ", "_").replace("-", "_").replace("&", "and")
    if snake != name and snake in known:
        return f" (skills are written in snake_case: {snake!r})"
    close = difflib.get_close_matches(snake, sorted(known), n=2)
    return f" (did you mean {' or '.join(close)}?)" if close else ""
