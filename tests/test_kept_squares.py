"""The squares the rules keep made once (issue 29, keep the speed: ``docs/performance.md``):
a Kick It! spread's offsets by aim and distance, read from ``square_at``'s table, and the
neighbours ``tackle_zones`` reads, by square. Each against the rule written out from scratch,
on the table and off it (where the spread falls back to new squares)."""

from __future__ import annotations

import json

from helpers import scenario

from kickoff.core.pitch import NEIGHBOURS, SQUARES_MARGIN, SQUARES_SPAN, Square, spread, square_at
from kickoff.core.state import LOST_TACKLE_ZONE, GameState, Player, tackle_zones
from kickoff.formats.scenario import load_scenario, parse_scenario


def _spread_from_scratch(origin: tuple[int, int], aim: tuple[int, int], n: int) -> list[Square]:
    """The squares at distance exactly ``n`` from ``origin`` between the 1-2 and the 5-6 arrows
    (the aim turned 45 degrees either way), both included: the ring walked square by square,
    clockwise from its north-west corner, and its squares within ``n`` steps of the aim's; by
    x then y."""
    ring: list[tuple[int, int]] = []
    x, y = -n, -n
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        for _ in range(2 * n):
            ring.append((x, y))
            x, y = x + dx, y + dy
    centre = ring.index((aim[0] * n, aim[1] * n))
    return sorted(Square(origin[0] + dx, origin[1] + dy) for i, (dx, dy) in enumerate(ring)
                  if min((i - centre) % (8 * n), (centre - i) % (8 * n)) <= n)


def test_spread_is_the_arc_between_the_arrows_on_and_off_the_table() -> None:
    edge = SQUARES_SPAN - SQUARES_MARGIN  # the first x (or y) past square_at's table
    for origin in [(10, 7), (0, 0), (25, 14), (edge - 3, 7), (edge + 5, -30), (-SQUARES_MARGIN, 3)]:
        for aim in NEIGHBOURS:
            for n in (1, 2, 5, 9):
                assert spread(origin, aim, n) == _spread_from_scratch(origin, aim, n), (
                    origin, aim, n)


def test_spread_on_the_table_gives_the_kept_squares() -> None:
    got = spread((10, 7), (1, 0), 3)
    assert got == [Square(13, 4), Square(13, 5), Square(13, 6), Square(13, 7), Square(13, 8),
                   Square(13, 9), Square(13, 10)]
    assert all(sq is square_at(sq.x, sq.y) for sq in got)


def _zones_from_scratch(state: GameState, square: tuple[int, int], side: str) -> list[Player]:
    """The opposing Standing players with their tackle zone adjacent to ``square``, in the
    Random Direction template's order (``NEIGHBOURS``)."""
    out = []
    for dx, dy in NEIGHBOURS:
        for p in state.players.values():
            if (p.square == (square[0] + dx, square[1] + dy) and p.side != side
                    and p.status == "standing" and LOST_TACKLE_ZONE not in p.effects):
                out.append(p)
    return out


def test_tackle_zones_read_the_board_as_it_is_now() -> None:
    state = load_scenario(parse_scenario(json.dumps(scenario("bb2020")))).state.clone()
    home = [p for p in state.players.values() if p.side == "home" and p.square is not None]
    # Three away players around (20, 7), one of them Prone, one without his tackle zone.
    away = [p for p in state.players.values() if p.side == "away" and p.square is not None][:3]
    for p, sq in zip(away, [Square(21, 7), Square(19, 6), Square(20, 8)], strict=True):
        state.move(p, sq)
    state.set_status(state.players[away[1].id], "prone")
    state.add_effect(state.players[away[2].id], LOST_TACKLE_ZONE)
    squares = [Square(20, 7), Square(20, 6), Square(22, 8), Square(0, 0), Square(-40, 70)]
    for sq in squares + [p.square for p in home if p.square is not None]:
        for side in ("home", "away"):
            assert tackle_zones(state, sq, side) == _zones_from_scratch(state, sq, side)
    assert [p.id for p in tackle_zones(state, Square(20, 7), "home")] == [away[0].id]
    # The same squares again once the players have moved: the kept neighbours are squares only.
    state.move(state.players[away[0].id], Square(19, 8))
    assert [p.id for p in tackle_zones(state, Square(20, 7), "home")] == [away[0].id]
    assert tackle_zones(state, Square(22, 8), "home") == []
