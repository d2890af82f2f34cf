"""Recognising played sets and cards in photos."""

from __future__ import annotations

import pytest

from gouji.cards import Rank, parse_cards
from vision.faces import DrawnFaces
from vision.glyphs import MODEL_PATH, default_model, glyph_feature
from vision.recognize import Recognizer
from vision.synth import Effects, SceneGenerator

from .helpers import card_photo

# (set, scene seed): fanned at random angles, some cards upside down.
CASES = [
    ("7", 100), ("KK", 101), ("99999", 102), ("QQQ22", 104), ("BR", 105), ("RR", 106),
    ("BBB", 107), ("AAAA2R", 108), ("333", 109), ("JJJJJ", 110), ("66", 111), ("8888", 112),
]


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.mark.parametrize(("notation", "seed"), CASES)
def test_sets_of_the_drawn_deck_are_read_exactly(recognizer: Recognizer, notation: str,
                                                 seed: int) -> None:
    gen = SceneGenerator(DrawnFaces(0))
    seat = seed % 6
    scene = gen.render(seed, {seat: parse_cards(notation)}, Effects.clean())
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert reading.cards == tuple(sorted(parse_cards(notation)))
    assert not reading.unsure
    assert reading.confidence >= 0.5


def test_an_empty_zone_reads_as_no_cards(recognizer: Recognizer) -> None:
    scene = SceneGenerator(DrawnFaces(0)).render(3, {}, Effects.clean())
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[0])
    assert reading.cards == ()
    assert reading.describe() == "无牌 no cards"


@pytest.mark.parametrize("angle", [0, 37, 90, 180, 241])
def test_a_single_card_photo_at_any_rotation(recognizer: Recognizer, angle: int) -> None:
    cards = recognizer.find_cards(card_photo(DrawnFaces(2), Rank.SIX, angle))
    assert [c.rank for c in cards] == [Rank.SIX]  # a 6, never a 9
    x0, y0, x1, y1 = cards[0].box
    assert x0 < 300 < x1 and y0 < 300 < y1


def test_small_and_big_joker_told_apart(recognizer: Recognizer) -> None:
    faces = DrawnFaces(0)
    assert [c.rank for c in recognizer.find_cards(card_photo(faces, Rank.SMALL_JOKER, 20))] == \
        [Rank.SMALL_JOKER]
    assert [c.rank for c in recognizer.find_cards(card_photo(faces, Rank.BIG_JOKER, 200))] == \
        [Rank.BIG_JOKER]


def test_shipped_model_is_small_and_reads_a_plain_glyph() -> None:
    assert MODEL_PATH.stat().st_size < 5_000_000
    model = default_model()
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    from vision.fonts import default_font

    font_path = default_font()
    if font_path is None:
        pytest.skip("no system font")
    img = Image.new("L", (60, 80), 0)
    ImageDraw.Draw(img).text((10, 5), "Q", font=ImageFont.truetype(str(font_path), 60), fill=255)
    scores = model.scores(glyph_feature((np.asarray(img) > 127).astype(np.uint8))[None])
    assert model.labels[int(scores[0].argmax())] == "Q"


def test_a_single_wide_glyph_card_is_one_card() -> None:
    """A lone K's two corner indices pair into one card (wide glyphs sit further in)."""
    from gouji.cards import Rank
    from vision.faces import DrawnFaces
    from vision.recognize import Recognizer, zone_view
    from vision.synth import SceneGenerator

    gen = SceneGenerator(DrawnFaces(0), size=(960, 540))
    reader = Recognizer()
    for seed in range(3):
        scene = gen.render(seed, {1: [Rank.KING]})
        reading = reader.read_set(zone_view(scene.image, scene.homography, scene.layout.zones[1]))
        assert reading.cards == (Rank.KING,), (seed, reading)
