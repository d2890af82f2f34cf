"""A seat's second play laid over its first: only the new cards are read (vision.earlier)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.earlier import EarlierCards
from vision.faces import DrawnFaces, FaceSource, FolderFaces
from vision.indices import IndexMark, StrayInk, darkest_channel, ink_map, paper_kernel
from vision.recognize import Doubt, Recognizer, SetReading
from vision.synth import Effects, SceneGenerator

from .helpers import PictureJokerFaces

LIT = Effects(lighting=True, glare=False, shadow=False)


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


# (seed, seat, first play, second play laid over it): drawn deck, the camera and fans of
# the seed; each reads wrongly when the older cards are not known
OVER = [(2004, 2, "AA", "TTT"), (2003, 0, "4R4444", "222"), (2006, 3, "AAA", "KKR"),
        (2000, 2, "92B9", "QQ")]


@pytest.mark.parametrize(("seed", "seat", "first", "second"), OVER)
def test_only_the_cards_laid_over_older_ones_are_read(recognizer: Recognizer, seed: int,
                                                      seat: int, first: str,
                                                      second: str) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    before = gen.render(seed, {seat: parse_cards(first)}, LIT)
    after = gen.render(seed, {seat: parse_cards(first)}, LIT, on_top={seat: parse_cards(second)})
    zone = gen.layout.zones[seat]
    blind = recognizer.read_zone(after.image, after.homography, zone)
    assert blind.cards != tuple(sorted(parse_cards(second)))  # older cards read as new
    reading = recognizer.read_zone(after.image, after.homography, zone, before=before.image)
    assert format_cards(reading.cards) == format_cards(sorted(parse_cards(second)))


def test_older_cards_stay_old_when_the_light_changes(recognizer: Recognizer) -> None:
    seed, seat, first, second = OVER[0]
    gen = SceneGenerator(DrawnFaces(0))
    before = gen.render(seed, {seat: parse_cards(first)}, LIT)
    after = gen.render(seed, {seat: parse_cards(first)}, LIT, on_top={seat: parse_cards(second)})
    dusk = (after.image * 0.7).astype(np.uint8)  # the room darkened between the plays
    reading = recognizer.read_zone(dusk, after.homography, gen.layout.zones[seat],
                                   before=before.image)
    assert format_cards(reading.cards) == "TTT"


def _mark(center: tuple[float, float]) -> IndexMark:
    return IndexMark(parse_cards("K")[0], 0.9, 0.3, parse_cards("Q")[0], center, (0.0, 1.0),
                     20.0, "S", 1)


def test_a_mark_that_looked_the_same_before_is_old_and_one_laid_over_an_older_pip_new() -> None:
    before = np.full((200, 300, 3), 235, np.uint8)
    cv2.putText(before, "7", (38, 62), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2)
    cv2.circle(before, (128, 50), 12, (30, 30, 200), -1)  # an older card's pip
    now = before.copy()
    cv2.rectangle(now, (110, 30), (150, 75), (235, 235, 235), -1)  # a new card over the pip
    cv2.putText(now, "2", (118, 62), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2)
    cv2.putText(now, "K", (198, 62), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (20, 20, 20), 2)
    now = (now * 0.8).astype(np.uint8)  # and the light dimmed
    darkest = darkest_channel(now)
    earlier = EarlierCards.seen_in(before, before.shape[:2])
    seven, two, king = _mark((46.0, 52.0)), _mark((126.0, 52.0)), _mark((206.0, 52.0))
    assert earlier.new_marks([seven, two, king], darkest) == [two, king]
    strays = [StrayInk(m.center, 20.0, 10.0, 0.0) for m in (seven, two, king)]
    assert earlier.new_strays(strays, darkest) == strays[1:]
    nudged = EarlierCards.seen_in(np.roll(before, 2, axis=1), before.shape[:2])
    assert nudged.new_marks([seven], darkest) == []  # moved by a camera shake: the same


def _read_over(recognizer: Recognizer, faces: FaceSource, seed: int, seat: int,
               first: Sequence[Rank], second: Sequence[Rank]) -> SetReading:
    """``second`` laid over ``first`` at ``seat`` in the scene of ``seed``, read with the frame
    as it was before."""
    gen = SceneGenerator(faces)
    before = gen.render(seed, {seat: first}, LIT)
    after = gen.render(seed, {seat: first}, LIT, on_top={seat: second})
    return recognizer.read_zone(after.image, after.homography, gen.layout.zones[seat],
                                before=before.image)


# (seed, seat, first play, jokers laid over it): picture jokers, whose corners read as no
# index; each read as nothing while the new cards' paper was not told from the older
JOKERS_OVER = [(2000, 2, "92B9", "BBR"), (2001, 4, "QQ", "RR"), (2002, 1, "7777", "BRRR"),
               (2007, 3, "JJJJ", "BR"), (2008, 1, "66", "BR")]


@pytest.mark.parametrize(("seed", "seat", "first", "jokers"), JOKERS_OVER)
def test_a_fan_of_jokers_laid_over_older_cards_is_counted_by_its_own_edges(
        recognizer: Recognizer, seed: int, seat: int, first: str, jokers: str) -> None:
    reading = _read_over(recognizer, PictureJokerFaces(3), seed, seat, parse_cards(first),
                         parse_cards(jokers))
    assert format_cards(reading.cards) == jokers
    assert reading.unsure and reading.doubts == (Doubt.NO_INDEX,)


# Below, the plays are written in the order laid (a fan's look depends on it).


def test_more_edges_than_cards_read_over_older_cards_make_the_set_unsure(
        recognizer: Recognizer) -> None:
    """Jumbo `JJJBR` over `KKKKKKKKBR` read `JBR`: two Js half under the next card show no
    gap.  The fan's edges, counted on the new cards' own paper (over older cards their
    edges count too), part more cards than were read: unsure (`more-edges`).  Since every
    other index's hiding is told by the edges' step (vision.fan.EVERY_OTHER) the edges
    place the two Js too: read right, unsure."""
    seed, seat = 2017, 5
    first, second = parse_cards("KRBKKKKKKK"), parse_cards("RJJJB")
    reading = _read_over(recognizer, DrawnFaces(0, jumbo=True), seed, seat, first, second)
    assert format_cards(reading.cards) == "JJJBR"
    assert reading.doubts == (Doubt.UNREAD_IN_FAN,)


def test_a_jumbo_index_half_under_the_next_card_over_older_cards_is_counted(
        recognizer: Recognizer) -> None:
    """Jumbo `7777B` over ten Qs and a 大王 read a sure `777B` (the 7 half under the next card
    showed no gap); now its part, like the read 7s, is counted by the fan."""
    seed, seat, first, second = 2002, 1, parse_cards("QQQQRQQQQQQ"), parse_cards("7B777")
    reading = _read_over(recognizer, DrawnFaces(1, jumbo=True), seed, seat, first, second)
    assert format_cards(reading.cards) == "7777B"
    assert reading.unsure


@pytest.mark.parametrize(("deck", "seed", "seat", "first", "jokers"), [
    ("paris", 2209, 1, "33333", "RRR"), ("paris", 2220, 0, "2B", "BB"),
    ("anglo", 2354, 0, "KRKKKKK", "RRBBRRB")])
def test_a_jokers_word_read_as_an_index_over_older_cards_is_unsure(
        recognizer: Recognizer, shared_data: Path, deck: str, seed: int, seat: int,
        first: str, jokers: str) -> None:
    """A joker's letter read as an index (paris' J, anglo's frame as a 9) was a sure `J` or
    `9`: the check for more paper than the cards read would cover was off over older
    cards, whose paper counted too.  On the new cards' own paper it holds."""
    reading = _read_over(recognizer, FolderFaces(shared_data / "card-faces" / deck), seed,
                         seat, parse_cards(first), parse_cards(jokers))
    assert reading.unsure


