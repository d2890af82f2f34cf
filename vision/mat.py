"""The printed play mat (牌垫): layout in millimetres, rendering, PNG and PDF output.

Six play zones sit as the seats do, a ring counter-clockwise seen from above:
seat 0 bottom centre, 1 bottom right, 2 top right, 3 top centre, 4 top left,
5 bottom left — so opposite seats (seat + 3) face each other across the mat
and the two teams (0, 2, 4 and 1, 3, 5) alternate; their zones are outlined in
two colours.  Six ArUco markers (4×4, ids 0–5) at the corners and the middle
of the long edges let :mod:`vision.calibrate` find the mat in a camera frame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from vision.fonts import latin_fonts
from vision.types import BGRImage, Points

PAPER_MM: dict[str, tuple[float, float]] = {
    "A1": (841.0, 594.0),
    "A2": (594.0, 420.0),
    "A3": (420.0, 297.0),
    "A4": (297.0, 210.0),
}
ARUCO_DICT = cv2.aruco.DICT_4X4_50
SEATS = 6
FELT_BGR = (70, 110, 40)
QUIET_ZONE = 0.25  # the white margin round each marker, as a share of its side
TEAM_BGR = ((90, 200, 235), (235, 200, 120))  # seats 0, 2, 4 / 1, 3, 5
OUTLINE_MM = 1.5  # each zone's outline is printed this wide, in its team's colour
# Where each seat's zone sits in the 3 × 2 grid: (column, row), row 0 on top.
_SEAT_CELL = ((1, 1), (2, 1), (2, 0), (1, 0), (0, 0), (0, 1))



def team_of(seat: int) -> int:
    """0 for seats 0, 2, 4 and 1 for seats 1, 3, 5."""
    return seat % 2


@dataclass(frozen=True)
class MatLayout:
    """Geometry of a mat in millimetres (origin top left, x right, y down)."""

    paper: str
    width_mm: float
    height_mm: float
    marker_mm: float
    markers: dict[int, Points]  # id -> 4 corners (TL, TR, BR, BL) as ArUco orders them
    zones: tuple[Points, ...]  # per seat, 4 corners

    def marker_points(self, ids: list[int]) -> Points:
        """The corners of the given markers, stacked (4 rows per id)."""
        return np.vstack([self.markers[i] for i in ids]).astype(np.float32)


_AROUND: dict[tuple[str, float, Callable[[Points], npt.NDArray[Any]]], npt.NDArray[Any]] = {}


def around_markers(layout: MatLayout, points: Callable[[Points], npt.NDArray[Any]]
                   ) -> npt.NDArray[Any]:
    """``points(corners)`` (mm) for each of ``layout``'s markers, stacked (markers first);
    made once per mat and per ``points``: the places sampled round the markers in every
    frame (:mod:`vision.white`, :mod:`vision.focus`)."""
    key = (layout.paper, layout.marker_mm, points)
    if key not in _AROUND:
        _AROUND[key] = np.stack([points(c) for c in layout.markers.values()])
    return _AROUND[key]


def quiet_zones(layout: MatLayout) -> tuple[tuple[float, float, float, float], ...]:
    """The white square printed round each marker (its quiet zone), as (x0, y0, x1, y1) in
    mm: the mat's own white, which no card's paper is."""
    pad = layout.marker_mm * QUIET_ZONE
    return tuple((float(c[:, 0].min()) - pad, float(c[:, 1].min()) - pad,
                  float(c[:, 0].max()) + pad, float(c[:, 1].max()) + pad)
                 for c in layout.markers.values())


def _square(x: float, y: float, s: float) -> Points:
    return np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], np.float32)


def layout_for(paper: str = "A2") -> MatLayout:
    """The mat layout for a paper size (landscape)."""
    if paper not in PAPER_MM:
        raise ValueError(f"unknown paper {paper!r}; choose from {', '.join(PAPER_MM)}")
    w, h = PAPER_MM[paper]
    s = round(0.075 * h, 1)
    m = round(0.025 * h, 1)
    markers = {
        0: _square(m, m, s), 1: _square(w - m - s, m, s),
        2: _square(w - m - s, h - m - s, s), 3: _square(m, h - m - s, s),
        4: _square((w - s) / 2, m, s), 5: _square((w - s) / 2, h - m - s, s),
    }
    gap = 0.02 * h
    band = 0.07 * h  # the middle band with seat labels
    col_w = (w - 2 * m) / 3
    top0, bottom1 = m + s + gap, h - m - s - gap
    rows = ((top0, h / 2 - band / 2), (h / 2 + band / 2, bottom1))
    zones = []
    for col, row in _SEAT_CELL:
        x0, x1 = m + col * col_w + gap / 2, m + (col + 1) * col_w - gap / 2
        y0, y1 = rows[row]
        zones.append(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32))
    return MatLayout(paper, w, h, s, markers, tuple(zones))


def render_mat(layout: MatLayout, px_per_mm: float = 4.0) -> BGRImage:
    """The mat as a BGR image at ``px_per_mm``."""
    W, H = round(layout.width_mm * px_per_mm), round(layout.height_mm * px_per_mm)
    img = np.empty((H, W, 3), np.uint8)
    img[:] = FELT_BGR
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    for mid, corners in layout.markers.items():
        x0, y0 = corners[0] * px_per_mm
        side = round(layout.marker_mm * px_per_mm)
        quiet = round(side * QUIET_ZONE)
        cv2.rectangle(img, (round(x0) - quiet, round(y0) - quiet),
                      (round(x0) + side + quiet, round(y0) + side + quiet), (255, 255, 255), -1)
        marker = cv2.aruco.generateImageMarker(dictionary, mid, side, borderBits=1)
        img[round(y0): round(y0) + side, round(x0): round(x0) + side] = marker[:, :, None]
    thick = max(2, round(OUTLINE_MM * px_per_mm))
    for seat, zone in enumerate(layout.zones):
        pts = np.round(zone * px_per_mm).astype(np.int32)
        cv2.polylines(img, [pts], True, TEAM_BGR[team_of(seat)], thick, cv2.LINE_AA)
    return _labels(img, layout, px_per_mm)


def _labels(img: BGRImage, layout: MatLayout, px_per_mm: float) -> BGRImage:
    """Seat labels in the middle band, beside each zone (outside it)."""
    pil = Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB))
    draw = ImageDraw.Draw(pil)
    size = max(10, round(0.02 * layout.height_mm * px_per_mm))
    cjk = [p for p in latin_fonts() if "wqy" in p.name.lower() or "cjk" in p.name.lower()]
    font = ImageFont.truetype(str(cjk[0]), size) if cjk else ImageFont.load_default(size)
    team_name = ("甲队 A", "乙队 B")
    for seat, zone in enumerate(layout.zones):
        x = float(zone[:, 0].mean()) * px_per_mm
        top = float(zone[:, 1].min()) < layout.height_mm / 2
        y = (float(zone[:, 1].max()) + 4 if top else float(zone[:, 1].min()) - 4) * px_per_mm
        text = f"{seat} 座 seat {seat} · {team_name[team_of(seat)]}"
        b, g, r = TEAM_BGR[team_of(seat)]
        draw.text((x, y), text, font=font, fill=(r, g, b), anchor="mt" if top else "mb")
    return cv2.cvtColor(np.asarray(pil), cv2.COLOR_RGB2BGR)


def write_mat(out: Path, paper: str = "A2", dpi: int = 150) -> list[Path]:
    """Write the mat as PNG and PDF beside ``out`` (suffix replaced); returns both paths."""
    layout = layout_for(paper)
    img = render_mat(layout, px_per_mm=dpi / 25.4)
    pil = Image.fromarray(cv2.cvtColor(img, cv2.COLOR_BGR2RGB))
    png, pdf = out.with_suffix(".png"), out.with_suffix(".pdf")
    out.parent.mkdir(parents=True, exist_ok=True)
    pil.save(png, dpi=(dpi, dpi))
    pil.save(pdf, resolution=float(dpi))
    return [png, pdf]
