"""Where a touch or click landed, in surface pixels (触摸).

Mouse events carry pixels; finger events (the Pi touch display) carry
coordinates normalised to 0..1.  Screens hit-test pixels, so the device's
loop passes events through :func:`touch_point` first.
"""

from __future__ import annotations

import pygame


def touch_point(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """The pixel a press event points at on a ``size`` surface, or None for other events."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        x, y = event.pos
        return int(x), int(y)
    if event.type == pygame.FINGERDOWN:
        width, height = size
        return min(width - 1, int(event.x * width)), min(height - 1, int(event.y * height))
    return None
