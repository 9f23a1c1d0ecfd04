"""What one step of the ball reads, recorded, against what ``kickoff.core.ball`` declares.

The exact solvers share a step's work between worlds that agree on what the step reads, and
they learn what it reads only from the declarations next to the rules (``ball.STEP_READS``,
``CATCH_READS``, ``DIVING_CATCH_READS``, ``PLAYER_FIELDS``, ``AWARD_TAKER_FIELDS``). This file
ties those declarations to the rules both ways, so that either drifting fails:

- players: on random worlds around the ball, ``ball.step`` (a touchback: ``ball.award``) runs
  with every read of a player's field, of the weather and of the board recorded (the pure
  build: the classes are patched to record; a compiled class cannot be). Each read must lie
  within what the declarations allow (a read added fails), and over all the worlds every
  declared field and distance must be read (a read removed fails);
- the ball's own state: two states differing in one field, the same world and the same dice:
  a field a step does not declare (``Reads.ball``) must change nothing that follows, a field it
  declares must change something. The two claims the solvers rest on are among them: where a
  touchback's ball left the pitch changes nothing (``exact_odds.TOUCHBACK``), and a throw-in
  reads its last square and the edge crossed, not the square beyond (``kick._straight_out``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest

from kickoff.core import ball
from kickoff.core import state as state_module
from kickoff.core.context import KickoffContext
from kickoff.core.decisions import Decisions
from kickoff.core.dice import SeededDice
from kickoff.core.pitch import SIDES, Square, distance
from kickoff.core.ruleset import Ruleset
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import LOST_TACKLE_ZONE, WEATHERS, GameState, Player, Team

pytestmark = pytest.mark.skipif(
    not str(state_module.__file__).endswith(".py"),
    reason="compiled build: a native class records no reads (the pure build's run checks them)")

#: Every skill a step of the ball may look at, and some it must not.
SKILLS = ("catch", "diving_catch", "disturbing_presence", "extra_arms", "nerves_of_steel",
          "no_hands", "no_ball", "monstrous_mouth", "pro", "block", "dodge", "sure_hands")
#: A player's fields (the pure build's class keeps its slots; a compiled class none).
PLAYER_SLOTS = frozenset(getattr(Player, "__slots__", ()))
DECLARED = frozenset(ball.PLAYER_FIELDS)


@dataclass
class Record:
    """The reads of one run: ``(player id, field)``, whether the weather was read, the board's
    squares looked up."""

    players: list[tuple[str, str]] = field(default_factory=list)
    weather: bool = False
    squares: list[tuple[int, int]] = field(default_factory=list)


class _Board(dict[tuple[int, int], Player]):
    """A board that records every square looked up."""

    record: Record

    def get(self, key: Any, default: Any = None) -> Any:
        self.record.squares.append(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.record.squares.append(key)  # type: ignore[arg-type]
        return super().__contains__(key)

    def __getitem__(self, key: tuple[int, int]) -> Player:
        self.record.squares.append(key)
        return super().__getitem__(key)


@contextmanager
def recording(world: GameState, monkeypatch: pytest.MonkeyPatch) -> Iterator[Record]:
    """Record what is read of ``world``'s players, weather and board inside the block."""
    rec = Record()
    get = object.__getattribute__

    def player_get(self: Player, name: str) -> Any:
        if name in PLAYER_SLOTS:
            rec.players.append((get(self, "id"), name))
        return get(self, name)

    def state_get(self: GameState, name: str) -> Any:
        if name == "weather":
            rec.weather = True
        return get(self, name)

    board = _Board(world.board)
    board.record = rec
    world.board = board
    with monkeypatch.context() as m:
        m.setattr(Player, "__getattribute__", player_get)
        m.setattr(GameState, "__getattribute__", state_get)
        yield rec


def can_catch_fields(monkeypatch: pytest.MonkeyPatch) -> frozenset[str]:
    """What ``Player.can_catch`` reads of a player who can catch (it reads every condition)."""
    p = Player("x", "home", ma=6, st=3, ag=3, av=9, square=Square(1, 1))
    world = GameState(RULESETS["bb2020"].pitch, {"home": Team("home", [p]),
                                                 "away": Team("away", [])})
    with recording(world, monkeypatch) as rec:
        assert p.can_catch()
    return frozenset(name for _, name in rec.players)


