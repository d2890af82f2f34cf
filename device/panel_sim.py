"""Six seat panels in software (面板模拟器), speaking the panel protocol.

The simulator sits on the far end of a byte stream — a pty, a serial port,
anything with ``read``/``write`` — and behaves as panel firmware would: it
sends button presses and heartbeats, and keeps what the host asked each seat
to show (count, turn, text, refusal beeps).  Tests use it against
:class:`~device.panel.PanelLink`; ``gouji-table panel-sim --pty`` lets a
person play the panels from a terminal.
"""

from __future__ import annotations

import fcntl
import os
import select
import sys
import termios
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from device.config import SEATS
from device.events import Action
from device.panel import PORT_ERRORS, Port, read_available
from device.panel_protocol import (
    HOST_MESSAGES,
    Button,
    FrameDecoder,
    Heartbeat,
    HostMessage,
    Message,
    Refuse,
    ShowCount,
    ShowText,
    ShowTurn,
    encode,
)


@dataclass
class SeatFace:
    """What one panel currently shows."""

    count: int | None = None
    my_turn: bool = False
    text: str = ""
    refusals: int = 0


@dataclass
class PanelSimulator:
    """The panels of all six seats on one stream; call :meth:`pump` or :meth:`start`."""

    port: Port
    on_message: Callable[[HostMessage], None] | None = None
    seats: list[SeatFace] = field(default_factory=lambda: [SeatFace() for _ in range(SEATS)])
    received: list[HostMessage] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.decoder = FrameDecoder(HOST_MESSAGES)
        self._changed = threading.Condition()
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def press(self, seat: int, action: Action) -> None:
        """Press ``action``'s button on ``seat``'s panel."""
        self._send(Button(seat, action))

    def heartbeat(self, seat: int) -> None:
        """Send ``seat``'s heartbeat."""
        self._send(Heartbeat(seat))

    def _send(self, message: Button | Heartbeat) -> None:
        with self._write_lock:  # presses and heartbeats come from different threads
            self.port.write(encode(message))

    def pump(self) -> list[HostMessage]:
        """Read what is waiting (up to the port's timeout) and apply it; returns the messages."""
        messages = [m for m in self.decoder.feed(read_available(self.port))
                    if isinstance(m, HOST_MESSAGES)]
        with self._changed:
            for message in messages:
                self._apply(message)
            self.received += messages
            self._changed.notify_all()
        if self.on_message is not None:
            for message in messages:
                self.on_message(message)
        return messages

    def wait_for(self, n: int, timeout: float = 2.0) -> bool:
        """Wait until ``n`` host messages in all have arrived (needs :meth:`start`)."""
        with self._changed:
            return self._changed.wait_for(lambda: len(self.received) >= n, timeout)

    def start(self) -> PanelSimulator:
        """Pump on a background thread until :meth:`stop` or the stream fails."""
        self._thread = threading.Thread(target=self._run, name="panel-sim", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the background thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.pump()
            except PORT_ERRORS:
                return

    def _apply(self, message: Message) -> None:
        match message:
            case ShowCount(seat, count):
                self.seats[seat].count = count
            case ShowTurn(seat):
                for i, face in enumerate(self.seats):
                    face.my_turn = i == seat
            case Refuse(seat):
                for face in self._faces(seat):
                    face.refusals += 1
            case ShowText(seat, text):
                for face in self._faces(seat):
                    face.text = text

    def _faces(self, seat: int | None) -> list[SeatFace]:
        return self.seats if seat is None else [self.seats[seat]]


class FdPort:
    """A raw file descriptor (a pty master) as a :class:`~device.panel.Port` with a read timeout.

    ``keep_open`` are further descriptors closed with it (the pty's other end,
    held so that the master does not see a hang-up before the host opens it).
    """

    def __init__(self, fd: int, timeout: float = 0.1, keep_open: tuple[int, ...] = ()) -> None:
        self.fd = fd
        self.timeout = timeout
        self._keep_open = keep_open

    @property
    def in_waiting(self) -> int:
        """Bytes ready to read now."""
        buffer = fcntl.ioctl(self.fd, termios.FIONREAD, b"\0\0\0\0")
        return int.from_bytes(buffer, sys.byteorder)

    def read(self, size: int = 1) -> bytes:
        """Up to ``size`` bytes, or ``b""`` after the timeout."""
        ready, _, _ = select.select([self.fd], [], [], self.timeout)
        return os.read(self.fd, size) if ready else b""

    def write(self, data: bytes, /) -> int:
        """Write all of ``data``."""
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]
        return len(data)

    def close(self) -> None:
        """Close the descriptor (and the ones kept open with it)."""
        for fd in (self.fd, *self._keep_open):
            os.close(fd)


def open_pty() -> tuple[FdPort, str]:
    """A new pty pair: the simulator's end and the path the host opens (``/dev/pts/N``)."""
    import tty

    master, slave = os.openpty()
    tty.setraw(slave)  # no echo, no line editing: bytes pass through as they are
    return FdPort(master, keep_open=(slave,)), os.ttyname(slave)
