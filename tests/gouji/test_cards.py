"""Card notation: parse, print, errors (issue 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gouji.cards import (
    CardParseError,
    Rank,
    count_ranks,
    format_cards,
    format_cards_chinese,
    parse_cards,
)

R = Rank


@pytest.mark.parametrize(
    "text",
    ["KKK22BB", "K K K 2 2 小王 小王", "K,K,K,2,2,B,B", "kkk22bb", "KKK 22 小王B"],
)
def test_the_same_play_in_every_accepted_spelling(text: str) -> None:
    assert count_ranks(parse_cards(text)) == count_ranks(
        [R.KING] * 3 + [R.TWO] * 2 + [R.SMALL_JOKER] * 2
    )


def test_ten_is_t_or_10() -> None:
    assert parse_cards("10 10 10 10 10") == (R.TEN,) * 5
    assert parse_cards("1010TT10") == (R.TEN,) * 5
    assert parse_cards("TTTTT") == (R.TEN,) * 5


def test_big_joker_in_both_notations() -> None:
    assert parse_cards("R大王r") == (R.BIG_JOKER,) * 3


def test_empty_string_is_no_cards() -> None:
    assert parse_cards("  , ") == ()


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("KKX", "X", 3),
        ("K K 1", "1", 5),
        ("33 中王 3", "中王", 4),
        ("QQ11", "11", 3),
        ("Z", "Z", 1),
    ],
)
def test_a_bad_token_is_named_with_its_position(text: str, token: str, position: int) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(text)
    assert err.value.token == token
    assert err.value.position == position
    assert repr(token) in str(err.value) and f"position {position}" in str(err.value)


def test_canonical_print_is_lowest_first() -> None:
    assert format_cards(parse_cards("BB22KKK")) == "KKK22BB"
    assert format_cards(parse_cards("10 10 R")) == "TTR"
    assert format_cards_chinese(parse_cards("10 B R")) == "10 小王 大王"


def test_rank_order_of_the_game() -> None:
    order = "3456789TJQKA2BR"
    assert [r.symbol for r in sorted(Rank)] == list(order)
    assert R.ACE < R.TWO < R.SMALL_JOKER < R.BIG_JOKER


@given(st.lists(st.sampled_from(list(Rank)), max_size=30))
def test_print_then_parse_round_trips(cards: list[Rank]) -> None:
    assert sorted(parse_cards(format_cards(cards))) == sorted(cards)
    assert sorted(parse_cards(format_cards(cards, sep=" "))) == sorted(cards)
    assert sorted(parse_cards(format_cards_chinese(cards))) == sorted(cards)


def test_the_other_joker() -> None:
    assert Rank.SMALL_JOKER.other_joker is Rank.BIG_JOKER
    assert Rank.BIG_JOKER.other_joker is Rank.SMALL_JOKER
    with pytest.raises(ValueError, match="no joker"):
        _ = Rank.TWO.other_joker
