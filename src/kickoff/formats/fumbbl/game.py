"""The game a FUMBBL replay holds: its rules version as our ruleset, both teams, and every
player as the scenario format writes him (profile, skills in the edition's spelling)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from kickoff.core.errors import ScenarioError
from kickoff.core.pitch import Side
from kickoff.core.rulesets import RULESETS
from kickoff.formats.fields import printable_name
from kickoff.formats.fumbbl.log import PlayerModel, Replay, TeamModel
from kickoff.formats.fumbbl.names import RULES_VERSIONS, STAT_INCREASES, skill_name


@dataclass
class PlayerInfo:
    """A player of the game: FUMBBL's id, his team, and his scenario document (no square yet)."""

    pid: str
    side: Side
    doc: dict[str, Any]


@dataclass
class Game:
    """A replay's game: ``where`` names the file in messages; ``players`` by FUMBBL id and
    ``order`` (home's roster, then away's) hold the same :class:`PlayerInfo`."""

    where: str
    game_id: int | str
    ruleset: str
    teams: dict[Side, TeamModel]
    players: dict[str, PlayerInfo]
    order: list[PlayerInfo]
    #: when the game started, FUMBBL's ``2017-09-29T15:52:33.076`` (``""`` if the replay does
    #: not say)
    started: str = ""
    #: bb2020's Prayers to Nuffle die: 8 where FUMBBL's game option
    #: ``inducementPrayersUseLeagueTable`` is off (the exhibition table, prayers 1-8: christerk/ffb
    #: ``factory/bb2020/PrayerFactory``), else ``None`` (the ruleset's own, the league's D16)
    prayer_die: int | None = None
    #: FUMBBL's game option ``clawDoesNotStack`` plays Claw(s) otherwise than the edition's book
    #: (:func:`claw_off_book`): an armour roll against a claw-bearer's block is then a ruling
    claw_off_book: bool = False

    def weather_name(self, weather: str) -> str:
        """Our weather name in this ruleset (``nice`` is bb2020's ``perfect_conditions``)."""
        return "nice" if weather == "nice" and self.ruleset == "classic" else (
            "perfect_conditions" if weather == "nice" else weather)


#: The most problems of a replay's rosters a message lists.
MAX_SHOWN = 12

#: The parametered skills whose value (FUMBBL's ``skillValues``) the engine reads: the scenario's
#: ``skill_values`` (docs/actions.md, "Blood Lust").
VALUED_SKILLS: frozenset[str] = frozenset({"bloodlust"})

#: FUMBBL's game options that change the set-up rules, and the ruleset field each must equal
#: (christerk/ffb ``option/GameOptionId``: ``MAX_PLAYERS_ON_FIELD``, ``MIN_PLAYERS_ON_LOS``,
#: ``MAX_PLAYERS_IN_WIDE_ZONE``).
SETUP_OPTIONS: dict[str, str] = {"maxPlayersOnField": "max_players",
                                 "minPlayersOnLos": "min_on_los",
                                 "maxPlayersInWideZone": "max_per_wide_zone"}


def rule_options(options: dict[str, str | None], ruleset: str, where: str) -> list[str]:
    """The game options of ``options`` that change the rules the engine plays, each named with
    its value and the edition's (``docs/fumbbl.md``, "Game options"): a set-up option other than
    the edition's, or ``spikedBall`` on (every pick-up and catch at -1, christerk/ffb
    ``SPIKED_BALL``). An option absent, or of the edition's value, changes nothing."""
    rs = RULESETS[ruleset]
    problems = []
    for option, attr in SETUP_OPTIONS.items():
        value = options.get(option)
        book = getattr(rs, attr)
        if value is not None and value.strip() != str(book):
            problems.append(f"{where}: FUMBBL game option {option}={value[:16]!r} changes the "
                            f"rules ({ruleset}: {book}); the engine plays the edition's: this game "
                            "is not read")
    if str(options.get("spikedBall", "false")).strip().lower() == "true":
        problems.append(f"{where}: FUMBBL game option spikedBall='true' changes the rules (every "
                        "pick-up and catch at -1); the engine has no Spiked Ball: this game is not "
                        "read")
    return problems


