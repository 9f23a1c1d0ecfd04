"""Exact odds of a Kick It! Kick action, from the rules themselves (seed 000, ``rulings.md`` 7).

The machinery is the kick-off odds' (:mod:`kickoff.analysis.exact.solver`): the rules run on
:class:`~kickoff.analysis.exact.chance.PathDice`, :func:`~kickoff.analysis.exact.chance.enumerate_runs` walks
every chance node of :func:`kickoff.core.actions.kick.kick_flight` (a Pass Block move and its
Dodges, the kick block, the away roll, the distance, the shank's side), and the ball's journey
from each start (``kickoff.core.ball.step``: catches, bounces, throw-ins) is an absorbing Markov
chain solved exactly by :class:`~kickoff.analysis.exact.chain.ChainSolver`, loops included. A chain
state is the ball's state with what the turn has used (once-per-turn skills, the team re-rolls
spent), so re-rolls of catches stay exact.

The activation's ``reroll.catch`` is a standing order for every catch of the kicking team: a
``"team"`` (``"skill"``) re-roll is used where one can still be used and the default policy (a
skill re-roll if there is one) where it cannot: a second failed catch in classic, where the
turn's one team re-roll is gone, or a team with none left (``Turn.fallback``). A replay of
scripted dice reports such a choice as an error instead. A list of choices (one per failed
catch, ``docs/actions.md``) stands here as its first.

The kicker kicks from where he stands (no move before the kick). An accurate kick's landing is
the coach's choice; :data:`Landing` says how it is made:

- ``"default"``: the format's default (the first square of the spread at the distance rolled,
  by ``x`` then ``y``);
- a square: at each distance, the allowed square nearest it (ties: lowest ``x``, then ``y``);
- ``"best"``: at each distance, the allowed square that gives the kicking team the best chance
  to hold the ball once it comes to rest (ties: the first allowed square).

With ``play="best"`` (:meth:`KickSolver.odds`) the kick is a game between two coaches with
chance: the kicking coach's aim and landing maximise P(no turnover), the opposing coach's Pass
Block move and then (after its Dodges) kick block minimise it, each decision a node whose
options are the rule's own, asked through ``decide`` (:class:`_GameCoach`, the dice's
``PathDice`` sharing its path), exactly.

Probabilities are :class:`fractions.Fraction` in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final, Literal

from kickoff.analysis.exact.chain import ChainSolver
from kickoff.analysis.exact.chance import (
    Branch,
    PathDice,
    Q,
    enumerate_runs,
    merge,
    to_fraction,
)
from kickoff.core import ball
from kickoff.core.actions.kick import (
    KICK_OUTCOMES,
    Flight,
    KickOutcome,
    LandingOptions,
    LandingPolicy,
    kick_flight,
    toward,
)
from kickoff.core.coach import SCRIPTED, Asked, AskingCoach, Coach, Decision, DecisionKind
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Activation, Decisions, PassBlock, RerollChoice, RerollChoices
from kickoff.core.errors import DecisionError, NotSupportedError
from kickoff.core.pitch import Side, Square
from kickoff.core.rolls import spend_team_reroll, team_turn
from kickoff.core.ruleset import KICK_IT, HouseRule, Ruleset
from kickoff.core.state import GameState, Player
from kickoff.defaults import Play

#: How an accurate kick's landing is chosen (see the module's docstring).
Landing = Literal["default", "best"] | Square

HOUSE_RULES: frozenset[HouseRule] = frozenset({KICK_IT})


@dataclass
class KickOdds:
    """The exact distribution of a Kick action's end (fractions in [0, 1]).

    ``turnover``: P(the turn ends in a turnover); ``outcomes``: P of each kick outcome
    (``blocked``, ``fumbled``, ``accurate``, ``shanked``; see ``KickOutcome``); ``holders``:
    player id -> P(he ends holding the ball); ``ground``: square -> P(the ball ends there on the
    ground); ``kicking_team_holds``: P(a player of the kicking team ends holding it, which is no
    turnover unless the kick was blocked or fumbled).
    """

    kicker: str
    aim: Square
    kick_block: str | None
    landing: str
    turnover: Fraction
    kicking_team_holds: Fraction
    outcomes: dict[str, Fraction]
    holders: dict[str, Fraction]
    ground: dict[Square, Fraction]
    #: how the kicking and the opposing coach played (``KickSolver.odds``'s ``play``)
    play: tuple[Play, Play] = ("defaults", "defaults")
    #: the Pass Block move played (at the opposing coach's best, or the activation's)
    pass_block: PassBlock | None = None
    #: the choices made at a coach's best that differ from the defaults, in the rules' order
    choices: tuple[KickChoice, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form: probabilities as exact fraction strings (``"7/48"``); with a coach
        at his best also ``play``, ``objective``, ``pass_block`` and ``choices``."""
        doc = self._json()
        if self.play != ("defaults", "defaults"):
            pb = self.pass_block
            doc.update(
                play={"kicking": self.play[0], "opposing": self.play[1]},
                objective="no_turnover",
                pass_block=None if pb is None else {
                    "player": pb.player, "path": [sq.as_list() for sq in pb.path]},
                choices=[c.to_json() for c in self.choices])
        return doc

    def _json(self) -> dict[str, Any]:
        return {
            "kicker": self.kicker,
            "aim": self.aim.as_list(),
            "kick_block": self.kick_block,
            "landing": self.landing,
            "turnover": str(self.turnover),
            "kicking_team_holds": str(self.kicking_team_holds),
            "outcomes": {k: str(p) for k, p in self.outcomes.items()},
            "holders": {pid: str(p) for pid, p in sorted(self.holders.items())},
            "ground": [{"square": sq.as_list(), "p": str(p)}
                       for sq, p in sorted(self.ground.items())],
        }


