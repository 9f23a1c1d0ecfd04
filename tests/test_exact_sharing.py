"""The exact solver's sharing of journeys between the Kick-off event's worlds (issue 16) changes
no probability: every end of every target checked against a solver that shares nothing between
the worlds but the set-up's journeys."""

from __future__ import annotations

import json

from kickoff.analysis.exact.solver import KickoffSolver
from kickoff.analysis.exact.worlds import Group
from kickoff.core.pitch import Square
from kickoff.core.rulesets import Ruleset
from kickoff.core.state import GameState
from kickoff.formats.match import build_match


def _benchmark_pairing() -> tuple[Ruleset, GameState]:
    """The README's default pairing (bb2020, Human zone kicking to Orc wedge): the benchmark's."""
    match = build_match("bb2020", None, None, None, None, "home")
    return match.ruleset, match.state


def test_worlds_sharing_journeys_changes_no_probability() -> None:
    # The benchmark's pairing: Pitch Invasion's ties leave 2,400 worlds, many of them alike
    # around the landings, where the sharing does its work.
    rs, state = _benchmark_pairing()
    shared = KickoffSolver(state, rs, events="all")
    alone = KickoffSolver(state, rs, events="all")
    alone.share_journeys = False
    for target in (Square(19, 7), Square(15, 3), Square(24, 12)):
        assert shared.odds(target).ends == alone.odds(target).ends
        assert shared.value(target, "receiver-holds") == alone.value(target, "receiver-holds")
    # the sharing was real: member worlds hold solutions another member world solved
    group = max(shared.groups(), key=lambda g: len(g.members))
    assert sum(len(tables) for known in group.shared.known.values()
               for tables in known.tables.values()) > 100
    from_ref = set(group.chain.solved.values())  # the states' nodes (``chain.Nodes``)
    owners: dict[int, int] = {}
    reused = 0
    for i, chain in group.chains.items():
        for node in chain.solved.values():
            if node in from_ref:
                continue
            if owners.setdefault(node, i) != i:
                reused += 1
    assert reused > 100
    assert not any(group.shared.known for group in alone.groups())


def test_worlds_keep_one_copy_of_each_change_and_number_them() -> None:
    # The benchmark's pairing: the event's worlds' diffs, made with one copy of each change
    # (``differences(..., known)``), equal those made without; a group's changes are numbered
    # bits, and each member's mask is exactly its changes.
    from kickoff.analysis.exact.worlds import differences, touch_bits

    rs, state = _benchmark_pairing()
    solver = KickoffSolver(state, rs, events="all")
    group = max(solver.groups(), key=lambda g: len(g.members))
    events = {id(w): w for _, w, _ in solver.worlds()}
    known: dict[object, object] = {}
    for i, (_, kept, diff) in enumerate(group.members[:300]):
        assert kept is None  # kept as its changes until a journey of its own needs it
        world = group.member_world(i, state)
        assert group.members[i][1] is world is group.member_world(i, state)
        assert id(world) not in events
        assert differences(state, world, None, known) == diff == differences(state, world)
        assert group.masks[i] == sum(1 << group.entry_index[e] for e in diff.entries)
        assert group.differ(i) == touch_bits(diff.entries) != 0
    # the worlds share their change objects: far fewer distinct ones than changes
    changes = sum(len(diff.entries) for _, _, diff in group.members)
    assert len({id(e) for _, _, d in group.members for e in d.entries}) < changes / 10
    assert len(group.entry_index) == len({e for _, _, d in group.members for e in d.entries})


def test_a_world_kept_as_its_changes_is_built_as_the_event_left_it() -> None:
    # Every world of the benchmark's pairing, kept as its changes (``worlds.Diff``) and built
    # again (``worlds.rebuilt``), has the event's own world's board, signatures and weather:
    # the event played again along each outcome (``chance.enumerate_runs``) gives them.
    from kickoff.analysis.exact.chance import enumerate_runs
    from kickoff.analysis.exact.worlds import Diff, differences, event_world, rebuilt, signature

    rs, state = _benchmark_pairing()
    solver = KickoffSolver(state, rs, events="all")
    kept = [w for _, w, _ in solver.worlds() if isinstance(w, Diff)]
    assert len(kept) > 2000
    by_changes = {(d.weather, d.entries): d for d in kept}
    seen = 0
    for _, world in enumerate_runs(lambda dice: event_world(solver._context, state, dice)):
        diff = by_changes.get((world.weather, differences(state, world).entries))
        if diff is None:
            continue  # a world kept whole, or lumped with another
        seen += 1
        built = rebuilt(state, diff)
        assert built.weather == world.weather
        assert {sq: signature(p) for sq, p in built.board.items()} == {
            sq: signature(p) for sq, p in world.board.items()}
        assert {pid: (p.square, signature(p)) for pid, p in built.players.items()} == {
            pid: (p.square, signature(p)) for pid, p in world.players.items()}
        assert [p.id for p in built.teams["away"].players] == [
            p.id for p in world.teams["away"].players]
    assert seen > 2000


