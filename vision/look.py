"""How the camera sees the mat in a frame: its light (:mod:`vision.white`) and its focus
(:mod:`vision.focus`), both measured on the mat's markers, and what that asks of a view
before it is read, the mat's own white (its markers' quiet zones) painted over too."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision.focus import USUAL_BLUR, excess_blur, mat_blur, sharpened
from vision.mat import MatLayout, quiet_zones
from vision.types import BGRImage, Homography
from vision.white import WhiteBalance, balanced, mat_white

FELT_RING_MM = 4.0  # the felt's colour is taken this far round the mat's white


@dataclass(frozen=True)
class MatLook:
    """The light's colour and level (``white``) and the blur (σ, frame px) of one frame,
    ``None`` where the markers did not tell; and where the mat's own white lies
    (``mat_white``: its markers' quiet zones, mm)."""

    white: WhiteBalance | None = None
    blur: float | None = None
    mat_white: tuple[tuple[float, float, float, float], ...] = ()  # (x0, y0, x1, y1) mm

    def balanced(self, view: BGRImage) -> BGRImage:
        """``view`` with the light's colour divided out."""
        return balanced(view, self.white)

    def prepared(self, view: BGRImage, view_px_per_frame_px: float) -> BGRImage:
        """``view`` (a warp of the frame, ``view_px_per_frame_px`` of its pixels to a frame
        pixel) balanced and, when the frame is blurred beyond the usual, sharpened."""
        return sharpened(self.balanced(view), excess_blur(self.blur) * view_px_per_frame_px)

    def without_mat_white(self, view: BGRImage, origin_mm: tuple[float, float],
                          px_per_mm: float) -> BGRImage:
        """``view`` (a top view of the mat, its pixel (0, 0) at ``origin_mm``, ``px_per_mm``)
        with the mat's own white painted over in the colour of the felt round it.  A card near
        a marker is no longer one paper with its white (paris `BBRR` read as no card: the
        paper level's closing bridged the 10 mm of felt between them).  A card lying on that
        white is cut there."""
        out = view
        ring = round(FELT_RING_MM * px_per_mm)
        for box in self.mat_white:
            x0, y0, x1, y1 = (round((v - origin_mm[k % 2]) * px_per_mm)
                              for k, v in enumerate(box))
            white = within(view, x0, y0, x1, y1)
            if not view[white].size:
                continue
            near = np.zeros(view.shape[:2], bool)
            near[within(view, x0 - ring, y0 - ring, x1 + ring, y1 + ring)] = True
            near[white] = False
            felt = felt_colour(view[near])
            if felt is None:
                continue
            if out is view:
                out = view.copy()
            out[white] = felt
        return out

    def describe(self) -> str:
        """A line for the operator: the light, and the focus when it is off."""
        light = ("看不到牌垫的白 the mat's white is not seen" if self.white is None
                 else self.white.describe())
        if self.blur is not None and self.blur > USUAL_BLUR:
            return (f"{light}; 画面模糊 out of focus (edges blurred σ {self.blur:.1f} px) — "
                    f"focus the camera's lens")
        return light


def look_at(frame: BGRImage, homography: Homography, layout: MatLayout) -> MatLook:
    """Measure the light and the focus of ``frame`` on the mat's markers
    (``homography``: mat mm → frame px)."""
    return MatLook(mat_white(frame, homography, layout), mat_blur(frame, homography, layout),
                   quiet_zones(layout))


def felt_colour(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8] | None:
    """The felt's colour among ``pixels`` (n, 3) taken round some of the mat's print: the
    per-channel median of their darker half (a card lying there is brighter, and so is the
    print); ``None`` when there are none."""
    if not len(pixels):
        return None
    level = darkest_channel(pixels)
    felt: npt.NDArray[np.uint8] = np.median(pixels[level <= np.median(level)],
                                            axis=0).astype(np.uint8)
    return felt


def darkest_channel(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Each pixel's darkest channel, of ``pixels`` (n, 3) (as ``pixels.min(axis=1)``, which
    numpy reduces slowly over so short an axis)."""
    out: npt.NDArray[np.uint8] = np.minimum(np.minimum(pixels[:, 0], pixels[:, 1]),
                                            pixels[:, 2])
    return out


def brightest_channel(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Each pixel's brightest channel, of ``pixels`` (n, 3) (see :func:`darkest_channel`)."""
    out: npt.NDArray[np.uint8] = np.maximum(np.maximum(pixels[:, 0], pixels[:, 1]),
                                            pixels[:, 2])
    return out


def within(image: BGRImage, x0: int, y0: int, x1: int, y1: int) -> tuple[slice, slice]:
    """The rows and columns of the box (x0, y0)–(x1, y1) that lie in ``image`` (none, when
    it lies wholly outside)."""
    h, w = image.shape[:2]
    return slice(max(0, y0), max(0, min(h, y1))), slice(max(0, x0), max(0, min(w, x1)))
