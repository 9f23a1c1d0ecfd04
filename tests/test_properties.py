"""Property tests: random legal set-ups, skills, weather, targets and seeds, every ruleset.

Whatever the dice, a kick-off with the default decisions (scenario-format.md) must end with:
the ball on the pitch, carried by a Standing player on its square or alone on its square; no two
players on one square; every input player present once; players on the pitch on pitch squares
(and, since no default decision moves anyone, on the square they were set up on); a touchback
resolved as rulings.md 2.6 says; and the same JSON for the same seed.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from helpers import player, quick_subset, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kickoff.core.pitch import RANDOM_DIRECTION

RULESETS = ("classic", "bb2020", "bb2025", "sevens")
# Each property in the quick suite on one or two rulesets, every ruleset under at least one
# (the rest in .ci/run and pytest -m slow: 100 to 250 examples a ruleset, 9 to 19 s each).
SKILLS = ("catch", "nerves_of_steel", "no_hands", "kick", "pro", "thick_skull", "stunty")
WEATHER = ("sweltering_heat", "very_sunny", "nice", "perfect_conditions", "pouring_rain",
           "blizzard")
EVENTS = {"get_the_ref", "riot", "time_out", "perfect_defence", "solid_defence", "high_kick",
          "cheering_fans", "changing_weather", "brilliant_coaching", "quick_snap", "blitz",
          "charge", "throw_a_rock", "officious_ref", "dodgy_snack", "pitch_invasion"}

GEO: dict[str, dict[str, Any]] = {
    "eleven": {"w": 26, "h": 15, "wide": 4, "los": {"home": 12, "away": 13},
               "zone": {"home": (0, 12), "away": (13, 25)}, "max_wide": 2, "extra": 8,
               "centre": {"home": (6, 7), "away": (19, 7)}},
    "sevens": {"w": 20, "h": 11, "wide": 2, "los": {"home": 6, "away": 13},
               "zone": {"home": (0, 6), "away": (13, 19)}, "max_wide": 1, "extra": 4,
               "centre": {"home": (3, 5), "away": (16, 5)}},
}
OFF_PITCH = ("reserves", "knocked_out", "casualty", "sent_off")
ON_PITCH = ("standing", "prone", "stunned")


def geo(ruleset: str) -> dict[str, Any]:
    return GEO["sevens" if ruleset == "sevens" else "eleven"]


def other(side: str) -> str:
    return "away" if side == "home" else "home"


def wide_zone(g: dict[str, Any], y: int) -> str | None:
    if y < g["wide"]:
        return "top"
    if y >= g["h"] - g["wide"]:
        return "bottom"
    return None


def on_pitch(g: dict[str, Any], sq: list[int]) -> bool:
    return 0 <= sq[0] < g["w"] and 0 <= sq[1] < g["h"]


def in_zone(g: dict[str, Any], side: str, sq: list[int]) -> bool:
    lo, hi = g["zone"][side]
    return lo <= sq[0] <= hi and 0 <= sq[1] < g["h"]


def in_receiving_area(g: dict[str, Any], kicking: str, sq: list[int]) -> bool:
    """Beyond the kicking team's LoS (pitch-and-dice.md)."""
    los = g["los"][kicking]
    if not on_pitch(g, sq):
        return False
    return sq[0] > los if kicking == "home" else sq[0] < los


# ------------------------------------------------------------------------------ strategies


