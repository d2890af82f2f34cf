"""The ``gouji-table`` command line.

Each subcommand lives in its own module exposing ``register(subparsers)``; the
module is imported only when listed here, and heavy imports (OpenCV, pygame)
stay inside the command functions so that ``judge`` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules that add subcommands; each defines register(subparsers) -> None.
COMMAND_MODULES: tuple[str, ...] = (
    "device.cli_config",
    "device.cli_export",
    "device.cli_panel",
    "device.cli_hwtest",
    "device.cli_rules",
    "device.cli_leader",
    "device.cli_deal",
    "device.cli_display",
    "device.cli_vision",
    "device.cli_demo",
    "device.cli_run",
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="gouji-table",
        description="够级 table referee: rules, camera, screen and record.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: parse ``argv`` and run the chosen subcommand; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage; keep that code
        return int(exc.code) if isinstance(exc.code, int) else 2
    handler = args.handler
    code: int = handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
