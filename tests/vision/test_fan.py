"""Cards of a fan whose index was not read (vision.fan): found from the spacing of those
that were, and from the paper reaching past the end cards."""

from __future__ import annotations

import numpy as np
import pytest

from gouji.cards import Rank, parse_cards
from vision.faces import DrawnFaces
from vision.fan import _box_pixels, _paper_span, _steps, fan_frame, unread_cards
from vision.indices import IndexMark, InkMap, PaperInk
from vision.recognize import ZONE_PX_PER_MM, Recognizer, group_cards, zone_view
from vision.synth import Effects, SceneGenerator

from .helpers import PictureJokerFaces

SETS = {0: "KKBKK", 2: "9999R", 4: "55R5B5"}


def _mark(down: tuple[float, float], center: tuple[float, float] = (0.0, 0.0)) -> IndexMark:
    return IndexMark(Rank.FIVE, 0.9, 0.3, Rank.SIX, center, down, 30.0, "S", 1)


def test_the_fan_faces_the_way_most_of_its_indices_read() -> None:
    # the top card's far index reads upside down; the fan's "down" is the others'
    frame = fan_frame([_mark((0.0, 1.0)), _mark((0.05, 0.999)), _mark((0.0, -1.0))])
    assert frame.down == pytest.approx([0.025, 1.0], abs=0.01)
    assert frame.across == pytest.approx([1.0, -0.025], abs=0.01)  # towards the card's body


def test_steps_run_evenly_to_the_far_end() -> None:
    assert _steps(0.0, 90.0, 3) == [30.0, 60.0, 90.0]
    assert _steps(10.0, -10.0, 2) == [0.0, -10.0]


@pytest.mark.parametrize("seed", [12, 13])
def test_jokers_whose_corner_shows_a_picture_are_read_from_the_gaps_they_leave(
        seed: int) -> None:
    """Untaught, a joker whose corner carries a picture has no index to read; its place in
    the fan (a double step between read indices, or paper past the end card) and its
    corner's ink colour (red: 大王) tell it.  Such a reading is unsure, and the set as read
    without it is offered too."""
    faces = PictureJokerFaces(3)
    scene = SceneGenerator(faces).render(seed, {s: parse_cards(n) for s, n in SETS.items()},
                                         Effects.clean())
    rec = Recognizer()
    for seat, notation in SETS.items():
        reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
        truth = tuple(sorted(parse_cards(notation)))
        assert reading.cards == truth, notation
        assert reading.unsure
        naturals = tuple(r for r in truth if not r.is_joker)
        assert naturals in [c for c, _ in reading.candidates]
        assert not any(c.rank.is_joker for c in reading.readings)  # none read by a mark


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_an_evenly_read_fan_gains_no_cards(seed: int) -> None:
    sets = {0: "7777", 1: "QQQQQ", 3: "888888", 5: "AAA"}
    scene = SceneGenerator(DrawnFaces(0)).render(
        seed, {s: parse_cards(n) for s, n in sets.items()}, Effects.clean())
    rec = Recognizer()
    for seat, notation in sets.items():
        reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
        assert reading.cards == tuple(sorted(parse_cards(notation)))
        assert not reading.unsure


def test_a_lone_card_tells_no_fan_step() -> None:
    view = np.full((400, 400, 3), 255, np.uint8)
    rec = Recognizer()
    survey = rec.finder.survey(view)
    assert unread_cards(view, [(_mark((0.0, 1.0), (100.0, 100.0)),)], [], survey.ink,
                        ZONE_PX_PER_MM, rec.finder.joker_red) == []


def test_an_index_left_unread_in_the_middle_of_a_fan_is_found_as_the_main_rank() -> None:
    """One index of an even fan taken out of the reading leaves a double step; its corner
    looks like the other indices, so the card there is read as their rank."""
    scene = SceneGenerator(DrawnFaces(0)).render(12, {1: parse_cards("999999")},
                                                 Effects.clean())
    view = zone_view(scene.image, scene.homography, scene.layout.zones[1])
    rec = Recognizer()
    survey = rec.finder.survey(view)
    cards = [c.marks for c in group_cards(survey.marks)]
    assert len(cards) == 6
    frame = fan_frame([m for marks in cards for m in marks])
    cards.sort(key=lambda marks: float(np.dot(marks[0].center, frame.across)))
    missing = cards.pop(3)  # neither end card: the top card shows both its indices
    found = unread_cards(view, cards, survey.strays, survey.ink, ZONE_PX_PER_MM,
                         rec.finder.joker_red)
    assert [u.rank for u in found] == [Rank.NINE]
    # where the index taken out is
    assert min(float(np.hypot(*np.subtract(found[0].center, m.center))) for m in missing
               ) < 1.5 * missing[0].glyph_height


def test_a_corner_off_the_image_holds_no_pixels() -> None:
    """An end card's corner can lie past the view's border (a crop of the zone)."""
    frame = fan_frame([_mark((0.0, 1.0))])
    for center in ([500.0, 500.0], [-50.0, 50.0], [50.0, -80.0]):
        ys, xs = _box_pixels((100, 100), frame, np.array(center), 10, 10, 10)
        assert len(ys) == len(xs) == 0
    ys, _ = _box_pixels((100, 100), frame, np.array([50.0, 50.0]), 10, 10, 10)
    assert len(ys) == 20 * 20 - 39  # the box, less its far edges (strict bounds)


def _paper_strip(x0: int, x1: int) -> PaperInk:
    paper = np.zeros((100, 200), np.uint8)
    paper[30:70, x0:x1] = 1
    zeros = np.zeros_like(paper)
    return PaperInk(InkMap(zeros, zeros, paper, zeros), paper.astype(np.int32), 40)


@pytest.mark.parametrize(("x0", "x1", "low", "high"),
                         [(50, 150, 55.0, 145.0), (50, 200, 55.0, None), (0, 120, None, 115.0)])
def test_paper_running_out_of_view_tells_no_end(x0: int, x1: int, low: float | None,
                                                high: float | None) -> None:
    """The run of paper along the index line ends where the paper does, less half a glyph
    at each end; where it leaves the image (older cards past the new cards' box, a fan laid
    past the zone) that end is unknown, so no card is inferred beyond it."""
    frame = fan_frame([_mark((0.0, 1.0))])  # across = +x, the index line along y = 50
    span = _paper_span(_paper_strip(x0, x1), frame, 50.0, 10.0, np.array([80.0, 100.0]), None)
    for got, want in zip(span, (low, high), strict=True):
        assert (got is None) == (want is None)
        if want is not None:
            assert got == pytest.approx(want, abs=1.5)


def test_older_paper_past_the_read_indices_tells_no_end() -> None:
    """Where the run of paper past the outermost read index crosses paper that was there
    before the set was laid (a seat's earlier play), that end is unknown too."""
    frame = fan_frame([_mark((0.0, 1.0))])
    older = np.zeros((100, 200), np.uint8)
    older[30:70, 130:150] = 1  # an older card under the high end
    span = _paper_span(_paper_strip(50, 150), frame, 50.0, 10.0, np.array([80.0, 100.0]), older)
    assert span[0] == pytest.approx(55.0, abs=1.5) and span[1] is None
    older[:] = 0
    older[30:70, 85:95] = 1  # between the read indices: both ends still tell
    span = _paper_span(_paper_strip(50, 150), frame, 50.0, 10.0, np.array([80.0, 100.0]), older)
    assert span[0] is not None and span[1] is not None

