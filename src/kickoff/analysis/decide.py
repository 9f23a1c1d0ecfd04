"""A coach's question at one decision of a kick-off: every option valued exactly, best first.

Given a kick-off stopped at a decision (a scenario whose dice reach a High Kick, a Blitz!, a
Charge!, a Quick Snap, a Perfect or a Solid Defence), :func:`reach` replays the scenario's own
dice and decisions up to that event (through the ruleset's own Kick-off table: the event's
handler is stopped before it acts, so dice that end there are enough) and :func:`answer` lists
the decision's options with their values:

- **High Kick** (enumerable): every option the rule itself lists at that landing
  (:func:`kickoff.core.events.high_kick_options`: nobody, and each Open, Standing receiving
  player), each one;
- **the free moves** (Blitz!, Charge!, Perfect / Solid Defence, Quick Snap): the plans the plan
  search (:mod:`kickoff.analysis.plans`) values within its budget, aimed at the square where
  the kick came down (the coach knows it), nobody's plan first; plus the scenario's own plan
  (what the coach did), valued the same way.

**What a value is.** Two exact values. ``given``: the value given that the Kick-off table
gives this event (the kick-off with every 2D6 total made this event: conditioned on it, the
deviation still averaged), what a coach at the decision compares (``P`` in :meth:`Answer.line`).
``value``: the exact value under the objective (:mod:`kickoff.analysis.objectives`)
of the whole kick-off at the scenario's target when the coach plays that option at this decision
(whenever it comes), every other choice as ``play`` says: exactly what ``kickoff odds`` gives
for the scenario with that option scripted (``--high-kick ID``; a plan as
``Decisions.blitz`` / ``quick_snap`` ..., as ``kickoff odds --plan-budget`` scripts the plan
it finds). It averages the Kick-off table as ``kickoff odds`` does, so two options' values
differ by the event's chance times the difference of their ``given`` values (with
``play="defaults"``; the kicking coach's best kicker is chosen over the whole kick). Neither is
conditioned on this kick's landing (the solver enumerates the deviation; the plans are aimed at
the landing). The options are ranked (by ``value``) for the coach who chooses (the receivers
maximise their side of the objective, the kicking coach minimises it;
:func:`~kickoff.analysis.objectives.receivers_prefer`); ties keep the rules' (the search's)
order, nobody first. A free move's best is the best plan found, a bound on the true best (see
:mod:`kickoff.analysis.plans`).

``play="best"`` is refused at a High Kick (``DecisionError``): the solver's best play chooses
the High Kick player itself, so "nobody" could not be held fixed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final

from kickoff.analysis import plans
from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.standing import gives_dice_answers
from kickoff.analysis.objectives import KICKER_WANTS_HIGH, Objective
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import Dice
from kickoff.core.errors import DecisionError, ScenarioError
from kickoff.core.events import high_kick_options
from kickoff.core.fraction_text import fraction_text
from kickoff.core.kickoff import kick_until_landing
from kickoff.core.pitch import Side, Square, other_side
from kickoff.core.problems import Problem
from kickoff.core.ruleset import Event, HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import Play

#: The decisions this module answers, by the Kick-off event that asks them (``--at``).
KINDS: Final = ("high_kick", "blitz", "charge", "quick_snap", "perfect_defence",
                "solid_defence")
#: Their names in the lines.
NAMES: Final = {"high_kick": "High Kick", **plans.EVENT_NAMES}


@dataclass(frozen=True)
class Reached:
    """A kick-off stopped at a decision: its ``kind`` (:data:`KINDS`), the state when it comes
    (after the deviation and any kick-off move), where the kick comes down (``landing``; off the
    pitch or out of play: ``touchback``) and the Kick-off table's dice."""

    kind: str
    state: GameState
    landing: Square | None
    touchback: bool
    roll: tuple[int, int]


class NotReached(ScenarioError):
    """The kick-off reaches no decision of those asked (:func:`reach`)."""


class _Stop(Exception):
    """Raised by a stopped event's handler: the kick-off reached it."""

    def __init__(self, reached: Reached) -> None:
        super().__init__(reached.kind)
        self.reached = reached


def _stopper(name: str) -> Callable[[KickoffContext], None]:
    """The handler of event ``name`` that stops the kick-off before the event acts."""

    def stop(ctx: KickoffContext) -> None:
        rolled = [e["roll"] for e in ctx.log if e.get("step") == "event"]
        roll = (rolled[-1][0], rolled[-1][1]) if rolled else (0, 0)
        raise _Stop(Reached(name, ctx.state.clone(), ctx.landing, ctx.touchback, roll))
    return stop


def reach(state: GameState, ruleset: Ruleset, dice: Dice, decisions: Decisions,
          house_rules: frozenset[HouseRule], at: str | None = None) -> Reached:
    """Replay a kick-off (``state`` is not changed) up to its Kick-off event and stop there,
    before the event acts (the dice may end there): the :class:`Reached` decision. ``at``: the
    kind asked for (``None``: whichever of :data:`KINDS` the event is). :class:`NotReached` (key
    path ``dice``) when the kick-off reaches no such event (naming the event it reaches), as
    the rules raise their own (``DecisionError``, ``DiceError``) for the dice and decisions up
    to it."""
    table = {total: (Event(e.name, _stopper(e.name)) if e.name in KINDS else e)
             for total, e in ruleset.kickoff_table.items()}
    try:
        before = kick_until_landing(state.clone(), replace(ruleset, kickoff_table=table), dice,
                                    decisions, house_rules)
        event = before.event.name if before.event is not None else "none"
    except _Stop as s:
        if at is None or s.reached.kind == at:
            return s.reached
        event = s.reached.kind
    asked = NAMES.get(at, at) if at is not None else "decision this command answers"
    raise NotReached([Problem(f"the kick-off reaches no {asked} (its Kick-off event: "
                                 f"{NAMES.get(event, event)}); answered: "
                                 f"{', '.join(KINDS)}", "dice")])


#: What the line adds to the scenario's own plan when it answers its dice (valued as standing
#: orders: :mod:`kickoff.analysis.exact.standing`).
STANDING: Final = ", your answers to the dice as standing orders"


@dataclass(frozen=True)
class Option:
    """One option of the decision: ``text`` (in words), its exact ``value`` and its value
    ``given`` the event (:meth:`Setting.value`), the decisions
    that script it (for ``kickoff odds``), the players it moves (id -> square, for the
    pitch), whether it is the scenario's own answer (``scripted``), and the players it
    blitzes."""

    text: str
    value: Fraction
    given: Fraction
    decisions: Decisions
    moved: tuple[tuple[str, Square], ...] = ()
    scripted: bool = False
    blitzes: tuple[str, ...] = ()
    #: The scenario format's ``decisions`` that script this option (``{"high_kick": "a4"}``,
    #: ``{"blitz": [{"player", "action", "path"[, "target"]}]}``): written into a scenario,
    #: ``kickoff odds FILE --scenario-moves`` (``--high-kick``) gives :attr:`value`; the
    #: scenario's own plan's answers to its dice (a block's face, a re-roll), valued as
    #: standing orders (:data:`STANDING`), are not written.
    script: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"text", "value", "given" (exact fraction strings), "moved" {id: [x, y]},
        "scripted", "blitzes", "decisions" (:attr:`script`)}``."""
        return {"text": self.text, "value": fraction_text(self.value),
                "given": fraction_text(self.given),
                "moved": {pid: sq.as_list() for pid, sq in self.moved},
                "scripted": self.scripted, "blitzes": list(self.blitzes),
                "decisions": self.script}


@dataclass
class Answer:
    """The decision's options, best first for the coach who chooses (``side``), and the
    scenario's own (``played``), with what was applied: ``objective``, ``play``, the kick ``target``, the plan
    search's ``budget`` (``None`` for an enumerable decision) and how many plans it valued."""

    reached: Reached
    side: Side
    objective: Objective
    play: Play
    target: Square
    options: list[Option]
    played: Option | None
    budget: int | None = None
    evaluated: int = 0

    @property
    def name(self) -> str:
        """The decision's name: ``Blitz!``, ``High Kick``."""
        return NAMES[self.reached.kind]

    def line(self) -> str:
        """``Blitz!: best plan a1 to [6, 7] (P = 41.20%); what you did: nobody acts (P =
        44.03%)``: what the web page and the command's last line say; P is the value given the
        event (:attr:`Option.given`)."""
        best = self.options[0]
        what = "best plan" if self.budget is not None else "best"
        tail = ("" if self.played is None else
                f"; what you did: {bare(self.played.text, self.name)} "
                f"(P = {pct(self.played.given)}"
                f"{STANDING if gives_dice_answers(self.played.decisions) else ''})")
        return f"{self.name}: {what} {bare(best.text, self.name)} (P = {pct(best.given)}){tail}"

    def to_json(self) -> dict[str, Any]:
        """The answer with exact fraction strings: ``{"decision", "kind", "side", "landing",
        "touchback", "objective", "play", "target", "budget", "evaluated", "options" (best
        first), "played", "line"}``."""
        r = self.reached
        return {"decision": self.name, "kind": r.kind, "side": self.side,
                "landing": None if r.landing is None else r.landing.as_list(),
                "touchback": r.touchback, "objective": self.objective, "play": self.play,
                "target": self.target.as_list(), "budget": self.budget,
                "evaluated": self.evaluated, "options": [o.to_json() for o in self.options],
                "played": None if self.played is None else self.played.to_json(),
                "line": self.line()}


