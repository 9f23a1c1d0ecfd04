"""Armour and injury: a player Knocked Down (or Falling Over), hit by a thrown team-mate, or
pushed into the crowd.

Sources: classic (LRB6 / CRP): armour broken when 2D6 beats AV; bb2020 / bb2025 / Sevens: AV is
the target (``Ruleset.actions.armour_margin``). Injury tables as ``rulings.md`` section 6 (Stunty,
Thick Skull). Mighty Blow adds its bonus to the armour roll or, if the armour breaks without it,
to the injury roll (the attacker's choice; the engine takes the one that helps: docs/actions.md).
A player pushed into the crowd rolls injury with no armour roll; Stunned sends him to the Reserves.
Regeneration: a Casualty rolls a D6, 4+ to the Reserves instead (after the apothecary). Apothecary:
a player the coach names in ``decisions.apothecary`` who is Knocked Out is patched up
(``Ruleset.apothecary``: Stunned on his square, or to the Reserves from off the pitch); one who
is a Casualty rolls the edition's Casualty table twice (Sevens: a D6), Badly Hurt sending him to
the Reserves.
"""

from __future__ import annotations

from kickoff.core.coach import Decision
from kickoff.core.context import KickoffContext
from kickoff.core.errors import NotSupportedError
from kickoff.core.ruleset import ApothecaryRules, CasualtyTable
from kickoff.core.state import Player, Status


def injury(
    ctx: KickoffContext, player: Player, modifier: int = 0, *, stunned_off: Status | None = None
) -> str:
    """Injury roll (2D6 + ``modifier``), no armour roll: Stunned, Knocked Out or Casualty
    (rulings.md 6). ``stunned_off``: the player is off the pitch and a Stunned result sends him
    there (the crowd: ``"reserves"``; a fumbled Kick Team-mate: ``"knocked_out"``).
    The result: ``"stunned"``, ``"knocked_out"`` or ``"casualty"``."""
    player = ctx.state.own(player)
    table = ctx.ruleset.injury
    stunty = "stunty" in player.skills
    modifier += table.stunty_modifier if stunty else 0
    stunned_max, ko_max = ((table.stunty_stunned_max, table.stunty_ko_max) if stunty
                           else (table.stunned_max, table.ko_max))

    def result(rolls: tuple[int, ...]) -> str:
        total = sum(rolls) + modifier
        thick_skull = total == 8 and "thick_skull" in player.skills
        if total <= stunned_max or (total <= ko_max and thick_skull):
            return "stunned"
        return "knocked_out" if total <= ko_max else "casualty"

    rolls = ctx.roll_dice([("d6", f"injury {player.id}")] * 2, result)
    outcome = result(rolls)
    assert stunned_off is None or stunned_off in ("reserves", "knocked_out")
    knocked_out = "knocked_out" if outcome == "stunned" and stunned_off == "knocked_out" else outcome
    patched = _apothecary(ctx, player, knocked_out, off_pitch=stunned_off is not None)
    if patched == "stunned":
        player = ctx.state.set_status(player, "stunned")
    elif patched is not None:
        ctx.state.remove(player, patched)
    elif outcome == "stunned" and stunned_off is None:
        player = ctx.state.set_status(player, "stunned")
    elif outcome == "casualty" and "regeneration" in player.skills and _regenerates(ctx, player):
        ctx.state.remove(player, "reserves")
    else:
        ctx.state.remove(player, stunned_off if outcome == "stunned" else outcome)  # type: ignore[arg-type]
    ctx.note("injury", player=player.id, total=sum(rolls) + modifier, result=player.status)
    return outcome


def _apothecary(
    ctx: KickoffContext, player: Player, outcome: str, *, off_pitch: bool
) -> Status | None:
    """The team's apothecary on ``player`` just Knocked Out or a Casualty, if his team has one
    left and its coach uses it (an ``apothecary`` decision, ``ctx.decide``: scripted ``True``
    for the players named in ``decisions.apothecary``; default ``False``); it is then used up.
    His new status: ``"stunned"`` (he stays on his square) or ``"reserves"``
    (``Ruleset.apothecary``); ``None`` when no apothecary is used, or a Casualty stands
    (:func:`_patch_casualty`)."""
    rules = ctx.ruleset.apothecary
    team = ctx.state.teams[player.side]
    if rules is None or outcome == "stunned" or team.apothecaries <= 0:
        return None
    named = player.id in ctx.decisions.apothecary
    if not ctx.decide(Decision("apothecary", player.side, "decisions.apothecary", False,
                               lambda: (False, True), None, named, named)):
        return None
    team.apothecaries -= 1
    if outcome == "casualty":
        return _patch_casualty(ctx, player, rules)
    status: Status = rules.knocked_out_off_pitch if off_pitch else rules.knocked_out_on_pitch
    ctx.note("apothecary", player=player.id, result=status)
    return status


