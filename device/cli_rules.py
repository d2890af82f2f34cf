"""``gouji-table judge``, ``classify`` and ``rules``: the referee's first tools.

Exit codes: ``judge`` 0 when the answer tops the play, 1 when it does not, 2 when
either is not one legal play or cannot be parsed; ``classify`` 0 when legal, 2
when not; any unknown preset or bad switch exits 2 with a one-line message.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from gouji.cards import CardParseError, format_cards
from gouji.compare import judge
from gouji.plays import Play, PlayError, is_gouji, is_pure_gouji, parse_play
from gouji.presets import PRESETS, Preset, UnknownPresetError, get_preset
from gouji.rules import Rules, SwitchError, switch_doc

EXIT_OK, EXIT_NO, EXIT_BAD = 0, 1, 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the judge, classify and rules subcommands."""
    p = sub.add_parser(
        "judge", help="does ANSWER top PREVIOUS? (管得住吗)",
        description="Exit 0 when ANSWER tops PREVIOUS, 1 when not, 2 when either is not "
        "one legal play. Cards: 3-9 T/10 J Q K A 2, B=小王, R=大王 (KKK22BB).",
    )
    rules_options(p)
    p.add_argument("previous", metavar="PREVIOUS", help="the play on the table, e.g. KKK")
    p.add_argument("answer", metavar="ANSWER", help="the answer, e.g. AAA")
    p.set_defaults(handler=_judge)

    p = sub.add_parser(
        "classify", help="is HAND one legal play, 够级, pure 够级?",
        description="Exit 0 when HAND is one legal play under the preset, 2 when not.",
    )
    rules_options(p)
    p.add_argument("hand", metavar="HAND", help="the cards of one play, e.g. JJJ2")
    p.set_defaults(handler=_classify)

    p = sub.add_parser("rules", help="the presets, or one preset's switches with their sources")
    p.add_argument("preset", nargs="?", metavar="PRESET", help=f"one of {', '.join(PRESETS)}")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(handler=_rules)


def rules_options(p: argparse.ArgumentParser) -> None:
    """``--rules PRESET``, ``--set SWITCH=VALUE`` (repeatable) and ``--json``."""
    p.add_argument("--rules", required=True, metavar="PRESET", help=f"one of {', '.join(PRESETS)}")
    p.add_argument(
        "--set", action="append", default=[], metavar="SWITCH=VALUE",
        help="change a switch, e.g. --set compare.three_twos_beat_joker=false (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")


def load_rules(args: argparse.Namespace) -> Rules:
    """The preset named by ``--rules`` with the ``--set`` changes; raises on a bad one."""
    rules = get_preset(args.rules).rules
    changes = dict(_parse_setting(s) for s in args.set)
    return rules.changed(changes) if changes else rules


def _parse_setting(text: str) -> tuple[str, Any]:
    path, sep, raw = text.partition("=")
    if not sep:
        raise SwitchError(f"--set {text!r}: expected SWITCH=VALUE")
    value: Any
    lowered = raw.strip().lower()
    if lowered in ("true", "yes", "on"):
        value = True
    elif lowered in ("false", "no", "off"):
        value = False
    elif lowered.lstrip("-").isdigit():
        value = int(lowered)
    elif "," in raw:
        value = [_scalar(v) for v in raw.split(",") if v.strip()]
    else:
        value = raw.strip()
    return path.strip(), value


def _scalar(raw: str) -> Any:
    raw = raw.strip()
    return int(raw) if raw.lstrip("-").isdigit() else raw


def fail(args: argparse.Namespace, message: str, **fields: Any) -> int:
    """Report bad input (on stderr, or as JSON with ``fields`` and the reason); exit code 2."""
    if args.json:
        print(json.dumps({**fields, "reason": message}, ensure_ascii=False))
    else:
        print(f"错误 error: {message}", file=sys.stderr)
    return EXIT_BAD