@st.composite
def team(draw: st.DrawFn, ruleset: str, side: str) -> list[dict[str, Any]]:
    """A legal set-up: 3 on distinct LoS squares, then 0..8 (Sevens 0..4) more, Wide Zones kept."""
    g = geo(ruleset)
    los = g["los"][side]
    centre_ys = list(range(g["wide"], g["h"] - g["wide"]))
    los_ys = draw(st.lists(st.sampled_from(centre_ys), min_size=3, max_size=3, unique=True))
    squares = [(los, y) for y in los_ys]
    lo, hi = g["zone"][side]
    extra = draw(st.lists(st.tuples(st.integers(lo, hi), st.integers(0, g["h"] - 1)),
                          max_size=g["extra"], unique=True))
    per_zone = {"top": 0, "bottom": 0}
    for sq in extra:
        if sq in squares:
            continue
        zone = wide_zone(g, sq[1])
        if zone is not None:
            if per_zone[zone] >= g["max_wide"]:
                continue
            per_zone[zone] += 1
        squares.append(sq)
    # Input order is not set-up order: shuffle so the defaults (kicker, recipient) vary.
    squares = draw(st.permutations(squares))
    # One team in five cannot hold the ball at all (so touchbacks without a recipient happen).
    butterfingers = draw(st.integers(0, 4)) == 0
    players = []
    for i, sq in enumerate(squares):
        skills = draw(st.lists(st.sampled_from(SKILLS), max_size=2, unique=True))
        if butterfingers and "no_hands" not in skills:
            skills.append("no_hands")
        ag = draw(st.integers(2, 5))
        players.append(player(f"{side[0]}{i + 1}", list(sq), ruleset, skills=skills, ag=ag))
    return players


@st.composite
def kickoff_scenario(draw: st.DrawFn, ruleset: str) -> dict[str, Any]:
    g = geo(ruleset)
    kicking = draw(st.sampled_from(("home", "away")))
    receiving = other(kicking)
    home = draw(team(ruleset, "home"))
    away = draw(team(ruleset, "away"))
    los = g["los"][kicking]
    xs = st.integers(los + 1, g["w"] - 1) if kicking == "home" else st.integers(0, los - 1)
    target = [draw(xs), draw(st.integers(0, g["h"] - 1))]
    assert in_receiving_area(g, kicking, target)
    doc: dict[str, Any] = {
        "format": "kickoff-scenario/1",
        "ruleset": ruleset,
        "kicking": kicking,
        "weather": draw(st.sampled_from(WEATHER)),
        "half": draw(st.sampled_from((1, 2))),
        "teams": {
            "home": {"name": "Home", "players": home, "rerolls": draw(st.integers(0, 4)),
                     "turn": draw(st.integers(0, 6))},
            "away": {"name": "Away", "players": away, "rerolls": draw(st.integers(0, 4)),
                     "turn": draw(st.integers(0, 6))},
        },
        "kick": {"target": target},
        "seed": None,
        "decisions": {},
    }
    # Hypothesis favours small integers (seed 0 a third of the time): spread the seeds by
    # hashing the drawn number with the set-ups, still reproducible from the example.
    n = draw(st.integers(0, 2**31 - 1))
    doc["seed"] = zlib.crc32(json.dumps([n, home, away, target]).encode()) & 0x7FFFFFFF
    if ruleset == "classic":
        doc["teams"]["home"]["fame"] = draw(st.integers(0, 2))
        doc["teams"]["away"]["fame"] = draw(st.integers(0, 2))
    kicker = default_kicker(ruleset, doc)
    if kicker is not None and "kick" in kicker["skills"] and draw(st.booleans()):
        doc["decisions"]["use_kick_skill"] = True
    assert receiving in doc["teams"]
    return doc


# ------------------------------------------------------------------------------- the rules


def eligible_kicker(g: dict[str, Any], side: str, p: dict[str, Any]) -> bool:
    """rulings.md 2.1: on the pitch, not on the LoS, not in a Wide Zone."""
    sq = p["square"]
    return (sq is not None and sq[0] != g["los"][side] and wide_zone(g, sq[1]) is None)


def default_kicker(ruleset: str, doc: dict[str, Any]) -> dict[str, Any] | None:
    """scenario-format.md, kick.kicker default."""
    g = geo(ruleset)
    side = doc["kicking"]
    players = doc["teams"][side]["players"]
    eligible = [p for p in players if eligible_kicker(g, side, p)]
    with_kick = [p for p in eligible if "kick" in p["skills"]]
    if with_kick:
        return with_kick[0]
    if ruleset == "classic":
        return None
    if eligible:
        return eligible[0]
    return next(p for p in players if p["square"] is not None
                and p["square"][0] == g["los"][side] and wide_zone(g, p["square"][1]) is None)


