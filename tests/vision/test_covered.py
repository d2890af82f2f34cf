"""Indices read by the part the next card leaves showing (Recognizer._covered_look, the
covered glyph model): a jumbo index (大字牌) in a fan reaches under the next card."""

from __future__ import annotations

import numpy as np
import pytest

from gouji.cards import Rank, format_cards, parse_cards
from vision.faces import DrawnFaces
from vision.glyphs import COVERED_MODEL_PATH, covered_model, default_model
from vision.indices import IndexFinder, IndexMark, in_index_box
from vision.recognize import COVERED_BESIDE, Doubt, Recognizer
from vision.synth import SceneGenerator
from vision.train_glyphs import COVER, _covered, train

from .helpers import read_jumbo


# development scenes (seeds 2000+) where a card's index, partly under the next card, is read
# only by its part (without the covered look, AA read AB, AAAAA read AAAR, 88888882R read
# 888882R, 7777BBB read 77BBB; on the usual drawn deck QQQQQQQQ2BBR read QQQQQQQ2BBRR).
# (Where the glyph's part is like the set's read indices, the fan counts such a card as their
# rank already: tests/vision/test_fan.py; so since the forty-fifth session jumbo 66666666BB,
# read 6666666BBB without the covered look before, whose 6 is 0.4 like the read ones.)
@pytest.mark.parametrize(("jumbo", "deck", "seed", "seat", "cards"), [
    (True, 0, 2013, 1, "AA"), (True, 1, 2013, 3, "AAAAA"),
    (True, 1, 2011, 2, "88888882R"), (True, 1, 2039, 5, "7777BBB"),
    (False, 0, 2012, 2, "QQQQQQQQ2BBR"),
])
def test_an_index_half_under_the_next_card_is_read_by_its_part(
        jumbo: bool, deck: int, seed: int, seat: int, cards: str) -> None:
    scene = SceneGenerator(DrawnFaces(deck, jumbo=jumbo), size=(1280, 720)).render(seed)
    zone = scene.layout.zones[seat]
    assert format_cards(tuple(sorted(scene.sets[seat]))) == format_cards(parse_cards(cards))
    rec = Recognizer()
    reading = rec.read_zone(scene.image, scene.homography, zone)
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))
    # read only in part: the players confirm it
    assert reading.unsure and Doubt.COVERED in reading.doubts
    rec.covered = IndexFinder(default_model(), rec.finder.joker_red)  # whole glyphs only
    without = rec.read_zone(scene.image, scene.homography, zone)
    assert format_cards(without.cards) != format_cards(parse_cards(cards))


def test_covered_training_glyphs_lose_a_strip_of_their_right_side() -> None:
    rng = np.random.default_rng(0)
    mask = np.zeros((60, 50), np.uint8)
    mask[5:55, 10:40] = 1
    for _ in range(20):
        cut = _covered(mask, rng)
        cols = np.flatnonzero(cut.any(axis=0))
        assert cols.min() == 10 and (cut[5:55, 10:cols.max() + 1] == 1).all()
        hidden = (40 - cols.max() - 1) / 30
        assert COVER[0] - 0.04 <= hidden <= COVER[1] + 0.04


def test_the_shipped_covered_model_is_rebuilt_by_its_script() -> None:
    assert COVERED_MODEL_PATH.stat().st_size < 5_000_000
    built = train(covered=8)
    shipped = covered_model()
    assert built.labels == shipped.labels
    assert np.array_equal(built.classes, shipped.classes)
    assert np.allclose(built.prototypes, shipped.prototypes, atol=1e-3)  # (stored as float16)


def test_the_covered_look_spares_less_beside_a_read_index() -> None:
    mark = IndexMark(Rank.SEVEN, 0.9, 0.2, Rank.TWO, (100.0, 100.0), (0.0, 1.0), 40.0, "S", 1)
    beside = np.array([[100.0 + 0.6 * 40.0, 110.0]])  # the next card's glyph, 0.6 h across
    assert in_index_box(beside, mark)[0]  # a read index's own box holds it
    assert not in_index_box(beside, mark, COVERED_BESIDE)[0]  # the covered look may read it
    assert in_index_box(np.array([[110.0, 105.0]]), mark, COVERED_BESIDE)[0]  # its own glyph


def test_a_2_half_under_the_next_card_is_read_in_any_set() -> None:
    # drawn-jumbo-1, seed 2012: a 2 beside Qs and jokers, its right side under the next Q,
    # read 0.95 by its part yet left out as a rank the set did not hold (QQQQQQQQ2BBR read
    # QQQQQQQBBR); a Q under the next card is counted by the fan (its part like the read Qs)
    scene = SceneGenerator(DrawnFaces(1, jumbo=True), size=(1280, 720)).render(2012)
    assert format_cards(tuple(sorted(scene.sets[2]))) == "QQQQQQQQ2BBR"
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert reading.notation == "QQQQQQQQ2BBR" and reading.unsure
    assert Doubt.COVERED in reading.doubts


@pytest.mark.parametrize("deck", [0, 2])
def test_with_only_jokers_read_an_index_half_under_the_next_card_may_be_any_rank(
        deck: int) -> None:
    # jumbo drawn decks, seed 2076: a fan turned half round whose jokers' JOKER reads and
    # whose As and 2 lie half under the next cards; with no natural rank read, the As read by
    # their part were left out (AAAAA2BBRR read 2BBBBBRRRR, the fan guessing jokers)
    scene = SceneGenerator(DrawnFaces(deck, jumbo=True), size=(1280, 720)).render(2076)
    assert format_cards(tuple(sorted(scene.sets[0]))) == "AAAAA2BBRR"
    reading = Recognizer().read_zone(scene.image, scene.homography, scene.layout.zones[0])
    assert reading.notation == "AAAAA2BBRR"
    assert reading.unsure and Doubt.COVERED in reading.doubts


@pytest.mark.parametrize(("seed", "seat", "truth"), [
    (2088, 1, "6666666666BB"), (2076, 0, "AAAAA2BBRR")])
def test_with_only_jokers_read_a_covered_index_may_be_bigger_than_their_letters(
        seed: int, seat: int, truth: str) -> None:
    # drawn-jumbo-1: only the jokers' JOKER letters read, and the set's glyph height was
    # theirs; the jumbo digits half under the next cards, 1.6 times as tall, read 0.86–0.97
    # by their part but were too big for it (`6666666666BB` read as twelve jokers)
    reading = read_jumbo(1, seed, seat, truth)
    assert reading.notation == truth
    assert reading.unsure and Doubt.COVERED in reading.doubts


def test_an_index_in_part_off_an_uneven_fans_guessed_corner_is_read() -> None:
    # drawn-jumbo-1, seed 2147: As half under the next cards, read by their part up to 1.07
    # glyph heights from where the uneven fan guessed jokers (AAAAAAABB read AAAAAABB)
    reading = read_jumbo(1, 2147, 1, "AAAAAAABB")
    assert reading.notation == "AAAAAAABB"