def read_game(replay: Replay, where: str) -> Game:
    """The game of ``replay``: ruleset from the ``rulesVersion`` option, rosters, skills.

    Raises ``ScenarioError`` naming ``where`` for an unknown rules version, or listing every
    player whose FUMBBL skill has no name in the ruleset.
    """
    game = replay.game
    options = {o.gameOptionId: o.gameOptionValue for o in game.gameOptions.gameOptionArray}
    ruleset = _ruleset(options, where)
    teams: dict[Side, TeamModel] = {"home": game.teamHome, "away": game.teamAway}
    known = RULESETS[ruleset].skills
    players: dict[str, PlayerInfo] = {}
    order: list[PlayerInfo] = []
    problems: list[str] = []
    for side, team in teams.items():
        positions = {p.positionId: p.positionName for p in team.roster.positionArray}
        thralls = {p.positionId for p in team.roster.positionArray if p.thrall}
        for i, p in enumerate(team.playerArray):
            at = (f"{where}: game.team{side.title()}.playerArray[{i}] "
                  f"({printable_name(p.playerName)[:64]}, #{p.playerNr})")
            skills, values = _skills(p, known, ruleset, at, problems)
            info = PlayerInfo(p.playerId, side,
                              _player_doc(p, positions.get(p.positionId, ""), skills, values,
                                          p.positionId in thralls))
            players[p.playerId] = info
            order.append(info)
    if problems:  # the first few: a log of thousands says no more
        more = [f"... and {len(problems) - MAX_SHOWN:,} more"] if len(problems) > MAX_SHOWN else []
        raise ScenarioError(problems[:MAX_SHOWN] + more)
    exhibition = str(options.get("inducementPrayersUseLeagueTable", "true")).lower() == "false"
    return Game(where, game.gameId, ruleset, teams, players, order,
                (game.started or "")[:32], 8 if exhibition and ruleset == "bb2020" else None,
                claw_off_book(options, ruleset))


def claw_off_book(options: dict[str, str | None], ruleset: str) -> bool:
    """Whether FUMBBL's ``clawDoesNotStack`` (christerk/ffb ``CLAW_DOES_NOT_STACK``, default
    ``true``; ``InjuryTypeBlock``: on, Claws is tried on the natural roll and the other modifiers
    without it; off, Mighty Blow counts towards its 8) plays Claw(s) otherwise than the edition's
    book (``ActionRules.claw_natural``: classic LRB6 "after modifications", bb2020 / bb2025 a
    natural 8+; ``docs/rulings.md``)."""
    natural = str(options.get("clawDoesNotStack") or "true").strip().lower() == "true"
    return natural != RULESETS[ruleset].actions.claw_natural


def _ruleset(options: dict[str, str | None], where: str) -> str:
    """The game's ruleset, from its ``rulesVersion`` option; ``ScenarioError`` naming ``where``
    for an unknown version or a game option that changes the rules (:func:`rule_options`)."""
    # FUMBBL added the option with its 2020 rules: a game without it is LRB6 with the CRP
    version = options.get("rulesVersion") or "BB2016"
    if version not in RULES_VERSIONS:
        raise ScenarioError([f"{where}: FUMBBL rules version {version!r} is not supported "
                             f"(known: {', '.join(RULES_VERSIONS)})"])
    ruleset = RULES_VERSIONS[version]
    refused = rule_options(options, ruleset, where)
    if refused:
        raise ScenarioError(refused)
    return ruleset


def _skills(p: PlayerModel, known: frozenset[str], ruleset: str, at: str,
            problems: list[str]) -> tuple[list[str], dict[str, int]]:
    """Player ``p``'s skills, our names (stat increases left out), and the values of those
    that take one (Blood Lust's); each FUMBBL skill with no name in ``ruleset`` is a problem
    (``at`` names the player)."""
    skills: list[str] = []
    values: dict[str, int] = {}
    for s, value in zip_longest(p.skillArray, p.skillValues[:len(p.skillArray)]):
        if s.strip() in STAT_INCREASES:
            continue
        try:
            name = skill_name(s, known)
        except KeyError:
            problems.append(f"{at}: FUMBBL skill {s[:64]!r} has no {ruleset} name here")
            continue
        if name not in skills:
            skills.append(name)
        if (name in VALUED_SKILLS and value is not None and value.strip().isdigit()
                and 1 <= int(value) <= 6):
            values[name] = int(value)
    return skills, values


def _player_doc(p: PlayerModel, position: str, skills: list[str], values: dict[str, int],
                thrall: bool) -> dict[str, Any]:
    """Player ``p`` as a scenario's player (``position``: his position's name, or ``""``)."""
    label = f"{position}, #{p.playerNr}" if position else f"#{p.playerNr}"
    doc: dict[str, Any] = {
        "id": f"p{p.playerId}", "name": printable_name(f"{p.playerName} ({label})"),
        "ma": p.movement, "st": p.strength, "ag": p.agility,
        "pa": p.passing if p.passing > 0 else None, "av": p.armour,
        "skills": skills,
    }
    if values:  # docs/actions.md, "Blood Lust"
        doc["skill_values"] = values
    if thrall:
        doc["thrall"] = True
    return doc

