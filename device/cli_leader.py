"""``gouji-table leader``: who leads the first deal (首发), from the cards shown or cut.

Exit codes: 0 when a seat is found; 1 when every cut card was a joker and someone
must cut again (000「大小王则重新抽取」); 2 on bad input (unknown preset, bad
switch, a card that cannot be read or does not count, input the preset does not use).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from device.cli_rules import fail, load_rules, rules_options
from gouji.cards import CardParseError
from gouji.leader import (
    NOTATION_HINT,
    Cut,
    CutAgain,
    Lead,
    LeaderError,
    Show,
    counting_rank,
    first_leader,
    parse_cut,
    parse_show,
    seat_name,
)
from gouji.presets import UnknownPresetError
from gouji.rules import SwitchError

EXIT_OK, EXIT_CUT_AGAIN = 0, 1  # bad input exits 2 (cli_rules.fail)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the leader subcommand."""
    p = sub.add_parser(
        "leader", help="who leads the first deal (首发), from cards shown or cut",
        description="Print the seat that leads and why. Seats 0-5 (S0-S5) in play order. "
        f"Shown cards ({NOTATION_HINT}) for tribute (same-suit 4s) and jinyou (same-suit 5s); "
        "a cut card for dorm; chance for match's first deal and zaozhuang. Exit 0 when "
        "found, 1 when every cut card was a joker (cut again), 2 on bad input.",
    )
    rules_options(p)
    p.add_argument(
        "--show", action="append", default=[], metavar="SEAT:CARDS",
        help="亮牌 what one seat shows, in the order they showed (repeatable), e.g. 2:4h4h4s",
    )
    p.add_argument(
        "--cut", action="append", default=[], metavar="SEAT:CARD",
        help="切牌 the card a seat turned up, e.g. 0:K; after a joker, the next cut (repeatable)",
    )
    p.add_argument(
        "--direction", choices=["downstream", "upstream"], default="downstream",
        help="which way a cut card counts (000 按任意方向数): toward 下家 (default) or 上家",
    )
    p.add_argument("--seed", type=int, metavar="N",
                   help="seed for chance (default: a fresh one, printed when used)")
    p.add_argument("--later", action="store_true",
                   help="a later deal of the match (deck.later_leader) instead of the first")
    p.set_defaults(handler=_leader)


def _leader(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args)
    except (UnknownPresetError, SwitchError) as exc:
        return fail(args, str(exc), seat=None)
    rank = counting_rank(rules, later=args.later)
    shows: list[Show] = []
    cuts: list[Cut] = []
    for flag, texts in (("--show", args.show), ("--cut", args.cut)):
        for text in texts:
            try:
                if flag == "--show":
                    shows.append(parse_show(text, rank))
                else:
                    cuts.append(parse_cut(text))
            except (LeaderError, CardParseError) as exc:
                return fail(args, f"{flag} {text!r}: {exc}", seat=None)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        lead = first_leader(rules, shows=shows, cuts=cuts, rng=random.Random(seed),
                            direction=args.direction, later=args.later)
    except CutAgain as exc:
        if args.json:
            print(json.dumps({"seat": None, "cut_again": True, "reason": str(exc)},
                             ensure_ascii=False))
        else:
            print(str(exc))
        return EXIT_CUT_AGAIN
    except LeaderError as exc:
        return fail(args, str(exc), seat=None)
    if args.json:
        print(json.dumps(_lead_json(lead, seed), ensure_ascii=False))
    else:
        chance = f" (seed {seed})" if lead.by_chance else ""
        print(f"首发 {seat_name(lead.seat)} leads{chance}: {lead.reason}")
    return EXIT_OK


def _lead_json(lead: Lead, seed: int) -> dict[str, Any]:
    return {
        "seat": lead.seat,
        "rule": lead.rule,
        "reason": lead.reason,
        "by_chance": lead.by_chance,
        "candidates": list(lead.candidates),
        "seed": seed if lead.by_chance else None,
    }
