"""Where the bare mat shows — its felt and a zone's printed outline — is no card's paper to
the fan's ends (vision.bare_mat, vision.fan._paper_span): a fan's index line running out to
the pale outline took it, and the felt the paper level filled before it, for more paper past
the fan's end, and a card was guessed there.  Nor is it paper to an index's card edge
(vision.indices.IndexFinder.survey)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gouji.cards import format_cards
from vision.bare_mat import bare_mat
from vision.faces import DrawnFaces
from vision.look import brightest_channel, darkest_channel, look_at
from vision.mat import FELT_BGR, OUTLINE_MM, TEAM_BGR, layout_for, render_mat
from vision.recognize import Recognizer
from vision.synth import SceneGenerator

from .helpers import read_dev_scene

PX = 4.0  # px per mm of the drawn views
MARGIN_MM = 8.0


def _zone_view(seat: int) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    """The printed mat round seat ``seat``'s zone (its margin too), that zone's corners
    (mm) and the view's origin (mm)."""
    layout = layout_for("A2")
    zone = layout.zones[seat]
    x0, y0 = zone.min(axis=0) - MARGIN_MM
    x1, y1 = zone.max(axis=0) + MARGIN_MM
    mat = render_mat(layout, PX)
    view = mat[round(y0 * PX):round(y1 * PX), round(x0 * PX):round(x1 * PX)].copy()
    return view, zone, (float(x0), float(y0))


def _distance_to_outline(shape: tuple[int, ...], zone: np.ndarray,
                         origin: tuple[float, float]) -> np.ndarray:
    """Per pixel, its distance (mm) from the zone's outline (the rectangle)."""
    ys, xs = np.mgrid[0:shape[0], 0:shape[1]]
    x, y = xs / PX + origin[0], ys / PX + origin[1]
    (zx0, zy0), (zx1, zy1) = zone.min(axis=0), zone.max(axis=0)
    out_x = np.maximum(np.maximum(zx0 - x, x - zx1), 0)
    out_y = np.maximum(np.maximum(zy0 - y, y - zy1), 0)
    inside = np.minimum(np.minimum(x - zx0, zx1 - x), np.minimum(y - zy0, zy1 - y))
    return np.where((out_x > 0) | (out_y > 0), np.hypot(out_x, out_y), inside)


@pytest.mark.parametrize("seat", [0, 1, 4])  # both teams' colours, top and bottom rows
def test_the_outline_and_the_felt_are_the_mat(seat: int) -> None:
    view, zone, origin = _zone_view(seat)
    mask = bare_mat(view, zone, origin, PX)
    assert mask is not None and mask.shape == view.shape[:2]
    far = _distance_to_outline(view.shape, zone, origin)
    printed = (np.abs(view.astype(int) - TEAM_BGR[seat % 2]).max(axis=2) < 30) \
        & (far <= OUTLINE_MM)
    felt = (np.abs(view.astype(int) - FELT_BGR).max(axis=2) < 10)
    white = (view.min(axis=2) > 200).astype(np.uint8)
    beside_white = cv2.dilate(white, np.ones((13, 13), np.uint8)) > 0
    assert printed.sum() > 1000 and felt.sum() > 100_000
    # (where it borders the white of a seat's label box, the two blur into one another)
    assert mask[printed & ~beside_white].all()
    assert mask[felt].mean() > 0.99  # (the felt's rim round the print's letters is left)
    # the seat's label and the markers' black and white are no felt
    assert not mask[(view.max(axis=2) < 60) | (view.min(axis=2) > 200)].any()


def _card_on_felt(view: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """``view`` with a white card over ``box`` (x0, y0, x1, y1) bearing a black pip, its
    edges and ink blurred as a camera sees them."""
    x0, y0, x1, y1 = box
    out = view.copy()
    out[y0:y1, x0:x1] = (245, 245, 242)
    out[y0 + 60:y0 + 100, x0 + 30:x0 + 70] = (20, 20, 20)
    return cv2.GaussianBlur(out, (5, 5), 1.2)


def test_a_card_on_the_felt_keeps_its_paper_to_its_edges_and_its_ink() -> None:
    view, zone, origin = _zone_view(0)
    box = (200, 150, 440, 480)
    mask = bare_mat(_card_on_felt(view, box), zone, origin, PX)
    assert mask is not None
    x0, y0, x1, y1 = box
    assert not mask[y0:y1, x0:x1].any()  # its blurred edge and its pip's grey rim too
    assert mask[y0:y1, x0 - 12:x0 - 4].all() and mask[y0 - 12:y0 - 4, x0:x1].all()


def test_a_cards_art_of_the_felts_colour_is_no_mat() -> None:
    """Only the mat that reaches the view's border is the mat: a patch of the felt's own
    colour within a card (a court card's green art) is the card's."""
    view, zone, origin = _zone_view(0)
    box = (200, 150, 440, 480)
    card = _card_on_felt(view, box)
    card[300:340, 260:360] = FELT_BGR  # art the felt's colour, inside the card
    mask = bare_mat(card, zone, origin, PX)
    assert mask is not None
    x0, y0, x1, y1 = box
    assert not mask[y0:y1, x0:x1].any()
    assert mask[y0:y1, x0 - 12:x0 - 4].all()


def test_an_index_beside_the_felt_before_the_outline_is_by_its_cards_edge() -> None:
    """The paper level fills the felt between a card's bottom and the pale outline: an index
    by that edge seemed far from any card's edge, and was not read (drawn `4444442BB`, its
    2 and a 4 unread, read `4444444BB`: the 2 taken for the main rank)."""
    seed, seat, cards = 2083, 3, "4444442BB"
    scene = SceneGenerator(DrawnFaces(0), size=(1280, 720)).render(seed)
    assert format_cards(tuple(sorted(scene.sets[seat]))) == cards
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                                     look=look_at(scene.image, scene.homography, scene.layout))
    assert format_cards(reading.cards) == cards
    assert not reading.unsure


