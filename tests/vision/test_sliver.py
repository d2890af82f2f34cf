"""A card under a fan's bottom card that shows only a sliver, too narrow for the fan's end
rule (vision.fan.END_STEP), is told by its own ink there (vision.fan._sliver): ink lying
wholly between the paper's end and the read bottom card's side.  Ink running on into the
read card is its own art, ink running past the paper's end lies on no card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import format_cards
from vision.fan import SLIVER_SIDE, FanFrame, _sliver
from vision.indices import InkMap, PaperInk
from vision.recognize import ZONE_PX_PER_MM, Recognizer

from .helpers import read_dev_scene


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# anglo's 大王 laid first, its red "Joker" letters and a bell of its jester showing in a strip
# 3–5 mm wide past the bottom 4: read as an unsure 44R / 444R (was a sure 44 / 444; 442R
# was unsure by the fan's edges, read 442)
# (and beside 10s: the read 10's side is placed a usual index's inset from its index, not a
# 10's wider one, which put it 3-4 px short and the red word past it: check seed 2383 and
# dev seed 3206 read sure and a 大王 short)
@pytest.mark.parametrize(("seed", "seat", "cards"), [
    (2038, 5, "44R"), (2117, 2, "444R"), (2373, 1, "442R"), (2383, 2, "TT2R"),
    (3206, 0, "TTTTTTTTR"),
])
def test_a_joker_showing_a_sliver_under_the_fan_is_read(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, "anglo", seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
    assert reading.unsure


# paris' jacks: the bottom J's art runs from its index to its side (no sliver); 5555 whose
# paper joins the seat's label past the bottom 5 (the ink there runs on past the paper's end)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2120, 0, "JJJ"), ("anglo", 2110, 1, "5555"), ("paris", 2110, 1, "5555"),
])
def test_ink_that_is_no_sliver_adds_no_card(recognizer: Recognizer, shared_data: Path,
                                            deck: str, seed: int, seat: int,
                                            cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
    assert not reading.unsure


H = 30.0  # glyph height (px) of the read indices
FIRST = 100.0  # the bottom read index, along the fan (x)
INSET = 0.55 * H
DOWN = FanFrame(np.array([0.0, 1.0]), np.array([1.0, 0.0]))


def _sliver_at(paper_from: int, ink_box: tuple[int, int, int, int], first: float = FIRST,
               paper_end: float = 40.0, wider: float = 0.0) -> float | None:
    """``_sliver`` over paper from x = ``paper_from`` on, holding one ink blob (x0, x1, y0,
    y1) beside a read index at x = ``first`` on the index line y = 100 (``wider``: how much
    further than a usual glyph that index reaches)."""
    paper = np.zeros((300, 400), np.uint8)
    paper[20:290, paper_from:380] = 1
    ink = np.zeros_like(paper)
    x0, x1, y0, y1 = ink_box
    ink[y0:y1, x0:x1] = 1
    seen = PaperInk(InkMap(paper * 255, ink, paper, paper * 255), paper.astype(np.int32), 60)
    return _sliver(seen, DOWN, 100.0, H, first, paper_end, INSET, ZONE_PX_PER_MM, wider)


def test_ink_wholly_in_the_strip_past_the_bottom_card_is_a_card_there() -> None:
    # a letter-sized blob between the paper's end (x 40) and the read card's side (~80)
    assert _sliver_at(40, (50, 60, 95, 120)) == pytest.approx((40 + FIRST - INSET
                                                              - SLIVER_SIDE * H) / 2)


def test_ink_of_the_read_card_or_beyond_the_paper_or_too_little_room_is_none() -> None:
    assert _sliver_at(40, (50, 96, 95, 120)) is None  # runs on to the read index: its art
    assert _sliver_at(0, (20, 60, 95, 120)) is None  # runs on past where the fan's paper ends
    assert _sliver_at(40, (50, 53, 95, 100)) is None  # a speck
    assert _sliver_at(40, (50, 60, 95, 120), first=60.0) is None  # no room for a strip
    assert _sliver_at(40, (50, 60, 180, 220)) is None  # far down the card: not its corner


def test_ink_where_a_wide_index_reaches_is_no_sliver() -> None:
    """A 10's "1" reaches further from its index than a usual glyph: ink ending 0.43 glyph
    heights short of the index (x 87) is a sliver's beside a usual index, not beside one
    0.2 glyph heights wider (a drawn deck's 10 over older cards read `TTTTTR`)."""
    assert _sliver_at(40, (70, 88, 95, 120)) is not None
    assert _sliver_at(40, (70, 88, 95, 120), wider=0.2 * H) is None
