"""Red ink among black cards (recognize._red_among_black, Doubt.RED_INK): a set read sure
whose every card is a black pip card (spades, clubs; no court art) while red ink lies unread
on its paper holds a red card more, most often a 大王 whose print's edge peeks out; the set
is unsure, with one more 大王 first among its candidates."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gouji.cards import Rank, format_cards, parse_cards
from vision.candidates import with_one_more
from vision.indices import IndexMark, InkMap, PaperInk, StrayInk
from vision.recognize import CardReading, Doubt, _red_among_black, _red_glyph

from .helpers import read_dev_scene

JOKER_RED = 35.0


def _card(rank: Rank, pip: str, x: float) -> CardReading:
    mark = IndexMark(rank, 0.9, 0.3, Rank.SEVEN, (x, 100.0), (0.0, 1.0), 40.0, pip, 1)
    corners = ((x - 20, 80.0), (x + 200, 80.0), (x + 200, 380.0), (x - 20, 380.0))
    return CardReading(rank, 0.9, corners, (mark,), Rank.SEVEN)


def _view(glyph: tuple[int, int, int]) -> tuple[np.ndarray, PaperInk]:
    """White paper with a glyph-sized square of ``glyph`` colour (BGR) at each index of
    :func:`_card` at x 100 and 160, its ink mask."""
    image = np.full((400, 600, 3), 235, np.uint8)
    ink = np.zeros((400, 600), np.uint8)
    for x in (100, 160):
        image[85:115, x - 10:x + 10] = glyph
        ink[85:115, x - 10:x + 10] = 1
    paper = np.ones((400, 600), np.uint8)
    return image, PaperInk(InkMap(paper * 235, ink, paper, paper * 235),
                           paper.astype(np.int32), 60)


RED_WORD = StrayInk((130.0, 200.0), 20.0, 5.0, 90.0)  # 0.5 glyph heights, clearly red


def test_red_ink_among_black_pip_cards_tells_of_a_card_more() -> None:
    image, ink = _view((20, 20, 20))
    black = [_card(Rank.FIVE, "S", 100), _card(Rank.FIVE, "C", 160)]
    assert _red_among_black(image, ink, black, [RED_WORD], JOKER_RED)
    # no red ink, too little of it, or ink not red enough: nothing told
    assert not _red_among_black(image, ink, black, [], JOKER_RED)
    small = StrayInk(RED_WORD.center, 10.0, 5.0, 90.0)
    assert not _red_among_black(image, ink, black, [small], JOKER_RED)
    dull = StrayInk(RED_WORD.center, 20.0, 5.0, 20.0)
    assert not _red_among_black(image, ink, black, [dull], JOKER_RED)


def test_red_cards_court_cards_and_jokers_explain_red_ink() -> None:
    image, ink = _view((20, 20, 20))
    red_pip = [_card(Rank.FIVE, "S", 100), _card(Rank.FIVE, "H", 160)]
    assert not _red_among_black(image, ink, red_pip, [RED_WORD], JOKER_RED)
    court = [_card(Rank.KING, "S", 100), _card(Rank.KING, "C", 160)]
    assert not _red_among_black(image, ink, court, [RED_WORD], JOKER_RED)
    joker = [_card(Rank.FIVE, "S", 100), _card(Rank.BIG_JOKER, "*", 160)]
    assert not _red_among_black(image, ink, joker, [RED_WORD], JOKER_RED)


def test_a_red_glyph_read_with_a_black_pip_is_a_red_card() -> None:
    """The pip's shape may be misread (anglo's 8♦ read with a spade's pip, dev seed 2139):
    the glyph's own ink tells its colour."""
    image, ink = _view((30, 30, 200))  # red in BGR
    cards = [_card(Rank.EIGHT, "S", 100), _card(Rank.EIGHT, "S", 160)]
    assert _red_glyph(image, ink, cards[0].marks[0], JOKER_RED)
    assert not _red_among_black(image, ink, cards, [RED_WORD], JOKER_RED)
    black, black_ink = _view((20, 20, 20))
    assert not _red_glyph(black, black_ink, cards[0].marks[0], JOKER_RED)


def test_one_more_big_joker_is_offered_first_for_red_ink() -> None:
    cands = with_one_more([(parse_cards("55"), 0.9)], Rank.BIG_JOKER)
    assert [format_cards(c) for c, _ in cands] == ["55", "55R", "555", "55B", "552"]
    assert [v for _, v in cands] == sorted((v for _, v in cands), reverse=True)


def test_a_big_jokers_word_between_two_black_fives_makes_the_set_unsure(
        shared_data: Path) -> None:
    """Dev scene (anglo, seed 3425, seat 2): a 大王 between a whole 5♣ and a 5♠ shows only
    the edge of its red word beside the 5♣'s lower side; read a sure `55` before."""
    reading = read_dev_scene(shared_data, "anglo", 3425, 2, looked=True)
    assert reading.notation == "55"
    assert reading.unsure and reading.doubts == (Doubt.RED_INK,)
    assert [c for c, _ in reading.candidates][:2] == [parse_cards("55"), parse_cards("55R")]
    assert "红" in Doubt.RED_INK.text and "red" in Doubt.RED_INK.text


def test_a_whole_big_joker_over_black_aces_makes_the_set_unsure(shared_data: Path) -> None:
    """Dev scene (anglo, seed 3583, seat 2): a 大王 lies whole over three black As, its thin
    red words unread, its jester's red collar stray ink; read a sure `AAA` before."""
    reading = read_dev_scene(shared_data, "anglo", 3583, 2, looked=True)
    assert reading.notation == "AAA"
    assert reading.unsure and reading.doubts == (Doubt.RED_INK,)
    assert parse_cards("AAAR") in [c for c, _ in reading.candidates]


def test_a_red_eight_read_with_a_spades_pip_leaves_its_set_sure(shared_data: Path) -> None:
    """Dev scene (anglo, seed 2139, seat 0): an 8♦ under an 8♠, the 8♦'s pip read as a
    spade; its diamonds are its own red ink, and the set `88` stays sure."""
    reading = read_dev_scene(shared_data, "anglo", 2139, 0, looked=True)
    assert reading.notation == "88" and not reading.unsure, reading.why()
