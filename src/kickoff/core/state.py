"""The game state around a kick-off: players, teams, weather, the ball.

These are plain mutable value objects, cheap to copy (:meth:`GameState.clone`), so a simulation can
check a set-up once and play many kick-offs from copies. Validation of user input happens in
``kickoff.formats``; the core trusts what it is given.
"""

from __future__ import annotations

import collections
import itertools
import re
from typing import Final, Literal

from mypy_extensions import mypyc_attr

from kickoff.core.pitch import NEIGHBOURS, SIDES, Pitch, Side, Square, other_side

#: A player's status (``scenario-format.md``, "Players"): on the pitch Standing, Prone or
#: Stunned; off it in the Reserves, Knocked Out, a Casualty or Sent Off.
Status = Literal[
    "standing", "prone", "stunned", "reserves", "knocked_out", "casualty", "sent_off"
]

Weather = Literal["sweltering_heat", "very_sunny", "nice", "pouring_rain", "blizzard"]
#: Canonical weather names; ``nice`` is the classic name of bb2020's ``perfect_conditions``.
WEATHERS: tuple[Weather, ...] = ("sweltering_heat", "very_sunny", "nice", "pouring_rain", "blizzard")
#: A weather as a document may name it: a canonical name, or bb2020's ``perfect_conditions`` for
#: ``nice`` (``Ruleset.fine_weather_name``).
WeatherName = Literal[
    "sweltering_heat", "very_sunny", "nice", "perfect_conditions", "pouring_rain", "blizzard"
]


#: The effect of a failed Bone-head / Bone Head or Really Stupid roll (classic LRB6: "The player
#: loses his tackle zones and may not catch, intercept or pass, assist another player on a block
#: or foul, or voluntarily move until he manages to roll a 2 or better at the start of a future
#: Action or the drive ends"; bb2020: "this player loses their Tackle Zone until they are next
#: activated", and "Players that ... have lost their Tackle Zone for any reason, cannot use any
#: Skills or Traits"; bb2025: Distracted). Such a player has no tackle zone, cannot catch (nor
#: dive for) the ball and gives no assist, for the rest of the kick-off (docs/rulings.md).
LOST_TACKLE_ZONE = "lost_tackle_zone"


@mypyc_attr(free_list_len=1)
class Player:
    """One player: characteristics (``ag``/``av`` in the ruleset's own convention), skills,
    square (``None`` off the pitch) and status. ``order`` is the player's place in the input."""

    __slots__ = (
        "ag", "av", "effects", "id", "ma", "name", "order", "pa", "side", "skill_values", "skills",
        "square", "st", "status", "thrall",
    )

    def __new__(cls, *args: object, **kwargs: object) -> Player:
        # An instance not yet initialised, for copy() and pickle, in both builds: the copies fill
        # the slots directly (the constructor would check and index again, several times slower
        # in the pure build), and mypyc only lets __new__ skip __init__ when a class defines it.
        return object.__new__(cls)

    def __init__(
        self,
        id: str,
        side: Side,
        *,
        ma: int,
        st: int,
        ag: int,
        av: int,
        pa: int | None = None,
        name: str = "",
        skills: frozenset[str] | set[str] = frozenset(),
        square: Square | None = None,
        status: Status = "standing",
        order: int = 0,
        effects: frozenset[str] = frozenset(),
        skill_values: dict[str, int] | None = None,
        thrall: bool = False,
    ) -> None:
        self.id = id
        self.side: Side = side
        self.ma = ma
        self.st = st
        self.ag = ag
        self.av = av
        self.pa = pa
        self.name = name
        self.skills = frozenset(skills)
        self.square = square
        self.status: Status = status
        self.order = order
        #: Markers of temporary effects (prayers) so they are not applied twice.
        self.effects = effects
        #: The X of parametered skills (``{"bloodlust": 3}``: Bloodlust (3+)); never mutated,
        #: shared by copies. A skill missing here has its edition's usual value.
        self.skill_values: dict[str, int] = skill_values if skill_values is not None else {}
        #: The player's roster position is a Thrall (the Vampire teams' Thrall / Thrall
        #: Lineman), whom a team-mate failing Blood Lust may bite.
        self.thrall = thrall

    def copy(self) -> Player:
        p = Player.__new__(Player)
        (p.id, p.side, p.ma, p.st, p.ag, p.av, p.pa, p.name, p.skills, p.square, p.status,
         p.order, p.effects, p.skill_values, p.thrall) = (
            self.id, self.side, self.ma, self.st, self.ag, self.av, self.pa, self.name,
            self.skills, self.square, self.status, self.order, self.effects, self.skill_values,
            self.thrall)
        return p

    @property
    def on_pitch(self) -> bool:
        """Whether the player stands, lies or is stunned on a square of the pitch."""
        return self.square is not None

    @property
    def standing(self) -> bool:
        return self.status == "standing" and self.square is not None

    def can_catch(self) -> bool:
        """Standing and able to catch or hold the ball (not No Hands, bb2025's No Ball, nor
        Ball & Chain), and not without his tackle zone (:data:`LOST_TACKLE_ZONE`)."""
        return (
            self.status == "standing"
            and self.square is not None
            and LOST_TACKLE_ZONE not in self.effects
            and "no_hands" not in self.skills
            and "no_ball" not in self.skills
            and "ball_and_chain" not in self.skills
        )

    def __repr__(self) -> str:
        return f"<Player {self.id} {self.side} {self.square} {self.status}>"


