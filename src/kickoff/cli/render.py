"""Rich renderings of a kick-off for the terminal: the pitch, the dice, the story, the outcome.

Everything fits an 80-column terminal and stays readable without colour (piped, ``NO_COLOR``):
home players are ``h<n>``, away players ``a<n>``, the player holding the ball is in capitals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from rich.console import Group
from rich.table import Table
from rich.text import Text

from kickoff.core.pitch import RANDOM_DIRECTION, Square
from kickoff.core.state import GameState


def legend(target: str = "kick target", landed: bool = True) -> str:
    """The key to :func:`pitch_text`'s marks: ``target`` names what ``+`` marks; ``x`` (where the
    kick came down) only when ``landed`` (the pitch shows it)."""
    return (
        "h = home, a = away (capitals: holds the ball; underlined: Prone or Stunned), * ball, "
        f"+ {target}, " + ("x where the kick came down, " if landed else "")
        + ": Line of Scrimmage, - Wide Zone, | End Zone"
    )

#: Blood Bowl's own spelling where capitalising each word of the engine's name is not it.
_BB_NAMES = {"time_out": "Time-out", "blitz": "Blitz!", "charge": "Charge!",
             "throw_team_mate": "Throw Team-mate", "kick_team_mate": "Kick Team-mate",
             "kick_off_return": "Kick-Off Return"}
_SMALL_WORDS = frozenset({"a", "of", "the", "to", "with", "under"})


def bb_name(name: str) -> str:
    """Blood Bowl's name for an event, action, prayer or weather the engine writes in
    snake_case or lowercase words: ``brilliant_coaching`` -> ``Brilliant Coaching``,
    ``get_the_ref`` -> ``Get the Ref``, ``throw_team_mate`` -> ``Throw Team-mate``."""
    key = name.replace(" ", "_")
    if key in _BB_NAMES:
        return _BB_NAMES[key]
    words = key.split("_")
    return " ".join(w if i and w in _SMALL_WORDS else w.capitalize() for i, w in enumerate(words))


_COMPASS = {(-1, -1): "north-west", (0, -1): "north", (1, -1): "north-east", (-1, 0): "west",
            (1, 0): "east", (-1, 1): "south-west", (0, 1): "south", (1, 1): "south-east"}


def pitch_text(
    state: GameState,
    *,
    target: tuple[int, int] | list[int] | None = None,
    ball: tuple[int, int] | list[int] | None = None,
    landed: tuple[int, int] | list[int] | None = None,
) -> Text:
    """The pitch, three characters a square (78 columns for eleven-a-side)."""
    pitch = state.pitch
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    if landed is not None:
        marks[(landed[0], landed[1])] = ("  x", "bold magenta")
    if target is not None:
        marks[(target[0], target[1])] = ("  +", "bold green")
    if ball is not None:
        marks[(ball[0], ball[1])] = ("  *", "bold yellow")
    text = Text()
    text.append("  " + "".join(f"{x:>3}" for x in range(pitch.width)) + "\n", style="dim")
    for y in range(pitch.height):
        text.append(f"{y:>2}", style="dim")
        for x in range(pitch.width):
            sq = (x, y)
            p = state.board.get(sq)
            if p is not None:
                label = p.id if len(p.id) <= 3 else p.id[:3]
                style = "bold blue" if p.side == "home" else "bold red"
                if state.carrier == p.id:
                    label, style = label.upper(), style + " reverse"
                if p.status != "standing":
                    style += " underline dim"
                text.append(f"{label:>3}", style=style)
            elif sq in marks:
                glyph, style = marks[sq]
                text.append(glyph, style=style)
            elif x == 0 or x == pitch.width - 1:
                text.append("  |", style="green")
            elif pitch.on_los("home", sq) or pitch.on_los("away", sq):
                text.append("  :", style="dim")
            elif pitch.in_wide_zone(sq):
                text.append("  -", style="dim")
            else:
                text.append("  .", style="dim")
        text.append("\n")
    return text


#: The longest exact fraction an odds table shows; a longer one is left to ``--json``.
EXACT_WIDTH = 15

#: A section of an odds table: ``(label, probability)`` rows.
Rows = list[tuple[str, Fraction]]


def pct(p: Fraction | float) -> str:
    """A probability in percent, one decimal, six characters wide."""
    return f"{float(p):6.1%}"


def exact(p: Fraction) -> str:
    """``p`` as a fraction when it fits :data:`EXACT_WIDTH` characters, else ``(see --json)``."""
    text = str(p)
    return text if len(text) <= EXACT_WIDTH else "(see --json)"


N = TypeVar("N", Fraction, int)


def _holders(label: str, total: N, holders: Mapping[str, N], zero: N, most: int) -> list[tuple[str, N]]:
    ranked = sorted(holders.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ranked if len(ranked) <= most + 1 else ranked[:most]
    rows = [(label, total)] + [(f"  {pid} holds it", p) for pid, p in shown]
    rest = ranked[len(shown):]
    if rest:
        rows.append((f"  {len(rest)} other players", sum((p for _, p in rest), zero)))
    return rows


def holder_rows(label: str, total: Fraction, holders: Mapping[str, Fraction], most: int = 8) -> Rows:
    """A team's row (``label``, ``total``) and under it its likeliest holders of the ball (player
    id -> probability), at most ``most`` of them; the others summed in one row."""
    return _holders(label, total, holders, Fraction(0), most)


def count_rows(label: str, total: int, holders: Mapping[str, int], most: int = 8) -> list[tuple[str, int]]:
    """:func:`holder_rows` for counts of simulated kick-offs."""
    return _holders(label, total, holders, 0, most)


def odds_table(title: str, sections: list[Rows]) -> Table:
    """The exact odds as a table: each outcome in percent and as its exact fraction (when short),
    one section after another, separated by a rule."""
    table = Table(title=title)
    table.add_column("outcome")
    table.add_column("probability", justify="right")
    table.add_column("exact", justify="right")
    for rows in sections:
        for i, (label, p) in enumerate(rows):
            table.add_row(label, pct(p), exact(p), end_section=i == len(rows) - 1)
    return table


def dice_table(log: list[dict[str, Any]]) -> Table:
    """Every die rolled, in order, with what it decided."""
    table = Table(title="Dice, in the order rolled")
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


def _squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"


def _moves(e: dict[str, Any]) -> str:
    return ", ".join(f"{pid} to {sq}" for pid, sq in e["moves"].items()) or "nobody moves"


def _deviate(e: dict[str, Any]) -> str:
    d = _COMPASS[RANDOM_DIRECTION[e["direction"]]]
    tb = ": out of play, a touchback follows" if e["touchback"] else ""
    return f"The kick deviates {d} (D8 {e['direction']}) {_squares(e['distance'])} to {e['square']}{tb}"


_STORY: dict[str, Callable[[dict[str, Any]], str]] = {
    "kicker": lambda e: f"Kicker: {e['kicker']}" if e["kicker"] else
    "No kicker" + (f" ({e['why']})" if e.get("why") else ""),
    "deviate": _deviate,
    "event": lambda e: f"Kick-off event: {bb_name(e['name'])} (2D6 {e['roll'][0]}+{e['roll'][1]})",
    "contest": lambda e: f"{bb_name(e['event'])}: " + ", ".join(
        f"{s} {t}" for s, t in e["totals"].items()) + " -> "
    + (" and ".join(e["applies_to"]) or "nobody"),
    "turn_markers": lambda e: f"Turn markers {e['delta']:+d}: home {e['home']}, away {e['away']}",
    "weather": lambda e: f"New weather (2D6 {e['total']}): {bb_name(e['weather'])}",
    "scatter": lambda e: f"The ball scatters in the air to {e['to']}"
    + (": out of play, touchback" if e["touchback"] else ""),
    "count": lambda e: f"{bb_name(e['event'])}: up to {e['count']} players",
    "quick_snap": lambda e: f"Quick Snap: {_moves(e)}",
    "solid_defence": lambda e: f"Solid Defence: {_moves(e)}",
    "perfect_defence": lambda e: f"Perfect Defence: {_moves(e)}",
    "high_kick": lambda e: f"High Kick: {e['player']} moves under the ball at {e['to']}"
    if "player" in e else f"High Kick: {e['effect']}",
    "kickoff_move": lambda e: f"{bb_name(e['skill'])}: {e['player']} moves "
    + " ".join(str(s) for s in e["path"]),
    "kickoff_move_ends": lambda e: f"{e['player']}'s kick-off move ends: {e['why']}",
    "free_turn": lambda e: ("Charge!" if e["event"] == "charge" else "Blitz!")
    + ": may act " + (", ".join(e["eligible"]) or "nobody")
    + ("" if e["count"] is None else f" (up to {e['count']} of them)"),
    "free_turn_policy": lambda e: f"Coach's policy ({e['policy']}): " + (", ".join(
        f"{pid} moves to {path[-1]}" for pid, path in e["moves"].items())
        or "nobody can act without a roll"),
    "catch": lambda e: f"{e['player']} " + ("catches the ball" if e["success"] else
                                            "fails to catch the ball"),
    "bounce": lambda e: f"The ball bounces to {e['to']}",
    "throw_in": lambda e: f"Throw-in from {e['start']}: {_squares(e['distance'])} "
    f"{_COMPASS.get(tuple(e['direction']), str(e['direction']))}",
    "touchback": lambda e: f"Touchback: the ball goes to {e['to']}"
    + (f" ({e['why']})" if e.get("why") else ""),
    "injury": lambda e: f"Injury for {e['player']} (2D6 {e['total']}): "
    f"{e['result'].replace('_', ' ')}",
    "officious_ref": lambda e: f"Officious Ref: {e['player']} {e['result'].replace('_', ' ')}",
    "pitch_invasion": lambda e: f"Pitch Invasion: {e['player']} "
    f"{e.get('result', 'stunned').replace('_', ' ')}",
    "dodgy_snack": lambda e: f"Dodgy Snack: {e['player']} "
    + ("goes to the Reserves" if e["status"] == "reserves" else f"MA {e['ma']}, AV {e['av']}"),
    # The Kick It! Kick action (core/actions/kick.py) and the moves of the action engine.
    "activation": lambda e: f"{e['player']} takes a {bb_name(e['action'])} action",
    "step": lambda e: f"{e['player']} moves to {e['to']}",
    "pickup": lambda e: f"{e['player']} " + ("picks up the ball" if e["success"] else
                                             "fails to pick up the ball: turnover"),
    "fall_over": lambda e: f"{e['player']} falls over on {e['square']} (failed {e['why']})",
    "armour": lambda e: f"Armour of {e['player']} (2D6 {e['total']}): "
    + ("broken" if e["broken"] else "holds"),
    "reroll": lambda e: f"{e['player']} re-rolls the {e['test']} ({e['source']})",
    "kick": lambda e: f"{e['player']} kicks, aiming at {e['aim']}" if e["aim"] else
    f"{e['player']} does not kick ({e['why']})",
    "pass_block": lambda e: f"Pass Block: {e['player']} moves " + (
        " ".join(str(s) for s in e["path"]) or "nowhere"),
    "kick_block": lambda e: f"Kick block by {e['player']}: "
    + ("blocked, the ball bounces from his square" if e["success"] else
       e.get("why", "fails")),
    "away": lambda e: f"Away roll {e['roll']} ({e['modifier']:+d}, {e['target']}+): "
    f"{e['result']}",
    "shank": lambda e: f"Shanked {_squares(e['distance'])} along the {e['arrow']} arrow",
    "accurate": lambda e: f"Accurate, {_squares(e['distance'])}" + (
        f", landing chosen: {e['landing']}" if e["landing"] else f": {e['why']}"),
    "kick_out": lambda e: f"The ball flies into the crowd from {e['last']}",
    "kick_lands": lambda e: f"The ball comes down on {e['square']}",
    "kick_over": lambda e: "Turnover" if e["turnover"] else "No turnover",
    "skipped": lambda e: f"{e['where']} is not played: {e['why']}",
    "prayer": lambda e: f"Prayers to Nuffle ({e['side']}): "
    + (bb_name(e["prayer"]) if e["prayer"] else e.get("why", "nothing")),
}


def story(log: list[dict[str, Any]]) -> Text:
    """What happened, step by step, in sentences (everything in the log but the dice)."""
    text = Text()
    for entry in log:
        step = entry["step"]
        if step == "roll":
            continue
        describe = _STORY.get(step)
        line = describe(entry) if describe else step + ": " + ", ".join(
            f"{k} {v}" for k, v in entry.items() if k != "step")
        text.append(f"- {line}\n")
    return text


def outcome(result: dict[str, Any]) -> Text:
    """The outcome in a few short lines: kick, event, ball, teams' counters, seed."""
    ev = result["event"]
    dev = result["deviation"]
    ball = result["ball"]
    lines = [
        f"Kicking team: {result['kicking']}; kicker: {result['kicker'] or 'none'}; "
        f"target: {result['target'] or 'none'}",
        "No kick." if dev is None else
        f"Deviation: D8 {dev['direction']}, {_squares(dev['distance'])} "
        f"(rolled {dev['roll']}{', halved with Kick' if dev['kick_skill'] else ''}) "
        f"to {dev['square']}",
        "No event." if ev is None else
        f"Event: {bb_name(ev['name'])} ({ev['roll'][0]}+{ev['roll'][1]})",
        f"Touchback: {'yes' if result['touchback'] else 'no'}; ball at {ball['square']}, "
        f"held by {ball['carrier'] or 'nobody'}",
        f"Weather: {bb_name(result['weather'])}",
    ]
    classic = result["ruleset"] == "classic"
    for side, t in result["teams"].items():
        lines.append(f"{side}: turn {t['turn']}, re-rolls {t['rerolls']} ({t['drive_rerolls']} "
                     f"for the drive, {t['half_rerolls']} for the half), bribes {t['bribes']}")
        if not classic and t["prayers"]:
            lines.append(f"  prayers in effect: {', '.join(t['prayers'])}")
        if t["block_assists"]:
            lines.append(f"  extra Block assists waiting: {t['block_assists']}")
    lines.append(f"Seed: {result['seed']}  (same --seed, same kick-off)")
    return Text("\n".join(lines))


def kickoff_report(
    before: GameState, after: GameState, result: dict[str, Any], names: Mapping[str, str]
) -> Group:
    """Pitch before and after, the dice, the story and the outcome."""
    dev = result["deviation"]
    landed = None if dev is None or not after.pitch.on_pitch(Square(*dev["square"])) else dev["square"]
    heading = Text()
    heading.append(f"{result['ruleset']} kick-off, {result['kicking']} team kicking\n", style="bold")
    heading.append(f"home (h, blue): {names['home']}\naway (a, red): {names['away']}\n")
    heading.append(legend(landed=landed is not None), style="dim")
    return Group(
        heading,
        Text("\nBefore the kick", style="bold"),
        pitch_text(before, target=result["target"]),
        dice_table(result["log"]),
        Text("What happened", style="bold"),
        story(result["log"]),
        Text("After the kick-off", style="bold"),
        pitch_text(after, ball=result["ball"]["square"], landed=landed),
        outcome(result),
    )
