"""A fan of jokers only, no index read, is counted by its cards' edges (vision.joker_fan)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision import joker_fan as joker_fan_module
from vision import recognize as recognize_module
from vision.faces import FolderFaces
from vision.fan import fan_frame
from vision.indices import IndexFinder, IndexMark
from vision.joker_fan import (
    BAND_ENDS_MM,
    OUTLINE_MM,
    WORK_PX_PER_MM,
    _edge_strength,
    _edges,
    _Upright,
    joker_fan,
)
from vision.recognize import ZONE_PX_PER_MM, CardReading, Recognizer, _top_card
from vision.synth import SceneGenerator

from .helpers import PictureJokerFaces, read_dev_scene


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.mark.parametrize(("cards", "seed"), [
    ("BR", 30), ("BB", 31), ("BRRR", 32), ("BBBBBRR", 33), ("BBBBBBBBRRR", 34),
    ("BBBBRRRRRRRR", 30)])
def test_a_fan_of_picture_jokers_is_counted_and_told_apart(
        recognizer: Recognizer, cards: str, seed: int) -> None:
    """Jokers whose corners are a picture read as no index at all; the fan's edges count
    them and each strip's corner colour tells 大王 from 小王.  The reading is unsure and
    offers one 大王 more and one 小王 more, then its near misses, one card fewer among
    them."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(seed, {4: parse_cards(cards)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[4])
    assert format_cards(reading.cards) == cards
    assert reading.unsure and reading.readings == ()  # inferred, not read
    more = [format_cards(c) for c, _ in reading.candidates[1:3]]
    assert more == [format_cards(parse_cards(cards + "R")), format_cards(parse_cards("B" + cards))]
    assert any(len(c) == len(cards) - 1 for c, _ in reading.candidates[3:])
    assert all(abs(len(c) - len(cards)) <= 1 for c, _ in reading.candidates[3:])


def test_paper_without_card_edges_is_no_fan(recognizer: Recognizer) -> None:
    """A blank sheet the size of a fan shows no card's edge: nothing is counted."""
    px = ZONE_PX_PER_MM
    view = np.zeros((int(140 * px), int(200 * px), 3), np.uint8)
    view[:] = (60, 110, 40)  # felt
    cv2.rectangle(view, (int(40 * px), int(25 * px)), (int(160 * px), int(113 * px)),
                  (235, 235, 235), -1)
    finder: IndexFinder = recognizer.finder
    assert joker_fan(view, finder.survey(view).ink, px, finder.joker_red) is None
    assert recognizer.read_set(view).cards == ()


@pytest.mark.parametrize(("cards", "seed"), [("BBBBRRRRR", 2021), ("BRRR", 2008)])
def test_a_fan_of_paris_jokers_is_counted(recognizer: Recognizer, shared_data: Path,
                                          cards: str, seed: int) -> None:
    """The paris deck's jokers carry a chip in the corner, read as no index."""
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "paris"), size=(1280, 720))
    scene = gen.render(seed, {3: parse_cards(cards)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[3])
    assert format_cards(reading.cards) == cards and reading.unsure


@pytest.mark.parametrize(("cards", "seed"), [
    ("2R", 40), ("8B", 41), ("TTB", 44), ("5555BR", 40), ("QQQQQQRR", 43)])
def test_picture_jokers_beyond_the_read_cards_are_counted_by_the_edges(
        recognizer: Recognizer, cards: str, seed: int) -> None:
    """A set's indices are read but its jokers' corners are pictures: where the fan's
    paper reaches past the read cards, its edges show the cards there (one read card tells
    no fan step at all).  Each such card is judged as a gap in the fan is (vision.fan):
    here, by its corner's colour, a joker."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(seed, {2: parse_cards(cards)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert format_cards(reading.cards) == cards and reading.unsure


@pytest.mark.parametrize("seed", [40, 43])
def test_a_picture_joker_between_two_read_cards_is_counted_by_the_edges(
        recognizer: Recognizer, seed: int) -> None:
    """Two read cards tell no fan step, so a joker between them leaves no gap to see and
    no room past them: the edges are looked at all the same (these read a sure KK)."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(seed, {2: parse_cards("KKR")})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert format_cards(reading.cards) == "KKR" and reading.unsure


# A court card's frame line, 9–12 mm from the card's ends, ran through the bands near the
# fan's ends where an edge must show, and parted a read card's strip in two: a joker was
# guessed there (`KK` read `KKB`, `JJ` read `JJR`), or the set doubted (`9999`: more-edges).
@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("anglo", 2091, 1, "KK"), ("anglo", 2097, 0, "JJ"), ("anglo", 2133, 5, "88"),
    ("anglo", 2111, 3, "9999"), ("anglo", 2113, 5, "KKK2"),
])
def test_a_court_cards_frame_line_beside_read_indices_is_no_edge(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer)
    assert reading.notation == truth and not reading.unsure


