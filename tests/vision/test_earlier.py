"""A seat's second play laid over its first: only the new cards are read (vision.earlier)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from gouji.cards import format_cards, parse_cards
from vision.earlier import EarlierCards
from vision.faces import DrawnFaces
from vision.indices import IndexMark, StrayInk, darkest_channel
from vision.recognize import Recognizer
from vision.synth import Effects, SceneGenerator

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
