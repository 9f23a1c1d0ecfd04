"""``kickoff fumbbl review --png`` (issue 28, point 1): each kick-off's pitch, the kicked target
and the best one marked, the advisor's set-up drawn.

Contract: ``docs/fumbbl.md`` ("Reviewing a game": ``--png FOLDER`` writes
``GAME-kickoff-N.png``, 40 pixels a square, the kicked target framed blue and dashed, the best
black, the advisor's squares as yellow rings; a folder of games or a folder that cannot be made:
one message, exit 1, nothing written).
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import SHARED_DIR, assert_invalid, cli
from PIL import Image

from kickoff.core.pitch import Square

REPLAYS = SHARED_DIR / "data" / "fumbbl-replays"
needs_replays = pytest.mark.shared_data("data/fumbbl-replays/1559380.json.gz")


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _count(image: Image.Image, box: tuple[int, int, int, int], colour: str) -> int:
    """Pixels of ``image`` in ``box`` within 40 (each channel) of ``colour``."""
    want = _rgb(colour)
    data = image.convert("RGB").crop(box).tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if all(abs(data[i + c] - want[c]) <= 40 for c in range(3)))


def _square(x: int, y: int) -> tuple[int, int, int, int]:
    from kickoff.analysis.plot import LEFT, SQUARE_PX, TOP

    left, top = (LEFT + x) * SQUARE_PX, (TOP + y) * SQUARE_PX
    return (left, top, left + SQUARE_PX, top + SQUARE_PX)


@needs_replays
def test_png_marks_the_kicked_and_the_best_target(tmp_path: Path) -> None:
    from kickoff.analysis.review_plot import KICKED_COLOUR

    out = tmp_path / "pngs"
    # (1546677: three kick-offs, reviewed in about 60 % of the CPU of 1559380's four)
    code, text, err = cli(["fumbbl", "review", str(REPLAYS / "1546677.json.gz"), "--json",
                           "--png", str(out)])
    assert code == 0, err
    doc = json.loads(text)
    names = sorted(p.name for p in out.iterdir())
    assert names == [f"1546677-kickoff-{k['kickoff']}.png" for k in doc["kickoffs"]]
    assert doc["png"] == [str(out / n) for n in names]
    for k in doc["kickoffs"]:
        with Image.open(out / f"1546677-kickoff-{k['kickoff']}.png") as image:
            assert image.size == (1160, 720)
            tx, ty = k["target"]
            assert _count(image, _square(tx, ty), KICKED_COLOUR) >= 20
            # the blue dashed frame is on the kicked square only (a square two rows off)
            far = (tx, ty + 2 if ty < 7 else ty - 2)
            assert _count(image, _square(*far), KICKED_COLOUR) == 0
            bx, by = k["best_target"]
            assert _count(image, _square(bx, by), "#000000") >= 40  # the best's black frame


@needs_replays
def test_png_draws_the_advisors_set_up() -> None:
    """A review whose advice moves one receiving player: a yellow ring on his new square, none
    on a square nobody was sent to."""
    from kickoff.analysis.review_plot import ADVICE_COLOUR, review_png
    from kickoff.cli.review_cmd import review_one
    from kickoff.core.pitch import Square
    from kickoff.formats.fumbbl.replay import extract_kickoffs
    from kickoff.formats.scenario import load_scenario, parse_scenario

    k = extract_kickoffs(REPLAYS / "1559380.json.gz")[0]
    review = review_one(k, "receiver-holds", 1)
    state = load_scenario(parse_scenario(json.dumps(k.scenario))).state
    mover = next(p for p in state.players.values()
                 if p.side == review.receiving and p.square is not None)
    assert mover.square is not None
    free = next(Square(x, y) for x in range(state.pitch.width) for y in (0, 14)
                if state.pitch.in_half(review.receiving, Square(x, y))
                and Square(x, y) not in state.board)
    advised = replace(review, advice={mover.id: free.as_list()})
    for r, ring in ((review, False), (advised, True)):
        image_bytes = io.BytesIO()
        review_png(state, r, "receiver-holds", image_bytes)
        with Image.open(image_bytes) as image:
            assert (_count(image, _square(free.x, free.y), ADVICE_COLOUR) >= 20) is ring


def test_png_without_ranked_targets_is_refused() -> None:
    from kickoff.analysis.review import KickoffReview
    from kickoff.analysis.review_plot import review_png
    from kickoff.core.pitch import Square

    bare = KickoffReview("home", Square(19, 7), Square(19, 7), None, False, 0, [])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no ranked targets"):
        review_png(None, bare, "receiver-holds", Path("never.png"))  # type: ignore[arg-type]


@needs_replays
def test_png_of_a_folder_of_games_is_one_message(tmp_path: Path) -> None:
    code, out, err = cli(["fumbbl", "review", str(REPLAYS), "--png", str(tmp_path / "x")])
    assert_invalid(code, out, err, "--png", "one game")
    assert not (tmp_path / "x").exists()


# slow: the whole game is reviewed (5 s of CPU, as the test above) before the folder is
# refused; the quick suite keeps the folder of games refused at once (above)
@pytest.mark.slow
@needs_replays
def test_png_into_a_file_is_one_message_nothing_written(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a folder")
    code, out, err = cli(["fumbbl", "review", str(REPLAYS / "1546677.json.gz"), "--png",
                          str(blocker / "pngs")])
    assert_invalid(code, out, err, "--png", str(blocker / "pngs"))
    assert blocker.read_text() == "a file, not a folder"


@pytest.mark.parametrize(("best", "below"), [((10, 4), True), ((11, 4), True), ((10, 6), False),
                                             ((12, 4), False), ((10, 5), False)])
def test_the_kicked_label_keeps_off_the_best_targets_value(best: tuple[int, int],
                                                           below: bool) -> None:
    # (the label sat over the best target's value when the best was the square above)
    import matplotlib.pyplot as plt

    from kickoff.analysis.review_plot import _mark_kick

    fig, ax = plt.subplots()
    try:
        _mark_kick(ax, Square(10, 5), Square(*best))
        (label,) = [t for t in ax.texts if t.get_text() == "kicked"]
        assert label.get_position() == (10, 5.62 if below else 4.38)
        assert label.get_verticalalignment() == ("top" if below else "bottom")
    finally:
        plt.close(fig)


def test_the_png_title_names_the_kicked_value_as_the_best_s() -> None:
    # the heat map names its best target's value to one decimal ("12.5%"); the title gave the
    # kicked one to two ("12.44%"), so a kicked 12.44% could read above a best of "12.4%"
    from fractions import Fraction
    from types import SimpleNamespace

    from kickoff.cli.review_cmd import png_title

    r = SimpleNamespace(target=Square(19, 8), judged=[SimpleNamespace(chosen=Fraction(1244, 10000))])
    assert png_title("1559380", 2, r, "receiver-holds") == (  # type: ignore[arg-type]
        "game 1559380, kick-off 2, kicked [19, 8] 12.4%")
    assert png_title("1559380", 2, r, "distance").endswith(  # type: ignore[arg-type]
        "kicked [19, 8] 0.12 squares")
