"""The rules of the turn an activation happens in: a free turn (classic Blitz!, bb2020 / Sevens
Blitz, bb2025 Charge!) or a team turn (the Kick It! Kick action).

``rulings.md`` section 8: classic Blitz! is a full free team turn (team re-rolls and skills as in a
normal turn; a turnover ends it); bb2020 / Sevens Blitz allows no team re-roll and no skill used
"once per team turn" (Dodge, Sure Feet, Pro), and ends when a kicking player Falls Over or is
Knocked Down; bb2025 Charge! is bb2020's with team re-rolls and skill re-rolls allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kickoff.core.pitch import Side


@dataclass
class Turn:
    """The rules of the turn (or free turn) an activation happens in, and what it has used.

    - ``team_rerolls``: team re-rolls may be used (classic Blitz!, bb2025 Charge!, Kick It!
      turns); at most the ruleset's ``team_rerolls_per_turn`` (classic one, others any
      number), counted in ``team_rerolls_used``.
    - ``once_per_turn_skills``: Dodge, Sure Feet and Pro may be used (not in bb2020 / Sevens
      Blitz); each at most once per turn per player (``skills_used``).
    - ``acting`` / ``where``: the player whose activation is being played and its key path
      (``actions[0]``, ``decisions.blitz[1]``), set by :meth:`activate`; ``None`` between
      activations and for a move that is no activation (a Pass Block move). The ruleset's
      ``activation_skills`` (bb2020+ Pro) work only for the acting player's own rolls.
    - ``fallback``: a ``"skill"`` / ``"team"`` re-roll choice that cannot be used when its
      moment comes plays the default policy instead of raising ``DecisionError`` (the exact
      odds and Monte Carlo: one choice stands for every failed test of its kind).
    - ``ends_on_fall``: any player of the acting team Falling Over or being Knocked Down ends the
      turn (bb2020 / Sevens Blitz, bb2025 Charge!); otherwise only a turnover does.
    - ``turnover``: set when the turn is over (a turnover, or a fall that ends a free turn).
    """

    side: Side
    team_rerolls: bool
    once_per_turn_skills: bool
    #: Team re-rolls used this turn.
    team_rerolls_used: int = 0
    turnover: bool = False
    ends_on_fall: bool = False
    #: ``(player id, skill)`` of the once-per-turn skills already used this turn.
    skills_used: set[tuple[str, str]] = field(default_factory=set)
    #: Ids of the players who have taken an action this turn.
    activated: set[str] = field(default_factory=set)
    #: How many actions of each limited kind (``blitz``, ``throw_team_mate``, ...) were taken.
    actions_taken: dict[str, int] = field(default_factory=dict)
    #: Why the turn ended (for the log), when ``turnover`` is set.
    why_ended: str = ""
    #: The player whose activation is being played (``None``: none) and its key path.
    acting: str | None = None
    where: str = ""
    #: An unusable re-roll choice plays the default policy instead of raising.
    fallback: bool = False

    def activate(self, player: str, where: str) -> None:
        """``player``'s activation (key path ``where``) starts: his rolls until the next one are
        made during his own activation, the ball's journey after his action included."""
        self.acting, self.where = player, where

    def end(self, why: str) -> None:
        """The turn is over (a turnover, or a fall that ends a free turn)."""
        self.turnover = True
        self.why_ended = why

    def fell(self, own: bool, turnover: bool) -> None:
        """A player went down: ``own`` (of the acting team), ``turnover`` (a turnover by the
        rules of a normal turn, e.g. the active player Falling Over or Knocked Down). Ends the
        turn on a turnover, or on any own player's fall when ``ends_on_fall``."""
        if turnover or (own and self.ends_on_fall):
            self.end("turnover" if turnover else "a player of the acting team went down")
