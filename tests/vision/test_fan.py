"""Cards of a fan whose index was not read (vision.fan): found from the spacing of those
that were, and from the paper reaching past the end cards."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.faces import DrawnFaces
from vision.fan import (
    CARD_DIAG_MM,
    CARD_WIDTH_MM,
    END_GLYPH_MM,
    JUMBO_GLYPH_MM,
    TWO_STEPS_MM,
    FanSlots,
    ReadBoxes,
    _box_pixels,
    _end_glyph,
    _kind,
    _likeness,
    _own_near_indices,
    _paper_span,
    _single_step,
    _steps,
    _stray_between,
    _templates,
    fan_frame,
    fan_slots,
    lower_cards,
    paper_past_bottom_card,
    unread_cards,
)
from vision.indices import IndexMark, InkMap, PaperInk, StrayInk, Survey
from vision.joker_fan import BAND_ENDS_MM
from vision.recognize import (
    ZONE_PX_PER_MM,
    CardReading,
    Doubt,
    Recognizer,
    _off_single_steps,
    group_cards,
    zone_view,
)
from vision.synth import Effects, SceneGenerator
from vision.types import BGRImage

from .helpers import PictureJokerFaces, read_dev_scene, read_jumbo

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


def _step_mm(gaps_mm: list[float]) -> float | None:
    """The fan's step (mm) from read indices these gaps (mm) apart, at 4 px/mm."""
    places = 4.0 * np.concatenate([[0.0], np.cumsum(gaps_mm)])
    step = _single_step(places, 4.0)
    return None if step is None else step / 4.0


def test_a_tight_gap_of_an_uneven_fan_does_not_halve_its_step() -> None:
    # each card turned its own way: one gap ~4 mm short, the others long (paris `666B` read
    # `666BR`, gaps of 10.1 and 19.0 mm: the long one seemed two steps of the short one)
    assert _step_mm([10.1, 19.0]) == pytest.approx(14.55)
    assert _step_mm([16.5, 10.5, 17.0]) == pytest.approx(14.67, abs=0.01)
    # a gap twice the others holds a card: their step stays
    assert _step_mm([12.0, 24.5, 11.5]) == pytest.approx(11.75)
    assert _step_mm([20.0, 40.0]) == pytest.approx(20.0)
    # one gap of four steps pins the step, so the others are left as they are
    assert _step_mm([11.3, 10.8, 46.5, 13.8, 10.4, 13.2, 12.7]) == pytest.approx(12.0)
    assert _step_mm([14.25, 14.0, 41.0]) == pytest.approx(14.125)  # paris `88888B`
    # unless the gaps are no whole steps of the tight one within JITTER_MM (neoclassical
    # `77777R`, dev seed 2072: the 9.8 mm gap made the others 2, 1 and 3 steps)
    assert _step_mm([15.75, 9.75, 14.75, 27.25]) == pytest.approx(13.5, abs=0.1)
    assert _step_mm([5.0]) is None  # under MIN_STEP_MM: one card's two indices


# development decks (seeds 2000+, zero-shot): one tight gap made the others' step too short,
# and each long gap held a joker too many
@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("neoclassical", 2072, 1, "77777R"), ("anglo", 2148, 1, "88888888BB"),
    ("neoclassical", 2148, 1, "88888888BB"),
])
def test_a_tight_gap_of_a_fan_with_a_long_one_does_not_add_cards(
        shared_data: Path, deck: str, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat)
    assert reading.notation == truth, reading.why()


@pytest.mark.parametrize("seed", [12, 13])
def test_jokers_whose_corner_shows_a_picture_are_read_from_the_gaps_they_leave(
        seed: int) -> None:
    """Untaught, a joker whose corner carries a picture has no index to read; its place in
    the fan (a double step between read indices, or paper past the end card) and its
    corner's ink colour (red: 大王) tell it.  Such a reading is unsure, and the set as read
    without each of them is offered too."""
    faces = PictureJokerFaces(3)
    scene = SceneGenerator(faces).render(seed, {s: parse_cards(n) for s, n in SETS.items()},
                                         Effects.clean())
    rec = Recognizer()
    for seat, notation in SETS.items():
        reading = rec.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
        truth = tuple(sorted(parse_cards(notation)))
        assert reading.cards == truth, notation
        assert reading.unsure
        offered = [c for c, _ in reading.candidates]
        for joker in {r for r in truth if r.is_joker}:
            without = list(truth)
            without.remove(joker)
            assert tuple(without) in offered
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


def _read_clean_fan(seed: int, cards: str
                    ) -> tuple[BGRImage, Survey, list[tuple[IndexMark, ...]], float]:
    """Seat 1's fan of ``cards`` in a clean drawn-deck scene: its zone view, the survey of
    it, its cards read (each as its indices; all of them read) in their order along the
    fan, and the reader's joker colour threshold."""
    scene = SceneGenerator(DrawnFaces(0)).render(seed, {1: parse_cards(cards)},
                                                 Effects.clean())
    view = zone_view(scene.image, scene.homography, scene.layout.zones[1])
    finder = Recognizer().finder
    survey = finder.survey(view)
    read = [c.marks for c in group_cards(survey.marks)]
    assert len(read) == len(cards)
    frame = fan_frame([m for marks in read for m in marks])
    read.sort(key=lambda marks: float(np.dot(marks[0].center, frame.across)))
    return view, survey, read, finder.joker_red


def test_an_index_left_unread_in_the_middle_of_a_fan_is_found_as_the_main_rank() -> None:
    """One index of an even fan taken out of the reading leaves a double step; its corner
    looks like the other indices, so the card there is read as their rank."""
    view, survey, cards, joker_red = _read_clean_fan(12, "999999")
    missing = cards.pop(3)  # neither end card: the top card shows both its indices
    found = unread_cards(view, cards, survey.strays, survey.ink, ZONE_PX_PER_MM, joker_red)
    assert [u.rank for u in found] == [Rank.NINE]
    # where the index taken out is
    assert min(float(np.hypot(*np.subtract(found[0].center, m.center))) for m in missing
               ) < 1.5 * missing[0].glyph_height


