"""Buttons, turn LEDs and the refusal buzzer on the Pi's GPIO pins (按钮与指示灯).

:class:`TablePins` builds gpiozero devices from :class:`~device.config.GpioConfig`
and turns presses into :class:`ButtonEvent` values, delivered to a callback
and to a thread-safe queue.  The pin factory is a parameter, so tests pass
gpiozero's ``MockFactory`` and the Pi uses the default (lgpio on a Pi 5).
Buttons are wired between the pin and ground, using the internal pull-up;
LEDs and the buzzer are active-high.  ``on_event`` runs on gpiozero's event
thread; the main loop reads :attr:`TablePins.events` instead.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import Any

from device.config import SEATS, GpioConfig
from device.events import Action, ButtonEvent

log = logging.getLogger(__name__)


class TablePins:
    """The table's buttons, LEDs and buzzer; close it to release the pins."""

    def __init__(self, config: GpioConfig, *,
                 on_event: Callable[[ButtonEvent], None] | None = None,
                 pin_factory: Any = None,
                 clock: Callable[[], float] = time.monotonic,
                 beep_seconds: float = 0.15) -> None:
        from gpiozero import LED, Button, Buzzer

        self.events: queue.Queue[ButtonEvent] = queue.Queue()
        self._on_event = on_event
        self._clock = clock
        self._beep_seconds = beep_seconds
        self._buttons: list[Any] = []
        self._leds: list[Any] = []
        self._buzzer: Any = None
        bounce = config.bounce_ms / 1000 or None

        def button(pin: int, action: Action, seat: int | None) -> None:
            device = Button(pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory)
            device.when_pressed = lambda: self._deliver(action, seat)
            self._buttons.append(device)

        try:
            for action, pin in ((Action.PASS, config.pass_pin), (Action.RANG, config.rang_pin),
                                (Action.CONFIRM, config.confirm_pin),
                                (Action.UNDO, config.undo_pin)):
                button(pin, action, None)
            for seat, pin in enumerate(config.seat_pass_pins):
                button(pin, Action.PASS, seat)
            for pin in config.led_pins:
                self._leds.append(LED(pin, pin_factory=pin_factory))
            if config.buzzer_pin is not None:
                self._buzzer = Buzzer(config.buzzer_pin, pin_factory=pin_factory)
        except Exception:
            self.close()  # release the pins already taken
            raise

    def _deliver(self, action: Action, seat: int | None) -> None:
        event = ButtonEvent(action, seat, self._clock())
        self.events.put(event)
        if self._on_event is not None:
            try:
                self._on_event(event)
            except Exception:  # keep gpiozero's event thread alive for the next press
                log.exception("button handler failed on %s", event)

    def show_turn(self, seat: int | None) -> None:
        """Light the LED of ``seat`` (0-5) only; ``None`` turns them all off."""
        if seat is not None and not 0 <= seat < SEATS:
            raise ValueError(f"seat {seat}: expected 0-{SEATS - 1} or None")
        for i, led in enumerate(self._leds):
            if i == seat:
                led.on()
            else:
                led.off()

    def refuse(self) -> None:
        """Sound the buzzer twice in the background: a refused play (不合规)."""
        if self._buzzer is not None:
            self._buzzer.beep(on_time=self._beep_seconds, off_time=self._beep_seconds, n=2,
                              background=True)

    def close(self) -> None:
        """Switch the LEDs and buzzer off and release every pin."""
        outputs = [*self._leds, *([self._buzzer] if self._buzzer is not None else [])]
        for device in outputs:
            device.off()
        for device in [*self._buttons, *outputs]:
            device.close()
        self._buttons.clear()
        self._leds.clear()
        self._buzzer = None

    def __enter__(self) -> TablePins:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
