"""One kick-off of a shared FUMBBL game reviewed, then its solver freed: seconds of CPU of the
review (``review_cmd.review_one``, as ``kickoff fumbbl review`` runs each kick-off) and of the
freeing (user and system: the solver's objects deallocated by their reference counts when the
review lets go of it, as ``review_cmd.review_game`` does before the next kick-off), the
process's peak memory, and what the solver kept until then: each part's journey solver
(``Group.chains``, with its ``Steps`` and member world), the nodes, the known solutions
(``chain.Shared``), the loops remembered (issue 28: 1005253's second kick-off, freed in 3.8 s).

Run as a script from the repository, with the shared data beside it
(``../shared/data/fumbbl-replays``): ``python benchmarks/bench_free.py [GAME] [KICK-OFF]``
(default ``classic-2017/1005253 2``), one process at a time under ``ulimit -v 7000000`` (that
kick-off holds about 4 GB). The review's JSON digest (sha256) compares two builds. Results are
in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import sys
from typing import Any

from bench_best_target import kickoff_or_error
from bench_review import shared_game
from benchargs import kickoff_arguments

import kickoff
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.cli.review_cmd import review_one


def cpu() -> tuple[float, float]:
    """This process's user and system CPU seconds."""
    t = os.times()
    return t.user, t.system


def census(solver: KickoffSolver) -> str:
    """What ``solver`` keeps: the parts' journey solvers and the states they solved, the member
    worlds built, the nodes and their exits, the known solutions and the loops remembered."""
    groups = solver.groups()
    nodes = solver._tables.nodes
    chains = [c for g in groups for c in g.chains.values()]
    built = sum(1 for g in groups for _, world, _ in g.members if world is not None)
    known = [k for g in groups for k in g.shared.known.values()]
    entries = sum(len(t) for k in known for t in k.tables.values())
    return (f"parts' journey solvers {len(chains):,} ({sum(len(c.solved) for c in chains):,} "
            f"states solved), member worlds built {built:,}, all solvers {len(solver._chains):,}; "
            f"nodes {len(nodes.exits):,} ({sum(len(e) for e in nodes.exits):,} exits), "
            f"known solutions {entries:,}, loops {len(nodes.loops):,}")


def main() -> None:
    cli = argparse.ArgumentParser(
        prog="bench_free.py", description="One kick-off of a shared game reviewed, then its "
        "solver freed, timed.")
    kickoff_arguments(cli, shared_game, "classic-2017/1005253")
    args = cli.parse_args()
    sys.set_int_max_str_digits(0)
    found = kickoff_or_error(cli, args.game, args.number)
    u, s = cpu()
    review = review_one(found, "receiver-holds", 16, None, None)
    u1, s1 = cpu()
    ranking: Any = review.ranking
    solver: KickoffSolver = ranking.args[0]
    kept = census(solver)
    del ranking, solver
    u2, s2 = cpu()
    review.ranking = None  # (the solver's last reference: freed here)
    u3, s3 = cpu()
    text = json.dumps(review.to_json(), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    build = "compiled" if kickoff.compiled else "pure Python"
    print(f"{args.game} kick-off {args.number} ({build}): review {u1 - u + s1 - s:.2f} s CPU, "
          f"freed {u3 - u2:.2f} s user + {s3 - s2:.2f} s system; peak "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB; "
          f"review sha256 {digest}; load {os.getloadavg()[0]:.1f}\n  kept: {kept}", flush=True)


if __name__ == "__main__":
    main()
