"""Choice: the one interface every coach's decision goes through, beside the dice (:mod:`kickoff.core.dice`).

Every die the rules roll is asked of a :class:`~kickoff.core.dice.Dice`; every choice the rules
give a coach is asked of a :class:`Coach`, through one call, :meth:`KickoffContext.decide
<kickoff.core.context.KickoffContext.decide>`. At each decision the rule itself hands over a
:class:`Decision`: what is chosen (``kind``), by which team (``side``), where the scenario format
gives the answer (``where``, its key path), the rule's legal options, the default the format makes
binding, the scenario's own answer if it gives one (``scripted``), and the rule's check of an
answer (``refuse``). The context asks the coach, then checks the answer at that one point: an
answer the rules refuse is a :class:`~kickoff.core.errors.DecisionError` carrying its
:class:`~kickoff.core.problems.Problem` (code ``illegal_choice`` or ``unknown_player``, its key
path, player and square as values).

The decisions (``scenario-format.md``, "Decisions"; the rules in ``rulings.md``):

- ``kicker``: the players who may kick (classic: ``None``, nobody, too); default the first
  eligible player with Kick, else (classic) nobody, else the first eligible (2.1);
- ``kick_skill``: ``False``, and ``True`` where the kicker may use Kick; default ``False``;
- ``high_kick``: ``None`` (nobody) and every Open, Standing receiving player; default ``None``;
- ``touchback``: the receiving players who can hold the ball, default the first; else (bb2025)
  the empty squares of the receiving area, default the one nearest the centre; else the downed
  receivers, default the first (2.6);
- ``kickoff_move``: ``None`` and every path of every player allowed (Kick-Off Return / On the
  Ball); default ``None``, nobody moves;
- ``diving_catch``: every order of every subset of the players who may attempt one; default all
  of them, in the default order;
- ``quick_snap``, ``perfect_defence``, ``solid_defence``: the moves (a list of ``Move``), a
  checkable set (``among``: :class:`~kickoff.core.resetup.MovesOptions`, ``refuse`` decides;
  listed up to a bound: nobody, then each single move the rule accepts); default ``[]``,
  nobody moves;
- ``kick_landing``: the squares an accurate Kick It! kick may come down on (``None``, into the
  crowd, when none is on the pitch); default the format's square;
- ``push_to`` (a Block's push-back, the attacker's coach; with Side Step the pushed player's):
  the legal push-back squares (Side Step: and every empty square adjacent to him); default
  straight back, else the first by x then y (Side Step: an empty square); scripted by the
  activation's ``block.push_to`` (the first push; chain pushes take the default);
- ``follow_up``: ``False``, ``True`` (Frenzy: ``True`` only); default ``False`` (Frenzy
  ``True``); scripted by ``block.follow_up``;
- ``apothecary``: ``False``, ``True`` for a player Knocked Out or a Casualty while his team
  has an apothecary left; default ``False``; scripted ``True`` for the players named in
  ``decisions.apothecary``;
- ``casualty_result``: after an apothecary's second Casualty roll, ``"first"`` or
  ``"second"`` (which of the two results applies); default the one that is Badly Hurt, else
  the first;
- ``reroll``: a failed test's re-roll (:func:`kickoff.core.rolls.roll_test`), asked of the
  tested player's coach: ``False`` (none) and whichever of ``"skill"`` (the skill re-roll the
  test allows now: Dodge, Sure Feet, Sure Hands, Catch, Monstrous Mouth, else Pro) and
  ``"team"`` (a team re-roll, where the turn allows one and the team has one left) can be used;
  default ``"skill"`` when it can be used, else ``False`` (never a team re-roll). The scenario's
  answer is the activation's ``reroll`` (one choice per failed test, in order) or, outside the
  catcher's own turn, ``decisions.catch_reroll``; ``about`` is the test (``"dodge"``, ...);
- ``leap``: at a step where a moving player may Leap (``kickoff.core.actions.leap``), ``False``
  (no Leap: a step, or the move stops before a square out of a step's reach) or ``True``;
  default ``False``, the scripted answer from the activation's ``leap`` list;
- ``tentacles``: at a step where a player Dodges or Leaps out of the tackle zone of opposing
  players with Tentacles, the receiving coach's ``None`` (not used) or one of them; default
  ``None``, the scripted answer from the activation's ``tentacles`` (step index -> player);
- ``shadowing``: once a player has stepped out of a square Marked by opposing players with
  Shadowing, the receiving coach's ``None`` (nobody follows) or one of them; default ``None``,
  the scripted answer from the activation's ``shadowing`` (step index -> player);
- ``gaze``: at the end of a classic Blitz! Move by a player with Hypnotic Gaze, ``None`` or an
  adjacent Standing opponent; default ``None``, the scripted answer the activation's ``gaze``;
- ``target`` (the kicking coach's): every square of the receiving team's half, default its
  centre; scripted by ``kick.target``;
- ``prayer_player`` (the praying coach's, Prayers to Nuffle whose effect goes to a player he
  chooses: Iron Man ...): the players the prayer may go to, default the first; scripted by
  ``decisions.prayer.player``;
- ``prayer_skill`` (Intensive Training's skill): not listed (any skill the player lacks;
  ``refuse`` decides), default ``None``, no skill named; scripted by ``decisions.prayer.skill``;
- ``bite`` (a Vampire who failed his Blood Lust roll, at the end of his action,
  ``kickoff.core.actions.blood_lust``): the adjacent Thralls he may bite, and (bb2020, bb2025)
  ``None``, biting nobody; default the first Thrall in input order; scripted by the
  activation's ``bite``.

- ``activation`` (the kicking coach's, at each step of a Blitz! / Charge! free turn,
  ``kickoff.core.actions.free_turn``): ``None`` (nobody else acts) and, for each eligible player
  yet to act, an :class:`~kickoff.core.activations.ActivationChoice`: a Move, a Blitz with no
  block, a Blitz on each Standing opponent he can reach (while the turn allows a Blitz); a
  Throw / Kick Team-mate is accepted when scripted, not listed; default ``None``; scripted by
  the next of ``decisions.blitz`` / ``decisions.charge`` (``Activation.choice``);
- ``path`` (then, for that activation): the squares he moves through, a checkable set
  (``among``: :class:`~kickoff.core.actions.move.PathOptions`, every legal path; listed up to
  a bound, :data:`LIST_BOUND`: by length then squares; a Blitz on a target, one shortest path
  to each square next to him, and membership the same: the end next to him, a square of MA
  plus Rushes left for the block); default ``()`` (a Blitz on a target: the first listed, the
  shortest approach); scripted by the activation's ``path``;
- ``block_face`` (the coach who chooses: the attacker's, the defender's when he is stronger):
  the faces rolled, each once; default the chooser's best by the default policy; scripted by
  ``block.choose``;
- ``block_reroll`` (the attacker's, after seeing the block dice): ``False`` and, where a team
  re-roll can be used, ``"team"``; default ``False``; scripted by ``block.reroll``. (The engine
  plays no skill re-roll of block dice: Pro and Brawler are not played.)
- ``activation`` and ``path`` in a Kick It! team turn (the active coach's,
  ``kickoff.core.actions.turn``): ``None`` (nobody else acts, the default) and, for each player
  of the active team who may act, a Move and (while the turn allows one) a Kick action; then
  his path (no Leap), default ``()``; scripted by the next of the scenario's ``actions``;
- ``aim`` (the kicker's coach's, once he has moved, ``kickoff.core.actions.kick``): ``None``
  (no kick, the default) and, when he holds the ball, each of his eight neighbours (by ``x``
  then ``y``); scripted by the activation's ``aim``;
- ``pass_block`` (the opposing coach's, once the kick is declared): ``None`` (the default) and
  each ``PassBlock`` move of up to three squares (no square twice) of his Standing players
  with Pass Block that ends next to the kicker; scripted by the activation's ``pass_block``;
- ``kick_block`` (the opposing coach's): ``None`` (the default) and each of his Standing
  players adjacent to the kicker on a square the template's arrows pass through; scripted by
  the activation's ``kick_block``;
- ``interception`` (the opposing coach's, when a Bombardier throws a bomb in classic Blitz!):
  ``None`` (no attempt, the default) and each of his players who may intercept it
  (``kickoff.core.actions.bomb_interception``); scripted by the activation's ``interceptor``;
- ``bomb_catch`` (the coach of the player where a bomb comes down): ``None`` (declined, the
  default) and that player, if he may catch it; scripted by the activation's ``catcher``;
- ``bomb_rethrow`` (the coach of the player who caught or intercepted a bomb, who must throw it
  again at once): each square of the pitch in his range (rows, then columns); default the square
  of the first opposing player in range (input order), else the first; scripted by the
  activation's ``rethrows[k].to`` (``kickoff.core.actions.bomb``).

Options are listed lazily (``lister``: only when somebody asks for them: the solver, a test, the
check of an answer that is not the default). Where they cannot be listed (a re-set-up of several
players) ``options()`` is ``None`` and the rule's ``refuse`` alone says which answers are legal;
where they are too many to list (a free turn's paths) ``among`` is a checkable set
(:class:`OptionSet`: membership, and its first options up to a bound, :meth:`Decision.listed`).
The throw-in is no coach's choice: its direction and distance are dice (``ball.throw_in``); the
classic ``throw_in_die`` (template or D8) is a setting of the game, read once.

Coaches:

- :class:`ScriptedCoach` (:data:`SCRIPTED`, every context's coach unless told otherwise): the
  scenario's answer where it gives one, else the default: today's ``Decisions``;
- :class:`DefaultCoach` (:data:`DEFAULTS`): always the default, whatever the scenario says;
- :class:`~kickoff.core.close.CloseCoach`: the ``close`` policy, "get near the ball", for the
  sides it is given (each answer one of the rule's options; it reads the kick-off, handed to it
  by the context through its ``bind``);
- :class:`AskingCoach`: the solver's hook. At a decision of the kinds it is given it raises
  :class:`Asked` carrying the :class:`Decision`, so that a solver reads the rule's own options
  and plays each (:class:`PathCoach` answers a run's decisions from a path of option indexes,
  as ``PathDice`` answers a run's dice: re-run with each index at the decision asked, every play
  is enumerated): the analysis's maximising coach is to be built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, Protocol

from mypy_extensions import mypyc_attr

from kickoff.core.pitch import Side
from kickoff.core.problems import Problem

#: What a decision chooses (the table of the module's docstring).
DecisionKind = Literal[
    "kicker", "kick_skill", "high_kick", "touchback", "kickoff_move", "diving_catch",
    "quick_snap", "perfect_defence", "solid_defence", "kick_landing",
    "push_to", "follow_up", "apothecary", "casualty_result", "reroll", "leap", "tentacles",
    "shadowing", "gaze", "target", "prayer_player", "prayer_skill", "bite",
    "activation", "path", "block_face", "block_reroll", "aim", "kick_block", "pass_block",
    "interception", "bomb_catch", "bomb_rethrow",
]

#: How many options :meth:`Decision.listed` lists of a decision whose options are a checkable
#: set (:class:`OptionSet`: a free turn's paths) unless told otherwise: the first this many,
#: in the set's order.
LIST_BOUND: Final = 1000


class OptionSet(Protocol):
    """The legal options of a decision too many to list (a player's paths: up to 8 steps a
    square over nine squares): a set that tests membership and lists its first options, in the
    rules' order, up to a bound when asked."""

    def __contains__(self, choice: object) -> bool: ...

    def listed(self, bound: int) -> tuple[Any, ...]:
        """At most ``bound`` of the options, in the set's order (its first first)."""
        ...


