"""FUMBBL client set-ups (XML and JSON): import to, and export from, the project's set-up files.

FUMBBL's client (christerk/ffb, ``TeamSetup``) saves a set-up keyed by jersey number, always
drawn as the home team (End Zone at ``x = 0``, Line of Scrimmage at ``x = 12``); players it does
not name stay in the Reserves. The same ``TeamSetup`` object has two serialisations:

* XML (what the client's "save set-up" writes)::

      <teamSetup name="Amazon Team Setup" teamId="teamAmazonKalimar">
        <player nr="9"><coordinate x="12" y="7"/></player>
        ...
      </teamSetup>

* JSON (``TeamSetup.toJsonValue`` / ``initFrom``, as the client and server exchange it)::

      {"name": "Amazon Team Setup", "teamId": "teamAmazonKalimar",
       "playerPositions": [{"playerNr": 9, "coordinate": [12, 7]}, ...]}

Both read into a :class:`FumbblSetup`; :func:`import_setup` turns one into a
:class:`~kickoff.formats.teams.SetupFile` for a given team and checks it (every problem listed);
:func:`to_xml` / :func:`to_json` write one back. The format is documented in ``docs/import.md``.
Only the shape was learnt from the FUMBBL sources; no code was copied.

The helper :func:`check_for_team` is shared with the botbowl importer.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.pitch import PitchName, Side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Ruleset
from kickoff.formats import FumbblFormat as FumbblFormat
from kickoff.formats.fields import printable_name, printable_text
from kickoff.formats.reading import load_json
from kickoff.formats.scenario import pydantic_problems
from kickoff.formats.teams import SetupFile, TeamFile, check_setup_file
from kickoff.formats.xmlfile import parse_root


@dataclass
class FumbblSetup:
    """A FUMBBL set-up: its name, the FUMBBL team id (if any) and jersey number -> ``(x, y)``.

    Squares are drawn as the home team, as FUMBBL draws them. ``positions`` keeps file order.
    """

    name: str
    team_id: str | None = None
    positions: dict[int, tuple[int, int]] = field(default_factory=dict)


# --------------------------------------------------------------------------- input models

Number = Annotated[int, Field(ge=1, le=99)]


class _XmlPlayer(BaseModel):
    # Lax: XML attributes are strings, "12" is read as 12.
    model_config = ConfigDict(extra="forbid")
    nr: Number
    x: int
    y: int


class _XmlSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = ""
    teamId: str | None = None
    players: Annotated[list[_XmlPlayer], Field(min_length=1)]


class _JsonPosition(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    playerNr: Number
    coordinate: Annotated[list[int], Field(min_length=2, max_length=2)]


class _JsonSetup(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    name: str = ""
    teamId: str | None = None
    playerPositions: Annotated[list[_JsonPosition], Field(min_length=1)]


def _duplicates(numbers: list[int], where: str, what: str) -> list[Problem]:
    counts = Counter(numbers)
    return [Problem(f"{what} {n} is given more than once", where)
            for n in sorted(n for n, c in counts.items() if c > 1)]


def parse_xml(text: str, where: str = "set-up") -> FumbblSetup:
    """Read FUMBBL set-up XML (``<teamSetup>``, see the module doc).

    ``where`` (a file name) starts every message. Raises ``ScenarioError`` listing every
    problem: not well-formed XML (truncated, not XML at all), a document type declaration
    (refused: FUMBBL set-ups have none, and it keeps entity tricks out), a root other than
    ``<teamSetup>``, a ``<player>`` without an integer ``nr`` 1..99 or without a
    ``<coordinate x=".." y=".."/>``, a jersey number given twice, no players at all.
    """
    root = parse_root(text, where, "teamSetup", "a FUMBBL set-up")
    players: list[dict[str, str | None]] = []
    problems: list[Problem] = []
    for i, el in enumerate(root.findall("player")):
        coords = el.findall("coordinate")
        if len(coords) != 1:
            problems.append(Problem(f"players[{i}] (nr={el.get('nr')!r}): needs exactly one "
                            f"<coordinate>, found {len(coords)}", where))
            continue
        players.append({"nr": el.get("nr"), "x": coords[0].get("x"), "y": coords[0].get("y")})
    raw = {"name": root.get("name", ""), "teamId": root.get("teamId"), "players": players}
    try:
        doc = _XmlSetup.model_validate(raw)
    except ValidationError as e:
        problems += [p.at(where) for p in pydantic_problems(e)]
        raise ScenarioError(problems) from None
    problems += _duplicates([p.nr for p in doc.players], where, "player nr")
    if problems:
        raise ScenarioError(problems)
    return FumbblSetup(doc.name, doc.teamId, {p.nr: (p.x, p.y) for p in doc.players})


def parse_json(text: str, where: str = "set-up") -> FumbblSetup:
    """Read FUMBBL set-up JSON (``{"name", "teamId", "playerPositions": [...]}``).

    Raises ``ScenarioError`` listing every problem: not valid JSON, not an object, a missing or
    empty ``playerPositions``, a ``playerNr`` that is not an integer 1..99, a ``coordinate`` that
    is not ``[x, y]``, a jersey number given twice. Unknown top-level keys are ignored.
    """
    raw = load_json(text, where, unique_keys=True)
    if not isinstance(raw, dict):
        raise ScenarioError([Problem("a FUMBBL set-up is a JSON object", where)])
    try:
        doc = _JsonSetup.model_validate(raw)
    except ValidationError as e:
        raise ScenarioError([p.at(where) for p in pydantic_problems(e)]) from None
    problems = _duplicates([p.playerNr for p in doc.playerPositions], where, "playerNr")
    if problems:
        raise ScenarioError(problems)
    return FumbblSetup(
        doc.name, doc.teamId,
        {p.playerNr: (p.coordinate[0], p.coordinate[1]) for p in doc.playerPositions},
    )


def detect_format(text: str, filename: str = "") -> FumbblFormat | Literal["botbowl"]:
    """Which set-up format ``text`` is: by extension (``.xml``, ``.json``, ``.txt``), else by
    its first character (``<`` XML, ``{`` JSON, anything else a botbowl text grid)."""
    lower = filename.lower()
    for ext, fmt in ((".xml", "xml"), (".json", "json"), (".txt", "botbowl")):
        if lower.endswith(ext):
            return fmt  # type: ignore[return-value]
    head = text.lstrip("\ufeff \t\r\n")[:1]
    return "xml" if head == "<" else "json" if head == "{" else "botbowl"


def parse_fumbbl(text: str, where: str, fmt: FumbblFormat) -> FumbblSetup:
    """:func:`parse_xml` or :func:`parse_json` by ``fmt``."""
    return parse_xml(text, where) if fmt == "xml" else parse_json(text, where)


# --------------------------------------------------------------------------- to and from ours


def check_for_team(
    setup: SetupFile, where: str, team: tuple[str, TeamFile], ruleset: Ruleset, side: Side = "home"
) -> list[Problem]:
    """Every problem of ``setup`` for ``team`` (``(where, team)``) under ``ruleset``.

    A jersey number the team does not have is reported as ``where: player N: the team 'T' has
    no player number N``; the other checks (``rulings.md`` section 1: squares, own half, Line of
    Scrimmage, Wide Zones, player count, one player a square) run on the remaining players.
    Each message starts with ``where``. Returns ``[]`` for a legal set-up.
    """
    numbers = {p.number for p in team[1].players}
    missing = [k for k in setup.positions if int(k) not in numbers]
    problems = [Problem(f"player {k}: the team {team[1].name!r} has no player number {k}", where)
                for k in missing]
    known = setup.model_copy(update={
        "positions": {k: v for k, v in setup.positions.items() if k not in missing}})
    for p in check_setup_file(ruleset, team, (where, known), side):
        inside = p.where == where or p.where.startswith(f"{where}: ")
        problems.append(p if inside else p.at(where))
    return problems


def to_setup_file(fs: FumbblSetup, pitch: PitchName, source: str) -> SetupFile:
    """``fs`` as a project set-up (not checked against any team: see :func:`import_setup`)."""
    return SetupFile.model_validate({
        "name": printable_name(fs.name) or "FUMBBL set-up",
        "pitch": pitch,
        "source": printable_text(source),
        "positions": {str(n): [x, y] for n, (x, y) in fs.positions.items()},
    })


def import_setup(
    text: str, where: str, fmt: FumbblFormat, team: tuple[str, TeamFile], ruleset: Ruleset,
    side: Side = "home",
) -> tuple[SetupFile, FumbblSetup]:
    """Read a FUMBBL set-up and make it a project set-up for ``team``, checked.

    Returns ``(setup, fumbbl)``: the project set-up (``pitch`` from the ruleset, ``source``
    naming the file and FUMBBL team id) and the FUMBBL set-up as read. Raises
    ``ScenarioError`` for an unreadable file and ``SetupError`` listing every problem of an
    illegal set-up (including every jersey number the team does not have).
    """
    fs = parse_fumbbl(text, where, fmt)
    team_id = f", teamId {fs.team_id}" if fs.team_id else ""
    setup = to_setup_file(fs, ruleset.pitch.name,
                          f"FUMBBL client set-up {PurePath(where).name}{team_id} "
                          "(imported by kickoff)")
    problems = check_for_team(setup, where, team, ruleset, side)
    if problems:
        raise SetupError(problems)
    return setup, fs


def team_id_problem(team_id: str) -> str | None:
    """Why ``team_id`` cannot be a FUMBBL set-up's ``teamId`` (a control character, which XML
    1.0 cannot hold: the file written was not well-formed and its own import refused it; more
    than :data:`~kickoff.formats.fields.MAX_TEXT_NAME` characters), ``None`` if it can."""
    from kickoff.formats.fields import _CONTROL, MAX_TEXT_NAME

    found = _CONTROL.search(team_id)
    if found:
        return (f"control character U+{ord(found.group()):04X} at position {found.start()}: "
                "not allowed in a team id (XML cannot hold it)")
    if len(team_id) > MAX_TEXT_NAME:
        return f"{len(team_id):,} characters, more than {MAX_TEXT_NAME}"
    return None


def from_setup_file(setup: SetupFile, team_id: str | None = None) -> FumbblSetup:
    """A project set-up as a FUMBBL set-up (jersey numbers ascending, as FUMBBL writes them).
    ``ScenarioError`` naming ``teamId`` for a ``team_id`` that :func:`team_id_problem` refuses."""
    problem = None if team_id is None else team_id_problem(team_id)
    if problem is not None:
        raise ScenarioError([Problem(problem, "teamId")])
    positions = {int(k): (v[0], v[1]) for k, v in setup.positions.items()}
    return FumbblSetup(setup.name, team_id, dict(sorted(positions.items())))


def to_xml(fs: FumbblSetup) -> str:
    """FUMBBL set-up XML for ``fs`` (UTF-8 declaration, two-space indent, trailing newline)."""
    attrs = {"name": fs.name}
    if fs.team_id is not None:
        attrs["teamId"] = fs.team_id
    root = ET.Element("teamSetup", attrs)
    for nr, (x, y) in fs.positions.items():
        player = ET.SubElement(root, "player", {"nr": str(nr)})
        ET.SubElement(player, "coordinate", {"x": str(x), "y": str(y)})
    ET.indent(root, space="  ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(root, encoding="unicode", short_empty_elements=True) + "\n")


def to_json(fs: FumbblSetup) -> str:
    """FUMBBL set-up JSON for ``fs`` (``teamId`` left out when unknown)."""
    doc: dict[str, object] = {"name": fs.name}
    if fs.team_id is not None:
        doc["teamId"] = fs.team_id
    doc["playerPositions"] = [{"playerNr": nr, "coordinate": [x, y]}
                              for nr, (x, y) in fs.positions.items()]
    return json.dumps(doc, indent=2) + "\n"