def test_a_card_lying_across_the_outline_keeps_its_paper() -> None:
    view, zone, origin = _zone_view(0)
    x1 = round((float(zone[:, 0].max()) - origin[0]) * PX)  # the zone's right side
    view[100:300, x1 - 60:x1 + 25] = (245, 245, 242)  # a card reaching 6 mm past it
    mask = bare_mat(view, zone, origin, PX)
    assert mask is not None
    assert not mask[100:300, x1 - 60:x1 + 25].any()
    assert mask[50:90, x1 - 2:x1 + 2].all()  # the outline above the card, still found


def test_no_outline_in_view_is_none() -> None:
    view, zone, origin = _zone_view(0)
    # a view of the zone's middle only: no side of the outline reaches it
    inner = view[200:400, 200:400]
    assert bare_mat(inner, zone, (origin[0] + 50, origin[1] + 50), PX) is None
    # the sides in view, but nothing printed there (only felt)
    felt = np.empty_like(view)
    felt[:] = FELT_BGR
    assert bare_mat(felt, zone, origin, PX) is None


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# a fan's index line ran out to the outline: the felt before it bridged as a gap in one run
# of paper, a card guessed past the fan's end (on the developed-on decks the same: paris and
# neoclassical `888BRR` read `888BRRR`)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2161, 1, "888BRR"), ("neoclassical", 2161, 1, "888BRR"),
])
def test_no_card_is_guessed_past_a_fans_end_at_the_outline(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards


@pytest.mark.parametrize(("jumbo", "seed", "seat", "cards"), [
    (False, 2167, 5, "KK"), (True, 2167, 5, "KK"), (True, 2135, 5, "552"),
])
def test_a_fan_by_the_outline_is_read_sure(recognizer: Recognizer, jumbo: bool, seed: int,
                                           seat: int, cards: str) -> None:
    # before: `KKB`, `KKR` and `552R`, unsure of a card past the fan's end
    scene = SceneGenerator(DrawnFaces(0, jumbo=jumbo), size=(1280, 720)).render(seed)
    assert format_cards(tuple(sorted(scene.sets[seat]))) == cards
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                                   look=look_at(scene.image, scene.homography, scene.layout))
    assert format_cards(reading.cards) == cards
    assert not reading.unsure


# the paper level's closing filled the felt between a fan's end card and the outline: its
# index line ran on as paper, and a card was guessed past the fan's end
def test_the_felt_before_the_outline_is_no_fans_paper(recognizer: Recognizer) -> None:
    seed, seat, cards = 2263, 4, "777777"  # before: `777777B`, unsure
    scene = SceneGenerator(DrawnFaces(0), size=(1280, 720)).render(seed)
    assert format_cards(tuple(sorted(scene.sets[seat]))) == cards
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat],
                                   look=look_at(scene.image, scene.homography, scene.layout))
    assert format_cards(reading.cards) == cards
    assert not reading.unsure


@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2263, 4, "777777"), ("neoclassical", 2209, 1, "222222"),
    ("drawn-0", 2324, 5, "TTTT"),
])
def test_the_felt_before_the_outline_is_no_fans_paper_on_real_faces(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str) -> None:
    # before: `777777B`, `222222B` and `TTTB`, unsure
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer, looked=True)
    assert format_cards(reading.cards) == cards


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 255)] * 3), max_size=50))
def test_channel_extremes_are_each_pixels_darkest_and_brightest(
        pixels: list[tuple[int, int, int]]) -> None:
    """The pixel lists' channel extremes equal numpy's reductions (a faster path)."""
    px = np.array(pixels, np.uint8).reshape(-1, 3)
    assert np.array_equal(darkest_channel(px), px.min(axis=1, initial=255))
    assert np.array_equal(brightest_channel(px), px.max(axis=1, initial=0))
    assert darkest_channel(px).dtype == brightest_channel(px).dtype == np.uint8
