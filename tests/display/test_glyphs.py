"""Every user-facing string renders with real glyphs in the CJK font (no .notdef boxes)."""

from __future__ import annotations

import string

import pytest

from display import samples
from display.fonts import font, missing_glyphs
from display.text import CARD_FACES, NUMERALS, all_messages


def _catalogue_text() -> str:
    parts = []
    for msg in all_messages():
        parts += [msg.zh, msg.en]
    return "".join(parts)


def _sample_text() -> str:
    """Data the samples put on screen: names, presets, reasons, switch names."""
    parts: list[str] = list(samples.NAMES)
    burn = samples.play_burn()
    assert burn.refusal is not None
    parts += [burn.preset, burn.refusal.reason.zh, burn.refusal.reason.en, burn.refusal.rule]
    setup = samples.setup()
    parts += [setup.preset] + [f"{c.name}{c.value}{c.default}" for c in setup.changes]
    for event in samples.replay().events:
        parts += [event.text.zh, event.text.en]
        if event.reason is not None:
            parts += [event.reason.zh, event.reason.en]
    return "".join(parts)


@pytest.mark.parametrize("bold", [False, True])
def test_every_catalogued_string_has_glyphs(bold: bool) -> None:
    text = _catalogue_text() + "".join(CARD_FACES) + NUMERALS
    assert missing_glyphs(font(24, bold), text) == ""


def test_sample_data_has_glyphs() -> None:
    assert missing_glyphs(font(24), _sample_text()) == ""


def test_the_check_really_catches_missing_glyphs() -> None:
    """The detector itself: private-use, unassigned and astral characters are reported."""
    assert missing_glyphs(font(24), "够\ue123级\u0378\U0001f600") == "\ue123\u0378\U0001f600"
    assert missing_glyphs(font(24), "够级 纯够级 烧牌 开点 闷 无头 四户乱缠") == ""


def test_catalogue_is_complete_in_both_languages() -> None:
    for msg in all_messages():
        assert msg.zh.strip() and msg.en.strip(), msg
        # the same placeholders in both languages, so a toggle never raises KeyError
        fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f} for t in (msg.zh, msg.en)]
        assert fields[0] == fields[1], msg
