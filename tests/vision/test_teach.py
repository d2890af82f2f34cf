"""Teaching a deck."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from gouji.cards import ALL_RANKS, Rank
from vision.faces import DrawnFaces
from vision.teach import (
    DeckProfile,
    TeachError,
    rank_from_name,
    samples_from_camera,
    samples_from_folder,
    teach,
)

from .helpers import card_photo


@pytest.mark.parametrize(("stem", "rank"), [
    ("T", Rank.TEN), ("10S", Rank.TEN), ("3h", Rank.THREE), ("BJ", Rank.SMALL_JOKER),
    ("RJ", Rank.BIG_JOKER), ("大王", Rank.BIG_JOKER), ("A_front", Rank.ACE), ("2", Rank.TWO),
])
def test_rank_from_file_name(stem: str, rank: Rank) -> None:
    assert rank_from_name(stem) is rank


def test_rank_from_other_names() -> None:
    assert rank_from_name("notes") is None


def test_teach_from_a_folder_and_use_the_profile(tmp_path: Path) -> None:
    faces = DrawnFaces(4)
    folder = tmp_path / "deck"
    folder.mkdir()
    for i, rank in enumerate(ALL_RANKS):
        name = "BJ" if rank is Rank.SMALL_JOKER else "RJ" if rank is Rank.BIG_JOKER else rank.symbol
        cv2.imwrite(str(folder / f"{name}.png"), card_photo(faces, rank, angle=23.0 * i))
    profile, problems = teach(samples_from_folder(folder))
    assert problems == []
    assert set(profile.labels) >= {"10", "J", "Q", "K", "A", "2", "B", "R"}
    store = tmp_path / "state" / "deck.npz"
    profile.save(store)
    assert store.stat().st_size < 100_000
    again = DeckProfile.load(store)
    assert again.labels == profile.labels
    rec = again.recognizer()
    for rank in (Rank.TEN, Rank.SMALL_JOKER, Rank.BIG_JOKER):
        assert [c.rank for c in rec.find_cards(card_photo(faces, rank, 130.0))] == [rank]


def test_teach_rejects_an_image_without_a_card() -> None:
    with pytest.raises(TeachError):
        teach([(Rank.THREE, np.zeros((200, 200, 3), np.uint8))])


def test_teach_walks_the_user_through_the_ranks_with_a_camera(tmp_path: Path) -> None:
    from vision.sources import FolderSource

    faces = DrawnFaces(5)
    for i, rank in enumerate((Rank.KING, Rank.ACE)):
        cv2.imwrite(str(tmp_path / f"{i}.png"), card_photo(faces, rank, 40.0 * i))
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return "" if ("K " in prompt or "A " in prompt) else "s"

    samples = samples_from_camera(FolderSource(tmp_path), ask)
    assert [r for r, _ in samples] == [Rank.KING, Rank.ACE]
    assert len(prompts) == len(ALL_RANKS)
    profile, problems = teach(samples)
    assert problems == [] and set(profile.labels) == {"K", "A"}
