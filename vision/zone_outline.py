"""Where a zone's printed outline shows on the felt in a view of the zone: the fan's ends are
not measured along it.

The outline is printed :data:`vision.mat.OUTLINE_MM` wide in the team's colour, pale enough
(its darkest channel 90–120) to pass for paper in a view's paper level.  A fan's index
line running out to it counted the felt between the fan and the outline as a gap in one
run of paper, then the outline itself as more of it, and guessed cards laid past the fan's
end: jumbo `KK` read `KKR`, `552` read `552R`, paris `888BRR` read `888BRRR`
(:func:`vision.fan._paper_span`).

Only pixels whose colour lies near the blend from the felt to the outline, as the view
shows both, are the outline's: a card lying across the outline keeps its paper there.
(Painting the outline over before the view is read, as the markers' white is, changed the
paper level's threshold over the view and with it readings far from the outline; see
``docs/vision.md``, *The mat's own print*.)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vision.look import FELT_RING_MM, felt_colour, within
from vision.types import BGRImage, Mask

OUTLINE_BAND_MM = 3.0  # the outline is looked for in a band this wide along each side
# The outline's own colour: the median of the band's pixels this bright (any channel) and
# this coloured (brightest less darkest channel), when at least OUTLINE_LEAST are.
OUTLINE_BRIGHT = 150
OUTLINE_CHROMA = 60
OUTLINE_LEAST = 20
OUTLINE_NEAR = 45.0  # BGR distance from the felt–outline blend within which a pixel is outline
FELT_SAMPLE = 7  # the felt's colour from every this many pixels round the bands


def outline_on_felt(view: BGRImage, zone: npt.NDArray[np.float32],
                    origin_mm: tuple[float, float], px_per_mm: float) -> Mask | None:
    """The pixels (0/1) of ``view`` (a top view of the mat, its pixel (0, 0) at
    ``origin_mm``, ``px_per_mm``) where the outline of ``zone`` (a rectangle's corners, mm)
    shows on felt; ``None`` when no outline is seen in it."""
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
    most, least = seen.max(axis=1).astype(np.int16), seen.min(axis=1).astype(np.int16)
    printed = seen[(most > OUTLINE_BRIGHT) & (most - least > OUTLINE_CHROMA)]
    if len(printed) < OUTLINE_LEAST:
        return None
    ring = round(FELT_RING_MM * px_per_mm)
    felt = felt_colour(np.concatenate(
        [view[within(view, a - ring, b - ring, c + ring, d + ring)].reshape(-1, 3)
         for a, b, c, d in bands])[::FELT_SAMPLE])
    if felt is None:
        return None
    line = np.median(printed, axis=0)
    out: Mask = np.zeros(view.shape[:2], np.uint8)
    for box in bands:
        band = within(view, *box)
        pixels = view[band].astype(np.float64)
        off = pixels - _on_blend(pixels, felt.astype(np.float64), line)
        out[band] |= (np.sqrt((off ** 2).sum(axis=-1)) < OUTLINE_NEAR).astype(np.uint8)
    return out


def _on_blend(pixels: npt.NDArray[np.float64], felt: npt.NDArray[np.float64],
              line: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The colour on the blend from ``felt`` to ``line`` nearest each pixel (..., 3)."""
    d = line - felt
    t = np.clip((pixels - felt) @ d / max(float(d @ d), 1.0), 0.0, 1.0)
    blend: npt.NDArray[np.float64] = felt + t[..., None] * d
    return blend