def _patch_casualty(ctx: KickoffContext, player: Player, rules: ApothecaryRules) -> Status | None:
    """An apothecary on a Casualty: ``"reserves"`` if patched up, ``None`` if the Casualty
    stands (docs/rulings.md, "Apothecary").

    Sevens (``casualty_d6``): a D6 of its own, reaching it patches him up. classic / bb2020 /
    bb2025 (``casualty_table``): the Casualty table is rolled (the spec rolls it for no other
    Casualty), then again, and the coach chooses which result applies (a ``casualty_result``
    decision, default the Badly Hurt one, else the first); Badly Hurt sends him to the
    Reserves. A first roll already Badly Hurt needs no second (FUMBBL's StepApothecary rolls
    none; the coach would choose it). Raises ``NotSupportedError`` for a ruleset with
    neither."""
    pid = player.id
    if rules.casualty_d6 is not None:
        need = rules.casualty_d6
        (roll,) = ctx.roll_dice([("d6", f"apothecary {pid}")], lambda v: v[0] >= need)
        ctx.note("apothecary", player=pid, roll=roll,
                 result="reserves" if roll >= need else "casualty")
        return "reserves" if roll >= need else None
    table = rules.casualty_table
    if table is None:
        raise NotSupportedError.at("decisions.apothecary", f"{pid} suffered a Casualty and "
                                   f"{ctx.ruleset.name} has no Casualty table")
    return _patch_by_table(ctx, player, table)


def _patch_by_table(ctx: KickoffContext, player: Player, table: CasualtyTable) -> Status | None:
    """:func:`_patch_casualty` with a Casualty table: rolled once, again unless the first is
    Badly Hurt, the coach choosing which applies."""
    pid = player.id
    rolls: list[tuple[int, ...]] = []
    while len(rolls) < 2 and not any(r[0] <= table.badly_hurt_max for r in rolls):
        what = "Casualty table" if not rolls else "apothecary's Casualty table"
        rolls.append(ctx.roll_dice([(kind, f"{what} {pid}") for kind in table.dice],
                                   lambda v: v[0] <= table.badly_hurt_max))
    hurt = ["badly_hurt" if r[0] <= table.badly_hurt_max else "casualty" for r in rolls]
    chosen = "first"
    if len(rolls) == 2:
        chosen = ctx.decide(Decision(
            "casualty_result", player.side, "decisions.apothecary", "second"
            if hurt[1] == "badly_hurt" else "first", lambda: ("first", "second")))
    result = hurt[0] if chosen == "first" else hurt[1]
    ctx.note("apothecary", player=pid, casualty_rolls=[list(r) for r in rolls],
             chosen=chosen, result="reserves" if result == "badly_hurt" else "casualty")
    return "reserves" if result == "badly_hurt" else None


def _regenerates(ctx: KickoffContext, player: Player) -> bool:
    """Regeneration after a Casualty: D6, 4+ the player goes to the Reserves instead (classic,
    LRB6 Skills: Regeneration; bb2020 / bb2025 Skills and Traits: Regeneration). The Casualty
    table is out of scope, so the roll comes straight after the injury roll."""
    (roll,) = ctx.roll_dice([("d6", f"regeneration {player.id}")], lambda v: v[0] >= 4)
    ctx.note("regeneration", player=player.id, roll=roll, regenerated=roll >= 4)
    return roll >= 4


#: The armour roll that Claw / Claws breaks whatever the AV (classic, bb2020, bb2025).
CLAW_ARMOUR = 8


def armour_and_injury(
    ctx: KickoffContext, player: Player, *, mighty_blow: int = 0, claw: bool = False
) -> None:
    """The armour roll of a player just Knocked Down (already Prone), then injury if it breaks.

    ``mighty_blow``: the bonus of the attacker's Mighty Blow (0 without it), added to the armour
    roll when that breaks it, else to the injury roll of an armour broken without it. ``claw``:
    the player knocking him down has Claw (classic) / Claws (bb2020, bb2025): a roll of 8 or more
    breaks his armour whatever his AV: classic LRB6 Claw "after modifications" (Mighty Blow
    counts towards the 8), bb2020 Claws "before applying any modifiers" and bb2025 Claws "a
    natural 8+" (it does not: ``ActionRules.claw_natural``)."""
    margin = ctx.ruleset.actions.armour_margin
    need = player.av + margin
    claw_need = CLAW_ARMOUR if claw else need
    # the 8 Claw needs, with Mighty Blow's bonus counted (classic) or not (bb2020+)
    claw_modified = claw_need if not ctx.ruleset.actions.claw_natural else need

    def broken(rolls: tuple[int, ...]) -> int:
        """0 held, 1 broken only with Mighty Blow, 2 broken without it."""
        total = sum(rolls)
        if total >= need or total >= claw_need:
            return 2
        return 1 if mighty_blow and total + mighty_blow >= min(need, claw_modified) else 0

    rolls = ctx.roll_dice([("d6", f"armour {player.id} (AV {player.av})")] * 2, broken)
    how = broken(rolls)
    ctx.note("armour", player=player.id, total=sum(rolls), broken=how > 0,
             mighty_blow="armour" if how == 1 else None)
    if how:
        injury(ctx, player, mighty_blow if how == 2 else 0)
