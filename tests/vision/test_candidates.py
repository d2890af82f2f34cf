"""What an unsure reading offers the players to confirm (vision.candidates.near_misses,
offered, with_fan): the reasoned candidates first, then the sets one slip of the reader
away."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from gouji.cards import Rank, format_cards, parse_cards
from vision.candidates import (
    KEPT_CANDIDATES,
    MAX_CANDIDATES,
    near_misses,
    offered,
    with_fan,
    with_lone_joker,
)
from vision.fan import UnreadCard


def _set(text: str) -> tuple[Rank, ...]:
    return tuple(sorted(parse_cards(text)))


def test_near_misses_likeliest_first() -> None:
    assert [format_cards(c) for c in near_misses(_set("QQQQB"))] == [
        "QQQQQB",  # one more of the main rank
        "QQQQ",  # one 小王 fewer
        "QQQQR",  # the other joker
        "QQQB",  # one fewer of the main rank
        "QQQQ2",  # a 2 read as 小王
        "QQQBR",  # a Q that is a 大王
        "QQQQBB", "QQQQBR",  # one more joker
    ]
    assert [format_cards(c) for c in near_misses(_set("R"))] == ["B", "BR", "RR"]
    # a lone card of the main rank is not taken away: nothing would be left of the set
    assert [format_cards(c) for c in near_misses(_set("9"))] == ["99", "R", "9B", "9R"]


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
                (_set("KR"), 0.48)]
    shown = offered(reasoned)
    assert [format_cards(c) for c, _ in shown] == [
        "KK", "KKBBR", "KKKKK",  # as reasoned
        "KKK", "K",  # near misses of the reading
        "KR",  # reasoned, and a near miss too: in the near misses' order, not dropped
    ]
    assert len(shown) == MAX_CANDIDATES
    assert shown[:KEPT_CANDIDATES] == tuple(reasoned[:KEPT_CANDIDATES])
    confidences = [v for _, v in shown]
    assert all(b <= a for a, b in zip(confidences[KEPT_CANDIDATES - 1:],
                                      confidences[KEPT_CANDIDATES:], strict=False))
    assert offered([]) == ()


def test_a_set_offered_twice_is_shown_once() -> None:
    # a taught deck's fan of jokers counted by its edges (FAN_CONFIDENCE) goes before the
    # candidates reasoned from its marks, which may hold the same set: paris `BB` (dev seed
    # 2037) was offered as BB, BB, BR, ...
    shown = offered([(_set("BB"), 0.4), (_set("BB"), 1.0), (_set("BR"), 0.5),
                     (_set("B"), 0.3), (_set("BB"), 0.2)])
    cards = [format_cards(c) for c, _ in shown]
    assert len(cards) == len(set(cards)) and cards[:2] == ["BB", "BR"]
    assert shown[0] == (_set("BB"), 0.4)


def _unread(rank: Rank, likeness: float = 0.3) -> UnreadCard:
    joker = rank if rank.is_joker else Rank.SMALL_JOKER
    return UnreadCard((0.0, 0.0), rank, joker, likeness)


def test_a_fan_with_unread_cards_offers_each_guess_wrong_in_turn() -> None:
    # 99999 read, a 小王 and a 大王 guessed where the fan shows two more cards: the guess,
    # then one of them absent, then one of them a 9, then all absent
    cands = with_fan([(_set("99999"), 0.9)], [_unread(Rank.SMALL_JOKER),
                                               _unread(Rank.BIG_JOKER)])
    assert [format_cards(c) for c, _ in cands] == ["99999BR", "99999R", "99999B", "999999R"]
    assert [v for _, v in cands] == sorted((v for _, v in cands), reverse=True)
    # one unread card guessed a 9 by its corner: absent, then a joker (as its ink tells)
    cands = with_fan([(_set("99"), 0.9)], [_unread(Rank.NINE, 0.8)])
    assert [format_cards(c) for c, _ in cands] == ["999", "99", "99B"]


def test_a_card_guessed_by_its_suit_pip_offers_a_2_first() -> None:
    # a 9 guessed by the suit pip under its hidden corner: a wild 2 there shows one as well
    pipped = UnreadCard((0.0, 0.0), Rank.NINE, Rank.SMALL_JOKER, 0.3, pip_seen=True)
    cands = with_fan([(_set("9999"), 0.9)], [pipped])
    assert [format_cards(c) for c, _ in cands][:3] == ["99999", "99992", "9999"]
    assert "9999B" in {format_cards(c) for c, _ in cands}


@given(st.lists(st.sampled_from([Rank.SMALL_JOKER, Rank.BIG_JOKER, Rank.KING]), min_size=1,
                max_size=4))
def test_each_slip_of_the_fan_guess_is_one_card_away(guesses: list[Rank]) -> None:
    read = _set("KKK")
    cands = with_fan([(read, 0.9)], [_unread(r) for r in guesses])
    guessed = cands[0][0]
    assert guessed == tuple(sorted((*read, *guesses)))
    assert len({c for c, _ in cands}) == len(cands)
    for c, _ in cands[1:]:
        gone, new = Counter(guessed) - Counter(c), Counter(c) - Counter(guessed)
        # one guess wrong, or (past them) none of the guesses kept
        assert (sum(gone.values()) == 1 and sum(new.values()) <= 1) or c == read


def test_a_lone_card_read_by_one_corner_offers_both_jokers_next() -> None:
    cands = with_lone_joker([(_set("J"), 0.8), (_set("T"), 0.5), (_set("R"), 0.3)])
    assert [format_cards(c) for c, _ in cands] == ["J", "B", "R", "T"]
    assert [v for _, v in cands][:3] == [0.8, 0.8 * 0.9, 0.8 * 0.9]


def test_a_lone_j_that_may_begin_a_jokers_word_is_read_as_that_joker() -> None:
    cands = with_lone_joker([(_set("J"), 0.8), (_set("T"), 0.5)], Rank.BIG_JOKER)
    assert [format_cards(c) for c, _ in cands] == ["R", "J", "B", "T"]
    assert [v for _, v in cands][:3] == [0.8, 0.8 * 0.9, 0.8 * 0.9]