@pytest.mark.parametrize("seed", [11, 12, 13])
@pytest.mark.parametrize("hidden", [1, 2, 3])
def test_the_cards_past_a_fans_last_read_index_are_counted_to_its_end_cards_index(
        seed: int, hidden: int) -> None:
    """The bottom cards' indices taken out of an even fan's reading: the paper reaching
    past the outermost read index holds as many cards as whole steps lie from it to where
    the end card's index is (counted from the paper's counted run, two steps were one)."""
    view, survey, cards, joker_red = _read_clean_fan(seed, "999999")
    found = unread_cards(view, cards[hidden:], survey.strays, survey.ink, ZONE_PX_PER_MM,
                         joker_red)
    assert [u.rank for u in found] == [Rank.NINE] * hidden


# development decks (seeds 2000+, zero-shot): two cards past the last read index, 1.8–1.9
# steps of the fan out, were counted as one
@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("paris", 2077, 4, "QQQBB"), ("paris", 2043, 4, "88BRR"),
    ("anglo", 2162, 5, "KKKKKKRR"), ("neoclassical", 2150, 5, "666R"),
])
def test_the_cards_past_a_fans_read_indices_in_dev_scenes_are_all_found(
        shared_data: Path, deck: str, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, looked=True)
    assert reading.notation == truth, reading.why()


# paris development scenes: the card more that a fan's end had room for but for END_SLACK,
# its corner showing the set's rank, was left out (`KKKKKKRR` read `KKKKKRR`).  (Scene
# 2088, seat 1, `6666666666BB`, read so too until the glyph/pip colour check of the
# forty-eighth session: now `666666666BBR`, unsure — one of the sets that change lost.)
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2162, 5, "KKKKKKRR")])
def test_a_card_more_at_a_fans_end_is_counted_where_its_corner_shows_the_sets_rank(
        shared_data: Path, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, "paris", seed, seat, looked=True)
    assert reading.notation == truth, reading.why()
    assert reading.unsure  # a card inferred from the fan is always confirmed


@pytest.mark.parametrize(("seed", "seat", "truth"), [(2107, 1, "QQQ2B"), (2135, 1, "JJJJJJ")])
def test_the_top_card_read_at_its_far_corner_is_no_second_card_at_its_near_one(
        shared_data: Path, seed: int, seat: int, truth: str) -> None:
    """anglo development scenes whose top card was read only at its far corner, its near
    index unread: placed a 60 mm card less 0.9 × 2 glyphs back, it left a gap of
    nearly two steps before it, and its own near index there counted as one more card
    (`QQQQ2B`, `JJJJJJJ`).  Where the fan looks for unread cards it lies FAR_SLOT_INSET
    glyphs in from each side."""
    reading = read_dev_scene(shared_data, "anglo", seed, seat, looked=True)
    assert reading.notation == truth, reading.why()


def test_a_card_read_only_at_its_far_corner_has_its_near_index_a_diagonal_back() -> None:
    """Its far index lies d below the fan's index line: its near index lies sqrt(D² − d²)
    back across the fan, whichever way the card is turned (D the index diagonal); a card
    read at its near index has none to place."""
    px = ZONE_PX_PER_MM
    near = [(_mark((0.0, 1.0), (x, 100.0)),) for x in (100.0, 160.0, 220.0)]
    frame = fan_frame([m for c in near for m in c])
    for d_mm in (70.0, 60.0):  # the card square to the fan, and turned against it
        far = (_mark((0.0, -1.0), (500.0, 100.0 + d_mm * px)),)
        own = _own_near_indices([*near, far], frame, 100.0, CARD_DIAG_MM * px)
        assert own == pytest.approx([500.0 - math.sqrt(CARD_DIAG_MM ** 2 - d_mm ** 2) * px])


def test_the_top_cards_own_near_index_lies_a_card_diagonal_from_its_far_one(
        shared_data: Path) -> None:
    """neoclassical development scene 2135, seat 1: the top J read only at its far corner,
    62 mm across the fan from its near index (the fan's "down", tilted by the deck's pip
    aside of its glyph, turns the card's 70 mm length partly across), which, unread, counted
    as a seventh J (`JJJJJJJ`).  Placed by the card's index diagonal (``CARD_DIAG_MM``) that
    index is the top card's own."""
    reading = read_dev_scene(shared_data, "neoclassical", 2135, 1, looked=True)
    assert reading.notation == "JJJJJJ", reading.why()


def test_an_unread_jokers_dim_red_word_is_a_big_joker(shared_data: Path) -> None:
    """anglo check seed 2183, seat 5: an A and a 大王 whose corner lies in the shadow of the
    A laid over it; its red word, R − max(B, G) 27–34 on paper at 133 (under the
    recogniser's 35), read `AB`.  Measured against its paper (:func:`vision.indices.red_share`)
    it is red; the set stays unsure (the joker's index is not read)."""
    reading = read_dev_scene(shared_data, "anglo", 2183, 5, looked=True)
    assert reading.notation == "AR" and reading.unsure, reading.why()


