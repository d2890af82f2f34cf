"""``gouji-table referee`` and ``selfplay``: re-judging a record, and bots playing whole deals.

``referee FILE`` exits 0 when every event of the record is legal, 1 when some
are not (each printed with its line and reason), 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gouji.actions import Refusal
from gouji.deal import PLACE_NAMES, DealState
from gouji.match import Match
from gouji.presets import PRESETS, get_preset
from gouji.record import RecordedDeal, read_deals, write_deal
from gouji.scoring import DealResult, deal_result
from gouji.selfplay import Statistics, run

EXIT_OK, EXIT_REFUSED, EXIT_BAD = 0, 1, 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the referee and selfplay subcommands."""
    p = sub.add_parser(
        "referee", help="re-judge every event of a record file (裁判复核)",
        description="Exit 0 when every event is legal, 1 when some are not, 2 when the file "
        "cannot be read.",
    )
    p.add_argument("file", metavar="FILE", type=Path, help="a record (.gjr) of one deal or a match")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=_referee)

    p = sub.add_parser("selfplay", help="bots play full-information deals and print statistics")
    p.add_argument("--rules", required=True, choices=list(PRESETS), metavar="PRESET",
                   help=f"one of {', '.join(PRESETS)}")
    p.add_argument("--deals", type=int, default=10, help="how many deals (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    p.add_argument("--bot", choices=["random", "heuristic"], default="heuristic")
    p.add_argument("--match", action="store_true",
                   help="play the deals as one match: leaders follow on, tribute is handed over")
    p.add_argument("--record", type=Path, metavar="DIR", help="write each deal's record here")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=_selfplay)


# ---------------------------------------------------------------- referee

def _referee(args: argparse.Namespace) -> int:
    try:
        data = args.file.read_bytes()
    except OSError as exc:
        return _cannot_read(args, f"cannot read {args.file}: {exc.strerror or exc}")
    deals, errors = read_deals(data, strict=False)
    if not deals and errors:
        return _cannot_read(args, str(errors[0]))
    reports = [_judge_deal(deal) for deal in deals]
    problems: list[dict[str, Any]] = [{"line": e.line, "reason": e.message} for e in errors]
    for report in reports:
        problems.extend(report["refusals"])
    problems.sort(key=lambda p: int(p["line"]))
    if args.json:
        print(json.dumps({"ok": not problems, "problems": problems, "deals": reports},
                         ensure_ascii=False, indent=2))
    else:
        for problem in problems:
            print(f"第{problem['line']}行 line {problem['line']}: {problem['reason']}")
        for report in reports:
            print(report["summary"])
    return EXIT_OK if not problems else EXIT_REFUSED


def _cannot_read(args: argparse.Namespace, message: str) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
    else:
        print(f"错误 error: {message}", file=sys.stderr)
    return EXIT_BAD


def _judge_deal(deal: RecordedDeal) -> dict[str, Any]:
    """Replay every recorded event (refused ones too) and collect what the rules refuse."""
    state = DealState.start(deal.setup)
    refusals: list[dict[str, Any]] = []
    for event in deal.events:
        try:
            state.apply(event.action)
        except Refusal as refusal:
            refusals.append({
                "line": event.line,
                "event": event.number,
                "action": str(event.action),
                "reason": f"{event.action}: {refusal.rule}",
                "switch": refusal.switch,
            })
    header = f"[{deal.setup.preset}] {deal.setup.tags.get('Event', '')}".rstrip()
    if state.void:
        return {"refusals": refusals, "over": True, "void": True,
                "summary": f"{header} 作废 void: two seats revolted (革命)"}
    if not state.over:
        counts = " ".join(f"S{s}:{n}" for s, n in enumerate(state.counts))
        return {"refusals": refusals, "over": False, "counts": state.counts,
                "summary": f"{header} 未完 not finished; cards left {counts}"}
    result = deal_result(state)
    return {"refusals": refusals, "over": True, **_result_json(result),
            "summary": f"{header}\n{result.summary()}"}


def _result_json(result: DealResult) -> dict[str, Any]:
    return {
        "places": {f"S{s}": PLACE_NAMES[p] for s, p in enumerate(result.places)},
        "points": {f"S{s}": result.seat_points(s) for s in range(6)},
        "team_points": list(result.team_points),
        "chuan": result.chuan,
        "tribute": [
            {"giver": t.giver, "receiver": t.receiver, "count": t.count, "kind": t.kind,
             "waivable": t.waivable}
            for t in result.tribute
        ],
    }


# ---------------------------------------------------------------- selfplay

def _selfplay(args: argparse.Namespace) -> int:
    if args.deals < 1:
        print("错误 error: --deals must be at least 1", file=sys.stderr)
        return EXIT_BAD
    if args.record is not None:
        try:
            args.record.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"错误 error: cannot create {args.record}: {exc}", file=sys.stderr)
            return EXIT_BAD
    stats = Statistics()
    rows = []
    match = Match(get_preset(args.rules).rules)
    for state, result in run(args.rules, args.deals, args.seed, args.bot, as_match=args.match):
        stats.add(state, result)
        seed = int(state.setup.tags["Seed"])
        if result is None:
            order = "作废 void (两人革命)"
            rows.append({"seed": seed, "void": True, "actions": len(state.log)})
        else:
            match.add(result)
            order = " ".join(f"{PLACE_NAMES[p]}S{s}" for p, s in enumerate(result.order))
            rows.append({"seed": seed, **_result_json(result), "actions": len(state.log)})
        if not args.json:
            teams = "" if result is None else (
                f"  team {result.team_points[0]:+d}/{result.team_points[1]:+d}"
            )
            print(f"seed {seed}: {order}{teams}")
        if args.record is not None:
            text = write_deal(state.setup, state.log, result=order)
            (args.record / f"{args.rules}-{seed}.gjr").write_text(text, encoding="utf-8")
    summary = {
        "deals": stats.deals,
        "actions_per_deal": stats.actions / stats.deals,
        "burns": stats.events["burn_success"],
        "failed_burns": stats.events["burn_failure"],
        "jie_shao": stats.events["jie_shao"],
        "kaidian": stats.events["kaidian"],
        "men": stats.events["men"],
        "chuan": stats.chuan,
        "void": stats.void,
        "place_points_by_seat": [stats.place_points[s] for s in range(6)],
    }
    if args.match:
        summary["match_totals"] = list(match.totals)
        summary["match_winner"] = match.winner()
    if args.json:
        print(json.dumps({"deals": rows, "summary": summary}, ensure_ascii=False, indent=2))
    else:
        print(
            f"{stats.deals} deals, {summary['actions_per_deal']:.0f} actions each; "
            f"烧成 {summary['burns']}, 烧败 {summary['failed_burns']}, 解烧 {summary['jie_shao']}, "
            f"开点 {summary['kaidian']}, 闷 {summary['men']}, 串三户 {summary['chuan']}"
        )
        if args.match:
            winner = match.winner()
            print(f"match totals {match.totals[0]:+d}/{match.totals[1]:+d}: "
                  + ("draw" if winner is None else f"team {winner} wins"))
    return EXIT_OK

