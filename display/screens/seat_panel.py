"""One seat's panel on the play screen: badge, name, big card count, role tag, status chips.

A panel depends only on its :class:`SeatView`, its role and the options, so
it is rendered once and cached; an unchanged seat costs one blit per frame.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

import pygame

from display import theme
from display.draw import draw_badge, draw_chip, draw_panel, draw_text, for_display
from display.text import DECLARATION_CHIPS, PLACE_NAMES, T, seat_label, tr
from display.view import Lang, Msg, SeatView


class Role(Enum):
    """What the table expects from a seat right now (drawn as border colour and tag)."""

    TURN = "turn"
    BURN = "burn"
    ANSWER = "answer"


ROLE_STYLE: dict[Role, tuple[theme.Colour, Msg]] = {
    Role.TURN: (theme.TURN, T.TAG_TURN),
    Role.BURN: (theme.BURN, T.TAG_BURN),
    Role.ANSWER: (theme.ANSWER, T.TAG_ANSWER),
}


def _chips(seat: SeatView) -> list[tuple[Msg, theme.Colour, bool]]:
    chips: list[tuple[Msg, theme.Colour, bool]] = []
    if seat.stuck:
        chips.append((T.CHIP_STUCK, theme.BAD, True))
    if seat.headless:
        chips.append((T.CHIP_HEADLESS, theme.BURN, True))
    chips.extend((DECLARATION_CHIPS[what], theme.GOLD, True) for what in seat.declared
                 if what in DECLARATION_CHIPS)
    if seat.passed:
        chips.append((T.CHIP_PASSED, theme.TEXT_DIM, True))
    if seat.place is None:
        if seat.opened:
            chips.append((T.CHIP_OPENED, theme.GOOD, True))
        else:
            chips.append((T.CHIP_NOT_OPENED, theme.TEXT_DIM, False))
    return chips


@lru_cache(maxsize=48)
def seat_panel(
    seat: SeatView, role: Role | None, lang: Lang, referee: bool, size: tuple[int, int]
) -> pygame.Surface:
    """The panel of ``seat`` at ``size``, transparent outside its rounded rectangle."""
    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(4, height // 10)
    pad = max(3, height // 16)
    small = max(12, height // 8)
    name_size = max(14, height // 6)

    if seat.place is not None:
        fill = theme.PANEL_OUT
    elif seat.passed:
        fill = theme.PANEL_DIM
    else:
        fill = theme.PANEL
    draw_panel(surface, rect, fill, radius)
    stripe = pygame.Rect(0, 0, max(4, width // 40), height)
    pygame.draw.rect(
        surface,
        theme.TEAM[seat.seat.team % 2],
        stripe,
        border_top_left_radius=radius,
        border_bottom_left_radius=radius,
    )
    if role is None:
        pygame.draw.rect(surface, theme.EDGE, rect, max(1, height // 80), radius)
    else:
        colour = ROLE_STYLE[role][0]
        pygame.draw.rect(surface, colour, rect, max(3, height // 22), radius)

    # top row: badge, name, role tag
    badge_r = max(8, height // 9)
    left = stripe.right + pad
    top_mid = pad + badge_r
    draw_badge(
        surface, (left + badge_r, top_mid), badge_r, seat.seat.team, seat_label(seat.seat.index)
    )
    tag_left = width - pad
    if role is not None:
        colour, msg = ROLE_STYLE[role]
        tag = draw_chip(
            surface, tr(msg, lang), small, (width - pad - 2, top_mid), colour, anchor="midright"
        )
        tag_left = tag.left
    name_colour = theme.TEXT_DIM if seat.passed else theme.TEXT
    name_x = left + 2 * badge_r + pad
    draw_text(
        surface,
        seat.seat.name,
        name_size,
        name_colour,
        (name_x, top_mid),
        "midleft",
        bold=True,
        max_width=tag_left - name_x - pad,
    )

    # lower area: the big number (or place), chips on the right
    lower = pygame.Rect(
        left,
        top_mid + badge_r + pad // 2,
        width - left - pad,
        height - top_mid - badge_r - pad - pad // 2,
    )
    _draw_count(surface, seat, lang, referee, lower, small)
    y = lower.top
    for msg, colour, filled in _chips(seat):
        chip = draw_chip(
            surface,
            tr(msg, lang),
            small,
            (lower.right, y),
            colour,
            anchor="topright",
            filled=filled,
        )
        y = chip.bottom + max(2, pad // 2)
    return for_display(surface)


def _draw_count(
    surface: pygame.Surface,
    seat: SeatView,
    lang: Lang,
    referee: bool,
    area: pygame.Rect,
    small: int,
) -> None:
    """The card count (or "?", or the place once out) as large as the area allows."""
    big = max(16, int(area.height * 0.95))
    baseline_gap = max(2, small // 3)
    if seat.place is not None:
        draw_text(
            surface,
            tr(PLACE_NAMES[seat.place], lang),
            int(big * 0.62),
            theme.GOLD,
            area.midleft,
            "midleft",
            bold=True,
            max_width=int(area.width * 0.62),
        )
        return
    shown = seat.count_public or referee
    colour = theme.TEXT if seat.count_public else theme.SECRET
    number = str(seat.cards_left) if shown else "?"
    drawn = draw_text(
        surface,
        number,
        big,
        colour if shown else theme.TEXT_DIM,
        area.midleft,
        "midleft",
        bold=True,
    )
    unit_msg = T.CARD_UNIT_ONE if seat.cards_left == 1 else T.CARDS_UNIT
    unit = tr(unit_msg, lang) if shown else ""
    if unit:
        draw_text(
            surface,
            unit,
            small,
            theme.TEXT_DIM,
            (drawn.right + baseline_gap, drawn.bottom - small // 2),
            "bottomleft",
        )
    if not seat.count_public:
        draw_text(
            surface,
            tr(T.COUNT_SECRET, lang),
            small,
            theme.SECRET,
            (drawn.right + baseline_gap, drawn.top + small // 2),
            "topleft",
        )