@mypyc_attr(free_list_len=1)
class Team:
    """A team's side of the state: its counters (re-rolls, turn marker, ...) and players."""

    __slots__ = (
        "apothecaries", "assistant_coaches", "block_assists", "bribes", "cheerleaders",
        "drive_rerolls", "fame", "fan_factor", "half_rerolls", "leader_rerolls", "name", "players",
        "prayers", "rerolls", "side", "turn",
    )

    def __new__(cls, *args: object, **kwargs: object) -> Team:
        # An instance not yet initialised, for copy() and pickle, in both builds: the copies fill
        # the slots directly (the constructor would check and index again, several times slower
        # in the pure build), and mypyc only lets __new__ skip __init__ when a class defines it.
        return object.__new__(cls)

    def __init__(
        self,
        side: Side,
        players: list[Player],
        *,
        name: str = "",
        turn: int = 0,
        rerolls: int = 0,
        drive_rerolls: int = 0,
        half_rerolls: int = 0,
        bribes: int = 0,
        cheerleaders: int = 0,
        assistant_coaches: int = 0,
        fan_factor: int = 0,
        fame: int = 0,
        block_assists: int = 0,
        prayers: list[str] | None = None,
        apothecaries: int = 0,
        leader_rerolls: int = 0,
    ) -> None:
        self.side: Side = side
        self.players = players
        self.name = name
        self.turn = turn
        self.rerolls = rerolls
        self.drive_rerolls = drive_rerolls
        self.half_rerolls = half_rerolls
        self.bribes = bribes
        self.cheerleaders = cheerleaders
        self.assistant_coaches = assistant_coaches
        self.fan_factor = fan_factor
        self.fame = fame
        self.block_assists = block_assists
        #: The prayers in effect: shared with the clones (:meth:`fork`), so replaced when one is
        #: added (``team.prayers = [*team.prayers, name]``), never changed in place.
        self.prayers = list(prayers or [])
        #: Apothecaries not yet used this game (each once per game).
        self.apothecaries = apothecaries
        #: How many of ``rerolls`` are the Leader re-roll (0 or 1): a team re-roll of its own,
        #: used only while a player with Leader is on the pitch (``kickoff.core.rolls``).
        self.leader_rerolls = leader_rerolls

    def copy(self) -> Team:
        """A copy with its own player list and prayers; the players themselves are shared (the
        game state copies them on write, see ``GameState.own``)."""
        t = self.fork()
        t.players = list(self.players)
        t.prayers = list(self.prayers)
        return t

    def fork(self) -> Team:
        """A copy for a clone of the game state: its own counters, the player list and the
        prayers shared (the game state copies the player list before its first change,
        ``GameState.own``; a prayer is added by replacing the list, never in place)."""
        t = Team.__new__(Team)
        t.side, t.name, t.turn, t.rerolls, t.drive_rerolls, t.half_rerolls, t.bribes = (
            self.side, self.name, self.turn, self.rerolls, self.drive_rerolls, self.half_rerolls,
            self.bribes,
        )
        t.cheerleaders, t.assistant_coaches, t.fan_factor, t.fame, t.block_assists = (
            self.cheerleaders, self.assistant_coaches, self.fan_factor, self.fame,
            self.block_assists,
        )
        t.apothecaries = self.apothecaries
        t.leader_rerolls = self.leader_rerolls
        t.players = self.players
        t.prayers = self.prayers
        return t

    def on_pitch(self) -> list[Player]:
        """Players on the pitch (any status there), in input order."""
        return [p for p in self.players if p.square is not None]

    def __repr__(self) -> str:
        return f"<Team {self.side} {self.name!r} {len(self.players)} players>"


#: The owned set of a state sharing its players with a clone (it owns none; never changed).
_NONE_OWNED: Final[set[str]] = set()

