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

from vision.mat import MatLayout, around_markers
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
GREY_WEIGHTS = np.array([0.114, 0.587, 0.299])  # B, G, R as cv2.COLOR_BGR2GRAY weighs them


def _edge_profiles(corners: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """Per side of a marker (mm), a grid of points (PROFILES × PROFILE_STEPS) across its
    edge, from inside the black square out into the quiet zone: (4, PROFILES,
    PROFILE_STEPS, 2)."""
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
    return np.stack(out)


def _quartile_widths(profiles: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Per dark-to-bright step (a row of ``profiles``), the samples between its 25 % and
    75 % crossings; NaN where the row is no clean step."""
    quarter = profiles.shape[1] // 4
    lo = profiles[:, :quarter].mean(axis=1, keepdims=True)
    hi = profiles[:, -quarter:].mean(axis=1, keepdims=True)
    q = (profiles - lo) / np.maximum(hi - lo, 1e-6)
    rows = np.arange(len(q))
    at = []
    for level in (0.25, 0.75):
        up = (q[:, :-1] < level) & (q[:, 1:] >= level)
        j = np.argmax(up, axis=1)
        at.append(np.where(up.any(axis=1),
                           j + (level - q[rows, j]) / np.maximum(q[rows, j + 1] - q[rows, j],
                                                                 1e-6),
                           np.nan))
    widths: npt.NDArray[np.float64] = at[1] - at[0]
    widths[(hi - lo)[:, 0] < LEAST_STEP] = np.nan
    return widths


def mat_blur(frame: BGRImage, homography: Homography, layout: MatLayout) -> float | None:
    """The blur of ``frame`` (σ of a Gaussian, frame px) at the mat's marker edges
    (``homography``: mat mm → frame px); ``None`` when no edge shows a clean step."""
    grid = around_markers(layout, _edge_profiles).reshape(-1, PROFILES, PROFILE_STEPS, 2)
    edges = len(grid)
    px = cv2.perspectiveTransform(grid.reshape(1, -1, 2), homography)[0].astype(np.float32)
    px = px.reshape(grid.shape)
    h, w = frame.shape[:2]
    inside = ((px[..., 0] >= 0) & (px[..., 1] >= 0) & (px[..., 0] <= w - 1)
              & (px[..., 1] <= h - 1)).reshape(edges, -1).all(axis=1)
    if not inside.any():
        return None
    # the samples alone, from the colour frame (remap), made grey as OpenCV weighs it
    flat = px.reshape(1, -1, 2)
    bgr = cv2.remap(frame, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR)
    grey = (bgr[0].astype(np.float64) @ GREY_WEIGHTS).reshape(edges, PROFILES, PROFILE_STEPS)
    widths = _quartile_widths(grey.mean(axis=1))
    step_px = np.linalg.norm(np.diff(px, axis=2), axis=3).mean(axis=(1, 2))
    sigmas = (widths * step_px / QUARTILES)[inside & ~np.isnan(widths)]
    return float(np.median(sigmas)) if len(sigmas) else None


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
