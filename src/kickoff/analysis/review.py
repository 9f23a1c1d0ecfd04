"""A real kick-off judged against the best play: how far each coach's choices were from the best,
in exact values (``kickoff fumbbl review``, issue 28).

Given a kick-off as a scenario (a set-up, the kick's target, the dice and decisions the game
rolled and took: what ``kickoff fumbbl extract`` writes), :func:`review_kickoff` values, under an
objective (:mod:`kickoff.analysis.objectives`, the receivers' side of it), with the Kick-off
table's events and every other choice at the scenario format's defaults, exactly as
``kickoff odds`` on that scenario does:

- **the kick**: the value at the target the kicking coach chose (``kickoff odds FILE``), the best
  target's (the first of ``kickoff odds FILE --all-targets``, found without every target solved:
  :func:`~kickoff.analysis.targets.best_target`) and the gap; the kicker and his use of Kick
  are those ``kickoff odds`` plays (the default kicker, Kick when he has it and may use it:
  :func:`~kickoff.defaults.kick_use`; FUMBBL's log names no other);
- **the receiving set-up**: its value against the kicking coach's best kick (the best target's
  value: what the receiving coach can be sure of);
- **the decision of the Kick-off event**, if the event asks one (High Kick, Blitz!, Charge!,
  Quick Snap, Perfect / Solid Defence): what the coach did, the best option's value and the gap,
  as ``kickoff decide`` values them (:mod:`kickoff.analysis.decide`: the whole kick-off at the
  chosen target with the option scripted; a free move's best is the best plan the search found
  within its budget, a bound on the true best).

A **gap** is how much worse the choice was than the best for the coach who made it: never
negative, ``0`` when his choice was already the best (a free move's own plan may beat every plan
the search found: then it is the best, gap ``0``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kickoff.analysis import decide, plans
from kickoff.analysis.collector import collector_paused
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.standing import gives_dice_answers
from kickoff.analysis.objectives import KICKER_WANTS_HIGH, Objective
from kickoff.analysis.targets import RankedTarget, best_target, rank_targets
from kickoff.core.decisions import Decisions
from kickoff.core.dice import Dice
from kickoff.core.errors import KickoffError
from kickoff.core.fraction_text import fraction_text
from kickoff.core.pitch import Side, Square, other_side
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState

if TYPE_CHECKING:
    from kickoff.analysis.advisor.search import SetupValue

__all__ = ["Judged", "KickoffReview", "advisor_figures", "applied", "gap", "review_kickoff",
           "team_summary"]


def gap(chosen: Fraction, best: Fraction, objective: Objective, receivers: bool) -> Fraction:
    """How much worse ``chosen`` is than ``best`` for the coach who chose (``receivers``: the
    receiving coach), under ``objective``; ``0`` when ``chosen`` is as good or better."""
    high = KICKER_WANTS_HIGH[objective] != receivers  # whether this coach wants it high
    return max(Fraction(0), best - chosen if high else chosen - best)


def applied(objective: Objective, budget: int,
            advise: tuple[float | None, int | None] = (None, None)) -> dict[str, Any]:
    """What a review applied (its document's ``"applied"``: ``kickoff fumbbl review --json``,
    the folder's, the web API's): the objective, the events (on), the play (the defaults), the
    free moves' plan budget and the advisor's bounds (``advise``: seconds, evaluations; ``None``:
    not given)."""
    return {"objective": objective, "events": "all", "play": "defaults", "plan_budget": budget,
            "advise": advise[0], "advise_evaluations": advise[1]}


def advisor_figures(gains: list[Fraction]) -> dict[str, Any]:
    """The advisor against the real set-ups, from its gains over them (each ``>= 0``):
    ``{"kickoffs", "strictly_better_kickoffs", "strictly_better", "equal_kickoffs", "equal",
    "mean_gain"}``, the shares as exact fraction strings, the mean gain to 12 significant
    digits. "At least as good" is left out: it is 1 by construction (the search starts from the
    real set-up and keeps the best); ``ValueError`` for no gains."""
    if not gains:
        raise ValueError("no gains")
    n = len(gains)
    better = sum(1 for g in gains if g > 0)
    return {"kickoffs": n, "strictly_better_kickoffs": better,
            "strictly_better": str(Fraction(better, n)), "equal_kickoffs": n - better,
            "equal": str(Fraction(n - better, n)),
            "mean_gain": f"{float(sum(gains, Fraction(0)) / n):.12g}"}


def team_summary(reviews: list[KickoffReview], teams: dict[str, str]
                 ) -> dict[str, dict[str, Any]]:
    """Per team (side) of a game's ``reviews``: its name (``teams``), the choices judged, how
    many were already the best, and the value given away (the sum of their gaps, an exact
    fraction string)."""
    out: dict[str, dict[str, Any]] = {}
    for side in ("home", "away"):
        gaps = [j.gap for r in reviews for j in r.judged if j.side == side]
        out[side] = {"team": teams.get(side, side), "judged": len(gaps),
                     "at_best": sum(1 for g in gaps if g == 0),
                     "given_away": fraction_text(sum(gaps, Fraction(0)))}
    return out


@dataclass(frozen=True)
class Judged:
    """One choice judged: what it is (``what``: ``kick``, ``high_kick``, ``blitz``, ...), the
    coach's ``side``, what he did and its exact value (``chosen_text``, ``chosen``), the best
    (``best_text``, ``best``) and the :func:`gap`."""

    what: str
    side: Side
    chosen_text: str
    chosen: Fraction
    best_text: str
    best: Fraction
    gap: Fraction

    def to_json(self) -> dict[str, Any]:
        """``{"what", "side", "chosen_text", "chosen", "best_text", "best", "gap"}``, values as
        exact fraction strings."""
        return {"what": self.what, "side": self.side, "chosen_text": self.chosen_text,
                "chosen": fraction_text(self.chosen), "best_text": self.best_text,
                "best": fraction_text(self.best), "gap": fraction_text(self.gap)}


@dataclass
class KickoffReview:
    """A kick-off reviewed: the kicking team, the kick's target and the best one, the kicker and
    his use of Kick, the receiving set-up's value against the best kick, every judged choice
    (the kick first), and notes (a decision that could not be valued, or one valued with the
    coach's answers to the dice as standing orders)."""

    kicking: Side
    target: Square
    best_target: Square
    kicker: str | None
    use_kick_skill: bool
    setup_value: Fraction
    judged: list[Judged]
    event: str | None = None
    notes: list[str] = field(default_factory=list)
    #: With ``advise``: the advisor's set-up (receiving player id -> ``[x, y]``, ``None``: the
    #: Reserves).
    advice: dict[str, list[int] | None] | None = None
    #: How :attr:`ranked` is made when first read (``None``: no ranking, ``ranked`` is empty).
    ranking: Callable[[], list[RankedTarget]] | None = field(default=None, repr=False,
                                                            compare=False)

    @functools.cached_property
    def ranked(self) -> list[RankedTarget]:
        """Every target valued, best first (for the pitch: ``kickoff fumbbl review --png``, the
        web page), ranked when first read (the review itself finds the best target without
        every target solved: ``targets.best_target``); not in :meth:`to_json`."""
        return [] if self.ranking is None else self.ranking()

    @property
    def receiving(self) -> Side:
        """The receiving team."""
        return other_side(self.kicking)

    def to_json(self) -> dict[str, Any]:
        """The review as JSON, values as exact fraction strings."""
        return {"kicking": self.kicking, "receiving": self.receiving,
                "target": self.target.as_list(), "best_target": self.best_target.as_list(),
                "kicker": self.kicker, "use_kick_skill": self.use_kick_skill,
                "event": self.event,
                "setup": {"side": self.receiving, "value_against_best_kick":
                          fraction_text(self.setup_value)},
                "judged": [j.to_json() for j in self.judged], "notes": list(self.notes),
                **({} if self.advice is None else {"advice": self.advice})}


def advised(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
            objective: Objective, use_kick_skill: bool, played: SetupValue,
            seconds: float | None, evaluations: int | None = None
            ) -> tuple[Judged, dict[str, Square | None]]:
    """The receiving set-up played judged against the advisor's, searched from it (so never
    worse) with the same players against the same kicking set-up
    (:func:`~kickoff.analysis.advisor.search.optimize_setup`, seed 0), and the advisor's squares.
    ``played``: the real set-up's value against the best kick, from the review's own best
    target (``KickoffSolver`` with the events on and the defaults, as the advisor values a
    set-up): the advisor's starting value, not solved again. The search's bounds, whichever
    comes first: ``seconds`` of wall clock, from after the start is valued, and ``evaluations``
    candidate set-ups (deterministic: the same suggestion as ``kickoff setup optimize
    --evaluations N --seed 0``); the per-event report (``Suggestion.by_event``) is not computed.
    ``OptionError`` for a bound out of range (``seconds`` not above 0, ``evaluations`` below 0),
    ``ValueError`` for a set-up the advisor cannot start from."""
    from kickoff.analysis.advisor.search import OptimizeRequest, optimize_setup

    found = optimize_setup(OptimizeRequest(state, ruleset, objective, seconds=seconds,
                                           evaluations=evaluations, house_rules=house_rules,
                                           use_kick_skill=use_kick_skill, start_value=played,
                                           event_report=False))
    moved = sorted(pid for pid, sq in found.squares.items()
                   if state.players[pid].square != sq)
    text = ("the same set-up" if not moved else
            f"{len(moved)} player{'s' if len(moved) != 1 else ''} moved")
    value = found.value.value
    return (Judged("setup", state.receiving, "as set up", played.value, f"advisor: {text}",
                   value, gap(played.value, value, objective, receivers=True)), found.squares)


def review_kickoff(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                   decisions: Decisions, dice: Dice, objective: Objective,
                   use_kick_skill: bool, kicker: str | None,
                   budget: int = plans.DEFAULT_BUDGET,
                   advise: float | None = None,
                   advise_evaluations: int | None = None) -> KickoffReview:
    """Review one kick-off (module docstring). ``state``: the set-up before it; ``decisions``
    and ``dice``: the scenario's (the target is ``decisions.target``, else the receiving half's
    centre; the dice reach the Kick-off event whose decision is judged); ``use_kick_skill`` and
    ``kicker``: what :func:`~kickoff.defaults.kick_use` decided (as ``kickoff odds``).
    ``budget``: the plans the search values at most for a free move. ``advise`` (seconds) and
    ``advise_evaluations`` (candidate set-ups), either or both (``None``: not asked; neither:
    no advisor): the set-up advisor's bounds, whichever comes first (:func:`advised`: from the
    same players, against the same kicking set-up, its start valued by this review's own
    best target), judged as ``setup``. The rules' own errors
    (``KickoffError``) for a set-up or kick they refuse; a decision that cannot be valued is a
    note, not an error."""
    target = decisions.target or state.pitch.centre[state.receiving]
    solver = KickoffSolver(state, ruleset, events="all", house_rules=house_rules,
                           use_kick_skill=use_kick_skill, decisions=Decisions(),
                           play="defaults", objective=objective)
    with collector_paused():
        # the kicked target first: its value is needed anyway, and its starts solved bound the
        # targets sharing them exactly (what the search would open part by part, then solve
        # again for this value); the search starts from it as its best
        chosen = solver.value(target, objective)
        best = best_target(solver, objective, (target, chosen))  # (ranked only if read)
    kicking = other_side(state.receiving)
    kick = Judged("kick", kicking, f"kick at {target.as_list()}", chosen,
                  f"kick at {best.target.as_list()}", best.value,
                  gap(chosen, best.value, objective, receivers=False))
    out = KickoffReview(kicking, target, best.target, kicker, use_kick_skill, best.value, [kick],
                        ranking=functools.partial(rank_targets, solver, objective))
    if advise is not None or advise_evaluations is not None:
        from kickoff.analysis.advisor.search import SetupValue

        played = SetupValue(best.value, best.target, use_kick_skill)
        _judge_setup(out, state, ruleset, house_rules, objective, use_kick_skill, played,
                     (advise, advise_evaluations))
    setting = decide.Setting(state, ruleset, house_rules, target, use_kick_skill, objective,
                             "defaults")
    setting.remember(Decisions(), chosen)  # the same solve: its events' options go through it
    with collector_paused():
        _judge_event(out, setting, dice, decisions, budget)
    return out


def _judge_setup(out: KickoffReview, state: GameState, ruleset: Ruleset,
                 house_rules: frozenset[HouseRule], objective: Objective, use_kick_skill: bool,
                 played: SetupValue, bounds: tuple[float | None, int | None]) -> None:
    """The set-up (its value ``played``) judged against the advisor's (``bounds``: seconds,
    evaluations), into ``out``: its ``setup`` judgement and the advice, or a note if the
    advisor cannot start from it."""
    from kickoff.core.errors import OptionError

    try:
        judged, squares = advised(state, ruleset, house_rules, objective, use_kick_skill,
                                  played, *bounds)
    except OptionError:  # a bound out of range: the caller's error, not this set-up's
        raise
    except ValueError as e:  # the advisor refuses a set-up our rules call illegal: a note
        out.notes.append(f"the advisor cannot start from this set-up: {e}")
    else:
        out.judged.append(judged)
        out.advice = {pid: None if sq is None else sq.as_list()
                      for pid, sq in squares.items()}


def _judge_event(out: KickoffReview, setting: decide.Setting, dice: Dice, decisions: Decisions,
                 budget: int) -> None:
    """The Kick-off event's decision judged, into ``out`` (its event, the judgement), if the
    scenario's dice reach one; a note where the rules refuse the scenario or the decision."""
    state = setting.state
    try:
        reached = decide.reach(state, setting.ruleset, dice, decisions, setting.house_rules)
    except decide.NotReached:
        return
    except KickoffError as e:  # the rules refuse the scenario up to its event: a note
        out.notes.append(f"the Kick-off event could not be reached: {e}")
        return
    out.event = reached.kind
    try:
        answer = decide.answer(setting, reached, decisions, budget)
    except KickoffError as e:  # a decision the rules refuse: a note
        out.notes.append(f"{decide.NAMES[reached.kind]}: could not be valued: {e}")
        return
    if answer.played is not None:
        receivers = answer.side == state.receiving
        top = answer.options[0]
        out.judged.append(Judged(reached.kind, answer.side,
                                 decide.bare(answer.played.text, answer.name),
                                 answer.played.value, decide.bare(top.text, answer.name),
                                 top.value, gap(answer.played.value, top.value, setting.objective,
                                                receivers)))
        if gives_dice_answers(answer.played.decisions):
            out.notes.append(f"{decide.NAMES[reached.kind]}: what the coach did is valued with "
                             "his answers to the dice as standing orders (each where the rules "
                             "accept it on another roll, the default elsewhere)")
