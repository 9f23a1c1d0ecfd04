"""The ``close`` policy as a coach: a :class:`~kickoff.core.coach.Coach` who answers every decision
a rule gives him by one rule of thumb, "get near the ball", without looking ahead.

Issue 24 (point 1) names three coaches besides the scripted one: the default coach, the ``close``
policy and the solver's maximising coach. The ``close`` policy began as the kicking team's free
turn (:func:`kickoff.core.actions.policy.close_in`, ``Decisions.free_turn_policy="close"``:
close on the landing square and mark the receivers, never risking a die). :class:`CloseCoach`
extends the same idea to every decision of :data:`~kickoff.core.coach.DecisionKind`, for the
sides it is given (the other side's decisions: the scripted coach's answer), each answer one of
the rule's own options (so always legal). Where the rule of thumb has nothing to say ("the
default" below) it answers as the scripted coach does: the scenario's or the command's answer
(its kick target, its kicker), else the default, so that ``simulate --target X --play close``
kicks at X. An answer the scenario or the command gives (``--high-kick``, ``--touchback``, ...)
wins over the rule of thumb for every kind:

- ``kicker``: the default (the first eligible player with Kick): who kicks does not bring
  anybody nearer the ball;
- ``kick_skill``: ``True`` where it is offered: Kick halves the deviation, the ball comes down
  nearer the target;
- ``high_kick``: the offered receiving player nearest the landing square (squares; ties: the
  options' order), never nobody when somebody may go;
- ``touchback``: a player: the offered player nearest the ball's landing square (ties: the
  options' order; the default when the landing is unknown); a square (bb2025) or a downed
  receiver: the default (already the square nearest the centre);
- ``kickoff_move``: the offered path whose last square is nearest the landing square, when it
  ends strictly nearer than any Standing receiving player already is (ties: the shorter path,
  then the options' order); else nobody moves;
- ``diving_catch``: the default (every diver, in the default order);
- ``kick_landing``: the default (the format's square);
- ``quick_snap``, ``perfect_defence``, ``solid_defence``: the default, nobody moves (their
  moves cannot be listed);
- ``activation``, ``path``, ``block_face``, ``block_reroll`` (the free turn, Blitz! / Charge!):
  the given answer, else the default, nobody acts, as ``simulate --free-turns none``; the close
  plan of the free turn is ``--free-turns close`` (``free_turn_policy``, given, so it wins). The
  exact odds' ``play="close"`` (``kickoff.analysis.exact.close_play``) solves the free turn the same
  way: its event worlds are enumerated once for every landing, which a plan made at the landing
  would break;
- ``push_to``, ``follow_up``, ``casualty_result``: the default; ``apothecary``: ``True`` where
  offered (a player back on the pitch is nearer the ball than one in the dugout);
- ``target``, ``prayer_player``, ``prayer_skill``: the default (the centre of the receiving
  half; the first player the prayer may go to; no skill);
- any kind added later: the default.

The coach reads the kick-off's context (its state and landing square), which
:class:`~kickoff.core.context.KickoffContext` hands to it when it is made (:meth:`CloseCoach.bind`),
so one coach serves one kick-off at a time. Deterministic and pure: it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kickoff.core.coach import SCRIPTED, Coach, Decision
from kickoff.core.decisions import PlayerPath
from kickoff.core.pitch import Square, distance

if TYPE_CHECKING:
    from kickoff.core.context import KickoffContext

class CloseCoach:
    """The ``close`` policy for the decisions of ``sides`` (``"kicking"`` / ``"receiving"`` are
    resolved against the kick-off's state when it is bound; default: both teams); the others'
    decisions as ``then`` answers them (default: the scripted coach). See the module's
    docstring for each decision's answer."""

    __slots__ = ("ctx", "roles", "then")

    def __init__(self, sides: Sequence[str] = ("kicking", "receiving"),
                 then: Coach = SCRIPTED) -> None:
        unknown = set(sides) - {"kicking", "receiving"}
        if unknown:
            raise ValueError(f"close coach: unknown sides {sorted(unknown)}: "
                             "kicking and/or receiving")
        self.roles = frozenset(sides)
        self.then = then
        self.ctx: KickoffContext | None = None

    def bind(self, ctx: KickoffContext) -> None:
        """Read ``ctx`` (its state and landing square) from now on."""
        self.ctx = ctx

    def _mine(self, decision: Decision) -> bool:
        ctx = self.ctx
        if ctx is None:
            return False
        role = "kicking" if decision.side == ctx.state.kicking else "receiving"
        return role in self.roles

    def choose(self, decision: Decision) -> Any:
        if not self._mine(decision) or decision.given:
            return self.then.choose(decision)  # the other side's, or an answer given: it wins
        kind = decision.kind
        if kind in ("kick_skill", "apothecary"):
            options = decision.options()
            return True if options is not None and True in options else decision.default
        if kind == "high_kick":
            return self._nearest_player(decision)
        if kind == "touchback":
            return self._nearest_player(decision)
        if kind == "kickoff_move":
            return self._closing_move(decision)
        return self.then.choose(decision)  # no rule of thumb: the given answer, else the default

    def _landing(self) -> Square | None:
        return None if self.ctx is None else self.ctx.landing

    def _nearest_player(self, decision: Decision) -> Any:
        """The offered player (an id) nearest the landing square; the default when the options
        are not players or the landing is unknown."""
        landing = self._landing()
        options = decision.options()
        assert self.ctx is not None
        players = self.ctx.state.players
        placed = [(o, players[o].square) for o in options or ()
                  if isinstance(o, str) and o in players and players[o].square is not None]
        if landing is None or not placed:
            return decision.default
        return min(placed, key=lambda item: distance(item[1] or landing, landing))[0]

    def _closing_move(self, decision: Decision) -> PlayerPath | None:
        """The kick-off move ending nearest the landing square, when it ends strictly nearer
        than every Standing receiving player is already; else nobody moves."""
        landing = self._landing()
        assert self.ctx is not None
        st = self.ctx.state
        if landing is None:
            return None
        paths = [o for o in decision.options() or () if isinstance(o, PlayerPath) and o.path]
        if not paths:
            return None
        best = min(paths, key=lambda o: (distance(o.path[-1], landing), len(o.path)))
        near = min((distance(p.square, landing) for p in st.teams[st.receiving].players
                    if p.standing and p.square is not None), default=None)
        if near is not None and distance(best.path[-1], landing) >= near:
            return None
        return best
