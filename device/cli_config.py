"""``gouji-table config``: check the configuration or print the effective one (配置)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from device import config as cfg


def add_config_option(parser: argparse.ArgumentParser) -> None:
    """Add the ``--config PATH`` option shared by every command that reads the config."""
    parser.add_argument(
        "--config", metavar="PATH", default=None,
        help=f"override file (default: ${cfg.ENV_VAR} or {cfg.DEFAULT_PATH})",
    )


def load_or_report(args: argparse.Namespace) -> cfg.Config | None:
    """The config named by ``args.config``, or ``None`` after printing every problem."""
    try:
        return cfg.load(args.config)
    except cfg.ConfigError as exc:
        for line in exc.problems:
            print(f"配置错误 config error: {line}", file=sys.stderr)
        return None


def register(subparsers: Any) -> None:
    """Add the ``config`` subcommand."""
    parser = subparsers.add_parser(
        "config", help="配置 check the configuration or print the effective one",
        description="Validate the configuration (--check) or print it as TOML (--dump).",
    )
    add_config_option(parser)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--dump", action="store_true", help="print the effective config as TOML")
    mode.add_argument("--check", action="store_true", help="validate; exit 0 if good, 2 if not")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Handle ``config --dump`` / ``config --check``."""
    config = load_or_report(args)
    if config is None:
        return 2
    if args.dump:
        sys.stdout.write(cfg.dump(config))
    else:
        source, _ = cfg.override_path(args.config)
        print(f"配置正确 config OK ({source if source.exists() else 'defaults only'})")
    return 0
