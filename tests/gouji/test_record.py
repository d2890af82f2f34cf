"""The deal record format (牌局记录): round trips, match files, errors naming their line."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji.actions import Action, Declare, Kou, Pass, PlayCards, Rang
from gouji.cards import NATURAL_RANKS, Rank
from gouji.dealer import random_setup
from gouji.plays import Play
from gouji.record import (
    RecordedDeal,
    RecordedEvent,
    RecordError,
    read_deal,
    read_deals,
    read_file,
    write_deal,
    write_match,
)
from gouji.setup import DealSetup

NAMES = ("张三", "李四", "王五", "赵六", "钱七", "孙八")

EXAMPLE = """\
[Event "周六俱乐部夜场"]
[Date "2026.11.29"]
[Table "3"]
[Deal "1"]
[Rules "match"]
[Set "compare.three_twos_beat_joker=false"]
[Seats "张三, 李四, 王五, 赵六, 钱七, 孙八"]
[Leader "2"]
[Counts "36 36 36 36 36 36"]

1. S2 play 555
2. S3 pass
3. S4 play 666 {a comment, kept}
4. S5 rang
5. S0 declare men
6. S1 play KKK22 {refused: 贴钱不允许}
"""


def _norm(changes: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in changes.items()}


def _error(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as err:
        read_deals(text)
    assert not isinstance(err.value, (KeyError, IndexError))
    return err.value


def _replace_line(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _line_of(text: str, fragment: str) -> int:
    for number, line in enumerate(text.split("\n"), start=1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


# --------------------------------------------------------------------------- the example


def test_the_example_record_reads() -> None:
    deal = read_deal(EXAMPLE)
    setup = deal.setup
    assert setup.preset == "match" and setup.leader == 2 and setup.names == NAMES
    assert setup.counts == (36,) * 6 and setup.hands is None
    assert setup.changes == {"compare.three_twos_beat_joker": False}
    assert setup.rules.compare.three_twos_beat_joker is False
    assert dict(setup.tags) == {
        "Event": "周六俱乐部夜场", "Date": "2026.11.29", "Table": "3", "Deal": "1",
    }
    assert deal.actions == (
        PlayCards(2, Play.parse("555")),
        Pass(3),
        PlayCards(4, Play.parse("666")),
        Rang(5),
        Declare(0, "men"),
        PlayCards(1, Play.parse("KKK22")),
    )
    assert [e.comment for e in deal.events] == [
        None, None, "a comment, kept", None, None, "refused: 贴钱不允许",
    ]
    assert [e.number for e in deal.events] == [1, 2, 3, 4, 5, 6]
    assert [e.line for e in deal.events] == [11, 12, 13, 14, 15, 16]
    assert deal.result is None and deal.line == 1


def test_the_example_in_the_docs_reads_and_writes_back() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "record.md"
    example = doc.read_text(encoding="utf-8").split("## An example")[1].split("```")[1]
    deal = read_deal(example.removeprefix("\n"))
    assert deal.result == "头科 S2" and len(deal.events) == 6
    assert write_deal(deal.setup, deal.events, deal.result) == example.removeprefix("\n")


def test_writing_what_was_read_gives_the_same_text() -> None:
    deal = read_deal(EXAMPLE)
    assert write_deal(deal.setup, deal.events, deal.result) == EXAMPLE


def test_chinese_verbs_and_loose_card_notation_are_read_and_written_in_english() -> None:
    text = _replace_line(EXAMPLE, "1. S2 play 555", "1. S2 出 5 5 5")
    text = _replace_line(text, "2. S3 pass", "2. S3 过")
    text = _replace_line(text, "4. S5 rang", "4. S5 让")
    text = _replace_line(text, "5. S0 declare men", "5. S0 闷")
    text = _replace_line(text, "6. S1 play KKK22", "6. S1 PLAY 2K2KK")
    deal = read_deal(text)
    assert deal == read_deal(EXAMPLE)
    assert write_deal(deal.setup, deal.events) == EXAMPLE


def test_a_result_tag_is_kept_and_written_last() -> None:
    text = write_deal(read_deal(EXAMPLE).setup, (), result="头科 S2; 大落 S5")
    deal = read_deal(text)
    assert deal.result == "头科 S2; 大落 S5" and deal.events == ()
    assert text.rstrip("\n").split("\n")[-1] == '[Result "头科 S2; 大落 S5"]'


def test_unknown_tags_are_kept_in_order_after_the_setup_tags() -> None:
    text = _replace_line(EXAMPLE, '[Table "3"]', '[Referee "老王"]\n[Table "3"]')
    text = _replace_line(text, '[Leader "2"]', '[Leader "2"]\n[Camera "cam-1"]')
    deal = read_deal(text)
    assert list(deal.setup.tags) == ["Event", "Date", "Referee", "Table", "Deal", "Camera"]
    written = write_deal(deal.setup, deal.events).split("\n")
    assert written[:4] == ['[Event "周六俱乐部夜场"]', '[Date "2026.11.29"]', '[Table "3"]',
                           '[Deal "1"]']
    assert written[written.index('[Counts "36 36 36 36 36 36"]') + 1 :][:2] == [
        '[Referee "老王"]', '[Camera "cam-1"]',
    ]


def test_escapes_in_tag_values_and_comments() -> None:
    setup = dataclasses.replace(
        read_deal(EXAMPLE).setup,
        names=('张"三"', "back\\slash", "a, b", " lead space", "", "x}y{"),
        tags={"Event": 'The "Open" \\ 2026'},
    )
    events: list[tuple[Action, str | None]] = [(Pass(0), 'odd } \\ { "comment"'), (Rang(1), "")]
    text = write_deal(setup, events)
    assert '[Event "The \\"Open\\" \\\\ 2026"]' in text
    assert "[Seat2 \"a, b\"]" in text and "[Seats" not in text
    deal = read_deal(text)
    assert deal.setup == setup
    assert [(e.action, e.comment) for e in deal.events] == events


def test_default_names_are_not_written() -> None:
    setup = random_setup("dorm", 3)
    text = write_deal(setup)
    assert "Seat" not in text
    assert read_deal(text).setup.names == tuple(f"S{i}" for i in range(6))


def test_set_values_in_every_form() -> None:
    base = read_deal(EXAMPLE).setup
    changes: dict[str, Any] = {
        "score.places": [3, 2, 1, 0, -1, -5],
        "tribute.order": ["luo"],
        "tribute.luo": [3, 1],
        "play.attached_twos": "flower",
        "baopai.threshold": 7,
        "deck.redeal_without_high": True,
    }
    setup = dataclasses.replace(base, changes=changes)
    text = write_deal(setup)
    assert '[Set "tribute.order=[luo]"]' in text
    assert read_deal(text).setup.changes == changes
    # The --set forms of the command line are read too.
    loose = _replace_line(text, "score.places=[3, 2, 1, 0, -1, -5]", "score.places=3,2,1,0,-1,-5")
    loose = _replace_line(loose, "deck.redeal_without_high=true", "deck.redeal_without_high=yes")
    assert read_deal(loose).setup.changes == changes


def test_crlf_and_a_bom_are_accepted() -> None:
    data = b"\xef\xbb\xbf" + EXAMPLE.replace("\n", "\r\n").encode("utf-8")
    assert read_deal(data) == read_deal(EXAMPLE)


def test_read_file(tmp_path: Path) -> None:
    path = tmp_path / "club.pgn"
    path.write_bytes(EXAMPLE.encode("utf-8"))
    assert read_file(path) == [read_deal(EXAMPLE)]
    assert read_file(str(path), strict=False) == ([read_deal(EXAMPLE)], [])


def test_recorded_deal_gives_the_log_to_replay() -> None:
    deal = read_deal(EXAMPLE)
    assert [e.refused for e in deal.events] == [False] * 5 + [True]
    assert deal.log == deal.actions[:5] and len(deal.actions) == 6
    assert RecordedEvent(1, Pass(0), None, line=5) == RecordedEvent(1, Pass(0), None, line=9)


# --------------------------------------------------------------------------- match files


def test_a_match_file_with_three_deals() -> None:
    first = read_deal(EXAMPLE)
    second = RecordedDeal(
        dataclasses.replace(random_setup("jinyou", 11, leader=4), names=NAMES, tags={"Deal": "2"}),
        (RecordedEvent(1, PlayCards(4, Play.parse("33")), "开局"), RecordedEvent(2, Pass(5))),
        "S4 头科",
    )
    third = RecordedDeal(random_setup("zaozhuang", 12), (), None)  # no events at all
    text = write_match([first, second, third])
    assert text.count("\n\n") == 4  # header/events, deal/deal twice, header/events
    deals = read_deals(text)
    assert deals == [first, second, third]
    assert [d.line for d in deals] == [1, 18, _line_of(text, '[Rules "zaozhuang"]')]
    assert write_match(deals) == text
    with pytest.raises(RecordError) as err:
        read_deal(text)
    assert err.value.line == 18


def test_a_deal_with_no_events_followed_by_another() -> None:
    a = RecordedDeal(random_setup("match", 1))
    b = RecordedDeal(random_setup("tribute", 2))
    assert read_deals(write_match([a, b])) == [a, b]


def test_an_empty_record() -> None:
    assert read_deals("") == [] and read_deals("\n\n") == []
    with pytest.raises(RecordError, match="no deal"):
        read_deal("")


# --------------------------------------------------------------------------- random round trips

SAFE_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from('张三李四王五赵六钱七孙八老"\\{}[],，= '),
        st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
    ),
    max_size=10,
)
VALID_CHANGES: list[dict[str, Any]] = [
    {},
    {"compare.three_twos_beat_joker": False},
    {"compare.three_twos_beat_joker": True, "compare.bigs_per_big_joker": 3},
    {"score.places": [3, 2, 1, 0, -1, -5]},
    {"tribute.order": []},
    {"tribute.order": ["men", "dian"], "tribute.enabled": True},
    {"play.attached_twos": "flower", "baopai.rule": "at_or_below", "baopai.threshold": 5},
    {"deck.decks": 6, "deck.threes": 24, "deck.fours": 24},
    {"deck.threes": 6, "deck.fours": 6},
]


@st.composite
def plays(draw: st.DrawFn) -> Play:
    rank = draw(st.sampled_from([*NATURAL_RANKS, Rank.TWO, None]))
    small, big = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    if rank is None:
        if small + big == 0:
            big = 1
        return Play(None, 0, 0, small, big)
    if rank is Rank.TWO:
        return Play(rank, draw(st.integers(1, 6)), 0, small, big)
    return Play(rank, draw(st.integers(1, 8)), draw(st.integers(0, 3)), small, big)


ACTIONS: st.SearchStrategy[Action] = st.one_of(
    st.builds(PlayCards, st.integers(0, 5), plays()),
    st.builds(Pass, st.integers(0, 5)),
    st.builds(Rang, st.integers(0, 5)),
    st.builds(Declare, st.integers(0, 5), st.just("men")),
)
TAG_NAMES = st.from_regex(r"[A-Z][a-z]{1,7}", fullmatch=True).filter(
    lambda n: n not in ("Rules", "Set", "Seats", "Leader", "Counts", "Result", "Hand", "Seat")
)


@st.composite
def setups(draw: st.DrawFn) -> DealSetup:
    preset = draw(st.sampled_from(["dorm", "match", "tribute", "jinyou", "zaozhuang"]))
    changes = draw(st.sampled_from(VALID_CHANGES))
    setup = random_setup(
        preset, draw(st.integers(0, 10**6)), changes=changes, leader=draw(st.integers(0, 5))
    )
    names = draw(
        st.one_of(
            st.just(tuple(f"S{i}" for i in range(6))),
            st.permutations(NAMES).map(tuple),
            st.tuples(*[SAFE_TEXT] * 6),
        )
    )
    tags = draw(st.dictionaries(TAG_NAMES, SAFE_TEXT, max_size=4))
    if draw(st.booleans()):
        counts = draw(st.tuples(*[st.integers(0, 32)] * 6))
        return dataclasses.replace(setup, hands=None, counts=counts, names=names, tags=tags)
    return dataclasses.replace(setup, names=names, tags=tags)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=setups(),
    events=st.lists(st.tuples(ACTIONS, st.one_of(st.none(), SAFE_TEXT)), max_size=30),
    result=st.one_of(st.none(), SAFE_TEXT),
)
def test_random_deals_round_trip(
    setup: DealSetup, events: list[tuple[Action, str | None]], result: str | None
) -> None:
    text = write_deal(setup, events, result)
    deal = read_deal(text)
    assert deal.setup.preset == setup.preset and deal.setup.leader == setup.leader
    assert deal.setup.hands == setup.hands and deal.setup.counts == setup.counts
    assert deal.setup.names == setup.names and dict(deal.setup.tags) == dict(setup.tags)
    assert _norm(deal.setup.changes) == _norm(setup.changes)
    assert deal.setup.rules == setup.rules
    assert [(e.action, e.comment) for e in deal.events] == events
    assert [e.number for e in deal.events] == list(range(1, len(events) + 1))
    assert deal.result == result
    assert write_deal(deal.setup, deal.events, deal.result) == text


@settings(max_examples=25, deadline=None)
@given(st.lists(setups(), min_size=1, max_size=3), st.lists(ACTIONS, max_size=5))
def test_random_matches_round_trip(setups_: list[DealSetup], actions: list[Action]) -> None:
    deals = [
        RecordedDeal(s, tuple(RecordedEvent(i, a) for i, a in enumerate(actions, 1)))
        for s in setups_
    ]
    text = write_match(deals)
    read = read_deals(text)
    assert [d.events for d in read] == [d.events for d in deals]
    assert write_match(read) == text


GARBAGE = list('[]"\\{}.S 0123456789\nplayRulesmatchKB出闷=,\x00\r')


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(GARBAGE), max_size=200))
def test_garbage_raises_only_record_errors(text: str) -> None:
    with contextlib.suppress(RecordError):
        read_deals(text)
    _, errors = read_deals(text, strict=False)
    assert all(isinstance(e, RecordError) and e.line >= 1 for e in errors)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(EXAMPLE.encode())), st.binary(max_size=3)),
                min_size=1, max_size=4))
def test_a_mutated_record_raises_only_record_errors(edits: list[tuple[int, bytes]]) -> None:
    data = EXAMPLE.encode()
    for at, chunk in edits:
        data = data[:at] + chunk + data[at + 1 :]
    with contextlib.suppress(RecordError):
        read_deals(data)
    _, errors = read_deals(data, strict=False)
    assert all(isinstance(e, RecordError) and e.line >= 1 for e in errors)


# --------------------------------------------------------------------------- errors name the line


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("4. S5 rang", "4. S5 fold", "fold"),
        ("4. S5 rang", "4. S6 rang", "S6"),
        ("4. S5 rang", "4. seat5 rang", "seat5"),
        ("1. S2 play 555", "1. S2 play 55X5", "'X'"),
        ("1. S2 play 555", "1. S2 play 5566", "一种点数"),
        ("1. S2 play 555", "1. S2 play", "needs the cards"),
        ("2. S3 pass", "2. S3 pass 55", "nothing after"),
        ("5. S0 declare men", "5. S0 declare shao", "shao"),
        ("3. S4 play 666 {a comment, kept}", "3. S4 play 666 {a comment", "not closed"),
        ("3. S4 play 666 {a comment, kept}", "3. S4 play 666 {a} tail", "follow"),
        ("3. S4 play 666 {a comment, kept}", "3. S4 play 666 {a \\q}", "escape"),
        ("4. S5 rang", "4 S5 rang", "not an event line"),
        ("4. S5 rang", "4.", "S<seat>"),
    ],
)
def test_a_bad_event_line_names_its_line(old: str, new: str, fragment: str) -> None:
    text = _replace_line(EXAMPLE, old, new)
    err = _error(text)
    assert err.line == _line_of(text, new)
    assert fragment in err.message and str(err).startswith(f"第{err.line}行")


def test_out_of_order_move_numbers() -> None:
    text = _replace_line(EXAMPLE, "4. S5 rang", "5. S5 rang")
    err = _error(text)
    assert err.line == 14 and "expected 4" in err.message
    text = _replace_line(EXAMPLE, "1. S2 play 555", "0. S2 play 555")
    assert _error(text).line == 11


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ('[Table "3"]', "[Table 3]", "[Name"),
        ('[Table "3"]', '[Table "3"', "[Name"),
        ('[Table "3"]', 'Table "3"', "[Name"),
        ('[Table "3"]', '[Table "3\\n"]', "escapes"),
        ('[Table "3"]', '[Table "3"] [Deal "1"]', "[Name"),
        ('[Rules "match"]', '[Rules "poker"]', "poker"),
        ('[Set "compare.three_twos_beat_joker=false"]',
         '[Set "compare.three_twos_beat_joker=maybe"]', "three_twos_beat_joker"),
        ('[Set "compare.three_twos_beat_joker=false"]', '[Set "compare.no_such=true"]', "no_such"),
        ('[Set "compare.three_twos_beat_joker=false"]', '[Set "tribute.luo=[1, 2, 3]"]', "luo"),
        ('[Set "compare.three_twos_beat_joker=false"]', '[Set "compare"]', "section.name=value"),
        ('[Set "compare.three_twos_beat_joker=false"]', '[Set "score.dian=(1)"]', "(1)"),
        ('[Leader "2"]', '[Leader "6"]', "Leader"),
        ('[Leader "2"]', '[Leader "two"]', "Leader"),
        ('[Counts "36 36 36 36 36 36"]', '[Counts "36 36 36 36 36"]', "Counts"),
        ('[Counts "36 36 36 36 36 36"]', '[Counts "36 36 36 36 36 -1"]', "Counts"),
        ('[Counts "36 36 36 36 36 36"]', '[Counts "90 90 90 90 90 90"]', "pack holds"),
        ('[Seats "张三, 李四, 王五, 赵六, 钱七, 孙八"]', '[Seats "张三, 李四"]', "6 names"),
        ('[Deal "1"]', '[Deal "1"]\n[Deal "2"]', "twice"),
        ('[Deal "1"]', '[Hand7 "33"]', "seats are 0-5"),
    ],
)
def test_a_bad_tag_names_its_line(old: str, new: str, fragment: str) -> None:
    text = _replace_line(EXAMPLE, old, new)
    err = _error(text)
    assert err.line == _line_of(text, new.split("\n")[-1])
    assert fragment in err.message


def _full_information() -> str:
    setup = dataclasses.replace(random_setup("match", 5, leader=1), names=NAMES)
    return write_deal(setup, [Pass(1)])


def test_both_hands_and_counts() -> None:
    text = _replace_line(_full_information(), "[Hand5", '[Counts "1 2 3 4 5 6"]\n[Hand5')
    err = _error(text)
    assert err.line == _line_of(text, "[Hand5") and "not both" in err.message


def test_missing_leader_names_the_deals_first_line() -> None:
    text = "\n" + _replace_line(EXAMPLE, '[Leader "2"]\n', "")
    err = _error(text)
    assert err.line == 2 and "Leader" in err.message


def test_missing_rules_and_missing_cards() -> None:
    err = _error(_replace_line(EXAMPLE, '[Rules "match"]\n', ""))
    assert err.line == 1 and "Rules" in err.message
    err = _error(_replace_line(EXAMPLE, '[Counts "36 36 36 36 36 36"]\n', ""))
    assert err.line == 1 and "Counts" in err.message


def test_wrong_number_of_hands() -> None:
    full = _full_information()
    lines = [line for line in full.split("\n") if not line.startswith("[Hand3")]
    err = _error("\n".join(lines))
    assert err.line == 1 and "Hand3" in err.message and "5 hands" in err.message


def test_a_bad_card_in_a_hand_names_the_token() -> None:
    text = _replace_line(_full_information(), '[Hand2 "', '[Hand2 "Z')
    err = _error(text)
    assert err.line == _line_of(text, "[Hand2") and "'Z'" in err.message


def test_hands_the_pack_cannot_hold() -> None:
    text = _replace_line(_full_information(), '[Hand2 "', '[Hand2 "RRRRR')
    err = _error(text)
    assert err.line == _line_of(text, "[Hand2") and "pack holds 4" in err.message


def test_a_set_switch_that_empties_the_pack_is_checked_against_the_hands() -> None:
    text = _replace_line(_full_information(), '[Leader', '[Set "deck.threes=0"]\n[Leader')
    err = _error(text)
    assert "3" in err.message and "pack holds 0" in err.message


def test_a_switch_set_twice() -> None:
    line = '[Set "compare.three_twos_beat_joker=false"]'
    text = _replace_line(EXAMPLE, line, line + "\n" + line.replace("false", "true"))
    err = _error(text)
    assert err.line == 7 and "first at line 6" in err.message


def test_non_utf8_bytes_name_their_line() -> None:
    data = EXAMPLE.encode("utf-8").replace("孙八".encode(), "孙八".encode("gbk"))
    err = _error(data)
    assert err.line == 7 and "UTF-8" in err.message
    data = EXAMPLE.encode("utf-8").replace(b"2. S3 pass", b"2. S3 \xff")
    assert _error(data).line == 12


def test_a_control_character_is_refused() -> None:
    err = _error(_replace_line(EXAMPLE, "4. S5 rang", "4. S5 rang\x0b"))
    assert err.line == 14 and "U+000B" in err.message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("4. S5 rang", "9" * 5000 + ". S5 rang"),
        ("4. S5 rang", "4. S" + "9" * 5000 + " rang"),
        ('[Leader "2"]', '[Leader "' + "9" * 5000 + '"]'),
        ('[Counts "36 36', '[Counts "' + "9" * 5000 + " 36"),
        ('[Deal "1"]', "[Hand" + "9" * 5000 + ' "33"]'),
        ('[Set "compare.three_twos_beat_joker=false"]', '[Set "score.dian=' + "9" * 5000 + '"]'),
    ],
)
def test_huge_numbers_are_record_errors(old: str, new: str) -> None:
    text = _replace_line(EXAMPLE, old, new)
    assert _error(text).line == _line_of(text, new[:8])


def test_strict_reading_raises_the_earliest_error() -> None:
    # The bad byte on line 12 is found first (when decoding), the bad tag on line 3 later.
    text = _replace_line(EXAMPLE, '[Table "3"]', '[Table "3\x01"]')
    data = text.encode().replace(b"2. S3 pass", b"2. S3 pass \xff")
    assert [e.line for e in read_deals(data, strict=False)[1]] == [3, 12]
    assert _error(data).line == 3


def test_events_before_any_tag() -> None:
    err = _error("1. S0 pass\n\n" + EXAMPLE)
    assert err.line == 1 and "tags" in err.message


# --------------------------------------------------------------------------- lenient mode


def test_lenient_mode_skips_a_bad_event_line_and_reports_it() -> None:
    text = _replace_line(EXAMPLE, "2. S3 pass", "2. S3 pas")
    text = _replace_line(text, "5. S0 declare men", "5. S9 declare men")
    deals, errors = read_deals(text, strict=False)
    assert [(e.line, "pas" in e.message) for e in errors] == [(12, True), (15, False)]
    assert "S9" in errors[1].message
    [deal] = deals
    assert [e.number for e in deal.events] == [1, 3, 4, 6]


def test_lenient_mode_keeps_an_event_with_a_wrong_number() -> None:
    text = _replace_line(EXAMPLE, "4. S5 rang", "7. S5 rang")
    deals, errors = read_deals(text, strict=False)
    assert [e.line for e in errors] == [14, 15]  # 7 after 3, then 5 after 7
    assert [e.number for e in deals[0].events] == [1, 2, 3, 7, 5, 6]


def test_lenient_mode_drops_a_deal_with_a_bad_header_and_reads_the_next() -> None:
    good = read_deal(EXAMPLE)
    bad = _replace_line(EXAMPLE, '[Rules "match"]', '[Rules "poker"]')
    bad = _replace_line(bad, "2. S3 pass", "2. S3 pas")  # not reported: the deal is unreadable
    text = EXAMPLE + "\n" + bad + "\n" + _replace_line(EXAMPLE, "play 555", "play X55")
    deals, errors = read_deals(text, strict=False)
    assert len(deals) == 2 and deals[0] == good and len(deals[1].events) == 5
    assert [e.line for e in errors] == [22, 45]
    assert "poker" in errors[0].message and "'X'" in errors[1].message
    with pytest.raises(RecordError) as err:
        read_deals(text)
    assert err.value.line == 22


def test_lenient_mode_reports_non_utf8_lines() -> None:
    data = EXAMPLE.encode("utf-8").replace(b"3. S4 play 666", b"3. S4 play \xc0\xc0\xc0")
    deals, errors = read_deals(data, strict=False)
    assert [e.line for e in errors] == [13]
    assert len(deals[0].events) == 5


# --------------------------------------------------------------------------- the writer refuses


def test_the_writer_refuses_what_it_could_not_read_back() -> None:
    setup = read_deal(EXAMPLE).setup
    with pytest.raises(ValueError, match="U\\+000A"):
        write_deal(dataclasses.replace(setup, names=("a\nb", *NAMES[1:])))
    with pytest.raises(ValueError, match="U\\+000A"):
        write_deal(setup, [(Pass(0), "two\nlines")])
    with pytest.raises(ValueError, match="clashes"):
        write_deal(dataclasses.replace(setup, tags={"Result": "x"}))
    with pytest.raises(ValueError, match="tag name"):
        write_deal(dataclasses.replace(setup, tags={"bad name": "x"}))
    with pytest.raises(ValueError, match="poker"):
        write_deal(dataclasses.replace(setup, preset="poker"))
    with pytest.raises(ValueError, match="no_such"):
        write_deal(dataclasses.replace(setup, changes={"compare.no_such": True}))
    with pytest.raises(ValueError, match="S7"):
        write_deal(setup, [Pass(7)])
    with pytest.raises(ValueError, match="cannot be written"):
        write_deal(dataclasses.replace(setup, changes={"play.attached_twos": "two words"}))


def test_opened_seats_round_trip_and_bad_values_name_the_line() -> None:
    """点贡毕业 (004): seats that start a deal opened are kept as [Opened "…"]."""
    setup = random_setup("zaozhuang", 4, opened=(1, 4))
    text = write_deal(setup)
    assert '[Opened "1 4"]' in text
    assert read_deal(text).setup.opened == (1, 4)
    bad = text.replace('[Opened "1 4"]', '[Opened "1 9"]')
    with pytest.raises(RecordError) as err:
        read_deal(bad)
    assert err.value.line == bad.splitlines().index('[Opened "1 9"]') + 1


@pytest.mark.parametrize("verb", ["kou", "扣", "扣牌", "KOU"])
def test_kou_is_read_in_either_language_and_written_in_english(verb: str) -> None:
    setup = read_deal(EXAMPLE).setup
    text = write_deal(setup, [Kou(3)]).replace("1. S3 kou", f"1. S3 {verb}")
    deal = read_deal(text)
    assert deal.log == (Kou(3),)
    assert "1. S3 kou" in write_deal(deal.setup, deal.events)
