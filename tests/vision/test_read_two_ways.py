"""A set read again in fainter and darker ink (Recognizer.read_set, RETRY_SEEINGS) whose two
readings differ is unsure (Doubt.READ_TWO_WAYS), the other reading among its candidates: one
of them cannot be the set, and the sure one need not be the right one."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from gouji.cards import Rank, parse_cards
from vision.indices import ZONE_SEEING, Seeing
from vision.recognize import RETRY_SEEINGS, Doubt, Recognizer, SetReading
from vision.types import BGRImage, Mask

from .helpers import read_dev_scene

FIRST = SetReading((Rank.JACK,), 0.9, True, (((Rank.JACK,), 0.9),), doubts=(Doubt.MORE_PAPER,))


class _Scripted(Recognizer):
    """A recogniser whose every way of seeing ink reads what it is told."""

    def __init__(self, readings: dict[Seeing, SetReading]) -> None:
        super().__init__()
        self.readings = readings

    def _read_seeing(self, image: BGRImage, view_shape: tuple[int, int] | None,
                     earlier: object, seeing: Seeing, mat_seen: Mask | None) -> SetReading:
        return self.readings[seeing]


def _sure(cards: str) -> SetReading:
    return SetReading(tuple(sorted(parse_cards(cards))), 0.95, False)


def _unsure(cards: str, *more: str) -> SetReading:
    ranks = tuple(sorted(parse_cards(cards)))
    cands = ((ranks, 0.6), *((tuple(sorted(parse_cards(m))), 0.3) for m in more))
    return SetReading(ranks, 0.6, True, cands, doubts=(Doubt.UNREAD_IN_FAN,))


def _read(fainter: SetReading, darker: SetReading) -> SetReading:
    rec = _Scripted({ZONE_SEEING: FIRST, RETRY_SEEINGS[0]: fainter, RETRY_SEEINGS[1]: darker})
    return rec.read_set(np.zeros((40, 40, 3), np.uint8))


def test_two_readings_that_differ_leave_the_sure_one_unsure_with_the_other_offered() -> None:
    reading = _read(_sure("JJ"), _unsure("JJJ", "JJB"))
    assert reading.notation == "JJ"  # the sure one still comes first
    assert reading.unsure and reading.doubts == (Doubt.READ_TWO_WAYS,)
    offered = [c for c, _ in reading.candidates]
    assert offered[:2] == [parse_cards("JJ"), parse_cards("JJJ")]
    assert tuple(sorted(parse_cards("JJB"))) in offered
    assert "深浅" in Doubt.READ_TWO_WAYS.text and "two ways" in Doubt.READ_TWO_WAYS.text


def test_two_readings_that_agree_stay_sure() -> None:
    reading = _read(_sure("JJ"), _sure("JJ"))
    assert not reading.unsure and reading.notation == "JJ" and reading.doubts == ()


def test_a_reading_of_fewer_cards_failed_and_leaves_the_other_sure() -> None:
    reading = _read(_sure("JJJ"), _unsure("JJ"))
    assert not reading.unsure and reading.notation == "JJJ" and reading.doubts == ()


def test_an_unsure_reading_keeps_its_doubts_and_gains_the_other() -> None:
    reading = _read(_unsure("666"), _unsure("BBB"))
    assert reading.notation == "666"
    assert reading.doubts == (Doubt.UNREAD_IN_FAN, Doubt.READ_TWO_WAYS)
    assert tuple(parse_cards("BBB")) in [c for c, _ in reading.candidates]


def test_a_jack_joined_to_an_edge_line_no_longer_goes_unnoticed(shared_data: Path) -> None:
    """Dev scene (paris, seed 4140, seat 1): `JJJ`, the middle J♣'s glyph joined to the top
    J♠'s edge line; read a sure `JJ` in fainter ink and `JJJ` (that J inferred) in darker."""
    reading = read_dev_scene(shared_data, "paris", 4140, 1, looked=True)
    assert reading.unsure and Doubt.READ_TWO_WAYS in reading.doubts, reading.why()
    assert parse_cards("JJJ") in [c for c, _ in reading.candidates]
