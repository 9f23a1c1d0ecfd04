"""FUMBBL's names and numbers, as the scenario format names them: its D8, rules versions, weather,
kick-off results, skills and player states (christerk/ffb ``model/PlayerState``, ``Direction``).

FUMBBL numbers its D8 clockwise from north (1 N, 2 NE, ... 8 NW); scenarios use the Random
Direction template's numbering (``pitch-and-dice.md``): :data:`FUMBBL_D8` translates.
"""

from __future__ import annotations

from kickoff.core.skills import RESPELLINGS

# --------------------------------------------------------------------------- dice translation

#: FUMBBL's D8 (clockwise from north) -> the Random Direction template's number.
FUMBBL_D8: dict[int, int] = {1: 2, 2: 3, 3: 5, 4: 8, 5: 7, 6: 6, 7: 4, 8: 1}

#: FUMBBL's direction names -> FUMBBL's D8 number.
FUMBBL_DIRECTIONS: dict[str, int] = {
    "North": 1, "Northeast": 2, "East": 3, "Southeast": 4,
    "South": 5, "Southwest": 6, "West": 7, "Northwest": 8,
}


def translate_d8(fumbbl_roll: int) -> int:
    """FUMBBL's D8 value (1 N, 2 NE, ... 8 NW) as the template's number (``pitch-and-dice.md``).

    Raises ``ValueError`` for a value outside 1..8.
    """
    try:
        return FUMBBL_D8[fumbbl_roll]
    except KeyError:
        raise ValueError(f"{fumbbl_roll} is not a D8 value") from None


# --------------------------------------------------------------------------- names

#: FUMBBL ``rulesVersion`` game option -> our ruleset.
RULES_VERSIONS: dict[str, str] = {"BB2016": "classic", "BB2020": "bb2020", "BB2025": "bb2025"}

#: FUMBBL weather names -> ours.
WEATHERS: dict[str, str] = {
    "Sweltering Heat": "sweltering_heat", "Very Sunny": "very_sunny", "Nice Weather": "nice",
    "Nice": "nice", "Perfect Conditions": "nice", "Pouring Rain": "pouring_rain",
    "Blizzard": "blizzard",
}

#: FUMBBL kick-off result names -> our event names.
EVENTS: dict[str, str] = {
    "Get the Ref": "get_the_ref", "Riot": "riot", "Time-out": "time_out", "Timeout": "time_out",
    "Perfect Defence": "perfect_defence", "Solid Defence": "solid_defence",
    "High Kick": "high_kick", "Cheering Fans": "cheering_fans",
    "Changing Weather": "changing_weather", "Weather Change": "changing_weather",
    "Brilliant Coaching": "brilliant_coaching", "Quick Snap": "quick_snap",
    "Quick Snap!": "quick_snap", "Blitz": "blitz", "Blitz!": "blitz", "Charge!": "charge",
    "Charge": "charge", "Throw a Rock": "throw_a_rock", "Officious Ref": "officious_ref",
    "Dodgy Snack": "dodgy_snack", "Pitch Invasion": "pitch_invasion",
}

#: FUMBBL turn modes of the Blitz! / Charge! free turn (and its sub-modes), during the kick-off.
FREE_TURN_MODES: frozenset[str] = frozenset({
    "blitz", "bombHomeBlitz", "bombAwayBlitz", "selectBlitzTarget", "selectGazeTarget",
    "passBlock", "dumpOff", "interception", "hitAndRun", "bombHome", "bombAway",
    "placeCarriedPlayer", "selectBlockKind"})

#: Our rulesets whose FUMBBL rules version rolls the corner throw-in's D3 (its bb2025 does; its
#: bb2020 has no corner rule, christerk/ffb ``mechanics/bb2020/ThrowInMechanic``).
FUMBBL_CORNER_RULE: frozenset[str] = frozenset({"bb2025"})

#: Prayers to Nuffle whose player is random (a ``pick``): (the skill or effect a candidate must
#: lack, whether it is a skill, whether Loner bars him), as ``core/events.py`` applies them.
PRAYER_RANDOM: dict[str, tuple[str, bool, bool]] = {
    "stiletto": ("stab", True, True), "bad_habits": ("loner", True, True),
    "greasy_cleats": ("greasy_cleats", False, False),
    "intensive_training": ("intensive_training", False, True),
}

#: The random prayers whose player is an opponent of the praying team (``rulings.md`` 6).
OPPONENT_PRAYERS: frozenset[str] = frozenset({"bad_habits", "greasy_cleats"})

#: bb2020's Prayers to Nuffle (christerk/ffb ``inducement/bb2020/Prayer``), as FUMBBL writes them:
#: its display name (``inducementSetAddPrayer``: the team's prayers in effect) and its constant's
#: name (``fieldModelAddPrayer``: a prayer's effect on a player) -> our name (``rulings.md`` 6).
_PRAYER_NAMES: dict[str, str] = {
    "Treacherous Trapdoor": "trapdoor", "Friends with the Ref": "friends_with_the_ref",
    "Stiletto": "stiletto", "Iron Man": "iron_man", "Knuckle Dusters": "knuckle_dusters",
    "Bad Habits": "bad_habits", "Greasy Cleats": "greasy_cleats",
    "Blessed Statue of Nuffle": "blessed_statue", "Moles under the Pitch": "moles",
    "Perfect Passing": "perfect_passing", "Fan Interaction": "fan_interaction",
    "Necessary Violence": "necessary_violence", "Fouling Frenzy": "fouling_frenzy",
    "Throw a Rock": "throw_a_rock", "Under Scrutiny": "under_scrutiny",
    "Intensive Training": "intensive_training",
}
FUMBBL_PRAYERS: dict[str, str] = _PRAYER_NAMES | {
    display.upper().replace(" ", "_"): ours for display, ours in _PRAYER_NAMES.items()}

