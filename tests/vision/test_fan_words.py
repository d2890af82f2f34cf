"""A fan of jokers alone counted by the JOKER words down its cards' corners
(vision.fan_words): two cards whose shared edge was lost show two words on one strip; a
frame line's dashes are no word."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards
from vision.fan_words import Word, fan_jokers, fan_words
from vision.joker_fan import FanStrips
from vision.recognize import ZONE_PX_PER_MM, Doubt, Recognizer
from vision.types import BGRImage

from .helpers import read_dev_scene

B, R = Rank.SMALL_JOKER, Rank.BIG_JOKER
IDENTITY = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
TOP = 30  # the cards' top edge (px) in the drawn view
LETTER_ROW = TOP + 4 * ZONE_PX_PER_MM  # (the index line: 7 mm from the cards' end)


def _strips(spans: tuple[tuple[float, float], ...], reds: tuple[float, ...]) -> FanStrips:
    """Strips across a view's x axis (``across`` is x), cards pointing down the view."""
    corners = tuple((a + 5 * ZONE_PX_PER_MM, TOP + 7 * ZONE_PX_PER_MM) for a, _ in spans)
    return FanStrips(reds, IDENTITY, spans, corners, (0.0, 1.0))


def _word(view: BGRImage, x: int, colour: tuple[int, int, int]) -> None:
    """"JOKER" down the view from column ``x``, its letters (~4 mm) stacked as a joker's
    corner shows them."""
    for k, letter in enumerate("JOKER"):
        cv2.putText(view, letter, (x, int(LETTER_ROW) + 18 * k), cv2.FONT_HERSHEY_SIMPLEX,
                    0.7, colour, 2, cv2.LINE_AA)


def _fan_view() -> BGRImage:
    """White cards on green cloth: a black word and a red one on the first strip (their
    edge lost), a black word and a dashed frame line on the second."""
    view = np.full((260, 260, 3), (40, 110, 60), np.uint8)
    cv2.rectangle(view, (10, TOP), (250, 240), (235, 238, 240), -1)
    _word(view, 30, (30, 30, 30))
    _word(view, 70, (40, 40, 200))
    _word(view, 130, (30, 30, 30))
    for y in range(TOP + 10, 230, 8):  # the frame line: dashes 1.5 mm wide (blurred)
        cv2.rectangle(view, (172, y), (177, y + 4), (60, 60, 60), -1)
    return view


def test_each_word_is_a_card_in_its_colour_and_a_frame_line_none() -> None:
    view = _fan_view()
    finder = Recognizer().finder
    seen = finder.survey(view, view.shape[:2]).ink
    strips = _strips(((10.0, 120.0), (120.0, 250.0)), (0.0, 0.0))
    words = fan_words(view, seen, strips, ZONE_PX_PER_MM, finder.joker_red)
    assert [w.joker for w in words] == [B, R, B]
    assert [round(w.center[0] / 20) for w in words] == [2, 4, 7]  # ~37, ~77, ~137 px
    assert fan_jokers(strips, words) == (B, R, B)


def test_strips_showing_no_word_leave_the_strips_reading() -> None:
    strips = _strips(((0.0, 50.0), (50.0, 100.0), (100.0, 150.0), (150.0, 250.0)),
                     (0.0, 1.0, 1.0, 0.0))
    by_strips = (B, R, R, B)
    assert fan_jokers(strips, []) == by_strips
    # two strips show none
    assert fan_jokers(strips, [Word((20.0, 40.0), 1.0), Word((200.0, 40.0), 1.0)]) == by_strips
    # the top card's strip shows none
    words = [Word((20.0, 40.0), 1.0), Word((70.0, 40.0), 1.0), Word((120.0, 40.0), 1.0)]
    assert fan_jokers(strips, words) == by_strips


def test_one_strip_beneath_the_top_showing_no_word_was_parted_by_a_line() -> None:
    """(a frame line or a picture's edge on a card's face passed for an edge)"""
    strips = _strips(((0.0, 50.0), (50.0, 100.0), (100.0, 150.0), (150.0, 250.0)),
                     (0.0, 1.0, 1.0, 0.0))
    words = [Word((20.0, 40.0), 1.0), Word((120.0, 40.0), 0.0), Word((200.0, 40.0), 1.0)]
    assert fan_jokers(strips, words) == (R, B, R)
    pair = _strips(((0.0, 50.0), (50.0, 150.0)), (1.0, 0.0))
    assert fan_jokers(pair, [Word((100.0, 40.0), 1.0)]) == (R, B)  # one word tells nothing


@pytest.mark.parametrize(("seed", "seat", "truth"), [
    (4091, 2, "BBRR"), (4124, 2, "BRRR"), (4139, 4, "BRR")])
def test_a_fan_of_anglo_jokers_is_counted_by_its_words(shared_data: Path, seed: int,
                                                       seat: int, truth: str) -> None:
    """Dev scenes (anglo, 4000–4199): strips ~4 mm wide whose edges were lost, read `BBR`,
    `BRR` and `RR` by the edges alone; still a guess for the players to confirm."""
    reading = read_dev_scene(shared_data, "anglo", seed, seat, looked=True)
    assert reading.notation == truth, reading.why()
    assert reading.unsure and Doubt.NO_INDEX in reading.doubts


def test_a_pictures_dark_tip_beside_a_word_is_no_word(shared_data: Path) -> None:
    """Dev scene (anglo 4178): a fan whose 10-like picture read weakly is taken as the fan
    of jokers its edges count (Recognizer._posed_by_jokers); the dark tip of a jester's hat
    beside a 大王's word, a column as wide as a word but of sparse ink (WORD_INK_MM), would
    make that strip two cards (`BBBRRR`)."""
    reading = read_dev_scene(shared_data, "anglo", 4178, 2, looked=True)
    assert reading.notation == "BBRRR", reading.why()


def test_where_the_words_are_taken_the_strips_reading_is_offered_next(
        shared_data: Path) -> None:
    """Dev scene (anglo 4160): a 大王's faint word missed on its own strip; the words read
    `BBR` where the strips read the truth, `BBRR`, which the players are offered next."""
    reading = read_dev_scene(shared_data, "anglo", 4160, 5, looked=True)
    assert reading.notation == "BBR"
    assert [format_cards(c) for c, _ in reading.candidates[:2]] == ["BBR", "BBRR"]


def test_a_joker_laid_whole_over_one_read_card_is_counted_by_its_word(
        shared_data: Path) -> None:
    """Dev scene (anglo 4054): a 大王 laid over a 7, hiding all the paper past the 7's
    index; its strip shows its word, so the fan's edges are asked though the paper leaves no
    room past the read card, and the word's colour tells the joker where the strip's corner
    ink (its frame line and its word) is of no clear colour.  Read `7` before."""
    reading = read_dev_scene(shared_data, "anglo", 4054, 3, looked=True)
    assert reading.notation == "7R", reading.why()
    assert reading.unsure
