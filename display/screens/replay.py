"""The referee's replay (裁判回放): step through the record, see each judgement and its evidence."""

from __future__ import annotations

import pygame

from display import theme
from display.draw import (
    draw_badge,
    draw_chip,
    draw_mark,
    draw_panel,
    draw_paragraph,
    draw_text,
)
from display.fonts import font
from display.images import draw_frame
from display.intents import Close, Next, Prev, Seek
from display.layout import split_columns
from display.screens.base import Control, Screen
from display.text import T, seat_label
from display.view import EventView, ReplayView


class ReplayScreen(Screen[ReplayView]):
    """A scrolling event list (touch to jump) beside the current event with reason and frame."""

    name = "replay"

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self.layout
        events, detail = split_columns(lay.body, (2, 3), lay.gap * 2)
        return events, detail

    def _visible_rows(self, view: ReplayView) -> tuple[tuple[pygame.Rect, EventView], ...]:
        """The list rows on screen, scrolled to keep the current event in the middle."""
        lay = self.layout
        area = self._columns()[0]
        row_h = max(lay.px(46), lay.body_font + 2 * lay.gap)
        visible = max(1, area.height // row_h)
        start = min(max(0, view.current - visible // 2), max(0, len(view.events) - visible))
        shown = view.events[start : start + visible]
        return tuple(
            (pygame.Rect(area.left, area.top + i * row_h, area.width, row_h - lay.gap // 2), event)
            for i, event in enumerate(shown)
        )

    def controls(self, view: ReplayView) -> tuple[Control, ...]:
        """Language toggle, one area per visible event, previous / next / back."""
        rows = tuple(Control(rect, Seek(event.index)) for rect, event in self._visible_rows(view))
        footer = self.footer_buttons(
            (Prev(), T.PREV, False), (Next(), T.NEXT, True), (Close(), T.CLOSE, False)
        )
        return self.header_buttons() + rows + footer

    def draw_view(self, surface: pygame.Surface, view: ReplayView) -> None:
        """Title with the step, the list, the detail."""
        lay = self.layout
        title = self.tr(T.REPLAY_TITLE)
        if view.events:
            step = self.tr(T.STEP, n=view.current + 1, m=len(view.events))
            title = self.tr(T.TITLE_SEP).join((title, step))
        self.draw_title(surface, view, title)
        detail_area = self._columns()[1]
        if not view.events:
            draw_text(
                surface, self.tr(T.NO_EVENTS), lay.large, theme.TEXT_DIM, lay.body.center, "center"
            )
            return
        for rect, event in self._visible_rows(view):
            self._draw_row(surface, view, rect, event, event.index == view.current)
        self._draw_detail(surface, view, view.events[view.current], detail_area)

    def _draw_row(
        self,
        surface: pygame.Surface,
        view: ReplayView,
        rect: pygame.Rect,
        event: EventView,
        current: bool,
    ) -> None:
        lay = self.layout
        fill = theme.BUTTON if current else theme.PANEL
        draw_panel(surface, rect, fill, lay.radius // 2, theme.TURN if current else None, lay.line)
        size = min(lay.body_font, int(rect.height * 0.6))
        draw_text(
            surface,
            str(event.index + 1),
            lay.small,
            theme.TEXT_DIM,
            (rect.left + lay.gap, rect.centery),
            "midleft",
        )
        mark = pygame.Rect(0, 0, size, size)
        mark.midleft = (rect.left + lay.gap + lay.small * 2, rect.centery)
        draw_mark(surface, mark, event.accepted)
        x = mark.right + lay.gap
        if event.seat is not None:
            seat = view.seat_info(event.seat)
            r = size // 2
            draw_badge(surface, (x + r, rect.centery), r, seat.team, seat_label(seat.index))
            x += 2 * r + lay.gap
        colour = theme.TEXT if event.accepted else theme.BAD
        draw_text(
            surface,
            event.text.pick(self.options.lang),
            size,
            colour,
            (x, rect.centery),
            "midleft",
            max_width=rect.right - x - lay.gap,
        )

    def _draw_detail(
        self, surface: pygame.Surface, view: ReplayView, event: EventView, area: pygame.Rect
    ) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        lang = self.options.lang
        head = draw_text(
            surface,
            event.text.pick(lang),
            lay.large,
            theme.TEXT,
            inner.topleft,
            bold=True,
            max_width=inner.width,
        )
        verdict = T.ACCEPTED if event.accepted else T.REJECTED
        chip = draw_chip(
            surface,
            self.tr(verdict),
            lay.body_font,
            (inner.left, head.bottom + lay.gap),
            theme.GOOD if event.accepted else theme.BAD,
        )
        y = chip.bottom + lay.gap
        if event.reason is not None:
            reason = self.tr(T.REASON, reason=event.reason.pick(lang))
            box = pygame.Rect(inner.left, y, inner.width, 3 * font(lay.body_font).get_linesize())
            y = draw_paragraph(surface, reason, lay.body_font, theme.TEXT, box).bottom + lay.gap
        if event.rule:
            rule = self.tr(T.RULE_SWITCH, rule=event.rule)
            y = (
                draw_text(
                    surface, rule, lay.small, theme.TEXT_DIM, (inner.left, y), max_width=inner.width
                ).bottom
                + lay.gap
            )
        frame = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
        draw_frame(surface, frame, event.frame, self.tr(T.NO_FRAME), lay.body_font)
