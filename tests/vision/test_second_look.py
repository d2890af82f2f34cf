"""A second look at corners seen but not read (Recognizer._second_look,
IndexFinder.second_look): thin strokes that fell apart into stray fragments at the usual
ink threshold are read with fainter ink counted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.faces import FolderFaces
from vision.indices import IndexFinder, IndexMark, PaperInk, StrayInk
from vision.recognize import Doubt, Recognizer
from vision.synth import SceneGenerator
from vision.types import BGRImage


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# neoclassical's thin red serif digits, blurred: the 2 (and some 6s) fell apart into
# fragments and the fan guessed a joker for them (6666662 read 66666BR, 2222222 read 2222RRR,
# T2 read TB, KKK2 read KKKB)
@pytest.mark.parametrize(("seed", "seat", "cards"), [
    (2039, 2, "6666662"), (2032, 2, "2222222"), (2092, 2, "T2"), (2113, 5, "KKK2"),
])
def test_thin_red_digits_are_read_on_a_second_look(recognizer: Recognizer, shared_data: Path,
                                                   seed: int, seat: int, cards: str) -> None:
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "neoclassical"),
                         size=(1280, 720))
    scene = gen.render(seed)
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))


def _mark(rank: Rank, score: float, x: float) -> IndexMark:
    """An index on the line y = 100, "down" along +y, glyph 40 px high."""
    return IndexMark(rank, score, 0.2, Rank.THREE, (x, 100.0), (0.0, 1.0), 40.0, "H", 1)


def _stray(x: float) -> StrayInk:
    return StrayInk((x, 100.0), 30.0, 20.0, 0.0)


class _Looks(IndexFinder):
    """A finder whose second look finds the given marks (and says where it looked)."""

    def __init__(self, found: list[IndexMark]) -> None:
        super().__init__(Recognizer().finder.model)
        self.found = found
        self.asked: list[tuple[float, float]] = []

    def second_look(self, image: BGRImage, seen: PaperInk, near: np.ndarray, reach: float,
                    read: object = (), ratio: float = 0.0) -> list[IndexMark]:
        self.asked += [(float(x), float(y)) for x, y in near]
        return self.found


def _second_look(found: list[IndexMark], marks: list[IndexMark], strays: list[StrayInk]
                 ) -> tuple[list[IndexMark], list[StrayInk], _Looks]:
    rec = Recognizer()
    looks = _Looks(found)
    rec.finder = looks
    image = np.zeros((200, 600, 3), np.uint8)
    out_marks, out_strays = rec._second_look(image, None, marks, strays)  # type: ignore[arg-type]
    return out_marks, out_strays, looks


def test_a_corner_read_on_a_second_look_joins_the_set_and_explains_its_strays() -> None:
    read = [_mark(Rank.SIX, 0.9, 100.0), _mark(Rank.SIX, 0.88, 150.0)]
    strays = [_stray(205.0), _stray(500.0)]  # the unread corner; ink far off the set
    new = _mark(Rank.TWO, 0.86, 202.0)
    marks, left, looks = _second_look([new], read, strays)
    assert looks.asked == [(205.0, 100.0)]  # only where a corner was seen
    assert new in marks and len(marks) == 3
    assert left == [strays[1]]


def test_a_weak_index_keeps_the_set_unsure_after_a_second_look() -> None:
    # an 8 read weakly as 10 beside 2s found on a second look would make a sure T22
    read = [_mark(Rank.TEN, 0.76, 100.0)]
    strays = [_stray(150.0)]
    new = _mark(Rank.TWO, 0.86, 150.0)
    marks, left, _ = _second_look([new], read, strays)
    assert new in marks
    assert left == strays  # still a corner seen but not read: the set stays unsure


@pytest.mark.parametrize(("found", "why"), [
    (_mark(Rank.TWO, 0.7, 150.0), "a poor match"),
    (_mark(Rank.TWO, 0.9, 230.0), "not on the stray"),
    (_mark(Rank.TWO, 0.9, 110.0), "on a read index"),
])
def test_what_a_second_look_does_not_take(found: IndexMark, why: str) -> None:
    read = [_mark(Rank.SIX, 0.9, 100.0)]
    strays = [_stray(150.0)]
    marks, left, _ = _second_look([found], read, strays)
    assert marks == read, why
    assert left == strays, why


def test_no_second_look_without_an_unread_corner() -> None:
    read = [_mark(Rank.SIX, 0.9, 100.0)]
    far = [_stray(500.0)]
    marks, left, looks = _second_look([_mark(Rank.TWO, 0.9, 500.0)], read, far)
    assert looks.asked == [] and marks == read and left == far


def test_a_set_read_whole_on_a_second_look_is_sure(recognizer: Recognizer,
                                                   shared_data: Path) -> None:
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "neoclassical"),
                         size=(1280, 720))
    scene = gen.render(2032)
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert format_cards(reading.cards) == "2222222"
    assert not reading.unsure and Doubt.UNREAD_IN_FAN not in reading.doubts
