"""The deal record (牌局记录): a human-readable text format for deals and matches, after PGN.

A record is a tag section (``[Name "value"]`` lines: the rules, the seats, the
leader, the hands or counts, free tags such as Event and Date) followed by the
numbered events of the deal (``1. S2 play 555``).  A match file holds several
deals one after another, separated by a blank line.  ``docs/record.md`` gives
the grammar, every tag and how errors are reported.

Reading and writing round-trip: ``read_deal(write_deal(setup, events))`` gives
the same setup, actions and comments back, and writing what was read gives the
same text when the text was written by :func:`write_deal`.  Every reading error
is a :class:`RecordError` naming the line (第N行) and what is wrong; no other
exception escapes the reader, whatever it is given.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any, Literal, overload

from gouji.actions import (
    DECLARATIONS,
    SEATS,
    Action,
    Declaration,
    Declare,
    Kou,
    Pass,
    PlayCards,
    Rang,
)
from gouji.cards import CardParseError, Rank, format_cards, parse_cards
from gouji.plays import Play, PlayError
from gouji.presets import UnknownPresetError, get_preset
from gouji.rules import Rules, SwitchError
from gouji.setup import DealSetup

__all__ = [
    "REFUSED",
    "RecordError",
    "RecordedDeal",
    "RecordedEvent",
    "read_deal",
    "read_deals",
    "read_file",
    "write_deal",
    "write_match",
]


class RecordError(ValueError):
    """A record that cannot be read: ``line`` is the 1-based line (第N行), ``message`` why."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"第{line}行 line {line}: {message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.line, self.message))


@dataclass(frozen=True)
class RecordedEvent:
    """One numbered event of a record: the action, its comment (``{…}``) and where it was read.

    ``number`` is the move number as written; ``line`` the 1-based line it was read
    from (0 when the event was not read from text).  ``line`` takes no part in equality.
    """

    number: int
    action: Action
    comment: str | None = None
    line: int = field(default=0, compare=False)

    @property
    def refused(self) -> bool:
        """True for a play the engine refused: kept in the record with a comment starting
        ``refused`` (``{refused: 贴钱不允许}``), but not part of the deal's state."""
        return self.comment is not None and self.comment.startswith(REFUSED)


