"""The serial link to the seat panels (座位面板): a reader thread that never dies.

:class:`PanelLink` opens the port through a factory (so tests hand it
pyserial's ``loop://`` or a pty, and the Pi ``/dev/gouji-panels``), decodes
frames from the panels and delivers button presses as
:class:`~device.events.ButtonEvent` and heartbeats as "last heard" times.
Noise, partial frames, bad checksums and a port that vanishes (unplugged USB,
closed file) are counted in :attr:`PanelLink.stats`, logged, and survived:
on a port error the link closes the port, waits ``retry_seconds`` and opens
it again, for as long as it runs.

``on_event`` runs on the reader thread: hand events to the main loop through
a queue (``on_event=events.put``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from device.config import PanelsConfig
from device.events import ButtonEvent
from device.panel_protocol import (
    PANEL_MESSAGES,
    Button,
    FrameDecoder,
    HostMessage,
    LinkStats,
    Message,
    encode,
)

log = logging.getLogger(__name__)


class Port(Protocol):
    """What the link needs of a serial port; pyserial's ``Serial`` is one."""

    @property
    def in_waiting(self) -> int: ...
    def read(self, size: int = 1) -> bytes: ...
    def write(self, data: bytes, /) -> int | None: ...
    def close(self) -> None: ...


# What a vanished or closed port raises: SerialException (PortNotOpenError, "device
# reports readiness to read but returned no data") is an OSError subclass in pyserial 3.5,
# a closed descriptor gives OSError/ValueError, a file object closed under us ValueError.
PORT_ERRORS = (OSError, ValueError)


def read_available(port: Port) -> bytes:
    """Whatever has arrived, as soon as anything has; ``b""`` after the port's timeout.

    (``read(n)`` would wait for all ``n`` bytes or the timeout, delaying a short frame.)
    """
    data = port.read(1)
    return data + port.read(port.in_waiting) if data else data


def serial_opener(config: PanelsConfig, timeout: float = 0.2) -> Callable[[], Port]:
    """A factory opening the configured serial port (a path or a pyserial URL)."""
    def open_port() -> Port:
        import serial

        port: Port = serial.serial_for_url(config.port, baudrate=config.baud, timeout=timeout)
        return port
    return open_port


class PanelLink:
    """Reads panel frames on a background thread and writes host messages."""

    def __init__(self, open_port: Callable[[], Port], *,
                 on_event: Callable[[ButtonEvent], None],
                 clock: Callable[[], float] = time.monotonic,
                 retry_seconds: float = 1.0) -> None:
        self._open_port = open_port
        self._on_event = on_event
        self._clock = clock
        self._retry = retry_seconds
        self.stats = LinkStats()
        self._decoder = FrameDecoder(PANEL_MESSAGES, self.stats)
        self._port: Port | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._last_heard: dict[int, float] = {}
        self._failing = False
        self._thread = threading.Thread(target=self._run, name="panel-link", daemon=True)

    # ------------------------------------------------------------- life cycle

    def start(self) -> PanelLink:
        """Start the reader thread; returns ``self``."""
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Stop the reader and close the port."""
        self._stop.set()
        self._thread.join(timeout)
        self._drop_port()

    def __enter__(self) -> PanelLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ------------------------------------------------------------- host → panels

    def send(self, message: HostMessage) -> bool:
        """Write one message; ``False`` (counted, logged) when the port is down or fails."""
        frame = encode(message)
        with self._write_lock:
            port = self._port
            if port is None:
                return False
            try:
                port.write(frame)
            except PORT_ERRORS as exc:
                self._port_error("write", exc)
                return False
        return True

    def last_heard(self, seat: int) -> float | None:
        """When a frame from ``seat``'s panel last arrived (clock time), if ever."""
        return self._last_heard.get(seat)

    def silent_seats(self, within: float) -> list[int]:
        """Seats heard from before, but not within the last ``within`` seconds."""
        now = self._clock()
        return sorted(s for s, t in self._last_heard.items() if now - t > within)

    # ------------------------------------------------------------- reader thread

    def _run(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                port = self._open_port()
            except PORT_ERRORS as exc:
                self._port_error("open", exc)
                self._stop.wait(self._retry)
                continue
            with self._write_lock:
                self._port = port
            self._failing = False
            if not first:
                self.stats.reconnects += 1
                log.info("panel port reopened (%s)", self.stats.summary())
            first = False
            self.connected.set()
            self._read_until_error(port)
            self._drop_port()
            self._decoder.reset()
            self._stop.wait(self._retry)

    def _read_until_error(self, port: Port) -> None:
        while not self._stop.is_set():
            try:
                data = read_available(port)
            except PORT_ERRORS as exc:
                self._port_error("read", exc)
                return
            for message in self._decoder.feed(data):
                self._handle(message)

    def _handle(self, message: Message) -> None:
        assert isinstance(message, PANEL_MESSAGES)  # the decoder accepts nothing else
        now = self._clock()
        self._last_heard[message.seat] = now
        if isinstance(message, Button):
            try:
                self._on_event(ButtonEvent(message.action, message.seat, now))
            except Exception:
                self.stats.handler_errors += 1
                log.exception("panel button handler failed")

    def _port_error(self, what: str, exc: BaseException) -> None:
        self.stats.port_errors += 1
        self.connected.clear()
        # A warning for the first failure; retries of an unplugged port only at debug level.
        level = logging.DEBUG if self._failing else logging.WARNING
        self._failing = True
        log.log(level, "panel port %s failed: %s (%s)", what, exc, self.stats.summary())

    def _drop_port(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(*PORT_ERRORS):
                port.close()
