"""What every screen shares: size and options, controls, hit-testing, the cached base layer."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Generic, TypeVar

import pygame

from display import theme
from display.draw import draw_badge, draw_button, draw_text, for_display
from display.fonts import font
from display.intents import Intent, ToggleLanguage
from display.layout import Layout, button_row, layout_for
from display.text import T, seat_label, tr
from display.view import DisplayOptions, Msg, SeatInfo

V = TypeVar("V")


@dataclass(frozen=True)
class Control:
    """A touchable area and the intent it yields; with a ``label`` it is drawn as a button."""

    rect: pygame.Rect
    intent: Intent
    label: str = ""
    primary: bool = False


@lru_cache(maxsize=16)
def background(size: tuple[int, int]) -> pygame.Surface:
    """The felt with the header and footer bands (cached per size)."""
    layout = layout_for(size)
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    pygame.draw.rect(surface, theme.BAND, layout.header)
    pygame.draw.rect(surface, theme.BAND, layout.footer)
    return for_display(surface, alpha=False)


@lru_cache(maxsize=64)
def _button_rects(
    size: tuple[int, int], band_name: str, labels: tuple[str, ...], min_width: int
) -> tuple[tuple[int, int, int, int], ...]:
    """Equal buttons packed right in the header or footer, wide enough for the longest label."""
    lay = layout_for(size)
    band = getattr(lay, band_name).inflate(-2 * lay.margin, -2 * lay.gap)
    needed = max(font(lay.body_font, True).size(label)[0] for label in labels) + lay.body_font
    rects = button_row(band, len(labels), max(min_width, needed), lay.gap, "right")
    return tuple((r.x, r.y, r.width, r.height) for r in rects)


class Screen(ABC, Generic[V]):
    """A screen draws one kind of view onto a surface of a fixed size and hit-tests touches.

    A frame is the *base layer* (background, buttons, and whatever else a
    screen keeps there), composed once and reused while its :meth:`layer_key`
    stays the same, with :meth:`draw_view` drawing the changing parts on top.
    ``options`` (language, referee view, orientation) may be replaced at any
    time; the next :meth:`draw` uses them.
    """

    name: ClassVar[str]

    def __init__(self, size: tuple[int, int], options: DisplayOptions | None = None) -> None:
        self.size = size
        self.options = options or DisplayOptions()
        self.layout: Layout = layout_for(size)
        self._layer: tuple[Hashable, pygame.Surface] | None = None

    def tr(self, msg: Msg, **values: object) -> str:
        """``msg`` in the screen's language, formatted."""
        return tr(msg, self.options.lang, **values)

    def draw(self, surface: pygame.Surface, view: V) -> None:
        """Draw ``view`` onto ``surface`` (which must be :attr:`size`)."""
        if surface.get_size() != self.size:
            raise ValueError(f"surface is {surface.get_size()}, screen laid out for {self.size}")
        surface.blit(self.base_layer(view), (0, 0))
        self.draw_view(surface, view)

    def base_layer(self, view: V) -> pygame.Surface:
        """The cached base layer for ``view``, composed again when its key changed."""
        key = self.layer_key(view)
        if self._layer is None or self._layer[0] != key:
            self._layer = (key, self.compose_layer(view))
        return self._layer[1]

    def hit(self, pos: tuple[int, int], view: V) -> Intent | None:
        """The intent of the control under ``pos``, if any (buttons before other areas)."""
        controls = self.controls(view)
        for control in sorted(controls, key=lambda c: not c.label):
            if control.rect.collidepoint(pos):
                return control.intent
        return None

    def layer_key(self, view: V) -> Hashable:
        """Everything the base layer depends on; extend it when overriding :meth:`compose_layer`."""
        buttons = tuple((tuple(c.rect), c.label, c.primary) for c in self.controls(view) if c.label)
        return self.options, buttons

    def backdrop(self) -> pygame.Surface:
        """What lies under everything on this screen (do not draw on it: it is shared)."""
        return background(self.size)

    def compose_layer(self, view: V) -> pygame.Surface:
        """A new base layer: the backdrop and the buttons."""
        surface = self.backdrop().copy()
        for control in self.controls(view):
            if control.label:
                draw_button(
                    surface, control.rect, control.label, self.layout.body_font, control.primary
                )
        return surface

    @abstractmethod
    def controls(self, view: V) -> tuple[Control, ...]:
        """Every touchable area for ``view``, in drawing order."""

    @abstractmethod
    def draw_view(self, surface: pygame.Surface, view: V) -> None:
        """Draw what ``view`` shows on top of the base layer."""

    # ----------------------------------------------------------- helpers

    def _buttons(
        self, band_name: str, items: tuple[tuple[Intent, Msg, bool], ...], min_width: int
    ) -> tuple[Control, ...]:
        if not items:
            return ()
        labels = tuple(self.tr(msg) for _, msg, _ in items)
        rects = _button_rects(self.size, band_name, labels, min_width)
        return tuple(
            Control(pygame.Rect(rect), intent, label, primary)
            for rect, label, (intent, _, primary) in zip(rects, labels, items, strict=True)
        )

    def header_buttons(self, *items: tuple[Intent, Msg, bool]) -> tuple[Control, ...]:
        """Buttons packed right in the header, the language toggle last.

        The bool highlights a button (e.g. a toggle that is on).
        """
        return self._buttons(
            "header", (*items, (ToggleLanguage(), T.LANG_TOGGLE, False)), self.layout.px(150)
        )

    def footer_buttons(self, *items: tuple[Intent, Msg, bool]) -> tuple[Control, ...]:
        """Buttons packed right in the footer; the bool marks the primary one."""
        return self._buttons("footer", items, self.layout.px(200))

    def title_room(self, view: V) -> int:
        """The x where the header's buttons begin: a title must end before it."""
        header = self.layout.header
        lefts = [c.rect.left for c in self.controls(view) if c.label and header.contains(c.rect)]
        return min(lefts, default=header.right)

    def draw_title(
        self,
        surface: pygame.Surface,
        view: V,
        title: str,
        *,
        left: int | None = None,
        right: int | None = None,
        colour: theme.Colour = theme.TEXT,
    ) -> pygame.Rect:
        """The screen title in the header from ``left``, shrunk to end before ``right``.

        ``right`` defaults to where the header's buttons begin.
        """
        lay = self.layout
        x = lay.margin if left is None else left
        end = self.title_room(view) if right is None else right
        return draw_text(
            surface,
            title,
            lay.title,
            colour,
            (x, lay.header.centery),
            "midleft",
            bold=True,
            max_width=end - x - lay.gap,
        )

    def draw_seat_title(
        self, surface: pygame.Surface, view: V, seat: SeatInfo, title: str
    ) -> pygame.Rect:
        """The title after the acting seat's badge (team shape and colour, seat number)."""
        lay = self.layout
        r = lay.title // 2
        centre = (lay.margin + r, lay.header.centery)
        draw_badge(surface, centre, r, seat.team, seat_label(seat.index))
        return self.draw_title(
            surface, view, title, left=lay.margin + 2 * r + lay.gap, colour=theme.TURN
        )
