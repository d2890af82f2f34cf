"""``gouji-table export``: write each completed deal's record to a text file (导出记录)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from device.cli_config import add_config_option, load_or_report


def register(subparsers: Any) -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export", help="导出记录 export completed deals as text files",
        description="Write one file per completed deal, DEAL_ID.txt, its record lines in order.",
    )
    add_config_option(parser)
    parser.add_argument("--out", metavar="DIR", required=True, help="directory to write into")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Handle ``export --out DIR``."""
    from device.journal import FILENAME, Journal, JournalError

    config = load_or_report(args)
    if config is None:
        return 2
    state_dir = config.journal.state_dir
    if not (state_dir / FILENAME).exists():
        print(f"没有记录 no journal at {state_dir / FILENAME}", file=sys.stderr)
        return 1
    try:
        with Journal.open(state_dir, recover=False) as journal:
            written = journal.export(args.out)
    except (JournalError, OSError) as exc:
        print(f"导出失败 export failed: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    print(f"导出 {len(written)} 局 exported {len(written)} deal(s) to {args.out}", file=sys.stderr)
    return 0
