"""Full kick-offs per second, per ruleset: seeded dice, default decisions, set-up checked once.

Each kick-off is played without its log (``kick_off(log=False)``, as a simulation plays it; the
same dice and result as a logged one). Before issue 16 the benchmark kept the log.

Run with pytest-benchmark (``pytest benchmarks --benchmark-enable``: the build installed) or as a
script: ``python benchmarks/bench_kickoff.py [N]`` plays ``N`` kick-offs per ruleset on the pure
and on the compiled build, one after the other in their own processes, and prints one line per
ruleset with both rates; ``--this-build`` measures only the build running it, in the format of
earlier versions (``bb2020      41,890 kick-offs/s  (50000 in 1.19 s)``). The pure build is the
source tree (``src/``); the compiled one is ``--compiled DIR`` (a directory from which ``import
kickoff`` gives it), else ``$KICKOFF_COMPILED_SITE``, else the running build if it is compiled,
else a wheel built once into ``build/bench-compiled/`` (rebuilt when a source changes).
Rates are per CPU second of the process (``time.process_time``), which on an idle core is the
wall-clock rate and on a shared machine is much less disturbed by the other work.
Results are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import kickoff
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.kickoff import kick_off
from kickoff.core.pitch import SIDES
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team

PAIRING = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
           "sevens": ("sevens_def_zone", "sevens_off_wedge")}


def prepared(ruleset: str) -> GameState:
    """Human (kicking) v Orc on the default set-ups, checked once."""
    rs = RULESETS[ruleset]
    family = rs.family
    teams = {"home": load_team("human", family), "away": load_team("orc", family)}
    d, o = PAIRING[rs.pitch.name]
    setups = {"home": load_setup(d, rs.pitch), "away": load_setup(o, rs.pitch)}
    assert set(teams) == set(SIDES)
    return build_state(rs, teams, setups, "home")  # type: ignore[arg-type]


def many_kickoffs(ruleset: str, state: GameState, n: int, seed: int = 0) -> int:
    """Play ``n`` kick-offs from copies of ``state``, keeping no log (``kick_off(log=False)``:
    a simulation reads none); the number of touchbacks (a checksum)."""
    rs = RULESETS[ruleset]
    dice = SeededDice(seed)
    decisions = Decisions()
    touchbacks = 0
    for _ in range(n):
        result = kick_off(state.clone(), rs, dice, decisions, log=False)
        touchbacks += result.touchback
    return touchbacks


def _bench(benchmark: Any, ruleset: str) -> None:
    state = prepared(ruleset)
    benchmark.extra_info["kickoffs_per_round"] = 1000
    benchmark(many_kickoffs, ruleset, state, 1000)


def test_bench_classic(benchmark: Any) -> None:
    _bench(benchmark, "classic")


def test_bench_bb2020(benchmark: Any) -> None:
    _bench(benchmark, "bb2020")


def test_bench_bb2025(benchmark: Any) -> None:
    _bench(benchmark, "bb2025")


def test_bench_sevens(benchmark: Any) -> None:
    _bench(benchmark, "sevens")


ROOT = Path(__file__).resolve().parent.parent


def this_build(n: int) -> None:
    """Kick-offs per second of the running build, one line per ruleset."""
    for ruleset in RULESETS:
        state = prepared(ruleset)
        many_kickoffs(ruleset, state, 1000)  # warm-up
        start = time.process_time()  # CPU seconds: the same as wall on an idle core, and less
        many_kickoffs(ruleset, state, n)  # disturbed on a shared machine
        elapsed = time.process_time() - start
        print(f"{ruleset:8s} {n / elapsed:10,.0f} kick-offs/s  ({n} in {elapsed:.2f} s)", flush=True)


def compiled_site(named: str | None) -> Path:
    """A directory from which ``import kickoff`` gives the compiled build (see the module's text)."""
    if named or os.environ.get("KICKOFF_COMPILED_SITE"):
        return Path(named or os.environ["KICKOFF_COMPILED_SITE"])
    if kickoff.compiled:
        return Path(kickoff.__file__).parent.parent
    sources = [*sorted(ROOT.glob("src/kickoff/**/*.py")), ROOT / "setup.py"]
    stamp = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()
    cache = ROOT / "build" / "bench-compiled"
    site = cache / stamp[:16]
    if not (site / "kickoff").is_dir():
        print(f"building the compiled package into {site} (a few minutes)...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                        str(cache / "wheel"), str(ROOT)], check=True)
        wheel = max((cache / "wheel").glob("kickoff-*.whl"), key=lambda p: p.stat().st_mtime)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(site)
    return site


def rates(pythonpath: Path, n: int) -> tuple[bool, dict[str, float]]:
    """``(compiled?, ruleset -> kick-offs per second)`` of the build on ``pythonpath``."""
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    probe = "import kickoff; print(kickoff.compiled)"
    compiled = subprocess.run([sys.executable, "-c", probe], env=env, check=True,
                              capture_output=True, text=True).stdout.strip() == "True"
    out = subprocess.run([sys.executable, __file__, str(n), "--this-build"], env=env, check=True,
                         capture_output=True, text=True).stdout
    return compiled, {line.split()[0]: float(line.split()[1].replace(",", ""))
                      for line in out.splitlines()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=50_000, help="kick-offs per ruleset")
    parser.add_argument("--this-build", action="store_true", help="only the running build")
    parser.add_argument("--compiled", help="a directory holding the compiled build")
    args = parser.parse_args()
    if args.this_build:
        this_build(args.n)
        return
    pure_compiled, pure = rates(ROOT / "src", args.n)
    compiled_compiled, compiled = rates(compiled_site(args.compiled), args.n)
    assert not pure_compiled, "src/ holds compiled modules: remove them (editable builds are pure)"
    if not compiled_compiled:
        print("no compiled build (no C compiler, or mypyc failed): the pure build twice",
              file=sys.stderr)
    print(f"{args.n:,} kick-offs per ruleset, pure then compiled, one process each")
    for ruleset in RULESETS:
        p, c = pure[ruleset], compiled[ruleset]
        print(f"{ruleset:8s} {p:10,.0f} kick-offs/s pure  {c:10,.0f} kick-offs/s compiled"
              f"  (x{c / p:.2f})")


if __name__ == "__main__":
    main()