#: The player's fields :meth:`GameState.set_fields` does not set (``square``: :meth:`GameState.move`).
_FIXED_FIELDS: Final = frozenset({"square", "id", "side"})


@mypyc_attr(free_list_len=1)
class SetupFacts:
    """What a kick-off reads of a set-up that only the players' squares, statuses and skills
    decide, each computed the first time it is asked for and kept while they stay the same
    (``GameState.facts``; the clones of an unchanged state share one). Its users fill it:

    - ``kickers``: ``(kicking side, eligible kickers, Standing players on its Line of
      Scrimmage, the first eligible kicker with Kick or None)``
      (``kickoff.core.kickoff.eligible_kickers``);
    - ``open_ids``: per side, the ids of its players on the pitch who are Open
      (``GameState.open_ids``);
    - ``divers``: per square of the pitch (:func:`mark_key`'s, for ``"home"``), the players
      adjacent to it who have Diving Catch and can catch (``kickoff.core.ball.diving_catchers``);
      ``any_diver``: whether any player on the pitch has Diving Catch and can catch (``None``:
      not yet known; without one, no landing asks the squares around it);
    - ``any_presence``: whether any player on the pitch has Disturbing Presence (``None``: not
      yet known; without one, no catch looks for one, ``kickoff.core.ball.marks``);
    - ``resetups``: ``(ruleset, side, problems)``, the problems of ``side``'s set-up in a
      re-set-up (Perfect / Solid Defence), joined, ``""`` when legal (``kickoff.core.events``);
    - ``skilled``: per skill, the sides with a player who has it (``kickoff.core.actions.
      kickoff_move``'s line of who could have moved: none without the skill);
    - ``marks``: per ``(square, side)`` key (:func:`mark_key`), the number of opposing tackle
      zones on the square and of opposing Disturbing Presences within three squares of it (a
      catch's modifiers, ``kickoff.core.ball.catch_roll_target``).
    """

    __slots__ = ("any_diver", "any_presence", "divers", "kickers", "marks", "open_ids",
                 "resetups", "skilled")

    def __new__(cls, *args: object, **kwargs: object) -> SetupFacts:
        # As Player's: an instance for pickle in both builds (a state pickles with its facts).
        return object.__new__(cls)

    def __init__(self) -> None:
        self.kickers: tuple[Side, list[Player], list[Player], Player | None] | None = None
        self.open_ids: dict[Side, frozenset[str]] = {}
        self.marks: dict[int, tuple[int, int]] = {}
        self.divers: dict[int, list[Player]] = {}
        self.any_diver: bool | None = None
        self.any_presence: bool | None = None
        self.resetups: list[tuple[object, Side, str]] = []
        self.skilled: dict[str, frozenset[Side]] = {}


def mark_key(square: tuple[int, int], side: Side) -> int:
    """The key of :attr:`SetupFacts.marks` for a player of ``side`` on ``square`` (of the pitch)."""
    return (square[0] * 64 + square[1]) * 2 + (side == "away")


