"""The mat's own white (the quiet zone printed round each marker) is painted over in the
felt's colour before a zone is read (vision.look.MatLook.without_mat_white): a set laid
near a marker was read as one paper with that white (the paper level's closing bridged the
felt between them), so its fan's outline, edges and ends were wrong."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gouji.cards import format_cards
from vision.faces import DrawnFaces
from vision.look import MatLook, look_at
from vision.mat import FELT_BGR, layout_for, quiet_zones, render_mat
from vision.recognize import Recognizer
from vision.synth import SceneGenerator

from .helpers import read_dev_scene

PX = 4.0  # px per mm of the drawn views


def test_quiet_zones_are_the_white_the_mat_prints_round_its_markers() -> None:
    layout = layout_for("A2")
    mat = render_mat(layout, PX)
    zones = quiet_zones(layout)
    assert len(zones) == len(layout.markers)
    for x0, y0, x1, y1 in zones:
        # 1 mm inside each side: white (the zones' outlines reach its last half mm); 2 mm
        # outside: felt (1 mm out lies on a zone's outline)
        for x, y in ((x0 + 1, (y0 + y1) / 2), (x1 - 1, (y0 + y1) / 2),
                     ((x0 + x1) / 2, y0 + 1), ((x0 + x1) / 2, y1 - 1)):
            assert tuple(mat[round(y * PX), round(x * PX)]) == (255, 255, 255)
        for x, y in ((x0 - 2, (y0 + y1) / 2), (x1 + 2, (y0 + y1) / 2),
                     ((x0 + x1) / 2, y0 - 2), ((x0 + x1) / 2, y1 + 2)):
            assert tuple(mat[round(y * PX), round(x * PX)]) == FELT_BGR


def _felt_view() -> np.ndarray:
    rng = np.random.default_rng(3)
    noise = rng.integers(-6, 7, (200, 300, 3))
    return (np.array(FELT_BGR) + noise).clip(0, 255).astype(np.uint8)


def test_the_mat_white_is_painted_in_the_felt_round_it_and_nothing_else_changes() -> None:
    view = _felt_view()
    # the view's (0, 0) at mat (100, 50) mm: a quiet zone at x 110–130, y 40–60 mm shows as
    # view rows 0–40, columns 40–120; a card's paper beside it, 2 mm off, is left alone
    view[0:40, 40:120] = 250
    view[0:100, 128:200] = 240
    look = MatLook(mat_white=((110.0, 40.0, 130.0, 60.0),))
    out = look.without_mat_white(view, (100.0, 50.0), PX)
    assert out is not view
    painted = out[0:40, 40:120].reshape(-1, 3).astype(int)
    assert np.abs(painted - np.array(FELT_BGR)).max() <= 6  # the felt, not the card
    assert (out[0:100, 128:200] == 240).all()
    unchanged = np.ones(view.shape[:2], bool)
    unchanged[0:40, 40:120] = False
    assert (out[unchanged] == view[unchanged]).all()
    assert (view[0:40, 40:120] == 250).all()  # the view given is not altered


def test_a_view_the_mat_white_does_not_reach_is_returned_as_it_is() -> None:
    view = _felt_view()
    far = MatLook(mat_white=((0.0, 0.0, 20.0, 20.0), (400.0, 0.0, 420.0, 20.0)))
    assert far.without_mat_white(view, (100.0, 50.0), PX) is view
    assert MatLook().without_mat_white(view, (100.0, 50.0), PX) is view


def test_the_frames_look_knows_where_the_mat_white_lies() -> None:
    scene = SceneGenerator(DrawnFaces(0), size=(1280, 720)).render(1)
    look = look_at(scene.image, scene.homography, scene.layout)
    assert look.mat_white == quiet_zones(scene.layout)


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# four jokers laid near the marker below seat 0's zone: their paper was one with its white,
# so no fan of jokers was found (read as no card); paris' 66662 near one read 6666R
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2146, 0, "BBRR"), ("neoclassical", 2146, 0, "BBRR"), ("paris", 2103, 4, "66662"),
])
def test_a_set_laid_near_a_marker_is_read_apart_from_its_white(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
