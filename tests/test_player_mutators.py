"""Players change only through the game state's mutators (issue 29): ``GameState.facts`` (the
per-set-up cache of who is Open, the eligible kickers, tackle zones...) is dropped by
``GameState.own`` and the mutators built on it, so a field assigned through a reference would let
a read between the two see the set-up as it was. No module assigns a player's field but
``kickoff.core.state``."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "kickoff"


def _player_slots() -> frozenset[str]:
    """``Player.__slots__`` as ``kickoff.core.state`` declares it (a compiled class keeps none)."""
    for node in ast.parse((SRC / "core" / "state.py").read_text()).body:
        if isinstance(node, ast.ClassDef) and node.name == "Player":
            for item in node.body:
                if (isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name)
                        and item.targets[0].id == "__slots__"):
                    return frozenset(ast.literal_eval(item.value))
    raise AssertionError("no Player.__slots__ in kickoff.core.state")


#: A player's fields (those a rule may change, and the others).
FIELDS = _player_slots()
#: Where a field is assigned on a player that no game state holds: ``(module, function)``.
FREE_COPIES = {
    # every player copied onto one square, to ask ``ball.reach`` how far a set-up can read
    ("analysis/advisor/evaluate.py", "_widest"),
}


def assignments(tree: ast.AST) -> list[tuple[str, str, int]]:
    """``(function, field, line)`` of each assignment to ``<not self>.<player field>``."""
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            targets: list[ast.expr] = []
            if isinstance(child, ast.Assign):
                targets = list(child.targets)
            elif isinstance(child, (ast.AugAssign, ast.AnnAssign)):
                targets = [child.target]
            while targets:
                t = targets.pop(0)
                if isinstance(t, (ast.Tuple, ast.List)):
                    targets[:0] = t.elts
                elif isinstance(t, ast.Starred):
                    targets.insert(0, t.value)
                elif (isinstance(t, ast.Attribute) and t.attr in FIELDS
                        and not (isinstance(t.value, ast.Name) and t.value.id == "self")):
                    found.append((name, t.attr, t.lineno))
            visit(child, name)

    visit(tree, "")
    return found


def test_no_module_but_the_state_assigns_a_players_field() -> None:
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel == "core/state.py":
            continue
        for function, field, line in assignments(ast.parse(path.read_text(), rel)):
            if (rel, function) not in FREE_COPIES:
                offenders.append(f"{rel}:{line} {function}: .{field} =")
    assert offenders == []


def test_the_scan_sees_an_assignment_through_an_owned_reference() -> None:
    assert {"status", "ma", "av", "skills", "effects", "square"} <= FIELDS
    source = ("def f(st, p, d):\n    q = st.own(p)\n    q.status = 'prone'\n    q.ma, q.av = 1, 2\n"
              "    self.ma = 3\n    d[q.id] = q\n    q.st += 1\n")
    assert assignments(ast.parse(source)) == [("f", "status", 3), ("f", "ma", 4), ("f", "av", 4),
                                               ("f", "st", 7)]
