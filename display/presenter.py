"""Redraw only on change (呈现): what the device's main loop calls every tick.

The loop hands the presenter the screen and view it wants shown; the
presenter draws only when the screen, the view or the options differ from the
last frame, so an idle table costs almost nothing and the Pi stays cool.
"""

from __future__ import annotations

from typing import Any

import pygame

from display.screens.base import Screen
from display.view import DisplayOptions


class Presenter:
    """Keeps the last drawn (screen, view, options) for one target surface."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self._drawn: tuple[Screen[Any], object, DisplayOptions] | None = None

    def present(self, screen: Screen[Any], view: object) -> bool:
        """Draw ``view`` with ``screen`` unless exactly that is already on the surface.

        Returns True when it drew (the caller then flips the display).
        """
        wanted = (screen, view, screen.options)
        drawn = self._drawn
        if (
            drawn is not None
            and drawn[0] is screen
            and drawn[2] == wanted[2]
            and (drawn[1] is view or drawn[1] == view)
        ):
            return False
        screen.draw(self.surface, view)
        self._drawn = wanted
        return True

    def invalidate(self) -> None:
        """Force the next :meth:`present` to draw (e.g. after the display was re-created)."""
        self._drawn = None
