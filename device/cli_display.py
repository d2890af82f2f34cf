"""``gouji-table screens``: render every display screen from sample views to PNG files.

Handy for the docs and for checking a Pi's font setup: it runs headless
(``SDL_VIDEODRIVER=dummy`` unless set) and fails with a clear message when no
CJK font is installed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x720"`` → ``(1280, 720)``; argparse reports anything else."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if width < 320 or height < 200:
        raise argparse.ArgumentTypeError(f"size {text} is too small (at least 320x200)")
    return width, height


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``screens`` subcommand."""
    parser = subparsers.add_parser(
        "screens",
        help="render every screen from built-in sample views to PNG files",
        description="Render every display screen from built-in sample views to PNG files.",
    )
    parser.add_argument("--out", type=Path, required=True, help="directory for the PNG files")
    parser.add_argument(
        "--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT (default 1280x720)"
    )
    parser.add_argument("--lang", choices=("zh", "en"), default="zh", help="screen language")
    parser.add_argument(
        "--referee", action="store_true", help="referee view: show every seat's count"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Render the sample screens into ``args.out``; 0 on success, 1 without a CJK font."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display.fonts import FontNotFoundError, cjk_font_path
    from display.gallery import sample_pages
    from display.view import DisplayOptions

    pygame.font.init()
    try:
        font_path = cjk_font_path()
    except FontNotFoundError as exc:
        print(f"gouji-table screens: {exc}", file=sys.stderr)
        return 1
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    options = DisplayOptions(lang=args.lang, referee=args.referee)
    print(f"font: {font_path}")
    for page in sample_pages():
        path = out / f"{page.name}.png"
        pygame.image.save(page.render(args.size, options), str(path))
        print(path)
    return 0
