"""``gouji-table hw-test`` against MockFactory pins and a loop:// panel port."""

from __future__ import annotations

import io
import threading

import serial
from gpiozero import LED
from gpiozero.pins.mock import MockFactory

from device import config as cfg
from device.cli_hwtest import check
from device.events import Action
from device.panel import Port
from device.panel_protocol import Button, encode
from tests.device.waiting import wait_until


def config_with(override: str) -> cfg.Config:
    return cfg.validate(cfg._merge(cfg.packaged_defaults(), cfg.parse_toml(override, "t")), "t")


def test_walks_leds_beeps_and_shows_presses_from_pins_and_panels(factory: MockFactory) -> None:
    config = config_with('[panels]\nenabled = true\nport = "loop://"\n')
    ports: list[serial.SerialBase] = []

    def loop() -> Port:
        ports.append(serial.serial_for_url("loop://", timeout=0.02))
        return ports[-1]

    out = io.StringIO()
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(
        check(config, seconds=1.0, out=out, step=0.0, pin_factory=factory, open_port=loop)))
    runner.start()
    assert wait_until(lambda: "press the buttons" in out.getvalue())
    factory.pin(5).drive_low()
    factory.pin(5).drive_high()
    ports[-1].write(encode(Button(3, Action.RANG)))
    runner.join(5)
    assert result == [0]
    text = out.getvalue()
    assert "共用 shared: 过牌 pass\n" in text and "座位 seat S3: 让牌 rang\n" in text
    for pin in config.gpio.led_pins:  # each LED went on, then off
        assert [s.state for s in factory.pin(pin).states] == [False, True, False], pin
    assert True in [s.state for s in factory.pin(18).states]  # the buzzer sounded
    assert text.rstrip().splitlines()[-1].startswith("panels: frames 1")


def test_nothing_enabled_is_reported() -> None:
    out = io.StringIO()
    config = config_with("[gpio]\nenabled = false\n")
    assert check(config, seconds=0, out=out) == 1
    assert "nothing to test" in out.getvalue()


def test_gpio_that_cannot_be_driven_is_reported(factory: MockFactory) -> None:
    holder = LED(5, pin_factory=factory)  # something else holds the pass button's pin
    out = io.StringIO()
    try:
        assert check(config_with(""), seconds=0, out=out, step=0.0, pin_factory=factory) == 1
    finally:
        holder.close()
    assert out.getvalue().startswith("GPIO 不可用 unavailable: GPIOPinInUse: ")
