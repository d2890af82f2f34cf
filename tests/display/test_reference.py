"""Key screens compared with stored reference pictures, with a tolerance.

The references are small PNGs (a quarter of 1280×720, or of 800×480) under
``tests/display/reference/``.  The comparison is on mean absolute difference
(over the whole picture and over each of 64 blocks), not on exact bytes, so a
different font hinting or SDL version does not break it while a moved panel,
a missing band or a wrong colour does.

After an intended change of design, regenerate them and look at them:

    GOUJI_UPDATE_REFERENCE=1 .venv/bin/pytest tests/display/test_reference.py
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from display.gallery import Page, sample_pages
from display.view import DisplayOptions

REFERENCE_DIR = Path(__file__).parent / "reference"
UPDATE = os.environ.get("GOUJI_UPDATE_REFERENCE") == "1"
MEAN_TOLERANCE = 2.5  # on a 0..255 scale, whole picture
BLOCK_TOLERANCE = 10.0  # the worst of an 8×8 grid of blocks
GRID = 8

KEY_PAGES = (
    "setup", "setup_leader", "play_burn", "play_four_way", "confirm", "correct", "declare",
    "end_of_deal", "replay",
)
CASES: list[tuple[str, tuple[int, int], str]] = [
    *((name, (1280, 720), "zh") for name in KEY_PAGES),
    ("play_burn", (800, 480), "zh"),
    ("play_burn", (1280, 720), "en"),
]


def _pages() -> dict[str, Page[Any]]:
    return {page.name: page for page in sample_pages()}


def _small(surface: pygame.Surface) -> pygame.Surface:
    w, h = surface.get_size()
    return pygame.transform.smoothscale(surface, (w // 4, h // 4))


def _differences(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """Mean absolute difference over the picture, and the worst block's."""
    diff = np.abs(
        pygame.surfarray.array3d(a).astype(np.int16) - pygame.surfarray.array3d(b).astype(np.int16)
    )
    w, h = diff.shape[:2]
    blocks = [
        float(diff[i * w // GRID : (i + 1) * w // GRID, j * h // GRID : (j + 1) * h // GRID].mean())
        for i in range(GRID)
        for j in range(GRID)
    ]
    return float(diff.mean()), max(blocks)


@pytest.mark.parametrize(
    ("name", "size", "lang"), CASES, ids=[f"{n}-{s[0]}x{s[1]}-{lang}" for n, s, lang in CASES]
)
def test_screen_matches_reference(name: str, size: tuple[int, int], lang: str) -> None:
    options = DisplayOptions(lang="en" if lang == "en" else "zh")
    drawn = _small(_pages()[name].render(size, options))
    path = REFERENCE_DIR / f"{name}-{size[0]}x{size[1]}-{lang}.png"
    if UPDATE:
        REFERENCE_DIR.mkdir(exist_ok=True)
        pygame.image.save(drawn, str(path))
        return
    assert path.is_file(), f"no reference {path.name}; create it with GOUJI_UPDATE_REFERENCE=1"
    reference = pygame.image.load(str(path))
    assert reference.get_size() == drawn.get_size()
    mean, worst_block = _differences(drawn, reference)
    assert mean <= MEAN_TOLERANCE, f"{name}: mean difference {mean:.2f}"
    assert worst_block <= BLOCK_TOLERANCE, f"{name}: a block differs by {worst_block:.2f}"


def test_the_comparison_notices_a_changed_screen() -> None:
    """A screen with the refusal band removed must not pass as the reference."""
    pages = _pages()
    with_refusal = _small(pages["play_burn"].render((1280, 720)))
    view = pages["play_burn"].view
    without = Page("x", pages["play_burn"].screen, replace(view, refusal=None))
    _, worst_block = _differences(with_refusal, _small(without.render((1280, 720))))
    assert worst_block > BLOCK_TOLERANCE
