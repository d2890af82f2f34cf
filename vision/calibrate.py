"""Finding the mat in a camera frame (标定), and noticing when it moves.

The mat's ArUco markers give point pairs (mat millimetres ↔ frame pixels);
a homography maps the mat into the frame, and with it each seat's zone.
:func:`check` re-detects the markers later and says whether the mat or the
camera has moved since calibration (a hand over a marker is "cannot tell",
not "moved").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.look import MatLook, look_at
from vision.mat import ARUCO_DICT, MatLayout, layout_for
from vision.types import BGRImage, Homography, Points

MIN_MARKERS = 2
MOVED_PX = 6.0
# The reader is measured on frames that see the mat's zones at about 1.6 px/mm (1280×720
# over an A2 mat); at 1.2 (960×540) it read a fifth fewer sets right.  A zone seen coarser
# than this is reported.
FINE_PX_PER_MM = 1.5


class CalibrationError(RuntimeError):
    """The mat could not be found in the frame (too few markers seen)."""


def px_per_mm_at(homography: Homography, point_mm: npt.ArrayLike) -> float:
    """How many frame pixels a millimetre of the mat spans at ``point_mm`` (the square root
    of the homography's local area scale)."""
    c = np.asarray(point_mm, np.float64)
    p = cv2.perspectiveTransform((c + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))[None],
                                 homography)[0]
    (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))


def detect_markers(frame: BGRImage) -> dict[int, Points]:
    """ArUco markers in ``frame``: id -> 4 corners in pixels (TL, TR, BR, BL of the marker)."""
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(ARUCO_DICT),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2).astype(np.float32) for i, c in zip(ids.ravel(), corners,
                                                                     strict=True)}


@dataclass(frozen=True)
class Calibration:
    """Where the mat lies in the camera's frames."""

    layout: MatLayout
    homography: Homography  # mat mm -> frame px
    frame_size: tuple[int, int]  # width, height
    markers: tuple[int, ...]
    error_px: float  # RMS reprojection error of the marker corners

    def to_frame(self, points_mm: Points) -> Points:
        """Mat millimetres to frame pixels."""
        out: Points = cv2.perspectiveTransform(points_mm.reshape(-1, 1, 2).astype(np.float32),
                                               self.homography).reshape(-1, 2)
        return out

    def look_at(self, frame: BGRImage) -> MatLook:
        """The light and focus of ``frame`` as the mat's markers show them
        (:func:`vision.look.look_at`)."""
        return look_at(frame, self.homography, self.layout)

    def coarse_seats(self) -> list[tuple[int, float]]:
        """The seats whose zone the camera sees coarser than :data:`FINE_PX_PER_MM`, each
        with its px/mm at the zone's centre."""
        scales = [(seat, px_per_mm_at(self.homography, zone.mean(axis=0)))
                  for seat, zone in enumerate(self.layout.zones)]
        return [(seat, s) for seat, s in scales if s < FINE_PX_PER_MM]

    def zone_px(self, seat: int) -> Points:
        """Seat ``seat``'s zone as a polygon in frame pixels."""
        return self.to_frame(self.layout.zones[seat])

    def save(self, path: Path) -> None:
        """Write as JSON."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({
            "paper": self.layout.paper, "homography": self.homography.tolist(),
            "frame_size": list(self.frame_size), "markers": list(self.markers),
            "error_px": self.error_px,
        }, indent=1))

    @classmethod
    def load(cls, path: Path) -> Calibration:
        """Read what :meth:`save` wrote."""
        data = json.loads(path.read_text())
        w, h = data["frame_size"]
        return cls(layout_for(data["paper"]), np.array(data["homography"], np.float64),
                   (int(w), int(h)), tuple(data["markers"]), float(data["error_px"]))


def calibrate(frame: BGRImage, layout: MatLayout) -> Calibration:
    """Calibrate from one frame; raises :class:`CalibrationError` if the mat is not seen."""
    found = {i: c for i, c in detect_markers(frame).items() if i in layout.markers}
    if len(found) < MIN_MARKERS:
        raise CalibrationError(
            f"未找到牌垫 mat not found: {len(found)} of {len(layout.markers)} markers seen, "
            f"need {MIN_MARKERS} (is the whole mat in view and lit?)")
    ids = sorted(found)
    src = layout.marker_points(ids)
    dst = np.vstack([found[i] for i in ids])
    hom, _ = cv2.findHomography(src, dst, 0)
    if hom is None:
        raise CalibrationError("标定失败 calibration failed: markers are degenerate")
    proj = cv2.perspectiveTransform(src[None], hom)[0]
    err = float(np.sqrt(np.mean(np.sum((proj - dst) ** 2, axis=1))))
    h, w = frame.shape[:2]
    return Calibration(layout, hom, (w, h), tuple(ids), err)


@dataclass(frozen=True)
class CheckResult:
    """Outcome of a re-check: ``moved`` is None when too few markers were visible to tell."""

    moved: bool | None
    shift_px: float
    markers_seen: int

    @property
    def message(self) -> str:
        """A line for the operator."""
        if self.moved is None:
            return f"无法确认 cannot tell: only {self.markers_seen} marker(s) visible"
        if self.moved:
            return f"牌垫或相机移动了 mat or camera moved by {self.shift_px:.1f} px — recalibrate"
        return f"标定正常 calibration OK (shift {self.shift_px:.1f} px)"


def check(cal: Calibration, frame: BGRImage, tolerance_px: float = MOVED_PX) -> CheckResult:
    """Compare the markers now seen with where the calibration puts them."""
    found = {i: c for i, c in detect_markers(frame).items() if i in cal.layout.markers}
    if len(found) < MIN_MARKERS:
        return CheckResult(None, 0.0, len(found))
    ids = sorted(found)
    expected = cal.to_frame(cal.layout.marker_points(ids))
    seen = np.vstack([found[i] for i in ids])
    shift = float(np.max(np.linalg.norm(expected - seen, axis=1)))
    return CheckResult(shift > tolerance_px, shift, len(found))
