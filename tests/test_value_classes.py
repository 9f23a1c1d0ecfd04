"""The hand-written value classes cover every slot (issue 29): the compiled modules' plain
classes with ``__slots__`` and their own ``__eq__`` list their fields three or four times
(``__slots__``, ``__init__``, ``_fields``, ``__repr__``, ``__reduce__``); a slot added and left out
of one of them would corrupt the solver's state numbering without a word.

The classes and their slots are found, not listed: every class with ``__slots__`` and its own
``__eq__`` in a compiled module (``kickoff.core.compiled``). Each has two examples here that
differ in every slot; for each slot, the first example with only that slot taken from the second
must be unequal to the first, hash differently (when hashable), show the difference in ``repr``
and survive pickling. A new value class, or a slot the examples do not tell apart, fails
:func:`test_every_value_class_has_examples` / :func:`test_the_examples_differ_in_every_slot`.
"""

from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
import pickle
from dataclasses import MISSING, fields, is_dataclass
from glob import glob
from pathlib import Path
from typing import Any

import pytest

import kickoff
from kickoff.core import ball
from kickoff.core.compiled import COMPILED
from kickoff.core.decisions import Decisions
from kickoff.core.kickoff import Deviation, EventRoll, KickoffResult
from kickoff.core.pitch import Square
from kickoff.core.rolls import Turn
from kickoff.core.rulesets import RULESETS
from kickoff.core.state import GameState, Player, Team

ROOT = Path(__file__).resolve().parent.parent


def _compiled_sources() -> list[str]:
    return sorted({p for pattern in COMPILED for p in glob(pattern, root_dir=ROOT, recursive=True)})


def _declared(source: str) -> dict[str, tuple[str, ...]]:
    """The classes of ``source`` (a path from the repository root) that declare ``__slots__``
    and define ``__eq__``, with their slots, read from the source (a compiled class keeps no
    ``__slots__``: the test reads the same declarations on both builds)."""
    found: dict[str, tuple[str, ...]] = {}
    for node in ast.parse((ROOT / source).read_text()).body:
        if not isinstance(node, ast.ClassDef) or any(
                "dataclass" in ast.unparse(d) for d in node.decorator_list):
            continue
        declared: tuple[str, ...] | None = None
        eq = False
        for item in node.body:
            if (isinstance(item, ast.Assign) and len(item.targets) == 1
                    and isinstance(item.targets[0], ast.Name) and item.targets[0].id == "__slots__"):
                value = ast.literal_eval(item.value)
                declared = (value,) if isinstance(value, str) else tuple(value)
            eq = eq or (isinstance(item, ast.FunctionDef) and item.name == "__eq__")
        if declared is not None and eq:
            found[node.name] = declared
    return found


