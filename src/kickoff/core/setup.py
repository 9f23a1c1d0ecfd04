"""Set-up checks (``rulings.md`` section 1): every problem of a team's set-up, listed at once.

A legal set-up has ``min(available, max_players)`` players on the pitch (available = on the
pitch plus Reserves), at least ``min_on_los`` of them on the team's own Line of Scrimmage (all of
them when there are that many or fewer), at most ``max_per_wide_zone`` in each Wide Zone, every
player Standing, inside the team's own set-up zone, one player a square.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from kickoff.core.pitch import Pitch, Side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState, Player


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def _where(p: Player) -> str:
    return f"player {p.id} at {list(p.square) if p.square is not None else None}"


def _about(message: str, where: str, players: Sequence[Player]) -> Problem:
    """A problem of ``where`` (a team) naming ``players``, with their ids and squares."""
    return Problem(message, where, tuple(p.id for p in players),
                   tuple(p.square for p in players if p.square is not None), "illegal_setup")


def setup_problems(
    state: GameState, ruleset: Ruleset, side: Side, *, check_count: bool = True
) -> list[Problem]:
    """Every problem of ``side``'s set-up in ``state``: ``where`` is ``"{side} team"``, the
    players and squares those the message names.

    ``check_count=False`` skips the player count (a re-set-up during Perfect / Solid Defence
    moves the players already on the pitch; the Reserves stay out). Returns ``[]`` when legal.
    """
    team = state.teams[side]
    on_pitch = [p for p in team.players if p.square is not None]
    name = f"{side} team"
    problems = _count_problems(ruleset, team.players, on_pitch, name) if check_count else []
    problems += _square_problems(ruleset.pitch, side, on_pitch, name)
    problems += _los_problems(ruleset, side, on_pitch, name)
    problems += _wide_zone_problems(ruleset, on_pitch, name)
    return problems


def _count_problems(ruleset: Ruleset, players: Sequence[Player], on_pitch: list[Player],
                    name: str) -> list[Problem]:
    """Too many players on the pitch, or fewer than required (all available, up to the
    ruleset's maximum)."""
    available = sum(1 for p in players if p.square is not None or p.status == "reserves")
    required = min(available, ruleset.max_players)
    if len(on_pitch) > ruleset.max_players:
        return [Problem(f"{_players(len(on_pitch))} on the pitch, at most {ruleset.max_players}",
                        name, code="illegal_setup")]
    if len(on_pitch) < required:
        return [Problem(f"{_players(len(on_pitch))} on the pitch, {required} required "
                        f"({available} available)", name, code="illegal_setup")]
    return []


def _square_problems(pitch: Pitch, side: Side, on_pitch: list[Player],
                     name: str) -> list[Problem]:
    """Each player set up off the pitch, outside his own half (third), or not Standing."""
    problems: list[Problem] = []
    for p in on_pitch:
        assert p.square is not None
        if not pitch.on_pitch(p.square):
            problems.append(_about(f"{_where(p)} is off the {pitch.describe()} pitch", name, [p]))
            continue
        if not pitch.in_setup_zone(side, p.square):
            lo, hi = pitch.setup_zone[side]
            zone = "half" if pitch.name == "eleven" else "third"
            problems.append(_about(f"{_where(p)} is outside its own {zone} (x {lo}..{hi})",
                                   name, [p]))
        if p.status != "standing":
            problems.append(_about(f"{_where(p)} is {p.status}; players must be set up Standing",
                                   name, [p]))
    return problems


def _los_problems(ruleset: Ruleset, side: Side, on_pitch: list[Player],
                  name: str) -> list[Problem]:
    """Too few players on the Line of Scrimmage (all of them, when there are no more than its
    minimum on the pitch)."""
    pitch = ruleset.pitch
    on_los = [p for p in on_pitch if p.square is not None and pitch.on_los(side, p.square)]
    need = ruleset.min_on_los
    if len(on_pitch) <= need:
        off = [p for p in on_pitch if p not in on_los]
        if not off:
            return []
        return [_about(
            f"with {_players(len(on_pitch))} on the pitch "
            + ("he" if len(on_pitch) == 1 else "all") + " must be on the Line of "
            f"Scrimmage (x = {pitch.los[side]}); not: " + ", ".join(_where(p) for p in off),
            name, off,
        )]
    if len(on_los) < need:
        return [Problem(
            f"{_players(len(on_los))} on the Line of Scrimmage (x = {pitch.los[side]}, "
            f"y {pitch.wide}..{pitch.height - pitch.wide - 1}), at least {need} required", name,
            code="illegal_setup")]
    return []


def _wide_zone_problems(ruleset: Ruleset, on_pitch: list[Player], name: str) -> list[Problem]:
    """Too many players in either Wide Zone."""
    pitch = ruleset.pitch
    problems: list[Problem] = []
    for zone in ("top", "bottom"):
        in_zone = [
            p for p in on_pitch if p.square is not None and pitch.in_wide_zone(p.square) == zone
        ]
        if len(in_zone) > ruleset.max_per_wide_zone:
            problems.append(_about(
                f"{_players(len(in_zone))} in the {zone} Wide Zone, at most "
                f"{ruleset.max_per_wide_zone}: " + ", ".join(_where(p) for p in in_zone),
                name, in_zone,
            ))
    return problems


def shared_squares(players: list[Player]) -> list[Problem]:
    """A problem for each square holding more than one of ``players`` (no ``where``: the
    players may be of both teams), naming them and the square."""
    counts = Counter(p.square for p in players if p.square is not None)
    problems: list[Problem] = []
    for sq, n in counts.items():
        if n > 1 and sq is not None:
            ids = tuple(p.id for p in players if p.square == sq)
            problems.append(Problem(f"players {', '.join(ids)} share square {list(sq)}",
                                    players=ids, squares=(sq,), code="illegal_setup"))
    return problems


def kickoff_setup_problems(state: GameState, ruleset: Ruleset) -> list[Problem]:
    """Every set-up problem of both teams before a kick-off (kicking team first).

    A kicking team with nobody on the pitch is no problem, in any edition: the kick-off still
    happens with no kicker (bb2020: a kicker is "not always essential"; ruling, the same in
    bb2025 and Sevens; with Kick It! the receiving team is awarded a touchback: ``rulings.md``
    2.1; docs/rulings.md, "Kicker")."""
    problems = setup_problems(state, ruleset, state.kicking)
    problems += setup_problems(state, ruleset, state.receiving)
    problems += shared_squares(list(state.players.values()))
    return problems