class Decision:
    """One choice the rules give a coach (see the module's docstring).

    - ``kind``, ``side``: what is chosen, and by which team's coach;
    - ``where``: the key path of the scenario's answer (``decisions.high_kick``), which a refused
      answer's problem names;
    - ``default``: the answer the format makes binding when the scenario gives none;
    - ``lister``: the legal options, in the rules' order (``None``: they cannot be listed);
    - ``refuse``: the rule's check of an answer, ``None`` when it is legal, else the
      :class:`~kickoff.core.problems.Problem` that says why (with its code, key path, players
      and squares). It accepts exactly the options listed (the conformance tests check it) and
      costs no listing (the solver plays each option through it); ``None``: an answer is legal
      when it is one of the options;
    - ``scripted``, ``given``: the scenario's answer, and whether it gives one;
    - ``about``: what the rule tells a coach besides (an accurate kick's ``LandingOptions``);
    - ``among``: the options as a checkable set (:class:`OptionSet`) when they are too many to
      list (``lister`` is then ``None``; :meth:`listed` lists the first of them).
    """

    __slots__ = ("_options", "about", "among", "default", "given", "kind", "lister", "refuse",
                 "scripted", "side", "where")

    def __init__(
        self, kind: DecisionKind, side: Side, where: str, default: Any,
        lister: Callable[[], Sequence[Any]] | None,
        refuse: Callable[[Any], Problem | None] | None = None,
        scripted: Any = None, given: bool = False, about: Any = None,
        among: OptionSet | None = None,
    ) -> None:
        self.kind: DecisionKind = kind
        self.side: Side = side
        self.where = where
        self.default = default
        self.lister = lister
        self.refuse = refuse
        self.scripted = scripted
        self.given = given
        self.about = about
        self.among = among
        self._options: tuple[Any, ...] | None = None

    def options(self) -> tuple[Any, ...] | None:
        """Every legal answer, in the rules' order (listed once, on first use); ``None`` when the
        options cannot be listed (``refuse`` decides)."""
        if self._options is None and self.lister is not None:
            self._options = tuple(self.lister())
        return self._options

    def listed(self, bound: int = LIST_BOUND) -> tuple[Any, ...]:
        """The options a solver or a test may play: every one (:meth:`options`) when they can be
        listed, else the first ``bound`` of the checkable set (:attr:`among`), else none."""
        options = self.options()
        if options is not None:
            return options
        return () if self.among is None else self.among.listed(bound)

    def problem(self, choice: Any) -> Problem | None:
        """Why ``choice`` is not a legal answer (``None``: it is). The default always is."""
        if choice is self.default or choice == self.default:
            return None
        if self.refuse is not None:
            return self.refuse(choice)
        options = self.options()
        if options is None and self.among is not None:
            options = () if choice not in self.among else (choice,)
        if options is None or choice in options:
            return None
        return Problem(f"{choice!r} is not one of the options", self.where, code="illegal_choice")

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.side!r}, {self.where!r}, default={self.default!r})"


