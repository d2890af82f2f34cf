"""The end-of-deal screen (结算): places, points by source, tribute owed, match totals."""

from __future__ import annotations

import pygame

from display import theme
from display.draw import draw_badge, draw_chip, draw_panel, draw_text
from display.intents import Next, OpenReplay
from display.layout import split_columns, split_rows
from display.screens.base import Control, Screen
from display.text import PLACE_NAMES, TEAM_NAMES, TRIBUTE_NAMES, T, card_count, seat_label
from display.view import EndView, ScoreLine, SeatInfo, TeamScore, TributeRow

_COLUMNS = (T.COL_PLACE, T.COL_DIAN, T.COL_SHAO, T.COL_MEN, T.COL_TOTAL)


def signed(value: int) -> str:
    """Points as a scoreboard writes them: ``+4``, ``-2``, ``0``."""
    return f"{value:+d}" if value else "0"


def _points_colour(value: int) -> theme.Colour:
    if value > 0:
        return theme.GOOD
    if value < 0:
        return theme.BAD
    return theme.TEXT_DIM


class EndScreen(Screen[EndView]):
    """The deal's result: who placed where, why the points, what tribute comes next."""

    name = "end"

    def controls(self, view: EndView) -> tuple[Control, ...]:
        """Replay and language in the header, "next deal" in the footer."""
        return self.header_buttons((OpenReplay(), T.REPLAY, False)) + self.footer_buttons(
            (Next(), T.NEXT_DEAL, True)
        )

    def draw_view(self, surface: pygame.Surface, view: EndView) -> None:
        """Title, points table with team lines, tribute list, match totals."""
        lay = self.layout
        title = self.tr(T.TITLE_SEP).join(
            (self.tr(T.END_TITLE, n=view.match.deal_no), self.tr(T.PRESET, name=view.preset))
        )
        self.draw_title(surface, view, title)
        left, right = split_columns(lay.body, (3, 2), lay.gap * 2)
        self._draw_points(surface, view, left)
        tribute, match = split_rows(right, (3, 1), lay.gap * 2)
        self._draw_tribute(surface, view, tribute)
        self._draw_match(surface, view, match)
        footer = lay.footer.inflate(-2 * lay.margin, 0)
        draw_text(
            surface,
            self.tr(T.MATCH, n=view.match.deal_no, m=view.match.deals_in_match),
            lay.body_font,
            theme.TEXT_DIM,
            footer.midleft,
            "midleft",
        )

    # ------------------------------------------------------------ parts

    def _seat_cell(
        self,
        surface: pygame.Surface,
        seat: SeatInfo,
        at: tuple[int, int],
        size: int,
        max_width: int,
    ) -> pygame.Rect:
        r = size // 2
        draw_badge(surface, (at[0] + r, at[1]), r, seat.team, seat_label(seat.index))
        return draw_text(
            surface,
            seat.name,
            size,
            theme.TEXT,
            (at[0] + 2 * r + size // 4, at[1]),
            "midleft",
            max_width=max_width - 2 * r - size // 4,
        )

    def _draw_points(self, surface: pygame.Surface, view: EndView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        rows = sorted(view.scores, key=lambda s: (s.place is None, s.place or 0, s.seat))
        n_rows = len(rows) + 1 + len(view.teams)
        row_h = inner.height // n_rows
        size = min(lay.body_font, int(row_h * 0.62))
        cols = split_columns(inner, (1.1, 2.2, 1, 1, 1, 1, 1.2), lay.gap)
        y = inner.top + row_h // 2
        draw_text(
            surface,
            self.tr(T.PLACES),
            lay.small,
            theme.TEXT_DIM,
            (cols[0].left, y),
            "midleft",
            max_width=cols[0].width,
        )
        for col, msg in zip(cols[2:], _COLUMNS, strict=True):
            draw_text(
                surface,
                self.tr(msg),
                lay.small,
                theme.TEXT_DIM,
                (col.right, y),
                "midright",
                max_width=col.width,
            )
        for line in rows:
            y += row_h
            self._draw_score_line(surface, view, line, cols, y, size)
        for team in view.teams:
            y += row_h
            self._draw_team_line(surface, team, cols, y, size, inner)

    def _draw_score_line(
        self,
        surface: pygame.Surface,
        view: EndView,
        line: ScoreLine,
        cols: tuple[pygame.Rect, ...],
        y: int,
        size: int,
    ) -> None:
        if line.place is not None:
            draw_text(
                surface,
                self.tr(PLACE_NAMES[line.place]),
                size,
                theme.GOLD,
                (cols[0].left, y),
                "midleft",
                bold=True,
                max_width=cols[0].width,
            )
        self._seat_cell(surface, view.seat_info(line.seat), (cols[1].left, y), size, cols[1].width)
        values = (line.place_points, line.dian, line.shao, line.men, line.total)
        for col, value in zip(cols[2:], values, strict=True):
            draw_text(
                surface,
                signed(value),
                size,
                _points_colour(value),
                (col.right, y),
                "midright",
                bold=col is cols[-1],
            )

    def _draw_team_line(
        self,
        surface: pygame.Surface,
        team: TeamScore,
        cols: tuple[pygame.Rect, ...],
        y: int,
        size: int,
        inner: pygame.Rect,
    ) -> None:
        lay = self.layout
        pygame.draw.line(surface, theme.EDGE, (inner.left, y - size), (inner.right, y - size), 1)
        r = size // 2
        draw_badge(surface, (cols[0].left + r, y), r, team.team, "")
        name = draw_text(
            surface,
            self.tr(TEAM_NAMES[team.team % 2]),
            size,
            theme.TEAM[team.team % 2],
            (cols[0].left + 2 * r + lay.gap, y),
            "midleft",
            bold=True,
        )
        detail = self.tr(T.TEAM_SUBTOTAL, sub=signed(team.subtotal))
        if team.multiplier != 1:
            doubling = T.TEAM_DOUBLED if team.sweep else T.TEAM_MULTIPLIER
            detail += "  " + self.tr(doubling, m=team.multiplier)
        draw_text(
            surface,
            detail,
            lay.small,
            theme.TEXT_DIM,
            (name.right + lay.gap, y),
            "midleft",
            max_width=cols[-2].right - name.right - lay.gap,
        )
        draw_text(
            surface,
            signed(team.total),
            int(size * 1.2),
            _points_colour(team.total),
            (cols[-1].right, y),
            "midright",
            bold=True,
        )

    def _draw_tribute(self, surface: pygame.Surface, view: EndView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius)
        inner = area.inflate(-2 * lay.gap, -2 * lay.gap)
        head = draw_text(
            surface, self.tr(T.TRIBUTE), lay.body_font, theme.TEXT, inner.topleft, bold=True
        )
        if not view.tribute:
            draw_text(
                surface,
                self.tr(T.NO_TRIBUTE),
                lay.body_font,
                theme.TEXT_DIM,
                (inner.left, head.bottom + lay.gap),
            )
            return
        rows_area = pygame.Rect(
            inner.left, head.bottom + lay.gap, inner.width, inner.bottom - head.bottom - lay.gap
        )
        row_h = min(rows_area.height // len(view.tribute), lay.px(56))
        size = min(lay.body_font, int(row_h * 0.6))
        for i, row in enumerate(view.tribute):
            y = rows_area.top + i * row_h + row_h // 2
            self._draw_tribute_row(surface, view, row, rows_area, y, size)

    def _draw_tribute_row(
        self,
        surface: pygame.Surface,
        view: EndView,
        row: TributeRow,
        area: pygame.Rect,
        y: int,
        size: int,
    ) -> None:
        lay = self.layout
        kind, giver, arrow, receiver, count = split_columns(area, (1.1, 2, 0.5, 2, 1.1), lay.gap)
        draw_chip(
            surface,
            self.tr(TRIBUTE_NAMES[row.kind]),
            lay.small,
            (kind.left, y),
            theme.GOLD,
            anchor="midleft",
            filled=False,
        )
        self._seat_cell(surface, view.seat_info(row.giver), (giver.left, y), size, giver.width)
        draw_text(surface, self.tr(T.ARROW), size, theme.TEXT_DIM, (arrow.centerx, y), "center")
        self._seat_cell(
            surface, view.seat_info(row.receiver), (receiver.left, y), size, receiver.width
        )
        draw_text(
            surface,
            card_count(row.count, self.options.lang),
            size,
            theme.TEXT,
            (count.right, y),
            "midright",
            bold=True,
            max_width=count.width,
        )

    def _draw_match(self, surface: pygame.Surface, view: EndView, area: pygame.Rect) -> None:
        lay = self.layout
        draw_panel(surface, area, theme.PANEL, lay.radius, theme.GOLD, 1)
        halves = split_columns(area.inflate(-2 * lay.gap, -2 * lay.gap), (1, 1), lay.gap)
        size = min(lay.title, int(area.height * 0.45))
        for team, half in enumerate(halves):
            total = view.match.team_totals[team]
            r = size // 3
            draw_badge(surface, (half.left + r, half.centery), r, team, "")
            draw_text(
                surface,
                self.tr(TEAM_NAMES[team]),
                lay.body_font,
                theme.TEAM[team],
                (half.left + 2 * r + lay.gap, half.centery),
                "midleft",
                bold=True,
            )
            draw_text(
                surface,
                signed(total),
                size,
                _points_colour(total),
                (half.right - lay.gap, half.centery),
                "midright",
                bold=True,
            )