def pct(p: Fraction) -> str:
    """``p`` in percent to two decimals (options often differ by less than one tenth)."""
    return f"{float(p) * 100:.2f}%"


def bare(text: str, name: str) -> str:
    """A plan's words without its event's name: ``a1 to [6, 7]``."""
    return text.removeprefix(f"{name}: ")


def chooser(kind: str, state: GameState) -> Side:
    """Who chooses at a decision of ``kind``: the receivers at a High Kick and a Quick Snap,
    else the kicking coach."""
    return state.receiving if kind in ("high_kick", "quick_snap") else other_side(state.receiving)


def ranked(options: Sequence[Option], objective: Objective, receivers: bool) -> list[Option]:
    """``options`` best first for the coach who chooses (``receivers``: the receiving coach,
    who wants the objective the other way from the kicker); a stable sort: ties keep their
    order."""
    high = KICKER_WANTS_HIGH[objective] != receivers
    return sorted(options, key=lambda o: -o.value if high else o.value)


@dataclass(frozen=True)
class Setting:
    """What every value is solved with: the set-up before the kick-off, the ruleset, the
    house rules, the kick's ``target``, the kicker's use of Kick, the ``objective`` and the
    ``play`` of every choice but this one."""

    state: GameState
    ruleset: Ruleset
    house_rules: frozenset[HouseRule]
    target: Square
    use_kick_skill: bool
    objective: Objective = "receiver-holds"
    play: Play = "defaults"

    #: Values solved so far, by (the decisions' ``repr``, the event given): the options share
    #: the kick-off's value without them (:meth:`through`), a plan is valued as the search
    #: meets it and again as an option.
    solved: dict[tuple[str, str | None], Fraction] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    def value(self, decisions: Decisions, given: str | None = None) -> Fraction:
        """The kick-off's exact value with ``decisions`` scripted (as ``kickoff odds``
        solves it); ``given``: an event's name, the value given that the Kick-off table gives
        that event (every 2D6 total of the table made that event: the kick-off conditioned on
        it, the deviation still averaged). The free moves' answers to their dice (a block's
        face, re-roll, push and follow-up, a failed test's re-roll: a real game's, given for
        the rolls it made) are standing orders, the default where the rule refuses one
        (:mod:`kickoff.analysis.exact.standing`). The rules' ``DecisionError`` for a choice
        they refuse otherwise (a path, a target, a player who may not act)."""
        key = (repr(decisions), given)
        if key not in self.solved:
            self.solved[key] = self._solve(decisions, given)
        return self.solved[key]

    def remember(self, decisions: Decisions, value: Fraction) -> None:
        """Take ``value`` as :meth:`value` of ``decisions`` (not given an event): a value the
        caller solved already, with the same solver (``kickoff fumbbl review``'s at the
        chosen target)."""
        self.solved[(repr(decisions), None)] = value

    def _solve(self, decisions: Decisions, given: str | None) -> Fraction:
        ruleset = self.ruleset
        if given is not None:
            event = next(e for e in ruleset.kickoff_table.values() if e.name == given)
            ruleset = replace(ruleset, kickoff_table=dict.fromkeys(ruleset.kickoff_table, event))
        solver = KickoffSolver(self.state, ruleset, events="all",
                               house_rules=self.house_rules, use_kick_skill=self.use_kick_skill,
                               decisions=decisions, play=self.play, objective=self.objective,
                               standing_orders=True)
        return solver.value(self.target, self.objective)

    def through(self, decisions: Decisions, event: str) -> Fraction:
        """:meth:`value` of ``decisions``, which script only ``event``'s choice, solved
        through the event: with ``play="defaults"`` the choice changes only the kick-off's
        branch where the table gives ``event``, so the value is the kick-off's without it plus
        the event's chance (:func:`event_chance`) times the change it makes given the event,
        ``value(Decisions()) + p * (value(decisions, event) - value(Decisions(), event))``,
        exactly (the other events' kick-offs, classic's Pitch Invasion above all, are solved
        once, not once an option); with ``play="best"`` (the kicker is chosen over the whole
        kick-off) the whole kick-off is solved."""
        if self.play != "defaults":
            return self.value(decisions)
        none = Decisions()
        return self.value(none) + event_chance(self.ruleset, event) * (
            self.value(decisions, event) - self.value(none, event))


