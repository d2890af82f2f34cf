"""A lone card with no index read is offered as a joker (vision.lone_card)."""

from __future__ import annotations

import pytest

from gouji.cards import format_cards, parse_cards
from vision.lone_card import lone_joker
from vision.recognize import ZONE_PX_PER_MM, Recognizer, zone_view
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
    offered = [format_cards(c) for c, _ in reading.candidates]
    assert set(offered[:2]) == {"B", "R"}
    # near misses: two jokers (one hidden), a 2 whose index was not read
    assert set(offered[2:]) <= {"BR", "BB", "RR", "2"}
    assert reading.readings == ()  # inferred, not read


def test_more_than_one_card_is_not_a_lone_card(recognizer: Recognizer) -> None:
    """Two jokers fanned are no lone card (vision.joker_fan counts them instead)."""
    scene = SceneGenerator(PictureJokerFaces(3)).render(22, {4: parse_cards("BR")})
    view = zone_view(scene.image, scene.homography, scene.layout.zones[4])
    finder = recognizer.finder
    assert lone_joker(view, finder.survey(view).ink, ZONE_PX_PER_MM, finder.joker_red) is None
    reading = recognizer.read_set(view)
    assert format_cards(reading.cards) == "BR" and reading.unsure
