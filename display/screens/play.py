"""The play screen (对局): six seats round the table, the trick, burns, status and refusals."""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import lru_cache

import pygame

from display import theme
from display.draw import (
    draw_badge,
    draw_cards,
    draw_chip,
    draw_panel,
    draw_paragraph,
    draw_text,
    for_display,
)
from display.intents import OpenDeclare, OpenReplay, SelectSeat, ToggleReferee, Undo
from display.layout import layout_for, ring_slots, slot_of
from display.screens.base import Control, Screen, background
from display.screens.seat_panel import Role, seat_panel
from display.text import T, seat_label
from display.view import DisplayOptions, PlayView, SeatView, TurnKind


def _geometry(size: tuple[int, int]) -> tuple[tuple[pygame.Rect, ...], pygame.Rect]:
    """The six seat slots and the centre area between them."""
    lay = layout_for(size)
    body = lay.body
    panel = (round(body.width * 0.245), round(body.height * 0.27))
    slots = ring_slots(body, panel)
    centre = pygame.Rect(
        body.left + panel[0] + lay.gap,
        body.top + panel[1] + lay.gap,
        body.width - 2 * (panel[0] + lay.gap),
        body.height - 2 * (panel[1] + lay.gap),
    )
    return slots, centre


@lru_cache(maxsize=8)
def _table_layer(size: tuple[int, int]) -> pygame.Surface:
    """Background plus the table top drawn between the seats."""
    surface = background(size).copy()
    slots, centre = _geometry(size)
    table = centre.inflate(centre.width // 6, slots[0].height)
    pygame.draw.ellipse(surface, theme.TABLE, table)
    pygame.draw.ellipse(surface, theme.TABLE_EDGE, table, max(2, table.height // 80))
    _draw_direction(surface, table)
    return for_display(surface, alpha=False)


def _draw_direction(surface: pygame.Surface, table: pygame.Rect) -> None:
    """Chevrons on the table's rim between neighbouring seats, pointing the way play goes.

    Play runs counter-clockwise; on screen (y down) that is decreasing angle.
    """
    a, b = table.width / 2, table.height / 2
    size = max(5, table.height // 22)
    for degrees in (45, 0, -45, -135, 180, 135):
        t = math.radians(degrees)
        x, y = table.centerx + a * math.cos(t), table.centery + b * math.sin(t)
        dx, dy = a * math.sin(t), -b * math.cos(t)
        length = math.hypot(dx, dy)
        ux, uy = dx / length, dy / length
        tip = (x + ux * size, y + uy * size)
        left = (x - ux * size - uy * size, y - uy * size + ux * size)
        right = (x - ux * size + uy * size, y - uy * size - ux * size)
        pygame.draw.polygon(surface, theme.TABLE_EDGE, (tip, left, (x, y), right))


class PlayScreen(Screen[PlayView]):
    """Seats as they sit (opposites facing), whose turn, the trick, burns, 四户乱缠, refusals."""

    name = "play"

    def __init__(self, size: tuple[int, int], options: DisplayOptions | None = None) -> None:
        super().__init__(size, options)
        self._slots, self._centre = _geometry(size)
        self._panels_on: pygame.Surface | None = None
        self._panel_keys: dict[int, tuple[SeatView, Role | None]] = {}

    def backdrop(self) -> pygame.Surface:
        """The felt, the bands and the table top."""
        return _table_layer(self.size)

    def layer_key(self, view: PlayView) -> Hashable:
        """Buttons and title live in the cached base layer (seat panels are patched in)."""
        return super().layer_key(view), view.deal_no, view.preset

    def compose_layer(self, view: PlayView) -> pygame.Surface:
        """Table, buttons and title."""
        surface = super().compose_layer(view)
        self._draw_header(surface, view)
        return surface

    def base_layer(self, view: PlayView) -> pygame.Surface:
        """The base layer with the six seat panels; only panels that changed are redrawn."""
        layer = super().base_layer(view)
        if layer is not self._panels_on:
            self._panels_on, self._panel_keys = layer, {}
        for seat in view.seats:
            index = seat.seat.index
            key = (seat, self._role(view, index))
            if self._panel_keys.get(index) == key:
                continue
            rect = self.seat_rect(index)
            layer.blit(self.backdrop(), rect, rect)
            layer.blit(seat_panel(*key, self.options.lang, self.options.referee, rect.size), rect)
            self._panel_keys[index] = key
        return layer

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where seat ``seat``'s panel is drawn with the current orientation."""
        return self._slots[slot_of(seat, self.options.bottom_seat)]

    def controls(self, view: PlayView) -> tuple[Control, ...]:
        """Header buttons, then each seat panel as a touch area."""
        buttons = self.header_buttons(
            (OpenDeclare(), T.DECLARE, False),
            (Undo(), T.UNDO, False),
            (OpenReplay(), T.REPLAY, False),
            (ToggleReferee(), T.REFEREE, self.options.referee),
        )
        seats = tuple(
            Control(self.seat_rect(s.seat.index), SelectSeat(s.seat.index)) for s in view.seats
        )
        return buttons + seats

    def draw_view(self, surface: pygame.Surface, view: PlayView) -> None:
        """The centre (status, trick, burn) and the refusal band."""
        self._draw_centre(surface, view)
        if view.refusal is not None:
            self._draw_refusal(surface, view)

    # ------------------------------------------------------------ parts

    @staticmethod
    def _role(view: PlayView, seat: int) -> Role | None:
        turn = view.turn
        if seat == turn.acting:
            return Role.TURN
        if seat in turn.burners:
            return Role.BURN
        if seat in turn.answerers:
            return Role.ANSWER
        return None

    def _draw_header(self, surface: pygame.Surface, view: PlayView) -> None:
        lay = self.layout
        title = self.tr(T.TITLE_SEP).join(
            (self.tr(T.DEAL, n=view.deal_no), self.tr(T.PRESET, name=view.preset))
        )
        right = None
        if self.options.referee:
            right = draw_chip(
                surface,
                self.tr(T.REFEREE),
                lay.small,
                (self.title_room(view) - lay.gap, lay.header.centery),
                theme.SECRET,
                anchor="midright",
            ).left
        self.draw_title(surface, view, title, right=right)

    def status_line(self, view: PlayView) -> str:
        """Who the table waits on, in words (the big yellow line)."""
        turn = view.turn
        if turn.kind is TurnKind.DEAL_OVER:
            return self.tr(T.TURN_OVER)
        if turn.acting is None:
            if turn.answerers:
                return self.tr(T.MAY_ANSWER, names=self._names(view, turn.answerers))
            return self.tr(T.TURN_ANYONE)
        name = view.seat_info(turn.acting).name
        message = {
            TurnKind.LEAD: T.TURN_LEAD,
            TurnKind.ANSWER: T.TURN_ANSWER,
            TurnKind.GOUJI_ANSWER: T.TURN_GOUJI,
            TurnKind.BURN: T.TURN_BURN,
            TurnKind.KOU: T.TURN_KOU,
        }[turn.kind]
        return self.tr(message, name=name)

    def _names(self, view: PlayView, seats: tuple[int, ...]) -> str:
        return self.tr(T.NAME_SEP).join(view.seat_info(s).name for s in seats)

    def info_line(self, view: PlayView) -> str:
        """Who may burn and who may yield, in words (empty when nobody)."""
        turn = view.turn
        parts = []
        if turn.burners:
            parts.append(self.tr(T.MAY_BURN, names=self._names(view, turn.burners)))
        if turn.may_yield and turn.acting is not None:
            parts.append(self.tr(T.MAY_YIELD, name=view.seat_info(turn.acting).name))
        return "    ".join(parts)

    def _draw_centre(self, surface: pygame.Surface, view: PlayView) -> None:
        lay = self.layout
        area = self._centre
        y = area.top
        if view.four_way:
            band = pygame.Rect(area.left, y, area.width, round(lay.large * 1.5))
            draw_panel(surface, band, theme.BANNER, band.height // 2, theme.GOLD, lay.line)
            draw_text(
                surface,
                self.tr(T.FOUR_WAY),
                lay.large,
                theme.TEXT,
                band.center,
                "center",
                bold=True,
                max_width=band.width - 2 * lay.gap,
            )
            y = band.bottom + lay.gap
        status = draw_text(
            surface,
            self.status_line(view),
            lay.large,
            theme.TURN,
            (area.centerx, y),
            "midtop",
            bold=True,
            max_width=area.width,
        )
        y = status.bottom
        info = self.info_line(view)
        if info:
            y = draw_text(
                surface,
                info,
                lay.body_font,
                theme.BURN,
                (area.centerx, y),
                "midtop",
                max_width=area.width,
            ).bottom
        y += lay.gap
        burn_h = round(area.height * 0.36) if view.burn is not None else 0
        trick_area = pygame.Rect(area.left, y, area.width, area.bottom - y - burn_h)
        self._draw_trick(surface, view, trick_area)
        if view.burn is not None:
            self._draw_burn(
                surface, view, pygame.Rect(area.left, area.bottom - burn_h, area.width, burn_h)
            )

    def _draw_trick(self, surface: pygame.Surface, view: PlayView, area: pygame.Rect) -> None:
        lay = self.layout
        trick = view.trick
        if trick is None:
            draw_text(
                surface, self.tr(T.NO_TRICK), lay.body_font, theme.TEXT_DIM, area.center, "center"
            )
            return
        owner = view.seat_info(trick.owner)
        line_h = lay.body_font + lay.gap
        marks = []
        if trick.pure:
            marks.append(self.tr(T.MARK_PURE))
        elif trick.gouji:
            marks.append(self.tr(T.MARK_GOUJI))
        label = self.tr(T.TRICK_OWNER, name=owner.name)
        r = lay.body_font // 2
        text = draw_text(
            surface,
            label,
            lay.body_font,
            theme.TEXT,
            (area.centerx, area.top + line_h // 2),
            "center",
            max_width=area.width // 2,
        )
        draw_badge(
            surface, (text.left - r - lay.gap, text.centery), r, owner.team, seat_label(owner.index)
        )
        x = text.right + lay.gap
        for mark in marks:
            x = (
                draw_chip(
                    surface, mark, lay.body_font, (x, text.centery), theme.GOLD, anchor="midleft"
                ).right
                + lay.gap
            )
        cards_area = pygame.Rect(area.left, area.top + line_h, area.width, area.height - line_h)
        drawn = draw_cards(surface, cards_area.inflate(0, -lay.gap), trick.cards, lay.px(120))
        if trick.gouji:
            pygame.draw.rect(
                surface, theme.GOLD, drawn.inflate(lay.gap * 2, lay.gap * 2), lay.line, lay.radius
            )

    def _draw_burn(self, surface: pygame.Surface, view: PlayView, area: pygame.Rect) -> None:
        lay = self.layout
        burn = view.burn
        assert burn is not None
        draw_panel(surface, area, theme.PANEL_DIM, lay.radius, theme.BURN, lay.line)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        title = self.tr(
            T.BURN_TITLE,
            burner=view.seat_info(burn.burner).name,
            target=view.seat_info(burn.target).name,
        )
        head = draw_text(
            surface,
            title,
            lay.body_font,
            theme.BURN,
            inner.topleft,
            bold=True,
            max_width=inner.width,
        )
        steps_area = pygame.Rect(
            inner.left,
            head.bottom + lay.gap // 2,
            inner.width,
            inner.bottom - head.bottom - lay.gap // 2,
        )
        if not burn.steps:
            draw_text(
                surface,
                self.tr(T.BURN_NONE_YET),
                lay.small,
                theme.TEXT_DIM,
                steps_area.midleft,
                "midleft",
            )
            return
        width = steps_area.width // len(burn.steps)
        for i, cards in enumerate(burn.steps):
            cell = pygame.Rect(
                steps_area.left + i * width, steps_area.top, width - lay.gap, steps_area.height
            )
            label = draw_text(
                surface,
                self.tr(T.BURN_STEP, n=i + 1),
                lay.small,
                theme.TEXT_DIM,
                cell.midleft,
                "midleft",
            )
            tiles = pygame.Rect(
                label.right + lay.gap // 2,
                cell.top,
                cell.right - label.right - lay.gap // 2,
                cell.height,
            )
            draw_cards(surface, tiles, cards)

    def _draw_refusal(self, surface: pygame.Surface, view: PlayView) -> None:
        lay = self.layout
        refusal = view.refusal
        assert refusal is not None
        band = self.layout.footer.inflate(-2 * lay.margin, -2 * lay.gap)
        draw_panel(surface, band, (60, 18, 22), lay.radius, theme.BAD, lay.line)
        inner = band.inflate(-2 * lay.gap, 0)
        chip = draw_chip(
            surface, self.tr(T.REFUSED), lay.body_font, inner.midleft, theme.BAD, anchor="midleft"
        )
        x = chip.right + lay.gap
        if refusal.rule:
            rule = draw_text(
                surface,
                self.tr(T.RULE_SWITCH, rule=refusal.rule),
                lay.small,
                theme.TEXT_DIM,
                inner.midright,
                "midright",
                max_width=inner.width // 4,
            )
            right = rule.left - lay.gap
        else:
            right = inner.right
        parts = []
        if refusal.seat is not None:
            parts.append(
                self.tr(T.REFUSAL_PLAY, name=view.seat_info(refusal.seat).name, cards=refusal.cards)
            )
        parts.append(refusal.reason.pick(self.options.lang))
        draw_paragraph(
            surface,
            self.tr(T.COLON).join(parts),
            lay.large,
            theme.TEXT,
            pygame.Rect(x, band.top + lay.line, right - x, band.height - 2 * lay.line),
            bold=True,
            min_size=lay.small,
            centred=True,
        )
