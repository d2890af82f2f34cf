"""A 5 has a stem at its left, a 3 has none: what tells them apart when the glyph
prototypes cannot (vision.indices.three_or_five)."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards
from vision.indices import three_or_five
from vision.recognize import Recognizer
from vision.synth import SceneGenerator

FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_TRIPLEX]


def _digit(text: str, font: int, turn_deg: float) -> tuple[np.ndarray, tuple[float, float],
                                                              tuple[float, float], float]:
    """A dark digit ~10 px tall on pale paper, turned by ``turn_deg``, as a camera sees an
    index: the image, the glyph's centre, its "down" and its height."""
    big = np.full((200, 200, 3), 235, np.uint8)
    cv2.putText(big, text, (60, 150), font, 4, (30, 30, 30), 6, cv2.LINE_AA)
    turn = cv2.getRotationMatrix2D((100.0, 100.0), turn_deg, 1.0)
    big = cv2.warpAffine(big, turn, (200, 200), borderValue=(235, 235, 235))
    small = cv2.resize(big, None, fx=0.12, fy=0.12, interpolation=cv2.INTER_AREA)
    ys, xs = np.nonzero(small.min(axis=2) < 120)
    centre = ((xs.min() + xs.max()) / 2.0, (ys.min() + ys.max()) / 2.0)
    a = math.radians(turn_deg)  # the image's "down" (0, 1) turned as the glyph was
    down = (math.sin(a), math.cos(a))
    return small, (float(centre[0]), float(centre[1])), down, 10.0


@pytest.mark.parametrize("font", FONTS)
@pytest.mark.parametrize("turn", [0.0, 90.0, 180.0, -35.0])
def test_the_stem_tells_three_from_five(font: int, turn: float) -> None:
    for text, rank in (("3", Rank.THREE), ("5", Rank.FIVE)):
        image, centre, down, height = _digit(text, font, turn)
        assert three_or_five(image, centre, down, height) is rank


def test_blank_paper_tells_neither() -> None:
    paper = np.full((40, 40, 3), 235, np.uint8)
    assert three_or_five(paper, (20.0, 20.0), (0.0, 1.0), 10.0) is None


def test_anglo_threes_read_as_threes(shared_data: Path) -> None:
    """Anglo's thin 3 matched the 5 prototypes better at 1280×720 (every one of 139 read
    as 5); the stem reads 132 of them right."""
    from vision.faces import FolderFaces
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "anglo"), size=(1280, 720))
    recognizer = Recognizer()
    for seed, n in ((3001, 4), (3003, 5)):
        scene = gen.render(seed, {1: [Rank.THREE] * n})
        reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[1])
        assert format_cards(reading.cards) == "3" * n
