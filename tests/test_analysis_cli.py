"""kickoff odds and kickoff simulate from the command line, and simulate against exact odds."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import sqrt
from pathlib import Path

import pytest
from helpers import cli, player, scenario, table_sections
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from kickoff.analysis import Job, KickoffSolver, simulate
from kickoff.core import RULESETS, Square
from kickoff.formats.scenario import load_scenario, parse_scenario
from kickoff.formats.teams import build_state, load_setup, load_team

EXAMPLES = Path(__file__).parent.parent / "examples"

HOME = [player("h1", [12, 6]), player("h2", [12, 7]), player("h3", [12, 8]),
        player("h4", [8, 7])]
SIDELINE_AWAY = [player("a1", [13, 8]), player("a2", [13, 9]), player("a3", [13, 10]),
                 player("a4", [22, 12])]


def _write(tmp_path: Path, doc: dict[str, object]) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_odds_of_a_scenario_file_ignore_its_dice_and_decisions(tmp_path: Path) -> None:
    """The sideline case of test_exact (95/192), from a file whose dice would say otherwise."""
    doc = scenario("bb2020", home=HOME, away=SIDELINE_AWAY, kick={"target": [19, 0]},
                   dice={"d8": [7], "d6": [1, 1, 1, 6]}, decisions={"touchback": "a2"})
    code, out, err = cli(["odds", _write(tmp_path, doc), "--events", "none", "--json"])
    assert code == 0, err
    result = json.loads(out)
    assert result["target"] == [19, 0]
    assert result["touchback"] == "95/192"
    assert result["holders"]["a1"] == "95/192"  # default recipient, not the file's a2


def test_odds_target_option_overrides_the_file(tmp_path: Path) -> None:
    doc = scenario("bb2020", home=HOME, away=SIDELINE_AWAY, kick={"target": [19, 0]})
    code, out, _ = cli(["odds", _write(tmp_path, doc), "--target", "19,7", "--json"])
    assert code == 0
    assert json.loads(out)["target"] == [19, 7]


def test_odds_default_is_events_all_as_for_simulate(tmp_path: Path) -> None:
    """odds and simulate report the same quantities by default: the Kick-off table included."""
    doc = scenario("bb2020", home=HOME, away=SIDELINE_AWAY, kick={"target": [19, 0]})
    path = _write(tmp_path, doc)
    default, every, none = (json.loads(cli(["odds", path, *args, "--json"])[1])
                            for args in ([], ["--events", "all"], ["--events", "none"]))
    assert default == every
    assert none["touchback"] == "95/192" != default["touchback"]
    code, out, err = cli(["odds", path])
    assert code == 0, err
    assert "events all" in out
    for command, other in (("odds", "simulate"), ("simulate", "odds")):
        code, out, _ = cli([command, "--help"])
        assert f"all (the default, as for kickoff {other})" in " ".join(
            re.sub("[│╭╮╰╯─]", " ", out).split())
        assert "[default: all]" in " ".join(out.split())  # Click's help may wrap it


def test_odds_text_report_on_default_teams() -> None:
    code, out, err = cli(["odds", "--target", "20,7"])
    assert code == 0, err
    assert "touchback" in out and "Expected distance" in out


@pytest.mark.parametrize(("ruleset", "size"), [("bb2020", (1160, 720)), ("sevens", (920, 560))])
def test_all_targets_png_has_the_pitch_size(tmp_path: Path, ruleset: str,
                                            size: tuple[int, int]) -> None:
    png = tmp_path / "heat.png"
    code, out, err = cli(["odds", "--ruleset", ruleset, "--all-targets", "--png", str(png)])
    assert code == 0, err
    assert png.stat().st_size > 10_000
    with Image.open(png) as im:
        assert im.size == size
    assert "##" in out  # the best target is marked on the terminal heat map


def test_all_targets_json_is_ranked_by_the_objective() -> None:
    code, out, err = cli(["odds", "--all-targets", "--objective", "ball-on-ground", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    values = [Fraction(t["value"]) for t in doc["targets"]]
    assert values == sorted(values, reverse=True)
    assert len(values) == 13 * 15  # every square of the receiving half
    code, out, _ = cli(["odds", "--all-targets", "--objective", "touchback", "--json"])
    values = [Fraction(t["value"]) for t in json.loads(out)["targets"]]
    assert values == sorted(values)


def test_odds_usage_and_input_errors(tmp_path: Path) -> None:
    code, out, _ = cli(["odds", "--png", str(tmp_path / "x.png")])
    assert code == 2 and out == ""
    code, out, err = cli(["odds", str(tmp_path / "missing.json")])
    assert code == 1 and out == "" and "no such file" in err
    code, out, err = cli(["odds", "--target", "5,7"])
    assert code == 1 and out == "" and "receiving area" in err


def test_simulate_is_reproducible_whatever_the_number_of_processes() -> None:
    args = ["simulate", "-n", "12000", "--seed", "5", "--json"]
    code, one, err = cli([*args, "--jobs", "1"])
    assert code == 0, err
    code, two, err = cli([*args, "--jobs", "2"])
    assert code == 0, err
    assert json.loads(one) == json.loads(two)
    doc = json.loads(one)
    assert doc["n"] == 12000 and doc["seed"] == 5
    low, high = doc["touchback"]["ci95"]
    assert low <= doc["touchback"]["p"] <= high


def test_simulate_text_report() -> None:
    code, out, err = cli(["simulate", "-n", "3000", "--seed", "1", "--ruleset", "sevens"])
    assert code == 0, err
    assert "95% interval" in out and "Seed 1: the same seed" in out
    # issue 26: the header names the events and the play applied, each with its option
    assert "\nEvents: all, the Kick-off table too (--events none: deviation and landing)\n" in out
    assert "\nPlay: defaults, the format's choices (--play close: the close policy)\n" in out
    code, out, err = cli(["simulate", "-n", "300", "--seed", "1", "--play", "close", "--json"])
    assert code == 0, err
    assert json.loads(out)["applied"]["play"] == "close"


def _small(ruleset: str) -> tuple[object, Square]:
    loaded = load_scenario(parse_scenario(json.dumps(scenario(ruleset))))
    target = Square(15, 4) if ruleset == "sevens" else Square(19, 6)
    return loaded, target


def _setups() -> list[tuple[str, object, object, Square, str]]:
    cases = []
    for ruleset in ("classic", "bb2020", "bb2025", "sevens"):
        loaded, target = _small(ruleset)
        cases.append((ruleset, loaded.state, loaded.ruleset, target, "all"))  # type: ignore[attr-defined]
    rs = RULESETS["bb2020"]
    state = build_state(
        rs, {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")},
        {"home": load_setup("botbowl_def_zone", rs.pitch),
         "away": load_setup("botbowl_off_wedge", rs.pitch)}, "home")
    cases.append(("bb2020-eleven", state, rs, Square(20, 5), "none"))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("name", "state", "ruleset", "target", "events"), _setups(),
                         ids=[c[0] for c in _setups()])
def test_simulate_200k_agrees_with_exact_odds(name: str, state, ruleset, target: Square,  # type: ignore[no-untyped-def]
                                              events: str) -> None:
    """Every probability odds reports (touchback, the receiving team holds, each holder, each
    square on the ground) and the expected distance lie within 4 standard errors."""
    n = 200_000
    odds = KickoffSolver(state, ruleset, events=events).odds(target)  # type: ignore[arg-type]
    tally = simulate(Job(state, ruleset, target, events), n, seed=2026, jobs=2)  # type: ignore[arg-type]

    def close(exact: Fraction, count: int) -> bool:
        p, est = float(exact), count / n
        se = max(sqrt(p * (1 - p) / n), sqrt(est * (1 - est) / n), 1e-12)
        return abs(est - p) <= 4 * se

    assert close(odds.touchback, tally.touchback)
    assert close(odds.receiving_team_holds, tally.receiving_team_holds)
    for pid in set(odds.holders) | set(tally.holders):
        assert close(odds.holders.get(pid, Fraction(0)), tally.holders.get(pid, 0)), pid
    for sq in set(odds.ground) | set(tally.ground):
        assert close(odds.ground.get(sq, Fraction(0)), tally.ground.get(sq, 0)), sq
    mean, se = tally.mean_distance()
    assert abs(mean - float(odds.expected_distance_to_receiving_end_zone)) <= 4 * se


@pytest.mark.parametrize("command", [["odds"], ["odds", "--all-targets"],
                                     ["simulate", "-n", "50", "--seed", "1"]])
def test_kick_skill_error_names_the_option(tmp_path: Path, command: list[str]) -> None:
    """Nobody has Kick in the file; --kick-skill is the option's value, not the file's."""
    doc = scenario("bb2020", home=HOME, away=SIDELINE_AWAY, kick={"target": [19, 7]})
    code, out, err = cli([*command, _write(tmp_path, doc), "--kick-skill"])
    assert code == 1 and out == "", err
    assert err.lstrip().startswith("error: --kick-skill: kicker h4 has no Kick skill"), err
    assert "scenario.json" not in err and "decisions.use_kick_skill" not in err


def test_odds_table_fits_and_groups_the_holders_under_their_team(tmp_path: Path) -> None:
    code, out, err = cli(["odds", "--target", "20,3", "--no-kick-skill"])
    assert code == 0, err
    assert "…" not in out  # nothing cut off in an 80-column terminal
    sections = table_sections(out)
    labels = [[row[0] for row in section] for section in sections]
    assert labels[0] == ["touchback"]
    assert labels[1][0] == "receiving team holds the ball"
    assert labels[1][1:] and all(" holds it" in lb or "other players" in lb for lb in labels[1][1:])
    assert "a1 holds it" in labels[1]
    assert labels[-1] == ["ball on the ground"]
    exact = [row[2] for section in sections for row in section]
    assert "(see --json)" in exact
    assert all(e == "(see --json)" or (len(e) <= 15 and "/" in e) for e in exact), exact
    # a short fraction is shown as it is: --json gives the same value
    doc = json.loads(cli(["odds", "--target", "20,3", "--no-kick-skill", "--json"])[1])
    shown = {row[0].strip(): row[2] for section in sections for row in section}
    short = [pid for pid, p in doc["holders"].items() if len(p) <= 15]
    assert short and all(shown[f"{pid} holds it"] == doc["holders"][pid] for pid in short
                         if f"{pid} holds it" in shown)


def test_simulate_table_groups_the_holders_and_says_ball_on_the_ground() -> None:
    code, out, err = cli(["simulate", "-n", "3000", "--seed", "1", "--no-kick-skill"])
    assert code == 0, err
    labels = [[row[0] for row in section] for section in table_sections(out)]
    assert labels[0] == ["touchback"]
    assert labels[1][0] == "receiving team holds the ball" and "a1 holds it" in labels[1]
    assert labels[-1] == ["ball on the ground"]


def test_heat_map_title_stays_off_the_pitch(tmp_path: Path) -> None:
    """The title goes above the pitch (40 pixels a square, inside the margins): the pitch is the
    same with or without it, and the top margin shows it."""
    from kickoff.analysis import rank_targets
    from kickoff.analysis.plot import BOTTOM, LEFT, RIGHT, SQUARE_PX, TOP, heatmap_png

    loaded, _ = _small("bb2020")
    state = loaded.state  # type: ignore[attr-defined]
    ranked = rank_targets(KickoffSolver(state, RULESETS["bb2020"], events="none"), "touchback")
    plain, titled = tmp_path / "plain.png", tmp_path / "titled.png"
    heatmap_png(state, ranked, "touchback", plain)
    heatmap_png(state, ranked, "touchback", titled, title="bb2020, events none")
    width, height = state.pitch.width * SQUARE_PX, state.pitch.height * SQUARE_PX
    with Image.open(plain) as a, Image.open(titled) as b:
        assert a.size == b.size == (width + (LEFT + RIGHT) * SQUARE_PX,
                                    height + (TOP + BOTTOM) * SQUARE_PX)
        pitch = (LEFT * SQUARE_PX, TOP * SQUARE_PX, LEFT * SQUARE_PX + width,
                 TOP * SQUARE_PX + height)
        assert a.crop(pitch).tobytes() == b.crop(pitch).tobytes()
        top = (0, 0, a.size[0], SQUARE_PX)
        assert a.crop(top).tobytes() != b.crop(top).tobytes()


def test_heat_map_draws_names_and_ids_as_written(tmp_path: Path) -> None:
    """A team's name and a player's id are drawn as written: a ``$`` in them was matplotlib's
    mathtext, and ``$\\undefinedmacro{$`` or ``$^$`` a ValueError traceback from ``kickoff odds
    --all-targets --png`` (and ``kickoff fumbbl review --png``, whose names are the replay's).
    The file's name is printed as written too: ``x[/y]z.png`` (a folder ``x[``) was Rich markup,
    a MarkupError traceback once the file was written."""
    doc = scenario("bb2020")
    doc["teams"]["home"]["name"] = "$\\undefinedmacro{$"
    doc["teams"]["away"]["players"][0]["id"] = "$^$"
    file = _write(tmp_path, doc)
    (tmp_path / "x[").mkdir()
    png = tmp_path / "x[" / "y]z.png"
    code, out, err = cli(["odds", file, "--all-targets", "--events", "none", "--png", str(png)])
    assert code == 0, err
    # (wrapped at 80 columns, a long path cut anywhere: compared without the white space)
    assert "".join(out.split()).endswith(f"heatmapwrittento{png}")
    with Image.open(png) as image:
        assert image.size[0] > 0


def test_odds_touchback_gives_every_touchback_to_the_chosen_player(tmp_path: Path) -> None:
    """The sideline case (95/192) with --touchback a4: his, not a1's; the output says so."""
    doc = scenario("bb2020", home=HOME, away=SIDELINE_AWAY, kick={"target": [19, 0]})
    file = _write(tmp_path, doc)
    code, out, err = cli(["odds", file, "--events", "none", "--touchback", "a4", "--json"])
    assert code == 0, err
    result = json.loads(out)
    assert result["touchback"] == result["holders"]["a4"] == "95/192"
    assert "a1" not in result["holders"]
    flat = " ".join(cli(["odds", file, "--events", "none", "--touchback", "a4"])[1].split())
    assert ("Choices played: - Touchback: to a4 while he can take it, else to the first "
            "receiving player able (--touchback)") in flat
    assert "Touchback: to a1" not in flat


def test_odds_all_targets_with_high_kick(tmp_path: Path) -> None:
    """--high-kick a4 (the deep receiver): at every target the receiving team holds the ball
    more often than with the default (nobody moves), and the output names the choice."""
    file = _write(tmp_path, scenario("bb2020"))
    args = ["odds", file, "--all-targets", "--objective", "receiver-holds"]
    default = json.loads(cli([*args, "--json"])[1])["targets"]
    code, out, err = cli([*args, "--high-kick", "a4", "--json"])
    assert code == 0, err
    chosen = {tuple(t["target"]): Fraction(t["receiving_team_holds"])
              for t in json.loads(out)["targets"]}
    assert len(chosen) == len(default) > 100
    assert all(chosen[tuple(t["target"])] > Fraction(t["receiving_team_holds"])
               for t in default)
    flat = " ".join(cli([*args, "--high-kick", "a4"])[1].split())
    assert "Choices played: - High Kick: a4 is placed under the ball" in flat
    assert "nobody moves under the ball" not in flat


def test_odds_refuses_a_high_kick_player_who_may_not_be_placed(tmp_path: Path) -> None:
    file = _write(tmp_path, scenario("bb2020"))
    code, _out, err = cli(["odds", file, "--target", "19,2", "--high-kick", "a1"])
    assert code == 1
    assert "--high-kick: a1 is not an Open, Standing player of the receiving team" in err
    code, _out, err = cli(["odds", file, "--touchback", "h1"])
    assert code == 1 and "--touchback: 'h1' is not a player of the receiving team" in err


@given(n=st.integers(1, 10**7), data=st.data())
def test_a_probabilitys_interval_is_wilsons_and_within_0_and_1(n: int, data: st.DataObject) -> None:
    """simulate's 95% interval of a probability is Wilson's score interval: it contains the
    estimate and stays within 0..1 (the estimate plus or minus 1.96 standard errors gave a rare
    holder a negative low end), and it is not empty for a count of 0 or n."""
    from kickoff.analysis.simulate import Tally

    count = data.draw(st.integers(0, n))
    p, low, high = Tally(n=n).interval(count)
    assert 0.0 <= low <= p <= high <= 1.0
    assert high > low
    z2 = 1.96 ** 2
    if count == 0:  # the closed form at 0: z^2 / (n + z^2)
        assert (low, high) == (0.0, pytest.approx(z2 / (n + z2)))
    if count == n:
        assert (low, high) == (pytest.approx(n / (n + z2)), 1.0)


def test_a_rare_holders_interval_is_not_negative() -> None:
    code, out, err = cli(["simulate", "-n", "2000", "--seed", "1", "--json"])
    assert code == 0, err
    doc = json.loads(out)
    lows = [h["ci95"][0] for h in doc["holders"].values()]
    assert lows and min(lows) >= 0.0
    assert all(h["ci95"][0] <= h["p"] <= h["ci95"][1] for h in doc["holders"].values())


@pytest.mark.parametrize(("args", "options"), [
    (["odds", "SCENARIO", "--ruleset", "classic", "--home", "orc", "--events", "none"],
     ["--ruleset", "--home"]),
    (["odds", "SCENARIO", "--ruleset", "bb2020"], ["--ruleset"]),  # even its own value
    (["simulate", "SCENARIO", "-n", "10", "--kicking", "away", "--away-setup", "x"],
     ["--away-setup", "--kicking"]),
    (["kick", "TURN", "--seed", "1", "--active", "away"], ["--active"]),
    (["odds-kick", "TURN", "--home-setup", "botbowl_def_zone"], ["--home-setup"]),
])
def test_options_a_file_gives_are_refused_beside_it(args: list[str], options: list[str]) -> None:
    """With FILE the ruleset, teams, set-ups and kicking / active team are the file's: such an
    option beside it is named (it was ignored, silently), every one of them, exit 1."""
    files = {"SCENARIO": str(EXAMPLES / "scenario.json"), "TURN": str(EXAMPLES / "turn.json")}
    code, out, err = cli([files.get(a, a) for a in args])
    assert (code, out) == (1, "") and "Traceback" not in err
    named = [line.removeprefix("error: ").split(":")[0] for line in err.strip().splitlines()]
    assert sorted(named) == sorted(options), err
    assert "not used with FILE, which gives" in err


def test_simulate_report_breaks_no_line_mid_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26's ragged output: simulate's title wrapped over two lines ("free turns" / "none"),
    as did its caption and the distance's line, at 80 columns. The title now fits over the
    table (the ruleset and events are the header's), the rest is broken where it says."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli(["simulate", "-n", "300", "--seed", str(2**64 - 1), "--play", "close",
                          "--free-turns", "close"])
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    title = next(i for i, line in enumerate(lines) if "kick-offs at" in line)
    assert lines[title].strip() == "300 kick-offs at [19, 7], free turns close, play close"
    assert lines[title + 1].startswith("┏")  # the table right under its one-line title
    assert lines[title - 2].startswith("Events: all")  # the header names the events
    assert lines[title - 1] == "Play: close, the close policy for both coaches (the default: defaults)"
    end = next(i for i, line in enumerate(lines) if line.startswith("Distance of the ball"))
    assert re.fullmatch(r"Distance of the ball from the receiving End Zone: \d+\.\d\d squares",
                        lines[end]), lines[end]
    assert re.fullmatch(r"  \(95%: \d+\.\d\d - \d+\.\d\d\)", lines[end + 1]), lines[end + 1]
    assert lines[end + 2:end + 4] == [
        f"Seed {2**64 - 1}: the same seed gives the same counts, whatever --jobs,",
        "  --workers or --scheduler"]


@pytest.mark.slow  # every target with the events solved, then drawn: about 2 s of CPU
def test_the_readme_heat_map_is_drawn_with_today_s_defaults(tmp_path: Path) -> None:
    """Issue 26: the README's heat map was drawn without Kick (best target 6.3% touchback; with
    Kick 0.0%). It is what ``kickoff odds --all-targets --png`` draws with the defaults (events
    all, h8 using Kick), pixel for pixel but for a font's antialiasing (a summed mean difference
    under 1 of 765; the drawing without Kick is 66 from it)."""
    from PIL import ImageChops, ImageStat

    readme = Path(__file__).parent.parent / "docs" / "images" / "heatmap-bb2020.png"
    assert readme.name in (readme.parent.parent.parent / "README.md").read_text()
    code, _, err = cli(["odds", "--all-targets", "--png", str(tmp_path / "now.png")])
    assert code == 0, err
    with Image.open(tmp_path / "now.png") as now, Image.open(readme) as shown:
        assert shown.size == now.size
        apart = ImageStat.Stat(ImageChops.difference(shown.convert("RGB"), now.convert("RGB")))
    assert sum(apart.mean) < 1.0, apart.mean


def test_all_targets_distance_is_in_squares_not_percent() -> None:
    # (the heat map printed an expected distance as a percent: 5.754 squares as 575 in its
    # square and "575.4%" for the best, 10.28 squares as "028", its three last characters)
    args = ["odds", "--all-targets", "--events", "none", "--objective", "distance"]
    code, out, err = cli([*args, "--json"])
    assert code == 0, err
    targets = json.loads(out)["targets"]
    best = Fraction(targets[0]["value"])
    code, out, err = cli(args)
    assert code == 0, err
    assert (f"distance in squares per target; ## marks the best ({float(best):.2f} squares at "
            f"{targets[0]['target']})") in out
    x, y = targets[-1]["target"]  # the worst target, on its row of the terminal's map
    lines = out.splitlines()
    xs = sorted({t["target"][0] for t in targets})
    head = next(i for i, line in enumerate(lines) if line.split() == [str(c) for c in xs])
    row = lines[head + 1 + y].split()
    assert row[0] == str(y)
    cell = row[1 + xs.index(x)]
    worst = float(Fraction(targets[-1]["value"]))
    assert cell == (f"{worst:.1f}" if worst < 9.95 else f"{round(worst)}")


def test_heat_map_png_names_distance_in_squares() -> None:
    from matplotlib import pyplot as plt

    from kickoff.analysis.plot import heatmap_figure
    from kickoff.analysis.targets import rank_targets

    doc = scenario()
    state = load_scenario(parse_scenario(json.dumps(doc))).state
    ranked = rank_targets(KickoffSolver(state, RULESETS["bb2020"], events="none"), "distance")
    fig, ax = heatmap_figure(state, ranked, "distance")
    try:
        texts = [t.get_text() for t in fig.texts]
        assert any(t.endswith(f"best target {list(ranked[0].target)} "
                              f"({float(ranked[0].value):.2f} squares)") for t in texts), texts
        cells = {t.get_text() for t in ax.texts}
        assert f"{float(ranked[0].value):.1f}" in cells
        assert not any(len(c) > 3 for c in cells)
        assert fig.axes[-1].get_ylabel() == "distance (squares)"
    finally:
        plt.close(fig)


# --------------------------------------------------------------------------- values past 4,300 digits

#: An exact value longer than Python writes or reads as text (4,300 digits): a classic kick-off's
#: (1005084's second: a denominator of 16,755 digits).
LONG = Fraction(1, 3) + Fraction(1, 7 ** 6000)


def test_odds_table_leaves_a_long_fraction_to_json() -> None:
    """The odds table's exact column wrote each fraction out to measure it: ``kickoff odds`` on
    1005084's second kick-off (classic, Pitch Invasion) was a ValueError traceback."""
    from kickoff.cli.render import exact

    assert exact(LONG) == "(see --json)"
    assert exact(Fraction(7, 48)) == "7/48"
    assert exact(Fraction(1, 10 ** 14)) == "(see --json)"  # 16 characters


def test_a_long_objective_value_is_written_whole_and_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mix's or a board objective's exact value (``kickoff odds --objective mix:...``), the
    searched plans' best value and ``setup optimize --json``'s values were ``str(Fraction)``:
    past 4,300 digits a ValueError (1005084's second kick-off with a mix, after its solve)."""
    from types import SimpleNamespace

    from kickoff.analysis.objectives import parse_objective
    from kickoff.cli.analysis_cmd import _board_value, _goal_line
    from kickoff.cli.optimize_cmd import _ranked_json
    from kickoff.core.fraction_text import fraction_text

    goal = parse_objective("mix:receiver-holds=0.5,touchback=0.5")
    chosen: dict[str, object] = {}
    solver = SimpleNamespace(value=lambda target, objective: LONG)
    _board_value(chosen, solver, Square(5, 7), goal)  # type: ignore[arg-type]
    assert chosen["objective_value"] == fraction_text(LONG)
    assert _goal_line(goal, str(chosen["objective_value"])).endswith(
        ": 0.3333 (exact in --json)")
    ranked = SimpleNamespace(ranked=SimpleNamespace(value=LONG, target=Square(19, 7)))
    assert _ranked_json(ranked) == {  # type: ignore[arg-type]
        "ranked": {"value": fraction_text(LONG), "target": [19, 7]}}


def test_the_plans_json_writes_long_values_whole() -> None:
    """``kickoff odds --json``'s ``plans`` (a free turn's plans found) wrote its values with
    ``str``: past 4,300 digits (a classic Blitz! with Pitch Invasion) a ValueError."""
    from types import SimpleNamespace

    from kickoff.analysis.plans import PlanSearch
    from kickoff.core.fraction_text import fraction_text

    found = SimpleNamespace(best=SimpleNamespace(text=lambda: "nobody acts"), value=LONG,
                            nobody=LONG, close=LONG, evaluated=3)
    doc = PlanSearch.to_json(SimpleNamespace(value=LONG, found={"blitz": found}))  # type: ignore[arg-type]
    assert doc == {"value": fraction_text(LONG), "events": {"blitz": {
        "plan": "nobody acts", "value": fraction_text(LONG), "nobody": fraction_text(LONG),
        "close": fraction_text(LONG), "evaluated": 3}}}
