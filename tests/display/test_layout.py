"""Layouts computed from the surface size: bands, seat ring, orientation."""

from __future__ import annotations

import pygame
import pytest

from display.layout import layout_for, ring_slots, slot_of, split_columns
from tests.display.conftest import SIZES

SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_bands_stack_without_overlap(size: tuple[int, int]) -> None:
    lay = layout_for(size)
    assert lay.header.bottom <= lay.body.top < lay.body.bottom <= lay.footer.top
    assert lay.footer.bottom == size[1]
    assert lay.button_h >= 36  # finger-sized on the Pi touch display
    assert lay.small >= 12


def test_fonts_scale_with_the_screen() -> None:
    small, mid, big = (layout_for(s) for s in ((800, 480), (1280, 720), (1920, 1080)))
    assert small.title < mid.title < big.title
    assert big.title == round(mid.title * 1.5)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_ring_slots_do_not_overlap_and_opposites_face(size: tuple[int, int]) -> None:
    body = layout_for(size).body
    slots = ring_slots(body, (round(body.width * 0.245), round(body.height * 0.27)))
    for i, a in enumerate(slots):
        assert body.contains(a)
        for b in slots[i + 1 :]:
            assert not a.colliderect(b)
        # opposite seat (i + 3) is point-symmetric about the centre
        b = slots[(i + 3) % 6]
        assert a.centerx + b.centerx == pytest.approx(2 * body.centerx, abs=2)
        assert a.centery + b.centery == pytest.approx(2 * body.centery, abs=2)


def test_slots_run_counter_clockwise_from_the_bottom() -> None:
    body = pygame.Rect(0, 0, 1200, 600)
    slots = ring_slots(body, (300, 160))
    bottom, lower_right, upper_right, top, upper_left, lower_left = (s.center for s in slots)
    assert bottom[1] > lower_right[1] > upper_right[1] > top[1]
    assert lower_right[0] > bottom[0] and upper_left[0] < top[0]
    assert top[1] < upper_left[1] < lower_left[1] < bottom[1]


def test_orientation() -> None:
    assert [slot_of(s, 0) for s in range(6)] == [0, 1, 2, 3, 4, 5]
    assert [slot_of(s, 4) for s in range(6)] == [2, 3, 4, 5, 0, 1]


def test_split_columns_fill_the_width() -> None:
    cols = split_columns(pygame.Rect(10, 0, 500, 50), (1, 2, 1), 10)
    assert cols[0].left == 10 and abs(cols[-1].right - 510) <= 1
    assert cols[1].width == pytest.approx(2 * cols[0].width, abs=1)
