"""``gouji-table hw-test``: check the wiring (硬件测试).

Walks the turn LEDs (and the panels' turn lights and counts) seat by seat,
sounds the refusal buzzer, then prints every button press — from the GPIO
buttons and from the seat panels alike — until the time is up or Ctrl-C.
Stop the service first; it holds the pins and the port.
"""

from __future__ import annotations

import argparse
import queue
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from device.cli_config import add_config_option, load_or_report
from device.config import SEATS, Config
from device.events import ButtonEvent
from device.gpio import TablePins
from device.panel import PanelLink, Port, serial_opener
from device.panel_protocol import Refuse, ShowCount, ShowTurn


def register(subparsers: Any) -> None:
    """Add the ``hw-test`` subcommand."""
    parser = subparsers.add_parser(
        "hw-test", help="硬件测试 light the LEDs, sound the buzzer, show button presses",
        description="Check the wiring of buttons, LEDs, buzzer and seat panels "
                    "(stop the gouji-table service first).",
    )
    add_config_option(parser)
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long to show button presses (default 60)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Handle ``hw-test``."""
    config = load_or_report(args)
    if config is None:
        return 2
    try:
        return check(config, seconds=args.seconds, out=sys.stdout)
    except KeyboardInterrupt:
        return 0


def describe_press(event: ButtonEvent) -> str:
    """``座位 seat S3: 过牌 pass`` or, for a shared button, ``共用 shared: 过牌 pass``."""
    where = "共用 shared" if event.seat is None else f"座位 seat S{event.seat}"
    return f"{where}: {event.action.label}"


def check(config: Config, *, seconds: float, out: TextIO, step: float = 0.3,
          pin_factory: Any = None, open_port: Callable[[], Port] | None = None) -> int:
    """Run the test on the configured hardware; 0 if it could be driven, 1 if not."""
    if not (config.gpio.enabled or config.panels.enabled):
        print("无可测 nothing to test: [gpio] and [panels] are both disabled", file=out)
        return 1
    events: queue.Queue[ButtonEvent] = queue.Queue()
    pins = link = None
    try:
        if config.gpio.enabled:
            try:
                pins = TablePins(config.gpio, on_event=events.put, pin_factory=pin_factory)
            except Exception as exc:  # gpiozero raises many kinds: no Pi, pin busy, no access
                print(f"GPIO 不可用 unavailable: {type(exc).__name__}: {exc}", file=out)
                return 1
        if config.panels.enabled:
            link = PanelLink(open_port or serial_opener(config.panels), on_event=events.put)
            link.start()
            if not link.connected.wait(3):
                print(f"面板端口 panel port {config.panels.port}: not open yet "
                      f"({link.stats.summary()}); still trying", file=out)
        print(f"指示灯 LEDs: S0 → S{SEATS - 1}", file=out, flush=True)
        for seat in range(SEATS):
            if pins is not None:
                pins.show_turn(seat)
            if link is not None:
                link.send(ShowTurn(seat))
                link.send(ShowCount(seat, seat))  # each panel shows its seat number
            time.sleep(step)
        print("蜂鸣器 buzzer: refusal beep", file=out, flush=True)
        if pins is not None:
            pins.show_turn(None)
            pins.refuse()
        if link is not None:
            link.send(ShowTurn(None))
            link.send(Refuse(None))
        print(f"按按钮 press the buttons ({seconds:g} s, Ctrl-C to stop)", file=out, flush=True)
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = events.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            print(describe_press(event), file=out, flush=True)
    finally:
        if pins is not None:
            pins.close()
        if link is not None:
            link.stop()
            print(link.stats.summary(), file=out)
    return 0
