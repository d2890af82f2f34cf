"""The seat-panel wire protocol (座位面板协议): COBS frames with a CRC-16.

A frame on the wire is ``00 | COBS(payload + CRC) | 00``.  The payload is
``type, seat, body…``; the CRC is CRC-16/CCITT-FALSE (poly 0x1021, init
0xFFFF, big-endian) over the payload.  COBS removes every zero byte from the
frame, so a zero always means "frame boundary": after noise, a cut cable or
a frame started mid-way the receiver is back in step at the next zero, and a
damaged length field cannot swallow the frames after it.  docs/panel-protocol.md
is the reference for panel firmware; this module is the reference code.

Pure functions and a byte-at-a-time decoder: no I/O here.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass, fields

from device.config import SEATS
from device.events import Action

PROTOCOL_VERSION = 1
ALL_SEATS = 0xFF  # seat byte addressing every panel (or, in TURN, nobody's turn)
NO_COUNT = 0xFF  # count byte meaning "show nothing"
MAX_TEXT = 64  # UTF-8 bytes
MAX_FRAME = 96  # encoded bytes between delimiters; longer runs are discarded

# Message types. Panel → host below 0x80, host → panel from 0x80.
BUTTON, HEARTBEAT = 0x01, 0x02
COUNT, TURN, REFUSE, TEXT = 0x81, 0x82, 0x83, 0x84

_ACTION_CODES = {Action.PASS: 1, Action.RANG: 2, Action.CONFIRM: 3, Action.UNDO: 4}
_CODE_ACTIONS = {code: action for action, code in _ACTION_CODES.items()}


class ProtocolError(ValueError):
    """A frame that cannot be decoded; ``kind`` is the counter it belongs to."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


# ---------------------------------------------------------------- messages


@dataclass(frozen=True)
class Button:
    """Panel → host: a button pressed at ``seat``."""

    seat: int
    action: Action


@dataclass(frozen=True)
class Heartbeat:
    """Panel → host: the panel at ``seat`` is alive and speaks ``version``."""

    seat: int
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True)
class ShowCount:
    """Host → panel: show how many cards ``seat`` holds (``None``: blank)."""

    seat: int
    count: int | None


@dataclass(frozen=True)
class ShowTurn:
    """Host → all panels: it is ``seat``'s turn (``None``: nobody's)."""

    seat: int | None


@dataclass(frozen=True)
class Refuse:
    """Host → panel: beep and flash at ``seat`` (``None``: every panel) — a refused play."""

    seat: int | None


@dataclass(frozen=True)
class ShowText:
    """Host → panel: a line of text at ``seat`` (``None``: every panel)."""

    seat: int | None
    text: str


PanelMessage = Button | Heartbeat
HostMessage = ShowCount | ShowTurn | Refuse | ShowText
Message = PanelMessage | HostMessage
PANEL_MESSAGES = (Button, Heartbeat)
HOST_MESSAGES = (ShowCount, ShowTurn, Refuse, ShowText)


# ---------------------------------------------------------------- encoding


def encode(message: Message) -> bytes:
    """The complete frame for ``message``, delimiters included."""
    payload = _payload(message)
    return b"\x00" + cobs_encode(payload + crc16(payload).to_bytes(2, "big")) + b"\x00"


def _seat_byte(seat: int | None) -> int:
    if seat is None:
        return ALL_SEATS
    if not 0 <= seat < SEATS:
        raise ValueError(f"seat {seat}: expected 0-{SEATS - 1}")
    return seat


def _payload(message: Message) -> bytes:
    match message:
        case Button(seat, action):
            return bytes([BUTTON, _seat_byte(seat), _ACTION_CODES[action]])
        case Heartbeat(seat, version):
            return bytes([HEARTBEAT, _seat_byte(seat), version])
        case ShowCount(seat, count):
            if count is not None and not 0 <= count < NO_COUNT:
                raise ValueError(f"count {count}: expected 0-{NO_COUNT - 1} or None")
            return bytes([COUNT, _seat_byte(seat), NO_COUNT if count is None else count])
        case ShowTurn(seat):
            return bytes([TURN, _seat_byte(seat)])
        case Refuse(seat):
            return bytes([REFUSE, _seat_byte(seat)])
        case ShowText(seat, text):
            body = text.encode("utf-8")
            if len(body) > MAX_TEXT:
                raise ValueError(f"text of {len(body)} UTF-8 bytes: at most {MAX_TEXT}")
            return bytes([TEXT, _seat_byte(seat)]) + body
    raise TypeError(f"not a panel protocol message: {message!r}")


def decode(frame: bytes) -> Message:
    """The message in one frame (the bytes between two zeros); raises :class:`ProtocolError`."""
    data = cobs_decode(frame)
    if len(data) < 4:
        raise ProtocolError("malformed", f"frame of {len(data)} bytes is too short")
    payload, check = data[:-2], int.from_bytes(data[-2:], "big")
    if crc16(payload) != check:
        raise ProtocolError("bad_checksum", "CRC mismatch")
    kind, seat_byte, body = payload[0], payload[1], payload[2:]
    if seat_byte != ALL_SEATS and seat_byte >= SEATS:
        raise ProtocolError("malformed", f"seat byte {seat_byte}")
    return _message(kind, None if seat_byte == ALL_SEATS else seat_byte, body)