@dataclass(frozen=True)
class RecordedDeal:
    """A deal as recorded (一局记录): its setup, its events in order, and the Result tag.

    ``line`` is the line of the deal's first tag (0 when not read from text);
    it takes no part in equality.
    """

    setup: DealSetup
    events: tuple[RecordedEvent, ...] = ()
    result: str | None = None
    line: int = field(default=0, compare=False)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every recorded action in order, refused ones included."""
        return tuple(event.action for event in self.events)

    @property
    def log(self) -> tuple[Action, ...]:
        """The operation log to replay: the actions of the events not refused."""
        return tuple(event.action for event in self.events if not event.refused)


REFUSED = "refused"
"""How the comment of a refused play starts (``{refused: <rule>}``)."""

EventInput = Action | tuple[Action, str | None] | RecordedEvent

# ---------------------------------------------------------------------------
# Shared vocabulary

ROSTER: tuple[str, ...] = ("Event", "Site", "Date", "Table", "Deal")
"""Free tags written first, in this order, when a setup has them (the rest keep their order)."""

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE = re.compile(r"\[([A-Za-z][A-Za-z0-9_]*)[ \t]+\"((?:[^\"\\]|\\.)*)\"\]")
_SEAT_TAG = re.compile(r"(Hand|Seat)([0-9]+)")
_EVENT_LINE = re.compile(r"([0-9]{1,9})\.(.*)")
_SEAT_TOKEN = re.compile(r"[Ss]([0-9]{1,9})")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEFAULT_NAMES: tuple[str, ...] = tuple(f"S{i}" for i in range(SEATS))
_NAME_SEPARATORS = re.compile(r"[,，]")
_TRUE_WORDS = frozenset({"true", "yes", "on"})
_FALSE_WORDS = frozenset({"false", "no", "off"})

_VERBS: dict[str, str] = {
    "play": "play", "出": "play",
    "pass": "pass", "过": "pass",
    "rang": "rang", "让": "rang",
    "kou": "kou", "扣": "kou", "扣牌": "kou",
    "declare": "declare", **{zh: what for what, zh in DECLARATIONS.items()},
}
_DECLARATIONS: dict[str, Declaration] = {
    **{what: what for what in DECLARATIONS}, **{zh: what for what, zh in DECLARATIONS.items()},
}
_VERB_LIST = "play/出, pass/过, rang/让, kou/扣, declare " + "/".join(
    f"{what}/{zh}" for what, zh in DECLARATIONS.items()
)


def _bad_char(text: str) -> str | None:
    """The first character no record line may hold (control, line or paragraph separator)."""
    for ch in text:
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return ch
    return None


def _is_reserved(name: str) -> bool:
    return name in (
        "Rules", "Set", "Seats", "Leader", "Opened", "LastOrder", "Counts", "Result"
    ) or bool(
        _SEAT_TAG.fullmatch(name)
    )


# ---------------------------------------------------------------------------
# Writing


def _quote(text: str, what: str) -> str:
    bad = _bad_char(text)
    if bad is not None:
        raise ValueError(f"记录 {what}: character U+{ord(bad):04X} cannot be written in a record")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tag(name: str, value: str) -> str:
    return f"[{name} {_quote(value, f'tag {name}')}]"


def _format_scalar(path: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if (
        isinstance(value, str)
        and _WORD.fullmatch(value)
        and value.lower() not in _TRUE_WORDS | _FALSE_WORDS
    ):
        return value
    raise ValueError(f"记录 switch {path}: value {value!r} cannot be written in a Set tag")


def _format_switch(path: str, value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_format_scalar(path, v) for v in value) + "]"
    return _format_scalar(path, value)


def _names_tags(names: Sequence[str]) -> list[str]:
    if tuple(names) == _DEFAULT_NAMES:
        return []
    simple = all(
        name and name == name.strip() and not _NAME_SEPARATORS.search(name) for name in names
    )
    if simple:
        return [_tag("Seats", ", ".join(names))]
    return [_tag(f"Seat{i}", name) for i, name in enumerate(names)]


def _event_line(number: int, action: Action, comment: str | None) -> str:
    if isinstance(action, PlayCards):
        body = f"S{action.seat} play {action.play}"
    elif isinstance(action, Pass):
        body = f"S{action.seat} pass"
    elif isinstance(action, Rang):
        body = f"S{action.seat} rang"
    elif isinstance(action, Kou):
        body = f"S{action.seat} kou"
    elif isinstance(action, Declare):
        body = f"S{action.seat} declare {action.what}"
    else:
        raise ValueError(f"记录: {action!r} is not an action")
    line = f"{number}. {body}"
    if comment is not None:
        bad = _bad_char(comment)
        if bad is not None:
            raise ValueError(
                f"记录 comment of event {number}: character U+{ord(bad):04X} cannot be written"
            )
        line += " {" + comment.replace("\\", "\\\\").replace("}", "\\}") + "}"
    return line


def _unpack(event: EventInput) -> tuple[Action, str | None]:
    if isinstance(event, RecordedEvent):
        return event.action, event.comment
    if isinstance(event, tuple):
        action, comment = event
        return action, comment
    return event, None


def _render(setup: DealSetup, events: Iterable[EventInput], result: str | None) -> str:
    tags = dict(setup.tags)
    for name in tags:
        if not _TAG_NAME.fullmatch(name):
            raise ValueError(f"记录: {name!r} is not a tag name (letters, digits, _)")
        if _is_reserved(name):
            raise ValueError(f"记录: free tag {name!r} clashes with a tag the record writes itself")
    lines = [_tag(name, tags.pop(name)) for name in ROSTER if name in tags]
    lines.append(_tag("Rules", setup.preset))
    lines += [_tag("Set", f"{p}={_format_switch(p, v)}") for p, v in setup.changes.items()]
    lines += _names_tags(setup.names)
    lines.append(_tag("Leader", str(setup.leader)))
    if setup.opened:
        lines.append(_tag("Opened", " ".join(str(s) for s in setup.opened)))
    if setup.last_order:
        lines.append(_tag("LastOrder", " ".join(str(s) for s in setup.last_order)))
    if setup.hands is not None:
        lines += [_tag(f"Hand{i}", format_cards(hand)) for i, hand in enumerate(setup.hands)]
    elif setup.counts is not None:
        lines.append(_tag("Counts", " ".join(str(n) for n in setup.counts)))
    lines += [_tag(name, value) for name, value in tags.items()]
    if result is not None:
        lines.append(_tag("Result", result))
    moves = [_event_line(n, *_unpack(e)) for n, e in enumerate(events, start=1)]
    text = "\n".join(lines) + "\n"
    if moves:
        text += "\n" + "\n".join(moves) + "\n"
    return text


def write_deal(
    setup: DealSetup, events: Sequence[EventInput] = (), result: str | None = None
) -> str:
    """Write one deal as a record (写记录): tags, a blank line, then one numbered event a line.

    ``events`` are actions, ``(action, comment)`` pairs or :class:`RecordedEvent` values
    (renumbered from 1).  Cards are written in canonical notation, verbs in English.
    Raises ValueError when the deal cannot be written so that it reads back: a
    comment or name with a line break, a free tag clashing with a setup tag, an
    unknown preset or switch, hands the pack cannot hold (the text is read back
    before it is returned).
    """
    text = _render(setup, events, result)
    try:
        read_deals(text)
    except RecordError as err:
        raise ValueError(f"记录无法写出 this deal cannot be written as a record: {err}") from err
    return text


def write_match(deals: Iterable[RecordedDeal]) -> str:
    """Write several deals into one match file (一场比赛), a blank line between deals."""
    return "\n".join(write_deal(d.setup, d.events, d.result) for d in deals)


# ---------------------------------------------------------------------------
# Reading


class _Errors:
    """Collects the errors of one reading (strict reading raises the earliest afterwards)."""

    def __init__(self) -> None:
        self.found: list[RecordError] = []

    def add(self, line: int, message: str) -> None:
        self.found.append(RecordError(line, message))


def _small_int(text: str, *, signed: bool = False) -> int | None:
    """``text`` as an int when it is a short run of ASCII digits (an optional sign if
    ``signed``); None otherwise — so that no huge number reaches ``int()``."""
    digits = text[1:] if signed and text[:1] in ("+", "-") else text
    if not (0 < len(digits) <= 9 and digits.isascii() and digits.isdigit()):
        return None
    return int(text)


@dataclass
class _RawDeal:
    first: int
    header: list[tuple[int, str]] = field(default_factory=list)
    events: list[tuple[int, str]] = field(default_factory=list)


def _decode(data: bytes, errors: _Errors) -> tuple[str, dict[int, str]]:
    """UTF-8 text of ``data`` (bad bytes replaced), and the lines holding bytes that are not
    UTF-8, each reported once.  A UTF-8 sequence never spans a newline byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), {}
    except UnicodeDecodeError:
        pass
    bad: dict[int, str] = {}
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            message = (
                f"不是UTF-8 not UTF-8 text: byte 0x{raw[exc.start]:02X} "
                f"(byte {exc.start + 1} of the line)"
            )
            errors.add(number, message)
            bad[number] = message
    return data.decode("utf-8", errors="replace"), bad


