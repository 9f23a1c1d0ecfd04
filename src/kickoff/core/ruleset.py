"""The shape of a ruleset: every rule that differs between editions, as typed data.

Each edition is one module (``classic``, ``bb2020``, ``bb2025``, ``sevens``) holding one
:class:`Ruleset`; a later edition is built from an earlier one with :func:`dataclasses.replace`,
overriding only what changed (``bb2025`` and ``sevens`` from ``bb2020``). The kick-off procedure and
the event handlers read these fields; they never test a ruleset's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from kickoff.core.dice import DieKind
from kickoff.core.pitch import Pitch

if TYPE_CHECKING:
    from kickoff.core.context import KickoffContext

#: A kick-off event handler: resolves the event on the context (state, dice, decisions).
EventHandler = Callable[["KickoffContext"], None]

CatchKind = Literal["kickoff", "bounce", "throw_in", "kicked"]
TeamStat = Literal["fame", "cheerleaders", "assistant_coaches", "fan_factor"]
#: A house rule, playable on top of any ruleset (a scenario's ``house_rules``): Kick It!
#: (``docs/rulings.md``). A kick-off's house rules are a ``frozenset[HouseRule]``.
HouseRule = Literal["kick_it"]
#: Kick It!, the house rule's one spelling.
KICK_IT: Final[HouseRule] = "kick_it"
#: The team lists a ruleset plays with (``data/teams/<family>/``): bb2025 uses bb2020's.
Family = Literal["classic", "bb2020", "sevens"]


#: The name of a Kick-off table result, in every edition (its table maps 2D6 totals to them).
EventName = Literal[
    "get_the_ref", "riot", "time_out", "perfect_defence", "solid_defence", "high_kick",
    "cheering_fans", "changing_weather", "brilliant_coaching", "quick_snap", "blitz", "charge",
    "throw_a_rock", "officious_ref", "dodgy_snack", "pitch_invasion",
]


@dataclass(frozen=True)
class Event:
    """One entry of a Kick-off table: the result ``name`` used in output and its handler."""

    name: EventName
    handler: EventHandler


@dataclass(frozen=True)
class Contest:
    """Both coaches roll ``die`` and add the team values in ``bonus`` (kicking coach first).

    ``winner`` says which total the event favours or hits; ``tie`` whether a tie affects both
    teams or nobody.
    """

    die: DieKind
    bonus: tuple[TeamStat, ...]
    winner: Literal["higher", "lower"]
    tie: Literal["both", "nobody"]


@dataclass(frozen=True)
class InjuryTable:
    """Injury roll (2D6, no armour roll during a kick-off): the highest totals that give
    Stunned and Knocked Out (above: Casualty), and the Stunty modifier or table."""

    stunned_max: int = 7
    ko_max: int = 9
    stunty_modifier: int = 0
    stunty_stunned_max: int = 7
    stunty_ko_max: int = 9


ThrowResult = Literal["superb", "subpar", "terrible", "fumble"]


@dataclass(frozen=True)
class ThrowRules:
    """Throw Team-mate (and bb2025 Kick Team-mate), at the level the free turns need
    (``docs/actions.md``). Only Quick and Short throws; the thrown player lands after three
    one-square scatters from the target square (superb and subpar throws alike)."""

    #: The thrower's test: the classic Agility table ("agility") or the PA target ("passing").
    test: Literal["agility", "passing"]
    #: What a roll that fails with a modified result of 1 or less gives (a natural 1 is always
    #: a fumble): classic "fumble", bb2020 "terrible" (deviates D8 + D6 from the thrown
    #: player's square), bb2025 "subpar".
    low_result: ThrowResult
    #: A fumbled team-mate: lands in his own square (classic, False) or scatters once from it.
    fumble_scatters: bool
    #: Added to the landing roll after each kind of throw.
    landing_modifier: Mapping[ThrowResult, int]
    #: Added to the throw by range (classic: Quick +1, Short 0, and -1 for throwing a player).
    range_modifier: Mapping[str, int] = field(default_factory=lambda: {"quick": 0, "short": -1})
    #: The ranges at which Strong Arm adds +1 to a throw (never to a Kick Team-mate): classic
    #: LRB6 "when he passes to Short, Long or Long Bomb range" (a team-mate goes no further than
    #: Short); bb2020 / bb2025 to any Throw Team-mate (FUMBBL's ``skill/mixed/StrongArm``:
    #: ``isTtm``; bb2016's: not a Quick Pass).
    strong_arm: frozenset[str] = frozenset({"quick", "short"})
    #: The thrower's skill that may re-roll a throw that is not superb (else Pro): classic
    #: "pass", the throw being a Pass action (LRB6 Throw Team-Mate: "worked out exactly the same
    #: as if ... passing a ball"; Pass: "may re-roll the D6 if he throws an inaccurate pass or
    #: fumbles"); bb2020 / bb2025 none, the Pass skill re-rolling a test "when performing a Pass
    #: action" and the throw being a Throw Team-mate action of its own (FUMBBL's Pass skill is a
    #: re-roll source of ``ReRolledActions.PASS`` only, never of ``THROW_TEAM_MATE``).
    skill_reroll: str | None = None
    #: Kick Team-mate is classic's (FUMBBL's bb2016 skill: a Blitz's kick of one or two D6 in a
    #: straight line, ``kickoff.core.actions.kick_team_mate``), not bb2025's throw-like kick.
    straight_kick: bool = False


@dataclass(frozen=True)
class SideStepRules:
    """Side Step (classic) / Sidestep (bb2020+): the pushed player's coach chooses the square he
    is pushed into, any unoccupied square adjacent to him on the pitch (not only the three
    push-back squares; never the crowd). Not when no such square is empty, nor when the pushed
    player is not Standing (FUMBBL: "isProneOrStunned"; a Prone player pushed on in a chain
    push uses no skill). docs/rulings.md, "Side Step"."""

    #: The skill's name in the edition's spelling.
    skill: str
    #: Skills of the player performing the Block that cancel it on a Blitz: LRB6 Grab "When
    #: making a Block or Blitz Action, Grab and Side Step will cancel each other out"; bb2020
    #: Grab likewise; bb2025: not on a Blitz (FUMBBL's option ``grabCancelsSidestepDuringBlitz``,
    #: off by default: "Grab cannot be used during Blitz actions").
    cancelled_on_blitz_by: frozenset[str] = frozenset({"grab"})
    #: The pushed player must have his tackle zone (bb2025 Sidestep, FUMBBL ``hasTacklezones``:
    #: not after a failed Bone-head); classic / bb2020: Standing is enough.
    needs_tackle_zone: bool = False


@dataclass(frozen=True)
class CasualtyTable:
    """The Casualty table an apothecary's second roll is made on (classic, bb2020, bb2025):
    only whether a result is Badly Hurt matters to the kick-off (a player patched up to Badly
    Hurt goes to the Reserves; every other result leaves him a Casualty).

    ``dice``: the dice of one roll (classic D68: a D6 for the tens, a D8 for the units;
    bb2020 / bb2025: a D16); ``badly_hurt_max``: the highest value of the first die that is
    Badly Hurt (classic 3, results 11-38; bb2020 6, 1-6; bb2025 8, 1-8: christerk/ffb
    ``mechanic/*/RollMechanic.mapCasualtyRoll``)."""

    dice: tuple[DieKind, ...]
    badly_hurt_max: int


@dataclass(frozen=True)
class BloodLustRules:
    """Blood Lust / Bloodlust: the D6 a player with the skill rolls after declaring his action,
    and what a failure costs at its end (``kickoff.core.actions.blood_lust``; issue 25).

    ``skill``: the edition's name; ``target``: the D6 needed when the player's ``skill_values``
    give none (classic LRB6 "On a 2+", fixed; bb2020 / bb2025 Bloodlust (X+): the Vampires' 2+);
    ``fixed``: the target ignores ``skill_values`` (classic); ``blitz_bonus``: added to the roll
    for a declared Blitz (bb2020 / bb2025 "adding 1 to the roll if they declared a Block action
    or a Blitz action"; classic none); ``may_decline``: the coach may choose not to bite (bb2020
    / bb2025 "may bite"; classic "must feed ... choose one to bite"); ``unfed``: what a failure
    to bite does to the player besides the turnover: ``"reserves"`` (classic "move the Vampire
    to the reserves box") or ``"distracted"`` (bb2020 "lose their Tackle Zone until they are
    next activated", bb2025 Distracted)."""

    skill: str = "bloodlust"
    target: int = 2
    fixed: bool = False
    blitz_bonus: int = 1
    may_decline: bool = True
    unfed: Literal["reserves", "distracted"] = "distracted"


@dataclass(frozen=True)
class LeapRules:
    """Leap: a player with the skill moves to a square two away (or, classic, any square within
    two) with an agility test instead of a Dodge; the leap costs two squares of movement (a Rush
    for each beyond MA, rolled first) and a failure is a fall in the square leapt to
    (``docs/actions.md``, "Leap"; issue 25).

    classic (LRB6 Leap): "any empty square within 2 squares", the Agility table with "no
    modifiers ... unless he has Very Long Legs" (+1), "only use the Leap skill once per turn";
    bb2020 (Leap over "any single square", so exactly two away): AG test at minus the players
    Marking the square left or the one entered, whichever is more, each of Leap and Very Long
    Legs reducing that by 1 "to a minimum of -1"; bb2025: the same but Very Long Legs is a plain
    +1, and the Leap may be used at every step (FUMBBL's ``JumpMechanic`` of each version)."""

    #: Chebyshev distances a Leap may cover (classic 1 and 2, bb2020+ exactly 2).
    reach: frozenset[int] = frozenset({2})
    #: The test counts the players Marking the square left or entered (the larger count).
    marked: bool = True
    #: Very Long Legs: ``"bonus"`` a plain +1 (classic, bb2025), ``"reduce"`` one less negative
    #: modifier to a minimum of -1 (bb2020), as Leap's own reduction.
    very_long_legs: Literal["bonus", "reduce"] = "reduce"
    #: At most one Leap per activation (classic "once per turn", bb2020 as FUMBBL marks it
    #: used); ``False``: any number (bb2025, FUMBBL's ``canStillJump``).
    once: bool = True


@dataclass(frozen=True)
class ActionRules:
    """Move, Dodge, Rush, pick-up, Block, armour: what differs between editions (``rulings.md``
    section 8; ``docs/actions.md`` gives the sources). Targets are D6 results to reach after
    modifiers; agility tests use :meth:`Ruleset.agility_target`."""

    #: Dodge: added to the roll (classic: +1 on the Agility table; bb2020+: none).
    dodge_modifier: int
    #: Picking up the ball: added to the roll (classic: +1; bb2020+: none).
    pickup_modifier: int
    #: Pro's own D6 must reach this before its re-roll (classic 4+, bb2020+ 3+).
    pro_target: int
    #: Armour is broken when 2D6 (+ modifiers) >= AV + ``armour_margin`` (classic: the roll must
    #: beat AV, margin 1; bb2020+: AV is the target, margin 0).
    armour_margin: int
    #: A Rush (GFI) succeeds on this D6 result (2+).
    rush_target: int = 2
    #: Added to a Rush in a Blizzard (classic "fails on 1-2" is the same as -1 to a 2+ roll).
    blizzard_rush_modifier: int = -1
    #: Rushes allowed after MA (Sprint adds one).
    rushes: int = 2
    #: Skills usable once per (team) turn, the one list of them; a turn says whether they may be
    #: used at all (``Turn.once_per_turn_skills_allowed``: not in bb2020 / Sevens Blitz,
    #: rulings.md 8).
    once_per_turn_skills: frozenset[str] = frozenset({"dodge", "sure_feet", "pro"})
    #: Skills a player may use only during his own activation, never on a roll made outside it
    #: (a team-mate's catch of a kicked ball, a kick-off catch, a Pass Block move). bb2020 /
    #: Sevens (Second Season, Skills): Dodge, Sure Feet and Pro ("Once per team turn, during
    #: their activation"; Pro: "During this player's activation"); classic: none (LRB6 Pro:
    #: "any one dice roll he makes", a kick-off catch included: rulings.md 3).
    activation_skills: frozenset[str] = frozenset({"dodge", "sure_feet", "pro"})
    #: Team re-rolls a team may use in one team turn; ``None``: any number. classic: 1 (LRB6, "A
    #: coach may not use more than one re-roll counter per team turn"); bb2020 / Sevens: any
    #: (Designer's Commentary p.24: "Can a team use more than one team re-roll in the same team
    #: turn? Yes."); bb2025: any ("as many Team Re-rolls as they want during their turn").
    team_rerolls_per_turn: int | None = None
    #: Mighty Blow's bonus to the armour or the injury roll.
    mighty_blow: int = 1
    #: Throw Team-mate / Kick Team-mate.
    throw: ThrowRules = ThrowRules("passing", "terrible", True,
                                   {"superb": 0, "subpar": -1, "terrible": -1, "fumble": -1})
    #: Mighty Blow also counts for a defender who knocks the attacker down (classic: "when an
    #: opponent is Knocked Down by this player during a block"); bb2020+: only the player
    #: performing the Block ("as the result of a Block action performed by this player").
    defender_mighty_blow: bool = False
    #: Claw / Claws breaks armour on an armour roll of 8+ "before applying any modifiers"
    #: (bb2020 Claws; bb2025 Claws: "a natural 8+"), so Mighty Blow cannot take a 7 to 8;
    #: classic (LRB6 Claw): "any armour roll of 8 or more after modifications", so it can.
    claw_natural: bool = True
    #: Skills adding to the strength of the player performing a Block as part of a Blitz, and
    #: by how much: Horns +1 (LRB6 "+1 ST bonus when he makes a block as part of a Blitz";
    #: bb2020 / bb2025 "as part of a Blitz action (but not on its own)"). The free turn's only
    #: block is a Blitz's, a Frenzy second block included.
    blitz_strength: Mapping[str, int] = field(default_factory=lambda: {"horns": 1})
    #: Side Step / Sidestep (bb2020 spelling and Grab by default).
    side_step: SideStepRules = SideStepRules("sidestep")
    #: Leap (:class:`LeapRules`).
    leap: LeapRules = LeapRules()
    #: Blood Lust / Bloodlust (:class:`BloodLustRules`).
    blood_lust: BloodLustRules = BloodLustRules()
    #: When a Blitzing player rolls against a target's Foul Appearance: ``"declaration"``
    #: (bb2020+: "declares a Block action targeting this player", a 1 wastes the whole action)
    #: or ``"block"`` (classic: when he blocks, a 1 wastes the block only).
    foul_appearance_at: Literal["declaration", "block"] = "declaration"
    #: Tentacles: ``"hold_d6"`` (bb2020+: the player with it rolls a D6 + his ST - the mover's,
    #: 6+ holds) or ``"escape_2d6"`` (classic: the mover rolls 2D6 + his ST - the other's, 5 or
    #: less is held): ``kickoff.core.actions.tentacles``.
    tentacles: Literal["hold_d6", "escape_2d6"] = "hold_d6"
    #: Shadowing: ``"follow_d6"`` (bb2020 / Sevens: the shadower's D6 + his MA - the mover's,
    #: 6+ follows), ``"follow_4"`` (bb2025: 4+, at most his MA times a turn) or
    #: ``"escape_2d6"`` (classic: the mover's 2D6 + his MA - the shadower's, 7 or less is
    #: followed): ``kickoff.core.actions.shadowing``.
    shadowing: Literal["follow_d6", "follow_4", "escape_2d6"] = "follow_d6"


@dataclass(frozen=True)
class FreeTurnRules:
    """A free turn of the kicking team during the kick-off (classic Blitz!, bb2020 / Sevens
    Blitz, bb2025 Charge!; rulings.md 8). Its count die, if any, is in ``Ruleset.counts``."""

    #: Team re-rolls may be used (as many per turn as ``ActionRules.team_rerolls_per_turn``).
    team_rerolls: bool
    #: The ``ActionRules.once_per_turn_skills`` (Dodge, Sure Feet, Pro) may be used.
    once_per_turn_skills_allowed: bool
    #: Any kicking player Falling Over or being Knocked Down ends it (otherwise a turnover does).
    ends_on_fall: bool
    #: The actions besides Move and how many of each the free turn allows.
    limits: Mapping[str, int]
    #: A Move may end in a Hypnotic Gaze (classic Blitz!, a full team turn; the later editions'
    #: Gaze is an action their free turns do not allow): ``kickoff.core.actions.gaze``.
    gaze: bool = False
    #: A Bombardier may throw a bomb (classic Blitz!, a full team turn: LRB6 Bombardier "instead
    #: of taking any other Action"); bb2020 / Sevens Blitz and bb2025 Charge! allow Move, Blitz
    #: and Throw / Kick Team-mate only (FUMBBL's bb2020 / bb2025 ``GameMechanic.
    #: isBombActionAllowed``: not in the Blitz turn mode). The bomb: ``kickoff.core.actions.bomb``
    #: (activation ``throw_bomb``); elsewhere refused, a FUMBBL free turn with one unsupported.
    bombs: bool = False
    #: An action counted as another within ``limits`` (classic: a Kick Team-mate is the turn's
    #: Blitz, FUMBBL's bb2016 ``StepKickTeamMate`` ``setBlitzUsed``).
    counts_as: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class KickoffMove:
    """A receiving player's move after the kick deviates and before the Kick-off table roll:
    classic Kick-Off Return, bb2020 / bb2025 On the Ball (``docs/rulings.md``, "The kick-off
    move"). Not when the deviation gives a touchback; one player, who must have ``skill``, be
    Standing and Open (classic: not in an opposing tackle zone), moves up to ``squares`` squares
    (regardless of his MA, or with his MA: ``uses_ma``), never into the kicking team's half. The
    move follows the normal movement rules (Dodge rolls), with no team re-roll and no skill used
    once per turn.
    """

    #: The skill that gives the move, ``kick_off_return`` (classic) or ``on_the_ball``; also
    #: the name of the scenario's ``decisions`` key for the move.
    skill: Literal["kick_off_return", "on_the_ball"]
    #: A player on his team's Line of Scrimmage may not use it (classic: "not on the Line of
    #: Scrimmage"); the bb2020 text names only Open players.
    los_barred: bool
    #: The most squares the move may cover (each skill's "up to 3 squares").
    squares: int = 3
    #: The player's MA counts: a step beyond it is a Rush (bb2025 On the Ball, "the usual rules
    #: for a Move Action"); otherwise he moves ``squares`` squares whatever his MA, no step a Rush
    #: (bb2020 "regardless of their MA"; classic Kick-Off Return, ruling).
    uses_ma: bool = False


@dataclass(frozen=True)
class ApothecaryRules:
    """What a team's apothecary does for a player just Knocked Out (``docs/rulings.md``,
    "Apothecary"). Each apothecary is used once per game, on a player the coach names
    (``decisions.apothecary``). A Casualty patched up rolls the Casualty table again and the
    coach chooses which result applies (classic, bb2020, bb2025: ``casualty_table``); Sevens
    rolls a D6 instead (``casualty_d6``)."""

    #: A player Knocked Out on the pitch (Throw a Rock, a block): he stays on his square,
    #: Stunned (classic, FUMBBL's LRB6 rules; bb2020 / bb2025 Apothecary: "they remain on the
    #: pitch and become Stunned").
    knocked_out_on_pitch: Literal["stunned", "reserves"] = "stunned"
    #: A player Knocked Out off the pitch (pushed into the crowd, a fumbled Kick Team-mate):
    #: to the Reserves box (bb2020: "place them directly into the Reserves box rather than the
    #: Knocked-out box").
    knocked_out_off_pitch: Literal["reserves"] = "reserves"
    #: A Casualty, Sevens: a D6 reaching this patches him up and sends him to the Reserves,
    #: below it the Casualty stands (Sevens, Patching-up Casualties: "Roll a D6";
    #: docs/rulings.md, "Apothecary"). ``None``: the Casualty table is rolled again
    #: (``casualty_table``) and the coach chooses which result applies.
    casualty_d6: int | None = None
    #: The Casualty table rolled twice for an apothecary on a Casualty (classic, bb2020,
    #: bb2025); ``None`` where ``casualty_d6`` stands instead (Sevens).
    casualty_table: CasualtyTable | None = None


@dataclass(frozen=True)
class KickIt:
    """The Kick It! house rule's modifiers (seed 000, ``rulings.md`` 7), the same in every
    edition (the defaults; :attr:`Ruleset.kick_it`).

    Away roll: ``tackle_zone`` per opposing tackle zone on the kicker (not with Nerves of
    Steel), the ``weather`` modifier, ``foul_appearance`` per adjacent opposing Standing player
    with Foul Appearance: the roll is modified like a pass (-1 per tackle zone, Very Sunny -1,
    Foul Appearance -1 each: ruling). Kick block: ``tackle_zone`` per opposing tackle zone on
    the blocker (Nerves of Steel does not remove it: ``rulings.md`` 7 names it for the away roll
    only), ``very_long_legs`` with Very Long Legs (+1: ruling from "+1 to Pass Block
    attempts"). A Pass Block move is up to ``pass_block_squares`` squares (3).
    """

    tackle_zone: int = -1
    weather: Mapping[str, int] = field(default_factory=lambda: {"very_sunny": -1})
    foul_appearance: int = -1
    very_long_legs: int = 1
    pass_block_squares: int = 3


@dataclass(frozen=True)
class DivingCatchRules:
    """Diving Catch (``docs/rulings.md``, "Catch skills"): a player with the skill may try to
    catch a kick, pass or throw-in coming down in a square of his tackle zone (never a bounce),
    staying in his square, with his square's catch modifiers.

    ``empty_square``: only a ball landing in an empty square (classic); otherwise also one
    landing on a player who cannot catch. ``one_at_most``: two or more attempting get in each
    other's way and none may (classic); otherwise each tries in turn until one catches.
    ``bounce_from_catcher``: a failed catch bounces from the catcher's square (classic; bb2025,
    whose catch rule bounces a failed catch "from the square they are in"); otherwise from the
    square where the ball was to land (bb2020 FAQ).
    """

    empty_square: bool
    one_at_most: bool
    bounce_from_catcher: bool


@dataclass(frozen=True)
class Ruleset:
    """Every rule of one edition that the kick-off needs (see ``shared/spec/rulings.md``)."""

    name: str
    pitch: Pitch
    #: Which teams it plays with (its :data:`Family` of team lists).
    family: Family
    skills: frozenset[str]
    #: Set-up (rulings.md 1).
    max_players: int
    max_per_wide_zone: int
    min_on_los: int
    #: Turn markers run 0..max_turn.
    max_turn: int
    #: Output name of the fine weather: "nice" (classic) or "perfect_conditions".
    fine_weather_name: str
    #: "table": classic Agility table (target 7 - AG); "target": AG is the target.
    agility: Literal["table", "target"]
    #: Catch modifiers by situation (rulings.md 3).
    catch_modifier: Mapping[CatchKind, int]
    #: bb2020+: a kicker must be nominated (rulings.md 2.1); classic: none is needed.
    kicker_required: bool
    #: Kick skill: "halve" the D6 after seeing it, or declare first and roll a "d3" (bb2025).
    kick_skill: Literal["halve", "d3"]
    #: Touchback with no eligible recipient (rulings.md 2.6): bounce from a Prone/Stunned
    #: player, or the coach names an empty square ("square", bb2025).
    touchback_without_recipient: Literal["bounce", "square"]
    #: Throw-ins (rulings.md 4): squares counted from the start (0) or start counts as one (-1).
    throw_in_offset: int
    #: Throw-ins from a corner use the D3 corner rule; otherwise the end line template.
    corner_rule: bool
    injury: InjuryTable
    #: Move, Dodge, Rush, pick-up, Block and armour (the action engine).
    actions: ActionRules
    #: The Kick-off table: 2D6 total -> event.
    kickoff_table: Mapping[int, Event]
    #: Time-out: kicking team's marker on one of these moves both back, otherwise forward.
    time_out_turns: frozenset[int]
    #: "D3 + n" counts of Solid Defence, Quick Snap, Blitz, Charge! (absent: no count die).
    counts: Mapping[str, int]
    #: The free turns by event name ("blitz", "charge").
    free_turns: Mapping[str, FreeTurnRules]
    #: Changing Weather: one-square scatters when the new weather is the fine one.
    changing_weather_scatters: int
    cheering_fans: Contest
    #: What winning Cheering Fans gives: a re-roll for the half, a prayer, a Block assist.
    cheering_fans_effect: Literal["reroll_half", "prayer", "block_assist"]
    brilliant_coaching: Contest
    #: Brilliant Coaching's extra re-roll lasts for the "half" or the "drive".
    brilliant_coaching_lasts: Literal["half", "drive"]
    #: Prayers to Nuffle die: 16 or 8 entries by default; ``None`` where nothing can change it.
    prayer_die: int
    prayer_die_fixed: bool
    #: The Kick It! house rule's away-roll and kick-block modifiers (every edition's: seed 000).
    kick_it: KickIt = KickIt()
    #: The receiving team's kick-off move (Kick-Off Return, On the Ball), or none.
    kickoff_move: KickoffMove | None = None
    #: Throw a Rock, Officious Ref, Pitch Invasion (bb2020 style), Dodgy Snack contests.
    throw_a_rock: Contest | None = None
    officious_ref: Contest | None = None
    pitch_invasion: Contest | None = None
    dodgy_snack: Contest | None = None
    #: Diving Catch (docs/rulings.md, "Catch skills"): bb2020's rules unless overridden.
    diving_catch: DivingCatchRules = DivingCatchRules(
        empty_square=False, one_at_most=False, bounce_from_catcher=False)
    #: The skills that re-roll a failed catch, the first a player has is used (Catch, and
    #: Monstrous Mouth in classic and bb2020; bb2025's Monstrous Mouth no longer does).
    catch_reroll_skills: tuple[str, ...] = ("catch", "monstrous_mouth")
    #: A team's apothecary (once per game each), or ``None`` where the edition has none.
    apothecary: ApothecaryRules | None = None
    #: The scenario option ``throw_in_die: "d8"`` is allowed: a throw-in's direction by the
    #: Random Direction template, re-rolled while its first step leaves the pitch (classic
    #: only, rulings.md 4); elsewhere only the throw-in template.
    d8_throw_in: bool = False

    def agility_target(self, ag: int) -> int:
        """The D6 target of an agility test: ``7 - AG`` (classic) or AG itself."""
        return 7 - ag if self.agility == "table" else ag

    def count_plus(self, event: str) -> int | None:
        """``n`` of the event's "D3 + n" count, or ``None`` when it has no count die."""
        return self.counts.get(event)
