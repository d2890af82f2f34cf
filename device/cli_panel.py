"""``gouji-table panel-sim``: play six seat panels from a terminal (面板模拟器).

With ``--pty`` it creates a pseudo-terminal and prints its path; point the
service's ``[panels] port`` at that path to drive a table without hardware.
Type ``3 过牌`` (or ``3 pass``, ``3 p``) to press seat 3's pass button.
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import Any

from device.config import SEATS
from device.events import Action
from device.panel import PORT_ERRORS, Port
from device.panel_protocol import HostMessage, Refuse, ShowCount, ShowText, ShowTurn
from device.panel_sim import PanelSimulator, open_pty

_WORDS = {word: action for action in Action
          for word in (action.value, action.chinese, action.value[0])}


def parse_press(text: str) -> tuple[int, Action]:
    """``"S2 过牌"`` (or ``"2 过牌"``) → seat 2 and :attr:`Action.PASS`; raises ValueError
    naming the problem."""
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(f"{text.strip()!r}: expected a seat S0-S{SEATS - 1} and a button, "
                         "e.g. 'S2 过牌'")
    seat_text, word = parts
    number = seat_text.upper().removeprefix("S")
    if not number.isdigit() or not 0 <= int(number) < SEATS:
        raise ValueError(f"seat {seat_text!r}: expected S0-S{SEATS - 1}")
    if word.lower() not in _WORDS:
        raise ValueError(f"button {word!r}: expected one of "
                         + ", ".join(a.label for a in Action))
    return int(number), _WORDS[word.lower()]


def describe(message: HostMessage) -> str:
    """A host message as one line for the terminal (seats S0-S5, as records write them)."""
    def seat(index: int | None) -> str:
        return "所有座位 all seats" if index is None else f"座位 seat S{index}"

    match message:
        case ShowCount(index, count):
            return f"{seat(index)}: 剩 {'—' if count is None else count} 张 cards left"
        case ShowTurn(index):
            return "轮到 turn: " + ("无 nobody" if index is None else seat(index))
        case Refuse(index):
            return f"{seat(index)}: 不合规 refused (beep)"
        case ShowText(index, text):
            return f"{seat(index)}: “{text}”"
    raise TypeError(message)


def register(subparsers: Any) -> None:
    """Add the ``panel-sim`` subcommand."""
    parser = subparsers.add_parser(
        "panel-sim", help="面板模拟器 simulate the six seat panels on a pty or serial port",
        description="Speak the seat-panel protocol from a terminal: type 'S2 过牌' to press.",
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--pty", action="store_true", help="create a pty and print its path")
    where.add_argument("--port", metavar="PATH", help="an existing serial port or pyserial URL")
    parser.add_argument("--baud", type=int, default=115200, help="baud rate for --port")
    parser.add_argument("--heartbeat", type=float, default=1.0, metavar="SECONDS",
                        help="send every seat's heartbeat this often (0: never)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Handle ``panel-sim``: relay typed presses, print what the host sends."""
    port: Port
    if args.pty:
        port, path = open_pty()
        print(f"面板模拟器 panel simulator on {path} — set [panels] port = \"{path}\"")
    else:
        import serial

        try:
            port = serial.serial_for_url(args.port, baudrate=args.baud, timeout=0.1)
        except PORT_ERRORS as exc:
            print(f"无法打开 cannot open {args.port}: {exc}", file=sys.stderr)
            return 1
    sim = PanelSimulator(port, on_message=lambda m: print("<", describe(m), flush=True)).start()
    stop = threading.Event()
    if args.heartbeat > 0:
        threading.Thread(target=_heartbeats, args=(sim, args.heartbeat, stop), daemon=True).start()
    print("输入 type '<seat> <过牌|让牌|确认|撤销>' (or pass/rang/confirm/undo); 'q' quits")
    try:
        for line in sys.stdin:
            if line.strip() in ("q", "quit", "exit"):
                break
            if not line.strip():
                continue
            try:
                seat, action = parse_press(line)
            except ValueError as exc:
                print(f"? {exc}", flush=True)
                continue
            sim.press(seat, action)
            print(f"> 座位 seat S{seat}: {action.label}", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        sim.stop()
        port.close()
    return 0


def _heartbeats(sim: PanelSimulator, every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        try:
            for seat in range(SEATS):
                sim.heartbeat(seat)
        except PORT_ERRORS:
            return
