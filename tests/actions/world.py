"""A small world for action tests: players placed by hand, scripted dice, one context."""

from __future__ import annotations

from typing import Any

from kickoff.core import RULESETS, Decisions, GameState, Player, ScriptedDice, Team
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Rerolls
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn

#: Each ruleset's lineman: classic AG/AV are characteristics, the others targets.
LINEMAN = {
    "classic": {"ma": 6, "st": 3, "ag": 3, "av": 8},
    "bb2020": {"ma": 6, "st": 3, "ag": 3, "av": 9},
    "bb2025": {"ma": 6, "st": 3, "ag": 3, "av": 9},
    "sevens": {"ma": 6, "st": 3, "ag": 3, "av": 9},
}


def world(
    ruleset: str,
    players: dict[str, tuple[int, int] | dict[str, Any]],
    *,
    dice: dict[str, list[int]] | None = None,
    weather: str = "nice",
    rerolls: int = 0,
    ball: tuple[int, int] | None = None,
    carrier: str | None = None,
) -> KickoffContext:
    """Players by id (``h...`` home, ``a...`` away): a square, or a dict of overrides with
    ``square``. Home kicks. Returns a context over scripted ``dice``."""
    teams: dict[str, list[Player]] = {"home": [], "away": []}
    for order, (pid, spec) in enumerate(players.items()):
        kw = dict(LINEMAN[ruleset])
        if isinstance(spec, dict):
            kw.update(spec)
        else:
            kw["square"] = spec
        sq = kw.pop("square")
        skills = frozenset(kw.pop("skills", ()))
        side = "home" if pid.startswith("h") else "away"
        teams[side].append(Player(pid, side, square=Square(*sq) if sq else None, skills=skills,
                                  order=order, **kw))
    state = GameState(
        RULESETS[ruleset].pitch,
        {"home": Team("home", teams["home"], rerolls=rerolls),
         "away": Team("away", teams["away"], rerolls=rerolls)},
        weather=weather,  # type: ignore[arg-type]
        ball=Square(*ball) if ball else None,
        carrier=carrier,
    )
    return KickoffContext(state, RULESETS[ruleset], ScriptedDice(dice or {}), Decisions())


def turn(side: str = "home", *, team_rerolls: bool = True, skills: bool = True,
         ends_on_fall: bool = False, acting: str | None = "h1") -> Turn:
    """A turn during ``acting``'s activation (bb2020+ Pro, bb2020 Dodge and Sure Feet work only
    for his own rolls)."""
    t = Turn(side, team_rerolls=team_rerolls, once_per_turn_skills_allowed=skills,  # type: ignore[arg-type]
             ends_on_fall=ends_on_fall)
    if acting is not None:
        t.activate(acting, "w")
    return t


def path(*squares: tuple[int, int]) -> list[Square]:
    return [Square(*s) for s in squares]


def left(ctx: KickoffContext) -> dict[str, int]:
    """Dice left unused in each queue."""
    d = ctx.dice
    assert isinstance(d, ScriptedDice)
    return {k: len(q) - d._pos.get(k, 0) for k, q in d.queues.items() if len(q) - d._pos.get(k, 0)}


NO_REROLL = Rerolls()
