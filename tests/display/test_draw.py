"""Drawing primitives: wrapping, fitting, card tiles."""

from __future__ import annotations

import pygame
import pytest

from display.draw import draw_cards, draw_paragraph, fit_size, wrap_lines
from display.fonts import font

ENGLISH = "Does not top it: Q is below K, and no jokers to beat the two small jokers"
CHINESE = "压不住：Q 比 K 小，也没有王压两张小王。烧牌失败：第二手没有挂王"


@pytest.mark.parametrize("text", [ENGLISH, CHINESE])
@pytest.mark.parametrize("width", [120, 300, 2000])
def test_wrapped_lines_fit_and_keep_the_text(text: str, width: int) -> None:
    lines = wrap_lines(text, 20, width)
    assert all(font(20).size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert len(lines) == 1 if width == 2000 else len(lines) > 1


def test_english_breaks_between_words_only() -> None:
    words = set(ENGLISH.split())
    for line in wrap_lines(ENGLISH, 20, 150):
        assert set(line.split()) <= words


def test_paragraph_shrinks_to_fit_its_box() -> None:
    surface = pygame.Surface((400, 200))
    box = pygame.Rect(10, 10, 200, 60)
    covered = draw_paragraph(surface, ENGLISH * 2, 30, (255, 255, 255), box, min_size=8)
    assert box.contains(covered)
    centred = draw_paragraph(surface, "短", 20, (255, 255, 255), box, centred=True)
    assert abs(centred.centery - box.centery) <= 2


def test_fit_size_shrinks_only_when_needed() -> None:
    assert fit_size("够级", 30, 1000) == 30
    small = fit_size(ENGLISH, 30, 500)
    assert small < 30 and font(small).size(ENGLISH)[0] <= 500


@pytest.mark.parametrize("cards", ["3", "KKK22BB", "T" * 24 + "RRBB"])
def test_card_tiles_stay_inside_their_area(cards: str) -> None:
    surface = pygame.Surface((600, 200))
    area = pygame.Rect(50, 50, 400, 100)
    drawn = draw_cards(surface, area, cards)
    assert area.contains(drawn)
    assert drawn.height == 100
