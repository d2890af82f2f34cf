"""``gouji-table demo``: bots play one deal through camera frames, the recogniser, the engine
and the screen (see :mod:`device.demo`).

Windowed when a display exists (``DISPLAY`` or ``WAYLAND_DISPLAY`` set) and
``--headless`` is not given; headless otherwise, with the screens written as PNG
files.  Either way the record, the screens and a summary go to ``--out``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from gouji.presets import PRESETS

EXIT_OK, EXIT_NO_FONT = 0, 1


def positive(text: str) -> int:
    """An integer of at least 1 (argparse reports anything else)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``demo`` subcommand."""
    p = subparsers.add_parser(
        "demo",
        help="演示 bots play a deal through the camera, the recogniser, the engine and the screen",
        description="Bots play one deal; every play is rendered as a camera frame of the mat, "
        "read back by the recogniser and judged by the engine. Misreads are shown and counted.",
    )
    p.add_argument("--rules", default="jinyou", choices=list(PRESETS), metavar="PRESET",
                   help=f"one of {', '.join(PRESETS)} (default jinyou)")
    p.add_argument("--seed", type=int, default=1, help="deal and scene seed (default 1)")
    p.add_argument("--headless", action="store_true",
                   help="no window: write the screens as PNG files only")
    p.add_argument("--out", type=Path, default=Path("demo-out"),
                   help="directory for the record, screens and summary (default ./demo-out)")
    p.add_argument("--frames-every", type=positive, default=10, metavar="K",
                   help="save the play screen every K plays (default 10)")
    p.add_argument("--max-plays", type=positive, metavar="N",
                   help="stop after N plays (a short run for tests)")
    p.set_defaults(handler=run)


def windowed(headless: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """True when a window should be opened: a display exists and ``--headless`` was not given."""
    return not headless and bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def run(args: argparse.Namespace) -> int:
    """Play the demo deal and print its summary; 1 when no CJK font is installed."""
    window = windowed(args.headless)
    if not window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from display.fonts import FontNotFoundError, cjk_font_path

    try:
        cjk_font_path()
    except FontNotFoundError as exc:
        print(f"gouji-table demo: {exc}", file=sys.stderr)
        return EXIT_NO_FONT
    from device.demo import DemoOptions, run_demo

    options = DemoOptions(
        preset=args.rules,
        seed=args.seed,
        out=args.out,
        frames_every=args.frames_every,
        max_plays=args.max_plays,
        windowed=window,
    )
    print(run_demo(options).summary)
    return EXIT_OK
