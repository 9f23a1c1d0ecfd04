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


def test_seeded_dice_read_ahead_words_across_refills() -> None:
    """The words drawn ahead (``WORDS`` at a time) run out and are drawn again many times over:
    still randrange's values, die for die, dice of one word and of several mixed."""
    sides = [6, 6, 8, 3, 16, 22, 2, 255, 256, 257, 1000, 2**32, 2**32 + 1, 2**40 + 3, 1] * 400
    dice, rng = SeededDice(99), random.Random(99)
    assert [dice.roll("pick", n) for n in sides] == [rng.randrange(n) + 1 for n in sides]


def test_a_pickle_mid_words_and_an_old_pickle_go_on_with_the_same_dice() -> None:
    """A pickle taken with words drawn ahead and not yet read goes on with them; a pickle of
    the earlier form (seed and generator only) goes on from its generator."""
    rng = random.Random(5)
    expected = [rng.randrange(6) + 1 for _ in range(300)]
    dice = SeededDice(5)
    assert [dice.roll("d6", 6) for _ in range(41)] == expected[:41]
    copy = pickle.loads(pickle.dumps(dice))
    assert [copy.roll("d6", 6) for _ in range(259)] == expected[41:]
    from kickoff.core.dice import _seeded_dice

    old = _seeded_dice(5, random.Random(5))
    assert [old.roll("d6", 6) for _ in range(300)] == expected
