"""FUMBBL classic XML rosters made into project team files (``docs/formats.md``).

A FUMBBL roster (christerk/ffb, e.g. ``roster_human.xml``, id ``human.lrb6``) lists a race's
positions: ``<position id=..>`` with ``quantity`` (the most a team may have), ``name``, ``type``
(``Regular``, ``Big Guy``, ``Star``, ``Infamous Staff``), ``movement``, ``strength``, ``agility``,
``passing``, ``armour`` and a ``skillList``. These are LRB6 (classic) rosters, so the team file
is of the ``classic`` family: AG and AV are the classic values, there is no PA.

The starting team (documented in ``docs/import.md``):

* Positions used: ``Regular`` ones with a quantity above 0, and ``Big Guy`` ones only when asked
  for; Star Players and Infamous Staff never.
* The *lineman* position is the Regular position with the largest quantity (the first in the
  roster on a tie); the others are *specialists*.
* Without ``picks``: specialists are taken round-robin in roster order (one of each, then a
  second of each, ...) up to their quantities while ``size - 3`` places are left, then linemen
  fill the team (three linemen for the Line of Scrimmage). If the linemen run out, specialists
  fill the rest; a roster that cannot make ``size`` players is an error.
* With ``picks`` (position name or id, any case -> count): exactly those players, quantities checked.
* Jersey numbers follow the built-in set-ups' convention: linemen take 1-3, the first ball
  handler (Sure Hands, else Pass) takes 8 when the team has eight or more players, the others
  follow in roster order (specialists by position, then the remaining linemen).

Skills become our snake_case names (``Sure Hands`` -> ``sure_hands``, ``Throw Team-Mate`` ->
``throw_team_mate``, ``Claw`` -> ``claw``, the classic spelling); values (Loner 4+, Mighty Blow +1) are
dropped and a skill written twice (``bone head``, ``bone-head``) is kept once. A skill the
classic ruleset does not know is an error naming it, the position and the file.

FUMBBL replays embed each team's actual roster (players with their stats and skills as they
stood); the replay extractor (``kickoff fumbbl extract``) reads those. This module is for the
race rosters, from which a coach builds a team.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import PurePath
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.errors import ScenarioError
from kickoff.core.problems import Problem
from kickoff.core.skills import CLASSIC_SKILLS, skill_hint
from kickoff.formats.fields import printable_text
from kickoff.formats.reading import capped
from kickoff.formats.scenario import pydantic_problems
from kickoff.formats.teams import TeamFile
from kickoff.formats.xmlfile import parse_root

#: FUMBBL skill names whose snake_case form is not ours.
SKILL_ALIASES: dict[str, str] = {}

#: Position types that may join a starting team (Big Guys only when asked for).
REGULAR, BIG_GUY = "Regular", "Big Guy"

MAX_PLAYERS = 16


class RosterPosition(BaseModel):
    """One ``<position>`` of a FUMBBL roster (lax: XML text is read as numbers)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    name: str
    type: str = REGULAR
    quantity: Annotated[int, Field(ge=0)]
    movement: int
    strength: int
    agility: int
    passing: int | None = None
    armour: int
    skills: list[str] = Field(default_factory=list)


@dataclass
class Roster:
    """A FUMBBL roster: its id (``human.lrb6``), race name and positions in file order."""

    id: str
    race: str
    positions: list[RosterPosition]


