"""Small shared helpers for the vision tests."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw

from gouji.cards import Rank, format_cards
from vision.faces import CARD_SIZE, RED_SUITS, DrawnFaces, FaceSource, deck_named, draw_pip
from vision.look import look_at
from vision.recognize import Recognizer, SetReading
from vision.synth import SceneGenerator
from vision.types import BGRImage


def read_dev_scene(shared_data: Path, deck: str, seed: int, seat: int,
                   recognizer: Recognizer | None = None, looked: bool = False) -> SetReading:
    """A seat's set in a random scene of a ``card-faces`` deck (or ``drawn-N``, a drawn
    deck, ``drawn-jumbo-N`` a jumbo one), read zero-shot (by ``recognizer``, else a new one);
    ``looked``: with the frame's look measured on the mat, as the benchmark reads."""
    faces = deck_named(deck, shared_data / "card-faces")
    scene = SceneGenerator(faces, size=(1280, 720)).render(seed)
    look = look_at(scene.image, scene.homography, scene.layout) if looked else None
    return (recognizer or Recognizer()).read_zone(scene.image, scene.homography,
                                                 scene.layout.zones[seat], look=look)


def read_jumbo(deck: int, seed: int, seat: int, truth: str) -> SetReading:
    """The set ``truth`` that seat ``seat`` holds in a jumbo drawn deck's scene, read."""
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(seed)
    assert format_cards(tuple(sorted(scene.sets[seat]))) == truth
    return Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])


def card_photo(faces: FaceSource, rank: Rank, angle: float, suit: str = "H") -> BGRImage:
    """One card on green cloth, turned by ``angle`` degrees: a teaching-style photo."""
    face = np.asarray(faces.face(rank, suit).convert("RGBA"))
    canvas = np.full((600, 600, 3), (40, 110, 60), np.uint8)
    h, w = face.shape[:2]
    y, x = (600 - h) // 2, (600 - w) // 2
    alpha = face[:, :, 3:4].astype(np.float32) / 255
    roi = canvas[y:y + h, x:x + w].astype(np.float32)
    canvas[y:y + h, x:x + w] = (roi * (1 - alpha) + face[:, :, 2::-1] * alpha).astype(np.uint8)
    m = cv2.getRotationMatrix2D((300, 300), angle, 1.0)
    out: BGRImage = cv2.warpAffine(canvas, m, (600, 600), borderValue=(40, 110, 60))
    return out


class PictureJokerFaces(DrawnFaces):
    """The drawn deck, but its jokers carry a round picture in the corners instead of the
    word JOKER (as many real decks do): nothing there reads as an index."""

    def _joker_index(self, ink: tuple[int, int, int]) -> Image.Image:
        side = round(CARD_SIZE[1] * self.style.index_height * 1.3)
        tile = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        draw = ImageDraw.Draw(tile)
        draw.ellipse((0, 0, side - 1, side - 1), fill=(*ink, 255))
        draw.ellipse((side * 0.3, side * 0.3, side * 0.7, side * 0.7), fill=(250, 250, 250, 255))
        return tile


class MergedPipFaces(DrawnFaces):
    """The drawn deck with a big pip touching each corner index's pip (as on decks whose
    corner pips crowd the index): the index pip is no ink component of its own."""

    def _draw(self, rank: Rank, suit: str) -> Image.Image:
        card = super()._draw(rank, suit)
        if rank.is_joker:
            return card
        w, h = CARD_SIZE
        gh = round(h * self.style.index_height)
        pw = round(gh * 0.78)
        margin = round(w * 0.045)
        # the index pip's box (DrawnFaces._index), and a pip twice its size at its lower right
        x0, y0 = margin + 1, margin + gh + round(gh * 0.2)
        big = 2 * pw
        box = (x0 + pw * 0.75, y0 + pw * 0.5, x0 + pw * 0.75 + big, y0 + pw * 0.5 + big)
        ink = self.style.red if suit in RED_SUITS else self.style.black
        draw = ImageDraw.Draw(card)
        draw_pip(draw, suit, box, (*ink, 255))
        draw_pip(draw, suit, (w - box[2], h - box[3], w - box[0], h - box[1]), (*ink, 255))
        return card
