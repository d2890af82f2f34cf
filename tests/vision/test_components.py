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


@settings(max_examples=150, deadline=None)
@given(h=st.integers(3, 80), w=st.integers(3, 80), density=st.floats(0.02, 0.7),
       grow=st.integers(1, 3), big=st.integers(3, 60), seed=st.integers(0, 2**31 - 1))
def test_ink_components_opens_only_large_or_sparse_shapes(h: int, w: int, density: float,
                                                          grow: int, big: int,
                                                          seed: int) -> None:
    """vision.indices.ink_components: shapes larger than ``big`` or sparse are opened (3×3),
    every other shape keeps all its ink."""
    from vision.indices import ink_components
    ink = (np.random.default_rng(seed).random((h, w)) < density).astype(np.uint8)
    ink = cv2.dilate(ink, np.ones((grow, grow), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    side = np.maximum(stats[:, 2], stats[:, 3])
    tangled = (side > big) | (stats[:, 4] < 0.08 * side * side)
    tangled[0] = False
    opened = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    expected = np.where(tangled[labels], opened, ink) if tangled.any() else ink
    split = ink_components(ink, big)[3]
    assert split.dtype == np.uint8
    assert np.array_equal(split, expected)
    _same_as_opencv(split)


def test_masks_with_more_components_than_short_labels_hold() -> None:
    """More ink than 16-bit labels can number: labelled into 32 bits, still OpenCV's."""
    mask = np.zeros((600, 600), np.uint8)
    mask[::2, ::2] = 1  # 90,000 one-pixel components
    _same_as_opencv(mask)
    n, labels, _, _ = components_with_stats(mask)
    assert n == 90_001 and labels.dtype == np.int32 and labels.max() == 90_000


def test_labels_are_int32_whatever_they_are_counted_in() -> None:
    mask = np.zeros((50, 60), np.uint8)
    cv2.circle(mask, (20, 25), 9, 1, -1)
    assert components_with_stats(mask)[1].dtype == np.int32


@settings(max_examples=100, deadline=None)
@given(h=st.integers(1, 40), w=st.integers(1, 40), density=st.floats(0.05, 0.9),
       grow=st.integers(1, 4), angle=st.floats(0.0, 2 * np.pi),
       seed=st.integers(0, 2**31 - 1))
def test_row_ends_keep_every_projection_extreme(h: int, w: int, density: float, grow: int,
                                                angle: float, seed: int) -> None:
    """vision.indices.row_ends: a component's row ends hold the extremes of its pixels'
    projection on any direction (what pair_layout measures heights by) and give the same
    least-area rectangle (lone_card), from fewer points."""
    from vision.indices import component_points, row_ends
    ink = (np.random.default_rng(seed).random((h, w)) < density).astype(np.uint8)
    ink = cv2.dilate(ink, np.ones((grow, grow), np.uint8))
    n, labels, stats, _ = components_with_stats(ink)
    d = np.array([np.cos(angle), np.sin(angle)], np.float32)
    for i in range(1, n):
        every = component_points(labels, stats, i)
        ends = row_ends(every)
        assert len(ends) <= min(len(every), 2 * int(stats[i, 3]))
        assert {tuple(p) for p in ends.tolist()} <= {tuple(p) for p in every.tolist()}
        # (element by element, as the recogniser projects: a matrix product may round
        # the same point differently in different lengths)
        along = every[:, 0] * d[0] + every[:, 1] * d[1]
        along_ends = ends[:, 0] * d[0] + ends[:, 1] * d[1]
        assert along_ends.max() == along.max() and along_ends.min() == along.min()
        if len(every) >= 3:
            assert cv2.minAreaRect(ends) == cv2.minAreaRect(every)
