"""Finding cards in any photo (``Recognizer.find_cards``): a dim card where the light falls
off across the floor, and a card on a sheet as white as it, whose edge shows nowhere."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gouji.cards import Rank
from vision import recognize
from vision.faces import DrawnFaces
from vision.indices import IndexMark, Survey, ink_map
from vision.recognize import Recognizer, _paired
from vision.types import BGRImage

FACES = DrawnFaces(2)


def _lay(canvas: np.ndarray, rank: Rank, suit: str, centre: tuple[int, int],
         gain: float) -> None:
    """Lay a drawn card on ``canvas`` (float BGR) at ``centre``, lit by ``gain``."""
    face = np.asarray(FACES.face(rank, suit).convert("RGBA")).astype(np.float32)
    h, w = face.shape[:2]
    y, x = centre[1] - h // 2, centre[0] - w // 2
    alpha = face[:, :, 3:4] / 255
    roi = canvas[y:y + h, x:x + w]
    canvas[y:y + h, x:x + w] = roi * (1 - alpha) + face[:, :, 2::-1] * gain * alpha


def _unevenly_lit() -> BGRImage:
    """A floor lit from the right (level 25 at the left, 175 at the right), a 9 of spades
    in the dim part (its paper ~100) and a K of hearts in the light."""
    floor = np.tile(np.linspace(25, 175, 1200, dtype=np.float32)[None, :, None], (600, 1, 3))
    _lay(floor, Rank.NINE, "S", (250, 300), 0.4)
    _lay(floor, Rank.KING, "H", (950, 300), 1.0)
    return np.clip(floor, 0, 255).astype(np.uint8)


def test_evening_out_the_light_finds_a_dim_card_as_paper() -> None:
    """One threshold for the whole photo (Otsu's, or 70 % of it) leaves the dim card below
    the paper level; with the light evened out first it is paper, the dark floor is not."""
    image = _unevenly_lit()
    dim_card = (slice(280, 320), slice(230, 270))
    floor_beside = (slice(280, 320), slice(40, 80))
    for otsu in (1.0, 0.7):
        assert not ink_map(image, paper_otsu=otsu).paper[dim_card].any()
    evened = ink_map(image, flat_light=True).paper
    assert evened[dim_card].all()
    assert not evened[floor_beside].any()


def test_a_dim_card_on_an_unevenly_lit_floor_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real photos (cam_image46, cam_image48, IMG_2507): a card in the dim part of the
    photo was missed by every pass until the last evens out the light."""
    image = _unevenly_lit()
    rec = Recognizer()
    assert sorted(c.rank for c in rec.find_cards(image)) == [Rank.NINE, Rank.KING]
    monkeypatch.setattr(recognize, "PHOTO_PASSES",
                        tuple(p for p in recognize.PHOTO_PASSES if not p[0].flat_light))
    assert [c.rank for c in rec.find_cards(image)] == [Rank.KING]


def _on_a_white_sheet() -> BGRImage:
    """A 9 of spades on a sheet of its own paper's white, its grey outline painted out:
    no edge to see round it."""
    face = np.asarray(FACES.face(Rank.NINE, "S").convert("RGBA"))
    paper = face[face.shape[0] // 2, 5, 2::-1].astype(np.float32)
    canvas = np.tile(paper, (700, 700, 1))
    _lay(canvas, Rank.NINE, "S", (350, 350), 1.0)
    out = canvas.astype(np.uint8)
    grey = (np.abs(out.astype(int) - 150).max(axis=2) < 40) & (np.ptp(out, axis=2) < 10)
    out[grey] = paper.astype(np.uint8)
    turned: BGRImage = cv2.warpAffine(out, cv2.getRotationMatrix2D((350, 350), 20, 1.0),
                                      (700, 700), borderValue=tuple(float(v) for v in paper))
    return turned


def test_a_card_on_a_sheet_as_white_as_it_is_found_by_its_two_corners(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Real photos (IMG_2454, IMG_2526): a card on white paper shows no edge by any of the
    finder's tests; its two indices, reading the same rank a card's corners apart, are one
    card all the same."""
    image = _on_a_white_sheet()
    rec = Recognizer()
    cards = rec.find_cards(image)
    assert [(c.rank, len(c.marks)) for c in cards] == [(Rank.NINE, 2)]
    monkeypatch.setattr(recognize, "OFF_EDGE_SCORE", 1.01)  # no pairing off the edges
    assert rec.find_cards(image) == []


def test_only_strong_indices_that_pair_alike_are_taken_off_the_edges() -> None:
    def mark(rank: Rank, x: float, y: float, down: tuple[float, float], score: float = 0.9,
             height: float = 10.0) -> IndexMark:
        return IndexMark(rank, score, 0.3, Rank.THREE, (x, y), down, height, "S", 1)

    top = mark(Rank.QUEEN, 100.0, 100.0, (0.0, 1.0))
    bottom = mark(Rank.QUEEN, 146.0, 176.0, (0.0, -1.0))
    assert _paired([top, bottom], 0.85) == [top, bottom]
    assert _paired([top], 0.85) == []  # a lone index may be court art
    weak = mark(Rank.QUEEN, 146.0, 176.0, (0.0, -1.0), score=0.8)
    assert _paired([top, weak], 0.85) == []
    other = mark(Rank.KING, 146.0, 176.0, (0.0, -1.0))
    assert _paired([top, other], 0.85) == []
    larger = mark(Rank.QUEEN, 146.0, 176.0, (0.0, -1.0), height=14.0)
    assert _paired([top, larger], 0.85) == []


class _OnePass:
    """A finder whose every pass reads the given marks."""

    def __init__(self, marks: list[IndexMark]) -> None:
        self.marks = marks

    def survey(self, image: BGRImage, view_shape: object = None, seeing: object = None
               ) -> Survey:
        return Survey(list(self.marks), [], None)  # type: ignore[arg-type]


def _index(rank: Rank, score: float, x: float) -> IndexMark:
    return IndexMark(rank, score, 0.2, Rank.THREE, (x, 100.0), (0.0, 1.0), 30.0, "S", 1)


def test_of_two_indices_closer_than_a_glyph_one_pass_keeps_the_better() -> None:
    # a court card's frame corner beside its Q read as a J 25 px off (cam_image54.jpg)
    queen, frame = _index(Rank.QUEEN, 0.91, 100.0), _index(Rank.JACK, 0.9, 125.0)
    apart = _index(Rank.JACK, 0.9, 160.0)  # more than a glyph height away: another card
    rec = Recognizer()
    rec.finder = _OnePass([frame, queen, apart])  # type: ignore[assignment]
    assert rec._photo_marks(np.zeros((300, 300, 3), np.uint8)) == [queen, apart]
