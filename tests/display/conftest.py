"""Headless pygame for the display tests, and the views they draw."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest

SIZES: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 720), (800, 480))


@pytest.fixture(scope="session", autouse=True)
def _pygame_fonts() -> Iterator[None]:
    """pygame's font module, started once for the whole display suite."""
    pygame.font.init()
    yield
