"""Handing over the tribute when a deal starts: highest cards, 吃了不吐, 扛贡, 还贡."""

from __future__ import annotations

from collections import Counter

from gouji.cards import Rank, parse_cards
from gouji.dealer import random_setup
from gouji.presets import get_preset
from gouji.scoring import TributeDue
from gouji.tribute import exempt_seats, hand_over

R = Rank
REST = ["3", "3", "3", "3", "3"]


def hands(first: str, *others: str) -> list[tuple[Rank, ...]]:
    rest = list(others) + REST[len(others):]
    return [tuple(parse_cards(h)) for h in (first, *rest)]


def test_the_highest_cards_are_given_openly() -> None:
    """003「进贡时要进手里最大的牌」"""
    after, moves = hand_over(hands("KA2R5", "4"), [TributeDue(0, 1, 2, "luo")],
                             get_preset("tribute").rules)
    assert moves[0].cards == (R.BIG_JOKER, R.TWO)
    assert Counter(after[1])[R.BIG_JOKER] == 1


def test_cards_gained_by_buying_are_never_given() -> None:
    """000 八「通过买3买4得到2或王的人…不能拿来进贡，这叫做“吃了不吐”原则」"""
    rules = get_preset("tribute").rules
    gained = [[R.BIG_JOKER], [], [], [], [], []]
    _, moves = hand_over(hands("KAR5", "4"), [TributeDue(0, 1, 1, "luo")], rules, gained)
    assert moves[0].cards == (R.ACE,)


def test_dorm_gives_only_twos_and_jokers() -> None:
    """000 九「2以下的牌不参与…进贡，如果没有2以及以上的牌则剩余的贡不需要进」"""
    rules = get_preset("dorm").rules
    _, moves = hand_over(hands("KA25", "4"), [TributeDue(0, 1, 2, "luo")], rules)
    assert moves[0].cards == (R.TWO,)
    _, moves = hand_over(hands("KA5", "4"), [TributeDue(0, 1, 2, "luo")], rules)
    assert moves == ()


def test_kang_gong() -> None:
    """000 九「四小扛自己，四大扛全场」; 004「8个2 OR 4个小王 OR 3个大王…个人抗贡」"""
    dorm = get_preset("dorm").rules
    held = [Counter(h) for h in hands("BBBB5", "RRRR", "3")]
    assert exempt_seats(held, dorm) == {0, 1, 3, 5}
    jinyou = get_preset("jinyou").rules
    held = [Counter(h) for h in hands("RRR", "22222222", "K", "2B")]
    assert {0, 1, 2} <= exempt_seats(held, jinyou) and 3 not in exempt_seats(held, jinyou)
    assert exempt_seats(held, get_preset("zaozhuang").rules) == set()  # 004「无抗贡」


def test_zaozhuang_returns_as_many_cards() -> None:
    """004「吃了那个玩家的贡，需要给那个玩家还贡，吃了几张，换几张」"""
    rules = get_preset("zaozhuang").rules
    after, moves = hand_over(hands("AA9", "456"), [TributeDue(0, 1, 2, "luo")], rules)
    assert [m.kind for m in moves] == ["luo", "return"]
    assert moves[1].cards == (R.FOUR, R.FIVE)
    assert sorted(after[0]) == [R.FOUR, R.FIVE, R.NINE]


def test_jinyou_does_not_return() -> None:
    """004 非比赛的房间「进贡，不还贡」"""
    _, moves = hand_over(hands("AA29", "456"), [TributeDue(0, 1, 1, "luo")],
                         get_preset("jinyou").rules)
    assert [m.kind for m in moves] == ["luo"] and moves[0].cards == (R.TWO,)


def test_a_following_deal_records_its_tribute() -> None:
    setup = random_setup("tribute", 8, owed=[TributeDue(2, 3, 2, "luo")])
    assert "S2>S3" in setup.tags["Tribute"] and "return" in setup.tags["Tribute"]
    assert sum(setup.seat_counts) == 216


def test_buying_threes_and_fours() -> None:
    """000 八「没有3,4的人需要向多余3,4的人上交1张2来买一张3或一张4…
    如果对门缺3,4则必须先卖给对门」"""
    from gouji.preplay import buy_threes

    dealt = [tuple(parse_cards(h)) for h in ("55", "33334K", "66", "333344", "2B", "77")]
    rules = get_preset("match").rules  # 001「若没2的话，可以直接拿」
    after, bought = buy_threes(dealt, rules)
    assert all(Counter(h)[R.THREE] >= 1 for h in after)
    first = next(p for p in bought if p.buyer == 0 and p.rank is R.THREE)
    assert first.seller == 3 and first.paid is None  # the opposite first; S0 takes it free
    assert Counter(after[0])[R.FOUR] == 1  # and a 4, from S3's pair
    assert (after[4].count(R.TWO), after[4].count(R.SMALL_JOKER)) == (0, 1)  # S4 paid its 2


def test_tribute_seat_with_nothing_to_pay_revolts() -> None:
    """003「如果自己没有3,又没有钱、大花、小花则算做自动革命」"""
    from gouji.dealer import automatic_declarations
    from gouji.preplay import buy_threes
    from gouji.setup import DealSetup

    dealt = [tuple(parse_cards(h)) for h in ("55", "333K", "663", "3332", "77B3", "883")]
    after, bought = buy_threes(dealt, get_preset("tribute").rules, fours=False)
    assert not any(p.buyer == 0 for p in bought)  # S0 cannot pay: no free 3 in 003
    setup = DealSetup(preset="tribute", leader=1, hands=tuple(tuple(sorted(h)) for h in after))
    assert [(d.seat, d.what) for d in automatic_declarations(setup)] == [(0, "geming")]
    jinyou_after, _ = buy_threes(dealt, get_preset("jinyou").rules, fours=False)
    assert R.THREE in jinyou_after[0]  # 004「都没有，免费从别人那里获得一张3」