def _split_deals(
    text: str, errors: _Errors, bad_lines: Mapping[int, str]
) -> list[_RawDeal]:
    deals: list[_RawDeal] = []
    current: _RawDeal | None = None
    previous = "blank"
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            previous = "blank"
            continue
        if line.startswith("["):
            if current is None or previous != "tag":
                current = _RawDeal(number)
                deals.append(current)
            current.header.append((number, line))
            previous = "tag"
        elif current is None:
            if number not in bad_lines:
                errors.add(
                    number,
                    "记录应以标签开始 a deal starts with its tags ([Rules \"…\"] …), "
                    f"not {line[:40]!r}",
                )
            previous = "other"
        elif previous == "tag" and not line[0].isdigit():
            current.header.append((number, line))
        else:
            current.events.append((number, line))
            previous = "event"
    return deals


def _unescape(text: str, closing: str) -> str | None:
    """Undo ``\\\\`` and ``\\<closing>`` escapes; None when another escape is used."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 >= len(text) or text[i + 1] not in ("\\", closing):
                return None
            out.append(text[i + 1])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _parse_scalar(text: str) -> Any:
    lowered = text.lower()
    if lowered in _TRUE_WORDS:
        return True
    if lowered in _FALSE_WORDS:
        return False
    number = _small_int(text, signed=True)
    if number is not None:
        return number
    if _WORD.fullmatch(text):
        return text
    return None


def _parse_switch_value(text: str) -> tuple[Any, str | None]:
    """A Set value: ``true``/``false``, an integer, a word, or a list ``[a, b]`` (or ``a, b``)."""
    text = text.strip()
    bracketed = text.startswith("[") and text.endswith("]")
    if bracketed or "," in text:
        inner = text[1:-1] if bracketed else text
        items = [item.strip() for item in inner.split(",")]
        if items == [""]:
            items = []
        values = [_parse_scalar(item) for item in items]
        for item, value in zip(items, values, strict=True):
            if value is None or isinstance(value, bool):
                return None, f"list item {item!r} is not an integer or a word"
        return values, None
    value = _parse_scalar(text)
    if value is None:
        return None, f"value {text!r} is not true/false, an integer, a word or a [list]"
    return value, None


@dataclass
class _Header:
    """What the tag lines of one deal say, with the line of each."""

    tags: dict[str, tuple[int, str]] = field(default_factory=dict)
    sets: list[tuple[int, str]] = field(default_factory=list)
    free: dict[str, str] = field(default_factory=dict)
    hands: dict[int, tuple[int, str]] = field(default_factory=dict)
    seats: dict[int, tuple[int, str]] = field(default_factory=dict)


def _scan_tags(raw: _RawDeal, errors: _Errors, bad_lines: Mapping[int, str]) -> _Header | None:
    header = _Header()
    ok = True
    seen: dict[str, int] = {}
    for number, line in raw.header:
        if number in bad_lines:
            ok = False
            continue
        match = _TAG_LINE.fullmatch(line)
        if match is None:
            errors.add(number, f'标签行格式错误 a tag line is [Name "value"], not {line[:60]!r}')
            ok = False
            continue
        name, quoted = match.groups()
        value = _unescape(quoted, '"')
        if value is None:
            errors.add(number, f'标签 {name}: only \\" and \\\\ escapes are allowed in a value')
            ok = False
            continue
        bad = _bad_char(value)
        if bad is not None:
            errors.add(number, f"标签 {name}: control character U+{ord(bad):04X} in the value")
            ok = False
            continue
        if name == "Set":
            header.sets.append((number, value))
            continue
        if name in seen:
            errors.add(number, f"重复标签 tag {name} given twice (first at line {seen[name]})")
            ok = False
            continue
        seen[name] = number
        seat_tag = _SEAT_TAG.fullmatch(name)
        if seat_tag is not None:
            kind, digits = seat_tag.groups()
            seat = _small_int(digits)
            if seat is None or not 0 <= seat < SEATS or digits != str(seat):
                errors.add(number, f"没有这个座位 tag {name}: seats are 0-5")
                ok = False
                continue
            (header.hands if kind == "Hand" else header.seats)[seat] = (number, value)
        elif _is_reserved(name):
            header.tags[name] = (number, value)
        else:
            header.free[name] = value
    return header if ok else None


def _read_rules(
    raw: _RawDeal, header: _Header, errors: _Errors
) -> tuple[str, Rules, dict[str, Any]] | None:
    if "Rules" not in header.tags:
        errors.add(raw.first, '缺少规则 this deal has no [Rules "preset"] tag')
        return None
    number, preset = header.tags["Rules"]
    try:
        rules = get_preset(preset).rules
    except UnknownPresetError as exc:
        errors.add(number, str(exc))
        return None
    changes: dict[str, Any] = {}
    where: dict[str, int] = {}
    ok = True
    for number, text in header.sets:
        path, sep, raw_value = text.partition("=")
        path = path.strip()
        if not sep or not path:
            errors.add(number, f"规则开关 a Set tag is \"section.name=value\", not {text!r}")
            ok = False
            continue
        if path in where:
            errors.add(number, f"规则开关 {path} set twice (first at line {where[path]})")
            ok = False
            continue
        value, problem = _parse_switch_value(raw_value)
        if problem is not None:
            errors.add(number, f"规则开关 {path}: {problem}")
            ok = False
            continue
        try:
            rules = rules.changed({path: value})
        except SwitchError as exc:
            errors.add(number, str(exc))
            ok = False
            continue
        except (ValueError, LookupError, TypeError) as exc:
            # Rules.changed lets some bad values through as other errors (a too-long tuple).
            errors.add(number, f"规则开关 {path}: {raw_value.strip()!r} is not accepted ({exc})")
            ok = False
            continue
        where[path] = number
        changes[path] = value
    return (preset, rules, changes) if ok else None


def _read_names(raw: _RawDeal, header: _Header, errors: _Errors) -> tuple[str, ...] | None:
    if "Seats" in header.tags:
        number, value = header.tags["Seats"]
        if header.seats:
            errors.add(number, "座位 give the names in Seats or in Seat0…Seat5, not both")
            return None
        names = tuple(name.strip() for name in _NAME_SEPARATORS.split(value))
        if len(names) != SEATS or not all(names):
            errors.add(number, f"座位 Seats needs {SEATS} names separated by commas, not {value!r}")
            return None
        return names
    if header.seats:
        missing = [f"Seat{i}" for i in range(SEATS) if i not in header.seats]
        if missing:
            first = min(n for n, _ in header.seats.values())
            errors.add(first, f"座位 Seat tags need all six seats: missing {', '.join(missing)}")
            return None
        return tuple(header.seats[i][1] for i in range(SEATS))
    return _DEFAULT_NAMES


def _read_leader(raw: _RawDeal, header: _Header, errors: _Errors) -> int | None:
    if "Leader" not in header.tags:
        errors.add(raw.first, '缺少首发 this deal has no [Leader "seat"] tag')
        return None
    number, value = header.tags["Leader"]
    leader = _small_int(value)
    if leader is None or not 0 <= leader < SEATS:
        errors.add(number, f"首发 Leader is a seat 0-5, not {value!r}")
        return None
    return leader


def _read_seats(header: _Header, errors: _Errors, tag: str) -> tuple[int, ...] | None:
    """``[Opened "3 5"]``: seats that start the deal opened (点贡毕业); ``[LastOrder
    "2 0 4 1 5 3"]``: the last deal's seats from 头科 to 大落 (冲点 ties)."""
    if tag not in header.tags:
        return ()
    number, value = header.tags[tag]
    read = [_small_int(f) for f in value.replace(",", " ").split()]
    seats = tuple(s for s in read if s is not None and 0 <= s < SEATS)
    whole = tag != "LastOrder" or sorted(seats) == list(range(SEATS))
    if not seats or len(seats) < len(read) or not whole:
        example = "3 5" if tag == "Opened" else "2 0 4 1 5 3, each seat once"
        errors.add(number, f"{tag} lists seats 0-5 (\"{example}\"), not {value!r}")
        return None
    return seats


