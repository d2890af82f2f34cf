"""A card or two read on paper enough for more (Doubt.MORE_PAPER): their indices were
missed, not hidden, and the set is read again with ink told stricter and fainter
(recognize.RETRY_SEEINGS, Recognizer.read_set)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.earlier import EarlierCards
from vision.indices import ZONE_SEEING, IndexMark, Seeing
from vision.recognize import RETRY_SEEINGS, CardReading, Doubt, Recognizer, SetReading

from .helpers import read_dev_scene


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


def _reading(cards: str, unsure: bool, *doubts: Doubt, confidence: float = 0.9) -> SetReading:
    return SetReading(parse_cards(cards), confidence, unsure, doubts=doubts)


def _read_set(first: SetReading, *agains: SetReading) -> tuple[SetReading, list[float]]:
    """What read_set gives when its first reading is ``first`` and each of RETRY_SEEINGS
    reads the next of ``agains``; and the ink ratios it read with."""
    readings = {ZONE_SEEING.ink_ratio: first}
    readings.update({s.ink_ratio: r for s, r in zip(RETRY_SEEINGS, agains, strict=True)})
    asked: list[float] = []

    class Fake(Recognizer):
        def _read_seeing(self, image: np.ndarray, view_shape: tuple[int, int] | None,
                         earlier: EarlierCards | None, seeing: Seeing,
                         mat_seen: np.ndarray | None) -> SetReading:
            asked.append(seeing.ink_ratio)
            return readings[seeing.ink_ratio]

    got = Fake().read_set(np.zeros((10, 10, 3), np.uint8))
    return got, asked


def test_retries_tell_ink_stricter_and_fainter() -> None:
    ratios = [s.ink_ratio for s in RETRY_SEEINGS]
    assert min(ratios) < ZONE_SEEING.ink_ratio < max(ratios)


def test_the_sure_reading_of_more_cards_is_taken() -> None:
    first = _reading("3", True, Doubt.MORE_PAPER)
    got, asked = _read_set(first, _reading("33", True, Doubt.WEAK),
                           _reading("555555552", False))
    assert format_cards(got.cards) == "555555552" and not got.unsure
    assert asked == [ZONE_SEEING.ink_ratio, *(s.ink_ratio for s in RETRY_SEEINGS)]


def test_read_indices_go_before_a_fan_of_jokers_told_by_its_edges() -> None:
    first = _reading("K", True, Doubt.MORE_PAPER)
    indices = _reading("666", True, Doubt.MIXED, confidence=0.5)
    jokers = _reading("BBB", True, Doubt.NO_INDEX, confidence=0.6)
    for agains in ((indices, jokers), (jokers, indices)):
        got = _read_set(first, *agains)[0]
        assert got.cards == indices.cards and got.unsure
        # the other reading is offered (Doubt.READ_TWO_WAYS: test_read_two_ways.py)
        assert jokers.cards in [c for c, _ in got.candidates]
    sure = _reading("666", False)
    assert _read_set(first, sure, jokers)[0] is sure  # no index read there: no doubt


@pytest.mark.parametrize("again", [
    _reading("4", False),  # no more cards
    _reading("44R", True, Doubt.MORE_PAPER),  # still not covering the paper
])
def test_a_retry_that_explains_no_more_is_not_taken(again: SetReading) -> None:
    first = _reading("4", True, Doubt.MORE_PAPER)
    assert _read_set(first, again, again)[0] is first


def _read_by(rank: Rank, corners: int) -> CardReading:
    """A card read by ``corners`` of its indices."""
    marks = tuple(IndexMark(rank, 0.88, 0.2, Rank.TEN, (100.0 + 200.0 * k, 100.0 + 300.0 * k),
                            (0.0, 1.0), 40.0, "H", 1) for k in range(corners))
    return CardReading(rank, 0.9, ((0.0, 0.0),) * 4, marks, Rank.TEN)


def test_a_retry_leaving_out_a_card_read_by_both_corners_is_not_taken() -> None:
    """A card read by both corners at first is no misreading: a reading again without its
    rank read something else."""
    king = SetReading(parse_cards("K"), 0.9, True, readings=(_read_by(Rank.KING, 2),),
                      doubts=(Doubt.MORE_PAPER,))
    jacks = _reading("JJ", False)
    assert _read_set(king, jacks, jacks)[0] is king
    # one that keeps it is taken; so is any, where the first card was read at one corner
    kings = _reading("KK", False)
    assert _read_set(king, jacks, kings)[0] is kings
    one_corner = SetReading(parse_cards("K"), 0.9, True, readings=(_read_by(Rank.KING, 1),),
                            doubts=(Doubt.MORE_PAPER,))
    assert _read_set(one_corner, jacks, jacks)[0] is jacks


def test_a_lone_card_read_by_both_corners_keeps_its_rank_read_again(
        recognizer: Recognizer, shared_data: Path) -> None:
    """Paris `KK` (dev seed 2623), the top K read by both corners on paper enough for two:
    its court art read again as a sure `JJ` was taken.  Now the K stays, unsure, with `KK`
    offered."""
    reading = read_dev_scene(shared_data, "paris", 2623, 2, recognizer, looked=True)
    assert format_cards(reading.cards) == "K" and reading.unsure
    assert parse_cards("KK") in [c for c, _ in reading.candidates]


@pytest.mark.parametrize("first", [
    _reading("KK", False),  # the paper is covered
    _reading("BBRR", True, Doubt.MORE_PAPER),  # more than a card or two: the fan told them
])
def test_no_retry_without_a_few_cards_on_more_paper(first: SetReading) -> None:
    got, asked = _read_set(first, _reading("QQQ", False), _reading("QQQ", False))
    assert got is first and asked == [ZONE_SEEING.ink_ratio]


# a set read as one card on paper enough for more, each read right again: paris prints
# outlines that run into its glyphs (666 read K), a blurred neoclassical fan's thin strokes
# fall apart (its 5s read as halves: 555555552 read 3)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards", "sure"), [
    ("paris", 2001, 2, "666", True), ("neoclassical", 2165, 5, "555555552", True),
    ("paris", 2146, 2, "66B", False), ("neoclassical", 2050, 4, "4R", True),
])
def test_a_set_read_as_one_card_on_more_paper_is_read_again(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str, sure: bool) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
    assert reading.unsure is not sure
