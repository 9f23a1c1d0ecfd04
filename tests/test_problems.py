"""``Problem``: the value every check returns, its one rendering, and the sentences of engine
errors read back into where, players and squares (``core/problems.py``)."""

from __future__ import annotations

import pytest

from kickoff.core.pitch import Square
from kickoff.core.problems import Problem


def test_text_and_at() -> None:
    p = Problem("2 players in the top Wide Zone, at most 2", "home team", ("h1", "h2"))
    assert p.text() == "home team: 2 players in the top Wide Zone, at most 2"
    assert p.at("my.toml").text() == "my.toml: home team: 2 players in the top Wide Zone, at most 2"
    assert Problem("no where").text() == "no where"
    assert p.as_json() == {"text": p.text(), "where": "home team", "message": p.message,
                           "players": ["h1", "h2"], "squares": []}


@pytest.mark.parametrize(("sentence", "where", "players", "squares"), [
    ("decisions.high_kick: h2 is not an Open, Standing player", "decisions.high_kick", (), ()),
    ("decisions.blitz[1] (p11976801 at [12, 13]).block.follow_up: p11976801 has Frenzy",
     "decisions.blitz[1] (p11976801 at [12, 13]).block.follow_up", ("p11976801",),
     (Square(12, 13),)),
    ("decisions.blitz[0] (h4 off the pitch): gone", "decisions.blitz[0] (h4 off the pitch)",
     ("h4",), ()),
    ("kicker h4 has no Kick skill", "", (), ()),
    ("a b: c", "", (), ()),
])
def test_from_text(sentence: str, where: str, players: tuple[str, ...],
                   squares: tuple[Square, ...]) -> None:
    p = Problem.from_text(sentence)
    assert (p.where, p.players, p.squares) == (where, players, squares)
    assert p.text() == sentence  # the sentence comes back whole
