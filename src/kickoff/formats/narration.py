"""The story of a kick-off: the sentences of a result document's ``log``, in Blood Bowl's own
words, one place for every face (``kickoff run`` / ``replay`` / ``kick`` in the terminal and the
web page's Kick! log say the same).

* :func:`sentence`: one log entry (a die, or a step) as a sentence;
* :func:`story_lines`: the steps (the dice left to their table), as ``kickoff run`` tells them;
* :func:`sentences`: one sentence per entry, dice included (the web page's log);
* :func:`defaults_applied`: one line for each default decision the kick-off applied ("High Kick:
  nobody moved under the ball (default; --high-kick ID)").

A step the story does not know is told as ``step: key value, ...``, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kickoff.core.pitch import RANDOM_DIRECTION

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


def squares_text(n: int) -> str:
    """``1 square``, ``N squares``."""
    return "1 square" if n == 1 else f"{n} squares"


def _moves(e: Mapping[str, Any]) -> str:
    return ", ".join(f"{pid} to {sq}" for pid, sq in e["moves"].items()) or "nobody moves"


def _deviate(e: Mapping[str, Any]) -> str:
    d = _COMPASS[RANDOM_DIRECTION[e["direction"]]]
    tb = ": out of play, a touchback follows" if e["touchback"] else ""
    if e["distance"] == 0:  # a D6 of 1 halved with Kick: "deviates south 0 squares" said wrong
        return (f"The kick does not deviate (D8 {e['direction']}, 0 squares): it comes down on "
                f"{e['square']}{tb}")
    return f"The kick deviates {d} (D8 {e['direction']}) {squares_text(e['distance'])} to {e['square']}{tb}"


def _prayer_effect(e: Mapping[str, Any]) -> str:
    """Who a prayer's effect went to: ``Intensive Training: h3 (a skill of the coach's choice,
    for the game)``."""
    who = ", ".join(e["players"]) or "nobody (no player can have it)"
    what = _PRAYER_EFFECT_WORDS.get(e["prayer"], "")
    skill = e.get("skill")
    if e["prayer"] == "intensive_training":
        what = (f"gains {bb_name(skill)}, for the game" if skill else "a skill of the coach's "
                "choice, for the game; decisions prayer.skill names it")
    return f"{bb_name(e['prayer'])}: {who}" + (f" ({what})" if what else "")


#: What each prayer that changes players does to them, as the story says it.
_PRAYER_EFFECT_WORDS = {
    "stiletto": "Stab, for the drive", "iron_man": "+1 AV, for the game",
    "knuckle_dusters": "Mighty Blow, for the drive", "bad_habits": "Loner, for the drive",
    "greasy_cleats": "-1 MA, for the drive", "blessed_statue": "Pro, for the game",
}


_STORY: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "kicker": lambda e: f"Kicker: {e['kicker']}" if e["kicker"] else
    "No kicker (" + (e.get("why") or "none is needed: only a kicker with Kick is named, to "
                     "use it") + ")",
    "deviate": _deviate,
    "event": lambda e: f"Kick-off event: {bb_name(e['name'])} (2D6 {e['roll'][0]}+{e['roll'][1]})",
    "contest": lambda e: f"{bb_name(e['event'])}: " + ", ".join(
        f"{s} {_total(e, s)}" for s in e["totals"]) + " -> "
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
    "kickoff_move_default": lambda e: f"{bb_name(e['skill'])}: nobody moves "
    f"({', '.join(e['eligible'])} could)",
    "diving_catch": lambda e: f"Diving Catch: {e['player']} dives from {e['square']} for the "
    f"ball on {e['ball']}" if "player" in e else f"Diving Catch: {e['why']}",
    "kickoff_move_ends": lambda e: f"{e['player']}'s kick-off move ends: {e['why']}",
    "free_turn": lambda e: ("Charge!" if e["event"] == "charge" else "Blitz!")
    + ": may act " + (", ".join(e["eligible"]) or "nobody")
    # the count was told by its own line ("up to N players", the D3 roll): not again here
    + (" (no limit)" if e["count"] is None else ""),
    "free_turn_policy": lambda e: f"Coach's policy ({e['policy']}): " + (", ".join(
        f"{pid} moves to {path[-1]}" for pid, path in e["moves"].items())
        or "nobody can act without a roll"),
    "catch": lambda e: f"{e['player']} " + ("catches the ball" if e["success"] else
                                            "fails to catch the ball"),
    "bounce": lambda e: f"The ball bounces to {e['to']}",
    "throw_in": lambda e: f"Throw-in from {e['start']}: {squares_text(e['distance'])} "
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
    "shank": lambda e: f"Shanked {squares_text(e['distance'])} along the {e['arrow']} arrow",
    "accurate": lambda e: f"Accurate, {squares_text(e['distance'])}" + (
        f", landing chosen: {e['landing']}" if e["landing"] else f": {e['why']}"),
    "kick_out": lambda e: f"The ball flies into the crowd from {e['last']}",
    "kick_lands": lambda e: f"The ball comes down on {e['square']}",
    "kick_over": lambda e: "Turnover" if e["turnover"] else "No turnover",
    "skipped": lambda e: f"{e['where']} is not played: {e['why']}",
    "prayer": lambda e: f"Prayers to Nuffle ({e['side']}): "
    + (bb_name(e["prayer"]) if e["prayer"] else e.get("why", "nothing")),
    "prayer_effect": _prayer_effect,
}


#: A team value added to a contest's die, as a coach says it (singular, plural).
_STAT_WORDS = {"assistant_coaches": ("assistant coach", "assistant coaches"),
               "cheerleaders": ("cheerleader", "cheerleaders"),
               "fan_factor": ("Fan Factor", "Fan Factor"), "fame": ("FAME", "FAME")}


def _total(e: Mapping[str, Any], side: str) -> str:
    """A side's contest total with its parts: ``2 + 1 assistant coach = 3`` (just the total
    when the log gives no parts, or when nothing was added to the die)."""
    total = e["totals"][side]
    part = (e.get("parts") or {}).get(side)
    if not part:
        return str(total)
    added = [(stat, v) for stat, v in part.items() if stat != "roll" and v]
    if not added:
        return str(total)
    words = " + ".join(f"{v} {_STAT_WORDS.get(stat, (stat, stat))[v != 1]}" for stat, v in added)
    return f"{part['roll']} + {words} = {total}"



def sentence(entry: Mapping[str, Any]) -> str:
    """One log entry as a sentence: a die (``D6 4: kick-off table``) or a step."""
    step = str(entry["step"])
    if step == "roll":
        value = entry["value"]
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        die = "random pick" if entry["die"] == "pick" else entry["die"].upper()
        return f"{die} {shown}: {entry['for']}"
    describe = _STORY.get(step)
    if describe is not None:
        return describe(entry)
    return step + ": " + ", ".join(f"{k} {v}" for k, v in entry.items() if k != "step")


def story_lines(log: list[dict[str, Any]]) -> list[str]:
    """What happened, step by step (every entry of the log but the dice)."""
    return [sentence(e) for e in log if e["step"] != "roll"]


def sentences(log: list[dict[str, Any]]) -> list[str]:
    """One sentence per log entry, in order, dice included."""
    return [sentence(e) for e in log]


def defaults_applied(
    log: list[dict[str, Any]], given: Mapping[str, bool] | None = None,
    options: Mapping[str, str] | None = None,
) -> list[str]:
    """A line for each default decision the kick-off applied, saying how to choose otherwise.

    ``given`` says which decisions the coach gave (``{"high_kick": True}``: no default line for
    it); ``options`` names how a face chooses each one (default: the CLI's options,
    ``--high-kick ID``, ``--touchback ID``, ``--free-turns close``; the page passes its own).
    """
    given = given or {}
    how = {"high_kick": "--high-kick ID", "touchback": "--touchback ID",
           "free_turn": "--free-turns close", **(options or {})}
    lines: list[str] = []
    events = [e for e in log if e["step"] == "event"]
    if (events and events[0]["name"] == "high_kick" and not given.get("high_kick")
            and not any(e["step"] == "high_kick" for e in log)):
        lines.append(f"High Kick: nobody moved under the ball (default; {how['high_kick']})")
    for e in log:
        line = _DEFAULT_LINES.get(e["step"])
        said = line(e, log, given, how) if line is not None else None
        if said is not None:
            lines.append(said)
    return lines


#: A line of :func:`defaults_applied` for one log entry: ``(entry, the log, given, how)`` ->
#: the line, ``None`` when the entry applied no default.
DefaultLine = Callable[[dict[str, Any], list[dict[str, Any]], Mapping[str, bool],
                        Mapping[str, str]], str | None]


def _touchback_default(e: dict[str, Any], log: list[dict[str, Any]], given: Mapping[str, bool],
                       how: Mapping[str, str]) -> str | None:
    if isinstance(e.get("to"), str) and not e.get("why") and not given.get("touchback"):
        return (f"Touchback: to {e['to']}, the first receiving player able "
                f"(default; {how['touchback']})")
    return None


def _kickoff_move_default(e: dict[str, Any], log: list[dict[str, Any]],
                          given: Mapping[str, bool], how: Mapping[str, str]) -> str | None:
    return (f"{bb_name(e['skill'])}: nobody moved ({', '.join(e['eligible'])} could; default; "
            f"decisions.{e['skill']} in a scenario)")


def _diving_catch_default(e: dict[str, Any], log: list[dict[str, Any]],
                          given: Mapping[str, bool], how: Mapping[str, str]) -> str | None:
    if e.get("default"):
        return (f"Diving Catch: {e['player']} tried, as every player allowed does "
                "(default; decisions.diving_catch in a scenario)")
    return None


def _free_turn_default(e: dict[str, Any], log: list[dict[str, Any]], given: Mapping[str, bool],
                       how: Mapping[str, str]) -> str | None:
    if not e["eligible"] or given.get("free_turn"):
        return None
    if any(x["step"] in ("activation", "free_turn_policy") for x in log):
        return None
    name = "Charge!" if e["event"] == "charge" else "Blitz!"
    return f"{name}: nobody acted (default; {how['free_turn']})"


#: :func:`defaults_applied`'s line for each step of the log that may apply a default.
_DEFAULT_LINES: dict[str, DefaultLine] = {
    "touchback": _touchback_default,
    "kickoff_move_default": _kickoff_move_default,
    "diving_catch": _diving_catch_default,
    "free_turn": _free_turn_default,
}
