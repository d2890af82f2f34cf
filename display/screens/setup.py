"""The setup screen (开局设置): preset and changes, seats, camera and mat, deck teaching."""

from __future__ import annotations

import pygame

from display import theme
from display.draw import (
    draw_badge,
    draw_cards,
    draw_mark,
    draw_panel,
    draw_paragraph,
    draw_text,
)
from display.fonts import font
from display.intents import Calibrate, Start, TeachDeck
from display.layout import ring_slots, slot_of, split_columns
from display.screens.base import Control, Screen
from display.text import STATUS_NAMES, TEAM_NAMES, T
from display.view import SetupView, Status

_STATUS_COLOUR = {Status.OK: theme.GOOD, Status.PENDING: theme.WARN, Status.FAILED: theme.BAD}


class SetupScreen(Screen[SetupView]):
    """Everything to check before the first deal, with calibrate / teach / start buttons."""

    name = "setup"

    def controls(self, view: SetupView) -> tuple[Control, ...]:
        """Language toggle; calibrate, teach deck and start in the footer."""
        return self.header_buttons() + self.footer_buttons(
            (Calibrate(), T.CALIBRATE, False),
            (TeachDeck(), T.TEACH_BUTTON, False),
            (Start(), T.START, True),
        )

    def draw_view(self, surface: pygame.Surface, view: SetupView) -> None:
        """Title and the three columns."""
        lay = self.layout
        self.draw_title(surface, view, self.tr(T.SETUP_TITLE))
        preset, seats, devices = split_columns(lay.body, (1.1, 1.2, 1), lay.gap * 2)
        self._draw_preset(surface, view, preset)
        self._draw_seats(surface, view, seats)
        self._draw_devices(surface, view, devices)

    def _draw_preset(self, surface: pygame.Surface, view: SetupView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        y = (
            draw_text(
                surface,
                self.tr(T.PRESET, name=view.preset),
                lay.large,
                theme.TEXT,
                inner.topleft,
                bold=True,
                max_width=inner.width,
            ).bottom
            + lay.gap
        )
        y = (
            draw_text(
                surface, self.tr(T.CHANGED), lay.body_font, theme.TEXT_DIM, (inner.left, y)
            ).bottom
            + lay.gap
        )
        if not view.changes:
            draw_text(
                surface,
                self.tr(T.NO_CHANGES),
                lay.body_font,
                theme.TEXT,
                (inner.left, y),
                max_width=inner.width,
            )
        for change in view.changes:
            name = draw_text(
                surface,
                change.name,
                lay.body_font,
                theme.GOLD,
                (inner.left, y),
                bold=True,
                max_width=inner.width,
            )
            value = self.tr(T.SWITCH_VALUE, value=change.value, default=change.default)
            y = draw_text(
                surface,
                value,
                lay.small,
                theme.TEXT,
                (inner.left + lay.gap * 2, name.bottom),
                max_width=inner.width,
            ).bottom
            y += lay.gap

    def _draw_seats(self, surface: pygame.Surface, view: SetupView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_text(surface, self.tr(T.SEATS), lay.body_font, theme.TEXT_DIM, area.midtop, "midtop")
        ring_area = area.inflate(0, -2 * lay.body_font)
        ring_area.top = area.top + lay.body_font + lay.gap
        panel = (round(ring_area.width * 0.32), round(ring_area.height * 0.24))
        pygame.draw.ellipse(surface, theme.TABLE, ring_area.inflate(-panel[0], -panel[1]))
        slots = ring_slots(ring_area, panel)
        for seat in view.seats:
            rect = slots[slot_of(seat.index, self.options.bottom_seat)]
            draw_panel(surface, rect, theme.PANEL, lay.radius, theme.TEAM[seat.team % 2], lay.line)
            r = min(rect.height // 4, lay.body_font // 2 + 2)
            draw_badge(
                surface,
                (rect.left + lay.gap + r, rect.top + rect.height // 3),
                r,
                seat.team,
                str(seat.index + 1),
            )
            x = rect.left + 2 * (lay.gap + r)
            draw_text(
                surface,
                seat.name,
                lay.body_font,
                theme.TEXT,
                (x, rect.top + rect.height // 3),
                "midleft",
                bold=True,
                max_width=rect.right - x - lay.gap,
            )
            draw_text(
                surface,
                self.tr(TEAM_NAMES[seat.team % 2]),
                lay.small,
                theme.TEAM[seat.team % 2],
                (x, rect.top + rect.height * 3 // 4),
                "midleft",
                max_width=rect.right - x - lay.gap,
            )

    def _draw_status(
        self, surface: pygame.Surface, label: str, status: Status, at: tuple[int, int], width: int
    ) -> int:
        """One "label … ✓ OK" row; returns the y below it."""
        lay = self.layout
        size = lay.body_font
        mark = pygame.Rect(at[0], at[1], size, size)
        if status is Status.PENDING:
            pygame.draw.circle(surface, theme.WARN, mark.center, size // 2 - 1, max(2, size // 8))
        else:
            draw_mark(surface, mark, status is Status.OK)
        text = draw_text(
            surface,
            label,
            size,
            theme.TEXT,
            (mark.right + lay.gap, mark.centery),
            "midleft",
            max_width=width // 2,
        )
        draw_text(
            surface,
            self.tr(STATUS_NAMES[status]),
            size,
            _STATUS_COLOUR[status],
            (at[0] + width, mark.centery),
            "midright",
            bold=True,
            max_width=at[0] + width - text.right - lay.gap,
        )
        return mark.bottom + lay.gap * 2

    def _draw_devices(self, surface: pygame.Surface, view: SetupView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        y = self._draw_status(surface, self.tr(T.CAMERA), view.camera, inner.topleft, inner.width)
        y = self._draw_status(surface, self.tr(T.MAT), view.mat, (inner.left, y), inner.width)
        if view.note is not None:
            box = pygame.Rect(inner.left, y, inner.width, 3 * font(lay.small).get_linesize())
            note = view.note.pick(self.options.lang)
            y = draw_paragraph(surface, note, lay.small, theme.WARN, box).bottom + lay.gap
        y += lay.gap
        label = draw_text(surface, self.tr(T.TEACH), lay.body_font, theme.TEXT, (inner.left, y))
        draw_text(
            surface,
            f"{view.deck_taught}/{view.deck_total}",
            lay.body_font,
            theme.TEXT,
            (inner.right, label.centery),
            "midright",
            bold=True,
        )
        bar = pygame.Rect(inner.left, label.bottom + lay.gap, inner.width, max(6, lay.gap * 2))
        pygame.draw.rect(surface, theme.PANEL_DIM, bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = round(bar.width * view.deck_taught / max(1, view.deck_total))
        if done.width:
            pygame.draw.rect(surface, theme.GOOD, done, border_radius=bar.height // 2)
        if view.teaching:
            now = draw_text(
                surface,
                self.tr(T.TEACHING_NOW),
                lay.body_font,
                theme.TURN,
                (inner.left, bar.bottom + lay.gap * 2),
            )
            tile_area = pygame.Rect(
                inner.left,
                now.bottom + lay.gap,
                inner.width,
                min(lay.px(110), inner.bottom - now.bottom - lay.gap),
            )
            draw_cards(surface, tile_area, view.teaching)
