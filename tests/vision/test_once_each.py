"""One index read twice (indices.consistent, indices._once_each): two rank indices of one
rank facing one way, under SAME_INDEX glyph heights apart, are one card's; the one whose
size lies further from the set's goes."""

from __future__ import annotations

from pathlib import Path

from gouji.cards import Rank
from vision.indices import SAME_INDEX, IndexMark, consistent
from vision.recognize import Doubt

from .helpers import read_dev_scene


def _mark(rank: Rank, x: float, height: float = 36.0, down: tuple[float, float] = (0.0, 1.0),
          pip: str = "S") -> IndexMark:
    return IndexMark(rank, 0.9, 0.2, Rank.TEN, (x, 100.0), down, height, pip, 1)


JACKS = [_mark(Rank.JACK, x) for x in (100.0, 160.0, 220.0)]


def test_a_second_reading_of_one_index_is_dropped() -> None:
    # a piece of the index 0.5 glyph heights off it, read smaller: that one goes, whichever
    # scored better
    twice = _mark(Rank.JACK, 238.0, height=28.7, pip="D")
    assert consistent([*JACKS, twice]) == JACKS
    assert consistent([twice, *JACKS]) == JACKS


def test_indices_a_step_apart_another_rank_or_turned_are_all_kept() -> None:
    apart = _mark(Rank.JACK, 220.0 + SAME_INDEX * 36.0 + 1.0, height=30.0)
    assert consistent([*JACKS, apart]) == [*JACKS, apart]
    two = _mark(Rank.TWO, 238.0, height=30.0)
    assert consistent([*JACKS, two]) == [*JACKS, two]
    # a whole card's far corner faces the other way
    turned = _mark(Rank.JACK, 238.0, height=30.0, down=(0.0, -1.0))
    assert consistent([*JACKS, turned]) == [*JACKS, turned]


def test_a_jack_read_twice_beside_the_covering_cards_edge_is_one_card(
        shared_data: Path) -> None:
    """Dev scene (anglo, seed 3927, seat 4): the top card's J♥ beside the dashed edge of the
    J♠ under it; that line and a piece of the heart read as a J♦ 0.5 glyph heights off, and
    `JJJJJ2` read a sure `JJJJJJ2`.  Now the count is right; the dropped reading's ink is
    an unread corner's, and the set unsure."""
    reading = read_dev_scene(shared_data, "anglo", 3927, 4, looked=True)
    assert reading.notation == "JJJJJ2"
    assert reading.unsure and Doubt.UNREAD_CORNER in reading.doubts