def check_result(ruleset: str, doc: dict[str, Any], res: dict[str, Any]) -> None:
    g = geo(ruleset)
    kicking = doc["kicking"]
    receiving = other(kicking)
    assert res["format"] == "kickoff-result/1"
    assert res["ruleset"] == ruleset
    assert res["seed"] == doc["seed"]
    assert res["kicking"] == kicking
    assert res["target"] == doc["kick"]["target"]

    # Every input player appears exactly once; nobody else.
    inputs = {p["id"]: (side, p) for side in ("home", "away")
              for p in doc["teams"][side]["players"]}
    assert sorted(res["players"]) == sorted(inputs)

    # Players: squares on the pitch, statuses consistent, nobody moved, nobody shares a square.
    occupied: dict[tuple[int, int], str] = {}
    for pid, p in res["players"].items():
        if p["square"] is None:
            assert p["status"] in OFF_PITCH, (pid, p)
            if p["status"] == "reserves":  # everyone started on the pitch
                # only bb2025's Dodgy Snack sends a player to the Reserves (on a 1)
                assert res["event"]["name"] == "dodgy_snack", (pid, p)
            continue
        assert p["status"] in ON_PITCH, (pid, p)
        assert on_pitch(g, p["square"]), (pid, p)
        assert p["square"] == inputs[pid][1]["square"], (pid, "moved without a decision")
        key = (p["square"][0], p["square"][1])
        assert key not in occupied, (pid, occupied.get(key), key)
        occupied[key] = pid
        assert p["ma"] >= 1
    for side in ("home", "away"):
        t = res["teams"][side]
        for k in ("turn", "rerolls", "drive_rerolls", "half_rerolls", "bribes", "block_assists"):
            assert t[k] >= 0, (side, k)
        assert t["drive_rerolls"] + t["half_rerolls"] <= t["rerolls"]

    # The kicker (scenario-format.md defaults).
    kicker = default_kicker(ruleset, doc)
    assert res["kicker"] == (None if kicker is None else kicker["id"])

    # Deviation: D8 direction, D6 (or bb2025's D3 with Kick) distance, from the target.
    dev = res["deviation"]
    assert dev is not None
    use_kick = bool(doc["decisions"].get("use_kick_skill"))
    assert dev["kick_skill"] is use_kick
    assert 1 <= dev["direction"] <= 8
    if use_kick and ruleset == "bb2025":
        assert 1 <= dev["roll"] <= 3 and dev["distance"] == dev["roll"]
    else:
        assert 1 <= dev["roll"] <= 6
        assert dev["distance"] == (dev["roll"] // 2 if use_kick else dev["roll"])
    dx, dy = RANDOM_DIRECTION[dev["direction"]]
    tx, ty = doc["kick"]["target"]
    assert dev["square"] == [tx + dx * dev["distance"], ty + dy * dev["distance"]]
    if not in_receiving_area(g, kicking, dev["square"]):
        assert res["touchback"] is True, "the deviation left the receiving area (rulings 2.6)"

    # The event: 2D6 on the table.
    ev = res["event"]
    assert ev is not None
    assert ev["name"] in EVENTS
    assert len(ev["roll"]) == 2 and all(1 <= d <= 6 for d in ev["roll"])

    # The ball.
    ball = res["ball"]
    sq = ball["square"]
    assert sq is not None and on_pitch(g, sq), ball
    carrier = ball["carrier"]
    if carrier is not None:
        cp = res["players"][carrier]
        assert cp["square"] == sq
        assert cp["status"] == "standing"
        assert "no_hands" not in cp["skills"]
    else:
        assert (sq[0], sq[1]) not in occupied, ("the ball rests on a player", occupied[tuple(sq)])

    # Touchback or not (rulings.md 2.6).
    recv_order = [p["id"] for p in doc["teams"][receiving]["players"]]
    recv_on_pitch = [pid for pid in recv_order if res["players"][pid]["square"] is not None]
    eligible = [pid for pid in recv_on_pitch
                if res["players"][pid]["status"] == "standing"
                and "no_hands" not in res["players"][pid]["skills"]]
    down = [pid for pid in recv_on_pitch if res["players"][pid]["status"] in ("prone", "stunned")]
    if not res["touchback"]:
        assert in_receiving_area(g, kicking, sq), "no touchback, so the ball stayed beyond the LoS"
        if carrier is not None:
            assert inputs[carrier][0] == receiving
    elif eligible:
        # the default recipient: the first eligible one in input order
        assert carrier == eligible[0], (carrier, eligible)
    elif ruleset == "bb2025" or not down:
        # placed on the empty square of the receiving set-up zone nearest its centre square
        assert carrier is None
        cx, cy = g["centre"][receiving]
        lo, hi = g["zone"][receiving]
        empty = [(x, y) for x in range(lo, hi + 1) for y in range(g["h"])
                 if (x, y) not in occupied]
        best = min(empty, key=lambda s: (max(abs(s[0] - cx), abs(s[1] - cy)), s[0], s[1]))
        assert sq == list(best), (sq, best)
    # else: the ball bounced from a Prone / Stunned receiving player: anywhere on the pitch.


def settings_for(n: int) -> settings:
    return settings(max_examples=n, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------------------------ properties


@pytest.mark.parametrize("ruleset", quick_subset(RULESETS, "bb2025"))
def test_kickoff_invariants(ruleset: str) -> None:
    @settings_for(250)
    @given(doc=kickoff_scenario(ruleset))
    def check(doc: dict[str, Any]) -> None:
        res = run(doc)
        check_result(ruleset, doc, res)

    check()


@pytest.mark.parametrize("ruleset", quick_subset(RULESETS, "classic", "bb2020"))
def test_same_seed_same_json(ruleset: str) -> None:
    @settings_for(100)
    @given(doc=kickoff_scenario(ruleset))
    def check(doc: dict[str, Any]) -> None:
        a = json.dumps(run(doc), sort_keys=False)
        b = json.dumps(run(doc), sort_keys=False)
        assert a == b

    check()


@pytest.mark.parametrize("ruleset", quick_subset(RULESETS, "sevens"))
def test_kick_it_invariants(ruleset: str) -> None:
    """With the Kick It! house rule the same invariants hold when there is an eligible kicker;
    without one the receiving team gets a touchback with no kick (rulings.md 2.1)."""

    @settings_for(150)
    @given(doc=kickoff_scenario(ruleset))
    def check(doc: dict[str, Any]) -> None:
        doc = {**doc, "house_rules": ["kick_it"]}
        g = geo(ruleset)
        kicking = doc["kicking"]
        eligible = [p for p in doc["teams"][kicking]["players"] if eligible_kicker(g, kicking, p)]
        if not eligible:
            doc["decisions"] = {}
        res = run(doc)
        assert sorted(res["players"]) == sorted(
            p["id"] for s in ("home", "away") for p in doc["teams"][s]["players"])
        sq = res["ball"]["square"]
        assert sq is not None and on_pitch(g, sq)
        if res["ball"]["carrier"] is not None:
            cp = res["players"][res["ball"]["carrier"]]
            assert cp["square"] == sq and cp["status"] == "standing"
        if not eligible:
            assert res["kicker"] is None and res["target"] is None
            assert res["deviation"] is None and res["event"] is None
            assert res["touchback"] is True
        else:
            assert res["kicker"] in {p["id"] for p in eligible}
            assert res["deviation"] is not None and res["event"] is not None
        squares = [tuple(p["square"]) for p in res["players"].values() if p["square"] is not None]
        assert len(squares) == len(set(squares))

    check()