def random_world(rng: random.Random, rs: Ruleset, around: Square) -> GameState:
    """Players of both teams in and around the 9x9 block centred on ``around``, a few further
    off and in the Reserves, with random skills, statuses, effects and characteristics."""
    pitch = rs.pitch
    squares = [Square(x, y) for x in range(around.x - 4, around.x + 5)
               for y in range(around.y - 4, around.y + 5) if pitch.on_pitch((x, y))]
    chosen = rng.sample(squares, rng.randint(6, min(30, len(squares))))
    if rng.random() < 0.6 and around not in chosen:
        chosen.append(around)
    far = [Square(rng.randrange(pitch.width), rng.randrange(pitch.height)) for _ in range(3)]
    teams: dict[str, list[Player]] = {"home": [], "away": []}
    for i, sq in enumerate([*chosen, *(q for q in far if q not in chosen), None, None]):
        side = rng.choice(SIDES)
        status = "reserves" if sq is None else rng.choice(
            ("standing", "standing", "standing", "prone", "stunned"))
        teams[side].append(Player(
            f"p{i}", side, ma=rng.randint(3, 9), st=rng.randint(1, 6), ag=rng.randint(2, 5),
            av=rng.randint(7, 11), pa=rng.randint(2, 6), skills=rng.sample(SKILLS, rng.randint(0, 3)),
            square=sq, status=status, order=i,
            effects=frozenset([LOST_TACKLE_ZONE]) if rng.random() < 0.1 else frozenset()))
    return GameState(pitch, {s: Team(s, teams[s]) for s in SIDES}, weather=rng.choice(WEATHERS),
                     kicking=rng.choice(SIDES))


def near_square(rng: random.Random, rs: Ruleset) -> Square:
    pitch = rs.pitch
    return Square(rng.randrange(1, pitch.width - 1), rng.randrange(1, pitch.height - 1))


