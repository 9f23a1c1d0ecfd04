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
options are the rule's own, asked through ``decide`` (:class:`GameCoach`, the dice's
``PathDice`` sharing its path), exactly.

Probabilities are :class:`fractions.Fraction` in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from kickoff.analysis.exact.chain import ChainSolver
from kickoff.analysis.exact.chance import (
    Branch,
    PathDice,
    Q,
    enumerate_runs,
    merge,
    to_fraction,
)
from kickoff.analysis.exact.kick_game import (
    BY_OPPOSING,
    CHOOSE_LATER,
    PASSED,
    Checkpoint,
    Game,
    GameCoach,
    KickChoice,
    played,
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
from kickoff.core.coach import SCRIPTED, Asked, Coach, Decision, DecisionKind
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
    #: the kick valued from where the kick block is asked (:class:`Checkpoint`), by its key
    _rest: dict[Hashable, Game] = field(default_factory=dict)
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
            coach = CHOOSE_LATER if policy is None else None
            starts = merge(enumerate_runs(lambda dice: self._run(dice, act, policy, coach)))
            return self._summarise(act, landing, side, *self._tally(starts, side))
        kinds = frozenset(k for k in (*(("aim",) if kicking == "best" else ()),
                                      *(BY_OPPOSING if opposing == "best" else ()))
                          if k not in keep)
        # what the memos below remember holds for this activation, landing and play alone
        self._rest, self._options = {}, {}
        game = self._game(act, policy, kinds, side, ())
        odds = self._summarise(act, landing, side, *self._tally(game.starts, side))
        return played(odds, game, (kicking, opposing))

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
              side: Side, path: tuple[Any, ...]) -> Game:
        """The kick from ``path`` (dice outcomes and option indexes, in the order the rules
        meet them) played by the coaches: the decisions of ``kinds`` are nodes (each option the
        rule declares is played: :class:`GameCoach`), the dice chance nodes (``PathDice``),
        the landing (``policy`` ``None``) the kicking coach's best at each distance."""
        dice, world = PathDice(path), self.state.clone()
        coach = GameCoach(dice, kinds, world, self._options)
        try:
            start = self._run(dice, act, policy, coach, world)
        except Checkpoint as checkpoint:
            game = self._rest.get(checkpoint.key)
            if game is None:
                game = self._rest[checkpoint.key] = self._game(act, policy, kinds, side,
                                                               (*path, PASSED))
            return game
        except Branch as branch:
            game = Game(0, {}, {})
            for value, p in branch.options:
                game.add(self._game(act, policy, kinds, side, (*path, value)), p)
            return game
        except Asked as asked:
            return self._choose(act, policy, kinds, side, path, asked.decision, coach.options)
        held = 0 if start.turnover else sum(
            (p for end, p in self._ends(start, side).items() if self._held_by(end, side)), 0)
        return Game(held, {start: Q(1)}, {})

    def _choose(self, act: Activation, policy: LandingPolicy | None, kinds: frozenset[str],
                side: Side, path: tuple[Any, ...], decision: Decision,
                options: tuple[Any, ...]) -> Game:
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
        taken = dict(chosen.taken)  # (a node's game may be shared: Checkpoint)
        taken[key] = taken.get(key, 0) + Q(1)
        return Game(chosen.value, chosen.starts, taken)

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


def kick_odds(
    state: GameState, ruleset: Ruleset, act: Activation, landing: Landing | None = None,
    play: Play = "defaults",
) -> KickOdds:
    """Exact odds of the Kick action ``act`` in ``state`` (see :meth:`KickSolver.odds`)."""
    return KickSolver(state, ruleset).odds(act, landing, play)
