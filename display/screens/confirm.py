"""The unsure-reading screen (确认): one touch confirms the best guess or picks a correction."""

from __future__ import annotations

import pygame

from display import theme
from display.draw import draw_cards, draw_chip, draw_panel, draw_text
from display.fonts import font
from display.images import draw_frame
from display.intents import Confirm, EditReading, Retake
from display.layout import split_columns
from display.screens.base import Control, Screen
from display.text import T, card_count
from display.view import Candidate, UnsureView
from gouji.cards import parse_cards


class ConfirmScreen(Screen[UnsureView]):
    """Candidates best first, each a big touch target; "none of these" reads again."""

    name = "confirm"

    def _areas(self, view: UnsureView) -> tuple[pygame.Rect | None, pygame.Rect]:
        """The frame box (if the view has a frame) and the candidate list area."""
        lay = self.layout
        body = lay.body
        hint_h = (lay.body_font + 2 * lay.gap) * (2 if view.why else 1)
        area = pygame.Rect(body.left, body.top + hint_h, body.width, body.height - hint_h)
        if view.frame is None:
            return None, area
        frame, candidates = split_columns(area, (1, 2), lay.gap * 2)
        return frame, candidates

    def _candidate_rects(self, view: UnsureView) -> tuple[pygame.Rect, ...]:
        lay = self.layout
        area = self._areas(view)[1]
        count = max(1, len(view.candidates))
        row_h = min(lay.px(170), (area.height - lay.gap * (count - 1)) // count)
        return tuple(
            pygame.Rect(area.left, area.top + i * (row_h + lay.gap), area.width, row_h)
            for i in range(len(view.candidates))
        )

    def controls(self, view: UnsureView) -> tuple[Control, ...]:
        """Language toggle, one area per candidate, and the read-again button."""
        rows = tuple(
            Control(rect, Confirm(c.cards))
            for rect, c in zip(self._candidate_rects(view), view.candidates, strict=True)
        )
        retake = self.footer_buttons((EditReading(), T.EDIT, False), (Retake(), T.RETAKE, False))
        return self.header_buttons() + rows + retake

    def draw_view(self, surface: pygame.Surface, view: UnsureView) -> None:
        """Title with the seat, hint, why it is doubtful, optional frame, candidate rows."""
        lay = self.layout
        seat = view.seat
        self.draw_seat_title(surface, view, seat, self.tr(T.CONFIRM_TITLE, name=seat.name))
        draw_text(
            surface,
            self.tr(T.CONFIRM_HINT),
            lay.body_font,
            theme.TEXT_DIM,
            (lay.body.left, lay.body.top + lay.gap),
            max_width=lay.body.width,
        )
        if view.why:  # what made the camera doubt it
            draw_text(surface, view.why, lay.body_font, theme.TEXT_DIM,
                      (lay.body.left, lay.body.top + lay.body_font + 3 * lay.gap),
                      max_width=lay.body.width)
        frame_box = self._areas(view)[0]
        if frame_box is not None:
            draw_frame(surface, frame_box, view.frame, self.tr(T.NO_FRAME), lay.body_font)
        for i, (rect, candidate) in enumerate(
            zip(self._candidate_rects(view), view.candidates, strict=True)
        ):
            self._draw_candidate(surface, rect, candidate, best=i == 0)

    def _draw_candidate(
        self, surface: pygame.Surface, rect: pygame.Rect, candidate: Candidate, best: bool
    ) -> None:
        """One row: [最可能] tiles … "5 张" over "把握 62%" and a confidence bar."""
        lay = self.layout
        border = theme.GOOD if best else theme.EDGE
        draw_panel(surface, rect, theme.PANEL, lay.radius, border, lay.line * (2 if best else 1))
        inner = rect.inflate(-2 * lay.gap - lay.line * 2, -2 * lay.gap - lay.line * 2)
        large = min(lay.large, int(inner.height * 0.5))
        small = min(lay.small, max(10, int(inner.height * 0.3)))
        chip_size = min(lay.body_font, max(10, int(inner.height * 0.3)))
        left = inner.left + font(chip_size, True).size(self.tr(T.BEST))[0] + chip_size + lay.gap
        if best:
            draw_chip(
                surface, self.tr(T.BEST), chip_size, inner.midleft, theme.GOOD, anchor="midleft"
            )
        info_w = min(lay.px(220), inner.width // 4)
        info = pygame.Rect(inner.right - info_w, inner.top, info_w, inner.height)
        tiles = pygame.Rect(left, inner.top, info.left - lay.gap - left, inner.height)
        draw_cards(surface, tiles, candidate.cards, lay.px(130))
        count = len(parse_cards(candidate.cards))
        draw_text(
            surface,
            card_count(count, self.options.lang),
            large,
            theme.TEXT,
            (info.right, inner.centery),
            "bottomright",
            bold=True,
            max_width=info_w,
        )
        conf = draw_text(
            surface,
            self.tr(T.CONFIDENCE, p=round(candidate.confidence * 100)),
            small,
            theme.TEXT_DIM,
            (info.right, inner.centery + 2),
            "topright",
        )
        bar = pygame.Rect(info.left, 0, max(1, conf.left - lay.gap - info.left), max(3, small // 3))
        bar.centery = conf.centery
        pygame.draw.rect(surface, theme.PANEL_DIM, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = max(1, round(bar.width * candidate.confidence))
        colour = theme.GOOD if best else theme.ANSWER
        pygame.draw.rect(surface, colour, filled, border_radius=bar.height // 2)
