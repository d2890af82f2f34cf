"""The mat's own print in a zone's view, painted over in the felt's colour before the view is
read: the white square round each marker (its quiet zone) and the zone's coloured outline.

The reader takes for a card's paper whatever is bright, over a paper level that bridges
narrow gaps of felt (:func:`vision.indices.ink_map`).  A marker's white 7.5 mm into the view
of a zone beside it, and the zone's pale outline (its darkest channel 90–120, often over the
paper threshold), were then one paper with a set laid near them, and the fan's outline, its
edges and its ends were measured on the wrong paper (paris `BBRR` by a marker read as no
card at all).  The zone watcher passes the frame from before a play only when older cards
lie in the zone (:mod:`vision.earlier`), so a seat's first play has nothing else to tell
the mat's print from a card's.

The white is painted whole, with the felt's colour round it (a card lying on it is cut
there).  The outline is painted only where a pixel's colour lies near a blend of the felt's
and the outline's (its antialiased rim too) and no white paper lies on both sides of it: a
card lying across the outline keeps its print there (a court card's yellow art)."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.indices import darkest_channel
from vision.types import BGRImage, Mask

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm

FELT_RING_MM = 4.0  # the felt's colour is taken this far round the mat's print
FELT_SAMPLE = 7  # from every this many of those pixels
OUTLINE_BAND_MM = 3.0  # the outline (printed 1.5 mm wide) is looked for in a band this wide
OUTLINE_LEAST = 20  # outline-coloured pixels (bright and coloured) needed to paint any
OUTLINE_NEAR = 45.0  # BGR distance from the felt–outline blend within which a pixel is outline
PAPER_LEVEL = 150  # a pixel whose darkest channel is this bright is white paper
UNDER_CARD_MM = 2.5  # white this near on both sides of the outline: a card lies over it


def without_mat_print(view: BGRImage, origin_mm: tuple[float, float], px_per_mm: float,
                      white: tuple[Box, ...], zone: npt.NDArray[np.float32] | None = None
                      ) -> BGRImage:
    """``view`` (a top view of the mat, its pixel (0, 0) at ``origin_mm``, ``px_per_mm``)
    with the mat's ``white`` boxes (mm) and ``zone``'s outline (its corners, mm) painted over
    in the felt's colour; ``view`` itself when none of them shows in it."""
    out = view
    ring = round(FELT_RING_MM * px_per_mm)
    for box in white:
        x0, y0, x1, y1 = (round((v - origin_mm[k % 2]) * px_per_mm) for k, v in enumerate(box))
        inside = _within(view, x0, y0, x1, y1)
        if not view[inside].size:
            continue
        rim = [view[_within(view, *box)].reshape(-1, 3)
               for box in ((x0 - ring, y0 - ring, x1 + ring, y0),
                           (x0 - ring, y1, x1 + ring, y1 + ring),
                           (x0 - ring, y0, x0, y1), (x1, y0, x1 + ring, y1))]
        felt = _felt(np.concatenate(rim))
        if felt is None:
            continue
        if out is view:
            out = view.copy()
        out[inside] = felt
    if zone is not None:
        out = _without_outline(out, zone, origin_mm, px_per_mm)
    return out


def _without_outline(view: BGRImage, zone: npt.NDArray[np.float32],
                     origin_mm: tuple[float, float], px_per_mm: float) -> BGRImage:
    """``view`` with the outline of ``zone`` (a rectangle on the mat, as every zone is)
    painted in the felt's colour (see the module's docstring)."""
    x0, y0 = np.round((zone.min(axis=0) - np.array(origin_mm)) * px_per_mm).astype(int)
    x1, y1 = np.round((zone.max(axis=0) - np.array(origin_mm)) * px_per_mm).astype(int)
    half = round(OUTLINE_BAND_MM * px_per_mm / 2)
    sides = ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1))
    boxes = [(a - half, b - half, c + half, d + half) for a, b, c, d in sides]
    bands = [box for box in boxes if view[_within(view, *box)].size]
    if not bands:
        return view
    seen = np.concatenate([view[_within(view, *box)].reshape(-1, 3) for box in bands])
    b, g, r = (seen[:, k].astype(np.int16) for k in range(3))
    most = np.maximum(np.maximum(b, g), r)
    printed = seen[(most > PAPER_LEVEL) & (most - np.minimum(np.minimum(b, g), r) > 60)]
    if len(printed) < OUTLINE_LEAST:
        return view
    line = np.median(printed, axis=0)  # (those bright and coloured)
    ring = round(FELT_RING_MM * px_per_mm)
    felt = _felt(np.concatenate([view[_within(view, a - ring, b - ring, c + ring, d + ring)]
                                 .reshape(-1, 3) for a, b, c, d in bands]))
    if felt is None:
        return view
    out = view
    margin = round(UNDER_CARD_MM * px_per_mm)
    for a, b, c, d in bands:
        grown = _within(view, a - margin, b - margin, c + margin, d + margin)
        band = _within(view, a, b, c, d)
        pixels = view[band].astype(np.float32)
        off = pixels - _on_blend(pixels, felt, line)
        dist = np.sqrt(off[..., 0] ** 2 + off[..., 1] ** 2 + off[..., 2] ** 2)
        card = _under_a_card(view[grown], px_per_mm)
        card = card[band[0].start - grown[0].start:band[0].stop - grown[0].start,
                    band[1].start - grown[1].start:band[1].stop - grown[1].start]
        paint = (dist < OUTLINE_NEAR) & (card == 0)
        if paint.any():
            if out is view:
                out = view.copy()
            out[band][paint] = felt
    return out


def _on_blend(pixels: npt.NDArray[np.float32], felt: npt.NDArray[np.uint8],
              line: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The colour on the blend from ``felt`` to ``line`` nearest each pixel (..., 3)."""
    f = felt.astype(np.float64)
    d = line - f
    t = np.clip((pixels - f) @ d / max(float(d @ d), 1.0), 0.0, 1.0)
    blend: npt.NDArray[np.float64] = f + t[..., None] * d
    return blend


def _under_a_card(view: BGRImage, px_per_mm: float) -> Mask:
    """Where white paper lies on both sides within :data:`UNDER_CARD_MM` (1): a card's face,
    whatever its print there."""
    white = (darkest_channel(view) >= PAPER_LEVEL).astype(np.uint8)
    side = 2 * round(UNDER_CARD_MM * px_per_mm) + 1
    closed: Mask = cv2.morphologyEx(white, cv2.MORPH_CLOSE, np.ones((side, side), np.uint8))
    return closed


def _felt(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8] | None:
    """The felt's colour among ``pixels`` (n, 3; every :data:`FELT_SAMPLE` th taken): the
    median of their darker half (a card lying there is brighter, and so is the mat's
    print); ``None`` when there are none."""
    pixels = pixels[::FELT_SAMPLE]
    if not len(pixels):
        return None
    level = np.minimum(np.minimum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    felt: npt.NDArray[np.uint8] = np.median(pixels[level <= np.median(level)],
                                            axis=0).astype(np.uint8)
    return felt


def _within(image: BGRImage, x0: int, y0: int, x1: int, y1: int) -> tuple[slice, slice]:
    """The rows and columns of the box (x0, y0)–(x1, y1) that lie in ``image`` (none, when
    it lies wholly outside)."""
    h, w = image.shape[:2]
    return slice(max(0, y0), max(0, min(h, y1))), slice(max(0, x0), max(0, min(w, x1)))
