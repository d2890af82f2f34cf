"""Stray ink (glyph-sized ink no index used, where an unread corner may show) is looked
for outside the boxes of the indices that stay read, not of those a set drops."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from gouji.cards import Rank, format_cards, parse_cards
from vision.indices import IndexMark, _stray_candidates, consistent
from vision.synth import Effects, SceneGenerator, random_set


def test_ink_in_the_box_of_a_dropped_index_stays_stray() -> None:
    """A fan of 6s read at 12 px and court art read as a 40 px A beside them: the set keeps
    the 6s only (:func:`consistent`), so ink in the A's box is stray ink after all."""
    def mark(rank: Rank, x: float, height: float) -> IndexMark:
        return IndexMark(rank, 0.9, 0.3, Rank.THREE, (x, 200.0), (0.0, 1.0), height, "S", 1)

    sixes = [mark(Rank.SIX, 100.0, 12.0), mark(Rank.SIX, 150.0, 12.0)]
    art = IndexMark(Rank.ACE, 0.9, 0.3, Rank.THREE, (250.0, 190.0), (0.0, 1.0), 40.0, "S", 1)
    stats = np.array([[0, 0, 0, 0, 0], [244, 194, 12, 12, 80]])  # label 1: ink at (250, 200)
    centers = np.array([[0.0, 0.0], [250.0, 200.0]])
    assert consistent([*sixes, art]) == sixes
    assert _stray_candidates(stats, centers, [1], [*sixes, art]) == []
    assert _stray_candidates(stats, centers, [1], consistent([*sixes, art])) == [1]


def test_a_joker_beside_art_read_as_an_index_is_not_read_away(shared_data: Path) -> None:
    """neoclassical, second play of seed 2005 (the bench's second-play story at a dev seed):
    662R laid over 33.  The joker's red corner mark lay in the box of the jester's art read
    as an A (dropped for its size), so no corner was seen there and 662 read *sure*; now the
    reading is unsure and offers 662R."""
    from vision.faces import FolderFaces
    from vision.recognize import Recognizer

    gen = SceneGenerator(FolderFaces(shared_data / "card-faces" / "neoclassical"))
    still = Effects(glare=False, shadow=False)
    rng = np.random.default_rng([2005, 7])
    seat, first, second = int(rng.integers(6)), random_set(rng), random_set(rng)
    assert (format_cards(sorted(first)), format_cards(sorted(second))) == ("33", "662R")
    before = gen.render(2005, {seat: first}, still)
    after = gen.render(2005, {seat: first}, still, on_top={seat: second})
    reading = Recognizer().read_zone(after.image, after.homography, gen.layout.zones[seat],
                                     before=before.image)
    assert reading.unsure
    assert tuple(parse_cards("662R")) in [c for c, _ in reading.candidates]
