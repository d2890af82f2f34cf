"""A fan of jokers alone counted by the JOKER words down its cards' corners
(vision.fan_words): two cards whose shared edge was lost show two words on one strip; a
frame line's dashes are no word.  A word read as a natural index is told by its letters
running on down the card (vision.fan_words.word_at)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards
from vision.fan_words import WORD_RUN, Word, fan_jokers, fan_words, word_at
from vision.indices import IndexMark
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


def _index_at(x: float, y: float, height: float) -> IndexMark:
    """A J read at (``x``, ``y``), its glyph ``height`` px tall, its card pointing down."""
    return IndexMark(Rank.JACK, 0.85, 0.2, Rank.QUEEN, (x, y), (0.0, 1.0), height, "D", 1)


def test_letters_running_on_down_the_card_make_a_read_index_a_jokers_word() -> None:
    """A black and a red JOKER, each read as a J by its first letter, are the words of a
    小王 and a 大王; a natural J's glyph and its pip end where a word's letters run on."""
    view = np.full((260, 260, 3), (40, 110, 60), np.uint8)
    cv2.rectangle(view, (10, TOP), (250, 240), (235, 238, 240), -1)
    _word(view, 30, (30, 30, 30))
    _word(view, 90, (40, 40, 200))
    # a natural J♦: its glyph (22 px), and its pip below it
    cv2.putText(view, "J", (160, int(LETTER_ROW)), cv2.FONT_HERSHEY_SIMPLEX, 1.0,
                (30, 30, 30), 2, cv2.LINE_AA)
    pip = np.array([[172, LETTER_ROW + 6], [180, LETTER_ROW + 16], [172, LETTER_ROW + 26],
                    [164, LETTER_ROW + 16]], np.int32)
    cv2.fillPoly(view, [pip], (40, 40, 200))
    finder = Recognizer().finder
    seen = finder.survey(view, view.shape[:2]).ink
    first = LETTER_ROW - 7  # the middle of a word's J
    assert word_at(view, seen, _index_at(36, first, 14), ZONE_PX_PER_MM,
                   finder.joker_red) is B
    assert word_at(view, seen, _index_at(96, first, 14), ZONE_PX_PER_MM,
                   finder.joker_red) is R
    assert word_at(view, seen, _index_at(168, LETTER_ROW - 10, 22), ZONE_PX_PER_MM,
                   finder.joker_red) is None
    # letters that stop short of WORD_RUN glyph heights are no word
    cv2.rectangle(view, (20, int(first + WORD_RUN * 14) - 8), (60, 240), (235, 238, 240), -1)
    seen = finder.survey(view, view.shape[:2]).ink
    assert word_at(view, seen, _index_at(36, first, 14), ZONE_PX_PER_MM,
                   finder.joker_red) is None


@pytest.mark.parametrize(("deck", "seed", "seat", "truth", "before"), [
    ("anglo", 2147, 3, "BBBBRRRR", "JJJJBBRR"), ("anglo", 2119, 0, "BBRR", "JJR"),
    ("anglo", 2337, 4, "BB", "AAB"), ("neoclassical", 2561, 2, "BBBRRRR", "JJBBBB")])
def test_a_fan_of_jokers_whose_words_read_as_indices_is_counted_by_its_words(
        shared_data: Path, deck: str, seed: int, seat: int, truth: str, before: str) -> None:
    """Dev scenes (2000–2599): every natural card read is a joker's word, its first
    letters read as a J (its pip well), or an A; read as those before (``before``).  The
    words are taken for their jokers and the fan is counted as a fan of jokers alone
    (Recognizer._posed_by_jokers); still a guess for the players to confirm."""
    reading = read_dev_scene(shared_data, deck, seed, seat, looked=True)
    assert reading.notation == truth, reading.why()
    assert reading.unsure
    assert before not in [format_cards(c) for c, _ in reading.candidates[:1]]


def test_a_fan_of_jokers_counted_so_is_not_read_again_for_more(shared_data: Path) -> None:
    """Dev scene (anglo 2083): one J read, a word whose letters run on; the fan of jokers
    its edges and words count, `BR`, covers all the new paper: no more paper than cards
    doubts it, so it is not read again in other ink for more cards (which read `BBR`)."""
    reading = read_dev_scene(shared_data, "anglo", 2083, 4, looked=True)
    assert reading.notation == "BR", reading.why()
    assert Doubt.MORE_PAPER not in reading.doubts


def test_an_odd_card_whose_letters_run_on_is_a_joker(shared_data: Path) -> None:
    """Dev scene (anglo 2139): in a set of 9s a J read by one index, its pip well, is a 小王's
    word; read `9999922B` before, the J counted as a 9."""
    reading = read_dev_scene(shared_data, "anglo", 2139, 4, looked=True)
    assert reading.notation == "999922BB", reading.why()


def test_an_odd_card_of_another_rank_than_j_is_no_word(shared_data: Path) -> None:
    """Dev scene (paris 2056): a 7 read at a 9's corner, whose side pips run on below it as
    a word's letters would; an odd card of another rank than J may be a pip or art read as
    one, and is not taken for a joker's word (`999999BBR`)."""
    reading = read_dev_scene(shared_data, "paris", 2056, 4, looked=True)
    assert reading.notation == "999999R", reading.why()