def run_step(world: GameState, rs: Ruleset, s: ball.BallState, seed: int,
             monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[Any, list[Any], Record]:
    """``ball.step`` from ``s`` on a fresh clone of ``world`` (its own set-up facts, the set-up
    wide "may anybody dive" and "has anybody Disturbing Presence" asked first): the next state,
    the dice rolled, what it read."""
    w = world.clone()
    w.own(next(iter(w.players.values())))  # drops the facts the clone shares
    ball.anyone_may_dive(w)  # once per set-up, read of everyone: not the step's own reads
    ball.anyone_disturbing(w)
    ctx = KickoffContext(w, rs, SeededDice(seed), Decisions())
    if monkeypatch is None:
        return ball.step(ctx, s), ctx.log, Record()
    with recording(w, monkeypatch) as rec:
        nxt = ball.step(ctx, s)
    return nxt, ctx.log, rec


# -- the players ---------------------------------------------------------------------------------

@dataclass
class Seen:
    """What the runs of one kind of step read, together: fields; the farthest square from the
    ball of a full read (a field but skills and square) and of a skills read; the weather."""

    fields: set[str] = field(default_factory=set)
    full: int = -1
    skills: int = -1
    weather: bool = False

    def add(self, name: str, d: int) -> None:
        self.fields.add(name)
        if name == "skills":
            self.skills = max(self.skills, d)
        elif name != "square":
            self.full = max(self.full, d)


def arrival_allows(world: GameState, s: ball.Arrive) -> tuple[str, int, int]:
    """The kind of arrival (``catch``, ``dive``, ``none``) and how far from the ball its step
    may read every declared field, and a player's skills (Disturbing Presence), by
    ``STEP_READS``, ``CATCH_READS`` and ``DIVING_CATCH_READS``."""
    here = world.board.get(s.square)
    if here is not None and here.can_catch():
        return "catch", ball.CATCH_READS.players, ball.CATCH_READS.presence
    if s.kind != "bounce" and ball.anyone_may_dive(world):
        reach = ball.DIVING_CATCH_READS.players
        return "dive", reach + ball.CATCH_READS.players, reach + ball.CATCH_READS.presence
    return "none", ball.STEP_READS[ball.Arrive].players, -1


def check_arrival(world: GameState, s: ball.Arrive, rec: Record, seen: Seen) -> None:
    _, full, skills = arrival_allows(world, s)
    where = {p.id: p.square for p in world.players.values()}
    for pid, name in rec.players:
        assert name in DECLARED | {"square"}, (s, pid, name)
        if name == "square":  # where a player stands: how the rules find whom to read
            continue
        sq = where[pid]
        assert sq is not None, (s, pid, name)
        d = distance(sq, s.square)
        assert d <= (max(full, skills) if name == "skills" else full), (s, pid, name, d)
        seen.add(name, d)
    for looked in rec.squares:
        assert distance(looked, s.square) <= max(full, 0), (s, looked)
    assert not rec.weather or (ball.CATCH_READS.weather and full > 0), s
    seen.weather |= rec.weather


@pytest.mark.parametrize("rs_name", sorted(RULESETS))
def test_an_arrival_reads_what_the_rules_declare(rs_name: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rs = RULESETS[rs_name]
    rng = random.Random(rs_name)
    seen: dict[str, Seen] = {"catch": Seen(), "dive": Seen(), "none": Seen()}
    for trial in range(400):
        at = near_square(rng, rs)
        world = random_world(rng, rs, at)
        kind = rng.choice(("kickoff", "bounce", "throw_in", "kicked"))
        s = ball.Arrive(at, kind, rng.random() < 0.5)  # type: ignore[arg-type]
        _, _, rec = run_step(world, rs, s, trial, monkeypatch)
        check_arrival(world, s, rec, seen[arrival_allows(world, s)[0]])
    fields = DECLARED  # and where players stand, read anywhere (how the rules find them)
    catch, dive, none = seen["catch"], seen["dive"], seen["none"]
    # every declared field and distance is read somewhere: a read removed fails
    assert catch.fields == fields and catch.weather
    assert (catch.full, catch.skills) == (ball.CATCH_READS.players, ball.CATCH_READS.presence)
    assert dive.fields == fields and dive.weather
    assert (dive.full, dive.skills) == (
        ball.DIVING_CATCH_READS.players + ball.CATCH_READS.players,
        ball.DIVING_CATCH_READS.players + ball.CATCH_READS.presence)
    assert none.full == ball.STEP_READS[ball.Arrive].players and not none.weather


@pytest.mark.parametrize("rs_name", sorted(RULESETS))
def test_a_bounce_and_a_flight_read_only_what_the_rules_declare(
        rs_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bounce reads no player and no weather, only whether its neighbours are occupied
    (``occupied``: each of the eight, never its own square); a ball in the air or thrown in
    reads nothing of the players, the board or the weather."""
    rs = RULESETS[rs_name]
    rng = random.Random(rs_name)
    looked: set[tuple[int, int]] = set()
    for trial in range(200):
        at = near_square(rng, rs)
        world = random_world(rng, rs, at)
        reads = ball.STEP_READS[ball.Bounce]
        _, _, rec = run_step(world, rs, ball.Bounce(at, rng.random() < 0.5), trial, monkeypatch)
        assert rec.players == [] and not rec.weather and reads.players == -1
        looked |= {(q[0] - at.x, q[1] - at.y) for q in rec.squares}
        for s in (ball.InAir(at, rng.randint(1, 3)), throw_in(rng, rs)):
            _, _, rec = run_step(world, rs, s, trial, monkeypatch)
            assert rec == Record(), s
    ring = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    assert looked == ring and max(max(abs(a), abs(b)) for a, b in ring) == reads.occupied


@pytest.mark.parametrize("rs_name", sorted(RULESETS))
def test_a_touchback_reads_what_the_rules_declare(rs_name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """With somebody to take the ball: of each receiving player, what ``can_catch`` reads (who
    may take it), of the taker ``AWARD_TAKER_FIELDS`` too, nothing of the kicking team, no
    weather. With nobody: only declared fields (every player, the weather)."""
    rs = RULESETS[rs_name]
    rng = random.Random(rs_name)
    can_catch = can_catch_fields(monkeypatch)
    taker_fields: set[str] = set()
    others: set[str] = set()
    nobody = 0
    for trial in range(200):
        world = random_world(rng, rs, near_square(rng, rs))
        taker = ball.default_taker(world)
        nxt, _, rec = run_step(world, rs, ball.Touchback(Square(-1, 3)), trial, monkeypatch)
        if taker is None:
            nobody += 1
            assert {name for _, name in rec.players} <= DECLARED | {"square"}
            continue
        assert nxt == ball.Held(taker.id, taker.square, True)  # type: ignore[arg-type]
        assert not rec.weather
        for pid, name in rec.players:
            p = world.players[pid]
            assert p.side == world.receiving, (pid, name)
            if pid == taker.id:
                assert name in can_catch | set(ball.AWARD_TAKER_FIELDS), name
                taker_fields.add(name)
            else:
                assert name in can_catch, (pid, name)
                others.add(name)
    assert set(ball.AWARD_TAKER_FIELDS) <= taker_fields and others == can_catch
    assert 0 < nobody < 200


# -- the ball's own state ---------------------------------------------------------------------

def throw_in(rng: random.Random, rs: Ruleset) -> ball.ThrowIn:
    """A throw-in from a random square on the edge, to a random square off the pitch beyond it."""
    last = edge_square(rng, rs)
    return ball.ThrowIn(last, rng.choice(beyond(rs, last)))


def edge_square(rng: random.Random, rs: Ruleset) -> Square:
    """A random square on the pitch's edge, its corners one time in four."""
    w, h = rs.pitch.width, rs.pitch.height
    if rng.random() < 0.25:
        return Square(rng.choice((0, w - 1)), rng.choice((0, h - 1)))
    return rng.choice([Square(rng.randrange(w), rng.choice((0, h - 1))),
                       Square(rng.choice((0, w - 1)), rng.randrange(h))])


def other_value(rng: random.Random, rs: Ruleset, s: Any, name: str) -> Any:
    """Another value of ``s``'s field ``name``."""
    value = getattr(s, name)
    while True:
        if isinstance(value, bool):
            new: Any = not value
        elif name == "scatters":
            new = rng.randint(1, 3)
        elif name == "kind":
            new = rng.choice(("kickoff", "bounce", "throw_in", "kicked"))
        elif name == "at":
            new = Square(rng.randint(-1, rs.pitch.width), rng.choice((-1, rs.pitch.height)))
        elif name == "last":
            new = edge_square(rng, rs)
        else:
            new = near_square(rng, rs)
        if new != value:
            return new


def beyond(rs: Ruleset, last: Square) -> list[Square]:
    """The squares off the pitch next to ``last`` (a square on its edge)."""
    return [Square(last.x + dx, last.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if not rs.pitch.on_pitch((last.x + dx, last.y + dy))]


def varied(rng: random.Random, rs: Ruleset, s: Any, name: str) -> tuple[Any, str]:
    """``s`` with its field ``name`` changed, and the read the change touches: the field's
    name (a throw-in's ``off``: another square off the pitch next to its last square, over
    another edge at a corner)."""
    values = {n: getattr(s, n) for n in type(s).__slots__}
    if name == "off":
        values["off"] = rng.choice([q for q in beyond(rs, s.last) if q != s.off])
        return type(s)(**values), name
    values[name] = other_value(rng, rs, s, name)
    if name == "last":
        values["off"] = rng.choice(beyond(rs, values["last"]))
    return type(s)(**values), name


def starts(rng: random.Random, rs: Ruleset) -> dict[type, Callable[[], Any]]:
    return {
        ball.Arrive: lambda: ball.Arrive(near_square(rng, rs), rng.choice(
            ("kickoff", "bounce", "throw_in", "kicked")), rng.random() < 0.5),
        ball.Bounce: lambda: ball.Bounce(near_square(rng, rs), rng.random() < 0.5),
        ball.InAir: lambda: ball.InAir(near_square(rng, rs), rng.randint(1, 3)),
        ball.ThrowIn: lambda: throw_in(rng, rs),
        ball.Touchback: lambda: ball.Touchback(other_value(rng, rs, ball.Touchback(
            Square(0, 0)), "at")),
    }


def rolled(log: list[Any]) -> list[Any]:
    return [(e["die"], e["value"]) for e in log if e.get("step") == "roll"]


@pytest.mark.parametrize("rs_name", sorted(RULESETS))
def test_a_step_reads_of_the_ball_what_the_rules_declare(rs_name: str) -> None:
    """For each kind of state and each of its fields: the same world, the same dice, the field
    changed. What ``STEP_READS[...].ball`` does not name must change neither the next state nor
    the dice rolled (the touchback's square, a throw-in's square off the pitch, over a corner's
    other edge too); what it names must change one of them in some run."""
    rs = RULESETS[rs_name]
    rng = random.Random(rs_name)
    for kind, make in starts(rng, rs).items():
        declared = set(ball.STEP_READS[kind].ball)
        fields = list(kind.__slots__)
        changed: set[str] = set()
        for trial in range(300):
            s = make()
            name = fields[trial % len(fields)]
            t, read = varied(rng, rs, s, name)
            world = random_world(rng, rs, getattr(s, "square", None) or near_square(rng, rs))
            a, log_a, _ = run_step(world, rs, s, trial)
            b, log_b, _ = run_step(world, rs, t, trial)
            same = a == b and rolled(log_a) == rolled(log_b)
            if read not in declared:
                assert same, (kind.__name__, read, s, t, a, b)
            elif not same:
                changed.add(read)
        assert changed == declared, (kind.__name__, changed, declared)
