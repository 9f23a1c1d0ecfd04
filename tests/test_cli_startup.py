"""``kickoff.cli.app.main`` builds only the command it runs (start-up, issue 16 point 4): the
command so built reads, prints and fails exactly as it does inside the whole app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from kickoff.cli.app import app, app_for

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
    import kickoff.analysis as analysis
    from kickoff.analysis import exact, kick, targets

    homes = {"KickoffSolver": exact, "Odds": exact, "KickSolver": kick, "KickOdds": kick,
             "kick_odds": kick, "rank_targets": targets, "OBJECTIVES": targets}
    for name, module in homes.items():
        assert getattr(analysis, name) is getattr(module, name)
    assert all(hasattr(analysis, name) for name in analysis.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        _ = analysis.nosuch  # type: ignore[attr-defined]


def test_simulate_stays_the_function_when_its_module_is_imported() -> None:
    import sys

    import kickoff.analysis.simulate as by_path  # the package's attribute, as before issue 16
    from kickoff.analysis import simulate

    assert simulate.__module__ == "kickoff.analysis.simulate" and simulate.__name__ == "simulate"
    assert by_path is simulate
    assert sys.modules["kickoff.analysis.simulate"].simulate is simulate