def parse_roster(text: str, where: str = "roster") -> Roster:
    """Read a FUMBBL roster XML document.

    Raises ``ScenarioError`` listing every problem: not well-formed XML, a document type
    declaration, a root other than ``<roster>``, a position without a number where one is
    needed (``positions[i] (id): key: message``), no positions.
    """
    root = parse_root(text, where, "roster", "a roster")
    positions: list[RosterPosition] = []
    problems: list[Problem] = []
    first: dict[str, int] = {}  # a position's id -> the index of the first with it
    for i, el in enumerate(root.findall("position")):
        raw: dict[str, object] = {"id": el.get("id")}
        pid = el.get("id")
        if pid is not None and first.setdefault(pid, i) != i:  # a pick by id: which one?
            problems.append(Problem(f"the id of positions[{first[pid]}] too: each position's "
                                    "id is its own", f"positions[{i}] ({pid})").at(where))
        for child in el:
            if child.tag != "skillList" and child.text is not None:
                raw.setdefault(child.tag, child.text.strip())
        raw["skills"] = [(s.text or "").strip() for s in el.iter("skill")]
        try:
            positions.append(RosterPosition.model_validate(raw))
        except ValidationError as e:
            problems += [p.at(f"positions[{i}] ({el.get('id')})").at(where)
                         for p in pydantic_problems(e)]
    if not positions and not problems:
        problems.append(Problem("the roster has no <position>", where))
    if problems:
        raise ScenarioError(capped(problems, where=where))
    return Roster(root.get("id", ""), (root.findtext("name") or "").strip(), positions)


def convert_skills(position: RosterPosition, where: str) -> tuple[list[str], list[Problem]]:
    """``(skills, problems)``: the position's skills in our names, and one problem per unknown."""
    skills: list[str] = []
    problems: list[Problem] = []
    for name in position.skills:
        snake = name.strip().lower().replace("'", "")
        for ch in " -&":
            snake = snake.replace(ch, "_" if ch != "&" else "and")
        snake = "_".join(part for part in snake.split("_") if part)
        snake = SKILL_ALIASES.get(snake, snake)
        if snake not in CLASSIC_SKILLS:
            problems.append(Problem(f"position {position.name!r} ({position.id}): unknown skill "
                            f"{name!r} in classic{skill_hint(snake, CLASSIC_SKILLS)}", where))
        elif snake not in skills:
            skills.append(snake)
    return skills, problems


def _eligible(roster: Roster, big_guys: bool) -> list[RosterPosition]:
    kinds = {REGULAR, BIG_GUY} if big_guys else {REGULAR}
    return [p for p in roster.positions if p.type in kinds and p.quantity > 0]


def _lineman(positions: list[RosterPosition]) -> RosterPosition:
    regular = [p for p in positions if p.type == REGULAR]
    most = max(p.quantity for p in regular)
    return next(p for p in regular if p.quantity == most)


def choose(
    roster: Roster, where: str, size: int = 11, picks: Mapping[str, int] | None = None,
    big_guys: bool = False,
) -> list[RosterPosition]:
    """The starting team's players as positions (one entry per player), by the module's rule.

    Raises ``ScenarioError`` for a size outside 1..16, a pick naming no usable position or
    exceeding its quantity, or a roster too small for ``size``.
    """
    usable = _eligible(roster, big_guys)
    if not any(p.type == REGULAR for p in usable):
        raise ScenarioError([Problem("the roster has no Regular position with a quantity", where)])
    if picks:
        return _picked(usable, where, picks)
    if not 1 <= size <= MAX_PLAYERS:
        raise ScenarioError([Problem(f"{size} is not 1..{MAX_PLAYERS}", "--players")])
    total = sum(p.quantity for p in usable)
    if total < size:
        raise ScenarioError([Problem(f"the roster allows {total} players, fewer than {size}", where)])
    lineman = _lineman(usable)
    specialists = [p for p in usable if p is not lineman]
    left = {p.id: p.quantity for p in usable}
    team: list[RosterPosition] = []

    def round_robin(limit: int) -> None:
        while len(team) < limit and any(left[p.id] for p in specialists):
            for p in specialists:
                if len(team) < limit and left[p.id]:
                    team.append(p)
                    left[p.id] -= 1

    round_robin(max(size - 3, 0))
    extra = min(size - len(team), left[lineman.id])
    team += [lineman] * extra
    left[lineman.id] -= extra
    round_robin(size)
    return team