def test_a_strip_is_judged_at_its_own_corner(recognizer: Recognizer, shared_data: Path) -> None:
    """A paris joker under an 8♦ shows its strip and its chip by the 8's lower index.  Moved
    onto the line of the 8's upper index it was judged there, found nothing, and a card
    inferred at that end from the 8's red pips counted instead (8R); at its own corner it
    is the black chip, 小王."""
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "paris"), size=(1280, 720))
    scene = gen.render(2042)
    assert format_cards(scene.sets[2]) == "8B"
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert format_cards(reading.cards) == "8B" and reading.unsure


def _profile(lines_mm: list[float], length_mm: float = 120.0,
             strengths: list[float] | None = None) -> _Upright:
    """An upright fan ``length_mm`` across whose edge strength peaks at ``lines_mm`` (0.3
    each, or ``strengths``)."""
    px = WORK_PX_PER_MM
    w, h = int((length_mm + 20) * px), int(100 * px)
    fan = np.zeros((h, w), np.uint8)
    x0 = int(10 * px)
    fan[10:h - 10, x0:x0 + int(length_mm * px) + 1] = 1
    strength = np.zeros(w)
    for x, v in zip(lines_mm, strengths or [0.3] * len(lines_mm), strict=True):
        strength[x0 + int(x * px)] = v
    return _Upright(np.eye(2, 3), (w, h), fan, strength)


def test_a_line_by_the_bottom_cards_end_much_nearer_than_the_step_is_its_frame() -> None:
    # anglo's jokers print a frame line 8 mm in from the card's side: the bottom card shows
    # it by the fan's end, and an all-joker fan read one card too many (BBRR read BBRRR)
    upright = _profile([9.5, 24.0, 42.0, 61.0])
    found = _edges(upright, frames=True)
    assert found is not None and found[1] == pytest.approx([24.0, 42.0, 61.0], abs=0.5)
    assert found[3] == pytest.approx(9.5, abs=0.5)  # the bottom card's mark lies before it
    assert _edges(upright)[1] == pytest.approx([9.5, 24.0, 42.0, 61.0], abs=0.5)
    # a first strip about as wide as the others is a card's
    assert _edges(_profile([14.0, 29.0, 44.0, 61.0]), frames=True)[1] == \
        pytest.approx([14.0, 29.0, 44.0, 61.0], abs=0.5)


def test_a_faint_line_is_an_edge_only_a_fans_step_from_its_neighbours() -> None:
    # under half the typical edge's strength (FIRM): a court card's art or a joker's frame
    # line parting a strip unevenly is no edge (`KK` read `KKR`), a faint edge in a fan of
    # even steps is one (a picture joker's fan, one edge shaded less)
    uneven = [10.0, 24.0, 33.0, 42.0, 61.0]
    assert _edges(_profile(uneven, strengths=[0.3, 0.3, 0.14, 0.3, 0.3]))[1] == \
        pytest.approx([10.0, 24.0, 42.0, 61.0], abs=0.5)
    assert _edges(_profile(uneven, strengths=[0.3, 0.3, 0.16, 0.3, 0.3]))[1] == \
        pytest.approx(uneven, abs=0.5)  # half as strong: firm
    even = [12.0, 24.0, 36.0, 48.0, 61.0]
    assert _edges(_profile(even, strengths=[0.3, 0.3, 0.1, 0.3, 0.3]))[1] == \
        pytest.approx(even, abs=0.5)
    # one firm line tells no step: a faint one before it is no edge
    assert _edges(_profile([30.0, 61.0], strengths=[0.08, 0.3]))[1] == \
        pytest.approx([61.0], abs=0.5)


