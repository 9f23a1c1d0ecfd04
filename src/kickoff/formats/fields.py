"""The bounded values that the scenario format and the team and set-up files share (counts,
coordinates, player ids, skill lists), as pydantic field types.

Their own module, so that reading a team or set-up file (:mod:`kickoff.formats.teams`) does not
import the scenario format's models (start-up, issue 16); :mod:`kickoff.formats.scenario_models`
re-exports them.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

#: A count (a team's re-rolls, its turn): at most 6 digits, so that a message quoting one that is
#: out of range stays short (a 4,000-digit count was quoted whole).
NonNegative = Annotated[int, Field(ge=0, le=999_999)]
#: A scripted die as a document gives it (checked against its die later): at most 6 digits.
DieIn = Annotated[int, Field(ge=-999_999, le=999_999)]
#: The most values a scenario's scripted dice give of one kind (``dice.d6``, ...): a kick-off
#: uses fewer than 100, a turn with a long Blitz! a few hundred; a longer list is refused
#: before it is read into dice.
MAX_DICE = 10_000
#: The most skills a player may list (a scenario's or a team file's): a real player has fewer
#: than 15; a longer list is refused before each unknown name is looked up for a hint.
MAX_SKILLS = 32
#: The longest player id or skill name a document may give (a real one has fewer than 30
#: characters): a message quoting a longer one stays short (a 100,000-character id was quoted
#: whole).
MAX_NAME = 64
#: A player's skills, at most :data:`MAX_SKILLS` names of at most :data:`MAX_NAME` characters.
SkillList = Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]],
                      Field(max_length=MAX_SKILLS)]
#: The most players a team may list (a scenario's or a team file's; a jersey number is 1..99):
#: with :data:`MAX_SKILLS`, this bounds the work of checking a team.
MAX_TEAM_PLAYERS = 99
#: A square's coordinate as a document gives it: at most 6 digits, as a square option's (a square
#: off the pitch is reported by the ruleset's checks; a 4,000-digit one was quoted whole).
Coordinate = Annotated[int, Field(ge=-999_999, le=999_999)]
SquareIn = tuple[Coordinate, Coordinate]

#: The longest name a team, player, position or set-up may have (drawn in headings and tables).
MAX_TEXT_NAME = 200
#: The longest free text (a file's ``source`` or ``description``).
MAX_TEXT = 2_000
#: Control characters: C0 and C1, with DEL. A name drawn on a terminal must not carry escape
#: codes (``\x1b[31m``) or line breaks; free text may break lines (``\n``) and tabs.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _no_control(pattern: re.Pattern[str], what: str = "a name or text") -> AfterValidator:
    def check(text: str) -> str:
        found = pattern.search(text)
        if found:
            raise ValueError(f"control character U+{ord(found.group()):04X} at position "
                             f"{found.start()}: not allowed in {what}")
        return text
    return AfterValidator(check)


#: A name (team, player, position, set-up): at most :data:`MAX_TEXT_NAME` characters, no control
#: characters (a 10 MB team name took 70 s to draw; an escape code reached the terminal raw).
Name = Annotated[str, Field(max_length=MAX_TEXT_NAME), _no_control(_CONTROL)]
def printable_name(text: str) -> str:
    """A name taken from another tool's data (a FUMBBL replay's team or player, a FUMBBL set-up,
    a botbowl formation's file name) as a :data:`Name`: each control character a space, cut to
    :data:`MAX_TEXT_NAME` characters. Such a name is not the user's input to refuse."""
    return _CONTROL.sub(" ", text)[:MAX_TEXT_NAME]


def printable_text(text: str) -> str:
    """Free text made from another tool's data or a file's name (a set-up's ``source`` naming
    the file it came from and its FUMBBL ``teamId``): each control character a space, cut to
    :data:`MAX_TEXT` characters. A file name may hold any character but ``/`` and NUL: one with
    a control character made the set-up file's model fail with a traceback."""
    return _CONTROL.sub(" ", text)[:MAX_TEXT]


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("a player id must have a character that is not a space")
    return text


#: The Unicode categories a player id may not have a character of, beyond :data:`_CONTROL`: the
#: invisible ones (format characters such as the zero-width space U+200B and the marks of
#: direction, line and paragraph separators, surrogates, private use, unassigned) and every
#: space but U+0020 (a no-break space): two ids that look the same would be two players.
_NOT_IN_ID = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"})


def _visible(text: str) -> str:
    import unicodedata

    for i, ch in enumerate(text):
        if ch != " " and unicodedata.category(ch) in _NOT_IN_ID:
            raise ValueError(f"invisible character U+{ord(ch):04X} "
                             f"({unicodedata.name(ch, 'unnamed')}) at position {i}: not "
                             "allowed in a player id")
    return text


#: A player id (a player's own or one naming a player): at most :data:`MAX_NAME` characters, not
#: only spaces, no control characters (an id is quoted in every message about its player: a
#: line break in one made a message look like two) nor invisible ones (:data:`_NOT_IN_ID`).
PlayerId = Annotated[str, Field(max_length=MAX_NAME), _no_control(_CONTROL, "a player id"),
                     AfterValidator(_visible), AfterValidator(_not_blank)]


#: Free text: at most :data:`MAX_TEXT` characters, no control characters but line breaks and tabs.
Text = Annotated[str, Field(max_length=MAX_TEXT), _no_control(_CONTROL_IN_TEXT)]
