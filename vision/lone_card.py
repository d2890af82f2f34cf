"""A lone card (单张): its paper, and what it most likely is when no index was read on it.

A single card is the commonest play, and its paper tells what the indices read on it
may be: a card's two corners (read as two cards where the deck's pip sits off its
glyph's middle), or art far from its corners (:mod:`vision.recognize`).

A joker played alone is a common lead (大王 takes the lead), and a joker is the
card whose corner most often reads as no index (a picture, a sideways word,
letters too small for the camera).  When nothing in a zone reads as an index
but its paper is one card — card-sized, card-shaped, alone — the reader offers
a joker: 大王 when the ink near the card's corners is red, else 小王.  Such a
reading is always unsure; the players confirm it or say what it was.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from gouji.cards import Rank
from vision.indices import PaperInk, joker_of_colour, row_ends
from vision.types import BGRImage

CARD_SIDES_MM = ((52.0, 68.0), (80.0, 95.0))  # a card's short and long side (57–63 × 87–89)
CORNER_MM = 25.0  # the ink this near a card's corners is its corner marks'
LEAST_OTHER = 0.15  # paper regions this share of the largest's are the card's or another's
STRAND_MM = 12.0  # paper narrower than this is no card's (a label, a strand to it)
# Of the ink near a lone joker's corners, the share red in a 大王's: that ink holds its
# picture's frame and art as well as its word (anglo's thin red word: 14–68 % of it; a
# 小王's on the dev decks: none; 大王s alone read 小王 by the mean: 9 of 96).
LONE_RED_SHARE = 0.1


@dataclass(frozen=True)
class LoneCard:
    """A zone's paper that is one card: its pixels and its outline (image pixels)."""

    paper: npt.NDArray[np.bool_]  # the card's paper regions, as the view
    corners: npt.NDArray[np.float32]  # (4, 2), x and y

    def corner_distance(self, point: tuple[float, float]) -> float:
        """How far ``point`` (image pixels) lies from the card's nearest corner."""
        return float(np.hypot(*(self.corners - np.asarray(point)).T).min())


def lone_card(seen: PaperInk, px_per_mm: float) -> LoneCard | None:
    """The paper of a zone view (``seen``: the finder's ink and paper) when it is one card
    — card-sized, card-shaped, alone — else ``None``.  The paper regions of at least
    :data:`LEAST_OTHER` of the largest's count (a court card's art may part its paper in
    two); less (a seat's label, specks) is not the card, nor are strands under
    :data:`STRAND_MM` wide (a shadow's edge may join the card's paper to a label), nor
    is the bare mat the paper level may count (:attr:`vision.indices.PaperInk.card_inks`:
    light on the felt beside a lone 5 made its paper 145 mm long)."""
    areas = seen.region_areas
    if len(areas) < 2:
        return None
    mine = np.zeros(int(seen.blobs.max()) + 1, bool)  # by region label: the card's?
    mine[1:len(areas)] = areas[1:] >= LEAST_OTHER * areas[1:].max()
    # at 1 px/mm, cheaply: the strands opened away, the rest is the card's outline
    shrink = max(1, round(px_per_mm))
    side = max(3, int(STRAND_MM * px_per_mm / shrink) | 1)
    cards = seen.card_inks.paper[::shrink, ::shrink] > 0
    small = cv2.morphologyEx((mine[seen.blobs[::shrink, ::shrink]] & cards).astype(np.uint8),
                             cv2.MORPH_OPEN,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)),
                             borderType=cv2.BORDER_CONSTANT, borderValue=0)
    ys, xs = np.nonzero(small)
    if len(ys) < 3:
        return None
    # (its rows' ends hold its hull's corners: the same rectangle from far fewer points)
    rect = cv2.minAreaRect(row_ends(np.stack([xs, ys], axis=1).astype(np.float32)) * shrink)
    short, long = sorted(float(v) / px_per_mm for v in rect[1])
    (lo_s, hi_s), (lo_l, hi_l) = CARD_SIDES_MM
    if not (lo_s <= short <= hi_s and lo_l <= long <= hi_l):
        return None
    return LoneCard(mine[seen.blobs], cv2.boxPoints(rect).astype(np.float32))


def lone_joker(image: BGRImage, seen: PaperInk, px_per_mm: float,
               joker_red: float) -> Rank | None:
    """The joker a zone view most likely shows when its paper is one card and no index was
    read on it (``seen``: the finder's ink and paper), else ``None``."""
    card = lone_card(seen, px_per_mm)
    if card is None:
        return None
    ys, xs = np.nonzero(card.paper & (seen.inks.ink > 0))
    corners = card.corners
    near = np.min(np.hypot(xs[:, None] - corners[None, :, 0], ys[:, None] - corners[None, :, 1]),
                  axis=1) < CORNER_MM * px_per_mm
    if near.sum() < 8:
        return Rank.SMALL_JOKER
    return joker_of_colour(image, ys[near], xs[near], joker_red, LONE_RED_SHARE)
