"""The declaration menu (声明): choose a seat, then a declaration the engine accepts, then confirm.

Which declarations are offered is decided upstream (the device asks the engine)
and arrives in :attr:`DeclareView.offers`; the screen only lays out the three
steps.  Every step has 取消 Cancel (:class:`~display.intents.Close`); the later
ones 上一步 Back (:class:`~display.intents.Prev`).
"""

from __future__ import annotations

import pygame

from display import theme
from display.draw import draw_panel, draw_paragraph, draw_text
from display.intents import (
    ChooseDeclaration,
    Close,
    ConfirmDeclaration,
    Intent,
    Prev,
    SelectSeat,
)
from display.layout import split_columns, split_rows
from display.screens.base import Control, Screen
from display.text import DECLARATION_HINTS, DECLARATION_NAMES, T, seat_label
from display.view import SEAT_COUNT, DeclareView, Msg

_SEAT_COLUMNS = 3


class DeclareScreen(Screen[DeclareView]):
    """Seat buttons (only seats with something to declare), then declaration buttons with
    what each means, then the confirmation."""

    name = "declare"

    def _hint_and_area(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The hint line and the area of the step below it."""
        lay = self.layout
        body = lay.body
        hint_h = lay.body_font + 2 * lay.gap
        hint = pygame.Rect(body.left, body.top, body.width, hint_h)
        return hint, pygame.Rect(body.left, hint.bottom, body.width, body.height - hint_h)

    def seat_rects(self) -> tuple[pygame.Rect, ...]:
        """Seat ``i``'s cell on the seat step: two rows of three, S0 top left."""
        area = self._hint_and_area()[1]
        gap = self.layout.gap * 2
        rows = split_rows(area, (1,) * (SEAT_COUNT // _SEAT_COLUMNS), gap)
        return tuple(
            cell for row in rows for cell in split_columns(row, (1,) * _SEAT_COLUMNS, gap)
        )

    def declaration_rects(self, view: DeclareView) -> tuple[pygame.Rect, ...]:
        """One row per declaration offered to the chosen seat: the button part of it."""
        if view.seat is None:
            return ()
        lay = self.layout
        area = self._hint_and_area()[1]
        count = max(1, len(view.offered(view.seat)))
        row_h = min(lay.px(110), (area.height - lay.gap * 2 * (count - 1)) // count)
        width = area.width * 2 // 5
        return tuple(
            pygame.Rect(area.left, area.top + i * (row_h + 2 * lay.gap), width, row_h)
            for i in range(len(view.offered(view.seat)))
        )

    def controls(self, view: DeclareView) -> tuple[Control, ...]:
        """Language toggle; the step's buttons; cancel, back and confirm in the footer."""
        footer: list[tuple[Intent, Msg, bool]] = [(Close(), T.CANCEL, False)]
        step: tuple[Control, ...]
        if view.seat is None:
            offering = {seat for seat, _ in view.offers}
            step = tuple(
                Control(rect, SelectSeat(info.index), self._seat_text(view, info.index))
                for rect, info in zip(self.seat_rects(), view.seats, strict=True)
                if info.index in offering
            )
        else:
            footer.append((Prev(), T.BACK, False))
            if view.chosen is None:
                step = tuple(
                    Control(rect, ChooseDeclaration(what), self.tr(DECLARATION_NAMES[what]))
                    for rect, what in zip(
                        self.declaration_rects(view), view.offered(view.seat), strict=True
                    )
                )
            else:
                step = ()
                footer.append((ConfirmDeclaration(view.seat, view.chosen), T.CONFIRM, True))
        return self.header_buttons() + step + self.footer_buttons(*footer)

    def _seat_text(self, view: DeclareView, seat: int) -> str:
        return f"{seat_label(seat)} {view.seats[seat].name}"

    def draw_view(self, surface: pygame.Surface, view: DeclareView) -> None:
        """The title and hint of the step, and what its buttons do not show."""
        lay = self.layout
        hint, area = self._hint_and_area()
        if view.seat is None:
            self.draw_title(surface, view, self.tr(T.DECLARE_SEAT), colour=theme.TURN)
            self._hint(surface, hint, T.DECLARE_SEAT_HINT if view.offers else T.DECLARE_NOTHING)
            self._draw_silent_seats(surface, view)
            return
        info = view.seats[view.seat]
        if view.chosen is None:
            self.draw_seat_title(surface, view, info, self.tr(T.DECLARE_WHAT, name=info.name))
            offered = view.offered(view.seat)
            if not offered:
                self._hint(surface, hint, T.DECLARE_NOTHING_SEAT, name=info.name)
            for rect, what in zip(self.declaration_rects(view), offered, strict=True):
                box = pygame.Rect(rect.right + 2 * lay.gap, rect.top,
                                  area.right - rect.right - 2 * lay.gap, rect.height)
                draw_paragraph(surface, self.tr(DECLARATION_HINTS[what]), lay.body_font,
                               theme.TEXT, box, centred=True)
            return
        what = self.tr(DECLARATION_NAMES[view.chosen])
        self.draw_seat_title(
            surface, view, info, self.tr(T.DECLARE_CONFIRM, name=info.name, what=what)
        )
        self._hint(surface, hint, T.DECLARE_UNDO_HINT)
        panel = area.inflate(0, -area.height // 3)
        draw_panel(surface, panel, theme.PANEL, lay.radius, theme.TURN, lay.line)
        inner = panel.inflate(-4 * lay.gap, -4 * lay.gap)
        head = draw_text(surface, f"{seat_label(info.index)} {info.name}  {what}", lay.title,
                         theme.TURN, inner.midtop, "midtop", bold=True, max_width=inner.width)
        below = pygame.Rect(inner.left, head.bottom + lay.gap, inner.width,
                            inner.bottom - head.bottom - lay.gap)
        draw_paragraph(surface, self.tr(DECLARATION_HINTS[view.chosen]), lay.large, theme.TEXT,
                       below, centred=True)

    def _hint(self, surface: pygame.Surface, hint: pygame.Rect, msg: Msg,
              **values: object) -> None:
        lay = self.layout
        draw_text(surface, self.tr(msg, **values), lay.body_font, theme.TEXT_DIM,
                  (hint.left, hint.top + lay.gap), max_width=hint.width)

    def _draw_silent_seats(self, surface: pygame.Surface, view: DeclareView) -> None:
        """Seats with nothing to declare now: dim panels, not touchable."""
        lay = self.layout
        offering = {seat for seat, _ in view.offers}
        for rect, info in zip(self.seat_rects(), view.seats, strict=True):
            if info.index in offering:
                continue
            draw_panel(surface, rect, theme.PANEL_DIM, lay.radius, theme.EDGE, 1)
            draw_text(surface, self._seat_text(view, info.index), lay.body_font, theme.TEXT_DIM,
                      rect.center, "center", max_width=rect.width - 2 * lay.gap)
