"""What the play screen says and shows: counts under 报牌, team shapes, roles, status lines."""

from __future__ import annotations

from dataclasses import replace

import pygame

from display import samples
from display.draw import _badge
from display.screens import PlayScreen
from display.screens.seat_panel import Role, seat_panel
from display.view import DisplayOptions, Place, SeatView, TurnKind, TurnView

SIZE = (300, 150)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_hidden_count_shows_only_in_referee_view() -> None:
    hidden = SeatView(samples.SEATS[0], 17, count_public=False)
    public = replace(hidden, count_public=True)
    assert _pixels(seat_panel(hidden, None, "zh", False, SIZE)) != _pixels(
        seat_panel(hidden, None, "zh", True, SIZE)
    )
    assert _pixels(seat_panel(public, None, "zh", False, SIZE)) == _pixels(
        seat_panel(public, None, "zh", True, SIZE)
    )
    # a hidden count never depends on the number when the table may not see it
    assert _pixels(seat_panel(hidden, None, "zh", False, SIZE)) == _pixels(
        seat_panel(replace(hidden, cards_left=3), None, "zh", False, SIZE)
    )


def test_teams_differ_by_shape_not_only_colour() -> None:
    circle, square = _badge(0, 20, ""), _badge(1, 20, "")
    corner = (3, 3)
    assert circle.get_at(corner).a == 0  # outside the circle
    assert square.get_at(corner).a == 255  # inside the square
    assert circle.get_at((20, 20))[:3] != square.get_at((20, 20))[:3]


def test_roles_and_states_change_the_panel() -> None:
    seat = SeatView(samples.SEATS[2], 12, opened=True)
    drawn = {
        _pixels(seat_panel(seat, role, "zh", False, SIZE))
        for role in (None, Role.TURN, Role.ANSWER, Role.BURN)
    }
    assert len(drawn) == 4
    variants = (
        seat,
        replace(seat, opened=False),
        replace(seat, headless=True),
        replace(seat, passed=True),
        replace(seat, stuck=True),
        replace(seat, place=Place.TOU, cards_left=0),
    )
    assert len({_pixels(seat_panel(v, None, "zh", False, SIZE)) for v in variants}) == len(variants)


def test_status_lines_name_who_may_act() -> None:
    gouji = (
        samples.play_gouji()
    )  # 老王's pure 够级, opposite 阿强 to answer, 刘姐 and 张老师 may burn
    zh, en = PlayScreen((1280, 720)), PlayScreen((1280, 720), DisplayOptions(lang="en"))
    assert zh.status_line(gouji) == "够级！只有对家 阿强 能接"
    assert en.status_line(gouji) == "Gouji! Only the opposite, 阿强, may answer"
    assert zh.info_line(gouji) == "可烧：刘姐、张老师"
    assert en.info_line(gouji) == "May burn: 刘姐, 张老师"

    burn = samples.play_burn()
    assert zh.status_line(burn) == "小李 正在烧牌，接着出"
    lead = replace(burn, turn=TurnView(TurnKind.LEAD, acting=5, may_yield=True))
    assert zh.status_line(lead) == "轮到 赵六 出牌"
    assert zh.info_line(lead) == "赵六 可让牌"
    open_answer = replace(burn, turn=TurnView(TurnKind.ANSWER, answerers=(4, 0)))
    assert zh.status_line(open_answer) == "可接：张老师、老王"
    over = replace(burn, turn=TurnView(TurnKind.DEAL_OVER))
    assert en.status_line(over) == "Deal over"
    assert zh.info_line(over) == ""


def test_referee_view_reveals_counts_on_the_play_screen() -> None:
    view = samples.play_burn()
    normal, referee = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    PlayScreen((1280, 720)).draw(normal, view)
    PlayScreen((1280, 720), DisplayOptions(referee=True)).draw(referee, view)
    screen = PlayScreen((1280, 720))
    hidden_seat = screen.seat_rect(0)  # 老王's count is not told
    public_seat = screen.seat_rect(4)  # 张老师's 9 is told

    def area(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
        return pygame.image.tobytes(surface.subsurface(rect), "RGB")

    assert area(normal, hidden_seat) != area(referee, hidden_seat)
    assert area(normal, public_seat) == area(referee, public_seat)
