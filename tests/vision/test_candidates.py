"""What an unsure reading offers the players to confirm (vision.candidates.near_misses and
offered): the reasoned candidates first, then the sets one slip of the reader away."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from gouji.cards import Rank, format_cards, parse_cards
from vision.candidates import KEPT_CANDIDATES, MAX_CANDIDATES, near_misses, offered


def _set(text: str) -> tuple[Rank, ...]:
    return tuple(sorted(parse_cards(text)))


def test_near_misses_likeliest_first() -> None:
    assert [format_cards(c) for c in near_misses(_set("QQQQB"))] == [
        "QQQQR",  # the other joker
        "QQQQ2",  # a 2 read as 小王
        "QQQQQB", "QQQB",  # one more or one fewer of the main rank
        "QQQQBR", "QQQQBB",  # one more joker
        "QQQQ",  # one fewer
    ]
    assert [format_cards(c) for c in near_misses(_set("R"))] == ["B", "RR", "BR"]
    # a lone card of the main rank is not taken away: nothing would be left of the set
    assert [format_cards(c) for c in near_misses(_set("9"))] == ["99", "9R", "9B"]


@given(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=12))
def test_each_near_miss_is_one_card_away(ranks: list[Rank]) -> None:
    cards = tuple(sorted(ranks))
    misses = near_misses(cards)
    assert len(set(misses)) == len(misses)
    for miss in misses:
        assert miss and miss != cards
        gone, new = Counter(cards) - Counter(miss), Counter(miss) - Counter(cards)
        assert sum(gone.values()) <= 1 and sum(new.values()) <= 1


def test_offered_keeps_the_reasoned_candidates_first() -> None:
    reasoned = [(_set("KK"), 0.6), (_set("KKBBR"), 0.54), (_set("KKKKK"), 0.5),
                (_set("KKR"), 0.48)]
    shown = offered(reasoned)
    assert [format_cards(c) for c, _ in shown] == [
        "KK", "KKBBR", "KKKKK",  # as reasoned
        "KKK", "K",  # near misses of the reading
        "KKR",  # reasoned, and a near miss too: in the near misses' order, not dropped
    ]
    assert len(shown) == MAX_CANDIDATES
    assert shown[:KEPT_CANDIDATES] == tuple(reasoned[:KEPT_CANDIDATES])
    confidences = [v for _, v in shown]
    assert all(b <= a for a, b in zip(confidences[KEPT_CANDIDATES - 1:],
                                      confidences[KEPT_CANDIDATES:], strict=False))
    assert offered([]) == ()
