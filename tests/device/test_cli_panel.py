"""``gouji-table panel-sim``: typed presses reach a host link; host messages are shown."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from device.cli_panel import describe, parse_press
from device.config import PanelsConfig
from device.events import Action, ButtonEvent
from device.panel import PanelLink, serial_opener
from device.panel_protocol import Refuse, ShowCount, ShowText, ShowTurn
from tests.device.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, expected", [
    ("S2 过牌", (2, Action.PASS)), ("0 pass", (0, Action.PASS)), ("s5 让牌", (5, Action.RANG)),
    ("1 c", (1, Action.CONFIRM)), ("S3 UNDO\n", (3, Action.UNDO)), (" 4   撤销 ", (4, Action.UNDO)),
])
def test_parse_press(text: str, expected: tuple[int, Action]) -> None:
    assert parse_press(text) == expected


@pytest.mark.parametrize("text, problem", [
    ("3", "expected a seat"), ("6 pass", "seat '6'"), ("S6 pass", "seat 'S6'"),
    ("x pass", "seat 'x'"), ("S pass", "seat 'S'"), ("3 burn", "button 'burn'.*过牌 pass"),
])
def test_parse_press_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_press(text)


def test_describe_numbers_seats_as_the_records_do() -> None:
    assert describe(ShowCount(2, 27)) == "座位 seat S2: 剩 27 张 cards left"
    assert describe(ShowTurn(None)) == "轮到 turn: 无 nobody"
    assert describe(Refuse(None)) == "所有座位 all seats: 不合规 refused (beep)"
    assert describe(ShowText(0, "请出牌")) == "座位 seat S0: “请出牌”"


CHILD = textwrap.dedent("""
    import argparse, sys
    from device import cli_panel
    parser = argparse.ArgumentParser()
    cli_panel.register(parser.add_subparsers())
    args = parser.parse_args(sys.argv[1:])
    sys.exit(args.handler(args))
""")


def test_simulator_command_on_a_pty_talks_to_the_host_link() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, "panel-sim", "--pty", "--heartbeat", "0.05"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.stdin is not None and child.stdout is not None
    try:
        banner = child.stdout.readline()
        path = banner.split(" on ")[1].split(" ")[0]
        assert path.startswith("/dev/pts/"), banner
        events: queue.Queue[ButtonEvent] = queue.Queue()
        opener = serial_opener(PanelsConfig(enabled=True, port=path, baud=115200), timeout=0.05)
        with PanelLink(opener, on_event=events.put) as link:
            assert link.connected.wait(3)
            child.stdin.write("S2 过牌\nnonsense\n5 undo\n")
            child.stdin.flush()
            got = [events.get(timeout=3) for _ in range(2)]
            assert [(e.action, e.seat) for e in got] == [(Action.PASS, 2), (Action.UNDO, 5)]
            assert link.send(ShowTurn(2))
            lines = []
            while "< 轮到" not in (line := child.stdout.readline()):
                lines.append(line)
            assert line.strip() == "< 轮到 turn: 座位 seat S2"
            assert "? 'nonsense': expected a seat S0-S5 and a button, e.g. 'S2 过牌'\n" in lines
            # heartbeats from every seat, every 0.05 s
            assert wait_until(lambda: link.last_heard(4) is not None)
        child.stdin.write("q\n")
        child.stdin.flush()
        assert child.wait(timeout=5) == 0
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate()
