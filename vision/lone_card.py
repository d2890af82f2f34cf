"""A lone card whose index was not read (单张王): most likely a joker.

A joker played alone is a common lead (大王 takes the lead), and a joker is the
card whose corner most often reads as no index (a picture, a sideways word,
letters too small for the camera).  When nothing in a zone reads as an index
but its paper is one card — card-sized, card-shaped, alone — the reader offers
a joker: 大王 when the ink near the card's corners is red, else 小王.  Such a
reading is always unsure; the players confirm it or say what it was.
"""

from __future__ import annotations

import cv2
import numpy as np

from gouji.cards import Rank
from vision.indices import PaperInk, joker_of_colour
from vision.types import BGRImage

CARD_SIDES_MM = ((52.0, 68.0), (80.0, 95.0))  # a card's short and long side (57–63 × 87–89)
CORNER_MM = 25.0  # the ink this near a card's corners is its corner marks'
LEAST_OTHER = 0.15  # other paper, as a share of the card's, that makes it not alone


def lone_joker(image: BGRImage, seen: PaperInk, px_per_mm: float,
               joker_red: float) -> Rank | None:
    """The joker a zone view most likely shows when its paper is one card and no index was
    read on it (``seen``: the finder's ink and paper), else ``None``."""
    areas = seen.region_areas
    if len(areas) < 2:
        return None
    order = np.argsort(areas)[::-1]
    if len(order) > 1 and areas[order[1]] > LEAST_OTHER * areas[order[0]]:
        return None  # more paper than one card
    ys, xs = np.nonzero(seen.blobs == int(order[0]))
    points = np.stack([xs, ys], axis=1).astype(np.float32)
    rect = cv2.minAreaRect(points)
    short, long = sorted(float(v) / px_per_mm for v in rect[1])
    (lo_s, hi_s), (lo_l, hi_l) = CARD_SIDES_MM
    if not (lo_s <= short <= hi_s and lo_l <= long <= hi_l):
        return None
    corners = cv2.boxPoints(rect)
    inked = seen.inks.ink[ys, xs] > 0
    ys, xs = ys[inked], xs[inked]
    near = np.min(np.hypot(xs[:, None] - corners[None, :, 0], ys[:, None] - corners[None, :, 1]),
                  axis=1) < CORNER_MM * px_per_mm
    if near.sum() < 8:
        return Rank.SMALL_JOKER
    return joker_of_colour(image, ys[near], xs[near], joker_red)