def _read_cards(
    raw: _RawDeal, header: _Header, rules: Rules | None, errors: _Errors
) -> tuple[tuple[tuple[Rank, ...], ...] | None, tuple[int, ...] | None] | None:
    counts_tag = header.tags.get("Counts")
    if header.hands and counts_tag is not None:
        later = max(counts_tag[0], max(n for n, _ in header.hands.values()))
        errors.add(
            later,
            "手牌与张数 give Hand0…Hand5 (full information) or Counts (observed), not both",
        )
        return None
    if counts_tag is not None:
        number, value = counts_tag
        read = [_small_int(f) for f in value.replace(",", " ").split()]
        if len(read) != SEATS or None in read:
            errors.add(number, f"张数 Counts is six card counts (36 36 36 36 36 36), not {value!r}")
            return None
        counts = tuple(n for n in read if n is not None)
        if rules is not None and sum(counts) > rules.deck.size:
            errors.add(
                number,
                f"张数 {sum(counts)} cards counted but the pack holds {rules.deck.size}",
            )
            return None
        return None, counts
    if not header.hands:
        errors.add(raw.first, "缺少手牌 this deal needs Hand0…Hand5 or a Counts tag")
        return None
    missing = [f"Hand{i}" for i in range(SEATS) if i not in header.hands]
    if missing:
        errors.add(
            raw.first,
            f"手牌 {len(header.hands)} hands given, six needed: missing {', '.join(missing)}",
        )
        return None
    hands: list[tuple[Rank, ...]] = []
    totals: dict[Rank, int] = {}
    for seat in range(SEATS):
        number, value = header.hands[seat]
        try:
            hand = tuple(sorted(parse_cards(value)))
        except CardParseError as exc:
            errors.add(
                number,
                f"手牌 Hand{seat}: 无法识别的牌 unknown card {exc.token!r} at position "
                f"{exc.position}",
            )
            return None
        for rank in hand:
            totals[rank] = totals.get(rank, 0) + 1
            if rules is not None and totals[rank] > rules.deck.population[rank]:
                errors.add(
                    number,
                    f"超出牌数 Hand{seat} brings {rank.chinese} to {totals[rank]}; "
                    f"the pack holds {rules.deck.population[rank]}",
                )
                return None
        hands.append(hand)
    return tuple(hands), None


