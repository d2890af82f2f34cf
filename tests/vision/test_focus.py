"""Focus measured on the mat's marker edges (vision/focus.py), taken back before a view is
read, and told to the operator (vision/look.py)."""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from gouji.cards import format_cards
from vision.calibrate import calibrate
from vision.faces import DrawnFaces
from vision.focus import MOST_TAKEN, USUAL_BLUR, excess_blur, mat_blur, sharpened
from vision.look import MatLook, look_at
from vision.recognize import Recognizer
from vision.synth import Effects, SceneGenerator


@pytest.mark.parametrize("seed", [2000, 2003])
def test_a_lens_out_of_focus_is_measured(seed: int) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    sharp = gen.render(seed)
    usual = mat_blur(sharp.image, sharp.homography, sharp.layout)
    assert usual is not None and 0.3 < usual <= USUAL_BLUR
    for extra in (1.0, 2.0):
        scene = gen.render(seed, effects=Effects(focus=extra))
        blur = mat_blur(scene.image, scene.homography, scene.layout)
        assert blur is not None
        # blurs add as their squares (a wide blur reaches past the sampled profile and
        # measures a little short)
        assert blur == pytest.approx(math.hypot(usual, extra), rel=0.1)


def test_no_marker_seen_tells_nothing() -> None:
    """A dark frame (no white, no edge) or a mat out of the frame: neither the light nor
    the focus is known, and the look leaves views alone (but for the mat's own white, whose
    place the layout gives)."""
    scene = SceneGenerator(DrawnFaces(0)).render(2000)
    dark = np.full_like(scene.image, 20)
    away = np.array([[1, 0, 5000], [0, 1, 5000], [0, 0, 1]], np.float64) @ scene.homography
    for frame, homography in ((dark, scene.homography), (scene.image, away)):
        look = look_at(frame, homography, scene.layout)
        assert replace(look, mat_white=()) == MatLook()
    flat = np.full_like(scene.image, 128)  # white enough, but no edge
    assert mat_blur(flat, scene.homography, scene.layout) is None


def test_only_the_blur_beyond_the_usual_is_taken_back() -> None:
    assert excess_blur(None) == 0.0
    assert excess_blur(USUAL_BLUR) == 0.0
    assert excess_blur(math.hypot(USUAL_BLUR, 1.2)) == pytest.approx(1.2)
    assert excess_blur(50.0) == MOST_TAKEN


def test_sharpening_steepens_an_edge() -> None:
    step = np.zeros((1, 40, 3), np.uint8)
    step[:, 20:] = 200
    soft = np.asarray(cv2.GaussianBlur(step, (0, 0), 2.0))
    assert sharpened(soft, 0.0) is soft
    back = sharpened(soft, 2.0).astype(int)
    assert back[0, 21, 0] - back[0, 18, 0] > soft[0, 21, 0] - soft[0, 18, 0]


def test_a_set_seen_out_of_focus_is_read() -> None:
    """drawn-0, seed 2021, seat 3: BBBBRRRR with the lens out of focus (σ 1 px more blur)
    read BBBBR, unsure; with the blur taken back, right and sure."""
    gen = SceneGenerator(DrawnFaces(0))
    scene = gen.render(2021, effects=Effects(focus=1.0))
    zone = scene.layout.zones[3]
    rec = Recognizer()
    plain = rec.read_zone(scene.image, scene.homography, zone)
    assert format_cards(plain.cards) != "BBBBRRRR"
    look = calibrate(scene.image, gen.layout).look_at(scene.image)
    assert look.blur is not None and look.blur > USUAL_BLUR
    assert "focus" in look.describe()
    reading = rec.read_zone(scene.image, scene.homography, zone, look=look)
    assert format_cards(reading.cards) == "BBBBRRRR" and not reading.unsure


def test_a_sharp_frame_in_white_light_is_read_as_it_is() -> None:
    scene = SceneGenerator(DrawnFaces(0)).render(2000)
    look = look_at(scene.image, scene.homography, scene.layout)
    assert look.describe() == "光色正常 light is white"
    view = scene.image[:50, :50]
    assert look.prepared(view, 2.0) is view
    assert MatLook().prepared(view, 2.0) is view
