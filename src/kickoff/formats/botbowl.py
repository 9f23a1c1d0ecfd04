"""botbowl formations (text grids) made into project set-ups for a given team.

A botbowl formation (njustesen/botbowl, ``data/formations``) is one half of the pitch as text:
one line per row ``y`` (15 rows for eleven-a-side), one character per column ``x`` (13 columns),
column 0 the End Zone and the last column the Line of Scrimmage, i.e. drawn like our home team.
``-`` is an empty square; any other character is a role hint for the player to put there:

====  ==========================  ====  =============================
``S``  strongest                   ``m``  highest Movement
``s``  Sure Hands                  ``a``  best Agility
``p``  Pass                        ``v``  best Armour
``c``  Catch                       ``0``  fewest skills
``b``  Block                       ``x``  any lineman
``d``  Dodge
====  ==========================  ====  =============================

botbowl itself fills the squares of a formation from the team at set-up time. kickoff does the
same once, at import, by its own documented rule (``docs/import.md``; botbowl's ``Formation``
code was read to learn the letters' meaning and order, not copied):

1. Squares are filled in this order: the Line of Scrimmage (Centre Field) squares before all
   others, then by letter in the order ``S s p b c m a v d 0 x`` (botbowl's order: the scarce
   roles first, plain linemen last), then nearest the Line of Scrimmage first (``x``
   descending), then top to bottom (``y`` ascending).
2. Each square takes, from the players not yet placed, the best one for its letter by the keys
   in :data:`ROLE_KEYS` (compared in turn); a tie goes to the lowest jersey number.
3. When the team runs out of players the remaining squares stay empty; players left over stay
   in the Reserves.

Agility and armour are compared in the team's own convention: classic values (higher is
better) or bb2020 / sevens targets (AG 2+ beats 3+; AV 10+ beats 9+).

The result is an ordinary :class:`~kickoff.formats.teams.SetupFile`, checked like any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePath

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.pitch import Pitch, Side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Family, Ruleset
from kickoff.formats.fields import printable_name, printable_text
from kickoff.formats.fumbbl.setup import check_for_team
from kickoff.formats.reading import MAX_PROBLEMS, capped
from kickoff.formats.teams import RosterPlayer, SetupFile, TeamFile

#: Role letters in the order their squares are filled (after the Line of Scrimmage rule).
LETTERS = "Sspbcmavd0x"

#: What each letter means, for messages and docs.
ROLE_NAMES = {
    "S": "strongest", "s": "Sure Hands", "p": "Pass", "c": "Catch", "b": "Block", "d": "Dodge",
    "m": "highest MA", "a": "best AG", "v": "best AV", "0": "fewest skills", "x": "any lineman",
}

_BALL = ("sure_hands", "pass", "catch")

Key = Callable[[RosterPlayer, Family], tuple[float, ...]]


def _has(p: RosterPlayer, skill: str) -> int:
    return 1 if skill in p.skills else 0


def _ag(p: RosterPlayer, family: Family) -> int:
    """Agility, higher is better, in either convention."""
    return p.ag if family == "classic" else -p.ag


def _ball_handler(p: RosterPlayer) -> int:
    return 1 if any(s in p.skills for s in _BALL) else 0


#: For each letter, the keys a player is ranked by (larger is better, compared in turn).
ROLE_KEYS: dict[str, Key] = {
    # strongest: ST, then Block; keep ball handlers off the line; then armour.
    "S": lambda p, f: (p.st, _has(p, "block"), -_ball_handler(p), p.av),
    "s": lambda p, f: (_has(p, "sure_hands"), _has(p, "pass"), _ag(p, f)),
    "p": lambda p, f: (_has(p, "pass"), _has(p, "sure_hands"), _ag(p, f)),
    "c": lambda p, f: (_has(p, "catch"), _ag(p, f), p.ma),
    "b": lambda p, f: (_has(p, "block"), p.st, p.av),
    "d": lambda p, f: (_has(p, "dodge"), _ag(p, f), p.ma),
    "m": lambda p, f: (p.ma, _ag(p, f)),
    "a": lambda p, f: (_ag(p, f), p.ma),
    "v": lambda p, f: (p.av, p.st),
    "0": lambda p, f: (-len(p.skills),),
    # any lineman: a player called a Lineman, else no ball-handling or catching skill, then
    # the fewest skills (keep specialists for their own letters).
    "x": lambda p, f: ("lineman" in p.position.lower(), -_ball_handler(p), -len(p.skills)),
}


def _refuse_no_grid(rows: list[str], where: str, pitch: Pitch) -> None:
    """``ScenarioError`` with one problem when ``rows`` are no formation at all (a README, a
    log: the wrong row count and most rows not made of ``-`` and role letters), instead of one
    problem per character; nothing for a grid, however wrong, which :func:`parse_grid` reports
    in detail."""
    allowed = set("-") | set(ROLE_NAMES)
    strange = [y for y, row in enumerate(rows) if row and not set(row) <= allowed]
    if len(rows) == pitch.height or len(strange) * 2 <= len(rows):
        return
    first = rows[strange[0]]
    shown = first if len(first) <= 30 else first[:30] + "..."
    raise ScenarioError([Problem(
        f"not a set-up file (lines that are no row of - and role letters: {len(strange)} of "
        f"{len(rows)}, the first line {strange[0] + 1}: {shown!r}); setup import reads a botbowl "
        f"formation ({pitch.height} rows of {pitch.width // 2} characters for the "
        f"{pitch.describe()} pitch) or a FUMBBL set-up (XML or JSON), docs/import.md", where)])


def parse_grid(text: str, where: str, pitch: Pitch) -> dict[tuple[int, int], str]:
    """Read a formation grid for ``pitch``: ``{(x, y): letter}`` of its non-empty squares.

    The grid must have ``pitch.height`` rows of ``pitch.width // 2`` characters (trailing
    blanks and blank lines at the end are ignored). Raises ``ScenarioError`` listing every
    problem: wrong row count or length, a character that is not ``-`` or a role letter, an
    empty formation.
    """
    # Rows end at a line break (\n, \r\n, \r) only: str.splitlines also splits on \v, \f and
    # U+2028, which a grid must not hold unseen (each is a character that is not a letter).
    rows = [line.rstrip(" \t") for line in re.split(r"\r\n|\r|\n", text.lstrip("\ufeff"))]
    while rows and not rows[-1]:
        rows.pop()
    width = pitch.width // 2
    _refuse_no_grid(rows, where, pitch)
    problems: list[Problem] = []
    if len(rows) != pitch.height:
        problems.append(Problem(f"{len(rows)} rows, a botbowl formation for the "
                        f"{pitch.describe()} pitch has {pitch.height} (y 0..{pitch.height - 1})", where))
    squares: dict[tuple[int, int], str] = {}
    more = 0  # problems found past MAX_PROBLEMS: counted, not made
    for y, row in enumerate(rows):
        if len(row) != width:
            if len(problems) >= MAX_PROBLEMS:
                more += 1
            else:
                problems.append(Problem(f"row {y} has {len(row)} columns, expected {width} "
                                f"(x 0..{width - 1}, the Line of Scrimmage last)", where))
        for x, ch in enumerate(row):
            if ch == "-":
                continue
            if ch not in ROLE_NAMES:
                if len(problems) >= MAX_PROBLEMS:
                    more += 1
                    continue
                problems.append(Problem(f"row {y}, column {x}: {ch!r} is not a role letter "
                                f"(- or one of {' '.join(LETTERS)})", where))
                continue
            squares[(x, y)] = ch
    if not squares and not problems:
        problems.append(Problem("the formation places nobody", where))
    if problems:
        raise ScenarioError(capped(problems, more, where))
    return squares


def fill_order(squares: dict[tuple[int, int], str], pitch: Pitch) -> list[tuple[int, int]]:
    """The order squares are filled in (rule 1 of the module doc)."""
    def key(sq: tuple[int, int]) -> tuple[int, int, int, int]:
        return (0 if pitch.on_los("home", sq) else 1, LETTERS.index(squares[sq]), -sq[0], sq[1])

    return sorted(squares, key=key)


def assign(squares: dict[tuple[int, int], str], team: TeamFile, pitch: Pitch) -> dict[int, tuple[int, int]]:
    """Jersey number -> square: the team's players chosen for the squares (rules 1-3)."""
    free = sorted(team.players, key=lambda p: p.number)
    chosen: dict[int, tuple[int, int]] = {}
    for sq in fill_order(squares, pitch):
        if not free:
            break
        rank = ROLE_KEYS[squares[sq]]
        # max() keeps the first of equals: the lowest jersey number.
        best = max(free, key=lambda p: rank(p, team.family))
        free.remove(best)
        chosen[best.number] = sq
    return dict(sorted(chosen.items()))