@mypyc_attr(free_list_len=1)
class GameState:
    """Both teams, the weather, the half, who kicks, and where the ball is.

    ``kicking`` is the kicking team of the kick-off (``receiving`` the other). A team turn names
    its own active team (``Turn.active``, ``play_turn(active=...)``); the rules of a turn never
    read ``kicking`` for it.

    ``board`` maps each occupied square to its player and is kept in step by :meth:`move`,
    :meth:`remove`; ``players`` maps ids to players.
    """

    __slots__ = ("_facts", "_owned", "_shared", "ball", "board", "carrier", "half", "kicking",
                 "pitch", "players", "teams", "weather")

    def __new__(cls, *args: object, **kwargs: object) -> GameState:
        # An instance not yet initialised, for copy() and pickle, in both builds: the copies fill
        # the slots directly (the constructor would check and index again, several times slower
        # in the pure build), and mypyc only lets __new__ skip __init__ when a class defines it.
        return object.__new__(cls)

    def __init__(
        self,
        pitch: Pitch,
        teams: dict[Side, Team],
        *,
        weather: Weather = "nice",
        half: int = 1,
        kicking: Side = "home",
        ball: Square | None = None,
        carrier: str | None = None,
    ) -> None:
        self.pitch = pitch
        self.teams = teams
        self.weather: Weather = weather
        self.half = half
        self.kicking: Side = kicking
        self.ball = ball
        self.carrier = carrier
        self.players: dict[str, Player] = {}
        self.board: dict[tuple[int, int], Player] = {}
        self._index()
        #: Ids of the players this state may change in place; the others may be shared with a
        #: clone and are copied before their first change (copy on write).
        self._owned: set[str] = set(self.players)
        #: The indexes are shared with a clone (copied before the first change).
        self._shared = False
        #: The set-up's facts, ``None`` until asked for (:meth:`facts`).
        self._facts: SetupFacts | None = None

    def _index(self) -> None:
        self.players = {p.id: p for s in SIDES for p in self.teams[s].players}
        self.board = {p.square: p for p in self.players.values() if p.square is not None}

    @property
    def receiving(self) -> Side:
        return other_side(self.kicking)

    def clone(self) -> GameState:
        """A copy that shares the (immutable) pitch and, until either side changes one, the
        players: a player is copied before his first change through :meth:`own`, :meth:`move`
        or :meth:`remove` (copy on write), so a simulation can clone cheaply and mutate freely.
        The indexes (``players``, ``board``, the teams' player lists) are shared too until the
        first such change, and so are the set-up's facts (:meth:`facts`)."""
        g = GameState.__new__(GameState)
        g.pitch = self.pitch
        g.teams = {"home": self.teams["home"].fork(), "away": self.teams["away"].fork()}
        g.weather = self.weather
        g.half = self.half
        g.kicking = self.kicking
        g.ball = self.ball
        g.carrier = self.carrier
        g.players = self.players
        g.board = self.board
        g._owned = self._owned = _NONE_OWNED
        g._shared = self._shared = True
        if self._facts is None:
            self._facts = SetupFacts()
        g._facts = self._facts
        return g

    def _unshare(self) -> None:
        """Own indexes for this state, before its first change since a clone."""
        self.players = dict(self.players)
        self.board = dict(self.board)
        for team in self.teams.values():
            team.players = list(team.players)
        self._owned = set()
        self._shared = False

    def facts(self) -> SetupFacts:
        """What depends only on the players' squares, statuses and skills (the kicking team's
        eligible kickers, who is Open, tackle zones and Disturbing Presences on a square),
        computed at most once for a set-up: shared with this state's clones until one of them
        changes a player (:meth:`own`, :meth:`move`, :meth:`remove` drop it)."""
        facts = self._facts
        if facts is None:
            facts = self._facts = SetupFacts()
        return facts

    def own(self, player: Player) -> Player:
        """This state's own copy of ``player`` (by id), copied on the first change since a clone;
        drops the set-up's facts (:meth:`facts`). Change players only through the mutators
        (:meth:`move`, :meth:`remove`, :meth:`set_status`, :meth:`add_skill`,
        :meth:`add_effect`, :meth:`set_ma`, :meth:`set_av`, :meth:`set_fields`), never by
        assigning a field of the copy: the facts would be read stale between this call and the
        assignment (``tests/test_architecture.py`` checks that the rules assign none)."""
        self._facts = None
        if self._shared:
            self._unshare()
        current = self.players[player.id]
        if player.id in self._owned:
            return current
        mine = current.copy()
        team = self.teams[mine.side].players
        team[team.index(current)] = mine
        self.players[mine.id] = mine
        if mine.square is not None and self.board.get(mine.square) is current:
            self.board[mine.square] = mine
        self._owned.add(mine.id)
        return mine

    def changed(self) -> frozenset[str]:
        """Ids of the players this state has copied to change since it was cloned (a superset
        of those whose square, status or characteristics differ from the original's)."""
        return frozenset(self._owned)

    def at(self, sq: tuple[int, int]) -> Player | None:
        """The player on ``sq``, if any."""
        return self.board.get(sq)

    def move(self, player: Player, to: Square | None) -> Player:
        """Put ``player`` on ``to`` (``None``: off the pitch), keeping ``board`` in step; the
        state's own copy of the player."""
        p = self.own(player)
        if p.square is not None and self.board.get(p.square) is p:
            del self.board[p.square]
        p.square = to
        if to is not None:
            self.board[to] = p
        return p

    def remove(self, player: Player, status: Status) -> Player:
        """Take ``player`` off the pitch with ``status`` (Reserves, Knocked Out, ...)."""
        p = self.move(player, None)
        p.status = status
        return p

    # The mutators below change one field of a player, each through :meth:`own` (which drops the
    # set-up's facts), and return the state's own copy of the player.

    def set_status(self, player: Player, status: Status) -> Player:
        """``player`` (on the pitch or off it) now has ``status`` (Prone, Stunned, ...)."""
        p = self.own(player)
        p.status = status
        return p

    def add_skill(self, player: Player, skill: str) -> Player:
        """``player`` gains ``skill`` (a prayer's, an inducement's)."""
        p = self.own(player)
        p.skills = p.skills | {skill}
        return p

    def add_effect(self, player: Player, effect: str) -> Player:
        """``player`` is marked with the temporary ``effect`` (a prayer's, a lost tackle zone)."""
        p = self.own(player)
        p.effects = p.effects | {effect}
        return p

    def set_ma(self, player: Player, ma: int) -> Player:
        """``player``'s Movement Allowance is now ``ma``."""
        p = self.own(player)
        p.ma = ma
        return p

    def set_av(self, player: Player, av: int) -> Player:
        """``player``'s Armour Value is now ``av`` (the ruleset's own convention)."""
        p = self.own(player)
        p.av = av
        return p

    def set_fields(self, player: Player, names: tuple[str, ...], values: tuple[object, ...]) -> Player:
        """``player``'s fields ``names`` set to ``values``, in order (a world rebuilt from its
        changes, ``kickoff.analysis.exact.worlds``). ``ValueError`` for ``square`` (see :meth:`move`),
        ``id`` or ``side``, or when the lengths differ; ``AttributeError`` for a name that is no
        field of a player."""
        if len(names) != len(values):
            raise ValueError(f"set_fields: {len(names)} names for {len(values)} values")
        if not _FIXED_FIELDS.isdisjoint(names):
            name = next(name for name in names if name in _FIXED_FIELDS)
            raise ValueError(f"set_fields cannot set a player's {name!r}")
        p = self.own(player)
        collections.deque(map(setattr, itertools.repeat(p), names, values), maxlen=0)  # (each set)
        return p

    def is_open(self, player: Player) -> bool:
        """Open (bb2020+) / not in an opposing tackle zone (classic): no Standing opponent adjacent."""
        if player.square is None:
            return True
        if self.players.get(player.id) is player:  # this state's player: read once per set-up
            return player.id in self.open_ids(player.side)
        return not tackle_zones(self, player.square, player.side)

    def open_ids(self, side: Side) -> frozenset[str]:
        """The ids of ``side``'s players on the pitch with no opposing tackle zone on them
        (:meth:`is_open`), once per set-up (:meth:`facts`)."""
        facts = self.facts()
        known = facts.open_ids.get(side)
        if known is None:
            known = facts.open_ids[side] = frozenset(
                p.id for p in self.teams[side].players
                if p.square is not None and not tackle_zones(self, p.square, side))
        return known