def _read_header(
    raw: _RawDeal, errors: _Errors, bad_lines: Mapping[int, str]
) -> tuple[DealSetup, str | None] | None:
    header = _scan_tags(raw, errors, bad_lines)
    if header is None:
        return None
    rules_read = _read_rules(raw, header, errors)
    names = _read_names(raw, header, errors)
    leader = _read_leader(raw, header, errors)
    opened = _read_seats(header, errors, "Opened")
    last_order = _read_seats(header, errors, "LastOrder")
    cards = _read_cards(raw, header, rules_read[1] if rules_read else None, errors)
    if (rules_read is None or names is None or leader is None or cards is None or opened is None
            or last_order is None):
        return None
    preset, _rules, changes = rules_read
    hands, counts = cards
    try:
        setup = DealSetup(
            preset=preset,
            leader=leader,
            hands=hands,
            counts=counts,
            changes=changes,
            names=names,
            tags=header.free,
            opened=opened,
            last_order=last_order,
        )
    except ValueError as exc:  # pragma: no cover - the checks above come first
        errors.add(raw.first, f"开局 {exc}")
        return None
    result = header.tags.get("Result")
    return setup, None if result is None else result[1]


def _split_comment(number: int, line: str) -> tuple[str, str | None]:
    """The line without its ``{comment}``, and the comment; raises RecordError."""
    start = line.find("{")
    if start < 0:
        if "}" in line:
            raise RecordError(number, "注释 '}' without '{'")
        return line, None
    i = start + 1
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == "}":
            break
        i += 1
    else:
        raise RecordError(number, "注释 comment '{' is not closed by '}' on this line")
    if line[i + 1 :].strip():
        raise RecordError(number, f"注释 nothing may follow a comment, found {line[i + 1:]!r}")
    comment = _unescape(line[start + 1 : i], "}")
    if comment is None:
        raise RecordError(number, "注释 only \\} and \\\\ escapes are allowed in a comment")
    return line[:start], comment