#: The opposing coach's decisions that ``play="best"`` answers at his best, in the rules' order
#: (the kicking coach's: ``aim``, then the landing).
BY_OPPOSING: tuple[DecisionKind, ...] = ("pass_block", "kick_block")
_ORDER: tuple[str, ...] = ("aim", *BY_OPPOSING)


def _answer_text(kind: str, answer: Any) -> str:
    if answer is None:
        return "no Pass Block move" if kind == "pass_block" else "nobody"
    if isinstance(answer, PassBlock):
        squares = ", ".join(str(sq.as_list()) for sq in answer.path)
        return f"{answer.player} moves {squares or 'nowhere'}"
    if isinstance(answer, Square):
        return str(answer.as_list())
    return str(answer)


def _answer_json(answer: Any) -> Any:
    if isinstance(answer, PassBlock):
        return {"player": answer.player, "path": [sq.as_list() for sq in answer.path]}
    return answer.as_list() if isinstance(answer, Square) else answer


@dataclass(frozen=True)
class KickChoice:
    """A choice a coach at his best made where it differs from the default (the activation's
    answer): ``kind`` (``aim``, ``pass_block``, ``kick_block``), by the ``coach``
    (``"kicking"`` or ``"opposing"``), ``answer`` and ``default``, and ``p``, the probability
    that the kick reaches it so (a kick block after a Pass Block move depends on its Dodges)."""

    coach: Literal["kicking", "opposing"]
    kind: str
    answer: Any
    default: Any
    p: Fraction

    def text(self) -> str:
        """The choice as a line: ``Kick block: a1 (default: nobody; 5/6 of the kicks)``."""
        name = {"aim": "Aim", "pass_block": "Pass Block", "kick_block": "Kick block"}[self.kind]
        where = "" if self.p == 1 else f"; {self.p} of the kicks"
        return (f"{name}: {_answer_text(self.kind, self.answer)} (default: "
                f"{_answer_text(self.kind, self.default)}{where})")

    def to_json(self) -> dict[str, Any]:
        return {"coach": self.coach, "decision": self.kind, "answer": _answer_json(self.answer),
                "default": _answer_json(self.default), "p": str(self.p), "text": self.text()}


