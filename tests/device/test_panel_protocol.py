"""The panel wire protocol: COBS, CRC, messages, and a decoder that survives any bytes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device.events import Action
from device.panel_protocol import (
    HOST_MESSAGES,
    MAX_FRAME,
    PANEL_MESSAGES,
    Button,
    FrameDecoder,
    Heartbeat,
    Message,
    ProtocolError,
    Refuse,
    ShowCount,
    ShowText,
    ShowTurn,
    cobs_decode,
    cobs_encode,
    crc16,
    decode,
    encode,
)

seats = st.integers(0, 5)
maybe_seat = st.none() | seats
messages: st.SearchStrategy[Message] = st.one_of(
    st.builds(Button, seats, st.sampled_from(Action)),
    st.builds(Heartbeat, seats, st.integers(0, 255)),
    st.builds(ShowCount, seats, st.none() | st.integers(0, 254)),
    st.builds(ShowTurn, maybe_seat),
    st.builds(Refuse, maybe_seat),
    st.builds(ShowText, maybe_seat, st.text(max_size=16)),
)


def test_crc_is_ccitt_false() -> None:
    assert crc16(b"123456789") == 0x29B1


def test_documented_example_frame() -> None:
    # docs/panel-protocol.md shows this frame: seat 3 (byte 2) presses 让牌.
    assert encode(Button(2, Action.RANG)).hex(" ") == "00 06 01 02 02 bd 8c 00"


@given(st.binary(max_size=600))
def test_cobs_round_trip_has_no_zeros(data: bytes) -> None:
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert cobs_decode(encoded) == data
    assert len(encoded) <= len(data) + 1 + len(data) // 254


@given(messages)
def test_every_message_round_trips(message: Message) -> None:
    frame = encode(message)
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    assert decode(frame[1:-1]) == message


@pytest.mark.parametrize("message, problem", [
    (Button(6, Action.PASS), "seat 6"),
    (ShowCount(0, 255), "count 255"),
    (ShowText(None, "长" * 22), "at most 64"),
])
def test_encoding_refuses_bad_values(message: Message, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        encode(message)


def body(frame_payload: bytes) -> bytes:
    """A frame (without delimiters) for a hand-made payload with a correct CRC."""
    return cobs_encode(frame_payload + crc16(frame_payload).to_bytes(2, "big"))


@pytest.mark.parametrize("frame, kind", [
    (b"\x05\x01", "malformed"),  # COBS block longer than the frame
    (body(b"\x01"), "malformed"),  # too short
    (body(b"\x01\x09\x01"), "malformed"),  # seat 9
    (body(b"\x01\x00\x07"), "malformed"),  # button 7
    (body(b"\x01\xff\x01"), "malformed"),  # a button needs a seat
    (body(b"\x82\x00\x01"), "malformed"),  # TURN has no body
    (body(b"\x84\x00\xff\xfe"), "malformed"),  # text not UTF-8
    (body(b"\x42\x00\x00"), "malformed"),  # unknown type
    (cobs_encode(b"\x01\x00\x01\x12\x34"), "bad_checksum"),
])
def test_bad_frames_name_their_kind(frame: bytes, kind: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode(frame)
    assert info.value.kind == kind


def test_decoder_resyncs_after_noise_partial_frames_and_bad_checksums() -> None:
    good = encode(Button(1, Action.PASS))
    corrupt = bytearray(encode(Button(2, Action.UNDO)))
    corrupt[3] ^= 0x10
    stream = (b"\x13\x37garbage" + good[len(good) // 2:]  # noise, then the tail of a frame
              + good + bytes(corrupt) + b"\xff" * (MAX_FRAME + 10) + b"\x00" + good)
    decoder = FrameDecoder(PANEL_MESSAGES)
    got = []
    for i in range(0, len(stream), 3):  # in small pieces, frames split across reads
        got += decoder.feed(stream[i:i + 3])
    assert got == [Button(1, Action.PASS)] * 2
    stats = decoder.stats
    assert stats.frames == 2
    assert stats.malformed + stats.bad_checksum == 2  # the noise run, the corrupt frame
    assert stats.bad_checksum >= 1
    assert stats.oversized == 1
    assert stats.discarded_bytes > MAX_FRAME


def test_decoder_drops_the_other_directions_messages() -> None:
    decoder = FrameDecoder(PANEL_MESSAGES)
    assert decoder.feed(encode(ShowTurn(3)) + encode(Heartbeat(0))) == [Heartbeat(0)]
    assert decoder.stats.wrong_direction == 1
    assert FrameDecoder(HOST_MESSAGES).feed(encode(ShowTurn(3))) == [ShowTurn(3)]


@given(st.binary(max_size=400), messages.filter(lambda m: isinstance(m, PANEL_MESSAGES)))
def test_any_noise_never_raises_and_the_next_frame_gets_through(noise: bytes,
                                                                message: Message) -> None:
    decoder = FrameDecoder(PANEL_MESSAGES)
    decoder.feed(noise)
    assert decoder.feed(encode(message))[-1] == message


def test_summary_names_nonzero_counters() -> None:
    decoder = FrameDecoder(PANEL_MESSAGES)
    decoder.feed(b"\x00\x01\x02\x00" + encode(Heartbeat(1)))
    assert decoder.stats.summary() == "panels: frames 1, malformed 1, discarded bytes 2"
