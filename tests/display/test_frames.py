"""Camera-frame evidence appears on the replay and confirm screens, scaled into its box."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from display import samples
from display.images import fitted_image
from display.screens import ConfirmScreen, ReplayScreen

MAGENTA = (255, 0, 255)


@pytest.fixture
def frame(tmp_path: Path) -> str:
    """A 640×360 all-magenta "camera frame" on disk."""
    image = pygame.Surface((640, 360))
    image.fill(MAGENTA)
    path = tmp_path / "frame.png"
    pygame.image.save(image, str(path))
    return str(path)


def _magenta_pixels(surface: pygame.Surface) -> int:
    """How many pixels of a 160×90 sample are (nearly: scaling rounds) magenta."""
    small = pygame.transform.scale(surface, (160, 90))
    pixels = (small.get_at((x, y)) for x in range(160) for y in range(90))
    return sum(p.r > 240 and p.g < 16 and p.b > 240 for p in pixels)


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)])
def test_replay_shows_the_frame_of_a_refused_event(frame: str, size: tuple[int, int]) -> None:
    view = samples.replay(frame)
    surface = pygame.Surface(size)
    ReplayScreen(size).draw(surface, view)
    assert _magenta_pixels(surface) > 160 * 90 // 8
    accepted = replace(view, current=0)  # the samples attach frames to refusals only
    ReplayScreen(size).draw(surface, accepted)
    assert _magenta_pixels(surface) == 0


def test_confirm_shows_the_frame(frame: str) -> None:
    surface = pygame.Surface((1280, 720))
    ConfirmScreen((1280, 720)).draw(surface, replace(samples.unsure(), frame=frame))
    assert _magenta_pixels(surface) > 160 * 90 // 10


def test_images_keep_their_aspect_and_bad_files_are_none(frame: str, tmp_path: Path) -> None:
    image = fitted_image(frame, (300, 300))
    assert image is not None and image.get_size() == (300, 169)
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not a png")
    assert fitted_image(str(broken), (300, 300)) is None
    assert fitted_image(str(tmp_path / "missing.png"), (300, 300)) is None
