"""The defaults of every face of kickoff (the command line, the Python API, the web API and
page), in one place (issue 26): where a face is not told, it does this.

- **Kick**: the kicker uses the Kick skill when he has it and may use it (a coach's obvious
  choice; :func:`kick_use`). ``--no-kick-skill`` (``use_kick_skill=False``, the web API's
  ``"kick_skill": false``) kicks without it; ``--kick-skill`` (``True``) asks for it, and is an
  error for a kicker who cannot use it. The *scenario format* has a default of its own,
  ``use_kick_skill: false`` (``scenario-format.md``): a scenario file, and ``kickoff replay``,
  play that; the analyses of a scenario file (``kickoff odds FILE``, ``simulate FILE``) ignore
  its decisions and play these defaults.
- **Events**: ``"all"`` (:data:`DEFAULT_EVENTS`): the Kick-off table too, each event with the
  format's default decisions; ``"none"``: deviation and landing only.
- **Play**: ``"defaults"`` (:data:`DEFAULT_PLAY`): every choice of the receiving coach not
  given is the scenario format's default; ``"best"``: the receivers' best (``kickoff odds
  --play best``).
- **The free moves under best play** (:data:`PLAN_BUDGET`, :data:`PLAN_RESETUPS`): with
  ``--play best --events all`` (``kickoff odds``, ``kickoff decide``, the web's decide) the
  Blitz! / Charge! free turn, Perfect / Solid Defence and Quick Snap are searched for each
  coach's best plan found (:mod:`kickoff.analysis.plans`), at most :data:`PLAN_BUDGET` plans
  valued exactly per event; ``--plan-budget 0`` turns the search off (nobody acts, as the
  scenario format says), ``--no-plan-resetups`` searches Blitz! / Charge! alone. The Python
  API's :class:`~kickoff.analysis.exact.solver.KickoffSolver` alone searches nothing: the free
  moves stay at the format's defaults unless given. ``kickoff fumbbl review`` and the web's
  review value a free move's decision with :data:`REVIEW_PLAN_BUDGET` plans at most.

Every output says which it applied (``kickoff.cli.render.header``). This module imports only
the rules core, and that only when :func:`kick_use` runs (start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple, get_args

from kickoff.core.ruleset import KICK_IT, HouseRule

if TYPE_CHECKING:
    from kickoff.core.decisions import Decisions
    from kickoff.core.ruleset import Ruleset
    from kickoff.core.state import GameState

#: The teams played when a face names none, per team family (``Ruleset.family``): (home, away),
#: built-in names (``kickoff list``); ``kickoff run``, ``odds``, ``simulate``, ``kick``, the
#: page, and ``setup optimize``'s kicking team (the first).
DEFAULT_TEAMS: Final = {"classic": ("human", "orc"), "bb2020": ("human", "orc"),
                        "sevens": ("human", "orc")}
#: The set-ups played when a face names none, per pitch (``Pitch.name``): (the kicking team's
#: defence, the receiving team's offence), built-in names.
DEFAULT_SETUPS: Final = {"eleven": ("botbowl_def_zone", "botbowl_off_wedge"),
                         "sevens": ("sevens_def_zone", "sevens_off_wedge")}
#: Whether the Kick-off table is played, when a face is not told: ``kickoff odds``,
#: ``simulate``, ``setup optimize``, ``KickoffSolver``, ``Job``, the advisor, the web API and
#: the page. (``Events`` of :mod:`kickoff.analysis.exact.odds`.)
DEFAULT_EVENTS: Final[Literal["all"]] = "all"
#: Who plays the receiving coach's choices at the kick-off: their defaults, or the best for the
#: receivers (the exact solver's, the advisor's, the CLI's and the web API's ``play``).
Play = Literal["defaults", "best"]
PLAYS: tuple[Play, ...] = get_args(Play)
#: The receiving coach's choices, when a face is not told (:data:`Play`).
DEFAULT_PLAY: Final[Literal["defaults"]] = "defaults"
#: The objective of ``kickoff odds`` and ``kickoff fumbbl review`` when not told
#: (``Objective`` of :mod:`kickoff.analysis.objectives`).
DEFAULT_OBJECTIVE: Final[Literal["receiver-holds"]] = "receiver-holds"
#: The plan search's budget with best play and the Kick-off events (``kickoff odds --play best
#: --events all``, ``kickoff decide``, the web's decide; ``kickoff.analysis.plans.search``'s
#: ``budget``): the most plans valued exactly per free move's event, each one exact solve of
#: the kick-off. The value reported is the exact value of the best plan found, a bound on the
#: coaches' true optimum (docs/analysis.md, "Both coaches' best play"). Its cost on the
#: README's pairing: docs/performance.md.
PLAN_BUDGET: Final = 16
#: Whether the plan search also searches the re-set-ups (Perfect / Solid Defence, the kicking
#: coach's; Quick Snap, the receiving coach's) when a face is not told
#: (``--plan-resetups/--no-plan-resetups``).
PLAN_RESETUPS: Final = True
#: The plan budget of a review (``kickoff fumbbl review``'s web API, ``POST /api/review``):
#: each kick-off's free-move decision valued with at most this many plans (a game has many).
REVIEW_PLAN_BUDGET: Final = 2
#: FUMBBL's API, where ``kickoff fumbbl`` fetches a replay by its game id
#: (:mod:`kickoff.formats.fumbbl.fetch`).
FUMBBL_API: Final = "https://fumbbl.com/api"
#: Seconds ``kickoff fumbbl`` waits for FUMBBL (connecting, then between bytes) before giving up.
FUMBBL_TIMEOUT: Final = 30.0


class KickUse(NamedTuple):
    """Who kicks and whether he uses Kick: ``kicker`` (his id; ``None``: nobody kicks, as in
    classic when nobody eligible has Kick, or Kick It! with nobody eligible), ``has_kick``
    (he has the skill and the rules let him use it), ``used`` (he uses it in this run), and
    ``asked`` (``None``: the default, :func:`kick_use` decided; ``True`` / ``False``: the
    coach asked, ``--kick-skill`` / ``--no-kick-skill``)."""

    kicker: str | None
    has_kick: bool
    used: bool
    asked: bool | None
    #: Why nobody kicks (``kicker`` ``None``), in a few words; ``""`` otherwise.
    why: str = ""

    def text(self) -> str:
        """One line for a command's header, e.g. ``Kicker h8: uses Kick (the default when he
        has it; --no-kick-skill: without)``."""
        if self.kicker is None:
            return f"No kicker ({self.why})"
        head = f"Kicker {self.kicker}: "
        if self.asked is None:
            return head + ("uses Kick (the default when he has it; --no-kick-skill: "
                           "without)" if self.used else "no Kick skill to use")
        if self.used:
            return head + "uses Kick (--kick-skill)"
        return head + ("does not use Kick (--no-kick-skill)" if self.has_kick
                       else "no Kick skill to use")


def kick_use(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule] = frozenset(),
             kicker: str | None = None, asked: bool | None = None) -> KickUse:
    """Who kicks ``state``'s kick-off (``kicker``: the id the coach named, ``None``: the
    format's default kicker, ``kickoff.core.kickoff.choose_kicker``) and whether he uses Kick:
    ``asked`` if given, else whether he has it and may use it, as the rules decide (a kick asked
    to use it, played up to its deviation with seeded dice: the rules refuse it otherwise).

    ``DecisionError`` for a ``kicker`` the rules refuse (not a Standing kicking player; off
    the places a kicker may stand), as ``kick_off`` raises it; ``asked=True`` for a kicker who
    cannot use Kick is returned as asked (``used=True``, ``has_kick=False``): the run refuses
    it, naming the option."""
    from kickoff.core.decisions import Decisions
    from kickoff.core.dice import SeededDice
    from kickoff.core.errors import DecisionError
    from kickoff.core.kickoff import kick_until_landing

    def kick(use: bool) -> str | None:
        decisions = Decisions(kicker=kicker, kicker_given=kicker is not None, use_kick_skill=use)
        return kick_until_landing(state.clone(), ruleset, SeededDice(0), decisions, house_rules,
                                  events=False, log=False).kicker

    try:
        who, has_kick = kick(True), True
    except DecisionError:
        who, has_kick = kick(False), False
    used = has_kick if asked is None else asked
    why = ""
    if who is None:
        why = ("Kick It!: nobody may kick, a touchback" if KICK_IT in house_rules
               else f"{ruleset.name} needs none: only a kicker with Kick is named, to use it"
               if not ruleset.kicker_required
               else "nobody of the kicking team can kick")
    return KickUse(who, has_kick, used, asked, why)


def named_kick_used(state: GameState, ruleset: Ruleset, house_rules: frozenset[HouseRule],
                    decisions: Decisions) -> bool:
    """Whether the kicker ``decisions`` name (``kicker`` with ``kicker_given``; else the
    format's default kicker) uses Kick when not told (:func:`kick_use`): what
    ``KickoffSolver`` plays for ``use_kick_skill=None``. ``False`` for a kicker the rules
    refuse, whose solve then raises their ``DecisionError``."""
    from kickoff.core.errors import DecisionError

    try:
        return kick_use(state, ruleset, house_rules,
                        decisions.kicker if decisions.kicker_given else None).used
    except DecisionError:
        return False
