"""The referee's PIN pad (裁判密码): ten digit keys before 撤销 when ``[referee] pin`` is set.

The display package has no PIN screen, so the appliance draws this small one
with the display's own parts.  It reuses the entry intents of the correction
keypad: :class:`~display.intents.AddCard` carries a digit, ``RemoveCard`` takes
the last one off, ``Confirm`` submits the code and ``Close`` cancels.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display import theme
from display.draw import draw_text
from display.intents import AddCard, Close, Confirm, RemoveCard
from display.screens.base import Control, Screen
from display.text import T
from display.view import Msg

TITLE = Msg("裁判密码", "Referee PIN")
HINT = Msg("撤销需要裁判密码", "Undo needs the referee's PIN")
DELETE = Msg("删除", "Delete")
DIGITS = "1234567890"


@dataclass(frozen=True)
class PinView:
    """How many digits have been typed (the digits themselves are never drawn)."""

    code: str = ""


class PinScreen(Screen[PinView]):
    """Title, the typed digits as dots, a 5 × 2 keypad, and remove / back / confirm."""

    name = "pin"

    def _keys(self) -> tuple[pygame.Rect, ...]:
        lay = self.layout
        body = lay.body
        top = body.top + lay.body_font * 3
        gap = lay.gap
        w = (body.width - 4 * gap) // 5
        h = (body.bottom - top - gap) // 2
        return tuple(pygame.Rect(body.left + (i % 5) * (w + gap), top + (i // 5) * (h + gap), w, h)
                     for i in range(len(DIGITS)))

    def controls(self, view: PinView) -> tuple[Control, ...]:
        """The language toggle, a key per digit, and the footer buttons."""
        keys = tuple(Control(rect, AddCard(d), d) for rect, d in zip(self._keys(), DIGITS,
                                                                     strict=True))
        footer = self.footer_buttons((RemoveCard(), DELETE, False), (Close(), T.CLOSE, False),
                                     (Confirm(view.code), T.CONFIRM, True))
        return self.header_buttons() + keys + footer

    def layer_key(self, view: PinView) -> object:
        """The base layer does not depend on the code typed (only on the buttons' places)."""
        return self.options

    def compose_layer(self, view: PinView) -> pygame.Surface:
        """Backdrop and every button, drawn once."""
        return super().compose_layer(PinView())

    def draw_view(self, surface: pygame.Surface, view: PinView) -> None:
        """Title, hint and one dot per typed digit."""
        lay = self.layout
        self.draw_title(surface, view, self.tr(TITLE), colour=theme.TURN)
        draw_text(surface, self.tr(HINT), lay.body_font, theme.TEXT_DIM,
                  (lay.body.left, lay.body.top + lay.gap), max_width=lay.body.width)
        draw_text(surface, "●" * len(view.code) or "–", lay.large, theme.TEXT,
                  (lay.body.centerx, lay.body.top + lay.body_font * 2), "center", bold=True)