@pytest.mark.parametrize(("cards", "taken"), [("222222", 3), ("999222", 4), ("992229", 3)])
def test_a_2_left_unread_in_the_middle_of_a_fan_is_found_as_a_2(cards: str,
                                                                  taken: int) -> None:
    """As for the main rank, a corner that looks like the set's read 2s is a 2 (wild, among
    any rank's cards; a set of 2s alone has no natural rank to match): not a joker."""
    view, survey, read, joker_red = _read_clean_fan(12, cards)
    assert read[taken][0].rank is Rank.TWO
    read.pop(taken)
    found = unread_cards(view, read, survey.strays, survey.ink, ZONE_PX_PER_MM, joker_red)
    assert [u.rank for u in found] == [Rank.TWO]


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
    span = _paper_span(_paper_strip(x0, x1), frame, 50.0, 10.0, np.array([80.0, 100.0]), None,
                       ZONE_PX_PER_MM)
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
    span = _paper_span(_paper_strip(50, 150), frame, 50.0, 10.0, np.array([80.0, 100.0]), older,
                       ZONE_PX_PER_MM)
    assert span[0] == pytest.approx(55.0, abs=1.5) and span[1] is None
    older[:] = 0
    older[30:70, 85:95] = 1  # between the read indices: both ends still tell
    span = _paper_span(_paper_strip(50, 150), frame, 50.0, 10.0, np.array([80.0, 100.0]), older,
                       ZONE_PX_PER_MM)
    assert span[0] is not None and span[1] is not None



def _two_read(gap_mm: float) -> list[tuple[IndexMark, ...]]:
    """Two read indices on the line y = 100 (fan "down" +y, across +x), ``gap_mm`` apart."""
    return [(_mark((0.0, 1.0), (100.0, 100.0)),),
            (_mark((0.0, 1.0), (100.0 + gap_mm * ZONE_PX_PER_MM, 100.0)),)]


@pytest.mark.parametrize(("gap_mm", "stray_x", "stray_y", "between"), [
    (30.0, 0.5, 110.0, True),  # midway, on the index line
    (30.0, 0.3, 140.0, True),  # a word's length below it still counts
    (30.0, 0.05, 110.0, False),  # within a step of a read index: its own card's ink
    (30.0, 0.5, 200.0, False),  # far down the cards: a pip, not a corner
])
def test_ink_between_two_read_cards_tells_where_a_card_lies(
        gap_mm: float, stray_x: float, stray_y: float, between: bool) -> None:
    cards = _two_read(gap_mm)
    frame = fan_frame([m for marks in cards for m in marks])
    places = np.array([100.0, 100.0 + gap_mm * ZONE_PX_PER_MM])
    stray = StrayInk((100.0 + stray_x * gap_mm * ZONE_PX_PER_MM, stray_y), 30.0, 20.0, 0.0)
    assert _stray_between([stray], frame, 100.0, 30.0, places, ZONE_PX_PER_MM) is between


@pytest.mark.parametrize(("gap_mm", "found"), [
    (TWO_STEPS_MM + 6, 1), (TWO_STEPS_MM - 5, 0), (CARD_WIDTH_MM + 10, 0),
])
def test_two_read_cards_far_apart_with_ink_between_have_a_card_between(
        gap_mm: float, found: int) -> None:
    """Two read cards tell no step, but ink no index used lying midway on their index line
    is a third card's corner (a joker's picture or word) when they lie two steps apart;
    closer, their one gap is a single step and the ink a pip of the lower card.  Farther
    apart than a card is wide, they are no fan's two steps (neoclassical `QB` read `QBR`:
    its joker's index read 71 mm from the Q's, its star between them)."""
    view = np.full((400, 700, 3), 255, np.uint8)
    rec = Recognizer()
    survey = rec.finder.survey(view)
    cards = _two_read(gap_mm)
    middle = (100.0 + gap_mm * ZONE_PX_PER_MM / 2, 110.0)
    got = unread_cards(view, cards, [StrayInk(middle, 30.0, 20.0, 80.0)], survey.ink,
                       ZONE_PX_PER_MM, rec.finder.joker_red)
    assert len(got) == found
    if found:
        assert got[0].center[0] == pytest.approx(middle[0], abs=1.0)


def test_a_read_index_beside_an_unread_corner_does_not_colour_it() -> None:
    """The kind of an unread corner is told by its own ink: a red index read beside it
    (inside the corner's box, as in a tight fan) is left out, so black ink there reads 小王."""
    view = np.full((300, 300, 3), 255, np.uint8)
    view[95:125, 90:110] = 0  # black ink at the unread corner
    view[95:125, 114:140] = (0, 0, 230)  # a red read index beside it
    rec = Recognizer()
    ink = rec.finder.survey(view).ink
    frame = fan_frame([_mark((0.0, 1.0))])
    red_index = IndexMark(Rank.NINE, 0.9, 0.3, Rank.SIX, (127.0, 110.0), (0.0, 1.0), 30.0,
                          "H", 1)
    center = np.array([105.0, 110.0])
    assert _kind(view, ink, frame, center, 30.0, rec.finder.joker_red, [],
                 None) is Rank.BIG_JOKER
    assert _kind(view, ink, frame, center, 30.0, rec.finder.joker_red, [red_index],
                 None) is Rank.SMALL_JOKER


def test_a_hidden_jokers_red_mark_just_before_the_card_laid_on_it_makes_it_a_big_joker(
) -> None:
    """In an uneven fan the hidden joker's corner mark may lie far from its even step, just
    before the side of the card laid on it (anglo 555R read 555B): where that card is read,
    the strip before its side is looked at too; red past that side is the card's own."""
    view = np.full((300, 400, 3), 255, np.uint8)
    view[95:125, 95:115] = 0  # the card before's black pip, in the corner's box
    view[100:130, 170:176] = (60, 60, 220)  # the joker's thin red word, by the next card
    rec = Recognizer()
    ink = rec.finder.survey(view).ink
    frame = fan_frame([_mark((0.0, 1.0))])
    center = np.array([105.0, 110.0])
    joker_red = rec.finder.joker_red
    assert _kind(view, ink, frame, center, 30.0, joker_red, [], None) is Rank.SMALL_JOKER
    assert _kind(view, ink, frame, center, 30.0, joker_red, [], 180.0) is Rank.BIG_JOKER
    # the same red past the side of the card laid on it (its own pip) tells nothing
    assert _kind(view, ink, frame, center, 30.0, joker_red, [], 165.0) is Rank.SMALL_JOKER


def test_the_red_pip_of_the_card_beneath_makes_no_big_joker() -> None:
    """The card beneath a hidden joker shows its strip past the joker's side, a glyph height
    or so from the corner guessed at the fan's even step: its red suit pip there is not the
    joker's print (anglo `6666B` read `6666R`, the 6♦'s diamond; dev seed 3421)."""
    view = np.full((300, 400, 3), 255, np.uint8)
    view[100:125, 80:92] = (60, 60, 220)  # the card beneath's red pip, 0.45-0.85 h before
    view[104:118, 103:107] = 0  # the 小王's black word where its index would be
    rec = Recognizer()
    ink = rec.finder.survey(view).ink
    frame = fan_frame([_mark((0.0, 1.0))])  # across: +x, toward the cards laid on it
    center = np.array([105.0, 110.0])
    joker_red = rec.finder.joker_red
    assert _kind(view, ink, frame, center, 30.0, joker_red, [], None) is Rank.SMALL_JOKER
    # the same red toward the card laid on it lies on the joker's own face: a 大王's print
    view = np.full((300, 400, 3), 255, np.uint8)
    view[100:125, 118:130] = (60, 60, 220)
    view[104:118, 103:107] = 0
    ink = rec.finder.survey(view).ink
    assert _kind(view, ink, frame, center, 30.0, joker_red, [], None) is Rank.BIG_JOKER


# a joker between two read cards, its corner only a strip: anglo 66R read 66 (sure!); paris
# and neoclassical KKR read KK (tests/vision/test_big_pips.py); neoclassical 66R read 66B,
# its 大王's red circle judged with the next card's black 6 beside it
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("anglo", 2036, 5, "66R"), ("neoclassical", 2036, 5, "66R"),
    # a 大王 past a tight fan's last read card, its corner inferred beside that card's index
    # and matched to it: 44R read 444, KKKKKKKKBRRR read KKKKKKKKKBRR
    ("neoclassical", 2038, 5, "44R"), ("neoclassical", 2059, 1, "KKKKKKKKBRRR"),
    # a 大王 at the fan's bottom: its corner was looked at half a glyph past where its paper
    # ends, beside anglo's red joker word (~0.3 glyph heights in): KKR read KKB, 666R 666B
    ("anglo", 2052, 2, "KKR"), ("anglo", 2150, 5, "666R"), ("anglo", 2170, 2, "82R"),
    ("anglo", 2142, 0, "33BR"),
    # a 大王 whose red word lies just before the next read card's side, past the box at the
    # fan's even step (which held the card before's black pip): read as a 小王
    ("anglo", 2111, 2, "555R"), ("anglo", 2115, 2, "4444R"), ("anglo", 2131, 0, "AAAR"),
    ("anglo", 2152, 2, "55R"), ("neoclassical", 2043, 4, "88BRR"),
])
def test_jokers_the_fan_hides_in_dev_scenes_are_found(shared_data: Path, deck: str, seed: int,
                                                    seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat)
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))
    assert reading.unsure  # a joker inferred from the fan is always confirmed


# a fan's bottom card whose paper reaches a step past the outermost read index, its own
# index unread: the end card's index was looked for 0.9 glyph heights in from where the
# counted paper ends, past its index, and the paper left seemed none (paris's index lies
# ~0.45 glyph heights from its card's side): read sure with one card fewer
@pytest.mark.parametrize(("seed", "seat", "cards"), [
    (2013, 3, "AAAAA"), (2213, 3, "222"), (2231, 2, "KKKKKKK"),
])
def test_a_fans_end_card_whose_index_is_unread_is_counted(shared_data: Path, seed: int,
                                                         seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, "paris", seed, seat)
    assert format_cards(reading.cards) == cards
    assert reading.unsure  # a card inferred from the fan is always confirmed


def test_a_joker_judged_by_its_share_of_red_ink_is_offered_as_the_other_too(
        shared_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hidden joker's kind is judged by the share of red in the ink at its corner
    (:data:`vision.indices.JOKER_RED_SHARE`).  Under a warm light, a 小王's black star and
    the next card's pip beside it are a third red (neoclassical QQQQBB reads QQQQBR); the
    set stays unsure and its other kind is offered.  (With the fan's edges looked for in
    the wider bands, as they were: in the narrower ones beside read natural indices one
    joker's edge no longer shows, and the set reads QQQQB, the truth not offered.)"""
    monkeypatch.setattr("vision.recognize.READ_BAND_ENDS_MM", BAND_ENDS_MM)
    reading = read_dev_scene(shared_data, "neoclassical", 2057, 4)
    assert reading.unsure
    assert "QQQQBB" in [format_cards(c) for c, _ in reading.candidates]


def test_an_unread_corner_beside_a_read_index_is_not_taken_for_it() -> None:
    """A corner inferred within half a glyph of a read index (the paper past a tight fan's
    last card) would match that index itself: matches centred in a read index's own box are
    left out, so a joker's corner there is not read as one more card of the main rank."""
    gray = np.full((240, 240), 255, np.uint8)
    cv2.putText(gray, "4", (100, 125), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 0, 3)
    four = IndexMark(Rank.FOUR, 0.9, 0.3, Rank.SIX, (113.0, 110.0), (0.0, 1.0), 30.0, "S", 1)
    frame = fan_frame([four])
    templates = _templates(gray, frame, [np.array(four.center)], 30.0)
    beside = np.array([113.0 - 12.0, 110.0])  # 0.4 glyph heights off the read 4
    like, where = _likeness(gray, frame, beside, templates, 30.0, ReadBoxes([]))
    assert like > 0.9
    assert where == pytest.approx(four.center, abs=3.0)  # the match is the 4 itself
    assert _likeness(gray, frame, beside, templates, 30.0, ReadBoxes([four]))[0] < 0.62


def test_a_jumbo_index_fans_ends_are_measured_as_a_usual_glyphs() -> None:
    px = ZONE_PX_PER_MM
    assert _end_glyph(10.0 * px, px) == 10.0 * px  # paris' 10.4 mm glyphs: their own
    assert _end_glyph(13.0 * px, px) == END_GLYPH_MM * px  # a jumbo index sits as near the side
    assert JUMBO_GLYPH_MM > 11.6  # (the dev decks' usual glyphs reach 11.6 mm)


# jumbo development decks: the bottom card beyond the outermost read index, its index half
# under the next card, was not counted: its paper reaches ~6 mm past its index centre, and
# the glyph-sized margin and inset of a jumbo index asked for 18 mm (JJJJRR read JJJRR)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    (0, 2008, 3, "JJJJRR"), (2, 2008, 3, "JJJJRR"), (0, 2013, 3, "AAAAA"),
])
def test_a_jumbo_fans_bottom_card_beyond_its_read_ones_is_counted(
        deck: int, seed: int, seat: int, cards: str) -> None:
    assert read_jumbo(deck, seed, seat, cards).notation == cards


def _jumbo_read_with_a_card_inferred(deck: int, seed: int, seat: int, cards: str) -> None:
    reading = read_jumbo(deck, seed, seat, cards)
    assert reading.notation == cards
    assert reading.unsure  # a card inferred from the fan is always confirmed


# jumbo development decks: an index half under the next card, between read ones, was not
# matched to the set's rank (its covered half unlike the read glyphs) nor seen as ink (inside
# the read neighbour's own box, 0.8 of a jumbo glyph to either side): the fan dropped it
# (7777777777 read 77777777), or took it for a joker (88888882R read 888882BRR)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    (1, 2058, 2, "7777777777"), (1, 2011, 2, "88888882R"), (1, 2032, 5, "55552"),
    (0, 2025, 5, "KKKKK2BB"),
])
def test_a_jumbo_index_half_under_the_next_card_is_read_as_the_sets_rank(
        deck: int, seed: int, seat: int, cards: str) -> None:
    _jumbo_read_with_a_card_inferred(deck, seed, seat, cards)


# jumbo development decks: an unread corner kept as a card, only somewhat like the set's read
# indices (its big glyph matched in part), was taken for a joker, though a jumbo deck's
# jokers are read by their JOKER letters (4444444442BB read 44444442BBBB, 555R 55RR)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    (0, 2155, 0, "4444444442BB"), (0, 2148, 5, "AAAAAAAR"), (1, 2046, 2, "555R"),
])
def test_a_jumbo_sets_unread_corner_somewhat_like_its_rank_is_no_joker(
        deck: int, seed: int, seat: int, cards: str) -> None:
    _jumbo_read_with_a_card_inferred(deck, seed, seat, cards)


@pytest.mark.parametrize(("seed", "seat", "cards"), [
    (2001, 1, "444B"), (2001, 2, "77722BBB"), (2001, 3, "5555BR"), (2002, 0, "333BR"),
])
def test_a_jumbo_decks_picture_jokers_unread_stay_jokers(seed: int, seat: int,
                                                         cards: str) -> None:
    """A jumbo deck whose jokers show a picture no index reads: with no joker read in the
    set, an unread corner somewhat like the main rank may be a joker, and stays one (read
    as the main rank, `444B` was `4444`, `333BR` `3333R`)."""
    sets = {s: parse_cards(c) for s, c in ((0, "333BR"), (1, "444B"), (2, "77722BBB"),
                                           (3, "5555BR"), (4, "88RR"), (5, "9999B"))}
    scene = SceneGenerator(PictureJokerFaces(0, jumbo=True), size=(1280, 720)).render(seed, sets)
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.notation == cards


def test_jokers_beside_one_big_glyph_of_their_art_stay_jokers(shared_data: Path) -> None:
    """A usual deck's joker art read as one big glyph (an A, a 9) makes the set seem jumbo;
    its unread jokers, only somewhat like that one glyph, stay jokers: anglo development
    scene 2146, seat 0 (`BBRR`) was read `AAAA`, neoclassical scene 2503, seat 1 (`RR`) `99`
    with the truth no longer offered."""
    anglo = read_dev_scene(shared_data, "anglo", 2146, 0, looked=True)
    # (`AABR` until the forty-eighth session, its art's A read twice; the A's pip was of
    # another colour: indices._colours_differ)
    assert anglo.notation == "BBRR" and anglo.unsure
    neoclassical = read_dev_scene(shared_data, "neoclassical", 2503, 1, looked=True)
    assert tuple(parse_cards("RR")) in [c for c, _ in neoclassical.candidates]


def test_a_jumbo_card_guessed_by_likeness_is_looked_at_again() -> None:
    """Drawn jumbo deck 1, scene 2147, seat 1: two corners guessed As (0.57 and 0.59 like
    the read ones) are read on a second look, as a guessed joker's would be, and the fan
    counted again with them; without that look it counted one A too few."""
    assert read_jumbo(1, 2147, 1, "AAAAAAABB").notation == "AAAAAAABB"


def test_a_covered_glyph_is_matched_by_the_part_that_shows() -> None:
    """Matched whole, a 4 whose right part lies under the next card is unlike the set's 4s;
    matched by the part left of the next card's side, it is one."""
    gray = np.full((240, 360), 255, np.uint8)
    cv2.putText(gray, "4", (60, 132), cv2.FONT_HERSHEY_SIMPLEX, 2.0, 0, 4)  # read, whole
    cv2.putText(gray, "4", (200, 132), cv2.FONT_HERSHEY_SIMPLEX, 2.0, 0, 4)
    gray[:, 216:] = 255  # the next card covers the second 4 from its middle on
    gray[:, 216:218] = 0  # (its edge)
    four = IndexMark(Rank.FOUR, 0.9, 0.3, Rank.SIX, (80.0, 110.0), (0.0, 1.0), 44.0, "S", 1)
    frame = fan_frame([four])
    templates = _templates(gray, frame, [np.array(four.center)], 44.0)
    covered = np.array([220.0, 110.0])
    assert _likeness(gray, frame, covered, templates, 44.0, ReadBoxes([four]))[0] < 0.62
    assert _likeness(gray, frame, covered, templates, 44.0, ReadBoxes([four]),
                     shows=-4 / 44)[0] > 0.9