def game_options(decision: Decision) -> tuple[Any, ...]:
    """The options a coach at his best plays at ``decision``: the rule's own
    (``Decision.listed``), except that the aim's ``None`` (no kick: he only moves, keeping the
    ball for sure) is left out: the odds are those of a kick."""
    options = decision.listed()
    if decision.kind == "aim":
        return tuple(o for o in options if o is not None)
    return options


@dataclass
class _Game:
    """A node of the kick played by both coaches: its value (P(no turnover), internal
    rationals), the starts of the ball's journeys its best play reaches with their
    probabilities, and the choices taken ``(kind, answer, default)`` -> probability."""

    value: Any
    starts: dict[_Start, Any]
    taken: dict[tuple[str, Any, Any], Any]

    def add(self, other: _Game, p: Any) -> None:
        """Mix ``other`` in with weight ``p`` (a chance node's outcome)."""
        self.value += p * other.value
        for start, q in other.starts.items():
            self.starts[start] = self.starts.get(start, 0) + p * q
        for key, q in other.taken.items():
            self.taken[key] = self.taken.get(key, 0) + p * q


class _Checkpoint(Exception):
    """Raised by :class:`_GameCoach` where the kick block is asked, the first time a run
    reaches it: ``key`` says what the rest of the kick depends on (the aim, and the players the
    Pass Block move changed), so that the rest is valued once for every way of reaching it."""

    def __init__(self, key: Hashable) -> None:
        super().__init__("the kick block is asked")
        self.key = key


#: The path's mark that a run went on past :class:`_Checkpoint`.
_PASSED: Final = "passed"


class _GameCoach:
    """The coaches of one run of :meth:`KickSolver._game`: the decisions of ``kinds`` answered
    from the run's path (``dice.path``, shared with the dice: an option index where a decision
    is met), :class:`~kickoff.core.coach.Asked` past its end; an accurate kick's landing
    asked (chosen once the journeys are known); the others as the scripted coach. With the
    kick block among ``kinds``, a run stops once where it is asked (:class:`_Checkpoint`):
    ``world`` is the run's state."""

    __slots__ = ("aim", "cache", "dice", "kinds", "options", "world")

    def __init__(self, dice: PathDice, kinds: frozenset[str], world: GameState,
                 cache: dict[Hashable, tuple[Any, ...]]) -> None:
        self.dice = dice
        self.kinds = kinds
        self.world = world
        self.cache = cache
        self.aim: Any = None
        #: the options of the last decision asked (:func:`game_options`)
        self.options: tuple[Any, ...] = ()

    def _changed(self) -> frozenset[tuple[str, Any, str]]:
        w = self.world
        return frozenset((pid, w.players[pid].square, w.players[pid].status)
                         for pid in w.changed())

    def choose(self, decision: Decision) -> Any:
        if decision.kind == "kick_landing":
            return _CHOOSE_LATER.choose(decision)
        if decision.kind not in self.kinds:
            answer = SCRIPTED.choose(decision)
        else:
            if decision.kind == "kick_block":
                self._checkpoint()
            answer = self._answer(decision)
        if decision.kind == "aim":
            self.aim = answer
        return answer

    def _checkpoint(self) -> None:
        dice = self.dice
        if dice.i < len(dice.path):
            assert dice.path[dice.i] == _PASSED
            dice.i += 1
            return
        raise _Checkpoint((self.aim, self._changed()))

    def _answer(self, decision: Decision) -> Any:
        # the options depend on the players (the Pass Block move's) and the aim alone: listed
        # once for every run that meets them (a Pass Block's paths are checked one by one)
        key = (decision.kind, self.aim, self._changed())
        options = self.cache.get(key)
        if options is None:
            options = self.cache[key] = game_options(decision)
        self.options = options
        if len(options) <= 1:
            return options[0] if options else SCRIPTED.choose(decision)
        dice = self.dice
        if dice.i < len(dice.path):
            dice.i += 1
            return options[dice.path[dice.i - 1]]
        raise Asked(decision)