def test_the_top_cards_edge_lies_before_its_read_index() -> None:
    """A line on the top card's face (neoclassical's 8's column of pips, 13 mm in from its
    side) may be stronger than its edge and lie as far from the fan's far end as a card's
    width: taken for the edge, it parted the top card in two (check seed 2375, `888888R`
    read `888888RR`).  Where the top card's two indices were read, its edge lies before the
    nearer (5 mm in from the side)."""
    px = WORK_PX_PER_MM
    upright = _profile([12.0, 24.0, 36.0, 48.0, 60.0, 70.0],
                       strengths=[0.3, 0.3, 0.3, 0.3, 0.2, 0.3])
    assert _edges(upright)[1] == pytest.approx([12.0, 24.0, 36.0, 48.0, 60.0, 70.0], abs=0.5)
    corners = [10 * px + 65.0 * px, 10 * px + 115.0 * px]  # its index and its far corner's
    assert _edges(upright, top_card=corners)[1] == \
        pytest.approx([12.0, 24.0, 36.0, 48.0, 60.0], abs=0.5)


def test_the_top_card_is_one_read_whole_with_nothing_read_over_it() -> None:
    """Its indices bound where its edge may lie (:func:`_edges`), so only a card read by
    both corners whose index on the fan's line is the outermost there is taken for the top
    card: a far corner paired with a card beneath (jumbo `KKKKKKKKBRRR`, the top K's far
    corner with the K under it) would put the edge before the top card's side."""
    def mark(x: float, down: float) -> IndexMark:
        return IndexMark(Rank.KING, 0.9, 0.1, Rank.QUEEN, (x, 100.0 if down > 0 else 400.0),
                         (0.0, down), 40.0, "S", 1)

    def card(*marks: IndexMark) -> CardReading:
        return CardReading(Rank.KING, 0.9, ((0.0, 0.0),) * 4, marks, Rank.QUEEN)

    whole = card(mark(300.0, 1.0), mark(520.0, -1.0))
    beneath = [card(mark(x, 1.0)) for x in (100.0, 150.0, 200.0, 250.0)]
    frame = fan_frame([m for c in [*beneath, whole] for m in c.marks])
    assert _top_card([*beneath, whole], frame) == ((300.0, 100.0), (520.0, 400.0))
    over = card(mark(340.0, 1.0))  # a card read over it: the pairing was wrong
    assert _top_card([*beneath, whole, over], frame) == ()
    assert _top_card(beneath, frame) == ()  # no card read whole


@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("neoclassical", 2375, 1, "888888R"), ("neoclassical", 2336, 1, "66666662R"),
    ("drawn-jumbo-0", 2059, 1, "KKKKKKKKBRRR"),  # (a far corner paired with a card beneath)
])
def test_a_line_on_the_top_cards_face_parts_no_card(shared_data: Path, deck: str, seed: int,
                                                    seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, looked=True)
    assert reading.notation == truth, reading.why()


# development scenes: a faint line between read cards, or in a fan of jokers only, counted
# as a card's edge (a joker guessed on its strip; one or more jokers too many)
@pytest.mark.parametrize(("deck", "seed", "seat", "truth"), [
    ("anglo", 2160, 2, "KK"), ("paris", 2103, 3, "77"), ("neoclassical", 2138, 5, "AAR"),
    ("anglo", 2113, 2, "RR"), ("anglo", 2157, 1, "BBBBRR")])
def test_a_faint_line_parts_no_card(recognizer: Recognizer, shared_data: Path, deck: str,
                                    seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer)
    assert reading.notation == truth, reading.why()


# development scenes: anglo's jester's red hat reaches into a 小王's strip corner, beside
# its black word (`BB` read `BR`, `BR` read `RR`)
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2037, 1, "BB"), (2143, 0, "BR")])
def test_a_strips_joker_is_told_by_the_ink_near_its_index(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, "anglo", seed, seat, recognizer)
    assert reading.notation == truth, reading.why()


# development scenes: a 大王 on top of the fan, its faint red word unread, judged at a place
# a step from the read indices, on the card below's black pips (`QR` read `QB`)
@pytest.mark.parametrize(("seed", "seat", "truth"), [(2174, 2, "QR"), (2142, 4, "JJJJJR")])
def test_the_top_cards_joker_is_told_by_its_own_strip(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, truth: str) -> None:
    reading = read_dev_scene(shared_data, "anglo", seed, seat, recognizer)
    assert reading.notation == truth, reading.why()


# development scenes (anglo, seeds 2000+): all-joker fans read a card too many
@pytest.mark.parametrize(("seed", "seat", "cards"), [(2004, 2, "BBRR"), (2014, 5, "BR")])
def test_an_all_joker_fan_of_framed_jokers_is_counted(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, cards: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "anglo"), size=(1280, 720))
    scene = gen.render(seed)
    zone = scene.layout.zones[seat]
    reading = recognizer.read_zone(scene.image, scene.homography, zone)
    assert format_cards(reading.cards) == cards and reading.unsure
    monkeypatch.setattr(joker_fan_module, "FIRST_STRIP", 0.0)  # every line an edge
    # the frame line's strip shows no word (vision.fan_words): still no card
    again = recognizer.read_zone(scene.image, scene.homography, zone)
    assert format_cards(again.cards) == cards
    monkeypatch.setattr(recognize_module, "fan_words", lambda *_: [])
    before = recognizer.read_zone(scene.image, scene.homography, zone)
    assert len(before.cards) == len(cards) + 1


