"""The mat's own print in a zone's view — the white (quiet zone) round each marker and the
zone's coloured outline — is painted over in the felt's colour before the zone is read
(vision.mat_print): a set laid near either was read as one paper with it (the paper level's
closing bridged the felt between them), so its fan's outline, edges and ends were wrong."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import format_cards
from vision.faces import DrawnFaces
from vision.indices import ink_map
from vision.look import look_at
from vision.mat import FELT_BGR, TEAM_BGR, layout_for, quiet_zones, render_mat
from vision.mat_print import without_mat_print
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
    out = without_mat_print(view, (100.0, 50.0), PX, ((110.0, 40.0, 130.0, 60.0),))
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
    far = ((0.0, 0.0, 20.0, 20.0), (400.0, 0.0, 420.0, 20.0))
    assert without_mat_print(view, (100.0, 50.0), PX, far) is view
    assert without_mat_print(view, (100.0, 50.0), PX, ()) is view
    # a zone whose outline lies wholly outside the view
    away = np.array([[500, 500], [600, 500], [600, 600], [500, 600]], np.float32)
    assert without_mat_print(view, (100.0, 50.0), PX, (), away) is view


def test_the_frames_look_knows_where_the_mat_white_lies() -> None:
    scene = SceneGenerator(DrawnFaces(0), size=(1280, 720)).render(1)
    look = look_at(scene.image, scene.homography, scene.layout)
    assert look.mat_white == quiet_zones(scene.layout)


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# a view 75 × 50 mm at (0, 0): the zone's outline (1.5 mm, drawn as the mat prints it) runs
# 10 mm in from each side
ZONE = np.array([[10, 10], [65, 10], [65, 40], [10, 40]], np.float32)


def _outlined(team: int) -> np.ndarray:
    view = _felt_view()
    corners = np.round(ZONE * PX).astype(np.int32)
    cv2.polylines(view, [corners], True, TEAM_BGR[team], round(1.5 * PX), cv2.LINE_AA)
    return view


@pytest.mark.parametrize("team", [0, 1])
def test_the_outline_is_painted_where_it_lies_on_felt(team: int) -> None:
    view = _outlined(team)
    view[round(14 * PX):round(36 * PX), round(14 * PX):round(60 * PX)] = 235  # a card 4 mm in
    out = without_mat_print(view, (0.0, 0.0), PX, (), ZONE)
    line = np.zeros(view.shape[:2], np.uint8)
    cv2.polylines(line, [np.round(ZONE * PX).astype(np.int32)], True, 1, round(1.5 * PX))
    painted = out[line > 0].astype(int)
    assert np.abs(painted - np.array(FELT_BGR)).max() <= 12
    assert (out[round(14 * PX):round(36 * PX), round(14 * PX):round(60 * PX)] == 235).all()


def test_a_card_by_the_outline_is_no_longer_one_paper_with_it() -> None:
    view = _outlined(1)  # the pale blue outline: its darkest channel is 120
    view[round(12 * PX):round(36 * PX), round(12 * PX):round(60 * PX)] = 235  # 2 mm in
    line = np.zeros(view.shape[:2], np.uint8)
    cv2.polylines(line, [np.round(ZONE * PX).astype(np.int32)], True, 1, round(1.5 * PX))
    on_line = (line > 0) & (np.abs(view.astype(int) - TEAM_BGR[1]).max(axis=2) < 10)
    on_line[round(20 * PX):] = False  # its top side, along the card
    on_line[:, :round(16 * PX)] = on_line[:, round(56 * PX):] = False
    # (as it was read: the paper level's closing bridges the 2 mm of felt, and the outline
    # there is as bright as paper)
    assert ink_map(view).paper[on_line].mean() > 0.25
    out = without_mat_print(view, (0.0, 0.0), PX, (), ZONE)
    assert ink_map(out).paper[on_line].mean() < 0.05


def test_a_card_lying_across_the_outline_keeps_its_print_there() -> None:
    view = _outlined(0)
    card = (slice(round(20 * PX), round(45 * PX)), slice(round(30 * PX), round(50 * PX)))
    view[card] = 235
    # a court card's yellow art, as yellow as the outline, across where the outline runs
    art = (slice(round(38 * PX), round(42 * PX)), slice(round(35 * PX), round(45 * PX)))
    view[art] = TEAM_BGR[0]
    out = without_mat_print(view, (0.0, 0.0), PX, (), ZONE)
    assert (out[card] == view[card]).all()


# four jokers laid near the marker below seat 0's zone: their paper was one with its white,
# so no fan of jokers was found (read as no card); paris' 66662 near one read 6666R
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2146, 0, "BBRR"), ("neoclassical", 2146, 0, "BBRR"), ("paris", 2103, 4, "66662"),
    # and by the zone's outline: a Q and a 小王 3 mm from it read `Q`, four jokers whose
    # fan touches it `BBBBBR`, a 4♦'s fan `4444444BBB`
    ("paris", 2164, 5, "QB"), ("anglo", 2089, 4, "BBBR"), ("drawn-0", 2083, 3, "4444442BB"),
])
def test_a_set_laid_near_the_mats_print_is_read_apart_from_it(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards
