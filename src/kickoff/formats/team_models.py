"""The team and set-up files' models (pydantic): what a file read from the user must be.

:func:`kickoff.formats.teams.load_team` and :func:`~kickoff.formats.teams.load_setup` validate
every file with these (``docs/formats.md``); :mod:`kickoff.formats.teams` re-exports them. Their
own module, so that a command playing only the built-in teams and set-ups (shipped with the
package, validated by the tests) imports no pydantic (start-up, issue 16).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from kickoff.core.pitch import PitchName
from kickoff.core.ruleset import Family
from kickoff.formats.fields import MAX_TEAM_PLAYERS, Coordinate, Name, NonNegative, SkillList, Text


class _Strict(BaseModel):
    # defer_build: the validators are built on the first validation, not when a command that
    # never reads a team or set-up file imports this module (start-up, issue 16).
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)


class RosterPlayer(_Strict):
    """One player of a team file."""

    number: Annotated[int, Field(ge=1, le=99)]
    name: Name = ""
    position: Name = ""
    ma: Annotated[int, Field(ge=1, le=12)]
    st: Annotated[int, Field(ge=1, le=8)]
    ag: Annotated[int, Field(ge=1, le=6)]
    pa: Annotated[int, Field(ge=0, le=6)] | None = None
    av: Annotated[int, Field(ge=2, le=12)]
    skills: SkillList = Field(default_factory=list)


class TeamFile(_Strict):
    """A team file: name, family, source, counters and roster."""

    name: Name
    race: Name = ""
    family: Family
    source: Text = ""
    rerolls: NonNegative = 0
    fan_factor: NonNegative = 0
    fame: Annotated[int, Field(ge=0, le=2)] = 0
    cheerleaders: NonNegative = 0
    assistant_coaches: NonNegative = 0
    players: Annotated[list[RosterPlayer], Field(max_length=MAX_TEAM_PLAYERS)]


class SetupFile(_Strict):
    """A set-up file: jersey number -> ``[x, y]`` drawn as the home team."""

    name: Name
    pitch: PitchName
    kind: Literal["offence", "defence"] | None = None
    source: Text = ""
    description: Text = ""
    positions: dict[str, Annotated[list[Coordinate], Field(min_length=2, max_length=2)]]
