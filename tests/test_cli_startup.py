"""``kickoff.cli.app.main`` builds only the command it runs (start-up, issue 16 point 4): the
command so built reads, prints and fails exactly as it does inside the whole app."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import kickoff
from kickoff.cli.app import app, app_for
from kickoff.formats.teams import builtin_names

#: Command lines whose every byte (stdout, stderr, exit status) must be the same both ways:
#: help, usage errors, bad values, results.
SAME = [
    ["odds", "--help"], ["simulate", "-h"], ["run", "--help"], ["replay", "--help"],
    ["validate", "--help"], ["list", "--help"], ["schema", "--help"], ["kick", "--help"],
    ["odds-kick", "--help"], ["serve", "--help"], ["fumbbl", "--help"], ["fumbbl", "verify", "-h"],
    ["setup", "--help"], ["setup", "export", "--help"], ["setup"],
    ["odds", "--bogus"], ["odds", "--target", "x"], ["odds", "--events", "some"],
    ["simulate", "-n", "0"], ["serve", "--port", "0"], ["fumbbl", "verify"],
    ["setup", "export", "botbowl_def_zone", "--format", "csv"],
    ["odds", "--target", "20,3", "--events", "none"],
    ["odds", "--target", "20,3", "--events", "none", "--home", "nosuch"],
    ["run", "--seed", "11", "--json"], ["list"],
]


def _invoke(target: object, args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(target, args, prog_name="kickoff")  # type: ignore[arg-type]
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("args", SAME, ids=[" ".join(a) for a in SAME])
def test_the_one_command_app_answers_as_the_whole_app(args: list[str]) -> None:
    one = app_for(args)
    assert one is not app
    assert len(one.registered_commands) + len(one.registered_groups) == 1
    assert _invoke(one, args) == _invoke(app, args)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["nosuch"], ["-h", "odds"],
                                  ["odd"]])
def test_without_a_command_name_first_main_runs_the_whole_app(args: list[str]) -> None:
    assert app_for(args) is app


def test_a_group_keeps_all_its_commands() -> None:
    one = app_for(["setup", "show", "botbowl_off_wedge"])
    assert [g.name for g in one.registered_groups] == ["setup"]
    assert one.registered_commands == []
    code, out, _ = _invoke(one, ["setup", "show", "botbowl_off_wedge"])
    assert code == 0 and "botbowl_off_wedge" in out


def test_the_analysis_package_gives_every_public_name_from_its_module() -> None:
    import sys

    import kickoff.analysis as analysis
    from kickoff.analysis import simulate as monte_carlo
    from kickoff.analysis import targets
    from kickoff.analysis.exact import kick
    from kickoff.analysis.exact import solver as exact

    homes = {"KickoffSolver": exact, "Odds": exact, "KickSolver": kick, "KickOdds": kick,
             "kick_odds": kick, "rank_targets": targets, "OBJECTIVES": targets,
             "Job": sys.modules["kickoff.analysis.simulate"],
             "Tally": sys.modules["kickoff.analysis.simulate"]}
    assert monte_carlo.__name__ == "simulate" and callable(monte_carlo)
    assert analysis.DEFAULT_EVENTS is targets.DEFAULT_EVENTS == "all"
    for name, module in homes.items():
        assert getattr(analysis, name) is getattr(module, name)
    assert all(hasattr(analysis, name) for name in analysis.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        _ = analysis.nosuch  # type: ignore[attr-defined]


def test_the_analysis_package_imports_the_monte_carlo_on_first_use() -> None:
    import subprocess
    import sys

    probe = ("import sys\n"
             "import kickoff.analysis as analysis\n"
             "import kickoff.analysis.exact.solver\n"
             "print('kickoff.analysis.simulate' in sys.modules)\n"
             "import kickoff.analysis.simulate as by_path\n"
             "from kickoff.analysis import Job, simulate\n"
             "module = sys.modules['kickoff.analysis.simulate']\n"
             "print(by_path is simulate is analysis.simulate is module.simulate, Job is module.Job)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False", "True", "True"]


def test_the_decisions_module_gives_the_activation_classes_on_first_use() -> None:
    import subprocess
    import sys

    # A new interpreter: kickoff.core and its decisions made without the activations' classes,
    # which ``from kickoff.core.decisions import ...`` then gives, registered to pickle as the
    # core's other frozen dataclasses.
    probe = ("import copyreg, pickle, sys\n"
             "import kickoff.core.decisions as decisions\n"
             "print('kickoff.core.activations' in sys.modules)\n"
             "from kickoff.core.decisions import Activation, BlockChoice, PassBlock, Rerolls\n"
             "from kickoff.core import activations\n"
             "print(all(getattr(activations, n) is c for n, c in (('Activation', Activation), "
             "('BlockChoice', BlockChoice), ('PassBlock', PassBlock), ('Rerolls', Rerolls))))\n"
             "print(all(c in copyreg.dispatch_table for c in (Activation, BlockChoice, PassBlock, "
             "Rerolls)))\n"
             "a = Activation('h8', 'kick', reroll=Rerolls(dodge='team'), "
             "pass_block=PassBlock('a3'))\n"
             "print(pickle.loads(pickle.dumps(a)) == a, repr(a.reroll))\n"
             "try:\n    decisions.Nope\nexcept AttributeError as e:\n    print(e)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines() == [
        "False", "True", "True",
        "True Rerolls(dodge='team', rush=None, pickup=None, catch=None, leap=None, "
        "confusion=None, foul_appearance=None, gaze=None, blood_lust=None, throw=None, "
        "always_hungry=None, escape=None, tentacles=None, shadowing=None, landing=None)",
        "module 'kickoff.core.decisions' has no attribute 'Nope'"]


def test_simulate_stays_the_function_when_its_module_is_imported() -> None:
    import sys

    import kickoff.analysis.simulate as by_path  # the package's attribute, as before issue 16
    from kickoff.analysis import simulate

    assert simulate.__module__ == "kickoff.analysis.simulate" and simulate.__name__ == "simulate"
    assert by_path is simulate
    assert sys.modules["kickoff.analysis.simulate"].simulate is simulate


# The built-in teams and set-ups are read without the models (no pydantic for a command that
# plays only built-ins): each must read exactly as through the models, and be valid by them.

_BUILTIN_TEAMS = [(f, n) for f in ("classic", "bb2020", "sevens")
                  for n in builtin_names("teams", f)]
_BUILTIN_SETUPS = [(p, n) for p in ("eleven", "sevens") for n in builtin_names("setups", p)]


@pytest.mark.parametrize(("family", "name"), _BUILTIN_TEAMS,
                         ids=[f"{f}/{n}" for f, n in _BUILTIN_TEAMS])
def test_a_builtin_team_reads_as_through_the_models(family: str, name: str) -> None:
    from kickoff.formats.teams import BuiltinTeam, load_team, read_team

    where, team = read_team(name, family)  # type: ignore[arg-type]
    assert isinstance(team, BuiltinTeam)
    checked_where, checked = load_team(name, family)  # type: ignore[arg-type]
    assert where == checked_where == f"teams/{family}/{name}"
    assert team.players and len(team.players) == len(checked.players)
    fields = ("name", "race", "family", "source", "rerolls", "fan_factor", "fame",
              "cheerleaders", "assistant_coaches")
    assert [getattr(team, f) for f in fields] == [getattr(checked, f) for f in fields]
    for mine, theirs in zip(team.players, checked.players, strict=True):
        assert mine._asdict() == theirs.model_dump()


@pytest.mark.parametrize(("pitch", "name"), _BUILTIN_SETUPS,
                         ids=[f"{p}/{n}" for p, n in _BUILTIN_SETUPS])
def test_a_builtin_setup_reads_as_through_the_models(pitch: str, name: str) -> None:
    from kickoff.core.pitch import PITCHES
    from kickoff.formats.teams import BuiltinSetup, load_setup, read_setup

    where, setup = read_setup(name, PITCHES[pitch])
    assert isinstance(setup, BuiltinSetup)
    checked_where, checked = load_setup(name, PITCHES[pitch])
    assert where == checked_where == f"setups/{pitch}/{name}"
    assert setup.positions and setup._asdict() == checked.model_dump()


def test_a_users_team_file_is_still_validated(tmp_path: Path) -> None:
    from kickoff.core.errors import ScenarioError
    from kickoff.formats.teams import read_team

    text = (Path(kickoff.__file__).parent / "data" / "teams" / "bb2020" / "orc.toml").read_text()
    bad = tmp_path / "orc.toml"
    bad.write_text(text.replace("rerolls = ", "rerolls = -", 1))
    with pytest.raises(ScenarioError, match=r"rerolls: Input should be greater than or equal "
                       "to 0"):
        read_team(str(bad), "bb2020")
    good = tmp_path / "good.toml"
    good.write_text(text)
    assert type(read_team(str(good), "bb2020")[1]).__name__ == "TeamFile"


def test_the_entry_point_runs_the_command_and_collects_garbage_again() -> None:
    import subprocess
    import sys
    import tomllib

    scripts = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())[
        "project"]["scripts"]
    assert scripts == {"kickoff": "kickoff.cli:main"}
    # the entry point ends the process itself (exits._leave); its atexit handlers still run
    code = ("import atexit, gc, sys\n"
            "sys.argv = ['kickoff', 'odds', '--target', '20,3', '--events', 'none']\n"
            "atexit.register(lambda: print('collecting:', gc.isenabled(),\n"
            "                              gc.get_freeze_count() > 10_000))\n"
            "from kickoff.cli import main\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert "3/128" in done.stdout
    assert done.stdout.endswith("collecting: True True\n"), done.stdout


def test_the_command_module_is_frozen_with_the_imports() -> None:
    import subprocess
    import sys

    code = ("import gc, sys\n"
            "sys.argv = ['kickoff', 'odds', '--target', '20,3', '--events', 'none', '--json']\n"
            "import kickoff.cli.app as app\n"
            "try:\n"
            "    app.main()\n"
            "except SystemExit as e:\n"
            "    assert e.code in (0, None), e.code\n"
            "solver = sys.modules['kickoff.analysis.exact.solver'].KickoffSolver\n"
            "print(any(o is solver for o in gc.get_objects()), gc.isenabled())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "False True", done.stdout  # frozen: not collected


# One target's table is printed by a console that replaces emoji codes only when one of its
# strings could hold one (Rich's table of emoji codes is imported for the first it replaces):
# the same bytes as a console that always replaces them.

@pytest.mark.parametrize(("texts", "emoji"), [
    (("Kick at [20, 3]", "  a1 holds it", "Defaults played:\n- Touchback: to a1"), False),
    (("a1", "to :ok: while he can"), True), (("x:thumbs_up-emoji:y",), True), ((), False),
])
def test_a_console_replaces_emoji_codes_where_a_text_could_hold_one(
        texts: tuple[str, ...], emoji: bool) -> None:
    from kickoff.cli.render import console_for

    assert console_for(*texts)._emoji is emoji


def test_a_players_name_spelling_an_emoji_code_still_prints_as_the_emoji(tmp_path: Path) -> None:
    import json

    from kickoff.cli.render import odds_table, table_texts

    doc = json.loads((Path(__file__).parents[1] / "examples" / "scenario.json").read_text())
    for player in doc["teams"]["away"]["players"]:
        player["id"] = {"a4": ":ok:", "a1": "[b]x"}.get(player["id"], player["id"])
    doc["decisions"] = {"high_kick": ":ok:"}
    scenario = tmp_path / "emoji.json"
    scenario.write_text(json.dumps(doc))
    code, out, _ = _invoke(app_for(["odds"]), ["odds", str(scenario), "--events", "none",
                                                "--touchback", ":ok:"])
    assert code == 0
    assert "│   \U0001f197 holds it" in out and "│   x holds it" in out  # Rich's emoji, markup
    assert "- Touchback: to \U0001f197 while he can take it" in out
    table = odds_table("title [1, 2]", [[("touchback", Fraction(1, 2))], [("  :ok: holds it",
                                                                          Fraction(1, 3))]])
    assert table_texts(table) == ["title [1, 2]", "outcome", "", "touchback", "  :ok: holds it",
                                  "probability", "", " 50.0%", " 33.3%", "exact", "", "1/2",
                                  "1/3"]