# a tight fan of a usual deck: an unread index half under the next card was matched whole,
# unlike the read ones, and guessed a joker (paris KKK read KKB, 99999BR 99999BBR)
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2082, 2, "KKK"), ("paris", 2062, 1, "99999BR"),
    ("drawn-0", 2094, 5, "AAAAAAAAAAAB"),
])
def test_a_usual_index_half_under_the_next_card_is_read_as_the_sets_rank(
        shared_data: Path, deck: str, seed: int, seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat)
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))
    assert reading.unsure  # a card inferred from the fan is always confirmed


# an uneven fan whose smallest gap is a tight one: the others seemed to hold a card each
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("drawn-0", 2082, 2, "KKK"), ("drawn-0", 2072, 1, "77777R"), ("paris", 2159, 1, "666B"),
])
def test_an_uneven_fans_wide_gaps_hold_no_card(shared_data: Path, deck: str, seed: int,
                                               seat: int, cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat)
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))


def _fours(view: np.ndarray, xs: list[int]) -> list[tuple[IndexMark, ...]]:
    """4s 44 px tall drawn on ``view`` (white) centred on the line y = 110 at ``xs``, as
    read cards."""
    for x in xs:
        cv2.putText(view, "4", (x - 20, 132), cv2.FONT_HERSHEY_SIMPLEX, 2.0, (0, 0, 0), 4)
    return [(IndexMark(Rank.FOUR, 0.9, 0.3, Rank.SIX, (float(x), 110.0), (0.0, 1.0), 44.0,
                       "S", 1),) for x in xs]


def test_where_every_other_index_lay_hidden_the_edges_step_places_the_cards() -> None:
    """Read indices two of the edges' steps apart each (EVERY_OTHER): the strips' corners
    between them hold the hidden cards, though half the indices' step from the read ones;
    with no edges' step (or the indices' own) they are taken for the read cards' own."""
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 148, 236, 324])  # gaps of 88 px: two edge steps of 44
    hidden = [(float(x), 110.0) for x in (104, 192, 280)]
    _fours(view, [104, 192, 280])  # drawn, not read
    rec = Recognizer()
    ink = rec.finder.survey(view).ink
    found = unread_cards(view, cards, [], ink, ZONE_PX_PER_MM, rec.finder.joker_red,
                         more=hidden, more_step=44.0)
    assert [u.rank for u in found] == [Rank.FOUR] * 3
    assert sorted(round(u.center[0]) for u in found) == [104, 192, 280]
    assert unread_cards(view, cards, [], ink, ZONE_PX_PER_MM, rec.finder.joker_red,
                        more=hidden) == []
    assert unread_cards(view, cards, [], ink, ZONE_PX_PER_MM, rec.finder.joker_red,
                        more=hidden, more_step=88.0) == []


def test_a_fan_whose_every_other_index_lay_hidden_reads_them(shared_data: Path) -> None:
    """Dev scene (paris, seed 3220, seat 0): five blurred 6s, the 6♣ and 6♠ indices unread
    between three read ones 2.05 and 1.95 edge steps apart; read `666` before."""
    reading = read_dev_scene(shared_data, "paris", 3220, 0, looked=True)
    assert reading.notation == "66666"


def test_two_corners_of_an_uneven_gap_matching_one_index_are_one_card() -> None:
    """An uneven fan's wide gap can be taken for three steps where two are: both corners
    inferred in it then match the one unread index between them, which is one card (anglo
    QQQQ2 read QQQQQ2B: the small Q♥ counted twice)."""
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [100, 136, 172, 280, 316])  # a step of 36 px, then a gap of 108
    hidden = _fours(view, [226])  # drawn, not read: the gap is two steps of 54 px
    rec = Recognizer()
    survey = rec.finder.survey(view)
    found = unread_cards(view, cards, [], survey.ink, ZONE_PX_PER_MM, rec.finder.joker_red)
    assert [u.rank for u in found] == [Rank.FOUR]
    assert abs(found[0].center[0] - hidden[0][0].center[0]) < 30.0


def test_ink_between_read_cards_a_single_step_apart_is_on_the_lower_card() -> None:
    """Between two neighbouring read cards one step apart no other card has room to show
    its corner (a paris 6♥'s big heart beside its index: 666 read unsure): the ink there
    lies on the lower card's strip.  In a gap of two steps there is room; two read cards
    tell no step."""
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [100, 140, 180, 260])  # steps of 40 px, then two
    points = np.array([[120.0, 110.0], [160.0, 130.0], [220.0, 110.0], [300.0, 110.0],
                       [80.0, 110.0]])
    assert lower_cards(cards, points, ZONE_PX_PER_MM) == [cards[0], cards[1], None, None, None]
    assert lower_cards(cards[:2], points, ZONE_PX_PER_MM) == [None] * 5
    # an even fan whose every gap holds a joker (anglo 555RR): its read step is two, and a
    # gap of 24 mm or more has room for two strips that show a whole index
    wide = _fours(np.full((300, 700, 3), 255, np.uint8), [100, 200, 300])
    between = np.array([[150.0, 110.0], [250.0, 110.0]])
    assert lower_cards(wide, between, ZONE_PX_PER_MM) == [None, None]
    near = _fours(np.full((300, 700, 3), 255, np.uint8), [100, 190, 280])
    assert lower_cards(near, between - [5.0, 0.0], ZONE_PX_PER_MM) == near[:2]


