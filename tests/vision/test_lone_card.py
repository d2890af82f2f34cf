"""A lone card with no index read is offered as a joker (vision.lone_card)."""

from __future__ import annotations

import pytest

from gouji.cards import format_cards, parse_cards
from vision.recognize import Recognizer
from vision.synth import SceneGenerator

from .helpers import PictureJokerFaces


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.mark.parametrize(("seed", "joker"), [(21, "R"), (22, "B"), (23, "R")])
def test_a_lone_card_with_no_index_read_is_offered_as_a_joker(
        recognizer: Recognizer, seed: int, joker: str) -> None:
    """A joker led alone, its corner a picture: no index, no fan, but one card's paper.
    It is read as a joker of its corner's colour, unsure, with the other joker offered."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(seed, {4: parse_cards(joker)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[4])
    assert format_cards(reading.cards) == joker and reading.unsure
    assert {format_cards(c) for c, _ in reading.candidates} == {"B", "R"}
    assert reading.readings == ()  # inferred, not read


def test_more_than_one_card_with_no_index_read_is_not_counted(recognizer: Recognizer) -> None:
    scene = SceneGenerator(PictureJokerFaces(3)).render(22, {4: parse_cards("BR")})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[4])
    assert reading.cards == () and reading.unsure  # how many is not known
