"""Rich renderings of a kick-off for the terminal: the pitch, the dice, the story, the outcome.

Everything fits an 80-column terminal and stays readable without colour (piped, ``NO_COLOR``):
home players are ``h<n>``, away players ``a<n>``, the player holding the ball is in capitals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from kickoff.analysis.choices import Choice
from kickoff.analysis.choices import lines as choice_lines
from kickoff.analysis.objectives import AnyObjective, objective_text
from kickoff.core.pitch import Square
from kickoff.core.ruleset import KICK_IT, HouseRule
from kickoff.core.state import GameState, disc_label, jersey_number

#: What ``kickoff run`` plays, which has no ``--events`` or ``--play``: the whole kick-off, the
#: coaches' choices not given by the format's defaults (:func:`choice_lines_applied`).
RUN_APPLIED = {"events": "the Kick-off table too (odds, simulate --events none: without)",
               "play": "the format's choices, unless --high-kick, --touchback given"}

# Rich is imported by the functions that draw (start-up, issue 16): the commands import this
# module, and those that print JSON or plain lines draw nothing; the narration, by those that
# tell a kick-off (``run``); the ranking of targets, by the report of every target.
if TYPE_CHECKING:
    from rich.console import Console, Group
    from rich.table import Table
    from rich.text import Text

    from kickoff.analysis.targets import RankedTarget
    from kickoff.defaults import KickUse


#: What Rich could take for an emoji code (``:smile:``, ``:thumbs_up-emoji:``): two colons with
#: no space between them.
_MAYBE_EMOJI = re.compile(r":\S*:")


def console_for(*texts: str) -> Console:
    """A Rich console without highlighting, for printing ``texts``: every string it is to render
    (with markup or without). Rich replaces the emoji codes of the strings it prints, a player's
    id of a scenario (``:smile:``) included, and imports its table of them (some 4,000 names)
    for the first string; where none of ``texts`` could hold one, this console replaces none:
    the same bytes, without the import (start-up, issue 16)."""
    from rich.console import Console

    return Console(highlight=False, emoji=any(_MAYBE_EMOJI.search(t) for t in texts))


def table_texts(table: Table) -> list[str]:
    """Every string ``table`` renders: its title, caption, headers, footers and cells."""
    texts = [t for t in (table.title, table.caption) if isinstance(t, str)]
    for column in table.columns:
        texts += [t for t in (column.header, column.footer, *column.cells) if isinstance(t, str)]
    return texts


def header(ruleset: str, kicking: str, names: Mapping[str, str], kick: KickUse, *,
           events: str | None = None, play: str | None = None,
           house_rules: frozenset[HouseRule] = frozenset(),
           others: Mapping[str, str] | None = None) -> str:
    """The lines every command prints first (issue 26): the ruleset, the kicking team, each
    team and set-up (``names``: side -> ``"team, set-up"``), the kicker and his use of Kick, and
    (for the commands that have them) the ``events`` and ``play`` applied, each default with the
    option that chooses otherwise (:func:`choice_lines`; ``others``: that option's words where
    the command's differ). Lines under 80 columns for names of ordinary length."""
    lines = [f"{ruleset} kick-off, {kicking} team kicking"
             + (" (house rule: Kick It!)" if KICK_IT in house_rules else ""),
             f"home: {names['home']}", f"away: {names['away']}", kick.text()]
    return "\n".join(lines + choice_lines_applied(events, play, others))


#: What the default events and play mean, with the option choosing otherwise, in ``kickoff
#: odds``'s words (:func:`choice_lines_applied`'s ``others`` replaces them for another command).
_OTHERS = {"events": "the Kick-off table too (--events none: deviation and landing)",
           "play": "the format's choices for the receivers (--play best: the best)"}


def choice_lines_applied(events: str | None, play: str | None,
                         others: Mapping[str, str] | None = None) -> list[str]:
    """The header's ``Events:`` and ``Play:`` lines (none for a ``None``), each default with
    the option choosing otherwise (``others``: ``{"events" | "play": words}`` for a command
    whose options differ from ``kickoff odds``'s). Each line within 80 columns."""
    other = {**_OTHERS, **(others or {})}
    lines = []
    if events is not None:
        lines.append(f"Events: {events}, " + (other["events"] if events == "all"
                     else "deviation and landing only (the default: all)"))
    if play is not None:
        lines.append(f"Play: {play}, " + (other["play"] if play == "defaults" else
                     "the close policy for both coaches (the default: defaults)"
                     if play == "close" else
                     "both coaches' best choices (the default: defaults)"))
    return lines


def applied_doc(ruleset: str, kicking: str, names: Mapping[str, str], kick: KickUse,
                events: str, play: str | None = None, **more: object) -> dict[str, object]:
    """What a command's JSON says it applied, the twin of :func:`header`: ``{"applied":
    {ruleset, kicking, teams (side -> "team, set-up"), kicker, use_kick_skill, events[, play],
    **more}}``."""
    return {"applied": {"ruleset": ruleset, "kicking": kicking, "teams": dict(names),
                        "kicker": kick.kicker, "use_kick_skill": kick.used, "events": events,
                        **({} if play is None else {"play": play}), **more}}


def wrapped(text: str, width: int = 80) -> str:
    """``text`` with each line longer than ``width`` broken between words, the lines after the
    first indented two spaces more than the line itself (under a ``- `` bullet's text, also a
    nested one's, or under a heading), a square ``[15, 11]`` or an option and its value
    (``--plan-budget 0``) never split, no trailing spaces:
    the played-choices lines of ``kickoff odds`` (issue 26: a wrapped bullet restarted at
    column 0)."""
    import re
    import textwrap

    def fill(line: str) -> str:
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        whole = re.sub(r"\[(-?\d+), (-?\d+)\]", "[\\1,\0\\2]", line)  # NUL: no break there
        whole = re.sub(r"(--[a-z][\w-]*) (?=\w)", "\\1\0", whole)  # an option with its value
        return textwrap.fill(whole, width, subsequent_indent=indent, break_on_hyphens=False,
                             break_long_words=False).replace("\0", " ")

    return "\n".join(fill(line) if len(line) > width else line for line in text.splitlines())


def legend(target: str = "kick target", landed: bool = True) -> str:
    """The key to :func:`pitch_text`'s marks, in lines of at most 80 characters: ``target``
    names what ``+`` marks; ``x`` (where the kick came down) only when ``landed`` (the pitch
    shows it)."""
    marks = f"* ball, + {target}" + (", x where the kick came down" if landed else "")
    lines = ": Line of Scrimmage, - Wide Zone, | End Zone"
    return ("h = home, a = away (capitals: holds the ball; underlined: Prone or Stunned)\n"
            + (f"{marks}; {lines}" if len(marks) + len(lines) + 2 <= 80 else f"{marks}\n{lines}"))


def pitch_text(
    state: GameState,
    *,
    target: tuple[int, int] | list[int] | None = None,
    ball: tuple[int, int] | list[int] | None = None,
    landed: tuple[int, int] | list[int] | None = None,
) -> Text:
    """The pitch, three characters a square (78 columns for eleven-a-side)."""
    from rich.text import Text

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
            glyph, style = _cell(state, (x, y), marks)
            text.append(glyph, style=style)
        text.append("\n")
    return text


def _cell(state: GameState, sq: tuple[int, int],
          marks: dict[tuple[int, int], tuple[str, str]]) -> tuple[str, str]:
    """:func:`pitch_text`'s square ``sq``: its three characters and their Rich style (a
    player's disc, else a mark, else the sideline, the Line of Scrimmage, a Wide Zone or the
    field)."""
    pitch = state.pitch
    p = state.board.get(sq)
    if p is not None:
        label = disc_label(p.id, p.name, p.side)
        style = "bold blue" if p.side == "home" else "bold red"
        if state.carrier == p.id:
            label, style = label.upper(), style + " reverse"
        if p.status != "standing":
            style += " underline dim"
        return f"{label:>3}", style
    if sq in marks:
        return marks[sq]
    if sq[0] == 0 or sq[0] == pitch.width - 1:
        return "  |", "green"
    if pitch.on_los("home", sq) or pitch.on_los("away", sq):
        return "  :", "dim"
    if pitch.in_wide_zone(sq):
        return "  -", "dim"
    return "  .", "dim"


def player_label(pid: str, name: str = "") -> str:
    """How a table names a player: his id, or for a long id (FUMBBL's ``p15091672``) his jersey
    number and name, ``#7 Caleb Jain``, at most 24 characters."""
    if len(pid) <= 4 or not name:
        return pid
    number = jersey_number(name)
    bare = name.split(" (")[0]
    label = f"#{number} {bare}" if number else bare
    return label if len(label) <= 24 else label[:23] + "…"


def best_played(state: GameState, events: bool, objective: AnyObjective, taken: Sequence[Choice],
                high_kick: str | None = None, touchback: str | None = None, where: str = "",
                plans: str = "", resetups: bool = False) -> str:
    """The lines of ``kickoff odds --play best`` saying what it played: the defaults it keeps
    (``Defaults played:``: Quick Snap, Diving Catch, Blitz! / Charge!, Perfect / Solid Defence,
    which are not maximised; ``plans``: the plan search applied in words, ``""``: none, and
    whether it searched the ``resetups``: each free move's line says whether it is searched),
    the choices named by an option (``Choices played:``), then ``Choices played (best for each
    coach, objective X: ...)<where>:`` with ``taken``
    (``Odds.choices``), one line per Kick-off event (:func:`kickoff.analysis.choices.lines`:
    ``High Kick: receiving coach: a7 moves under the ball ...``, the kick itself first), or a
    line saying no choice beat the defaults."""
    names = {p.id: player_label(p.id, p.name) for p in state.players.values()}
    kept = ["Diving Catch beyond the kick's landing (or after a scatter, a kick-off move, a "
            "High Kick, or with four or more candidates): every player allowed attempts one"]
    if events:
        off = "not searched, --plan-budget 0"
        blitz = f"searched where said below: {plans}" if plans else off
        moves = (f"searched where said below: {plans}" if plans and resetups else
                 "not searched, --no-plan-resetups" if plans else off)
        kept = ["Quick Snap: nobody moves (too many combinations to maximise exactly; "
                f"{moves})", *kept,
                f"Blitz! / Charge!: nobody acts (a whole free turn; {blitz})",
                f"Perfect / Solid Defence: nobody moves ({moves})"]
    lines = ["Defaults played:", *(f"- {k}" for k in kept)]
    named = []
    if events and high_kick is not None:
        named.append(f"High Kick: {names.get(high_kick, high_kick)} is placed under the ball "
                     "when it lands on an empty square in play (--high-kick)")
    if touchback is not None:
        named.append(f"Touchback: to {names.get(touchback, touchback)} while he can take it "
                     "(--touchback)")
    if named:
        lines += ["Choices played:", *(f"- {n}" for n in named)]
    lines.append(f"Choices played (best for each coach, objective {objective_text(objective)}: "
                 f"the receivers maximise it, the kicking coach minimises it){where}:")
    moves = "a High Kick or On the Ball" if events else "On the Ball"
    lines += choice_lines(taken) or [f"- none better than the defaults (the default "
                                           f"kicker, Kick not used; nobody moves under {moves}, "
                                           "the first able player takes a touchback)"]
    return "\n".join(lines)


#: The longest exact fraction an odds table shows; a longer one is left to ``--json``.
EXACT_WIDTH = 15

#: A section of an odds table: ``(label, probability)`` rows.
Rows = list[tuple[str, Fraction]]


def pct(p: Fraction | float) -> str:
    """A probability in percent, one decimal, six characters wide."""
    return f"{float(p):6.1%}"


def exact(p: Fraction) -> str:
    """``p`` as a fraction when it fits :data:`EXACT_WIDTH` characters, else ``(see --json)``.
    A fraction too long is never written out first: ``str`` refuses one past Python's 4,300
    digits (a classic kick-off's odds, 1005084's second: a ValueError traceback)."""
    if max(abs(p.numerator), p.denominator) >= 10 ** EXACT_WIDTH:
        return "(see --json)"
    text = str(p)
    return text if len(text) <= EXACT_WIDTH else "(see --json)"


N = TypeVar("N", Fraction, int)


def _holders(label: str, total: N, holders: Mapping[str, N], zero: N, most: int,
             names: Mapping[str, str] | None = None) -> list[tuple[str, N]]:
    ranked = sorted(holders.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ranked if len(ranked) <= most + 1 else ranked[:most]
    names = names or {}
    rows = [(label, total)] + [(f"  {player_label(pid, names.get(pid, ''))} holds it", p)
                               for pid, p in shown]
    rest = ranked[len(shown):]
    if rest:
        rows.append((f"  {len(rest)} other players", sum((p for _, p in rest), zero)))
    return rows


def holder_rows(label: str, total: Fraction, holders: Mapping[str, Fraction], most: int = 8,
                names: Mapping[str, str] | None = None) -> Rows:
    """A team's row (``label``, ``total``) and under it its likeliest holders of the ball (player
    id -> probability), at most ``most`` of them; the others summed in one row. ``names``
    (id -> name) names players of long ids (:func:`player_label`)."""
    return _holders(label, total, holders, Fraction(0), most, names)


def outcome_sections(state: GameState, touchback: N, receiving: N, holders: Mapping[str, N],
                     ground: N, zero: N) -> list[list[tuple[str, N]]]:
    """The sections of a kick-off's outcome for :func:`odds_table` (exact odds, ``zero`` a
    ``Fraction``) or for a table of counts (``simulate``, ``zero`` ``0``): the touchback; the
    receiving team holding the ball, with its likeliest holders (``holders``: player id ->
    probability or count); the kicking team holding it (only when one of its players may);
    the ball on the ground."""
    side = {pid: state.players[pid].side for pid in holders}
    names: dict[str, str] = {pid: p.name for pid, p in state.players.items()}
    kickers: dict[str, N] = {pid: c for pid, c in holders.items() if side[pid] == state.kicking}
    sections: list[list[tuple[str, N]]] = [
        [("touchback", touchback)],
        _holders("receiving team holds the ball", receiving,
                 {pid: c for pid, c in holders.items() if side[pid] == state.receiving}, zero, 8,
                 names),
    ]
    if kickers:
        sections.append(_holders("kicking team holds the ball", sum(kickers.values(), zero),
                                 kickers, zero, 8, names))
    sections.append([("ball on the ground", ground)])
    return sections


def odds_table(title: str, sections: list[Rows]) -> Table:
    """The exact odds as a table: each outcome in percent and as its exact fraction (when short),
    one section after another, separated by a rule."""
    from rich.table import Table

    table = Table(title=title)
    table.add_column("outcome")
    table.add_column("probability", justify="right")
    table.add_column("exact", justify="right")
    for rows in sections:
        for i, (label, p) in enumerate(rows):
            table.add_row(label, pct(p), exact(p), end_section=i == len(rows) - 1)
    return table


def _ranking_map(state: GameState, ranked: list[RankedTarget], objective: AnyObjective
                 ) -> Text:
    """:func:`ranking_report`'s map of the receiving area: each target's value in three
    characters (:func:`~kickoff.analysis.objectives.short_value`), coloured green (good) to red
    (bad), ``##`` the best; under it what the values are and the best's."""
    from rich.text import Text

    from kickoff.analysis.objectives import (
        kicker_wants_high,
        short_value,
        value_unit,
        value_words,
    )

    values = {r.target: r.value for r in ranked}
    lo, hi = min(values.values()), max(values.values())
    better_high = kicker_wants_high(objective)
    xs = sorted({t.x for t in values})
    text = Text()
    text.append("   " + "".join(f"{x:>4}" for x in xs) + "\n", style="dim")
    for y in range(state.pitch.height):
        text.append(f"{y:>3}", style="dim")
        for x in xs:
            v = values.get(Square(x, y))
            if v is None:
                text.append("    ")
                continue
            share = 0.5 if hi == lo else float((v - lo) / (hi - lo))
            good = share if better_high else 1 - share
            colour = "green" if good > 0.66 else ("yellow" if good > 0.33 else "red")
            label = "##" if Square(x, y) == ranked[0].target else short_value(v, objective)
            text.append(f" {label[-3:]:>3}", style=f"bold {colour}")
        text.append("\n")
    unit = {"probability": " in percent", "squares": " in squares"}.get(value_unit(objective), "")
    text.append(f"{objective_text(objective)}{unit} per target; ## marks the best "
                f"({value_words(ranked[0].value, objective)} at {list(ranked[0].target)})",
                style="dim")
    return text


def ranking_report(state: GameState, ranked: list[RankedTarget], objective: AnyObjective
                   ) -> Group:
    """Every target ranked (best first; ``kickoff odds --all-targets``): the receiving area with
    each target's objective value (in percent; ``distance`` in squares), coloured green (good)
    to red (bad), ``##`` the best target; then the five best targets' touchback, receiving team
    holds and ball on the ground, in percent."""
    from rich.console import Group
    from rich.table import Table

    from kickoff.analysis.objectives import kicker_wants_high

    better_high = kicker_wants_high(objective)
    name = objective_text(objective)
    text = _ranking_map(state, ranked, objective)
    best = Table(title=f"Best targets by {name} "
                 f"({'higher' if better_high else 'lower'} is better)")
    for col in ("target", "touchback", "receiving team holds", "ball on the ground"):
        best.add_column(col, justify="right")
    for r in ranked[:5]:
        best.add_row(str(list(r.target)), pct(r.odds.touchback),
                     pct(r.odds.receiving_team_holds),
                     pct(sum(r.odds.ground.values(), Fraction(0))))
    return Group(text, best)


def dice_table(log: list[dict[str, Any]]) -> Table:
    """Every die rolled, in order, with what it decided."""
    from rich.table import Table

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


def story(log: list[dict[str, Any]]) -> Text:
    """What happened, step by step, in sentences (everything in the log but the dice;
    :func:`kickoff.formats.narration.story_lines`)."""
    from rich.text import Text

    from kickoff.formats.narration import story_lines

    # a long sentence goes on under its bullet's text, not at column 0
    return Text(wrapped("".join(f"- {line}\n" for line in story_lines(log))) + "\n")


def outcome(result: dict[str, Any]) -> Text:
    """The outcome in a few short lines: kick, event, ball, teams' counters, seed."""
    from rich.text import Text

    from kickoff.formats.narration import bb_name, squares_text

    ev = result["event"]
    dev = result["deviation"]
    ball = result["ball"]
    lines = [
        f"Kicking team: {result['kicking']}; kicker: {result['kicker'] or 'none'}; "
        f"target: {result['target'] or 'none'}",
        "No kick." if dev is None else
        f"Deviation: D8 {dev['direction']}, {squares_text(dev['distance'])} "
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
    before: GameState, after: GameState, result: dict[str, Any], names: Mapping[str, str],
    kick: str = "", applied: Sequence[str] = (), house_rules: frozenset[HouseRule] = frozenset(),
) -> Group:
    """Pitch before and after, the dice, the story and the outcome; ``kick``: the header's line
    naming the kicker and his use of Kick (:meth:`kickoff.defaults.KickUse.text`); ``applied``:
    the header's events and play lines (:func:`choice_lines_applied`); ``house_rules``: those
    played, named in the first line as :func:`header` names them."""
    from rich.console import Group
    from rich.text import Text

    dev = result["deviation"]
    landed = None if dev is None or not after.pitch.on_pitch(Square(*dev["square"])) else dev["square"]
    heading = Text()
    heading.append(f"{result['ruleset']} kick-off, {result['kicking']} team kicking"
                   + (" (house rule: Kick It!)" if KICK_IT in house_rules else "") + "\n",
                   style="bold")
    heading.append(f"home (h, blue): {names['home']}\naway (a, red): {names['away']}\n")
    if kick:
        heading.append(f"{kick}\n")
    for line in applied:
        heading.append(f"{line}\n")
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