def test_only_a_natural_cards_own_colour_on_its_strip_is_its_print() -> None:
    """Ink on a lower card's strip is its own pips or art when in its suit's colour (a 6♥'s
    red heart); red ink on a black card's strip, or any ink on a joker's, may be a narrow
    joker's corner squeezed in (anglo's red word, ~4 mm: `33BR` read a sure `33B`)."""
    def card(x: int, rank: Rank, pip: str) -> CardReading:
        mark = IndexMark(rank, 0.9, 0.3, Rank.SIX, (float(x), 110.0), (0.0, 1.0), 44.0, pip, 1)
        return CardReading(rank, 0.9, ((0.0, 0.0),) * 4, (mark,), Rank.SIX)

    def stray(x: float, redness: float) -> StrayInk:
        return StrayInk((x, 115.0), 30.0, 20.0, redness)

    spades = [card(x, Rank.FOUR, "S") for x in (100, 140, 180)]
    black, red = [stray(120.0, 0.0)], [stray(120.0, 120.0)]
    assert _off_single_steps([black], spades, 35.0) == []
    assert _off_single_steps([red], spades, 35.0) == [red]
    hearts = [card(x, Rank.FOUR, "H") for x in (100, 140, 180)]
    assert _off_single_steps([red], hearts, 35.0) == []
    joker_first = [card(100, Rank.SMALL_JOKER, "O"), *spades[1:]]
    assert _off_single_steps([black], joker_first, 35.0) == [black]


@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2034, 1, "666"),  # the 6♥'s big heart between its index and the next card's
    ("paris", 2053, 4, "444444"),
])
def test_a_lower_cards_pip_on_its_strip_leaves_no_doubt(shared_data: Path, deck: str,
                                                        seed: int, seat: int,
                                                        cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat)
    assert format_cards(reading.cards) == cards
    assert not reading.unsure, reading.why()


def test_the_boxes_of_the_main_ranks_indices_may_be_narrower_than_others() -> None:
    """A jumbo fan's read indices of its rank, and its 2s, keep a usual glyph's box, so that
    the next card's index, half under it, is not taken in; an odd rank's (perhaps a misread,
    wider index) and those of a set of 10s (two digits; a 10 whose "0" lies hidden reads as
    a 2) keep the usual width."""
    def mark(rank: Rank, x: float) -> IndexMark:
        return IndexMark(rank, 0.9, 0.3, Rank.SIX, (x, 100.0), (0.0, 1.0), 60.0, "S", 1)

    point = np.array([[100.0 + 0.6 * 60.0, 110.0]])  # 0.6 glyph heights beside the index
    assert not ReadBoxes([mark(Rank.SEVEN, 100.0)], Rank.SEVEN, 0.4).hold(point)[0]
    assert ReadBoxes([mark(Rank.FOUR, 100.0)], Rank.SEVEN, 0.4).hold(point)[0]
    assert not ReadBoxes([mark(Rank.TWO, 100.0)], Rank.SEVEN, 0.4).hold(point)[0]
    assert ReadBoxes([mark(Rank.TEN, 100.0)], Rank.TEN, 0.4).hold(point)[0]
    assert ReadBoxes([mark(Rank.TWO, 100.0)], Rank.TEN, 0.4).hold(point)[0]
    assert ReadBoxes([mark(Rank.SEVEN, 100.0)]).hold(point)[0]  # no main rank: usual boxes


# a natural card's glyph half under the next card, not like the read ones: the suit pip under
# its corner (a joker bears none) makes it one of them, not a joker (before: `888888882B`,
# `QQQQQQQQQ`, `5555555222R`; paris `55555555522`, seed 2197 seat 1, read so too, is read
# `5555555522R` again since a fan's end cards are counted to the end card's index: its
# bottom card lies 1.86 steps past the outermost read index and counts as two)
@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("paris", 2123, 0, "88888888882"), ("neoclassical", 2076, 2, "QQQQQQQQQQ"),
    ("neoclassical", 2280, 1, "55555555222"),
])
def test_a_suit_pip_under_an_unread_corner_makes_it_no_joker(
        shared_data: Path, deck: str, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, looked=True)
    assert reading.notation == truth, reading.why()


def test_a_clear_two_step_gap_of_an_even_fan_holds_a_card_whose_corner_shows_nothing() -> None:
    """A joker laid upside down shows no index at its strip's corner (its own lies under the
    next cards): a gap of two steps where the fan shows three single steps or more holds a
    card all the same; one that shows fewer tells its step too poorly (an uneven fan's tight
    gap taken for the step made the others two steps each)."""
    rec = Recognizer()
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 104, 148, 192, 280])  # steps of 44 px, then a bare gap of 88
    survey = rec.finder.survey(view)
    found = unread_cards(view, cards, [], survey.ink, ZONE_PX_PER_MM, rec.finder.joker_red)
    assert len(found) == 1 and found[0].rank.is_joker
    assert found[0].center[0] == pytest.approx(236.0, abs=1.0)
    # two single steps: the bare gap may be an uneven fan's
    assert unread_cards(view, cards[1:], [], survey.ink, ZONE_PX_PER_MM,
                        rec.finder.joker_red) == []
    # nor a bare read gap of four steps: its three slots lie a step apart, each between two
    # others, however many cards it holds (a taught `BBRRR` read `BBBBBRRR`)
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 104, 148, 192, 368])
    assert unread_cards(view, cards, [], rec.finder.survey(view).ink, ZONE_PX_PER_MM,
                        rec.finder.joker_red) == []
    # a gap of 1.8 steps among even ones is no clear one either
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 104, 148, 192, 271])
    survey = rec.finder.survey(view)
    assert unread_cards(view, cards, [], survey.ink, ZONE_PX_PER_MM, rec.finder.joker_red) == []


