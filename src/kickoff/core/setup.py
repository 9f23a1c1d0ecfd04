"""Set-up checks (``rulings.md`` section 1): every problem of a team's set-up, listed at once.

A legal set-up has ``min(available, max_players)`` players on the pitch (available = on the
pitch plus Reserves), at least ``min_on_los`` of them on the team's own Line of Scrimmage (all of
them when there are that many or fewer), at most ``max_per_wide_zone`` in each Wide Zone, every
player Standing, inside the team's own set-up zone, one player a square.
"""

from __future__ import annotations

from collections import Counter

from kickoff.core.pitch import Side
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState, Player


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def _where(p: Player) -> str:
    return f"player {p.id} at {list(p.square) if p.square is not None else None}"


def setup_problems(
    state: GameState, ruleset: Ruleset, side: Side, *, check_count: bool = True
) -> list[str]:
    """Every problem of ``side``'s set-up in ``state``, as sentences naming player and square.

    ``check_count=False`` skips the player count (a re-set-up during Perfect / Solid Defence
    moves the players already on the pitch; the Reserves stay out). Returns ``[]`` when legal.
    """
    pitch = ruleset.pitch
    team = state.teams[side]
    on_pitch = [p for p in team.players if p.square is not None]
    problems: list[str] = []
    name = f"{side} team"
    if check_count:
        available = sum(1 for p in team.players if p.square is not None or p.status == "reserves")
        required = min(available, ruleset.max_players)
        if len(on_pitch) > ruleset.max_players:
            problems.append(
                f"{name}: {_players(len(on_pitch))} on the pitch, at most {ruleset.max_players}"
            )
        elif len(on_pitch) < required:
            problems.append(
                f"{name}: {_players(len(on_pitch))} on the pitch, {required} required "
                f"({available} available)"
            )
    for p in on_pitch:
        assert p.square is not None
        if not pitch.on_pitch(p.square):
            problems.append(f"{name}: {_where(p)} is off the {pitch.describe()} pitch")
            continue
        if not pitch.in_setup_zone(side, p.square):
            lo, hi = pitch.setup_zone[side]
            zone = "half" if pitch.name == "eleven" else "third"
            problems.append(
                f"{name}: {_where(p)} is outside its own {zone} (x {lo}..{hi})"
            )
        if p.status != "standing":
            problems.append(f"{name}: {_where(p)} is {p.status}; players must be set up Standing")
    on_los = [p for p in on_pitch if p.square is not None and pitch.on_los(side, p.square)]
    need = ruleset.min_on_los
    if len(on_pitch) <= need:
        off = [p for p in on_pitch if p not in on_los]
        if off:
            problems.append(
                f"{name}: with {len(on_pitch)} players on the pitch all must be on the Line of "
                f"Scrimmage (x = {pitch.los[side]}); not: " + ", ".join(_where(p) for p in off)
            )
    elif len(on_los) < need:
        problems.append(
            f"{name}: {_players(len(on_los))} on the Line of Scrimmage (x = {pitch.los[side]}, "
            f"y {pitch.wide}..{pitch.height - pitch.wide - 1}), at least {need} required"
        )
    for zone in ("top", "bottom"):
        in_zone = [
            p for p in on_pitch if p.square is not None and pitch.in_wide_zone(p.square) == zone
        ]
        if len(in_zone) > ruleset.max_per_wide_zone:
            problems.append(
                f"{name}: {_players(len(in_zone))} in the {zone} Wide Zone, at most "
                f"{ruleset.max_per_wide_zone}: " + ", ".join(_where(p) for p in in_zone)
            )
    return problems


def shared_squares(players: list[Player]) -> list[str]:
    """Problems for squares holding more than one of ``players``."""
    counts = Counter(p.square for p in players if p.square is not None)
    return [
        f"players {', '.join(p.id for p in players if p.square == sq)} share square {list(sq)}"
        for sq, n in counts.items()
        if n > 1 and sq is not None
    ]


def kickoff_setup_problems(state: GameState, ruleset: Ruleset) -> list[str]:
    """Every set-up problem of both teams before a kick-off (kicking team first)."""
    problems = setup_problems(state, ruleset, state.kicking)
    problems += setup_problems(state, ruleset, state.receiving)
    problems += shared_squares(list(state.players.values()))
    return problems
