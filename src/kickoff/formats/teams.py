"""Team files and set-up files: the project's own human-friendly formats (TOML).

Both are documented in ``docs/formats.md``. A **team file** lists a roster (jersey numbers,
positions, characteristics in the edition's own convention, skills) and the team's counters. A
**set-up file** maps jersey numbers to squares, drawn as the home team (End Zone at ``x = 0``);
the away team's set-up is its mirror image (``x -> width - 1 - x``). Players of the team that the
set-up does not name stay in the Reserves.

Built-in teams and set-ups ship in ``kickoff/data`` and are named like ``bb2020/human`` or just
``human`` (the family follows the ruleset); any other name is read as a file path.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, Protocol, TypeVar, get_args

from kickoff.core.errors import ScenarioError, SetupError
from kickoff.core.pitch import SIDES, Pitch, PitchName, Side, Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Family, Ruleset
from kickoff.core.setup import setup_problems, shared_squares
from kickoff.core.skills import skill_hint
from kickoff.core.state import GameState, Player, Team, Weather
from kickoff.formats.reading import load_toml, read_text, size_problem

# The files' pydantic models are imported when a file is validated (a user's file; the web app,
# the set-up commands), not by a command that plays only built-in teams and set-ups (start-up,
# issue 16); ``from kickoff.formats.teams import TeamFile`` still works (``__getattr__``).
if TYPE_CHECKING:
    from kickoff.formats.team_models import RosterPlayer as RosterPlayer
    from kickoff.formats.team_models import SetupFile as SetupFile
    from kickoff.formats.team_models import TeamFile as TeamFile

_MODELS = ("RosterPlayer", "SetupFile", "TeamFile")


def __getattr__(name: str) -> Any:
    if name in _MODELS:
        from kickoff.formats import team_models

        return getattr(team_models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")




def _read_toml(path: Path | str, text: str) -> dict[str, object]:
    return load_toml(text, str(path))


#: A built-in name (and a family or pitch in ``bb2020/human``): never a path (``..``) nor a name
#: too long for the file system.
_BUILTIN_NAME = re.compile(r"[a-z0-9_]{1,64}")

#: ``kickoff/data``, installed with the package as files beside its modules: the folder that
#: ``importlib.resources.files("kickoff")`` gives for it, without importing
#: ``importlib.resources`` (and ``zipfile`` with it: about 4 ms of every command's start-up).
_DATA = Path(__file__).parent.parent / "data"


def _builtin(kind: str, sub: str, name: str) -> tuple[str, str] | None:
    if not (_BUILTIN_NAME.fullmatch(sub) and _BUILTIN_NAME.fullmatch(name)):
        return None
    res = _DATA / kind / sub / f"{name}.toml"
    if res.is_file():
        return f"{kind}/{sub}/{name}", res.read_text(encoding="utf-8")
    return None


def builtin_names(kind: Literal["teams", "setups"], sub: str) -> list[str]:
    """Names of the built-in teams (``sub`` = family) or set-ups (``sub`` = pitch)."""
    folder = _DATA / kind / sub
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


_SUBS = {"teams": get_args(Family), "setups": get_args(PitchName)}


def suggestions(name: str, known: list[str], most: int = 3) -> list[str]:
    """The names of ``known`` a mistyped ``name`` may mean: close spellings, and names that
    contain it or that it contains (``undead`` -> ``shambling_undead``, ``lizardman`` ->
    ``lizardmen``: each family's own spelling)."""
    low = name.lower()
    close = difflib.get_close_matches(low, known, n=most)
    close += [k for k in known if (low in k or k in low) and k not in close]
    return close[:most]


def _locate(kind: Literal["teams", "setups"], sub: str, name: str) -> tuple[str, str]:
    """Find a built-in (``name`` or ``sub/name``) or a file; ``ScenarioError`` says what is wrong."""
    where, text, _ = _find(kind, sub, name)
    return where, text


def _find(kind: Literal["teams", "setups"], sub: str, name: str) -> tuple[str, str, bool]:
    """:func:`_locate`, and whether what it found is a built-in (shipped with the package)."""
    what = "team" if kind == "teams" else "set-up"
    if not name:  # read as a path it is the current folder ("is a folder", naming nothing)
        raise ScenarioError([Problem(f"the name is empty: name a built-in {what} or a "
                                     f"{what} file", what)])
    if "/" in name and not name.endswith(".toml"):
        head, _, tail = name.partition("/")
        found = _builtin(kind, head, tail)
        if found:
            return *found, True
    found = _builtin(kind, sub, name)
    if found:
        return *found, True
    path = Path(name)
    text = _read_named(path, name, what)
    if text is not None:
        return str(path), text, False
    raise _not_found(kind, sub, name, what)


def _read_named(path: Path, name: str, what: str) -> str | None:
    """The text of the file ``name`` names (read within the limit), ``None`` if there is none;
    ``ScenarioError`` for a folder or a file that cannot be read."""
    try:
        if path.is_dir():
            raise ScenarioError([Problem(f"is a folder, not a {what} file", name)])
        if path.exists():  # a file, or a device or pipe (read within the limit)
            return read_text(path)
    except OSError as e:  # a name too long for the file system, ...
        shown = name if len(name) <= 60 else name[:57] + "..."
        raise ScenarioError([Problem(f"cannot read: {e.strerror or e}", shown)]) from None
    return None


def _not_found(kind: Literal["teams", "setups"], sub: str, name: str, what: str) -> ScenarioError:
    """The error for a ``name`` that is no file and no built-in of ``sub``: a path's, or a
    name's with the close built-in names (and where else a built-in of that name is)."""
    if "/" in name or name.endswith(".toml"):
        return ScenarioError([Problem("no such file", name)])
    known = builtin_names(kind, sub)
    close = suggestions(name, known)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    elsewhere = [o for o in _SUBS[kind] if o != sub and _builtin(kind, o, name)]
    if elsewhere:
        return ScenarioError([Problem(f"a built-in {what} for {elsewhere[0]}, not for {sub}"
                                      + (hint or f" (built-in for {sub}: {', '.join(known)})"),
                                      name)])
    return ScenarioError([Problem(f"no such file, and no built-in {what} of that name for {sub}"
                          f"{hint} (built-in: {', '.join(known)})", name)])


class RosterData(Protocol):
    """One player of a team as read: a team file's :class:`RosterPlayer` or a built-in's."""

    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def ma(self) -> int: ...
    @property
    def st(self) -> int: ...
    @property
    def ag(self) -> int: ...
    @property
    def pa(self) -> int | None: ...
    @property
    def av(self) -> int: ...
    @property
    def skills(self) -> Sequence[str]: ...


class TeamData(Protocol):
    """A team as read: a validated :class:`TeamFile` or a built-in's :class:`BuiltinTeam`."""

    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def rerolls(self) -> int: ...
    @property
    def fan_factor(self) -> int: ...
    @property
    def fame(self) -> int: ...
    @property
    def cheerleaders(self) -> int: ...
    @property
    def assistant_coaches(self) -> int: ...
    @property
    def players(self) -> Sequence[RosterData]: ...


class SetupData(Protocol):
    """A set-up as read: a validated :class:`SetupFile` or a built-in's :class:`BuiltinSetup`."""

    @property
    def name(self) -> str: ...
    @property
    def pitch(self) -> str: ...
    @property
    def positions(self) -> Mapping[str, Sequence[int]]: ...


# A built-in team or set-up (``kickoff/data``, shipped with the package) is read as its TOML
# says, without the models' validation: every built-in is validated by the models in the tests
# (``tests/test_setup.py``), and reads the same as through them. So a command that plays only
# built-ins imports no pydantic (start-up, issue 16). A user's file is always validated.
# They are named tuples (immutable, with a repr), not dataclasses: a named tuple's class is
# made without compiling methods of its own, where ``dataclasses`` parses and compiles the
# source of each generated method at import (about 3 times as long for these; start-up).

class BuiltinPlayer(NamedTuple):
    """One player of a built-in team, as its file gives it (the fields of :class:`RosterPlayer`)."""

    number: int
    ma: int
    st: int
    ag: int
    av: int
    name: str = ""
    position: str = ""
    pa: int | None = None
    skills: Sequence[str] = ()


class BuiltinTeam(NamedTuple):
    """A built-in team, as its file gives it (the fields of :class:`TeamFile`)."""

    name: str
    family: str
    players: list[BuiltinPlayer]
    race: str = ""
    source: str = ""
    rerolls: int = 0
    fan_factor: int = 0
    fame: int = 0
    cheerleaders: int = 0
    assistant_coaches: int = 0


class BuiltinSetup(NamedTuple):
    """A built-in set-up, as its file gives it (the fields of :class:`SetupFile`)."""

    name: str
    pitch: PitchName
    positions: dict[str, list[int]]
    kind: str | None = None
    source: str = ""
    description: str = ""


_T = TypeVar("_T", bound=TeamData)
_S = TypeVar("_S", bound=SetupData)


#: What a file given as a team or set-up may be instead, by its first character: a hint added to
#: its TOML error.
_OTHER_FORMATS = {"<": "XML: a FUMBBL set-up or roster? kickoff setup import (a set-up) and "
                       "kickoff setup roster (a team) convert them",
                  "{": "JSON: a FUMBBL set-up? kickoff setup import converts it"}
#: The key each kind of file has and the other has not, and where to give that kind.
_KINDS = {"team": ("players", "a team (--home / --away, --team)"),
          "set-up": ("positions", "a set-up (--home-setup / --away-setup, or the set-up "
                                  "argument)")}


def _validated(model: Any, where: str, text: str) -> Any:
    """``text`` (TOML) validated by the pydantic ``model``; ``ScenarioError`` names each key.
    A file of the other kind (a set-up given as a team, or a team as a set-up) or of another
    format (XML, JSON) is one problem saying what it looks like."""
    from pydantic import ValidationError

    try:
        doc = _read_toml(where, text)
    except ScenarioError:
        hint = _OTHER_FORMATS.get(text.lstrip()[:1])
        if hint is None:
            raise
        raise ScenarioError([Problem(f"not a TOML file: it looks like {hint}", where)]) from None
    this = "team" if model.__name__ == "TeamFile" else "set-up"
    other = "set-up" if this == "team" else "team"
    too_big = size_problem(doc)
    if too_big is not None:  # before pydantic builds a model (and a problem per unknown key)
        raise ScenarioError([Problem(too_big, where)])
    if _KINDS[other][0] in doc and _KINDS[this][0] not in doc:
        raise ScenarioError([Problem(f"a {other} file (it has {_KINDS[other][0]}), not a {this} "
                                     f"file: give it as {_KINDS[other][1]}", where)])
    try:
        return model.model_validate(doc)
    except ValidationError as e:
        from kickoff.formats.scenario_models import pydantic_problems

        raise ScenarioError([p.at(where) for p in pydantic_problems(e)]) from None


def load_team(name: str, family: Family) -> tuple[str, TeamFile]:
    """A team by built-in name or path: ``(where, team)``. ``ScenarioError`` names the key path."""
    return _team_file(*_locate("teams", family, name), family)


def _team_file(where: str, text: str, family: Family) -> tuple[str, TeamFile]:
    """A team file's text validated by the models and checked: ``(where, team)``."""
    from kickoff.formats.team_models import TeamFile

    team: TeamFile = _validated(TeamFile, where, text)
    return where, _checked_team(where, team, family)


def read_team(name: str, family: Family) -> tuple[str, TeamData]:
    """:func:`load_team`, but a built-in team is read as shipped (not through the models)."""
    where, text, builtin = _find("teams", family, name)
    if not builtin:  # the text read once: a pipe (``<(...)``, /dev/stdin) gives it only once
        return _team_file(where, text, family)
    doc = dict(_read_toml(where, text))
    players = [BuiltinPlayer(**p) for p in doc.pop("players")]  # type: ignore[attr-defined]
    return where, _checked_team(where, BuiltinTeam(players=players, **doc), family)  # type: ignore[arg-type]


def _checked_team(where: str, team: _T, family: Family) -> _T:
    if team.family != family:
        raise ScenarioError([Problem(f"family: {team.family!r} team, but this ruleset plays "
                             f"{family!r} teams", where)])
    numbers = [p.number for p in team.players]
    dupes = sorted({n for n in numbers if numbers.count(n) > 1})
    if dupes:
        raise ScenarioError([Problem(f"players: jersey number(s) {dupes} used twice", where)])
    return team


#: A jersey number as a set-up file's key: ASCII digits (``"²"`` or ``"٣"`` is not one).
_JERSEY = re.compile(r"[0-9]{1,4}")


def load_setup(name: str, pitch: Pitch) -> tuple[str, SetupFile]:
    """A set-up by built-in name or path: ``(where, setup)``.

    ``ScenarioError`` names every problem: the file's TOML or keys, a key of ``positions``
    that is not a jersey number (ASCII digits), two keys naming one jersey number (``1`` and
    ``01``), a set-up for the other pitch."""
    return _setup_file(*_locate("setups", pitch.name, name), pitch)


def _setup_file(where: str, text: str, pitch: Pitch) -> tuple[str, SetupFile]:
    """A set-up file's text validated by the models and checked: ``(where, setup)``."""
    from kickoff.formats.team_models import SetupFile

    setup: SetupFile = _validated(SetupFile, where, text)
    return where, _checked_setup(where, setup, pitch)


def read_setup(name: str, pitch: Pitch) -> tuple[str, SetupData]:
    """:func:`load_setup`, but a built-in set-up is read as shipped (not through the models)."""
    where, text, builtin = _find("setups", pitch.name, name)
    if not builtin:  # the text read once, as for a team
        return _setup_file(where, text, pitch)
    return where, _checked_setup(where, BuiltinSetup(**_read_toml(where, text)), pitch)  # type: ignore[arg-type]


def _checked_setup(where: str, setup: _S, pitch: Pitch) -> _S:
    problems = [Problem(f"positions.{k}: not a jersey number (1 to 4 digits 0-9)", where)
                for k in setup.positions if not _JERSEY.fullmatch(k)]
    first: dict[int, str] = {}
    for k in setup.positions:
        if _JERSEY.fullmatch(k):
            if int(k) in first:
                problems.append(Problem(f"positions.{k}: jersey number {int(k)} is also given "
                                f"as positions.{first[int(k)]}", where))
            else:
                first[int(k)] = k
    if setup.pitch != pitch.name:
        problems.append(Problem(f"pitch: a set-up for the {setup.pitch!r} pitch cannot be "
                                f"used on the {pitch.name!r} pitch", where))  # not "a 'eleven'"
    if problems:
        raise ScenarioError(problems)
    return setup


def setup_alone_problems(where: str, setup: SetupData, pitch: Pitch) -> list[Problem]:
    """What a set-up read without a team (``setup show``, ``setup export``) cannot have: a
    jersey number outside 1 to 99 (a team's), a square off ``pitch``. With a team,
    :func:`place_team` names these with the rest (the player, his square). A square off the
    pitch was left out of the drawing unseen, and exported to FUMBBL files ``setup import``
    refuses."""
    problems = [Problem(f"positions.{k}: jersey number {int(k)} is not 1 to 99 (a team's "
                        "jersey numbers)", where)
                for k in setup.positions if _JERSEY.fullmatch(k) and not 1 <= int(k) <= 99]
    problems += [Problem(f"positions.{k}: {list(sq)} is off the {pitch.describe()} pitch",
                         where, squares=(Square(sq[0], sq[1]),))
                 for k, sq in setup.positions.items() if not pitch.on_pitch((sq[0], sq[1]))]
    return problems


def setup_text(name: str, pitch: Pitch) -> tuple[str, str]:
    """The text of a set-up by built-in name or path, as stored (comments kept): ``(where,
    text)``; ``ScenarioError`` as :func:`load_setup` when there is none or it is not a set-up
    for ``pitch``."""
    load_setup(name, pitch)
    return _locate("setups", pitch.name, name)


#: Player ids are ``h<number>`` (home) and ``a<number>`` (away).
ID_PREFIX: dict[Side, str] = {"home": "h", "away": "a"}


def as_drawn(side: Side, square: tuple[int, int], pitch: Pitch) -> Square:
    """A set-up file's square (drawn as the home team) as ``side``'s square on ``pitch``, or a
    square of ``side`` as a set-up file draws it: the away team's are mirrored
    (``x -> width - 1 - x``), which is its own inverse."""
    return Square(square[0] if side == "home" else pitch.width - 1 - square[0], square[1])


class PlacedTeam(NamedTuple):
    """A team file placed on the pitch by a set-up, as an engine ``Team``."""

    team: Team
    problems: list[Problem]


def place_team(
    side: Side, team: TeamData, setup: SetupData, pitch: Pitch, *, setup_name: str = "set-up",
    order_start: int = 0, team_name: str | None = None,
) -> PlacedTeam:
    """Put ``team`` on the pitch as ``side`` with ``setup`` (mirrored for away).

    Player ids are ``h<number>`` / ``a<number>``. Problems (a set-up naming a jersey number the
    team does not have, naming the team's file or built-in ``team_name`` if given; a square off
    the pitch) are returned, not raised.
    """
    prefix = ID_PREFIX[side]
    by_number = {p.number: p for p in team.players}
    squares: dict[int, Square] = {}
    problems: list[Problem] = []
    for key, (x, y) in setup.positions.items():
        number = int(key)
        if number not in by_number:
            of = "" if team_name is None else f" ({team_name})"
            problems.append(Problem(f"positions.{key}: the team {team.name!r}{of} has no "
                                    f"player number {number}", setup_name))
            continue
        sq = as_drawn(side, (x, y), pitch)
        if not pitch.on_pitch(sq):
            problems.append(Problem(f"positions.{key}: [{x}, {y}] is off the "
                                    f"{pitch.describe()} pitch", setup_name,
                                    (f"{prefix}{number}",), (sq,)))
            continue
        squares[number] = sq
    players = [
        Player(
            f"{prefix}{p.number}", side, ma=p.ma, st=p.st, ag=p.ag, av=p.av,
            pa=p.pa or None, name=p.name or p.position, skills=frozenset(p.skills),
            square=squares.get(p.number),
            status="standing" if p.number in squares else "reserves",
            order=order_start + i,
        )
        for i, p in enumerate(team.players)
    ]
    return PlacedTeam(
        Team(
            side, players, name=team.name, rerolls=team.rerolls, fan_factor=team.fan_factor,
            fame=team.fame, cheerleaders=team.cheerleaders,
            assistant_coaches=team.assistant_coaches,
        ),
        problems,
    )


def skill_problems(team: TeamData, where: str, ruleset: Ruleset) -> list[Problem]:
    """Skills of a team file the ruleset does not know (``where``: the file)."""
    return [
        Problem(f"players[{i}] (number {p.number}).skills[{j}]: unknown skill {s!r} in "
                f"{ruleset.name}{skill_hint(s, ruleset.skills)}", where)
        for i, p in enumerate(team.players)
        for j, s in enumerate(p.skills)
        if s not in ruleset.skills
    ]


def build_state(
    ruleset: Ruleset,
    teams: Mapping[Side, tuple[str, TeamData]] | Mapping[str, tuple[str, TeamData]],
    setups: Mapping[Side, tuple[str, SetupData]] | Mapping[str, tuple[str, SetupData]],
    kicking: Side,
    weather: Weather = "nice",
) -> GameState:
    """The state before a kick-off from two team files and two set-ups, checked.

    ``teams`` and ``setups`` map each side, ``"home"`` and ``"away"``, to ``(where, file)``:
    ``where`` names the file in messages, the file is what :func:`load_team` /
    :func:`load_setup` return. A plain ``dict[str, ...]`` literal type-checks as well as a
    ``dict[Side, ...]``.

    Raises ``SetupError`` listing every problem (unknown jersey numbers, squares, the set-up
    rules of ``rulings.md`` section 1) and ``ScenarioError`` for unknown skills, for a side
    missing from ``teams`` or ``setups`` or a key there that is not a side, or for a
    ``kicking`` that is not a side or a ``weather`` that is not a weather.
    """
    bad = ([Problem(f"{kicking!r} is not a side: home or away", "kicking")]
           if kicking not in SIDES else [])
    for name, given in (("teams", teams), ("setups", setups)):
        bad += [Problem(f"no {side} entry: give both sides, home and away", name)
                for side in SIDES if side not in given]
        bad += [Problem(f"{key!r} is not a side: home or away", name)
                for key in given if key not in SIDES]
    if weather not in get_args(Weather):
        bad.append(Problem(f"{weather!r} is not a weather: {', '.join(get_args(Weather))}",
                           "weather"))
    if bad:
        raise ScenarioError(bad)
    pitch = ruleset.pitch
    placed: dict[Side, PlacedTeam] = {}
    problems: list[Problem] = []
    skills: list[Problem] = []
    for i, side in enumerate(SIDES):
        where, team = teams[side]
        skills += skill_problems(team, where, ruleset)
        sname, setup = setups[side]
        placed[side] = place_team(side, team, setup, pitch, setup_name=sname, order_start=100 * i,
                                  team_name=where)
        problems += placed[side].problems
    if skills:
        raise ScenarioError(skills)
    state = GameState(pitch, {s: placed[s].team for s in placed}, weather=weather,
                      kicking=kicking)
    for side in SIDES:
        problems += [p.at(setups[side][0]) for p in setup_problems(state, ruleset, side)]
    problems += shared_squares(list(state.players.values()))
    if problems:
        raise SetupError(problems)
    return state


def check_setup_file(
    ruleset: Ruleset, team: tuple[str, TeamData], setup: tuple[str, SetupData], side: Side
) -> list[Problem]:
    """Every problem of one team's set-up on its own (both sides' squares are independent)."""
    placed = place_team(side, team[1], setup[1], ruleset.pitch, setup_name=setup[0],
                        team_name=team[0])
    empty = Team(other_side(side), [])
    state = GameState(ruleset.pitch, {side: placed.team, empty.side: empty}, kicking=side)
    problems = placed.problems + setup_problems(state, ruleset, side)
    problems += shared_squares(placed.team.players)
    return problems


def setup_to_toml(setup: SetupFile) -> str:
    """The text of a set-up file (``docs/formats.md``) for ``setup`` (written by tomlkit)."""
    import tomlkit  # here: the commands that only read files start faster

    return tomlkit.dumps(setup.model_dump(exclude_none=True))


def team_to_toml(team: TeamFile) -> str:
    """The text of a team file (``docs/formats.md``) for ``team`` (written by tomlkit)."""
    import tomlkit

    doc = team.model_dump()
    for player in doc["players"]:
        if player["pa"] is None:
            del player["pa"]
    return tomlkit.dumps(doc)


def setup_from_squares(
    squares: dict[str, Square | None], side: Side, pitch: Pitch, *, name: str,
    kind: Literal["offence", "defence"] | None = None, source: str = "", description: str = "",
) -> SetupFile:
    """A set-up file for ``side``'s players on ``squares`` (player id ``h<number>`` /
    ``a<number>`` -> his square on ``pitch``, ``None``: the Reserves, left out), drawn as the home
    team (``kickoff setup optimize`` writes it). ``ScenarioError`` naming a player whose id
    carries no jersey number."""
    from kickoff.formats.team_models import SetupFile

    prefix = ID_PREFIX[side]
    positions: dict[int, list[int]] = {}
    for pid, sq in squares.items():
        if not (pid.startswith(prefix) and _JERSEY.fullmatch(pid[len(prefix):])):
            raise ScenarioError([Problem(f"{pid!r} carries no jersey number: set-ups name "
                                         f"players by number, ids {prefix}1..{prefix}99", pid)])
        if sq is not None:
            positions[int(pid[len(prefix):])] = as_drawn(side, sq, pitch).as_list()
    return SetupFile(name=name, pitch=pitch.name, kind=kind,
                     source=source, description=description,
                     positions={str(n): positions[n] for n in sorted(positions)})
