"""Rich renderings of a kick-off for the terminal: the pitch, the dice, the outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from kickoff.core.state import GameState

_STATUS_STYLE = {"standing": "", "prone": "dim", "stunned": "dim italic"}


def pitch_text(
    state: GameState, *, target: tuple[int, int] | None = None,
    ball: tuple[int, int] | None = None,
) -> Text:
    """The pitch as text: home players blue, away red (jersey numbers), ``*`` the ball,
    ``+`` the kick target, ``:`` the Lines of Scrimmage, ``-`` Wide Zone squares."""
    pitch = state.pitch
    text = Text()
    header = "    " + "".join(f"{x:>2}" for x in range(pitch.width))
    text.append(header + "\n", style="dim")
    for y in range(pitch.height):
        text.append(f"{y:>3} ", style="dim")
        for x in range(pitch.width):
            sq = (x, y)
            p = state.board.get(sq)
            if p is not None:
                label = p.id[1:] if p.id[:1] in "ha" and p.id[1:].isdigit() else p.id[:2]
                colour = "bold blue" if p.side == "home" else "bold red"
                holder = state.carrier == p.id
                style = colour + (" reverse" if holder else "") + (
                    " " + _STATUS_STYLE[p.status] if _STATUS_STYLE.get(p.status) else "")
                if p.status != "standing":
                    style += " underline"
                text.append(f"{label:>2}", style=style)
            elif ball is not None and sq == tuple(ball):
                text.append(" *", style="bold yellow")
            elif target is not None and sq == tuple(target):
                text.append(" +", style="bold green")
            elif x in (0, pitch.width - 1):
                text.append(" .", style="green")
            elif pitch.on_los("home", sq) or pitch.on_los("away", sq):
                text.append(" :", style="dim")
            elif pitch.in_wide_zone(sq):
                text.append(" -", style="dim")
            else:
                text.append(" .", style="dim")
        text.append("\n")
    return text


def dice_table(log: list[dict[str, Any]]) -> Table:
    """Every die rolled, in order, with what it decided."""
    table = Table(title="Dice", show_lines=False)
    table.add_column("#", justify="right")
    table.add_column("die")
    table.add_column("value", justify="right")
    table.add_column("for")
    n = 0
    for entry in log:
        if entry["step"] == "roll":
            n += 1
            table.add_row(str(n), entry["die"], str(entry["value"]), entry["for"])
    return table


def story(log: list[dict[str, Any]]) -> Text:
    """What happened, step by step (everything in the log that is not a die roll)."""
    text = Text()
    for entry in log:
        if entry["step"] == "roll":
            continue
        fields = ", ".join(f"{k}={v}" for k, v in entry.items() if k != "step")
        text.append(f"- {entry['step']}", style="bold")
        text.append(f": {fields}\n" if fields else "\n")
    return text


def outcome(result: dict[str, Any]) -> Panel:
    """The outcome in a few lines: event, ball, touchback, teams' counters, seed."""
    ev = result["event"]
    dev = result["deviation"]
    lines = [
        f"kicking: {result['kicking']}   kicker: {result['kicker']}   target: {result['target']}",
        "deviation: none" if dev is None else
        f"deviation: direction {dev['direction']}, {dev['distance']} squares "
        f"(roll {dev['roll']}{', Kick' if dev['kick_skill'] else ''}) -> {dev['square']}",
        "event: none" if ev is None else f"event: {ev['name']} (2D6 {ev['roll'][0]}+{ev['roll'][1]})",
        f"touchback: {'yes' if result['touchback'] else 'no'}   ball: {result['ball']['square']}"
        f"   held by: {result['ball']['carrier'] or 'nobody'}   weather: {result['weather']}",
    ]
    for side, t in result["teams"].items():
        lines.append(
            f"{side}: turn {t['turn']}, re-rolls {t['rerolls']} (drive {t['drive_rerolls']}, "
            f"half {t['half_rerolls']}), bribes {t['bribes']}, prayers {t['prayers'] or '-'}, "
            f"block assists {t['block_assists']}"
        )
    lines.append(f"seed: {result['seed']}")
    return Panel("\n".join(lines), title="Result")


def kickoff_report(
    before: GameState, after: GameState, result: dict[str, Any], names: Mapping[str, str]
) -> Group:
    """Pitch before and after, the dice, the story and the outcome."""
    return Group(
        Panel(pitch_text(before, target=result["target"]),
              title="Before (+ the kick target)",
              subtitle=f"home (blue): {names['home']}; away (red): {names['away']}"),
        dice_table(result["log"]),
        Panel(story(result["log"]), title="What happened"),
        Panel(pitch_text(after, ball=result["ball"]["square"]),
              title="After (* the ball; reversed: holds it; underlined: Prone or Stunned)"),
        outcome(result),
    )
