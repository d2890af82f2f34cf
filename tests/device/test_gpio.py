"""Buttons, LEDs and buzzer against gpiozero's MockFactory."""

from __future__ import annotations

import dataclasses
import time

import pytest
from gpiozero.pins.mock import MockFactory

from device.config import GpioConfig
from device.events import Action, ButtonEvent
from device.gpio import TablePins

CONFIG = GpioConfig(enabled=True, pass_pin=5, rang_pin=6, confirm_pin=13, undo_pin=19,
                    seat_pass_pins=(), led_pins=(17, 27, 22, 23, 24, 25), buzzer_pin=18,
                    bounce_ms=0)


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_shared_buttons_deliver_events_to_queue_and_callback(factory: MockFactory) -> None:
    seen: list[ButtonEvent] = []
    ticks = iter(range(100))
    with TablePins(CONFIG, on_event=seen.append, clock=lambda: float(next(ticks))) as pins:
        for pin in (5, 6, 13, 19):
            press(factory, pin)
        queued = [pins.events.get_nowait() for _ in range(4)]
        assert pins.events.empty()
    assert queued == seen == [ButtonEvent(Action.PASS, None, 0.0),
                              ButtonEvent(Action.RANG, None, 1.0),
                              ButtonEvent(Action.CONFIRM, None, 2.0),
                              ButtonEvent(Action.UNDO, None, 3.0)]


def test_release_alone_is_not_a_press(factory: MockFactory) -> None:
    with TablePins(CONFIG) as pins:
        factory.pin(5).drive_high()  # already high (pull-up): no edge
        factory.pin(5).drive_low()
        assert pins.events.qsize() == 1
        factory.pin(5).drive_high()  # releasing adds nothing
        assert pins.events.qsize() == 1


def test_per_seat_pass_buttons_name_their_seat(factory: MockFactory) -> None:
    config = dataclasses.replace(CONFIG, seat_pass_pins=(4, 7, 8, 9, 10, 11))
    with TablePins(config, clock=lambda: 0.0) as pins:
        press(factory, 9)
        press(factory, 4)
        assert [pins.events.get_nowait() for _ in range(2)] == [
            ButtonEvent(Action.PASS, 3, 0.0), ButtonEvent(Action.PASS, 0, 0.0)]


def test_turn_leds_light_one_seat(factory: MockFactory) -> None:
    with TablePins(CONFIG) as pins:
        def lit() -> list[bool]:
            return [factory.pin(p).state for p in CONFIG.led_pins]
        assert lit() == [False] * 6
        pins.show_turn(2)
        assert lit() == [False, False, True, False, False, False]
        pins.show_turn(5)
        assert lit() == [False] * 5 + [True]
        pins.show_turn(None)
        assert lit() == [False] * 6
        with pytest.raises(ValueError, match="seat 6"):
            pins.show_turn(6)


def test_refusal_beeps_twice_then_stops(factory: MockFactory) -> None:
    with TablePins(CONFIG, beep_seconds=0.02) as pins:
        buzzer = factory.pin(18)
        buzzer.clear_states()
        pins.refuse()
        deadline = time.monotonic() + 2
        while len(buzzer.states) < 5 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [s.state for s in buzzer.states] == [False, True, False, True, False]
        assert buzzer.state is False


def test_no_buzzer_fitted(factory: MockFactory) -> None:
    with TablePins(dataclasses.replace(CONFIG, buzzer_pin=None)) as pins:
        pins.refuse()  # nothing to sound, nothing raised
    assert factory.pin(18).function == "input"


def test_close_releases_pins_and_a_failed_build_releases_what_it_took(
        factory: MockFactory) -> None:
    pins = TablePins(CONFIG)
    pins.show_turn(0)
    pins.close()
    assert factory.pin(17).state is False
    assert factory.pin(17).function == "input"
    # pin 5 twice: gpiozero refuses the second device; the first must be released again
    with pytest.raises(Exception, match="5"):
        TablePins(dataclasses.replace(CONFIG, rang_pin=5))
    TablePins(CONFIG).close()  # every pin free again


def test_action_labels_put_chinese_first() -> None:
    assert [a.label for a in Action] == ["过牌 pass", "让牌 rang", "确认 confirm", "撤销 undo"]


def test_a_failing_callback_still_queues_and_the_next_press_works(factory: MockFactory) -> None:
    def broken(event: ButtonEvent) -> None:
        raise RuntimeError("bug in the main loop")

    with TablePins(CONFIG, on_event=broken) as pins:
        press(factory, 5)
        press(factory, 6)
        assert [pins.events.get_nowait().action for _ in range(2)] == [Action.PASS, Action.RANG]


def test_a_failed_led_releases_the_pins_already_taken(factory: MockFactory) -> None:
    with pytest.raises(Exception, match="22"):
        TablePins(dataclasses.replace(CONFIG, led_pins=(17, 27, 22, 22, 24, 25)))
    TablePins(CONFIG).close()  # 17, 27 and the buttons were released
