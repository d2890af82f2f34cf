"""components_with_stats gives exactly what cv2.connectedComponentsWithStats gives."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.components import components_with_stats


def _same_as_opencv(mask: np.ndarray) -> None:
    n, labels, stats, centers = cv2.connectedComponentsWithStats(mask, connectivity=8)
    m, mine_labels, mine_stats, mine_centers = components_with_stats(mask)
    assert m == n
    assert np.array_equal(mine_labels, labels)
    assert np.array_equal(mine_stats, stats)
    assert np.array_equal(mine_centers, centers, equal_nan=True)


@settings(max_examples=200, deadline=None)
@given(h=st.integers(1, 40), w=st.integers(1, 40), density=st.floats(0.0, 0.95),
       seed=st.integers(0, 2**31 - 1))
def test_random_masks_match_opencv(h: int, w: int, density: float, seed: int) -> None:
    mask = (np.random.default_rng(seed).random((h, w)) < density).astype(np.uint8)
    _same_as_opencv(mask)


def test_glyph_like_shapes_match_opencv() -> None:
    mask = np.zeros((300, 400), np.uint8)
    cv2.putText(mask, "10 K A 7", (10, 150), cv2.FONT_HERSHEY_SIMPLEX, 3, 1, 5)
    cv2.rectangle(mask, (5, 5), (395, 295), 1, 2)  # a card edge round everything
    _same_as_opencv(mask)


def test_empty_and_full_masks() -> None:
    _same_as_opencv(np.zeros((5, 7), np.uint8))
    n, labels, stats, centers = components_with_stats(np.ones((3, 4), np.uint8))
    assert n == 2 and labels.min() == 1
    assert stats[1].tolist() == [0, 0, 4, 3, 12]
    assert centers[1].tolist() == [1.5, 1.0]
