"""``gouji-table screens``: every sample screen to PNG, and a clear failure without a CJK font."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from device import cli_display
from device.cli import COMMAND_MODULES
from display import fonts
from display.gallery import sample_pages


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gouji-table")
    cli_display.register(parser.add_subparsers(dest="command", required=True))
    return parser


def test_screens_writes_every_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _parser().parse_args(
        ["screens", "--out", str(tmp_path / "out"), "--size", "800x480", "--lang", "en"]
    )
    assert args.handler(args) == 0
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted(f"{page.name}.png" for page in sample_pages())
    for name in written:
        assert pygame.image.load(str(tmp_path / "out" / name)).get_size() == (800, 480)
    assert "font:" in capsys.readouterr().out


def test_screens_is_registered_with_the_main_command() -> None:
    assert "device.cli_display" in COMMAND_MODULES


@pytest.mark.parametrize("bad", ["1280", "axb", "100x100", "1280x720x3"])
def test_bad_sizes_are_usage_errors(bad: str) -> None:
    with pytest.raises(SystemExit) as caught:
        _parser().parse_args(["screens", "--out", "x", "--size", bad])
    assert caught.value.code == 2


def test_without_a_cjk_font_it_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_font() -> Path:
        raise fonts.FontNotFoundError(["/nowhere.ttc"])

    monkeypatch.setattr(fonts, "cjk_font_path", no_font)
    args = _parser().parse_args(["screens", "--out", str(tmp_path)])
    assert args.handler(args) == 1
    err = capsys.readouterr().err
    assert "fonts-wqy-zenhei" in err and "/nowhere.ttc" in err
    assert not list(tmp_path.iterdir())
