"""The choices ``play="best"`` took, each with the Kick-off event it was taken under.

:class:`Choice` is one line of :attr:`~kickoff.analysis.exact.odds.Odds.decisions_taken` with
the event and the coach; :func:`by_event` groups them, the form ``kickoff odds --play best``
prints and its ``--json`` writes (``choices_by_event``, docs/analysis.md).

The groups, in this order:

- ``None``: the kick itself, before the Kick-off event is known (the kicking coach's kicker and
  Kick; the receiving coach's kick-off move, Kick-Off Return / On the Ball, chosen once the
  landing is known and played under every event);
- an event's key (``"high_kick"``, ``"blitz"``, ``"quick_snap"``, ...): the choices taken in
  that event's kick-offs only (the High Kick player; a free turn's or re-set-up's plan);
- the choices taken where the ball comes down in the worlds the events leave (Diving Catch, the
  touchback's taker or square): the solver keeps one world for every event that leaves the same
  board (bb2020 Blitz! with nobody acting and Brilliant Coaching alike), so such a choice is
  taken under each event that leaves such a world; its group names them (:func:`events_key`):
  one event's key, several joined by ``+`` in the Kick-off table's order
  (``"changing_weather+brilliant_coaching"``), :data:`ANY_EVENT` when it is every event of the
  table (or, for a touchback's taker met only in a set-up a kick-off move left, the events
  unknown), :data:`NO_EVENT` with the events off.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from kickoff.core.ruleset import Ruleset

#: The group of the choices taken where the ball comes down under every event of the table.
ANY_EVENT = "any"
#: The group of the choices taken where the ball comes down, the Kick-off events off.
NO_EVENT = "no_event"
#: What joins the keys of the events that share a choice (:func:`events_key`).
JOIN = "+"

#: Who makes a choice (``None``: a summary line of several choices).
Coach = Literal["kicking", "receiving"] | None

#: The display names of the events with a free turn or a re-set-up (``plans``' searches).
EVENT_NAMES = {"blitz": "Blitz!", "charge": "Charge!", "quick_snap": "Quick Snap",
               "perfect_defence": "Perfect Defence", "solid_defence": "Solid Defence"}

#: Display names of the other groups.
GROUP_NAMES: dict[str | None, str] = {
    None: "The kick (before the Kick-off event)",
    "high_kick": "High Kick",
    ANY_EVENT: "Every event (where the ball comes down)",
    NO_EVENT: "No Kick-off event (events off; where the ball comes down)",
}


def events_key(names: Collection[str] | None, table: Sequence[str] | None) -> str:
    """The group of a choice taken where the ball comes down in worlds left by the events
    ``names`` (``None``, or :data:`ANY_EVENT` among them: not known): :data:`NO_EVENT` with the
    events off (``table`` ``None``), else :data:`ANY_EVENT` when they are every event of
    ``table`` (the Kick-off table's event keys, in its order, :func:`table_events`) or not
    known, else their keys in that order joined by :data:`JOIN`."""
    if table is None:
        return NO_EVENT
    if names is None or ANY_EVENT in names or set(table) <= set(names):
        return ANY_EVENT
    order = {name: i for i, name in enumerate(table)}
    return JOIN.join(sorted(names, key=lambda n: (order.get(n, len(order)), n)))


def table_events(ruleset: Ruleset) -> tuple[str, ...]:
    """``ruleset``'s Kick-off table's event keys, in its order (2D6 total), each once."""
    return tuple(dict.fromkeys(e.name for _, e in sorted(ruleset.kickoff_table.items())))


def events_of(group: str | None) -> list[str]:
    """The event keys a group names: ``[]`` for the kick, :data:`ANY_EVENT` (every event)
    and :data:`NO_EVENT`; else the keys :func:`events_key` joined."""
    if group is None or group in (ANY_EVENT, NO_EVENT):
        return []
    return group.split(JOIN)


class Choice(NamedTuple):
    """One choice taken: ``event`` (a Kick-off event's key, ``None``: the kick, before the
    event; :data:`ANY_EVENT`: where the ball comes down), ``coach`` and ``text`` (the line of
    ``Odds.decisions_taken``, e.g. ``"High Kick: a7 moves under the ball (landing [20, 7],
    2.1% of kicks)"``)."""

    event: str | None
    coach: Coach
    text: str


def event_name(event: str | None) -> str:
    """The display name of a group: ``"High Kick"``, ``"Blitz!"``, ``"The kick (before the
    Kick-off event)"``, several events' names joined by commas (``"Changing Weather,
    Brilliant Coaching"``); an unknown key in title case."""
    if event in GROUP_NAMES:
        return GROUP_NAMES[event]
    assert event is not None
    return ", ".join(GROUP_NAMES.get(key) or EVENT_NAMES.get(key, key.replace("_", " ").title())
                     for key in event.split(JOIN))


def grouped(choices: Iterable[Choice]) -> list[tuple[str | None, list[Choice]]]:
    """``choices`` by group: the kick (``None``) first, then the events in the order first met,
    :data:`ANY_EVENT` last; each group's choices in their order."""
    groups: dict[str | None, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.event, []).append(choice)
    return sorted(groups.items(), key=lambda kv: 0 if kv[0] is None else
                  2 if kv[0] == ANY_EVENT else 1)


def by_event(choices: Sequence[Choice]) -> list[dict[str, Any]]:
    """The JSON form: ``[{"event": key | null, "name": display name, "events": [event keys]
    (:func:`events_of`), "choices": [{"coach": "kicking" | "receiving" | null, "choice":
    line}]}]``, grouped as :func:`grouped`."""
    return [{"event": event, "name": event_name(event), "events": events_of(event),
             "choices": [{"coach": c.coach, "choice": c.text} for c in group]}
            for event, group in grouped(choices)]


def lines(choices: Sequence[Choice]) -> list[str]:
    """The CLI's lines: per group its name, then each choice after its coach, indented (a
    summary line bare), as a list: ``"- Blitz!:"``, ``"  - kicking coach: k3 to [12, 5] ..."``."""
    out = []
    for event, group in grouped(choices):
        name = event_name(event)
        out.append(f"- {name}:")
        for c in group:  # the event's name said once (``High Kick: a3 ...`` under High Kick)
            text = c.text.removeprefix(f"{name}: ")
            out.append(f"  - {text}" if c.coach is None else f"  - {c.coach} coach: {text}")
    return out
