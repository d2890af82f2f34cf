"""The presenter draws only when something on screen would change."""

from __future__ import annotations

from dataclasses import replace

import pygame

from display import samples
from display.presenter import Presenter
from display.screens import PlayScreen
from display.view import DisplayOptions


def test_draws_on_change_only() -> None:
    surface = pygame.Surface((800, 480))
    presenter = Presenter(surface)
    screen = PlayScreen((800, 480))
    view = samples.play_burn()
    assert presenter.present(screen, view)
    assert not presenter.present(screen, view)
    assert not presenter.present(screen, replace(view))  # equal, though another object
    assert presenter.present(screen, replace(view, four_way=True))
    screen.options = DisplayOptions(lang="en")
    assert presenter.present(screen, replace(view, four_way=True))
    presenter.invalidate()
    assert presenter.present(screen, replace(view, four_way=True))
    assert presenter.present(PlayScreen((800, 480)), replace(view, four_way=True))