def import_formation(
    text: str, where: str, team: tuple[str, TeamFile], ruleset: Ruleset, side: Side = "home",
) -> SetupFile:
    """A botbowl formation made into a set-up for ``team`` (``(where, team)``), checked.

    The set-up's ``kind`` is ``defence`` / ``offence`` when the file name starts ``def`` /
    ``off`` (botbowl's naming). Raises ``ScenarioError`` for an unreadable grid and
    ``SetupError`` listing every problem when the result is not a legal set-up for the team.
    """
    pitch = ruleset.pitch
    squares = parse_grid(text, where, pitch)
    positions = assign(squares, team[1], pitch)
    stem = PurePath(where).stem
    kind = "defence" if stem.startswith("def") else "offence" if stem.startswith("off") else None
    setup = SetupFile.model_validate({
        "name": printable_name(f"{stem} ({team[1].name})"),
        "pitch": pitch.name,
        "kind": kind,
        "source": printable_text(f"botbowl formation {PurePath(where).name}, players of "
                                 f"{team[1].name} chosen by kickoff's role-letter rule "
                                 "(docs/import.md)"),
        "description": printable_text(f"botbowl formation {stem} filled with {team[1].name}"),
        "positions": {str(n): [x, y] for n, (x, y) in positions.items()},
    })
    problems = check_for_team(setup, where, team, ruleset, side)
    if problems:
        raise SetupError(problems)
    return setup
