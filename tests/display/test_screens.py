"""Every screen draws at every size, in both languages, from realistic and awkward views."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from display import samples
from display.gallery import Page, sample_pages
from display.screens import (
    ConfirmScreen,
    CorrectScreen,
    EndScreen,
    PlayScreen,
    ReplayScreen,
    Screen,
)
from display.view import CorrectionView, DisplayOptions
from tests.display import views
from tests.display.conftest import SIZES

EDGE_PAGES: tuple[Page[Any], ...] = (
    Page("long_names", PlayScreen, views.long_names()),
    Page("empty_table", PlayScreen, views.empty_table()),
    Page("deal_over", PlayScreen, views.deal_over()),
    Page("burn_started", PlayScreen, views.burn_started()),
    Page("sweep_end", EndScreen, views.sweep_end()),
    Page("many_candidates", ConfirmScreen, views.many_candidates()),
    Page("empty_replay", ReplayScreen, views.empty_replay()),
    Page("empty_correction", CorrectScreen, CorrectionView(samples.SEATS[0])),
    Page("long_correction", CorrectScreen, CorrectionView(samples.SEATS[3], "3" * 30 + "RRBB")),
    Page("replay_first", ReplayScreen, views.replay_at(0)),
)
ALL_PAGES = (*sample_pages(), *EDGE_PAGES)


def _distinct_colours(surface: pygame.Surface) -> int:
    small = pygame.transform.scale(surface, (64, 36))
    return len({small.get_at((x, y))[:3] for x in range(64) for y in range(36)})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_screen_draws_at_every_size(
    page: Page[Any], size: tuple[int, int], lang: str
) -> None:
    surface = page.render(size, DisplayOptions(lang="zh" if lang == "zh" else "en"))
    assert surface.get_size() == size
    assert _distinct_colours(surface) > 8  # something was drawn, not a blank fill


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("page", ALL_PAGES, ids=lambda p: p.name)
def test_controls_lie_on_screen_and_buttons_do_not_overlap(
    page: Page[Any], size: tuple[int, int]
) -> None:
    screen: Screen[Any] = page.screen(size)
    controls = screen.controls(page.view)
    bounds = pygame.Rect((0, 0), size)
    for control in controls:
        assert bounds.contains(control.rect), control
    buttons = [c.rect for c in controls if c.label]
    for i, a in enumerate(buttons):
        assert a.height >= 36, "touch targets must stay finger-sized"
        for b in buttons[i + 1 :]:
            assert not a.colliderect(b)


def test_drawing_onto_a_surface_of_another_size_is_refused() -> None:
    page = sample_pages()[1]
    with pytest.raises(ValueError, match="laid out for"):
        page.screen((1280, 720)).draw(pygame.Surface((800, 480)), page.view)


def test_redraw_is_identical() -> None:
    """Caches must not change what is drawn: a second frame equals the first."""
    page = sample_pages()[1]
    screen = page.screen((1280, 720))
    first, second = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    screen.draw(first, page.view)
    screen.draw(second, page.view)
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


def test_language_and_options_change_the_next_frame() -> None:
    page = sample_pages()[1]
    screen = page.screen((1280, 720))
    zh = pygame.Surface((1280, 720))
    screen.draw(zh, page.view)
    screen.options = DisplayOptions(lang="en")
    en = pygame.Surface((1280, 720))
    screen.draw(en, page.view)
    assert pygame.image.tobytes(zh, "RGB") != pygame.image.tobytes(en, "RGB")


def test_patched_frames_equal_fresh_frames() -> None:
    """Seat panels are patched into the cached layer; the result must equal a fresh draw."""
    burn, four = sample_pages()[1].view, sample_pages()[3].view
    screen = PlayScreen((1280, 720))
    sequence = (burn, four, views.burn_started(), burn)
    for view in sequence:
        patched, fresh = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
        screen.draw(patched, view)
        PlayScreen((1280, 720)).draw(fresh, view)
        assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(fresh, "RGB")
