"""Touch hit-testing: every control yields its intent; empty space yields nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from display import samples
from display.intents import (
    AddCard,
    Calibrate,
    ChooseDeclaration,
    Close,
    Confirm,
    ConfirmDeclaration,
    EditReading,
    Intent,
    Next,
    OpenDeclare,
    OpenReplay,
    Prev,
    RemoveCard,
    Retake,
    Seek,
    SelectSeat,
    Start,
    TeachDeck,
    ToggleLanguage,
    ToggleReferee,
    Undo,
)
from display.screens import (
    ConfirmScreen,
    CorrectScreen,
    DeclareScreen,
    EndScreen,
    PlayScreen,
    ReplayScreen,
    Screen,
    SetupScreen,
)
from display.view import CorrectionView, DeclareView, DisplayOptions, EventView
from gouji.cards import ALL_RANKS
from tests.display import views
from tests.display.conftest import SIZES

SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


def _intents_of_buttons(screen: Screen[Any], view: Any) -> list[Intent]:
    """Touch the centre of every labelled button, in order."""
    found = []
    for control in screen.controls(view):
        if control.label:
            intent = screen.hit(control.rect.center, view)
            assert intent is not None
            found.append(intent)
    return found


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_play_buttons(size: tuple[int, int]) -> None:
    view = samples.play_burn()
    assert _intents_of_buttons(PlayScreen(size), view) == [
        OpenDeclare(),
        Undo(),
        OpenReplay(),
        ToggleReferee(),
        ToggleLanguage(),
    ]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("bottom", range(6))
def test_touching_a_seat_panel_selects_that_seat(size: tuple[int, int], bottom: int) -> None:
    view = samples.play_burn()
    screen = PlayScreen(size, DisplayOptions(bottom_seat=bottom))
    for seat in range(6):
        assert screen.hit(screen.seat_rect(seat).center, view) == SelectSeat(seat)
    # the bottom-centre panel belongs to the seat the screen faces
    w, h = size
    bottom_panel = screen.seat_rect(bottom)
    assert bottom_panel.centerx == pytest.approx(w / 2, abs=2)
    assert bottom_panel.bottom > h * 0.7


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_play_centre_and_empty_felt_are_not_controls(size: tuple[int, int]) -> None:
    view = samples.play_burn()
    screen = PlayScreen(size)
    w, h = size
    assert screen.hit((w // 2, h // 2), view) is None
    assert screen.hit((2, h // 2), view) is None


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_confirm_one_touch_per_candidate(size: tuple[int, int]) -> None:
    for view in (samples.unsure(), views.many_candidates()):
        screen = ConfirmScreen(size)
        rows = [c for c in screen.controls(view) if isinstance(c.intent, Confirm)]
        assert [c.intent for c in rows] == [Confirm(c.cards) for c in view.candidates]
        for row, candidate in zip(rows, view.candidates, strict=True):
            # anywhere on the row counts, tiles or numbers
            assert screen.hit((row.rect.left + 3, row.rect.centery), view) == Confirm(
                candidate.cards
            )
            assert screen.hit((row.rect.right - 3, row.rect.centery), view) == Confirm(
                candidate.cards
            )
        assert _intents_of_buttons(screen, view) == [ToggleLanguage(), EditReading(), Retake()]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_end_and_setup_buttons(size: tuple[int, int]) -> None:
    assert _intents_of_buttons(EndScreen(size), samples.end_of_deal()) == [
        OpenReplay(),
        ToggleLanguage(),
        Next(),
    ]
    assert _intents_of_buttons(SetupScreen(size), samples.setup()) == [
        ToggleLanguage(),
        Calibrate(),
        TeachDeck(),
        Start(),
    ]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("bottom", (0, 4))
def test_setup_picks_the_first_leader_by_touching_a_seat(size: tuple[int, int],
                                                         bottom: int) -> None:
    screen = SetupScreen(size, DisplayOptions(bottom_seat=bottom))
    asking = replace(samples.setup_leader(), leader=None)
    # no leader yet: no start button, only the seats (and the language)
    assert _intents_of_buttons(screen, asking) == [ToggleLanguage()]
    seat_areas = [c for c in screen.controls(asking) if isinstance(c.intent, SelectSeat)]
    assert sorted(c.intent.seat for c in seat_areas if isinstance(c.intent, SelectSeat)) == \
        list(range(6))
    for control in seat_areas:
        assert screen.hit(control.rect.center, asking) == control.intent
    # the seat the screen faces is the bottom panel
    lowest = max(seat_areas, key=lambda c: c.rect.bottom)
    assert lowest.intent == SelectSeat(bottom)
    chosen = samples.setup_leader()
    assert _intents_of_buttons(screen, chosen) == [ToggleLanguage(), Start()]
    # the club-tools setup has no seat areas
    assert not [c for c in screen.controls(samples.setup())
                if isinstance(c.intent, SelectSeat)]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_declare_menu_offers_only_what_the_view_lists(size: tuple[int, int]) -> None:
    screen = DeclareScreen(size)
    offers = ((0, "xuandian"), (0, "hedian"), (3, "yaotou"))
    seats = DeclareView(samples.SEATS, offers)
    assert _intents_of_buttons(screen, seats) == [
        ToggleLanguage(), SelectSeat(0), SelectSeat(3), Close()
    ]
    silent = screen.seat_rects()[1]  # S1 has nothing to declare: its cell is not a control
    assert screen.hit(silent.center, seats) is None
    what = replace(seats, seat=0)
    assert _intents_of_buttons(screen, what) == [
        ToggleLanguage(), ChooseDeclaration("xuandian"), ChooseDeclaration("hedian"),
        Close(), Prev(),
    ]
    confirm = replace(what, chosen="hedian")
    assert _intents_of_buttons(screen, confirm) == [
        ToggleLanguage(), Close(), Prev(), ConfirmDeclaration(0, "hedian")
    ]
    nothing = DeclareView(samples.SEATS, ())
    assert _intents_of_buttons(screen, nothing) == [ToggleLanguage(), Close()]


def test_declare_view_guards_its_steps() -> None:
    with pytest.raises(ValueError, match="seat is missing"):
        DeclareView(samples.SEATS, (), chosen="men")
    with pytest.raises(ValueError, match=r"DeclareView\.seats"):
        DeclareView(samples.SEATS[::-1], ())


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_replay_steps_and_seeks(size: tuple[int, int]) -> None:
    view = samples.replay()
    screen = ReplayScreen(size)
    assert _intents_of_buttons(screen, view) == [ToggleLanguage(), Prev(), Next(), Close()]
    rows = [c for c in screen.controls(view) if isinstance(c.intent, Seek)]
    assert rows, "some events are listed"
    assert Seek(view.current) in [r.intent for r in rows], "the current event stays visible"
    for row in rows:
        assert screen.hit(row.rect.center, view) == row.intent


def test_replay_list_scrolls_to_keep_the_current_event_visible() -> None:
    long = views.replay_at(0)
    renumbered = tuple(
        EventView(i, e.text, e.accepted, e.seat, e.reason) for i, e in enumerate(long.events * 5)
    )
    screen = ReplayScreen((800, 480))
    for current in (0, 17, len(renumbered) - 1):
        view = replace(long, events=renumbered, current=current)
        seeks = [c.intent for c in screen.controls(view) if isinstance(c.intent, Seek)]
        assert Seek(current) in seeks
        assert len(seeks) < len(renumbered)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_correction_keypad(size: tuple[int, int]) -> None:
    screen = CorrectScreen(size)
    view = samples.correction()
    keys = [c for c in screen.controls(view) if isinstance(c.intent, AddCard)]
    assert [c.intent for c in keys] == [AddCard(r.symbol) for r in ALL_RANKS]
    for key in keys:
        assert screen.hit(key.rect.center, view) == key.intent
        assert key.rect.width >= 36 and key.rect.height >= 36
    assert _intents_of_buttons(screen, view) == [
        ToggleLanguage(),
        RemoveCard(),
        Close(),
        Confirm("KKKK2"),
    ]
    empty = CorrectionView(view.seat)
    assert _intents_of_buttons(screen, empty) == [ToggleLanguage(), RemoveCard(), Close()]


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_confirm_says_why_above_the_candidates(size: tuple[int, int]) -> None:
    """The doubt gets its own line under the hint; the rows move down, finger-sized still."""
    from dataclasses import replace

    screen = ConfirmScreen(size)
    view = views.many_candidates()
    quiet = replace(view, why="")
    rows = [c.rect for c in screen.controls(view) if isinstance(c.intent, Confirm)]
    quiet_rows = [c.rect for c in screen.controls(quiet) if isinstance(c.intent, Confirm)]
    assert rows[0].top > quiet_rows[0].top
    assert all(r.height >= 36 for r in rows)
    drawn, plain = pygame.Surface(size), pygame.Surface(size)
    screen.draw(drawn, view)
    screen.draw(plain, quiet)
    band = pygame.Rect(0, quiet_rows[0].top, size[0], rows[0].top - quiet_rows[0].top)
    assert any(drawn.get_at((x, y)) != plain.get_at((x, y))
               for x in range(band.left, band.right, 4) for y in range(band.top, band.bottom, 2))
