"""The kick's deviation enumerated once for every target (``exact_odds.Kicks``, issue 16): the
landings of each target, with their exact probabilities and in their order, are those of the
kick enumerated for that target alone (``kick_until_landing`` through the rules' own dice), and
the rules still check each target."""

from __future__ import annotations

import pytest

from kickoff.analysis.exact.chance import PathDice, enumerate_runs, merge
from kickoff.analysis.exact.odds import Kicks, Landing
from kickoff.core import RULESETS
from kickoff.core.decisions import Decisions
from kickoff.core.errors import DecisionError
from kickoff.core.kickoff import deviated, kick_until_landing
from kickoff.core.pitch import NEIGHBOURS, Square
from kickoff.core.state import GameState
from kickoff.formats.teams import build_state, load_setup, load_team


def _state(rs_name: str, family: str, home: str, away: str) -> GameState:
    rs = RULESETS[rs_name]
    pitch = "sevens" if rs_name == "sevens" else "botbowl"
    defence, offence = (("sevens_def_zone", "sevens_off_wedge") if pitch == "sevens"
                        else ("botbowl_def_zone", "botbowl_off_wedge"))
    return build_state(rs, {"home": load_team(home, family), "away": load_team(away, family)},
                       {"home": load_setup(defence, rs.pitch), "away": load_setup(offence, rs.pitch)},
                       "home")


def _alone(state: GameState, rs_name: str, decisions: Decisions,
           house_rules: frozenset[str]) -> dict[Landing, object]:
    """The landings of one target's kick, enumerated for it alone."""
    rs = RULESETS[rs_name]

    def run(dice: PathDice) -> Landing:
        kick = kick_until_landing(state, rs, dice, decisions, house_rules, events=False,
                                  log=False)
        if kick.deviation is None:
            return Landing(None, True, kick.start)
        return Landing(kick.ctx.landing, kick.ctx.touchback, None)

    return merge(enumerate_runs(run))


@pytest.mark.parametrize(("rs_name", "family", "kick_skill", "house_rules"), [
    ("bb2020", "bb2020", False, frozenset()),
    ("bb2020", "bb2020", True, frozenset()),
    ("bb2025", "bb2020", True, frozenset()),
    ("classic", "classic", True, frozenset()),
    ("sevens", "sevens", False, frozenset({"kick_it"})),
])
def test_every_targets_landings_are_its_own_kicks(
    rs_name: str, family: str, kick_skill: bool, house_rules: frozenset[str],
) -> None:
    state = _state(rs_name, family, "human", "orc")
    rs = RULESETS[rs_name]
    kicks = Kicks(state, rs, house_rules, None)
    targets = [sq for sq in state.pitch.squares()
               if state.pitch.in_receiving_area(state.receiving, sq)]
    assert len(targets) > 100
    for target in targets[::7] + targets[-1:]:  # corners and edges among them
        decisions = Decisions(target=target, use_kick_skill=kick_skill)
        once = kicks.landings(decisions)
        alone = _alone(state, rs_name, decisions, house_rules)
        assert list(once.items()) == list(alone.items())
        assert sum(once.values()) == 1
    assert kicks.template is not None and len(kicks.template) >= 8
    assert any(landing.touchback for landing in once)


def test_a_target_outside_the_receiving_area_is_still_refused() -> None:
    state = _state("bb2020", "bb2020", "human", "orc")
    kicks = Kicks(state, RULESETS["bb2020"], frozenset(), None)
    kicks.landings(Decisions(target=Square(20, 7)))  # the template, from a legal target
    with pytest.raises(DecisionError, match="not in the receiving area"):
        kicks.landings(Decisions(target=Square(5, 7)))


def test_deviated_follows_the_random_direction_template() -> None:
    for direction in range(1, 9):
        dx, dy = NEIGHBOURS[direction - 1]
        for distance in range(0, 7):
            assert deviated((20, 7), direction, distance) == Square(20 + dx * distance,
                                                                    7 + dy * distance)
    assert deviated((25, 0), 1, 3) != deviated((25, 0), 5, 3)
