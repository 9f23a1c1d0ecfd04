"""The kick-off as a turn-based game between two coaches, without any learning library: what
:mod:`kickoff.env` wraps (issue 30, point 1).

A :class:`KickoffGame` is one kick-off from a set-up. The kicking coach first chooses the
target (a square of the receiving area); then the rules play the kick-off with
``SeededDice(seed)`` and ask the coaches' decisions in their own order, through
:meth:`KickoffContext.decide <kickoff.core.context.KickoffContext.decide>`: each decision of
the kinds played (:data:`PLAYED`, or those given) that has more than one option is a step of
the coach whose side it is; a decision whose options are a checkable set (a free turn's
``path``, Quick Snap's and the defences' moves) is several steps, its answer built square by
square (:mod:`kickoff.env.compound`). The others take the scripted coach's answer (the
format's default).

The game is played by **replay**: after each answer the kick-off is played again from the start
with the same dice and the answers so far, up to the next decision asked (``Asked``) or the
end. A kick-off is tens of microseconds; an episode of a few steps replays it a few times, and
the result is exactly the rules' (no copy of the rules' state to keep in step).

**Actions** (one ``Discrete(n)`` for every step, :attr:`KickoffGame.actions`, ``n`` the pitch's
squares, 390 on an eleven-player pitch, 220 for sevens): at the target, action ``x * height + y``
is the square ``(x, y)``; at a decision of the rules, action ``i`` is the ``i``-th of the
decision's own options (``Decision.options()``, in the rules' order), options past ``n`` are not
offered; at a step of a decision built square by square, the square ``x * height + y``.
:meth:`KickoffGame.mask` marks the legal actions (int8, 1 legal).

**Observation** (:meth:`KickoffGame.observation`, float32 ``(PLANES, width, height)``, 0 or 1):
the planes named by :data:`PLANE_NAMES`: each team's players Standing and down (Prone or
Stunned), the players with Kick, with a catching skill (Catch, Diving Catch, Sure Hands), the
ball, the target, the squares of the pending decision's options (a square, or the square of
the player an option names), the ``mover`` (a decision built square by square: the player
moved, where his path has got to) and the squares ``chosen`` so far, then one constant
plane per kind of decision (:data:`KINDS`), 1 for the kind pending.

**Reward** at the end, zero-sum: the objective's value (:mod:`kickoff.analysis.objectives`) of
the kick-off's end, for the kicking coach ``+value`` if he wants it high, ``-value`` otherwise,
and the opposite for the receiving coach.
"""

from __future__ import annotations

from typing import Any, Final, Literal, get_args

import numpy as np
import numpy.typing as npt

from kickoff.analysis.exact.board import board_value
from kickoff.analysis.objectives import BOARD_READS, KICKER_WANTS_HIGH, Objective
from kickoff.core.coach import SCRIPTED, Asked, Coach, Decision, DecisionKind
from kickoff.core.decisions import Decisions, FreeTurnPolicy
from kickoff.core.dice import Dice, SeededDice
from kickoff.core.kickoff import KickoffBeforeLanding, KickoffResult, kick_until_landing
from kickoff.core.pitch import Side, Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.env.compound import Builder, Building, builder_for
from kickoff.env.setup import SetupSteps

Agent = Literal["kicking", "receiving"]
#: How the receiving team is set up: ``"given"`` (the set-up given) or ``"steps"`` (the
#: receiving coach places his players square by square first: :mod:`kickoff.env.setup`).
SetupMode = Literal["given", "steps"]
#: The rules' decisions (``kickoff.core.coach``), what ``kinds`` may name.
DECISION_KINDS: Final[frozenset[str]] = frozenset(get_args(DecisionKind))
#: The two agents, the kicking coach first (he chooses the target).
AGENTS: Final[tuple[Agent, Agent]] = ("kicking", "receiving")
#: Every kind of step: the target, then the rules' decisions (``kickoff.core.coach``), then the
#: receiving coach's set-up (``"setup"``, a step only with ``setup="steps"``).
KINDS: Final[tuple[str, ...]] = ("target", *get_args(DecisionKind), "setup")
#: The decisions played as steps by default: those the exact solver plays at its best
#: (``KickoffSolver(play="best")``), so that :meth:`KickoffGame.exact_value` is the value of
#: this game. Every other decision takes the format's default.
PLAYED: Final[frozenset[DecisionKind]] = frozenset(
    ("kicker", "kick_skill", "kickoff_move", "high_kick", "touchback", "diving_catch"))
#: The skills of the catching plane.
CATCH_SKILLS: Final = frozenset(("catch", "diving_catch", "sure_hands"))
#: The observation's planes, in order (the kinds' planes last).
PLANE_NAMES: Final[tuple[str, ...]] = (
    "kicking_standing", "kicking_down", "receiving_standing", "receiving_down", "kick_skill",
    "catch_skill", "ball", "target", "options", "mover", "chosen", *(f"kind_{k}" for k in KINDS))
