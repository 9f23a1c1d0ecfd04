"""Exact kick-off odds from the rules themselves: chance nodes enumerated, loops solved.

There is no second copy of the rules here. The solver enumerates the rules' own chance nodes
(``kickoff.analysis.exact.chance``: the same code the seeded and scripted dice drive), solves the
ball's journeys as absorbing chains (``kickoff.analysis.exact.chain``), and shares their work between
the event's worlds wherever they agree on what a journey reads, as the rules declare it
(``kickoff.analysis.exact.worlds``, from ``kickoff.core.ball.STEP_READS`` and its neighbours).

A kick-off is solved in three parts:

1. the deviation (and the kicker's choice), enumerated for the target;
2. the Kick-off event, enumerated once for the set-up: with the default decisions no event
   depends on where the ball is coming down (Changing Weather's scatter is part of the ball's
   journey, ``ball.InAir``); random choices of players no journey can see are lumped
   (:meth:`KickoffSolver.worlds`);
3. the ball's journey (``ball.step``) from each landing, in each world the event left, read as an
   absorbing Markov chain and solved exactly over rationals, so a failed catch that bounces to
   another player who may fail too is solved, not truncated. Worlds are told apart only where a
   journey reads them (:meth:`KickoffSolver._group_mix`); a touchback is resolved by
   who takes it (:meth:`KickoffSolver._award`).

The receiving coach's two choices (``Decisions.high_kick``, ``Decisions.touchback``) may be
given. A named touchback taker takes the ball in every world where he can (else the default
taker does, as ``kickoff simulate`` plays it). A named High Kick player makes the High Kick
event depend on the landing: its worlds are set apart from part 2 and, for each landing, the
ruleset's own High Kick handler is played through a context that knows the landing
(:meth:`KickoffSolver._high_kick_journey`). With ``play="best"`` the coaches' choices not named
are decision nodes (``kickoff.analysis.exact.best``).

Probabilities are :class:`fractions.Fraction` in [0, 1]; floats only for display.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from kickoff.analysis.choices import Choice
from kickoff.analysis.exact import best as exact_best
from kickoff.analysis.exact import choice_events, close_play, grouping, steps_by_changes, walk_values
from kickoff.analysis.exact import events as exact_events
from kickoff.analysis.exact import journey as exact_journey
from kickoff.analysis.exact import moved as exact_moved
from kickoff.analysis.exact import odds as exact_odds
from kickoff.analysis.exact import walks as exact_walks
from kickoff.analysis.exact import worlds as exact_worlds
from kickoff.analysis.exact.board import MARKED, Board
from kickoff.analysis.exact.chain import ChainSolver, Region, Shared
from kickoff.analysis.exact.chance import Dist, PathDice, Q, Rational, UngroupedPathDice, to_fraction
from kickoff.analysis.exact.close_play import SolverPlay
from kickoff.analysis.exact.event_cache import EventCache
from kickoff.analysis.exact.odds import Events, Odds
from kickoff.analysis.exact.products import Product
from kickoff.analysis.exact.standing import StandingOrders, standing_coach
from kickoff.analysis.exact.worlds import Diff, Group, award_key, differences, touch_bits
from kickoff.analysis.objectives import AnyObjective, board_features
from kickoff.core import ball
from kickoff.core.close import CloseCoach
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import landing_state
from kickoff.core.pitch import Square
from kickoff.core.ruleset import HouseRule, Ruleset
from kickoff.core.state import GameState
from kickoff.defaults import DEFAULT_EVENTS, Play, named_kick_used

__all__ = ["Events", "KickoffSolver", "Odds", "Play", "SolverPlay"]

#: How many targets' odds a solver pushes through the journeys' nodes, each on its own
#: (``Nodes.push``; the five ``kickoff odds --all-targets`` shows), before it expands the
#: nodes' end distributions once for all the next (the benchmark's pairing, pure build: five
#: pushed 0.18 s, expanded 0.32 s; all 195 pushed 3.8 s, expanded 1.0 s). The same fractions.
_PUSHED_ODDS = 5
_FREE_MOVES = ("blitz", "charge", "quick_snap", "perfect_defence", "solid_defence")


def _check_taker(state: GameState, taker: str | Square | None) -> str | None:
    """``taker``, the chosen touchback taker, checked: ``DecisionError`` (at
    ``decisions.touchback``) for a square, or the id of a player not of the receiving team (an
    id of no player passes here)."""
    if taker is not None and not isinstance(taker, str):
        raise DecisionError.at("decisions.touchback", "exact odds take a player id, not a square")
    named = state.players.get(taker or "")
    if named is not None and named.side != state.receiving:  # never among the rule's options
        raise DecisionError.at("decisions.touchback", f"player {named.id!r} is not an eligible "
                               "recipient: not a player of the receiving team",
                               players=(named.id,))
    return taker


class KickoffSolver:
    """Exact odds for one set-up (a checked ``GameState`` before a kick-off), any target.

    The event distribution and the ball's journeys are cached, so asking for many targets costs
    little more than the first. Raises ``DecisionError`` for a target outside the receiving area.
    Defaults: every face's (:mod:`kickoff.defaults`): ``events="all"``; ``use_kick_skill=None``,
    Kick used when the kicker has it (``False``: without); :attr:`use_kick_skill`: the choice.

    ``decisions``: the coaches' choices; read are ``high_kick`` (a player id: the Open
    receiving player placed in the landing square by High Kick, when the landing is an empty
    square in play), ``touchback`` (a player id: the touchback taker while he can take the
    ball, else the default taker) and the free moves below. Default ``Decisions()``: the
    format's defaults
    (``scenario-format.md``, "Decisions"). ``DecisionError`` for a touchback square (not
    solved), and, from the High Kick handler as ``kickoff run`` raises it, for a High Kick
    player who is not an Open, Standing receiving player when it comes.

    The free moves (``blitz``, ``charge``, ``quick_snap``, ``perfect_defence``,
    ``solid_defence``: a plan, ``analysis.plans``) are played in the event's worlds, the same in
    every landing; a plan the rules refuse raises their ``DecisionError`` when solved.
    ``play``: ``"defaults"`` (the format's defaults for every choice not given) or ``"best"``:
    the kicking coach's kicker and Kick minimising, the touchback's taker, the High Kick player
    and the kick-off move (Kick-Off Return / On the Ball) not given each chosen as best for the
    receiving team under ``objective`` (``kickoff.analysis.objectives``;
    ``kickoff.analysis.exact.best``), Diving Catch at the kick's landing by the divers' coach;
    Quick Snap and the free turns keep their defaults (or the plan given): the solver alone
    searches no free move; :func:`kickoff.analysis.plans.search` does, and the CLI's ``odds
    --play best --events all`` runs it by default (:data:`kickoff.defaults.PLAN_BUDGET` plans
    per event, the re-set-ups too). ``use_kick_skill=True`` holds under ``play="best"``, and
    so does ``False`` where the default kicker would use Kick (``--no-kick-skill``); where the
    default is False already, ``False`` is ``None``'s: the kicking coach's best may pick another
    kicker, with Kick.
    ``standing_orders``: the free moves' answers to their dice as standing orders (a face not
    rolled: the default; :mod:`kickoff.analysis.exact.standing`), else scripted answers.
    ``Odds.decisions_taken`` names the choices that beat the defaults. ``ValueError`` for
    another ``play`` or ``kicking`` (the kicking coach's, ``None``: as ``play``;
    docs/analysis.md "Both coaches' best play").
    """

    #: Lump the event's random choices of players no journey can see (see :meth:`worlds`); the
    #: tests turn it off to check that lumping changes no probability.
    lump_worlds = True
    #: Answer the rules' grouped chance nodes with one outcome per distinct result (``chance.PathDice``);
    #: off, every die and pick is its own chance node, as seeded dice roll them (``UngroupedPathDice``),
    #: and nothing is lumped: the tests turn it off to check that grouping changes no probability.
    group_chance = True
    #: Share the journeys' solutions between the event's worlds wherever they agree on what a
    #: journey reads (``Group.shared``); off, a world shares only the set-up's: the tests turn
    #: it off to check that sharing changes no probability.
    share_journeys = True
    #: Answer a part whose walk was met before by that walk's node (``exact_walks``); off,
    #: every part's journey is solved in a member's chain: the tests compare the two.
    memo_walks = True
    #: Value a kick's starts on scalars where their parts' walks are keyed (``walk_values``: no
    #: node a walked state); off, from ``_group_mix``'s nodes: the tests compare the two.
    scalar_values = True
    #: Take a moved set-up's square-blind Kick-off events from its maker's (``exact_events``);
    #: off (on the maker), each moved set-up enumerates its event in full: the tests check both.
    share_events = True
    #: Keep an event's rolls that each decide one player's fate alone (classic Pitch Invasion)
    #: apart, their worlds a product (``exact_events``, ``worlds.Product``), not listed one by
    #: one; off, every combination is a world of its own: the tests turn it off to compare.
    rolls_apart = True
    #: A maker's free turns' squares and reads (``exact_events._free_squares``; None: not yet).
    _free_reads: dict[Any, dict[Any, int] | None] | None = None
    #: A moved set-up's link to its maker (:meth:`_sub`), High Kick's placements' solvers,
    #: how many nodes there were when each of :attr:`_subs` was made.
    _moved: exact_moved.MovedSetup | None
    _placed: dict[exact_moved.Placed, ChainSolver]
    _sub_marks: dict[exact_best.MoveKey, int]
    #: Each group's walks (``exact_walks.Walks``), by the group's identity.
    _walks: dict[int, Any]
    #: Each group's walks valued on scalars (``walk_values``), by objective and group identity.
    _walk_values: dict[tuple[Any, int], walk_values.WalkValues]
    #: How many targets' odds were asked (see :data:`_PUSHED_ODDS`).
    _odds_asked: int
    #: A plan search's shared event runs (``exact.event_cache``), this set-up's key there.
    _event_cache: EventCache | None
    _setup_key: Hashable
    #: Who answers the event's decisions (``None``: the scripted coach; ``standing_orders``).
    _coach: StandingOrders | None
    #: The event's runs kept as products of players' own rolls (``exact.grouping``): ``(p, the
    #: product, scatters)`` each, their worlds not in :meth:`worlds`' (made by it).
    _products: list[tuple[Rational, Product, int]]

    def __init__(
        self, state: GameState, ruleset: Ruleset, *, events: Events = DEFAULT_EVENTS,
        house_rules: frozenset[HouseRule] = frozenset(), use_kick_skill: bool | None = None,
        decisions: Decisions | None = None,
        play: SolverPlay = "defaults",
        objective: AnyObjective = "receiver-holds", kicking: Play | None = None,
        board: frozenset[str] = frozenset(), standing_orders: bool = False,
    ) -> None:
        chosen = decisions or Decisions()
        close = play == "close"
        if close and kicking is not None:
            raise ValueError("play close: the close policy answers both coaches' decisions "
                             "(no kicking play given)")
        self._two = exact_best.TwoCoaches("defaults" if close else play,  # type: ignore[arg-type]
                                          kicking, chosen)  # the kicking coach (ValueError)
        if close:
            self.lump_worlds = False  # the coach may read any player (close_play)
        #: The free moves played in the event's worlds; the receiving coach's choices (ids).
        self.free = replace(Decisions(), **{k: getattr(chosen, k) for k in _FREE_MOVES})
        self._coach = None if close else standing_coach(self.free, standing_orders)
        self.high_kick: str | None = chosen.high_kick
        self.taker: str | None = _check_taker(state, chosen.touchback)
        self.state, self.ruleset = state, ruleset
        self.events: Events = events
        self.house_rules = house_rules
        # the kicker named (decisions.kicker, kicker_given), else the format's default; one the
        # rules refuse uses no Kick here, and the solve raises the rules' DecisionError
        default = named_kick_used(state, ruleset, house_rules, chosen)
        self.use_kick_skill: bool = use_kick_skill if use_kick_skill is not None else default
        # Kick declined against the default (the default kicker has it): the answer holds under
        # best play; False where the default is False already leaves the kicking coach free
        self._two.no_kick = use_kick_skill is False and default
        #: How far a step of the ball reads around an arrival (``ball.reach``: ``(full,
        #: presence)``), ``(1, 0)`` without Diving Catch or Disturbing Presence on the pitch. No
        #: event gives either skill (default decisions), so the set-up's reach is every world's;
        #: each world's journey solver checks it (:meth:`_chain_for`), never silently wrong.
        self.reach = ball.reach(state.players.values())
        self.play: SolverPlay = play
        self.objective: AnyObjective = objective
        #: What the ends carry of the board (``exact_board``): ``board`` and what
        #: ``objective`` reads; :meth:`value` of an objective reading more is a ``ValueError``.
        self.board_features: frozenset[str] = board | board_features(objective)
        #: Whether a touchback's award key says if its taker is Marked (``worlds.award_key``).
        self._marked = MARKED in self.board_features
        self._event_cache, self._setup_key = None, ()
        self._init_caches()
        if self.board_features:
            self._tables.board = Board(state, self.board_features)
            self._tables.marked = self._marked
            # the moved set-ups' events taken from the maker's read only the receivers' changes
            # for a touchback's award (within reach: every receiver is told apart, not lumped)
            self.share_events = False

    def _init_caches(self) -> None:
        """The solver's caches, empty: the event's worlds, the journeys' numbered states and
        solvers, and (with ``play="best"``) the kick-off move's decision node and its set-ups."""
        play = self.play
        self._worlds: list[tuple[Rational, GameState | Diff, int]] | None = None
        #: With ``play="close"``: its caches (``close_play.Cache``, made when first asked).
        self._close: Any = None
        #: The Kick-off events that leave each enumerated world, by its identity (choices).
        self._world_events: dict[int, frozenset[str]] = {}
        #: Each touchback choice that beat the default, the events of the worlds it was made in
        #: (``choice_events.takers_under``; ``None``: not looked at yet).
        self._choice_events: dict[str, set[str]] | None = None
        #: Journey solvers by the identity of their world (kept alive alongside).
        self._chains: dict[int, tuple[GameState, ChainSolver]] = {}
        self._groups: list[Group] | None = None
        #: Each enumerated world's changes from the set-up, by the world's identity, and one
        #: copy of each change (``worlds.differences``).
        self._diffs: dict[int, Diff] = {}
        self._entries: dict[Any, Any] = {}
        #: A lumped world where nobody can take a touchback: the worlds it stands for.
        self._expanded: dict[int, list[tuple[Rational, GameState]]] = {}
        #: With ``play="best"``: the square-blind events' runs, for moved set-ups (exact_events).
        self._blind_runs: exact_events.BlindRuns | None = {} if play == "best" else None
        #: The journey states met so far, numbered (see :meth:`_id`), which of them stop a
        #: journey (an end, or a touchback), and their transitions by what a step reads, shared
        #: by every world that agrees there (``exact_journey.Tables``).
        self._tables = exact_journey.Tables()
        self._tables.keep_touchbacks = play == "close"  # (the close coach reads their squares)
        self._states, self._ids, self._stops = (self._tables.states, self._tables.ids,
                                                self._tables.stops)
        self._touchback = self._id(exact_odds.TOUCHBACK)
        #: Where a landing's journey starts: (square, touchback, scatters) -> state number.
        self._starts: dict[tuple[Square | None, bool, int], int] = {}
        #: Touchback awards' nodes by award key (see :func:`~kickoff.analysis.exact.worlds.award_key`).
        self._awards: dict[Hashable, int] = {}
        #: With a High Kick player named: the event's High Kick worlds, set apart from
        #: :meth:`worlds` (``(p, world, scatters, the ruleset's handler)``), and each one's
        #: journey from a landing, by (world identity, square, touchback).
        self._high_kick_worlds: list[tuple[Rational, GameState, int, Callable[[KickoffContext], None]]] = []
        self._high_kick_ends: dict[tuple[int, Square | None, bool, str | None], Dist] = {}
        #: With ``play="best"``: the ends' values for the receivers (``None``: the defaults).
        self._values = (exact_best.EndValues(self.state, self.objective, self._states,
                                             self._tables)
                        if play == "best" else None)
        #: The kick-off move's decision node (``None``: not made yet) and the solvers of the
        #: set-ups the moves leave (sharing this one's numbered states and caches).
        self._moves = None if play == "best" else exact_best.MoveNode.none()
        self._subs: dict[exact_best.MoveKey, KickoffSolver] = {}
        self._moved, self._placed, self._sub_marks, self._walks = None, {}, {}, {}
        self._walk_values, self._odds_asked = {}, 0
        #: The best touchback takers chosen over the default, in the order met.
        self._takers: dict[str, None] = {}
        #: Each target's deviation, enumerated (:meth:`_parts`); each group's journey from a
        #: start valued, by (objective, group index, start); each end's value by objective.
        self._target_parts: dict[Square, exact_odds.Parts] = {}
        self._group_values: dict[tuple[AnyObjective, int, int], Rational] = {}
        self._end_values: dict[AnyObjective, dict[int, Any]] = {}
        #: The kick's deviation, enumerated once for every target (made when first asked).
        self._kicks: exact_odds.Kicks | None = None

    # -- part 2: the event, once -------------------------------------------------------------
    def worlds(self) -> list[tuple[Rational, GameState | Diff, int]]:
        """``(p, world after the event, scatters before landing)`` for every outcome the ball's
        journeys can tell apart; a world is its changes from the set-up (a ``worlds.Diff``:
        ``worlds.rebuilt`` builds its state), or the state itself where it is read whole (a High
        Kick world with a chosen player, one where nobody can take a touchback).

        A kick-off's journey (up to a touchback) stays where a touchback is not yet possible:
        the squares it looks at are within one square of those. An event's random choice of
        players anywhere else (Pitch Invasion, Officious Ref, Prayers) is lumped: one world
        stands for all that differ only there. Where a world leaves nobody to take a touchback
        (the award then bounces the ball from a downed player, and it may go anywhere), the
        award is the mixture over every world it stands for (see :meth:`_award`).

        With a High Kick player named, the High Kick worlds are not among them: their effect
        depends on the landing (:meth:`_high_kick_journey`), and the others' probabilities then
        sum to 1 minus theirs.
        """
        if self._worlds is None:
            self._products = []
            if self.events == "none":
                self._worlds = [(Q(1), self.state, 0)]
            else:
                lump = self.lump_worlds and self.group_chance
                self._worlds = exact_events.enumerate_worlds(self, lump)
        return self._worlds

    def _context(self, state: GameState, dice: Any) -> KickoffContext:
        # the format's defaults but the free moves given, one object (the rules only read them)
        return KickoffContext(state, self.ruleset, dice, self.free, self.house_rules,
                              log=False,  # the solver reads no log
                              coach=CloseCoach() if self.play == "close" else self._coach)

    def _dice(self) -> Callable[[tuple[Any, ...]], PathDice] | None:
        """How the enumerations make their dice (``None``: ``PathDice``; :attr:`group_chance`)."""
        return None if self.group_chance else UngroupedPathDice

    # -- part 3: the ball's journey ------------------------------------------------------------
    # The journey solvers work on numbered states (cheap to hash and compare): ``_states[i]`` is
    # the state numbered ``i``; every touchback is one state, ``exact_odds.TOUCHBACK``.
    def _id(self, s: ball.BallState) -> int:
        return exact_odds.number_state(s, self._ids, self._states, self._stops,
                                       self._tables.keep_touchbacks)

    def journey(self, world: GameState, start: ball.BallState) -> dict[ball.BallState, Fraction]:
        """The distribution of the journey's end from ``start`` in ``world``: end state ->
        exact probability."""
        return {self._states[end]: to_fraction(p)
                for end, p in self._journey(world, start).items()}

    def _journey(self, world: GameState, start: ball.BallState) -> Dist:
        """:meth:`journey` in the solver's internal rationals, by end number."""
        chain = self._chain_for(world)
        first = self._id(start)
        if self._tables.board is not None and isinstance(chain.source, exact_journey.Steps):
            first = chain.source.end(first)  # (an end: the ball caught at once, as this world has it)
        out = dict(chain.solve(first))
        to_award = out.pop(self._touchback, None)
        if to_award:
            for end, q in self._award(world).items():
                out[end] = out.get(end, 0) + to_award * q
        return out

    def _chain_for(
        self, world: GameState, like: tuple[ChainSolver, Region] | None = None,
        shared: tuple[Shared, int] | None = None,
    ) -> ChainSolver:
        """The journey solver of ``world`` (one per world object, kept with it). Its journeys
        stop at a touchback (:meth:`_award` resolves it), so a journey depends only on the
        squares it passes near, not on who would take a touchback.

        ``like``: another world's solver and the reads (see
        :func:`~kickoff.analysis.exact.worlds.step_reads`) that would see where ``world`` differs
        from it; a state whose journey there makes none of them has the same solution here
        (``ChainSolver``'s ``like``); ``shared``: solutions shared with other worlds and this
        world's changes (``ChainSolver``'s ``shared``).
        """
        kept = self._chains.get(id(world))
        if kept is not None:
            return kept[1]
        reach = self.reach
        if world is not self.state:
            own = ball.reach(world.players.values())
            if own[0] > reach[0] or own[1] > reach[1]:
                raise RuntimeError(
                    f"exact odds: a world after the event reads {own} squares around the ball "
                    f"(full, presence), the solver's keys only {reach}")
        chain = exact_journey.journey_chain(world, self.ruleset, self.house_rules, reach,
                                            exact_best.touchback_in(self, world), self._dice(), self._tables,
                                            like, shared)
        self._chains[id(world)] = (world, chain)  # the world is kept so its id stays its own
        return chain

    def _member_chain(self, group: Group, i: int) -> ChainSolver:
        """The journey solver of the group's ``i``-th world, reusing the reference world's
        solutions away from the squares where they differ, and the other members' where they
        agree (``Group.shared``)."""
        chain = group.chains.get(i)
        if chain is None:
            shared = (group.shared, group.masks[i]) if self.share_journeys else None
            like = exact_moved.like_member(self._moved, group, i) or (group.chain, group.differ(i))
            by = steps_by_changes.by_changes(self, group, i)  # (without the world, if exact)
            chain = group.chains[i] = (
                by.chain(self._tables, group.masks[i], group.members[i][2], like, shared) if by is not None
                else self._chain_for(group.member_world(i, self.state), like, shared))
        return chain

    def _award(self, world: GameState) -> Dist:
        """The end distribution of a touchback in ``world`` (:meth:`_award_node`'s)."""
        return self._tables.nodes.dist(self._award_node(world))

    def _award_node(self, world: GameState) -> int:
        """The node (``chain.Nodes``) of a touchback in ``world``, remembered by who would take
        it: the award reads only the receiving team and, with nobody to take it, every player."""
        nodes = self._tables.nodes
        expanded = self._expanded.get(id(world))
        if expanded is not None:  # a lumped world: the mixture of those it stands for
            # made once (asked again at every start reaching a touchback), kept in _awards
            # (by the world's identity) so that ``Nodes.truncate`` forgets it with its node
            lumped = ("lumped", id(world))
            known = self._awards.get(lumped)
            if known is not None:
                return known
            mixture: Dist = {}
            for q, one in expanded:
                n = self._award_node(one)
                mixture[n] = mixture[n] + q if n in mixture else q
            return self._awards.setdefault(lumped, nodes.add(mixture))
        key = award_key(world, exact_best.taker_in(self, world), self._marked)
        cached = self._awards.get(key)
        if cached is not None:
            return cached
        chain = self._chain_for(world)
        exits: Dist = {}
        for nxt, p in chain.transitions(self._touchback).items():
            assert nxt != self._touchback  # an awarded ball never leaves again
            n = chain.node(nxt)
            exits[n] = exits[n] + p if n in exits else p
        return self._awards.setdefault(key, nodes.add(exits))

    def _reaches_touchback(self, end: int) -> int:  # (_group_mix's value: 1 for a touchback)
        return int(end == self._touchback)

    # -- the event's worlds, grouped ----------------------------------------------------------
    def groups(self) -> list[Group]:
        """The event's worlds grouped by what the ball's journey can tell apart wholesale: rain
        or not (the catch modifier) and the scatters before landing. Each group has a reference
        world (the set-up as it was, in that weather) and its members' differences from it."""
        if self._groups is None:
            self._groups = grouping.make_groups(self)
        return self._groups

    def _group_mix(self, group: Group, start: int) -> Dist:
        """The journeys from the state numbered ``start`` over the group's worlds, as a mixture
        of nodes (``chain.Nodes``: node -> total probability of its worlds): its end
        distribution, pushed (``Nodes.push``), is the sum over the worlds of P(world) times the
        journey's end distribution, touchbacks awarded (their ends, no touchback left).
        The journey up to a touchback looks only at the squares around the ball. Worlds are told
        apart only by the event's changes there: every world with no change there has the
        reference world's journey; the others are split by the changes there, and one journey is
        solved for each part (split further if that journey looks at more squares where the
        part's worlds differ). A touchback reached with probability ``t`` in a part adds ``t``
        times the mixture of that part's worlds' touchback awards (each award's node).
        """
        cached = group.results.get(start)
        if cached is not None:
            return cached
        nodes, reaches = self._tables.nodes, self._reaches_touchback
        ref = group.chain.node(start)
        ref_touchback = nodes.value(ref, walk_values.REACH_TOUCHBACK, reaches)
        seen = group.reference_seen(start)
        parts = group.partition(seen) if seen else {}
        affected = sum((mass for mass, _ in parts.values()), Q(0))
        # Parts of one solution are one node, their masses and awards summed (regrouped sums).
        mixed: Dist = {ref: group.mass - affected}
        award_weights = dict(group.award_weights)  # the unaffected worlds' awards, below
        to_award: dict[Hashable, Rational] = {}
        reached: dict[int, dict[Hashable, Any]] = {}  # each node's parts' awards, summed
        todo = [(seen, mass, members) for mass, members in parts.values()]
        while todo:
            seen, mass, members = todo.pop()
            node, w_seen = self._part_journey(group, start, seen, members)
            if not w_seen & ~seen:  # mixed in: its mass onto the node, its awards the node's
                mixed[node] = mixed[node] + mass if node in mixed else mass
                exact_worlds.add_weights(reached.setdefault(node, {}), group.award_weights_of(members))
                continue
            # the journey looked further than the part's worlds are known to agree: split
            todo.extend(group.split(seen | w_seen, members))
        exact_worlds.move_awards(reached, functools.partial(
            nodes.value, key=walk_values.REACH_TOUCHBACK, end_value=reaches), award_weights,
            to_award)
        exact_worlds.award_unaffected(award_weights, ref_touchback, to_award)
        for key, w in to_award.items():
            if w:
                n = self._award_node(group.award_world(key, self.state))
                mixed[n] = mixed[n] + w if n in mixed else w
        group.results[start] = mixed
        return mixed

    def _part_journey(self, group: Group, start: int, seen: int, members: list[int]
                      ) -> tuple[int, int]:
        """The journey from ``start`` in the worlds ``members`` (alike on their changes in
        ``seen``): its node and the changes it sees; one known to see none outside ``seen``
        (``Group.known``), else the node of the same walk met before (``exact_walks``), else
        solved in the first member's world (made for it)."""
        known = group.known(start, seen, members) if self.share_journeys else None
        if known is None:
            walks = exact_walks.walks_of(self, group)  # a walk met before: no chain made
            if walks is not None:
                return walks.journey(start, members[0], self._member_chain)
            chain = self._member_chain(group, members[0])  # (members: in order)
            known = chain.node(start), group.touching(chain.region_of(start))
        return known

    def _group_distribution(self, group: Group, start: int) -> Dist:
        """The end distribution of :meth:`_group_mix` (end number -> probability), from the
        nodes' distributions (remembered: what many targets' odds share)."""
        out = group.distributions.get(start)
        if out is None:
            out = group.distributions[start] = exact_odds.mix_distribution(
                self._group_mix(group, start), self._tables.nodes, self._touchback)
        return out

    # -- part 1 and the whole ------------------------------------------------------------------
    def odds(self, target: Square) -> Odds:
        """The exact odds of a kick at ``target``."""
        parts = self._parts(target)
        weighted = [(p_start, group, start) for group, weights in
                    zip(self.groups(), parts.starts, strict=True)
                    for start, p_start in weights.items()]
        ends = dict(parts.direct)
        self._odds_asked += 1
        if self._odds_asked <= _PUSHED_ODDS:  # a few targets: each one's journeys pushed
            exact_odds.add_pushed(ends, [(p, self._group_mix(g, s)) for p, g, s in weighted],
                                  self._tables.nodes, self._touchback)
        else:  # many: every node's distribution expanded once, for all
            exact_odds.add_starts(ends, [(p, self._group_distribution(g, s))
                                         for p, g, s in weighted])
        odds = exact_odds.summarise(target, self.events, self.state, self._states, ends)
        odds.choices = self.choices_taken(target)
        odds.decisions_taken = [c.text for c in odds.choices]
        return odds

    def value(self, target: Square, objective: AnyObjective) -> Fraction:
        """``targets.objective_value(self.odds(target), objective)`` without the full odds
        (each group's journey from each start valued once for all targets, on scalars:
        ``chain.Nodes.value``); a mix (``objectives.Mix``): the mix of its objectives' values,
        each end valued as the mix (the same fraction: every kick's ends sum to 1)."""
        return self._value_of(self._parts(target), objective)

    def _value_of(self, parts: exact_odds.Parts, objective: AnyObjective) -> Fraction:
        """:meth:`value` of one enumerated kick ``parts`` (``walk_values.value_of``)."""
        return walk_values.value_of(self, parts, objective)

    def decisions_taken(self, target: Square) -> list[str]:
        """``self.odds(target).decisions_taken``, without the full odds."""
        return [c.text for c in self.choices_taken(target)]

    def choices_taken(self, target: Square) -> list[Choice]:
        """``self.odds(target).choices``: :meth:`decisions_taken` with each choice's event."""
        parts = self._parts(target)
        takers = parts.takers if parts.takers and self.value(target, "touchback") else []
        return parts.taken.choices(takers, choice_events.takers_under(self, takers))

    def _parts(self, target: Square) -> exact_odds.Parts:
        """A kick at ``target``: the deviation enumerated, the ends reached directly (no kick,
        a kick-off move, a High Kick) and each group's starts' weights (remembered)."""
        if target in self._target_parts:
            return self._target_parts[target]
        decisions = exact_moved.kick_decisions(self, target)
        if self._kicks is None:
            self._kicks = exact_odds.Kicks(self.state, self.ruleset, self.house_rules,
                                           self._dice(), close_play.KickCoach
                                           if self.play == "close" else None)
        deviations = self._kicks.landings(decisions)
        parts = self._target_parts[target] = (
            close_play.landed(self, deviations) if self.play == "close"
            else exact_best.kicking_best(self, decisions, deviations)
            if self._two.kicking == "best" else self._landed(deviations))
        return parts

    def _landed(self, deviations: dict[exact_odds.Landing, Rational]) -> exact_odds.Parts:
        """:meth:`_parts` of a kick whose landings are ``deviations`` (landing -> probability)."""
        ends: Dist = {}
        groups = self.groups()
        node = self._move_node()
        if node.moves:  # the move's node at every landing at once (exact_moved.prepare)
            node.prepare([d.square for d in deviations if d.no_kick is None and not d.touchback
                          and d.square is not None])
        taken = exact_best.Taken()
        # where the journeys start, in each group: every touchback is one start
        starts: list[Dist] = [{} for _ in groups]
        for dev, p_dev in deviations.items():
            if dev.no_kick is not None:  # no kick, no event: the set-up as it is
                for i, p_end in self._journey(self.state, dev.no_kick).items():
                    ends[i] = ends.get(i, 0) + p_dev * p_end
                continue
            if exact_moved.moved_landing(self, node, dev, p_dev, ends, taken):
                continue  # a kick-off move is the receivers' to choose, the landing known
            if not exact_best.dived(self, dev.square, dev.touchback, p_dev, ends, taken):
                for group, weights in zip(groups, starts, strict=True):
                    start = self._landing_start(dev.square, dev.touchback, group)
                    weights[start] = weights.get(start, 0) + p_dev
            exact_moved.high_kick_landing(self, dev, p_dev, ends, taken)
        walk_values.solve_starts(self, groups, starts)  # (the best takers met now)
        return exact_odds.Parts(ends, starts, list(self._takers), taken)

    # -- play="best": the receiving coach's decision nodes (kickoff.analysis.exact.best) -------
    def _high_kick_best(
        self, world: GameState, scatters: int, handler: Callable[[KickoffContext], None],
        square: Square | None, touchback: bool,
    ) -> tuple[Dist, str | None]:
        """The High Kick's end distribution at this landing and the player placed
        (``exact_best.high_kick_best``; a search's solvers share it: ``exact_moved``)."""
        return exact_moved.high_kick_best(self, world, scatters, handler, square, touchback)

    def _move_node(self) -> exact_best.MoveNode:
        """The kick-off move's decision node (:class:`~kickoff.analysis.exact.best.MoveNode`;
        one with no move with the defaults)."""
        if self._moves is None:
            self._moves = exact_best.MoveNode(
                exact_moved.kickoff_moves(self),  # (a search's solvers share them)
                self._values, self._landing_ends,
                lambda key, moved: self._sub(key, moved)._landing_ends,
                functools.partial(exact_moved.release, self))
        return self._moves

    def _landing_ends(self, square: Square) -> Dist:
        """The end distribution of a ball coming down on ``square`` (in play) once the event is
        played on this solver's set-up (no kick-off move), every world summed."""
        ends: Dist = {}
        for group in self.groups():
            for i, p in self._group_distribution(
                    group, self._landing_start(square, False, group)).items():
                ends[i] = ends.get(i, 0) + p
        for p_high, world, scatters, handler in self._high_kick_worlds:
            journey, _ = self._high_kick_best(world, scatters, handler, square, False)
            for i, p in journey.items():
                ends[i] = ends.get(i, 0) + p_high * p
        return ends

    def _sub(self, key: exact_best.MoveKey, moved: GameState) -> KickoffSolver:
        """The solver of the set-up a kick-off move left (``exact_moved.moved_solver``)."""
        sub = self._subs.get(key)
        if sub is None:
            self._sub_marks[key] = len(self._tables.nodes.exits)
            sub = self._subs[key] = exact_moved.moved_solver(self, key, moved)
        return sub

    def _high_kick_journey(
        self, world: GameState, scatters: int, handler: Callable[[KickoffContext], None],
        square: Square | None, touchback: bool, player: str | None,
    ) -> Dist:
        """The journey's end distribution (by end number) after a High Kick with ``player``
        (``None``: nobody), the ball landing on ``square`` (``touchback``: out of play) in ``world`` (the
        event's world): the ruleset's own handler is played through a context that knows the
        landing, as ``kickoff run`` plays it (``DecisionError`` if the player may not be placed).
        Remembered by world, square, touchback and player."""
        key = (id(world), square, touchback, player)
        cached = self._high_kick_ends.get(key)
        if cached is not None:
            return cached
        moved = world.clone()
        no_dice: Any = PathDice(())  # High Kick rolls no die (one would raise Branch here)
        ctx = KickoffContext(moved, self.ruleset, no_dice, Decisions(high_kick=player),
                             self.house_rules)
        ctx.landing, ctx.touchback, ctx.scatters = square, touchback, scatters
        handler(ctx)
        start = landing_state(ctx)
        if not moved.changed():
            moved = world  # no effect here (a touchback, an occupied square): the event's world
        elif world.weather == self.state.weather and not self._diffs[id(world)].entries:
            # the set-up with one player moved: reuse its journeys away from his two squares
            diff = differences(self.state, moved, exact_best.taker_in(self, moved))
            differ = touch_bits(diff.entries)
            placed = (player, square, touchback)
            self._placed[placed] = self._chain_for(moved, exact_moved.like_placed(
                self._moved, placed) or (self._chain_for(self.state), differ))
        out = self._high_kick_ends[key] = self._journey(moved, start)
        return out

    def _landing_start(self, square: Square | None, touchback: bool, group: Group) -> int:
        """The number of the state the ball's journey starts from after landing (remembered)."""
        key = (square, touchback, group.scatters)
        start = self._starts.get(key)
        if start is None:
            ctx = self._context(group.ref, None)
            ctx.landing, ctx.touchback, ctx.scatters = square, touchback, group.scatters
            start = self._starts[key] = self._id(landing_state(ctx))
        return start