@functools.cache  # the compiled modules parsed once (0.8 s a test under load), only read
def value_classes() -> dict[str, tuple[type, tuple[str, ...]]]:
    """Every class of a compiled module with ``__slots__`` and its own ``__eq__`` (not the
    dataclasses: their methods are generated from one list), by its qualified name, with its
    slots."""
    found: dict[str, tuple[type, tuple[str, ...]]] = {}
    for source in _compiled_sources():
        name = source.removeprefix("src/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for cls_name, declared in _declared(source).items():
            cls = getattr(importlib.import_module(name), cls_name)
            assert not is_dataclass(cls)
            found[f"{name}.{cls_name}"] = (cls, declared)
    return found


SLOTS = {cls: declared for cls, declared in value_classes().values()}


def slots(cls: type) -> tuple[str, ...]:
    """The slots of a value class (``()`` for another class)."""
    return SLOTS.get(cls, ())


def _state(name: str, ma: int) -> GameState:
    rs = RULESETS["bb2020"]
    home = Team("home", [Player(f"{name}1", "home", ma=ma, st=3, ag=3, av=9, square=Square(5, 7))])
    return GameState(rs.pitch, {"home": home, "away": Team("away", [])})


def _turns() -> tuple[Turn, Turn]:
    a = Turn("home", team_rerolls=False, once_per_turn_skills_allowed=False)
    b = Turn("away", team_rerolls=True, once_per_turn_skills_allowed=True, ends_on_fall=True,
             fallback=True)
    b.team_rerolls_used, b.turnover, b.why_ended = 1, True, "turnover"
    b.skills_used.add(("h1", "dodge"))
    b.activated.add("h1")
    b.actions_taken["blitz"] = 1
    b.activate("h1", "actions[0]")
    return a, b


def examples() -> dict[str, tuple[Any, Any]]:
    """Two examples of each value class, differing in every slot."""
    s1, s2 = Square(3, 4), Square(5, 6)
    dev = Deviation(1, 2, 2, False, s1), Deviation(8, 6, 5, True, s2)
    ev = EventRoll((1, 2), "Blitz!"), EventRoll((6, 6), "Pitch Invasion")
    turns = _turns()
    from kickoff.analysis.exact.odds import Landing

    return {
        "kickoff.core.ball_states.InAir": (ball.InAir(s1, 0), ball.InAir(s2, 1)),
        "kickoff.core.ball_states.Arrive": (ball.Arrive(s1, "kickoff", False),
                                            ball.Arrive(s2, "bounce", True)),
        "kickoff.core.ball_states.Bounce": (ball.Bounce(s1, False), ball.Bounce(s2, True)),
        "kickoff.core.ball_states.ThrowIn": (ball.ThrowIn(s1, Square(3, -1)),
                                             ball.ThrowIn(s2, Square(5, 15))),
        "kickoff.core.ball_states.Touchback": (ball.Touchback(s1), ball.Touchback(s2)),
        "kickoff.core.ball_states.Held": (ball.Held("h1", s1, False), ball.Held("a2", s2, True)),
        "kickoff.core.ball_states.Rests": (ball.Rests(s1, False), ball.Rests(None, True)),
        "kickoff.core.rolls.Turn": turns,
        "kickoff.core.kickoff.Deviation": dev,
        "kickoff.core.kickoff.EventRoll": ev,
        "kickoff.core.kickoff.KickoffResult": (
            KickoffResult(_state("h", 6), None, None, None, None, False, []),
            KickoffResult(_state("a", 7), "h1", s2, dev[1], ev[1], True, [{"step": "kick"}])),
        "kickoff.analysis.exact.odds.Landing": (Landing(s1, False, None),
                                                Landing(s2, True, ball.Bounce(s2, True))),
    }


def same(x: object, y: object) -> bool:
    """``x`` and ``y`` hold the same values: slot by slot for a class with slots (a game state
    and a player compare by identity, and so does a kick-off's result, by its state), else by
    ``==``."""
    if type(x) is not type(y):
        return False
    if isinstance(x, dict):
        assert isinstance(y, dict)
        return x.keys() == y.keys() and all(same(x[k], y[k]) for k in x)
    if isinstance(x, (list, tuple)):
        assert isinstance(y, (list, tuple))
        return len(x) == len(y) and all(same(a, b) for a, b in zip(x, y, strict=True))
    if slots(type(x)) or isinstance(x, (GameState, Team, Player)):
        names = slots(type(x)) or _GAME_FIELDS[type(x)]
        return all(same(getattr(x, s, None), getattr(y, s, None)) for s in names)
    return x == y


def with_slot(a: object, b: object, slot: str) -> object:
    """A copy of ``a`` with only ``slot`` taken from ``b``."""
    h = copy.copy(a)
    object.__setattr__(h, slot, copy.copy(getattr(b, slot)))
    return h


#: What :func:`same` compares of the classes of a game state (compared by identity).
_GAME_FIELDS: dict[type, tuple[str, ...]] = {
    GameState: ("ball", "board", "carrier", "half", "kicking", "pitch", "players", "teams", "weather"),
    Team: ("name", "players", "rerolls", "side", "turn"),
    Player: ("ag", "av", "effects", "id", "ma", "name", "order", "pa", "side", "skills", "square",
             "st", "status"),
}

CASES = [(name, slot) for name, (_, declared) in value_classes().items() for slot in declared]


def test_every_value_class_has_examples() -> None:
    found = value_classes()
    assert "kickoff.core.rolls.Turn" in found and "kickoff.core.ball_states.Held" in found
    assert sorted(found) == sorted(examples())


@pytest.mark.parametrize("name", sorted(value_classes()))
def test_the_examples_differ_in_every_slot(name: str) -> None:
    a, b = examples()[name]
    assert type(a) is value_classes()[name][0] is type(b)
    assert [s for s in slots(type(a)) if same(getattr(a, s), getattr(b, s))] == []


@pytest.mark.parametrize("name", sorted(value_classes()))
def test_the_examples_survive_pickling(name: str) -> None:
    """On either build (compiled, a class without ``__reduce__`` is unpickled by calling its
    constructor with no arguments, and fails)."""
    for x in examples()[name]:
        back = pickle.loads(pickle.dumps(x))
        assert type(back) is type(x) and same(back, x)
        assert back == x or isinstance(x, KickoffResult)


@pytest.mark.skipif(kickoff.compiled, reason="a compiled class's Final fields cannot be set: "
                    "the same source is checked on the pure build")
@pytest.mark.parametrize(("name", "slot"), CASES)
def test_each_slot_counts_in_eq_hash_repr_and_pickle(name: str, slot: str) -> None:
    a, b = examples()[name]
    h = with_slot(a, b, slot)
    assert same(getattr(h, slot), getattr(b, slot))
    assert copy.copy(a) == a or type(a) is KickoffResult  # (its state compares by identity)
    assert (h == a) is False and h != a, f"{name}.__eq__ ignores {slot}"
    if type(a).__hash__ is not None:
        assert hash(h) != hash(a), f"{name}.__hash__ ignores {slot}"
    assert repr(h) != repr(a), f"{name}.__repr__ hides {slot}"
    for x in (a, h):
        back = pickle.loads(pickle.dumps(x))
        assert type(back) is type(x)
        assert same(back, x), f"{name} loses {slot} when pickled"
        if not isinstance(x, KickoffResult):
            assert back == x


@pytest.mark.skipif(kickoff.compiled, reason="a compiled __init__ has no signature to read: the "
                    "same source is checked on the pure build")
def test_decisions_own_init_takes_every_field_with_its_default() -> None:
    """``Decisions`` is a dataclass with its own ``__init__`` (docs/performance.md, "The code's
    shapes for speed"): one keyword per field, in order, with the field's default (a list
    field's ``None`` standing for a new empty list), and each value kept as given."""
    params = list(inspect.signature(Decisions.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(Decisions)]
    made = Decisions()
    for f, p in zip(fields(Decisions), params, strict=True):
        if f.default_factory is not MISSING:
            assert p.default is None and getattr(made, f.name) == f.default_factory() == []
        else:
            assert p.default == f.default == getattr(made, f.name), f.name
    given = Decisions(**{f.name: object() for f in fields(Decisions)})
    assert all(type(getattr(given, f.name)) is object for f in fields(Decisions))
    assert Decisions().quick_snap is not Decisions().quick_snap
