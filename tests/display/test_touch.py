"""Mouse clicks and finger touches become surface pixels."""

from __future__ import annotations

import pygame

from display import samples
from display.intents import Undo
from display.screens import PlayScreen
from display.touch import touch_point


def test_mouse_and_finger_presses() -> None:
    size = (800, 480)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)
    right_click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=3)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=1.0, touch_id=0, finger_id=0)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)
    assert touch_point(click, size) == (10, 20)
    assert touch_point(right_click, size) is None
    assert touch_point(finger, size) == (400, 479)
    assert touch_point(key, size) is None


def test_a_finger_on_the_undo_button() -> None:
    size = (800, 480)
    screen, view = PlayScreen(size), samples.play_burn()
    undo = next(c.rect for c in screen.controls(view) if c.intent == Undo())
    finger = pygame.event.Event(
        pygame.FINGERDOWN,
        x=undo.centerx / size[0],
        y=undo.centery / size[1],
        touch_id=0,
        finger_id=0,
    )
    point = touch_point(finger, size)
    assert point is not None
    assert screen.hit(point, view) == Undo()
