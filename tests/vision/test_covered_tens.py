"""A 10 of a fan of 10s covered but for its "1" (:mod:`vision.covered_tens`)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gouji.cards import Rank
from vision.covered_tens import tens_by_their_one
from vision.fan import UnreadCard
from vision.indices import IndexMark
from vision.recognize import Recognizer

from .helpers import read_jumbo

SLOT = (200.0, 110.0)  # where the unread card's index would lie (glyphs 30 px high)


def _read(rank: Rank, x: float) -> IndexMark:
    return IndexMark(rank, 0.9, 0.3, Rank.TWO, (x, 110.0), (0.0, 1.0), 30.0, "H", 1)


def _guessed(view: np.ndarray, rank: Rank = Rank.TEN) -> Rank:
    """What the joker guessed at SLOT becomes, in a fan whose read indices are ``rank``."""
    rec = Recognizer()
    ink = rec.finder.survey(view).ink
    unread = UnreadCard(SLOT, Rank.BIG_JOKER, Rank.BIG_JOKER, 0.3)
    marks = [_read(rank, 60.0), _read(rank, 110.0)]
    (got,) = tens_by_their_one(rec.finder, ink, marks, [unread])
    return got.rank


def _paper() -> np.ndarray:
    return np.full((300, 500, 3), 255, np.uint8)


def _one(view: np.ndarray, x: int, ink: tuple[int, int, int] = (40, 40, 200)) -> None:
    """A "1" 31 px high (its stem ``x`` to ``x + 5``): a flag at its top, a foot."""
    view[96:125, x:x + 5] = ink
    view[122:126, x - 5:x + 10] = ink
    cv2.line(view, (x + 1, 97), (x - 7, 104), ink, 3)


def test_the_1_left_showing_of_a_covered_10_makes_it_a_10() -> None:
    """A lone stroke a glyph high, standing along the fan's "down" just before the slot's
    middle (where a 10's "1" lies) and reading as a "1", in a set of 10s: the card is a 10,
    not a joker."""
    view = _paper()
    _one(view, 190)
    assert _guessed(view) is Rank.TEN


@pytest.mark.parametrize("what", ["card edge", "no 10s", "round", "lying", "past the middle",
                                  "plain bar"])
def test_what_is_no_covered_10s_1(what: str) -> None:
    """A line longer than a glyph (a card's edge), a ring, a bar lying across the fan, a "1"
    past where the index's middle would be (a 10's "1" is its first digit: anglo's joker
    word's J there, `TTTTTRR` read `TTTTTTR`), a plain bar (as like a J's stem as a "1":
    the word JOKER begins with a J) or a "1" in a set whose rank is not 10 leave the guessed
    joker as it was."""
    view = _paper()
    if what == "card edge":
        view[60:160, 190:194] = 0
    elif what == "round":
        yy, xx = np.mgrid[:300, :500]
        r = np.hypot(yy - 110, xx - 195)
        view[(r >= 9) & (r <= 13)] = 0
    elif what == "lying":
        view[108:113, 180:209] = 0
    elif what == "past the middle":
        _one(view, 210)
    elif what == "plain bar":
        view[96:125, 190:195] = 0
    else:
        _one(view, 190)
    assert _guessed(view, Rank.NINE if what == "no 10s" else Rank.TEN) is Rank.BIG_JOKER


@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    (1, 2072, 3, "TTT"),  # two 10♥ under the top one, each showing its "1": read `TRR`
    (1, 2084, 5, "TT"),  # read `TR`
    (0, 2021, 2, "TTT"),  # read `TTB`
])
def test_jumbo_10s_covered_but_for_their_1_are_read_as_10s(deck: int, seed: int, seat: int,
                                                         truth: str) -> None:
    """Jumbo decks' dev scenes: their 10s' "0" lies under the next card (the set stays
    unsure: the 10 is inferred, not read)."""
    reading = read_jumbo(deck, seed, seat, truth)
    assert reading.notation == truth, reading.why()
    assert reading.unsure
