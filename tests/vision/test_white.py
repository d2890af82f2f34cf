"""White balance from the mat's marker quiet zones (vision/white.py): the light's colour is
measured, divided out of what is read, and the zone watcher sees paper under a warm bulb."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gouji.cards import format_cards, parse_cards
from vision.calibrate import calibrate
from vision.faces import DrawnFaces
from vision.look import MatLook
from vision.recognize import Doubt, Recognizer
from vision.synth import LIGHTS, Effects, SceneGenerator
from vision.watch import ZoneChange, ZoneWatcher
from vision.white import WhiteBalance, balanced, mat_white

# a light that clips no channel of the mat's white (every gain at most 1)
DIM_WARM = (0.7, 0.85, 1.0)
STILL = Effects(perspective=True, lighting=False, glare=False, shadow=False, blur=True,
                noise=True, jpeg=False)


def _chroma(light: tuple[float, float, float]) -> np.ndarray:
    v = np.array(light)
    return v / v.mean()


def _measured(white: WhiteBalance) -> np.ndarray:
    seen = 1.0 / np.array(white.gains)
    return seen / seen.mean()


@pytest.mark.parametrize("light", [DIM_WARM, (1.0, 0.95, 0.8)])
def test_the_light_is_measured_on_the_mat(light: tuple[float, float, float]) -> None:
    scene = SceneGenerator(DrawnFaces(0)).render(3, effects=Effects(light=light))
    white = mat_white(scene.image, scene.homography, scene.layout)
    assert white is not None and not white.neutral
    assert np.allclose(_measured(white), _chroma(light), atol=0.03)


def test_white_light_leaves_the_view_alone() -> None:
    scene = SceneGenerator(DrawnFaces(0)).render(3)
    white = mat_white(scene.image, scene.homography, scene.layout)
    assert white is not None and white.neutral
    assert balanced(scene.image, white) is scene.image
    assert balanced(scene.image, None) is scene.image
    assert WhiteBalance((1.0, 1.01, 0.99)).neutral and "white" in white.describe()


def test_a_covered_marker_is_left_out() -> None:
    gen = SceneGenerator(DrawnFaces(0))
    scene = gen.render(3, effects=Effects(light=DIM_WARM))
    frame = scene.image.copy()
    # a hand (skin colour) over two of the six markers and their quiet zones
    for mid in (0, 4):
        corners = gen.layout.markers[mid]
        grown = corners.mean(axis=0) + 1.8 * (corners - corners.mean(axis=0))
        px = cv2.perspectiveTransform(grown[None].astype(np.float32), scene.homography)[0]
        cv2.fillPoly(frame, [np.round(px).astype(np.int32)], (110, 150, 205))
    white = mat_white(frame, scene.homography, scene.layout)
    assert white is not None
    assert np.allclose(_measured(white), _chroma(DIM_WARM), atol=0.03)


def test_a_clipped_white_is_still_made_grey() -> None:
    """A warm lamp on a bright mat clips the red of every quiet zone (and of the cards'
    paper alike): that white is made grey all the same."""
    scene = SceneGenerator(DrawnFaces(0)).render(3, effects=Effects(light=LIGHTS["warm"],
                                                                  lighting=False))
    white = mat_white(scene.image, scene.homography, scene.layout)
    assert white is not None and white.gains[0] > 1.2 > 1.0 > white.gains[2]
    out = balanced(scene.image, white)
    corners = scene.layout.markers[0]
    ring = corners.mean(axis=0) + 1.2 * (corners - corners.mean(axis=0))
    x, y = cv2.perspectiveTransform(ring[None].astype(np.float32), scene.homography)[0][0]
    b, g, r = out[int(y) + 2, int(x) + 2].astype(int)
    assert max(b, g, r) - min(b, g, r) <= 12


def test_balanced_scales_each_channel() -> None:
    img = np.full((2, 2, 3), 100, np.uint8)
    out = balanced(img, WhiteBalance((1.5, 1.0, 0.5)))
    assert out[0, 0].tolist() == [150, 100, 50]
    bright = np.full((1, 1, 3), 200, np.uint8)
    assert balanced(bright, WhiteBalance((2.0, 1.0, 1.0)))[0, 0, 0] == 255


def test_the_calibration_measures_the_light() -> None:
    gen = SceneGenerator(DrawnFaces(0))
    scene = gen.render(3, effects=Effects(light=DIM_WARM))
    cal = calibrate(scene.image, gen.layout)
    white = cal.look_at(scene.image).white
    assert white is not None
    assert np.allclose(_measured(white), _chroma(DIM_WARM), atol=0.03)


def test_a_set_under_a_warm_bulb_reads_as_in_white_light() -> None:
    """drawn-0, seed 2042, seat 3: 2R under a warm bulb read J2R without the mat's white
    balance (sure until the forty-ninth session; now unsure by a bare wide gap in its
    fan, Doubt.WIDE_GAP); with it, right and sure as in white light."""
    scene = SceneGenerator(DrawnFaces(0)).render(2042, effects=Effects(light=LIGHTS["warm"]))
    zone = scene.layout.zones[3]
    rec = Recognizer()
    plain = rec.read_zone(scene.image, scene.homography, zone)
    assert format_cards(plain.cards) == "J2R" and plain.doubts == (Doubt.WIDE_GAP,)
    white = mat_white(scene.image, scene.homography, scene.layout)
    reading = rec.read_zone(scene.image, scene.homography, zone, look=MatLook(white))
    assert format_cards(reading.cards) == "2R" and not reading.unsure


@pytest.mark.parametrize("light", ["warm", "cool"])
def test_the_watcher_sees_cards_under_coloured_light(light: str) -> None:
    """Under a warm bulb white paper is as saturated as the felt: without the balance the
    watcher saw no card laid at all."""
    gen = SceneGenerator(DrawnFaces(0))
    still = Effects(**{**STILL.__dict__, "light": LIGHTS[light]})
    moving = Effects(**{**still.__dict__, "hand": True})
    empty = gen.render(7, {}, still).image
    hand = gen.render(7, {2: parse_cards("KK")}, moving).image
    played = gen.render(7, {2: parse_cards("KK")}, still).image
    watcher = ZoneWatcher(calibrate(empty, gen.layout))
    events = []
    for frame in [empty] * 3 + [hand] * 3 + [played] * 6 + [hand] * 2 + [empty] * 6:
        events += [(e.seat, e.change) for e in watcher.update(frame)]
    assert events == [(2, ZoneChange.ADDED), (2, ZoneChange.CLEARED)]


def test_a_set_in_a_dim_room_is_read() -> None:
    """drawn-0, seed 2013, seat 3: AAAAA in a dim room (the frame at 0.45 of its light) read
    as no cards, *sure*: no paper was bright enough to look for cards on.  The mat's white
    brings the view up to DIM_WHITE, and the set reads right and sure."""
    scene = SceneGenerator(DrawnFaces(0)).render(2013, effects=Effects(light=(0.45,) * 3))
    zone = scene.layout.zones[3]
    rec = Recognizer()
    assert rec.read_zone(scene.image, scene.homography, zone).cards == ()
    white = mat_white(scene.image, scene.homography, scene.layout)
    assert white is not None and min(white.gains) > 1.2 and "dim" in white.describe()
    reading = rec.read_zone(scene.image, scene.homography, zone, look=MatLook(white))
    assert format_cards(reading.cards) == "AAAAA" and not reading.unsure


def test_a_big_joker_in_a_dim_room_stays_red() -> None:
    """drawn-2, seed 2044, seat 5: 666R in a dim room.  A 大王 is told by its red, measured
    in grey levels (R − max(B, G) over 35): brought up only to a level of 140, the 大王 read
    as a 小王, sure.  Brought up to DIM_WHITE, the set reads right."""
    scene = SceneGenerator(DrawnFaces(2)).render(2044, effects=Effects(light=LIGHTS["dim"]))
    white = mat_white(scene.image, scene.homography, scene.layout)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[5],
                                     look=MatLook(white))
    assert format_cards(reading.cards) == "666R" and not reading.unsure