PLANES: Final = len(PLANE_NAMES)
_FIRST_KIND: Final = PLANE_NAMES.index("kind_target")


def action_number(action: object) -> int:
    """``action`` as an action number: an ``int`` or a NumPy integer; ``ValueError`` naming
    it for anything else (``1.5`` is not action 1, ``"3"`` not 3, ``True`` not 1)."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    raise ValueError(f"action {action!r}: not a whole number (see the action mask)")


class _ReplayCoach:
    """Answers the played decisions from ``answers`` (option indexes; at a step of a decision
    built square by square, :mod:`kickoff.env.compound`, the square ``x * height + y``), in
    order, and raises ``Asked`` (``Building``) at the first one past them; every other decision
    as the scripted coach does (the game's own answers: its target, its kicker; else the
    default). ``cache``: the legal squares of the built steps met so far in this episode (the
    same dice and answers give the same steps), kept across replays."""

    __slots__ = ("answers", "cache", "height", "kinds", "taken", "used")

    def __init__(self, answers: list[int], kinds: frozenset[DecisionKind], height: int,
                 cache: dict[tuple[Any, ...], Any] | None = None) -> None:
        self.answers = answers
        self.kinds = kinds
        self.height = height
        self.cache = {} if cache is None else cache
        self.used = 0
        #: Every decision answered so far, its kind and the answer (the defaults too).
        self.taken: list[tuple[DecisionKind, Any]] = []

    def choose(self, decision: Decision) -> Any:
        answer = self._answer(decision)
        self.taken.append((decision.kind, answer))
        return answer

    def _answer(self, decision: Decision) -> Any:
        if decision.kind not in self.kinds:
            return SCRIPTED.choose(decision)
        options = self._options(decision)
        if options is None:
            builder = builder_for(decision)
            return decision.default if builder is None else self._build(decision, builder)
        if len(options) <= 1:
            return decision.default if not options else options[0]
        if self.used < len(self.answers):
            self.used += 1
            return options[self.answers[self.used - 1]]
        raise Asked(decision)

    def _options(self, decision: Decision) -> tuple[Any, ...] | None:
        """``decision``'s options, listed once an episode (kept in :attr:`cache` by the
        decision's place in the kick-off: a free turn's activations take long to list)."""
        key = (len(self.taken), decision.kind)
        if key not in self.cache:
            self.cache[key] = decision.options()
        options: tuple[Any, ...] | None = self.cache[key]
        return options

    def _build(self, decision: Decision, builder: Builder) -> Any:
        """``decision``'s answer built square by square from the answers (a step with one
        legal square played without one); ``Building`` at the first step past them."""
        at = len(self.taken)
        while not builder.done:
            key = (at, *builder.key())
            legal: list[Square] | None = self.cache.get(key)
            if legal is None:
                legal = self.cache[key] = builder.legal()
            if len(legal) == 1:
                builder.play(legal[0])
                continue
            if not legal:  # the masks keep a way to a legal answer: a bug of the builder
                raise RuntimeError(f"{decision.where}: no legal square to build its answer on "
                                   f"from {builder.answer()!r}")
            if self.used >= len(self.answers):
                raise Building(decision, builder, legal)
            action = self.answers[self.used]
            self.used += 1
            builder.play(Square(action // self.height, action % self.height))
        return builder.answer()


class KickoffGame:
    """One kick-off from ``state`` as a two-coach game (the module's docstring).

    ``state``: a checked set-up (not changed); ``objective``: what the reward is the value of
    (:data:`~kickoff.analysis.objectives.Objective`); ``kinds``: the decisions played as steps
    (default :data:`PLAYED`); ``events``, ``house_rules``, ``free_turns`` as for
    :class:`~kickoff.analysis.simulate.Job`; ``setup``: :data:`SetupMode` (``"steps"``: the
    receiving coach first places the players ``state`` has on the pitch, one a step, each
    step's action the square as at the target). ``ValueError`` for a kind that is not one or
    an unknown set-up mode."""

    def __init__(
        self, state: GameState, ruleset: Ruleset, *, objective: Objective = "receiver-holds",
        kinds: frozenset[DecisionKind] = PLAYED, events: bool = True,
        house_rules: frozenset[HouseRule] = frozenset(), free_turns: FreeTurnPolicy = "none",
        setup: SetupMode = "given",
    ) -> None:
        unknown = sorted(set(kinds) - DECISION_KINDS)
        if unknown:
            raise ValueError(f"kinds {unknown}: not decisions of the rules "
                             f"({', '.join(sorted(DECISION_KINDS))})")
        if setup not in get_args(SetupMode):
            raise ValueError(f"setup {setup!r}: 'given' or 'steps'")
        self.setup: SetupMode = setup
        if objective not in KICKER_WANTS_HIGH:
            raise ValueError(f"objective {objective!r}: one of {', '.join(KICKER_WANTS_HIGH)}")
        self.state, self.ruleset, self.objective = state, ruleset, objective
        self.kinds, self.events, self.house_rules = frozenset(kinds), events, house_rules
        self.free_turns: FreeTurnPolicy = free_turns
        pitch = state.pitch
        self.width, self.height = pitch.width, pitch.height
        #: The size of the action space.
        self.actions = self.width * self.height
        self.targets = [sq for sq in pitch.squares()
                        if pitch.in_receiving_area(state.receiving, sq)]
        self.reset(0)

    def reset(self, seed: int) -> None:
        """A new kick-off, its dice ``SeededDice(seed)``: the kicking coach to choose the
        target (with ``setup="steps"``, first the receiving coach to set up)."""
        self.seed = seed
        #: The receiving coach's set-up under way (``None``: none, or complete).
        self.placing = SetupSteps(self.state, self.ruleset) if self.setup == "steps" else None
        #: The set-up the kick-off is played from (the given one, or once placed the coach's).
        self.start = self.state
        self.target: Square | None = None
        self.answers: list[int] = []
        self.pending: Decision | None = None
        #: The pending step of a decision built square by square (``None``: none).
        self.building: Building | None = None
        self._cache: dict[tuple[Any, ...], Any] = {}
        self.result: KickoffResult | None = None
        self.world = self.state if self.placing is None else self.placing.world()
        #: The decisions the rules have asked so far, each kind and its answer (the defaults
        #: and the one-option decisions too), in the rules' order.
        self.taken: list[tuple[DecisionKind, Any]] = []

    @property
    def done(self) -> bool:
        """Whether the kick-off has ended."""
        return self.result is not None

    def side_of(self, agent: Agent) -> Side:
        """The team ``agent`` coaches."""
        return self.state.kicking if agent == "kicking" else self.state.receiving

    @property
    def to_act(self) -> Agent:
        """The agent whose step it is (the kicking coach once the kick-off has ended)."""
        if self.placing is not None:
            return "receiving"
        if self.pending is None:
            return "kicking"
        return "kicking" if self.pending.side == self.state.kicking else "receiving"

    @property
    def kind(self) -> str:
        """The pending step's kind (:data:`KINDS`); ``"target"`` before the kick, ``"setup"``
        while the receiving coach sets up."""
        if self.placing is not None:
            return "setup"
        return "target" if self.pending is None else self.pending.kind

    def options(self) -> tuple[Any, ...]:
        """The pending step's options, at most :attr:`actions` (the target's: its squares)."""
        if self.result is not None:
            return ()
        if self.placing is not None:
            return tuple(self.placing.legal())
        if self.pending is None:
            return tuple(self.targets)
        if self.building is not None:
            return tuple(self.building.legal)
        # listed as the replay coach asked it (kept in the episode's cache)
        options = self._cache.get((len(self.taken), self.pending.kind)) or self.pending.options()
        assert options is not None  # a step is only asked of a listed decision
        return options[:self.actions]

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal actions of the pending step (int8, ``(actions,)``; all 0 once ended)."""
        mask = np.zeros(self.actions, dtype=np.int8)
        if self.result is not None:
            return mask
        if self.placing is not None or self.pending is None or self.building is not None:
            for sq in self.options():
                mask[sq.x * self.height + sq.y] = 1
        else:
            mask[:len(self.options())] = 1
        return mask

    def step(self, action: int) -> None:
        """Play ``action`` at the pending step, then the rules up to the next step or the end.
        ``ValueError`` for an action the mask does not allow (or not a whole number:
        :func:`action_number`), or once the kick-off has ended."""
        if self.result is not None:
            raise ValueError("the kick-off has ended: reset it")
        action = action_number(action)
        if not 0 <= action < self.actions or not self.mask()[action]:
            raise ValueError(f"action {action}: not a legal action at the {self.kind} step "
                             f"(see the action mask)")
        if self.placing is not None:
            self._place(Square(action // self.height, action % self.height))
            return
        if self.pending is None:
            self.target = Square(action // self.height, action % self.height)
        else:
            self.answers.append(int(action))
        self._advance()

    def _place(self, sq: Square) -> None:
        """The receiving coach's set-up step: the next player on ``sq``; the last one ends the
        set-up (checked by the rules' own set-up check) and the kicking coach's target is
        next."""
        assert self.placing is not None
        self.placing.place(sq)
        if self.placing.done:
            self.start = self.world = self.placing.finished()
            self.placing = None
        else:
            self.world = self.placing.world()

    def _advance(self) -> None:
        assert self.target is not None
        world = self.start.clone()
        coach = _ReplayCoach(self.answers, self.kinds, self.height, self._cache)
        self.world = world
        self.taken = coach.taken
        self.building = None
        try:
            self.result = self.play(world, SeededDice(self.seed), coach)
            self.pending = None
        except Building as building:
            self.pending, self.building = building.decision, building
        except Asked as asked:
            self.pending = asked.decision

    def play(self, world: GameState, dice: Dice, coach: Coach) -> KickoffResult:
        """The kick-off at :attr:`target` in ``world`` (a clone of :attr:`start`, changed as
        it is played) with ``dice`` and ``coach`` to its end: its result; what the dice or the
        coach raise (``Asked`` at a step) goes through."""
        return self.play_until_landing(world, dice, coach).finish()

    def play_until_landing(self, world: GameState, dice: Dice,
                           coach: Coach) -> KickoffBeforeLanding:
        """:meth:`play` up to the moment the ball comes down (the event resolved)."""
        assert self.target is not None
        decisions = Decisions(target=self.target, free_turn_policy=self.free_turns)
        return kick_until_landing(world, self.ruleset, dice, decisions, self.house_rules,
                                  events=self.events, log=False, coach=coach)

    def value(self) -> float:
        """The objective's value of the kick-off's end (``ValueError`` before the end)."""
        if self.result is None:
            raise ValueError("the kick-off has not ended")
        return self.value_of(self.result)

    def value_of(self, result: KickoffResult) -> float:
        """The objective's value of a kick-off's ``result`` from this game's set-up (an
        integer: 0 or 1, the distance in squares)."""
        st = result.state
        if self.objective == "touchback":
            return float(result.touchback)
        if self.objective == "receiver-holds":
            return float(st.carrier is not None
                         and st.players[st.carrier].side == self.state.receiving)
        if self.objective == "ball-on-ground":
            return float(st.carrier is None and st.ball is not None)
        if self.objective in BOARD_READS:  # the board at the end, as the exact solver reads it
            return float(board_value(st, self.objective))
        end_zone_x = self.state.pitch.end_zone_x(self.state.receiving)
        return 0.0 if st.ball is None else float(abs(st.ball[0] - end_zone_x))

    def rewards(self) -> dict[Agent, float]:
        """Each agent's reward: zero before the end; at the end the kicking coach's
        ``+value`` if he wants the objective high, else ``-value``, and the receiving coach's
        the opposite."""
        if self.result is None:
            return {"kicking": 0.0, "receiving": 0.0}
        kicking = self.value() if KICKER_WANTS_HIGH[self.objective] else -self.value()
        return {"kicking": kicking + 0.0, "receiving": -kicking + 0.0}

    def observation(self) -> npt.NDArray[np.float32]:
        """The planes of :data:`PLANE_NAMES` over the pitch, float32 ``(PLANES, width,
        height)``, of the world as it is at the pending step (the set-up before the kick)."""
        obs = np.zeros((PLANES, self.width, self.height), dtype=np.float32)
        world = self.result.state if self.result is not None else self.world
        for p in world.players.values():
            sq = p.square
            if sq is None or not self._on(sq):
                continue
            base = 0 if p.side == self.state.kicking else 2
            obs[base + (p.status != "standing"), sq[0], sq[1]] = 1
            if "kick" in p.skills:
                obs[4, sq[0], sq[1]] = 1
            if CATCH_SKILLS & p.skills:
                obs[5, sq[0], sq[1]] = 1
        if world.ball is not None and self._on(world.ball):
            obs[6, world.ball[0], world.ball[1]] = 1
        if self.target is not None:
            obs[7, self.target.x, self.target.y] = 1
        for x, y in self._option_squares(world):
            obs[8, x, y] = 1
        if self.building is not None:
            builder = self.building.builder
            obs[9, builder.here.x, builder.here.y] = 1
            for sq in builder.chosen():
                obs[10, sq.x, sq.y] = 1
        if self.result is None:
            obs[_FIRST_KIND + KINDS.index(self.kind)] = 1
        return obs

    def _on(self, sq: tuple[int, int]) -> bool:
        """Whether ``sq`` is on the observation's pitch."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def _option_squares(self, world: GameState) -> list[Square]:
        """The squares on the pitch the pending step's options name: a square, or the square
        of a player of ``world`` an option names (his id, or its ``player``: an activation, a
        kick-off move)."""
        out = []
        for option in self.options():
            sq = option if isinstance(option, Square) else None
            pid = option if isinstance(option, str) else getattr(option, "player", None)
            if isinstance(pid, str) and pid in world.players:
                sq = world.players[pid].square
            if sq is not None and self._on(sq):
                out.append(sq)
        return out