#: A prayer's effect on a player, as the engine applies it (``rulings.md`` 6): a skill gained, or
#: a characteristic changed (``ma`` -1, no lower than 1; ``av`` +1, no better than 11).
PRAYER_PLAYER_EFFECTS: dict[str, tuple[str, int]] = {
    "stiletto": ("stab", 0), "knuckle_dusters": ("mighty_blow", 0), "bad_habits": ("loner", 0),
    "blessed_statue": ("pro", 0), "greasy_cleats": ("ma", -1), "iron_man": ("av", 1),
}

#: Special Play cards on a player (FUMBBL's ``fieldModelAddCard``: its name) that change him for
#: the kick-off, as skills gained and an MA change (christerk/ffb ``inducement/bb2016/Cards``):
#: Kicking Boots, "Kick, Dirty Player & -1 MA" until the end of the game, played before the kick.
CARD_PLAYER_EFFECTS: dict[str, tuple[tuple[str, ...], int]] = {
    "Kicking Boots": (("kick", "dirty_player"), -1),
}

#: Prayers to Nuffle whose player the coach chooses (``decisions.prayer.player``).
PRAYER_CHOSEN: frozenset[str] = frozenset({"iron_man", "knuckle_dusters", "blessed_statue"})


#: Inducements that count on the Kick-off table (bb2020 / bb2025 Temp Agency Cheerleaders and
#: Part-time Assistant Coaches, christerk/ffb ``inducement/bb2020/InducementCollection``, usages
#: ADD_CHEERLEADER and ADD_COACH): added to the team's cheerleaders and assistant coaches.
TABLE_INDUCEMENTS: frozenset[str] = frozenset({"tempCheerleader", "partTimeCoach"})

#: Our rulesets whose FUMBBL rules version takes 1 from the Brilliant Coaching roll of a team whose
#: head coach was sent off for arguing the call (its bb2016 and bb2020 steps do, its bb2025 not).
BANNED_COACH_RULES: frozenset[str] = frozenset({"classic", "bb2020"})

#: The day FUMBBL's classic code first took 1 from a banned head coach's Brilliant Coaching roll
#: (christerk/ffb a0c31274c, 2019-01-02, "Apply -1 modifier if head coach is banned"): a classic
#: game started before it had no such modifier.
BANNED_COACH_SINCE = "2019-01-02"

#: FUMBBL's stat increases, listed among the skills: the characteristics already include them.
STAT_INCREASES: frozenset[str] = frozenset({"+MA", "+ST", "+AG", "+PA", "+AV"})


def skill_name(fumbbl: str, known: frozenset[str]) -> str:
    """Our snake_case name for the FUMBBL skill ``fumbbl`` (``"Throw Team-Mate"`` ->
    ``"throw_team_mate"``), checked against ``known`` (the ruleset's skills). Where FUMBBL spells
    a skill as another edition does (its bb2020 ``Side Step``), the edition's own spelling of the
    same skill (``sidestep``, :data:`~kickoff.core.skills.RESPELLINGS`) is returned.

    Raises ``KeyError`` (with the FUMBBL name) when there is no such skill in ``known``.
    """
    base = fumbbl.split("(")[0].strip().lower()
    snake = (base.replace("&", " and ").replace("'", "").replace("!", "")
             .replace("-", " ").replace("/", " "))
    snake = "_".join(snake.split())
    if snake in known:
        return snake
    for pair in RESPELLINGS:
        if snake in pair:
            for name in pair:
                if name in known:
                    return name
    raise KeyError(fumbbl)


# FUMBBL player states (christerk/ffb ``model/PlayerState``): the low byte is the base state;
# higher bits are flags (active, ...).
STANDING, MOVING, PRONE, STUNNED, KNOCKED_OUT = 1, 2, 3, 4, 5
BADLY_HURT, SERIOUS_INJURY, RIP, RESERVE, MISSING = 6, 7, 8, 9, 10
BANNED, EXHAUSTED = 13, 14

_OFF_PITCH_STATUS: dict[int, str] = {
    RESERVE: "reserves", KNOCKED_OUT: "knocked_out", BADLY_HURT: "casualty", SERIOUS_INJURY: "casualty",
    RIP: "casualty", MISSING: "casualty", BANNED: "sent_off", EXHAUSTED: "knocked_out",
}


def player_status(square: tuple[int, int] | None, state: int) -> str:
    """Our status for a FUMBBL player state (base = low byte) on or off the pitch."""
    base = state & 0xFF
    if square is not None:
        return {PRONE: "prone", STUNNED: "stunned"}.get(base, "standing")
    return _OFF_PITCH_STATUS.get(base, "reserves")

