"""The set-up advisor's evaluation of receiving set-ups: the minimax value, fresh or incremental.

:func:`minimax` is the definition: a fresh exact solve (``KickoffSolver``) of every target,
ranked by :func:`~kickoff.analysis.targets.rank_targets`, the kicking coach's best taken.
:class:`Evaluator` gives the same values for many set-ups of one team against one kicking set-up.
"""

from __future__ import annotations

from fractions import Fraction

from kickoff.analysis.advisor_moves import Layout, apply_layout
from kickoff.analysis.exact import Events, KickoffSolver
from kickoff.analysis.objectives import Objective, receivers_prefer
from kickoff.analysis.targets import rank_targets
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Square
from kickoff.core.ruleset import Ruleset
from kickoff.core.state import GameState

#: A value as the evaluators give it: (value, the kicker's best target, whether he uses Kick).
Valued = tuple[Fraction, Square, bool]


def kick_options(state: GameState, ruleset: Ruleset, house_rules: frozenset[str]) -> tuple[bool, ...]:
    """The kicking coach's uses of the Kick skill: ``(False,)``, or ``(False, True)`` when the
    default kicker (``kickoff.core.kickoff.choose_kicker``) may use Kick, as the rules decide it
    (one seeded kick asked to use it: the rules refuse it with a ``DecisionError`` otherwise)."""
    try:
        kick_until_landing(state.clone(), ruleset, SeededDice(0), Decisions(use_kick_skill=True),
                           house_rules, events=False)
    except DecisionError:
        return (False,)
    return (False, True)


def _check_play(play: str) -> None:
    if play != "defaults":
        raise ValueError(f"play: {play!r} is not offered by this solver yet (only 'defaults')")


def minimax(
    state: GameState, ruleset: Ruleset, objective: Objective, events: Events, play: str,
    house_rules: frozenset[str], kick: bool,
) -> tuple[Fraction, Square]:
    """``(value, target)`` of the kicking coach's best target with Kick used or not (``kick``):
    the first of :func:`~kickoff.analysis.targets.rank_targets`, from a fresh solve."""
    _check_play(play)
    solver = KickoffSolver(state, ruleset, events=events, house_rules=house_rules,
                           use_kick_skill=kick)
    top = rank_targets(solver, objective)[0]
    return top.value, top.target


class Evaluator:
    """Minimax values of layouts of ``state``'s receiving team (``kickoff.analysis.advisor_moves``)
    against ``state``'s kicking set-up, the same as a fresh :func:`minimax` over the kick
    options."""

    def __init__(
        self, state: GameState, ruleset: Ruleset, objective: Objective, events: Events,
        play: str, house_rules: frozenset[str],
    ) -> None:
        _check_play(play)
        self.state = state
        self.ruleset = ruleset
        self.objective: Objective = objective
        self.events: Events = events
        self.play = play
        self.house_rules = house_rules
        self.options = kick_options(state, ruleset, house_rules)

    def rebase(self, layout: Layout) -> None:
        """Make ``layout`` the one later candidates are near (their evaluation starts there)."""
        del layout

    def value(self, layout: Layout) -> Valued:
        """The minimax value of ``layout`` (legal, not checked)."""
        world = apply_layout(self.state, layout)
        best: Valued | None = None
        for kick in self.options:
            value, target = minimax(world, self.ruleset, self.objective, self.events, self.play,
                                    self.house_rules, kick)
            if best is None or receivers_prefer(self.objective, best[0], value):
                best = (value, target, kick)
        assert best is not None
        return best
