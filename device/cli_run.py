"""``gouji-table run``: the appliance's main loop (运行), as the systemd service starts it.

Reads the config, resumes the unfinished deal from the journal, and referees the
table until SIGTERM (or ``--max-seconds``).  ``--headless`` draws on SDL's dummy
driver: no window, for tests and a PC without a screen.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from typing import Any

from device.cli_config import add_config_option, load_or_report


def register(subparsers: Any) -> None:
    """Add the ``run`` subcommand."""
    parser = subparsers.add_parser(
        "run", help="运行 referee the table: camera, engine, screen, buttons, journal",
        description="Run the table referee until stopped (SIGTERM or Ctrl-C).",
    )
    add_config_option(parser)
    parser.add_argument("--headless", action="store_true",
                        help="no window: SDL's dummy video driver")
    parser.add_argument("--max-seconds", type=float, metavar="S",
                        help="stop after S seconds (tests, trials)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Handle ``run``: 0 after a clean stop, 2 for a bad config, 1 when it cannot start."""
    config = load_or_report(args)
    if config is None:
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    from device.journal import JournalError
    from device.run import serve

    try:
        serve(config, stop, headless=args.headless, max_seconds=args.max_seconds)
    except JournalError as exc:
        print(f"日志不可用 journal unusable: {exc}", file=sys.stderr)
        return 1
    return 0