#: The ``"best"`` landing's coach: the kick's landing decision is asked (``Asked``, carrying the
#: rule's own options), to be chosen once the journeys are known.
_CHOOSE_LATER: Final = AskingCoach(("kick_landing",))


def standing_order(choice: RerollChoices) -> RerollChoice:
    """The catch re-roll choice the odds play for every catch: ``choice``, or for a list of
    choices (one per failed catch, in a replay) its first (a journey's catches are solved once
    for every way of reaching them, so they cannot be counted)."""
    if isinstance(choice, tuple):
        return choice[0] if choice else None
    return choice


@dataclass(frozen=True)
class _Node:
    """A state of the journey chain: the ball's, what the turn has used so far (once-per-turn
    skills, the number of team re-rolls spent), the kicking team, the kicker (whose own
    activation it is) and its catch re-roll choice."""

    ball: Any
    used: frozenset[tuple[str, str]]
    team_used: int
    side: Side
    kicker: str
    choice: RerollChoice

    def at(self, state: Any) -> _Node:
        return _Node(state, self.used, self.team_used, self.side, self.kicker, self.choice)


class _Journeys:
    """The ball's journeys in one world, solved in two levels so that the loops of throw-ins
    (a ball thrown in, bouncing out, thrown in again, across a Sevens pitch) stay small.

    Chain states are numbered (the solvers work on small integers, cheap to hash in their
    eliminations). ``inner`` follows the ball from a bounce to its end or to the next throw-in
    (an end for it): only failed catches loop there. ``outer`` follows the ball from throw-in to
    throw-in (each step: the throw-in's dice, then ``inner``), so its loops have only throw-ins.
    A throw-in depends on the last square on the pitch and the edge crossed, not on the square
    beyond it, so ``ThrowIn`` states are kept in one form per edge.
    """

    def __init__(self, world: GameState, step: Callable[[GameState, _Node], dict[_Node, Any]]
                 ) -> None:
        self.world = world
        self.nodes: list[_Node] = []
        self.ids: dict[_Node, int] = {}
        self.ends: list[bool] = []
        self.throw_ins: list[bool] = []
        self._step = step
        self.inner = ChainSolver(self._inner, lambda i: self.ends[i] or self.throw_ins[i])
        self.outer = ChainSolver(self._outer, self.is_end)

    def id(self, node: _Node) -> int:
        if isinstance(node.ball, ball.ThrowIn):
            node = node.at(ball.ThrowIn(node.ball.last, _straight_out(self.world, node.ball)))
        i = self.ids.get(node)
        if i is None:
            i = self.ids[node] = len(self.nodes)
            self.nodes.append(node)
            self.ends.append(isinstance(node.ball, ball.END_STATES))
            self.throw_ins.append(isinstance(node.ball, ball.ThrowIn))
        return i

    def is_end(self, i: int) -> bool:
        return self.ends[i]

    def solve(self, node: _Node) -> dict[_Node, Any]:
        """End state -> probability (internal rationals) of the journey from ``node``."""
        return {self.nodes[i]: p for i, p in self.outer.solve(self.id(node)).items()}

    def _next(self, i: int) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for node, p in self._step(self.world, self.nodes[i]).items():
            j = self.id(node)
            out[j] = out.get(j, 0) + p
        return out

    def _inner(self, i: int) -> dict[int, Any]:
        return self._next(i)

    def _outer(self, i: int) -> dict[int, Any]:
        if not self.throw_ins[i]:
            return dict(self.inner.solve(i))
        out: dict[int, Any] = {}
        for j, p in self._next(i).items():
            for k, q in self.inner.solve(j).items():
                out[k] = out.get(k, 0) + p * q
        return out