def _card(image: np.ndarray, box: tuple[int, int, int, int], pip: tuple[int, int]) -> None:
    x0, y0, x1, y1 = box
    cv2.rectangle(image, (x0, y0), (x1, y1), (235, 235, 235), -1)
    cv2.rectangle(image, (x0, y0), (x1, y1), (150, 150, 150), 1)  # its edge
    cv2.circle(image, pip, 14, (30, 30, 30), -1)


def test_the_new_cards_paper_is_told_from_the_older_cards_by_what_changed() -> None:
    """A card laid half over an older one, on felt: its paper is what changed (felt become
    paper, the older pip it hides, its own pip, its edge), with the plain white it lays on
    plain white filled in; the older card's uncovered part is not new, in a dimmer light
    too."""
    felt = np.zeros((400, 500, 3), np.uint8)
    felt[:] = (40, 110, 40)
    before = felt.copy()
    _card(before, (60, 60, 300, 340), (120, 120))
    cv2.circle(before, (250, 200), 14, (30, 30, 30), -1)  # the pip the new card hides
    now = before.copy()
    _card(now, (200, 40, 440, 320), (320, 180))
    now = (now * 0.8).astype(np.uint8)
    new = EarlierCards.seen_in(before, before.shape[:2]).new_paper(
        ink_map(now, paper_kernel(now.shape[:2])), 4.0)
    laid = np.zeros(new.shape, bool)
    laid[44:317, 204:437] = True  # the new card, less its rim
    older = np.zeros(new.shape, bool)
    older[64:337, 64:196] = True  # the older card's part still showing
    assert new[laid].mean() > 0.95
    assert new[older].mean() < 0.05
