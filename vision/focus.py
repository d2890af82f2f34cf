"""How sharp the camera sees, from the edges of the mat's markers (对焦 focus).

A camera out of focus (a Pi HQ camera's lens is focused by hand) blurs every index: at
1280×720 a glyph is about 12 px tall, and a blur of 1.5 px more than usual left a fifth of
the sets read right.  Each marker's black square meets its white quiet zone in four
straight edges whose place the calibration knows: :func:`mat_blur` samples the grey
level across them (many profiles per edge, averaged) and measures how wide the step from
black to white is.  For a Gaussian blur of σ px, 25 % to 75 % of the step spans 1.349 σ.

:func:`sharpened` takes back the blur beyond :data:`USUAL_BLUR` with an unsharp mask
before a view is read.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from vision.mat import MatLayout
from vision.types import BGRImage, Homography

EDGE_REACH = 0.12  # profiles run this share of the marker's side either side of its edge
EDGE_SPAN = (0.2, 0.8)  # along each edge, clear of the corners
PROFILE_STEPS = 33
PROFILES = 20  # per edge
LEAST_STEP = 40.0  # grey levels from black to white for an edge to be measured
QUARTILES = 1.349  # 25 % to 75 % of a Gaussian step, in σ
# The blur a frame shows when in focus (the synthetic scenes' own blur and the pixels'
# footprint measure σ 0.4–0.9 px), and the most that is taken back.
USUAL_BLUR = 0.9
MOST_TAKEN = 2.5
SHARPEN_AMOUNT = 1.0


def _edge_profiles(corners: npt.NDArray[np.float32]) -> list[npt.NDArray[np.float64]]:
    """Per side of a marker (mm), a grid of points (PROFILES × PROFILE_STEPS) across its
    edge, from inside the black square out into the quiet zone."""
    c = np.asarray(corners, np.float64)
    centre = c.mean(axis=0)
    side = float(np.linalg.norm(c[1] - c[0]))
    us = np.linspace(*EDGE_SPAN, PROFILES)
    ds = np.linspace(-EDGE_REACH * side, EDGE_REACH * side, PROFILE_STEPS)
    out = []
    for k in range(4):
        a, b = c[k], c[(k + 1) % 4]
        t = (b - a) / np.linalg.norm(b - a)
        n = np.array([t[1], -t[0]])
        if np.dot(n, (a + b) / 2 - centre) < 0:
            n = -n  # outwards
        out.append(a + (b - a) * us[:, None, None] + n * ds[None, :, None])
    return out


def _quartile_width(profile: npt.NDArray[np.float64]) -> float | None:
    """Samples between the 25 % and 75 % crossings of a dark-to-bright step (``None``
    when it is no clean step)."""
    quarter = len(profile) // 4
    lo, hi = float(profile[:quarter].mean()), float(profile[-quarter:].mean())
    if hi - lo < LEAST_STEP:
        return None
    q = (profile - lo) / (hi - lo)
    crossings = []
    for level in (0.25, 0.75):
        i = np.flatnonzero((q[:-1] < level) & (q[1:] >= level))
        if not len(i):
            return None
        j = int(i[0])
        crossings.append(j + (level - q[j]) / (q[j + 1] - q[j]))
    return float(crossings[1] - crossings[0])


def mat_blur(frame: BGRImage, homography: Homography, layout: MatLayout) -> float | None:
    """The blur of ``frame`` (σ of a Gaussian, frame px) at the mat's marker edges
    (``homography``: mat mm → frame px); ``None`` when no edge shows a clean step."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY).astype(np.float32)
    h, w = gray.shape
    sigmas = []
    for corners in layout.markers.values():
        for grid in _edge_profiles(corners):
            px = cv2.perspectiveTransform(grid.reshape(1, -1, 2), homography)[0]
            px = px.reshape(grid.shape).astype(np.float32)
            if px[..., 0].min() < 0 or px[..., 1].min() < 0 or px[..., 0].max() > w - 1 \
                    or px[..., 1].max() > h - 1:
                continue
            profile = cv2.remap(gray, px[..., 0], px[..., 1], cv2.INTER_LINEAR).mean(axis=0)
            width = _quartile_width(profile.astype(np.float64))
            if width is not None:
                step_px = float(np.linalg.norm(np.diff(px, axis=1), axis=2).mean())
                sigmas.append(width * step_px / QUARTILES)
    return float(np.median(sigmas)) if sigmas else None


def excess_blur(blur: float | None) -> float:
    """The blur (σ, px) beyond :data:`USUAL_BLUR`, at most :data:`MOST_TAKEN` (0 when the
    frame is as sharp as usual or its blur is unknown)."""
    if blur is None or blur <= USUAL_BLUR:
        return 0.0
    return min(math.sqrt(blur * blur - USUAL_BLUR * USUAL_BLUR), MOST_TAKEN)


def sharpened(image: BGRImage, excess: float) -> BGRImage:
    """``image`` with a blur of σ ``excess`` px taken back by an unsharp mask (unchanged
    when ``excess`` is 0)."""
    if excess <= 0:
        return image
    soft = cv2.GaussianBlur(image, (0, 0), excess)
    out: BGRImage = cv2.addWeighted(image, 1 + SHARPEN_AMOUNT, soft, -SHARPEN_AMOUNT, 0)
    return out