def event_chance(ruleset: Ruleset, event: str) -> Fraction:
    """The chance that the Kick-off table's 2D6 (``kickoff.core.kickoff.roll_event``: no
    modifier) gives ``event``: the totals naming it, each ``(6 - |total - 7|) / 36``."""
    return sum((Fraction(6 - abs(total - 7), 36)
                for total, e in ruleset.kickoff_table.items() if e.name == event), Fraction(0))


def answer(setting: Setting, reached: Reached, scripted: Decisions,
           budget: int = plans.DEFAULT_BUDGET) -> Answer:
    """The decision ``reached`` answered (:class:`Answer`): every option valued under
    ``setting``; ``scripted``: the scenario's decisions (its own answer is ``played``).
    ``budget``: the plans valued at most for a free move (``ValueError`` under 1).
    ``DecisionError`` for ``play="best"`` at a High Kick, and the rules' own for the scenario's
    plan where they refuse it (in the kick-off it played, or another the solver plays)."""
    side = chooser(reached.kind, reached.state)
    receivers = side == reached.state.receiving
    if reached.kind == "high_kick":
        if setting.play == "best":
            raise DecisionError.at("play", "a High Kick's options are valued with the other "
                                   "choices at their defaults (play defaults): the best play "
                                   "chooses the High Kick player itself")
        options = _high_kick(setting, reached, scripted)
        played = next((o for o in options if o.scripted), None)
        return Answer(reached, side, setting.objective, setting.play, setting.target,
                      ranked(options, setting.objective, receivers), played)
    if budget < 1:
        raise ValueError(f"budget: {budget} is not at least 1")
    found, played, evaluated = _free_moves(setting, reached, scripted, budget, receivers)
    return Answer(reached, side, setting.objective, setting.play, setting.target,
                  ranked(found, setting.objective, receivers), played, budget, evaluated)


def _high_kick(setting: Setting, reached: Reached, scripted: Decisions) -> list[Option]:
    """Every option of the High Kick at the reached landing (the rule's own list), valued."""
    out = []
    for pid in high_kick_options(reached.state, reached.landing, reached.touchback):
        decisions = Decisions(high_kick=pid)
        text = ("High Kick: nobody moves" if pid is None else
                f"High Kick: {pid} placed under the ball at {reached.landing.as_list()}"
                if reached.landing is not None else f"High Kick: {pid}")
        moved = () if pid is None or reached.landing is None else ((pid, reached.landing),)
        out.append(Option(text, setting.through(decisions, "high_kick"),
                          setting.value(decisions, "high_kick"),
                          decisions, moved, scripted=pid == scripted.high_kick,
                          script={"high_kick": pid}))
    return out