def test_a_groups_mixture_equals_each_worlds_own_journey_and_touchback_award() -> None:
    # ``KickoffSolver._group_mix`` solves one journey per part of the worlds alike where it
    # looks and moves each part's touchback awards off the unaffected worlds' (issue 28: what
    # a regrouping of those sums must keep): the group's mixture from a start, as an end
    # distribution, equals the sum over its worlds of P(world) times that world's own journey
    # (touchbacks awarded in it, by its own taker), at starts whose journeys reach a touchback.
    rs, state = _benchmark_pairing()
    solver = KickoffSolver(state, rs, events="all")
    solver.odds(Square(15, 1))
    group = min((g for g in solver.groups() if g.members), key=lambda g: len(g.members))
    assert _mixtures_checked(solver, state, group, 3, touchback=True)


def test_a_bounce_reads_as_far_with_diving_catch_on_the_pitch_and_mixtures_hold() -> None:
    # Diving Catch is tried for a kick, pass or throw-in coming down, never for a bounce
    # (``ball.DIVING_CATCH_KINDS``): a bounce's arrival reads no further with a Diving Catch
    # player on the pitch (before, every arrival read two squares around: a Line of Scrimmage's
    # bounces read every stun along it, 1005239's fourth kick-off 65,538 parts of a start). The
    # journeys' mixtures over the event's worlds still equal each world's own journey.
    from helpers import player, scenario

    from kickoff.analysis.exact.worlds import PLAIN, step_reads
    from kickoff.core import ball
    from kickoff.formats.scenario import load_scenario, parse_scenario

    # Both Lines of Scrimmage full (a bounce along the receivers' meets catch after catch, each
    # in the tackle zones of the kicking team's line, whose stuns the event may change), one
    # receiver behind them with Diving Catch.
    home = [player(f"h{y - 4}", [12, y], "bb2020") for y in range(5, 10)] + [
        player("h6", [6, 7], "bb2020")]
    away = [player(f"a{y - 4}", [13, y], "bb2020") for y in range(5, 10)] + [
        player("a6", [14, 7], "bb2020", skills=["diving_catch"])]
    loaded = load_scenario(parse_scenario(json.dumps(scenario("bb2020", home=home, away=away))))
    state = loaded.state
    solver = KickoffSolver(state, loaded.ruleset, events="all")
    assert solver.reach == (2, 0) != PLAIN
    at = Square(13, 7)  # (in the line)
    bounce, kick = ball.Arrive(at, "bounce", True), ball.Arrive(at, "kickoff", True)
    assert step_reads(state, bounce, solver.reach) == step_reads(state, bounce, PLAIN)
    assert len(step_reads(state, bounce, solver.reach)) == 9  # a catcher: his tackle zones
    assert len(step_reads(state, kick, solver.reach)) == 25  # who may dive, and theirs
    solver.odds(Square(13, 7))
    checked = sum(_mixtures_checked(solver, state, g, 1, touchback=False)
                  for g in solver.groups() if g.members)
    assert checked >= 1


def _mixtures_checked(solver: KickoffSolver, state: GameState, group: Group, most: int,
                      touchback: bool) -> int:
    """How many of ``group``'s starts (at most ``most``; with ``touchback``, only starts whose
    journeys reach a touchback) had their mixture checked against the sum over the group's
    worlds of each world's own journey, touchbacks awarded (fails where they differ). Each
    world is built anew (``worlds.rebuilt``): its journey solver is its own, reusing no other
    world's solutions by what their journeys read."""
    from kickoff.analysis.exact import odds as exact_odds
    from kickoff.analysis.exact.chance import Q
    from kickoff.analysis.exact.worlds import rebuilt

    nodes, checked = solver._tables.nodes, 0
    seen_by = {start: group.touching(group.chain.region_of(start)) for start in group.results}
    for start in sorted(seen_by, key=lambda s: (-seen_by[s].bit_count(), s)):  # widest first
        mixed, seen = group.results[start], seen_by[start]
        if not seen or checked == most or (touchback and not nodes.value(
                group.chain.node(start), "test: touchback", solver._reaches_touchback)):
            continue  # (a start whose journeys reach a touchback, in worlds told apart)
        ends = exact_odds.mix_distribution(mixed, nodes, solver._touchback)
        start_state = solver._states[start]
        want: dict[int, object] = {}
        unaffected = group.mass
        for p, _, diff in group.members:  # each world's own journey and awards
            world = rebuilt(state, diff)
            for end, q in solver._journey(world, start_state).items():
                want[end] = want.get(end, Q(0)) + p * q
            unaffected -= p
        for end, q in solver._journey(group.ref.clone(), start_state).items():
            want[end] = want.get(end, Q(0)) + unaffected * q
        assert {e: q for e, q in ends.items() if q} == {e: q for e, q in want.items() if q}
        checked += 1
    return checked
