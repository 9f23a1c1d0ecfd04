"""The choices ``play="best"`` took, each with the Kick-off event it was taken under.

:class:`Choice` is one line of :attr:`~kickoff.analysis.exact_odds.Odds.decisions_taken` with
the event and the coach; :func:`by_event` groups them, the form ``kickoff odds --play best``
prints and its ``--json`` writes (``choices_by_event``, docs/analysis.md).

The groups, in this order:

- ``None``: the kick itself, before the Kick-off event is known (the kicking coach's kicker and
  Kick; the receiving coach's kick-off move, Kick-Off Return / On the Ball, chosen once the
  landing is known and played under every event);
- an event's key (``"high_kick"``, ``"blitz"``, ``"quick_snap"``, ...): the choices taken in
  that event's kick-offs only (the High Kick player; a free turn's or re-set-up's plan);
- :data:`ANY_EVENT`: the choices taken where the ball comes down in the worlds the events leave
  (Diving Catch, the touchback's taker or square): the solver keeps one world for every event
  that leaves the same board, so such a choice may belong to several events (bb2020 Blitz! and
  no event alike), and is not split among them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple

#: The group of the choices taken where the ball comes down, under any event's world.
ANY_EVENT = "any"

#: Who makes a choice (``None``: a summary line of several choices).
Coach = Literal["kicking", "receiving"] | None

#: The display names of the events with a free turn or a re-set-up (``plans``' searches).
EVENT_NAMES = {"blitz": "Blitz!", "charge": "Charge!", "quick_snap": "Quick Snap",
               "perfect_defence": "Perfect Defence", "solid_defence": "Solid Defence"}

#: Display names of the other groups.
GROUP_NAMES: dict[str | None, str] = {
    None: "The kick (before the Kick-off event)",
    "high_kick": "High Kick",
    ANY_EVENT: "Any event (where the ball comes down)",
}


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
    Kick-off event)"``; an unknown key as it is."""
    if event in GROUP_NAMES:
        return GROUP_NAMES[event]
    assert event is not None
    return EVENT_NAMES.get(event, event.replace("_", " ").title())


def grouped(choices: Iterable[Choice]) -> list[tuple[str | None, list[Choice]]]:
    """``choices`` by group: the kick (``None``) first, then the events in the order first met,
    :data:`ANY_EVENT` last; each group's choices in their order."""
    groups: dict[str | None, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.event, []).append(choice)
    return sorted(groups.items(), key=lambda kv: 0 if kv[0] is None else
                  2 if kv[0] == ANY_EVENT else 1)


def by_event(choices: Sequence[Choice]) -> list[dict[str, Any]]:
    """The JSON form: ``[{"event": key | null, "name": display name, "choices": [{"coach":
    "kicking" | "receiving" | null, "choice": line}]}]``, grouped as :func:`grouped`."""
    return [{"event": event, "name": event_name(event),
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
