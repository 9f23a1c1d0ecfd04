"""``SeededDice`` draws exactly what ``random.Random(seed).randrange(sides) + 1`` draws, die after
die, whatever the number of faces (it draws them without ``randrange``'s interpreted calls, issue
16), and a pickled ``SeededDice`` goes on with the same dice, in both builds."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kickoff.core.dice import SeededDice

#: Numbers of faces: every die kind, picks, and draws of more than one 32-bit word.
FACES = st.one_of(st.sampled_from([3, 5, 6, 8, 16]), st.integers(1, 70),
                  st.integers(2**31, 2**33), st.integers(2**60, 2**70))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), faces=st.lists(FACES, min_size=1, max_size=300))
def test_seeded_dice_are_randrange(seed: int, faces: list[int]) -> None:
    dice, rng = SeededDice(seed), random.Random(seed)
    assert [dice.roll("pick", n) for n in faces] == [rng.randrange(n) + 1 for n in faces]


def test_seeded_dice_go_on_after_a_pickle() -> None:
    dice = SeededDice(2026)
    first = [dice.roll("d6", 6) for _ in range(37)]
    copy = pickle.loads(pickle.dumps(dice))
    rng = random.Random(2026)
    expected = [rng.randrange(6) + 1 for _ in range(200)]
    assert first == expected[:37]
    assert repr(copy) == "SeededDice(2026)"
    rest = expected[37:]
    assert [copy.roll("d6", 6) for _ in rest] == rest
    assert [dice.roll("d6", 6) for _ in rest] == rest
