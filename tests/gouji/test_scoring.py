"""Points and tribute of finished deals, per preset (issue 3)."""

from __future__ import annotations

import pytest

from gouji.cards import Rank
from gouji.deal import DealState
from gouji.scoring import deal_result
from tests.gouji.test_deal import act, start


def finish(s: DealState) -> DealState:
    """Play out a deal simply: lead one card (3s last), never answer."""
    while not s.over:
        seat = s.to_act
        assert seat is not None and s.hands is not None
        if s.trick is None:
            hand = s.hands[seat]
            others = [r for r in hand.elements() if r is not Rank.THREE]
            card = min(others) if others else Rank.THREE
            count = 1 if others else hand[Rank.THREE]
            act(s, f"{seat} {card.symbol * count}")
        else:
            act(s, f"{seat} pass")
    return s


def test_place_points_follow_the_preset() -> None:
    """001 四「头科：＋4分 二科：＋2分 三科：0分 四科：0分 二落：－2分 大落：－4分」"""
    hands = ["3", "43", "53", "63", "73", "83"]
    s = act(start("match", hands), "0 3")
    act(s, *(f"{i} pass" for i in s.queue))  # 接风 to S1
    finish(s)
    result = deal_result(s)
    points = [sc.places for sc in result.scores]
    assert sorted(points) == [-4, -2, 0, 0, 2, 4]
    assert result.places[0] == 0


def test_men_and_kaidian_points_in_match() -> None:
    """001 四「被闷者－1分，闷人者加+1分」「游戏中没有“开点”的人－2分，同时对家+2分」"""
    hands = ["K3", "A3", "Q3", "J3", "T3", "93"]
    s = act(start("match", hands), "0 K", "1 A")  # S0 闷 by S1
    finish(s)
    result = deal_result(s)
    assert result.scores[0].men == -1 and result.scores[1].men == 1
    assert result.places[0] == 5
    assert sum(result.team_points) == 0 or result.chuan is not None


def test_chuan_doubles_the_winners() -> None:
    """001 六「如果串三户，则获胜方当局得分翻一倍，落败方照旧计分。即胜方分数为＋12分，负方为－6分」
    (the tribute preset scores as match and has no 头科 restriction)"""
    hands = ["3", "443", "53", "663", "73", "83"]  # S1 and S3 keep a card so they are not 闷
    s = start("tribute", hands)
    act(s, "0 3", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass")  # 头科 S0, 接风 S1
    act(s, "1 4", "2 5", "3 pass", "4 pass", "5 pass", "1 pass", "2 3")  # 二科 S2
    act(s, "3 pass", "4 pass", "5 pass", "1 pass")  # 接风 S3
    act(s, "3 6", "4 7", "5 pass", "1 pass", "3 pass", "4 3")  # 三科 S4
    finish(s)
    result = deal_result(s)
    assert result.chuan == 0 and result.multiplier == (2, 1)
    assert result.team_points == (12, -6)
    assert result.tribute == ()  # 003「“串三户”分数翻一倍,同时不再“进贡”直接新的一局开始」


def test_tribute_of_a_dorm_deal_lists_luo_gong() -> None:
    """000 九「大拉进给头客2张拉贡，二拉进给二客1张拉贡」「拉贡如果是同帮的话可以免贡」"""
    hands = ["3", "43", "53", "63", "73", "83"]
    s = act(start("dorm", hands), "0 3")
    act(s, *(f"{i} pass" for i in s.queue))
    finish(s)
    result = deal_result(s)
    luo = [t for t in result.tribute if t.kind == "luo"]
    order = result.order
    assert (luo[0].giver, luo[0].receiver, luo[0].count) == (order[5], order[0], 2)
    assert (luo[1].giver, luo[1].receiver, luo[1].count) == (order[4], order[1], 1)


def test_no_tribute_in_match() -> None:
    hands = ["3", "43", "53", "63", "73", "83"]
    s = act(start("match", hands), "0 3")
    act(s, *(f"{i} pass" for i in s.queue))
    finish(s)
    assert deal_result(s).tribute == ()


def test_result_of_an_unfinished_deal_is_an_error() -> None:
    s = start("match", ["K3", "A3", "Q3", "J3", "T3", "93"])
    with pytest.raises(ValueError, match="未完"):
        deal_result(s)


PLACES = (0, 1, 2, 3, 4, 5)


def dian(preset: str, kaidian: list[bool], xuandian: list[bool]) -> set[tuple[int, int, int]]:
    from gouji.presets import get_preset
    from gouji.scoring import tribute_owed

    dues = tribute_owed(get_preset(preset).rules, PLACES, kaidian, [], None, xuandian)
    return {(d.giver, d.receiver, d.count) for d in dues if d.kind == "dian"}


NONE = [False] * 6


def test_dorm_dian_gong() -> None:
    """000 九「若对门2人，若有一方开点，一方不开点，则不开点一方…进给对门一张点贡」
    「若对门2人都开点则不需要进贡，若对门两人都不开点也都不需要进贡」"""
    assert dian("dorm", [True, False, False, False, False, False], NONE) == {(3, 0, 1)}
    assert dian("dorm", NONE, NONE) == set()


def test_dorm_xuandian_gong() -> None:
    """000 九「若本局游戏被宣点的一方没开点，而宣点的一方开点了，
    则下一局游戏被宣点者进2张点贡给宣点者…
    若本局游戏被宣点的人开点了，则下一局游戏宣点者给被宣点者进2张点贡」"""
    called = [True, False, False, False, False, False]  # S0 declared 宣点 against S3
    assert dian("dorm", [True, False, False, False, False, False], called) == {(3, 0, 2)}
    assert dian("dorm", NONE, called) == set()
    assert dian("dorm", [False, False, False, True, False, False], called) == {(0, 3, 2)}


def test_tribute_xuandian_table() -> None:
    """003「自己宣点对家不宣点的情况: 自己开点对家没开,对家进3张点贡;
    两家都没有开点自己进1张点贡,
    对家进2张点贡; 两方都开点自己進2张点贡; 自己没开点对家开,自己进3点贡」"""
    called = [True, False, False, False, False, False]
    both_open = [True, False, False, True, False, False]
    assert dian("tribute", [True] + [False] * 5, called) >= {(3, 0, 3)}
    assert {(0, 3, 1), (3, 0, 2)} <= dian("tribute", NONE, called)
    assert (0, 3, 2) in dian("tribute", both_open, called)
    assert (0, 3, 3) in dian("tribute", [False, False, False, True, False, False], called)


def test_jinyou_and_zaozhuang_exchange_when_neither_opens() -> None:
    """004「双方都没开点，互进一张」; 枣庄「你和对家都没开点，则互进一张点贡」"""
    for preset in ("jinyou", "zaozhuang"):
        assert {(0, 3, 1), (3, 0, 1)} <= dian(preset, NONE, NONE)