class _MoveError(Exception):
    """An event line whose move number was read but whose rest is bad."""

    def __init__(self, move: int, error: RecordError) -> None:
        self.move = move
        self.error = error


def _parse_event(number: int, line: str) -> tuple[int, RecordedEvent]:
    """Parse one event line into its move number and event.

    RecordError when even the number cannot be read; :class:`_MoveError` (carrying the
    number) when the rest of the line is bad, so that numbering can go on past it.
    """
    match = _EVENT_LINE.fullmatch(line)
    if match is None:
        raise RecordError(
            number, f"不是事件行 not an event line ('N. S<seat> <verb> …'): {line[:60]!r}"
        )
    move = int(match.group(1))
    try:
        body, comment = _split_comment(number, match.group(2))
        action = _parse_action(number, body)
    except RecordError as err:
        raise _MoveError(move, err) from None
    return move, RecordedEvent(move, action, comment, number)


def _parse_action(number: int, body: str) -> Action:
    tokens = body.split(maxsplit=2)
    if len(tokens) < 2:
        raise RecordError(number, f"事件 an event is 'S<seat> <verb>' ({_VERB_LIST}): {body!r}")
    seat_token, verb_token = tokens[0], tokens[1]
    rest = tokens[2] if len(tokens) > 2 else ""
    seat_match = _SEAT_TOKEN.fullmatch(seat_token)
    if seat_match is None:
        raise RecordError(number, f"座位 {seat_token!r} is not a seat (S0…S5)")
    seat = int(seat_match.group(1))
    if not 0 <= seat < SEATS:
        raise RecordError(number, f"没有这个座位 no seat {seat_token}: seats are S0…S5")
    verb = _VERBS.get(verb_token.lower())
    if verb is None:
        raise RecordError(number, f"未知动作 unknown verb {verb_token!r}; verbs: {_VERB_LIST}")
    if verb == "play":
        if not rest:
            raise RecordError(number, "出牌 'play' needs the cards played")
        try:
            return PlayCards(seat, Play.parse(rest))
        except CardParseError as exc:
            raise RecordError(
                number, f"无法识别的牌 unknown card {exc.token!r} in {rest!r}"
            ) from None
        except PlayError as exc:
            raise RecordError(number, f"出牌 {rest!r}: {exc}") from None
    if verb == "declare":
        what = _DECLARATIONS.get(rest.strip().lower())
        if what is None:
            choices = ", ".join(f"{w} ({zh})" for w, zh in DECLARATIONS.items())
            raise RecordError(number, f"宣告 unknown declaration {rest!r}; one of {choices}")
        return Declare(seat, what)
    if rest:
        raise RecordError(number, f"{verb_token} takes nothing after it, found {rest!r}")
    declared = _DECLARATIONS.get(verb)
    if declared is not None:
        return Declare(seat, declared)
    if verb == "kou":
        return Kou(seat)
    return Pass(seat) if verb == "pass" else Rang(seat)


