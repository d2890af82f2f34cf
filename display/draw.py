"""Drawing primitives shared by the screens: text, panels, badges, chips, cards, buttons.

Everything costly (rendered text, card tiles, badges) is cached by its
arguments, so redrawing an unchanged frame is mostly blits.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from display import theme
from display.fonts import font
from display.theme import Colour
from gouji.cards import Rank, parse_cards

Point = tuple[int, int]


def for_display(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """``surface`` in the display's pixel format for fast blits (as is when there is no display)."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


@lru_cache(maxsize=1024)
def text_surface(text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` rendered anti-aliased in the CJK font (cached)."""
    return for_display(font(size, bold).render(text, True, colour))


@lru_cache(maxsize=4096)
def fit_size(text: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest font size ≤ ``size`` at which ``text`` is at most ``max_width`` wide."""
    width = font(size, bold).size(text)[0]
    while width > max_width and size > 8:
        size = max(8, min(size - 1, int(size * max_width / width)))
        width = font(size, bold).size(text)[0]
    return size


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    at: Point,
    anchor: str = "topleft",
    *,
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute) at ``at``.

    With ``max_width`` the text is shrunk to fit.  Returns the rectangle drawn.
    """
    if max_width is not None:
        size = fit_size(text, size, max(1, max_width), bold)
    rendered = text_surface(text, size, colour, bold)
    rect = rendered.get_rect(**{anchor: at})
    surface.blit(rendered, rect)
    return rect


def wrap_lines(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines at most ``max_width`` wide at ``size``.

    Breaks after spaces (English) and around every CJK character (Chinese); a
    single word wider than a line stays whole (``draw_text`` shrinks it).
    """
    measure = font(size, bold).size
    lines: list[str] = []
    line = ""
    for token in _tokens(text):
        candidate = line + token
        if line and measure(candidate.rstrip())[0] > max_width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line = candidate
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _tokens(text: str) -> list[str]:
    """Words with their trailing spaces; each CJK character is a token of its own."""
    tokens: list[str] = []
    for char in text:
        previous = tokens[-1] if tokens else ""
        in_word = char.isascii() and previous[-1:].isascii() and not previous.endswith(" ")
        if previous and (char == " " or in_word):
            tokens[-1] += char
        else:
            tokens.append(char)
    return tokens


def draw_paragraph(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    area: pygame.Rect,
    *,
    bold: bool = False,
    min_size: int = 12,
    centred: bool = False,
) -> pygame.Rect:
    """``text`` wrapped into ``area``, shrunk from ``size`` (not below ``min_size``) to fit.

    Lines start at the area's top, or are centred vertically with ``centred``.
    Returns the rectangle covered.
    """
    while True:
        lines = wrap_lines(text, size, area.width, bold)
        line_h = font(size, bold).get_linesize()
        if len(lines) * line_h <= area.height or size <= min_size:
            break
        size -= 1
    y = area.centery - len(lines) * line_h // 2 if centred else area.top
    covered = pygame.Rect(area.left, y, 0, 0)
    for line in lines:
        covered.union_ip(
            draw_text(surface, line, size, colour, (area.left, y), bold=bold, max_width=area.width)
        )
        y += line_h
    return covered


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour,
    radius: int,
    border: Colour | None = None,
    width: int = 0,
) -> None:
    """A rounded panel, optionally outlined."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None and width > 0:
        pygame.draw.rect(surface, border, rect, width=width, border_radius=radius)


@lru_cache(maxsize=256)
def _badge(team: int, radius: int, label: str) -> pygame.Surface:
    size = 2 * radius
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = theme.TEAM[team % 2]
    if team % 2 == 0:
        pygame.draw.circle(badge, colour, (radius, radius), radius)
        pygame.draw.circle(badge, theme.TEXT, (radius, radius), radius, max(1, radius // 8))
    else:
        inset = max(1, radius // 10)
        square = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
        pygame.draw.rect(badge, colour, square)
        pygame.draw.rect(badge, theme.TEXT, square, max(1, radius // 8))
    if label:  # a seat label ("S3") fits inside the circle's middle
        text_size = fit_size(label, max(10, int(radius * 1.2)), int(radius * 1.6), True)
        text = text_surface(label, text_size, theme.TEXT_DARK, True)
        badge.blit(text, text.get_rect(center=(radius, radius)))
    return for_display(badge)


def draw_badge(surface: pygame.Surface, center: Point, radius: int, team: int, label: str) -> None:
    """A team badge: a blue circle for team 0, an amber square for team 1, ``label`` inside."""
    badge = _badge(team, max(radius, 9), label)
    surface.blit(badge, badge.get_rect(center=center))


def draw_chip(
    surface: pygame.Surface,
    text: str,
    size: int,
    at: Point,
    colour: Colour,
    *,
    anchor: str = "topleft",
    filled: bool = True,
) -> pygame.Rect:
    """A pill-shaped label; ``filled`` chips have dark text on ``colour``, others are outlined."""
    rendered = text_surface(text, size, theme.TEXT_DARK if filled else colour, True)
    pad_x, pad_y = max(3, size // 3), max(1, size // 8)
    rect = pygame.Rect(0, 0, rendered.get_width() + 2 * pad_x, rendered.get_height() + 2 * pad_y)
    setattr(rect, anchor, at)
    radius = rect.height // 2
    if filled:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    else:
        pygame.draw.rect(surface, colour, rect, width=max(1, size // 12), border_radius=radius)
    surface.blit(rendered, rendered.get_rect(center=rect.center))
    return rect


def draw_button(
    surface: pygame.Surface, rect: pygame.Rect, label: str, size: int, primary: bool = False
) -> None:
    """A touch button with ``label`` centred (shrunk to fit)."""
    radius = rect.height // 4
    fill = theme.BUTTON_PRIMARY if primary else theme.BUTTON
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.EDGE, rect, width=max(1, size // 14), border_radius=radius)
    draw_text(
        surface,
        label,
        size,
        theme.BUTTON_TEXT,
        rect.center,
        "center",
        bold=True,
        max_width=rect.width - size // 2,
    )


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, ok: bool) -> None:
    """A drawn tick (green) or cross (red) filling ``rect`` (no font glyph needed)."""
    w = max(2, rect.height // 6)
    if ok:
        points = [
            (rect.left + rect.width * 0.1, rect.top + rect.height * 0.55),
            (rect.left + rect.width * 0.4, rect.top + rect.height * 0.85),
            (rect.left + rect.width * 0.9, rect.top + rect.height * 0.15),
        ]
        pygame.draw.lines(surface, theme.GOOD, False, points, w)
    else:
        inset = rect.inflate(-rect.width // 5, -rect.height // 5)
        pygame.draw.line(surface, theme.BAD, inset.topleft, inset.bottomright, w)
        pygame.draw.line(surface, theme.BAD, inset.bottomleft, inset.topright, w)


# ------------------------------------------------------------------ cards


def tile_width(height: int) -> int:
    """Width of a card tile ``height`` pixels tall."""
    return round(height * 0.68)


@lru_cache(maxsize=128)
def _tile(rank: Rank, height: int) -> pygame.Surface:
    tile = pygame.Surface((tile_width(height), height), pygame.SRCALPHA)
    radius = max(2, height // 10)
    pygame.draw.rect(tile, theme.CARD_FACE, tile.get_rect(), border_radius=radius)
    pygame.draw.rect(tile, theme.CARD_EDGE, tile.get_rect(), max(1, height // 40), radius)
    ink = theme.CARD_RED if rank is Rank.BIG_JOKER else theme.CARD_INK
    pad = max(2, height // 14)
    if rank.is_joker:
        size = max(8, int(height * 0.3))
        first = "大" if rank is Rank.BIG_JOKER else "小"
        top = draw_text(tile, first, size, ink, (pad, pad), bold=True)
        draw_text(tile, "王", size, ink, (pad, top.bottom - size // 8), bold=True)
    else:
        label = rank.chinese
        size = max(8, int(height * (0.36 if len(label) > 1 else 0.42)))
        draw_text(tile, label, size, ink, (pad, pad), bold=True)
    return for_display(tile)


def draw_cards(
    surface: pygame.Surface, rect: pygame.Rect, cards: str, max_height: int | None = None
) -> pygame.Rect:
    """Card tiles for ``cards`` centred in ``rect``, overlapping when they must.

    Tiles are as tall as ``rect`` (at most ``max_height``).  Returns the area covered.
    """
    ranks = parse_cards(cards)
    if not ranks:
        return pygame.Rect(rect.center, (0, 0))
    height = min(rect.height, max_height or rect.height)
    width = tile_width(height)
    count = len(ranks)
    step = width + max(1, height // 20)
    if count > 1 and width + step * (count - 1) > rect.width:
        step = max(1, (rect.width - width) // (count - 1))
    total = width + step * (count - 1)
    x = rect.centerx - total // 2
    y = rect.centery - height // 2
    for i, rank in enumerate(ranks):
        surface.blit(_tile(rank, height), (x + i * step, y))
    return pygame.Rect(x, y, total, height)
