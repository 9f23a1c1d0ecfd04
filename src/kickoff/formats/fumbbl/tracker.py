"""The game state as FUMBBL's model changes build it up, command after command: players' squares
and states, turn markers, re-rolls, fans, apothecaries, inducements, half, weather, the ball and
the turn mode (christerk/ffb ``model/change/ModelChangeId``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kickoff.core.pitch import Pitch, Side
from kickoff.formats.fumbbl.log import ModelChange
from kickoff.formats.fumbbl.names import FUMBBL_PRAYERS, TABLE_INDUCEMENTS, WEATHERS


def pitch_square(pitch: Pitch, sq: tuple[int, int] | None) -> tuple[int, int] | None:
    """``sq`` if it is a square of ``pitch``, else ``None`` (FUMBBL's dugouts lie outside it)."""
    return sq if sq is not None and pitch.on_pitch(sq) else None


def log_square(value: Any) -> tuple[int, int] | None:
    """A model change's ``[x, y]`` value as a square (``None`` for anything else)."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return None


_PRAYER_CHANGES = frozenset({"inducementSetAddPrayer", "inducementSetRemovePrayer",
                             "fieldModelAddPrayer", "fieldModelRemovePrayer"})

_DRIVE_REROLL_CHANGES = {
    "turnDataSetReRollsBrilliantCoachingOneDrive": "brilliant_coaching",
    "turnDataSetReRollsPumpUpTheCrowdOneDrive": "pump_up_the_crowd",
}


def _side_key(key: str | None) -> Side | None:
    return key if key in ("home", "away") else None  # type: ignore[return-value]


def _by_side() -> dict[Side, int]:
    return {"home": 0, "away": 0}


@dataclass
class GameTracker:
    """The game state as the model changes build it up (:meth:`apply`)."""

    pitch: Pitch
    coords: dict[str, tuple[int, int] | None]
    states: dict[str, int]
    turn: dict[Side, int] = field(default_factory=_by_side)
    rerolls: dict[Side, int] = field(default_factory=_by_side)
    drive_rerolls: dict[Side, dict[str, int]] = field(
        default_factory=lambda: {"home": {}, "away": {}})
    fan_factor: dict[Side, int] = field(default_factory=_by_side)
    fame: dict[Side, int] = field(default_factory=_by_side)
    coach_banned: dict[Side, bool] = field(default_factory=lambda: {"home": False, "away": False})
    #: apothecaries not yet used this game (FUMBBL's turnDataSetApothecaries: the team's own
    #: and wandering apothecaries bought for the game)
    apothecaries: dict[Side, int] = field(default_factory=_by_side)
    #: bribes left: those bought, plus one a team for each Get the Ref, less each one used
    #: (``bribesRoll``), counted by :func:`kickoff.formats.fumbbl.replay.count_bribes` (the
    #: log's ``inducementSetAddInducement`` values are the game's last: ``docs/fumbbl.md``)
    bribes: dict[Side, int] = field(default_factory=_by_side)
    #: each team's Leader re-roll, FUMBBL's ``LeaderState`` (``none``, ``available``: counted
    #: in its re-rolls, ``used``), followed by :func:`kickoff.formats.fumbbl.replay.track_leader`
    leader: dict[Side, str] = field(default_factory=lambda: {"home": "none", "away": "none"})
    #: inducements bought for the game that count on the Kick-off table, by FUMBBL type
    inducements: dict[Side, dict[str, int]] = field(
        default_factory=lambda: {"home": {}, "away": {}})
    #: bb2020 Prayers to Nuffle in effect for each team, our names (FUMBBL's
    #: ``inducementSetAddPrayer`` / ``inducementSetRemovePrayer``: bought before the game, or
    #: prayed for at an earlier kick-off)
    prayers: dict[Side, list[str]] = field(default_factory=lambda: {"home": [], "away": []})
    #: each player's prayers in effect (``fieldModelAddPrayer`` / ``fieldModelRemovePrayer``)
    player_prayers: dict[str, list[str]] = field(default_factory=dict)
    #: the Special Play cards on each player (``fieldModelAddCard`` / ``fieldModelRemoveCard``)
    player_cards: dict[str, list[str]] = field(default_factory=dict)
    #: each player's Intensive Training skill, FUMBBL's name (``fieldModelAddIntensiveTraining``)
    trained: dict[str, str] = field(default_factory=dict)
    #: players of the rosters not in the game yet: brought in later by a ``serverAddPlayer``
    #: command (:func:`kickoff.formats.fumbbl.replay.added_player`)
    absent: set[str] = field(default_factory=set)
    half: int = 1
    home_playing: bool = True
    weather: str = "nice"
    ball: tuple[int, int] | None = None
    ball_moving: bool = False

    def apply(self, ch: ModelChange) -> None:
        """Apply one model change (unknown changes, and changes whose key or value is not of the
        kind expected, are ignored): :data:`_HANDLERS` names the handler for each
        ``modelChangeId``."""
        handler = _HANDLERS.get(ch.modelChangeId)
        if handler is not None:
            handler(self, ch.modelChangeId, ch.modelChangeKey, ch.modelChangeValue)

    def player_coordinate(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelSetPlayerCoordinate``: player ``key`` moves to square ``value``."""
        if key is None:
            return
        sq = log_square(value)
        if pitch_square(self.pitch, sq) is not None:
            # FUMBBL's field model keeps one player a square: one put on an occupied square
            # takes it, and the player there is off the pitch (its 2017 set-up let a coach
            # drop a player on another and logged no change for the one displaced: 1005377)
            for other, at in self.coords.items():
                if at == sq and other != key:
                    self.coords[other] = None
        self.coords[key] = sq

    def player_state(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelSetPlayerState``: player ``key``'s state bits."""
        if key is not None and isinstance(value, int):
            self.states[key] = value

    def remove_player(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelRemovePlayer``: player ``value`` leaves the pitch."""
        if isinstance(value, str):
            self.coords[value] = None

    def side_count(self, cid: str, key: str | None, value: Any) -> None:
        """A count kept per team (turn marker, re-rolls, fan factor, fame, apothecaries):
        :data:`_SIDE_COUNTS` names the field for each ``modelChangeId``."""
        side = _side_key(key)
        if side and isinstance(value, int):
            _SIDE_COUNTS[cid](self)[side] = value

    def drive_reroll(self, cid: str, key: str | None, value: Any) -> None:
        """A re-roll for this drive only (Brilliant Coaching, Pump Up the Crowd)."""
        side = _side_key(key)
        if side and isinstance(value, int):
            self.drive_rerolls[side][_DRIVE_REROLL_CHANGES[cid]] = value

    def coach_ban(self, cid: str, key: str | None, value: Any) -> None:
        """``turnDataSetCoachBanned``: team ``key``'s head coach sent off, or back."""
        side = _side_key(key)
        if side and isinstance(value, bool):
            self.coach_banned[side] = value

    def inducement(self, cid: str, key: str | None, value: Any) -> None:
        """``inducementSetAddInducement``: an inducement of the Kick-off table bought."""
        side = _side_key(key)
        if side and isinstance(value, dict):
            kind, amount = value.get("inducementType"), value.get("value")
            if kind in TABLE_INDUCEMENTS and isinstance(amount, int):
                self.inducements[side][kind] = amount

    def prayer(self, cid: str, key: str | None, value: Any) -> None:
        """A prayer added or removed (:meth:`prayer_change`), if it is one we know."""
        if isinstance(value, str) and value in FUMBBL_PRAYERS:
            self.prayer_change(cid, key, FUMBBL_PRAYERS[value])

    def card(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelAddCard`` / ``fieldModelRemoveCard``: a Special Play card on player ``key``."""
        if key is None or not isinstance(value, str):
            return
        held = self.player_cards.setdefault(key, [])
        if cid == "fieldModelAddCard" and value not in held:
            held.append(value)
        elif cid == "fieldModelRemoveCard" and value in held:
            held.remove(value)

    def intensive_training(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelAddIntensiveTraining``: player ``key``'s trained skill."""
        if key is not None and isinstance(value, str):
            self.trained[key] = value

    def set_half(self, cid: str, key: str | None, value: Any) -> None:
        """``gameSetHalf``."""
        if isinstance(value, int):
            self.half = value

    def set_home_playing(self, cid: str, key: str | None, value: Any) -> None:
        """``gameSetHomePlaying``."""
        if isinstance(value, bool):
            self.home_playing = value

    def ball_coordinate(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelSetBallCoordinate`` (``None`` for anything not a square)."""
        self.ball = log_square(value)

    def ball_moving_change(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelSetBallMoving``."""
        if isinstance(value, bool):
            self.ball_moving = value

    def set_weather(self, cid: str, key: str | None, value: Any) -> None:
        """``fieldModelSetWeather``, our name (unknown weathers leave it as it was)."""
        if isinstance(value, str):
            self.weather = WEATHERS.get(value, self.weather)

    def prayer_change(self, cid: str, key: str | None, prayer: str) -> None:
        """A prayer added to or removed from a team (``key`` its side) or a player (his id)."""
        side = _side_key(key)
        if cid.startswith("inducement"):
            if side is None:
                return
            held = self.prayers[side]
        elif key is not None:
            held = self.player_prayers.setdefault(key, [])
        else:
            return
        if "Add" in cid:
            if prayer not in held:
                held.append(prayer)
        elif prayer in held:
            held.remove(prayer)


#: The counts kept per team, by the ``modelChangeId`` that sets them.
_SIDE_COUNTS: dict[str, Callable[[GameTracker], dict[Side, int]]] = {
    "turnDataSetTurnNr": lambda t: t.turn,
    "turnDataSetReRolls": lambda t: t.rerolls,
    "teamResultSetFanFactor": lambda t: t.fan_factor,
    "teamResultSetFame": lambda t: t.fame,
    "turnDataSetApothecaries": lambda t: t.apothecaries,
}

_Handler = Callable[[GameTracker, str, "str | None", Any], None]

#: The handler of each ``modelChangeId`` the tracker follows (:meth:`GameTracker.apply`).
_HANDLERS: dict[str, _Handler] = {
    "fieldModelSetPlayerCoordinate": GameTracker.player_coordinate,
    "fieldModelSetPlayerState": GameTracker.player_state,
    "fieldModelRemovePlayer": GameTracker.remove_player,
    **{cid: GameTracker.side_count for cid in _SIDE_COUNTS},
    **{cid: GameTracker.drive_reroll for cid in _DRIVE_REROLL_CHANGES},
    "turnDataSetCoachBanned": GameTracker.coach_ban,
    "inducementSetAddInducement": GameTracker.inducement,
    **{cid: GameTracker.prayer for cid in _PRAYER_CHANGES},
    "fieldModelAddCard": GameTracker.card,
    "fieldModelRemoveCard": GameTracker.card,
    "fieldModelAddIntensiveTraining": GameTracker.intensive_training,
    "gameSetHalf": GameTracker.set_half,
    "gameSetHomePlaying": GameTracker.set_home_playing,
    "fieldModelSetBallCoordinate": GameTracker.ball_coordinate,
    "fieldModelSetBallMoving": GameTracker.ball_moving_change,
    "fieldModelSetWeather": GameTracker.set_weather,
}