def _read_events(
    raw: _RawDeal, errors: _Errors, bad_lines: Mapping[int, str]
) -> tuple[RecordedEvent, ...]:
    events: list[RecordedEvent] = []
    previous = 0
    for number, line in raw.events:
        if number in bad_lines:  # already reported; keep counting moves past it
            readable = _EVENT_LINE.fullmatch(line)
            if readable is not None:
                previous = int(readable.group(1))
            continue
        try:
            move, event = _parse_event(number, line)
        except _MoveError as exc:
            previous = exc.move
            errors.add(exc.error.line, exc.error.message)
            continue
        except RecordError as err:
            errors.add(err.line, err.message)
            continue
        if move != previous + 1:
            errors.add(number, f"步数错乱 move number {move} out of order: expected {previous + 1}")
        previous = move
        events.append(event)
    return tuple(events)


def _read(text: str | bytes) -> tuple[list[RecordedDeal], list[RecordError]]:
    errors = _Errors()
    bad_lines: dict[int, str] = {}
    if isinstance(text, (bytes, bytearray)):
        text, bad_lines = _decode(bytes(text), errors)
    elif not isinstance(text, str):
        raise TypeError(f"a record is text or bytes, not {type(text).__name__}")
    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        bad = _bad_char(line.removesuffix("\r"))
        if bad is not None and number not in bad_lines:
            message = f"控制字符 control character U+{ord(bad):04X} in a record line"
            errors.add(number, message)
            bad_lines[number] = message
    deals: list[RecordedDeal] = []
    for raw in _split_deals(text, errors, bad_lines):
        read = _read_header(raw, errors, bad_lines)
        if read is None:
            continue
        setup, result = read
        events = _read_events(raw, errors, bad_lines)
        deals.append(RecordedDeal(setup, events, result, raw.first))
    errors.found.sort(key=lambda e: e.line)  # stable: same-line errors keep their order
    return deals, errors.found


