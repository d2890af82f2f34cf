"""The light's colour, from the mat's white (白平衡 white balance).

A warm lamp or a cool window tints the whole frame, and the recognizer tells ink from
paper and a 大王's red from a 小王's black by colour; a dim room (or a camera whose exposure
is fixed) darkens it below the levels the reader expects of paper.  The mat prints a white
quiet zone round each of its markers: in the frame that white shows the light.
:func:`mat_white` samples it where the calibration says the markers lie (no marker search,
a few hundred pixels), and :func:`balanced` divides its colour out of a view before it is
read, bringing a dim white up to :data:`DIM_WHITE`.

A marker a hand covers, or one in shadow, is left out: only rings about as bright as the
brightest one count, and the light is their median colour.  Pixels where a channel is
clipped (a bright lamp, glare) tell less of the light's colour: they count only where no
ring has enough unclipped pixels.  A light within :data:`NEUTRAL_WITHIN` of white (and not
dim) is taken as white, so that a view is not altered for the camera's own noise.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.mat import QUIET_ZONE, MatLayout, around_markers
from vision.types import BGRImage, Homography

# The ring sampled round each marker, as shares of the marker's side out from its edge:
# the middle of its quiet zone, clear of the marker's black and of the felt.
RING = (0.3 * QUIET_ZONE, 0.7 * QUIET_ZONE)
RING_POINTS = 12  # per side of the marker and per depth
BRIGHT_SHARE = 0.6  # a ring counts when at least this bright against the brightest ring
SATURATED = 250  # a pixel with a channel this bright is clipped: its colour is not the light's
UNCLIPPED_LEAST = 0.25  # unclipped pixels count when this share of a ring's points is
LEAST_WHITE = 60.0  # a ring darker than this (its mean level) shows no white at all
NEUTRAL_WITHIN = 0.03  # gains this close to 1 are left at 1
# A white seen darker than this (a dim room, a camera whose exposure is fixed) is brought up
# to it: paper and ink are then as the reader's limits expect (a zone's paper was sought
# above a level of 90, so a set laid in a dim room read as no cards at all; a 大王's red,
# R − max(B, G) over 35, fell under it and read as a 小王).  The mat's white is seen at
# 200–255 in the synthetic scenes' usual light, which this leaves alone.
DIM_WHITE = 200.0
BALANCE_LIMIT = (0.5, 2.5)  # no channel is scaled beyond these gains


@dataclass(frozen=True)
class WhiteBalance:
    """Per-channel gains (B, G, R) that make the mat's white grey again."""

    gains: tuple[float, float, float]

    @property
    def neutral(self) -> bool:
        """Whether the light is white enough to leave views as they are."""
        return all(abs(g - 1.0) <= NEUTRAL_WITHIN for g in self.gains)

    def describe(self) -> str:
        """One line for the operator: the light's tint and whether it is dim."""
        if self.neutral:
            return "光色正常 light is white"
        b, g, r = (1.0 / x for x in self.gains)
        grey = (b + g + r) / 3
        if max(b, g, r) - min(b, g, r) <= 2 * NEUTRAL_WITHIN * grey:
            tint = "白 white"
        else:
            tint = "偏暖 warm" if r > b else "偏冷 cool"
        dim = ", 偏暗 dim" if grey < 1 - NEUTRAL_WITHIN else ""
        return (f"光线 light {tint}{dim}: white seen as B {b:.2f} G {g:.2f} R {r:.2f} "
                f"of what is read, corrected")


def _ring_mm(corners: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Points (mm) in the quiet zone round one marker (``corners``: TL, TR, BR, BL)."""
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    side = float(x1 - x0)
    t = np.linspace(0.0, 1.0, RING_POINTS, dtype=np.float32)
    pts = []
    for share in RING:
        d = share * side
        lo_x, hi_x, lo_y, hi_y = x0 - d, x1 + d, y0 - d, y1 + d
        xs = lo_x + t * (hi_x - lo_x)
        ys = lo_y + t * (hi_y - lo_y)
        for y in (lo_y, hi_y):  # along the top and bottom sides, then the left and right
            pts.append(np.stack([xs, np.full_like(xs, y)], 1))
        for x in (lo_x, hi_x):
            pts.append(np.stack([np.full_like(ys, x), ys], 1))
    return np.vstack(pts).astype(np.float32)


def mat_white(frame: BGRImage, homography: Homography, layout: MatLayout) -> WhiteBalance | None:
    """The white balance the mat's marker quiet zones call for in ``frame``
    (``homography``: mat mm → frame px); ``None`` when no quiet zone shows white."""
    h, w = frame.shape[:2]
    mm = around_markers(layout, _ring_mm)  # (markers, points, 2)
    every = cv2.perspectiveTransform(mm.reshape(1, -1, 2), homography)[0].reshape(mm.shape)
    rings, unclipped = [], []
    for px in every:
        xi, yi = np.round(px[:, 0]).astype(np.intp), np.round(px[:, 1]).astype(np.intp)
        inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        if inside.sum() < len(px) // 2:
            continue
        bgr = frame[yi[inside], xi[inside]].astype(np.float64)
        rings.append(np.median(bgr, axis=0))
        below = bgr[bgr.max(axis=1) < SATURATED]
        if len(below) >= UNCLIPPED_LEAST * len(px):
            unclipped.append(np.median(below, axis=0))
    # where every ring is clipped, so is the paper of the cards: making that clipped white
    # grey still evens out paper against felt and ink
    rings = unclipped or rings
    if not rings:
        return None
    levels = np.array([r.mean() for r in rings])
    if levels.max() < LEAST_WHITE:
        return None
    white = np.median(np.array(rings)[levels >= BRIGHT_SHARE * levels.max()], axis=0)
    level = max(float(white.mean()), DIM_WHITE)  # a dim frame is brought up to DIM_WHITE
    gains = np.clip(level / np.maximum(white, 1.0), *BALANCE_LIMIT)
    return WhiteBalance((float(gains[0]), float(gains[1]), float(gains[2])))


def balanced(image: BGRImage, white: WhiteBalance | None) -> BGRImage:
    """``image`` with the light's colour divided out (unchanged when it is white)."""
    if white is None or white.neutral:
        return image
    lut = np.stack([np.clip(np.arange(256) * g + 0.5, 0, 255) for g in white.gains], axis=1)
    out: BGRImage = cv2.LUT(image, lut.astype(np.uint8).reshape(1, 256, 3))
    return out
