"""Analysis on top of the rules core: exact odds, the best kick target, Monte Carlo.

Exact odds for one target (probabilities are exact fractions):

>>> from fractions import Fraction
>>> from kickoff.analysis import Job, KickoffSolver, rank_targets, simulate
>>> from kickoff.core import RULESETS, Square
>>> from kickoff.formats.teams import build_state, load_setup, load_team
>>> rs = RULESETS["bb2020"]
>>> teams = {"home": load_team("human", "bb2020"), "away": load_team("orc", "bb2020")}
>>> setups = {"home": load_setup("botbowl_def_zone", rs.pitch),
...           "away": load_setup("botbowl_off_wedge", rs.pitch)}
>>> state = build_state(rs, teams, setups, kicking="home")
>>> KickoffSolver(state, rs).use_kick_skill  # the defaults: events "all", Kick when he has it
True
>>> solver = KickoffSolver(state, rs, events="none", use_kick_skill=False)
>>> odds = solver.odds(Square(19, 7))
>>> odds.touchback
Fraction(57475, 1143808)
>>> f"{float(odds.receiving_team_holds):.3f}"
'0.097'
>>> sum(odds.holders.values()) + sum(odds.ground.values())
Fraction(1, 1)

Every target ranked by an objective (here: the fewest touchbacks):

>>> best = rank_targets(solver, "touchback")[0]
>>> best.target, f"{float(best.value):.3f}"
(Square(x=19, y=7), '0.050')

Monte Carlo on the same rules, reproducible from its seed:

>>> job = Job(state, rs, Square(19, 7), events="none", use_kick_skill=False)
>>> tally = simulate(job, 20_000, seed=7)
>>> estimate, standard_error = tally.share(tally.touchback)
>>> abs(estimate - float(odds.touchback)) < 4 * standard_error
True

Kick It! (seed 000): the exact odds of a Kick action during a turn. An AG 3+ kicker with no
opponents near fumbles on a 1 and shanks on a 2:

>>> from kickoff.analysis import KickSolver
>>> from kickoff.core.decisions import Activation
>>> turn_state = state.clone()
>>> kicker = turn_state.players["h8"]
>>> turn_state.ball, turn_state.carrier = kicker.square, "h8"
>>> kick = Activation("h8", "kick", aim=kicker.square.step(1, 0))
>>> kick_odds = KickSolver(turn_state, rs).odds(kick, landing="best")
>>> kick_odds.outcomes
{'fumbled': Fraction(1, 6), 'accurate': Fraction(2, 3), 'shanked': Fraction(1, 6)}
>>> f"{float(kick_odds.turnover):.3f}"
'0.967'
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from kickoff.defaults import DEFAULT_EVENTS as _DEFAULT_EVENTS

if TYPE_CHECKING:
    from kickoff.analysis.exact.chance import enumerate_runs
    from kickoff.analysis.exact.kick import KickOdds, KickSolver, kick_odds
    from kickoff.analysis.exact.odds import Events
    from kickoff.analysis.exact.solver import KickoffSolver, Odds
    from kickoff.analysis.kick_simulate import KickTally, simulate_kick
    from kickoff.analysis.simulate import Job, Tally, simulate
    from kickoff.analysis.targets import OBJECTIVES, RankedTarget, objective_value, rank_targets

#: Whether the Kick-off table is played, when a face is not told: the one default of every
#: face, :data:`kickoff.defaults.DEFAULT_EVENTS` (``"all"``), named here too.
DEFAULT_EVENTS: Events = _DEFAULT_EVENTS

#: Each public name -> the module that defines it. The package imports a module only when one
#: of its names is first asked for (PEP 562), so that ``import kickoff.analysis.exact.solver`` (what
#: ``kickoff odds`` needs) does not import the Kick It! solver, the ranking of targets or the
#: Monte Carlo.
_HOMES = {
    "enumerate_runs": "exact.chance", "KickoffSolver": "exact.solver", "Odds": "exact.solver",
    "KickOdds": "exact.kick", "KickSolver": "exact.kick", "KickTally": "kick_simulate",
    "kick_odds": "exact.kick", "simulate_kick": "kick_simulate", "OBJECTIVES": "targets",
    "RankedTarget": "targets", "objective_value": "targets", "rank_targets": "targets",
    "Job": "simulate", "Tally": "simulate", "simulate": "simulate",
}

__all__ = [
    "DEFAULT_EVENTS", "OBJECTIVES", "Job", "KickOdds", "KickSolver", "KickTally", "KickoffSolver", "Odds",
    "RankedTarget", "Tally", "enumerate_runs", "kick_odds", "objective_value", "rank_targets",
    "simulate", "simulate_kick",
]


def __getattr__(name: str) -> Any:
    """A public name, from its module (imported on first use)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


class _Package(ModuleType):
    """This package's module type: the import system sets a submodule, once imported, as the
    package's attribute of its name; ``simulate`` stays the function of its module (as
    ``from kickoff.analysis import simulate`` gives it, ``import kickoff.analysis.simulate as
    simulate`` too, as before the package imported its modules lazily)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "simulate" and isinstance(value, ModuleType):
            value = value.simulate
        super().__setattr__(name, value)


# Start-up (issue 16): the Monte Carlo (its module and dataclasses) is imported by a first use
# of its names, not by ``kickoff odds``.
sys.modules[__name__].__class__ = _Package
