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
from display.intents import Calibrate, Intent, SelectSeat, Start, TeachDeck
from display.layout import ring_slots, slot_of, split_columns
from display.screens.base import Control, Screen
from display.text import STATUS_NAMES, TEAM_NAMES, T, seat_label
from display.view import Msg, SetupView, Status

_STATUS_COLOUR = {Status.OK: theme.GOOD, Status.PENDING: theme.WARN, Status.FAILED: theme.BAD}


class SetupScreen(Screen[SetupView]):
    """Everything to check before the first deal, with calibrate / teach / start buttons."""

    name = "setup"

    def controls(self, view: SetupView) -> tuple[Control, ...]:
        """Language toggle; calibrate, teach deck and start in the footer; the seats while
        the first leader is chosen (start only once one is)."""
        footer: list[tuple[Intent, Msg, bool]] = []
        if view.tools:
            footer += [(Calibrate(), T.CALIBRATE, False), (TeachDeck(), T.TEACH_BUTTON, False)]
        if not view.choose_leader or view.leader is not None:
            footer.append((Start(), T.START, True))
        seats: tuple[Control, ...] = ()
        if view.choose_leader:
            slots = self._seat_slots()
            seats = tuple(
                Control(slots[slot_of(seat.index, self.options.bottom_seat)],
                        SelectSeat(seat.index))
                for seat in view.seats
            )
        return self.header_buttons() + self.footer_buttons(*footer) + seats

    def draw_view(self, surface: pygame.Surface, view: SetupView) -> None:
        """Title and the three columns."""
        self.draw_title(surface, view, self.tr(T.SETUP_TITLE))
        preset, _, devices = self._columns()
        self._draw_preset(surface, view, preset)
        self._draw_seats(surface, view)
        self._draw_devices(surface, view, devices)

    def _columns(self) -> tuple[pygame.Rect, ...]:
        """Preset, seats and devices, side by side."""
        lay = self.layout
        return split_columns(lay.body, (1.1, 1.2, 1), lay.gap * 2)

    def _ring_area(self) -> pygame.Rect:
        """Where the seat ring lies in the seats column (below its label)."""
        lay = self.layout
        area = self._columns()[1]
        ring_area = area.inflate(0, -2 * lay.body_font)
        ring_area.top = area.top + lay.body_font + lay.gap
        return ring_area

    def _panel_size(self) -> tuple[int, int]:
        ring_area = self._ring_area()
        return round(ring_area.width * 0.32), round(ring_area.height * 0.24)

    def _seat_slots(self) -> tuple[pygame.Rect, ...]:
        """The six seat panels round the ring, by slot."""
        return ring_slots(self._ring_area(), self._panel_size())

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
            y = draw_text(
                surface,
                self.tr(T.NO_CHANGES),
                lay.body_font,
                theme.TEXT,
                (inner.left, y),
                max_width=inner.width,
            ).bottom + lay.gap
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
        if view.choose_leader and view.leader_rule is not None:
            y = draw_text(surface, self.tr(T.FIRST_LEADER), lay.body_font, theme.TEXT_DIM,
                          (inner.left, y + lay.gap)).bottom + lay.gap
            box = pygame.Rect(inner.left, y, inner.width, max(0, inner.bottom - y))
            draw_paragraph(surface, view.leader_rule.pick(self.options.lang), lay.small,
                           theme.TEXT, box)

    def _draw_seats(self, surface: pygame.Surface, view: SetupView) -> None:
        lay = self.layout
        area = self._columns()[1]
        label = self.tr(T.PICK_LEADER if view.choose_leader else T.SEATS)
        colour = theme.TURN if view.choose_leader and view.leader is None else theme.TEXT_DIM
        draw_text(surface, label, lay.body_font, colour, area.midtop, "midtop",
                  max_width=area.width)
        panel = self._panel_size()
        pygame.draw.ellipse(surface, theme.TABLE, self._ring_area().inflate(-panel[0], -panel[1]))
        slots = self._seat_slots()
        for seat in view.seats:
            rect = slots[slot_of(seat.index, self.options.bottom_seat)]
            leads = seat.index == view.leader
            border = theme.TURN if leads else theme.TEAM[seat.team % 2]
            draw_panel(surface, rect, theme.PANEL, lay.radius, border,
                       lay.line * (2 if leads else 1))
            r = min(rect.height // 4, lay.body_font // 2 + 2)
            draw_badge(
                surface,
                (rect.left + lay.gap + r, rect.top + rect.height // 3),
                r,
                seat.team,
                seat_label(seat.index),
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
                self.tr(T.LEADER if leads else TEAM_NAMES[seat.team % 2]),
                lay.small,
                theme.TURN if leads else theme.TEAM[seat.team % 2],
                (x, rect.top + rect.height * 3 // 4),
                "midleft",
                bold=leads,
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
        if view.tools:
            self._draw_teaching(surface, view, pygame.Rect(inner.left, y + lay.gap, inner.width,
                                                           inner.bottom - y - lay.gap))

    def _draw_teaching(self, surface: pygame.Surface, view: SetupView, inner: pygame.Rect) -> None:
        """Deck-teaching progress and the card being taught."""
        lay = self.layout
        y = inner.top
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