def _picked(usable: list[RosterPosition], where: str,
            picks: Mapping[str, int]) -> list[RosterPosition]:
    """:func:`choose` with ``picks`` (position id or name -> how many, ``--pick``): the
    positions, in the picks' order. ``ScenarioError`` listing every pick naming no usable
    position or exceeding its quantity, and a team over :data:`MAX_PLAYERS`."""
    chosen: list[RosterPosition] = []
    problems: list[Problem] = []
    for key, count in picks.items():
        match = [p for p in usable if key.casefold() in (p.id.casefold(), p.name.casefold())]
        if not match:
            names = ", ".join(p.name for p in usable)
            problems.append(Problem(f"no such position in {where} (usable: {names})",
                                    f"--pick {key}={count}"))
        elif not 0 < count <= match[0].quantity:
            problems.append(Problem(f"{match[0].name} allows 1..{match[0].quantity}",
                                    f"--pick {key}={count}"))
        else:
            chosen += [match[0]] * count
    if len(chosen) > MAX_PLAYERS:
        problems.append(Problem(f"{len(chosen)} players, at most {MAX_PLAYERS}", "--pick"))
    if problems:
        raise ScenarioError(problems)
    return chosen


def number_players(players: list[RosterPosition], lineman_id: str) -> list[tuple[int, RosterPosition]]:
    """Jersey numbers by the module's rule: ``[(number, position), ...]`` in number order."""
    linemen = [p for p in players if p.id == lineman_id]
    others = [p for p in players if p.id != lineman_id]
    ordered = linemen[:3] + others + linemen[3:]
    numbered = dict(enumerate(ordered, start=1))
    if len(ordered) >= 8:
        handler = next((i for i, p in numbered.items() if p.id != lineman_id and "Sure Hands" in p.skills),
                       None) or next((i for i, p in numbered.items()
                                      if p.id != lineman_id and "Pass" in p.skills), None)
        if handler is not None and handler != 8:
            # Move the ball handler to 8, shifting the players between up or down by one.
            player = ordered.pop(handler - 1)
            ordered.insert(7, player)
            numbered = dict(enumerate(ordered, start=1))
    return sorted(numbered.items())


def roster_to_team(
    roster: Roster, where: str, *, size: int = 11, picks: Mapping[str, int] | None = None,
    big_guys: bool = False, name: str | None = None, rerolls: int = 0, fan_factor: int = 0,
) -> TeamFile:
    """A classic team file from a FUMBBL roster (the module's rule), validated.

    Raises ``ScenarioError`` listing every problem: an unknown skill (naming it, the position
    and the file), characteristics out of range, or the problems of :func:`choose`.
    """
    chosen = choose(roster, where, size, picks, big_guys)
    lineman = _lineman(_eligible(roster, big_guys))
    problems: list[Problem] = []
    skills: dict[str, list[str]] = {}
    for pos in {p.id: p for p in chosen}.values():
        skills[pos.id], bad = convert_skills(pos, where)
        problems += bad
    if problems:
        raise ScenarioError(problems)
    players = [
        {"number": n, "position": p.name, "ma": p.movement, "st": p.strength, "ag": p.agility,
         "av": p.armour, "skills": skills[p.id]}
        for n, p in number_players(chosen, lineman.id)
    ]
    doc = {
        "name": name or f"{roster.race} starting team",
        "race": roster.race,
        "family": "classic",
        "source": printable_text(f"positions, stats and skills: FUMBBL roster "
                                 f"{PurePath(where).name} (id {roster.id}), converted by "
                                 "kickoff setup roster"),
        "rerolls": rerolls,
        "fan_factor": fan_factor,
        "players": players,
    }
    # the values the caller gave (the name, the counts) are not the roster file's: a problem of
    # one is left at its key, for the caller to place (``kickoff setup roster``: the option)
    given = {"rerolls", "fan_factor"} | ({"name"} if name is not None else set())
    try:
        return TeamFile.model_validate(doc)
    except ValidationError as e:
        raise ScenarioError([p if p.where in given else p.at(where)
                             for p in pydantic_problems(e)]) from None

