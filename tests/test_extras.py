"""The optional faces (``pyproject.toml``'s extras ``web``, ``plot``, ``cluster``, ``all``): a
face used without its packages says which extra installs them, exit 1 and no traceback.

Each case runs ``kickoff`` in a process of its own where the face's package cannot be imported
(``sys.modules[name] = None``: Python's own way of making an import fail), as on a machine where
``pip install kickoff`` installed the rules engine only."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from kickoff.extras import MODULES, MissingExtra, missing_module, require

ROOT = Path(__file__).parent.parent


def _kickoff_without(modules: tuple[str, ...], *args: str) -> subprocess.CompletedProcess[str]:
    code = ("import sys\n"
            f"for name in {modules!r}: sys.modules[name] = None\n"
            f"sys.argv = ['kickoff', *{list(args)!r}]\n"
            "from kickoff.cli import main\n"
            "main()\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


@pytest.mark.parametrize(("blocked", "args", "extra", "what"), [
    (("fastapi",), ["serve", "--port", "8765"], "web", "kickoff serve needs the package fastapi"),
    # slow: the web's second package and the cluster's second option (a process each, 2 s)
    pytest.param(("uvicorn",), ["serve"], "web", "kickoff serve needs the package uvicorn",
                 marks=pytest.mark.slow),
    (("matplotlib",), ["odds", "--all-targets", "--events", "none", "--png", "h.png"], "plot",
     "--png needs the package matplotlib"),
    (("distributed",), ["simulate", "-n", "100", "--workers", "2"], "cluster",
     "--workers needs the package distributed"),
    pytest.param(("distributed",), ["setup", "optimize", "--team", "orc", "--rounds", "1",
                                    "--scheduler", "tcp://127.0.0.1:8786"], "cluster",
                 "--scheduler needs the package distributed", marks=pytest.mark.slow),
])
def test_a_face_without_its_package_names_the_extra(
    blocked: tuple[str, ...], args: list[str], extra: str, what: str, tmp_path: Path
) -> None:
    done = _kickoff_without(blocked, *args)
    assert done.returncode == 1, done.stderr
    assert done.stdout == ""
    assert what in done.stderr, done.stderr
    assert f"pip install 'kickoff[{extra}]'" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (ROOT / "h.png").exists()


def test_the_rules_engine_runs_without_any_face() -> None:
    """``kickoff run`` (the README's first command) needs none of the extras."""
    done = _kickoff_without(("fastapi", "uvicorn", "matplotlib", "distributed", "dask"),
                            "run", "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert "Seed: 7  (same --seed, same kick-off)" in done.stdout, done.stdout


def test_importing_a_face_without_its_package_raises_missing_extra() -> None:
    code = ("import sys\nsys.modules['matplotlib'] = None\n"
            "from kickoff.extras import MissingExtra\n"
            "try:\n    import kickoff.analysis.plot\n"
            "except MissingExtra as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.startswith("kickoff.analysis.plot needs the package matplotlib, which "
                                  "kickoff's extra 'plot' installs"), done.stdout + done.stderr


def test_require_and_missing_module_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test extras install every face: nothing is missing; a blocked module is named."""
    assert [missing_module(e) for e in ("web", "plot", "cluster", "env")] == [None] * 4
    monkeypatch.setitem(sys.modules, "fastapi_offline", None)
    assert missing_module("web") == "fastapi_offline"
    with pytest.raises(MissingExtra, match=r"^kickoff serve needs the package fastapi_offline"):
        require("web", "kickoff serve")


def test_the_extras_of_pyproject_match_the_modules_named() -> None:
    """``kickoff[all]`` is the three faces, ``test`` installs ``all``, and the default install
    pulls none of the faces' packages."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert extras["all"] == ["kickoff[web,plot,cluster,env]"]
    assert "kickoff[all]" in extras["test"]
    named = {"web": "fastapi", "plot": "matplotlib", "cluster": "dask[distributed]",
             "env": "pettingzoo"}
    for extra, package in named.items():
        assert any(r.startswith(package) for r in extras[extra]), extras[extra]
        assert not any(r.startswith(package) for r in project["dependencies"])
    assert set(MODULES) == set(named)
    for banned in ("fastapi", "uvicorn", "matplotlib", "dask", "pettingzoo", "gymnasium"):
        assert not any(r.startswith(banned) for r in project["dependencies"]), banned