class _Recording(plans._Valuer):
    """The plan search's valuer, recording every plan it values (alone) and its value; it plans
    for the ball where it came down (``target``) and values the kick at the scenario's."""

    def __init__(self, setting: Setting, planned_at: Square) -> None:
        super().__init__(setting.state, setting.ruleset, planned_at, setting.objective,
                         setting.play, Decisions(), {"house_rules": setting.house_rules,
                                                     "use_kick_skill": setting.use_kick_skill})
        self.setting = setting
        self.valued: dict[tuple[Any, ...], tuple[plans.Plan, Fraction]] = {}

    def value(self, plans_: Sequence[plans.Plan]) -> Fraction | None:
        try:
            events = {p.event for p in plans_}
            decisions = self.decisions(plans_)
            v = (self.setting.through(decisions, events.pop()) if len(events) == 1
                 else self.setting.value(decisions))
        except DecisionError:
            return None
        if len(plans_) == 1:
            self.valued.setdefault(plans_[0].key(), (plans_[0], v))
        return v


def _free_moves(setting: Setting, reached: Reached, scripted: Decisions, budget: int,
                receivers: bool) -> tuple[list[Option], Option, int]:
    """The plans the search values for the free move reached (at the landing), each an
    :class:`Option`, the scenario's own plan's, and how many plans were valued."""
    kind = reached.kind
    on = reached.landing if (reached.landing is not None and not reached.touchback
                             and reached.state.pitch.on_pitch(reached.landing)) else setting.target
    valuer = _Recording(setting, on)
    space = plans.resetup_space if kind in plans.RESETUPS else plans._free_turn_space
    seeds, around = space(valuer, kind)
    found = plans.search_event(valuer, seeds, around, not receivers, budget)
    valued = list(valuer.valued.values())
    options = [_option(reached, plan, v, valuer) for plan, v in valued]
    own = (plans.Plan(kind, (), tuple(getattr(scripted, kind))) if kind in plans.RESETUPS
           else plans.Plan(kind, tuple(getattr(scripted, kind))))
    # The rules' own refusal of the scenario's plan, if any, is the answer's to raise. A plan
    # the search valued is the same option only when it is the same in every choice (the
    # search's key is each activation's last square: another path may roll other dice).
    same = [i for i, (plan, _) in enumerate(valued) if _choices(plan) == _choices(own)]
    if same:
        played = options[same[0]] = replace(options[same[0]], scripted=True)
    else:
        played = _option(reached, own, setting.through(valuer.decisions([own]), kind), valuer,
                         True)
        options.append(played)
    return options, played, found.evaluated


def _option(reached: Reached, plan: plans.Plan, value: Fraction, valuer: _Recording,
            scripted: bool = False) -> Option:
    """A plan as an :class:`Option`: its words, value, decisions, and the squares it ends
    on."""
    moved = [(m.player, m.to) for m in plan.moves]
    moved += [(a.player, a.path[-1]) for a in plan.activations if a.path]
    blitzes = tuple(a.target for a in plan.activations if a.action == "blitz" and a.target)
    decisions = valuer.decisions([plan])
    given = valuer.setting.value(decisions, reached.kind)
    return Option(plan.text(), value, given, decisions, tuple(moved), scripted, blitzes,
                  _script(plan))


def _choices(plan: plans.Plan) -> tuple[Any, ...]:
    """Everything ``plan`` chooses: its moves, and its activations but for where each was
    written (``Activation.where``)."""
    return (plan.moves, tuple(replace(a, where="") for a in plan.activations))


def _script(plan: plans.Plan) -> dict[str, Any]:
    """The scenario format's ``decisions`` that script ``plan`` (:attr:`Option.script`)."""
    script = ([{"player": m.player, "to": m.to.as_list()} for m in plan.moves]
              if plan.event in plans.RESETUPS else
              [{"player": a.player, "action": a.action, "path": [sq.as_list() for sq in a.path],
                **({"target": a.target} if a.target else {})} for a in plan.activations])
    return {plan.event: script}


def moved_state(reached: Reached, option: Option) -> GameState:
    """The state at the decision with ``option``'s players on the squares it sends them to
    (for the pitch: the free turn's dice are not rolled). The movers are taken off first, as a
    re-set-up's moves are (one may go where another stood)."""
    st = reached.state.clone()
    was = {pid: st.players[pid].square for pid, _ in option.moved}
    for pid in was:
        st.move(st.players[pid], None)
    for pid, sq in option.moved:
        st.move(st.players[pid], sq if sq not in st.board else was[pid])
    return st