def test_a_bare_gap_of_two_steps_counts_no_card_but_is_told_as_blank() -> None:
    """A gap of TWO_STEPS or more whose slot shows nothing holds no card counted (an uneven
    fan's gaps run that wide) but is told (FanSlots.blank: the reading is then unsure, a
    joker laid upside down may lie there); an even fan has none."""
    rec = Recognizer()
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 104, 148, 192, 271])  # steps of 44 px, then a bare 79 (1.8)
    slots = fan_slots(view, cards, [], rec.finder.survey(view).ink, ZONE_PX_PER_MM,
                      rec.finder.joker_red)
    assert slots.unread == []
    assert len(slots.blank) == 1 and slots.blank[0][0] == pytest.approx(231.5, abs=3.0)
    view = np.full((300, 560, 3), 255, np.uint8)
    cards = _fours(view, [60, 104, 148, 192, 236])
    assert fan_slots(view, cards, [], rec.finder.survey(view).ink, ZONE_PX_PER_MM,
                     rec.finder.joker_red) == FanSlots([], [])


def test_a_fan_read_sure_with_a_bare_wide_gap_is_unsure(shared_data: Path) -> None:
    """Dev scene (anglo, seed 3383, seat 1): a 大王 upside down between a 2 and an A, its
    word under the next cards, leaves a gap of 1.69 steps whose corner shows nothing; read a
    sure `AAAAA2` before, now unsure (Doubt.WIDE_GAP) with the truth offered."""
    reading = read_dev_scene(shared_data, "anglo", 3383, 1, looked=True)
    assert reading.notation == "AAAAA2"
    assert reading.unsure and reading.doubts == (Doubt.WIDE_GAP,)
    assert parse_cards("AAAAA2R") in [c for c, _ in reading.candidates]
    assert "牌缝" in Doubt.WIDE_GAP.text and "gap" in Doubt.WIDE_GAP.text


@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    (1, 2036, 5, "66R"), (0, 2177, 1, "JJJJJ2R")])
def test_a_jumbo_fans_bare_wide_gap_leaves_it_sure(deck: int, seed: int, seat: int,
                                                  truth: str) -> None:
    """Jumbo dev scenes whose uneven fans leave a bare gap of 1.92 and 1.69 steps: read right
    and sure, and kept sure (no jumbo set read wrong showed such a gap)."""
    reading = read_jumbo(deck, seed, seat, truth)
    assert reading.notation == truth and not reading.unsure, reading.why()


def test_a_jokers_strip_in_a_clear_gap_is_read_as_a_card(shared_data: Path) -> None:
    """Dev scene (neoclassical, seed 2094, seat 5): a 小王 upside down among eleven As shows
    only a curve of its far corner's mark where its index would be; the gap it leaves is 2.02
    steps among seven single ones.  Read a sure `AAAAAAAAAAA` before."""
    reading = read_dev_scene(shared_data, "neoclassical", 2094, 5, looked=True)
    assert reading.notation == "AAAAAAAAAAAB"
    assert reading.unsure and Doubt.UNREAD_IN_FAN in reading.doubts


def _fan_of_blank_cards(lefts: list[int]) -> tuple[np.ndarray, list[tuple[IndexMark, ...]]]:
    """A zone view (4 px/mm) of white cards 63 × 88 mm on felt, their left sides at
    ``lefts`` (the last on top), and the 4s read on them: each card's near index 22 px in
    from its side (a 36 px glyph), the top card's far one as far from its far side."""
    view = np.full((520, 760, 3), (40, 110, 60), np.uint8)
    w, h, top = 252, 352, 60
    for x in lefts:
        cv2.rectangle(view, (x, top), (x + w, top + h), (235, 235, 235), -1)
        cv2.rectangle(view, (x, top), (x + w, top + h), (120, 120, 120), 1)

    def four(x: float, y: float, down: tuple[float, float]) -> IndexMark:
        return IndexMark(Rank.FOUR, 0.9, 0.3, Rank.SIX, (x, y), down, 36.0, "S", 1)

    cards: list[tuple[IndexMark, ...]] = [(four(x + 22, top + 40, (0.0, 1.0)),)
                                          for x in lefts[:-1]]
    x = lefts[-1]
    cards.append((four(x + 22, top + 40, (0.0, 1.0)),
                  four(x + w - 22, top + h - 40, (0.0, -1.0))))
    return view, cards


def test_paper_past_the_bottom_cards_side_is_a_card_under_it() -> None:
    """A card under a fan's bottom card, shifted 5 mm aside, shows a sliver too narrow for a
    fan step and no ink (anglo `555R` read a sure `555`): the paper reaches past the bottom
    card's side farther than the top card's far index lies from its own side."""
    rec = Recognizer()
    view, cards = _fan_of_blank_cards([100, 150, 200])
    assert not paper_past_bottom_card(cards, rec.finder.survey(view).ink, ZONE_PX_PER_MM)
    under, cards = _fan_of_blank_cards([80, 100, 150, 200])
    ink = rec.finder.survey(under).ink
    assert paper_past_bottom_card(cards[1:], ink, ZONE_PX_PER_MM)
    # a sliver of 2 mm is the jitter of any fan's corners
    under, cards = _fan_of_blank_cards([92, 100, 150, 200])
    assert not paper_past_bottom_card(cards[1:], rec.finder.survey(under).ink, ZONE_PX_PER_MM)
    # the top card read at one corner only tells no inset
    view, cards = _fan_of_blank_cards([80, 100, 150, 200])
    assert not paper_past_bottom_card([*cards[1:3], cards[3][:1]],
                                      rec.finder.survey(view).ink, ZONE_PX_PER_MM)


def test_a_joker_under_a_fans_bottom_card_makes_it_unsure(shared_data: Path) -> None:
    """Dev scene (anglo, seed 2046, seat 2): the 大王 under the 5♦ shows a sliver 4 mm wide
    beside it and a strip below, no ink: read a sure `555` before."""
    reading = read_dev_scene(shared_data, "anglo", 2046, 2, looked=True)
    assert reading.unsure and Doubt.MORE_PAPER in reading.doubts
    # one card more than read is offered, as where a fan's edges show one
    assert tuple(sorted(parse_cards("555R"))) in [c for c, _ in reading.candidates]