@overload
def read_deals(text: str | bytes, *, strict: Literal[True] = ...) -> list[RecordedDeal]: ...


@overload
def read_deals(
    text: str | bytes, *, strict: Literal[False]
) -> tuple[list[RecordedDeal], list[RecordError]]: ...


@overload
def read_deals(
    text: str | bytes, *, strict: bool
) -> list[RecordedDeal] | tuple[list[RecordedDeal], list[RecordError]]: ...


def read_deals(
    text: str | bytes, *, strict: bool = True
) -> list[RecordedDeal] | tuple[list[RecordedDeal], list[RecordError]]:
    """Read every deal of a record or match file (读记录).

    ``text`` is the record as text, or as bytes that must be UTF-8 (a BOM is allowed).
    Strict (the default): any problem raises :class:`RecordError` — the earliest by line.
    Lenient (``strict=False``, for the referee): returns ``(deals, errors)`` — a bad
    event line is skipped and reported and the deal kept (a wrong move number is
    reported and the event kept); a bad tag line or tag makes its deal unreadable, so
    the deal is left out and its header errors reported; the next deal is read as usual.
    """
    deals, errors = _read(text)
    if not strict:
        return deals, errors
    if errors:
        raise errors[0]
    return deals


def read_deal(text: str | bytes) -> RecordedDeal:
    """Read a record holding exactly one deal; RecordError when it holds none or several."""
    deals = read_deals(text)
    if not deals:
        raise RecordError(1, "空记录 the record holds no deal")
    if len(deals) > 1:
        raise RecordError(deals[1].line, "多局 a second deal starts here; expected exactly one")
    return deals[0]


@overload
def read_file(
    path: str | PathLike[str], *, strict: Literal[True] = ...
) -> list[RecordedDeal]: ...


@overload
def read_file(
    path: str | PathLike[str], *, strict: Literal[False]
) -> tuple[list[RecordedDeal], list[RecordError]]: ...


def read_file(
    path: str | PathLike[str], *, strict: bool = True
) -> list[RecordedDeal] | tuple[list[RecordedDeal], list[RecordError]]:
    """Read a record file (UTF-8) as :func:`read_deals` does; OSError when it cannot be read."""
    return read_deals(Path(path).read_bytes(), strict=strict)
