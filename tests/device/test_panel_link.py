"""The panel link over pyserial loop:// and a pty pair, with the panel simulator."""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Iterator

import pytest
import serial

from device.config import PanelsConfig
from device.events import Action, ButtonEvent
from device.panel import PanelLink, Port, serial_opener
from device.panel_protocol import Button, Heartbeat, Refuse, ShowCount, ShowText, ShowTurn, encode
from device.panel_sim import PanelSimulator, open_pty
from tests.device.waiting import wait_until


class LoopPorts:
    """A factory of loop:// ports that remembers what it opened (the test's hands on the wire)."""

    def __init__(self) -> None:
        self.opened: list[serial.SerialBase] = []

    def __call__(self) -> Port:
        port = serial.serial_for_url("loop://", timeout=0.02)
        self.opened.append(port)
        return port

    @property
    def current(self) -> serial.SerialBase:
        return self.opened[-1]


@pytest.fixture
def events() -> queue.Queue[ButtonEvent]:
    return queue.Queue()


def get_events(q: queue.Queue[ButtonEvent], n: int) -> list[tuple[Action, int | None]]:
    return [(e.action, e.seat) for e in (q.get(timeout=3) for _ in range(n))]


def test_loop_round_trip_with_noise_partial_frames_and_bad_checksums(
        events: queue.Queue[ButtonEvent]) -> None:
    ports = LoopPorts()
    with PanelLink(ports, on_event=events.put, retry_seconds=0.01) as link:
        assert link.connected.wait(2)
        wire = ports.current
        corrupt = bytearray(encode(Button(4, Action.UNDO)))
        corrupt[4] ^= 0xFF
        half = encode(Button(5, Action.RANG))
        wire.write(b"\xde\xad\xbe\xef" + encode(Button(0, Action.PASS)) + bytes(corrupt)
                   + half[:4])
        wire.write(half[4:] + encode(Heartbeat(3)) + encode(Button(2, Action.CONFIRM)))
        assert get_events(events, 3) == [(Action.PASS, 0), (Action.RANG, 5),
                                         (Action.CONFIRM, 2)]
        assert wait_until(lambda: link.stats.frames == 4)
        assert link.stats.bad_checksum + link.stats.malformed == 2  # noise run, corrupt frame
        assert link.last_heard(3) is not None and link.last_heard(1) is None
        # host → panel: on a loop the host hears its own frame, counted, not delivered
        assert link.send(ShowTurn(1))
        assert wait_until(lambda: link.stats.wrong_direction == 1)
    assert events.empty()


def test_unplugged_port_is_counted_and_reopened(events: queue.Queue[ButtonEvent]) -> None:
    ports = LoopPorts()
    with PanelLink(ports, on_event=events.put, retry_seconds=0.01) as link:
        assert link.connected.wait(2)
        first = ports.current
        first.write(encode(Button(1, Action.PASS)))
        assert get_events(events, 1) == [(Action.PASS, 1)]
        first.close()  # the reader's next read raises PortNotOpenError
        assert wait_until(lambda: len(ports.opened) == 2 and link.connected.is_set())
        ports.current.write(encode(Button(1, Action.UNDO)))
        assert get_events(events, 1) == [(Action.UNDO, 1)]
        assert link.stats.port_errors == 1 and link.stats.reconnects == 1


def test_port_that_will_not_open_is_retried() -> None:
    attempts: list[int] = []
    ports = LoopPorts()

    def flaky() -> Port:
        attempts.append(1)
        if len(attempts) < 3:
            raise serial.SerialException("[Errno 2] could not open port /dev/gouji-panels")
        return ports()

    with PanelLink(flaky, on_event=lambda e: None, retry_seconds=0.01) as link:
        assert link.connected.wait(2)
        assert link.stats.port_errors == 2 and link.stats.reconnects == 0
        assert link.send(ShowTurn(0))


def test_a_failing_handler_does_not_stop_the_reader() -> None:
    seen: list[ButtonEvent] = []

    def handler(event: ButtonEvent) -> None:
        seen.append(event)
        if len(seen) == 1:
            raise RuntimeError("bug in the main loop")

    ports = LoopPorts()
    with PanelLink(ports, on_event=handler, retry_seconds=0.01) as link:
        assert link.connected.wait(2)
        ports.current.write(encode(Button(0, Action.PASS)) + encode(Button(0, Action.RANG)))
        assert wait_until(lambda: len(seen) == 2)
        assert link.stats.handler_errors == 1 and link.stats.port_errors == 0


