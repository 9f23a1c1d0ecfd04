"""Kick-off events: one handler per result of the Kick-off tables.

Each ruleset's table (``kickoff.core.rulesets.<name>``) maps the 2D6 total to one of these
handlers; what differs between editions (counts, contests, what a win gives) is read from the
ruleset's data, never from its name. Sources: seed 003 (classic table), bb2020 rulebook, seed 001
(2025 table), seed 004 (Sevens), as restated in ``rulings.md`` section 6.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, get_args

from kickoff.core import resetup
from kickoff.core.actions.injury import injury
from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext, no_player
from kickoff.core.dice import DieKind
from kickoff.core.errors import DecisionError
from kickoff.core.log import Step, Why
from kickoff.core.pitch import SIDES, Side, Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Contest, TeamStat
from kickoff.core.state import GameState, Player, Team

if TYPE_CHECKING:  # made by a free turn's decisions (start-up, issue 16)
    from kickoff.core.activations import Activation

# -- shared pieces ------------------------------------------------------------------------------

#: The log's lines the events write most (an event's "D3 + n" count, ...).
COUNT_LINE: Final = Step("count", "event", "count")
TURN_MARKERS_LINE: Final = Step("turn_markers", "delta", "home", "away")
WEATHER_LINE: Final = Step("weather", "total", "weather")
REF_LINE: Final = Step("officious_ref", "player", "result")
INVASION_LINE: Final = Step("pitch_invasion", "player")
INVASION_RESULT_LINE: Final = Step("pitch_invasion", "player", "result")
PRAYER_LINE: Final = Step("prayer", "side", "prayer")

WEATHER_TABLE: Final[dict[int, str]] = {
    2: "sweltering_heat", 3: "very_sunny", 11: "pouring_rain", 12: "blizzard",
    **{n: "nice" for n in range(4, 11)},
}

#: The Prayers to Nuffle (bb2020 table, D16 order; the D8 table is the first eight), by the
#: names scenarios and the log use.
Prayer = Literal[
    "trapdoor", "friends_with_the_ref", "stiletto", "iron_man", "knuckle_dusters", "bad_habits",
    "greasy_cleats", "blessed_statue", "moles", "perfect_passing", "fan_interaction",
    "necessary_violence", "fouling_frenzy", "throw_a_rock", "under_scrutiny",
    "intensive_training",
]
PRAYERS: Final[tuple[Prayer, ...]] = get_args(Prayer)


#: Both sides, by the kicking one: the kicking team first (``pitch-and-dice.md`` dice order
#: rule 2); and each side alone (what a contest won by one side applies to).
_KICKING_FIRST: Final[dict[Side, tuple[Side, Side]]] = {"home": ("home", "away"),
                                                        "away": ("away", "home")}
_ALONE: Final[dict[Side, tuple[Side, ...]]] = {"home": ("home",), "away": ("away",)}


def _sides(ctx: KickoffContext) -> tuple[Side, Side]:
    """Both sides, kicking team first (``pitch-and-dice.md`` dice order rule 2)."""
    return _KICKING_FIRST[ctx.state.kicking]


def shift_turn_markers(ctx: KickoffContext, delta: int) -> None:
    """Move both turn markers by ``delta``; never below 0, not capped."""
    for side in SIDES:
        team = ctx.state.teams[side]
        team.turn = max(0, team.turn + delta)
    ctx.line(TURN_MARKERS_LINE, delta, ctx.state.teams["home"].turn, ctx.state.teams["away"].turn)


def team_stat(ctx: KickoffContext, side: Side, stat: TeamStat) -> int:
    """A team's value for a Kick-off table roll; FAME counts +1 for each player on the pitch with
    Fan Favourite (classic, LRB6 Skills: Fan Favourite, "an additional +1 FAME modifier for any
    Kick-Off table results")."""
    team = ctx.state.teams[side]
    if stat == "cheerleaders":  # each read as a field (``getattr`` by name: a generic look-up)
        return team.cheerleaders
    if stat == "assistant_coaches":
        return team.assistant_coaches
    if stat == "fan_factor":
        return team.fan_factor
    return team.fame + sum(1 for p in team.on_pitch() if "fan_favourite" in p.skills)


class Contested:
    """A contest's two dice as the rules read them: the sides its result applies to, kicking
    team first (the ``depends_on`` of its chance node, a callable object: docs/performance.md,
    "The code's shapes for speed"); ``spec``, the contest it decides."""

    __slots__ = ("bonus", "both_on_tie", "higher_wins", "sides", "spec")

    def __init__(self, spec: Contest, sides: tuple[Side, Side], bonus: tuple[int, int]) -> None:
        self.spec = spec
        self.sides = sides
        self.bonus = bonus
        self.both_on_tie = spec.tie == "both"
        self.higher_wins = spec.winner == "higher"

    def __call__(self, rolls: tuple[int, ...]) -> tuple[Side, ...]:
        k, r = rolls[0] + self.bonus[0], rolls[1] + self.bonus[1]
        if k == r:
            return self.sides if self.both_on_tie else ()
        return _ALONE[self.sides[0] if (k > r) == self.higher_wins else self.sides[1]]


#: A contest's dice by ``(die, event, kicking side)``: each coach's die and what it is for.
_CONTEST_DICE: Final[dict[tuple[str, str, Side], tuple[tuple[DieKind, str], ...]]] = {}


def _contest_dice(die: DieKind, why: str, sides: tuple[Side, Side]) -> tuple[tuple[DieKind, str], ...]:
    key = (die, why, sides[0])
    dice = _CONTEST_DICE.get(key)
    if dice is None:
        dice = _CONTEST_DICE[key] = tuple([(die, f"{why}: {s} coach") for s in sides])
    return dice


def _bonus(ctx: KickoffContext, side: Side, spec: Contest) -> int:
    """The team values ``side`` adds to its contest die."""
    n = 0
    for stat in spec.bonus:
        n += team_stat(ctx, side, stat)
    return n


def contest(ctx: KickoffContext, spec: Contest, why: str) -> tuple[Side, ...]:
    """Both coaches roll (kicking first); the sides the result applies to, kicking team first."""
    sides = _sides(ctx)
    bonus = (_bonus(ctx, sides[0], spec), _bonus(ctx, sides[1], spec))
    applies_to = Contested(spec, sides, bonus)
    rolls = ctx.roll_dice(_contest_dice(spec.die, why, sides), applies_to)
    winners = applies_to(rolls)
    ctx.note_later("contest", _contest_line, applies_to, why, rolls, ctx.state.teams)
    return winners


def _contest_line(contested: Contested, why: str, rolls: tuple[int, ...],
                  teams: dict[Side, Team]) -> dict[str, Any]:
    """The log's line of a contest (``contested``, for ``why``, that rolled ``rolls``; the
    teams' values read from ``teams``, which no rule changes): each side's total, who it
    applies to, and the parts of each total for people (the die and each team value added)."""
    sides, bonus = contested.sides, contested.bonus
    totals = {s: roll + b for s, roll, b in zip(sides, rolls, bonus, strict=True)}
    parts = {s: {"roll": roll, **{stat: getattr(teams[s], stat) for stat in contested.spec.bonus}}
             for s, roll in zip(sides, rolls, strict=True)}
    return {"event": why, "totals": totals, "applies_to": list(contested(rolls)), "parts": parts}


def count(ctx: KickoffContext, event: str) -> int | None:
    """Roll an event's "D3 + n" count (always rolled); ``None`` when it has no count die."""
    plus = ctx.ruleset.count_plus(event)
    if plus is None:
        return None
    n = ctx.roll("d3", ctx.label("{} count (D3+{})", event, plus)) + plus
    ctx.line(COUNT_LINE, event, n)
    return n


def _team(ctx: KickoffContext, side: Side) -> Team:
    return ctx.state.teams[side]


# -- the events ---------------------------------------------------------------------------------


def get_the_ref(ctx: KickoffContext) -> None:
    """Get the Ref (every table, 2): each team gains a Bribe."""
    for side in SIDES:
        _team(ctx, side).bribes += 1


def riot(ctx: KickoffContext) -> None:
    """Riot (classic 3): receiving team on turn 7: both markers back one; on turn 0: both
    forward; otherwise D6: 1-3 forward, 4-6 back."""
    turn = _team(ctx, ctx.receiving).turn
    if turn == 7:
        shift_turn_markers(ctx, -1)
    elif turn == 0:
        shift_turn_markers(ctx, +1)
    else:
        (roll,) = ctx.roll_dice([("d6", "riot")], lambda v: v[0] <= 3)
        shift_turn_markers(ctx, +1 if roll <= 3 else -1)


def time_out(ctx: KickoffContext) -> None:
    """Time-out (bb2020/bb2025 3, Sevens 3): kicking marker on a late turn: both back, else both
    forward (bb2020: turns 6-8; Sevens: 4-6)."""
    late = _team(ctx, ctx.kicking).turn in ctx.ruleset.time_out_turns
    shift_turn_markers(ctx, -1 if late else +1)


def perfect_defence(ctx: KickoffContext) -> None:
    """Perfect Defence (classic 4): the kicking team may set up again (players on the pitch):
    the kicking coach's ``perfect_defence`` decision (default: nobody moves;
    :mod:`kickoff.core.resetup`)."""
    resetup.perfect_defence(ctx)


def solid_defence(ctx: KickoffContext) -> None:
    """Solid Defence (bb2020 4, bb2025 4 "up to", Sevens D3+1): D3+3 Open kicking players set up
    again, following the set-up rules: the kicking coach's ``solid_defence`` decision (default:
    nobody moves; :mod:`kickoff.core.resetup`)."""
    n = count(ctx, "solid_defence")
    assert n is not None
    resetup.solid_defence(ctx, n)


def high_kick_options(state: GameState, landing: Square | None, touchback: bool) -> list[str | None]:
    """The High Kick decision's options for a ball landing on ``landing`` (``touchback``: out of
    play) in ``state``: ``None`` (nobody, the default) and every Open, Standing receiving player
    (every edition, 5); only ``None`` for a touchback or an occupied square, where the event
    has no effect (rulings.md 2.7)."""
    if touchback or landing is None or landing in state.board:
        return [None]
    return [None, *(p.id for p in state.teams[state.receiving].players
                    if p.standing and state.is_open(p))]


def high_kick(ctx: KickoffContext) -> None:
    """High Kick (every table, 5): one Open receiving player is placed in the landing square,
    the receiving coach's ``high_kick`` decision (:func:`high_kick_options`; default nobody).

    No effect when the deviation already gives a touchback or the square is occupied
    (rulings.md 2.7): no decision then."""
    pid = ctx.decisions.high_kick
    landing = ctx.landing
    if landing is None:
        return
    st = ctx.state
    if ctx.touchback or landing in st.board:
        if pid is not None:
            ctx.note("high_kick", effect="none: touchback or occupied landing square")
        return

    if pid is None and ctx.plain:
        return

    def refuse(choice: str) -> Problem | None:
        p = st.players.get(choice)
        if p is None:
            return no_player(choice, "decisions.high_kick")
        if p.side == st.receiving and p.standing and st.is_open(p):
            return None
        return Problem(f"{choice} is not an Open, Standing player of the receiving team",
                       "decisions.high_kick", (choice,), code="illegal_choice")

    chosen = ctx.decide(Decision(
        "high_kick", ctx.receiving, "decisions.high_kick", None,
        lambda: high_kick_options(st, landing, False), refuse, pid, pid is not None))
    if chosen is None:
        return
    st.move(st.players[chosen], landing)
    ctx.note("high_kick", player=chosen, to=landing.as_list())


def cheering_fans(ctx: KickoffContext) -> None:
    """Cheering Fans (every table, 6): the winner gains a re-roll for the half (classic), prays to
    Nuffle (bb2020, Sevens) or an extra offensive assist for its next Block (bb2025)."""
    rs = ctx.ruleset
    for side in contest(ctx, rs.cheering_fans, "cheering fans"):
        team = _team(ctx, side)
        if rs.cheering_fans_effect == "reroll_half":
            team.rerolls += 1
            team.half_rerolls += 1
        elif rs.cheering_fans_effect == "block_assist":
            team.block_assists += 1
        else:
            pray(ctx, side)


def brilliant_coaching(ctx: KickoffContext) -> None:
    """Brilliant Coaching (classic 8, others 7): the winner gains a team re-roll for the half
    (classic) or the drive (bb2020+)."""
    rs = ctx.ruleset
    for side in contest(ctx, rs.brilliant_coaching, "brilliant coaching"):
        team = _team(ctx, side)
        team.rerolls += 1
        if rs.brilliant_coaching_lasts == "half":
            team.half_rerolls += 1
        else:
            team.drive_rerolls += 1


def changing_weather(ctx: KickoffContext) -> None:
    """Changing Weather (classic 7, others 8): a new Weather roll; Nice / Perfect Conditions make
    the ball scatter (classic one square, others three) before landing. The scatters are part of
    the ball's journey (``ball.InAir``), rolled right after this event; the first square in the
    kicking area or off the pitch is a touchback (rulings.md 2.6)."""
    first, second = ctx.roll_dice(WEATHER_DICE, _weather_of)
    total = first + second
    ctx.state.weather = WEATHER_TABLE[total]  # type: ignore[assignment]
    shown = ctx.ruleset.fine_weather_name if ctx.state.weather == "nice" else ctx.state.weather
    ctx.line(WEATHER_LINE, total, shown)
    if ctx.state.weather == "nice":
        ctx.scatters = ctx.ruleset.changing_weather_scatters


#: The Weather table's 2D6 (Changing Weather).
WEATHER_DICE: Final[tuple[tuple[DieKind, str], ...]] = (("d6", "weather"), ("d6", "weather"))


def _weather_of(v: tuple[int, ...]) -> str:
    """The weather a Weather table roll ``v`` gives (what follows reads only this)."""
    return WEATHER_TABLE[v[0] + v[1]]


def quick_snap(ctx: KickoffContext) -> None:
    """Quick Snap (every table, 9): classic: every receiving player may step one square into an
    empty adjacent square; bb2020+: D3+3 (Sevens D3+1) Open receiving players, one square each:
    the receiving coach's ``quick_snap`` decision (default: nobody moves;
    :mod:`kickoff.core.resetup`)."""
    resetup.quick_snap(ctx, count(ctx, "quick_snap"))


def _free_turn(ctx: KickoffContext, event: str, actions: Sequence[Activation]) -> None:
    """The count (always rolled where there is one), then the free turn itself."""
    # Start-up (issue 16): the action engine (Block, Throw Team-mate, the coach's policy) is
    # imported by a free turn, not by every ruleset's table.
    from kickoff.core.actions.free_turn import free_turn

    free_turn(ctx, event, count(ctx, event), actions)


def blitz(ctx: KickoffContext) -> None:
    """Blitz! (classic 10: a free team turn; bb2020 10: D3+3 Open players, Sevens D3+1), played
    from ``decisions.blitz`` (rulings.md 8; ``kickoff.core.actions.free_turn``). The count and
    the eligible players are fixed now; the default (an empty list) takes no action."""
    _free_turn(ctx, "blitz", ctx.decisions.blitz)


def charge(ctx: KickoffContext) -> None:
    """Charge! (bb2025 10): up to D3+3 Open kicking players, from ``decisions.charge``
    (rulings.md 8); the default (an empty list) takes no action."""
    _free_turn(ctx, "charge", ctx.decisions.charge)


def throw_a_rock(ctx: KickoffContext) -> None:
    """Throw a Rock (classic 11): D6 + FAME each; the higher team's fans hit a random player of
    the other team on the pitch (tie: one each), who is knocked down and rolls injury."""
    spec = ctx.ruleset.throw_a_rock
    assert spec is not None
    throwers = contest(ctx, spec, "throw a rock")
    victims = [s for s in _sides(ctx) if other_side(s) in throwers]
    for side in victims:
        candidates = _team(ctx, side).on_pitch()
        if not candidates:
            continue
        p = ctx.state.set_status(ctx.pick(candidates, f"throw a rock victim ({side})"), "prone")
        injury(ctx, p)


def _random_own_player_roll(ctx: KickoffContext, side: Side, why: str) -> tuple[Player, int] | None:
    """A random player of ``side``'s own on the pitch (a ``pick``) and the D6 rolled for him,
    ``None`` when it has nobody there: what Officious Ref and Dodgy Snack do for each side their
    contest hits (kicking first)."""
    candidates = _team(ctx, side).on_pitch()
    if not candidates:
        return None
    p = ctx.pick(candidates, ctx.label("{} player ({})", why, side))
    die: tuple[tuple[DieKind, Why]] = (("d6", ctx.label("{} {}", why, p.id)),)
    return p, ctx.roll_dice(die, _is_one)[0]


def _is_one(v: tuple[int, ...]) -> bool:
    """Whether a D6 ``v`` is a 1 (what follows reads only this)."""
    return v[0] == 1


def officious_ref(ctx: KickoffContext) -> None:
    """Officious Ref (bb2020 11, Sevens 11): D6 + fan factor each; the lower team (tie both)
    picks a random player of its own on the pitch: D6 1 Sent-off, 2+ Placed Prone and Stunned."""
    spec = ctx.ruleset.officious_ref
    assert spec is not None
    for side in contest(ctx, spec, "officious ref"):
        hit = _random_own_player_roll(ctx, side, "officious ref")
        if hit is None:
            continue
        p = ctx.state.own(hit[0])
        roll = hit[1]
        if roll == 1:
            ctx.state.remove(p, "sent_off")
        else:
            ctx.state.set_status(p, "stunned")
        ctx.line(REF_LINE, p.id, p.status)


def pitch_invasion(ctx: KickoffContext) -> None:
    """Pitch Invasion (bb2020/bb2025/Sevens 12): D6 + fan factor each; the lower team (tie both)
    has D3 random players on the pitch Placed Prone and Stunned (a tie: one D3 for both)."""
    spec = ctx.ruleset.pitch_invasion
    assert spec is not None
    losers = contest(ctx, spec, "pitch invasion")
    if not losers:
        return
    k = ctx.roll("d3", "pitch invasion: players hit")
    for side in losers:
        for victim in ctx.choose(_team(ctx, side).on_pitch(), k, f"pitch invasion victim ({side})"):
            p = ctx.state.set_status(victim, "stunned")
            ctx.line(INVASION_LINE, p.id)


def pitch_invasion_classic(ctx: KickoffContext) -> None:
    """Pitch Invasion (classic 12): for each player on the pitch the opposing coach rolls D6 +
    FAME: 6+ Stunned (Ball & Chain: Knocked Out); a natural 1 never affects. Kicking team's
    players first, then the receiving team's, each in input order."""
    for side in _sides(ctx):
        fame = team_stat(ctx, other_side(side), "fame")

        def hit(v: tuple[int, ...], fame: int = fame) -> bool:
            return v[0] != 1 and v[0] + fame >= 6

        for p in _team(ctx, side).on_pitch():
            die: tuple[tuple[DieKind, Why]] = (("d6", ctx.label("pitch invasion {}", p.id)),)
            if hit(ctx.roll_dice(die, hit, concerns=p)):
                p = ctx.state.own(p)
                if "ball_and_chain" in p.skills:
                    ctx.state.remove(p, "knocked_out")
                else:
                    ctx.state.set_status(p, "stunned")
                ctx.line(INVASION_RESULT_LINE, p.id, p.status)


def dodgy_snack(ctx: KickoffContext) -> None:
    """Dodgy Snack (bb2025 11): plain D6 each; the lower team (tie both) picks a random player of
    its own on the pitch: D6 2+ -1 MA (not below 1) and -1 AV for the drive; 1 to the Reserves."""
    spec = ctx.ruleset.dodgy_snack
    assert spec is not None
    for side in contest(ctx, spec, "dodgy snack"):
        hit = _random_own_player_roll(ctx, side, "dodgy snack")
        if hit is None:
            continue
        p = ctx.state.own(hit[0])
        if hit[1] == 1:
            ctx.state.remove(p, "reserves")
        else:
            ctx.state.set_ma(p, max(1, p.ma - 1))
            ctx.state.set_av(p, p.av - 1)
        ctx.note("dodgy_snack", player=p.id, status=p.status, ma=p.ma, av=p.av)


# -- Prayers to Nuffle (bb2020 Cheering Fans) ------------------------------------------------------


def pray(ctx: KickoffContext, side: Side) -> None:
    """Roll once on Prayers to Nuffle (D16, or D8 in exhibition play and Sevens), re-rolling a
    prayer already in effect for ``side``; record it and apply its immediate player effect."""
    rs = ctx.ruleset
    sides = rs.prayer_die if rs.prayer_die_fixed else (ctx.decisions.prayer_die or rs.prayer_die)
    team = _team(ctx, side)
    if len(team.prayers) >= sides and all(name in team.prayers for name in PRAYERS[:sides]):
        ctx.note("prayer", side=side, prayer=None, why="every prayer is already in effect")
        return
    kind: DieKind = "d16" if sides == 16 else "d8"
    value = ctx.roll_until(kind, ctx.label("prayers to nuffle ({})", side),
                           lambda v: PRAYERS[v - 1] not in team.prayers)
    name = PRAYERS[value - 1]
    team.prayers = [*team.prayers, name]  # replaced: shared with the clones (Team.fork)
    ctx.line(PRAYER_LINE, side, name)
    effect = _PRAYER_EFFECTS.get(name)
    if effect is not None:
        players = effect(ctx, side)
        # who it went to (issue 26: the story named nobody)
        skill = ctx.decisions.prayer_skill if name == "intensive_training" else None
        if skill is not None and players:
            ctx.note("prayer_effect", prayer=name, players=players, skill=skill)
        else:
            ctx.note("prayer_effect", prayer=name, players=players)


def _candidates(
    ctx: KickoffContext, side: Side, marker: str, *, skill: bool, no_loner: bool
) -> list[Player]:
    """Players of ``side`` on the pitch without the effect (a skill or an effect marker)."""
    return [
        p for p in _team(ctx, side).on_pitch()
        if (marker not in p.skills if skill else marker not in p.effects)
        and not (no_loner and "loner" in p.skills)
    ]


def _chosen(ctx: KickoffContext, candidates: list[Player], prayer: str) -> Player | None:
    """The player the praying coach chooses (decision ``prayer.player``, default the first)."""
    if not candidates:
        return None
    pid = ctx.decisions.prayer_player
    if pid is None and ctx.plain:
        return candidates[0]
    where = "decisions.prayer.player"
    ids = [c.id for c in candidates]

    def refuse(answer: object) -> Problem | None:
        if answer in ids:
            return None
        if not isinstance(answer, str):
            return Problem(f"{answer!r} is not a player id", where, code="illegal_choice")
        if answer not in ctx.state.players:
            return no_player(answer, where)
        return Problem(f"{answer} cannot receive {prayer}; candidates: " + ", ".join(ids),
                       where, code="illegal_choice")

    chosen: str = ctx.decide(Decision("prayer_player", candidates[0].side, where, ids[0],
                                      lambda: ids, refuse, pid, pid is not None))
    return ctx.state.players[chosen]


def _gain_skill(ctx: KickoffContext, player: Player, skill: str) -> None:
    ctx.state.add_skill(player, skill)


def _stiletto(ctx: KickoffContext, side: Side) -> list[str]:
    cands = _candidates(ctx, side, "stab", skill=True, no_loner=True)
    if not cands:
        return []
    p = ctx.pick(cands, "stiletto")
    _gain_skill(ctx, p, "stab")
    return [p.id]


def _iron_man(ctx: KickoffContext, side: Side) -> list[str]:
    p = _chosen(ctx, _candidates(ctx, side, "iron_man", skill=False, no_loner=True), "iron_man")
    if p is None:
        return []
    p = ctx.state.set_av(p, min(p.av + 1, 11))
    ctx.state.add_effect(p, "iron_man")
    return [p.id]


def _knuckle_dusters(ctx: KickoffContext, side: Side) -> list[str]:
    cands = _candidates(ctx, side, "mighty_blow", skill=True, no_loner=True)
    p = _chosen(ctx, cands, "knuckle_dusters")
    if p is None:
        return []
    _gain_skill(ctx, p, "mighty_blow")
    return [p.id]


def _bad_habits(ctx: KickoffContext, side: Side) -> list[str]:
    cands = _candidates(ctx, other_side(side), "loner", skill=True, no_loner=True)
    k = ctx.roll("d3", "bad habits: players")
    chosen = ctx.choose(cands, k, "bad habits")
    for p in chosen:
        _gain_skill(ctx, p, "loner")
    return [p.id for p in chosen]


def _greasy_cleats(ctx: KickoffContext, side: Side) -> list[str]:
    cands = _candidates(ctx, other_side(side), "greasy_cleats", skill=False, no_loner=False)
    if not cands:
        return []
    p = ctx.state.own(ctx.pick(cands, "greasy cleats"))
    ctx.state.set_ma(p, max(1, p.ma - 1))
    ctx.state.add_effect(p, "greasy_cleats")
    return [p.id]


def _blessed_statue(ctx: KickoffContext, side: Side) -> list[str]:
    p = _chosen(ctx, _candidates(ctx, side, "pro", skill=True, no_loner=True), "blessed_statue")
    if p is None:
        return []
    _gain_skill(ctx, p, "pro")
    return [p.id]


def _intensive_training(ctx: KickoffContext, side: Side) -> list[str]:
    cands = _candidates(ctx, side, "intensive_training", skill=False, no_loner=True)
    if not cands:
        return []
    p = ctx.state.add_effect(ctx.pick(cands, "intensive training"), "intensive_training")
    skill = ctx.decisions.prayer_skill
    if not ctx.plain:
        skill = ctx.decide(Decision("prayer_skill", side, "decisions.prayer.skill", None, None,
                                    lambda answer: _skill_refusal(p, answer), skill,
                                    skill is not None))
    if skill is not None:
        if skill in p.skills:
            raise DecisionError.at("decisions.prayer.skill", f"{p.id} already has {skill}")
        _gain_skill(ctx, p, skill)
    return [p.id]


def _skill_refusal(p: Player, answer: object) -> Problem | None:
    """Why Intensive Training may not give ``p`` the skill ``answer`` (``None``: it may)."""
    if answer is None or (isinstance(answer, str) and answer not in p.skills):
        return None
    return Problem(f"{p.id} already has {answer}", "decisions.prayer.skill",
                   code="illegal_choice")


_PRAYER_EFFECTS = {
    "stiletto": _stiletto,
    "iron_man": _iron_man,
    "knuckle_dusters": _knuckle_dusters,
    "bad_habits": _bad_habits,
    "greasy_cleats": _greasy_cleats,
    "blessed_statue": _blessed_statue,
    "intensive_training": _intensive_training,
}


#: The events that read nothing of where the players stand (issue 26), each checked by reading
#: it above: their dice and their changes to players (a status; Sent-off, off the pitch) depend
#: only on the teams' counters, the weather and which players are on the pitch, in input order,
#: never on a square, and they move nobody on the pitch. So two set-ups that differ only in where
#: players stand (a kick-off move: ``kickoff.analysis.exact.events``) have the same outcomes,
#: player for player. (A random choice among players also reads, in the exact solver, which of
#: them a journey can see, ``PathDice``'s ``relevant``, by square: the solver checks that apart.)
#: Cheering Fans too: its contest reads the teams' counters, its effects a team re-roll or
#: block assist (classic, bb2025) or a Prayer to Nuffle (``pray``: the team's prayers, then a
#: player of a side on the pitch, in input order, picked at random or the coach's first
#: candidate by his skills and effects, whose skills, effects, MA or AV change; issue 26, s37).
#: High Kick, the free moves and the re-set-ups read squares (the free turns: within
#: ``FREE_TURN_READS`` below); Throw a Rock's injury and Dodgy Snack are left out, unchecked.
SQUARE_BLIND: Final[frozenset[Callable[[KickoffContext], None]]] = frozenset({
    get_the_ref, riot, time_out, brilliant_coaching, cheering_fans, changing_weather,
    officious_ref, pitch_invasion,
})

#: The free turns' handlers (Blitz!, Charge!) and how far from its own squares one reads the
#: board (issue 26), declared as ``SQUARE_BLIND`` is, for the exact solver's kick-off moves
#: (``kickoff.analysis.exact.events``). A free turn scripted with ``move`` and ``blitz``
#: activations only (no player named in them but the actors and the Blitzes' targets, no
#: coach's policy, the ball not on the pitch) reads where players stand only within
#: ``FREE_TURN_STEP_READS`` squares of each actor's square, path and squares after the block
#: and of every square a player is moved from or to as it is played (pushed, followed up), and
#: within ``FREE_TURN_READS`` of a Blitz's square of the block and its target's square. Read for
#: it in ``core.actions``: an actor's Openness (who may act), a path's legality, tackle zones,
#: Dodge modifiers and the Shadowing, Tentacles, Diving Tackle and Prehensile Tail of the
#: players next to a square left or entered (1); a block's assists, next to the blocker or the
#: blocked (1), each assisting player's being Marked (2); the push-back squares and Side Step's
#: (1 from the blocked), a chain push's (1 from the player pushed, whose square changes); the
#: follow-up (the blocked's square); Frenzy's second block the same from squares next to those.
#: So two set-ups that differ only in where players stand farther than that from every such
#: square of the free turn played on the first (over all its dice) play it alike: the same
#: dice, the same choices, the same changes.
FREE_TURNS: Final[frozenset[Callable[[KickoffContext], None]]] = frozenset({blitz, charge})
FREE_TURN_READS: Final = 2
FREE_TURN_STEP_READS: Final = 1