def _straight_out(world: GameState, t: ball.ThrowIn) -> Square:
    """The square straight beyond the edge ``t``'s ball crossed (corners: the end line, as
    ``Pitch.edge_crossed`` reports them)."""
    pitch = world.pitch
    last = t.last
    edge = pitch.edge_crossed(last, t.off)
    if edge == "top":
        return Square(last.x, -1)
    if edge == "bottom":
        return Square(last.x, pitch.height)
    return Square(-1 if edge == "home_end" else pitch.width, last.y)


@dataclass
class _World:
    """One state of the players the kick can leave (a Pass Block move changes it), and its
    journeys."""

    state: GameState
    journeys: _Journeys


@dataclass(frozen=True)
class _Start:
    """Where a run of the kick left the ball: its journey's start in a world, whether it is
    already a turnover, and (``"best"`` landing) the squares to choose among."""

    outcome: KickOutcome
    world: Hashable
    node: _Node
    turnover: bool
    choice: tuple[Square, ...] | None = None


@dataclass
class KickSolver:
    """Exact odds of Kick actions in one state (a ``GameState`` during the kicking team's turn,
    the kicker holding the ball). The ball's journeys are cached per world, so asking for
    several aims or blockers costs little more than the first.

    Raises ``DecisionError`` for an illegal activation (as a replay would), and
    ``NotSupportedError`` for a kick after a move (the odds are for a kick from where the
    kicker stands). ``decisions.catch_reroll`` is not played (the default instead).
    """

    state: GameState
    ruleset: Ruleset
    decisions: Decisions = field(default_factory=Decisions)
    _worlds: dict[Hashable, _World] = field(default_factory=dict)
    #: the kick valued from where the kick block is asked (:class:`_Checkpoint`), by its key
    _rest: dict[Hashable, _Game] = field(default_factory=dict)
    #: a decision's options (:func:`game_options`) by its kind, the aim and the players changed
    _options: dict[Hashable, tuple[Any, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # a journey's catches are solved once for every way of reaching them, so a list of
        # choices per failed catch cannot be counted: the other team's catches play the default
        # (their skill re-roll), as the activation's list stands as its first (standing_order)
        self.decisions = replace(self.decisions, catch_reroll=())

    def odds(self, act: Activation, landing: Landing | None = None, play: Play = "defaults", *,
             kicking: Play | None = None, opposing: Play | None = None,
             keep: Collection[DecisionKind] = ()) -> KickOdds:
        """The exact odds of the Kick action ``act`` (``action`` ``"kick"`` with an ``aim``).

        ``play`` (``"defaults"`` or ``"best"``; ``kicking`` / ``opposing`` override it for one
        coach): with ``"defaults"`` the activation's ``aim``, ``pass_block`` and ``kick_block``
        (none unless given) are played; a coach at his ``"best"`` answers his decisions
        instead, each among the options the rule declares (``Decision.listed``), in the order
        it asks them (:meth:`_game`): the kicking coach's ``aim`` (maximising P(no turnover));
        the opposing coach's ``pass_block`` then, once its Dodges are rolled, ``kick_block``
        (minimising it). ``keep``: decisions played as the activation gives them even at a
        coach's best. ``landing``: ``None`` is ``"best"`` when the kicking coach plays his best,
        else ``"default"``."""
        side = self._kicker(act).side
        kicking, opposing = kicking or play, opposing or play
        if landing is None:
            landing = "best" if kicking == "best" else "default"
        policy: LandingPolicy | None = None
        if landing == "default":
            policy = toward(None)
        elif landing != "best":
            policy = toward(landing)
        if kicking == opposing == "defaults":
            coach = _CHOOSE_LATER if policy is None else None
            starts = merge(enumerate_runs(lambda dice: self._run(dice, act, policy, coach)))
            return self._summarise(act, landing, side, *self._tally(starts, side))
        kinds = frozenset(k for k in (*(("aim",) if kicking == "best" else ()),
                                      *(BY_OPPOSING if opposing == "best" else ()))
                          if k not in keep)
        # what the memos below remember holds for this activation, landing and play alone
        self._rest, self._options = {}, {}
        game = self._game(act, policy, kinds, side, ())
        odds = self._summarise(act, landing, side, *self._tally(game.starts, side))
        return _played(odds, game, (kicking, opposing))

    def _kicker(self, act: Activation) -> Player:
        """The kicker of ``act``, checked: a Kick action with an aim and no move."""
        if act.action != "kick" or act.aim is None:
            raise DecisionError.at(act.where, "the odds are for a Kick action with an aim")
        if act.path:
            raise NotSupportedError.at(f"{act.where}.path", "the odds are for a kick from where the "
                                    "kicker stands (no move before it)")
        kicker = self.state.players.get(act.player)
        if kicker is None:
            raise DecisionError.at(f"{act.where}.player", f"no player {act.player!r} in either team",
                                   code="unknown_player")
        return kicker

    def _run(self, dice: PathDice, act: Activation, policy: LandingPolicy | None,
             coach: Coach | None, world: GameState | None = None) -> _Start:
        """One run of the kick on ``dice`` with ``coach`` (``None``: the scripted one) up to the
        ball's journey, on ``world`` (default: a copy of the solver's state); an accurate
        kick's landing left to choose when ``coach`` asks it."""
        world = self.state.clone() if world is None else world
        side = world.players[act.player].side
        ctx = KickoffContext(world, self.ruleset, dice, self.decisions, HOUSE_RULES, coach=coach)
        turn = team_turn(side)
        turn.fallback = True
        choose_later: tuple[Square, ...] | None = None
        try:
            fl = kick_flight(ctx, turn, act, policy)
        except Asked as asked:
            if asked.decision.kind != "kick_landing":
                raise
            fl, choose_later = Flight("accurate", None, False), asked.decision.options()
        # With an aim and no move, the kick always happens: the ball flies (or is blocked).
        assert fl.start is not None or choose_later is not None
        node = _Node(fl.start, frozenset(turn.skills_used), turn.team_rerolls_used, side,
                     act.player, standing_order(act.reroll.catch))
        return _Start(fl.outcome, self._world(world), node, fl.turnover, choose_later)

    def _tally(self, starts: dict[_Start, Any], side: Side
               ) -> tuple[dict[Any, Any], dict[str, Any], Any]:
        """The ends, the kick's outcomes and P(turnover) of the runs' ``starts``."""
        ends: dict[Any, Any] = {}
        outcomes: dict[str, Any] = {}
        turnover: Any = 0
        for start, p in starts.items():
            outcomes[start.outcome] = outcomes.get(start.outcome, 0) + p
            for end, q in self._ends(start, side).items():
                ends[end] = ends.get(end, 0) + p * q
                if start.turnover or not self._held_by(end, side):
                    turnover += p * q
        return ends, outcomes, turnover

    # -- both coaches at their best ----------------------------------------------------------
    def _game(self, act: Activation, policy: LandingPolicy | None, kinds: frozenset[str],
              side: Side, path: tuple[Any, ...]) -> _Game:
        """The kick from ``path`` (dice outcomes and option indexes, in the order the rules
        meet them) played by the coaches: the decisions of ``kinds`` are nodes (each option the
        rule declares is played: :class:`_GameCoach`), the dice chance nodes (``PathDice``),
        the landing (``policy`` ``None``) the kicking coach's best at each distance."""
        dice, world = PathDice(path), self.state.clone()
        coach = _GameCoach(dice, kinds, world, self._options)
        try:
            start = self._run(dice, act, policy, coach, world)
        except _Checkpoint as checkpoint:
            game = self._rest.get(checkpoint.key)
            if game is None:
                game = self._rest[checkpoint.key] = self._game(act, policy, kinds, side,
                                                               (*path, _PASSED))
            return game
        except Branch as branch:
            game = _Game(0, {}, {})
            for value, p in branch.options:
                game.add(self._game(act, policy, kinds, side, (*path, value)), p)
            return game
        except Asked as asked:
            return self._choose(act, policy, kinds, side, path, asked.decision, coach.options)
        held = 0 if start.turnover else sum(
            (p for end, p in self._ends(start, side).items() if self._held_by(end, side)), 0)
        return _Game(held, {start: Q(1)}, {})

    def _choose(self, act: Activation, policy: LandingPolicy | None, kinds: frozenset[str],
                side: Side, path: tuple[Any, ...], decision: Decision,
                options: tuple[Any, ...]) -> _Game:
        """A decision node: each option played, the best for the coach who chooses taken (the
        kicking coach maximises P(no turnover), the opposing coach minimises it); ties go to
        the default (the scripted coach's answer), then to the first in the rule's order
        (``options``: the decision's, :func:`game_options`)."""
        default = SCRIPTED.choose(decision)
        games = [self._game(act, policy, kinds, side, (*path, i)) for i in range(len(options))]
        best = options.index(default) if default in options else 0
        sign = 1 if decision.side == side else -1
        for i, game in enumerate(games):
            if sign * (game.value - games[best].value) > 0:
                best = i
        chosen = games[best]
        key = (decision.kind, options[best], default)
        taken = dict(chosen.taken)  # (a node's game may be shared: _Checkpoint)
        taken[key] = taken.get(key, 0) + Q(1)
        return _Game(chosen.value, chosen.starts, taken)

    def best_landing(self, act: Activation) -> LandingPolicy:
        """A landing policy for playing ``act`` from this solver's state: at each distance, the
        allowed square with the best chance that the kicking team then holds the ball (the
        ``"best"`` landing of :meth:`odds`, ties to the first in ``LandingOptions.allowed``);
        the format's default when no square is allowed. For a kick with no move and no Pass
        Block before it (the state the choice is made in is this solver's)."""
        kicker = self.state.players[act.player]
        key = self._world(self.state.clone())

        def choose(opts: LandingOptions) -> Square | None:
            best, best_value = opts.default, Fraction(-1)
            for sq in opts.allowed:
                node = _Node(ball.Arrive(sq, "kicked", False), frozenset(), 0, kicker.side,
                             act.player, standing_order(act.reroll.catch))
                value = to_fraction(sum((p for end, p in self._journey(key, node).items()
                                         if self._held_by(end, kicker.side)), 0))
                if value > best_value:
                    best, best_value = sq, value
            return best

        return choose

    # -- the runs ------------------------------------------------------------------------------
    def _world(self, world: GameState) -> Hashable:
        """The key of ``world`` (the players the kick changed), remembering one copy of it."""
        key = frozenset((pid, world.players[pid].square, world.players[pid].status)
                        for pid in world.changed())
        if key not in self._worlds:
            self._worlds[key] = _World(world, _Journeys(world, self._step))
        return key

    def _step(self, world: GameState, node: _Node) -> dict[_Node, Any]:
        """The next chain states from ``node`` with their probabilities: one move of the ball
        (``ball.step``), and at once its catch or bounce where it comes down."""
        rs, decisions = self.ruleset, self.decisions

        def run(dice: PathDice) -> _Node:
            w = world.clone()  # a team re-roll spends one of the team's: keep world intact
            ctx = KickoffContext(w, rs, dice, decisions, HOUSE_RULES)
            turn = team_turn(node.side)
            turn.fallback = True
            turn.activate(node.kicker, "kick")
            turn.skills_used = set(node.used)
            for _ in range(node.team_used):  # the re-rolls spent so far, from the team's too
                spend_team_reroll(ctx, turn)
            nxt = ball.step(ctx, node.ball, turn, node.choice)
            while isinstance(nxt, ball.Arrive):
                nxt = ball.step(ctx, nxt, turn, node.choice)
            return _Node(nxt, frozenset(turn.skills_used), turn.team_rerolls_used, node.side,
                         node.kicker, node.choice)

        return merge(enumerate_runs(run))

    def _journey(self, key: Hashable, node: _Node) -> dict[Any, Any]:
        """End ball state -> probability (internal rationals) from ``node`` in world ``key``."""
        out: dict[Any, Any] = {}
        for end, p in self._worlds[key].journeys.solve(node).items():
            out[end.ball] = out.get(end.ball, 0) + p
        return out

    def _ends(self, start: _Start, side: Side) -> dict[Any, Any]:
        if start.choice is None:
            return self._journey(start.world, start.node)
        # "best": the allowed landing with the best chance that the kicking team holds the ball.
        best: dict[Any, Any] | None = None
        best_value: Any = -1
        for sq in start.choice:
            dist = self._journey(start.world, start.node.at(ball.Arrive(sq, "kicked", False)))
            value = sum((p for end, p in dist.items() if self._held_by(end, side)), 0)
            if value > best_value:
                best, best_value = dist, value
        assert best is not None
        return best

    def _held_by(self, end: Any, side: Side) -> bool:
        return isinstance(end, ball.Held) and self.state.players[end.player].side == side

    def _summarise(self, act: Activation, landing: Landing, side: Side, ends: dict[Any, Any],
                   outcomes: dict[str, Any], turnover: Any) -> KickOdds:
        holders: dict[str, Fraction] = {}
        ground: dict[Square, Fraction] = {}
        for end, p in ends.items():
            if isinstance(end, ball.Held):
                holders[end.player] = holders.get(end.player, Fraction(0)) + to_fraction(p)
            elif end.square is not None:
                sq = Square(end.square[0], end.square[1])
                ground[sq] = ground.get(sq, Fraction(0)) + to_fraction(p)
        assert act.aim is not None
        return KickOdds(
            kicker=act.player, aim=act.aim, kick_block=act.kick_block, pass_block=act.pass_block,
            landing=landing if isinstance(landing, str) else f"toward {list(landing)}",
            turnover=to_fraction(turnover),
            kicking_team_holds=sum((p for pid, p in holders.items()
                                    if self.state.players[pid].side == side), Fraction(0)),
            outcomes={k: to_fraction(outcomes[k]) for k in KICK_OUTCOMES if k in outcomes},
            holders=holders, ground=ground,
        )


def _played(odds: KickOdds, game: _Game, play: tuple[Play, Play]) -> KickOdds:
    """``odds`` with what the coaches played (``game``'s choices): the aim and the Pass Block
    move chosen (one each: no die comes before them), the likeliest kick block, and the choices
    that differ from the defaults, in the rules' order, likeliest first."""
    taken = sorted(game.taken.items(), key=lambda kv: (_ORDER.index(kv[0][0]), -kv[1]))
    firsts: dict[str, Any] = {}
    for (kind, answer, _), _p in taken:
        firsts.setdefault(kind, answer)
    choices = tuple(KickChoice("kicking" if kind == "aim" else "opposing", kind, answer, default,
                               to_fraction(p))
                    for (kind, answer, default), p in taken if answer != default)
    return replace(odds, aim=firsts.get("aim", odds.aim), play=play, choices=choices,
                   kick_block=firsts.get("kick_block", odds.kick_block),
                   pass_block=firsts.get("pass_block", odds.pass_block))


def kick_odds(
    state: GameState, ruleset: Ruleset, act: Activation, landing: Landing | None = None,
    play: Play = "defaults",
) -> KickOdds:
    """Exact odds of the Kick action ``act`` in ``state`` (see :meth:`KickSolver.odds`)."""
    return KickSolver(state, ruleset).odds(act, landing, play)
