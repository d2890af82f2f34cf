"""Where the bare mat shows in a view of a zone — its felt and the zone's printed outline —
told by colour: no card's paper to the fan's ends (:func:`vision.fan._paper_span`), nor to
an index's card edge (:meth:`vision.indices.IndexFinder.survey`).

The paper level (:func:`vision.indices.ink_map`) is a closing of the view's brightness, so
it counts as paper what lies between bright things closer than its kernel: the felt
between a fan's end card and the zone's pale outline, and the outline itself (printed
:data:`vision.mat.OUTLINE_MM` wide in the team's colour, its darkest channel 90–120).  A
fan's index line running out that way took the felt for a gap in one run of paper and the
outline for more of it, and guessed a card laid past the fan's end (jumbo `KK` read `KKR`;
paris and neoclassical `888BRR` read `888BRRR`; drawn, paris and neoclassical `777777`
read `777777B`, the felt between the end card's corner and the outline filled).

The mat's pixels are those whose colour lies near the blend from the felt to the outline's
print, as the view shows both (measured round the zone's sides), and coloured as the felt
is: a card's white paper lies far from the blend, and its dark ink, blurred grey, is near
the felt but colourless.  Only what of it reaches the view's border is the mat (the felt
runs round the cards to it): a court card's green art, near the felt's colour, lies within
its card's paper (neoclassical's kings: holes in their paper let the art pass for indices
by a card's edge).  (Painting the mat over before the view is read, as the markers'
white is, changed the paper level's threshold over the view and with it readings far from
the outline; see ``docs/vision.md``, *The mat's own print*.)
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.look import FELT_RING_MM, brightest_channel, darkest_channel, felt_colour, within
from vision.types import BGRImage, Mask

OUTLINE_BAND_MM = 3.0  # the outline is looked for in a band this wide along each side
# The outline's print: the band's pixels this bright (any channel) and this coloured
# (brightest less darkest channel), when at least OUTLINE_LEAST are; its colour is this
# percentile of theirs, its cleanest print (the median left the outline's bright core out).
OUTLINE_BRIGHT = 150
OUTLINE_CHROMA = 60
OUTLINE_LEAST = 20
OUTLINE_SHADE = 90
MAT_NEAR = 45.0  # BGR distance from the felt–print blend within which a pixel is the mat's
FELT_CHROMA = 0.5  # and at least this share of the felt's chroma (brightest less darkest)
# The mat is told on the view at half size (a quarter of the cost), and its pixels there
# eroded by this square (a card's blurred edge, between felt and white, lies near the blend
# too: its paper lost a pixel at the fan's ends), then closed by this one (the outline's
# core and the specks beside it, brighter than its print's colour).
EDGE_PX = 3
CLOSE_PX = 5
FELT_SAMPLE = 7  # the felt's colour from every this many pixels round the bands


def bare_mat(view: BGRImage, zone: npt.NDArray[np.float32], origin_mm: tuple[float, float],
             px_per_mm: float) -> Mask | None:
    """The pixels (0/1) of ``view`` (a top view of the mat, its pixel (0, 0) at
    ``origin_mm``, ``px_per_mm``) where the bare mat shows: its felt and its print, told
    by the outline of ``zone`` (a rectangle's corners, mm) and the felt beside it; ``None``
    when no outline is seen in it."""
    x0, y0 = np.round((zone.min(axis=0) - np.array(origin_mm)) * px_per_mm).astype(int)
    x1, y1 = np.round((zone.max(axis=0) - np.array(origin_mm)) * px_per_mm).astype(int)
    half = round(OUTLINE_BAND_MM * px_per_mm / 2)
    bands = [box for box in ((a - half, b - half, c + half, d + half) for a, b, c, d in
                             ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1),
                              (x1, y0, x1, y1)))
             if view[within(view, *box)].size]
    if not bands:
        return None
    seen = np.concatenate([view[within(view, *box)].reshape(-1, 3) for box in bands])
    most = brightest_channel(seen).astype(np.int16)
    least = darkest_channel(seen).astype(np.int16)
    printed = seen[(most > OUTLINE_BRIGHT) & (most - least > OUTLINE_CHROMA)]
    if len(printed) < OUTLINE_LEAST:
        return None
    ring = round(FELT_RING_MM * px_per_mm)
    felt = felt_colour(np.concatenate(
        [view[within(view, a - ring, b - ring, c + ring, d + ring)].reshape(-1, 3)
         for a, b, c, d in bands])[::FELT_SAMPLE])
    if felt is None:
        return None
    print_colour = np.percentile(printed, OUTLINE_SHADE, axis=0)
    h, w = view.shape[:2]
    half_view = cv2.resize(view, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    mat = cv2.bitwise_and(_near_blend(half_view, felt.astype(np.float32),
                                      print_colour.astype(np.float32)),
                          _coloured(half_view, FELT_CHROMA * (int(felt.max()) - int(felt.min()))))
    mat = cv2.erode(mat, np.ones((EDGE_PX, EDGE_PX), np.uint8))
    mat = cv2.morphologyEx(mat, cv2.MORPH_CLOSE, np.ones((CLOSE_PX, CLOSE_PX), np.uint8))
    mat = _reaching_out(mat)
    out: Mask = cv2.resize(mat, (w, h), interpolation=cv2.INTER_NEAREST)
    return out


def _reaching_out(mask: Mask) -> Mask:
    """The parts of ``mask`` (0/1) that reach the image's border: the felt runs round the
    cards to the view's edge, a card's green art lies within its paper."""
    n, labels = cv2.connectedComponents(mask, connectivity=4)
    rim = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    keep = np.zeros(n, np.uint8)
    keep[rim] = 1
    keep[0] = 0
    out: Mask = keep[labels]
    return out


def _near_blend(view: BGRImage, felt: npt.NDArray[np.float32],
                line: npt.NDArray[np.float32]) -> Mask:
    """The pixels (0/1) whose colour lies within :data:`MAT_NEAR` of the blend from ``felt``
    to ``line`` (BGR): |q − t·d|² with q the pixel less the felt, d the blend and t the
    place along it nearest q (clipped to the blend's ends), as |q|² + |d|²·t·(t − 2u), u
    that place unclipped."""
    d = line - felt
    dd = max(float(d @ d), 1.0)
    q = view.astype(np.float32) - felt
    u = cv2.transform(q, (d / dd)[None, :])
    t = cv2.min(cv2.max(u, 0.0), 1.0)
    qq = cv2.transform(cv2.multiply(q, q), np.ones((1, 3), np.float32))
    far = qq + dd * t * (t - 2.0 * u)
    near: Mask = (far < MAT_NEAR ** 2).astype(np.uint8)
    return near


def _coloured(view: BGRImage, least: float) -> Mask:
    """The pixels (0/1) whose chroma (brightest less darkest channel) is at least ``least``."""
    b, g, r = cv2.split(view)
    chroma = cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))
    coloured: Mask = (chroma >= least).astype(np.uint8)
    return coloured