def _judge(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args)
    except (UnknownPresetError, SwitchError) as exc:
        return fail(args, str(exc), beats=False)
    plays: list[Play] = []
    for label, text in (("上手 previous", args.previous), ("应手 answer", args.answer)):
        try:
            plays.append(parse_play(text, rules))
        except (CardParseError, PlayError) as exc:
            return fail(args, f"{label} {text!r}: {exc}", beats=False)
    verdict = judge(plays[0], plays[1], rules)
    if args.json:
        print(json.dumps({"beats": verdict.beats, "reason": verdict.reason}, ensure_ascii=False))
    else:
        print(("管得住 " if verdict.beats else "管不住 ") + verdict.reason)
    return EXIT_OK if verdict.beats else EXIT_NO


def _classify(args: argparse.Namespace) -> int:
    empty = {"legal": False, "gouji": False, "pure": False, "cards": ""}
    try:
        rules = load_rules(args)
    except (UnknownPresetError, SwitchError) as exc:
        return fail(args, str(exc), **empty)
    try:
        play = parse_play(args.hand, rules)
    except CardParseError as exc:
        return fail(args, str(exc), **empty)
    except PlayError as exc:
        return fail(args, exc.reason, **{**empty, "cards": _cards_or_empty(args.hand)})
    gouji, pure = is_gouji(play, rules), is_pure_gouji(play, rules)
    if pure:
        reason = "纯够级 pure 够级: only the opposite may answer; it can 开点"
    elif gouji:
        reason = "够级牌 够级: only the opposite may answer (or a burn 烧牌); it cannot 开点"
    else:
        reason = "普通牌 not 够级: answered in turn by the next seats"
    if args.json:
        print(json.dumps(
            {"legal": True, "gouji": gouji, "pure": pure, "cards": str(play), "reason": reason},
            ensure_ascii=False,
        ))
    else:
        print(f"{play}: {reason}")
    return EXIT_OK


def _cards_or_empty(text: str) -> str:
    from gouji.cards import parse_cards

    try:
        return format_cards(parse_cards(text))
    except CardParseError:
        return ""


def _rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        return _list_presets(args)
    try:
        preset = get_preset(args.preset)
    except UnknownPresetError as exc:
        return fail(args, str(exc))
    if args.json:
        print(json.dumps(_preset_json(preset), ensure_ascii=False, indent=2))
    else:
        print(_preset_table(preset))
    return EXIT_OK


def _list_presets(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps(
            [{"name": p.name, "title": p.title, "seed": p.seed, "cards": p.rules.deck.size}
             for p in PRESETS.values()],
            ensure_ascii=False, indent=2,
        ))
        return EXIT_OK
    print(f"{'preset':<10} {'cards':>5}  {'seed':<18} title")
    for p in PRESETS.values():
        print(f"{p.name:<10} {p.rules.deck.size:>5}  {p.seed:<18} {p.title}")
    print("\n`gouji-table rules PRESET` lists one preset's switches with their sources.")
    return EXIT_OK


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "-"
    return str(value)


def _preset_table(preset: Preset) -> str:
    lines = [f"{preset.name} — {preset.title} (seed {preset.seed}, "
             f"{preset.rules.deck.size} cards)"]
    section = ""
    for path, value in preset.rules.switches():
        head, _, name = path.partition(".")
        if head != section:
            section = head
            lines.append(f"\n[{section}]")
        lines.append(f"  {name:<32} {_show(value):<24} {preset.sources[path]}")
        if path in preset.readings:
            lines.append(f"  {'':<32} {'':<24} 解读 reading: {preset.readings[path]}")
    return "\n".join(lines)


def _preset_json(preset: Preset) -> dict[str, Any]:
    return {
        "name": preset.name,
        "title": preset.title,
        "seed": preset.seed,
        "switches": {
            path: {
                "value": list(value) if isinstance(value, tuple) else value,
                "meaning": switch_doc(path),
                "source": preset.sources[path],
                **({"reading": preset.readings[path]} if path in preset.readings else {}),
            }
            for path, value in preset.rules.switches()
        },
    }
