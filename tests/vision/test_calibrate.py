"""Mat layout, printing and calibration."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.calibrate import Calibration, CalibrationError, calibrate, check
from vision.faces import DrawnFaces
from vision.mat import layout_for, team_of, write_mat
from vision.synth import Effects, SceneGenerator


def test_zones_sit_as_the_seats_do() -> None:
    lay = layout_for("A2")
    centres = [z.mean(axis=0) for z in lay.zones]
    # seat 0 bottom centre, then counter-clockwise seen from above (y grows downwards)
    assert centres[0][1] > lay.height_mm / 2 and centres[3][1] < lay.height_mm / 2
    assert centres[1][0] > centres[0][0] > centres[5][0]
    assert centres[2][0] > centres[3][0] > centres[4][0]
    for seat in range(3):  # opposite seats face each other across the middle
        a, b = centres[seat], centres[seat + 3]
        assert (a[1] - lay.height_mm / 2) * (b[1] - lay.height_mm / 2) < 0
    assert [team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


def test_write_mat_png_and_pdf(tmp_path: Path) -> None:
    paths = write_mat(tmp_path / "mat.png", "A4", dpi=40)
    assert [p.suffix for p in paths] == [".png", ".pdf"]
    assert paths[1].read_bytes().startswith(b"%PDF")
    img = cv2.imread(str(paths[0]))
    assert img is not None and img.shape[1] > img.shape[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_calibration_recovers_the_homography(seed: int) -> None:
    scene = SceneGenerator(DrawnFaces(0)).render(seed, effects=Effects())
    cal = calibrate(scene.image, scene.layout)
    assert len(cal.markers) >= 4
    for seat in range(6):
        truth = cv2.perspectiveTransform(scene.layout.zones[seat][None], scene.homography)[0]
        assert np.abs(cal.zone_px(seat) - truth).max() < 2.0
    assert check(cal, scene.image).moved is False


def test_recheck_notices_a_moved_camera_and_a_covered_mat(tmp_path: Path) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    cal = calibrate(gen.render(1).image, gen.layout)
    assert check(cal, gen.render(2).image).moved is True  # another camera pose
    blank = np.full((720, 1280, 3), 90, np.uint8)
    result = check(cal, blank)
    assert result.moved is None and "cannot tell" in result.message
    cal.save(tmp_path / "cal.json")
    again = Calibration.load(tmp_path / "cal.json")
    assert np.allclose(again.homography, cal.homography)


def test_no_mat_raises_a_clear_error() -> None:
    with pytest.raises(CalibrationError, match="mat not found"):
        calibrate(np.zeros((480, 640, 3), np.uint8), layout_for("A2"))