def jersey_number(name: str) -> str | None:
    """The jersey number a player's name carries, as FUMBBL's players are named
    (``Name (Position, #7)`` -> ``"7"``); ``None`` when it carries none."""
    m = re.search(r"#(\d{1,2})\b", name)
    return m.group(1) if m else None


def disc_label(pid: str, name: str, side: Side) -> str:
    """A player's label on a pitch drawing, at most 3 characters: his id, or for a long id
    (FUMBBL's ``p15091672``) the side's letter and the jersey number his name carries
    (``Name (Position, #7)`` -> ``a7``), else the id's last 3 characters."""
    if len(pid) <= 3:
        return pid
    number = jersey_number(name)
    return f"{side[0]}{number}" if number else pid[-3:]


def tackle_zones(state: GameState, square: tuple[int, int], side: Side) -> list[Player]:
    """The opposing Standing players (of the side other than ``side``) whose tackle zone covers
    ``square``: those adjacent to it, in no particular order. bb2020+ calls them the players
    Marking a player on that square. Prone and Stunned players have no tackle zone, nor has a
    player who lost it (:data:`LOST_TACKLE_ZONE`)."""
    board = state.board
    near = _NEAR.get(square)
    if near is None:
        near = _near(square)
    out: list[Player] = []
    for sq in near:
        q = board.get(sq)
        if (q is not None and q.side != side and q.status == "standing"
                and LOST_TACKLE_ZONE not in q.effects):
            out.append(q)
    return out


#: The squares next to a square, in :data:`~kickoff.core.pitch.NEIGHBOURS` order, by square:
#: made once a square (:func:`_near`), not eight new tuples each time :func:`tackle_zones` asks.
_NEAR: Final[dict[tuple[int, int], tuple[Square, ...]]] = {}

#: The most squares :data:`_NEAR` keeps (the pitches' and around them are fewer).
_NEAR_KEPT: Final = 4096


def _near(square: tuple[int, int]) -> tuple[Square, ...]:
    """The squares next to ``square``, kept in :data:`_NEAR` while it has room."""
    x, y = square
    near = tuple([Square(x + dx, y + dy) for dx, dy in NEIGHBOURS])
    if len(_NEAR) < _NEAR_KEPT:
        _NEAR[square] = near
    return near
