"""Stray ink on a whole card's far-corner line, behind it, is no unread corner (every card
under the top one has its far corner under the next card)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji.cards import Rank
from vision.faces import DrawnFaces, FolderFaces
from vision.indices import IndexMark, StrayInk
from vision.recognize import CardReading, Doubt, Recognizer, _off_far_line
from vision.synth import SceneGenerator

H = 30.0  # glyph height, pixels


def _mark(x: float, y: float, down: tuple[float, float]) -> IndexMark:
    return IndexMark(Rank.SEVEN, 0.9, 0.3, Rank.TWO, (x, y), down, H, "S", 1)


def _card(*marks: IndexMark) -> CardReading:
    return CardReading(Rank.SEVEN, 1.0, ((0, 0), (1, 0), (1, 1), (0, 1)), marks, Rank.TWO)


def _fan() -> list[CardReading]:
    """Three 7s fanned left to right, the top one read by both corners: its far corner
    (turned half round) 200 px across and 300 px down from its near one."""
    down, up = (0.0, 1.0), (0.0, -1.0)
    return [_card(_mark(100, 100, down)), _card(_mark(160, 100, down)),
            _card(_mark(220, 100, down), _mark(420, 400, up))]


def _stray(x: float, y: float) -> StrayInk:
    return StrayInk((x, y), 15.0, 10.0, 0.0)


def test_ink_behind_the_top_cards_far_corner_is_dropped() -> None:
    behind = _stray(420 - 4 * H, 400)  # on the far corner's line, toward the other cards
    beyond = _stray(420 + 4 * H, 400)  # on it, but past the top card: no card lies under
    on_fan = _stray(280, 100)  # on the line of the near corners: a card may show there
    elsewhere = _stray(300, 250)
    kept = _off_far_line([behind, beyond, on_fan, elsewhere], _fan())
    assert kept == [beyond, on_fan, elsewhere]


def test_without_a_whole_card_or_a_fan_nothing_is_dropped() -> None:
    behind = _stray(420 - 4 * H, 400)
    fan = _fan()
    no_whole = [*fan[:2], _card(fan[2].marks[0])]
    assert _off_far_line([behind], no_whole) == [behind]
    assert _off_far_line([behind], fan[1:]) == [behind]  # two cards tell no fan


@pytest.mark.parametrize(("faces", "seed", "seat"), [
    (DrawnFaces(0, jumbo=True), 2007, 0), (DrawnFaces(1, jumbo=True), 2007, 0),
])
def test_a_jumbo_fan_read_right_is_sure(faces: DrawnFaces, seed: int, seat: int) -> None:
    """`6666B` on the own jumbo decks: ink on the top card's far line, behind it, made the
    set unsure."""
    scene = SceneGenerator(faces).render(seed)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.cards == tuple(sorted(scene.sets[seat])) and not reading.unsure


@pytest.mark.parametrize(("seed", "seat"), [(2004, 1), (2010, 0), (2033, 5), (2039, 2)])
def test_paris_fans_read_right_are_sure(shared_data: Path, seed: int, seat: int) -> None:
    """paris prints each card's outline: where the next card's edge crosses it, ink is left
    on the top card's far line (`2222`, `222`, `6666662` were unsure)."""
    faces = FolderFaces(shared_data / "card-faces" / "paris")
    scene = SceneGenerator(faces).render(seed)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.cards == tuple(sorted(scene.sets[seat]))
    assert not reading.unsure, reading.doubts
    assert Doubt.UNREAD_CORNER not in reading.doubts