def _message(kind: int, seat: int | None, body: bytes) -> Message:
    def bad(why: str) -> ProtocolError:
        return ProtocolError("malformed", f"type {kind:#04x}: {why}")

    def one_byte_for_a_seat() -> tuple[int, int]:
        if seat is None:
            raise bad("needs a seat, got all (0xff)")
        if len(body) != 1:
            raise bad(f"expected a 1-byte body, got {body.hex() or 'none'}")
        return seat, body[0]

    def no_body() -> None:
        if body:
            raise bad(f"expected no body, got {body.hex()}")

    if kind == BUTTON:
        at, code = one_byte_for_a_seat()
        if code not in _CODE_ACTIONS:
            raise bad(f"unknown button {code}")
        return Button(at, _CODE_ACTIONS[code])
    if kind == HEARTBEAT:
        return Heartbeat(*one_byte_for_a_seat())
    if kind == COUNT:
        at, count = one_byte_for_a_seat()
        return ShowCount(at, None if count == NO_COUNT else count)
    if kind == TURN:
        no_body()
        return ShowTurn(seat)
    if kind == REFUSE:
        no_body()
        return Refuse(seat)
    if kind == TEXT:
        if len(body) > MAX_TEXT:
            raise bad(f"text of {len(body)} bytes, at most {MAX_TEXT}")
        try:
            return ShowText(seat, body.decode("utf-8"))
        except UnicodeDecodeError:
            raise bad("text is not UTF-8") from None
    raise bad("unknown message type")


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (``crc16(b"123456789") == 0x29B1``)."""
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: ``data`` without any zero byte."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte:
            block.append(byte)
        if not byte or len(block) == 254:
            out.append(len(block) + 1)
            out += block
            block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Undo :func:`cobs_encode`; raises :class:`ProtocolError` on an impossible block."""
    out = bytearray()
    i = 0
    while i < len(data):
        code = data[i]
        end = i + code
        if code == 0 or end > len(data) or 0 in data[i + 1:end]:
            raise ProtocolError("malformed", "bad COBS block")
        out += data[i + 1:end]
        i = end
        if code != 0xFF and i < len(data):
            out.append(0)
    return bytes(out)


# ---------------------------------------------------------------- decoding a stream


@dataclass
class LinkStats:
    """Counters of what a link received and what went wrong; never reset while running."""

    frames: int = 0
    bad_checksum: int = 0
    malformed: int = 0
    wrong_direction: int = 0
    oversized: int = 0
    discarded_bytes: int = 0
    port_errors: int = 0
    reconnects: int = 0
    handler_errors: int = 0

    def summary(self) -> str:
        """One line for a log or the referee screen, naming every non-zero counter."""
        parts = [f"{f.name.replace('_', ' ')} {getattr(self, f.name)}" for f in fields(self)
                 if getattr(self, f.name) or f.name == "frames"]
        return "panels: " + ", ".join(parts)


class FrameDecoder:
    """Splits a byte stream at zeros and decodes each frame, counting every bad one.

    ``accept`` is the message classes this end expects; others (an echo, a
    wiring mix-up) are counted as ``wrong_direction`` and dropped.
    """

    def __init__(self, accept: tuple[type, ...], stats: LinkStats | None = None) -> None:
        self._accept = accept
        self.stats = stats if stats is not None else LinkStats()
        self._buffer = bytearray()
        self._overflow = False

    def reset(self) -> None:
        """Forget a partly received frame (after the port was reopened)."""
        self.stats.discarded_bytes += len(self._buffer)
        self._buffer.clear()
        self._overflow = False

    def feed(self, data: bytes) -> list[Message]:
        """Messages completed by ``data``, in order."""
        messages: list[Message] = []
        for byte in data:
            if byte:
                if len(self._buffer) < MAX_FRAME:
                    self._buffer.append(byte)
                else:
                    self._overflow = True
                    self.stats.discarded_bytes += 1
                continue
            frame, overflow = bytes(self._buffer), self._overflow
            self._buffer.clear()
            self._overflow = False
            if overflow:
                self.stats.oversized += 1
                self.stats.discarded_bytes += len(frame)
            elif frame:
                message = self._decode(frame)
                if message is not None:
                    messages.append(message)
        return messages

    def _decode(self, frame: bytes) -> Message | None:
        try:
            message = decode(frame)
        except ProtocolError as exc:
            setattr(self.stats, exc.kind, getattr(self.stats, exc.kind) + 1)
            self.stats.discarded_bytes += len(frame)
            return None
        if not isinstance(message, self._accept):
            self.stats.wrong_direction += 1
            return None
        self.stats.frames += 1
        return message

