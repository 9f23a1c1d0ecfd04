"""The kept log's flat records (``core/log.py``: each record its tag then its values, no tuple
per line) read as the ``dict`` lines the rules meant, whatever their arity and order, with the lines
the dice write themselves (``DiceLog``) between them, read midway or at the end (issue 29
point 4)."""

from __future__ import annotations

from kickoff.core import RULESETS, Decisions
from kickoff.core.context import KickoffContext
from kickoff.core.dice import SeededDice
from kickoff.core.log import KickoffLog, Label, NoLog, Step
from kickoff.core.pitch import Square
from kickoff.formats.teams import build_state, load_setup, load_team

DEVIATE = Step("deviate", "direction", "distance", "square", "touchback")
EVENT = Step("event", "roll", "name")
KICKER = Step("kicker", "kicker")


def test_every_kind_of_record_reads_as_its_line_in_order() -> None:
    log = KickoffLog()
    log.line(KICKER, "h3", "ignored", "past", "arity")
    log.roll("d8", 5, "kick deviation direction")
    log.line(DEVIATE, 5, 3, Square(14, 9), False)
    SeededDice(7).pick_among("abc", "blitz player", log)  # the dice write their own line
    log.rolls((("d6", "kick-off event"), ("d6", "kick-off event")), (3, 4))
    log.line(EVENT, (3, 4), "Blitz!", None, None)
    midway = log.lines()
    assert [line["step"] for line in midway] == ["kicker", "roll", "deviate", "roll", "roll",
                                                 "roll", "event"]
    log.note("weather", {"roll": [2, 5], "to": Square(1, 2)})
    log.roll("d6", 1, Label("{} count (D3+{})", ("blitz", 0)))
    assert log.lines() is midway and midway == [
        {"kicker": "h3", "step": "kicker"},
        {"step": "roll", "die": "d8", "value": 5, "for": "kick deviation direction"},
        {"direction": 5, "distance": 3, "square": [14, 9], "touchback": False, "step": "deviate"},
        {"step": "roll", "die": "pick", "value": SeededDice(7).roll("pick", 3),
         "for": "blitz player"},
        {"step": "roll", "die": "d6", "value": 3, "for": "kick-off event"},
        {"step": "roll", "die": "d6", "value": 4, "for": "kick-off event"},
        {"roll": [3, 4], "name": "Blitz!", "step": "event"},
        {"roll": [2, 5], "to": [1, 2], "step": "weather"},
        {"step": "roll", "die": "d6", "value": 1, "for": "blitz count (D3+0)"},
    ]
    assert all(type(v) is list for line in midway for v in line.values()
               if isinstance(v, (list, tuple)))  # a Square or a roll pair read as a list


def test_a_line_made_later_is_made_when_read_and_only_when_kept() -> None:
    made: list[tuple[object, ...]] = []

    def make(a: object, b: object, c: object, d: object) -> dict[str, object] | None:
        made.append((a, b, c, d))
        return None if a is None else {"event": a, "at": Square(2, 3), "n": b}

    log = KickoffLog()
    log.later("contest", make, "blitz", 4, None, None)
    log.later("contest", make, None, 0, None, None)  # no line
    log.roll("d3", 2, "count")
    assert made == []
    assert log.lines() == [{"event": "blitz", "at": [2, 3], "n": 4, "step": "contest"},
                           {"step": "roll", "die": "d3", "value": 2, "for": "count"}]
    assert made == [("blitz", 4, None, None), (None, 0, None, None)]
    unkept = NoLog()
    unkept.later("contest", make, "blitz", 4, None, None)
    assert unkept.lines() == [] and len(made) == 2


def test_a_log_longer_than_its_first_room_keeps_every_line_in_order() -> None:
    log = KickoffLog()
    for i in range(100):  # past ROOM items, a dice line between records
        log.roll("d6", i % 6 + 1, f"die {i}")
        log.roll("pick", [i, i + 1], "x")  # k picks at once, as an exact solver's dice write
    lines = log.lines()
    assert len(lines) == 200 and lines[198] == {"step": "roll", "die": "d6", "value": 4,
                                                "for": "die 99"}
    assert [line["value"] for line in lines[1::2]] == [[i, i + 1] for i in range(100)]


def test_a_seeded_pick_keeps_its_label_to_format_when_the_log_is_read() -> None:
    """A pick among several with seeded dice (Officious Ref's, Dodgy Snack's player) rolls as
    the dice's own ``pick_among`` (the same value and line) but keeps its label for the log to
    format when read, as every other seeded roll: no text made for a log nobody reads."""
    formatted: list[str] = []

    class Why:
        def __format__(self, spec: str) -> str:
            formatted.append(spec)
            return "officious ref"

    rs = RULESETS["bb2020"]
    state = build_state(rs, {"home": load_team("human", rs.family),
                             "away": load_team("orc", rs.family)},
                        {"home": load_setup("botbowl_def_zone", rs.pitch),
                         "away": load_setup("botbowl_off_wedge", rs.pitch)}, kicking="home")
    ctx = KickoffContext(state, rs, SeededDice(3), Decisions())
    picked = ctx.pick(["a", "b", "c"], ctx.label("{} player ({})", Why(), "home"))
    assert formatted == []
    value = SeededDice(3).roll("pick", 3)
    assert picked == "abc"[value - 1]
    assert ctx.log.lines() == [
        {"step": "roll", "die": "pick", "value": value, "for": "officious ref player (home)"}]
    assert formatted == [""]