class Coach(Protocol):
    """A coach: ``choose(decision)`` is his answer at ``decision``, which the context then checks
    (:meth:`Decision.problem`). A coach may raise (:class:`Asked`) instead of answering."""

    def choose(self, decision: Decision) -> Any: ...


class ScriptedCoach:
    """The scenario's coach: its answer where it gives one (``Decision.scripted``), else the
    default (``scenario-format.md``, "Decisions")."""

    __slots__ = ()

    def choose(self, decision: Decision) -> Any:
        return decision.scripted if decision.given else decision.default


class DefaultCoach:
    """A coach who always plays the default the format makes binding."""

    __slots__ = ()

    def choose(self, decision: Decision) -> Any:
        return decision.default


#: The scripted coach every context has unless given another.
SCRIPTED: Final = ScriptedCoach()
#: The coach of the defaults.
DEFAULTS: Final = DefaultCoach()


@mypyc_attr(allow_interpreted_subclasses=True)
class Asked(Exception):
    """Raised by :class:`AskingCoach` at a decision a solver plays itself: ``decision``, whose
    options (the rule's own) the solver enumerates. Subclassed outside the compiled modules
    (the environment's ``Building``), in the compiled build too."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"{decision.where}: a decision to play ({decision.kind})")
        self.decision = decision


class AskingCoach:
    """The solver's hook: raises :class:`Asked` at a decision of ``kinds`` that has more than one
    option; answers the others as ``then`` does (default: :data:`SCRIPTED`). A decision with one
    option is no choice: its option is the answer."""

    __slots__ = ("kinds", "then")

    def __init__(self, kinds: Sequence[DecisionKind], then: Coach = SCRIPTED) -> None:
        self.kinds = frozenset(kinds)
        self.then = then

    def choose(self, decision: Decision) -> Any:
        if decision.kind not in self.kinds:
            return self.then.choose(decision)
        options = decision.listed()
        if len(options) == 1:
            return options[0]
        raise Asked(decision)


class PathCoach:
    """Answers the decisions of ``kinds`` from ``path``, one option index each, in the order they
    are met, and raises :class:`Asked` at the first one past its end; the others as ``then``
    does. ``answers``: the answers given so far."""

    __slots__ = ("answers", "asking", "path")

    def __init__(self, path: Sequence[int], kinds: Sequence[DecisionKind],
                 then: Coach = SCRIPTED) -> None:
        self.path = tuple(path)
        self.asking = AskingCoach(kinds, then)
        self.answers: list[Any] = []

    def choose(self, decision: Decision) -> Any:
        try:
            return self.asking.choose(decision)
        except Asked:
            i = len(self.answers)
            if i >= len(self.path):
                raise
            answer = decision.listed()[self.path[i]]
            self.answers.append(answer)
            return answer