def _card(rank: Rank, score: float, x: float) -> CardReading:
    mark = IndexMark(rank, score, 0.1, Rank.JACK, (x, 100.0), (0.0, 1.0), 40.0, "S", 1)
    return CardReading(rank, score, ((0.0, 0.0),) * 4, (mark,), Rank.JACK)


@pytest.mark.parametrize(("cards", "fan", "count", "taken"), [
    ([_card(Rank.TEN, 0.7, 100.0), _card(Rank.TEN, 0.57, 150.0)], "BBBBRRRR", 8, True),
    ([_card(Rank.TEN, 0.52, 100.0)], "BB", 2, True),
    ([_card(Rank.TEN, 0.8, 100.0)], "BB", 2, False),  # an index read well: a 10 it is
    ([_card(Rank.QUEEN, 0.7, x) for x in (100.0, 150.0, 200.0)], "BBR", 3, False),  # three
    ([_card(Rank.TEN, 0.6, 100.0)], "B", 1, False),  # one card: no fan
    ([_card(Rank.TEN, 0.6, 100.0)], "BB", 3, False),  # fewer than the reading holds
    ([_card(Rank.TEN, 0.6, 100.0)], None, 2, False),  # no fan's edges
])
def test_poor_indices_may_be_jokers_pictures_when_the_edges_count_a_fan(
        cards: list[CardReading], fan: str | None, count: int, taken: bool) -> None:
    # the fan's edges as they part it: its cards, each with the joker its corner shows
    edges = SimpleNamespace(unread_jokers=None if fan is None else parse_cards(fan))
    jokers = (Recognizer()._posed_by_jokers(edges, count)  # type: ignore[arg-type]
              if recognize_module._poorly_read(cards) else None)
    assert (jokers == parse_cards(fan or "")) is taken


# paris' chip and neoclassical's star posed as poor indices (a 10, a K) and the fan inferred
# more cards like them: BBBBRRRR read TTTTTTBB, BB read TB, BBRR read KBBR; weak sets of
# poorly read queens stay as read
@pytest.mark.parametrize(("deck", "seed", "seat", "cards"), [
    ("paris", 2021, 3, "BBBBRRRR"), ("paris", 2037, 1, "BB"), ("neoclassical", 2004, 2, "BBRR"),
    ("anglo", 2040, 3, "QQQ"), ("paris", 2037, 4, "QQB"),
])
def test_a_fan_of_jokers_whose_pictures_pose_as_poor_indices_is_counted(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        cards: str) -> None:
    reading = read_dev_scene(shared_data, deck, seed, seat, recognizer)
    assert format_cards(reading.cards) == cards
    assert reading.unsure


@pytest.mark.parametrize("tilt", [-4.0, 0.0, 5.0])
def test_a_card_edge_is_the_strongest_line_and_bare_columns_have_none(tilt: float) -> None:
    """Across a fan turned upright, a card's straight edge (turned a little) is the column
    whose brightness changes most, in all five bands, off the fan's outline (which
    :func:`vision.joker_fan._edges` clears); columns with no fan have no edge."""
    px = WORK_PX_PER_MM
    h, w = int(100 * px), int(150 * px)
    inner = np.zeros((h, w), np.uint8)
    inner[int(6 * px):int(94 * px), int(20 * px):int(130 * px)] = 1
    ys, xs = np.mgrid[0:h, 0:w]
    edge_at = 75 * px + (ys - h / 2) * np.tan(np.radians(tilt))
    refl = np.where(xs < edge_at, 0.9, 0.75).astype(np.float32)
    strength = _edge_strength(refl, inner, BAND_ENDS_MM)
    off_outline = int((20 + OUTLINE_MM) * px), int((130 - OUTLINE_MM) * px)
    inside = strength[off_outline[0]:off_outline[1]]
    assert abs(off_outline[0] + int(np.argmax(inside)) - 75 * px) <= 2
    assert inside.max() > 0.1
    assert not strength[:int(20 * px)].any() and not strength[int(130 * px):].any()
