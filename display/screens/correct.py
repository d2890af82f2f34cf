"""Entering a play by hand (手动输入): a keypad of ranks, when the camera cannot read it."""

from __future__ import annotations

import pygame

from display import theme
from display.draw import draw_cards, draw_panel, draw_text
from display.intents import AddCard, Close, Confirm, Intent, RemoveCard
from display.layout import split_rows
from display.screens.base import Control, Screen
from display.text import T, card_count
from display.view import CorrectionView, Msg
from gouji.cards import ALL_RANKS, format_cards, parse_cards

_COLUMNS = 8


class CorrectScreen(Screen[CorrectionView]):
    """The entry so far as card tiles, one key per rank, remove / back / confirm."""

    name = "correct"

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Hint line, entry, keypad."""
        lay = self.layout
        hint_h = lay.body_font + lay.gap
        rest = pygame.Rect(
            lay.body.left, lay.body.top + hint_h, lay.body.width, lay.body.height - hint_h
        )
        entry, keypad = split_rows(rest, (2, 3), lay.gap * 2)
        hint = pygame.Rect(lay.body.left, lay.body.top, lay.body.width, hint_h)
        return hint, entry, keypad

    def _keys(self) -> tuple[tuple[pygame.Rect, str], ...]:
        """One key per rank, lowest first, in rows of eight."""
        keypad = self._areas()[2]
        gap = self.layout.gap
        rows = -(-len(ALL_RANKS) // _COLUMNS)
        w = (keypad.width - gap * (_COLUMNS - 1)) // _COLUMNS
        h = (keypad.height - gap * (rows - 1)) // rows
        return tuple(
            (
                pygame.Rect(
                    keypad.left + (i % _COLUMNS) * (w + gap),
                    keypad.top + (i // _COLUMNS) * (h + gap),
                    w,
                    h,
                ),
                rank.symbol,
            )
            for i, rank in enumerate(ALL_RANKS)
        )

    def controls(self, view: CorrectionView) -> tuple[Control, ...]:
        """Language toggle, the rank keys, remove / back / confirm (confirm once cards exist)."""
        keys = tuple(Control(rect, AddCard(symbol)) for rect, symbol in self._keys())
        items: list[tuple[Intent, Msg, bool]] = [
            (RemoveCard(), T.REMOVE, False),
            (Close(), T.CLOSE, False),
        ]
        if view.cards:
            items.append((Confirm(view.cards), T.CONFIRM, True))
        return self.header_buttons() + keys + self.footer_buttons(*items)

    def compose_layer(self, view: CorrectionView) -> pygame.Surface:
        """Background, buttons and the keypad, which never changes."""
        surface = super().compose_layer(view)
        lay = self.layout
        for rect, symbol in self._keys():
            draw_panel(surface, rect, theme.BUTTON, lay.radius, theme.EDGE, 1)
            draw_cards(surface, rect.inflate(-lay.gap * 2, -lay.gap * 2), symbol)
        return surface

    def draw_view(self, surface: pygame.Surface, view: CorrectionView) -> None:
        """Title with the seat, hint, the entry so far."""
        lay = self.layout
        seat = view.seat
        self.draw_seat_title(surface, view, seat, self.tr(T.CORRECT_TITLE, name=seat.name))
        hint, entry, _ = self._areas()
        draw_text(
            surface,
            self.tr(T.CORRECT_HINT),
            lay.body_font,
            theme.TEXT_DIM,
            hint.topleft,
            max_width=hint.width,
        )
        draw_panel(surface, entry, theme.PANEL, lay.radius, theme.TURN, lay.line)
        inner = entry.inflate(-2 * lay.gap - 2 * lay.line, -2 * lay.gap - 2 * lay.line)
        ranks = parse_cards(view.cards)
        count_w = min(lay.px(180), inner.width // 5)
        draw_text(
            surface,
            card_count(len(ranks), self.options.lang),
            lay.large,
            theme.TEXT,
            inner.midright,
            "midright",
            bold=True,
            max_width=count_w,
        )
        tiles = pygame.Rect(inner.left, inner.top, inner.width - count_w - lay.gap, inner.height)
        draw_cards(surface, tiles, format_cards(ranks), lay.px(140))
