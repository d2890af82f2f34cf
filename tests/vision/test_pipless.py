"""A rank glyph whose corner pip touches a card's big pips (one ink component with them)
is read without its pip, turned as the set's read indices are
(vision.indices.IndexFinder._pipless)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji.cards import format_cards, parse_cards
from vision.faces import DrawnFaces
from vision.indices import PIPLESS
from vision.recognize import Recognizer, zone_view
from vision.synth import SceneGenerator

from .helpers import MergedPipFaces


@pytest.fixture(scope="module")
def recognizer() -> Recognizer:
    return Recognizer()


@pytest.mark.parametrize("cards", ["77", "7777", "88888", "9999", "AAA", "666666", "4442"])
def test_indices_whose_pip_touches_the_art_are_read(recognizer: Recognizer, cards: str
                                                    ) -> None:
    """Without the pipless reading, six of these 42 sets lost a card (77 read 7R, AAA read
    AA, 88888 read 888…)."""
    gen = SceneGenerator(MergedPipFaces(0))
    for seed in range(40, 46):
        scene = gen.render(seed, {2: parse_cards(cards)})
        reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
        assert format_cards(reading.cards) == cards, seed


def test_a_pipless_mark_is_turned_as_the_set(recognizer: Recognizer) -> None:
    scene = SceneGenerator(MergedPipFaces(0)).render(42, {2: parse_cards("77")})
    view = zone_view(scene.image, scene.homography, scene.layout.zones[2])
    marks = recognizer.finder.survey(view).marks
    pipless = [m for m in marks if m.pip == PIPLESS]
    assert pipless
    read = [m for m in marks if m.pip != PIPLESS]
    for m in pipless:
        assert m.rank is read[0].rank
        assert max(abs(m.down[0] * r.down[0] + m.down[1] * r.down[1]) for r in read) > 0.98


@pytest.mark.parametrize("cards", ["JJBB", "JJJR", "QQQB", "KKBR", "7777BR"])
def test_joker_letters_and_court_art_are_not_read_pipless(recognizer: Recognizer, cards: str
                                                          ) -> None:
    """A JOKER's J has its O below it (no big ink), and court art reads as other ranks than
    the set's: neither becomes a pipless mark."""
    gen = SceneGenerator(DrawnFaces(0))
    for seed in range(40, 46):
        scene = gen.render(seed, {2: parse_cards(cards)})
        view = zone_view(scene.image, scene.homography, scene.layout.zones[2])
        assert not [m for m in recognizer.finder.survey(view).marks if m.pip == PIPLESS]


@pytest.mark.parametrize(("seed", "seat", "cards"), [(2028, 2, "552"), (2020, 2, "888888")])
def test_paris_indices_touching_their_corner_pips(recognizer: Recognizer, shared_data: Path,
                                                  seed: int, seat: int, cards: str) -> None:
    """Paris prints its corner pips close to the index; these read 5552 and 8888B before."""
    from vision.faces import FolderFaces
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "paris"), size=(1280, 720))
    scene = gen.render(seed)
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))


@pytest.mark.parametrize("cards", ["62", "72", "92", "A2"])
def test_a_pipless_glyph_beside_only_twos_may_be_of_any_rank(recognizer: Recognizer,
                                                             cards: str) -> None:
    """Where the set's indices read only a 2, a glyph whose pip runs into the art is read as
    any rank but J (a joker's JOKER starts with one), not only the ones read: these read
    `2R` or `22` before."""
    scene = SceneGenerator(MergedPipFaces(0)).render(43, {2: parse_cards(cards)})
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[2])
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))


@pytest.mark.parametrize(("seed", "seat", "cards"), [(2100, 5, "62"), (2101, 0, "42B")])
def test_paris_cards_beside_twos_their_pips_run_into_the_art(
        recognizer: Recognizer, shared_data: Path, seed: int, seat: int, cards: str) -> None:
    """paris prints its corner pip against a big one; beside a read 2 only, these read `2B`
    and `2BB`."""
    from vision.faces import FolderFaces
    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "paris"), size=(1280, 720))
    scene = gen.render(seed)
    reading = recognizer.read_zone(scene.image, scene.homography, scene.layout.zones[seat])
    assert format_cards(reading.cards) == format_cards(parse_cards(cards))
