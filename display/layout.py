"""Geometry computed from the surface size (布局).

Every screen is designed once, in units of a 1280×720 reference frame, and
scaled to the real surface: 1920×1080 monitors, 1280×720, the 800×480 Pi
touch display.  Nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from display.view import SEAT_COUNT

REFERENCE = (1280, 720)


@dataclass(frozen=True)
class Layout:
    """Sizes and the three bands (header, body, footer) for one surface size."""

    width: int
    height: int
    unit: float
    small: int  # font sizes in pixels
    body_font: int
    large: int
    title: int
    margin: int
    gap: int
    radius: int
    line: int  # border width
    button_h: int

    @property
    def header(self) -> pygame.Rect:
        """The top band: titles, status, toggles."""
        return pygame.Rect(0, 0, self.width, self.button_h + 2 * self.gap)

    @property
    def footer(self) -> pygame.Rect:
        """The bottom band: refusals and main buttons."""
        h = self.button_h + 2 * self.gap
        return pygame.Rect(0, self.height - h, self.width, h)

    @property
    def body(self) -> pygame.Rect:
        """Between header and footer, inside the margins."""
        top = self.header.bottom + self.gap
        bottom = self.footer.top - self.gap
        return pygame.Rect(self.margin, top, self.width - 2 * self.margin, bottom - top)

    def px(self, reference_pixels: float) -> int:
        """A length given in 1280×720 pixels, scaled to this surface."""
        return max(1, round(reference_pixels * self.unit))


@cache
def layout_for(size: tuple[int, int]) -> Layout:
    """The layout of a ``width × height`` surface (cached per size)."""
    width, height = size
    unit = min(width / REFERENCE[0], height / REFERENCE[1])

    def scaled(reference: float, floor: int) -> int:
        return max(floor, round(reference * unit))

    return Layout(
        width=width,
        height=height,
        unit=unit,
        small=scaled(18, 12),
        body_font=scaled(24, 15),
        large=scaled(32, 19),
        title=scaled(40, 22),
        margin=scaled(14, 6),
        gap=scaled(8, 4),
        radius=scaled(12, 6),
        line=scaled(3, 2),
        button_h=scaled(52, 36),
    )


def split_columns(
    rect: pygame.Rect, weights: tuple[float, ...], gap: int
) -> tuple[pygame.Rect, ...]:
    """Cut ``rect`` into side-by-side columns whose widths follow ``weights``."""
    usable = rect.width - gap * (len(weights) - 1)
    total = sum(weights)
    rects = []
    x = rect.left
    for weight in weights:
        w = round(usable * weight / total)
        rects.append(pygame.Rect(x, rect.top, w, rect.height))
        x += w + gap
    return tuple(rects)


def split_rows(rect: pygame.Rect, weights: tuple[float, ...], gap: int) -> tuple[pygame.Rect, ...]:
    """Cut ``rect`` into stacked rows whose heights follow ``weights``."""
    usable = rect.height - gap * (len(weights) - 1)
    total = sum(weights)
    rects = []
    y = rect.top
    for weight in weights:
        h = round(usable * weight / total)
        rects.append(pygame.Rect(rect.left, y, rect.width, h))
        y += h + gap
    return tuple(rects)


def button_row(
    rect: pygame.Rect, count: int, width: int, gap: int, align: str = "right"
) -> tuple[pygame.Rect, ...]:
    """``count`` buttons of ``width`` in a row in ``rect``, packed left, right or center."""
    width = min(width, (rect.width - gap * (count - 1)) // max(count, 1))
    total = count * width + gap * (count - 1)
    if align == "left":
        x = rect.left
    elif align == "center":
        x = rect.centerx - total // 2
    else:
        x = rect.right - total
    return tuple(
        pygame.Rect(x + i * (width + gap), rect.top, width, rect.height) for i in range(count)
    )


def ring_slots(area: pygame.Rect, panel: tuple[int, int]) -> tuple[pygame.Rect, ...]:
    """Six seat panels round ``area`` as players sit, slot 0 at the bottom.

    Slots go counter-clockwise on screen (bottom, lower right, upper right,
    top, upper left, lower left), so opposite seats (slot + 3) face each
    other across the centre.
    """
    pw, ph = panel
    free = max(0, area.height - 2 * ph)
    upper_y = area.top + ph // 2 + round(free * 0.25)
    lower_y = area.bottom - ph // 2 - round(free * 0.25)
    anchors = (
        ("midbottom", (area.centerx, area.bottom)),
        ("midright", (area.right, lower_y)),
        ("midright", (area.right, upper_y)),
        ("midtop", (area.centerx, area.top)),
        ("midleft", (area.left, upper_y)),
        ("midleft", (area.left, lower_y)),
    )
    assert len(anchors) == SEAT_COUNT
    rects = []
    for anchor, point in anchors:
        r = pygame.Rect(0, 0, pw, ph)
        setattr(r, anchor, point)
        rects.append(r)
    return tuple(rects)


def slot_of(seat: int, bottom_seat: int) -> int:
    """Which ring slot seat ``seat`` occupies when ``bottom_seat`` faces the screen."""
    return (seat - bottom_seat) % SEAT_COUNT
