"""Card faces and synthetic scenes."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji.cards import Rank, parse_cards
from vision.faces import CARD_SIZE, DrawnFaces, FolderFaces, deck_named, face_name
from vision.synth import Effects, SceneGenerator, four_decks_hold, random_set


def test_face_names_follow_the_folder_layout() -> None:
    assert face_name(Rank.TEN, "S") == "TS"
    assert face_name(Rank.SMALL_JOKER, "H") == "BJ"
    assert face_name(Rank.BIG_JOKER, "C") == "RJ"


def test_a_deck_is_named_as_the_benchmarks_name_it(tmp_path: Path) -> None:
    for name in ("drawn-jumbo-1", "drawn-2"):  # a drawn deck's own name round-trips
        deck = deck_named(name, tmp_path)
        assert isinstance(deck, DrawnFaces) and deck.name == name
    with pytest.raises(FileNotFoundError, match="anglo"):  # a card-faces folder, not there
        deck_named("anglo", tmp_path)


def test_drawn_faces_are_reproducible_and_jokers_differ_in_colour() -> None:
    a, b = DrawnFaces(3), DrawnFaces(3)
    assert np.array_equal(np.asarray(a.face(Rank.KING, "H")), np.asarray(b.face(Rank.KING, "H")))
    assert a.face(Rank.TWO, "S").size == CARD_SIZE
    small = np.asarray(a.face(Rank.SMALL_JOKER, "S"))[:60, :40, :3].astype(int)
    big = np.asarray(a.face(Rank.BIG_JOKER, "S"))[:60, :40, :3].astype(int)
    redness = lambda px: float((px[..., 0] - np.maximum(px[..., 1], px[..., 2])).max())  # noqa: E731
    assert redness(big) > 100 > redness(small)


def test_scene_is_deterministic_and_knows_its_cards() -> None:
    gen = SceneGenerator(DrawnFaces(0))
    sets = {0: parse_cards("KKK"), 3: parse_cards("2B")}
    one, two = gen.render(5, sets), gen.render(5, sets)
    assert np.array_equal(one.image, two.image)
    assert one.image.shape == (720, 1280, 3)
    assert one.sets == sets
    assert [c.seat for c in one.cards] == [0, 0, 0, 3, 3]
    assert not np.array_equal(one.image, gen.render(6, sets).image)


def test_random_scenes_and_hand() -> None:
    scene = SceneGenerator(DrawnFaces(1)).render(11, effects=Effects(hand=True))
    assert scene.sets and all(len(v) >= 1 for v in scene.sets.values())
    assert scene.hand_mask is not None and scene.hand_mask.any()


def test_folder_faces(shared_data: Path) -> None:
    faces = FolderFaces(shared_data / "card-faces" / "paris")
    assert faces.face(Rank.QUEEN, "D").mode == "RGBA"
    scene = SceneGenerator(faces).render(1, {2: parse_cards("QQ")})
    assert scene.image.shape == (720, 1280, 3)


@pytest.mark.parametrize(("drawn", "kept"), [
    ("RRRRRR", "BBRRRR"),  # a fifth and sixth 大王 become 小王
    ("BBBBBRRRRR", "BBBBRRRR"),  # past eight jokers, none
    ("QQQ2BR", "QQQ2BR"),
])
def test_a_set_holds_no_more_jokers_than_four_decks(drawn: str, kept: str) -> None:
    assert sorted(four_decks_hold(list(parse_cards(drawn)))) == sorted(parse_cards(kept))


@given(st.integers(0, 2**32 - 1))
def test_random_sets_are_ones_four_decks_can_hold(seed: int) -> None:
    cards = random_set(np.random.default_rng(seed))
    assert 1 <= len(cards) <= 12
    assert cards.count(Rank.SMALL_JOKER) <= 4 and cards.count(Rank.BIG_JOKER) <= 4


def _ink(face: object) -> np.ndarray:
    """A face's dark or red ink (its grey outline left out)."""
    px = np.asarray(face).astype(int)
    return (px[..., 3] > 0) & (px[..., :3].min(axis=2) < 110)  # not the grey outline


def _glyph_rows(ink: np.ndarray) -> int:
    """Rows of the top-left index's rank glyph: from its first inked row to the gap above
    the suit pip."""
    w = ink.shape[1]
    rows = ink[:, : int(0.3 * w)].any(axis=1)
    first = int(np.argmax(rows))
    return int(np.argmin(rows[first:]))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_jumbo_decks_print_twice_the_index_clear_of_the_pips(seed: int) -> None:
    usual, jumbo = DrawnFaces(seed), DrawnFaces(seed, jumbo=True)
    assert jumbo.name == f"drawn-jumbo-{seed}"
    h = CARD_SIZE[1]
    assert _glyph_rows(_ink(usual.face(Rank.EIGHT, "S"))) <= 0.11 * h
    assert _glyph_rows(_ink(jumbo.face(Rank.EIGHT, "S"))) >= 0.14 * h
    for rank in Rank:
        ink = _ink(jumbo.face(rank, "H")).astype(np.uint8)
        _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
        ys, xs = np.nonzero(ink[: h // 3, : CARD_SIZE[0] // 3])
        corner = labels[ys[np.argmin(xs + ys)], xs[np.argmin(xs + ys)]]
        # the index glyph is its own shape: no centre pip or court frame touches it
        assert stats[corner, cv2.CC_STAT_LEFT] + stats[corner, cv2.CC_STAT_WIDTH] \
            < 0.4 * CARD_SIZE[0], rank
