"""How the camera sees the mat in a frame: its light (:mod:`vision.white`) and its focus
(:mod:`vision.focus`), both measured on the mat's markers, and what that asks of a view
before it is read (and where the mat's own white lies: :mod:`vision.mat_print`)."""

from __future__ import annotations

from dataclasses import dataclass

from vision.focus import USUAL_BLUR, excess_blur, mat_blur, sharpened
from vision.mat import MatLayout, quiet_zones
from vision.mat_print import Box
from vision.types import BGRImage, Homography
from vision.white import WhiteBalance, balanced, mat_white


@dataclass(frozen=True)
class MatLook:
    """The light's colour and level (``white``) and the blur (σ, frame px) of one frame,
    ``None`` where the markers did not tell; and where the mat's own white lies
    (``mat_white``: its markers' quiet zones, mm)."""

    white: WhiteBalance | None = None
    blur: float | None = None
    mat_white: tuple[Box, ...] = ()

    def balanced(self, view: BGRImage) -> BGRImage:
        """``view`` with the light's colour divided out."""
        return balanced(view, self.white)

    def prepared(self, view: BGRImage, view_px_per_frame_px: float) -> BGRImage:
        """``view`` (a warp of the frame, ``view_px_per_frame_px`` of its pixels to a frame
        pixel) balanced and, when the frame is blurred beyond the usual, sharpened."""
        return sharpened(self.balanced(view), excess_blur(self.blur) * view_px_per_frame_px)

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

