"""Every screen drawn from the sample views, by name (图库): for the CLI, docs, bench and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import pygame

from display import samples
from display.screens import (
    ConfirmScreen,
    CorrectScreen,
    DeclareScreen,
    EndScreen,
    PlayScreen,
    ReplayScreen,
    Screen,
    SetupScreen,
)
from display.view import DisplayOptions

V = TypeVar("V")


@dataclass(frozen=True)
class Page(Generic[V]):
    """One named picture: a screen class and the view it draws."""

    name: str
    screen: type[Screen[V]]
    view: V

    def render(
        self, size: tuple[int, int], options: DisplayOptions | None = None
    ) -> pygame.Surface:
        """A new surface of ``size`` with the view drawn on it."""
        surface = pygame.Surface(size)
        self.screen(size, options).draw(surface, self.view)
        return surface


def sample_pages(frame: str | None = None) -> tuple[Page[Any], ...]:
    """Every screen with its sample view; ``frame`` is an image shown as camera evidence."""
    return (
        Page("setup", SetupScreen, samples.setup()),
        Page("play_burn", PlayScreen, samples.play_burn()),
        Page("play_gouji", PlayScreen, samples.play_gouji()),
        Page("play_four_way", PlayScreen, samples.play_four_way()),
        Page("confirm", ConfirmScreen, samples.unsure()),
        Page("correct", CorrectScreen, samples.correction()),
        Page("end_of_deal", EndScreen, samples.end_of_deal()),
        Page("replay", ReplayScreen, samples.replay(frame)),
        Page("setup_leader", SetupScreen, samples.setup_leader()),
        Page("declare", DeclareScreen, samples.declare()),
    )