def test_silent_seats() -> None:
    now = [100.0]
    ports = LoopPorts()
    with PanelLink(ports, on_event=lambda e: None, clock=lambda: now[0]) as link:
        assert link.connected.wait(2)
        ports.current.write(encode(Heartbeat(0)) + encode(Heartbeat(4)))
        assert wait_until(lambda: link.stats.frames == 2)
        now[0] = 102.0
        ports.current.write(encode(Heartbeat(4)))
        assert wait_until(lambda: link.stats.frames == 3)
        now[0] = 104.5
        assert link.silent_seats(within=3.0) == [0]


@pytest.fixture
def pty_sim() -> Iterator[tuple[PanelSimulator, str]]:
    end, path = open_pty()
    sim = PanelSimulator(end).start()
    yield sim, path
    sim.stop()
    end.close()


def test_pty_round_trip_with_the_simulator(pty_sim: tuple[PanelSimulator, str],
                                           events: queue.Queue[ButtonEvent]) -> None:
    sim, path = pty_sim
    opener = serial_opener(PanelsConfig(enabled=True, port=path, baud=115200), timeout=0.05)
    with PanelLink(opener, on_event=events.put) as link:
        assert link.connected.wait(2)
        sim.heartbeat(2)
        for seat, action in [(0, Action.PASS), (3, Action.RANG), (5, Action.CONFIRM),
                             (1, Action.UNDO)]:
            sim.press(seat, action)
        assert get_events(events, 4) == [(Action.PASS, 0), (Action.RANG, 3),
                                         (Action.CONFIRM, 5), (Action.UNDO, 1)]
        for message in [ShowCount(3, 27), ShowTurn(3), Refuse(3), ShowText(None, "请出牌"),
                        ShowCount(0, None)]:
            assert link.send(message)
        assert sim.wait_for(5)
        assert sim.seats[3].count == 27 and sim.seats[3].my_turn and sim.seats[3].refusals == 1
        assert [f.my_turn for f in sim.seats].count(True) == 1
        assert {f.text for f in sim.seats} == {"请出牌"}
        assert sim.seats[0].count is None
        assert link.stats.frames == 5 and sim.decoder.stats.frames == 5


def test_pty_hangup_is_survived_and_a_new_panel_is_picked_up(
        events: queue.Queue[ButtonEvent]) -> None:
    end, path = open_pty()
    current = {"path": path}

    def opener() -> Port:
        port: Port = serial.Serial(current["path"], 115200, timeout=0.05)
        return port

    with PanelLink(opener, on_event=events.put, retry_seconds=0.02) as link:
        assert link.connected.wait(2)
        PanelSimulator(end).press(2, Action.PASS)
        assert get_events(events, 1) == [(Action.PASS, 2)]
        end.close()  # the panel is unplugged: the host side reads EIO
        assert wait_until(lambda: link.stats.port_errors >= 1)
        new_end, current["path"] = open_pty()  # plugged in again (a new device node)
        try:
            assert wait_until(lambda: link.connected.is_set() and link.stats.reconnects >= 1)
            PanelSimulator(new_end).press(2, Action.UNDO)
            assert get_events(events, 1) == [(Action.UNDO, 2)]
        finally:
            new_end.close()


def test_a_frame_is_delivered_without_waiting_for_the_read_timeout(
        events: queue.Queue[ButtonEvent]) -> None:
    ports: list[serial.SerialBase] = []

    def slow_timeout() -> Port:
        ports.append(serial.serial_for_url("loop://", timeout=1.0))
        return ports[-1]

    with PanelLink(slow_timeout, on_event=events.put) as link:
        assert link.connected.wait(2)
        ports[-1].write(encode(Button(0, Action.PASS)))
        sent = time.monotonic()
        events.get(timeout=2)
        assert time.monotonic() - sent < 0.3


def test_a_missing_device_node_is_retried_not_fatal() -> None:
    opener = serial_opener(PanelsConfig(enabled=True, port="/dev/gouji-no-such-port", baud=9600))
    with PanelLink(opener, on_event=lambda e: None, retry_seconds=0.01) as link:
        assert wait_until(lambda: link.stats.port_errors >= 3)
        assert not link.connected.is_set()
        assert not link.send(ShowTurn(0))


def test_an_unplugged_port_warns_once_not_every_retry(caplog: pytest.LogCaptureFixture) -> None:
    opener = serial_opener(PanelsConfig(enabled=True, port="/dev/gouji-no-such-port", baud=9600))
    with caplog.at_level(logging.DEBUG, logger="device.panel"), \
            PanelLink(opener, on_event=lambda e: None, retry_seconds=0.01) as link:
        assert wait_until(lambda: link.stats.port_errors >= 5)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "/dev/gouji-no-such-port" in warnings[0].getMessage()
